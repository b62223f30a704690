//! Interactive problems in process: a solver function plays against an interactor function
//! through two in-memory pipes, each on a thread of its own, as `P` and `P-judge` play through
//! real pipes under `scripts/test.sh`.
//!
//! The pipes see both sides wait: when each side waits to read what the other has not sent
//! (a solver that forgot to flush before reading), nothing can ever move, and the harness ends
//! the play at once as a failure instead of hanging. A side that neither reads nor ends (an
//! endless loop) is stopped by [`TIME_LIMIT`].

use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::process::{ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use judge_io::{Error, Output, Rng, StreamInput};

use crate::panics::catch_quietly;
use crate::shrink::ShrinkFn;
use crate::stress::{search, with_newline, Failure, Generator, Plan, Subject, Verdict};

/// How long one play may take before it is stopped as a failure.
pub const TIME_LIMIT: Duration = Duration::from_secs(10);
/// How many lines of the exchange a stress report shows.
const SHOWN_LINES: usize = 20;

/// The solver's input as [`interact`] gives it.
pub type SolverInput = StreamInput<ExchangeReader>;
/// The solver's output as [`interact`] gives it.
pub type SolverOutput = Output<ExchangeWriter>;
/// An interactive solver as tests name its type: `run_stream`'s argument, at the harness's
/// pipes.
pub type StreamRunFn = fn(&mut SolverInput, &mut SolverOutput) -> Result<(), Error>;
/// An interactor as tests name its type: the case file's bytes, the solver's output as it
/// arrives, and a writer to the solver; `Err(why)` rejects.
pub type InteractorFn =
    fn(&[u8], &mut StreamInput<ExchangeReader>, &mut Output<ExchangeWriter>) -> Result<(), Error>;

/// The two sides of a play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Solver,
    Interactor,
}

impl Side {
    fn index(self) -> usize {
        self as usize
    }

    fn other(self) -> Side {
        match self {
            Side::Solver => Side::Interactor,
            Side::Interactor => Side::Solver,
        }
    }
}

/// Bytes on their way to one side.
#[derive(Default)]
struct Pipe {
    bytes: VecDeque<u8>,
    writer_closed: bool,
    reader_closed: bool,
}

/// Why a play was broken off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Broken {
    /// Both sides wait to read what the other has not sent.
    Deadlock,
    TimeLimit,
}

struct State {
    /// Indexed by the side that reads the pipe.
    pipes: [Pipe; 2],
    /// Whether each side waits in a read.
    waiting: [bool; 2],
    broken: Option<Broken>,
    transcript: Transcript,
}

/// Everything sent, in order, by side; consecutive sends of one side merged.
#[derive(Default)]
struct Transcript {
    chunks: Vec<(Side, Vec<u8>)>,
}

impl Transcript {
    fn record(&mut self, from: Side, bytes: &[u8]) {
        match self.chunks.last_mut() {
            Some((side, sent)) if *side == from => sent.extend_from_slice(bytes),
            _ => self.chunks.push((from, bytes.to_vec())),
        }
    }

    /// The exchange as lines marked by side: `> ` the solver's, `< ` the interactor's.
    fn render(&self) -> String {
        let mut text = String::new();
        for (side, bytes) in &self.chunks {
            let mark = match side {
                Side::Solver => "> ",
                Side::Interactor => "< ",
            };
            for line in String::from_utf8_lossy(bytes).lines() {
                text.push_str(mark);
                text.push_str(line);
                text.push('\n');
            }
        }
        text
    }
}

struct Shared {
    state: Mutex<State>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A side that panics never does so holding the lock (no user code runs under it).
        self.state.lock().expect("the pipes' lock is never poisoned")
    }

    fn break_off(&self, why: Broken) {
        let mut state = self.lock();
        state.broken.get_or_insert(why);
        self.changed.notify_all();
    }
}

fn broken_error(why: Broken) -> io::Error {
    let message = match why {
        Broken::Deadlock => "both sides wait for input",
        Broken::TimeLimit => "the time limit passed",
    };
    io::Error::new(io::ErrorKind::BrokenPipe, message)
}

/// The reading end of a pipe between the solver and the interactor: in memory (both sides
/// in this process), or a solver process's stdout.
pub struct ExchangeReader(ReadEnd);

