//! The generator: `programmers-84021-gen SEED MODE [options]` prints one input to stdout.

use programmers_84021::gen;

fn main() -> std::process::ExitCode {
    judge_test::generator_main(|args| {
        let (seed, spec) = gen::parse_args(args)?;
        let (game_board, table) = gen::generate(seed, &spec);
        Ok(gen::render(&game_board, &table))
    })
}
