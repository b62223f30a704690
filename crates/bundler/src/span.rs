//! Which part of a text: bytes of a text, tokens of a source file, and a delimited group's
//! two delimiters. A byte offset and a token index are both `usize`; these types keep a pair
//! of one from passing for a pair of the other.

use std::ops::Range;

/// Bytes `start..end` of a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct ByteSpan {
    pub start: usize,
    pub end: usize,
}

impl ByteSpan {
    pub fn new(start: usize, end: usize) -> ByteSpan {
        ByteSpan { start, end }
    }

    pub fn len(self) -> usize {
        self.end - self.start
    }

    /// Whether byte `at` is one of these.
    pub fn contains(self, at: usize) -> bool {
        self.start <= at && at < self.end
    }

    /// Whether every byte of `other` is one of these.
    pub fn covers(self, other: ByteSpan) -> bool {
        self.start <= other.start && other.end <= self.end
    }

    /// Whether the two share a byte.
    pub fn overlaps(self, other: ByteSpan) -> bool {
        self.start < other.end && other.start < self.end
    }

    pub fn range(self) -> Range<usize> {
        self.start..self.end
    }
}

/// Tokens `start..end` of a source file (indices into its tokens).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct TokenSpan {
    pub start: usize,
    pub end: usize,
}

impl TokenSpan {
    pub fn new(start: usize, end: usize) -> TokenSpan {
        TokenSpan { start, end }
    }

    /// Whether token `i` is one of these.
    pub fn contains(self, i: usize) -> bool {
        self.start <= i && i < self.end
    }

    /// The token indices, in order.
    pub fn indices(self) -> Range<usize> {
        self.start..self.end
    }
}

/// A delimited group (`{ .. }`, `( .. )`, `[ .. ]`): its opening and closing tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Group {
    pub open: usize,
    pub close: usize,
}

impl Group {
    /// The tokens between the delimiters.
    pub fn inside(self) -> TokenSpan {
        TokenSpan::new(self.open + 1, self.close)
    }
}

/// `span` of `text` widened to whole lines when only blanks share its first and last lines
/// (the line break after it included): what removing a whole item or comment takes.
pub fn line_span(text: &str, span: ByteSpan) -> ByteSpan {
    let ByteSpan { mut start, mut end } = span;
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    if text[line_start..start].trim_matches([' ', '\t']).is_empty() {
        let rest = &text[end..];
        let blank = rest.len() - rest.trim_start_matches([' ', '\t', '\r']).len();
        if rest[blank..].starts_with('\n') {
            start = line_start;
            end += blank + 1;
        } else if rest[blank..].is_empty() {
            start = line_start;
            end = text.len();
        }
    }
    ByteSpan { start, end }
}

#[cfg(test)]
mod tests {
    use super::{line_span, ByteSpan};

    #[test]
    fn a_span_alone_on_its_lines_takes_them_whole() {
        let text = "a\n    fn f() {}  \nb";
        let item = ByteSpan::new(6, 15);
        assert_eq!(&text[item.range()], "fn f() {}");
        assert_eq!(&text[line_span(text, item).range()], "    fn f() {}  \n");
        // Code before it on its line: only the span.
        let text = "x; fn f() {}\n";
        assert_eq!(line_span(text, ByteSpan::new(3, 12)), ByteSpan::new(3, 12));
        // The last line, without a line break.
        let text = "a\n  // end";
        assert_eq!(line_span(text, ByteSpan::new(4, 10)), ByteSpan::new(2, 10));
    }
}
