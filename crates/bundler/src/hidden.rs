//! Names the analysis cannot see: code under a `cfg` that is false on this machine but true on
//! one of the judge's platforms (the Windows branch Codeforces compiles) is invisible to the
//! compiler that decides what goes, so every name in it, and in the macros it calls, is
//! protected: no item, import or macro of that name is removed anywhere.

use std::collections::{HashMap, HashSet};

use super::attrs::Attribute;
use super::cfg;
use super::items::{self, ItemKind};
use super::source::Source;
use super::span::TokenSpan;

/// What code the analysis cannot see may need: names (of items and imports) and macros.
#[derive(Debug, Default)]
pub struct Hidden {
    /// Every identifier of that code (and of the macros it calls).
    pub names: HashSet<String>,
    /// The macros it calls (`name!`), and those they call: a macro is only reached by a call.
    macros: HashSet<String>,
}

impl Hidden {
    /// Whether an item or import named `name` must stay.
    pub fn keeps(&self, name: &str) -> bool {
        self.names.contains(name)
    }

    /// Whether a macro named `name` must stay.
    pub fn keeps_macro(&self, name: &str) -> bool {
        self.macros.contains(name)
    }
}

/// The names that code under a `cfg` false on this machine, but not on one of the judge's
/// platforms, holds (identifiers of the item or the statement the attribute is on, and of the
/// macros it calls), given the cfg options of each (`unix`, `target_os="linux"`, ... as
/// `rustc --print cfg` prints them).
pub fn hidden_names(
    text: &str,
    host: &HashSet<String>,
    judges: &[HashSet<String>],
) -> Result<Hidden, String> {
    let src = Source::new("the bundle".to_string(), text.to_string())?;
    let mut names = HashSet::new();
    // Macros that hidden code calls (`name!`): what they expand to is hidden too.
    let mut called = Vec::new();
    for i in 0..src.tokens.len() {
        let Some(attr) = Attribute::at(&src, i) else { continue };
        if let Some(hidden) = hidden_by(&src, &attr, host, judges)? {
            // The name a hidden item defines is not a use of that name: a visible item of the
            // same name (the other platform's twin) may still go.
            let used = |j: usize| Some(j) != hidden.defined;
            collect_idents(&src, hidden.tokens, &used, &mut names, &mut called);
        }
    }
    let mut definitions: HashMap<String, TokenSpan> = all_macro_rules(&src)?.into_iter().collect();
    let mut macros = HashSet::new();
    while let Some(name) = called.pop() {
        if let Some(tokens) = definitions.remove(&name) {
            collect_idents(&src, tokens, &|_| true, &mut names, &mut called);
        }
        macros.insert(name);
    }
    Ok(Hidden { names, macros })
}

/// What a `#[cfg]` hides from the analysis: its tokens, and the token of the name it defines
/// (an item's own name is no use of that name).
struct HiddenCode {
    tokens: TokenSpan,
    defined: Option<usize>,
}

/// The code `attr` hides, if it is a `cfg` false on this machine (the host's options) and true
/// for one of the `judges`' platforms (code no judge compiles either, 32-bit code on a 64-bit
/// judge, needs nothing kept).
fn hidden_by(
    src: &Source,
    attr: &Attribute,
    host: &HashSet<String>,
    judges: &[HashSet<String>],
) -> Result<Option<HiddenCode>, String> {
    let Some(name_at) = attr.name_at.filter(|_| attr.is(src, "cfg")) else { return Ok(None) };
    if !false_on(host, src, name_at)? {
        return Ok(None);
    }
    let mut compiled_by_a_judge = false;
    for judge in judges {
        compiled_by_a_judge |= !false_on(judge, src, name_at)?;
    }
    if !compiled_by_a_judge {
        return Ok(None);
    }
    let all = src.tokens.len();
    let close = attr.brackets.close;
    Ok(Some(if attr.inner {
        // `#![cfg(..)]` hides its whole enclosing module or block.
        let tokens = match src.enclosing_brace(attr.hash) {
            Some(open) => TokenSpan::new(open, src.close(open)),
            None => TokenSpan::new(0, all),
        };
        HiddenCode { tokens, defined: None }
    } else {
        let (end, defined) = target(src, close + 1, all);
        HiddenCode { tokens: TokenSpan::new(close + 1, end), defined }
    }))
}

