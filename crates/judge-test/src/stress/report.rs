//! A failure's report: the failing case shrunk, both inputs and the report saved under
//! `STRESS_DIR`, and a command that runs the case again.
//!
//! The command is `scripts/stress.sh P --seed X --cases N` only when that script would run
//! this very test in this very build: a `stress_*` test in `tests/stress.rs` of a problem
//! crate, built in release mode. Anything else (a planted wrong solver, a debug build, whose
//! integer overflow panics where release wraps) gets the `cargo test` command of the test
//! itself with the seed knobs.

use std::path::{Path, PathBuf};

use super::plan::{Failure, Plan, Subject, Verdict};
use crate::metadata;
use crate::shrink::{shrink, CaseVerdict};

/// Shrinks the failing case `case` of seed `seed`, saves both inputs and the report, and
/// describes it.
pub(super) fn failure(
    plan: &Plan,
    subject: &dyn Subject,
    seed: u64,
    case: u64,
    input: Vec<u8>,
    verdict: Verdict,
) -> Failure {
    let dir = stress_dir(&plan.name);
    let saved = save(&dir, "failing.in", &input);
    // An oracle that crashes is shrunk toward inputs where it crashes; a solver's failure
    // toward inputs where the oracle answers and the solver fails.
    let (why, oracle_crashed) = match verdict {
        Verdict::OracleCrashes(why) => (why, true),
        Verdict::Fails(why) => (why, false),
        other => (format!("{other:?}"), false),
    };
    let verdict_of = |candidate: &[u8]| match subject.verdict(candidate) {
        Verdict::Invalid(_) => CaseVerdict::Invalid,
        Verdict::Passes => CaseVerdict::Passes,
        Verdict::Fails(_) if oracle_crashed => CaseVerdict::Passes,
        Verdict::Fails(_) => CaseVerdict::Fails,
        Verdict::OracleCrashes(_) if oracle_crashed => CaseVerdict::Fails,
        Verdict::OracleCrashes(_) => CaseVerdict::Invalid,
    };
    let (shrunk, tries) = shrink(&input, &verdict_of, &plan.shrinkers);
    let saved_shrunk = save(&dir, "shrunk.in", &shrunk);
    let why = match subject.verdict(&shrunk) {
        Verdict::Fails(why) | Verdict::OracleCrashes(why) => why,
        _ => why,
    };
    let report = format!(
        "stress {name}: case {case} of seed {seed} fails\n\
         reproduce: {reproduce}\n\
         input ({in_len} bytes): {saved}\n\
         {shrinking}\n\
         --- {which} input\n{shrunk_text}\
         {details}\
         --- verdict: {why}\n",
        name = plan.name,
        reproduce = reproduce_command(&TestPlace::here(), seed, case + 1),
        in_len = input.len(),
        shrinking = shrinking_line(&input, &shrunk, tries, &saved_shrunk),
        which = if shrunk == input { "failing" } else { "shrunk" },
        shrunk_text = with_newline(String::from_utf8_lossy(&shrunk).into_owned()),
        details = subject.details(&shrunk),
    );
    save(&dir, "report.txt", report.as_bytes());
    Failure { seed, case, input, shrunk, report }
}

/// What shrinking did, truthfully: smaller, only simpler (as long, smaller bytes), or nothing.
fn shrinking_line(input: &[u8], shrunk: &[u8], tries: usize, saved: &str) -> String {
    if shrunk == input {
        let noun = if tries == 1 { "input" } else { "inputs" };
        format!("not shrunk: none of the {tries} smaller {noun} tried fails")
    } else if shrunk.len() == input.len() {
        format!("simplified in {tries} tries (as long, {} bytes): {saved}", shrunk.len())
    } else {
        format!("shrunk in {tries} tries to {} bytes: {saved}", shrunk.len())
    }
}

/// Where the running test is, as far as the process can tell: what a command that runs it
/// again needs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct TestPlace {
    /// The package under test.
    package: Option<String>,
    /// Whether the package is a problem crate (so `scripts/stress.sh` takes it).
    problem: bool,
    /// The test target: `None` for the library's unit tests, else the integration test's name
    /// (`stress` for `tests/stress.rs`).
    target: Option<String>,
    /// The cargo profile the test binary was built in (`debug`, `release`).
    profile: Option<String>,
    /// The test's full name as libtest runs it (its thread's name), if libtest runs it.
    test: Option<String>,
    /// The test binary.
    exe: Option<PathBuf>,
}

