//! `xtask testdata` (and the testdata jobs of `xtask test`): every `testdata/<problem>/*.in`
//! through the release binary and through the bundle compiled by the judge's compiler.
//!
//! It first builds, in release mode, exactly the binaries it runs (the solver, and the checker
//! or the interactor where the problem has one). The bundle is compiled as the problem's judge
//! profile says, once (`bundle.rs`); a bundle that does not compile is one CE line with the
//! first compiler error at its line in the crate. `--quick` leaves the bundle out.
//!
//! An ordinary case's output is compared with its `.out` by the problem's checker (`checker` in
//! its metadata; its time is shown when it is not small). An interactive problem's cases are
//! `.in` files alone, each run against the interactor (`interactive.rs`). Per run it prints the
//! verdict (AC; WA with the checker's or the interactor's reason; RE with the exit status or
//! signal and the panic's message and place, or the first stderr line; TLE or MLE against the
//! judge's limits, in the order `verdict.rs` holds; SUSPECT when a hand-written sample's `.out`
//! is what the problem's oracle disagrees with), the program's CPU time and its own peak memory
//! (`process.rs` says how that is measured, and why the program gets an empty environment).
//! The counts are returned as a [`Tally`]; `xtask testdata` prints them as
//! `testdata: N passed, N failed`.

use std::cell::OnceCell;
use std::fs;
use std::io::Write;
use std::path::Path;
use std::time::Duration;

use judge_meta::protocol::checker_name;
use judge_meta::{CheckerSpec, ProblemMeta};

use crate::bundle::compile_bundle;
use crate::check::TimedChecker;
use crate::problem::{build_for, read_problems, Problem};
use crate::runner::Runner;
use crate::verdict::{self, Judged, Limits, Verdict};
use crate::{interactive, process, stderr};

/// An ordinary run is killed after this many times the time limit (TLE is judged on CPU time),
/// so a hang cannot stall the suite.
const HARD_LIMIT_FACTOR: u32 = 5;

/// An interactive run is killed after this many times the time limit of wall time: the solver
/// waits for the interactor and the pipes run through the runner, so its wall time is more
/// than its CPU time.
const INTERACTIVE_WALL_FACTOR: u32 = 2;

/// A checker slower than this has its time shown beside the verdict.
const CHECKER_TIME_SHOWN: Duration = Duration::from_millis(50);

/// Builds what the testdata of `problems` needs (already checked to be problem crates), then
/// runs it, writing the verdict table to `out`. `quick`: the release binary only, no bundle.
pub fn run(
    root: &Path,
    problems: &[String],
    quick: bool,
    out: &mut dyn Write,
) -> Result<Tally, String> {
    let problems = read_problems(root, problems)?;
    build_for(root, &problems)?;
    run_built(root, &problems, quick, out)
}

/// Runs the testdata of `problems`, whose binaries [`build_for`] built.
pub fn run_built(
    root: &Path,
    problems: &[Problem],
    quick: bool,
    out: &mut dyn Write,
) -> Result<Tally, String> {
    let runner = Runner::new()?;
    let mut tally = Tally::default();
    for problem in problems {
        run_problem(&runner, root, problem, quick, &mut tally, out)?;
    }
    Ok(tally)
}

/// How many runs passed and failed.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    pub passed: usize,
    pub failed: usize,
}

impl Tally {
    fn count(&mut self, passed: bool) {
        if passed {
            self.passed += 1;
        } else {
            self.failed += 1;
        }
    }
}

