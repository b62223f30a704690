//! What the bundler reads from a crate's `Cargo.toml`: its package name, its edition (Rust
//! 2015 without an `edition` key, as cargo reads it), its `[features]` and its `path`
//! dependencies (with `package` to rename, `features`, `default-features`, `optional`).
//! Everything a bundle cannot reproduce is refused here, with the line: a dependency that is
//! not a `path` (crates.io, git; an optional one only once a feature turns it on, see
//! [`crate::read`]), build or target-specific dependencies, a `[lib]` with a custom path. A
//! `[lib] name` is the crate's name; a renamed dependency (`gcd = { package = "my-gcd", path =
//! "../gcd" }`) is the crate its dependent's code calls `gcd`.
//!
//! What a member inherits from its workspace (`edition.workspace = true`; `name.workspace =
//! true` or `name = { workspace = true, features = [..] }` under `[dependencies]`) is read from
//! the workspace's manifest as cargo finds it: the nearest `Cargo.toml` with a `[workspace]`
//! table at or above the package's folder. An inherited dependency is the workspace's entry
//! (its `path` relative to the workspace's folder) with the member's `features` added and its
//! `optional`.
//!
//! Which features are on is decided from these manifests as cargo decides it for the build
//! (`read::features`); the manifest is judge-meta's, read and parsed once per process
//! ([`judge_meta::manifest::read`]); each of its entries knows its line.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::edition::Edition;
use judge_meta::toml::{Entry, Table, Value};

/// The parts of a manifest the bundler needs.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Manifest {
    /// `[package] name`.
    pub package: String,
    /// `[package] edition` (Rust 2015 when absent).
    pub edition: Edition,
    /// `[lib] name`, if set: the crate name code writes, instead of the package's.
    pub lib_name: Option<String>,
    /// `[dependencies]` entries, in the order written.
    pub path_dependencies: Vec<PathDependency>,
    /// Optional dependencies that are no `path` (a bundle cannot have them), with their
    /// lines: refused only if a feature turns one on.
    pub elsewhere: Vec<(String, usize)>,
    /// `[features]`, in the order written.
    pub features: Vec<Feature>,
}

/// One entry of `[features]`: `name = ["other", "dep:d", "d/f", "d?/f"]`.
#[derive(Debug, PartialEq, Eq)]
pub struct Feature {
    pub name: String,
    pub enables: Vec<String>,
}

/// `name = { path = "..." }`, or `name = { package = "other", path = "..." }`.
#[derive(Debug, PartialEq, Eq)]
pub struct PathDependency {
    /// The key: what the dependent's code calls the crate (`-` as `_`).
    pub name: String,
    /// As written, relative to the manifest's folder (or, for one inherited from the
    /// workspace, to the workspace's folder: see [`PathDependency::dir`]).
    pub path: String,
    /// The workspace's folder, for a dependency inherited from `[workspace.dependencies]`.
    pub workspace: Option<PathBuf>,
    /// `package = "..."`: the package's own name, when the key renames it.
    pub package: Option<String>,
    /// The features it asks for (`features = [...]`).
    pub features: Vec<String>,
    /// Whether it asks for the package's default features (`default-features`).
    pub default_features: bool,
    /// Whether only a feature turns it on (`optional = true`).
    pub optional: bool,
}

impl PathDependency {
    /// The crate name the dependent's code writes (`my-gcd` -> `my_gcd`).
    pub fn crate_name(&self) -> String {
        self.name.replace('-', "_")
    }

    /// The folder it names, for the manifest in `dir`.
    pub fn dir(&self, dir: &Path) -> PathBuf {
        self.workspace.as_deref().unwrap_or(dir).join(&self.path)
    }
}

