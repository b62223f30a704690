//! The count of a large group as two half DPs joined at a middle row (meet in the middle).
//!
//! Every piece spans two consecutive rows. Cut an `h`-row board at row `m`: a tiling splits
//! into the pieces in rows `0..=m` (spanning rows `r, r + 1` with `r < m`) and those in rows
//! `m..h` (with `r >= m`); the first cover rows `0..m` and a set `F` of row `m`'s cells, the
//! second rows `m + 1..h` and a set `B` of row `m`'s cells, with `F` and `B` splitting row
//! `m`'s white cells. Conversely, any two such halves that split row `m` make one tiling. So
//!
//! `count = sum over F of forward[F] * backward[white(m) \ F]`,
//!
//! where `forward` is the block DP of `count.rs` over the cells of rows `0..m`, stopped there
//! ([`BlockDp::run_rows`]), and `backward` is the same DP on the board turned by a half
//! turn over its first `h - 1 - m` rows (a half turn maps the four pieces onto themselves, and
//! row `m` becomes row `h - 1 - m`, read right to left).
//!
//! Together the halves cross one row fewer than the whole DP does, and each half's counts are
//! about the square root of the answer: on a 20 x 20 board they fit in one 64-bit limb almost
//! to the end, where the whole DP carries two or three limbs through its second half (30% fewer
//! instructions on a 20 x 20 board). The join is one multiplication per pair of states (at most
//! a few hundred thousand): the backward states are radix-sorted by the forward state each pairs
//! with, so one walk through both lists in order finds the pairs, and no index of all 2^w row
//! masks is needed.

use super::bignum::{ProductSum, U320};
use super::board::{Board, Cell, PIECE_CELLS};
use super::count::{reverse_low_bits, BlockDp, Frontier, Stats, MAX_WHITE};

/// The slot of forward state `mask` (a set of cells of a `w`-wide row): its key in the block
/// DP's order (see `count.rs`) without the always clear bit `w`, so the forward states, which
/// come in key order, have increasing slots.
fn forward_slot(mask: u32, w: usize) -> usize {
    ((mask >> (w - 1) & 1) << (w - 1) | reverse_low_bits(mask, w - 1)) as usize
}

/// The two halves' frontiers and the join's index, kept from board to board.
#[derive(Debug, Default)]
pub struct Meet {
    forward: Frontier,
    /// The backward states as records: the [`forward_slot`] of the forward state each pairs
    /// with (they split the middle row's white cells) times 2^32, plus its index.
    records: Vec<u64>,
    scratch: Vec<u64>,
}

/// Sorts `records` by their top 32 bits, below `2^key_bits`: a radix sort of two passes, each a
/// stable scatter by half of those bits.
fn sort_records(records: &mut Vec<u64>, scratch: &mut Vec<u64>, key_bits: usize) {
    let digit_bits = (key_bits + 1) / 2;
    let mask = (1u64 << digit_bits) - 1;
    let mut starts = vec![0usize; 1 << digit_bits];
    for pass in 0..2 {
        let shift = 32 + pass * digit_bits;
        for start in starts.iter_mut() {
            *start = 0;
        }
        for &record in records.iter() {
            starts[(record >> shift & mask) as usize] += 1;
        }
        let mut at = 0;
        for start in starts.iter_mut() {
            let count = *start;
            *start = at;
            at += count;
        }
        // (Only growth is zero-filled: the old words are all overwritten.)
        scratch.resize(records.len(), 0);
        for &record in records.iter() {
            let digit = (record >> shift & mask) as usize;
            scratch[starts[digit]] = record;
            starts[digit] += 1;
        }
        std::mem::swap(records, scratch);
    }
}

