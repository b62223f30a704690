//! BOARDCOVER (Algospot): count the ways to cover every white cell of a board with L-shaped
//! trominoes (a 2 x 2 square minus one cell, in any rotation), exactly, for any board up to
//! 20 x 20.
//!
//! [`solve`] is a broken-profile (transfer-matrix) DP over the cells in row-major order, two
//! cells per pass. Its state is the set of already covered cells among the next `w + 1` cells;
//! the states of a layer are kept sorted, so each pass is a merge of sorted streams (no hash).
//! The counts are exact [`U320`] integers, stored packed in as few 64-bit limbs as the layer's
//! totals need.
//! [`run`] parses the judge's input ([`parse_case_count`], [`parse_board`]), solves each board
//! and writes the counts ([`render`]). No I/O happens here: `main.rs` owns stdin and stdout.

pub mod bignum;
pub mod gen;
pub mod naive;

use std::fmt;
use std::io::Write;

use judge_io::{Error, Output, Scanner};

pub use self::bignum::U320;

/// The largest height and width the statement allows.
pub const MAX_SIDE: usize = 20;
/// The number of cells in one piece.
pub const PIECE_CELLS: usize = 3;
/// The most white cells [`solve`] takes: 159 pieces, 4^159 = 2^318 < 2^320 (a 20 x 20 board
/// has 400 cells).
pub const MAX_WHITE: usize = 479;

/// One cell of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// `.`: must be covered.
    White,
    /// `#`: must stay uncovered.
    Black,
}

impl Cell {
    /// The cell written as `byte`, if it is `.` or `#`.
    pub fn from_byte(byte: u8) -> Option<Cell> {
        match byte {
            b'.' => Some(Cell::White),
            b'#' => Some(Cell::Black),
            _ => None,
        }
    }

    /// The byte that writes the cell.
    pub fn to_byte(self) -> u8 {
        match self {
            Cell::White => b'.',
            Cell::Black => b'#',
        }
    }
}

/// A position on the board: row `y` from the top, column `x` from the left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// The row, from 0.
    pub y: usize,
    /// The column, from 0.
    pub x: usize,
}

/// A rectangular board of cells.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    h: usize,
    w: usize,
    /// Row-major: cell `(y, x)` is `cells[y * w + x]`.
    cells: Vec<Cell>,
}

impl Board {
    /// A board of `h` rows and `w` columns from its cells in row-major order.
    ///
    /// # Panics
    /// If `cells.len() != h * w`.
    pub fn new(h: usize, w: usize, cells: Vec<Cell>) -> Board {
        assert_eq!(cells.len(), h * w, "a {} x {} board has {} cells", h, w, h * w);
        Board { h, w, cells }
    }

    /// A board from rows of `.` and `#` (for tests and generators).
    ///
    /// # Panics
    /// If the rows have different lengths or contain another character.
    pub fn from_rows(rows: &[&str]) -> Board {
        let w = rows.first().map_or(0, |row| row.len());
        let mut cells = Vec::with_capacity(rows.len() * w);
        for row in rows {
            assert_eq!(row.len(), w, "rows of different lengths");
            for &b in row.as_bytes() {
                cells.push(Cell::from_byte(b).expect("rows are made of '.' and '#'"));
            }
        }
        Board::new(rows.len(), w, cells)
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.h
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.w
    }

    /// The cell at `pos`.
    ///
    /// # Panics
    /// If `pos` is off the board.
    pub fn get(&self, pos: Pos) -> Cell {
        assert!(pos.y < self.h && pos.x < self.w, "{:?} is off the board", pos);
        self.cells[pos.y * self.w + pos.x]
    }

    /// The cells in row-major order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The number of white cells.
    pub fn white_count(&self) -> usize {
        self.cells.iter().filter(|&&c| c == Cell::White).count()
    }

    /// The board built by sending each position to `f(pos)` on an `h` x `w` board.
    fn remapped<F: Fn(Pos) -> Pos>(&self, h: usize, w: usize, f: F) -> Board {
        let mut cells = vec![Cell::Black; h * w];
        for y in 0..self.h {
            for x in 0..self.w {
                let to = f(Pos { y, x });
                cells[to.y * w + to.x] = self.cells[y * self.w + x];
            }
        }
        Board::new(h, w, cells)
    }

    /// The board mirrored in its main diagonal (`w` x `h`). L-trominoes map to L-trominoes,
    /// so the count is unchanged.
    pub fn transpose(&self) -> Board {
        self.remapped(self.w, self.h, |p| Pos { y: p.x, x: p.y })
    }

