//! The generator: `boj-11559-gen SEED MODE [H W]` prints one field to stdout.

use std::io::Write;
use std::process::ExitCode;

use boj_11559::gen;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let spec = match gen::parse_args(&args) {
        Ok(spec) => spec,
        Err(e) => {
            eprintln!("error: {}", e);
            return ExitCode::FAILURE;
        }
    };
    let text = gen::generate(&spec).to_string();
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        eprintln!("error: cannot write output: {}", e);
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
