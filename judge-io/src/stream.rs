//! Input read as it arrives, through a small buffer, as a cursor's window: [`StreamInput`],
//! for interactive problems and inputs parsed in bounded memory.

use std::fmt::Display;
use std::io::{ErrorKind, Read};

use super::cursor::{Cursor, Window};
use super::error::Error;

/// The buffer's first size; it grows only for a token longer than it.
const BUFFER: usize = 1 << 16;

/// Reads input through a 64 KiB buffer as it arrives and parses tokens with the rules and
/// error messages of [`Scanner`](crate::Scanner), with the line and column in the whole
/// input.
///
/// Two uses:
/// - **Interactive problems**, where the judge's next line depends on the last answer: a
///   token is parsed as soon as the whitespace after it has arrived, and nothing waits for
///   more input than the token asked for.
/// - **Input in bounded memory**: the program holds 64 KiB of input, not all of it, and no
///   page of a whole-input buffer has to be made present. On a pipe that is faster than
///   reading the input whole (judge-io's bench: sum of 10^7 integers in 0.09 s of CPU instead
///   of 0.16 s); from a file, the mapped whole input of [`run_main`](super::run_main) is
///   faster (0.08 s instead of 0.09 s).
///
/// Tokens ([`token`](Cursor::token), [`line`](Cursor::line)) borrow the buffer until the next
/// read; copy what must outlive it. The reading methods shared with
/// [`Scanner`](crate::Scanner) ([`int`](Cursor::int), [`int_in`](Cursor::int_in),
/// [`index_in`](Cursor::index_in), [`sum_at_most`](Cursor::sum_at_most),
/// [`error_at_token`](Cursor::error_at_token)) are [`Cursor`]'s.
///
/// The interactive pattern, with [`run_stream`](super::run_stream) as `main`: write a query,
/// **flush**, then read the reply (without the flush the judge never sees the query and both
/// sides wait forever).
/// ```
/// use std::io::{Read, Write};
/// use judge_io::{Error, Output, StreamInput};
///
/// /// Guesses a hidden number in 1..=n from "higher"/"lower"/"correct" replies.
/// fn guess<R: Read, W: Write>(
///     input: &mut StreamInput<R>,
///     out: &mut Output<W>,
/// ) -> Result<(), Error> {
///     let (mut low, mut high) = (1u64, input.int::<u64>()?);
///     while low <= high {
///         let mid = low + (high - low) / 2;
///         out.str("? ").int(mid).newline();
///         out.flush().map_err(|e| Error::new(format!("cannot write output: {}", e)))?;
///         match input.token("a reply")? {
///             b"higher" => low = mid + 1,
///             b"lower" => high = mid - 1,
///             b"correct" => return Ok(()),
///             _ => return Err(input.error_at_token("expected higher, lower or correct")),
///         }
///     }
///     Err(Error::new("the replies contradict each other"))
/// }
///
/// // In a test, the judge's side is a byte string; in a binary it is stdin:
/// // `fn main() -> ExitCode { judge_io::run_stream(guess) }`.
/// let mut input = StreamInput::new(&b"10\nhigher\nlower\ncorrect\n"[..]);
/// let mut out = Output::new(Vec::new());
/// guess(&mut input, &mut out).unwrap();
/// assert_eq!(out.into_inner().unwrap(), b"? 5\n? 8\n? 6\n");
/// ```
pub type StreamInput<R> = Cursor<Refill<R>>;

/// A reader through a buffer, as a [`Cursor`]'s window: the bytes read and not dropped yet.
pub struct Refill<R> {
    reader: R,
    /// `buf[..end]` is input read and kept.
    buf: Vec<u8>,
    end: usize,
    /// The input ended.
    eof: bool,
    /// The offset of `buf[0]` in the whole input.
    base: usize,
    /// The offset in the input where the last token or line started, and the line and column
    /// of the offset `token_place` was made for (kept when the buffer drops those bytes).
    token_start: usize,
    token_place: Option<(usize, (usize, usize))>,
    /// The newlines in the input before offset `counted`, and the offset just past the last
    /// of them (where the line of `counted` starts): the line count is brought up to date only
    /// when bytes leave the buffer or an error needs it.
    counted: usize,
    newlines: usize,
    line_start: usize,
}

impl<R: Read> Window for Refill<R> {
    #[inline]
    fn bytes(&self) -> &[u8] {
        &self.buf[..self.end]
    }

