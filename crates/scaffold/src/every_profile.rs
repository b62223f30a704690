//! The templates meet the bundler: the sample problems `xtask new` makes (ordinary,
//! multi-test, interactive), with a title and an address as a received problem has, bundled
//! for every judge profile, are accepted by that judge's compilers (the checks inside the
//! bundler), stay within the size a new problem's bundle may have, and, compiled as the judge
//! compiles them, answer their samples (the multi-test one and the compact bundle on one
//! judge: they differ from the ordinary one in the problem's own code and the comments only),
//! without a warning. `cargo test -p scaffold every_profile -- --nocapture` prints each size.
//!
//! Profiles that compile alike (the same edition, compiler, flags and platform checks: BOJ,
//! SWEA and Programmers, say) get the same bundle, since the samples' sources do not depend on
//! the profile (only their metadata does) and the bundler's options are the profile's: each such
//! group is bundled and run once, the groups side by side.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use bundler::{bundle_crate, judged, Edition, Options, WINDOWS_TARGET};
use judge_meta::problem::{self, Role};
use judge_meta::profiles::PROFILES;

/// A folder under the system's temp dir, removed on drop.
struct TempDir {
    path: PathBuf,
}

impl TempDir {
    fn new(name: &str) -> TempDir {
        // Tests run in parallel: a number of its own for each folder.
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let unique = NEXT.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("scaffold-{name}-{}-{unique}", std::process::id()));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).expect("can create a temp dir");
        TempDir { path }
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

/// The workspace this crate is in.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2).expect("the workspace").to_path_buf()
}

/// The most bytes a new problem's readable bundle may have, whatever the judge: `input!` and
/// its located errors are worth that much (issue 21).
const NEW_BUNDLE_BYTES: usize = 19_000;

/// What a received problem's docs say (its title and address are in its bundle).
const TITLE: &str = "A - N-choice question";
const URL: &str = "https://atcoder.jp/contests/abc300/tasks/abc300_a";

/// The shapes of a new problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Ordinary,
    MultiTest,
    Interactive,
}

/// A temp workspace with a `scripts/new.sh` sample problem `sample` of `shape` for `profile`,
/// and a copy of the real judge-io, the test harness and every library crate beside it (a
/// copy: the bundler refuses dependencies outside the workspace, and a link resolves
/// outside).
fn sample_problem(profile: &str, shape: Shape) -> TempDir {
    let dir = TempDir::new(&format!("sample-{profile}"));
    let root = workspace_root();
    let mut copied = problem::crates_with_role(&root, Role::Library).expect("the crates list");
    copied.extend(["judge-test".to_string(), "judge-meta".to_string()]);
    for library in copied {
        let from = problem::crate_dir(&root, &library).expect("a library's folder");
        let to = dir.path.join(from.strip_prefix(&root).expect("inside the workspace"));
        copy_crate(&from, &to);
    }
    let spec = crate::new::ProblemSpec {
        name: "sample".to_string(),
        profile: profile.to_string(),
        multi_test: shape == Shape::MultiTest,
        interactive: shape == Shape::Interactive,
        title: Some(TITLE.to_string()),
        url: Some(URL.to_string()),
        ..crate::new::ProblemSpec::default()
    };
    if crate::new::make_problem(&dir.path, &spec, false).is_err() {
        panic!("xtask new makes the sample for {profile}");
    }
    dir
}

/// The bundle of the sample of `shape` for `profile`, within the size a new problem's bundle
/// may have.
fn bundled(profile: &judge_meta::Profile, shape: Shape, compact: bool) -> String {
    let dir = sample_problem(profile.key, shape);
    let options = Options::for_profile(profile, compact).expect("a known edition");
    // The checks inside are the judge's compilers (and, for Codeforces, Windows).
    let bundle = bundle_crate(&dir.path, &dir.path.join("crates/sample"), "sample", &options)
        .unwrap_or_else(|e| panic!("{} {shape:?} (compact {compact}): {e}", profile.key));
    let size = bundle.text.len();
    eprintln!(
        "{:<12} {shape:?}{}: {size} bytes",
        profile.key,
        if compact { ", compact" } else { "" }
    );
    assert!(
        size <= NEW_BUNDLE_BYTES,
        "{} {shape:?} (compact {compact}): {size} bytes",
        profile.key
    );
    let docs = bundle.text.contains(URL);
    assert_eq!(docs, !compact, "a received problem's bundle says where it is from, but compact");
    bundle.text
}

