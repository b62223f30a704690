//! Support for generators, stress tests and benchmarks: a seeded random source, the `main` of
//! a generator or checker binary, running a binary end to end, the output checkers, the stress
//! engine that compares a solver with its oracle and shrinks a failing case, and the process's
//! peak memory.
//!
//! No solution refers to these, so the bundler leaves them out of every submission; they live
//! here so that the four problem crates share one copy (a problem crate depends on judge-io
//! and nothing else).

/// A small, fast, seeded generator (SplitMix64). The same seed gives the same sequence on
/// every machine, which is what makes generated tests reproducible.
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform value in `0..bound`.
    ///
    /// # Panics
    /// If `bound` is 0.
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "Rng::below needs a positive bound");
        // Multiply-shift keeps the bias below 2^-64 * bound, far beneath what tests can see.
        ((self.next_u64() as u128 * bound as u128) >> 64) as u64
    }

    /// A uniform value in `lo..=hi`.
    ///
    /// # Panics
    /// If `lo > hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        assert!(lo <= hi, "Rng::range needs lo <= hi");
        if hi - lo == u64::MAX {
            return self.next_u64();
        }
        lo + self.below(hi - lo + 1)
    }

    /// A uniform index in `0..len`, as `usize`.
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    /// Shuffles `items` uniformly (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

/// The stress-test knobs: `STRESS_SEED` (default `default_seed`) and `STRESS_CASES` (default
/// `default_cases`), so a slow, unbounded run is opt-in from the environment.
///
/// # Panics
/// If a variable is set but is not a number: a mistyped knob must not silently run the default.
pub fn stress_knobs(default_seed: u64, default_cases: u64) -> (u64, u64) {
    (knob("STRESS_SEED", default_seed), knob("STRESS_CASES", default_cases))
}

/// The environment variable `name` as a number, or `default` when it is unset.
///
/// # Panics
/// If it is set but is not a non-negative integer.
fn knob(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(text) => text
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{} must be a non-negative integer, got {:?}", name, text)),
        Err(_) => default,
    }
}

/// The whole `main` of a generator binary: `generate` gets the command-line arguments (without
/// the program name) and returns the input file's bytes, which go to stdout; an error becomes
/// one `error: ...` line on stderr and exit status 1.
pub fn generator_main<F>(generate: F) -> std::process::ExitCode
where
    F: FnOnce(&[String]) -> Result<Vec<u8>, String>,
{
    use std::io::Write;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let written = generate(&args).and_then(|bytes| {
        let mut stdout = std::io::stdout().lock();
        stdout
            .write_all(&bytes)
            .and_then(|()| stdout.flush())
            .map_err(|e| format!("cannot write output: {}", e))
    });
    match written {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {}", message);
            std::process::ExitCode::FAILURE
        }
    }
}

/// Runs `program` with `args`, `input` on its stdin, and collects its status and output: the
/// end-to-end tests' one way to run a binary.
///
/// The input is written from another thread, so a binary that exits before reading it all
/// (as it may on bad input) cannot block the caller.
///
/// # Panics
/// If the program cannot be started: a test has nothing to check then.
pub fn run_binary(program: &str, args: &[&str], input: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {}", program, e));
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        // A broken pipe only means the binary stopped reading early.
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("a started child can be waited for");
    writer.join().expect("the writer thread does not panic");
    output
}

/// Runs `program` with `args` on `input` and checks the outcome, the end-to-end tests' one
/// check. `expected` is the exact stdout of a success (with nothing on stderr); or the exact
/// stdout printed before a failure (the answers to earlier valid cases, often none) followed by
/// the failure's one stderr line starting with `error:`, and then the status must be 1.
///
/// # Panics
/// When the outcome differs, with the input and both outcomes in the message.
#[track_caller]
pub fn check_run(program: &str, args: &[&str], input: &[u8], expected: &str) {
    let output = run_binary(program, args, input);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let shown = String::from_utf8_lossy(&input[..input.len().min(200)]);
    let error_at = if expected.starts_with("error:") {
        Some(0)
    } else {
        expected.find("\nerror:").map(|i| i + 1)
    };
    match error_at {
        Some(at) => {
            let (expected_stdout, expected_error) = expected.split_at(at);
            assert_eq!(
                output.status.code(),
                Some(1),
                "{} on {:?}: status; stderr {}",
                program,
                shown,
                stderr
            );
            assert_eq!(stdout, expected_stdout, "{} on {:?}: stdout", program, shown);
            assert_eq!(
                stderr.trim_end_matches('\n'),
                expected_error.trim_end_matches('\n'),
                "{} on {:?}: stderr",
                program,
                shown
            );
            assert_eq!(stderr.lines().count(), 1, "{} on {:?}: one stderr line", program, shown);
        }
        None => {
            assert!(output.status.success(), "{} on {:?} failed: {}", program, shown, stderr);
            assert_eq!(
                (stdout.as_ref(), stderr.as_ref()),
                (expected, ""),
                "{} on {:?}",
                program,
                shown
            );
        }
    }
}

/// Checks a generator binary's command line: `good` arguments give the same non-empty bytes
/// twice (which are returned), and each of `bad` fails with one `error:` line and status 1.
///
/// # Panics
/// When either does not hold.
#[track_caller]
pub fn check_generator(program: &str, good: &[&str], bad: &[&[&str]]) -> Vec<u8> {
    let first = run_binary(program, good, b"");
    assert!(first.status.success(), "{:?}: {}", good, String::from_utf8_lossy(&first.stderr));
    assert!(!first.stdout.is_empty(), "{:?} printed nothing", good);
    assert_eq!(run_binary(program, good, b"").stdout, first.stdout, "same arguments, same bytes");
    for args in bad {
        let output = run_binary(program, args, b"");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{:?} should fail", args);
        assert!(output.stdout.is_empty(), "{:?} printed on stdout", args);
        assert!(
            stderr.starts_with("error: ") && stderr.lines().count() == 1,
            "{:?}: {:?}",
            args,
            stderr
        );
    }
    first.stdout
}

