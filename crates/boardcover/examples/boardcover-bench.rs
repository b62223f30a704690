//! The max-size benchmark: `cargo run --release -p boardcover --example boardcover-bench`.
//!
//! (a) 30 boards of 20 x 20 with a few black cells (the largest frontiers there are): time,
//! frontier states and digits per case, and the process's peak memory so far.
//! (b) 30 boards of 48 white cells shaped to make backtracking work hard (thin bands, then
//! compact blobs): the DP against the statement's backtracking, written here in Rust as the
//! book's C++ is (a peer in the same run, not the oracle); both must agree with the oracle.
//! (c) one judge-sized file of 30 cases through `run`, the way the judge runs it.

use std::time::{Duration, Instant};

use boardcover::gen::{self, Mode};
use boardcover::{naive, Solver};
use judge_io::Rng;
use judge_test::peak_memory_kib;

const SEED: u64 = 2024;
const CASES: usize = 30;
/// Runs per board in (b): each board's time is its fastest run.
const RUNS: usize = 5;

fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The CPU time this process has used (user + system), from `/proc/self/stat` in ticks of
/// 1/100 s; `None` where that file is missing. On a loaded machine wall time also counts the
/// waits for a core; CPU time does not.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses): utime and stime are the 12th
    // and 13th.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

fn peak() -> String {
    match peak_memory_kib() {
        Some(kib) => format!("{:.1} MiB", kib as f64 / 1024.0),
        None => String::from("unknown"),
    }
}

fn main() {
    // `boardcover-bench [a|b|c|one]...` runs the named parts only; no argument: a, b and c.
    let parts: Vec<String> = std::env::args().skip(1).collect();
    let wanted = |part: &str| parts.is_empty() || parts.iter().any(|p| p == part);
    // One solver for all the boards, as `run` does: its layers are allocated once.
    let mut solver = Solver::new();
    if wanted("a") {
        full_boards(&mut solver);
    }
    if wanted("b") {
        backtracking_boards(&mut solver);
    }
    if wanted("c") {
        judge_file();
    }
    if parts.iter().any(|p| p == "one") {
        // One full board, for profilers (`valgrind --tool=callgrind ... one`).
        let board = gen::generate(0, &Mode::Corner { h: 20, w: 20 }).remove(0);
        let start = Instant::now();
        let (count, stats) = solver.solve_with_stats(&board);
        println!("one: {} in {:.1} ms, {:?}", count, millis(start.elapsed()), stats);
    }
}

/// (a): 20 x 20 boards with few black cells.
fn full_boards(solver: &mut Solver) {
    println!("(a) 20 x 20 boards with few black cells (K = 1, 4, 7 or 10 of them)");
    let mut rng = Rng::new(SEED);
    let mut total = Duration::ZERO;
    let mut worst = Duration::ZERO;
    let cpu_start = cpu_seconds();
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
    if let (Some(start), Some(end)) = (cpu_start, cpu_seconds()) {
        let cpu = end - start;
        println!(
            "  CPU time {:.2} s, mean {:.1} ms per case ({:.0}% of the wall time)",
            cpu,
            cpu * 1000.0 / CASES as f64,
            100.0 * cpu / total.as_secs_f64().max(1e-9)
        );
    }
}

/// (b): boards of 48 white cells, the DP against the statement's backtracking.
fn backtracking_boards(solver: &mut Solver) {
    let boards = gen::generate(SEED, &Mode::Backtrack { cases: CASES });
    println!(
        "(b) 48 white cells in thin bands (the worst for backtracking): DP vs the statement's"
    );
    println!("    backtracking, best of {} runs each", RUNS);
    against_backtracking(solver, &boards);
    let boards = gen::generate(SEED, &Mode::Hard { cases: CASES });
    println!("(b2) 48 white cells in compact blobs: DP vs the statement's backtracking");
    against_backtracking(solver, &boards);
}

/// (c): one judge-sized file through `run`.
fn judge_file() {
    println!("(c) one judge-sized file (30 cases, at most 50 white cells) through run()");
    let input = gen::render_input(&gen::generate(SEED, &Mode::Judge { cases: 30 }));
    let start = Instant::now();
    let mut out = judge_io::Output::new(Vec::new());
    boardcover::run(input.as_bytes(), &mut out).expect("generated input is valid");
    println!("  {:.3} ms for the file, peak memory {}", millis(start.elapsed()), peak());
}

