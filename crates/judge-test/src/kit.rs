//! What the kit that `scripts/new.sh --kit P` adds to a problem shares, so that the kit holds
//! only the problem's own parts:
//!
//! - [`InputGen`] and [`Size`]: the runtime of a generator derived from the problem's `input!`
//!   declaration (`src/gen.rs`): each declared value written as a token, counts small for the
//!   oracle or at their bounds for the benchmark; [`small_input`] and
//!   [`sized_generator_main`] drive it for the stress tests and the `P-gen` binary.
//! - [`require_oracle`] and [`require_interactive_oracle`]: the stress engine counts only the
//!   cases the oracle answers (an input it rejects is not an input of the problem), so an
//!   oracle not written yet, or a generator whose inputs `parse` rejects, would let every
//!   stress run agree on nothing. A kit's stress test calls one of these first: it stops with
//!   what the oracle said instead.
//! - [`check_samples`] and [`check_interactive_samples`]: the statement's samples (the cases
//!   in `testdata/P/` that make-testdata did not make) judged by the problem's declared
//!   checker, for the solver and the oracle, with a sample that both answer alike but its
//!   `.out` does not reported as suspect; [`check_error_line`] for bad input.

use std::fmt::Display;
use std::ops::{Bound, RangeBounds, RangeInclusive};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use judge_io::{Int, Output, Rng};
use judge_meta::CaseInput;

use crate::interact::{interact, interact_binary, InteractorFn, StreamRunFn};
use crate::mains::generator_main;
use crate::metadata;
use crate::process::run_binary;
use crate::stress::{stress_dir, RunFn};

/// How big a generated input is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// For the oracle: every count at most this many (above its lower bound, if that is
    /// higher), every value within a few units of zero (or of its range's nearer end).
    Small(u64),
    /// For the benchmark: every count at its upper bound (so that nested counts stay within
    /// about 2^21 values in all), every value anywhere in its range.
    Max,
}

/// A derived generator: one input of the given size from the seeded source, or why it cannot
/// make one (a generator not written yet says so).
pub type GenerateFn = fn(&mut Rng, Size) -> Result<String, String>;

/// The counts of a small input: at most this many, drawn per input.
pub const SMALL_COUNTS: RangeInclusive<u64> = 1..=6;

/// About how many values `max` writes at most: counts nested `levels` deep are each at most
/// the `levels`-th root of it.
const MAX_VALUES: f64 = (1u64 << 21) as f64;

/// How far from zero (or from its range's nearer end) a small value strays: small values keep
/// the oracle fast, and most bugs show on them.
const SMALL_SPREAD: i128 = 10;

/// How many generated inputs the oracle must answer before a stress test runs.
const REQUIRED_ANSWERS: u64 = 16;

/// Writes an input value by value, in the layout statements use: the values of one `input!`
/// on one line (`line` before each), an array of numbers on a line of its own, an array of
/// tuples, arrays or rows one item per line, a grid row on a line of its own.
///
/// Each method writes its value and returns it as `input!` reads it, so that later counts and
/// bounds can use it. Values from a declared alphabet: [`InputGen::pick`] (one of a few
/// tokens), [`InputGen::word_of`] (a token of characters from an alphabet), [`InputGen::row`]
/// (the same, on a line of its own); any other token: [`InputGen::token`]. Ranges are the declaration's own (`1..=MAX_N`, `..`, `0..n`); an empty
/// one writes its lower end, which `parse` then rejects (and [`require_oracle`] shows).
#[derive(Debug)]
pub struct InputGen<'a> {
    rng: &'a mut Rng,
    size: Size,
    text: String,
    line_open: bool,
}

