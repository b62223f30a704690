//! `xtask new` (behind `scripts/new.sh`, which passes its arguments through): the command
//! line, its help and usage, over the makers in [`crate::new`].

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use judge_meta::checker::CheckerSpec;
use judge_meta::profiles::PROFILES;

use crate::names::check_crate_name;
use crate::new::{
    kit, make_library, make_problem, take_limits, Made, NewError, ProblemSpec, SampleReport,
};
use crate::page_to_crate::{describe, make, next_step, profile_keys};
use crate::receive::http::DEFAULT_MAX_BODY;
use crate::receive::{Options, Problem};

/// The command line, for usage lines: every judge profile's key, every checker (a unit test
/// keeps it in step with the profiles).
pub const USAGE: &str = "usage: scripts/new.sh NAME --judge \
                         boj|algospot|atcoder|codeforces|swea|programmers [--multi-test | \
                         --interactive] [--checker exact|tokens|'floats ABS REL'|yes-no|binary] \
                         [--time-limit MS] [--memory-limit MB] | scripts/new.sh [NAME] --from \
                         FILE [--judge PROFILE] [--checker CHECKER] [--add-samples] [--take-limits] | \
                         scripts/new.sh --kit PROBLEM | scripts/new.sh --lib NAME | \
                         scripts/new.sh --help";

/// The time limits `--time-limit` accepts, in milliseconds: a judge's limit is seconds, so a
/// smaller number is a limit written in seconds by mistake.
const TIME_LIMITS_MS: std::ops::RangeInclusive<u64> = 100..=60_000;
/// The memory limits `--memory-limit` accepts, in MB (a larger number is kilobytes by mistake).
const MEMORY_LIMITS_MB: std::ops::RangeInclusive<u64> = 1..=8192;

/// What the command line asks for.
#[derive(Debug, PartialEq)]
pub enum Request {
    Problem(ProblemSpec),
    /// The kit of an existing problem.
    Kit {
        problem: String,
    },
    /// A std-only library crate that problems depend on by path.
    Library {
        name: String,
    },
    /// A problem from its page, saved as a Competitive Companion document.
    FromPage {
        /// The crate's name, if not the one its URL gives.
        name: Option<String>,
        /// The document's path.
        file: String,
        /// The judge profile, if not the one its URL's host gives.
        judge: Option<String>,
        checker: Option<CheckerSpec>,
        /// Whether the samples an existing crate lacks are added to it.
        add_samples: bool,
        /// Whether an existing crate's limits are set to the document's.
        take_limits: bool,
    },
    Help,
}

