//! Why a maker stopped: a bad argument (the caller prints its usage line) or a failure on the
//! way (nothing was left half-made).

/// Why `new` stopped.
#[derive(Debug, PartialEq, Eq)]
pub enum NewError {
    /// A bad argument: the usage line follows, exit status 2.
    BadArgument(String),
    /// Something failed on the way (nothing was left half-made).
    Failed(String),
}
