//! Macro arms that no call takes, left out: a `macro_rules!` carries every arm into the bundle
//! (judge-io's `input!` has one per form it reads), and no compiler reports an arm unused, so
//! the compiler is asked by marking arms.
//!
//! Each arm still under question has its transcriber replaced by `compile_error!{"MARK"}`
//! (one mark per arm). A run whose errors name marks has taken those arms: they get their
//! transcribers back, and the next run finds the arms that their expansions take, and so on
//! until a run names no mark. If that run compiles, the arms still marked go.
//!
//! Why that is sound. Matchers are never changed, so every call in the last run is matched to
//! the same arm as in the bundle (arms are tried in order, and the first that matches wins).
//! That run compiled, so no call expanded a marked arm: every call took an arm with its own
//! transcriber, whose expansion is the bundle's, and by induction over the expansions (a
//! call inside an expansion is one the bundle makes too) the last run expands exactly as the
//! bundle does, and no call in it, at any depth, is first matched by a marked arm. An arm that
//! is never the first match changes no call's match when it goes, so the bundle without the
//! marked arms expands as the bundle does. (A matcher's fragment that fails hard, which makes
//! the whole call an error, would matter only for a bundle that does not compile.) What the
//! analysis cannot see cannot be asked: a macro whose name code under a judge's `cfg` calls
//! ([`Hidden`]) keeps its arms, and the judge's compilers check the result after.

use std::path::Path;

use super::hidden::Hidden;
use super::items;
use super::mapped::{Edit, Mapped};
use super::rustc::{self, Compiler};
use super::source::Source;
use super::span::{line_span, ByteSpan, Group};

/// An arm under question: its macro (counted in the bundle's order), its whole span (matcher
/// to `;`) and its transcriber's group.
struct Arm {
    macro_id: usize,
    span: ByteSpan,
    transcriber: Group,
}

/// The text of `text` with every arm not yet taken marked (`MARK n` for arm `n`).
fn marked(src: &Source, arms: &[Arm], taken: &[bool]) -> String {
    let mut edits = Vec::new();
    for (n, arm) in arms.iter().enumerate().filter(|(n, _)| !taken[*n]) {
        let inside = ByteSpan::new(
            src.tokens[arm.transcriber.open].end,
            src.tokens[arm.transcriber.close].start,
        );
        edits.push((inside, format!("compile_error!{{\"{}\"}}", mark(n))));
    }
    edits.sort_by_key(|(span, _)| span.start);
    let mut out = String::with_capacity(src.text.len());
    let mut at = 0;
    for (span, replacement) in edits {
        out.push_str(&src.text[at..span.start]);
        out.push_str(&replacement);
        at = span.end;
    }
    out.push_str(&src.text[at..]);
    out
}

/// The message of arm `n`'s mark.
fn mark(n: usize) -> String {
    format!("bundler: macro arm {n} taken")
}

/// The arms of the bundle's `macro_rules!` with more than one arm, but for macros that code
/// hidden from the analysis calls.
fn arms(src: &Source, hidden: &Hidden) -> Vec<Arm> {
    let mut out = Vec::new();
    let all = src.tokens.len();
    for (macro_id, keyword) in (0..all).enumerate() {
        if src.ident(keyword) != Some("macro_rules") {
            continue;
        }
        let bang = src.next_code(keyword + 1, all);
        let name = src.next_code(bang + 1, all);
        let Some(macro_name) = src.ident(name).filter(|_| src.is_punct(bang, "!")) else {
            continue;
        };
        if hidden.keeps_macro(macro_name) {
            continue;
        }
        let Some(rules) = items::macro_rules(src, keyword).filter(|rules| rules.len() > 1) else {
            continue;
        };
        let close = src.close(src.next_code(name + 1, all));
        for rule in rules {
            let after = src.next_code(rule.transcriber.close + 1, close);
            let end = if src.is_punct(after, ";") { after } else { rule.transcriber.close };
            let span = ByteSpan::new(src.tokens[rule.matcher.open].start, src.tokens[end].end);
            out.push(Arm { macro_id, span, transcriber: rule.transcriber });
        }
    }
    out
}

