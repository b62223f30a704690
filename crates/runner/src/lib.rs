//! The testdata runner: every `testdata/<problem>/*.in` through the release binary and through
//! the bundle compiled by the judge's compiler.
//!
//! It first builds, in release mode, exactly the binaries it runs (the solver, and the checker
//! or the interactor where the problem has one). The bundle is compiled as the problem's judge
//! profile says: by Debian's rustc 1.63 where the judge runs an old rustc, by the workspace's
//! rustc with the judge's edition where it runs a newer one; a bundle that does not compile is
//! one CE line with the first compiler error. `--quick` leaves the bundle out.
//!
//! An ordinary case's output is compared with its `.out` by the problem's checker (`checker` in
//! its metadata; its time is shown when it is not small). An interactive problem's cases are
//! `.in` files alone, each run against the interactor (`interactive.rs`). Per run it prints the
//! verdict (AC; WA with the checker's or the interactor's reason; RE with the exit status or
//! signal; TLE or MLE against the judge's limits), the program's CPU time and its own peak
//! memory (`process.rs` says how that is measured). It ends with `testdata: N passed, N failed`.

mod check;
mod interactive;
mod make;
mod process;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
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

/// Runs the testdata of `problems` (already checked to be problem crates); true if every run
/// passed. `quick`: the release binary only, no bundle.
pub fn run(root: &Path, problems: &[String], quick: bool) -> Result<bool, String> {
    let target = target_dir(root);
    let problems: Vec<Problem> =
        problems.iter().map(|name| Problem::read(root, &target, name)).collect::<Result<_, _>>()?;
    let binaries: Vec<Vec<&str>> = problems.iter().map(|p| p.binaries().collect()).collect();
    let packages: Vec<(&str, &[&str])> =
        problems.iter().zip(&binaries).map(|(p, b)| (p.name.as_str(), b.as_slice())).collect();
    build(root, &packages)?;
    let runner = Runner::new()?;
    let mut tally = Tally::default();
    for problem in &problems {
        run_problem(&runner, root, &target, problem, quick, &mut tally)?;
    }
    println!("testdata: {} passed, {} failed", tally.passed, tally.failed);
    Ok(tally.failed == 0)
}

#[derive(Default)]
struct Tally {
    passed: usize,
    failed: usize,
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
        let dir = std::env::temp_dir().join(format!("xtask-testdata-{}", std::process::id()));
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
struct Problem {
    name: String,
    meta: ProblemMeta,
    cases: Vec<PathBuf>,
    release: PathBuf,
    /// `<problem>-check`, for a problem with its own checker.
    checker: Option<String>,
    /// `<problem>-judge`, for an interactive problem.
    interactor: Option<String>,
}

impl Problem {
    fn read(root: &Path, target: &Path, name: &str) -> Result<Problem, String> {
        let meta = judge_meta::problem::read(root, name)?;
        let cases = list_cases(&root.join("testdata").join(name))?;
        let interactor = meta.interactor();
        let checker = meta.checker_program();
        let release = target.join("release").join(name);
        Ok(Problem { name: name.to_string(), meta, cases, release, checker, interactor })
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
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command.current_dir(root).args(["build", "-q", "--release"]);
    for (package, binaries) in packages {
        command.args(["-p", package]);
        for binary in *binaries {
            command.args(["--bin", binary]);
        }
    }
    let status = command.status().map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        let names: Vec<&str> = packages.iter().map(|(package, _)| *package).collect();
        return Err(format!("the release build of {} failed", names.join(", ")));
    }
    Ok(())
}

fn run_problem(
    runner: &Runner,
    root: &Path,
    target: &Path,
    problem: &Problem,
    quick: bool,
    tally: &mut Tally,
) -> Result<(), String> {
    let meta = &problem.meta;
    let judged_by = match (&problem.interactor, meta.checker) {
        (Some(interactor), _) => format!("interactor {interactor}"),
        (None, CheckerSpec::Builtin(checker)) => format!("checker {checker}"),
        (None, CheckerSpec::Binary) => format!("checker {}", checker_name(&problem.name)),
    };
    println!(
        "== {}: {} cases, {} limits {} ms / {} MB, {judged_by}",
        problem.name,
        problem.cases.len(),
        meta.judge(),
        meta.time_limit_ms,
        meta.memory_limit_mb,
    );
    let mut programs = vec![("release", problem.release.clone())];
    if !quick {
        if !meta.profile.accepts_rust {
            println!(
                "   ({} does not accept Rust: the bundle is checked as one file anyway)",
                meta.judge()
            );
        }
        let compiler =
            format!("{}, `{}`", meta.profile.stand_in(), meta.profile.rustc_flags.join(" "));
        println!("   bundle: compiling with {compiler}");
        match compile_bundle(root, target, &problem.name, meta) {
            Ok(executable) => programs.push(("bundle", executable)),
            Err(first_error) => {
                // One line for the problem: no case can run without the bundle.
                print_line("CE", &problem.name, "(every case)", "bundle", "-", "-", &first_error);
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
        for (variant, program) in &programs {
            let verdict = match &problem.interactor {
                Some(interactor) => {
                    judge_interactive(runner, program, &release_dir.join(interactor), case, meta)
                }
                None => judge_output(runner, program, case, meta, &checker),
            };
            print_line(
                verdict.code,
                &problem.name,
                &name,
                variant,
                &verdict.time.map_or("-".into(), |t| format!("{:.3} s", t.as_secs_f64())),
                &verdict
                    .peak_kib
                    .map_or("-".into(), |kib| format!("{:.1} MB", kib as f64 / 1024.0)),
                &verdict.detail,
            );
            if verdict.code != "AC" && !verdict.exchange.is_empty() {
                println!("     last lines of the exchange (> solver to interactor, < back):");
                for line in &verdict.exchange {
                    println!("     | {line}");
                }
            }
            tally.count(verdict.code == "AC");
        }
    }
    Ok(())
}

fn print_line(
    code: &str,
    problem: &str,
    case: &str,
    variant: &str,
    time: &str,
    memory: &str,
    detail: &str,
) {
    println!("{code:<4} {problem} {case:<28} {variant:<8} {time:>8} {memory:>9}  {detail}");
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
fn compile_bundle(
    root: &Path,
    target: &Path,
    problem: &str,
    meta: &ProblemMeta,
) -> Result<PathBuf, String> {
    let dir = target.join("bundles").join(problem);
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let source = bundler::bundle(root, problem).map_err(|e| {
        format!("the bundler stopped: {}", e.lines().next().unwrap_or("no reason given"))
    })?;
    let source_path = dir.join("Main.rs");
    fs::write(&source_path, source)
        .map_err(|e| format!("cannot write {}: {e}", source_path.display()))?;
    let executable = dir.join("Main");
    let rustc = meta.profile.rustc_program();
    let output = Command::new(rustc)
        .args(meta.profile.rustc_flags)
        .arg("-o")
        .arg(&executable)
        .arg(&source_path)
        .output()
        .map_err(|e| format!("cannot run {rustc}: {e}"))?;
    if !output.status.success() {
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
        let first =
            String::from_utf8_lossy(&stderr).lines().next().unwrap_or("no stderr").to_string();
        return verdict("RE", format!("{}; {first}", usage.exit));
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
