//! BOJ 11559 Puyo Puyo: how many chain steps a settled field of puyos makes.
//!
//! One step pops every group of at least [`MIN_GROUP`] same-coloured puyos connected through
//! sides, all at once (however many groups, one step), and then every puyo falls straight
//! down. The judge's field is 12 x 6 with colours `RGBPY`; this crate takes any rectangular
//! field and any uppercase letters, and after the first step a step costs what it changes
//! (popped, moved and newly touching puyos), never the whole field: [`solve`] tells how.
//!
//! [`run`] is the whole program without I/O: [`parse`], [`solve`], then the answer line.
//! [`naive`] is the oracle and [`gen`] the seeded generator; no submission contains them.

mod chain;
mod field;
pub mod gen;
pub mod naive;

pub use self::chain::solve;
pub use self::field::{parse, Cell, Colour, Field, Pos, MIN_GROUP};

/// Reads a field from `input` and writes its number of chain steps and a newline to `out`.
///
/// # Errors
/// Any input that is not a rectangular settled field (see [`parse`]), with its line and
/// column; nothing is written then.
pub fn run<W: std::io::Write>(
    input: &[u8],
    out: &mut judge_io::Output<W>,
) -> Result<(), judge_io::Error> {
    let field = parse(input)?;
    out.int(solve(field)).newline();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::run;

    /// Runs the program on `input`: `expected` is its whole output, or the error's text.
    #[track_caller]
    fn check(input: &str, expected: &str) {
        let mut out = judge_io::Output::new(Vec::new());
        let got = match run(input.as_bytes(), &mut out) {
            Ok(()) => String::from_utf8(out.into_inner().expect("in memory")).expect("ASCII"),
            Err(e) => e.to_string(),
        };
        assert_eq!(got, expected, "input:\n{}", input);
    }

    #[test]
    fn sample() {
        let sample = "......\n......\n......\n......\n......\n......\n......\n......\n\
                      .Y....\n.YG...\nRRYG..\nRRYGG.\n";
        check(sample, "3\n");
    }

    #[test]
    fn small_fields() {
        check("R\n", "0\n");
        check("RRRR\n", "1\n");
        check("RRR\n", "0\n");
        check("R\nR\nR\nR\n", "1\n");
        // Two groups in the same step are one chain.
        check("RRRRGGGG\n", "1\n");
        check("RG\nRG\nRG\nRG\n", "1\n");
        // The reds pop and drop G beside the greens: two steps.
        check("G.\nR.\nRG\nRG\nRG\n", "2\n");
        // Groups of more than four pop too.
        check("Q.\nQQ\nQQ\n", "1\n");
        // Diagonal contact does not connect.
        check("BRBR\nRBRB\n", "0\n");
        check("R.R\nRRR\n", "1\n");
    }

    #[test]
    fn bad_input_is_an_error_with_a_place() {
        check("", "line 1, column 1: expected a field of '.' and A-Z, found end of input");
        check("RR\nR\n", "line 2, column 2: expected 2 cells, found 1");
        check("R.\n.x\n", "line 2, column 2: expected '.' or A-Z, found 'x'");
        check(
            "R.\n.G\n",
            "line 1, column 1: expected a settled field, found 'R' above an empty cell",
        );
    }
}
