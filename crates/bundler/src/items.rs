//! Splits a module's tokens into items, and reads what the bundler needs from each: its
//! attributes, the names it defines, where its body is, and whether `cfg` removes it.
//!
//! An item is: leading plain comments, outer attributes and doc comments, a visibility,
//! qualifiers (`unsafe`, `const`, `async`, `extern "C"`, `default`), a keyword and the rest up
//! to its `;` or its balanced `{ ... }` body. Generics and `where` clauses need no parsing:
//! delimiters are matched by the lexer, and the first `;` or `{` outside a group ends the
//! header (`fn f() -> [u8; 4] {` has its `;` inside brackets). Items that end only at a `;`
//! (`use`, `const`, `static`, `type`, `extern crate`) skip any braces on the way
//! (`const S: P = P { x: 1 };`).

use super::lexer::{Doc, Kind};
use super::source::Source;

/// The kinds of items the bundler treats differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItemKind {
    /// `#![...]` or `//!` at the top of a module.
    Inner,
    Use,
    ExternCrate,
    Mod,
    Impl,
    Trait,
    Fn,
    MacroRules,
    /// An item-position macro call: `thread_local! { ... }`, `impl_int!(u8 u16);`.
    MacroCall,
    ExternBlock,
    /// `struct`, `enum`, `union`, `type`, `const`, `static`.
    Other,
    /// A stray `;`.
    Empty,
}

/// One item of a module, as token indices into its [`Source`].
#[derive(Debug, Clone)]
pub struct Item {
    pub kind: ItemKind,
    /// The first token, leading plain comments included.
    pub lead: usize,
    /// The first attribute or doc comment, or the item's first word.
    pub start: usize,
    /// The `#` of every outer attribute.
    pub attrs: Vec<usize>,
    /// The keyword (`fn`, `impl`, `mod`, ...) or a macro call's first path segment.
    pub keyword: usize,
    /// The names it defines: its own name, or for a `use` the last name of every import.
    pub names: Vec<String>,
    /// Kept whenever its module is: it has no name to be found by (macro calls, glob imports,
    /// `as _` imports, imports from std that may bring trait methods into scope, ...).
    pub always: bool,
    /// Its `{` and `}` if it has a brace body (`mod`, `impl`, `trait`, `fn`, `struct`, ...).
    pub body: Option<(usize, usize)>,
    /// One past its last token (a comment on the same line after it included).
    pub end: usize,
    /// For a `use`: the first path segment of each top-level tree (`a` in `use a::b;`).
    pub use_roots: Vec<usize>,
}

/// Splits tokens `lo..hi` of `src` into items.
pub fn split(src: &Source, lo: usize, hi: usize) -> Result<Vec<Item>, String> {
    let mut items = Vec::new();
    let mut i = lo;
    while let Some(item) = next_item(src, i, hi)? {
        i = item.end;
        items.push(item);
    }
    Ok(items)
}

/// The item that starts at token `i` (before `hi`), if any: leading comments, attributes and
/// all, up to its end (trailing comments after the last item are no item).
pub fn next_item(src: &Source, mut i: usize, hi: usize) -> Result<Option<Item>, String> {
    let lead = i;
    while i < hi && src.is_plain_comment(i) {
        i += 1;
    }
    if i >= hi {
        return Ok(None);
    }
    let start = i;
    if let Some(end) = inner_attribute(src, i, hi) {
        return Ok(Some(Item {
            kind: ItemKind::Inner,
            lead,
            start,
            attrs: Vec::new(),
            keyword: i,
            names: Vec::new(),
            always: true,
            body: None,
            end: same_line_comment(src, end, hi),
            use_roots: Vec::new(),
        }));
    }
    let mut attrs = Vec::new();
    loop {
        i = src.next_code_or_doc(i, hi);
        if i < hi && src.tokens[i].kind == Kind::Comment(Doc::Outer) {
            i += 1;
        } else if src.is_punct(i, "#") && src.is_punct(i + 1, "[") {
            attrs.push(i);
            i = src.partner[i + 1] + 1;
        } else {
            break;
        }
    }
    let mut item = item_at(src, i, hi)?;
    item.lead = lead;
    item.start = start;
    item.attrs = attrs;
    item.end = same_line_comment(src, item.end, hi);
    Ok(Some(item))
}

impl Source {
    /// Like [`Source::next_code`] but stops at doc comments too.
    fn next_code_or_doc(&self, mut i: usize, hi: usize) -> usize {
        while i < hi && self.is_plain_comment(i) {
            i += 1;
        }
        i
    }
}

