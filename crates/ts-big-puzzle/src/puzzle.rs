//! The solution: the board, the signature index and the put rule (see the crate docs).

use std::collections::hash_map::Entry;
use std::collections::BTreeSet;
use std::hash::{Hash, Hasher};

use judge_io::FxHashMap;

use super::{opposite, partner, rotate, Border, Edge, Piece, Solver};

/// A signature side that has no placed neighbour (edge codes are never 0).
const FREE: Edge = 0;

/// `board[i][0] & PLACED != 0`: cell i holds a placed piece, whose edges (as placed) are
/// `board[i]` without this bit. Otherwise a non-zero `board[i]` is a waiting cell (empty,
/// inner, with at least one placed neighbour) and is its signature, and all zeros is an empty
/// cell with no placed neighbour (or a corner, which nothing touches). Codes are below
/// 10^8 < 2^31, so no signature has the bit.
const PLACED: u32 = 1 << 31;

/// An index value with this bit is `MANY | s`: the cells are `sets[s]`; without it, the one
/// cell itself (cells are below 2^20 and set numbers below 2^31, so the bit is free).
const MANY: u32 = 1 << 31;

/// log2 of the slots of the wanted-sides filter: 4 bits each, two to a byte (512 KiB, which
/// mostly stays in a core's cache), a few percent of slots taken by the at most
/// 4N + 4 * 10,000 codes a test case ever needs.
const FILTER_BITS: u32 = 20;

/// The non-empty sets of touching sides (bit s: side s touches a placed piece), by size.
const SIDE_SETS_BY_SIZE: [&[u8]; 5] = [
    &[],
    &[0b0001, 0b0010, 0b0100, 0b1000],
    &[0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100],
    &[0b0111, 0b1011, 0b1101, 0b1110],
    &[0b1111],
];

/// What a waiting cell needs on each side: the exact code, or [`FREE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Signature(Piece);

impl Hash for Signature {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Two words, no collisions: the key compares all four codes anyway.
        let [a, b, c, d] = self.0;
        state.write_u64(u64::from(a) | u64::from(b) << 32);
        state.write_u64(u64::from(c) | u64::from(d) << 32);
    }
}

/// The filter slot of `code` (a multiplicative hash: the top bits are the best mixed).
#[inline]
fn filter_slot(code: Edge) -> usize {
    (u64::from(code).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - FILTER_BITS)) as usize
}

/// Whether `cell` is still waiting with signature `signature` (index entries are dropped
/// lazily: a cell that was placed, or that now needs more sides, leaves a stale entry).
#[inline]
fn waits_as(board: &[Piece], cell: u32, signature: &Piece) -> bool {
    board[cell as usize] == *signature
}

/// The puzzle of one test case: placed pieces, waiting cells, and the signature index.
///
/// # Examples
/// ```
/// use ts_big_puzzle::{Border, Puzzle};
/// let ring: Vec<[u32; 4]> = (0..4).map(|i| [111 + i, 222 + i, 333 + i, 444 + i]).collect();
/// let border = Border { up: ring.clone(), right: ring.clone(), bottom: ring.clone(), left: ring };
/// let mut puzzle = Puzzle::new();
/// puzzle.init(4, 3, &border);
/// // up[0]'s bottom edge is 333, whose partner is 777: a piece with a 777 edge fits (1, 1),
/// // and then also needs the partner of left[0]'s right edge 222, which is 888.
/// assert_eq!(puzzle.put([777, 888, 123, 456]), -1);
/// assert_eq!(puzzle.put([777, 123, 456, 888]), 2);
/// ```
#[derive(Debug, Default)]
pub struct Puzzle {
    n: usize,
    width: usize,
    /// Per board cell (row-major, `y * width + x`): a placed piece, a waiting cell's
    /// signature, or nothing; see [`PLACED`]. One 16-byte entry, so that the neighbours a put
    /// updates cost one cache miss each.
    board: Vec<Piece>,
    /// The cells set non-zero in this test case, cleared by the next `init`.
    touched: Vec<u32>,
    /// Cells by every signature they have waited with in this test case: one cell, or
    /// [`MANY`] and a set in `sets`. Entries are never removed before the next `init`; a
    /// lookup skips (and drops from a set) the cells that no longer wait with that signature,
    /// so each entry costs at most one skip.
    index: FxHashMap<Signature, u32>,
    /// The cells of signatures that more than one cell waited with, by row-major index (so
    /// in `(y, x)` order).
    sets: Vec<BTreeSet<u32>>,
    /// Per filter slot (see [`filter_slot`]; slot i is bits 4 (i % 2) .. of byte i / 2), bit
    /// s: some cell needed a code of this slot on side s in this test case. A superset (bits
    /// are never cleared, slots are shared), so it only saves lookups, never decides a fit.
    wanted: Vec<u8>,
    /// The filter bytes set non-zero in this test case, cleared by the next `init`.
    wanted_touched: Vec<u32>,
    /// Signature lookups made by all puts since `new` (for the benchmark's report).
    lookups: u64,
}

