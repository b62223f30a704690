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
//!   is nowhere else called (`name!`) or imported (in a `use`), so that nothing can call it.
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

use std::collections::{HashMap, HashSet};
use std::path::Path;

use super::expand;
use super::items::{self, Item, ItemKind};
use super::lexer::Kind;
use super::mapped::Mapped;
use super::read::is_exported;
use super::rustc::{self, Compiler, Diagnostic, Outcome};
use super::source::Source;

/// Rounds of removals at most (each removes something; real programs need a handful).
const MAX_ROUNDS: usize = 40;
/// Error-driven repairs tried before bisecting a round's removals.
const MAX_REPAIRS: usize = 12;

/// A removal: bytes of the text (whole lines where the item fills them), and the names it
/// takes away (for telling which removal an error is about).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Removal {
    start: usize,
    end: usize,
    names: Vec<String>,
    /// For a trait: the names of its items (an error naming one asks for the trait back).
    members: Vec<String>,
    /// For what a repair adds (an `impl` of a removed trait): the removed names it goes for.
    because: Vec<String>,
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
    hidden: &Hidden,
    scratch: &Path,
    stats: &mut Stats,
    place: &dyn Fn(&Mapped, usize) -> String,
) -> Result<Mapped, String> {
    let mut outcome = checked(analysis, &text.text, scratch, stats)?;
    if !outcome.compiled {
        let what = "the whole program, inlined, does not compile";
        return Err(first_error(&outcome, what, &|at| place(&text, at)));
    }
    // Whether the last round tried rustc's reports and nothing of them could go.
    let mut stuck = false;
    for _ in 0..MAX_ROUNDS {
        stats.rounds += 1;
        let index = Index::new(&text.text)?;
        let reported = if stuck { Vec::new() } else { index.removals(&outcome, hidden) };
        let speculative = reported.is_empty();
        // rustc keeps a type alive through its trait impls: once its reports are done, try
        // the types nothing else names.
        let removals = if speculative { index.unreachable_types(hidden) } else { reported };
        if removals.is_empty() {
            break;
        }
        match remove(&text, removals, &index, analysis, scratch, stats)? {
            Some((next, next_outcome)) if next.text != text.text => {
                text = next;
                outcome = next_outcome;
                stuck = false;
            }
            _ if speculative => break,
            _ => stuck = true,
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
) -> Result<Option<(Mapped, Outcome)>, String> {
    let mut set = removals.clone();
    let trace = std::env::var_os("XTASK_BUNDLE_TRACE").is_some();
    for _ in 0..MAX_REPAIRS {
        if trace {
            let names: Vec<&str> =
                set.iter().flat_map(|r| r.names.iter().map(String::as_str)).collect();
            eprintln!("trace: removing {}: {}", set.len(), names.join(" "));
        }
        let attempt = applied(base, &set);
        let outcome = checked(analysis, &attempt.text, scratch, stats)?;
        if outcome.compiled {
            return Ok(Some((attempt, outcome)));
        }
        if trace {
            for e in outcome.diagnostics.iter().filter(|d| d.level == "error").take(12) {
                let span = e.spans.iter().find(|s| s.primary);
                eprintln!(
                    "trace:   error {:?} {} at {:?} in_input {:?} call_site {:?}",
                    e.code,
                    e.message,
                    span.map(|s| s.start),
                    span.map(|s| s.in_input),
                    span.and_then(|s| s.call_site)
                );
            }
        }
        if !repair(&mut set, &outcome, index) || set.is_empty() {
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
    Ok(last)
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
/// goes too; an item that any other error names comes back (errors inside what now goes are
/// moot). True if the set changed.
fn repair(set: &mut Vec<Removal>, outcome: &Outcome, index: &Index) -> bool {
    let removed: HashSet<String> = set.iter().flat_map(|r| r.names.iter().cloned()).collect();
    let mut extra: Vec<Removal> = Vec::new();
    let mut others = Vec::new();
    for error in outcome.errors() {
        let names = backticked(&error.message);
        let about_removed = names.iter().any(|n| removed.contains(n.as_str()));
        let primary = error.spans.iter().find(|s| s.primary);
        let at = primary.filter(|s| s.in_input).map(|s| to_base(s.start, set));
        let call_site = primary.and_then(|s| s.call_site).map(|c| to_base(c, set));
        let removal = match (at, call_site) {
            _ if !about_removed => None,
            (Some(at), _) => index
                .impl_header_at(at)
                .or_else(|| index.import_at(at))
                .or_else(|| index.macro_call_at(at, &removed)),
            // In what an item-position macro call expands to: the call goes if all it can
            // expand to is `impl`s of removed items.
            (None, Some(site)) => index.macro_call_at(site, &removed),
            (None, None) => None,
        };
        if let Some(mut removal) = removal {
            removal.because =
                names.iter().filter(|n| removed.contains(n.as_str())).cloned().collect();
            if !set.iter().chain(&extra).any(|r| (r.start, r.end) == (removal.start, removal.end)) {
                extra.push(removal);
            }
            continue;
        }
        others.push((at.or(call_site), names));
    }
    let mut restore = HashSet::new();
    for (at, names) in others {
        let moot = at.is_some_and(|at| extra.iter().any(|r| r.start <= at && at < r.end));
        if !moot {
            restore.extend(names);
        }
    }
    let before = set.len();
    set.retain(|r| !r.names.iter().chain(&r.members).any(|n| restore.contains(n)));
    // What a repair added for a removal now taken back goes back too.
    let still: HashSet<String> =
        set.iter().filter(|r| r.because.is_empty()).flat_map(|r| r.names.iter().cloned()).collect();
    set.retain(|r| r.because.is_empty() || r.because.iter().any(|b| still.contains(b)));
    let restored = set.len() != before;
    let added = !extra.is_empty();
    set.extend(extra);
    restored || added
}

/// The identifiers between backticks in a compiler message (``cannot find type `Foo` ``,
/// `` `DynamicModInt<I>` ``, `` `crate::m::Bar` ``).
fn backticked(message: &str) -> Vec<String> {
    let mut names = Vec::new();
    for part in message.split('`').skip(1).step_by(2) {
        names.extend(
            part.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .filter(|w| w.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_'))
                .map(String::from),
        );
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
    /// For an `impl`: the bytes of its trait and type (after its generics, before any
    /// `where`): an `impl` that names a removed item there is of no use.
    core: (usize, usize),
    /// For an item-position macro call: the macro's name.
    macro_name: String,
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
        let core = if item.kind == ItemKind::Impl { self.impl_core(item) } else { (0, 0) };
        let macro_name = match item.kind {
            ItemKind::MacroCall => {
                let bang = (item.keyword..item.end)
                    .find(|&i| src.is_punct(i, "!"))
                    .unwrap_or(item.keyword);
                src.prev_code(bang).and_then(|i| src.ident(i)).unwrap_or_default().to_string()
            }
            _ => String::new(),
        };
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
            core,
            macro_name,
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
        let members = if e.kind == ItemKind::Trait {
            self.entries.iter().filter(|m| m.parent == Some(k)).map(|m| m.name.clone()).collect()
        } else {
            Vec::new()
        };
        Removal {
            start: e.range.0,
            end: e.range.1,
            names: vec![e.name.clone()],
            members,
            because: Vec::new(),
        }
    }

    /// What the analysis reported (and the rules beyond it) allow removing now.
    fn removals(&self, outcome: &Outcome, hidden: &Hidden) -> Vec<Removal> {
        let mut out = Vec::new();
        // Items that macro calls make and rustc reports unused: (the call, the item's name).
        let mut made_dead: Vec<(usize, String)> = Vec::new();
        for d in &outcome.diagnostics {
            match d.code.as_deref() {
                Some("dead_code") => {
                    for span in d.spans.iter().filter(|s| s.primary && s.in_input) {
                        let Some(k) = self.named_at(span.start, span.end) else {
                            // An item a macro call makes, named in the call's arguments.
                            if let Some(call) = self.macro_call_around(span.start) {
                                let name = self.src.text[span.start..span.end].to_string();
                                made_dead.push((call, name));
                            }
                            continue;
                        };
                        let e = &self.entries[k];
                        let kind_ok =
                            matches!(e.kind, ItemKind::Fn | ItemKind::Trait | ItemKind::Other);
                        let place_ok =
                            matches!(e.container, Container::Module | Container::InherentImpl);
                        if kind_ok && place_ok && !hidden.keeps(&e.name) {
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
                        if let Some(k) = k.filter(|&k| !hidden.keeps_macro(&self.entries[k].name)) {
                            out.push(self.removal(k));
                        }
                    }
                }
                Some("unused_imports") => out.extend(self.import_removal(d, hidden)),
                _ => {}
            }
        }
        out.extend(self.silent_unnamed_items(hidden));
        out.extend(self.dead_macro_calls(&made_dead, &out, hidden));
        self.with_emptied_containers(out)
    }

    /// The item-position macro call whose bytes hold `at`, if any.
    fn macro_call_around(&self, at: usize) -> Option<usize> {
        self.entries
            .iter()
            .position(|e| e.kind == ItemKind::MacroCall && e.range.0 <= at && at < e.range.1)
    }

    /// Macro calls all of whose items are reported unused (`made_dead`), or are `impl`s whose
    /// trait or type is one of those or of what `removals` takes: the call goes whole.
    fn dead_macro_calls(
        &self,
        made_dead: &[(usize, String)],
        removals: &[Removal],
        hidden: &Hidden,
    ) -> Vec<Removal> {
        let mut calls: Vec<usize> = made_dead.iter().map(|(k, _)| *k).collect();
        calls.sort_unstable();
        calls.dedup();
        let macros = self.macro_definitions();
        let mut out = Vec::new();
        for k in calls {
            let dead: HashSet<&str> = made_dead
                .iter()
                .filter(|(c, _)| *c == k)
                .map(|(_, n)| n.as_str())
                .chain(removals.iter().flat_map(|r| r.names.iter().map(String::as_str)))
                .collect();
            let Some(expansion) = self.expand_call(k, &macros) else { continue };
            let mut names = Vec::new();
            let all_dead = expansion.iter().all(|item_src| {
                let Ok(Some(item)) = items::next_item(item_src, 0, item_src.tokens.len()) else {
                    return false;
                };
                match item.kind {
                    ItemKind::Impl => {
                        let (a, b) = impl_core(item_src, item.keyword, item.end);
                        (a..b).any(|j| item_src.ident(j).is_some_and(|n| dead.contains(n)))
                    }
                    ItemKind::Fn | ItemKind::Other | ItemKind::Trait => {
                        item.names.iter().all(|n| {
                            names.push(n.clone());
                            dead.contains(n.as_str()) && !hidden.keeps(n)
                        })
                    }
                    _ => false,
                }
            });
            if all_dead && !expansion.is_empty() {
                out.push(Removal { names, ..self.removal(k) });
            }
        }
        out
    }

    /// Types and traits that nothing reachable can name, with the `impl`s (and the macro
    /// calls that only make such `impl`s) that go with them.
    ///
    /// rustc calls a type used as soon as one of its trait impls may be, so a library's
    /// modint stays alive through its `impl Add for ModInt` alone. A type nobody names can
    /// have no value, though: every value comes from code that names its type. So a set of
    /// types and traits can go together when every occurrence of their names is in one of
    /// them, in an import, in a macro definition, or in an `impl` for one of the types (an
    /// `impl` that a macro call makes counts, as [`expand`] sees the call), and when every
    /// `impl` of each trait is for one of the types (so no method call on anything else can
    /// have chosen it). Names defined twice in the bundle, or in code this machine does not
    /// compile, are never candidates. Whatever goes must still compile.
    fn unreachable_types(&self, hidden: &Hidden) -> Vec<Removal> {
        let src = &self.src;
        let macros = self.macro_definitions();
        // Every `impl`, written or made by a macro call: (its entry, the identifiers of its
        // trait, those of its type). What each macro call makes, when that is only types
        // and `impl`s: the names of the types; other calls are opaque.
        let mut impls: Vec<(usize, Vec<String>, Vec<String>)> = Vec::new();
        let mut made: HashMap<usize, Vec<String>> = HashMap::new();
        let mut opaque: Vec<usize> = Vec::new();
        for (k, e) in self.entries.iter().enumerate() {
            match e.kind {
                ItemKind::Impl => {
                    let (t, ty) = impl_parts(src, e.tokens.0, e.tokens.1);
                    impls.push((k, t, ty));
                }
                ItemKind::MacroCall => {
                    let Some(expansion) = self.expand_call(k, &macros) else {
                        opaque.push(k);
                        continue;
                    };
                    let mut types = Vec::new();
                    let mut known = true;
                    for item_src in &expansion {
                        match items::next_item(item_src, 0, item_src.tokens.len()) {
                            Ok(Some(item)) if item.kind == ItemKind::Impl => {
                                let (t, ty) = impl_parts(item_src, item.keyword, item.end);
                                impls.push((k, t, ty));
                            }
                            Ok(Some(item)) if is_type_keyword(item_src.text(item.keyword)) => {
                                types.extend(item.names)
                            }
                            _ => known = false,
                        }
                    }
                    if known {
                        made.insert(k, types);
                    } else {
                        opaque.push(k);
                    }
                }
                _ => {}
            }
        }
        let mut defined: HashMap<&str, usize> = HashMap::new();
        for name in self
            .entries
            .iter()
            .map(|e| e.name.as_str())
            .chain(made.values().flatten().map(String::as_str))
        {
            if !name.is_empty() {
                *defined.entry(name).or_default() += 1;
            }
        }
        let fit = |name: &str| defined.get(name) == Some(&1) && !hidden.keeps(name);
        // Candidates: (entry, the names it defines, whether it is a trait).
        let mut candidates: Vec<(usize, Vec<String>, bool)> = Vec::new();
        for (k, e) in self.entries.iter().enumerate() {
            let is_type = e.kind == ItemKind::Other && is_type_keyword(src.text(e.tokens.0));
            if (is_type || e.kind == ItemKind::Trait)
                && e.container == Container::Module
                && fit(&e.name)
            {
                candidates.push((k, vec![e.name.clone()], e.kind == ItemKind::Trait));
            }
        }
        for (&k, types) in &made {
            if !types.is_empty() && types.iter().all(|n| fit(n)) {
                candidates.push((k, types.clone(), false));
            }
        }
        let mut positions: HashMap<&str, Vec<usize>> = HashMap::new();
        for (i, token) in src.tokens.iter().enumerate() {
            if token.kind == Kind::Ident {
                positions.entry(src.text(i)).or_default().push(token.start);
            }
        }
        loop {
            let types: HashSet<String> =
                candidates.iter().filter(|c| !c.2).flat_map(|c| c.1.iter().cloned()).collect();
            let dead_impl = |ty: &[String]| ty.iter().any(|n| types.contains(n));
            // A macro call goes only whole: when every `impl` it makes is dead.
            let mut live_calls: HashSet<usize> = opaque.iter().copied().collect();
            for (k, _, ty) in &impls {
                if !dead_impl(ty) && self.entries[*k].kind == ItemKind::MacroCall {
                    live_calls.insert(*k);
                }
            }
            let mut gone: HashSet<usize> = HashSet::new();
            for (k, _, ty) in &impls {
                if dead_impl(ty) && !live_calls.contains(k) {
                    gone.insert(*k);
                }
            }
            gone.extend(candidates.iter().map(|c| c.0).filter(|k| !live_calls.contains(k)));
            let exempt = |at: usize| -> bool {
                self.entries.iter().enumerate().any(|(o, entry)| {
                    entry.range.0 <= at
                        && at < entry.range.1
                        && (gone.contains(&o)
                            || matches!(entry.kind, ItemKind::Use | ItemKind::MacroRules))
                })
            };
            let before = candidates.len();
            candidates.retain(|(k, names, is_trait)| {
                let named_only_there = names.iter().all(|name| {
                    positions
                        .get(name.as_str())
                        .map_or(true, |uses| uses.iter().all(|&at| exempt(at)))
                });
                let impls_dead = !is_trait
                    || names.iter().all(|name| {
                        impls.iter().all(|(_, t, ty)| !t.contains(name) || dead_impl(ty))
                            && opaque.iter().all(|&c| !self.call_mentions(c, name, &macros))
                    });
                gone.contains(k) && named_only_there && impls_dead
            });
            if candidates.len() == before {
                if std::env::var_os("XTASK_BUNDLE_TRACE").is_some() {
                    let names: Vec<&String> = candidates.iter().flat_map(|c| &c.1).collect();
                    eprintln!("trace: unreachable: {names:?}");
                }
                if candidates.is_empty() {
                    return Vec::new();
                }
                let mut out: Vec<Removal> = gone
                    .into_iter()
                    .map(|k| {
                        let names = candidates.iter().find(|c| c.0 == k).map(|c| c.1.clone());
                        let removal = self.removal(k);
                        Removal { names: names.unwrap_or(removal.names.clone()), ..removal }
                    })
                    .collect();
                out.sort_by_key(|r| r.start);
                return out;
            }
        }
    }

    /// The bundle's `macro_rules!` definitions by name (a name defined twice: none).
    fn macro_definitions(&self) -> HashMap<String, expand::Definition<'_>> {
        let mut macros = HashMap::new();
        let mut ambiguous = HashSet::new();
        for e in self.entries.iter().filter(|e| e.kind == ItemKind::MacroRules) {
            if let Some(def) = expand::Definition::new(&self.src, e.tokens.0) {
                if macros.insert(e.name.clone(), def).is_some() {
                    ambiguous.insert(e.name.clone());
                }
            }
        }
        macros.retain(|name, _| !ambiguous.contains(name));
        macros
    }

    /// What the item-position macro call `k` expands to, item by item.
    fn expand_call(
        &self,
        k: usize,
        macros: &HashMap<String, expand::Definition>,
    ) -> Option<Vec<Source>> {
        let src = &self.src;
        let (lo, hi) = self.entries[k].tokens;
        let bang = (lo..hi).find(|&i| src.is_punct(i, "!"))?;
        let open = src.next_code(bang + 1, hi);
        let close = *src.partner.get(open)?;
        expand::expand_items(src, (open + 1, close), &self.entries[k].macro_name, macros)
    }

    /// Whether macro call `k`, or the definition of its macro, holds the identifier `name`.
    fn call_mentions(
        &self,
        k: usize,
        name: &str,
        macros: &HashMap<String, expand::Definition>,
    ) -> bool {
        let e = &self.entries[k];
        if self.names_in(e.range, name) {
            return true;
        }
        // A macro the bundle does not define is std's (`thread_local!`): it makes no `impl`s.
        macros.get(&e.macro_name).is_some_and(|def| {
            def.rules.iter().any(|&(_, (lo, hi))| (lo..hi).any(|i| def.src.ident(i) == Some(name)))
        })
    }

    /// Whether the identifier `name` occurs in bytes `range`.
    fn names_in(&self, range: (usize, usize), name: &str) -> bool {
        let src = &self.src;
        src.tokens.iter().enumerate().any(|(i, t)| {
            range.0 <= t.start && t.end <= range.1 && t.kind == Kind::Ident && src.text(i) == name
        })
    }

    /// The entry whose name token is exactly bytes `start..end`.
    fn named_at(&self, start: usize, end: usize) -> Option<usize> {
        self.entries.iter().position(|e| e.name_at == (start, end))
    }

    /// An unused-imports diagnostic as removals: rustc's suggested deletions, unless an
    /// import it names is protected.
    fn import_removal(&self, d: &Diagnostic, hidden: &Hidden) -> Vec<Removal> {
        let mut leaves = Vec::new();
        for span in d.spans.iter().filter(|s| s.primary && s.in_input) {
            let text = &self.src.text[span.start..span.end];
            let last =
                text.rsplit(|c: char| !(c.is_alphanumeric() || c == '_')).find(|w| !w.is_empty());
            leaves.push((span.start, last.unwrap_or_default().to_string()));
        }
        let names: Vec<String> = leaves.iter().map(|(_, name)| name.clone()).collect();
        if names.iter().any(|n| hidden.keeps(n)) {
            // Some imports are protected: the others go one by one.
            return leaves
                .into_iter()
                .filter(|(_, name)| !hidden.keeps(name))
                .filter_map(|(at, name)| {
                    self.import_at(at).map(|r| Removal { names: vec![name], ..r })
                })
                .filter(|r| !r.names.is_empty())
                .collect();
        }
        let mut out = Vec::new();
        for child in &d.children {
            for span in &child.spans {
                if span.replacement.as_deref() == Some("") && span.in_input {
                    let (start, end) =
                        super::inline::line_span(&self.src.text, span.start, span.end);
                    out.push(Removal {
                        start,
                        end,
                        names: names.clone(),
                        members: Vec::new(),
                        because: Vec::new(),
                    });
                }
            }
        }
        out
    }

    /// Items that rustc never reports, `#[macro_export]` macros and items whose name starts
    /// with `_`, when no token outside the items of that name holds the name: an item is only
    /// ever reached by a token of its name (a path, a method call). A macro is only reached by
    /// a call (its name, then `!`) or by a `use` of its name, so a variable named like it
    /// (`input` beside `input!`) keeps nothing.
    fn silent_unnamed_items(&self, hidden: &Hidden) -> Vec<Removal> {
        let silent = |e: &Entry| {
            e.exported
                || (e.name.len() > 1
                    && e.name.starts_with('_')
                    && matches!(e.kind, ItemKind::Fn | ItemKind::Other)
                    && matches!(e.container, Container::Module | Container::InherentImpl))
        };
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        for e in self.entries.iter() {
            let kept = if e.exported { hidden.keeps_macro(&e.name) } else { hidden.keeps(&e.name) };
            if !silent(e) || kept || !seen.insert(e.name.as_str()) {
                continue;
            }
            let same: Vec<usize> =
                (0..self.entries.len()).filter(|&k| self.entries[k].name == e.name).collect();
            if !same.iter().all(|&k| silent(&self.entries[k])) {
                continue; // another item of that name, which stays, may be what a token means
            }
            let inside = |at: usize| {
                same.iter().any(|&k| self.entries[k].range.0 <= at && at < self.entries[k].range.1)
            };
            let reaches = |i: usize| {
                let next = (i + 1..self.src.tokens.len())
                    .find(|&j| !matches!(self.src.tokens[j].kind, Kind::Comment(_)));
                let at = self.src.tokens[i].start;
                !e.exported
                    || next.is_some_and(|j| self.src.text(j) == "!")
                    || self
                        .entries
                        .iter()
                        .any(|u| u.kind == ItemKind::Use && u.range.0 <= at && at < u.range.1)
            };
            let named = self.src.tokens.iter().enumerate().any(|(i, t)| {
                t.kind == Kind::Ident
                    && self.src.text(i) == e.name
                    && !inside(t.start)
                    && reaches(i)
            });
            if !named {
                out.extend(same.into_iter().map(|k| self.removal(k)));
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

    /// The `impl` whose trait or type holds byte `at` (an `impl` of a removed trait or type).
    fn impl_header_at(&self, at: usize) -> Option<Removal> {
        let k = self
            .entries
            .iter()
            .position(|e| e.kind == ItemKind::Impl && e.core.0 <= at && at < e.core.1)?;
        Some(self.removal(k))
    }

    /// The bytes of an `impl`'s trait and type: after `impl<..>`, before `where` or `{`.
    fn impl_core(&self, item: &Item) -> (usize, usize) {
        let tokens = impl_core(&self.src, item.keyword, item.end);
        let src = &self.src;
        (src.tokens[tokens.0].start, src.tokens[tokens.1.max(tokens.0 + 1) - 1].end)
    }

    /// The item-position macro call around byte `at`, as a removal, if all it expands to (as
    /// [`expand`] sees it) is `impl`s whose trait or type names a `removed` item: nothing it
    /// makes can be used then.
    fn macro_call_at(&self, at: usize, removed: &HashSet<String>) -> Option<Removal> {
        let k = self
            .entries
            .iter()
            .position(|e| e.kind == ItemKind::MacroCall && e.range.0 <= at && at < e.range.1)?;
        let expansion = self.expand_call(k, &self.macro_definitions())?;
        let dead = expansion.iter().all(|item_src| {
            let hi = item_src.tokens.len();
            let item = match items::next_item(item_src, 0, hi) {
                Ok(Some(item)) if item.kind == ItemKind::Impl => item,
                _ => return false,
            };
            let (a, b) = impl_core(item_src, item.keyword, item.end);
            (a..b).any(|j| item_src.ident(j).is_some_and(|n| removed.contains(n)))
        });
        (dead && !expansion.is_empty()).then(|| self.removal(k))
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
            Some((start, end)) => {
                Removal { start, end, names: vec![name], members: Vec::new(), because: Vec::new() }
            }
            None => self.removal(k),
        })
    }
}

/// Whether an item's keyword defines a type.
fn is_type_keyword(keyword: &str) -> bool {
    matches!(keyword, "struct" | "enum" | "union")
}

/// The token range of the trait and type of the `impl` whose keyword is token `keyword`:
/// after its generics, before `where` or its body.
fn impl_core(src: &Source, keyword: usize, hi: usize) -> (usize, usize) {
    let mut i = src.next_code(keyword + 1, hi);
    if src.is_punct(i, "<") {
        // Generics: `<` ... `>` with nested angle brackets and groups skipped.
        let mut depth = 0;
        while i < hi {
            if src.is_punct(i, "<") {
                depth += 1;
            } else if src.is_punct(i, ">") {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            } else if src.partner[i] != usize::MAX && src.partner[i] > i {
                i = src.partner[i];
            }
            i += 1;
        }
        i = src.next_code(i + 1, hi);
    }
    let start = i;
    while i < hi && !src.is_kw(i, "where") && !src.is_punct(i, "{") && !src.is_punct(i, ";") {
        i = match src.partner[i] {
            p if p != usize::MAX && p > i => p + 1,
            _ => i + 1,
        };
    }
    (start, i)
}

/// The identifiers of the trait and of the type of the `impl` whose keyword is token `keyword`
/// (no trait for an inherent `impl`).
fn impl_parts(src: &Source, keyword: usize, hi: usize) -> (Vec<String>, Vec<String>) {
    let (a, b) = impl_core(src, keyword, hi);
    let mut depth = 0i32;
    let mut split = None;
    let mut i = a;
    while i < b {
        if src.is_punct(i, "<") {
            depth += 1;
        } else if src.is_punct(i, ">") {
            depth -= 1;
        } else if depth == 0 && src.is_kw(i, "for") && !src.is_punct(src.next_code(i + 1, b), "<") {
            split = Some(i);
            break;
        }
        i = match src.partner[i] {
            p if p != usize::MAX && p > i => p + 1,
            _ => i + 1,
        };
    }
    let idents = |lo: usize, hi: usize| -> Vec<String> {
        (lo..hi)
            .filter_map(|j| src.ident(j).filter(|_| src.tokens[j].kind == Kind::Ident))
            .map(String::from)
            .collect()
    };
    match split {
        Some(f) => (idents(a, f), idents(f + 1, b)),
        None => (Vec::new(), idents(a, b)),
    }
}

/// The names that code under a `cfg` false on this machine, but not on one of the judge's
/// platforms, holds (identifiers of the item or the statement the attribute is on, and of the
/// macros it calls), given the cfg options of each (`unix`, `target_os="linux"`, ... as
/// `rustc --print cfg` prints them).
pub fn hidden_names(
    text: &str,
    host: &HashSet<String>,
    judges: &[HashSet<String>],
) -> Result<Hidden, String> {
    let src = Source::new("the bundle".to_string(), text.to_string())?;
    let on = |cfg: &HashSet<String>, name: &str, value: Option<&str>| -> bool {
        match value {
            Some(v) => cfg.contains(&format!("{name}=\"{v}\"")),
            None => cfg.contains(name),
        }
    };
    let false_on = |cfg: &HashSet<String>, src: &Source, name_at: usize| -> Result<bool, String> {
        let option = |name: &str, value: Option<&str>| Some(on(cfg, name, value));
        Ok(items::cfg_value(src, name_at, &option)? == Some(false))
    };
    let mut names = HashSet::new();
    // Macros that hidden code calls (`name!`): what they expand to is hidden too.
    let mut called = Vec::new();
    let all = src.tokens.len();
    for i in 0..all {
        if !src.is_punct(i, "#") {
            continue;
        }
        let Some((name, name_at)) = items::attr_name(&src, i) else { continue };
        if name != "cfg" || !false_on(host, &src, name_at)? {
            continue;
        }
        // Code no judge of this bundle compiles either (32-bit code on a 64-bit judge) needs
        // nothing kept.
        let mut compiled_by_a_judge = false;
        for judge in judges {
            compiled_by_a_judge |= !false_on(judge, &src, name_at)?;
        }
        if !compiled_by_a_judge {
            continue;
        }
        let open = src.next_code(i + 1, all);
        let inner = src.is_punct(open, "!");
        let close = src.partner[if inner { src.next_code(open + 1, all) } else { open }];
        let (lo, hi, defined) = if inner {
            // `#![cfg(..)]` hides its whole enclosing module or block.
            match src.enclosing_brace(i) {
                Some(open) => (open, src.partner[open], None),
                None => (0, all, None),
            }
        } else {
            let (end, defined) = target(&src, close + 1, all);
            (close + 1, end, defined)
        };
        // The name a hidden item defines is not a use of that name: a visible item of the
        // same name (the other platform's twin) may still go.
        let used = |j: usize| Some(j) != defined;
        collect_idents(&src, (lo, hi), &used, &mut names, &mut called);
    }
    let mut definitions: HashMap<String, (usize, usize)> = HashMap::new();
    for (name, range) in all_macro_rules(&src)? {
        definitions.insert(name, range);
    }
    let mut macros = HashSet::new();
    while let Some(name) = called.pop() {
        if let Some(range) = definitions.remove(&name) {
            collect_idents(&src, range, &|_| true, &mut names, &mut called);
        }
        macros.insert(name);
    }
    Ok(Hidden { names, macros })
}

/// What code the analysis cannot see may need: names (of items and imports) and macros.
#[derive(Debug, Default)]
pub struct Hidden {
    /// Every identifier of that code (and of the macros it calls).
    names: HashSet<String>,
    /// The macros it calls (`name!`), and those they call: a macro is only reached by a call.
    macros: HashSet<String>,
}

impl Hidden {
    /// Whether an item or import named `name` must stay.
    fn keeps(&self, name: &str) -> bool {
        self.names.contains(name)
    }

    /// Whether a macro named `name` must stay.
    fn keeps_macro(&self, name: &str) -> bool {
        self.macros.contains(name)
    }
}

/// Adds the identifiers of tokens `range` that `used` accepts to `names`, and those followed
/// by `!` to `called`.
fn collect_idents(
    src: &Source,
    (lo, hi): (usize, usize),
    used: &dyn Fn(usize) -> bool,
    names: &mut HashSet<String>,
    called: &mut Vec<String>,
) {
    for j in (lo..hi).filter(|&j| used(j)) {
        // Path keywords name no item.
        if let Some(name) =
            src.ident(j).filter(|n| !matches!(*n, "self" | "Self" | "super" | "crate"))
        {
            names.insert(name.to_string());
            if src.is_punct(src.next_code(j + 1, hi), "!") {
                called.push(name.to_string());
            }
        }
    }
}

/// A name and a token range.
type Named = (String, (usize, usize));

/// Every `macro_rules!` of `src` (at any depth of modules): its name and its tokens.
fn all_macro_rules(src: &Source) -> Result<Vec<Named>, String> {
    let mut out = Vec::new();
    let mut stack = vec![(0, src.tokens.len())];
    while let Some((lo, hi)) = stack.pop() {
        for item in items::split(src, lo, hi)? {
            match (item.kind, item.body) {
                (ItemKind::MacroRules, _) => out.push((
                    item.names.first().cloned().unwrap_or_default(),
                    (item.keyword, item.end),
                )),
                (ItemKind::Mod, Some((open, close))) => stack.push((open + 1, close)),
                _ => {}
            }
        }
    }
    Ok(out)
}

/// The end of what an outer attribute ending before token `i` applies to: an item (with the
/// token of the name it defines), or a statement, expression, field or arm up to its `;` or
/// `,` (or the end of its group).
fn target(src: &Source, i: usize, all: usize) -> (usize, Option<usize>) {
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
        let name = item
            .names
            .first()
            .filter(|_| !matches!(item.kind, ItemKind::Use | ItemKind::ExternCrate))
            .and_then(|name| {
                (item.keyword..item.end).find(|&k| src.ident(k) == Some(name.as_str()))
            });
        return (item.end, name);
    }
    let mut k = j;
    while k < all {
        if src.is_punct(k, ";") || src.is_punct(k, ",") {
            return (k + 1, None);
        }
        match src.partner[k] {
            p if p != usize::MAX && p > k => k = p + 1,
            p if p != usize::MAX => return (k, None), // the enclosing group closes
            _ => k += 1,
        }
    }
    (all, None)
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
