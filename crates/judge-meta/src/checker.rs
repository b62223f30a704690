//! The checker grammar and the built-in checkers: exact lines, tokens, floats within a
//! tolerance, YES/NO in any letter case. A problem's metadata names one (`checker = "tokens"`)
//! or `binary`, its own checker program (run through [`crate::protocol`]); the testdata runner,
//! make-testdata and the stress tests all compare through this code, so a verdict reads the
//! same everywhere.

use std::fmt;

/// A built-in way to compare a program's output with the expected output.
///
/// Every checker ignores trailing whitespace on lines and blank lines at the end, as the
/// judges do. A rejection names the first differing token with its line and column in the
/// program's output: `line 2, column 5: expected "3", found "4"`; with floats it adds the
/// difference and the tolerance.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Checker {
    /// Line by line, byte for byte (the default).
    Exact,
    /// The same whitespace-separated tokens; the amount and kind of whitespace may differ.
    Tokens,
    /// Tokens, where two numbers are equal within an absolute or a relative tolerance.
    Floats {
        /// The largest accepted `|found - expected|`.
        absolute: f64,
        /// The largest accepted `|found - expected| / |expected|`.
        relative: f64,
    },
    /// Tokens, where `YES` and `NO` match in any letter case (`yes`, `Yes`, `yEs`): the
    /// Codeforces convention "you may print each letter in any case". Every other token is
    /// compared exactly.
    YesNo,
}

/// What a problem's metadata says about checking: a built-in checker, or `binary`, the
/// problem's own checker program `src/bin/<problem>-check.rs` (for problems with many correct
/// answers). Parsed from and printed as the metadata writes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CheckerSpec {
    Builtin(Checker),
    Binary,
}

/// The spellings [`CheckerSpec::parse`] accepts, for messages.
pub const CHECKER_SPELLINGS: &str =
    "`exact`, `tokens`, `floats ABSOLUTE RELATIVE`, `yes-no` or `binary`";

/// The choice of checker as a usage line writes it (`--checker exact|tokens|...`); a test
/// keeps it in step with [`Checker::ALL`] and the usage lines that show it.
pub const CHECKER_CHOICES: &str = "exact|tokens|'floats ABS REL'|yes-no|binary";

impl CheckerSpec {
    /// Reads a checker as the metadata names it: `exact`, `tokens`, `floats ABSOLUTE RELATIVE`
    /// (tolerances such as `1e-6`), `yes-no` or `binary`.
    pub fn parse(spec: &str) -> Result<CheckerSpec, String> {
        let words: Vec<&str> = spec.split_whitespace().collect();
        let tolerance = |text: &str| -> Result<f64, String> {
            match text.parse::<f64>() {
                Ok(value) if value >= 0.0 && value.is_finite() => Ok(value),
                _ => Err(format!("expected a tolerance such as 1e-6, found {text:?}")),
            }
        };
        let builtin = match words.as_slice() {
            ["exact"] => Checker::Exact,
            ["tokens"] => Checker::Tokens,
            ["yes-no"] => Checker::YesNo,
            ["floats", absolute, relative] => {
                Checker::Floats { absolute: tolerance(absolute)?, relative: tolerance(relative)? }
            }
            ["binary"] => return Ok(CheckerSpec::Binary),
            _ => return Err(format!("expected a checker {CHECKER_SPELLINGS}, found {spec:?}")),
        };
        Ok(CheckerSpec::Builtin(builtin))
    }
}

/// As the metadata writes it: `exact`, `floats 1e-6 1e-9`, `binary`.
impl fmt::Display for CheckerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckerSpec::Builtin(checker) => checker.fmt(f),
            CheckerSpec::Binary => f.write_str("binary"),
        }
    }
}

/// As the metadata writes it: `exact`, `tokens`, `floats 1e-6 1e-9`, `yes-no`.
impl fmt::Display for Checker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Checker::Exact => f.write_str("exact"),
            Checker::Tokens => f.write_str("tokens"),
            Checker::Floats { absolute, relative } => write!(f, "floats {absolute:e} {relative:e}"),
            Checker::YesNo => f.write_str("yes-no"),
        }
    }
}

impl Checker {
    /// One checker of each built-in kind (floats with example tolerances).
    pub const ALL: [Checker; 4] = [
        Checker::Exact,
        Checker::Tokens,
        Checker::Floats { absolute: 1e-6, relative: 1e-6 },
        Checker::YesNo,
    ];

