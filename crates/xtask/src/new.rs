//! `xtask new`: a new crate that passes `scripts/test.sh`, clippy and fmt at once.
//!
//! ```text
//! xtask new NAME --judge PROFILE [--time-limit MS] [--memory-limit MB] [--interactive]
//! xtask new --lib NAME
//! ```
//!
//! A problem's files come from `crates/xtask/templates/` (an interactive problem's from
//! `templates/interactive/` instead, where they differ) with `{{name}}` (the package name),
//! `{{crate}}` (its Rust name), `{{profile}}` and `{{limits}}` (the metadata lines for the
//! limits) filled in. They hold a sample problem (the sum of N integers; guess the number for
//! an interactive one) whose parse, solve, oracle, generator and interactor are what a user
//! replaces; everything else (stress loops, shrinking, CLI checks, the mains of the helper
//! binaries) lives in the test harness, `crates/judge-test`, and the tools. A library's files
//! come from `templates/library/`: a sample (a Fenwick tree) with its docs, a doctest and a
//! test against a naive version.
//!
//! Then it formats the crate and, for a problem, makes its testdata (`make-testdata`), so
//! `scripts/new.sh` is this command alone.

use std::fs;
use std::path::Path;
use std::process::Command;

use judge_meta::profiles::{self, Profile};

/// The command line, for usage lines.
pub const USAGE: &str = "usage: scripts/new.sh NAME --judge PROFILE [--time-limit MS] \
                         [--memory-limit MB] [--interactive] | scripts/new.sh --lib NAME   (for \
                         example: scripts/new.sh boj-1000 --judge boj --time-limit 2000; \
                         the judges: cargo run -q -p xtask -- profiles)";

/// The time limits `--time-limit` accepts, in milliseconds: a judge's limit is seconds, so a
/// smaller number is a limit written in seconds by mistake.
const TIME_LIMITS_MS: std::ops::RangeInclusive<u64> = 100..=60_000;
/// The memory limits `--memory-limit` accepts, in MB (a larger number is kilobytes by mistake).
const MEMORY_LIMITS_MB: std::ops::RangeInclusive<u64> = 1..=8192;

/// Why `new` stopped.
#[derive(Debug, PartialEq, Eq)]
pub enum NewError {
    /// A bad argument: the usage line follows, exit status 2.
    BadArgument(String),
    /// Something failed on the way.
    Failed(String),
}

/// What to create.
#[derive(Debug, PartialEq, Eq)]
pub enum Request {
    Problem(ProblemRequest),
    /// A std-only library crate that problems depend on by path.
    Library {
        name: String,
    },
}

/// A problem crate to create.
#[derive(Debug, PartialEq, Eq)]
pub struct ProblemRequest {
    pub name: String,
    /// The judge profile's key (`boj`).
    pub profile: String,
    /// The statement's limits; `None` keeps the profile's usual one.
    pub time_limit_ms: Option<u64>,
    pub memory_limit_mb: Option<u64>,
    /// A sample interactive problem with its interactor, instead of an ordinary one.
    pub interactive: bool,
}

/// The text of a template, by its path under `crates/xtask/templates/`.
macro_rules! template {
    ($path:literal) => {
        include_str!(concat!("../templates/", $path))
    };
}

/// A file of a new crate: its path from the workspace root (`NAME` for the name) and its
/// template.
type Template = (&'static str, &'static str);

/// What every problem crate has.
const PROBLEM_FILES: &[Template] = &[
    ("crates/NAME/Cargo.toml", template!("Cargo.toml.tmpl")),
    ("crates/NAME/src/bin/NAME-gen.rs", template!("bin-gen.rs.tmpl")),
];

/// What an ordinary problem adds: the sample problem, the sum of N integers.
const ORDINARY_FILES: &[Template] = &[
    ("crates/NAME/src/lib.rs", template!("lib.rs.tmpl")),
    ("crates/NAME/src/main.rs", template!("main.rs.tmpl")),
    ("crates/NAME/src/naive.rs", template!("naive.rs.tmpl")),
    ("crates/NAME/src/gen.rs", template!("gen.rs.tmpl")),
    ("crates/NAME/src/bin/NAME-naive.rs", template!("bin-naive.rs.tmpl")),
    ("crates/NAME/tests/stress.rs", template!("stress.rs.tmpl")),
    ("crates/NAME/tests/cli.rs", template!("cli.rs.tmpl")),
    ("crates/NAME/examples/NAME-bench.rs", template!("bench.rs.tmpl")),
    ("crates/NAME/testdata.list", template!("testdata.list.tmpl")),
    ("testdata/NAME/sample.in", template!("sample.in")),
    ("testdata/NAME/sample.out", template!("sample.out")),
];

