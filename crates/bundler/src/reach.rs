//! Before the first compile: the libraries' items that no name the program can reach
//! mentions, left out so that the analysis reads a small program, not a 20,000-line library.
//!
//! This is a pre-filter that keeps a superset of what the program uses, by names alone,
//! never guessing what a name means: every item whose name (any namespace, any module) occurs
//! in code that is kept is kept, and so is everything its own code names. It starts from
//! main.rs's code, all of it, and from the names in code the analysis cannot see (see
//! [`prune::Hidden`]). What the program uses is reached this way because every use of an
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

use super::items::{self, ItemKind};
use super::lexer::Kind;
use super::prune::{self, Container, Hidden, Index};
use super::source::Source;

/// The items of `text` from byte `libraries` on (the inlined libraries; main.rs's code comes
/// before) that no reachable name mentions: their byte ranges, sorted and disjoint, each with
/// its name.
pub fn unreachable(
    text: &str,
    libraries: usize,
    hidden: &Hidden,
) -> Result<Vec<(usize, usize, String)>, String> {
    let index = Index::new(text)?;
    let src = &index.src;
    let macros = index.macro_definitions();
    let mut reach = Reach::new(&index);
    // What each candidate is kept by.
    for (k, e) in index.entries.iter().enumerate() {
        if e.container != Container::Module || e.range.0 < libraries {
            continue;
        }
        match e.kind {
            ItemKind::Mod
            | ItemKind::Inner
            | ItemKind::Empty
            | ItemKind::ExternBlock
            | ItemKind::ExternCrate => {}
            // Linked items, and items under a `cfg` (the judge's compiler decides those).
            _ if attribute(src, e.range.0, e.tokens.0, KEPT_ATTRIBUTES) => {}
            ItemKind::Trait => {
                reach.candidate(k, Some(&e.name));
                for member in index.entries.iter().filter(|m| m.parent == Some(k)) {
                    reach.trigger(&member.name, k);
                }
            }
            ItemKind::Use => {
                let leaves = items::use_leaves(src, e.tokens.0, src.tokens.len())?;
                if leaves.iter().any(|l| l.name.is_none()) {
                    continue; // a glob, `as _`, or an import from std: kept
                }
                reach.candidate(k, None);
                for leaf in leaves {
                    reach.trigger(&leaf.bound, k);
                }
            }
            ItemKind::Impl => {
                let condition = reach.impl_condition(src, e.tokens.0, e.tokens.1);
                reach.candidate(k, None);
                reach.impls.push((k, condition));
            }
            ItemKind::MacroCall => {
                let Some(expansion) = index.expand_call(k, &macros) else { continue };
                reach.candidate(k, None);
                for item_src in &expansion {
                    let hi = item_src.tokens.len();
                    match items::next_item(item_src, 0, hi) {
                        Ok(Some(item)) if item.kind == ItemKind::Impl => {
                            let condition = reach.impl_condition(item_src, item.keyword, item.end);
                            reach.impls.push((k, condition));
                        }
                        Ok(Some(item)) if !item.names.is_empty() => {
                            for name in &item.names {
                                reach.trigger(name, k);
                                reach.defined.insert(name.clone());
                            }
                        }
                        // Anything else it makes: the call stays.
                        _ => reach.keep(k),
                    }
                }
            }
            _ if e.name.is_empty() || e.name == "_" => {}
            _ => {
                reach.candidate(k, Some(&e.name));
            }
        }
    }
    // The roots: main.rs's code, what the analysis cannot see, and what always stays.
    reach.reach_range(0, libraries);
    for name in &hidden.names {
        reach.reach_name(name);
    }
    for (k, e) in index.entries.iter().enumerate() {
        // A module stays, and its items are each decided.
        let nested = e.container != Container::Module || e.kind == ItemKind::Mod;
        if e.range.0 >= libraries && !nested && !reach.is_candidate(k) {
            reach.keep(k);
        }
    }
    reach.run();
    if std::env::var_os("XTASK_BUNDLE_TRACE").is_some() {
        eprintln!(
            "trace: reach: {} of {} library items kept ({} names reached; libraries from byte {libraries})",
            reach.candidates.iter().filter(|k| reach.kept.contains(k)).count(),
            reach.candidates.len(),
            reach.reached.len()
        );
    }
    let mut out: Vec<(usize, usize, String)> = reach
        .candidates
        .iter()
        .filter(|k| !reach.kept.contains(k))
        .map(|&k| {
            (index.entries[k].range.0, index.entries[k].range.1, index.entries[k].name.clone())
        })
        .collect();
    out.sort_unstable();
    // Disjoint: an item that holds another (none do at module level) takes it along.
    let mut merged: Vec<(usize, usize, String)> = Vec::new();
    for (start, end, name) in out {
        match merged.last_mut() {
            Some(last) if start < last.1 => last.1 = last.1.max(end),
            _ => merged.push((start, end, name)),
        }
    }
    Ok(merged)
}

