//! What each crate of the workspace is, and a problem's judge settings from
//! `[package.metadata.judge]` in its `Cargo.toml`:
//!
//! ```toml
//! [package.metadata.judge]
//! profile = "boj"          # required: a judge in `profiles::PROFILES`
//! time-limit-ms = 1000     # optional overrides of the profile's usual limits
//! memory-limit-mb = 128
//! output-limit-mb = 64     # optional: stdout over this is OLE (profiles::OUTPUT_LIMIT_MB)
//! source-limit-bytes = 524288
//! checker = "tokens"       # optional: exact (default), tokens, floats ABS REL, yes-no, binary
//! multi-test = true        # optional: the input is t test cases (the statement's shape)
//! # optional: what `scripts/bench.sh P --scale` grows: n, the generator's arguments for an
//! # input of size n (after the seed; `{n}` stands for n), and the sizes, from..=to (or a list)
//! scale = { n = "the side of the field", args = "chain {n} {n}", from = 8, to = 1000 }
//! ```
//!
//! A crate is a problem when its manifest has that table, a tool when it has a
//! `[package.metadata.tool]` table (the workspace's own tools and test harness, never
//! bundled), and a library otherwise (a std-only crate that problems share). Every script asks
//! here, so the rule lives once.
//!
//! A problem is interactive when it has an interactor, `src/bin/<problem>-interactor.rs`: its
//! testdata cases are inputs alone, judged by running the solver against the interactor. A
//! crate made when the interactor was `<problem>-judge` is refused with the rename to do.

use std::fs;
use std::path::{Path, PathBuf};

use crate::checker::{Checker, CheckerSpec};
use crate::manifest;
use crate::profiles::{self, Profile};
use crate::protocol;
use crate::toml::{Table, Value};

/// What a crate of the workspace is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// It has a `[package.metadata.judge]` table.
    Problem,
    /// A std-only crate that problems share (judge-io among them).
    Library,
    /// The workspace's tools and test harness (`[package.metadata.tool]`): never bundled.
    Tool,
}

/// How a problem's judge compiles, limits and checks a submission.
#[derive(Debug, Clone)]
pub struct ProblemMeta {
    /// The crate's name (`boj-11559`).
    pub name: String,
    /// The crate's folder.
    pub dir: PathBuf,
    /// The judge's profile: its name, compiler, edition and flags.
    pub profile: &'static Profile,
    /// The time limit per test file.
    pub time_limit_ms: u64,
    /// The memory limit.
    pub memory_limit_mb: u64,
    /// The output limit: stdout over this is stopped and judged OLE.
    pub output_limit_mb: u64,
    /// The judge's source size limit, if it publishes one.
    pub source_limit_bytes: Option<u64>,
    /// How outputs are compared.
    pub checker: CheckerSpec,
    /// Whether the problem is interactive (it has `src/bin/<problem>-interactor.rs`).
    pub interactive: bool,
    /// Whether the input is `t` test cases (`multi-test = true`).
    pub multi_test: bool,
    /// What the scaling benchmark grows, if the problem says.
    pub scale: Option<Scale>,
}

/// How a problem's input grows, for the scaling benchmark: `<problem>-gen SEED ARGS`, each
/// `{n}` in the arguments replaced by n, at each of the sizes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scale {
    /// What n is, in words (`the side of the field`).
    pub n: String,
    /// The generator's arguments after the seed, `{n}` for n.
    pub args: Vec<String>,
    /// The sizes, increasing; the last is the maximum.
    pub sizes: Vec<u64>,
}

impl Scale {
    /// The generator's arguments (after the seed) for size `n`.
    pub fn args_for(&self, n: u64) -> Vec<String> {
        self.args.iter().map(|arg| arg.replace("{n}", &n.to_string())).collect()
    }
}

/// How many sizes `from` and `to` are spread over (geometrically).
const SCALE_POINTS: u64 = 10;

