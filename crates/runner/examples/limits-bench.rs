//! `scripts/bench.sh --limits`: the runner against solutions that a judge stops at its
//! limits, each at the real scale (4 GB of memory, 1 GB of output or stderr, a loop under a
//! 2-second limit, ...). For each it prints the verdict line, the wall time from the start of
//! `xtask testdata --quick P` to its end (the build already done), and the runner's own peak
//! memory (`VmHWM` of the xtask process, read while it runs; a measured program's memory is
//! its own process's, not counted here). Last, four cases of 0.6 s of CPU each: their wall
//! time shows the cases running on every core.
//!
//! It writes a workspace of those problems under the target folder
//! (`target/bench-limits`), builds it in release, and runs the release `xtask` beside this
//! example (bench.sh builds it first).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Each planted solution: its name, the extra metadata, its main, its case's input and
/// answer, and what it shows.
const PLANTED: [(&str, &str, &str, &str, &str, &str); 8] = [
    ("ac", "", "fn main() { println!(\"1\"); }", "\n", "1\n", "a right answer (the baseline)"),
    (
        "hog",
        "",
        "fn main() { let v = vec![1u8; 4usize << 30]; println!(\"{}\", v[v.len() / 2]); }",
        "\n",
        "1\n",
        "allocates 4 GB under 256 MB",
    ),
    (
        "grow",
        "",
        "fn main() { let mut v: Vec<Vec<u8>> = Vec::new(); loop { v.push(vec![1u8; 1 << 20]); } }",
        "\n",
        "1\n",
        "touches 1 MiB after another",
    ),
    ("looper", "", "fn main() { loop {} }", "\n", "1\n", "loops under a 2000 ms limit"),
    (
        "forever",
        "",
        "use std::io::Write;\nfn main() { let mut o = std::io::BufWriter::new(std::io::stdout()); \
         writeln!(o, \"1\").unwrap(); loop { o.write_all(&[b'\\n'; 4096]).unwrap(); } }",
        "\n",
        "1\n",
        "prints blank lines forever (the output limit, 64 MiB)",
    ),
    (
        "late-wrong",
        "output-limit-mb = 4096\n",
        "use std::io::Write;\nfn main() { let mut o = std::io::BufWriter::new(std::io::stdout()); \
         o.write_all(b\"0\").unwrap(); for _ in 0..(1u64 << 18) { o.write_all(&[b' '; 4096]).unwrap(); } \
         o.write_all(b\"\\n2\\n\").unwrap(); }",
        "\n",
        "0\n1\n",
        "prints 1 GB (a line's trailing spaces) then a wrong line",
    ),
    (
        "stderr",
        "",
        "use std::io::Write;\nfn main() { let mut e = std::io::BufWriter::new(std::io::stderr()); \
         for _ in 0..(1u64 << 18) { e.write_all(&[b'.'; 4096]).unwrap(); } drop(e); \
         panic!(\"after 1 GB of stderr\"); }",
        "\n",
        "1\n",
        "1 GB of stderr, then a panic",
    ),
    (
        "sleeper",
        "",
        "fn main() { std::thread::sleep(std::time::Duration::from_secs(60)); }",
        "\n",
        "1\n",
        "sleeps (the wall-time backstop: 3 x 2000 ms + 1 s)",
    ),
];

