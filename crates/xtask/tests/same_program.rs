//! `xtask bundle` runs the bundle against cargo's release build on the testdata before it
//! prints it: on a fixture workspace of small problems written below (one whose bundle agrees,
//! one whose bundle prints another number, one whose bundle loops, one that prints the time,
//! one without testdata, a `Drop` that prints, and two guess-the-number problems whose interactor judges), checked by
//! what `xtask bundle` and `xtask same-program` print and their exit status.
//!
//! The programs that differ tell the two builds apart by `module_path!()`: cargo names the
//! crate after the package, rustc names the one-file bundle after its file (`Main.rs`). That is a
//! stand-in for a bundler that cut something the program needed.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// Every fixture problem's metadata: BOJ (rustc 1.63), and a short time limit so that the
/// program that loops is killed soon.
const LIMITS: &str = "profile = \"boj\"\ntime-limit-ms = 200\nmemory-limit-mb = 64\n";

/// Prints the sum of the numbers it reads; `BUNDLED` is what the bundle adds to it.
const SUM: &str = r#"fn main() {
    let mut s = String::new();
    std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).unwrap();
    let sum: u64 = s.split_whitespace().map(|w| w.parse::<u64>().unwrap()).sum();
    let bundled = module_path!() == "Main";
    println!("{}", if bundled { sum + BUNDLED } else { sum });
}
"#;

/// Prints its answer when `Out` is dropped, as a buffered writer does.
const DROPPER: &str = r#"struct Out(String);

impl Drop for Out {
    fn drop(&mut self) {
        print!("{}", self.0);
    }
}

fn main() {
    let mut out = Out(String::new());
    out.0.push_str("42\n");
}
"#;

/// Ends at once as cargo builds it, loops forever as a bundle.
const STUCK: &str = r#"fn main() {
    if module_path!() == "Main" {
        loop {
            std::hint::spin_loop();
        }
    }
    println!("1");
}
"#;

/// Prints the time: another output on every run, as cargo builds it and as a bundle.
const CLOCK: &str = r#"fn main() {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap();
    println!("{}", since.as_nanos());
}
"#;

/// The interactor of the guess problems (std only): the case is `N X`; it sends N, answers
/// each guess with `higher`, `lower` or `correct`, and rejects a 13th guess or an end before
/// `correct`.
const INTERACTOR: &str = r#"use std::io::{BufRead, Write};

fn main() {
    let path = std::env::args().nth(1).expect("a case");
    let case = std::fs::read_to_string(path).expect("the case");
    let mut numbers = case.split_whitespace().map(|w| w.parse::<u64>().expect("a number"));
    let (n, secret) = (numbers.next().expect("N"), numbers.next().expect("X"));
    let mut out = std::io::stdout();
    let _ = writeln!(out, "{}", n).and_then(|()| out.flush());
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    for _ in 0..12 {
        let guess: u64 = match lines.next() {
            Some(Ok(line)) => line.trim().parse().unwrap_or(0),
            _ => {
                eprintln!("the solver ended before correct");
                std::process::exit(1);
            }
        };
        let reply = if guess < secret { "higher" } else if guess > secret { "lower" } else { "correct" };
        let _ = writeln!(out, "{}", reply).and_then(|()| out.flush());
        if guess == secret {
            return;
        }
    }
    eprintln!("more than 12 guesses");
    std::process::exit(1);
}
"#;

/// Guesses by halving as cargo builds it; as a bundle, when `LINEAR` is true, one number at a
/// time from the bottom (too many guesses for the interactor).
const GUESSER: &str = r#"use std::io::{BufRead, Write};

fn main() {
    let linear = LINEAR && module_path!() == "Main";
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout();
    let n: u64 = lines.next().unwrap().unwrap().trim().parse().unwrap();
    let (mut lo, mut hi) = (1, n);
    loop {
        let guess = if linear { lo } else { (lo + hi) / 2 };
        writeln!(out, "{}", guess).unwrap();
        out.flush().unwrap();
        match lines.next() {
            Some(Ok(reply)) if reply.trim() == "higher" => lo = guess + 1,
            Some(Ok(reply)) if reply.trim() == "lower" => hi = guess - 1,
            _ => return,
        }
    }
}
"#;

