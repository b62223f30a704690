//! What a newer rustc reports unused, tried on a bundle for a judge whose own rustc 1.63 is
//! the analysis: rustc 1.63 never reports an unused trait or trait method (the current rustc
//! does: "trait `GcdLcm` is never used", "methods `ends_input` and `place` are never used"),
//! so a bundle for BOJ or Algospot would carry them, and what only they use.
//!
//! First the trait methods the newer rustc reports never used: each goes from its trait
//! together with its implementations, which the compiler itself names. The method is renamed
//! in its trait, and the judge's compiler then says, at every `impl` of that very trait that
//! implements it, that the method "is not a member of trait" (E0407); a run with any other
//! error leaves every method where it is. Then the newer rustc's pruning (unused traits with
//! their impls, and what they alone used). The result is kept only when the judge's own
//! compiler then compiles it, pruned again by its own analysis (what the removed methods alone
//! used goes); else the judge's bundle stays. A method no call reaches (the newer analysis
//! counts every call that resolves to it, through generics and `dyn` too) changes no call
//! when it goes with its implementations; and the bundle is run against cargo's build after,
//! as every bundle is.

use std::path::Path;

use super::hidden::Hidden;
use super::index::{Container, Index};
use super::items::ItemKind;
use super::mapped::{Edit, Mapped};
use super::prune::{self, Stats};
use super::rustc::{self, backticked, Compiler, Outcome};
use super::span::ByteSpan;

/// `text` (whose libraries start at byte `libraries`) pruned by `newer` too, with the judge's
/// `analysis`'s last word on it, if the judge's compiler accepts the result.
pub fn prune_further(
    text: &Mapped,
    libraries: usize,
    analysis: &Compiler,
    newer: &Compiler,
    hidden: &Hidden,
    scratch: &Path,
    stats: &mut Stats,
) -> Result<Option<(Mapped, Outcome)>, String> {
    // Runs spent here do not make the judge's own pruning one that stopped at its bound.
    let stopped = stats.stopped;
    let further = further(text, libraries, analysis, newer, hidden, scratch, stats);
    stats.stopped = stopped;
    further
}

/// [`prune_further`]'s work.
fn further(
    text: &Mapped,
    libraries: usize,
    analysis: &Compiler,
    newer: &Compiler,
    hidden: &Hidden,
    scratch: &Path,
    stats: &mut Stats,
) -> Result<Option<(Mapped, Outcome)>, String> {
    let report = rustc::check(newer, &text.text, scratch)?;
    stats.checks += 1;
    let index = Index::new(&text.text)?;
    let methods = unused_trait_methods(&report, &index, hidden);
    // What else the newer rustc reports (an unused trait) its own pruning takes out.
    let others = report.diagnostics.iter().any(|d| {
        d.code.as_deref() == Some("dead_code")
            && !d.spans.iter().filter(|s| s.primary).all(|s| {
                let span = ByteSpan::new(s.start, s.end);
                methods.iter().any(|&m| index.entries[m].name_at == Some(span))
            })
    });
    let (mut further, mut libraries) = (text.clone(), libraries);
    if let Some(cuts) = implementations(text, &index, &methods, analysis, scratch, stats)? {
        libraries -= cuts.iter().filter(|c| c.end <= libraries).map(|c| c.len()).sum::<usize>();
        further.apply(cuts.into_iter().map(Edit::cut).collect());
    }
    if others {
        if let Ok((pruned, _, pruned_libraries)) =
            prune::prune(further.clone(), libraries, newer, hidden, scratch, stats)?
        {
            (further, libraries) = (pruned, pruned_libraries);
        }
    }
    if further.text.len() >= text.text.len() {
        return Ok(None);
    }
    match prune::prune(further, libraries, analysis, hidden, scratch, stats)? {
        Ok((judged, last, _)) => Ok(Some((judged, last))),
        Err(_) => Ok(None),
    }
}

/// The entries of `index` that are trait methods `report` (the newer rustc's) says are never
/// used.
fn unused_trait_methods(report: &Outcome, index: &Index, hidden: &Hidden) -> Vec<usize> {
    let mut methods = Vec::new();
    let dead = report.diagnostics.iter().filter(|d| d.code.as_deref() == Some("dead_code"));
    for span in dead.flat_map(|d| &d.spans).filter(|s| s.primary && s.in_input) {
        let Some(entry) = index.named_at(ByteSpan::new(span.start, span.end)) else { continue };
        let e = &index.entries[entry];
        if e.kind == ItemKind::Fn && e.container == Container::Trait && !hidden.keeps(&e.name) {
            methods.push(entry);
        }
    }
    methods
}

