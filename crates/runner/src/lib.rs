//! The testdata runner: every `testdata/<problem>/*.in` through the release binary and through
//! the bundle compiled by the judge's compiler.
//!
//! It first builds, in release mode, exactly the binaries it runs (the solver, and the checker
//! or the interactor where the problem has one). The bundle is compiled as the problem's judge
//! profile says, once: by Debian's rustc 1.63 where the judge runs an old rustc, by the
//! workspace's rustc with the judge's edition where it runs a newer one (the bundler leaves
//! that check to this compile, which also makes the executable); a bundle that does not compile
//! is one CE line with the first compiler error at its line in the crate. `--quick` leaves the
//! bundle out.
//!
//! An ordinary case's output is compared with its `.out` by the problem's checker (`checker` in
//! its metadata; its time is shown when it is not small). An interactive problem's cases are
//! `.in` files alone, each run against the interactor (`interactive.rs`). Per run it prints the
//! verdict (AC; WA with the checker's or the interactor's reason; RE with the exit status or
//! signal and the panic's message and place, or the first stderr line; TLE or MLE against the
//! judge's limits; SUSPECT when a hand-written sample's `.out` is what the problem's oracle
//! disagrees with), the program's CPU time and its own peak memory (`process.rs` says how that
//! is measured, and why the program gets an empty environment). The counts are returned as a
//! [`Tally`]; `xtask testdata` prints them as `testdata: N passed, N failed`.

mod cargo;
mod check;
mod interactive;
mod make;
mod process;
pub mod same_program;
pub mod scale;
mod stderr;
pub mod suite;

use std::cell::OnceCell;
use std::collections::HashSet;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use judge_meta::protocol::checker_name;
use judge_meta::{CheckerSpec, ProblemMeta};

pub use make::run as make;
pub use process::measure_main;

use check::TimedChecker;

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

/// The problems as the runner sees them.
pub fn read_problems(root: &Path, names: &[String]) -> Result<Vec<Problem>, String> {
    let target = target_dir(root);
    names.iter().map(|name| Problem::read(root, &target, name)).collect()
}

