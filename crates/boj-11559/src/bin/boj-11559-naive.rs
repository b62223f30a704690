//! The oracle behind the solver's I/O: reads a field on stdin, prints its chain steps.

fn main() -> std::process::ExitCode {
    judge_io::run_main(|input, out| {
        let field = boj_11559::parse(input)?;
        out.int(boj_11559::naive::solve(&field)).newline();
        Ok(())
    })
}
