//! judge-io against the std idiom, as whole programs, on 10^7 integers (about 100 MB).
//!
//! Run with `scripts/bench.sh judge-io` (or `cargo run --release -p judge-io --example
//! judge-io-bench [COUNT [JOB...]]`, for some of the jobs only). The input is generated once, deterministically, into the target
//! directory: N, then N integers below 10^9 in magnitude with random signs, ten to a line.
//!
//! Three jobs, each written with judge-io's whole input (`run_main`, `Scanner`, `Output`) and
//! with the std idiom (`read_to_string`, `split_ascii_whitespace`, `parse`; `writeln!` into a
//! `BufWriter` over stdout's lock), which proconio's whole-input reading also is:
//! - sum: read N and N `i64`s, print their sum; also with the streamed input (`run_stream`,
//!   `StreamInput`);
//! - echo: the same, then write every value on its own line; also streamed;
//! - vec: read N and the N values into a `Vec`, then print their sum: `Scanner` calls written
//!   by hand (`judge-io`), the same with each value's bound checked (`bounded`, by `int_in`),
//!   and the `input!` macro without and with the bound (`input!`, `input! in`).
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
const JOBS: [(&str, &[&str]); 3] = [
    ("sum", &["judge-io", "stream", "std"]),
    ("echo", &["judge-io", "stream", "std"]),
    ("vec", &["judge-io", "bounded", "input!", "input! in", "std"]),
];
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
    let path = input_file(count);
    let input_bytes = fs::metadata(&path).expect("the input was just written").len();
    let input_mb = input_bytes as f64 / 1e6;
    println!(
        "input: {count} integers, {input_mb:.1} MB = {:.1} MiB ({}); best of {RUNS}",
        input_bytes as f64 / MIB,
        path.display()
    );
    for &&(job, contenders) in jobs {
        let outputs: Vec<u64> =
            contenders.iter().map(|contender| output_digest(&path, job, contender)).collect();
        assert!(
            outputs.windows(2).all(|w| w[0] == w[1]),
            "{job}: the contenders' outputs differ ({outputs:x?})"
        );
    }
    println!(
        "goals: sum and echo from a file at most 0.5x std; vec: input! within 10% of judge-io \
         (both build the Vec, whose fresh memory costs as much as the parse)"
    );
    println!(
        "job   stdin program    wall s   cpu s   MB/s wall/std cpu/std  peak MiB   peak - input"
    );
    for &&(job, contenders) in jobs {
        for stdin_kind in ["file", "pipe"] {
            let mut best = vec![
                Run { wall: Duration::MAX, cpu: Duration::MAX, peak_kib: 0 };
                contenders.len()
            ];
            for _ in 0..RUNS {
                for (i, contender) in contenders.iter().enumerate() {
                    let run = run_child(&path, stdin_kind, job, contender);
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
                    peak_mib - input_bytes as f64 / MIB,
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

/// `count` followed by `count` signed integers below 10^9 in magnitude (most have 9 digits, as
/// judge inputs usually do), ten to a line, written once into the target directory.
fn input_file(count: usize) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/bench-data");
    fs::create_dir_all(&dir).expect("can create the bench data folder");
    let path = dir.join(format!("ints-{count}-v3.txt"));
    if path.exists() {
        return path;
    }
    // A 64-bit LCG; its top bits are good enough for test data.
    let mut state = 2026u64;
    let mut out = Output::new(Vec::with_capacity(count * 11));
    out.int(count).newline();
    for i in 0..count {
        state =
            state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let magnitude = ((state >> 32) % LIMIT as u64) as i64;
        let value = if state >> 31 & 1 == 1 { -magnitude } else { magnitude };
        out.int(value).byte(if i % 10 == 9 { b'\n' } else { b' ' });
    }
    let bytes = out.into_inner().expect("writing to memory cannot fail");
    fs::File::create(&path)
        .and_then(|mut file| file.write_all(&bytes))
        .expect("can write the bench input");
    path
}
