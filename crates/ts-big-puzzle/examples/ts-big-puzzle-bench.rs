//! Max-size benchmark: 10 test cases of N = 1000, M = 8, 10,000 puts each, in random and
//! adversarial mode; the signature index ([`Puzzle`]) against the bucket-scan baseline
//! ([`BucketScan`]).
//!
//! The headline figure is the whole driver, as the binary runs it minus reading stdin: parse,
//! init, puts and printing the results (into a buffer), best of several runs, and its ratio to
//! the baseline's in the same run. A breakdown of the signature index's own time follows.
//!
//! Run with `cargo run --release -p ts-big-puzzle --example ts-big-puzzle-bench` (or
//! `scripts/bench.sh ts-big-puzzle`). Figures, not pass/fail.

use std::time::{Duration, Instant};

use judge_io::Output;
use judge_test::peak_memory_kib;
use ts_big_puzzle::bucket::BucketScan;
use ts_big_puzzle::gen::{generate, Config, Mode};
use ts_big_puzzle::{run_with, Case, Piece, Puzzle, Reader, Solver};

const TESTS: usize = 10;
/// The baseline takes seconds per adversarial test case: there it plays only this many (the
/// first test cases of the same input, since the generator makes them in order).
const BASELINE_ADVERSARIAL_TESTS: usize = 3;
/// Whole-driver runs per figure; the best counts (the machine is shared and noisy).
const RUNS: usize = 7;

/// The time this thread has spent on a CPU (user and kernel), from Linux's
/// `/proc/thread-self/schedstat`; unlike the wall clock it does not count the time other
/// processes take on a shared machine.
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(Duration::from_nanos(stat.split_whitespace().next()?.parse().ok()?))
}

/// A run's wall-clock and CPU time (the CPU time is zero where the platform does not say).
#[derive(Debug, Clone, Copy)]
struct Took {
    wall: Duration,
    cpu: Duration,
}

impl Took {
    fn best(self, other: Took) -> Took {
        Took { wall: self.wall.min(other.wall), cpu: self.cpu.min(other.cpu) }
    }
}

/// The driver on `input` with a fresh `solver`: its time and its output.
fn whole_driver<S: Solver>(mut solver: S, input: &[u8]) -> (Took, Vec<u8>) {
    let (start, cpu_start) = (Instant::now(), cpu_time());
    let mut out = Output::new(Vec::with_capacity(1 << 20));
    run_with(&mut solver, input, &mut out).expect("generated input is valid");
    let printed = out.into_inner().expect("writing to memory");
    let cpu = match (cpu_start, cpu_time()) {
        (Some(from), Some(to)) => to - from,
        _ => Duration::ZERO,
    };
    (Took { wall: start.elapsed(), cpu }, printed)
}

/// The signature index's and the baseline's best times of whole-driver runs on their inputs,
/// the runs taking turns so that both meet the same load; and both outputs.
fn best_of_turns(
    input: &[u8],
    base_input: &[u8],
    runs: usize,
    base_runs: usize,
) -> ((Took, Vec<u8>), (Took, Vec<u8>)) {
    let mut ours = whole_driver(Puzzle::new(), input);
    let mut theirs = whole_driver(BucketScan::new(), base_input);
    for run in 1..runs.max(base_runs) {
        if run < runs {
            ours.0 = ours.0.best(whole_driver(Puzzle::new(), input).0);
        }
        if run < base_runs {
            theirs.0 = theirs.0.best(whole_driver(BucketScan::new(), base_input).0);
        }
    }
    (ours, theirs)
}

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

/// Runs `solver` on every case: (init time, put time).
fn play<S: Solver>(solver: &mut S, cases: &[(Case, Vec<Piece>)]) -> (Duration, Duration) {
    let (mut init, mut put) = (Duration::ZERO, Duration::ZERO);
    for (case, puts) in cases {
        let start = Instant::now();
        solver.init(case.n, case.m, &case.border);
        init += start.elapsed();
        let start = Instant::now();
        for &piece in puts {
            solver.put(piece);
        }
        put += start.elapsed();
    }
    (init, put)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    println!(
        "{} test cases of N = 1000, M = 8, 10,000 puts; ms (per test case in brackets); whole \
         driver = parse + init + puts + printing, best of {} (the two solutions taking turns); CPU \
         time is this thread's time on a CPU, the steadier figure on a shared machine",
        TESTS, RUNS
    );
    for &mode in [Mode::Random, Mode::Adversarial].iter() {
        let config = |tests: usize| Config {
            mode,
            tests,
            n: (1000, 1000),
            m: (8, 8),
            q: (10_000, 10_000),
            // Random mode: fresh random codes; adversarial: a handful of codes (its default).
            codes: if mode == Mode::Random { Some(0) } else { None },
        };
        let input = generate(2024, &config(TESTS));
        let (base_tests, base_runs) =
            if mode == Mode::Random { (TESTS, RUNS) } else { (BASELINE_ADVERSARIAL_TESTS, 1) };
        let base_input = generate(2024, &config(base_tests));
        let ((ours, printed), (theirs, base_printed)) =
            best_of_turns(input.as_bytes(), base_input.as_bytes(), RUNS, base_runs);
        assert!(printed.starts_with(&base_printed), "the two solutions agree");
        let placed = printed.split(|&b| b == b'\n').filter(|l| !l.is_empty() && l[0] != b'-');
        println!(
            "{:<11} input {:.1} MB; {} of {} puts placed",
            format!("{:?}", mode).to_lowercase(),
            input.len() as f64 / 1e6,
            placed.count(),
            TESTS * 10_000
        );
        for &(clock, pick) in [("CPU", true), ("wall", false)].iter() {
            let time = |took: Took| ms(if pick { took.cpu } else { took.wall });
            let per_ours = time(ours) / TESTS as f64;
            let per_theirs = time(theirs) / base_tests as f64;
            println!(
                "  whole driver, {:>4} time: signature index {:8.1} ({:7.2})  bucket scan ({:2} \
                 cases, best of {}) {:8.1} ({:7.2})  ratio {:.3}x",
                clock,
                time(ours),
                per_ours,
                base_tests,
                base_runs,
                time(theirs),
                per_theirs,
                per_ours / per_theirs
            );
        }

        let start = Instant::now();
        let cases = parse(&input);
        let parse_time = start.elapsed();
        let mut puzzle = Puzzle::new();
        let (init, put) = play(&mut puzzle, &cases);
        let per = |d: Duration| ms(d) / TESTS as f64;
        println!(
            "  signature index alone: parse {:.1} ({:.2})  init {:.1} ({:.2})  put {:.1} ({:.2})  \
             signature lookups per put {:.1}",
            ms(parse_time),
            per(parse_time),
            ms(init),
            per(init),
            ms(put),
            per(put),
            puzzle.lookups() as f64 / (TESTS * 10_000) as f64
        );
        if mode == Mode::Adversarial {
            let mut baseline = BucketScan::new();
            play(&mut baseline, &cases[..1]);
            println!(
                "  bucket scan: {:.0} bucket entries scanned per put (test case 1)",
                baseline.scanned as f64 / baseline.puts as f64
            );
        }
    }
    match peak_memory_kib() {
        Some(kib) => println!(
            "peak memory (whole bench process: inputs, both solutions) {:.1} MiB",
            kib as f64 / 1024.0
        ),
        None => println!("peak memory: not reported on this platform"),
    }
}
