//! The bracket parser: `game_board` then `table`, each a 2-D literal of 0/1 such as
//! `[[1,1,0],[0,0,1]]`. Rows after the first are read by a fast path that checks eight bytes
//! at a time when a row has no whitespace; anything else (and every error) goes through the
//! byte-by-byte path, which names the place.

use judge_io::{counted, quote, Error, Scanner};

use super::Grid;

/// Describes the byte at `pos` for an error message: `'x'`, `byte 0xc3` or `end of input`.
/// An apostrophe goes in double quotes, `"'"`, since `'''` would read as an empty quote.
fn found(input: &[u8], pos: usize) -> String {
    match input.get(pos) {
        None => String::from("end of input"),
        Some(b'\'') => String::from("\"'\""),
        Some(&b) if b.is_ascii_graphic() => format!("'{}'", b as char),
        Some(&b) => format!("byte 0x{:02x}", b),
    }
}

/// Whether `b` separates tokens: space, tab, newline, carriage return or form feed.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c')
}

/// A cursor over the input bytes for the bracket parser; errors are located through
/// [`Scanner::error_at`], which turns the byte offset into a line and column.
struct Cursor<'a> {
    input: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn skip_space(&mut self) {
        while self.pos < self.input.len() && is_space(self.input[self.pos]) {
            self.pos += 1;
        }
    }

    /// The byte at the cursor after skipping whitespace, if any.
    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.input.get(self.pos).copied()
    }

    fn error_at<S: Into<String>>(&self, pos: usize, message: S) -> Error {
        Scanner::new(self.input).error_at(pos, message)
    }

    /// An error at the cursor: `expected WHAT, found X`.
    fn expected(&self, what: &str) -> Error {
        self.error_at(self.pos, format!("expected {}, found {}", what, found(self.input, self.pos)))
    }

    /// Consumes `byte` (after whitespace) or fails with `expected WHAT, found X`.
    fn eat(&mut self, byte: u8, what: &str) -> Result<(), Error> {
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.expected(what))
        }
    }

    /// Reads one cell value: exactly `0` or `1`. Anything else (`2`, `-1`, `01`, `1.0`) is an
    /// error naming the whole token, which runs to the next whitespace, comma or bracket.
    fn cell(&mut self, row: usize) -> Result<bool, Error> {
        self.skip_space();
        let start = self.pos;
        while self.pos < self.input.len()
            && !is_space(self.input[self.pos])
            && !matches!(self.input[self.pos], b',' | b'[' | b']')
        {
            self.pos += 1;
        }
        match &self.input[start..self.pos] {
            b"0" => Ok(false),
            b"1" => Ok(true),
            b"" => {
                self.pos = start;
                Err(self.expected(&format!("0 or 1 in row {}", row)))
            }
            token => Err(self.error_at(
                start,
                format!("expected 0 or 1 in row {}, found {}", row, quote(token)),
            )),
        }
    }

    /// Reads the cells of row `row` up to its `]` (the cursor then on the `]`), appending them
    /// to `cells`, and returns their number. With `width` given (every row after the first),
    /// a row of any other length is an error.
    fn row_cells(
        &mut self,
        row: usize,
        width: Option<usize>,
        cells: &mut Vec<bool>,
    ) -> Result<usize, Error> {
        let mut count = 0;
        loop {
            self.skip_space();
            let cell_start = self.pos;
            let value = self.cell(row)?;
            count += 1;
            match width {
                Some(width) if count > width => {
                    let message = format!(
                        "row {} has more than {} (as many as row 1)",
                        row,
                        counted(width, "cell")
                    );
                    return Err(self.error_at(cell_start, message));
                }
                _ => {}
            }
            cells.push(value);
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => break,
                _ => {
                    let what = format!("',' or ']' after cell {} of row {}", count, row);
                    return Err(self.expected(&what));
                }
            }
        }
        match width {
            Some(width) if count < width => {
                let message = format!(
                    "row {} has {}, expected {} (as many as row 1)",
                    row,
                    counted(count, "cell"),
                    width
                );
                Err(self.error_at(self.pos, message))
            }
            _ => Ok(count),
        }
    }

    /// The fast path for a row of `width` cells written without whitespace, `c,c,...,c]`,
    /// right after its `[`: appends the cells, leaves the cursor on the `]` and returns true;
    /// returns false, having read nothing, if the row is written any other way.
    ///
    /// Eight bytes `c,c,c,c,` at a time: XOR with `0,0,0,0,` turns each comma into a zero
    /// byte and each digit into its value, so one mask test checks all eight.
    fn compact_row(&mut self, width: usize, cells: &mut Vec<bool>) -> bool {
        const COMMAS_AND_ZEROS: u64 = u64::from_le_bytes(*b"0,0,0,0,");
        const DIGIT_BITS: u64 = u64::from_le_bytes([1, 0, 1, 0, 1, 0, 1, 0]);
        // `width` digits, `width - 1` commas and the `]`.
        let bytes = match self.input.get(self.pos..self.pos + 2 * width) {
            Some(bytes) if width > 0 => bytes,
            _ => return false,
        };
        let before = cells.len();
        // Whole chunks cover the cells before the last one, each followed by a comma.
        let chunks = (width - 1) / 4;
        for chunk in bytes[..8 * chunks].chunks_exact(8) {
            let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            let digits = word ^ COMMAS_AND_ZEROS;
            if digits & !DIGIT_BITS != 0 {
                cells.truncate(before);
                return false;
            }
            let bit = |i: u32| digits >> (16 * i) & 1 != 0;
            cells.extend_from_slice(&[bit(0), bit(1), bit(2), bit(3)]);
        }
        for i in 4 * chunks..width {
            let separator = if i + 1 < width { b',' } else { b']' };
            let (digit, after) = (bytes[2 * i], bytes[2 * i + 1]);
            if !matches!(digit, b'0' | b'1') || after != separator {
                cells.truncate(before);
                return false;
            }
            cells.push(digit == b'1');
        }
        self.pos += 2 * width - 1;
        true
    }

    /// Parses one grid literal `[[c,c,...],[c,...],...]`: at least one row, every row as long
    /// as the first and at least one cell long. A fixed two-level loop, so no nesting depth
    /// can overflow anything: a third `[` is simply "expected 0 or 1".
    fn grid(&mut self) -> Result<Grid, Error> {
        self.eat(b'[', "'[' starting the grid")?;
        let mut cells = Vec::new();
        let mut width = 0;
        let mut height = 0;
        loop {
            height += 1;
            let row = height;
            if self.peek() != Some(b'[') {
                return Err(self.expected(&format!("'[' starting row {}", row)));
            }
            self.pos += 1;
            if row == 1 {
                width = self.row_cells(row, None, &mut cells)?;
            } else if !self.compact_row(width, &mut cells) {
                self.row_cells(row, Some(width), &mut cells)?;
            }
            self.pos += 1; // the row's ']'
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    break;
                }
                _ => return Err(self.expected(&format!("',' or ']' after row {}", row))),
            }
        }
        if height > MAX_SIDE || width > MAX_SIDE {
            return Err(self.error_at(
                self.pos - 1,
                format!("a grid may have at most {} rows and columns", MAX_SIDE),
            ));
        }
        // Doubling may have left up to twice the room the cells need.
        cells.shrink_to_fit();
        Ok(Grid::new(height, width, cells))
    }
}

