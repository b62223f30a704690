//! Phase 3: the compiler decides what the bundle leaves out.
//!
//! The whole program (less what no name reaches, [`crate::reach`]) is checked by the analysis
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
//! [`crate::reach`], and the types and traits below), and the next check (of the smaller program)
//! both confirms it still compiles and reports what became unused; rounds go on until a check
//! reports nothing removable. A removal can break the build only in known ways: an `impl` of
//! a removed trait or type, a re-export of a removed item (both then go too, as the errors
//! say), or an item that only dead code the bundle keeps still names (a trait's unused
//! default method): the items the errors name come back, and if errors remain, the rest of
//! the round's removals is split in halves until every part that compiles is found
//! (bisection). A repair reads the errors as the structure says, so that the rounds of a big
//! library converge in a few runs rather than bisect: an error anywhere in an `impl` whose
//! trait went (`Self::Value` is only "ambiguous" then) takes the `impl` too; an item that
//! comes back brings back the module or `use` that went with it (emptied), its imports, and
//! its `impl`s, written or made by a macro call, that name nothing else that goes (a trait
//! whose method `gcd` the `impl`s of another macro call need comes back with the call that
//! implements it for every integer). Each only keeps more than the round proposed, or takes
//! an `impl` of what goes, which nothing can use; the check that follows confirms it. A removal taken back is never tried again: rustc reports some items every
//! round that cannot go (a trait that a needed macro call implements), and trying them again
//! each round cost a big library hundreds of runs. The pruning takes [`MAX_CHECKS`] compiler
//! runs at most; then the last text that compiled is the result (bigger, the same program).
//!
//! Removing what the compiler proves unused cannot change what the program does: nothing
//! reaches it. Method resolution is the one place where an unused item could matter (a trait
//! in scope whose method would win), and rustc reports a trait unused only if no method of it
//! is ever chosen; a trait goes whole, so no candidate that was chosen disappears.
//!
//! [`reported`] reads what rustc reports as removals, [`types`] finds the types and traits
//! that only their `impl`s keep, [`removal`] is the arithmetic of removals; this module runs
//! the rounds, the repairs and the bisection.
//!
//! rustc 1.63 reads the same flags and writes the same JSON, and differs in what it reports:
//! no trait is ever "never used" (traits that no code can have in scope go by
//! [`types::unreachable_types`]), no `pub use` is unused (a library's `pub use` is
//! `pub(crate)` in the bundle, see [`crate::inline`]), a `const`, `static` or `type` is spanned
//! whole rather than by its name, and its runs take about twice as long.
//!
//! Code under a `cfg` that is false on this machine (the Windows branch Codeforces compiles)
//! is invisible to the analysis, so every name that such code contains is protected
//! ([`crate::hidden`]): no item, import or macro of that name is removed anywhere.

use std::collections::HashSet;
use std::path::Path;

use crate::hidden::Hidden;
use crate::index::Index;
use crate::mapped::Mapped;
use crate::reach;
use crate::rustc::{self, Compiler, Outcome};
use crate::span::ByteSpan;
use removal::{applied, memo_key, removed_before, to_base, Removal};

mod removal;
mod reported;
mod types;

/// Rounds of removals at most (each removes something; real programs need a handful).
const MAX_ROUNDS: usize = 40;
/// Compiler runs the pruning may take (the judge's checks after it take one or two more):
/// when they are spent, the last text that compiled is the result, whatever is left to try.
/// A bigger bundle, never a different program; it bounds the time on any library.
const MAX_CHECKS: usize = 36;
/// Error-driven repairs tried before bisecting a round's removals.
const MAX_REPAIRS: usize = 12;

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
    /// Whether the pruning stopped at [`MAX_CHECKS`] with something left to try.
    pub stopped: bool,
}

impl Stats {
    /// Whether the runs are spent (noted in [`Stats::stopped`]).
    fn out_of_runs(&mut self) -> bool {
        self.stopped |= self.checks >= MAX_CHECKS;
        self.checks >= MAX_CHECKS
    }

    /// `refusal`, saying so when the pruning stopped at its bound: what is refused may then
    /// be code the program does not use, which the pruning did not get to.
    pub fn refusal(&self, refusal: String) -> String {
        if !self.stopped {
            return refusal;
        }
        format!(
            "{refusal}\nThe bundler stopped pruning after {MAX_CHECKS} compiler runs with code \
             left that the program may not use: this may be such code, not the program's. \
             Please report it with the program and its libraries."
        )
    }
}

