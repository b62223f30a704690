//! What the bundler reads from a crate's `Cargo.toml`: its package name and its `path`
//! dependencies. Everything a bundle cannot reproduce is refused here, with the line: a
//! dependency that is not a `path` to a workspace crate (crates.io, git, renamed, with
//! features), build or target-specific dependencies, default features (cargo's choice of
//! features is invisible to the judge's compiler), a `[lib]` with a custom path, and Rust 2015
//! crates (the bundler writes `use` paths for 2018+). A `[lib] name` is the crate's name.
//!
//! No feature is ever on in a bundle, and none is on in cargo's build either when no
//! dependent turns one on (dependencies with `features` are refused) and `default` is absent
//! or `[]`: so a `[features]` table without defaults is accepted, and an `optional = true`
//! dependency (whatever its source) is never compiled, so never inlined.
//!
//! Only the flat subset of TOML that manifests use is read (`key = value`, one-line inline
//! tables, `[table]` headers), so no TOML library is needed.

use std::fs;
use std::path::Path;

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

/// `name = { path = "..." }`.
#[derive(Debug, PartialEq, Eq)]
pub struct PathDependency {
    pub name: String,
    /// As written, relative to the manifest's folder.
    pub path: String,
}

/// Reads `<dir>/Cargo.toml`; `shown` is `dir` as messages show it.
pub fn read(dir: &Path, shown: &str) -> Result<Manifest, String> {
    let name = format!("{shown}/Cargo.toml");
    let text = fs::read_to_string(dir.join("Cargo.toml"))
        .map_err(|e| format!("cannot read {name}: {e}"))?;
    parse(&text).map_err(|(line, message)| format!("{name}:{line}: {message}"))
}

/// Parses a manifest; errors carry their 1-based line.
pub fn parse(text: &str) -> Result<Manifest, (usize, String)> {
    let mut manifest = Manifest::default();
    let mut section = String::new();
    // `[dependencies.NAME]`: its keys so far, and the line of its header.
    let mut table_dep: Option<(String, Keys, usize)> = None;
    let mut edition = false;
    for (n, raw) in text.lines().enumerate() {
        let line_no = n + 1;
        let line = strip_comment(raw).trim();
        if line.is_empty() {
            continue;
        }
        if line.starts_with('[') {
            if let Some((dep, keys, at)) = table_dep.take() {
                manifest.path_dependencies.extend(dependency(&dep, &keys).map_err(|e| (at, e))?);
            }
            section = line.trim_matches(|c| c == '[' || c == ']').trim().to_string();
            let refused = section.starts_with("build-dependencies")
                || (section.starts_with("target.") && section.contains("dependencies"));
            if refused {
                return Err((line_no, format!("a bundle cannot reproduce `[{section}]`")));
            }
            if let Some(dep) = section.strip_prefix("dependencies.") {
                table_dep = Some((dep.trim_matches('"').to_string(), Vec::new(), line_no));
            }
            continue;
        }
        let Some((key, value)) = line.split_once('=') else { continue };
        let (key, value) = (key.trim().trim_matches('"').to_string(), value.trim());
        if let Some((_, keys, _)) = &mut table_dep {
            keys.push((key, value.to_string()));
            continue;
        }
        match section.as_str() {
            "package" if key == "name" => manifest.package = unquote(value).to_string(),
            // Rust 2015 reads `use` paths from the crate root; the bundler writes them for
            // Rust 2018 and later.
            "package" if key == "edition" && unquote(value) == "2015" => {
                return Err((line_no, EDITION_2015.to_string()));
            }
            "package" if key == "edition" || key == "edition.workspace" => edition = true,
            "lib" if key == "name" => manifest.lib_name = Some(unquote(value).to_string()),
            // Default features would be on in cargo's build and off in the bundle.
            "features"
                if key == "default" && value.split_whitespace().collect::<String>() != "[]" =>
            {
                return Err((
                    line_no,
                    "a bundle cannot reproduce default features (no feature is ever on in a \
                     bundle): make it `default = []`"
                        .to_string(),
                ));
            }
            "lib" if key == "path" || key == "proc-macro" => {
                return Err((line_no, format!("a bundle cannot inline a library with `{key}`")));
            }
            "dependencies" => {
                let keys = if let Some((dep, sub)) = key.split_once('.') {
                    (dep.to_string(), vec![(sub.to_string(), value.to_string())])
                } else {
                    (key, inline_table(value))
                };
                let Some(dep) = dependency(&keys.0, &keys.1).map_err(|e| (line_no, e))? else {
                    continue;
                };
                match manifest.path_dependencies.iter_mut().find(|d| d.name == dep.name) {
                    Some(_) => return Err((line_no, format!("`{}` is listed twice", dep.name))),
                    None => manifest.path_dependencies.push(dep),
                }
            }
            _ => {}
        }
    }
    if let Some((dep, keys, at)) = table_dep.take() {
        manifest.path_dependencies.extend(dependency(&dep, &keys).map_err(|e| (at, e))?);
    }
    if manifest.package.is_empty() {
        return Err((1, "no `[package] name`".to_string()));
    }
    if !edition {
        return Err((1, format!("no `edition`, so Rust 2015: {EDITION_2015}")));
    }
    Ok(manifest)
}

/// A dependency's `key = value` pairs, as written.
type Keys = Vec<(String, String)>;

const EDITION_2015: &str = "cannot inline a Rust 2015 crate (its `use` paths start at the \
    crate root); set `edition = \"2018\"` or later";

/// A dependency from its keys; only `path` (and an ignored `version`) can be inlined, and an
/// `optional = true` one is none (no feature ever turns it on).
fn dependency(name: &str, keys: &[(String, String)]) -> Result<Option<PathDependency>, String> {
    if keys.iter().any(|(key, value)| key == "optional" && unquote(value) == "true") {
        return Ok(None);
    }
    let mut path = None;
    for (key, value) in keys {
        match key.as_str() {
            "path" => path = Some(unquote(value).to_string()),
            "version" => {}
            "optional" if unquote(value) == "false" => {}
            other => {
                return Err(format!(
                    "cannot inline dependency `{name}` with `{other}`: the bundle inlines \
                     plain `path` dependencies only"
                ))
            }
        }
    }
    path.map(|path| Some(PathDependency { name: name.to_string(), path })).ok_or_else(|| {
        format!(
            "cannot inline dependency `{name}`: not a `path` dependency (a bundle has std only; \
             put the library in the workspace and depend on it by path)"
        )
    })
}

/// `{ path = "x", version = "1" }` as key-value pairs; nothing for a bare `"1.0"`.
fn inline_table(value: &str) -> Vec<(String, String)> {
    let Some(inner) = value.strip_prefix('{').and_then(|v| v.strip_suffix('}')) else {
        return Vec::new();
    };
    inner
        .split(',')
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (k.trim().trim_matches('"').to_string(), v.trim().to_string()))
        .collect()
}

fn unquote(value: &str) -> &str {
    value.trim().trim_matches('"').trim_matches('\'')
}

/// The line without a `#` comment (a `#` inside a quoted string stays).
fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted => return &line[..i],
            _ => {}
        }
    }
    line
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
        refused("[dependencies]\nx = { path = \"../x\", package = \"y\" }\n", "with `package`");
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
}