    /// How a usage line writes this kind: `exact`, `'floats ABS REL'`.
    pub fn usage_form(&self) -> &'static str {
        match self {
            Checker::Exact => "exact",
            Checker::Tokens => "tokens",
            Checker::Floats { .. } => "'floats ABS REL'",
            Checker::YesNo => "yes-no",
        }
    }

    /// Compares `found` with `expected` (the output for `input`, which no built-in checker
    /// needs); `Err` says where and how they differ. The same as feeding `found` to
    /// [`Checker::stream`] in one piece.
    pub fn check(&self, _input: &[u8], expected: &[u8], found: &[u8]) -> Result<(), String> {
        let mut stream = self.stream(expected);
        stream.feed(found)?;
        stream.finish()
    }

    /// A comparison with `expected` that reads the output piece by piece as it is printed,
    /// holding at most one line or token of it (see [`OutputStream`]).
    pub fn stream<'a>(&self, expected: &'a [u8]) -> OutputStream<'a> {
        OutputStream::new(*self, expected)
    }

    /// Whether tokens `a` and `b` match under this checker (beyond being equal); `Err` says
    /// why not when there is more to say than the two tokens (else it is empty).
    fn same_token(&self, a: &[u8], b: &[u8]) -> Result<(), String> {
        match *self {
            Checker::Exact | Checker::Tokens => Err(precision_note(a, b)),
            Checker::Floats { absolute, relative } => {
                if close(a, b, absolute, relative) {
                    Ok(())
                } else {
                    Err(float_difference(a, b, absolute, relative).unwrap_or_default())
                }
            }
            Checker::YesNo => {
                let yes_or_no =
                    |t: &[u8]| t.eq_ignore_ascii_case(b"yes") || t.eq_ignore_ascii_case(b"no");
                if yes_or_no(a) && a.eq_ignore_ascii_case(b) {
                    Ok(())
                } else {
                    Err(precision_note(a, b))
                }
            }
        }
    }
}

/// For two different tokens that are numbers equal to the precision of the shorter one
/// (`0.5` and `0.50000001`, `2` and `2.0`): a note that a `floats` checker exists; else empty.
fn precision_note(want: &[u8], got: &[u8]) -> String {
    let number = |t: &[u8]| {
        let text = std::str::from_utf8(t).ok()?;
        let value = text.parse::<f64>().ok().filter(|v| v.is_finite())?;
        let decimals = text.split_once('.').map_or(0, |(_, fraction)| fraction.len());
        Some((value, decimals))
    };
    let (Some((a, a_decimals)), Some((b, b_decimals))) = (number(want), number(got)) else {
        return String::new();
    };
    let decimals = a_decimals.min(b_decimals);
    if format!("{a:.decimals$}") != format!("{b:.decimals$}") {
        return String::new();
    }
    "the numbers differ only in precision: a `floats` checker accepts them within a tolerance \
     (checker = \"floats 1e-6 1e-6\" in [package.metadata.judge])"
        .to_string()
}

/// How far apart numbers `want` and `got` are, against the tolerance (`None` if either is
/// not a finite number).
fn float_difference(want: &[u8], got: &[u8], absolute: f64, relative: f64) -> Option<String> {
    let number = |t: &[u8]| std::str::from_utf8(t).ok().and_then(|t| t.parse::<f64>().ok());
    let (want, got) = (number(want)?, number(got)?);
    if !want.is_finite() || !got.is_finite() {
        return None;
    }
    let difference = (want - got).abs();
    Some(format!(
        "off by {}, beyond the tolerance {} (absolute {}, relative {})",
        short(difference),
        short(absolute.max(relative * want.abs())),
        short(absolute),
        short(relative)
    ))
}

/// Whether tokens `a` (expected) and `b` are numbers within the tolerance of each other.
fn close(a: &[u8], b: &[u8], absolute: f64, relative: f64) -> bool {
    let number = |t: &[u8]| std::str::from_utf8(t).ok().and_then(|t| t.parse::<f64>().ok());
    match (number(a), number(b)) {
        (Some(want), Some(got)) if want.is_finite() && got.is_finite() => {
            let diff = (want - got).abs();
            diff <= absolute || diff <= relative * want.abs()
        }
        _ => false,
    }
}

