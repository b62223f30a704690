//! Every file of a new crate or none: written into a staging folder, then moved into place.

use std::fs;
use std::path::{Path, PathBuf};

use super::error::NewError;

/// Writes `files` (paths from `root`) into a folder of their own under `target/` (ignored by
/// git, on the workspace's file system), then renames each of `tops` (the folders they are
/// in: `crates/NAME`, `testdata/NAME`) into place; on any failure, removes what it wrote and
/// moved.
pub(crate) fn write_all_or_nothing(
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
