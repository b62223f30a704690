//! `xtask test` (behind `scripts/test.sh`): the one command that proves the workspace works.
//!
//! A full run builds what the testdata runs and the problems' integration tests in release
//! (the stress and CLI tests run the code as the judge and scripts/stress.sh do), their unit
//! tests and every test of the tools and libraries in the test profile (cargo's JSON messages
//! say what was built, `cargo.rs`), then runs at once, on every core, the test executables,
//! each library's doc-tests and each problem's testdata (release binary and bundle), the
//! slowest first: the durations of the last run are kept in `target/xtask-test-times.tsv`, and
//! before there is one the tools' tests (which build fixtures) go first. Naming problems tests
//! only them and builds only what they need. Every library (judge-io among them) is also
//! compiled whole as each judge meets it (`bundler::check_library`: rustc 1.63 as Rust 2015
//! and 2021, the workspace's rustc as Rust 2024, the oldest judge's std APIs), so its
//! mistakes show where it is written; naming a library runs its tests and that check.
//! `--quick` is the loop after an edit: the release build of the named problems and their
//! testdata through the release binary, and a named library's check.
//!
//! Counts are data, not text read back: each test executable runs with libtest's `--logfile`
//! (one `ok NAME`, `failed NAME` or `ignored NAME` line per test) after `--list` said which
//! tests it holds; a test that the log does not name, in an executable that failed, failed
//! (the executable crashed before it finished). The runner returns its own [`Tally`].
//! It prints a line as each job ends (and which still run, when nothing ended for a while),
//! the output of what failed, the verdict tables, the slowest jobs, and then
//! `N passed, N failed` alone on the last line.

use std::collections::{HashMap, VecDeque};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

use judge_meta::problem::{self, Role};

use crate::cargo::{self, TestBinary, TestBuild, TestSelection};
use crate::problem::{build_for, read_problems, target_dir, Problem};
use crate::process;
use crate::testdata::{counted, run_built, Table, Tally};

/// A job that runs longer than this is killed (no test may hang the suite).
const JOB_WALL_LIMIT: Duration = Duration::from_secs(15 * 60);

/// With no job ending for this long, the jobs still running are named.
const HEARTBEAT: Duration = Duration::from_secs(15);

/// How long a job of each class usually takes, seconds, for the order before a run has
/// measured it: tools' tests (which build fixtures), testdata, problems' integration tests
/// (stress), doc-tests, unit tests.
const USUAL_SECONDS: [f64; 5] = [20.0, 8.0, 4.0, 2.0, 0.5];

/// What libtest says of `--logfile`, kept out of a failure's output: the option still works
/// and is how the counts are read; if a libtest ever drops it, every executable fails with
/// its message, and the counts say so.
const LOGFILE_WARNING: &str = "warning: `--logfile` is deprecated";

/// How many lines of a failed job's output are shown.
const SHOWN_LINES: usize = 400;

/// What a test run covers: the named problems and libraries (already checked to be such),
/// or, when both are empty, the whole workspace.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    pub problems: Vec<String>,
    pub libraries: Vec<String>,
}

impl Selection {
    fn whole_workspace(&self) -> bool {
        self.problems.is_empty() && self.libraries.is_empty()
    }
}

