//! The problem a test belongs to, as its manifest states it: its package name and the
//! `checker` of its `[package.metadata.judge]` table, read once per stress test, so that no
//! stress test repeats what `Cargo.toml` says.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::checker::Checker;

/// How a stress test compares the solver's output with the oracle's.
#[derive(Debug, Clone)]
pub(crate) enum Comparison {
    /// A checker run in process.
    Builtin(Checker),
    /// The problem's checker binary (`checker = "binary"`): `PROGRAM INPUT EXPECTED FOUND`
    /// prints `AC` or `WA reason`.
    Program(PathBuf),
}

impl Comparison {
    /// `Err(why)` if `found` is not an accepted output for `input`; `scratch` is a folder this
    /// thread alone writes the checker binary's files in.
    pub(crate) fn check(
        &self,
        input: &[u8],
        expected: &[u8],
        found: &[u8],
        scratch: &Path,
    ) -> Result<(), String> {
        match self {
            Comparison::Builtin(checker) => checker.check(input, expected, found),
            Comparison::Program(program) => run_checker(program, input, expected, found, scratch),
        }
    }
}

/// The package under test: cargo's `CARGO_MANIFEST_DIR` when it runs the test, else the
/// working directory (a test binary run by hand from the crate's folder).
pub(crate) fn manifest_dir() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")))
}

/// The package's name as the scripts know it, if the manifest can be read.
pub(crate) fn package_name() -> Option<String> {
    if let Ok(name) = std::env::var("CARGO_PKG_NAME") {
        return Some(name);
    }
    let manifest = std::fs::read_to_string(manifest_dir().join("Cargo.toml")).ok()?;
    table_value(&manifest, "package", "name")
}

/// The comparison the problem's metadata declares: `exact` when it names none (or the
/// manifest cannot be read), a builtin checker, or for `binary` the problem's
/// `<package>-check` binary, which cargo builds beside the test binaries. `custom`, when
/// given, is used instead of the binary.
pub(crate) fn declared_comparison(custom: Option<Checker>) -> Result<Comparison, String> {
    let manifest = std::fs::read_to_string(manifest_dir().join("Cargo.toml")).unwrap_or_default();
    // Test binaries live in `target/<profile>/deps/`, the package's binaries one folder up.
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this test binary: {e}"))?;
    let profile_dir = exe.parent().and_then(Path::parent).ok_or("a test binary has a folder")?;
    comparison_for(&manifest, custom, profile_dir)
}

/// [`declared_comparison`] for the manifest text `manifest`, binaries in `profile_dir`.
fn comparison_for(
    manifest: &str,
    custom: Option<Checker>,
    profile_dir: &Path,
) -> Result<Comparison, String> {
    let spec = table_value(manifest, "package.metadata.judge", "checker");
    match (spec.as_deref(), custom) {
        (None | Some("binary"), Some(checker)) => Ok(Comparison::Builtin(checker)),
        (None, None) => Ok(Comparison::Builtin(Checker::Exact)),
        (Some("binary"), None) => {
            let package = table_value(manifest, "package", "name")
                .ok_or("Cargo.toml: checker = \"binary\" in a package without a name")?;
            let binary = format!("{package}-check{}", std::env::consts::EXE_SUFFIX);
            let program = profile_dir.join(binary);
            if program.is_file() {
                Ok(Comparison::Program(program))
            } else {
                Err(format!(
                    "Cargo.toml: checker = \"binary\", but {} is missing (src/bin/{package}-check.rs, \
                     built by cargo test)",
                    program.display()
                ))
            }
        }
        (Some(spec), _) => Checker::parse(spec)
            .map(Comparison::Builtin)
            .map_err(|e| format!("Cargo.toml: checker: {e}")),
    }
}

/// Runs the checker binary on the three outputs, written to files in `scratch`.
fn run_checker(
    program: &Path,
    input: &[u8],
    expected: &[u8],
    found: &[u8],
    scratch: &Path,
) -> Result<(), String> {
    let files = [("input", input), ("expected", expected), ("found", found)];
    let mut paths = Vec::new();
    for (name, bytes) in files {
        let path = scratch.join(name);
        std::fs::create_dir_all(scratch)
            .and_then(|()| std::fs::write(&path, bytes))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        paths.push(path);
    }
    let output = Command::new(program)
        .args(&paths)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let verdict = stdout.trim_end();
    match verdict {
        "AC" if output.status.success() => Ok(()),
        _ if output.status.success() && verdict.starts_with("WA") => {
            Err(verdict["WA".len()..].trim().to_string())
        }
        _ => Err(format!(
            "the checker {} failed ({}): {}",
            program.display(),
            output.status,
            String::from_utf8_lossy(&output.stderr).trim_end()
        )),
    }
}

