//! Phase 1: which crates the bundle inlines, and every module of each, read and split into
//! items, with what `cfg(test)`, features and `#[test]` remove already marked.
//!
//! A crate is inlined when code of a crate already inlined (main.rs first) names it: in Rust
//! 2018+ a dependency is reachable only through its name (a path, a `use`, an `extern crate`,
//! a macro call's path), so a crate whose name appears nowhere cannot be reached, and leaving
//! it out keeps exactly what the compiler would see. That is how the test harness, a normal
//! dependency of every problem for its generator binaries, stays out of every bundle.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

use super::attrs::{self, Presence};
use super::items::{self, Item, ItemKind};
use super::manifest;
use super::mapped::Mapped;
use super::source::Source;

/// What a crate is to the bundle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The binary: `src/main.rs`, the bundle's root.
    Main,
    /// The problem's own library (`src/lib.rs` beside main.rs).
    Own,
    /// A library it depends on, directly or not.
    Library,
}

/// One crate of the bundle.
#[derive(Debug)]
pub struct Crate {
    /// Its name as its own code knows it (`judge_io`: its `[lib] name`, else its package's
    /// with `-` as `_`); empty for main.rs.
    pub name: String,
    pub role: Role,
    /// The crates its code may name, by the name its manifest gives each (a renamed
    /// dependency's key, `-` as `_`), as indices into [`Tree::crates`] (main.rs: its own
    /// library too). While the tree is read: indices into the manifests.
    pub deps: Vec<(String, usize)>,
    /// Its root module, an index into [`Tree::modules`].
    pub root: usize,
    /// Its `#[macro_export]` macros, which land at the bundle's root.
    pub exported: HashSet<String>,
    /// The crates whose macros its root brings into every module of it with
    /// `#[macro_use] extern crate` (as indices into [`Tree::crates`], once read).
    pub macro_use: Vec<usize>,
}

/// Every file, crate and module the bundle is made of.
#[derive(Debug, Default)]
pub struct Tree {
    pub files: Vec<Source>,
    /// Where each file is (for `include_str!` and `include_bytes!`, relative to it).
    pub paths: Vec<PathBuf>,
    /// main.rs first, then the problem's library, then the libraries in the order they were
    /// reached.
    pub crates: Vec<Crate>,
    pub modules: Vec<Module>,
}

/// A module: a whole file or the body of an inline `mod m { ... }`.
#[derive(Debug)]
pub struct Module {
    pub krate: usize,
    pub file: usize,
    /// Its tokens in its file (inside the braces for an inline module).
    pub tokens: (usize, usize),
    /// The byte range of its text.
    pub text: (usize, usize),
    /// Where the files of its `mod foo;` children are.
    pub dir: PathBuf,
    /// Its name: the `mod` item's; the crate's for a crate root (empty for main.rs).
    pub name: String,
    pub parent: Option<usize>,
    pub entries: Vec<Entry>,
}

/// One item of a module.
#[derive(Debug)]
pub struct Entry {
    pub item: Item,
    /// Removed by a false `cfg` or `#[test]` (or an `extern crate` the bundle makes useless).
    pub removed: bool,
    /// Token ranges of associated items removed by `cfg` inside an `impl` or `trait` body.
    pub removed_inside: Vec<(usize, usize)>,
    /// The module of a `mod` item.
    pub child: Option<usize>,
}

impl Tree {
    /// The child module named `name` of module `m`.
    pub fn child(&self, m: usize, name: &str) -> Option<usize> {
        self.modules[m]
            .entries
            .iter()
            .filter_map(|e| e.child)
            .find(|&c| self.modules[c].name == name)
    }

    /// The crate that code of crate `k` calls `name`, if it is inlined.
    pub fn dep(&self, k: usize, name: &str) -> Option<usize> {
        self.crates[k].deps.iter().find(|(n, _)| n == name).map(|&(_, c)| c)
    }

    /// Whether code of crate `k` may call a crate `name`.
    pub fn has_dep(&self, k: usize, name: &str) -> bool {
        self.crates[k].deps.iter().any(|(n, _)| n == name)
    }

