//! One tokenized source file, with the helpers the item splitter and the rewriter share.

use super::lexer::{self, Doc, Kind, Token};
use super::span::Group;

/// A source file: its text, tokens and matched delimiters.
#[derive(Debug)]
pub struct Source {
    /// The path shown in messages (relative to the workspace root when it lies inside it).
    pub name: String,
    pub text: String,
    pub tokens: Vec<Token>,
    /// For each delimiter token, the index of its partner (see [`lexer::match_delimiters`]).
    partner: Vec<Option<usize>>,
}

impl Source {
    /// Tokenizes `text`; lexical errors and unbalanced delimiters are reported at their place.
    pub fn new(name: String, text: String) -> Result<Source, String> {
        let located =
            |e: lexer::LexError| format!("{}: {}", location(&name, &text, e.offset), e.message);
        let tokens = lexer::tokenize(&text).map_err(located)?;
        let partner = lexer::match_delimiters(&text, &tokens).map_err(located)?;
        // The lexer marks a token that is no delimiter with `usize::MAX`.
        let partner = partner.into_iter().map(|p| (p < tokens.len()).then_some(p)).collect();
        Ok(Source { name, text, tokens, partner })
    }

    /// The other delimiter of the group that token `i` opens or closes; `None` for any other
    /// token (and past the end).
    pub fn partner(&self, i: usize) -> Option<usize> {
        self.partner.get(i).copied().flatten()
    }

    /// The closing delimiter of the group that token `i` opens, if it opens one.
    pub fn closing(&self, i: usize) -> Option<usize> {
        self.partner(i).filter(|&p| p > i)
    }

    /// The group that token `open` opens, if it opens one.
    pub fn group(&self, open: usize) -> Option<Group> {
        self.closing(open).map(|close| Group { open, close })
    }

    /// The closing delimiter of the opening delimiter `open` (the lexer matched every one).
    pub fn close(&self, open: usize) -> usize {
        self.closing(open).expect("an opening delimiter has its closing partner")
    }

    /// The index after token `i`, or after its group if it opens one: the next token tree.
    pub fn skip_tree(&self, i: usize) -> usize {
        self.closing(i).map_or(i + 1, |close| close + 1)
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
            match self.partner(j) {
                None => {}
                Some(open) if open < j => j = open, // a closed group before `i`: skip it
                Some(_) if self.is_punct(j, "{") => return Some(j),
                Some(_) => {}
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
