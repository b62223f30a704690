//! Named, bounded reads: the [`input!`](crate::input) macro, and the names and ranges that
//! its errors (and those of the bounded methods it calls) show.

use std::fmt::{self, Display};
use std::ops::{Bound, RangeBounds};

/// Reads named values from a [`Scanner`](crate::Scanner) or a
/// [`StreamInput`](crate::StreamInput) into `let` bindings, checking the statement's bounds,
/// and returns the first error through `?`, never panicking.
///
/// `input! { from SOURCE, NAME: TYPE, ... }`, where `SOURCE` is the scanner (or a `&mut` to
/// it), `NAME` may be `mut NAME`, and `TYPE` is one of
///
/// | `TYPE` | reads | as |
/// |---|---|---|
/// | `i64`, `usize`, ... | an integer ([`Scanner::int`](crate::Scanner::int)) | itself |
/// | `u32 in 1..=n` | an integer in an inclusive (`a..=b`), half-open (`a..b`) or open-ended (`a..`, `..=b`) range | `u32` |
/// | `Usize1`, `Usize1 in 1..=n` | a 1-based index (at least 1; the range is in the input's terms) | `usize`, from 0 |
/// | `Bytes` / `String` | a token (a `String` must be UTF-8) | `Vec<u8>` / `String` |
/// | `Row(w)` | a line of exactly `w` cells ([`Scanner::grid_row`](crate::Scanner::grid_row)) | `Vec<u8>` |
/// | `[TYPE; len]` | `len` values (`len` any `usize` expression of earlier names) | `Vec<_>` |
/// | `(TYPE, TYPE, ...)` | the values in order | a tuple |
///
/// and these nest (`[(u8 in 1..=2, Usize1 in 1..=n, i64); m + k]`, `[[i32; w]; h]`,
/// `[Row(w); h]`). Each value is read by the source's own methods ([`Scanner::int_in`] and
/// the like, at the speed of [`Scanner::int`]), which a hand-written parser can call for the
/// same messages. An error names the value, with its index in an array or tuple (counted from
/// 0, as in the code), and its place:
/// - out of range: `line 2, column 3: n must be in 1..=1000000, found 0`;
/// - anything else: `a[4], line 3, column 9: expected an integer, found "x"`.
///
/// Give every count a bound: a count without one may ask for any amount of memory.
///
/// # Examples
/// BOJ 2042: N values, then M + K requests `a b c`, where `a` is 1 (set value `b` to `c`) or
/// 2 (print the sum of values `b..=c`).
/// ```
/// use judge_io::{input, Error, Scanner};
///
/// fn parse(text: &[u8]) -> Result<(Vec<i64>, Vec<(u8, usize, i64)>), Error> {
///     let mut sc = Scanner::new(text);
///     input! { from sc,
///         n: usize in 1..=1_000_000,
///         m: usize in 1..=10_000,
///         k: usize in 1..=10_000,
///         values: [i64; n],
///         requests: [(u8 in 1..=2, Usize1 in 1..=n, i64); m + k],
///     }
///     sc.expect_end()?;
///     Ok((values, requests))
/// }
///
/// let (values, requests) = parse(b"5 2 2\n1 2 3 4 5\n1 3 6\n2 2 5\n1 5 2\n2 3 5\n").unwrap();
/// assert_eq!(values, [1, 2, 3, 4, 5]);
/// assert_eq!(requests[..2], [(1, 2, 6), (2, 1, 5)]);
/// let error = |text: &str| parse(text.as_bytes()).unwrap_err().to_string();
/// assert_eq!(error("0 1 1\n"), "line 1, column 1: n must be in 1..=1000000, found 0");
/// assert_eq!(
///     error("2 1 0\n7 8\n"),
///     "line 1, column 5: k must be in 1..=10000, found 0"
/// );
/// assert_eq!(
///     error("2 1 1\n7 8\n1 1 5\n3 1 5\n"),
///     "line 4, column 1: requests[1].0 must be in 1..=2, found 3"
/// );
/// assert_eq!(
///     error("2 1 1\n7 8\n1 3 5\n"),
///     "line 3, column 3: requests[0].1 must be in 1..=2, found 3"
/// );
/// assert_eq!(
///     error("2 1 1\n7 x\n"),
///     "values[1], line 2, column 3: expected an integer, found \"x\""
/// );
/// ```
#[macro_export]
macro_rules! input {
    (from $src:expr $(,)?) => {};
    (from $src:expr, mut $name:ident : $($rest:tt)*) => {
        $crate::input!(@let $src, $name, [mut $name] $($rest)*);
    };
    (from $src:expr, $name:ident : $($rest:tt)*) => {
        $crate::input!(@let $src, $name, [$name] $($rest)*);
    };
    // A type is one token tree, then `(args)` for `Row(w)`, then `in range` if bounded.
    (@let $src:expr, $name:ident, [$($pat:tt)*]
        $ty:tt $(($($arg:tt)*))? $(in $range:expr)? $(, $($rest:tt)*)?) => {
        let $($pat)* =
            $crate::input!(@read $src, stringify!($name), $ty $(($($arg)*))? $(in $range)?);
        $crate::input!(from $src, $($($rest)*)?);
    };
    (@read $src:expr, $path:expr, [$ty:tt $(($($arg:tt)*))? $(in $range:expr)?; $len:expr]) => {{
        let len: usize = $len;
        // Room for what the input surely holds; more grows as it arrives.
        let mut items = ::std::vec::Vec::with_capacity(len.min(1 << 16));
        for i in 0..len {
            let path = $crate::Part(&$path, i, false);
            items.push($crate::input!(@read $src, path, $ty $(($($arg)*))? $(in $range)?));
        }
        items
    }};
    (@read $src:expr, $path:expr, ($($ty:tt $(($($arg:tt)*))? $(in $range:expr)?),* $(,)?)) => {{
        let mut field = 0;
        ($({
            field += 1;
            let path = $crate::Part(&$path, field - 1, true);
            $crate::input!(@read $src, path, $ty $(($($arg)*))? $(in $range)?)
        },)*)
    }};
    (@read $src:expr, $path:expr, Usize1 $(in $range:expr)?) => {
        $src.index_in($path, $crate::input!(@range $($range)?))?
    };
    (@read $src:expr, $path:expr, Bytes) => { $src.word($path)?.to_vec() };
    (@read $src:expr, $path:expr, String) => { ::std::string::String::from($src.text($path)?) };
    (@read $src:expr, $path:expr, Row($width:expr)) => { $src.grid_row($width, $path)?.to_vec() };
    (@read $src:expr, $path:expr, $int:ident $(in $range:expr)?) => {
        $src.int_in::<$int, _, _>($path, $crate::input!(@range $($range)?))?
    };
    (@range) => { .. };
    (@range $range:expr) => { $range };
}

