//! The testdata runner and maker end to end: `xtask testdata` and `xtask make-testdata` on a
//! fixture workspace of small problems written below (a memory toucher, guess-the-number
//! solvers against their interactor, a bundle that rustc 1.63 rejects, a slow checker, float
//! checkers, oracles that differ from their solver, a panic, a program that prints its
//! environment, samples with a typo, a checker program that prints debug lines after its
//! verdict), checked line by line.
//!
//! The fixture is written under cargo's per-target scratch folder, only where a file changed,
//! so its release build is incremental from one run to the next.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The fixture's problems all share these limits (the memory toucher's tests rely on them).
const LIMITS: &str = "profile = \"boj\"\ntime-limit-ms = 500\nmemory-limit-mb = 32\n";

/// Reads its input in 64 KiB pieces and drops them; touches as many MiB as the first number
/// says, and prints how many it touched.
const MEM_MAIN: &str = r#"use std::io::Read;

fn main() {
    let mut stdin = std::io::stdin().lock();
    let mut piece = vec![0u8; 1 << 16];
    let mut head = Vec::new();
    loop {
        let n = stdin.read(&mut piece).expect("stdin");
        if n == 0 {
            break;
        }
        if head.len() < 16 {
            head.extend_from_slice(&piece[..n.min(16)]);
        }
    }
    let text = String::from_utf8_lossy(&head).into_owned();
    let mib: usize = text.split_whitespace().next().expect("a number").parse().expect("MiB");
    let mut memory = vec![0u8; mib << 20];
    for i in (0..memory.len()).step_by(4096) {
        memory[i] = 1;
    }
    let pages: usize = memory.iter().step_by(4096).map(|&b| b as usize).sum();
    println!("{}", pages * 4096 >> 20);
}
"#;

/// The interactor of every guess-* problem: judge-test's guess-the-number interactor (the one
/// every test of the workspace plays; the fixture crate depends on judge-test for it), with
/// guesses as plain numbers and at most 40 of them. The case is `N SECRET`; it tells the solver
/// N, then answers each guess with `higher`, `lower` or `correct`; more than 40 guesses, or an
/// end before `correct`, are rejected.
const GUESS_INTERACTOR: &str = r#"use judge_test::guess::{interactor_by, Rules};

fn main() -> std::process::ExitCode {
    let rules = Rules { asked_with_question_mark: false, max_guesses: Some(40) };
    judge_test::interactor_main(|case, solver, out| interactor_by(rules, case, solver, out))
}
"#;

/// A guess-the-number solver; `STRATEGY` decides the next guess from `lo..=hi`, `FLUSH` whether
/// it flushes before it reads, and `AFTER_FIRST_REPLY` runs once the first reply came.
const GUESS_SOLVER: &str = r#"use std::io::{BufRead, BufWriter, Write};

fn main() {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = BufWriter::new(std::io::stdout());
    let n: u64 = lines.next().expect("n").expect("n").trim().parse().expect("n");
    let (mut lo, mut hi) = (1, n);
    let mut replies = 0;
    loop {
        let guess = STRATEGY;
        writeln!(out, "{}", guess).expect("write");
        if FLUSH {
            out.flush().expect("flush");
        }
        let reply = match lines.next() {
            Some(Ok(reply)) => reply,
            _ => return,
        };
        replies += 1;
        if replies == 1 {
            AFTER_FIRST_REPLY;
        }
        match reply.trim() {
            "higher" => lo = guess + 1,
            "lower" => hi = guess - 1,
            _ => return,
        }
    }
}
"#;

/// Valid Rust today, but `let ... else` is newer than rustc 1.63: the bundle cannot compile.
const CE_MAIN: &str = "fn main() {\n    let Some(x) = Some(1) else { return };\n    \
                       println!(\"{}\", x);\n}\n";

/// A checker that takes its time before it accepts.
const SLOW_CHECK: &str =
    "fn main() {\n    std::thread::sleep(std::time::Duration::from_millis(150));\n    \
                          println!(\"AC\");\n}\n";

/// Panics on any input, with a message and a place (the RE line shows both).
const PANICKY_MAIN: &str = "fn main() {\n    let lengths: Vec<usize> = Vec::new();\n    \
                            let at = 7;\n    println!(\"{}\", lengths[at]);\n}\n";

/// Prints how many environment variables it sees: the runner gives it none.
const ENVY_MAIN: &str = "fn main() {\n    println!(\"{}\", std::env::vars_os().count());\n}\n";

/// Doubles the number it reads, but gets 7 wrong (15); its oracle (`NAIVE`) doubles.
const TYPO_MAIN: &str = r#"fn main() {
    let mut s = String::new();
    std::io::stdin().read_line(&mut s).unwrap();
    let n: u64 = s.trim().parse().unwrap();
    println!("{}", if n == 7 { 15 } else { 2 * n });
}
"#;

/// Reads the two numbers of its input and prints their sum (`SUFFIX` after it: the oracle
/// writes `.0`, which only a checker that reads numbers accepts).
const CHATTY_SUM: &str = r#"fn main() {
    let mut s = String::new();
    std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).unwrap();
    let sum: u64 = s.split_whitespace().map(|w| w.parse::<u64>().unwrap()).sum();
    println!("{}SUFFIX", sum);
}
"#;

