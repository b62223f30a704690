//! The stress engine and the shrinker on the commonest input shapes: the template's format
//! (N, then N values) and "N M K, then N values, then M + K request lines", with planted bugs
//! whose smallest failing inputs are known; a crash; and the same first failure on one worker
//! as on several.

use judge_io::{Error, Output, Rng, Scanner};
use judge_test::{shrink, CaseVerdict, RunFn, Stress};

/// A value's largest magnitude in both formats.
const MAX_VALUE: i64 = 1000;

/// Reads an integer within `low..=high`; a value out of range is an error at its place.
fn bounded(sc: &mut Scanner, what: &str, low: i64, high: i64) -> Result<i64, Error> {
    let at = sc.position();
    let value: i64 = sc.int()?;
    if value < low || value > high {
        return Err(sc.error_at(at, format!("{what} must be in {low}..={high}, found {value}")));
    }
    Ok(value)
}

/// The template's format: N (at most 100), then N values; the answer is their sum.
fn parse_sum(input: &[u8]) -> Result<Vec<i64>, Error> {
    let mut sc = Scanner::new(input);
    let n = bounded(&mut sc, "N", 0, 100)?;
    let values: Result<Vec<i64>, Error> =
        (0..n).map(|_| bounded(&mut sc, "a value", -MAX_VALUE, MAX_VALUE)).collect();
    let values = values?;
    sc.expect_end()?;
    Ok(values)
}

fn sum(input: &[u8], out: &mut Output<Vec<u8>>) -> Result<(), Error> {
    out.int(parse_sum(input)?.iter().sum::<i64>()).newline();
    Ok(())
}

/// Off by one when some value is negative (the template's own wrong solver).
fn sum_wrong_on_negatives(input: &[u8], out: &mut Output<Vec<u8>>) -> Result<(), Error> {
    let values = parse_sum(input)?;
    let off = values.iter().any(|&v| v < 0) as i64;
    out.int(values.iter().sum::<i64>() + off).newline();
    Ok(())
}

fn sum_input(rng: &mut Rng) -> Vec<u8> {
    let n = rng.range(0, 20);
    let values: Vec<String> = (0..n)
        .map(|_| (rng.range(0, 2 * MAX_VALUE as u64) as i64 - MAX_VALUE).to_string())
        .collect();
    format!("{}\n{}\n", n, values.join(" ")).into_bytes()
}

/// "N M K", N values one to a line, then M updates `1 b c` (a[b] = c) and K queries `2 b c`
/// (print a[b] + ... + a[c]) in any order; 1 <= N <= 100, M and K at most 100, each counted
/// exactly.
struct Requests {
    values: Vec<i64>,
    requests: Vec<(i64, usize, i64)>,
}

fn parse_requests(input: &[u8]) -> Result<Requests, Error> {
    let mut sc = Scanner::new(input);
    let n = bounded(&mut sc, "N", 1, 100)? as usize;
    let m = bounded(&mut sc, "M", 0, 100)?;
    let k = bounded(&mut sc, "K", 0, 100)?;
    let mut values = Vec::with_capacity(n);
    for _ in 0..n {
        values.push(bounded(&mut sc, "a value", -MAX_VALUE, MAX_VALUE)?);
    }
    let mut requests = Vec::new();
    let (mut updates, mut queries) = (0, 0);
    for _ in 0..m + k {
        let kind = bounded(&mut sc, "a request's kind", 1, 2)?;
        let b = bounded(&mut sc, "b", 1, n as i64)?;
        let c = if kind == 1 {
            updates += 1;
            bounded(&mut sc, "a value", -MAX_VALUE, MAX_VALUE)?
        } else {
            queries += 1;
            bounded(&mut sc, "c", b, n as i64)?
        };
        requests.push((kind, b as usize - 1, c));
    }
    if (updates, queries) != (m, k) {
        return Err(sc.error_at(sc.position(), format!("expected {m} updates and {k} queries")));
    }
    sc.expect_end()?;
    Ok(Requests { values, requests })
}

