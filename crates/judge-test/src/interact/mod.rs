//! Playing a solver against an interactor: [`interact`] plays a solver function in process,
//! each side on a thread of its own and talking through in-memory pipes, as `P` and `P-interactor`
//! play through real pipes under `scripts/test.sh`; [`interact_binary`] plays the solver's
//! binary through its stdin and stdout.
//!
//! The in-memory pipes ([`pipes`]) see both sides wait: when each side waits to read what the
//! other has not sent (a solver that forgot to flush before reading), nothing can ever move,
//! and the play ends at once as a failure instead of hanging. A side that neither reads nor
//! ends (an endless loop) is stopped by [`TIME_LIMIT`].

mod binary;
mod pipes;

use std::io;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use judge_io::{Error, Output, StreamInput};

use crate::panics::catch_quietly;

pub use binary::interact_binary;
use pipes::{Broken, Pipes, Side};
pub use pipes::{ExchangeReader, ExchangeWriter};

/// How long one play may take before it is stopped as a failure.
pub const TIME_LIMIT: Duration = Duration::from_secs(10);

/// The solver's input as [`interact`] gives it.
pub type SolverInput = StreamInput<ExchangeReader>;
/// The solver's output as [`interact`] gives it.
pub type SolverOutput = Output<ExchangeWriter>;
/// An interactive solver as tests name its type: `run_stream`'s argument, at the harness's
/// pipes.
pub type StreamRunFn = fn(&mut SolverInput, &mut SolverOutput) -> Result<(), Error>;
/// What an interactor reads: the solver's output as it arrives.
pub(crate) type InteractorInput = StreamInput<ExchangeReader>;
/// What an interactor writes: the solver's input.
pub(crate) type InteractorOutput = Output<ExchangeWriter>;
/// An interactor as tests name its type: the case file's bytes, the solver's output as it
/// arrives, and a writer to the solver; `Err(why)` rejects.
pub type InteractorFn = fn(&[u8], &mut InteractorInput, &mut InteractorOutput) -> Result<(), Error>;

/// An interactor that one play owns: any function or closure that takes the case file's
/// bytes, the solver's output as it arrives and a writer to the solver, returns `Err(why)` to
/// reject, and can move to the play's thread. A name for that bound (a trait alias: every such
/// function has it), which [`interact`] and [`interact_binary`] take.
pub trait Interactor:
    FnOnce(&[u8], &mut InteractorInput, &mut InteractorOutput) -> Result<(), Error> + Send + 'static
{
}

impl<F> Interactor for F where
    F: FnOnce(&[u8], &mut InteractorInput, &mut InteractorOutput) -> Result<(), Error>
        + Send
        + 'static
{
}

/// A solver as one play owns it.
type PlayingSolver =
    Box<dyn FnOnce(&mut SolverInput, &mut SolverOutput) -> Result<(), Error> + Send>;

/// How a play ended.
#[derive(Debug, Clone)]
pub struct Interaction {
    /// `Ok` when the interactor accepted and the solver ended cleanly; else why not.
    pub verdict: Result<(), String>,
    /// The whole exchange, line by line: `> ` before what the solver wrote, `< ` before what
    /// the interactor wrote.
    pub transcript: String,
}

impl Interaction {
    /// The last `n` lines of the transcript.
    pub fn last_lines(&self, n: usize) -> String {
        let lines: Vec<&str> = self.transcript.lines().collect();
        let shown = &lines[lines.len().saturating_sub(n)..];
        let mut text = String::new();
        let earlier = lines.len() - shown.len();
        if earlier > 0 {
            let noun = if earlier == 1 { "line" } else { "lines" };
            text.push_str(&format!("({earlier} earlier {noun})\n"));
        }
        for line in shown {
            text.push_str(line);
            text.push('\n');
        }
        text
    }
}

