//! Reading crates: each crate's module files (`mod foo;`, `#[path]`), split into items with
//! what `cfg(test)`, features and `#[test]` remove marked, its exported macros, and the
//! dependencies its code names, which are read next.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

use super::manifests::Manifests;
use super::syntax::Syntax;
use super::tree::{Crate, CrateId, Entry, File, FileId, Module, ModuleId, Role, Tree};
use crate::attrs::{self, Presence};
use crate::edition::Edition;
use crate::items::{self, Item, ItemKind};
use crate::lexer::{Kind, Lit};
use crate::source::Source;
use crate::span::{ByteSpan, TokenSpan};

/// How deep modules may nest (inline or in files): far deeper than any real crate, and a
/// bound on the recursion that reads them and writes them out (a bundle is written by walking
/// the same tree).
const MAX_MODULE_DEPTH: usize = 64;

/// The tree as it is read: crates in the order they are reached.
pub struct Reader<'a> {
    root: &'a Path,
    tree: Tree,
    /// For each crate read (in read order), the dependencies its manifest lists: the name its
    /// code calls each and the package's unit (see [`Manifests`]), and the unit whose
    /// manifest lists them.
    listed: Vec<(Vec<(String, usize)>, usize)>,
    /// Which crate (in read order) each unit became, once read.
    read_as: Vec<Option<usize>>,
}

/// Where a module is and what it is called, before it is read.
struct Place<'n> {
    krate: usize,
    file: FileId,
    tokens: TokenSpan,
    text: ByteSpan,
    /// Where the files of its `mod foo;` children are.
    dir: PathBuf,
    parent: Option<ModuleId>,
    name: &'n str,
}