/// The workspace the package in `dir` belongs to, as cargo finds it: the nearest
/// `Cargo.toml` with a `[workspace]` table at or above `dir`, with its folder.
fn workspace_of(dir: &Path) -> Option<(PathBuf, Arc<Table>)> {
    let dir = std::fs::canonicalize(dir).ok()?;
    dir.ancestors().filter(|d| d.join("Cargo.toml").is_file()).find_map(|d| {
        let table = judge_meta::manifest::read(d).ok()?;
        table.get("workspace").and_then(Value::as_table)?;
        Some((d.to_path_buf(), table))
    })
}

/// Reads `<dir>/Cargo.toml` (through judge-meta's cache); `shown` is `dir` as messages show
/// it.
pub fn read(dir: &Path, shown: &str) -> Result<Manifest, String> {
    let name = format!("{shown}/Cargo.toml");
    let table = judge_meta::manifest::read(dir).map_err(|e| {
        // judge-meta names the file as it was asked for it; messages name it from the root.
        let asked = dir.join("Cargo.toml").display().to_string();
        match e.strip_prefix(&asked) {
            Some(rest) => format!("{name}{rest}"),
            None => e,
        }
    })?;
    let workspace = workspace_of(dir);
    let workspace = workspace.as_ref().map(|(dir, table)| (dir.as_path(), &**table));
    from_table(&table, workspace).map_err(|(line, message)| format!("{name}:{line}: {message}"))
}

/// The crate name a manifest gives its library: its `[lib] name`, else its package's name
/// with `-` as `_` (what the library's own code, and its dependents', write).
pub fn crate_name(manifest: &Manifest) -> String {
    manifest.lib_name.clone().unwrap_or_else(|| manifest.package.replace('-', "_"))
}

/// The crate name of the package in `dir` (`shown` as messages show it), looked up without
/// checking anything else of its manifest: what a dependency is called before code names it
/// (and is read).
pub fn crate_name_at(dir: &Path, shown: &str) -> Result<String, String> {
    let table = judge_meta::manifest::read(dir)?;
    let lib_name = table.table(&["lib"]).and_then(|lib| lib.get("name")?.as_str());
    match (lib_name, judge_meta::manifest::package_name(&table)) {
        (Some(name), _) => Ok(name.to_string()),
        (None, Some(package)) => Ok(package.replace('-', "_")),
        (None, None) => Err(format!("{shown}/Cargo.toml: no `[package] name`")),
    }
}

/// Parses a manifest's text, with no workspace to inherit from (for tests; the bundler reads
/// through [`read`]).
#[cfg(test)]
pub fn parse(text: &str) -> Result<Manifest, (usize, String)> {
    let table = judge_meta::toml::parse(text).map_err(|e| (e.line, e.message))?;
    from_table(&table, None)
}

