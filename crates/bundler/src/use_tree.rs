//! `use` declarations, read by one walker of the use-tree grammar (`a::b`, `::a::b as c`,
//! `a::{self, b, c::*}`) into leaves that every phase reads: the names an item defines, the
//! scopes a crate's name is shadowed in, the imports an unused item takes along, the group
//! element an import is removed by.

use super::source::Source;
use super::span::{Group, TokenSpan};

/// What a `use` declaration imports.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UseTree {
    /// Every import, in text order.
    pub leaves: Vec<UseLeaf>,
    /// The first path segment of each top-level tree (`a` in `use a::b;`; `p` and `r` in
    /// `use {p::q, r};`).
    pub roots: Vec<usize>,
    /// Its `{ .. }` groups, in text order.
    pub groups: Vec<UseGroup>,
    /// Its `;`.
    pub semi: usize,
    /// Whether a path of it starts at `std`, `core` or `alloc`.
    pub from_std: bool,
    /// The first token that is not part of a use tree, as the error the compiler would give;
    /// the leaves are then those of the well-formed elements.
    pub error: Option<String>,
}

/// A `{ .. }` group of a use tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UseGroup {
    pub braces: Group,
    /// Its elements, each from its first token to the token after its comma (or the `}`).
    pub elements: Vec<TokenSpan>,
}

/// One import: a path, or a glob (`a::*`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UseLeaf {
    /// Its last segment's token (the `*` of a glob).
    pub at: usize,
    /// The segments before it, from the top of the tree (a leading `::` left out).
    pub prefix: Vec<String>,
    /// Its own segment (`self` as written); empty for a glob.
    pub segment: String,
    /// Its `as` name (`_` where that is not an identifier).
    pub alias: Option<String>,
    /// The innermost group element that holds it (see [`UseGroup::elements`]).
    pub element: Option<TokenSpan>,
}

impl UseLeaf {
    pub fn is_glob(&self) -> bool {
        self.segment.is_empty()
    }

    /// The name it imports before any `as` (for `a::{self}`, `a`); empty for a glob.
    pub fn original(&self) -> &str {
        match self.segment.as_str() {
            "self" => self.prefix.last().map_or("", String::as_str),
            segment => segment,
        }
    }

    /// The name it binds in its scope: its alias, else the name it imports; empty for a glob.
    pub fn bound(&self) -> &str {
        self.alias.as_deref().unwrap_or(self.original())
    }

    /// Whether it is needed whenever its `use` is: it has no name to be found by (a glob,
    /// `as _`) or imports from std, core or alloc (cheap, and it may bring trait methods
    /// into scope).
    pub fn always(&self) -> bool {
        let first = self.prefix.first().unwrap_or(&self.segment);
        self.is_glob() || self.bound() == "_" || matches!(first.as_str(), "std" | "core" | "alloc")
    }

    /// Its path: the prefix and its own segment (no alias).
    pub fn path(&self) -> Vec<String> {
        let mut path = self.prefix.clone();
        if !self.is_glob() {
            path.push(self.segment.clone());
        }
        path
    }

    /// Every identifier of its path, alias included (a glob's: its prefix).
    pub fn segments(&self) -> Vec<String> {
        let mut segments = self.path();
        segments.extend(self.alias.iter().cloned());
        segments
    }
}

impl UseTree {
    /// Reads the `use` declaration whose keyword is token `keyword` (its `;` before `hi`).
    /// Only a missing `;` is an error here; a malformed tree is [`UseTree::error`].
    pub fn read(src: &Source, keyword: usize, hi: usize) -> Result<UseTree, String> {
        let semi = semicolon(src, keyword, hi)? - 1;
        let mut tree = UseTree { semi, ..UseTree::default() };
        let mut walker = Walker { src, tree: &mut tree, prefix: Vec::new() };
        walker.walk(src.next_code(keyword + 1, semi), semi, None);
        Ok(tree)
    }

    /// Reads a `use` declaration that must be well formed (an item's).
    pub fn read_valid(src: &Source, keyword: usize, hi: usize) -> Result<UseTree, String> {
        let tree = UseTree::read(src, keyword, hi)?;
        match tree.error {
            Some(error) => Err(error),
            None => Ok(tree),
        }
    }

    /// The names it defines: the name each import binds (`_` binds none).
    pub fn names(&self) -> Vec<String> {
        let named = self.leaves.iter().filter(|l| !l.is_glob() && l.bound() != "_");
        named.map(|l| l.bound_or_self().to_string()).collect()
    }

    /// Whether it is needed whenever its module is: it imports something nameless (a glob,
    /// `as _`) or from std, core or alloc (see [`UseLeaf::always`]).
    pub fn always(&self) -> bool {
        self.from_std || self.leaves.iter().any(|l| l.is_glob() || l.bound() == "_")
    }

    /// The group that token `open` opens.
    pub fn group(&self, open: usize) -> Option<&UseGroup> {
        self.groups.iter().find(|g| g.braces.open == open)
    }
}

impl UseLeaf {
    /// [`UseLeaf::bound`], with `self` alone standing for itself.
    fn bound_or_self(&self) -> &str {
        match self.bound() {
            "" => "self",
            bound => bound,
        }
    }
}

struct Walker<'a> {
    src: &'a Source,
    tree: &'a mut UseTree,
    /// The segments above the subtree being read.
    prefix: Vec<String>,
}