/// The writing end of a pipe between the solver and the interactor: in memory, or a solver
/// process's stdin.
pub struct ExchangeWriter(WriteEnd);

enum ReadEnd {
    Memory(MemoryReader),
    /// What the solver process writes, recorded as it is read.
    Process(ChildStdout, Arc<Mutex<Transcript>>),
}

enum WriteEnd {
    Memory(MemoryWriter),
    /// What the interactor writes to the solver process, recorded.
    Process(ChildStdin, Arc<Mutex<Transcript>>),
}

impl Read for ExchangeReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match &mut self.0 {
            ReadEnd::Memory(reader) => reader.read(buf),
            ReadEnd::Process(stdout, transcript) => {
                let n = stdout.read(buf)?;
                lock(transcript).record(Side::Solver, &buf[..n]);
                Ok(n)
            }
        }
    }
}

impl Write for ExchangeWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.0 {
            WriteEnd::Memory(writer) => writer.write(buf),
            WriteEnd::Process(stdin, transcript) => {
                let n = stdin.write(buf)?;
                lock(transcript).record(Side::Interactor, &buf[..n]);
                Ok(n)
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.0 {
            WriteEnd::Memory(_) => Ok(()),
            WriteEnd::Process(stdin, _) => stdin.flush(),
        }
    }
}

fn lock(transcript: &Mutex<Transcript>) -> MutexGuard<'_, Transcript> {
    // Recording runs no user code, so it never panics holding the lock.
    transcript.lock().expect("the transcript's lock is never poisoned")
}

/// One side's reading end of the in-memory pipes.
struct MemoryReader {
    shared: Arc<Shared>,
    side: Side,
}

/// One side's writing end of the in-memory pipes.
struct MemoryWriter {
    shared: Arc<Shared>,
    side: Side,
}

impl Read for MemoryReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let (me, other) = (self.side.index(), self.side.other().index());
        let mut state = self.shared.lock();
        loop {
            let pipe = &mut state.pipes[me];
            if !pipe.bytes.is_empty() || buf.is_empty() {
                let n = buf.len().min(pipe.bytes.len());
                for (slot, byte) in buf.iter_mut().zip(pipe.bytes.drain(..n)) {
                    *slot = byte;
                }
                return Ok(n);
            }
            if pipe.writer_closed {
                return Ok(0);
            }
            if let Some(why) = state.broken {
                return Err(broken_error(why));
            }
            // The other side waits for this one, which is about to wait for it: a deadlock.
            let starved = &state.pipes[other];
            if state.waiting[other] && starved.bytes.is_empty() && !starved.writer_closed {
                state.broken = Some(Broken::Deadlock);
                self.shared.changed.notify_all();
                return Err(broken_error(Broken::Deadlock));
            }
            state.waiting[me] = true;
            state = self.shared.changed.wait(state).expect("the pipes' lock is never poisoned");
            state.waiting[me] = false;
        }
    }
}

impl Write for MemoryWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let reader = self.side.other().index();
        let mut state = self.shared.lock();
        if let Some(why) = state.broken {
            return Err(broken_error(why));
        }
        if state.pipes[reader].reader_closed {
            return Err(io::Error::new(io::ErrorKind::BrokenPipe, "the other side has ended"));
        }
        state.pipes[reader].bytes.extend(buf);
        state.transcript.record(self.side, buf);
        self.shared.changed.notify_all();
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Drop for MemoryReader {
    fn drop(&mut self) {
        let mut state = self.shared.lock();
        state.pipes[self.side.index()].reader_closed = true;
        self.shared.changed.notify_all();
    }
}

impl Drop for MemoryWriter {
    fn drop(&mut self) {
        let mut state = self.shared.lock();
        state.pipes[self.side.other().index()].writer_closed = true;
        self.shared.changed.notify_all();
    }
}

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

/// What one side's thread reports: its function's result (or its panic) and, for the solver,
/// whether its last flush went through.
type Ended = Result<(Result<(), Error>, io::Result<()>), String>;

