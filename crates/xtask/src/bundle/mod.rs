//! The bundler (work in progress).

use std::path::Path;

/// One self-contained source file for `problem`.
pub fn bundle(_root: &Path, problem: &str) -> Result<String, String> {
    Err(format!("the bundler is not written yet (asked for {problem})"))
}
