//! The whole input in memory as a cursor's window: [`Scanner`].

use std::fmt::Display;
use std::ops::Deref;

use super::cursor::{Cursor, Window};
use super::error::{quote, Error};
use super::space::trim_end;

/// All of the input, as a [`Cursor`]'s window: nothing to refill, and tokens that live as
/// long as the input.
#[derive(Debug, Clone)]
pub struct Whole<'a> {
    bytes: &'a [u8],
    /// Where the token or line read last starts.
    token_start: usize,
}

impl<'a> Window for Whole<'a> {
    #[inline]
    fn bytes(&self) -> &[u8] {
        self.bytes
    }

    #[inline]
    fn refill(&mut self, _keep: &mut usize) -> Result<bool, Error> {
        Ok(false)
    }

    #[inline]
    fn mark(&mut self, at: usize) {
        self.token_start = at;
    }

    fn place(&mut self, at: Option<usize>) -> (usize, usize) {
        line_column(self.bytes, at.unwrap_or(self.token_start))
    }
}

/// The 1-based `(line, column)` of byte offset `pos` of `bytes`, counted from the start.
fn line_column(bytes: &[u8], pos: usize) -> (usize, usize) {
    let mut lines = bytes[..pos.min(bytes.len())].split(|&b| b == b'\n');
    let column = lines.next_back().map_or(0, |line| line.len()) + 1;
    (lines.count() + 1, column)
}

/// One line of input, without its line ending, and the byte offset where it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line<'a> {
    /// Offset of the line's first byte in the whole input.
    pub start: usize,
    /// The line's bytes, without `\n` or `\r\n`.
    pub text: &'a [u8],
}

impl<'a> Line<'a> {
    /// The line without trailing spaces, tabs and carriage returns.
    pub fn trimmed(&self) -> &'a [u8] {
        trim_end(self.text)
    }
}

/// A line is its text: `line.to_vec()`, `line[0]`.
impl<'a> Deref for Line<'a> {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        self.text
    }
}

/// A cursor over the whole input: the [`Cursor`] whose window is all of it.
///
/// Tokens are runs of bytes other than ASCII whitespace, and live as long as the input.
/// Positions are byte offsets; errors turn them into 1-based line and column only when they
/// are made, so the hot path counts nothing. Values the statement bounds are read with
/// [`int_in`](Cursor::int_in) and the like, or declared all at once with
/// [`input!`](crate::input). The reading methods shared with
/// [`StreamInput`](crate::StreamInput) ([`int`](Cursor::int), [`int_in`](Cursor::int_in),
/// [`index_in`](Cursor::index_in), [`sum_at_most`](Cursor::sum_at_most),
/// [`error_at_token`](Cursor::error_at_token)) are [`Cursor`]'s.
///
/// # Examples
/// ```
/// let mut sc = judge_io::Scanner::new(b"2\n-5 7\n");
/// let n: usize = sc.int().unwrap();
/// let a: i32 = sc.int().unwrap();
/// assert_eq!((n, a, sc.int::<u8>().unwrap()), (2, -5, 7));
/// assert!(sc.expect_end().is_ok());
/// ```
pub type Scanner<'a> = Cursor<Whole<'a>>;

impl<'a> Cursor<Whole<'a>> {
    /// A scanner at the start of `buf`.
    pub fn new(buf: &'a [u8]) -> Scanner<'a> {
        Cursor { window: Whole { bytes: buf, token_start: 0 }, pos: 0 }
    }

    /// The current byte offset.
    #[inline]
    pub fn position(&self) -> usize {
        self.pos
    }

    /// The bytes not read yet, for a token format of the problem's own: parse them, then
    /// [`advance`](Self::advance) past what was parsed; place errors with
    /// [`error_at`](Self::error_at) at [`position`](Self::position) plus the offset in the
    /// rest.
    #[inline]
    pub fn rest(&self) -> &'a [u8] {
        &self.window.bytes[self.pos..]
    }

    /// Moves the cursor `len` bytes on, past bytes parsed from [`rest`](Self::rest): `len` is
    /// at most `rest().len()` (unchecked in release builds, where a clamp cost the puzzle's
    /// edge reader 2% of its time).
    #[inline]
    pub fn advance(&mut self, len: usize) {
        debug_assert!(len <= self.rest().len(), "advanced past the end of input");
        self.pos += len;
    }

