//! The judge's facts, in one place that both the tools and the test harness read:
//!
//! - [`profiles`]: the judges the workspace knows (rustc version, edition, flags, limits).
//! - [`problem`]: what each crate is (problem, library, tool), and a problem's
//!   `[package.metadata.judge]`: its profile, limits, checker and kind.
//! - [`checker`]: the checker grammar (`exact`, `tokens`, `floats ABS REL`, `yes-no`,
//!   `binary`) and the built-in checkers.
//! - [`protocol`]: how checker programs and interactors talk, and [`OutputChecker`], the one
//!   way an output is judged.
//! - [`manifest`] over [`toml`]: every `Cargo.toml`, read and parsed once per process.
//! - [`json`]: the one JSON reader: Competitive Companion's documents, rustc's diagnostics,
//!   cargo's messages; errors name the line, the column and the field's path.
//!
//! It never reaches a bundle, and depends on nothing but std.

pub mod checker;
pub mod json;
pub mod manifest;
pub mod problem;
pub mod profiles;
pub mod protocol;
pub mod toml;

pub use checker::{Checker, CheckerSpec};
pub use problem::{ProblemMeta, Role, Scale};
pub use profiles::Profile;
pub use protocol::{CaseInput, CheckFn, OutputChecker};
