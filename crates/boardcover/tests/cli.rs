//! The `boardcover` binary end to end: the statement's sample, then every kind of bad input
//! (status 1, one `error:` line on stderr that names the place).

use std::process::Output;

use judge_test::run_binary;

const SAMPLE_IN: &str = "3
3 7
#.....#
#.....#
##...##
3 7
#.....#
#.....#
##..###
8 10
##########
#........#
#........#
#........#
#........#
#........#
#........#
##########
";

fn run_solver(input: &str) -> Output {
    run_binary(env!("CARGO_BIN_EXE_boardcover"), &[], input.as_bytes())
}

#[track_caller]
fn check(input: &str, expected: &str) {
    let output = run_solver(input);
    assert!(
        output.status.success(),
        "status {:?}, stderr {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&output.stdout), expected);
    assert!(output.stderr.is_empty());
}

/// Asserts a bad input fails with status 1 and one `error:` line containing `place`; returns
/// what was printed on stdout before the error.
#[track_caller]
fn check_error(input: &str, place: &str) -> String {
    let output = run_solver(input);
    assert_eq!(output.status.code(), Some(1), "input:\n{}", input);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(stderr.starts_with("error: "), "{:?}", stderr);
    assert!(stderr.ends_with('\n') && stderr.lines().count() == 1, "{:?}", stderr);
    assert!(stderr.contains(place), "{:?} does not name {:?}", stderr, place);
    assert!(!stderr.contains("panicked"), "{:?}", stderr);
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn sample() {
    check(SAMPLE_IN, "0\n2\n1514\n");
}

#[test]
fn long_board_gets_an_exact_count() {
    // 20 x 9, all white: 60 pieces. (20 x 20 boards are for release builds: see the bench.)
    let mut input = String::from("1\n20 9\n");
    for _ in 0..20 {
        input.push_str(".........\n");
    }
    let output = run_solver(&input);
    assert!(output.status.success());
    let count = String::from_utf8_lossy(&output.stdout).trim().to_string();
    assert!(count.len() > 15 && count.bytes().all(|b| b.is_ascii_digit()), "{}", count);
}

#[test]
fn bad_inputs_name_the_place() {
    let cases: [(&str, &str); 14] = [
        ("", "line 1, column 1: expected a non-negative integer, found end of input"),
        ("x\n", "line 1, column 1: expected a non-negative integer, found \"x\""),
        ("1\n2 x\n", "test case 1, W, line 2, column 3: expected a non-negative integer"),
        ("1\n0 3\n", "test case 1, line 2, column 1: H must be in 1..=20, found 0"),
        ("1\n21 3\n", "test case 1, line 2, column 1: H must be in 1..=20, found 21"),
        ("1\n2 21\n", "test case 1, line 2, column 3: W must be in 1..=20, found 21"),
        ("1\n2 -1\n", "test case 1, W, line 2, column 3: expected a non-negative integer"),
        ("1\n2 3 4\n", "test case 1, line 2, column 5: expected end of line"),
        ("1\n2 3\n...\n", "test case 1, line 4, column 1: expected row 2, found end of input"),
        ("1\n2 3\n...\n....\n", "test case 1, line 4, column 1: row 2 has 4 cells, expected 3"),
        ("1\n2 3\n...\n.o.\n", "test case 1, line 4, column 2: expected '#' or '.', found 'o'"),
        ("1\n1 3\n.\t.\n", "test case 1, line 3, column 2: expected '#' or '.', found byte 0x09"),
        ("2\n1 3\n...\n", "line 4, column 1: expected test case 2 of the 2 announced"),
        ("1\n1 3\n...\n1 3\n...\n", "after the 1 test case announced, line 4, column 1"),
    ];
    for (input, place) in cases.iter() {
        check_error(input, place);
    }
}

#[test]
fn answers_before_the_bad_case_are_kept() {
    let stdout =
        check_error("3\n2 3\n...\n...\n1 1\n#\n1 2\n.?\n", "test case 3, line 8, column 2");
    assert_eq!(stdout, "2\n1\n");
}

#[test]
fn oracle_binary_agrees_on_the_sample() {
    let naive = env!("CARGO_BIN_EXE_boardcover-naive");
    let output = run_binary(naive, &[], SAMPLE_IN.as_bytes());
    assert!(output.status.success());
    assert_eq!(String::from_utf8_lossy(&output.stdout), "0\n2\n1514\n");
}

#[test]
fn generator_is_deterministic_and_rejects_bad_arguments() {
    let gen = env!("CARGO_BIN_EXE_boardcover-gen");
    let run = |args: &[&str]| run_binary(gen, args, b"");
    let first = run(&["42", "judge", "30"]);
    assert!(first.status.success());
    assert_eq!(first.stdout, run(&["42", "judge", "30"]).stdout);
    assert_ne!(first.stdout, run(&["43", "judge", "30"]).stdout);
    for args in
        [&["42"][..], &["x", "random", "3"], &["1", "judge", "31"], &["1", "rect", "1", "2"]].iter()
    {
        let output = run(args);
        assert_eq!(output.status.code(), Some(1), "{:?}", args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with("error: ") && stderr.lines().count() == 1, "{:?}", stderr);
    }
}
