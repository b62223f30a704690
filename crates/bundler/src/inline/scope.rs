//! What each name means where: what every module binds (its items and imports, and what its
//! glob imports bring, as far as the bundle can see), what a block binds around a token, each
//! crate's module name in the bundle, and whether a crate's name is shadowed where a path
//! starts with it.

use std::collections::HashSet;

use crate::items::{Item, ItemKind};
use crate::lexer::Kind;
use crate::read::{CrateId, Entry, File, ModuleId, Role, Tree};
use crate::source::Source;
use crate::use_tree::UseLeaf;

/// std's top-level modules: what `use std::*;` brings, so what it may shadow.
const STD_MODULES: &[&str] = &[
    "alloc",
    "any",
    "arch",
    "array",
    "ascii",
    "backtrace",
    "borrow",
    "boxed",
    "cell",
    "char",
    "clone",
    "cmp",
    "collections",
    "convert",
    "default",
    "env",
    "error",
    "f32",
    "f64",
    "ffi",
    "fmt",
    "fs",
    "future",
    "hash",
    "hint",
    "i128",
    "i16",
    "i32",
    "i64",
    "i8",
    "io",
    "isize",
    "iter",
    "marker",
    "mem",
    "net",
    "num",
    "ops",
    "option",
    "os",
    "panic",
    "path",
    "pin",
    "prelude",
    "primitive",
    "process",
    "ptr",
    "rc",
    "result",
    "slice",
    "str",
    "string",
    "sync",
    "task",
    "thread",
    "time",
    "u128",
    "u16",
    "u32",
    "u64",
    "u8",
    "usize",
    "vec",
];

/// What a module binds: names that shadow a crate of the same name in paths, and every name
/// it defines or imports other than its macros.
#[derive(Debug, Default, Clone)]
pub struct Bindings {
    /// Type-namespace items, imports (any namespace: an import may be a module), and what
    /// its glob imports bring, as far as the bundle can see.
    pub shadowing: HashSet<String>,
    /// Its items of every namespace but macros, and its imports.
    pub items: HashSet<String>,
    /// Those of them that are `pub` (what another crate can import from it).
    pub public: HashSet<String>,
    /// Whether it has a glob import.
    pub globs: bool,
}

/// The scopes of the whole tree.
pub struct Scopes<'t> {
    pub tree: &'t Tree,
    /// Each module's bindings, by module.
    bindings: Vec<Bindings>,
    /// Each crate's module name in the bundle (empty for main.rs), by crate.
    module_names: Vec<String>,
}

