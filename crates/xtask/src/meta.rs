//! A problem's judge settings, read from `[package.metadata.judge]` in its `Cargo.toml`.
//!
//! Only that table's flat `key = value` lines are read (strings and integers), so no TOML
//! library is needed.

use std::path::Path;

/// How a problem's judge compiles and limits a submission.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JudgeMeta {
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
}

/// Reads the settings of `crates/<problem>/Cargo.toml` under `root`.
pub fn read(root: &Path, problem: &str) -> Result<JudgeMeta, String> {
    let path = root.join("crates").join(problem).join("Cargo.toml");
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn parse(manifest: &str) -> Result<JudgeMeta, String> {
    let mut in_table = false;
    let mut found = false;
    let mut judge = None;
    let mut rustc_flags = None;
    let mut source_limit_bytes = None;
    let mut time_limit_ms = None;
    let mut memory_limit_mb = None;
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
        let value = value.trim();
        let string = || -> Result<String, String> {
            value
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .map(str::to_string)
                .ok_or_else(|| format!("{} must be a quoted string", key.trim()))
        };
        let number = || -> Result<u64, String> {
            value.parse().map_err(|_| format!("{} must be an integer", key.trim()))
        };
        match key.trim() {
            "judge" => judge = Some(string()?),
            "rustc-flags" => {
                rustc_flags = Some(string()?.split_whitespace().map(str::to_string).collect())
            }
            "source-limit-bytes" => source_limit_bytes = Some(number()?),
            "time-limit-ms" => time_limit_ms = Some(number()?),
            "memory-limit-mb" => memory_limit_mb = Some(number()?),
            other => return Err(format!("unknown key {other:?} in [package.metadata.judge]")),
        }
    }
    if !found {
        return Err("no [package.metadata.judge] table".to_string());
    }
    let missing = |key: &str| format!("[package.metadata.judge] lacks {key}");
    Ok(JudgeMeta {
        judge: judge.ok_or_else(|| missing("judge"))?,
        rustc_flags: rustc_flags.ok_or_else(|| missing("rustc-flags"))?,
        source_limit_bytes,
        time_limit_ms: time_limit_ms.ok_or_else(|| missing("time-limit-ms"))?,
        memory_limit_mb: memory_limit_mb.ok_or_else(|| missing("memory-limit-mb"))?,
    })
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn reads_the_judge_table_only() {
        let manifest = "[package]\nname = \"x\"\n\n[package.metadata.judge]\njudge = \"BOJ\"\n\
                        rustc-flags = \"--edition 2021 -O\"\nsource-limit-bytes = 524288\n\
                        time-limit-ms = 1000\nmemory-limit-mb = 128\n\n[lints]\nworkspace = true\n";
        let meta = parse(manifest).expect("valid table");
        assert_eq!(meta.judge, "BOJ");
        assert_eq!(meta.rustc_flags, ["--edition", "2021", "-O"]);
        assert_eq!(meta.source_limit_bytes, Some(524_288));
        assert_eq!((meta.time_limit_ms, meta.memory_limit_mb), (1000, 128));
    }

    #[test]
    fn missing_table_or_key_is_an_error() {
        assert!(parse("[package]\n").unwrap_err().contains("no [package.metadata.judge]"));
        let err = parse("[package.metadata.judge]\njudge = \"BOJ\"\n").unwrap_err();
        assert!(err.contains("lacks rustc-flags"), "{err}");
        let err = parse("[package.metadata.judge]\ntime-limit-ms = fast\n").unwrap_err();
        assert!(err.contains("must be an integer"), "{err}");
    }
}