/// Reads `scale = { n = "...", args = "...", from = A, to = B }` (or `sizes = [..]` for
/// from/to).
fn parse_scale(value: &Value) -> Result<Scale, String> {
    const FORM: &str = "scale = { n = \"what n is\", args = \"MODE {n} ...\", from = N, to = N } \
                        (or sizes = [N, ...] for from and to)";
    let table = value.as_table().ok_or_else(|| format!("expected {FORM}"))?;
    let text = |key: &str| table.get(key).and_then(Value::as_str).map(str::to_string);
    let positive = |key: &str| match table.get(key) {
        Some(Value::Integer(n)) if *n > 0 => Ok(Some(*n as u64)),
        None => Ok(None),
        Some(other) => {
            Err(format!("scale: {key} must be a positive integer, found {}", shown(other)))
        }
    };
    for entry in table.entries() {
        if !["n", "args", "from", "to", "sizes"].contains(&entry.key.as_str()) {
            return Err(format!("scale: unknown key {:?}; expected {FORM}", entry.key));
        }
    }
    let n = text("n").ok_or_else(|| format!("scale: n (what n is) is missing; expected {FORM}"))?;
    let args: Vec<String> = text("args")
        .ok_or_else(|| format!("scale: args is missing; expected {FORM}"))?
        .split_whitespace()
        .map(str::to_string)
        .collect();
    if !args.iter().any(|arg| arg.contains("{n}")) {
        return Err("scale: args must hold {n}, where the size goes".to_string());
    }
    let sizes = match (table.get("sizes"), positive("from")?, positive("to")?) {
        (Some(list), None, None) => {
            let items = list.as_array().unwrap_or_default();
            let sizes: Vec<u64> = items
                .iter()
                .map(|item| match item {
                    Value::Integer(n) if *n > 0 => Ok(*n as u64),
                    other => Err(format!(
                        "scale: sizes must be positive integers, found {}",
                        shown(other)
                    )),
                })
                .collect::<Result<_, _>>()?;
            if sizes.len() < 3 || sizes.windows(2).any(|w| w[0] >= w[1]) {
                return Err("scale: sizes must be at least 3 increasing integers".to_string());
            }
            sizes
        }
        (None, Some(from), Some(to)) if from < to => {
            let ratio = (to as f64 / from as f64).powf(1.0 / (SCALE_POINTS - 1) as f64);
            let mut sizes: Vec<u64> = (0..SCALE_POINTS)
                .map(|i| ((from as f64) * ratio.powi(i as i32)).round() as u64)
                .collect();
            *sizes.last_mut().expect("points") = to;
            sizes.dedup();
            sizes
        }
        _ => return Err(format!("scale: give from < to, or sizes; expected {FORM}")),
    };
    Ok(Scale { n, args, sizes })
}

/// The keys the judge table may hold.
const KEYS: &str =
    "profile, time-limit-ms, memory-limit-mb, output-limit-mb, source-limit-bytes, checker, \
     multi-test, scale";

impl ProblemMeta {
    /// The judge's name, for reports (`BOJ`).
    pub fn judge(&self) -> &'static str {
        self.profile.name
    }

    /// The interactor's binary name, for an interactive problem.
    pub fn interactor(&self) -> Option<String> {
        self.interactive.then(|| protocol::interactor_name(&self.name))
    }

    /// The checker program's binary name, for a problem with `checker = "binary"` (an
    /// interactive problem's interactor judges instead).
    pub fn checker_program(&self) -> Option<String> {
        (self.checker == CheckerSpec::Binary && !self.interactive)
            .then(|| protocol::checker_name(&self.name))
    }
}

/// The folder of crate `name`: `crates/<name>`, or `<name>` at the root (judge-io); `None`
/// when there is no such crate (or the name is not a plain folder name).
pub fn crate_dir(root: &Path, name: &str) -> Option<PathBuf> {
    let plain = !name.is_empty() && !name.starts_with('.') && !name.contains(['/', '\\']);
    if !plain {
        return None;
    }
    [root.join("crates").join(name), root.join(name)]
        .into_iter()
        .find(|dir| dir.join("Cargo.toml").is_file() && dir.join("src").is_dir())
}

/// What crate `name` is, or `None` when there is no such crate.
pub fn role(root: &Path, name: &str) -> Option<Role> {
    role_in(&crate_dir(root, name)?).ok()
}

/// What the crate in `dir` is (the test harness asks of the package under test).
pub fn role_in(dir: &Path) -> Result<Role, String> {
    let manifest = manifest::read(dir)?;
    Ok(role_of(&manifest))
}

fn role_of(manifest: &Table) -> Role {
    let metadata = manifest.table(&["package", "metadata"]);
    if metadata.is_some_and(|m| m.get("judge").is_some()) {
        Role::Problem
    } else if metadata.is_some_and(|m| m.get("tool").is_some()) {
        Role::Tool
    } else {
        Role::Library
    }
}

