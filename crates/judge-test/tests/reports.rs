//! Every stress report is true: a command that reproduces the failure (this test's own, since
//! `scripts/stress.sh` would not run it), "not shrunk" when nothing smaller fails, an oracle
//! that crashes is a failure (never a silently invalid case), and a run that judged nothing
//! never says the solver agrees.

use judge_io::{Error, Output, Rng, Scanner};
use judge_test::guess::{guess, interactor};
use judge_test::{InteractiveStress, RunFn, StreamRunFn, Stress};

/// One number n in 0..=9; the answer is n + 1.
fn next(input: &[u8], out: &mut Output<Vec<u8>>) -> Result<(), Error> {
    let n: u64 = Scanner::new(input).int()?;
    if n > 9 {
        return Err(Error::new("n must be in 0..=9"));
    }
    out.int(n + 1).newline();
    Ok(())
}

fn digit(rng: &mut Rng) -> Vec<u8> {
    format!("{}\n", rng.below(10)).into_bytes()
}

/// Wrong on 7.
fn wrong_on_seven(input: &[u8], out: &mut Output<Vec<u8>>) -> Result<(), Error> {
    if input == b"7\n" {
        out.str("0\n");
        return Ok(());
    }
    next(input, out)
}

fn in_temp_dir() {
    std::env::set_var("STRESS_DIR", std::env::temp_dir().join("judge-test-reports"));
}

#[test]
fn a_planted_wrong_solver_is_reproduced_by_its_own_test() {
    in_temp_dir();
    let failure = Stress::new("reports-wrong", digit)
        .solver(wrong_on_seven)
        .oracle(next)
        .defaults(3, 500)
        .find()
        .expect("7 comes up");
    let reproduce = format!(
        "\nreproduce: STRESS_SEED=3 STRESS_CASES={} STRESS_SECONDS=0 cargo test -p judge-test \
         --test reports -- --exact a_planted_wrong_solver_is_reproduced_by_its_own_test\n",
        failure.case + 1
    );
    assert!(failure.report.contains(&reproduce), "{}", failure.report);
    assert!(!failure.report.contains("scripts/stress.sh"), "{}", failure.report);
}

#[test]
fn an_interactive_case_that_cannot_shrink_is_said_not_to_have_shrunk() {
    in_temp_dir();
    // Never asks: the interactor waits for a guess, and the solver ends.
    let silent: StreamRunFn = |input, _| {
        let _n: u64 = input.int()?;
        Ok(())
    };
    let failure = InteractiveStress::new("reports-no-shrink", |_: &mut Rng| b"1 1\n".to_vec())
        .solver(silent)
        .oracle(guess)
        .interactor(interactor)
        .defaults(1, 3)
        .find()
        .expect("the silent solver fails");
    assert_eq!(failure.shrunk, b"1 1\n");
    assert!(failure.report.contains("\nnot shrunk: none of the "), "{}", failure.report);
    assert!(failure.report.contains("\n--- failing input\n1 1\n"), "{}", failure.report);
    assert!(!failure.report.contains("shrunk in"), "{}", failure.report);
}

#[test]
fn a_batch_case_that_cannot_shrink_is_said_not_to_have_shrunk() {
    in_temp_dir();
    let failure = Stress::new("reports-batch-no-shrink", |_: &mut Rng| b"7\n".to_vec())
        .solver(wrong_on_seven)
        .oracle(next)
        .defaults(1, 5)
        .find()
        .expect("7 fails");
    assert_eq!(failure.shrunk, b"7\n");
    assert!(failure.report.contains("\nnot shrunk: none of the "), "{}", failure.report);
}

#[test]
fn an_oracle_that_crashes_fails_the_run() {
    in_temp_dir();
    let crashes_on_seven: RunFn = |input, out| {
        assert!(input != b"7\n", "the oracle's own bug");
        next(input, out)
    };
    let failure = Stress::new("reports-oracle-crash", digit)
        .solver(next)
        .oracle(crashes_on_seven)
        .defaults(1, 200)
        .find()
        .expect("7 comes up, and the oracle's crash is a failure");
    let verdict = "--- verdict: the oracle crashes: panicked: the oracle's own bug";
    assert!(failure.report.contains(verdict), "{}", failure.report);
    assert_eq!(failure.shrunk, b"7\n");
}

#[test]
#[should_panic(expected = "all 5 cases run are invalid (case 0: n must be in 0..=9)")]
fn a_run_where_every_case_is_invalid_says_so_instead_of_agreeing() {
    in_temp_dir();
    Stress::new("reports-all-invalid", |_: &mut Rng| b"10\n".to_vec())
        .solver(next)
        .oracle(next)
        .defaults(1, 5)
        .run();
}

#[test]
#[should_panic(expected = "a stress test needs at least one case")]
fn a_stress_test_of_no_case_is_refused() {
    Stress::new("reports-no-case", digit).solver(next).oracle(next).defaults(1, 0).run();
}
