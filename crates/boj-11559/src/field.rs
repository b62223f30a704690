//! The field: colours, cells, positions, the grid type, and reading it from the judge's text.

use std::num::NonZeroU8;

use judge_io::{counted, Error, Scanner};

/// The smallest group of same-coloured puyos that pops.
pub const MIN_GROUP: usize = 4;

/// A puyo's colour: an ASCII uppercase letter.
///
/// Stored as a non-zero byte so that a [`Cell`] takes one byte (`Empty` uses the zero niche).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Colour(NonZeroU8);

impl Colour {
    /// The colour written as `letter`, if it is `A`..=`Z`.
    pub fn from_letter(letter: u8) -> Option<Colour> {
        if letter.is_ascii_uppercase() {
            NonZeroU8::new(letter).map(Colour)
        } else {
            None
        }
    }

    /// The letter that writes this colour.
    pub fn letter(self) -> u8 {
        self.0.get()
    }
}

/// One cell of the field: `.` or a puyo.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty,
    Puyo(Colour),
}

impl Cell {
    /// The cell written as `byte` (`.` or `A`..=`Z`), if it is one.
    pub fn from_byte(byte: u8) -> Option<Cell> {
        if byte == b'.' {
            Some(Cell::Empty)
        } else {
            Colour::from_letter(byte).map(Cell::Puyo)
        }
    }

    /// The byte that writes this cell.
    pub fn to_byte(self) -> u8 {
        match self {
            Cell::Empty => b'.',
            Cell::Puyo(colour) => colour.letter(),
        }
    }
}

/// A cell's place. `x` counts columns from the left; `y` counts rows above the floor (the
/// bottom row is `y = 0`), so puyos fall towards smaller `y`. Ordered by `(y, x)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    pub y: usize,
    pub x: usize,
}

impl Pos {
    /// The cells that share a side with this one inside a `width` x `height` field: left,
    /// right, below, above (those that exist).
    pub fn neighbors(self, width: usize, height: usize) -> impl Iterator<Item = Pos> {
        let Pos { x, y } = self;
        let left = x.checked_sub(1).map(|x| Pos { x, y });
        let right = if x + 1 < width { Some(Pos { x: x + 1, y }) } else { None };
        let below = y.checked_sub(1).map(|y| Pos { x, y });
        let above = if y + 1 < height { Some(Pos { x, y: y + 1 }) } else { None };
        [left, right, below, above].into_iter().flatten()
    }
}

/// A rectangular field of cells.
///
/// Stored column by column from the floor up (cell `(x, y)` at index `x * height + y`), so a
/// column is one contiguous slice and a fall is a copy inside that slice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
}

