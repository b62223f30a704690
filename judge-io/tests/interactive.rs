//! An interactive problem end to end, through real pipes: this binary is both the judge and,
//! re-executed with `--solver`, the contestant's program, which uses `run_stream`.
//!
//! The problem: the judge sends N and hides x in 1..=N; the solver asks `? g`, the judge
//! answers `higher`, `lower` or `correct`. The judge checks every guess is in range, that the
//! solver needs at most the binary-search number of guesses, and that it stops at `correct`.
//! A reply is written in two pieces with a pause between them, so the solver must wait for a
//! line to complete; every read has a timeout, so a solver that forgets to flush fails the
//! test instead of hanging it.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use judge_io::{Error, Output, StreamInput};

/// How long the judge waits for one line of the solver before it fails the test.
const REPLY_TIMEOUT: Duration = Duration::from_secs(20);

fn main() -> ExitCode {
    if std::env::args().any(|arg| arg == "--solver") {
        return judge_io::run_stream(guess);
    }
    plays_every_hidden_number_in_a_small_range();
    plays_large_ranges();
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

/// The solver as a child process, and its stdout as lines arriving on a channel.
struct Solver {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Solver {
    fn start() -> Solver {
        let mut child = Command::new(std::env::current_exe().expect("the test binary's path"))
            .arg("--solver")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("can start the solver");
        let stdin = child.stdin.take().expect("piped");
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines() {
                if send.send(line.expect("the solver writes UTF-8")).is_err() {
                    break;
                }
            }
        });
        Solver { child, stdin, lines }
    }

    /// Sends `text` at once.
    fn send(&mut self, text: &str) {
        self.stdin.write_all(text.as_bytes()).expect("the solver reads its input");
        self.stdin.flush().expect("the pipe flushes");
    }

    /// The solver's next line (`None` once it closed stdout); the test fails after
    /// `REPLY_TIMEOUT` without one.
    fn next_line(&mut self) -> Option<String> {
        match self.lines.recv_timeout(REPLY_TIMEOUT) {
            Ok(line) => Some(line),
            Err(mpsc::RecvTimeoutError::Disconnected) => None,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let _ = self.child.kill();
                panic!("the solver did not answer within {REPLY_TIMEOUT:?} (did it flush?)");
            }
        }
    }

    /// Closes stdin and waits: whether it succeeded, and its stderr.
    fn finish(self) -> (bool, String) {
        drop(self.stdin);
        let output = self.child.wait_with_output().expect("the solver can be waited for");
        (output.status.success(), String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

/// Plays one game as the judge; returns the number of guesses.
fn play(n: u64, hidden: u64) -> usize {
    let mut solver = Solver::start();
    solver.send(&format!("{n}\n"));
    let mut guesses = 0;
    loop {
        let line = solver.next_line().unwrap_or_else(|| panic!("n={n} x={hidden}: no guess"));
        let g: u64 = line
            .strip_prefix("? ")
            .and_then(|g| g.parse().ok())
            .unwrap_or_else(|| panic!("n={n} x={hidden}: not a guess: {line:?}"));
        assert!((1..=n).contains(&g), "n={n} x={hidden}: guess {g} out of range");
        guesses += 1;
        let reply = match g.cmp(&hidden) {
            std::cmp::Ordering::Less => "higher\n",
            std::cmp::Ordering::Greater => "lower\n",
            std::cmp::Ordering::Equal => "correct\n",
        };
        if guesses == 2 {
            // Half a reply, a pause, the rest: the solver must wait for the whole line.
            let (head, tail) = reply.split_at(2);
            solver.send(head);
            std::thread::sleep(Duration::from_millis(50));
            solver.send(tail);
        } else {
            solver.send(reply);
        }
        if g == hidden {
            break;
        }
    }
    assert_eq!(solver.next_line(), None, "n={n} x={hidden}: output after `correct`");
    let (success, stderr) = solver.finish();
    assert!(success && stderr.is_empty(), "n={n} x={hidden}: solver failed: {stderr}");
    guesses
}

/// The binary-search bound: floor(log2 n) + 1 guesses.
fn max_guesses(n: u64) -> usize {
    (64 - n.leading_zeros()) as usize
}

fn plays_every_hidden_number_in_a_small_range() {
    for hidden in 1..=7 {
        let guesses = play(7, hidden);
        assert!(guesses <= max_guesses(7), "x={hidden}: {guesses} guesses");
    }
}

fn plays_large_ranges() {
    let games = [(1, 1), (1_000_000_000, 1), (1_000_000_000, 999_999_999), (u64::MAX / 2, 12345)];
    for (n, hidden) in games {
        let guesses = play(n, hidden);
        assert!(guesses <= max_guesses(n), "n={n} x={hidden}: {guesses} guesses");
    }
}

fn a_reply_that_makes_no_sense_is_one_located_error() {
    let mut solver = Solver::start();
    solver.send("10\n");
    assert_eq!(solver.next_line().as_deref(), Some("? 5"));
    solver.send("  maybe\n");
    assert_eq!(solver.next_line(), None, "the solver stops at a bad reply");
    let (success, stderr) = solver.finish();
    assert!(!success);
    assert_eq!(stderr, "error: line 2, column 3: expected higher, lower or correct\n");
}
