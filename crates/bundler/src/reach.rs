//! Before the first compile: the libraries' items that no name the program can reach
//! mentions, left out so that the analysis reads a small program, not a 20,000-line library.
//!
//! This is a pre-filter that keeps a superset of what the program uses, by names alone,
//! never guessing what a name means: every item whose name (any namespace, any module) occurs
//! in code that is kept is kept, and so is everything its own code names. It starts from
//! main.rs's code, all of it, and from the names in code the analysis cannot see (see
//! [`crate::hidden`]). What the program uses is reached this way because every use of an
//! item goes through a token of its name, with three kinds of exceptions, each kept by a rule:
//!
//! - A trait's items are used through their own names (a method call, `T::ZERO`), with the
//!   trait in scope: a trait is kept when its name or the name of any of its items is
//!   reached, and then so is every import of its name.
//! - An `impl` is used through the trait's items and the values of its type: it is kept when
//!   its trait (if the bundle defines it) is kept and every name the bundle defines in its
//!   trait and type is reached (a value of a type comes from code that names the type; the
//!   impl's own generic parameters are not names). An inherent `impl` goes and stays with its
//!   type, whole.
//! - A macro call at item level makes items the bundle cannot see without expanding it: it is
//!   kept when what it makes, as [`expand`] sees it, would be kept as written, and always when
//!   its expansion is unknown. A macro is kept when its name is reached.
//!
//! Modules, `extern` blocks, glob imports and imports from std, items the linker may need
//! (`#[no_mangle]`, `#[export_name]`, `#[used]`) and items under a `cfg` (left for the
//! judge's compiler to decide, as everywhere in the bundler) always stay. What stays is then the program
//! the compiler's analysis prunes, as if the items left out had never been written: none of
//! them can change which item a path or a method call means, since nothing reached names
//! them.

use std::collections::{HashMap, HashSet};

use super::expand::Definition;
use super::hidden::Hidden;
use super::index::{Container, Entry, Index};
use super::items::{self, ItemKind};
use super::lexer::Kind;
use super::source::Source;
use super::span::ByteSpan;

/// A library item that no reachable name mentions: its bytes and its name.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Unreached {
    pub span: ByteSpan,
    pub name: String,
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
const KEPT_ATTRIBUTES: &[&str] = &["no_mangle", "export_name", "used", "link_section", "cfg"];

/// Whether `entry` has one of the attributes `names`.
fn attribute(src: &Source, entry: &Entry, names: &[&str]) -> bool {
    entry.attrs.iter().any(|attr| attr.name(src).is_some_and(|n| names.contains(&n)))
}

/// An `impl`'s condition to be kept: its trait's name (`None` for an inherent `impl`, or a
/// trait the bundle may not define) and the names in its trait and type.
struct Condition {
    trait_name: Option<String>,
    names: Vec<String>,
}

struct Reach<'i> {
    index: &'i Index,
    /// Entries that go unless something keeps them.
    candidates: Vec<usize>,
    candidate_set: HashSet<usize>,
    /// Candidates kept by a name: name -> entries.
    triggers: HashMap<String, Vec<usize>>,
    /// Names the bundle's items define (what an `impl`'s condition looks at).
    defined: HashSet<String>,
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
        // Modules are always kept: a module's name is never what an `impl` waits for.
        let defined = index
            .entries
            .iter()
            .filter(|e| e.kind != ItemKind::Mod && !e.name.is_empty())
            .map(|e| e.name.clone())
            .collect();
        Reach {
            index,
            candidates: Vec::new(),
            candidate_set: HashSet::new(),
            triggers: HashMap::new(),
            defined,
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
                let condition = self.impl_condition(src, e.tokens.start, e.tokens.end);
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
        for item_src in &expansion {
            let hi = item_src.tokens.len();
            match items::next_item(item_src, 0, hi) {
                Ok(Some(item)) if item.kind == ItemKind::Impl => {
                    let condition = self.impl_condition(item_src, item.keyword, item.end);
                    self.impls.push((at, condition));
                }
                Ok(Some(item)) if !item.names.is_empty() => {
                    for name in &item.names {
                        self.trigger(name, at);
                        self.defined.insert(name.clone());
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
            if src.tokens[i].kind == Kind::Ident {
                if let Some(name) = src.ident(i) {
                    let name = name.to_string();
                    self.reach_name(&name);
                }
            }
        }
    }

    /// The condition of the `impl` whose keyword is token `keyword` of `src`.
    fn impl_condition(&self, src: &Source, keyword: usize, hi: usize) -> Condition {
        let params = items::impl_generic_params(src, keyword, hi);
        let (trait_part, type_part) = items::impl_parts(src, keyword, hi);
        // The trait is the last segment of its path before any generic arguments.
        let trait_name = trait_part.first().map(|_| {
            let mut last = String::new();
            for i in items::impl_core(src, keyword, hi).indices() {
                if src.is_punct(i, "<") || src.is_kw(i, "for") {
                    break;
                }
                if let Some(name) = src.ident(i).filter(|_| src.tokens[i].kind == Kind::Ident) {
                    last = name.to_string();
                }
            }
            last
        });
        let names = trait_part
            .into_iter()
            .chain(type_part)
            .filter(|n| !params.contains(n) && Some(n) != trait_name.as_ref())
            .collect();
        Condition { trait_name, names }
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
                let trait_ok = match &condition.trait_name {
                    None => true,
                    Some(name) => !self.defined.contains(name) || self.reached.contains(name),
                };
                let names_ok = condition
                    .names
                    .iter()
                    .all(|n| !self.defined.contains(n) || self.reached.contains(n));
                if trait_ok && names_ok {
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
