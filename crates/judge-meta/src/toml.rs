//! A reader of TOML documents as Cargo manifests write them: tables and arrays of tables,
//! dotted and quoted keys, basic, literal and multi-line strings, integers, floats, booleans,
//! arrays and inline tables, comments anywhere TOML allows them. Dates and times (which no
//! manifest key takes) are refused. Every entry keeps the line it was written on, so that a
//! message about a manifest can name its line.
//!
//! Errors are located: `line 3, column 9: expected a value, found '}'`. No input makes it
//! panic, and nesting is bounded ([`MAX_DEPTH`]) so no input can exhaust the stack.

use std::fmt;

/// The deepest nesting of arrays and inline tables accepted.
pub const MAX_DEPTH: usize = 64;

/// A TOML value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    String(String),
    Integer(i64),
    Float(f64),
    Boolean(bool),
    Array(Vec<Value>),
    Table(Table),
}

/// A table: its entries in the order written.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Table {
    entries: Vec<Entry>,
}

/// One `key = value` of a table (or a table under its header), with the 1-based line of its
/// key (of its header, for a table).
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub key: String,
    pub value: Value,
    pub line: usize,
}

/// Why a document is not TOML, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl Value {
    /// The value's kind, for messages: `a string`, `a table`.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::String(_) => "a string",
            Value::Integer(_) => "an integer",
            Value::Float(_) => "a float",
            Value::Boolean(_) => "a boolean",
            Value::Array(_) => "an array",
            Value::Table(_) => "a table",
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(text) => Some(text),
            _ => None,
        }
    }

    pub fn as_integer(&self) -> Option<i64> {
        match self {
            Value::Integer(n) => Some(*n),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Boolean(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_table(&self) -> Option<&Table> {
        match self {
            Value::Table(table) => Some(table),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }
}

impl Table {
    /// The entries in the order written.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entry `key`.
    pub fn entry(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().find(|entry| entry.key == key)
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.entry(key).map(|entry| &entry.value)
    }

    /// The table at a dotted path of keys (`["package", "metadata", "judge"]`).
    pub fn table(&self, path: &[&str]) -> Option<&Table> {
        path.iter().try_fold(self, |table, key| table.get(key)?.as_table())
    }

    fn entry_mut(&mut self, key: &str) -> Option<&mut Entry> {
        self.entries.iter_mut().find(|entry| entry.key == key)
    }
}

/// Parses a whole document into its root table.
pub fn parse(text: &str) -> Result<Table, Error> {
    let mut parser = Parser { text: text.as_bytes(), at: 0, depth: 0 };
    let mut root = Table::default();
    // The table that `key = value` lines go to, as a path from the root (an array of tables
    // is entered at its last element), and the headers seen, which may not repeat.
    let mut current: Vec<String> = Vec::new();
    let mut headers: Vec<Vec<String>> = Vec::new();
    loop {
        parser.skip_blank_lines();
        let Some(byte) = parser.peek() else { break };
        let line = parser.line();
        if byte == b'[' {
            let start = parser.at;
            let array = parser.text[parser.at..].starts_with(b"[[");
            parser.at += if array { 2 } else { 1 };
            parser.skip_spaces();
            let path = parser.key_path()?;
            parser.skip_spaces();
            parser.expect(if array { "]]" } else { "]" })?;
            parser.end_of_line()?;
            if array {
                push_table_array(&mut root, &path, line).map_err(|m| parser.error_at(start, m))?;
            } else {
                if headers.contains(&path) {
                    return Err(
                        parser.error_at(start, format!("[{}] is defined twice", dotted(&path)))
                    );
                }
                headers.push(path.clone());
                open_table(&mut root, &path, line).map_err(|m| parser.error_at(start, m))?;
            }
            current = path;
        } else {
            let start = parser.at;
            let path = parser.key_path()?;
            parser.skip_spaces();
            parser.expect("=")?;
            parser.skip_spaces();
            let value = parser.value()?;
            parser.end_of_line()?;
            let table =
                open_table(&mut root, &current, line).map_err(|m| parser.error_at(start, m))?;
            insert(table, &path, value, line).map_err(|m| parser.error_at(start, m))?;
        }
    }
    Ok(root)
}

/// `a.b.c`.
fn dotted(path: &[String]) -> String {
    path.join(".")
}

/// The table at `path`, made (empty) where missing; an array of tables on the way is entered
/// at its last element.
fn open_table<'t>(
    root: &'t mut Table,
    path: &[String],
    line: usize,
) -> Result<&'t mut Table, String> {
    let mut table = root;
    for (depth, key) in path.iter().enumerate() {
        if table.entry(key).is_none() {
            table.entries.push(Entry {
                key: key.clone(),
                value: Value::Table(Table::default()),
                line,
            });
        }
        let entry = table.entry_mut(key).expect("present: just checked or pushed");
        table = match &mut entry.value {
            Value::Table(inner) => inner,
            Value::Array(items) => match items.last_mut() {
                Some(Value::Table(inner)) => inner,
                _ => return Err(format!("{} is an array, not a table", dotted(&path[..=depth]))),
            },
            other => {
                return Err(format!("{} is {}, not a table", dotted(&path[..=depth]), other.kind()))
            }
        };
    }
    Ok(table)
}

/// `[[path]]`: a new table at the end of the array at `path`.
fn push_table_array(root: &mut Table, path: &[String], line: usize) -> Result<(), String> {
    let (last, parents) = path.split_last().expect("a key path has a key");
    let parent = open_table(root, parents, line)?;
    match parent.entry_mut(last) {
        None => parent.entries.push(Entry {
            key: last.clone(),
            value: Value::Array(vec![Value::Table(Table::default())]),
            line,
        }),
        Some(Entry { value: Value::Array(items), .. })
            if items.iter().all(|item| matches!(item, Value::Table(_))) =>
        {
            items.push(Value::Table(Table::default()))
        }
        Some(entry) => {
            return Err(format!(
                "{} is {}, not an array of tables",
                dotted(path),
                entry.value.kind()
            ))
        }
    }
    Ok(())
}

/// `path = value` in `table`: dotted keys make the tables on the way.
fn insert(table: &mut Table, path: &[String], value: Value, line: usize) -> Result<(), String> {
    let (last, parents) = path.split_last().expect("a key path has a key");
    let parent = open_table(table, parents, line)?;
    if parent.entry(last).is_some() {
        return Err(format!("{} is defined twice", dotted(path)));
    }
    parent.entries.push(Entry { key: last.clone(), value, line });
    Ok(())
}

struct Parser<'a> {
    text: &'a [u8],
    at: usize,
    depth: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    /// The 1-based line of the current place.
    fn line(&self) -> usize {
        1 + self.text[..self.at].iter().filter(|&&b| b == b'\n').count()
    }

    fn error_at(&self, at: usize, message: impl Into<String>) -> Error {
        let at = at.min(self.text.len());
        let line_start = self.text[..at].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let line = 1 + self.text[..at].iter().filter(|&&b| b == b'\n').count();
        // Columns count bytes, as every message of the workspace does.
        Error { line, column: at - line_start + 1, message: message.into() }
    }

    fn error(&self, message: impl Into<String>) -> Error {
        self.error_at(self.at, message)
    }

    /// What is at the current place, for a message: `'x'`, `"'"`, `byte 0x01`, `end of line`
    /// or `end of input`.
    fn found(&self) -> String {
        let rest = &self.text[self.at..];
        let char = std::str::from_utf8(&rest[..rest.len().min(4)])
            .or_else(|e| std::str::from_utf8(&rest[..e.valid_up_to()]))
            .ok()
            .and_then(|s| s.chars().next());
        match char {
            None if rest.is_empty() => "end of input".to_string(),
            Some('\n') => "end of line".to_string(),
            Some('\'') => "\"'\"".to_string(),
            Some(c) if !c.is_control() => format!("'{c}'"),
            _ => format!("byte 0x{:02x}", rest[0]),
        }
    }

    fn unexpected(&self, expected: &str) -> Error {
        self.error(format!("expected {expected}, found {}", self.found()))
    }

    fn expect(&mut self, token: &str) -> Result<(), Error> {
        if self.text[self.at..].starts_with(token.as_bytes()) {
            self.at += token.len();
            Ok(())
        } else {
            Err(self.unexpected(&format!("'{token}'")))
        }
    }

    fn skip_spaces(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.at += 1;
        }
    }

    fn skip_comment(&mut self) -> Result<(), Error> {
        if self.peek() == Some(b'#') {
            while let Some(byte) = self.peek() {
                if byte == b'\n' || (byte == b'\r' && self.text.get(self.at + 1) == Some(&b'\n')) {
                    break;
                }
                if byte < 0x20 && byte != b'\t' {
                    return Err(self.error("a comment may not hold control characters"));
                }
                self.at += 1;
            }
        }
        Ok(())
    }

    /// Skips spaces, comments and line ends up to the next thing written.
    fn skip_blank_lines(&mut self) {
        loop {
            self.skip_spaces();
            if self.skip_comment().is_err() {
                return; // the caller meets the bad byte and reports it
            }
            match self.peek() {
                Some(b'\n') => self.at += 1,
                Some(b'\r') if self.text.get(self.at + 1) == Some(&b'\n') => self.at += 2,
                _ => return,
            }
        }
    }

    /// Spaces, a comment, then the end of the line (or of the input).
    fn end_of_line(&mut self) -> Result<(), Error> {
        self.skip_spaces();
        self.skip_comment()?;
        match self.peek() {
            None => Ok(()),
            Some(b'\n') => {
                self.at += 1;
                Ok(())
            }
            Some(b'\r') if self.text.get(self.at + 1) == Some(&b'\n') => {
                self.at += 2;
                Ok(())
            }
            _ => Err(self.unexpected("the end of the line")),
        }
    }

    /// `a.b."c d"`.
    fn key_path(&mut self) -> Result<Vec<String>, Error> {
        let mut path = vec![self.key()?];
        loop {
            let before = self.at;
            self.skip_spaces();
            if self.peek() == Some(b'.') {
                self.at += 1;
                self.skip_spaces();
                path.push(self.key()?);
            } else {
                self.at = before;
                return Ok(path);
            }
        }
    }

    fn key(&mut self) -> Result<String, Error> {
        match self.peek() {
            Some(b'"') => {
                if self.text[self.at..].starts_with(b"\"\"\"") {
                    return Err(self.error("a key may not be a multi-line string"));
                }
                self.basic_string()
            }
            Some(b'\'') => {
                if self.text[self.at..].starts_with(b"'''") {
                    return Err(self.error("a key may not be a multi-line string"));
                }
                self.literal_string()
            }
            _ => {
                let start = self.at;
                while matches!(self.peek(), Some(b) if b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
                {
                    self.at += 1;
                }
                if self.at == start {
                    return Err(self.unexpected("a key"));
                }
                Ok(String::from_utf8_lossy(&self.text[start..self.at]).into_owned())
            }
        }
    }

    fn value(&mut self) -> Result<Value, Error> {
        match self.peek() {
            Some(b'"') if self.text[self.at..].starts_with(b"\"\"\"") => {
                self.multiline_basic_string().map(Value::String)
            }
            Some(b'"') => self.basic_string().map(Value::String),
            Some(b'\'') if self.text[self.at..].starts_with(b"'''") => {
                self.multiline_literal_string().map(Value::String)
            }
            Some(b'\'') => self.literal_string().map(Value::String),
            Some(b'[') => self.nested(Self::array),
            Some(b'{') => self.nested(Self::inline_table),
            Some(b't') if self.text[self.at..].starts_with(b"true") => {
                self.at += 4;
                Ok(Value::Boolean(true))
            }
            Some(b'f') if self.text[self.at..].starts_with(b"false") => {
                self.at += 5;
                Ok(Value::Boolean(false))
            }
            Some(b'+' | b'-' | b'0'..=b'9' | b'i' | b'n') => self.number(),
            _ => Err(self.unexpected("a value")),
        }
    }

    /// An array or inline table, within the nesting bound.
    fn nested(&mut self, read: fn(&mut Self) -> Result<Value, Error>) -> Result<Value, Error> {
        if self.depth >= MAX_DEPTH {
            return Err(self.error(format!("nested deeper than {MAX_DEPTH} levels")));
        }
        self.depth += 1;
        let value = read(self);
        self.depth -= 1;
        value
    }

    fn array(&mut self) -> Result<Value, Error> {
        self.at += 1; // '['
        let mut items = Vec::new();
        loop {
            self.skip_blank_lines();
            if self.peek() == Some(b']') {
                self.at += 1;
                return Ok(Value::Array(items));
            }
            items.push(self.value()?);
            self.skip_blank_lines();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.unexpected("',' or ']'")),
            }
        }
    }

    fn inline_table(&mut self) -> Result<Value, Error> {
        self.at += 1; // '{'
        let mut table = Table::default();
        self.skip_spaces();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Value::Table(table));
        }
        loop {
            self.skip_spaces();
            let start = self.at;
            let line = self.line();
            let path = self.key_path()?;
            self.skip_spaces();
            self.expect("=")?;
            self.skip_spaces();
            let value = self.value()?;
            insert(&mut table, &path, value, line).map_err(|m| self.error_at(start, m))?;
            self.skip_spaces();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Value::Table(table));
                }
                _ => return Err(self.unexpected("',' or '}'")),
            }
        }
    }

    fn basic_string(&mut self) -> Result<String, Error> {
        self.at += 1; // '"'
        let mut text = Vec::new();
        loop {
            match self.peek() {
                None | Some(b'\n') => return Err(self.unexpected("'\"'")),
                Some(b'"') => {
                    self.at += 1;
                    return self.utf8(text);
                }
                Some(b'\\') => self.escape(&mut text)?,
                Some(byte) if byte < 0x20 && byte != b'\t' || byte == 0x7f => {
                    return Err(self.error("a string may not hold control characters"))
                }
                Some(byte) => {
                    text.push(byte);
                    self.at += 1;
                }
            }
        }
    }

    fn multiline_basic_string(&mut self) -> Result<String, Error> {
        self.at += 3;
        self.skip_first_newline();
        let mut text = Vec::new();
        loop {
            if self.text[self.at..].starts_with(b"\"\"\"") {
                // Up to two quotes may end the string's own text.
                let mut quotes = 3;
                while quotes < 5 && self.text.get(self.at + quotes) == Some(&b'"') {
                    quotes += 1;
                }
                text.extend(std::iter::repeat(b'"').take(quotes - 3));
                self.at += quotes;
                return self.utf8(text);
            }
            match self.peek() {
                None => return Err(self.unexpected("'\"\"\"'")),
                Some(b'\\') => {
                    // A backslash at the end of a line joins the next non-blank text.
                    let rest = &self.text[self.at + 1..];
                    let blank = rest.iter().take_while(|b| matches!(b, b' ' | b'\t')).count();
                    if matches!(rest.get(blank), Some(b'\n') | Some(b'\r')) {
                        self.at += 1 + blank;
                        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
                            self.at += 1;
                        }
                    } else {
                        self.escape(&mut text)?;
                    }
                }
                Some(byte) if byte < 0x20 && !matches!(byte, b'\t' | b'\n' | b'\r') => {
                    return Err(self.error("a string may not hold control characters"))
                }
                Some(byte) => {
                    text.push(byte);
                    self.at += 1;
                }
            }
        }
    }

    fn literal_string(&mut self) -> Result<String, Error> {
        self.at += 1; // '\''
        let start = self.at;
        loop {
            match self.peek() {
                None | Some(b'\n') => return Err(self.unexpected("'\\''")),
                Some(b'\'') => {
                    let text = self.text[start..self.at].to_vec();
                    self.at += 1;
                    return self.utf8(text);
                }
                Some(byte) if byte < 0x20 && byte != b'\t' => {
                    return Err(self.error("a string may not hold control characters"))
                }
                Some(_) => self.at += 1,
            }
        }
    }

    fn multiline_literal_string(&mut self) -> Result<String, Error> {
        self.at += 3;
        self.skip_first_newline();
        let start = self.at;
        loop {
            if self.text[self.at..].starts_with(b"'''") {
                let mut quotes = 3;
                while quotes < 5 && self.text.get(self.at + quotes) == Some(&b'\'') {
                    quotes += 1;
                }
                let text = self.text[start..self.at + quotes - 3].to_vec();
                self.at += quotes;
                return self.utf8(text);
            }
            match self.peek() {
                None => return Err(self.unexpected("\"'''\"")),
                Some(byte) if byte < 0x20 && !matches!(byte, b'\t' | b'\n' | b'\r') => {
                    return Err(self.error("a string may not hold control characters"))
                }
                Some(_) => self.at += 1,
            }
        }
    }

    fn skip_first_newline(&mut self) {
        if self.text[self.at..].starts_with(b"\r\n") {
            self.at += 2;
        } else if self.peek() == Some(b'\n') {
            self.at += 1;
        }
    }

    fn utf8(&self, bytes: Vec<u8>) -> Result<String, Error> {
        String::from_utf8(bytes).map_err(|_| self.error("a string must be UTF-8"))
    }

    /// A backslash escape, appended to `text` as UTF-8.
    fn escape(&mut self, text: &mut Vec<u8>) -> Result<(), Error> {
        let start = self.at;
        self.at += 1; // '\\'
        let simple = match self.peek() {
            Some(b'b') => Some(b'\x08'),
            Some(b't') => Some(b'\t'),
            Some(b'n') => Some(b'\n'),
            Some(b'f') => Some(b'\x0c'),
            Some(b'r') => Some(b'\r'),
            Some(b'"') => Some(b'"'),
            Some(b'\\') => Some(b'\\'),
            Some(b'e') => Some(b'\x1b'),
            _ => None,
        };
        if let Some(byte) = simple {
            text.push(byte);
            self.at += 1;
            return Ok(());
        }
        let digits = match self.peek() {
            Some(b'u') => 4,
            Some(b'U') => 8,
            Some(b'x') => 2,
            _ => {
                return Err(self.error_at(
                    start,
                    "unknown escape (\\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX)",
                ))
            }
        };
        let hex = self.text.get(self.at + 1..self.at + 1 + digits);
        let code = hex
            .filter(|hex| hex.iter().all(u8::is_ascii_hexdigit))
            .and_then(|hex| u32::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok());
        let Some(c) = code.and_then(char::from_u32) else {
            return Err(self.error_at(start, "expected a Unicode scalar value in hexadecimal"));
        };
        let mut buffer = [0; 4];
        text.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
        self.at += 1 + digits;
        Ok(())
    }

    fn number(&mut self) -> Result<Value, Error> {
        let start = self.at;
        while matches!(self.peek(), Some(b) if b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'_' | b'.' | b':'))
        {
            self.at += 1;
        }
        let word = std::str::from_utf8(&self.text[start..self.at]).expect("ASCII bytes only");
        let bad = |message: String| Err(self.error_at(start, message));
        if word.contains(':') || word.matches('-').count() >= 2 && !word.contains(['e', 'E']) {
            return bad(format!("dates and times are not supported, found {word:?}"));
        }
        let (sign, digits) = match word.as_bytes().first() {
            Some(b'+') => (1, &word[1..]),
            Some(b'-') => (-1, &word[1..]),
            _ => (1, word),
        };
        match digits {
            "inf" => return Ok(Value::Float(f64::INFINITY * sign as f64)),
            "nan" => return Ok(Value::Float(f64::NAN)),
            _ => {}
        }
        let radix = match digits.get(..2) {
            Some("0x") => 16,
            Some("0o") => 8,
            Some("0b") => 2,
            _ => 10,
        };
        if radix != 10 {
            let body = &digits[2..];
            return match underscored(body).and_then(|b| i64::from_str_radix(&b, radix).ok()) {
                Some(n) if sign == 1 => Ok(Value::Integer(n)),
                _ => bad(format!("expected a number, found {word:?}")),
            };
        }
        let Some(clean) = underscored(digits) else {
            return bad(format!("expected a number, found {word:?}"));
        };
        let leading_zero =
            clean.len() > 1 && clean.starts_with('0') && clean.as_bytes()[1].is_ascii_digit();
        if leading_zero || !clean.starts_with(|c: char| c.is_ascii_digit()) {
            return bad(format!("expected a number, found {word:?}"));
        }
        if clean.bytes().all(|b| b.is_ascii_digit()) {
            let text = if sign < 0 { format!("-{clean}") } else { clean };
            return text
                .parse()
                .map(Value::Integer)
                .or_else(|_| bad(format!("{word} does not fit in a 64-bit integer")));
        }
        match clean.parse::<f64>() {
            Ok(value)
                if !clean.ends_with('.') && !clean.contains(".e") && !clean.contains(".E") =>
            {
                Ok(Value::Float(value * sign as f64))
            }
            _ => bad(format!("expected a number, found {word:?}")),
        }
    }
}

