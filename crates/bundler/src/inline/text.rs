//! The text edits the inliner makes to a file: cutting items and comments (whole lines where
//! they fill them), and splicing a child module's text in place of its body or its `;`.

use crate::items::Item;
use crate::lexer::{Doc, Kind};
use crate::mapped::{Edit, Mapped};
use crate::read::FileId;
use crate::source::Source;
use crate::span::{line_span, ByteSpan, TokenSpan};

/// Cuts `tokens`; when they fill their lines, the lines go too.
pub fn cut(src: &Source, tokens: TokenSpan) -> Edit {
    let bytes = ByteSpan::new(src.tokens[tokens.start].start, src.tokens[tokens.end - 1].end);
    Edit::cut(line_span(&src.text, bytes))
}

/// Cuts the comment token `i`: its lines if it fills them, else the comment and the spaces
/// before it (a space between two tokens it separated stays).
pub fn cut_comment(src: &Source, i: usize) -> Edit {
    let token = src.tokens[i];
    let bytes = ByteSpan::new(token.start, token.end);
    let lines = line_span(&src.text, bytes);
    if lines != bytes {
        return Edit::cut(lines);
    }
    let before = &src.text[..token.start];
    let spaces = before.len() - before.trim_end_matches([' ', '\t']).len();
    let after = src.text[token.end..].chars().next();
    let joins = spaces == 0 && !matches!(after, None | Some(' ' | '\t' | '\n' | '\r'));
    Edit::new(token.start - spaces, token.end, if joins { " ".into() } else { String::new() })
}

/// Whether the comment token `i` goes: every comment when `compact`, a doc comment of a
/// library (`library`: another crate's than the problem's).
pub fn comment_goes(src: &Source, i: usize, compact: bool, library: bool) -> bool {
    match src.tokens[i].kind {
        Kind::Comment(Doc::No) => compact,
        Kind::Comment(_) => compact || library,
        _ => false,
    }
}

/// The first token of the item whose keyword is `keyword`, with its visibility (`pub`,
/// `pub(crate)`).
pub fn visibility_start(src: &Source, keyword: usize) -> usize {
    if let Some(p) = src.prev_code(keyword) {
        if src.is_kw(p, "pub") {
            return p;
        }
        if let Some(open) = src.partner(p).filter(|_| src.is_punct(p, ")")) {
            if let Some(q) = src.prev_code(open).filter(|&q| src.is_kw(q, "pub")) {
                return q;
            }
        }
    }
    keyword
}

/// The indentation of the line at byte `at` of `src`.
pub fn indent_at(src: &Source, at: usize) -> String {
    let line = &src.text[at.min(src.text.len())..];
    line[..line.len() - line.trim_start_matches([' ', '\t']).len()].to_string()
}

/// Where a child module's text goes: the bytes its body (or its `;`) takes.
fn child_at(src: &Source, item: &Item) -> ByteSpan {
    match item.body {
        Some(body) => ByteSpan::new(src.tokens[body.open].end, src.tokens[body.close].start),
        None => {
            let semi = src.prev_code(item.end).expect("`mod foo;` ends with `;`");
            ByteSpan::new(src.tokens[semi].start, src.tokens[semi].end)
        }
    }
}

/// Whether the child module of `item` goes before byte `at`.
pub fn child_before(src: &Source, item: &Item, at: usize) -> bool {
    child_at(src, item).start < at
}

/// Copies the source (file `file`) from byte `pos` up to the child module of `item`, then
/// its text; returns the new position in the source.
pub fn splice_child(
    out: &mut Mapped,
    file: FileId,
    src: &Source,
    pos: usize,
    item: &Item,
    text: Mapped,
) -> usize {
    let at = child_at(src, item);
    out.push_source(file.0, &src.text, ByteSpan::new(pos, at.start));
    if item.body.is_some() {
        out.append(text);
    } else {
        out.push_str(" {\n");
        let newline = !text.ends_with("\n");
        out.append(text);
        out.push_str(if newline { "\n}\n" } else { "}\n" });
    }
    at.end
}
