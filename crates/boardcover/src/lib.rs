//! BOARDCOVER (Algospot): count the ways to cover every white cell of a board with L-shaped
//! trominoes (a 2 x 2 square minus one cell, in any rotation), exactly, for any board up to
//! 20 x 20.
//!
//! `board.rs` holds the [`Board`] and its parser ([`parse_case_count`], [`parse_board`]),
//! `solve.rs` splits it into groups for the DPs of `sparse.rs` (small groups) and `count.rs`
//! (large ones, whose two halves `meet.rs` joins at the middle row) behind [`solve`], and
//! [`bignum`] holds their exact integers. [`run`] parses the
//! judge's input, solves each board and writes the counts ([`render`]). No I/O happens here:
//! `main.rs` owns stdin and stdout.

pub mod bignum;
mod board;
mod count;
pub mod gen;
mod meet;
pub mod naive;
mod solve;
mod sparse;

use std::io::Write;

use judge_io::{counted, Error, Output, Scanner};

pub use self::bignum::U320;
pub use self::board::{parse_board, parse_case_count, Board, Cell, Pos, MAX_SIDE, PIECE_CELLS};
pub use self::count::{count_row_major, Stats, MAX_WHITE};
pub use self::solve::{solve, solve_with_stats, Solver};

/// Writes one count and a newline.
pub fn render<W: Write>(count: &U320, out: &mut Output<W>) {
    let mut digits = Vec::with_capacity(100);
    count.write_decimal(&mut digits);
    out.bytes(&digits).newline();
}

/// Solves every test case of `input`, writing one count per line to `out`.
///
/// Each answer is written as soon as its case is read, so the answers to the cases before a
/// bad one are in `out` when the error is returned.
pub fn run<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    let mut solver = Solver::new();
    run_with(input, out, |board: &Board| solver.solve(board))
}

/// [`run`] with another way to count (the oracle binary passes `naive::count`).
pub fn run_with<W: Write, F: FnMut(&Board) -> U320>(
    input: &[u8],
    out: &mut Output<W>,
    mut count: F,
) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let c = parse_case_count(&mut sc)?;
    for case in 1..=c {
        if sc.at_end() {
            let at = sc.position();
            return Err(sc.error_at(
                at,
                format!("expected test case {} of the {} announced, found end of input", case, c),
            ));
        }
        let board = parse_board(&mut sc).map_err(|e| e.context(format!("test case {}", case)))?;
        render(&count(&board), out);
    }
    sc.expect_end()
        .map_err(|e| e.context(format!("after the {} announced", counted(c, "test case"))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check(input: &str, expected: &str) {
        let mut out = Output::new(Vec::new());
        let result = run(input.as_bytes(), &mut out);
        assert_eq!(result, Ok(()), "input:\n{}", input);
        let got = out.into_inner().expect("writing to a Vec cannot fail");
        assert_eq!(String::from_utf8_lossy(&got), expected, "input:\n{}", input);
    }

    fn run_err(input: &str) -> String {
        let mut out = Output::new(Vec::new());
        match run(input.as_bytes(), &mut out) {
            Ok(()) => panic!("accepted bad input:\n{}", input),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn sample() {
        check(
            "3\n3 7\n#.....#\n#.....#\n##...##\n3 7\n#.....#\n#.....#\n##..###\n\
             8 10\n##########\n#........#\n#........#\n#........#\n#........#\n\
             #........#\n#........#\n##########\n",
            "0\n2\n1514\n",
        );
    }

    #[test]
    fn tiny_boards() {
        check("1\n1 1\n#\n", "1\n");
        check("1\n1 1\n.\n", "0\n");
        check("1\n2 2\n...\n".replace("...", "..\n.#").as_str(), "1\n");
        check("1\n1 3\n...\n", "0\n");
        check("2\n2 3\n...\n...\n3 2\n..\n..\n..\n", "2\n2\n");
    }

    #[test]
    fn windows_line_endings_and_trailing_spaces() {
        check("1 \r\n2 3\r\n... \r\n...\r\n", "2\n");
    }

    #[test]
    fn errors_name_the_place() {
        assert_eq!(
            run_err("1\n2 3\n...\n.x.\n"),
            "test case 1, line 4, column 2: expected '#' or '.', found 'x'"
        );
        assert_eq!(
            run_err("1\n0 3\n"),
            "test case 1, line 2, column 1: H must be in 1..=20, found 0"
        );
        assert_eq!(
            run_err("1\n2 21\n"),
            "test case 1, line 2, column 3: W must be in 1..=20, found 21"
        );
        assert_eq!(
            run_err("1\n2 3\n...\n..\n"),
            "test case 1, line 4, column 1: row 2 has 2 cells, expected 3"
        );
        assert_eq!(
            run_err("2\n1 3\n...\n"),
            "line 4, column 1: expected test case 2 of the 2 announced, found end of input"
        );
        assert_eq!(
            run_err("1\n1 3\n...\n1 3\n"),
            "after the 1 test case announced, line 4, column 1: expected end of input, found \"1\""
        );
        assert_eq!(
            run_err("0\n1 3\n"),
            "after the 0 test cases announced, line 2, column 1: expected end of input, found \"1\""
        );
        assert_eq!(
            run_err("x\n"),
            "C, line 1, column 1: expected a non-negative integer, found \"x\""
        );
        assert_eq!(
            run_err("1\n2 3\n...\n"),
            "test case 1, line 4, column 1: expected row 2, found end of input"
        );
    }

    #[test]
    fn errors_name_the_number_c_h_or_w() {
        assert_eq!(
            run_err(""),
            "C, line 1, column 1: expected a non-negative integer, found end of input"
        );
        assert_eq!(
            run_err("1\nx 3\n"),
            "test case 1, H, line 2, column 1: expected a non-negative integer, found \"x\""
        );
        assert_eq!(
            run_err("1\n2 -1\n"),
            "test case 1, W, line 2, column 3: expected a non-negative integer, found \"-1\""
        );
        // A missing W is reported on H's line, right after H, not at the row below.
        assert_eq!(
            run_err("1\n2\n...\n...\n"),
            "test case 1, W, line 2, column 2: expected a non-negative integer, found end of line"
        );
        assert_eq!(
            run_err("1\n12 \r\n...\n"),
            "test case 1, W, line 2, column 3: expected a non-negative integer, found end of line"
        );
        assert_eq!(
            run_err("1\n2"),
            "test case 1, W, line 2, column 2: expected a non-negative integer, found end of input"
        );
    }

    #[test]
    fn odd_bytes_are_shown_unambiguously() {
        assert_eq!(
            run_err("1\n1 3\n.'.\n"),
            "test case 1, line 3, column 2: expected '#' or '.', found \"'\""
        );
        assert_eq!(
            run_err("1\n1 3\n..\\\n"),
            "test case 1, line 3, column 3: expected '#' or '.', found '\\'"
        );
        assert_eq!(
            run_err("1\n1 3\n. .\n"),
            "test case 1, line 3, column 2: expected '#' or '.', found ' '"
        );
        assert_eq!(
            run_err("1\n1 3\n.\x7f.\n"),
            "test case 1, line 3, column 2: expected '#' or '.', found byte 0x7f"
        );
    }

    #[test]
    fn answers_before_a_bad_case_stay_written() {
        let mut out = Output::new(Vec::new());
        assert!(run(b"2\n1 3\n...\n1 3\n.?.\n", &mut out).is_err());
        assert_eq!(out.into_inner().expect("Vec sink"), b"0\n");
    }
}
