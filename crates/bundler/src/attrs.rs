//! Attributes (`#[name ..]`, `#![name ..]`), read once where items are read, and what they
//! say about the normal (non-test) build: `#[test]` and a `#[cfg]` the bundler decides false
//! remove an item; any other `cfg` is left for the judge's compiler.

use super::cfg::{self, bundler_option};
use super::source::Source;
use super::span::Group;

/// One attribute.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attribute {
    /// Its `#`.
    pub hash: usize,
    /// Whether it is an inner attribute (`#![..]`).
    pub inner: bool,
    /// Its brackets.
    pub brackets: Group,
    /// Its name's token (`cfg` in `#[cfg(test)]`), when it starts with an identifier.
    pub name_at: Option<usize>,
    /// For `cfg(..)` and `cfg_attr(..)`: the predicate's value as the bundler decides it
    /// (`test` off, no feature on, anything else unknown), or why it cannot be read.
    pub bundler_value: Option<Result<Option<bool>, String>>,
}

impl Attribute {
    /// The attribute whose `#` is token `hash`, if one starts there.
    pub fn at(src: &Source, hash: usize) -> Option<Attribute> {
        let all = src.tokens.len();
        if !src.is_punct(hash, "#") {
            return None;
        }
        let mut open = src.next_code(hash + 1, all);
        let inner = src.is_punct(open, "!");
        if inner {
            open = src.next_code(open + 1, all);
        }
        if !src.is_punct(open, "[") {
            return None;
        }
        let brackets = src.group(open)?;
        let name_at = src.next_code(open + 1, brackets.close);
        let name_at = src.ident(name_at).map(|_| name_at);
        let bundler_value = match name_at.and_then(|at| src.ident(at)) {
            Some("cfg") => name_at.map(|at| cfg::cfg_value(src, at, &bundler_option)),
            Some("cfg_attr") => name_at.map(|at| cfg::cfg_attr_value(src, at, &bundler_option)),
            _ => None,
        };
        Some(Attribute { hash, inner, brackets, name_at, bundler_value })
    }

    /// Its name (`cfg`, `path`, `macro_export`), if it starts with an identifier.
    pub fn name<'s>(&self, src: &'s Source) -> Option<&'s str> {
        self.name_at.and_then(|at| src.ident(at))
    }

    /// Whether it is `#[name ..]`.
    pub fn is(&self, src: &Source, name: &str) -> bool {
        self.name(src) == Some(name)
    }

    /// Whether it is a `#[cfg]` the bundler decides false (an error if it cannot be read).
    pub fn is_false_cfg(&self, src: &Source) -> Result<bool, String> {
        match &self.bundler_value {
            Some(value) if self.is(src, "cfg") => Ok(value.clone()? == Some(false)),
            _ => Ok(false),
        }
    }

    /// Whether it is exactly `#[test]`.
    fn is_test(&self, src: &Source) -> bool {
        self.is(src, "test")
            && self
                .name_at
                .is_some_and(|at| src.next_code(at + 1, self.brackets.close) == self.brackets.close)
    }
}

/// What an item's attributes say about the normal (non-test) build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    Kept,
    Removed,
}

/// Whether the item with outer attributes `attrs` survives a non-test build: `#[test]` and
/// any `#[cfg]` that is false remove it. A `cfg` the bundler cannot decide (anything but
/// `test` and features, with a decided outcome) keeps the item, attribute and all: the judge's
/// compiler decides it, as cargo's did. `cfg_attr` never removes an item (its predicate must
/// still read). Inner attributes are the module's, not the item's.
pub fn presence(src: &Source, attrs: &[Attribute]) -> Result<Presence, String> {
    for attr in attrs.iter().filter(|a| !a.inner) {
        if attr.is_test(src) || attr.is_false_cfg(src)? {
            return Ok(Presence::Removed);
        }
        if let (true, Some(value)) = (attr.is(src, "cfg_attr"), &attr.bundler_value) {
            value.clone()?;
        }
    }
    Ok(Presence::Kept)
}
