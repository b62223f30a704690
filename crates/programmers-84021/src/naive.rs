//! The brute-force oracle: finds components by repeated label spreading, then tries every
//! unused piece in every rotation against every hole by direct cell comparison.
//!
//! Shares nothing with the solver but [`Grid`]'s accessors: no stack traversal, no keys.
//! Meant for grids up to a few hundred cells on a side.

use std::io::Write;

use judge_io::{Error, Output};

use super::{Grid, Pos};

/// The oracle with `run`'s signature, for `programmers-84021-naive` and the stress tests:
/// parses as the solver does, answers with [`solve`].
pub fn run<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    let (game_board, table) = super::parse(input)?;
    out.int(solve(&game_board, &table)).newline();
    Ok(())
}

/// A cell of a shape as signed `(y, x)`, so turned shapes can go negative.
type Cell = (i64, i64);

/// The components of cells equal to `value`, each as its list of cells in row-major order.
///
/// Every cell starts labelled with its own index; each sweep gives every cell the smallest
/// label among itself and its equal-valued neighbours, until a sweep changes nothing. Then
/// two cells share a label iff they are connected. O(cells * longest path) time.
fn components(grid: &Grid, value: bool) -> Vec<Vec<Cell>> {
    let (h, w) = (grid.height(), grid.width());
    let mut label: Vec<usize> = (0..h * w).collect();
    let mut changed = true;
    while changed {
        changed = false;
        for y in 0..h {
            for x in 0..w {
                if grid.get(Pos { y, x }) != value {
                    continue;
                }
                let mut best = label[y * w + x];
                let mut look = |ny: usize, nx: usize| {
                    if grid.get(Pos { y: ny, x: nx }) == value {
                        best = best.min(label[ny * w + nx]);
                    }
                };
                if y > 0 {
                    look(y - 1, x);
                }
                if y + 1 < h {
                    look(y + 1, x);
                }
                if x > 0 {
                    look(y, x - 1);
                }
                if x + 1 < w {
                    look(y, x + 1);
                }
                if best < label[y * w + x] {
                    label[y * w + x] = best;
                    changed = true;
                }
            }
        }
    }
    let mut by_label: Vec<Vec<Cell>> = vec![Vec::new(); h * w];
    for y in 0..h {
        for x in 0..w {
            if grid.get(Pos { y, x }) == value {
                by_label[label[y * w + x]].push((y as i64, x as i64));
            }
        }
    }
    by_label.into_iter().filter(|c| !c.is_empty()).collect()
}

/// The shape turned a quarter turn: `(y, x)` becomes `(x, -y)`.
fn quarter_turn(cells: &[Cell]) -> Vec<Cell> {
    cells.iter().map(|&(y, x)| (x, -y)).collect()
}

/// Whether `piece`, translated, is exactly `hole` (same cells, nothing left over).
///
/// Translation keeps the `(y, x)` order, so if the sets match, the smallest cells match:
/// moving the piece's smallest cell onto the hole's decides the only candidate translation.
fn same_after_translation(piece: &[Cell], hole: &[Cell]) -> bool {
    if piece.len() != hole.len() {
        return false;
    }
    let mut piece = piece.to_vec();
    let mut hole = hole.to_vec();
    piece.sort_unstable();
    hole.sort_unstable();
    let (dy, dx) = (hole[0].0 - piece[0].0, hole[0].1 - piece[0].1);
    piece.iter().zip(&hole).all(|(&(py, px), &h)| (py + dy, px + dx) == h)
}

/// Whether some rotation of `piece` fills `hole` exactly.
fn fits(piece: &[Cell], hole: &[Cell]) -> bool {
    let mut turned = piece.to_vec();
    for _ in 0..4 {
        if same_after_translation(&turned, hole) {
            return true;
        }
        turned = quarter_turn(&turned);
    }
    false
}

/// The answer by brute force: for each hole in turn, the first unused piece that fits.
///
/// Greedy is optimal because "fits" is an equivalence relation (rotations and translations
/// form a group): holes and pieces fall into classes where every piece fits every hole of its
/// class and no other hole, and all shapes of a class have one size. Greedy takes a piece for
/// a hole whenever its class has one left, so each class gets min(holes, pieces) pairs, which
/// no matching can beat.
pub fn solve(game_board: &Grid, table: &Grid) -> u64 {
    let holes = components(game_board, false);
    let pieces = components(table, true);
    let mut used = vec![false; pieces.len()];
    let mut filled = 0;
    for hole in &holes {
        for (i, piece) in pieces.iter().enumerate() {
            if !used[i] && fits(piece, hole) {
                used[i] = true;
                filled += hole.len() as u64;
                break;
            }
        }
    }
    filled
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_follow_four_neighbours() {
        let grid = Grid::new(2, 3, vec![true, false, true, true, true, false]);
        let ones = components(&grid, true);
        assert_eq!(ones, vec![vec![(0, 0), (1, 0), (1, 1)], vec![(0, 2)]]);
        assert_eq!(components(&grid, false).len(), 2);
    }

    #[test]
    fn rotation_fits_mirror_does_not() {
        let s: Vec<Cell> = vec![(0, 1), (0, 2), (1, 0), (1, 1)];
        let z: Vec<Cell> = vec![(0, 0), (0, 1), (1, 1), (1, 2)];
        let s_upright: Vec<Cell> = vec![(5, 5), (6, 5), (6, 6), (7, 6)];
        assert!(fits(&s, &s_upright));
        assert!(!fits(&z, &s_upright));
        assert!(!fits(&s, &s[..3]));
    }
}