impl<'t> Scopes<'t> {
    pub fn new(tree: &'t Tree) -> Scopes<'t> {
        let own: Vec<(Bindings, Vec<UseLeaf>)> =
            tree.module_ids().map(|m| own_bindings(tree, m)).collect();
        let mut bindings = Vec::new();
        for m in tree.module_ids() {
            let (b, leaves) = &own[m.0];
            let mut b = b.clone();
            for leaf in leaves {
                if leaf.is_glob() {
                    // A glob: what the bundle can see of its module, or std's root.
                    if let [root] = leaf.segments().as_slice() {
                        if matches!(root.as_str(), "std" | "core" | "alloc") {
                            b.shadowing.extend(STD_MODULES.iter().map(|s| s.to_string()));
                            continue;
                        }
                    }
                    if let Some(target) = resolve_module(tree, m, &leaf.segments()) {
                        b.shadowing.extend(own[target.0].0.shadowing.iter().cloned());
                        b.items.extend(own[target.0].0.items.iter().cloned());
                    }
                } else if !binds_values_or_macros_only(tree, m, leaf) {
                    b.shadowing.insert(leaf.bound().to_string());
                }
            }
            bindings.push(b);
        }
        let mut scopes = Scopes { tree, bindings, module_names: Vec::new() };
        scopes.module_names = scopes.name_modules();
        scopes
    }

    /// What module `m` binds.
    pub fn of(&self, m: ModuleId) -> &Bindings {
        &self.bindings[m.0]
    }

    /// The name of crate `k`'s module in the bundle (empty for main.rs).
    pub fn module_name(&self, k: CrateId) -> &str {
        &self.module_names[k.0]
    }

    /// Each crate's module name: its own, unless main.rs's root binds it in the type
    /// namespace (an import of only the crate's exported macro, or of a function, does not).
    fn name_modules(&self) -> Vec<String> {
        let tree = self.tree;
        let mut taken = self.of(tree.krate(tree.main()).root).shadowing.clone();
        let crate_names: HashSet<&str> = tree.crates.iter().map(|c| c.name.as_str()).collect();
        let mut names = Vec::new();
        for krate in &tree.crates {
            if krate.role == Role::Main {
                names.push(String::new());
                continue;
            }
            let mut name = krate.name.clone();
            let mut n = 1;
            while taken.contains(&name)
                || (name != krate.name && crate_names.contains(name.as_str()))
            {
                name = if n == 1 {
                    format!("{}_crate", krate.name)
                } else {
                    format!("{}_crate{n}", krate.name)
                };
                n += 1;
            }
            taken.insert(name.clone());
            names.push(name);
        }
        names
    }

    /// Whether the import path `segments` (in crate `k`) names only an exported macro of an
    /// inlined crate: `dep::m` (or `crate::m` in the crate itself) where the crate's root has
    /// no other item named `m`.
    pub fn macro_only_import(&self, k: CrateId, segments: &[String]) -> bool {
        match self.exported_macro_target(k, segments) {
            Some(target) => !self.root_item(k, target, &segments[1]),
            None => false,
        }
    }

    /// Whether the root of crate `target` has an item `name` (not a macro) that code of crate
    /// `k` can import: any item of its own crate, a `pub` one of another.
    pub fn root_item(&self, k: CrateId, target: CrateId, name: &str) -> bool {
        let root = self.of(self.tree.krate(target).root);
        if k == target {
            root.items.contains(name)
        } else {
            root.public.contains(name)
        }
    }

    /// The crate whose exported macro the two-segment path `segments` (in crate `k`) names:
    /// `dep::m` for a dependency `dep` of `k`, `crate::m` for `k` itself.
    pub fn exported_macro_target(&self, k: CrateId, segments: &[String]) -> Option<CrateId> {
        let [root, name] = segments else { return None };
        let target = if root == "crate" {
            (self.tree.krate(k).role != Role::Main).then_some(k)?
        } else {
            self.tree.dep(k, root)?
        };
        self.tree.krate(target).exported.contains(name).then_some(target)
    }

    /// Whether the crate name at token `at` of `file` (in module `m`) is shadowed there by an
    /// item or import of the same name in an enclosing block or in the module.
    pub fn shadowed(&self, m: ModuleId, file: &File, at: usize, name: &str) -> bool {
        if self.of(m).shadowing.contains(name) {
            return true;
        }
        let stop = self.tree.module(m).tokens.start;
        block_bindings(file, at, stop).iter().any(|b| match b {
            Binding::Item(item) => item == name,
            // `fn main() { use lg::{lg, table}; lg::hvec!(..) }`: the macro `lg` is no rival
            // of the crate `lg` in a path.
            Binding::Import(leaf) => {
                leaf.bound() == name && !binds_values_or_macros_only(self.tree, m, leaf)
            }
        })
    }

    /// Whether a `use` path starting with `name` means the same in every edition as written.
    pub fn anchored(&self, k: CrateId, name: &str) -> bool {
        matches!(name, "std" | "core" | "alloc" | "crate" | "self" | "super" | "Self")
            || self.tree.has_dep(k, name)
    }

    /// Whether crate `k` defines a `macro_rules!` macro `name` anywhere.
    pub fn defines_macro(&self, k: CrateId, name: &str) -> bool {
        let modules = self.tree.modules.iter().filter(|module| module.krate == k);
        modules.flat_map(|module| &module.entries).any(|e| defines(e, name))
    }

    /// Whether module `m` itself defines a `macro_rules!` macro `name`.
    pub fn defines_macro_in(&self, m: ModuleId, name: &str) -> bool {
        self.tree.module(m).entries.iter().any(|e| defines(e, name))
    }
}

/// Whether `e` is a `macro_rules!` of `name`.
fn defines(e: &Entry, name: &str) -> bool {
    e.item.kind == ItemKind::MacroRules && e.item.names.iter().any(|n| n == name)
}

/// What module `m` itself defines (every import's name among its items; whether an import
/// shadows a crate is decided by the caller), and its imports.
fn own_bindings(tree: &Tree, m: ModuleId) -> (Bindings, Vec<UseLeaf>) {
    let module = tree.module(m);
    let src = &tree.file(module.file).src;
    let mut b = Bindings::default();
    let mut leaves = Vec::new();
    for entry in module.entries.iter().filter(|e| !e.removed) {
        let item = &entry.item;
        let public = is_public(src, item);
        if public
            && !matches!(item.kind, ItemKind::Use | ItemKind::MacroRules | ItemKind::MacroCall)
        {
            b.public.extend(item.names.iter().cloned());
        }
        match item.kind {
            ItemKind::Use => {
                for leaf in item.use_tree.iter().flat_map(|tree| &tree.leaves) {
                    if leaf.segments() == [leaf.bound()] {
                        continue; // `use dep;` brings a crate into scope, not a rival of it
                    }
                    if leaf.is_glob() {
                        b.globs = true;
                    } else {
                        b.items.insert(leaf.bound().to_string());
                        if public {
                            b.public.insert(leaf.bound().to_string());
                        }
                    }
                    leaves.push(leaf.clone());
                }
            }
            ItemKind::MacroRules | ItemKind::MacroCall | ItemKind::Inner | ItemKind::Empty => {}
            ItemKind::ExternCrate if std_extern_crate(src, item) => {}
            ItemKind::Fn => b.items.extend(item.names.iter().cloned()),
            ItemKind::Other if matches!(src.text(item.keyword), "const" | "static") => {
                b.items.extend(item.names.iter().cloned())
            }
            _ => {
                b.shadowing.extend(item.names.iter().cloned());
                b.items.extend(item.names.iter().cloned());
            }
        }
    }
    (b, leaves)
}

/// Whether `item` is `extern crate core;` or `extern crate alloc;` (not renamed): std
/// re-exports both, so the bundle writes their paths as `std::` and drops the item.
pub fn std_extern_crate(src: &Source, item: &Item) -> bool {
    item.kind == ItemKind::ExternCrate
        && matches!(item.names.first().map(String::as_str), Some("core" | "alloc"))
        && !(item.keyword..item.end).any(|i| src.is_kw(i, "as"))
}

/// Whether `item` is plain `pub` (visible outside its crate; `pub(crate)` is not).
pub fn is_public(src: &Source, item: &Item) -> bool {
    (item.start..item.keyword)
        .any(|i| src.is_kw(i, "pub") && !src.is_punct(src.next_code(i + 1, item.keyword), "("))
}

/// Whether the import `leaf` (in module `m`) surely binds only values (functions, constants,
/// statics) or macros, which never shadow a crate in a path: its module is one the bundle
/// sees, and every item of that name there is one of those (an import of that name there
/// may be anything).
fn binds_values_or_macros_only(tree: &Tree, m: ModuleId, leaf: &UseLeaf) -> bool {
    let segments = leaf.segments();
    let path = if segments.last().map(String::as_str) == Some(leaf.bound())
        && leaf.bound() != leaf.original()
    {
        &segments[..segments.len() - 1] // `a::b as c`: the alias is not in the path
    } else {
        &segments[..]
    };
    let Some((name, prefix)) = path.split_last() else { return false };
    let Some(target) = resolve_module(tree, m, prefix) else { return false };
    let module = tree.module(target);
    let src = &tree.file(module.file).src;
    let same: Vec<&Entry> = module
        .entries
        .iter()
        .filter(|e| !e.removed && (e.item.names.iter().any(|n| n == name)))
        .collect();
    // A crate's `#[macro_export]` macros are at its root, wherever they are written.
    let exported = module.parent.is_none() && tree.krate(module.krate).exported.contains(name);
    (!same.is_empty() || exported)
        && same.iter().all(|e| match e.item.kind {
            ItemKind::Fn | ItemKind::MacroRules => true,
            ItemKind::Other => matches!(src.text(e.item.keyword), "const" | "static"),
            _ => false,
        })
}

/// The module that the path `segments` (of a `use` in module `m`) names, if the bundle can
/// see it: `self`, `super`, `crate`, a dependency's name, then child modules.
fn resolve_module(tree: &Tree, m: ModuleId, segments: &[String]) -> Option<ModuleId> {
    let k = tree.module(m).krate;
    let mut at = m;
    for (n, segment) in segments.iter().enumerate() {
        at = match segment.as_str() {
            "self" if n == 0 => m,
            "super" => tree.module(at).parent?,
            "crate" if n == 0 => tree.krate(k).root,
            name if n == 0 && tree.child(m, name).is_none() => tree.krate(tree.dep(k, name)?).root,
            name => tree.child(at, name)?,
        };
    }
    Some(at)
}

/// A name that a block binds: an item (in the type namespace) or an import (of anything).
enum Binding {
    Item(String),
    Import(UseLeaf),
}

/// The names that items and imports declared in the blocks around token `at` of `file` bind
/// in the type namespace (or, for imports, in any), up to the module body starting at token
/// `stop`.
fn block_bindings(file: &File, at: usize, stop: usize) -> Vec<Binding> {
    let src = &file.src;
    let mut names = Vec::new();
    let mut at = at;
    while let Some(open) = src.enclosing_brace(at).filter(|&open| open >= stop) {
        let close = src.close(open);
        let mut j = open + 1;
        while j < close {
            match src.ident(j).filter(|_| src.tokens[j].kind == Kind::Ident) {
                Some("struct" | "enum" | "union" | "trait" | "type" | "mod") => {
                    names.extend(
                        src.ident(src.next_code(j + 1, close)).map(|n| Binding::Item(n.into())),
                    );
                }
                Some("use") => {
                    if let Ok(tree) = file.syntax.use_tree(j) {
                        let leaves = tree.leaves.iter().filter(|l| !l.bound().is_empty());
                        names.extend(leaves.cloned().map(Binding::Import));
                    }
                }
                _ => {}
            }
            j = src.skip_tree(j);
        }
        at = open;
    }
    names
}

/// The names of the items declared in the blocks (not modules) around token `at`: what a
/// `use` there may name without a path (`fn f() { enum Dir {..} use Dir::*; }`).
pub fn block_items(src: &Source, at: usize) -> Vec<&str> {
    let mut names = Vec::new();
    let mut at = at;
    while let Some(open) = src.enclosing_brace(at) {
        let before = src.prev_code(open);
        let is_module = before.is_some_and(|b| {
            src.ident(b).is_some() && src.prev_code(b).is_some_and(|m| src.is_kw(m, "mod"))
        });
        if is_module {
            break;
        }
        let close = src.close(open);
        let mut j = open + 1;
        while j < close {
            let declares = matches!(
                src.ident(j),
                Some(
                    "struct"
                        | "enum"
                        | "union"
                        | "trait"
                        | "type"
                        | "mod"
                        | "fn"
                        | "const"
                        | "static"
                )
            ) && src.tokens[j].kind == Kind::Ident;
            if declares {
                if let Some(name) = src.ident(src.next_code(j + 1, close)) {
                    names.push(name);
                }
            }
            j = src.skip_tree(j);
        }
        at = open;
    }
    names
}
