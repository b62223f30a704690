//! The brute-force oracle behind the solver's driver format, for checking testdata.

use std::process::ExitCode;

use ts_big_puzzle::naive::Naive;

fn main() -> ExitCode {
    let input = match judge_io::read_stdin() {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("error: {}", e);
            return ExitCode::FAILURE;
        }
    };
    let mut out = judge_io::Output::new(std::io::stdout().lock());
    let result = ts_big_puzzle::run_with(&mut Naive::new(), &input, &mut out);
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