impl Puzzle {
    /// An empty puzzle; call [`Puzzle::init`] before `put`.
    pub fn new() -> Puzzle {
        Puzzle::default()
    }

    /// Starts a test case, reusing the memory of the previous one.
    ///
    /// # Complexity
    /// O(n) plus what the previous test case touched.
    pub fn init(&mut self, n: usize, _m: usize, border: &Border) {
        debug_assert!(
            [&border.up, &border.right, &border.bottom, &border.left].iter().all(|s| s.len() == n),
            "the border has n pieces per side"
        );
        for &cell in &self.touched {
            self.board[cell as usize] = [FREE; 4];
        }
        self.touched.clear();
        if self.wanted.is_empty() {
            self.wanted = vec![0; 1 << (FILTER_BITS - 1)];
        }
        for &byte in &self.wanted_touched {
            self.wanted[byte as usize] = 0;
        }
        self.wanted_touched.clear();
        self.index.clear();
        self.sets.clear();
        self.n = n;
        self.width = n + 2;
        if self.board.len() < self.width * self.width {
            // All zero already (touched cells were cleared): a fresh zeroed allocation costs
            // only the pages the test case touches.
            self.board = vec![[FREE; 4]; self.width * self.width];
        }
        let last = n + 1;
        for i in 0..n {
            // (x, y) of up[i], right[i], bottom[i], left[i].
            let places = [
                (i + 1, 0, border.up[i]),
                (last, i + 1, border.right[i]),
                (i + 1, last, border.bottom[i]),
                (0, i + 1, border.left[i]),
            ];
            for &(x, y, piece) in places.iter() {
                self.place_border(self.cell(x, y), piece);
            }
        }
        for i in 0..n {
            let places = [(i + 1, 0), (last, i + 1), (i + 1, last), (0, i + 1)];
            for &(x, y) in places.iter() {
                self.announce(x, y);
            }
        }
    }

    /// Places `piece` by the rules; returns x + y of its cell or -1 (then nothing changes).
    ///
    /// # Complexity
    /// 4 filter probes and at most 60 signature lookups, each taking the smallest waiting cell
    /// of its signature in O(log B) for B cells (amortized: a lookup also drops the entries
    /// it finds stale); see the crate docs.
    pub fn put(&mut self, piece: Piece) -> i32 {
        // wanted_on[j] bit s: the filter says some cell may need piece[j] on side s.
        let mut wanted_on = [0u8; 4];
        for (sides, &edge) in wanted_on.iter_mut().zip(piece.iter()) {
            let slot = filter_slot(edge);
            *sides = (self.wanted[slot >> 1] >> ((slot & 1) * 4)) & 0xf;
        }
        if wanted_on == [0; 4] {
            return -1;
        }
        // usable[k] bit s: rotated by k, the piece may show on side s a code needed there.
        let mut usable = [0u8; 4];
        for (k, mask) in usable.iter_mut().enumerate() {
            for side in 0..4 {
                *mask |= wanted_on[(side + 4 - k) % 4] & (1 << side);
            }
        }
        for size in (1..=4).rev() {
            // The smallest (y, x) cell among all fits that touch `size` placed pieces.
            let mut best: Option<(u32, usize)> = None;
            for (k, &mask) in usable.iter().enumerate() {
                if mask.count_ones() < size as u32 {
                    continue;
                }
                let shown = rotate(piece, k);
                for &sides in SIDE_SETS_BY_SIZE[size] {
                    if sides & !mask != 0 {
                        continue;
                    }
                    let mut wanted = [FREE; 4];
                    for side in 0..4 {
                        if sides & (1 << side) != 0 {
                            wanted[side] = shown[side];
                        }
                    }
                    if let Some(cell) = self.smallest_waiting(&wanted) {
                        if best.map_or(true, |(b, _)| cell < b) {
                            best = Some((cell, k));
                        }
                    }
                }
            }
            if let Some((cell, k)) = best {
                let cell = cell as usize;
                self.place(cell, rotate(piece, k));
                return (cell % self.width + cell / self.width) as i32;
            }
        }
        -1
    }

