//! Programmers 84021, fill the puzzle pieces (퍼즐 조각 채우기): put rotated (never mirrored)
//! pieces of `table` into the holes of `game_board` so that each fills its hole exactly, and
//! count the filled cells.
//!
//! The library is sans-IO: [`run`] takes the input bytes and writes into a
//! [`judge_io::Output`]; [`parse`], [`solve`] and [`solution`] (the judge's shape) are the
//! pieces. Grids may be any size (rectangular, the two may differ) and shapes any size.
//!
//! # The idea
//! A piece fits a hole exactly iff some rotation of the piece, translated, is the same cell set
//! as the hole. [`Keyer`] turns a cell set into a key that is equal for exactly those sets: the
//! smallest of the four rotations' normalised, sorted cell lists. "Fits" is therefore an
//! equivalence relation, and the holes and pieces split into classes by key; see [`solve_with`]
//! for why matching within each class greedily is optimal.
//!
//! [`solve`] runs the search of the `search` module, which finds components in bitsets and
//! keys small shapes by a single `u64` (an 8 x 8 board) made with a few bit operations, with
//! no per-cell work but one bit; [`for_each_component`] and [`solve_with`] are the plain forms
//! that tests use to swap in other keys.

use judge_io::{Error, FxHashMap, Output};

pub mod gen;
mod keyer;
pub mod naive;
mod parse;
mod search;

pub use self::keyer::{Keyer, ROTATIONS};
pub use self::parse::{parse, MAX_SIDE};

/// One cell's place: row `y` (from the top) and column `x` (from the left), both from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// The row.
    pub y: usize,
    /// The column.
    pub x: usize,
}

/// A rectangular grid of 0/1 cells, stored row-major; `true` is a 1.
///
/// On `game_board` a 1 is filled and a 0 is part of a hole; on `table` a 1 is part of a piece.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    height: usize,
    width: usize,
    cells: Vec<bool>,
}

impl Grid {
    /// A grid from its cells in row-major order (`true` is a 1).
    ///
    /// # Panics
    /// If `cells.len() != height * width`.
    pub fn new(height: usize, width: usize, cells: Vec<bool>) -> Grid {
        assert_eq!(Some(cells.len()), height.checked_mul(width), "a grid has height * width cells");
        Grid { height, width, cells }
    }

