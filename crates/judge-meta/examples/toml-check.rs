//! Reads a TOML document on stdin and prints the line of each top-level entry, or one `error:`
//! line with the place and exit status 1: the TOML reader's I/O contract, for the fuzzer
//! (`python3 ../shared/tools/fuzz.py target/debug/examples/toml-check SEEDS 300 --format
//! boardcover`, whose checks of one number a line fit this output; seeds: Cargo.toml files
//! renamed `*.in`).

use std::io::Read;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut bytes = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut bytes) {
        eprintln!("error: cannot read stdin: {e}");
        return ExitCode::FAILURE;
    }
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let valid = &e.as_bytes()[..at];
            let line = 1 + valid.iter().filter(|&&b| b == b'\n').count();
            let start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let column = at - start + 1;
            eprintln!("error: line {line}, column {column}: expected UTF-8 text");
            return ExitCode::FAILURE;
        }
    };
    match judge_meta::toml::parse(&text) {
        Ok(table) => {
            // One number a line: the line of each top-level entry.
            for entry in table.entries() {
                println!("{}", entry.line);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