/// Whether the `cfg(..)` whose `cfg` is token `name_at` is false for a platform with the
/// options `cfg` (as `rustc --print cfg` prints them).
fn false_on(cfg: &HashSet<String>, src: &Source, name_at: usize) -> Result<bool, String> {
    let on = |name: &str, value: Option<&str>| {
        Some(match value {
            Some(v) => cfg.contains(&format!("{name}=\"{v}\"")),
            None => cfg.contains(name),
        })
    };
    Ok(cfg::cfg_value(src, name_at, &on)? == Some(false))
}

/// Adds the identifiers of `tokens` that `used` accepts to `names`, and those followed by `!`
/// to `called`.
fn collect_idents(
    src: &Source,
    tokens: TokenSpan,
    used: &dyn Fn(usize) -> bool,
    names: &mut HashSet<String>,
    called: &mut Vec<String>,
) {
    for j in tokens.indices().filter(|&j| used(j)) {
        // Path keywords name no item.
        if let Some(name) =
            src.ident(j).filter(|n| !matches!(*n, "self" | "Self" | "super" | "crate"))
        {
            names.insert(name.to_string());
            if src.is_punct(src.next_code(j + 1, tokens.end), "!") {
                called.push(name.to_string());
            }
        }
    }
}

/// Every `macro_rules!` of `src` (at any depth of modules): its name and its tokens.
fn all_macro_rules(src: &Source) -> Result<Vec<(String, TokenSpan)>, String> {
    let mut out = Vec::new();
    let mut stack = vec![TokenSpan::new(0, src.tokens.len())];
    while let Some(tokens) = stack.pop() {
        for item in items::split(src, tokens.start, tokens.end)? {
            match (item.kind, item.body) {
                (ItemKind::MacroRules, _) => {
                    let name = item.names.first().cloned().unwrap_or_default();
                    out.push((name, item.keyword_to_end()));
                }
                (ItemKind::Mod, Some(body)) => stack.push(body.inside()),
                _ => {}
            }
        }
    }
    Ok(out)
}

/// The end of what an outer attribute ending before token `i` applies to: an item (with the
/// token of the name it defines), or a statement, expression, field or arm up to its `;` or
/// `,` (or the end of its group).
fn target(src: &Source, i: usize, all: usize) -> (usize, Option<usize>) {
    let mut j = i;
    // Further attributes first.
    while src.is_punct(j, "#") {
        let open = src.next_code(j + 1, all);
        if !src.is_punct(open, "[") {
            break;
        }
        j = src.close(open) + 1;
    }
    if let Ok(Some(item)) = items::next_item(src, j, scope_end(src, j, all)) {
        let name = item
            .names
            .first()
            .filter(|_| !matches!(item.kind, ItemKind::Use | ItemKind::ExternCrate))
            .and_then(|name| {
                item.keyword_to_end().indices().find(|&i| src.ident(i) == Some(name.as_str()))
            });
        return (item.end, name);
    }
    let mut at = j;
    while at < all {
        if src.is_punct(at, ";") || src.is_punct(at, ",") {
            return (at + 1, None);
        }
        match src.partner(at) {
            Some(close) if close > at => at = close + 1,
            Some(_) => return (at, None), // the enclosing group closes
            None => at += 1,
        }
    }
    (all, None)
}

/// The end of the group that token `i` is in (the index of its closing delimiter).
fn scope_end(src: &Source, i: usize, all: usize) -> usize {
    let mut at = i;
    while at < all {
        match src.partner(at) {
            Some(close) if close > at => at = close + 1,
            Some(_) => return at,
            None => at += 1,
        }
    }
    all
}
