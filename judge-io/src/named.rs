//! Named, bounded reads: the [`input!`](crate::input) macro.
//!
//! Each declaration becomes one `let` (of `NAME` or `mut NAME`) of a value that `@read` makes
//! by its type: an array reads its items in a loop, a tuple in order, each named by a
//! `format_args!` of its path (`values[3]`, `q.1`), formatted only for an error (and made in
//! the call that takes it: Rust 1.63 cannot keep one in a `let`); the leaves call the source's
//! methods (`int_in`, `index_in`, `word`, `text`, `grid_row`), which `Scanner` and
//! `StreamInput` both have. An array's `Vec` starts with room for at most 2^16
//! items and grows as they arrive: a count read from the input is not trusted with memory
//! before the input holds that many values.

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
/// `[Row(w); h]`). Each value is read by the source's own methods
/// ([`Scanner::int_in`](crate::Scanner::int_in) and the like, at the speed of
/// [`Scanner::int`](crate::Scanner::int)), which a hand-written parser can call for the same
/// messages. An error names the value, with its index in an array or tuple (counted from
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
    (from $src:expr $(, $($pat:ident)+ : $ty:tt $(($($arg:tt)*))? $(in $range:expr)?)* $(,)?) => {
        $(
            let $($pat)+ = $crate::input!(
                @read $src, $crate::input!(@name $($pat)+), $ty $(($($arg)*))? $(in $range)?
            );
        )*
    };
    (@name mut $name:ident) => { stringify!($name) };
    (@name $name:ident) => { stringify!($name) };
    (@read $src:expr, $name:expr, [$ty:tt $(($($arg:tt)*))? $(in $range:expr)?; $len:expr]) => {{
        let len: usize = $len;
        let mut items = ::std::vec::Vec::with_capacity(len.min(1 << 16));
        for i in 0..len {
            items.push($crate::input!(
                @read $src, format_args!("{}[{}]", $name, i), $ty $(($($arg)*))? $(in $range)?
            ));
        }
        items
    }};
    (@read $src:expr, $name:expr, ($($ty:tt $(($($arg:tt)*))? $(in $range:expr)?),* $(,)?)) => {{
        let mut field = 0;
        ($({
            field += 1;
            $crate::input!(@read $src, format_args!("{}.{}", $name, field - 1),
                $ty $(($($arg)*))? $(in $range)?)
        },)*)
    }};
    (@read $src:expr, $name:expr, Usize1 $(in $range:expr)?) => {
        $src.index_in($name, $crate::input!(@range $($range)?))?
    };
    (@read $src:expr, $name:expr, Bytes) => { $src.word($name)?.to_vec() };
    (@read $src:expr, $name:expr, String) => { ::std::string::String::from($src.text($name)?) };
    (@read $src:expr, $name:expr, Row($width:expr)) => { $src.grid_row($width, $name)?.to_vec() };
    (@read $src:expr, $name:expr, $int:ident $(in $range:expr)?) => {
        $src.int_in::<$int, _, _>($name, $crate::input!(@range $($range)?))?
    };
    (@range) => { .. };
    (@range $range:expr) => { $range };
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