/// The name of an element of a named value, as [`input!`](crate::input) shows it in errors:
/// `Part(&"a", 2, false)` is `a[2]` (an array's element, counted from 0), `Part(&"q", 1,
/// true)` is `q.1` (a tuple's field).
#[derive(Debug)]
pub struct Part<'a, N>(pub &'a N, pub usize, pub bool);

impl<'a, N: Display> Display for Part<'a, N> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let (open, close) = if self.2 { (".", "") } else { ("[", "]") };
        write!(f, "{}{}{}{}", self.0, open, self.1, close)
    }
}

/// A range of 1-based indices, raised to start at 1 at least: index 0 does not exist.
pub(super) struct OneBased<R>(pub R);

impl<R: RangeBounds<usize>> RangeBounds<usize> for OneBased<R> {
    fn start_bound(&self) -> Bound<&usize> {
        match self.0.start_bound() {
            Bound::Included(&0) | Bound::Unbounded => Bound::Included(&1),
            start => start,
        }
    }

    fn end_bound(&self) -> Bound<&usize> {
        self.0.end_bound()
    }
}

/// The message of a bounded read's failure: `n must be in 1..=100, found 0`.
#[cold]
pub(super) fn out_of_range<T: Display, R: RangeBounds<T>, N: Display>(
    name: N,
    range: &R,
    value: T,
) -> String {
    let start = match range.start_bound() {
        Bound::Included(start) => start.to_string(),
        // No range literal excludes its start; a (Bound, Bound) pair can.
        Bound::Excluded(start) => format!("{}<", start),
        Bound::Unbounded => String::new(),
    };
    let end = match range.end_bound() {
        Bound::Included(end) => format!("={}", end),
        Bound::Excluded(end) => end.to_string(),
        Bound::Unbounded => String::new(),
    };
    format!("{} must be in {}..{}, found {}", name, start, end, value)
}

#[cfg(test)]
mod tests {
    use super::super::stream::tests::Trickle;
    use super::super::{Error, Scanner, StreamInput};

    type Parsed = (u8, Vec<i64>, Vec<(usize, Vec<u8>)>, Vec<Vec<u8>>, String, String, (i32, u64));

    /// Every form of `input!` at once, from the source `$make` makes of the text.
    macro_rules! parse_with {
        ($parse:ident, $make:expr) => {
            fn $parse(text: &[u8]) -> Result<Parsed, Error> {
                let mut source = $make(text);
                input! { from source,
                    n: u8 in 1..=4,
                    mut values: [i64 in -100..100; n as usize],
                    pairs: [(Usize1 in ..=n as usize, Bytes); 2],
                    h: usize in 1..,
                    grid: [Row(3); h],
                    word: String,
                    text: String,
                    tail: (i32 in ..=0, u64),
                }
                values.push(0);
                Ok((n, values, pairs, grid, word, text, tail))
            }
        };
    }

    parse_with!(from_scanner, Scanner::new);
    parse_with!(from_stream, StreamInput::new);
    parse_with!(from_trickle, |bytes| StreamInput::new(Trickle { bytes, step: 1 }));

