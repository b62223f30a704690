//! BOJ 11559 Puyo Puyo: reads a settled field on stdin and prints its number of chain steps.

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
    let result = boj_11559::run(&input, &mut out);
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