impl<'a> InputGen<'a> {
    /// Writes an input of `size` from `rng`.
    pub fn new(rng: &'a mut Rng, size: Size) -> InputGen<'a> {
        InputGen { rng, size, text: String::new(), line_open: false }
    }

    /// A count (an array's length, a number of test cases): small, or at its upper bound,
    /// lowered so that counts nested `levels` deep (an array of arrays: 2) stay within budget.
    pub fn count<T: Int, R: RangeBounds<T>>(&mut self, range: R, levels: u32) -> T {
        let (lo, hi) = bounds(&range);
        let value = match self.size {
            Size::Small(most) => self.uniform(lo, hi.min(lo.max(most as i128))),
            Size::Max => max_count(levels).max(lo).min(hi),
        };
        self.number(value)
    }

    /// A value that bounds later ones (`n` in `Usize1 in 1..=n`): small as a count is, or its
    /// upper bound.
    pub fn bound<T: Int, R: RangeBounds<T>>(&mut self, range: R) -> T {
        match self.size {
            Size::Small(_) => self.count(range, 1),
            Size::Max => {
                let (lo, hi) = bounds(&range);
                self.number(hi.max(lo))
            }
        }
    }

    /// A plain value: near zero (within its range), or anywhere in its range.
    pub fn value<T: Int, R: RangeBounds<T>>(&mut self, range: R) -> T {
        let (lo, hi) = bounds(&range);
        let value = match self.size {
            Size::Small(_) => {
                let (lo, hi) = near_zero(lo, hi);
                self.uniform(lo, hi)
            }
            Size::Max => self.uniform(lo, hi),
        };
        self.number(value)
    }

    /// A 1-based index (`Usize1`): `range` is in the input's terms, as in the declaration;
    /// returns it from 0, as `input!` does.
    pub fn index<R: RangeBounds<usize>>(&mut self, range: R) -> usize {
        let (lo, hi) = bounds(&range);
        let lo = lo.max(1);
        let value = match self.size {
            Size::Small(_) => self.uniform(lo, hi.min(lo + 2 * SMALL_SPREAD)),
            Size::Max => self.uniform(lo, hi),
        };
        self.number::<usize>(value).wrapping_sub(1)
    }

    /// A word (`Bytes`): a few of `abc` (small), or a long word of lowercase letters.
    pub fn word(&mut self, levels: u32) -> Vec<u8> {
        let (len, letters) = match self.size {
            Size::Small(most) => (self.uniform(1, most.max(1) as i128) as usize, 3),
            Size::Max => (max_count(levels) as usize, 26),
        };
        let word: Vec<u8> = (0..len).map(|_| b'a' + self.rng.below(letters) as u8).collect();
        self.token(&String::from_utf8_lossy(&word));
        word
    }

    /// A word as `String`.
    pub fn text(&mut self, levels: u32) -> String {
        String::from_utf8(self.word(levels)).expect("lowercase letters")
    }

    /// A grid row (`Row(width)`) of cells drawn from `alphabet`, on a line of its own: the
    /// line before it ends first, and the row ends its line.
    ///
    /// # Examples
    /// ```
    /// use judge_io::Rng;
    /// use judge_test::{InputGen, Size};
    /// let mut rng = Rng::new(7);
    /// let mut g = InputGen::new(&mut rng, Size::Small(6));
    /// let (h, w) = (g.count(1..=3usize, 1), g.count(1..=4usize, 1));
    /// let grid: Vec<Vec<u8>> = g.array(h, true, |g| g.row(w, "BW"));
    /// let text = g.finish();
    /// let lines: Vec<&str> = text.lines().collect();
    /// assert_eq!(lines[0], format!("{h} {w}"));
    /// assert_eq!(lines.len(), 1 + h);
    /// for (line, row) in lines[1..].iter().zip(&grid) {
    ///     assert_eq!(line.as_bytes(), row.as_slice());
    ///     assert!(line.len() == w && line.bytes().all(|cell| cell == b'B' || cell == b'W'));
    /// }
    /// ```
    pub fn row(&mut self, width: usize, alphabet: &str) -> Vec<u8> {
        self.line();
        let row = self.word_of(width, alphabet);
        self.line();
        row
    }

    /// One token of `len` characters, each drawn from `alphabet` (`"BW"`, `"01"`, `"ACGT"`; an
    /// empty one is `"."`), on the current line: a string of the input that is not alone on
    /// its line (`n s` with `s` over `BW`).
    ///
    /// # Examples
    /// ```
    /// use judge_io::Rng;
    /// use judge_test::{InputGen, Size};
    /// let mut rng = Rng::new(3);
    /// let mut g = InputGen::new(&mut rng, Size::Small(6));
    /// let n = g.count(1..=10usize, 1);
    /// let s = g.word_of(n, "BW");
    /// let text = g.finish();
    /// assert_eq!(text, format!("{n} {}\n", String::from_utf8_lossy(&s)));
    /// assert!(s.len() == n && s.iter().all(|c| b"BW".contains(c)));
    /// ```
    pub fn word_of(&mut self, len: usize, alphabet: &str) -> Vec<u8> {
        let cells: Vec<char> = alphabet.chars().collect();
        let cells = if cells.is_empty() { vec!['.'] } else { cells };
        let word: String = (0..len).map(|_| cells[self.rng.index(cells.len())]).collect();
        self.token(&word);
        word.into_bytes()
    }

    /// One of `tokens`, drawn uniformly, written as a token on the current line; returns it.
    /// For a value from a declared set of words or symbols: a cell of a grid whose cells are
    /// separated by spaces, a direction, an operation (`tokens` must not be empty).
    ///
    /// # Panics
    /// If `tokens` is empty: there is nothing to draw.
    ///
    /// # Examples
    /// ```
    /// use judge_io::Rng;
    /// use judge_test::{InputGen, Size};
    /// let mut rng = Rng::new(11);
    /// let mut g = InputGen::new(&mut rng, Size::Small(6));
    /// let w = g.count(1..=5usize, 1);
    /// // A row of cells separated by spaces: `B W W B`.
    /// let cells = g.array(w, false, |g| g.pick(&["B", "W"]));
    /// let text = g.finish();
    /// assert_eq!(text, format!("{w}\n{}\n", cells.join(" ")));
    /// ```
    pub fn pick<'t>(&mut self, tokens: &[&'t str]) -> &'t str {
        assert!(!tokens.is_empty(), "InputGen::pick needs at least one token to draw from");
        let token = tokens[self.rng.index(tokens.len())];
        self.token(token);
        token
    }

    /// `len` items made by `item`: on one line of their own, or (`per_line`) one per line.
    pub fn array<T>(
        &mut self,
        len: usize,
        per_line: bool,
        mut item: impl FnMut(&mut Self) -> T,
    ) -> Vec<T> {
        self.line();
        let mut items = Vec::with_capacity(len.min(1 << 16));
        for _ in 0..len {
            items.push(item(self));
            if per_line {
                self.line();
            }
        }
        self.line();
        items
    }

    /// Ends the current line, if anything is on it.
    pub fn line(&mut self) {
        if self.line_open {
            self.text.push('\n');
            self.line_open = false;
        }
    }

    /// The input written.
    pub fn finish(mut self) -> String {
        self.line();
        self.text
    }

    fn uniform(&mut self, lo: i128, hi: i128) -> i128 {
        if lo >= hi {
            return lo;
        }
        // Every `Int` is at most 64 bits wide, so the span fits in a u64.
        lo + self.rng.range(0, (hi - lo) as u64) as i128
    }

    fn number<T: Int>(&mut self, value: i128) -> T {
        self.token(&value.to_string());
        T::try_from(value).ok().expect("a value within its type's bounds")
    }

    /// Writes `token` as it is, after a space if its line has one already: for what the
    /// other methods do not draw (a fixed word, a value computed from earlier ones).
    ///
    /// # Examples
    /// ```
    /// use judge_io::Rng;
    /// use judge_test::{InputGen, Size};
    /// let mut rng = Rng::new(1);
    /// let mut g = InputGen::new(&mut rng, Size::Max);
    /// g.token("query");
    /// g.token("3");
    /// g.line();
    /// g.token("end");
    /// assert_eq!(g.finish(), "query 3\nend\n");
    /// ```
    pub fn token(&mut self, token: &str) {
        if self.line_open {
            self.text.push(' ');
        }
        self.text.push_str(token);
        self.line_open = true;
    }
}

