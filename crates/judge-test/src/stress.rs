//! The stress engine: a solver against its oracle on seeded random inputs, on every core;
//! the first failure is saved, shrunk and reported with the command that reproduces it.
//!
//! Case `i` of seed `s` is generated from the `i`-th draw of `Rng::new(s)`, whichever worker
//! runs it, so a failure reproduces from the seed alone, on any number of workers: workers
//! take case numbers in turn from one counter, and the failure reported is the first case (in
//! case order) that fails. Ordinary problems are judged by [`Stress`] (outputs compared by
//! the problem's checker), interactive ones by
//! [`InteractiveStress`](crate::InteractiveStress); both run here.
//!
//! Knobs from the environment: `STRESS_SEED`, `STRESS_CASES`, `STRESS_SECONDS` (a time budget
//! in seconds, fractions allowed; 0: none), `STRESS_WORKERS` (default: every core) and
//! `STRESS_DIR` (where failing inputs go; default `target/stress`). Inside `cargo test` the
//! defaults keep a run to a few seconds; `scripts/stress.sh` sets them.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use judge_io::{Error, Output, Rng};

use judge_meta::{CaseInput, CheckFn, OutputChecker};

use crate::metadata;
use crate::panics::catch_quietly;
use crate::shrink::{shrink, Judged, ShrinkFn};

/// A solver or oracle as stress tests write it: the crate's `run` at `Vec<u8>` output. Name
/// the type of a hand-written variant with it (`let wrong: RunFn = |input, out| ...`).
pub type RunFn = fn(&[u8], &mut Output<Vec<u8>>) -> Result<(), Error>;

/// A solver or oracle as the engine holds it (any closure like [`RunFn`]).
type DynRun<'a> = dyn Fn(&[u8], &mut Output<Vec<u8>>) -> Result<(), Error> + Sync + 'a;

/// A stress test's input generator: one small random input from a seeded [`Rng`].
pub(crate) type Generator<'a> = Box<dyn Fn(&mut Rng) -> Vec<u8> + Sync + 'a>;

/// The default time budget of a stress run inside `cargo test`, in seconds.
const DEFAULT_SECONDS: f64 = 3.0;

/// The stress test of an ordinary problem: runs the solver and its oracle on seeded random
/// inputs, compares the outputs by the problem's checker (the `checker` of its
/// `[package.metadata.judge]`), and on the first disagreement or crash saves the input,
/// shrinks it and reports the smallest case, both answers and the command that reproduces it.
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
pub struct Stress<'a> {
    pub(crate) plan: Plan,
    generate: Generator<'a>,
    solver: Option<Box<DynRun<'a>>>,
    oracle: Option<Box<DynRun<'a>>>,
    checker: Option<CheckFn>,
}

/// What every stress test has: its name, default seed and cases, and extra shrinking steps.
pub(crate) struct Plan {
    pub(crate) name: String,
    pub(crate) seed: u64,
    pub(crate) cases: u64,
    pub(crate) shrinkers: Vec<ShrinkFn>,
}

impl Plan {
    pub(crate) fn new(name: &str) -> Plan {
        Plan { name: name.to_string(), seed: 1, cases: 1000, shrinkers: Vec::new() }
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
    /// The smallest failing input the shrinker found.
    pub shrunk: Vec<u8>,
    /// The whole report, as printed (and saved as `report.txt` beside the inputs).
    pub report: String,
}

/// What a case is to a stress test, with why it fails.
pub(crate) enum Verdict {
    /// Not an input of the problem: the oracle rejects it.
    Invalid,
    Passes,
    Fails(String),
}

/// A stress test's way to judge one case, and to show a failing one.
pub(crate) trait Subject: Sync {
    fn verdict(&self, input: &[u8]) -> Verdict;
    /// What a report shows under the shrunk input (both answers, or the exchange).
    fn details(&self, input: &[u8]) -> String;
}

impl<'a> Stress<'a> {
    /// A stress test named `name` (its failing inputs go to `target/stress/<name>/`) on inputs
    /// drawn by `generate`: small ones, since the oracle runs on each. Defaults: seed 1, 1000
    /// cases, the problem's declared checker.
    pub fn new<G: Fn(&mut Rng) -> Vec<u8> + Sync + 'a>(name: &str, generate: G) -> Stress<'a> {
        Stress {
            plan: Plan::new(name),
            generate: Box::new(generate),
            solver: None,
            oracle: None,
            checker: None,
        }
    }

