//! `xtask`: the workspace's own tools, behind the scripts in `scripts/`.
//!
//! ```text
//! xtask bundle [--compact] PROBLEM  one self-contained .rs file on stdout, its size on stderr
//! xtask testdata [--quick] [PROBLEM...]
//!                                   every testdata case through the release binary and bundle
//!                                   (--quick: the release binary only)
//! xtask make-testdata PROBLEM      testdata/PROBLEM from crates/PROBLEM/testdata.list
//! xtask problems [NAME...]          the problem crates (or checks that each NAME is one)
//! xtask profiles                    the judge profiles a problem's metadata can name
//! xtask new NAME --judge PROFILE [--multi-test | --interactive] [--checker CHECKER]
//!           [--time-limit MS] [--memory-limit MB]
//!                                   a new problem crate (its solution and its samples) that
//!                                   passes every check at once
//! xtask new --kit PROBLEM           a problem's oracle, generator, stress and CLI tests, list
//!                                   and benchmark
//! xtask new [NAME] --from FILE [--judge PROFILE] [--checker CHECKER] [--add-samples]
//!                                   a problem from a saved Competitive Companion document
//! xtask new --lib NAME              a new library crate that passes every check at once
//! xtask new --help                  the options, the judge profiles, examples
//! xtask receive [--port N] [--judge PROFILE] [--add-samples]
//!                                   listens on 127.0.0.1 for Competitive Companion and makes
//!                                   a problem crate of each problem it sends
//! ```
//!
//!
//! `xtask measure REPORT PROGRAM [ARGS...]` is the testdata runner's own helper (it runs a
//! program and writes its CPU time and peak memory to REPORT); see the runner's `process.rs`.
//!
//! The work is done by the crates below: `bundler` (the bundle), `runner` (the testdata runner
//! and make-testdata), `scaffold` (new crates, from the command line or from a problem's page)
//! and `judge-meta` (profiles, problems and their metadata); this file is the command line
//! over them.
//!
//! Bad arguments print a `usage:` line and exit 2; failures print `error: ...` and exit 1.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: xtask bundle [--compact] PROBLEM | testdata [--quick] [PROBLEM...] | \
                     make-testdata PROBLEM | \
                     problems [NAME...] | profiles | new NAME --judge PROFILE [OPTIONS] | \
                     new --kit PROBLEM | new --lib NAME | new --help | receive [OPTIONS]";

/// Why a command stopped.
enum Stop {
    /// Bad arguments: the reason (if any) and the usage line; exit status 2.
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
    if let [command, report, program, args @ ..] = raw.as_slice() {
        if command == "measure" {
            let args: Vec<&OsStr> = args.iter().map(OsString::as_os_str).collect();
            return match runner::measure_main(Path::new(report), program, &args) {
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
            if !reason.is_empty() {
                eprintln!("error: {reason}");
            }
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
                _ => return Err(Stop::Usage(String::new(), BUNDLE)),
            };
            checked_problems(root, &[problem], BUNDLE)?;
            Ok(print_bundle(root, problem, compact)?)
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
            Ok(runner::run(root, &problems, quick)?)
        }
        ["make-testdata", rest @ ..] => {
            const MAKE: &str = "usage: scripts/make-testdata.sh PROBLEM";
            let [problem] = rest else {
                return Err(Stop::Usage(String::new(), MAKE));
            };
            if problem.starts_with('-') {
                return Err(Stop::Usage(format!("unknown option {problem}"), MAKE));
            }
            checked_problems(root, &[problem], MAKE)?;
            runner::make(root, problem)?;
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
        ["profiles"] => {
            print_profiles();
            Ok(true)
        }
        ["new", rest @ ..] => {
            let usage = scaffold::new::USAGE;
            scaffold::new::main(root, rest).map_err(|e| scaffold_stop(e, usage))?;
            Ok(true)
        }
        ["receive", rest @ ..] => {
            let usage = scaffold::from_page::RECEIVE_USAGE;
            scaffold::from_page::receive_main(root, rest).map_err(|e| scaffold_stop(e, usage))?;
            Ok(true)
        }
        _ => Err(Stop::Usage(String::new(), USAGE)),
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

/// Writes the bundle to stdout and, to stderr, its size against the judge's limit and what
/// making it took (compiler runs, seconds).
fn print_bundle(root: &Path, problem: &str, compact: bool) -> Result<bool, String> {
    let meta = judge_meta::problem::read(root, problem)?;
    let bundle = bundler::bundle_problem(root, problem, compact)?;
    let size = bundle.text.len() as u64;
    let label = if compact { "--compact:" } else { "bundle:" };
    eprintln!("{}", size_report(size, &meta).replacen("bundle:", label, 1));
    eprintln!(
        "checked by rustc {} times ({} pruning rounds{}) in {:.2} s",
        bundle.checks,
        bundle.rounds,
        if bundle.restored > 0 {
            format!(", {} removals taken back", bundle.restored)
        } else {
            String::new()
        },
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
    print!("{}", bundle.text);
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
