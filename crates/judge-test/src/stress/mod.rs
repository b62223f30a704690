//! The stress engine: a solver against its oracle on seeded random inputs, on every core;
//! the first failure is saved, shrunk and reported with the command that reproduces it.
//!
//! Case `i` of seed `s` is generated from the `i`-th draw of `Rng::new(s)`, whichever worker
//! runs it, so a failure reproduces from the seed alone, on any number of workers: workers
//! take case numbers in turn from one counter (the cases run are always `0..k`, none
//! skipped), and the failure reported is the first case (in case order) that fails.
//!
//! The builder, [`StressTest`], is here with the engine ([`search`]), which judges cases
//! through a [`Subject`]; its two kinds stand beside it: [`Stress`] (`batch.rs`: ordinary
//! problems, outputs compared by the problem's checker) and [`InteractiveStress`]
//! (`interactive.rs`: the solver and the oracle each play against the interactor). `plan.rs`
//! holds what they share; `report.rs` shrinks, saves and describes a failure.
//!
//! Knobs from the environment: `STRESS_SEED`, `STRESS_CASES` (at least 1), `STRESS_SECONDS` (a
//! time budget in seconds, fractions allowed; 0: none), `STRESS_WORKERS` (default: every
//! core; more than the cores are capped to them, since workers beyond them only share them)
//! and `STRESS_DIR` (where failing inputs go; default `target/stress`). Inside `cargo test`
//! the defaults keep a run to a few seconds; `scripts/stress.sh` sets them.

mod batch;
mod interactive;
mod plan;
mod report;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use judge_io::Rng;

use crate::shrink::ShrinkFn;
use plan::{Generator, Parts, Plan, Subject, Verdict};

pub use batch::{RunFn, Stress};
pub use interactive::InteractiveStress;
pub use plan::Failure;
pub(crate) use report::{stress_dir, with_newline};

/// A stress test: its plan (name, default seed and cases, extra shrinking steps), its input
/// generator, and `K`, what its kind adds. [`Stress`] and [`InteractiveStress`] are its two
/// kinds; the builder's methods common to both are here, each kind's own beside it.
pub struct StressTest<'a, K> {
    plan: Plan,
    generate: Generator<'a>,
    parts: K,
}

impl<'a, K: Parts> StressTest<'a, K> {
    /// A stress test named `name` (its failing inputs go to `target/stress/<name>/`) on inputs
    /// drawn by `generate`: small ones, since the oracle runs on each. Defaults: seed 1, 1000
    /// cases.
    pub fn new<G: Fn(&mut Rng) -> Vec<u8> + Sync + 'a>(name: &str, generate: G) -> Self {
        StressTest { plan: Plan::new(name), generate: Box::new(generate), parts: K::default() }
    }

    /// A problem-specific shrinking step, tried after the generic ones.
    pub fn shrinker(mut self, shrink: ShrinkFn) -> Self {
        self.plan.shrinkers.push(shrink);
        self
    }

    /// The default seed and number of cases (the environment may override both).
    ///
    /// # Panics
    /// If `cases` is 0.
    pub fn defaults(mut self, seed: u64, cases: u64) -> Self {
        self.plan.set_defaults(seed, cases);
        self
    }

    /// Runs the cases; panics with the report of the first failure (see
    /// [`StressTest::find`]).
    pub fn run(self) {
        if let Some(failure) = self.find() {
            panic!("{}", failure.report);
        }
    }

    /// Runs the cases with the knobs read from the environment, prints what it ran, and returns
    /// the first failure, shrunk, with its input saved under `STRESS_DIR`.
    ///
    /// # Panics
    /// If a part (solver, oracle, interactor) was not given, a problem's declared checker
    /// cannot be used, a knob is not a number (or is 0 cases, or no end), or every case run
    /// was invalid.
    pub fn find(&self) -> Option<Failure> {
        self.parts.find(&self.plan, &self.generate)
    }

    /// What the kind adds, for its own builder methods.
    fn with_parts(mut self, set: impl FnOnce(&mut K)) -> Self {
        set(&mut self.parts);
        self
    }
}