/// Copies a crate's manifest and `src/` from `from` to `to`.
fn copy_crate(from: &Path, to: &Path) {
    fn copy_dir(from: &Path, to: &Path) {
        fs::create_dir_all(to).expect("can create a folder");
        for entry in fs::read_dir(from).expect("a folder lists") {
            let path = entry.expect("an entry").path();
            let target = to.join(path.file_name().expect("named"));
            if path.is_dir() {
                copy_dir(&path, &target);
            } else {
                fs::copy(&path, &target).expect("can copy a file");
            }
        }
    }
    fs::create_dir_all(to).expect("can create a folder");
    fs::copy(from.join("Cargo.toml"), to.join("Cargo.toml")).expect("can copy a manifest");
    copy_dir(&from.join("src"), &to.join("src"));
}

/// Compiles `source` as the judge of `profile` does, which must say nothing (no error, no
/// warning); the binary, in `dir`.
fn compile(dir: &TempDir, source: &str, profile: &judge_meta::Profile) -> PathBuf {
    let judged = judged::compile(profile, source, &dir.path).unwrap_or_else(|e| {
        panic!("{} rejects the bundle:\n{e}\n--- bundle ---\n{source}", profile.stand_in())
    });
    assert!(
        judged.diagnostics.trim().is_empty(),
        "{} warns:\n{}\n--- bundle ---\n{source}",
        profile.stand_in(),
        judged.diagnostics
    );
    judged.binary
}

/// Compiles `source` as the judge of `profile` does and runs it on `stdin`.
fn compile_and_run(source: &str, profile: &judge_meta::Profile, stdin: &str) -> String {
    let dir = TempDir::new(&format!("compile-{}", profile.key));
    let binary = compile(&dir, source, profile);
    judged::run(&binary, stdin).unwrap_or_else(|e| panic!("{e}"))
}

/// The profiles in groups that compile alike: the same Rust version, edition, flags and
/// platforms, so the bundler does the same for them (only the judge's name in a refusal
/// differs).
fn compiling_alike() -> Vec<Vec<&'static judge_meta::Profile>> {
    let mut groups: Vec<Vec<&judge_meta::Profile>> = Vec::new();
    for profile in PROFILES {
        let options = |p: &judge_meta::Profile| (p.rust_version, p.rustc_flags, p.windows);
        match groups.iter_mut().find(|group| options(group[0]) == options(profile)) {
            Some(group) => group.push(profile),
            None => groups.push(vec![profile]),
        }
    }
    groups
}

