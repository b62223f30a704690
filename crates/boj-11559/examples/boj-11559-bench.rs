//! The max-size benchmark: 1000 x 1000 fields (the long-chain wells, a staircase, random and
//! full random fields), parse and solve timed apart, against the oracle where it finishes in
//! reasonable time (`--oracle-all` runs it everywhere: about 24 s on the 1000 x 1000
//! staircase and hours on the wells). Run: `scripts/bench.sh boj-11559`.

use std::time::Instant;

use boj_11559::gen::{self, Mode, Spec};
use boj_11559::{naive, parse, solve};
use judge_test::peak_memory_kib;

fn main() {
    let oracle_all = std::env::args().any(|a| a == "--oracle-all");
    // (mode, h, w, run the oracle by default)
    let cases = [
        (Mode::Chain, 150, 120, true),
        (Mode::Stairs, 300, 300, true),
        (Mode::Random, 1000, 1000, true),
        (Mode::Full, 1000, 1000, true),
        (Mode::Stairs, 1000, 1000, false),
        (Mode::Chain, 1000, 1000, false),
    ];
    println!(
        "{:<8} {:>11} {:>8} {:>9} {:>9} {:>10} {:>11} {:>9}",
        "mode", "size", "steps", "parse ms", "solve ms", "ns/step", "oracle ms", "peak MiB"
    );
    let (mut total_parse, mut total_solve) = (0.0, 0.0);
    for &(mode, h, w, oracle) in &cases {
        let text = gen::generate(&Spec { seed: 1, mode, height: h, width: w }).text();
        let start = Instant::now();
        let field = parse(text.as_bytes()).expect("generated fields are valid");
        let parse_ms = start.elapsed().as_secs_f64() * 1e3;
        let kept = if oracle || oracle_all { Some(field.clone()) } else { None };
        let start = Instant::now();
        let steps = solve(field);
        let solve_ms = start.elapsed().as_secs_f64() * 1e3;
        let oracle_ms = match kept {
            Some(field) => {
                let start = Instant::now();
                let slow = naive::solve(&field);
                assert_eq!(slow, steps, "{:?} {}x{}: the oracle disagrees", mode, h, w);
                format!("{:.1}", start.elapsed().as_secs_f64() * 1e3)
            }
            None => "-".to_string(),
        };
        total_parse += parse_ms;
        total_solve += solve_ms;
        let peak =
            peak_memory_kib().map_or("?".to_string(), |kib| format!("{:.1}", kib as f64 / 1024.0));
        println!(
            "{:<8} {:>11} {:>8} {:>9.2} {:>9.2} {:>10.0} {:>11} {:>9}",
            format!("{:?}", mode).to_lowercase(),
            format!("{}x{}", h, w),
            steps,
            parse_ms,
            solve_ms,
            solve_ms * 1e6 / steps.max(1) as f64,
            oracle_ms,
            peak
        );
    }
    println!("total: parse {:.1} ms, solve {:.1} ms (peak memory is the whole process's, generator included)", total_parse, total_solve);
}