/// Attributes that keep an item whatever names it: the linker's, and `cfg`.
const KEPT_ATTRIBUTES: &[&str] = &["no_mangle", "export_name", "used", "link_section", "cfg"];

/// Whether the item whose bytes start at `start` and whose keyword is token `keyword` has one
/// of the attributes `names`.
fn attribute(src: &Source, start: usize, keyword: usize, names: &[&str]) -> bool {
    let first = src.tokens.partition_point(|t| t.start < start);
    (first..keyword).any(|i| {
        src.is_punct(i, "#") && items::attr_name(src, i).is_some_and(|(n, _)| names.contains(&n))
    })
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

    fn candidate(&mut self, k: usize, name: Option<&str>) {
        if self.candidate_set.insert(k) {
            self.candidates.push(k);
        }
        if let Some(name) = name {
            self.trigger(name, k);
        }
    }

    fn is_candidate(&self, k: usize) -> bool {
        self.candidate_set.contains(&k)
    }

    fn trigger(&mut self, name: &str, k: usize) {
        if !name.is_empty() {
            self.triggers.entry(name.to_string()).or_default().push(k);
        }
    }

    fn keep(&mut self, k: usize) {
        if self.kept.insert(k) {
            self.pending.push(k);
        }
    }

    fn reach_name(&mut self, name: &str) {
        if self.reached.insert(name.to_string()) {
            self.queue.push(name.to_string());
        }
    }

    /// Every identifier of the bytes `start..end`.
    fn reach_range(&mut self, start: usize, end: usize) {
        let src = &self.index.src;
        let first = src.tokens.partition_point(|t| t.start < start);
        for i in first..src.tokens.len() {
            if src.tokens[i].start >= end {
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
        let params = generic_params(src, keyword, hi);
        let (trait_part, type_part) = prune::impl_parts(src, keyword, hi);
        // The trait is the last segment of its path before any generic arguments.
        let trait_name = trait_part.first().map(|_| {
            let (a, b) = prune::impl_core(src, keyword, hi);
            let mut last = String::new();
            for i in a..b {
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
            if let Some(k) = self.pending.pop() {
                let e = &self.index.entries[k];
                let (start, end) = e.range;
                self.reach_range(start, end);
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
                    for k in entries.clone() {
                        self.keep(k);
                    }
                }
                continue;
            }
            // Nothing queued: the `impl`s whose conditions now hold.
            let mut more = Vec::new();
            for (k, condition) in &self.impls {
                if self.kept.contains(k) {
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
                    more.push(*k);
                }
            }
            if more.is_empty() {
                return;
            }
            for k in more {
                self.keep(k);
            }
        }
    }
}

/// The names of the generic parameters of the `impl` whose keyword is token `keyword`
/// (`T`, `N` in `impl<T: X, const N: usize>`), which name no item.
fn generic_params(src: &Source, keyword: usize, hi: usize) -> Vec<String> {
    let mut out = Vec::new();
    let open = src.next_code(keyword + 1, hi);
    if !src.is_punct(open, "<") {
        return out;
    }
    let mut depth = 0;
    let mut expect_name = true;
    let mut i = open;
    while i < hi {
        if src.is_punct(i, "<") {
            depth += 1;
        } else if src.is_punct(i, ">") {
            depth -= 1;
            if depth == 0 {
                break;
            }
        } else if depth == 1 && src.is_punct(i, ",") {
            expect_name = true;
        } else if depth == 1 && expect_name && src.tokens[i].kind == Kind::Ident {
            if src.is_kw(i, "const") {
                i += 1;
                continue;
            }
            out.extend(src.ident(i).map(String::from));
            expect_name = false;
        } else if src.partner[i] != usize::MAX && src.partner[i] > i {
            i = src.partner[i];
        }
        i += 1;
    }
    out
}
