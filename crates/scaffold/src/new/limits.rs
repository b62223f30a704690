//! A problem crate's limits against its page's: when a received problem's crate exists, the
//! limits in its `Cargo.toml` are compared with the page's, and [`take_limits`] writes the
//! page's into it (`scripts/new.sh --from FILE --take-limits`).

use std::fs;
use std::path::Path;

use super::error::NewError;

/// A time and a memory limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub time_limit_ms: u64,
    pub memory_limit_mb: u64,
}

impl std::fmt::Display for Limits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ms / {} MB", self.time_limit_ms, self.memory_limit_mb)
    }
}

/// The limits crate `name` is judged with (its keys, else its profile's usual ones), if its
/// manifest reads. Read from the file each time, not through judge-meta's once-per-process
/// cache: the receiver runs for hours while the manifest is edited.
pub(crate) fn crate_limits(root: &Path, name: &str) -> Option<Limits> {
    let path = root.join("crates").join(name).join("Cargo.toml");
    let manifest = judge_meta::toml::parse(&fs::read_to_string(path).ok()?).ok()?;
    let judge = manifest.table(&["package", "metadata", "judge"])?;
    let profile = judge_meta::profiles::find(judge.get("profile")?.as_str()?).ok()?;
    let key = |key: &str| match judge.get(key) {
        None => Some(None),
        Some(value) => value.as_integer().and_then(|v| u64::try_from(v).ok()).map(Some),
    };
    Some(Limits {
        time_limit_ms: key("time-limit-ms")?.unwrap_or(profile.time_limit_ms),
        memory_limit_mb: key("memory-limit-mb")?.unwrap_or(profile.memory_limit_mb),
    })
}

/// Sets `time-limit-ms` and `memory-limit-mb` in crate `name`'s `[package.metadata.judge]`
/// to `limits`: a key's line (or its commented-out line, as `new` writes it) is replaced,
/// else the key is added after `profile`. Nothing else of the manifest changes; it is
/// written whole or not at all (a new file renamed over it).
pub fn take_limits(root: &Path, name: &str, limits: Limits) -> Result<(), NewError> {
    let path = root.join("crates").join(name).join("Cargo.toml");
    let shown = format!("crates/{name}/Cargo.toml");
    let failed = |why: String| NewError::Failed(format!("{shown}: {why} (left as it was)"));
    let text = fs::read_to_string(&path).map_err(|e| failed(format!("cannot read it: {e}")))?;
    let edited = with_limits(&text, limits).ok_or_else(|| {
        failed("no [package.metadata.judge] table with a profile line to put them in".to_string())
    })?;
    let temporary = path.with_file_name(format!(".Cargo.toml.{}", std::process::id()));
    fs::write(&temporary, edited).and_then(|()| fs::rename(&temporary, &path)).map_err(|e| {
        let _ = fs::remove_file(&temporary);
        failed(format!("cannot write it: {e}"))
    })?;
    // The edit is read back as cargo and the runner read it.
    match crate_limits(root, name) {
        Some(read) if read == limits => Ok(()),
        _ => {
            let _ = fs::write(&path, &text);
            Err(failed("the edited manifest does not read back with those limits".to_string()))
        }
    }
}

/// `manifest` with the two limit keys of its judge table set to `limits`; `None` without a
/// judge table holding a `profile` line.
fn with_limits(manifest: &str, limits: Limits) -> Option<String> {
    let keys =
        [("time-limit-ms", limits.time_limit_ms), ("memory-limit-mb", limits.memory_limit_mb)];
    let mut lines: Vec<String> = manifest.lines().map(str::to_string).collect();
    let start = lines.iter().position(|l| l.trim() == "[package.metadata.judge]")?;
    let end = lines[start + 1..]
        .iter()
        .position(|l| l.trim_start().starts_with('['))
        .map_or(lines.len(), |k| start + 1 + k);
    let profile = (start + 1..end).find(|&k| lines[k].trim_start().starts_with("profile"))?;
    let mut added = 0;
    for (key, value) in keys {
        let is_key = |line: &str| {
            let line = line.trim_start().trim_start_matches('#').trim_start();
            line.strip_prefix(key).is_some_and(|rest| rest.trim_start().starts_with('='))
        };
        match (start + 1..end + added).find(|&k| is_key(&lines[k])) {
            Some(k) => lines[k] = format!("{key} = {value}"),
            None => {
                lines.insert(profile + 1 + added, format!("{key} = {value}"));
                added += 1;
            }
        }
    }
    let mut text = lines.join("\n");
    if manifest.ends_with('\n') {
        text.push('\n');
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::{with_limits, Limits};

    #[test]
    fn the_keys_are_set_in_the_judge_table_only() {
        let limits = Limits { time_limit_ms: 2000, memory_limit_mb: 1024 };
        let made = "[package]\nname = \"x\"\n# time-limit-ms = 5\n\n[package.metadata.judge]\n\
                    profile = \"atcoder\"\n# time-limit-ms = 2000   (AtCoder's usual, until the \
                    statement's is set)\nmemory-limit-mb = 256\nchecker = \"tokens\"\n";
        assert_eq!(
            with_limits(made, limits).as_deref(),
            Some(
                "[package]\nname = \"x\"\n# time-limit-ms = 5\n\n[package.metadata.judge]\n\
                 profile = \"atcoder\"\ntime-limit-ms = 2000\nmemory-limit-mb = 1024\nchecker = \
                 \"tokens\"\n"
            )
        );
        let bare = "[package.metadata.judge]\nprofile = \"boj\"\n[other]\ntime-limit-ms = 1\n";
        assert_eq!(
            with_limits(bare, limits).as_deref(),
            Some(
                "[package.metadata.judge]\nprofile = \"boj\"\ntime-limit-ms = 2000\n\
                 memory-limit-mb = 1024\n[other]\ntime-limit-ms = 1\n"
            )
        );
        assert_eq!(with_limits("[package]\nname = \"x\"\n", limits), None);
    }
}
