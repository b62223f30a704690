//! Named, bounded reads: the [`input!`](crate::input) macro.
//!
//! Each declaration becomes one `let` (of `NAME` or `mut NAME`) of a value that `@read` makes
//! by its type: an array reads its items in a loop, a tuple in order, each named by a
//! `format_args!` of its path (`values[3]`, `q.1`, `cases[2].n`), formatted only for an error
//! (and made in the call that takes it: Rust 1.63 cannot keep one in a `let`); the leaves call
//! the source's methods (`int_in`, `index_in`, `word`, `text`, `grid_row`, `grid_row_in`,
//! `sum_at_most`), which `Scanner` and `StreamInput` share as a `Cursor`.
//!
//! A tuple is read item by item (`@tuple SOURCE, NAME, ARRAY_SO_FAR, [SUMS], [ONE PER SUM
//! SO FAR], [VALUES], [ONE PER ITEM READ] ITEMS`), each bound by a `let` in a block of its own
//! that holds the rest, so later items see the earlier ones' names; an item without a name gets
//! a fresh one (`value`, made by its own expansion, so no two are the same variable), and its
//! path is its index (the count of `1`s). An array declares one accumulator array for the sum
//! bounds of its tuples (`sums`, made by its own expansion, unused by other arrays) and hands
//! its name to each item (`@item`: a tuple takes it, anything else is read as it is); the K-th
//! sum among a tuple's items adds to `sums[K]`. So no scan of the items comes first, and the
//! macro, one item that reaches every bundle that calls it, stays small. A sum is checked
//! where it stands among the items, so its error is at the value read last. A test case holds
//! at most four sums, checked when it compiles.
//!
//! A sum anywhere else does not compile:
//! ```compile_fail
//! # fn parse(sc: &mut judge_io::Scanner) -> Result<(), judge_io::Error> {
//! judge_io::input! { from sc, case: (n: usize, sum(n) <= 10) }
//! # Ok(())
//! # }
//! ```
//!
//! Nor does a fifth sum in one test case:
//! ```compile_fail
//! # fn parse(sc: &mut judge_io::Scanner) -> Result<(), judge_io::Error> {
//! judge_io::input! { from sc,
//!     cases: [(n: u8, sum(n) <= 9, sum(n) <= 9, sum(n) <= 9, sum(n) <= 9, sum(n) <= 9); 2],
//! }
//! # Ok(())
//! # }
//! ```
//!
//! An array's `Vec` starts with room for at most 2^16 items and grows as they arrive: a count
//! read from the input is not trusted with memory before the input holds that many values.