/// The peak resident memory of this process in KiB (`VmHWM` in `/proc/self/status`), if the
/// platform reports it.
pub fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// How a program's output is compared with the expected output.
///
/// Every checker ignores trailing whitespace on lines and blank lines at the end, as the
/// judges do. A rejection names the first differing token with its line and column in the
/// program's output: `line 2, column 5: expected "3", found "4"`.
#[derive(Clone, Copy)]
pub enum Checker {
    /// Line by line, byte for byte (the default).
    Exact,
    /// The same whitespace-separated tokens; the amount and kind of whitespace may differ.
    Tokens,
    /// Tokens, where two numbers are equal within an absolute or a relative tolerance.
    Floats {
        /// The largest accepted `|found - expected|`.
        absolute: f64,
        /// The largest accepted `|found - expected| / |expected|`.
        relative: f64,
    },
    /// The problem's own checker (for problems with many correct answers): gets the input,
    /// the expected output and the program's output, and returns why the output is wrong.
    Custom(CheckFn),
}

/// A problem's own checker: `(input, expected, found)`, `Err(reason)` if `found` is wrong.
pub type CheckFn = fn(&[u8], &[u8], &[u8]) -> Result<(), String>;

// By hand: Rust 1.63 cannot derive Debug for a higher-ranked fn pointer.
impl std::fmt::Debug for Checker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Checker::Exact => f.write_str("Exact"),
            Checker::Tokens => f.write_str("Tokens"),
            Checker::Floats { absolute, relative } => {
                write!(f, "Floats {{ absolute: {}, relative: {} }}", absolute, relative)
            }
            Checker::Custom(_) => f.write_str("Custom"),
        }
    }
}

impl Checker {
    /// Reads a checker named in a problem's metadata: `exact`, `tokens` or
    /// `floats ABSOLUTE RELATIVE` (a custom checker is a binary, which the tools run).
    pub fn parse(spec: &str) -> Result<Checker, String> {
        let words: Vec<&str> = spec.split_whitespace().collect();
        let tolerance = |text: &str| -> Result<f64, String> {
            match text.parse::<f64>() {
                Ok(value) if value >= 0.0 && value.is_finite() => Ok(value),
                _ => Err(format!("expected a tolerance such as 1e-6, found {:?}", text)),
            }
        };
        match words.as_slice() {
            ["exact"] => Ok(Checker::Exact),
            ["tokens"] => Ok(Checker::Tokens),
            ["floats", absolute, relative] => Ok(Checker::Floats {
                absolute: tolerance(absolute)?,
                relative: tolerance(relative)?,
            }),
            _ => Err(format!(
                "expected a checker `exact`, `tokens`, `floats ABSOLUTE RELATIVE` or `binary`, \
                 found {:?}",
                spec
            )),
        }
    }

    /// Compares `found` with `expected` (the output for `input`); `Err` says where and how
    /// they differ.
    pub fn check(&self, input: &[u8], expected: &[u8], found: &[u8]) -> Result<(), String> {
        match *self {
            Checker::Exact => check_lines(expected, found),
            Checker::Tokens => check_tokens(expected, found, |a, b| a == b),
            Checker::Floats { absolute, relative } => {
                check_tokens(expected, found, |a, b| a == b || close(a, b, absolute, relative))
            }
            Checker::Custom(check) => check(input, expected, found),
        }
    }
}

/// Whether tokens `a` (expected) and `b` are numbers within the tolerance of each other.
fn close(a: &[u8], b: &[u8], absolute: f64, relative: f64) -> bool {
    let number = |t: &[u8]| std::str::from_utf8(t).ok().and_then(|t| t.parse::<f64>().ok());
    match (number(a), number(b)) {
        (Some(want), Some(got)) if want.is_finite() && got.is_finite() => {
            let diff = (want - got).abs();
            diff <= absolute || diff <= relative * want.abs()
        }
        _ => false,
    }
}

/// A token of an output with its 1-based line and column.
struct Token<'a> {
    text: &'a [u8],
    line: usize,
    column: usize,
}

/// The whitespace-separated tokens of `bytes` with their places.
fn tokens(bytes: &[u8]) -> Vec<Token<'_>> {
    let mut found = Vec::new();
    for (line_idx, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let mut column = 0;
        while column < line.len() {
            if line[column].is_ascii_whitespace() {
                column += 1;
                continue;
            }
            let start = column;
            while column < line.len() && !line[column].is_ascii_whitespace() {
                column += 1;
            }
            found.push(Token { text: &line[start..column], line: line_idx + 1, column: start + 1 });
        }
    }
    found
}

/// `"text"`, cut to a readable length.
fn shown(text: &[u8]) -> String {
    const MAX_SHOWN: usize = 40;
    let cut = &text[..text.len().min(MAX_SHOWN)];
    let more = if text.len() > MAX_SHOWN { "..." } else { "" };
    format!("{:?}{}", String::from_utf8_lossy(cut), more)
}

/// Token by token with `same`; a difference is reported at the place of the found token (or
/// at the end of the found output).
fn check_tokens<F: Fn(&[u8], &[u8]) -> bool>(
    expected: &[u8],
    found: &[u8],
    same: F,
) -> Result<(), String> {
    let (want, got) = (tokens(expected), tokens(found));
    for i in 0..want.len().max(got.len()) {
        match (want.get(i), got.get(i)) {
            (Some(w), Some(g)) if same(w.text, g.text) => continue,
            (Some(w), Some(g)) => {
                return Err(format!(
                    "line {}, column {}: expected {}, found {}",
                    g.line,
                    g.column,
                    shown(w.text),
                    shown(g.text)
                ))
            }
            (Some(w), None) => {
                let line = found.split(|&b| b == b'\n').count().max(1);
                return Err(format!(
                    "line {}: expected {}, found end of output",
                    line,
                    shown(w.text)
                ));
            }
            (None, Some(g)) => {
                return Err(format!(
                    "line {}, column {}: expected end of output, found {}",
                    g.line,
                    g.column,
                    shown(g.text)
                ))
            }
            (None, None) => unreachable!("i is below the longer length"),
        }
    }
    Ok(())
}

