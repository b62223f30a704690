//! A one-file program compiled and run as its judge does: how the bundler's tests, the
//! templates' every-profile test and the bundling benchmark check a bundle (the compile is
//! [`Profile::compile_command`], the judge's compiler stand-in with its flags).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use judge_meta::Profile;

/// A program the judge's compiler accepted.
#[derive(Debug, Clone)]
pub struct Judged {
    pub binary: PathBuf,
    /// What the compiler printed: the judge's warnings (empty for a warning-clean bundle).
    pub diagnostics: String,
}

/// Writes `source` to `dir/Main.rs` and compiles it as the judge of `profile` does; `Err`
/// with what the compiler printed when it refuses.
pub fn compile(profile: &Profile, source: &str, dir: &Path) -> Result<Judged, String> {
    let main = write_main(source, dir)?;
    let binary = dir.join("main");
    finish(profile, profile.compile_command(&main, &binary), binary)
}

/// The flags that stand in for `-O` in [`compile_unoptimized`].
const UNOPTIMIZED: [&str; 6] =
    ["-C", "opt-level=0", "-C", "debug-assertions=off", "-C", "overflow-checks=off"];

/// [`compile`] without optimization, in a third of the time, as `dir/main-unoptimized`: the
/// judge's compiler and edition, and the semantics of `-O` (arithmetic wraps, no debug
/// assertions); only speed and stack use differ (the runner's same-program check argues
/// where that is enough).
pub fn compile_unoptimized(profile: &Profile, source: &str, dir: &Path) -> Result<Judged, String> {
    let main = write_main(source, dir)?;
    let binary = dir.join("main-unoptimized");
    let flags = profile.rustc_flags.iter().flat_map(|flag| match *flag {
        "-O" => &UNOPTIMIZED[..],
        _ => std::slice::from_ref(flag),
    });
    let mut command = Command::new(profile.rustc_program());
    command.args(flags).arg("-o").arg(&binary).arg(&main);
    finish(profile, command, binary)
}

/// Writes `source` as `dir/Main.rs`: its path.
fn write_main(source: &str, dir: &Path) -> Result<PathBuf, String> {
    let main = dir.join("Main.rs");
    std::fs::write(&main, source).map_err(|e| format!("cannot write {}: {e}", main.display()))?;
    Ok(main)
}

/// Runs the compile `command` that writes `binary`.
fn finish(profile: &Profile, mut command: Command, binary: PathBuf) -> Result<Judged, String> {
    let compiled =
        command.output().map_err(|e| format!("cannot run {}: {e}", profile.rustc_program()))?;
    let diagnostics = String::from_utf8_lossy(&compiled.stderr).into_owned();
    if compiled.status.success() {
        Ok(Judged { binary, diagnostics })
    } else {
        Err(diagnostics)
    }
}

/// Runs `binary` with `stdin` as its input: its output, or `Err` when it cannot start or
/// fails.
pub fn run(binary: &Path, stdin: &str) -> Result<String, String> {
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
    // A program that stops reading early ends the write; its status says what happened.
    let _ = child.stdin.take().expect("stdin is piped").write_all(stdin.as_bytes());
    let output = child.wait_with_output().map_err(|e| format!("{}: {e}", binary.display()))?;
    if !output.status.success() {
        return Err(format!("{} fails: {}", binary.display(), output.status));
    }
    String::from_utf8(output.stdout).map_err(|_| format!("{}: output not UTF-8", binary.display()))
}
