//! `xtask new` (behind `scripts/new.sh`) end to end, in a fixture workspace that holds copies
//! of judge-io and the test harness (judge-test, judge-meta) beside the crates it makes:
//!
//! - each shape of problem (ordinary, multi-test with the yes-no checker, interactive), a
//!   library and an Algospot problem (Rust 2015) that uses it pass fmt and clippy at once, and
//!   their samples pass `xtask testdata` (the interactive one and the library's user through
//!   their bundles too);
//! - `--kit` on each shape compiles at once; before its oracle is written the stress test
//!   stops naming src/naive.rs; a different solution (another input type, another `solve`)
//!   still compiles with the kit; once the oracles are written every test passes, and a wrong
//!   solver planted in the ordinary problem is caught and shrunk; the benchmarks run (the
//!   multi-test one on a max input that keeps its sum over the test cases) and
//!   make-testdata makes the kit's list;
//! - a second `--kit` changes nothing; `scripts/stress.sh`, `bench.sh` and `make-testdata.sh`
//!   on a problem without a kit say so in one `error:` line with the command that adds it;
//! - bad arguments are a usage line and exit 2; a failure leaves nothing behind.
//!
//! The fixture (`tests/fixture/mod.rs`) is the one `tests/receive.rs` uses: one build of
//! judge-io and the harness for both, incremental from one run to the next.

mod fixture;

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use fixture::{cargo, cargo_with, edit, failed, read, snapshot, succeeded, xtask};

/// The crates the test makes (removed first, left afterwards for a look).
const MADE: &[&str] = &["tpl-sum", "tpl-yes", "tpl-guess", "tpl-fenwick", "tpl-uses-lib"];

/// `scripts/NAME ARGS` of the fixture, with a `cargo` that does nothing and the xtask under
/// test in place of the one the scripts would build: what a script does before it builds.
fn script(root: &Path, name: &str, args: &[&str]) -> Output {
    let target = root.join("script-target");
    let fake = root.join("script-bin");
    fs::create_dir_all(target.join("debug")).expect("a folder");
    fs::create_dir_all(&fake).expect("a folder");
    let xtask = target.join("debug/xtask");
    let _ = fs::remove_file(&xtask);
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_xtask"), &xtask).expect("a link to xtask");
    let cargo = fake.join("cargo");
    fs::write(&cargo, "#!/bin/sh\nexit 0\n").expect("a fake cargo");
    let executable = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    fs::set_permissions(&cargo, executable).expect("an executable");
    let path = format!("{}:{}", fake.display(), std::env::var("PATH").unwrap_or_default());
    Command::new("bash")
        .arg(root.join("scripts").join(name))
        .args(args)
        .env("PATH", path)
        .env("XTASK_WORKSPACE", root)
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .expect("bash runs")
}

/// Replaces the body of `naive::run` (the last function of a kit's src/naive.rs) with `body`.
fn write_oracle(path: &Path, body: &str) {
    let text = read(path);
    let at = text.rfind("pub fn run").expect("naive::run");
    fs::write(path, format!("{}{body}", &text[..at])).expect("can write the oracle");
}

const SUM_ORACLE: &str =
    "pub fn run<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    let input = crate::parse(input)?;
    let mut total = 0;
    for &value in &input.a {
        total += value;
    }
    crate::render(total, out);
    Ok(())
}
";

const SORTED_ORACLE: &str =
    "pub fn run<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    for case in crate::parse(input)? {
        let mut sorted = case.a.clone();
        sorted.sort();
        crate::render(sorted == case.a, out);
    }
    Ok(())
}
";