/// If `#![...]` or `//!` starts at `i`, the index after it.
fn inner_attribute(src: &Source, i: usize, hi: usize) -> Option<usize> {
    if src.tokens[i].kind == Kind::Comment(Doc::Inner) {
        return Some(i + 1);
    }
    if src.is_punct(i, "#") && src.is_punct(i + 1, "!") && src.is_punct(i + 2, "[") {
        return Some((src.partner[i + 2] + 1).min(hi));
    }
    None
}

/// Moves `end` past a comment that starts on the same line as the token before it.
fn same_line_comment(src: &Source, end: usize, hi: usize) -> usize {
    if end < hi && end > 0 && src.is_plain_comment(end) {
        let gap = &src.text[src.tokens[end - 1].end..src.tokens[end].start];
        if !gap.contains('\n') {
            return end + 1;
        }
    }
    end
}

/// Parses the item whose visibility, qualifiers or keyword start at `i`.
fn item_at(src: &Source, mut i: usize, hi: usize) -> Result<Item, String> {
    let code = |j: usize| src.next_code(j, hi);
    let mut item = Item {
        kind: ItemKind::Other,
        lead: i,
        start: i,
        attrs: Vec::new(),
        keyword: i,
        names: Vec::new(),
        always: false,
        body: None,
        end: i,
        use_roots: Vec::new(),
    };
    if i >= hi {
        return Err(src.error(i, "expected an item after its attributes"));
    }
    if src.is_punct(i, ";") {
        item.kind = ItemKind::Empty;
        item.always = true;
        item.end = i + 1;
        return Ok(item);
    }
    // Visibility: `pub`, `pub(crate)`, `pub(in path)`.
    if src.is_kw(i, "pub") {
        i = code(i + 1);
        if src.is_punct(i, "(") {
            i = code(src.partner[i] + 1);
        }
    }
    // Qualifiers, then the keyword.
    loop {
        let next = code(i + 1);
        match src.ident(i) {
            Some("unsafe" | "async" | "auto") if src.tokens[i].kind == Kind::Ident => i = next,
            Some("default") if src.ident(next).is_some() => i = next,
            Some("const")
                if matches!(src.ident(next), Some("fn" | "unsafe" | "async" | "extern")) =>
            {
                i = next
            }
            Some("extern") => {
                if src.is_kw(next, "crate") {
                    item.kind = ItemKind::ExternCrate;
                    break;
                }
                let after_abi =
                    if matches!(src.tokens.get(next).map(|t| t.kind), Some(Kind::Literal(_))) {
                        code(next + 1)
                    } else {
                        next
                    };
                if src.is_punct(after_abi, "{") {
                    item.kind = ItemKind::ExternBlock;
                    item.always = true;
                    break;
                }
                i = after_abi;
            }
            _ => break,
        }
    }
    item.keyword = i;
    let name_after = |j: usize| -> Option<String> { src.ident(code(j + 1)).map(str::to_string) };
    let word =
        if src.tokens.get(i).map(|t| t.kind) == Some(Kind::Ident) { src.text(i) } else { "" };
    match word {
        _ if item.kind == ItemKind::ExternCrate || item.kind == ItemKind::ExternBlock => {}
        "fn" => item.kind = ItemKind::Fn,
        "mod" => item.kind = ItemKind::Mod,
        "impl" => item.kind = ItemKind::Impl,
        "trait" => item.kind = ItemKind::Trait,
        "struct" | "enum" | "type" | "const" | "static" => item.kind = ItemKind::Other,
        "union" if src.ident(code(i + 1)).is_some() => item.kind = ItemKind::Other,
        "use" => item.kind = ItemKind::Use,
        "macro_rules" if src.is_punct(code(i + 1), "!") => item.kind = ItemKind::MacroRules,
        _ => {
            // A macro call: a path, then `!`.
            let mut j = i;
            while src.ident(j).is_some() || src.is_punct(j, "::") {
                j = code(j + 1);
            }
            if j == i || !src.is_punct(j, "!") {
                return Err(src.error(
                    i,
                    &format!("expected an item, found `{}`", src.text(i.min(src.tokens.len() - 1))),
                ));
            }
            item.kind = ItemKind::MacroCall;
            item.always = true;
            return macro_end(src, item, code(j + 1), hi);
        }
    }
    match item.kind {
        ItemKind::Use => {
            let tree = use_at(src, i, hi)?;
            let end = tree.end;
            item.names = tree.names;
            item.always = tree.always;
            item.use_roots = tree.roots;
            item.end = end;
        }
        ItemKind::ExternCrate => {
            item.end = semicolon(src, i, hi)?;
            let krate = code(code(i + 1) + 1);
            let name = src.ident(krate).unwrap_or_default().to_string();
            let alias = code(krate + 1);
            let defined = if src.is_kw(alias, "as") { name_after(alias) } else { Some(name) };
            item.names.extend(defined);
            item.always = true;
        }
        ItemKind::MacroRules => {
            let bang = code(i + 1);
            item.names.extend(name_after(bang));
            return macro_end(src, item, code(code(bang + 1) + 1), hi);
        }
        ItemKind::Other if matches!(word, "const" | "static" | "type") => {
            let mut name_at = code(i + 1);
            if src.is_kw(name_at, "mut") {
                name_at = code(name_at + 1);
            }
            match src.ident(name_at) {
                Some("_") | None => item.always = true,
                Some(name) => item.names.push(name.to_string()),
            }
            item.end = semicolon(src, i, hi)?;
        }
        _ => {
            if item.kind != ItemKind::Impl && item.kind != ItemKind::ExternBlock {
                item.names.extend(name_after(i));
            }
            // The first `;` or `{` outside any group ends the header.
            let mut j = i;
            loop {
                if j >= hi {
                    return Err(src.error(i, "expected `;` or `{` to end this item"));
                }
                if src.is_punct(j, ";") {
                    item.end = j + 1;
                    break;
                }
                if src.is_punct(j, "{") {
                    item.body = Some((j, src.partner[j]));
                    item.end = src.partner[j] + 1;
                    break;
                }
                j = if src.partner[j] != usize::MAX && src.partner[j] > j {
                    src.partner[j] + 1
                } else {
                    j + 1
                };
            }
        }
    }
    Ok(item)
}

