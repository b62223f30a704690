//! The brute-force oracle behind the solver's stdin/stdout format.

use std::process::ExitCode;

use judge_io::{Error, Output};

/// Parses with the solver's parser, answers with the oracle.
fn run<W: std::io::Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    let (game_board, table) = programmers_84021::parse(input)?;
    out.int(programmers_84021::naive::solve(&game_board, &table)).newline();
    Ok(())
}

fn main() -> ExitCode {
    let input = match judge_io::read_stdin() {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("error: {}", e);
            return ExitCode::FAILURE;
        }
    };
    let mut out = Output::new(std::io::stdout().lock());
    let result = run(&input, &mut out);
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
