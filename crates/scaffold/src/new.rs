//! `xtask new` (behind `scripts/new.sh`): a problem crate that is only its solution and its
//! samples, the kit that stress testing needs added to a problem when it needs it, or a
//! library crate; each passes fmt, clippy and its checks at once.
//!
//! ```text
//! xtask new NAME --judge PROFILE [--multi-test | --interactive] [--checker CHECKER]
//!                [--time-limit MS] [--memory-limit MB]
//! xtask new [NAME] --from FILE [--judge PROFILE] [--checker CHECKER] [--add-samples]
//! xtask new --kit PROBLEM
//! xtask new --lib NAME
//! xtask new --help
//! ```
//!
//! A problem ([`make_problem`], from a [`ProblemSpec`] that the command line or a problem's
//! page fills: `--from` and `xtask receive` are in [`crate::from_page`]) is `Cargo.toml`, `src/main.rs` (which stays as it is), `src/lib.rs`
//! (the input declared with `input!`, `solve`, `render`: the one file to edit) and its samples,
//! `testdata/NAME/sample-K.in`/`.out`; an interactive one adds the judge's side,
//! `src/interactor.rs` and `src/bin/NAME-interactor.rs`, since its samples give no verdict without
//! one. Its files come from `templates/problem/` and are written into a folder of their own
//! first, then renamed into place: a failure leaves nothing behind, and an existing crate is
//! never touched (its samples are compared with the given ones instead; see
//! [`SampleReport`]). The kit (`kit.rs`) and the generator it derives from the problem's
//! `input!` declaration (`derive.rs`) come from `templates/kit/`; a library from
//! `templates/library/`.

mod derive;
mod kit;

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::receive::naming::check_crate_name;
use judge_meta::checker::{Checker, CheckerSpec};
use judge_meta::profiles::{self, Profile, PROFILES};

/// The command line, for usage lines: every judge profile's key, every checker (a unit test
/// keeps it in step with the profiles).
pub const USAGE: &str = "usage: scripts/new.sh NAME --judge \
                         boj|algospot|atcoder|codeforces|swea|programmers [--multi-test | \
                         --interactive] [--checker exact|tokens|'floats ABS REL'|yes-no|binary] \
                         [--time-limit MS] [--memory-limit MB] | scripts/new.sh [NAME] --from \
                         FILE [--judge PROFILE] [--checker CHECKER] [--add-samples] | \
                         scripts/new.sh --kit PROBLEM | scripts/new.sh --lib NAME | \
                         scripts/new.sh --help";

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
    /// Something failed on the way (nothing was left half-made).
    Failed(String),
}

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
    },
    Help,
}

/// A problem to make, as the command line or a receiver of the problem's page describes it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ProblemSpec {
    /// The crate's name (`cf-1999-a`).
    pub name: String,
    /// The judge profile's key (`codeforces`).
    pub profile: String,
    /// The statement's limits; `None` keeps the profile's usual one.
    pub time_limit_ms: Option<u64>,
    pub memory_limit_mb: Option<u64>,
    /// The judge's side is part of the problem (`src/interactor.rs`).
    pub interactive: bool,
    /// The input is t test cases.
    pub multi_test: bool,
    /// How outputs are compared; `None`: `yes-no` when the samples' answers are all YES/NO
    /// on a judge that accepts any letter case (Codeforces), else the default, `exact`.
    pub checker: Option<CheckerSpec>,
    /// The statement's samples, (input, output), as the page gives them; none: the sample
    /// problem's own. An interactive problem's are records of one game each, kept in
    /// `testdata/NAME/page/` (the cases played against its interactor are its own).
    pub samples: Vec<(String, String)>,
    /// The problem's title and address, for the crate's docs.
    pub title: Option<String>,
    pub url: Option<String>,
}

/// What [`make_problem`] did.
#[derive(Debug, Clone, PartialEq)]
pub enum Made {
    Created(Created),
    /// The crate was there already: nothing of it changed but, when asked, new samples.
    Existing(SampleReport),
}

