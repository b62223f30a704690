//! `#[macro_export]` macros of one name in two crates. In cargo's build each lives in its
//! own crate's namespace; in a bundle, every crate is a module of one crate, and both would
//! land at its root. A crate's macro that the program cannot reach goes before anything is
//! inlined. Of those it can reach, the first crate's (in bundle order) keeps the name, and
//! each other's takes a name of its own at the root (`scan` of crate `cpio` becomes
//! `scan_cpio`, made free of every name of the bundle), which the inliner writes at its
//! definition and at every call that means it (`$crate::scan!`, `crate::scan!`,
//! `cpio::scan!`, its crate's own bare `scan!`, and the bundler's imports of it). Where the
//! program reaches it in a way a new name cannot say (see [`rename_blocker`]), the bundle is
//! refused, with the place.
//!
//! Why a macro that goes cannot be missed: an exported macro `m` of crate `o` is reached only
//! through a token `m`: in `o` itself (a bare call, `$crate::m!`, `crate::m!`, an import), or
//! in a crate that depends on `o` (by a name `d` of its manifest) as `d::m` (a call or an
//! import's path), as an element of an import from `d` (`use d::{m, ..}`), through a glob of
//! `d`'s root (`use d::*`), or, under `#[macro_use] extern crate d`, as a bare call `m!`. A
//! crate that imports `d` under another name (`use d as e;`) is taken to reach all of `d`'s
//! macros. Every such token counts, wherever it is (a function nothing calls, another
//! macro's body), except inside `o`'s own exported macros, where it counts once that macro
//! is reached: so a macro that only an unreached macro of its crate calls is unreached too.
//! Counting more than the program uses can only rename or refuse, never drop what is used.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use super::tree::{CrateId, Entry, Module, Tree};
use crate::items::ItemKind;

/// A place in the tree: a file and a token of it.
type Place = (usize, usize);

/// Settles the exported macros that two crates share a name of: those the program cannot
/// reach go (from their crates' [`Crate::exported`] too); of those it can, the first keeps the
/// name and each other gets one of its own ([`Crate::renamed`]), or an error names the place
/// that a new name cannot say.
///
/// [`Crate::exported`]: super::tree::Crate::exported
/// [`Crate::renamed`]: super::tree::Crate::renamed
pub fn settle(tree: &mut Tree) -> Result<(), String> {
    let mut owners: BTreeMap<String, Vec<CrateId>> = BTreeMap::new();
    for k in tree.crate_ids() {
        for name in &tree.krate(k).exported {
            owners.entry(name.clone()).or_default().push(k);
        }
    }
    owners.retain(|_, crates| crates.len() > 1);
    let mut reached: BTreeMap<CrateId, BTreeMap<String, Place>> = BTreeMap::new();
    for crates in owners.values() {
        for &k in crates {
            reached.entry(k).or_insert_with(|| reached_macros(tree, k));
        }
    }
    for (name, crates) in &owners {
        let used: Vec<(CrateId, Place)> =
            crates.iter().filter_map(|k| Some((*k, *reached[k].get(name)?))).collect();
        // The first crate's keeps its name; each other's reached one takes a name of its own.
        for &(b, at_b) in used.iter().skip(1) {
            let (a, at_a) = used[0];
            if let Some((at, why)) = rename_blocker(tree, b, name, &reached[&b]) {
                return Err(format!(
                    "{}: cannot inline `#[macro_export]` macro `{name}`: crates `{}` and `{}` both \
                     export it, and the program can reach both (at {} and at {}); `{}`'s cannot \
                     take another name at the bundle's root: {why}",
                    place(tree, at),
                    tree.krate(a).name,
                    tree.krate(b).name,
                    place(tree, at_a),
                    place(tree, at_b),
                    tree.krate(b).name,
                ));
            }
            let root_name = free_name(tree, &format!("{name}_{}", tree.krate(b).name));
            tree.crates[b.0].renamed.insert(name.clone(), root_name);
        }
        for &k in crates.iter().filter(|k| !used.iter().any(|(u, _)| u == *k)) {
            remove_definition(tree, k, name);
        }
    }
    Ok(())
}

/// A live item of a crate that can name crate `o`: `o` itself, a crate that depends on it
/// (`names`: what it calls `o`), or one that brings its macros in with `#[macro_use]`.
struct Naming<'t> {
    k: CrateId,
    names: Vec<&'t str>,
    macro_use: bool,
    module: &'t Module,
    entry: &'t Entry,
}

/// Every live item of every crate that can name crate `o`, in the tree's order.
fn items_that_can_name(tree: &Tree, o: CrateId) -> Vec<Naming<'_>> {
    let mut items = Vec::new();
    for k in tree.crate_ids() {
        let names: Vec<&str> =
            tree.krate(k).deps.iter().filter(|(_, d)| *d == o).map(|(n, _)| n.as_str()).collect();
        let macro_use = tree.krate(k).macro_use.contains(&o);
        if k != o && names.is_empty() && !macro_use {
            continue;
        }
        for m in tree.module_ids().filter(|&m| tree.module(m).krate == k) {
            let module = tree.module(m);
            for entry in module.entries.iter().filter(|e| !e.removed) {
                items.push(Naming { k, names: names.clone(), macro_use, module, entry });
            }
        }
    }
    items
}

