//! The workspace's one JSON reader (RFC 8259): Competitive Companion's documents (scaffold),
//! rustc's diagnostics (the bundler) and cargo's messages (the test command).
//!
//! [`parse`] reads a whole document into a [`Value`] tree in which every value remembers where
//! it starts, so that both syntax errors (`line 3, column 9: expected ',' or '}', found 'x'`)
//! and errors about what a field holds (`line 7, column 16: tests[2].input: expected a string,
//! found a number`, through [`Field`]) name their place. Lines count `\n`; columns count bytes
//! from 1.
//!
//! What it accepts, exactly RFC 8259: objects, arrays, strings with every escape, numbers,
//! `true`, `false`, `null`, whitespace between tokens; nothing after the value. Beyond the
//! grammar it refuses, each with a located error: input that is not UTF-8, an unescaped control
//! character inside a string, a `\u` escape of a lone surrogate (a high surrogate not followed
//! by a low one, or a low one alone: such a string holds no text, so it is rejected rather than
//! replaced), a key that occurs twice in one object, and nesting deeper than the depth limit.
//! A UTF-8 byte order mark before the document is skipped.
//!
//! # Complexity
//! Linear in the input: one pass, no backtracking; an object's keys are sorted once (so
//! [`Object::get`] is a binary search and duplicates are found in O(n log n) comparisons).
//! Recursion is bounded by the depth limit, so no input can exhaust the stack.

use std::cmp::Ordering;
use std::fmt;

/// How deeply arrays and objects may nest by default. Competitive Companion's documents nest
/// four levels (`languages.java.mainClass`), rustc's diagnostics a level or two per macro
/// expansion; the bound only keeps hostile input from running deep recursion.
pub const DEFAULT_MAX_DEPTH: usize = 128;

/// Where a value or an error is: 1-based line (lines end at `\n`) and 1-based byte column.
/// (`u32`, so that a value costs less memory; a place past 4 GiB saturates.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// The line, from 1.
    pub line: u32,
    /// The byte in the line, from 1.
    pub column: u32,
}

impl Pos {
    fn new(line: usize, column: usize) -> Pos {
        let narrow = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Pos { line: narrow(line), column: narrow(column) }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// An error in or about a document: the place (if it has one) and what is wrong.
///
/// Displays as `line L, column C: message`, or the message alone when no place applies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// Where in the document, if the error is about a place in it.
    pub pos: Option<Pos>,
    /// What is wrong, one line, no trailing period.
    pub message: String,
}

impl Error {
    /// An error at `pos`.
    pub fn at(pos: Pos, message: impl Into<String>) -> Error {
        Error { pos: Some(pos), message: message.into() }
    }

