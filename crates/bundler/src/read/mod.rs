//! Phase 1: which crates the bundle inlines, and every module of each, read and split into
//! items, with what `cfg(test)`, features and `#[test]` remove already marked, and every
//! attribute and `use` declaration of each file read once ([`Syntax`]), for the phases after
//! to look up rather than read again.
//!
//! A crate is inlined when code of a crate already inlined (main.rs first) names it: in Rust
//! 2018+ a dependency is reachable only through its name (a path, a `use`, an `extern crate`,
//! a macro call's path), so a crate whose name appears nowhere cannot be reached, and leaving
//! it out keeps exactly what the compiler would see. That is how the test harness, a normal
//! dependency of every problem for its generator binaries, stays out of every bundle; its
//! manifest is not even read ([`manifests`]).

mod manifests;
mod modules;
mod syntax;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use crate::attrs::{self, Presence};
use crate::items::{Item, ItemKind};
use crate::mapped::Mapped;
use crate::source::Source;
use crate::span::{ByteSpan, TokenSpan};
use manifests::Manifests;
use modules::Reader;
pub use syntax::Syntax;

/// A crate of the bundle: an index into [`Tree::crates`] (main.rs's is the first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CrateId(pub usize);

/// A module of the bundle: an index into [`Tree::modules`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ModuleId(pub usize);

/// A file of the bundle: an index into [`Tree::files`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileId(pub usize);

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
    /// The crates its code may name and that the bundle inlines, by the name its manifest
    /// gives each (a renamed dependency's key, `-` as `_`); main.rs's include its own library.
    pub deps: Vec<(String, CrateId)>,
    /// Its root module.
    pub root: ModuleId,
    /// Its `#[macro_export]` macros, which land at the bundle's root.
    pub exported: HashSet<String>,
    /// The crates whose macros its root brings into every module of it with
    /// `#[macro_use] extern crate`.
    pub macro_use: Vec<CrateId>,
}

/// One source file of the bundle.
#[derive(Debug)]
pub struct File {
    pub src: Source,
    /// Where it is (for `include_str!` and `include_bytes!`, relative to it).
    pub path: PathBuf,
    /// Its attributes and `use` declarations, read once.
    pub syntax: Syntax,
}

/// Every file, crate and module the bundle is made of.
#[derive(Debug, Default)]
pub struct Tree {
    pub files: Vec<File>,
    /// main.rs first, then the problem's library, then the libraries in the order they were
    /// reached.
    pub crates: Vec<Crate>,
    pub modules: Vec<Module>,
}

/// A module: a whole file or the body of an inline `mod m { ... }`.
#[derive(Debug)]
pub struct Module {
    pub krate: CrateId,
    pub file: FileId,
    /// Its tokens in its file (inside the braces for an inline module).
    pub tokens: TokenSpan,
    /// Its text's bytes.
    pub text: ByteSpan,
    /// Where the files of its `mod foo;` children are.
    pub dir: PathBuf,
    /// Its name: the `mod` item's; the crate's for a crate root (empty for main.rs).
    pub name: String,
    pub parent: Option<ModuleId>,
    pub entries: Vec<Entry>,
}

/// One item of a module.
#[derive(Debug)]
pub struct Entry {
    pub item: Item,
    /// Removed by a false `cfg` or `#[test]` (or an `extern crate` the bundle makes useless).
    pub removed: bool,
    /// The associated items that `cfg` removes inside an `impl` or `trait` body.
    pub removed_inside: Vec<TokenSpan>,
    /// The module of a `mod` item.
    pub child: Option<ModuleId>,
}

impl Tree {
    pub fn krate(&self, k: CrateId) -> &Crate {
        &self.crates[k.0]
    }

    pub fn module(&self, m: ModuleId) -> &Module {
        &self.modules[m.0]
    }

    pub fn file(&self, f: FileId) -> &File {
        &self.files[f.0]
    }

