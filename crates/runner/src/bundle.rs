//! A problem's bundle compiled as its judge compiles it (`bundler::bundle_crate`, then the
//! profile's compile command), and the compiler's first error at its place.
//!
//! The bundler's checks all run: none of them is the judge's compile as made here, so none
//! would be repeated (a test below holds that). For a rustc 1.63 judge the judge's compiler
//! is the bundler's analysis, which decides what goes and cannot be left out; for a newer
//! judge the bundler's check is clippy's std-API check, which the workspace's rustc does not
//! make. (The runner used to filter the checks by compiler and flags; the filter never
//! matched.)

use std::fs;
use std::path::{Path, PathBuf};

use judge_meta::ProblemMeta;

use crate::problem::target_dir;

/// Bundles `problem` and compiles it as its judge does; the executable, or the first error
/// (the bundler's, or the compiler's with its place).
///
/// When the judge's compile fails, the bundler runs again as `bundle.sh` does, which places the
/// error in the crate where it can.
pub fn compile_bundle(root: &Path, problem: &str, meta: &ProblemMeta) -> Result<PathBuf, String> {
    let bundler_stopped = |e: String| {
        format!("the bundler stopped: {}", e.lines().next().unwrap_or("no reason given"))
    };
    let dir = target_dir(root).join("bundles").join(problem);
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let profile = meta.profile;
    let options = bundler::Options::for_profile(profile, false)?;
    let bundle =
        bundler::bundle_crate(root, &meta.dir, problem, &options).map_err(bundler_stopped)?;
    let source_path = dir.join("Main.rs");
    fs::write(&source_path, &bundle.text)
        .map_err(|e| format!("cannot write {}: {e}", source_path.display()))?;
    let executable = dir.join("Main");
    let rustc = profile.rustc_program();
    let output = profile
        .compile_command(&source_path, &executable)
        .output()
        .map_err(|e| format!("cannot run {rustc}: {e}"))?;
    if !output.status.success() {
        bundler::bundle_problem(root, problem, false).map_err(bundler_stopped)?;
        let shown = source_path.strip_prefix(root).unwrap_or(&source_path);
        return Err(first_compiler_error(&String::from_utf8_lossy(&output.stderr), shown));
    }
    Ok(executable)
}

/// `target/bundles/p/Main.rs:3:5: error[E0425]: cannot find value `x` in this scope` from
/// rustc's human-readable diagnostics; the first stderr line if there is no `error` line.
fn first_compiler_error(stderr: &str, source: &Path) -> String {
    let mut lines = stderr.lines();
    let Some(error) = lines.by_ref().find(|line| line.starts_with("error")) else {
        return stderr.lines().next().unwrap_or("rustc failed without a message").to_string();
    };
    // The place is on the next line: ` --> /path/Main.rs:3:5`.
    let place =
        lines.next().and_then(|line| line.trim_start().strip_prefix("--> ")).and_then(|place| {
            let mut parts = place.rsplitn(3, ':');
            let (column, line) = (parts.next()?, parts.next()?);
            Some(format!("{}:{line}:{column}", source.display()))
        });
    match place {
        Some(place) => format!("{place}: {error}"),
        None => format!("{}: {error}", source.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::first_compiler_error;
    use judge_meta::profiles::PROFILES;
    use std::path::Path;

    /// What the module's doc says: no check the bundler makes is the judge's compile that
    /// follows it here (the same program with the same flags), so none is made twice.
    #[test]
    fn no_bundler_check_is_the_judges_compile() {
        for profile in PROFILES {
            let options = bundler::Options::for_profile(profile, false).expect("a profile");
            let checks = options.checks.before_2024.iter().chain(&options.checks.after_2024);
            for compiler in checks.map(|check| &check.compiler) {
                let same_flags = compiler
                    .flags
                    .iter()
                    .map(String::as_str)
                    .eq(profile.rustc_flags.iter().copied());
                let judges_own = compiler.program == profile.rustc_program() && same_flags;
                assert!(!judges_own, "{}: {compiler:?}", profile.key);
            }
        }
    }

    #[test]
    fn the_first_compiler_error_has_its_place() {
        let stderr = "warning: unused variable: `y`\n --> /w/target/bundles/p/Main.rs:1:5\n\n\
                      error[E0425]: cannot find value `x` in this scope\n \
                      --> /w/target/bundles/p/Main.rs:12:9\n   |\n12 |     x\n\n\
                      error: aborting due to previous error\n";
        let source = Path::new("target/bundles/p/Main.rs");
        assert_eq!(
            first_compiler_error(stderr, source),
            "target/bundles/p/Main.rs:12:9: error[E0425]: cannot find value `x` in this scope"
        );
        assert_eq!(
            first_compiler_error("error: expected one of `;`\n", source),
            "target/bundles/p/Main.rs: error: expected one of `;`"
        );
        assert_eq!(first_compiler_error("", source), "rustc failed without a message");
    }
}
