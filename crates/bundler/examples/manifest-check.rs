//! Reads a crate manifest on stdin as the bundler reads it and prints how many path
//! dependencies and features it has and how many features its defaults turn on, one number a
//! line, or one `error:` line with the place and exit status 1: the manifest reader's I/O
//! contract, for the fuzzer (`cargo build -p bundler --example manifest-check; python3
//! ../shared/tools/fuzz.py target/debug/examples/manifest-check SEEDS 180 --format
//! boardcover`; seeds: Cargo.toml files renamed `*.in`).

use std::io::Read;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut text = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut text) {
        eprintln!("error: line 1, column 1: cannot read stdin as UTF-8 text: {e}");
        return ExitCode::FAILURE;
    }
    match bundler::manifest_text_check(&text) {
        Ok(counts) => {
            for count in counts {
                println!("{count}");
            }
            ExitCode::SUCCESS
        }
        Err((line, message)) => {
            // The TOML reader names its column; the manifest's own checks name the line.
            if message.starts_with("line ") {
                eprintln!("error: {message}");
            } else {
                eprintln!("error: line {line}, column 1: {message}");
            }
            ExitCode::FAILURE
        }
    }
}
