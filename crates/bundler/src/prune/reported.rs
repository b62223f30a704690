//! What the analysis reported, as removals: items rustc calls unused (at module level or in
//! an inherent `impl`), unused imports (each by its own group element), unused macros, and
//! what goes with them: the imports of what goes, `#[macro_export]` macros and `_` items no
//! token names, macro calls that make only dead items, modules and `impl`s left empty. And
//! the repairs an error asks for: the `impl`, the import or the macro call at its place.

use std::collections::HashSet;

use super::removal::{disjoint, Removal};
use crate::hidden::Hidden;
use crate::index::{Container, Entry, Index};
use crate::items::{self, ItemKind};
use crate::lexer::Kind;
use crate::mapped::Edit;
use crate::rustc::{self, Diagnostic, Outcome, Span};
use crate::span::ByteSpan;

/// What the analysis reported (and the rules beyond it) allow removing now.
pub fn removals(index: &Index, outcome: &Outcome, hidden: &Hidden) -> Vec<Removal> {
    let mut out = Vec::new();
    // Items that macro calls make and rustc reports unused: (the call, the item's name).
    let mut made_dead: Vec<(usize, String)> = Vec::new();
    for d in &outcome.diagnostics {
        match d.code.as_deref() {
            Some("dead_code") => {
                // An item a macro call makes, named by the call's arguments (`alias!(Group:
                // Monoid + Inverse)`): spanned at that name, in the call's expansion.
                let made = |s: &&Span| !s.in_input && s.in_file && s.call_site.is_some();
                for span in d.spans.iter().filter(|s| s.primary && made(s)) {
                    if let Some(call) = index.around(ItemKind::MacroCall, span.start) {
                        let name = index.src.text[span.start..span.end].to_string();
                        made_dead.push((call, name));
                    }
                }
                for span in d.spans.iter().filter(|s| s.primary && s.in_input) {
                    let reported = rustc::backticked(&d.message);
                    let named = reported.first().map(String::as_str);
                    let bytes = ByteSpan::new(span.start, span.end);
                    let entry = index.named_at(bytes).or_else(|| {
                        // rustc 1.63 spans a whole `const`, `static` or `type` item.
                        index.innermost_named(bytes, named?)
                    });
                    let Some(entry) = entry else {
                        // An item a macro call makes, named in the call's arguments.
                        if let Some(call) = index.around(ItemKind::MacroCall, span.start) {
                            let name = index.src.text[span.start..span.end].to_string();
                            made_dead.push((call, name));
                        }
                        continue;
                    };
                    let e = &index.entries[entry];
                    let kind_ok =
                        matches!(e.kind, ItemKind::Fn | ItemKind::Trait | ItemKind::Other);
                    let place_ok =
                        matches!(e.container, Container::Module | Container::InherentImpl);
                    if kind_ok && place_ok && !hidden.keeps(&e.name) {
                        out.push(Removal::of(index, entry));
                    }
                }
            }
            Some("unused_macros") => {
                for span in d.spans.iter().filter(|s| s.primary && s.in_input) {
                    let bytes = ByteSpan::new(span.start, span.end);
                    let entry = index.named_at(bytes).or_else(|| {
                        index
                            .entries
                            .iter()
                            .position(|e| e.kind == ItemKind::MacroRules && e.range.covers(bytes))
                    });
                    if let Some(entry) =
                        entry.filter(|&entry| !hidden.keeps_macro(&index.entries[entry].name))
                    {
                        out.push(Removal::of(index, entry));
                    }
                }
            }
            Some("unused_imports") => out.extend(import_removal(index, d, hidden)),
            _ => {}
        }
    }
    out.extend(silent_unnamed_items(index, hidden));
    out.extend(dead_macro_calls(index, &made_dead, &out, hidden));
    let imports = imports_of(index, &out);
    out.extend(imports);
    let out = whole_uses(index, out);
    with_emptied_containers(index, out)
}

