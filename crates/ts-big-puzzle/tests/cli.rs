//! The `ts-big-puzzle` binary end to end: the statement's worked example, then every kind of
//! bad driver input (status 1, one `error:` line naming the place, earlier results kept).

use judge_test::check_run;

/// The statement's worked example (border rebuilt from its table), and the table's results.
fn example() -> (String, String) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/ts-big-puzzle/");
    let read = |name: &str| {
        std::fs::read_to_string(format!("{}{}", dir, name)).expect("the example is in testdata")
    };
    (read("example.in"), read("example.out"))
}

/// The first `count` results of the worked example, one per line.
fn results(count: usize) -> String {
    example().1.lines().take(count).map(|line| format!("{}\n", line)).collect()
}

/// The example with its input line `line` (1-based) replaced by `text`.
fn with_line(line: usize, text: &str) -> String {
    let (input, _) = example();
    let mut lines: Vec<&str> = input.lines().collect();
    lines[line - 1] = text;
    lines.join("\n") + "\n"
}

/// Runs the binary on `input`. `expected` is its stdout, followed for bad input by the one
/// stderr line (starting with `error:`) and then status 1 is expected; otherwise status 0 and
/// an empty stderr.
#[track_caller]
fn check(input: &str, expected: &str) {
    check_run(env!("CARGO_BIN_EXE_ts-big-puzzle"), &[], input.as_bytes(), expected);
}

// Lines of the example input: 1 is T, 2 is "N M", 3..=18 the border (up, right, bottom,
// left), 19 is Q, 20..=33 the puts.

#[test]
fn the_worked_example() {
    let (input, output) = example();
    check(&input, &output);
    // Two test cases in a row: the second starts from a clean board.
    assert!(input.starts_with("1\n"), "the example has T = 1");
    let twice = format!("2\n{}{}", &input[2..], &input[2..]);
    check(&twice, &(output.clone() + &output));
}

#[test]
fn a_bad_put_keeps_the_earlier_results() {
    check(
        &with_line(22, "3635 26x2 4477 4965"),
        &(results(2)
            + "error: test case 1, put 3, line 22, column 6: expected an edge of 4 digits 1..9, \
               found \"26x2\""),
    );
    check(
        &with_line(24, "2675 5996 7904 1396"),
        &(results(4) + "error: test case 1, put 5, line 24, column 11: edge \"7904\" has a digit 0 (bumps are 1..9)"),
    );
    check(
        &with_line(20, "3426 14140 8689 5642"),
        "error: test case 1, put 1, line 20, column 6: edge \"14140\" has 5 digits, expected M = 4",
    );
    check(
        &with_line(33, "7961 9862 7961 5772"),
        &(results(13)
            + "error: test case 1, put 14, line 33, column 1: piece 7961 9862 7961 5772 has two \
               identical edges (7961)"),
    );
    check(
        &with_line(26, "-6555 4867 5585 5416"),
        &(results(6) + "error: test case 1, put 7, line 26, column 1: edge \"-6555\" is negative"),
    );
}

#[test]
fn bad_headers_and_borders() {
    check(
        &with_line(9, "6726 4486 3468 6726"),
        "error: test case 1, right[2], line 9, column 1: piece 6726 4486 3468 6726 has two \
         identical edges (6726)",
    );
    check(
        &with_line(2, "3 4"),
        "error: test case 1, line 2, column 1: N must be in 4..=1000, found 3",
    );
    check(
        &with_line(2, "4 9"),
        "error: test case 1, line 2, column 3: M must be in 3..=8, found 9",
    );
    check(
        &with_line(2, "x 4"),
        "error: test case 1, N, line 2, column 1: expected a non-negative integer, found \"x\"",
    );
    check(
        &with_line(19, "10001"),
        "error: test case 1, line 19, column 1: Q must be in 0..=10000, found 10001",
    );
    check("", "error: T, line 1, column 1: expected a non-negative integer, found end of input");
    check(
        "1\n99999999999999999999999 4\n",
        "error: test case 1, N, line 2, column 1: integer \"99999999999999999999999\" out of \
         range for usize",
    );
}

#[test]
fn a_bad_second_test_case_keeps_the_first() {
    let (input, output) = example();
    let two = format!("2{}1001 4\n", &input[1..]);
    check(
        &two,
        &(output.clone()
            + "error: test case 2, line 34, column 1: N must be in 4..=1000, found 1001"),
    );
    let two = format!("2{}4 2\n", &input[1..]);
    check(&two, &(output + "error: test case 2, line 34, column 3: M must be in 3..=8, found 2"));
}

#[test]
fn truncated_and_overlong_input() {
    let (input, output) = example();
    let cut: Vec<&str> = input.lines().take(26).collect();
    check(
        &(cut.join("\n") + "\n"),
        &(results(7)
            + "error: test case 1, put 8, line 27, column 1: expected an edge of 4 digits 1..9, \
               found end of input"),
    );
    let half_piece: Vec<&str> = input.lines().take(20).collect();
    check(
        &(half_piece.join("\n") + "\n4948 1882"),
        &(results(1)
            + "error: test case 1, put 2, line 21, column 10: expected an edge of 4 digits \
               1..9, found end of input"),
    );
    check(
        &(input + "7\n"),
        &(output + "error: line 34, column 1: expected end of input, found \"7\""),
    );
}