fn main() {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"), PathBuf::from);
    let root = target.join("bench-limits");
    let xtask = target.join("release/xtask");
    assert!(xtask.is_file(), "build the release xtask first (scripts/bench.sh --limits does)");
    write_problem(&root, "four", "", FOUR);
    for case in ["a", "b", "c", "d"] {
        write(&root.join(format!("testdata/four/{case}.in")), "\n");
        write(&root.join(format!("testdata/four/{case}.out")), "1\n");
    }
    write(&root.join("Cargo.toml"), "[workspace]\nresolver = \"2\"\nmembers = [\"crates/*\"]\n");
    for (name, meta, main, input, answer, _) in PLANTED {
        write_problem(&root, name, meta, main);
        write(&root.join(format!("testdata/{name}/a.in")), input);
        write(&root.join(format!("testdata/{name}/a.out")), answer);
    }
    let built = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(["build", "-q", "--release"])
        .current_dir(&root)
        .env("CARGO_TARGET_DIR", root.join("target"))
        .status()
        .expect("cargo runs");
    assert!(built.success(), "the planted solutions build");
    println!("== the runner against planted solutions (codeforces profile, 2000 ms / 256 MB)");
    println!("   load average now: {}", load_average());
    let mut runs: Vec<(&str, &str)> = PLANTED.iter().map(|p| (p.0, p.5)).collect();
    runs.push(("four", "four cases of 0.6 s of CPU each, on every core"));
    for (name, what) in runs {
        let started = Instant::now();
        let mut child = Command::new(&xtask)
            .args(["testdata", "--quick", name])
            .env("XTASK_WORKSPACE", &root)
            .env("CARGO_TARGET_DIR", root.join("target"))
            .stdout(Stdio::piped())
            .spawn()
            .expect("xtask runs");
        let pid = child.id();
        let reader = std::thread::spawn(move || {
            let mut out = String::new();
            std::io::Read::read_to_string(&mut child.stdout.take().expect("piped"), &mut out)
                .expect("xtask's report");
            let status = child.wait().expect("xtask ends");
            (out, status)
        });
        // The runner's high-water mark, read until the process is gone.
        let mut peak_kib = 0;
        while !reader.is_finished() {
            if let Some(kib) = high_water_kib(pid) {
                peak_kib = peak_kib.max(kib);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let (out, _) = reader.join().expect("the reader ends");
        let seconds = started.elapsed().as_secs_f64();
        let verdict = out.lines().find(|line| line.contains(" a ")).unwrap_or("(no verdict line)");
        println!("-- {name}: {what}");
        println!(
            "   {seconds:6.2} s to the verdict, runner peak {:.1} MB",
            peak_kib as f64 / 1024.0
        );
        println!("   {}", verdict.trim_end());
    }
}

/// Spins for 0.6 s of its own CPU time (60 clock ticks of `/proc/self/stat`), then answers.
const FOUR: &str = "fn cpu_ticks() -> u64 {
    let stat = std::fs::read_to_string(\"/proc/self/stat\").unwrap();
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 1..].split_whitespace().collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

fn main() {
    let mut x = 0u64;
    while cpu_ticks() < 60 {
        for _ in 0..100_000 {
            x = x.wrapping_mul(31).wrapping_add(7);
        }
    }
    println!(\"{}\", 1 + (x == 42) as u8);
}";

/// A problem crate of the codeforces profile, 2000 ms / 256 MB, and `meta`.
fn write_problem(root: &Path, name: &str, meta: &str, main: &str) {
    let manifest = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\npublish = \
         false\n\n[package.metadata.judge]\nprofile = \"codeforces\"\ntime-limit-ms = 2000\n\
         memory-limit-mb = 256\n{meta}"
    );
    write(&root.join(format!("crates/{name}/Cargo.toml")), &manifest);
    write(&root.join(format!("crates/{name}/src/main.rs")), &format!("{main}\n"));
}

/// `VmHWM` of process `pid`, KiB.
fn high_water_kib(pid: u32) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn load_average() -> String {
    let text = fs::read_to_string("/proc/loadavg").unwrap_or_default();
    text.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
}

/// Writes `text` unless the file holds it already (a rewrite would make cargo rebuild).
fn write(path: &Path, text: &str) {
    if fs::read_to_string(path).is_ok_and(|old| old == text) {
        return;
    }
    fs::create_dir_all(path.parent().expect("a file in a folder")).expect("a folder");
    fs::write(path, text).expect("a file");
}