/// The checker program of `chatty`: numbers compared as numbers; its verdict first, then
/// debug lines, one of which looks like a verdict.
const CHATTY_CHECK: &str = r#"fn number(path: &str) -> f64 {
    std::fs::read_to_string(path).unwrap().trim().parse().unwrap_or(f64::NAN)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (expected, found) = (number(&args[2]), number(&args[3]));
    if expected == found {
        println!("AC");
    } else {
        println!("WA sums differ: expected {}, found {}", expected, found);
    }
    println!("WA (debug) this line is not the verdict");
    println!("debug: compared {} with {}", expected, found);
}
"#;

/// `chatty-gen SEED`: two numbers drawn from the seed.
const CHATTY_GEN: &str = r#"fn main() {
    let seed: u64 = std::env::args().nth(1).unwrap().parse().unwrap();
    println!("{} {}", seed * 7 % 100, seed * 13 % 100);
}
"#;

/// The stress test of `chatty`: the solver and the oracle write the sum differently, so the
/// test passes only through the problem's checker program, whose debug lines change nothing.
const CHATTY_STRESS: &str = r#"use judge_io::{Error, Output, Rng};

fn sum(input: &[u8], out: &mut Output<Vec<u8>>, suffix: &str) -> Result<(), Error> {
    let text = String::from_utf8_lossy(input);
    let total: u64 = text.split_whitespace().map(|w| w.parse::<u64>().unwrap()).sum();
    out.int(total).str(suffix).newline();
    Ok(())
}

#[test]
fn stress_through_the_checker_program() {
    judge_test::Stress::new("chatty", |rng: &mut Rng| {
        format!("{} {}
", rng.below(100), rng.below(100)).into_bytes()
    })
    .solver(|input, out| sum(input, out, ""))
    .oracle(|input, out| sum(input, out, ".0"))
    .run();
}
"#;

/// The fixture workspace, written (and its binaries left to the runner to build) once.
fn fixture() -> &'static Path {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("runner-fixture");
        write(
            &root.join("Cargo.toml"),
            "[workspace]\nresolver = \"2\"\nmembers = [\"crates/*\"]\n",
        );
        problem(&root, "mem", "", MEM_MAIN, &[]);
        let mut big = b"0\n".to_vec();
        big.resize(40 << 20, b'.');
        write_bytes(&root.join("testdata/mem/a-big.in"), &big);
        for (case, input, output) in
            [("a-big", None, "0"), ("b-touch", Some("24"), "24"), ("c-over", Some("40"), "40")]
        {
            if let Some(input) = input {
                write(&root.join(format!("testdata/mem/{case}.in")), &format!("{input}\n"));
            }
            write(&root.join(format!("testdata/mem/{case}.out")), &format!("{output}\n"));
        }
        let solvers = [
            ("guess-ok", "(lo + hi) / 2", "true", "()"),
            ("guess-wrong", "lo", "true", "()"),
            ("guess-noflush", "(lo + hi) / 2", "false", "()"),
            ("guess-crash", "(lo + hi) / 2", "true", "panic!(\"the solver gave up\")"),
        ];
        for (name, strategy, flush, after_first_reply) in solvers {
            let main = GUESS_SOLVER
                .replace("STRATEGY", strategy)
                .replace("FLUSH", flush)
                .replace("AFTER_FIRST_REPLY", after_first_reply);
            problem(&root, name, "", &main, &[(&format!("{name}-interactor"), GUESS_INTERACTOR)]);
            write(&root.join(format!("testdata/{name}/a.in")), "100 90\n");
            write(&root.join(format!("testdata/{name}/b.in")), "1000 999\n");
        }
        problem(&root, "ce", "", CE_MAIN, &[]);
        write(&root.join("testdata/ce/a.in"), "\n");
        write(&root.join("testdata/ce/a.out"), "1\n");
        write(&root.join("testdata/ce/b.in"), "\n");
        write(&root.join("testdata/ce/b.out"), "1\n");
        problem(
            &root,
            "slow",
            "checker = \"binary\"\n",
            "fn main() { println!(\"1\"); }\n",
            &[("slow-check", SLOW_CHECK)],
        );
        write(&root.join("testdata/slow/a.in"), "\n");
        write(&root.join("testdata/slow/a.out"), "1\n");
        let floaty = "fn main() {\n    let mut s = String::new();\n    \
                      std::io::stdin().read_line(&mut s).unwrap();\n    print!(\"{}\", s);\n}\n";
        problem(&root, "floaty", "checker = \"floats 1e-6 1e-6\"\n", floaty, &[]);
        for (case, input) in [("a-close", "0.50000001"), ("b-far", "0.5001")] {
            write(&root.join(format!("testdata/floaty/{case}.in")), &format!("{input}\n"));
            write(&root.join(format!("testdata/floaty/{case}.out")), "0.5\n");
        }
        // For make-testdata: a solver and an oracle 1e-8 apart, under floats and exact checkers.
        let gen = "fn main() {\n    println!(\"{}\", std::env::args().nth(1).unwrap());\n}\n";
        let thirds = |extra: &str| {
            format!(
                "fn main() {{\n    let mut s = String::new();\n    \
                 std::io::stdin().read_line(&mut s).unwrap();\n    \
                 let x: f64 = s.trim().parse().unwrap();\n    println!(\"{{:.9}}\", x / 3.0{extra});\n}}\n"
            )
        };
        for (name, checker) in [("thirds", "checker = \"floats 1e-6 1e-6\"\n"), ("thirds-exact", "")] {
            let gen_bin = format!("{name}-gen");
            let naive_bin = format!("{name}-naive");
            let naive = thirds(" + 1e-8");
            problem(&root, name, checker, &thirds(""), &[(&gen_bin, gen), (&naive_bin, &naive)]);
            write(&root.join(format!("crates/{name}/testdata.list")), "# NAME SEED\none! 1\ntwo! 2\nbig 3\n");
        }
        let sleepy = "fn main() {\n    std::thread::sleep(std::time::Duration::from_secs(60));\n}\n";
        problem(&root, "sleepy", "", sleepy, &[]);
        write(&root.join("testdata/sleepy/a.in"), "\n");
        write(&root.join("testdata/sleepy/a.out"), "\n");
        problem(&root, "panicky", "", PANICKY_MAIN, &[]);
        problem(&root, "envy", "", ENVY_MAIN, &[]);
        for (name, input, output) in [("panicky", "1", "1"), ("envy", "1", "0")] {
            write(&root.join(format!("testdata/{name}/a.in")), &format!("{input}\n"));
            write(&root.join(format!("testdata/{name}/a.out")), &format!("{output}\n"));
        }
        let naive = TYPO_MAIN.replace("if n == 7 { 15 } else { 2 * n }", "2 * n");
        problem(&root, "typo", "", TYPO_MAIN, &[("typo-naive", &naive)]);
        // Hand-written samples (a typo in a's answer; b's is right, the solver is wrong), and
        // a case that make-testdata made (.generated lists it) with a wrong answer.
        let typo_cases =
            [("sample-a", "2", "5"), ("sample-b", "7", "14"), ("sample-c", "3", "6"), ("made", "2", "5")];
        for (case, input, output) in typo_cases {
            write(&root.join(format!("testdata/typo/{case}.in")), &format!("{input}\n"));
            write(&root.join(format!("testdata/typo/{case}.out")), &format!("{output}\n"));
        }
        write(&root.join("testdata/typo/.generated"), "made\n");
        planted(&root);
        chatty(&root);
        let interactor = "guess-made-interactor";
        let main = GUESS_SOLVER
            .replace("STRATEGY", "(lo + hi) / 2")
            .replace("FLUSH", "true")
            .replace("AFTER_FIRST_REPLY", "()");
        let guess_gen = "fn main() {\n    println!(\"1000 {}\", std::env::args().nth(1).unwrap());\n}\n";
        problem(&root, "guess-made", "", &main, &[(interactor, GUESS_INTERACTOR), ("guess-made-gen", guess_gen)]);
        write(&root.join("crates/guess-made/testdata.list"), "seven! 7\nnine 9\n");
        root
    })
}

