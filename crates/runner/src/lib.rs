//! The testdata runner: runs a problem's programs as its judge would and says what the judge
//! would say.
//!
//! The principal types are [`Problem`] (a problem as the runner sees it: its metadata, cases
//! and binaries, `problem.rs`), [`Runner`] (the measuring helper and a scratch folder,
//! `runner.rs`) and [`Verdict`] (`verdict.rs`, which also holds the one order in which a run
//! is held against the judge's limits). A measured program is started by `process.rs`; an
//! interactive one runs against its interactor in `interactive.rs`; outputs are judged by the
//! problem's checker in `check.rs`; a bundle is compiled as the judge does in `bundle.rs`.
//!
//! The commands sit on top and import those downward:
//! - [`testdata`]: `xtask testdata`, every case through the release binary and the bundle;
//! - [`suite`]: `xtask test`, the one command that proves the workspace works;
//! - [`watch`]: `xtask test --watch P`, `--quick P` again at every change;
//! - `make.rs`: `xtask make-testdata`;
//! - [`scale`]: `bench.sh --scale`, how the solver's time grows.

mod bundle;
mod cargo;
mod check;
mod interactive;
mod make;
mod problem;
mod process;
mod runner;
pub mod same_program;
pub mod scale;
mod stderr;
pub mod suite;
mod suspect;
pub mod testdata;
mod verdict;
pub mod watch;

pub use make::run as make;
pub use problem::Problem;
pub use process::measure_main;
pub use runner::Runner;
pub use testdata::{run, Tally};
pub use verdict::Verdict;