/// The imports of what `removals` take away (an item's `use` in another module, which
/// rustc does not report while the code that uses it is only now going): each as the
/// removal of its group element, or of its whole `use`. A `use` path is resolved as the
/// bundle writes it (from `crate::`, `self::` or `super::`).
fn imports_of(index: &Index, removals: &[Removal]) -> Vec<Removal> {
    let src = &index.src;
    // The removed items, by (module, name).
    let mut gone: HashSet<(Option<usize>, &str)> = HashSet::new();
    for r in removals {
        for e in index.entries.iter() {
            let item = matches!(e.kind, ItemKind::Fn | ItemKind::Other | ItemKind::Trait);
            if item && e.container == Container::Module && e.range == r.span {
                gone.insert((e.parent, e.name.as_str()));
            }
        }
    }
    if gone.is_empty() {
        return Vec::new();
    }
    let mut out: Vec<Removal> = Vec::new();
    for (entry, u) in index.entries.iter().enumerate().filter(|(_, u)| u.kind == ItemKind::Use) {
        let leaves = path_leaves(u);
        let all = leaves.len();
        let mut going = Vec::new();
        let mut taken = 0;
        for (name_at, path) in leaves {
            let Some((name, prefix)) = path.split_last() else { continue };
            // An import that a removal (rustc's own suggestion) already takes.
            let at = src.tokens[name_at].start;
            if removals.iter().any(|r| r.span.contains(at)) {
                taken += 1;
                continue;
            }
            let Some(module) = resolve(index, u.parent, prefix) else { continue };
            if gone.contains(&(module, name.as_str())) {
                going.push((name_at, name.clone()));
            }
        }
        let known = |r: &Removal, out: &[Removal]| r.is_in(out) || r.is_in(removals);
        let touched = removals.iter().any(|r| r.span.overlaps(u.range));
        if !going.is_empty() && going.len() + taken == all {
            // Nothing of it stays: the whole `use` (not an empty `use a::{};`).
            let names = going.into_iter().map(|(_, n)| n).collect();
            let removal = Removal { names, ..Removal::of(index, entry) };
            if !known(&removal, &out) {
                out.push(removal);
            }
            continue;
        }
        if touched {
            // Part of it goes by rustc's own suggestion, which may rewrite its braces: the
            // errors will say what else must go.
            continue;
        }
        for (name_at, name) in going {
            if let Some(removal) = import_at(index, src.tokens[name_at].start) {
                let removal = Removal { names: vec![name], ..removal };
                if !known(&removal, &out) {
                    out.push(removal);
                }
            }
        }
    }
    out
}

/// The module (`None`: the bundle's root) that the path `segments` names from module
/// `from`, when it starts with `crate`, `self` or `super`.
fn resolve(index: &Index, from: Option<usize>, segments: &[String]) -> Option<Option<usize>> {
    let mut at = from;
    for (n, segment) in segments.iter().enumerate() {
        at = match segment.as_str() {
            "crate" if n == 0 => None,
            "self" if n == 0 => at,
            "super" => index.entries[at?].parent,
            _ if n == 0 => return None,
            name => Some(index.entries.iter().position(|e| {
                e.kind == ItemKind::Mod && e.parent == at && e.name == name && e.holds.is_some()
            })?),
        };
    }
    Some(at)
}

