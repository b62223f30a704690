//! The unit tests' scratch workspace root: a folder of its own under the system's temp
//! folder, removed on drop.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A scratch workspace root under the system's temp folder, removed on drop.
pub(crate) struct Root(pub PathBuf);

impl Root {
    pub(crate) fn new(name: &str) -> Root {
        // Tests run in parallel: a number of its own for each root.
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let unique = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir()
            .join(format!("scaffold-test-{name}-{}-{unique}", std::process::id()));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).expect("a scratch folder");
        Root(path)
    }

    pub(crate) fn read(&self, path: &str) -> String {
        fs::read_to_string(self.0.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    /// Every file under the root, sorted, from it.
    pub(crate) fn files(&self) -> Vec<String> {
        fn walk(dir: &Path, root: &Path, found: &mut Vec<String>) {
            for entry in fs::read_dir(dir).expect("lists") {
                let path = entry.expect("an entry").path();
                if path.is_dir() {
                    walk(&path, root, found);
                } else {
                    found.push(path.strip_prefix(root).expect("under").display().to_string());
                }
            }
        }
        let mut found = Vec::new();
        walk(&self.0, &self.0, &mut found);
        found.sort();
        found
    }

    /// Every file with its text.
    pub(crate) fn snapshot(&self) -> Vec<(String, String)> {
        self.files().into_iter().map(|f| (f.clone(), self.read(&f))).collect()
    }
}

impl Drop for Root {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}