/// `xtask new ARGS...`: reads the arguments, makes what they ask for under `root`, and says
/// what it made and what to do next.
pub fn main(root: &Path, args: &[&str]) -> Result<(), NewError> {
    match parse_args(args).map_err(NewError::BadArgument)? {
        Request::Help => print!("{}", help()),
        Request::Problem(spec) => {
            let name = spec.name.clone();
            match make_problem(root, &spec, false)? {
                Made::Existing(_) => {
                    return Err(NewError::BadArgument(format!(
                        "crates/{name} already exists: pick another name (scripts/new.sh --kit \
                         {name} adds a kit to it)"
                    )))
                }
                made => print!("{}", made.report()),
            }
            let edit = if spec.interactive {
                "src/lib.rs (the solver) and src/interactor.rs (the judge's side; the samples are \
                 played against it)"
            } else {
                "src/lib.rs (the input! declaration in parse, solve and render)"
            };
            println!(
                "next: write the solution in crates/{name}/{edit}; then scripts/test.sh --quick \
                 {name} (the samples' verdicts) and scripts/bundle.sh {name} > Main.rs (the \
                 submission); when a WA calls for stress tests, scripts/new.sh --kit {name}"
            );
        }
        Request::Kit { problem } => print!("{}", kit::add(root, &problem)?.report(&problem)),
        Request::FromPage { name, file, judge, checker, add_samples, take_limits } => {
            let existing = Existing { add_samples, take_limits };
            new_from_file(root, name.as_deref(), &file, judge.as_deref(), checker, existing)?;
        }
        Request::Library { name } => {
            make_library(root, &name)?;
            println!("created crates/{name}, a std-only library with a sample: a Fenwick tree");
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

/// `scripts/new.sh --help`.
fn help() -> String {
    let mut text = format!("{USAGE}\n\n");
    text.push_str(
        "scripts/new.sh makes a crate that passes fmt, clippy and its checks at once.\n\n\
         scripts/new.sh NAME --judge PROFILE [OPTIONS]\n\
         \x20   A problem, crates/NAME: Cargo.toml, src/main.rs (it stays as it is), src/lib.rs\n\
         \x20   (the input! declaration, solve and render: the one file to edit), and a sample in\n\
         \x20   testdata/NAME/ that its sample problem answers.\n\
         \x20   --multi-test         the input is t test cases (multi-test = true; a YES/NO sample)\n\
         \x20   --interactive        with the judge's side, src/interactor.rs, which the samples\n\
         \x20                        are played against (guess the number as a sample)\n\
         \x20   --checker CHECKER    exact (the default), tokens, 'floats ABS REL', yes-no (YES/NO\n\
         \x20                        in any letter case), binary (src/bin/NAME-check.rs)\n\
         \x20   --time-limit MS      the statement's limits (else the judge's usual ones)\n\
         \x20   --memory-limit MB\n\
         scripts/new.sh [NAME] --from FILE [--judge PROFILE] [--checker CHECKER] [--add-samples]\n\
         \x20   A problem from a Competitive Companion document saved in FILE (what\n\
         \x20   scripts/receive.sh receives): its samples, limits and kind; NAME and PROFILE from\n\
         \x20   its URL unless given. A crate that exists is left as it is and its samples are\n\
         \x20   compared with the document's; --add-samples adds those it lacks, --take-limits\n\
         \x20   sets its limits to the document's.\n\
         scripts/new.sh --kit PROBLEM\n\
         \x20   Adds to a problem the oracle (src/naive.rs), a generator derived from its input!\n\
         \x20   declaration (src/gen.rs), their binaries, stress and CLI tests, testdata.list and a\n\
         \x20   benchmark; an existing file is left as it is.\n\
         scripts/new.sh --lib NAME\n\
         \x20   A std-only library crate that problems share.\n\n\
         PROFILE (cargo run -q -p xtask -- profiles shows each judge's compiler and flags):\n",
    );
    for p in PROFILES {
        let rust = if p.accepts_rust {
            format!("Rust {}, edition {}", p.rust_version, p.edition)
        } else {
            "no Rust".to_string()
        };
        text.push_str(&format!(
            "  {:<12} {:<12} {rust}, usually {} ms / {} MB\n",
            p.key, p.name, p.time_limit_ms, p.memory_limit_mb
        ));
    }
    text.push_str(
        "\nFor example:\n\
         \x20 scripts/new.sh boj-1000 --judge boj --time-limit 2000 --memory-limit 256\n\
         \x20 scripts/new.sh cf-1999-a --judge codeforces --multi-test --checker yes-no\n\
         \x20 scripts/new.sh cf-1999-g --judge codeforces --interactive\n\
         \x20 scripts/new.sh --from saved/abc300-a.json\n\
         \x20 scripts/new.sh --kit boj-1000\n\
         Then: edit crates/NAME/src/lib.rs; scripts/test.sh --quick NAME; \
         scripts/bundle.sh NAME > Main.rs\n",
    );
    text
}

/// Reads the command line, options in any order.
pub fn parse_args(args: &[&str]) -> Result<Request, String> {
    let mut name = None;
    let (mut judge, mut time_limit, mut memory_limit, mut checker) = (None, None, None, None);
    let (mut interactive, mut multi_test, mut library, mut kit) = (false, false, false, false);
    let (mut from, mut add_samples, mut take_limits) = (None, false, false);
    let mut args = args.iter().copied();
    while let Some(arg) = args.next() {
        let flag = match arg {
            "--help" | "-h" => return Ok(Request::Help),
            "--lib" => &mut library,
            "--kit" => &mut kit,
            "--interactive" => &mut interactive,
            "--multi-test" => &mut multi_test,
            "--add-samples" => &mut add_samples,
            "--take-limits" => &mut take_limits,
            _ => {
                let slot = match arg {
                    "--from" => &mut from,
                    "--judge" => &mut judge,
                    "--time-limit" => &mut time_limit,
                    "--memory-limit" => &mut memory_limit,
                    "--checker" => &mut checker,
                    _ if arg.starts_with('-') => return Err(format!("unknown option {arg}")),
                    _ if name.is_some() => return Err(format!("one NAME only, found {arg:?} too")),
                    _ => {
                        name = Some(arg.to_string());
                        continue;
                    }
                };
                let mut value =
                    args.next().ok_or_else(|| format!("{arg} needs a value"))?.to_string();
                // `--checker floats 1e-6 1e-9`, unquoted, is the same as quoted.
                if arg == "--checker" && value == "floats" {
                    for _ in 0..2 {
                        let tolerance = args.next().ok_or("--checker floats needs ABS and REL")?;
                        value = format!("{value} {tolerance}");
                    }
                }
                if slot.replace(value).is_some() {
                    return Err(format!("{arg} is given twice"));
                }
                continue;
            }
        };
        if std::mem::replace(flag, true) {
            return Err(format!("{arg} is given twice"));
        }
    }
    if library && kit {
        return Err("--lib and --kit exclude each other".to_string());
    }
    if let Some(file) = from {
        let given = [
            ("--lib", library),
            ("--kit", kit),
            ("--interactive", interactive),
            ("--multi-test", multi_test),
            ("--time-limit", time_limit.is_some()),
            ("--memory-limit", memory_limit.is_some()),
        ];
        if let Some((option, _)) = given.iter().find(|(_, given)| *given) {
            return Err(format!(
                "--from takes its limits and kind from the document: {option} does not apply"
            ));
        }
        return Ok(Request::FromPage {
            name,
            file,
            judge,
            checker: checker
                .map(|spec| CheckerSpec::parse(&spec).map_err(|e| format!("--checker: {e}")))
                .transpose()?,
            add_samples,
            take_limits,
        });
    }
    if take_limits {
        return Err("--take-limits goes with --from FILE (a crate that exists gets the page's \
                    limits)"
            .to_string());
    }
    if add_samples {
        return Err("--add-samples goes with --from FILE (a crate that exists gets the \
                    page's samples it lacks)"
            .to_string());
    }
    if library || kit {
        let what = if library { "--lib" } else { "--kit" };
        let any_option = judge.is_some()
            || time_limit.is_some()
            || memory_limit.is_some()
            || checker.is_some()
            || interactive
            || multi_test;
        if any_option {
            let why = if library {
                "a library has no judge, limits or checker"
            } else {
                "the kit follows the problem's own metadata"
            };
            return Err(format!("{what} takes a NAME alone: {why}"));
        }
        let name = name.ok_or_else(|| format!("{what} needs a NAME"))?;
        return Ok(if library {
            Request::Library { name }
        } else {
            Request::Kit { problem: name }
        });
    }
    let name = name.ok_or("NAME is missing")?;
    if interactive && checker.is_some() {
        return Err("an interactive problem is judged by its interactor: --checker does not apply"
            .to_string());
    }
    Ok(Request::Problem(ProblemSpec {
        name,
        profile: judge.ok_or("--judge PROFILE is missing")?,
        time_limit_ms: time_limit
            .map(|value| limit("--time-limit", &value, TIME_LIMITS_MS, "milliseconds"))
            .transpose()?,
        memory_limit_mb: memory_limit
            .map(|value| limit("--memory-limit", &value, MEMORY_LIMITS_MB, "MB"))
            .transpose()?,
        interactive,
        multi_test,
        checker: checker
            .map(|spec| CheckerSpec::parse(&spec).map_err(|e| format!("--checker: {e}")))
            .transpose()?,
        ..ProblemSpec::default()
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

/// What `--from` does to a crate that exists, besides comparing its samples.
#[derive(Debug, Clone, Copy)]
struct Existing {
    /// `--add-samples`: the page's samples it lacks are added.
    add_samples: bool,
    /// `--take-limits`: its limits are set to the page's.
    take_limits: bool,
}

/// `xtask new [NAME] --from FILE`: reads the document in `file` and makes its crate.
fn new_from_file(
    root: &Path,
    name: Option<&str>,
    file: &str,
    judge: Option<&str>,
    checker: Option<CheckerSpec>,
    existing: Existing,
) -> Result<(), NewError> {
    if let Some(name) = name {
        check_crate_name(name).map_err(NewError::BadArgument)?;
    }
    let keys = profile_keys();
    if let Some(judge) = judge {
        if !keys.contains(&judge) {
            return Err(NewError::BadArgument(format!(
                "unknown judge profile {judge:?} (profiles: {})",
                keys.join(", ")
            )));
        }
    }
    let document = read_document(&from_caller(file))
        .map_err(|why| NewError::Failed(format!("{file}: {why}")))?;
    let options = Options { profiles: &keys, judge, name };
    let problem = Problem::from_json(&document, &options).map_err(|e| {
        let hint = if name.is_none() && e.to_string().ends_with("give it a name") {
            format!(" (scripts/new.sh NAME --from {file})")
        } else {
            String::new()
        };
        NewError::Failed(format!("{file}: {e}{hint}"))
    })?;
    println!("{}", describe(&problem));
    let (made, text) = make(root, &problem, checker, existing.add_samples)?;
    print!("{text}");
    match made {
        Made::Created(_) => println!("{}", next_step(&[&problem]).expect("one problem")),
        Made::Existing(SampleReport { limits_differ: Some((_, page)), .. }) => {
            if existing.take_limits {
                take_limits(root, &problem.crate_name, page)?;
                println!(
                    "took the page's limits: {page} in crates/{}/Cargo.toml",
                    problem.crate_name
                );
            } else {
                let judge = judge.map_or(String::new(), |j| format!(" --judge {j}"));
                let named = name.map_or(String::new(), |n| format!("{n} "));
                println!("note: scripts/new.sh {named}--from {file}{judge} --take-limits takes the page's");
            }
        }
        Made::Existing(_) => {}
    }
    Ok(())
}

/// `file` as typed: relative to the folder the command was typed in, which `scripts/new.sh`
/// passes as `XTASK_CALLER_DIR` (it runs xtask from the workspace root); else to ours.
fn from_caller(file: &str) -> PathBuf {
    match std::env::var_os("XTASK_CALLER_DIR") {
        Some(dir) if Path::new(file).is_relative() => Path::new(&dir).join(file),
        _ => PathBuf::from(file),
    }
}

/// A document's bytes from a file, at most what the listener accepts.
fn read_document(path: &Path) -> Result<Vec<u8>, String> {
    let file = fs::File::open(path).map_err(|e| format!("cannot read it: {e}"))?;
    let mut bytes = Vec::new();
    io::Read::read_to_end(&mut io::Read::take(file, DEFAULT_MAX_BODY as u64 + 1), &mut bytes)
        .map_err(|e| format!("cannot read it: {e}"))?;
    if bytes.len() > DEFAULT_MAX_BODY {
        return Err(format!(
            "over {} MB: not a problem's document",
            DEFAULT_MAX_BODY / (1024 * 1024)
        ));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::{help, parse_args, Request, USAGE};
    use crate::new::ProblemSpec;
    use judge_meta::checker::{Checker, CheckerSpec};
    use judge_meta::profiles::PROFILES;

    fn spec(name: &str, profile: &str) -> ProblemSpec {
        ProblemSpec {
            name: name.to_string(),
            profile: profile.to_string(),
            ..ProblemSpec::default()
        }
    }

    #[test]
    fn arguments_in_any_order() {
        assert_eq!(parse_args(&["x", "--judge", "boj"]), Ok(Request::Problem(spec("x", "boj"))));
        let full = ProblemSpec {
            time_limit_ms: Some(2000),
            memory_limit_mb: Some(256),
            multi_test: true,
            checker: Some(CheckerSpec::Builtin(Checker::Floats { absolute: 1e-6, relative: 1e-9 })),
            ..spec("g", "codeforces")
        };
        let args = [
            "--multi-test",
            "--memory-limit",
            "256",
            "g",
            "--checker",
            "floats",
            "1e-6",
            "1e-9",
            "--time-limit",
            "2000",
            "--judge",
            "codeforces",
        ];
        assert_eq!(parse_args(&args), Ok(Request::Problem(full.clone())));
        let quoted = [
            "g",
            "--judge",
            "codeforces",
            "--multi-test",
            "--checker",
            "floats 1e-6 1e-9",
            "--time-limit",
            "2000",
            "--memory-limit",
            "256",
        ];
        assert_eq!(parse_args(&quoted), Ok(Request::Problem(full)));
        let interactive = ProblemSpec { interactive: true, ..spec("i", "boj") };
        let args = ["--interactive", "i", "--judge", "boj"];
        assert_eq!(parse_args(&args), Ok(Request::Problem(interactive)));
        for checker in ["exact", "tokens", "yes-no", "binary"] {
            let parsed = parse_args(&["x", "--judge", "boj", "--checker", checker]);
            let expected = CheckerSpec::parse(checker).expect("a checker");
            let found = match parsed {
                Ok(Request::Problem(ProblemSpec { checker, .. })) => checker,
                other => panic!("{other:?}"),
            };
            assert_eq!(found, Some(expected));
        }
        let library = Ok(Request::Library { name: "fenwick".to_string() });
        assert_eq!(parse_args(&["--lib", "fenwick"]), library);
        assert_eq!(parse_args(&["fenwick", "--lib"]), library);
        let kit = Ok(Request::Kit { problem: "boj-1000".to_string() });
        assert_eq!(parse_args(&["--kit", "boj-1000"]), kit);
        assert_eq!(parse_args(&["boj-1000", "--help"]), Ok(Request::Help));
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
                &["x", "--judge", "boj", "--multi-test", "--multi-test"],
                "--multi-test is given twice",
            ),
            (
                &["x", "--judge", "boj", "--time-limit", "2"],
                "--time-limit needs a whole number of milliseconds in 100..=60000, found \"2\"",
            ),
            (
                &["x", "--judge", "boj", "--time-limit", "1.5"],
                "--time-limit needs a whole number of milliseconds in 100..=60000, found \"1.5\"",
            ),
            (
                &["x", "--judge", "boj", "--memory-limit", "262144"],
                "--memory-limit needs a whole number of MB in 1..=8192, found \"262144\"",
            ),
            (&["x", "--judge", "boj", "--checker", "fuzzy"], "--checker: expected a checker"),
            (
                &["x", "--judge", "boj", "--checker", "floats", "1e-6"],
                "--checker floats needs ABS and REL",
            ),
            (
                &["x", "--judge", "boj", "--interactive", "--checker", "tokens"],
                "an interactive problem is judged by its interactor",
            ),
            (&["--lib", "x", "--judge", "boj"], "--lib takes a NAME alone: a library has no judge"),
            (
                &["--kit", "x", "--multi-test"],
                "--kit takes a NAME alone: the kit follows the problem's own metadata",
            ),
            (&["--kit"], "--kit needs a NAME"),
            (&["x", "--judge", "boj", "--take-limits"], "--take-limits goes with --from FILE"),
            (&["--kit", "x", "--lib"], "--lib and --kit exclude each other"),
        ];
        for (args, message) in cases {
            let error = parse_args(args).expect_err("bad arguments");
            assert!(error.starts_with(message), "{args:?}: {error}");
        }
    }

    #[test]
    fn the_usage_line_and_the_help_name_every_profile() {
        let keys: Vec<&str> = PROFILES.iter().map(|p| p.key).collect();
        assert!(USAGE.contains(&format!("--judge {} ", keys.join("|"))), "{USAGE}");
        // Every checker too, here and in the script's own usage line.
        let checkers = format!("--checker {}]", judge_meta::checker::CHECKER_CHOICES);
        assert!(USAGE.contains(&checkers), "{USAGE}");
        // scripts/new.sh --help is this help: it opens with the usage line.
        let help = help();
        assert!(help.starts_with(&format!("{USAGE}\n\n")), "{help}");
        for key in keys {
            assert!(help.contains(&format!("\n  {key} ")), "{help}");
        }
    }
}
