//! Phase 3: the compiler decides what the bundle leaves out.
//!
//! The whole program (less what no name reaches, [`reach`]) is checked by the analysis
//! compiler (the judge's rustc with the judge's flags where it is at hand, else the
//! workspace's with the bundle's edition; `--emit=metadata`) with `--force-warn` for
//! `dead_code`, `unused_imports` and `unused_macros`, so that no `allow` in the code hides
//! anything. What it reports goes:
//! - `dead_code`: functions, constants, statics, structs, enums, unions, type aliases and
//!   traits, at module level or in an inherent `impl` (methods and associated items). Never a
//!   field or a variant (the type's layout and matches stay), never an item of a trait or of
//!   a trait's `impl` (a trait goes whole, with its `impl`s).
//! - `unused_imports`: each import by its own element of its group, or the whole `use` when
//!   every import of it goes; the imports of what goes, which rustc does not yet report.
//! - `unused_macros`; and a `#[macro_export]` macro (which rustc never reports) whose name
//!   is nowhere else called (`name!`) or imported (in a `use`), so that nothing can call it.
//! - Then a module or an inherent `impl` left with no items.
//!
//! Each round removes what the last check reported, with what then becomes unreachable (by
//! [`reach`], and the types and traits below), and the next check (of the smaller program)
//! both confirms it still compiles and reports what became unused; rounds go on until a check
//! reports nothing removable. A removal can break the build only in known ways: an `impl` of
//! a removed trait or type, a re-export of a removed item (both then go too, as the errors
//! say), or an item that only dead code the bundle keeps still names (a trait's unused
//! default method): the items the errors name come back, and if errors remain, the rest of
//! the round's removals is split in halves until every part that compiles is found
//! (bisection). A removal taken back is not tried again until nothing else is left: rustc
//! reports some items every round that cannot go (a trait that a needed macro call
//! implements), and trying them again each round cost a big library hundreds of runs.
//!
//! Removing what the compiler proves unused cannot change what the program does: nothing
//! reaches it. Method resolution is the one place where an unused item could matter (a trait
//! in scope whose method would win), and rustc reports a trait unused only if no method of it
//! is ever chosen; a trait goes whole, so no candidate that was chosen disappears.
//!
//! rustc 1.63 reads the same flags and writes the same JSON, and differs in what it reports:
//! no trait is ever "never used" (traits that no code can have in scope go by
//! [`Index::unreachable_types`]), no `pub use` is unused (a library's `pub use` is
//! `pub(crate)` in the bundle, see [`inline`]), a `const`, `static` or `type` is spanned
//! whole rather than by its name, and its runs take about twice as long.
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
use super::reach;
use super::read::is_exported;
use super::rustc::{self, Compiler, Diagnostic, Outcome};
use super::source::Source;

/// Rounds of removals at most (each removes something; real programs need a handful).
const MAX_ROUNDS: usize = 40;
/// Error-driven repairs tried before bisecting a round's removals.
const MAX_REPAIRS: usize = 12;

/// A removal: bytes of the text (whole lines where the item fills them), and the names it
/// takes away (for telling which removal an error is about).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
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
    /// Compiler runs of a round's removals as the errors repaired them.
    pub repairs: usize,
    /// Compiler runs that bisected a round's removals.
    pub bisections: usize,
    /// Where to say how far the pruning is, every few seconds.
    pub progress: Option<fn(&str)>,
    /// When the pruning started, and when it last said how far it is.
    pub clock: Option<(std::time::Instant, std::time::Instant)>,
}

/// How often a progress line comes.
const PROGRESS_EVERY: std::time::Duration = std::time::Duration::from_secs(3);

