//! The whole `main` of a judge binary.

use std::io::{self, StdinLock, StdoutLock};
use std::process::ExitCode;

use super::error::Error;
use super::output::Output;
use super::stdin;
use super::stream::StreamInput;

/// Loads all of stdin (mapped if it is a file, else read), calls `run` on it with a buffered
/// stdout, flushes, and turns an error into one `error: ...` line on stderr and exit status 1.
///
/// What `run` wrote before failing is flushed first, so answers for earlier valid cases stay
/// printed. A binary's `main` is then one line:
/// `fn main() -> ExitCode { judge_io::run_main(my_problem::run) }`.
pub fn run_main<F>(run: F) -> ExitCode
where
    F: FnOnce(&[u8], &mut Output<StdoutLock<'static>>) -> Result<(), Error>,
{
    let mut read = Vec::new();
    let mut out = Output::new(io::stdout().lock());
    let result = stdin::load(&mut read).and_then(|input| run(input, &mut out));
    finish(result, &mut out)
}

/// [`run_main`] with stdin read as it arrives, through a small buffer ([`StreamInput`]): for
/// interactive problems (`run` must [`flush`](Output::flush) its output before waiting for
/// each reply), and for parsing a large input in bounded memory.
/// `fn main() -> ExitCode { judge_io::run_stream(my_problem::play) }`.
pub fn run_stream<F>(run: F) -> ExitCode
where
    F: FnOnce(
        &mut StreamInput<StdinLock<'static>>,
        &mut Output<StdoutLock<'static>>,
    ) -> Result<(), Error>,
{
    let mut input = StreamInput::new(io::stdin().lock());
    let mut out = Output::new(io::stdout().lock());
    let result = run(&mut input, &mut out);
    finish(result, &mut out)
}

/// Flushes what `run` wrote, then reports the first error, if any, as one `error:` line.
fn finish<W: io::Write>(result: Result<(), Error>, out: &mut Output<W>) -> ExitCode {
    let flushed = out.flush().map_err(|e| Error::new(format!("cannot write output: {}", e)));
    match flushed.and(result) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", e);
            ExitCode::FAILURE
        }
    }
}
