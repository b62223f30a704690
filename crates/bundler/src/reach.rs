//! Before the first compile: the libraries' items that no name the program can reach
//! mentions, left out so that the analysis reads a small program, not a 20,000-line library.
//!
//! This is a pre-filter that keeps a superset of what the program uses, by names alone: every
//! item whose name (any namespace, any module) occurs in code that is kept is kept, and so is
//! everything its own code names. It starts from main.rs's code, all of it, and from the names
//! in code the analysis cannot see (see [`crate::hidden`]). "Occurs" means an identifier
//! token, or a name inside the `{..}` of a string literal (`"{NAME}"`, `"{x:>NAME$}"`,
//! `"{NAME:?}"`: a format string captures a name without an identifier token); a kept
//! macro's body is code like any other, so the names it uses are reached.
//!
//! # Why it is sound
//!
//! The claim: no item the program uses, and no item whose absence would change what it does,
//! is left out. Every use of a module-level item goes through a token of its name, except in
//! three ways, each kept by a rule:
//!
//! - A trait's items are used through their own names (a method call, `T::ZERO`), with the
//!   trait in scope: a trait is kept when its name or the name of any of its items is
//!   reached, and then so is every import of its name. A supertrait is named in its
//!   subtrait's header, a bound in the bounded code.
//! - A trait `impl` is used by the compiler, not by a name: std's code and the language use
//!   `Drop`, `Display`, `Clone`, `Hash`, `Ord`, `Iterator`, `Deref`, `From`, `Add`, `Index`
//!   impls with no token naming them. It can be used only where a value of its type exists
//!   and its trait can be used. So an `impl` is left out only for a definition of the bundle
//!   (a struct, enum, union or trait) that its header *certainly* names and that is itself
//!   left out: a type left out has no values (a value's type is written in the code that
//!   makes it, or in the signature of what returns it, and that code is kept and reached), a
//!   trait left out is never called or bound. "Certainly names" is [`crate::scopes`]: the
//!   header's paths resolved as rustc resolves them, giving up at every step that is not
//!   certain, so that a path that does not lead to an item of the bundle (`std::`, `core::`,
//!   `alloc::`, `::std::`, a prelude name, a `use`d std name, a name a glob or a macro may
//!   bring, a type alias) holds nothing back, however the bundle's own items are named. A
//!   `Drop` impl therefore stays whenever its type does: `Drop` is std's, and the type is
//!   the one thing that can hold it back. An inherent `impl` goes and stays the same way,
//!   with its type.
//! - A macro call at item level makes items the bundle cannot see without expanding it: it is
//!   kept when what it makes, as [`expand`] sees it, would be kept as written (its `impl`s
//!   resolved in the call's module), and always when its expansion is unknown. A macro is
//!   kept when its name is reached.
//!
//! Modules, `extern` blocks, glob imports and imports from std, items the linker or the
//! runtime uses by attribute (`#[no_mangle]`, `#[export_name]`, `#[used]`,
//! `#[global_allocator]`, `#[panic_handler]`) and items under a `cfg` (left for the judge's
//! compiler to decide, as everywhere in the bundler) always stay. What goes cannot change
//! what the rest means: an item left out is named nowhere in kept code (so no path and no
//! method call can mean it), and an `impl` left out has no type or trait left to be chosen
//! for. Items of the same name are kept together, so a glob can never start to mean a
//! different item.
//!
//! Should the rest still not compile (a gap in this argument), the whole program is
//! compiled, and if it compiles the cut is the bundler's: [`crate::prune`] puts back what the
//! errors name and bisects the rest, as for any removal, and never reports it as the
//! program's error.

use std::collections::{HashMap, HashSet};

use super::expand::Definition;
use super::hidden::Hidden;
use super::index::{Container, Entry, Index};
use super::items::{self, ItemKind};
use super::lexer::{Kind, Lit};
use super::scopes::{ModuleId, Scopes};
use super::source::Source;
use super::span::ByteSpan;