    /// The 1-based `(line, column)` of byte offset `pos`.
    ///
    /// # Complexity
    /// O(pos): it is only called to build an error.
    pub fn line_column(&self, pos: usize) -> (usize, usize) {
        line_column(self.window.bytes, pos)
    }

    /// An error located at byte offset `pos`.
    pub fn error_at<S: Into<String>>(&self, pos: usize, message: S) -> Error {
        let (line, column) = self.line_column(pos);
        Error::at(line, column, message)
    }

    /// Skips whitespace; true if nothing but whitespace was left.
    #[inline]
    pub fn at_end(&mut self) -> bool {
        self.skip_space().unwrap_or(true)
    }

    /// Succeeds if only whitespace is left; otherwise names the first extra token.
    pub fn expect_end(&mut self) -> Result<(), Error> {
        match self.try_token() {
            None => Ok(()),
            Some(extra) => {
                let message = format!("expected end of input, found {}", quote(extra));
                Err(self.error_at_token(message))
            }
        }
    }

    /// The bytes of `range`, which live as long as the input.
    fn slice(&self, range: std::ops::Range<usize>) -> &'a [u8] {
        &self.window.bytes[range]
    }

    /// The next whitespace-separated token, or `None` at end of input.
    pub fn try_token(&mut self) -> Option<&'a [u8]> {
        let token = self.try_next_token().ok().flatten();
        token.map(|token| self.slice(token))
    }

    /// The next token; `what` names it in the error at end of input (`expected W, found end
    /// of input`).
    pub fn token(&mut self, what: &str) -> Result<&'a [u8], Error> {
        let token = self.next_token(what)?;
        Ok(self.slice(token))
    }

    /// The next token, for a value named `name` in the error at end of input (`s, line 2,
    /// column 1: expected a word, found end of input`).
    pub fn word<N: Display>(&mut self, name: N) -> Result<&'a [u8], Error> {
        let word = self.next_word(name)?;
        Ok(self.slice(word))
    }

    /// The next token as UTF-8 text, named as by [`word`](Self::word).
    pub fn text<N: Display>(&mut self, name: N) -> Result<&'a str, Error> {
        let text = self.next_text(name)?;
        Ok(std::str::from_utf8(self.slice(text)).unwrap_or_default())
    }

    /// The rest of the current line (without `\n` or `\r\n`); the cursor moves past its end.
    /// `None` at end of input.
    pub fn line(&mut self) -> Option<Line<'a>> {
        let line = self.next_line(false).ok().flatten()?;
        Some(Line { start: line.start, text: self.slice(line) })
    }

    /// Finishes the current line: only spaces, tabs or `\r` may remain before its `\n`.
    pub fn end_line(&mut self) -> Result<(), Error> {
        let line = match self.line() {
            Some(line) => line,
            None => return Ok(()),
        };
        let mut rest = Scanner::new(line.text);
        match rest.try_token() {
            None => Ok(()),
            Some(extra) => Err(self.error_at(
                line.start + rest.window.token_start,
                format!("expected end of line, found {}", quote(extra)),
            )),
        }
    }

    /// Reads a row of exactly `width` cells on a line of its own (trailing whitespace allowed);
    /// from the middle of a line where only whitespace is left (after a header's last number),
    /// the row is the next line. `what` names the row in the errors (`row 3 has 2 cells,
    /// expected 3`).
    pub fn grid_row<N: Display>(&mut self, width: usize, what: N) -> Result<Line<'a>, Error> {
        let row = self.next_row(width, what)?;
        Ok(Line { start: row.start, text: self.slice(row) })
    }

    /// A row as [`grid_row`](Self::grid_row) reads it, whose every cell is one of the
    /// characters of `alphabet` (ASCII); a cell that is not is an error at its place, named
    /// by its column (counted from 0) after `what`.
    ///
    /// # Examples
    /// ```
    /// let mut sc = judge_io::Scanner::new(b"#.#\n#x.\n");
    /// assert_eq!(&sc.grid_row_in(3, ".#", "grid[0]").unwrap()[..], b"#.#");
    /// assert_eq!(
    ///     sc.grid_row_in(3, ".#", "grid[1]").unwrap_err().to_string(),
    ///     "line 2, column 2: grid[1][1] must be one of \".#\", found 'x'"
    /// );
    /// ```
    pub fn grid_row_in<N: Display>(
        &mut self,
        width: usize,
        alphabet: &str,
        what: N,
    ) -> Result<Line<'a>, Error> {
        let row = self.next_row_in(width, alphabet, what)?;
        Ok(Line { start: row.start, text: self.slice(row) })
    }
}

