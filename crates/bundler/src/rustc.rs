//! Asking a rustc about a bundle: one run over the bundle's text (given on stdin, so every
//! span is a byte offset into that text), its JSON diagnostics read back into
//! [`Diagnostic`]s.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A compiler and the flags that make it a judge's (or the analysis's) compiler.
#[derive(Debug, Clone)]
pub struct Compiler {
    /// The program: `rustc` (the workspace's) or `/usr/bin/rustc` (Debian's 1.63).
    pub program: String,
    /// Flags before the input: `--edition 2021`, `--target ...`, lint levels.
    pub flags: Vec<String>,
    /// Environment variables it needs (clippy's MSRV: `CARGO_PKG_RUST_VERSION`).
    pub env: Vec<(String, String)>,
}

/// One diagnostic of rustc's `--error-format=json`.
#[derive(Debug, Clone, Default)]
pub struct Diagnostic {
    /// `error`, `warning`, `note`, `help`, `failure-note`.
    pub level: String,
    /// The lint or error code (`dead_code`, `E0425`), if any.
    pub code: Option<String>,
    pub message: String,
    pub spans: Vec<Span>,
}

/// A span of a diagnostic: bytes of the input.
#[derive(Debug, Clone, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
    pub primary: bool,
    /// Whether the span is in the input itself (not in a macro's expansion or another file).
    pub in_input: bool,
    /// For a span in a macro's expansion: where, in the input, the outermost macro call is.
    pub call_site: Option<usize>,
}

/// What one run found.
#[derive(Debug)]
pub struct Outcome {
    pub diagnostics: Vec<Diagnostic>,
    /// Whether it compiled (no `error` diagnostic, exit status 0).
    pub compiled: bool,
}

impl Outcome {
    /// The errors, in the order rustc reported them.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| d.level == "error" && !d.spans.is_empty())
    }
}

/// Checks `text` as a binary crate with `compiler` (`--emit=metadata`: type and borrow
/// checks and lints, no code generation), in the scratch folder `scratch`.
pub fn check(compiler: &Compiler, text: &str, scratch: &Path) -> Result<Outcome, String> {
    let out: PathBuf = scratch.join("bundle.rmeta");
    let mut child = Command::new(&compiler.program)
        .args(&compiler.flags)
        .envs(compiler.env.iter().map(|(k, v)| (k, v)))
        .args(["--crate-type", "bin", "--crate-name", "bundle", "--emit=metadata"])
        .args(["--error-format=json", "-o"])
        .arg(&out)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            let hint = if compiler.program == super::refusal::CLIPPY_DRIVER {
                " (the std-API check is clippy's: `rustup component add clippy`)"
            } else {
                ""
            };
            format!("cannot run {}: {e}{hint}", compiler.program)
        })?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // A failed write means rustc stopped early; its exit status and stderr say why.
    let _ = stdin.write_all(text.as_bytes());
    drop(stdin);
    let output = child.wait_with_output().map_err(|e| format!("{}: {e}", compiler.program))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    let mut diagnostics = Vec::new();
    for line in stderr.lines().filter(|l| l.starts_with('{')) {
        let value = json::parse(line)
            .map_err(|e| format!("cannot read {}'s diagnostics: {e}", compiler.program))?;
        diagnostics.push(diagnostic(&value));
    }
    let compiled = output.status.success() && !diagnostics.iter().any(|d| d.level == "error");
    if !output.status.success() && diagnostics.is_empty() {
        return Err(format!("{} failed: {}", compiler.program, stderr.trim()));
    }
    Ok(Outcome { diagnostics, compiled })
}

fn diagnostic(value: &json::Value) -> Diagnostic {
    Diagnostic {
        level: value.get("level").and_then(json::Value::str).unwrap_or_default().to_string(),
        code: value
            .get("code")
            .and_then(|c| c.get("code"))
            .and_then(json::Value::str)
            .map(String::from),
        message: value.get("message").and_then(json::Value::str).unwrap_or_default().to_string(),
        spans: value
            .get("spans")
            .map_or(Vec::new(), |spans| spans.items().iter().map(span).collect()),
    }
}

fn span(value: &json::Value) -> Span {
    let number = |key: &str| value.get(key).and_then(json::Value::number).unwrap_or(0.0) as usize;
    let file = value.get("file_name").and_then(json::Value::str).unwrap_or_default();
    let expansion = value.get("expansion").filter(|e| !matches!(e, json::Value::Null));
    let expanded = expansion.is_some();
    // The call site of an expansion is a span too, perhaps in another expansion.
    let call_site = expansion
        .and_then(|e| e.get("span"))
        .map(span)
        .and_then(|site| site.call_site.or(site.in_input.then_some(site.start)));
    Span {
        start: number("byte_start"),
        end: number("byte_end"),
        primary: value.get("is_primary").and_then(json::Value::bool).unwrap_or(false),
        in_input: file == "<anon>" && !expanded,
        call_site,
    }
}

/// Just enough JSON for rustc's diagnostics.
pub mod json {
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
        let mut parser = Parser { bytes: text.as_bytes(), pos: 0 };
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
                Some(b'"') => self.string().map(Value::String),
                Some(b't') if self.eat("true") => Ok(Value::Bool(true)),
                Some(b'f') if self.eat("false") => Ok(Value::Bool(false)),
                Some(b'n') if self.eat("null") => Ok(Value::Null),
                Some(b'-' | b'0'..=b'9') => {
                    let start = self.pos;
                    while self.bytes.get(self.pos).is_some_and(|b| {
                        matches!(b, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                    }) {
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
            let v = parse(
                r#"{"a": [1, -2.5e1, true, null], "b": "x\"\\\n\u00e9\ud83d\ude00", "c": {}}"#,
            )
            .expect("valid");
            assert_eq!(v.get("a").expect("a").items().len(), 4);
            assert_eq!(v.get("a").expect("a").items()[1], Value::Number(-25.0));
            assert_eq!(v.get("b").and_then(Value::str), Some("x\"\\\n\u{e9}\u{1f600}"));
            assert!(parse("{\"a\": }").is_err());
            assert!(parse("[1] x").is_err());
        }
    }
}
