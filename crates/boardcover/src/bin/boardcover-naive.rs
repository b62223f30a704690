//! The brute-force oracle behind the solver's input and output format.

fn main() -> std::process::ExitCode {
    judge_io::run_main(|input, out| boardcover::run_with(input, out, boardcover::naive::count))
}