/// What an interactive problem adds: the sample problem, guess the number, and its interactor.
const INTERACTIVE_FILES: &[Template] = &[
    ("crates/NAME/src/lib.rs", template!("interactive/lib.rs.tmpl")),
    ("crates/NAME/src/main.rs", template!("interactive/main.rs.tmpl")),
    ("crates/NAME/src/naive.rs", template!("interactive/naive.rs.tmpl")),
    ("crates/NAME/src/gen.rs", template!("interactive/gen.rs.tmpl")),
    ("crates/NAME/src/interactor.rs", template!("interactive/interactor.rs.tmpl")),
    ("crates/NAME/src/bin/NAME-judge.rs", template!("interactive/bin-judge.rs.tmpl")),
    ("crates/NAME/tests/stress.rs", template!("interactive/stress.rs.tmpl")),
    ("crates/NAME/tests/cli.rs", template!("interactive/cli.rs.tmpl")),
    ("crates/NAME/examples/NAME-bench.rs", template!("interactive/bench.rs.tmpl")),
    ("crates/NAME/testdata.list", template!("interactive/testdata.list.tmpl")),
    ("testdata/NAME/sample.in", template!("interactive/sample.in")),
];

/// A library crate.
const LIBRARY_FILES: &[Template] = &[
    ("crates/NAME/Cargo.toml", template!("library/Cargo.toml.tmpl")),
    ("crates/NAME/src/lib.rs", template!("library/lib.rs.tmpl")),
];

/// `xtask new ARGS...`: reads the arguments, writes the crate under `root`, formats it (the
/// templates are formatted for names of usual length; another may move line breaks), makes a
/// problem's testdata, and says what to edit next.
pub fn main(root: &Path, args: &[&str]) -> Result<(), NewError> {
    match parse_args(args).map_err(NewError::BadArgument)? {
        Request::Problem(request) => {
            let name = request.name.as_str();
            create_problem(root, &request)?;
            format(root, name)?;
            runner::make(root, name).map_err(|e| {
                NewError::Failed(format!(
                    "crates/{name} was created, but its testdata could not be made: {e}"
                ))
            })?;
            let files = if request.interactive {
                "src/lib.rs (the solver), src/interactor.rs (the judge's side), src/naive.rs (a \
                 simple solver the interactor must accept), src/gen.rs (the cases)"
            } else {
                "src/lib.rs (parse, solve, render), src/naive.rs (the oracle), src/gen.rs (the \
                 generator)"
            };
            println!(
                "next: replace the sample in crates/{name}: {files}, the samples in \
                 testdata/{name}/, testdata.list, tests/cli.rs and tests/stress.rs; then \
                 scripts/make-testdata.sh {name} && scripts/test.sh {name} (scripts/test.sh \
                 --quick {name} while you work)"
            );
        }
        Request::Library { name } => {
            create_library(root, &name)?;
            format(root, &name)?;
            println!(
                "next: replace the sample in crates/{name}/src/lib.rs (keep the docs' shape: \
                 what, # Complexity, an example; and the test against a naive version), then \
                 cargo test -p {name}; a problem uses it with `{name} = {{ path = \"../{name}\" \
                 }}` under [dependencies] (README.md, \"Shared libraries\", says what a library \
                 keeps to)"
            );
        }
    }
    Ok(())
}

/// `cargo fmt -p name` in `root`.
fn format(root: &Path, name: &str) -> Result<(), NewError> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .current_dir(root)
        .args(["fmt", "-p", name])
        .status()
        .map_err(|e| NewError::Failed(format!("cannot run cargo fmt: {e}")))?;
    if !status.success() {
        return Err(NewError::Failed(format!("crates/{name} was created, but cargo fmt failed")));
    }
    Ok(())
}

