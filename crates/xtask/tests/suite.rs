//! The test command end to end (`xtask test`, behind scripts/test.sh) on a fixture workspace:
//! a library whose unit tests pass, fail, are ignored and crash, with a doc-test; a test of
//! its own `main` (`harness = false`); a library that rustc 1.63 cannot compile (each
//! library is checked as every judge meets it); a problem with an integration test (built in
//! release) and a testdata case. The counts come from libtest's list and log, and the last
//! line says them.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const LIB: &str = r#"//! A library of the fixture.

/// Doubles.
///
/// ```
/// assert_eq!(fixture_lib::double(2), 4);
/// ```
pub fn double(x: u64) -> u64 {
    2 * x
}

#[cfg(test)]
mod tests {
    #[test]
    fn passes() {
        assert_eq!(super::double(3), 6);
    }

    #[test]
    fn fails() {
        assert_eq!(super::double(3), 7, "three doubled is not seven");
    }

    #[test]
    #[ignore]
    fn ignored() {}
}
"#;

/// Unit tests that abort the whole process: the first abort ends both, and neither is logged.
const CRASHING: &str = r#"#[cfg(test)]
mod tests {
    #[test]
    fn aborts() {
        std::process::abort();
    }

    #[test]
    fn aborts_too() {
        std::process::abort();
    }
}
"#;

/// A library that rustc 1.63 cannot compile (let-else is Rust 1.65): its check as every judge
/// meets it fails for the 1.63 judges, where it is written, before any problem uses it.
const TOO_NEW: &str = r#"//! Newer syntax than the oldest judge's.

/// The value, or 0.
pub fn value_or_zero(x: Option<u8>) -> u8 {
    let Some(v) = x else { return 0 };
    v
}
"#;

const OWN_MAIN: &str = "fn main() {\n    println!(\"all good\");\n}\n";

const PROBLEM_MAIN: &str = r#"fn main() {
    let mut s = String::new();
    std::io::stdin().read_line(&mut s).unwrap();
    print!("{}", s);
}
"#;

const PROBLEM_TEST: &str = r#"#[test]
fn the_binary_echoes() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_prob")).output().unwrap();
    assert!(output.status.success());
}
"#;

fn write(path: &Path, text: &str) {
    if fs::read_to_string(path).is_ok_and(|old| old == text) {
        return;
    }
    fs::create_dir_all(path.parent().expect("a file in a folder")).expect("create the folder");
    fs::write(path, text).expect("write a fixture file");
}

fn manifest(name: &str, extra: &str) -> String {
    format!(
        "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\npublish = false\n{extra}"
    )
}

/// The fixture workspace, under cargo's scratch folder (its builds stay between runs).
fn fixture() -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("suite-fixture");
    write(&root.join("Cargo.toml"), "[workspace]\nresolver = \"2\"\nmembers = [\"crates/*\"]\n");
    write(&root.join("crates/fixture-lib/Cargo.toml"), &manifest("fixture-lib", ""));
    write(&root.join("crates/fixture-lib/src/lib.rs"), LIB);
    write(&root.join("crates/crashing/Cargo.toml"), &manifest("crashing", ""));
    write(&root.join("crates/crashing/src/lib.rs"), CRASHING);
    write(&root.join("crates/too-new/Cargo.toml"), &manifest("too-new", ""));
    write(&root.join("crates/too-new/src/lib.rs"), TOO_NEW);
    let own = "\n[[test]]\nname = \"own\"\nharness = false\n";
    write(&root.join("crates/own-main/Cargo.toml"), &manifest("own-main", own));
    write(&root.join("crates/own-main/src/lib.rs"), "//! Nothing.\n");
    write(&root.join("crates/own-main/tests/own.rs"), OWN_MAIN);
    let judge = "\n[package.metadata.judge]\nprofile = \"boj\"\n";
    write(&root.join("crates/prob/Cargo.toml"), &manifest("prob", judge));
    write(&root.join("crates/prob/src/main.rs"), PROBLEM_MAIN);
    write(&root.join("crates/prob/tests/cli.rs"), PROBLEM_TEST);
    write(&root.join("testdata/prob/a.in"), "5\n");
    write(&root.join("testdata/prob/a.out"), "5\n");
    root
}

fn xtask_test(root: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("test")
        .env("XTASK_WORKSPACE", root)
        .env("CARGO_TARGET_DIR", root.join("target"))
        .output()
        .expect("xtask runs")
}

#[test]
fn the_counts_are_the_tests_own() {
    if !Path::new("/usr/bin/rustc").is_file() {
        panic!("install Debian's rustc (the judges' rustc 1.63; scripts/test.sh does)");
    }
    let root = fixture();
    let output = xtask_test(&root);
    let out = String::from_utf8_lossy(&output.stdout);
    let shown = format!("{out}\n{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(output.status.code(), Some(1), "{shown}");
    // A job's line: `   ok   3 tests   0.10 s  NAME (CPU 0.0 s)` (`1 test` alone).
    let says = |name: &str, verdict: &str, counts: &str| {
        let line = out
            .lines()
            .find(|line| line.contains(&format!(" s  {name}")))
            .unwrap_or_else(|| panic!("no line for {name}:\n{shown}"));
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[0], verdict, "{name}: {line}");
        assert!(line.contains(&format!(" {counts} ")), "{name}: {line}");
    };
    // One passes, one fails, one is ignored (not counted).
    says("fixture-lib src/lib.rs", "FAIL", "1 of 2 tests failed");
    says("fixture-lib doc-tests", "ok", "1 test");
    // The process aborts: both tests failed, though neither reached the log.
    says("crashing src/lib.rs", "FAIL", "2 of 2 tests failed");
    says("own-main tests/own.rs", "ok", "1 test");
    says("prob tests/cli.rs", "ok", "1 test");
    says("testdata prob", "ok", "2 runs");
    // Every library is compiled whole as each judge meets it: four ways.
    says("fixture-lib as every judge meets it", "ok", "4 checks");
    says("too-new as every judge meets it", "FAIL", "2 of 4 checks failed");
    assert!(
        out.contains(
            "FAIL too-new: rustc 1.63 (Rust 2015): Algospot: crates/too-new/src/lib.rs:5:5: "
        ),
        "{shown}"
    );
    // The failure's own words are shown.
    assert!(out.contains("three doubled is not seven"), "{shown}");
    assert!(out.contains("--- fixture-lib src/lib.rs (1 failed)"), "{shown}");
    assert!(out.contains("(the process ended: killed by signal 6 (SIGABRT))"), "{shown}");
    assert!(!out.contains("--logfile"), "libtest's warning about the option stays out:\n{shown}");
    let last: Vec<&str> = out.lines().rev().take(3).collect();
    assert_eq!(last[0], "20 passed, 5 failed", "{shown}");
    assert_eq!(last[1], "testdata: 2 passed, 0 failed", "{shown}");
    assert_eq!(last[2], "cargo test: 18 passed, 5 failed", "{shown}");
}