/// Reads named values from a [`Scanner`](crate::Scanner) or a
/// [`StreamInput`](crate::StreamInput) into `let` bindings, checking the statement's bounds,
/// and returns the first error through `?`, never panicking.
///
/// `input! { from SOURCE, NAME: TYPE, ... }`, where `SOURCE` is the scanner (or a `&mut` to
/// it), `NAME` may be `mut NAME`, and `TYPE` is one of
///
/// | `TYPE` | reads | as |
/// |---|---|---|
/// | `i64`, `usize`, ... | an integer ([`int`](crate::Cursor::int)) | itself |
/// | `u32 in 1..=n` | an integer in an inclusive (`a..=b`), half-open (`a..b`) or open-ended (`a..`, `..=b`) range | `u32` |
/// | `Usize1`, `Usize1 in 1..=n` | a 1-based index (at least 1; the range is in the input's terms) | `usize`, from 0 |
/// | `Bytes` / `String` | a token (a `String` must be UTF-8) | `Vec<u8>` / `String` |
/// | `Row(w)` | a line of exactly `w` cells ([`Scanner::grid_row`](crate::Scanner::grid_row)) | `Vec<u8>` |
/// | `Row(w, ".#")` | the same, every cell one of the string's characters ([`Scanner::grid_row_in`](crate::Scanner::grid_row_in)) | `Vec<u8>` |
/// | `[TYPE; len]` | `len` values (`len` any `usize` expression of earlier names) | `Vec<_>` |
/// | `(TYPE, TYPE, ...)` | the values in order | a tuple |
/// | `(n: TYPE, a: [TYPE; n], ...)` | the same, items named for the items after them | a tuple |
///
/// and these nest (`[(u8 in 1..=2, Usize1 in 1..=n, i64); m + k]`, `[[i32; w]; h]`,
/// `[Row(w, ".#"); h]`). Among the items of a tuple that is an array's item (a test case),
/// `sum(EXPR) <= BOUND` bounds the sum of `EXPR` (of the tuple's names before it) over the
/// array: `cases: [(n: usize in 1..=N, sum(n) <= 200_000, a: [i64; n]); t]` is "the sum of n
/// over all test cases is at most 200000". It is checked where it stands, so it goes right
/// after the last value it uses (`n`; for `sum(n * m)`, `m`), where its error points, and
/// before the values it counts are read. Each value is read by
/// the source's own methods ([`int_in`](crate::Cursor::int_in) and the like, at the speed of
/// [`int`](crate::Cursor::int)), which a hand-written parser can call for the same messages.
/// An error names the value by its path, with its index in an array or tuple (counted from
/// 0, as in the code) or its name in a tuple, and its place:
/// - out of range: `line 2, column 3: n must be in 1..=1000000, found 0`, `line 7, column 1:
///   cases[2].n must be in 1..=100, found 0`;
/// - a sum past its bound, at the value that took it there: `line 9, column 1: the sum of n
///   over cases[..=3] must be at most 200000, found 200003`;
/// - a cell not in the alphabet: `line 3, column 5: grid[1][4] must be one of ".#", found
///   'x'`;
/// - anything else: `cases[2].a[4], line 7, column 3: expected an integer, found "x"`.
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
///
/// Test cases, as Codeforces gives them: `t`, then each case's `n` and its `n` values; the
/// sum of `n` over all test cases is at most 2 * 10^5.
/// ```
/// use judge_io::{input, Error, Scanner};
///
/// fn parse(text: &[u8]) -> Result<Vec<(usize, Vec<i64>)>, Error> {
///     let mut sc = Scanner::new(text);
///     input! { from sc,
///         t: usize in 1..=10_000,
///         cases: [(n: usize in 1..=200_000, sum(n) <= 200_000, a: [i64 in 0..=1_000_000_000; n]); t],
///     }
///     sc.expect_end()?;
///     Ok(cases)
/// }
///
/// assert_eq!(parse(b"2\n3\n1 2 3\n1\n7\n").unwrap(), [(3, vec![1, 2, 3]), (1, vec![7])]);
/// let error = |text: &str| parse(text.as_bytes()).unwrap_err().to_string();
/// assert_eq!(error("2\n1\n5\n0\n"), "line 4, column 1: cases[1].n must be in 1..=200000, found 0");
/// assert_eq!(
///     error("2\n1\n5\n2\n6 -1\n"),
///     "line 5, column 3: cases[1].a[1] must be in 0..=1000000000, found -1"
/// );
/// assert_eq!(
///     error("2\n1\n5\n2\n6 x\n"),
///     "cases[1].a[1], line 5, column 3: expected an integer, found \"x\""
/// );
/// let big = format!("2\n100000\n{}\n100001\n", "1 ".repeat(100_000));
/// assert_eq!(
///     error(&big),
///     "line 4, column 1: the sum of n over cases[..=1] must be at most 200000, found 200001"
/// );
/// ```
///
/// A grid whose cells are `.` or `#`, and a start and a goal on it (1-based):
/// ```
/// use judge_io::{input, Error, Scanner};
///
/// fn parse(text: &[u8]) -> Result<(Vec<Vec<u8>>, (usize, usize), (usize, usize)), Error> {
///     let mut sc = Scanner::new(text);
///     input! { from sc,
///         h: usize in 1..=1000,
///         w: usize in 1..=1000,
///         grid: [Row(w, ".#"); h],
///         start: (Usize1 in 1..=h, Usize1 in 1..=w),
///         goal: (Usize1 in 1..=h, Usize1 in 1..=w),
///     }
///     Ok((grid, start, goal))
/// }
///
/// let (grid, start, goal) = parse(b"2 3\n.#.\n...\n1 1 2 3\n").unwrap();
/// assert_eq!((grid[0][1], start, goal), (b'#', (0, 0), (1, 2)));
/// assert_eq!(
///     parse(b"2 3\n.#.\n.x.\n1 1 2 3\n").unwrap_err().to_string(),
///     "line 3, column 2: grid[1][1] must be one of \".#\", found 'x'"
/// );
/// ```
#[macro_export]
macro_rules! input {
    (from $s:expr $(, $($pat:ident)+ : $t:tt $(($($a:tt)*))? $(in $r:expr)?)* $(,)?) => {
        $(
            let $($pat)+ = $crate::input!(
                @read $s, $crate::input!(@name $($pat)+), [], $t $(($($a)*))? $(in $r)?
            );
        )*
    };
    (@name mut $p:ident) => { stringify!($p) };
    (@name $p:ident) => { stringify!($p) };
    (@read $s:expr, $p:expr, $sums:tt, [$t:tt $(($($a:tt)*))? $(in $r:expr)?; $len:expr]) => {{
        let len: usize = $len;
        let mut items = ::std::vec::Vec::with_capacity(len.min(1 << 16));
        #[allow(unused)]
        let mut sums = [0i128; 4];
        for i in 0..len {
            items.push($crate::input!(@read $s, format_args!("{}[{}]", $p, i),
                [sums, format_args!("{}[..={}]", $p, i),], $t $(($($a)*))? $(in $r)?));
        }
        items
    }};
    (@read $s:expr, $p:expr, $sums:tt, ($($item:tt)*)) => {
        $crate::input!(@tuple $s, $p, $sums, [] $($item)*)
    };
    (@read $s:expr, $p:expr, $sums:tt, Usize1 $(in $r:expr)?) => {
        $s.index_in($p, ($($r,)? ..,).0)?
    };
    (@read $s:expr, $p:expr, $sums:tt, Bytes) => { $s.word($p)?.to_vec() };
    (@read $s:expr, $p:expr, $sums:tt, String) => { $s.text($p)?.to_string() };
    (@read $s:expr, $p:expr, $sums:tt, Row($w:expr)) => { $s.grid_row($w, $p)?.to_vec() };
    (@read $s:expr, $p:expr, $sums:tt, Row($w:expr, $cells:expr)) => {
        $s.grid_row_in($w, $cells, $p)?.to_vec()
    };
    (@read $s:expr, $p:expr, $sums:tt, $int:ident $(in $r:expr)?) => {
        $s.int_in::<$int, _, _>($p, ($($r,)? ..,).0)?
    };
    (@tuple $s:expr, $p:expr, $sums:tt, [$($v:ident)*]) => { ($($v,)*) };
    (@tuple $s:expr, $p:expr, [$sums:ident, $over:expr, $($k:tt)*], $v:tt
        sum ($($e:tt)*) <= $bound:expr $(, $($rest:tt)*)?) => {{
        const _: () = assert!(0 $(+ $k)* < 4, "input!: at most 4 sums in a test case");
        $s.sum_at_most(&mut $sums[0 $(+ $k)*], $($e)*, $bound,
            format_args!("{} over {}", stringify!($($e)*), $over))?;
        $crate::input!(@tuple $s, $p, [$sums, $over, $($k)* 1], $v $($($rest)*)?)
    }};
    (@tuple $s:expr, $p:expr, [], $v:tt sum $e:tt <= $($rest:tt)*) => {
        compile_error!("input!: a sum(...) <= ... goes among the items of an array's tuple")
    };
    (@tuple $s:expr, $p:expr, $sums:tt, [$($v:ident)*]
        $field:ident : $t:tt $(($($a:tt)*))? $(in $r:expr)? $(, $($rest:tt)*)?) => {{
        let $field = $crate::input!(@read $s, format_args!("{}.{}", $p, stringify!($field)), [],
            $t $(($($a)*))? $(in $r)?);
        $crate::input!(@tuple $s, $p, $sums, [$($v)* $field] $($($rest)*)?)
    }};
    (@tuple $s:expr, $p:expr, $sums:tt, [$($v:ident)*]
        $t:tt $(($($a:tt)*))? $(in $r:expr)? $(, $($rest:tt)*)?) => {{
        let index = [$(stringify!($v),)* ""].len() - 1;
        let value = $crate::input!(@read $s, format_args!("{}.{}", $p, index), [],
            $t $(($($a)*))? $(in $r)?);
        $crate::input!(@tuple $s, $p, $sums, [$($v)* value] $($($rest)*)?)
    }};
}

