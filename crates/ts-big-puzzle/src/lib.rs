//! SW Expert Academy's big jigsaw puzzle (TS큰퍼즐): an init/put/destroy problem.
//!
//! The judge calls `init` with the border ring of an (N+2) x (N+2) board, then `put` up to
//! 10,000 times; each put places the piece (rotated as needed) on the empty inner cell where it
//! touches the most placed pieces with every touching side fitting, ties going to the smallest
//! y and then the smallest x, and returns x + y (or -1 if it fits nowhere).
//!
//! # The index
//! The obvious solution maps an edge code to every cell waiting on it and scans that bucket on
//! each put; when thousands of cells wait on one code (a border whose inner edges are all the
//! self-fitting `5555`) every put scans thousands of cells. [`Puzzle`] instead keys every
//! waiting cell by its exact *signature*: for each of its four sides either "free" (no placed
//! neighbour) or the exact edge code that side needs (the partner of the neighbour's facing
//! edge). A piece in one rotation fits a cell exactly when, on the cell's non-free sides, the
//! piece shows the signature's codes; so for each of the 4 rotations and each of the 15
//! non-empty sets of touching sides the fitting signature is known in advance, and a put looks
//! up at most 60 signatures, taking the smallest cell of each bucket (a `BTreeSet` ordered by
//! the row-major index, which is the `(y, x)` order). Sets are tried from 4 touching sides down
//! to 1 and the search stops at the first size that has a fit.
//!
//! Entries are never taken out before the next test case: a cell that is placed, or that
//! comes to need one more side, leaves its old entry behind, and a lookup skips the cells that
//! no longer wait with the signature looked up (dropping them from a many-cell bucket, so each
//! is skipped there once). This costs nothing asymptotically and saves a removal on every
//! move. A filter keeps most of the 60 from being hashed at all: a 512 KiB table, by a hash of
//! the code, of the sides some cell has needed a code on in this test case; a signature is
//! looked up only if every side it needs shows a code the table allows there. (On random
//! input, where nearly every code is needed by one cell, a put then makes about one
//! signature lookup; on the adversarial input, where a handful of codes is needed
//! everywhere, about 47; see the benchmark.)
//!
//! # Complexity
//! `put`: 4 filter probes, at most 60 hash lookups and O(log B) for the smallest cell of a
//! bucket of B cells (amortized, with the stale entries it drops), then at most 4 cells get a
//! new entry (the placed cell's waiting neighbours), O(log B) each. Nothing depends on how
//! many cells wait on one code. `init`: O(N) plus clearing what the previous test case
//! touched. Memory: 16 bytes per board cell (a placed piece or a waiting cell's signature, so
//! a neighbour costs one cache miss; only the pages a test case touches are ever written), the
//! 512 KiB filter, and one index entry per signature a cell waited with in the test case (at
//! most 4N + 4 per put).
//!
//! Edges, nearly all of the input, are read eight bytes at a time ([`Reader`]); the plain
//! integers are judge-io's bounded reads.
//!
//! [`run`] is the driver that plays the judge's part from text (see the problem file); it
//! validates lazily, so the results of the puts before a bad line are already written.

pub mod bucket;
pub mod gen;
pub mod judge_api;
pub mod naive;
pub mod puzzle;

use judge_io::{counted, quote, Error, Output, Scanner};

pub use self::puzzle::Puzzle;

/// An edge: M digits 1..9 read clockwise around its own piece, as a decimal number.
pub type Edge = u32;

/// A piece's edges in the order top, right, bottom, left.
pub type Piece = [Edge; 4];

/// The sides of a cell, in the order a [`Piece`] lists its edges.
pub const TOP: usize = 0;
/// See [`TOP`].
pub const RIGHT: usize = 1;
/// See [`TOP`].
pub const BOTTOM: usize = 2;
/// See [`TOP`].
pub const LEFT: usize = 3;