/// The bytes of the trait `methods` (entries of `index`, the index of `text`) and of their
/// implementations, found by `analysis` as the module's doc says; `None` when there are no
/// methods or the implementations cannot all be found.
fn implementations(
    text: &Mapped,
    index: &Index,
    methods: &[usize],
    analysis: &Compiler,
    scratch: &Path,
    stats: &mut Stats,
) -> Result<Option<Vec<ByteSpan>>, String> {
    if methods.is_empty() {
        return Ok(None);
    }
    // Each method renamed where its trait declares it: its implementations no longer match.
    let mut renamed = text.clone();
    let renames = methods.iter().map(|&m| {
        let name_at = index.entries[m].name_at.expect("a method has a name");
        Edit::new(name_at.start, name_at.end, format!("{}_unused", index.entries[m].name))
    });
    renamed.apply(renames.collect());
    let outcome = rustc::check(analysis, &renamed.text, scratch)?;
    stats.checks += 1;
    let renamed_index = Index::new(&renamed.text)?;
    let mut impls = Vec::new();
    let renamed_names: Vec<String> =
        methods.iter().map(|&m| format!("{}_unused", index.entries[m].name)).collect();
    for error in outcome.errors() {
        // An `impl` now lacks the renamed method (E0046): what the renaming was to do.
        let names = backticked(&error.message);
        if error.code.as_deref() == Some("E0046") && names.iter().all(|n| renamed_names.contains(n))
        {
            continue;
        }
        let primary = error.spans.iter().find(|s| s.primary && s.in_input);
        let (Some("E0407"), Some(span)) = (error.code.as_deref(), primary) else {
            return Ok(None);
        };
        let Some(name) = names.into_iter().next() else { return Ok(None) };
        let span = ByteSpan::new(span.start, span.end);
        let Some(entry) = renamed_index.innermost_named(span, &name) else { return Ok(None) };
        let e = &renamed_index.entries[entry];
        if e.container != Container::TraitImpl {
            return Ok(None);
        }
        impls.push(e.range);
    }
    // The renamed text is longer by each rename before a span: map the spans back.
    let renamed_back = |range: ByteSpan| {
        let before = methods
            .iter()
            .filter(|&&m| index.entries[m].name_at.is_some_and(|n| n.end <= range.start))
            .count();
        ByteSpan::new(range.start - before * "_unused".len(), range.end - before * "_unused".len())
    };
    let mut cuts: Vec<ByteSpan> = methods.iter().map(|&m| index.entries[m].range).collect();
    cuts.extend(impls.into_iter().map(renamed_back));
    cuts.sort_by_key(|c| (c.start, c.end));
    cuts.dedup();
    Ok(Some(cuts))
}

#[cfg(test)]
mod tests {
    use judge_meta::profiles;

    use super::super::hidden::Hidden;
    use super::super::judged;
    use super::super::mapped::Mapped;
    use super::super::prune::Stats;
    use super::super::testing::TempDir;
    use super::super::{analysis_compiler, Edition, Options};
    use super::prune_further;

    /// `Shape::name` is never called: it goes with `impl Shape`'s, and `helper`, which only
    /// that used, after it. `impl Named`'s `name` (the same name, another trait) is called:
    /// were it cut, `Named`'s default would make the program print `9 1`, not `9 2`.
    const PROGRAM: &str = "\
trait Shape {
    fn area(&self) -> u32;
    fn name(&self) -> u32;
}
trait Named {
    fn name(&self) -> u32 {
        1
    }
}
struct Square(u32);
impl Shape for Square {
    fn area(&self) -> u32 {
        self.0 * self.0
    }
    fn name(&self) -> u32 {
        helper()
    }
}
impl Named for Square {
    fn name(&self) -> u32 {
        2
    }
}
fn helper() -> u32 {
    3
}
fn main() {
    let s = Square(3);
    println!(\"{} {}\", s.area(), Named::name(&s));
}
";

    #[test]
    fn a_trait_method_no_call_reaches_goes_with_its_implementations_only() {
        let boj = profiles::find("boj").expect("BOJ's profile");
        let analysis = Options::for_profile(boj, false).expect("BOJ's options").analysis;
        let newer = analysis_compiler("rustc", Edition::E2021);
        let dir = TempDir::new("newer");
        let mut text = Mapped::default();
        text.push_str(PROGRAM);
        let mut stats = Stats::default();
        let hidden = Hidden::default();
        let (pruned, _) =
            prune_further(&text, 0, &analysis, &newer, &hidden, &dir.path, &mut stats)
                .expect("the compilers run")
                .expect("the judge's compiler accepts the result");
        let pruned = pruned.text;
        assert!(!pruned.contains("helper"), "{pruned}");
        assert_eq!(pruned.matches("fn name").count(), 2, "{pruned}");
        let judged = judged::compile(boj, &pruned, &dir.path).expect("BOJ's rustc compiles it");
        assert_eq!(judged::run(&judged.binary, "").expect("it runs"), "9 2\n");
    }
}
