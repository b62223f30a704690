//! What makes a problem crate from a problem's page: `receive` reads the documents the
//! Competitive Companion browser extension sends (samples, limits, kind), checks them, names
//! the crate and the judge, and listens for them on the loopback interface.
//!
//! A workspace tool: std only, never bundled, not a library for problems.

pub mod receive;
