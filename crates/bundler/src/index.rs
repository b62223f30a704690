//! The bundle's text as items: every item of every module, and every item inside an `impl`
//! or a `trait`, with its bytes (whole lines where it fills them), its name, what holds it,
//! and what the pre-filter and the pruning ask of it. Read afresh from the text each round,
//! since removals move every byte.

use std::collections::{HashMap, HashSet};

use super::attrs::Attribute;
use super::expand;
use super::items::{self, Item, ItemKind, MacroRule};
use super::lexer::Kind;
use super::source::Source;
use super::span::{line_span, ByteSpan, TokenSpan};
use super::use_tree::UseTree;

/// One item of the bundle's text.
#[derive(Debug)]
pub struct Entry {
    /// Its name's token, for an item that has one (a function, type, trait, module,
    /// `const`, `static`, `macro_rules!`).
    pub name_at: Option<ByteSpan>,
    /// Its first name (empty if it has none).
    pub name: String,
    pub kind: ItemKind,
    /// What holds it.
    pub container: Container,
    /// Its bytes, whole lines where it fills them.
    pub range: ByteSpan,
    /// For an `impl`: the bytes of its trait and type (after its generics, before any
    /// `where`): an `impl` that names a removed item there is of no use.
    pub core: Option<ByteSpan>,
    /// For an item-position macro call: the macro's name.
    pub macro_name: String,
    /// Its tokens from its keyword to its end.
    pub tokens: TokenSpan,
    /// `#[macro_export]` on a `macro_rules!`.
    pub exported: bool,
    /// Its container's entry (a module or an `impl` or `trait`), if any.
    pub parent: Option<usize>,
    /// What its body is, for a module, an `impl` or a trait.
    pub holds: Option<Container>,
    /// Its outer attributes.
    pub attrs: Vec<Attribute>,
    /// For a `use`: what it imports.
    pub use_tree: Option<UseTree>,
    /// For a `macro_rules!`: its rules.
    pub rules: Option<Vec<MacroRule>>,
}

/// What an item's body holds, or what holds an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Container {
    Module,
    InherentImpl,
    TraitImpl,
    Trait,
}

/// The items of the bundle's text: modules and the insides of `impl` and `trait` blocks.
pub struct Index {
    pub src: Source,
    /// In text order, each container before what it holds.
    pub entries: Vec<Entry>,
}

impl Index {
    pub fn new(text: &str) -> Result<Index, String> {
        let src = Source::new("the bundle".to_string(), text.to_string())?;
        let mut index = Index { src, entries: Vec::new() };
        let hi = index.src.tokens.len();
        index.walk(TokenSpan::new(0, hi), Container::Module, None)?;
        Ok(index)
    }

    /// Adds the items of `tokens` (held by `container`, the entry `parent`), and theirs.
    fn walk(
        &mut self,
        tokens: TokenSpan,
        container: Container,
        parent: Option<usize>,
    ) -> Result<(), String> {
        for item in items::split(&self.src, tokens.start, tokens.end)? {
            let at = self.entries.len();
            let holds = match (item.kind, item.body) {
                (_, None) => None,
                (ItemKind::Mod, _) => Some(Container::Module),
                (ItemKind::Trait, _) => Some(Container::Trait),
                (ItemKind::Impl, _) if items::is_trait_impl(&self.src, &item) => {
                    Some(Container::TraitImpl)
                }
                (ItemKind::Impl, _) => Some(Container::InherentImpl),
                _ => None,
            };
            let body = item.body;
            let entry = self.entry(item, container, parent, holds);
            self.entries.push(entry);
            if let (Some(inner), Some(body)) = (holds, body) {
                self.walk(body.inside(), inner, Some(at))?;
            }
        }
        Ok(())
    }

