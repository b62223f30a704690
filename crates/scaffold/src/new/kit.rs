//! `scripts/new.sh --kit P`: adds to an existing problem what stress testing and benchmarks
//! need, written against the problem's own `parse` and `run` (and, for an interactive problem,
//! `run` and `interactor::run`), so that it compiles at once and keeps compiling when the
//! solution changes:
//!
//! - `src/naive.rs`, the oracle, as a module of the library (`pub mod naive;` is added to
//!   `src/lib.rs`): not written yet, it answers every input with an error naming itself, and
//!   the stress tests stop on that instead of agreeing on nothing;
//! - `src/gen.rs`, the generator, derived from the problem's `input!` declaration
//!   (`derive.rs`); when it cannot be derived, one that says why and stops the stress tests the
//!   same way. It is no module of the library: its users include it, so it may use the test
//!   harness and never reaches a bundle;
//! - `src/bin/P-gen.rs`, `src/bin/P-naive.rs` (not for an interactive problem, whose
//!   interactor judges), `tests/stress.rs`, `tests/cli.rs`, `testdata.list` and
//!   `examples/P-bench.rs`.
//!
//! The manifest gets the test harness as a dependency (and `default-run`) when it lacks them.
//! A file that exists is left as it is and reported; so is everything when a step fails (what
//! was written is removed, what was edited restored).

use std::fs;
use std::path::{Path, PathBuf};

use super::derive::{self, Items};
use super::error::NewError;
use super::files::{fill, rustfmt, template};
use super::problem::HARNESS_DEPENDENCY;

/// The kit of an ordinary problem: (path under the crate, template).
const ORDINARY: &[(&str, &str)] = &[
    ("src/naive.rs", template!("kit/naive.rs.tmpl")),
    ("src/bin/NAME-gen.rs", template!("kit/bin-gen.rs.tmpl")),
    ("src/bin/NAME-naive.rs", template!("kit/bin-naive.rs.tmpl")),
    ("tests/stress.rs", template!("kit/stress.rs.tmpl")),
    ("tests/cli.rs", template!("kit/cli.rs.tmpl")),
    ("examples/NAME-bench.rs", template!("kit/bench.rs.tmpl")),
    ("testdata.list", template!("kit/testdata.list.tmpl")),
];

/// The kit of an interactive problem.
const INTERACTIVE: &[(&str, &str)] = &[
    ("src/naive.rs", template!("kit/interactive/naive.rs.tmpl")),
    ("src/bin/NAME-gen.rs", template!("kit/bin-gen.rs.tmpl")),
    ("tests/stress.rs", template!("kit/interactive/stress.rs.tmpl")),
    ("tests/cli.rs", template!("kit/interactive/cli.rs.tmpl")),
    ("examples/NAME-bench.rs", template!("kit/interactive/bench.rs.tmpl")),
    ("testdata.list", template!("kit/interactive/testdata.list.tmpl")),
];

const GENERATOR: &str = template!("kit/gen.rs.tmpl");
const GENERATOR_UNWRITTEN: &str = template!("kit/gen-unwritten.rs.tmpl");

/// What `add` did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct KitReport {
    /// The files written, from the crate's folder.
    pub written: Vec<String>,
    /// The kit's files that were there already, left as they were.
    pub kept: Vec<String>,
    /// The files edited, and how.
    pub edited: Vec<String>,
    /// What the generator was derived from (`Ok`), or why it could not be (`Err`); `None` when
    /// `src/gen.rs` was there already.
    pub generator: Option<Result<String, String>>,
    pub interactive: bool,
}