/// What the bundler needs from a parsed manifest, given its workspace's folder and manifest
/// (if it has one); errors carry their 1-based line.
pub fn from_table(
    doc: &Table,
    workspace: Option<(&Path, &Table)>,
) -> Result<Manifest, (usize, String)> {
    let mut manifest = Manifest::default();
    for entry in doc.entries() {
        let refused = match entry.key.as_str() {
            "build-dependencies" | "build_dependencies" => true,
            "target" => entry
                .value
                .as_table()
                .into_iter()
                .flat_map(Table::entries)
                .any(|platform| platform.value.as_table().is_some_and(has_dependencies)),
            _ => false,
        };
        if refused {
            let section = if entry.key == "target" {
                "target.'...'.dependencies".to_string()
            } else {
                entry.key.clone()
            };
            return Err((entry.line, format!("a bundle cannot reproduce `[{section}]`")));
        }
    }
    let package = doc.entry("package").and_then(|e| e.value.as_table().map(|t| (e, t)));
    let Some((package_entry, package)) = package else {
        return Err((1, "no `[package] name`".to_string()));
    };
    manifest.package = match package.get("name").and_then(Value::as_str) {
        Some(name) => name.to_string(),
        None => return Err((package_entry.line, "no `[package] name`".to_string())),
    };
    manifest.edition = match package.entry("edition") {
        None => Edition::E2015,
        Some(entry) => match &entry.value {
            Value::String(edition) => Edition::parse(edition).map_err(|e| (entry.line, e))?,
            // With no workspace above it (a scratch copy of some crates, which cargo would not
            // build), the edition is read as Rust 2018 or later, as every later one reads paths.
            value if inherits(value) && workspace.is_none() => Edition::E2021,
            value if inherits(value) => {
                let inherited =
                    workspace.and_then(|(_, w)| w.table(&["workspace", "package"])?.get("edition"));
                match inherited.and_then(Value::as_str) {
                    Some(edition) => Edition::parse(edition).map_err(|e| (entry.line, e))?,
                    None => {
                        return Err((
                            entry.line,
                            NO_WORKSPACE_KEY.replace("KEY", "package.edition"),
                        ))
                    }
                }
            }
            _ => return Err((entry.line, "expected `edition = \"20xx\"`".to_string())),
        },
    };
    if let Some(lib) = doc.get("lib").and_then(Value::as_table) {
        manifest.lib_name = lib.get("name").and_then(Value::as_str).map(str::to_string);
        for key in ["path", "proc-macro", "proc_macro"] {
            if let Some(entry) = lib.entry(key) {
                let refused = key == "path" || entry.value.as_bool() == Some(true);
                if refused {
                    return Err((
                        entry.line,
                        format!("a bundle cannot inline a library with `{key}`"),
                    ));
                }
            }
        }
    }
    manifest.features = features(doc)?;
    if let Some(deps) = doc.get("dependencies").and_then(Value::as_table) {
        for entry in deps.entries() {
            match dependency(entry, workspace).map_err(|e| (entry.line, e))? {
                Some(dep) => manifest.path_dependencies.push(dep),
                None => manifest.elsewhere.push((entry.key.clone(), entry.line)),
            }
        }
    }
    Ok(manifest)
}

/// The `[features]` table: each feature and what it turns on, as written.
fn features(doc: &Table) -> Result<Vec<Feature>, (usize, String)> {
    let Some(table) = doc.get("features").and_then(Value::as_table) else {
        return Ok(Vec::new());
    };
    let mut features = Vec::new();
    for entry in table.entries() {
        let items = entry.value.as_array().map(|items| {
            items.iter().map(|f| f.as_str().map(str::to_string)).collect::<Option<Vec<_>>>()
        });
        let Some(Some(enables)) = items else {
            let message = format!("feature `{}`: expected a list of strings", entry.key);
            return Err((entry.line, message));
        };
        features.push(Feature { name: entry.key.clone(), enables });
    }
    Ok(features)
}

/// What the features of the package in `dir` need of its manifest, read leniently: its
/// `[features]` table and `path` dependencies, whatever else it holds (a package code never
/// names is never refused; it still turns features of the others on in cargo's build). `None`
/// if the manifest cannot be read at all.
pub fn feature_view(dir: &Path) -> Option<Manifest> {
    let doc = judge_meta::manifest::read(dir).ok()?;
    let workspace = workspace_of(dir);
    let workspace = workspace.as_ref().map(|(dir, table)| (dir.as_path(), &**table));
    let mut manifest =
        Manifest { features: features(&doc).unwrap_or_default(), ..Manifest::default() };
    if let Some(deps) = doc.get("dependencies").and_then(Value::as_table) {
        let found = deps.entries().iter().filter_map(|e| dependency(e, workspace).ok().flatten());
        manifest.path_dependencies.extend(found);
    }
    Some(manifest)
}

/// Whether a `[target.'cfg'.X]` table holds any kind of dependencies.
fn has_dependencies(table: &Table) -> bool {
    table.entries().iter().any(|e| e.key.ends_with("dependencies"))
}

const NO_WORKSPACE_KEY: &str =
    "inherits from the workspace, but no workspace manifest above it has `[workspace.KEY]`";