/// `#[allow(..)]` on what `outcome` still reports unused: a type some of whose fields or
/// variants are never used (the bundle keeps them: the type's layout and matches stay),
/// and the items and imports whose removal the build did not survive (a trait that a
/// needed macro call implements). The judge's compiler need not warn about them.
pub fn allow_kept_unused(index: &Index, outcome: &Outcome) -> Vec<Edit> {
    let mut marked: Vec<(usize, &str)> = Vec::new();
    for d in &outcome.diagnostics {
        let lint = match d.code.as_deref() {
            Some(lint @ ("dead_code" | "unused_imports" | "unused_macros")) => lint,
            _ => continue,
        };
        for span in d.spans.iter().filter(|s| s.primary) {
            // What a macro call makes cannot carry an attribute (one on the call is
            // ignored): its module does.
            let (bytes, module) = match (span.in_input, span.call_site) {
                (true, _) => (ByteSpan::new(span.start, span.end), false),
                (false, Some(site)) => (ByteSpan::new(site, site + 1), true),
                (false, None) => continue,
            };
            let holds = |entry: &usize| {
                let e = &index.entries[*entry];
                let in_module = !module || e.holds == Some(Container::Module);
                e.range.covers(bytes) && (e.kind != ItemKind::Mod || module) && in_module
            };
            // The innermost item that holds the span; for a field or variant, its type.
            let entry = (0..index.entries.len())
                .filter(holds)
                .min_by_key(|&entry| index.entries[entry].range.len());
            if let Some(entry) = entry.filter(|&entry| index.entries[entry].kind != ItemKind::Impl)
            {
                marked.push((entry, lint));
            }
        }
    }
    marked.sort_unstable();
    marked.dedup();
    marked
        .into_iter()
        .map(|(entry, lint)| {
            let at = index.entries[entry].range.start;
            let line = &index.src.text[at..];
            let indent = &line[..line.len() - line.trim_start_matches([' ', '\t']).len()];
            Edit::insert(at, format!("{indent}#[allow({lint})]\n"))
        })
        .collect()
}

/// Macro calls all of whose items are reported unused (`made_dead`), or are `impl`s whose
/// trait or type is one of those or of what `removals` takes: the call goes whole.
fn dead_macro_calls(
    index: &Index,
    made_dead: &[(usize, String)],
    removals: &[Removal],
    hidden: &Hidden,
) -> Vec<Removal> {
    let mut calls: Vec<usize> = made_dead.iter().map(|(entry, _)| *entry).collect();
    calls.sort_unstable();
    calls.dedup();
    let macros = index.macro_definitions();
    let mut out = Vec::new();
    for entry in calls {
        let dead: HashSet<&str> = made_dead
            .iter()
            .filter(|(c, _)| *c == entry)
            .map(|(_, n)| n.as_str())
            .chain(removals.iter().flat_map(|r| r.names.iter().map(String::as_str)))
            .collect();
        let Some(expansion) = index.expand_call(entry, &macros) else { continue };
        let mut names = Vec::new();
        let all_dead = expansion.iter().all(|item_src| {
            let Ok(Some(item)) = items::next_item(item_src, 0, item_src.tokens.len()) else {
                return false;
            };
            match item.kind {
                ItemKind::Impl => {
                    let core = items::impl_core(item_src, item.keyword, item.end);
                    core.indices().any(|j| item_src.ident(j).is_some_and(|n| dead.contains(n)))
                }
                ItemKind::Fn | ItemKind::Other | ItemKind::Trait => item.names.iter().all(|n| {
                    names.push(n.clone());
                    dead.contains(n.as_str()) && !hidden.keeps(n)
                }),
                _ => false,
            }
        });
        if all_dead && !expansion.is_empty() {
            out.push(Removal { names, ..Removal::of(index, entry) });
        }
    }
    out
}

/// An unused-imports diagnostic as removals: rustc's suggested deletions, unless an
/// import it names is protected.
fn import_removal(index: &Index, d: &Diagnostic, hidden: &Hidden) -> Vec<Removal> {
    // Each import rustc names, by its own element of its group; [`Index::whole_uses`]
    // makes a `use` that loses every import go whole.
    let mut out = Vec::new();
    for span in d.spans.iter().filter(|s| s.primary && s.in_input) {
        let text = &index.src.text[span.start..span.end];
        let last =
            text.rsplit(|c: char| !(c.is_alphanumeric() || c == '_')).find(|w| !w.is_empty());
        let name = last.unwrap_or_default().to_string();
        if hidden.keeps(&name) {
            continue;
        }
        // The span's last segment is the import's name (`std::ops::RangeBounds`).
        let at = span.start + text.rfind(name.as_str()).unwrap_or(0);
        out.extend(import_at(index, at).map(|r| Removal { names: vec![name], ..r }));
    }
    out
}