/// Runs the tests of `selection`; whether everything passed.
pub fn run(root: &Path, selection: &Selection, quick: bool) -> Result<bool, String> {
    let whole_workspace = selection.whole_workspace();
    let names = if whole_workspace { problem::problems(root)? } else { selection.problems.clone() };
    let libraries = if whole_workspace {
        problem::crates_with_role(root, Role::Library)?
    } else {
        selection.libraries.clone()
    };
    let testdata = read_problems(root, &names)?;
    if quick {
        build_for(root, &testdata)?;
        let workers = crate::testdata::every_core();
        let table = Table::new(&testdata, true, workers);
        let mut tally = run_built(root, &testdata, table, &mut std::io::stdout())?;
        println!("testdata: {} passed, {} failed", tally.passed, tally.failed);
        for library in &selection.libraries {
            let outcome = check_library(root, library);
            print!("{}", outcome.output);
            tally.passed += outcome.passed;
            tally.failed += outcome.failed;
        }
        return Ok(finish(tally));
    }
    println!(
        "== compilers: {}; the judges' stand-in: {}",
        version("rustc"),
        version(judge_meta::profiles::RUSTC_163)
    );
    if !testdata.is_empty() {
        println!("== build: what the testdata runs ({})", names.join(", "));
        if let Err(e) = build_for(root, &testdata) {
            eprintln!("error: {e}");
            return Ok(finish(Tally { passed: 0, failed: 1 }));
        }
    }
    let (build, build_failed) = build_tests(root, &names, &selection.libraries, whole_workspace)?;
    let scratch = Scratch::new()?;
    let times_path = target_dir(root).join("xtask-test-times.tsv");
    let last_times = read_times(&times_path);
    let jobs = plan(root, build, testdata, &libraries, &last_times);
    let started = Instant::now();
    let workers =
        std::thread::available_parallelism().map_or(1, |n| n.get()).min(jobs.len()).max(1);
    println!("== running {} jobs, {workers} at a time", jobs.len());
    let ended = run_jobs(root, jobs, workers, &scratch.path);
    let job_cpu: Duration = ended.iter().filter_map(|(_, outcome)| outcome.cpu).sum();
    println!(
        "   the jobs took {:.1} s (CPU of the test processes {:.1} s; testdata runs here)",
        started.elapsed().as_secs_f64(),
        job_cpu.as_secs_f64()
    );
    let tally = report(&ended, build_failed);
    let times: Vec<(&str, f64)> =
        ended.iter().map(|(job, outcome)| (job.name.as_str(), outcome.seconds)).collect();
    write_times(&times_path, &last_times, &times);
    Ok(finish(tally))
}

/// Builds the test executables: the problems' integration tests (stress, CLI) in release, as
/// the judge and scripts/stress.sh run the code, beside the binaries the testdata runs; their
/// unit tests, the named libraries' tests, and with `whole_workspace` every test of the tools
/// and libraries, in the test profile. What was built, and whether a build failed (its errors
/// are printed).
fn build_tests(
    root: &Path,
    problems: &[String],
    libraries: &[String],
    whole_workspace: bool,
) -> Result<(TestBuild, bool), String> {
    let mut selections = Vec::new();
    let integration = integration_tests(root, problems);
    if !integration.is_empty() {
        let targets = integration.iter().flat_map(|name| ["--test".to_string(), name.clone()]);
        selections.push(TestSelection {
            packages: problems.to_vec(),
            targets: targets.collect(),
            release: true,
        });
    }
    let unit_targets = unit_test_targets(root, problems);
    if !unit_targets.is_empty() {
        selections.push(TestSelection {
            packages: problems.to_vec(),
            targets: unit_targets,
            release: false,
        });
    }
    let others = if whole_workspace {
        let mut others = problem::crates_with_role(root, Role::Tool)?;
        others.extend(problem::crates_with_role(root, Role::Library)?);
        others.sort();
        others
    } else {
        libraries.to_vec()
    };
    if !others.is_empty() {
        let targets = ["--lib", "--bins", "--tests"].map(String::from).to_vec();
        selections.push(TestSelection { packages: others, targets, release: false });
    }
    let mut build = TestBuild::default();
    let mut failed = false;
    for selection in &selections {
        println!("== build: {}", selection.shown());
        let started = Instant::now();
        match cargo::build_tests(root, selection) {
            Ok(built) => {
                println!(
                    "   built in {:.1} s (CPU {:.1} s)",
                    started.elapsed().as_secs_f64(),
                    built.cpu.as_secs_f64()
                );
                build.binaries.extend(built.binaries);
                build.doc_tested.extend(built.doc_tested);
            }
            Err(e) => {
                eprintln!("error: {e}");
                failed = true;
            }
        }
    }
    build.doc_tested.sort();
    build.doc_tested.dedup();
    Ok((build, failed))
}

