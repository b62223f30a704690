//! The byte scanner over the whole input, and the integer parsing it shares with
//! [`StreamInput`](super::StreamInput).

use std::fmt::{self, Debug, Display};
use std::ops::{Bound, Deref, RangeBounds};

use super::error::{counted, quote, Error};
use super::int::{signed, Int};

/// The bytes that separate tokens: ASCII whitespace (space, tab, newline, carriage return,
/// form feed). The range test comes first: without it the compiler merges this test with the
/// `-` test that follows into one bit-table branch, which mispredicts on mixed signs
/// (measured: parsing took 1.5x as long).
#[inline]
pub(super) fn is_space(b: u8) -> bool {
    b <= b' ' && b.is_ascii_whitespace()
}

/// The value and count of the ASCII digits that start `bytes`, at most 19 of them (so the
/// value always fits in a u64; longer runs are the caller's slow path).
///
/// Eight bytes are classified and combined at once (SWAR): judge input is mostly numbers of up
/// to ten digits, and a loop over digits mispredicts where each number ends (measured: the
/// sum of 10^7 integers took 1.4x as long with a loop). In `digits`, byte k is `bytes[k] -
/// '0'` if that is a digit; its high bit in `not_digit` is set if it is not (the xor is 10 or
/// more; the mask to 7 bits keeps the addition from carrying into the next byte). The digits
/// are shifted to the top, zero bytes padding them to eight, and folded in pairs, quads and
/// octets (byte 0 is the most significant).
#[inline]
fn leading_digits(bytes: &[u8]) -> (u64, usize) {
    let (mut value, mut count) = (0, 0);
    if let Some(eight) = bytes.get(..8) {
        let mut word = [0; 8];
        word.copy_from_slice(eight);
        let digits = u64::from_le_bytes(word) ^ 0x3030_3030_3030_3030;
        let not_digit = (((digits & 0x7f7f_7f7f_7f7f_7f7f) + 0x7676_7676_7676_7676) | digits)
            & 0x8080_8080_8080_8080;
        count = not_digit.trailing_zeros() as usize / 8;
        if count == 0 {
            return (0, 0);
        }
        let mut v = digits << (64 - 8 * count);
        v = (v.wrapping_mul(10) + (v >> 8)) & 0x00ff_00ff_00ff_00ff;
        v = (v.wrapping_mul(100) + (v >> 16)) & 0x0000_ffff_0000_ffff;
        value = (v.wrapping_mul(10_000) + (v >> 32)) & 0xffff_ffff;
        if count < 8 {
            return (value, count);
        }
    }
    for &b in bytes[count..].iter().take(19 - count) {
        let digit = b.wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        value = value * 10 + digit as u64;
        count += 1;
    }
    (value, count)
}

/// The integer of type `T` whose token starts at `buf[start]` (no whitespace is skipped), and
/// the offset just past it, if the token is an integer that fits and ends at whitespace or at
/// the end of `buf`; `None` for everything else, which the callers' slow paths sort out.
#[inline(always)]
pub(super) fn int_at<T: Int>(buf: &[u8], start: usize) -> Option<(T, usize)> {
    let negative = signed::<T>() && buf.get(start) == Some(&b'-');
    let first = start + negative as usize;
    let (magnitude, digits) = leading_digits(&buf[first..]);
    let end = first + digits;
    if digits == 0 || end < buf.len() && !is_space(buf[end]) {
        return None;
    }
    let value = if negative { -(magnitude as i128) } else { magnitude as i128 };
    T::try_from(value).ok().map(|value| (value, end))
}

/// "an integer" or, for unsigned types, "a non-negative integer".
pub(super) fn expected_int<T: Int>() -> &'static str {
    if signed::<T>() {
        "an integer"
    } else {
        "a non-negative integer"
    }
}

/// A whole token read as an integer of type `T` (an optional `-` for signed types, then ASCII
/// digits, any number of them), or the message saying why it is none.
pub(super) fn int_token<T: Int>(token: &[u8]) -> Result<T, String> {
    let digits = match token.split_first() {
        Some((b'-', rest)) if signed::<T>() => rest,
        _ => token,
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(format!("expected {}, found {}", expected_int::<T>(), quote(token)));
    }
    // A sign and digits: text that i128 (which holds every `Int`) parses, unless it overflows.
    let value = String::from_utf8_lossy(token).parse::<i128>().ok();
    value.and_then(|value| T::try_from(value).ok()).ok_or_else(|| {
        format!("integer {} out of range for {}", quote(token), std::any::type_name::<T>())
    })
}

/// The message of a bounded read's failure: `n must be in 1..=100, found 0` (a range's
/// `Debug` is how it is written).
#[cold]
pub(super) fn out_of_range<T: Display, R: Debug, N: Display>(
    name: N,
    range: &R,
    value: T,
) -> String {
    format!("{} must be in {:?}, found {}", name, range, value)
}

