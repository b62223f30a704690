//! The fast solver against the oracle: every small settled field, then seeded random fields
//! of several sizes and kinds, then the long-chain constructions (whose step counts are also
//! checked against what they are built to make).
//!
//! `STRESS_SEED` / `STRESS_CASES` change the seed and the number of random cases
//! (`scripts/stress.sh boj-11559 100000` runs many more in release mode).

use boj_11559::gen::{self, Mode, Spec};
use boj_11559::{naive, solve, Field};
use judge_io::testing::{stress_knobs, Rng};

/// Fails with the input when the solvers disagree (and with `claimed` if it is given).
#[track_caller]
fn compare(field: &Field, claimed: Option<u64>, what: &str) {
    let fast = solve(field.clone());
    let slow = naive::solve(field);
    assert_eq!(fast, slow, "{}: solver {} vs oracle {} on\n{}", what, fast, slow, field);
    if let Some(claimed) = claimed {
        assert_eq!(
            fast, claimed,
            "{}: built for {} steps, makes {}, on\n{}",
            what, claimed, fast, field
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

#[test]
fn seeded_random_fields() {
    let (seed, cases) = stress_knobs(11559, 3000);
    let mut rng = Rng::new(seed);
    for case in 0..cases {
        let case_seed = rng.next_u64();
        let mut case_rng = Rng::new(case_seed);
        let (h, w) = match case % 4 {
            0 => (case_rng.range(1, 6) as usize, case_rng.range(1, 6) as usize),
            1 => (12, 6),
            2 => (case_rng.range(1, 20) as usize, case_rng.range(1, 20) as usize),
            _ => (case_rng.range(20, 40) as usize, case_rng.range(20, 40) as usize),
        };
        let mode = match case % 5 {
            0..=2 => Mode::Random,
            3 => Mode::Full,
            _ if (h, w) == (12, 6) => Mode::Judge,
            _ => Mode::Quiet,
        };
        let spec = Spec { seed: case_seed, mode, height: h, width: w };
        let field = gen::generate(&spec);
        let claimed = if mode == Mode::Quiet { Some(0) } else { None };
        compare(&field, claimed, &format!("seed {} case {} ({:?})", seed, case, spec));
    }
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
