//! Types and traits that only their `impl`s keep alive, which rustc never reports unused.
//!
//! rustc calls a type used as soon as one of its trait impls may be, so a library's modint
//! stays alive through its `impl Add for ModInt` alone. A type nobody names can have no value,
//! though: every value comes from code that names its type. So a set of types and traits can
//! go together when every occurrence of their names is in one of them, in an import, in a
//! macro definition, or in an `impl` for one of the types (an `impl` that a macro call makes
//! counts, as [`crate::expand`] sees the call), and when every `impl` of each trait is for one
//! of the types (so no method call on anything else can have chosen it). Names defined twice
//! in the bundle, or in code this machine does not compile, are never candidates. Whatever
//! goes must still compile.
//!
//! A trait also goes, with all its `impl`s, when no code can have it in scope (see
//! [`out_of_every_scope`]) and nothing but those `impl`s names it: rustc 1.63 never reports
//! a trait unused, and its `impl`s for types that stay keep it otherwise.

use std::collections::{HashMap, HashSet};

use super::removal::Removal;
use crate::expand::Definition;
use crate::hidden::Hidden;
use crate::index::{is_type_keyword, Container, Index};
use crate::items::{self, ItemKind};
use crate::lexer::Kind;
use crate::span::ByteSpan;

/// Every `impl` of the bundle, written or made by a macro call, and what the macro calls make.
struct Impls {
    /// Each `impl`: the entry that holds it (the `impl`, or the macro call that makes it), the
    /// identifiers of its trait, those of its type.
    all: Vec<(usize, Vec<String>, Vec<String>)>,
    /// What each macro call makes, when that is only types and `impl`s: the types' names.
    made: HashMap<usize, Vec<String>>,
    /// Macro calls whose expansion is unknown or makes anything else.
    opaque: Vec<usize>,
}

/// A type or trait that may go with its `impl`s (or a macro call that makes types).
#[derive(Debug)]
struct Candidate {
    entry: usize,
    /// The names it defines.
    names: Vec<String>,
    is_trait: bool,
}

/// Where each identifier of the bundle occurs: the byte each of its tokens starts at.
type Positions<'s> = HashMap<&'s str, Vec<usize>>;

/// The types and traits that nothing reachable can name, with the `impl`s (and the macro
/// calls that only make such `impl`s) that go with them, sorted.
pub fn unreachable_types(index: &Index, hidden: &Hidden) -> Vec<Removal> {
    let macros = index.macro_definitions();
    let impls = Impls::read(index, &macros);
    let mut candidates = candidates(index, &impls, hidden);
    let positions = positions(index);
    // Traits that no scope holds: they may go with every `impl` of theirs (and the macro
    // definitions that only make those `impl`s may name them).
    let traits: Vec<usize> = candidates.iter().filter(|c| c.is_trait).map(|c| c.entry).collect();
    let scopeless = out_of_every_scope(index, &traits, &positions, &impls, hidden);
    let mut by_scope: HashSet<usize> = scopeless.keys().copied().collect();
    loop {
        let gone = gone_with(index, &candidates, &by_scope, &impls);
        let before = (candidates.len(), by_scope.len());
        let settle = Settle { index, impls: &impls, macros: &macros, positions: &positions };
        by_scope = settle.keep_unnamed(&mut candidates, &gone, &scopeless);
        if (candidates.len(), by_scope.len()) != before {
            continue;
        }
        if std::env::var_os("XTASK_BUNDLE_TRACE").is_some() {
            let names: Vec<&String> = candidates.iter().flat_map(|c| &c.names).collect();
            eprintln!("trace: unreachable: {names:?}");
        }
        if candidates.is_empty() {
            return Vec::new();
        }
        let mut out: Vec<Removal> = gone
            .into_iter()
            .map(|entry| {
                let names = candidates.iter().find(|c| c.entry == entry).map(|c| c.names.clone());
                let removal = Removal::of(index, entry);
                Removal { names: names.unwrap_or(removal.names.clone()), ..removal }
            })
            .collect();
        out.sort_by_key(|r| r.span.start);
        return out;
    }
}

impl Impls {
    fn read(index: &Index, macros: &HashMap<String, Definition>) -> Impls {
        let src = &index.src;
        let mut impls = Impls { all: Vec::new(), made: HashMap::new(), opaque: Vec::new() };
        for (entry, e) in index.entries.iter().enumerate() {
            match e.kind {
                ItemKind::Impl => {
                    let (t, ty) = items::impl_parts(src, e.tokens.start, e.tokens.end);
                    impls.all.push((entry, t, ty));
                }
                ItemKind::MacroCall => impls.read_call(index, entry, macros),
                _ => {}
            }
        }
        impls
    }

