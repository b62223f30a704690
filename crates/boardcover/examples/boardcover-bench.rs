//! The max-size benchmark: `cargo run --release -p boardcover --example boardcover-bench`.
//!
//! (a) 30 boards of 20 x 20 with a few black cells (the largest frontiers there are): time,
//! frontier states and digits per case, and the process's peak memory so far.
//! (b) 30 boards of 48 white cells shaped to make backtracking work hard: the DP against the
//! oracle, which must also agree.
//! (c) one judge-sized file of 30 cases through `run`, the way the judge runs it.

use std::time::{Duration, Instant};

use boardcover::gen::{self, Mode};
use boardcover::{naive, Solver};
use judge_io::testing::{peak_memory_kib, Rng};

const SEED: u64 = 2024;
const CASES: usize = 30;

fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn peak() -> String {
    match peak_memory_kib() {
        Some(kib) => format!("{:.1} MiB", kib as f64 / 1024.0),
        None => String::from("unknown"),
    }
}

fn main() {
    println!("(a) 20 x 20 boards with few black cells (K = 1, 4, 7 or 10 of them)");
    let mut rng = Rng::new(SEED);
    // One solver for all the boards, as `run` does: its layers are allocated once.
    let mut solver = Solver::new();
    let mut total = Duration::ZERO;
    let mut worst = Duration::ZERO;
    for case in 0..CASES {
        // 400 - K must be a multiple of 3 for a non-zero count; case 0 is the black corner.
        let black = 1 + 3 * rng.index(4);
        let board = if case == 0 {
            gen::generate(0, &Mode::Corner { h: 20, w: 20 }).remove(0)
        } else {
            gen::board_with_black(&mut rng, 20, 20, black)
        };
        let start = Instant::now();
        let (count, stats) = solver.solve_with_stats(&board);
        let took = start.elapsed();
        total += took;
        worst = worst.max(took);
        println!(
            "  case {:2}: K = {:2}, {:8.1} ms, max states {:7}, transitions {:10}, {:2} digits, peak {}",
            case + 1,
            400 - board.white_count(),
            millis(took),
            stats.max_states,
            stats.transitions,
            count.to_string().len(),
            peak()
        );
    }
    println!(
        "  total {:.1} ms, mean {:.1} ms, worst {:.1} ms per case, peak memory {}",
        millis(total),
        millis(total) / CASES as f64,
        millis(worst),
        peak()
    );

    println!("(b) 48 white cells shaped against backtracking: DP vs oracle");
    let boards = gen::generate(SEED, &Mode::Hard { cases: CASES });
    let (mut dp_total, mut naive_total) = (Duration::ZERO, Duration::ZERO);
    for (case, board) in boards.iter().enumerate() {
        let start = Instant::now();
        let (count, _) = solver.solve_with_stats(board);
        let dp_took = start.elapsed();
        let start = Instant::now();
        let oracle = naive::count(board);
        let naive_took = start.elapsed();
        assert_eq!(count, oracle, "the DP and the oracle disagree on\n{}", board);
        dp_total += dp_took;
        naive_total += naive_took;
        println!(
            "  case {:2}: {:2} x {:2}, {:12} tilings, DP {:8.3} ms, oracle {:10.3} ms",
            case + 1,
            board.height(),
            board.width(),
            count.to_string(),
            millis(dp_took),
            millis(naive_took)
        );
    }
    println!(
        "  total: DP {:.3} ms, oracle {:.3} ms ({:.0}x)",
        millis(dp_total),
        millis(naive_total),
        naive_total.as_secs_f64() / dp_total.as_secs_f64().max(1e-9)
    );

    println!("(c) one judge-sized file (30 cases, at most 50 white cells) through run()");
    let input = gen::render_input(&gen::generate(SEED, &Mode::Judge { cases: 30 }));
    let start = Instant::now();
    let mut out = judge_io::Output::new(Vec::new());
    boardcover::run(input.as_bytes(), &mut out).expect("generated input is valid");
    println!("  {:.3} ms for the file, peak memory {}", millis(start.elapsed()), peak());
}