/// A library item that no reachable name mentions: its bytes and its name.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Unreached {
    pub span: ByteSpan,
    pub name: String,
    /// For an `impl`, the names of its header; for a trait, its items' (an error naming one
    /// asks for it back).
    pub members: Vec<String>,
}

/// The items of `text` from byte `libraries` on (the inlined libraries; main.rs's code comes
/// before) that no reachable name mentions, sorted and disjoint.
pub fn unreachable(
    text: &str,
    libraries: usize,
    hidden: &Hidden,
) -> Result<Vec<Unreached>, String> {
    let index = Index::new(text)?;
    let macros = index.macro_definitions();
    let mut reach = Reach::new(&index);
    // What each candidate is kept by.
    for (at, e) in index.entries.iter().enumerate() {
        if e.container == Container::Module && e.range.start >= libraries {
            reach.read_candidate(at, e, &macros);
        }
    }
    // The roots: main.rs's code, what the analysis cannot see, and what always stays.
    reach.reach_range(ByteSpan::new(0, libraries));
    for name in &hidden.names {
        reach.reach_name(name);
    }
    for (at, e) in index.entries.iter().enumerate() {
        // A module stays, and its items are each decided.
        let nested = e.container != Container::Module || e.kind == ItemKind::Mod;
        if e.range.start >= libraries && !nested && !reach.is_candidate(at) {
            reach.keep(at);
        }
    }
    reach.run();
    if std::env::var_os("XTASK_BUNDLE_TRACE").is_some() {
        eprintln!(
            "trace: reach: {} of {} library items kept ({} names reached; libraries from byte {libraries})",
            reach.candidates.iter().filter(|at| reach.kept.contains(at)).count(),
            reach.candidates.len(),
            reach.reached.len()
        );
    }
    let mut out: Vec<Unreached> = reach
        .candidates
        .iter()
        .filter(|at| !reach.kept.contains(at))
        .map(|&at| Unreached {
            span: index.entries[at].range,
            name: index.entries[at].name.clone(),
            members: reach.header_names(at),
        })
        .collect();
    out.sort_unstable();
    // Disjoint: an item that holds another (none do at module level) takes it along.
    let mut merged: Vec<Unreached> = Vec::new();
    for item in out {
        match merged.last_mut() {
            Some(last) if item.span.start < last.span.end => {
                last.span.end = last.span.end.max(item.span.end)
            }
            _ => merged.push(item),
        }
    }
    Ok(merged)
}

/// Attributes that keep an item whatever names it: the linker's, and `cfg`.
const KEPT_ATTRIBUTES: &[&str] = &[
    "no_mangle",
    "export_name",
    "used",
    "link_section",
    "global_allocator",
    "panic_handler",
    "cfg",
];

/// Whether `entry` has one of the attributes `names`.
fn attribute(src: &Source, entry: &Entry, names: &[&str]) -> bool {
    entry.attrs.iter().any(|attr| attr.name(src).is_some_and(|n| names.contains(&n)))
}

/// An `impl`'s condition to be kept: the bundle's definitions its header certainly names
/// (see [`crate::scopes`]), each of which must be kept.
type Condition = Vec<usize>;

struct Reach<'i> {
    index: &'i Index,
    /// Entries that go unless something keeps them.
    candidates: Vec<usize>,
    candidate_set: HashSet<usize>,
    /// Candidates kept by a name: name -> entries.
    triggers: HashMap<String, Vec<usize>>,
    /// What the paths of `impl` headers mean.
    scopes: Scopes<'i>,
    /// `impl`s (written, or made by the macro call of the entry) and their conditions.
    impls: Vec<(usize, Condition)>,
    kept: HashSet<usize>,
    reached: HashSet<String>,
    /// Names reached and not yet followed.
    queue: Vec<String>,
    /// Entries kept and not yet read.
    pending: Vec<usize>,
}

