//! [`Problem`]: a problem as the runner sees it (its metadata, its cases, which of them were
//! written by hand, the binaries it runs), and building those binaries.

use std::collections::{BTreeSet, HashSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use judge_meta::ProblemMeta;

use crate::cargo;
use crate::process::Limits;

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

/// Builds, in release mode and in one cargo run, the given binaries of each package.
pub fn build(root: &Path, packages: &[(&str, &[&str])]) -> Result<(), String> {
    cargo::build_release(root, packages)
}

/// The list of the cases make-testdata made, in a problem's testdata folder.
pub const GENERATED: &str = ".generated";

/// The names of the cases make-testdata made in the testdata folder `dir` (none if it never
/// ran there): every other case was written by hand.
pub fn generated(dir: &Path) -> BTreeSet<String> {
    let text = fs::read_to_string(dir.join(GENERATED)).unwrap_or_default();
    text.lines().map(str::trim).filter(|name| !name.is_empty()).map(String::from).collect()
}

/// cargo's target folder: `CARGO_TARGET_DIR`, else `target` in the workspace.
pub fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

/// The judge's limits on a run of `meta`'s problem.
pub fn judge_limits(meta: &ProblemMeta) -> Limits {
    Limits {
        time: std::time::Duration::from_millis(meta.time_limit_ms),
        memory_kib: meta.memory_limit_mb * 1024,
        output_bytes: meta.output_limit_mb << 20,
    }
}

/// A problem as the runner sees it.
pub struct Problem {
    pub name: String,
    pub meta: ProblemMeta,
    pub cases: Vec<PathBuf>,
    /// The cases written by hand (the samples): those `.generated` does not list.
    pub hand_written: HashSet<PathBuf>,
    pub release: PathBuf,
    /// `<problem>-check`, for a problem with its own checker.
    pub checker: Option<String>,
    /// `<problem>-interactor`, for an interactive problem.
    pub interactor: Option<String>,
    /// `<problem>-naive`, the oracle, for a problem that has one: it judges the hand-written
    /// samples that the solver fails. Built the first time it is needed.
    pub oracle: Option<String>,
    built_oracle: OnceLock<Result<PathBuf, String>>,
}

impl Problem {
    fn read(root: &Path, target: &Path, name: &str) -> Result<Problem, String> {
        let meta = judge_meta::problem::read(root, name)?;
        let dir = root.join("testdata").join(name);
        let cases = list_cases(&dir)?;
        let generated = generated(&dir);
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
            built_oracle: OnceLock::new(),
        })
    }

    /// The oracle's release binary, built now if this run has not built it yet.
    pub fn oracle(&self, root: &Path) -> Option<&Result<PathBuf, String>> {
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

    /// The folder of the release binaries.
    pub fn release_dir(&self) -> &Path {
        self.release.parent().expect("the release binary is in a folder")
    }
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
