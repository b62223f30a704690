//! Comparing an output with the expected one by the problem's checker (judge-meta's
//! [`OutputChecker`], the one way outputs are judged), and timing the checker.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use judge_meta::{CaseInput, CheckerSpec, OutputChecker};

/// A checker's verdict on one output, and how long it took.
#[derive(Debug)]
pub struct Checked {
    /// `Err(why)` if the output is wrong (or the checker itself failed).
    pub verdict: Result<(), String>,
    pub time: Duration,
}

/// The problem's checker, with a scratch folder for a checker program's files.
#[derive(Debug, Clone)]
pub struct TimedChecker {
    checker: OutputChecker,
    scratch: PathBuf,
}

impl TimedChecker {
    /// The checker `spec` declares; `program` is the problem's `<problem>-check`.
    pub fn new(spec: CheckerSpec, program: PathBuf, scratch: PathBuf) -> TimedChecker {
        TimedChecker { checker: OutputChecker::new(spec, program), scratch }
    }

    /// Compares `found` with `expected`, the right output for the case `input`.
    pub fn check(&self, input: &Path, expected: &[u8], found: &[u8]) -> Checked {
        let started = Instant::now();
        let verdict = self.checker.check(CaseInput::File(input), expected, found, &self.scratch);
        Checked { verdict, time: started.elapsed() }
    }
}

#[cfg(test)]
mod tests {
    use super::TimedChecker;
    use judge_meta::{Checker, CheckerSpec};
    use std::path::Path;

    #[test]
    fn the_verdict_is_the_checkers_own() {
        let scratch = std::env::temp_dir().join(format!("runner-check-{}", std::process::id()));
        let floats = Checker::Floats { absolute: 1e-6, relative: 1e-6 };
        let timed = TimedChecker::new(CheckerSpec::Builtin(floats), "none".into(), scratch);
        let input = Path::new("/dev/null");
        assert_eq!(timed.check(input, b"0.5\n", b"0.50000001\n").verdict, Ok(()));
        // A floats WA is exactly what the checker says (its difference and tolerance).
        let expected = floats.check(b"", b"0.5\n", b"0.5001\n");
        assert!(expected.is_err());
        assert_eq!(timed.check(input, b"0.5\n", b"0.5001\n").verdict, expected);
    }
}
