//! judge-io against the std idiom, as whole programs, on 10^7 integers (about 100 MB).
//!
//! Run with `scripts/bench.sh judge-io` (or `cargo run --release -p judge-io --example
//! judge-io-bench [COUNT [JOB...]]`, for some of the jobs only). The inputs are generated
//! once, deterministically, into the target directory: N, then N integers below 10^9 in
//! magnitude with random signs, ten to a line; the same COUNT values as test cases; a grid of
//! 10 * COUNT cells.
//!
//! Five jobs, each written with judge-io's whole input (`run_main`, `Scanner`, `Output`) and
//! with the std idiom (`read_to_string`, `split_ascii_whitespace`, `parse`; `writeln!` into a
//! `BufWriter` over stdout's lock), which proconio's whole-input reading also is:
//! - sum: read N and N `i64`s, print their sum; also with the streamed input (`run_stream`,
//!   `StreamInput`);
//! - echo: the same, then write every value on its own line; also streamed;
//! - vec: read N and the N values into a `Vec`, then print their sum: `Scanner` calls written
//!   by hand (`judge-io`), the same with each value's bound checked (`bounded`, by `int_in`),
//!   and the `input!` macro without and with the bound (`input!`, `input! in`);
//! - cases: T, then T test cases, each N (1..=200) and N values, the sum of N bounded: read
//!   into a `Vec` of `(n, Vec<i64>)` with every bound checked, then print each case's sum:
//!   `Scanner` calls by hand (`int_in`, `sum_at_most`) and `input!` (`[(n: usize in 1..=200,
//!   sum(n) <= MAX_TOTAL, a: [i64 in -LIMIT..=LIMIT; n]); t]`);
//! - grid: H and W, then H rows of W cells `.` or `#` (H = W = 10^4, 100 MB), read into a
//!   `Vec` of rows with every cell checked, then print the count of `#`: `Scanner` calls by
//!   hand (`grid_row_in`), `Scanner::grid_row` and a check of each cell by hand
//!   (`row+check`), and `input!` (`[Row(w, ".#"); h]`).
//!
//! Every contender runs as its own process (this example re-executes itself with `--child JOB
//! CONTENDER`), with stdin a regular file and then a pipe that this process fills, and stdout
//! `/dev/null` (a check run first compares the contenders' outputs). Each figure is the best
//! of `RUNS` rounds that alternate the contenders: wall time from spawn to exit, and CPU time
//! (the child's own on-CPU nanoseconds from `/proc/self/schedstat`, steadier than wall time
//! when other work shares the machine); MB/s is input bytes per CPU second. Peak memory is
//! the child's own `VmHWM`, which counts mapped input pages as well as the heap. proconio is
//! not compared here: the workspace stays std only.

use std::fs::{self, File};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use judge_io::{input, Error, Output, Scanner, StreamInput};

const DEFAULT_COUNT: usize = 10_000_000;
const RUNS: usize = 5;
/// Each job and its contenders; the std idiom comes last, as the yardstick.
const JOBS: [(&str, &[&str]); 5] = [
    ("sum", &["judge-io", "stream", "std"]),
    ("echo", &["judge-io", "stream", "std"]),
    ("vec", &["judge-io", "bounded", "input!", "input! in", "std"]),
    ("cases", &["judge-io", "input!", "std"]),
    ("grid", &["judge-io", "row+check", "input!", "std"]),
];
/// The largest test case of the cases job.
const MAX_CASE: usize = 200;
/// The bound on T and on the sum of N in the cases job.
const MAX_TOTAL: usize = 1 << 30;
/// The grid's cells.
const CELLS: &str = ".#";
/// The values' bound: every value of the input is within it.
const LIMIT: i64 = 1_000_000_000;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--child") {
        return child(&args[1..]);
    }
    let count = match args.first() {
        Some(arg) => arg.parse().expect("COUNT must be a positive integer"),
        None => DEFAULT_COUNT,
    };
    let jobs: Vec<_> = JOBS
        .iter()
        .filter(|(job, _)| args.len() < 2 || args[1..].iter().any(|a| a == job))
        .collect();
    parent(count, &jobs);
    ExitCode::SUCCESS
}