/// Plays `solver` against `interactor` on the case `case`: `interactor` gets the case's bytes
/// and plays the judge; `solver` plays as `judge_io::run_stream` would run it, its output
/// flushed when it returns. See the crate docs for the pattern.
///
/// A failure is the interactor's rejection, the solver's error or panic, a deadlock (each
/// side waits for the other: usually a missing [`Output::flush`]), or the [`TIME_LIMIT`].
pub fn interact<S, I>(case: &[u8], solver: S, interactor: I) -> Interaction
where
    S: FnOnce(&mut SolverInput, &mut SolverOutput) -> Result<(), Error> + Send + 'static,
    I: Interactor,
{
    play(case, Box::new(solver), Box::new(interactor), TIME_LIMIT)
}

/// What one side's thread reports: its function's result (or its panic) and, for the solver,
/// whether its last flush went through.
type Ended = Result<(Result<(), Error>, io::Result<()>), String>;

/// [`interact`] with the time limit `limit`.
fn play(
    case: &[u8],
    solver: PlayingSolver,
    interactor: Box<dyn Interactor>,
    limit: Duration,
) -> Interaction {
    let pipes = Pipes::new();
    let (sender, ended) = mpsc::channel::<(Side, Ended)>();
    let (reader, writer) = pipes.ends(Side::Solver);
    let to_harness = sender.clone();
    std::thread::spawn(move || {
        let result = catch_quietly(move || {
            let (mut input, mut out) = (StreamInput::new(reader), Output::new(writer));
            let result = solver(&mut input, &mut out);
            (result, out.flush())
        });
        let _ = to_harness.send((Side::Solver, result));
    });
    let (reader, writer) = pipes.ends(Side::Interactor);
    let case = case.to_vec();
    std::thread::spawn(move || {
        let result = catch_quietly(move || {
            let (mut input, mut out) = (StreamInput::new(reader), Output::new(writer));
            let result = interactor(&case, &mut input, &mut out);
            // What the solver did not read changes nothing once the interactor has decided.
            let _ = out.flush();
            (result, Ok(()))
        });
        let _ = sender.send((Side::Interactor, result));
    });
    let [solver, interactor] = wait_for_both(&ended, &pipes, limit);
    let crashed = matches!(solver, Some(Err(_)));
    let solver_failure = match solver {
        None => Some("the solver never ended".to_string()),
        Some(Err(panic)) => Some(format!("the solver crashes: {panic}")),
        Some(Ok((Err(e), _))) => Some(format!("the solver stops with error: {e}")),
        Some(Ok((Ok(()), Err(e)))) => Some(format!("the solver cannot write: {e}")),
        Some(Ok((Ok(()), Ok(())))) => None,
    };
    let interactor = interactor.map(|ended| ended.map(|(result, _)| result));
    let broken = match pipes.broken() {
        Some(Broken::Deadlock) => Some(
            "both sides wait for input (did the solver flush its output before reading?)"
                .to_string(),
        ),
        Some(Broken::TimeLimit) => Some(over_time(limit)),
        None => None,
    };
    Interaction {
        verdict: verdict(broken, solver_failure, interactor_failure(interactor), crashed),
        transcript: pipes.transcript(),
    }
}

/// Both sides' results, indexed by side: `None` for a side still running when `limit` had
/// passed and the pipes were broken off (one in an endless loop is left behind).
fn wait_for_both(
    ended: &mpsc::Receiver<(Side, Ended)>,
    pipes: &Pipes,
    limit: Duration,
) -> [Option<Ended>; 2] {
    let deadline = Instant::now() + limit;
    let mut results: [Option<Ended>; 2] = [None, None];
    while results.iter().any(Option::is_none) {
        let left = deadline.saturating_duration_since(Instant::now());
        match ended.recv_timeout(left) {
            Ok((side, result)) => results[side.index()] = Some(result),
            Err(_) => {
                // Stops sides waiting in a read.
                pipes.break_off(Broken::TimeLimit);
                while let Ok((side, result)) = ended.recv_timeout(Duration::from_millis(200)) {
                    results[side.index()] = Some(result);
                }
                break;
            }
        }
    }
    results
}

