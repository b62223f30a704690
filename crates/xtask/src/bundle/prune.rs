//! Phase 3: the compiler decides what the bundle leaves out.
//!
//! The whole program is checked by the analysis compiler (the workspace's rustc, the bundle's
//! edition, `--emit=metadata`) with `--force-warn` for `dead_code`, `unused_imports` and
//! `unused_macros`, so that no `allow` in the code hides anything. What it reports goes:
//! - `dead_code`: functions, constants, statics, structs, enums, unions, type aliases and
//!   traits, at module level or in an inherent `impl` (methods and associated items). Never a
//!   field or a variant (the type's layout and matches stay), never an item of a trait or of
//!   a trait's `impl` (a trait goes whole, with its `impl`s).
//! - `unused_imports`: rustc's own suggestion (an import out of its group, or the whole `use`).
//! - `unused_macros`; and a `#[macro_export]` macro (which rustc never reports) whose name
//!   occurs nowhere else in the bundle, so that nothing can call it.
//! - Then a module or an inherent `impl` left with no items.
//!
//! Each round removes what the last check reported, and the next check (of the smaller
//! program) both confirms it still compiles and reports what became unused; rounds go on
//! until a check reports nothing removable. A removal can break the build only in known ways:
//! an `impl` of a removed trait or type, a re-export of a removed item (both then go too, as
//! the errors say), or an item that only dead code the bundle keeps still names (a trait's
//! unused default method): the items the errors name come back, and if errors remain, the
//! round's removals are split in halves until every part that compiles is found (bisection).
//!
//! Removing what the compiler proves unused cannot change what the program does: nothing
//! reaches it. Method resolution is the one place where an unused item could matter (a trait
//! in scope whose method would win), and rustc reports a trait unused only if no method of it
//! is ever chosen; a trait goes whole, so no candidate that was chosen disappears.
//!
//! Code under a `cfg` that is false on this machine (the Windows branch Codeforces compiles)
//! is invisible to the analysis, so every name that such code contains is protected: no item,
//! import or macro of that name is removed anywhere.

use std::collections::HashSet;
use std::path::Path;

use super::items::{self, Item, ItemKind};
use super::lexer::Kind;
use super::mapped::Mapped;
use super::read::is_exported;
use super::rustc::{self, Compiler, Diagnostic, Outcome};
use super::source::Source;

/// Rounds of removals at most (each removes something; real programs need a handful).
const MAX_ROUNDS: usize = 40;
/// Error-driven repairs tried before bisecting a round's removals.
const MAX_REPAIRS: usize = 4;

/// A removal: bytes of the text (whole lines where the item fills them), and the names it
/// takes away (for telling which removal an error is about).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Removal {
    start: usize,
    end: usize,
    names: Vec<String>,
}

/// What the pruning found out, for reports.
#[derive(Debug, Default)]
pub struct Stats {
    /// Compiler runs.
    pub checks: usize,
    pub rounds: usize,
    /// Removals taken back because the program did not compile without them.
    pub restored: usize,
}

/// Prunes `text` (which must compile) until the analysis finds nothing more to remove.
pub fn prune(
    mut text: Mapped,
    analysis: &Compiler,
    hidden: &HashSet<String>,
    scratch: &Path,
    stats: &mut Stats,
    place: &dyn Fn(&Mapped, usize) -> String,
) -> Result<Mapped, String> {
    let mut outcome = checked(analysis, &text.text, scratch, stats)?;
    if !outcome.compiled {
        let what = "the whole program, inlined, does not compile";
        return Err(first_error(&outcome, what, &|at| place(&text, at)));
    }
    for _ in 0..MAX_ROUNDS {
        stats.rounds += 1;
        let index = Index::new(&text.text)?;
        let removals = index.removals(&outcome, hidden);
        if removals.is_empty() {
            break;
        }
        let (next, next_outcome) = remove(&text, removals, &index, analysis, scratch, stats)?;
        match next {
            Some(next) => {
                text = next;
                outcome = next_outcome.expect("a compiled removal has its outcome");
            }
            None => break,
        }
    }
    Ok(text)
}

fn checked(
    compiler: &Compiler,
    text: &str,
    scratch: &Path,
    stats: &mut Stats,
) -> Result<Outcome, String> {
    stats.checks += 1;
    rustc::check(compiler, text, scratch)
}