    /// The program under test (usually the crate's `run`).
    pub fn solver<F>(mut self, solver: F) -> Stress<'a>
    where
        F: Fn(&[u8], &mut Output<Vec<u8>>) -> Result<(), Error> + Sync + 'a,
    {
        self.solver = Some(Box::new(solver));
        self
    }

    /// The brute-force oracle (usually the crate's `naive::run`); an input it rejects is not a
    /// valid input, and is never a failing case.
    pub fn oracle<F>(mut self, oracle: F) -> Stress<'a>
    where
        F: Fn(&[u8], &mut Output<Vec<u8>>) -> Result<(), Error> + Sync + 'a,
    {
        self.oracle = Some(Box::new(oracle));
        self
    }

    /// The problem's own check function, run in process instead of what the metadata
    /// declares. Not needed: a `binary` checker's `<package>-check` is run on each case, and
    /// giving the function it runs here only saves those runs.
    pub fn checker(mut self, check: CheckFn) -> Stress<'a> {
        self.checker = Some(check);
        self
    }

    /// A problem-specific shrinking step, tried after the generic ones.
    pub fn shrinker(mut self, shrink: ShrinkFn) -> Stress<'a> {
        self.plan.shrinkers.push(shrink);
        self
    }

    /// The default seed and number of cases (the environment may override both).
    pub fn defaults(mut self, seed: u64, cases: u64) -> Stress<'a> {
        self.plan.seed = seed;
        self.plan.cases = cases;
        self
    }

    /// Runs the cases; panics with the report of the first failure (see [`Stress::find`]).
    pub fn run(self) {
        if let Some(failure) = self.find() {
            panic!("{}", failure.report);
        }
    }

    /// Runs the cases with the knobs read from the environment, prints what it ran, and returns
    /// the first failure, shrunk, with its input saved under `STRESS_DIR`.
    ///
    /// # Panics
    /// If the solver or the oracle was not given, the metadata's checker cannot be used, or a
    /// knob is not a number.
    pub fn find(&self) -> Option<Failure> {
        let name = &self.plan.name;
        let checker = metadata::declared_checker(self.checker)
            .unwrap_or_else(|e| panic!("stress {name}: {e}"));
        let judge = BatchJudge {
            solver: self.solver.as_deref().expect("Stress needs .solver(...)"),
            oracle: self.oracle.as_deref().expect("Stress needs .oracle(...)"),
            checker,
            scratch: stress_dir(name).join("checker"),
        };
        search(&self.plan, &self.generate, &judge, "the solver agrees with the oracle")
    }
}

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

/// The seed of case `case` of a run seeded `seed`: the `case`-th draw of `Rng::new(seed)`.
fn case_rng(seed: u64, case: u64) -> Rng {
    let mut seeds = Rng::new(seed);
    seeds.skip(case);
    Rng::new(seeds.next_u64())
}

/// The first failing case of a search: its number, input and why it fails.
type Found = (u64, Vec<u8>, String);

/// Runs the plan's cases on every worker, then reports: the summary line (with `agrees`)
/// when nothing fails, else the first failure, shrunk, saved and described.
pub(crate) fn search(
    plan: &Plan,
    generate: &Generator<'_>,
    subject: &dyn Subject,
    agrees: &str,
) -> Option<Failure> {
    let seed = knob("STRESS_SEED", plan.seed);
    let cases = knob("STRESS_CASES", plan.cases);
    let seconds = knob("STRESS_SECONDS", DEFAULT_SECONDS);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let workers = knob("STRESS_WORKERS", cores).max(1);
    let budget = (seconds > 0.0).then(|| Duration::from_secs_f64(seconds));
    let started = Instant::now();
    let next_case = AtomicU64::new(0);
    let ran = AtomicU64::new(0);
    let first_failing = AtomicU64::new(u64::MAX);
    let found: Mutex<Option<Found>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let case = next_case.fetch_add(1, Ordering::Relaxed);
                let out_of_time = budget.is_some_and(|budget| started.elapsed() >= budget);
                if case >= cases || case >= first_failing.load(Ordering::Relaxed) || out_of_time {
                    return;
                }
                let input = generate(&mut case_rng(seed, case));
                let verdict = subject.verdict(&input);
                ran.fetch_add(1, Ordering::Relaxed);
                if let Verdict::Fails(why) = verdict {
                    let mut found = found.lock().expect("no worker panics holding the lock");
                    if found.as_ref().is_none_or(|&(first, ..)| case < first) {
                        *found = Some((case, input, why));
                    }
                    first_failing.fetch_min(case, Ordering::Relaxed);
                }
            });
        }
    });
    let ran = ran.into_inner();
    let elapsed = started.elapsed().as_secs_f64();
    match found.into_inner().expect("the workers are done") {
        Some((case, input, why)) => Some(report_failure(plan, subject, seed, case, input, why)),
        None => {
            println!(
                "stress {}: seed {seed}, {ran} cases in {elapsed:.1} s on {workers} worker{} \
                 ({:.0} cases/s){}: {agrees}",
                plan.name,
                if workers == 1 { "" } else { "s" },
                ran as f64 / elapsed.max(1e-9),
                if ran < cases && cases != u64::MAX { " (time budget reached)" } else { "" }
            );
            None
        }
    }
}