    /// What macro call `call` makes: its `impl`s and types, or nothing known.
    fn read_call(&mut self, index: &Index, call: usize, macros: &HashMap<String, Definition>) {
        let Some(expansion) = index.expand_call(call, macros) else {
            self.opaque.push(call);
            return;
        };
        let mut types = Vec::new();
        let mut known = true;
        for item_src in &expansion {
            match items::next_item(item_src, 0, item_src.tokens.len()) {
                Ok(Some(item)) if item.kind == ItemKind::Impl => {
                    let (t, ty) = items::impl_parts(item_src, item.keyword, item.end);
                    self.all.push((call, t, ty));
                }
                Ok(Some(item)) if is_type_keyword(item_src.text(item.keyword)) => {
                    types.extend(item.names)
                }
                _ => known = false,
            }
        }
        if known {
            self.made.insert(call, types);
        } else {
            self.opaque.push(call);
        }
    }
}

/// The types and traits at module level, and the macro calls that make only types (with
/// `impl`s), whose names the bundle defines once and no hidden code names.
fn candidates(index: &Index, impls: &Impls, hidden: &Hidden) -> Vec<Candidate> {
    let src = &index.src;
    let mut defined: HashMap<&str, usize> = HashMap::new();
    let made_names = impls.made.values().flatten().map(String::as_str);
    for name in index.entries.iter().map(|e| e.name.as_str()).chain(made_names) {
        if !name.is_empty() {
            *defined.entry(name).or_default() += 1;
        }
    }
    let fit = |name: &str| defined.get(name) == Some(&1) && !hidden.keeps(name);
    let mut candidates = Vec::new();
    for (entry, e) in index.entries.iter().enumerate() {
        let is_type = e.kind == ItemKind::Other && is_type_keyword(src.text(e.tokens.start));
        if (is_type || e.kind == ItemKind::Trait)
            && e.container == Container::Module
            && fit(&e.name)
        {
            let is_trait = e.kind == ItemKind::Trait;
            candidates.push(Candidate { entry, names: vec![e.name.clone()], is_trait });
        }
    }
    for (&call, types) in &impls.made {
        if !types.is_empty() && types.iter().all(|n| fit(n)) {
            candidates.push(Candidate { entry: call, names: types.clone(), is_trait: false });
        }
    }
    candidates
}

/// Where each identifier of the bundle occurs.
fn positions(index: &Index) -> Positions<'_> {
    let src = &index.src;
    let mut positions: Positions = HashMap::new();
    for (i, token) in src.tokens.iter().enumerate() {
        if token.kind == Kind::Ident {
            positions.entry(src.text(i)).or_default().push(token.start);
        }
    }
    positions
}

/// What goes if `candidates` do (the traits among them only if `by_scope` holds them): the
/// candidates and the `impl`s of their types and traits, except a macro call that also makes
/// something else (a call goes only whole).
fn gone_with(
    index: &Index,
    candidates: &[Candidate],
    by_scope: &HashSet<usize>,
    impls: &Impls,
) -> HashSet<usize> {
    let types: HashSet<&String> =
        candidates.iter().filter(|c| !c.is_trait).flat_map(|c| &c.names).collect();
    let traits: HashSet<&String> =
        candidates.iter().filter(|c| by_scope.contains(&c.entry)).flat_map(|c| &c.names).collect();
    let dead_impl = |t: &[String], ty: &[String]| {
        ty.iter().any(|n| types.contains(n)) || t.iter().any(|n| traits.contains(n))
    };
    let mut live_calls: HashSet<usize> = impls.opaque.iter().copied().collect();
    for (entry, t, ty) in &impls.all {
        if !dead_impl(t, ty) && index.entries[*entry].kind == ItemKind::MacroCall {
            live_calls.insert(*entry);
        }
    }
    let mut gone: HashSet<usize> = HashSet::new();
    for (entry, t, ty) in &impls.all {
        if dead_impl(t, ty) && !live_calls.contains(entry) {
            gone.insert(*entry);
        }
    }
    gone.extend(candidates.iter().map(|c| c.entry).filter(|entry| !live_calls.contains(entry)));
    gone
}