/// The jobs, the slowest first (so that the last to end are short): as long as the last run
/// took, else as long as such jobs usually take.
fn plan(
    root: &Path,
    build: TestBuild,
    testdata: Vec<Problem>,
    libraries: &[String],
    last_times: &HashMap<String, f64>,
) -> Vec<Job> {
    let mut jobs = Vec::new();
    for binary in build.binaries {
        let class = if problem::role(root, &binary.package) == Some(Role::Tool) {
            0
        } else if binary.integration {
            2
        } else {
            4
        };
        jobs.push(Job::new(binary.shown(), class, Work::Binary(binary)));
    }
    // One case at a time: the pool already keeps every core busy. The tables print together,
    // so their problem column is as wide as the longest name of them all.
    let table = Table::new(&testdata, false, 1);
    for problem in testdata {
        let name = format!("testdata {}", problem.name);
        jobs.push(Job::new(name, 1, Work::Testdata(Box::new(problem), table)));
    }
    for package in build.doc_tested {
        jobs.push(Job::new(format!("{package} doc-tests"), 3, Work::DocTests(package)));
    }
    for library in libraries {
        let name = format!("{library} as every judge meets it");
        jobs.push(Job::new(name, 3, Work::LibraryCheck(library.clone())));
    }
    let expected = |job: &Job| {
        last_times.get(&job.name).copied().unwrap_or(USUAL_SECONDS[usize::from(job.class)])
    };
    jobs.sort_by(|a, b| expected(b).total_cmp(&expected(a)).then_with(|| a.name.cmp(&b.name)));
    jobs
}

/// Prints what failed, the testdata tables, the slowest jobs and the counts of each kind;
/// the counts in all (a failed build counts one failure).
fn report(ended: &[(Job, Outcome)], build_failed: bool) -> Tally {
    let mut tests = Tally { passed: 0, failed: usize::from(build_failed) };
    let mut runs = Tally::default();
    for (job, outcome) in ended {
        let tally = if job.is_testdata() { &mut runs } else { &mut tests };
        tally.passed += outcome.passed;
        tally.failed += outcome.failed;
    }
    let failed: Vec<_> =
        ended.iter().filter(|(job, outcome)| outcome.failed > 0 && !job.is_testdata()).collect();
    if !failed.is_empty() {
        println!("== what failed");
        for (job, outcome) in failed {
            println!("--- {} ({} failed)", job.name, outcome.failed);
            print_cut(&outcome.output);
        }
    }
    println!("== testdata");
    let mut tables: Vec<_> = ended.iter().filter(|(job, _)| job.is_testdata()).collect();
    tables.sort_by_key(|(job, _)| job.order);
    for (_, outcome) in tables {
        print!("{}", outcome.output);
    }
    let mut slowest: Vec<&(Job, Outcome)> = ended.iter().collect();
    slowest.sort_by(|a, b| b.1.seconds.total_cmp(&a.1.seconds));
    println!("== slowest jobs (wall time, CPU time of their processes)");
    for (job, outcome) in slowest.iter().take(5) {
        let cpu =
            outcome.cpu.map_or("      -".to_string(), |cpu| format!("{:7.2} s", cpu.as_secs_f64()));
        println!("   {:7.2} s  {cpu}  {}", outcome.seconds, job.name);
    }
    println!("cargo test: {} passed, {} failed", tests.passed, tests.failed);
    println!("testdata: {} passed, {} failed", runs.passed, runs.failed);
    Tally { passed: tests.passed + runs.passed, failed: tests.failed + runs.failed }
}

/// The names of the integration tests of `packages` (`tests/NAME.rs`, `tests/NAME/main.rs`),
/// each once.
fn integration_tests(root: &Path, packages: &[String]) -> Vec<String> {
    let mut names = Vec::new();
    for package in packages {
        let Some(dir) = problem::crate_dir(root, package) else { continue };
        let Ok(entries) = fs::read_dir(dir.join("tests")) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = match path.extension() {
                Some(ext) if ext == "rs" => path.file_stem(),
                None if path.join("main.rs").is_file() => path.file_name(),
                _ => None,
            };
            if let Some(name) = name.and_then(|n| n.to_str()) {
                names.push(name.to_string());
            }
        }
    }
    names.sort();
    names.dedup();
    names
}