    /// A grid from the judge's rows; any value other than 0 counts as a 1.
    ///
    /// # Panics
    /// If the rows are ragged (the judge never passes such grids).
    pub fn from_rows(rows: &[Vec<i32>]) -> Grid {
        let width = rows.first().map_or(0, |row| row.len());
        let mut cells = Vec::with_capacity(rows.len() * width);
        for row in rows {
            assert_eq!(row.len(), width, "the judge's grids are rectangular");
            cells.extend(row.iter().map(|&v| v != 0));
        }
        Grid::new(rows.len(), width, cells)
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Whether the cell at `pos` is a 1.
    ///
    /// # Panics
    /// If `pos` is outside the grid.
    #[inline]
    pub fn get(&self, pos: Pos) -> bool {
        assert!(pos.y < self.height && pos.x < self.width, "pos inside grid");
        self.cells[pos.y * self.width + pos.x]
    }

    /// The rows, top to bottom, each as its cells from left to right (none if the grid has
    /// no columns).
    pub fn rows(&self) -> impl Iterator<Item = &[bool]> {
        // `chunks` wants a non-zero size; a grid without columns has no cells to chunk.
        self.cells.chunks(self.width.max(1))
    }

    /// Every position, row by row.
    pub fn positions(&self) -> impl Iterator<Item = Pos> {
        let width = self.width;
        (0..self.height).flat_map(move |y| (0..width).map(move |x| Pos { y, x }))
    }

    /// The up to four positions inside the grid next to `pos` (up, down, left, right).
    #[inline]
    pub fn neighbors(&self, pos: Pos) -> impl Iterator<Item = Pos> {
        let (height, width) = (self.height, self.width);
        // wrapping_sub turns "above row 0" into usize::MAX, which the bound check drops.
        [
            (pos.y.wrapping_sub(1), pos.x),
            (pos.y + 1, pos.x),
            (pos.y, pos.x.wrapping_sub(1)),
            (pos.y, pos.x + 1),
        ]
        .into_iter()
        .filter(move |&(y, x)| y < height && x < width)
        .map(|(y, x)| Pos { y, x })
    }

    /// Appends the grid as the judge prints it, `[[1,0],[0,1]]`, without a newline.
    pub fn write_literal(&self, out: &mut Vec<u8>) {
        out.push(b'[');
        for y in 0..self.height {
            if y > 0 {
                out.push(b',');
            }
            out.push(b'[');
            for x in 0..self.width {
                if x > 0 {
                    out.push(b',');
                }
                out.push(if self.cells[y * self.width + x] { b'1' } else { b'0' });
            }
            out.push(b']');
        }
        out.push(b']');
    }
}

/// Calls `visit` once for every 4-connected component of cells whose value is `value`, with
/// the component's cells in breadth-first order from its first cell. Components come in the
/// row-major order of their first cell.
///
/// Iterative: the list of cells found so far doubles as the breadth-first queue, so a
/// component of millions of cells needs no call stack and no second buffer.
///
/// # Complexity
/// O(height * width) time; one byte of marks per cell plus the largest component's cells.
pub fn for_each_component<F: FnMut(&[Pos])>(grid: &Grid, value: bool, mut visit: F) {
    let mut seen = vec![false; grid.cells.len()];
    let mut cells: Vec<Pos> = Vec::new();
    for start in grid.positions() {
        let start_idx = start.y * grid.width + start.x;
        if grid.cells[start_idx] != value || seen[start_idx] {
            continue;
        }
        seen[start_idx] = true;
        cells.clear();
        cells.push(start);
        let mut head = 0;
        while head < cells.len() {
            let pos = cells[head];
            head += 1;
            for next in grid.neighbors(pos) {
                let idx = next.y * grid.width + next.x;
                if grid.cells[idx] == value && !seen[idx] {
                    seen[idx] = true;
                    cells.push(next);
                }
            }
        }
        visit(&cells);
    }
}

/// What [`solve`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// The largest number of cells that pieces can fill: the answer.
    pub filled: u64,
    /// The number of holes (0-components of `game_board`).
    pub holes: u64,
    /// The number of pieces (1-components of `table`).
    pub pieces: u64,
}

/// Solves the problem: the largest number of cells that pieces of `table` fill in holes of
/// `game_board`, plus the hole and piece counts.
///
/// # Complexity
/// Expected O(n) for n cells in both grids: components in bitsets (small ones by bit
/// operations, others breadth-first), keys by bit operations or counting sorts, classes in a
/// hash map. Memory: a bit per cell plus 4 bytes per cell of the largest component that is
/// not small, besides the grids.
///
/// # Examples
/// ```
/// use programmers_84021::{solve, Grid};
/// let board = Grid::from_rows(&[vec![0, 0, 0], vec![1, 1, 0], vec![1, 1, 1]]);
/// let table = Grid::from_rows(&[vec![0, 1, 0], vec![0, 1, 0], vec![1, 1, 0]]);
/// assert_eq!(solve(&board, &table).filled, 4);
/// ```
pub fn solve(game_board: &Grid, table: &Grid) -> Outcome {
    let fits = |grid: &Grid| search::fits(grid.height(), grid.width());
    if fits(game_board) && fits(table) {
        search::Search::solve(game_board, table)
    } else {
        let mut keyer = Keyer::new();
        solve_with(game_board, table, |cells, key| keyer.key(cells, key))
    }
}

