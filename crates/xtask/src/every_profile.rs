//! The templates meet the bundler: the sample problem `xtask new` makes, bundled for every
//! judge profile (readable and compact), is accepted by that judge's compilers (the checks
//! inside the bundler) and, compiled as the judge compiles it, answers the sample.
//!
//! Profiles that compile alike (the same edition, compiler, flags and platform checks: BOJ,
//! SWEA and Programmers, say) get the same bundle, since the sample's sources do not depend on
//! the profile (only its metadata does) and the bundler's options are the profile's: each such
//! group is bundled and run once, the groups side by side.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use bundler::{bundle_crate, Edition, Options, WINDOWS_TARGET};
use judge_meta::problem::{self, Role};
use judge_meta::profiles::PROFILES;

/// A folder under the system's temp dir, removed on drop.
struct TempDir {
    path: PathBuf,
}

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!("xtask-{name}-{}", std::process::id()));
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

/// A temp workspace with a `scripts/new.sh` sample problem `sample` for `profile`, and a copy
/// of the real judge-io, the test harness and every library crate beside it (a copy: the
/// bundler refuses dependencies outside the workspace, and a link resolves outside).
fn sample_problem(profile: &str) -> TempDir {
    let dir = TempDir::new(&format!("sample-{profile}"));
    let root = crate::workspace_root();
    let mut copied = problem::crates_with_role(&root, Role::Library).expect("the crates list");
    copied.extend(["judge-test".to_string(), "judge-meta".to_string()]);
    for library in copied {
        let from = problem::crate_dir(&root, &library).expect("a library's folder");
        let to = dir.path.join(from.strip_prefix(&root).expect("inside the workspace"));
        copy_crate(&from, &to);
    }
    if crate::new::create(&dir.path, "sample", profile).is_err() {
        panic!("xtask new makes the sample for {profile}");
    }
    dir
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

/// Compiles `source` as the judge of `profile` does and runs it on `stdin`.
fn compile_and_run(source: &str, profile: &judge_meta::Profile, stdin: &str) -> String {
    let dir = TempDir::new(&format!("compile-{}", profile.key));
    let (main, binary) = (dir.path.join("Main.rs"), dir.path.join("main"));
    fs::write(&main, source).expect("can write the bundle");
    let compiled = Command::new(profile.rustc_program())
        .args(profile.rustc_flags)
        .arg("-o")
        .arg(&binary)
        .arg(&main)
        .output()
        .expect("the judge's rustc runs");
    assert!(
        compiled.status.success(),
        "{} rejects the bundle:\n{}\n--- bundle ---\n{source}",
        profile.stand_in(),
        String::from_utf8_lossy(&compiled.stderr)
    );
    let mut child = Command::new(&binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", binary.display()));
    child.stdin.take().expect("piped").write_all(stdin.as_bytes()).expect("can write stdin");
    let output = child.wait_with_output().expect("the binary finishes");
    assert!(output.status.success(), "{} fails: {:?}", binary.display(), output.status);
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// The profiles in groups that compile alike: the bundler's options for them are the same.
fn compiling_alike() -> Vec<Vec<&'static judge_meta::Profile>> {
    let mut groups: Vec<Vec<&judge_meta::Profile>> = Vec::new();
    for profile in PROFILES {
        let options = |p: &judge_meta::Profile| {
            format!("{:?}", Options::for_profile(p, false).expect("a known edition"))
        };
        match groups.iter_mut().find(|group| options(group[0]) == options(profile)) {
            Some(group) => group.push(profile),
            None => groups.push(vec![profile]),
        }
    }
    groups
}

#[test]
fn every_profile_gets_a_bundle_its_judges_compilers_accept() {
    let groups = compiling_alike();
    // Every profile is in one group; boj, swea and programmers compile alike.
    assert_eq!(groups.iter().map(Vec::len).sum::<usize>(), PROFILES.len());
    let keys: Vec<Vec<&str>> = groups.iter().map(|g| g.iter().map(|p| p.key).collect()).collect();
    assert!(keys.iter().any(|g| g.contains(&"boj") && g.contains(&"swea")), "{keys:?}");
    std::thread::scope(|scope| {
        for group in &groups {
            scope.spawn(move || {
                let profile = group[0];
                let dir = sample_problem(profile.key);
                for compact in [false, true] {
                    let options = Options::for_profile(profile, compact).expect("a known edition");
                    // The checks inside are the judge's compilers (and, for Codeforces,
                    // Windows).
                    let bundle = bundle_crate(
                        &dir.path,
                        &dir.path.join("crates/sample"),
                        "sample",
                        &options,
                    )
                    .unwrap_or_else(|e| panic!("{} (compact {compact}): {e}", profile.key));
                    assert!(Edition::parse(profile.edition).is_ok(), "{}", profile.key);
                    let output = compile_and_run(&bundle.text, profile, "3\n1 2 -4\n");
                    assert_eq!(output, "-1\n", "{}", profile.key);
                    if profile.windows {
                        assert!(options.checks.before_2024.iter().any(|c| c
                            .compiler
                            .flags
                            .iter()
                            .any(|f| f == WINDOWS_TARGET)));
                    }
                }
            });
        }
    });
}
