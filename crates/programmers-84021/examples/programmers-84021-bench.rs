//! The max-size benchmark: 3000 x 3000 pairs of grids, the solver against a straightforward
//! peer in the same run, with each one's CPU time and whole-process peak memory.
//!
//! Cases: `packed` (about a million holes and as many pieces of 1 to 6 cells), `giant` (one
//! hole and one piece of about 5.8 million cells each) and `noise` (components of any size;
//! the solver only). Every measurement runs in a fresh child process (this program started
//! again with `--child`) that reads the input file, solves it and reports its CPU time and
//! peak resident memory (`VmHWM`), so memory is the whole process's, input buffer included.
//! The peer is what a careful contestant would write: BFS per component, key = the smallest
//! of the four rotations' sorted, normalised cell lists, a `HashMap` from key to counts.
//!
//! Run with `scripts/bench.sh programmers-84021` (`BENCH_ROUNDS`, default 5: each program
//! runs that many times, alternating, and the best and worst CPU times are shown, since a
//! shared machine's load inflates single runs).

use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::process::Command;

use judge_io::Output;
use judge_test::peak_memory_kib;
use programmers_84021::gen::{self, Mode, Spec};
use programmers_84021::{parse, solve};

/// The CPU time this process has used, in seconds: `/proc/self/schedstat` (nanoseconds on
/// the CPU) where it exists, else `/proc/self/stat` (ticks of 1/100 s).
fn cpu_seconds() -> Option<f64> {
    if let Ok(text) = std::fs::read_to_string("/proc/self/schedstat") {
        if let Some(Ok(nanos)) = text.split_whitespace().next().map(str::parse::<u64>) {
            return Some(nanos as f64 / 1e9);
        }
    }
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces) start with field 3, the state;
    // utime and stime are fields 14 and 15.
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some((user + system) as f64 / 100.0)
}

/// The straightforward peer, written the way the C++ one is described.
mod peer {
    use super::{HashMap, VecDeque};

    /// A grid as rows of 0/1.
    type Rows = Vec<Vec<u8>>;
    /// A shape's cells as `(y, x)`.
    type Cells = Vec<(i64, i64)>;

    /// Reads one `[[..],..]` literal from `input[*pos..]` (no error handling: inputs are
    /// generated).
    fn grid(input: &[u8], pos: &mut usize) -> Rows {
        let mut rows = Vec::new();
        let mut depth = 0;
        while *pos < input.len() {
            let byte = input[*pos];
            *pos += 1;
            match byte {
                b'[' => {
                    depth += 1;
                    if depth == 2 {
                        rows.push(Vec::new());
                    }
                }
                b']' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                b'0' | b'1' => rows.last_mut().expect("inside a row").push(byte - b'0'),
                _ => {}
            }
        }
        rows
    }

    /// `cells` moved to the corner and sorted.
    fn normalised(mut cells: Cells) -> Cells {
        let min_y = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let min_x = cells.iter().map(|c| c.1).min().unwrap_or(0);
        for cell in &mut cells {
            *cell = (cell.0 - min_y, cell.1 - min_x);
        }
        cells.sort_unstable();
        cells
    }

    /// Adds every component of `value` in `rows` to `classes` (hole counts in `.0` when
    /// `hole`, piece counts in `.1` otherwise).
    fn components(rows: &Rows, value: u8, hole: bool, classes: &mut HashMap<Cells, (u64, u64)>) {
        let height = rows.len();
        let width = rows[0].len();
        let mut seen = vec![vec![false; width]; height];
        for y in 0..height {
            for x in 0..width {
                if rows[y][x] != value || seen[y][x] {
                    continue;
                }
                let mut cells: Cells = Vec::new();
                let mut queue = VecDeque::new();
                seen[y][x] = true;
                queue.push_back((y, x));
                while let Some((cy, cx)) = queue.pop_front() {
                    cells.push((cy as i64, cx as i64));
                    let around = [
                        (cy.wrapping_sub(1), cx),
                        (cy + 1, cx),
                        (cy, cx.wrapping_sub(1)),
                        (cy, cx + 1),
                    ];
                    for (ny, nx) in around {
                        if ny < height && nx < width && rows[ny][nx] == value && !seen[ny][nx] {
                            seen[ny][nx] = true;
                            queue.push_back((ny, nx));
                        }
                    }
                }
                let mut best = normalised(cells.clone());
                for _ in 1..4 {
                    for cell in &mut cells {
                        *cell = (cell.1, -cell.0);
                    }
                    let key = normalised(cells.clone());
                    if key < best {
                        best = key;
                    }
                }
                let counts = classes.entry(best).or_insert((0, 0));
                if hole {
                    counts.0 += 1;
                } else {
                    counts.1 += 1;
                }
            }
        }
    }

    /// The answer for the input text.
    pub fn solve(input: &[u8]) -> u64 {
        let mut pos = 0;
        let board = grid(input, &mut pos);
        let table = grid(input, &mut pos);
        let mut classes = HashMap::new();
        components(&board, 0, true, &mut classes);
        components(&table, 1, false, &mut classes);
        classes.iter().map(|(key, counts)| counts.0.min(counts.1) * key.len() as u64).sum()
    }
}