    /// The source file that module `m` is (part of).
    pub fn source_of(&self, m: ModuleId) -> &File {
        self.file(self.module(m).file)
    }

    /// Every crate, main.rs's first.
    pub fn crate_ids(&self) -> impl Iterator<Item = CrateId> {
        (0..self.crates.len()).map(CrateId)
    }

    /// Every module.
    pub fn module_ids(&self) -> impl Iterator<Item = ModuleId> {
        (0..self.modules.len()).map(ModuleId)
    }

    /// The crate of main.rs, the bundle's root.
    pub fn main(&self) -> CrateId {
        CrateId(0)
    }

    /// The child module named `name` of module `m`.
    pub fn child(&self, m: ModuleId, name: &str) -> Option<ModuleId> {
        self.module(m).entries.iter().filter_map(|e| e.child).find(|&c| self.module(c).name == name)
    }

    /// The crate that code of crate `k` calls `name`, if it is inlined.
    pub fn dep(&self, k: CrateId, name: &str) -> Option<CrateId> {
        self.krate(k).deps.iter().find(|(n, _)| n == name).map(|&(_, c)| c)
    }

    /// Whether code of crate `k` may call a crate `name`.
    pub fn has_dep(&self, k: CrateId, name: &str) -> bool {
        self.krate(k).deps.iter().any(|(n, _)| n == name)
    }

    /// `crates/x/src/lib.rs:12:5: ` for byte `at` of `text` (a text made of these files), or
    /// `bundle line N: ` for text the bundler wrote.
    pub fn place(&self, text: &Mapped, at: usize) -> String {
        match text.origin(at) {
            Some(origin) => {
                format!("{}: ", self.files[origin.file].src.location(origin.offset))
            }
            None => {
                let line = 1 + text.text[..at.min(text.text.len())].matches('\n').count();
                format!("bundle line {line}: ")
            }
        }
    }
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
    let mut reader = Reader::new(root);
    match start {
        Start::Binary(dir) => reader.read_main(&mut manifests, &dir.join("src").join("main.rs"))?,
        Start::Library(_) => reader.read_linking_main(&mut manifests)?,
    }
    // Crates named by code already read, until none is new.
    let mut next = 0;
    while next < reader.crates_read() {
        reader.read_named_deps(&mut manifests, next)?;
        next += 1;
    }
    let mut tree = reader.finish();
    own_library_first(&mut tree);
    resolve_macro_use(&mut tree);
    check_exported(&tree)?;
    Ok(tree)
}

/// The crates in their bundle order: main.rs, the problem's own library, then the libraries
/// in the order they were reached (each module told its crate's new index).
fn own_library_first(tree: &mut Tree) {
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
        for (_, dep) in &mut krate.deps {
            *dep = CrateId(position[dep.0]);
        }
    }
    for k in tree.crate_ids() {
        let mut stack = vec![tree.krate(k).root];
        while let Some(m) = stack.pop() {
            tree.modules[m.0].krate = k;
            stack.extend(tree.module(m).entries.iter().filter_map(|e| e.child));
        }
    }
}

/// `#[macro_use] extern crate x;` at a crate's root: `x`'s exported macros are in scope in
/// every module of that crate (recorded in [`Crate::macro_use`]; the item itself goes).
fn resolve_macro_use(tree: &mut Tree) {
    for k in tree.crate_ids() {
        let root = tree.krate(k).root;
        let src = &tree.source_of(root).src;
        let mut found = Vec::new();
        for entry in &tree.module(root).entries {
            let item = &entry.item;
            if item.kind != ItemKind::ExternCrate {
                continue;
            }
            let present = attrs::presence(src, &item.attrs).ok() == Some(Presence::Kept);
            if !present || !item.has_attr(src, "macro_use") {
                continue;
            }
            if let Some(target) = extern_crate_name(src, item).and_then(|name| tree.dep(k, name)) {
                found.push(target);
            }
        }
        tree.crates[k.0].macro_use = found;
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
