//! The two ends of an exchange between a solver and an interactor, and the record of what
//! crossed: in-memory pipes (both sides threads of this process) that see both sides wait,
//! or a solver process's stdin and stdout.
//!
//! In memory, a read that would wait while the other side already waits for this one (each
//! waits to read what the other has not sent: a solver that forgot to flush) can never be
//! answered; the pipes break the exchange off at once as a [`Broken::Deadlock`] instead of
//! hanging. [`Pipes::break_off`] ends it from outside (the time limit).

use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::process::{ChildStdin, ChildStdout};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// The two sides of a play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    Solver,
    Interactor,
}

impl Side {
    pub(crate) fn index(self) -> usize {
        self as usize
    }

    fn other(self) -> Side {
        match self {
            Side::Solver => Side::Interactor,
            Side::Interactor => Side::Solver,
        }
    }
}

/// Why an exchange was broken off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Broken {
    /// Both sides wait to read what the other has not sent.
    Deadlock,
    TimeLimit,
}

fn broken_error(why: Broken) -> io::Error {
    let message = match why {
        Broken::Deadlock => "both sides wait for input",
        Broken::TimeLimit => "the time limit passed",
    };
    io::Error::new(io::ErrorKind::BrokenPipe, message)
}

/// Everything sent, in order, by side; consecutive sends of one side merged.
#[derive(Default)]
pub(crate) struct Transcript {
    chunks: Vec<(Side, Vec<u8>)>,
}

impl Transcript {
    pub(crate) fn record(&mut self, from: Side, bytes: &[u8]) {
        match self.chunks.last_mut() {
            Some((side, sent)) if *side == from => sent.extend_from_slice(bytes),
            _ => self.chunks.push((from, bytes.to_vec())),
        }
    }

    /// The exchange as lines marked by side: `> ` the solver's, `< ` the interactor's.
    pub(crate) fn render(&self) -> String {
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

/// Bytes on their way to one side.
#[derive(Default)]
struct Pipe {
    bytes: VecDeque<u8>,
    writer_closed: bool,
    reader_closed: bool,
}

struct State {
    /// Indexed by the side that reads the pipe.
    pipes: [Pipe; 2],
    /// Whether each side waits in a read.
    waiting: [bool; 2],
    broken: Option<Broken>,
    transcript: Transcript,
}

/// The in-memory pipes of one play, shared by both sides' ends.
pub(crate) struct Pipes {
    state: Mutex<State>,
    changed: Condvar,
}

impl Pipes {
    pub(crate) fn new() -> Arc<Pipes> {
        Arc::new(Pipes {
            state: Mutex::new(State {
                pipes: [Pipe::default(), Pipe::default()],
                waiting: [false; 2],
                broken: None,
                transcript: Transcript::default(),
            }),
            changed: Condvar::new(),
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A side that panics never does so holding the lock (no user code runs under it).
        self.state.lock().expect("the pipes' lock is never poisoned")
    }

    /// The reading and writing ends of `side`.
    pub(crate) fn ends(self: &Arc<Pipes>, side: Side) -> (ExchangeReader, ExchangeWriter) {
        let reader = MemoryReader { pipes: Arc::clone(self), side };
        let writer = MemoryWriter { pipes: Arc::clone(self), side };
        (ExchangeReader(ReadEnd::Memory(reader)), ExchangeWriter(WriteEnd::Memory(writer)))
    }

    /// Ends the exchange from outside: every read and write fails from now on.
    pub(crate) fn break_off(&self, why: Broken) {
        let mut state = self.lock();
        state.broken.get_or_insert(why);
        self.changed.notify_all();
    }

    /// Why the exchange was broken off, if it was.
    pub(crate) fn broken(&self) -> Option<Broken> {
        self.lock().broken
    }

    /// Everything sent so far, as [`Transcript::render`] shows it.
    pub(crate) fn transcript(&self) -> String {
        self.lock().transcript.render()
    }
}

/// The reading end of a pipe between the solver and the interactor: in memory (both sides
/// in this process), or a solver process's stdout.
pub struct ExchangeReader(ReadEnd);

/// The writing end of a pipe between the solver and the interactor: in memory, or a solver
/// process's stdin.
pub struct ExchangeWriter(WriteEnd);

impl ExchangeReader {
    /// What the solver process writes, recorded in `transcript` as it is read.
    pub(crate) fn from_process(stdout: ChildStdout, transcript: Arc<Mutex<Transcript>>) -> Self {
        ExchangeReader(ReadEnd::Process(stdout, transcript))
    }
}

impl ExchangeWriter {
    /// What the interactor writes to the solver process, recorded in `transcript`.
    pub(crate) fn to_process(stdin: ChildStdin, transcript: Arc<Mutex<Transcript>>) -> Self {
        ExchangeWriter(WriteEnd::Process(stdin, transcript))
    }
}

enum ReadEnd {
    Memory(MemoryReader),
    Process(ChildStdout, Arc<Mutex<Transcript>>),
}

enum WriteEnd {
    Memory(MemoryWriter),
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

/// The transcript of a play with a process, locked.
pub(crate) fn lock(transcript: &Mutex<Transcript>) -> MutexGuard<'_, Transcript> {
    // Recording runs no user code, so it never panics holding the lock.
    transcript.lock().expect("the transcript's lock is never poisoned")
}

/// One side's reading end of the in-memory pipes.
struct MemoryReader {
    pipes: Arc<Pipes>,
    side: Side,
}

/// One side's writing end of the in-memory pipes.
struct MemoryWriter {
    pipes: Arc<Pipes>,
    side: Side,
}

impl Read for MemoryReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let (me, other) = (self.side.index(), self.side.other().index());
        let mut state = self.pipes.lock();
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
                self.pipes.changed.notify_all();
                return Err(broken_error(Broken::Deadlock));
            }
            state.waiting[me] = true;
            state = self.pipes.changed.wait(state).expect("the pipes' lock is never poisoned");
            state.waiting[me] = false;
        }
    }
}

