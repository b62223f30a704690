//! The test harness of the workspace: what problems' tests and helper binaries share, and no
//! submission carries.
//!
//! - [`Stress`]: the solver against its oracle on seeded random inputs, on every core, outputs
//!   compared by the problem's declared checker; a failure is shrunk ([`shrink`]: counts such
//!   as `N M K` lowered with what they count) and reported with a command that reproduces it
//!   (`scripts/stress.sh` when that script runs the very test, else the test's own `cargo
//!   test` line with the seed knobs). [`InteractiveStress`] does the same for interactive
//!   problems.
//! - Checkers come from `judge-meta` ([`Checker`], [`CheckFn`]): the stress tests, the testdata
//!   runner and make-testdata compare through the same code.
//! - [`interact`]: a solver function against an interactor function, in process, through
//!   pipes that notice when both sides wait (a missing flush fails at once, never hangs).
//! - [`generator_main`], [`checker_main`], [`interactor_main`]: the whole `main` of a
//!   problem's `src/bin/P-gen.rs`, `P-check.rs` and `P-interactor.rs`.
//! - [`check_run`], [`check_generator`], [`run_binary`]: binaries end to end, for `tests/cli.rs`.
//! - What the kit of `scripts/new.sh --kit` shares ([`InputGen`], [`require_oracle`],
//!   [`check_samples`], ...): see the `kit` module.
//!
//! # Never bundled
//! A problem crate lists `judge-test` under `[dependencies]` (its `src/bin/` binaries need the
//! mains, and dev-dependencies are invisible to binaries), but its library (`src/lib.rs` and
//! the modules under it, oracle and generator included) never names `judge_test`: the bundler
//! inlines what the library and `main.rs` reach, and this crate is never among it. What a
//! generator needs from outside the problem, the seeded [`judge_io::Rng`], lives in judge-io.
//! So this crate may use the workspace's newer Rust.
//!
//! # An interactive problem
//! The solver is what `judge_io::run_stream` runs: it writes a query, **flushes**, then reads
//! the reply. The interactor gets the case file's bytes, reads the solver's output as it
//! arrives and answers it; `Err` rejects. The same interactor is the `main` of
//! `src/bin/P-interactor.rs` (`judge_test::interactor_main(interactor::run)`), which
//! `scripts/test.sh` runs against the solver's binary, and plays in process here:
//!
//! ```
//! use std::io::{Read, Write};
//! use judge_io::{Error, Output, Scanner, StreamInput};
//!
//! /// Guess the number: N arrives, the solver asks `? g` and hears `higher`, `lower` or
//! /// `correct`.
//! fn guess<R: Read, W: Write>(input: &mut StreamInput<R>, out: &mut Output<W>) -> Result<(), Error> {
//!     let n: u64 = input.int()?;
//!     let (mut low, mut high) = (1, n);
//!     while low <= high {
//!         let mid = low + (high - low) / 2;
//!         out.str("? ").int(mid).newline();
//!         out.flush().map_err(|e| Error::new(format!("cannot write output: {}", e)))?;
//!         match input.token("a reply")? {
//!             b"higher" => low = mid + 1,
//!             b"lower" => high = mid - 1,
//!             b"correct" => return Ok(()),
//!             _ => return Err(input.error_at_token("expected higher, lower or correct")),
//!         }
//!     }
//!     Err(Error::new("the replies contradict each other"))
//! }
//!
//! /// The interactor: the case is `N X`; at most 7 guesses, each in 1..=N.
//! fn interactor<R: Read, W: Write>(
//!     case: &[u8],
//!     solver: &mut StreamInput<R>,
//!     out: &mut Output<W>,
//! ) -> Result<(), Error> {
//!     let mut sc = Scanner::new(case);
//!     let (n, hidden): (u64, u64) = (sc.int()?, sc.int()?);
//!     let cannot_write = |e: std::io::Error| Error::new(format!("cannot write: {}", e));
//!     out.int(n).newline();
//!     out.flush().map_err(cannot_write)?;
//!     for _ in 0..7 {
//!         if solver.token("a guess")? != b"?" {
//!             return Err(solver.error_at_token("expected ?"));
//!         }
//!         let g: u64 = solver.int()?;
//!         if g < 1 || g > n {
//!             return Err(solver.error_at_token(format!("guess {} is outside 1..={}", g, n)));
//!         }
//!         out.str(if g < hidden { "higher" } else if g > hidden { "lower" } else { "correct" });
//!         out.newline().flush().map_err(cannot_write)?;
//!         if g == hidden {
//!             return Ok(());
//!         }
//!     }
//!     Err(Error::new("more than 7 guesses"))
//! }
//!
//! let play = judge_test::interact(b"100 37\n", guess, interactor);
//! assert_eq!(play.verdict, Ok(()));
//! assert!(play.transcript.starts_with("< 100\n> ? 50\n< lower\n"));
//!
//! // A solver that never flushes waits for a reply that cannot come: a failure, at once.
//! let silent = |input: &mut judge_test::SolverInput, out: &mut judge_test::SolverOutput| {
//!     let _n: u64 = input.int()?;
//!     out.str("? 1").newline();
//!     input.token("a reply").map(|_| ())
//! };
//! let play = judge_test::interact(b"100 37\n", silent, interactor);
//! assert!(play.verdict.unwrap_err().contains("did the solver flush"));
//! ```
//!
//! [`InteractiveStress`] plays the solver and a simple oracle solver against the interactor
//! on generated cases.

#[doc(hidden)]
pub mod guess;
mod interact;
mod kit;
mod mains;
mod metadata;
mod panics;
mod process;
mod shrink;
mod stress;
mod timing;

pub use interact::{
    interact, interact_binary, ExchangeReader, ExchangeWriter, Interaction, Interactor,
    InteractorFn, SolverInput, SolverOutput, StreamRunFn, TIME_LIMIT,
};
pub use judge_meta::{CheckFn, Checker};
pub use kit::{
    capped, check_error_line, check_interactive_samples, check_samples, require_interactive_oracle,
    require_oracle, share, sized_generator_main, small_input, GenerateFn, InputGen, Size,
    SIZED_USAGE, SMALL_COUNTS,
};
pub use mains::{checker_main, generator_main, interactor_main};
pub use process::{check_generator, check_run, peak_memory_kib, run_binary};
pub use shrink::{shrink, CaseVerdict, ShrinkFn};
pub use stress::{stress_knobs, Failure, InteractiveStress, RunFn, Stress, StressTest};
pub use timing::{noise_note, Timing, NOISY_SPREAD, PART_OVER_WHOLE};