    /// The board turned half a turn.
    pub fn rotate180(&self) -> Board {
        let (h, w) = (self.h, self.w);
        self.remapped(h, w, |p| Pos { y: h - 1 - p.y, x: w - 1 - p.x })
    }

    /// The board mirrored left to right.
    pub fn mirror(&self) -> Board {
        let w = self.w;
        self.remapped(self.h, w, |p| Pos { y: p.y, x: w - 1 - p.x })
    }
}

impl fmt::Display for Board {
    /// The rows, each followed by a newline (the judge's grid format without `H W`).
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        for row in self.cells.chunks(self.w.max(1)) {
            let text: String = row.iter().map(|c| c.to_byte() as char).collect();
            writeln!(f, "{}", text)?;
        }
        Ok(())
    }
}

/// What one run of the DP did, for benchmarks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stats {
    /// The most frontier states alive at once.
    pub max_states: usize,
    /// The number of (state, move) pairs processed; a move crosses up to two cells.
    pub transitions: u64,
    /// The width of the frontier (the narrower side of the board).
    pub width: usize,
}

/// The number of tilings of `board`.
///
/// # Panics
/// If both sides are longer than [`MAX_SIDE`], or the board has more than [`MAX_WHITE`] white
/// cells.
///
/// # Complexity
/// O(h * w * S) limb additions and comparisons, where S (the number of frontier states) is at
/// most 2^(min(h, w) + 1) and at most 611,670 on a 20 x 20 board; memory O(S) counts.
///
/// # Examples
/// ```
/// use boardcover::{solve, Board};
/// assert_eq!(solve(&Board::from_rows(&["...", "..."])).to_string(), "2");
/// ```
pub fn solve(board: &Board) -> U320 {
    Solver::new().solve(board)
}

/// [`solve`], plus what the DP did. The narrower side of the board becomes the frontier.
///
/// # Panics
/// As [`solve`].
pub fn solve_with_stats(board: &Board) -> (U320, Stats) {
    Solver::new().solve_with_stats(board)
}

/// The number of tilings, with the frontier along the board's rows as given (no transposing).
///
/// # Panics
/// If the board is wider than [`MAX_SIDE`] or has more than [`MAX_WHITE`] white cells.
pub fn count_row_major(board: &Board) -> (U320, Stats) {
    Solver::new().count_row_major(board)
}

/// The DP's two layers, kept from board to board: solving many boards with one `Solver`
/// allocates them once, so the memory peak is the largest board's, not a fragmented sum.
#[derive(Debug, Default)]
pub struct Solver {
    cur: Layer,
    next: Layer,
}

impl Solver {
    /// A solver with no memory reserved yet.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// [`solve`], reusing this solver's memory.
    pub fn solve(&mut self, board: &Board) -> U320 {
        self.solve_with_stats(board).0
    }

    /// [`solve_with_stats`], reusing this solver's memory.
    pub fn solve_with_stats(&mut self, board: &Board) -> (U320, Stats) {
        if board.width() > board.height() {
            self.count_row_major(&board.transpose())
        } else {
            self.count_row_major(board)
        }
    }
}

/// The pieces the DP can place at its current cell `p`: a piece whose first cell in row-major
/// order is `p` covers `p` and two of the cells `p + 1` (right), `p + w - 1` (below left),
/// `p + w` (below) and `p + w + 1` (below right). Offsets are listed as `(dy, dx)`.
const SHAPES: [[(usize, isize); 2]; 4] = [
    // ##
    // #.
    [(0, 1), (1, 0)],
    // ##
    // .#
    [(0, 1), (1, 1)],
    // #.
    // ##
    [(1, 0), (1, 1)],
    // .#
    // ##
    [(1, -1), (1, 0)],
];

/// One layer of the DP: the frontier states, in increasing order, and their counts.
///
/// State bit `k` set means cell `p + k` (row-major index, `p` the layer's cell) is already
/// covered by a piece, for `k` in `0..=w`. Cell `p + w + 1` can never be covered yet: a piece
/// placed at an earlier cell `q < p` reaches at most `q + w + 1 <= p + w`.
#[derive(Debug, Default)]
struct Layer {
    keys: Vec<u32>,
    /// The count of state `keys[i]` is `vals[i * limbs..(i + 1) * limbs]`, little-endian.
    vals: Vec<u64>,
    limbs: usize,
}

