//! The generator: `boj-11559-gen SEED MODE [H W]` prints one field to stdout.

use boj_11559::gen;

fn main() -> std::process::ExitCode {
    judge_test::generator_main(|args| {
        let spec = gen::parse_args(args)?;
        Ok(gen::generate(&spec).text().into_bytes())
    })
}