impl Field {
    /// A settled field of the given height from its columns, each listed from the floor up.
    ///
    /// # Panics
    /// If a column is taller than `height`.
    pub fn from_columns(height: usize, columns: &[Vec<Colour>]) -> Field {
        let mut cells = vec![Cell::Empty; height * columns.len()];
        for (x, column) in columns.iter().enumerate() {
            assert!(column.len() <= height, "column {} is taller than the field", x);
            for (y, &colour) in column.iter().enumerate() {
                cells[x * height + y] = Cell::Puyo(colour);
            }
        }
        Field { width: columns.len(), height, cells }
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The cell at `pos`.
    ///
    /// # Panics
    /// If `pos` is outside the field.
    pub fn get(&self, pos: Pos) -> Cell {
        assert!(pos.x < self.width && pos.y < self.height, "{:?} is outside the field", pos);
        self.cells[pos.x * self.height + pos.y]
    }

    /// The cells in column-major, floor-up order (see the type's docs), for the solver.
    pub(crate) fn into_cells(self) -> Vec<Cell> {
        self.cells
    }
}

impl Field {
    /// The field as the judge's text: rows from the top, one line each. A method, not a
    /// `Display` impl: the compiler reports an unused method, so a submission, which never
    /// prints a field, does not carry it (an impl of a trait is never reported unused).
    pub fn text(&self) -> String {
        let mut text = String::with_capacity((self.width + 1) * self.height);
        for y in (0..self.height).rev() {
            for x in 0..self.width {
                text.push(self.get(Pos { x, y }).to_byte() as char);
            }
            text.push('\n');
        }
        text
    }
}

/// Reads a field: lines of `.` and `A`..=`Z`, all of the same width, settled (no puyo above an
/// empty cell). Trailing whitespace on a line, CRLF endings and empty lines at the end are
/// accepted.
///
/// # Errors
/// Empty input, an empty or ragged line, a byte that is not a cell, or a floating puyo, each
/// with its line and column. The first error in reading order is reported, except that a
/// floating puyo is only looked for once every line is well formed.
///
/// # Complexity
/// O(input length).
pub fn parse(input: &[u8]) -> Result<Field, Error> {
    let mut scanner = Scanner::new(input);
    let mut rows: Vec<&[u8]> = Vec::new();
    // Whether each line had any bytes before trimming: an empty row is then "a line of only
    // whitespace" rather than "an empty line".
    let mut had_bytes: Vec<bool> = Vec::new();
    while let Some(line) = scanner.line() {
        rows.push(line.trimmed());
        had_bytes.push(!line.text.is_empty());
    }
    while rows.last().map_or(false, |row| row.is_empty()) {
        rows.pop();
    }
    if rows.is_empty() {
        return Err(Error::at(1, 1, "expected a field of '.' and A-Z, found end of input"));
    }
    let height = rows.len();
    let width = rows[0].len();
    let mut cells = vec![Cell::Empty; width * height];
    for (i, row) in rows.iter().enumerate() {
        let line = i + 1;
        if row.is_empty() {
            let what = if had_bytes[i] { "a line of only whitespace" } else { "an empty line" };
            let message = format!("expected a row of '.' and A-Z, found {}", what);
            return Err(Error::at(line, 1, message));
        }
        if row.len() != width {
            let column = row.len().min(width) + 1;
            let message = format!("expected {}, found {}", counted(width, "cell"), row.len());
            return Err(Error::at(line, column, message));
        }
        let y = height - 1 - i;
        for (x, &byte) in row.iter().enumerate() {
            match Cell::from_byte(byte) {
                Some(cell) => cells[x * height + y] = cell,
                None => {
                    let message = format!("expected '.' or A-Z, found {}", shown(byte));
                    return Err(Error::at(line, x + 1, message));
                }
            }
        }
    }
    // Reading order: the first puyo, from the top, that has an empty cell right below it.
    for (i, pair) in rows.windows(2).enumerate() {
        for (x, (&upper, &lower)) in pair[0].iter().zip(pair[1]).enumerate() {
            if upper != b'.' && lower == b'.' {
                let message = format!(
                    "expected a settled field, found '{}' above an empty cell",
                    upper as char
                );
                return Err(Error::at(i + 1, x + 1, message));
            }
        }
    }
    Ok(Field { width, height, cells })
}

/// A byte for an error message: `'x'`, or `'\xNN'` if it is not printable ASCII; an
/// apostrophe goes in double quotes, `"'"`, since `'''` would read as an empty quote.
fn shown(byte: u8) -> String {
    if byte == b'\'' {
        String::from("\"'\"")
    } else if byte.is_ascii_graphic() || byte == b' ' {
        format!("'{}'", byte as char)
    } else {
        format!("'\\x{:02x}'", byte)
    }
}

#[cfg(test)]
mod tests {
    use super::{parse, Cell, Colour, Field, Pos};

    #[track_caller]
    fn error(input: &str) -> String {
        parse(input.as_bytes()).expect_err("the input is bad").to_string()
    }