/// The unit-test targets of problem crates: each library, and the binaries whose source
/// holds tests (a `#[test]`, a `cfg(test)` or a module of its own); a problem's binaries are
/// one-line mains, and each would be a test executable of no tests.
fn unit_test_targets(root: &Path, packages: &[String]) -> Vec<String> {
    let mut targets = Vec::new();
    for package in packages {
        let Some(dir) = problem::crate_dir(root, package) else { continue };
        if dir.join("src/lib.rs").is_file() && !targets.contains(&"--lib".to_string()) {
            targets.push("--lib".to_string());
        }
        let mut bins = vec![(package.clone(), dir.join("src/main.rs"))];
        if let Ok(entries) = fs::read_dir(dir.join("src/bin")) {
            for path in entries.flatten().map(|entry| entry.path()) {
                if let Some(name) = path.file_stem().and_then(|n| n.to_str()) {
                    bins.push((name.to_string(), path.clone()));
                }
            }
        }
        for (name, source) in bins {
            let text = fs::read_to_string(&source).unwrap_or_default();
            let has_tests = text.contains("#[test]")
                || text.contains("cfg(test)")
                || text.lines().any(|line| line.trim_start().starts_with("mod "));
            if has_tests {
                targets.extend(["--bin".to_string(), name]);
            }
        }
    }
    targets
}

/// Prints the last line, `N passed, N failed`; whether nothing failed.
fn finish(tally: Tally) -> bool {
    println!("{} passed, {} failed", tally.passed, tally.failed);
    tally.failed == 0
}

/// `rustc 1.95.0 (...)`, or why not.
fn version(rustc: &str) -> String {
    match Command::new(rustc).arg("--version").output() {
        Ok(output) if output.status.success() => {
            String::from_utf8_lossy(&output.stdout).trim().to_string()
        }
        _ => format!("{rustc} does not run"),
    }
}

/// Prints `text`, its last `SHOWN_LINES` lines when longer.
fn print_cut(text: &str) {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() > SHOWN_LINES {
        println!("   ({} lines before these)", lines.len() - SHOWN_LINES);
    }
    for line in &lines[lines.len().saturating_sub(SHOWN_LINES)..] {
        println!("{line}");
    }
}

/// One thing the pool runs.
struct Job {
    name: String,
    /// For an order without past times: tools' tests, testdata, problems' integration
    /// tests, doc-tests, then unit tests.
    class: u8,
    /// Where it stood when made (testdata tables print in this order).
    order: usize,
    work: Work,
}

enum Work {
    Binary(TestBinary),
    DocTests(String),
    Testdata(Box<Problem>, Table),
    /// A library compiled whole as each judge meets it.
    LibraryCheck(String),
}

impl Job {
    fn new(name: String, class: u8, work: Work) -> Job {
        static MADE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let order = MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Job { name, class, order, work }
    }

    fn is_testdata(&self) -> bool {
        matches!(self.work, Work::Testdata(..))
    }
}

/// How a job ended.
#[derive(Debug, Default)]
struct Outcome {
    passed: usize,
    failed: usize,
    /// What it printed (for testdata, its verdict table).
    output: String,
    seconds: f64,
    /// The CPU time of its processes (none for testdata, which runs in this process).
    cpu: Option<Duration>,
    /// What was counted, for the progress line: `test`, `run` or `check` (made plural there).
    unit: &'static str,
}