impl<'i> Reach<'i> {
    fn new(index: &'i Index) -> Reach<'i> {
        Reach {
            index,
            candidates: Vec::new(),
            candidate_set: HashSet::new(),
            triggers: HashMap::new(),
            scopes: Scopes::new(index),
            impls: Vec::new(),
            kept: HashSet::new(),
            reached: HashSet::new(),
            queue: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// Makes the module-level library item `e` (entry `at`) a candidate, with what keeps it:
    /// its name; a trait's items' names; an import's names; an `impl`'s condition; what a
    /// macro call makes. Modules, `extern` items, linked items and items under a `cfg` are
    /// no candidates.
    fn read_candidate(&mut self, at: usize, e: &Entry, macros: &HashMap<String, Definition>) {
        let src = &self.index.src;
        match e.kind {
            ItemKind::Mod
            | ItemKind::Inner
            | ItemKind::Empty
            | ItemKind::ExternBlock
            | ItemKind::ExternCrate => {}
            // Linked items, and items under a `cfg` (the judge's compiler decides those).
            _ if attribute(src, e, KEPT_ATTRIBUTES) => {}
            ItemKind::Trait => {
                self.candidate(at, Some(&e.name));
                for member in self.index.children(at) {
                    self.trigger(&member.name, at);
                }
            }
            ItemKind::Use => {
                let leaves = e.use_tree.iter().flat_map(|tree| &tree.leaves);
                let leaves: Vec<_> = leaves.collect();
                if leaves.iter().any(|l| l.always()) {
                    return; // a glob, `as _`, or an import from std: kept
                }
                self.candidate(at, None);
                for leaf in leaves {
                    self.trigger(leaf.bound(), at);
                }
            }
            ItemKind::Impl => {
                let module = self.scopes.module_of(at);
                let condition = self.impl_condition(src, e.tokens.start, e.tokens.end, module);
                self.candidate(at, None);
                self.impls.push((at, condition));
            }
            ItemKind::MacroCall => self.read_call(at, macros),
            _ if e.name.is_empty() || e.name == "_" => {}
            _ => self.candidate(at, Some(&e.name)),
        }
    }

    /// The macro call `at`: a candidate kept as what it makes would be, as written.
    fn read_call(&mut self, at: usize, macros: &HashMap<String, Definition>) {
        let Some(expansion) = self.index.expand_call(at, macros) else { return };
        self.candidate(at, None);
        let module = self.scopes.module_of(at);
        for item_src in &expansion {
            let hi = item_src.tokens.len();
            match items::next_item(item_src, 0, hi) {
                Ok(Some(item)) if item.kind == ItemKind::Impl => {
                    let condition = self.impl_condition(item_src, item.keyword, item.end, module);
                    self.impls.push((at, condition));
                }
                Ok(Some(item)) if !item.names.is_empty() => {
                    for name in &item.names {
                        self.trigger(name, at);
                    }
                }
                // Anything else it makes: the call stays.
                _ => self.keep(at),
            }
        }
    }

    fn candidate(&mut self, entry: usize, name: Option<&str>) {
        if self.candidate_set.insert(entry) {
            self.candidates.push(entry);
        }
        if let Some(name) = name {
            self.trigger(name, entry);
        }
    }

    fn is_candidate(&self, entry: usize) -> bool {
        self.candidate_set.contains(&entry)
    }

    fn trigger(&mut self, name: &str, entry: usize) {
        if !name.is_empty() {
            self.triggers.entry(name.to_string()).or_default().push(entry);
        }
    }

    fn keep(&mut self, entry: usize) {
        if self.kept.insert(entry) {
            self.pending.push(entry);
        }
    }

    fn reach_name(&mut self, name: &str) {
        if self.reached.insert(name.to_string()) {
            self.queue.push(name.to_string());
        }
    }

    /// Every identifier of the bytes `span`.
    fn reach_range(&mut self, span: ByteSpan) {
        let src = &self.index.src;
        let first = src.tokens.partition_point(|t| t.start < span.start);
        for i in first..src.tokens.len() {
            if src.tokens[i].start >= span.end {
                break;
            }
            match src.tokens[i].kind {
                Kind::Ident => {
                    if let Some(name) = src.ident(i) {
                        let name = name.to_string();
                        self.reach_name(&name);
                    }
                }
                Kind::Literal(Lit::Str | Lit::RawStr) => {
                    for name in format_names(src.text(i)) {
                        self.reach_name(name);
                    }
                }
                _ => {}
            }
        }
    }

    /// The condition of the `impl` whose keyword is token `keyword` of `src`, in `module`.
    fn impl_condition(
        &self,
        src: &Source,
        keyword: usize,
        hi: usize,
        module: ModuleId,
    ) -> Condition {
        let params = items::impl_generic_params(src, keyword, hi);
        let core = items::impl_core(src, keyword, hi);
        self.scopes.named_definitions(src, core.start, core.end, &params, module)
    }

    /// What an error may name to ask for entry `at` back besides its name: the identifiers of
    /// an `impl`'s header, the names of a trait's items (`no method named `gcd``).
    fn header_names(&self, at: usize) -> Vec<String> {
        let e = &self.index.entries[at];
        match e.kind {
            ItemKind::Impl => {
                let src = &self.index.src;
                let (trait_part, type_part) = items::impl_parts(src, e.tokens.start, e.tokens.end);
                trait_part.into_iter().chain(type_part).collect()
            }
            ItemKind::Trait => self.index.children(at).map(|m| m.name.clone()).collect(),
            _ => Vec::new(),
        }
    }

    /// Follows names and kept entries until nothing more is reached.
    fn run(&mut self) {
        loop {
            if let Some(entry) = self.pending.pop() {
                let e = &self.index.entries[entry];
                self.reach_range(e.range);
                if e.kind == ItemKind::MacroCall {
                    // The macro it calls (kept by its name, then read).
                    let name = e.macro_name.clone();
                    self.reach_name(&name);
                }
                if e.kind == ItemKind::Trait {
                    // Its imports stay with it.
                    let name = e.name.clone();
                    self.reach_name(&name);
                }
                continue;
            }
            if let Some(name) = self.queue.pop() {
                if let Some(entries) = self.triggers.get(&name) {
                    for entry in entries.clone() {
                        self.keep(entry);
                    }
                }
                continue;
            }
            // Nothing queued: the `impl`s whose conditions now hold.
            let mut more = Vec::new();
            for (entry, condition) in &self.impls {
                if self.kept.contains(entry) {
                    continue;
                }
                let holds = condition
                    .iter()
                    .all(|&at| !self.candidate_set.contains(&at) || self.kept.contains(&at));
                if holds {
                    more.push(*entry);
                }
            }
            if more.is_empty() {
                return;
            }
            for entry in more {
                self.keep(entry);
            }
        }
    }
}

/// The identifiers inside the `{..}` of a string literal's text (`NAME` of `"{NAME}"`,
/// `{NAME:>w$}` and `{NAME:?}`, and `w`): what a format string may capture by its name alone.
/// More than that is harmless (a name reached keeps more, never less).
fn format_names(literal: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut inside = false;
    let mut chars = literal.char_indices().peekable();
    let is_name = |c: char| c.is_alphanumeric() || c == '_';
    while let Some((at, c)) = chars.next() {
        match c {
            '{' if !inside && chars.peek().map(|&(_, c)| c) == Some('{') => {
                chars.next();
            }
            '{' => inside = true,
            '}' => inside = false,
            c if inside && is_name(c) && !c.is_ascii_digit() => {
                let mut end = at + c.len_utf8();
                while let Some(&(next, c)) = chars.peek() {
                    if !is_name(c) {
                        break;
                    }
                    end = next + c.len_utf8();
                    chars.next();
                }
                out.push(&literal[at..end]);
            }
            c if inside && is_name(c) => {
                // A number (`{0}`, `{:1$}`): no name, whatever follows it.
                while chars.peek().is_some_and(|&(_, c)| is_name(c)) {
                    chars.next();
                }
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{format_names, unreachable};
    use crate::hidden::Hidden;

    /// The first lines of what the pre-filter leaves out of `main` followed by `library`.
    fn left_out(main: &str, library: &str) -> Vec<String> {
        let text = format!("{main}\n{library}");
        let gone = unreachable(&text, main.len() + 1, &Hidden::default()).expect("indexes");
        gone.iter()
            .map(|u| text[u.span.range()].trim().lines().next().unwrap_or("").to_string())
            .collect()
    }

    #[test]
    fn a_std_path_never_holds_an_impl_back() {
        // Issue 27's reduced cases: `fn ops` beside `std::ops::Drop`, `fn fmt` in the impl.
        let library = "mod lib {\n    pub struct Out { pub buf: String }\n    \
            impl std::ops::Drop for Out {\n        fn drop(&mut self) { print!(\"{}\", self.buf); }\n    }\n    \
            pub fn ops() -> u32 { 0 }\n    pub struct Mod(pub u64);\n    \
            impl ::std::fmt::Display for Mod {\n        \
            fn fmt(&self, f: &mut ::std::fmt::Formatter) -> ::std::fmt::Result { write!(f, \"{}\", self.0) }\n    }\n}";
        let main =
            "fn main() { let o = lib::Out { buf: String::new() }; println!(\"{}\", lib::Mod(3)); }";
        // (`fn ops` stays too: the kept `std::ops::Drop` names it, which is harmless.)
        assert_eq!(left_out(main, library), Vec::<String>::new());
        // A type the program does not keep takes its impls along.
        let main = "fn main() { println!(\"{}\", lib::Mod(3)); }";
        let gone = left_out(main, library);
        assert!(gone.iter().any(|g| g.starts_with("impl std::ops::Drop for Out")), "{gone:?}");
    }

    #[test]
    fn a_std_name_imported_or_from_the_prelude_holds_no_impl_back() {
        let library = "mod lib {\n    pub mod other {\n        pub trait Display {}\n        pub trait Drop {}\n    }\n    \
            pub mod shown {\n        use std::fmt::{self, Display};\n        pub struct S;\n        \
            impl Display for S {\n            fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, \"s\") }\n        }\n        \
            impl Drop for S {\n            fn drop(&mut self) {}\n        }\n    }\n}";
        let main = "fn main() { println!(\"{}\", lib::shown::S); }";
        let gone = left_out(main, library);
        assert!(!gone.iter().any(|g| g.starts_with("impl")), "{gone:?}");
    }

    #[test]
    fn an_impl_of_the_bundles_own_trait_goes_with_the_trait() {
        // Through a `use` of the bundle's path, a glob, and by path.
        let library = "mod lib {\n    pub mod t {\n        pub trait Show { fn show(&self) -> u8; }\n    }\n    \
            pub mod a {\n        use super::t::Show;\n        pub struct A;\n        impl Show for A { fn show(&self) -> u8 { 1 } }\n    }\n    \
            pub mod b {\n        use super::t::*;\n        pub struct B;\n        impl Show for B { fn show(&self) -> u8 { 2 } }\n    }\n    \
            pub mod c {\n        pub struct C;\n        impl crate::lib::t::Show for C { fn show(&self) -> u8 { 3 } }\n    }\n}";
        let main = "fn main() { let _ = (lib::a::A, lib::b::B, lib::c::C); }";
        let gone = left_out(main, library);
        assert_eq!(gone.len(), 5, "{gone:?}");
        assert!(gone.iter().all(|g| g.contains("Show")), "{gone:?}");
    }

    #[test]
    fn names_in_format_strings_are_read() {
        let names =
            format_names("\"{GRAY} {n:>WIDTH$} {{x}} {0} {:.1$} {PAIR:?} {\u{e9}t\u{e9}}\"");
        assert_eq!(names, ["GRAY", "n", "WIDTH", "PAIR", "\u{e9}t\u{e9}"]);
        let library = "mod lib {\n    const GRAY: &str = \"g\";\n    const W: usize = 3;\n    \
            pub fn f() -> String { format!(r\"{GRAY:>W$}\") }\n    const UNUSED: u8 = 0;\n}";
        assert_eq!(left_out("fn main() { lib::f(); }", library), ["const UNUSED: u8 = 0;"]);
    }
}