/// Plays `solver` against `interactor` on the case `case`: `interactor` gets the case's bytes
/// and plays the judge; `solver` plays as `judge_io::run_stream` would run it, its output
/// flushed when it returns. See the crate docs for the pattern.
///
/// A failure is the interactor's rejection, the solver's error or panic, a deadlock (each
/// side waits for the other: usually a missing [`Output::flush`]), or the [`TIME_LIMIT`].
pub fn interact<S, I>(case: &[u8], solver: S, interactor: I) -> Interaction
where
    S: FnOnce(&mut SolverInput, &mut SolverOutput) -> Result<(), Error> + Send + 'static,
    I: FnOnce(
            &[u8],
            &mut StreamInput<ExchangeReader>,
            &mut Output<ExchangeWriter>,
        ) -> Result<(), Error>
        + Send
        + 'static,
{
    play(case, Box::new(solver), Box::new(interactor), TIME_LIMIT)
}

/// A solver as one play owns it.
type PlayingSolver =
    Box<dyn FnOnce(&mut SolverInput, &mut SolverOutput) -> Result<(), Error> + Send>;
/// An interactor as one play owns it.
type PlayingInteractor = Box<
    dyn FnOnce(
            &[u8],
            &mut StreamInput<ExchangeReader>,
            &mut Output<ExchangeWriter>,
        ) -> Result<(), Error>
        + Send,
>;

/// [`interact`] with the time limit `limit`.
fn play(
    case: &[u8],
    solver: PlayingSolver,
    interactor: PlayingInteractor,
    limit: Duration,
) -> Interaction {
    let shared = Arc::new(Shared {
        state: Mutex::new(State {
            pipes: [Pipe::default(), Pipe::default()],
            waiting: [false; 2],
            broken: None,
            transcript: Transcript::default(),
        }),
        changed: Condvar::new(),
    });
    let ends = |side: Side| {
        let reader = MemoryReader { shared: Arc::clone(&shared), side };
        let writer = MemoryWriter { shared: Arc::clone(&shared), side };
        (
            StreamInput::new(ExchangeReader(ReadEnd::Memory(reader))),
            Output::new(ExchangeWriter(WriteEnd::Memory(writer))),
        )
    };
    let (sender, ended) = mpsc::channel::<(Side, Ended)>();
    let (mut solver_in, mut solver_out) = ends(Side::Solver);
    let to_harness = sender.clone();
    std::thread::spawn(move || {
        let result = catch_quietly(move || {
            let result = solver(&mut solver_in, &mut solver_out);
            (result, solver_out.flush())
        });
        let _ = to_harness.send((Side::Solver, result));
    });
    let (mut judge_in, mut judge_out) = ends(Side::Interactor);
    let case = case.to_vec();
    std::thread::spawn(move || {
        let result = catch_quietly(move || {
            let result = interactor(&case, &mut judge_in, &mut judge_out);
            // What the solver did not read changes nothing once the interactor has decided.
            let _ = judge_out.flush();
            (result, Ok(()))
        });
        let _ = sender.send((Side::Interactor, result));
    });
    let deadline = Instant::now() + limit;
    let mut results: [Option<Ended>; 2] = [None, None];
    while results.iter().any(Option::is_none) {
        let left = deadline.saturating_duration_since(Instant::now());
        match ended.recv_timeout(left) {
            Ok((side, result)) => results[side.index()] = Some(result),
            Err(_) => {
                // Stops sides waiting in a read; one in an endless loop is left behind.
                shared.break_off(Broken::TimeLimit);
                while let Ok((side, result)) = ended.recv_timeout(Duration::from_millis(200)) {
                    results[side.index()] = Some(result);
                }
                break;
            }
        }
    }
    let state = shared.lock();
    let [solver, interactor] = results;
    let crashed = matches!(solver, Some(Err(_)));
    let solver_failure = match solver {
        None => Some("the solver never ended".to_string()),
        Some(Err(panic)) => Some(format!("the solver crashes: {panic}")),
        Some(Ok((Err(e), _))) => Some(format!("the solver stops with error: {e}")),
        Some(Ok((Ok(()), Err(e)))) => Some(format!("the solver cannot write: {e}")),
        Some(Ok((Ok(()), Ok(())))) => None,
    };
    let interactor_failure = match interactor {
        None => Some("the interactor never ended".to_string()),
        Some(Err(panic)) => Some(format!("the interactor crashes: {panic}")),
        Some(Ok((result, _))) => result.err().map(|e| format!("the interactor rejects: {e}")),
    };
    let broken = match state.broken {
        Some(Broken::Deadlock) => Some(
            "both sides wait for input (did the solver flush its output before reading?)"
                .to_string(),
        ),
        Some(Broken::TimeLimit) => Some(over_time(limit)),
        None => None,
    };
    Interaction {
        verdict: verdict(broken, solver_failure, interactor_failure, crashed),
        transcript: state.transcript.render(),
    }
}

