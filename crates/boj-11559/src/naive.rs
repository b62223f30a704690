//! The oracle: the rules applied literally, rescanning the whole field every step.
//!
//! A 2-D grid (`grid[y][x]`, `y` from the floor); each step flood-fills every cell afresh,
//! pops every group of at least [`MIN_GROUP`], then closes up every column. O(h·w) per step.

use std::io::Write;

use judge_io::{Error, Output};

use super::field::{Cell, Field, Pos, MIN_GROUP};

/// The oracle with `run`'s signature, for `boj-11559-naive` and the stress tests: parses as
/// the solver does, answers with [`solve`].
pub fn run<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    out.int(solve(&super::parse(input)?)).newline();
    Ok(())
}

/// The number of chain steps, straight from the rules.
pub fn solve(field: &Field) -> u64 {
    let (w, h) = (field.width(), field.height());
    let mut grid: Vec<Vec<Cell>> =
        (0..h).map(|y| (0..w).map(|x| field.get(Pos { x, y })).collect()).collect();
    let mut steps = 0;
    loop {
        let mut seen = vec![vec![false; w]; h];
        let mut popping = Vec::new();
        for y in 0..h {
            for x in 0..w {
                let colour = grid[y][x];
                if colour == Cell::Empty || seen[y][x] {
                    continue;
                }
                seen[y][x] = true;
                let mut group = vec![Pos { x, y }];
                let mut next = 0;
                while next < group.len() {
                    let pos = group[next];
                    next += 1;
                    for n in pos.neighbors(w, h) {
                        if !seen[n.y][n.x] && grid[n.y][n.x] == colour {
                            seen[n.y][n.x] = true;
                            group.push(n);
                        }
                    }
                }
                if group.len() >= MIN_GROUP {
                    popping.extend(group);
                }
            }
        }
        if popping.is_empty() {
            return steps;
        }
        steps += 1;
        for pos in popping {
            grid[pos.y][pos.x] = Cell::Empty;
        }
        // Every puyo falls straight down: each column keeps its puyos' order, from the floor.
        for x in 0..w {
            let puyos: Vec<Cell> =
                grid.iter().map(|row| row[x]).filter(|&c| c != Cell::Empty).collect();
            for (y, row) in grid.iter_mut().enumerate() {
                row[x] = puyos.get(y).copied().unwrap_or(Cell::Empty);
            }
        }
    }
}