/// The exported macros of crate `o` that the program can reach (see the module's doc), each
/// with a place that reaches it.
fn reached_macros(tree: &Tree, o: CrateId) -> BTreeMap<String, Place> {
    let exported = &tree.krate(o).exported;
    let mut direct: BTreeMap<String, Place> = BTreeMap::new();
    // (macro whose body names it, name)
    let mut calls: Vec<(String, String)> = Vec::new();
    for Naming { k, names, macro_use, module, entry } in items_that_can_name(tree, o) {
        let file = tree.file(module.file);
        let src = &file.src;
        let item = &entry.item;
        let own_macro =
            (k == o && item.is_exported_macro(src)).then(|| item.names.first().cloned()).flatten();
        for i in item.lead..item.end {
            if entry.removed_inside.iter().any(|r| r.contains(i)) {
                continue;
            }
            let mut found: Vec<String> = Vec::new();
            if src.is_kw(i, "use") {
                found.extend(imported(file, i, &names, exported));
            }
            let Some(word) = src.ident(i).filter(|w| exported.contains(*w)) else {
                found.iter().for_each(|n| note(&mut direct, n, (module.file.0, i)));
                continue;
            };
            let before = src.prev_code(i).filter(|&p| src.is_punct(p, "::"));
            let path_of = before.and_then(|p| src.prev_code(p)).and_then(|p| src.ident(p));
            let bang = src.is_punct(src.next_code(i + 1, src.tokens.len()), "!");
            // In `o`, every token of the name (its own definition's name and calls
            // of itself are dropped below); elsewhere, a path from `o` or a bare call
            // under `#[macro_use]`.
            let reaches = k == o
                || path_of.is_some_and(|d| names.contains(&d))
                || (macro_use && bang && before.is_none());
            if reaches {
                found.push(word.to_string());
            }
            for name in found {
                match &own_macro {
                    Some(caller) if *caller != name => calls.push((caller.clone(), name)),
                    Some(_) => {}
                    None => note(&mut direct, &name, (module.file.0, i)),
                }
            }
        }
    }
    // What a reached macro's body names is reached.
    let mut reached = direct;
    loop {
        let more: Vec<(String, Place)> = calls
            .iter()
            .filter(|(caller, name)| reached.contains_key(caller) && !reached.contains_key(name))
            .map(|(caller, name)| (name.clone(), reached[caller]))
            .collect();
        if more.is_empty() {
            return reached;
        }
        reached.extend(more);
    }
}

/// `crates/x/src/lib.rs:3:5` for a place.
fn place(tree: &Tree, (file, token): Place) -> String {
    let src = &tree.file(super::tree::FileId(file)).src;
    src.error(token, "").trim_end_matches(": ").to_string()
}

/// The first place that reaches `name`.
fn note(direct: &mut BTreeMap<String, Place>, name: &str, place: Place) {
    direct.entry(name.to_string()).or_insert(place);
}

/// The `exported` macros that the `use` at token `keyword` imports from a crate called one of
/// `names`: an element of a group, a glob of the crate's root (every one), or every one when
/// it imports the crate itself under another name. (`use d::m;` is a path `d::m`: the token
/// `m` itself counts.)
fn imported(
    file: &super::tree::File,
    keyword: usize,
    names: &[&str],
    exported: &HashSet<String>,
) -> Vec<String> {
    let Ok(tree) = file.syntax.use_tree(keyword) else { return Vec::new() };
    let mut found = BTreeSet::new();
    for leaf in &tree.leaves {
        let from_crate = leaf.prefix.len() == 1 && names.contains(&leaf.prefix[0].as_str());
        let crate_renamed = leaf.prefix.is_empty()
            && names.contains(&leaf.segment.as_str())
            && leaf.alias.as_ref().is_some_and(|a| *a != leaf.segment);
        if (from_crate && leaf.is_glob()) || crate_renamed {
            found.extend(exported.iter().cloned());
        } else if from_crate && exported.contains(&leaf.segment) {
            found.insert(leaf.segment.clone());
        }
    }
    found.into_iter().collect()
}

/// Removes crate `k`'s exported macro `name`: its definitions go, as a false `cfg` removes an
/// item, and it is no longer exported.
fn remove_definition(tree: &mut Tree, k: CrateId, name: &str) {
    let modules: Vec<_> = tree.module_ids().filter(|&m| tree.module(m).krate == k).collect();
    for m in modules {
        let file = tree.module(m).file;
        let exported: Vec<usize> = tree
            .module(m)
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| {
                let src = &tree.file(file).src;
                !e.removed
                    && e.item.kind == ItemKind::MacroRules
                    && e.item.is_exported_macro(src)
                    && e.item.names.iter().any(|n| n == name)
            })
            .map(|(at, _)| at)
            .collect();
        for at in exported {
            tree.modules[m.0].entries[at].removed = true;
        }
    }
    tree.crates[k.0].exported.remove(name);
}

