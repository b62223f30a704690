//! The protocols of a problem's helper programs, each written once, and the one way outputs
//! are judged (the testdata runner, make-testdata and the stress tests all go through
//! [`OutputChecker`]).
//!
//! - A checker program, `<problem>-check INPUT EXPECTED FOUND` (three files), prints its verdict
//!   on the first line of stdout, `AC` or `WA <reason>`, and exits 0; later lines are the
//!   checker's own (debug output) and change nothing. Any other first line, or another exit
//!   status, is a failure of the checker itself.
//! - An interactor, `<problem>-interactor CASE.in`, reads the solver's output on stdin and writes to
//!   the solver's stdin on stdout; it exits 0 to accept, or 1 to reject with one line on stderr
//!   saying why.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::checker::{Checker, CheckerSpec};

/// A problem's own check function: `(input, expected, found)`, `Err(reason)` if `found` is
/// wrong. What `<problem>-check` runs, and what a stress test may run in process instead.
pub type CheckFn = fn(&[u8], &[u8], &[u8]) -> Result<(), String>;

/// The interactor's binary name: `<problem>-interactor`, from
/// `src/bin/<problem>-interactor.rs`.
pub fn interactor_name(problem: &str) -> String {
    format!("{problem}-interactor")
}

/// The checker's binary name: `<problem>-check`, from `src/bin/<problem>-check.rs`.
pub fn checker_name(problem: &str) -> String {
    format!("{problem}-check")
}

/// The interactor's exit status when it accepts; any other status rejects.
pub const INTERACTOR_ACCEPTS: i32 = 0;

/// The first line a checker program prints: its verdict.
pub fn checker_verdict_line(verdict: &Result<(), String>) -> String {
    match verdict {
        Ok(()) => "AC".to_string(),
        Err(reason) => format!("WA {}", one_line(reason)),
    }
}

/// `text` on one line: a reason that spans lines would break the one-line protocols.
pub fn one_line(text: &str) -> String {
    text.trim_end().replace(['\r', '\n'], " ")
}

/// Reads what a checker program did: `Ok` for `AC`, `Err(reason)` for `WA reason`, and an
/// `Err` naming the checker for anything else.
pub fn read_checker_output(program: &Path, output: &Output) -> Result<(), String> {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let verdict = stdout.lines().next().unwrap_or("").trim_end();
    let (word, reason) = verdict.split_once(' ').unwrap_or((verdict, ""));
    match word {
        "AC" if output.status.success() => Ok(()),
        "WA" if output.status.success() => Err(reason.trim().to_string()),
        _ => {
            let stderr = String::from_utf8_lossy(&output.stderr);
            let why = stderr.lines().next().or(stdout.lines().next()).unwrap_or("no output");
            Err(format!("the checker {} failed ({}): {why}", program.display(), output.status))
        }
    }
}

