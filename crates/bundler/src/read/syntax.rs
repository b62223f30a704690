//! Every attribute and every `use` declaration of a file, read once with the file: what the
//! phases after ask of the tokens inside items (a `use` in a block, a `#[cfg]` on a
//! statement), looked up by the token that starts it rather than read again.

use std::collections::HashMap;

use crate::attrs::Attribute;
use crate::source::Source;
use crate::use_tree::UseTree;

/// A file's attributes and `use` declarations, by their first token.
#[derive(Debug, Default)]
pub struct Syntax {
    attrs: HashMap<usize, Attribute>,
    /// Each `use` keyword's declaration, or why it has no `;` (a `use` in a macro's template).
    uses: HashMap<usize, Result<UseTree, String>>,
}

impl Syntax {
    pub fn read(src: &Source) -> Syntax {
        let mut syntax = Syntax::default();
        let all = src.tokens.len();
        for i in 0..all {
            if src.is_kw(i, "use") {
                syntax.uses.insert(i, UseTree::read(src, i, all));
            } else if let Some(attr) = Attribute::at(src, i) {
                syntax.attrs.insert(i, attr);
            }
        }
        syntax
    }

    /// The attribute whose `#` is token `hash`.
    pub fn attribute(&self, hash: usize) -> Option<&Attribute> {
        self.attrs.get(&hash)
    }

    /// The `use` declaration whose keyword is token `keyword` (an error if it has no `;`,
    /// or if the token is no `use` keyword).
    pub fn use_tree(&self, keyword: usize) -> Result<&UseTree, String> {
        match self.uses.get(&keyword) {
            Some(Ok(tree)) => Ok(tree),
            Some(Err(error)) => Err(error.clone()),
            None => Err(format!("token {keyword} is no `use` keyword")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Syntax;
    use crate::source::Source;

    #[test]
    fn every_attribute_and_use_is_found_by_its_first_token() {
        let text = "fn f() {\n    #[cfg(test)]\n    let x = 1;\n    use a::{b, c};\n}\n\
                    macro_rules! m { () => { use $crate::x } }\n";
        let src = Source::new("t.rs".to_string(), text.to_string()).expect("lexes");
        let syntax = Syntax::read(&src);
        let hash = (0..src.tokens.len()).find(|&i| src.text(i) == "#").expect("a `#`");
        let attr = syntax.attribute(hash).expect("an attribute");
        assert_eq!(attr.name(&src), Some("cfg"));
        assert_eq!(attr.is_false_cfg(&src), Ok(true));
        let uses: Vec<usize> = (0..src.tokens.len()).filter(|&i| src.text(i) == "use").collect();
        let tree = syntax.use_tree(uses[0]).expect("a `use`");
        assert_eq!(tree.names(), ["b", "c"]);
        // A template's `use` without its `;`.
        assert!(syntax.use_tree(uses[1]).is_err());
    }
}