/// Every crate of `role`, sorted by name.
pub fn crates_with_role(root: &Path, role: Role) -> Result<Vec<String>, String> {
    let mut names = Vec::new();
    let crates = root.join("crates");
    let entries =
        fs::read_dir(&crates).map_err(|e| format!("cannot list {}: {e}", crates.display()))?;
    for entry in entries {
        names.push(entry.map_err(|e| e.to_string())?.file_name().to_string_lossy().into_owned());
    }
    names.push("judge-io".to_string());
    let mut found: Vec<String> =
        names.into_iter().filter(|name| self::role(root, name) == Some(role)).collect();
    found.sort();
    found.dedup();
    Ok(found)
}

/// Every problem crate's name, sorted.
pub fn problems(root: &Path) -> Result<Vec<String>, String> {
    crates_with_role(root, Role::Problem)
}

/// `names` if every one is a problem crate; else why the first that is not is not, in the
/// words every script uses (a library is told what to run instead).
pub fn check_problems(root: &Path, names: &[&str]) -> Result<Vec<String>, String> {
    for name in names {
        match role(root, name) {
            Some(Role::Problem) => {}
            Some(Role::Library) => return Err(library_is_not_a_problem(name)),
            Some(Role::Tool) => {
                return Err(format!("{name:?} is one of the workspace's tools, not a problem"))
            }
            None => {
                return Err(format!(
                    "{name:?} is not a problem crate (problems: {})",
                    problems(root)?.join(", ")
                ))
            }
        }
    }
    Ok(names.iter().map(|name| name.to_string()).collect())
}

/// What every script says when given a library where it wants a problem.
pub fn library_is_not_a_problem(name: &str) -> String {
    format!(
        "{name:?} is a library (a crate without [package.metadata.judge]), not a problem: \
         `scripts/test.sh {name}` runs its tests and compiles it as every judge would"
    )
}

/// Reads the judge settings of problem crate `name` under `root`.
pub fn read(root: &Path, name: &str) -> Result<ProblemMeta, String> {
    let dir = crate_dir(root, name).ok_or_else(|| format!("no crate {name:?} under crates/"))?;
    let manifest = manifest::read(&dir)?;
    let shown = format!("{}/Cargo.toml", dir.display());
    let table = manifest
        .table(&["package", "metadata", "judge"])
        .ok_or_else(|| format!("{shown}: no [package.metadata.judge] table"))?;
    let settings = parse(table).map_err(|e| format!("{shown}: {e}"))?;
    let interactor = format!("{}.rs", protocol::interactor_name(name));
    let interactive = dir.join("src/bin").join(&interactor).is_file();
    let old_interactor = dir.join("src/bin").join(format!("{name}-judge.rs"));
    if !interactive && old_interactor.is_file() {
        let old = old_interactor.strip_prefix(root).unwrap_or(&old_interactor);
        return Err(format!(
            "{}: the interactor is now src/bin/{interactor}: rename it (git mv {} {})",
            old.display(),
            old.display(),
            old.with_file_name(&interactor).display()
        ));
    }
    Ok(ProblemMeta {
        name: name.to_string(),
        dir,
        profile: settings.profile,
        time_limit_ms: settings.time_limit_ms.unwrap_or(settings.profile.time_limit_ms),
        memory_limit_mb: settings.memory_limit_mb.unwrap_or(settings.profile.memory_limit_mb),
        output_limit_mb: settings.output_limit_mb.unwrap_or(profiles::OUTPUT_LIMIT_MB),
        source_limit_bytes: settings.source_limit_bytes.or(settings.profile.source_limit_bytes),
        checker: settings.checker.unwrap_or(CheckerSpec::Builtin(Checker::Exact)),
        interactive,
        multi_test: settings.multi_test,
        scale: settings.scale,
    })
}

/// The checker that the crate in `dir` declares: its judge table's, `exact` when it names
/// none or the crate is not a problem (a library's stress tests compare exactly).
pub fn declared_checker(dir: &Path) -> Result<CheckerSpec, String> {
    let manifest = manifest::read(dir)?;
    let Some(table) = manifest.table(&["package", "metadata", "judge"]) else {
        return Ok(CheckerSpec::Builtin(Checker::Exact));
    };
    let shown = format!("{}/Cargo.toml", dir.display());
    let settings = parse(table).map_err(|e| format!("{shown}: {e}"))?;
    Ok(settings.checker.unwrap_or(CheckerSpec::Builtin(Checker::Exact)))
}

/// The judge table as written: what it sets.
struct Settings {
    profile: &'static Profile,
    time_limit_ms: Option<u64>,
    memory_limit_mb: Option<u64>,
    output_limit_mb: Option<u64>,
    source_limit_bytes: Option<u64>,
    checker: Option<CheckerSpec>,
    multi_test: bool,
    scale: Option<Scale>,
}

