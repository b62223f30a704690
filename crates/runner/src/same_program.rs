//! Whether a bundle is the program cargo builds: the bundle, compiled as its judge compiles it
//! (for Linux: a Windows judge's check is a type check only), run on the problem's testdata
//! beside cargo's release binary, with their stdout and exit status compared. `xtask bundle`
//! asks this before it prints a bundle, so that a bundler that cut something the program
//! needed is a loud refusal, never a silent wrong answer at the judge.
//!
//! The samples always run; the other cases, smallest first, while [`BUDGET`] lasts. An
//! interactive problem's cases run through its interactor, and the two verdicts are compared
//! (the exchange may depend on what only the solver knows, the verdict may not). A run is
//! killed at the runner's wall limit, so a program that loops does not hang the bundler; a
//! case where cargo's build itself does not end in time is not compared. Nor is one where
//! cargo's build, run again after a difference, does something else than the first time (a
//! program that reads the clock, or prints a `HashMap` in its random order): such a program
//! is not held to one output, so a difference says nothing of the bundler.
//!
//! For the samples, the bundle is compiled without optimization, which takes a third of the
//! time (a problem from the page has its samples alone, so this is often the only build): with
//! `-C opt-level=0 -C debug-assertions=off -C overflow-checks=off` a safe program means what
//! it means under `-O` (arithmetic wraps as in cargo's release build, `debug_assert!` and
//! `cfg(debug_assertions)` are off alike; optimization changes no result of safe code). What
//! it may change is how long a run takes and how much stack it uses, so an agreement of that
//! build is an agreement, while a difference is never reported from it: the bundle is then
//! compiled with the judge's own flags and the case runs again, and only that build's
//! difference refuses the bundle (it also runs the cases left). The cases beyond the samples,
//! often at the statement's maximum, run with the judge's own build from the start.
//!
//! Every run is held to the problem's limits, loosened ([`LOOSENESS`] times the time and
//! memory: only what the programs print is compared here, never their speed), so neither
//! program can take the machine's memory or run for long.
//!
//! `scripts/test.sh` does not ask this: its testdata runner already runs the bundle on every
//! case with the problem's checker (`compile_bundle` in the crate's root).

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bundler::judged;

use judge_meta::Profile;

use super::problem::{build_for, judge_limits, read_problems, target_dir};
use super::process::{self, wall_limit, Exit, Limits};
use super::{interactive, Problem, Runner};

/// How many times the problem's time and memory limits a compared run may take.
pub const LOOSENESS: u32 = 5;

/// How long the cases beyond the samples may run, both programs together.
pub const BUDGET: Duration = Duration::from_secs(2);

/// What the comparison found.
#[derive(Debug, PartialEq)]
pub enum Sameness {
    /// The bundle and cargo's build agree on every case that ran.
    Same(Agreement),
    /// The problem has no testdata: nothing to run.
    NoTestdata,
    /// They differ: the report, several lines, to print instead of the bundle.
    Different(String),
}

/// How much agreed.
#[derive(Debug, PartialEq)]
pub struct Agreement {
    /// Cases compared, samples among them.
    pub cases: usize,
    pub samples: usize,
    /// Cases left out: the budget ran out before them.
    pub left_out: usize,
    /// Cases with nothing to compare, each with why: cargo's build did not end in time, or
    /// it does not do the same from one run to the next.
    pub not_compared: Vec<String>,
    /// The time of the compile and the runs (not of cargo's build).
    pub seconds: f64,
}

impl std::fmt::Display for Agreement {
    /// `same program: the bundle and cargo's release build agree on 5 cases (2 samples, 3
    /// more; 4 left out of the 2 s budget) in 0.61 s`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
        write!(
            f,
            "same program: the bundle and cargo's release build agree on {} ({}, {} more",
            plural(self.cases, "case"),
            plural(self.samples, "sample"),
            self.cases - self.samples
        )?;
        if self.left_out > 0 {
            write!(f, "; {} left out of the {} s budget", self.left_out, BUDGET.as_secs())?;
        }
        write!(f, ") in {:.2} s", self.seconds)?;
        if !self.not_compared.is_empty() {
            write!(f, "; not compared: {}", self.not_compared.join(", "))?;
        }
        Ok(())
    }
}