    /// Reads more input after `end`, dropping what is before `keep - 1` first (and growing the
    /// buffer if `keep - 1..end` fills it).
    fn refill(&mut self, keep: &mut usize) -> Result<bool, Error> {
        if self.eof {
            return Ok(false);
        }
        if *keep > 1 {
            let dropped = *keep - 1;
            // Whatever leaves the buffer is counted first: the last token's place, then the
            // lines.
            let start = self.token_start;
            if start >= self.counted && start < self.base + dropped {
                self.token_place = Some((start, self.place_of(start)));
            }
            self.count_lines_to(self.base + dropped);
            self.buf.copy_within(dropped..self.end, 0);
            self.end -= dropped;
            *keep = 1;
            self.base += dropped;
        }
        if self.end == self.buf.len() {
            let doubled = self.buf.len() * 2;
            self.buf.resize(doubled, 0);
        }
        loop {
            match self.reader.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(read) => {
                    self.end += read;
                    return Ok(true);
                }
                Err(ref e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(Error::new(format!("cannot read input: {}", e))),
            }
        }
    }

    #[inline]
    fn mark(&mut self, at: usize) {
        self.token_start = self.base + at;
    }

    fn place(&mut self, at: Option<usize>) -> (usize, usize) {
        match (at, self.token_place) {
            (Some(at), _) => self.place_of(self.base + at),
            (None, Some((at, place))) if at == self.token_start => place,
            (None, _) => self.place_of(self.token_start),
        }
    }
}

impl<R> Refill<R> {
    /// Brings the line count up to input offset `to`, which the buffer holds (from `counted`
    /// on).
    fn count_lines_to(&mut self, to: usize) {
        if to <= self.counted {
            return;
        }
        let bytes = &self.buf[self.counted - self.base..to - self.base];
        if let Some(last) = bytes.iter().rposition(|&b| b == b'\n') {
            self.newlines += count_newlines(&bytes[..last + 1]);
            self.line_start = self.counted + last + 1;
        }
        self.counted = to;
    }

    /// The 1-based line and column of input offset `at`, which is at or after `counted`.
    fn place_of(&mut self, at: usize) -> (usize, usize) {
        debug_assert!(at >= self.counted, "the bytes before `counted` are gone");
        self.count_lines_to(at);
        (self.newlines + 1, at - self.line_start + 1)
    }
}

impl<R: Read> Cursor<Refill<R>> {
    /// Input from `reader` (for a binary, `std::io::stdin().lock()`).
    pub fn new(reader: R) -> StreamInput<R> {
        let window = Refill {
            reader,
            buf: vec![0; BUFFER],
            end: 0,
            eof: false,
            base: 0,
            token_start: 0,
            token_place: None,
            counted: 0,
            newlines: 0,
            line_start: 0,
        };
        Cursor { window, pos: 0 }
    }

    /// The next whitespace-separated token, waiting for input as needed; `what` names it in
    /// the error at end of input (`expected W, found end of input`).
    pub fn token(&mut self, what: &str) -> Result<&[u8], Error> {
        let token = self.next_token(what)?;
        Ok(&self.window.buf[token])
    }

    /// The next token, for a value named `name` in the error at end of input (`s, line 2,
    /// column 1: expected a word, found end of input`).
    pub fn word<N: Display>(&mut self, name: N) -> Result<&[u8], Error> {
        let word = self.next_word(name)?;
        Ok(&self.window.buf[word])
    }

    /// The next token as UTF-8 text, named as by [`word`](Self::word).
    pub fn text<N: Display>(&mut self, name: N) -> Result<&str, Error> {
        let text = self.next_text(name)?;
        Ok(std::str::from_utf8(&self.window.buf[text]).unwrap_or_default())
    }

    /// A row of exactly `width` cells on a line of its own (the next line if only whitespace
    /// is left of the current one), as [`Scanner::grid_row`](crate::Scanner::grid_row) reads
    /// it.
    pub fn grid_row<N: Display>(&mut self, width: usize, what: N) -> Result<&[u8], Error> {
        let row = self.next_row(width, what)?;
        Ok(&self.window.buf[row])
    }

    /// A row as [`grid_row`](Self::grid_row) reads it, whose every cell is one of the
    /// characters of `alphabet`, as
    /// [`Scanner::grid_row_in`](crate::Scanner::grid_row_in) reads it.
    pub fn grid_row_in<N: Display>(
        &mut self,
        width: usize,
        alphabet: &str,
        what: N,
    ) -> Result<&[u8], Error> {
        let row = self.next_row_in(width, alphabet, what)?;
        Ok(&self.window.buf[row])
    }

