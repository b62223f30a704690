//! The solver's component search and shape keys, built for big grids: about one pass over
//! the cells, memory close to the grids' own size.
//!
//! A grid's cells of the wanted value become a bitset with zero rows and columns around it
//! ([`Targets`]); taking a component clears its bits, so the bitset is its own "seen" mark
//! and the zeros around spare every bound check. Components are found in row-major order of
//! their first cell. One that fits a window of 8 rows x 16 columns around its first cell is
//! flooded inside the window with a few shifts of a `u128` (the judge's shapes all are);
//! any other is found by breadth-first search, its cells kept as `u32` indices (4 bytes a
//! cell, the only per-cell memory). Its key is one of three kinds, chosen by facts no
//! rotation changes, so equal shapes always get the same kind:
//! - **tiny** (bounding box at most 8 x 8): one `u64`, the smallest of the four rotations'
//!   8 x 8 boards (bit `8 * y + x` for the local cell `(y, x)`), turned by bit operations;
//! - **dense** (box at most [`DENSE_BITS_PER_CELL`] times the cell count): the smallest of the
//!   four rotations' box bitmaps, `[DENSE, height, width, bits...]`, built one at a time;
//! - **sparse** (anything else): `[SPARSE, `[`Keyer`]` key...]`, the sorted cell lists; such a
//!   shape has at most a 64th of the grid's cells.
//!
//! Only holes store keys: a piece is only looked up, since a piece with no hole of its shape
//! fills nothing.

use judge_io::FxHashMap;

use super::{Grid, Keyer, Outcome, Pos};

/// A box whose sides are at most this long gets a tiny key (its 64 cells fit a `u64`).
const TINY_SIDE: usize = 8;

/// The most cells a component with a tiny key can have.
const TINY_CELLS: usize = TINY_SIDE * TINY_SIDE;

/// A shape gets a dense key when its box has at most this many cells per cell of the shape:
/// then each bitmap (two are kept while the four turns are compared) takes at most 8 bytes
/// a cell, and a sparse shape (a thin staircase, say) has at most a 64th of the grid's cells.
pub const DENSE_BITS_PER_CELL: u64 = 64;

/// The first word of a dense key.
const DENSE: u32 = 0;

/// The first word of a sparse key.
const SPARSE: u32 = 1;

/// The holes and pieces sharing one key, and their cell count.
#[derive(Debug)]
struct Class {
    holes: u64,
    pieces: u64,
    size: u64,
}

/// Division by a fixed divisor in `2..2^32` through one multiplication: with
/// `m = floor((2^64 - 1) / d) + 1`, `floor(n * m / 2^64) = floor(n / d)` for every `n < 2^32`
/// (the error of `m` is below 1, so it adds less than `n / 2^64 < 1 / d` to `n / d`).
#[derive(Debug, Clone, Copy)]
struct Divider {
    divisor: u64,
    multiplier: u64,
}

impl Divider {
    fn new(divisor: u64) -> Divider {
        debug_assert!((2..1 << 32).contains(&divisor), "a divisor in 2..2^32");
        Divider { divisor, multiplier: u64::MAX / divisor + 1 }
    }

    /// `(n / divisor, n % divisor)`.
    #[inline]
    fn div_rem(self, n: u32) -> (u32, u32) {
        let quotient = ((n as u128 * self.multiplier as u128) >> 64) as u64;
        (quotient as u32, (n as u64 - quotient * self.divisor) as u32)
    }
}

/// Everything the search keeps between components: the classes found so far and buffers.
#[derive(Debug, Default)]
pub struct Search {
    tiny: FxHashMap<u64, Class>,
    big: FxHashMap<Vec<u32>, Class>,
    /// The current component's cells, as indices into the padded grid; also the BFS queue.
    queue: Vec<u32>,
    best: Vec<u32>,
    candidate: Vec<u32>,
    keyer: Keyer,
    positions: Vec<Pos>,
    list_key: Vec<u32>,
}

/// Whether a component's shape is a hole (stored) or a piece (only looked up).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Hole,
    Piece,
}

impl Search {
    /// Solves the problem; see [`super::solve`].
    ///
    /// # Panics
    /// If a grid with its border has 2^32 cells or more (see [`fits`]).
    pub fn solve(game_board: &Grid, table: &Grid) -> Outcome {
        let mut search = Search::default();
        let holes = search.components(game_board, false, Role::Hole);
        let pieces = search.components(table, true, Role::Piece);
        let filled = search.tiny.values().chain(search.big.values());
        let filled = filled.map(|class| class.holes.min(class.pieces) * class.size).sum();
        Outcome { filled, holes, pieces }
    }

