//! `xtask test --watch PROBLEM` (behind `scripts/test.sh --watch P`): the edit loop without
//! the typing. It runs `--quick P` at once and again whenever a file of the problem's crate,
//! of a library it depends on (its path dependencies, and theirs) or of its testdata changes.
//!
//! Changes are seen by polling (std only): every `POLL` the watched folders are walked and
//! each file's size and modification time compared with the last walk's, so a save is seen
//! within that pause and the verdicts follow once the release build is done. Each rerun
//! starts on a cleared screen (a separator line when stdout is not a terminal). Ctrl-C ends
//! the watch: the signal is caught, the run under way ends (cargo, which gets the signal too,
//! stops; a measured program is stopped at its limits), and the watch says so and exits 0.

use std::collections::BTreeMap;
use std::fs;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::process;
use crate::suite::{self, Selection};

/// How often the watched files are looked at.
const POLL: Duration = Duration::from_millis(100);

/// Watches `problem` (already checked to be a problem crate) until Ctrl-C.
pub fn run(root: &Path, problem: &str) -> Result<bool, String> {
    let interrupted = process::catch_interrupt();
    let folders = watched_folders(root, problem)?;
    let selection = Selection { problems: vec![problem.to_string()], libraries: Vec::new() };
    let mut seen = snapshot(&folders);
    let mut first = true;
    loop {
        if std::io::stdout().is_terminal() {
            // Clear the screen and go to its top.
            print!("\x1b[2J\x1b[H");
        } else if !first {
            println!("==== a change: --quick {problem} again");
        }
        first = false;
        let shown: Vec<String> = folders
            .iter()
            .map(|folder| folder.strip_prefix(root).unwrap_or(folder).display().to_string())
            .collect();
        println!("== watching {} (Ctrl-C ends)", shown.join(", "));
        if let Err(e) = suite::run(root, &selection, true) {
            println!("error: {e}");
        }
        loop {
            if interrupted.load(std::sync::atomic::Ordering::SeqCst) {
                println!("watch: stopped");
                return Ok(true);
            }
            std::thread::sleep(POLL);
            let now = snapshot(&folders);
            if now != seen {
                seen = now;
                break;
            }
        }
    }
}

/// The folders whose files a rerun depends on: the problem's crate, its testdata, and the
/// crate of each path dependency, followed to its own.
pub fn watched_folders(root: &Path, problem: &str) -> Result<Vec<PathBuf>, String> {
    let dir = judge_meta::problem::crate_dir(root, problem)
        .ok_or_else(|| format!("no crate {problem:?} under crates/"))?;
    let mut folders = vec![root.join("testdata").join(problem)];
    let mut crates = vec![dir];
    while let Some(dir) = crates.pop() {
        let dir = dir.canonicalize().map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        if folders.contains(&dir) {
            continue;
        }
        let manifest = judge_meta::manifest::read(&dir)?;
        let dependencies = manifest.table(&["dependencies"]).map(|t| t.entries()).unwrap_or(&[]);
        for entry in dependencies {
            let path = entry.value.as_table().and_then(|t| t.get("path")).and_then(|p| p.as_str());
            if let Some(path) = path {
                crates.push(dir.join(path));
            }
        }
        folders.push(dir);
    }
    Ok(folders)
}

/// Each file under `folders` (but build output) with its size and modification time.
pub fn snapshot(folders: &[PathBuf]) -> BTreeMap<PathBuf, (u64, Option<SystemTime>)> {
    let mut files = BTreeMap::new();
    let mut pending: Vec<PathBuf> = folders.to_vec();
    while let Some(dir) = pending.pop() {
        let Ok(entries) = fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(metadata) = entry.metadata() else { continue };
            if metadata.is_dir() {
                if entry.file_name() != "target" {
                    pending.push(path);
                }
            } else {
                files.insert(path, (metadata.len(), metadata.modified().ok()));
            }
        }
    }
    files
}

#[cfg(test)]
mod tests {
    use super::{snapshot, watched_folders};
    use std::path::Path;

    #[test]
    fn a_problem_is_watched_with_its_libraries_and_testdata() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let root = root.canonicalize().expect("the workspace");
        let folders = watched_folders(&root, "boj-11559").expect("a problem");
        for folder in ["crates/boj-11559", "judge-io", "testdata/boj-11559"] {
            assert!(folders.contains(&root.join(folder)), "{folder} in {folders:?}");
        }
        assert!(!folders.contains(&root.join("crates/boardcover")), "{folders:?}");
    }

    #[test]
    fn a_change_is_seen_and_no_change_is_not() {
        let dir = std::env::temp_dir().join(format!("runner-watch-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("src")).expect("a folder");
        std::fs::create_dir_all(dir.join("target")).expect("a folder");
        std::fs::write(dir.join("src/lib.rs"), "fn a() {}\n").expect("a file");
        let folders = [dir.clone()];
        let before = snapshot(&folders);
        assert_eq!(snapshot(&folders), before, "nothing changed");
        // Build output is not watched.
        std::fs::write(dir.join("target/out"), "x").expect("a file");
        assert_eq!(snapshot(&folders), before, "only build output changed");
        // A save of the same length: its time differs (or, within the clock's step, nothing
        // tells it apart, which is why the length is compared too).
        std::fs::write(dir.join("src/lib.rs"), "fn a() { let _b = 1; }\n").expect("a save");
        assert_ne!(snapshot(&folders), before, "a save is seen");
        let saved = snapshot(&folders);
        std::fs::write(dir.join("src/new.rs"), "").expect("a new file");
        assert_ne!(snapshot(&folders), saved, "a new file is seen");
        std::fs::remove_dir_all(&dir).expect("cleaning up");
    }
}
