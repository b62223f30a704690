//! What the tests share: small crates written to a temporary folder, and diagnostics as rustc
//! reports them.

use std::fs;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::rustc::{Diagnostic, Span};

/// A folder under the system's temp dir, removed on drop.
pub struct TempDir {
    pub path: PathBuf,
}

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("xtask-bundle-{name}-{}-{n}", std::process::id()));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).expect("can create a temp dir");
        TempDir { path }
    }

    pub fn write(&self, rel: &str, text: &str) {
        let path = self.path.join(rel);
        fs::create_dir_all(path.parent().expect("has a parent")).expect("can create dirs");
        fs::write(path, text).expect("can write a fixture file");
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

/// A manifest for a fixture crate written to a temp dir.
pub fn manifest(name: &str, deps: &[&str]) -> String {
    let mut text = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\n"
    );
    for dep in deps {
        text.push_str(&format!("{dep} = {{ path = \"../{dep}\" }}\n"));
    }
    text
}

/// Writes `files` (`app/src/main.rs`, `app/src/lib.rs`, `lib/src/lib.rs`, ...) with a
/// manifest for every crate, `app` depending on the others.
pub fn temp_crates(files: &[(&str, &str)]) -> TempDir {
    let dir = TempDir::new("fixture");
    let mut crates: Vec<&str> =
        files.iter().map(|(rel, _)| rel.split('/').next().expect("a crate")).collect();
    crates.dedup();
    for (rel, text) in files {
        dir.write(rel, text);
    }
    let libs: Vec<&str> = crates.iter().copied().filter(|c| *c != "app").collect();
    for krate in &crates {
        let deps: &[&str] = if *krate == "app" { &libs } else { &[] };
        dir.write(&format!("{krate}/Cargo.toml"), &manifest(krate, deps));
    }
    dir
}

/// A diagnostic of `level` (and lint or error `code`) whose one primary span is `start..end`
/// of the text the compiler checked, written there (not in a macro's expansion).
pub fn diagnostic(
    level: &str,
    code: Option<&str>,
    message: &str,
    start: usize,
    end: usize,
) -> Diagnostic {
    let span = Span { start, end, primary: true, in_input: true, in_file: true, call_site: None };
    Diagnostic {
        level: level.to_string(),
        code: code.map(str::to_string),
        message: message.to_string(),
        spans: vec![span],
    }
}
