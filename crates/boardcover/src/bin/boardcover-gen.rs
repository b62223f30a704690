//! `boardcover-gen SEED MODE ARGS...`: prints one generated input file (see `boardcover::gen`).

use boardcover::gen;

fn main() -> std::process::ExitCode {
    judge_test::generator_main(|args| {
        let (seed, mode) = gen::parse_args(args).map_err(|e| e.to_string())?;
        Ok(gen::render_input(&gen::generate(seed, &mode)).into_bytes())
    })
}