/// Spawns every job x stdin kind x contender, checks their outputs agree, prints the table.
fn parent(count: usize, jobs: &[&(&str, &[&str])]) {
    let inputs: Vec<(PathBuf, u64)> = jobs
        .iter()
        .map(|&&(job, _)| {
            let path = input_file(job, count);
            let bytes = fs::metadata(&path).expect("the input was just written").len();
            (path, bytes)
        })
        .collect();
    let mut shown: Vec<&PathBuf> = Vec::new();
    for (&&(job, _), (path, bytes)) in jobs.iter().zip(&inputs) {
        if !shown.contains(&path) {
            let (mb, mib) = (*bytes as f64 / 1e6, *bytes as f64 / MIB);
            println!("input of {job}: {mb:.1} MB = {mib:.1} MiB ({})", path.display());
            shown.push(path);
        }
    }
    println!("{count} values (10 x {count} cells for grid); best of {RUNS}");
    for (&&(job, contenders), (path, _)) in jobs.iter().zip(&inputs) {
        let outputs: Vec<u64> =
            contenders.iter().map(|contender| output_digest(path, job, contender)).collect();
        assert!(
            outputs.windows(2).all(|w| w[0] == w[1]),
            "{job}: the contenders' outputs differ ({outputs:x?})"
        );
    }
    println!(
        "goals: sum and echo from a file at most 0.5x std; vec, cases, grid: input! within 10% \
         of judge-io (both build the Vecs, whose fresh memory costs as much as the parse)"
    );
    println!(
        "job   stdin program    wall s   cpu s   MB/s wall/std cpu/std  peak MiB   peak - input"
    );
    for (&&(job, contenders), (path, input_bytes)) in jobs.iter().zip(&inputs) {
        let input_mb = *input_bytes as f64 / 1e6;
        for stdin_kind in ["file", "pipe"] {
            let mut best = vec![
                Run { wall: Duration::MAX, cpu: Duration::MAX, peak_kib: 0 };
                contenders.len()
            ];
            for _ in 0..RUNS {
                for (i, contender) in contenders.iter().enumerate() {
                    let run = run_child(path, stdin_kind, job, contender);
                    best[i].wall = best[i].wall.min(run.wall);
                    best[i].cpu = best[i].cpu.min(run.cpu);
                    best[i].peak_kib = best[i].peak_kib.max(run.peak_kib);
                }
            }
            let std_idiom = best[contenders.len() - 1];
            for (contender, run) in contenders.iter().zip(best) {
                let (wall, cpu) = (run.wall.as_secs_f64(), run.cpu.as_secs_f64());
                let peak_mib = run.peak_kib as f64 / 1024.0;
                println!(
                    "{job:<5} {stdin_kind:<5} {contender:<9} {wall:>7.3} {cpu:>7.3} {:>6.0} {:>7.2}x {:>6.2}x {peak_mib:>9.1} {:>+10.1} MiB",
                    input_mb / cpu,
                    wall / std_idiom.wall.as_secs_f64(),
                    cpu / std_idiom.cpu.as_secs_f64(),
                    peak_mib - *input_bytes as f64 / MIB,
                );
            }
        }
    }
}

const MIB: f64 = 1024.0 * 1024.0;

/// What one child run measured.
#[derive(Clone, Copy)]
struct Run {
    wall: Duration,
    cpu: Duration,
    peak_kib: u64,
}

