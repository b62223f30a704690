//! Timing for the benchmarks (`scripts/bench.sh`): a closure run several times, the median and
//! how widely the runs spread, and a word when they spread too widely for the figure to be
//! trusted. On a shared, busy machine one run may take twice another; a benchmark that prints
//! a median without its spread invites reading noise as a result (a whole run shown slower
//! than the sum of its parts).

use std::fmt;
use std::time::{Duration, Instant};

/// Runs spread wider than this fraction of their median (between the first and the third
/// quartile) are too noisy to trust.
pub const NOISY_SPREAD: f64 = 0.25;

/// The times of several runs of one thing, sorted.
#[derive(Debug, Clone)]
pub struct Timing {
    runs: Vec<Duration>,
}

impl Timing {
    /// Times `runs` calls of `f` (at least one).
    pub fn measure(runs: usize, mut f: impl FnMut()) -> Timing {
        let times = (0..runs.max(1)).map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        });
        Timing::of(times.collect())
    }

    /// The timing of runs already made (at least one).
    pub fn of(mut runs: Vec<Duration>) -> Timing {
        assert!(!runs.is_empty(), "a timing needs a run");
        runs.sort();
        Timing { runs }
    }

    /// The median run.
    pub fn median(&self) -> Duration {
        self.runs[self.runs.len() / 2]
    }

    /// The spread between the first and the third quartile, as a fraction of the median.
    pub fn spread(&self) -> f64 {
        let n = self.runs.len();
        let (low, high) = (self.runs[n / 4], self.runs[(3 * n) / 4]);
        let median = self.median().as_secs_f64();
        if median == 0.0 {
            return 0.0;
        }
        (high - low).as_secs_f64() / median
    }

    /// Whether the runs spread more than [`NOISY_SPREAD`].
    pub fn is_noisy(&self) -> bool {
        self.spread() > NOISY_SPREAD
    }
}

/// `12.345 ms ±4%` (the spread, in percent of the median).
impl fmt::Display for Timing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.median().as_secs_f64() * 1e3;
        write!(f, "{ms:.3} ms ±{:.0}%", self.spread() * 50.0)
    }
}

/// A part measured this much slower than a whole that contains it is beyond a timer's noise:
/// the figures contradict each other (when the rest of the whole is tiny, the two are equal
/// within the noise, so a little slower is no contradiction).
pub const PART_OVER_WHOLE: f64 = 1.10;

/// What a benchmark prints under its figures when they are not to be trusted: the runs of
/// `timings` (named) spread too widely, or a part measured clearly slower than a whole that
/// contains it (`parts_within`: pairs of part and whole; [`PART_OVER_WHOLE`]). `None` when the
/// figures hold together.
pub fn noise_note(timings: &[(&str, &Timing)], parts_within: &[(&str, &str)]) -> Option<String> {
    let mut why = Vec::new();
    for (name, timing) in timings {
        if timing.is_noisy() {
            why.push(format!(
                "{name}'s runs spread {:.0}% of their median",
                timing.spread() * 100.0
            ));
        }
    }
    let find = |name: &str| timings.iter().find(|(n, _)| *n == name).map(|(_, t)| t.median());
    for (part, whole) in parts_within {
        if let (Some(p), Some(w)) = (find(part), find(whole)) {
            if p.as_secs_f64() > w.as_secs_f64() * PART_OVER_WHOLE {
                why.push(format!("{part} took longer than {whole}, which includes it"));
            }
        }
    }
    (!why.is_empty()).then(|| {
        format!(
            "note: these figures are too noisy to trust ({}): the machine is busy; run again when \
             it is quiet",
            why.join("; ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::{noise_note, Timing};
    use std::time::Duration;

    fn ms(values: &[u64]) -> Timing {
        Timing::of(values.iter().map(|&v| Duration::from_millis(v)).collect())
    }

    #[test]
    fn the_median_and_the_spread_of_the_runs() {
        let steady = ms(&[100, 101, 99, 100, 102, 98, 100, 100, 250]);
        assert_eq!(steady.median(), Duration::from_millis(100));
        assert!(!steady.is_noisy(), "one slow run is not noise: {}", steady.spread());
        assert_eq!(steady.to_string(), "100.000 ms ±0%");
        let busy = ms(&[100, 180, 120, 210, 90, 150, 240, 110, 130]);
        assert!(busy.is_noisy(), "{}", busy.spread());
        let mut calls = 0;
        Timing::measure(0, || calls += 1);
        assert_eq!(calls, 1, "at least one run");
    }

    #[test]
    fn a_note_only_when_the_figures_do_not_hold_together() {
        let parse = ms(&[10, 10, 11, 10, 10]);
        let run = ms(&[30, 31, 30, 29, 30]);
        assert_eq!(noise_note(&[("parse", &parse), ("run", &run)], &[("parse", "run")]), None);
        // A solve that takes nothing: the part and the whole are equal within the noise.
        let (all_parse, whole) = (ms(&[1000, 1001, 1000]), ms(&[990, 991, 990]));
        assert_eq!(
            noise_note(&[("parse", &all_parse), ("run", &whole)], &[("parse", "run")]),
            None
        );
        // A whole run faster than its parse: the old benchmark's 221 ms beside 114 ms.
        let slow_parse = ms(&[40, 41, 40, 40, 39]);
        let note = noise_note(&[("parse", &slow_parse), ("run", &run)], &[("parse", "run")]);
        assert_eq!(
            note.as_deref(),
            Some(
                "note: these figures are too noisy to trust (parse took longer than run, which \
                 includes it): the machine is busy; run again when it is quiet"
            )
        );
        let busy = ms(&[100, 180, 120, 210, 90, 150, 240, 110, 130]);
        let note = noise_note(&[("run", &busy)], &[]).expect("noisy");
        assert!(note.contains("run's runs spread 54% of their median"), "{note}");
    }
}
