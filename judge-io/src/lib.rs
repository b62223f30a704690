//! Fast input and output for judge submissions.
//!
//! Input is read once, whole, as bytes ([`read_stdin`]) and parsed by hand by a [`Scanner`]
//! that borrows it, so tests parse from memory and never touch stdin. Every parse failure is an
//! [`Error`] value that names the place (`line 3, column 5: expected an integer, found "x"`).
//! Output goes through one [`Output`] buffer that formats integers without `fmt` and is flushed
//! once. [`run_main`] is the whole `main` of a judge binary: stdin in, answers out, and a bad
//! input as one `error:` line with exit status 1. [`FxHashMap`] is a map with a fast hasher for
//! integer keys. [`testing`] holds what generators, stress tests and benchmarks share; no
//! submission uses it.
//!
//! The bundler pastes this crate into every submission as `mod judge_io { ... }` and keeps only
//! the items a solution names, so it keeps to what survives that: `self::`/`super::` paths
//! only, no glob imports, no exported macros, nothing newer than Rust 1.63, and valid Rust 2015
//! as well as 2021 (Algospot compiles with no edition flag).

mod entry;
mod error;
mod hash;
mod input;
mod int;
mod interactive;
mod output;
pub mod testing;

pub use self::entry::{run_interactive, run_main};
pub use self::error::{quote, Error};
pub use self::hash::{FxHashMap, FxHasher};
pub use self::input::{read_stdin, Line, Scanner, WholeStdin};
pub use self::int::Int;
pub use self::interactive::LineInput;
pub use self::output::Output;