/// The value of `key` in table `[table]` of a manifest, unquoted. Only the flat `key = value`
/// lines manifests use are read.
pub(crate) fn table_value(manifest: &str, table: &str, key: &str) -> Option<String> {
    let header = format!("[{table}]");
    let mut in_table = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_table = line == header;
        } else if in_table {
            let Some((name, value)) = line.split_once('=') else { continue };
            if name.trim() == key {
                let value = value.split(" #").next().unwrap_or(value).trim();
                return Some(value.trim_matches('"').to_string());
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{comparison_for, run_checker, table_value, Comparison};
    use crate::checker::Checker;

    #[test]
    fn the_declared_checker_is_the_comparison() {
        let dir = std::env::temp_dir().join(format!("judge-test-declared-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let manifest = |checker: &str| {
            format!(
                "[package]\nname = \"p-1\"\n[package.metadata.judge]\nprofile = \"boj\"\n{checker}"
            )
        };
        let shown = |comparison: Result<Comparison, String>| format!("{comparison:?}");
        assert_eq!(shown(comparison_for(&manifest(""), None, &dir)), "Ok(Builtin(Exact))");
        assert_eq!(
            shown(comparison_for(&manifest("checker = \"floats 1e-6 1e-9\""), None, &dir)),
            "Ok(Builtin(Floats { absolute: 0.000001, relative: 0.000000001 }))"
        );
        let binary = manifest("checker = \"binary\"");
        let missing = comparison_for(&binary, None, &dir).unwrap_err();
        assert!(missing.contains("p-1-check is missing"), "{missing}");
        let custom = Checker::Custom(|_, _, _| Ok(()));
        assert_eq!(shown(comparison_for(&binary, Some(custom), &dir)), "Ok(Builtin(Custom))");
        std::fs::write(dir.join("p-1-check"), "").expect("a stand-in binary");
        let found = comparison_for(&binary, None, &dir).expect("the binary is there");
        assert!(matches!(found, Comparison::Program(path) if path == dir.join("p-1-check")));
        assert!(comparison_for(&manifest("checker = \"fuzzy\""), None, &dir).is_err());
        std::fs::remove_dir_all(&dir).expect("cleaning up");
    }

    #[test]
    fn the_metadata_names_the_checker() {
        let manifest = "[package]\nname = \"boj-1\"\nchecker = \"x\"\n[package.metadata.judge]\n\
                        profile = \"boj\"\nchecker = \"floats 1e-6 1e-6\"  # the statement's\n";
        assert_eq!(
            table_value(manifest, "package.metadata.judge", "checker").as_deref(),
            Some("floats 1e-6 1e-6")
        );
        assert_eq!(table_value(manifest, "package", "name").as_deref(), Some("boj-1"));
        assert_eq!(
            table_value(
                "[package.metadata.judge]\nprofile = \"boj\"\n",
                "package.metadata.judge",
                "checker"
            ),
            None
        );
    }

    #[test]
    fn a_checker_binary_answers_ac_or_wa() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("judge-test-checker-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let script = dir.join("check.sh");
        // Accepts any output whose first token is the expected output's.
        let body = "#!/bin/sh\nread want < \"$2\"; read got < \"$3\"\n\
                    if [ \"$want\" = \"$got\" ]; then echo AC; else echo \"WA wanted $want\"; fi\n";
        std::fs::write(&script, body).expect("writing the script");
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        let scratch = dir.join("scratch");
        assert_eq!(run_checker(&script, b"1\n", b"7\n", b"7\n", &scratch), Ok(()));
        assert_eq!(
            run_checker(&script, b"1\n", b"7\n", b"8\n", &scratch),
            Err("wanted 7".to_string())
        );
        let missing = dir.join("missing");
        assert!(run_checker(&missing, b"", b"", b"", &scratch)
            .unwrap_err()
            .starts_with("cannot run"));
        std::fs::remove_dir_all(&dir).expect("cleaning up");
    }
}
