//! Phase 1: which crates the bundle inlines, and every module of each, read and split into
//! items, with what `cfg(test)`, features and `#[test]` remove already marked, and every
//! attribute and `use` declaration of each file read once ([`syntax::Syntax`]), for the phases after
//! to look up rather than read again.
//!
//! A crate is inlined when code of a crate already inlined (main.rs first) names it: in Rust
//! 2018+ a dependency is reachable only through its name (a path, a `use`, an `extern crate`,
//! a macro call's path), so a crate whose name appears nowhere cannot be reached, and leaving
//! it out keeps exactly what the compiler would see. That is how the test harness, a normal
//! dependency of every problem for its generator binaries, stays out of every bundle; its
//! manifest is read only for the features it may turn on in the others ([`features`]), never
//! checked ([`manifests`]).
//!
//! What reading refuses beyond the manifests: a module file or `#[path]` target that resolves
//! (symlinks followed) outside the workspace, circular modules (a file that is already an
//! enclosing module's, as rustc says), modules nested past [`modules`]' bound and groups past
//! the lexer's: every walker of the tree and of groups recurses, and no input may drive that
//! recursion without bound.

mod exported;
mod features;
mod manifests;
mod modules;
mod syntax;
mod tree;

use std::path::Path;

use crate::attrs::{self, Presence};
use crate::items::{Item, ItemKind};
use crate::source::Source;
pub use features::manifest_text_check;
use manifests::Manifests;
use modules::Reader;
pub use tree::{Crate, CrateId, Entry, File, FileId, ModuleId, Role, Tree};

/// Where reading starts: the bundle's root.
pub enum Start<'a> {
    /// The binary crate in this folder: its `src/main.rs`.
    Binary(&'a Path),
    /// The library crate in this folder, as a program whose `main` does nothing (how a
    /// library is checked where it is written).
    Library(&'a Path),
}

/// Reads the binary crate in `crate_dir` (its `src/main.rs`) and every crate its code reaches
/// by name, each whole (minus what `cfg(test)`, features and `#[test]` remove). Paths in
/// messages are relative to `root`.
pub fn read(root: &Path, crate_dir: &Path) -> Result<Tree, String> {
    read_from(root, Start::Binary(crate_dir))
}

/// Reads the program that `start` is, and every crate its code reaches by name.
pub fn read_from(root: &Path, start: Start) -> Result<Tree, String> {
    let crate_dir = match start {
        Start::Binary(dir) | Start::Library(dir) => dir,
    };
    let mut manifests = Manifests::new(root, crate_dir)?;
    let mut reader = Reader::new(root, manifests.root().to_path_buf());
    match start {
        Start::Binary(dir) => reader.read_main(&mut manifests, &dir.join("src").join("main.rs"))?,
        Start::Library(_) => reader.read_linking_main(&mut manifests)?,
    }
    // Crates named by code already read, until none is new.
    let mut next = 0;
    while next < reader.crates_read() {
        reader.read_named_deps(&mut manifests, next)?;
        next += 1;
    }
    let mut tree = reader.finish();
    own_library_first(&mut tree);
    resolve_macro_use(&mut tree);
    exported::settle(&mut tree)?;
    Ok(tree)
}

/// The crates in their bundle order: main.rs, the problem's own library, then the libraries
/// in the order they were reached (each module told its crate's new index).
fn own_library_first(tree: &mut Tree) {
    let mut order: Vec<usize> = (0..tree.crates.len()).collect();
    if let Some(own) = tree.crates.iter().position(|c| c.role == Role::Own) {
        order.remove(own);
        order.insert(1, own);
    }
    let mut position = vec![0; order.len()];
    for (new, &old) in order.iter().enumerate() {
        position[old] = new;
    }
    let mut crates: Vec<Option<Crate>> = tree.crates.drain(..).map(Some).collect();
    tree.crates = order.iter().map(|&old| crates[old].take().expect("each crate once")).collect();
    for krate in &mut tree.crates {
        for (_, dep) in &mut krate.deps {
            *dep = CrateId(position[dep.0]);
        }
    }
    for k in tree.crate_ids() {
        let mut stack = vec![tree.krate(k).root];
        while let Some(m) = stack.pop() {
            tree.modules[m.0].krate = k;
            stack.extend(tree.module(m).entries.iter().filter_map(|e| e.child));
        }
    }
}

/// `#[macro_use] extern crate x;` at a crate's root: `x`'s exported macros are in scope in
/// every module of that crate (recorded in [`Crate::macro_use`]; the item itself goes).
fn resolve_macro_use(tree: &mut Tree) {
    for k in tree.crate_ids() {
        let root = tree.krate(k).root;
        let src = &tree.source_of(root).src;
        let mut found = Vec::new();
        for entry in &tree.module(root).entries {
            let item = &entry.item;
            if item.kind != ItemKind::ExternCrate {
                continue;
            }
            let present = attrs::presence(src, &item.attrs).ok() == Some(Presence::Kept);
            if !present || !item.has_attr(src, "macro_use") {
                continue;
            }
            if let Some(target) = extern_crate_name(src, item).and_then(|name| tree.dep(k, name)) {
                found.push(target);
            }
        }
        tree.crates[k.0].macro_use = found;
    }
}

/// The crate name of `extern crate name [as alias];`.
fn extern_crate_name<'s>(src: &'s Source, item: &Item) -> Option<&'s str> {
    let hi = item.end;
    src.ident(src.next_code(src.next_code(item.keyword + 1, hi) + 1, hi))
}

