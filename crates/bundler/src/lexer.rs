//! A Rust tokenizer that keeps byte spans, so the bundler can copy kept code verbatim.
//!
//! It knows exactly as much of the lexical grammar as is needed never to mistake the inside of
//! a literal or a comment for code: identifiers (raw ones too), lifetimes versus character
//! literals, every string form (escapes, byte strings, raw strings with any number of `#`),
//! nested block comments, doc comments, and numbers (so that `1..2` is an integer, a range and
//! an integer). Punctuation is one token per character except `::`, `->` and `=>`. Whitespace
//! is not a token: it is whatever lies between two spans.

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// An identifier or keyword, raw ones (`r#type`) included.
    Ident,
    /// A lifetime or a loop label: `'a`, `'static`.
    Lifetime,
    /// A literal.
    Literal(Lit),
    /// `::`, `->`, `=>` or one punctuation character.
    Punct,
    /// A comment; doc comments are attributes to the compiler, so they are told apart.
    Comment(Doc),
}

/// The kinds of literals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lit {
    Char,
    Byte,
    Str,
    ByteStr,
    RawStr,
    RawByteStr,
    Int,
    Float,
}

/// Whether a comment is documentation, and of what.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Doc {
    /// A plain comment.
    No,
    /// `///` or `/** */`: documents the item that follows.
    Outer,
    /// `//!` or `/*! */`: documents the enclosing module.
    Inner,
}

/// One token: its kind and its byte span in the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
}

/// A lexical error at a byte offset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LexError {
    pub offset: usize,
    pub message: String,
}

/// Splits `src` into tokens. A leading byte-order mark and a `#!` shebang line are skipped.
pub fn tokenize(src: &str) -> Result<Vec<Token>, LexError> {
    let mut lexer = Lexer { src, pos: 0 };
    if src.starts_with('\u{feff}') {
        lexer.pos = '\u{feff}'.len_utf8();
    }
    if src[lexer.pos..].starts_with("#!") && !src[lexer.pos + 2..].trim_start().starts_with('[') {
        lexer.pos = src[lexer.pos..].find('\n').map_or(src.len(), |i| lexer.pos + i);
    }
    let mut tokens = Vec::new();
    loop {
        while let Some(c) = lexer.peek(lexer.pos) {
            if !c.is_whitespace() {
                break;
            }
            lexer.pos += c.len_utf8();
        }
        if lexer.pos >= src.len() {
            return Ok(tokens);
        }
        let start = lexer.pos;
        let kind = lexer.token()?;
        tokens.push(Token { kind, start, end: lexer.pos });
    }
}

/// How deep delimiters may nest: far deeper than real code, and a bound on every walker of
/// the bundler that recurses into groups (`cfg` predicates, `use` groups, inline modules).
pub const MAX_NESTING: usize = 256;

/// For every opening delimiter `(`, `[`, `{`, the index of its closing partner, and for every
/// closing one the index of its opening partner; `usize::MAX` for other tokens.
pub fn match_delimiters(src: &str, tokens: &[Token]) -> Result<Vec<usize>, LexError> {
    let mut partner = vec![usize::MAX; tokens.len()];
    let mut open: Vec<usize> = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        if token.kind != Kind::Punct {
            continue;
        }
        let text = &src[token.start..token.end];
        match text {
            "(" | "[" | "{" if open.len() >= MAX_NESTING => {
                return Err(LexError {
                    offset: token.start,
                    message: format!("cannot read groups nested more than {MAX_NESTING} deep"),
                })
            }
            "(" | "[" | "{" => open.push(i),
            ")" | "]" | "}" => {
                let expected = match text {
                    ")" => "(",
                    "]" => "[",
                    _ => "{",
                };
                match open.pop() {
                    Some(o) if &src[tokens[o].start..tokens[o].end] == expected => {
                        partner[o] = i;
                        partner[i] = o;
                    }
                    Some(o) => {
                        return Err(LexError {
                            offset: token.start,
                            message: format!(
                                "unbalanced `{text}`: the `{}` opened at byte {} is still open",
                                &src[tokens[o].start..tokens[o].end],
                                tokens[o].start
                            ),
                        })
                    }
                    None => {
                        return Err(LexError {
                            offset: token.start,
                            message: format!("unbalanced `{text}`: nothing is open"),
                        })
                    }
                }
            }
            _ => {}
        }
    }
    match open.pop() {
        Some(o) => Err(LexError {
            offset: tokens[o].start,
            message: format!("unclosed `{}`", &src[tokens[o].start..tokens[o].end]),
        }),
        None => Ok(partner),
    }
}