impl<'a> Reader<'a> {
    /// A reader whose messages show paths relative to `root`; `workspace` is that root,
    /// canonical.
    pub fn new(root: &'a Path, workspace: PathBuf) -> Reader<'a> {
        let tree = Tree { workspace, ..Tree::default() };
        Reader { root, tree, listed: Vec::new(), read_as: Vec::new() }
    }

    pub fn crates_read(&self) -> usize {
        self.tree.crates.len()
    }

    /// The tree, each crate's dependencies those that were read (by their read order).
    pub fn finish(mut self) -> Tree {
        for (krate, (deps, _)) in self.tree.crates.iter_mut().zip(&self.listed) {
            krate.deps = deps
                .iter()
                .filter_map(|(name, unit)| {
                    Some((name.clone(), CrateId(self.read_as.get(*unit).copied()??)))
                })
                .collect();
        }
        self.tree
    }

    /// main.rs at `path`: it may name its package's dependencies and its package's library.
    pub fn read_main(&mut self, manifests: &mut Manifests, path: &Path) -> Result<(), String> {
        let own_name = manifests.units[0].name.clone();
        let own = manifests.open(0)?;
        let mut deps: Vec<(String, usize)> =
            own.deps.iter().map(|d| (d.name.clone(), d.unit)).collect();
        if own.has_lib {
            deps.push((own_name, 0));
        }
        let package = (own.edition, own.features.clone());
        self.read_crate("", Role::Main, (deps, 0), package, path)
    }

    /// A main.rs that only links the package's library (how a library is checked where it
    /// is written), and that library.
    pub fn read_linking_main(&mut self, manifests: &mut Manifests) -> Result<(), String> {
        let own_name = manifests.units[0].name.clone();
        let shown = format!("(a program that only links {own_name})");
        let src = Source::new(shown.clone(), "fn main() {}\n".to_string())?;
        let file = self.push_file(src, PathBuf::from(shown));
        self.push_crate("", Role::Main, (vec![(own_name, 0)], 0), (Edition::E2021, Vec::new()));
        self.module(self.place(0, file, PathBuf::new(), None, ""))?;
        self.read_unit(manifests, 0)?;
        self.tree.crates[1].role = Role::Library;
        Ok(())
    }

    /// Reads the dependencies that the code of crate `krate` (in read order) names and that
    /// are not read yet, refusing one outside the workspace.
    pub fn read_named_deps(
        &mut self,
        manifests: &mut Manifests,
        krate: usize,
    ) -> Result<(), String> {
        let lister = self.listed[krate].1;
        for (_, unit) in self.named_deps(krate) {
            let read = self.read_as.get(unit).copied().flatten().is_some();
            if !read && (unit != 0 || manifests.open(0)?.has_lib) {
                manifests.check_inside(lister, unit)?;
                self.read_unit(manifests, unit)?;
            }
        }
        Ok(())
    }

    /// Reads the crate of `unit` (its manifest checked now that code names it).
    fn read_unit(&mut self, manifests: &mut Manifests, unit: usize) -> Result<(), String> {
        let m = manifests.open(unit)?;
        let deps = m.deps.iter().map(|d| (d.name.clone(), d.unit)).collect();
        let (role, root_file) = (m.role, m.root_file.clone());
        let package = (m.edition, m.features.clone());
        if self.read_as.len() <= unit {
            self.read_as.resize(unit + 1, None);
        }
        self.read_as[unit] = Some(self.tree.crates.len());
        let name = manifests.units[unit].name.clone();
        self.read_crate(&name, role, (deps, unit), package, &root_file)
    }

    fn display(&self, path: &Path) -> String {
        path.strip_prefix(self.root).unwrap_or(path).display().to_string()
    }

    /// A crate of `package` (its edition and the features on in it), whose root module is
    /// read next.
    fn push_crate(
        &mut self,
        name: &str,
        role: Role,
        listed: (Vec<(String, usize)>, usize),
        (edition, features): (Edition, Vec<String>),
    ) {
        // Its root is the next module read.
        let root = ModuleId(self.tree.modules.len());
        let (exported, macro_use) = (HashSet::new(), Vec::new());
        let deps = Vec::new();
        self.tree.crates.push(Crate {
            name: name.to_string(),
            role,
            deps,
            root,
            exported,
            renamed: Default::default(),
            macro_use,
            edition,
            features,
        });
        self.listed.push(listed);
    }

    fn read_crate(
        &mut self,
        name: &str,
        role: Role,
        listed: (Vec<(String, usize)>, usize),
        package: (Edition, Vec<String>),
        file: &Path,
    ) -> Result<(), String> {
        let krate = self.tree.crates.len();
        self.push_crate(name, role, listed, package);
        let root = self.file_module(file, krate, None, name)?;
        debug_assert_eq!(root, self.tree.crates[krate].root, "a crate's root is read first");
        Ok(())
    }

    fn push_file(&mut self, src: Source, path: PathBuf) -> FileId {
        let syntax = Syntax::read(&src);
        self.tree.files.push(File { src, path, syntax });
        FileId(self.tree.files.len() - 1)
    }

    /// A whole file as a module of crate `krate`.
    fn place<'n>(
        &self,
        krate: usize,
        file: FileId,
        dir: PathBuf,
        parent: Option<ModuleId>,
        name: &'n str,
    ) -> Place<'n> {
        let src = &self.tree.file(file).src;
        let tokens = TokenSpan::new(0, src.tokens.len());
        let text = ByteSpan::new(0, src.text.len());
        Place { krate, file, tokens, text, dir, parent, name }
    }

    /// The dependencies of crate `krate` (in read order) that its code names.
    fn named_deps(&self, krate: usize) -> Vec<(String, usize)> {
        let mut idents = HashSet::new();
        let mut stack = vec![self.tree.crates[krate].root];
        while let Some(m) = stack.pop() {
            let module = self.tree.module(m);
            let src = &self.tree.file(module.file).src;
            // An `extern crate` of an inlined crate goes from the bundle, but it names that
            // crate all the same (`#[macro_use] extern crate x;` may be all that does).
            let names_a_crate = |e: &Entry| {
                e.item.kind == ItemKind::ExternCrate
                    && attrs::presence(src, &e.item.attrs).ok() == Some(Presence::Kept)
            };
            for entry in module.entries.iter().filter(|e| !e.removed || names_a_crate(e)) {
                let end = match (entry.child, entry.item.body) {
                    // An inline module's body is its child's.
                    (Some(_), Some(body)) => body.open,
                    _ => entry.item.end,
                };
                for i in entry.item.lead..end {
                    if !entry.removed_inside.iter().any(|r| r.contains(i)) {
                        idents.extend(src.ident(i));
                    }
                }
                stack.extend(entry.child);
            }
        }
        let deps = &self.listed[krate].0;
        deps.iter().filter(|(d, _)| idents.contains(d.as_str())).cloned().collect()
    }

    /// Reads, tokenizes and splits the module file at `path`; its children live beside it
    /// (`lib.rs`, `main.rs`, `mod.rs`) or in the folder named after it (`foo.rs` -> `foo/`).
    /// `declared`: the module and token of the `mod` item that names it (none for a crate's
    /// root). A file outside the workspace, or one that is already an enclosing module's
    /// (circular modules), is refused at that item.
    fn file_module(
        &mut self,
        path: &Path,
        krate: usize,
        declared: Option<(ModuleId, usize)>,
        name: &str,
    ) -> Result<ModuleId, String> {
        let shown = self.display(path);
        let refuse = |tree: &Tree, message: String| match declared {
            Some((m, at)) => tree.source_of(m).src.error(at, &message),
            None => format!("{shown}: {message}"),
        };
        if let Some(resolved) = self.tree.outside_workspace(path) {
            let message = format!(
                "cannot inline module `{name}`: {shown} is {}, outside the workspace (a \
                 submission carries only the workspace's own files)",
                resolved.display()
            );
            return Err(refuse(&self.tree, message));
        }
        let parent = declared.map(|(m, _)| m);
        if let Ok(canonical) = fs::canonicalize(path) {
            let mut enclosing = parent;
            while let Some(m) = enclosing {
                let file = &self.tree.source_of(m).path;
                if fs::canonicalize(file).is_ok_and(|f| f == canonical) {
                    let into = self.display(file);
                    let message = format!("circular modules: {into} -> {shown}");
                    return Err(refuse(&self.tree, message));
                }
                enclosing = self.tree.module(m).parent;
            }
        }
        let text = fs::read_to_string(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
        let mut src = Source::new(shown.clone(), text)?;
        let features = &self.tree.crates[krate].features;
        if !features.is_empty() {
            src = Source::new(shown, features_decided(&src, features))?;
        }
        let dir = match path.file_stem().and_then(|s| s.to_str()).unwrap_or_default() {
            "lib" | "main" | "mod" => path.parent().unwrap_or(Path::new(".")).to_path_buf(),
            stem => path.parent().unwrap_or(Path::new(".")).join(stem),
        };
        let file = self.push_file(src, path.to_path_buf());
        self.module(self.place(krate, file, dir, parent, name))
    }

    /// Splits the module at `place` into entries, marks what `cfg` removes, and reads the
    /// children.
    fn module(&mut self, place: Place) -> Result<ModuleId, String> {
        let entries = self.entries(&place)?;
        let Place { krate, file, tokens, text, dir, parent, name } = place;
        let module = Module {
            krate: CrateId(krate),
            file,
            tokens,
            text,
            dir,
            name: name.to_string(),
            parent,
            entries,
        };
        self.tree.modules.push(module);
        let m = ModuleId(self.tree.modules.len() - 1);
        for at in 0..self.tree.module(m).entries.len() {
            let entry = &self.tree.module(m).entries[at];
            if entry.removed || entry.item.kind != ItemKind::Mod {
                continue;
            }
            let item = entry.item.clone();
            let child = self.child_module(m, &item)?;
            self.tree.modules[m.0].entries[at].child = Some(child);
        }
        Ok(m)
    }

    /// The items of the module at `place`, each marked removed or not (a false `cfg`,
    /// `#[test]`, an `extern crate` the bundle makes useless), with the associated items
    /// `cfg` removes inside an `impl` or `trait`; the crate's exported macros noted.
    fn entries(&mut self, place: &Place) -> Result<Vec<Entry>, String> {
        let src = &self.tree.file(place.file).src;
        let mut entries = Vec::new();
        let mut exported = Vec::new();
        for item in items::split(src, place.tokens.start, place.tokens.end)? {
            let mut removed = attrs::presence(src, &item.attrs)? == Presence::Removed;
            let inner = item.attrs.first().filter(|_| item.kind == ItemKind::Inner);
            if inner.map(|attr| attr.is_false_cfg(src)).transpose()? == Some(true) {
                return Err(src.error(
                    item.start,
                    "cannot remove a module by an inner `#![cfg]`: put `#[cfg]` on the `mod` item",
                ));
            }
            if item.kind == ItemKind::ExternCrate && !removed {
                removed = self.extern_crate(src, &item, place.krate, place.parent.is_none())?;
            }
            let mut removed_inside = Vec::new();
            if matches!(item.kind, ItemKind::Impl | ItemKind::Trait) {
                if let Some(body) = item.body {
                    for inner in items::split(src, body.open + 1, body.close)? {
                        if attrs::presence(src, &inner.attrs)? == Presence::Removed {
                            removed_inside.push(TokenSpan::new(inner.lead, inner.end));
                        }
                    }
                }
            }
            if !removed && item.is_exported_macro(src) {
                exported.extend(item.names.iter().cloned());
            }
            entries.push(Entry { item, removed, removed_inside, child: None });
        }
        self.tree.crates[place.krate].exported.extend(exported);
        Ok(entries)
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
        let inlined = self.listed[krate].0.iter().any(|(d, _)| d == name);
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
    fn child_module(&mut self, m: ModuleId, item: &Item) -> Result<ModuleId, String> {
        let module = self.tree.module(m);
        let (krate, file, dir) = (module.krate.0, module.file, module.dir.clone());
        let name = item.names.first().cloned().unwrap_or_default();
        let src = &self.tree.file(file).src;
        let depth = std::iter::successors(Some(m), |&a| self.tree.module(a).parent).count();
        if depth >= MAX_MODULE_DEPTH {
            return Err(src.error(
                item.keyword,
                &format!("cannot inline modules nested more than {MAX_MODULE_DEPTH} deep"),
            ));
        }
        let path_attr = item.attrs.iter().find_map(|attr| match (attr.name(src), attr.name_at) {
            (Some("path"), Some(name_at)) => Some((attr.hash, name_at)),
            _ => None,
        });
        if let Some(body) = item.body {
            if let Some((hash, _)) = path_attr {
                return Err(src.error(hash, "cannot inline `#[path]` on an inline module"));
            }
            let text = ByteSpan::new(src.tokens[body.open].end, src.tokens[body.close].start);
            let (tokens, dir) = (body.inside(), dir.join(&name));
            let parent = Some(m);
            return self.module(Place { krate, file, tokens, text, dir, parent, name: &name });
        }
        if let Some((hash, name_at)) = path_attr {
            let path = self.path_attr(m, item, hash, name_at)?;
            return self.file_module(&path, krate, Some((m, hash)), &name);
        }
        let flat = dir.join(format!("{name}.rs"));
        let nested = dir.join(&name).join("mod.rs");
        let (one, other) = (self.display(&flat), self.display(&nested));
        match (flat.is_file(), nested.is_file()) {
            (true, false) => self.file_module(&flat, krate, Some((m, item.keyword)), &name),
            (false, true) => self.file_module(&nested, krate, Some((m, item.keyword)), &name),
            (true, true) => {
                Err(src.error(item.keyword, &format!("module `{name}` is both {one} and {other}")))
            }
            (false, false) => Err(src.error(
                item.keyword,
                &format!("file not found for module `{name}`: expected {one} or {other}"),
            )),
        }
    }

    /// The file that `#[path = "x.rs"]` (whose `#` is token `hash`, its `path` token
    /// `name_at`) on the `mod foo;` item `item` of module `m` names: relative to the
    /// declaring file's folder, which is where a non-inline module's `dir` starts unless the
    /// file is a `foo.rs`.
    fn path_attr(
        &self,
        m: ModuleId,
        item: &Item,
        hash: usize,
        name_at: usize,
    ) -> Result<PathBuf, String> {
        let src = &self.tree.source_of(m).src;
        let eq = src.next_code(name_at + 1, item.end);
        let value = src.next_code(eq + 1, item.end);
        let literal = src.text(value.min(src.tokens.len() - 1));
        if !src.is_punct(eq, "=") || !literal.starts_with('"') || literal.contains('\\') {
            return Err(src.error(hash, "expected `#[path = \"file.rs\"]`"));
        }
        if self.tree.module(m).tokens.start != 0 {
            return Err(src.error(hash, "cannot inline `#[path]` inside an inline module"));
        }
        let declaring = self.root.join(Path::new(&src.name));
        let folder = declaring.parent().unwrap_or(Path::new("."));
        Ok(folder.join(literal.trim_matches('"')))
    }
}

/// The text of `src` with every `feature = "name"` in a `cfg` predicate (`#[cfg]`,
/// `#[cfg_attr]`, `cfg!`) written as what it is in this build, where the features `on` are
/// on: `all()` (true) or `any()` (false), padded with spaces to the same length, so that every
/// place in the file stays where it was. The judge's compiler has no features: the bundle
/// must say which way each went.
fn features_decided(src: &Source, on: &[String]) -> String {
    let mut text = src.text.clone();
    let all = src.tokens.len();
    let mut open: Vec<usize> = Vec::new();
    for i in 0..all {
        match src.text(i) {
            "(" | "[" | "{" if src.tokens[i].kind == Kind::Punct => open.push(i),
            ")" | "]" | "}" if src.tokens[i].kind == Kind::Punct => {
                open.pop();
            }
            _ => {}
        }
        if !src.is_kw(i, "feature") || !open.last().is_some_and(|&o| in_cfg(src, o)) {
            continue;
        }
        let eq = src.next_code(i + 1, all);
        let value = src.next_code(eq + 1, all);
        let is_str = src.tokens.get(value).map(|t| t.kind) == Some(Kind::Literal(Lit::Str));
        if !src.is_punct(eq, "=") || !is_str {
            continue;
        }
        let name = src.text(value).trim_matches('"');
        let decided = if on.iter().any(|f| f == name) { "all()" } else { "any()" };
        let span = src.tokens[i].start..src.tokens[value].end;
        let padded = format!("{decided:width$}", width = span.len());
        text.replace_range(span, &padded);
    }
    text
}

/// Whether the `(` at `open` holds a `cfg` predicate: `cfg(`, `cfg_attr(`, `cfg!(`, or an
/// `all(`, `any(`, `not(` inside one.
fn in_cfg(src: &Source, open: usize) -> bool {
    let Some(before) = src.prev_code(open).filter(|_| src.is_punct(open, "(")) else {
        return false;
    };
    let before = match src.prev_code(before) {
        Some(name) if src.is_punct(before, "!") => name,
        _ => before,
    };
    matches!(src.ident(before), Some("cfg" | "cfg_attr" | "all" | "any" | "not"))
}