/// `digits` without its underscores, each of which must stand between two digits.
fn underscored(digits: &str) -> Option<String> {
    let bytes = digits.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'_' {
            let digit = |j: Option<&u8>| j.is_some_and(|c| c.is_ascii_hexdigit());
            if i == 0 || !digit(bytes.get(i - 1)) || !digit(bytes.get(i + 1)) {
                return None;
            }
        }
    }
    Some(digits.replace('_', ""))
}

#[cfg(test)]
mod tests {
    use super::{parse, Value};

    fn error(text: &str) -> String {
        parse(text).expect_err("not valid").to_string()
    }

    #[test]
    fn reads_a_cargo_manifest() {
        let text = r#"
# a comment
[package]
name = "boj-11559"   # trailing comment
edition.workspace = true
rust-version = '1.63'

[dependencies]
judge-io = { path = "../../judge-io" }
gcd = { package = "fixture-gcd", path = "../gcd", optional = true }

[dependencies.other]
path = "../other"

[features]
default = []
fast = [
    "gcd",   # why
    "other",
]

[[test]]
name = "mains"
harness = false

[[test]]
name = "second"

[package.metadata.judge]
profile = "boj"
time-limit-ms = 1_000
"#;
        let doc = parse(text).expect("a manifest");
        let package = doc.table(&["package"]).expect("[package]");
        assert_eq!(package.get("name").and_then(Value::as_str), Some("boj-11559"));
        assert_eq!(package.entry("name").map(|e| e.line), Some(4));
        assert_eq!(
            doc.table(&["package", "edition"]).and_then(|t| t.get("workspace")),
            Some(&Value::Boolean(true))
        );
        assert_eq!(package.get("rust-version").and_then(Value::as_str), Some("1.63"));
        let deps = doc.table(&["dependencies"]).expect("[dependencies]");
        let keys: Vec<&str> = deps.entries().iter().map(|e| e.key.as_str()).collect();
        assert_eq!(keys, ["judge-io", "gcd", "other"]);
        assert_eq!(
            deps.table(&["gcd"]).and_then(|t| t.get("package")).and_then(Value::as_str),
            Some("fixture-gcd")
        );
        assert_eq!(deps.entry("other").map(|e| e.line), Some(12));
        let fast = doc.table(&["features"]).and_then(|t| t.get("fast")).expect("fast");
        assert_eq!(fast.as_array().map(<[Value]>::len), Some(2));
        let tests = doc.get("test").and_then(Value::as_array).expect("[[test]]");
        assert_eq!(tests.len(), 2);
        let judge = doc.table(&["package", "metadata", "judge"]).expect("the judge table");
        assert_eq!(judge.get("time-limit-ms").and_then(Value::as_integer), Some(1000));
    }