    /// `crates/x/src/lib.rs:12:5: ` for byte `at` of `text` (a text made of these files), or
    /// `bundle line N: ` for text the bundler wrote.
    pub fn place(&self, text: &Mapped, at: usize) -> String {
        match text.origin(at) {
            Some(origin) => format!("{}: ", self.files[origin.file].location(origin.offset)),
            None => {
                let line = 1 + text.text[..at.min(text.text.len())].matches('\n').count();
                format!("bundle line {line}: ")
            }
        }
    }
}

/// A crate as its manifest describes it, once code names it.
struct Manifested {
    role: Role,
    root_file: PathBuf,
    /// Whether it has a library (`src/lib.rs`); only the binary's own package may lack one.
    has_lib: bool,
    /// Its dependencies, in the order its manifest lists them.
    deps: Vec<Dependency>,
}

/// A path dependency as its dependent's manifest lists it.
#[derive(Debug, Clone)]
struct Dependency {
    /// What the dependent's code calls it (a renamed dependency's key, else its crate name;
    /// `-` as `_`).
    name: String,
    /// Its key as the manifest writes it, for messages.
    key: String,
    /// Its unit in [`Manifests::units`].
    unit: usize,
}

/// A package that the bundle may inline: where it is and what its code is called, known as
/// soon as a manifest lists it; what its own manifest says, read only once code names it.
struct Unit {
    dir: PathBuf,
    /// Its crate name (its `[lib] name`, else its package's with `-` as `_`).
    name: String,
    /// Whether it lies outside the workspace (refused once code names it).
    outside: bool,
    manifest: Option<Manifested>,
}