    /// The three sources agree, and this is what they say.
    #[track_caller]
    fn parse(text: &[u8]) -> Result<Parsed, String> {
        let parsed = from_scanner(text).map_err(|e| e.to_string());
        assert_eq!(from_stream(text).map_err(|e| e.to_string()), parsed, "{:?}", text);
        assert_eq!(from_trickle(text).map_err(|e| e.to_string()), parsed, "{:?}", text);
        parsed
    }

    #[track_caller]
    fn error(text: &str) -> String {
        parse(text.as_bytes()).expect_err("bad input")
    }

    #[test]
    fn reads_every_form_from_both_sources() {
        let text = "2\n-100 99\n1 ab 2 c\n2\n#.#\r\n. .   \nwörd ñ -5 7\n";
        let (n, values, pairs, grid, word, text, tail) = parse(text.as_bytes()).expect("valid");
        assert_eq!((n, values), (2, vec![-100, 99, 0]));
        assert_eq!(pairs, [(0, b"ab".to_vec()), (1, b"c".to_vec())]);
        assert_eq!(grid, [b"#.#".to_vec(), b". .".to_vec()]);
        assert_eq!((word.as_str(), text.as_str(), tail), ("wörd", "ñ", (-5, 7)));
    }

    #[test]
    fn errors_name_the_value_its_bound_and_place() {
        assert_eq!(error("5"), "line 1, column 1: n must be in 1..=4, found 5");
        assert_eq!(
            error(""),
            "n, line 1, column 1: expected a non-negative integer, found end of input"
        );
        assert_eq!(error("1 100"), "line 1, column 3: values[0] must be in -100..100, found 100");
        assert_eq!(error("1 -101"), "line 1, column 3: values[0] must be in -100..100, found -101");
        assert_eq!(error("1 0\n0 x"), "line 2, column 1: pairs[0].0 must be in 1..=1, found 0");
        assert_eq!(error("2 0 0\n3 x"), "line 2, column 1: pairs[0].0 must be in 1..=2, found 3");
        assert_eq!(
            error("1 0\n1"),
            "pairs[0].1, line 2, column 2: expected a word, found end of input"
        );
        assert_eq!(error("1 0 1 a 1 b 0"), "line 1, column 13: h must be in 1.., found 0");
        assert_eq!(
            error("1 0 1 a 1 b 1\n##\n"),
            "line 2, column 1: grid[0] has 2 cells, expected 3"
        );
        assert_eq!(
            error("1 0 1 a 1 b 1 \n"),
            "line 2, column 1: expected grid[0], found end of input"
        );
        assert_eq!(
            error("1 0 1 a 1 b 1\n...\nw c 1"),
            "line 3, column 5: tail.0 must be in ..=0, found 1"
        );
        assert_eq!(
            error("1 0 1 a 1 b 1\n...\nw c 0 -1"),
            "tail.1, line 3, column 7: expected a non-negative integer, found \"-1\""
        );
    }

    #[test]
    fn nested_arrays_and_rows_in_tuples() {
        type Parsed = (Vec<Vec<u8>>, (Vec<u8>, usize));
        fn parse(text: &str) -> Result<Parsed, Error> {
            let mut sc = Scanner::new(text.as_bytes());
            input! { from sc, grid: [[u8 in 0..=9; 2]; 2], last: (Row(2), Usize1) }
            input! { from sc }
            Ok((grid, last))
        }
        let parsed = parse("1 2\n3 4\n#.\n2\n").map_err(|e: Error| e.to_string());
        assert_eq!(parsed, Ok((vec![vec![1, 2], vec![3, 4]], (b"#.".to_vec(), 1))));
        let error = |text| parse(text).expect_err("bad input").to_string();
        assert_eq!(error("1 2\n3 10\n"), "line 2, column 3: grid[1][1] must be in 0..=9, found 10");
        assert_eq!(error("1 2 3 4\n#\n"), "line 2, column 1: last.0 has 1 cell, expected 2");
    }

    #[test]
    fn text_must_be_utf8() {
        let text = b"1 0 1 a 1 b 1\n...\n  ok \xff\xfe 0 0\n";
        assert_eq!(
            parse(text).expect_err("not UTF-8"),
            "text, line 3, column 6: expected UTF-8 text, found \"\u{fffd}\u{fffd}\""
        );
    }

    #[test]
    fn one_based_indices_start_at_one_whatever_the_range() {
        let mut sc = Scanner::new(b"1 0 3 4");
        assert_eq!(sc.index_in("a", ..), Ok(0));
        assert_eq!(
            sc.index_in("b", 0..=5).unwrap_err().to_string(),
            "line 1, column 3: b must be in 1..=5, found 0"
        );
        assert_eq!(sc.index_in("c", 2..4), Ok(2));
        assert_eq!(sc.index_in("d", 2..4).unwrap_err().message(), "d must be in 2..4, found 4");
    }
}