/// Builds, in release mode and in one cargo run, the binaries the testdata of `problems` runs.
pub fn build_for(root: &Path, problems: &[Problem]) -> Result<(), String> {
    let binaries: Vec<Vec<&str>> = problems.iter().map(|p| p.binaries().collect()).collect();
    let packages: Vec<(&str, &[&str])> =
        problems.iter().zip(&binaries).map(|(p, b)| (p.name.as_str(), b.as_slice())).collect();
    build(root, &packages)
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

fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

/// What every run needs: the measuring helper (this executable, as `xtask measure`) and a
/// scratch folder for outputs and reports, removed at the end.
pub struct Runner {
    pub helper: PathBuf,
    dir: PathBuf,
}

impl Runner {
    fn new() -> Result<Runner, String> {
        let helper = std::env::current_exe()
            .map_err(|e| format!("cannot find the xtask executable (the measuring helper): {e}"))?;
        // One folder per runner: the test command runs several at once.
        static RUNNERS: AtomicUsize = AtomicUsize::new(0);
        let n = RUNNERS.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("xtask-testdata-{}-{n}", std::process::id()));
        fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        Ok(Runner { helper, dir })
    }

    /// A scratch file's path.
    pub fn file(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

impl Drop for Runner {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

/// A problem as the runner sees it.
pub struct Problem {
    name: String,
    meta: ProblemMeta,
    cases: Vec<PathBuf>,
    /// The cases written by hand (the samples): those `.generated` does not list.
    hand_written: HashSet<PathBuf>,
    release: PathBuf,
    /// `<problem>-check`, for a problem with its own checker.
    checker: Option<String>,
    /// `<problem>-interactor`, for an interactive problem.
    interactor: Option<String>,
    /// `<problem>-naive`, the oracle, for a problem that has one: it judges the hand-written
    /// samples that the solver fails. Built the first time it is needed.
    oracle: Option<String>,
    built_oracle: OnceCell<Result<PathBuf, String>>,
}

impl Problem {
    fn read(root: &Path, target: &Path, name: &str) -> Result<Problem, String> {
        let meta = judge_meta::problem::read(root, name)?;
        let dir = root.join("testdata").join(name);
        let cases = list_cases(&dir)?;
        let generated = make::generated(&dir);
        let hand_written = cases
            .iter()
            .filter(|case| {
                let stem = case.file_stem().unwrap_or_default().to_string_lossy();
                !generated.contains(stem.as_ref())
            })
            .cloned()
            .collect();
        let interactor = meta.interactor();
        let checker = meta.checker_program();
        let oracle_name = format!("{name}-naive");
        let oracle = meta.dir.join("src/bin").join(format!("{oracle_name}.rs")).is_file();
        let release = target.join("release").join(name);
        Ok(Problem {
            name: name.to_string(),
            meta,
            cases,
            hand_written,
            release,
            checker,
            interactor,
            oracle: oracle.then_some(oracle_name),
            built_oracle: OnceCell::new(),
        })
    }

    /// The oracle's release binary, built now if this run has not built it yet.
    fn oracle(&self, root: &Path) -> Option<&Result<PathBuf, String>> {
        let oracle = self.oracle.as_deref()?;
        Some(self.built_oracle.get_or_init(|| {
            build(root, &[(&self.name, &[oracle])])?;
            Ok(self.release.with_file_name(oracle))
        }))
    }

    /// The binaries the runner runs: the solver, and its checker or interactor.
    fn binaries(&self) -> impl Iterator<Item = &str> {
        [Some(self.name.as_str()), self.checker.as_deref(), self.interactor.as_deref()]
            .into_iter()
            .flatten()
    }
}

/// Builds, in release mode and in one cargo run, the given binaries of each package.
fn build(root: &Path, packages: &[(&str, &[&str])]) -> Result<(), String> {
    cargo::build_release(root, packages)
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
                let line = verdict_line("CE", &problem.name, "(every case)", "bundle", "-", "-");
                say(out, format!("{line}{first_error}"))?;
                tally.count(false);
            }
        }
    }
    let release_dir = problem.release.parent().expect("the release binary is in a folder");
    let checker = TimedChecker::new(
        meta.checker,
        release_dir.join(checker_name(&problem.name)),
        runner.dir.clone(),
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
            if verdict.code == "WA" && problem.hand_written.contains(case) {
                let oracle_says =
                    suspect.get_or_init(|| oracle_on_sample(runner, root, problem, case, &checker));
                if let Some(why) = oracle_says {
                    verdict.code = "SUSPECT";
                    verdict.detail = format!("{why}; the solver's output: {}", verdict.detail);
                }
            }
            let time = verdict.time.map_or("-".into(), |t| format!("{:.3} s", t.as_secs_f64()));
            let memory =
                verdict.peak_kib.map_or("-".into(), |kib| format!("{:.1} MB", kib as f64 / 1024.0));
            let line = verdict_line(verdict.code, &problem.name, &name, variant, &time, &memory);
            say(out, format!("{line}{}", verdict.detail))?;
            if verdict.code != "AC" && !verdict.exchange.is_empty() {
                say(
                    out,
                    "     last lines of the exchange (> solver to interactor, < back):".into(),
                )?;
                for line in &verdict.exchange {
                    say(out, format!("     | {line}"))?;
                }
            }
            tally.count(verdict.code == "AC");
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
    code: &str,
    problem: &str,
    case: &str,
    variant: &str,
    time: &str,
    memory: &str,
) -> String {
    format!("{code:<4} {problem} {case:<28} {variant:<8} {time:>8} {memory:>9}  ")
}

/// The `.in` files of a testdata folder, sorted by name.
fn list_cases(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
    let mut cases = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|ext| ext == "in") {
            cases.push(path);
        }
    }
    cases.sort();
    if cases.is_empty() {
        return Err(format!("{} holds no .in files", dir.display()));
    }
    Ok(cases)
}

/// Bundles `problem` and compiles it as its judge does; the executable, or the first error
/// (the bundler's, or the compiler's with its place).
///
/// The judge's compiler runs once: the bundler is asked for every check but the judge's own,
/// which is this compile (with code generation, so it also makes the executable). When it
/// fails, the bundler runs again with that check, which places the error in the crate.
fn compile_bundle(root: &Path, problem: &str, meta: &ProblemMeta) -> Result<PathBuf, String> {
    let bundler_stopped = |e: String| {
        format!("the bundler stopped: {}", e.lines().next().unwrap_or("no reason given"))
    };
    let dir = target_dir(root).join("bundles").join(problem);
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let profile = meta.profile;
    let mut options = bundler::Options::for_profile(profile, false)?;
    let judges_own = |check: &bundler::JudgeCheck| {
        check.compiler.program == profile.rustc_program()
            && check
                .compiler
                .flags
                .iter()
                .map(String::as_str)
                .eq(profile.rustc_flags.iter().copied())
    };
    options.checks.before_2024.retain(|check| !judges_own(check));
    options.checks.after_2024.retain(|check| !judges_own(check));
    let bundle =
        bundler::bundle_crate(root, &meta.dir, problem, &options).map_err(bundler_stopped)?;
    let source_path = dir.join("Main.rs");
    fs::write(&source_path, &bundle.text)
        .map_err(|e| format!("cannot write {}: {e}", source_path.display()))?;
    let executable = dir.join("Main");
    let rustc = profile.rustc_program();
    let output = profile
        .compile_command(&source_path, &executable)
        .output()
        .map_err(|e| format!("cannot run {rustc}: {e}"))?;
    if !output.status.success() {
        bundler::bundle_problem(root, problem, false).map_err(bundler_stopped)?;
        let shown = source_path.strip_prefix(root).unwrap_or(&source_path);
        return Err(first_compiler_error(&String::from_utf8_lossy(&output.stderr), shown));
    }
    Ok(executable)
}

