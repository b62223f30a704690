//! An interactive problem end to end, with the test harness's interactor (`judge_test`): the
//! solver as a function in process, and the same solver as a process through real pipes
//! (this binary re-executed with `--solver`, which runs it with `run_stream`).
//!
//! The problem: the judge sends N and hides x in 1..=N; the solver asks `? g`, the judge
//! answers `higher`, `lower` or `correct`. The judge checks every guess is in range, that the
//! solver needs at most the binary-search number of guesses, and that it stops at `correct`.
//! The second reply is written in two pieces with a pause between them, so the solver must
//! wait for a line to complete.

use std::io::{Read, Write};
use std::process::ExitCode;
use std::time::Duration;

use judge_io::{Error, Output, Scanner, StreamInput};
use judge_test::{interact, interact_binary, Interaction};

fn main() -> ExitCode {
    if std::env::args().any(|arg| arg == "--solver") {
        return judge_io::run_stream(guess);
    }
    plays_every_hidden_number_in_a_small_range();
    plays_large_ranges();
    plays_through_real_pipes();
    a_reply_that_makes_no_sense_is_one_located_error();
    println!("interactive: all passed");
    ExitCode::SUCCESS
}

/// The solver: binary search on the replies.
fn guess<R: Read, W: Write>(input: &mut StreamInput<R>, out: &mut Output<W>) -> Result<(), Error> {
    let n: u64 = input.int()?;
    let (mut low, mut high) = (1, n);
    while low <= high {
        let mid = low + (high - low) / 2;
        out.str("? ").int(mid).newline();
        out.flush().map_err(|e| Error::new(format!("cannot write output: {}", e)))?;
        match input.token("a reply")? {
            b"higher" => low = mid + 1,
            b"lower" => high = mid - 1,
            b"correct" => return Ok(()),
            _ => return Err(input.error_at_token("expected higher, lower or correct")),
        }
    }
    Err(Error::new("the replies contradict each other"))
}

/// The judge on the case `N X`; `reply` overrides its replies (to test the solver's errors).
fn judge_with<R: Read, W: Write>(
    case: &[u8],
    solver: &mut StreamInput<R>,
    out: &mut Output<W>,
    reply: Option<&str>,
) -> Result<(), Error> {
    let mut sc = Scanner::new(case);
    let (n, hidden): (u64, u64) = (sc.int()?, sc.int()?);
    let send = |out: &mut Output<W>, text: &str| {
        out.str(text).flush().map_err(|e| Error::new(format!("cannot write: {e}")))
    };
    send(out, &format!("{n}\n"))?;
    let max_guesses = 64 - n.leading_zeros();
    for guesses in 1..=max_guesses {
        if solver.token("a guess")? != b"?" {
            return Err(solver.error_at_token("expected ?"));
        }
        let g: u64 = solver.int()?;
        if !(1..=n).contains(&g) {
            return Err(solver.error_at_token(format!("guess {g} is outside 1..={n}")));
        }
        let answer = match g.cmp(&hidden) {
            std::cmp::Ordering::Less => "higher\n",
            std::cmp::Ordering::Greater => "lower\n",
            std::cmp::Ordering::Equal => "correct\n",
        };
        let answer = reply.unwrap_or(answer);
        if guesses == 2 {
            // Half a reply, a pause, the rest: the solver must wait for the whole line.
            let (head, tail) = answer.split_at(2);
            send(out, head)?;
            std::thread::sleep(Duration::from_millis(50));
            send(out, tail)?;
        } else {
            send(out, answer)?;
        }
        if answer == "correct\n" {
            return if solver.at_end()? {
                Ok(())
            } else {
                Err(solver.error_at_token("output after correct"))
            };
        }
    }
    Err(Error::new(format!("more than {max_guesses} guesses")))
}

fn judge<R: Read, W: Write>(
    case: &[u8],
    solver: &mut StreamInput<R>,
    out: &mut Output<W>,
) -> Result<(), Error> {
    judge_with(case, solver, out, None)
}

#[track_caller]
fn assert_accepted(play: &Interaction, n: u64, hidden: u64) {
    assert_eq!(play.verdict, Ok(()), "n={n} x={hidden}:\n{}", play.transcript);
    let guesses = play.transcript.lines().filter(|line| line.starts_with("> ")).count();
    assert!(guesses <= (64 - n.leading_zeros()) as usize, "n={n} x={hidden}: {guesses} guesses");
}

fn plays_every_hidden_number_in_a_small_range() {
    for hidden in 1..=7 {
        assert_accepted(&interact(format!("7 {hidden}").as_bytes(), guess, judge), 7, hidden);
    }
}

fn plays_large_ranges() {
    let games = [(1, 1), (1_000_000_000, 1), (1_000_000_000, 999_999_999), (u64::MAX / 2, 12345)];
    for (n, hidden) in games {
        assert_accepted(&interact(format!("{n} {hidden}").as_bytes(), guess, judge), n, hidden);
    }
}

/// The solver as this binary with `--solver`: `run_stream` on a real stdin pipe.
fn solver_binary() -> String {
    std::env::current_exe().expect("the test binary's path").display().to_string()
}

fn plays_through_real_pipes() {
    let solver = solver_binary();
    for (n, hidden) in [(7, 3), (1_000_000_000, 999_999_999)] {
        let play =
            interact_binary(&solver, &["--solver"], format!("{n} {hidden}").as_bytes(), judge);
        assert_accepted(&play, n, hidden);
    }
}

fn a_reply_that_makes_no_sense_is_one_located_error() {
    let nonsense = |case: &[u8], solver: &mut StreamInput<_>, out: &mut Output<_>| {
        judge_with(case, solver, out, Some("  maybe\n"))
    };
    let play = interact_binary(&solver_binary(), &["--solver"], b"10 3", nonsense);
    assert_eq!(play.transcript, "< 10\n> ? 5\n<   maybe\n");
    let why = play.verdict.expect_err("the solver stops");
    assert!(
        why.ends_with(
            "the solver exits with exit status: 1: error: line 2, column 3: expected higher, \
             lower or correct"
        ),
        "{why}"
    );
}
