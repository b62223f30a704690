//! `xtask`: the workspace's own tools, behind the scripts in `scripts/`.
//!
//! ```text
//! xtask bundle [--compact] PROBLEM  one self-contained .rs file on stdout, its size on stderr,
//!                                   once it has done what cargo's build does on the testdata
//! xtask test [--quick] [PROBLEM...]  the tests (cargo's and every testdata case; --quick: the
//!                                   testdata through the release binary)
//! xtask test --watch PROBLEM        --quick PROBLEM again whenever its files change
//! xtask testdata [--quick] [PROBLEM...]
//!                                   every testdata case through the release binary and bundle
//!                                   (--quick: the release binary only)
//! xtask make-testdata PROBLEM      testdata/PROBLEM from crates/PROBLEM/testdata.list
//! xtask scale PROBLEM              how the solver's time grows with n (bench.sh --scale)
//! xtask problems [NAME...]          the problem crates (or checks that each NAME is one)
//! xtask profiles                    the judge profiles a problem's metadata can name
//! xtask new ...                     a new problem crate, a problem's kit, a library, or a
//!                                   problem from a saved page (`xtask new --help`)
//! xtask check-lib LIB...            each library compiled whole as every judge meets it
//!                                   (rustc 1.63 as Rust 2015 and 2021, the workspace's rustc
//!                                   as Rust 2024, the std APIs of the oldest judge's Rust)
//! xtask receive ...                 listens on 127.0.0.1 for Competitive Companion and makes
//!                                   a problem crate of each problem it sends (`--help`)
//! ```
//!
//!
//! `xtask measure REPORT RLIMITS PROGRAM [ARGS...]` is the testdata runner's own helper (it
//! runs a program under limits and writes its CPU time and peak memory to REPORT); see the
//! runner's `process.rs`. `xtask same-program PROBLEM BUNDLE.rs` runs a saved bundle against
//! cargo's release build on the problem's testdata, as `xtask bundle` does before it prints
//! one (the runner's `same_program.rs`): how a bundle a user reports is checked again.
//!
//! The work is done by the crates below: `bundler` (the bundle), `runner` (the testdata runner
//! and make-testdata), `scaffold` (new crates, from the command line or from a problem's page)
//! and `judge-meta` (profiles, problems and their metadata); this file is the command line
//! over them, but for `new` and `receive`, whose arguments, help and usage lines are
//! `scaffold::cli`'s (this file only dispatches to it).
//!
//! Bad arguments print a `usage:` line and exit 2; failures print `error: ...` and exit 1.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use judge_meta::problem::Role;
use runner::testdata::counted;

const USAGE: &str = "usage: xtask bundle [--compact] PROBLEM | test [--quick] [PROBLEM...] | \
                     test --watch PROBLEM | \
                     testdata [--quick] [PROBLEM...] | \
                     make-testdata PROBLEM | scale PROBLEM | \
                     problems [NAME...] | profiles | new NAME --judge PROFILE [OPTIONS] | \
                     new --kit PROBLEM | new --lib NAME | new --help | receive [OPTIONS] | \
                     check-lib LIB...";