/// Board sizes the judge allows.
pub const MIN_N: usize = 4;
/// See [`MIN_N`].
pub const MAX_N: usize = 1000;
/// Bumps per edge.
pub const MIN_M: usize = 3;
/// See [`MIN_M`].
pub const MAX_M: usize = 8;
/// The most `put` calls in one test case.
pub const MAX_PUTS: usize = 10_000;

/// The side facing `side` across a shared edge (top faces bottom, right faces left).
#[inline]
pub fn opposite(side: usize) -> usize {
    (side + 2) % 4
}

/// The neighbour across `side` of board cell `cell` (row-major on the (n+2) x (n+2) board), if
/// it is an inner cell (x and y in 1..=n).
#[inline]
pub fn inner_neighbor(n: usize, cell: usize, side: usize) -> Option<usize> {
    let width = n + 2;
    let (x, y) = (cell % width, cell / width);
    // Off the board wraps to usize::MAX, which is not inner either.
    let (x, y) = match side {
        0 => (x, y.wrapping_sub(1)),
        1 => (x + 1, y),
        2 => (x, y + 1),
        _ => (x.wrapping_sub(1), y),
    };
    let inner = 1..=n;
    if inner.contains(&x) && inner.contains(&y) {
        Some(y * width + x)
    } else {
        None
    }
}

/// The edge that fits `edge`: digits reversed, each digit d replaced by 10 - d.
///
/// # Examples
/// ```
/// assert_eq!(ts_big_puzzle::partner(77335), 57733);
/// assert_eq!(ts_big_puzzle::partner(5555), 5555);
/// ```
#[inline]
pub fn partner(edge: Edge) -> Edge {
    let mut rest = edge;
    let mut fitting = 0;
    // Taking digits from the least significant end and appending them reverses the order.
    while rest > 0 {
        fitting = fitting * 10 + (10 - rest % 10);
        rest /= 10;
    }
    fitting
}

/// `piece` rotated clockwise by `quarter_turns` * 90 degrees: side s shows the edge that was
/// on side s - quarter_turns.
///
/// # Examples
/// ```
/// assert_eq!(ts_big_puzzle::rotate([1, 2, 3, 4], 1), [4, 1, 2, 3]);
/// ```
#[inline]
pub fn rotate(piece: Piece, quarter_turns: usize) -> Piece {
    let k = quarter_turns % 4;
    [piece[(4 - k) % 4], piece[(5 - k) % 4], piece[(6 - k) % 4], piece[(7 - k) % 4]]
}

/// What the driver needs from a solution: the judge's `init` and `put` (`destroy` is implied
/// by the next `init`).
pub trait Solver {
    /// Starts a test case: the board is (n+2) x (n+2), edges have m digits, and the border
    /// ring holds n pieces per side.
    fn init(&mut self, n: usize, m: usize, border: &Border);

    /// Places `piece` by the rules and returns x + y of its cell, or -1 if it fits nowhere.
    fn put(&mut self, piece: Piece) -> i32;
}

/// The border ring of an (N+2) x (N+2) board: N pieces per side, each as given (unrotated):
/// `up[i]` sits at (i+1, 0), `right[i]` at (N+1, i+1), `bottom[i]` at (i+1, N+1) and
/// `left[i]` at (0, i+1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Border {
    /// Border pieces above row 1, left to right.
    pub up: Vec<Piece>,
    /// Border pieces right of column N, top to bottom.
    pub right: Vec<Piece>,
    /// Border pieces below row N, left to right.
    pub bottom: Vec<Piece>,
    /// Border pieces left of column 1, top to bottom.
    pub left: Vec<Piece>,
}

/// One test case's parameters and border ring, as read by [`Reader::case`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// Inner board side.
    pub n: usize,
    /// Digits per edge.
    pub m: usize,
    /// The border ring.
    pub border: Border,
    /// How many puts follow.
    pub q: usize,
}

