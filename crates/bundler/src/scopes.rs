//! What a path in an `impl` header means, as far as it can be known for certain: the
//! module-level struct, enum, union or trait of the bundle it names, or nothing.
//!
//! The pre-filter ([`crate::reach`]) may leave an `impl` out only for a definition of the
//! bundle that its header names and that is itself left out. A name that only looks like the
//! bundle's (`ops` in `std::ops::Drop` beside a `fn ops`, a `Display` of the prelude or of a
//! `use std::fmt::Display` beside a `trait Display` elsewhere) must never count, so a path is
//! followed the way rustc resolves it, and every step that is not certain gives up:
//!
//! - `std::`, `core::`, `alloc::`, a leading `::` (an extern crate in Rust 2018), `Self::`,
//!   `<T as Tr>::` and a generic parameter of the `impl` name nothing of the bundle.
//! - A single name is, in its module: the definition of that name there; else the path its
//!   `use` imports, followed; else, when every glob import of the module leads to a module of
//!   the bundle and no item-position macro call could define the name, the one definition of
//!   that name that a glob brings in (a glob import shadows the prelude, and two different
//!   ones would be an error). Anything else (the prelude, a glob from std, a macro's items)
//!   is nothing certain.
//! - `a::b::X`: `crate`, `self`, `super` and module names step through the bundle's modules
//!   (a name a module imports is followed), then `X` is read there as above.
//! - A `use` path that starts with a plain name means the module's child in Rust 2018 and the
//!   crate root's in Rust 2015: it counts only when both readings agree.
//! - Type aliases name nothing certain: a value of the aliased type need not name the alias.
//!
//! A module with two definitions of one name (under different `cfg`s) is not certain either.
//! Given that the program compiles, each step is the one rustc takes (a module cannot both
//! define and import a name, explicit names shadow globs, globs shadow the prelude).

use std::collections::HashMap;

use super::index::{Container, Index};
use super::items::ItemKind;
use super::lexer::Kind;
use super::source::Source;

/// A module of the bundle: `None` is the crate root, else its `mod` entry.
pub type ModuleId = Option<usize>;

/// How many imports a path is followed through (import cycles do not compile; this bounds
/// the work on ones that do not matter).
const MAX_STEPS: usize = 16;

/// What one module defines and imports, for resolving names in it.
#[derive(Default)]
struct Scope {
    /// Structs, enums, unions and traits defined here (`None`: defined twice).
    types: HashMap<String, Option<usize>>,
    /// Child modules (`None`: defined twice).
    modules: HashMap<String, Option<usize>>,
    /// Names imported here (not globs): the path each leads to.
    imports: HashMap<String, Vec<String>>,
    /// Paths of the glob imports here.
    globs: Vec<Vec<String>>,
    /// An item-position macro call is here: it may define any name.
    macro_calls: bool,
    /// The module that holds this one (`None` at the root).
    parent: ModuleId,
}

/// What a name resolves to: a definition entry, or a module.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    Item(usize),
    Module(ModuleId),
}

/// The bundle's modules, as far as resolving `impl` headers needs them.
pub struct Scopes<'i> {
    index: &'i Index,
    scopes: HashMap<ModuleId, Scope>,
}