/// Solutions that a judge stops at its limits, each a problem with one case `a` whose answer
/// is `1`: one allocates 4 GB, one loops, one prints blank lines forever (the exact checker
/// ignores them, so only the output limit ends it), one prints a long right prefix then a
/// wrong line, one leaves a child behind (its id written to the file its input names), one
/// prints a byte that is not UTF-8; and interactive solvers that allocate, loop or print
/// forever once the interactor has replied.
fn planted(root: &Path) {
    let hog = "fn main() {\n    let v = vec![1u8; 4usize << 30];\n    println!(\"{}\", v[v.len() / 2]);\n}\n";
    let looper = "fn main() {\n    loop {}\n}\n";
    let chatter = "use std::io::Write;\n\nfn main() {\n    let mut out = std::io::BufWriter::new(std::io::stdout().lock());\n    writeln!(out, \"1\").unwrap();\n    loop {\n        out.write_all(&[b'\\n'; 4096]).unwrap();\n    }\n}\n";
    let prefix = "use std::io::Write;\n\nfn main() {\n    let mut out = std::io::BufWriter::new(std::io::stdout().lock());\n    for _ in 0..200_000 {\n        writeln!(out, \"0\").unwrap();\n    }\n    writeln!(out, \"2\").unwrap();\n    for _ in 0..200_000_000u64 {\n        writeln!(out, \"0\").unwrap();\n    }\n}\n";
    let parent = r#"fn main() {
    let mut path = String::new();
    std::io::stdin().read_line(&mut path).unwrap();
    // Its streams elsewhere: the run's end does not wait for it.
    let child = std::process::Command::new("/bin/sleep")
        .arg("100")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::fs::write(path.trim(), child.id().to_string()).unwrap();
    println!("1");
}
"#;
    let bytes = "use std::io::Write;\n\nfn main() {\n    std::io::stdout().write_all(b\"\\xfd\\n\").unwrap();\n}\n";
    // The output limit lowered, so that the test does not wait for 64 MiB of a debug build's
    // checking: the same limit, smaller.
    let small_output = "output-limit-mb = 1\n";
    let planted = [
        ("hog", hog),
        ("looper", looper),
        ("chatter", chatter),
        ("parent", parent),
        ("bytes", bytes),
    ];
    for (name, main) in planted {
        let meta = if name == "chatter" { small_output } else { "" };
        problem(root, name, meta, main, &[]);
        write(&root.join(format!("testdata/{name}/a.out")), "1\n");
        write(&root.join(format!("testdata/{name}/a.in")), "\n");
    }
    let pid_file = root.join("target/parent-child.pid");
    write(&root.join("testdata/parent/a.in"), &format!("{}\n", pid_file.display()));
    write_bytes(&root.join("testdata/bytes/a.out"), b"\xfe\n");
    problem(root, "prefix", "", prefix, &[]);
    write(&root.join("testdata/prefix/a.in"), "\n");
    write(&root.join("testdata/prefix/a.out"), &format!("{}1\n", "0\n".repeat(200_000)));
    let child_pid_file = root.join("target/guess-child.pid");
    let leave_a_child = format!(
        "let null = std::process::Stdio::null; let child = \
         std::process::Command::new(\"/bin/sleep\").arg(\"100\").stdin(null()).stdout(null()) \
         .stderr(null()).spawn().unwrap(); \
         std::fs::write({:?}, child.id().to_string()).unwrap()",
        child_pid_file.display().to_string()
    );
    let after_first_reply = [
        ("guess-parent", leave_a_child.as_str()),
        ("guess-hog", "let v = vec![1u8; 4usize << 30]; println!(\"{}\", v[v.len() / 2])"),
        ("guess-loop", "loop {}"),
        ("guess-chatter", "loop { out.write_all(b\"77777777\").expect(\"write\"); }"),
    ];
    for (name, after) in after_first_reply {
        let main = GUESS_SOLVER
            .replace("STRATEGY", "(lo + hi) / 2")
            .replace("FLUSH", "true")
            .replace("AFTER_FIRST_REPLY", after);
        let meta = if name == "guess-chatter" { small_output } else { "" };
        problem(root, name, meta, &main, &[(&format!("{name}-interactor"), GUESS_INTERACTOR)]);
        write(&root.join(format!("testdata/{name}/a.in")), "100 90\n");
    }
}