/// One timed run; stdout goes to /dev/null.
fn run_child(path: &Path, stdin_kind: &str, job: &str, contender: &str) -> Run {
    let mut command = Command::new(std::env::current_exe().expect("the running example's path"));
    command.args(["--child", job, contender]).stdout(Stdio::null()).stderr(Stdio::piped());
    // A pipe is filled from memory, so the parent's own reading is not timed.
    let piped_input = if stdin_kind == "pipe" {
        command.stdin(Stdio::piped());
        Some(fs::read(path).expect("readable input"))
    } else {
        command.stdin(File::open(path).expect("readable input"));
        None
    };
    let started = Instant::now();
    let mut child = command.spawn().expect("can start the child");
    let writer = piped_input.map(|bytes| {
        let mut stdin = child.stdin.take().expect("stdin is piped");
        std::thread::spawn(move || stdin.write_all(&bytes).expect("the child reads all input"))
    });
    let output = child.wait_with_output().expect("the child can be waited for");
    let elapsed = started.elapsed();
    if let Some(writer) = writer {
        writer.join().expect("the writer does not panic");
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{job} {contender} failed: {stderr}");
    let report = |key: &str| -> u64 {
        stderr
            .lines()
            .find_map(|line| line.strip_prefix(key))
            .and_then(|value| value.trim().parse().ok())
            .unwrap_or_else(|| panic!("the child reports {key}"))
    };
    Run {
        wall: elapsed,
        cpu: Duration::from_nanos(report("cpu_ns ")),
        peak_kib: report("peak_kib "),
    }
}

/// A digest of a contender's whole output, from an untimed run with stdin the file.
fn output_digest(path: &Path, job: &str, contender: &str) -> u64 {
    let output = Command::new(std::env::current_exe().expect("the running example's path"))
        .args(["--child", job, contender])
        .stdin(File::open(path).expect("readable input"))
        .output()
        .expect("can run the child");
    assert!(output.status.success(), "{job} {contender} failed");
    // FNV-1a: any difference shows up.
    output
        .stdout
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3))
}

/// The child: runs one job with one contender on the real stdin and stdout, then reports its
/// peak memory and CPU time on stderr.
fn child(args: &[String]) -> ExitCode {
    let status = match (args[0].as_str(), args[1].as_str()) {
        ("sum", "judge-io") => judge_io::run_main(|input, out| sum(Scanner::new(input), out)),
        ("echo", "judge-io") => judge_io::run_main(|input, out| echo(Scanner::new(input), out)),
        ("sum", "stream") => judge_io::run_stream(|input, out| sum(input, out)),
        ("echo", "stream") => judge_io::run_stream(|input, out| echo(input, out)),
        ("vec", "judge-io") => judge_io::run_main(vec_by_hand),
        ("vec", "bounded") => judge_io::run_main(vec_bounded_by_hand),
        ("vec", "input!") => judge_io::run_main(vec_by_macro),
        ("vec", "input! in") => judge_io::run_main(vec_bounded_by_macro),
        ("sum", "std") => sum_std().map(|()| ExitCode::SUCCESS).expect("valid input"),
        ("echo", "std") => echo_std().map(|()| ExitCode::SUCCESS).expect("valid input"),
        ("vec", "std") => vec_std().map(|()| ExitCode::SUCCESS).expect("valid input"),
        ("cases", "judge-io") => judge_io::run_main(cases_by_hand),
        ("cases", "input!") => judge_io::run_main(cases_by_macro),
        ("cases", "std") => cases_std().map(|()| ExitCode::SUCCESS).expect("valid input"),
        ("grid", "judge-io") => judge_io::run_main(grid_by_hand),
        ("grid", "row+check") => judge_io::run_main(grid_checked_by_hand),
        ("grid", "input!") => judge_io::run_main(grid_by_macro),
        ("grid", "std") => grid_std().map(|()| ExitCode::SUCCESS).expect("valid input"),
        _ => panic!("unknown child {args:?}"),
    };
    let status_file = fs::read_to_string("/proc/self/status").expect("Linux reports status");
    let peak = status_file
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|kib| kib.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .expect("the status has VmHWM");
    // The first field of schedstat is the time this process has run on a CPU, in ns.
    let schedstat = fs::read_to_string("/proc/self/schedstat").expect("Linux reports schedstat");
    let cpu_ns = schedstat.split_whitespace().next().expect("schedstat has fields");
    eprintln!("peak_kib {peak}\ncpu_ns {cpu_ns}");
    status
}

/// Where the judge-io jobs take their integers from: the whole-input `Scanner` or the
/// streamed `StreamInput`.
trait Ints {
    fn next(&mut self) -> Result<i64, Error>;
}

