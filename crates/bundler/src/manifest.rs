//! What the bundler reads from a crate's `Cargo.toml`: its package name and its `path`
//! dependencies. Everything a bundle cannot reproduce is refused here, with the line: a
//! dependency that is not a `path` to a workspace crate (crates.io, git, with features),
//! build or target-specific dependencies, default features (cargo's choice of features is
//! invisible to the judge's compiler), a `[lib]` with a custom path, and Rust 2015 crates
//! (the bundler writes `use` paths for 2018+). A `[lib] name` is the crate's name; a renamed
//! dependency (`gcd = { package = "my-gcd", path = "../gcd" }`) is the crate its dependent's
//! code calls `gcd`.
//!
//! No feature is ever on in a bundle, and none is on in cargo's build either when no
//! dependent turns one on (dependencies with `features` are refused) and `default` is absent
//! or `[]`: so a `[features]` table without defaults is accepted, and an `optional = true`
//! dependency (whatever its source) is never compiled, so never inlined.
//!
//! The manifest is judge-meta's, read and parsed once per process
//! ([`judge_meta::manifest::read`]); each of its entries knows its line.

use std::path::Path;

use judge_meta::toml::{Entry, Table, Value};

/// The parts of a manifest the bundler needs.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Manifest {
    /// `[package] name`.
    pub package: String,
    /// `[lib] name`, if set: the crate name code writes, instead of the package's.
    pub lib_name: Option<String>,
    /// `[dependencies]` entries, in the order written.
    pub path_dependencies: Vec<PathDependency>,
}

/// `name = { path = "..." }`, or `name = { package = "other", path = "..." }`.
#[derive(Debug, PartialEq, Eq)]
pub struct PathDependency {
    /// The key: what the dependent's code calls the crate (`-` as `_`).
    pub name: String,
    /// As written, relative to the manifest's folder.
    pub path: String,
    /// `package = "..."`: the package's own name, when the key renames it.
    pub package: Option<String>,
}