#[cfg(test)]
mod tests {
    use super::super::stream::tests::Trickle;
    use super::super::{Error, Scanner, StreamInput};

    type Parsed = (u8, Vec<i64>, Vec<(usize, Vec<u8>)>, Vec<Vec<u8>>, String, String, (i32, u64));

    /// `fn $parse(text) -> Result<$parsed, String>`: `$body` run on a scanner, a stream and a
    /// stream that gets one byte a read, each `$source` over `text`; the three agree, and this
    /// is what they say.
    macro_rules! from_every_source {
        ($parse:ident -> $parsed:ty, |$source:ident| $body:block) => {
            #[track_caller]
            fn $parse(text: &[u8]) -> Result<$parsed, String> {
                fn from_scanner(text: &[u8]) -> Result<$parsed, Error> {
                    let mut $source = Scanner::new(text);
                    $body
                }
                fn from_stream(text: &[u8]) -> Result<$parsed, Error> {
                    let mut $source = StreamInput::new(text);
                    $body
                }
                fn from_trickle(text: &[u8]) -> Result<$parsed, Error> {
                    let mut $source = StreamInput::new(Trickle { bytes: text, step: 1 });
                    $body
                }
                let parsed = from_scanner(text).map_err(|e| e.to_string());
                assert_eq!(from_stream(text).map_err(|e| e.to_string()), parsed, "{:?}", text);
                assert_eq!(from_trickle(text).map_err(|e| e.to_string()), parsed, "{:?}", text);
                parsed
            }
        };
    }

