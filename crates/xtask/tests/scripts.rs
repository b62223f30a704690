//! The scripts' conventions: `--help` prints the usage line (commands one can type) and the
//! script's description on stdout and exits 0; a bad call prints `error: REASON` and then
//! the usage line on stderr, and exits 2. The bad calls here are refused before anything is
//! built (receive.sh's by the tools, which the test build has built).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2).expect("the workspace").to_path_buf()
}

/// Each script, with a call that is wrong and what the error line says of it.
const SCRIPTS: &[(&str, &[&str], &str)] = &[
    ("scripts/test.sh", &["--bogus"], "unknown option --bogus"),
    ("scripts/bundle.sh", &[], "PROBLEM is missing"),
    ("scripts/make-testdata.sh", &["--bogus", "boj-11559"], "unknown option --bogus"),
    ("scripts/stress.sh", &["--seconds", "5"], "no problem given"),
    ("scripts/bench.sh", &["--runs", "0", "--edit-loop"], "--runs needs a positive integer"),
    ("scripts/new.sh", &[], "NAME is missing"),
    ("scripts/receive.sh", &["--port", "x"], "--port needs a port number"),
    (".ci/run", &["now"], "it takes no arguments"),
];

fn run(script: &str, args: &[&str]) -> Output {
    Command::new("bash")
        .arg(workspace_root().join(script))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {script}: {e}"))
}

/// The alternatives of a usage line: split at ` | ` outside brackets.
fn forms(usage: &str) -> Vec<String> {
    let (mut forms, mut current, mut depth) = (Vec::new(), String::new(), 0);
    for part in usage.split(' ') {
        if part == "|" && depth == 0 {
            forms.push(std::mem::take(&mut current));
            continue;
        }
        depth += part.matches('[').count() as i32 - part.matches(']').count() as i32;
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(part);
    }
    forms.push(current);
    forms
}

#[test]
fn every_script_answers_help() {
    for (script, _, _) in SCRIPTS {
        let output = run(script, &["--help"]);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{script} --help: {stdout}");
        let usage = stdout.lines().next().unwrap_or_default();
        let usage = usage.strip_prefix("usage: ").unwrap_or_else(|| panic!("{script}: {stdout}"));
        // Every form is a command one can type, starting with the script itself.
        for form in forms(usage) {
            assert!(form.starts_with(script), "{script}: {form:?} in {usage:?}");
        }
        assert!(stdout.lines().count() > 2, "{script} --help describes it:\n{stdout}");
        assert!(output.stderr.is_empty(), "{script}: {}", String::from_utf8_lossy(&output.stderr));
    }
}

#[test]
fn a_bad_call_says_what_was_wrong_then_the_usage() {
    for (script, args, reason) in SCRIPTS {
        let output = run(script, args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{script} {args:?}: {stderr}");
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 2, "{script} {args:?}: {stderr}");
        assert!(lines[0].starts_with("error: ") && lines[0].contains(reason), "{script}: {stderr}");
        assert!(lines[1].starts_with(&format!("usage: {script}")), "{script}: {stderr}");
    }
}

/// One malformed manifest anywhere in the workspace stops every script: its last line names
/// the file (and the place) cargo names, not only "cannot build the workspace's tools".
#[test]
fn a_broken_manifest_is_named_in_the_last_line() {
    let root = std::env::temp_dir().join(format!("scripts-broken-manifest-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let write = |path: &str, text: &str| {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("made");
        std::fs::write(&path, text).expect("written");
    };
    let common = std::fs::read_to_string(workspace_root().join("scripts/common.sh")).unwrap();
    write("scripts/common.sh", &common);
    write(
        "scripts/probe.sh",
        "USAGE=\"scripts/probe.sh\"\n. \"$(dirname \"$0\")/common.sh\"\nxtask problems\n",
    );
    write("Cargo.toml", "[workspace]\nmembers = [\"crates/*\"]\nresolver = \"2\"\n");
    let xtask = "[package]\nname = \"xtask\"\nversion = \"0.1.0\"\nedition = \"2021\"\n";
    write("crates/xtask/Cargo.toml", xtask);
    write("crates/xtask/src/main.rs", "fn main() {}\n");
    write("crates/bad/src/lib.rs", "");
    let cases = [
        ("crates/bad/Cargo.toml", "[package\nname = \"bad\"\n", "crates/bad/Cargo.toml:1:9"),
        (
            "crates/bad/Cargo.toml",
            "[package]\nname = \"bad\"\nversion = \"0.1.0\"\n[dependencies]\nx = { path = \"../x\" }\n",
            "crates/x/Cargo.toml",
        ),
    ];
    for (path, text, named) in cases {
        write(path, text);
        let output = Command::new("bash")
            .arg(root.join("scripts/probe.sh"))
            .env("CARGO_TARGET_DIR", root.join("target"))
            .output()
            .expect("bash runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{stderr}");
        let last = stderr.lines().last().unwrap_or_default();
        assert_eq!(
            last,
            format!(
                "error: cannot build the workspace's tools: cargo cannot read {named} \
                 (its message is above)"
            ),
            "{stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&root);
}

/// The options a usage line names: every `--word` in it.
fn options_of(usage: &str) -> Vec<String> {
    usage
        .split(|c: char| c.is_whitespace() || "[]|()=".contains(c))
        .filter(|word| word.starts_with("--"))
        .map(str::to_string)
        .collect()
}

/// Every command README.md shows in a `sh` block that calls a script calls one that exists,
/// with options its usage line names: a renamed script or flag fails here, not for a reader.
#[test]
fn the_readmes_commands_are_the_scripts_own() {
    let readme = std::fs::read_to_string(workspace_root().join("README.md")).expect("README.md");
    let mut in_sh = false;
    let mut checked = 0;
    for (number, line) in readme.lines().enumerate() {
        let fence = line.trim_start();
        if fence.starts_with("```") {
            in_sh = !in_sh && fence == "```sh";
            continue;
        }
        if !in_sh {
            continue;
        }
        // A line may chain commands (`a && b`); each `scripts/X.sh ...` part is checked up to
        // its comment or the next command.
        let code = line.split(" #").next().unwrap_or_default();
        for part in code.split("&&").flat_map(|part| part.split(';')) {
            let words: Vec<&str> = part.split_whitespace().collect();
            let Some(at) =
                words.iter().position(|w| w.starts_with("scripts/") && w.ends_with(".sh"))
            else {
                continue;
            };
            let script = words[at];
            assert!(
                workspace_root().join(script).is_file(),
                "README.md line {}: {script} does not exist",
                number + 1
            );
            let help = run(script, &["--help"]);
            let usage = String::from_utf8_lossy(&help.stdout)
                .lines()
                .next()
                .unwrap_or_default()
                .to_string();
            let known = options_of(&usage);
            for word in words[at + 1..].iter().take_while(|w| !matches!(**w, ">" | "<" | "|")) {
                if word.starts_with("--") {
                    assert!(
                        known.iter().any(|option| option == word),
                        "README.md line {}: {script} has no option {word} (its usage: {usage})",
                        number + 1
                    );
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "README.md shows {checked} script commands: the test reads too few");
}
