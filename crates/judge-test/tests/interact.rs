//! The in-process interactive harness on guess the number: a right solver is accepted on every
//! hidden number, each kind of failure ends the play with its reason (never a hang), and the
//! interactive stress engine catches and shrinks a wrong solver.

use std::io::{Read, Write};

use judge_io::{Error, Output, Rng, Scanner, StreamInput};
use judge_test::{interact, InteractiveStress, SolverInput, SolverOutput, StreamRunFn};

fn cannot_write(e: std::io::Error) -> Error {
    Error::new(format!("cannot write output: {e}"))
}

/// Binary search on the replies; `top` is where the search starts above (N, or N - 1 for the
/// planted bug).
fn search<R: Read, W: Write>(
    input: &mut StreamInput<R>,
    out: &mut Output<W>,
    off_by_one: bool,
) -> Result<(), Error> {
    let n: u64 = input.int()?;
    let (mut low, mut high) = (1, if off_by_one { n - 1 } else { n });
    while low <= high {
        let mid = low + (high - low) / 2;
        out.str("? ").int(mid).newline();
        out.flush().map_err(cannot_write)?;
        match input.token("a reply")? {
            b"higher" => low = mid + 1,
            b"lower" => high = mid - 1,
            b"correct" => return Ok(()),
            _ => return Err(input.error_at_token("expected higher, lower or correct")),
        }
    }
    Err(Error::new("the replies contradict each other"))
}

fn guess<R: Read, W: Write>(input: &mut StreamInput<R>, out: &mut Output<W>) -> Result<(), Error> {
    search(input, out, false)
}

/// The interactor: the case is `N X` (1 <= X <= N <= 10^9); guesses are `? g` in 1..=N, at most
/// the binary-search bound, and the solver must stop at `correct`.
fn judge<R: Read, W: Write>(
    case: &[u8],
    solver: &mut StreamInput<R>,
    out: &mut Output<W>,
) -> Result<(), Error> {
    let mut sc = Scanner::new(case);
    let n: u64 = sc.int()?;
    let hidden: u64 = sc.int()?;
    sc.expect_end()?;
    if !(1..=1_000_000_000).contains(&n) || !(1..=n).contains(&hidden) {
        return Err(Error::new(format!(
            "the case: need 1 <= X <= N <= 10^9, found N {n}, X {hidden}"
        )));
    }
    out.int(n).newline();
    out.flush().map_err(cannot_write)?;
    let max_guesses = 64 - n.leading_zeros();
    for _ in 0..max_guesses {
        if solver.token("a guess")? != b"?" {
            return Err(solver.error_at_token("expected ?"));
        }
        let g: u64 = solver.int()?;
        if !(1..=n).contains(&g) {
            return Err(solver.error_at_token(format!("guess {g} is outside 1..={n}")));
        }
        let reply = match g.cmp(&hidden) {
            std::cmp::Ordering::Less => "higher",
            std::cmp::Ordering::Greater => "lower",
            std::cmp::Ordering::Equal => "correct",
        };
        out.str(reply).newline();
        out.flush().map_err(cannot_write)?;
        if g == hidden {
            return if solver.at_end()? {
                Ok(())
            } else {
                Err(solver.error_at_token("expected the end after correct"))
            };
        }
    }
    Err(Error::new(format!("more than {max_guesses} guesses")))
}

#[test]
fn a_right_solver_is_accepted_on_every_hidden_number() {
    for n in [1, 2, 7, 100] {
        for hidden in 1..=n {
            let play = interact(format!("{n} {hidden}\n").as_bytes(), guess, judge);
            assert_eq!(play.verdict, Ok(()), "n={n} x={hidden}:\n{}", play.transcript);
        }
    }
    let play = interact(b"1000000000 999999999", guess, judge);
    assert_eq!(play.verdict, Ok(()));
    assert!(play.transcript.lines().count() <= 1 + 2 * 30, "{}", play.transcript);
}

#[test]
fn each_failure_ends_the_play_with_its_reason() {
    let out_of_range: StreamRunFn = |input, out| {
        let n: u64 = input.int()?;
        out.str("? ").int(n + 1).newline();
        out.flush().map_err(cannot_write)?;
        input.token("a reply").map(|_| ())
    };
    let play = interact(b"10 3\n", out_of_range, judge);
    assert_eq!(
        play.verdict,
        Err("the interactor rejects: line 1, column 3: guess 11 is outside 1..=10; the solver \
             stops with error: line 2, column 1: expected a reply, found end of input"
            .to_string())
    );
    assert_eq!(play.last_lines(1), "(1 earlier line)\n> ? 11\n");

    let forgets_to_flush: StreamRunFn = |input, out| {
        let _n: u64 = input.int()?;
        out.str("? 1").newline();
        input.token("a reply").map(|_| ())
    };
    let why = interact(b"10 3\n", forgets_to_flush, judge).verdict.unwrap_err();
    assert!(why.starts_with("both sides wait for input (did the solver flush"), "{why}");

    let crashes: StreamRunFn = |input, _| {
        let n: u64 = input.int()?;
        assert!(n < 5, "n is too big");
        Ok(())
    };
    let why = interact(b"10 3\n", crashes, judge).verdict.unwrap_err();
    assert!(why.starts_with("the solver crashes: panicked: n is too big; "), "{why}");

    let talks_on: StreamRunFn = |input, out| {
        guess(input, out)?;
        out.str("? 1").newline();
        Ok(())
    };
    let why = interact(b"10 3\n", talks_on, judge).verdict.unwrap_err();
    assert!(why.contains("expected the end after correct"), "{why}");

    let why = interact(b"10 11\n", guess, judge).verdict.unwrap_err();
    assert!(why.contains("the case: need 1 <= X <= N"), "{why}");
}

fn random_case(rng: &mut Rng) -> Vec<u8> {
    let n = rng.range(1, 1000);
    format!("{} {}\n", n, rng.range(1, n)).into_bytes()
}

#[test]
fn stress_the_right_solver() {
    InteractiveStress::new("guess", random_case)
        .solver(guess)
        .oracle(guess)
        .interactor(judge)
        .defaults(5, 300)
        .run();
}

#[test]
fn a_wrong_solver_is_caught_and_shrunk() {
    std::env::set_var("STRESS_DIR", std::env::temp_dir().join("judge-test-interact"));
    let wrong: StreamRunFn =
        |input: &mut SolverInput, out: &mut SolverOutput| search(input, out, true);
    let failure = InteractiveStress::new("guess-wrong", random_case)
        .solver(wrong)
        .oracle(guess)
        .interactor(judge)
        .defaults(5, 1000)
        .find()
        .expect("X = N comes up");
    // X = N = 1 is the smallest case: the search starts empty.
    assert_eq!(String::from_utf8_lossy(&failure.shrunk), "1 1\n", "{}", failure.report);
    assert!(
        failure.report.contains("--- the exchange (> solver, < interactor)\n< 1\n"),
        "{}",
        failure.report
    );
    assert!(failure.report.contains("--- verdict: the interactor rejects: line 1, column 1: expected a guess, found end of input"), "{}", failure.report);
}
