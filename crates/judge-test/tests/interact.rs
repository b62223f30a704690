//! The in-process interactive harness on guess the number: a right solver is accepted on every
//! hidden number, each kind of failure ends the play with its reason (never a hang), and the
//! interactive stress engine catches and shrinks a wrong solver.

use judge_io::{Error, Rng};
use judge_test::guess::{guess, interactor, search};
use judge_test::{interact, InteractiveStress, SolverInput, SolverOutput, StreamRunFn};

fn cannot_write(e: std::io::Error) -> Error {
    Error::new(format!("cannot write output: {e}"))
}

#[test]
fn a_right_solver_is_accepted_on_every_hidden_number() {
    for n in [1, 2, 7, 100] {
        for hidden in 1..=n {
            let play = interact(format!("{n} {hidden}\n").as_bytes(), guess, interactor);
            assert_eq!(play.verdict, Ok(()), "n={n} x={hidden}:\n{}", play.transcript);
        }
    }
    let play = interact(b"1000000000 999999999", guess, interactor);
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
    let play = interact(b"10 3\n", out_of_range, interactor);
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
    let why = interact(b"10 3\n", forgets_to_flush, interactor).verdict.unwrap_err();
    assert!(why.starts_with("both sides wait for input (did the solver flush"), "{why}");

    let crashes: StreamRunFn = |input, _| {
        let n: u64 = input.int()?;
        assert!(n < 5, "n is too big");
        Ok(())
    };
    let why = interact(b"10 3\n", crashes, interactor).verdict.unwrap_err();
    assert!(why.starts_with("the solver crashes: panicked: n is too big; "), "{why}");

    let talks_on: StreamRunFn = |input, out| {
        guess(input, out)?;
        out.str("? 1").newline();
        Ok(())
    };
    let why = interact(b"10 3\n", talks_on, interactor).verdict.unwrap_err();
    assert!(why.contains("expected the end after correct"), "{why}");

    let why = interact(b"10 11\n", guess, interactor).verdict.unwrap_err();
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
        .interactor(interactor)
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
        .interactor(interactor)
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