/// The child's side: solve the file with `program` and print
/// `answer cpu_seconds peak_kib parse_seconds` on one line. The CPU time counts reading the
/// file and solving, as the binary does; the peak is taken then. For ours, the parse is
/// then run once more alone for its share of the time.
fn child(program: &str, path: &Path) {
    let cpu = || cpu_seconds().unwrap_or(0.0);
    let before = cpu();
    let input = std::fs::read(path).expect("the bench's input file is readable");
    let answer = if program == "ours" {
        let mut out = Output::new(Vec::new());
        programmers_84021::run(&input, &mut out).expect("generated input parses");
        let text = out.into_inner().expect("Vec sink");
        String::from_utf8_lossy(&text).trim().parse().expect("a number")
    } else {
        peer::solve(&input)
    };
    let seconds = cpu() - before;
    let peak = peak_memory_kib().unwrap_or(0);
    let mut parse_seconds = 0.0;
    if program == "ours" {
        let before = cpu();
        drop(parse(&input).expect("generated input parses"));
        parse_seconds = cpu() - before;
    }
    println!("{} {} {} {}", answer, seconds, peak, parse_seconds);
}

/// One child run's report.
#[derive(Debug, Clone, Copy)]
struct Run {
    answer: u64,
    cpu: f64,
    peak_kib: u64,
    parse: f64,
}

/// Runs this program as a child on `path` with `program` (`ours` or `peer`).
fn spawn(program: &str, path: &Path) -> Run {
    let exe = std::env::current_exe().expect("own path");
    let output = Command::new(exe)
        .args(["--child", program])
        .arg(path)
        .output()
        .expect("the bench can start itself");
    let text = String::from_utf8_lossy(&output.stdout);
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !output.status.success() || fields.len() != 4 {
        eprintln!("error: child {} failed: {}", program, String::from_utf8_lossy(&output.stderr));
        std::process::exit(1);
    }
    Run {
        answer: fields[0].parse().expect("answer"),
        cpu: fields[1].parse().expect("cpu"),
        peak_kib: fields[2].parse().expect("peak"),
        parse: fields[3].parse().expect("parse"),
    }
}

/// The best (smallest CPU) and worst runs.
fn best_and_worst(runs: &[Run]) -> (Run, Run) {
    let mut sorted = runs.to_vec();
    sorted.sort_by(|a, b| a.cpu.partial_cmp(&b.cpu).expect("times are numbers"));
    (sorted[0], sorted[sorted.len() - 1])
}

/// Generates one case into a file beside this program and compares the programs on it.
fn bench(name: &str, seed: u64, spec: &Spec, with_peer: bool, rounds: usize) {
    let (board, table) = gen::generate(seed, spec);
    let outcome = solve(&board, &table);
    let input = gen::render(&board, &table);
    drop((board, table));
    let dir: PathBuf = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_path_buf))
        .unwrap_or_else(std::env::temp_dir);
    let path = dir.join(format!("programmers-84021-bench-{}.in", name));
    std::fs::write(&path, &input).expect("the bench can write its input file");
    println!(
        "{:<7} {}x{} pair, input {:.1} MB: {} holes, {} pieces, answer {}",
        name,
        spec.board.0,
        spec.board.1,
        input.len() as f64 / 1e6,
        outcome.holes,
        outcome.pieces,
        outcome.filled
    );
    drop(input);
    let programs: &[&str] = if with_peer { &["ours", "peer"] } else { &["ours"] };
    let mut runs: Vec<Vec<Run>> = vec![Vec::new(); programs.len()];
    for _ in 0..rounds {
        for (i, program) in programs.iter().enumerate() {
            let run = spawn(program, &path);
            if run.answer != outcome.filled {
                eprintln!(
                    "error: {} answered {}, expected {}",
                    program, run.answer, outcome.filled
                );
                std::process::exit(1);
            }
            runs[i].push(run);
        }
    }
    for (program, runs) in programs.iter().zip(&runs) {
        let (best, worst) = best_and_worst(runs);
        let parse = if *program == "ours" {
            format!(", parse alone {:.3} s", best.parse)
        } else {
            String::new()
        };
        println!(
            "        {}: CPU best {:.3} s, worst {:.3} s of {}{}; peak memory {:.1} MiB",
            program,
            best.cpu,
            worst.cpu,
            runs.len(),
            parse,
            best.peak_kib.max(worst.peak_kib) as f64 / 1024.0
        );
    }
    if with_peer {
        let ours = best_and_worst(&runs[0]).0.cpu;
        let peer = best_and_worst(&runs[1]).0.cpu;
        println!("        ours / peer (best CPU): {:.2}x", ours / peer.max(1e-9));
    }
    let _ = std::fs::remove_file(&path);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() == 4 && args[1] == "--child" {
        child(&args[2], Path::new(&args[3]));
        return;
    }
    let rounds = std::env::var("BENCH_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(5);
    let side = 3000;
    let packed =
        Spec { mode: Mode::Packed, board: (side, side), table: (side, side), max_cells: 6 };
    bench("packed", 1, &packed, true, rounds);
    bench("giant", 2, &Spec { mode: Mode::Giant, ..packed }, true, rounds);
    bench("noise", 3, &Spec { mode: Mode::Noise, ..packed }, false, rounds);
}