/// `x.workspace = true`, `x = { workspace = true }`: a value cargo takes from the workspace.
fn inherits(value: &Value) -> bool {
    value.as_table().and_then(|t| t.get("workspace")).and_then(Value::as_bool) == Some(true)
}

/// A dependency from its entry (merged with its `[workspace.dependencies]` entry when it
/// inherits one): only `path` (with `package` to rename, `features`, `default-features`,
/// `optional`, and an ignored `version`) can be inlined. An optional dependency that is no
/// `path` is none: the bundle refuses it only if a feature turns it on (see
/// [`Manifest::elsewhere`]).
fn dependency(
    entry: &Entry,
    workspace: Option<(&Path, &Table)>,
) -> Result<Option<PathDependency>, String> {
    let name = &entry.key;
    let not_path = || {
        format!(
            "cannot inline dependency `{name}`: not a `path` dependency (a bundle has std only; \
             put the library in the workspace and depend on it by path)"
        )
    };
    let Some(keys) = entry.value.as_table() else { return Err(not_path()) };
    let mut written: Vec<&Entry> = Vec::new();
    let mut inherited_from = None;
    if inherits(&entry.value) {
        let key = format!("dependencies.{name}");
        let Some((dir, table)) = workspace else {
            return Err(NO_WORKSPACE_KEY.replace("KEY", &key));
        };
        let shared = table.table(&["workspace", "dependencies"]).and_then(|d| d.entry(name));
        let Some(shared) = shared else { return Err(NO_WORKSPACE_KEY.replace("KEY", &key)) };
        let Some(shared) = shared.value.as_table() else { return Err(not_path()) };
        written.extend(shared.entries());
        inherited_from = Some(dir.to_path_buf());
    }
    written.extend(keys.entries().iter().filter(|key| key.key != "workspace"));
    let mut dep = PathDependency {
        name: name.clone(),
        path: String::new(),
        workspace: None,
        package: None,
        features: Vec::new(),
        default_features: true,
        optional: false,
    };
    let mut path = None;
    for key in written {
        let value = &key.value;
        match (key.key.as_str(), value.as_str(), value.as_bool()) {
            ("path", Some(text), _) => path = Some(text.to_string()),
            ("package", Some(text), _) => dep.package = Some(text.to_string()),
            ("version", ..) => {}
            ("optional", _, Some(on)) => dep.optional = on,
            ("default-features" | "default_features", _, Some(on)) => dep.default_features = on,
            ("features", ..) => {
                let features = value.as_array().map(|items| {
                    items.iter().map(|f| f.as_str().map(str::to_string)).collect::<Option<Vec<_>>>()
                });
                let Some(Some(features)) = features else {
                    return Err(format!("dependency `{name}`: expected `features = [\"...\"]`"));
                };
                dep.features.extend(features);
            }
            (other, ..) => {
                return Err(format!(
                    "cannot inline dependency `{name}` with `{other}`: the bundle inlines \
                     `path` dependencies (with `package`, `features`, `default-features`, \
                     `optional`) only"
                ))
            }
        }
    }
    match path {
        Some(path) => dep.path = path,
        None if dep.optional => return Ok(None),
        None => return Err(not_path()),
    }
    dep.workspace = inherited_from;
    Ok(Some(dep))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_dependencies_in_every_spelling() {
        let text = "[package]\nname = \"app\" # the app\nedition = \"2021\"\n[dependencies]\n\
                    judge-io = { path = \"../../judge-io\" }\nlib-a = { version = \"0.1\", path = \"../a\" }\n\
                    lib-b.path = \"../b\"\n\n[dependencies.lib-c]\npath = \"../c\"\n\n\
                    [dev-dependencies]\nrand = \"0.8\"\n";
        let manifest = parse(text).expect("parses");
        assert_eq!(manifest.package, "app");
        let deps: Vec<(&str, &str)> =
            manifest.path_dependencies.iter().map(|d| (d.name.as_str(), d.path.as_str())).collect();
        assert_eq!(
            deps,
            [
                ("judge-io", "../../judge-io"),
                ("lib-a", "../a"),
                ("lib-b", "../b"),
                ("lib-c", "../c")
            ]
        );
    }

    #[test]
    fn optional_dependencies_are_read_as_optional() {
        // As ac-library-rs writes it: an optional crates.io dependency (an implicit feature),
        // never turned on.
        let text = "[package]\nname = \"lib\"\nedition = \"2018\"\n[dependencies]\n\
                    num-traits = { version = \"0.2.11\", optional = true }\n\
                    helper = { path = \"../helper\", optional = false }\n\
                    [dependencies.extra]\npath = \"../extra\"\noptional = true\n\
                    [features]\ndefault = [ ]\nfast = [\"num-traits\"]\n";
        let manifest = parse(text).expect("parses");
        let deps: Vec<(&str, bool)> =
            manifest.path_dependencies.iter().map(|d| (d.name.as_str(), d.optional)).collect();
        assert_eq!(deps, [("helper", false), ("extra", true)]);
        assert_eq!(manifest.elsewhere, [("num-traits".to_string(), 5)]);
    }

    #[test]
    fn what_a_bundle_cannot_reproduce_is_refused_with_its_line() {
        let refused = |deps: &str, expected: &str| {
            let text = format!("[package]\nname = \"app\"\nedition = \"2021\"\n{deps}");
            let (line, message) = parse(&text).expect_err("refused");
            assert!(message.contains(expected), "{message}");
            assert!(line >= 4, "{line}");
        };
        refused("[dependencies]\nrand = \"0.8\"\n", "not a `path` dependency");
        refused("[dependencies]\nx = { git = \"https://x\" }\n", "with `git`");
        refused("[dependencies]\nx = { path = \"../x\", features = \"f\" }\n", "`features = [");
        refused("[dependencies.x]\nversion = \"1\"\n", "not a `path` dependency");
        refused("[build-dependencies]\nx = { path = \"../x\" }\n", "`[build-dependencies]`");
        refused("[target.'cfg(unix)'.dependencies]\nx = \"1\"\n", "cannot reproduce");
        refused("[features]\nfast = \"yes\"\n", "feature `fast`: expected a list of strings");
        refused("[lib]\npath = \"x.rs\"\n", "with `path`");
        refused("[dependencies]\nx.workspace = true\n", "no workspace manifest above it");
        let lib = parse("[package]\nname = \"a-b\"\nedition = \"2018\"\n[lib]\nname = \"ab\"\n");
        assert_eq!(lib.expect("parses").lib_name.as_deref(), Some("ab"));
    }

    #[test]
    fn a_manifest_without_edition_is_rust_2015() {
        let edition = |text: &str| parse(text).map(|m| m.edition);
        assert_eq!(edition("[package]\nname = \"old\"\n"), Ok(Edition::E2015));
        assert_eq!(edition("[package]\nname = \"old\"\nedition = \"2015\"\n"), Ok(Edition::E2015));
        assert_eq!(edition("[package]\nname = \"x\"\nedition = \"2024\"\n"), Ok(Edition::E2024));
        let (line, message) = parse("[package]\nname = \"x\"\nedition = \"2017\"\n").unwrap_err();
        assert_eq!((line, message.as_str()), (3, "unknown edition \"2017\""));
        let inherited = "[package]\nname = \"x\"\nedition.workspace = true\n";
        assert_eq!(edition(inherited), Ok(Edition::E2021), "no workspace above it");
        let workspace = judge_meta::toml::parse("[workspace]\n").expect("parses");
        let doc = judge_meta::toml::parse(inherited).expect("parses");
        let (line, message) = from_table(&doc, Some((Path::new("/w"), &workspace))).unwrap_err();
        assert_eq!(line, 3);
        assert!(message.contains("`[workspace.package.edition]`"), "{message}");
    }

    #[test]
    fn features_and_dependencies_with_features_are_read() {
        let text = "[package]\nname = \"app\"\nedition = \"2021\"\n[dependencies]\n\
                    ds = { path = \"../ds\", features = [\"x\", \"y\"], default-features = false }\n\
                    big = { version = \"1\", optional = true }\n\
                    [features]\ndefault = [\"fast\"]\nfast = [\"ds/z\", \"dep:big\"]\n";
        let manifest = parse(text).expect("parses");
        let ds = &manifest.path_dependencies[0];
        assert_eq!(
            (ds.features.as_slice(), ds.default_features),
            (&["x".to_string(), "y".to_string()][..], false)
        );
        assert_eq!(manifest.elsewhere, [("big".to_string(), 6)]);
        let features: Vec<(&str, usize)> =
            manifest.features.iter().map(|f| (f.name.as_str(), f.enables.len())).collect();
        assert_eq!(features, [("default", 1), ("fast", 2)]);
    }

    #[test]
    fn what_a_member_inherits_comes_from_its_workspace() {
        let workspace = judge_meta::toml::parse(
            "[workspace]\nmembers = [\"app\"]\n[workspace.package]\nedition = \"2018\"\n\
             [workspace.dependencies]\nds = { path = \"libs/ds\", features = [\"x\"] }\n\
             rand = \"0.8\"\nio.path = \"libs/io\"\n",
        )
        .expect("parses");
        let ws = (Path::new("/w"), &workspace);
        let member = |deps: &str| {
            let text = format!(
                "[package]\nname = \"app\"\nedition.workspace = true\n[dependencies]\n{deps}"
            );
            from_table(&judge_meta::toml::parse(&text).expect("parses"), Some(ws))
        };
        let manifest =
            member("ds = { workspace = true, features = [\"y\"] }\nio.workspace = true\n")
                .expect("inherits");
        assert_eq!(manifest.edition, Edition::E2018);
        let deps: Vec<(PathBuf, &[String])> = manifest
            .path_dependencies
            .iter()
            .map(|d| (d.dir(Path::new("/w/app")), d.features.as_slice()))
            .collect();
        let features = ["x".to_string(), "y".to_string()];
        assert_eq!(
            deps,
            [(PathBuf::from("/w/libs/ds"), &features[..]), (PathBuf::from("/w/libs/io"), &[][..])]
        );
        let (line, message) = member("rand.workspace = true\n").unwrap_err();
        assert_eq!(line, 5);
        assert!(message.contains("not a `path` dependency"), "{message}");
        let (_, message) = member("gone = { workspace = true }\n").unwrap_err();
        assert!(message.contains("`[workspace.dependencies.gone]`"), "{message}");
    }

    #[test]
    fn a_renamed_path_dependency_keeps_its_package() {
        let text = "[package]\nname = \"app\"\nedition = \"2021\"\n[dependencies]\n\
                    __gcd = { package = \"x-gcd\", path = \"../gcd\" }\nplain-lib = { path = \"../p\" }\n";
        let manifest = parse(text).expect("parses");
        let deps: Vec<(String, Option<&str>)> = manifest
            .path_dependencies
            .iter()
            .map(|d| (d.crate_name(), d.package.as_deref()))
            .collect();
        assert_eq!(deps, [("__gcd".to_string(), Some("x-gcd")), ("plain_lib".to_string(), None)]);
    }

    #[test]
    fn a_manifest_that_is_not_toml_names_its_line_and_column() {
        let dir = std::env::temp_dir().join(format!("bundler-manifest-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        std::fs::write(dir.join("Cargo.toml"), "[package]\nname = \"x\"\nedition = 2021 2\n")
            .expect("write");
        let error = read(&dir, "crates/x").unwrap_err();
        assert_eq!(
            error,
            "crates/x/Cargo.toml: line 3, column 16: expected the end of the line, found '2'"
        );
        std::fs::remove_dir_all(&dir).expect("cleaning up");
    }
}