/// Where reading starts: the bundle's root.
pub enum Start<'a> {
    /// The binary crate in this folder: its `src/main.rs`.
    Binary(&'a Path),
    /// The library crate in this folder, as a program whose `main` does nothing (how a
    /// library is checked where it is written).
    Library(&'a Path),
}

/// Reads the binary crate in `crate_dir` (its `src/main.rs`) and every crate its code reaches
/// by name, each whole (minus what `cfg(test)`, features and `#[test]` remove). Paths in
/// messages are relative to `root`.
pub fn read(root: &Path, crate_dir: &Path) -> Result<Tree, String> {
    read_from(root, Start::Binary(crate_dir))
}

/// Reads the program that `start` is, and every crate its code reaches by name.
pub fn read_from(root: &Path, start: Start) -> Result<Tree, String> {
    let crate_dir = match start {
        Start::Binary(dir) | Start::Library(dir) => dir,
    };
    let mut manifests = Manifests::new(root, crate_dir)?;
    let mut tree = Tree::default();
    let mut reader = Reader { root, tree: &mut tree };
    // Which crate each unit became, once read; and the unit whose manifest lists each
    // crate's dependencies (main.rs's: its package's).
    let mut read_as: Vec<Option<usize>> = Vec::new();
    let mut listed_by: Vec<usize> = Vec::new();
    let own_name = manifests.units[0].name.clone();
    match start {
        Start::Binary(dir) => {
            let own = manifests.open(0)?;
            let mut deps: Vec<(String, usize)> =
                own.deps.iter().map(|d| (d.name.clone(), d.unit)).collect();
            if own.has_lib {
                deps.push((own_name, 0));
            }
            listed_by.push(0);
            reader.read_crate("", Role::Main, deps, &dir.join("src").join("main.rs"))?;
        }
        Start::Library(_) => {
            let text = "fn main() {}\n".to_string();
            reader.synthetic_main(&format!("(a program that only links {own_name})"), text)?;
            reader.tree.crates[0].deps.push((own_name, 0));
            listed_by.push(0);
            read_unit(&mut reader, &mut manifests, &mut read_as, &mut listed_by, 0)?;
            reader.tree.crates[1].role = Role::Library;
        }
    }
    // Crates named by code already read, until none is new.
    let mut next = 0;
    while next < reader.tree.crates.len() {
        let named = reader.named_deps(next);
        let lister = listed_by[next];
        next += 1;
        for (_, unit) in named {
            let read = read_as.get(unit).copied().flatten().is_some();
            if !read && (unit != 0 || manifests.open(0)?.has_lib) {
                manifests.check_inside(lister, unit)?;
                read_unit(&mut reader, &mut manifests, &mut read_as, &mut listed_by, unit)?;
            }
        }
    }
    // The problem's own library first, then the libraries in the order they were reached.
    let mut order: Vec<usize> = (0..tree.crates.len()).collect();
    if let Some(own) = tree.crates.iter().position(|c| c.role == Role::Own) {
        order.remove(own);
        order.insert(1, own);
    }
    let mut position = vec![0; order.len()];
    for (new, &old) in order.iter().enumerate() {
        position[old] = new;
    }
    let mut crates: Vec<Option<Crate>> = tree.crates.drain(..).map(Some).collect();
    tree.crates = order.iter().map(|&old| crates[old].take().expect("each crate once")).collect();
    for krate in &mut tree.crates {
        // Manifest indices become crate indices; a dependency nothing named is not read.
        krate.deps = krate
            .deps
            .drain(..)
            .filter_map(|(name, unit)| Some((name, position[read_as.get(unit).copied()??])))
            .collect();
    }
    for (k, krate) in tree.crates.iter().enumerate() {
        let mut stack = vec![krate.root];
        while let Some(m) = stack.pop() {
            tree.modules[m].krate = k;
            stack.extend(tree.modules[m].entries.iter().filter_map(|e| e.child));
        }
    }
    resolve_macro_use(&mut tree);
    check_exported(&tree)?;
    Ok(tree)
}

/// `#[macro_use] extern crate x;` at a crate's root: `x`'s exported macros are in scope in
/// every module of that crate (recorded in [`Crate::macro_use`]; the item itself goes).
fn resolve_macro_use(tree: &mut Tree) {
    for k in 0..tree.crates.len() {
        let root = tree.crates[k].root;
        let mut found = Vec::new();
        for entry in &tree.modules[root].entries {
            let item = &entry.item;
            if item.kind != ItemKind::ExternCrate {
                continue;
            }
            let src = &tree.files[tree.modules[root].file];
            let present = attrs::presence(src, &item.attrs).ok() == Some(Presence::Kept);
            if !present || !item.has_attr(src, "macro_use") {
                continue;
            }
            if let Some(target) = extern_crate_name(src, item).and_then(|name| tree.dep(k, name)) {
                found.push(target);
            }
        }
        tree.crates[k].macro_use = found;
    }
}

/// The crate name of `extern crate name [as alias];`.
fn extern_crate_name<'s>(src: &'s Source, item: &Item) -> Option<&'s str> {
    let hi = item.end;
    src.ident(src.next_code(src.next_code(item.keyword + 1, hi) + 1, hi))
}

/// Two crates exporting macros of the same name would define both at the bundle's root.
fn check_exported(tree: &Tree) -> Result<(), String> {
    for (k, a) in tree.crates.iter().enumerate() {
        for b in &tree.crates[k + 1..] {
            if let Some(name) = a.exported.intersection(&b.exported).next() {
                return Err(format!(
                    "cannot inline `#[macro_export]` macro `{name}`: crates `{}` and `{}` both \
                     export it, and both would land at the bundle's root",
                    a.name, b.name
                ));
            }
        }
    }
    Ok(())
}

/// Reads the crate of `unit` (its manifest checked now that code names it).
fn read_unit(
    reader: &mut Reader,
    manifests: &mut Manifests,
    read_as: &mut Vec<Option<usize>>,
    listed_by: &mut Vec<usize>,
    unit: usize,
) -> Result<(), String> {
    let m = manifests.open(unit)?;
    let deps = m.deps.iter().map(|d| (d.name.clone(), d.unit)).collect();
    let (role, root_file) = (m.role, m.root_file.clone());
    if read_as.len() <= unit {
        read_as.resize(unit + 1, None);
    }
    read_as[unit] = Some(reader.tree.crates.len());
    listed_by.push(unit);
    let name = manifests.units[unit].name.clone();
    reader.read_crate(&name, role, deps, &root_file)
}