/// `chatty`: a problem with a checker program that prints debug lines after its verdict, an
/// oracle that writes its answers differently, a generator, a testdata list and a stress test
/// on judge-test (the workspace's own judge-io and judge-test, by path).
fn chatty(root: &Path) {
    let real = Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2).expect("the workspace");
    let main = CHATTY_SUM.replace("SUFFIX", "");
    let naive = CHATTY_SUM.replace("SUFFIX", ".0");
    let bins =
        [("chatty-check", CHATTY_CHECK), ("chatty-naive", &naive), ("chatty-gen", CHATTY_GEN)];
    problem(root, "chatty", "checker = \"binary\"\n", &main, &bins);
    let dir = root.join("crates/chatty");
    let manifest = fs::read_to_string(dir.join("Cargo.toml")).expect("the manifest");
    let dependencies = format!(
        "\n[dev-dependencies]\njudge-io = {{ path = {:?} }}\njudge-test = {{ path = {:?} }}\n",
        real.join("judge-io"),
        real.join("crates/judge-test")
    );
    write(&dir.join("Cargo.toml"), &(manifest + &dependencies));
    write(&dir.join("tests/stress.rs"), CHATTY_STRESS);
    write(&dir.join("testdata.list"), "one! 1\ntwo! 2\n");
    // A hand-written case whose answer is wrong: the checker's reason is shown.
    write(&root.join("testdata/chatty/wrong.in"), "1 2\n");
    write(&root.join("testdata/chatty/wrong.out"), "4\n");
}

/// A problem crate `name` with `main.rs` and the given `src/bin` programs.
fn problem(root: &Path, name: &str, extra_meta: &str, main: &str, bins: &[(&str, &str)]) {
    let dir = root.join("crates").join(name);
    // A program that names judge_test (the guess interactor) has the harness, by path, as the
    // workspace's problems do.
    let harness = if bins.iter().any(|(_, source)| source.contains("judge_test")) {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../judge-test");
        format!("\n[dependencies]\njudge-test = {{ path = {path:?} }}\n")
    } else {
        String::new()
    };
    write(
        &dir.join("Cargo.toml"),
        &format!(
            "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\npublish = \
             false\n\n[package.metadata.judge]\n{LIMITS}{extra_meta}{harness}"
        ),
    );
    write(&dir.join("src/main.rs"), main);
    for (bin, source) in bins {
        write(&dir.join("src/bin").join(format!("{bin}.rs")), source);
    }
}

fn write(path: &Path, text: &str) {
    write_bytes(path, text.as_bytes());
}

/// Writes `bytes` unless the file holds them already (a rewrite would make cargo rebuild).
fn write_bytes(path: &Path, bytes: &[u8]) {
    if fs::read(path).is_ok_and(|old| old == bytes) {
        return;
    }
    fs::create_dir_all(path.parent().expect("a file in a folder")).expect("create the folder");
    fs::write(path, bytes).expect("write a fixture file");
}

/// `xtask testdata ARGS` on the fixture.
fn testdata(args: &[&str]) -> Output {
    testdata_with_env(args, &[])
}