/// What one pass of [`unreachable_types`] reads.
struct Settle<'a> {
    index: &'a Index,
    impls: &'a Impls,
    macros: &'a HashMap<String, Definition<'a>>,
    positions: &'a Positions<'a>,
}

impl Settle<'_> {
    /// Keeps the candidates that can go with `gone`: a type whose name occurs only in what
    /// goes, in imports and in macro definitions; a trait whose `impl`s are all for types
    /// that go and whose name occurs only there, or one out of every scope (`scopeless`, with
    /// the macro definitions that may name it) that only what goes names. The traits that
    /// stay by the second rule.
    fn keep_unnamed(
        &self,
        candidates: &mut Vec<Candidate>,
        gone: &HashSet<usize>,
        scopeless: &HashMap<usize, Vec<ByteSpan>>,
    ) -> HashSet<usize> {
        let types: HashSet<&String> =
            candidates.iter().filter(|c| !c.is_trait).flat_map(|c| &c.names).collect();
        let types: HashSet<String> = types.into_iter().cloned().collect();
        let dead_type = |ty: &[String]| ty.iter().any(|n| types.contains(n));
        let mut scoped = HashSet::new();
        candidates.retain(|c| {
            if !gone.contains(&c.entry) {
                return false;
            }
            if !c.is_trait {
                return self.named_only_in(&c.names, gone, true, &[]);
            }
            let impls_dead = c.names.iter().all(|name| {
                self.impls.all.iter().all(|(_, t, ty)| !t.contains(name) || dead_type(ty))
                    && self.impls.opaque.iter().all(|&call| !self.call_mentions(call, name))
            });
            let out_of_scope = scopeless
                .get(&c.entry)
                .is_some_and(|makers| self.named_only_in(&c.names, gone, false, makers));
            if out_of_scope {
                scoped.insert(c.entry);
            }
            (impls_dead && self.named_only_in(&c.names, gone, true, &[])) || out_of_scope
        });
        scoped
    }

    /// Whether every occurrence of `names` is in an entry that goes, in `also`, or (when
    /// `lenient`) in an import or a macro definition.
    fn named_only_in(
        &self,
        names: &[String],
        gone: &HashSet<usize>,
        lenient: bool,
        also: &[ByteSpan],
    ) -> bool {
        let exempt = |at: usize| {
            self.index.entries.iter().enumerate().any(|(o, entry)| {
                entry.range.contains(at)
                    && (gone.contains(&o)
                        || lenient && matches!(entry.kind, ItemKind::Use | ItemKind::MacroRules))
            }) || also.iter().any(|span| span.contains(at))
        };
        names.iter().all(|name| {
            self.positions.get(name.as_str()).map_or(true, |uses| uses.iter().all(|&at| exempt(at)))
        })
    }

    /// Whether macro call `call`, or the definition of its macro, holds the identifier `name`.
    fn call_mentions(&self, call: usize, name: &str) -> bool {
        let e = &self.index.entries[call];
        if self.index.names_in(e.range, name) {
            return true;
        }
        // A macro the bundle does not define is std's (`thread_local!`): it makes no `impl`s.
        self.macros.get(&e.macro_name).is_some_and(|def| {
            def.rules.iter().any(|rule| {
                rule.transcriber.inside().indices().any(|i| def.src.ident(i) == Some(name))
            })
        })
    }
}

/// The traits among `traits` (entries) that no method call or path can choose except through
/// their names, each with the bytes of the macro definitions that may name it: the names of
/// its items occur nowhere in its module but in it and its `impl`s, nor in any macro
/// definition (a macro's expansion calls in its caller's scope) but those of macros that only
/// make `impl`s of such traits, nor in code the analysis cannot see; no glob import may bring
/// it (one of its module, or of `self`, `super` or `crate`); and its own name is in no import
/// or other macro definition. A method of a trait is only ever chosen where the trait is in
/// scope: its module, and what imports it by name or by glob. So, when no import names it
/// either (rustc reported the unused ones, and they went), nothing but its `impl`s can need
/// it.
fn out_of_every_scope(
    index: &Index,
    traits: &[usize],
    positions: &Positions,
    impls: &Impls,
    hidden: &Hidden,
) -> HashMap<usize, Vec<ByteSpan>> {
    let macro_rules: Vec<usize> = (0..index.entries.len())
        .filter(|&m| index.entries[m].kind == ItemKind::MacroRules)
        .collect();
    let globbed = globbed(index);
    // Each trait that passes what does not depend on macros: the macro definitions that
    // name it or its items.
    let mut named_in: HashMap<usize, HashSet<usize>> = HashMap::new();
    for &t in traits {
        if let Some(macros) = scope_of(index, t, &globbed, &macro_rules, positions, impls, hidden) {
            named_in.insert(t, macros);
        }
    }
    // The largest set of such traits whose macro definitions all only make their `impl`s.
    loop {
        let names: HashSet<&str> =
            named_in.keys().map(|&t| index.entries[t].name.as_str()).collect();
        let makers = impl_makers(index, &names, &macro_rules, positions, impls);
        let before = named_in.len();
        named_in.retain(|_, macros| macros.iter().all(|m| makers.contains(m)));
        if named_in.len() == before {
            let spans: Vec<ByteSpan> = makers.iter().map(|&m| index.entries[m].range).collect();
            return named_in.into_keys().map(|t| (t, spans.clone())).collect();
        }
    }
}

