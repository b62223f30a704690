//! New crates: what `scripts/new.sh` and `scripts/receive.sh` make.
//!
//! - [`new`]: a problem crate from a [`new::ProblemSpec`] (every file or none, an existing
//!   crate never overwritten), the kit stress testing needs, a library crate; `xtask new`'s
//!   command line.
//! - [`receive`]: the documents the Competitive Companion browser extension sends (samples,
//!   limits, kind), read and checked, named, and received on the loopback interface.
//! - [`from_page`]: the two joined: a received problem becomes a crate (`xtask receive`, and
//!   `xtask new --from FILE` for a saved document).
//!
//! A workspace tool: std only, never bundled, not a library for problems.

#[cfg(test)]
mod every_profile;
pub mod from_page;
pub mod new;
pub mod receive;