/// `xtask testdata ARGS` on the fixture, with more variables in its environment.
fn testdata_with_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let root = fixture();
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("testdata")
        .args(args)
        .env("XTASK_WORKSPACE", root)
        .env("CARGO_TARGET_DIR", root.join("target"))
        .envs(env.iter().copied())
        .output()
        .expect("xtask runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The verdict line of `case` for `variant` (release or bundle) of `problem`.
fn line<'a>(out: &'a str, problem: &str, case: &str, variant: &str) -> &'a str {
    out.lines()
        .find(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            words.len() >= 4 && words[1] == problem && words[2] == case && words[3] == variant
        })
        .unwrap_or_else(|| panic!("no line for {problem} {case} {variant} in:\n{out}"))
}

/// A verdict line's peak memory, MB.
fn memory_mb(line: &str) -> f64 {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "MB").expect("a memory figure");
    words[at - 1].parse().expect("a number of MB")
}

#[test]
fn peak_memory_is_the_programs_own_after_a_big_case() {
    let output = testdata(&["--quick", "mem"]);
    let out = stdout(&output);
    // The runner read the 40 MB input of a-big (its checker reads inputs) before b-touch ran.
    assert!(line(&out, "mem", "a-big", "release").starts_with("AC "), "{out}");
    let touch = line(&out, "mem", "b-touch", "release");
    assert!(touch.starts_with("AC "), "{out}");
    let runner = memory_mb(touch);
    let binary = fixture().join("target/release/mem");
    let input = fixture().join("testdata/mem/b-touch.in");
    let gnu_time = Path::new("/usr/bin/time");
    assert!(gnu_time.is_file(), "install Debian's `time` package (.ci/run and scripts/test.sh do)");
    let gnu = Command::new(gnu_time)
        .args(["-f", "%M"])
        .arg(&binary)
        .stdin(fs::File::open(&input).expect("the input"))
        .output()
        .expect("GNU time runs");
    let stderr = String::from_utf8_lossy(&gnu.stderr);
    let gnu_kib: f64 = stderr.lines().last().expect("a figure").trim().parse().expect("KiB");
    let gnu_mb = gnu_kib / 1024.0;
    assert!(runner >= 24.0, "the program touched 24 MiB, the runner says {runner} MB:\n{out}");
    assert!((runner - gnu_mb).abs() <= 1.0, "runner {runner} MB, GNU time {gnu_mb} MB:\n{out}");
    // MLE is judged on the same figure: 40 MiB touched against a 32 MB limit.
    let over = line(&out, "mem", "c-over", "release");
    assert!(over.starts_with("MLE ") && over.contains("  over 32 MB"), "{out}");
    assert!(stdout(&output).ends_with("testdata: 2 passed, 1 failed\n"), "{out}");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn interactive_problems_run_against_their_interactor() {
    let problems = ["guess-ok", "guess-wrong", "guess-noflush", "guess-crash"];
    let output = testdata(&[&["--quick"], &problems[..]].concat());
    let out = stdout(&output);
    assert!(out.contains(
        "== guess-ok: 2 cases, BOJ limits 500 ms / 32 MB, interactor guess-ok-interactor"
    ));
    for case in ["a", "b"] {
        let ok = line(&out, "guess-ok", case, "release");
        assert!(ok.starts_with("AC ") && ok.contains(" MB"), "{out}");
        let wrong = line(&out, "guess-wrong", case, "release");
        assert!(wrong.starts_with("WA ") && wrong.ends_with("more than 40 guesses"), "{out}");
        // A solver that never flushes waits for a reply while the interactor waits for its
        // guess: seen as a deadlock at once, not killed at twice the limit.
        let waiting = line(&out, "guess-noflush", case, "release");
        assert!(
            waiting.starts_with("TLE ")
                && waiting.contains("idle: the solver and the interactor both waited for input"),
            "{out}"
        );
        assert!(waiting.ends_with("did the solver flush before it read?"), "{out}");
        let crash = line(&out, "guess-crash", case, "release");
        assert!(crash.starts_with("RE ") && crash.contains("exit status 101"), "{out}");
        assert!(crash.contains("panicked at crates/guess-crash/src/main.rs:"), "{out}");
        assert!(crash.ends_with(": the solver gave up"), "{out}");
    }
    // A failure shows the last lines of the exchange: the wrong solver's guesses and replies.
    let after_wrong = out.split(line(&out, "guess-wrong", "a", "release")).nth(1).expect("more");
    let exchange: Vec<&str> = after_wrong.lines().skip(1).take(13).collect();
    assert_eq!(exchange[0].trim(), "last lines of the exchange (> solver to interactor, < back):");
    assert_eq!(exchange[10].trim(), "| > 40");
    assert_eq!(exchange[11].trim(), "| < higher");
    assert_eq!(exchange[12].trim(), "| > 41");
    assert!(out.ends_with("testdata: 2 passed, 6 failed\n"), "{out}");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn a_bundle_that_does_not_compile_is_one_line_and_a_good_one_runs_against_the_interactor() {
    if !Path::new("/usr/bin/rustc").is_file() {
        panic!("install Debian's rustc (the judges' rustc 1.63; scripts/test.sh does)");
    }
    let output = testdata(&["ce", "guess-ok"]);
    let out = stdout(&output);
    let ce: Vec<&str> = out.lines().filter(|line| line.starts_with("CE ")).collect();
    assert_eq!(ce.len(), 1, "{out}");
    // The bundler refuses it with the judge's first error at its line in the crate:
    // `crates/ce/src/main.rs:LINE:COLUMN: error[E0658]: ...`, LINE being the let-else.
    let place = ce[0].split_whitespace().find(|w| w.starts_with("crates/ce/src/main.rs:"));
    let place = place.unwrap_or_else(|| panic!("no place in {}", ce[0]));
    let line_number: usize = place.split(':').nth(1).and_then(|n| n.parse().ok()).expect("a line");
    let main = fs::read_to_string(fixture().join("crates/ce/src/main.rs")).expect("main.rs");
    let source_line = main.lines().nth(line_number - 1).expect("the line is in main.rs");
    assert!(source_line.contains("let Some(x) = Some(1) else"), "{source_line}");
    assert!(ce[0].contains("error[E0658]"), "{out}");
    assert!(line(&out, "ce", "a", "release").starts_with("AC "), "{out}");
    assert!(!out.contains("aborting"), "the compiler's dump stays out:\n{out}");
    for case in ["a", "b"] {
        assert!(line(&out, "guess-ok", case, "bundle").starts_with("AC "), "{out}");
    }
    assert!(out.ends_with("testdata: 6 passed, 1 failed\n"), "{out}");
}

#[test]
fn a_slow_checker_shows_its_time_and_a_float_wa_says_why() {
    let output = testdata(&["--quick", "slow", "floaty"]);
    let out = stdout(&output);
    assert!(
        out.contains("== floaty: 2 cases, BOJ limits 500 ms / 32 MB, checker floats 1e-6 1e-6\n")
    );
    let slow = line(&out, "slow", "a", "release");
    // The checker sleeps 150 ms: its time is shown (as `checker 0.152 s`).
    assert!(
        slow.starts_with("AC ") && slow.contains("  checker ") && slow.ends_with(" s"),
        "{out}"
    );
    assert!(line(&out, "floaty", "a-close", "release").starts_with("AC "), "{out}");
    let far = line(&out, "floaty", "b-far", "release");
    assert!(far.starts_with("WA ") && far.contains("\"0.5001\""), "{out}");
    assert!(out.ends_with("testdata: 2 passed, 1 failed\n"), "{out}");
}

#[test]
fn a_panic_shows_its_message_and_place_and_the_environment_stays_out() {
    if !Path::new("/usr/bin/rustc").is_file() {
        panic!("install Debian's rustc (the judges' rustc 1.63; scripts/test.sh does)");
    }
    // What a developer's shell may hold: with a backtrace, a panicking run took 0.1 s and
    // 37 MB instead of 0.002 s and 2 MB. None of it reaches a measured program.
    let env =
        [("RUST_BACKTRACE", "1"), ("RUST_LIB_BACKTRACE", "1"), ("RUST_MIN_STACK", "268435456")];
    let output = testdata_with_env(&["panicky", "envy"], &env);
    let out = stdout(&output);
    // The release binary (rustc of today) and the bundle (rustc 1.63) report panics in two
    // formats; both lines show the message and the place.
    for (variant, place) in [
        ("release", "crates/panicky/src/main.rs:4:"),
        ("bundle", "target/bundles/panicky/Main.rs:"),
    ] {
        let crash = line(&out, "panicky", "a", variant);
        assert!(crash.starts_with("RE "), "{out}");
        assert!(crash.contains(&format!("exit status 101; panicked at {place}")), "{out}");
        assert!(crash.ends_with(": index out of bounds: the len is 0 but the index is 7"), "{out}");
        assert!(line(&out, "envy", "a", variant).starts_with("AC "), "{out}");
    }
    assert!(out.ends_with("testdata: 2 passed, 2 failed\n"), "{out}");
}

#[test]
fn a_program_that_never_ends_is_killed() {
    let output = testdata(&["--quick", "sleepy"]);
    let out = stdout(&output);
    // It sleeps, so its CPU time stays small: the wall-time backstop ends it once it has slept
    // three times the 500 ms limit and a second (a busy machine may see that a little late).
    let hang = line(&out, "sleepy", "a", "release");
    let seconds: f64 = hang
        .split("killed after ")
        .nth(1)
        .and_then(|rest| rest.strip_suffix(" s of wall time"))
        .and_then(|seconds| seconds.parse().ok())
        .unwrap_or_else(|| panic!("no wall time in {hang:?}"));
    assert!(hang.starts_with("TLE ") && seconds >= 2.5, "{out}");
    assert!(out.ends_with("testdata: 0 passed, 1 failed\n"), "{out}");
}

#[test]
fn a_sample_that_the_oracle_disagrees_with_is_the_suspect() {
    let output = testdata(&["--quick", "typo"]);
    let out = stdout(&output);
    let typo = line(&out, "typo", "sample-a", "release");
    assert!(typo.starts_with("SUSPECT "), "{out}");
    assert!(
        typo.ends_with(
            "sample-a.out is the suspect: oracle typo-naive \"4\", sample-a.out \"5\", solver \
             \"4\" (line 1, column 1)"
        ),
        "{out}"
    );
    // A right sample that the solver fails is a plain WA, and so is a case that
    // make-testdata made (its output came from the solver, checked by the oracle then).
    assert!(line(&out, "typo", "sample-b", "release").starts_with("WA "), "{out}");
    assert!(line(&out, "typo", "made", "release").starts_with("WA "), "{out}");
    assert!(line(&out, "typo", "sample-c", "release").starts_with("AC "), "{out}");
    assert!(out.ends_with("testdata: 1 passed, 3 failed\n"), "{out}");
}

#[test]
fn one_checker_program_judges_alike_in_the_runner_make_testdata_and_stress() {
    // The checker prints its verdict, then debug lines (one of them starts with WA): every
    // reader takes the first line. The oracle writes `20.0` where the solver writes `20`, so
    // each comparison below goes through the checker.
    let made = make_testdata("chatty");
    let out = stdout(&made);
    assert!(made.status.success(), "{out}{}", String::from_utf8_lossy(&made.stderr));
    for case in ["one", "two"] {
        assert!(out.contains(&format!("{case}: ")), "{out}");
    }
    assert_eq!(out.matches("oracle-checked: yes\n").count(), 2, "{out}");

    let output = testdata(&["--quick", "chatty"]);
    let out = stdout(&output);
    for case in ["one", "two"] {
        assert!(line(&out, "chatty", case, "release").starts_with("AC "), "{out}");
    }
    // A wrong answer shows the checker's reason (its first line), here for a sample whose
    // expected output is wrong.
    let wrong = line(&out, "chatty", "wrong", "release");
    assert!(
        wrong.starts_with("SUSPECT ")
            && wrong.contains(
                "(sums differ: expected 4, found 3); the solver's output: sums \
                               differ: expected 4, found 3"
            ),
        "{out}"
    );
    assert!(out.ends_with("testdata: 2 passed, 1 failed\n"), "{out}");

    let root = fixture();
    let stress = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(["test", "-q", "-p", "chatty", "--test", "stress", "--", "--nocapture"])
        .current_dir(root)
        .env("CARGO_TARGET_DIR", root.join("target"))
        .env_remove("STRESS_SEED")
        .env_remove("STRESS_CASES")
        .env_remove("STRESS_SECONDS")
        .output()
        .expect("cargo runs");
    let shown = format!("{}{}", stdout(&stress), String::from_utf8_lossy(&stress.stderr));
    assert!(stress.status.success(), "{shown}");
    assert!(shown.contains("the solver agrees with the oracle"), "{shown}");
}

/// `xtask make-testdata PROBLEM` on the fixture.
fn make_testdata(problem: &str) -> Output {
    let root = fixture();
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["make-testdata", problem])
        .env("XTASK_WORKSPACE", root)
        .env("CARGO_TARGET_DIR", root.join("target"))
        .output()
        .expect("xtask runs")
}

#[test]
fn make_testdata_compares_through_the_checker_and_counts_bytes() {
    let dir = fixture().join("testdata/thirds");
    fs::create_dir_all(&dir).expect("testdata folder");
    // A case made before that the list no longer names goes; a hand-written one stays.
    fs::write(dir.join(".generated"), "one\nstale\n").expect("manifest");
    fs::write(dir.join("stale.in"), "9\n").expect("stale case");
    fs::write(dir.join("sample.in"), "3\n").expect("sample");
    fs::write(dir.join("sample.out"), "1.000000000\n").expect("sample");
    let output = make_testdata("thirds");
    let out = stdout(&output);
    assert!(output.status.success(), "{out}{}", String::from_utf8_lossy(&output.stderr));
    assert!(out.contains("one: 2 bytes in, 12 bytes out, oracle-checked: yes\n"), "{out}");
    assert!(out.contains("big: 2 bytes in, 12 bytes out, oracle-checked: no\n"), "{out}");
    assert!(out.contains("stale: removed (no longer in crates/thirds/testdata.list)\n"), "{out}");
    // 3 inputs of 2 bytes and 3 outputs of 12, the sample (2 + 12), the manifest (12).
    assert!(out.ends_with("made 3 cases in testdata/thirds (68 bytes in all)\n"), "{out}");
    assert!(!dir.join("stale.in").exists() && dir.join("sample.in").exists());
    assert_eq!(fs::read_to_string(dir.join("two.out")).expect("two.out"), "0.666666667\n");
    assert_eq!(fs::read_to_string(dir.join(".generated")).expect("manifest"), "one\ntwo\nbig\n");

    // The same oracle under the exact checker disagrees, and nothing is written.
    let _ = fs::remove_dir_all(fixture().join("testdata/thirds-exact"));
    let output = make_testdata("thirds-exact");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr.starts_with("error: one: the solver and the oracle disagree (line 1, column 1: "),
        "{stderr}"
    );
    assert!(stderr.trim_end().ends_with("nothing written"), "{stderr}");
    assert!(!fixture().join("testdata/thirds-exact/one.in").exists());
}