impl Write for MemoryWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let reader = self.side.other().index();
        let mut state = self.pipes.lock();
        if let Some(why) = state.broken {
            return Err(broken_error(why));
        }
        if state.pipes[reader].reader_closed {
            return Err(io::Error::new(io::ErrorKind::BrokenPipe, "the other side has ended"));
        }
        state.pipes[reader].bytes.extend(buf);
        state.transcript.record(self.side, buf);
        self.pipes.changed.notify_all();
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Drop for MemoryReader {
    fn drop(&mut self) {
        let mut state = self.pipes.lock();
        state.pipes[self.side.index()].reader_closed = true;
        self.pipes.changed.notify_all();
    }
}

impl Drop for MemoryWriter {
    fn drop(&mut self) {
        let mut state = self.pipes.lock();
        state.pipes[self.side.other().index()].writer_closed = true;
        self.pipes.changed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use std::io::{ErrorKind, Read, Write};

    use super::{Broken, Pipes, Side, Transcript};

    #[test]
    fn bytes_cross_in_order_and_the_transcript_marks_each_side() {
        let pipes = Pipes::new();
        let (mut solver_in, mut solver_out) = pipes.ends(Side::Solver);
        let (mut interactor_in, mut interactor_out) = pipes.ends(Side::Interactor);
        interactor_out.write_all(b"3\n").expect("the solver reads");
        solver_out.write_all(b"? 2\n").expect("the interactor reads");
        solver_out.write_all(b"? 1\n").expect("the interactor reads");
        let mut line = [0u8; 8];
        assert_eq!(interactor_in.read(&mut line).expect("bytes wait"), 8);
        assert_eq!(&line, b"? 2\n? 1\n");
        assert_eq!(solver_in.read(&mut line[..1]).expect("bytes wait"), 1);
        assert_eq!(pipes.transcript(), "< 3\n> ? 2\n> ? 1\n");
    }

    #[test]
    fn a_read_after_the_writer_ended_is_the_end_and_a_write_after_the_reader_ended_fails() {
        let pipes = Pipes::new();
        let (mut solver_in, solver_out) = pipes.ends(Side::Solver);
        let (interactor_in, mut interactor_out) = pipes.ends(Side::Interactor);
        interactor_out.write_all(b"1").expect("the solver reads");
        drop(interactor_out);
        let mut buf = [0u8; 4];
        assert_eq!(solver_in.read(&mut buf).expect("the byte"), 1);
        assert_eq!(solver_in.read(&mut buf).expect("the end"), 0);
        drop(interactor_in);
        let mut solver_out = solver_out;
        let error = solver_out.write_all(b"x").expect_err("nobody reads");
        assert_eq!(error.kind(), ErrorKind::BrokenPipe);
        assert_eq!(pipes.broken(), None, "an ended side is no deadlock");
    }

    #[test]
    fn both_sides_waiting_is_a_deadlock_seen_at_once() {
        let pipes = Pipes::new();
        let (mut solver_in, _solver_out) = pipes.ends(Side::Solver);
        let (mut interactor_in, _interactor_out) = pipes.ends(Side::Interactor);
        let interactor =
            std::thread::spawn(move || interactor_in.read(&mut [0u8; 1]).map_err(|e| e.kind()));
        // Whichever reads second sees the other waiting; the first is woken by the break.
        let solver = solver_in.read(&mut [0u8; 1]).map_err(|e| e.kind());
        let interactor = interactor.join().expect("the reader returns");
        assert_eq!((solver, interactor), (Err(ErrorKind::BrokenPipe), Err(ErrorKind::BrokenPipe)));
        assert_eq!(pipes.broken(), Some(Broken::Deadlock));
    }

    #[test]
    fn breaking_off_wakes_a_waiting_reader() {
        let pipes = Pipes::new();
        let (mut solver_in, _solver_out) = pipes.ends(Side::Solver);
        let (_interactor_in, _interactor_out) = pipes.ends(Side::Interactor);
        let breaker = {
            let pipes = std::sync::Arc::clone(&pipes);
            std::thread::spawn(move || {
                std::thread::sleep(std::time::Duration::from_millis(20));
                pipes.break_off(Broken::TimeLimit);
            })
        };
        let error = solver_in.read(&mut [0u8; 1]).expect_err("broken off");
        assert_eq!(error.to_string(), "the time limit passed");
        breaker.join().expect("the breaker ends");
    }

    #[test]
    fn a_transcript_merges_a_sides_sends_into_lines() {
        let mut transcript = Transcript::default();
        transcript.record(Side::Interactor, b"10\n");
        transcript.record(Side::Solver, b"? ");
        transcript.record(Side::Solver, b"5\n? 7");
        assert_eq!(transcript.render(), "< 10\n> ? 5\n> ? 7\n");
    }
}