    /// How many signatures all puts since [`Puzzle::new`] have looked up: at most 60 per put
    /// whatever the input, which is the point of the index.
    pub fn lookups(&self) -> u64 {
        self.lookups
    }

    /// The row-major index of (x, y).
    #[inline]
    fn cell(&self, x: usize, y: usize) -> usize {
        y * self.width + x
    }

    /// The smallest cell waiting with exactly `signature`, dropping stale entries met on the
    /// way.
    fn smallest_waiting(&mut self, signature: &Piece) -> Option<u32> {
        self.lookups += 1;
        let found = *self.index.get(&Signature(*signature))?;
        let board = &self.board;
        if found & MANY == 0 {
            return if waits_as(board, found, signature) { Some(found) } else { None };
        }
        let set = &mut self.sets[(found & !MANY) as usize];
        while let Some(&cell) = set.iter().next() {
            if waits_as(board, cell, signature) {
                return Some(cell);
            }
            set.remove(&cell);
        }
        None
    }

    /// Records a border piece (its neighbours are told by [`Puzzle::announce`] afterwards).
    fn place_border(&mut self, cell: usize, piece: Piece) {
        let [top, right, bottom, left] = piece;
        self.board[cell] = [PLACED | top, right, bottom, left];
        self.touched.push(cell as u32);
    }

    /// Tells the empty inner neighbours of the placed cell (x, y) what they now need from it.
    fn announce(&mut self, x: usize, y: usize) {
        let cell = self.cell(x, y);
        let mut edges = self.board[cell];
        edges[0] &= !PLACED;
        let inner = 1..=self.n;
        // (the neighbour's x and y, its cell) across each side; off the board wraps around
        // to usize::MAX, which is not inner either.
        let neighbours = [
            (x, y.wrapping_sub(1), cell.wrapping_sub(self.width)),
            (x + 1, y, cell + 1),
            (x, y + 1, cell + self.width),
            (x.wrapping_sub(1), y, cell.wrapping_sub(1)),
        ];
        for (side, &(nx, ny, next)) in neighbours.iter().enumerate() {
            if inner.contains(&nx) && inner.contains(&ny) && self.board[next][0] & PLACED == 0 {
                self.require(next, opposite(side), partner(edges[side]));
            }
        }
    }

    /// Waiting cell `cell` now needs `code` on `side`: index it under its new signature (its
    /// old entry goes stale).
    fn require(&mut self, cell: usize, side: usize, code: Edge) {
        let mut signature = self.board[cell];
        if signature == [FREE; 4] {
            self.touched.push(cell as u32);
        }
        debug_assert_eq!(signature[side], FREE, "a side is required once");
        signature[side] = code;
        self.board[cell] = signature;
        match self.index.entry(Signature(signature)) {
            Entry::Vacant(slot) => {
                slot.insert(cell as u32);
            }
            Entry::Occupied(mut slot) => {
                let found = *slot.get();
                if found & MANY != 0 {
                    self.sets[(found & !MANY) as usize].insert(cell as u32);
                } else if !waits_as(&self.board, found, &signature) {
                    // The one cell went stale: nobody else to keep.
                    slot.insert(cell as u32);
                } else {
                    let set: BTreeSet<u32> = [found, cell as u32].iter().copied().collect();
                    self.sets.push(set);
                    slot.insert(MANY | (self.sets.len() - 1) as u32);
                }
            }
        }
        let slot = filter_slot(code);
        let byte = slot >> 1;
        if self.wanted[byte] == 0 {
            self.wanted_touched.push(byte as u32);
        }
        self.wanted[byte] |= 1 << (side + (slot & 1) * 4);
    }

    /// Places `edges` (already rotated) on the waiting `cell`; its index entry goes stale.
    fn place(&mut self, cell: usize, edges: Piece) {
        debug_assert!(self.board[cell][0] & PLACED == 0, "only waiting cells take pieces");
        let [top, right, bottom, left] = edges;
        self.board[cell] = [PLACED | top, right, bottom, left];
        self.announce(cell % self.width, cell / self.width);
    }
}

impl Solver for Puzzle {
    fn init(&mut self, n: usize, m: usize, border: &Border) {
        Puzzle::init(self, n, m, border);
    }

    fn put(&mut self, piece: Piece) -> i32 {
        Puzzle::put(self, piece)
    }
}

#[cfg(test)]
mod tests {
    use super::super::naive::Naive;
    use super::super::{LEFT, TOP};
    use super::*;

