//! `ts-big-puzzle-gen SEED MODE [options]`: prints one driver input; same arguments, same bytes.

use ts_big_puzzle::gen;

fn main() -> std::process::ExitCode {
    judge_test::generator_main(|args| {
        let (seed, config) = gen::parse_args(args)?;
        Ok(gen::generate(seed, &config).into_bytes())
    })
}
