//! The generator: `programmers-84021-gen SEED MODE [options]` prints one input to stdout.

use std::io::Write;
use std::process::ExitCode;

use programmers_84021::gen;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (seed, spec) = match gen::parse_args(&args) {
        Ok(parsed) => parsed,
        Err(e) => {
            eprintln!("error: {}", e);
            return ExitCode::FAILURE;
        }
    };
    let (game_board, table) = gen::generate(seed, &spec);
    let text = gen::render(&game_board, &table);
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_all(&text).and_then(|()| stdout.flush()) {
        eprintln!("error: cannot write output: {}", e);
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
