//! `boardcover-gen SEED MODE ARGS...`: prints one generated input file (see `boardcover::gen`).
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (seed, mode) = match boardcover::gen::parse_args(&args) {
        Ok(parsed) => parsed,
        Err(e) => {
            eprintln!("error: {}", e);
            return ExitCode::FAILURE;
        }
    };
    let text = boardcover::gen::render_input(&boardcover::gen::generate(seed, &mode));
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    if let Err(e) = lock.write_all(text.as_bytes()).and_then(|()| lock.flush()) {
        eprintln!("error: cannot write output: {}", e);
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