/// Reads `NAME --judge PROFILE [--time-limit MS] [--memory-limit MB] [--interactive]` or
/// `--lib NAME`, options in any order.
pub fn parse_args(args: &[&str]) -> Result<Request, String> {
    let mut name = None;
    let (mut judge, mut time_limit, mut memory_limit) = (None, None, None);
    let (mut interactive, mut library) = (false, false);
    let mut args = args.iter().copied();
    while let Some(arg) = args.next() {
        let slot = match arg {
            "--lib" => {
                library = true;
                continue;
            }
            "--interactive" => {
                interactive = true;
                continue;
            }
            "--judge" => &mut judge,
            "--time-limit" => &mut time_limit,
            "--memory-limit" => &mut memory_limit,
            _ if arg.starts_with('-') => return Err(format!("unknown option {arg}")),
            _ if name.is_some() => return Err(format!("one NAME only, found {arg:?} too")),
            _ => {
                name = Some(arg.to_string());
                continue;
            }
        };
        let value = args.next().ok_or_else(|| format!("{arg} needs a value"))?;
        if slot.replace(value).is_some() {
            return Err(format!("{arg} is given twice"));
        }
    }
    let name = name.ok_or("NAME is missing")?;
    if library {
        if judge.is_some() || time_limit.is_some() || memory_limit.is_some() || interactive {
            return Err("--lib takes a NAME alone: a library has no judge, limits or interactor"
                .to_string());
        }
        return Ok(Request::Library { name });
    }
    Ok(Request::Problem(ProblemRequest {
        name,
        profile: judge.ok_or("--judge PROFILE is missing")?.to_string(),
        time_limit_ms: time_limit
            .map(|value| limit("--time-limit", value, TIME_LIMITS_MS, "milliseconds"))
            .transpose()?,
        memory_limit_mb: memory_limit
            .map(|value| limit("--memory-limit", value, MEMORY_LIMITS_MB, "MB"))
            .transpose()?,
        interactive,
    }))
}

/// `value` as a limit of option `option` within `range`, in `unit`.
fn limit(
    option: &str,
    value: &str,
    range: std::ops::RangeInclusive<u64>,
    unit: &str,
) -> Result<u64, String> {
    match value.parse::<u64>() {
        Ok(number) if range.contains(&number) => Ok(number),
        _ => Err(format!(
            "{option} needs a whole number of {unit} in {}..={}, found {value:?}",
            range.start(),
            range.end()
        )),
    }
}

/// Writes problem crate `request.name` under `root` and says what it wrote.
fn create_problem(root: &Path, request: &ProblemRequest) -> Result<(), NewError> {
    let name = request.name.as_str();
    check_name(name).map_err(NewError::BadArgument)?;
    let profile = profiles::find(&request.profile).map_err(NewError::BadArgument)?;
    check_free(root, &[format!("crates/{name}"), format!("testdata/{name}")])?;
    let limits = limit_lines(profile, request.time_limit_ms, request.memory_limit_mb);
    let fill = |template: &str| {
        fill(template, name).replace("{{profile}}", profile.key).replace("{{limits}}", &limits)
    };
    let variant = if request.interactive { INTERACTIVE_FILES } else { ORDINARY_FILES };
    for (path, template) in PROBLEM_FILES.iter().chain(variant) {
        write(root, &path.replace("NAME", name), &fill(template))?;
    }
    let sample = if request.interactive {
        "guess the number, with its interactor"
    } else {
        "the sum of N integers"
    };
    println!(
        "created crates/{name} ({} profile: {}; a sample problem: {sample}) and testdata/{name}/",
        profile.key, profile.name
    );
    if !profile.accepts_rust {
        println!(
            "note: {} does not accept Rust; the bundle is kept as one file anyway",
            profile.name
        );
    }
    let note_usual = |option: &str, given: Option<u64>, usual: String| {
        if given.is_none() {
            println!(
                "note: no {option}: {}'s usual {usual} applies until you set the statement's \
                 (crates/{name}/Cargo.toml)",
                profile.name
            );
        }
    };
    note_usual("--time-limit", request.time_limit_ms, format!("{} ms", profile.time_limit_ms));
    note_usual(
        "--memory-limit",
        request.memory_limit_mb,
        format!("{} MB", profile.memory_limit_mb),
    );
    Ok(())
}

/// Creates the ordinary sample problem `name` for judge `profile`, with the profile's usual
/// limits: what the bundler's tests bundle for every profile.
#[cfg(test)]
pub fn create(root: &Path, name: &str, profile: &str) -> Result<(), NewError> {
    let request = ProblemRequest {
        name: name.to_string(),
        profile: profile.to_string(),
        time_limit_ms: None,
        memory_limit_mb: None,
        interactive: false,
    };
    create_problem(root, &request)
}