impl PathDependency {
    /// The crate name the dependent's code writes (`my-gcd` -> `my_gcd`).
    pub fn crate_name(&self) -> String {
        self.name.replace('-', "_")
    }
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
    from_table(&table).map_err(|(line, message)| format!("{name}:{line}: {message}"))
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

/// Parses a manifest's text (for tests; the bundler reads through [`read`]).
#[cfg(test)]
pub fn parse(text: &str) -> Result<Manifest, (usize, String)> {
    let table = judge_meta::toml::parse(text).map_err(|e| (e.line, e.message))?;
    from_table(&table)
}

/// What the bundler needs from a parsed manifest; errors carry their 1-based line.
pub fn from_table(doc: &Table) -> Result<Manifest, (usize, String)> {
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
    match package.entry("edition") {
        // Rust 2015 reads `use` paths from the crate root; the bundler writes them for Rust
        // 2018 and later.
        Some(Entry { value: Value::String(edition), line, .. }) if edition == "2015" => {
            return Err((*line, EDITION_2015.to_string()))
        }
        Some(_) => {}
        None => {
            return Err((package_entry.line, format!("no `edition`, so Rust 2015: {EDITION_2015}")))
        }
    }
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
    if let Some(features) = doc.get("features").and_then(Value::as_table) {
        // Default features would be on in cargo's build and off in the bundle.
        if let Some(default) = features.entry("default") {
            if default.value.as_array().map_or(true, |items| !items.is_empty()) {
                return Err((
                    default.line,
                    "a bundle cannot reproduce default features (no feature is ever on in a \
                     bundle): make it `default = []`"
                        .to_string(),
                ));
            }
        }
    }
    if let Some(deps) = doc.get("dependencies").and_then(Value::as_table) {
        for entry in deps.entries() {
            if let Some(dep) = dependency(entry).map_err(|e| (entry.line, e))? {
                manifest.path_dependencies.push(dep);
            }
        }
    }
    Ok(manifest)
}

/// Whether a `[target.'cfg'.X]` table holds any kind of dependencies.
fn has_dependencies(table: &Table) -> bool {
    table.entries().iter().any(|e| e.key.ends_with("dependencies"))
}

const EDITION_2015: &str = "cannot inline a Rust 2015 crate (its `use` paths start at the \
    crate root); set `edition = \"2018\"` or later";

/// A dependency from its entry; only `path` (with `package` to rename, and an ignored
/// `version`) can be inlined, and an `optional = true` one is none (no feature ever turns it
/// on).
fn dependency(entry: &Entry) -> Result<Option<PathDependency>, String> {
    let name = &entry.key;
    let Some(keys) = entry.value.as_table() else {
        return Err(format!(
            "cannot inline dependency `{name}`: not a `path` dependency (a bundle has std only; \
             put the library in the workspace and depend on it by path)"
        ));
    };
    if keys.get("optional").and_then(Value::as_bool) == Some(true) {
        return Ok(None);
    }
    let mut path = None;
    let mut package = None;
    for key in keys.entries() {
        let text = key.value.as_str();
        match (key.key.as_str(), text) {
            ("path", Some(value)) => path = Some(value.to_string()),
            ("package", Some(value)) => package = Some(value.to_string()),
            ("version", _) => {}
            ("optional", _) if key.value.as_bool() == Some(false) => {}
            (other, _) => {
                return Err(format!(
                    "cannot inline dependency `{name}` with `{other}`: the bundle inlines \
                     plain `path` dependencies only"
                ))
            }
        }
    }
    let path = path.ok_or_else(|| {
        format!(
            "cannot inline dependency `{name}`: not a `path` dependency (a bundle has std only; \
             put the library in the workspace and depend on it by path)"
        )
    })?;
    Ok(Some(PathDependency { name: name.clone(), path, package }))
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
    fn features_that_are_never_on_and_optional_dependencies_are_accepted() {
        // As ac-library-rs writes it: an optional crates.io dependency (an implicit feature),
        // never turned on.
        let text = "[package]\nname = \"lib\"\nedition = \"2018\"\n[dependencies]\n\
                    num-traits = { version = \"0.2.11\", optional = true }\n\
                    helper = { path = \"../helper\", optional = false }\n\
                    [dependencies.extra]\npath = \"../extra\"\noptional = true\n\
                    [features]\ndefault = [ ]\nfast = [\"num-traits\"]\n";
        let manifest = parse(text).expect("parses");
        let deps: Vec<&str> = manifest.path_dependencies.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(deps, ["helper"]);
    }

    #[test]
    fn what_a_bundle_cannot_reproduce_is_refused_with_its_line() {
        let refused = |deps: &str, expected: &str| {
            let text = format!("[package]\nname = \"app\"\nedition.workspace = true\n{deps}");
            let (line, message) = parse(&text).expect_err("refused");
            assert!(message.contains(expected), "{message}");
            assert!(line >= 4, "{line}");
        };
        refused("[dependencies]\nrand = \"0.8\"\n", "not a `path` dependency");
        refused("[dependencies]\nx = { git = \"https://x\" }\n", "with `git`");
        refused("[dependencies]\nx = { path = \"../x\", features = [\"f\"] }\n", "with `features`");
        refused("[dependencies.x]\nversion = \"1\"\n", "not a `path` dependency");
        refused("[build-dependencies]\nx = { path = \"../x\" }\n", "`[build-dependencies]`");
        refused("[target.'cfg(unix)'.dependencies]\nx = \"1\"\n", "cannot reproduce");
        refused("[features]\ndefault = [\"fast\"]\nfast = []\n", "make it `default = []`");
        refused("[features]\ndefault = [\n    \"fast\",\n]\n", "default features");
        refused("[lib]\npath = \"x.rs\"\n", "with `path`");
        let (line, message) = parse("[package]\nname = \"old\"\nedition = \"2015\"\n").unwrap_err();
        assert_eq!(line, 3);
        assert!(message.contains("Rust 2015 crate"), "{message}");
        assert!(parse("[package]\nname = \"old\"\n").unwrap_err().1.contains("no `edition`"));
        let lib = parse("[package]\nname = \"a-b\"\nedition = \"2018\"\n[lib]\nname = \"ab\"\n");
        assert_eq!(lib.expect("parses").lib_name.as_deref(), Some("ab"));
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
