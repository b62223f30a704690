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
    /// needs); `Err` says where and how they differ.
    pub fn check(&self, _input: &[u8], expected: &[u8], found: &[u8]) -> Result<(), String> {
        match *self {
            Checker::Exact => check_lines(expected, found),
            Checker::Tokens => check_tokens(expected, found, |_, _| Err(String::new())),
            Checker::Floats { absolute, relative } => check_tokens(expected, found, |a, b| {
                if close(a, b, absolute, relative) {
                    Ok(())
                } else {
                    Err(float_difference(a, b, absolute, relative).unwrap_or_default())
                }
            }),
            Checker::YesNo => check_tokens(expected, found, |a, b| {
                let yes_or_no =
                    |t: &[u8]| t.eq_ignore_ascii_case(b"yes") || t.eq_ignore_ascii_case(b"no");
                if yes_or_no(a) && a.eq_ignore_ascii_case(b) {
                    Ok(())
                } else {
                    Err(String::new())
                }
            }),
        }
    }
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

/// A token of an output with its 1-based line and column.
struct Token<'a> {
    text: &'a [u8],
    line: usize,
    column: usize,
}

/// The whitespace-separated tokens of `bytes` with their places.
fn tokens(bytes: &[u8]) -> Vec<Token<'_>> {
    let mut found = Vec::new();
    for (line_idx, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let mut column = 0;
        while column < line.len() {
            if line[column].is_ascii_whitespace() {
                column += 1;
                continue;
            }
            let start = column;
            while column < line.len() && !line[column].is_ascii_whitespace() {
                column += 1;
            }
            found.push(Token { text: &line[start..column], line: line_idx + 1, column: start + 1 });
        }
    }
    found
}

/// `"text"`, cut to a readable length.
fn shown(text: &[u8]) -> String {
    const MAX_SHOWN: usize = 40;
    let cut = &text[..text.len().min(MAX_SHOWN)];
    let more = if text.len() > MAX_SHOWN { "..." } else { "" };
    format!("{:?}{more}", String::from_utf8_lossy(cut))
}

/// Token by token: equal tokens match, and so do unequal ones that `same` accepts; its `Err`
/// says why they differ when it has more to say than the two tokens (else it is empty). A
/// difference is reported at the place of the found token (or at the end of the output).
fn check_tokens<F>(expected: &[u8], found: &[u8], same: F) -> Result<(), String>
where
    F: Fn(&[u8], &[u8]) -> Result<(), String>,
{
    let (want, got) = (tokens(expected), tokens(found));
    for i in 0..want.len().max(got.len()) {
        match (want.get(i), got.get(i)) {
            (Some(w), Some(g)) if w.text == g.text => continue,
            (Some(w), Some(g)) => {
                let why = match same(w.text, g.text) {
                    Ok(()) => continue,
                    Err(why) => why,
                };
                let mut message = format!(
                    "line {}, column {}: expected {}, found {}",
                    g.line,
                    g.column,
                    shown(w.text),
                    shown(g.text)
                );
                if !why.is_empty() {
                    message.push_str(": ");
                    message.push_str(&why);
                }
                return Err(message);
            }
            (Some(w), None) => {
                let line = found.split(|&b| b == b'\n').count().max(1);
                return Err(format!(
                    "line {line}: expected {}, found end of output",
                    shown(w.text)
                ));
            }
            (None, Some(g)) => {
                return Err(format!(
                    "line {}, column {}: expected end of output, found {}",
                    g.line,
                    g.column,
                    shown(g.text)
                ))
            }
            (None, None) => unreachable!("i is below the longer length"),
        }
    }
    Ok(())
}

/// Line by line, ignoring trailing whitespace and blank lines at the end; a difference is
/// reported at the first differing token of the first differing line.
fn check_lines(expected: &[u8], found: &[u8]) -> Result<(), String> {
    fn lines(bytes: &[u8]) -> Vec<&[u8]> {
        let mut lines: Vec<&[u8]> = bytes
            .split(|&b| b == b'\n')
            .map(|line| {
                let end = line.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(0, |i| i + 1);
                &line[..end]
            })
            .collect();
        while lines.last().is_some_and(|line| line.is_empty()) {
            lines.pop();
        }
        lines
    }
    let (want, got) = (lines(expected), lines(found));
    for i in 0..want.len().max(got.len()) {
        let (w, g) = (want.get(i).copied(), got.get(i).copied());
        if w == g {
            continue;
        }
        let line = i + 1;
        return Err(match (w, g) {
            (Some(w), Some(g)) => {
                // The first column where the lines differ, widened to the token around it.
                let at = w.iter().zip(g.iter()).take_while(|(a, b)| a == b).count();
                let start = g[..at.min(g.len())]
                    .iter()
                    .rposition(|b| b.is_ascii_whitespace())
                    .map_or(0, |i| i + 1);
                let token = |line: &[u8]| -> Vec<u8> {
                    let rest = &line[start.min(line.len())..];
                    let end =
                        rest.iter().position(|b| b.is_ascii_whitespace()).unwrap_or(rest.len());
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
                    format!(
                        "line {}, column {}: expected {}, found {}",
                        line,
                        start + 1,
                        shown(&wt),
                        shown(&gt)
                    )
                }
            }
            (Some(w), None) => format!("line {}: expected {}, found end of output", line, shown(w)),
            (None, Some(g)) => format!("line {}: expected end of output, found {}", line, shown(g)),
            (None, None) => unreachable!("the lines differ"),
        });
    }
    Ok(())
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