/// The fixture workspace, written once (only where a file changed, so builds are incremental).
fn fixture() -> &'static Path {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("same-program-fixture");
        write(
            &root.join("Cargo.toml"),
            "[workspace]\nresolver = \"2\"\nmembers = [\"crates/*\"]\n",
        );
        for (name, bundled) in [("agrees", "0"), ("differs", "1")] {
            problem(&root, name, &SUM.replace("BUNDLED", bundled), &[]);
            for (case, input, output) in
                [("sample-1", "1 2", "3"), ("sample-2", "40 2", "42"), ("made-1", "5", "5")]
            {
                write(&root.join(format!("testdata/{name}/{case}.in")), &format!("{input}\n"));
                write(&root.join(format!("testdata/{name}/{case}.out")), &format!("{output}\n"));
            }
            write(&root.join(format!("testdata/{name}/.generated")), "made-1\n");
        }
        problem(&root, "lonely", &SUM.replace("BUNDLED", "0"), &[]);
        problem(&root, "dropper", DROPPER, &[]);
        write(&root.join("testdata/dropper/sample-1.in"), "\n");
        write(&root.join("testdata/dropper/sample-1.out"), "42\n");
        problem(&root, "clock", CLOCK, &[]);
        write(&root.join("testdata/clock/sample-1.in"), "\n");
        write(&root.join("testdata/clock/sample-1.out"), "0\n");
        problem(&root, "stuck", STUCK, &[]);
        write(&root.join("testdata/stuck/sample-1.in"), "\n");
        write(&root.join("testdata/stuck/sample-1.out"), "1\n");
        for (name, linear) in [("guess-same", "false"), ("guess-differs", "true")] {
            let interactor = format!("{name}-interactor");
            problem(&root, name, &GUESSER.replace("LINEAR", linear), &[(&interactor, INTERACTOR)]);
            write(&root.join(format!("testdata/{name}/sample-1.in")), "1000 999\n");
        }
        root
    })
}

/// A problem crate `name` with `main.rs` and the given `src/bin` programs.
fn problem(root: &Path, name: &str, main: &str, bins: &[(&str, &str)]) {
    let dir = root.join("crates").join(name);
    write(
        &dir.join("Cargo.toml"),
        &format!(
            "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\npublish = \
             false\n\n[package.metadata.judge]\n{LIMITS}"
        ),
    );
    write(&dir.join("src/main.rs"), main);
    for (bin, source) in bins {
        write(&dir.join("src/bin").join(format!("{bin}.rs")), source);
    }
}

/// Writes `text` unless the file holds it already (a rewrite would make cargo rebuild).
fn write(path: &Path, text: &str) {
    if fs::read_to_string(path).is_ok_and(|old| old == text) {
        return;
    }
    fs::create_dir_all(path.parent().expect("a file in a folder")).expect("create the folder");
    fs::write(path, text).expect("write a fixture file");
}