/// The end of a macro call or `macro_rules!` whose delimited body starts at `open`.
fn macro_end(src: &Source, mut item: Item, open: usize, hi: usize) -> Result<Item, String> {
    if !(src.is_punct(open, "{") || src.is_punct(open, "(") || src.is_punct(open, "[")) {
        return Err(src.error(open, "expected `{`, `(` or `[` after the macro's name"));
    }
    let close = src.partner[open];
    let after = src.next_code(close + 1, hi);
    if src.is_punct(open, "{") {
        item.body = Some((open, close));
        item.end = if src.is_punct(after, ";") { after + 1 } else { close + 1 };
    } else if src.is_punct(after, ";") {
        item.end = after + 1;
    } else {
        return Err(src.error(after, "expected `;` after the macro call"));
    }
    Ok(item)
}

/// The index after the first `;` at depth 0 from `i` on.
fn semicolon(src: &Source, mut i: usize, hi: usize) -> Result<usize, String> {
    let from = i;
    while i < hi {
        if src.is_punct(i, ";") {
            return Ok(i + 1);
        }
        i = if src.partner[i] != usize::MAX && src.partner[i] > i {
            src.partner[i] + 1
        } else {
            i + 1
        };
    }
    Err(src.error(from, "expected `;` to end this item"))
}

/// What a `use` imports.
#[derive(Debug, Default)]
pub struct UseTree {
    /// The last name of every import (or its alias).
    pub names: Vec<String>,
    /// Whether it imports something nameless or from std (see [`Item::always`]).
    pub always: bool,
    /// The first path segment of each top-level tree.
    pub roots: Vec<usize>,
    /// The index after its `;`.
    pub end: usize,
}

/// Reads the `use` declaration whose keyword is token `keyword` (ending before `hi`).
pub fn use_at(src: &Source, keyword: usize, hi: usize) -> Result<UseTree, String> {
    let end = semicolon(src, keyword, hi)?;
    let mut tree = UseTree { end, ..UseTree::default() };
    use_tree(src, src.next_code(keyword + 1, hi), end - 1, &mut Vec::new(), true, &mut tree)?;
    Ok(tree)
}