/// Runs `bundle`, the text of `problem`'s bundle, against cargo's release build of `problem`
/// (built first if stale) on its testdata.
pub fn check(root: &Path, problem: &str, bundle: &str) -> Result<Sameness, String> {
    let testdata = root.join("testdata").join(problem);
    if !has_cases(&testdata) {
        return Ok(Sameness::NoTestdata);
    }
    let problems = read_problems(root, &[problem.to_string()])?;
    let problem = &problems[0];
    build_for(root, &problems)?;
    let started = Instant::now();
    let dir = target_dir(root).join("bundles").join(&problem.name).join("checked");
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let profile = problem.meta.profile;
    let quick = compile(profile, bundle, &dir, Build::Quick)?;
    let mut bundled = Bundled { binary: quick, exact: false };
    let runner = Runner::new()?;
    let (samples, others): (Vec<&PathBuf>, Vec<&PathBuf>) =
        problem.cases.iter().partition(|case| problem.hand_written.contains(*case));
    let mut others = others;
    others.sort_by_key(|case| fs::metadata(case).map_or(u64::MAX, |m| m.len()));
    let mut agreement =
        Agreement { cases: 0, samples: 0, left_out: 0, not_compared: Vec::new(), seconds: 0.0 };
    let mut others_ran = Duration::ZERO;
    for (n, case) in samples.iter().chain(&others).enumerate() {
        if n >= samples.len() {
            if others_ran >= BUDGET {
                agreement.left_out = samples.len() + others.len() - n;
                break;
            }
            if !bundled.exact {
                // Beyond the samples come max-size cases, where an unoptimized build is tens
                // of times slower than the judge's.
                bundled =
                    Bundled { binary: compile(profile, bundle, &dir, Build::Exact)?, exact: true };
            }
        }
        let case_started = Instant::now();
        let compare = |bundle: &Path| {
            let programs = Programs { cargo: &problem.release, bundle };
            match &problem.interactor {
                Some(interactor) => {
                    let interactor = problem.release.with_file_name(interactor);
                    compare_interactive(&runner, &programs, &interactor, case, problem)
                }
                None => compare_plain(&runner, &programs, case, problem),
            }
        };
        let mut compared = compare(&bundled.binary)?;
        if matches!(compared, Compared::Different(_)) && !bundled.exact {
            // The unoptimized build proves agreement only: the judge's own build decides.
            bundled =
                Bundled { binary: compile(profile, bundle, &dir, Build::Exact)?, exact: true };
            compared = compare(&bundled.binary)?;
        }
        if n >= samples.len() {
            others_ran += case_started.elapsed();
        }
        let shown = case.strip_prefix(root).unwrap_or(case).display().to_string();
        match compared {
            Compared::Same => {
                agreement.cases += 1;
                agreement.samples += usize::from(n < samples.len());
            }
            Compared::CargoDidNotEnd => {
                agreement.not_compared.push(format!("{shown} (cargo's build did not end in time)"))
            }
            Compared::CargoUnsteady => agreement.not_compared.push(format!(
                "{shown} (cargo's build does not do the same from one run to the next)"
            )),
            Compared::Different(how) => {
                let saved = [dir.join("Main.rs"), bundled.binary.clone()];
                let report = difference_report(root, &problem.name, &shown, &how, &saved, case);
                return Ok(Sameness::Different(report));
            }
        }
    }
    agreement.seconds = started.elapsed().as_secs_f64();
    Ok(Sameness::Same(agreement))
}

/// The bundle's binary, and whether it was built with the judge's own flags.
struct Bundled {
    binary: PathBuf,
    exact: bool,
}

/// How the bundle is compiled for the runs (see the module's doc).
#[derive(Clone, Copy, PartialEq)]
enum Build {
    /// The judge's compiler and edition, unoptimized, with release semantics.
    Quick,
    /// The judge's compiler and flags.
    Exact,
}

