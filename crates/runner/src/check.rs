//! Comparing an output with the expected one by the problem's checker (judge-meta's
//! [`OutputChecker`], the one way outputs are judged), and timing the checker; and
//! [`Judging`], the same as a program's output streams in: a built-in checker reads it as it
//! comes and stops at the first difference, a checker program gets it spilled to a file; past
//! the output limit it stops either way. So the runner holds a line or a token of it, never
//! the whole.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use judge_meta::checker::OutputStream;
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

/// Why the judging of an output stopped before the output ended: the program can be stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Early {
    /// The output is wrong, whatever follows.
    Wrong(String),
    /// The output passed the limit.
    OverLimit,
    /// The runner could not keep the output for the checker program.
    Failed(String),
}

/// An output being judged as it streams in.
pub struct Judging<'a> {
    sink: Sink<'a>,
    written: u64,
    limit_bytes: u64,
    /// The time spent judging so far.
    time: Duration,
}

enum Sink<'a> {
    Stream(OutputStream<'a>),
    /// A checker program's: the output spilled to a file, judged once it has ended.
    Spill {
        program: PathBuf,
        file: File,
        path: PathBuf,
    },
}

impl TimedChecker {
    /// Starts judging an output against `expected`, stopping past `limit_bytes`; a checker
    /// program's output is spilled to `spill`.
    pub fn judging<'a>(
        &self,
        expected: &'a [u8],
        limit_bytes: u64,
        spill: &Path,
    ) -> Result<Judging<'a>, String> {
        let sink = match &self.checker {
            OutputChecker::Builtin(checker) => Sink::Stream(checker.stream(expected)),
            OutputChecker::Program(program) => Sink::Spill {
                program: program.clone(),
                file: File::create(spill)
                    .map_err(|e| format!("cannot create {}: {e}", spill.display()))?,
                path: spill.to_path_buf(),
            },
            OutputChecker::Function(_) => unreachable!("the runner judges by metadata"),
        };
        Ok(Judging { sink, written: 0, limit_bytes, time: Duration::ZERO })
    }
}

impl Judging<'_> {
    /// The time spent judging so far.
    pub fn time(&self) -> Duration {
        self.time
    }

    /// Takes the next piece of the output.
    pub fn feed(&mut self, bytes: &[u8]) -> Result<(), Early> {
        self.written += bytes.len() as u64;
        if self.written > self.limit_bytes {
            return Err(Early::OverLimit);
        }
        let started = Instant::now();
        let fed = match &mut self.sink {
            Sink::Stream(stream) => stream.feed(bytes).map_err(Early::Wrong),
            Sink::Spill { file, path, .. } => file
                .write_all(bytes)
                .map_err(|e| Early::Failed(format!("cannot write {}: {e}", path.display()))),
        };
        self.time += started.elapsed();
        fed
    }

    /// The verdict on the whole output of the case `input` (expected: `expected`).
    pub fn finish(self, input: &Path, expected: &Path) -> Checked {
        let started = Instant::now();
        let verdict = match self.sink {
            Sink::Stream(stream) => stream.finish(),
            Sink::Spill { program, file, path } => {
                drop(file);
                judge_meta::protocol::run_checker_on_files(&program, input, expected, &path)
            }
        };
        Checked { verdict, time: self.time + started.elapsed() }
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
