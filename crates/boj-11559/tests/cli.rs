//! The binaries end to end: the sample, accepted whitespace, every kind of bad input (status
//! 1, one `error:` line naming the place), and the generator's and oracle's command lines.

use judge_test::check_run;

/// Runs `binary` with `args` on `input`; returns (success, stdout, stderr).
fn run(binary: &str, args: &[&str], input: &[u8]) -> (bool, String, String) {
    let output = judge_test::run_binary(binary, args, input);
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

const SOLVER: &str = env!("CARGO_BIN_EXE_boj-11559");
const NAIVE: &str = env!("CARGO_BIN_EXE_boj-11559-naive");
const GEN: &str = env!("CARGO_BIN_EXE_boj-11559-gen");

/// The solver (and the oracle, which must agree) on `input`.
#[track_caller]
fn check(input: &str, expected: &str) {
    check_run(SOLVER, &[], input.as_bytes(), expected);
    check_run(NAIVE, &[], input.as_bytes(), expected);
}

const SAMPLE: &str = "......\n......\n......\n......\n......\n......\n......\n......\n\
                      .Y....\n.YG...\nRRYG..\nRRYGG.\n";

#[test]
fn sample_and_accepted_whitespace() {
    check(SAMPLE, "3\n");
    check(&SAMPLE.replace('\n', " \t\r\n"), "3\n");
    check(SAMPLE.trim_end(), "3\n");
    check(&format!("{}\n\n  \n", SAMPLE), "3\n");
    check("RRRR", "1\n");
}

#[test]
fn bad_input_is_one_located_error() {
    check("", "error: line 1, column 1: expected a field of '.' and A-Z, found end of input");
    check("\n\r\n", "error: line 1, column 1: expected a field of '.' and A-Z, found end of input");
    check("......\n......\n......\n.....\n", "error: line 4, column 6: expected 6 cells, found 5");
    check("..\n...\n", "error: line 2, column 3: expected 2 cells, found 3");
    check(
        "...\n\n...\n",
        "error: line 2, column 1: expected a row of '.' and A-Z, found an empty line",
    );
    check("...\n..?\n", "error: line 2, column 3: expected '.' or A-Z, found '?'");
    check("...\n.r.\n", "error: line 2, column 2: expected '.' or A-Z, found 'r'");
    check("..\n.\x00\n", "error: line 2, column 2: expected '.' or A-Z, found '\\x00'");
    check(
        "......\n..R...\n......\n",
        "error: line 2, column 3: expected a settled field, found 'R' above an empty cell",
    );
}

#[test]
fn generator_command_line() {
    let (ok, first, _) = run(GEN, &["5", "chain", "20", "7"], b"");
    assert!(ok);
    assert_eq!(first.lines().count(), 20);
    assert!(first.lines().all(|line| line.len() == 7));
    assert_eq!(run(GEN, &["5", "chain", "20", "7"], b"").1, first, "same arguments, same bytes");
    check_run(SOLVER, &[], first.as_bytes(), "27\n");
    let (ok, judge, _) = run(GEN, &["9", "judge"], b"");
    assert!(ok && judge.lines().count() == 12 && judge.bytes().all(|b| b"RGBPY.\n".contains(&b)));
    for args in [&["x", "random"][..], &["1", "nope"], &["1", "chain", "5", "5"], &["1"]] {
        let (ok, stdout, stderr) = run(GEN, args, b"");
        assert!(!ok && stdout.is_empty(), "{:?}", args);
        assert!(
            stderr.starts_with("error: ") && stderr.lines().count() == 1,
            "{:?}: {:?}",
            args,
            stderr
        );
    }
}
