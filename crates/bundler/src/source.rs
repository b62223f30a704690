//! One tokenized source file, with the helpers the item splitter and the rewriter share.

use super::lexer::{self, Doc, Kind, Token};

/// A source file: its text, tokens and matched delimiters.
#[derive(Debug)]
pub struct Source {
    /// The path shown in messages (relative to the workspace root when it lies inside it).
    pub name: String,
    pub text: String,
    pub tokens: Vec<Token>,
    /// See [`lexer::match_delimiters`].
    pub partner: Vec<usize>,
}

impl Source {
    /// Tokenizes `text`; lexical errors and unbalanced delimiters are reported at their place.
    pub fn new(name: String, text: String) -> Result<Source, String> {
        let located =
            |e: lexer::LexError| format!("{}: {}", location(&name, &text, e.offset), e.message);
        let tokens = lexer::tokenize(&text).map_err(located)?;
        let partner = lexer::match_delimiters(&text, &tokens).map_err(located)?;
        Ok(Source { name, text, tokens, partner })
    }

    /// The text of token `i`.
    pub fn text(&self, i: usize) -> &str {
        let t = self.tokens[i];
        &self.text[t.start..t.end]
    }

    /// The name of identifier token `i` without any `r#`, or `None` if it is not an identifier.
    pub fn ident(&self, i: usize) -> Option<&str> {
        let t = self.tokens.get(i)?;
        if t.kind != Kind::Ident {
            return None;
        }
        let text = &self.text[t.start..t.end];
        Some(text.strip_prefix("r#").unwrap_or(text))
    }

    /// True if token `i` is the identifier `name` written without `r#` (so a keyword).
    pub fn is_kw(&self, i: usize, name: &str) -> bool {
        i < self.tokens.len() && self.tokens[i].kind == Kind::Ident && self.text(i) == name
    }

    /// True if token `i` is the punctuation `p`.
    pub fn is_punct(&self, i: usize, p: &str) -> bool {
        i < self.tokens.len() && self.tokens[i].kind == Kind::Punct && self.text(i) == p
    }

    pub fn is_comment(&self, i: usize) -> bool {
        matches!(self.tokens[i].kind, Kind::Comment(_))
    }

    pub fn is_plain_comment(&self, i: usize) -> bool {
        self.tokens[i].kind == Kind::Comment(Doc::No)
    }

    /// The first token at or after `i` (and before `hi`) that is not a comment, else `hi`.
    pub fn next_code(&self, mut i: usize, hi: usize) -> usize {
        while i < hi && self.is_comment(i) {
            i += 1;
        }
        i.min(hi)
    }

    /// The last token before `i` that is not a comment.
    pub fn prev_code(&self, i: usize) -> Option<usize> {
        (0..i).rev().find(|&j| !self.is_comment(j))
    }

    /// The `{` of the innermost brace group around token `i`, if any.
    pub fn enclosing_brace(&self, i: usize) -> Option<usize> {
        let mut j = i;
        while j > 0 {
            j -= 1;
            let partner = self.partner[j];
            if partner == usize::MAX {
                continue;
            }
            if partner < j {
                j = partner; // a closed group before `i`: skip it
            } else if self.is_punct(j, "{") {
                return Some(j);
            }
        }
        None
    }

    /// `name:line:column` of byte `offset`.
    pub fn location(&self, offset: usize) -> String {
        location(&self.name, &self.text, offset)
    }

    /// `name:line:column: message`, at token `i` (or at the end of the file).
    pub fn error(&self, i: usize, message: &str) -> String {
        let offset = self.tokens.get(i).map_or(self.text.len(), |t| t.start);
        format!("{}: {message}", self.location(offset))
    }
}

fn location(name: &str, text: &str, offset: usize) -> String {
    let before = &text[..offset.min(text.len())];
    let line = 1 + before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = 1 + before[line_start..].chars().count();
    format!("{name}:{line}:{column}")
}