/// `range` with its upper end lowered to `cap` (never below its lower end): how a derived
/// generator keeps a declared sum over test cases (`sum(n) <= MAX_SUM_N`) within its bound,
/// with `cap` from [`share`].
///
/// # Examples
/// ```
/// use judge_test::{capped, share};
/// // t = 10 cases whose n sum to at most 100: each n at most 10.
/// assert_eq!(capped(1..=1000usize, share(100usize, 10usize, 1)), 1..=10);
/// assert_eq!(capped(5u8.., 2), 5..=5);
/// ```
pub fn capped<T: Int, R: RangeBounds<T>>(range: R, cap: i128) -> RangeInclusive<T> {
    let (lo, hi) = bounds(&range);
    let narrow = |value: i128| T::try_from(value).ok().expect("within the range's own bounds");
    narrow(lo)..=narrow(hi.min(cap).max(lo))
}

/// What each of `names` numbers of one item of an array of `len` items may be at most so that
/// their product summed over the array stays within `bound` (and their sum, unless the share
/// is tiny): the `names`-th root of `bound / len`, 0 when the bound is negative.
pub fn share<B: Int, L: Int>(bound: B, len: L, names: u32) -> i128 {
    let wide = |value: Option<i128>| value.expect("every Int fits in an i128");
    let per_item = wide(bound.try_into().ok()).max(0) / wide(len.try_into().ok()).max(1);
    let names = names.max(1);
    let fits = |root: i128| root.checked_pow(names).is_some_and(|p| p <= per_item);
    // Floating point may land one off either way.
    let mut root = (per_item as f64).powf(1.0 / f64::from(names)) as i128;
    while root > 0 && !fits(root) {
        root -= 1;
    }
    while fits(root + 1) {
        root += 1;
    }
    root
}