fn run_problem(
    runner: &Runner,
    root: &Path,
    problem: &Problem,
    quick: bool,
    tally: &mut Tally,
    out: &mut dyn Write,
) -> Result<(), String> {
    let meta = &problem.meta;
    let judged_by = match (&problem.interactor, meta.checker) {
        (Some(interactor), _) => format!("interactor {interactor}"),
        (None, CheckerSpec::Builtin(checker)) => format!("checker {checker}"),
        (None, CheckerSpec::Binary) => format!("checker {}", checker_name(&problem.name)),
    };
    let say = |out: &mut dyn Write, line: String| {
        writeln!(out, "{line}").map_err(|e| format!("cannot write the report: {e}"))
    };
    say(
        out,
        format!(
            "== {}: {} cases, {} limits {} ms / {} MB, {judged_by}",
            problem.name,
            problem.cases.len(),
            meta.judge(),
            meta.time_limit_ms,
            meta.memory_limit_mb,
        ),
    )?;
    let mut programs = vec![("release", problem.release.clone())];
    if !quick {
        if !meta.profile.accepts_rust {
            say(
                out,
                format!(
                    "   ({} does not accept Rust: the bundle is checked as one file anyway)",
                    meta.judge()
                ),
            )?;
        }
        let compiler =
            format!("{}, `{}`", meta.profile.stand_in(), meta.profile.rustc_flags.join(" "));
        say(out, format!("   bundle: compiling with {compiler}"))?;
        match compile_bundle(root, &problem.name, meta) {
            Ok(executable) => programs.push(("bundle", executable)),
            Err(first_error) => {
                // One line for the problem: no case can run without the bundle.
                let line =
                    verdict_line(Verdict::CE, &problem.name, "(every case)", "bundle", "-", "-");
                say(out, format!("{line}{first_error}"))?;
                tally.count(false);
            }
        }
    }
    let release_dir = problem.release_dir();
    let checker = TimedChecker::new(
        meta.checker,
        release_dir.join(checker_name(&problem.name)),
        runner.dir().to_path_buf(),
    );
    for case in &problem.cases {
        let name = case.file_stem().expect("a case has a name").to_string_lossy();
        // What the oracle says of a hand-written sample's `.out`, asked once per case.
        let suspect = OnceCell::new();
        for (variant, program) in &programs {
            let mut verdict = match &problem.interactor {
                Some(interactor) => {
                    judge_interactive(runner, program, &release_dir.join(interactor), case, meta)
                }
                None => judge_output(runner, program, case, meta, &checker),
            };
            // Paths in a panic's place are shown from the workspace's root.
            verdict.detail = verdict.detail.replace(&format!("{}/", root.display()), "");
            if verdict.verdict == Verdict::WA && problem.hand_written.contains(case) {
                let oracle_says =
                    suspect.get_or_init(|| oracle_on_sample(runner, root, problem, case, &checker));
                if let Some(why) = oracle_says {
                    verdict.verdict = Verdict::SUSPECT;
                    verdict.detail = format!("{why}; the solver's output: {}", verdict.detail);
                }
            }
            let time = verdict.time.map_or("-".into(), |t| format!("{:.3} s", t.as_secs_f64()));
            let memory =
                verdict.peak_kib.map_or("-".into(), |kib| format!("{:.1} MB", kib as f64 / 1024.0));
            let line = verdict_line(verdict.verdict, &problem.name, &name, variant, &time, &memory);
            say(out, format!("{line}{}", verdict.detail))?;
            if verdict.verdict != Verdict::AC && !verdict.exchange.is_empty() {
                say(
                    out,
                    "     last lines of the exchange (> solver to interactor, < back):".into(),
                )?;
                for line in &verdict.exchange {
                    say(out, format!("     | {line}"))?;
                }
            }
            tally.count(verdict.verdict == Verdict::AC);
        }
    }
    Ok(())
}

/// Why a hand-written sample's expected output is suspect, if the problem's oracle disagrees
/// with it: `None` when the oracle agrees (or there is no oracle to ask).
fn oracle_on_sample(
    runner: &Runner,
    root: &Path,
    problem: &Problem,
    case: &Path,
    checker: &TimedChecker,
) -> Option<String> {
    // An oracle that does not build says nothing of the sample (the build said why).
    let oracle = problem.oracle(root)?.as_ref().ok()?;
    let name = problem.oracle.as_deref().expect("an oracle was built");
    let (stdout, stderr) = (runner.file("oracle-stdout"), runner.file("oracle-stderr"));
    let limit = Duration::from_millis(problem.meta.time_limit_ms) * HARD_LIMIT_FACTOR;
    let report = runner.file("oracle-report");
    let usage =
        process::run_to_files(&runner.helper, report, oracle, case, &stdout, &stderr, limit);
    if !matches!(usage, Ok(Some(usage)) if usage.exit.success()) {
        return None; // an oracle that cannot answer says nothing of the sample
    }
    let expected = fs::read(case.with_extension("out")).ok()?;
    let oracle_output = fs::read(&stdout).ok()?;
    let shown = case.with_extension("out");
    let shown = shown.file_name().unwrap_or_default().to_string_lossy();
    checker.check(case, &oracle_output, &expected).verdict.err().map(|why| {
        format!("{shown} is the suspect: the oracle {name} disagrees with it too ({why})")
    })
}

