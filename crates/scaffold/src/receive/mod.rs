//! Problems from the page (see `WORKSPACE.md`, "Problems from the page").
pub mod json;
pub mod naming;
pub mod payload;
