//! What reading produces: the files, crates and modules of the bundle, each module's items,
//! and the indices that name them.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use super::syntax::Syntax;
use crate::edition::Edition;
use crate::items::Item;
use crate::mapped::Mapped;
use crate::source::Source;
use crate::span::{ByteSpan, TokenSpan};

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
    /// Its exported macros that land at the bundle's root under another name, because
    /// another crate's of the same name is there (see `read::exported`): name -> root name.
    pub renamed: BTreeMap<String, String>,
    /// The crates whose macros its root brings into every module of it with
    /// `#[macro_use] extern crate`.
    pub macro_use: Vec<CrateId>,
    /// Its package's edition: how its paths read.
    pub edition: Edition,
    /// The features on in its package in this build (its `cfg(feature)`s are decided so).
    pub features: Vec<String>,
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
    /// The workspace root, canonical: what a bundle may carry lies under it.
    pub workspace: PathBuf,
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

    /// Where `path` resolves (symlinks followed) when that lies outside the workspace: a file
    /// from elsewhere on the machine never goes into a submission. `None` for a path inside,
    /// and for one that does not resolve (reading it fails with its own message).
    pub fn outside_workspace(&self, path: &Path) -> Option<PathBuf> {
        let resolved = std::fs::canonicalize(path).ok()?;
        (!resolved.starts_with(&self.workspace)).then_some(resolved)
    }

    /// The bundle header's line on features, when any is on: `// Features on (as in cargo's
    /// build; ...): ds (x, y); io (default).`
    pub fn features_line(&self) -> Option<String> {
        let on: Vec<String> = self
            .crates
            .iter()
            .filter(|c| !c.features.is_empty())
            .map(|c| {
                let name = if c.role == Role::Main { "main.rs" } else { c.name.as_str() };
                format!("{name} ({})", c.features.join(", "))
            })
            .collect();
        let on = on.join("; ");
        (!on.is_empty()).then(|| {
            format!("// Features on (as in cargo's build; `cfg`s written `all()` if on): {on}.\n")
        })
    }

    /// `crates/x/src/lib.rs:12:5: ` for byte `at` of `text` (a text made of these files), or
    /// `bundle line N: ` for text the bundler wrote.
    pub fn place(&self, text: &Mapped, at: usize) -> String {
        match text.origin_near(at) {
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
