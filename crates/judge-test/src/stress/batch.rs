//! [`Stress`], the stress test of an ordinary problem: on each case the oracle answers, the
//! solver answers, and the problem's checker compares.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use judge_io::{Error, Output};
use judge_meta::{CaseInput, CheckFn, OutputChecker};

use super::plan::{Failure, Generator, Parts, Plan, Subject, Verdict};
use super::{search, with_newline, StressTest};
use crate::metadata;
use crate::panics::catch_quietly;

/// A solver or oracle as stress tests write it: the crate's `run` at `Vec<u8>` output. Name
/// the type of a hand-written variant with it (`let wrong: RunFn = |input, out| ...`).
pub type RunFn = fn(&[u8], &mut Output<Vec<u8>>) -> Result<(), Error>;

/// A solver or oracle as the engine holds it (any closure like [`RunFn`]).
type DynRun<'a> = dyn Fn(&[u8], &mut Output<Vec<u8>>) -> Result<(), Error> + Sync + 'a;

/// The stress test of an ordinary problem: runs the solver and its oracle on seeded random
/// inputs, compares the outputs by the problem's checker (the `checker` of its
/// `[package.metadata.judge]`), and on the first disagreement or crash saves the input,
/// shrinks it and reports the smallest case, both answers and a command that runs it again.
///
/// ```no_run
/// use judge_io::Rng;
/// use judge_test::Stress;
/// # use judge_io::{Error, Output};
/// # fn run(i: &[u8], o: &mut Output<Vec<u8>>) -> Result<(), Error> { Ok(()) }
/// # mod naive {
/// #     pub fn run(i: &[u8], o: &mut judge_io::Output<Vec<u8>>) -> Result<(), judge_io::Error> { Ok(()) }
/// # }
/// Stress::new("boj-0000", |rng: &mut Rng| format!("{}\n", rng.below(10)).into_bytes())
///     .solver(run)
///     .oracle(naive::run)
///     .run();
/// ```
pub type Stress<'a> = StressTest<'a, Batch<'a>>;

/// What [`Stress`] adds to a stress test: the solver, the oracle and, optionally, the
/// problem's check function.
#[derive(Default)]
pub struct Batch<'a> {
    solver: Option<Box<DynRun<'a>>>,
    oracle: Option<Box<DynRun<'a>>>,
    checker: Option<CheckFn>,
}

impl<'a> Stress<'a> {
    /// The program under test (usually the crate's `run`).
    pub fn solver<F>(self, solver: F) -> Stress<'a>
    where
        F: Fn(&[u8], &mut Output<Vec<u8>>) -> Result<(), Error> + Sync + 'a,
    {
        self.with_parts(|parts| parts.solver = Some(Box::new(solver)))
    }

    /// The brute-force oracle (usually the crate's `naive::run`); an input it rejects is not a
    /// valid input, and is never a failing case. An oracle that panics on a generated input
    /// fails the run (its bug, or an input beyond its reach).
    pub fn oracle<F>(self, oracle: F) -> Stress<'a>
    where
        F: Fn(&[u8], &mut Output<Vec<u8>>) -> Result<(), Error> + Sync + 'a,
    {
        self.with_parts(|parts| parts.oracle = Some(Box::new(oracle)))
    }

    /// The problem's own check function, run in process instead of what the metadata
    /// declares. Not needed: a `binary` checker's `<package>-check` is run on each case, and
    /// giving the function it runs here only saves those runs.
    pub fn checker(self, check: CheckFn) -> Stress<'a> {
        self.with_parts(|parts| parts.checker = Some(check))
    }
}

impl Parts for Batch<'_> {
    /// The problem's declared checker (or the one given) compares the two answers.
    fn find(&self, plan: &Plan, generate: &Generator<'_>) -> Option<Failure> {
        let name = &plan.name;
        let checker = metadata::declared_checker(self.checker)
            .unwrap_or_else(|e| panic!("stress {name}: {e}"));
        let check = BatchCheck {
            solver: self.solver.as_deref().expect("Stress needs .solver(...)"),
            oracle: self.oracle.as_deref().expect("Stress needs .oracle(...)"),
            checker,
            scratch: super::stress_dir(name).join("checker"),
        };
        search(plan, generate, &check, "the solver agrees with the oracle")
    }
}

/// What one program did on one input.
enum Outcome {
    Answer(Vec<u8>),
    Rejected(String),
    Crashed(String),
}

impl Outcome {
    fn describe(&self) -> String {
        match self {
            Outcome::Answer(bytes) => String::from_utf8_lossy(bytes).into_owned(),
            Outcome::Rejected(e) => format!("error: {e}\n"),
            Outcome::Crashed(e) => format!("CRASH: {e}\n"),
        }
    }
}