/// The inclusive bounds of `range`, within `T`'s own.
fn bounds<T: Int, R: RangeBounds<T>>(range: &R) -> (i128, i128) {
    let wide = |value: &T| -> i128 { (*value).try_into().ok().expect("every Int fits in an i128") };
    let bits = 8 * std::mem::size_of::<T>() as u32;
    let (type_lo, type_hi) = if T::try_from(-1).is_ok() {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    };
    let lo = match range.start_bound() {
        Bound::Included(value) => wide(value),
        Bound::Excluded(value) => wide(value) + 1,
        Bound::Unbounded => type_lo,
    };
    let hi = match range.end_bound() {
        Bound::Included(value) => wide(value),
        Bound::Excluded(value) => wide(value) - 1,
        Bound::Unbounded => type_hi,
    };
    (lo.max(type_lo), hi.min(type_hi))
}

/// A count at `Size::Max`, nested `levels` deep.
fn max_count(levels: u32) -> i128 {
    MAX_VALUES.powf(1.0 / f64::from(levels.max(1))).floor() as i128
}

/// The part of `lo..=hi` a small value is drawn from.
fn near_zero(lo: i128, hi: i128) -> (i128, i128) {
    if hi < -SMALL_SPREAD {
        (lo.max(hi - 2 * SMALL_SPREAD), hi)
    } else if lo > SMALL_SPREAD {
        (lo, hi.min(lo + 2 * SMALL_SPREAD))
    } else {
        (lo.max(-SMALL_SPREAD), hi.min(SMALL_SPREAD))
    }
}

/// One small input for a stress test: counts at most a number drawn from [`SMALL_COUNTS`].
///
/// # Panics
/// If the generator cannot make one (a generator not written yet says so).
pub fn small_input(rng: &mut Rng, generate: GenerateFn) -> Vec<u8> {
    let most = rng.range(*SMALL_COUNTS.start(), *SMALL_COUNTS.end());
    match generate(rng, Size::Small(most)) {
        Ok(text) => text.into_bytes(),
        Err(why) => panic!("{why}"),
    }
}

/// The usage line of a derived generator's binary.
pub const SIZED_USAGE: &str = "usage: GEN SEED random [S] | GEN SEED max   (S: the largest count \
                               of a small input, drawn from 1..=6 when not given)";