/// Reads the use tree in tokens `i..end` (the `;` excluded). `prefix` holds the segments
/// above this subtree; `top` is true while no segment has been read yet.
fn use_tree(
    src: &Source,
    mut i: usize,
    end: usize,
    prefix: &mut Vec<String>,
    top: bool,
    out: &mut UseTree,
) -> Result<(), String> {
    let depth = prefix.len();
    let code = |j: usize| src.next_code(j, end);
    if src.is_punct(i, "::") {
        i = code(i + 1);
    }
    let result = loop {
        if i >= end {
            break Err(src.error(i, "unfinished `use` path"));
        }
        if src.is_punct(i, "*") {
            out.always = true;
            break Ok(());
        }
        if src.is_punct(i, "{") {
            for (start, end, _) in group_split(src, i) {
                use_tree(src, start, end, prefix, top, out)?;
            }
            break Ok(());
        }
        let segment = match src.ident(i) {
            Some(s) => s.to_string(),
            None => {
                break Err(src.error(i, &format!("unexpected `{}` in a `use` path", src.text(i))))
            }
        };
        if top && prefix.is_empty() {
            out.roots.push(i);
        }
        if matches!(segment.as_str(), "std" | "core" | "alloc") && prefix.is_empty() {
            // Imports from std are cheap and may bring trait methods into scope.
            out.always = true;
        }
        let next = code(i + 1);
        if src.is_punct(next, "::") {
            prefix.push(segment);
            i = code(next + 1);
            continue;
        }
        let name = if src.is_kw(next, "as") {
            src.ident(code(next + 1)).unwrap_or("_").to_string()
        } else if segment == "self" {
            prefix.last().cloned().unwrap_or(segment)
        } else {
            segment
        };
        if name == "_" {
            out.always = true;
        } else {
            out.names.push(name);
        }
        break Ok(());
    };
    prefix.truncate(depth);
    result
}

/// What an item's `cfg` attributes and `#[test]` say about the normal (non-test) build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    Kept,
    Removed,
}

/// The name of the attribute whose `#` is token `hash` (`cfg` in `#[cfg(test)]` or `#![cfg(x)]`).
pub fn attr_name(src: &Source, hash: usize) -> Option<(&str, usize)> {
    let mut open = src.next_code(hash + 1, src.tokens.len());
    if src.is_punct(open, "!") {
        open = src.next_code(open + 1, src.tokens.len());
    }
    if !src.is_punct(open, "[") {
        return None;
    }
    let name_at = src.next_code(open + 1, src.partner[open]);
    src.ident(name_at).map(|name| (name, name_at))
}

/// Whether the item survives a non-test build: `#[test]` and any `#[cfg]` that is false
/// remove it. A `cfg` the bundler cannot decide (anything but `test`, `not`, `all`, `any`
/// with a decided outcome) keeps the item, attribute and all: the judge's compiler decides it,
/// as cargo's did. `cfg_attr` never removes an item.
pub fn presence(src: &Source, attrs: &[usize]) -> Result<Presence, String> {
    for &hash in attrs {
        let open = hash + 1;
        let name_at = src.next_code(open + 1, src.partner[open]);
        match src.ident(name_at) {
            Some("test") if src.next_code(name_at + 1, src.partner[open]) == src.partner[open] => {
                return Ok(Presence::Removed)
            }
            Some("cfg") if cfg_group(src, name_at)? == Some(false) => return Ok(Presence::Removed),
            Some("cfg_attr") => {
                cfg_attr_predicate(src, name_at)?;
            }
            _ => {}
        }
    }
    Ok(Presence::Kept)
}

/// The value of `cfg(...)` whose `cfg` is token `name_at`.
pub fn cfg_group(src: &Source, name_at: usize) -> Result<Option<bool>, String> {
    cfg_value(src, name_at, &bundler_option)
}

/// The predicate of `cfg_attr(predicate, attrs)` whose `cfg_attr` is token `name_at`.
pub fn cfg_attr_predicate(src: &Source, name_at: usize) -> Result<Option<bool>, String> {
    let open = src.next_code(name_at + 1, src.tokens.len());
    if !src.is_punct(open, "(") {
        return Err(src.error(open, "expected `(` after `cfg_attr`"));
    }
    let close = src.partner[open];
    Ok(predicate(src, src.next_code(open + 1, close), close, &bundler_option)?.0)
}

fn and(a: Option<bool>, b: Option<bool>) -> Option<bool> {
    match (a, b) {
        (Some(false), _) | (_, Some(false)) => Some(false),
        (Some(true), Some(true)) => Some(true),
        _ => None,
    }
}

fn or(a: Option<bool>, b: Option<bool>) -> Option<bool> {
    match (a, b) {
        (Some(true), _) | (_, Some(true)) => Some(true),
        (Some(false), Some(false)) => Some(false),
        _ => None,
    }
}

