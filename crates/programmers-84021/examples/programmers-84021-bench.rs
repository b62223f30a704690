//! The max-size benchmark: 3000 x 3000 grids packed with small holes and pieces (and a noise
//! pair with components of any size), timed through parse and solve separately.
//!
//! Run with `cargo run --release -p programmers-84021 --example programmers-84021-bench`.

use std::time::Instant;

use judge_io::testing::peak_memory_kib;
use programmers_84021::gen::{self, Mode, Spec};
use programmers_84021::{parse, solve};

/// The CPU time this process has used, in seconds (user + system, from `/proc/self/stat`, in
/// Linux's USER_HZ ticks of 1/100 s); `None` where that file is missing. Shown beside wall
/// time because a shared machine's load inflates wall time.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces) start with field 3, the state;
    // utime and stime are fields 14 and 15.
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some((user + system) as f64 / 100.0)
}

/// Generates one case, then times parsing its text and solving it.
fn bench(name: &str, seed: u64, spec: &Spec) {
    let started = Instant::now();
    let (board, table) = gen::generate(seed, spec);
    let input = gen::render(&board, &table);
    let generated = started.elapsed();
    drop((board, table));

    let cpu_before = cpu_seconds();
    let started = Instant::now();
    let (board, table) = match parse(&input) {
        Ok(grids) => grids,
        Err(e) => {
            eprintln!("error: generated input does not parse: {}", e);
            std::process::exit(1);
        }
    };
    let parsed = started.elapsed();
    let started = Instant::now();
    let outcome = solve(&board, &table);
    let solved = started.elapsed();
    let cpu = match (cpu_before, cpu_seconds()) {
        (Some(before), Some(after)) => format!("{:.2} s", after - before),
        _ => String::from("unknown"),
    };

    let total = parsed + solved;
    println!(
        "{:<8} board {}x{}, table {}x{}, input {:.1} MB (generated in {:.2} s)",
        name,
        board.height(),
        board.width(),
        table.height(),
        table.width(),
        input.len() as f64 / 1e6,
        generated.as_secs_f64()
    );
    println!(
        "         {} holes, {} pieces, answer {}",
        outcome.holes, outcome.pieces, outcome.filled
    );
    println!(
        "         parse {:.3} s, solve {:.3} s, total {:.3} s (CPU {}), parsing {:.0}% of it",
        parsed.as_secs_f64(),
        solved.as_secs_f64(),
        total.as_secs_f64(),
        cpu,
        100.0 * parsed.as_secs_f64() / total.as_secs_f64().max(1e-9)
    );
}

fn main() {
    let side = 3000;
    let packed =
        Spec { mode: Mode::Packed, board: (side, side), table: (side, side), max_cells: 6 };
    bench("packed", 1, &packed);
    let noise = Spec { mode: Mode::Noise, ..packed };
    bench("noise", 2, &noise);
    match peak_memory_kib() {
        Some(kib) => println!("peak memory {:.1} MiB", kib as f64 / 1024.0),
        None => println!("peak memory unknown"),
    }
}