    /// The rest of the current line without its line ending (`\n` or `\r\n`), or, if only
    /// whitespace is left of it (as after its last token), the next line; `None` at end of
    /// input.
    pub fn line(&mut self) -> Result<Option<&[u8]>, Error> {
        let line = self.next_line(true)?;
        Ok(line.map(move |line| &self.window.buf[line]))
    }

    /// Skips whitespace, waiting for input as needed; true if the input ended (with nothing
    /// but whitespace left).
    pub fn at_end(&mut self) -> Result<bool, Error> {
        self.skip_space()
    }
}

/// The number of `\n` bytes in `bytes`.
fn count_newlines(bytes: &[u8]) -> usize {
    // Byte-wide sums over runs short enough not to overflow a u8: the compiler turns them
    // into vector compares and adds (measured: 8x faster than counting into a usize).
    bytes.chunks(255).map(|run| run.iter().map(|&b| (b == b'\n') as u8).sum::<u8>() as usize).sum()
}

#[cfg(test)]
pub(crate) mod tests {
    use std::io::Read;

    use super::super::scanner::Scanner;
    use super::StreamInput;

    /// A reader that hands out its bytes `step` at a time, as a pipe may.
    pub(crate) struct Trickle<'a> {
        pub(crate) bytes: &'a [u8],
        pub(crate) step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    #[test]
    fn tokens_across_lines_and_lines_after_tokens() {
        for step in [1, 2, 3, 100] {
            let text = b"3 -4\n\n  word \r\nrest of it\r\n";
            let mut input = StreamInput::new(Trickle { bytes: text, step });
            assert_eq!(input.int::<u8>(), Ok(3));
            assert_eq!(input.int::<i64>(), Ok(-4));
            assert_eq!(input.token("a word"), Ok(&b"word"[..]));
            assert_eq!(input.line(), Ok(Some(&b"rest of it"[..])));
            assert_eq!(input.line(), Ok(None));
            assert_eq!(
                input.int::<u8>().unwrap_err().to_string(),
                "line 5, column 1: expected a non-negative integer, found end of input"
            );
            let mut input = StreamInput::new(Trickle { bytes: b"7 of\n\nblank above\n", step });
            assert_eq!(input.int::<u8>(), Ok(7));
            assert_eq!(input.line(), Ok(Some(&b" of"[..])));
            assert_eq!(input.line(), Ok(Some(&b""[..])));
            assert_eq!(input.line(), Ok(Some(&b"blank above"[..])));
            assert_eq!(input.line(), Ok(None));
        }
    }

    #[test]
    fn errors_name_the_line_of_the_whole_input() {
        let mut input = StreamInput::new(&b"1\n2 x3\n"[..]);
        assert_eq!(input.int::<u32>(), Ok(1));
        assert_eq!(input.int::<u32>(), Ok(2));
        assert_eq!(
            input.int::<u32>().unwrap_err().to_string(),
            "line 2, column 3: expected a non-negative integer, found \"x3\""
        );
        let mut input = StreamInput::new(&b"\n  maybe\n"[..]);
        assert_eq!(input.token("a reply"), Ok(&b"maybe"[..]));
        assert_eq!(
            input.error_at_token("expected higher or lower").to_string(),
            "line 2, column 3: expected higher or lower"
        );
    }

    #[test]
    fn a_last_line_without_newline_is_read() {
        let mut input = StreamInput::new(&b"12"[..]);
        assert_eq!(input.int::<u8>(), Ok(12));
        assert!(input.token("more").is_err());
        let mut input = StreamInput::new(&b"last"[..]);
        assert_eq!(input.line(), Ok(Some(&b"last"[..])));
        assert_eq!(input.line(), Ok(None));
    }

    /// A line ends at `\n` or `\r\n`; another `\r` before it is the line's own.
    #[test]
    fn a_line_ending_is_one_newline_after_at_most_one_carriage_return() {
        let text = b"a\r\r\nb\r\n";
        let mut input = StreamInput::new(&text[..]);
        let mut scanner = Scanner::new(text);
        assert_eq!(input.line(), Ok(Some(&b"a\r"[..])));
        assert_eq!(scanner.line().map(|line| line.text), Some(&b"a\r"[..]));
        assert_eq!(input.line(), Ok(Some(&b"b"[..])));
        assert_eq!(scanner.line().map(|line| line.text), Some(&b"b"[..]));
    }

