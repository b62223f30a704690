//! `xtask testdata` (and the testdata jobs of `xtask test`): every `testdata/<problem>/*.in`
//! through the release binary and through the bundle compiled by the judge's compiler.
//!
//! It first builds, in release mode, exactly the binaries it runs (the solver, and the checker
//! or the interactor where the problem has one). The bundle is compiled as the problem's judge
//! profile says, once (`bundle.rs`); a bundle that does not compile is one CE line with the
//! first compiler error at its line in the crate. `--quick` leaves the bundle out.
//!
//! Every program runs under the judge's limits (`process.rs`: CPU time, memory, its own
//! process group). An ordinary case's output is judged as it streams in, by the problem's
//! checker (`checker` in its metadata; `check.rs`): the run stops at the first difference or
//! past the output limit, so the runner holds little of it; its stderr keeps its head and tail.
//! An interactive problem's cases are `.in` files alone, each run against the interactor
//! (`interactive.rs`). A problem's cases run on every core (one at a time inside `xtask
//! test`'s pool) and print in order. Per run it prints the verdict (AC; WA with the checker's
//! or the interactor's reason; RE with the exit status or signal and the panic's message and
//! place, or the first stderr line; TLE, MLE or OLE against the judge's limits, in the order
//! `verdict.rs` holds; SUSPECT when a hand-written sample's `.out` is what the problem's
//! oracle disagrees with, `suspect.rs`), the program's CPU time and its own peak memory
//! (`process.rs` says how that is measured, and why the program gets an empty environment).
//! The counts are returned as a [`Tally`]; `xtask testdata` prints them as
//! `testdata: N passed, N failed`.

use std::cell::OnceCell;
use std::collections::BTreeMap;
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use judge_meta::protocol::checker_name;
use judge_meta::{CheckerSpec, ProblemMeta};

use crate::bundle::compile_bundle;
use crate::check::{Early, TimedChecker};
use crate::problem::{build_for, judge_limits, read_problems, Problem};
use crate::process::{wall_limit, Ended, KillReason, Limits, Measured};
use crate::runner::Runner;
use crate::verdict::{self, Judged, Verdict};
use crate::{interactive, process, stderr, suspect};

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
    let table = Table::new(&problems, quick, every_core());
    run_built(root, &problems, table, out)
}

/// How many cases run at once to use every core.
pub fn every_core() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// How a verdict table is made: with the bundle or not (`quick`), how many cases of a problem
/// run at once, and the width of the problem column.
#[derive(Debug, Clone, Copy)]
pub struct Table {
    pub quick: bool,
    /// Cases of a problem run at once (each program's CPU time and memory are its own, so
    /// they are measured alike however many run; the lines are printed in the cases' order).
    pub workers: usize,
    /// The problem column's width: the longest problem name of the run.
    pub width: usize,
}

impl Table {
    /// A table for a run of `problems` (or more: [`Table::width`] may be widened).
    pub fn new(problems: &[Problem], quick: bool, workers: usize) -> Table {
        let width = problems.iter().map(|problem| problem.name.len()).max().unwrap_or(0);
        Table { quick, workers: workers.max(1), width }
    }
}

/// Runs the testdata of `problems`, whose binaries `build_for` built, as `table` says.
pub fn run_built(
    root: &Path,
    problems: &[Problem],
    table: Table,
    out: &mut dyn Write,
) -> Result<Tally, String> {
    let mut tally = Tally::default();
    let run = Run { root, table };
    for problem in problems {
        run_problem(&run, problem, &mut tally, out)?;
    }
    Ok(tally)
}

/// What every problem of one run shares.
struct Run<'a> {
    root: &'a Path,
    table: Table,
}

