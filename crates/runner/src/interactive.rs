//! One interactive case: the solver against the problem's interactor, through pipes that run
//! through the runner.
//!
//! The interactor runs as `<problem>-interactor CASE.in`; the solver's stdout is its stdin and its
//! stdout the solver's stdin. Two threads copy each direction and keep the last lines of the
//! exchange for a failure's report. Both programs are killed at the wall-time backstop, so a
//! solver that waits forever ends as TLE, never as a hang. The solver runs under the judge's
//! limits as an ordinary run does (`process.rs`: CPU time, memory, its own process group; the
//! interactor gets a group of its own too), its output to the interactor is counted against
//! the output limit (OLE), and its stderr keeps its head and tail.
//!
//! A deadlock ends sooner: when no byte has crossed for [`IDLE_LIMIT`] while both programs
//! sleep (Linux's state `S`, as when reading an empty pipe), neither gains CPU time and no byte
//! waits in the pipes for the runner to pass on, each waits for the other (most often the
//! solver forgot to flush), and nothing can change that. The run is killed then and judged TLE with that reason, as Codeforces judges an idle
//! program; so a solver that never flushes costs a fraction of a second per case, not twice
//! the time limit.

use std::collections::VecDeque;
use std::fs;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::process::Limits;
use crate::process::{self, KillReason, Killed, Measured, ProcessStat, Usage};
use crate::runner::Runner;
use crate::verdict::{self, Verdict};

/// How long both sides must wait for each other, with nothing crossing, to be a deadlock.
pub const IDLE_LIMIT: Duration = Duration::from_millis(300);

/// How one interaction ended.
pub struct Interaction {
    /// The solver's usage, `None` if it was killed at the deadline.
    pub solver: Option<Usage>,
    /// What the solver's stderr says (its panic and where, or its first line).
    pub solver_stderr: String,
    /// The interactor's exit status, `None` if it was killed at the deadline.
    pub interactor: Option<ExitStatus>,
    /// The interactor's first stderr line (why it rejected).
    pub interactor_says: Option<String>,
    /// Whether the solver's output ended before the interactor's: the solver stopped first.
    pub solver_ended_first: bool,
    /// The wall time when the run was killed, if it was.
    pub killed_after: Option<Duration>,
    /// Why the solver was killed at its limits (CPU, memory, or `Stopped`: its output was
    /// over the limit), if it was.
    pub at_limit: Option<Killed>,
    /// Whether it was killed as a deadlock (both sides waiting, see [`IDLE_LIMIT`]).
    pub deadlocked: bool,
    /// The last lines of the exchange, oldest first.
    pub exchange: Vec<String>,
}