    /// Grid rows after header numbers, far more of them than the buffer holds, arriving in odd
    /// pieces: each row, and the error of a short one at the end, agree with the scanner's.
    #[test]
    fn rows_agree_with_the_scanner_across_refills() {
        let mut text = Vec::new();
        let mut x = 7u64;
        for i in 0..9000usize {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            text.extend_from_slice(
                format!("{} 8{}\n", i, if i % 3 == 0 { " \t" } else { "" }).as_bytes(),
            );
            let row: Vec<u8> =
                (0..8).map(|k| if x >> (20 + k) & 1 == 1 { b'#' } else { b'.' }).collect();
            text.extend_from_slice(&row);
            text.extend_from_slice(if i % 5 == 0 { b"  \r\n" } else { b"\n" });
        }
        text.extend_from_slice(b"9000 8\n#.#\n");
        for step in [1, 4093, 1 << 20] {
            let mut stream = StreamInput::new(Trickle { bytes: &text, step });
            let mut scanner = Scanner::new(&text);
            for i in 0..=9000 {
                assert_eq!(stream.int::<usize>(), scanner.int::<usize>());
                assert_eq!(stream.int::<usize>(), scanner.int::<usize>());
                let from_scanner = scanner.grid_row_in(8, ".#", i).map(|row| row.text);
                assert_eq!(
                    stream.grid_row_in(8, ".#", i),
                    from_scanner,
                    "step {}, row {}",
                    step,
                    i
                );
            }
        }
    }

    #[test]
    fn the_last_token_keeps_its_place_after_the_buffer_moved_on() {
        let mut text = b"\n  reply".to_vec();
        text.extend(std::iter::repeat(b' ').take(200_000));
        text.extend_from_slice(b"\n\n");
        let mut input = StreamInput::new(Trickle { bytes: &text, step: 5000 });
        assert_eq!(input.token("a reply"), Ok(&b"reply"[..]));
        assert_eq!(
            input.int::<u8>().unwrap_err().to_string(),
            "line 4, column 1: expected a non-negative integer, found end of input"
        );
        assert_eq!(
            input.error_at_token("no such reply").to_string(),
            "line 2, column 3: no such reply"
        );
    }

    /// Far more input than the buffer, arriving in odd pieces: every integer, token, error
    /// and token place agrees with the whole-input scanner's.
    #[test]
    fn agrees_with_the_scanner_across_refills() {
        let mut text = Vec::new();
        let mut x = 1u64;
        for i in 0..60_000u64 {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let value = (x >> 20) as i64 % 10_000_000_000 - 5_000_000_000;
            text.extend_from_slice(value.to_string().as_bytes());
            text.extend_from_slice(match i % 7 {
                0 => b"\n",
                1 => b"\r\n",
                2 => b"   \t",
                _ => b" ",
            });
        }
        // A token longer than the buffer (out of range), then a bad one.
        text.extend(std::iter::repeat(b'9').take(100_000));
        text.extend_from_slice(b"\n 12x\n");
        for step in [1 << 20, 4093, 65_536] {
            let mut stream = StreamInput::new(Trickle { bytes: &text, step });
            let mut scanner = Scanner::new(&text);
            for i in 0.. {
                if i % 5 == 4 {
                    let start = scanner.position();
                    let token = scanner.token("a token");
                    assert_eq!(stream.token("a token"), token, "step {}", step);
                    // (`line_column` counts from the start: not every time.)
                    if i % 1000 == 4 {
                        let skipped = text[start..].iter().take_while(|b| b.is_ascii_whitespace());
                        let (line, column) = scanner.line_column(start + skipped.count());
                        let expected = format!("line {}, column {}: here", line, column);
                        assert_eq!(stream.error_at_token("here").to_string(), expected);
                    }
                    continue;
                }
                let (a, b) = (stream.int::<i64>(), scanner.int::<i64>());
                assert_eq!(a, b, "step {}, token {}", step, i);
                if a.is_err() {
                    break;
                }
            }
            // Both moved past the long token: the bad one, then the end.
            assert_eq!(stream.int::<i64>(), scanner.int::<i64>());
            let end = stream.int::<i64>();
            assert!(end.is_err());
            assert_eq!(end, scanner.int::<i64>());
        }
    }
}