/// The modules that glob imports bring (the segment before `::*`; empty when none is).
fn globbed(index: &Index) -> HashSet<&str> {
    let src = &index.src;
    let mut globbed = HashSet::new();
    for u in index.entries.iter().filter(|u| u.kind == ItemKind::Use) {
        for i in u.tokens.indices().filter(|&i| src.is_punct(i, "*")) {
            let segment = src.prev_code(i).and_then(|c| src.prev_code(c));
            globbed.insert(segment.and_then(|j| src.ident(j)).unwrap_or_default());
        }
    }
    globbed
}

/// For the trait `t`: `None` if some scope may hold it (a glob import of its module, a use of
/// an item's name in its module outside it and its `impl`s, an import of its name, hidden
/// code); else the macro definitions that name it or its items.
fn scope_of(
    index: &Index,
    t: usize,
    globbed: &HashSet<&str>,
    macro_rules: &[usize],
    positions: &Positions,
    impls: &Impls,
    hidden: &Hidden,
) -> Option<HashSet<usize>> {
    let src = &index.src;
    let e = &index.entries[t];
    let members: Vec<&str> =
        index.children(t).filter(|m| !m.name.is_empty()).map(|m| m.name.as_str()).collect();
    let module_name = e.parent.map_or("", |p| index.entries[p].name.as_str());
    let glob =
        globbed.iter().any(|g| *g == module_name || matches!(*g, "self" | "super" | "crate" | ""));
    if glob || members.iter().any(|m| hidden.keeps(m)) {
        return None;
    }
    // The module's body: after its name (`mod zero` does not call a method `zero`).
    let module = match e.parent {
        Some(p) => {
            let holder = &index.entries[p];
            ByteSpan::new(holder.name_at.map_or(holder.range.end, |n| n.end), holder.range.end)
        }
        None => ByteSpan::new(0, src.text.len()),
    };
    let own_impls = impls.all.iter().filter(|(_, tr, _)| tr.contains(&e.name));
    let own: Vec<ByteSpan> = std::iter::once(e.range)
        .chain(own_impls.map(|(i, _, _)| index.entries[*i].range))
        .collect();
    let inside = |at: usize, spans: &[ByteSpan]| spans.iter().any(|s| s.contains(at));
    let uses: Vec<ByteSpan> =
        index.entries.iter().filter(|m| m.kind == ItemKind::Use).map(|m| m.range).collect();
    let mut macros = HashSet::new();
    for name in members.iter().copied().chain([e.name.as_str()]) {
        for &at in positions.get(name).into_iter().flatten() {
            if let Some(&m) = macro_rules.iter().find(|&&m| index.entries[m].range.contains(at)) {
                macros.insert(m);
                continue;
            }
            let in_module = module.contains(at) && !inside(at, &own);
            let imported = name == e.name && inside(at, &uses);
            if (name != e.name && in_module) || imported {
                return None;
            }
        }
    }
    Some(macros)
}

/// Where a macro is called: an item-position call (an entry), inside another macro's
/// definition (an entry), or anywhere else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CallSite {
    ItemCall(usize),
    InDefinition(usize),
    Elsewhere,
}

