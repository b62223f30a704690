//! What a stress run is made of, shared by the engine (`mod.rs`), its two kinds (`batch.rs`,
//! `interactive.rs`) and the report (`report.rs`): the plan, the generator, the verdict on one
//! case and the subject that gives it, the failure found, and [`Parts`], what each kind adds.

use judge_io::Rng;

use crate::shrink::ShrinkFn;

/// A stress test's input generator: one small random input from a seeded [`Rng`].
pub type Generator<'a> = Box<dyn Fn(&mut Rng) -> Vec<u8> + Sync + 'a>;

/// What every stress test has: its name, default seed and cases, and extra shrinking steps.
pub struct Plan {
    pub name: String,
    pub seed: u64,
    pub cases: u64,
    pub shrinkers: Vec<ShrinkFn>,
}

impl Plan {
    pub fn new(name: &str) -> Plan {
        Plan { name: name.to_string(), seed: 1, cases: 1000, shrinkers: Vec::new() }
    }

    /// The default seed and number of cases (the environment may override both).
    ///
    /// # Panics
    /// If `cases` is 0: a run of no case proves nothing.
    pub fn set_defaults(&mut self, seed: u64, cases: u64) {
        assert!(cases >= 1, "stress {}: a stress test needs at least one case", self.name);
        self.seed = seed;
        self.cases = cases;
    }
}

/// What a stress run found.
#[derive(Debug, Clone)]
pub struct Failure {
    /// The seed of the run.
    pub seed: u64,
    /// The 0-based index of the failing case.
    pub case: u64,
    /// The generated input that failed.
    pub input: Vec<u8>,
    /// The smallest failing input the shrinker found (the input itself if none smaller fails).
    pub shrunk: Vec<u8>,
    /// The whole report, as printed (and saved as `report.txt` beside the inputs).
    pub report: String,
}

/// What a case is to a stress test, with why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Not an input of the problem: the oracle rejects it.
    Invalid(String),
    Passes,
    /// The solver is wrong, or crashes.
    Fails(String),
    /// The oracle crashes (a panic, not a rejection): the oracle's own bug, or a generated
    /// input beyond its reach. A generated case that does this fails the run.
    OracleCrashes(String),
}

/// A stress test's way to judge one case, and to show a failing one.
pub trait Subject: Sync {
    fn verdict(&self, input: &[u8]) -> Verdict;
    /// What a report shows under the shrunk input (both answers, or the exchange).
    fn details(&self, input: &[u8]) -> String;
}

/// What a kind of stress test adds to the plan and the generator (its solver, oracle and the
/// rest, given through the builder's methods), and how it runs them: [`Batch`] for
/// [`Stress`], [`Interactive`] for [`InteractiveStress`]. Crate-private in effect (this module
/// is private), so only those two kinds exist.
///
/// [`Batch`]: super::batch::Batch
/// [`Interactive`]: super::interactive::Interactive
/// [`Stress`]: crate::Stress
/// [`InteractiveStress`]: crate::InteractiveStress
pub trait Parts: Default {
    /// Runs the cases of `plan` drawn by `generate` and returns the first failure, shrunk.
    ///
    /// # Panics
    /// If a part was not given, or as [`search`](super::search) does.
    fn find(&self, plan: &Plan, generate: &Generator<'_>) -> Option<Failure>;
}
