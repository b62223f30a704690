//! [`Runner`]: what every run of a command needs, the measuring helper and a scratch folder.

use std::fs;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// What every run needs: the measuring helper (this executable, as `xtask measure`) and a
/// scratch folder for outputs and reports, removed at the end.
pub struct Runner {
    pub helper: PathBuf,
    dir: PathBuf,
}

impl Runner {
    pub fn new() -> Result<Runner, String> {
        let helper = std::env::current_exe()
            .map_err(|e| format!("cannot find the xtask executable (the measuring helper): {e}"))?;
        // One folder per runner: the test command runs several at once.
        static RUNNERS: AtomicUsize = AtomicUsize::new(0);
        let n = RUNNERS.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("xtask-testdata-{}-{n}", std::process::id()));
        fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        Ok(Runner { helper, dir })
    }

    /// A scratch file's path.
    pub fn file(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// The scratch folder.
    pub fn dir(&self) -> &std::path::Path {
        &self.dir
    }
}

impl Drop for Runner {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}