impl TestPlace {
    /// The place of the test running on this thread.
    fn here() -> TestPlace {
        let package = metadata::package_name();
        let exe = std::env::current_exe().ok();
        // `target/<profile>/deps/<target>-<hash>`; the library's unit tests are named after
        // the crate.
        let stem = exe.as_deref().and_then(Path::file_stem).and_then(|s| s.to_str());
        let target = stem.map(|stem| stem.rsplit_once('-').map_or(stem, |(name, _)| name));
        let crate_name = package.as_deref().map(|package| package.replace('-', "_"));
        let profile = exe.as_deref().and_then(|exe| exe.parent()?.parent()?.file_name());
        // libtest runs each test on a thread named after it; a harness of one's own runs on
        // `main`.
        let thread = std::thread::current();
        let test = thread.name().filter(|&name| name != "main").map(str::to_string);
        TestPlace {
            problem: metadata::is_problem(),
            target: target.filter(|&target| Some(target) != crate_name.as_deref()).map(Into::into),
            profile: profile.map(|profile| profile.to_string_lossy().into_owned()),
            test,
            exe,
            package,
        }
    }
}

/// A command that runs case `cases - 1` of seed `seed` of the test at `place` again.
fn reproduce_command(place: &TestPlace, seed: u64, cases: u64) -> String {
    let release = place.profile.as_deref() == Some("release");
    let stress_sh_runs_it = place.target.as_deref() == Some("stress")
        && place.test.as_deref().is_some_and(|test| test.contains("stress_"));
    if let (true, true, true, Some(package)) =
        (place.problem, release, stress_sh_runs_it, &place.package)
    {
        return format!("scripts/stress.sh {package} --seed {seed} --cases {cases}");
    }
    let knobs = format!("STRESS_SEED={seed} STRESS_CASES={cases} STRESS_SECONDS=0");
    let exact = match &place.test {
        Some(test) => format!(" --exact {test}"),
        None => String::new(),
    };
    match (&place.package, &place.exe) {
        (Some(package), _) => {
            let profile = match place.profile.as_deref() {
                None | Some("debug") => String::new(),
                Some("release") => " --release".to_string(),
                Some(other) => format!(" --profile {other}"),
            };
            let target = match &place.target {
                Some(test) => format!("--test {test}"),
                None => "--lib".to_string(),
            };
            let separator = if exact.is_empty() { "" } else { " --" };
            format!("{knobs} cargo test{profile} -p {package} {target}{separator}{exact}")
        }
        (None, Some(exe)) => format!("{knobs} {}{exact}", exe.display()),
        (None, None) => format!("{knobs} and the same test"),
    }
}

/// `text`, ending with a newline.
pub(crate) fn with_newline(mut text: String) -> String {
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// Where stress test `name` saves its files: `STRESS_DIR/<name>`, or `target/stress/<name>`
/// under `CARGO_TARGET_DIR` or the workspace (the folder with `Cargo.lock` above the crate).
pub(crate) fn stress_dir(name: &str) -> PathBuf {
    if let Some(dir) = std::env::var_os("STRESS_DIR") {
        return PathBuf::from(dir).join(name);
    }
    let target = match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => {
            let here = metadata::manifest_dir();
            let root = here.ancestors().find(|dir| dir.join("Cargo.lock").is_file());
            root.unwrap_or(&here).join("target")
        }
    };
    target.join("stress").join(name)
}