/// How the bundler decides a cfg option: `test` is off, no feature is on (the bundler refuses
/// `[features]` tables with defaults and dependencies with features), and everything else
/// (`unix`, `target_os = "linux"`) is left to the judge's compiler.
fn bundler_option(name: &str, value: Option<&str>) -> Option<bool> {
    match (name, value) {
        ("test", None) | ("feature", Some(_)) => Some(false),
        _ => None,
    }
}

/// The value of `cfg(...)` whose `cfg` is token `name_at` with each option (`unix`,
/// `target_os` and `"linux"`) decided by `option`, `None` where it cannot decide.
pub fn cfg_value(
    src: &Source,
    name_at: usize,
    option: &dyn Fn(&str, Option<&str>) -> Option<bool>,
) -> Result<Option<bool>, String> {
    let open = src.next_code(name_at + 1, src.tokens.len());
    if !src.is_punct(open, "(") {
        return Err(src.error(open, "expected `(` after `cfg`"));
    }
    let close = src.partner[open];
    Ok(predicate(src, src.next_code(open + 1, close), close, option)?.0)
}

/// One cfg predicate at `i` (before `hi`): its value (`None` if unknown) and the index after it.
fn predicate(
    src: &Source,
    i: usize,
    hi: usize,
    option: &dyn Fn(&str, Option<&str>) -> Option<bool>,
) -> Result<(Option<bool>, usize), String> {
    let code = |j: usize| src.next_code(j, hi);
    let name = match src.ident(i) {
        Some(name) if i < hi => name,
        _ => return Err(src.error(i, "expected a cfg predicate")),
    };
    let next = code(i + 1);
    if src.is_punct(next, "(") {
        let close = src.partner[next];
        let mut values = Vec::new();
        let mut j = code(next + 1);
        while j < close {
            let (value, after) = predicate(src, j, close, option)?;
            values.push(value);
            j = if src.is_punct(after, ",") { code(after + 1) } else { after };
            if j < close && !src.is_punct(after, ",") {
                return Err(src.error(j, "expected `,` between cfg predicates"));
            }
        }
        let value = match name {
            "not" if values.len() == 1 => values[0].map(|v| !v),
            "all" => values.into_iter().fold(Some(true), and),
            "any" => values.into_iter().fold(Some(false), or),
            _ => return Err(src.error(i, &format!("unknown cfg operator `{name}`"))),
        };
        return Ok((value, code(close + 1)));
    }
    if src.is_punct(next, "=") {
        let literal = code(next + 1);
        let value = src.text(literal.min(src.tokens.len() - 1)).trim_matches('"');
        return Ok((option(name, Some(value)), code(literal + 1)));
    }
    Ok((option(name, None), next))
}

/// An import, inside a group, of a crate's `#[macro_export]` macro by the crate's path
/// (`use lib::{m, X};`, `use crate::{m as n, X};`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupedMacro {
    /// The tokens of its group element, trailing comma included.
    pub range: (usize, usize),
    /// The macro's name.
    pub name: String,
    /// Its alias (`as n`), if any.
    pub alias: Option<String>,
}

/// The imports of exported macros inside groups of the `use` whose keyword is token
/// `keyword`: those whose path is exactly `root::m` (`::root::m` too) with `exported(root, m)`.
/// Such a macro lives at the crate's root, which is not where the bundle puts the crate's
/// module, so the caller moves each of them to a `use` of its own.
pub fn grouped_macros(
    src: &Source,
    keyword: usize,
    hi: usize,
    exported: &dyn Fn(&str, &str) -> bool,
) -> Result<Vec<GroupedMacro>, String> {
    let semi = semicolon(src, keyword, hi)? - 1;
    let mut out = Vec::new();
    let start = src.next_code(keyword + 1, semi);
    grouped(src, (start, semi), None, &mut Vec::new(), exported, &mut out);
    Ok(out)
}

/// The elements of the group opened by token `open` (`{`), each with its trailing comma.
pub fn group_elements(src: &Source, open: usize) -> Vec<(usize, usize)> {
    group_split(src, open).into_iter().map(|(start, _, after)| (start, after)).collect()
}

/// The elements of the group opened by token `open` (`{`), split at its top-level commas:
/// each as (first token, its comma or the closing `}`, the token after its comma).
fn group_split(src: &Source, open: usize) -> Vec<(usize, usize, usize)> {
    let close = src.partner[open];
    let mut out = Vec::new();
    let mut j = src.next_code(open + 1, close);
    while j < close {
        let mut k = j;
        while k < close && !src.is_punct(k, ",") {
            k = skip_group(src, k);
        }
        let after = if k < close { k + 1 } else { k };
        out.push((j, k, after));
        j = src.next_code(after, close);
    }
    out
}