    #[test]
    fn parses_column_major_from_the_floor_and_prints_back() {
        let text = "..\nA.\nBC\n";
        let field = parse(text.as_bytes()).expect("valid");
        assert_eq!((field.width(), field.height()), (2, 3));
        let colour = |b| Cell::Puyo(Colour::from_letter(b).expect("a letter"));
        assert_eq!(field.get(Pos { x: 0, y: 0 }), colour(b'B'));
        assert_eq!(field.get(Pos { x: 0, y: 1 }), colour(b'A'));
        assert_eq!(field.get(Pos { x: 1, y: 0 }), colour(b'C'));
        assert_eq!(field.get(Pos { x: 1, y: 2 }), Cell::Empty);
        assert_eq!(field.text(), text);
        assert_eq!(std::mem::size_of::<Cell>(), 1);
        let columns =
            [vec![Colour::from_letter(b'B').expect("B"), Colour::from_letter(b'A').expect("A")]];
        assert_eq!(Field::from_columns(2, &columns).text(), "A\nB\n");
    }

    #[test]
    fn accepts_crlf_trailing_whitespace_and_trailing_empty_lines() {
        let field = parse(b"..  \r\nRG\t\r\n\r\n  \n").expect("valid");
        assert_eq!(field.text(), "..\nRG\n");
        assert_eq!(parse(b"Z").expect("valid").text(), "Z\n");
    }

    #[test]
    fn neighbors_stay_inside() {
        let corner: Vec<Pos> = Pos { x: 0, y: 0 }.neighbors(3, 2).collect();
        assert_eq!(corner, [Pos { x: 1, y: 0 }, Pos { x: 0, y: 1 }]);
        assert_eq!(Pos { x: 1, y: 1 }.neighbors(3, 3).count(), 4);
        assert_eq!(Pos { x: 0, y: 0 }.neighbors(1, 1).count(), 0);
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(
            error(""),
            "line 1, column 1: expected a field of '.' and A-Z, found end of input"
        );
        assert_eq!(
            error("\n \r\n"),
            "line 1, column 1: expected a field of '.' and A-Z, found end of input"
        );
        assert_eq!(error("....\n...\n"), "line 2, column 4: expected 4 cells, found 3");
        assert_eq!(error("..\n...\n"), "line 2, column 3: expected 2 cells, found 3");
        assert_eq!(
            error("..\n\nRR\n"),
            "line 2, column 1: expected a row of '.' and A-Z, found an empty line"
        );
        assert_eq!(
            error("..\n  \t\r\nRR\n"),
            "line 2, column 1: expected a row of '.' and A-Z, found a line of only whitespace"
        );
        assert_eq!(
            error("..\r\n\r\nRR\n"),
            "line 2, column 1: expected a row of '.' and A-Z, found an empty line"
        );
        assert_eq!(error("R\nRR\n"), "line 2, column 2: expected 1 cell, found 2");
        assert_eq!(error("...\n.r.\n"), "line 2, column 2: expected '.' or A-Z, found 'r'");
        assert_eq!(error("...\n.'.\n"), "line 2, column 2: expected '.' or A-Z, found \"'\"");
        assert_eq!(error("...\n.\\.\n"), "line 2, column 2: expected '.' or A-Z, found '\\'");
        assert_eq!(error("...\n. .\n"), "line 2, column 2: expected '.' or A-Z, found ' '");
        assert_eq!(error("R\u{e9}"), "line 1, column 2: expected '.' or A-Z, found '\\xc3'");
        assert_eq!(
            error("...\n.R.\n.G.\n..B\n"),
            "line 3, column 2: expected a settled field, found 'G' above an empty cell"
        );
        assert_eq!(
            error("R.\n.G\n.B\n"),
            "line 1, column 1: expected a settled field, found 'R' above an empty cell"
        );
        // Shape and characters are checked before settledness.
        assert_eq!(error("R.\n..\n.?\n"), "line 3, column 2: expected '.' or A-Z, found '?'");
    }
}