/// A crate made.
#[derive(Debug, Clone, PartialEq)]
pub struct Created {
    pub name: String,
    /// Every file written, from the workspace root.
    pub files: Vec<PathBuf>,
    /// How its outputs are compared.
    pub checker: CheckerSpec,
    /// What the user should know (usual limits in force, a checker chosen from the samples).
    pub notes: Vec<String>,
}

/// How the given samples compare with those of a crate that exists.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SampleReport {
    pub name: String,
    /// The folder the samples are in, from the root (`testdata/NAME`, or `testdata/NAME/page`
    /// for an interactive problem).
    pub dir: PathBuf,
    /// The given samples (numbered from 1) found there.
    pub same: Vec<usize>,
    /// Given samples whose file of the same number differs: the number and how.
    pub differing: Vec<(usize, String)>,
    /// Given samples with no file of their number.
    pub missing: Vec<usize>,
    /// The files written for the differing and missing ones, when asked to add them.
    pub added: Vec<PathBuf>,
}

impl SampleReport {
    /// How many given samples are neither there nor added.
    pub fn pending(&self) -> usize {
        if self.added.is_empty() {
            self.differing.len() + self.missing.len()
        } else {
            0
        }
    }
}

impl Made {
    /// What happened, in lines to print.
    pub fn report(&self) -> String {
        match self {
            Made::Created(created) => {
                let name = &created.name;
                let mut parts = Vec::new();
                for top in [format!("crates/{name}"), format!("testdata/{name}")] {
                    let inside: Vec<String> = created
                        .files
                        .iter()
                        .filter_map(|f| Some(f.strip_prefix(&top).ok()?.display().to_string()))
                        .collect();
                    if !inside.is_empty() {
                        parts.push(format!("{top}/ ({})", inside.join(", ")));
                    }
                }
                let mut text = format!("created {}\n", parts.join(" and "));
                for note in &created.notes {
                    text.push_str(&format!("note: {note}\n"));
                }
                text
            }
            Made::Existing(report) => {
                let dir = report.dir.display();
                let mut text =
                    format!("crates/{} exists: its code is left as it is\n", report.name);
                // "sample 2 is", "samples 1, 3 are".
                let samples = |list: &[usize]| -> String {
                    let numbers: Vec<String> = list.iter().map(|k| k.to_string()).collect();
                    match numbers.len() {
                        1 => format!("sample {} is", numbers[0]),
                        _ => format!("samples {} are", numbers.join(", ")),
                    }
                };
                if !report.same.is_empty() {
                    text.push_str(&format!("{} in {dir}/\n", samples(&report.same)));
                }
                for (k, how) in &report.differing {
                    text.push_str(&format!("sample {k} differs from {dir}/{how}\n"));
                }
                if !report.missing.is_empty() {
                    text.push_str(&format!("{} not in {dir}/\n", samples(&report.missing)));
                }
                if report.added.is_empty() {
                    if report.pending() > 0 {
                        text.push_str(
                            "note: not added: --add-samples adds them (as new sample files)\n",
                        );
                    }
                } else {
                    let added: Vec<String> =
                        report.added.iter().map(|f| f.display().to_string()).collect();
                    text.push_str(&format!("added {}\n", added.join(", ")));
                }
                text
            }
        }
    }
}

/// A file of a new crate: its path from the workspace root (`NAME` for the name) and its text.
type Template = (&'static str, &'static str);

/// The text of a template, by its path under `crates/scaffold/templates/`.
macro_rules! template {
    ($path:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/templates/", $path))
    };
}
pub(crate) use template;

const MANIFEST: Template = ("crates/NAME/Cargo.toml", template!("problem/Cargo.toml.tmpl"));

/// An ordinary problem: the sample is the sum of N integers.
const ORDINARY: &[Template] = &[
    ("crates/NAME/src/main.rs", template!("problem/main.rs.tmpl")),
    ("crates/NAME/src/lib.rs", template!("problem/lib.rs.tmpl")),
];
const ORDINARY_SAMPLE: &[Template] = &[
    ("testdata/NAME/sample-1.in", template!("problem/sample-1.in")),
    ("testdata/NAME/sample-1.out", template!("problem/sample-1.out")),
];

