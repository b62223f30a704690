//! The brute-force oracle: every empty inner cell, every rotation, straight from the rules.

use std::io::Write;

use judge_io::{Error, Output};

use super::{Border, Piece, Solver};

/// The oracle with `run`'s signature, for `ts-big-puzzle-naive` and the stress tests: the
/// driver with [`Naive`].
pub fn run<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    super::run_with(&mut Naive::new(), input, out)
}

/// Whether edge `a` and edge `b` fit face to face: each facing pair of bumps sums to 10.
/// Both are read clockwise around their own piece, so a's first bump faces b's last.
fn fits(a: u32, b: u32) -> bool {
    let a: Vec<u32> = a.to_string().bytes().map(|d| u32::from(d - b'0')).collect();
    let b: Vec<u32> = b.to_string().bytes().map(|d| u32::from(d - b'0')).collect();
    a.len() == b.len() && a.iter().zip(b.iter().rev()).all(|(x, y)| x + y == 10)
}

/// The board as an (N+2) x (N+2) array of placed pieces, searched in full on every put.
#[derive(Debug, Default)]
pub struct Naive {
    n: usize,
    /// `board[y][x]`: the piece at (x, y) as placed, if any.
    board: Vec<Vec<Option<Piece>>>,
    /// Deliberately wrong tie-break (x before y), to prove the stress test can fail.
    x_before_y: bool,
}

impl Naive {
    /// The oracle.
    pub fn new() -> Naive {
        Naive::default()
    }

    /// A wrong oracle that breaks ties by smallest x first, then y: the stress test must
    /// notice the difference.
    pub fn with_swapped_tie_break() -> Naive {
        Naive { x_before_y: true, ..Naive::default() }
    }
}

impl Solver for Naive {
    fn init(&mut self, n: usize, _m: usize, border: &Border) {
        self.n = n;
        self.board = vec![vec![None; n + 2]; n + 2];
        for i in 0..n {
            self.board[0][i + 1] = Some(border.up[i]);
            self.board[i + 1][n + 1] = Some(border.right[i]);
            self.board[n + 1][i + 1] = Some(border.bottom[i]);
            self.board[i + 1][0] = Some(border.left[i]);
        }
    }

    fn put(&mut self, piece: Piece) -> i32 {
        // (touching, y, x, piece as placed) of the best legal placement so far.
        let mut best: Option<(usize, usize, usize, Piece)> = None;
        for y in 1..=self.n {
            for x in 1..=self.n {
                if self.board[y][x].is_some() {
                    continue;
                }
                // Neighbours on the sides top, right, bottom, left, and the edge facing us.
                let neighbours = [
                    self.board[y - 1][x].map(|p| p[2]),
                    self.board[y][x + 1].map(|p| p[3]),
                    self.board[y + 1][x].map(|p| p[0]),
                    self.board[y][x - 1].map(|p| p[1]),
                ];
                for turns in 0..4 {
                    // Clockwise by `turns` quarter turns: side s shows piece[s - turns].
                    let placed: Piece = [0, 1, 2, 3].map(|s| piece[(s + 4 - turns) % 4]);
                    let mut touching = 0;
                    let mut legal = true;
                    for side in 0..4 {
                        if let Some(facing) = neighbours[side] {
                            touching += 1;
                            legal &= fits(placed[side], facing);
                        }
                    }
                    if !legal || touching == 0 {
                        continue;
                    }
                    let better = match best {
                        None => true,
                        Some((t, by, bx, _)) => {
                            let (first, second, best_first, best_second) =
                                if self.x_before_y { (x, y, bx, by) } else { (y, x, by, bx) };
                            touching > t
                                || (touching == t && (first, second) < (best_first, best_second))
                        }
                    };
                    if better {
                        best = Some((touching, y, x, placed));
                    }
                }
            }
        }
        match best {
            Some((_, y, x, placed)) => {
                self.board[y][x] = Some(placed);
                (x + y) as i32
            }
            None => -1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::fits;

    #[test]
    fn fits_follows_the_statement() {
        assert!(fits(77335, 57733));
        assert!(fits(5555, 5555));
        assert!(!fits(77335, 77335));
        assert!(!fits(555, 5555));
    }
}