/// Prunes `text`, whose libraries start at byte `libraries`, until the analysis finds nothing
/// more to remove: the result, the analysis's last word on it and where its libraries start,
/// or (the inner `Err`) what the analysis said of the whole program when it does not compile
/// it.
pub fn prune(
    mut text: Mapped,
    mut libraries: usize,
    analysis: &Compiler,
    hidden: &Hidden,
    scratch: &Path,
    stats: &mut Stats,
) -> Result<Result<(Mapped, Outcome, usize), Outcome>, String> {
    let mut outcome = checked(analysis, &text.text, scratch, stats)?;
    if !outcome.compiled {
        return Ok(Err(outcome));
    }
    // Removals a round took back (see [`memo_key`]): not tried again (rustc reports an item
    // it cannot remove, such as a trait that a needed macro call implements, every round),
    // except once at the end, when nothing else is left to remove.
    let mut taken_back: HashSet<String> = HashSet::new();
    let mut retried = false;
    for _ in 0..MAX_ROUNDS {
        stats.rounds += 1;
        let index = Index::new(&text.text)?;
        let fresh = |removals: Vec<Removal>| -> Vec<Removal> {
            removals
                .into_iter()
                .filter(|r| !taken_back.contains(&memo_key(&text.text, r)))
                .collect()
        };
        // What rustc reports, what the types and traits it keeps alive through their
        // `impl`s leave unreachable, and what no name reaches once those go: one round.
        let mut removals = fresh(index.removals(&outcome, hidden));
        for removal in fresh(index.unreachable_types(hidden)) {
            if !removals.iter().any(|r| (r.start, r.end) == (removal.start, removal.end)) {
                removals.push(removal);
            }
        }
        let after = applied(&text, &removals);
        let after_libraries = libraries - removed_before(libraries, &removals);
        let unreachable = reach::unreachable(&after.text, after_libraries, hidden)?;
        let before_reach = removals.clone();
        if std::env::var_os("XTASK_BUNDLE_TRACE").is_some() {
            let names: Vec<&str> = unreachable.iter().map(|u| u.2.as_str()).collect();
            eprintln!("trace: no name reaches: {}", names.join(" "));
        }
        for (start, end, name) in unreachable {
            let (start, end) = (to_base(start, &before_reach), to_base(end, &before_reach));
            let removal = Removal { start, end, names: vec![name], ..Removal::default() };
            if !taken_back.contains(&memo_key(&text.text, &removal)) {
                removals.push(removal);
            }
        }
        if removals.is_empty() {
            if taken_back.is_empty() || retried {
                break;
            }
            retried = true;
            taken_back.clear();
            continue;
        }
        let (next, back) = remove(&text, removals, &index, analysis, scratch, stats)?;
        taken_back.extend(back);
        if let Some((next, next_outcome, gone)) = next {
            libraries -= removed_before(libraries, &gone);
            text = next;
            outcome = next_outcome;
        }
    }
    let index = Index::new(&text.text)?;
    text.apply(index.allow_kept_unused(&outcome));
    Ok(Ok((text, outcome, libraries)))
}

/// How many bytes before byte `at` `removals` take away.
fn removed_before(at: usize, removals: &[Removal]) -> usize {
    disjoint(removals).into_iter().map(|(s, e)| e.min(at).saturating_sub(s)).sum()
}

fn checked(
    compiler: &Compiler,
    text: &str,
    scratch: &Path,
    stats: &mut Stats,
) -> Result<Outcome, String> {
    stats.checks += 1;
    let started = std::time::Instant::now();
    let outcome = rustc::check(compiler, text, scratch);
    if std::env::var_os("XTASK_BUNDLE_TRACE").is_some() {
        eprintln!("trace: rustc on {} bytes: {:.2} s", text.len(), started.elapsed().as_secs_f64());
    }
    let now = std::time::Instant::now();
    let (first, last) = *stats.clock.get_or_insert((started, started));
    if let Some(report) = stats.progress.filter(|_| now - last >= PROGRESS_EVERY) {
        report(&format!(
            "bundling: round {}, {} rustc runs, {} bytes left ({:.0} s)",
            stats.rounds,
            stats.checks,
            text.len(),
            (now - first).as_secs_f64()
        ));
        stats.clock = Some((first, now));
    }
    outcome
}

/// `file:line:column: what: error[E0000]: message`, at the first error's primary span
/// (`place` says where a byte of the text came from).
pub fn first_error(outcome: &Outcome, what: &str, place: &dyn Fn(usize) -> String) -> String {
    let Some(error) = outcome.errors().next() else {
        return what.to_string();
    };
    let place = error.spans.iter().find(|s| s.primary).map(|s| place(s.start)).unwrap_or_default();
    let code = error.code.as_deref().map(|c| format!("[{c}]")).unwrap_or_default();
    format!("{place}{what}: error{code}: {}", error.message)
}