/// Rust identifiers start with XID_Start or `_`; `char::is_alphabetic` is a close superset.
pub fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

/// XID_Continue, approximated the same way.
pub fn is_ident_continue(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

struct Lexer<'s> {
    src: &'s str,
    pos: usize,
}

impl Lexer<'_> {
    fn peek(&self, pos: usize) -> Option<char> {
        self.src.get(pos..).and_then(|rest| rest.chars().next())
    }

    fn byte(&self, pos: usize) -> Option<u8> {
        self.src.as_bytes().get(pos).copied()
    }

    fn error<T>(&self, offset: usize, message: &str) -> Result<T, LexError> {
        Err(LexError { offset, message: message.to_string() })
    }

    /// Lexes one token at `self.pos` (which is not whitespace) and moves past it.
    fn token(&mut self) -> Result<Kind, LexError> {
        let start = self.pos;
        let c = self.peek(start).expect("token() is called before the end");
        let next = self.byte(start + 1);
        match c {
            '/' if next == Some(b'/') => Ok(self.line_comment()),
            '/' if next == Some(b'*') => self.block_comment(),
            '\'' => self.quote(Lit::Char),
            '"' => {
                self.pos += 1;
                self.string_body(start)?;
                Ok(Kind::Literal(Lit::Str))
            }
            '0'..='9' => Ok(self.number()),
            'r' => {
                if self.raw_string(start + 1)? {
                    return Ok(Kind::Literal(Lit::RawStr));
                }
                if next == Some(b'#') && self.peek(start + 2).is_some_and(is_ident_start) {
                    self.pos = start + 2;
                    self.ident_rest();
                    return Ok(Kind::Ident);
                }
                self.ident_rest();
                Ok(Kind::Ident)
            }
            'b' => match next {
                Some(b'"') => {
                    self.pos += 2;
                    self.string_body(start)?;
                    Ok(Kind::Literal(Lit::ByteStr))
                }
                Some(b'\'') => {
                    self.pos += 1;
                    match self.quote(Lit::Byte)? {
                        Kind::Lifetime => self.error(start, "expected a byte literal after `b'`"),
                        kind => Ok(kind),
                    }
                }
                Some(b'r') if self.raw_string(start + 2)? => Ok(Kind::Literal(Lit::RawByteStr)),
                _ => {
                    self.ident_rest();
                    Ok(Kind::Ident)
                }
            },
            c if is_ident_start(c) => {
                self.ident_rest();
                Ok(Kind::Ident)
            }
            ':' if next == Some(b':') => {
                self.pos += 2;
                Ok(Kind::Punct)
            }
            '-' | '=' if next == Some(b'>') => {
                self.pos += 2;
                Ok(Kind::Punct)
            }
            c if c.is_ascii_punctuation() => {
                self.pos += 1;
                Ok(Kind::Punct)
            }
            c => self.error(start, &format!("unexpected character {c:?}")),
        }
    }

    fn ident_rest(&mut self) {
        while let Some(c) = self.peek(self.pos) {
            if !is_ident_continue(c) {
                break;
            }
            self.pos += c.len_utf8();
        }
    }

    fn line_comment(&mut self) -> Kind {
        let start = self.pos;
        let rest = &self.src[start..];
        let len = rest.find('\n').unwrap_or(rest.len());
        self.pos = start + len;
        let text = &rest[..len];
        let doc = if text.starts_with("///") && !text.starts_with("////") {
            Doc::Outer
        } else if text.starts_with("//!") {
            Doc::Inner
        } else {
            Doc::No
        };
        Kind::Comment(doc)
    }

    fn block_comment(&mut self) -> Result<Kind, LexError> {
        let start = self.pos;
        let bytes = self.src.as_bytes();
        let mut depth = 0usize;
        let mut pos = start;
        while pos + 1 < bytes.len() {
            match (bytes[pos], bytes[pos + 1]) {
                (b'/', b'*') => {
                    depth += 1;
                    pos += 2;
                }
                (b'*', b'/') => {
                    depth -= 1;
                    pos += 2;
                    if depth == 0 {
                        self.pos = pos;
                        let text = &self.src[start..pos];
                        let doc = if text.starts_with("/*!") {
                            Doc::Inner
                        } else if text.starts_with("/**")
                            && !text.starts_with("/***")
                            && !text.starts_with("/**/")
                        {
                            Doc::Outer
                        } else {
                            Doc::No
                        };
                        return Ok(Kind::Comment(doc));
                    }
                }
                _ => pos += 1,
            }
        }
        self.error(start, "unterminated block comment")
    }

    /// After an opening `"` (at `self.pos` - 1): up to and past the closing `"`, then a suffix.
    fn string_body(&mut self, start: usize) -> Result<(), LexError> {
        let bytes = self.src.as_bytes();
        let mut pos = self.pos;
        loop {
            match bytes.get(pos) {
                None => return self.error(start, "unterminated string literal"),
                Some(b'\\') => pos += 2,
                Some(b'"') => break,
                Some(_) => pos += 1,
            }
        }
        self.pos = pos + 1;
        self.suffix();
        Ok(())
    }

    /// A raw string whose `#`s start at `at` (just after `r` or `br`). Returns false, moving
    /// nothing, if no `"` follows the `#`s (then it was an identifier or a raw identifier).
    fn raw_string(&mut self, at: usize) -> Result<bool, LexError> {
        let bytes = self.src.as_bytes();
        let mut pos = at;
        while bytes.get(pos) == Some(&b'#') {
            pos += 1;
        }
        if bytes.get(pos) != Some(&b'"') {
            return Ok(false);
        }
        let hashes = pos - at;
        let mut closing = String::from("\"");
        closing.push_str(&"#".repeat(hashes));
        match self.src[pos + 1..].find(&closing) {
            Some(i) => {
                self.pos = pos + 1 + i + closing.len();
                self.suffix();
                Ok(true)
            }
            None => self.error(self.pos, "unterminated raw string literal"),
        }
    }

    /// At a `'`: a character literal (`'a'`, `'\''`, `'\u{1F600}'`) or a lifetime (`'a`).
    fn quote(&mut self, lit: Lit) -> Result<Kind, LexError> {
        let start = self.pos;
        let after = start + 1;
        match self.peek(after) {
            Some('\\') => {
                let escaped = match self.peek(after + 1) {
                    Some(c) => c,
                    None => return self.error(start, "unterminated character literal"),
                };
                let mut pos = after + 1 + escaped.len_utf8();
                loop {
                    match self.peek(pos) {
                        Some('\'') => break,
                        Some('\n') | None => {
                            return self.error(start, "unterminated character literal")
                        }
                        Some(c) => pos += c.len_utf8(),
                    }
                }
                self.pos = pos + 1;
                self.suffix();
                Ok(Kind::Literal(lit))
            }
            Some(c) if c != '\'' && self.peek(after + c.len_utf8()) == Some('\'') => {
                self.pos = after + c.len_utf8() + 1;
                self.suffix();
                Ok(Kind::Literal(lit))
            }
            Some(c) if is_ident_start(c) => {
                self.pos = after;
                self.ident_rest();
                Ok(Kind::Lifetime)
            }
            _ => self.error(start, "unterminated character literal"),
        }
    }

    fn suffix(&mut self) {
        if self.peek(self.pos).is_some_and(is_ident_start) {
            self.ident_rest();
        }
    }

    fn number(&mut self) -> Kind {
        let bytes = self.src.as_bytes();
        let start = self.pos;
        let digits = |pos: &mut usize, hex: bool| {
            while let Some(&b) = bytes.get(*pos) {
                if b.is_ascii_digit() || b == b'_' || (hex && b.is_ascii_hexdigit()) {
                    *pos += 1;
                } else {
                    break;
                }
            }
        };
        let mut pos = start;
        if bytes[start] == b'0' && matches!(bytes.get(start + 1), Some(b'x' | b'o' | b'b')) {
            pos += 2;
            digits(&mut pos, true);
            self.pos = pos;
            self.suffix();
            return Kind::Literal(Lit::Int);
        }
        digits(&mut pos, false);
        let mut float = false;
        if bytes.get(pos) == Some(&b'.') {
            let after = self.peek(pos + 1);
            if after.is_some_and(|c| c.is_ascii_digit()) {
                pos += 1;
                digits(&mut pos, false);
                float = true;
            } else if after != Some('.') && !after.is_some_and(is_ident_start) {
                // `1.` is a float literal on its own; nothing may follow it.
                self.pos = pos + 1;
                return Kind::Literal(Lit::Float);
            }
        }
        if matches!(bytes.get(pos), Some(b'e' | b'E')) {
            let mut exp = pos + 1;
            if matches!(bytes.get(exp), Some(b'+' | b'-')) {
                exp += 1;
            }
            while bytes.get(exp) == Some(&b'_') {
                exp += 1;
            }
            if bytes.get(exp).is_some_and(u8::is_ascii_digit) {
                pos = exp;
                digits(&mut pos, false);
                float = true;
            }
        }
        self.pos = pos;
        let suffix_start = pos;
        self.suffix();
        if self.src[suffix_start..self.pos].starts_with('f') {
            float = true;
        }
        Kind::Literal(if float { Lit::Float } else { Lit::Int })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tokens of `src` as `(kind, text)` pairs.
    fn lex(src: &str) -> Vec<(Kind, &str)> {
        tokenize(src)
            .unwrap_or_else(|e| panic!("{src:?} should lex: {e:?}"))
            .into_iter()
            .map(|t| (t.kind, &src[t.start..t.end]))
            .collect()
    }

    fn texts(src: &str) -> Vec<&str> {
        lex(src).into_iter().map(|(_, text)| text).collect()
    }

    #[track_caller]
    fn lex_error(src: &str, message: &str) {
        let err = tokenize(src)
            .and_then(|t| match_delimiters(src, &t).map(|_| t))
            .expect_err("should not lex");
        assert!(err.message.contains(message), "{src:?}: {err:?}");
    }

    const STR: Kind = Kind::Literal(Lit::Str);
    const CHAR: Kind = Kind::Literal(Lit::Char);
    const INT: Kind = Kind::Literal(Lit::Int);
    const FLOAT: Kind = Kind::Literal(Lit::Float);

    #[test]
    fn identifiers_and_raw_identifiers() {
        assert_eq!(
            lex("r#type _x b r"),
            [(Kind::Ident, "r#type"), (Kind::Ident, "_x"), (Kind::Ident, "b"), (Kind::Ident, "r")]
        );
        assert_eq!(texts("br#x"), ["br", "#", "x"]);
        assert_eq!(texts("größe"), ["größe"]);
    }

    #[test]
    fn lifetimes_versus_char_literals() {
        assert_eq!(
            lex("&'a str, 'a', '\\'', '{', '\\u{1F600}', b'x', '😀', 'static"),
            [
                (Kind::Punct, "&"),
                (Kind::Lifetime, "'a"),
                (Kind::Ident, "str"),
                (Kind::Punct, ","),
                (CHAR, "'a'"),
                (Kind::Punct, ","),
                (CHAR, "'\\''"),
                (Kind::Punct, ","),
                (CHAR, "'{'"),
                (Kind::Punct, ","),
                (CHAR, "'\\u{1F600}'"),
                (Kind::Punct, ","),
                (Kind::Literal(Lit::Byte), "b'x'"),
                (Kind::Punct, ","),
                (CHAR, "'😀'"),
                (Kind::Punct, ","),
                (Kind::Lifetime, "'static"),
            ]
        );
        assert_eq!(texts("impl<'a> X<'a> for Y { 'outer: loop {} }").len(), 17);
        assert_eq!(texts("f('a', 'b')"), ["f", "(", "'a'", ",", "'b'", ")"]);
    }

    #[test]
    fn strings_hide_braces_and_quotes() {
        assert_eq!(lex(r#""}" x"#), [(STR, r#""}""#), (Kind::Ident, "x")]);
        assert_eq!(
            texts(
                r#""a\"b\\" "{" b"\"}" "multi
line""#
            ),
            [r#""a\"b\\""#, r#""{""#, r#"b"\"}""#, "\"multi\nline\""]
        );
        assert_eq!(lex(r#"b"x""#), [(Kind::Literal(Lit::ByteStr), r#"b"x""#)]);
    }

    #[test]
    fn raw_strings_with_any_number_of_hashes() {
        assert_eq!(
            lex(r###"r#"} "# x"###),
            [(Kind::Literal(Lit::RawStr), r###"r#"} "#"###), (Kind::Ident, "x")]
        );
        assert_eq!(
            texts(r####"r#"} "# x r##"a "# b"## br"{" br#"""#"####),
            [r###"r#"} "#"###, "x", r####"r##"a "# b"##"####, r#"br"{""#, r##"br#"""#"##]
        );
        assert_eq!(texts(r#"r"\" x"#), [r#"r"\""#, "x"]);
    }

    #[test]
    fn comments_nest_and_doc_comments_are_told_apart() {
        assert_eq!(
            lex("a /* { */ b /* /* } */ */ c"),
            [
                (Kind::Ident, "a"),
                (Kind::Comment(Doc::No), "/* { */"),
                (Kind::Ident, "b"),
                (Kind::Comment(Doc::No), "/* /* } */ */"),
                (Kind::Ident, "c"),
            ]
        );
        let kinds: Vec<Kind> = lex("/// o\n//! i\n// p\n//// p\n/** o */ /*! i */ /**/ /*** p */")
            .into_iter()
            .map(|(k, _)| k)
            .collect();
        use Doc::*;
        assert_eq!(kinds, [Outer, Inner, No, No, Outer, Inner, No, No].map(Kind::Comment));
        assert_eq!(texts("x // } \"\ny"), ["x", "// } \"", "y"]);
    }

    #[test]
    fn numbers_and_ranges() {
        assert_eq!(lex("1..2"), [(INT, "1"), (Kind::Punct, "."), (Kind::Punct, "."), (INT, "2")]);
        assert_eq!(
            lex("1e5 0x1f_u8 1.0f64 2.5e-3 7usize 1_000 0b1010 1f32"),
            [
                (FLOAT, "1e5"),
                (INT, "0x1f_u8"),
                (FLOAT, "1.0f64"),
                (FLOAT, "2.5e-3"),
                (INT, "7usize"),
                (INT, "1_000"),
                (INT, "0b1010"),
                (FLOAT, "1f32"),
            ]
        );
        assert_eq!(texts("1.max(2)"), ["1", ".", "max", "(", "2", ")"]);
        assert_eq!(texts("x.0.1"), ["x", ".", "0.1"]);
        assert_eq!(texts("1. + 2"), ["1.", "+", "2"]);
        assert_eq!(texts("0..=n"), ["0", ".", ".", "=", "n"]);
    }

    #[test]
    fn multi_character_punctuation() {
        assert_eq!(
            texts("a::b -> c => #![x] !="),
            ["a", "::", "b", "->", "c", "=>", "#", "!", "[", "x", "]", "!", "="]
        );
    }

    #[test]
    fn delimiters_are_matched() {
        let src = "fn f() { let s = \"}\"; [1, (2)] }";
        let tokens = tokenize(src).expect("lexes");
        let partner = match_delimiters(src, &tokens).expect("balanced");
        let brace = tokens.iter().position(|t| &src[t.start..t.end] == "{").unwrap();
        assert_eq!(&src[tokens[partner[brace]].start..], "}");
        assert_eq!(partner[partner[brace]], brace);
    }

    #[test]
    fn lexical_errors() {
        lex_error("\"abc", "unterminated string");
        lex_error("r#\"abc\"", "unterminated raw string");
        lex_error("/* /* */", "unterminated block comment");
        lex_error("'", "unterminated character");
        lex_error("fn f() { ( }", "unbalanced `}`");
        lex_error("fn f() {", "unclosed `{`");
        lex_error("}", "nothing is open");
        lex_error("a ¤ b", "unexpected character");
    }
}
