//! The brute-force oracle: backtracking that always covers the first empty cell.
//!
//! Every tiling covers the first empty cell (row-major) with exactly one piece, and that piece
//! has the cell as its own first cell, so trying the 4 pieces anchored there enumerates each
//! tiling exactly once. Exponential: fine for the judge's 50 white cells, hopeless for 20 x 20.

use std::io::Write;

use judge_io::{Error, Output};

use super::bignum::U320;
use super::{Board, Cell, PIECE_CELLS};

/// The oracle with `run`'s signature, for `boardcover-naive` and the stress tests: the
/// solver's parsing and output around [`count`].
pub fn run<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    super::run_with(input, out, count)
}

/// The 4 pieces, as `(dy, dx)` offsets from their first cell in row-major order.
const PIECES: [[(isize, isize); 3]; 4] = [
    [(0, 0), (0, 1), (1, 0)],
    [(0, 0), (0, 1), (1, 1)],
    [(0, 0), (1, 0), (1, 1)],
    [(0, 0), (1, 0), (1, -1)],
];

/// The number of tilings of `board`, by exhaustive search.
///
/// # Complexity
/// Proportional to the number of partial tilings met: exponential in the white cells.
pub fn count(board: &Board) -> U320 {
    let mut total = U320::zero();
    if board.white_count() % PIECE_CELLS != 0 {
        return total;
    }
    let mut filled: Vec<Vec<bool>> = (0..board.height())
        .map(|y| {
            board.cells()[y * board.width()..(y + 1) * board.width()]
                .iter()
                .map(|&c| c == Cell::Black)
                .collect()
        })
        .collect();
    search(&mut filled, &mut total);
    total
}

/// The board cell `(y + dy, x + dx)` if it is on the board.
fn offset(
    filled: &[Vec<bool>],
    y: usize,
    x: usize,
    dy: isize,
    dx: isize,
) -> Option<(usize, usize)> {
    let ny = y as isize + dy;
    let nx = x as isize + dx;
    if ny < 0 || nx < 0 || ny as usize >= filled.len() || nx as usize >= filled[0].len() {
        None
    } else {
        Some((ny as usize, nx as usize))
    }
}

fn search(filled: &mut Vec<Vec<bool>>, total: &mut U320) {
    let first_empty = filled
        .iter()
        .enumerate()
        .filter_map(|(y, row)| row.iter().position(|&f| !f).map(|x| (y, x)))
        .next();
    let (y, x) = match first_empty {
        Some(pos) => pos,
        None => {
            total.add_assign(&U320::one());
            return;
        }
    };
    for piece in PIECES.iter() {
        let cells: Vec<Option<(usize, usize)>> =
            piece.iter().map(|&(dy, dx)| offset(filled, y, x, dy, dx)).collect();
        if cells.iter().all(|c| match *c {
            Some((cy, cx)) => !filled[cy][cx],
            None => false,
        }) {
            for &(cy, cx) in cells.iter().flatten() {
                filled[cy][cx] = true;
            }
            search(filled, total);
            for &(cy, cx) in cells.iter().flatten() {
                filled[cy][cx] = false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_known_counts() {
        assert_eq!(count(&Board::from_rows(&["#"])), U320::one());
        assert_eq!(count(&Board::from_rows(&["."])), U320::zero());
        assert_eq!(count(&Board::from_rows(&["...", "..."])), U320::from_u128(2));
        assert_eq!(count(&Board::from_rows(&["..", ".#"])), U320::one());
        assert_eq!(count(&Board::from_rows(&["#.", ".."])), U320::one());
        assert_eq!(count(&Board::from_rows(&["...", "...", "..."])), U320::zero());
    }
}
