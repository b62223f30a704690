//! New crates: what `scripts/new.sh` and `scripts/receive.sh` make.
//!
//! From the top down (each imports only the ones below it):
//! - [`cli`]: the command lines of `xtask new` and `xtask receive`: arguments, help, usage.
//! - [`page_to_crate`]: a problem from its page ([`receive::Problem`]) as a
//!   [`new::ProblemSpec`], made into a crate; [`page_to_crate::Workspace`] is the receiver's
//!   sink that does it for each batch.
//! - [`new`]: the makers: a problem crate from a [`new::ProblemSpec`] (every file or none, an
//!   existing crate never overwritten), the kit stress testing needs, a library crate.
//! - [`receive`]: the protocol: the documents the Competitive Companion browser extension
//!   sends (samples, limits, kind), read and checked, named from their URLs, and received on
//!   the loopback interface.
//! - [`names`]: what a crate may be called (cargo's rules and the workspace's).
//!
//! A workspace tool: std only, never bundled, not a library for problems.

pub mod cli;
#[cfg(test)]
mod every_profile;
pub mod names;
pub mod new;
pub mod page_to_crate;
pub mod receive;
#[cfg(test)]
mod test_root;