    /// An error about no particular place (an option, not the document).
    pub fn general(message: impl Into<String>) -> Error {
        Error { pos: None, message: message.into() }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.pos {
            Some(pos) => write!(f, "{pos}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Error {}

/// A JSON value and where it starts.
#[derive(Debug, Clone, PartialEq)]
pub struct Value {
    kind: Kind,
    pos: Pos,
}

/// What a [`Value`] holds.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, kept as its text (see [`Number`]).
    Number(Number),
    /// A string, escapes decoded.
    String(String),
    /// An array.
    Array(Vec<Value>),
    /// An object (boxed: it is the largest kind, and keeps every value small).
    Object(Box<Object>),
}

/// A JSON number as written (valid by the grammar), converted on request, so that integers
/// keep every digit and nothing is rounded until a caller asks for a float.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Number(Box<str>);

impl Number {
    /// The number as written in the document.
    pub fn text(&self) -> &str {
        &self.0
    }

    /// The value if the number is written as a non-negative integer (no fraction, no
    /// exponent) that fits in a `u64`.
    pub fn as_u64(&self) -> Option<u64> {
        if self.is_integer_literal() {
            self.0.parse().ok()
        } else {
            None
        }
    }

    /// The value if the number is written as an integer (no fraction, no exponent) that fits
    /// in an `i64`.
    pub fn as_i64(&self) -> Option<i64> {
        if self.is_integer_literal() {
            self.0.parse().ok()
        } else {
            None
        }
    }

    /// The nearest `f64`, if it is finite (`1e400` is not).
    pub fn as_f64(&self) -> Option<f64> {
        self.0.parse::<f64>().ok().filter(|x| x.is_finite())
    }

    /// Whether the text has neither a fraction nor an exponent.
    pub fn is_integer_literal(&self) -> bool {
        !self.0.bytes().any(|b| matches!(b, b'.' | b'e' | b'E'))
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A JSON object: its members in document order, found by key in O(log n).
#[derive(Debug, Clone, PartialEq)]
pub struct Object {
    entries: Vec<(String, Value)>,
    /// Indices into `entries`, sorted by key (keys are unique).
    by_key: Vec<usize>,
}

impl Object {
    /// The value of `key`, if the object has that member.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.by_key
            .binary_search_by(|&i| self.entries[i].0.as_str().cmp(key))
            .ok()
            .map(|found| &self.entries[self.by_key[found]].1)
    }

    /// The members in document order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.entries.iter().map(|(key, value)| (key.as_str(), value))
    }

    /// How many members.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the object has no member.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl Value {
    /// Where the value starts in the document.
    pub fn pos(&self) -> Pos {
        self.pos
    }

    /// What the value holds.
    pub fn kind(&self) -> &Kind {
        &self.kind
    }

    /// What kind of value this is, for messages: `null`, `a boolean`, `a number`,
    /// `a string`, `an array`, `an object`.
    pub fn type_name(&self) -> &'static str {
        match self.kind {
            Kind::Null => "null",
            Kind::Bool(_) => "a boolean",
            Kind::Number(_) => "a number",
            Kind::String(_) => "a string",
            Kind::Array(_) => "an array",
            Kind::Object(_) => "an object",
        }
    }

    /// Whether the value is `null`.
    pub fn is_null(&self) -> bool {
        matches!(self.kind, Kind::Null)
    }

    /// The boolean, if the value is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self.kind {
            Kind::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// The number, if the value is one.
    pub fn as_number(&self) -> Option<&Number> {
        match &self.kind {
            Kind::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The number as a `u64`, if it is written as an integer in range (see
    /// [`Number::as_u64`]).
    pub fn as_u64(&self) -> Option<u64> {
        self.as_number().and_then(Number::as_u64)
    }

    /// The number as a finite `f64`, if the value is a number.
    pub fn as_f64(&self) -> Option<f64> {
        self.as_number().and_then(Number::as_f64)
    }

    /// The string, if the value is one.
    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            Kind::String(s) => Some(s),
            _ => None,
        }
    }

    /// The elements, if the value is an array.
    pub fn as_array(&self) -> Option<&[Value]> {
        match &self.kind {
            Kind::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The object, if the value is one.
    pub fn as_object(&self) -> Option<&Object> {
        match &self.kind {
            Kind::Object(object) => Some(object),
            _ => None,
        }
    }

    /// The member `key`, if the value is an object that has it.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.as_object().and_then(|object| object.get(key))
    }

    /// This value as the root of a [`Field`] cursor, whose accessors return errors that name
    /// the field's path and place.
    pub fn field(&self) -> Field<'_> {
        Field { value: self, path: String::new() }
    }
}

/// A value reached from the document's root, with its path (`tests[2].input`), so that what
/// it should hold and does not is an [`Error`] naming both the path and the place.
#[derive(Debug, Clone)]
pub struct Field<'a> {
    value: &'a Value,
    path: String,
}

impl<'a> Field<'a> {
    /// The value.
    pub fn value(&self) -> &'a Value {
        self.value
    }

    /// The path from the root (`batch.size`, `tests[0].input`); empty for the root.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// An error about this field: `line L, column C: path: message`.
    pub fn error(&self, message: impl fmt::Display) -> Error {
        if self.path.is_empty() {
            Error::at(self.value.pos, message.to_string())
        } else {
            Error::at(self.value.pos, format!("{}: {message}", self.path))
        }
    }

    fn expected(&self, what: &str) -> Error {
        self.error(format_args!("expected {what}, found {}", self.value.type_name()))
    }

    fn child_path(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    /// The member `key` of this object; an error if this is not an object or has no such
    /// member (reported at the object).
    pub fn get(&self, key: &str) -> Result<Field<'a>, Error> {
        match self.get_opt(key)? {
            Some(field) => Ok(field),
            None => {
                let message = format!("missing field {}", self.child_path(key));
                Err(Error::at(self.value.pos, message))
            }
        }
    }

    /// The member `key` of this object, or `None` if it is absent or `null` (how a sender
    /// says "not given"); an error if this is not an object.
    pub fn get_opt(&self, key: &str) -> Result<Option<Field<'a>>, Error> {
        let object = self.as_object()?;
        Ok(object
            .get(key)
            .filter(|value| !value.is_null())
            .map(|value| Field { value, path: self.child_path(key) }))
    }

    /// The object; an error if the value is something else.
    pub fn as_object(&self) -> Result<&'a Object, Error> {
        self.value.as_object().ok_or_else(|| self.expected("an object"))
    }

    /// The elements of this array, each with its path (`tests[0]`); an error if the value is
    /// not an array.
    pub fn as_array(&self) -> Result<Vec<Field<'a>>, Error> {
        let items = self.value.as_array().ok_or_else(|| self.expected("an array"))?;
        Ok(items
            .iter()
            .enumerate()
            .map(|(i, value)| Field { value, path: format!("{}[{i}]", self.path) })
            .collect())
    }

    /// The string; an error if the value is something else.
    pub fn as_str(&self) -> Result<&'a str, Error> {
        self.value.as_str().ok_or_else(|| self.expected("a string"))
    }

    /// The boolean; an error if the value is something else.
    pub fn as_bool(&self) -> Result<bool, Error> {
        self.value.as_bool().ok_or_else(|| self.expected("a boolean"))
    }

    /// The number as a finite `f64`; an error if the value is not a number or is too large
    /// for one.
    pub fn as_f64(&self) -> Result<f64, Error> {
        let number = self.value.as_number().ok_or_else(|| self.expected("a number"))?;
        number
            .as_f64()
            .ok_or_else(|| self.error(format_args!("{} is out of range", shown_number(number))))
    }

    /// The number as a `u64`; an error if the value is not a number, not written as an
    /// integer, negative, or too large.
    pub fn as_u64(&self) -> Result<u64, Error> {
        let number = self.value.as_number().ok_or_else(|| self.expected("an integer"))?;
        if !number.is_integer_literal() {
            return Err(
                self.error(format_args!("expected an integer, found {}", shown_number(number)))
            );
        }
        number.as_u64().ok_or_else(|| {
            self.error(format_args!("{} is out of range (0 to {})", shown_number(number), u64::MAX))
        })
    }
}