/// A case's input, as the caller has it: a file (the testdata runner), or bytes (stress).
#[derive(Debug, Clone, Copy)]
pub enum CaseInput<'a> {
    File(&'a Path),
    Bytes(&'a [u8]),
}

/// A problem's checker, ready to judge outputs.
#[derive(Debug, Clone)]
pub enum OutputChecker {
    Builtin(Checker),
    /// The checker program at `path`.
    Program(PathBuf),
    /// The problem's check function, in process (what its checker program runs).
    Function(CheckFn),
}

impl OutputChecker {
    /// The checker the metadata declares: a built-in one, or the program `program` (the
    /// problem's `<problem>-check`).
    pub fn new(spec: CheckerSpec, program: PathBuf) -> OutputChecker {
        match spec {
            CheckerSpec::Builtin(checker) => OutputChecker::Builtin(checker),
            CheckerSpec::Binary => OutputChecker::Program(program),
        }
    }

    /// `Err(why)` if `found` is not a right output for `input`, whose expected output is
    /// `expected`. A checker program's files are written in `scratch`, a folder that only
    /// this caller (this thread) writes in.
    pub fn check(
        &self,
        input: CaseInput<'_>,
        expected: &[u8],
        found: &[u8],
        scratch: &Path,
    ) -> Result<(), String> {
        let bytes = || match input {
            CaseInput::Bytes(bytes) => Ok(std::borrow::Cow::Borrowed(bytes)),
            CaseInput::File(path) => fs::read(path)
                .map(std::borrow::Cow::Owned)
                .map_err(|e| format!("cannot read {}: {e}", path.display())),
        };
        match self {
            // Built-in checkers never look at the input.
            OutputChecker::Builtin(checker) => checker.check(&[], expected, found),
            OutputChecker::Function(check) => check(&bytes()?, expected, found),
            OutputChecker::Program(path) => run_checker(path, scratch, input, expected, found),
        }
    }
}

/// Runs a checker program on the case and the two outputs, written to files in `scratch`.
fn run_checker(
    program: &Path,
    scratch: &Path,
    input: CaseInput<'_>,
    expected: &[u8],
    found: &[u8],
) -> Result<(), String> {
    fs::create_dir_all(scratch).map_err(|e| format!("cannot create {}: {e}", scratch.display()))?;
    let write = |name: &str, bytes: &[u8]| {
        let path = scratch.join(name);
        fs::write(&path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok::<PathBuf, String>(path)
    };
    let input = match input {
        CaseInput::File(path) => path.to_path_buf(),
        CaseInput::Bytes(bytes) => write("input", bytes)?,
    };
    let expected = write("expected", expected)?;
    let found = write("found", found)?;
    run_checker_on_files(program, &input, &expected, &found)
}

/// Runs a checker program on three files: the case's input, the expected output and the
/// output to judge (the testdata runner spills an output to a file as it streams, so that it
/// is never held whole).
pub fn run_checker_on_files(
    program: &Path,
    input: &Path,
    expected: &Path,
    found: &Path,
) -> Result<(), String> {
    let output = Command::new(program)
        .arg(input)
        .arg(expected)
        .arg(found)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    read_checker_output(program, &output)
}

#[cfg(test)]
mod tests {
    use super::{checker_verdict_line, CaseInput, OutputChecker};
    use crate::checker::Checker;
    use std::os::unix::fs::PermissionsExt;
    use std::path::{Path, PathBuf};

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("judge-meta-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        dir
    }

    fn script(dir: &Path, body: &str) -> PathBuf {
        let path = dir.join("check.sh");
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).expect("writing the script");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        path
    }

    #[test]
    fn builtin_and_function_checkers_give_their_own_message() {
        let dir = temp_dir("function");
        let exact = OutputChecker::Builtin(Checker::Exact);
        let none = CaseInput::Bytes(b"");
        assert_eq!(exact.check(none, b"1 2\n", b"1 2\n", &dir), Ok(()));
        assert_eq!(
            exact.check(none, b"1 2\n", b"1 3\n", &dir),
            Err("line 1, column 3: expected \"2\", found \"3\"".to_string())
        );
        let first_line_of_input = OutputChecker::Function(|input, _, found| {
            if input.split(|&b| b == b'\n').next() == found.split(|&b| b == b'\n').next() {
                Ok(())
            } else {
                Err("not the input's first line".to_string())
            }
        });
        assert_eq!(first_line_of_input.check(CaseInput::Bytes(b"7\n"), b"", b"7\n", &dir), Ok(()));
        let file = dir.join("case.in");
        std::fs::write(&file, "8\n").expect("writing the case");
        assert_eq!(first_line_of_input.check(CaseInput::File(&file), b"", b"8\n", &dir), Ok(()));
        let missing = first_line_of_input.check(CaseInput::File(&dir.join("none")), b"", b"", &dir);
        assert!(missing.unwrap_err().starts_with("cannot read"));
        std::fs::remove_dir_all(&dir).expect("cleaning up");
    }

    #[test]
    fn a_checker_program_is_read_by_its_first_line() {
        let dir = temp_dir("program");
        let program = |body: &str| OutputChecker::Program(script(&dir, body));
        let scratch = dir.join("scratch");
        // Accepts an output whose first line is the input's first line; debug lines after the
        // verdict change nothing.
        let first_line = program(
            "if [ \"$(head -1 \"$1\")\" = \"$(head -1 \"$3\")\" ]; then echo AC; \
             else echo \"WA line 1: not the input's first line\"; fi; echo debug; echo more",
        );
        let input = dir.join("case.in");
        std::fs::write(&input, "7\n").expect("writing the case");
        let check = |checker: &OutputChecker, input, expected: &[u8], found: &[u8]| {
            checker.check(input, expected, found, &scratch)
        };
        assert_eq!(check(&first_line, CaseInput::File(&input), b"x\n", b"7\n"), Ok(()));
        assert_eq!(check(&first_line, CaseInput::Bytes(b"7\n"), b"x\n", b"7\n"), Ok(()));
        assert_eq!(
            check(&first_line, CaseInput::Bytes(b"7\n"), b"7\n", b"8\n"),
            Err("line 1: not the input's first line".to_string())
        );
        let crashing = program("echo oops >&2; exit 3");
        let failed = check(&crashing, CaseInput::Bytes(b""), b"", b"").unwrap_err();
        assert!(
            failed.starts_with("the checker ") && failed.ends_with("exit status: 3): oops"),
            "{failed}"
        );
        let silent = check(&program("exit 0"), CaseInput::Bytes(b""), b"", b"").unwrap_err();
        assert!(silent.ends_with("): no output"), "{silent}");
        let missing = OutputChecker::Program(dir.join("none"));
        let missing = check(&missing, CaseInput::Bytes(b""), b"", b"").unwrap_err();
        assert!(missing.starts_with("cannot run"), "{missing}");
        std::fs::remove_dir_all(&dir).expect("cleaning up");
    }

    #[test]
    fn the_verdict_line_is_one_line() {
        assert_eq!(checker_verdict_line(&Ok(())), "AC");
        assert_eq!(checker_verdict_line(&Err("a\nb\n".to_string())), "WA a b");
    }
}