/// Line by line, ignoring trailing whitespace and blank lines at the end; a difference is
/// reported at the first differing token of the first differing line.
fn check_lines(expected: &[u8], found: &[u8]) -> Result<(), String> {
    fn lines(bytes: &[u8]) -> Vec<&[u8]> {
        let mut lines: Vec<&[u8]> = bytes
            .split(|&b| b == b'\n')
            .map(|line| {
                let end = line.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(0, |i| i + 1);
                &line[..end]
            })
            .collect();
        while lines.last().map_or(false, |line| line.is_empty()) {
            lines.pop();
        }
        lines
    }
    let (want, got) = (lines(expected), lines(found));
    for i in 0..want.len().max(got.len()) {
        let (w, g) = (want.get(i).copied(), got.get(i).copied());
        if w == g {
            continue;
        }
        let line = i + 1;
        return Err(match (w, g) {
            (Some(w), Some(g)) => {
                // The first column where the lines differ, widened to the token around it.
                let at = w.iter().zip(g.iter()).take_while(|(a, b)| a == b).count();
                let start = g[..at.min(g.len())]
                    .iter()
                    .rposition(|b| b.is_ascii_whitespace())
                    .map_or(0, |i| i + 1);
                let token = |line: &[u8]| -> Vec<u8> {
                    let rest = &line[start.min(line.len())..];
                    let end =
                        rest.iter().position(|b| b.is_ascii_whitespace()).unwrap_or(rest.len());
                    rest[..end].to_vec()
                };
                let (wt, gt) = (token(w), token(g));
                if wt == gt || wt.is_empty() || gt.is_empty() {
                    format!(
                        "line {}, column {}: expected {}, found {}",
                        line,
                        at + 1,
                        shown(&w[at.min(w.len())..]),
                        shown(&g[at.min(g.len())..])
                    )
                } else {
                    format!(
                        "line {}, column {}: expected {}, found {}",
                        line,
                        start + 1,
                        shown(&wt),
                        shown(&gt)
                    )
                }
            }
            (Some(w), None) => format!("line {}: expected {}, found end of output", line, shown(w)),
            (None, Some(g)) => format!("line {}: expected end of output, found {}", line, shown(g)),
            (None, None) => unreachable!("the lines differ"),
        });
    }
    Ok(())
}

/// The whole `main` of a checker binary `<problem>-check INPUT EXPECTED FOUND`: reads the three
/// files and prints `AC` or `WA <reason>` on stdout, exit status 0 either way; a bad command
/// line or an unreadable file is one `error:` line on stderr and exit status 1.
pub fn checker_main(check: CheckFn) -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 3 {
        eprintln!("error: usage: CHECKER INPUT EXPECTED FOUND (three files)");
        return std::process::ExitCode::FAILURE;
    }
    let mut files = Vec::new();
    for path in &args {
        match std::fs::read(path) {
            Ok(bytes) => files.push(bytes),
            Err(e) => {
                eprintln!("error: cannot read {}: {}", path, e);
                return std::process::ExitCode::FAILURE;
            }
        }
    }
    match check(&files[0], &files[1], &files[2]) {
        Ok(()) => println!("AC"),
        Err(reason) => println!("WA {}", reason),
    }
    std::process::ExitCode::SUCCESS
}

/// A solver or oracle as the stress engine runs it: the crate's `run` (or a closure like it).
pub type RunFn<'a> =
    Box<dyn Fn(&[u8], &mut crate::Output<Vec<u8>>) -> Result<(), crate::Error> + 'a>;

/// A stress test's input generator: one small random input from a seeded [`Rng`].
pub type GenerateFn<'a> = Box<dyn Fn(&mut Rng) -> Vec<u8> + 'a>;

/// A problem's own shrinking step: smaller (or simpler) variants of an input to try.
pub type ShrinkFn = fn(&[u8]) -> Vec<Vec<u8>>;

/// The stress engine: runs a solver and its oracle on seeded random inputs, checks the
/// solver's output with the problem's checker, and on the first disagreement or crash saves
/// the input, shrinks it and panics with the smallest case, both answers and the seed.
///
/// Knobs from the environment: `STRESS_SEED`, `STRESS_CASES`, `STRESS_SECONDS` (a time budget;
/// 0: none) and `STRESS_DIR` (where failing inputs go; default `target/stress/<name>`).
/// Inside `cargo test` the defaults keep a run to a few seconds; `scripts/stress.sh` sets them.
///
/// ```no_run
/// use judge_io::testing::{Rng, Stress};
/// # fn run(i: &[u8], o: &mut judge_io::Output<Vec<u8>>) -> Result<(), judge_io::Error> { Ok(()) }
/// Stress::new("boj-0000", |rng: &mut Rng| format!("{}\n", rng.below(10)).into_bytes())
///     .solver(run)
///     .oracle(run)
///     .run();
/// ```
pub struct Stress<'a> {
    name: String,
    generate: GenerateFn<'a>,
    solver: Option<RunFn<'a>>,
    oracle: Option<RunFn<'a>>,
    checker: Option<Checker>,
    shrinkers: Vec<ShrinkFn>,
    seed: u64,
    cases: u64,
    seconds: u64,
}

/// What a stress run found.
#[derive(Debug, Clone)]
pub struct Failure {
    /// The seed of the run and the index of the failing case.
    pub seed: u64,
    /// The 0-based index of the failing case.
    pub case: u64,
    /// The generated input that failed.
    pub input: Vec<u8>,
    /// The smallest failing input the shrinker found.
    pub shrunk: Vec<u8>,
    /// The whole report, as printed.
    pub report: String,
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
            Outcome::Rejected(e) => format!("error: {}\n", e),
            Outcome::Crashed(e) => format!("CRASH: {}\n", e),
        }
    }
}