/// Shrinks a failing case, saves both inputs and the report, and describes it.
fn report_failure(
    plan: &Plan,
    subject: &dyn Subject,
    seed: u64,
    case: u64,
    input: Vec<u8>,
    why: String,
) -> Failure {
    let dir = stress_dir(&plan.name);
    let saved = save(&dir, "failing.in", &input);
    let judge = |candidate: &[u8]| match subject.verdict(candidate) {
        Verdict::Invalid => Judged::Invalid,
        Verdict::Passes => Judged::Passes,
        Verdict::Fails(_) => Judged::Fails,
    };
    let (shrunk, tries) = shrink(&input, &judge, &plan.shrinkers);
    let saved_shrunk = save(&dir, "shrunk.in", &shrunk);
    let why = match subject.verdict(&shrunk) {
        Verdict::Fails(why) => why,
        _ => why,
    };
    let package = metadata::package_name().unwrap_or_else(|| plan.name.clone());
    let report = format!(
        "stress {name}: case {case} of seed {seed} fails\n\
         reproduce: scripts/stress.sh {package} --seed {seed} --cases {cases}\n\
         input ({in_len} bytes): {saved}\n\
         shrunk in {tries} tries to {out_len} bytes: {saved_shrunk}\n\
         --- shrunk input\n{shrunk_text}\
         {details}\
         --- verdict: {why}\n",
        name = plan.name,
        cases = case + 1,
        in_len = input.len(),
        out_len = shrunk.len(),
        shrunk_text = with_newline(String::from_utf8_lossy(&shrunk).into_owned()),
        details = subject.details(&shrunk),
    );
    save(&dir, "report.txt", report.as_bytes());
    Failure { seed, case, input, shrunk, report }
}

/// `text`, ending with a newline.
pub(crate) fn with_newline(mut text: String) -> String {
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// Where stress test `name` saves its files: `STRESS_DIR/<name>`, or `target/stress/<name>`
/// under `CARGO_TARGET_DIR` or the workspace (the folder with `Cargo.lock` above the crate).
pub(crate) fn stress_dir(name: &str) -> PathBuf {
    if let Some(dir) = std::env::var_os("STRESS_DIR") {
        return PathBuf::from(dir).join(name);
    }
    let target = match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => {
            let here = metadata::manifest_dir();
            let root = here.ancestors().find(|dir| dir.join("Cargo.lock").is_file());
            root.unwrap_or(&here).join("target")
        }
    };
    target.join("stress").join(name)
}

/// Writes `bytes` to `dir/file`; the path written, or why not.
fn save(dir: &std::path::Path, file: &str, bytes: &[u8]) -> String {
    let path = dir.join(file);
    match std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, bytes)) {
        Ok(()) => path.display().to_string(),
        Err(e) => format!("nowhere ({}: {e})", path.display()),
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
struct BatchJudge<'s> {
    solver: &'s DynRun<'s>,
    oracle: &'s DynRun<'s>,
    checker: OutputChecker,
    /// Where a checker binary's files go (one folder per thread below it).
    scratch: PathBuf,
}

impl Subject for BatchJudge<'_> {
    fn verdict(&self, input: &[u8]) -> Verdict {
        let Outcome::Answer(expected) = execute(self.oracle, input) else {
            return Verdict::Invalid;
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