/// Writes library crate `name` under `root` and says what it wrote.
fn create_library(root: &Path, name: &str) -> Result<(), NewError> {
    check_name(name).map_err(NewError::BadArgument)?;
    check_free(root, &[format!("crates/{name}")])?;
    for (path, template) in LIBRARY_FILES {
        write(root, &path.replace("NAME", name), &fill(template, name))?;
    }
    println!("created crates/{name}, a std-only library with a sample: a Fenwick tree");
    Ok(())
}

/// `template` with the name placeholders filled in.
fn fill(template: &str, name: &str) -> String {
    template.replace("{{name}}", name).replace("{{crate}}", &name.replace('-', "_"))
}

/// The metadata lines for the limits: the statement's as keys; the profile's usual one, which
/// applies when a key is absent, as a comment to fill in.
fn limit_lines(
    profile: &Profile,
    time_limit_ms: Option<u64>,
    memory_limit_mb: Option<u64>,
) -> String {
    let line = |key: &str, given: Option<u64>, usual: u64| match given {
        Some(value) => format!("{key} = {value}"),
        None => {
            format!("# {key} = {usual}   ({}'s usual, until the statement's is set)", profile.name)
        }
    };
    format!(
        "{}\n{}",
        line("time-limit-ms", time_limit_ms, profile.time_limit_ms),
        line("memory-limit-mb", memory_limit_mb, profile.memory_limit_mb)
    )
}

/// Refuses to overwrite: each of `dirs` (from `root`) must not exist yet.
fn check_free(root: &Path, dirs: &[String]) -> Result<(), NewError> {
    match dirs.iter().find(|dir| root.join(dir).exists()) {
        Some(dir) => Err(NewError::BadArgument(format!("{dir} already exists: pick another name"))),
        None => Ok(()),
    }
}

/// Writes `text` to `path` (from `root`), creating its folder.
fn write(root: &Path, path: &str, text: &str) -> Result<(), NewError> {
    let path = root.join(path);
    let parent = path.parent().expect("every template path has a folder");
    fs::create_dir_all(parent)
        .and_then(|()| fs::write(&path, text))
        .map_err(|e| NewError::Failed(format!("cannot write {}: {e}", path.display())))
}