/// The requests answered; `wrong` drops the last element of every range longer than one.
fn answer_requests(input: &[u8], out: &mut Output<Vec<u8>>, wrong: bool) -> Result<(), Error> {
    let Requests { mut values, requests } = parse_requests(input)?;
    for (kind, b, c) in requests {
        if kind == 1 {
            values[b] = c;
        } else {
            let c = c as usize - 1;
            let end = if wrong && b < c { c } else { c + 1 };
            out.int(values[b..end].iter().sum::<i64>()).newline();
        }
    }
    Ok(())
}

fn requests_input(rng: &mut Rng) -> Vec<u8> {
    let n = rng.range(1, 12);
    let (m, k) = (rng.range(0, 6), rng.range(1, 6));
    let mut text = format!("{n} {m} {k}\n");
    for _ in 0..n {
        text.push_str(&format!("{}\n", rng.range(0, 100) as i64 - 50));
    }
    let mut kinds: Vec<u64> = (0..m).map(|_| 1).chain((0..k).map(|_| 2)).collect();
    rng.shuffle(&mut kinds);
    for kind in kinds {
        let b = rng.range(1, n);
        let c = if kind == 1 { rng.range(0, 100) as i64 - 50 } else { rng.range(b, n) as i64 };
        text.push_str(&format!("{kind} {b} {c}\n"));
    }
    text.into_bytes()
}

/// The engine's run on `generate` with `solver` against `oracle`: the failure's sizes.
fn shrunk_sizes(
    name: &str,
    generate: fn(&mut Rng) -> Vec<u8>,
    solver: RunFn,
    oracle: RunFn,
    seed: u64,
) -> (Vec<u8>, Vec<u8>) {
    std::env::set_var("STRESS_DIR", std::env::temp_dir().join("judge-test-shrink"));
    let failure = Stress::new(name, generate)
        .solver(solver)
        .oracle(oracle)
        .defaults(seed, 5000)
        .find()
        .expect("the planted bug is caught");
    println!(
        "{name}, seed {seed}: {} bytes shrunk to {}: {:?}",
        failure.input.len(),
        failure.shrunk.len(),
        String::from_utf8_lossy(&failure.shrunk)
    );
    (failure.input, failure.shrunk)
}

#[test]
fn the_template_format_shrinks_to_one_negative_value() {
    for seed in 1..=5 {
        let (_, shrunk) =
            shrunk_sizes("template-format", sum_input, sum_wrong_on_negatives, sum, seed);
        assert_eq!(String::from_utf8_lossy(&shrunk), "1\n-1\n", "seed {seed}");
    }
}

#[test]
fn n_m_k_with_requests_shrinks_to_the_smallest_failing_input() {
    let right: RunFn = |input, out| answer_requests(input, out, false);
    let wrong: RunFn = |input, out| answer_requests(input, out, true);
    for seed in 1..=5 {
        let (_, shrunk) = shrunk_sizes("n-m-k", requests_input, wrong, right, seed);
        // The smallest: two values, the second not 0, and one query over both (16 bytes).
        assert_eq!(String::from_utf8_lossy(&shrunk), "2 0 1\n0\n1\n2 1 2\n", "seed {seed}");
    }
}

#[test]
fn shrinking_keeps_valid_failing_inputs_only() {
    let verdict_of = |input: &[u8]| {
        let (mut want, mut got) = (Output::new(Vec::new()), Output::new(Vec::new()));
        if sum(input, &mut want).is_err() {
            return CaseVerdict::Invalid;
        }
        sum_wrong_on_negatives(input, &mut got).expect("the same parser");
        if want.into_inner().ok() == got.into_inner().ok() {
            CaseVerdict::Passes
        } else {
            CaseVerdict::Fails
        }
    };
    let (smallest, tries) = shrink(b"6\n5 70\n-3 8\n-90 4\n", &verdict_of, &[]);
    assert!(tries > 0);
    assert_eq!(String::from_utf8_lossy(&smallest), "1\n-1\n");
}

