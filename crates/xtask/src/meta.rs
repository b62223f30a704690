//! A problem's judge settings, read from `[package.metadata.judge]` in its `Cargo.toml`.
//!
//! ```toml
//! [package.metadata.judge]
//! profile = "boj"          # required: a judge in `profiles::PROFILES`
//! time-limit-ms = 1000     # optional overrides of the profile's usual limits
//! memory-limit-mb = 128
//! source-limit-bytes = 524288
//! checker = "tokens"       # optional: exact (default), tokens, floats ABS REL, binary
//! ```
//!
//! Only that table's flat `key = value` lines are read (strings and integers), so no TOML
//! library is needed.
//!
//! A problem is interactive when it has an interactor, `src/bin/<problem>-judge.rs`: its
//! testdata cases are inputs alone, judged by running the solver against the interactor.

use std::path::Path;

/// The output checkers, shared with the stress tests (the one place the tools name them).
pub use judge_test::Checker;

use crate::profiles::{self, Profile};

/// How a problem's judge compiles, limits and checks a submission.
#[derive(Debug, Clone)]
pub struct JudgeMeta {
    /// The judge's profile.
    pub profile: &'static Profile,
    /// The judge's name, for reports (`BOJ`).
    pub judge: String,
    /// The flags the judge passes to rustc besides the file (`--edition 2021 -O`).
    pub rustc_flags: Vec<String>,
    /// The judge's source size limit, if it publishes one.
    pub source_limit_bytes: Option<u64>,
    /// The time limit per test file.
    pub time_limit_ms: u64,
    /// The memory limit.
    pub memory_limit_mb: u64,
    /// How outputs are compared.
    pub checker: CheckerSpec,
    /// Whether the problem is interactive (it has `src/bin/<problem>-judge.rs`).
    pub interactive: bool,
}

/// The interactor's binary name: `<problem>-judge`, from `src/bin/<problem>-judge.rs`. It runs
/// as `<problem>-judge CASE.in` with the solver's output on its stdin and its stdout on the
/// solver's stdin; it exits 0 to accept and 1 to reject, with one line on stderr saying why.
pub fn interactor_name(problem: &str) -> String {
    format!("{problem}-judge")
}

/// The checker's binary name: `<problem>-check`, from `src/bin/<problem>-check.rs`.
pub fn checker_name(problem: &str) -> String {
    format!("{problem}-check")
}

/// A problem's checker: one of judge-io's, or its own binary `src/bin/<problem>-check.rs`.
#[derive(Debug, Clone, Copy)]
pub enum CheckerSpec {
    /// Exact, tokens or floats.
    Builtin(Checker),
    /// `<problem>-check INPUT EXPECTED FOUND`, which prints `AC` or `WA <reason>`.
    Binary,
}

/// The keys the table may hold.
const KEYS: &str = "profile, time-limit-ms, memory-limit-mb, source-limit-bytes, checker";

/// Reads the settings of `crates/<problem>/Cargo.toml` under `root`.
pub fn read(root: &Path, problem: &str) -> Result<JudgeMeta, String> {
    let path = root.join("crates").join(problem).join("Cargo.toml");
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut meta = parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let interactor = format!("{}.rs", interactor_name(problem));
    meta.interactive = root.join("crates").join(problem).join("src/bin").join(interactor).is_file();
    Ok(meta)
}

