//! The problem a test belongs to, as its manifest states it: its package name, whether it is
//! a problem, and the checker of its `[package.metadata.judge]` (judge-meta reads it, once per process), so that
//! no stress test repeats what `Cargo.toml` says.

use std::path::{Path, PathBuf};

use judge_meta::{CheckFn, CheckerSpec, OutputChecker};

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
    let manifest = judge_meta::manifest::read(&manifest_dir()).ok()?;
    judge_meta::manifest::package_name(&manifest).map(str::to_string)
}

/// Whether the package under test is a problem crate (judge-meta decides, as for every
/// script).
pub(crate) fn is_problem() -> bool {
    judge_meta::problem::role_in(&manifest_dir()) == Ok(judge_meta::Role::Problem)
}

/// The checker the problem's metadata declares (`exact` when it names none, or the crate is
/// not a problem): a built-in one, or for `binary` the problem's `<package>-check` binary,
/// which cargo builds beside the test binaries. `custom`, when given, is used instead of the
/// binary.
pub(crate) fn declared_checker(custom: Option<CheckFn>) -> Result<OutputChecker, String> {
    let dir = manifest_dir();
    let spec = if dir.join("Cargo.toml").is_file() {
        judge_meta::problem::declared_checker(&dir)?
    } else {
        CheckerSpec::Builtin(judge_meta::Checker::Exact)
    };
    // Test binaries live in `target/<profile>/deps/`, the package's binaries one folder up.
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this test binary: {e}"))?;
    let profile_dir = exe.parent().and_then(Path::parent).ok_or("a test binary has a folder")?;
    checker_for(spec, package_name().as_deref(), custom, profile_dir)
}

/// [`declared_checker`] for the declared `spec` of package `package`, binaries in
/// `profile_dir`.
fn checker_for(
    spec: CheckerSpec,
    package: Option<&str>,
    custom: Option<CheckFn>,
    profile_dir: &Path,
) -> Result<OutputChecker, String> {
    match (spec, custom) {
        (_, Some(check)) => Ok(OutputChecker::Function(check)),
        (CheckerSpec::Builtin(checker), None) => Ok(OutputChecker::Builtin(checker)),
        (CheckerSpec::Binary, None) => {
            let package =
                package.ok_or("Cargo.toml: checker = \"binary\" in a package without a name")?;
            let binary = format!(
                "{}{}",
                judge_meta::protocol::checker_name(package),
                std::env::consts::EXE_SUFFIX
            );
            let program = profile_dir.join(binary);
            if program.is_file() {
                Ok(OutputChecker::Program(program))
            } else {
                Err(format!(
                    "Cargo.toml: checker = \"binary\", but {} is missing (src/bin/{package}-check.rs, \
                     built by cargo test)",
                    program.display()
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::checker_for;
    use judge_meta::{Checker, CheckerSpec, OutputChecker};

    #[test]
    fn the_declared_checker_is_the_comparison() {
        let dir = std::env::temp_dir().join(format!("judge-test-declared-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let shown = |checker: Result<OutputChecker, String>| format!("{checker:?}");
        let exact = CheckerSpec::Builtin(Checker::Exact);
        assert_eq!(shown(checker_for(exact, Some("p-1"), None, &dir)), "Ok(Builtin(Exact))");
        let floats = CheckerSpec::parse("floats 1e-6 1e-9").expect("a checker");
        assert_eq!(
            shown(checker_for(floats, Some("p-1"), None, &dir)),
            "Ok(Builtin(Floats { absolute: 1e-6, relative: 1e-9 }))"
        );
        let binary = CheckerSpec::Binary;
        let missing = checker_for(binary, Some("p-1"), None, &dir).unwrap_err();
        assert!(missing.contains("p-1-check is missing"), "{missing}");
        let custom = checker_for(binary, Some("p-1"), Some(|_, _, _| Ok(())), &dir);
        assert!(matches!(custom, Ok(OutputChecker::Function(_))));
        std::fs::write(dir.join("p-1-check"), "").expect("a stand-in binary");
        let found = checker_for(binary, Some("p-1"), None, &dir).expect("the binary is there");
        assert!(matches!(found, OutputChecker::Program(path) if path == dir.join("p-1-check")));
        std::fs::remove_dir_all(&dir).expect("cleaning up");
    }
}
