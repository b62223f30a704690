//! A solver's binary against an interactor function, through the child's stdin and stdout:
//! what `tests/cli.rs` of an interactive problem plays.

use std::io::Read;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use judge_io::{Output, StreamInput};

use super::pipes::{lock, ExchangeReader, ExchangeWriter, Transcript};
use super::{interactor_failure, over_time, verdict, Interaction, Interactor, TIME_LIMIT};
use crate::panics::catch_quietly;

/// Plays the solver binary `program` (run with `args`) against `interactor` on the case
/// `case`, through the child's stdin and stdout, as `scripts/test.sh` plays `P` against
/// `P-interactor`: for a problem's `tests/cli.rs`. A solver still running at [`TIME_LIMIT`] is
/// killed (a missing flush ends here, since a process's wait cannot be seen); a non-zero exit
/// fails with its first stderr line.
pub fn interact_binary<I: Interactor>(
    program: &str,
    args: &[&str],
    case: &[u8],
    interactor: I,
) -> Interaction {
    let spawned = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) => {
            let verdict = Err(format!("cannot start {program}: {e}"));
            return Interaction { verdict, transcript: String::new() };
        }
    };
    let transcript = Arc::new(Mutex::new(Transcript::default()));
    let stdout = child.stdout.take().expect("piped");
    let reader = ExchangeReader::from_process(stdout, Arc::clone(&transcript));
    let stdin = child.stdin.take().expect("piped");
    let writer = ExchangeWriter::to_process(stdin, Arc::clone(&transcript));
    let mut stderr = child.stderr.take().expect("piped");
    let stderr = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stderr.read_to_end(&mut text);
        String::from_utf8_lossy(&text).into_owned()
    });
    let (sender, ended) = mpsc::channel();
    let case = case.to_vec();
    std::thread::spawn(move || {
        let result = catch_quietly(move || {
            let (mut input, mut out) = (StreamInput::new(reader), Output::new(writer));
            let result = interactor(&case, &mut input, &mut out);
            // What the solver did not read changes nothing once the interactor has decided.
            let _ = out.flush();
            result
        });
        let _ = sender.send(result);
    });
    let status = wait_or_kill(&mut child, Instant::now() + TIME_LIMIT);
    // The solver is gone, so the interactor's reads end; one that never returns is reported.
    let interactor = ended.recv_timeout(TIME_LIMIT).ok();
    let stderr = stderr.join().unwrap_or_default();
    let first_error_line = stderr.lines().next().unwrap_or("");
    let crashed = status.is_some_and(|status| status.code().is_none_or(|code| code == 101));
    let solver_failure = match status {
        Some(status) if !status.success() => {
            Some(format!("the solver exits with {status}: {first_error_line}"))
        }
        _ => None,
    };
    let broken = status.is_none().then(|| over_time(TIME_LIMIT));
    let transcript = lock(&transcript).render();
    Interaction {
        verdict: verdict(broken, solver_failure, interactor_failure(interactor), crashed),
        transcript,
    }
}

/// The child's exit status, or `None` when it still ran at `deadline` and was killed.
fn wait_or_kill(child: &mut Child, deadline: Instant) -> Option<ExitStatus> {
    let mut pause = Duration::from_micros(100);
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if Instant::now() < deadline => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(5));
            }
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::{interact_binary, wait_or_kill};
    use crate::interact::tests::echo_interactor;

    #[test]
    fn a_process_plays_through_its_stdin_and_stdout() {
        let play = interact_binary("sh", &["-c", "read line; echo pong"], b"", echo_interactor);
        assert_eq!(play.verdict, Ok(()));
        assert_eq!(play.transcript, "< ping\n> pong\n");
    }

    #[test]
    fn a_failing_process_is_its_status_and_first_stderr_line() {
        let script = "echo 'error: line 1, column 1: no' >&2; echo more >&2; exit 3";
        let play = interact_binary("sh", &["-c", script], b"", echo_interactor);
        let why = play.verdict.expect_err("the solver fails");
        assert!(why.ends_with("the solver exits with exit status: 3: error: line 1, column 1: no"));
        assert!(why.starts_with("the interactor rejects: "), "{why}");
    }

    #[test]
    fn a_program_that_cannot_start_is_said_so() {
        let play = interact_binary("/nonexistent/solver", &[], b"", echo_interactor);
        let why = play.verdict.expect_err("no solver");
        assert!(why.starts_with("cannot start /nonexistent/solver: "), "{why}");
    }

    #[test]
    fn a_child_past_its_deadline_is_killed() {
        let mut child = std::process::Command::new("sleep").arg("10").spawn().expect("sleep");
        let started = Instant::now();
        assert_eq!(wait_or_kill(&mut child, started + Duration::from_millis(50)), None);
        assert!(started.elapsed() < Duration::from_secs(5));
    }
}