/// `what: file:line:column: error[E0000]: message`, at the first error's primary span
/// (`place` says where a byte of the text came from).
pub fn first_error(outcome: &Outcome, what: &str, place: &dyn Fn(usize) -> String) -> String {
    let Some(error) = outcome.errors().next() else {
        return what.to_string();
    };
    let place = error.spans.iter().find(|s| s.primary).map(|s| place(s.start)).unwrap_or_default();
    let code = error.code.as_deref().map(|c| format!("[{c}]")).unwrap_or_default();
    format!("{what}: {place}error{code}: {}", error.message)
}

/// Applies `removals` to `base` and checks the result, repairing or bisecting when it does not
/// compile. The new text and its check, or `None` if nothing could go.
fn remove(
    base: &Mapped,
    removals: Vec<Removal>,
    index: &Index,
    analysis: &Compiler,
    scratch: &Path,
    stats: &mut Stats,
) -> Result<(Option<Mapped>, Option<Outcome>), String> {
    let mut set = removals.clone();
    for _ in 0..MAX_REPAIRS {
        let attempt = applied(base, &set);
        let outcome = checked(analysis, &attempt.text, scratch, stats)?;
        if outcome.compiled {
            return Ok((Some(attempt), Some(outcome)));
        }
        if !repair(&mut set, &outcome, index) {
            break;
        }
    }
    // Bisection: every part of the round's removals that compiles with the parts kept so far.
    let mut kept: Vec<Removal> = Vec::new();
    let mut last: Option<(Mapped, Outcome)> = None;
    let mut parts = vec![removals];
    while let Some(part) = parts.pop() {
        let mut trial = kept.clone();
        trial.extend(part.iter().cloned());
        let attempt = applied(base, &trial);
        let outcome = checked(analysis, &attempt.text, scratch, stats)?;
        if outcome.compiled {
            kept = trial;
            last = Some((attempt, outcome));
        } else if part.len() > 1 {
            let (left, right) = part.split_at(part.len() / 2);
            parts.push(right.to_vec());
            parts.push(left.to_vec());
        } else {
            stats.restored += 1;
        }
    }
    Ok(match last {
        Some((text, outcome)) => (Some(text), Some(outcome)),
        None => (None, None),
    })
}

/// `base` with `removals` applied (nested ones fold into the outer one).
fn applied(base: &Mapped, removals: &[Removal]) -> Mapped {
    let mut text = base.clone();
    text.apply(disjoint(removals).into_iter().map(|(s, e)| (s, e, String::new())).collect());
    text
}

/// The byte ranges of `removals`, sorted, with ranges inside others (or overlapping them)
/// merged away.
fn disjoint(removals: &[Removal]) -> Vec<(usize, usize)> {
    let mut ranges: Vec<(usize, usize)> = removals.iter().map(|r| (r.start, r.end)).collect();
    ranges.sort_by_key(|&(s, e)| (s, std::cmp::Reverse(e)));
    let mut out: Vec<(usize, usize)> = Vec::new();
    for (s, e) in ranges {
        match out.last_mut() {
            Some(last) if s < last.1 => last.1 = last.1.max(e),
            _ => out.push((s, e)),
        }
    }
    out
}

/// Offset `at` of `base` with `removals` applied, back in `base`'s offsets.
fn to_base(at: usize, removals: &[Removal]) -> usize {
    let mut offset = at;
    for (s, e) in disjoint(removals) {
        if s <= offset {
            offset += e - s;
        } else {
            break;
        }
    }
    offset
}

/// Reads the errors of a failed attempt: an `impl` (or an import) that names a removed item
/// goes too; an item an error names comes back. True if the set changed.
fn repair(set: &mut Vec<Removal>, outcome: &Outcome, index: &Index) -> bool {
    let removed: HashSet<String> = set.iter().flat_map(|r| r.names.iter().cloned()).collect();
    let mut extra = Vec::new();
    let mut restore = HashSet::new();
    for error in outcome.errors() {
        let names = backticked(&error.message);
        let about_removed = names.iter().any(|n| removed.contains(n.as_str()));
        let Some(span) = error.spans.iter().find(|s| s.primary && s.in_input) else {
            restore.extend(names);
            continue;
        };
        let at = to_base(span.start, set);
        if about_removed {
            if let Some(removal) = index.impl_header_at(at).or_else(|| index.import_at(at)) {
                if !set.contains(&removal) && !extra.contains(&removal) {
                    extra.push(removal);
                }
                continue;
            }
        }
        restore.extend(names);
    }
    let before = set.len();
    set.retain(|r| !r.names.iter().any(|n| restore.contains(n)));
    let restored = set.len() != before;
    let added = !extra.is_empty();
    set.extend(extra);
    restored || added
}