/// How often a progress line comes.
const PROGRESS_EVERY: std::time::Duration = std::time::Duration::from_secs(3);

/// Prunes `text`, whose libraries start at byte `libraries`, until the analysis finds nothing
/// more to remove: the result, the analysis's last word on it and where its libraries start,
/// or (the inner `Err`) what the analysis said of the whole program when it does not compile
/// it.
pub fn prune(
    text: Mapped,
    libraries: usize,
    analysis: &Compiler,
    hidden: &Hidden,
    scratch: &Path,
    stats: &mut Stats,
) -> Result<Result<(Mapped, Outcome, usize), Outcome>, String> {
    let pruned = prune_asking(text, libraries, analysis, hidden, scratch, stats, true)?;
    Ok(pruned.map(|p| p.expect("the whole program is asked")))
}

/// [`prune`], except that when the first cut does not compile, the whole program is not
/// asked (`Ok(None)`): for the judge's rustc 1.63, whose whole-program check of a big library
/// costs seconds, and which the workspace's rustc is then asked first anyway (a library item
/// the program does not use may need a newer Rust).
pub fn prune_if_cut_compiles(
    text: Mapped,
    libraries: usize,
    analysis: &Compiler,
    hidden: &Hidden,
    scratch: &Path,
    stats: &mut Stats,
) -> Result<Option<(Mapped, Outcome, usize)>, String> {
    let pruned = prune_asking(text, libraries, analysis, hidden, scratch, stats, false)?;
    Ok(pruned.ok().flatten())
}

/// [`prune`]; when the first cut does not compile, the whole program is asked only if
/// `ask_whole` (else `Ok(Ok(None))`).
#[allow(clippy::type_complexity)]
fn prune_asking(
    text: Mapped,
    libraries: usize,
    analysis: &Compiler,
    hidden: &Hidden,
    scratch: &Path,
    stats: &mut Stats,
    ask_whole: bool,
) -> Result<Result<Option<(Mapped, Outcome, usize)>, Outcome>, String> {
    // What no name reaches goes before the first compile.
    let unreached = unreached_removals(&text.text, libraries, hidden, &[])?;
    let (mut text, mut outcome, mut libraries, back) =
        match first_cut(text, libraries, unreached, analysis, scratch, stats, ask_whole)? {
            Ok(Some(cut)) => cut,
            Ok(None) => return Ok(Ok(None)),
            Err(whole) => return Ok(Err(whole)),
        };
    // Removals taken back (see [`memo_key`]): never tried again (rustc reports an item it
    // cannot remove, such as a trait that a needed macro call implements, every round).
    let mut taken_back: HashSet<String> = back.into_iter().collect();
    for _ in 0..MAX_ROUNDS {
        if stats.out_of_runs() {
            break;
        }
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
        let mut removals = fresh(reported::removals(&index, &outcome, hidden));
        for removal in fresh(types::unreachable_types(&index, hidden)) {
            if !removal.is_in(&removals) {
                removals.push(removal);
            }
        }
        let after = applied(&text, &removals);
        let after_libraries = libraries - removed_before(libraries, &removals);
        let before_reach = removals.clone();
        for mut removal in unreached_removals(&after.text, after_libraries, hidden, &before_reach)?
        {
            removal.span = ByteSpan::new(
                to_base(removal.span.start, &before_reach),
                to_base(removal.span.end, &before_reach),
            );
            if !taken_back.contains(&memo_key(&text.text, &removal)) {
                removals.push(removal);
            }
        }
        if removals.is_empty() {
            break;
        }
        let (next, back) = remove(&text, removals, None, &index, analysis, scratch, stats)?;
        taken_back.extend(back);
        if let Some((next, next_outcome, gone)) = next {
            libraries -= removed_before(libraries, &gone);
            text = next;
            outcome = next_outcome;
        }
    }
    let index = Index::new(&text.text)?;
    text.apply(reported::allow_kept_unused(&index, &outcome));
    Ok(Ok(Some((text, outcome, libraries))))
}