/// The whole `main` of a derived generator's binary: `P-gen SEED random [S]` writes a small
/// input, `P-gen SEED max` one at the bounds; the same arguments give the same bytes.
pub fn sized_generator_main(generate: GenerateFn) -> ExitCode {
    generator_main(|args| {
        let (seed, size) = sized_args(args)?;
        generate(&mut Rng::new(seed), size).map(String::into_bytes)
    })
}

/// Reads `SEED random [S]` or `SEED max`; the seed, and the size (for `random` without `S`, a
/// size drawn from the seed).
fn sized_args(args: &[String]) -> Result<(u64, Size), String> {
    let number = |text: &str, what: &str| -> Result<u64, String> {
        text.parse().map_err(|_| {
            format!("{what} must be a non-negative integer, found {text:?}; {SIZED_USAGE}")
        })
    };
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        [seed, "random"] => {
            let seed = number(seed, "SEED")?;
            let most = Rng::new(seed ^ 0x5eed).range(*SMALL_COUNTS.start(), *SMALL_COUNTS.end());
            Ok((seed, Size::Small(most)))
        }
        [seed, "random", most] => Ok((number(seed, "SEED")?, Size::Small(number(most, "S")?))),
        [seed, "max"] => Ok((number(seed, "SEED")?, Size::Max)),
        [_, mode, ..] if !matches!(*mode, "random" | "max") => {
            Err(format!("unknown mode {mode:?}; {SIZED_USAGE}"))
        }
        _ => Err(format!("expected SEED random [S] or SEED max; {SIZED_USAGE}")),
    }
}

/// Stops a stress test before it starts unless the oracle answers the first inputs `generate`
/// makes: the engine counts only the inputs the oracle answers, so an oracle not written yet
/// (or a generator whose inputs `parse` rejects) would agree on nothing and pass.
///
/// # Panics
/// With what the oracle said and the input, when it does not answer one.
pub fn require_oracle<G: Fn(&mut Rng) -> Vec<u8>>(name: &str, generate: G, oracle: RunFn) {
    for draw in 0..REQUIRED_ANSWERS {
        let input = generate(&mut Rng::new(draw));
        let mut out = Output::new(Vec::new());
        if let Err(why) = oracle(&input, &mut out) {
            panic!(
                "stress {name}: the oracle does not answer generated input {draw}: {why}\n\
                 Stress counts only the inputs the oracle answers, so it cannot run yet: an \
                 oracle not written yet says so above; otherwise the generator (src/gen.rs) \
                 writes inputs that parse (src/lib.rs) rejects.\n--- input\n{}",
                String::from_utf8_lossy(&input)
            );
        }
    }
}

/// [`require_oracle`] for an interactive problem: the interactor must accept the oracle's
/// play on the first cases `generate` makes.
///
/// # Panics
/// With the interactor's verdict and the end of the exchange, when it does not accept one.
pub fn require_interactive_oracle<G: Fn(&mut Rng) -> Vec<u8>>(
    name: &str,
    generate: G,
    oracle: StreamRunFn,
    interactor: InteractorFn,
) {
    for draw in 0..REQUIRED_ANSWERS {
        let case = generate(&mut Rng::new(draw));
        let play = interact(&case, oracle, interactor);
        if let Err(why) = &play.verdict {
            panic!(
                "stress {name}: the interactor does not accept the oracle on generated case \
                 {draw}: {why}\nStress counts only the cases where it does, so it cannot run \
                 yet: an oracle not written yet says so above; otherwise the generator \
                 (src/gen.rs) writes cases the interactor rejects.\n--- case\n{}--- the \
                 exchange\n{}",
                String::from_utf8_lossy(&case),
                play.last_lines(20)
            );
        }
    }
}

