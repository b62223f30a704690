//! A folder of the system's temp dir for one bundling's compiler outputs.

use std::path::PathBuf;

/// A scratch folder for the compiler's outputs, removed on drop.
pub struct Scratch {
    pub path: PathBuf,
}

impl Scratch {
    pub fn new() -> Result<Scratch, String> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        Scratch::at(std::env::temp_dir().join(format!("xtask-bundle-{}-{n}", std::process::id())))
    }

    pub fn at(path: PathBuf) -> Result<Scratch, String> {
        std::fs::create_dir_all(&path)
            .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        Ok(Scratch { path })
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}
