//! BOARDCOVER: reads the boards from stdin and prints each one's number of L-tromino tilings.
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
    let result = boardcover::run(&input, &mut out);
    // Answers for earlier valid cases are flushed even when a later case is bad.
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
