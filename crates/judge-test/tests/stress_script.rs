//! `scripts/stress.sh` on its command line: `--help`, and every argument that could not give a
//! true run (no case, no time limit, a number too big) refused at once as a usage error
//! (`error:` line, usage line, status 2), before anything is built; never a hang.

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The usage line, as the script prints it.
const USAGE: &str = "usage: scripts/stress.sh PROBLEM [--cases N | --seconds S] [--seed X] \
                     [--workers W]   (for example: scripts/stress.sh boj-11559 --seconds 30)";

/// Runs `scripts/stress.sh ARGS`; a run still going after 20 seconds is killed with all it
/// started, and fails the test.
fn stress_sh(args: &[&str]) -> Output {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let child = Command::new("bash")
        .arg(root.join("scripts/stress.sh"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .expect("bash runs");
    let group = format!("-{}", child.id());
    let started = Instant::now();
    let (done, waited) = std::sync::mpsc::channel();
    let waiter = std::thread::spawn(move || {
        let output = child.wait_with_output().expect("the script ends");
        let _ = done.send(());
        output
    });
    if waited.recv_timeout(Duration::from_secs(20)).is_err() {
        let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
        waiter.join().expect("the waiter ends");
        panic!("scripts/stress.sh {args:?} still ran after {:?}", started.elapsed());
    }
    waiter.join().expect("the waiter ends")
}

#[track_caller]
fn assert_usage_error(args: &[&str], reason: &str) {
    let output = stress_sh(args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(stderr, format!("error: {reason}\n{USAGE}\n"), "{args:?}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "", "{args:?}");
}

#[test]
fn help_prints_the_usage_and_succeeds() {
    for flag in ["--help", "-h"] {
        let output = stress_sh(&[flag]);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{flag}");
        assert!(stdout.starts_with(&format!("{USAGE}\n\n")), "{flag}: {stdout}");
        assert!(stdout.contains("--seconds S"), "{stdout}");
        assert!(output.stderr.is_empty(), "{flag}");
    }
    // Anywhere on the line, even after a bad option's place.
    assert_eq!(stress_sh(&["boj-11559", "--seed", "1", "--help"]).status.code(), Some(0));
}

#[test]
fn a_run_that_could_not_end_or_proves_nothing_is_refused() {
    assert_usage_error(
        &["boj-11559", "--seconds", "0"],
        "--seconds needs at least 1: 0 would be no time limit, and no end",
    );
    assert_usage_error(&["boj-11559", "--seconds", "000"], {
        "--seconds needs at least 1: 0 would be no time limit, and no end"
    });
    assert_usage_error(
        &["boj-11559", "--cases", "0"],
        "--cases needs at least 1: no case proves nothing",
    );
    assert_usage_error(&["boj-11559", "--workers", "0"], "--workers needs at least 1");
}

#[test]
fn each_usage_error_says_what_was_wrong() {
    assert_usage_error(&[], "no problem given");
    assert_usage_error(&["--cases", "5"], "no problem given");
    assert_usage_error(&["boj-11559", "--bogus"], "unknown option \"--bogus\"");
    assert_usage_error(&["boj-11559", "--cases"], "--cases needs a value");
    assert_usage_error(
        &["boj-11559", "--cases", "5", "--seconds", "3"],
        "--cases and --seconds exclude each other",
    );
    assert_usage_error(
        &["boj-11559", "--seed", "18446744073709551616"],
        "--seed needs a whole number below 2^64, found \"18446744073709551616\"",
    );
    assert_usage_error(
        &["boj-11559", "--seconds", "1.5"],
        "--seconds needs a whole number below 2^64, found \"1.5\"",
    );
    assert_usage_error(
        &["boj-11559", "boardcover"],
        "one problem at a time (\"boj-11559\" and \"boardcover\")",
    );
}