/// `target/bundles/p/Main.rs:3:5: error[E0425]: cannot find value `x` in this scope` from
/// rustc's human-readable diagnostics; the first stderr line if there is no `error` line.
fn first_compiler_error(stderr: &str, source: &Path) -> String {
    let mut lines = stderr.lines();
    let Some(error) = lines.by_ref().find(|line| line.starts_with("error")) else {
        return stderr.lines().next().unwrap_or("rustc failed without a message").to_string();
    };
    // The place is on the next line: ` --> /path/Main.rs:3:5`.
    let place =
        lines.next().and_then(|line| line.trim_start().strip_prefix("--> ")).and_then(|place| {
            let mut parts = place.rsplitn(3, ':');
            let (column, line) = (parts.next()?, parts.next()?);
            Some(format!("{}:{line}:{column}", source.display()))
        });
    match place {
        Some(place) => format!("{place}: {error}"),
        None => format!("{}: {error}", source.display()),
    }
}

/// One run's verdict, as printed.
struct Verdict {
    code: &'static str,
    /// The program's CPU time (for a killed run, the wall time at the kill).
    time: Option<Duration>,
    peak_kib: Option<u64>,
    detail: String,
    /// For an interactive run, the last lines of the exchange.
    exchange: Vec<String>,
}

impl Verdict {
    fn new(code: &'static str, detail: String) -> Verdict {
        Verdict { code, time: None, peak_kib: None, detail, exchange: Vec::new() }
    }
}

/// Runs `program` on one ordinary case and judges its output.
fn judge_output(
    runner: &Runner,
    program: &Path,
    input: &Path,
    meta: &ProblemMeta,
    checker: &TimedChecker,
) -> Verdict {
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
            return Verdict { time: Some(hard_limit), ..Verdict::new("TLE", detail) };
        }
        Err(e) => return Verdict::new("RE", e),
    };
    let verdict = |code, detail| Verdict {
        time: Some(usage.cpu),
        peak_kib: Some(usage.peak_kib),
        ..Verdict::new(code, detail)
    };
    if usage.cpu > time_limit {
        return verdict("TLE", format!("over {} ms", meta.time_limit_ms));
    }
    if !usage.exit.success() {
        let stderr = fs::read(&stderr_path).unwrap_or_default();
        return verdict("RE", format!("{}; {}", usage.exit, stderr::summary(&stderr)));
    }
    if usage.peak_kib > meta.memory_limit_mb * 1024 {
        return verdict("MLE", format!("over {} MB", meta.memory_limit_mb));
    }
    let expected_path = input.with_extension("out");
    let expected = match fs::read(&expected_path) {
        Ok(expected) => expected,
        Err(e) => return verdict("FAIL", format!("cannot read {}: {e}", expected_path.display())),
    };
    let found = match fs::read(&stdout_path) {
        Ok(found) => found,
        Err(e) => return verdict("FAIL", format!("cannot read the output: {e}")),
    };
    let checked = checker.check(input, &expected, &found);
    let (code, mut detail) = match checked.verdict {
        Ok(()) => ("AC", String::new()),
        Err(why) => ("WA", why),
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
) -> Verdict {
    let time_limit = Duration::from_millis(meta.time_limit_ms);
    let wall_limit = time_limit * INTERACTIVE_WALL_FACTOR;
    let run = match interactive::run(runner, program, interactor, case, wall_limit) {
        Ok(run) => run,
        Err(e) => return Verdict::new("RE", e),
    };
    let (code, detail) = interactive::verdict(&run, time_limit, meta.memory_limit_mb * 1024);
    Verdict {
        code,
        time: run.solver.map(|usage| usage.cpu).or(run.killed_after),
        peak_kib: run.solver.map(|usage| usage.peak_kib),
        detail,
        exchange: run.exchange,
    }
}

#[cfg(test)]
mod tests {
    use super::first_compiler_error;
    use std::path::Path;

    #[test]
    fn the_first_compiler_error_has_its_place() {
        let stderr = "warning: unused variable: `y`\n --> /w/target/bundles/p/Main.rs:1:5\n\n\
                      error[E0425]: cannot find value `x` in this scope\n \
                      --> /w/target/bundles/p/Main.rs:12:9\n   |\n12 |     x\n\n\
                      error: aborting due to previous error\n";
        let source = Path::new("target/bundles/p/Main.rs");
        assert_eq!(
            first_compiler_error(stderr, source),
            "target/bundles/p/Main.rs:12:9: error[E0425]: cannot find value `x` in this scope"
        );
        assert_eq!(
            first_compiler_error("error: expected one of `;`\n", source),
            "target/bundles/p/Main.rs: error: expected one of `;`"
        );
        assert_eq!(first_compiler_error("", source), "rustc failed without a message");
    }
}
