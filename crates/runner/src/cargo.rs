//! Asking cargo to build, and reading what it built from its JSON messages
//! (`--message-format=json-render-diagnostics`: one `compiler-artifact` object per unit on
//! stdout, its diagnostics rendered on stderr as usual), never from its printed lines.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use judge_meta::json::{self, Value};

/// The cargo that runs this program (`CARGO`, set when cargo started it), else `cargo`.
pub fn program() -> std::ffi::OsString {
    std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into())
}

/// Builds, in release mode and in one cargo run, the given binaries of each package.
pub fn build_release(root: &Path, packages: &[(&str, &[&str])]) -> Result<(), String> {
    let mut command = Command::new(program());
    command.current_dir(root).args(["build", "-q", "--release"]);
    for (package, binaries) in packages {
        command.args(["-p", package]);
        for binary in *binaries {
            command.args(["--bin", binary]);
        }
    }
    let status = command.status().map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        let names: Vec<&str> = packages.iter().map(|(package, _)| *package).collect();
        return Err(format!("the release build of {} failed", names.join(", ")));
    }
    Ok(())
}

/// A test executable cargo built: a crate's unit tests or one of its integration tests.
#[derive(Debug, Clone, PartialEq)]
pub struct TestBinary {
    /// The package's name (`boj-11559`).
    pub package: String,
    /// The package's folder: where cargo runs its tests.
    pub package_dir: PathBuf,
    /// The target's source, from the package's folder (`src/lib.rs`, `tests/cli.rs`).
    pub source: String,
    /// Whether it is an integration test (`tests/*.rs`) rather than a crate's unit tests.
    pub integration: bool,
    /// Whether libtest runs it (`harness = false` in the manifest: its own `main`, which
    /// knows nothing of libtest's options and is one test).
    pub libtest: bool,
    pub executable: PathBuf,
}

impl TestBinary {
    /// `boj-11559 tests/cli.rs`.
    pub fn shown(&self) -> String {
        format!("{} {}", self.package, self.source)
    }
}

/// What a `cargo test --no-run` built: the test executables, and the packages whose library
/// has doc-tests.
#[derive(Debug, Default)]
pub struct TestBuild {
    pub binaries: Vec<TestBinary>,
    pub doc_tested: Vec<String>,
    /// The CPU time of cargo and the compilers.
    pub cpu: Duration,
}

/// One `cargo test --no-run`: which packages, which of their targets (`--lib`, `--bin NAME`,
/// `--tests`, `--test NAME`), in which profile.
#[derive(Debug, Clone)]
pub struct TestSelection {
    pub packages: Vec<String>,
    pub targets: Vec<String>,
    pub release: bool,
}

impl TestSelection {
    /// The command as a person would type it, for the progress line.
    pub fn shown(&self) -> String {
        let mut words = vec!["cargo test --no-run".to_string()];
        if self.release {
            words.push("--release".into());
        }
        words.extend(self.packages.iter().map(|package| format!("-p {package}")));
        words.extend(self.targets.iter().cloned());
        words.join(" ")
    }
}

/// Builds the test executables `selection` names (examples are left to clippy and the
/// benchmarks: cargo test would only compile them). Cargo's progress and diagnostics go to
/// this process's stderr.
pub fn build_tests(root: &Path, selection: &TestSelection) -> Result<TestBuild, String> {
    let mut command = Command::new(program());
    command.current_dir(root).args([
        "test",
        "--no-run",
        "--message-format=json-render-diagnostics",
    ]);
    if selection.release {
        command.arg("--release");
    }
    for package in &selection.packages {
        command.args(["-p", package]);
    }
    command.args(&selection.targets);
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    let mut messages = Vec::new();
    let read = child.stdout.take().expect("piped").read_to_end(&mut messages);
    // cargo and the compilers it waited for.
    let usage = crate::process::wait_within(&child, Duration::MAX)?.ok_or("cargo was killed")?;
    read.map_err(|e| format!("cannot read cargo's messages: {e}"))?;
    let mut build = read_test_build(&String::from_utf8_lossy(&messages))?;
    build.cpu = usage.cpu;
    // The dependencies' libraries are built too; their doc-tests are theirs to run.
    build.doc_tested.retain(|package| selection.packages.contains(package));
    if !usage.exit.success() {
        return Err(format!("`{}` failed (cargo's errors are above)", selection.shown()));
    }
    Ok(build)
}

