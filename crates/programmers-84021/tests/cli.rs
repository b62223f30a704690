//! The solver binary end to end: the statement's examples, whitespace, and every kind of bad
//! input (status 1, one `error:` line naming the place), including inputs deep or huge enough
//! to crash a careless parser.

use judge_test::run_binary;

/// Runs the solver on `input`; returns (success, stdout, stderr).
fn run(input: &[u8]) -> (bool, String, String) {
    let output = run_binary(env!("CARGO_BIN_EXE_programmers-84021"), &[], input);
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Runs the solver on `input` and checks its outcome. `expected` is either the exact stdout
/// of a success, or `error: ...`: then the run must fail with status 1 and stderr must be
/// exactly one line starting with that text.
#[track_caller]
fn check(input: &[u8], expected: &str) {
    let (ok, stdout, stderr) = run(input);
    let shown = String::from_utf8_lossy(&input[..input.len().min(80)]).into_owned();
    if expected.starts_with("error:") {
        assert!(!ok, "input {:?} should fail, printed {:?}", shown, stdout);
        assert_eq!(stdout, "", "input {:?}", shown);
        assert!(
            stderr.ends_with('\n') && stderr.matches('\n').count() == 1,
            "one stderr line for {:?}, got {:?}",
            shown,
            stderr
        );
        assert!(
            stderr.starts_with(expected),
            "input {:?}: stderr {:?} should start with {:?}",
            shown,
            stderr,
            expected
        );
    } else {
        assert!(ok, "input {:?} failed: {:?}", shown, stderr);
        assert_eq!(stdout, expected, "input {:?}", shown);
        assert_eq!(stderr, "", "input {:?}", shown);
    }
}

#[test]
fn statement_examples() {
    check(
        b"[[1,1,0,0,1,0],[0,0,1,0,1,0],[0,1,1,0,0,1],[1,1,0,1,1,1],[1,0,0,0,1,0],[0,1,1,1,0,0]]\n\
          [[1,0,0,1,1,0],[1,0,1,0,1,0],[0,1,1,0,1,1],[0,0,1,0,0,0],[1,1,0,1,1,0],[0,1,0,0,0,0]]\n",
        "14\n",
    );
    check(b"[[0,0,0],[1,1,0],[1,1,1]]\n[[1,1,1],[1,0,0],[0,0,0]]\n", "0\n");
}

#[test]
fn whitespace_crlf_and_different_sizes() {
    check(b"\t[ [0, 0 ,0],\r\n  [1,1,0] ]\r\n,\r\n[[0,1],[0,1],[1,1]]\r\n", "4\n");
}

#[test]
fn bad_inputs_fail_with_a_located_error() {
    let cases: [(&[u8], &str); 17] = [
        (b"", "error: game_board, line 1, column 1: expected '['"),
        (b"   \n", "error: game_board, line 2, column 1: expected '['"),
        (b"[[1,0]", "error: game_board, line 1, column 7: expected ',' or ']'"),
        (b"[[1,0]]] [[1]]", "error: table, line 1, column 8: expected '['"),
        (b"[[1,2]] [[1]]", "error: game_board, line 1, column 5: expected 0 or 1"),
        (b"[[1,-1]] [[1]]", "error: game_board, line 1, column 5: expected 0 or 1"),
        (b"[[01]] [[1]]", "error: game_board, line 1, column 3: expected 0 or 1"),
        (b"[[1,0],\n [1]] [[1]]", "error: game_board, line 2, column 4: row 2 has 1 cell,"),
        (b"[[1]]\n[[1],[1,1]]", "error: table, line 2, column 9: row 2 has more than 1"),
        (b"[] [[1]]", "error: game_board, line 1, column 2: expected '[' starting row 1"),
        (b"[[]] [[1]]", "error: game_board, line 1, column 3: expected 0 or 1"),
        (b"[[1]] [[0]] [[1]]", "error: line 1, column 13: expected end of input"),
        (b"[[1]] [[0]] junk", "error: line 1, column 13: expected end of input"),
        (b"[[1,0],[0,1]]\n", "error: table, line 2, column 1: expected '['"),
        (b"[[1 0]] [[1]]", "error: game_board, line 1, column 5: expected ',' or ']'"),
        (b"[[1],[0]]\n[[1][0]]", "error: table, line 2, column 5: expected ',' or ']'"),
        (b"[[1]] [[\xff]]", "error: table, line 1, column 9: expected 0 or 1"),
    ];
    for (input, expected) in cases.iter() {
        check(input, expected);
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = vec![b'['; 1_000_000];
    check(&deep, "error: game_board, line 1, column 3: expected 0 or 1");
    let mut deep_table = b"[[1]]\n".to_vec();
    deep_table.extend(std::iter::repeat(b'[').take(1_000_000));
    deep_table.extend(std::iter::repeat(b']').take(1_000_000));
    check(&deep_table, "error: table, line 2, column 3: expected 0 or 1");
}

/// A square grid literal of `side` x `side` cells, all `cell`.
fn uniform(side: usize, cell: u8) -> Vec<u8> {
    let mut row = vec![b'['];
    for x in 0..side {
        if x > 0 {
            row.push(b',');
        }
        row.push(cell);
    }
    row.push(b']');
    let mut grid = vec![b'['];
    for y in 0..side {
        if y > 0 {
            grid.push(b',');
        }
        grid.extend_from_slice(&row);
    }
    grid.push(b']');
    grid
}

#[test]
fn huge_inputs_do_not_crash() {
    // One hole and one piece of a million cells each: no recursion to overflow.
    let mut input = uniform(1000, b'0');
    input.push(b'\n');
    input.extend(uniform(1000, b'1'));
    check(&input, "1000000\n");
    // A huge input that breaks at its very end is still one located error.
    input.extend_from_slice(b" 0");
    check(&input, "error: line 2, column 2002003: expected end of input");
    // A single token of ten million digits.
    let mut long_token = b"[[".to_vec();
    long_token.extend(std::iter::repeat(b'1').take(10_000_000));
    long_token.extend_from_slice(b"]] [[1]]");
    check(&long_token, "error: game_board, line 1, column 3: expected 0 or 1");
}

/// Runs the generator with `args`; returns (success, stdout, stderr).
fn generate(args: &[&str]) -> (bool, Vec<u8>, String) {
    let output = run_binary(env!("CARGO_BIN_EXE_programmers-84021-gen"), args, b"");
    (output.status.success(), output.stdout, String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn generator_is_deterministic_and_rejects_bad_args() {
    let args = ["9", "mirror", "--board", "7x12", "--table", "15x4"];
    let (ok, first, _) = generate(&args);
    assert!(ok);
    assert_eq!(generate(&args).1, first, "same args, same bytes");
    // The generated input is accepted by the solver and the oracle, which agree.
    let (ok, answer, stderr) = run(&first);
    assert!(ok, "{}", stderr);
    let naive = run_binary(env!("CARGO_BIN_EXE_programmers-84021-naive"), &[], &first);
    assert_eq!(String::from_utf8_lossy(&naive.stdout), answer);
    for bad in [
        &[][..],
        &["x", "random"][..],
        &["1", "sideways"][..],
        &["1", "random", "--size"][..],
        &["1", "random", "--board", "3"][..],
        &["1", "random", "--size", "0"][..],
        &["1", "random", "--colour", "red"][..],
    ] {
        let (ok, stdout, stderr) = generate(bad);
        assert!(!ok && stdout.is_empty(), "{:?} should fail", bad);
        assert!(
            stderr.starts_with("error: ") && stderr.matches('\n').count() == 1,
            "{:?}: {:?}",
            bad,
            stderr
        );
    }
}
