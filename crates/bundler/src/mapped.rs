//! Text that remembers where it came from: the bundle as it is built and pruned, with a map
//! from its bytes back to the source files, so that a compiler error in the bundle can be
//! reported at the line a person wrote.

use super::span::ByteSpan;

/// A run of bytes copied verbatim from a source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Segment {
    /// Where it starts in the text.
    out: usize,
    len: usize,
    /// The file (an index into the bundle's files) and the offset it was copied from.
    file: usize,
    at: usize,
}

/// Where a byte of the text was copied from: a file (an index into the bundle's files) and
/// an offset in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Origin {
    pub file: usize,
    pub offset: usize,
}

/// A replacement: bytes `span` of a text become `text`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub span: ByteSpan,
    pub text: String,
}

impl Edit {
    /// Bytes `start..end` replaced by `text`.
    pub fn new(start: usize, end: usize, text: String) -> Edit {
        Edit { span: ByteSpan::new(start, end), text }
    }

    /// `text` inserted at byte `at`.
    pub fn insert(at: usize, text: String) -> Edit {
        Edit { span: ByteSpan::new(at, at), text }
    }

    /// Bytes `span` removed.
    pub fn cut(span: ByteSpan) -> Edit {
        Edit { span, text: String::new() }
    }
}

/// Text with its source map.
#[derive(Debug, Clone, Default)]
pub struct Mapped {
    pub text: String,
    /// Sorted by `out`, disjoint.
    segments: Vec<Segment>,
}

impl Mapped {
    /// Appends `text[range]` of file `file`.
    pub fn push_source(&mut self, file: usize, text: &str, range: ByteSpan) {
        let ByteSpan { start, end } = range;
        if start < end {
            self.segments.push(Segment { out: self.text.len(), len: end - start, file, at: start });
            self.text.push_str(&text[start..end]);
        }
    }

    /// Appends text made by the bundler.
    pub fn push_str(&mut self, text: &str) {
        self.text.push_str(text);
    }

    /// Appends another mapped text.
    pub fn append(&mut self, other: Mapped) {
        let shift = self.text.len();
        self.segments
            .extend(other.segments.into_iter().map(|s| Segment { out: s.out + shift, ..s }));
        self.text.push_str(&other.text);
    }

    pub fn ends_with(&self, suffix: &str) -> bool {
        self.text.ends_with(suffix)
    }

    /// Replaces bytes `span` with `replacement` (which maps nowhere).
    pub fn splice(&mut self, span: ByteSpan, replacement: &str) {
        let ByteSpan { start, end } = span;
        debug_assert!(start <= end && end <= self.text.len(), "splice {start}..{end} in bounds");
        self.text.replace_range(start..end, replacement);
        let delta = replacement.len() as isize - (end - start) as isize;
        let mut out = Vec::with_capacity(self.segments.len() + 1);
        for s in self.segments.drain(..) {
            let s_end = s.out + s.len;
            if s_end <= start {
                out.push(s);
            } else if s.out >= end {
                out.push(Segment { out: (s.out as isize + delta) as usize, ..s });
            } else {
                // Overlaps the replaced bytes: keep the parts before and after.
                if s.out < start {
                    out.push(Segment { len: start - s.out, ..s });
                }
                if s_end > end {
                    let skipped = end - s.out;
                    out.push(Segment {
                        out: (end as isize + delta) as usize,
                        len: s_end - end,
                        file: s.file,
                        at: s.at + skipped,
                    });
                }
            }
        }
        self.segments = out;
    }

    /// Applies `edits` (of bytes of the current text; disjoint).
    pub fn apply(&mut self, mut edits: Vec<Edit>) {
        edits.sort_by_key(|e| std::cmp::Reverse(e.span));
        for edit in edits {
            self.splice(edit.span, &edit.text);
        }
    }

    /// Where byte `offset` of the text was copied from, if it was.
    pub fn origin(&self, offset: usize) -> Option<Origin> {
        let at = self.segments.partition_point(|s| s.out + s.len <= offset);
        let s = self.segments.get(at)?;
        (s.out <= offset).then(|| Origin { file: s.file, offset: s.at + offset - s.out })
    }

    /// [`origin`](Mapped::origin), or for a byte the bundler wrote in place of source bytes (a
    /// rewritten path, say: between two runs of the same file, where that file's bytes were
    /// replaced) the start of the bytes it replaced. `None` for text of the bundler's own
    /// (a header, an import it added).
    pub fn origin_near(&self, offset: usize) -> Option<Origin> {
        if let Some(origin) = self.origin(offset) {
            return Some(origin);
        }
        let next = self.segments.partition_point(|s| s.out + s.len <= offset);
        let (before, after) = (self.segments.get(next.checked_sub(1)?)?, self.segments.get(next)?);
        let replaced = before.at + before.len;
        let same_file = before.file == after.file && replaced <= after.at;
        same_file.then_some(Origin { file: before.file, offset: replaced })
    }
}

#[cfg(test)]
mod tests {
    use super::{Edit, Mapped, Origin};
    use crate::span::ByteSpan;

    #[test]
    fn a_replaced_byte_maps_to_what_it_replaced() {
        let file = "fn main() {\n    lib::f::<lib::A>();\n}\n";
        let mut m = Mapped::default();
        m.push_str("// header\n");
        m.push_source(3, file, ByteSpan::new(0, file.len()));
        let at = 10 + file.find("lib::A").expect("there");
        m.splice(ByteSpan::new(at, at + 6), "crate::lib::A");
        let inside = at + "crate::".len();
        assert_eq!(m.origin(inside), None);
        assert_eq!(
            m.origin_near(inside),
            Some(Origin { file: 3, offset: file.find("lib::A").expect("there") })
        );
        assert_eq!(m.origin_near(0), None, "the bundler's own text maps nowhere");
    }

    #[test]
    fn splices_keep_the_map() {
        let file = "fn a() {}\nfn b() {}\n";
        let mut m = Mapped::default();
        m.push_str("// header\n");
        m.push_source(7, file, ByteSpan::new(0, file.len()));
        assert_eq!(m.origin(0), None);
        assert_eq!(m.origin(10 + 13), Some(Origin { file: 7, offset: 13 }));
        m.splice(ByteSpan::new(10, 20), "");
        assert_eq!(m.text, "// header\nfn b() {}\n");
        assert_eq!(m.origin(13), Some(Origin { file: 7, offset: 13 }));
        let edit =
            |start, end, text: &str| Edit { span: ByteSpan::new(start, end), text: text.into() };
        m.apply(vec![edit(10, 12, "pub fn"), edit(17, 19, "{ }")]);
        assert_eq!(m.text, "// header\npub fn b() { }\n");
        assert_eq!(m.origin(17), Some(Origin { file: 7, offset: 13 }));
        assert_eq!(m.origin(10), None);
    }
}