/// Runs `solver` against `interactor` on `case`, killing both after `wall_limit`.
pub fn run(
    runner: &Runner,
    solver: &Path,
    interactor: &Path,
    case: &Path,
    wall_limit: Duration,
    limits: Option<Limits>,
) -> Result<Interaction, String> {
    let interactor_stderr_path = runner.file("interactor-stderr");
    let create = |path: &Path| {
        fs::File::create(path).map_err(|e| format!("cannot create {}: {e}", path.display()))
    };
    let mut interactor_child = Command::new(interactor)
        .arg(case)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(create(&interactor_stderr_path)?)
        // A group of its own, killed whole if it must be.
        .process_group(0)
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", interactor.display()))?;
    let mut program = match Measured::start(
        &runner.helper,
        runner.file("report"),
        solver,
        &[],
        Stdio::piped(),
        Stdio::piped(),
        Stdio::piped(),
        limits,
    ) {
        Ok(program) => program,
        Err(e) => {
            kill_interactor(&mut interactor_child);
            return Err(e);
        }
    };
    let (to_solver, from_solver, solver_stderr) = program.take_pipes();
    let (to_interactor, from_interactor) =
        (interactor_child.stdin.take(), interactor_child.stdout.take());
    // The pipes the runner reads: bytes waiting in them are not a deadlock, only a runner
    // not yet scheduled to pass them on.
    let unread = [
        from_solver.as_ref().map(AsRawFd::as_raw_fd),
        from_interactor.as_ref().map(AsRawFd::as_raw_fd),
    ];
    let exchange = Mutex::new(Exchange::default());
    let moved = AtomicU64::new(0);
    // The solver's output past the limit: the run is stopped, OLE.
    let output_limit = limits.map_or(u64::MAX, |limits| limits.output_bytes);
    let over_output = AtomicBool::new(false);
    let (waited, solver_eof, interactor_eof, solver_stderr) = std::thread::scope(|scope| {
        let (exchange, moved, over_output) = (&exchange, &moved, &over_output);
        let solver_to_interactor = scope.spawn(move || {
            let counted = Counted { limit: output_limit, over: over_output };
            pump(
                from_solver.expect("piped"),
                to_interactor.expect("piped"),
                Direction::ToJudge,
                exchange,
                moved,
                Some(counted),
            )
        });
        let solver_stderr = solver_stderr.expect("piped");
        let stderr = scope.spawn(move || crate::stderr::HeadTail::read_all(solver_stderr));
        let interactor_to_solver = scope.spawn(move || {
            pump(
                from_interactor.expect("piped"),
                to_solver.expect("piped"),
                Direction::ToSolver,
                exchange,
                moved,
                None,
            )
        });
        let waited =
            wait_both(&mut program, &mut interactor_child, wall_limit, moved, unread, over_output);
        // Both have ended or been killed, so both pumps meet the end of their input.
        let solver_eof = solver_to_interactor.join().expect("the pump does not panic");
        let interactor_eof = interactor_to_solver.join().expect("the pump does not panic");
        let solver_stderr = stderr.join().map(|kept| kept.bytes()).unwrap_or_default();
        (waited, solver_eof, interactor_eof, solver_stderr)
    });
    let waited = waited?;
    let first_line = |path: &Path| {
        let text = fs::read(path).unwrap_or_default();
        String::from_utf8_lossy(&text).lines().next().map(str::to_string)
    };
    let exchange = exchange.into_inner().expect("the pumps do not panic");
    Ok(Interaction {
        solver: waited.solver,
        solver_stderr: crate::stderr::summary(&solver_stderr),
        interactor: waited.interactor,
        interactor_says: first_line(&interactor_stderr_path),
        solver_ended_first: solver_eof <= interactor_eof,
        killed_after: waited.killed_after,
        at_limit: waited.at_limit,
        deadlocked: waited.deadlocked,
        exchange: exchange.last_lines(),
    })
}

/// How waiting for both programs ended.
struct Waited {
    solver: Option<Usage>,
    interactor: Option<ExitStatus>,
    killed_after: Option<Duration>,
    at_limit: Option<Killed>,
    deadlocked: bool,
}

/// Kills the interactor's process group and reaps it.
fn kill_interactor(interactor_child: &mut Child) {
    process::kill_group(interactor_child.id());
    let _ = interactor_child.wait();
}