/// [`solve`] with the shape key given by `key(cells, out)` (which writes the key into `out`);
/// tests use it to show that a wrong key (one that allows mirror images) is caught.
///
/// # Why matching class by class is optimal
/// With a correct key, a piece fits a hole iff their keys are equal, so "fits" splits holes
/// and pieces into classes with no fit across classes and every fit within one, and all
/// shapes of a class have the same size. Matchings in different classes are independent, and
/// within a class any maximal matching pairs min(holes, pieces) of them, which is the most
/// possible. So the answer is the sum over classes of min(holes, pieces) * size.
pub fn solve_with<K: FnMut(&[Pos], &mut Vec<u32>)>(
    game_board: &Grid,
    table: &Grid,
    mut key: K,
) -> Outcome {
    /// The holes and pieces sharing one key, and their cell count.
    struct Class {
        holes: u64,
        pieces: u64,
        size: u64,
    }
    let mut classes: FxHashMap<Vec<u32>, Class> = FxHashMap::default();
    let mut buf = Vec::new();
    let mut outcome = Outcome { filled: 0, holes: 0, pieces: 0 };
    for (grid, value, is_hole) in [(game_board, false, true), (table, true, false)] {
        for_each_component(grid, value, |cells| {
            key(cells, &mut buf);
            let class = match classes.get_mut(buf.as_slice()) {
                Some(class) => class,
                None => classes.entry(buf.clone()).or_insert(Class {
                    holes: 0,
                    pieces: 0,
                    size: cells.len() as u64,
                }),
            };
            if is_hole {
                class.holes += 1;
                outcome.holes += 1;
            } else {
                class.pieces += 1;
                outcome.pieces += 1;
            }
        });
    }
    outcome.filled = classes.values().map(|class| class.holes.min(class.pieces) * class.size).sum();
    outcome
}

/// The judge's entry point: the answer for `game_board` and `table` given as rows of 0/1.
///
/// Any value other than 0 counts as a 1. The count saturates at `i32::MAX`, which only a
/// grid of more than two billion cells could reach (the judge's grids have at most 2,500).
///
/// # Panics
/// If a grid's rows are ragged (the judge never passes such grids).
pub fn solution(game_board: Vec<Vec<i32>>, table: Vec<Vec<i32>>) -> i32 {
    let filled = solve(&Grid::from_rows(&game_board), &Grid::from_rows(&table)).filled;
    i32::try_from(filled).unwrap_or(i32::MAX)
}

