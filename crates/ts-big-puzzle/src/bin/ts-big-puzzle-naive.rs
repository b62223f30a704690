//! The brute-force oracle behind the solver's driver format, for checking testdata.

use ts_big_puzzle::naive::Naive;

fn main() -> std::process::ExitCode {
    judge_io::run_main(|input, out| ts_big_puzzle::run_with(&mut Naive::new(), input, out))
}