impl KitReport {
    /// What happened and what to do next, in lines to print.
    pub fn report(&self, problem: &str) -> String {
        let mut text = String::new();
        if self.written.is_empty() && self.edited.is_empty() {
            text.push_str(&format!(
                "crates/{problem} has its kit already: {} (nothing changed)\n",
                self.kept.join(", ")
            ));
            return text;
        }
        text.push_str(&format!("added to crates/{problem}: {}\n", self.written.join(", ")));
        if !self.kept.is_empty() {
            text.push_str(&format!("left as they were: {}\n", self.kept.join(", ")));
        }
        for edit in &self.edited {
            text.push_str(&format!("edited {edit}\n"));
        }
        match &self.generator {
            Some(Ok(summary)) => text.push_str(&format!(
                "src/gen.rs is derived from the input! declaration ({summary}): the generator and \
                 the benchmark run now (cargo run -q -p {problem} --bin {problem}-gen -- 1 random; \
                 scripts/bench.sh {problem})\n"
            )),
            Some(Err(reason)) => text.push_str(&format!(
                "src/gen.rs could not be derived ({reason}): write generate there; until then \
                 the stress tests stop on it\n"
            )),
            None => {}
        }
        let oracle = if self.interactive {
            "a simple player the interactor accepts"
        } else {
            "the slow, obvious answer"
        };
        text.push_str(&format!(
            "next: write naive::run in crates/{problem}/src/naive.rs ({oracle}): until then the \
             stress tests stop saying so; then scripts/stress.sh {problem}, \
             scripts/make-testdata.sh {problem} and scripts/test.sh {problem}\n"
        ));
        text
    }
}

/// Adds the kit to problem `problem` under `root`.
pub fn add(root: &Path, problem: &str) -> Result<KitReport, NewError> {
    judge_meta::problem::check_problems(root, &[problem]).map_err(NewError::BadArgument)?;
    let meta = judge_meta::problem::read(root, problem).map_err(NewError::Failed)?;
    let dir = meta.dir.clone();
    let read = |path: &str| {
        fs::read_to_string(dir.join(path))
            .map_err(|e| NewError::Failed(format!("cannot read crates/{problem}/{path}: {e}")))
    };
    let lib = read("src/lib.rs")?;
    let lib_items = derive::items(&lib, "src/lib.rs").map_err(NewError::Failed)?;
    let interactive = meta.interactive;
    let (templates, source_file, function) = if interactive {
        (INTERACTIVE, "src/interactor.rs", "read_case")
    } else {
        (ORDINARY, "src/lib.rs", "parse")
    };
    let mut report = KitReport { interactive, ..KitReport::default() };
    let paths = templates.iter().map(|(path, _)| path.replace("NAME", problem));
    let paths: Vec<String> = paths.chain(["src/gen.rs".to_string()]).collect();
    let manifest = read("Cargo.toml")?;
    let (manifest_edited, manifest_edits) = with_harness(&manifest, problem);
    let naive_module = lib_items.mods.iter().any(|m| m == "naive");
    if paths.iter().all(|path| dir.join(path).exists()) && naive_module && manifest_edits.is_empty()
    {
        report.kept = paths;
        return Ok(report);
    }
    check_contract(problem, &dir, &lib_items, interactive)?;

    let mut values = vec![
        ("name", problem.to_string()),
        ("crate", problem.replace('-', "_")),
        ("signatures", signatures(&lib_items)),
    ];
    let mut files: Vec<(String, String)> = Vec::new();
    for (path, text) in templates {
        files.push((path.replace("NAME", problem), fill(text, &values)));
    }
    if dir.join("src/gen.rs").exists() {
        report.kept.push("src/gen.rs".to_string());
    } else {
        let source = fs::read_to_string(dir.join(source_file)).unwrap_or_default();
        let also = if interactive { vec![(lib.as_str(), "src/lib.rs")] } else { Vec::new() };
        values.push(("file", source_file.to_string()));
        let (text, derived) = match derive::derive(&source, source_file, function, &also) {
            Ok(derived) => {
                values.extend([
                    ("consts", consts_block(&derived.consts, source_file)),
                    ("lines", format!("{}-{}", derived.lines.0, derived.lines.1)),
                    ("source", doc_lines(&derived.source)),
                    ("summary", derived.summary.clone()),
                    ("body", derived.body.clone()),
                ]);
                (fill(GENERATOR, &values), Ok(derived.summary))
            }
            Err(reason) => {
                // The reason without its place, for the generator's own message.
                let short = reason.split_once(": ").map_or(reason.as_str(), |(_, rest)| rest);
                values.extend([("reason", reason.clone()), ("short_reason", escaped(short))]);
                (fill(GENERATOR_UNWRITTEN, &values), Err(reason))
            }
        };
        files.push(("src/gen.rs".to_string(), text));
        report.generator = Some(derived);
    }
    let mut planned = Vec::new();
    for (path, text) in files {
        if dir.join(&path).exists() {
            if !report.kept.contains(&path) {
                report.kept.push(path);
            }
            continue;
        }
        let text = if path.ends_with(".rs") {
            rustfmt(root, &text, &format!("crates/{problem}/{path}"))?
        } else {
            text
        };
        planned.push((path, text));
    }

    // The edits: the oracle as a module of the library; the harness and default-run in the
    // manifest.
    let mut edits: Vec<(&str, String)> = Vec::new();
    if !naive_module {
        edits.push(("src/lib.rs", with_naive_module(&lib)));
        report.edited.push("src/lib.rs (pub mod naive;)".to_string());
    }
    if !manifest_edits.is_empty() {
        edits.push(("Cargo.toml", manifest_edited));
        report.edited.push(format!("Cargo.toml ({})", manifest_edits.join(", ")));
    }
    write_or_restore(&dir, &planned, &edits)?;
    report.written = planned.into_iter().map(|(path, _)| path).collect();
    Ok(report)
}

