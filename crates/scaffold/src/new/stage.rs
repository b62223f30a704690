//! Every file of a new crate or none, on any filesystem.
//!
//! Each top folder of a new crate (`testdata/NAME`, `crates/NAME`) is written whole into a
//! staging folder beside it, `crates/.staging/NAME-PID` (the workspace's `Cargo.toml`
//! excludes `crates/.staging` from its members, so cargo never reads a half-written crate),
//! then renamed into place. A rename inside one folder never crosses a filesystem, so a
//! `target/` on another disk (a symlink, a container volume) changes nothing; nothing is
//! written under `target/`.
//!
//! The crate folder is renamed last: a process killed between the renames leaves at most
//! `testdata/NAME` (which the next `new` of that name points out), never a crate without its
//! samples. Staging folders left by processes that are gone are removed at the next start.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::error::NewError;

/// The staging folder's name inside each parent of a new crate's folders (`crates/`,
/// `testdata/`).
pub(crate) const STAGING: &str = ".staging";

/// Writes `files` (paths from `root`, each under one of `tops`) into staging folders beside
/// their destinations, then renames each of `tops` (`crates/NAME`, `testdata/NAME`) into
/// place, the crate folder last; on any failure, removes what it wrote and moved.
pub(crate) fn write_all_or_nothing(
    root: &Path,
    files: &[(String, String)],
    tops: &[String],
) -> Result<(), NewError> {
    stage_and_move(root, files, tops, &mut |_| {})
}