/// A number's text for a message, cut short if long (a hostile number may have a million
/// digits).
fn shown_number(number: &Number) -> String {
    const MAX: usize = 24;
    let text = number.text();
    if text.len() <= MAX {
        text.to_string()
    } else {
        // The text is ASCII, so any byte index is a char boundary.
        format!("{}... ({} characters)", &text[..MAX], text.len())
    }
}

/// Reads `input` as one JSON document, nesting at most [`DEFAULT_MAX_DEPTH`] deep.
///
/// # Errors
/// The first thing wrong, at its place (see the module docs for what is refused).
///
/// # Examples
/// ```
/// use judge_meta::json;
/// let doc = json::parse(br#"{"tests": [{"input": "1 2\n"}]}"#).unwrap();
/// let test = &doc.field().get("tests").unwrap().as_array().unwrap()[0];
/// assert_eq!(test.get("input").unwrap().as_str().unwrap(), "1 2\n");
/// let error = test.get("output").unwrap_err();
/// assert_eq!(error.to_string(), "line 1, column 12: missing field tests[0].output");
/// ```
pub fn parse(input: &[u8]) -> Result<Value, Error> {
    parse_with_depth(input, DEFAULT_MAX_DEPTH)
}

/// [`parse`] with another nesting limit (`1` allows one array or object with no other
/// inside).
pub fn parse_with_depth(input: &[u8], max_depth: usize) -> Result<Value, Error> {
    let text = match std::str::from_utf8(input) {
        Ok(text) => text,
        Err(error) => {
            let at = error.valid_up_to();
            let pos = pos_of(input, at);
            return Err(Error::at(pos, format!("not UTF-8, found byte 0x{:02x}", input[at])));
        }
    };
    const BOM: &str = "\u{feff}";
    let start = if text.starts_with(BOM) { BOM.len() } else { 0 };
    let mut parser =
        Parser { text, bytes: text.as_bytes(), at: start, line: 1, line_start: 0, max_depth };
    let value = parser.value(0)?;
    parser.skip_whitespace();
    if parser.at < parser.bytes.len() {
        return Err(parser.unexpected("expected the end of the document"));
    }
    Ok(value)
}

/// The place of byte `at` in `input`, counting lines from the start (for errors found
/// before parsing, where the parser's running count is not available).
fn pos_of(input: &[u8], at: usize) -> Pos {
    let before = &input[..at];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    Pos::new(line, at - line_start + 1)
}

/// How an input character is shown in a message: `'x'` for printable ASCII, `'\x0a'` for
/// other ASCII, `U+00E9` for the rest (so that no message carries a control character or
/// invisible text).
fn describe_char(c: char) -> String {
    if c.is_ascii_graphic() || c == ' ' {
        format!("'{c}'")
    } else if c.is_ascii() {
        format!("'\\x{:02x}'", c as u32)
    } else {
        format!("U+{:04X}", c as u32)
    }
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    /// The next byte to read.
    at: usize,
    /// The line of `at` (lines only end in whitespace between tokens: a raw newline inside a
    /// string is an error there, so `line` and `line_start` are always `at`'s).
    line: usize,
    line_start: usize,
    max_depth: usize,
}