/// The most runs of the solver and oracle pair that one shrink may take.
const SHRINK_BUDGET_RUNS: usize = 20_000;
/// The longest one shrink may take.
const SHRINK_BUDGET: std::time::Duration = std::time::Duration::from_secs(60);
/// The default time budget of a stress run inside `cargo test`.
const DEFAULT_SECONDS: u64 = 3;

impl<'a> Stress<'a> {
    /// A stress test of problem `name` on inputs drawn by `generate` (small ones: the oracle
    /// runs on each). Defaults: seed 1, 1000 cases, the exact checker.
    pub fn new<G: Fn(&mut Rng) -> Vec<u8> + 'a>(name: &str, generate: G) -> Stress<'a> {
        Stress {
            name: name.to_string(),
            generate: Box::new(generate),
            solver: None,
            oracle: None,
            checker: None,
            shrinkers: Vec::new(),
            seed: 1,
            cases: 1000,
            seconds: DEFAULT_SECONDS,
        }
    }

    /// The program under test (usually the crate's `run`).
    pub fn solver<F>(mut self, solver: F) -> Stress<'a>
    where
        F: Fn(&[u8], &mut crate::Output<Vec<u8>>) -> Result<(), crate::Error> + 'a,
    {
        self.solver = Some(Box::new(solver));
        self
    }

    /// The brute-force oracle; an input it rejects is not a valid input.
    pub fn oracle<F>(mut self, oracle: F) -> Stress<'a>
    where
        F: Fn(&[u8], &mut crate::Output<Vec<u8>>) -> Result<(), crate::Error> + 'a,
    {
        self.oracle = Some(Box::new(oracle));
        self
    }

    /// How outputs are compared. Default: the `checker` of the crate's
    /// `[package.metadata.judge]` (read from `Cargo.toml` in the working directory, which
    /// `cargo test` sets to the crate's folder), else [`Checker::Exact`]. A problem whose
    /// metadata says `checker = "binary"` passes its check function here as
    /// [`Checker::Custom`].
    pub fn checker(mut self, checker: Checker) -> Stress<'a> {
        self.checker = Some(checker);
        self
    }

    /// The checker in use (see [`Stress::checker`]).
    ///
    /// # Panics
    /// If the metadata names a checker that cannot be read, or `binary` without a
    /// [`Checker::Custom`] given.
    fn effective_checker(&self) -> Checker {
        if let Some(checker) = self.checker {
            return checker;
        }
        let manifest = std::fs::read_to_string("Cargo.toml").unwrap_or_default();
        match metadata_checker(&manifest) {
            None => Checker::Exact,
            Some(spec) if spec == "binary" => panic!(
                "{}: checker = \"binary\": give the stress test the check function, \
                 .checker(Checker::Custom(...))",
                self.name
            ),
            Some(spec) => Checker::parse(&spec)
                .unwrap_or_else(|e| panic!("{}: Cargo.toml: checker: {}", self.name, e)),
        }
    }

    /// A problem-specific shrinking step, tried after the generic ones.
    pub fn shrinker(mut self, shrink: ShrinkFn) -> Stress<'a> {
        self.shrinkers.push(shrink);
        self
    }

    /// The default seed and number of cases (the environment may override both).
    pub fn defaults(mut self, seed: u64, cases: u64) -> Stress<'a> {
        self.seed = seed;
        self.cases = cases;
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
    /// If the solver or the oracle was not given, or a knob is not a number.
    pub fn find(&self) -> Option<Failure> {
        let seed = knob("STRESS_SEED", self.seed);
        let cases = knob("STRESS_CASES", self.cases);
        let seconds = knob("STRESS_SECONDS", self.seconds);
        let checker = self.effective_checker();
        let started = std::time::Instant::now();
        let mut seeds = Rng::new(seed);
        let mut ran = 0;
        while ran < cases {
            if seconds > 0 && started.elapsed().as_secs() >= seconds {
                break;
            }
            let input = (self.generate)(&mut Rng::new(seeds.next_u64()));
            if let Some(problem) = self.verdict(&input, checker) {
                let failure = self.report_failure(seed, ran, input, problem, checker);
                return Some(failure);
            }
            ran += 1;
        }
        println!(
            "stress {}: seed {}, {} cases in {:.1} s{}: the solver agrees with the oracle",
            self.name,
            seed,
            ran,
            started.elapsed().as_secs_f64(),
            if ran < cases && cases != u64::MAX { " (time budget reached)" } else { "" }
        );
        None
    }

    /// Why `input` is a failing case (the solver is wrong or crashes where the oracle accepts
    /// the input), or `None`. An input the oracle rejects is never a failing case.
    fn verdict(&self, input: &[u8], checker: Checker) -> Option<String> {
        let oracle = self.oracle.as_ref().expect("Stress needs .oracle(...)");
        let solver = self.solver.as_ref().expect("Stress needs .solver(...)");
        let expected = match execute(oracle, input) {
            Outcome::Answer(bytes) => bytes,
            _ => return None,
        };
        match execute(solver, input) {
            Outcome::Answer(found) => {
                checker.check(input, &expected, &found).err().map(|why| format!("WA {}", why))
            }
            Outcome::Rejected(e) => Some(format!("RE: the solver rejects the input: {}", e)),
            Outcome::Crashed(e) => Some(format!("RE: the solver crashes: {}", e)),
        }
    }

    fn report_failure(
        &self,
        seed: u64,
        case: u64,
        input: Vec<u8>,
        problem: String,
        checker: Checker,
    ) -> Failure {
        let dir = stress_dir(&self.name);
        let saved = save(&dir, "failing.in", &input);
        let (shrunk, tries) = shrink(
            &input,
            &|candidate: &[u8]| self.verdict(candidate, checker).is_some(),
            &self.shrinkers,
        );
        let saved_shrunk = save(&dir, "shrunk.in", &shrunk);
        let oracle = self.oracle.as_ref().expect("checked by verdict");
        let solver = self.solver.as_ref().expect("checked by verdict");
        let verdict = self.verdict(&shrunk, checker).unwrap_or(problem);
        let report = format!(
            "stress {name}: case {case} of seed {seed} fails (rerun: STRESS_SEED={seed})\n\
             input ({in_len} bytes) saved to {saved}\n\
             shrunk in {tries} tries to {out_len} bytes, saved to {saved_shrunk}\n\
             --- shrunk input\n{shrunk_text}\
             --- solver\n{solver_out}\
             --- oracle\n{oracle_out}\
             --- verdict: {verdict}",
            name = self.name,
            in_len = input.len(),
            out_len = shrunk.len(),
            shrunk_text = with_newline(String::from_utf8_lossy(&shrunk).into_owned()),
            solver_out = with_newline(execute(solver, &shrunk).describe()),
            oracle_out = with_newline(execute(oracle, &shrunk).describe()),
        );
        Failure { seed, case, input, shrunk, report }
    }
}

