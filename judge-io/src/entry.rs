//! The whole `main` of a judge binary.

use std::io::{self, StdoutLock};
use std::process::ExitCode;

use super::error::Error;
use super::input::WholeStdin;
use super::output::Output;

/// Loads all of stdin ([`WholeStdin`]: mapped from a file, or read), calls `run` on it with a buffered stdout, flushes, and turns an error
/// into one `error: ...` line on stderr and exit status 1.
///
/// What `run` wrote before failing is flushed first, so answers for earlier valid cases stay
/// printed. A binary's `main` is then one line:
/// `fn main() -> ExitCode { judge_io::run_main(my_problem::run) }`.
pub fn run_main<F>(run: F) -> ExitCode
where
    F: FnOnce(&[u8], &mut Output<StdoutLock<'static>>) -> Result<(), Error>,
{
    let input = match WholeStdin::load() {
        Ok(bytes) => bytes,
        Err(e) => return fail(&e),
    };
    let mut out = Output::new(io::stdout().lock());
    let result = run(&input, &mut out);
    if let Err(e) = out.flush() {
        return fail(&Error::new(format!("cannot write output: {}", e)));
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

fn fail(error: &Error) -> ExitCode {
    eprintln!("error: {}", error);
    ExitCode::FAILURE
}