impl Meet {
    /// The number of tilings of `board`, by `dp` on both halves.
    ///
    /// # Panics
    /// As [`count_row_major`](super::count_row_major).
    pub fn count(&mut self, dp: &mut BlockDp, board: &Board) -> (U320, Stats) {
        let (h, w) = (board.height(), board.width());
        let whites = board.white_count();
        assert!(whites <= MAX_WHITE, "{} white cells: counts could outgrow 320 bits", whites);
        if h < 2 || whites % PIECE_CELLS != 0 {
            return dp.count(board);
        }
        let middle = h / 2;
        let forward_stats = dp.run_rows(board, middle);
        self.forward.copy_from(dp, w);
        // The backward states are read straight from `dp`, below.
        let backward_stats = dp.run_rows(&board.rotate180(), h - 1 - middle);
        let stats = Stats {
            max_states: forward_stats.max_states.max(backward_stats.max_states),
            transitions: forward_stats.transitions + backward_stats.transitions,
            width: w,
        };

        let row = &board.cells()[middle * w..(middle + 1) * w];
        let row_white = row
            .iter()
            .enumerate()
            .filter(|&(_, &cell)| cell == Cell::White)
            .fold(0u32, |mask, (x, _)| mask | 1 << x);
        // Each backward state is filed under the forward state it pairs with, and the files
        // are sorted: then one walk through both lists in order finds every pair, reading
        // memory only in order.
        self.records.clear();
        for (j, (mask, _)) in dp.frontier(w).enumerate() {
            let partner = row_white & !reverse_low_bits(mask, w);
            self.records.push((forward_slot(partner, w) as u64) << 32 | j as u64);
        }
        sort_records(&mut self.records, &mut self.scratch, w);
        // First the pairs (forward index, backward index), from one walk through both sorted
        // lists, into `scratch` (free again after the sort); then their products, in a loop
        // without branches whose scattered reads of the backward counts can overlap.
        self.scratch.clear();
        let mut records = self.records.iter().peekable();
        for (i, &mask) in self.forward.masks.iter().enumerate() {
            debug_assert!(mask & !row_white == 0, "black cells are never covered");
            let slot = forward_slot(mask, w) as u64;
            while records.peek().map_or(false, |&&record| record >> 32 < slot) {
                records.next();
            }
            if let Some(&&record) = records.peek().filter(|&&&record| record >> 32 == slot) {
                self.scratch.push((i as u64) << 32 | (record & 0xFFFF_FFFF));
            }
        }
        let mut total = ProductSum::default();
        for &pair in self.scratch.iter() {
            let (i, j) = ((pair >> 32) as usize, pair as u32 as usize);
            total.add_product(self.forward.count(i), dp.frontier_count(j));
        }
        (total.total(), stats)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{count_row_major, gen, naive};
    use super::*;
    use judge_io::testing::Rng;

    #[test]
    fn records_sort_by_their_top_half() {
        let mut rng = Rng::new(5);
        for &key_bits in [0, 1, 7, 20].iter() {
            let mut records: Vec<u64> =
                (0..500).map(|i| (rng.index(1 << key_bits) as u64) << 32 | i).collect();
            let mut want = records.clone();
            // Stable, so the same as sorting whole words (the low halves ascend).
            want.sort_unstable();
            sort_records(&mut records, &mut Vec::new(), key_bits);
            assert_eq!(records, want, "{} key bits", key_bits);
        }
    }

    #[test]
    fn the_join_matches_the_oracle_on_every_board_up_to_3_by_4() {
        let (mut meet, mut dp) = (Meet::default(), BlockDp::default());
        for (h, w) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2), (3, 4), (4, 3), (2, 6)] {
            for bits in 0u32..1 << (h * w) {
                let cells = (0..h * w)
                    .map(|i| if bits >> i & 1 == 1 { Cell::White } else { Cell::Black })
                    .collect();
                let board = Board::new(h, w, cells);
                assert_eq!(meet.count(&mut dp, &board).0, naive::count(&board), "\n{}", board);
            }
        }
    }

    #[test]
    fn the_join_matches_the_oracle_on_random_boards() {
        let mut rng = Rng::new(0x3EE7);
        let (mut meet, mut dp) = (Meet::default(), BlockDp::default());
        for _ in 0..300 {
            let max_white = 3 + rng.index(40);
            let board = gen::small_board(&mut rng, max_white);
            assert_eq!(meet.count(&mut dp, &board).0, naive::count(&board), "\n{}", board);
        }
    }

    #[test]
    fn the_join_matches_the_whole_dp_on_large_boards() {
        // Past the oracle's reach: the whole DP (already checked against it) is the reference.
        let mut rng = Rng::new(0x1A26E);
        let (mut meet, mut dp) = (Meet::default(), BlockDp::default());
        for case in 0..12 {
            let (h, w) = (6 + rng.index(7), 5 + rng.index(6));
            let black = 1 + rng.index(6);
            let board = gen::board_with_black(&mut rng, h, w, black);
            let want = count_row_major(&board).0;
            assert_eq!(meet.count(&mut dp, &board).0, want, "case {}:\n{}", case, board);
            assert_eq!(meet.count(&mut dp, &board.transpose()).0, want, "transposed:\n{}", board);
        }
        // A full 15 x 15 board: its answer needs more than 64 bits.
        let board = Board::new(15, 15, vec![Cell::White; 225]);
        let (count, _) = meet.count(&mut dp, &board);
        assert_eq!(count, count_row_major(&board).0);
        assert!(count.bits() > 64, "{} has {} bits", count, count.bits());
    }
}