/// Leaves out of `text` the macro arms that no call takes, as the compiler `analysis` shows
/// (see the module's doc); the number of compiler runs it took. Where a run fails for any
/// other reason, nothing goes.
pub fn drop_untaken_arms(
    text: &mut Mapped,
    analysis: &Compiler,
    hidden: &Hidden,
    scratch: &Path,
) -> Result<usize, String> {
    let src = Source::new("the bundle".to_string(), text.text.clone())?;
    let arms = arms(&src, hidden);
    if arms.is_empty() {
        return Ok(0);
    }
    let mut taken = vec![false; arms.len()];
    let mut runs = 0;
    // Each run but the last takes back at least one arm.
    while runs <= arms.len() {
        let outcome = rustc::check(analysis, &marked(&src, &arms, &taken), scratch)?;
        runs += 1;
        let mut new = false;
        for error in outcome.errors() {
            if let Some(n) = (0..arms.len()).find(|&n| error.message == mark(n)) {
                new |= !taken[n];
                taken[n] = true;
            }
        }
        if new {
            continue;
        }
        if outcome.compiled {
            // A macro no call takes at all keeps its arms (`macro_rules! m {}` is no macro).
            let called = |id| arms.iter().zip(&taken).any(|(arm, &t)| t && arm.macro_id == id);
            let cuts = arms.iter().zip(&taken).filter(|(arm, &t)| !t && called(arm.macro_id));
            let cuts = cuts.map(|(arm, _)| Edit::cut(line_span(&src.text, arm.span)));
            text.apply(cuts.collect());
        }
        break;
    }
    Ok(runs)
}

#[cfg(test)]
mod tests {
    use std::process::Command;

    use super::super::hidden::Hidden;
    use super::super::mapped::Mapped;
    use super::super::scratch::Scratch;
    use super::super::{analysis_compiler, Edition};
    use super::drop_untaken_arms;

    /// `inner`'s first arm is taken only from `outer`'s expansion; were it left out, `inner!(a)`
    /// would match `$x:ident` and the program would print 2, not 1. `inner`'s `(b)` arm
    /// comes after one that matches `b` first; `outer`'s second arm is never called; `unused`
    /// is no call's, so it keeps both arms.
    const PROGRAM: &str = "\
macro_rules! inner {
    (a) => { 1 };
    ($x:ident) => { 2 };
    (b) => { 3 };
}
macro_rules! outer {
    () => { inner!(a) };
    ($x:tt) => { inner!($x) };
}
#[allow(unused_macros)]
macro_rules! unused {
    () => { 4 };
    (x) => { 5 };
}
fn main() {
    println!(\"{}\", outer!());
}
";

    /// What the program prints, compiled by the workspace's rustc.
    fn prints(text: &str, scratch: &Scratch, name: &str) -> String {
        let source = scratch.path.join(format!("{name}.rs"));
        std::fs::write(&source, text).expect("can write the program");
        let binary = scratch.path.join(name);
        let built = Command::new("rustc")
            .arg("--edition=2021")
            .arg("-o")
            .arg(&binary)
            .arg(&source)
            .status()
            .expect("rustc runs");
        assert!(built.success(), "{text}");
        let output = Command::new(&binary).output().expect("the program runs");
        String::from_utf8(output.stdout).expect("UTF-8")
    }

    #[test]
    fn arms_no_call_takes_go_and_the_program_prints_the_same() {
        let scratch = Scratch::new().expect("a scratch folder");
        let mut text = Mapped::default();
        text.push_str(PROGRAM);
        let analysis = analysis_compiler("rustc", Edition::E2021);
        let runs = drop_untaken_arms(&mut text, &analysis, &Hidden::default(), &scratch.path)
            .expect("the analysis runs");
        // Marked all, then `outer`'s first arm taken, then `inner`'s first, then none.
        assert_eq!(runs, 3);
        let kept = "\
macro_rules! inner {
    (a) => { 1 };
}
macro_rules! outer {
    () => { inner!(a) };
}
";
        assert!(text.text.starts_with(kept), "{}", text.text);
        assert!(text.text.contains("(x) => { 5 };"), "{}", text.text);
        assert_eq!(prints(&text.text, &scratch, "pruned"), prints(PROGRAM, &scratch, "whole"));
        assert_eq!(prints(&text.text, &scratch, "pruned"), "1\n");
    }
}