impl Ints for Scanner<'_> {
    #[inline(always)]
    fn next(&mut self) -> Result<i64, Error> {
        self.int()
    }
}

impl<R: Read> Ints for &mut StreamInput<R> {
    #[inline(always)]
    fn next(&mut self) -> Result<i64, Error> {
        self.int()
    }
}

/// The sum job. `ints` is taken by value, so a scanner is a local of the loop, as in a
/// solution (through a closure, its cursor stayed in memory and the sum took 12% longer).
fn sum<I: Ints, W: Write>(mut ints: I, out: &mut Output<W>) -> Result<(), Error> {
    let n = ints.next()?;
    let mut sum = 0i64;
    for _ in 0..n {
        sum = sum.wrapping_add(ints.next()?);
    }
    out.int(sum).newline();
    Ok(())
}

/// The echo job, as [`sum`].
fn echo<I: Ints, W: Write>(mut ints: I, out: &mut Output<W>) -> Result<(), Error> {
    let n = ints.next()?;
    let mut sum = 0i64;
    for _ in 0..n {
        let value = ints.next()?;
        sum = sum.wrapping_add(value);
        out.int(value).newline();
    }
    out.int(sum).newline();
    Ok(())
}

/// The vec job, `Scanner` calls written by hand.
fn vec_by_hand<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let n: usize = sc.int()?;
    let mut values: Vec<i64> = Vec::with_capacity(n);
    for _ in 0..n {
        values.push(sc.int()?);
    }
    print_sum(&values, out)
}

/// The vec job by hand, each value's bound checked.
fn vec_bounded_by_hand<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let n: usize = sc.int()?;
    let mut values: Vec<i64> = Vec::with_capacity(n);
    for _ in 0..n {
        values.push(sc.int_in("a", -LIMIT..=LIMIT)?);
    }
    print_sum(&values, out)
}

/// The vec job through `input!`.
fn vec_by_macro<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    input! { from sc, n: usize, values: [i64; n] }
    print_sum(&values, out)
}

/// The vec job through `input!`, each value's bound checked.
fn vec_bounded_by_macro<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    input! { from sc, n: usize, values: [i64 in -LIMIT..=LIMIT; n] }
    print_sum(&values, out)
}

fn print_sum<W: Write>(values: &[i64], out: &mut Output<W>) -> Result<(), Error> {
    out.int(values.iter().fold(0i64, |sum, &v| sum.wrapping_add(v))).newline();
    Ok(())
}

/// The cases job, `Scanner` calls by hand: every bound checked, every name as `input!` gives
/// it.
fn cases_by_hand<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let t = sc.int_in("t", 1..=MAX_TOTAL)?;
    let (mut cases, mut sum) = (Vec::with_capacity(t.min(1 << 16)), 0);
    for case in 0..t {
        let n = sc.int_in(format_args!("cases[{}].n", case), 1..=MAX_CASE)?;
        sc.sum_at_most(&mut sum, n, MAX_TOTAL, format_args!("n over cases[..={}]", case))?;
        let mut a = Vec::with_capacity(n);
        for i in 0..n {
            a.push(sc.int_in(format_args!("cases[{}].a[{}]", case, i), -LIMIT..=LIMIT)?);
        }
        cases.push((n, a));
    }
    print_case_sums(&cases, out)
}

/// The cases job through `input!`.
fn cases_by_macro<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    input! { from sc,
        t: usize in 1..=MAX_TOTAL,
        cases: [(
            n: usize in 1..=MAX_CASE,
            sum(n) <= MAX_TOTAL,
            a: [i64 in -LIMIT..=LIMIT; n],
        ); t],
    }
    print_case_sums(&cases, out)
}

fn print_case_sums<W: Write>(
    cases: &[(usize, Vec<i64>)],
    out: &mut Output<W>,
) -> Result<(), Error> {
    for (_, a) in cases {
        out.int(a.iter().sum::<i64>()).newline();
    }
    Ok(())
}