#[cfg(test)]
mod tests {
    use super::{read, CrateId, Role, Tree};
    use crate::items::ItemKind;
    use crate::testing::temp_crates;

    fn tree(files: &[(&str, &str)]) -> Tree {
        let dir = temp_crates(files);
        read(&dir.path, &dir.path.join("app")).expect("reads")
    }

    #[test]
    fn crates_are_read_as_code_reaches_them_the_own_library_first() {
        // main.rs names `b` and its own library, which names `a`; nothing names `c`, which
        // does not even lex.
        let tree = tree(&[
            ("app/src/main.rs", "fn main() {\n    b::f();\n    app::g();\n}\n"),
            ("app/src/lib.rs", "pub fn g() {\n    a::h();\n}\n"),
            ("a/src/lib.rs", "pub fn h() {}\n"),
            ("b/src/lib.rs", "pub fn f() {}\n"),
            ("c/src/lib.rs", "pub fn broken( {\n"),
        ]);
        let crates: Vec<(&str, Role)> =
            tree.crates.iter().map(|c| (c.name.as_str(), c.role)).collect();
        assert_eq!(
            crates,
            [("", Role::Main), ("app", Role::Own), ("b", Role::Library), ("a", Role::Library)]
        );
        assert_eq!(tree.dep(tree.main(), "b"), Some(CrateId(2)));
        assert_eq!(tree.dep(tree.main(), "app"), Some(CrateId(1)));
        assert_eq!(tree.dep(tree.main(), "c"), None, "a dependency nothing names is not read");
        assert!(tree.has_dep(CrateId(1), "a"));
        // Each module knows its crate after the reordering.
        for k in tree.crate_ids() {
            assert_eq!(tree.module(tree.krate(k).root).krate, k);
        }
    }

    #[test]
    fn modules_are_found_and_what_cfg_removes_is_marked() {
        let lib = "mod flat;\npub mod nested {\n    pub fn n() {}\n}\n#[path = \"elsewhere/p.rs\"]\nmod p;\n\
                   #[cfg(test)]\nmod tests {}\npub struct S;\nimpl S {\n    #[cfg(test)]\n    fn t() {}\n    fn u() {}\n}\n\
                   #[macro_export]\nmacro_rules! m {\n    () => {};\n}\n";
        let tree = tree(&[
            ("app/src/main.rs", "fn main() {\n    app::S;\n}\n"),
            ("app/src/lib.rs", lib),
            ("app/src/flat.rs", "pub fn f() {}\n"),
            ("app/src/elsewhere/p.rs", "pub fn q() {}\n"),
        ]);
        let own = tree.krate(CrateId(1));
        assert!(own.exported.contains("m"));
        let root = tree.module(own.root);
        let children: Vec<&str> = root
            .entries
            .iter()
            .filter_map(|e| e.child)
            .map(|c| tree.module(c).name.as_str())
            .collect();
        assert_eq!(children, ["flat", "nested", "p"]);
        let p = root.entries.iter().filter_map(|e| e.child).next_back().expect("p");
        assert!(tree.source_of(p).path.ends_with("elsewhere/p.rs"));
        let removed: Vec<(ItemKind, bool, usize)> =
            root.entries.iter().map(|e| (e.item.kind, e.removed, e.removed_inside.len())).collect();
        assert_eq!(removed[3], (ItemKind::Mod, true, 0), "`#[cfg(test)] mod tests`");
        assert_eq!(removed[5], (ItemKind::Impl, false, 1), "`#[cfg(test)] fn t` inside");
    }

    #[test]
    fn an_extern_crate_of_an_inlined_crate_goes_and_lends_its_macros() {
        let main = "#[macro_use]\nextern crate lib;\nfn main() {\n    m!();\n    lib::f();\n}\n";
        let lib = "#[macro_export]\nmacro_rules! m {\n    () => {};\n}\npub fn f() {}\n";
        let tree = tree(&[("app/src/main.rs", main), ("lib/src/lib.rs", lib)]);
        let main = tree.krate(tree.main());
        assert_eq!(main.macro_use, [CrateId(1)]);
        assert!(tree.module(main.root).entries[0].removed, "the `extern crate` goes");
    }

    #[test]
    fn what_a_bundle_cannot_have_is_refused_at_its_place() {
        let refused = |main: &str| {
            let dir = temp_crates(&[("app/src/main.rs", main), ("lib/src/lib.rs", "")]);
            read(&dir.path, &dir.path.join("app")).expect_err("refused")
        };
        assert_eq!(
            refused("extern crate rand;\nfn main() {}\n"),
            "app/src/main.rs:1:1: cannot inline `extern crate rand`: a bundle has std, core and \
             alloc only"
        );
        assert!(refused("mod gone;\nfn main() {}\n").contains("file not found for module `gone`"));
        assert!(refused("#![cfg(test)]\nfn main() {}\n").contains("by an inner `#![cfg]`"));
    }
}
