//! Max-size benchmark: 10 test cases of N = 1000, M = 8, 10,000 puts each, in random and
//! adversarial mode; the signature index ([`Puzzle`]) against the bucket-scan baseline.
//!
//! Run with `cargo run --release -p ts-big-puzzle --example ts-big-puzzle-bench` (or `scripts/bench.sh`).
//! Figures, not pass/fail.

use std::time::{Duration, Instant};

use judge_io::testing::peak_memory_kib;
use ts_big_puzzle::bucket::BucketScan;
use ts_big_puzzle::gen::{generate, Config, Mode};
use ts_big_puzzle::{Case, Piece, Puzzle, Reader, Solver};

const TESTS: usize = 10;
const BASELINE_TESTS: usize = 3;

/// Every test case with its puts, read through the driver's reader.
fn parse(input: &str) -> Vec<(Case, Vec<Piece>)> {
    let mut reader = Reader::new(input.as_bytes());
    let tests = reader.tests().expect("generated input is valid");
    let mut cases = Vec::with_capacity(tests);
    for _ in 0..tests {
        let case = reader.case().expect("generated input is valid");
        let puts = (0..case.q).map(|_| reader.piece(case.m).expect("valid piece")).collect();
        cases.push((case, puts));
    }
    reader.end().expect("nothing left");
    cases
}

/// Runs `solver` on every case: (init time, put time, the results).
fn play<S: Solver>(solver: &mut S, cases: &[(Case, Vec<Piece>)]) -> (Duration, Duration, Vec<i32>) {
    let (mut init, mut put) = (Duration::ZERO, Duration::ZERO);
    let mut results = Vec::new();
    for (case, puts) in cases {
        let start = Instant::now();
        solver.init(case.n, case.m, &case.border);
        init += start.elapsed();
        let start = Instant::now();
        results.extend(puts.iter().map(|&piece| solver.put(piece)));
        put += start.elapsed();
    }
    (init, put, results)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    println!(
        "{} test cases of N = 1000, M = 8, 10,000 puts; times in ms (per test case in brackets)",
        TESTS
    );
    for &mode in [Mode::Random, Mode::Adversarial].iter() {
        let config = Config {
            mode,
            tests: TESTS,
            n: (1000, 1000),
            m: (8, 8),
            q: (10_000, 10_000),
            // Random mode: fresh random codes; adversarial: a handful of codes (its default).
            codes: if mode == Mode::Random { Some(0) } else { None },
        };
        let input = generate(2024, &config);
        let start = Instant::now();
        let cases = parse(&input);
        let parse_time = start.elapsed();
        let mut puzzle = Puzzle::new();
        let (init, put, ours) = play(&mut puzzle, &cases);
        // The baseline is slow: it plays only the first BASELINE_TESTS test cases.
        let mut baseline = BucketScan::new();
        let (base_init, base_put, theirs) = play(&mut baseline, &cases[..BASELINE_TESTS]);
        assert_eq!(ours[..theirs.len()], theirs[..], "the two solutions agree");
        let placed = ours.iter().filter(|&&r| r >= 0).count();
        let per = |d: Duration| ms(d) / TESTS as f64;
        println!(
            "{:<11} input {:.1} MB, parse {:.1} ({:.2}); {} of {} puts placed",
            format!("{:?}", mode).to_lowercase(),
            input.len() as f64 / 1e6,
            ms(parse_time),
            per(parse_time),
            placed,
            ours.len()
        );
        println!(
            "  signature index (all) init {:7.1} ({:6.2})  put {:8.1} ({:7.2})  signature lookups \
             per put {:.1}",
            ms(init),
            per(init),
            ms(put),
            per(put),
            puzzle.lookups() as f64 / ours.len() as f64
        );
        println!(
            "  bucket scan ({} cases) init {:7.1} ({:6.2})  put {:8.1} ({:7.2})  avg bucket scanned \
             per put {:.1}",
            BASELINE_TESTS,
            ms(base_init),
            ms(base_init) / BASELINE_TESTS as f64,
            ms(base_put),
            ms(base_put) / BASELINE_TESTS as f64,
            baseline.scanned as f64 / baseline.puts as f64
        );
    }
    match peak_memory_kib() {
        Some(kib) => {
            println!("peak memory (whole process, both solutions) {:.1} MiB", kib as f64 / 1024.0)
        }
        None => println!("peak memory: not reported on this platform"),
    }
}