/// Why crate `b`'s exported macro `name` cannot take another name at the bundle's root, and
/// where: the rename writes the new name at its definitions, at calls by path from the
/// crate (`$crate::name!`, `crate::name!`, `dep::name!`) and at bare calls inside the crate
/// outside its exported macros' bodies. Every other way to reach it would need more than a
/// new name (an import binds the old one; a bare call in an exported macro's body, or under
/// `#[macro_use]`, is resolved where it expands), and another macro of the name in the crate
/// would make a bare call ambiguous: each is refused (a bare call in the body of an exported
/// macro of the crate that the program cannot reach, `reached` being those it can, is never
/// expanded, and is no reason).
fn rename_blocker(
    tree: &Tree,
    b: CrateId,
    name: &str,
    reached: &BTreeMap<String, Place>,
) -> Option<(Place, &'static str)> {
    let only = HashSet::from([name.to_string()]);
    for &t in &tree.krate(b).macro_use {
        if tree.krate(t).exported.contains(name) {
            let root = tree.module(tree.krate(b).root);
            return Some(((root.file.0, 0), "a `#[macro_use]` crate of it exports the name too"));
        }
    }
    for Naming { k, names, macro_use, module, entry } in items_that_can_name(tree, b) {
        let file = tree.file(module.file);
        let src = &file.src;
        let item = &entry.item;
        let at = |i: usize| (module.file.0, i);
        let macro_rules = item.kind == ItemKind::MacroRules;
        let exported_macro = k == b && item.is_exported_macro(src);
        let expanded = item.names.first().is_some_and(|m| reached.contains_key(m));
        let definition = macro_rules.then(|| {
            let bang = src.next_code(item.keyword + 1, item.end);
            src.next_code(bang + 1, item.end)
        });
        if k == b && macro_rules && !exported_macro && item.names.iter().any(|n| n == name) {
            return Some((at(item.keyword), "the crate has another macro of that name"));
        }
        for i in item.lead..item.end {
            if entry.removed_inside.iter().any(|r| r.contains(i)) {
                continue;
            }
            if src.is_kw(i, "use") {
                let own_import = k == b
                    && file
                        .syntax
                        .use_tree(i)
                        .is_ok_and(|u| u.leaves.iter().any(|l| l.bound() == name || l.is_glob()));
                if own_import || (k != b && !imported(file, i, &names, &only).is_empty()) {
                    return Some((at(i), "an import of it"));
                }
            }
            if src.ident(i) != Some(name) || Some(i) == definition {
                continue;
            }
            if src.prev_code(i).is_some_and(|p| src.is_punct(p, "$")) {
                continue; // a metavariable
            }
            let before = src.prev_code(i).filter(|&p| src.is_punct(p, "::"));
            let segment = before.and_then(|p| src.prev_code(p)).and_then(|p| src.ident(p));
            let bang = src.is_punct(src.next_code(i + 1, src.tokens.len()), "!");
            let in_body = exported_macro && expanded && item.body.is_some_and(|body| i > body.open);
            let dollar = before
                .and_then(|p| src.prev_code(p))
                .and_then(|p| src.prev_code(p))
                .is_some_and(|p| src.is_punct(p, "$"));
            let blocker = if k == b {
                match segment {
                    Some("crate") if !bang => Some("a path to it that is no call"),
                    // `crate::` in a macro's body is the crate it expands in.
                    Some("crate") if in_body && !dollar => {
                        Some("a `crate::` call in an exported macro's body")
                    }
                    None if bang && in_body => Some(
                        "a bare call in an exported macro's body, which expands in other crates",
                    ),
                    _ => None,
                }
            } else {
                match segment {
                    Some(d) if names.contains(&d) && !bang => Some("a path to it that is no call"),
                    None if bang && macro_use => Some("a bare call under `#[macro_use]`"),
                    _ => None,
                }
            };
            if let Some(why) = blocker {
                return Some((at(i), why));
            }
        }
    }
    None
}

/// `wanted`, or it with `_` added until no crate exports it and no file has a token of it.
fn free_name(tree: &Tree, wanted: &str) -> String {
    let mut candidate = wanted.to_string();
    let taken = |c: &str| {
        tree.crates.iter().any(|k| k.exported.contains(c) || k.renamed.values().any(|r| r == c))
            || tree.files.iter().any(|f| (0..f.src.tokens.len()).any(|i| f.src.ident(i) == Some(c)))
    };
    while taken(&candidate) {
        candidate.push('_');
    }
    candidate
}