fn parse(table: &Table) -> Result<Settings, String> {
    let mut profile = None;
    let mut settings = Settings {
        profile: &profiles::PROFILES[0],
        time_limit_ms: None,
        memory_limit_mb: None,
        output_limit_mb: None,
        source_limit_bytes: None,
        checker: None,
        multi_test: false,
        scale: None,
    };
    for entry in table.entries() {
        let (key, value) = (entry.key.as_str(), &entry.value);
        let at = |message: String| format!("line {}: {message}", entry.line);
        let string = || {
            value
                .as_str()
                .ok_or_else(|| at(format!("{key} must be a quoted string, found {}", value.kind())))
        };
        let number = || match value {
            Value::Integer(n) if *n > 0 => Ok(*n as u64),
            _ => Err(at(format!("{key} must be a positive integer, found {}", shown(value)))),
        };
        match key {
            "profile" => profile = Some(profiles::find(string()?).map_err(at)?),
            "source-limit-bytes" => settings.source_limit_bytes = Some(number()?),
            "time-limit-ms" => settings.time_limit_ms = Some(number()?),
            "memory-limit-mb" => settings.memory_limit_mb = Some(number()?),
            "output-limit-mb" => settings.output_limit_mb = Some(number()?),
            "checker" => settings.checker = Some(CheckerSpec::parse(string()?).map_err(at)?),
            "multi-test" => {
                settings.multi_test = value.as_bool().ok_or_else(|| {
                    at(format!("multi-test must be true or false, found {}", shown(value)))
                })?
            }
            "scale" => settings.scale = Some(parse_scale(value).map_err(at)?),
            "judge" | "rustc-flags" => {
                return Err(at(format!(
                    "{key} comes from the judge profile now: write `profile = \"boj\"` (or \
                     another profile) instead"
                )))
            }
            other => {
                return Err(at(format!(
                    "unknown key {other:?} in [package.metadata.judge] (keys: {KEYS})"
                )))
            }
        }
    }
    settings.profile = profile.ok_or_else(|| {
        let keys: Vec<&str> = profiles::PROFILES.iter().map(|p| p.key).collect();
        format!("[package.metadata.judge] lacks profile (one of: {})", keys.join(", "))
    })?;
    Ok(settings)
}

