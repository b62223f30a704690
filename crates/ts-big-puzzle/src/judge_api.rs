//! The judge's free functions `init`, `put` and `destroy`, as a thin adapter over one
//! [`Puzzle`] per thread (the judge calls them from one thread, one test case at a time).

use std::cell::RefCell;

use super::{Border, Piece, Puzzle};

thread_local! {
    /// The test case in progress; `destroy` leaves its memory for the next `init` to reuse.
    static PUZZLE: RefCell<Puzzle> = RefCell::new(Puzzle::new());
}

/// Converts the judge's `int[4]` to a piece; edge codes are positive by the judge's contract.
fn piece(edges: &[i32; 4]) -> Piece {
    let mut piece = [0; 4];
    for (to, &from) in piece.iter_mut().zip(edges.iter()) {
        *to = from as u32;
    }
    piece
}

/// The judge's `init(N, M, mU, mR, mB, mL)`.
pub fn init(
    n: i32,
    m: i32,
    up: &[[i32; 4]],
    right: &[[i32; 4]],
    bottom: &[[i32; 4]],
    left: &[[i32; 4]],
) {
    let side = |pieces: &[[i32; 4]]| pieces.iter().map(piece).collect();
    let border =
        Border { up: side(up), right: side(right), bottom: side(bottom), left: side(left) };
    PUZZLE.with(|puzzle| puzzle.borrow_mut().init(n as usize, m as usize, &border));
}

/// The judge's `put(mPiece)`: x + y of the chosen cell, or -1.
pub fn put(edges: &[i32; 4]) -> i32 {
    PUZZLE.with(|puzzle| puzzle.borrow_mut().put(piece(edges)))
}

/// The judge's `destroy()`: nothing to free early, the next `init` resets the puzzle.
pub fn destroy() {}

#[cfg(test)]
mod tests {
    use super::{destroy, init, put};

    #[test]
    fn free_functions_drive_one_puzzle() {
        let ring: Vec<[i32; 4]> = (0..4).map(|i| [111 + i, 222 + i, 333 + i, 444 + i]).collect();
        for _ in 0..2 {
            init(4, 3, &ring, &ring, &ring, &ring);
            assert_eq!(put(&[777, 888, 123, 456]), -1);
            assert_eq!(put(&[777, 123, 456, 888]), 2);
            destroy();
        }
    }
}
