//! A new crate's files: templates (under `crates/scaffold/templates/`), filled in and
//! formatted with rustfmt as the workspace formats.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::error::NewError;

/// A file of a new crate: its path from the workspace root (`NAME` for the name) and its text.
pub(crate) type Template = (&'static str, &'static str);

/// The text of a template, by its path under `crates/scaffold/templates/`.
macro_rules! template {
    ($path:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/templates/", $path))
    };
}
pub(crate) use template;

/// `template` with each `{{key}}` replaced by its value.
pub(crate) fn fill(template: &str, values: &[(&str, String)]) -> String {
    // One pass over the template: a value (a title from a page) that holds `{{key}}` stays
    // as it is.
    let mut text = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        let value = rest[open + 2..].split_once("}}").and_then(|(key, _)| {
            values.iter().find(|(k, _)| *k == key).map(|(k, value)| (k.len(), value))
        });
        match value {
            Some((key_len, value)) => {
                text.push_str(&rest[..open]);
                text.push_str(value);
                rest = &rest[open + 2 + key_len + 2..];
            }
            None => {
                text.push_str(&rest[..open + 2]);
                rest = &rest[open + 2..];
            }
        }
    }
    text.push_str(rest);
    text
}

/// `text` (the file `shown`) as rustfmt formats it with the workspace's settings: from stdin,
/// so that no other file (a module it declares) is read or touched.
pub(crate) fn rustfmt(root: &Path, text: &str, shown: &str) -> Result<String, NewError> {
    let failed = |why: String| NewError::Failed(format!("cannot format {shown}: {why}"));
    let mut command = Command::new(rustfmt_program());
    command.args(["--edition", "2021"]).current_dir(root);
    if root.join("rustfmt.toml").is_file() {
        command.arg("--config-path").arg(root.join("rustfmt.toml"));
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| failed(format!("cannot run rustfmt: {e}")))?;
    let mut stdin = child.stdin.take().expect("piped");
    let input = text.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().map_err(|e| failed(e.to_string()))?;
    let _ = writer.join();
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(failed(stderr.lines().take(6).collect::<Vec<_>>().join(" / ")));
    }
    String::from_utf8(output.stdout).map_err(|e| failed(e.to_string()))
}

/// rustfmt beside the cargo that runs us (rustup's), else the one on the PATH.
fn rustfmt_program() -> PathBuf {
    std::env::var_os("CARGO")
        .map(PathBuf::from)
        .and_then(|cargo| Some(cargo.parent()?.join("rustfmt")))
        .filter(|rustfmt| rustfmt.is_file())
        .unwrap_or_else(|| PathBuf::from("rustfmt"))
}