    /// Finds every component of `value` cells in `grid`, counts it into its class, and
    /// returns how many there were.
    fn components(&mut self, grid: &Grid, value: bool, role: Role) -> u64 {
        assert!(fits(grid.height(), grid.width()), "the padded grid's indices fit in u32");
        let mut targets = Targets::new(grid, value);
        let stride = targets.stride;
        let divider = Divider::new(stride as u64);
        let mut count = 0;
        for y in 1..=grid.height() {
            for word_idx in y * stride / 64..(y + 1) * stride / 64 {
                // Re-read the word after each component: it may have cleared later bits.
                loop {
                    let word = targets.words[word_idx];
                    if word == 0 {
                        break;
                    }
                    let start = word_idx * 64 + word.trailing_zeros() as usize;
                    count += 1;
                    let (key, size) = match targets.take_small(start) {
                        Some((window, size)) => {
                            let key = window_key(window);
                            if key.is_none() {
                                // Too wide for a tiny key: the big key wants the cell list.
                                self.list_window(window, start, stride);
                            }
                            (key, size)
                        }
                        None => {
                            self.collect(&mut targets, start);
                            (self.tiny_key(divider), self.queue.len() as u64)
                        }
                    };
                    match key {
                        Some(key) => count_in(&mut self.tiny, &key, size, role, |key| *key),
                        None => {
                            self.big_key(divider);
                            count_in(&mut self.big, &self.best[..], size, role, |key| key.to_vec());
                        }
                    }
                }
            }
        }
        count
    }

    /// Lists in `queue` the cells of a window taken at `start` (see [`Targets::take_small`]),
    /// in row-major order, so the first is the topmost.
    fn list_window(&mut self, window: u128, start: usize, stride: usize) {
        self.queue.clear();
        let mut rest = window;
        while rest != 0 {
            let bit = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            self.queue.push((start - 8 + bit / 16 * stride + bit % 16) as u32);
        }
    }

    /// Breadth-first search from `start`: clears the bits of its component and lists the
    /// component's cells in `queue`.
    fn collect(&mut self, targets: &mut Targets, start: usize) {
        let queue = &mut self.queue;
        queue.clear();
        targets.clear(start);
        queue.push(start as u32);
        let steps = [targets.stride.wrapping_neg(), targets.stride, 1usize.wrapping_neg(), 1];
        let mut head = 0;
        while head < queue.len() {
            let cell = queue[head] as usize;
            head += 1;
            for &step in &steps {
                let next = cell.wrapping_add(step);
                // The border of zeros keeps `next` inside the array.
                if targets.get(next) {
                    targets.clear(next);
                    queue.push(next as u32);
                }
            }
        }
    }

    /// The tiny key of the component in `queue`, if its box is at most 8 x 8: the cells go
    /// into a [`Targets::take_small`] window, then through [`window_key`].
    fn tiny_key(&self, divider: Divider) -> Option<u64> {
        if self.queue.len() > TINY_CELLS {
            return None;
        }
        let (start_y, start_x) = divider.div_rem(self.queue[0]);
        let mut window = 0u128;
        for &cell in &self.queue {
            let (y, x) = divider.div_rem(cell);
            let (dy, column) = (y - start_y, (x + 8).wrapping_sub(start_x));
            if dy >= 8 || !(1..16).contains(&column) {
                return None;
            }
            window |= 1 << (16 * dy + column);
        }
        window_key(window)
    }

    /// Writes the dense or sparse key of the component in `queue` into `best`.
    fn big_key(&mut self, divider: Divider) {
        let (start_y, _) = divider.div_rem(self.queue[0]);
        let (mut max_y, mut min_x, mut max_x) = (start_y, u32::MAX, 0);
        for &cell in &self.queue {
            let (y, x) = divider.div_rem(cell);
            max_y = max_y.max(y);
            min_x = min_x.min(x);
            max_x = max_x.max(x);
        }
        let (h, w) = (max_y - start_y + 1, max_x - min_x + 1);
        let cells = self.queue.len() as u64;
        if h as u64 * w as u64 <= DENSE_BITS_PER_CELL * cells {
            self.dense_key(divider, start_y, min_x, h, w);
        } else {
            self.positions.clear();
            self.positions.extend(self.queue.iter().map(|&cell| {
                let (y, x) = divider.div_rem(cell);
                Pos { y: (y - start_y) as usize, x: (x - min_x) as usize }
            }));
            self.keyer.key(&self.positions, &mut self.list_key);
            self.best.clear();
            self.best.push(SPARSE);
            self.best.extend_from_slice(&self.list_key);
        }
    }

