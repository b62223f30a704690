//! A problem crate from a [`ProblemSpec`]: `Cargo.toml`, `src/main.rs`, `src/lib.rs` and its
//! samples (an interactive one adds its interactor), every file or none; a crate that exists
//! is left as it is and its samples compared (see [`super::samples`]).

use std::path::{Path, PathBuf};

use judge_meta::checker::{Checker, CheckerSpec};
use judge_meta::profiles::{self, Profile};

use super::error::NewError;
use super::files::{fill, rustfmt, template, Template};
use super::limits::{crate_limits, Limits};
use super::samples::{compare_samples, SampleReport};
use super::stage::write_all_or_nothing;
use super::text::{comment_text, normalized, toml_string};
use crate::names::check_crate_name;

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
                for (k, stem, how) in &report.conflicting {
                    text.push_str(&format!(
                        "sample {k} conflicts with {stem}: the same input, another answer \
                         ({dir}/{stem}.out {how}); left out\n"
                    ));
                }
                if !report.missing.is_empty() {
                    text.push_str(&format!("{} not in {dir}/\n", samples(&report.missing)));
                }
                if let Some((ours, page)) = report.limits_differ {
                    text.push_str(&format!(
                        "limits differ: {ours} in crates/{}/Cargo.toml, {page} on the page\n",
                        report.name
                    ));
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

pub(super) const MANIFEST: Template =
    ("crates/NAME/Cargo.toml", template!("problem/Cargo.toml.tmpl"));

/// An ordinary problem: the sample is the sum of N integers.
pub(super) const ORDINARY: &[Template] = &[
    ("crates/NAME/src/main.rs", template!("problem/main.rs.tmpl")),
    ("crates/NAME/src/lib.rs", template!("problem/lib.rs.tmpl")),
];
const ORDINARY_SAMPLE: &[Template] = &[
    ("testdata/NAME/sample-1.in", template!("problem/sample-1.in")),
    ("testdata/NAME/sample-1.out", template!("problem/sample-1.out")),
];

/// A multi-test problem: the sample is "is each case sorted", YES or NO.
pub(super) const MULTI_TEST: &[Template] = &[
    ("crates/NAME/src/main.rs", template!("problem/main.rs.tmpl")),
    ("crates/NAME/src/lib.rs", template!("problem/multi-test/lib.rs.tmpl")),
];
const MULTI_TEST_SAMPLE: &[Template] = &[
    ("testdata/NAME/sample-1.in", template!("problem/multi-test/sample-1.in")),
    ("testdata/NAME/sample-1.out", template!("problem/multi-test/sample-1.out")),
];

/// An interactive problem: the sample is guess the number, with its interactor.
pub(super) const INTERACTIVE: &[Template] = &[
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

/// The test harness as a dependency, with why (for the manifest of a problem that has
/// binaries besides its solver).
pub(crate) const HARNESS_DEPENDENCY: &str =
    "# The test harness, for src/bin/ (the helper binaries' mains) and tests; the library\n\
     # never names it, so no bundle holds it.\n\
     judge-test = { path = \"../judge-test\" }\n";

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
    if root.join("crates").join(name).symlink_metadata().is_ok() {
        if judge_meta::problem::role(root, name) != Some(judge_meta::Role::Problem) {
            return Err(NewError::BadArgument(format!(
                "crates/{name} already exists and is no problem crate: pick another name"
            )));
        }
        let mut report = compare_samples(root, name, &samples, add_samples)?;
        if let (Some(time_limit_ms), Some(memory_limit_mb)) =
            (spec.time_limit_ms, spec.memory_limit_mb)
        {
            let page = Limits { time_limit_ms, memory_limit_mb };
            report.limits_differ =
                crate_limits(root, name).filter(|&ours| ours != page).map(|ours| (ours, page));
        }
        return Ok(Made::Existing(report));
    }
    if root.join("testdata").join(name).symlink_metadata().is_ok() {
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
        ("rust_version", profile.rust_version.to_string()),
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
    write_all_or_nothing(root, &files, &tops)?;
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
    // Whether every token of every sample's answer is `word` (and there is one).
    let every_answer = |word: &dyn Fn(&str) -> bool| {
        !samples.is_empty()
            && samples.iter().all(|(_, output)| {
                let mut tokens = output.split_whitespace().peekable();
                tokens.peek().is_some() && tokens.all(word)
            })
    };
    let yes_no = every_answer(&|t| t.eq_ignore_ascii_case("yes") || t.eq_ignore_ascii_case("no"));
    let decimal = every_answer(&|t| t.contains('.') && t.parse::<f64>().is_ok_and(f64::is_finite));
    if spec.interactive {
        return CheckerSpec::Builtin(Checker::Exact);
    }
    if decimal {
        notes.push(format!(
            "every sample's answer is a decimal number: if the statement accepts answers within \
             an error, set checker = \"floats ABS REL\" in crates/{}/Cargo.toml with its \
             tolerances (e.g. \"floats 1e-6 1e-6\"; {} compares exactly otherwise)",
            spec.name, profile.name
        ));
    }
    if !yes_no {
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

/// The metadata lines for the limits: the statement's as keys; the profile's usual one, which
/// applies when a key is absent, as a comment to fill in.
pub(super) fn limit_lines(
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
