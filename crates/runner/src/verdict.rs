//! What a run gets: the [`Verdict`] kinds, one run's judged result ([`Judged`]), and the one
//! order in which a program's own end is held against the judge's limits ([`of_usage`]),
//! shared by the plain and the interactive runs.

use std::fmt;
use std::time::Duration;

use crate::process::Usage;

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

/// The judge's limits on one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// CPU time.
    pub time: Duration,
    /// Peak resident memory, KiB.
    pub memory_kib: u64,
}

/// A program's own end held against `limits`, in the judges' order: CPU time over the limit
/// is TLE; then a failed exit is RE (`failure` says why, or `None` when the failure is
/// judged elsewhere: an interactive solver that the interactor had already rejected); then
/// peak memory over the limit is MLE. `None` when the run is within all of them, and the
/// output (or the interactor) decides.
pub fn of_usage(
    usage: &Usage,
    limits: Limits,
    failure: impl FnOnce() -> Option<String>,
) -> Option<(Verdict, String)> {
    if usage.cpu > limits.time {
        return Some((Verdict::TLE, format!("over {} ms", limits.time.as_millis())));
    }
    if !usage.exit.success() {
        if let Some(why) = failure() {
            return Some((Verdict::RE, format!("{}; {why}", usage.exit)));
        }
    }
    if usage.peak_kib > limits.memory_kib {
        return Some((Verdict::MLE, format!("over {} MB", limits.memory_kib / 1024)));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{of_usage, Limits, Verdict};
    use crate::process::{Exit, Usage};
    use std::time::Duration;

    #[test]
    fn time_then_failure_then_memory() {
        let limits = Limits { time: Duration::from_millis(1000), memory_kib: 64 * 1024 };
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
        assert_eq!(Verdict::SUSPECT.to_string(), "SUSPECT");
        assert_eq!(format!("{:<4}|", Verdict::AC), "AC  |");
    }
}
