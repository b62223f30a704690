//! Running code whose panics are expected (a solver under stress may crash): the panic is
//! caught and told as a message, and kept off stderr, since the report shows it.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    /// Set while this thread runs code whose panics are caught and reported.
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f`; a panic becomes `Err("panicked: <message>")`, and prints nothing.
pub(crate) fn catch_quietly<T, F: FnOnce() -> T>(f: F) -> Result<T, String> {
    install_quiet_hook();
    let was_quiet = QUIET.with(|quiet| quiet.replace(true));
    let result = catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|quiet| quiet.set(was_quiet));
    result.map_err(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string());
        format!("panicked: {message}")
    })
}

/// Installs (once) a panic hook that stays silent on threads inside [`catch_quietly`] and
/// leaves every other panic to the hook before it.
fn install_quiet_hook() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(Cell::get) {
                previous(info);
            }
        }));
    });
}
