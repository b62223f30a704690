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
//! to 1 and the search stops at the first size that has a fit. A filter keeps most of the 60
//! from being hashed at all: per code, which (side, shape) pairs some waiting cell needs it
//! on, where a shape is the set of a cell's non-free sides; one lookup per edge of the piece
//! fetches these masks, and a signature of shape S is looked up only if every side of S shows
//! a code wanted there by a cell of shape S. (On random input a put then makes under one
//! signature lookup on average, on the adversarial input a few; see the benchmark.)
//!
//! # Complexity
//! `put`: at most 4 + 60 hash lookups and O(log B) for the smallest cell of a bucket of B
//! cells, then at most 5 cells move between buckets (the placed cell and its 4 neighbours),
//! O(log B) each. Nothing depends on how many cells wait on one code. `init`: O(N) plus
//! clearing what the previous test case touched. Memory: 4 bytes per board cell plus one
//! record per touched cell and 264 bytes per code some waiting cell needs.
//!
//! [`run`] is the driver that plays the judge's part from text (see the problem file); it
//! validates lazily, so the results of the puts before a bad line are already written.

pub mod bucket;
pub mod gen;
pub mod judge_api;
pub mod naive;
pub mod puzzle;

use judge_io::{quote, Error, Output, Scanner};

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

/// The driver format, read one piece at a time so a bad line is found only when it is due.
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
        self.sc.int::<usize>()
    }

    /// An integer in `lo..=hi`; `name` names it in the error.
    fn int_in(&mut self, lo: usize, hi: usize, name: &str) -> Result<usize, Error> {
        self.sc.at_end();
        let at = self.sc.position();
        let value = self.sc.int::<usize>().map_err(|e| e.context(name))?;
        if value < lo || value > hi {
            return Err(self
                .sc
                .error_at(at, format!("{} = {} is out of range {}..={}", name, value, lo, hi)));
        }
        Ok(value)
    }

    /// One edge: exactly `m` digits, each 1..9.
    fn edge(&mut self, m: usize) -> Result<Edge, Error> {
        self.sc.at_end();
        let at = self.sc.position();
        // The message is only built on error: this runs for every edge of the input.
        let token = match self.sc.try_token() {
            Some(token) => token,
            None => {
                return Err(self.sc.error_at(
                    at,
                    format!("expected an edge of {} digits 1..9, found end of input", m),
                ))
            }
        };
        if let Some(&bad) = token.iter().find(|b| !b.is_ascii_digit()) {
            let message = if bad == b'-' {
                format!("edge {} is negative", quote(token))
            } else {
                format!("expected an edge of {} digits 1..9, found {}", m, quote(token))
            };
            return Err(self.sc.error_at(at, message));
        }
        if token.len() != m {
            return Err(self.sc.error_at(
                at,
                format!("edge {} has {} digits, expected M = {}", quote(token), token.len(), m),
            ));
        }
        if token.contains(&b'0') {
            return Err(self
                .sc
                .error_at(at, format!("edge {} has a digit 0 (bumps are 1..9)", quote(token))));
        }
        Ok(token.iter().fold(0, |value, &digit| value * 10 + Edge::from(digit - b'0')))
    }

    /// One piece: four edges of `m` digits, all different.
    pub fn piece(&mut self, m: usize) -> Result<Piece, Error> {
        self.sc.at_end();
        let at = self.sc.position();
        let mut piece = [0; 4];
        for edge in piece.iter_mut() {
            *edge = self.edge(m)?;
        }
        for i in 0..4 {
            for j in i + 1..4 {
                if piece[i] == piece[j] {
                    return Err(self.sc.error_at(
                        at,
                        format!(
                            "piece {} {} {} {} has two identical edges ({})",
                            piece[0], piece[1], piece[2], piece[3], piece[i]
                        ),
                    ));
                }
            }
        }
        Ok(piece)
    }

    /// A test case's header, border ring and Q; the puts follow through [`Reader::piece`].
    pub fn case(&mut self) -> Result<Case, Error> {
        let n = self.int_in(MIN_N, MAX_N, "N")?;
        let m = self.int_in(MIN_M, MAX_M, "M")?;
        let mut sides: [Vec<Piece>; 4] = [Vec::new(), Vec::new(), Vec::new(), Vec::new()];
        let names = ["up", "right", "bottom", "left"];
        for (side, name) in sides.iter_mut().zip(names.iter()) {
            side.reserve(n);
            for i in 0..n {
                let piece = self.piece(m).map_err(|e| e.context(format!("{}[{}]", name, i)))?;
                side.push(piece);
            }
        }
        let q = self.int_in(0, MAX_PUTS, "Q")?;
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
    let tests = reader.tests().map_err(|e| e.context("T"))?;
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
        check_error("1\n3 4\n", "test case 1, line 2, column 1: N = 3 is out of range 4..=1000");
        check_error("1\n4 9\n", "test case 1, line 2, column 3: M = 9 is out of range 3..=8");
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
            "test case 1, line 19, column 1: Q = 10001 is out of range 0..=10000",
        );
        check_error(
            &format!("1\n4 3\n{}1\n111 112", ring),
            "test case 1, put 1, line 20, column 8: expected an edge of 3 digits 1..9, found end of input",
        );
    }
}