/// A multi-test problem: the sample is "is each case sorted", YES or NO.
const MULTI_TEST: &[Template] = &[
    ("crates/NAME/src/main.rs", template!("problem/main.rs.tmpl")),
    ("crates/NAME/src/lib.rs", template!("problem/multi-test/lib.rs.tmpl")),
];
const MULTI_TEST_SAMPLE: &[Template] = &[
    ("testdata/NAME/sample-1.in", template!("problem/multi-test/sample-1.in")),
    ("testdata/NAME/sample-1.out", template!("problem/multi-test/sample-1.out")),
];

/// An interactive problem: the sample is guess the number, with its interactor.
const INTERACTIVE: &[Template] = &[
    ("crates/NAME/src/main.rs", template!("problem/interactive/main.rs.tmpl")),
    ("crates/NAME/src/lib.rs", template!("problem/interactive/lib.rs.tmpl")),
    ("crates/NAME/src/interactor.rs", template!("problem/interactive/interactor.rs.tmpl")),
    (
        "crates/NAME/src/bin/NAME-interactor.rs",
        template!("problem/interactive/bin-interactor.rs.tmpl"),
    ),
    ("testdata/NAME/sample-1.in", template!("problem/interactive/sample-1.in")),
];

/// A problem whose checker is its own program.
const CHECKER: Template =
    ("crates/NAME/src/bin/NAME-check.rs", template!("problem/bin-check.rs.tmpl"));

/// A library crate.
const LIBRARY: &[Template] = &[
    ("crates/NAME/Cargo.toml", template!("library/Cargo.toml.tmpl")),
    ("crates/NAME/src/lib.rs", template!("library/lib.rs.tmpl")),
];