/// The default time budget of a stress run inside `cargo test`, in seconds.
const DEFAULT_SECONDS: f64 = 3.0;

/// The knob `name` as a number, or `default` when it is unset.
///
/// # Panics
/// If it is set but is not a non-negative number: a mistyped knob must not silently run the
/// default.
fn knob<T: std::str::FromStr>(name: &str, default: T) -> T {
    match std::env::var(name) {
        Ok(text) => text
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name} must be a non-negative number, got {text:?}")),
        Err(_) => default,
    }
}

/// The stress knobs for tests that loop by hand: `STRESS_SEED` (default `default_seed`) and
/// `STRESS_CASES` (default `default_cases`).
///
/// # Panics
/// If a variable is set but is not a number.
pub fn stress_knobs(default_seed: u64, default_cases: u64) -> (u64, u64) {
    (knob("STRESS_SEED", default_seed), knob("STRESS_CASES", default_cases))
}

/// How one run goes: the plan's defaults with the environment's knobs over them.
#[derive(Debug, Clone, PartialEq)]
struct Knobs {
    seed: u64,
    cases: u64,
    /// `None`: no time budget.
    budget: Option<Duration>,
    workers: usize,
    /// The workers asked for, when more than the cores (and so capped to them).
    asked_workers: Option<usize>,
}

impl Knobs {
    /// The knobs of `plan` from the environment, on `cores` cores.
    ///
    /// # Panics
    /// If a knob is not a number, `STRESS_CASES` is 0, `STRESS_SECONDS` is negative or not
    /// finite, or the run could never end (every case, no time budget).
    fn read(plan: &Plan, cores: usize) -> Knobs {
        let seconds: f64 = knob("STRESS_SECONDS", DEFAULT_SECONDS);
        let workers = knob("STRESS_WORKERS", cores);
        Knobs::new(
            plan,
            knob("STRESS_SEED", plan.seed),
            knob("STRESS_CASES", plan.cases),
            seconds,
            workers,
            cores,
        )
    }

    fn new(
        plan: &Plan,
        seed: u64,
        cases: u64,
        seconds: f64,
        workers: usize,
        cores: usize,
    ) -> Knobs {
        let name = &plan.name;
        assert!(cases >= 1, "stress {name}: STRESS_CASES must be at least 1, got 0");
        assert!(
            seconds.is_finite() && seconds >= 0.0,
            "stress {name}: STRESS_SECONDS must be a non-negative number of seconds, got {seconds}"
        );
        let budget =
            (seconds > 0.0).then(|| Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX));
        assert!(
            budget.is_some() || cases != u64::MAX,
            "stress {name}: every case with no time budget (STRESS_SECONDS=0) would never end"
        );
        let cores = cores.max(1);
        let capped = workers.clamp(1, cores);
        let asked_workers = (workers > cores).then_some(workers);
        Knobs { seed, cases, budget, workers: capped, asked_workers }
    }
}

/// The seed of case `case` of a run seeded `seed`: the `case`-th draw of `Rng::new(seed)`.
fn case_rng(seed: u64, case: u64) -> Rng {
    let mut seeds = Rng::new(seed);
    seeds.skip(case);
    Rng::new(seeds.next_u64())
}

/// The first failing case of a search: its number, input and verdict.
type Found = (u64, Vec<u8>, Verdict);

/// What the workers did.
struct Tally {
    ran: u64,
    /// How many cases were invalid, and the first of them (its number and why).
    invalid: u64,
    first_invalid: Option<(u64, String)>,
    found: Option<Found>,
    elapsed: Duration,
}