/// The statement's samples of the package under test: its name, the folder, and the `.in`
/// files of `testdata/P/` that `testdata/P/.generated` does not list, sorted, each with its
/// `.out` (if any).
fn samples() -> (String, PathBuf, Vec<(String, PathBuf, PathBuf)>) {
    let package = metadata::package_name().expect("a package under test");
    let here = metadata::manifest_dir();
    let root = here.ancestors().find(|dir| dir.join("Cargo.lock").is_file()).unwrap_or(&here);
    let dir = root.join("testdata").join(&package);
    let generated = std::fs::read_to_string(dir.join(".generated")).unwrap_or_default();
    let generated: Vec<&str> = generated.lines().map(str::trim).collect();
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list the samples in {}: {e}", dir.display()));
    let mut found = Vec::new();
    for entry in entries {
        let path = entry.expect("a folder entry").path();
        let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        if path.extension().is_some_and(|ext| ext == "in") && !generated.contains(&stem.as_str()) {
            let output = path.with_extension("out");
            found.push((stem, path, output));
        }
    }
    found.sort();
    (package, dir, found)
}

/// What a program did on a sample, judged against its `.out`: `Ok(stdout)` when accepted,
/// else `Err((stdout if it ran to the end, why))`.
type SampleVerdict = Result<Vec<u8>, (Option<Vec<u8>>, String)>;

/// Runs `program` on the sample `input` and judges it against `expected`.
fn run_sample(
    program: &str,
    input: &Path,
    expected: &[u8],
    checker: &judge_meta::OutputChecker,
    scratch: &Path,
) -> SampleVerdict {
    let bytes = std::fs::read(input).unwrap_or_else(|e| panic!("cannot read {input:?}: {e}"));
    let run = run_binary(program, &[], &bytes);
    if !run.status.success() {
        let stderr = String::from_utf8_lossy(&run.stderr);
        let why = stderr.lines().next().unwrap_or("no message").to_string();
        return Err((None, format!("RE ({}): {why}", run.status)));
    }
    match checker.check(CaseInput::File(input), expected, &run.stdout, scratch) {
        Ok(()) => Ok(run.stdout),
        Err(why) => Err((Some(run.stdout), format!("WA {why}"))),
    }
}

/// Judges the solver's and the oracle's binaries on every sample by the problem's declared
/// checker (`checker` in its metadata; exact by default). A sample is suspect when both give
/// the same answer (by that checker) and its `.out` disagrees: a mistyped `.out` is more
/// likely then than two wrong programs.
///
/// # Panics
/// With one line per sample that fails, saying which program and why.
#[track_caller]
pub fn check_samples(solver: &str, oracle: &str) {
    let (package, dir, samples) = samples();
    assert!(!samples.is_empty(), "no samples in {}: the statement's go there", dir.display());
    let checker = metadata::declared_checker(None).unwrap_or_else(|e| panic!("{e}"));
    let scratch = stress_dir(&format!("{package}-samples"));
    let mut failures = Vec::new();
    for (name, input, output) in &samples {
        let Ok(expected) = std::fs::read(output) else {
            failures.push(format!("{name}: no {name}.out beside {name}.in"));
            continue;
        };
        let by_solver = run_sample(solver, input, &expected, &checker, &scratch);
        let by_oracle = run_sample(oracle, input, &expected, &checker, &scratch);
        match (by_solver, by_oracle) {
            (Ok(_), Ok(_)) => {}
            (Err((_, why)), Ok(_)) => failures.push(format!("{name}: the solver: {why}")),
            (Ok(_), Err((_, why))) => {
                failures.push(format!("{name}: the oracle (src/naive.rs): {why}"))
            }
            (Err((Some(found), why)), Err((Some(oracle_found), _)))
                if checker
                    .check(CaseInput::File(input), &oracle_found, &found, &scratch)
                    .is_ok() =>
            {
                failures.push(format!(
                    "{name}: suspect sample: the solver and the oracle agree with each other \
                     but not with {name}.out ({why}); check it against the statement"
                ))
            }
            (Err((_, why)), Err((_, oracle_why))) => failures.push(format!(
                "{name}: the solver: {why}; the oracle (src/naive.rs): {oracle_why}"
            )),
        }
    }
    assert!(failures.is_empty(), "in {}:\n{}", dir.display(), failures.join("\n"));
}