impl Layer {
    fn len(&self) -> usize {
        self.keys.len()
    }

    fn count(&self, i: usize) -> &[u64] {
        &self.vals[i * self.limbs..(i + 1) * self.limbs]
    }

    /// Re-packs every count into `limbs` limbs (more than now), in place.
    fn widen(&mut self, limbs: usize) {
        let old = self.limbs;
        debug_assert!(limbs > old, "counts only ever widen");
        let n = self.keys.len();
        self.vals.resize(n * limbs, 0);
        // From the back, each count moves to a higher offset than any unread one.
        for i in (0..n).rev() {
            for k in (0..limbs).rev() {
                self.vals[i * limbs + k] = if k < old { self.vals[i * old + k] } else { 0 };
            }
        }
        self.limbs = limbs;
    }
}

/// Adds `count` (`L` limbs) to state `key` of the layer being built, which is either its last
/// state or above it.
#[inline]
fn emit<const L: usize>(keys: &mut Vec<u32>, vals: &mut Vec<u64>, key: u32, count: &[u64]) {
    if keys.last() == Some(&key) {
        let start = vals.len() - L;
        bignum::add_limbs(&mut vals[start..start + L], &count[..L]);
    } else {
        debug_assert!(keys.last().map_or(true, |&last| last < key), "keys ascend");
        keys.push(key);
        vals.extend_from_slice(&count[..L]);
    }
}

/// The number of cells the DP crosses per pass over the frontier. Two cells per pass measured
/// 10-25% faster than one on 20 x 20 boards (half the passes over the layers); three were
/// slower (up to 5^3 composed moves make the merges wide).
const BLOCK: usize = 2;

/// One way to cross the cells `p..p + k` of a block: the states `s` with `s & check == want`
/// go to `(s | add) >> k`.
///
/// For one cell: skipping a covered cell is `check = 1, want = 1, add = 0` (a black cell:
/// `check = 0`); placing a piece that covers the cells of `mask` is `check = mask`, `want = 0`,
/// `add = mask`. Moves for several cells are composed with [`Move::then`]. Every
/// state that passes has `s & add == 0`, so `s | add = s + add` ascends with `s`: each move's
/// targets come out sorted and the next layer is a merge. All the passing states also agree on
/// bits `0..k` of `s | add` (a white cell is covered, a black one never is), so the shift
/// loses nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Move {
    check: u32,
    want: u32,
    add: u32,
}

impl Move {
    /// Crossing no cell.
    const STAY: Move = Move { check: 0, want: 0, add: 0 };

    /// This move (over `k` cells) followed by `second`, a one-cell move written for the frame of
    /// cell `p + k`; `None` if no state can take both.
    fn then(self, second: Move, k: usize) -> Option<Move> {
        let (check, want, add) = (second.check << k, second.want << k, second.add << k);
        // Bits this move already covered read as 1 for the second move.
        if check & self.add & !want != 0 {
            return None;
        }
        let (check, want) = (check & !self.add, want & !self.add);
        let shared = self.check & check;
        if self.want & shared != want & shared {
            return None;
        }
        Some(Move { check: self.check | check, want: self.want | want, add: self.add | add })
    }
}

/// The one-cell moves at cell `p` (row `y`, column `x`) of an `h` x `w` board.
fn cell_moves(white: &[bool], h: usize, w: usize, p: usize, out: &mut Vec<Move>) {
    out.clear();
    if !white[p] {
        // A black cell is never covered: every state moves on.
        out.push(Move::STAY);
        return;
    }
    out.push(Move { check: 1, want: 1, add: 0 });
    let (y, x) = (p / w, p % w);
    if y + 1 == h {
        return;
    }
    // The pieces that fit at p by the board alone.
    for shape in SHAPES.iter() {
        let mut mask = 1u32;
        let fits = shape.iter().all(|&(dy, dx)| {
            let nx = x as isize + dx;
            if nx < 0 || nx >= w as isize {
                return false;
            }
            let offset = dy * w + nx as usize - x;
            mask |= 1 << offset;
            white[p + offset]
        });
        if fits {
            out.push(Move { check: mask, want: 0, add: mask });
        }
    }
}

/// The states of `keys[pos..end]` that take one [`Move`], walked in order.
struct Stream {
    pos: usize,
    end: usize,
    step: Move,
    /// The target of the state at `pos`, or `u32::MAX` when the stream is done.
    head: u32,
}