#[cfg(test)]
mod tests {
    use super::super::int::Int;
    use super::Scanner;

    #[test]
    fn parses_integers_of_every_width() {
        let mut sc = Scanner::new(b" 0 -0 255 -128 18446744073709551615 -9223372036854775808 +1");
        assert_eq!(sc.int::<u32>(), Ok(0));
        assert_eq!(sc.int::<i32>(), Ok(0));
        assert_eq!(sc.int::<u8>(), Ok(255));
        assert_eq!(sc.int::<i8>(), Ok(-128));
        assert_eq!(sc.int::<u64>(), Ok(u64::MAX));
        assert_eq!(sc.int::<i64>(), Ok(i64::MIN));
        assert_eq!(
            sc.int::<i64>().unwrap_err().to_string(),
            "line 1, column 58: expected an integer, found \"+1\""
        );
    }

    /// Each type reads its extremes; one past them is out of range, or, below 0 for an
    /// unsigned type, not a token it accepts (nor is `-0`).
    #[test]
    fn every_type_reads_exactly_its_range() {
        fn check<T: Int>(min: i128, max: i128) {
            let name = std::any::type_name::<T>();
            let read = |value: &str| {
                let got = Scanner::new(value.as_bytes()).int::<T>();
                got.map(|v| v.try_into().ok().expect("an Int fits in an i128"))
                    .map_err(|e| e.message().to_string())
            };
            let out_of_range = |v: i128| format!("integer \"{}\" out of range for {}", v, name);
            assert_eq!(read(&min.to_string()), Ok(min), "{}", name);
            assert_eq!(read(&max.to_string()), Ok(max), "{}", name);
            assert_eq!(read(&(max + 1).to_string()), Err(out_of_range(max + 1)));
            if min < 0 {
                assert_eq!(read(&(min - 1).to_string()), Err(out_of_range(min - 1)));
                assert_eq!(read("-0"), Ok(0));
            } else {
                for token in ["-1", "-0"] {
                    let expected = format!("expected a non-negative integer, found \"{}\"", token);
                    assert_eq!(read(token), Err(expected));
                }
            }
        }
        macro_rules! check_all {
            ($($t:ident)*) => { $(check::<$t>($t::MIN as i128, $t::MAX as i128);)* };
        }
        check_all!(u8 u16 u32 u64 usize i8 i16 i32 i64 isize);
    }

    #[test]
    fn overflow_is_an_error_not_a_wrap() {
        let cases: [(&str, &str); 5] = [
            ("256", "integer \"256\" out of range for u8"),
            ("18446744073709551616", "integer \"18446744073709551616\" out of range for u64"),
            ("99999999999999999999999", "integer \"99999999999999999999999\" out of range for u64"),
            ("-1", "expected a non-negative integer, found \"-1\""),
            ("00000000000000000000000000042", ""),
        ];
        for (input, message) in cases.iter() {
            let got =
                Scanner::new(input.as_bytes()).int::<u64>().map_err(|e| e.message().to_string());
            if message.is_empty() {
                assert_eq!(got, Ok(42), "{}", input);
            } else if input.len() == 3 {
                let small =
                    Scanner::new(input.as_bytes()).int::<u8>().map_err(|e| e.message().to_string());
                assert_eq!(small, Err(message.to_string()));
            } else {
                assert_eq!(got, Err(message.to_string()), "{}", input);
            }
        }
        assert!(Scanner::new(b"9223372036854775808").int::<i64>().is_err());
        assert!(Scanner::new(b"-9223372036854775809").int::<i64>().is_err());
    }