/// Waits for the solver and the interactor to end; kills both when they deadlock, and
/// whichever still runs at the wall-time backstop ([`Measured::past_wall_limit`] of
/// `wall_limit`); kills both when the solver passes its limits (or
/// `over_output` says its output did). `moved` counts the bytes that crossed; `unread` are
/// the pipes from each program to the runner.
fn wait_both(
    program: &mut Measured,
    interactor_child: &mut Child,
    wall_limit: Duration,
    moved: &AtomicU64,
    unread: [Option<RawFd>; 2],
    over_output: &AtomicBool,
) -> Result<Waited, String> {
    let mut solver = None;
    let mut interactor = None;
    let mut idle = IdleWatch::default();
    let mut deadlocked = false;
    let mut at_limit = None;
    let mut wall_passed = false;
    let deadline = Instant::now() + wall_limit * process::WALL_CEILING;
    let result = process::poll_until(deadline, || {
        if solver.is_none() {
            solver = program.try_finish()?;
            if solver.is_none() {
                at_limit = if over_output.load(Ordering::SeqCst) {
                    Some(KillReason::Stopped)
                } else {
                    program.over_limits()
                };
                if at_limit.is_some() {
                    return Ok(true);
                }
                wall_passed = program.past_wall_limit(wall_limit);
                if wall_passed {
                    return Ok(true);
                }
            }
        }
        if interactor.is_none() {
            interactor = interactor_child
                .try_wait()
                .map_err(|e| format!("cannot wait for the interactor: {e}"))?;
        }
        if solver.is_some() && interactor.is_some() {
            return Ok(true);
        }
        let nothing_unread = unread.iter().all(|fd| fd.and_then(process::bytes_waiting) == Some(0));
        if solver.is_none() && interactor.is_none() && nothing_unread {
            let sides = [program.program_stat(), process::process_stat(interactor_child.id())];
            deadlocked = idle.waited_too_long(Instant::now(), moved.load(Ordering::Relaxed), sides);
        } else {
            idle = IdleWatch::default();
        }
        Ok(deadlocked)
    });
    let finished = match result {
        Ok(finished) => finished,
        Err(e) => {
            program.kill(KillReason::Stopped);
            kill_interactor(interactor_child);
            return Err(e);
        }
    };
    let killed_after = (!finished || deadlocked || wall_passed).then(|| program.elapsed());
    let at_limit = match at_limit {
        Some(why) => Some(program.kill(why)),
        None => {
            if solver.is_none() {
                program.kill(KillReason::WallTime);
            }
            None
        }
    };
    if interactor.is_none() {
        kill_interactor(interactor_child);
    }
    Ok(Waited { solver, interactor, killed_after, at_limit, deadlocked })
}

/// Watches for a deadlock: the same bytes moved and the same CPU time on both sides, both
/// sleeping, for [`IDLE_LIMIT`].
#[derive(Default)]
struct IdleWatch {
    /// Since when nothing changed, and what did not change: bytes moved, each side's CPU.
    since: Option<(Instant, u64, [u64; 2])>,
}

impl IdleWatch {
    /// Takes a look, at `now`, at the bytes `moved` and both sides' state; whether they have
    /// waited for each other for [`IDLE_LIMIT`]. A side that cannot be read (not started yet,
    /// or just ended) is not idle.
    fn waited_too_long(
        &mut self,
        now: Instant,
        moved: u64,
        sides: [Option<ProcessStat>; 2],
    ) -> bool {
        let [Some(solver), Some(interactor_side)] = sides else {
            self.since = None;
            return false;
        };
        let seen = (moved, [solver.cpu_ticks, interactor_side.cpu_ticks]);
        if !(solver.sleeping && interactor_side.sleeping) {
            self.since = None;
            return false;
        }
        match self.since {
            Some((since, bytes, cpu)) if (bytes, cpu) == seen => now - since >= IDLE_LIMIT,
            _ => {
                self.since = Some((now, seen.0, seen.1));
                false
            }
        }
    }
}

/// Which way bytes went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Direction {
    ToJudge,
    ToSolver,
}

impl Direction {
    fn index(self) -> usize {
        self as usize
    }

    fn marker(self) -> &'static str {
        match self {
            Direction::ToJudge => "> ",
            Direction::ToSolver => "< ",
        }
    }
}

/// A pump's count of the bytes it passed, against a limit: `over` is set past it.
struct Counted<'a> {
    limit: u64,
    over: &'a AtomicBool,
}