    #[test]
    fn strings_numbers_and_escapes() {
        let doc = parse(
            "a = \"tab\\there \\u00e9 \\U0001F600 \\\"q\\\"\"\nb = '''\nraw \\n\n'''\n\
             c = \"\"\"\nline \\\n    joined\"\"\"\nd = 0x1F\ne = 1e3\nf = -2.5\ng = +7\n",
        );
        let doc = match doc {
            Ok(doc) => doc,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(doc.get("a").and_then(Value::as_str), Some("tab\there é 😀 \"q\""));
        assert_eq!(doc.get("b").and_then(Value::as_str), Some("raw \\n\n"));
        assert_eq!(doc.get("c").and_then(Value::as_str), Some("line joined"));
        assert_eq!(doc.get("d"), Some(&Value::Integer(31)));
        assert_eq!(doc.get("e"), Some(&Value::Float(1000.0)));
        assert_eq!(doc.get("f"), Some(&Value::Float(-2.5)));
        assert_eq!(doc.get("g"), Some(&Value::Integer(7)));
    }

    #[test]
    fn errors_name_the_place() {
        assert_eq!(error("a = \n"), "line 1, column 5: expected a value, found end of line");
        assert_eq!(error("[a]\nx = 1\n[a]\n"), "line 3, column 1: [a] is defined twice");
        assert_eq!(error("x = 1\nx = 2\n"), "line 2, column 1: x is defined twice");
        assert_eq!(error("x = \"open\n"), "line 1, column 10: expected '\"', found end of line");
        assert_eq!(error("x = 1 2\n"), "line 1, column 7: expected the end of the line, found '2'");
        assert_eq!(
            error("x = [1, 2\n"),
            "line 2, column 1: expected ',' or ']', found end of input"
        );
        assert_eq!(error("x = 01\n"), "line 1, column 5: expected a number, found \"01\"");
        assert_eq!(
            error("x = 1979-05-27\n"),
            "line 1, column 5: dates and times are not supported, found \"1979-05-27\""
        );
        assert_eq!(
            error("x = \"\\q\"\n"),
            "line 1, column 6: unknown escape (\\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX)"
        );
        assert_eq!(error("x = 1\nx.y = 2\n"), "line 2, column 1: x is an integer, not a table");
        let deep = format!("x = {}{}\n", "[".repeat(100), "]".repeat(100));
        assert!(error(&deep).contains("nested deeper than 64 levels"));
    }

    #[test]
    fn no_input_panics() {
        // Every prefix of a document with every construct, and a few odd bytes.
        let text =
            "[a.\"b\"]\nx = { y = [1, 'z', \"\"\"w\"\"\", {v = -1.5e3}] } # c\n[[t]]\nk = true\n";
        for end in 0..=text.len() {
            if text.is_char_boundary(end) {
                let _ = parse(&text[..end]);
            }
        }
        for odd in
            ["\u{0}", "x = \"\\u\"", "x = \"\\uD800\"", "[[", "= 1", "x = +", "x = _1", "x = 0x"]
        {
            let _ = parse(odd);
        }
    }
}