/// The statement's backtracking, as the book writes it in C++: the board as `0` (free) and
/// `1` (taken) counters, the first free cell found by a scan from the top, and each of the 4
/// pieces tried there by adding 1 to its cells (undone by adding -1).
mod statement {
    const COVER_TYPE: [[(isize, isize); 3]; 4] = [
        [(0, 0), (1, 0), (0, 1)],
        [(0, 0), (0, 1), (1, 1)],
        [(0, 0), (1, 0), (1, 1)],
        [(0, 0), (1, 0), (1, -1)],
    ];

    fn set(board: &mut [Vec<i32>], y: usize, x: usize, piece: usize, delta: i32) -> bool {
        let mut ok = true;
        for &(dy, dx) in COVER_TYPE[piece].iter() {
            let (ny, nx) = (y as isize + dy, x as isize + dx);
            if ny < 0 || ny >= board.len() as isize || nx < 0 || nx >= board[0].len() as isize {
                ok = false;
            } else {
                let cell = &mut board[ny as usize][nx as usize];
                *cell += delta;
                if *cell > 1 {
                    ok = false;
                }
            }
        }
        ok
    }

    fn cover(board: &mut [Vec<i32>]) -> u64 {
        let first_free = board
            .iter()
            .enumerate()
            .find_map(|(y, row)| row.iter().position(|&c| c == 0).map(|x| (y, x)));
        let (y, x) = match first_free {
            Some(at) => at,
            None => return 1,
        };
        let mut ways = 0;
        for piece in 0..4 {
            if set(board, y, x, piece, 1) {
                ways += cover(board);
            }
            set(board, y, x, piece, -1);
        }
        ways
    }

    /// The number of tilings; the book's `main` reads `#` as 1 and `.` as 0.
    pub fn count(board: &boardcover::Board) -> u64 {
        let w = board.width();
        let mut grid: Vec<Vec<i32>> = board
            .cells()
            .chunks(w)
            .map(|row| row.iter().map(|&c| (c == boardcover::Cell::Black) as i32).collect())
            .collect();
        cover(&mut grid)
    }
}

/// The fastest of [`RUNS`] runs of `f`, and its result.
fn best_of<T, F: FnMut() -> T>(mut f: F) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut result = None;
    for _ in 0..RUNS {
        let start = Instant::now();
        let value = f();
        best = best.min(start.elapsed());
        result = Some(value);
    }
    (best, result.expect("RUNS > 0"))
}

/// Times the DP and the statement's backtracking on each board, checks both against the oracle,
/// and prints per-board figures and the ratio of the totals.
fn against_backtracking(solver: &mut Solver, boards: &[boardcover::Board]) {
    let (mut dp_total, mut peer_total) = (Duration::ZERO, Duration::ZERO);
    let mut dp_worst = Duration::ZERO;
    for (case, board) in boards.iter().enumerate() {
        let (dp_took, count) = best_of(|| solver.solve(board));
        let (peer_took, peer_count) = best_of(|| statement::count(board));
        let oracle = naive::count(board);
        assert_eq!(count, oracle, "the DP and the oracle disagree on\n{}", board);
        assert_eq!(Some(peer_count as u128), oracle.to_u128(), "backtracking is off on\n{}", board);
        dp_total += dp_took;
        peer_total += peer_took;
        dp_worst = dp_worst.max(dp_took);
        println!(
            "  case {:2}: {:2} x {:2}, {:5} tilings, DP {:7.1} us, backtracking {:8.3} ms ({:.4}x)",
            case + 1,
            board.height(),
            board.width(),
            count.to_string(),
            dp_took.as_secs_f64() * 1e6,
            millis(peer_took),
            dp_took.as_secs_f64() / peer_took.as_secs_f64().max(1e-9)
        );
    }
    let n = boards.len() as f64;
    println!(
        "  total: DP {:.3} ms ({:.1} us a board, worst {:.1} us), backtracking {:.1} ms: {:.4}x, \
         peak memory {}",
        millis(dp_total),
        dp_total.as_secs_f64() * 1e6 / n,
        dp_worst.as_secs_f64() * 1e6,
        millis(peer_total),
        dp_total.as_secs_f64() / peer_total.as_secs_f64().max(1e-9),
        peak()
    );
}
