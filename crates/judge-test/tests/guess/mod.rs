//! Guess the number, the interactive problem the harness's tests play: the solver (right, or
//! with a planted off-by-one) and the interactor.

use std::io::{Read, Write};

use judge_io::{Error, Output, Scanner, StreamInput};

fn cannot_write(e: std::io::Error) -> Error {
    Error::new(format!("cannot write output: {e}"))
}

/// Binary search on the replies; with `off_by_one` (the planted bug) it starts below N, so it
/// never finds X = N.
pub fn search<R: Read, W: Write>(
    input: &mut StreamInput<R>,
    out: &mut Output<W>,
    off_by_one: bool,
) -> Result<(), Error> {
    let n: u64 = input.int()?;
    let (mut low, mut high) = (1, if off_by_one { n - 1 } else { n });
    while low <= high {
        let mid = low + (high - low) / 2;
        out.str("? ").int(mid).newline();
        out.flush().map_err(cannot_write)?;
        match input.token("a reply")? {
            b"higher" => low = mid + 1,
            b"lower" => high = mid - 1,
            b"correct" => return Ok(()),
            _ => return Err(input.error_at_token("expected higher, lower or correct")),
        }
    }
    Err(Error::new("the replies contradict each other"))
}

pub fn guess<R: Read, W: Write>(
    input: &mut StreamInput<R>,
    out: &mut Output<W>,
) -> Result<(), Error> {
    search(input, out, false)
}

/// The interactor: the case is `N X` (1 <= X <= N <= 10^9); guesses are `? g` in 1..=N, at most
/// the binary-search bound, and the solver must stop at `correct`.
pub fn judge<R: Read, W: Write>(
    case: &[u8],
    solver: &mut StreamInput<R>,
    out: &mut Output<W>,
) -> Result<(), Error> {
    let mut sc = Scanner::new(case);
    let n: u64 = sc.int()?;
    let hidden: u64 = sc.int()?;
    sc.expect_end()?;
    if !(1..=1_000_000_000).contains(&n) || !(1..=n).contains(&hidden) {
        return Err(Error::new(format!(
            "the case: need 1 <= X <= N <= 10^9, found N {n}, X {hidden}"
        )));
    }
    out.int(n).newline();
    out.flush().map_err(cannot_write)?;
    let max_guesses = 64 - n.leading_zeros();
    for _ in 0..max_guesses {
        if solver.token("a guess")? != b"?" {
            return Err(solver.error_at_token("expected ?"));
        }
        let g: u64 = solver.int()?;
        if !(1..=n).contains(&g) {
            return Err(solver.error_at_token(format!("guess {g} is outside 1..={n}")));
        }
        let reply = match g.cmp(&hidden) {
            std::cmp::Ordering::Less => "higher",
            std::cmp::Ordering::Greater => "lower",
            std::cmp::Ordering::Equal => "correct",
        };
        out.str(reply).newline();
        out.flush().map_err(cannot_write)?;
        if g == hidden {
            return if solver.at_end()? {
                Ok(())
            } else {
                Err(solver.error_at_token("expected the end after correct"))
            };
        }
    }
    Err(Error::new(format!("more than {max_guesses} guesses")))
}
