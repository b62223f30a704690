//! The located error every parser returns.

use std::fmt;

/// A parse or validation failure: what went wrong and, when known, where.
///
/// Displays as `[context, ]line L, column C: message`; a binary prints it after `error: `.
/// Lines and columns count from 1; a column counts bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    place: Option<(usize, usize)>,
    /// What comes before the message: the contexts, outer first, then the place.
    context: String,
    message: String,
}

impl Error {
    /// An error with no position (for example "missing second grid" at end of input).
    pub fn new<S: Into<String>>(message: S) -> Error {
        Error { place: None, context: String::new(), message: message.into() }
    }

    /// An error at a 1-based line and column.
    pub fn at<S: Into<String>>(line: usize, column: usize, message: S) -> Error {
        let context = format!("line {}, column {}", line, column);
        Error { place: Some((line, column)), context, message: message.into() }
    }

    /// Prefixes a context such as `test case 3`; outer contexts come first.
    pub fn context<S: Into<String>>(mut self, context: S) -> Error {
        let outer = context.into();
        self.context =
            if self.context.is_empty() { outer } else { format!("{}, {}", outer, self.context) };
        self
    }

    /// The message without context or place.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The 1-based `(line, column)` if the error has a place.
    pub fn place(&self) -> Option<(usize, usize)> {
        self.place
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if !self.context.is_empty() {
            write!(f, "{}: ", self.context)?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// `count` and a noun, in the singular for 1: `counted(1, "cell")` is "1 cell", `counted(3,
/// "cell")` is "3 cells". For messages that state a count.
pub fn counted(count: usize, noun: &str) -> String {
    format!("{} {}{}", count, noun, if count == 1 { "" } else { "s" })
}

/// Quotes input bytes for a message, as a Rust string literal: `"x"`, at most 24 characters
/// (then `...`), UTF-8 shown as text, bytes that are not UTF-8 as U+FFFD, control characters,
/// quotes and backslashes escaped.
pub fn quote(bytes: &[u8]) -> String {
    // A character takes at most 4 bytes: 100 bytes show 25 characters at least.
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(100)]);
    let shown: String = text.chars().take(24).collect();
    let more = if shown.len() < text.len() { "..." } else { "" };
    format!("{:?}", shown + more)
}

#[cfg(test)]
mod tests {
    use super::{counted, quote, Error};

    #[test]
    fn display_with_and_without_place_and_context() {
        assert_eq!(Error::new("empty input").to_string(), "empty input");
        assert_eq!(Error::at(3, 5, "bad").to_string(), "line 3, column 5: bad");
        assert_eq!(
            Error::at(3, 5, "bad").context("test case 2").to_string(),
            "test case 2, line 3, column 5: bad"
        );
        assert_eq!(
            Error::new("bad").context("put 4").context("test case 2").to_string(),
            "test case 2, put 4: bad"
        );
    }

    #[test]
    fn counted_is_singular_for_one() {
        assert_eq!(counted(0, "cell"), "0 cells");
        assert_eq!(counted(1, "cell"), "1 cell");
        assert_eq!(counted(12, "digit"), "12 digits");
    }

    #[test]
    fn quote_escapes_and_truncates() {
        assert_eq!(quote(b"x"), "\"x\"");
        assert_eq!(quote(b"a\x00\t\"\\"), r#""a\0\t\"\\""#);
        assert_eq!(quote("1é".as_bytes()), "\"1é\"");
        assert_eq!(quote(b"\xff"), "\"\u{fffd}\"");
        assert_eq!(quote(&[b'7'; 30]), format!("\"{}...\"", "7".repeat(24)));
    }
}
