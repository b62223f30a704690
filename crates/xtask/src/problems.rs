//! Which crates are problems: exactly those whose `Cargo.toml` has a `[package.metadata.judge]`
//! table. Every script asks here (`xtask problems [NAME...]`), so the rule lives once.

use std::fs;
use std::path::Path;

/// The table that makes a crate a problem.
const JUDGE_TABLE: &str = "[package.metadata.judge]";

/// Whether `crates/<name>/Cargo.toml` under `root` declares a judge table.
pub fn is_problem(root: &Path, name: &str) -> bool {
    let manifest = root.join("crates").join(name).join("Cargo.toml");
    fs::read_to_string(manifest)
        .map(|text| text.lines().any(|line| line.trim() == JUDGE_TABLE))
        .unwrap_or(false)
}

/// Every problem crate's name, sorted.
pub fn all(root: &Path) -> Result<Vec<String>, String> {
    let crates = root.join("crates");
    let entries =
        fs::read_dir(&crates).map_err(|e| format!("cannot list {}: {e}", crates.display()))?;
    let mut problems = Vec::new();
    for entry in entries {
        let name = entry.map_err(|e| e.to_string())?.file_name().to_string_lossy().into_owned();
        if is_problem(root, &name) {
            problems.push(name);
        }
    }
    problems.sort();
    Ok(problems)
}

/// `names` if every one is a problem crate, else an error that lists the problems there are.
pub fn checked(root: &Path, names: &[&str]) -> Result<Vec<String>, String> {
    for name in names {
        if !is_problem(root, name) {
            let why = if root.join("crates").join(name).join("Cargo.toml").is_file() {
                "is a crate without a [package.metadata.judge] table, not a problem"
            } else {
                "is not a problem crate"
            };
            return Err(format!("{name:?} {why} (problems: {})", all(root)?.join(", ")));
        }
    }
    Ok(names.iter().map(|name| name.to_string()).collect())
}