/// A verdict line up to its detail: `AC   boj-11559 judge-01   release  0.001 s  2.1 MB  `.
fn verdict_line(
    code: Verdict,
    problem: &str,
    case: &str,
    variant: &str,
    time: &str,
    memory: &str,
) -> String {
    format!("{code:<4} {problem} {case:<28} {variant:<8} {time:>8} {memory:>9}  ")
}

/// Runs `program` on one ordinary case and judges its output.
fn judge_output(
    runner: &Runner,
    program: &Path,
    input: &Path,
    meta: &ProblemMeta,
    checker: &TimedChecker,
) -> Judged {
    let limits = limits(meta);
    let time_limit = Duration::from_millis(meta.time_limit_ms);
    let hard_limit = time_limit * HARD_LIMIT_FACTOR;
    let (stdout_path, stderr_path) = (runner.file("stdout"), runner.file("stderr"));
    let run = process::run_to_files(
        &runner.helper,
        runner.file("report"),
        program,
        input,
        &stdout_path,
        &stderr_path,
        hard_limit,
    );
    let usage = match run {
        Ok(Some(usage)) => usage,
        Ok(None) => {
            let detail = format!("killed after {} s of wall time", hard_limit.as_secs_f64());
            return Judged { time: Some(hard_limit), ..Judged::new(Verdict::TLE, detail) };
        }
        Err(e) => return Judged::new(Verdict::RE, e),
    };
    let verdict = |code, detail| Judged::of_run(code, detail, &usage);
    let failure = || Some(stderr::summary(&fs::read(&stderr_path).unwrap_or_default()));
    if let Some((code, detail)) = verdict::of_usage(&usage, limits, failure) {
        return verdict(code, detail);
    }
    let expected_path = input.with_extension("out");
    let expected = match fs::read(&expected_path) {
        Ok(expected) => expected,
        Err(e) => {
            return verdict(Verdict::FAIL, format!("cannot read {}: {e}", expected_path.display()))
        }
    };
    let found = match fs::read(&stdout_path) {
        Ok(found) => found,
        Err(e) => return verdict(Verdict::FAIL, format!("cannot read the output: {e}")),
    };
    let checked = checker.check(input, &expected, &found);
    let (code, mut detail) = match checked.verdict {
        Ok(()) => (Verdict::AC, String::new()),
        Err(why) => (Verdict::WA, why),
    };
    if checked.time >= CHECKER_TIME_SHOWN {
        let separator = if detail.is_empty() { "" } else { "; " };
        detail = format!("{detail}{separator}checker {:.3} s", checked.time.as_secs_f64());
    }
    verdict(code, detail)
}

/// Runs `program` against the interactor on one case.
fn judge_interactive(
    runner: &Runner,
    program: &Path,
    interactor: &Path,
    case: &Path,
    meta: &ProblemMeta,
) -> Judged {
    let limits = limits(meta);
    let wall_limit = limits.time * INTERACTIVE_WALL_FACTOR;
    let run = match interactive::run(runner, program, interactor, case, wall_limit) {
        Ok(run) => run,
        Err(e) => return Judged::new(Verdict::RE, e),
    };
    let (verdict, detail) = interactive::verdict(&run, limits);
    Judged {
        verdict,
        time: run.solver.map(|usage| usage.cpu).or(run.killed_after),
        peak_kib: run.solver.map(|usage| usage.peak_kib),
        detail,
        exchange: run.exchange,
    }
}

/// The judge's limits on a run of `meta`'s problem.
fn limits(meta: &ProblemMeta) -> Limits {
    Limits {
        time: Duration::from_millis(meta.time_limit_ms),
        memory_kib: meta.memory_limit_mb * 1024,
    }
}