/// Parses the input, solves it and writes the answer and a newline to `out`.
///
/// # Errors
/// The [`parse`] errors; nothing is written then.
pub fn run<W: std::io::Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    let (game_board, table) = parse(input)?;
    out.int(solve(&game_board, &table).filled).newline();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE1: &str =
        "[[1,1,0,0,1,0],[0,0,1,0,1,0],[0,1,1,0,0,1],[1,1,0,1,1,1],[1,0,0,0,1,0],[0,1,1,1,0,0]]\n\
        [[1,0,0,1,1,0],[1,0,1,0,1,0],[0,1,1,0,1,1],[0,0,1,0,0,0],[1,1,0,1,1,0],[0,1,0,0,0,0]]\n";
    const EXAMPLE2: &str = "[[0,0,0],[1,1,0],[1,1,1]] [[1,1,1],[1,0,0],[0,0,0]]";

    /// Runs `input` through [`run`] and compares the output (or the error's text).
    #[track_caller]
    fn check(input: &str, expected: &str) {
        let mut out = Output::new(Vec::new());
        let got = match run(input.as_bytes(), &mut out) {
            Ok(()) => String::from_utf8(out.into_inner().expect("Vec sink")).expect("ASCII"),
            Err(e) => format!("error: {}", e),
        };
        assert_eq!(got, expected, "input: {:?}", input);
    }

    fn grid(rows: &[&str]) -> Grid {
        let rows: Vec<Vec<i32>> =
            rows.iter().map(|r| r.bytes().map(|b| (b == b'1') as i32).collect()).collect();
        Grid::from_rows(&rows)
    }

    #[test]
    fn examples() {
        check(EXAMPLE1, "14\n");
        check(EXAMPLE2, "0\n");
    }

    #[test]
    fn judge_adapter() {
        let rows = |text: &str| -> Vec<Vec<i32>> {
            let (grid, _) = parse(format!("{} [[0]]", text).as_bytes()).expect("valid");
            (0..grid.height())
                .map(|y| (0..grid.width()).map(|x| grid.get(Pos { y, x }) as i32).collect())
                .collect()
        };
        let (board, table) = EXAMPLE1.split_once('\n').expect("two lines");
        assert_eq!(solution(rows(board), rows(table.trim())), 14);
        let (board, table) = EXAMPLE2.split_once(' ').expect("two grids");
        assert_eq!(solution(rows(board), rows(table)), 0);
        assert_eq!(solution(vec![vec![0]], vec![vec![1]]), 1);
    }

    #[test]
    fn whitespace_anywhere_and_optional_comma_between_grids() {
        check(" [ [ 0 ,0\t]\r\n, [1,\n1] ] ,\r\n[[1,1],[0,0]]\r\n", "2\n");
        check("[[0]][[1]]", "1\n");
    }

    #[test]
    fn keys_are_rotation_invariant_and_mirror_sensitive() {
        let cells = |g: &Grid| {
            let mut all = Vec::new();
            for_each_component(g, true, |c| all.push(c.to_vec()));
            assert_eq!(all.len(), 1);
            all.pop().expect("one component")
        };
        let key = |g: &Grid| {
            let mut k = Vec::new();
            Keyer::new().key(&cells(g), &mut k);
            k
        };
        // An L tetromino, its four rotations, and its mirror image (a J).
        let l = key(&grid(&["10", "10", "11"]));
        for turned in [grid(&["111", "100"]), grid(&["11", "01", "01"]), grid(&["001", "111"])] {
            assert_eq!(key(&turned), l);
        }
        assert_ne!(key(&grid(&["01", "01", "11"])), l);
        // Position inside the grid does not matter.
        assert_eq!(key(&grid(&["000", "010", "010", "011"])), l);
        // Same size, different shape.
        assert_ne!(key(&grid(&["1111"])), l);
    }

    #[test]
    fn keys_of_big_shapes_match_brute_force_orientations() {
        // Sets of 0 to 400 cells (connected or not: keys do not care) in boxes up to 300 wide,
        // so both the short sort and the radix sort with several digits are used.
        let mut rng = judge_io::Rng::new(11);
        let mut keyer = Keyer::new();
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let normal = |cells: &[(i64, i64)]| {
            let min_y = cells.iter().map(|c| c.0).min().unwrap_or(0);
            let min_x = cells.iter().map(|c| c.1).min().unwrap_or(0);
            let mut out: Vec<(i64, i64)> =
                cells.iter().map(|c| (c.0 - min_y, c.1 - min_x)).collect();
            out.sort_unstable();
            out
        };
        let as_pos = |cells: &[(i64, i64)]| -> Vec<Pos> {
            cells.iter().map(|&(y, x)| Pos { y: y as usize + 7, x: x as usize + 3 }).collect()
        };
        for case in 0..300 {
            let n = rng.range(0, 400) as usize;
            let (h, w) = (rng.range(1, 300) as i64, rng.range(1, 300) as i64);
            let mut cells: Vec<(i64, i64)> = (0..n)
                .map(|_| (rng.range(0, h as u64 - 1) as i64, rng.range(0, w as u64 - 1) as i64))
                .collect();
            cells.sort_unstable();
            cells.dedup();
            let other: Vec<(i64, i64)> = if case % 2 == 0 {
                cells.iter().map(|&(y, x)| (y, -x)).collect() // mirrored
            } else {
                cells.iter().map(|&(y, x)| (-x, y)).collect() // turned
            };
            let mut turned = cells.clone();
            let mut same = false;
            for _ in 0..ROTATIONS {
                same |= normal(&turned) == normal(&other);
                turned = turned.iter().map(|&(y, x)| (x, -y)).collect();
            }
            keyer.key(&as_pos(&normal(&cells)), &mut a);
            keyer.key(&as_pos(&normal(&other)), &mut b);
            assert_eq!(a == b, same, "case {}: {:?}", case, cells);
        }
    }

    #[test]
    fn matching_is_per_class_min_times_size() {
        // Holes: three dominoes (two lying, one standing) and one monomino. Pieces: one
        // domino, three monominoes, one tromino. Dominoes give min(3, 1) * 2, monominoes
        // min(1, 3) * 1, the tromino has no hole.
        let board = grid(&["0010111", "1110101", "0011111", "1111111"]);
        let table = grid(&["1010100", "1000101", "0010100"]);
        let outcome = solve(&board, &table);
        assert_eq!(outcome, Outcome { filled: 3, holes: 4, pieces: 5 });
        assert_eq!(naive::solve(&board, &table), 3);
    }

    #[test]
    fn grids_of_different_sizes_and_big_shapes() {
        // The hole: an L with a 10-cell arm along the top and a 3-cell arm down the right.
        let board = grid(&["0000000000", "1111111110", "1111111110"]);
        // Turned a quarter clockwise it fits (12 cells); its mirror image does not.
        let mut turned = vec!["001"; 9];
        turned.push("111");
        assert_eq!(solve(&board, &grid(&turned)).filled, 12);
        let mut mirror = vec!["111"];
        mirror.extend(vec!["001"; 9]);
        assert_eq!(solve(&board, &grid(&mirror)).filled, 0);
        assert_eq!(naive::solve(&board, &grid(&turned)), 12);
        assert_eq!(naive::solve(&board, &grid(&mirror)), 0);
    }

    #[test]
    fn parse_errors_are_located() {
        let cases: [(&str, &str); 20] = [
            ("", "game_board, line 1, column 1: expected '[' starting the grid, found end of input"),
            ("[[1,0]", "game_board, line 1, column 7: expected ',' or ']' after row 1, found end of input"),
            ("[[1,2]] [[1]]", "game_board, line 1, column 5: expected 0 or 1 in row 1, found \"2\""),
            ("[[1,-1]] [[1]]", "game_board, line 1, column 5: expected 0 or 1 in row 1, found \"-1\""),
            ("[[1,01]] [[1]]", "game_board, line 1, column 5: expected 0 or 1 in row 1, found \"01\""),
            ("[[1,0],[1]] [[1]]", "game_board, line 1, column 10: row 2 has 1 cell, expected 2 (as many as row 1)"),
            ("[[1,0,1],[1,0]] [[1]]", "game_board, line 1, column 14: row 2 has 2 cells, expected 3 (as many as row 1)"),
            ("[[1],\n[1,0]] [[1]]", "game_board, line 2, column 4: row 2 has more than 1 cell (as many as row 1)"),
            ("[[1,1],\n[1,0,1]] [[1]]", "game_board, line 2, column 6: row 2 has more than 2 cells (as many as row 1)"),
            ("[[1]] [[1],']", "table, line 1, column 12: expected '[' starting row 2, found \"'\""),
            ("[[1]] [[1]] \\", "line 1, column 13: expected end of input after table, found '\\'"),
            ("[] [[1]]", "game_board, line 1, column 2: expected '[' starting row 1, found ']'"),
            ("[[]] [[1]]", "game_board, line 1, column 3: expected 0 or 1 in row 1, found ']'"),
            ("[[1]] [[1]] x", "line 1, column 13: expected end of input after table, found 'x'"),
            ("[[1]]\n", "table, line 2, column 1: expected '[' starting the grid, found end of input"),
            ("[[1 0]] [[1]]", "game_board, line 1, column 5: expected ',' or ']' after cell 1 of row 1, found '0'"),
            ("[[1][0]] [[1]]", "game_board, line 1, column 5: expected ',' or ']' after row 1, found '['"),
            ("[[[[[[1]]]]]]", "game_board, line 1, column 3: expected 0 or 1 in row 1, found '['"),
            ("[[1]] [[1]]]", "line 1, column 12: expected end of input after table, found ']'"),
            ("[[1]] [[1\u{e9}]]", "table, line 1, column 9: expected 0 or 1 in row 1, found \"1\u{e9}\""),
        ];
        for (input, message) in cases.iter() {
            check(input, &format!("error: {}", message));
        }
        let mut non_utf8 = b"[[1]] [[".to_vec();
        non_utf8.push(0xff);
        non_utf8.extend_from_slice(b"]]");
        assert_eq!(
            parse(&non_utf8).map(|_| ()).unwrap_err().to_string(),
            "table, line 1, column 9: expected 0 or 1 in row 1, found \"\u{fffd}\""
        );
        let mut crlf = Output::new(Vec::new());
        assert_eq!(
            run(b"[[1]]\r\n[[1],\r\n  [2]]", &mut crlf).unwrap_err().to_string(),
            "table, line 3, column 4: expected 0 or 1 in row 2, found \"2\""
        );
    }
}