/// [`write_all_or_nothing`], calling `after_move` with each top folder moved into place (the
/// tests' seam: what a kill at that moment would leave).
fn stage_and_move(
    root: &Path,
    files: &[(String, String)],
    tops: &[String],
    after_move: &mut dyn FnMut(&str),
) -> Result<(), NewError> {
    // The crate folder last: what a kill between the renames leaves is samples, not a crate.
    let mut tops: Vec<&String> = tops.iter().collect();
    tops.sort_by_key(|top| top.starts_with("crates/"));
    let mut staged = Vec::new();
    for top in &tops {
        let to = root.join(top);
        let parent = to.parent().expect("a top folder has a parent");
        let leaf = to.file_name().expect("a top folder has a name").to_string_lossy();
        let staging_parent = parent.join(STAGING);
        remove_stale(&staging_parent);
        let dir = staging_parent.join(format!("{leaf}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        staged.push(Staging { dir, parent: staging_parent });
    }
    for (path, text) in files {
        let (top, staging) = tops
            .iter()
            .zip(&staged)
            .find(|(top, _)| Path::new(path).starts_with(top.as_str()))
            .expect("every file is under a top folder");
        let inside = Path::new(path).strip_prefix(top.as_str()).expect("under its top");
        let target = staging.dir.join(inside);
        fs::create_dir_all(target.parent().expect("every file is in a folder"))
            .and_then(|()| fs::write(&target, text))
            .map_err(|e| {
                let inside = inside.display();
                NewError::Failed(format!(
                    "cannot make {top}: cannot write {inside} in its staging folder: {e} (nothing \
                     was made)"
                ))
            })?;
    }
    let mut moved: Vec<(PathBuf, &Staging)> = Vec::new();
    for (top, staging) in tops.iter().zip(&staged) {
        if !staging.dir.exists() {
            continue;
        }
        let to = root.join(top);
        let result = if to.symlink_metadata().is_ok() {
            Err(std::io::Error::new(std::io::ErrorKind::AlreadyExists, "it exists"))
        } else {
            fs::rename(&staging.dir, &to)
        };
        if let Err(e) = result {
            for (done, staging) in moved {
                let _ = fs::rename(done, &staging.dir);
            }
            return Err(NewError::Failed(format!("cannot make {top}: {e} (nothing was made)")));
        }
        moved.push((to, staging));
        after_move(top);
    }
    Ok(())
}

/// A staging folder, removed with what it holds when dropped, and its parent `.staging` with
/// it when that is empty.
struct Staging {
    dir: PathBuf,
    parent: PathBuf,
}

impl Drop for Staging {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
        let _ = fs::remove_dir(&self.parent);
    }
}

/// Removes the staging folders in `staging_parent` (`NAME-PID`) whose process is gone.
fn remove_stale(staging_parent: &Path) {
    let Ok(entries) = fs::read_dir(staging_parent) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let pid = file_name
            .to_str()
            .and_then(|n| n.rsplit_once('-'))
            .and_then(|(_, pid)| pid.parse::<u32>().ok());
        let modified = entry.metadata().and_then(|m| m.modified()).ok();
        if is_gone(pid, modified) {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// Whether the process of a staging folder (its id `pid`, last changed at `modified`) is
/// gone: ours is alive; with a `/proc`, whether `/proc/PID` is missing; else (or with no id)
/// whether the folder is older than any maker takes (a staging folder lives for seconds).
fn is_gone(pid: Option<u32>, modified: Option<SystemTime>) -> bool {
    match pid {
        Some(pid) if pid == std::process::id() => false,
        Some(pid) if Path::new("/proc/self").exists() => {
            !Path::new("/proc").join(pid.to_string()).exists()
        }
        _ => modified
            .and_then(|m| m.elapsed().ok())
            .map_or(true, |age| age > Duration::from_secs(600)),
    }
}

#[cfg(test)]
mod tests {
    use super::{stage_and_move, write_all_or_nothing, STAGING};
    use crate::test_root::Root;
    use std::fs;
    use std::path::PathBuf;

    fn files() -> Vec<(String, String)> {
        vec![
            ("crates/p/Cargo.toml".to_string(), "[package]\n".to_string()),
            ("crates/p/src/lib.rs".to_string(), "\n".to_string()),
            ("testdata/p/sample-1.in".to_string(), "1\n".to_string()),
        ]
    }

    fn tops() -> Vec<String> {
        vec!["crates/p".to_string(), "testdata/p".to_string()]
    }

    #[test]
    fn the_crate_folder_appears_last_and_no_staging_is_left() {
        let root = Root::new("order");
        let mut seen = Vec::new();
        stage_and_move(&root.0, &files(), &tops(), &mut |top| {
            seen.push((
                top.to_string(),
                root.0.join("crates/p").exists(),
                root.0.join("testdata/p/sample-1.in").is_file(),
            ));
        })
        .expect("made");
        // After the first rename (a kill then), the samples are there and the crate is not.
        assert_eq!(
            seen,
            [("testdata/p".to_string(), false, true), ("crates/p".to_string(), true, true)]
        );
        assert_eq!(fs::read_to_string(root.0.join("crates/p/src/lib.rs")).expect("made"), "\n");
        assert!(!root.0.join("crates").join(STAGING).exists());
        assert!(!root.0.join("testdata").join(STAGING).exists());
    }

    #[test]
    fn a_failure_at_the_crate_leaves_no_samples() {
        let root = Root::new("fail");
        fs::create_dir_all(root.0.join("crates/p")).expect("in the way");
        let error = write_all_or_nothing(&root.0, &files(), &tops()).unwrap_err();
        assert!(format!("{error:?}").contains("cannot make crates/p: it exists"), "{error:?}");
        assert!(!root.0.join("testdata/p").exists());
        assert!(!root.0.join("testdata").join(STAGING).exists());
    }

    #[test]
    fn stale_staging_of_a_dead_process_is_removed_and_a_live_ones_kept() {
        let root = Root::new("stale");
        // No process has id 4294967294 (Linux's ids stop at 2^22); process 1 is always alive.
        let dead = root.0.join("crates").join(STAGING).join("q-4294967294");
        let alive = root.0.join("crates").join(STAGING).join("r-1");
        for dir in [&dead, &alive] {
            fs::create_dir_all(dir.join("src")).expect("a stale folder");
        }
        write_all_or_nothing(&root.0, &files(), &tops()).expect("made");
        assert!(!dead.exists(), "the dead process's staging is removed");
        assert!(alive.exists(), "a live process's staging is kept");
        assert!(root.0.join("crates/p/Cargo.toml").is_file());
    }

    /// A `target/` on another filesystem (here a symlink into /dev/shm, a tmpfs, when there
    /// is one) is never written to: the staging is beside the destination.
    #[test]
    fn a_target_on_another_filesystem_changes_nothing() {
        let root = Root::new("target");
        let shm = PathBuf::from("/dev/shm");
        let elsewhere = if shm.is_dir() { shm } else { std::env::temp_dir() }
            .join(format!("scaffold-stage-target-{}", std::process::id()));
        fs::create_dir_all(&elsewhere).expect("a target elsewhere");
        std::os::unix::fs::symlink(&elsewhere, root.0.join("target")).expect("a symlink");
        let made = write_all_or_nothing(&root.0, &files(), &tops());
        let in_target = fs::read_dir(&elsewhere).expect("lists").count();
        let _ = fs::remove_dir_all(&elsewhere);
        made.expect("made");
        assert_eq!(in_target, 0, "nothing is written under target/");
        assert!(root.0.join("testdata/p/sample-1.in").is_file());
    }
}
