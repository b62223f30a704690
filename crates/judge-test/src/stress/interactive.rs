//! [`InteractiveStress`], the stress test of an interactive problem: on each case the oracle
//! (a simple solver) and the solver each play against the interactor, in process.

use std::sync::Arc;

use judge_io::Error;

use super::plan::{Failure, Generator, Parts, Plan, Subject, Verdict};
use super::{search, with_newline, StressTest};
use crate::interact::{interact, Interaction, InteractorInput, InteractorOutput};
use crate::interact::{SolverInput, SolverOutput};

/// How many lines of the exchange a report shows.
const SHOWN_LINES: usize = 20;

/// A solver as the engine shares it among workers and play threads.
type SharedSolver =
    Arc<dyn Fn(&mut SolverInput, &mut SolverOutput) -> Result<(), Error> + Send + Sync>;
/// An interactor as the engine shares it.
type SharedInteractor = Arc<
    dyn Fn(&[u8], &mut InteractorInput, &mut InteractorOutput) -> Result<(), Error> + Send + Sync,
>;

/// The stress test of an interactive problem: on each generated case, the oracle (a simple
/// solver, obviously correct) and the solver each play against the interactor. A case counts
/// only if the interactor accepts the oracle's play (so an invalid case never fails), and
/// fails when it rejects the solver's (or the solver crashes, deadlocks or runs out of time).
/// Failures are shrunk and reported with the end of the exchange, as [`Stress`](crate::Stress)
/// does.
pub type InteractiveStress<'a> = StressTest<'a, Interactive>;

/// What [`InteractiveStress`] adds to a stress test: the solver, the oracle and the
/// interactor.
#[derive(Default)]
pub struct Interactive {
    solver: Option<SharedSolver>,
    oracle: Option<SharedSolver>,
    interactor: Option<SharedInteractor>,
}

impl InteractiveStress<'_> {
    /// The program under test (usually the crate's `run` for `run_stream`).
    pub fn solver<S>(self, solver: S) -> Self
    where
        S: Fn(&mut SolverInput, &mut SolverOutput) -> Result<(), Error> + Send + Sync + 'static,
    {
        self.with_parts(|parts| parts.solver = Some(Arc::new(solver)))
    }

    /// A simple solver the interactor must accept on every valid case.
    pub fn oracle<S>(self, oracle: S) -> Self
    where
        S: Fn(&mut SolverInput, &mut SolverOutput) -> Result<(), Error> + Send + Sync + 'static,
    {
        self.with_parts(|parts| parts.oracle = Some(Arc::new(oracle)))
    }

    /// The interactor, as `src/bin/P-interactor.rs` runs it through
    /// [`interactor_main`](crate::interactor_main).
    pub fn interactor<I>(self, interactor: I) -> Self
    where
        I: Fn(&[u8], &mut InteractorInput, &mut InteractorOutput) -> Result<(), Error>
            + Send
            + Sync
            + 'static,
    {
        self.with_parts(|parts| parts.interactor = Some(Arc::new(interactor)))
    }
}

impl Parts for Interactive {
    /// A case counts when the interactor accepts the oracle; it fails when it rejects the
    /// solver.
    fn find(&self, plan: &Plan, generate: &Generator<'_>) -> Option<Failure> {
        let check = InteractiveCheck {
            solver: self.solver.clone().expect("InteractiveStress needs .solver(...)"),
            oracle: self.oracle.clone().expect("InteractiveStress needs .oracle(...)"),
            interactor: self.interactor.clone().expect("InteractiveStress needs .interactor(...)"),
        };
        search(plan, generate, &check, "the interactor accepts the solver")
    }
}

struct InteractiveCheck {
    solver: SharedSolver,
    oracle: SharedSolver,
    interactor: SharedInteractor,
}

impl InteractiveCheck {
    fn play(&self, solver: &SharedSolver, case: &[u8]) -> Interaction {
        let (solver, interactor) = (Arc::clone(solver), Arc::clone(&self.interactor));
        interact(
            case,
            move |input, out| solver(input, out),
            move |case, input, out| interactor(case, input, out),
        )
    }
}

impl Subject for InteractiveCheck {
    fn verdict(&self, case: &[u8]) -> Verdict {
        if let Err(why) = self.play(&self.oracle, case).verdict {
            return Verdict::Invalid(format!("with the oracle: {why}"));
        }
        match self.play(&self.solver, case).verdict {
            Ok(()) => Verdict::Passes,
            Err(why) => Verdict::Fails(why),
        }
    }

    fn details(&self, case: &[u8]) -> String {
        let play = self.play(&self.solver, case);
        format!(
            "--- the exchange (> solver, < interactor)\n{}",
            with_newline(play.last_lines(SHOWN_LINES))
        )
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::{InteractiveCheck, Subject, Verdict};
    use crate::guess::{guess, interactor, search};

    fn checked(solver: super::SharedSolver) -> InteractiveCheck {
        InteractiveCheck { solver, oracle: Arc::new(guess), interactor: Arc::new(interactor) }
    }

    #[test]
    fn a_case_is_invalid_unless_the_oracle_is_accepted_and_fails_when_the_solver_is_not() {
        let right = checked(Arc::new(guess));
        assert_eq!(right.verdict(b"5 5"), Verdict::Passes);
        let Verdict::Invalid(why) = right.verdict(b"5 6") else { panic!("X > N is no case") };
        assert!(why.starts_with("with the oracle: the interactor rejects: the case:"), "{why}");
        let wrong = checked(Arc::new(|input, out| search(input, out, true)));
        assert_eq!(wrong.verdict(b"5 4"), Verdict::Passes);
        let Verdict::Fails(why) = wrong.verdict(b"5 5") else { panic!("5 is never asked") };
        assert!(why.starts_with("the interactor rejects: more than 3 guesses"), "{why}");
        let details = wrong.details(b"2 2");
        assert_eq!(details, "--- the exchange (> solver, < interactor)\n< 2\n> ? 1\n< higher\n");
    }
}
