//! Running a binary end to end: one way to start a program on an input, and the checks the
//! problems' `tests/cli.rs` make with it (a run's exact outcome, a generator's command line),
//! plus this process's peak memory for the benchmarks.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `program` with `args`, `input` on its stdin, and collects its status and output: the
/// end-to-end tests' one way to run a binary.
///
/// The input is written from another thread, so a binary that exits before reading it all
/// (as it may on bad input) cannot block the caller.
///
/// # Panics
/// If the program cannot be started: a test has nothing to check then.
pub fn run_binary(program: &str, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        // A broken pipe only means the binary stopped reading early.
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("a started child can be waited for");
    writer.join().expect("the writer thread does not panic");
    output
}

/// Runs `program` with `args` on `input` and checks the outcome, the end-to-end tests' one
/// check. `expected` is the exact stdout of a success (with nothing on stderr); or the exact
/// stdout printed before a failure (the answers to earlier valid cases, often none) followed by
/// the failure's one stderr line starting with `error:`, and then the status must be 1.
///
/// # Panics
/// When the outcome differs, with the input and both outcomes in the message.
#[track_caller]
pub fn check_run(program: &str, args: &[&str], input: &[u8], expected: &str) {
    let output = run_binary(program, args, input);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let shown = String::from_utf8_lossy(&input[..input.len().min(200)]);
    let error_at = if expected.starts_with("error:") {
        Some(0)
    } else {
        expected.find("\nerror:").map(|i| i + 1)
    };
    match error_at {
        Some(at) => {
            let (expected_stdout, expected_error) = expected.split_at(at);
            assert_eq!(
                output.status.code(),
                Some(1),
                "{program} on {shown:?}: status; stderr {stderr}"
            );
            assert_eq!(stdout, expected_stdout, "{program} on {shown:?}: stdout");
            assert_eq!(
                stderr.trim_end_matches('\n'),
                expected_error.trim_end_matches('\n'),
                "{program} on {shown:?}: stderr"
            );
            assert_eq!(stderr.lines().count(), 1, "{program} on {shown:?}: one stderr line");
        }
        None => {
            assert!(output.status.success(), "{program} on {shown:?} failed: {stderr}");
            assert_eq!(
                (stdout.as_ref(), stderr.as_ref()),
                (expected, ""),
                "{program} on {shown:?}"
            );
        }
    }
}

/// Checks a generator binary's command line: `good` arguments give the same non-empty bytes
/// twice (which are returned), and each of `bad` fails with one `error:` line and status 1.
///
/// # Panics
/// When either does not hold.
#[track_caller]
pub fn check_generator(program: &str, good: &[&str], bad: &[&[&str]]) -> Vec<u8> {
    let first = run_binary(program, good, b"");
    assert!(first.status.success(), "{good:?}: {}", String::from_utf8_lossy(&first.stderr));
    assert!(!first.stdout.is_empty(), "{good:?} printed nothing");
    assert_eq!(run_binary(program, good, b"").stdout, first.stdout, "same arguments, same bytes");
    for args in bad {
        let output = run_binary(program, args, b"");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?} should fail");
        assert!(output.stdout.is_empty(), "{args:?} printed on stdout");
        assert!(
            stderr.starts_with("error: ") && stderr.lines().count() == 1,
            "{args:?}: {stderr:?}"
        );
    }
    first.stdout
}

/// The peak resident memory of this process in KiB (`VmHWM` in `/proc/self/status`), if the
/// platform reports it.
pub fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