/// Copies `from` into `to` until `from` ends, recording what passes; the instant it ended.
/// Once `to` is closed (its reader ended) the rest is still read, so the writer never blocks.
fn pump(
    mut from: impl Read,
    to: impl Write,
    direction: Direction,
    exchange: &Mutex<Exchange>,
    moved: &AtomicU64,
    counted: Option<Counted>,
) -> Instant {
    let mut to = Some(to);
    let mut buffer = vec![0; 1 << 16];
    let mut total = 0u64;
    loop {
        let n = match from.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        moved.fetch_add(n as u64, Ordering::Relaxed);
        total += n as u64;
        if let Some(counted) = &counted {
            if total > counted.limit {
                // Past the output limit: the waiter stops the run; nothing more is passed on.
                counted.over.store(true, Ordering::SeqCst);
                to = None;
                continue;
            }
        }
        exchange.lock().expect("no pump panics").record(direction, &buffer[..n]);
        if let Some(writer) = to.as_mut() {
            if writer.write_all(&buffer[..n]).and_then(|()| writer.flush()).is_err() {
                to = None;
            }
        }
    }
    // Stamped before the pipe closes, so that whatever the other side does on reading the end
    // of its input comes later.
    let ended = Instant::now();
    drop(to);
    ended
}

/// How many lines of the exchange a failure shows.
const KEPT_LINES: usize = 12;
/// How much of a line is kept.
const LINE_CUT: usize = 100;

/// The last lines that crossed, each marked with its direction: `> ` from the solver to the
/// interactor, `< ` back. Bounded however long the exchange.
#[derive(Default)]
struct Exchange {
    lines: VecDeque<String>,
    /// Each direction's unfinished line (cut at `LINE_CUT + 1` bytes) and its full length.
    partial: [(Vec<u8>, usize); 2],
}

impl Exchange {
    fn record(&mut self, direction: Direction, bytes: &[u8]) {
        for &byte in bytes {
            if byte == b'\n' {
                self.end_line(direction, "");
                continue;
            }
            let (line, length) = &mut self.partial[direction.index()];
            if line.len() <= LINE_CUT {
                line.push(byte);
            }
            *length += 1;
        }
    }

    fn end_line(&mut self, direction: Direction, note: &str) {
        let (line, length) = std::mem::take(&mut self.partial[direction.index()]);
        let mut text = String::from(direction.marker());
        text.push_str(&String::from_utf8_lossy(&line[..line.len().min(LINE_CUT)]));
        if length > LINE_CUT {
            text.push_str(&format!("... ({length} bytes)"));
        }
        text.push_str(note);
        if self.lines.len() == KEPT_LINES {
            self.lines.pop_front();
        }
        self.lines.push_back(text);
    }

    /// The kept lines, with each direction's unfinished line last.
    fn last_lines(mut self) -> Vec<String> {
        for direction in [Direction::ToJudge, Direction::ToSolver] {
            if self.partial[direction.index()].1 > 0 {
                self.end_line(direction, "   (no newline at the end)");
            }
        }
        self.lines.into()
    }
}