/// [`grouped_macros`] over the use tree in tokens `span`; `element` is the group element the
/// tree is (`None` outside groups), `prefix` its path so far.
fn grouped<'s>(
    src: &'s Source,
    span: (usize, usize),
    element: Option<(usize, usize)>,
    prefix: &mut Vec<&'s str>,
    exported: &dyn Fn(&str, &str) -> bool,
    out: &mut Vec<GroupedMacro>,
) {
    let (mut i, end) = span;
    let code = |j: usize| src.next_code(j, end);
    let depth = prefix.len();
    if src.is_punct(i, "::") {
        i = code(i + 1);
    }
    while i < end {
        if src.is_punct(i, "{") {
            for (start, end, after) in group_split(src, i) {
                grouped(src, (start, end), Some((start, after)), prefix, exported, out);
            }
            break;
        }
        let Some(segment) = src.ident(i) else { break };
        let next = code(i + 1);
        if src.is_punct(next, "::") {
            prefix.push(segment);
            i = code(next + 1);
            continue;
        }
        if let (Some(range), [root]) = (element, prefix.as_slice()) {
            if exported(root, segment) {
                let alias = if src.is_kw(next, "as") {
                    src.ident(code(next + 1)).map(str::to_string)
                } else {
                    None
                };
                out.push(GroupedMacro { range, name: segment.to_string(), alias });
            }
        }
        break;
    }
    prefix.truncate(depth);
}

/// One import of a `use` tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UseLeaf {
    /// The name it defines; `None` if it is needed whenever its `use` is kept (globs, `as _`,
    /// imports from std, core and alloc).
    pub name: Option<String>,
    /// Every identifier of its path, alias included.
    pub segments: Vec<String>,
    /// The name it imports before any `as`.
    pub original: String,
    /// The name it binds in its scope (its alias, else the name it imports); empty for a glob.
    pub bound: String,
}

/// The imports of the `use` whose keyword is token `keyword`.
pub fn use_leaves(src: &Source, keyword: usize, hi: usize) -> Result<Vec<UseLeaf>, String> {
    let semi = semicolon(src, keyword, hi)? - 1;
    let mut out = Vec::new();
    leaves(src, src.next_code(keyword + 1, semi), semi, &mut Vec::new(), &mut out);
    Ok(out)
}

fn leaves(
    src: &Source,
    mut i: usize,
    end: usize,
    prefix: &mut Vec<String>,
    out: &mut Vec<UseLeaf>,
) {
    let code = |j: usize| src.next_code(j, end);
    let depth = prefix.len();
    if src.is_punct(i, "::") {
        i = code(i + 1);
    }
    while i < end {
        if src.is_punct(i, "{") {
            for (start, end, _) in group_split(src, i) {
                leaves(src, start, end, prefix, out);
            }
            break;
        }
        let always = matches!(prefix.first().map(String::as_str), Some("std" | "core" | "alloc"));
        if src.is_punct(i, "*") {
            out.push(UseLeaf {
                name: None,
                segments: prefix.clone(),
                original: String::new(),
                bound: String::new(),
            });
            break;
        }
        let Some(segment) = src.ident(i) else { break };
        let next = code(i + 1);
        if src.is_punct(next, "::") {
            prefix.push(segment.to_string());
            i = code(next + 1);
            continue;
        }
        let mut segments = prefix.clone();
        segments.push(segment.to_string());
        let original = if segment == "self" {
            prefix.last().cloned().unwrap_or_default()
        } else {
            segment.to_string()
        };
        let mut name = original.clone();
        if src.is_kw(next, "as") {
            name = src.ident(code(next + 1)).unwrap_or("_").to_string();
            segments.push(name.clone());
        }
        let always = always
            || name == "_"
            || matches!(segment, "std" | "core" | "alloc") && prefix.is_empty();
        let bound = name.clone();
        out.push(UseLeaf {
            name: if always { None } else { Some(name) },
            segments,
            original,
            bound,
        });
        break;
    }
    prefix.truncate(depth);
}

/// The index after the token at `k`, or after its group if it opens one.
fn skip_group(src: &Source, k: usize) -> usize {
    match src.partner[k] {
        p if p != usize::MAX && p > k => p + 1,
        _ => k + 1,
    }
}