/// One case's lines of the table, and its counts.
#[derive(Default)]
struct CaseReport {
    lines: Vec<String>,
    tally: Tally,
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
    run: &Run,
    problem: &Problem,
    tally: &mut Tally,
    out: &mut dyn Write,
) -> Result<(), String> {
    let (root, quick) = (run.root, run.table.quick);
    let meta = &problem.meta;
    let checked_by = match (&problem.interactor, meta.checker) {
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
            "== {}: {}, {} limits {} ms / {} MB, {checked_by}",
            problem.name,
            counted(problem.cases.len(), "case"),
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
                let name = format!("{:<1$}", problem.name, run.table.width);
                let line = verdict_line(Verdict::CE, &name, "(every case)", "bundle", "-", "-");
                say(out, format!("{line}{first_error}"))?;
                tally.count(false);
            }
        }
    }
    let release_dir = problem.release_dir();
    let programs = &programs;
    let cases = &problem.cases;
    let workers = run.table.workers.min(cases.len()).max(1);
    // Each worker its own scratch folder (outputs, reports, a checker program's files).
    let runners = (0..workers).map(|_| Runner::new()).collect::<Result<Vec<_>, _>>()?;
    let next = AtomicUsize::new(0);
    let (done, reports) = mpsc::channel::<(usize, CaseReport)>();
    let mut written = Ok(());
    std::thread::scope(|scope| {
        for runner in &runners {
            let (next, done) = (&next, done.clone());
            scope.spawn(move || {
                let checker = TimedChecker::new(
                    meta.checker,
                    release_dir.join(checker_name(&problem.name)),
                    runner.dir().to_path_buf(),
                );
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(case) = cases.get(index) else { break };
                    let report = run_case(run, runner, problem, case, programs, &checker);
                    if done.send((index, report)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done);
        // Printed in the cases' order, each as soon as those before it are.
        let mut waiting = BTreeMap::new();
        let mut printed = 0;
        for (index, report) in reports {
            waiting.insert(index, report);
            while let Some(report) = waiting.remove(&printed) {
                printed += 1;
                tally.passed += report.tally.passed;
                tally.failed += report.tally.failed;
                for line in report.lines {
                    if written.is_ok() {
                        written = say(out, line);
                    }
                }
            }
        }
    });
    written
}

/// Runs one case through each program (the release binary, the bundle).
fn run_case(
    run: &Run,
    runner: &Runner,
    problem: &Problem,
    case: &Path,
    programs: &[(&str, PathBuf)],
    checker: &TimedChecker,
) -> CaseReport {
    let (root, meta) = (run.root, &problem.meta);
    let release_dir = problem.release_dir();
    let name = case.file_stem().expect("a case has a name").to_string_lossy();
    let problem_name = format!("{:<1$}", problem.name, run.table.width);
    let mut report = CaseReport::default();
    // What the oracle says of a hand-written sample's `.out`, asked once per case.
    let suspect = OnceCell::new();
    for (variant, program) in programs {
        let mut verdict = match &problem.interactor {
            Some(interactor) => {
                play_against_interactor(runner, program, &release_dir.join(interactor), case, meta)
            }
            None => run_and_check(runner, program, case, meta, checker),
        };
        // Paths in a panic's place are shown from the workspace's root.
        verdict.detail = verdict.detail.replace(&format!("{}/", root.display()), "");
        if verdict.verdict == Verdict::WA && problem.hand_written.contains(case) {
            let oracle_says =
                suspect.get_or_init(|| oracle_on_sample(runner, root, problem, case, checker));
            if let Some((oracle, oracle_says)) = oracle_says {
                let sample = case.with_extension("out");
                let sample = sample.file_name().unwrap_or_default().to_string_lossy();
                verdict.verdict = Verdict::SUSPECT;
                verdict.detail = suspect::detail(&sample, oracle, oracle_says, &verdict.detail);
            }
        }
        let time = verdict.time.map_or("-".into(), |t| format!("{:.3} s", t.as_secs_f64()));
        let memory =
            verdict.peak_kib.map_or("-".into(), |kib| format!("{:.1} MB", kib as f64 / 1024.0));
        let line = verdict_line(verdict.verdict, &problem_name, &name, variant, &time, &memory);
        report.lines.push(format!("{line}{}", verdict.detail));
        if verdict.verdict != Verdict::AC && !verdict.exchange.is_empty() {
            report
                .lines
                .push("     last lines of the exchange (> solver to interactor, < back):".into());
            for line in &verdict.exchange {
                report.lines.push(format!("     | {line}"));
            }
        }
        report.tally.count(verdict.verdict == Verdict::AC);
    }
    report
}

/// `1 case`, `2 cases`.
pub fn counted(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// What the checker says of the oracle's output against a hand-written sample's `.out`, with
/// the oracle's name, if they disagree: `None` when the oracle agrees (or there is no oracle
/// to ask).
fn oracle_on_sample(
    runner: &Runner,
    root: &Path,
    problem: &Problem,
    case: &Path,
    checker: &TimedChecker,
) -> Option<(String, String)> {
    // An oracle that does not build says nothing of the sample (the build said why).
    let oracle = problem.oracle(root)?.as_ref().ok()?;
    let name = problem.oracle.as_deref().expect("an oracle was built");
    let (stdout, stderr) = (runner.file("oracle-stdout"), runner.file("oracle-stderr"));
    let limits = judge_limits(&problem.meta);
    let report = runner.file("oracle-report");
    let usage = process::run_to_files(
        &runner.helper,
        report,
        oracle,
        case,
        &stdout,
        &stderr,
        wall_limit(limits.time),
        Some(limits),
    );
    if !matches!(usage, Ok(Some(usage)) if usage.exit.success()) {
        return None; // an oracle that cannot answer says nothing of the sample
    }
    let expected = fs::read(case.with_extension("out")).ok()?;
    let oracle_output = fs::read(&stdout).ok()?;
    // As the solver's output is checked: against the `.out`.
    let why = checker.check(case, &expected, &oracle_output).verdict.err()?;
    Some((name.to_string(), why))
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

/// Runs `program` on one ordinary case and judges its output as it streams (`check.rs`):
/// the run is stopped at the first difference or past the output limit, and stderr keeps
/// its head and tail, so the runner's memory stays small whatever the program prints.
fn run_and_check(
    runner: &Runner,
    program: &Path,
    input: &Path,
    meta: &ProblemMeta,
    checker: &TimedChecker,
) -> Judged {
    let limits = judge_limits(meta);
    let expected_path = input.with_extension("out");
    let expected = match fs::read(&expected_path) {
        Ok(expected) => expected,
        Err(e) => {
            let detail = format!("cannot read {}: {e}", expected_path.display());
            return Judged::new(Verdict::FAIL, detail);
        }
    };
    let judging = checker.judging(&expected, limits.output_bytes, &runner.file("stdout"));
    let mut judging = match judging {
        Ok(judging) => judging,
        Err(e) => return Judged::new(Verdict::FAIL, e),
    };
    let stdin = match fs::File::open(input) {
        Ok(file) => file,
        Err(e) => {
            return Judged::new(Verdict::FAIL, format!("cannot open {}: {e}", input.display()))
        }
    };
    let started = Measured::start(
        &runner.helper,
        runner.file("report"),
        program,
        &[],
        stdin.into(),
        Stdio::piped(),
        Stdio::piped(),
        Some(limits),
    );
    let mut run = match started {
        Ok(run) => run,
        Err(e) => return Judged::new(Verdict::RE, e),
    };
    let (_, stdout, stderr) = run.take_pipes();
    let stop = AtomicBool::new(false);
    let (ended, early, stderr) = std::thread::scope(|scope| {
        let (judging, stop) = (&mut judging, &stop);
        let reader = scope.spawn(move || {
            let mut stdout = stdout.expect("piped");
            let mut buffer = vec![0; 1 << 16];
            loop {
                match stdout.read(&mut buffer) {
                    Ok(0) => return None,
                    Ok(n) => {
                        if let Err(early) = judging.feed(&buffer[..n]) {
                            stop.store(true, Ordering::SeqCst);
                            return Some(early);
                        }
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(_) => return None,
                }
            }
        });
        let stderr = stderr.expect("piped");
        let stderr = scope.spawn(move || stderr::HeadTail::read_all(stderr));
        let ended = run.watch(wall_limit(limits.time), stop);
        (ended, reader.join().expect("the reader does not panic"), stderr.join())
    });
    let stderr = stderr.map(|kept| kept.bytes()).unwrap_or_default();
    let usage = match ended {
        Ok(Ended::Finished(usage)) => usage,
        Ok(Ended::Killed(killed)) if killed.why == KillReason::Stopped => {
            // Stopped only when the reader judged the output early.
            let (verdict, detail) = early_verdict(early.unwrap_or(Early::OverLimit), limits);
            let detail = with_checker_time(verdict, detail, judging.time());
            let time = killed.cpu.or(Some(killed.after));
            return Judged { time, peak_kib: killed.resident_kib, ..Judged::new(verdict, detail) };
        }
        Ok(Ended::Killed(killed)) => return verdict::of_kill(&killed, limits),
        Err(e) => return Judged::new(Verdict::RE, e),
    };
    let verdict = |code, detail| Judged::of_run(code, detail, &usage);
    // The output was judged before the program ended: that verdict stands, and how the
    // program then ended is the runner's doing (it stopped reading: a broken pipe).
    if let Some(early) = early {
        let (code, detail) = early_verdict(early, limits);
        return verdict(code, with_checker_time(code, detail, judging.time()));
    }
    let failure = || Some(stderr::summary(&stderr));
    if let Some((code, detail)) = verdict::of_usage(&usage, limits, failure) {
        return verdict(code, detail);
    }
    let checked = judging.finish(input, &expected_path);
    let (code, detail) = match checked.verdict {
        Ok(()) => (Verdict::AC, String::new()),
        Err(why) => (Verdict::WA, why),
    };
    verdict(code, with_checker_time(code, detail, checked.time))
}

/// The verdict on an output judged before it ended.
fn early_verdict(early: Early, limits: Limits) -> (Verdict, String) {
    match early {
        Early::Wrong(why) => (Verdict::WA, why),
        Early::OverLimit => (Verdict::OLE, verdict::over_output(limits)),
        Early::Failed(why) => (Verdict::FAIL, why),
    }
}

/// `detail`, with the checker's time after it when the checker judged (AC or WA) and took
/// long enough to show.
fn with_checker_time(verdict: Verdict, detail: String, time: Duration) -> String {
    if time < CHECKER_TIME_SHOWN || !matches!(verdict, Verdict::AC | Verdict::WA) {
        return detail;
    }
    let separator = if detail.is_empty() { "" } else { "; " };
    format!("{detail}{separator}checker {:.3} s", time.as_secs_f64())
}

/// Runs `program` against the interactor on one case.
fn play_against_interactor(
    runner: &Runner,
    program: &Path,
    interactor: &Path,
    case: &Path,
    meta: &ProblemMeta,
) -> Judged {
    let limits = judge_limits(meta);
    let wall_limit = wall_limit(limits.time);
    let run = match interactive::run(runner, program, interactor, case, wall_limit, Some(limits)) {
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