    #[test]
    fn errors_are_located() {
        let mut sc = Scanner::new(b"1 2\n3 x4\n");
        for _ in 0..3 {
            sc.int::<i64>().expect("valid");
        }
        let err = sc.int::<i64>().unwrap_err();
        assert_eq!(err.to_string(), "line 2, column 3: expected an integer, found \"x4\"");
        let mut sc = Scanner::new(b"12a");
        assert_eq!(
            sc.int::<i64>().unwrap_err().to_string(),
            "line 1, column 1: expected an integer, found \"12a\""
        );
        let mut sc = Scanner::new(b"5\n\n");
        sc.int::<u8>().expect("valid");
        assert_eq!(
            sc.int::<u8>().unwrap_err().to_string(),
            "line 3, column 1: expected a non-negative integer, found end of input"
        );
        assert_eq!(
            Scanner::new(b"-").int::<i8>().unwrap_err().message(),
            "expected an integer, found \"-\""
        );
    }

    #[test]
    fn matches_std_parse_on_random_tokens() {
        let alphabet = b"0123456789-+ a";
        let mut x: u64 = 12345;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = (x % 24) as usize;
            let token: Vec<u8> = (0..len)
                .map(|i| alphabet[((x >> (i % 8 * 8)) as usize + i) % alphabet.len()])
                .collect();
            let text = String::from_utf8(token).expect("ASCII");
            let first = text.split_ascii_whitespace().next();
            let ours = Scanner::new(text.as_bytes()).int::<i32>().ok();
            // std also accepts a leading '+', which judge input never has; we reject it.
            let theirs = first.filter(|t| !t.starts_with('+')).and_then(|t| t.parse::<i32>().ok());
            assert_eq!(ours, theirs, "{:?}", text);
        }
    }

    #[test]
    fn every_digit_count_at_every_distance_from_the_end() {
        for digits in 1..=22 {
            let token: String = (0..digits).map(|i| (b'1' + (i % 9) as u8) as char).collect();
            for tail in ["", " ", " 12345678", "x"] {
                let text = format!("{}{}", token, tail);
                let ours = Scanner::new(text.as_bytes()).int::<u64>().ok();
                let theirs = if tail == "x" { None } else { token.parse::<u64>().ok() };
                assert_eq!(ours, theirs, "{:?}", text);
            }
        }
        let mut sc = Scanner::new(b"12345678 0 01234567 123456789\t9876543210");
        let got: Vec<u64> = (0..5).map(|_| sc.int().expect("valid")).collect();
        assert_eq!(got, [12_345_678, 0, 1_234_567, 123_456_789, 9_876_543_210]);
    }

    #[test]
    fn tokens_lines_and_rows() {
        let mut sc = Scanner::new(b"2 3 \r\n#.#  \r\n..\nrest");
        assert_eq!(sc.int::<u8>(), Ok(2));
        assert_eq!(sc.int::<u8>(), Ok(3));
        assert_eq!(sc.end_line(), Ok(()));
        assert_eq!(sc.grid_row(3, "row 1").map(|l| l.text), Ok(&b"#.#"[..]));
        assert_eq!(
            sc.grid_row(3, "row 2").unwrap_err().to_string(),
            "line 3, column 1: row 2 has 2 cells, expected 3"
        );
        let mut one = Scanner::new(b"#\n");
        assert_eq!(
            one.grid_row(3, "row 1").unwrap_err().to_string(),
            "line 1, column 1: row 1 has 1 cell, expected 3"
        );
        assert_eq!(sc.token("a word"), Ok(&b"rest"[..]));
        assert_eq!(
            sc.token("a word").unwrap_err().to_string(),
            "line 4, column 5: expected a word, found end of input"
        );
        assert!(sc.line().is_none());
        assert_eq!(
            sc.grid_row(3, "row 3").unwrap_err().message(),
            "expected row 3, found end of input"
        );
    }

    #[test]
    fn end_line_and_expect_end_name_the_extra_token() {
        let mut sc = Scanner::new(b"1 2 junk\n");
        sc.int::<u8>().expect("valid");
        sc.int::<u8>().expect("valid");
        assert_eq!(
            sc.end_line().unwrap_err().to_string(),
            "line 1, column 5: expected end of line, found \"junk\""
        );
        let mut sc = Scanner::new(b"1\n \n x");
        sc.int::<u8>().expect("valid");
        assert_eq!(
            sc.expect_end().unwrap_err().to_string(),
            "line 3, column 2: expected end of input, found \"x\""
        );
        assert!(Scanner::new(b" \n\t").expect_end().is_ok());
    }
}
