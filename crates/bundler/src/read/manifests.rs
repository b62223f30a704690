//! Which packages the bundle may inline: the crate's own, and every `path` dependency that a
//! manifest read so far lists. A package's own manifest is read (and what a bundle cannot
//! reproduce refused, see [`crate::manifest`]) only when code names its crate: a dependency
//! nothing names, such as the test harness (outside the workspace, for a fixture workspace's
//! problems), is never checked or refused; only its crate name is looked up, and the features
//! it turns on in the others ([`features`], read leniently). A dependency only a feature
//! turns on (`optional = true`) is one only when a feature that is on in this build does.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use super::features::{self, Resolved};
use super::tree::Role;
use crate::edition::Edition;
use crate::manifest;

/// A crate as its manifest describes it, once code names it.
pub struct Manifested {
    pub role: Role,
    pub root_file: PathBuf,
    /// Whether it has a library (`src/lib.rs`); only the binary's own package may lack one.
    pub has_lib: bool,
    pub edition: Edition,
    /// Its features that are on in this build (see [`features`]).
    pub features: Vec<String>,
    /// Its dependencies, in the order its manifest lists them.
    pub deps: Vec<Dependency>,
}

/// A path dependency as its dependent's manifest lists it.
#[derive(Debug, Clone)]
pub struct Dependency {
    /// What the dependent's code calls it (a renamed dependency's key, else its crate name;
    /// `-` as `_`).
    pub name: String,
    /// Its key as the manifest writes it, for messages.
    pub key: String,
    /// Its unit in [`Manifests::units`].
    pub unit: usize,
}

/// A package that the bundle may inline: where it is and what its code is called, known as
/// soon as a manifest lists it; what its own manifest says, read only once code names it.
pub struct Unit {
    dir: PathBuf,
    /// Its crate name (its `[lib] name`, else its package's with `-` as `_`).
    pub name: String,
    /// Whether it lies outside the workspace (refused once code names it).
    outside: bool,
    manifest: Option<Manifested>,
}

/// The packages the bundle may inline: the one in the crate's folder (unit 0), and every one
/// a manifest read so far lists as a `path` dependency. A package's own manifest is checked
/// only when code names its crate, so a dependency nothing names (the test harness) is never
/// checked or refused: only its name and the features it turns on are looked up.
pub struct Manifests {
    /// The workspace root, canonical.
    root: PathBuf,
    pub units: Vec<Unit>,
    /// What is on in each package of the build, by its canonical folder.
    on: BTreeMap<PathBuf, Resolved>,
}

impl Manifests {
    /// The package in `crate_dir`, its manifest read.
    pub fn new(root: &Path, crate_dir: &Path) -> Result<Manifests, String> {
        let root = fs::canonicalize(root).map_err(|e| format!("cannot read {root:?}: {e}"))?;
        let start = fs::canonicalize(crate_dir)
            .map_err(|e| format!("cannot read {}: {e}", crate_dir.display()))?;
        let on = features::resolve(&start);
        let unit = Unit { dir: start, name: String::new(), outside: false, manifest: None };
        let mut manifests = Manifests { root, units: vec![unit], on };
        manifests.open(0)?;
        Ok(manifests)
    }

    /// The workspace root, canonical.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// `dir` as messages show it: relative to the workspace root.
    fn display(&self, dir: &Path) -> String {
        dir.strip_prefix(&self.root).unwrap_or(dir).display().to_string()
    }

    /// The manifest of `unit`, read and checked on first use: what a bundle cannot reproduce
    /// is refused (see [`manifest`]), and each of its `path` dependencies becomes a unit.
    pub fn open(&mut self, unit: usize) -> Result<&Manifested, String> {
        if self.units[unit].manifest.is_none() {
            let manifested = self.read_manifest(unit)?;
            self.units[unit].manifest = Some(manifested);
        }
        Ok(self.units[unit].manifest.as_ref().expect("just read"))
    }

    fn read_manifest(&mut self, unit: usize) -> Result<Manifested, String> {
        let dir = self.units[unit].dir.clone();
        let shown = self.display(&dir);
        let manifest = manifest::read(&dir, &shown)?;
        if dir.join("build.rs").exists() {
            return Err(format!("{shown}/build.rs: cannot inline a build script's effects"));
        }
        let root_file = dir.join("src").join("lib.rs");
        let has_lib = root_file.is_file();
        if unit != 0 && !has_lib {
            return Err(format!("{shown}: a dependency must be a library (src/lib.rs)"));
        }
        if self.units[unit].name.is_empty() {
            self.units[unit].name = manifest::crate_name(&manifest);
        }
        let on = self.on.get(&dir).cloned().unwrap_or_default();
        let at_line = |line: usize| format!("{shown}/Cargo.toml:{line}: ");
        if let Some((key, line)) = manifest.elsewhere.iter().find(|(d, _)| on.active.contains(d)) {
            return Err(format!(
                "{}cannot inline dependency `{key}`: a feature that is on in this build turns \
                 it on, and it is not a `path` dependency (a bundle has std only)",
                at_line(*line)
            ));
        }
        let mut deps = Vec::new();
        let active = manifest
            .path_dependencies
            .iter()
            .filter(|d| !d.optional || on.active.contains(&d.name));
        for dep in active {
            let dep_dir = fs::canonicalize(dep.dir(&dir)).map_err(|e| {
                format!("{shown}/Cargo.toml: dependency `{}`: {}: {e}", dep.name, dep.path)
            })?;
            let dep_unit = self.unit_at(dep_dir)?;
            // A renamed dependency is called by its key; any other by its own crate name.
            let name = match dep.package {
                Some(_) => dep.crate_name(),
                None => self.units[dep_unit].name.clone(),
            };
            deps.push(Dependency { name, key: dep.name.clone(), unit: dep_unit });
        }
        let (edition, features) = (manifest.edition, on.features.into_iter().collect());
        let role = if unit == 0 { Role::Own } else { Role::Library };
        Ok(Manifested { role, root_file, has_lib, edition, features, deps })
    }

    /// The unit of the package in `dir` (canonical), known by its crate name from now on.
    fn unit_at(&mut self, dir: PathBuf) -> Result<usize, String> {
        if let Some(unit) = self.units.iter().position(|u| u.dir == dir) {
            return Ok(unit);
        }
        let name = manifest::crate_name_at(&dir, &self.display(&dir))?;
        let outside = !dir.starts_with(&self.root);
        self.units.push(Unit { dir, name, outside, manifest: None });
        Ok(self.units.len() - 1)
    }

    /// Refuses `unit`, which code of a crate of `lister` names, when it lies outside the
    /// workspace.
    pub fn check_inside(&self, lister: usize, unit: usize) -> Result<(), String> {
        if !self.units[unit].outside {
            return Ok(());
        }
        let listed = self.units[lister].manifest.as_ref().expect("a read crate's manifest");
        let key = listed.deps.iter().find(|d| d.unit == unit).map_or("?", |d| d.key.as_str());
        Err(format!(
            "{}/Cargo.toml: dependency `{key}` lies outside the workspace; the bundle only \
             inlines the workspace's own std-only libraries",
            self.display(&self.units[lister].dir)
        ))
    }
}
