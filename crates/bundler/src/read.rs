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

use super::items::{self, Item, ItemKind, Presence};
use super::manifest;
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
    /// Its name as code writes it (`judge_io`).
    pub name: String,
    pub role: Role,
    /// The crate names its code may name: its dependencies (main.rs: and its own library).
    pub deps: Vec<String>,
    /// Its root module, an index into [`Tree::modules`].
    pub root: usize,
    /// Its `#[macro_export]` macros, which land at the bundle's root.
    pub exported: HashSet<String>,
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

    /// The crate named `name`, if it is inlined.
    pub fn crate_named(&self, name: &str) -> Option<usize> {
        self.crates.iter().position(|c| c.name == name)
    }
}

/// A crate as its manifest describes it, before it is read.
struct Manifested {
    name: String,
    role: Role,
    root_file: PathBuf,
    deps: Vec<String>,
}

/// Reads the binary crate in `crate_dir` (its `src/main.rs`) and every crate its code reaches
/// by name, each whole (minus what `cfg(test)`, features and `#[test]` remove). Paths in
/// messages are relative to `root`.
pub fn read(root: &Path, crate_dir: &Path) -> Result<Tree, String> {
    let (main_deps, mut manifested) = manifests(root, crate_dir)?;
    let mut tree = Tree::default();
    let main_file = crate_dir.join("src").join("main.rs");
    let mut reader = Reader { root, tree: &mut tree };
    reader.read_crate("", Role::Main, main_deps, &main_file)?;
    // Crates named by code already read, until none is new.
    let mut next = 0;
    while next < reader.tree.crates.len() {
        let named = reader.named_deps(next);
        next += 1;
        for name in named {
            if reader.tree.crate_named(&name).is_some() {
                continue;
            }
            let Some(at) = manifested.iter().position(|m| m.name == name) else { continue };
            let m = manifested.remove(at);
            reader.read_crate(&m.name, m.role, m.deps, &m.root_file)?;
        }
    }
    // The problem's own library first, then the libraries in the order they were reached.
    let own = tree.crates.iter().position(|c| c.role == Role::Own);
    if let Some(own) = own.filter(|&own| own != 1) {
        let krate = tree.crates.remove(own);
        tree.crates.insert(1, krate);
    }
    for (k, krate) in tree.crates.iter().enumerate() {
        let mut stack = vec![krate.root];
        while let Some(m) = stack.pop() {
            tree.modules[m].krate = k;
            stack.extend(tree.modules[m].entries.iter().filter_map(|e| e.child));
        }
    }
    check_exported(&tree)?;
    Ok(tree)
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

/// The crate names main.rs may use (its package's dependencies and own library), and the
/// problem's own library (if it has a `src/lib.rs`) with every library its manifest reaches by
/// `path`, transitively, in the order the manifests list them.
fn manifests(root: &Path, crate_dir: &Path) -> Result<(Vec<String>, Vec<Manifested>), String> {
    let root_real = fs::canonicalize(root).map_err(|e| format!("cannot read {root:?}: {e}"))?;
    let display = |dir: &Path| -> String {
        dir.strip_prefix(&root_real).unwrap_or(dir).display().to_string()
    };
    let start = fs::canonicalize(crate_dir)
        .map_err(|e| format!("cannot read {}: {e}", crate_dir.display()))?;
    // Every crate's folder, its crate name (its `[lib] name`, else its package's with `-` as
    // `_`: what code writes), and its dependencies' folders.
    let mut found: Vec<(PathBuf, String, Vec<PathBuf>)> = Vec::new();
    let mut queue = vec![start.clone()];
    let mut next = 0;
    while next < queue.len() {
        let dir = queue[next].clone();
        next += 1;
        let manifest = manifest::read(&dir, &display(&dir))?;
        if dir.join("build.rs").exists() {
            return Err(format!(
                "{}/build.rs: cannot inline a build script's effects",
                display(&dir)
            ));
        }
        if dir != start && !dir.join("src").join("lib.rs").is_file() {
            return Err(format!("{}: a dependency must be a library (src/lib.rs)", display(&dir)));
        }
        let name = manifest.lib_name.clone().unwrap_or_else(|| manifest.package.replace('-', "_"));
        let mut deps = Vec::new();
        for dep in manifest.path_dependencies {
            let dep_dir = fs::canonicalize(dir.join(&dep.path)).map_err(|e| {
                format!(
                    "{}/Cargo.toml: dependency `{}`: {}: {e}",
                    display(&dir),
                    dep.name,
                    dep.path
                )
            })?;
            if !dep_dir.starts_with(&root_real) {
                return Err(format!(
                    "{}/Cargo.toml: dependency `{}` lies outside the workspace; the bundle only \
                     inlines the workspace's own std-only libraries",
                    display(&dir),
                    dep.name
                ));
            }
            if !queue.contains(&dep_dir) {
                queue.push(dep_dir.clone());
            }
            deps.push(dep_dir);
        }
        found.push((dir, name, deps));
    }
    let name_of = |dir: &PathBuf| -> String {
        found.iter().find(|(d, _, _)| d == dir).map(|(_, name, _)| name.clone()).unwrap_or_default()
    };
    let mut out: Vec<Manifested> = Vec::new();
    let mut main_deps = Vec::new();
    for (dir, name, deps) in &found {
        let root_file = dir.join("src").join("lib.rs");
        let deps: Vec<String> = deps.iter().map(name_of).collect();
        if *dir == start {
            main_deps = deps.clone();
            if !root_file.is_file() {
                continue;
            }
            main_deps.push(name.clone());
        }
        if let Some(other) = out.iter().find(|m| m.name == *name) {
            return Err(format!(
                "two inlined crates are named `{name}`: {} and {}",
                display(other.root_file.parent().and_then(Path::parent).unwrap_or(root)),
                display(dir)
            ));
        }
        let role = if *dir == start { Role::Own } else { Role::Library };
        out.push(Manifested { name: name.clone(), role, root_file, deps });
    }
    Ok((main_deps, out))
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
        deps: Vec<String>,
        file: &Path,
    ) -> Result<(), String> {
        let krate = self.tree.crates.len();
        self.tree.crates.push(Crate {
            name: name.to_string(),
            role,
            deps,
            root: usize::MAX,
            exported: HashSet::new(),
        });
        let root = self.file_module(file, krate, None, name)?;
        self.tree.crates[krate].root = root;
        Ok(())
    }

    /// The dependencies of crate `k` that its code names.
    fn named_deps(&self, k: usize) -> Vec<String> {
        let krate = &self.tree.crates[k];
        let mut idents = HashSet::new();
        let mut stack = vec![krate.root];
        while let Some(m) = stack.pop() {
            let module = &self.tree.modules[m];
            let src = &self.tree.files[module.file];
            for entry in module.entries.iter().filter(|e| !e.removed) {
                let range = match (entry.child, entry.item.body) {
                    // An inline module's body is its child's.
                    (Some(_), Some((open, _))) => (entry.item.lead, open),
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
        krate.deps.iter().filter(|d| idents.contains(d.as_str())).cloned().collect()
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
        let at_main_root = self.tree.crates[krate].role == Role::Main && parent.is_none();
        for item in items::split(src, range.0, range.1)? {
            let mut removed = items::presence(src, &item.attrs)? == Presence::Removed;
            if item.kind == ItemKind::Inner {
                if let Some(("cfg", name_at)) = items::attr_name(src, item.start) {
                    if items::cfg_group(src, name_at)? == Some(false) {
                        return Err(src.error(
                            item.start,
                            "cannot remove a module by an inner `#![cfg]`: put `#[cfg]` on the \
                             `mod` item",
                        ));
                    }
                }
            }
            if item.kind == ItemKind::ExternCrate && !removed {
                removed = self.extern_crate(src, &item, krate, at_main_root)?;
            }
            let mut removed_inside = Vec::new();
            if matches!(item.kind, ItemKind::Impl | ItemKind::Trait) {
                if let Some((open, close)) = item.body {
                    for inner in items::split(src, open + 1, close)? {
                        if items::presence(src, &inner.attrs)? == Presence::Removed {
                            removed_inside.push((inner.lead, inner.end));
                        }
                    }
                }
            }
            if !removed && item.kind == ItemKind::MacroRules && is_exported(src, &item) {
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

    /// `extern crate x;`: true if the bundle drops it (`extern crate <inlined>;` at main.rs's
    /// root adds nothing in Rust 2018+); an error for a crate a bundle cannot have.
    fn extern_crate(
        &self,
        src: &Source,
        item: &Item,
        krate: usize,
        at_main_root: bool,
    ) -> Result<bool, String> {
        let hi = item.end;
        let name_at = src.next_code(src.next_code(item.keyword + 1, hi) + 1, hi);
        let name = src.ident(name_at).unwrap_or("?");
        if matches!(name, "std" | "core" | "alloc") {
            return Ok(false);
        }
        let inlined = self.tree.crates[krate].deps.iter().any(|d| d == name);
        let renamed = src.is_kw(src.next_code(name_at + 1, hi), "as");
        let macro_use = item
            .attrs
            .iter()
            .any(|&hash| matches!(items::attr_name(src, hash), Some(("macro_use", _))));
        if inlined && at_main_root && !renamed && !macro_use {
            return Ok(true);
        }
        let hint = match (inlined, macro_use) {
            (true, true) => format!(
                " (it is inlined: drop this item and import its macros by path, `use {name}::{{m1, m2}};`)"
            ),
            (true, false) => format!(" (it is inlined: drop this item and write `{name}::...` paths)"),
            (false, _) => String::new(),
        };
        Err(src.error(
            item.keyword,
            &format!(
                "cannot inline `extern crate {name}`: a bundle has std, core and alloc only{hint}"
            ),
        ))
    }

    /// The module of the `mod` item `item` of module `m`: its inline body, or its file.
    fn child_module(&mut self, m: usize, item: &Item) -> Result<usize, String> {
        let (krate, file, dir) = {
            let module = &self.tree.modules[m];
            (module.krate, module.file, module.dir.clone())
        };
        let name = item.names.first().cloned().unwrap_or_default();
        let src = &self.tree.files[file];
        let path_attr = item.attrs.iter().find_map(|&hash| match items::attr_name(src, hash) {
            Some(("path", name_at)) => Some((hash, name_at)),
            _ => None,
        });
        if let Some((open, close)) = item.body {
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

/// Whether the `macro_rules!` item has `#[macro_export]`.
pub fn is_exported(src: &Source, item: &Item) -> bool {
    item.attrs.iter().any(|&h| matches!(items::attr_name(src, h), Some(("macro_export", _))))
}