/// Applies `removals` to `base` and checks the result, repairing or bisecting when it does not
/// compile. The new text and its check (`None` if nothing could go), and the names of the
/// removals taken back.
fn remove(
    base: &Mapped,
    removals: Vec<Removal>,
    index: &Index,
    analysis: &Compiler,
    scratch: &Path,
    stats: &mut Stats,
) -> Result<(Option<Pruned>, Vec<String>), String> {
    let mut set = removals.clone();
    let trace = std::env::var_os("XTASK_BUNDLE_TRACE").is_some();
    let in_set =
        |set: &[Removal], r: &Removal| set.iter().any(|s| (s.start, s.end) == (r.start, r.end));
    let names_of = |removals: &[&Removal]| -> Vec<String> {
        removals.iter().map(|r| memo_key(&base.text, r)).collect()
    };
    for attempt in 0..MAX_REPAIRS {
        if attempt > 0 {
            stats.repairs += 1;
        }
        if trace {
            let names: Vec<&str> =
                set.iter().flat_map(|r| r.names.iter().map(String::as_str)).collect();
            eprintln!("trace: removing {}: {}", set.len(), names.join(" "));
        }
        let attempt = applied(base, &set);
        let outcome = checked(analysis, &attempt.text, scratch, stats)?;
        if outcome.compiled {
            let back: Vec<&Removal> = removals.iter().filter(|r| !in_set(&set, r)).collect();
            stats.restored += back.len();
            return Ok((Some((attempt, outcome, set)), names_of(&back)));
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
    // What the errors took back stays; bisection finds every part of the rest (as rustc
    // reported it, without what repairs added) that compiles with the parts kept so far.
    let (rest, mut back): (Vec<Removal>, Vec<Removal>) =
        removals.into_iter().partition(|r| in_set(&set, r));
    let mut kept: Vec<Removal> = Vec::new();
    let mut last: Option<Pruned> = None;
    let mut parts = if rest.is_empty() { Vec::new() } else { vec![rest] };
    while let Some(part) = parts.pop() {
        let mut trial = kept.clone();
        trial.extend(part.iter().cloned());
        let attempt = applied(base, &trial);
        stats.bisections += 1;
        let outcome = checked(analysis, &attempt.text, scratch, stats)?;
        if outcome.compiled {
            kept = trial;
            last = Some((attempt, outcome, kept.clone()));
        } else if part.len() > 1 {
            let (left, right) = part.split_at(part.len() / 2);
            parts.push(right.to_vec());
            parts.push(left.to_vec());
        } else {
            back.extend(part);
        }
    }
    stats.restored += back.len();
    Ok((last, names_of(&back.iter().collect::<Vec<_>>())))
}

/// What identifies a removal from one round to the next (offsets move): its names and the
/// first line of what it removes.
fn memo_key(text: &str, removal: &Removal) -> String {
    let removed = text.get(removal.start..removal.end).unwrap_or_default();
    let first = removed.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or_default();
    format!("{} {first}", removal.names.join(" "))
}

/// A round's result: the text, its check, and the removals it took.
type Pruned = (Mapped, Outcome, Vec<Removal>);

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
        // Every place the error names (`unresolved imports `a`, `b``: one span each).
        let mut unexplained = None;
        for primary in error.spans.iter().filter(|s| s.primary) {
            let at = Some(primary).filter(|s| s.in_input).map(|s| to_base(s.start, set));
            let call_site = primary.call_site.map(|c| to_base(c, set));
            let removal = match (at, call_site) {
                _ if !about_removed => None,
                (Some(at), _) => index
                    .impl_header_at(at)
                    .or_else(|| index.import_at(at))
                    .or_else(|| index.macro_call_at(at, &removed)),
                // In what an item-position macro call expands to: the call goes if all it
                // can expand to is `impl`s of removed items.
                (None, Some(site)) => index.macro_call_at(site, &removed),
                (None, None) => None,
            };
            let Some(mut removal) = removal else {
                unexplained = Some(at.or(call_site));
                continue;
            };
            removal.because =
                names.iter().filter(|n| removed.contains(n.as_str())).cloned().collect();
            if !set.iter().chain(&extra).any(|r| (r.start, r.end) == (removal.start, removal.end)) {
                extra.push(removal);
            }
        }
        if let Some(at) = unexplained {
            others.push((at, names));
        }
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
pub(super) struct Entry {
    /// The byte range of its name token.
    pub(super) name_at: (usize, usize),
    pub(super) name: String,
    pub(super) kind: ItemKind,
    /// What holds it.
    pub(super) container: Container,
    /// Its bytes, whole lines where it fills them.
    pub(super) range: (usize, usize),
    /// For an `impl`: the bytes of its trait and type (after its generics, before any
    /// `where`): an `impl` that names a removed item there is of no use.
    pub(super) core: (usize, usize),
    /// For an item-position macro call: the macro's name.
    pub(super) macro_name: String,
    /// The token range of the item (for `use` items and macros).
    pub(super) tokens: (usize, usize),
    /// `#[macro_export]` on a `macro_rules!`.
    pub(super) exported: bool,
    /// Index of its container entry (for modules and impls), if any.
    pub(super) parent: Option<usize>,
    /// What its body is, for a module, an `impl` or a trait.
    pub(super) holds: Option<Container>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Container {
    Module,
    InherentImpl,
    TraitImpl,
    Trait,
}

/// The items of the bundle's text: modules and the insides of `impl` and `trait` blocks.
pub(super) struct Index {
    pub(super) src: Source,
    pub(super) entries: Vec<Entry>,
}

impl Index {
    pub(super) fn new(text: &str) -> Result<Index, String> {
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
                        let reported = backticked(&d.message);
                        let named = reported.first().map(String::as_str);
                        let k = self.named_at(span.start, span.end).or_else(|| {
                            // rustc 1.63 spans a whole `const`, `static` or `type` item.
                            self.innermost_named(span.start, span.end, named?)
                        });
                        let Some(k) = k else {
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
        let imports = self.imports_of(&out);
        out.extend(imports);
        let out = self.whole_uses(out);
        self.with_emptied_containers(out)
    }

    /// The imports of what `removals` take away (an item's `use` in another module, which
    /// rustc does not report while the code that uses it is only now going): each as the
    /// removal of its group element, or of its whole `use`. A `use` path is resolved as the
    /// bundle writes it (from `crate::`, `self::` or `super::`).
    fn imports_of(&self, removals: &[Removal]) -> Vec<Removal> {
        let src = &self.src;
        // The removed items, by (module, name).
        let mut gone: HashSet<(Option<usize>, &str)> = HashSet::new();
        for r in removals {
            for e in self.entries.iter() {
                let item = matches!(e.kind, ItemKind::Fn | ItemKind::Other | ItemKind::Trait);
                if item && e.container == Container::Module && e.range == (r.start, r.end) {
                    gone.insert((e.parent, e.name.as_str()));
                }
            }
        }
        if gone.is_empty() {
            return Vec::new();
        }
        let mut out: Vec<Removal> = Vec::new();
        for (k, u) in self.entries.iter().enumerate().filter(|(_, u)| u.kind == ItemKind::Use) {
            let mut leaves = Vec::new();
            use_tree_leaves(src, u.tokens.0 + 1, u.tokens.1, &mut Vec::new(), &mut leaves);
            let all = leaves.len();
            let mut going = Vec::new();
            let mut taken = 0;
            for (name_at, path) in leaves {
                let Some((name, prefix)) = path.split_last() else { continue };
                // An import that a removal (rustc's own suggestion) already takes.
                let at = src.tokens[name_at].start;
                if removals.iter().any(|r| r.start <= at && at < r.end) {
                    taken += 1;
                    continue;
                }
                let Some(module) = self.resolve(u.parent, prefix) else { continue };
                if gone.contains(&(module, name.as_str())) {
                    going.push((name_at, name.clone()));
                }
            }
            let known = |r: &Removal, out: &[Removal]| {
                out.iter().chain(removals).any(|o| (o.start, o.end) == (r.start, r.end))
            };
            let touched = removals.iter().any(|r| r.start < u.range.1 && u.range.0 < r.end);
            if !going.is_empty() && going.len() + taken == all {
                // Nothing of it stays: the whole `use` (not an empty `use a::{};`).
                let names = going.into_iter().map(|(_, n)| n).collect();
                let removal = Removal { names, ..self.removal(k) };
                if !known(&removal, &out) {
                    out.push(removal);
                }
                continue;
            }
            if touched {
                // Part of it goes by rustc's own suggestion, which may rewrite its braces: the
                // errors will say what else must go.
                continue;
            }
            for (name_at, name) in going {
                if let Some(removal) = self.import_at(src.tokens[name_at].start) {
                    let removal = Removal { names: vec![name], ..removal };
                    if !known(&removal, &out) {
                        out.push(removal);
                    }
                }
            }
        }
        out
    }

    /// The module (`None`: the bundle's root) that the path `segments` names from module
    /// `from`, when it starts with `crate`, `self` or `super`.
    fn resolve(&self, from: Option<usize>, segments: &[String]) -> Option<Option<usize>> {
        let mut at = from;
        for (n, segment) in segments.iter().enumerate() {
            at = match segment.as_str() {
                "crate" if n == 0 => None,
                "self" if n == 0 => at,
                "super" => self.entries[at?].parent,
                _ if n == 0 => return None,
                name => Some(self.entries.iter().position(|e| {
                    e.kind == ItemKind::Mod && e.parent == at && e.name == name && e.holds.is_some()
                })?),
            };
        }
        Some(at)
    }

    /// `#[allow(..)]` on what `outcome` still reports unused: a type some of whose fields or
    /// variants are never used (the bundle keeps them: the type's layout and matches stay),
    /// and the items and imports whose removal the build did not survive (a trait that a
    /// needed macro call implements). The judge's compiler need not warn about them.
    fn allow_kept_unused(&self, outcome: &Outcome) -> Vec<(usize, usize, String)> {
        let mut marked: Vec<(usize, &str)> = Vec::new();
        for d in &outcome.diagnostics {
            let lint = match d.code.as_deref() {
                Some(lint @ ("dead_code" | "unused_imports" | "unused_macros")) => lint,
                _ => continue,
            };
            for span in d.spans.iter().filter(|s| s.primary) {
                // What a macro call makes cannot carry an attribute (one on the call is
                // ignored): its module does.
                let (start, end, module) = match (span.in_input, span.call_site) {
                    (true, _) => (span.start, span.end, false),
                    (false, Some(site)) => (site, site + 1, true),
                    (false, None) => continue,
                };
                let holds = |k: &usize| {
                    let e = &self.entries[*k];
                    let in_module = !module || e.holds == Some(Container::Module);
                    e.range.0 <= start
                        && end <= e.range.1
                        && (e.kind != ItemKind::Mod || module)
                        && in_module
                };
                // The innermost item that holds the span; for a field or variant, its type.
                let k = (0..self.entries.len())
                    .filter(holds)
                    .min_by_key(|&k| self.entries[k].range.1 - self.entries[k].range.0);
                if let Some(k) = k.filter(|&k| self.entries[k].kind != ItemKind::Impl) {
                    marked.push((k, lint));
                }
            }
        }
        marked.sort_unstable();
        marked.dedup();
        marked
            .into_iter()
            .map(|(k, lint)| {
                let at = self.entries[k].range.0;
                let line = &self.src.text[at..];
                let indent = &line[..line.len() - line.trim_start_matches([' ', '\t']).len()];
                (at, at, format!("{indent}#[allow({lint})]\n"))
            })
            .collect()
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
    ///
    /// A trait also goes, with all its `impl`s, when no code can have it in scope (see
    /// [`Index::out_of_every_scope`]) and nothing but those `impl`s names it: rustc 1.63
    /// never reports a trait unused, and its `impl`s for types that stay keep it otherwise.
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
        // Traits that no scope holds: they may go with every `impl` of theirs (and the macro
        // definitions that only make those `impl`s may name them).
        let traits: Vec<usize> = candidates.iter().filter(|c| c.2).map(|c| c.0).collect();
        let scopeless = self.out_of_every_scope(&traits, &positions, &impls, &made, hidden);
        let mut by_scope: HashSet<usize> = scopeless.keys().copied().collect();
        loop {
            let types: HashSet<String> =
                candidates.iter().filter(|c| !c.2).flat_map(|c| c.1.iter().cloned()).collect();
            let traits: HashSet<String> = candidates
                .iter()
                .filter(|c| by_scope.contains(&c.0))
                .flat_map(|c| c.1.iter().cloned())
                .collect();
            let dead_type = |ty: &[String]| ty.iter().any(|n| types.contains(n));
            let dead_impl =
                |t: &[String], ty: &[String]| dead_type(ty) || t.iter().any(|n| traits.contains(n));
            // A macro call goes only whole: when every `impl` it makes is dead.
            let mut live_calls: HashSet<usize> = opaque.iter().copied().collect();
            for (k, t, ty) in &impls {
                if !dead_impl(t, ty) && self.entries[*k].kind == ItemKind::MacroCall {
                    live_calls.insert(*k);
                }
            }
            let mut gone: HashSet<usize> = HashSet::new();
            for (k, t, ty) in &impls {
                if dead_impl(t, ty) && !live_calls.contains(k) {
                    gone.insert(*k);
                }
            }
            gone.extend(candidates.iter().map(|c| c.0).filter(|k| !live_calls.contains(k)));
            let exempt = |at: usize, lenient: bool| -> bool {
                self.entries.iter().enumerate().any(|(o, entry)| {
                    entry.range.0 <= at
                        && at < entry.range.1
                        && (gone.contains(&o)
                            || lenient
                                && matches!(entry.kind, ItemKind::Use | ItemKind::MacroRules))
                })
            };
            let named_only_there = |names: &[String], lenient: bool| {
                names.iter().all(|name| {
                    positions
                        .get(name.as_str())
                        .map_or(true, |uses| uses.iter().all(|&at| exempt(at, lenient)))
                })
            };
            let before = (candidates.len(), by_scope.len());
            let mut scoped = HashSet::new();
            candidates.retain(|(k, names, is_trait)| {
                if !gone.contains(k) {
                    return false;
                }
                if !is_trait {
                    return named_only_there(names, true);
                }
                let impls_dead = names.iter().all(|name| {
                    impls.iter().all(|(_, t, ty)| !t.contains(name) || dead_type(ty))
                        && opaque.iter().all(|&c| !self.call_mentions(c, name, &macros))
                });
                let out_of_scope = scopeless.get(k).is_some_and(|makers| {
                    names.iter().all(|name| {
                        positions.get(name.as_str()).map_or(true, |uses| {
                            uses.iter().all(|&at| {
                                exempt(at, false) || makers.iter().any(|r| r.0 <= at && at < r.1)
                            })
                        })
                    })
                });
                if out_of_scope {
                    scoped.insert(*k);
                }
                (impls_dead && named_only_there(names, true)) || out_of_scope
            });
            by_scope = scoped;
            if (candidates.len(), by_scope.len()) == before {
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

    /// The traits among `traits` (entries) that no method call or path can choose except
    /// through their names, each with the macro definitions that may name it: the names of
    /// its items occur nowhere in its module but in it and its `impl`s, nor in any macro
    /// definition (a macro's expansion calls in its caller's scope) but those of macros that
    /// only make `impl`s of such traits, nor in code the analysis cannot see; no glob import
    /// may bring it (one of its module, or of `self`, `super` or `crate`); and its own name
    /// is in no import or other macro definition. A method of a trait is only ever chosen
    /// where the trait is in scope: its module, and what imports it by name or by glob. So,
    /// when no import names it either (rustc reported the unused ones, and they went),
    /// nothing but its `impl`s can need it.
    fn out_of_every_scope(
        &self,
        traits: &[usize],
        positions: &HashMap<&str, Vec<usize>>,
        impls: &[(usize, Vec<String>, Vec<String>)],
        made: &HashMap<usize, Vec<String>>,
        hidden: &Hidden,
    ) -> HashMap<usize, Vec<(usize, usize)>> {
        let src = &self.src;
        let inside =
            |at: usize, ranges: &[(usize, usize)]| ranges.iter().any(|r| r.0 <= at && at < r.1);
        let macro_rules: Vec<usize> = (0..self.entries.len())
            .filter(|&m| self.entries[m].kind == ItemKind::MacroRules)
            .collect();
        let uses: Vec<(usize, usize)> =
            self.entries.iter().filter(|m| m.kind == ItemKind::Use).map(|m| m.range).collect();
        // Glob imports: the last segment before `::*`.
        let mut globbed: HashSet<&str> = HashSet::new();
        for u in self.entries.iter().filter(|u| u.kind == ItemKind::Use) {
            for i in u.tokens.0..u.tokens.1 {
                if src.is_punct(i, "*") {
                    let segment = src.prev_code(i).and_then(|c| src.prev_code(c));
                    globbed.insert(segment.and_then(|j| src.ident(j)).unwrap_or_default());
                }
            }
        }
        // Each trait that passes what does not depend on macros: the macro definitions that
        // name it or its items.
        let mut named_in: HashMap<usize, HashSet<usize>> = HashMap::new();
        'traits: for &k in traits {
            let e = &self.entries[k];
            let members: Vec<&str> = self
                .entries
                .iter()
                .filter(|m| m.parent == Some(k) && !m.name.is_empty())
                .map(|m| m.name.as_str())
                .collect();
            let module_name = e.parent.map_or("", |p| self.entries[p].name.as_str());
            let glob = globbed
                .iter()
                .any(|g| *g == module_name || matches!(*g, "self" | "super" | "crate" | ""));
            if glob || members.iter().any(|m| hidden.keeps(m)) {
                continue;
            }
            // The module's body: after its name (`mod zero` does not call a method `zero`).
            let module = match e.parent {
                Some(p) => (self.entries[p].name_at.1, self.entries[p].range.1),
                None => (0, src.text.len()),
            };
            let own: Vec<(usize, usize)> = std::iter::once(e.range)
                .chain(
                    impls
                        .iter()
                        .filter(|(_, t, _)| t.contains(&e.name))
                        .map(|(i, _, _)| self.entries[*i].range),
                )
                .collect();
            let mut macros = HashSet::new();
            for name in members.iter().copied().chain([e.name.as_str()]) {
                for &at in positions.get(name).into_iter().flatten() {
                    if let Some(&m) =
                        macro_rules.iter().find(|&&m| inside(at, &[self.entries[m].range]))
                    {
                        macros.insert(m);
                        continue;
                    }
                    let in_module = module.0 <= at && at < module.1 && !inside(at, &own);
                    let imported = name == e.name && inside(at, &uses);
                    if (name != e.name && in_module) || imported {
                        continue 'traits;
                    }
                }
            }
            named_in.insert(k, macros);
        }
        // The largest set of such traits whose macro definitions all only make their `impl`s.
        loop {
            let names: HashSet<&str> =
                named_in.keys().map(|&k| self.entries[k].name.as_str()).collect();
            let makers = self.impl_makers(&names, &macro_rules, positions, impls, made);
            let before = named_in.len();
            named_in.retain(|_, macros| macros.iter().all(|m| makers.contains(m)));
            if named_in.len() == before {
                let ranges: Vec<(usize, usize)> =
                    makers.iter().map(|&m| self.entries[m].range).collect();
                return named_in.into_keys().map(|k| (k, ranges.clone())).collect();
            }
        }
    }

    /// The macro definitions (among `macro_rules`) every call of which, outside the
    /// definition, makes nothing but `impl`s of the traits `traits` (as [`expand`] sees it):
    /// an item-position call (`impl_zero!(u32 u64);` for `Zero`), or a call in the definition
    /// of another such macro.
    fn impl_makers(
        &self,
        traits: &HashSet<&str>,
        macro_rules: &[usize],
        positions: &HashMap<&str, Vec<usize>>,
        impls: &[(usize, Vec<String>, Vec<String>)],
        made: &HashMap<usize, Vec<String>>,
    ) -> HashSet<usize> {
        let src = &self.src;
        let makes_only_impls = |c: usize| {
            made.get(&c).is_some_and(|types| types.is_empty())
                && impls.iter().any(|(i, _, _)| *i == c)
                && impls
                    .iter()
                    .filter(|(i, _, _)| *i == c)
                    .all(|(_, t, _)| t.iter().any(|n| traits.contains(n.as_str())))
        };
        // Where each macro is called: in an item-position call, or in another definition.
        let mut calls: Vec<(usize, Vec<Result<usize, usize>>)> = Vec::new();
        for &m in macro_rules {
            let def = &self.entries[m];
            let mut sites = Vec::new();
            for &at in positions.get(def.name.as_str()).into_iter().flatten() {
                if def.range.0 <= at && at < def.range.1 {
                    continue; // the definition itself (or a recursive call)
                }
                let i = src.tokens.partition_point(|t| t.start < at);
                if !src.is_punct(src.next_code(i + 1, src.tokens.len()), "!") {
                    continue; // not a call
                }
                let call = self.entries.iter().position(|c| {
                    c.kind == ItemKind::MacroCall
                        && c.macro_name == def.name
                        && src.tokens[c.tokens.0].start <= at
                        && at < c.range.1
                });
                let site = match call {
                    Some(c) => Ok(c),
                    None => Err(macro_rules
                        .iter()
                        .copied()
                        .find(|&o| self.entries[o].range.0 <= at && at < self.entries[o].range.1)
                        .unwrap_or(usize::MAX)),
                };
                sites.push(site);
            }
            if !sites.is_empty() {
                calls.push((m, sites));
            }
        }
        let mut makers: HashSet<usize> = calls.iter().map(|(m, _)| *m).collect();
        loop {
            let before = makers.len();
            let current = makers.clone();
            makers.retain(|m| {
                let sites = &calls.iter().find(|(n, _)| n == m).expect("a maker has calls").1;
                sites.iter().all(|site| match *site {
                    Ok(c) => makes_only_impls(c),
                    Err(o) => current.contains(&o),
                })
            });
            if makers.len() == before {
                return makers;
            }
        }
    }

    /// The bundle's `macro_rules!` definitions by name (a name defined twice: none).
    pub(super) fn macro_definitions(&self) -> HashMap<String, expand::Definition<'_>> {
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
    pub(super) fn expand_call(
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

    /// The innermost entry named `name` whose bytes hold `start..end` and whose name token
    /// lies inside it.
    fn innermost_named(&self, start: usize, end: usize, name: &str) -> Option<usize> {
        (0..self.entries.len())
            .filter(|&k| {
                let e = &self.entries[k];
                e.name == name
                    && e.range.0 <= start
                    && end <= e.range.1
                    && start <= e.name_at.0
                    && e.name_at.1 <= end
            })
            .min_by_key(|&k| self.entries[k].range.1 - self.entries[k].range.0)
    }

    /// An unused-imports diagnostic as removals: rustc's suggested deletions, unless an
    /// import it names is protected.
    fn import_removal(&self, d: &Diagnostic, hidden: &Hidden) -> Vec<Removal> {
        // Each import rustc names, by its own element of its group; [`Index::whole_uses`]
        // makes a `use` that loses every import go whole.
        let mut out = Vec::new();
        for span in d.spans.iter().filter(|s| s.primary && s.in_input) {
            let text = &self.src.text[span.start..span.end];
            let last =
                text.rsplit(|c: char| !(c.is_alphanumeric() || c == '_')).find(|w| !w.is_empty());
            let name = last.unwrap_or_default().to_string();
            if hidden.keeps(&name) {
                continue;
            }
            // The span's last segment is the import's name (`std::ops::RangeBounds`).
            let at = span.start + text.rfind(name.as_str()).unwrap_or(0);
            out.extend(self.import_at(at).map(|r| Removal { names: vec![name], ..r }));
        }
        out
    }

    /// `removals` with the imports of each `use` they touch taken as its own elements (one
    /// removal per import), and a `use` every import of which goes, whole (never a broken
    /// `use a::{};` or `use a::;`).
    fn whole_uses(&self, removals: Vec<Removal>) -> Vec<Removal> {
        let src = &self.src;
        let mut out: Vec<Removal> = Vec::new();
        let mut touched: Vec<(usize, Vec<usize>)> = Vec::new();
        for (n, r) in removals.iter().enumerate() {
            let inside = self.entries.iter().position(|u| {
                u.kind == ItemKind::Use
                    && u.range.0 <= r.start
                    && r.end <= u.range.1
                    && (r.start, r.end) != u.range
            });
            match inside {
                Some(k) => match touched.iter_mut().find(|(u, _)| *u == k) {
                    Some((_, list)) => list.push(n),
                    None => touched.push((k, vec![n])),
                },
                None => out.push(r.clone()),
            }
        }
        for (k, list) in touched {
            let u = &self.entries[k];
            let mut leaves = Vec::new();
            use_tree_leaves(src, u.tokens.0 + 1, u.tokens.1, &mut Vec::new(), &mut leaves);
            let going: Vec<(usize, String)> = leaves
                .iter()
                .filter(|(at, _)| {
                    let at = src.tokens[*at].start;
                    list.iter().any(|&n| removals[n].start <= at && at < removals[n].end)
                })
                .map(|(at, path)| (*at, path.last().cloned().unwrap_or_default()))
                .collect();
            let names: Vec<String> = list.iter().flat_map(|&n| removals[n].names.clone()).collect();
            if going.len() == leaves.len() {
                out.push(Removal { names, ..self.removal(k) });
                continue;
            }
            for (at, name) in going {
                out.extend(
                    self.import_at(src.tokens[at].start)
                        .map(|r| Removal { names: vec![name], ..r }),
                );
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
            // A macro shares its namespace with macros only: a module or a function named like
            // it (`mod input { macro_rules! input .. }`) is no call of it.
            let rival = |k: usize| {
                let other = &self.entries[k];
                other.name == e.name && (!e.exported || other.kind == ItemKind::MacroRules)
            };
            let same: Vec<usize> = (0..self.entries.len()).filter(|&k| rival(k)).collect();
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
                // In a `use`, only as what it imports (`use m::input;`), not as a path's
                // module (`use input::read;`).
                let imported = next.is_some_and(|j| self.src.text(j) != "::")
                    && self
                        .entries
                        .iter()
                        .any(|u| u.kind == ItemKind::Use && u.range.0 <= at && at < u.range.1);
                !e.exported || next.is_some_and(|j| self.src.text(j) == "!") || imported
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
                let (s, mut e) = (src.tokens[start].start, src.tokens[end.min(hi) - 1].end);
                // With the spaces after its comma (`{a, b, c}` -> `{a, c}`).
                e += src.text[e..].len() - src.text[e..].trim_start_matches([' ', '\t']).len();
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

/// The leaves of the use tree in tokens `i..end`: the token of each imported name (before any
/// `as`) and its whole path. Globs have none.
fn use_tree_leaves(
    src: &Source,
    mut i: usize,
    end: usize,
    prefix: &mut Vec<String>,
    out: &mut Vec<(usize, Vec<String>)>,
) {
    let depth = prefix.len();
    i = src.next_code(i, end);
    if src.is_punct(i, "::") {
        i = src.next_code(i + 1, end);
    }
    while i < end {
        if src.is_punct(i, "{") {
            let close = src.partner[i];
            let mut j = src.next_code(i + 1, close);
            while j < close {
                let mut k = j;
                while k < close && !src.is_punct(k, ",") {
                    k = match src.partner[k] {
                        p if p != usize::MAX && p > k => p + 1,
                        _ => k + 1,
                    };
                }
                use_tree_leaves(src, j, k, prefix, out);
                j = src.next_code(k + 1, close);
            }
            break;
        }
        let Some(segment) = src.ident(i) else { break };
        let next = src.next_code(i + 1, end);
        if src.is_punct(next, "::") {
            prefix.push(segment.to_string());
            i = src.next_code(next + 1, end);
            continue;
        }
        let mut path = prefix.clone();
        path.push(segment.to_string());
        out.push((i, path));
        break;
    }
    prefix.truncate(depth);
}

/// Whether an item's keyword defines a type.
fn is_type_keyword(keyword: &str) -> bool {
    matches!(keyword, "struct" | "enum" | "union")
}

/// The token range of the trait and type of the `impl` whose keyword is token `keyword`:
/// after its generics, before `where` or its body.
pub(super) fn impl_core(src: &Source, keyword: usize, hi: usize) -> (usize, usize) {
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
pub(super) fn impl_parts(src: &Source, keyword: usize, hi: usize) -> (Vec<String>, Vec<String>) {
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
    pub(super) names: HashSet<String>,
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