/// What no name reaches in `text` (libraries from byte `libraries`), as removals, with what
/// the `trace` says of them.
fn unreached_removals(
    text: &str,
    libraries: usize,
    hidden: &Hidden,
    before: &[Removal],
) -> Result<Vec<Removal>, String> {
    let unreachable = reach::unreachable(text, libraries, hidden)?;
    if std::env::var_os("XTASK_BUNDLE_TRACE").is_some() {
        let names: Vec<&str> = unreachable.iter().map(|u| u.name.as_str()).collect();
        eprintln!("trace: no name reaches ({} before): {}", before.len(), names.join(" "));
    }
    Ok(unreachable
        .into_iter()
        .map(|reach::Unreached { span, name, members }| Removal {
            span,
            names: vec![name],
            members,
            ..Removal::default()
        })
        .collect())
}

/// `text` (libraries from byte `libraries`) without `cut`, checked: the result, its check,
/// where its libraries start and the removals taken back. Should it not compile, the whole
/// program is asked: if that compiles, the cut was the bundler's, and what the errors name
/// comes back (then bisection), as for any round's removals; if it does not (the inner
/// `Err`, its check), its errors are the program's own. Unless `ask_whole`, a cut that does
/// not compile is `Ok(None)`.
#[allow(clippy::type_complexity)]
fn first_cut(
    text: Mapped,
    libraries: usize,
    cut: Vec<Removal>,
    analysis: &Compiler,
    scratch: &Path,
    stats: &mut Stats,
    ask_whole: bool,
) -> Result<Result<Option<(Mapped, Outcome, usize, Vec<String>)>, Outcome>, String> {
    let filtered = applied(&text, &cut);
    let outcome = checked(analysis, &filtered.text, scratch, stats)?;
    if outcome.compiled {
        let libraries = libraries - removed_before(libraries, &cut);
        return Ok(Ok(Some((filtered, outcome, libraries, Vec::new()))));
    }
    if !ask_whole {
        return Ok(Ok(None));
    }
    let whole = checked(analysis, &text.text, scratch, stats)?;
    if !whole.compiled {
        return Ok(Err(whole));
    }
    let index = Index::new(&text.text)?;
    let (next, back) = remove(&text, cut, Some(outcome), &index, analysis, scratch, stats)?;
    Ok(Ok(Some(match next {
        Some((next, outcome, gone)) => {
            (next, outcome, libraries - removed_before(libraries, &gone), back)
        }
        None => (text, whole, libraries, back),
    })))
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

/// Applies `removals` to `base` and checks the result, repairing or bisecting when it does not
/// compile (`failed`: the check of all of them, already made, that failed). The new text and its check (`None` if nothing could go), and the names of the
/// removals taken back.
fn remove(
    base: &Mapped,
    removals: Vec<Removal>,
    mut failed: Option<Outcome>,
    index: &Index,
    analysis: &Compiler,
    scratch: &Path,
    stats: &mut Stats,
) -> Result<(Option<Pruned>, Vec<String>), String> {
    let mut set = removals.clone();
    let trace = std::env::var_os("XTASK_BUNDLE_TRACE").is_some();
    let in_set = |set: &[Removal], r: &Removal| r.is_in(set);
    let names_of = |removals: &[&Removal]| -> Vec<String> {
        removals.iter().map(|r| memo_key(&base.text, r)).collect()
    };
    for attempt in 0..MAX_REPAIRS {
        if failed.is_none() && stats.out_of_runs() {
            break;
        }
        if attempt > 0 {
            stats.repairs += 1;
        }
        if trace {
            let names: Vec<&str> =
                set.iter().flat_map(|r| r.names.iter().map(String::as_str)).collect();
            eprintln!("trace: removing {}: {}", set.len(), names.join(" "));
        }
        let attempt = applied(base, &set);
        let outcome = match failed.take() {
            Some(outcome) => outcome,
            None => checked(analysis, &attempt.text, scratch, stats)?,
        };
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
        if stats.out_of_runs() {
            // Out of runs: what is left untried stays, and is not tried again.
            back.extend(part);
            continue;
        }
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

/// A round's result: the text, its check, and the removals it took.
type Pruned = (Mapped, Outcome, Vec<Removal>);

/// Reads the errors of a failed attempt: an `impl` (or an import) that names a removed item
/// goes too; an item that any other error names comes back (errors inside what now goes are
/// moot). True if the set changed.
fn repair(set: &mut Vec<Removal>, outcome: &Outcome, index: &Index) -> bool {
    let removed: HashSet<String> = set.iter().flat_map(|r| r.names.iter().cloned()).collect();
    let mut extra: Vec<Removal> = Vec::new();
    let mut others = Vec::new();
    for error in outcome.errors() {
        let names = rustc::backticked(&error.message);
        let about_removed = names.iter().any(|n| removed.contains(n.as_str()));
        // Every place the error names (`unresolved imports `a`, `b``: one span each).
        let mut unexplained = None;
        for primary in error.spans.iter().filter(|s| s.primary) {
            let at = Some(primary).filter(|s| s.in_input).map(|s| to_base(s.start, set));
            let call_site = primary.call_site.map(|c| to_base(c, set));
            let removal = match (at, call_site) {
                // In what an item-position macro call expands to: the call goes if all it
                // can expand to is `impl`s of removed items (whatever the error names: a
                // method of a trait those impls use, `no method named `gcd``).
                (None, Some(site)) => reported::macro_call_at(index, site, &removed),
                (Some(at), _) => about_removed
                    .then(|| {
                        reported::impl_header_at(index, at)
                            .or_else(|| reported::import_at(index, at))
                            .or_else(|| reported::macro_call_at(index, at, &removed))
                    })
                    .flatten()
                    // Anywhere in an `impl` of a removed trait (`Self::Value` is "ambiguous"
                    // once the trait that declares it is gone, and the error names nothing).
                    .or_else(|| reported::impl_of_removed_at(index, at, &removed)),
                (None, None) => None,
            };
            let Some(mut removal) = removal else {
                unexplained = Some(at.or(call_site));
                continue;
            };
            removal.because =
                names.iter().filter(|n| removed.contains(n.as_str())).cloned().collect();
            if !removal.is_in(set) && !removal.is_in(&extra) {
                extra.push(removal);
            }
        }
        if let Some(at) = unexplained {
            others.push((at, names));
        }
    }
    let mut restore = HashSet::new();
    for (at, names) in others {
        let moot = at.is_some_and(|at| extra.iter().any(|r| r.span.contains(at)));
        if !moot {
            restore.extend(names);
        }
    }
    let before = set.len();
    let taken: Vec<&Removal> = set
        .iter()
        .filter(|r| r.names.iter().chain(&r.members).any(|n| restore.contains(n)))
        .collect();
    let back: Vec<ByteSpan> = taken.iter().map(|r| r.span).collect();
    // What comes back, by the errors' names and by its own (a trait named by its method).
    let mut back_names: HashSet<String> = restore.clone();
    back_names.extend(taken.iter().flat_map(|r| r.names.iter().cloned()));
    // What comes back comes back with what holds it (a module or a `use` that lost all its
    // items and went with them would otherwise still take it away), and with its imports.
    let import_of_back = |r: &Removal| r.names.iter().all(|n| back_names.contains(n));
    set.retain(|r| {
        let holds_back = back.iter().any(|&b| r.span.covers(b));
        !holds_back && (r.names.is_empty() || !import_of_back(r))
    });
    // And with its `impl`s, written or made by a macro call, which went with it: a trait
    // back without the `impl`s the program calls (`gcd` on `i8`) would not do. Not an `impl`
    // that also names what still goes (a removed type's: it went with its type).
    let going: HashSet<String> = set
        .iter()
        .flat_map(|r| &r.names)
        .filter(|n| !back_names.contains(n.as_str()))
        .cloned()
        .collect();
    let back_names: HashSet<&str> = back_names.iter().map(String::as_str).collect();
    if !back_names.is_empty() {
        set.retain(|r| !reported::implements(index, r.span, &back_names, &going));
    }
    // What a repair added for a removal now taken back goes back too.
    let still: HashSet<String> =
        set.iter().filter(|r| r.because.is_empty()).flat_map(|r| r.names.iter().cloned()).collect();
    set.retain(|r| r.because.is_empty() || r.because.iter().any(|b| still.contains(b)));
    let restored = set.len() != before;
    let added = !extra.is_empty();
    set.extend(extra);
    restored || added
}

#[cfg(test)]
mod tests {
    use super::removal::{applied, Removal};
    use super::{first_cut, repair, Stats};
    use crate::edition::Edition;
    use crate::index::Index;
    use crate::mapped::Mapped;
    use crate::rustc::{Diagnostic, Outcome};
    use crate::testing::{diagnostic, TempDir};

    const TEXT: &str =
        "trait Tr {\n    fn f(&self);\n}\n\nimpl Tr for u8 {\n    fn f(&self) {}\n}\n\n\
                        fn helper() {}\n\nfn main() {\n    helper();\n}\n";

    /// An error with `message` at the first `what` of `text` (what the compiler checked).
    fn error(text: &str, message: &str, what: &str) -> Diagnostic {
        let start = text.find(what).expect("in the text");
        diagnostic("error", None, message, start, start + what.len())
    }

    /// The removal of the item whose text starts with `start`.
    fn removal_of(index: &Index, start: &str) -> Removal {
        let at = index.entries.iter().position(|e| TEXT[e.range.range()].starts_with(start));
        Removal::of(index, at.expect("an item"))
    }

    #[test]
    fn an_impl_of_what_goes_goes_too_and_what_an_error_needs_comes_back() {
        let index = Index::new(TEXT).expect("indexes");
        let mut set = vec![removal_of(&index, "trait Tr"), removal_of(&index, "fn helper")];
        let mut base = Mapped::default();
        base.push_str(TEXT);
        // The errors of the text without them (their places in that text).
        let attempt = applied(&base, &set).text;
        let errors = vec![
            error(&attempt, "cannot find trait `Tr` in this scope", "Tr for u8"),
            error(&attempt, "cannot find function `helper` in this scope", "helper();"),
        ];
        let outcome = Outcome { diagnostics: errors, compiled: false };
        assert!(repair(&mut set, &outcome, &index));
        let names: Vec<String> = set
            .iter()
            .map(|r| TEXT[r.span.range()].lines().next().unwrap_or("").to_string())
            .collect();
        // `helper` is needed: back. The `impl` of the removed trait joins the removals.
        assert_eq!(names, ["trait Tr {", "impl Tr for u8 {"]);
        assert_eq!(set[1].because, ["Tr"]);
    }

    /// A trait in a module, implemented for `u8` by a macro call, and the method called.
    const HELD: &str = "mod m {\n    pub trait Tr {\n        fn f(&self) -> u8;\n    }\n\n    \
        macro_rules! imp {\n        ($t:ty) => {\n            impl Tr for $t {\n                \
        fn f(&self) -> u8 {\n                    1\n                }\n            }\n        };\n    }\n\n    \
        imp!(u8);\n}\n\nfn main() {\n    use m::Tr;\n    println!(\"{}\", 0u8.f());\n}\n";

    /// The removals of the entries of `text` whose first line is one of `lines`.
    fn removals_of(index: &Index, text: &str, lines: &[&str]) -> Vec<Removal> {
        let first = |at: usize| {
            text[index.entries[at].range.range()].lines().next().unwrap_or("").trim().to_string()
        };
        let found: Vec<Removal> = (0..index.entries.len())
            .filter(|&at| lines.contains(&first(at).as_str()))
            .map(|at| Removal::of(index, at))
            .collect();
        assert_eq!(found.len(), lines.len(), "{lines:?}");
        found
    }

    #[test]
    fn a_trait_an_error_needs_comes_back_with_its_module_and_the_impls_a_macro_makes() {
        let index = Index::new(HELD).expect("indexes");
        let mut set = removals_of(&index, HELD, &["mod m {", "pub trait Tr {", "imp!(u8);"]);
        let mut base = Mapped::default();
        base.push_str(HELD);
        let attempt = applied(&base, &set).text;
        let message = "no method named `f` found for type `u8` in the current scope";
        let errors = vec![error(&attempt, message, "f()")];
        assert!(repair(&mut set, &Outcome { diagnostics: errors, compiled: false }, &index));
        // Without the module that held it, or the call that implements it, the trait alone
        // would not do.
        assert!(set.is_empty(), "{set:?}");
    }

    /// A trait with an associated type, and its `impl` that names it as `Self::V`.
    const ASSOCIATED: &str = "trait Tr {\n    type V;\n    fn g(&self) -> Self::V;\n}\n\n\
        impl Tr for u8 {\n    type V = u8;\n    fn g(&self) -> Self::V {\n        *self\n    }\n}\n\n\
        fn main() {}\n";

    #[test]
    fn an_error_anywhere_in_an_impl_of_a_removed_trait_removes_the_impl() {
        let index = Index::new(ASSOCIATED).expect("indexes");
        let mut set = removals_of(&index, ASSOCIATED, &["trait Tr {"]);
        let mut base = Mapped::default();
        base.push_str(ASSOCIATED);
        let attempt = applied(&base, &set).text;
        // rustc names nothing: the trait that declares `V` is gone.
        let errors = vec![error(&attempt, "ambiguous associated type", "Self::V {")];
        assert!(repair(&mut set, &Outcome { diagnostics: errors, compiled: false }, &index));
        let lines: Vec<&str> =
            set.iter().map(|r| ASSOCIATED[r.span.range()].lines().next().unwrap_or("")).collect();
        assert_eq!(lines, ["trait Tr {", "impl Tr for u8 {"]);
        assert_eq!(applied(&base, &set).text.trim_start(), "fn main() {}\n");
    }

    /// A program whose needed items (a constant named only in a format string, a `Display`
    /// used only by `println!`) and an unused one are all cut before the first compile.
    const CUT: &str = "fn main() {\n    println!(\"{}\", lib::Shade);\n}\n\nmod lib {\n    \
        const GRAY: &str = \"gray\";\n\n    pub struct Shade;\n\n    \
        impl std::fmt::Display for Shade {\n        \
        fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {\n            \
        write!(f, \"{GRAY}\")\n        }\n    }\n\n    pub fn unused() {}\n}\n";

    /// `first_cut` of `text` without its module-level items that start with one of `starts`.
    fn cut(text: &str, starts: &[&str]) -> Result<(String, usize), String> {
        let index = Index::new(text).expect("indexes");
        let removals: Vec<Removal> = (0..index.entries.len())
            .filter(|&at| {
                starts
                    .iter()
                    .any(|s| text[index.entries[at].range.range()].trim_start().starts_with(s))
            })
            .map(|at| Removal::of(&index, at))
            .collect();
        assert_eq!(removals.len(), starts.len(), "{starts:?}");
        let mut base = Mapped::default();
        base.push_str(text);
        let libraries = text.find("mod lib").expect("a library");
        let analysis = crate::analysis_compiler("rustc", Edition::E2021);
        let scratch = TempDir::new("first-cut");
        let mut stats = Stats::default();
        match first_cut(base, libraries, removals, &analysis, &scratch.path, &mut stats, true) {
            Ok(Ok(Some((text, outcome, _, _)))) => {
                assert!(outcome.compiled);
                Ok((text.text, stats.checks))
            }
            Ok(Ok(None)) => panic!("the whole program is asked"),
            Ok(Err(whole)) => Err(whole.errors().map(|e| e.message.clone()).collect()),
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn what_the_first_cut_took_and_the_program_needs_comes_back() {
        let starts = ["const GRAY", "impl std::fmt::Display", "pub fn unused"];
        let (text, checks) = cut(CUT, &starts).expect("the whole program compiles");
        assert!(text.contains("const GRAY") && text.contains("impl std::fmt::Display"), "{text}");
        assert!(!text.contains("fn unused"), "{text}");
        // The cut, the whole program, then repairs or bisection.
        assert!(checks > 2, "{checks}");
        // A cut that compiles is taken at once.
        let (text, checks) = cut(CUT, &["pub fn unused"]).expect("compiles");
        assert_eq!((text.contains("fn unused"), checks), (false, 1));
    }

    #[test]
    fn a_program_that_does_not_compile_whole_is_its_own_fault() {
        let broken = CUT.replace("lib::Shade);", "lib::Shade, lib::missing());");
        let errors = cut(&broken, &["pub fn unused"]).expect_err("does not compile");
        assert!(errors.contains("missing"), "{errors}");
    }

    #[test]
    fn a_refusal_after_the_runs_are_spent_says_the_pruning_stopped() {
        let mut stats = Stats::default();
        assert_eq!(stats.refusal("refused".to_string()), "refused");
        stats.checks = super::MAX_CHECKS;
        assert!(stats.out_of_runs());
        let said = stats.refusal("refused".to_string());
        assert!(said.starts_with("refused\nThe bundler stopped pruning after 36"), "{said}");
    }
}