/// Compiles `bundle` for Linux with `profile`'s compiler: its path in `dir`.
fn compile(profile: &Profile, bundle: &str, dir: &Path, build: Build) -> Result<PathBuf, String> {
    if build == Build::Quick {
        // The judge's flags say whether it compiles; this build only saves time.
        if let Ok(quick) = judged::compile_unoptimized(profile, bundle, dir) {
            return Ok(quick.binary);
        }
    }
    judged::compile(profile, bundle, dir).map(|judged| judged.binary).map_err(|diagnostics| {
        let first = diagnostics.lines().find(|line| line.starts_with("error")).unwrap_or("");
        format!(
            "the bundle does not compile as a Linux program with {}: {first}",
            profile.stand_in()
        )
    })
}

/// The limits of a compared run: the problem's, loosened.
fn loosened(problem: &Problem) -> Limits {
    let limits = judge_limits(&problem.meta);
    Limits {
        time: limits.time * LOOSENESS,
        memory_kib: limits.memory_kib.saturating_mul(u64::from(LOOSENESS)),
        output_bytes: limits.output_bytes,
    }
}

/// Whether `dir` holds a `.in` file.
fn has_cases(dir: &Path) -> bool {
    fs::read_dir(dir).is_ok_and(|entries| {
        entries.flatten().any(|entry| entry.path().extension().is_some_and(|ext| ext == "in"))
    })
}

/// The two programs compared.
struct Programs<'a> {
    cargo: &'a Path,
    bundle: &'a Path,
}

/// One case's comparison.
enum Compared {
    Same,
    /// Cargo's build was killed at the wall limit: nothing to compare.
    CargoDidNotEnd,
    /// Cargo's build did something else when run again: a program that reads the clock or a
    /// `HashMap`'s random order, whose bundle cannot be held to one answer either.
    CargoUnsteady,
    /// How they differ.
    Different(String),
}

/// How one plain run ended: its exit and its stdout, or `None` if it was killed.
type Ended = Option<(Exit, Vec<u8>)>;

/// Runs one program on `case` through the measuring helper, killed at `limit`.
fn run_plain(
    runner: &Runner,
    program: &Path,
    case: &Path,
    limits: Limits,
) -> Result<Ended, String> {
    let (stdout, stderr) = (runner.file("same-stdout"), runner.file("same-stderr"));
    let usage = process::run_to_files(
        &runner.helper,
        runner.file("same-report"),
        program,
        case,
        &stdout,
        &stderr,
        wall_limit(limits.time),
        Some(limits),
    )?;
    let Some(usage) = usage else { return Ok(None) };
    let output = fs::read(&stdout).map_err(|e| format!("cannot read {}: {e}", stdout.display()))?;
    Ok(Some((usage.exit, output)))
}

fn compare_plain(
    runner: &Runner,
    programs: &Programs,
    case: &Path,
    problem: &Problem,
) -> Result<Compared, String> {
    let limit = loosened(problem);
    let Some((cargo_exit, cargo_out)) = run_plain(runner, programs.cargo, case, limit)? else {
        return Ok(Compared::CargoDidNotEnd);
    };
    let Some((bundle_exit, bundle_out)) = run_plain(runner, programs.bundle, case, limit)? else {
        return Ok(Compared::Different(format!(
            "cargo's build ends ({cargo_exit}), the bundle is stopped at {} s of CPU time or \
             {} MB of memory",
            limit.time.as_secs_f64(),
            limit.memory_kib / 1024
        )));
    };
    let how = match first_difference(&cargo_out, &bundle_out) {
        Some(difference) => difference,
        None if cargo_exit == bundle_exit => return Ok(Compared::Same),
        None => format!(
            "the same output, but cargo's build ends with {cargo_exit} and the bundle with \
             {bundle_exit}"
        ),
    };
    // Only a program that does the same each time can be held to it.
    let again = run_plain(runner, programs.cargo, case, limit)?;
    if again.as_ref() != Some(&(cargo_exit, cargo_out)) {
        return Ok(Compared::CargoUnsteady);
    }
    Ok(Compared::Different(how))
}

