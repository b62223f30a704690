//! The oracle behind the solver's I/O: reads a field on stdin, prints its chain steps.

use std::process::ExitCode;

fn main() -> ExitCode {
    let input = match judge_io::read_stdin() {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("error: {}", e);
            return ExitCode::FAILURE;
        }
    };
    match boj_11559::parse(&input) {
        Ok(field) => {
            println!("{}", boj_11559::naive::solve(&field));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {}", e);
            ExitCode::FAILURE
        }
    }
}