/// The test harness as a dependency, with why (for the manifest of a problem that has
/// binaries besides its solver).
pub(crate) const HARNESS_DEPENDENCY: &str =
    "# The test harness, for src/bin/ (the helper binaries' mains) and tests; the library\n\
     # never names it, so no bundle holds it.\n\
     judge-test = { path = \"../judge-test\" }\n";

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
        Request::FromPage { name, file, judge, checker, add_samples } => {
            crate::from_page::new_from_file(
                root,
                name.as_deref(),
                &file,
                judge.as_deref(),
                checker,
                add_samples,
            )?;
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
    let mut text = String::from(
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
         \x20   compared with the document's; --add-samples adds those it lacks.\n\
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
    let (mut from, mut add_samples) = (None, false);
    let mut args = args.iter().copied();
    while let Some(arg) = args.next() {
        let flag = match arg {
            "--help" | "-h" => return Ok(Request::Help),
            "--lib" => &mut library,
            "--kit" => &mut kit,
            "--interactive" => &mut interactive,
            "--multi-test" => &mut multi_test,
            "--add-samples" => &mut add_samples,
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
        });
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

/// Makes problem crate `spec.name` under `root`, every file or none; or, when the crate
/// exists, leaves its code alone and compares `spec.samples` with its samples, adding those
/// that are not there when `add_samples` asks for it.
pub fn make_problem(root: &Path, spec: &ProblemSpec, add_samples: bool) -> Result<Made, NewError> {
    let name = spec.name.as_str();
    check_crate_name(name).map_err(NewError::BadArgument)?;
    let profile = profiles::find(&spec.profile).map_err(NewError::BadArgument)?;
    let exact = CheckerSpec::Builtin(Checker::Exact);
    if spec.interactive && spec.checker.is_some_and(|checker| checker != exact) {
        return Err(NewError::BadArgument(
            "an interactive problem is judged by its interactor: a checker does not apply"
                .to_string(),
        ));
    }
    let samples: Vec<(String, String)> = spec
        .samples
        .iter()
        .map(|(input, output)| (normalized(input), normalized(output)))
        .collect();
    if root.join("crates").join(name).exists() {
        if judge_meta::problem::role(root, name) != Some(judge_meta::Role::Problem) {
            return Err(NewError::BadArgument(format!(
                "crates/{name} already exists and is no problem crate: pick another name"
            )));
        }
        return compare_samples(root, name, &samples, add_samples).map(Made::Existing);
    }
    if root.join("testdata").join(name).exists() {
        return Err(NewError::BadArgument(format!(
            "testdata/{name} exists but crates/{name} does not: move it away or pick another name"
        )));
    }
    let mut notes = Vec::new();
    let checker = choose_checker(spec, profile, &samples, &mut notes);
    let mut metadata = limit_lines(profile, spec.time_limit_ms, spec.memory_limit_mb);
    if checker != exact {
        metadata.push_str(&format!("\nchecker = \"{checker}\""));
    }
    if spec.multi_test {
        metadata.push_str("\nmulti-test = true");
    }
    let binary_checker = checker == CheckerSpec::Binary;
    let dependencies = if spec.interactive || binary_checker { HARNESS_DEPENDENCY } else { "" };
    let title = comment_text(spec.title.as_deref().unwrap_or(""));
    let url = comment_text(spec.url.as_deref().unwrap_or(""));
    let doc_title = match (title.is_empty(), url.is_empty()) {
        (false, false) => format!("{title}, {url}. TODO: the idea of the solution."),
        (false, true) => format!("{title}. TODO: the idea of the solution."),
        (true, false) => {
            format!("{url}. TODO: the problem in one line, and the idea of the solution.")
        }
        (true, true) => "TODO: the problem in one line, and the idea of the solution.".to_string(),
    };
    let description =
        if title.is_empty() { "TODO: the problem in one line.".to_string() } else { title };
    let values = [
        ("name", name.to_string()),
        ("crate", name.replace('-', "_")),
        ("profile", profile.key.to_string()),
        ("metadata", metadata),
        ("dependencies", dependencies.to_string()),
        ("title", doc_title),
        ("description", toml_string(&description)),
    ];
    let (code, sample_files) = match (spec.interactive, spec.multi_test) {
        (true, _) => (INTERACTIVE, &[][..]),
        (false, true) => (MULTI_TEST, MULTI_TEST_SAMPLE),
        (false, false) => (ORDINARY, ORDINARY_SAMPLE),
    };
    let mut files: Vec<(String, String)> = Vec::new();
    for (path, text) in std::iter::once(&MANIFEST).chain(code) {
        files.push((path.replace("NAME", name), fill(text, &values)));
    }
    if binary_checker {
        files.push((CHECKER.0.replace("NAME", name), fill(CHECKER.1, &values)));
    }
    if samples.is_empty() {
        for (path, text) in sample_files {
            files.push((path.replace("NAME", name), text.to_string()));
        }
    } else {
        let dir = if spec.interactive {
            format!("testdata/{name}/page")
        } else {
            format!("testdata/{name}")
        };
        for (k, (input, output)) in samples.iter().enumerate() {
            files.push((format!("{dir}/sample-{}.in", k + 1), input.clone()));
            files.push((format!("{dir}/sample-{}.out", k + 1), output.clone()));
        }
        if spec.interactive {
            notes.push(format!(
                "the page's samples of an interactive problem record one game each: they are in \
                 testdata/{name}/page/ for reference; the cases played against the interactor \
                 are testdata/{name}/*.in (write them for src/interactor.rs)"
            ));
        }
    }
    for (path, text) in &mut files {
        if path.ends_with(".rs") {
            *text = rustfmt(root, text, path)?;
        }
    }
    let tops = [format!("crates/{name}"), format!("testdata/{name}")];
    write_all_or_nothing(root, name, &files, &tops)?;
    if !profile.accepts_rust {
        notes.push(format!(
            "{} does not accept Rust; the bundle is kept as one file anyway",
            profile.name
        ));
    }
    let usual = |option: &str, given: Option<u64>, usual: String| {
        given.is_none().then(|| {
            format!(
                "no {option}: {}'s usual {usual} applies until you set the statement's \
                 (crates/{name}/Cargo.toml)",
                profile.name
            )
        })
    };
    notes.extend(usual(
        "--time-limit",
        spec.time_limit_ms,
        format!("{} ms", profile.time_limit_ms),
    ));
    let memory = format!("{} MB", profile.memory_limit_mb);
    notes.extend(usual("--memory-limit", spec.memory_limit_mb, memory));
    if spec.interactive && spec.multi_test {
        notes.push(
            "multi-test and interactive: the interactor plays the t games (the sample plays one)"
                .to_string(),
        );
    }
    Ok(Made::Created(Created {
        name: name.to_string(),
        files: files.into_iter().map(|(path, _)| PathBuf::from(path)).collect(),
        checker,
        notes,
    }))
}

/// The checker `spec` asks for, or the one its samples suggest, with a note saying why.
fn choose_checker(
    spec: &ProblemSpec,
    profile: &Profile,
    samples: &[(String, String)],
    notes: &mut Vec<String>,
) -> CheckerSpec {
    if let Some(checker) = spec.checker {
        return checker;
    }
    let yes_no = !samples.is_empty()
        && samples.iter().all(|(_, output)| {
            let mut tokens = output.split_whitespace().peekable();
            tokens.peek().is_some()
                && tokens.all(|t| t.eq_ignore_ascii_case("yes") || t.eq_ignore_ascii_case("no"))
        });
    if !yes_no || spec.interactive {
        return CheckerSpec::Builtin(Checker::Exact);
    }
    if profile.key == "codeforces" {
        notes.push(
            "checker yes-no: every sample's answer is YES or NO, which Codeforces accepts in any \
             letter case"
                .to_string(),
        );
        CheckerSpec::Builtin(Checker::YesNo)
    } else {
        notes.push(format!(
            "every sample's answer is YES or NO: if the statement accepts any letter case, set \
             checker = \"yes-no\" in crates/{}/Cargo.toml ({} compares exactly otherwise)",
            spec.name, profile.name
        ));
        CheckerSpec::Builtin(Checker::Exact)
    }
}

/// `text` with Unix line ends and, unless empty, a final newline: how samples are kept.
fn normalized(text: &str) -> String {
    let mut text = text.replace("\r\n", "\n");
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// The most characters of a page's text (a title) that go into a crate's docs and manifest.
const MAX_SHOWN_TEXT: usize = 160;

/// Text from a problem's page (its title: anything at all) as it may stand in a Rust line
/// comment and, escaped once more as a TOML string, in a manifest: on one line, each
/// character that is a control or a format character (a bidirectional override, which rustc
/// refuses in a comment; a zero-width one) written as `\u{..}`, cut to 160 characters.
pub fn comment_text(text: &str) -> String {
    let mut out = String::new();
    for (k, word) in text.split_whitespace().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        for c in word.chars() {
            let format = matches!(c, '\u{ad}' | '\u{61c}' | '\u{180e}' | '\u{200b}'..='\u{200f}'
                | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}');
            if c.is_control() || format {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            } else {
                out.push(c);
            }
        }
    }
    match out.char_indices().nth(MAX_SHOWN_TEXT) {
        Some((cut, _)) => format!("{}...", &out[..cut]),
        None => out,
    }
}

/// `text` (from [`comment_text`]: no control characters) as the inside of a TOML basic string.
fn toml_string(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Compares `samples` with the samples of the existing crate `name`, and adds the ones that
/// are not there when `add` asks for it (each as the next free `sample-K`, never over a file).
fn compare_samples(
    root: &Path,
    name: &str,
    samples: &[(String, String)],
    add: bool,
) -> Result<SampleReport, NewError> {
    let interactor = judge_meta::protocol::interactor_name(name);
    let interactive = root.join(format!("crates/{name}/src/bin/{interactor}.rs")).is_file();
    let dir = if interactive {
        PathBuf::from(format!("testdata/{name}/page"))
    } else {
        PathBuf::from(format!("testdata/{name}"))
    };
    let on_disk = samples_on_disk(&root.join(&dir));
    let mut report =
        SampleReport { name: name.to_string(), dir: dir.clone(), ..SampleReport::default() };
    for (k, (input, output)) in samples.iter().enumerate() {
        let number = k + 1;
        if on_disk.iter().any(|(_, i, o)| i == input && o.as_deref() == Some(output.as_str())) {
            report.same.push(number);
            continue;
        }
        match on_disk.iter().find(|(stem, ..)| *stem == format!("sample-{number}")) {
            Some((stem, disk_in, disk_out)) => {
                let how = if disk_in != input {
                    format!("{stem}.in: {}", first_difference(disk_in, input))
                } else {
                    let disk_out = disk_out.as_deref().unwrap_or("");
                    format!("{stem}.out: {}", first_difference(disk_out, output))
                };
                report.differing.push((number, how));
            }
            None => report.missing.push(number),
        }
    }
    if add {
        let mut next = on_disk
            .iter()
            .filter_map(|(stem, ..)| stem.strip_prefix("sample-")?.parse::<usize>().ok())
            .max()
            .unwrap_or(0)
            + 1;
        let wanted: Vec<usize> = report
            .differing
            .iter()
            .map(|(k, _)| *k)
            .chain(report.missing.iter().copied())
            .collect();
        let mut files = Vec::new();
        for k in wanted {
            let (input, output) = &samples[k - 1];
            while root.join(&dir).join(format!("sample-{next}.in")).exists()
                || root.join(&dir).join(format!("sample-{next}.out")).exists()
            {
                next += 1;
            }
            files.push((dir.join(format!("sample-{next}.in")), input.clone()));
            files.push((dir.join(format!("sample-{next}.out")), output.clone()));
            next += 1;
        }
        let mut written = Vec::new();
        for (path, text) in &files {
            let full = root.join(path);
            let result = fs::create_dir_all(full.parent().expect("a sample is in a folder"))
                .and_then(|()| fs::OpenOptions::new().write(true).create_new(true).open(&full))
                .and_then(|mut file| file.write_all(text.as_bytes()));
            if let Err(e) = result {
                for done in &written {
                    let _ = fs::remove_file(root.join(done));
                }
                let shown = path.display();
                return Err(NewError::Failed(format!("cannot write {shown}: {e} (nothing added)")));
            }
            written.push(path.clone());
        }
        report.added = written;
    }
    Ok(report)
}

/// The `sample*.in` files of `dir`, sorted: (stem, input, output if there is one).
fn samples_on_disk(dir: &Path) -> Vec<(String, String, Option<String>)> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<(String, String, Option<String>)> = entries
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let stem = path.file_stem()?.to_str()?.to_string();
            if path.extension()? != "in" || !stem.starts_with("sample") {
                return None;
            }
            let input = normalized(&fs::read_to_string(&path).ok()?);
            let output = fs::read_to_string(path.with_extension("out")).ok();
            Some((stem, input, output.map(|o| normalized(&o))))
        })
        .collect();
    found.sort();
    found
}

