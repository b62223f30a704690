//! The imports the inliner adds to a module: for Rust 2015, the 2021 prelude's traits the
//! module names; and `use crate::{m, ..};` for the `#[macro_export]` macros a module calls by
//! their bare names in cargo's build, which the bundle puts at its root.

use std::collections::HashSet;

use super::scope::Scopes;
use super::text::indent_at;
use crate::items::ItemKind;
use crate::mapped::Edit;
use crate::read::{Crate, ModuleId, Role};

/// The 2021 prelude's traits that Rust 2015 lacks, with the names that use them.
const PRELUDE_2021: &[(&str, &str, &[&str])] = &[
    ("TryFrom", "std::convert::TryFrom", &["TryFrom", "try_from"]),
    ("TryInto", "std::convert::TryInto", &["TryInto", "try_into"]),
    ("FromIterator", "std::iter::FromIterator", &["FromIterator", "from_iter"]),
];

/// For Rust 2015: `use` items for the 2021 prelude's traits that module `m` names and neither
/// defines nor imports (and only in a module without glob imports, where an explicit import
/// could shadow another trait of the same name).
pub fn prelude_imports(scopes: &Scopes, m: ModuleId) -> Option<Edit> {
    let tree = scopes.tree;
    let module = tree.module(m);
    let src = &tree.file(module.file).src;
    let bindings = scopes.of(m);
    if bindings.globs {
        return None;
    }
    let mut idents = HashSet::new();
    for entry in module.entries.iter().filter(|e| !e.removed && e.child.is_none()) {
        for i in entry.item.lead..entry.item.end {
            idents.extend(src.ident(i));
        }
    }
    let mut text = String::new();
    for (name, path, triggers) in PRELUDE_2021 {
        if triggers.iter().any(|t| idents.contains(t)) && !bindings.items.contains(*name) {
            text.push_str(&format!("use {path};\n"));
        }
    }
    if text.is_empty() {
        return None;
    }
    let at = imports_at(scopes, m);
    let indent = indent_at(src, at);
    let text: String = text.lines().map(|line| format!("{indent}{line}\n")).collect();
    Some(Edit::insert(at, text))
}

/// `use crate::{m, ..};` for the `#[macro_export]` macros that module `m` can call by their
/// bare names in cargo's build but would not find in the bundle, where they are at the
/// bundle's root: at a library's root, the library's own (they are at its root in cargo's
/// build); in every module of a crate whose root has `#[macro_use] extern crate x`, `x`'s
/// (they are in its macro prelude). Only names the module and the bundle's root bind to
/// nothing else; rustc reports the ones nothing calls, and they go.
pub fn macro_imports(scopes: &Scopes, m: ModuleId) -> Option<Edit> {
    let tree = scopes.tree;
    let module = tree.module(m);
    let krate = tree.krate(module.krate);
    if krate.role == Role::Main && module.parent.is_none() {
        return None; // the bundle's root: the macros are there
    }
    // Each by the name it has at the bundle's root.
    fn root_names(k: &Crate) -> impl Iterator<Item = &String> {
        k.exported.iter().map(|n| k.renamed.get(n).unwrap_or(n))
    }
    let mut names: Vec<&String> = Vec::new();
    if krate.role != Role::Main && module.parent.is_none() {
        names.extend(root_names(krate));
    }
    for &target in &krate.macro_use {
        names.extend(root_names(tree.krate(target)));
    }
    let root_bindings = scopes.of(tree.krate(tree.main()).root);
    let own = scopes.of(m);
    let mut names: Vec<&str> = names
        .into_iter()
        .map(String::as_str)
        .filter(|name| !own.items.contains(*name) && !root_bindings.items.contains(*name))
        .filter(|name| !scopes.defines_macro_in(m, name))
        .collect();
    names.sort_unstable();
    names.dedup();
    if names.is_empty() {
        return None;
    }
    let group =
        if names.len() == 1 { names[0].to_string() } else { format!("{{{}}}", names.join(", ")) };
    let at = imports_at(scopes, m);
    let indent = indent_at(&tree.file(module.file).src, at);
    Some(Edit::insert(at, format!("{indent}use crate::{group};\n")))
}

/// Where imports the bundler adds to module `m` go: at the start of the line of its first
/// item after its inner attributes (before any cut that widens to the line), or at its end
/// when it has none.
fn imports_at(scopes: &Scopes, m: ModuleId) -> usize {
    let module = scopes.tree.module(m);
    let src = &scopes.tree.file(module.file).src;
    let first = module.entries.iter().find(|e| e.item.kind != ItemKind::Inner);
    match first {
        Some(e) => {
            let start = src.tokens[e.item.lead].start;
            let line = src.text[..start].rfind('\n').map_or(0, |i| i + 1);
            if src.text[line..start].trim().is_empty() {
                line
            } else {
                start
            }
        }
        None => module.text.end,
    }
}
