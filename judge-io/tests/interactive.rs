//! An interactive problem end to end, with the test harness's guess-the-number interactor
//! (`judge_test::guess`): the solver as a function in process, and the same solver as a
//! process through real pipes (this binary re-executed with `--solver`, which runs it with
//! `run_stream`).
//!
//! The problem: the judge sends N and hides x in 1..=N; the solver asks `? g`, the judge
//! answers `higher`, `lower` or `correct`. The judge checks every guess is in range, that the
//! solver needs at most the binary-search number of guesses, and that it stops at `correct`.
//! Its replies pass through [`Line`], which writes the second one in two pieces with a pause
//! between them, so the solver must wait for a line to complete.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use judge_io::{Error, Output, StreamInput};
use judge_test::guess::guess;
use judge_test::{interact, interact_binary, ExchangeReader, ExchangeWriter, Interaction};

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

/// The line from the judge to the solver: each flush of the judge is one message (N, then a
/// reply), passed on as it is, except that the second reply goes in two pieces with a pause
/// between them, and with `garbled` every reply is replaced by it.
struct Line<'a> {
    to_solver: &'a mut Output<ExchangeWriter>,
    message: Vec<u8>,
    sent: usize,
    garbled: Option<&'static str>,
}

impl Write for Line<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.message.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.message.is_empty() {
            return Ok(());
        }
        let message = std::mem::take(&mut self.message);
        let message = match self.garbled {
            Some(garbled) if self.sent > 0 => garbled.as_bytes().to_vec(),
            _ => message,
        };
        if self.sent == 2 {
            // Half a reply, a pause, the rest: the solver must wait for the whole line.
            let (head, tail) = message.split_at(2);
            self.to_solver.bytes(head).flush()?;
            std::thread::sleep(Duration::from_millis(50));
            self.to_solver.bytes(tail).flush()?;
        } else {
            self.to_solver.bytes(&message).flush()?;
        }
        self.sent += 1;
        Ok(())
    }
}

/// The guess interactor behind a [`Line`] that garbles its replies when `garbled` is given.
fn judge_with(
    case: &[u8],
    solver: &mut StreamInput<ExchangeReader>,
    out: &mut Output<ExchangeWriter>,
    garbled: Option<&'static str>,
) -> Result<(), Error> {
    let line = Line { to_solver: out, message: Vec::new(), sent: 0, garbled };
    judge_test::guess::interactor(case, solver, &mut Output::new(line))
}

fn judge(
    case: &[u8],
    solver: &mut StreamInput<ExchangeReader>,
    out: &mut Output<ExchangeWriter>,
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
