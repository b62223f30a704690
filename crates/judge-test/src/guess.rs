//! Guess the number: the one interactive problem the workspace's own tests play (judge-io's
//! stream tests, this harness's, and the test runner's fixture crates, which depend on
//! judge-test for it). Hidden from the docs: a problem's tests have their own interactor.
//!
//! The case is `N X` (`1 <= X <= N`, both `u64`). The interactor sends `N`; the solver asks
//! `? G` and hears `higher`, `lower` or `correct`; it has as many guesses as a binary search
//! needs (the bit length of `N`) and must end its output after `correct`. [`Rules`] change the
//! asking (`G` alone) and the number of guesses, for a fixture that speaks plain lines.

use std::io::{Read, Write};

use judge_io::{Error, Output, Scanner, StreamInput};

/// How a game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Whether each guess is asked as `? G` (else `G` alone).
    pub asked_with_question_mark: bool,
    /// The most guesses; `None`: as many as a binary search needs on `N`.
    pub max_guesses: Option<u32>,
}

/// `? G`, and the guesses of a binary search.
pub const STANDARD: Rules = Rules { asked_with_question_mark: true, max_guesses: None };

fn cannot_write(e: std::io::Error) -> Error {
    Error::new(format!("cannot write output: {e}"))
}

/// The solver: a binary search on the replies.
pub fn guess<R: Read, W: Write>(
    input: &mut StreamInput<R>,
    out: &mut Output<W>,
) -> Result<(), Error> {
    search(input, out, false)
}

/// [`guess`], or with `off_by_one` (a planted bug) a search that starts below `N`, and so never
/// finds `X = N`.
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

/// The interactor under the [`STANDARD`] rules.
pub fn interactor<R: Read, W: Write>(
    case: &[u8],
    solver: &mut StreamInput<R>,
    out: &mut Output<W>,
) -> Result<(), Error> {
    interactor_by(STANDARD, case, solver, out)
}

/// The interactor under `rules`: sends `N`, answers each guess, accepts once the solver ends
/// after `correct`; rejects a guess outside `1..=N`, a guess past the most allowed, or output
/// after `correct`.
pub fn interactor_by<R: Read, W: Write>(
    rules: Rules,
    case: &[u8],
    solver: &mut StreamInput<R>,
    out: &mut Output<W>,
) -> Result<(), Error> {
    let mut sc = Scanner::new(case);
    let n: u64 = sc.int()?;
    let hidden: u64 = sc.int()?;
    sc.expect_end()?;
    if !(1..=n).contains(&hidden) {
        return Err(Error::new(format!("the case: need 1 <= X <= N, found N {n}, X {hidden}")));
    }
    out.int(n).newline();
    out.flush().map_err(cannot_write)?;
    let max_guesses = rules.max_guesses.unwrap_or(64 - n.leading_zeros());
    for _ in 0..max_guesses {
        if rules.asked_with_question_mark && solver.token("a guess")? != b"?" {
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

#[cfg(test)]
mod tests {
    use super::{guess, interactor, interactor_by, search, Rules};
    use crate::{interact, StreamRunFn};

    #[test]
    fn the_solver_finds_every_number_within_the_binary_search_bound() {
        for n in [1, 2, 3, 8, 9, 1000, u64::MAX] {
            for hidden in [1, n / 2 + 1, n] {
                let play = interact(format!("{n} {hidden}").as_bytes(), guess, interactor);
                assert_eq!(play.verdict, Ok(()), "n={n} x={hidden}:\n{}", play.transcript);
            }
        }
    }

    #[test]
    fn the_planted_bug_misses_only_the_last_number() {
        let wrong: StreamRunFn = |input, out| search(input, out, true);
        assert_eq!(interact(b"9 8", wrong, interactor).verdict, Ok(()));
        let why = interact(b"9 9", wrong, interactor).verdict.expect_err("9 is never asked");
        assert!(why.starts_with("the interactor rejects: more than 4 guesses"), "{why}");
    }

    #[test]
    fn plain_guesses_under_a_fixed_limit() {
        let rules = Rules { asked_with_question_mark: false, max_guesses: Some(3) };
        let linear: StreamRunFn = |input, out| {
            let n: u64 = input.int()?;
            for g in 1..=n {
                out.int(g).newline();
                out.flush().map_err(|e| judge_io::Error::new(e.to_string()))?;
                if input.token("a reply")? == b"correct" {
                    return Ok(());
                }
            }
            Ok(())
        };
        let by_rules =
            move |case: &[u8], solver: &mut _, out: &mut _| interactor_by(rules, case, solver, out);
        let play = interact(b"100 3", linear, by_rules);
        assert_eq!(play.verdict, Ok(()));
        assert_eq!(play.transcript, "< 100\n> 1\n< higher\n> 2\n< higher\n> 3\n< correct\n");
        let why = interact(b"100 4", linear, by_rules).verdict.expect_err("a fourth guess");
        assert!(why.starts_with("the interactor rejects: more than 3 guesses"), "{why}");
    }
}