/// The names between backticks in a compiler message (``cannot find type `Foo` ``), each
/// path's last segment included.
fn backticked(message: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (k, part) in message.split('`').enumerate() {
        if k % 2 == 1 {
            names.push(part.to_string());
            if let Some(last) = part.rsplit("::").next() {
                names.push(last.trim_end_matches(['!', '(', ')']).to_string());
            }
        }
    }
    names
}

/// Where a removable item's name is, and what removing it takes.
#[derive(Debug)]
struct Entry {
    /// The byte range of its name token.
    name_at: (usize, usize),
    name: String,
    kind: ItemKind,
    /// What holds it.
    container: Container,
    /// Its bytes, whole lines where it fills them.
    range: (usize, usize),
    /// Its header's bytes (to its body's `{` or its end).
    header: (usize, usize),
    /// The token range of the item (for `use` items and macros).
    tokens: (usize, usize),
    /// `#[macro_export]` on a `macro_rules!`.
    exported: bool,
    /// Index of its container entry (for modules and impls), if any.
    parent: Option<usize>,
    /// What its body is, for a module, an `impl` or a trait.
    holds: Option<Container>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Container {
    Module,
    InherentImpl,
    TraitImpl,
    Trait,
}

/// The items of the bundle's text: modules and the insides of `impl` and `trait` blocks.
struct Index {
    src: Source,
    entries: Vec<Entry>,
}

impl Index {
    fn new(text: &str) -> Result<Index, String> {
        let src = Source::new("the bundle".to_string(), text.to_string())?;
        let mut index = Index { src, entries: Vec::new() };
        let hi = index.src.tokens.len();
        index.walk(0, hi, Container::Module, None)?;
        Ok(index)
    }

    fn walk(
        &mut self,
        lo: usize,
        hi: usize,
        container: Container,
        parent: Option<usize>,
    ) -> Result<(), String> {
        for item in items::split(&self.src, lo, hi)? {
            let k = self.entries.len();
            let holds = match (item.kind, item.body) {
                (_, None) => None,
                (ItemKind::Mod, _) => Some(Container::Module),
                (ItemKind::Trait, _) => Some(Container::Trait),
                (ItemKind::Impl, _) if self.is_trait_impl(&item) => Some(Container::TraitImpl),
                (ItemKind::Impl, _) => Some(Container::InherentImpl),
                _ => None,
            };
            let entry = self.entry(&item, container, parent, holds);
            self.entries.push(entry);
            if let (Some(inner), Some((open, close))) = (holds, item.body) {
                self.walk(open + 1, close, inner, Some(k))?;
            }
        }
        Ok(())
    }

    fn entry(
        &self,
        item: &Item,
        container: Container,
        parent: Option<usize>,
        holds: Option<Container>,
    ) -> Entry {
        let src = &self.src;
        let hi = src.tokens.len();
        let name_token = match item.kind {
            ItemKind::MacroRules => src.next_code(src.next_code(item.keyword + 1, hi) + 1, hi),
            ItemKind::Other if matches!(src.text(item.keyword), "const" | "static") => {
                let at = src.next_code(item.keyword + 1, hi);
                if src.is_kw(at, "mut") {
                    src.next_code(at + 1, hi)
                } else {
                    at
                }
            }
            ItemKind::Fn | ItemKind::Trait | ItemKind::Other | ItemKind::Mod => {
                src.next_code(item.keyword + 1, hi)
            }
            _ => usize::MAX,
        };
        let name_at = match src.tokens.get(name_token) {
            Some(t) if t.kind == Kind::Ident => (t.start, t.end),
            _ => (usize::MAX, usize::MAX),
        };
        let header_end = item.body.map_or(item.end, |(open, _)| open);
        Entry {
            name_at,
            name: item.names.first().cloned().unwrap_or_default(),
            kind: item.kind,
            container,
            range: super::inline::line_span(
                &src.text,
                src.tokens[item.lead].start,
                src.tokens[item.end - 1].end,
            ),
            header: (src.tokens[item.keyword].start, src.tokens[header_end.min(hi - 1)].start),
            tokens: (item.keyword, item.end),
            exported: item.kind == ItemKind::MacroRules && is_exported(src, item),
            parent,
            holds,
        }
    }

    /// `impl Trait for Type`: a `for` at the header's top level (not `for<'a>` in a bound).
    fn is_trait_impl(&self, item: &Item) -> bool {
        let src = &self.src;
        let Some((open, _)) = item.body else { return false };
        let mut i = item.keyword + 1;
        while i < open {
            if src.is_kw(i, "for") && !src.is_punct(src.next_code(i + 1, open), "<") {
                return true;
            }
            if src.is_kw(i, "where") {
                return false;
            }
            i = match src.partner[i] {
                p if p != usize::MAX && p > i => p + 1,
                _ => i + 1,
            };
        }
        false
    }

