//! judge-io against the std idiom on 10^7 integers (about 100 MB) read from a file.
//!
//! Run with `scripts/bench.sh judge-io` (or `cargo run --release -p judge-io --example
//! judge-io-bench [COUNT]`). The input is generated once, deterministically, into the target
//! directory.
//! Each contender reads the whole file (judge-io as bytes, std with `read_to_string`) and sums
//! every integer; reading and parsing are timed apart, and the best of three runs counts.

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use judge_io::testing::Rng;
use judge_io::{Output, Scanner};

const DEFAULT_COUNT: usize = 10_000_000;
const RUNS: usize = 3;

fn main() {
    let count = match std::env::args().nth(1) {
        Some(arg) => arg.parse().expect("COUNT must be a positive integer"),
        None => DEFAULT_COUNT,
    };
    let path = input_file(count);
    let size_mb = fs::metadata(&path).expect("the input was just written").len() as f64 / 1e6;
    println!("input: {count} integers, {size_mb:.1} MB ({})", path.display());

    // Each contender: read the whole file its own way, then parse and sum every integer.
    let bytes = fs::read(&path).expect("readable input");
    let text = fs::read_to_string(&path).expect("readable input");
    let read_bytes = best_of(|| fs::read(&path).expect("readable input").len() as i64);
    let read_text = best_of(|| fs::read_to_string(&path).expect("readable input").len() as i64);
    let ours = best_of(|| sum_judge_io(&bytes));
    let std_idiom = best_of(|| sum_std_idiom(&text));
    assert_eq!(ours.1, std_idiom.1, "both parsers must see the same integers");

    let rate = |time: Duration| size_mb / time.as_secs_f64();
    let row = |name: &str, read: Duration, parse: Duration| {
        let total = read + parse;
        println!(
            "{name:<10} read {:>6.3} s + parse {:>6.3} s = {:>6.3} s   parse {:>5.0} MB/s, total {:>5.0} MB/s",
            read.as_secs_f64(),
            parse.as_secs_f64(),
            total.as_secs_f64(),
            rate(parse),
            rate(total)
        );
        total
    };
    let ours_total = row("judge-io", read_bytes.0, ours.0);
    let std_total = row("std idiom", read_text.0, std_idiom.0);
    println!(
        "ratio (std / judge-io): parse {:.2}x, read + parse {:.2}x",
        std_idiom.0.as_secs_f64() / ours.0.as_secs_f64(),
        std_total.as_secs_f64() / ours_total.as_secs_f64()
    );

    // Output: the same integers formatted into memory by Output and by std's `writeln!`.
    let value = |i: i64| i.wrapping_mul(2_654_435_761) % 1_000_000_007;
    let ours_out = best_of(|| {
        let mut out = Output::new(Vec::with_capacity(count * 11));
        for i in 0..count as i64 {
            out.int(value(i)).newline();
        }
        out.into_inner().expect("writing to memory cannot fail").len() as i64
    });
    let std_out = best_of(|| {
        let mut out: Vec<u8> = Vec::with_capacity(count * 11);
        for i in 0..count as i64 {
            writeln!(out, "{}", value(i)).expect("writing to memory cannot fail");
        }
        out.len() as i64
    });
    assert_eq!(ours_out.1, std_out.1, "both writers produce the same bytes");
    let written_mb = ours_out.1 as f64 / 1e6;
    for (name, (time, _)) in [("judge-io", ours_out), ("std write!", std_out)] {
        let secs = time.as_secs_f64();
        println!("output {name:<10} {secs:>6.3} s {:>6.0} MB/s", written_mb / secs);
    }
    if let Some(kib) = judge_io::testing::peak_memory_kib() {
        println!("peak memory {:.0} MB", kib as f64 / 1024.0);
    }
}

/// judge-io's way: a scanner over the bytes, one `int` call per integer.
fn sum_judge_io(bytes: &[u8]) -> i64 {
    let mut scanner = Scanner::new(bytes);
    let n: usize = scanner.int().expect("count");
    let mut sum = 0i64;
    for _ in 0..n {
        sum = sum.wrapping_add(scanner.int::<i64>().expect("valid integer"));
    }
    sum
}

/// The std idiom: `split_ascii_whitespace` and `parse` over the text.
fn sum_std_idiom(text: &str) -> i64 {
    let mut tokens = text.split_ascii_whitespace();
    let n: usize = tokens.next().expect("count").parse().expect("count");
    let mut sum = 0i64;
    for _ in 0..n {
        let value: i64 = tokens.next().expect("a token").parse().expect("valid integer");
        sum = sum.wrapping_add(value);
    }
    sum
}

/// The fastest of `RUNS` runs, and their result. Every run's result is checked against the
/// first, so no run's work can be optimised away, and the contenders can be compared.
fn best_of(mut run: impl FnMut() -> i64) -> (Duration, i64) {
    let mut best = Duration::MAX;
    let mut first = None;
    for _ in 0..RUNS {
        let started = Instant::now();
        let result = run();
        best = best.min(started.elapsed());
        assert_eq!(*first.get_or_insert(result), result, "every run computes the same result");
    }
    (best, first.expect("RUNS is positive"))
}

/// `count` followed by `count` signed integers below 10^9 in magnitude (most have 9 digits, as
/// judge inputs usually do), ten to a line, written once into the target directory.
fn input_file(count: usize) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/bench-data");
    fs::create_dir_all(&dir).expect("can create the bench data folder");
    let path = dir.join(format!("ints-{count}-v2.txt"));
    if path.exists() {
        return path;
    }
    let mut rng = Rng::new(2026);
    let mut out = Output::new(Vec::with_capacity(count * 11));
    out.int(count).newline();
    for i in 0..count {
        let magnitude = rng.below(1_000_000_000) as i64;
        let value = if rng.chance(1, 2) { -magnitude } else { magnitude };
        out.int(value).byte(if i % 10 == 9 { b'\n' } else { b' ' });
    }
    let bytes = out.into_inner().expect("writing to memory cannot fail");
    fs::File::create(&path)
        .and_then(|mut file| file.write_all(&bytes))
        .expect("can write the bench input");
    path
}