impl Parser<'_> {
    fn pos(&self) -> Pos {
        Pos::new(self.line, self.at - self.line_start + 1)
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    /// `expected ..., found <what is at the cursor>` at the cursor.
    fn unexpected(&self, expected: &str) -> Error {
        let found = match self.text[self.at..].chars().next() {
            Some(c) => describe_char(c),
            None => "end of input".to_string(),
        };
        Error::at(self.pos(), format!("{expected}, found {found}"))
    }

    fn skip_whitespace(&mut self) {
        while let Some(b) = self.peek() {
            match b {
                b' ' | b'\t' | b'\r' => self.at += 1,
                b'\n' => {
                    self.at += 1;
                    self.line += 1;
                    self.line_start = self.at;
                }
                _ => break,
            }
        }
    }

    /// A value after optional whitespace; `depth` arrays and objects enclose it.
    fn value(&mut self, depth: usize) -> Result<Value, Error> {
        self.skip_whitespace();
        let pos = self.pos();
        let kind = match self.peek() {
            Some(b'{') | Some(b'[') if depth >= self.max_depth => {
                return Err(Error::at(
                    pos,
                    format!("arrays and objects nest deeper than {} levels", self.max_depth),
                ));
            }
            Some(b'{') => Kind::Object(Box::new(self.object(depth + 1)?)),
            Some(b'[') => Kind::Array(self.array(depth + 1)?),
            Some(b'"') => Kind::String(self.string()?),
            Some(b't') => self.literal("true", Kind::Bool(true))?,
            Some(b'f') => self.literal("false", Kind::Bool(false))?,
            Some(b'n') => self.literal("null", Kind::Null)?,
            Some(b'-' | b'0'..=b'9') => Kind::Number(self.number()?),
            _ => return Err(self.unexpected("expected a value")),
        };
        Ok(Value { kind, pos })
    }

    fn literal(&mut self, word: &str, kind: Kind) -> Result<Kind, Error> {
        for expected in word.bytes() {
            if self.peek() != Some(expected) {
                return Err(self.unexpected(&format!("expected {word}")));
            }
            self.at += 1;
        }
        Ok(kind)
    }

    fn digits(&mut self) -> usize {
        let start = self.at;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.at += 1;
        }
        self.at - start
    }

    fn number(&mut self) -> Result<Number, Error> {
        let start = self.at;
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        match self.peek() {
            Some(b'0') => {
                self.at += 1;
                if matches!(self.peek(), Some(b'0'..=b'9')) {
                    return Err(self.unexpected("a number has no leading zeros"));
                }
            }
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(self.unexpected("expected a digit")),
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            if self.digits() == 0 {
                return Err(self.unexpected("expected a digit after the decimal point"));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.at += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.at += 1;
            }
            if self.digits() == 0 {
                return Err(self.unexpected("expected a digit in the exponent"));
            }
        }
        Ok(Number(self.text[start..self.at].into()))
    }

    /// A string; the cursor is on its opening quote.
    fn string(&mut self) -> Result<String, Error> {
        self.at += 1;
        let mut out = String::new();
        loop {
            let start = self.at;
            while let Some(b) = self.peek() {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.at += 1;
            }
            // The run ends at an ASCII byte (or the end), so it is whole UTF-8.
            out.push_str(&self.text[start..self.at]);
            match self.peek() {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(out);
                }
                Some(b'\\') => out.push(self.escape()?),
                Some(_) => {
                    return Err(self.unexpected("a control character must be escaped in a string"))
                }
                None => return Err(self.unexpected("the string is not closed")),
            }
        }
    }

    /// One escape; the cursor is on its backslash.
    fn escape(&mut self) -> Result<char, Error> {
        let escape_pos = self.pos();
        self.at += 1;
        let c = match self.peek() {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => {
                self.at += 1;
                let unit = self.hex4()?;
                return self.code_point(unit, escape_pos);
            }
            _ => return Err(self.unexpected("expected an escape: b f n r t u / \\ or a quote")),
        };
        self.at += 1;
        Ok(c)
    }

    /// The character of a `\u` escape whose first UTF-16 unit is `unit` (the cursor is after
    /// it): a surrogate must be the high half of a pair whose low half follows at once.
    fn code_point(&mut self, unit: u32, escape_pos: Pos) -> Result<char, Error> {
        let lone =
            || Error::at(escape_pos, format!("\\u{unit:04x} is half of a surrogate pair, alone"));
        match unit {
            0xD800..=0xDBFF => {
                if self.bytes.get(self.at..self.at + 2) != Some(b"\\u") {
                    return Err(lone());
                }
                let saved = self.at;
                self.at += 2;
                let low = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&low) {
                    self.at = saved;
                    return Err(lone());
                }
                let c = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                Ok(char::from_u32(c).expect("a surrogate pair encodes a scalar value"))
            }
            0xDC00..=0xDFFF => Err(lone()),
            _ => Ok(char::from_u32(unit).expect("a non-surrogate unit is a scalar value")),
        }
    }

    fn hex4(&mut self) -> Result<u32, Error> {
        let mut unit = 0;
        for _ in 0..4 {
            let digit = match self.peek() {
                Some(b) => (b as char).to_digit(16),
                None => None,
            };
            match digit {
                Some(d) => unit = unit * 16 + d,
                None => return Err(self.unexpected("expected a hex digit")),
            }
            self.at += 1;
        }
        Ok(unit)
    }

    /// An array; the cursor is on `[`.
    fn array(&mut self, depth: usize) -> Result<Vec<Value>, Error> {
        self.at += 1;
        let mut items = Vec::new();
        self.skip_whitespace();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(items);
        }
        loop {
            items.push(self.value(depth)?);
            self.skip_whitespace();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(items);
                }
                _ => return Err(self.unexpected("expected ',' or ']'")),
            }
        }
    }

    /// An object; the cursor is on `{`.
    fn object(&mut self, depth: usize) -> Result<Object, Error> {
        self.at += 1;
        let mut entries = Vec::new();
        let mut key_places = Vec::new();
        self.skip_whitespace();
        if self.peek() == Some(b'}') {
            self.at += 1;
        } else {
            loop {
                self.skip_whitespace();
                if self.peek() != Some(b'"') {
                    let expected =
                        if entries.is_empty() { "expected a key or '}'" } else { "expected a key" };
                    return Err(self.unexpected(expected));
                }
                key_places.push(self.pos());
                let key = self.string()?;
                self.skip_whitespace();
                if self.peek() != Some(b':') {
                    return Err(self.unexpected("expected ':'"));
                }
                self.at += 1;
                let value = self.value(depth)?;
                entries.push((key, value));
                self.skip_whitespace();
                match self.peek() {
                    Some(b',') => self.at += 1,
                    Some(b'}') => {
                        self.at += 1;
                        break;
                    }
                    _ => return Err(self.unexpected("expected ',' or '}'")),
                }
            }
        }
        let mut by_key: Vec<usize> = (0..entries.len()).collect();
        // Stable, so equal keys stay in document order and the later one is the duplicate.
        by_key.sort_by(|&a, &b| entries[a].0.cmp(&entries[b].0));
        for pair in by_key.windows(2) {
            if entries[pair[0]].0.cmp(&entries[pair[1]].0) == Ordering::Equal {
                let second = pair[0].max(pair[1]);
                return Err(Error::at(key_places[second], "a key occurs twice in this object"));
            }
        }
        Ok(Object { entries, by_key })
    }
}