/// `value` in short scientific notation: `1e-6`, `2.5e-3`, `0`.
fn short(value: f64) -> String {
    if value == 0.0 {
        return "0".to_string();
    }
    let text = format!("{value:.3e}");
    let (mantissa, exponent) = text.split_once('e').expect("{:e} writes an exponent");
    let mantissa = mantissa.trim_end_matches('0').trim_end_matches('.');
    format!("{mantissa}e{exponent}")
}

/// The whitespace-separated tokens of `bytes`.
fn tokens(bytes: &[u8]) -> Vec<&[u8]> {
    bytes.split(u8::is_ascii_whitespace).filter(|token| !token.is_empty()).collect()
}

/// `"text"`, cut to a readable length; a byte that is not UTF-8 is shown as `\xfe`, so two
/// different bytes never look the same (text that is UTF-8 reads as `{:?}` writes it).
fn shown(text: &[u8]) -> String {
    const MAX_SHOWN: usize = 40;
    let mut cut = &text[..text.len().min(MAX_SHOWN)];
    let more = if text.len() > MAX_SHOWN { "..." } else { "" };
    let mut quoted = String::from("\"");
    let push_valid = |quoted: &mut String, valid: &str| {
        let debug = format!("{valid:?}");
        quoted.push_str(&debug[1..debug.len() - 1]);
    };
    loop {
        match std::str::from_utf8(cut) {
            Ok(valid) => {
                push_valid(&mut quoted, valid);
                break;
            }
            Err(error) => {
                let (valid, rest) = cut.split_at(error.valid_up_to());
                push_valid(&mut quoted, std::str::from_utf8(valid).expect("valid up to here"));
                let bad = match error.error_len() {
                    Some(bad) => bad,
                    // A character that the cut split in two is left out with the rest.
                    None if !more.is_empty() => break,
                    None => rest.len(),
                };
                for byte in &rest[..bad] {
                    quoted.push_str(&format!("\\x{byte:02x}"));
                }
                cut = &rest[bad..];
            }
        }
    }
    quoted.push('"');
    format!("{quoted}{more}")
}

/// How much of a found line or token is kept beyond the longest expected one. A longer one
/// cannot be equal to any expected one, and a message shows at most 40 bytes from the first
/// difference, which lies within the expected length: so what is not kept changes no verdict
/// and no message.
const KEPT_BEYOND: usize = 64;

/// How much of a found number is kept beyond the longest expected token under the `floats`
/// checker, where a longer token can still be a close number (`0.50000...01`): a number
/// longer than this (a megabyte of digits) is taken as wrong.
const FLOAT_KEPT_BEYOND: usize = 1 << 20;

/// A comparison of an output that is read as it is printed ([`Checker::stream`]).
///
/// Only the expected output is held whole; of the output, the current line (exact) or token
/// (the others), cut as `KEPT_BEYOND` says, and counts. A difference found in a complete
/// line or token is final (no later byte changes an earlier line or token), so
/// [`OutputStream::feed`] reports it at once and the caller may stop the program there.
/// Blank lines and whitespace at the ends are only counted until something follows them,
/// since the checkers ignore them at the end of the output.
pub struct OutputStream<'a> {
    checker: Checker,
    state: StreamState<'a>,
    /// The first difference, once found.
    failed: Option<String>,
}