    /// A 4 x 4 board whose first three up pieces face down with 333, so (2, 1) and (3, 1) wait
    /// with the same signature (needing only 777 on top); every other inward edge is its own.
    fn shared_top_border() -> Border {
        let side = |first: u32, i: u32| [first + i, first + 11 + i, first + 22 + i, first + 33 + i];
        Border {
            up: (0..4)
                .map(|i| [111 + i, 222 + i, if i < 3 { 333 } else { 336 }, 444 + i])
                .collect(),
            right: (0..4).map(|i| side(611, i)).collect(),
            bottom: (0..4).map(|i| side(711, i)).collect(),
            left: (0..4).map(|i| side(811, i)).collect(),
        }
    }

    /// Plays `puts` on the border with the puzzle and the oracle; returns the puzzle's results
    /// after checking that the oracle agrees.
    fn play(border: &Border, puts: &[Piece]) -> Vec<i32> {
        let (mut puzzle, mut naive) = (Puzzle::new(), Naive::new());
        puzzle.init(4, 3, border);
        naive.init(4, 3, border);
        let results: Vec<i32> = puts.iter().map(|&piece| puzzle.put(piece)).collect();
        let expected: Vec<i32> = puts.iter().map(|&piece| naive.put(piece)).collect();
        assert_eq!(results, expected, "the oracle agrees");
        results
    }

    #[test]
    fn a_cell_that_needs_more_leaves_no_fit_behind() {
        let border = shared_top_border();
        let top = partner(333);
        // (1, 1) takes a piece showing 777 on top and the partner of left[0]'s 822 on its left;
        // its right edge 123 makes (2, 1) need partner(123) on the left as well.
        let corner = [top, 123, 124, partner(822)];
        // Shows 777 on top only: (2, 1) no longer takes it (its entry in the two-cell bucket
        // is stale), the same-signature (3, 1) does, and (2, 1) now needs three sides.
        let top_only = [top, 125, 126, 127];
        let three_sides = [top, partner(127), 129, partner(123)];
        assert_eq!(play(&border, &[corner, top_only, three_sides]), vec![2, 4, 3]);
        // A stale one-cell entry: (4, 1) waits alone needing partner(336) on top and
        // partner(644) on the right, until a piece at (4, 2) makes it need partner(141) below.
        let below = [141, partner(645), 142, 143];
        let two_sides = [partner(336), partner(644), 144, 145];
        let all_three = [partner(336), partner(644), partner(141), 146];
        assert_eq!(play(&border, &[below, two_sides, all_three]), vec![6, -1, 5]);
    }

    #[test]
    fn filter_slots_that_share_a_byte_keep_their_own_sides() {
        // Two codes whose slots are the two halves of one byte.
        let mut half_of: FxHashMap<usize, Edge> = FxHashMap::default();
        let (a, b) = (111..)
            .find_map(|code: Edge| {
                let slot = filter_slot(code);
                match half_of.get(&(slot ^ 1)) {
                    Some(&other) => Some((other, code)),
                    None => {
                        half_of.insert(slot, code);
                        None
                    }
                }
            })
            .expect("slots pair up");
        let mut puzzle = Puzzle::new();
        puzzle.init(4, 3, &shared_top_border());
        let sides = |puzzle: &Puzzle, code: Edge| {
            let slot = filter_slot(code);
            (puzzle.wanted[slot >> 1] >> ((slot & 1) * 4)) & 0xf
        };
        let (before_a, before_b) = (sides(&puzzle, a), sides(&puzzle, b));
        puzzle.require(puzzle.cell(2, 2), TOP, a);
        puzzle.require(puzzle.cell(3, 3), LEFT, b);
        assert_eq!(sides(&puzzle, a), before_a | 1 << TOP);
        assert_eq!(sides(&puzzle, b), before_b | 1 << LEFT);
        // The next test case starts from a clear filter.
        puzzle.init(4, 3, &shared_top_border());
        assert_eq!((sides(&puzzle, a), sides(&puzzle, b)), (before_a, before_b));
    }

    #[test]
    fn a_full_board_of_stale_entries_still_answers_by_the_rules() {
        // Fill the board with pieces that fit everywhere they go; every put makes entries
        // stale, and each answer is checked against the oracle.
        let border = shared_top_border();
        let puts: Vec<Piece> = (0..40u32)
            .map(|i| {
                let code =
                    |j: u32| 111 + (i * 7 + j * 13) % 9 * 100 + (i + j) % 9 * 10 + (i * j) % 9;
                [partner(333), code(1), code(2), code(3)]
            })
            .filter(|p| p[1] != p[2] && p[2] != p[3] && p[1] != p[3] && !p[1..].contains(&p[0]))
            .collect();
        let results = play(&border, &puts);
        assert!(results.iter().any(|&r| r >= 0), "some pieces fit: {:?}", results);
    }
}