impl Stream {
    /// Moves `pos` to the first state at or after it that takes the move.
    #[inline]
    fn settle(&mut self, keys: &[u32], k: usize) {
        while self.pos < self.end {
            let state = keys[self.pos];
            if state & self.step.check == self.step.want {
                self.head = (state | self.step.add) >> k;
                return;
            }
            self.pos += 1;
        }
        self.head = u32::MAX;
    }
}

/// Sends every state of `cur` through `moves` (each over `k` cells) into `next`, which must be
/// empty.
///
/// The targets of one move from one quarter of `cur` (the states sharing bits `w` and
/// `w - 1`) all share their bits from `w - 1` up: the region of the target. So the regions
/// are filled in increasing order, each by merging the few (quarter, move) streams that land in
/// it: every access is sequential, and no hash or index is needed.
///
/// Returns the number of transitions and the sum of the top limbs (limb `L - 1`) of the counts
/// they carried, from which [`limbs_needed`] bounds the counts of the layer after `next`.
fn advance<const L: usize>(
    cur: &Layer,
    next: &mut Layer,
    moves: &[Move],
    w: usize,
    k: usize,
) -> (u64, u128) {
    debug_assert!(cur.limbs == L && next.limbs == L, "both layers hold L limbs");
    let top = w - 1;
    let mut bounds = [0usize; 5];
    for (q, bound) in bounds.iter_mut().enumerate() {
        *bound = cur.keys.partition_point(|&s| ((s >> top) as usize) < q);
    }
    let mut transitions = 0;
    let mut top_sum: u128 = 0;
    let mut streams: Vec<Stream> = Vec::with_capacity(moves.len() * 4);
    for region in 0..(4usize << k) {
        streams.clear();
        for step in moves.iter() {
            for q in 0..4 {
                // The quarter fixes bits w - 1 and w of the state; the move must allow them.
                let fixed = (q as u32) << top;
                let top_check = step.check & (3 << top);
                let compatible = fixed & top_check == step.want & top_check;
                if compatible
                    && (q | (step.add >> top) as usize) == region
                    && bounds[q] < bounds[q + 1]
                {
                    let mut stream =
                        Stream { pos: bounds[q], end: bounds[q + 1], step: *step, head: u32::MAX };
                    stream.settle(&cur.keys, k);
                    streams.push(stream);
                }
            }
        }
        if streams.len() == 1 {
            // One move is one-to-one: its targets are all new, no merging needed.
            let stream = &mut streams[0];
            while stream.head != u32::MAX {
                let start = stream.pos * L;
                next.keys.push(stream.head);
                next.vals.extend_from_slice(&cur.vals[start..start + L]);
                top_sum += cur.vals[start + L - 1] as u128;
                transitions += 1;
                stream.pos += 1;
                stream.settle(&cur.keys, k);
            }
            continue;
        }
        loop {
            let mut best = 0;
            for j in 1..streams.len() {
                if streams[j].head < streams[best].head {
                    best = j;
                }
            }
            let stream = match streams.get_mut(best) {
                Some(stream) if stream.head != u32::MAX => stream,
                _ => break,
            };
            let start = stream.pos * L;
            emit::<L>(&mut next.keys, &mut next.vals, stream.head, &cur.vals[start..start + L]);
            top_sum += cur.vals[start + L - 1] as u128;
            transitions += 1;
            stream.pos += 1;
            stream.settle(&cur.keys, k);
        }
    }
    (transitions, top_sum)
}

/// The number of limbs that hold every count of the next layer, given what [`advance`]
/// returned while building the current one (`limbs` limbs each) and the number of moves from
/// the current layer to the next.
///
/// The current layer's total `T` is the sum of the `transitions` counts carried into it. Each
/// of them is below `(top + 1) * 2^(64 (limbs - 1))` where `top` is its top limb, so
/// `T < (top_sum + transitions) * 2^(64 (limbs - 1))`. A count of the next layer adds up, for
/// each move, at most one count of the current layer, so it is at most `moves * T`. And no
/// count ever exceeds the number of partial tilings, at most `4^(pieces) <= 2^318` (see
/// [`MAX_WHITE`]): 5 limbs always suffice.
fn limbs_needed(limbs: usize, transitions: u64, top_sum: u128, moves: usize) -> usize {
    let spill = (top_sum + transitions as u128) * moves as u128;
    let wanted = if spill >> 64 == 0 { limbs } else { limbs + 1 };
    wanted.min(bignum::LIMBS)
}