/// A range of 1-based indices, raised to start at 1 at least: index 0 does not exist.
pub(super) struct OneBased<R>(pub R);

impl<R: RangeBounds<usize>> RangeBounds<usize> for OneBased<R> {
    fn start_bound(&self) -> Bound<&usize> {
        match self.0.start_bound() {
            Bound::Included(&0) | Bound::Unbounded => Bound::Included(&1),
            start => start,
        }
    }

    fn end_bound(&self) -> Bound<&usize> {
        self.0.end_bound()
    }
}

/// Written as the range it is: `..=5` and `0..=5` as `1..=5`.
impl<R: RangeBounds<usize> + Debug> Debug for OneBased<R> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let range = format!("{:?}", self.0);
        match self.0.start_bound() {
            Bound::Included(&0) | Bound::Unbounded => {
                write!(f, "1{}", range.trim_start_matches('0'))
            }
            _ => f.write_str(&range),
        }
    }
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

/// `text` without trailing whitespace.
pub(super) fn trim_end(text: &[u8]) -> &[u8] {
    let end = text.iter().rposition(|&b| !is_space(b)).map_or(0, |i| i + 1);
    &text[..end]
}

/// A cursor over the whole input.
///
/// Tokens are runs of bytes other than ASCII whitespace. Positions are byte offsets; errors
/// turn them into 1-based line and column only when they are made, so the hot path counts
/// nothing. Values the statement bounds are read with [`int_in`](Self::int_in) and the like,
/// or declared all at once with [`input!`](crate::input).
///
/// # Examples
/// ```
/// let mut sc = judge_io::Scanner::new(b"2\n-5 7\n");
/// let n: usize = sc.int().unwrap();
/// let a: i32 = sc.int().unwrap();
/// assert_eq!((n, a, sc.int::<u8>().unwrap()), (2, -5, 7));
/// assert!(sc.expect_end().is_ok());
/// ```
#[derive(Debug, Clone)]
pub struct Scanner<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `buf`.
    pub fn new(buf: &'a [u8]) -> Scanner<'a> {
        Scanner { buf, pos: 0 }
    }

    /// The current byte offset.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// The 1-based `(line, column)` of byte offset `pos`.
    ///
    /// # Complexity
    /// O(pos): it is only called to build an error.
    pub fn line_column(&self, pos: usize) -> (usize, usize) {
        let mut lines = self.buf[..pos.min(self.buf.len())].split(|&b| b == b'\n');
        let column = lines.next_back().map_or(0, |line| line.len()) + 1;
        (lines.count() + 1, column)
    }

    /// An error located at byte offset `pos`.
    pub fn error_at<S: Into<String>>(&self, pos: usize, message: S) -> Error {
        let (line, column) = self.line_column(pos);
        Error::at(line, column, message)
    }

    /// Skips whitespace; true if nothing but whitespace was left.
    #[inline]
    pub fn at_end(&mut self) -> bool {
        while self.pos < self.buf.len() && is_space(self.buf[self.pos]) {
            self.pos += 1;
        }
        self.pos == self.buf.len()
    }

    /// Succeeds if only whitespace is left; otherwise names the first extra token.
    pub fn expect_end(&mut self) -> Result<(), Error> {
        match self.try_token() {
            None => Ok(()),
            Some(extra) => {
                let message = format!("expected end of input, found {}", quote(extra));
                Err(self.error_at(self.token_start(), message))
            }
        }
    }

    /// The next whitespace-separated token, or `None` at end of input.
    pub fn try_token(&mut self) -> Option<&'a [u8]> {
        self.at_end();
        let start = self.pos;
        while self.pos < self.buf.len() && !is_space(self.buf[self.pos]) {
            self.pos += 1;
        }
        Some(&self.buf[start..self.pos]).filter(|token| !token.is_empty())
    }

    /// The next token; `what` names it in the error at end of input (`expected W, found end
    /// of input`).
    pub fn token(&mut self, what: &str) -> Result<&'a [u8], Error> {
        match self.try_token() {
            Some(token) => Ok(token),
            None => Err(self.error_at(self.pos, format!("expected {}, found end of input", what))),
        }
    }

    /// Where the token just read starts (for an error about it).
    fn token_start(&self) -> usize {
        self.buf[..self.pos].iter().rposition(|&b| is_space(b)).map_or(0, |i| i + 1)
    }

    /// The next token parsed as an integer of type `T`, with overflow detected.
    ///
    /// Accepts an optional `-` for signed types, then one or more ASCII digits, ending at
    /// whitespace or the end of input. Always inlined: in a caller's loop the cursor stays in
    /// registers (measured: the sum of 10^7 integers took 15-20% less time than with a call
    /// per integer).
    #[inline(always)]
    pub fn int<T: Int>(&mut self) -> Result<T, Error> {
        self.at_end();
        match int_at::<T>(self.buf, self.pos) {
            Some((value, end)) => {
                self.pos = end;
                Ok(value)
            }
            None => self.int_slow_path(),
        }
    }

    /// Everything `int` does not finish on its fast path: long digit runs, out-of-range
    /// values, malformed tokens and the end of input.
    #[cold]
    #[inline(never)]
    fn int_slow_path<T: Int>(&mut self) -> Result<T, Error> {
        let start = self.pos;
        let token = self.token(expected_int::<T>())?;
        int_token(token).map_err(|message| self.error_at(start, message))
    }

    /// The next token as an integer of type `T` in `range` (`1..=n`, `0..n`, `1..`, `..=m`),
    /// for a value the statement bounds. `name` names it in the errors: in the message if it
    /// is out of range (`line 1, column 1: n must be in 1..=100, found 0`), before the place
    /// otherwise (`n, line 1, column 1: expected a non-negative integer, found "x"`).
    ///
    /// # Examples
    /// ```
    /// let mut sc = judge_io::Scanner::new(b"3 0");
    /// assert_eq!(sc.int_in("n", 1..=100u32), Ok(3));
    /// assert_eq!(
    ///     sc.int_in("m", 1..=100u32).unwrap_err().to_string(),
    ///     "line 1, column 3: m must be in 1..=100, found 0"
    /// );
    /// ```
    #[inline(always)]
    pub fn int_in<T: Int, R: RangeBounds<T> + Debug, N: Display>(
        &mut self,
        name: N,
        range: R,
    ) -> Result<T, Error> {
        match self.int::<T>() {
            Ok(value) if range.contains(&value) => Ok(value),
            Ok(value) => Err(self.error_at(self.token_start(), out_of_range(name, &range, value))),
            Err(e) => Err(e.context(name.to_string())),
        }
    }

    /// A 1-based index in `range` (in the input's terms, and at least 1 whatever `range`
    /// says), returned 0-based: `index_in("b", 1..=n)` reads `1..=n` and returns `0..n`.
    /// Errors as [`int_in`](Self::int_in).
    #[inline(always)]
    pub fn index_in<R: RangeBounds<usize> + Debug, N: Display>(
        &mut self,
        name: N,
        range: R,
    ) -> Result<usize, Error> {
        self.int_in(name, OneBased(range)).map(|index| index - 1)
    }

    /// The next token, for a value named `name` in the error at end of input (`s, line 2,
    /// column 1: expected a word, found end of input`).
    pub fn word<N: Display>(&mut self, name: N) -> Result<&'a [u8], Error> {
        self.token("a word").map_err(|e| e.context(name.to_string()))
    }

    /// The next token as UTF-8 text, named as by [`word`](Self::word).
    pub fn text<N: Display>(&mut self, name: N) -> Result<&'a str, Error> {
        let word = self.word(&name)?;
        std::str::from_utf8(word).map_err(|_| {
            let message = format!("expected UTF-8 text, found {}", quote(word));
            self.error_at(self.token_start(), message).context(name.to_string())
        })
    }

    /// The rest of the current line (without `\n` or `\r\n`); the cursor moves past its end.
    /// `None` at end of input.
    pub fn line(&mut self) -> Option<Line<'a>> {
        let start = self.pos;
        let rest = self.buf.get(start..).filter(|rest| !rest.is_empty())?;
        let len = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        self.pos = (start + len + 1).min(self.buf.len());
        let text = &rest[..len];
        Some(Line { start, text: text.strip_suffix(b"\r").unwrap_or(text) })
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
                line.start + rest.token_start(),
                format!("expected end of line, found {}", quote(extra)),
            )),
        }
    }

    /// Reads a row of exactly `width` cells on a line of its own (trailing whitespace allowed);
    /// from the middle of a line where only whitespace is left (after a header's last number),
    /// the row is the next line. `what` names the row in the errors (`row 3 has 2 cells,
    /// expected 3`).
    pub fn grid_row<N: Display>(&mut self, width: usize, what: N) -> Result<Line<'a>, Error> {
        if self.pos > 0 && self.buf[self.pos - 1] != b'\n' {
            let mut next = self.clone();
            if next.line().map_or(false, |rest| trim_end(rest.text).is_empty()) {
                *self = next;
            }
        }
        let at = self.pos;
        let line = match self.line() {
            Some(line) => line,
            None => return Err(self.error_at(at, format!("expected {}, found end of input", what))),
        };
        let text = line.trimmed();
        if text.len() != width {
            let message =
                format!("{} has {}, expected {}", what, counted(text.len(), "cell"), width);
            return Err(self.error_at(line.start, message));
        }
        Ok(Line { start: line.start, text })
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
