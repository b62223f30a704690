//! Input read as it arrives, for interactive problems.

use std::io::BufRead;

use super::error::Error;
use super::input::Scanner;
use super::int::Int;

/// Reads input one line at a time, as it arrives, and parses tokens from it: the input side
/// of an interactive problem, where the judge's next line depends on the last answer.
///
/// Tokens never span lines, so a token is parsed as soon as its line is complete; errors name
/// the line and column in the whole conversation, as [`Scanner`]'s do. Whole-input problems
/// keep using `Scanner` over [`WholeStdin`](super::WholeStdin): this type adds nothing to their
/// path.
///
/// The pattern, with [`run_interactive`](super::run_interactive) as `main`: write a query,
/// **flush**, then read the reply (without the flush the judge never sees the query and both
/// sides wait forever).
/// ```
/// use std::io::Write;
/// use judge_io::{Error, LineInput, Output};
///
/// /// Guesses a hidden number in 1..=n from "higher"/"lower"/"correct" replies.
/// fn guess<R: std::io::BufRead, W: Write>(
///     input: &mut LineInput<R>,
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
/// // `fn main() -> ExitCode { judge_io::run_interactive(guess) }`.
/// let mut input = LineInput::new(&b"10\nhigher\nlower\ncorrect\n"[..]);
/// let mut out = Output::new(Vec::new());
/// guess(&mut input, &mut out).unwrap();
/// assert_eq!(out.into_inner().unwrap(), b"? 5\n? 8\n? 6\n");
/// ```
pub struct LineInput<R: BufRead> {
    reader: R,
    /// The current line, with its line ending.
    line: Vec<u8>,
    /// How much of `line` is parsed.
    pos: usize,
    /// Where the last token started, for `error_at_token`.
    token_start: usize,
    /// The 1-based number of `line`; 0 before the first line.
    line_number: usize,
}

impl<R: BufRead> LineInput<R> {
    /// Input from `reader` (for a binary, `std::io::stdin().lock()`).
    pub fn new(reader: R) -> LineInput<R> {
        LineInput { reader, line: Vec::new(), pos: 0, token_start: 0, line_number: 0 }
    }

    /// Waits for the next line; false at end of input.
    fn next_line(&mut self) -> Result<bool, Error> {
        self.line.clear();
        self.pos = 0;
        self.token_start = 0;
        match self.reader.read_until(b'\n', &mut self.line) {
            Ok(0) => Ok(false),
            Ok(_) => {
                self.line_number += 1;
                Ok(true)
            }
            Err(e) => Err(Error::new(format!("cannot read stdin: {}", e))),
        }
    }

    /// Moves to the start of the next token, reading lines until one has it; false at end of
    /// input.
    fn seek_token(&mut self) -> Result<bool, Error> {
        loop {
            let rest = &self.line[self.pos..];
            if let Some(skip) = rest.iter().position(|b| !b.is_ascii_whitespace()) {
                self.pos += skip;
                self.token_start = self.pos;
                return Ok(true);
            }
            if !self.next_line()? {
                return Ok(false);
            }
        }
    }

    /// Turns the error of a scanner over `line[self.pos..]` (line 1 for it) into one at the
    /// current line of the conversation.
    fn place(&self, error: Error) -> Error {
        match error.place() {
            Some((_, column)) => Error::at(self.line_number, self.pos + column, error.message()),
            None => error,
        }
    }

    /// The next token parsed as an integer of type `T` (see [`Scanner::int`]), waiting for
    /// input as needed.
    pub fn int<T: Int>(&mut self) -> Result<T, Error> {
        if !self.seek_token()? {
            return Err(self.at_end(if T::SIGNED {
                "an integer"
            } else {
                "a non-negative integer"
            }));
        }
        let mut scanner = Scanner::new(&self.line[self.pos..]);
        match scanner.int() {
            Ok(value) => {
                self.pos += scanner.position();
                Ok(value)
            }
            Err(e) => Err(self.place(e)),
        }
    }

    /// The next whitespace-separated token, waiting for input as needed; `what` names it in
    /// the error at end of input.
    pub fn token(&mut self, what: &str) -> Result<&[u8], Error> {
        if !self.seek_token()? {
            return Err(self.at_end(what));
        }
        let start = self.pos;
        let len = self.line[start..].iter().position(|b| b.is_ascii_whitespace());
        self.pos = len.map_or(self.line.len(), |len| start + len);
        Ok(&self.line[start..self.pos])
    }

    /// The rest of the current line without its line ending, or, if only whitespace is left
    /// of it (as after its last token), the next line; `None` at end of input.
    pub fn line(&mut self) -> Result<Option<&[u8]>, Error> {
        let rest = &self.line[self.pos..];
        if rest.iter().all(u8::is_ascii_whitespace) && !self.next_line()? {
            return Ok(None);
        }
        self.token_start = self.pos;
        let mut text = &self.line[self.pos..];
        self.pos = self.line.len();
        while let Some((&last, init)) = text.split_last() {
            if last != b'\n' && last != b'\r' {
                break;
            }
            text = init;
        }
        Ok(Some(text))
    }

    /// An error at the start of the last token or line read, for replies that parse but make
    /// no sense ("expected higher or lower").
    pub fn error_at_token<S: Into<String>>(&self, message: S) -> Error {
        Error::at(self.line_number, self.token_start + 1, message)
    }

    /// "expected W, found end of input" just after the last line.
    fn at_end(&self, what: &str) -> Error {
        Error::at(self.line_number + 1, 1, format!("expected {}, found end of input", what))
    }
}

#[cfg(test)]
mod tests {
    use super::LineInput;

    #[test]
    fn tokens_across_lines_and_lines_after_tokens() {
        let mut input = LineInput::new(&b"3 -4\n\n  word \r\nrest of it\r\n"[..]);
        assert_eq!(input.int::<u8>(), Ok(3));
        assert_eq!(input.int::<i64>(), Ok(-4));
        assert_eq!(input.token("a word"), Ok(&b"word"[..]));
        assert_eq!(input.line(), Ok(Some(&b"rest of it"[..])));
        assert_eq!(input.line(), Ok(None));
        assert_eq!(
            input.int::<u8>().unwrap_err().to_string(),
            "line 5, column 1: expected a non-negative integer, found end of input"
        );
        let mut input = LineInput::new(&b"7 of\n\nblank above\n"[..]);
        assert_eq!(input.int::<u8>(), Ok(7));
        assert_eq!(input.line(), Ok(Some(&b" of"[..])));
        assert_eq!(input.line(), Ok(Some(&b""[..])));
        assert_eq!(input.line(), Ok(Some(&b"blank above"[..])));
    }

    #[test]
    fn errors_name_the_line_of_the_conversation() {
        let mut input = LineInput::new(&b"1\n2 x3\n"[..]);
        assert_eq!(input.int::<u32>(), Ok(1));
        assert_eq!(input.int::<u32>(), Ok(2));
        assert_eq!(
            input.int::<u32>().unwrap_err().to_string(),
            "line 2, column 3: expected a non-negative integer, found \"x3\""
        );
        let mut input = LineInput::new(&b"\n  maybe\n"[..]);
        assert_eq!(input.token("a reply"), Ok(&b"maybe"[..]));
        assert_eq!(
            input.error_at_token("expected higher or lower").to_string(),
            "line 2, column 3: expected higher or lower"
        );
    }

    #[test]
    fn a_last_line_without_newline_is_read() {
        let mut input = LineInput::new(&b"12"[..]);
        assert_eq!(input.int::<u8>(), Ok(12));
        assert!(input.token("more").is_err());
    }
}
