//! How long bundling takes, and how many rustc runs it needs: the workspace's problems, the
//! programs of the fixture workspace (ordinary libraries), and programs on a generated
//! library of about 20,000 lines ([`biglib`]), each bundled for a judge that runs rustc 1.63
//! (the analysis on rustc 1.63) and for one that runs a newer rustc (the analysis on the
//! workspace's rustc). Every bundle of the generated library is also compiled as its judge
//! compiles it and run against the cargo build's output. Figures, not pass/fail.
//!
//! Run: `scripts/bench.sh bundler`, or `cargo run --release -p bundler --example
//! bundler-bench -- [--runs N] [--modules N] [--only problems|fixtures|big]` (medians of N
//! runs, default 3; a library of N generated modules, default 170); `-- --write DIR` writes
//! the generated workspace to DIR and stops; `-- --app ROOT APP [JUDGE...]` bundles the
//! binary crate ROOT/APP of the cargo workspace ROOT (a program on a library from elsewhere)
//! for each judge (default: boj, atcoder), compares what each bundle prints with what
//! cargo's build prints, and stops.

mod biglib;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use bundler::{bundle_crate, judged, Bundle, Options};
use judge_meta::profiles;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str, default: usize| -> usize {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map(|v| v.parse().expect("a number"))
            .unwrap_or(default)
    };
    let runs = value("--runs", 3);
    let modules = value("--modules", 170);
    let only = args.iter().position(|a| a == "--only").and_then(|i| args.get(i + 1));
    if let Some(dir) = args.iter().position(|a| a == "--write").and_then(|i| args.get(i + 1)) {
        // The generated workspace alone, to bundle by hand.
        let lines = write_big_workspace(Path::new(dir), modules);
        println!("wrote {dir}: a library of {lines} lines and its programs");
        return;
    }
    if let Some(at) = args.iter().position(|a| a == "--app") {
        let (Some(root), Some(app)) = (args.get(at + 1), args.get(at + 2)) else {
            eprintln!("usage: bundler-bench --app ROOT APP [JUDGE...]");
            std::process::exit(2);
        };
        let mut judges: Vec<&str> = args[at + 3..]
            .iter()
            .take_while(|a| !a.starts_with("--"))
            .map(String::as_str)
            .collect();
        if judges.is_empty() {
            judges = vec!["boj", "atcoder"];
        }
        let root = Path::new(root);
        // Each bundle, compiled as its judge compiles it, prints what cargo's build prints
        // (on an empty stdin).
        let expected = run(&cargo_build(root).join(app), "");
        let work = std::env::temp_dir().join(format!("bundler-bench-app-{}", std::process::id()));
        for key in judges {
            let options = options(key);
            let bundle =
                report(app, key, runs, || bundle_crate(root, &root.join(app), app, &options));
            if let Some(bundle) = bundle {
                let actual = compile_and_run(&work, &bundle.text, key, "");
                let same = if actual == expected { "same output as cargo's build" } else { "" };
                println!("  {}", if same.is_empty() { "MISMATCH" } else { same });
                if actual != expected {
                    println!("  the bundle prints {actual:?}, cargo's build {expected:?}");
                }
            }
        }
        let _ = std::fs::remove_dir_all(&work);
        return;
    }
    let part = |name: &str| only.map_or(true, |o| o == name);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2).expect("the workspace");
    println!(
        "{:<28} {:<12} {:>8} {:>6} {:>7} {:>8} {:>7} {:>9}",
        "program", "judge", "seconds", "rustc", "rounds", "repairs", "bisect", "bytes"
    );
    let problems = if part("problems") {
        judge_meta::problem::problems(root).expect("the problem crates")
    } else {
        Vec::new()
    };
    println!("-- the workspace's problems (median of {runs})");
    for problem in problems {
        let meta = judge_meta::problem::read(root, &problem).expect("a problem's metadata");
        let options = Options::for_profile(meta.profile, false).expect("a profile");
        let dir = root.join("crates").join(&problem);
        report(&problem, meta.profile.key, runs, || bundle_crate(root, &dir, &problem, &options));
    }
    let fixtures = root.join("crates/bundler/fixtures");
    println!("-- programs on ordinary libraries (crates/bundler/fixtures, median of {runs})");
    for app in fixture_apps(&fixtures).into_iter().filter(|_| part("fixtures")) {
        for key in ["boj", "atcoder"] {
            let options = options(key);
            let dir = fixtures.join(&app);
            report(&app, key, runs, || bundle_crate(&fixtures, &dir, &app, &options));
        }
    }
    if !part("big") {
        return;
    }
    let work = std::env::temp_dir().join(format!("bundler-bench-{}", std::process::id()));
    let lines = write_big_workspace(&work, modules);
    println!(
        "-- programs on a generated library of {lines} lines ({modules} modules, median of {runs})"
    );
    let built = cargo_build(&work);
    for (name, _, stdin) in biglib::programs() {
        if std::env::var("BENCH_PROGRAM").is_ok_and(|p| p != name) {
            continue;
        }
        let expected = run(&built.join(name), stdin);
        for key in ["boj", "algospot", "atcoder"] {
            if std::env::var("BENCH_JUDGE").is_ok_and(|j| j != key) {
                continue;
            }
            let options = options(key);
            let dir = work.join(name);
            let bundle = report(name, key, runs, || bundle_crate(&work, &dir, name, &options));
            if let Some(bundle) = bundle {
                if let Some(dump) = std::env::var_os("BENCH_DUMP") {
                    let path = PathBuf::from(dump).join(format!("{name}-{key}.rs"));
                    std::fs::write(path, &bundle.text).expect("can write a dump");
                }
                let actual = compile_and_run(&work, &bundle.text, key, stdin);
                if actual != expected {
                    println!(
                        "  MISMATCH: the bundle prints {actual:?}, cargo's build {expected:?}"
                    );
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&work);
}

/// The options for the judge `key`, with no progress lines.
fn options(key: &str) -> Options {
    Options::for_profile(profiles::find(key).expect("a profile"), false).expect("a profile")
}

/// Bundles `runs` times and prints the median time with the last run's counts.
fn report(
    name: &str,
    judge: &str,
    runs: usize,
    bundle: impl Fn() -> Result<Bundle, String>,
) -> Option<Bundle> {
    let mut seconds = Vec::new();
    let mut last = None;
    for _ in 0..runs.max(1) {
        let started = Instant::now();
        match bundle() {
            Ok(made) => last = Some(made),
            Err(e) => {
                println!("{name:<28} {judge:<12} refused: {}", e.lines().next().unwrap_or(""));
                return None;
            }
        }
        seconds.push(started.elapsed().as_secs_f64());
    }
    seconds.sort_by(f64::total_cmp);
    let made = last.expect("at least one run");
    println!(
        "{:<28} {:<12} {:>8.2} {:>6} {:>7} {:>8} {:>7} {:>9}",
        name,
        judge,
        seconds[seconds.len() / 2],
        made.checks,
        made.rounds,
        made.repairs,
        made.bisections,
        made.text.len()
    );
    Some(made)
}

/// The fixture workspace's programs (its `app-*` crates), sorted.
fn fixture_apps(fixtures: &Path) -> Vec<String> {
    let mut apps: Vec<String> = std::fs::read_dir(fixtures)
        .expect("the fixture workspace")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| name.starts_with("app-"))
        .collect();
    apps.sort();
    apps
}

/// Writes the generated library and its programs as a cargo workspace; its line count.
fn write_big_workspace(work: &Path, modules: usize) -> usize {
    let _ = std::fs::remove_dir_all(work);
    let write = |rel: &str, text: &str| {
        let path = work.join(rel);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("can create folders");
        std::fs::write(path, text).expect("can write");
    };
    let mut members = vec!["\"biglib\"".to_string()];
    let mut lines = 0;
    for (rel, text) in biglib::library(modules) {
        lines += text.lines().count();
        write(&format!("biglib/{rel}"), &text);
    }
    for (name, main, _) in biglib::programs() {
        write(&format!("{name}/Cargo.toml"), &biglib::manifest(name, &["biglib"]));
        write(&format!("{name}/src/main.rs"), main);
        members.push(format!("\"{name}\""));
    }
    write(
        "Cargo.toml",
        &format!("[workspace]\nresolver = \"2\"\nmembers = [{}]\n", members.join(", ")),
    );
    lines
}

/// Builds the generated workspace; its release folder.
fn cargo_build(work: &Path) -> PathBuf {
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["build", "--release", "--quiet", "--offline", "--manifest-path"])
        .arg(work.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", work.join("target"))
        .status()
        .expect("cargo runs");
    assert!(status.success(), "the generated workspace builds");
    work.join("target/release")
}

/// What `binary` prints for `stdin` (or how it failed, without its path, so that two
/// binaries that fail alike compare equal).
fn run(binary: &Path, stdin: &str) -> String {
    judged::run(binary, stdin).unwrap_or_else(|e| {
        let how = e.rsplit(" fails: ").next().unwrap_or(&e).to_string();
        format!("(fails: {how})")
    })
}

/// Compiles `source` as the judge `key` does and runs it on `stdin`.
fn compile_and_run(work: &Path, source: &str, key: &str, stdin: &str) -> String {
    let profile = profiles::find(key).expect("a profile");
    let dir = work.join(format!("judged-{key}"));
    std::fs::create_dir_all(&dir).expect("can create a folder");
    match judged::compile(profile, source, &dir) {
        Ok(judged) => run(&judged.binary, stdin),
        Err(e) => format!("(does not compile: {e})"),
    }
}
