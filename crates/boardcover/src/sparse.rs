//! The DP for small groups of white cells: one cell at a time in row-major order, holding only
//! the frontier states that occur, with `u64` counts.
//!
//! The state is the one of `count.rs`: bit `i` set means cell `p + i` is already covered, for
//! `i` in `0..=w`. A pass over one cell sends each state through the moves there and merges equal
//! targets in a small hash table sized to the layer, so a board costs what its states and white
//! cells cost: a run of black cells is one shift of every key, and nothing is paid per key range
//! or per pass. The block DP of `count.rs` wins once the layers hold thousands of states; here
//! they hold tens to hundreds.

use super::board::{Board, Cell};
use super::count::{piece_masks, Stats};

/// The most white cells [`Sparse::count`] takes: 31 pieces, and a count of partial tilings is
/// at most 4^31 = 2^62, so `u64` sums never overflow.
pub const MAX_WHITE: usize = 95;

/// Fibonacci hashing: the top bits of `key * 2^32 / phi` index the table.
const HASH_MULTIPLIER: u32 = 0x9E37_79B9;

/// The layers and the merge table, kept from board to board.
#[derive(Debug, Default)]
pub struct Sparse {
    keys: Vec<u32>,
    counts: Vec<u64>,
    next: NextLayer,
    /// The masks of the pieces that fit at the current cell.
    masks: Vec<u32>,
    white: Vec<bool>,
}

/// The layer being built, and the table that finds its states by key.
#[derive(Debug, Default)]
struct NextLayer {
    keys: Vec<u32>,
    counts: Vec<u64>,
    /// Slot -> 1 + the index of its key in `keys`; 0 for an empty slot. All zero between cells;
    /// its length is a power of two.
    table: Vec<u32>,
    /// The slots filled during this cell, to empty them afterwards.
    used: Vec<usize>,
}

impl Sparse {
    /// The number of tilings of `board`, with the frontier along its rows.
    ///
    /// # Panics
    /// If the board is wider than 30 cells or has more than [`MAX_WHITE`] white cells.
    pub fn count(&mut self, board: &Board) -> (u64, Stats) {
        let (h, w) = (board.height(), board.width());
        assert!(w < 31, "a frontier of {} + 1 bits does not fit in a u32 key", w);
        self.white.clear();
        self.white.extend(board.cells().iter().map(|&c| c == Cell::White));
        let whites = self.white.iter().filter(|&&is_white| is_white).count();
        assert!(whites <= MAX_WHITE, "{} white cells: counts could outgrow 64 bits", whites);
        let mut stats = Stats { max_states: 1, transitions: 0, width: w };
        self.keys.clear();
        self.counts.clear();
        self.keys.push(0);
        self.counts.push(1);
        let n = h * w;
        let mut p = 0;
        while p < n {
            if !self.white[p] {
                // Nothing covers a black cell, so every key's low bits are clear: a shift past
                // the run keeps the keys distinct (and past `w + 1` cells leaves only 0).
                let run = self.white[p..].iter().take_while(|&&is_white| !is_white).count();
                let shift = run.min(w + 1);
                for key in self.keys.iter_mut() {
                    *key >>= shift;
                }
                p += run;
                continue;
            }
            self.masks.clear();
            self.masks.extend(piece_masks(&self.white, h, w, p));
            stats.transitions += self.next.cross_white_cell(&self.keys, &self.counts, &self.masks);
            std::mem::swap(&mut self.keys, &mut self.next.keys);
            std::mem::swap(&mut self.counts, &mut self.next.counts);
            stats.max_states = stats.max_states.max(self.keys.len());
            if self.keys.is_empty() {
                return (0, stats);
            }
            p += 1;
        }
        // Past the last cell nothing can be covered, so the only state left is the empty one.
        debug_assert!(self.keys == [0], "only the empty frontier survives the last cell");
        (self.counts[0], stats)
    }
}

impl NextLayer {
    /// Replaces this layer by the states `keys` (with `counts`) sent through the moves at a
    /// white cell: skip it if covered, else place one of `masks`. Returns the number of moves
    /// taken.
    fn cross_white_cell(&mut self, keys: &[u32], counts: &[u64], masks: &[u32]) -> u64 {
        // At most one target per move: twice that many slots keeps the probes short.
        let moves = keys.len() * masks.len().max(1);
        let slots = (2 * moves).next_power_of_two().max(16);
        if self.table.len() < slots {
            self.table = vec![0; slots];
        }
        let table_bits = self.table.len().trailing_zeros();
        self.keys.clear();
        self.counts.clear();
        let mut transitions = 0;
        for (&key, &count) in keys.iter().zip(counts.iter()) {
            if key & 1 == 1 {
                self.add(key >> 1, count, table_bits);
                transitions += 1;
                continue;
            }
            for &mask in masks.iter() {
                if key & mask == 0 {
                    self.add((key | mask) >> 1, count, table_bits);
                    transitions += 1;
                }
            }
        }
        for &slot in self.used.iter() {
            self.table[slot] = 0;
        }
        self.used.clear();
        transitions
    }

    /// Adds `count` to state `key`, creating it if new.
    #[inline]
    fn add(&mut self, key: u32, count: u64, table_bits: u32) {
        let slot_mask = self.table.len() - 1;
        let mut slot = (key.wrapping_mul(HASH_MULTIPLIER) >> (32 - table_bits)) as usize;
        loop {
            let entry = self.table[slot] as usize;
            if entry == 0 {
                self.keys.push(key);
                self.counts.push(count);
                self.table[slot] = self.keys.len() as u32;
                self.used.push(slot);
                return;
            }
            if self.keys[entry - 1] == key {
                self.counts[entry - 1] += count;
                return;
            }
            slot = (slot + 1) & slot_mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::naive;
    use super::*;
    use judge_io::Rng;

    #[test]
    fn agrees_with_the_oracle_on_every_board_up_to_3_by_4_and_random_ones() {
        let mut sparse = Sparse::default();
        for (h, w) in [(1, 1), (2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 3)].iter() {
            for bits in 0u32..1 << (h * w) {
                let cells = (0..h * w)
                    .map(|i| if bits >> i & 1 == 1 { Cell::White } else { Cell::Black })
                    .collect();
                let board = Board::new(*h, *w, cells);
                let want = naive::count(&board).to_u128();
                assert_eq!(Some(sparse.count(&board).0 as u128), want, "\n{}", board);
            }
        }
        let mut rng = Rng::new(0x5_9A25E);
        for _ in 0..300 {
            let max_white = 3 + rng.index(34);
            let board = super::super::gen::small_board(&mut rng, max_white);
            let want = naive::count(&board).to_u128();
            assert_eq!(Some(sparse.count(&board).0 as u128), want, "\n{}", board);
        }
    }

    #[test]
    fn the_largest_counts_fit() {
        let mut sparse = Sparse::default();
        let strip = Board::new(45, 2, vec![Cell::White; 90]);
        assert_eq!(sparse.count(&strip).0, 1 << 15, "2 x 3n boards have 2^n tilings");
        // 93 and 90 white cells, near the bound.
        let mut cells = vec![Cell::White; 96];
        for &i in [0, 50, 95].iter() {
            cells[i] = Cell::Black;
        }
        let holed = Board::new(16, 6, cells);
        let full = Board::new(10, 9, vec![Cell::White; 90]);
        for board in [holed, full].iter() {
            let (count, stats) = sparse.count(board);
            assert!(count > 1 << 20, "{}", count);
            assert_eq!(Some(count as u128), super::super::count_row_major(board).0.to_u128());
            assert!(stats.max_states > 1 && stats.transitions > 90);
        }
    }
}
