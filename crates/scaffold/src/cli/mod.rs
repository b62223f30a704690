//! The command lines of `xtask new` and `xtask receive`: the one place their arguments are
//! parsed and their help and usage lines written. `scripts/new.sh` and `scripts/receive.sh`
//! pass their arguments through; xtask dispatches here. Below: [`crate::new`] (the makers),
//! [`crate::page_to_crate`] (a page's problem as a crate), [`crate::receive`] (the protocol).

pub mod new;
pub mod receive;