#[test]
fn make_testdata_checks_an_interactive_case_against_the_interactor() {
    let output = make_testdata("guess-made");
    let out = stdout(&output);
    assert!(output.status.success(), "{out}{}", String::from_utf8_lossy(&output.stderr));
    assert!(out.contains("seven: 7 bytes in, checked by guess-made-interactor: yes\n"), "{out}");
    assert!(out.contains("nine: 7 bytes in, checked by guess-made-interactor: no\n"), "{out}");
    let dir = fixture().join("testdata/guess-made");
    assert_eq!(fs::read_to_string(dir.join("seven.in")).expect("seven.in"), "1000 7\n");
    assert!(!dir.join("seven.out").exists(), "an interactive case is its input alone");
}

#[test]
fn a_judges_limits_stop_a_solution() {
    let problems = ["hog", "looper", "chatter", "prefix", "parent", "bytes"];
    let pid_file = fixture().join("target/parent-child.pid");
    let _ = fs::remove_file(&pid_file);
    let output = testdata(&[&["--quick"], &problems[..]].concat());
    let out = stdout(&output);
    // 4 GB under a 32 MB limit: the allocation is refused at once.
    let hog = line(&out, "hog", "a", "release");
    assert!(hog.starts_with("MLE ") && hog.contains("over 32 MB: memory allocation of"), "{out}");
    // A loop is stopped soon after its CPU time passes the limit, not at the wall backstop.
    let looper = line(&out, "looper", "a", "release");
    assert!(looper.starts_with("TLE ") && looper.contains("over 500 ms: stopped at 0.6"), "{out}");
    // Blank lines forever, which the checker would accept: the output limit stops them.
    let chatter = line(&out, "chatter", "a", "release");
    assert!(chatter.starts_with("OLE ") && chatter.ends_with("over 1 MiB of output"), "{out}");
    // A long right prefix, then a wrong line: WA there, without the rest of the output.
    let prefix = line(&out, "prefix", "a", "release");
    assert!(
        prefix.starts_with("WA ")
            && prefix.contains("  line 200001, column 1: expected \"1\", found \"2\""),
        "{out}"
    );
    assert!(line(&out, "parent", "a", "release").starts_with("AC "), "{out}");
    let bytes = line(&out, "bytes", "a", "release");
    assert!(bytes.ends_with(r#"line 1, column 1: expected "\xfe", found "\xfd""#), "{out}");
    assert_gone(&pid_file);
    assert!(out.ends_with("testdata: 1 passed, 5 failed\n"), "{out}");
}

#[test]
fn a_judges_limits_stop_an_interactive_solution() {
    let problems = ["guess-parent", "guess-hog", "guess-loop", "guess-chatter"];
    let pid_file = fixture().join("target/guess-child.pid");
    let _ = fs::remove_file(&pid_file);
    let output = testdata(&[&["--quick"], &problems[..]].concat());
    let out = stdout(&output);
    assert!(line(&out, "guess-parent", "a", "release").starts_with("AC "), "{out}");
    assert_gone(&pid_file);
    let hog = line(&out, "guess-hog", "a", "release");
    assert!(hog.starts_with("MLE ") && hog.contains("over 32 MB"), "{out}");
    let looper = line(&out, "guess-loop", "a", "release");
    assert!(looper.starts_with("TLE ") && looper.contains("over 500 ms: stopped at"), "{out}");
    let chatter = line(&out, "guess-chatter", "a", "release");
    assert!(chatter.starts_with("OLE ") && chatter.contains("over 1 MiB of output"), "{out}");
    assert!(out.ends_with("testdata: 1 passed, 3 failed\n"), "{out}");
}

#[test]
fn watch_reruns_on_a_change_only_and_ends_on_ctrl_c() {
    let root = fixture();
    let log = root.join("target/watch.log");
    let mut watch = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["test", "--watch", "envy"])
        .env("XTASK_WORKSPACE", root)
        .env("CARGO_TARGET_DIR", root.join("target"))
        .stdout(fs::File::create(&log).expect("a log"))
        .spawn()
        .expect("xtask runs");
    let runs = || fs::read_to_string(&log).unwrap_or_default().matches("testdata: ").count();
    // Waits (up to a minute, for a busy machine) until `n` runs have printed their counts.
    let wait_for = |n: usize| {
        for _ in 0..600 {
            if runs() >= n {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        panic!("no run {n}:\n{}", fs::read_to_string(&log).unwrap_or_default());
    };
    wait_for(1);
    // Nothing changed: a few polls later, still one run.
    std::thread::sleep(std::time::Duration::from_millis(500));
    assert_eq!(runs(), 1, "{}", fs::read_to_string(&log).unwrap_or_default());
    // A save of a case's answer (the same bytes, a new time) is a change.
    let answer = root.join("testdata/envy/a.out");
    let text = fs::read(&answer).expect("the answer");
    std::thread::sleep(std::time::Duration::from_millis(20));
    fs::write(&answer, text).expect("a save");
    wait_for(2);
    let interrupted =
        Command::new("kill").args(["-INT", &watch.id().to_string()]).status().expect("kill runs");
    assert!(interrupted.success());
    let status = watch.wait().expect("the watch ends");
    let out = fs::read_to_string(&log).unwrap_or_default();
    assert!(status.success() && out.ends_with("watch: stopped\n"), "{status}:\n{out}");
    assert!(out.contains("==== a change: --quick envy again"), "{out}");
}

/// The process whose id the file holds (a `sleep` a solution started) is gone with its run.
fn assert_gone(pid_file: &Path) {
    let child: u32 =
        fs::read_to_string(pid_file).expect("the child's id").trim().parse().expect("an id");
    let stat = fs::read_to_string(format!("/proc/{child}/stat")).unwrap_or_default();
    assert!(!stat.contains("(sleep)") || stat.contains(") Z "), "the child survives: {stat}");
}