/// Where `ours` (on disk) and `theirs` (given) first differ: `line 2: "5 4" on disk, "5 3"
/// given`.
fn first_difference(ours: &str, theirs: &str) -> String {
    let (mut a, mut b) = (ours.lines(), theirs.lines());
    let mut line = 1;
    loop {
        match (a.next(), b.next()) {
            (Some(x), Some(y)) if x == y => line += 1,
            (None, None) => return "they differ only in the ends of their lines".to_string(),
            (x, y) => {
                let shown = |l: Option<&str>| l.map_or("the end".to_string(), |l| format!("{l:?}"));
                return format!("line {line}: {} on disk, {} given", shown(x), shown(y));
            }
        }
    }
}

/// Makes library crate `name` under `root`, every file or none.
fn make_library(root: &Path, name: &str) -> Result<(), NewError> {
    check_crate_name(name).map_err(NewError::BadArgument)?;
    if root.join("crates").join(name).exists() {
        return Err(NewError::BadArgument(format!(
            "crates/{name} already exists: pick another name"
        )));
    }
    let values = [("name", name.to_string()), ("crate", name.replace('-', "_"))];
    let mut files = Vec::new();
    for (path, text) in LIBRARY {
        let mut text = fill(text, &values);
        if path.ends_with(".rs") {
            text = rustfmt(root, &text, path)?;
        }
        files.push((path.replace("NAME", name), text));
    }
    write_all_or_nothing(root, name, &files, &[format!("crates/{name}")])
}