/// The bytes that separate tokens (the same as [`Scanner`]'s): space, tab, newline, carriage
/// return, form feed.
#[inline]
fn is_space(byte: u8) -> bool {
    byte <= b' ' && matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c')
}

/// The edge at the start of `bytes`: its code if the first `m` bytes are digits 1..9 and
/// whitespace or the end of input follows.
#[inline]
fn edge_at(bytes: &[u8], m: usize) -> Option<Edge> {
    let value = if bytes.len() >= 8 { eight_byte_edge(bytes, m) } else { short_edge(bytes, m) };
    match value {
        Some(value) if bytes.len() == m || is_space(bytes[m]) => Some(value),
        _ => None,
    }
}

/// The edge code in the first `m` (3..=8) of `bytes` (at least 8 bytes) if they are all
/// digits 1..9, reading eight bytes at once (SWAR): edges are nearly all of the input.
#[inline]
fn eight_byte_edge(bytes: &[u8], m: usize) -> Option<Edge> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[..8]);
    // Byte k of `digits` is bytes[k] - '0' when bytes[k] is a digit (byte 0 comes first).
    let digits = u64::from_le_bytes(word) ^ (0x30 * ONES);
    // High bit of byte k: bytes[k] is not a digit (its xor is 10 or more; masking to 7 bits
    // first keeps the addition from carrying), or it is '0' (the borrow of a zero byte only
    // spreads upwards, so the first m flags are exact).
    let not_digit = (((digits & (0x7f * ONES)) + 0x76 * ONES) | digits) & HIGH_BITS;
    let zero = digits.wrapping_sub(ONES) & !digits & HIGH_BITS;
    let unused = 8 * (8 - m as u32);
    // The first m bytes, moved to the top: the empty bytes below read as leading zeros.
    if (not_digit | zero) << unused != 0 {
        return None;
    }
    let mut value = digits << unused;
    value = (value * 10 + (value >> 8)) & 0x00ff_00ff_00ff_00ff;
    value = (value * 100 + (value >> 16)) & 0x0000_ffff_0000_ffff;
    value = (value * 10_000 + (value >> 32)) & 0xffff_ffff;
    Some(value as Edge)
}

/// [`eight_byte_edge`] for the last few bytes of the input.
#[cold]
fn short_edge(bytes: &[u8], m: usize) -> Option<Edge> {
    if bytes.len() < m {
        return None;
    }
    bytes[..m].iter().try_fold(0, |value: Edge, &byte| match byte {
        b'1'..=b'9' => Some(value * 10 + Edge::from(byte - b'0')),
        _ => None,
    })
}

