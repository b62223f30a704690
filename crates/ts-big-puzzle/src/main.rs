//! The big jigsaw puzzle: plays the judge's init/put calls from stdin, one result per put.

fn main() -> std::process::ExitCode {
    judge_io::run_main(ts_big_puzzle::run)
}