/// The grid job, `Scanner` calls by hand.
fn grid_by_hand<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let (h, w) = (sc.int_in("h", 1..=1 << 20)?, sc.int_in("w", 1..=1 << 20)?);
    let mut grid = Vec::with_capacity(h.min(1 << 16));
    for y in 0..h {
        grid.push(sc.grid_row_in(w, CELLS, format_args!("grid[{}]", y))?.to_vec());
    }
    print_walls(&grid, out)
}

/// The grid job, `Scanner::grid_row` and a check of each cell by hand.
fn grid_checked_by_hand<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let (h, w) = (sc.int_in("h", 1..=1 << 20)?, sc.int_in("w", 1..=1 << 20)?);
    let mut grid = Vec::with_capacity(h.min(1 << 16));
    for y in 0..h {
        let row = sc.grid_row(w, format_args!("grid[{}]", y))?;
        if let Some(x) = row.iter().position(|&cell| cell != b'.' && cell != b'#') {
            let message = format!("grid[{}][{}] must be one of \".#\"", y, x);
            return Err(sc.error_at(row.start + x, message));
        }
        grid.push(row.to_vec());
    }
    print_walls(&grid, out)
}

/// The grid job through `input!`.
fn grid_by_macro<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    input! { from sc, h: usize in 1..=1 << 20, w: usize in 1..=1 << 20, grid: [Row(w, CELLS); h] }
    print_walls(&grid, out)
}

fn print_walls<W: Write>(grid: &[Vec<u8>], out: &mut Output<W>) -> Result<(), Error> {
    out.int(grid.iter().map(|row| row.iter().filter(|&&cell| cell == b'#').count()).sum::<usize>());
    out.newline();
    Ok(())
}

/// The std idiom's reading: all of stdin as a `String`, then tokens.
fn read_std() -> io::Result<String> {
    let mut text = String::new();
    io::stdin().lock().read_to_string(&mut text)?;
    Ok(text)
}

fn sum_std() -> io::Result<()> {
    let text = read_std()?;
    let mut tokens = text.split_ascii_whitespace();
    let n: usize = tokens.next().expect("N").parse().expect("N");
    let mut sum = 0i64;
    for _ in 0..n {
        sum = sum.wrapping_add(tokens.next().expect("a value").parse::<i64>().expect("an i64"));
    }
    writeln!(io::stdout().lock(), "{sum}")
}

fn vec_std() -> io::Result<()> {
    let text = read_std()?;
    let mut tokens = text.split_ascii_whitespace();
    let n: usize = tokens.next().expect("N").parse().expect("N");
    let values: Vec<i64> =
        (0..n).map(|_| tokens.next().expect("a value").parse().expect("an i64")).collect();
    writeln!(io::stdout().lock(), "{}", values.iter().fold(0i64, |sum, &v| sum.wrapping_add(v)))
}

fn echo_std() -> io::Result<()> {
    let text = read_std()?;
    let mut tokens = text.split_ascii_whitespace();
    let n: usize = tokens.next().expect("N").parse().expect("N");
    let mut out = BufWriter::new(io::stdout().lock());
    let mut sum = 0i64;
    for _ in 0..n {
        let value: i64 = tokens.next().expect("a value").parse().expect("an i64");
        sum = sum.wrapping_add(value);
        writeln!(out, "{value}")?;
    }
    writeln!(out, "{sum}")?;
    out.flush()
}

/// The cases job in the std idiom, every bound checked (a failure panics, as no valid input
/// does).
fn cases_std() -> io::Result<()> {
    let text = read_std()?;
    let mut tokens = text.split_ascii_whitespace();
    let t: usize = tokens.next().expect("T").parse().expect("T");
    let (mut cases, mut sum) = (Vec::with_capacity(t), 0);
    for _ in 0..t {
        let n: usize = tokens.next().expect("N").parse().expect("N");
        sum += n;
        assert!((1..=MAX_CASE).contains(&n) && sum <= MAX_TOTAL, "N out of range");
        let a: Vec<i64> = (0..n)
            .map(|_| {
                let value = tokens.next().expect("a value").parse().expect("an i64");
                assert!((-LIMIT..=LIMIT).contains(&value), "a value out of range");
                value
            })
            .collect();
        cases.push((n, a));
    }
    let mut out = BufWriter::new(io::stdout().lock());
    for (_, a) in &cases {
        writeln!(out, "{}", a.iter().sum::<i64>())?;
    }
    out.flush()
}

