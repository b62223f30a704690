//! One interactive case: the solver against the problem's interactor, through pipes that run
//! through the runner.
//!
//! The interactor runs as `<problem>-judge CASE.in`; the solver's stdout is its stdin and its
//! stdout the solver's stdin. Two threads copy each direction and keep the last lines of the
//! exchange for a failure's report. Both programs are killed once the wall-time deadline
//! passes, so a solver that waits forever (a forgotten flush) ends as TLE, never as a hang.

use std::collections::VecDeque;
use std::fs;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::process::{self, Measured, Usage};
use super::Runner;

/// How one interaction ended.
pub struct Interaction {
    /// The solver's usage, `None` if it was killed at the deadline.
    pub solver: Option<Usage>,
    /// The solver's first stderr line, if any.
    pub solver_stderr: Option<String>,
    /// The interactor's exit status, `None` if it was killed at the deadline.
    pub interactor: Option<ExitStatus>,
    /// The interactor's first stderr line (why it rejected).
    pub interactor_says: Option<String>,
    /// Whether the solver's output ended before the interactor's: the solver stopped first.
    pub solver_ended_first: bool,
    /// The wall time when the run was killed, if it was.
    pub killed_after: Option<Duration>,
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
) -> Result<Interaction, String> {
    let solver_stderr_path = runner.file("solver-stderr");
    let judge_stderr_path = runner.file("judge-stderr");
    let create = |path: &Path| {
        fs::File::create(path).map_err(|e| format!("cannot create {}: {e}", path.display()))
    };
    let mut judge = Command::new(interactor)
        .arg(case)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(create(&judge_stderr_path)?)
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", interactor.display()))?;
    let started = Instant::now();
    let mut program = match Measured::start(
        &runner.helper,
        runner.file("report"),
        solver,
        &[],
        Stdio::piped(),
        Stdio::piped(),
        create(&solver_stderr_path)?.into(),
    ) {
        Ok(program) => program,
        Err(e) => {
            let _ = judge.kill();
            let _ = judge.wait();
            return Err(e);
        }
    };
    let (to_solver, from_solver) = program.take_pipes();
    let (to_judge, from_judge) = (judge.stdin.take(), judge.stdout.take());
    let exchange = Mutex::new(Exchange::default());
    let (waited, solver_eof, judge_eof) = std::thread::scope(|scope| {
        let exchange = &exchange;
        let solver_to_judge = scope.spawn(move || {
            pump(
                from_solver.expect("piped"),
                to_judge.expect("piped"),
                Direction::ToJudge,
                exchange,
            )
        });
        let judge_to_solver = scope.spawn(move || {
            pump(
                from_judge.expect("piped"),
                to_solver.expect("piped"),
                Direction::ToSolver,
                exchange,
            )
        });
        let waited = wait_both(&mut program, &mut judge, started + wall_limit);
        // Both have ended or been killed, so both pumps meet the end of their input.
        let solver_eof = solver_to_judge.join().expect("the pump does not panic");
        let judge_eof = judge_to_solver.join().expect("the pump does not panic");
        (waited, solver_eof, judge_eof)
    });
    let (solver, interactor, killed_after) = waited?;
    let first_line = |path: &Path| {
        let text = fs::read(path).unwrap_or_default();
        String::from_utf8_lossy(&text).lines().next().map(str::to_string)
    };
    let exchange = exchange.into_inner().expect("the pumps do not panic");
    Ok(Interaction {
        solver,
        solver_stderr: first_line(&solver_stderr_path),
        interactor,
        interactor_says: first_line(&judge_stderr_path),
        solver_ended_first: solver_eof <= judge_eof,
        killed_after,
        exchange: exchange.last_lines(),
    })
}

type Waited = (Option<Usage>, Option<ExitStatus>, Option<Duration>);

