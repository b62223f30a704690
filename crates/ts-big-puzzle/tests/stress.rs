//! The solver (and the bench's bucket-scan baseline) against the brute-force oracle: small
//! boards with tiny code alphabets (ties everywhere) for every M, then thousands of seeded
//! random and adversarial cases. `STRESS_SEED` / `STRESS_CASES` change the seed and the count
//! (scripts/stress.sh runs many more in release mode).

use judge_io::{Output, Rng};
use judge_test::{stress_knobs, RunFn, Stress};
use ts_big_puzzle::bucket::BucketScan;
use ts_big_puzzle::gen::{generate, Config, Mode};
use ts_big_puzzle::naive::{self, Naive};
use ts_big_puzzle::{run, run_with, Puzzle, Solver};

/// The driver's output for `input` with `solver`.
fn output<S: Solver>(mut solver: S, input: &str) -> String {
    let mut out = Output::new(Vec::new());
    run_with(&mut solver, input.as_bytes(), &mut out).expect("generated input is valid");
    String::from_utf8(out.into_inner().expect("writing to memory")).expect("ASCII")
}

/// Compares the solver and the baseline with the oracle on one generated input.
fn compare(seed: u64, config: &Config) {
    let input = generate(seed, config);
    let expected = output(Naive::new(), &input);
    let got = output(Puzzle::new(), &input);
    assert!(
        got == expected,
        "solver disagrees with the oracle: seed {} config {:?}\ninput:\n{}\nsolver:\n{}\noracle:\n{}",
        seed,
        config,
        input,
        got,
        expected
    );
    let baseline = output(BucketScan::new(), &input);
    assert!(
        baseline == expected,
        "bucket scan disagrees with the oracle: seed {} config {:?}\ninput:\n{}",
        seed,
        config,
        input
    );
}

#[test]
fn every_m_with_tiny_alphabets_on_the_smallest_boards() {
    let (seed, cases) = stress_knobs(1, 40);
    // 4 codes is the fewest that four-different-edge pieces allow: ties on every put.
    for case in 0..cases {
        for &mode in [Mode::Random, Mode::Adversarial].iter() {
            for m in 3..=8 {
                for n in 4..=5 {
                    let config = Config {
                        mode,
                        tests: 1,
                        n: (n, n),
                        m: (m, m),
                        q: (10, 40),
                        codes: Some(4 + (case as usize) % 3),
                    };
                    compare(seed.wrapping_mul(1_000_003).wrapping_add(case), &config);
                }
            }
        }
    }
}

/// An input of small test cases of `mode` (the oracle's reach).
fn small_input(mode: Mode) -> impl Fn(&mut Rng) -> Vec<u8> {
    move |rng: &mut Rng| generate(rng.next_u64(), &Config::small(mode)).into_bytes()
}

/// The driver with the bucket-scan baseline of the bench.
const BASELINE: RunFn = |input, out| run_with(&mut BucketScan::new(), input, out);

#[test]
fn stress_random_cases() {
    Stress::new("ts-big-puzzle", small_input(Mode::Random))
        .solver(run)
        .oracle(naive::run)
        .defaults(2, 300)
        .run();
}

#[test]
fn stress_adversarial_cases() {
    Stress::new("ts-big-puzzle", small_input(Mode::Adversarial))
        .solver(run)
        .oracle(naive::run)
        .defaults(3, 300)
        .run();
}

#[test]
fn stress_the_baseline() {
    Stress::new("ts-big-puzzle-baseline", small_input(Mode::Adversarial))
        .solver(BASELINE)
        .oracle(naive::run)
        .defaults(4, 300)
        .run();
}

#[test]
fn a_few_larger_boards() {
    let (seed, cases) = stress_knobs(4, 4);
    for case in 0..cases {
        for &mode in [Mode::Random, Mode::Adversarial].iter() {
            let config =
                Config { mode, tests: 2, n: (12, 20), m: (3, 8), q: (100, 300), codes: None };
            compare(seed.wrapping_mul(1_000_003).wrapping_add(case), &config);
        }
    }
}

#[test]
fn a_wrong_tie_break_is_caught() {
    // The oracle with x compared before y must disagree somewhere: the comparison can fail.
    let config = Config {
        mode: Mode::Adversarial,
        tests: 1,
        n: (4, 5),
        m: (3, 8),
        q: (20, 40),
        codes: Some(4),
    };
    let caught = (0..200u64).find(|&seed| {
        let input = generate(seed, &config);
        output(Naive::with_swapped_tie_break(), &input) != output(Puzzle::new(), &input)
    });
    assert!(caught.is_some(), "no case tells the two tie-breaks apart");
}

#[test]
fn a_wrong_tie_break_is_caught_and_shrunk() {
    let wrong: RunFn = |input, out| run_with(&mut Naive::with_swapped_tie_break(), input, out);
    let failure = Stress::new("ts-big-puzzle-wrong", small_input(Mode::Adversarial))
        .solver(wrong)
        .oracle(naive::run)
        .defaults(3, 300)
        .find()
        .expect("the swapped tie-break is caught");
    let shrunk = String::from_utf8_lossy(&failure.shrunk);
    println!(
        "ts-big-puzzle wrong tie-break: {} bytes shrunk to {}:\n{}",
        failure.input.len(),
        failure.shrunk.len(),
        shrunk
    );
    assert!(failure.shrunk.len() * 4 <= failure.input.len(), "shrunk only to\n{}", shrunk);
}
