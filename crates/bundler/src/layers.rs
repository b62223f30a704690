//! The bundler's modules in layers, and a test that every arrow points down: a module may
//! name (`crate::x`, `super::x`, in code or in a `use`) only modules of a lower layer. Shared
//! helpers (text spans, tokens, diagnostics, the edition) are at the bottom, then the syntax
//! of items, then the phases in the order they run; a phase's folder is layered the same way
//! (its `mod.rs`, which puts the phase together, above the parts it uses). Tests may look
//! anywhere. ARCHITECTURE.md draws this table.

use std::collections::BTreeSet;
use std::path::Path;

use crate::attrs::{self, Presence};
use crate::items::{self, ItemKind};
use crate::source::Source;

/// Every module, lowest layer first (`a::b` is `src/a/b.rs`; `a` is `src/a.rs` or
/// `src/a/mod.rs`; `` is `lib.rs`, above all).
const LAYERS: &[&[&str]] = &[
    // Shared helpers.
    &["edition", "span", "lexer", "scratch", "judged"],
    &["source", "mapped", "rustc", "manifest"],
    &["cfg", "use_tree", "refusal"],
    // The syntax of items.
    &["attrs"],
    &["items"],
    &["expand"],
    // Phase 1: reading.
    &["read::syntax"],
    &["read::tree", "read::features"],
    &["read::manifests"],
    &["read::modules", "read::exported"],
    &["read"],
    // Phase 2: one text.
    &["inline::text"],
    &["inline::scope"],
    &["inline::include", "inline::imports"],
    &["inline::paths"],
    &["inline"],
    // Phase 3: what goes.
    &["index", "hidden"],
    &["scopes"],
    &["reach"],
    &["prune::removal"],
    &["prune::reported", "prune::types"],
    &["prune"],
    &["arms", "newer"],
    // Phase 4: the judge's file.
    &["emit"],
    // Beside the pipeline: a library checked where it is written.
    &["library"],
    &[""],
];

/// Test-only modules: they may name anything.
const TESTS: &[&str] = &["tests", "tests_read", "testing", "layers"];

/// The layer of `module`, if the table holds it.
fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// The module path of the file `rel` under `src/` (`inline/paths.rs` -> `inline::paths`).
fn module_of(rel: &Path) -> String {
    let mut parts: Vec<String> =
        rel.iter().map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts.join("::")
}

/// The modules a file names outside its test code: each `crate::..`, `super::..`, `self::..`
/// and `child::..` path, as the longest prefix that is a module of `modules`.
fn named_modules(module: &str, src: &Source, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let mut named = BTreeSet::new();
    let here: Vec<&str> = if module.is_empty() { Vec::new() } else { module.split("::").collect() };
    let mut resolve = |path: &[String]| {
        let mut at: Vec<String> = here.iter().map(|s| s.to_string()).collect();
        let mut rest = path;
        match rest.first().map(String::as_str) {
            Some("crate") => at.clear(),
            Some("super") => {
                while rest.first().map(String::as_str) == Some("super") {
                    at.pop();
                    rest = &rest[1..];
                }
            }
            Some("self") => {}
            // A child module by its bare name (`use paths::Rewriter;` in `inline`).
            Some(first) if modules.contains(&[module, first].join("::")) => {}
            _ => return,
        }
        let rest = rest.iter().skip_while(|s| *s == "crate" || *s == "self");
        let mut target = at.join("::");
        for segment in rest {
            let longer =
                if target.is_empty() { segment.clone() } else { format!("{target}::{segment}") };
            if !modules.contains(&longer) {
                break;
            }
            target = longer;
        }
        named.insert(target);
    };
    let items = items::split(src, 0, src.tokens.len()).expect("the bundler's sources split");
    for item in items {
        let test_only = attrs::presence(src, &item.attrs).ok() != Some(Presence::Kept);
        if test_only || (item.kind == ItemKind::Mod && item.body.is_none()) {
            continue;
        }
        if let Some(tree) = &item.use_tree {
            for leaf in &tree.leaves {
                resolve(&leaf.path());
            }
            continue;
        }
        for i in item.lead..item.end {
            let start = matches!(src.ident(i), Some("crate" | "super" | "self"))
                && src.is_punct(i + 1, "::")
                && !src.prev_code(i).is_some_and(|p| src.is_punct(p, "$") || src.is_punct(p, "::"));
            if !start {
                continue;
            }
            let mut path = Vec::new();
            let mut j = i;
            while let Some(segment) = src.ident(j) {
                path.push(segment.to_string());
                if !src.is_punct(j + 1, "::") {
                    break;
                }
                j += 2;
            }
            resolve(&path);
        }
    }
    named.remove(module);
    named
}

/// Every `.rs` file under `dir`, relative to `root`.
fn rust_files(root: &Path, dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the sources").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path.strip_prefix(root).expect("under src").to_path_buf());
        }
    }
}

#[test]
fn every_module_names_only_modules_of_lower_layers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &root, &mut files);
    files.sort();
    let modules: BTreeSet<String> = files.iter().map(|f| module_of(f)).collect();
    let tables: BTreeSet<String> =
        LAYERS.iter().flat_map(|l| l.iter()).map(|m| m.to_string()).collect();
    let tests: BTreeSet<String> = TESTS.iter().map(|m| m.to_string()).collect();
    let unplaced: Vec<&String> =
        modules.difference(&tables).filter(|m| !tests.contains(*m)).collect();
    assert!(unplaced.is_empty(), "modules the layer table does not place: {unplaced:?}");
    let gone: Vec<&String> = tables.difference(&modules).collect();
    assert!(gone.is_empty(), "the layer table names modules that do not exist: {gone:?}");
    let mut upward = Vec::new();
    let mut arrows = 0;
    for file in &files {
        let module = module_of(file);
        if tests.contains(&module) {
            continue;
        }
        let text = std::fs::read_to_string(root.join(file)).expect("a source file");
        let src = Source::new(file.display().to_string(), text).expect("lexes");
        let own = layer(&module).expect("placed");
        for target in named_modules(&module, &src, &modules) {
            arrows += 1;
            let below = layer(&target).is_some_and(|l| l < own);
            if !below && !tests.contains(&target) {
                upward.push(format!("{module} -> {target} ({})", file.display()));
            }
        }
    }
    assert!(arrows > 50, "only {arrows} arrows found: the scan misses paths");
    assert!(upward.is_empty(), "arrows that do not point down:\n{}", upward.join("\n"));
}

#[test]
fn the_scan_finds_arrows_in_code_and_in_use_trees() {
    let modules: BTreeSet<String> =
        ["a", "b", "c", "c::d", "e"].iter().map(|m| m.to_string()).collect();
    let text =
        "use super::{a::X, b};\nuse crate::c::d::Y;\nfn f() { crate::e::g(); $crate::h(); }\n\
                #[cfg(test)]\nmod tests {\n    use crate::b;\n}\n";
    let src = Source::new("t.rs".to_string(), text.to_string()).expect("lexes");
    let named = named_modules("c", &src, &modules);
    assert_eq!(named.into_iter().collect::<Vec<_>>(), ["a", "b", "c::d", "e"]);
}