/// `removals` with the imports of each `use` they touch taken as its own elements (one
/// removal per import), and a `use` every import of which goes, whole (never a broken
/// `use a::{};` or `use a::;`).
fn whole_uses(index: &Index, removals: Vec<Removal>) -> Vec<Removal> {
    let src = &index.src;
    let mut out: Vec<Removal> = Vec::new();
    let mut touched: Vec<(usize, Vec<usize>)> = Vec::new();
    for (n, r) in removals.iter().enumerate() {
        let inside = index
            .entries
            .iter()
            .position(|u| u.kind == ItemKind::Use && u.range.covers(r.span) && r.span != u.range);
        match inside {
            Some(entry) => match touched.iter_mut().find(|(u, _)| *u == entry) {
                Some((_, list)) => list.push(n),
                None => touched.push((entry, vec![n])),
            },
            None => out.push(r.clone()),
        }
    }
    for (entry, list) in touched {
        let u = &index.entries[entry];
        // Every import of it, globs too: a `use a::{b::*, c::*}` that loses `b::*` keeps
        // `c::*`.
        let leaves: Vec<(usize, Vec<String>)> =
            u.use_tree.iter().flat_map(|t| &t.leaves).map(|l| (l.at, l.path())).collect();
        let going: Vec<(usize, String)> = leaves
            .iter()
            .filter(|(at, _)| {
                let at = src.tokens[*at].start;
                list.iter().any(|&n| removals[n].span.contains(at))
            })
            .map(|(at, path)| (*at, path.last().cloned().unwrap_or_default()))
            .collect();
        let names: Vec<String> = list.iter().flat_map(|&n| removals[n].names.clone()).collect();
        if going.len() == leaves.len() {
            out.push(Removal { names, ..Removal::of(index, entry) });
            continue;
        }
        for (at, name) in going {
            out.extend(
                import_at(index, src.tokens[at].start).map(|r| Removal { names: vec![name], ..r }),
            );
        }
    }
    out
}

/// Items that rustc never reports, `#[macro_export]` macros and items whose name starts
/// with `_`, when no token outside the items of that name holds the name: an item is only
/// ever reached by a token of its name (a path, a method call). A macro is only reached by
/// a call (its name, then `!`) or by a `use` of its name, so a variable named like it
/// (`input` beside `input!`) keeps nothing.
fn silent_unnamed_items(index: &Index, hidden: &Hidden) -> Vec<Removal> {
    let silent = |e: &Entry| {
        e.exported
            || (e.name.len() > 1
                && e.name.starts_with('_')
                && matches!(e.kind, ItemKind::Fn | ItemKind::Other)
                && matches!(e.container, Container::Module | Container::InherentImpl))
    };
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for e in index.entries.iter() {
        let kept = if e.exported { hidden.keeps_macro(&e.name) } else { hidden.keeps(&e.name) };
        if !silent(e) || kept || !seen.insert(e.name.as_str()) {
            continue;
        }
        // A macro shares its namespace with macros only: a module or a function named like
        // it (`mod input { macro_rules! input .. }`) is no call of it.
        let rival = |entry: usize| {
            let other = &index.entries[entry];
            other.name == e.name && (!e.exported || other.kind == ItemKind::MacroRules)
        };
        let same: Vec<usize> = (0..index.entries.len()).filter(|&entry| rival(entry)).collect();
        if !same.iter().all(|&entry| silent(&index.entries[entry])) {
            continue; // another item of that name, which stays, may be what a token means
        }
        let inside = |at: usize| same.iter().any(|&entry| index.entries[entry].range.contains(at));
        let reaches = |i: usize| {
            let next = (i + 1..index.src.tokens.len())
                .find(|&j| !matches!(index.src.tokens[j].kind, Kind::Comment(_)));
            let at = index.src.tokens[i].start;
            // In a `use`, only as what it imports (`use m::input;`), not as a path's
            // module (`use input::read;`).
            let imported = next.is_some_and(|j| index.src.text(j) != "::")
                && index.entries.iter().any(|u| u.kind == ItemKind::Use && u.range.contains(at));
            !e.exported || next.is_some_and(|j| index.src.text(j) == "!") || imported
        };
        let named = index.src.tokens.iter().enumerate().any(|(i, t)| {
            t.kind == Kind::Ident && index.src.text(i) == e.name && !inside(t.start) && reaches(i)
        });
        if !named {
            out.extend(same.into_iter().map(|entry| Removal::of(index, entry)));
        }
    }
    out
}

