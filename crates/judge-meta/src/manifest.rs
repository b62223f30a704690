//! Cargo manifests, each read and parsed once per process: every reader of a crate's
//! `Cargo.toml` (the problem metadata, the bundler's dependencies, the crate roles) asks here.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use crate::toml::{self, Table};

/// A manifest as read: parsed, or why not.
type Parsed = Result<Arc<Table>, String>;

/// The parsed manifests by folder.
static CACHE: OnceLock<Mutex<HashMap<PathBuf, Parsed>>> = OnceLock::new();
/// How many manifest files this process read from disk (for the test that proves each is
/// read once).
static READS: AtomicUsize = AtomicUsize::new(0);

/// The parsed `Cargo.toml` in `dir`, read from disk the first time only, however the folder
/// is spelled (`crates/p`, `/abs/crates/p`, `crates/q/../p`). An error names the file (as
/// given) and the place: `crates/p/Cargo.toml: line 3, column 9: ...`.
pub fn read(dir: &Path) -> Result<Arc<Table>, String> {
    let key = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    // The lock is held while the file is read, so two threads never read one file twice.
    let mut cache = CACHE.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    cache
        .entry(key)
        .or_insert_with(|| {
            let path = dir.join("Cargo.toml");
            READS.fetch_add(1, Ordering::Relaxed);
            std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))
                .and_then(|text| {
                    toml::parse(&text).map(Arc::new).map_err(|e| format!("{}: {e}", path.display()))
                })
        })
        .clone()
}

/// How many manifest files this process has read from disk.
pub fn reads() -> usize {
    READS.load(Ordering::Relaxed)
}

/// `[package] name`.
pub fn package_name(manifest: &Table) -> Option<&str> {
    manifest.table(&["package"])?.get("name")?.as_str()
}

#[cfg(test)]
mod tests {
    use super::{package_name, read, reads};

    #[test]
    fn each_manifest_is_read_once() {
        let dir = std::env::temp_dir().join(format!("judge-meta-manifest-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        std::fs::write(dir.join("Cargo.toml"), "[package]\nname = \"once\"\n").expect("write");
        let first = read(&dir).expect("a manifest");
        let after_first = reads();
        let second = read(&dir).expect("the same manifest");
        assert_eq!(package_name(&first), Some("once"));
        assert!(std::sync::Arc::ptr_eq(&first, &second), "the parsed manifest is shared");
        assert!(reads() >= after_first);
        // Another spelling of the same folder is the same manifest.
        let spelled = dir.join("..").join(dir.file_name().expect("a named folder"));
        assert!(std::sync::Arc::ptr_eq(&first, &read(&spelled).expect("the same manifest")));
        // Changed on disk, the manifest is still the one read: it was not read again.
        std::fs::write(dir.join("Cargo.toml"), "[package]\nname = \"twice\"\n").expect("write");
        assert_eq!(package_name(&read(&dir).expect("cached")), Some("once"));
        let bad = dir.join("bad");
        std::fs::create_dir_all(&bad).expect("a folder");
        std::fs::write(bad.join("Cargo.toml"), "[package\n").expect("write");
        let error = read(&bad).unwrap_err();
        assert!(
            error.ends_with("Cargo.toml: line 1, column 9: expected ']', found end of line"),
            "{error}"
        );
        std::fs::remove_dir_all(&dir).expect("cleaning up");
    }
}