    fn removal(&self, k: usize) -> Removal {
        let e = &self.entries[k];
        Removal { start: e.range.0, end: e.range.1, names: vec![e.name.clone()] }
    }

    /// What the analysis reported (and the rules beyond it) allow removing now.
    fn removals(&self, outcome: &Outcome, hidden: &HashSet<String>) -> Vec<Removal> {
        let mut out = Vec::new();
        for d in &outcome.diagnostics {
            match d.code.as_deref() {
                Some("dead_code") => {
                    for span in d.spans.iter().filter(|s| s.primary && s.in_input) {
                        let Some(k) = self.named_at(span.start, span.end) else { continue };
                        let e = &self.entries[k];
                        let kind_ok =
                            matches!(e.kind, ItemKind::Fn | ItemKind::Trait | ItemKind::Other);
                        let place_ok =
                            matches!(e.container, Container::Module | Container::InherentImpl);
                        if kind_ok && place_ok && !hidden.contains(&e.name) {
                            out.push(self.removal(k));
                        }
                    }
                }
                Some("unused_macros") => {
                    for span in d.spans.iter().filter(|s| s.primary && s.in_input) {
                        let k = self.named_at(span.start, span.end).or_else(|| {
                            self.entries.iter().position(|e| {
                                e.kind == ItemKind::MacroRules
                                    && e.range.0 <= span.start
                                    && span.end <= e.range.1
                            })
                        });
                        if let Some(k) = k.filter(|&k| !hidden.contains(&self.entries[k].name)) {
                            out.push(self.removal(k));
                        }
                    }
                }
                Some("unused_imports") => out.extend(self.import_removal(d, hidden)),
                _ => {}
            }
        }
        out.extend(self.unreachable_exported_macros(hidden));
        self.with_emptied_containers(out)
    }

    /// The entry whose name token is exactly bytes `start..end`.
    fn named_at(&self, start: usize, end: usize) -> Option<usize> {
        self.entries.iter().position(|e| e.name_at == (start, end))
    }

    /// An unused-imports diagnostic as removals: rustc's suggested deletions, unless an
    /// import it names is protected.
    fn import_removal(&self, d: &Diagnostic, hidden: &HashSet<String>) -> Vec<Removal> {
        let mut names = Vec::new();
        for span in d.spans.iter().filter(|s| s.primary && s.in_input) {
            let text = &self.src.text[span.start..span.end];
            let last =
                text.rsplit(|c: char| !(c.is_alphanumeric() || c == '_')).find(|w| !w.is_empty());
            names.extend(last.map(String::from));
        }
        if names.iter().any(|n| hidden.contains(n)) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for child in &d.children {
            for span in &child.spans {
                if span.replacement.as_deref() == Some("") && span.in_input {
                    let (start, end) =
                        super::inline::line_span(&self.src.text, span.start, span.end);
                    out.push(Removal { start, end, names: names.clone() });
                }
            }
        }
        out
    }

    /// `#[macro_export]` macros whose name no other token of the bundle holds: nothing can
    /// call them (a macro is only ever called by a token of its name).
    fn unreachable_exported_macros(&self, hidden: &HashSet<String>) -> Vec<Removal> {
        let mut out = Vec::new();
        for (k, e) in self.entries.iter().enumerate() {
            if !e.exported || hidden.contains(&e.name) {
                continue;
            }
            let (lo, hi) = e.tokens;
            let named = (0..self.src.tokens.len())
                .filter(|&i| i < lo || i >= hi)
                .any(|i| self.src.ident(i) == Some(e.name.as_str()));
            if !named {
                out.push(self.removal(k));
            }
        }
        out
    }

    /// `removals` plus every module and inherent `impl` that they leave without items.
    fn with_emptied_containers(&self, mut removals: Vec<Removal>) -> Vec<Removal> {
        loop {
            let ranges = disjoint(&removals);
            let covered =
                |e: &Entry| ranges.iter().any(|&(s, end)| s <= e.range.0 && e.range.1 <= end);
            let mut added = false;
            for (k, e) in self.entries.iter().enumerate() {
                let container =
                    matches!(e.holds, Some(Container::Module | Container::InherentImpl));
                if !container || covered(e) {
                    continue;
                }
                let children: Vec<&Entry> =
                    self.entries.iter().filter(|c| c.parent == Some(k)).collect();
                let empty = children.iter().all(|c| c.kind == ItemKind::Inner || covered(c));
                if empty {
                    removals.push(self.removal(k));
                    added = true;
                }
            }
            if !added {
                return removals;
            }
        }
    }