/// `removals` plus every module and inherent `impl` that they leave without items.
fn with_emptied_containers(index: &Index, mut removals: Vec<Removal>) -> Vec<Removal> {
    loop {
        let ranges = disjoint(&removals);
        let covered = |e: &Entry| ranges.iter().any(|span| span.covers(e.range));
        let mut added = false;
        for (entry, e) in index.entries.iter().enumerate() {
            let container = matches!(e.holds, Some(Container::Module | Container::InherentImpl));
            if !container || covered(e) {
                continue;
            }
            let children: Vec<&Entry> =
                index.entries.iter().filter(|c| c.parent == Some(entry)).collect();
            let empty = children.iter().all(|c| c.kind == ItemKind::Inner || covered(c));
            if empty {
                removals.push(Removal::of(index, entry));
                added = true;
            }
        }
        if !added {
            return removals;
        }
    }
}

/// The `impl` whose trait or type holds byte `at` (an `impl` of a removed trait or type).
pub fn impl_header_at(index: &Index, at: usize) -> Option<Removal> {
    let entry = index
        .entries
        .iter()
        .position(|e| e.kind == ItemKind::Impl && e.core.is_some_and(|core| core.contains(at)))?;
    Some(Removal::of(index, entry))
}

/// The `impl` around byte `at` whose trait's path names a `removed` item (a trait that went:
/// no `impl` of it can stay).
pub fn impl_of_removed_at(index: &Index, at: usize, removed: &HashSet<String>) -> Option<Removal> {
    let entry = index.entries.iter().position(|e| {
        e.kind == ItemKind::Impl && e.range.contains(at) && {
            let (traits, _) = items::impl_parts(&index.src, e.tokens.start, e.tokens.end);
            traits.iter().any(|n| removed.contains(n))
        }
    })?;
    Some(Removal::of(index, entry))
}

/// Whether `span` is an `impl` (or an item-position macro call that makes one) whose trait
/// or type names one of `names` and none of `going`.
pub fn implements(
    index: &Index,
    span: ByteSpan,
    names: &HashSet<&str>,
    going: &HashSet<String>,
) -> bool {
    let Some(entry) = index.entries.iter().position(|e| e.range == span) else { return false };
    let e = &index.entries[entry];
    let names_one = |src: &crate::source::Source, keyword: usize, end: usize| {
        let core = items::impl_core(src, keyword, end);
        let idents = || core.indices().filter_map(|j| src.ident(j));
        idents().any(|n| names.contains(n)) && !idents().any(|n| going.contains(n))
    };
    match e.kind {
        ItemKind::Impl => names_one(&index.src, e.tokens.start, e.tokens.end),
        ItemKind::MacroCall => {
            let expansion = index.expand_call(entry, &index.macro_definitions());
            expansion.unwrap_or_default().iter().any(|item_src| {
                match items::next_item(item_src, 0, item_src.tokens.len()) {
                    Ok(Some(item)) if item.kind == ItemKind::Impl => {
                        names_one(item_src, item.keyword, item.end)
                    }
                    _ => false,
                }
            })
        }
        _ => false,
    }
}

