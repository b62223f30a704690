//! `ts-big-puzzle-gen SEED MODE [options]`: prints one driver input; same arguments, same bytes.

use std::io::Write;
use std::process::ExitCode;

use ts_big_puzzle::gen;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (seed, config) = match gen::parse_args(&args) {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("error: {}", message);
            return ExitCode::FAILURE;
        }
    };
    let text = gen::generate(seed, &config);
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    if let Err(e) = lock.write_all(text.as_bytes()).and_then(|()| lock.flush()) {
        eprintln!("error: cannot write output: {}", e);
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