/// The packages the bundle may inline: the one in the crate's folder (unit 0), and every one
/// a manifest read so far lists as a `path` dependency. A package's own manifest is read
/// only when code names its crate, so a dependency nothing names (the test harness) is never
/// read, checked or refused: only its name is looked up.
struct Manifests {
    /// The workspace root, canonical.
    root: PathBuf,
    units: Vec<Unit>,
}

impl Manifests {
    /// The package in `crate_dir`, its manifest read.
    fn new(root: &Path, crate_dir: &Path) -> Result<Manifests, String> {
        let root = fs::canonicalize(root).map_err(|e| format!("cannot read {root:?}: {e}"))?;
        let start = fs::canonicalize(crate_dir)
            .map_err(|e| format!("cannot read {}: {e}", crate_dir.display()))?;
        let unit = Unit { dir: start, name: String::new(), outside: false, manifest: None };
        let mut manifests = Manifests { root, units: vec![unit] };
        manifests.open(0)?;
        Ok(manifests)
    }

    /// `dir` as messages show it: relative to the workspace root.
    fn display(&self, dir: &Path) -> String {
        dir.strip_prefix(&self.root).unwrap_or(dir).display().to_string()
    }

    /// The manifest of `unit`, read and checked on first use: what a bundle cannot reproduce
    /// is refused (see [`manifest`]), and each of its `path` dependencies becomes a unit.
    fn open(&mut self, unit: usize) -> Result<&Manifested, String> {
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
        let mut deps = Vec::new();
        for dep in &manifest.path_dependencies {
            let dep_dir = fs::canonicalize(dir.join(&dep.path)).map_err(|e| {
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
        let role = if unit == 0 { Role::Own } else { Role::Library };
        Ok(Manifested { role, root_file, has_lib, deps })
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
    fn check_inside(&self, lister: usize, unit: usize) -> Result<(), String> {
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

struct Reader<'a> {
    root: &'a Path,
    tree: &'a mut Tree,
}

impl Reader<'_> {
    fn display(&self, path: &Path) -> String {
        path.strip_prefix(self.root).unwrap_or(path).display().to_string()
    }

    fn read_crate(
        &mut self,
        name: &str,
        role: Role,
        deps: Vec<(String, usize)>,
        file: &Path,
    ) -> Result<(), String> {
        let krate = self.tree.crates.len();
        self.tree.crates.push(Crate {
            name: name.to_string(),
            role,
            deps,
            root: usize::MAX,
            exported: HashSet::new(),
            macro_use: Vec::new(),
        });
        let root = self.file_module(file, krate, None, name)?;
        self.tree.crates[krate].root = root;
        Ok(())
    }

    /// A main.rs that no file holds (`text`, shown as `shown`), for checking a library.
    fn synthetic_main(&mut self, shown: &str, text: String) -> Result<(), String> {
        let src = Source::new(shown.to_string(), text)?;
        let (range, text) = ((0, src.tokens.len()), (0, src.text.len()));
        self.tree.files.push(src);
        self.tree.paths.push(PathBuf::from(shown));
        self.tree.crates.push(Crate {
            name: String::new(),
            role: Role::Main,
            deps: Vec::new(),
            root: usize::MAX,
            exported: HashSet::new(),
            macro_use: Vec::new(),
        });
        let file = self.tree.files.len() - 1;
        let root = self.module(0, file, range, text, PathBuf::new(), None, "")?;
        self.tree.crates[0].root = root;
        Ok(())
    }

    /// The dependencies of crate `k` that its code names.
    fn named_deps(&self, k: usize) -> Vec<(String, usize)> {
        let krate = &self.tree.crates[k];
        let mut idents = HashSet::new();
        let mut stack = vec![krate.root];
        while let Some(m) = stack.pop() {
            let module = &self.tree.modules[m];
            let src = &self.tree.files[module.file];
            for entry in module.entries.iter().filter(|e| !e.removed) {
                let range = match (entry.child, entry.item.body) {
                    // An inline module's body is its child's.
                    (Some(_), Some(body)) => (entry.item.lead, body.open),
                    _ => (entry.item.lead, entry.item.end),
                };
                for i in range.0..range.1 {
                    if entry.removed_inside.iter().any(|&(lo, hi)| lo <= i && i < hi) {
                        continue;
                    }
                    idents.extend(src.ident(i));
                }
                stack.extend(entry.child);
            }
        }
        krate.deps.iter().filter(|(d, _)| idents.contains(d.as_str())).cloned().collect()
    }

    /// Reads, tokenizes and splits the module file at `path`; its children live beside it
    /// (`lib.rs`, `main.rs`, `mod.rs`) or in the folder named after it (`foo.rs` -> `foo/`).
    fn file_module(
        &mut self,
        path: &Path,
        krate: usize,
        parent: Option<usize>,
        name: &str,
    ) -> Result<usize, String> {
        let shown = self.display(path);
        let text = fs::read_to_string(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
        let src = Source::new(shown, text)?;
        let dir = match path.file_stem().and_then(|s| s.to_str()).unwrap_or_default() {
            "lib" | "main" | "mod" => path.parent().unwrap_or(Path::new(".")).to_path_buf(),
            stem => path.parent().unwrap_or(Path::new(".")).join(stem),
        };
        let range = (0, src.tokens.len());
        let text = (0, src.text.len());
        self.tree.files.push(src);
        self.tree.paths.push(path.to_path_buf());
        let file = self.tree.files.len() - 1;
        self.module(krate, file, range, text, dir, parent, name)
    }

    /// Splits tokens `range` of `file` into entries, marks what `cfg` removes, and reads the
    /// children.
    #[allow(clippy::too_many_arguments)]
    fn module(
        &mut self,
        krate: usize,
        file: usize,
        range: (usize, usize),
        text: (usize, usize),
        dir: PathBuf,
        parent: Option<usize>,
        name: &str,
    ) -> Result<usize, String> {
        let src = &self.tree.files[file];
        let mut entries = Vec::new();
        let at_crate_root = parent.is_none();
        for item in items::split(src, range.0, range.1)? {
            let mut removed = attrs::presence(src, &item.attrs)? == Presence::Removed;
            if item.kind == ItemKind::Inner {
                if let Some(attr) = item.attrs.first() {
                    if attr.is_false_cfg(src)? {
                        return Err(src.error(
                            item.start,
                            "cannot remove a module by an inner `#![cfg]`: put `#[cfg]` on the \
                             `mod` item",
                        ));
                    }
                }
            }
            if item.kind == ItemKind::ExternCrate && !removed {
                removed = self.extern_crate(src, &item, krate, at_crate_root)?;
            }
            let mut removed_inside = Vec::new();
            if matches!(item.kind, ItemKind::Impl | ItemKind::Trait) {
                if let Some(body) = item.body {
                    for inner in items::split(src, body.open + 1, body.close)? {
                        if attrs::presence(src, &inner.attrs)? == Presence::Removed {
                            removed_inside.push((inner.lead, inner.end));
                        }
                    }
                }
            }
            if !removed && item.is_exported_macro(src) {
                let exported = &mut self.tree.crates[krate].exported;
                exported.extend(item.names.iter().cloned());
            }
            entries.push(Entry { item, removed, removed_inside, child: None });
        }
        self.tree.modules.push(Module {
            krate,
            file,
            tokens: range,
            text,
            dir,
            name: name.to_string(),
            parent,
            entries,
        });
        let m = self.tree.modules.len() - 1;
        for k in 0..self.tree.modules[m].entries.len() {
            let entry = &self.tree.modules[m].entries[k];
            if entry.removed || entry.item.kind != ItemKind::Mod {
                continue;
            }
            let item = entry.item.clone();
            let child = self.child_module(m, &item)?;
            self.tree.modules[m].entries[k].child = Some(child);
        }
        Ok(m)
    }

    /// `extern crate x;`: true if the bundle drops it. At a crate's root, `extern crate x;`
    /// and `extern crate x as _;` of an inlined crate add nothing in Rust 2018+ but, with
    /// `#[macro_use]`, `x`'s macros in every module of the crate ([`Crate::macro_use`] keeps
    /// that). Anything else is an error: a crate a bundle cannot have, or a name it would
    /// have to invent.
    fn extern_crate(
        &self,
        src: &Source,
        item: &Item,
        krate: usize,
        at_crate_root: bool,
    ) -> Result<bool, String> {
        let hi = item.end;
        let name_at = src.next_code(src.next_code(item.keyword + 1, hi) + 1, hi);
        let name = src.ident(name_at).unwrap_or("?");
        if matches!(name, "std" | "core" | "alloc") {
            return Ok(false);
        }
        let inlined = self.tree.crates[krate].deps.iter().any(|(d, _)| d == name);
        let after = src.next_code(name_at + 1, hi);
        let renamed = src.is_kw(after, "as") && src.text(src.next_code(after + 1, hi)) != "_";
        if inlined && at_crate_root && !renamed {
            return Ok(true);
        }
        let hint = match (inlined, at_crate_root) {
            (true, true) => format!(" as another name (write `{name}::...` paths)"),
            (true, false) => " below the crate's root (put it in the crate's root module)".into(),
            (false, _) => ": a bundle has std, core and alloc only".to_string(),
        };
        Err(src.error(item.keyword, &format!("cannot inline `extern crate {name}`{hint}")))
    }

    /// The module of the `mod` item `item` of module `m`: its inline body, or its file.
    fn child_module(&mut self, m: usize, item: &Item) -> Result<usize, String> {
        let (krate, file, dir) = {
            let module = &self.tree.modules[m];
            (module.krate, module.file, module.dir.clone())
        };
        let name = item.names.first().cloned().unwrap_or_default();
        let src = &self.tree.files[file];
        let path_attr = item.attrs.iter().find_map(|attr| match (attr.name(src), attr.name_at) {
            (Some("path"), Some(name_at)) => Some((attr.hash, name_at)),
            _ => None,
        });
        if let Some(body) = item.body {
            let (open, close) = (body.open, body.close);
            if let Some((hash, _)) = path_attr {
                return Err(src.error(hash, "cannot inline `#[path]` on an inline module"));
            }
            let text = (src.tokens[open].end, src.tokens[close].start);
            return self.module(
                krate,
                file,
                (open + 1, close),
                text,
                dir.join(&name),
                Some(m),
                &name,
            );
        }
        if let Some((hash, name_at)) = path_attr {
            // `#[path = "x.rs"] mod foo;`: relative to the declaring file's folder, which is
            // where a non-inline module's `dir` starts unless the file is a `foo.rs`.
            let eq = src.next_code(name_at + 1, item.end);
            let value = src.next_code(eq + 1, item.end);
            let literal = src.text(value.min(src.tokens.len() - 1));
            if !src.is_punct(eq, "=") || !literal.starts_with('"') || literal.contains('\\') {
                return Err(src.error(hash, "expected `#[path = \"file.rs\"]`"));
            }
            if self.tree.modules[m].tokens.0 != 0 {
                return Err(src.error(hash, "cannot inline `#[path]` inside an inline module"));
            }
            let base = Path::new(&self.tree.files[file].name);
            let declaring = self.root.join(base);
            let folder = declaring.parent().unwrap_or(Path::new("."));
            let path = folder.join(literal.trim_matches('"'));
            return self.file_module(&path, krate, Some(m), &name);
        }
        let flat = dir.join(format!("{name}.rs"));
        let nested = dir.join(&name).join("mod.rs");
        match (flat.is_file(), nested.is_file()) {
            (true, false) => self.file_module(&flat, krate, Some(m), &name),
            (false, true) => self.file_module(&nested, krate, Some(m), &name),
            (true, true) => Err(src.error(
                item.keyword,
                &format!(
                    "module `{name}` is both {} and {}",
                    self.display(&flat),
                    self.display(&nested)
                ),
            )),
            (false, false) => Err(src.error(
                item.keyword,
                &format!(
                    "file not found for module `{name}`: expected {} or {}",
                    self.display(&flat),
                    self.display(&nested)
                ),
            )),
        }
    }
}