/// Runs the plan's cases on every worker, then reports: the summary line (with `agrees`)
/// when nothing fails, else the first failure, shrunk, saved and described.
///
/// # Panics
/// On a bad knob (see [`Knobs::read`]), or when every case run was invalid: a run that
/// judged nothing must not say the solver agrees.
pub(crate) fn search(
    plan: &Plan,
    generate: &Generator<'_>,
    subject: &dyn Subject,
    agrees: &str,
) -> Option<Failure> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let knobs = Knobs::read(plan, cores);
    let tally = run_cases(&knobs, generate, subject);
    if let Some((case, input, verdict)) = tally.found {
        return Some(report::failure(plan, subject, knobs.seed, case, input, verdict));
    }
    if tally.invalid == tally.ran {
        let (case, why) = tally.first_invalid.unwrap_or_default();
        panic!(
            "stress {}: all {} cases run are invalid (case {case}: {why}): the generator makes \
             no input that the oracle accepts",
            plan.name, tally.ran
        );
    }
    println!("{}", summary(plan, &knobs, &tally, agrees));
    None
}

/// The workers' loop: cases `0..` in turn until the cases, the time budget or a failing case
/// earlier than the next one ends it.
fn run_cases(knobs: &Knobs, generate: &Generator<'_>, subject: &dyn Subject) -> Tally {
    let started = Instant::now();
    let next_case = AtomicU64::new(0);
    let ran = AtomicU64::new(0);
    let first_failing = AtomicU64::new(u64::MAX);
    let found: Mutex<Option<Found>> = Mutex::new(None);
    let invalid: Mutex<(u64, Option<(u64, String)>)> = Mutex::new((0, None));
    let out_of_time = || knobs.budget.is_some_and(|budget| started.elapsed() >= budget);
    std::thread::scope(|scope| {
        for _ in 0..knobs.workers {
            scope.spawn(|| loop {
                // The clock is read before a case is taken, so every case taken runs: the
                // cases run are `0..k`. Case 0 always runs.
                if out_of_time() && next_case.load(Ordering::Relaxed) > 0 {
                    return;
                }
                let case = next_case.fetch_add(1, Ordering::Relaxed);
                if case >= knobs.cases || case >= first_failing.load(Ordering::Relaxed) {
                    return;
                }
                let input = generate(&mut case_rng(knobs.seed, case));
                let verdict = subject.verdict(&input);
                ran.fetch_add(1, Ordering::Relaxed);
                match verdict {
                    Verdict::Passes => {}
                    Verdict::Invalid(why) => {
                        let mut invalid = invalid.lock().expect("no worker panics holding it");
                        invalid.0 += 1;
                        if invalid.1.as_ref().is_none_or(|&(first, _)| case < first) {
                            invalid.1 = Some((case, why));
                        }
                    }
                    failing @ (Verdict::Fails(_) | Verdict::OracleCrashes(_)) => {
                        let mut found = found.lock().expect("no worker panics holding it");
                        if found.as_ref().is_none_or(|&(first, ..)| case < first) {
                            *found = Some((case, input, failing));
                        }
                        first_failing.fetch_min(case, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    let (invalid, first_invalid) = invalid.into_inner().expect("the workers are done");
    Tally {
        ran: ran.into_inner(),
        invalid,
        first_invalid,
        found: found.into_inner().expect("the workers are done"),
        elapsed: started.elapsed(),
    }
}

/// The line a run that found nothing prints.
fn summary(plan: &Plan, knobs: &Knobs, tally: &Tally, agrees: &str) -> String {
    let Tally { ran, invalid, .. } = *tally;
    let elapsed = tally.elapsed.as_secs_f64();
    let workers = knobs.workers;
    let capped = match knobs.asked_workers {
        Some(asked) => format!(" ({asked} asked: capped to the cores)"),
        None => String::new(),
    };
    let invalid = match invalid {
        0 => String::new(),
        n => format!(", {n} of them invalid (the oracle rejects them)"),
    };
    format!(
        "stress {}: seed {}, {ran} cases{invalid} in {elapsed:.1} s on {workers} worker{}{capped} \
         ({:.0} cases/s){}: {agrees}",
        plan.name,
        knobs.seed,
        if workers == 1 { "" } else { "s" },
        ran as f64 / elapsed.max(1e-9),
        if ran < knobs.cases && knobs.cases != u64::MAX { " (time budget reached)" } else { "" }
    )
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use judge_io::Rng;

    use super::{case_rng, run_cases, summary, Generator, Knobs, Plan, Subject, Verdict};

    /// Fails on every input that is a multiple of 7 above 20, slowly on small ones so that
    /// workers finish out of order; rejects multiples of 5.
    struct Sevens;

    impl Subject for Sevens {
        fn verdict(&self, input: &[u8]) -> Verdict {
            let value: u64 = std::str::from_utf8(input).expect("text").parse().expect("a number");
            std::thread::sleep(Duration::from_micros(200 * (value % 4)));
            if value.is_multiple_of(5) {
                Verdict::Invalid(format!("{value} is a multiple of 5"))
            } else if value > 20 && value.is_multiple_of(7) {
                Verdict::Fails(format!("{value} fails"))
            } else {
                Verdict::Passes
            }
        }

        fn details(&self, _: &[u8]) -> String {
            String::new()
        }
    }

    fn numbers() -> Generator<'static> {
        Box::new(|rng: &mut Rng| rng.range(1, 100).to_string().into_bytes())
    }

    fn knobs(cases: u64, seconds: f64, workers: usize) -> Knobs {
        Knobs::new(&Plan::new("test"), 3, cases, seconds, workers, 64)
    }

    #[test]
    fn case_i_is_draw_i_of_the_seed() {
        let mut seeds = Rng::new(42);
        for case in 0..5 {
            let expected = Rng::new(seeds.next_u64()).next_u64();
            assert_eq!(case_rng(42, case).next_u64(), expected, "case {case}");
        }
    }

    #[test]
    fn the_first_failing_case_is_found_whatever_the_workers() {
        let on_one = run_cases(&knobs(500, 0.0, 1), &numbers(), &Sevens);
        let (case, input, verdict) = on_one.found.expect("a multiple of 7 comes up");
        for workers in [2, 3, 8] {
            let found = run_cases(&knobs(500, 0.0, workers), &numbers(), &Sevens).found;
            assert_eq!(found, Some((case, input.clone(), verdict.clone())), "{workers} workers");
        }
        // Every case before it ran on one worker (and none after it).
        assert_eq!(on_one.ran, case + 1);
        let first_invalid = on_one.first_invalid.expect("a multiple of 5 comes up");
        assert!(first_invalid.1.ends_with("is a multiple of 5"));
    }

    #[test]
    fn a_tiny_budget_still_runs_a_case_and_says_the_budget_ended_it() {
        let passing: Generator<'static> = Box::new(|_: &mut Rng| b"1".to_vec());
        let tally = run_cases(&knobs(u64::MAX - 1, 1e-9, 2), &passing, &Sevens);
        assert!(tally.ran >= 1);
        let line = summary(&Plan::new("test"), &knobs(u64::MAX - 1, 1e-9, 2), &tally, "fine");
        assert!(line.contains("(time budget reached): fine"), "{line}");
    }

    #[test]
    fn workers_beyond_the_cores_are_capped_and_said_so() {
        let capped = Knobs::new(&Plan::new("test"), 1, 10, 0.0, 1000, 2);
        assert_eq!((capped.workers, capped.asked_workers), (2, Some(1000)));
        let zero = Knobs::new(&Plan::new("test"), 1, 10, 0.0, 0, 2);
        assert_eq!((zero.workers, zero.asked_workers), (1, None));
        let tally = run_cases(&capped, &numbers(), &Sevens);
        let line = summary(&Plan::new("test"), &capped, &tally, "fine");
        assert!(line.contains(" on 2 workers (1000 asked: capped to the cores) "), "{line}");
    }

    #[test]
    #[should_panic(expected = "STRESS_CASES must be at least 1")]
    fn no_cases_is_refused() {
        knobs(0, 1.0, 1);
    }

    #[test]
    #[should_panic(expected = "would never end")]
    fn every_case_without_a_budget_is_refused() {
        knobs(u64::MAX, 0.0, 1);
    }

    #[test]
    #[should_panic(expected = "STRESS_SECONDS must be a non-negative number")]
    fn a_negative_budget_is_refused() {
        knobs(10, -1.0, 1);
    }

    #[test]
    fn a_huge_budget_is_no_overflow() {
        assert_eq!(knobs(10, 1e300, 1).budget, Some(Duration::MAX));
    }
}