/// The driver format, read one piece at a time so a bad line is found only when it is due.
///
/// Edges (nearly all of the input) are read by its own loop over the scanner's unread bytes,
/// which checks and converts the digits in one pass; the few plain integers are the
/// [`Scanner`]'s bounded reads, with judge-io's messages (`N must be in 4..=1000, found 3`).
#[derive(Debug, Clone)]
pub struct Reader<'a> {
    sc: Scanner<'a>,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `input`.
    pub fn new(input: &'a [u8]) -> Reader<'a> {
        Reader { sc: Scanner::new(input) }
    }

    /// The number of test cases, T.
    pub fn tests(&mut self) -> Result<usize, Error> {
        self.sc.int_in("T", ..)
    }

    /// What is wrong with the edge at `start` in the scanner's unread bytes (which
    /// [`Reader::piece`] rejected).
    #[cold]
    #[inline(never)]
    fn edge_error(&self, start: usize, m: usize) -> Error {
        let rest = &self.sc.rest()[start..];
        let token = &rest[..rest.iter().position(|&b| is_space(b)).unwrap_or(rest.len())];
        let message = if token.is_empty() {
            format!("expected an edge of {} digits 1..9, found end of input", m)
        } else if token.len() > 1 && token[0] == b'-' && token[1..].iter().all(u8::is_ascii_digit) {
            // A minus sign elsewhere (`12-3`, a lone `-`) is no number at all: the next case.
            format!("edge {} is negative", quote(token))
        } else if !token.iter().all(u8::is_ascii_digit) {
            format!("expected an edge of {} digits 1..9, found {}", m, quote(token))
        } else if token.len() != m {
            format!(
                "edge {} has {}, expected M = {}",
                quote(token),
                counted(token.len(), "digit"),
                m
            )
        } else {
            format!("edge {} has a digit 0 (bumps are 1..9)", quote(token))
        };
        self.sc.error_at(self.sc.position() + start, message)
    }

    /// One piece: four edges of `m` digits, all different.
    #[inline]
    pub fn piece(&mut self, m: usize) -> Result<Piece, Error> {
        let input = self.sc.rest();
        // The cursor stays in a register for the four edges (nearly all of the input).
        let mut pos = 0;
        while pos < input.len() && is_space(input[pos]) {
            pos += 1;
        }
        let at = self.sc.position() + pos;
        let mut piece = [0; 4];
        for edge in piece.iter_mut() {
            while pos < input.len() && is_space(input[pos]) {
                pos += 1;
            }
            match edge_at(&input[pos..], m) {
                Some(value) => *edge = value,
                None => return Err(self.edge_error(pos, m)),
            }
            pos += m;
        }
        self.sc.advance(pos);
        let [a, b, c, d] = piece;
        if a == b || a == c || a == d || b == c || b == d || c == d {
            return Err(self.identical_edges(at, piece));
        }
        Ok(piece)
    }

    /// The error for a piece with two identical edges, at byte offset `at`.
    #[cold]
    #[inline(never)]
    fn identical_edges(&self, at: usize, piece: Piece) -> Error {
        let twice = (0..4)
            .flat_map(|i| (i + 1..4).map(move |j| (i, j)))
            .find(|&(i, j)| piece[i] == piece[j])
            .map_or(piece[0], |(i, _)| piece[i]);
        self.sc.error_at(
            at,
            format!(
                "piece {} {} {} {} has two identical edges ({})",
                piece[0], piece[1], piece[2], piece[3], twice
            ),
        )
    }

    /// A test case's header, border ring and Q; the puts follow through [`Reader::piece`].
    pub fn case(&mut self) -> Result<Case, Error> {
        let n = self.sc.int_in("N", MIN_N..=MAX_N)?;
        let m = self.sc.int_in("M", MIN_M..=MAX_M)?;
        let mut sides: [Vec<Piece>; 4] = [Vec::new(), Vec::new(), Vec::new(), Vec::new()];
        let names = ["up", "right", "bottom", "left"];
        for (side, name) in sides.iter_mut().zip(names.iter()) {
            side.reserve(n);
            for i in 0..n {
                let piece = self.piece(m).map_err(|e| e.context(format!("{}[{}]", name, i)))?;
                side.push(piece);
            }
        }
        let q = self.sc.int_in("Q", 0..=MAX_PUTS)?;
        let [up, right, bottom, left] = sides;
        Ok(Case { n, m, border: Border { up, right, bottom, left }, q })
    }

    /// Succeeds if nothing but whitespace is left.
    pub fn end(&mut self) -> Result<(), Error> {
        self.sc.expect_end()
    }
}

/// Runs the driver format with `solver`: every put's result on a line of its own, written as
/// soon as it is known, so the results before a bad line stay in `out`.
pub fn run_with<S: Solver, W: std::io::Write>(
    solver: &mut S,
    input: &[u8],
    out: &mut Output<W>,
) -> Result<(), Error> {
    let mut reader = Reader::new(input);
    let tests = reader.tests()?;
    for case_no in 1..=tests {
        let in_case = |e: Error| e.context(format!("test case {}", case_no));
        let case = reader.case().map_err(in_case)?;
        solver.init(case.n, case.m, &case.border);
        for put_no in 1..=case.q {
            let piece =
                reader.piece(case.m).map_err(|e| in_case(e.context(format!("put {}", put_no))))?;
            out.int(solver.put(piece)).newline();
        }
    }
    reader.end()
}