    /// Writes into `best` the smallest of the four rotations' `[DENSE, height, width, bits]`,
    /// where bit `height' * width' ...` is row-major over the turned box: bit `i` of the box
    /// is bit `i % 32` of word `3 + i / 32`.
    fn dense_key(&mut self, divider: Divider, top: u32, left: u32, h: u32, w: u32) {
        let words = ((h as u64 * w as u64 + 31) / 32) as usize;
        for turn in 0..4 {
            let candidate = &mut self.candidate;
            let (turned_h, turned_w) = if turn % 2 == 0 { (h, w) } else { (w, h) };
            candidate.clear();
            candidate.extend_from_slice(&[DENSE, turned_h, turned_w]);
            candidate.resize(3 + words, 0);
            for &cell in &self.queue {
                let (y, x) = divider.div_rem(cell);
                let (y, x) = ((y - top) as u64, (x - left) as u64);
                let (h, w) = (h as u64, w as u64);
                // The local cell (y, x) after `turn` quarter turns (see `Keyer`), row-major.
                let bit = match turn {
                    0 => y * w + x,
                    1 => x * h + (h - 1 - y),
                    2 => (h - 1 - y) * w + (w - 1 - x),
                    _ => (w - 1 - x) * h + y,
                } as usize;
                candidate[3 + bit / 32] |= 1 << (bit % 32);
            }
            if turn == 0 || self.candidate < self.best {
                std::mem::swap(&mut self.best, &mut self.candidate);
            }
        }
    }
}

/// The tiny key of the shape in a window of 8 rows of 16 bits (bit `16 * dy + dx + 8` for
/// the offset `(dy, dx)` of a cell from the shape's first cell in row-major order), if its
/// box is at most 8 x 8: the shape moves into the corner of an 8 x 8 board (a `u64`, bit
/// `8 * y + x`) and the key is the smallest of its four [`turned_boards`].
fn window_key(window: u128) -> Option<u64> {
    let mut columns = window | window >> 64;
    columns |= columns >> 32;
    columns |= columns >> 16;
    let columns = columns as u16;
    let left = columns.trailing_zeros();
    let w = 16 - columns.leading_zeros() - left;
    let h = (127 - window.leading_zeros()) / 16 + 1;
    if w > 8 || h > 8 {
        return None;
    }
    let mut board = 0u64;
    for y in 0..h {
        board |= ((window >> (16 * y + left)) as u64 & 0xff) << (8 * y);
    }
    turned_boards(board, h, w).iter().copied().min()
}

/// The cells of one value in a grid, as bits, with room around them: row 0 and the 8 rows
/// after the last are zero, and so are column 0 and the columns after the last, at least 9
/// of them. So every cell's neighbours are inside, and a window of 16 columns from 8 left of
/// a cell to 7 right of it and 8 rows down never reaches another row's cells.
struct Targets {
    /// Bits per row, a multiple of 64.
    stride: usize,
    /// Bit `y * stride + x` is the padded cell `(y, x)`; one spare zero word at the end.
    words: Vec<u64>,
}

/// Bit `16 * r` for every row `r` of a window: its column 0.
const WINDOW_COLUMN_0: u128 = 0x0001_0001_0001_0001_0001_0001_0001_0001;

/// The bits of a window where a shape could go on beyond the window: columns 0 and 15 and
/// row 7.
const WINDOW_EDGE: u128 = WINDOW_COLUMN_0 | WINDOW_COLUMN_0 << 15 | 0xffff << 112;