    /// The `impl` whose header holds byte `at` (an `impl` of a removed trait or type).
    fn impl_header_at(&self, at: usize) -> Option<Removal> {
        let k = self
            .entries
            .iter()
            .position(|e| e.kind == ItemKind::Impl && e.header.0 <= at && at < e.header.1)?;
        Some(self.removal(k))
    }

    /// The import that byte `at` lies in, as a removal of its group element (or of the whole
    /// `use` when it is the only import).
    fn import_at(&self, at: usize) -> Option<Removal> {
        let src = &self.src;
        let k = self
            .entries
            .iter()
            .position(|e| e.kind == ItemKind::Use && e.range.0 <= at && at < e.range.1)?;
        let (lo, hi) = self.entries[k].tokens;
        // The innermost group around `at` with another element: remove the element there.
        let mut best: Option<(usize, usize)> = None;
        for open in lo..hi {
            if !src.is_punct(open, "{") {
                continue;
            }
            let elements = items::group_elements(src, open);
            if elements.len() < 2 {
                continue;
            }
            for (start, end) in elements {
                let (s, e) = (src.tokens[start].start, src.tokens[end.min(hi) - 1].end);
                if s <= at && at < e {
                    let tighter = best.map_or(true, |(bs, be)| be - bs > e - s);
                    if tighter {
                        best = Some((s, e));
                    }
                }
            }
        }
        let name = self.entries[k].name.clone();
        Some(match best {
            Some((start, end)) => Removal { start, end, names: vec![name] },
            None => self.removal(k),
        })
    }
}

/// The names that code under a `cfg` false on this machine holds (identifiers of the item or
/// the statement the attribute is on), given this machine's cfg options (`host`: `unix`,
/// `target_os="linux"`, ... as `rustc --print cfg` prints them).
pub fn hidden_names(text: &str, host: &HashSet<String>) -> Result<HashSet<String>, String> {
    let src = Source::new("the bundle".to_string(), text.to_string())?;
    let option = |name: &str, value: Option<&str>| -> Option<bool> {
        Some(match value {
            Some(v) => host.contains(&format!("{name}=\"{v}\"")),
            None => host.contains(name),
        })
    };
    let mut names = HashSet::new();
    let all = src.tokens.len();
    for i in 0..all {
        if !src.is_punct(i, "#") {
            continue;
        }
        let Some((name, name_at)) = items::attr_name(&src, i) else { continue };
        if name != "cfg" || items::cfg_value(&src, name_at, &option)? != Some(false) {
            continue;
        }
        let open = src.next_code(i + 1, all);
        let inner = src.is_punct(open, "!");
        let close = src.partner[if inner { src.next_code(open + 1, all) } else { open }];
        let (lo, hi) = if inner {
            // `#![cfg(..)]` hides its whole enclosing module or block.
            match src.enclosing_brace(i) {
                Some(open) => (open, src.partner[open]),
                None => (0, all),
            }
        } else {
            (close + 1, target_end(&src, close + 1, all))
        };
        for j in lo..hi {
            names.extend(src.ident(j).map(String::from));
        }
    }
    Ok(names)
}

/// The end of what an outer attribute ending before token `i` applies to: an item, or a
/// statement, expression, field or arm up to its `;` or `,` (or the end of its group).
fn target_end(src: &Source, i: usize, all: usize) -> usize {
    let mut j = i;
    // Further attributes first.
    while src.is_punct(j, "#") {
        let open = src.next_code(j + 1, all);
        if !src.is_punct(open, "[") {
            break;
        }
        j = src.partner[open] + 1;
    }
    if let Ok(Some(item)) = items::next_item(src, j, scope_end(src, j, all)) {
        return item.end;
    }
    let mut k = j;
    while k < all {
        if src.is_punct(k, ";") || src.is_punct(k, ",") {
            return k + 1;
        }
        match src.partner[k] {
            p if p != usize::MAX && p > k => k = p + 1,
            p if p != usize::MAX => return k, // the enclosing group closes
            _ => k += 1,
        }
    }
    all
}

/// The end of the group that token `i` is in (the index of its closing delimiter).
fn scope_end(src: &Source, i: usize, all: usize) -> usize {
    let mut k = i;
    while k < all {
        match src.partner[k] {
            p if p != usize::MAX && p > k => k = p + 1,
            p if p != usize::MAX => return k,
            _ => k += 1,
        }
    }
    all
}