impl Solver {
    /// [`count_row_major`], reusing this solver's memory.
    pub fn count_row_major(&mut self, board: &Board) -> (U320, Stats) {
        let (cur, next) = (&mut self.cur, &mut self.next);
        let (h, w) = (board.height(), board.width());
        assert!(w <= MAX_SIDE, "the frontier holds one row: width {} > {}", w, MAX_SIDE);
        let mut stats = Stats { max_states: 1, transitions: 0, width: w };
        let n = h * w;
        let white: Vec<bool> = board.cells().iter().map(|&c| c == Cell::White).collect();
        let whites = white.iter().filter(|&&is_white| is_white).count();
        assert!(whites <= MAX_WHITE, "{} white cells: counts could outgrow 320 bits", whites);
        if whites % PIECE_CELLS != 0 {
            return (U320::zero(), stats);
        }

        cur.keys.clear();
        cur.vals.clear();
        cur.limbs = 1;
        cur.keys.push(0);
        cur.vals.push(1);
        // What building `cur` carried: one count, 1.
        let (mut carried, mut top_sum) = (1u64, 1u128);
        let mut moves: Vec<Move> = Vec::new();
        let mut composed: Vec<Move> = Vec::new();
        let mut one_cell: Vec<Move> = Vec::with_capacity(1 + SHAPES.len());
        let mut p = 0;
        while p < n {
            let k = BLOCK.min(n - p);
            moves.clear();
            moves.push(Move::STAY);
            for j in 0..k {
                cell_moves(&white, h, w, p + j, &mut one_cell);
                composed.clear();
                for first in moves.iter() {
                    composed.extend(one_cell.iter().filter_map(|&second| first.then(second, j)));
                }
                std::mem::swap(&mut moves, &mut composed);
            }
            let limbs = limbs_needed(cur.limbs, carried, top_sum, moves.len()).max(cur.limbs);
            if limbs > cur.limbs {
                cur.widen(limbs);
            }
            next.keys.clear();
            next.vals.clear();
            next.limbs = limbs;
            // The next layer is about as large as this one: reserving exactly (plus an eighth)
            // keeps the doubling of a growing Vec from inflating the peak memory.
            let expected = cur.len() + cur.len() / 8;
            next.keys.reserve_exact(expected);
            next.vals.reserve_exact(expected * limbs);
            let (transitions, sum) = match limbs {
                1 => advance::<1>(cur, next, &moves, w, k),
                2 => advance::<2>(cur, next, &moves, w, k),
                3 => advance::<3>(cur, next, &moves, w, k),
                4 => advance::<4>(cur, next, &moves, w, k),
                _ => advance::<{ bignum::LIMBS }>(cur, next, &moves, w, k),
            };
            stats.transitions += transitions;
            carried = transitions;
            top_sum = sum;
            std::mem::swap(cur, next);
            stats.max_states = stats.max_states.max(cur.len());
            if cur.len() == 0 {
                return (U320::zero(), stats);
            }
            p += k;
        }
        // Past the last cell nothing can be covered, so the only state left is the empty one.
        debug_assert!(cur.keys == [0], "only the empty frontier survives the last cell");
        (U320::from_limbs(cur.count(0)), stats)
    }
}

/// Describes an input byte for a message: `'x'`, or `byte 0x07` when it is not printable.
fn describe_byte(b: u8) -> String {
    if b.is_ascii_graphic() || b == b' ' {
        format!("'{}'", b as char)
    } else {
        format!("byte 0x{:02x}", b)
    }
}

/// Reads a side length (`H` or `W`) and checks it is in `1..=MAX_SIDE`.
fn parse_side(sc: &mut Scanner, name: &str) -> Result<usize, Error> {
    sc.at_end();
    let at = sc.position();
    let side: usize = sc.int()?;
    if side == 0 || side > MAX_SIDE {
        return Err(
            sc.error_at(at, format!("{} must be in 1..={}, found {}", name, MAX_SIDE, side))
        );
    }
    Ok(side)
}

/// Reads the first line: the number of test cases `C`.
pub fn parse_case_count(sc: &mut Scanner) -> Result<usize, Error> {
    let c: usize = sc.int()?;
    sc.end_line()?;
    Ok(c)
}

