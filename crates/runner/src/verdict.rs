//! What a run gets: the [`Verdict`] kinds, one run's judged result ([`Judged`]), and the one
//! order in which a program's own end is held against the judge's limits ([`of_usage`]),
//! shared by the plain and the interactive runs.

use std::fmt;
use std::time::Duration;

use crate::process::{Exit, KillReason, Killed, Limits, Usage, SIGXFSZ};

/// A run's verdict, as the judges name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted.
    AC,
    /// Wrong answer: the checker or the interactor rejected the output.
    WA,
    /// Over the time limit (CPU time), or killed at the wall-time backstop.
    TLE,
    /// Over the memory limit.
    MLE,
    /// Over the output limit.
    OLE,
    /// A failed exit: a panic, a crash, a nonzero status.
    RE,
    /// The bundle does not compile.
    CE,
    /// A hand-written sample's expected output that the problem's oracle disagrees with.
    SUSPECT,
    /// The runner, the checker or the interactor failed: no verdict on the solver.
    FAIL,
}

impl Verdict {
    /// As a verdict line writes it: `AC`, `SUSPECT`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::AC => "AC",
            Verdict::WA => "WA",
            Verdict::TLE => "TLE",
            Verdict::MLE => "MLE",
            Verdict::OLE => "OLE",
            Verdict::RE => "RE",
            Verdict::CE => "CE",
            Verdict::SUSPECT => "SUSPECT",
            Verdict::FAIL => "FAIL",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// One run's result, as printed.
#[derive(Debug)]
pub struct Judged {
    pub verdict: Verdict,
    /// The program's CPU time (for a killed run, the time at the kill).
    pub time: Option<Duration>,
    pub peak_kib: Option<u64>,
    pub detail: String,
    /// For an interactive run, the last lines of the exchange.
    pub exchange: Vec<String>,
}

impl Judged {
    pub fn new(verdict: Verdict, detail: String) -> Judged {
        Judged { verdict, time: None, peak_kib: None, detail, exchange: Vec::new() }
    }

    /// A verdict on a run that ended with `usage`.
    pub fn of_run(verdict: Verdict, detail: String, usage: &Usage) -> Judged {
        Judged {
            time: Some(usage.cpu),
            peak_kib: Some(usage.peak_kib),
            ..Judged::new(verdict, detail)
        }
    }
}

/// A program's own end held against `limits`, in the judges' order: CPU time over the limit
/// is TLE; then a failed exit: killed for writing a file past the output limit, OLE; an
/// allocation refused by the address-space limit (Rust's `memory allocation of N bytes
/// failed`), MLE; otherwise RE (`failure` says why, or `None` when the failure is judged
/// elsewhere: an interactive solver that the interactor had already rejected); then peak
/// memory over the limit is MLE. `None` when the run is within all of them, and the output
/// (or the interactor) decides.
pub fn of_usage(
    usage: &Usage,
    limits: Limits,
    failure: impl FnOnce() -> Option<String>,
) -> Option<(Verdict, String)> {
    if usage.cpu > limits.time {
        return Some((Verdict::TLE, format!("over {} ms", limits.time.as_millis())));
    }
    if usage.exit == Exit::Signal(SIGXFSZ) {
        return Some((Verdict::OLE, over_output(limits)));
    }
    if !usage.exit.success() {
        if let Some(why) = failure() {
            if why.starts_with("memory allocation of") {
                return Some((Verdict::MLE, format!("{}: {why}", over_memory(limits))));
            }
            return Some((Verdict::RE, format!("{}; {why}", usage.exit)));
        }
    }
    if usage.peak_kib > limits.memory_kib {
        return Some((Verdict::MLE, over_memory(limits)));
    }
    None
}

/// The verdict on a run the runner killed at its limits (not one it stopped for its output):
/// TLE at the wall-time backstop or past the CPU time, MLE past the memory.
pub fn of_kill(killed: &Killed, limits: Limits) -> Judged {
    let cpu =
        killed.cpu.map_or(String::new(), |cpu| format!("{:.2} s of CPU time", cpu.as_secs_f64()));
    let (verdict, detail, time) = match killed.why {
        KillReason::CpuTime => (
            Verdict::TLE,
            format!("over {} ms: stopped at {cpu}", limits.time.as_millis()),
            killed.cpu,
        ),
        KillReason::Memory => {
            let resident = killed.resident_kib.unwrap_or(0) as f64 / 1024.0;
            let detail = format!("{}: stopped at {resident:.1} MB resident", over_memory(limits));
            (Verdict::MLE, detail, killed.cpu)
        }
        KillReason::WallTime | KillReason::Stopped => (
            Verdict::TLE,
            format!("killed after {:.1} s of wall time", killed.after.as_secs_f64()),
            Some(killed.after),
        ),
    };
    Judged { time, peak_kib: killed.resident_kib, ..Judged::new(verdict, detail) }
}

/// `over 256 MB`.
fn over_memory(limits: Limits) -> String {
    format!("over {} MB", limits.memory_kib / 1024)
}

/// `over 64 MiB of output`.
pub fn over_output(limits: Limits) -> String {
    format!("over {} MiB of output", limits.output_bytes >> 20)
}

#[cfg(test)]
mod tests {
    use super::{of_usage, Verdict};
    use crate::process::{Exit, Limits, Usage, SIGXFSZ};
    use std::time::Duration;

    #[test]
    fn time_then_failure_then_memory() {
        let limits = Limits {
            time: Duration::from_millis(1000),
            memory_kib: 64 * 1024,
            output_bytes: 1 << 20,
        };
        let usage = |exit, millis, mib: u64| Usage {
            exit,
            cpu: Duration::from_millis(millis),
            peak_kib: mib * 1024,
        };
        let why = || Some("panicked".to_string());
        assert_eq!(of_usage(&usage(Exit::Code(0), 10, 3), limits, why), None);
        let all_over = usage(Exit::Signal(11), 1500, 65);
        assert_eq!(of_usage(&all_over, limits, why), Some((Verdict::TLE, "over 1000 ms".into())));
        let failed_and_big = usage(Exit::Code(101), 10, 65);
        assert_eq!(
            of_usage(&failed_and_big, limits, why),
            Some((Verdict::RE, "exit status 101; panicked".into()))
        );
        // A failure judged elsewhere leaves the memory to decide.
        assert_eq!(
            of_usage(&failed_and_big, limits, || None),
            Some((Verdict::MLE, "over 64 MB".into()))
        );
        // The limits' own signals and messages.
        let refused = usage(Exit::Signal(6), 10, 3);
        let message = || Some("memory allocation of 4294967296 bytes failed".to_string());
        assert_eq!(
            of_usage(&refused, limits, message),
            Some((Verdict::MLE, "over 64 MB: memory allocation of 4294967296 bytes failed".into()))
        );
        let too_long = usage(Exit::Signal(SIGXFSZ), 10, 3);
        assert_eq!(
            of_usage(&too_long, limits, why),
            Some((Verdict::OLE, "over 1 MiB of output".into()))
        );
        assert_eq!(Verdict::SUSPECT.to_string(), "SUSPECT");
        assert_eq!(format!("{:<4}|", Verdict::AC), "AC  |");
    }
}