/// A value as a message shows it: `"fast"`, `5`, `a table`.
fn shown(value: &Value) -> String {
    match value {
        Value::String(text) => format!("{text:?}"),
        Value::Integer(n) => n.to_string(),
        Value::Boolean(b) => b.to_string(),
        other => other.kind().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::{parse, role_of, Role, Settings};
    use crate::checker::{Checker, CheckerSpec};
    use crate::toml;

    fn settings(manifest: &str) -> Result<Settings, String> {
        let doc = toml::parse(manifest).map_err(|e| e.to_string())?;
        let table = doc
            .table(&["package", "metadata", "judge"])
            .ok_or("no [package.metadata.judge] table")?;
        parse(table)
    }

    #[test]
    fn a_profile_with_overrides() {
        let manifest = "[package]\nname = \"x\"\n\n[package.metadata.judge]\nprofile = \"boj\"\n\
                        time-limit-ms = 2000   # the problem's own\nchecker = \"tokens\"\n\n\
                        [lints]\nworkspace = true\n";
        let meta = settings(manifest).expect("valid table");
        assert_eq!(meta.profile.name, "BOJ");
        assert_eq!(meta.profile.rustc_flags, ["--edition", "2021", "-O"]);
        assert_eq!(meta.source_limit_bytes.or(meta.profile.source_limit_bytes), Some(524_288));
        assert_eq!(meta.time_limit_ms, Some(2000));
        assert_eq!(meta.memory_limit_mb.unwrap_or(meta.profile.memory_limit_mb), 128);
        assert_eq!(meta.checker, Some(CheckerSpec::Builtin(Checker::Tokens)));
        assert!(!meta.multi_test);
        let meta = settings(
            "[package.metadata.judge]\nprofile = \"algospot\"\nchecker = \"binary\"\nmulti-test = true\n",
        )
        .expect("valid table");
        assert_eq!(meta.profile.rustc_flags, ["-O"]);
        assert_eq!(meta.checker, Some(CheckerSpec::Binary));
        assert!(meta.multi_test);
    }

    #[test]
    fn missing_table_or_key_is_an_error() {
        let err = |text: &str| settings(text).err().expect("an error");
        assert!(err("[package]\n").contains("no [package.metadata.judge]"));
        let e = err("[package.metadata.judge]\ntime-limit-ms = 5\n");
        assert!(e.contains("lacks profile (one of: boj, algospot"), "{e}");
        let e = err("[package.metadata.judge]\ntime-limit-ms = \"fast\"\n");
        assert_eq!(e, "line 2: time-limit-ms must be a positive integer, found \"fast\"");
        let e = err("[package.metadata.judge]\nprofile = \"uva\"\n");
        assert!(e.contains("unknown judge profile \"uva\""), "{e}");
        let e = err("[package.metadata.judge]\njudge = \"BOJ\"\n");
        assert!(e.contains("comes from the judge profile"), "{e}");
        let e = err("[package.metadata.judge]\nchecker = \"fuzzy\"\n");
        assert!(e.contains("expected a checker"), "{e}");
        let e = err("[package.metadata.judge]\nprofile = \"boj\"\nmemory = 5\n");
        assert!(e.starts_with("line 3: unknown key \"memory\""), "{e}");
    }

    #[test]
    fn a_scale_names_n_the_arguments_and_the_sizes() {
        let scale = |entry: &str| {
            settings(&format!("[package.metadata.judge]\nprofile = \"boj\"\nscale = {entry}\n"))
                .map(|s| s.scale.expect("a scale"))
        };
        let grown = scale("{ n = \"side\", args = \"chain {n} {n}\", from = 8, to = 1000 }")
            .expect("valid");
        assert_eq!(grown.sizes, [8, 14, 23, 40, 68, 117, 200, 342, 585, 1000]);
        assert_eq!(grown.args_for(40), ["chain", "40", "40"]);
        let listed =
            scale("{ n = \"side\", args = \"corner {n} {n}\", sizes = [4, 5, 7] }").expect("valid");
        assert_eq!(listed.sizes, [4, 5, 7]);
        let err = |entry: &str| scale(entry).expect_err("invalid");
        assert!(
            err("{ n = \"x\", args = \"chain 5\", from = 1, to = 9 }").contains("must hold {n}")
        );
        assert!(err("{ n = \"x\", args = \"{n}\", from = 9, to = 1 }").contains("give from < to"));
        assert!(err("{ n = \"x\", args = \"{n}\", sizes = [3, 2, 5] }").contains("increasing"));
        assert!(err("{ args = \"{n}\", from = 1, to = 9 }").contains("n (what n is) is missing"));
        assert!(err("{ n = \"x\", args = \"{n}\", from = 1, to = 9, step = 2 }")
            .contains("unknown key \"step\""));
        assert!(err("5").starts_with("line 3: expected scale = {"));
    }

    #[test]
    fn a_crate_is_a_problem_a_tool_or_a_library() {
        let role = |text: &str| role_of(&toml::parse(text).expect("a manifest"));
        assert_eq!(
            role("[package]\nname = \"p\"\n[package.metadata.judge]\nprofile = \"boj\"\n"),
            Role::Problem
        );
        assert_eq!(role("[package]\nname = \"xtask\"\n[package.metadata.tool]\n"), Role::Tool);
        assert_eq!(
            role("[package]\nname = \"segtree\"\n[package.metadata.docs]\nx = 1\n"),
            Role::Library
        );
    }

    #[test]
    fn an_interactor_under_its_old_name_gets_the_rename_to_do() {
        let root = std::env::temp_dir().join(format!("judge-meta-old-{}", std::process::id()));
        let bin = root.join("crates/guess/src/bin");
        std::fs::create_dir_all(&bin).expect("a folder");
        let manifest = "[package]\nname = \"guess\"\n[package.metadata.judge]\nprofile = \"boj\"\n";
        std::fs::write(root.join("crates/guess/Cargo.toml"), manifest).expect("a manifest");
        std::fs::write(bin.join("guess-judge.rs"), "fn main() {}\n").expect("an interactor");
        assert_eq!(
            super::read(&root, "guess").err().as_deref(),
            Some(
                "crates/guess/src/bin/guess-judge.rs: the interactor is now \
                 src/bin/guess-interactor.rs: rename it (git mv \
                 crates/guess/src/bin/guess-judge.rs crates/guess/src/bin/guess-interactor.rs)"
            )
        );
        std::fs::rename(bin.join("guess-judge.rs"), bin.join("guess-interactor.rs"))
            .expect("the rename");
        let meta = super::read(&root, "guess").expect("the renamed crate reads");
        assert_eq!(meta.interactor().as_deref(), Some("guess-interactor"));
        std::fs::remove_dir_all(&root).expect("cleaning up");
    }
}
