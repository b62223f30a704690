//! The fast solver against the oracle: every small settled field, then seeded random fields
//! of several sizes and kinds, then the long-chain constructions (whose step counts are also
//! checked against what they are built to make).
//!
//! `stress_random_fields` is what `scripts/stress.sh boj-11559` runs for longer (see
//! `judge_test::Stress` for the knobs); a deliberately wrong solver proves that the
//! comparison fails and that a failing field shrinks.

use boj_11559::gen::{self, Mode, Spec};
use boj_11559::{naive, parse, run, solve, Field};
use judge_io::Rng;
use judge_test::{RunFn, Stress};

/// Fails with the input when the solvers disagree (and with `claimed` if it is given).
#[track_caller]
fn compare(field: &Field, claimed: Option<u64>, what: &str) {
    let fast = solve(field.clone());
    let slow = naive::solve(field);
    assert_eq!(fast, slow, "{}: solver {} vs oracle {} on\n{}", what, fast, slow, field.text());
    if let Some(claimed) = claimed {
        assert_eq!(
            fast,
            claimed,
            "{}: built for {} steps, makes {}, on\n{}",
            what,
            claimed,
            fast,
            field.text()
        );
    }
}

#[test]
fn every_small_field() {
    // (h, w, colours): 3375 + 29791 + 28561 + 50625 + 16129 + 4096 + 3969 fields.
    for &(h, w, n_colours) in
        &[(3, 3, 2), (4, 3, 2), (2, 4, 3), (3, 4, 2), (6, 2, 2), (1, 6, 3), (5, 1, 3)]
    {
        let mut count = 0;
        gen::every_field(h, w, n_colours, |field| {
            count += 1;
            compare(field, None, &format!("every {}x{} field in {} colours", h, w, n_colours));
        });
        assert!(count > 0);
    }
}

/// One random field: sizes and kinds as the judge's and beyond, small enough for the oracle.
fn random_field(rng: &mut Rng) -> Vec<u8> {
    let (h, w) = match rng.index(4) {
        0 => (rng.range(1, 6) as usize, rng.range(1, 6) as usize),
        1 => (12, 6),
        2 => (rng.range(1, 20) as usize, rng.range(1, 20) as usize),
        _ => (rng.range(20, 40) as usize, rng.range(20, 40) as usize),
    };
    let mode = match rng.index(5) {
        0..=2 => Mode::Random,
        3 => Mode::Full,
        _ if (h, w) == (12, 6) => Mode::Judge,
        _ => Mode::Quiet,
    };
    gen::generate(&Spec { seed: rng.next_u64(), mode, height: h, width: w }).text().into_bytes()
}

#[test]
fn stress_random_fields() {
    Stress::new("boj-11559", random_field)
        .solver(run)
        .oracle(naive::run)
        .defaults(11559, 3000)
        .run();
}

#[test]
fn quiet_fields_never_pop() {
    let mut rng = Rng::new(5);
    for _ in 0..200 {
        let (h, w) = (rng.range(1, 30) as usize, rng.range(1, 30) as usize);
        let spec = Spec { seed: rng.next_u64(), mode: Mode::Quiet, height: h, width: w };
        compare(&gen::generate(&spec), Some(0), &format!("{:?}", spec));
    }
}

#[test]
fn a_wrong_solver_is_caught_and_shrunk() {
    // A plausible bug: a chain of two or more steps counted one short.
    let wrong: RunFn = |input, out| {
        let steps = solve(parse(input)?);
        out.int(if steps >= 2 { steps - 1 } else { steps }).newline();
        Ok(())
    };
    let failure = Stress::new("boj-11559-wrong", random_field)
        .solver(wrong)
        .oracle(naive::run)
        .defaults(11559, 3000)
        .find()
        .expect("fields with two chain steps come up");
    // Two groups of four stacked so that the second pops after the first: 2 x 4 cells at least.
    let shrunk = String::from_utf8_lossy(&failure.shrunk);
    assert!(failure.shrunk.len() <= 40, "shrunk only to\n{}", shrunk);
    println!(
        "boj-11559 wrong solver: {} bytes shrunk to {}:\n{}",
        failure.input.len(),
        failure.shrunk.len(),
        shrunk
    );
}

#[test]
fn constructed_chains_make_their_claimed_length() {
    let mut rng = Rng::new(7);
    for &(h, w) in &[(8, 1), (8, 2), (12, 6), (13, 5), (27, 3), (60, 40), (41, 17)] {
        let (field, steps) = gen::wells(&mut rng, h, w);
        compare(&field, Some(steps), &format!("wells {}x{}", h, w));
    }
    assert_eq!(gen::wells(&mut rng, 1000, 1000).1, 199_999);
    for &(h, w) in &[(4, 2), (4, 9), (12, 6), (30, 50), (7, 120)] {
        let (field, steps) = gen::stairs(&mut rng, h, w);
        assert_eq!(steps, w as u64 - 1);
        compare(&field, Some(steps), &format!("stairs {}x{}", h, w));
    }
    for &(h, w) in &[(4, 4), (12, 6), (10, 20), (9, 31)] {
        let (field, steps) = gen::twin(&mut rng, h, w);
        compare(&field, Some(steps), &format!("twin {}x{}", h, w));
    }
}

#[test]
fn the_long_chain_at_full_size() {
    // Too long for the oracle (about 2 * 10^11 cell visits); the fast solver must reach the
    // built-in count, which the oracle confirmed at the smaller sizes above.
    let (field, steps) = gen::wells(&mut Rng::new(1), 1000, 1000);
    assert_eq!(solve(field), steps);
}
