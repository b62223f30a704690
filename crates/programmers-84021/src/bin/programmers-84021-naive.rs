//! The brute-force oracle behind the solver's stdin/stdout format.

fn main() -> std::process::ExitCode {
    judge_io::run_main(|input, out| {
        let (game_board, table) = programmers_84021::parse(input)?;
        out.int(programmers_84021::naive::solve(&game_board, &table)).newline();
        Ok(())
    })
}