/// The grid job in the std idiom: lines, each checked.
fn grid_std() -> io::Result<()> {
    let text = read_std()?;
    let mut lines = text.lines();
    let mut header = lines.next().expect("H W").split_ascii_whitespace();
    let h: usize = header.next().expect("H").parse().expect("H");
    let w: usize = header.next().expect("W").parse().expect("W");
    let grid: Vec<Vec<u8>> = (0..h)
        .map(|_| {
            let row = lines.next().expect("a row").trim_end().as_bytes();
            assert!(row.len() == w && row.iter().all(|&c| c == b'.' || c == b'#'), "a bad row");
            row.to_vec()
        })
        .collect();
    let walls: usize = grid.iter().map(|row| row.iter().filter(|&&c| c == b'#').count()).sum();
    writeln!(io::stdout().lock(), "{walls}")
}

/// The input of `job` for `count` values, written once into the target directory.
fn input_file(job: &str, count: usize) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/bench-data");
    fs::create_dir_all(&dir).expect("can create the bench data folder");
    let (name, make): (String, fn(usize) -> Vec<u8>) = match job {
        "cases" => (format!("cases-{count}-v1.txt"), cases_input),
        "grid" => (format!("grid-{count}-v1.txt"), grid_input),
        _ => (format!("ints-{count}-v3.txt"), ints_input),
    };
    let path = dir.join(name);
    if !path.exists() {
        fs::write(&path, make(count)).expect("can write the bench input");
    }
    path
}

/// A 64-bit LCG from `seed`; its top bits are good enough for test data.
fn lcg(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state =
            state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        state
    }
}

/// A value below `LIMIT` in magnitude with a random sign, from `bits`.
fn signed_value(bits: u64) -> i64 {
    let magnitude = ((bits >> 32) % LIMIT as u64) as i64;
    if bits >> 31 & 1 == 1 {
        -magnitude
    } else {
        magnitude
    }
}

/// T test cases of N in 1..=200 values (`count` in all) below 10^9 in magnitude: T, then each
/// case's N on a line and its values on the next.
fn cases_input(count: usize) -> Vec<u8> {
    let mut next = lcg(11);
    let mut sizes = Vec::new();
    let mut left = count;
    while left > 0 {
        let n = (1 + (next() >> 33) as usize % MAX_CASE).min(left);
        sizes.push(n);
        left -= n;
    }
    let mut out = Output::new(Vec::with_capacity(count * 11));
    out.int(sizes.len()).newline();
    for n in sizes {
        out.int(n).newline();
        for i in 0..n {
            out.int(signed_value(next())).byte(if i + 1 == n { b'\n' } else { b' ' });
        }
    }
    out.into_inner().expect("writing to memory cannot fail")
}

/// A square grid of about `10 * count` cells, `.` or `#` (one in four), after `H W`.
fn grid_input(count: usize) -> Vec<u8> {
    let side = ((10 * count) as f64).sqrt() as usize;
    let mut next = lcg(12);
    let mut out = Output::new(Vec::with_capacity(side * (side + 1) + 20));
    out.int(side).byte(b' ').int(side).newline();
    for _ in 0..side {
        for _ in 0..side {
            out.byte(if next() >> 62 == 0 { b'#' } else { b'.' });
        }
        out.newline();
    }
    out.into_inner().expect("writing to memory cannot fail")
}

/// `count` followed by `count` signed integers below 10^9 in magnitude (most have 9 digits, as
/// judge inputs usually do), ten to a line.
fn ints_input(count: usize) -> Vec<u8> {
    let mut next = lcg(2026);
    let mut out = Output::new(Vec::with_capacity(count * 11));
    out.int(count).newline();
    for i in 0..count {
        out.int(signed_value(next())).byte(if i % 10 == 9 { b'\n' } else { b' ' });
    }
    out.into_inner().expect("writing to memory cannot fail")
}
