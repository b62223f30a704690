//! The makers: a problem crate that is only its solution and its samples, the kit that stress
//! testing needs added to a problem when it needs it, or a library crate; each passes fmt,
//! clippy and its checks at once. No command line here ([`crate::cli`] is above).
//!
//! A problem ([`make_problem`], from a [`ProblemSpec`] that the command line or a problem's
//! page fills) is `Cargo.toml`, `src/main.rs` (which stays as it is), `src/lib.rs` (the input
//! declared with `input!`, `solve`, `render`: the one file to edit) and its samples,
//! `testdata/NAME/sample-K.in`/`.out`; an interactive one adds the judge's side,
//! `src/interactor.rs` and its binary, since its samples give no verdict without one.
//!
//! - `problem.rs`: [`make_problem`]; `samples.rs`: a crate that exists compared with the
//!   given samples ([`SampleReport`]); `library.rs`: [`make_library`];
//!   [`kit`]: `--kit`, with the generator it derives from `input!` (`derive.rs`).
//! - `files.rs`: templates (from `templates/`) filled in and formatted; `stage.rs`: every file
//!   or none, staged then moved into place; `text.rs`: a page's text as it goes into files;
//!   `error.rs`: [`NewError`]; `limits.rs`: an existing crate's limits against the page's,
//!   and [`take_limits`].
//!
//! This file only declares and re-exports: the files above import one another downward.

mod derive;
mod error;
mod files;
pub mod kit;
mod library;
mod limits;
mod problem;
mod samples;
mod stage;
mod text;

pub use error::NewError;
pub use library::make_library;
pub use limits::{take_limits, Limits};
pub use problem::{make_problem, Created, Made, ProblemSpec};
pub use samples::SampleReport;
pub use text::comment_text;

#[cfg(test)]
mod tests;