/// A package name for a new crate: lowercase ASCII letters, digits and single hyphens,
/// starting with a letter (`boj-1000`, `atcoder-abc300-d`, `fenwick`), whose Rust name is no
/// keyword and no crate the workspace or std already has.
fn check_name(name: &str) -> Result<(), String> {
    const RESERVED: &[&str] = &[
        "xtask",
        "judge-io",
        "judge-test",
        "judge-meta",
        "bundler",
        "runner",
        "scaffold",
        "test",
        "core",
        "std",
        "alloc",
        "proc-macro",
    ];
    // Keywords of every edition, reserved ones included: a crate's Rust name is a module's
    // name in a bundle.
    const KEYWORDS: &[&str] = &[
        "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate",
        "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl",
        "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub",
        "ref", "return", "self", "static", "struct", "super", "trait", "true", "try", "type",
        "typeof", "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
    ];
    let valid = name.len() <= 64
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && !name.ends_with('-')
        && !name.contains("--")
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !valid {
        return Err(format!(
            "{name:?} is not a crate name: use lowercase letters, digits and single hyphens, \
             starting with a letter (for example boj-1000)"
        ));
    }
    if RESERVED.contains(&name) || KEYWORDS.contains(&name) {
        return Err(format!("{name:?} is reserved: pick another name"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{
        check_name, limit_lines, parse_args, ProblemRequest, Request, INTERACTIVE_FILES,
        LIBRARY_FILES, ORDINARY_FILES, PROBLEM_FILES,
    };
    use judge_meta::profiles;

    /// The placeholders a template may hold (`fill` and `create_problem` fill them).
    const PLACEHOLDERS: &[&str] = &["name", "crate", "profile", "limits"];

    #[test]
    fn names_are_crate_names() {
        for good in ["boj-1000", "atcoder-abc300-d", "maze", "fenwick", "gen-2"] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in [
            "",
            "1000",
            "Boj-1000",
            "boj_1000",
            "boj--1",
            "boj-",
            "-boj",
            "boj 1",
            "xtask",
            "judge-test",
            "match",
            "gen",
            "dyn",
        ] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
    }

    fn problem(name: &str, profile: &str) -> ProblemRequest {
        ProblemRequest {
            name: name.to_string(),
            profile: profile.to_string(),
            time_limit_ms: None,
            memory_limit_mb: None,
            interactive: false,
        }
    }

    #[test]
    fn arguments_in_any_order() {
        assert_eq!(parse_args(&["x", "--judge", "boj"]), Ok(Request::Problem(problem("x", "boj"))));
        let full = ProblemRequest {
            time_limit_ms: Some(2000),
            memory_limit_mb: Some(256),
            interactive: true,
            ..problem("g", "codeforces")
        };
        let args = [
            "--interactive",
            "--memory-limit",
            "256",
            "g",
            "--time-limit",
            "2000",
            "--judge",
            "codeforces",
        ];
        assert_eq!(parse_args(&args), Ok(Request::Problem(full)));
        let library = Ok(Request::Library { name: "fenwick".to_string() });
        assert_eq!(parse_args(&["--lib", "fenwick"]), library);
        assert_eq!(parse_args(&["fenwick", "--lib"]), library);
    }

    #[test]
    fn bad_arguments_say_what_is_wrong() {
        let cases: &[(&[&str], &str)] = &[
            (&[], "NAME is missing"),
            (&["x"], "--judge PROFILE is missing"),
            (&["x", "--judge"], "--judge needs a value"),
            (&["x", "y", "--judge", "boj"], "one NAME only, found \"y\" too"),
            (&["x", "--judge", "boj", "--fast"], "unknown option --fast"),
            (&["x", "--judge", "boj", "--judge", "atcoder"], "--judge is given twice"),
            (
                &["x", "--judge", "boj", "--time-limit", "2"],
                "--time-limit needs a whole number of milliseconds in 100..=60000, found \"2\"",
            ),
            (
                &["x", "--judge", "boj", "--time-limit", "1.5"],
                "--time-limit needs a whole number of milliseconds in 100..=60000, found \"1.5\"",
            ),
            (
                &["x", "--judge", "boj", "--memory-limit", "0"],
                "--memory-limit needs a whole number of MB in 1..=8192, found \"0\"",
            ),
            (
                &["x", "--judge", "boj", "--memory-limit", "262144"],
                "--memory-limit needs a whole number of MB in 1..=8192, found \"262144\"",
            ),
            (
                &["--lib", "x", "--judge", "boj"],
                "--lib takes a NAME alone: a library has no judge, limits or interactor",
            ),
            (
                &["--lib", "x", "--interactive"],
                "--lib takes a NAME alone: a library has no judge, limits or interactor",
            ),
        ];
        for (args, message) in cases {
            assert_eq!(parse_args(args), Err(message.to_string()), "{args:?}");
        }
    }

    #[test]
    fn the_statements_limits_are_keys_and_the_usual_ones_comments() {
        let boj = profiles::find("boj").expect("a profile");
        assert_eq!(
            limit_lines(boj, Some(2000), None),
            "time-limit-ms = 2000\n# memory-limit-mb = 128   (BOJ's usual, until the \
             statement's is set)"
        );
        assert_eq!(
            limit_lines(boj, None, Some(512)),
            "# time-limit-ms = 1000   (BOJ's usual, until the statement's is set)\n\
             memory-limit-mb = 512"
        );
    }

    #[test]
    fn every_placeholder_is_known() {
        let all = [PROBLEM_FILES, ORDINARY_FILES, INTERACTIVE_FILES, LIBRARY_FILES];
        for (path, template) in all.iter().flat_map(|files| files.iter()) {
            let mut rest = *template;
            while let Some(at) = rest.find("{{") {
                let end = rest[at..].find("}}").expect("a placeholder is closed") + at;
                let key = &rest[at + 2..end];
                assert!(PLACEHOLDERS.contains(&key), "{path}: unknown placeholder {key}");
                rest = &rest[end..];
            }
        }
    }

    #[test]
    fn no_todo_reaches_a_submission() {
        // main.rs is bundled as it is; what the user must edit is marked in lib.rs.
        for files in [ORDINARY_FILES, INTERACTIVE_FILES] {
            let (_, main) = files.iter().find(|(path, _)| path.ends_with("main.rs")).expect("main");
            assert!(!main.contains("TODO"), "{main}");
        }
    }
}