    // Every form of `input!` but those of test cases (below).
    from_every_source!(parse -> Parsed, |source| {
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
    });

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

    /// A test case: `n m`, n values, n rows of m cells, then a tuple of its own.
    type Case = (usize, usize, Vec<i64>, Vec<Vec<u8>>, (u8, Vec<u8>));
    type Cases = (Vec<Case>, Vec<Vec<u8>>, (u8, Vec<u8>));

    // Test cases whose items name their counts, sums over them, rows against an alphabet.
    from_every_source!(parse_cases -> Cases, |source| {
        input! { from source,
            t: usize in 1..=5,
            cases: [(
                n: usize in 1..=4,
                sum(n) <= 6,
                m: usize in 1..=3,
                sum(n * m) <= 8,
                a: [i64 in 0..=9; n],
                grid: [Row(m, ".#"); n],
                (u8, w: Bytes),
            ); t],
            h: usize in 1..=3,
            board: [Row(2, "ab"); h],
            pair: (x: u8 in 0..=3, y: [u8; x as usize]),
        }
        Ok((cases, board, pair))
    });

    #[track_caller]
    fn cases(text: &str) -> Result<Cases, String> {
        parse_cases(text.as_bytes())
    }

    #[track_caller]
    fn cases_error(text: &str) -> String {
        cases(text).expect_err("bad input")
    }

    /// Two cases (n = 2, m = 3 and n = 1, m = 2) with `$a`, `$b` for the second case's `n m`
    /// and `$cell` for a cell of its row, then the board and the pair.
    fn two_cases(second: &str, cell: char) -> String {
        format!("2\n2 3\n0 9\n#.#\n..#\n7 w1\n{}\n5\n#{}\n8 w2\n1\nab\n2 1 2\n", second, cell)
    }

    #[test]
    fn test_cases_name_their_own_counts() {
        let (cases, board, pair) = cases(&two_cases("1 2", '.')).expect("valid");
        assert_eq!(
            cases,
            [
                (2, 3, vec![0, 9], vec![b"#.#".to_vec(), b"..#".to_vec()], (7, b"w1".to_vec())),
                (1, 2, vec![5], vec![b"#.".to_vec()], (8, b"w2".to_vec())),
            ]
        );
        assert_eq!((board, pair), (vec![b"ab".to_vec()], (2, vec![1, 2])));
    }