/// `text` as a JSON string: quoted, with `"`, `\` and the control characters escaped.
///
/// # Examples
/// ```
/// use judge_meta::json::quote;
/// assert_eq!(quote("a \"b\"\n\u{1}"), r#""a \"b\"\n\u0001""#);
/// ```
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{:04x}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::{parse, parse_with_depth, Kind, Pos};

    #[track_caller]
    fn check_error(input: &str, expected: &str) {
        match parse(input.as_bytes()) {
            Ok(value) => panic!("{input:?} parsed as {value:?}, expected {expected:?}"),
            Err(error) => assert_eq!(error.to_string(), expected, "input {input:?}"),
        }
    }

    #[track_caller]
    fn string_of(input: &str) -> String {
        let value = parse(input.as_bytes()).unwrap_or_else(|e| panic!("{input:?}: {e}"));
        value.as_str().expect("a string").to_string()
    }

    #[test]
    fn every_kind_of_value() {
        let doc =
            parse(br#" {"a": [1, -2.5e3, 0, true, false, null, "x", {}, []], "b": {"c": "d"}} "#)
                .unwrap();
        let a = doc.get("a").unwrap().as_array().unwrap();
        assert_eq!(a.len(), 9);
        assert_eq!(a[0].as_u64(), Some(1));
        assert_eq!(a[1].as_f64(), Some(-2500.0));
        assert_eq!(a[1].as_u64(), None);
        assert_eq!(a[2].as_u64(), Some(0));
        assert_eq!(a[3].as_bool(), Some(true));
        assert_eq!(a[4].as_bool(), Some(false));
        assert!(a[5].is_null());
        assert_eq!(a[6].as_str(), Some("x"));
        assert!(a[7].as_object().unwrap().is_empty());
        assert!(a[8].as_array().unwrap().is_empty());
        assert_eq!(doc.get("b").and_then(|b| b.get("c")).and_then(|c| c.as_str()), Some("d"));
        assert_eq!(doc.pos(), Pos { line: 1, column: 2 });
        assert_eq!(a[1].pos(), Pos { line: 1, column: 12 });
        for scalar in ["0", "-0", "1.5", "1E+2", "1e-2", "\"\"", "true", "null"] {
            assert!(parse(scalar.as_bytes()).is_ok(), "{scalar}");
        }
    }

    #[test]
    fn objects_keep_document_order_and_find_by_key() {
        let doc = parse(br#"{"z": 1, "a": 2, "m": 3}"#).unwrap();
        let object = doc.as_object().unwrap();
        let keys: Vec<&str> = object.iter().map(|(k, _)| k).collect();
        assert_eq!(keys, ["z", "a", "m"]);
        assert_eq!(object.get("m").and_then(|v| v.as_u64()), Some(3));
        assert_eq!(object.get("q"), None);
        assert_eq!(object.len(), 3);
    }

    #[test]
    fn escapes() {
        assert_eq!(string_of(r#""a\"b\\c\/d\b\f\n\r\t""#), "a\"b\\c/d\u{8}\u{c}\n\r\t");
        assert_eq!(string_of(r#""\u0041\u00e9\u00E9\u4e2d""#), "Aéé中");
        assert_eq!(string_of(r#""\u0000""#), "\0");
        // A surrogate pair is one character; U+1F600 and U+10FFFF, the largest.
        assert_eq!(string_of(r#""\ud83d\ude00""#), "\u{1f600}");
        assert_eq!(string_of(r#""\uDBFF\uDFFF""#), "\u{10ffff}");
        assert_eq!(string_of("\"raw é and 中 and \u{1f600}\""), "raw é and 中 and \u{1f600}");
    }

    #[test]
    fn lone_surrogates_are_rejected() {
        check_error(r#""\ud800""#, "line 1, column 2: \\ud800 is half of a surrogate pair, alone");
        check_error(
            r#""ab\ud800x""#,
            "line 1, column 4: \\ud800 is half of a surrogate pair, alone",
        );
        check_error(
            r#""\ud800\u0041""#,
            "line 1, column 2: \\ud800 is half of a surrogate pair, alone",
        );
        check_error(r#""\udc00""#, "line 1, column 2: \\udc00 is half of a surrogate pair, alone");
        check_error(
            r#""\ud800\ud800""#,
            "line 1, column 2: \\ud800 is half of a surrogate pair, alone",
        );
        check_error(r#""\ud800\u00""#, "line 1, column 12: expected a hex digit, found '\"'");
    }

    #[test]
    fn syntax_errors_name_the_place_and_what_is_there() {
        check_error("", "line 1, column 1: expected a value, found end of input");
        check_error("  \n ", "line 2, column 2: expected a value, found end of input");
        check_error("{\"a\": 1 x}", "line 1, column 9: expected ',' or '}', found 'x'");
        check_error("{\"a\" 1}", "line 1, column 6: expected ':', found '1'");
        check_error("{\"a\": 1,}", "line 1, column 9: expected a key, found '}'");
        check_error("{1: 2}", "line 1, column 2: expected a key or '}', found '1'");
        check_error("[1,]", "line 1, column 4: expected a value, found ']'");
        check_error("[1 2]", "line 1, column 4: expected ',' or ']', found '2'");
        check_error("[1", "line 1, column 3: expected ',' or ']', found end of input");
        check_error("01", "line 1, column 2: a number has no leading zeros, found '1'");
        check_error("-", "line 1, column 2: expected a digit, found end of input");
        check_error("-a", "line 1, column 2: expected a digit, found 'a'");
        check_error(
            "1.",
            "line 1, column 3: expected a digit after the decimal point, found end of input",
        );
        check_error(
            "1e+",
            "line 1, column 4: expected a digit in the exponent, found end of input",
        );
        check_error("+1", "line 1, column 1: expected a value, found '+'");
        check_error("tru", "line 1, column 4: expected true, found end of input");
        check_error("nul1", "line 1, column 4: expected null, found '1'");
        check_error("true false", "line 1, column 6: expected the end of the document, found 'f'");
        check_error("\"abc", "line 1, column 5: the string is not closed, found end of input");
        check_error(
            "[\n  \"a\nb\"]",
            "line 2, column 5: a control character must be escaped in a string, found '\\x0a'",
        );
        check_error(
            "\"\\x\"",
            "line 1, column 3: expected an escape: b f n r t u / \\ or a quote, found 'x'",
        );
        check_error("[é]", "line 1, column 2: expected a value, found U+00E9");
        check_error("[\u{7f}]", "line 1, column 2: expected a value, found '\\x7f'");
        check_error("{\"a\": 1, \"a\": 2}", "line 1, column 10: a key occurs twice in this object");
        check_error(
            "{\"b\": 1, \"a\": 2,\n \"b\": 3}",
            "line 2, column 2: a key occurs twice in this object",
        );
    }

    #[test]
    fn not_utf8_is_refused_at_the_byte() {
        let error = parse(b"{\"a\":\n \"x\xff\"}").unwrap_err();
        assert_eq!(error.to_string(), "line 2, column 4: not UTF-8, found byte 0xff");
        let error = parse(b"\"\xc3\"").unwrap_err();
        assert_eq!(error.to_string(), "line 1, column 2: not UTF-8, found byte 0xc3");
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let value = parse("\u{feff}[1]".as_bytes()).unwrap();
        assert_eq!(value.pos(), Pos { line: 1, column: 4 });
        check_error(
            "[1]\u{feff}",
            "line 1, column 4: expected the end of the document, found U+FEFF",
        );
    }

    #[test]
    fn nesting_is_bounded() {
        assert!(parse_with_depth(b"[[1]]", 2).is_ok());
        let error = parse_with_depth(b"[[[1]]]", 2).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 3: arrays and objects nest deeper than 2 levels"
        );
        let deep = "[".repeat(100_000);
        let error = parse(deep.as_bytes()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 129: arrays and objects nest deeper than 128 levels"
        );
        let nested_objects = "{\"a\":".repeat(200);
        assert!(parse(nested_objects.as_bytes()).is_err());
    }

    #[test]
    fn numbers_keep_their_digits() {
        let value = parse(b"18446744073709551615").unwrap();
        assert_eq!(value.as_u64(), Some(u64::MAX));
        let value = parse(b"18446744073709551616").unwrap();
        assert_eq!(value.as_u64(), None);
        assert_eq!(value.as_f64(), Some(18446744073709551616.0));
        let value = parse(b"-5").unwrap();
        assert_eq!(value.as_u64(), None);
        assert_eq!(value.as_number().unwrap().as_i64(), Some(-5));
        let value = parse(b"1e400").unwrap();
        assert_eq!(value.as_f64(), None);
        assert_eq!(value.as_number().unwrap().text(), "1e400");
    }

    #[test]
    fn fields_name_their_path() {
        let doc = parse(
            b"{\n  \"tests\": [\n    {\"input\": \"1\\n\", \"output\": 5},\n    3\n  ],\n  \"size\": 1.5,\n  \"big\": 99999999999999999999999999999\n}",
        )
        .unwrap();
        let root = doc.field();
        let tests = root.get("tests").unwrap().as_array().unwrap();
        assert_eq!(tests[0].path(), "tests[0]");
        assert_eq!(tests[0].get("input").unwrap().as_str().unwrap(), "1\n");
        let error = tests[0].get("output").unwrap().as_str().unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 3, column 32: tests[0].output: expected a string, found a number"
        );
        let error = tests[1].get("input").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 4, column 5: tests[1]: expected an object, found a number"
        );
        let error = tests[0].get("name").unwrap_err();
        assert_eq!(error.to_string(), "line 3, column 5: missing field tests[0].name");
        let error = root.get("size").unwrap().as_u64().unwrap_err();
        assert_eq!(error.to_string(), "line 6, column 11: size: expected an integer, found 1.5");
        let error = root.get("big").unwrap().as_u64().unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 7, column 10: big: 999999999999999999999999... (29 characters) is out of range (0 to 18446744073709551615)"
        );
        let error = root.get("tests").unwrap().as_bool().unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2, column 12: tests: expected a boolean, found an array"
        );
        let error = root.as_array().unwrap_err();
        assert_eq!(error.to_string(), "line 1, column 1: expected an array, found an object");
        assert!(root.get_opt("absent").unwrap().is_none());
    }

    #[test]
    fn null_is_absent_for_optional_fields() {
        let doc = parse(br#"{"a": null}"#).unwrap();
        assert!(doc.field().get_opt("a").unwrap().is_none());
        assert_eq!(
            doc.field().get("a").unwrap_err().to_string(),
            "line 1, column 1: missing field a"
        );
        assert!(matches!(doc.get("a").unwrap().kind(), Kind::Null));
    }

    /// What a generated document should parse to.
    #[derive(Debug)]
    enum Expected {
        Null,
        Bool(bool),
        Number(String),
        Text(String),
        Array(Vec<Expected>),
        Object(Vec<(String, Expected)>),
    }

    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    fn blank(rng: &mut Rng, out: &mut String) {
        for _ in 0..rng.below(3) {
            out.push([' ', '\t', '\n', '\r'][rng.below(4) as usize]);
        }
    }

    /// A string literal written with every kind of escape, and the text it stands for.
    fn string(rng: &mut Rng, out: &mut String) -> String {
        let mut text = String::new();
        out.push('"');
        for _ in 0..rng.below(8) {
            let (written, meant): (String, String) = match rng.below(10) {
                0 => ("\\\"".into(), "\"".into()),
                1 => ("\\\\".into(), "\\".into()),
                2 => ("\\/".into(), "/".into()),
                3 => {
                    let (e, c) =
                        [("b", '\u{8}'), ("f", '\u{c}'), ("n", '\n'), ("r", '\r'), ("t", '\t')]
                            [rng.below(5) as usize];
                    (format!("\\{e}"), c.to_string())
                }
                4 => {
                    // Any BMP character but a surrogate, as \uXXXX in either case.
                    let c = loop {
                        if let Some(c) = char::from_u32(rng.below(0x10000) as u32) {
                            break c;
                        }
                    };
                    let hex = format!("{:04x}", c as u32);
                    let hex = if rng.below(2) == 0 { hex } else { hex.to_uppercase() };
                    (format!("\\u{hex}"), c.to_string())
                }
                5 => {
                    let c = char::from_u32(0x10000 + rng.below(0x100000) as u32)
                        .expect("a scalar value");
                    let mut units = [0u16; 2];
                    c.encode_utf16(&mut units);
                    (format!("\\u{:04x}\\u{:04X}", units[0], units[1]), c.to_string())
                }
                6 => {
                    let c = ["é", "中", "\u{1f600}", "\u{7f}", "'"][rng.below(5) as usize];
                    (c.into(), c.into())
                }
                _ => {
                    let c = (b'a' + rng.below(26) as u8) as char;
                    (c.to_string(), c.to_string())
                }
            };
            out.push_str(&written);
            text.push_str(&meant);
        }
        out.push('"');
        text
    }

    fn generate(rng: &mut Rng, depth: usize, out: &mut String) -> Expected {
        blank(rng, out);
        let kind = if depth >= 6 { rng.below(4) } else { rng.below(6) };
        let expected = match kind {
            0 => {
                let (word, value) = [("null", None), ("true", Some(true)), ("false", Some(false))]
                    [rng.below(3) as usize];
                out.push_str(word);
                value.map_or(Expected::Null, Expected::Bool)
            }
            1 => {
                let mut number = String::new();
                if rng.below(2) == 0 {
                    number.push('-');
                }
                number.push_str(&if rng.below(3) == 0 {
                    "0".to_string()
                } else {
                    (1 + rng.below(1 << 40)).to_string()
                });
                if rng.below(2) == 0 {
                    number.push_str(&format!(".{}", rng.below(1000)));
                }
                if rng.below(3) == 0 {
                    number.push_str(["e", "E", "e+", "e-"][rng.below(4) as usize]);
                    number.push_str(&rng.below(400).to_string());
                }
                out.push_str(&number);
                Expected::Number(number)
            }
            2 | 3 => Expected::Text(string(rng, out)),
            4 => {
                out.push('[');
                let mut items = Vec::new();
                for i in 0..rng.below(5) {
                    if i > 0 {
                        out.push(',');
                    }
                    items.push(generate(rng, depth + 1, out));
                }
                blank(rng, out);
                out.push(']');
                Expected::Array(items)
            }
            _ => {
                out.push('{');
                let mut members: Vec<(String, Expected)> = Vec::new();
                for _ in 0..rng.below(5) {
                    let mut member = String::new();
                    blank(rng, &mut member);
                    let key = string(rng, &mut member);
                    if members.iter().any(|(k, _)| *k == key) {
                        continue;
                    }
                    if !members.is_empty() {
                        out.push(',');
                    }
                    out.push_str(&member);
                    blank(rng, out);
                    out.push(':');
                    let value = generate(rng, depth + 1, out);
                    members.push((key, value));
                }
                blank(rng, out);
                out.push('}');
                Expected::Object(members)
            }
        };
        blank(rng, out);
        expected
    }

    #[track_caller]
    fn check_value(value: &super::Value, expected: &Expected, text: &str) {
        match (value.kind(), expected) {
            (Kind::Null, Expected::Null) => {}
            (Kind::Bool(a), Expected::Bool(b)) => assert_eq!(a, b, "{text}"),
            (Kind::Number(a), Expected::Number(b)) => assert_eq!(a.text(), b, "{text}"),
            (Kind::String(a), Expected::Text(b)) => assert_eq!(a, b, "{text}"),
            (Kind::Array(a), Expected::Array(b)) => {
                assert_eq!(a.len(), b.len(), "{text}");
                a.iter().zip(b).for_each(|(a, b)| check_value(a, b, text));
            }
            (Kind::Object(a), Expected::Object(b)) => {
                let keys: Vec<&str> = a.iter().map(|(k, _)| k).collect();
                let expected_keys: Vec<&str> = b.iter().map(|(k, _)| k.as_str()).collect();
                assert_eq!(keys, expected_keys, "{text}");
                for (key, value) in b {
                    check_value(a.get(key).expect("every key is found"), value, text);
                }
            }
            (kind, expected) => panic!("{kind:?} is not {expected:?} in {text}"),
        }
    }

    /// Random documents with every escape, whitespace anywhere it may go, nesting, numbers of
    /// every shape: each parses to exactly what it was written to say, and any proper prefix
    /// of it is refused (a document cut short is never taken for a whole one).
    #[test]
    fn random_documents_parse_to_what_they_say() {
        let seed =
            std::env::var("JSON_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x1234_5678_u64);
        let mut rng = Rng(seed | 1);
        for case in 0..20_000 {
            let mut text = String::new();
            let expected = generate(&mut rng, 0, &mut text);
            let value = parse(text.as_bytes())
                .unwrap_or_else(|e| panic!("seed {seed} case {case}: {e} in {text:?}"));
            check_value(&value, &expected, &text);
            let content_end = text.trim_end().len();
            let cut = rng.below(content_end as u64) as usize;
            if text.is_char_boundary(cut) && text[..cut].trim() != text.trim() {
                let prefix = &text[..cut];
                let whole_number =
                    matches!(expected, Expected::Number(_)) && !prefix.trim().is_empty();
                if !whole_number {
                    assert!(
                        parse(prefix.as_bytes()).is_err(),
                        "seed {seed} case {case}: prefix {prefix:?} of {text:?}"
                    );
                }
            }
        }
    }

    /// Inputs built to be slow for a careless parser (long runs, many keys, deep-but-allowed
    /// nesting) parse, each in one pass; the test only proves they finish and are right.
    #[test]
    fn large_inputs_parse_in_one_pass() {
        let n = 200_000;
        let mut many_keys = String::from("{");
        for i in 0..n {
            if i > 0 {
                many_keys.push(',');
            }
            many_keys.push_str(&format!("\"k{i}\":{i}"));
        }
        many_keys.push('}');
        let doc = parse(many_keys.as_bytes()).unwrap();
        assert_eq!(doc.get("k123456").and_then(|v| v.as_u64()), Some(123_456));
        let long_string = format!("\"{}\"", "\\n".repeat(n));
        assert_eq!(string_of(&long_string).len(), n);
        let long_number = "9".repeat(n);
        assert!(parse(long_number.as_bytes()).unwrap().as_f64().is_none());
        let nested = format!("{}{}", "[".repeat(128), "]".repeat(128));
        assert!(parse(nested.as_bytes()).is_ok());
    }
}