/// Runs `check` on one profile of each group that compiles alike, the groups side by side.
fn for_each_group(check: impl Fn(&'static judge_meta::Profile) + Sync) {
    let groups = compiling_alike();
    // Every profile is in one group; boj, swea and programmers compile alike.
    assert_eq!(groups.iter().map(Vec::len).sum::<usize>(), PROFILES.len());
    let keys: Vec<Vec<&str>> = groups.iter().map(|g| g.iter().map(|p| p.key).collect()).collect();
    assert!(keys.iter().any(|g| g.contains(&"boj") && g.contains(&"swea")), "{keys:?}");
    std::thread::scope(|scope| {
        for group in &groups {
            let check = &check;
            scope.spawn(move || check(group[0]));
        }
    });
}

#[test]
fn every_profile_gets_a_bundle_its_judges_compilers_accept() {
    for_each_group(|profile| {
        let bundle = bundled(profile, Shape::Ordinary, false);
        assert_eq!(compile_and_run(&bundle, profile, "3\n1 2 -4\n"), "-1\n", "{}", profile.key);
        assert!(Edition::parse(profile.edition).is_ok(), "{}", profile.key);
        let compact = bundled(profile, Shape::Ordinary, true);
        assert_eq!(compile_and_run(&compact, profile, "2\n5 6\n"), "11\n", "{}", profile.key);
        if profile.windows {
            let options = Options::for_profile(profile, false).expect("a known edition");
            let windows =
                |c: &bundler::JudgeCheck| c.compiler.flags.iter().any(|f| f == WINDOWS_TARGET);
            assert!(options.checks.before_2024.iter().any(windows));
        }
    });
}

/// A problem may use what its judge's Rust has: its manifest's `rust-version` is its judge's
/// (so clippy's `incompatible_msrv` judges it by that), and on a judge newer than 1.63 a
/// solver that uses `Option::is_none_or` (Rust 1.82) is bundled, accepted by the judge's
/// compilers (Windows' too, for Codeforces) and answers as that judge compiles it.
#[test]
fn a_problem_may_use_its_judges_rust() {
    for profile in PROFILES {
        let manifest = fs::read_to_string(
            sample_problem_alone(profile.key).path.join("crates/sample/Cargo.toml"),
        )
        .expect("a manifest");
        let line = format!("\nrust-version = \"{}\"\n", profile.rust_version);
        assert!(manifest.contains(&line), "{}: {manifest}", profile.key);
    }
    let newer: Vec<&judge_meta::Profile> = PROFILES
        .iter()
        .filter(|p| p.accepts_rust && p.rust_version != judge_meta::profiles::RUSTC_163_VERSION)
        .collect();
    assert!(newer.iter().any(|p| p.key == "codeforces"), "Codeforces runs a newer Rust");
    std::thread::scope(|scope| {
        for profile in newer {
            scope.spawn(move || {
                let dir = sample_problem(profile.key, Shape::Ordinary);
                let lib = dir.path.join("crates/sample/src/lib.rs");
                let text = fs::read_to_string(&lib).expect("the solver");
                let newer_solve = "input.a.iter().sum::<i64>() + i64::from(input.a.first().is_none_or(|&a| a > 0))";
                let edited = text.replace("input.a.iter().sum()", newer_solve);
                assert_ne!(edited, text, "the template's solve changed");
                fs::write(&lib, edited).expect("an edit");
                let options = Options::for_profile(profile, false).expect("a known edition");
                let bundle =
                    bundle_crate(&dir.path, &dir.path.join("crates/sample"), "sample", &options)
                        .unwrap_or_else(|e| panic!("{}: {e}", profile.key));
                assert!(bundle.text.contains("is_none_or"));
                // 1 + 2 + -4, and 1 since the first is positive.
                let output = compile_and_run(&bundle.text, profile, "3\n1 2 -4\n");
                assert_eq!(output, "0\n", "{}", profile.key);
            });
        }
    });
}

/// A temp workspace with only the sample problem for `profile` (no crates beside it: for its
/// files, not its bundle).
fn sample_problem_alone(profile: &str) -> TempDir {
    let dir = TempDir::new(&format!("alone-{profile}"));
    let spec = crate::new::ProblemSpec {
        name: "sample".to_string(),
        profile: profile.to_string(),
        ..crate::new::ProblemSpec::default()
    };
    if crate::new::make_problem(&dir.path, &spec, false).is_err() {
        panic!("xtask new makes the sample for {profile}");
    }
    dir
}

#[test]
fn every_profile_gets_a_multi_test_bundle_within_the_size() {
    for_each_group(|profile| {
        let bundle = bundled(profile, Shape::MultiTest, false);
        // The judge's compilers accepted it inside the bundler; one judge runs it here.
        if profile.key == "codeforces" {
            let output = compile_and_run(&bundle, profile, "3\n3\n1 2 2\n2\n5 4\n1\n7\n");
            assert_eq!(output, "YES\nNO\nYES\n", "{}", profile.key);
        }
    });
}

#[test]
fn every_profile_gets_an_interactive_bundle_within_the_size() {
    for_each_group(|profile| {
        let bundle = bundled(profile, Shape::Interactive, false);
        // Where the analysis is the workspace's rustc (a judge newer than rustc 1.63), its
        // unused-import reports once left a warning behind in this bundle.
        if !profile.has_own_compiler() {
            let dir = TempDir::new(&format!("compile-guess-{}", profile.key));
            compile(&dir, &bundle, profile);
        }
    });
}
