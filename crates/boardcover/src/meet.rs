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
//! a few hundred thousand): the forward states are indexed by their row mask (an array of 2^w
//! entries, 4 MiB on a 20-wide board, kept from board to board and cleared after each join),
//! and each backward state looks its partner up there.

use super::bignum::{ProductSum, U320};
use super::board::{Board, Cell, PIECE_CELLS};
use super::count::{reverse_low_bits, BlockDp, Frontier, Stats, MAX_WHITE};

/// Marks a row mask with no forward state in [`Meet::index`].
const NONE: u32 = u32::MAX;

/// The upper half's frontier and the join's index, kept from board to board.
#[derive(Debug, Default)]
pub struct Meet {
    forward: Frontier,
    /// `index[mask]` is the index in `forward` of the state that covers `mask` of the middle
    /// row, or [`NONE`]; all [`NONE`] between joins.
    index: Vec<u32>,
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
        if self.index.len() < 1 << w {
            self.index = vec![NONE; 1 << w];
        }
        for (i, &mask) in self.forward.masks.iter().enumerate() {
            debug_assert!(mask & !row_white == 0, "black cells are never covered");
            self.index[mask as usize] = i as u32;
        }
        // Each backward state covers the cells of the middle row its partner leaves, read right
        // to left (the board was turned).
        let mut total = ProductSum::default();
        for (mask, count) in dp.frontier(w) {
            let partner = row_white & !reverse_low_bits(mask, w);
            let i = self.index[partner as usize];
            if i != NONE {
                total.add_product(self.forward.count(i as usize), count);
            }
        }
        for &mask in self.forward.masks.iter() {
            self.index[mask as usize] = NONE;
        }
        (total.total(), stats)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{count_row_major, gen, naive};
    use super::*;
    use judge_io::Rng;

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
