//! Which features are on in each package of this build, decided as cargo's resolver
//! (version 2) decides them for `cargo build` of the problem's binary: the problem's package
//! with its default features, each dependency with the features its dependents ask for
//! (`features = [...]`, and `default` unless `default-features = false`), every feature's
//! list followed (`"other"`, `"dep:d"`, `"d/f"`, `"d?/f"`, and an optional dependency's
//! implicit feature of its name), until nothing more turns on. Only normal dependencies count
//! (dev- and build-dependencies are not part of the binary's build), and every package of the
//! build counts, whether or not code names it: the test harness, which no bundle carries,
//! may still turn a feature of a library on, and then cargo's build has it on.
//!
//! What cargo would refuse (an unknown feature) is left for cargo to refuse: it adds
//! nothing here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::manifest::{self, Manifest};

/// What is on in one package.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Resolved {
    /// Its features that are on.
    pub features: BTreeSet<String>,
    /// Its optional dependencies (by key) that a feature turns on.
    pub active: BTreeSet<String>,
}

/// Each package of the build of the package in `start` (canonical folders), with what is on
/// in it.
pub fn resolve(start: &Path) -> BTreeMap<PathBuf, Resolved> {
    resolve_with(start, &mut |dir| manifest::feature_view(dir))
}

/// [`resolve`], each package's manifest given by `view` (`None`: not a package to follow).
fn resolve_with(
    start: &Path,
    view: &mut dyn FnMut(&Path) -> Option<Manifest>,
) -> BTreeMap<PathBuf, Resolved> {
    let mut views: BTreeMap<PathBuf, Option<Manifest>> = BTreeMap::new();
    let mut requested: BTreeMap<PathBuf, BTreeSet<String>> = BTreeMap::new();
    requested.insert(start.to_path_buf(), BTreeSet::from(["default".to_string()]));
    let mut resolved = BTreeMap::new();
    // Requests only grow, and each is a name from a manifest: this ends.
    loop {
        let mut asks: Vec<(PathBuf, BTreeSet<String>)> = Vec::new();
        for (dir, wanted) in &requested {
            let package = views.entry(dir.clone()).or_insert_with(|| view(dir));
            let Some(package) = package else { continue };
            let (on, dep_asks) = settle(package, wanted);
            for dep in &package.path_dependencies {
                if dep.optional && !on.active.contains(&dep.name) {
                    continue;
                }
                let Ok(dep_dir) = std::fs::canonicalize(dep.dir(dir)) else { continue };
                let mut wanted: BTreeSet<String> = dep.features.iter().cloned().collect();
                if dep.default_features {
                    wanted.insert("default".to_string());
                }
                let of_dep = dep_asks.iter().filter(|(d, _)| *d == dep.name);
                wanted.extend(of_dep.map(|(_, f)| f.clone()));
                asks.push((dep_dir, wanted));
            }
            resolved.insert(dir.clone(), on);
        }
        let mut grew = false;
        for (dir, wanted) in asks {
            let known = requested.entry(dir).or_default();
            for feature in wanted {
                grew |= known.insert(feature);
            }
        }
        if !grew {
            return resolved;
        }
    }
}

/// What `wanted` turns on in `package`, and the features it asks of its dependencies (by
/// key; a weak `d?/f` only where `d` is on).
fn settle(package: &Manifest, wanted: &BTreeSet<String>) -> (Resolved, Vec<(String, String)>) {
    let mut on = Resolved::default();
    let mut asks = Vec::new();
    let mut weak = Vec::new();
    let table = &package.features;
    let is_dep = |name: &str| package.path_dependencies.iter().any(|d| d.name == name);
    let optional = |name: &str| {
        package.path_dependencies.iter().any(|d| d.name == name && d.optional)
            || package.elsewhere.iter().any(|(d, _)| d == name)
    };
    // An optional dependency named with `dep:` anywhere has no implicit feature.
    let explicit: BTreeSet<&str> =
        table.iter().flat_map(|f| &f.enables).filter_map(|e| e.strip_prefix("dep:")).collect();
    let mut stack: Vec<String> = wanted.iter().cloned().collect();
    while let Some(item) = stack.pop() {
        if let Some(dep) = item.strip_prefix("dep:") {
            on.active.insert(dep.to_string());
        } else if let Some((dep, feature)) = item.split_once('/') {
            match dep.strip_suffix('?') {
                Some(dep) => weak.push((dep.to_string(), feature.to_string())),
                None => {
                    if optional(dep) {
                        on.active.insert(dep.to_string());
                    }
                    asks.push((dep.to_string(), feature.to_string()));
                }
            }
        } else if let Some(feature) = table.iter().find(|f| f.name == item) {
            if on.features.insert(item.clone()) {
                stack.extend(feature.enables.iter().cloned());
            }
        } else if optional(&item) && !explicit.contains(item.as_str()) {
            on.features.insert(item.clone());
            on.active.insert(item);
        }
    }
    let active = |dep: &str| !optional(dep) || on.active.contains(dep);
    asks.extend(weak.into_iter().filter(|(dep, _)| is_dep(dep) && active(dep)));
    (on, asks)
}