impl Walker<'_> {
    /// Reads the use tree in tokens `i..end`, the innermost group element `element`.
    fn walk(&mut self, mut i: usize, end: usize, element: Option<TokenSpan>) {
        let src = self.src;
        let depth = self.prefix.len();
        let code = |j: usize| src.next_code(j, end);
        if src.is_punct(i, "::") {
            i = code(i + 1);
        }
        loop {
            if i >= end {
                self.fail(i, "unfinished `use` path".to_string());
                break;
            }
            if src.is_punct(i, "*") {
                self.leaf(i, String::new(), None, element);
                break;
            }
            if src.is_punct(i, "{") {
                self.group(i);
                break;
            }
            let Some(segment) = src.ident(i) else {
                self.fail(i, format!("unexpected `{}` in a `use` path", src.text(i)));
                break;
            };
            if self.prefix.is_empty() {
                self.tree.roots.push(i);
                self.tree.from_std |= matches!(segment, "std" | "core" | "alloc");
            }
            let next = code(i + 1);
            if src.is_punct(next, "::") {
                self.prefix.push(segment.to_string());
                i = code(next + 1);
                continue;
            }
            let alias =
                src.is_kw(next, "as").then(|| src.ident(code(next + 1)).unwrap_or("_").to_string());
            self.leaf(i, segment.to_string(), alias, element);
            break;
        }
        self.prefix.truncate(depth);
    }

    /// The group that token `open` opens, each element walked.
    fn group(&mut self, open: usize) {
        let src = self.src;
        let braces = Group { open, close: src.close(open) };
        let mut elements = Vec::new();
        let mut j = src.next_code(open + 1, braces.close);
        while j < braces.close {
            let mut comma = j;
            while comma < braces.close && !src.is_punct(comma, ",") {
                comma = src.skip_tree(comma);
            }
            let after = if comma < braces.close { comma + 1 } else { comma };
            elements.push((j, comma, after));
            j = src.next_code(after, braces.close);
        }
        let spans = elements.iter().map(|&(start, _, after)| TokenSpan::new(start, after));
        self.tree.groups.push(UseGroup { braces, elements: spans.collect() });
        for (start, comma, after) in elements {
            self.walk(start, comma, Some(TokenSpan::new(start, after)));
        }
    }

    fn leaf(&mut self, at: usize, segment: String, alias: Option<String>, e: Option<TokenSpan>) {
        let prefix = self.prefix.clone();
        self.tree.leaves.push(UseLeaf { at, prefix, segment, alias, element: e });
    }

    fn fail(&mut self, at: usize, message: String) {
        if self.tree.error.is_none() {
            self.tree.error = Some(self.src.error(at, &message));
        }
    }
}

/// The index after the first `;` outside groups from token `i` on (before `hi`).
pub fn semicolon(src: &Source, mut i: usize, hi: usize) -> Result<usize, String> {
    let from = i;
    while i < hi {
        if src.is_punct(i, ";") {
            return Ok(i + 1);
        }
        i = src.skip_tree(i);
    }
    Err(src.error(from, "expected `;` to end this item"))
}

#[cfg(test)]
mod tests {
    use super::UseTree;
    use crate::source::Source;

    fn tree(text: &str) -> (Source, UseTree) {
        let src = Source::new("t.rs".to_string(), text.to_string()).expect("lexes");
        let tree = UseTree::read(&src, 0, src.tokens.len()).expect("ends with `;`");
        (src, tree)
    }

    #[test]
    fn every_leaf_with_its_path_alias_and_group_element() {
        let (src, tree) = tree("use ::a::{self, b as c, d::{e, *}, _f as _};");
        let leaves: Vec<(String, &str, &str, bool)> = tree
            .leaves
            .iter()
            .map(|l| (l.path().join("::"), l.original(), l.bound(), l.always()))
            .collect();
        assert_eq!(
            leaves,
            [
                ("a::self".to_string(), "a", "a", false),
                ("a::b".to_string(), "b", "c", false),
                ("a::d::e".to_string(), "e", "e", false),
                ("a::d".to_string(), "", "", true),
                ("a::_f".to_string(), "_f", "_", true),
            ]
        );
        assert_eq!(tree.names(), ["a", "c", "e"]);
        assert!(tree.always());
        let element = |n: usize| {
            let span = tree.leaves[n].element.expect("in a group");
            src.text[src.tokens[span.start].start..src.tokens[span.end - 1].end].to_string()
        };
        assert_eq!(element(1), "b as c,");
        assert_eq!(element(2), "e,");
        assert_eq!(element(4), "_f as _");
        assert_eq!(tree.groups.len(), 2);
        assert_eq!(tree.groups[0].elements.len(), 4);
        assert_eq!(tree.roots.iter().map(|&r| src.text(r)).collect::<Vec<_>>(), ["a"]);
        assert_eq!(src.text(tree.semi), ";");
    }

    #[test]
    fn a_malformed_tree_keeps_its_well_formed_leaves_and_says_where() {
        let (_, tree) = tree("use a::{b, 3, c};");
        let names: Vec<&str> = tree.leaves.iter().map(|l| l.bound()).collect();
        assert_eq!(names, ["b", "c"]);
        let error = tree.error.expect("an error");
        assert!(error.starts_with("t.rs:1:12: unexpected `3`"), "{error}");
        let src = Source::new("t.rs".to_string(), "use a::b".to_string()).expect("lexes");
        let error = UseTree::read(&src, 0, src.tokens.len()).expect_err("no `;`");
        assert!(error.contains("expected `;`"), "{error}");
    }
}