/// `template` with each `{{key}}` replaced by its value.
pub(crate) fn fill(template: &str, values: &[(&str, String)]) -> String {
    // One pass over the template: a value (a title from a page) that holds `{{key}}` stays
    // as it is.
    let mut text = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        let value = rest[open + 2..].split_once("}}").and_then(|(key, _)| {
            values.iter().find(|(k, _)| *k == key).map(|(k, value)| (k.len(), value))
        });
        match value {
            Some((key_len, value)) => {
                text.push_str(&rest[..open]);
                text.push_str(value);
                rest = &rest[open + 2 + key_len + 2..];
            }
            None => {
                text.push_str(&rest[..open + 2]);
                rest = &rest[open + 2..];
            }
        }
    }
    text.push_str(rest);
    text
}

/// `text` (the file `shown`) as rustfmt formats it with the workspace's settings: from stdin,
/// so that no other file (a module it declares) is read or touched.
pub(crate) fn rustfmt(root: &Path, text: &str, shown: &str) -> Result<String, NewError> {
    let failed = |why: String| NewError::Failed(format!("cannot format {shown}: {why}"));
    let mut command = Command::new(rustfmt_program());
    command.args(["--edition", "2021"]).current_dir(root);
    if root.join("rustfmt.toml").is_file() {
        command.arg("--config-path").arg(root.join("rustfmt.toml"));
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| failed(format!("cannot run rustfmt: {e}")))?;
    let mut stdin = child.stdin.take().expect("piped");
    let input = text.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().map_err(|e| failed(e.to_string()))?;
    let _ = writer.join();
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(failed(stderr.lines().take(6).collect::<Vec<_>>().join(" / ")));
    }
    String::from_utf8(output.stdout).map_err(|e| failed(e.to_string()))
}