/// Runs `program` on `input`, catching a panic.
fn execute(program: &DynRun<'_>, input: &[u8]) -> Outcome {
    let result = catch_quietly(|| {
        let mut out = Output::new(Vec::new());
        let result = program(input, &mut out);
        (result, out.into_inner())
    });
    match result {
        Ok((Ok(()), Ok(bytes))) => Outcome::Answer(bytes),
        Ok((Ok(()), Err(e))) => Outcome::Crashed(format!("cannot write output: {e}")),
        Ok((Err(e), _)) => Outcome::Rejected(e.to_string()),
        Err(panic) => Outcome::Crashed(panic),
    }
}

/// An ordinary problem's judging: the oracle's answer, the solver's, and the checker.
struct BatchCheck<'s> {
    solver: &'s DynRun<'s>,
    oracle: &'s DynRun<'s>,
    checker: OutputChecker,
    /// Where a checker binary's files go (one folder per thread below it).
    scratch: PathBuf,
}

impl Subject for BatchCheck<'_> {
    fn verdict(&self, input: &[u8]) -> Verdict {
        let expected = match execute(self.oracle, input) {
            Outcome::Answer(expected) => expected,
            Outcome::Rejected(e) => return Verdict::Invalid(e),
            Outcome::Crashed(e) => {
                return Verdict::OracleCrashes(format!("the oracle crashes: {e}"))
            }
        };
        match execute(self.solver, input) {
            Outcome::Answer(found) => {
                let scratch = self.scratch.join(thread_slot().to_string());
                match self.checker.check(CaseInput::Bytes(input), &expected, &found, &scratch) {
                    Ok(()) => Verdict::Passes,
                    Err(why) => Verdict::Fails(format!("WA {why}")),
                }
            }
            Outcome::Rejected(e) => {
                Verdict::Fails(format!("RE: the solver rejects the input: {e}"))
            }
            Outcome::Crashed(e) => Verdict::Fails(format!("RE: the solver crashes: {e}")),
        }
    }

    fn details(&self, input: &[u8]) -> String {
        format!(
            "--- solver\n{}--- oracle\n{}",
            with_newline(execute(self.solver, input).describe()),
            with_newline(execute(self.oracle, input).describe())
        )
    }
}

/// A small number of this thread's own, for files only it writes.
fn thread_slot() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    thread_local! {
        static SLOT: u64 = NEXT.fetch_add(1, Ordering::Relaxed);
    }
    SLOT.with(|slot| *slot)
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use judge_io::{Error, Output};
    use judge_meta::{Checker, OutputChecker};

    use super::{execute, BatchCheck, Outcome, RunFn, Subject, Verdict};

    /// A digit, echoed; anything else is rejected.
    fn echo_digit(input: &[u8], out: &mut Output<Vec<u8>>) -> Result<(), Error> {
        match input {
            [digit @ b'0'..=b'9'] => {
                out.byte(*digit).newline();
                Ok(())
            }
            _ => Err(Error::new("not a digit")),
        }
    }

    fn check<'s>(solver: &'s RunFn, oracle: &'s RunFn) -> BatchCheck<'s> {
        BatchCheck {
            solver,
            oracle,
            checker: OutputChecker::Builtin(Checker::Exact),
            scratch: PathBuf::from("/nonexistent"),
        }
    }

    #[test]
    fn a_program_answers_rejects_or_crashes() {
        let crashes: RunFn = |_, _| panic!("no");
        assert!(matches!(execute(&echo_digit, b"3"), Outcome::Answer(answer) if answer == b"3\n"));
        assert!(matches!(execute(&echo_digit, b"x"), Outcome::Rejected(e) if e == "not a digit"));
        assert!(matches!(execute(&crashes, b"3"), Outcome::Crashed(e) if e == "panicked: no"));
    }

    #[test]
    fn each_way_a_case_goes() {
        let echo: RunFn = echo_digit;
        let wrong: RunFn = |_, out| {
            out.str("0\n");
            Ok(())
        };
        let crashes: RunFn = |_, _| panic!("the oracle's bug");
        assert_eq!(check(&echo, &echo).verdict(b"3"), Verdict::Passes);
        let invalid = check(&echo, &echo).verdict(b"12");
        assert_eq!(invalid, Verdict::Invalid("not a digit".to_string()));
        let fails = check(&wrong, &echo).verdict(b"3");
        assert!(matches!(fails, Verdict::Fails(why) if why.starts_with("WA ")), "a wrong answer");
        let crash = check(&echo, &crashes).verdict(b"3");
        assert_eq!(
            crash,
            Verdict::OracleCrashes("the oracle crashes: panicked: the oracle's bug".to_string())
        );
        let details = check(&wrong, &echo).details(b"3");
        assert_eq!(details, "--- solver\n0\n--- oracle\n3\n");
    }
}
