//! The board: its cells, positions and symmetries, and the parser of the judge's boards.

use std::fmt;

use judge_io::{Error, Scanner};

/// The largest height and width the statement allows.
pub const MAX_SIDE: usize = 20;
/// The number of cells in one piece.
pub const PIECE_CELLS: usize = 3;

/// One cell of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// `.`: must be covered.
    White,
    /// `#`: must stay uncovered.
    Black,
}

impl Cell {
    /// The cell written as `byte`, if it is `.` or `#`.
    pub fn from_byte(byte: u8) -> Option<Cell> {
        match byte {
            b'.' => Some(Cell::White),
            b'#' => Some(Cell::Black),
            _ => None,
        }
    }

    /// The byte that writes the cell.
    pub fn to_byte(self) -> u8 {
        match self {
            Cell::White => b'.',
            Cell::Black => b'#',
        }
    }
}

/// A position on the board: row `y` from the top, column `x` from the left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// The row, from 0.
    pub y: usize,
    /// The column, from 0.
    pub x: usize,
}

/// A rectangular board of cells.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    h: usize,
    w: usize,
    /// Row-major: cell `(y, x)` is `cells[y * w + x]`.
    cells: Vec<Cell>,
}

impl Board {
    /// A board of `h` rows and `w` columns from its cells in row-major order.
    ///
    /// # Panics
    /// If `cells.len() != h * w`.
    pub fn new(h: usize, w: usize, cells: Vec<Cell>) -> Board {
        assert_eq!(cells.len(), h * w, "a {} x {} board has {} cells", h, w, h * w);
        Board { h, w, cells }
    }

    /// A board from rows of `.` and `#` (for tests and generators).
    ///
    /// # Panics
    /// If the rows have different lengths or contain another character.
    pub fn from_rows(rows: &[&str]) -> Board {
        let w = rows.first().map_or(0, |row| row.len());
        let mut cells = Vec::with_capacity(rows.len() * w);
        for row in rows {
            assert_eq!(row.len(), w, "rows of different lengths");
            for &b in row.as_bytes() {
                cells.push(Cell::from_byte(b).expect("rows are made of '.' and '#'"));
            }
        }
        Board::new(rows.len(), w, cells)
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.h
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.w
    }

    /// The cell at `pos`.
    ///
    /// # Panics
    /// If `pos` is off the board.
    pub fn get(&self, pos: Pos) -> Cell {
        assert!(pos.y < self.h && pos.x < self.w, "{:?} is off the board", pos);
        self.cells[pos.y * self.w + pos.x]
    }

    /// The cells in row-major order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The number of white cells.
    pub fn white_count(&self) -> usize {
        self.cells.iter().filter(|&&c| c == Cell::White).count()
    }

    /// The groups of white cells that no piece joins, each on its own board: the white cells
    /// connected through sides or corners (a piece's cells all touch so), each group cropped to
    /// its bounding box with every other cell black. The board's count is the product of theirs.
    /// No white cell: no group.
    pub fn components(&self) -> Vec<Board> {
        let (h, w) = (self.h, self.w);
        let mut seen: Vec<bool> = self.cells.iter().map(|&c| c == Cell::Black).collect();
        let mut parts = Vec::new();
        let mut stack = Vec::new();
        let mut members = Vec::new();
        for start in 0..self.cells.len() {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            stack.push(start);
            members.clear();
            let (mut top, mut bottom, mut left, mut right) = (h, 0, w, 0);
            while let Some(i) = stack.pop() {
                members.push(i);
                let (y, x) = (i / w, i % w);
                top = top.min(y);
                bottom = bottom.max(y);
                left = left.min(x);
                right = right.max(x);
                for ny in y.saturating_sub(1)..(y + 2).min(h) {
                    for nx in x.saturating_sub(1)..(x + 2).min(w) {
                        let j = ny * w + nx;
                        if !seen[j] {
                            seen[j] = true;
                            stack.push(j);
                        }
                    }
                }
            }
            let (part_h, part_w) = (bottom - top + 1, right - left + 1);
            let mut cells = vec![Cell::Black; part_h * part_w];
            for &i in members.iter() {
                cells[(i / w - top) * part_w + i % w - left] = Cell::White;
            }
            parts.push(Board::new(part_h, part_w, cells));
        }
        parts
    }