/// Writes `bytes` to `dir/file`; the path written, or why not.
fn save(dir: &Path, file: &str, bytes: &[u8]) -> String {
    let path = dir.join(file);
    match std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, bytes)) {
        Ok(()) => path.display().to_string(),
        Err(e) => format!("nowhere ({}: {e})", path.display()),
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::{reproduce_command, shrinking_line, TestPlace};

    fn place(problem: bool, target: Option<&str>, profile: &str, test: Option<&str>) -> TestPlace {
        TestPlace {
            package: Some("boj-1000".to_string()),
            problem,
            target: target.map(Into::into),
            profile: Some(profile.to_string()),
            test: test.map(Into::into),
            exe: Some(PathBuf::from("/w/target/debug/deps/stress-0123456789abcdef")),
        }
    }

    #[test]
    fn stress_sh_is_named_only_when_it_runs_this_test_in_this_build() {
        let stress = place(true, Some("stress"), "release", Some("stress_random_small_inputs"));
        assert_eq!(
            reproduce_command(&stress, 7, 12),
            "scripts/stress.sh boj-1000 --seed 7 --cases 12"
        );
        // A planted wrong solver: stress.sh runs the real one, so the test's own command.
        let wrong = place(true, Some("stress"), "release", Some("a_wrong_solver_is_caught"));
        assert_eq!(
            reproduce_command(&wrong, 1, 1),
            "STRESS_SEED=1 STRESS_CASES=1 STRESS_SECONDS=0 cargo test --release -p boj-1000 \
             --test stress -- --exact a_wrong_solver_is_caught"
        );
        // A debug build: release may not fail the same way (overflow wraps there).
        let debug = place(true, Some("stress"), "debug", Some("stress_random_small_inputs"));
        assert_eq!(
            reproduce_command(&debug, 7, 12),
            "STRESS_SEED=7 STRESS_CASES=12 STRESS_SECONDS=0 cargo test -p boj-1000 --test \
             stress -- --exact stress_random_small_inputs"
        );
        // Not a problem, or not tests/stress.rs: stress.sh would not run it.
        let library = place(false, Some("stress"), "release", Some("stress_x"));
        assert!(reproduce_command(&library, 7, 12).contains("cargo test --release -p boj-1000"));
        let other = place(true, Some("cli"), "release", Some("stress_x"));
        assert!(reproduce_command(&other, 7, 12).ends_with("--test cli -- --exact stress_x"));
    }

    #[test]
    fn unit_tests_own_harnesses_and_other_profiles_get_their_own_commands() {
        let unit = place(false, None, "debug", Some("stress::tests::a"));
        assert_eq!(
            reproduce_command(&unit, 1, 2),
            "STRESS_SEED=1 STRESS_CASES=2 STRESS_SECONDS=0 cargo test -p boj-1000 --lib -- \
             --exact stress::tests::a"
        );
        let own_main = place(false, Some("mains"), "bench", None);
        assert_eq!(
            reproduce_command(&own_main, 1, 2),
            "STRESS_SEED=1 STRESS_CASES=2 STRESS_SECONDS=0 cargo test --profile bench -p \
             boj-1000 --test mains"
        );
        let nameless = TestPlace { package: None, ..place(false, None, "debug", Some("t")) };
        assert_eq!(
            reproduce_command(&nameless, 1, 2),
            "STRESS_SEED=1 STRESS_CASES=2 STRESS_SECONDS=0 \
             /w/target/debug/deps/stress-0123456789abcdef --exact t"
        );
    }

    #[test]
    fn this_test_knows_where_it_runs() {
        let here = TestPlace::here();
        assert_eq!(here.package.as_deref(), Some("judge-test"));
        assert!(!here.problem);
        assert_eq!(here.target, None, "a unit test of the library");
        assert_eq!(
            here.test.as_deref(),
            Some("stress::report::tests::this_test_knows_where_it_runs")
        );
    }

    #[test]
    fn the_shrinking_line_says_what_happened() {
        assert_eq!(
            shrinking_line(b"1 1\n", b"1 1\n", 118, "x/shrunk.in"),
            "not shrunk: none of the 118 smaller inputs tried fails"
        );
        assert_eq!(
            shrinking_line(b"9 9\n", b"1 1\n", 5, "x/shrunk.in"),
            "simplified in 5 tries (as long, 4 bytes): x/shrunk.in"
        );
        assert_eq!(
            shrinking_line(b"10 10\n", b"1 1\n", 5, "x/shrunk.in"),
            "shrunk in 5 tries to 4 bytes: x/shrunk.in"
        );
    }
}