enum StreamState<'a> {
    Lines(LineStream<'a>),
    Tokens(TokenStream<'a>),
}

impl<'a> OutputStream<'a> {
    fn new(checker: Checker, expected: &'a [u8]) -> OutputStream<'a> {
        let state = match checker {
            Checker::Exact => StreamState::Lines(LineStream::new(expected)),
            Checker::Floats { .. } => {
                StreamState::Tokens(TokenStream::new(expected, FLOAT_KEPT_BEYOND))
            }
            Checker::Tokens | Checker::YesNo => {
                StreamState::Tokens(TokenStream::new(expected, KEPT_BEYOND))
            }
        };
        OutputStream { checker, state, failed: None }
    }

    /// Reads the next piece of the output; `Err` with the first difference once there is one
    /// (and from then on).
    pub fn feed(&mut self, bytes: &[u8]) -> Result<(), String> {
        if let Some(why) = &self.failed {
            return Err(why.clone());
        }
        let checker = self.checker;
        let result = match &mut self.state {
            StreamState::Lines(lines) => bytes.iter().try_for_each(|&b| lines.push(b)),
            StreamState::Tokens(tokens) => bytes.iter().try_for_each(|&b| tokens.push(b, &checker)),
        };
        if let Err(why) = &result {
            self.failed = Some(why.clone());
        }
        result
    }

    /// The verdict on the whole output, once it has ended.
    pub fn finish(self) -> Result<(), String> {
        if let Some(why) = self.failed {
            return Err(why);
        }
        match self.state {
            StreamState::Lines(lines) => lines.finish(),
            StreamState::Tokens(tokens) => tokens.finish(&self.checker),
        }
    }
}

/// The exact checker's stream: line by line, each line without its trailing whitespace.
struct LineStream<'a> {
    /// The expected lines, trimmed, without the blank lines at the end.
    want: Vec<&'a [u8]>,
    /// How many bytes of a found line are kept.
    cap: usize,
    /// The current line, as kept; whether whitespace past the cap was dropped.
    line: Vec<u8>,
    dropped_whitespace: bool,
    /// The complete lines compared so far.
    compared: usize,
    /// Blank lines not compared yet: at the end of the output they do not count.
    blank: u64,
}

impl<'a> LineStream<'a> {
    fn new(expected: &'a [u8]) -> LineStream<'a> {
        let mut want: Vec<&[u8]> = expected.split(|&b| b == b'\n').map(trim_end).collect();
        while want.last().is_some_and(|line| line.is_empty()) {
            want.pop();
        }
        let cap = want.iter().map(|line| line.len()).max().unwrap_or(0) + KEPT_BEYOND;
        LineStream { want, cap, line: Vec::new(), dropped_whitespace: false, compared: 0, blank: 0 }
    }

    fn push(&mut self, byte: u8) -> Result<(), String> {
        if byte == b'\n' {
            return self.end_line();
        }
        if self.line.len() < self.cap {
            self.line.push(byte);
        } else if byte.is_ascii_whitespace() {
            self.dropped_whitespace = true;
        } else {
            // Longer than every expected line: it differs, whatever follows. What the message
            // shows lies within the kept part (see KEPT_BEYOND).
            let mut line = std::mem::take(&mut self.line);
            line.push(byte);
            self.compare_blanks()?;
            return self.compare(&line);
        }
        Ok(())
    }

    fn end_line(&mut self) -> Result<(), String> {
        let line = std::mem::take(&mut self.line);
        self.dropped_whitespace = false;
        let trimmed = trim_end(&line);
        if trimmed.is_empty() {
            self.blank += 1;
            return Ok(());
        }
        self.compare_blanks()?;
        self.compare(trimmed)
    }

    /// Compares the blank lines held back, now that a line follows them. Each compares with
    /// an expected line, so this stops at the first difference or after the expected lines.
    fn compare_blanks(&mut self) -> Result<(), String> {
        while self.blank > 0 {
            self.blank -= 1;
            self.compare(b"")?;
        }
        Ok(())
    }

    fn compare(&mut self, found: &[u8]) -> Result<(), String> {
        let line = self.compared + 1;
        let want = self.want.get(self.compared).copied();
        self.compared += 1;
        if want == Some(found) {
            return Ok(());
        }
        Err(line_difference(line, want, Some(found)))
    }

    fn finish(mut self) -> Result<(), String> {
        if !trim_end(&self.line).is_empty() {
            self.end_line()?;
        }
        match self.want.get(self.compared) {
            Some(want) => Err(line_difference(self.compared + 1, Some(want), None)),
            None => Ok(()),
        }
    }
}

/// `line` without its trailing whitespace.
fn trim_end(line: &[u8]) -> &[u8] {
    let end = line.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(0, |i| i + 1);
    &line[..end]
}

/// How line `line` differs: at the first differing token of the two lines (`None`: the
/// output has ended, or the expected output had).
fn line_difference(line: usize, want: Option<&[u8]>, got: Option<&[u8]>) -> String {
    match (want, got) {
        (Some(w), Some(g)) => {
            // The first column where the lines differ, widened to the token around it.
            let at = w.iter().zip(g.iter()).take_while(|(a, b)| a == b).count();
            let start = g[..at.min(g.len())]
                .iter()
                .rposition(|b| b.is_ascii_whitespace())
                .map_or(0, |i| i + 1);
            let token = |line: &[u8]| -> Vec<u8> {
                let rest = &line[start.min(line.len())..];
                let end = rest.iter().position(|b| b.is_ascii_whitespace()).unwrap_or(rest.len());
                rest[..end].to_vec()
            };
            let (wt, gt) = (token(w), token(g));
            if wt == gt || wt.is_empty() || gt.is_empty() {
                format!(
                    "line {}, column {}: expected {}, found {}",
                    line,
                    at + 1,
                    shown(&w[at.min(w.len())..]),
                    shown(&g[at.min(g.len())..])
                )
            } else {
                let mut message = format!(
                    "line {}, column {}: expected {}, found {}",
                    line,
                    start + 1,
                    shown(&wt),
                    shown(&gt)
                );
                let note = precision_note(&wt, &gt);
                if !note.is_empty() {
                    message.push_str(": ");
                    message.push_str(&note);
                }
                message
            }
        }
        (Some(w), None) => format!("line {}: expected {}, found end of output", line, shown(w)),
        (None, Some(g)) => format!("line {}: expected end of output, found {}", line, shown(g)),
        (None, None) => unreachable!("the lines differ"),
    }
}

/// The token checkers' stream: token by token, with each token's place.
struct TokenStream<'a> {
    want: Vec<&'a [u8]>,
    /// How many bytes of a found token are kept.
    cap: usize,
    /// The current token, as kept, and its place.
    token: Vec<u8>,
    token_line: usize,
    token_column: usize,
    /// The place of the next byte: its line, and its 0-based column.
    line: usize,
    column: usize,
    /// The complete tokens compared so far.
    compared: usize,
}

impl<'a> TokenStream<'a> {
    fn new(expected: &'a [u8], kept_beyond: usize) -> TokenStream<'a> {
        let want = tokens(expected);
        let cap = want.iter().map(|t| t.len()).max().unwrap_or(0) + kept_beyond;
        TokenStream {
            want,
            cap,
            token: Vec::new(),
            token_line: 0,
            token_column: 0,
            line: 1,
            column: 0,
            compared: 0,
        }
    }

    fn push(&mut self, byte: u8, checker: &Checker) -> Result<(), String> {
        if byte.is_ascii_whitespace() {
            self.end_token(checker)?;
            if byte == b'\n' {
                self.line += 1;
                self.column = 0;
            } else {
                self.column += 1;
            }
            return Ok(());
        }
        if self.token.is_empty() {
            (self.token_line, self.token_column) = (self.line, self.column + 1);
        }
        self.column += 1;
        if self.token.len() < self.cap {
            self.token.push(byte);
            return Ok(());
        }
        // Longer than every expected token: it differs (under `floats`, a number of a
        // megabyte of digits is taken as wrong, see FLOAT_KEPT_BEYOND).
        let (line, column) = (self.token_line, self.token_column);
        self.token.push(byte);
        self.end_token(checker)?;
        Err(format!("line {line}, column {column}: a token of over {} bytes", self.cap))
    }

    fn end_token(&mut self, checker: &Checker) -> Result<(), String> {
        if self.token.is_empty() {
            return Ok(());
        }
        let found = std::mem::take(&mut self.token);
        let want = self.want.get(self.compared);
        self.compared += 1;
        let Some(want) = want else {
            return Err(format!(
                "line {}, column {}: expected end of output, found {}",
                self.token_line,
                self.token_column,
                shown(&found)
            ));
        };
        if *want == found.as_slice() {
            return Ok(());
        }
        let why = match checker.same_token(want, &found) {
            Ok(()) => return Ok(()),
            Err(why) => why,
        };
        let mut message = format!(
            "line {}, column {}: expected {}, found {}",
            self.token_line,
            self.token_column,
            shown(want),
            shown(&found)
        );
        if !why.is_empty() {
            message.push_str(": ");
            message.push_str(&why);
        }
        Err(message)
    }

    fn finish(mut self, checker: &Checker) -> Result<(), String> {
        self.end_token(checker)?;
        match self.want.get(self.compared) {
            Some(want) => {
                Err(format!("line {}: expected {}, found end of output", self.line, shown(want)))
            }
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Checker, CheckerSpec};

    fn parse(spec: &str) -> Result<Checker, String> {
        match CheckerSpec::parse(spec)? {
            CheckerSpec::Builtin(checker) => Ok(checker),
            CheckerSpec::Binary => Err("binary".to_string()),
        }
    }

    #[test]
    fn checkers_name_the_first_differing_token() {
        let exact = Checker::Exact;
        assert_eq!(exact.check(b"", b"1 2\n3\n", b"1 2  \r\n3\n\n"), Ok(()));
        assert_eq!(
            exact.check(b"", b"1 22 3\n", b"1 25 3\n"),
            Err("line 1, column 3: expected \"22\", found \"25\"".to_string())
        );
        assert_eq!(
            exact.check(b"", b"1\n2\n", b"1\n"),
            Err("line 2: expected \"2\", found end of output".to_string())
        );
        assert!(exact.check(b"", b"1 2\n", b"1  2\n").is_err());
        assert_eq!(Checker::Tokens.check(b"", b"1 2\n", b"1\n  2"), Ok(()));
        assert_eq!(
            Checker::Tokens.check(b"", b"1 2 3\n", b"1\n 5 3"),
            Err("line 2, column 2: expected \"2\", found \"5\"".to_string())
        );
        assert_eq!(
            Checker::Tokens.check(b"", b"1\n", b"1 2\n"),
            Err("line 1, column 3: expected end of output, found \"2\"".to_string())
        );
        assert!(parse("floats 1").is_err());
        assert!(parse("fuzzy").is_err());
    }

    #[test]
    fn a_floats_rejection_says_the_difference_and_the_tolerance() {
        let floats = parse("floats 1e-6 1e-3").expect("a valid spec");
        assert_eq!(floats.check(b"", b"1.0 1000\n", b"1.0000005 1000.5\n"), Ok(()));
        assert_eq!(
            floats.check(b"", b"2.5 1.0\n", b"2.5 1.01\n"),
            Err("line 1, column 5: expected \"1.0\", found \"1.01\": off by 1e-2, beyond the \
                 tolerance 1e-3 (absolute 1e-6, relative 1e-3)"
                .to_string())
        );
        assert_eq!(
            floats.check(b"", b"1000\n", b"1002\n"),
            Err("line 1, column 1: expected \"1000\", found \"1002\": off by 2e0, beyond the \
                 tolerance 1e0 (absolute 1e-6, relative 1e-3)"
                .to_string())
        );
        assert_eq!(
            floats.check(b"", b"x\n", b"y\n"),
            Err("line 1, column 1: expected \"x\", found \"y\"".to_string())
        );
    }

    #[test]
    fn yes_and_no_match_in_any_letter_case() {
        let yes_no = Checker::YesNo;
        assert_eq!(yes_no.check(b"", b"YES\nNO\n3\n", b"yes\nNo\n3\n"), Ok(()));
        assert_eq!(yes_no.check(b"", b"YES 2\n", b"yEs   2"), Ok(()));
        assert_eq!(
            yes_no.check(b"", b"YES\nNO\n", b"YES\nyes\n"),
            Err("line 2, column 1: expected \"NO\", found \"yes\"".to_string())
        );
        // Only yes and no: other words keep their case.
        assert_eq!(
            yes_no.check(b"", b"Alice\n", b"alice\n"),
            Err("line 1, column 1: expected \"Alice\", found \"alice\"".to_string())
        );
        assert_eq!(
            yes_no.check(b"", b"YES\n", b"YESS\n"),
            Err("line 1, column 1: expected \"YES\", found \"YESS\"".to_string())
        );
    }

    #[test]
    fn a_stream_fed_in_pieces_says_what_the_whole_says() {
        let cases: [(&[u8], &[u8]); 9] = [
            (b"1 2\n3\n", b"1 2  \r\n3\n\n\n"),
            (b"1 22 3\n", b"1 25 3\n"),
            (b"1\n2\n", b"1\n"),
            (b"1\n\n2\n", b"1\n\n\n2"),
            (b"1\n", b"1\n\n\nx\n"),
            (b"YES\n0.5\n", b"yes  \n0.5000001"),
            (b"a b\n", b"a\nb c"),
            (b"", b"\n\n"),
            (b"x\n", b""),
        ];
        for checker in Checker::ALL {
            for (expected, found) in cases {
                let whole = checker.check(b"", expected, found);
                let mut stream = checker.stream(expected);
                let fed: Result<(), String> =
                    found.iter().try_for_each(|byte| stream.feed(std::slice::from_ref(byte)));
                let pieces = fed.and_then(|()| stream.finish());
                assert_eq!(pieces, whole, "{checker} on {found:?}");
            }
        }
    }

    #[test]
    fn a_stream_stops_at_the_first_difference_and_holds_little() {
        for checker in Checker::ALL {
            let mut stream = checker.stream(b"1\n2\n");
            assert_eq!(stream.feed(b"1\n"), Ok(()));
            // The second line is complete and wrong: known before the output ends.
            assert!(stream.feed(b"3\n").is_err(), "{checker}");
            // Ten million blank lines and spaces at the end change nothing, and are not held.
            let mut stream = checker.stream(b"1\n");
            let blank = vec![b'\n'; 1 << 20];
            let spaces = vec![b' '; 1 << 20];
            assert_eq!(stream.feed(b"1"), Ok(()));
            for _ in 0..5 {
                assert_eq!(stream.feed(&spaces), Ok(()));
                assert_eq!(stream.feed(&blank), Ok(()));
            }
            assert_eq!(stream.finish(), Ok(()), "{checker}");
            // A line far longer than every expected one differs as soon as it is.
            let mut stream = checker.stream(b"1\n");
            assert!(stream.feed(&vec![b'7'; 2 << 20]).is_err(), "{checker}");
        }
    }

    #[test]
    fn bytes_that_are_not_utf8_are_shown_apart() {
        let why = Checker::Exact.check(b"", b"\xfe\n", b"\xfd\n").unwrap_err();
        assert_eq!(why, r#"line 1, column 1: expected "\xfe", found "\xfd""#);
        let why = Checker::Tokens.check(b"", b"a\xe2\x82\n", b"a\xe2\x82\xac\n").unwrap_err();
        assert_eq!(why, r#"line 1, column 1: expected "a\xe2\x82", found "a€""#);
        // UTF-8 reads as it did (quotes and apostrophes as `{:?}` writes them), and a
        // character that the 40-byte cut splits is left out.
        let why = Checker::Tokens.check(b"", b"don't\n", b"\"won't\"\n").unwrap_err();
        assert_eq!(why, r#"line 1, column 1: expected "don't", found "\"won't\"""#);
        let long = format!("{}€", "x".repeat(39));
        let why = Checker::Exact.check(b"", b"y\n", long.as_bytes()).unwrap_err();
        assert_eq!(
            why,
            format!("line 1, column 1: expected \"y\", found \"{}\"...", "x".repeat(39))
        );
    }

    #[test]
    fn numbers_that_differ_in_precision_name_the_floats_checker() {
        for checker in [Checker::Exact, Checker::Tokens] {
            let why = checker.check(b"", b"0.5\n", b"0.50000001\n").unwrap_err();
            assert!(why.contains("differ only in precision: a `floats` checker"), "{why}");
            let why = checker.check(b"", b"2\n", b"2.0\n").unwrap_err();
            assert!(why.contains("`floats` checker"), "{why}");
            let why = checker.check(b"", b"0.5\n", b"0.6\n").unwrap_err();
            assert_eq!(why, "line 1, column 1: expected \"0.5\", found \"0.6\"");
        }
    }

    #[test]
    fn the_usage_choices_are_every_kind_and_binary() {
        let forms: Vec<&str> = Checker::ALL.iter().map(Checker::usage_form).collect();
        assert_eq!(super::CHECKER_CHOICES, format!("{}|binary", forms.join("|")));
        for checker in Checker::ALL {
            let spec = CheckerSpec::Builtin(checker);
            assert_eq!(CheckerSpec::parse(&spec.to_string()), Ok(spec));
        }
    }

    #[test]
    fn specs_print_as_they_parse() {
        for spec in ["exact", "tokens", "yes-no", "binary", "floats 1e-6 1e-9", "floats 0e0 2.5e-3"]
        {
            let parsed = CheckerSpec::parse(spec).expect("a valid spec");
            assert_eq!(parsed.to_string(), spec);
            assert_eq!(CheckerSpec::parse(&parsed.to_string()), Ok(parsed));
        }
        let error = CheckerSpec::parse("fuzzy").unwrap_err();
        assert_eq!(
            error,
            "expected a checker `exact`, `tokens`, `floats ABSOLUTE RELATIVE`, `yes-no` or \
             `binary`, found \"fuzzy\""
        );
        assert!(CheckerSpec::parse("floats -1 0").unwrap_err().contains("tolerance"));
    }
}