/// The groups of the transcribers (`=> { ... }`) of the `macro_rules!` item `item`.
pub fn transcribers(src: &Source, item: &Item) -> Vec<(usize, usize)> {
    let all = src.tokens.len();
    let bang = src.next_code(item.keyword + 1, all);
    let name = src.next_code(bang + 1, all);
    let open = src.next_code(name + 1, all);
    let mut out = Vec::new();
    if open >= all || src.partner[open] == usize::MAX || src.partner[open] < open {
        return out;
    }
    let close = src.partner[open];
    let mut j = src.next_code(open + 1, close);
    while j < close {
        if src.partner[j] == usize::MAX || src.partner[j] < j {
            break;
        }
        let arrow = src.next_code(src.partner[j] + 1, close);
        let body = src.next_code(arrow + 1, close);
        if !src.is_punct(arrow, "=>") || body >= close || src.partner[body] == usize::MAX {
            break;
        }
        out.push((body, src.partner[body]));
        j = src.next_code(src.partner[body] + 1, close);
        if src.is_punct(j, ";") {
            j = src.next_code(j + 1, close);
        }
    }
    out
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
        let close = src.partner[open];
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
            j = skip_group(src, j);
        }
        at = open;
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(text: &str) -> Source {
        Source::new("t.rs".to_string(), text.to_string()).expect("valid source")
    }

    /// `(kind, names, text from start to end)` of every item.
    fn items(text: &str) -> Vec<(ItemKind, Vec<String>, String)> {
        let src = source(text);
        split(&src, 0, src.tokens.len())
            .expect("splits")
            .into_iter()
            .map(|item| {
                let from = src.tokens[item.start].start;
                let to = src.tokens[item.end - 1].end;
                (item.kind, item.names, src.text[from..to].to_string())
            })
            .collect()
    }

    fn names(text: &str) -> Vec<Vec<String>> {
        items(text).into_iter().map(|(_, names, _)| names).collect()
    }

    #[test]
    fn splits_every_item_shape() {
        let text = "//! Docs.\n#![allow(x)]\n\
            /// A function.\n#[inline]\npub(crate) fn f() -> [u8; 4] { [0; 4] }\n\
            impl<T: X<Y>> Tr for S<T> where T: Fn() -> u8 { fn g() {} }\n\
            struct S;\nstruct T(u8);\npub struct U { a: u8 }\n\
            macro_rules! m { () => {}; }\nmacro_rules! n ( () => {} );\n\
            use a::{b, c::{d as e}};\nconst X: [u8; 2] = [1, 2];\nconst P: Q = Q { x: 1 };\n\
            mod m;\nmod inline { fn h() {} }\nextern crate std as s;\n\
            static mut Z: u8 = 0;\nunsafe impl Send for S {}\npub const fn k() {}\n\
            impl_int!(u8 u16);\nthread_local! { static Y: u8 = 0; }\n\
            enum E { A, B }\ntrait Tr: Sized { fn g(); }\ntype A = u8;\n\
            extern \"C\" { fn c(); }\n;";
        let kinds: Vec<ItemKind> = items(text).into_iter().map(|(kind, _, _)| kind).collect();
        use ItemKind::*;
        assert_eq!(
            kinds,
            [
                Inner,
                Inner,
                Fn,
                Impl,
                Other,
                Other,
                Other,
                MacroRules,
                MacroRules,
                Use,
                Other,
                Other,
                Mod,
                Mod,
                ExternCrate,
                Other,
                Impl,
                Fn,
                MacroCall,
                MacroCall,
                Other,
                Trait,
                Other,
                ExternBlock,
                Empty
            ]
        );
        assert_eq!(
            names(text),
            [
                vec![],
                vec![],
                vec!["f"],
                vec![],
                vec!["S"],
                vec!["T"],
                vec!["U"],
                vec!["m"],
                vec!["n"],
                vec!["b", "e"],
                vec!["X"],
                vec!["P"],
                vec!["m"],
                vec!["inline"],
                vec!["s"],
                vec!["Z"],
                vec![],
                vec!["k"],
                vec![],
                vec![],
                vec!["E"],
                vec!["Tr"],
                vec!["A"],
                vec![],
                vec![],
            ]
            .map(|v| v.into_iter().map(String::from).collect::<Vec<_>>())
        );
        let texts: Vec<String> = items(text).into_iter().map(|(_, _, t)| t).collect();
        assert_eq!(texts[2], "/// A function.\n#[inline]\npub(crate) fn f() -> [u8; 4] { [0; 4] }");
        assert_eq!(texts[3], "impl<T: X<Y>> Tr for S<T> where T: Fn() -> u8 { fn g() {} }");
        assert_eq!(texts[8], "macro_rules! n ( () => {} );");
        assert_eq!(texts[11], "const P: Q = Q { x: 1 };");
    }

    #[test]
    fn braces_in_literals_and_comments_do_not_end_items() {
        let text = "fn a() { let s = \"}\"; let c = '{'; /* } */ let r = r#\"} \"#; }\n\
                    // } not code\nfn b<'a>(x: &'a str) -> char { '}' }";
        assert_eq!(names(text), [vec!["a"], vec!["b"]]);
        let (_, _, second) = &items(text)[1];
        assert!(second.starts_with("fn b"), "{second}");
    }

    #[test]
    fn use_trees_name_their_leaves() {
        assert_eq!(
            names("use a::{b, c::{self, d as e}, f as _};\nuse self::g;\nuse super::h::{i};")[..],
            [vec!["b", "c", "e"], vec!["g"], vec!["i"]]
        );
        let src = source("use a::b; use std::io::Write; use x::*; use y as _; use {p::q, r};");
        let items = split(&src, 0, src.tokens.len()).expect("splits");
        let always: Vec<bool> = items.iter().map(|i| i.always).collect();
        assert_eq!(always, [false, true, true, true, false]);
        let roots: Vec<Vec<&str>> =
            items.iter().map(|i| i.use_roots.iter().map(|&r| src.text(r)).collect()).collect();
        assert_eq!(roots, [vec!["a"], vec!["std"], vec!["x"], vec!["y"], vec!["p", "r"]]);
    }

    #[test]
    fn same_line_comments_belong_to_the_item_before() {
        let text = "fn a() {} // about a\n// about b\nfn b() {}";
        let src = source(text);
        let items = split(&src, 0, src.tokens.len()).expect("splits");
        assert_eq!(src.text(items[0].end - 1), "// about a");
        assert_eq!(src.text(items[1].lead), "// about b");
    }

    fn presence_of(text: &str) -> Result<Presence, String> {
        let src = source(text);
        let items = split(&src, 0, src.tokens.len())?;
        presence(&src, &items[0].attrs)
    }

    #[test]
    fn cfg_test_is_decided_and_the_rest_left_to_the_compiler() {
        use Presence::*;
        assert_eq!(presence_of("#[cfg(test)] mod tests { const S: &str = \"}\"; }"), Ok(Removed));
        assert_eq!(presence_of("#[cfg(all(test, unix))] fn f() {}"), Ok(Removed));
        assert_eq!(presence_of("#[cfg(not(test))] fn f() {}"), Ok(Kept));
        assert_eq!(presence_of("#[cfg(any(test, not(test)))] fn f() {}"), Ok(Kept));
        assert_eq!(presence_of("#[test]\n#[should_panic] fn f() {}"), Ok(Removed));
        assert_eq!(presence_of("#[derive(Debug)] struct S;"), Ok(Kept));
        assert_eq!(presence_of("#[cfg_attr(test, derive(Debug))] struct S;"), Ok(Kept));
        // Other predicates are left for the judge's compiler.
        assert_eq!(presence_of("#[cfg(feature = \"x\")] fn f() {}"), Ok(Removed));
        assert_eq!(presence_of("#[cfg(target_os = \"linux\")] fn f() {}"), Ok(Kept));
        assert_eq!(presence_of("#[cfg(any(test, unix))] fn f() {}"), Ok(Kept));
        assert_eq!(presence_of("#[cfg(all(test, unix))] fn f() {}"), Ok(Removed));
        assert_eq!(presence_of("#[cfg_attr(unix, derive(Debug))] struct S;"), Ok(Kept));
    }

    #[test]
    fn malformed_items_are_errors() {
        let src = source("fn f()");
        assert!(split(&src, 0, src.tokens.len()).unwrap_err().contains("expected `;` or `{`"));
        let src = source("use a::b");
        assert!(split(&src, 0, src.tokens.len()).unwrap_err().contains("expected `;`"));
        let src = source("#[inline]");
        assert!(split(&src, 0, src.tokens.len()).unwrap_err().contains("expected an item"));
        let src = source("m!(x)");
        assert!(split(&src, 0, src.tokens.len()).unwrap_err().contains("expected `;` after"));
    }
}