impl Targets {
    /// The cells of `grid` equal to `value`.
    fn new(grid: &Grid, value: bool) -> Targets {
        let (height, width) = (grid.height(), grid.width());
        let stride = (width + 10 + 63) / 64 * 64;
        let mut words = vec![0u64; (height + 9) * stride / 64 + 1];
        for (y, row) in grid.rows().enumerate() {
            let row_bit = (y + 1) * stride + 1;
            for (chunk_idx, chunk) in row.chunks(64).enumerate() {
                let mut word = 0u64;
                for (i, eight) in chunk.chunks(8).enumerate() {
                    let mut bytes = [0u8; 8];
                    for (byte, &cell) in bytes.iter_mut().zip(eight) {
                        *byte = (cell == value) as u8;
                    }
                    // Byte i (0 or 1) times bit 56 - 7i lands on bit 56 + i, and no two
                    // products share a bit, so nothing carries.
                    let gathered = u64::from_le_bytes(bytes).wrapping_mul(0x0102_0408_1020_4080);
                    word |= (gathered >> 56) << (8 * i);
                }
                let bit = row_bit + 64 * chunk_idx;
                words[bit / 64] |= word << (bit % 64);
                // `bit % 64` is 1 (strides are multiples of 64), so one bit spills over.
                words[bit / 64 + 1] |= word >> (64 - bit % 64);
            }
        }
        Targets { stride, words }
    }

    #[inline]
    fn get(&self, bit: usize) -> bool {
        self.words[bit / 64] >> (bit % 64) & 1 != 0
    }

    #[inline]
    fn clear(&mut self, bit: usize) {
        self.words[bit / 64] &= !(1 << (bit % 64));
    }

    /// Clears the bits of `mask` (16 bits) from `bit` on.
    #[inline]
    fn clear16(&mut self, bit: usize, mask: u128) {
        let shifted = mask << (bit % 64);
        self.words[bit / 64] &= !(shifted as u64);
        self.words[bit / 64 + 1] &= !((shifted >> 64) as u64);
    }

    /// The fast path for small components: if the component of the cell `start` (which no
    /// cell of it precedes in row-major order) lies inside the window of 8 rows from its row
    /// and 16 columns from 8 left of it, without touching the window's edge, clears its bits
    /// and returns it as a window (bit `16 * dy + dx + 8`) with its cell count.
    ///
    /// The window is flooded from the start cell: each round adds the neighbours inside the
    /// window, until a round adds nothing. A component that touches the window's edge may go
    /// on beyond it, and is left to the breadth-first search.
    fn take_small(&mut self, start: usize) -> Option<(u128, u64)> {
        let corner = start - 8;
        // Strides are whole words, so every row of the window starts at the same bit of a
        // word: one shift for all eight, and a second word only if the window crosses over.
        let (first_word, shift, row_words) = (corner / 64, corner % 64, self.stride / 64);
        let mut cells = 0u128;
        for row in 0..8 {
            let word = first_word + row * row_words;
            let mut bits = self.words[word] >> shift;
            if shift > 48 {
                bits |= self.words[word + 1] << (64 - shift);
            }
            cells |= ((bits & 0xffff) as u128) << (16 * row);
        }
        let mut shape = 1u128 << 8;
        loop {
            let grown = (shape
                | (shape << 1 & !WINDOW_COLUMN_0)
                | (shape >> 1 & !(WINDOW_COLUMN_0 << 15))
                | shape << 16
                | shape >> 16)
                & cells;
            if grown == shape {
                break;
            }
            shape = grown;
        }
        if shape & WINDOW_EDGE != 0 {
            return None;
        }
        for row in 0..7 {
            let bits = shape >> (16 * row) & 0xffff;
            if bits == 0 {
                break;
            }
            self.clear16(corner + row * self.stride, bits);
        }
        Some((shape, shape.count_ones() as u64))
    }
}

/// The four quarter turns of the shape in the `h x w` corner of an 8 x 8 board (bit `8 * y
/// + x` for the cell `(y, x)`), each moved back into the corner: the local cell `(y, x)` goes
/// to `(y, x)`, `(x, h-1-y)`, `(h-1-y, w-1-x)` and `(w-1-x, y)` (the turns of `Keyer`).
fn turned_boards(board: u64, h: u32, w: u32) -> [u64; 4] {
    // Reversing all 64 bits takes (y, x) to (7-y, 7-x): half a turn, then back to the corner.
    let half_turn = |board: u64, h: u32, w: u32| board.reverse_bits() >> (8 * (8 - h) + (8 - w));
    // Transposing takes (y, x) to (x, y); mirroring each row then gives (x, 7-y).
    let mut t = board;
    let swap = |t: u64, mask: u64, shift: u32| {
        let d = mask & (t ^ (t << shift));
        t ^ d ^ (d >> shift)
    };
    t = swap(t, 0x0f0f_0f0f_0000_0000, 28);
    t = swap(t, 0x3333_0000_3333_0000, 14);
    t = swap(t, 0x5500_5500_5500_5500, 7);
    let quarter = t.reverse_bits().swap_bytes() >> (8 - h);
    [board, quarter, half_turn(board, h, w), half_turn(quarter, w, h)]
}