/// Reads cargo's JSON messages (one object a line; other lines are not cargo's and are
/// skipped).
fn read_test_build(messages: &str) -> Result<TestBuild, String> {
    let mut build = TestBuild::default();
    for line in messages.lines().filter(|line| line.starts_with('{')) {
        let message = json::parse(line.as_bytes())
            .map_err(|e| format!("cannot read cargo's message: {e}"))?;
        if message.get("reason").and_then(Value::as_str) != Some("compiler-artifact") {
            continue;
        }
        let text = |value: Option<&Value>, what: &str| {
            value
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or_else(|| format!("cargo's artifact message has no {what}: {line}"))
        };
        let target = message.get("target");
        let manifest = PathBuf::from(text(message.get("manifest_path"), "manifest_path")?);
        let package_dir = manifest.parent().ok_or("a manifest is in a folder")?.to_path_buf();
        let package = package_name(&package_dir)?;
        let kinds: Vec<&str> = target
            .and_then(|t| t.get("kind"))
            .and_then(Value::as_array)
            .unwrap_or_default()
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let doctest = target.and_then(|t| t.get("doctest")).and_then(Value::as_bool) == Some(true);
        if kinds.contains(&"lib") && doctest && !build.doc_tested.contains(&package) {
            build.doc_tested.push(package.clone());
        }
        let Some(executable) = message.get("executable").and_then(Value::as_str) else {
            continue;
        };
        let is_test = message.get("profile").and_then(|p| p.get("test")).and_then(Value::as_bool);
        if is_test != Some(true) {
            continue; // a binary built for the integration tests to run, not a test
        }
        let source = PathBuf::from(text(target.and_then(|t| t.get("src_path")), "src_path")?);
        let source = source.strip_prefix(&package_dir).unwrap_or(&source).display().to_string();
        let name = text(target.and_then(|t| t.get("name")), "target name")?;
        let libtest = !without_harness(&package_dir, kinds.first().copied().unwrap_or(""), &name)?;
        build.binaries.push(TestBinary {
            package,
            package_dir,
            source,
            integration: kinds.contains(&"test"),
            libtest,
            executable: PathBuf::from(executable),
        });
    }
    Ok(build)
}

/// Whether the manifest in `dir` says `harness = false` for its target `name` of `kind`
/// (`[[test]]`, `[[bin]]` or `[lib]`).
fn without_harness(dir: &Path, kind: &str, name: &str) -> Result<bool, String> {
    let manifest = judge_meta::manifest::read(dir)?;
    let no_harness = |table: &judge_meta::toml::Table| {
        table.get("harness").and_then(judge_meta::toml::Value::as_bool) == Some(false)
    };
    let section = match kind {
        "lib" => return Ok(manifest.table(&["lib"]).is_some_and(no_harness)),
        "test" => "test",
        "bin" => "bin",
        _ => return Ok(false),
    };
    let targets =
        manifest.get(section).and_then(judge_meta::toml::Value::as_array).unwrap_or_default();
    Ok(targets.iter().filter_map(judge_meta::toml::Value::as_table).any(|target| {
        target.get("name").and_then(judge_meta::toml::Value::as_str) == Some(name)
            && no_harness(target)
    }))
}

/// The name in the package's manifest (judge-meta reads each manifest once).
fn package_name(dir: &Path) -> Result<String, String> {
    let manifest = judge_meta::manifest::read(dir)?;
    judge_meta::manifest::package_name(&manifest)
        .map(str::to_string)
        .ok_or_else(|| format!("{}/Cargo.toml has no package name", dir.display()))
}

#[cfg(test)]
mod tests {
    use super::read_test_build;
    use std::path::Path;

    #[test]
    fn a_target_without_libtest_is_found_in_its_manifest() {
        // judge-test's `mains` test has its own main.
        let judge_test = Path::new(env!("CARGO_MANIFEST_DIR")).join("../judge-test");
        assert_eq!(super::without_harness(&judge_test, "test", "mains"), Ok(true));
        assert_eq!(super::without_harness(&judge_test, "test", "interact"), Ok(false));
        assert_eq!(super::without_harness(&judge_test, "lib", "judge_test"), Ok(false));
    }

    #[test]
    fn test_executables_come_from_the_artifact_messages() {
        // Messages as cargo writes them, for this crate (whose manifest is read for its name).
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        let message = |kind: &str, src: &str, test: bool, executable: &str| {
            format!(
                r#"{{"reason":"compiler-artifact","package_id":"path+file://{dir}#0.1.0","manifest_path":"{dir}/Cargo.toml","target":{{"kind":["{kind}"],"crate_types":["{kind}"],"name":"x","src_path":"{dir}/{src}","edition":"2021","doc":true,"doctest":{doctest},"test":true}},"profile":{{"opt_level":"0","test":{test}}},"features":[],"filenames":[],"executable":{executable},"fresh":true}}"#,
                dir = dir.display(),
                doctest = kind == "lib",
            )
        };
        let messages = [
            message("lib", "src/lib.rs", false, "null"),
            message("lib", "src/lib.rs", true, "\"/t/debug/deps/runner-1\""),
            message("bin", "src/main.rs", false, "\"/t/debug/runner\""),
            message("test", "tests/cli.rs", true, "\"/t/debug/deps/cli-2\""),
            "warning: not cargo's".to_string(),
            r#"{"reason":"build-finished","success":true}"#.to_string(),
        ]
        .join("\n");
        let build = read_test_build(&messages).expect("valid messages");
        assert_eq!(build.doc_tested, ["runner"]);
        let shown: Vec<(String, bool)> =
            build.binaries.iter().map(|b| (b.shown(), b.integration)).collect();
        assert!(build.binaries.iter().all(|b| b.libtest));
        assert_eq!(
            shown,
            [("runner src/lib.rs".to_string(), false), ("runner tests/cli.rs".to_string(), true)]
        );
        assert_eq!(build.binaries[1].executable, Path::new("/t/debug/deps/cli-2"));
        assert_eq!(build.binaries[1].package_dir, dir);
        assert!(read_test_build("{\"reason\": ").is_err());
    }
}