/// The two interactions' verdicts, compared by code and the solver's exit: the details hold
/// times and panic places, which differ between any two builds.
fn compare_interactive(
    runner: &Runner,
    programs: &Programs,
    interactor: &Path,
    case: &Path,
    problem: &Problem,
) -> Result<Compared, String> {
    // The plain runs' loosened limits, not the testdata runner's: no time verdict is given
    // here, and a loaded machine must not make a slow run look different.
    let limits = loosened(problem);
    let played = |program: &Path| -> Result<_, String> {
        let run = interactive::run(
            runner,
            program,
            interactor,
            case,
            wall_limit(limits.time),
            Some(limits),
        )?;
        let (code, detail) = interactive::verdict(&run, limits);
        Ok((code, detail, run))
    };
    let (cargo_code, cargo_detail, cargo_run) = played(programs.cargo)?;
    if cargo_run.killed_after.is_some() && !cargo_run.deadlocked {
        return Ok(Compared::CargoDidNotEnd);
    }
    let (bundle_code, bundle_detail, bundle_run) = played(programs.bundle)?;
    let exit = |run: &interactive::Interaction| run.solver.map(|usage| usage.exit);
    if (cargo_code, exit(&cargo_run)) == (bundle_code, exit(&bundle_run)) {
        return Ok(Compared::Same);
    }
    // Only a program that does the same each time can be held to it.
    let (again_code, _, again_run) = played(programs.cargo)?;
    if (again_code, exit(&again_run)) != (cargo_code, exit(&cargo_run)) {
        return Ok(Compared::CargoUnsteady);
    }
    let shown = |code: super::Verdict, detail: &str| {
        if detail.is_empty() {
            code.to_string()
        } else {
            format!("{code} ({detail})")
        }
    };
    let mut how = format!(
        "through the interactor, cargo's build gets {} and the bundle {}",
        shown(cargo_code, &cargo_detail),
        shown(bundle_code, &bundle_detail)
    );
    if !bundle_run.exchange.is_empty() {
        how.push_str("\nthe bundle's last lines of the exchange (> to the interactor, < back):");
        for line in &bundle_run.exchange {
            how.push_str(&format!("\n  | {line}"));
        }
    }
    Ok(Compared::Different(how))
}

/// The report of a difference: whose it is, where, and what to send. `saved`: the bundle's
/// text and its binary.
fn difference_report(
    root: &Path,
    problem: &str,
    case: &str,
    how: &str,
    [saved, binary]: &[PathBuf; 2],
    input: &Path,
) -> String {
    let from_root = |path: &Path| path.strip_prefix(root).unwrap_or(path).display().to_string();
    let (saved, binary) = (from_root(saved), from_root(binary));
    let release = from_root(&target_dir(root).join("release").join(problem));
    format!(
        "the bundler made a different program from crates/{problem}: the bundle does not do what \
         cargo's release build does on {case}, so it is not printed. This is the bundler's \
         fault, not your code's.\n\
         {how}\n\
         Please report it with the bundle, saved as {saved}, and crates/{problem}. \
         `scripts/bundle.sh {problem}` reproduces it; to see the two outputs: \
         `{binary} < {input}` and `{release} < {input}`.",
        input = from_root(input),
    )
}

/// A token longer than this is cut in a report.
const TOKEN_SHOWN: usize = 40;

/// Where two outputs first differ, as a person reads them: the first differing
/// whitespace-separated token and its place (line, token of the line), or the first byte of
/// spacing that differs when every token is the same. `None` when the bytes are equal.
fn first_difference(cargo: &[u8], bundle: &[u8]) -> Option<String> {
    if cargo == bundle {
        return None;
    }
    let (mut from_cargo, mut from_bundle) = (tokens(cargo), tokens(bundle));
    loop {
        match (from_cargo.next(), from_bundle.next()) {
            (None, None) => break,
            (Some(a), Some(b)) if a.text == b.text => continue,
            (a, b) => {
                let place = a.as_ref().or(b.as_ref()).expect("one side has a token");
                return Some(format!(
                    "at line {}, token {}: cargo's build prints {}, the bundle {}",
                    place.line,
                    place.index,
                    shown_token(a.as_ref()),
                    shown_token(b.as_ref())
                ));
            }
        }
    }
    let at =
        cargo.iter().zip(bundle).position(|(a, b)| a != b).unwrap_or(cargo.len().min(bundle.len()));
    let line = cargo[..at].iter().filter(|&&b| b == b'\n').count() + 1;
    Some(format!(
        "the same tokens, but the spacing differs at line {line} (byte {at}): cargo's build \
         writes {} bytes, the bundle {}",
        cargo.len(),
        bundle.len()
    ))
}

