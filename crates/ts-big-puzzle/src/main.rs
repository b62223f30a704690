//! The big jigsaw puzzle: plays the judge's init/put calls from stdin, one result per put.

use std::process::ExitCode;

fn main() -> ExitCode {
    let input = match judge_io::read_stdin() {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("error: {}", e);
            return ExitCode::FAILURE;
        }
    };
    let mut out = judge_io::Output::new(std::io::stdout().lock());
    let result = ts_big_puzzle::run(&input, &mut out);
    // Answers for earlier valid calls are flushed even when later input is bad.
    if let Err(e) = out.flush() {
        eprintln!("error: cannot write output: {}", e);
        return ExitCode::FAILURE;
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", e);
            ExitCode::FAILURE
        }
    }
}
