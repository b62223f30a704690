//! BOARDCOVER: reads the boards from stdin and prints each one's number of L-tromino tilings.

fn main() -> std::process::ExitCode {
    judge_io::run_main(boardcover::run)
}