/// The macro definitions (among `macro_rules`) every call of which, outside the definition,
/// makes nothing but `impl`s of the traits `traits` (as [`crate::expand`] sees it): an
/// item-position call (`impl_zero!(u32 u64);` for `Zero`), or a call in the definition of
/// another such macro.
fn impl_makers(
    index: &Index,
    traits: &HashSet<&str>,
    macro_rules: &[usize],
    positions: &Positions,
    impls: &Impls,
) -> HashSet<usize> {
    let makes_only_impls = |call: usize| {
        let made = impls.all.iter().filter(|(i, _, _)| *i == call);
        impls.made.get(&call).is_some_and(|types| types.is_empty())
            && impls.all.iter().any(|(i, _, _)| *i == call)
            && made.clone().all(|(_, t, _)| t.iter().any(|n| traits.contains(n.as_str())))
    };
    let calls: Vec<(usize, Vec<CallSite>)> = macro_rules
        .iter()
        .map(|&m| (m, call_sites(index, m, macro_rules, positions)))
        .filter(|(_, sites)| !sites.is_empty())
        .collect();
    let mut makers: HashSet<usize> = calls.iter().map(|(m, _)| *m).collect();
    loop {
        let before = makers.len();
        let current = makers.clone();
        makers.retain(|m| {
            let sites = &calls.iter().find(|(n, _)| n == m).expect("a maker has calls").1;
            sites.iter().all(|site| match *site {
                CallSite::ItemCall(call) => makes_only_impls(call),
                CallSite::InDefinition(other) => current.contains(&other),
                CallSite::Elsewhere => false,
            })
        });
        if makers.len() == before {
            return makers;
        }
    }
}

/// Where the macro defined by entry `m` is called (outside its own definition).
fn call_sites(
    index: &Index,
    m: usize,
    macro_rules: &[usize],
    positions: &Positions,
) -> Vec<CallSite> {
    let src = &index.src;
    let def = &index.entries[m];
    let mut sites = Vec::new();
    for &at in positions.get(def.name.as_str()).into_iter().flatten() {
        if def.range.contains(at) {
            continue; // the definition itself (or a recursive call)
        }
        let i = src.tokens.partition_point(|t| t.start < at);
        if !src.is_punct(src.next_code(i + 1, src.tokens.len()), "!") {
            continue; // not a call
        }
        let call = index.entries.iter().position(|c| {
            c.kind == ItemKind::MacroCall
                && c.macro_name == def.name
                && src.tokens[c.tokens.start].start <= at
                && at < c.range.end
        });
        let in_definition =
            || macro_rules.iter().copied().find(|&o| index.entries[o].range.contains(at));
        sites.push(match call {
            Some(call) => CallSite::ItemCall(call),
            None => in_definition().map_or(CallSite::Elsewhere, CallSite::InDefinition),
        });
    }
    sites
}

#[cfg(test)]
mod tests {
    use super::unreachable_types;
    use crate::hidden::Hidden;
    use crate::index::Index;

    /// The names of what goes from `text` as unreachable types and traits.
    fn gone(text: &str) -> Vec<String> {
        let index = Index::new(text).expect("indexes");
        let removals = unreachable_types(&index, &Hidden::default());
        removals
            .iter()
            .map(|r| text[r.span.range()].trim().lines().next().unwrap_or("").to_string())
            .collect()
    }

    #[test]
    fn a_type_only_its_impls_name_goes_with_them() {
        let text = "struct Mod(u64);\nimpl std::ops::Add for Mod {\n    type Output = Mod;\n    \
                    fn add(self, o: Mod) -> Mod {\n        Mod(self.0 + o.0)\n    }\n}\n\
                    struct Kept;\nimpl Clone for Kept {\n    fn clone(&self) -> Kept {\n        Kept\n    }\n}\n\
                    fn main() {\n    let _ = Kept.clone();\n}\n";
        assert_eq!(gone(text), ["struct Mod(u64);", "impl std::ops::Add for Mod {"]);
    }

    #[test]
    fn a_trait_no_scope_holds_goes_with_every_impl() {
        // `Zero` is implemented for `u32`, which stays, but no code can call `zero` where the
        // trait is in scope: its module is `m`, which only it and its `impl` occupy.
        let text = "mod m {\n    pub trait Zero {\n        fn zero() -> Self;\n    }\n    \
                    impl Zero for u32 {\n        fn zero() -> u32 {\n            0\n        }\n    }\n}\n\
                    fn main() {\n    let x: u32 = 1;\n    println!(\"{}\", x);\n}\n";
        assert_eq!(gone(text), ["pub trait Zero {", "impl Zero for u32 {"]);
        // Named in its module outside them: it stays.
        let used =
            text.replace("fn main() {", "fn main() {\n    let _ = <u32 as m::Zero>::zero();");
        assert!(gone(&used).is_empty());
    }
}