/// Reads one test case: a line `H W`, then `H` rows of `W` cells.
pub fn parse_board(sc: &mut Scanner) -> Result<Board, Error> {
    let h = parse_side(sc, "H")?;
    let w = parse_side(sc, "W")?;
    sc.end_line()?;
    let mut cells = Vec::with_capacity(h * w);
    for y in 0..h {
        let row = sc.grid_row(w, &format!("row {}", y + 1))?;
        for (x, &b) in row.text.iter().enumerate() {
            match Cell::from_byte(b) {
                Some(cell) => cells.push(cell),
                None => {
                    return Err(sc.error_at(
                        row.start + x,
                        format!("expected '#' or '.', found {}", describe_byte(b)),
                    ))
                }
            }
        }
    }
    Ok(Board::new(h, w, cells))
}

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
    sc.expect_end().map_err(|e| e.context(format!("after the {} test cases announced", c)))
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
    fn two_by_3n_has_2_to_the_n_tilings() {
        for n in 1..=6 {
            let row = ".".repeat(3 * n);
            let board = Board::from_rows(&[&row, &row]);
            assert_eq!(solve(&board), U320::pow2(n as u32), "2 x {}", 3 * n);
            assert_eq!(solve(&board.transpose()), U320::pow2(n as u32));
        }
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
            "after the 1 test cases announced, line 4, column 1: expected end of input, found \"1\""
        );
        assert_eq!(
            run_err("x\n"),
            "line 1, column 1: expected a non-negative integer, found \"x\""
        );
        assert_eq!(
            run_err("1\n2 3\n...\n"),
            "test case 1, line 4, column 1: expected row 2, found end of input"
        );
    }

    #[test]
    fn answers_before_a_bad_case_stay_written() {
        let mut out = Output::new(Vec::new());
        assert!(run(b"2\n1 3\n...\n1 3\n.?.\n", &mut out).is_err());
        assert_eq!(out.into_inner().expect("Vec sink"), b"0\n");
    }

    #[test]
    fn board_symmetries() {
        let board = Board::from_rows(&["#..", "..."]);
        assert_eq!(board.transpose(), Board::from_rows(&["#.", "..", ".."]));
        assert_eq!(board.rotate180(), Board::from_rows(&["...", "..#"]));
        assert_eq!(board.mirror(), Board::from_rows(&["..#", "..."]));
        assert_eq!(board.to_string(), "#..\n...\n");
        assert_eq!(board.get(Pos { y: 0, x: 0 }), Cell::Black);
    }

    #[test]
    fn a_reused_solver_gives_fresh_answers() {
        let boards = [
            Board::new(20, 9, vec![Cell::White; 180]),
            Board::from_rows(&["...", "..."]),
            Board::from_rows(&["#"]),
            Board::from_rows(&["#..", "...", "..#"]),
            Board::new(12, 15, vec![Cell::White; 180]),
        ];
        let mut solver = Solver::new();
        for board in boards.iter().chain(boards.iter()) {
            assert_eq!(solver.solve(board), Solver::new().solve(board), "{}", board);
        }
    }

    #[test]
    fn moves_compose_over_a_block() {
        let skip = Move { check: 1, want: 1, add: 0 };
        assert_eq!(skip.then(skip, 1), Some(Move { check: 3, want: 3, add: 0 }));
        // On a 4-wide board, the piece covering p, p + 1 and p + 4 covers the next cell too.
        let piece = Move { check: 0b10011, want: 0, add: 0b10011 };
        assert_eq!(piece.then(skip, 1), Some(piece));
        assert_eq!(piece.then(piece, 1), None, "cell p + 1 is taken");
        assert_eq!(skip.then(piece, 1), Some(Move { check: 0b100111, want: 1, add: 0b100110 }));
        assert_eq!(Move::STAY.then(skip, 0), Some(skip));
    }

    #[test]
    fn limb_budget_follows_the_totals() {
        assert_eq!(limbs_needed(1, 1, 1, 1), 1);
        assert_eq!(limbs_needed(1, 3, u64::MAX as u128 - 3, 1), 1);
        assert_eq!(limbs_needed(1, 3, u64::MAX as u128 - 2, 1), 2);
        assert_eq!(limbs_needed(1, 1, 1 << 62, 4), 2, "4 moves can quadruple the total");
        assert_eq!(limbs_needed(4, 1 << 20, 1 << 70, 1), 5);
        assert_eq!(limbs_needed(5, 1 << 20, 1 << 70, 1), 5, "never more than 320 bits");
        let (count, stats) = count_row_major(&Board::new(2, 20, vec![Cell::White; 40]));
        assert_eq!(count, U320::zero(), "40 cells are not a multiple of 3");
        assert_eq!(stats.width, 20);
    }
}