const GUESS_ORACLE: &str = "pub fn run<R: Read, W: Write>(
    input: &mut StreamInput<R>,
    out: &mut Output<W>,
) -> Result<(), Error> {
    let n: u64 = input.int()?;
    let mut candidates: Vec<u64> = (1..=n).collect();
    while let Some(&guess) = candidates.get(candidates.len() / 2) {
        out.str(\"? \").int(guess).newline();
        out.flush().map_err(|e| Error::new(format!(\"cannot write output: {}\", e)))?;
        match input.token(\"a reply\")? {
            b\"correct\" => return Ok(()),
            b\"higher\" => candidates.retain(|&x| x > guess),
            _ => candidates.retain(|&x| x < guess),
        }
    }
    Err(Error::new(\"the replies contradict each other\"))
}
";

/// Another solution for tpl-sum: another input type, another `solve` and `render`.
const OTHER_SOLUTION: &str =
    "//! tpl-sum, solved differently: words, each as long as it is times k.

pub mod naive;

use std::io::Write;

use judge_io::{input, Error, Output, Scanner};

/// Words, and a factor.
pub struct Words {
    pub words: Vec<Vec<u8>>,
    pub k: u32,
}

pub fn parse(input: &[u8]) -> Result<Words, Error> {
    let mut sc = Scanner::new(input);
    input! { from sc, n: usize in 1..=1000, k: u32 in 1..=3, words: [Bytes; n] }
    sc.expect_end()?;
    Ok(Words { words, k })
}

pub fn solve(input: &Words) -> Vec<usize> {
    input.words.iter().map(|word| word.len() * input.k as usize).collect()
}

pub fn render<W: Write>(answer: Vec<usize>, out: &mut Output<W>) {
    for value in answer {
        out.int(value).newline();
    }
}

pub fn run<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    render(solve(&parse(input)?), out);
    Ok(())
}
";

#[test]
fn made_crates_pass_every_check_at_once() {
    let fixture = fixture::fixture(MADE);
    let root = fixture.root.as_path();
    let made = |args: &[&str]| succeeded(&format!("xtask new {args:?}"), &xtask(root, args));

    // Each shape, and what it is made of.
    let out = made(&["new", "tpl-sum", "--judge", "boj", "--time-limit", "2000"]);
    let files = "created crates/tpl-sum/ (Cargo.toml, src/main.rs, src/lib.rs) and \
                 testdata/tpl-sum/ (sample-1.in, sample-1.out)";
    assert!(out.starts_with(files), "{out}");
    assert!(out.contains("note: no --memory-limit: BOJ's usual 128 MB applies"), "{out}");
    assert!(out.contains("scripts/new.sh --kit tpl-sum"), "{out}");
    let sum = root.join("crates/tpl-sum");
    let manifest = read(&sum.join("Cargo.toml"));
    assert!(manifest.contains("\ntime-limit-ms = 2000\n"), "{manifest}");
    assert!(manifest.contains("\n# memory-limit-mb = 128 "), "{manifest}");
    let main = read(&sum.join("src/main.rs"));
    assert!(main.starts_with("//! tpl-sum: runs `run` of lib.rs on stdin."), "{main}");
    assert!(!main.contains("TODO"), "main.rs is bundled as it is:\n{main}");

    made(&["new", "tpl-yes", "--judge", "codeforces", "--multi-test", "--checker", "yes-no"]);
    let manifest = read(&root.join("crates/tpl-yes/Cargo.toml"));
    assert!(manifest.contains("\nchecker = \"yes-no\"\nmulti-test = true\n"), "{manifest}");
    // The yes-no checker in use: the sample's answers in another letter case still pass.
    fs::write(root.join("testdata/tpl-yes/sample-2.in"), "2\n1\n5\n2\n2 1\n").expect("a sample");
    fs::write(root.join("testdata/tpl-yes/sample-2.out"), "yes\nnO\n").expect("a sample");

    made(&["new", "--interactive", "tpl-guess", "--judge", "codeforces"]);
    assert!(root.join("crates/tpl-guess/src/bin/tpl-guess-interactor.rs").is_file());
    assert!(!root.join("testdata/tpl-guess/sample-1.out").exists(), "interactive cases are inputs");

    made(&["new", "--lib", "tpl-fenwick"]);
    let manifest = read(&root.join("crates/tpl-fenwick/Cargo.toml"));
    for line in ["\nedition = \"2021\"\n", "\nrust-version = \"1.63\"\n"] {
        assert!(manifest.contains(line), "{manifest}");
    }
    assert!(!manifest.contains("[package.metadata.judge]"), "a library is no problem");

    // A problem for Algospot (no --edition: Rust 2015) whose solver sums through the library,
    // judged by a checker program of its own.
    made(&["new", "tpl-uses-lib", "--judge", "algospot", "--checker", "binary"]);
    assert!(root.join("crates/tpl-uses-lib/src/bin/tpl-uses-lib-check.rs").is_file());
    let uses = root.join("crates/tpl-uses-lib");
    let dependency = "judge-io = { path = \"../../judge-io\" }\n";
    edit(
        &uses.join("Cargo.toml"),
        dependency,
        &format!("{dependency}tpl-fenwick = {{ path = \"../tpl-fenwick\" }}\n"),
    );
    edit(
        &uses.join("src/lib.rs"),
        "    input.a.iter().sum()\n",
        "    let mut tree = tpl_fenwick::Fenwick::new(input.a.len());\n    \
         for (i, &value) in input.a.iter().enumerate() {\n        \
         tree.add(i, value);\n    }\n    tree.sum(0..tree.len())\n",
    );

    // Their samples give verdicts at once; the interactive one and the library's user through
    // their bundles too.
    let out = succeeded(
        "xtask testdata --quick",
        &xtask(root, &["testdata", "--quick", "tpl-sum", "tpl-yes"]),
    );
    assert!(out.contains("testdata: 3 passed, 0 failed"), "{out}");
    assert!(out.contains("checker yes-no"), "{out}");
    let out = succeeded("xtask testdata", &xtask(root, &["testdata", "tpl-guess", "tpl-uses-lib"]));
    assert!(out.contains("testdata: 4 passed, 0 failed"), "{out}");
    assert!(out.contains("checker tpl-uses-lib-check"), "{out}");
    // The runner keeps the bundle it compiled.
    let bundle = read(&root.join("target/bundles/tpl-uses-lib/Main.rs"));
    assert!(bundle.contains("mod tpl_fenwick {"), "the library is inlined:\n{bundle}");

    // The kits, on each shape.
    for problem in ["tpl-sum", "tpl-yes", "tpl-guess"] {
        let out = made(&["new", "--kit", problem]);
        assert!(out.contains("src/gen.rs is derived from the input! declaration"), "{out}");
    }
    write_oracle(&root.join("crates/tpl-yes/src/naive.rs"), SORTED_ORACLE);
    write_oracle(&root.join("crates/tpl-guess/src/naive.rs"), GUESS_ORACLE);
    succeeded("cargo fmt --check", &cargo(root, &["fmt", "--all", "--check"]));
    let mut packages = Vec::new();
    for name in MADE {
        packages.extend(["-p", name]);
    }
    let clippy = [&["clippy", "-q", "--all-targets"], &packages[..], &["--", "-D", "warnings"]];
    succeeded("cargo clippy", &cargo(root, &clippy.concat()));

    // Before its oracle is written, the kit's stress test stops, naming it.
    let stress = ["test", "-q", "-p", "tpl-sum", "--test", "stress"];
    let out = failed("stress without an oracle", &cargo(root, &stress));
    assert!(
        out.contains(
            "stress tpl-sum: the oracle does not answer generated input 0: the oracle is not \
             written yet: write naive::run in crates/tpl-sum/src/naive.rs"
        ),
        "{out}"
    );
    // Another solution, with another input type: the kit still compiles.
    let lib = sum.join("src/lib.rs");
    let solution = read(&lib);
    fs::write(&lib, OTHER_SOLUTION).expect("another solution");
    let clippy = ["clippy", "-q", "--all-targets", "-p", "tpl-sum", "--", "-D", "warnings"];
    succeeded("cargo clippy after another solution", &cargo(root, &clippy));
    fs::write(&lib, solution).expect("the solution back");

    // With the oracle written, a wrong solver is caught and shrunk to the smallest input.
    write_oracle(&sum.join("src/naive.rs"), SUM_ORACLE);
    edit(
        &lib,
        "    input.a.iter().sum()\n",
        "    input.a.iter().sum::<i64>() + input.a.iter().any(|&v| v < -5) as i64\n",
    );
    let out = failed("stress on a wrong solver", &cargo(root, &stress));
    assert!(out.contains("--- shrunk input\n1\n-6\n--- solver\n-5\n--- oracle\n-6\n"), "{out}");
    edit(
        &lib,
        "    input.a.iter().sum::<i64>() + input.a.iter().any(|&v| v < -5) as i64\n",
        "    input.a.iter().sum()\n",
    );

    // Every test of every crate passes; the benchmarks run; make-testdata makes the list.
    let out = succeeded(
        "cargo test",
        &cargo_with(root, &[&["test", "-q"], &packages[..]].concat(), &[("STRESS_CASES", "300")]),
    );
    assert!(!out.contains("test result: FAILED"), "{out}");
    for bench in ["tpl-sum", "tpl-yes", "tpl-guess"] {
        let example = format!("{bench}-bench");
        let out =
            succeeded(&example, &cargo(root, &["run", "-q", "-p", bench, "--example", &example]));
        assert!(out.contains("ms"), "{example} prints its figures:\n{out}");
    }
    let out = made(&["make-testdata", "tpl-sum"]);
    assert!(out.contains("made 4 cases in testdata/tpl-sum"), "{out}");

    // A second kit changes nothing.
    let before = snapshot(&sum);
    let out = made(&["new", "--kit", "tpl-sum"]);
    assert!(out.starts_with("crates/tpl-sum has its kit already: "), "{out}");
    assert_eq!(before, snapshot(&sum));
    let out = xtask(root, &["new", "tpl-sum", "--judge", "boj"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("crates/tpl-sum already exists"));

    // The scripts on a problem without a kit: one error line, with the command that adds it.
    for (name, args) in [
        ("stress.sh", &["tpl-uses-lib"][..]),
        ("bench.sh", &["tpl-uses-lib"]),
        ("make-testdata.sh", &["tpl-uses-lib"]),
    ] {
        let output = script(root, name, args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{name}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
        assert!(
            stderr.starts_with("error: tpl-uses-lib has no kit yet (no ")
                && stderr.contains(": scripts/new.sh --kit tpl-uses-lib adds "),
            "{name}: {stderr}"
        );
    }
}

#[test]
fn bad_arguments_are_a_usage_line_and_status_2() {
    // Nothing is written, so an empty folder will do for a workspace.
    let root = &Path::new(env!("CARGO_TARGET_TMPDIR")).join("new-bad-arguments");
    fs::create_dir_all(root.join("crates/taken")).expect("can create a folder");
    let cases: &[(&[&str], &str)] = &[
        (&[], "NAME is missing"),
        (&["x", "--judge", "boj", "--time-limit", "2"], "--time-limit needs a whole number"),
        (&["x", "--judge", "boj", "--memory-limit", "lots"], "--memory-limit needs a whole"),
        (&["x", "--judge", "uva"], "unknown judge profile \"uva\""),
        (&["x", "--judge", "boj", "--verbose"], "unknown option --verbose"),
        (&["x", "--judge", "boj", "--checker", "fuzzy"], "--checker: expected a checker"),
        (&["--lib", "x", "--judge", "boj"], "--lib takes a NAME alone"),
        (&["Bad_Name", "--judge", "boj"], "Bad_Name is not a crate name"),
        (&["build", "--judge", "boj"], "build cannot name a binary: cargo refuses it"),
        (&["--lib", "deps"], "deps cannot name a binary: cargo refuses it"),
        (&["taken", "--judge", "boj"], "crates/taken already exists"),
        (&["--lib", "taken"], "crates/taken already exists"),
        (&["--kit", "nothing"], "\"nothing\" is not a problem crate"),
    ];
    for (args, reason) in cases {
        let output = xtask(root, &[&["new"], *args].concat());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 2, "{args:?}: {stderr}");
        assert!(lines[0].starts_with("error: ") && lines[0].contains(reason), "{args:?}: {stderr}");
        assert!(lines[1].starts_with("usage: scripts/new.sh NAME --judge boj|"), "{stderr}");
    }
    let help = xtask(root, &["new", "--help"]);
    assert!(succeeded("new --help", &help).contains("\n  codeforces   Codeforces "));

    // A failure on the way leaves nothing: here `testdata` is a file, so the crate's samples
    // cannot be made after the crate itself was.
    fs::write(root.join("testdata"), "in the way").expect("a file");
    let output = xtask(root, &["new", "boj-1000", "--judge", "boj"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.starts_with("error: cannot make testdata/boj-1000: "), "{stderr}");
    assert!(stderr.trim_end().ends_with("(nothing was made)"), "{stderr}");
    let written: Vec<_> = fs::read_dir(root.join("crates")).expect("lists").collect();
    assert_eq!(written.len(), 1, "only crates/taken: nothing was made");
    let staging = root.join("target/xtask-new");
    let left: Vec<_> = fs::read_dir(&staging).map_or(Vec::new(), |dir| dir.collect());
    assert!(left.is_empty(), "the staging folder is removed: {left:?}");
    fs::remove_file(root.join("testdata")).expect("cleaning up");
}
