//! `from-page-check XTASK < DOCUMENT.json`: runs `XTASK new --from FILE` (what
//! `scripts/new.sh --from FILE` runs) on the document from stdin, in a scratch workspace of its
//! own, and checks what it did: the workspace's fuzzer drives it with mutated documents.
//!
//! - `xtask` refused the document with one `error:` line and exit status 1, and made nothing:
//!   that line is printed as it is (without the file's path before the place), exit status 1.
//! - `xtask` made the crate: exactly `crates/NAME` and `testdata/NAME`, NAME the URL's name,
//!   its manifest a TOML document (the workspace's own reader) whose description is the title
//!   as the comment shows it and whose metadata (judge-meta's reader) has the page's judge and
//!   limits, its `lib.rs` opening with the title on one line, and a sample file per sample:
//!   the numbers of files and samples are printed, one a line, exit status 0.
//! - Anything else (a refusal that is the tools' fault, such as a file that rustfmt could not
//!   read, a crate made half, several error lines, a panic) is a failure: a line that is not
//!   an `error:` line, exit status 3.
//!
//! The fuzzer runs a binary without arguments and needs a format name whose successful runs
//! print integer lines, so (from the workspace's root):
//!
//! ```sh
//! cargo build -q --release -p xtask && cargo build -q -p scaffold --example from-page-check
//! mkdir -p target/fuzz/from-page-seeds
//! for f in crates/scaffold/tests/payloads/*.json crates/scaffold/tests/payloads/*/*.json; do
//!     cp "$f" "target/fuzz/from-page-seeds/$(basename "$f" .json).in"; done
//! printf '#!/bin/sh\nexec "%s" "%s"\n' "$PWD/target/debug/examples/from-page-check" \
//!     "$PWD/target/release/xtask" > target/fuzz/from-page && chmod +x target/fuzz/from-page
//! python3 /work/shared/tools/fuzz.py target/fuzz/from-page target/fuzz/from-page-seeds 300 \
//!     --format ts-big-puzzle --out target/fuzz/from-page-out
//! ```

use scaffold::new::comment_text;
use scaffold::receive::{Options, Problem};
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

const PROFILES: &[&str] = &["boj", "algospot", "atcoder", "codeforces", "swea", "programmers"];

/// A scratch workspace, removed when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Every file under `dir`, from it.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in fs::read_dir(&folder).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                found.push(path.strip_prefix(dir).expect("under it").to_path_buf());
            }
        }
    }
    found.sort();
    found
}

/// Checks the crate `xtask` made of `problem` under `root`: the numbers to print.
fn check_made(root: &Path, problem: &Problem) -> Result<String, String> {
    let name = &problem.crate_name;
    let made: Vec<PathBuf> =
        files(root).into_iter().filter(|f| !f.starts_with("doc.json")).collect();
    let outside: Vec<&PathBuf> = made
        .iter()
        .filter(|f| {
            !f.starts_with(format!("crates/{name}")) && !f.starts_with(format!("testdata/{name}"))
        })
        .collect();
    if !outside.is_empty() {
        return Err(format!("files outside crates/{name} and testdata/{name}: {outside:?}"));
    }
    let manifest = fs::read_to_string(root.join(format!("crates/{name}/Cargo.toml")))
        .map_err(|e| format!("no manifest: {e}"))?;
    let toml = judge_meta::toml::parse(&manifest)
        .map_err(|e| format!("the manifest is not TOML ({e:?}):\n{manifest}"))?;
    let description = toml.table(&["package"]).and_then(|p| p.get("description"));
    let expected = comment_text(&problem.title);
    if !expected.is_empty() && description.and_then(|d| d.as_str()) != Some(expected.as_str()) {
        return Err(format!("the description is {description:?}, not {expected:?}"));
    }
    let meta = judge_meta::problem::read(root, name).map_err(|e| format!("metadata: {e}"))?;
    let limits = (meta.time_limit_ms, meta.memory_limit_mb);
    if meta.profile.key != problem.judge
        || limits != (problem.time_limit_ms, problem.memory_limit_mb)
    {
        return Err(format!("the metadata says {} {limits:?}", meta.profile.key));
    }
    let lib = fs::read_to_string(root.join(format!("crates/{name}/src/lib.rs")))
        .map_err(|e| format!("no lib.rs: {e}"))?;
    let first = lib.lines().next().unwrap_or("");
    if !first.starts_with(&format!("//! {name}: {expected}")) || first.chars().any(char::is_control)
    {
        return Err(format!("lib.rs opens with {first:?}"));
    }
    let dir = if problem.interactive { "page/" } else { "" };
    for k in 1..=problem.samples.len() {
        for ext in ["in", "out"] {
            let sample = format!("testdata/{name}/{dir}sample-{k}.{ext}");
            if !made.contains(&PathBuf::from(&sample)) {
                return Err(format!("no {sample}"));
            }
        }
    }
    Ok(format!("{}\n{}\n", made.len(), problem.samples.len()))
}

fn run(xtask: &str) -> Result<(String, bool), String> {
    let mut document = Vec::new();
    io::stdin().read_to_end(&mut document).map_err(|e| format!("cannot read stdin: {e}"))?;
    let root = std::env::temp_dir().join(format!("from-page-check-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(&root).map_err(|e| format!("cannot make a scratch workspace: {e}"))?;
    let scratch = Scratch(root);
    let file = scratch.0.join("doc.json");
    fs::write(&file, &document).map_err(|e| format!("cannot write the document: {e}"))?;
    let output = Command::new(xtask)
        .args(["new", "--from"])
        .arg(&file)
        .env("XTASK_WORKSPACE", &scratch.0)
        .output()
        .map_err(|e| format!("cannot run {xtask}: {e}"))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    match output.status.code() {
        Some(1) => {
            let lines: Vec<&str> = stderr.lines().collect();
            let prefix = format!("error: {}: ", file.display());
            let tools = ["cannot format", "cannot write", "cannot make", "cannot run"];
            match lines[..] {
                [line] if line.starts_with(&prefix) => {}
                [line]
                    if line.starts_with("error: ") && !tools.iter().any(|t| line.contains(t)) => {}
                _ => return Err(format!("a refusal that is not one error line: {stderr:?}")),
            }
            let made: Vec<PathBuf> =
                files(&scratch.0).into_iter().filter(|f| !f.starts_with("doc.json")).collect();
            if !made.is_empty() {
                return Err(format!("refused, yet made {made:?}"));
            }
            Ok((lines[0].replacen(&prefix, "error: ", 1), false))
        }
        Some(0) => {
            let options = Options::new(PROFILES);
            let problem = Problem::from_json(&document, &options)
                .map_err(|e| format!("made a crate of a document it cannot read: {e}"))?;
            check_made(&scratch.0, &problem).map(|numbers| (numbers, true))
        }
        _ => Err(format!("xtask ended with {}: {stderr:?}", output.status)),
    }
}

fn main() -> ExitCode {
    let Some(xtask) = std::env::args().nth(1) else {
        eprintln!("usage: from-page-check XTASK < DOCUMENT.json");
        return ExitCode::from(2);
    };
    match run(&xtask) {
        Ok((numbers, true)) => {
            print!("{numbers}");
            ExitCode::SUCCESS
        }
        Ok((error, false)) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
        Err(failure) => {
            eprintln!("failure: {failure}");
            ExitCode::from(3)
        }
    }
}