#[test]
fn numbers_are_written_plainly() {
    // Fails whenever a value is below -1000 + 1; the shrinker must not write -0999 or -01.
    let verdict_of = |input: &[u8]| match std::str::from_utf8(input)
        .ok()
        .and_then(|t| t.trim().parse::<i64>().ok())
    {
        Some(v) if v <= -999 => CaseVerdict::Fails,
        Some(_) => CaseVerdict::Passes,
        None => CaseVerdict::Invalid,
    };
    let (smallest, _) = shrink(b"-5001\n", &verdict_of, &[]);
    assert_eq!(String::from_utf8_lossy(&smallest), "-999\n");
}

#[test]
fn bracket_matrices_lose_rows_and_columns() {
    // Fails when the matrix holds a 1 below another 1 (Programmers' array format).
    let verdict_of = |input: &[u8]| {
        let text = String::from_utf8_lossy(input);
        let Some(rows) = text.trim().strip_prefix("[[").and_then(|t| t.strip_suffix("]]")) else {
            return CaseVerdict::Invalid;
        };
        let grid: Vec<Vec<&str>> = rows.split("],[").map(|r| r.split(',').collect()).collect();
        let width = grid[0].len();
        if grid.iter().any(|r| r.len() != width || r.iter().any(|c| *c != "0" && *c != "1")) {
            return CaseVerdict::Invalid;
        }
        let stacked =
            (1..grid.len()).any(|y| (0..width).any(|x| grid[y][x] == "1" && grid[y - 1][x] == "1"));
        if stacked {
            CaseVerdict::Fails
        } else {
            CaseVerdict::Passes
        }
    };
    let input = b"[[0,1,0,1],[1,0,0,1],[0,0,1,1]]\n";
    let (smallest, _) = shrink(input, &verdict_of, &[]);
    assert_eq!(String::from_utf8_lossy(&smallest), "[[1],[1]]\n");
}

#[test]
fn a_crash_is_a_failure_and_is_shrunk() {
    let crashing = |input: &[u8], out: &mut Output<Vec<u8>>| -> Result<(), Error> {
        let lines = input.split(|&b| b == b'\n').filter(|l| !l.is_empty()).count();
        assert!(lines < 3, "too many lines");
        out.int(lines).newline();
        Ok(())
    };
    let counting = |input: &[u8], out: &mut Output<Vec<u8>>| -> Result<(), Error> {
        out.int(input.split(|&b| b == b'\n').filter(|l| !l.is_empty()).count()).newline();
        Ok(())
    };
    let failure = Stress::new("self-test-crash", |rng: &mut Rng| {
        (0..rng.range(1, 9)).map(|i| format!("line {i}\n")).collect::<String>().into_bytes()
    })
    .solver(crashing)
    .oracle(counting)
    .find()
    .expect("a case with 3 lines comes up");
    assert_eq!(failure.shrunk.iter().filter(|&&b| b == b'\n').count(), 3);
    assert!(failure.report.contains("CRASH: panicked: too many lines"), "{}", failure.report);
}

#[test]
fn the_first_failure_is_the_same_on_any_number_of_workers() {
    // Knobs are process-wide: this test alone sets STRESS_WORKERS, and restores it.
    let first_failure = |workers: &str| {
        std::env::set_var("STRESS_WORKERS", workers);
        Stress::new("self-test-workers", requests_input)
            .solver(|input: &[u8], out: &mut Output<Vec<u8>>| answer_requests(input, out, true))
            .oracle(|input: &[u8], out: &mut Output<Vec<u8>>| answer_requests(input, out, false))
            .defaults(77, 5000)
            .find()
            .expect("caught")
    };
    let one = first_failure("1");
    for workers in ["2", "5"] {
        let many = first_failure(workers);
        assert_eq!((many.case, &many.input), (one.case, &one.input), "{workers} workers");
    }
    std::env::remove_var("STRESS_WORKERS");
    // judge-test is no problem crate, so not scripts/stress.sh: this test's own command.
    let reproduce = format!(
        "reproduce: STRESS_SEED=77 STRESS_CASES={} STRESS_SECONDS=0 cargo test -p judge-test \
         --test shrink -- --exact the_first_failure_is_the_same_on_any_number_of_workers\n",
        one.case + 1
    );
    assert!(one.report.contains(&reproduce), "{}", one.report);
}