/// `xtask ARGS` on the fixture.
fn xtask(args: &[&str]) -> Output {
    let root = fixture();
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .env("XTASK_WORKSPACE", root)
        .env("CARGO_TARGET_DIR", root.join("target"))
        .output()
        .expect("xtask runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The bundle of `problem`, which the check let through; its stderr.
fn printed(problem: &str) -> (String, String) {
    let output = xtask(&["bundle", problem]);
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert!(output.status.success(), "{problem} is refused:\n{stderr}");
    assert!(stdout.contains("fn main()"), "the bundle is printed:\n{stdout}");
    (stdout, stderr)
}

/// The report of a refused check: nothing on stdout, exit status 1, `error:` and the
/// bundler's fault on stderr.
fn refused(output: &Output) -> String {
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(text(&output.stdout), "", "nothing is printed");
    assert!(stderr.contains("error: the bundler made a different program"), "{stderr}");
    assert!(stderr.contains("This is the bundler's fault, not your code's."), "{stderr}");
    stderr
}

#[test]
fn a_bundle_that_agrees_is_printed_with_what_ran() {
    let (_, stderr) = printed("agrees");
    assert!(
        stderr.contains(
            "same program: the bundle and cargo's release build agree on 3 cases (2 samples, 1 \
             more) in "
        ),
        "{stderr}"
    );
}

#[test]
fn a_bundle_that_prints_something_else_is_refused_at_its_first_case_and_token() {
    let stderr = refused(&xtask(&["bundle", "differs"]));
    assert!(
        stderr.contains(
            "on testdata/differs/sample-1.in, so it is not printed. This is the bundler's fault"
        ),
        "the case is named:\n{stderr}"
    );
    assert!(
        stderr.contains("\nat line 1, token 1: cargo's build prints `3`, the bundle `4`\n"),
        "the token and its place:\n{stderr}"
    );
    assert!(
        stderr.contains(
            "Please report it with the bundle, saved as target/bundles/differs/checked/Main.rs, \
             and crates/differs. `scripts/bundle.sh differs` reproduces it; to see the two \
             outputs: `target/bundles/differs/checked/main < testdata/differs/sample-1.in` and \
             `target/release/differs < testdata/differs/sample-1.in`."
        ),
        "what to report:\n{stderr}"
    );
    let saved = fixture().join("target/bundles/differs/checked/Main.rs");
    assert!(fs::read_to_string(saved).expect("the bundle is saved").contains("fn main()"));
}

#[test]
fn a_bundle_without_the_drop_that_prints_is_refused() {
    let (bundle, _) = printed("dropper");
    // The cut a bundler must never make: the `impl Drop` that prints the answer.
    let start = bundle.find("impl Drop for Out {").expect("the bundle keeps the impl");
    let end = start + bundle[start..].find("\n}\n").expect("the impl's end") + 3;
    let cut = format!("{}{}", &bundle[..start], &bundle[end..]);
    assert!(!cut.contains("fn drop"), "{cut}");
    let path = fixture().join("target/dropper-cut.rs");
    fs::write(&path, cut).expect("write the cut bundle");
    let stderr = refused(&xtask(&["same-program", "dropper", path.to_str().expect("UTF-8")]));
    assert!(stderr.contains("on testdata/dropper/sample-1.in,"), "{stderr}");
    assert!(
        stderr.contains(
            "at line 1, token 1: cargo's build prints `42`, the bundle nothing (its output ends)"
        ),
        "{stderr}"
    );
    // The whole bundle agrees.
    let whole = fixture().join("target/dropper-whole.rs");
    fs::write(&whole, bundle).expect("write the bundle");
    let output = xtask(&["same-program", "dropper", whole.to_str().expect("UTF-8")]);
    assert!(output.status.success(), "{}", text(&output.stderr));
}

#[test]
fn a_bundle_that_loops_is_killed_and_refused() {
    let stderr = refused(&xtask(&["bundle", "stuck"]));
    assert!(
        stderr.contains(
            "\ncargo's build ends (exit status 0), the bundle is stopped at 1 s of CPU time or \
             320 MB of memory\n"
        ),
        "{stderr}"
    );
}

#[test]
fn a_program_that_does_not_do_the_same_twice_is_not_compared() {
    let (_, stderr) = printed("clock");
    assert!(
        stderr.contains("agree on 0 cases (0 samples, 0 more) in ",)
            && stderr.contains(
                "; not compared: testdata/clock/sample-1.in (cargo's build does not do the same \
             from one run to the next)\n"
            ),
        "{stderr}"
    );
}

#[test]
fn a_problem_without_testdata_gets_a_note_and_its_bundle() {
    let (_, stderr) = printed("lonely");
    assert!(
        stderr.contains(
            "note: testdata/lonely holds no cases, so the bundle could not be run against \
             cargo's build\n"
        ),
        "{stderr}"
    );
}

#[test]
fn an_interactive_bundle_is_compared_by_its_verdict() {
    let (_, stderr) = printed("guess-same");
    assert!(stderr.contains("agree on 1 case (1 sample, 0 more)"), "{stderr}");
    let stderr = refused(&xtask(&["bundle", "guess-differs"]));
    assert!(stderr.contains("on testdata/guess-differs/sample-1.in,"), "{stderr}");
    assert!(
        stderr.contains(
            "\nthrough the interactor, cargo's build gets AC and the bundle WA (more than 12 \
             guesses)\n"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("  | > 12\n"), "the bundle's exchange is shown:\n{stderr}");
}