/// Runs `jobs` on `workers` threads; each job with its outcome, in the order they ended.
fn run_jobs(root: &Path, jobs: Vec<Job>, workers: usize, scratch: &Path) -> Vec<(Job, Outcome)> {
    let queue = Mutex::new(VecDeque::from(jobs));
    let running: Mutex<Vec<(String, Instant)>> = Mutex::new(Vec::new());
    let (done, ended) = mpsc::channel::<(Job, Outcome)>();
    let mut results = Vec::new();
    std::thread::scope(|scope| {
        for worker in 0..workers {
            let (queue, running, done) = (&queue, &running, done.clone());
            scope.spawn(move || loop {
                let Some(job) = queue.lock().expect("no worker panics").pop_front() else {
                    break;
                };
                running.lock().expect("no worker panics").push((job.name.clone(), Instant::now()));
                let started = Instant::now();
                let mut outcome = job.work.run(root, &scratch.join(format!("worker-{worker}")));
                outcome.seconds = started.elapsed().as_secs_f64();
                running.lock().expect("no worker panics").retain(|(name, _)| *name != job.name);
                if done.send((job, outcome)).is_err() {
                    break;
                }
            });
        }
        drop(done);
        loop {
            match ended.recv_timeout(HEARTBEAT) {
                Ok((job, outcome)) => {
                    println!("{}", progress_line(&job, &outcome));
                    results.push((job, outcome));
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let running = running.lock().expect("no worker panics");
                    let names: Vec<String> = running
                        .iter()
                        .map(|(name, since)| format!("{name} ({} s)", since.elapsed().as_secs()))
                        .collect();
                    println!("   ... still running: {}", names.join(", "));
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
    });
    results
}

/// `   ok    40 tests   16.70 s  bundler src/lib.rs (CPU 12.3 s)`.
fn progress_line(job: &Job, outcome: &Outcome) -> String {
    let verdict = if outcome.failed == 0 { "ok  " } else { "FAIL" };
    let (passed, failed, unit) = (outcome.passed, outcome.failed, outcome.unit);
    let counts = if failed == 0 {
        counted(passed, unit)
    } else {
        format!("{failed} of {} failed", counted(passed + failed, unit))
    };
    let cpu = outcome.cpu.map_or(String::new(), |cpu| format!(" (CPU {:.1} s)", cpu.as_secs_f64()));
    format!("   {verdict} {counts:>20} {:7.2} s  {}{cpu}", outcome.seconds, job.name)
}

impl Work {
    fn run(&self, root: &Path, scratch: &Path) -> Outcome {
        if let Err(e) = fs::create_dir_all(scratch) {
            return Outcome {
                failed: 1,
                output: format!("cannot create {}: {e}", scratch.display()),
                ..Outcome::default()
            };
        }
        match self {
            Work::Binary(binary) => run_binary(binary, scratch),
            Work::DocTests(package) => run_doc_tests(root, package, scratch),
            Work::LibraryCheck(library) => check_library(root, library),
            Work::Testdata(problem, table) => {
                let mut lines = Vec::new();
                let result = run_built(root, std::slice::from_ref(problem), *table, &mut lines);
                let mut output = String::from_utf8_lossy(&lines).into_owned();
                let tally = result.unwrap_or_else(|e| {
                    output.push_str(&format!("error: {e}\n"));
                    Tally { passed: 0, failed: 1 }
                });
                Outcome {
                    passed: tally.passed,
                    failed: tally.failed,
                    output,
                    unit: "run",
                    ..Outcome::default()
                }
            }
        }
    }
}

/// `bundler::check_library`: one passed or failed check per way a judge meets the library,
/// each a line of the output.
fn check_library(root: &Path, library: &str) -> Outcome {
    let mut outcome = Outcome { unit: "check", ..Outcome::default() };
    match bundler::check_library(root, library) {
        Ok(checks) => {
            for check in checks {
                match check.result {
                    Ok(()) => {
                        outcome.passed += 1;
                        outcome.output.push_str(&format!("ok   {library}: {}\n", check.what));
                    }
                    Err(why) => {
                        outcome.failed += 1;
                        outcome
                            .output
                            .push_str(&format!("FAIL {library}: {}: {why}\n", check.what));
                    }
                }
            }
        }
        Err(why) => {
            outcome.failed += 1;
            outcome.output.push_str(&format!("error: {library}: {why}\n"));
        }
    }
    outcome
}

/// Runs one test executable as cargo would (in its package's folder, with the variables
/// cargo sets), counting its tests from libtest's list and log.
fn run_binary(binary: &TestBinary, scratch: &Path) -> Outcome {
    let command = || {
        let mut command = Command::new(&binary.executable);
        command
            .current_dir(&binary.package_dir)
            .env("CARGO", cargo::program())
            .env("CARGO_MANIFEST_DIR", &binary.package_dir)
            .env("CARGO_MANIFEST_PATH", binary.package_dir.join("Cargo.toml"))
            .env("CARGO_PKG_NAME", &binary.package);
        command
    };
    if !binary.libtest {
        // Its own main: one test, passed when it succeeds.
        let run = execute(command(), &scratch.join("log"), scratch);
        let (passed, failed) = if run.succeeded { (1, 0) } else { (0, 1) };
        let output = run.output;
        return Outcome {
            passed,
            failed,
            output,
            cpu: Some(run.cpu),
            unit: "test",
            ..Outcome::default()
        };
    }
    let listed = match command().args(["--list", "--format", "terse"]).output() {
        Ok(output) if output.status.success() => {
            listed_tests(&String::from_utf8_lossy(&output.stdout))
        }
        Ok(output) => {
            let why = String::from_utf8_lossy(&output.stderr).into_owned();
            return Outcome {
                failed: 1,
                output: format!("cannot list its tests:\n{why}"),
                unit: "test",
                ..Outcome::default()
            };
        }
        Err(e) => {
            return Outcome {
                failed: 1,
                output: format!("cannot run {}: {e}", binary.executable.display()),
                unit: "test",
                ..Outcome::default()
            }
        }
    };
    let log = scratch.join("log");
    let mut run = command();
    run.args(["-q", "--logfile"]).arg(&log);
    let run = execute(run, &log, scratch);
    count(&listed, &fs::read_to_string(&log).unwrap_or_default(), run)
}

/// The doc-tests of `package`'s library, through `cargo test --doc` (rustdoc compiles each).
fn run_doc_tests(root: &Path, package: &str, scratch: &Path) -> Outcome {
    let log = scratch.join("log");
    let mut run = Command::new(cargo::program());
    run.current_dir(root).args(["test", "-q", "--doc", "-p", package, "--", "--logfile"]).arg(&log);
    let run = execute(run, &log, scratch);
    let log = fs::read_to_string(&log).unwrap_or_default();
    // The doc-tests are listed by the run itself: every test is in its log.
    let listed: Vec<String> = log
        .lines()
        .filter_map(|line| line.split_once(' '))
        .map(|(_, name)| name.to_string())
        .collect();
    count(&listed, &log, run)
}

/// How a command of a job ended.
struct Executed {
    succeeded: bool,
    /// What it printed, stdout and stderr as they came.
    output: String,
    /// Its CPU time and that of the processes it waited for (compilers, fixture builds).
    cpu: Duration,
}

/// Runs `command` with its stdout and stderr into one file (removing `log` first), killing it
/// after [`JOB_WALL_LIMIT`].
fn execute(mut command: Command, log: &Path, scratch: &Path) -> Executed {
    let _ = fs::remove_file(log);
    let failed = |output: String| Executed { succeeded: false, output, cpu: Duration::ZERO };
    let output_path = scratch.join("output");
    let file = match fs::File::create(&output_path) {
        Ok(file) => file,
        Err(e) => return failed(format!("cannot create {}: {e}", output_path.display())),
    };
    let stderr = match file.try_clone() {
        Ok(copy) => copy,
        Err(e) => return failed(format!("cannot share {}: {e}", output_path.display())),
    };
    let child = match command.stdin(Stdio::null()).stdout(file).stderr(stderr).spawn() {
        Ok(child) => child,
        Err(e) => return failed(format!("cannot run {:?}: {e}", command.get_program())),
    };
    let usage = process::wait_within(&child, JOB_WALL_LIMIT);
    let mut output = fs::read_to_string(&output_path).unwrap_or_default();
    // libtest's own word on the option this runner reads its counts through.
    if output.contains(LOGFILE_WARNING) {
        output = output
            .lines()
            .filter(|line| *line != LOGFILE_WARNING)
            .map(|line| format!("{line}\n"))
            .collect();
    }
    match usage {
        Ok(Some(usage)) => {
            let succeeded = usage.exit.success();
            if !succeeded {
                // A crash says nothing of its own: say how it ended.
                output.push_str(&format!("(the process ended: {})\n", usage.exit));
            }
            Executed { succeeded, output, cpu: usage.cpu }
        }
        Ok(None) => failed(format!("{output}\nkilled after {} s\n", JOB_WALL_LIMIT.as_secs())),
        Err(e) => failed(format!("{output}\n{e}\n")),
    }
}

/// The test names of libtest's `--list --format terse` (`NAME: test` lines).
fn listed_tests(list: &str) -> Vec<String> {
    list.lines().filter_map(|line| line.strip_suffix(": test")).map(str::to_string).collect()
}

/// The outcome of a run whose tests are `listed`, from libtest's `log` (`ok NAME`,
/// `failed NAME`, `ignored NAME`) and whether the run `succeeded`: a listed test that the log
/// does not name failed if the run failed; a failed run with no failed test counts one
/// failure (it broke outside its tests).
fn count(listed: &[String], log: &str, run: Executed) -> Outcome {
    let succeeded = run.succeeded;
    let results: HashMap<&str, &str> = log
        .lines()
        .filter_map(|line| line.split_once(' '))
        .map(|(result, name)| (name, result))
        .collect();
    let mut outcome =
        Outcome { output: run.output, cpu: Some(run.cpu), unit: "test", ..Outcome::default() };
    for name in listed {
        match results.get(name.as_str()) {
            Some(&"ok") => outcome.passed += 1,
            Some(&"ignored") => {}
            Some(_) => outcome.failed += 1,
            None if !succeeded => outcome.failed += 1,
            None => {}
        }
    }
    if !succeeded && outcome.failed == 0 {
        outcome.failed = 1;
    }
    outcome
}

/// The seconds each job took in the last run (`SECONDS<tab>NAME` lines).
fn read_times(path: &Path) -> HashMap<String, f64> {
    let text = fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter_map(|line| {
            let (seconds, name) = line.split_once('\t')?;
            Some((name.to_string(), seconds.parse().ok()?))
        })
        .collect()
}

/// Keeps this run's times, and the earlier ones of jobs this run did not have.
fn write_times(path: &Path, last: &HashMap<String, f64>, now: &[(&str, f64)]) {
    let mut times = last.clone();
    times.extend(now.iter().map(|(name, seconds)| (name.to_string(), *seconds)));
    let mut lines: Vec<String> =
        times.iter().map(|(name, seconds)| format!("{seconds:.2}\t{name}")).collect();
    lines.sort();
    let _ = fs::write(path, lines.join("\n") + "\n");
}

/// The run's scratch folder (test logs and outputs), removed at the end.
struct Scratch {
    path: PathBuf,
}

impl Scratch {
    fn new() -> Result<Scratch, String> {
        let path = std::env::temp_dir().join(format!("xtask-test-{}", std::process::id()));
        fs::create_dir_all(&path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        Ok(Scratch { path })
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::{count, listed_tests, read_times, Executed};
    use std::time::Duration;

    fn ran(succeeded: bool) -> Executed {
        Executed { succeeded, output: String::new(), cpu: Duration::ZERO }
    }

    #[test]
    fn counts_come_from_the_list_and_the_log() {
        let listed = listed_tests("a::one: test\na::two: test\nb: test\nbench_x: benchmark\n");
        assert_eq!(listed, ["a::one", "a::two", "b"]);
        let log = "ok a::one\nfailed a::two\nignored b\n";
        let outcome = count(&listed, log, ran(false));
        assert_eq!((outcome.passed, outcome.failed), (1, 1));
        // A run that crashed in `a::two`: it and the tests after it, never logged, failed.
        let outcome = count(&listed, "ok a::one\n", ran(false));
        assert_eq!((outcome.passed, outcome.failed), (1, 2));
        // All passed; and a failure outside any test still counts once.
        let outcome = count(&listed, "ok a::one\nok a::two\nok b\n", ran(true));
        assert_eq!((outcome.passed, outcome.failed), (3, 0));
        let outcome = count(&listed, "ok a::one\nok a::two\nok b\n", ran(false));
        assert_eq!((outcome.passed, outcome.failed), (3, 1));
    }

    #[test]
    fn past_times_read_back() {
        let dir = std::env::temp_dir().join(format!("runner-times-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let path = dir.join("times.tsv");
        std::fs::write(&path, "1.50\tbundler src/lib.rs\nnot a line\n0.25\ttestdata a b\n")
            .expect("write");
        let times = read_times(&path);
        assert_eq!(times.len(), 2);
        assert_eq!(times["testdata a b"], 0.25);
        std::fs::remove_dir_all(&dir).expect("cleaning up");
    }
}