    #[test]
    fn errors_in_test_cases_name_the_value_by_its_path() {
        let at =
            |line, column, message: &str| format!("line {}, column {}: {}", line, column, message);
        let board =
            |cells: &str, pair: &str| format!("1\n1 1\n0\n.\n0 w\n1\n{}\n{}\n", cells, pair);
        let found = "board[0][0] must be one of \"ab\", found";
        let expected = [
            (two_cases("0 2", '.'), at(7, 1, "cases[1].n must be in 1..=4, found 0")),
            (two_cases("1 4", '.'), at(7, 3, "cases[1].m must be in 1..=3, found 4")),
            (
                "1\n1 1\nx".to_string(),
                "cases[0].a[0], line 3, column 1: expected an integer, found \"x\"".to_string(),
            ),
            ("1\n2 1\n3 10".to_string(), at(3, 3, "cases[0].a[1] must be in 0..=9, found 10")),
            (
                two_cases("1 2", 'x'),
                at(9, 2, "cases[1].grid[0][1] must be one of \".#\", found 'x'"),
            ),
            // A cell is a byte: a character of two bytes makes the row too wide.
            (two_cases("1 2", '\u{e9}'), at(9, 1, "cases[1].grid[0] has 3 cells, expected 2")),
            ("1\n1 2\n5\n#\n".to_string(), at(4, 1, "cases[0].grid[0] has 1 cell, expected 2")),
            (
                "1\n1 2\n5\n#.\n300".to_string(),
                "cases[0].4.0, line 5, column 1: integer \"300\" out of range for u8".to_string(),
            ),
            (
                "1\n1 2\n5\n#.\n3".to_string(),
                "cases[0].4.w, line 5, column 2: expected a word, found end of input".to_string(),
            ),
            (board("\u{e9}", "0"), at(7, 1, &format!("{} '\u{e9}'", found))),
            (board(" b", "0"), at(7, 1, &format!("{} ' '", found))),
            (board("\x01b", "0"), at(7, 1, &format!("{} '\\u{{1}}'", found))),
            (board("a\t", "0"), at(7, 1, "board[0] has 1 cell, expected 2")),
            (board("a b", "0"), at(7, 1, "board[0] has 3 cells, expected 2")),
            (board("ab", "4"), at(8, 1, "pair.x must be in 0..=3, found 4")),
            (
                board("ab", "2 1 x"),
                "pair.y[1], line 8, column 5: expected a non-negative integer, found \"x\""
                    .to_string(),
            ),
        ];
        for (text, message) in expected.iter() {
            assert_eq!(&cases_error(text), message, "{:?}", text);
        }
    }

    #[test]
    fn a_sum_past_its_bound_is_an_error_at_the_value_that_took_it_there() {
        let at =
            |line, column, message: &str| format!("line {}, column {}: {}", line, column, message);
        // n: 2 + 4 = 6 is the most (with m = 1, n * m stays within 8); 2 + 1 + 4 is not.
        let case = |n: usize| format!("{} 1\n{}\n{}0 w\n", n, "0 ".repeat(n), ".\n".repeat(n));
        let text = |ns: &[usize]| {
            let cases: String = ns.iter().map(|&n| case(n)).collect();
            format!("{}\n{}1\nab\n0\n", ns.len(), cases)
        };
        assert_eq!(cases(&text(&[2, 4])).map(|(cases, _, _)| cases.len()), Ok(2));
        assert_eq!(
            cases_error(&text(&[2, 1, 4])),
            at(11, 1, "the sum of n over cases[..=2] must be at most 6, found 7")
        );
        // n * m: 2 * 3 + 1 * 2 = 8 is the most; 2 * 3 + 1 * 3 > 8, at m.
        assert_eq!(
            cases_error(&two_cases("1 3", '.')),
            at(7, 3, "the sum of n * m over cases[..=1] must be at most 8, found 9")
        );
    }

    #[test]
    fn four_sums_in_a_test_case_each_keep_their_own() {
        fn read(text: &str) -> Result<Vec<(u8, u8)>, Error> {
            let mut sc = Scanner::new(text.as_bytes());
            input! { from sc,
                t: usize,
                cases: [(a: u8, sum(a) <= 3, b: u8, sum(b) <= 4, sum(a + b) <= 6, sum(1) <= 2); t],
            }
            Ok(cases)
        }
        let parse = |text| read(text).map_err(|e| e.to_string());
        assert_eq!(parse("2 1 2 1 2"), Ok(vec![(1, 2), (1, 2)]));
        let at = |column, what| format!("line 1, column {}: the sum of {}", column, what);
        assert_eq!(parse("2 2 0 2 0"), Err(at(7, "a over cases[..=1] must be at most 3, found 4")));
        assert_eq!(parse("2 0 3 0 2"), Err(at(9, "b over cases[..=1] must be at most 4, found 5")));
        assert_eq!(
            parse("2 1 2 2 2"),
            Err(at(9, "a + b over cases[..=1] must be at most 6, found 7"))
        );
        assert_eq!(
            parse("3 0 0 0 0 0 0"),
            Err(at(13, "1 over cases[..=2] must be at most 2, found 3"))
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