/// The `checker = "..."` value of a manifest's `[package.metadata.judge]` table, if any.
fn metadata_checker(manifest: &str) -> Option<String> {
    let mut in_table = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_table = line == "[package.metadata.judge]";
        } else if in_table {
            if let Some((key, value)) = line.split_once('=') {
                if key.trim() == "checker" {
                    return Some(value.trim().trim_matches('"').to_string());
                }
            }
        }
    }
    None
}

fn with_newline(mut text: String) -> String {
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// `STRESS_DIR`, or `target/stress/<name>` under the workspace (found from the test's
/// working directory, which cargo sets to the crate's folder) or `CARGO_TARGET_DIR`.
fn stress_dir(name: &str) -> std::path::PathBuf {
    use std::path::PathBuf;
    if let Some(dir) = std::env::var_os("STRESS_DIR") {
        return PathBuf::from(dir);
    }
    let target = match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => {
            let here = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
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
        Err(e) => format!("nowhere ({}: {})", path.display(), e),
    }
}

thread_local! {
    /// Set while the stress engine runs a program: its panics are expected and reported, so
    /// the panic hook keeps quiet on this thread only.
    static QUIET_PANICS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Installs (once) a panic hook that stays silent on threads inside [`execute`].
fn install_quiet_hook() {
    static INSTALL: std::sync::Once = std::sync::Once::new();
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET_PANICS.with(|quiet| quiet.get()) {
                previous(info);
            }
        }));
    });
}

/// Runs `program` on `input`, catching a panic.
fn execute(program: &RunFn<'_>, input: &[u8]) -> Outcome {
    install_quiet_hook();
    QUIET_PANICS.with(|quiet| quiet.set(true));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mut out = crate::Output::new(Vec::new());
        let result = program(input, &mut out);
        (result, out.into_inner())
    }));
    QUIET_PANICS.with(|quiet| quiet.set(false));
    match result {
        Ok((Ok(()), Ok(bytes))) => Outcome::Answer(bytes),
        Ok((Ok(()), Err(e))) => Outcome::Crashed(format!("cannot write output: {}", e)),
        Ok((Err(e), _)) => Outcome::Rejected(e.to_string()),
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_string());
            Outcome::Crashed(format!("panicked: {}", message))
        }
    }
}

/// Shrinks `input` while `fails` holds: delta debugging on lines, then on tokens, then grid
/// columns, then lowering single bytes, then the problem's own `extra` steps, until none helps
/// (or the budget runs out). Every accepted candidate is smaller in (length, bytes), so the
/// loop ends. Returns the smallest failing input and the number of candidates tried.
pub fn shrink(input: &[u8], fails: &dyn Fn(&[u8]) -> bool, extra: &[ShrinkFn]) -> (Vec<u8>, usize) {
    let started = std::time::Instant::now();
    let mut shrinker = Shrinker { best: input.to_vec(), tries: 0, fails, started };
    loop {
        let before = shrinker.best.clone();
        shrinker.remove_units(line_units);
        shrinker.remove_records();
        shrinker.shrink_sized_records();
        shrinker.remove_units(token_units);
        shrinker.remove_grid_columns();
        shrinker.simplify_numbers();
        shrinker.lower_bytes();
        for step in extra {
            let candidates = step(&shrinker.best);
            for candidate in candidates {
                shrinker.try_candidate(candidate);
            }
        }
        if shrinker.best == before || shrinker.out_of_budget() {
            return (shrinker.best, shrinker.tries);
        }
    }
}

struct Shrinker<'f> {
    best: Vec<u8>,
    tries: usize,
    fails: &'f dyn Fn(&[u8]) -> bool,
    started: std::time::Instant,
}

/// Byte ranges of an input that a removal step may delete together.
type Units = Vec<(usize, usize)>;

/// Each line with its newline.
fn line_units(bytes: &[u8]) -> Units {
    let mut units = Vec::new();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' {
            units.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < bytes.len() {
        units.push((start, bytes.len()));
    }
    units
}

/// Each token with the blanks (not newlines) before it, or after it at the start of a line.
fn token_units(bytes: &[u8]) -> Units {
    let blank = |b: u8| b == b' ' || b == b'\t' || b == b'\r';
    let mut units = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let mut start = i;
        while start > 0 && blank(bytes[start - 1]) {
            start -= 1;
        }
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let mut end = i;
        if start == 0 || bytes[start - 1] == b'\n' {
            while end < bytes.len() && blank(bytes[end]) {
                end += 1;
            }
        }
        units.push((start, end));
    }
    units
}

/// Records: from each short line (one or two tokens) to the next one.
fn record_units(bytes: &[u8]) -> Units {
    let mut records: Units = Vec::new();
    for (start, end) in line_units(bytes) {
        let short = (1..=2).contains(&token_spans(&bytes[start..end]).len());
        match records.last_mut() {
            Some(last) if !short => last.1 = end,
            _ => records.push((start, end)),
        }
    }
    records
}