/// What an interaction's end means: the verdict and its detail.
///
/// A rejection that came while the solver was still talking is WA whatever the solver did
/// next (a solver often crashes or hangs once its input ends). Otherwise: killed at the
/// deadline is TLE; then the solver's own end against the limits ([`verdict::of_usage`]:
/// TLE, RE, MLE); then the interactor's rejection, WA, and any other end of it, FAIL.
pub fn verdict(run: &Interaction, limits: Limits) -> (Verdict, String) {
    let interactor_code = run.interactor.and_then(|status| status.code());
    let rejected = interactor_code == Some(1) && !run.solver_ended_first;
    let says = || run.interactor_says.clone().unwrap_or_else(|| "no reason given".to_string());
    if rejected && (run.killed_after.is_some() || run.at_limit.is_some()) {
        return (Verdict::WA, says());
    }
    if let Some(killed) = run.at_limit {
        if killed.why == KillReason::Stopped {
            return (Verdict::OLE, verdict::over_output(limits));
        }
        let judged = verdict::of_kill(&killed, limits);
        return (judged.verdict, judged.detail);
    }
    if let Some(after) = run.killed_after {
        if run.deadlocked {
            return (
                Verdict::TLE,
                format!(
                    "idle: the solver and the interactor both waited for input ({:.1} s in, \
                     nothing crossed for {:.1} s): did the solver flush before it read?",
                    after.as_secs_f64(),
                    IDLE_LIMIT.as_secs_f64()
                ),
            );
        }
        let waiting = match run.solver {
            None => ": still running (waiting for input? a missing flush?)",
            Some(_) => ": the interactor did not end",
        };
        return (
            Verdict::TLE,
            format!("killed after {:.1} s of wall time{waiting}", after.as_secs_f64()),
        );
    }
    let solver = run.solver.expect("not killed, so the solver ended");
    // A failure after the rejection is the rejection's consequence: the WA below stands.
    let failure = || (!rejected).then(|| run.solver_stderr.clone());
    if let Some(judged) = verdict::of_usage(&solver, limits, failure) {
        return judged;
    }
    match interactor_code {
        Some(0) => (Verdict::AC, String::new()),
        Some(1) => (Verdict::WA, says()),
        _ => {
            let status = run.interactor.map_or("killed".to_string(), |s| s.to_string());
            (Verdict::FAIL, format!("the interactor failed ({status}): {}", says()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{
        verdict, Direction, Exchange, IdleWatch, Interaction, IDLE_LIMIT, KEPT_LINES, LINE_CUT,
    };
    use crate::process::Limits;
    use crate::process::{Exit, ProcessStat, Usage};
    use std::os::unix::process::ExitStatusExt;
    use std::process::ExitStatus;
    use std::time::Duration;
    use std::time::Instant;

    /// A solver that ended with `exit` after 0.1 s of CPU and 3 MiB, against an interactor that
    /// exited with `interactor_code`.
    fn ended(exit: Exit, interactor_code: Option<i32>, solver_ended_first: bool) -> Interaction {
        Interaction {
            solver: Some(Usage { exit, cpu: Duration::from_millis(100), peak_kib: 3072 }),
            solver_stderr: "error: line 2: expected a reply".to_string(),
            interactor: interactor_code.map(|code| ExitStatus::from_raw(code << 8)),
            interactor_says: Some("wrong guess".to_string()),
            solver_ended_first,
            killed_after: None,
            at_limit: None,
            deadlocked: false,
            exchange: Vec::new(),
        }
    }

    fn judged(run: &Interaction) -> (&'static str, String) {
        let limits =
            Limits { time: Duration::from_secs(1), memory_kib: 64 * 1024, output_bytes: 1 << 20 };
        let (verdict, detail) = verdict(run, limits);
        (verdict.as_str(), detail)
    }

    #[test]
    fn the_verdict_follows_who_ended_first() {
        assert_eq!(judged(&ended(Exit::Code(0), Some(0), true)), ("AC", String::new()));
        assert_eq!(judged(&ended(Exit::Code(0), Some(1), true)).0, "WA");
        // A crash after the interactor rejected is the rejection's consequence.
        assert_eq!(judged(&ended(Exit::Code(1), Some(1), false)), ("WA", "wrong guess".into()));
        // A crash first is RE, though the interactor then rejects the cut exchange.
        assert_eq!(
            judged(&ended(Exit::Signal(11), Some(1), true)),
            ("RE", "killed by signal 11 (SIGSEGV); error: line 2: expected a reply".into())
        );
        let (code, detail) = judged(&ended(Exit::Code(0), Some(3), true));
        assert_eq!(code, "FAIL");
        assert!(detail.starts_with("the interactor failed (exit status: 3)"), "{detail}");
    }

    #[test]
    fn limits_and_kills() {
        let mut slow = ended(Exit::Code(0), Some(0), true);
        slow.solver.as_mut().expect("ended").cpu = Duration::from_millis(1500);
        assert_eq!(judged(&slow), ("TLE", "over 1000 ms".into()));
        let mut big = ended(Exit::Code(0), Some(0), true);
        big.solver.as_mut().expect("ended").peak_kib = 65 * 1024;
        assert_eq!(judged(&big), ("MLE", "over 64 MB".into()));
        let mut waiting = ended(Exit::Code(0), None, false);
        waiting.solver = None;
        waiting.killed_after = Some(Duration::from_millis(2003));
        let (code, detail) = judged(&waiting);
        assert_eq!(code, "TLE");
        assert!(detail.starts_with("killed after 2.0 s of wall time: still running"), "{detail}");
        waiting.deadlocked = true;
        let (code, detail) = judged(&waiting);
        assert_eq!(code, "TLE");
        assert!(detail.starts_with("idle: the solver and the interactor both waited"), "{detail}");
        assert!(detail.ends_with("did the solver flush before it read?"), "{detail}");
        // Rejected, then the solver hung: the rejection stands.
        let mut hung = ended(Exit::Code(0), Some(1), false);
        hung.solver = None;
        hung.killed_after = Some(Duration::from_secs(2));
        assert_eq!(judged(&hung), ("WA", "wrong guess".into()));
    }

    #[test]
    fn a_deadlock_is_both_sides_asleep_with_nothing_moving() {
        let asleep = |cpu_ticks| Some(ProcessStat { sleeping: true, cpu_ticks, resident_pages: 1 });
        let awake = Some(ProcessStat { sleeping: false, cpu_ticks: 3, resident_pages: 1 });
        let start = Instant::now();
        let at = |millis| start + std::time::Duration::from_millis(millis);
        let limit = IDLE_LIMIT.as_millis() as u64;
        let mut watch = IdleWatch::default();
        assert!(!watch.waited_too_long(at(0), 10, [asleep(3), asleep(1)]));
        assert!(!watch.waited_too_long(at(limit - 1), 10, [asleep(3), asleep(1)]));
        assert!(watch.waited_too_long(at(limit), 10, [asleep(3), asleep(1)]));
        // Bytes that cross, CPU time gained, a side awake or not yet started: the wait starts
        // again.
        let changes = [
            (11, [asleep(3), asleep(1)]),
            (10, [asleep(4), asleep(1)]),
            (10, [asleep(3), asleep(2)]),
            (10, [awake, asleep(1)]),
            (10, [None, asleep(1)]),
        ];
        for (moved, sides) in changes {
            let mut watch = IdleWatch::default();
            assert!(!watch.waited_too_long(at(0), 10, [asleep(3), asleep(1)]));
            assert!(!watch.waited_too_long(at(limit / 2), moved, sides));
            assert!(!watch.waited_too_long(at(limit), moved, sides), "{moved} {sides:?}");
        }
    }

    #[test]
    fn the_exchange_keeps_the_last_lines_in_order() {
        let mut exchange = Exchange::default();
        for guess in 0..20 {
            exchange.record(Direction::ToJudge, format!("{guess}\n").as_bytes());
            exchange.record(Direction::ToSolver, b"hi");
            exchange.record(Direction::ToSolver, b"gher\n");
        }
        exchange.record(Direction::ToJudge, b"20");
        let lines = exchange.last_lines();
        assert_eq!(lines.len(), KEPT_LINES);
        assert_eq!(lines[KEPT_LINES - 3..], ["> 19", "< higher", "> 20   (no newline at the end)"]);
    }

    #[test]
    fn a_long_line_is_cut() {
        let mut exchange = Exchange::default();
        exchange.record(Direction::ToSolver, &vec![b'x'; 5000]);
        exchange.record(Direction::ToSolver, b"\n");
        let lines = exchange.last_lines();
        assert_eq!(lines, [format!("< {}... (5000 bytes)", "x".repeat(LINE_CUT))]);
    }
}
