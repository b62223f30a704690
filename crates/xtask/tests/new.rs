//! `xtask new` (behind `scripts/new.sh`) end to end, in a fixture workspace that holds copies
//! of judge-io and the test harness (judge-test, judge-meta) beside the crates it makes: an ordinary problem, an interactive
//! one, a library, and a problem for Algospot (Rust 2015) that uses the library each pass fmt,
//! clippy, their tests, their benchmarks and `xtask testdata` (release binary and bundle, the
//! interactive one against its interactor) at once. Bad arguments are a usage line and exit 2.
//!
//! The fixture lives under cargo's per-target scratch folder and its copies are rewritten only
//! where a file changed, so its builds are incremental from one run to the next.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The crates the test makes (removed first, left afterwards for a look).
const MADE: &[&str] = &["tpl-sum", "tpl-guess", "tpl-fenwick", "tpl-uses-lib"];

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2).expect("the workspace").to_path_buf()
}

/// The fixture: the workspace's manifest and rustfmt.toml, judge-io, judge-test and judge-meta,
/// and none of the crates this test makes.
fn fixture() -> PathBuf {
    let real = workspace_root();
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("new-fixture");
    for file in ["Cargo.toml", "rustfmt.toml"] {
        copy_file(&real.join(file), &root.join(file));
    }
    for dir in ["judge-io", "crates/judge-test", "crates/judge-meta"] {
        copy_dir(&real.join(dir), &root.join(dir));
    }
    for name in MADE {
        for dir in [root.join("crates").join(name), root.join("testdata").join(name)] {
            if dir.exists() {
                fs::remove_dir_all(&dir).expect("can remove a crate made by an earlier run");
            }
        }
    }
    root
}

/// Copies `from` to `to` unless `to` holds the same bytes (a rewrite would make cargo rebuild).
fn copy_file(from: &Path, to: &Path) {
    let bytes = fs::read(from).unwrap_or_else(|e| panic!("cannot read {}: {e}", from.display()));
    if fs::read(to).is_ok_and(|old| old == bytes) {
        return;
    }
    fs::create_dir_all(to.parent().expect("a file in a folder")).expect("can create a folder");
    fs::write(to, bytes).expect("can write a fixture file");
}

/// Makes `to` a copy of `from` (but build output): each file as `copy_file` does, and what
/// `to` holds that `from` no longer does removed (a file left from an earlier run would still
/// be compiled).
fn copy_dir(from: &Path, to: &Path) {
    let mut kept = Vec::new();
    for entry in fs::read_dir(from).expect("a folder lists") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().expect("named").to_owned();
        let target = to.join(&name);
        if path.is_dir() {
            if name != "target" {
                copy_dir(&path, &target);
                kept.push(name);
            }
        } else {
            copy_file(&path, &target);
            kept.push(name);
        }
    }
    for entry in fs::read_dir(to).expect("the copy lists") {
        let path = entry.expect("an entry").path();
        if !kept.iter().any(|name| path.file_name() == Some(name)) {
            let removed =
                if path.is_dir() { fs::remove_dir_all(&path) } else { fs::remove_file(&path) };
            removed.expect("can remove a file the source no longer has");
        }
    }
}

/// `xtask ARGS` on the workspace at `root`.
fn xtask(root: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .env("XTASK_WORKSPACE", root)
        .env("CARGO_TARGET_DIR", root.join("target"))
        .output()
        .expect("xtask runs")
}

/// `cargo ARGS` in the workspace at `root`.
fn cargo(root: &Path, args: &[&str]) -> Output {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(args)
        .current_dir(root)
        .env("CARGO_TARGET_DIR", root.join("target"))
        .output()
        .expect("cargo runs")
}