/// Runs the driver format with [`Puzzle`]: the solver's whole job, minus stdin and stdout.
///
/// # Examples
/// ```
/// let input = "1\n4 3\n\
///     111 112 113 114\n121 122 123 124\n131 132 133 134\n141 142 143 144\n\
///     211 212 213 214\n221 222 223 224\n231 232 233 234\n241 242 243 244\n\
///     311 312 313 314\n321 322 323 324\n331 332 333 334\n341 342 343 344\n\
///     411 412 413 414\n421 422 423 424\n431 432 433 434\n441 442 443 444\n\
///     2\n111 112 113 987\n555 556 557 558\n";
/// let mut out = judge_io::Output::new(Vec::new());
/// ts_big_puzzle::run(input.as_bytes(), &mut out).unwrap();
/// // 987 fits bottom[1]'s top edge 321 at (2, 4); nothing needs 555..558.
/// assert_eq!(out.into_inner().unwrap(), b"6\n-1\n");
/// ```
pub fn run<W: std::io::Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    run_with(&mut Puzzle::new(), input, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partner_and_rotation_follow_the_statement() {
        assert_eq!(partner(77335), 57733);
        assert_eq!(partner(57733), 77335);
        assert_eq!(partner(1414), 6969);
        assert_eq!(partner(99_999_999), 11_111_111);
        let piece = [10, 20, 30, 40];
        assert_eq!(rotate(piece, 0), piece);
        assert_eq!(rotate(piece, 1), [40, 10, 20, 30]);
        assert_eq!(rotate(piece, 2), [30, 40, 10, 20]);
        assert_eq!(rotate(piece, 3), [20, 30, 40, 10]);
        for side in 0..4 {
            assert_eq!(opposite(opposite(side)), side);
        }
    }

    #[track_caller]
    fn check_error(input: &str, expected: &str) {
        let mut out = Output::new(Vec::new());
        let err = run(input.as_bytes(), &mut out).expect_err("the input is bad");
        assert_eq!(err.to_string(), expected);
    }

    #[test]
    fn reader_errors_name_the_place() {
        let ring = "111 112 113 114\n".repeat(16);
        check_error("x", "T, line 1, column 1: expected a non-negative integer, found \"x\"");
        check_error("1\n3 4\n", "test case 1, line 2, column 1: N must be in 4..=1000, found 3");
        check_error("1\n4 9\n", "test case 1, line 2, column 3: M must be in 3..=8, found 9");
        check_error(
            "1\n4 3\n111 112 113 111\n",
            "test case 1, up[0], line 3, column 1: piece 111 112 113 111 has two identical edges (111)",
        );
        check_error(
            "1\n4 3\n111 112 103 114\n",
            "test case 1, up[0], line 3, column 9: edge \"103\" has a digit 0 (bumps are 1..9)",
        );
        check_error(
            "1\n4 3\n111 112 1134 114\n",
            "test case 1, up[0], line 3, column 9: edge \"1134\" has 4 digits, expected M = 3",
        );
        check_error(
            &format!("1\n4 3\n{}10001\n", ring),
            "test case 1, line 19, column 1: Q must be in 0..=10000, found 10001",
        );
        check_error(
            &format!("1\n4 3\n{}1\n111 112", ring),
            "test case 1, put 1, line 20, column 8: expected an edge of 3 digits 1..9, found end of input",
        );
    }

    /// Integers and the end of input are the [`Scanner`]'s reads, after the edges read from
    /// its unread bytes: its errors land at their place in the whole input.
    #[test]
    fn scanner_errors_keep_their_place() {
        check_error(
            "1 x",
            "test case 1, N, line 1, column 3: expected a non-negative integer, found \"x\"",
        );
        check_error(
            "1\n\n\n  x",
            "test case 1, N, line 4, column 3: expected a non-negative integer, found \"x\"",
        );
        check_error(
            "1\n  4 \n\n",
            "test case 1, M, line 4, column 1: expected a non-negative integer, found end of input",
        );
        check_error("0\n\n 5", "line 3, column 2: expected end of input, found \"5\"");
        check_error("0 5", "line 1, column 3: expected end of input, found \"5\"");
    }

    #[test]
    fn only_a_minus_sign_before_digits_makes_a_negative_edge() {
        let at = "test case 1, up[0], line 3, column 5: ";
        check_error("1\n4 3\n111 -112 113 114\n", &format!("{}edge \"-112\" is negative", at));
        for bad in ["12-3", "-", "--1", "1-", "-1x", "+123"].iter() {
            check_error(
                &format!("1\n4 3\n111 {} 113 114\n", bad),
                &format!("{}expected an edge of 3 digits 1..9, found \"{}\"", at, bad),
            );
        }
    }

    #[test]
    fn digit_counts_are_singular_for_one() {
        let at = "test case 1, up[0], line 3, column 5: ";
        check_error(
            "1\n4 3\n111 1 113 114\n",
            &format!("{}edge \"1\" has 1 digit, expected M = 3", at),
        );
        check_error(
            "1\n4 3\n111 12 113 114\n",
            &format!("{}edge \"12\" has 2 digits, expected M = 3", at),
        );
    }

    /// Every edge of `m` digits read back at every position a short input leaves for the
    /// eight-byte reader and its short-input fallback, with each kind of separator.
    #[test]
    fn edges_read_the_same_near_the_end_of_input_and_far_from_it() {
        for m in MIN_M..=MAX_M {
            let edges: Vec<Edge> =
                (0..4).map(|i| (0..m as u32).fold(0, |v, d| v * 10 + 1 + (d + i) % 9)).collect();
            for separator in [" ", "\t", "\n", "\r\n", "  \x0c"].iter() {
                let text = edges.iter().map(|e| e.to_string()).collect::<Vec<_>>().join(separator);
                for tail in ["", "\n", "         \n"].iter() {
                    let input = format!("{}{}", text, tail);
                    let mut reader = Reader::new(input.as_bytes());
                    assert_eq!(
                        reader.piece(m).map(|p| p.to_vec()),
                        Ok(edges.clone()),
                        "{:?}",
                        input
                    );
                    assert_eq!(reader.end(), Ok(()));
                }
            }
        }
    }

    /// Every single-byte change of a valid edge is either read as the edge it now spells or
    /// rejected, far from the end of input and at its very end.
    #[test]
    fn every_bad_byte_in_an_edge_is_caught() {
        for m in MIN_M..=MAX_M {
            let good: Vec<u8> = (0..m).map(|d| b'1' + (d % 9) as u8).collect();
            for at in 0..=m {
                for byte in 0..=255u8 {
                    let mut edge = good.clone();
                    if at == m {
                        edge.push(byte);
                    } else {
                        edge[at] = byte;
                    }
                    let spells_an_edge = edge.len() == m
                        && edge.iter().all(|b| (b'1'..=b'9').contains(b))
                        || edge.len() == m + 1
                            && is_space(edge[m])
                            && edge[..m].iter().all(|b| (b'1'..=b'9').contains(b));
                    for tail in ["", " 222 333 444 555555555"].iter() {
                        let mut input = edge.clone();
                        input.extend_from_slice(tail.as_bytes());
                        let read = edge_at(&input, m);
                        assert_eq!(
                            read.is_some(),
                            spells_an_edge,
                            "m {} input {:?}",
                            m,
                            quote(&input)
                        );
                        if let Some(value) = read {
                            assert_eq!(value.to_string().as_bytes(), &edge[..m]);
                        }
                    }
                }
            }
        }
    }
}