impl<'i> Scopes<'i> {
    pub fn new(index: &'i Index) -> Scopes<'i> {
        let mut scopes: HashMap<ModuleId, Scope> = HashMap::new();
        scopes.insert(None, Scope::default());
        for (at, e) in index.entries.iter().enumerate() {
            if e.container != Container::Module {
                continue;
            }
            let module = e.parent;
            if e.kind == ItemKind::Mod {
                scopes.entry(Some(at)).or_default().parent = module;
            }
            let scope = scopes.entry(module).or_default();
            let src = &index.src;
            match e.kind {
                ItemKind::Mod => once(&mut scope.modules, &e.name, at),
                ItemKind::Trait => once(&mut scope.types, &e.name, at),
                ItemKind::Other
                    if matches!(src.text(e.tokens.start), "struct" | "enum" | "union") =>
                {
                    once(&mut scope.types, &e.name, at)
                }
                ItemKind::Use => {
                    for leaf in e.use_tree.iter().flat_map(|t| &t.leaves) {
                        let mut path = leaf.prefix.clone();
                        if leaf.is_glob() {
                            scope.globs.push(path);
                            continue;
                        }
                        if leaf.segment != "self" {
                            path.push(leaf.segment.clone());
                        }
                        match leaf.bound() {
                            "" | "_" => {}
                            bound => {
                                scope.imports.insert(bound.to_string(), path);
                            }
                        }
                    }
                }
                ItemKind::MacroCall => scope.macro_calls = true,
                _ => {}
            }
        }
        Scopes { index, scopes }
    }

    /// The module that holds `module` (`None` for the root, which has none).
    fn parent(&self, module: ModuleId) -> Option<ModuleId> {
        module?;
        self.scopes.get(&module).map(|s| s.parent)
    }

    /// The module that holds module-level entry `at`.
    pub fn module_of(&self, at: usize) -> ModuleId {
        self.index.entries[at].parent
    }

    /// The bundle's structs, enums, unions and traits that the paths of tokens `lo..hi` of
    /// `src` (an `impl`'s trait and type) certainly name, read in `module`; `params` (the
    /// `impl`'s generic parameters) name nothing.
    pub fn named_definitions(
        &self,
        src: &Source,
        lo: usize,
        hi: usize,
        params: &[String],
        module: ModuleId,
    ) -> Vec<usize> {
        let mut out = Vec::new();
        for path in paths(src, lo, hi) {
            if params.contains(&path[0]) {
                continue;
            }
            if let Some(Target::Item(at)) = self.resolve(module, &path, false, 0) {
                if !out.contains(&at) {
                    out.push(at);
                }
            }
        }
        out
    }

    /// What `path` means in `module` (`in_use`: as the path of a `use`).
    fn resolve(
        &self,
        module: ModuleId,
        path: &[String],
        in_use: bool,
        steps: usize,
    ) -> Option<Target> {
        if steps > MAX_STEPS {
            return None;
        }
        let (first, rest) = path.split_first()?;
        let mut at = match first.as_str() {
            "std" | "core" | "alloc" | "Self" | "" => return None,
            "crate" => None,
            "self" => module,
            "super" => self.parent(module)?,
            _ if rest.is_empty() => return self.name_in(module, first, steps),
            _ if in_use && module.is_some() => {
                // Rust 2018 reads it in this module, Rust 2015 at the root: both must agree.
                let here = self.name_in(module, first, steps);
                let root = self.name_in(None, first, steps);
                match (here, root) {
                    (Some(Target::Module(a)), Some(Target::Module(b))) if a == b => a,
                    _ => return None,
                }
            }
            _ => match self.name_in(module, first, steps)? {
                Target::Module(m) => m,
                Target::Item(_) => return None,
            },
        };
        let mut rest = rest;
        // `super::super::x`
        while first == "super" && rest.first().map(String::as_str) == Some("super") {
            at = self.parent(at)?;
            rest = &rest[1..];
        }
        let (last, middle) = match rest.split_last() {
            Some(split) => split,
            None => return Some(Target::Module(at)),
        };
        for segment in middle {
            match self.name_in(at, segment, steps)? {
                Target::Module(m) => at = m,
                Target::Item(_) => return None,
            }
        }
        self.name_in(at, last, steps)
    }

    /// What the single name `name` means in `module`.
    fn name_in(&self, module: ModuleId, name: &str, steps: usize) -> Option<Target> {
        let scope = self.scopes.get(&module)?;
        if let Some(defined) = scope.types.get(name) {
            return defined.map(Target::Item);
        }
        if let Some(defined) = scope.modules.get(name) {
            return defined.map(|m| Target::Module(Some(m)));
        }
        if let Some(path) = scope.imports.get(name) {
            return self.resolve(module, path, true, steps + 1);
        }
        if scope.macro_calls {
            return None;
        }
        // Through the globs, each of which must lead into the bundle.
        let mut found = None;
        for glob in &scope.globs {
            let Target::Module(from) = self.resolve(module, glob, true, steps + 1)? else {
                return None;
            };
            let Some(Some(at)) = self.scopes.get(&from)?.types.get(name) else { continue };
            if !self.visible(*at, from, module) || found.is_some_and(|f| f != *at) {
                return None;
            }
            found = Some(*at);
        }
        found.map(Target::Item)
    }

    /// Whether the definition `at` in module `from` is certainly visible in module `to`:
    /// `pub`, `pub(crate)`, or `to` is `from` or inside it.
    fn visible(&self, at: usize, from: ModuleId, to: ModuleId) -> bool {
        let mut m = to;
        loop {
            if m == from {
                return true;
            }
            match self.parent(m) {
                Some(parent) => m = parent,
                None => break,
            }
        }
        let src = &self.index.src;
        let e = &self.index.entries[at];
        let lead = src.tokens.partition_point(|t| t.start < e.range.start);
        let words: Vec<&str> = (lead..e.tokens.start)
            .filter(|&i| src.tokens[i].kind != Kind::Punct || src.text(i) == ")")
            .filter(|&i| !src.is_comment(i))
            .map(|i| src.text(i))
            .collect();
        // `pub` or `pub(crate)` right before the qualifiers and the keyword.
        let vis: Vec<&str> = words
            .iter()
            .rev()
            .skip_while(|w| matches!(**w, "unsafe" | "auto"))
            .take(3)
            .copied()
            .collect();
        matches!(vis.as_slice(), ["pub", ..] | [")", "crate", "pub", ..])
    }
}

fn once(map: &mut HashMap<String, Option<usize>>, name: &str, at: usize) {
    if name.is_empty() {
        return;
    }
    map.entry(name.to_string()).and_modify(|v| *v = None).or_insert(Some(at));
}

/// Keywords that start no path in an `impl` header.
const NOT_PATHS: &[&str] =
    &["for", "dyn", "impl", "as", "mut", "const", "unsafe", "fn", "extern", "where"];

/// The paths of tokens `lo..hi`, each as its segments up to any generic arguments: `a::b::C`
/// in `a::b::C<D>` (and `D` by itself). A path after `::` with nothing or `>` before it
/// (`::x::Y`, `<T as Tr>::Out`) comes as one empty segment followed by its own.
fn paths(src: &Source, lo: usize, hi: usize) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut i = lo;
    while i < hi {
        let code = |j: usize| src.next_code(j, hi);
        if src.is_punct(i, "::")
            || (src.tokens[i].kind == Kind::Ident && !NOT_PATHS.contains(&src.text(i)))
        {
            let mut path = Vec::new();
            let mut j = i;
            if src.is_punct(j, "::") {
                path.push(String::new());
                j = code(j + 1);
            }
            while j < hi && src.tokens[j].kind == Kind::Ident {
                path.push(src.ident(j).unwrap_or_default().to_string());
                let next = code(j + 1);
                if src.is_punct(next, "::")
                    && src.tokens.get(code(next + 1)).is_some_and(|t| t.kind == Kind::Ident)
                {
                    j = code(next + 1);
                } else {
                    j = next;
                    break;
                }
            }
            if !path.iter().all(String::is_empty) {
                out.push(path);
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Scopes, Target};
    use crate::index::Index;
    use crate::items::ItemKind;

    /// What each of `paths` certainly names in module `module` of `text` (the root if `None`):
    /// `path -> name`, or `path -> ?`.
    fn resolved(text: &str, module: Option<&str>, paths: &[&str]) -> Vec<String> {
        let index = Index::new(text).expect("indexes");
        let scopes = Scopes::new(&index);
        let module = module.map(|m| {
            let at = index.entries.iter().position(|e| e.kind == ItemKind::Mod && e.name == m);
            at.expect("a module")
        });
        let name = |path: &&str| {
            let path: Vec<String> = path.split("::").map(String::from).collect();
            match scopes.resolve(module, &path, false, 0) {
                Some(Target::Item(at)) => index.entries[at].name.clone(),
                _ => "?".to_string(),
            }
        };
        paths.iter().map(|p| format!("{p} -> {}", name(p))).collect()
    }

    #[test]
    fn only_what_certainly_leads_to_a_definition_names_it() {
        let text = "mod lib {\n    pub struct Out;\n    pub fn ops() {}\n    pub type Alias = Out;\n    \
            pub mod inner {\n        use super::Out as Renamed;\n        use std::fmt::Display;\n        \
            use super::*;\n        pub trait Own {}\n    }\n    pub mod globbed {\n        use std::ops::*;\n        \
            use super::*;\n    }\n    pub mod twice {\n        #[cfg(unix)]\n        pub struct T;\n        \
            #[cfg(not(unix))]\n        pub struct T;\n    }\n    pub mod called {\n        use super::*;\n        make!();\n    }\n}\n";
        let inner = resolved(
            text,
            Some("inner"),
            &[
                "Renamed",
                "Display",
                "Out",
                "Own",
                "self::Own",
                "super::Out",
                "crate::lib::Out",
                "super::Alias",
                "std::ops::Drop",
                "Drop",
                "super::ops",
                "super::twice::T",
            ],
        );
        assert_eq!(
            inner,
            [
                "Renamed -> Out",
                "Display -> ?",
                "Out -> Out",
                "Own -> Own",
                "self::Own -> Own",
                "super::Out -> Out",
                "crate::lib::Out -> Out",
                "super::Alias -> ?",
                "std::ops::Drop -> ?",
                "Drop -> ?",
                "super::ops -> ?",
                "super::twice::T -> ?",
            ]
        );
        // A glob from std may bring any name; an item-position macro call may define any.
        assert_eq!(resolved(text, Some("globbed"), &["Out"]), ["Out -> ?"]);
        assert_eq!(resolved(text, Some("called"), &["Out"]), ["Out -> ?"]);
    }
}