fn parse(manifest: &str) -> Result<JudgeMeta, String> {
    let mut in_table = false;
    let mut found = false;
    let mut profile = None;
    let mut source_limit_bytes = None;
    let mut time_limit_ms = None;
    let mut memory_limit_mb = None;
    let mut checker = None;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_table = line == "[package.metadata.judge]";
            found |= in_table;
            continue;
        }
        if !in_table || line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once('=').ok_or_else(|| {
            format!("expected `key = value` in [package.metadata.judge], found {line:?}")
        })?;
        let (key, value) = (key.trim(), value.split(" #").next().unwrap_or("").trim());
        let string = || -> Result<String, String> {
            value
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .map(str::to_string)
                .ok_or_else(|| format!("{key} must be a quoted string, found {value}"))
        };
        let number = || -> Result<u64, String> {
            value.parse().map_err(|_| format!("{key} must be an integer, found {value}"))
        };
        match key {
            "profile" => profile = Some(profiles::find(&string()?)?),
            "source-limit-bytes" => source_limit_bytes = Some(number()?),
            "time-limit-ms" => time_limit_ms = Some(number()?),
            "memory-limit-mb" => memory_limit_mb = Some(number()?),
            "checker" => {
                let spec = string()?;
                checker = Some(if spec.trim() == "binary" {
                    CheckerSpec::Binary
                } else {
                    CheckerSpec::Builtin(Checker::parse(&spec)?)
                });
            }
            "judge" | "rustc-flags" => {
                return Err(format!(
                    "{key} comes from the judge profile now: write `profile = \"boj\"` (or \
                     another profile) instead"
                ))
            }
            other => {
                return Err(format!(
                    "unknown key {other:?} in [package.metadata.judge] (keys: {KEYS})"
                ))
            }
        }
    }
    if !found {
        return Err("no [package.metadata.judge] table".to_string());
    }
    let profile = profile.ok_or_else(|| {
        let keys: Vec<&str> = profiles::PROFILES.iter().map(|p| p.key).collect();
        format!("[package.metadata.judge] lacks profile (one of: {})", keys.join(", "))
    })?;
    Ok(JudgeMeta {
        profile,
        judge: profile.name.to_string(),
        rustc_flags: profile.rustc_flags.iter().map(|f| f.to_string()).collect(),
        source_limit_bytes: source_limit_bytes.or(profile.source_limit_bytes),
        time_limit_ms: time_limit_ms.unwrap_or(profile.time_limit_ms),
        memory_limit_mb: memory_limit_mb.unwrap_or(profile.memory_limit_mb),
        checker: checker.unwrap_or(CheckerSpec::Builtin(Checker::Exact)),
        interactive: false,
    })
}

#[cfg(test)]
mod tests {
    use super::{parse, CheckerSpec};

    #[test]
    fn a_profile_with_overrides() {
        let manifest = "[package]\nname = \"x\"\n\n[package.metadata.judge]\nprofile = \"boj\"\n\
                        time-limit-ms = 2000   # the problem's own\nchecker = \"tokens\"\n\n\
                        [lints]\nworkspace = true\n";
        let meta = parse(manifest).expect("valid table");
        assert_eq!(meta.judge, "BOJ");
        assert_eq!(meta.rustc_flags, ["--edition", "2021", "-O"]);
        assert_eq!(meta.source_limit_bytes, Some(524_288));
        assert_eq!((meta.time_limit_ms, meta.memory_limit_mb), (2000, 128));
        assert!(matches!(meta.checker, CheckerSpec::Builtin(super::Checker::Tokens)));
        let meta =
            parse("[package.metadata.judge]\nprofile = \"algospot\"\nchecker = \"binary\"\n")
                .expect("valid table");
        assert_eq!(meta.rustc_flags, ["-O"]);
        assert!(matches!(meta.checker, CheckerSpec::Binary));
    }

    #[test]
    fn missing_table_or_key_is_an_error() {
        assert!(parse("[package]\n").unwrap_err().contains("no [package.metadata.judge]"));
        let err = parse("[package.metadata.judge]\ntime-limit-ms = 5\n").unwrap_err();
        assert!(err.contains("lacks profile (one of: boj, algospot"), "{err}");
        let err = parse("[package.metadata.judge]\ntime-limit-ms = fast\n").unwrap_err();
        assert!(err.contains("must be an integer"), "{err}");
        let err = parse("[package.metadata.judge]\nprofile = \"uva\"\n").unwrap_err();
        assert!(err.contains("unknown judge profile \"uva\""), "{err}");
        let err = parse("[package.metadata.judge]\njudge = \"BOJ\"\n").unwrap_err();
        assert!(err.contains("comes from the judge profile"), "{err}");
        let err = parse("[package.metadata.judge]\nchecker = \"fuzzy\"\n").unwrap_err();
        assert!(err.contains("expected a checker"), "{err}");
    }
}
