//! Just enough JSON for what the tools read: rustc's diagnostics (the bundler) and cargo's
//! build messages (`cargo test --message-format=json`, the test command). One document per
//! call; numbers are `f64`; a malformed document is an error with its byte offset. Nesting is
//! bounded ([`MAX_DEPTH`]), so no input can exhaust the stack.

/// How deeply arrays and objects may nest.
pub const MAX_DEPTH: usize = 128;

/// A JSON value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}

impl Value {
    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn number(&self) -> Option<f64> {
        match self {
            Value::Number(n) => Some(*n),
            _ => None,
        }
    }

    pub fn bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The elements of an array (none for anything else).
    pub fn items(&self) -> &[Value] {
        match self {
            Value::Array(items) => items,
            _ => &[],
        }
    }
}

/// Parses one JSON document.
pub fn parse(text: &str) -> Result<Value, String> {
    let mut parser = Parser { bytes: text.as_bytes(), pos: 0, depth: 0 };
    let value = parser.value()?;
    parser.skip_space();
    if parser.pos != parser.bytes.len() {
        return Err(format!("trailing characters at byte {}", parser.pos));
    }
    Ok(value)
}

struct Parser<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// How many arrays and objects enclose the value being read.
    depth: usize,
}

impl Parser<'_> {
    fn skip_space(&mut self) {
        while self.bytes.get(self.pos).is_some_and(u8::is_ascii_whitespace) {
            self.pos += 1;
        }
    }

    fn error<T>(&self, what: &str) -> Result<T, String> {
        Err(format!("{what} at byte {}", self.pos))
    }

    fn eat(&mut self, literal: &str) -> bool {
        if self.bytes[self.pos..].starts_with(literal.as_bytes()) {
            self.pos += literal.len();
            true
        } else {
            false
        }
    }

    fn value(&mut self) -> Result<Value, String> {
        self.skip_space();
        if matches!(self.bytes.get(self.pos), Some(b'{' | b'[')) {
            if self.depth == MAX_DEPTH {
                return self.error("arrays and objects nested too deeply");
            }
            self.depth += 1;
            let value = self.compound();
            self.depth -= 1;
            return value;
        }
        self.scalar()
    }

    /// An object or an array.
    fn compound(&mut self) -> Result<Value, String> {
        match self.bytes.get(self.pos) {
            Some(b'{') => {
                self.pos += 1;
                let mut members = Vec::new();
                self.skip_space();
                if self.eat("}") {
                    return Ok(Value::Object(members));
                }
                loop {
                    self.skip_space();
                    let key = self.string()?;
                    self.skip_space();
                    if !self.eat(":") {
                        return self.error("expected `:`");
                    }
                    members.push((key, self.value()?));
                    self.skip_space();
                    if self.eat("}") {
                        return Ok(Value::Object(members));
                    }
                    if !self.eat(",") {
                        return self.error("expected `,` or `}`");
                    }
                }
            }
            Some(b'[') => {
                self.pos += 1;
                let mut items = Vec::new();
                self.skip_space();
                if self.eat("]") {
                    return Ok(Value::Array(items));
                }
                loop {
                    items.push(self.value()?);
                    self.skip_space();
                    if self.eat("]") {
                        return Ok(Value::Array(items));
                    }
                    if !self.eat(",") {
                        return self.error("expected `,` or `]`");
                    }
                }
            }
            _ => self.error("expected a value"),
        }
    }

    /// A string, number, boolean or null.
    fn scalar(&mut self) -> Result<Value, String> {
        match self.bytes.get(self.pos) {
            Some(b'"') => self.string().map(Value::String),
            Some(b't') if self.eat("true") => Ok(Value::Bool(true)),
            Some(b'f') if self.eat("false") => Ok(Value::Bool(false)),
            Some(b'n') if self.eat("null") => Ok(Value::Null),
            Some(b'-' | b'0'..=b'9') => {
                let start = self.pos;
                while self
                    .bytes
                    .get(self.pos)
                    .is_some_and(|b| matches!(b, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'))
                {
                    self.pos += 1;
                }
                let text = std::str::from_utf8(&self.bytes[start..self.pos]).expect("ASCII");
                text.parse().map(Value::Number).or_else(|_| self.error("bad number"))
            }
            _ => self.error("expected a value"),
        }
    }

    fn string(&mut self) -> Result<String, String> {
        if !self.eat("\"") {
            return self.error("expected a string");
        }
        let mut out = String::new();
        loop {
            let start = self.pos;
            while self.bytes.get(self.pos).is_some_and(|&b| b != b'"' && b != b'\\') {
                self.pos += 1;
            }
            out.push_str(
                std::str::from_utf8(&self.bytes[start..self.pos])
                    .or_else(|_| self.error("invalid UTF-8"))?,
            );
            match self.bytes.get(self.pos) {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    let escape = self.bytes.get(self.pos + 1).copied();
                    self.pos += 2;
                    match escape {
                        Some(b'"') => out.push('"'),
                        Some(b'\\') => out.push('\\'),
                        Some(b'/') => out.push('/'),
                        Some(b'b') => out.push('\u{8}'),
                        Some(b'f') => out.push('\u{c}'),
                        Some(b'n') => out.push('\n'),
                        Some(b'r') => out.push('\r'),
                        Some(b't') => out.push('\t'),
                        Some(b'u') => {
                            let first = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&first) && self.eat("\\u") {
                                let second = self.hex4()?;
                                0x10000
                                    + ((first - 0xD800) << 10)
                                    + (second.wrapping_sub(0xDC00) & 0x3FF)
                            } else {
                                first
                            };
                            out.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                        }
                        _ => return self.error("bad escape"),
                    }
                }
                _ => return self.error("unterminated string"),
            }
        }
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let digits =
            self.bytes.get(self.pos..self.pos + 4).and_then(|d| std::str::from_utf8(d).ok());
        match digits.and_then(|d| u32::from_str_radix(d, 16).ok()) {
            Some(code) => {
                self.pos += 4;
                Ok(code)
            }
            None => self.error("bad \\u escape"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{parse, Value};

    #[test]
    fn parses_what_rustc_writes() {
        let v =
            parse(r#"{"a": [1, -2.5e1, true, null], "b": "x\"\\\n\u00e9\ud83d\ude00", "c": {}}"#)
                .expect("valid");
        assert_eq!(v.get("a").expect("a").items().len(), 4);
        assert_eq!(v.get("a").expect("a").items()[1], Value::Number(-25.0));
        assert_eq!(v.get("b").and_then(Value::str), Some("x\"\\\n\u{e9}\u{1f600}"));
        assert!(parse("{\"a\": }").is_err());
        assert!(parse("[1] x").is_err());
        let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        assert!(parse(&deep(super::MAX_DEPTH)).is_ok());
        assert_eq!(
            parse(&deep(super::MAX_DEPTH + 1)),
            Err(format!("arrays and objects nested too deeply at byte {}", super::MAX_DEPTH))
        );
    }
}