/// Plays the solver's binary against `interactor` on every sample case (`.in` alone).
///
/// # Panics
/// With the verdict and the end of the exchange of each case the interactor does not accept.
#[track_caller]
pub fn check_interactive_samples(solver: &str, interactor: InteractorFn) {
    let (_, dir, samples) = samples();
    assert!(!samples.is_empty(), "no sample cases in {}", dir.display());
    let mut failures = Vec::new();
    for (name, input, _) in &samples {
        let case = std::fs::read(input).unwrap_or_else(|e| panic!("cannot read {input:?}: {e}"));
        let play = interact_binary(solver, &[], &case, interactor);
        if let Err(why) = &play.verdict {
            failures.push(format!("{name}: {why}\n{}", play.last_lines(10)));
        }
    }
    assert!(failures.is_empty(), "in {}:\n{}", dir.display(), failures.join("\n"));
}

/// Checks that `program` rejects `input` as every binary must: status 1, nothing on stdout,
/// one `error:` line on stderr (whatever it says).
///
/// # Panics
/// When it does not.
#[track_caller]
pub fn check_error_line<S: Display + ?Sized>(program: &str, input: &[u8], what: &S) {
    let run = run_binary(program, &[], input);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{what}: status; stderr {stderr}");
    assert!(run.stdout.is_empty(), "{what}: stdout {:?}", String::from_utf8_lossy(&run.stdout));
    assert!(
        stderr.starts_with("error: ") && stderr.lines().count() == 1,
        "{what}: one error: line on stderr, found {stderr:?}"
    );
}

#[cfg(test)]
mod tests {
    use super::{bounds, capped, near_zero, share, sized_args, InputGen, Size};
    use judge_io::Rng;

    #[test]
    fn an_alphabet_is_drawn_whole_and_nothing_else() {
        let mut rng = Rng::new(5);
        let mut g = InputGen::new(&mut rng, Size::Max);
        let picked: Vec<&str> = (0..200).map(|_| g.pick(&["B", "W", "?"])).collect();
        let word = g.word_of(200, "xy");
        let empty = g.word_of(3, "");
        let text = g.finish();
        for token in ["B", "W", "?"] {
            assert!(picked.contains(&token), "{token} is drawn");
        }
        assert!(word.contains(&b'x') && word.contains(&b'y') && word.len() == 200);
        assert!(word.iter().all(|c| b"xy".contains(c)));
        assert_eq!(empty, b"...");
        let expected = format!("{} {} ...\n", picked.join(" "), String::from_utf8_lossy(&word));
        assert_eq!(text, expected, "one line, tokens separated by spaces");
    }

    #[test]
    fn bounds_are_the_ranges_within_the_type() {
        assert_eq!(bounds::<usize, _>(&(1..=5)), (1, 5));
        assert_eq!(bounds::<i64, _>(&(..)), (i64::MIN as i128, i64::MAX as i128));
        assert_eq!(bounds::<u8, _>(&(3..)), (3, 255));
        assert_eq!(bounds::<i32, _>(&(-4..4)), (-4, 3));
        assert_eq!(bounds::<u64, _>(&(..=7)), (0, 7));
        assert_eq!(near_zero(-1_000_000_000, 1_000_000_000), (-10, 10));
        assert_eq!(near_zero(100, 1000), (100, 120));
        assert_eq!(near_zero(-500, -100), (-120, -100));
    }

    /// `n`, then `n` values, then `m` pairs of 1-based indices, then an `h` by 3 grid.
    fn sample(rng: &mut Rng, size: Size) -> String {
        let mut g = InputGen::new(rng, size);
        g.line();
        let n: usize = g.count::<usize, _>(1..=100_000, 1);
        let _values: Vec<i64> = g.array(n, false, |g| g.value::<i64, _>(-1_000..=1_000));
        g.line();
        let m: u32 = g.count::<u32, _>(0..=5, 1);
        let pairs: Vec<(usize, usize)> =
            g.array(m as usize, true, |g| (g.index(1..=n), g.index(1..=n)));
        assert!(pairs.iter().all(|&(a, b)| a < n && b < n));
        g.line();
        let h: usize = g.count::<usize, _>(1..=2000, 2);
        let _grid: Vec<Vec<u8>> = g.array(h, true, |g| g.row(3, ".#"));
        g.finish()
    }