/// Refuses a problem whose library lacks what the kit is written against.
fn check_contract(
    problem: &str,
    dir: &Path,
    lib: &Items,
    interactive: bool,
) -> Result<(), NewError> {
    let missing = |what: &str, file: &str, contract: &str| {
        Err(NewError::Failed(format!(
            "crates/{problem}/{file} has no `{what}`: the kit is written against {contract}; add \
             it (or rename yours) and run the command again"
        )))
    };
    if interactive {
        if !lib.has_pub_fn("run") {
            let solver = "the solver `pub fn run<R: Read, W: Write>(input: &mut StreamInput<R>, \
                          out: &mut Output<W>) -> Result<(), Error>`";
            return missing("pub fn run", "src/lib.rs", solver);
        }
        if !lib.mods.iter().any(|m| m == "interactor") {
            return missing("pub mod interactor", "src/lib.rs", "the interactor's module");
        }
        let interactor = fs::read_to_string(dir.join("src/interactor.rs")).unwrap_or_default();
        let items = derive::items(&interactor, "src/interactor.rs").map_err(NewError::Failed)?;
        if !items.has_pub_fn("run") {
            let run = "the interactor `pub fn run<R: Read, W: Write>(case: &[u8], solver: \
                       &mut StreamInput<R>, out: &mut Output<W>) -> Result<(), Error>`";
            return missing("pub fn run", "src/interactor.rs", run);
        }
        return Ok(());
    }
    for name in ["parse", "run"] {
        if !lib.has_pub_fn(name) {
            let contract = "`pub fn parse(input: &[u8]) -> Result<Input, Error>` and `pub fn \
                            run<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error>`";
            return missing(&format!("pub fn {name}"), "src/lib.rs", contract);
        }
    }
    Ok(())
}

/// The solver's signatures, as doc lines of the oracle.
fn signatures(items: &Items) -> String {
    let mut text = String::new();
    for name in ["parse", "solve", "render", "run"] {
        if let Some(signature) = items.signature(name) {
            text.push_str(&format!("//! - `{signature}`\n"));
        }
    }
    if text.is_empty() {
        text.push_str("//! (none found)\n");
    }
    text.trim_end().to_string()
}

/// The copied consts, with what they are.
fn consts_block(consts: &str, file: &str) -> String {
    if consts.is_empty() {
        return String::new();
    }
    format!("// The bounds of {file}, copied when the kit was made.\n{consts}\n")
}