/// Why a command stopped.
enum Stop {
    /// Bad arguments: the reason and the usage line; exit status 2.
    Usage(String, &'static str),
    /// A failure: `error: ...`, exit status 1.
    Error(String),
}

impl From<String> for Stop {
    fn from(message: String) -> Stop {
        Stop::Error(message)
    }
}

fn main() -> ExitCode {
    // The measuring helper first: it starts once per test run, and takes paths as they are.
    let raw: Vec<OsString> = std::env::args_os().skip(1).collect();
    if let [command, args @ ..] = raw.as_slice() {
        if command == "measure" {
            return match runner::measure_main(args) {
                Ok(()) => ExitCode::SUCCESS,
                Err(message) => {
                    eprintln!("error: {message}");
                    ExitCode::FAILURE
                }
            };
        }
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let root = workspace_root();
    match dispatch(&root, &args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(Stop::Error(message)) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
        Err(Stop::Usage(reason, usage)) => {
            eprintln!("error: {reason}");
            eprintln!("{usage}");
            ExitCode::from(2)
        }
    }
}

fn dispatch(root: &Path, args: &[&str]) -> Result<bool, Stop> {
    const BUNDLE: &str = "usage: scripts/bundle.sh [--compact] PROBLEM   (for example: \
                          scripts/bundle.sh boj-11559 > Main.rs)";
    match args {
        ["bundle", rest @ ..] => {
            let (compact, problem) = match rest {
                [problem] if !problem.starts_with('-') => (false, *problem),
                ["--compact", problem] | [problem, "--compact"] => (true, *problem),
                [] => return Err(Stop::Usage("PROBLEM is missing".to_string(), BUNDLE)),
                _ => {
                    let reason =
                        format!("expected one PROBLEM and --compact at most, found {rest:?}");
                    return Err(Stop::Usage(reason, BUNDLE));
                }
            };
            checked_problems(root, &[problem], BUNDLE)?;
            Ok(print_bundle(root, problem, compact)?)
        }
        ["test", "--watch", rest @ ..] => {
            const WATCH: &str = "usage: scripts/test.sh --watch PROBLEM";
            let [problem] = rest else {
                return Err(Stop::Usage("--watch takes one PROBLEM".to_string(), WATCH));
            };
            checked_problems(root, &[problem], WATCH)?;
            Ok(runner::watch::run(root, problem)?)
        }
        ["test", rest @ ..] => {
            const TEST: &str = "usage: scripts/test.sh [--quick] [PROBLEM|LIBRARY...] | \
                                scripts/test.sh --watch PROBLEM";
            let quick = rest.contains(&"--quick");
            let names: Vec<&str> = rest.iter().copied().filter(|arg| *arg != "--quick").collect();
            if let Some(option) = names.iter().find(|arg| arg.starts_with('-')) {
                return Err(Stop::Usage(format!("unknown option {option}"), TEST));
            }
            let mut selection = runner::suite::Selection::default();
            for name in names {
                match judge_meta::problem::role(root, name) {
                    Some(Role::Library) => selection.libraries.push(name.to_string()),
                    _ => selection.problems.extend(checked_problems(root, &[name], TEST)?),
                }
            }
            Ok(runner::suite::run(root, &selection, quick)?)
        }
        ["testdata", rest @ ..] => {
            const TESTDATA: &str = "usage: xtask testdata [--quick] [PROBLEM...]";
            let quick = rest.contains(&"--quick");
            let names: Vec<&str> = rest.iter().copied().filter(|arg| *arg != "--quick").collect();
            if let Some(option) = names.iter().find(|arg| arg.starts_with('-')) {
                return Err(Stop::Usage(format!("unknown option {option}"), TESTDATA));
            }
            let problems = if names.is_empty() {
                judge_meta::problem::problems(root)?
            } else {
                checked_problems(root, &names, TESTDATA)?
            };
            let tally = runner::run(root, &problems, quick, &mut std::io::stdout())?;
            println!("testdata: {} passed, {} failed", tally.passed, tally.failed);
            Ok(tally.failed == 0)
        }
        ["make-testdata", rest @ ..] => {
            const MAKE: &str = "usage: scripts/make-testdata.sh PROBLEM";
            let [problem] = rest else {
                let reason =
                    if rest.is_empty() { "PROBLEM is missing" } else { "one problem at a time" };
                return Err(Stop::Usage(reason.to_string(), MAKE));
            };
            if problem.starts_with('-') {
                return Err(Stop::Usage(format!("unknown option {problem}"), MAKE));
            }
            checked_problems(root, &[problem], MAKE)?;
            runner::make(root, problem)?;
            Ok(true)
        }
        ["scale", rest @ ..] => {
            const SCALE: &str = "usage: scripts/bench.sh PROBLEM --scale";
            let [problem] = rest else {
                return Err(Stop::Usage("one problem at a time".to_string(), SCALE));
            };
            checked_problems(root, &[problem], SCALE)?;
            runner::scale::run(root, problem)?;
            Ok(true)
        }
        ["problems", names @ ..] => {
            let problems = if names.is_empty() {
                judge_meta::problem::problems(root)?
            } else {
                checked_problems(root, names, "usage: xtask problems [NAME...]")?
            };
            for problem in problems {
                println!("{problem}");
            }
            Ok(true)
        }
        ["same-program", problem, bundle] => {
            const SAME: &str = "usage: xtask same-program PROBLEM BUNDLE.rs";
            checked_problems(root, &[problem], SAME)?;
            let text = std::fs::read_to_string(bundle)
                .map_err(|e| Stop::Usage(format!("cannot read {bundle}: {e}"), SAME))?;
            Ok(same_program(root, problem, &text)?)
        }
        ["profiles"] => {
            print_profiles();
            Ok(true)
        }
        ["check-lib", libraries @ ..] => {
            const CHECK_LIB: &str = "usage: xtask check-lib LIB...";
            if libraries.is_empty() {
                return Err(Stop::Usage(String::new(), CHECK_LIB));
            }
            for name in libraries {
                if judge_meta::problem::role(root, name) != Some(judge_meta::Role::Library) {
                    let reason = bundler::check_library(root, name)
                        .err()
                        .unwrap_or_else(|| format!("{name:?} is not a library"));
                    return Err(Stop::Usage(reason, CHECK_LIB));
                }
            }
            let mut passed = true;
            for name in libraries {
                passed &= check_library(root, name)?;
            }
            Ok(passed)
        }
        ["new", rest @ ..] => {
            let usage = scaffold::cli::new::USAGE;
            scaffold::cli::new::main(root, rest).map_err(|e| scaffold_stop(e, usage))?;
            Ok(true)
        }
        ["receive", rest @ ..] => {
            let usage = scaffold::cli::receive::USAGE;
            scaffold::cli::receive::main(root, rest).map_err(|e| scaffold_stop(e, usage))?;
            Ok(true)
        }
        [] => Err(Stop::Usage("a command is missing".to_string(), USAGE)),
        [command, ..] => Err(Stop::Usage(format!("unknown command {command:?}"), USAGE)),
    }
}

/// How a command of `scaffold` stopped: a bad argument with the command's usage line, or a
/// failure.
fn scaffold_stop(error: scaffold::new::NewError, usage: &'static str) -> Stop {
    match error {
        scaffold::new::NewError::BadArgument(reason) => Stop::Usage(reason, usage),
        scaffold::new::NewError::Failed(reason) => Stop::Error(reason),
    }
}

/// `names` if each is a problem crate; else a usage stop naming the one that is not.
fn checked_problems(root: &Path, names: &[&str], usage: &'static str) -> Result<Vec<String>, Stop> {
    judge_meta::problem::check_problems(root, names).map_err(|reason| Stop::Usage(reason, usage))
}

/// The workspace root: two levels above this crate's manifest, or `XTASK_WORKSPACE` (how the
/// runner's tests point it at a fixture workspace).
fn workspace_root() -> PathBuf {
    if let Some(root) = std::env::var_os("XTASK_WORKSPACE") {
        return PathBuf::from(root);
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("crates/xtask sits two levels below the workspace root")
        .to_path_buf()
}

/// Prints one line per way a judge meets the library `name` (`ok` or `FAIL`, then why, at the
/// library's line); whether every way compiled it.
fn check_library(root: &Path, name: &str) -> Result<bool, String> {
    let mut passed = true;
    for check in bundler::check_library(root, name)? {
        match check.result {
            Ok(()) => println!("ok    {name}: {}", check.what),
            Err(why) => {
                passed = false;
                println!("FAIL  {name}: {}", check.what);
                for line in why.lines() {
                    println!("      {line}");
                }
            }
        }
    }
    Ok(passed)
}

/// Writes the bundle to stdout and, to stderr, its size against the judge's limit and what
/// making it took (compiler runs, seconds).
fn print_bundle(root: &Path, problem: &str, compact: bool) -> Result<bool, String> {
    let meta = judge_meta::problem::read(root, problem)?;
    let progress: fn(&str) = |line| eprintln!("{line}");
    let bundle = bundler::bundle_problem_reporting(root, problem, compact, Some(progress))?;
    let size = bundle.text.len() as u64;
    let label = if compact { "--compact:" } else { "bundle:" };
    eprintln!("{}", size_report(size, &meta).replacen("bundle:", label, 1));
    let counts = [
        (bundle.repairs, "run", " after repairs"),
        (bundle.bisections, "bisection run", ""),
        (bundle.restored, "removal", " taken back"),
    ];
    let extra: String = counts
        .iter()
        .filter(|(n, _, _)| *n > 0)
        .map(|(n, what, after)| format!(", {}{after}", counted(*n, what)))
        .collect();
    let times =
        if bundle.checks == 1 { "once".to_string() } else { format!("{} times", bundle.checks) };
    eprintln!(
        "checked by rustc {times} ({}{extra}) in {:.2} s",
        counted(bundle.rounds, "pruning round"),
        bundle.seconds
    );
    for note in &bundle.notes {
        eprintln!("note: {note}");
    }
    if meta.source_limit_bytes.is_some_and(|limit| size > limit) {
        let hint = if compact { "" } else { " (try --compact)" };
        return Err(format!(
            "the bundle of {problem} is over {}'s source limit{hint}",
            meta.judge()
        ));
    }
    if !same_program(root, problem, &bundle.text)? {
        return Ok(false);
    }
    print!("{}", bundle.text);
    Ok(true)
}

/// Runs the bundle `text` against cargo's release build of `problem` on its testdata and says
/// so on stderr; whether they agree (no testdata: a note, and true).
fn same_program(root: &Path, problem: &str, text: &str) -> Result<bool, String> {
    match runner::same_program::check(root, problem, text)? {
        runner::same_program::Sameness::Same(agreement) => eprintln!("{agreement}"),
        runner::same_program::Sameness::NoTestdata => eprintln!(
            "note: testdata/{problem} holds no cases, so the bundle could not be run against \
             cargo's build"
        ),
        runner::same_program::Sameness::Different(report) => {
            eprintln!("error: {report}");
            return Ok(false);
        }
    }
    Ok(true)
}

/// `bundle: 12345 bytes, 2.4% of BOJ's 524288-byte limit`.
fn size_report(size: u64, meta: &judge_meta::ProblemMeta) -> String {
    match meta.source_limit_bytes {
        Some(limit) => format!(
            "bundle: {size} bytes, {:.1}% of {}'s {limit}-byte source limit",
            size as f64 * 100.0 / limit as f64,
            meta.judge()
        ),
        None => format!("bundle: {size} bytes ({} publishes no source limit)", meta.judge()),
    }
}

/// The judge profiles as a table.
fn print_profiles() {
    println!(
        "{:<12} {:<12} {:<5} {:<8} {:<26} {:>10} {:>8} {:>8}  compiled here by",
        "profile", "judge", "rust", "edition", "rustc flags", "source", "time", "memory"
    );
    for p in judge_meta::profiles::PROFILES {
        println!(
            "{:<12} {:<12} {:<5} {:<8} {:<26} {:>10} {:>6}ms {:>6}MB  {}",
            p.key,
            p.name,
            if p.accepts_rust { p.rust_version } else { "no" },
            p.edition,
            p.rustc_flags.join(" "),
            p.source_limit_bytes.map_or_else(|| "-".to_string(), |b| b.to_string()),
            p.time_limit_ms,
            p.memory_limit_mb,
            p.stand_in()
        );
        println!("{:<12} {}", "", p.note);
    }
}

#[cfg(test)]
mod tests {
    use super::{dispatch, workspace_root, Stop};

    /// The reason of a usage stop.
    fn usage_reason(result: Result<bool, Stop>) -> String {
        match result {
            Err(Stop::Usage(reason, _)) => reason,
            Ok(_) => panic!("accepted"),
            Err(Stop::Error(e)) => panic!("failed instead of a usage stop: {e}"),
        }
    }

    #[test]
    fn every_library_gets_the_one_message_where_a_problem_is_wanted() {
        let root = std::env::temp_dir().join(format!("xtask-libs-{}", std::process::id()));
        let grid = root.join("crates/grid");
        std::fs::create_dir_all(grid.join("src")).expect("a folder");
        std::fs::write(grid.join("Cargo.toml"), "[package]\nname = \"grid\"\nedition = \"2021\"\n")
            .expect("a manifest");
        std::fs::write(grid.join("src/lib.rs"), "pub fn f() {}\n").expect("a library");
        for (root, library) in [(workspace_root(), "judge-io"), (root.clone(), "grid")] {
            let reason = usage_reason(dispatch(&root, &["bundle", library]));
            assert_eq!(reason, judge_meta::problem::library_is_not_a_problem(library));
        }
        let reason = usage_reason(dispatch(&workspace_root(), &["check-lib", "boj-11559"]));
        assert!(reason.starts_with("\"boj-11559\" is a problem, not a library"), "{reason}");
        std::fs::remove_dir_all(&root).expect("cleaning up");
    }
}