/// `bytes` without the units in `skip`.
fn without(bytes: &[u8], units: &[(usize, usize)]) -> Vec<u8> {
    let mut kept = Vec::with_capacity(bytes.len());
    let mut at = 0;
    for &(start, end) in units {
        // Neighbouring token units may share the blanks between them.
        kept.extend_from_slice(&bytes[at..start.max(at)]);
        at = end.max(at);
    }
    kept.extend_from_slice(&bytes[at..]);
    kept
}

impl<'f> Shrinker<'f> {
    fn out_of_budget(&self) -> bool {
        self.tries >= SHRINK_BUDGET_RUNS || self.started.elapsed() > SHRINK_BUDGET
    }

    /// Keeps `candidate` if it is smaller in (length, bytes) and still fails.
    fn try_candidate(&mut self, candidate: Vec<u8>) -> bool {
        let smaller = (candidate.len(), &candidate) < (self.best.len(), &self.best);
        if !smaller || self.out_of_budget() {
            return false;
        }
        self.tries += 1;
        if (self.fails)(&candidate) {
            self.best = candidate;
            true
        } else {
            false
        }
    }

    /// Delta debugging: removes chunks of units, halving the chunk size down to one unit. A
    /// removal that fails alone is retried with one integer before the chunk lowered by the
    /// number of units removed (inputs often count their own lines or tokens).
    fn remove_units(&mut self, units_of: fn(&[u8]) -> Units) {
        let mut chunk = units_of(&self.best).len().max(1);
        loop {
            chunk = chunk.div_ceil_compat(2);
            let mut first = 0;
            loop {
                let units = units_of(&self.best);
                if first >= units.len() {
                    break;
                }
                let last = (first + chunk).min(units.len());
                let removed = &units[first..last];
                let candidate = without(&self.best, removed);
                if self.try_candidate(candidate.clone()) {
                    continue;
                }
                if !self.try_with_count_lowered(&candidate, removed[0].0, last - first) {
                    first += chunk;
                }
            }
            if chunk == 1 || self.out_of_budget() {
                return;
            }
        }
    }

    /// Removes records: a record starts at a short line (at most two tokens, such as `N M` or
    /// `Q`) and runs to the next one, so one test case is one to three neighbouring records.
    /// Every window of up to three records is tried, with a count before it lowered by 1.
    fn remove_records(&mut self) {
        const MAX_WINDOW: usize = 3;
        let mut first = 0;
        loop {
            let records = record_units(&self.best);
            if first >= records.len() || self.out_of_budget() {
                return;
            }
            let mut removed = false;
            for size in 1..=MAX_WINDOW.min(records.len() - first) {
                let window = (records[first].0, records[first + size - 1].1);
                let candidate = without(&self.best, &[window]);
                if self.try_candidate(candidate.clone())
                    || self.try_with_count_lowered(&candidate, window.0, 1)
                {
                    removed = true;
                    break;
                }
            }
            if !removed {
                first += 1;
            }
        }
    }

    /// Shrinks sized records: when a record's header holds a size `a` and its body is `c * a`
    /// lines (a ring of 4 sides of N pieces, C blocks of A rows), removes one line from each of
    /// the `c` groups (the last, else the first) and lowers `a` by one.
    fn shrink_sized_records(&mut self) {
        let mut index = 0;
        loop {
            let records = record_units(&self.best);
            let (start, end) = match records.get(index) {
                Some(&record) => record,
                None => return,
            };
            let lines = line_units(&self.best[start..end]);
            let body = lines.len() - 1;
            let header = self.best[start..start + lines[0].1].to_vec();
            let mut shrunk = false;
            for (s, e) in token_spans(&header) {
                let size: usize =
                    match std::str::from_utf8(&header[s..e]).ok().and_then(|t| t.parse().ok()) {
                        Some(size) => size,
                        None => continue,
                    };
                if size < 2 || body == 0 || body % size != 0 || body / size > 8 {
                    continue;
                }
                for keep_first in [true, false].iter() {
                    let drop_in_group = if *keep_first { size - 1 } else { 0 };
                    let dropped: Units = (0..body / size)
                        .map(|group| lines[1 + group * size + drop_in_group])
                        .map(|(a, b)| (start + a, start + b))
                        .collect();
                    let mut candidate = without(&self.best, &dropped);
                    let mut lowered = candidate[..start + s].to_vec();
                    lowered.extend_from_slice((size - 1).to_string().as_bytes());
                    lowered.extend_from_slice(&candidate[start + e..]);
                    candidate = lowered;
                    if self.try_candidate(candidate) {
                        shrunk = true;
                        break;
                    }
                }
                if shrunk {
                    break;
                }
            }
            if !shrunk {
                index += 1;
            }
            if self.out_of_budget() {
                return;
            }
        }
    }

    /// Tries `candidate` with one of the (at most 8 nearest) counts before byte `before`
    /// lowered by `by`.
    fn try_with_count_lowered(&mut self, candidate: &[u8], before: usize, by: usize) -> bool {
        // Counts stand on short lines (`T`, `N M`, `Q`): only integers on lines of at most two
        // tokens are tried.
        let head = &candidate[..before.min(candidate.len())];
        let numbers: Vec<(usize, usize)> = line_units(head)
            .into_iter()
            .flat_map(|(start, end)| {
                let spans = token_spans(&head[start..end]);
                let short = spans.len() <= 2;
                spans.into_iter().filter(move |_| short).map(move |(s, e)| (start + s, start + e))
            })
            .filter(|&(s, e)| candidate[s..e].iter().all(u8::is_ascii_digit))
            .collect();
        // A chunk of lines may be `by` counted items, or one item of several lines.
        let amounts = if by == 1 { vec![1] } else { vec![by, 1] };
        for &(start, end) in numbers.iter().rev().take(8) {
            let text = std::str::from_utf8(&candidate[start..end]).expect("ASCII digits");
            let value: usize = match text.parse() {
                Ok(value) => value,
                Err(_) => continue,
            };
            for &amount in amounts.iter().filter(|&&amount| amount <= value) {
                let mut lowered = candidate[..start].to_vec();
                lowered.extend_from_slice((value - amount).to_string().as_bytes());
                lowered.extend_from_slice(&candidate[end..]);
                if self.try_candidate(lowered) {
                    return true;
                }
            }
        }
        false
    }