/// The item-position macro call around byte `at`, as a removal, if all it expands to (as
/// [`expand`] sees it) is `impl`s whose trait or type names a `removed` item: nothing it
/// makes can be used then.
pub fn macro_call_at(index: &Index, at: usize, removed: &HashSet<String>) -> Option<Removal> {
    let entry =
        index.entries.iter().position(|e| e.kind == ItemKind::MacroCall && e.range.contains(at))?;
    let expansion = index.expand_call(entry, &index.macro_definitions())?;
    let dead = expansion.iter().all(|item_src| {
        let hi = item_src.tokens.len();
        let item = match items::next_item(item_src, 0, hi) {
            Ok(Some(item)) if item.kind == ItemKind::Impl => item,
            _ => return false,
        };
        let core = items::impl_core(item_src, item.keyword, item.end);
        core.indices().any(|j| item_src.ident(j).is_some_and(|n| removed.contains(n)))
    });
    (dead && !expansion.is_empty()).then(|| Removal::of(index, entry))
}

/// The import that byte `at` lies in, as a removal of its group element (or of the whole
/// `use` when it is the only import).
pub fn import_at(index: &Index, at: usize) -> Option<Removal> {
    let src = &index.src;
    let entry =
        index.entries.iter().position(|e| e.kind == ItemKind::Use && e.range.contains(at))?;
    let u = &index.entries[entry];
    let hi = u.tokens.end;
    // The innermost group around `at` with another element: remove the element there.
    let mut best: Option<ByteSpan> = None;
    let groups = u.use_tree.iter().flat_map(|tree| &tree.groups);
    for group in groups.filter(|g| g.elements.len() >= 2) {
        for element in &group.elements {
            let start = src.tokens[element.start].start;
            let mut end = src.tokens[element.end.min(hi) - 1].end;
            // With the spaces after its comma (`{a, b, c}` -> `{a, c}`).
            end += src.text[end..].len() - src.text[end..].trim_start_matches([' ', '\t']).len();
            let span = ByteSpan::new(start, end);
            if span.contains(at) && best.map_or(true, |b| b.len() > span.len()) {
                best = Some(span);
            }
        }
    }
    Some(match best {
        Some(span) => Removal { span, names: vec![u.name.clone()], ..Removal::default() },
        None => Removal::of(index, entry),
    })
}

/// The imports of the `use` entry `u` that are paths (not globs): the token of each imported
/// name (before any `as`) and its whole path.
fn path_leaves(u: &Entry) -> Vec<(usize, Vec<String>)> {
    let leaves = u.use_tree.iter().flat_map(|tree| &tree.leaves);
    leaves.filter(|leaf| !leaf.is_glob()).map(|leaf| (leaf.at, leaf.path())).collect()
}

#[cfg(test)]
mod tests {
    use super::{allow_kept_unused, import_at, removals};
    use crate::hidden::Hidden;
    use crate::index::Index;
    use crate::mapped::Mapped;
    use crate::prune::removal::applied;
    use crate::rustc::{Diagnostic, Outcome};
    use crate::testing::diagnostic;

    const TEXT: &str = "use std::fmt;\nuse crate::m::{used, gone, other};\n\n\
                        mod m {\n    pub fn used() {}\n    pub fn gone() {}\n    pub fn other() {}\n}\n\n\
                        fn main() {\n    m::used();\n}\n\nfn dead() {}\n\nstruct S {\n    a: u8,\n}\n";

    /// A diagnostic `code` at the first occurrence of `what` after `after` in `TEXT`.
    fn reported(code: &str, message: &str, what: &str, after: &str) -> Diagnostic {
        let from = TEXT.find(after).expect("in the text");
        let start = from + TEXT[from..].find(what).expect("after it");
        diagnostic("warning", Some(code), message, start, start + what.len())
    }

    fn pruned(diagnostics: Vec<Diagnostic>, hidden: &Hidden) -> String {
        let index = Index::new(TEXT).expect("indexes");
        let outcome = Outcome { diagnostics, compiled: true };
        let mut text = Mapped::default();
        text.push_str(TEXT);
        applied(&text, &removals(&index, &outcome, hidden)).text
    }