/// `text` as lines of a doc comment's code block.
fn doc_lines(text: &str) -> String {
    text.lines()
        .map(|line| if line.is_empty() { "///\n".to_string() } else { format!("/// {line}\n") })
        .collect()
}

/// `text` as the inside of a Rust string literal.
fn escaped(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// `lib` with `pub mod naive;` before its first item (after the crate's docs and inner
/// attributes), in a group of its own so that rustfmt leaves the order as it is.
fn with_naive_module(lib: &str) -> String {
    let mut offset = 0;
    for line in lib.split_inclusive('\n') {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with("//!") || trimmed.starts_with("#![") {
            offset += line.len();
        } else {
            break;
        }
    }
    format!("{}pub mod naive;\n\n{}", &lib[..offset], &lib[offset..])
}

/// `manifest` with the test harness under `[dependencies]` and `default-run`, when it lacks
/// them; and what was added.
fn with_harness(manifest: &str, problem: &str) -> (String, Vec<&'static str>) {
    let mut lines: Vec<String> = manifest.lines().map(str::to_string).collect();
    let mut added = Vec::new();
    let key = |line: &str| line.split('=').next().unwrap_or("").trim().to_string();
    if !lines.iter().any(|line| key(line) == "judge-test") {
        let at = lines
            .iter()
            .position(|line| key(line) == "judge-io")
            .or_else(|| lines.iter().position(|line| line.trim() == "[dependencies]"));
        let dependency: Vec<String> = HARNESS_DEPENDENCY.lines().map(str::to_string).collect();
        match at {
            Some(at) => {
                lines.splice(at + 1..at + 1, dependency);
            }
            None => {
                lines.push(String::new());
                lines.push("[dependencies]".to_string());
                lines.extend(dependency);
            }
        }
        added.push("judge-test, for the binaries and tests");
    }
    if !lines.iter().any(|line| key(line) == "default-run") {
        if let Some(at) = lines.iter().position(|line| key(line) == "name") {
            lines.insert(at + 1, format!("default-run = \"{problem}\""));
            added.push("default-run, now that it has several binaries");
        }
    }
    let mut text = lines.join("\n");
    text.push('\n');
    (text, added)
}

/// Writes `files` (paths from `dir`, none of which exists) and replaces the edited files'
/// texts; on a failure, removes what was written and restores what was edited.
fn write_or_restore(
    dir: &Path,
    files: &[(String, String)],
    edits: &[(&str, String)],
) -> Result<(), NewError> {
    let mut written: Vec<PathBuf> = Vec::new();
    let mut created_dirs: Vec<PathBuf> = Vec::new();
    let mut restored: Vec<(PathBuf, String)> = Vec::new();
    let mut write = || -> std::io::Result<()> {
        for (path, text) in files {
            let target = dir.join(path);
            let mut parent = target.parent();
            while let Some(folder) = parent.filter(|f| !f.exists()) {
                created_dirs.push(folder.to_path_buf());
                parent = folder.parent();
            }
            fs::create_dir_all(target.parent().expect("in a folder"))?;
            fs::write(&target, text)?;
            written.push(target);
        }
        for (path, text) in edits {
            let target = dir.join(path);
            let old = fs::read_to_string(&target)?;
            fs::write(&target, text)?;
            restored.push((target, old));
        }
        Ok(())
    };
    if let Err(e) = write() {
        for file in &written {
            let _ = fs::remove_file(file);
        }
        // Deepest first: a folder is removed only once it is empty.
        created_dirs.sort_by_key(|folder| std::cmp::Reverse(folder.components().count()));
        for folder in &created_dirs {
            let _ = fs::remove_dir(folder);
        }
        for (file, old) in &restored {
            let _ = fs::write(file, old);
        }
        return Err(NewError::Failed(format!(
            "cannot write the kit into {}: {e} (nothing was changed)",
            dir.display()
        )));
    }
    Ok(())
}