    /// In every block of two or more consecutive lines of one length without blanks (a grid),
    /// tries removing one column from all of them (and, with it, lowering the width if the line
    /// before the block names it).
    fn remove_grid_columns(&mut self) {
        let mut block = 0;
        loop {
            let blocks = grid_blocks(&self.best);
            let (first_line, n_lines, width) = match blocks.get(block) {
                Some(&b) => b,
                None => return,
            };
            let mut column = 0;
            let mut changed = false;
            while column < width {
                let lines = line_units(&self.best);
                let mut candidate = Vec::with_capacity(self.best.len());
                let header_end = lines[first_line].0;
                candidate.extend_from_slice(&self.best[..header_end]);
                for &(start, end) in &lines[first_line..first_line + n_lines] {
                    let row = &self.best[start..end];
                    candidate.extend_from_slice(&row[..column]);
                    candidate.extend_from_slice(&row[column + 1..]);
                }
                let rest = lines[first_line + n_lines - 1].1;
                candidate.extend_from_slice(&self.best[rest..]);
                if self.try_candidate(candidate.clone())
                    || self.try_with_count_lowered(&candidate, header_end, 1)
                {
                    changed = true;
                    break;
                }
                column += 1;
            }
            if !changed {
                block += 1;
            }
            if self.out_of_budget() {
                return;
            }
        }
    }

    /// Replaces each integer token by a simpler one: 0, 1, half of it, or its magnitude.
    fn simplify_numbers(&mut self) {
        let mut index = 0;
        loop {
            let spans = token_spans(&self.best);
            let (start, end) = match spans.get(index) {
                Some(&span) => span,
                None => return,
            };
            index += 1;
            let value: i128 = match std::str::from_utf8(&self.best[start..end])
                .ok()
                .filter(|text| text.bytes().all(|b| b == b'-' || b.is_ascii_digit()))
                .and_then(|text| text.parse().ok())
            {
                Some(value) => value,
                None => continue,
            };
            for simpler in [0, 1, value / 2, value.abs()].iter() {
                let mut candidate = self.best[..start].to_vec();
                candidate.extend_from_slice(simpler.to_string().as_bytes());
                candidate.extend_from_slice(&self.best[end..]);
                if self.try_candidate(candidate) {
                    break;
                }
            }
            if self.out_of_budget() {
                return;
            }
        }
    }

    /// Replaces single bytes by smaller bytes that the input already uses (fewer colours,
    /// smaller digits, more blocked cells), the smallest first.
    fn lower_bytes(&mut self) {
        let mut alphabet: Vec<u8> =
            self.best.iter().copied().filter(|b| !b.is_ascii_whitespace()).collect();
        alphabet.sort_unstable();
        alphabet.dedup();
        for i in 0..self.best.len() {
            let current = self.best[i];
            if current.is_ascii_whitespace() {
                continue;
            }
            for &lower in alphabet.iter().take_while(|&&b| b < current) {
                let mut candidate = self.best.clone();
                candidate[i] = lower;
                if self.try_candidate(candidate) {
                    break;
                }
            }
            if self.out_of_budget() {
                return;
            }
        }
    }
}

/// `(a + b - 1) / b` for `usize`, which Rust 1.63 lacks as a method.
trait DivCeilCompat {
    fn div_ceil_compat(self, by: usize) -> usize;
}

impl DivCeilCompat for usize {
    fn div_ceil_compat(self, by: usize) -> usize {
        (self + by - 1) / by
    }
}

/// The byte spans of the whitespace-separated tokens of `bytes`.
fn token_spans(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        spans.push((start, i));
    }
    spans
}

/// The grids of an input: runs of two or more consecutive lines of one length (at least 2)
/// without blanks, as (first line index, line count, width).
fn grid_blocks(bytes: &[u8]) -> Vec<(usize, usize, usize)> {
    let rows: Vec<Option<usize>> = line_units(bytes)
        .iter()
        .map(|&(start, end)| {
            let row = &bytes[start..end];
            let row = row.strip_suffix(b"\n").unwrap_or(row);
            let row = row.strip_suffix(b"\r").unwrap_or(row);
            if row.len() >= 2 && !row.iter().any(u8::is_ascii_whitespace) {
                Some(row.len())
            } else {
                None
            }
        })
        .collect();
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < rows.len() {
        let width = match rows[i] {
            Some(width) => width,
            None => {
                i += 1;
                continue;
            }
        };
        let mut j = i + 1;
        while j < rows.len() && rows[j] == Some(width) {
            j += 1;
        }
        if j - i >= 2 {
            blocks.push((i, j - i, width));
        }
        i = j;
    }
    blocks
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn same_seed_same_sequence_and_ranges_hold() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..1000 {
            assert_eq!(a.next_u64(), b.next_u64());
            let v = a.range(3, 8);
            assert!((3..=8).contains(&v));
            b.range(3, 8);
        }
        let mut seen = [false; 6];
        for _ in 0..1000 {
            seen[a.index(6)] = true;
        }
        assert!(seen.iter().all(|&s| s), "every value in 0..6 appears in 1000 draws");
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut items: Vec<u32> = (0..100).collect();
        Rng::new(1).shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..100).collect::<Vec<_>>());
        assert_ne!(items, sorted);
    }
}

#[cfg(test)]
mod checker_and_shrink_tests {
    use super::{shrink, Checker, Rng, Stress};
    use crate::{Error, Output, Scanner};