/// rustfmt beside the cargo that runs us (rustup's), else the one on the PATH.
fn rustfmt_program() -> PathBuf {
    std::env::var_os("CARGO")
        .map(PathBuf::from)
        .and_then(|cargo| Some(cargo.parent()?.join("rustfmt")))
        .filter(|rustfmt| rustfmt.is_file())
        .unwrap_or_else(|| PathBuf::from("rustfmt"))
}

/// Writes `files` (paths from `root`) into a folder of their own under `target/` (ignored by
/// git, on the workspace's file system), then renames each of `tops` (the folders they are
/// in: `crates/NAME`, `testdata/NAME`) into place; on any failure, removes what it wrote and
/// moved.
fn write_all_or_nothing(
    root: &Path,
    name: &str,
    files: &[(String, String)],
    tops: &[String],
) -> Result<(), NewError> {
    let staging_dir = root.join("target/xtask-new").join(format!("{name}-{}", std::process::id()));
    let staging = Staging { dir: staging_dir };
    let _ = fs::remove_dir_all(&staging.dir);
    for (path, text) in files {
        let target = staging.dir.join(path);
        fs::create_dir_all(target.parent().expect("every file is in a folder"))
            .and_then(|()| fs::write(&target, text))
            .map_err(|e| {
                let shown = target.display();
                NewError::Failed(format!("cannot write {shown}: {e} (nothing was made)"))
            })?;
    }
    let mut moved: Vec<&String> = Vec::new();
    for top in tops {
        let (from, to) = (staging.dir.join(top), root.join(top));
        if !from.exists() {
            continue;
        }
        let parent = to.parent().expect("a top folder has a parent");
        let result = fs::create_dir_all(parent).and_then(|()| {
            if to.exists() {
                Err(std::io::Error::new(std::io::ErrorKind::AlreadyExists, "it exists"))
            } else {
                fs::rename(&from, &to)
            }
        });
        if let Err(e) = result {
            for done in moved {
                let _ = fs::rename(root.join(done), staging.dir.join(done));
            }
            return Err(NewError::Failed(format!("cannot make {top}: {e} (nothing was made)")));
        }
        moved.push(top);
    }
    Ok(())
}

/// A folder removed with what it holds when dropped.
struct Staging {
    dir: PathBuf,
}

impl Drop for Staging {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
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

#[cfg(test)]
mod tests;
