//! Comparing an output with the expected one by the problem's checker, and timing the checker.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::meta::CheckerSpec;

/// A checker's verdict on one output, and how long it took.
#[derive(Debug)]
pub struct Checked {
    /// `Err(why)` if the output is wrong (or the checker itself failed).
    pub verdict: Result<(), String>,
    pub time: Duration,
}

/// The problem's checker: one of the built-in ones, or `<problem>-check` (given its path).
#[derive(Debug, Clone)]
pub enum OutputChecker {
    Builtin(crate::meta::Checker),
    /// `CHECKER INPUT EXPECTED FOUND`, which prints `AC` or `WA <reason>`; `scratch` is a
    /// folder for the two outputs' files.
    Binary {
        path: PathBuf,
        scratch: PathBuf,
    },
}

impl OutputChecker {
    pub fn new(spec: CheckerSpec, binary: PathBuf, scratch: PathBuf) -> OutputChecker {
        match spec {
            CheckerSpec::Builtin(checker) => OutputChecker::Builtin(checker),
            CheckerSpec::Binary => OutputChecker::Binary { path: binary, scratch },
        }
    }

    /// Compares `found` with `expected`, the right output for the case `input`.
    pub fn check(&self, input: &Path, expected: &[u8], found: &[u8]) -> Checked {
        let started = Instant::now();
        let verdict = match self {
            OutputChecker::Builtin(checker) => match fs::read(input) {
                Ok(input) => checker.check(&input, expected, found),
                Err(e) => Err(format!("cannot read {}: {e}", input.display())),
            },
            OutputChecker::Binary { path, scratch } => {
                run_binary(path, scratch, input, expected, found)
            }
        };
        Checked { verdict, time: started.elapsed() }
    }
}

fn run_binary(
    checker: &Path,
    scratch: &Path,
    input: &Path,
    expected: &[u8],
    found: &[u8],
) -> Result<(), String> {
    let expected_path = scratch.join("expected");
    let found_path = scratch.join("found");
    let write = |path: &Path, bytes: &[u8]| {
        fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    write(&expected_path, expected)?;
    write(&found_path, found)?;
    let output = Command::new(checker)
        .arg(input)
        .arg(&expected_path)
        .arg(&found_path)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", checker.display()))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let verdict = stdout.lines().next().unwrap_or("");
    match verdict.split_once(' ').unwrap_or((verdict, "")) {
        ("AC", _) if output.status.success() => Ok(()),
        ("WA", why) if output.status.success() => Err(why.to_string()),
        _ => Err(format!(
            "the checker failed ({}): {}",
            output.status,
            String::from_utf8_lossy(&output.stderr).lines().next().unwrap_or("no output")
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::OutputChecker;
    use crate::meta::Checker;
    use std::path::{Path, PathBuf};

    fn builtin(checker: Checker) -> OutputChecker {
        OutputChecker::Builtin(checker)
    }

    #[test]
    fn builtin_checkers_give_the_checkers_own_message() {
        let input = Path::new("/dev/null");
        assert_eq!(builtin(Checker::Exact).check(input, b"1 2\n", b"1 2\n").verdict, Ok(()));
        assert_eq!(
            builtin(Checker::Exact).check(input, b"1 2\n", b"1 3\n").verdict,
            Err("line 1, column 3: expected \"2\", found \"3\"".to_string())
        );
        // A floats WA is exactly what the checker says (its difference and tolerance).
        let floats = Checker::Floats { absolute: 1e-6, relative: 1e-6 };
        let expected = Checker::check(&floats, b"", b"0.5\n", b"0.5001\n");
        assert!(expected.is_err());
        assert_eq!(builtin(floats).check(input, b"0.5\n", b"0.5001\n").verdict, expected);
        assert_eq!(builtin(floats).check(input, b"0.5\n", b"0.50000001\n").verdict, Ok(()));
    }

    #[test]
    fn a_checker_binary_gets_three_files_and_gives_the_verdict() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("xtask-checker-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let script = dir.join("demo-check");
        // Accepts any output whose first line equals the input's first line.
        std::fs::write(
            &script,
            "#!/bin/sh\nif [ \"$(head -1 \"$1\")\" = \"$(head -1 \"$3\")\" ]; then echo AC; \
             else echo \"WA line 1: not the input's first line\"; fi\n",
        )
        .expect("write script");
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        let input = dir.join("case.in");
        std::fs::write(&input, "7\n").expect("write input");
        let binary = |path: PathBuf| OutputChecker::Binary { path, scratch: dir.clone() };
        assert_eq!(binary(script.clone()).check(&input, b"anything\n", b"7\n").verdict, Ok(()));
        assert_eq!(
            binary(script).check(&input, b"7\n", b"8\n").verdict,
            Err("line 1: not the input's first line".to_string())
        );
        let missing = binary(dir.join("missing-check")).check(&input, b"7\n", b"7\n");
        assert!(missing.verdict.unwrap_err().contains("cannot run"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