/// Panics with both streams unless `output` is a success; returns its stdout.
#[track_caller]
fn succeeded(what: &str, output: &Output) -> String {
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{what}: {}\n{stdout}\n{stderr}", output.status);
    stdout
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Rewrites `from` into `to` in the file at `path`, which must hold `from`.
fn edit(path: &Path, from: &str, to: &str) {
    let text = read(path);
    assert!(text.contains(from), "{} does not hold {from:?}", path.display());
    fs::write(path, text.replacen(from, to, 1)).expect("can edit a made file");
}

#[test]
fn made_crates_pass_every_check_at_once() {
    let root = fixture();
    let made = |args: &[&str]| succeeded(&format!("xtask new {args:?}"), &xtask(&root, args));

    let out = made(&["new", "tpl-sum", "--judge", "boj", "--time-limit", "2000"]);
    assert!(out.contains("made 3 cases in testdata/tpl-sum"), "{out}");
    assert!(out.contains("note: no --memory-limit: BOJ's usual 128 MB applies"), "{out}");
    let crate_dir = root.join("crates/tpl-sum");
    let manifest = read(&crate_dir.join("Cargo.toml"));
    assert!(manifest.contains("\ntime-limit-ms = 2000\n"), "{manifest}");
    assert!(manifest.contains("\n# memory-limit-mb = 128 "), "{manifest}");
    let main = read(&crate_dir.join("src/main.rs"));
    assert!(main.starts_with("//! tpl-sum: reads the input on stdin"), "{main}");
    assert!(!main.contains("TODO"), "main.rs is bundled as it is:\n{main}");

    let out = made(&["new", "--interactive", "tpl-guess", "--judge", "codeforces"]);
    assert!(out.contains("checked by tpl-guess-judge: yes"), "{out}");
    assert!(root.join("crates/tpl-guess/src/bin/tpl-guess-judge.rs").is_file());
    assert!(!root.join("testdata/tpl-guess/sample.out").exists(), "interactive cases are inputs");
    let main = read(&root.join("crates/tpl-guess/src/main.rs"));
    assert!(main.contains("judge_io::run_stream(tpl_guess::run)") && !main.contains("TODO"));

    made(&["new", "--lib", "tpl-fenwick"]);
    let manifest = read(&root.join("crates/tpl-fenwick/Cargo.toml"));
    for line in ["\nedition = \"2021\"\n", "\nrust-version = \"1.63\"\n"] {
        assert!(manifest.contains(line), "{manifest}");
    }
    assert!(!manifest.contains("[package.metadata.judge]"), "a library is no problem");
    assert!(!root.join("testdata/tpl-fenwick").exists());

    // A problem for Algospot (no --edition: Rust 2015) whose solver sums through the library.
    made(&["new", "tpl-uses-lib", "--judge", "algospot"]);
    let uses = root.join("crates/tpl-uses-lib");
    let dependency = "judge-io = { path = \"../../judge-io\" }\n";
    edit(
        &uses.join("Cargo.toml"),
        dependency,
        &format!("{dependency}tpl-fenwick = {{ path = \"../tpl-fenwick\" }}\n"),
    );
    edit(
        &uses.join("src/lib.rs"),
        "    input.values.iter().sum()\n",
        "    let mut tree = tpl_fenwick::Fenwick::new(input.values.len());\n    \
         for (i, &value) in input.values.iter().enumerate() {\n        \
         tree.add(i, value);\n    }\n    tree.sum(0..tree.len())\n",
    );

    succeeded("cargo fmt --check", &cargo(&root, &["fmt", "--all", "--check"]));
    let mut packages = Vec::new();
    for name in MADE {
        packages.extend(["-p", name]);
    }
    let clippy = [&["clippy", "-q", "--all-targets"], &packages[..], &["--", "-D", "warnings"]];
    succeeded("cargo clippy", &cargo(&root, &clippy.concat()));
    let out = succeeded("cargo test", &cargo(&root, &[&["test", "-q"], &packages[..]].concat()));
    assert!(!out.contains("test result: FAILED"), "{out}");

    for bench in ["tpl-sum", "tpl-guess"] {
        let example = format!("{bench}-bench");
        let args = ["run", "-q", "-p", bench, "--example", &example];
        let out = succeeded(&example, &cargo(&root, &args));
        assert!(!out.is_empty(), "{example} prints its figures");
    }

    let out = succeeded(
        "xtask testdata",
        &xtask(&root, &["testdata", "tpl-sum", "tpl-guess", "tpl-uses-lib"]),
    );
    assert!(out.contains("testdata: 30 passed, 0 failed"), "{out}");
    for problem in ["tpl-sum", "tpl-guess", "tpl-uses-lib"] {
        let bundled = out.lines().filter(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            words.len() > 3 && words[0] == "AC" && words[1] == problem && words[3] == "bundle"
        });
        assert!(bundled.count() >= 4, "{problem}'s bundle runs:\n{out}");
    }
    let bundle = xtask(&root, &["bundle", "tpl-uses-lib"]);
    let text = succeeded("xtask bundle tpl-uses-lib", &bundle);
    assert!(text.contains("mod tpl_fenwick {"), "the library is inlined:\n{text}");
}

#[test]
fn bad_arguments_are_a_usage_line_and_status_2() {
    // Nothing is written, so an empty folder will do for a workspace.
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("new-bad-arguments");
    fs::create_dir_all(root.join("crates/taken")).expect("can create a folder");
    let cases: &[(&[&str], &str)] = &[
        (&[], "NAME is missing"),
        (&["x", "--judge", "boj", "--time-limit", "2"], "--time-limit needs a whole number"),
        (&["x", "--judge", "boj", "--memory-limit", "lots"], "--memory-limit needs a whole"),
        (&["x", "--judge", "uva"], "unknown judge profile \"uva\""),
        (&["x", "--judge", "boj", "--verbose"], "unknown option --verbose"),
        (&["--lib", "x", "--judge", "boj"], "--lib takes a NAME alone"),
        (&["Bad_Name", "--judge", "boj"], "\"Bad_Name\" is not a crate name"),
        (&["taken", "--judge", "boj"], "crates/taken already exists"),
        (&["--lib", "taken"], "crates/taken already exists"),
    ];
    for (args, reason) in cases {
        let output = xtask(&root, &[&["new"], *args].concat());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 2, "{args:?}: {stderr}");
        assert!(lines[0].starts_with("error: ") && lines[0].contains(reason), "{args:?}: {stderr}");
        assert!(lines[1].starts_with("usage: scripts/new.sh NAME --judge PROFILE"), "{stderr}");
    }
    let written: Vec<_> = fs::read_dir(root.join("crates")).expect("lists").collect();
    assert_eq!(written.len(), 1, "only crates/taken: nothing was written");
}