fn over_time(limit: Duration) -> String {
    format!("no end within {:.1} s", limit.as_secs_f64())
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

/// Plays the solver binary `program` (run with `args`) against `interactor` on the case `case`, through the
/// child's stdin and stdout, as `scripts/test.sh` plays `P` against `P-judge`: for a
/// problem's `tests/cli.rs`. A solver still running at [`TIME_LIMIT`] is killed (a missing
/// flush ends here, since a process's wait cannot be seen); a non-zero exit fails with its
/// first stderr line.
pub fn interact_binary<I>(program: &str, args: &[&str], case: &[u8], interactor: I) -> Interaction
where
    I: FnOnce(
            &[u8],
            &mut StreamInput<ExchangeReader>,
            &mut Output<ExchangeWriter>,
        ) -> Result<(), Error>
        + Send
        + 'static,
{
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
    let stdin = child.stdin.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let stderr = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stderr.read_to_end(&mut text);
        String::from_utf8_lossy(&text).into_owned()
    });
    let (sender, ended) = mpsc::channel();
    let reader = ExchangeReader(ReadEnd::Process(stdout, Arc::clone(&transcript)));
    let writer = ExchangeWriter(WriteEnd::Process(stdin, Arc::clone(&transcript)));
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
    let deadline = Instant::now() + TIME_LIMIT;
    let mut pause = Duration::from_micros(100);
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if Instant::now() < deadline => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(5));
            }
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
    };
    // The solver is gone, so the interactor's reads end; one that never returns is reported.
    let interactor = ended.recv_timeout(TIME_LIMIT).ok();
    let stderr = stderr.join().unwrap_or_default();
    let first_error_line = stderr.lines().next().unwrap_or("").to_string();
    let crashed = status.is_some_and(|status| status.code().is_none_or(|code| code == 101));
    let solver_failure = match status {
        Some(status) if status.success() => None,
        Some(status) => Some(format!("the solver exits with {status}: {first_error_line}")),
        None => None,
    };
    let interactor_failure = match interactor {
        None => Some("the interactor never ended".to_string()),
        Some(Err(panic)) => Some(format!("the interactor crashes: {panic}")),
        Some(Ok(result)) => result.err().map(|e| format!("the interactor rejects: {e}")),
    };
    let broken = status.is_none().then(|| over_time(TIME_LIMIT));
    let transcript = lock(&transcript).render();
    Interaction {
        verdict: verdict(broken, solver_failure, interactor_failure, crashed),
        transcript,
    }
}

/// A function as the stress engine shares it among workers and play threads.
type SharedSolver =
    Arc<dyn Fn(&mut SolverInput, &mut SolverOutput) -> Result<(), Error> + Send + Sync>;
type SharedInteractor = Arc<
    dyn Fn(
            &[u8],
            &mut StreamInput<ExchangeReader>,
            &mut Output<ExchangeWriter>,
        ) -> Result<(), Error>
        + Send
        + Sync,
>;

/// The stress test of an interactive problem: on each generated case, the oracle (a simple
/// solver, obviously correct) and the solver each play against the interactor. A case counts
/// only if the interactor accepts the oracle's play (so an invalid case never fails), and
/// fails when it rejects the solver's (or the solver crashes, deadlocks or runs out of time).
/// Failures are shrunk and reported with the end of the exchange, as [`Stress`](crate::Stress)
/// does.
pub struct InteractiveStress<'a> {
    plan: Plan,
    generate: Generator<'a>,
    solver: Option<SharedSolver>,
    oracle: Option<SharedSolver>,
    interactor: Option<SharedInteractor>,
}