/// A manifest's text read as the bundler reads it, and its own features settled with its
/// defaults on: how many path dependencies, features, and features on, or the error's line
/// and message (the I/O contract of `examples/manifest-check.rs`, for the fuzzer).
pub fn manifest_text_check(text: &str) -> Result<[usize; 3], (usize, String)> {
    let table = judge_meta::toml::parse(text).map_err(|e| (e.line, e.to_string()))?;
    let manifest = manifest::from_table(&table, None)?;
    let (on, _) = settle(&manifest, &BTreeSet::from(["default".to_string()]));
    Ok([manifest.path_dependencies.len(), manifest.features.len(), on.features.len()])
}

#[cfg(test)]
mod tests {
    use super::{resolve_with, Resolved};
    use crate::manifest::parse;
    use std::collections::BTreeSet;
    use std::path::{Path, PathBuf};

    fn set(items: &[&str]) -> BTreeSet<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn features_turn_on_as_cargo_turns_them_on() {
        let dir = crate::testing::TempDir::new("features");
        for name in ["app", "ds", "io", "extra", "never"] {
            std::fs::create_dir_all(dir.path.join(name)).expect("a folder");
        }
        let manifests = [
            (
                "app",
                "[package]\nname = \"app\"\n[dependencies]\nds = { path = \"../ds\", features = [\"x\"] }\n\
                 io = { path = \"../io\", default-features = false }\n",
            ),
            (
                "ds",
                "[package]\nname = \"ds\"\n[dependencies]\nextra = { path = \"../extra\", optional = true }\n\
                 io = { path = \"../io\", optional = true, default-features = false }\n\
                 never = { path = \"../never\", optional = true }\n\
                 [features]\ndefault = [\"y\"]\nx = [\"extra/fast\", \"io?/pretty\"]\ny = []\nz = []\n",
            ),
            ("io", "[package]\nname = \"io\"\n[features]\ndefault = [\"big\"]\nbig = []\npretty = []\n"),
            ("extra", "[package]\nname = \"extra\"\n[features]\nfast = [\"dep:never\"]\n"),
            ("never", "[package]\nname = \"never\"\n"),
        ];
        let root = std::fs::canonicalize(&dir.path).expect("canonical");
        let mut view = |d: &Path| {
            let name = d.file_name()?.to_str()?;
            let text = manifests.iter().find(|(n, _)| *n == name)?.1;
            Some(parse(text).expect("parses"))
        };
        let resolved = resolve_with(&root.join("app"), &mut view);
        let of = |name: &str| resolved.get(&root.join(name)).cloned();
        // `x` turns `extra` on (and its `fast`); `io?/pretty` is weak, and `io` is off in
        // `ds`, but `app` turns `io` on: its `pretty` stays off, its default too.
        assert_eq!(
            of("ds"),
            Some(Resolved { features: set(&["default", "x", "y"]), active: set(&["extra"]) })
        );
        assert_eq!(of("extra").map(|r| r.features), Some(set(&["fast"])));
        assert_eq!(of("io").map(|r| r.features), Some(set(&[])));
        // `dep:never` in `extra` is about `extra`'s own dependencies: it has none.
        assert_eq!(of("never"), None);
        let paths: Vec<PathBuf> = resolved.keys().cloned().collect();
        assert_eq!(paths.len(), 4, "{paths:?}");
    }
}