    #[test]
    fn small_inputs_keep_to_the_layout_and_the_bounds() {
        for seed in 0..50 {
            let text = sample(&mut Rng::new(seed), Size::Small(4));
            assert_eq!(text, sample(&mut Rng::new(seed), Size::Small(4)), "deterministic");
            let lines: Vec<&str> = text.lines().collect();
            let n: usize = lines[0].parse().expect("n alone on the first line");
            assert!((1..=4).contains(&n), "{text}");
            let values: Vec<i64> =
                lines[1].split(' ').map(|v| v.parse().expect("a value")).collect();
            assert_eq!(values.len(), n);
            assert!(values.iter().all(|v| v.abs() <= 10), "{text}");
            let m: usize = lines[2].parse().expect("m");
            for pair in &lines[3..3 + m] {
                let pair: Vec<usize> =
                    pair.split(' ').map(|v| v.parse().expect("an index")).collect();
                assert!(pair.len() == 2 && pair.iter().all(|&i| (1..=n).contains(&i)), "{text}");
            }
            let h: usize = lines[3 + m].parse().expect("h");
            assert_eq!(lines.len(), 4 + m + h, "{text}");
            let rows = &lines[4 + m..];
            assert!(rows.iter().all(|row| row.len() == 3 && row.chars().all(|c| ".#".contains(c))));
        }
    }

    #[test]
    fn max_inputs_take_the_bounds_within_the_budget() {
        let text = sample(&mut Rng::new(1), Size::Max);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "100000", "n at its bound");
        assert_eq!(lines[1].split(' ').count(), 100_000);
        assert_eq!(lines[2], "5", "m at its bound");
        // Two levels deep: h is at most the square root of the budget (2^21).
        assert_eq!(lines[8], "1448");
    }

    #[test]
    fn shares_keep_sums_over_test_cases_within_their_bounds() {
        assert_eq!(share(200_000usize, 10_000usize, 1), 20);
        assert_eq!(share(200_000usize, 3usize, 1), 66_666);
        assert_eq!(share(1_000_000u64, 1u8, 2), 1000);
        assert_eq!(share(999_999i64, 1i32, 2), 999);
        assert_eq!(share(8u8, 1u8, 3), 2);
        assert_eq!(share(5usize, 0usize, 1), 5, "an empty array: its one item may take it all");
        assert_eq!(share(-5i32, 2i32, 1), 0);
        assert_eq!(share(i64::MAX, 1u8, 1), i128::from(i64::MAX));
        assert_eq!(capped(1..=200_000usize, 20), 1..=20);
        assert_eq!(capped(-5i8..5, 100), -5..=4);
        assert_eq!(capped(..=3u64, 0), 0..=0);
        assert_eq!(capped(7u32.., 2), 7..=7, "never below the lower end");
    }

    #[test]
    fn generator_arguments() {
        assert_eq!(sized_args(&["7".into(), "max".into()]), Ok((7, Size::Max)));
        let small = sized_args(&["7".into(), "random".into(), "3".into()]);
        assert_eq!(small, Ok((7, Size::Small(3))));
        let drawn = sized_args(&["7".into(), "random".into()]).expect("valid");
        assert!(matches!(drawn, (7, Size::Small(1..=6))), "{drawn:?}");
        let error = |args: &[&str]| {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            sized_args(&args).expect_err("bad arguments")
        };
        assert!(error(&["x", "max"]).starts_with("SEED must be a non-negative integer"));
        assert!(error(&["1", "huge"]).starts_with("unknown mode \"huge\""));
        assert!(error(&["1"]).starts_with("expected SEED random [S] or SEED max"));
        assert!(error(&["1", "max", "2"]).starts_with("expected SEED random"));
    }
}