/// The most rows or columns a parsed grid may have: shape keys store coordinates as u32.
/// (An input that large would take over 8 GB, so this is a guard, not a practical limit.)
pub const MAX_SIDE: usize = u32::MAX as usize;

/// Parses the input: `game_board` then `table`, each a bracketed 2-D literal of 0/1 such as
/// `[[1,1,0],[0,0,1]]`, with whitespace (spaces, tabs, newlines, CRLF) allowed between any
/// tokens and an optional comma between the two grids.
///
/// # Errors
/// A located [`Error`] (`game_board, line 1, column 9: ...`) for: a missing or unexpected
/// bracket, a value other than exactly `0` or `1` (so `2`, `-1`, `01` and `1.0` are errors), a
/// missing comma, an empty grid (`[]`) or row (`[[]]`), ragged rows, a missing second grid and
/// anything after the second grid.
///
/// # Complexity
/// O(input length), one pass, no recursion.
pub fn parse(input: &[u8]) -> Result<(Grid, Grid), Error> {
    let mut cursor = Cursor { input, pos: 0 };
    let game_board = cursor.grid().map_err(|e| e.context("game_board"))?;
    if cursor.peek() == Some(b',') {
        cursor.pos += 1;
    }
    let table = cursor.grid().map_err(|e| e.context("table"))?;
    if cursor.peek().is_some() {
        return Err(cursor.expected("end of input after table"));
    }
    Ok((game_board, table))
}

#[cfg(test)]
mod tests {
    use super::Cursor;

    /// Runs the fast path on `row` (the bytes after a row's `[`) with `width`; returns
    /// whether it took the row, the cells it appended after a sentinel, and where it stopped.
    fn compact(row: &[u8], width: usize) -> (bool, Vec<bool>, usize) {
        let mut cursor = Cursor { input: row, pos: 0 };
        let mut cells = vec![true];
        let took = cursor.compact_row(width, &mut cells);
        (took, cells, cursor.pos)
    }

    #[test]
    fn compact_rows_are_read_or_left_whole() {
        let mut rng = judge_io::Rng::new(3);
        for width in 1..=13 {
            for _ in 0..20 {
                let values: Vec<bool> = (0..width).map(|_| rng.chance(1, 2)).collect();
                let digits: Vec<String> =
                    values.iter().map(|&v| String::from(if v { "1" } else { "0" })).collect();
                let row = format!("{}],[0]]", digits.join(","));
                let mut expected = vec![true];
                expected.extend_from_slice(&values);
                // Read whole, the cursor on the row's `]`.
                assert_eq!(compact(row.as_bytes(), width), (true, expected, 2 * width - 1));
                // Any one byte of the row changed (but a digit to a digit), or a width it
                // does not have: nothing read.
                for at in 0..2 * width {
                    for &byte in b"01,] \n2[" {
                        let mut changed = row.clone().into_bytes();
                        let digit = |b: u8| b == b'0' || b == b'1';
                        if changed[at] == byte || (digit(changed[at]) && digit(byte)) {
                            continue;
                        }
                        changed[at] = byte;
                        assert_eq!(
                            compact(&changed, width),
                            (false, vec![true], 0),
                            "{:?}",
                            String::from_utf8_lossy(&changed)
                        );
                    }
                }
                for other in [width - 1, width + 1] {
                    assert_eq!(compact(row.as_bytes(), other), (false, vec![true], 0), "{}", row);
                }
                // Cut short: nothing read.
                assert_eq!(
                    compact(&row.as_bytes()[..2 * width - 1], width),
                    (false, vec![true], 0)
                );
            }
        }
    }
}