/// Counts one component with key `key` and `size` cells into `classes`: a hole adds to its
/// class (creating it with `owned(key)` if new), a piece only to an existing one.
fn count_in<K, Q, F>(classes: &mut FxHashMap<K, Class>, key: &Q, size: u64, role: Role, owned: F)
where
    K: std::borrow::Borrow<Q> + std::hash::Hash + Eq,
    Q: std::hash::Hash + Eq + ?Sized,
    F: FnOnce(&Q) -> K,
{
    match (classes.get_mut(key), role) {
        (Some(class), Role::Hole) => class.holes += 1,
        (Some(class), Role::Piece) => class.pieces += 1,
        (None, Role::Hole) => {
            classes.insert(owned(key), Class { holes: 1, pieces: 0, size });
        }
        (None, Role::Piece) => {}
    }
}

/// Whether the bits of a `height x width` grid with its room around (see [`Targets`]) number
/// fewer than 2^32, so that `u32` indices reach every cell. (A grid too big for that takes
/// 4 GB as bytes; the judge's have at most 2,500 cells.)
pub fn fits(height: usize, width: usize) -> bool {
    let stride = (width as u64 + 10 + 63) / 64 * 64;
    (height as u64 + 9).checked_mul(stride).map_or(false, |n| n + 64 < 1 << 32)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::gen::{self, Mode, Spec};
    use crate::{naive, solve_with};

    /// The grid of `height x width` with 1s at `ones`.
    fn grid_with(height: usize, width: usize, ones: &[(usize, usize)]) -> Grid {
        let mut cells = vec![false; height * width];
        for &(y, x) in ones {
            cells[y * width + x] = true;
        }
        Grid::new(height, width, cells)
    }

    /// The grid of `height x width` with 0s exactly at `zeros`.
    fn board_with(height: usize, width: usize, zeros: &[(usize, usize)]) -> Grid {
        let mut cells = vec![true; height * width];
        for &(y, x) in zeros {
            cells[y * width + x] = false;
        }
        Grid::new(height, width, cells)
    }

    /// Solves with [`Search`] and also returns the kinds of big keys it stored.
    fn solve_and_kinds(board: &Grid, table: &Grid) -> (Outcome, Vec<u32>) {
        let mut search = Search::default();
        let holes = search.components(board, false, Role::Hole);
        let pieces = search.components(table, true, Role::Piece);
        let filled = search.tiny.values().chain(search.big.values());
        let filled = filled.map(|class| class.holes.min(class.pieces) * class.size).sum();
        let kinds = search.big.keys().map(|key| key[0]).collect();
        assert_eq!(Outcome { filled, holes, pieces }, Search::solve(board, table));
        (Outcome { filled, holes, pieces }, kinds)
    }

    #[test]
    fn search_agrees_with_the_list_keys_on_bigger_grids() {
        // Shapes of up to 40 cells and components of any size (noise, giant) on grids up to
        // 90 on a side: the oracle is too slow here, the list keys of `Keyer` are not.
        let mut rng = judge_io::Rng::new(17);
        for case in 0..200 {
            let mode = Mode::ALL[case % Mode::ALL.len()].1;
            let mut side = || rng.range(1, 90) as usize;
            let board = (side(), side());
            let table = if rng.chance(1, 2) { board } else { (board.1, board.0) };
            let spec = Spec { mode, board, table, max_cells: rng.range(1, 40) as usize };
            let (board, table) = gen::generate(rng.next_u64(), &spec);
            let mut keyer = Keyer::new();
            let expected = solve_with(&board, &table, |cells, key| keyer.key(cells, key));
            assert_eq!(Search::solve(&board, &table), expected, "case {}: {:?}", case, spec);
        }
    }

    #[test]
    fn wide_shapes_in_the_window_get_big_keys() {
        // A hook: its first cell, then a row of 12 below, from 6 left of it to 5 right: inside
        // the 16-column window but too wide for a tiny key.
        let hook: Vec<(usize, usize)> =
            std::iter::once((0, 7)).chain((1..13).map(|x| (1, x))).collect();
        let board = board_with(4, 16, &hook.iter().map(|&(y, x)| (y + 1, x)).collect::<Vec<_>>());
        // The hook turned a quarter clockwise: (y, x) -> (x, 1 - y), and its mirror image.
        let turned: Vec<(usize, usize)> = hook.iter().map(|&(y, x)| (x, 1 - y)).collect();
        let mirrored: Vec<(usize, usize)> = hook.iter().map(|&(y, x)| (y, 12 - x)).collect();
        let (outcome, kinds) = solve_and_kinds(&board, &grid_with(14, 3, &turned));
        assert_eq!((outcome.filled, kinds), (13, vec![DENSE]));
        assert_eq!(naive::solve(&board, &grid_with(14, 3, &turned)), 13);
        assert_eq!(solve_and_kinds(&board, &grid_with(2, 14, &mirrored)).0.filled, 0);
    }

    #[test]
    fn thin_staircases_get_sparse_keys() {
        // A staircase of 301 cells in a 151 x 151 box (box / cells > 64), its turn, and its
        // mirror image (which a staircase's symmetry makes a turn too).
        let stairs: Vec<(usize, usize)> = (0..301).map(|i| ((i + 1) / 2, i / 2)).collect();
        let board =
            board_with(153, 153, &stairs.iter().map(|&(y, x)| (y + 1, x + 1)).collect::<Vec<_>>());
        let turned: Vec<(usize, usize)> = stairs.iter().map(|&(y, x)| (x, 150 - y)).collect();
        let (outcome, kinds) = solve_and_kinds(&board, &grid_with(151, 151, &turned));
        assert_eq!((outcome.filled, kinds), (301, vec![SPARSE]));
        let mirrored: Vec<(usize, usize)> = stairs.iter().map(|&(y, x)| (y, 150 - x)).collect();
        let mirrored = grid_with(151, 151, &mirrored);
        assert_eq!(solve_and_kinds(&board, &mirrored).0.filled, 301);
        assert_eq!(naive::solve(&board, &mirrored), 301);
    }

    /// The board of `cells` (`(y, x)` with `y, x < 8`).
    fn board(cells: &[(u32, u32)]) -> u64 {
        cells.iter().map(|&(y, x)| 1u64 << (8 * y + x)).fold(0, |a, b| a | b)
    }

    #[test]
    fn turned_boards_are_the_turns() {
        let mut rng = judge_io::Rng::new(9);
        for _ in 0..2000 {
            let (h, w) = (rng.range(1, 8) as u32, rng.range(1, 8) as u32);
            let mut cells: Vec<(u32, u32)> = (0..rng.range(1, 20))
                .map(|_| (rng.below(h as u64) as u32, rng.below(w as u64) as u32))
                .collect();
            // Corners of the box, so the box is exactly h x w.
            cells.extend_from_slice(&[(0, 0), (h - 1, w - 1)]);
            let turns = [
                board(&cells),
                board(&cells.iter().map(|&(y, x)| (x, h - 1 - y)).collect::<Vec<_>>()),
                board(&cells.iter().map(|&(y, x)| (h - 1 - y, w - 1 - x)).collect::<Vec<_>>()),
                board(&cells.iter().map(|&(y, x)| (w - 1 - x, y)).collect::<Vec<_>>()),
            ];
            assert_eq!(turned_boards(board(&cells), h, w), turns, "{:?} in {}x{}", cells, h, w);
        }
    }

    #[test]
    fn divider_matches_division() {
        let mut rng = judge_io::Rng::new(5);
        for divisor in (2..300).chain([3002, 65_537, u32::MAX as u64 - 1, u32::MAX as u64]) {
            let divider = Divider::new(divisor);
            for n in [0, 1, divisor as u32 - 1, divisor as u32, u32::MAX, u32::MAX - 1] {
                assert_eq!(divider.div_rem(n), (n / divisor as u32, n % divisor as u32));
            }
            for _ in 0..1000 {
                let n = rng.next_u64() as u32;
                assert_eq!(divider.div_rem(n), (n / divisor as u32, n % divisor as u32));
            }
        }
    }
}