impl<'a> InteractiveStress<'a> {
    /// A stress test named `name` on cases (interactor inputs) drawn by `generate`.
    /// Defaults: seed 1, 1000 cases.
    pub fn new<G: Fn(&mut Rng) -> Vec<u8> + Sync + 'a>(name: &str, generate: G) -> Self {
        InteractiveStress {
            plan: Plan::new(name),
            generate: Box::new(generate),
            solver: None,
            oracle: None,
            interactor: None,
        }
    }

    /// The program under test (usually the crate's `run` for `run_stream`).
    pub fn solver<S>(mut self, solver: S) -> Self
    where
        S: Fn(&mut SolverInput, &mut SolverOutput) -> Result<(), Error> + Send + Sync + 'static,
    {
        self.solver = Some(Arc::new(solver));
        self
    }

    /// A simple solver the interactor must accept on every valid case.
    pub fn oracle<S>(mut self, oracle: S) -> Self
    where
        S: Fn(&mut SolverInput, &mut SolverOutput) -> Result<(), Error> + Send + Sync + 'static,
    {
        self.oracle = Some(Arc::new(oracle));
        self
    }

    /// The interactor, as `src/bin/P-judge.rs` runs it through
    /// [`interactor_main`](crate::interactor_main).
    pub fn interactor<I>(mut self, interactor: I) -> Self
    where
        I: Fn(
                &[u8],
                &mut StreamInput<ExchangeReader>,
                &mut Output<ExchangeWriter>,
            ) -> Result<(), Error>
            + Send
            + Sync
            + 'static,
    {
        self.interactor = Some(Arc::new(interactor));
        self
    }

    /// A problem-specific shrinking step, tried after the generic ones.
    pub fn shrinker(mut self, shrink: ShrinkFn) -> Self {
        self.plan.shrinkers.push(shrink);
        self
    }

    /// The default seed and number of cases (the environment may override both).
    pub fn defaults(mut self, seed: u64, cases: u64) -> Self {
        self.plan.seed = seed;
        self.plan.cases = cases;
        self
    }

    /// Runs the cases; panics with the report of the first failure.
    pub fn run(self) {
        if let Some(failure) = self.find() {
            panic!("{}", failure.report);
        }
    }

    /// Runs the cases with the knobs read from the environment and returns the first failure,
    /// shrunk, as [`Stress::find`](crate::Stress::find) does.
    ///
    /// # Panics
    /// If the solver, the oracle or the interactor was not given.
    pub fn find(&self) -> Option<Failure> {
        let judge = InteractiveJudge {
            solver: self.solver.clone().expect("InteractiveStress needs .solver(...)"),
            oracle: self.oracle.clone().expect("InteractiveStress needs .oracle(...)"),
            interactor: self.interactor.clone().expect("InteractiveStress needs .interactor(...)"),
        };
        search(&self.plan, &self.generate, &judge, "the interactor accepts the solver")
    }
}

struct InteractiveJudge {
    solver: SharedSolver,
    oracle: SharedSolver,
    interactor: SharedInteractor,
}

impl InteractiveJudge {
    fn play(&self, solver: &SharedSolver, case: &[u8]) -> Interaction {
        let (solver, interactor) = (Arc::clone(solver), Arc::clone(&self.interactor));
        interact(
            case,
            move |input, out| solver(input, out),
            move |case, input, out| interactor(case, input, out),
        )
    }
}

impl Subject for InteractiveJudge {
    fn verdict(&self, case: &[u8]) -> Verdict {
        if self.play(&self.oracle, case).verdict.is_err() {
            return Verdict::Invalid;
        }
        match self.play(&self.solver, case).verdict {
            Ok(()) => Verdict::Passes,
            Err(why) => Verdict::Fails(why),
        }
    }

    fn details(&self, case: &[u8]) -> String {
        let play = self.play(&self.solver, case);
        format!(
            "--- the exchange (> solver, < interactor)\n{}",
            with_newline(play.last_lines(SHOWN_LINES))
        )
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::{play, SolverInput, SolverOutput};
    use judge_io::{Error, Output, StreamInput};

    /// Echoes one line back, then expects the solver to end.
    fn echo_judge<R: std::io::Read, W: std::io::Write>(
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
        let play = play(b"", Box::new(endless), Box::new(echo_judge), Duration::from_millis(100));
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
        let play = play(b"", Box::new(pong), Box::new(echo_judge), Duration::from_secs(10));
        assert_eq!(play.verdict, Ok(()));
        assert_eq!(play.transcript, "< ping\n> pong\n");
    }
}
