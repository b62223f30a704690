//! BOJ 11559 Puyo Puyo: reads a settled field on stdin and prints its number of chain steps.

fn main() -> std::process::ExitCode {
    judge_io::run_main(boj_11559::run)
}