/// Waits for the solver and the interactor to end; kills whichever still runs at `deadline`.
fn wait_both(
    program: &mut Measured,
    judge: &mut Child,
    deadline: Instant,
) -> Result<Waited, String> {
    let mut solver = None;
    let mut interactor = None;
    let result = process::poll_until(deadline, || {
        if solver.is_none() {
            solver = program.try_finish()?;
        }
        if interactor.is_none() {
            interactor =
                judge.try_wait().map_err(|e| format!("cannot wait for the interactor: {e}"))?;
        }
        Ok(solver.is_some() && interactor.is_some())
    });
    let finished = match result {
        Ok(finished) => finished,
        Err(e) => {
            program.kill();
            let _ = judge.kill();
            let _ = judge.wait();
            return Err(e);
        }
    };
    let killed_after = (!finished).then(|| program.elapsed());
    if solver.is_none() {
        program.kill();
    }
    if interactor.is_none() {
        let _ = judge.kill();
        let _ = judge.wait();
    }
    Ok((solver, interactor, killed_after))
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

/// Copies `from` into `to` until `from` ends, recording what passes; the instant it ended.
/// Once `to` is closed (its reader ended) the rest is still read, so the writer never blocks.
fn pump(
    mut from: impl Read,
    to: impl Write,
    direction: Direction,
    exchange: &Mutex<Exchange>,
) -> Instant {
    let mut to = Some(to);
    let mut buffer = vec![0; 1 << 16];
    loop {
        let n = match from.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
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

/// What an interaction's end means: the verdict code and its detail.
///
/// A rejection that came while the solver was still talking is WA whatever the solver did
/// next (a solver often crashes or hangs once its input ends). Otherwise: killed at the
/// deadline is TLE; then CPU time over the limit, TLE; a solver that failed, RE; the
/// interactor's rejection, WA, and any other end of it, FAIL; then the memory limit.
pub fn verdict(
    run: &Interaction,
    time_limit: Duration,
    memory_limit_kib: u64,
) -> (&'static str, String) {
    let interactor_code = run.interactor.and_then(|status| status.code());
    let rejected = interactor_code == Some(1) && !run.solver_ended_first;
    let says = || run.interactor_says.clone().unwrap_or_else(|| "no reason given".to_string());
    if let Some(after) = run.killed_after {
        if rejected {
            return ("WA", says());
        }
        let waiting = match run.solver {
            None => ": still running (waiting for input? a missing flush?)",
            Some(_) => ": the interactor did not end",
        };
        return ("TLE", format!("killed after {:.1} s of wall time{waiting}", after.as_secs_f64()));
    }
    let solver = run.solver.expect("not killed, so the solver ended");
    if solver.cpu > time_limit {
        return ("TLE", format!("over {} ms", time_limit.as_millis()));
    }
    if !solver.exit.success() && !rejected {
        let stderr = run.solver_stderr.as_deref().unwrap_or("no stderr");
        return ("RE", format!("{}; {stderr}", solver.exit));
    }
    match interactor_code {
        Some(0) => {}
        Some(1) => return ("WA", says()),
        _ => {
            let status = run.interactor.map_or("killed".to_string(), |s| s.to_string());
            return ("FAIL", format!("the interactor failed ({status}): {}", says()));
        }
    }
    if solver.peak_kib > memory_limit_kib {
        return ("MLE", format!("over {} MB", memory_limit_kib / 1024));
    }
    ("AC", String::new())
}

#[cfg(test)]
mod tests {
    use super::{verdict, Direction, Exchange, Interaction, KEPT_LINES, LINE_CUT};
    use crate::process::{Exit, Usage};
    use std::os::unix::process::ExitStatusExt;
    use std::process::ExitStatus;
    use std::time::Duration;

    /// A solver that ended with `exit` after 0.1 s of CPU and 3 MiB, against an interactor that
    /// exited with `judge`.
    fn ended(exit: Exit, judge: Option<i32>, solver_ended_first: bool) -> Interaction {
        Interaction {
            solver: Some(Usage { exit, cpu: Duration::from_millis(100), peak_kib: 3072 }),
            solver_stderr: Some("error: line 2: expected a reply".to_string()),
            interactor: judge.map(|code| ExitStatus::from_raw(code << 8)),
            interactor_says: Some("wrong guess".to_string()),
            solver_ended_first,
            killed_after: None,
            exchange: Vec::new(),
        }
    }

    fn judged(run: &Interaction) -> (&'static str, String) {
        verdict(run, Duration::from_secs(1), 64 * 1024)
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
        // Rejected, then the solver hung: the rejection stands.
        let mut hung = ended(Exit::Code(0), Some(1), false);
        hung.solver = None;
        hung.killed_after = Some(Duration::from_secs(2));
        assert_eq!(judged(&hung), ("WA", "wrong guess".into()));
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