    /// The board built by sending each position to `f(pos)` on an `h` x `w` board.
    fn remapped<F: Fn(Pos) -> Pos>(&self, h: usize, w: usize, f: F) -> Board {
        let mut cells = vec![Cell::Black; h * w];
        for y in 0..self.h {
            for x in 0..self.w {
                let to = f(Pos { y, x });
                cells[to.y * w + to.x] = self.cells[y * self.w + x];
            }
        }
        Board::new(h, w, cells)
    }

    /// The board mirrored in its main diagonal (`w` x `h`). L-trominoes map to L-trominoes,
    /// so the count is unchanged.
    pub fn transpose(&self) -> Board {
        self.remapped(self.w, self.h, |p| Pos { y: p.x, x: p.y })
    }

    /// The board turned half a turn.
    pub fn rotate180(&self) -> Board {
        let (h, w) = (self.h, self.w);
        self.remapped(h, w, |p| Pos { y: h - 1 - p.y, x: w - 1 - p.x })
    }

    /// The board mirrored left to right.
    pub fn mirror(&self) -> Board {
        let w = self.w;
        self.remapped(self.h, w, |p| Pos { y: p.y, x: w - 1 - p.x })
    }
}

impl fmt::Display for Board {
    /// The rows, each followed by a newline (the judge's grid format without `H W`).
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        for row in self.cells.chunks(self.w.max(1)) {
            let text: String = row.iter().map(|c| c.to_byte() as char).collect();
            writeln!(f, "{}", text)?;
        }
        Ok(())
    }
}

/// Describes an input byte for a message: `'x'`, `"'"` for an apostrophe (three apostrophes
/// in a row would read as an empty quote), or `byte 0x07` when it is not printable.
fn describe_byte(b: u8) -> String {
    if b == b'\'' {
        String::from("\"'\"")
    } else if b.is_ascii_graphic() || b == b' ' {
        format!("'{}'", b as char)
    } else {
        format!("byte 0x{:02x}", b)
    }
}

/// Reads the first line: the number of test cases `C`.
pub fn parse_case_count(sc: &mut Scanner) -> Result<usize, Error> {
    let c = sc.int_in("C", ..)?;
    sc.end_line()?;
    Ok(c)
}

/// Reads one test case: a line `H W`, then `H` rows of `W` cells.
pub fn parse_board(sc: &mut Scanner) -> Result<Board, Error> {
    let h = sc.int_in("H", 1..=MAX_SIDE)?;
    // W belongs on H's line: a line with H alone is missing W there, not on the next line.
    let after_h = sc.position();
    if let Some(rest) = sc.clone().line() {
        if rest.text.iter().all(|&b| b == b' ' || b == b'\t' || b == b'\r') {
            let message = "expected a non-negative integer, found end of line";
            return Err(sc.error_at(after_h, message).context("W"));
        }
    }
    let w = sc.int_in("W", 1..=MAX_SIDE)?;
    sc.end_line()?;
    let mut cells = Vec::with_capacity(h * w);
    for y in 0..h {
        let row = sc.grid_row(w, format_args!("row {}", y + 1))?;
        for (x, &b) in row.text.iter().enumerate() {
            match Cell::from_byte(b) {
                Some(cell) => cells.push(cell),
                None => {
                    return Err(sc.error_at(
                        row.start + x,
                        format!("expected '#' or '.', found {}", describe_byte(b)),
                    ))
                }
            }
        }
    }
    Ok(Board::new(h, w, cells))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_are_cropped_and_joined_through_corners() {
        let board = Board::from_rows(&["..#..", "#####", "##.##", "###.#", "#####"]);
        let parts = board.components();
        let shown: Vec<String> = parts.iter().map(|part| part.to_string()).collect();
        assert_eq!(shown, ["..\n", "..\n", ".#\n#.\n"]);
        assert!(Board::from_rows(&["##", "##"]).components().is_empty());
        let full = Board::from_rows(&["...", "..."]);
        assert_eq!(full.components(), [full]);
    }

    #[test]
    fn board_symmetries() {
        let board = Board::from_rows(&["#..", "..."]);
        assert_eq!(board.transpose(), Board::from_rows(&["#.", "..", ".."]));
        assert_eq!(board.rotate180(), Board::from_rows(&["...", "..#"]));
        assert_eq!(board.mirror(), Board::from_rows(&["..#", "..."]));
        assert_eq!(board.to_string(), "#..\n...\n");
        assert_eq!(board.get(Pos { y: 0, x: 0 }), Cell::Black);
    }
}
