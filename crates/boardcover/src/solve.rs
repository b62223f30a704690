//! The count of a whole board: its groups of white cells are independent, so each is counted
//! on its own cropped board, by the DP that suits its size, and the counts multiplied.
//!
//! A group of at most [`sparse::MAX_WHITE`] white cells (every board the judge sends) goes to
//! the cell-by-cell DP of `sparse.rs`, which costs what its few states cost; a larger one to the
//! block DP of `count.rs`, built for the hundreds of thousands of states of a 20 x 20 board, run
//! on its two halves and joined at the middle row (`meet.rs`).

use super::bignum::U320;
use super::board::{Board, PIECE_CELLS};
use super::count::{BlockDp, Stats, MAX_WHITE};
use super::meet::Meet;
use super::sparse::{self, Sparse};

/// The number of tilings of `board`.
///
/// # Panics
/// If both sides are longer than [`MAX_SIDE`](super::MAX_SIDE), or the board has more than
/// [`MAX_WHITE`] white cells.
///
/// # Complexity
/// Each group of white cells costs its DP's work on its bounding box, frontier along the
/// narrower side: on a small group, O(cells * S) for its S states (tens to hundreds); on a large
/// one, O((h - 1) * w / 4 * (S + T)) limb additions, where S (the number of frontier states) is
/// at most 2^(min(h, w) + 1) and at most 611,670 on a 20 x 20 board, and T (the transitions of
/// one pass) is a few times S (about 2.5 S on a 20 x 20 board), plus one multiplication per state
/// of the middle row; memory O(S) counts (three layers: the DP's two and the upper half's
/// last), an index of 2^w entries of 4 bytes for the join (4 MiB on a 20-wide board), and
/// 1.3 MiB of scratch.
///
/// # Examples
/// ```
/// use boardcover::{solve, Board};
/// assert_eq!(solve(&Board::from_rows(&["...", "..."])).to_string(), "2");
/// ```
pub fn solve(board: &Board) -> U320 {
    Solver::new().solve(board)
}

/// [`solve`], plus what the DPs did.
///
/// # Panics
/// As [`solve`].
pub fn solve_with_stats(board: &Board) -> (U320, Stats) {
    Solver::new().solve_with_stats(board)
}

/// Both DPs' memory, kept from board to board: solving many boards with one `Solver` allocates
/// it once, so the memory peak is the largest board's, not a fragmented sum.
#[derive(Debug, Default)]
pub struct Solver {
    block: BlockDp,
    meet: Meet,
    sparse: Sparse,
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

    /// [`solve_with_stats`], reusing this solver's memory. The stats add up the groups':
    /// the most states, the sum of transitions and the widest frontier.
    pub fn solve_with_stats(&mut self, board: &Board) -> (U320, Stats) {
        let whites = board.white_count();
        assert!(whites <= MAX_WHITE, "{} white cells: counts could outgrow 320 bits", whites);
        let mut stats = Stats { max_states: 1, transitions: 0, width: 0 };
        if whites % PIECE_CELLS != 0 {
            return (U320::zero(), stats);
        }
        let mut total = U320::one();
        for group in board.components() {
            if group.white_count() % PIECE_CELLS != 0 {
                return (U320::zero(), stats);
            }
            // The narrower side is the frontier.
            let group = if group.width() > group.height() { group.transpose() } else { group };
            let (count, group_stats) = if group.white_count() <= sparse::MAX_WHITE {
                let (count, group_stats) = self.sparse.count(&group);
                (U320::from_u128(count as u128), group_stats)
            } else {
                self.meet.count(&mut self.block, &group)
            };
            stats.max_states = stats.max_states.max(group_stats.max_states);
            stats.transitions += group_stats.transitions;
            stats.width = stats.width.max(group_stats.width);
            total = total.mul(&count);
            if total.is_zero() {
                break;
            }
        }
        (total, stats)
    }

    /// [`count_row_major`](super::count_row_major), reusing this solver's memory.
    pub fn count_row_major(&mut self, board: &Board) -> (U320, Stats) {
        self.block.count(board)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{count_row_major, gen, naive, Cell};
    use super::*;
    use judge_io::Rng;

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
    fn a_reused_solver_gives_fresh_answers() {
        let boards = [
            Board::new(20, 9, vec![Cell::White; 180]),
            Board::from_rows(&["...", "..."]),
            Board::from_rows(&["#"]),
            Board::from_rows(&["#..", "...", "..#"]),
            Board::new(12, 15, vec![Cell::White; 180]),
            Board::from_rows(&["..#..", "..#..", "#####", ".#...", "...#."]),
        ];
        let mut solver = Solver::new();
        for board in boards.iter().chain(boards.iter()) {
            assert_eq!(solver.solve(board), Solver::new().solve(board), "{}", board);
        }
    }

    #[test]
    fn separate_groups_multiply() {
        // Two 2 x 3 blocks (2 tilings each) and an L (1), apart by a black line or a gap.
        let board = Board::from_rows(&["...#...", "...#...", "#######", "..#####", ".######"]);
        assert_eq!(solve(&board), U320::from_u128(4));
        let (_, stats) = solve_with_stats(&board);
        assert_eq!(stats.width, 2, "each group is counted on its own bounding box");
        // Groups touching only at a corner are one group: a piece can cross there.
        let corner = Board::from_rows(&["..#", ".#.", "#.."]);
        assert_eq!(corner.components().len(), 1);
        assert_eq!(solve(&corner), naive::count(&corner));
        assert_eq!(solve(&Board::from_rows(&["...#.."])), U320::zero(), "a group of 2 cells");
    }

    #[test]
    fn both_dps_agree_with_the_oracle_on_random_boards() {
        let mut rng = Rng::new(0xB10C);
        let mut solver = Solver::new();
        for _ in 0..300 {
            let max_white = 3 + rng.index(34);
            let board = gen::small_board(&mut rng, max_white);
            let want = naive::count(&board);
            assert_eq!(solver.solve(&board), want, "\n{}", board);
            assert_eq!(count_row_major(&board).0, want, "block DP, row-major:\n{}", board);
        }
    }

    #[test]
    fn groups_past_the_sparse_bound_use_the_block_dp() {
        // A full 12 x 8 group (96 white cells: the block DP) beside a 12 x 2 strip (24 white
        // cells, 2^4 tilings: the sparse DP).
        let board = Board::from_rows(&["........#..#"; 12]);
        let big = Board::new(12, 8, vec![Cell::White; 96]);
        assert!(big.white_count() > sparse::MAX_WHITE);
        let expected = count_row_major(&big).0.mul(&U320::from_u128(16));
        assert!(!expected.is_zero());
        assert_eq!(solve(&board), expected);
    }
}
