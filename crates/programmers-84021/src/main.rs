//! Programmers 84021 (fill the puzzle pieces): two grid literals on stdin, the filled cell count on stdout.

fn main() -> std::process::ExitCode {
    judge_io::run_main(programmers_84021::run)
}