fn over_time(limit: Duration) -> String {
    format!("no end within {:.1} s", limit.as_secs_f64())
}

/// Why the interactor fails a play, from how its function ended (`None`: it never did).
fn interactor_failure(ended: Option<Result<Result<(), Error>, String>>) -> Option<String> {
    match ended {
        None => Some("the interactor never ended".to_string()),
        Some(Err(panic)) => Some(format!("the interactor crashes: {panic}")),
        Some(Ok(result)) => result.err().map(|e| format!("the interactor rejects: {e}")),
    }
}

/// The verdict of a play: every reason it failed, the first the one that explains the rest:
/// a broken-off play, else the interactor's word, unless the solver crashed.
fn verdict(
    broken: Option<String>,
    solver: Option<String>,
    interactor: Option<String>,
    crashed: bool,
) -> Result<(), String> {
    let sides = if crashed { [solver, interactor] } else { [interactor, solver] };
    let reasons: Vec<String> = std::iter::once(broken).chain(sides).flatten().collect();
    if reasons.is_empty() {
        Ok(())
    } else {
        Err(reasons.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::{play, verdict, Interaction, SolverInput, SolverOutput};
    use judge_io::{Error, Output, StreamInput};

    /// Says `ping`, then expects `pong` (the in-process and the process tests' interactor).
    pub(super) fn echo_interactor<R: std::io::Read, W: std::io::Write>(
        _case: &[u8],
        solver: &mut StreamInput<R>,
        out: &mut Output<W>,
    ) -> Result<(), Error> {
        out.str("ping").newline();
        out.flush().map_err(|e| Error::new(e.to_string()))?;
        let reply = solver.token("a reply")?.to_vec();
        if reply != b"pong" {
            return Err(solver.error_at_token("expected pong"));
        }
        Ok(())
    }

    #[test]
    fn an_endless_solver_is_stopped_by_the_time_limit() {
        let endless = |_: &mut SolverInput, _: &mut SolverOutput| -> Result<(), Error> {
            // Busy, never reading: no deadlock to see, only the clock.
            let started = std::time::Instant::now();
            while started.elapsed() < Duration::from_secs(3) {
                std::hint::spin_loop();
            }
            Ok(())
        };
        let play =
            play(b"", Box::new(endless), Box::new(echo_interactor), Duration::from_millis(100));
        let why = play.verdict.expect_err("the time limit passes");
        assert!(why.starts_with("no end within 0.1 s"), "{why}");
    }

    #[test]
    fn a_solver_that_answers_is_accepted() {
        let pong = |input: &mut SolverInput, out: &mut SolverOutput| -> Result<(), Error> {
            input.token("ping")?;
            out.str("pong").newline();
            Ok(())
        };
        let play = play(b"", Box::new(pong), Box::new(echo_interactor), Duration::from_secs(10));
        assert_eq!(play.verdict, Ok(()));
        assert_eq!(play.transcript, "< ping\n> pong\n");
    }

    #[test]
    fn a_verdict_puts_the_reason_that_explains_the_rest_first() {
        let some = |text: &str| Some(text.to_string());
        let both = |crashed| verdict(None, some("solver"), some("interactor"), crashed);
        assert_eq!(both(false), Err("interactor; solver".to_string()));
        assert_eq!(both(true), Err("solver; interactor".to_string()));
        let broken = verdict(some("deadlock"), some("solver"), None, false);
        assert_eq!(broken, Err("deadlock; solver".to_string()));
        assert_eq!(verdict(None, None, None, false), Ok(()));
    }

    #[test]
    fn the_last_lines_say_how_many_came_before() {
        let play = Interaction { verdict: Ok(()), transcript: "< 3\n> 1\n< higher\n".into() };
        assert_eq!(play.last_lines(5), "< 3\n> 1\n< higher\n");
        assert_eq!(play.last_lines(1), "(2 earlier lines)\n< higher\n");
    }
}