    #[test]
    fn the_metadata_names_the_checker() {
        let manifest = "[package]\nchecker = \"x\"\n[package.metadata.judge]\nprofile = \"boj\"\n\
                        checker = \"floats 1e-6 1e-6\"\n";
        assert_eq!(super::metadata_checker(manifest).as_deref(), Some("floats 1e-6 1e-6"));
        assert_eq!(super::metadata_checker("[package.metadata.judge]\nprofile = \"boj\"\n"), None);
    }

    #[test]
    fn checkers_name_the_first_differing_token() {
        let exact = Checker::Exact;
        assert_eq!(exact.check(b"", b"1 2\n3\n", b"1 2  \r\n3\n\n"), Ok(()));
        assert_eq!(
            exact.check(b"", b"1 22 3\n", b"1 25 3\n"),
            Err("line 1, column 3: expected \"22\", found \"25\"".to_string())
        );
        assert_eq!(
            exact.check(b"", b"1\n2\n", b"1\n"),
            Err("line 2: expected \"2\", found end of output".to_string())
        );
        assert!(exact.check(b"", b"1 2\n", b"1  2\n").is_err());
        assert_eq!(Checker::Tokens.check(b"", b"1 2\n", b"1\n  2"), Ok(()));
        assert_eq!(
            Checker::Tokens.check(b"", b"1 2 3\n", b"1\n 5 3"),
            Err("line 2, column 2: expected \"2\", found \"5\"".to_string())
        );
        let floats = Checker::parse("floats 1e-6 1e-3").expect("a valid spec");
        assert_eq!(floats.check(b"", b"1.0 1000\n", b"1.0000005 1000.5\n"), Ok(()));
        assert!(floats.check(b"", b"1.0\n", b"1.01\n").is_err());
        assert!(floats.check(b"", b"x\n", b"y\n").is_err());
        assert!(Checker::parse("floats 1").is_err());
        assert!(Checker::parse("fuzzy").is_err());
    }

    /// Sums the integers after a count N; "wrong" when the sum exceeds 100.
    fn sum(input: &[u8], out: &mut Output<Vec<u8>>, wrong: bool) -> Result<(), Error> {
        let mut sc = Scanner::new(input);
        let n: usize = sc.int()?;
        let mut total = 0u64;
        for _ in 0..n {
            total += sc.int::<u64>()?;
        }
        sc.expect_end()?;
        if wrong && total > 100 {
            total += 1;
        }
        out.int(total).newline();
        Ok(())
    }

    #[test]
    fn shrinking_keeps_valid_failing_inputs_only() {
        let fails = |input: &[u8]| {
            let mut want = Output::new(Vec::new());
            let mut got = Output::new(Vec::new());
            sum(input, &mut want, false).is_ok()
                && sum(input, &mut got, true).is_ok()
                && want.into_inner().ok() != got.into_inner().ok()
        };
        let input = b"6\n5 70\n3 8\n90 4\n";
        assert!(fails(input));
        let (smallest, tries) = shrink(input, &fails, &[]);
        assert!(tries > 0);
        // Removing numbers lowers the count with them: "3 8\n90 3\n" is as far as single
        // removals and lowered bytes go.
        assert!(fails(&smallest), "{:?}", String::from_utf8_lossy(&smallest));
        assert!(smallest.len() <= 10, "{:?}", String::from_utf8_lossy(&smallest));
    }

    #[test]
    fn the_engine_finds_and_shrinks_a_wrong_solver() {
        let generate = |rng: &mut Rng| {
            let n = rng.range(1, 8);
            let mut text = format!("{}\n", n);
            for _ in 0..n {
                text.push_str(&format!("{} ", rng.below(60)));
            }
            text.into_bytes()
        };
        let ok = Stress::new("self-test", generate)
            .solver(|i: &[u8], o: &mut Output<Vec<u8>>| sum(i, o, false))
            .oracle(|i: &[u8], o: &mut Output<Vec<u8>>| sum(i, o, false))
            .defaults(3, 200);
        std::env::set_var("STRESS_DIR", std::env::temp_dir().join("judge-io-stress-self-test"));
        assert!(ok.find().is_none());
        let failure = Stress::new("self-test", generate)
            .solver(|i: &[u8], o: &mut Output<Vec<u8>>| sum(i, o, true))
            .oracle(|i: &[u8], o: &mut Output<Vec<u8>>| sum(i, o, false))
            .defaults(3, 200)
            .find()
            .expect("a sum over 100 comes up in 200 cases");
        assert!(failure.shrunk.len() < failure.input.len());
        assert!(failure.report.contains("STRESS_SEED=3"), "{}", failure.report);
        assert!(failure.report.contains("--- solver\n"), "{}", failure.report);
    }

    #[test]
    fn a_crash_is_a_failure_and_is_shrunk() {
        let crashing = |input: &[u8], out: &mut Output<Vec<u8>>| -> Result<(), Error> {
            let lines = input.split(|&b| b == b'\n').filter(|l| !l.is_empty()).count();
            assert!(lines < 3, "too many lines");
            out.int(lines).newline();
            Ok(())
        };
        let counting = |input: &[u8], out: &mut Output<Vec<u8>>| -> Result<(), Error> {
            out.int(input.split(|&b| b == b'\n').filter(|l| !l.is_empty()).count()).newline();
            Ok(())
        };
        let failure = Stress::new("self-test-crash", |rng: &mut Rng| {
            (0..rng.range(1, 9)).map(|i| format!("line {}\n", i)).collect::<String>().into_bytes()
        })
        .solver(crashing)
        .oracle(counting)
        .find()
        .expect("a case with 3 lines comes up");
        assert_eq!(failure.shrunk.iter().filter(|&&b| b == b'\n').count(), 3);
        assert!(failure.report.contains("CRASH: panicked: too many lines"), "{}", failure.report);
    }
}