    #[test]
    fn what_rustc_reports_goes_with_its_lines_and_its_imports() {
        let dead = reported("dead_code", "function `dead` is never used", "dead", "fn dead");
        let gone = reported("dead_code", "function `gone` is never used", "gone", "pub fn gone");
        let text = pruned(vec![dead, gone], &Hidden::default());
        assert!(!text.contains("fn dead") && !text.contains("fn gone"), "{text}");
        // The import of what goes goes by its own group element.
        assert!(text.contains("use crate::m::{used, other};"), "{text}");
        // Names hidden code holds stay.
        let dead = reported("dead_code", "function `dead` is never used", "dead", "fn dead");
        let mut hidden = Hidden::default();
        hidden.names.insert("dead".to_string());
        assert!(pruned(vec![dead], &hidden).contains("fn dead() {}"));
    }

    #[test]
    fn an_unused_import_goes_by_its_element_and_a_use_that_loses_all_goes_whole() {
        let one = reported("unused_imports", "unused import: `other`", "other", "gone, ");
        let text = pruned(vec![one], &Hidden::default());
        // (The comma left behind is the emitter's to tidy.)
        assert!(text.contains("use crate::m::{used, gone, };"), "{text}");
        let all = ["used", "gone", "other"]
            .map(|name| reported("unused_imports", "unused import", name, "use crate"))
            .to_vec();
        let text = pruned(all, &Hidden::default());
        assert!(!text.contains("use crate::m"), "{text}");
        assert!(text.starts_with("use std::fmt;\n\nmod m"), "{text}");
    }

    #[test]
    fn a_use_of_two_globs_that_loses_one_keeps_the_other() {
        let text = "use crate::m::{a::*, b::*};\n\nmod m {\n    pub mod a {}\n    \
                    pub mod b {\n        pub fn f() {}\n    }\n}\n\nfn main() {\n    f();\n}\n";
        let index = Index::new(text).expect("indexes");
        let start = text.find("a::*").expect("a glob");
        let unused = diagnostic(
            "warning",
            Some("unused_imports"),
            "unused import: `a::*`",
            start,
            start + 4,
        );
        let outcome = Outcome { diagnostics: vec![unused], compiled: true };
        let mut base = Mapped::default();
        base.push_str(text);
        let out = applied(&base, &removals(&index, &outcome, &Hidden::default())).text;
        assert!(out.starts_with("use crate::m::{b::*};\n"), "{out}");
    }

    #[test]
    fn an_item_a_macro_call_makes_and_names_in_its_arguments_goes_with_the_call() {
        let text = "macro_rules! alias {\n    ($name:ident) => {\n        pub trait $name {}\n    \
                    };\n}\n\nalias!(Gone);\n\nfn main() {}\n";
        let index = Index::new(text).expect("indexes");
        let start = text.find("Gone").expect("a name");
        let mut dead = diagnostic(
            "warning",
            Some("dead_code"),
            "trait `Gone` is never used",
            start,
            start + 4,
        );
        // rustc spans the name where the call's arguments hold it, in the expansion.
        dead.spans[0].in_input = false;
        dead.spans[0].call_site = Some(text.find("alias!(").expect("a call"));
        let outcome = Outcome { diagnostics: vec![dead], compiled: true };
        let mut base = Mapped::default();
        base.push_str(text);
        let out = applied(&base, &removals(&index, &outcome, &Hidden::default())).text;
        assert!(!out.contains("alias!(Gone)"), "{out}");
    }

    #[test]
    fn the_element_of_an_import_is_what_a_repair_removes() {
        let index = Index::new(TEXT).expect("indexes");
        let at = TEXT.find("gone,").expect("an element");
        let removal = import_at(&index, at).expect("an import");
        assert_eq!(&TEXT[removal.span.range()], "gone, ");
    }

    #[test]
    fn a_type_with_unused_fields_is_allowed_them() {
        let index = Index::new(TEXT).expect("indexes");
        let field = reported("dead_code", "field `a` is never read", "a", "struct S");
        let outcome = Outcome { diagnostics: vec![field], compiled: true };
        let mut text = Mapped::default();
        text.push_str(TEXT);
        text.apply(allow_kept_unused(&index, &outcome));
        assert!(
            text.text.ends_with("#[allow(dead_code)]\nstruct S {\n    a: u8,\n}\n"),
            "{}",
            text.text
        );
    }
}