/// A token and its place: 1-based line, and 1-based index among the line's tokens.
struct Token<'a> {
    text: &'a [u8],
    line: usize,
    index: usize,
}

fn tokens(output: &[u8]) -> impl Iterator<Item = Token<'_>> {
    output.split(|&b| b == b'\n').enumerate().flat_map(|(n, line)| {
        line.split(u8::is_ascii_whitespace)
            .filter(|token| !token.is_empty())
            .enumerate()
            .map(move |(i, text)| Token { text, line: n + 1, index: i + 1 })
    })
}

/// `` `42` `` (cut when long), or `nothing (its output ends)`.
fn shown_token(token: Option<&Token>) -> String {
    match token {
        None => "nothing (its output ends)".to_string(),
        Some(token) => {
            let text = String::from_utf8_lossy(token.text);
            match text.char_indices().nth(TOKEN_SHOWN) {
                Some((cut, _)) => format!("`{}...` ({} bytes)", &text[..cut], token.text.len()),
                None => format!("`{text}`"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{first_difference, Agreement};

    #[test]
    fn the_first_differing_token_is_named_with_its_place() {
        assert_eq!(first_difference(b"1 2\n3\n", b"1 2\n3\n"), None);
        assert_eq!(
            first_difference(b"1 2\n3 4\n", b"1 2\n3 5\n").as_deref(),
            Some("at line 2, token 2: cargo's build prints `4`, the bundle `5`")
        );
        assert_eq!(
            first_difference(b"42\n", b"").as_deref(),
            Some("at line 1, token 1: cargo's build prints `42`, the bundle nothing (its output ends)")
        );
        assert_eq!(
            first_difference(b"1\n", b"1\n\n7\n").as_deref(),
            Some("at line 3, token 1: cargo's build prints nothing (its output ends), the bundle `7`")
        );
        let long = "x".repeat(50);
        let found = first_difference(b"y\n", long.as_bytes()).expect("they differ");
        assert!(found.ends_with(&format!("`{}...` (50 bytes)", "x".repeat(40))), "{found}");
    }

    #[test]
    fn equal_tokens_with_other_spacing_are_a_difference_too() {
        assert_eq!(
            first_difference(b"1 2\n3\n", b"1 2\n3").as_deref(),
            Some(
                "the same tokens, but the spacing differs at line 2 (byte 5): cargo's build \
                 writes 6 bytes, the bundle 5"
            )
        );
        assert_eq!(
            first_difference(b"1 2\n", b"1  2\n").as_deref(),
            Some(
                "the same tokens, but the spacing differs at line 1 (byte 2): cargo's build \
                 writes 4 bytes, the bundle 5"
            )
        );
    }

    #[test]
    fn the_agreement_says_what_ran() {
        let mut agreement = Agreement {
            cases: 1,
            samples: 1,
            left_out: 0,
            not_compared: Vec::new(),
            seconds: 0.25,
        };
        assert_eq!(
            agreement.to_string(),
            "same program: the bundle and cargo's release build agree on 1 case (1 sample, 0 \
             more) in 0.25 s"
        );
        agreement.cases = 5;
        agreement.samples = 2;
        agreement.left_out = 4;
        agreement.not_compared.push("testdata/p/loop.in (why)".to_string());
        assert_eq!(
            agreement.to_string(),
            "same program: the bundle and cargo's release build agree on 5 cases (2 samples, 3 \
             more; 4 left out of the 2 s budget) in 0.25 s; not compared: testdata/p/loop.in \
             (why)"
        );
    }
}