    fn entry(
        &self,
        item: Item,
        container: Container,
        parent: Option<usize>,
        holds: Option<Container>,
    ) -> Entry {
        let src = &self.src;
        let hi = src.tokens.len();
        let name_token = match item.kind {
            ItemKind::MacroRules => {
                Some(src.next_code(src.next_code(item.keyword + 1, hi) + 1, hi))
            }
            ItemKind::Other if matches!(src.text(item.keyword), "const" | "static") => {
                let at = src.next_code(item.keyword + 1, hi);
                Some(if src.is_kw(at, "mut") { src.next_code(at + 1, hi) } else { at })
            }
            ItemKind::Fn | ItemKind::Trait | ItemKind::Other | ItemKind::Mod => {
                Some(src.next_code(item.keyword + 1, hi))
            }
            _ => None,
        };
        let name_at = name_token
            .and_then(|i| src.tokens.get(i))
            .filter(|t| t.kind == Kind::Ident)
            .map(|t| ByteSpan::new(t.start, t.end));
        let core = (item.kind == ItemKind::Impl).then(|| {
            let tokens = items::impl_core(src, item.keyword, item.end);
            let last = tokens.end.max(tokens.start + 1) - 1;
            ByteSpan::new(src.tokens[tokens.start].start, src.tokens[last].end)
        });
        let macro_name = match item.kind {
            ItemKind::MacroCall => {
                let bang = (item.keyword..item.end)
                    .find(|&i| src.is_punct(i, "!"))
                    .unwrap_or(item.keyword);
                src.prev_code(bang).and_then(|i| src.ident(i)).unwrap_or_default().to_string()
            }
            _ => String::new(),
        };
        let bytes = ByteSpan::new(src.tokens[item.lead].start, src.tokens[item.end - 1].end);
        Entry {
            name_at,
            name: item.names.first().cloned().unwrap_or_default(),
            kind: item.kind,
            container,
            range: line_span(&src.text, bytes),
            core,
            macro_name,
            tokens: item.keyword_to_end(),
            exported: item.is_exported_macro(src),
            parent,
            holds,
            attrs: item.attrs,
            use_tree: item.use_tree,
            rules: item.rules,
        }
    }

    /// The entries held by entry `parent`.
    pub fn children(&self, parent: usize) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(move |e| e.parent == Some(parent))
    }

    /// The first entry of `kind` whose bytes hold byte `at`.
    pub fn around(&self, kind: ItemKind, at: usize) -> Option<usize> {
        self.entries.iter().position(|e| e.kind == kind && e.range.contains(at))
    }

    /// The bundle's `macro_rules!` definitions by name (a name defined twice: none).
    pub fn macro_definitions(&self) -> HashMap<String, expand::Definition<'_>> {
        let mut macros = HashMap::new();
        let mut ambiguous = HashSet::new();
        for e in self.entries.iter().filter(|e| e.kind == ItemKind::MacroRules) {
            let Some(rules) = &e.rules else { continue };
            let def = expand::Definition { src: &self.src, rules: rules.clone() };
            if macros.insert(e.name.clone(), def).is_some() {
                ambiguous.insert(e.name.clone());
            }
        }
        macros.retain(|name, _| !ambiguous.contains(name));
        macros
    }

    /// What the item-position macro call `call` (an entry) expands to, item by item.
    pub fn expand_call(
        &self,
        call: usize,
        macros: &HashMap<String, expand::Definition>,
    ) -> Option<Vec<Source>> {
        let src = &self.src;
        let tokens = self.entries[call].tokens;
        let bang = tokens.indices().find(|&i| src.is_punct(i, "!"))?;
        let open = src.next_code(bang + 1, tokens.end);
        let args = TokenSpan::new(open + 1, src.partner(open)?);
        expand::expand_items(src, args, &self.entries[call].macro_name, macros)
    }

    /// Whether the identifier `name` occurs in bytes `range`.
    pub fn names_in(&self, range: ByteSpan, name: &str) -> bool {
        let src = &self.src;
        src.tokens.iter().enumerate().any(|(i, t)| {
            range.covers(ByteSpan::new(t.start, t.end))
                && t.kind == Kind::Ident
                && src.text(i) == name
        })
    }

    /// The entry whose name token is exactly `span`.
    pub fn named_at(&self, span: ByteSpan) -> Option<usize> {
        self.entries.iter().position(|e| e.name_at == Some(span))
    }

    /// The innermost entry named `name` whose bytes hold `span` and whose name token lies
    /// inside it.
    pub fn innermost_named(&self, span: ByteSpan, name: &str) -> Option<usize> {
        (0..self.entries.len())
            .filter(|&entry| {
                let e = &self.entries[entry];
                e.name == name
                    && e.range.covers(span)
                    && e.name_at.is_some_and(|name_at| span.covers(name_at))
            })
            .min_by_key(|&entry| self.entries[entry].range.len())
    }
}

/// Whether an item's keyword defines a type.
pub fn is_type_keyword(keyword: &str) -> bool {
    matches!(keyword, "struct" | "enum" | "union")
}
