//! The bundler: one self-contained `.rs` file per problem, for judges that take one file.
//!
//! The bundle is the problem's `main.rs`, then one `mod <crate_name> { ... }` per library it
//! may use: every crate its `Cargo.toml` depends on by `path` (judge-io is one of them), theirs
//! transitively, then the problem's own `lib.rs`; each library's module files are inlined
//! recursively as `mod foo { ... }`. It must compile with the judge's rustc 1.63 with the
//! judge's flags, edition 2015 included, and behave exactly like the cargo-built binary.
//!
//! # Which crates it inlines
//! A library is any std-only crate of the workspace with a `src/lib.rs`, wherever it lives
//! (`crates/<lib>`, `judge-io/`); problem crates are told apart by their
//! `[package.metadata.judge]` table, which the bundler does not need. [`manifest`] refuses, with
//! the line, what a bundle cannot reproduce: a dependency that is not a plain `path` into the
//! workspace (crates.io, git, renamed, with features), build and target-specific
//! dependencies, default features (`default` other than `[]`), a custom `[lib] path`, a
//! `build.rs`, a Rust 2015 crate. So no feature is ever on, in cargo's build as in the
//! bundle, and `cfg(feature = "...")` is decided false; an `optional = true` dependency is
//! never compiled, so never inlined. A crate's name is its `[lib] name` or its package name
//! with `-` as `_`.
//!
//! # How it reads code
//! Everything goes through a real tokenizer ([`lexer`]): strings, raw strings, char literals
//! versus lifetimes, nested and doc comments. Tokens keep their byte spans, so kept code is
//! copied verbatim (readable, not minified) and every change is a splice at a token boundary;
//! nothing is ever matched line by line. [`items`] splits a module's tokens into items
//! (attributes, visibility, keyword, up to the `;` or the balanced `{ ... }` body).
//!
//! # What it keeps, and why that cannot change what the program does
//! All of `main.rs` and its modules is kept. Of a library, nothing is kept unless its crate
//! name appears in kept code (an item of it is reachable only through that name). Then every
//! module file of it is read (not only the named ones: an `impl` in a module nothing names
//! still adds methods), and a fixpoint over identifiers keeps items. "Used" below means: the
//! identifier occurs in kept code, anywhere except after a single `.`; "member" means it occurs
//! after a single `.` (a field or a method call). Format strings' `{name}` and `{:width$}`
//! count as used.
//! - A module is kept when its name is used in a path (`m::x`, a `use`), or when something
//!   in it is kept. Other items of a module that is not kept are reachable only through its
//!   name, so in such a module only `impl`s, traits (by name), `macro_rules!` and library
//!   macro calls are considered (by the rules below, which need no path).
//! - A named item (fn, struct, enum, const, static, type) of module `m` is kept when its name
//!   is used where it may mean `m`'s item. A `const` used in a pattern, a type, a macro: all
//!   are written by name in the code that needs them. An occurrence surely means another
//!   module's item, and does not count, only when it is
//!   - `q::name` (in a `use` too) where `q` is the name of a module (`mod q`, or a library's
//!     crate name) other than `m`, and `q` is not "opaque": named by an `as` anywhere (an
//!     alias), or the name of a module with a glob import or a module-level call of a macro
//!     that may expand to a `use` (main.rs's macros, or a library macro whose tokens, or
//!     those of the library macros it names, hold `use`). `self::`, `super::`, `crate::`,
//!     `Self::`, `$q::` and `<..>::` count for every module.
//!   - a plain `name` in an item of a library module `p` that defines `name` itself, imports
//!     nothing of that name and is not opaque, and where the item holds no glob import (in a
//!     block, `use q::*;` shadows the module's items) and no call of a macro other than a few
//!     of std's: it means `p`'s item.
//!
//!   Inside any macro's tokens (`m!(..)`, a `macro_rules!`) an identifier counts for every
//!   module: a macro may put it after any path.
//! - A `macro_rules!` macro is kept when its name is called (`name!`), is in a `use`, or occurs
//!   inside a macro's tokens (it may be passed by name and called as `$m!`), in any module:
//!   textual scope, `#[macro_use]` and `#[macro_export]` reach it without its module's name.
//!   `name!(..)` counts for macros only, never for a function or type of that name.
//! - A trait is kept when its name is used, or, in a kept module, when the name of one of its
//!   associated items is used or is a member. Method calls do not name their trait, and a
//!   trait method in scope may win over an inherent one (`v.len()` with a by-value `len(self)`
//!   on `Vec<char>`). A trait is in scope in kept code only if it is defined in a kept module,
//!   named (a bound, `dyn`), imported by name, imported by a glob (whose module is then kept:
//!   it is in the path) or by `as _` (always kept with its module). So an import (`use`) of a
//!   trait whose associated item is used counts as used too (also under another name, `as
//!   Alias`), and keeps, through its path, the module where the trait is; any trait of the
//!   called method's name that can be in scope stays.
//! - An `impl` is kept, wherever it is, when every library type or trait its header names
//!   in the trait path and the self type is kept (used, or for a name its module surely means
//!   its own item by, used where it may mean that item: a kept item names itself); generic parameters, path prefixes,
//!   associated type bindings, constants, type aliases and imports (which stand for other
//!   names) and the bounds are not checked. A value of a library type, or a call of a
//!   library trait's method, exists in kept code only if that type or trait is kept; so an
//!   `impl` that could be used is kept. Blanket impls (`impl<T: Ord> ChMax for T`) are kept
//!   with their trait.
//! - A `use` in module `m` is kept when one of its imports is used where it may mean `m`'s
//!   name (as for items above), is called as a macro, or is a trait whose associated item is
//!   used; each import counts on its own, so `use m::{A, B};` with only `A` used keeps and
//!   reaches only `A` (`B` is cut from the list). Imports from std/core/alloc, globs and `as
//!   _` are kept whenever their module is.
//! - A call of a library macro at module level is kept whenever its module is, and also when
//!   the call or a macro it reaches names a used library type or trait (what it expands to is
//!   made of those tokens, so an `impl` it makes that could be used names one). Calls of std's item
//!   macros (`thread_local!`) define named items and follow the module. Inner attributes,
//!   `extern` blocks and `const _` follow their module.
//! - Kept items are kept whole (methods of a kept `impl` are not shaken).
//!
//! Names are resolved only as far as above: two items of the same name in kept modules are
//! both kept whenever an occurrence may mean either. Every rule errs on keeping more; none
//! drops an item a program that compiles could reach. `XTASK_BUNDLE_TRACE=1` prints to stderr
//! each kept library item with the first kept item that named it, and each kept import.
//!
//! # cfg
//! Every item whose `#[cfg]` is false, every `#[test]` function, also inside `impl` and
//! `trait` bodies, is removed before anything else, and a module file under a false `cfg` is
//! never read. The bundler decides `test` (off), `feature = ".."` (off), `not`, `all` and
//! `any`; any other predicate (`unix`, `target_pointer_width = "32"`, `debug_assertions`)
//! stays in the bundle, attribute and all, for the judge's compiler to decide as cargo's
//! compiler did; so `#[cfg(unix)]` and `#[cfg(not(unix))]` items of the same name are both
//! kept. `cfg_attr` and `cfg!` are always left to the compiler.
//!
//! # What it rewrites
//! - `mod foo;` becomes `mod foo { <foo.rs or foo/mod.rs> }`, attributes and visibility kept;
//!   inner `//!` docs and `#![...]` attributes stay at the top of the new block, where they
//!   are legal.
//! - In library code a path starting with `crate` becomes `crate::<lib>` (in `use` trees too;
//!   `pub(crate)` and `pub(in crate)` stay; `pub(in crate::x)` has its path rewritten), and
//!   `$crate` in a library macro becomes `$crate::<lib>`.
//! - A path starting with the name of a crate the code depends on (not after `::` or `.`)
//!   becomes `crate::<lib>...`; `::<lib>` becomes `crate::<lib>` too. A library's code names
//!   only its own dependencies (a module of its own named like another inlined crate stays
//!   itself); main.rs may name every inlined crate.
//! - `#[macro_export]` macros land at the bundle's root, as they land at their crate's root:
//!   `crate::m!`, `$crate::m!` and `<lib>::m!` to one of them become `crate::m!`, and a
//!   `use <lib>::m;` at the bundle's root is dropped (the macro is already there). In a group
//!   (`use <lib>::{m, X};`, `use crate::{m, X};`, in blocks too) `m` leaves the group for a
//!   `use crate::m;` of its own right after it, with the same visibility and alias (none at
//!   the bundle's root under its own name), and a `use` whose group is left empty goes. Two
//!   inlined crates exporting macros of the same name are refused.
//! - A `use` (at module level, in a block, or in a `macro_rules!` transcriber) whose path
//!   starts with a plain name (`use grid::Grid;`, relative in Rust 2018+) gets `self::` in
//!   front, so that it means the same in Rust 2015, where `use` paths are crate-relative;
//!   `use core::x` becomes `use std::x`. `crate::` paths work in both editions since Rust
//!   1.30. Exception: a `use` in a block of an item declared in that block or an enclosing
//!   one (`fn f() { enum Dir {..} use Dir::*; }`) stays as written, since `self::` would name
//!   the module; Rust 2015 cannot write that path at all, so such code compiles in 2018+
//!   editions only, with cargo as in the bundle. So does `pub(crate) use m;` of a
//!   `macro_rules!` macro `m` (a re-export from textual scope, which `self::m` would miss).
//! - Inlined libraries get `#[allow(dead_code, unused_imports, unused_macros)]`: a kept
//!   `impl`, trait or `use` may be partly unused.
//! - Runs of blank lines left by removals are collapsed (outside literals, by re-tokenizing).
//!   [`Options::compact`] also drops every comment and doc comment, and the lines they leave
//!   empty; literals are never touched.
//!
//! # What it refuses (a clear `file:line:column: message` instead of a broken file)
//! `include!`/`include_str!`/`include_bytes!` (the judge has no files), `env!`/`option_env!`
//! (no cargo environment), `#[path]`, `extern crate` of anything but std/core/alloc (a plain
//! `extern crate <lib>;` at main.rs's root is dropped: in Rust 2018+ it adds nothing), the
//! manifests above, a `#[cfg]` that is false on something other than a whole item (`#[cfg(test)]
//! let x`), an inner `#![cfg]` that is false, a `crate` keyword it cannot place, and lexical
//! errors, unbalanced delimiters, malformed items and missing module files (in any module
//! file of an inlined library: they are all read).
//!
//! The output is deterministic: the same files give the same bytes (no timestamps, files in
//! reading order, kept items in source order).
//!
//! # Known limits
//! Edition differences other than paths are not rewritten: code meant for Algospot (Rust
//! 2015) must avoid what 2015 reads differently (`TryFrom` without a `use`, arrays'
//! `into_iter`); compiling the bundle with the judge's flags, as `scripts/test.sh` does,
//! catches what does not compile. A library's own `#![deny(warnings)]` would turn what the
//! shaking leaves unused into errors. Names are matched and only partly resolved, so a bundle
//! may carry items of the same name as used ones (a plain name in main.rs, `Type::name`,
//! anything inside a macro call such as `println!(.., m::f())`), and traits whose method
//! names are common (`new`, `len`): larger, never different.

mod items;
mod lexer;
mod manifest;
mod source;
#[cfg(test)]
mod tests;

use std::collections::{HashMap, HashSet};
use std::env;
use std::fs;
use std::path::{Path, PathBuf};

use items::{Item, ItemKind, Presence};
use lexer::{Kind, Lit};
use source::Source;

/// How to write the bundle.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Drop every comment and doc comment (never the inside of a literal).
    pub compact: bool,
}

/// One self-contained, readable source file for the problem crate `crates/<problem>` (see
/// [`compact`] for the compact one).
pub fn bundle(root: &Path, problem: &str) -> Result<String, String> {
    let crate_dir = root.join("crates").join(problem);
    if !crate_dir.join("Cargo.toml").is_file() {
        return Err(format!("no problem crate at crates/{problem}"));
    }
    bundle_crate(root, &crate_dir, problem, Options::default())
}

/// One self-contained source file for the binary crate in `crate_dir` (its `src/main.rs`),
/// with its own `src/lib.rs` and every library it depends on by path inlined.
pub fn bundle_crate(
    root: &Path,
    crate_dir: &Path,
    problem: &str,
    options: Options,
) -> Result<String, String> {
    let libs = libraries(root, crate_dir)?;
    let text = bundle_files(root, problem, &crate_dir.join("src").join("main.rs"), &libs)?;
    Ok(if options.compact { compact(&text, problem) } else { text })
}

/// A library crate the bundle inlines as `mod <name> { ... }`.
#[derive(Debug, Clone)]
pub struct Library {
    /// Its crate name as code writes it (`judge_io`).
    pub name: String,
    /// Its `lib.rs`.
    pub root_file: PathBuf,
    /// The crates its code may name (its dependencies): only these paths are rewritten to
    /// `crate::<dep>`, so a module of the same name as another inlined crate stays itself.
    pub deps: Vec<String>,
}

/// The libraries a bundle of the crate in `crate_dir` may need: its `[dependencies]`, all
/// by `path` to std-only crates inside the workspace, and theirs, transitively (in the order
/// the manifests list them), then the crate's own `src/lib.rs`.
fn libraries(root: &Path, crate_dir: &Path) -> Result<Vec<Library>, String> {
    let root_real = fs::canonicalize(root).map_err(|e| format!("cannot read {root:?}: {e}"))?;
    let display = |dir: &Path| -> String {
        dir.strip_prefix(&root_real).unwrap_or(dir).display().to_string()
    };
    let start = fs::canonicalize(crate_dir)
        .map_err(|e| format!("cannot read {}: {e}", crate_dir.display()))?;
    let mut seen = vec![start.clone()];
    let mut queue = vec![start.clone()];
    let mut libs: Vec<Library> = Vec::new();
    let mut own = None;
    let mut next = 0;
    while next < queue.len() {
        let dir = queue[next].clone();
        next += 1;
        let manifest = manifest::read(&dir, &display(&dir))?;
        if dir.join("build.rs").exists() {
            return Err(format!(
                "{}/build.rs: cannot inline a build script's effects",
                display(&dir)
            ));
        }
        let library = Library {
            name: manifest.lib_name.clone().unwrap_or_else(|| manifest.package.replace('-', "_")),
            root_file: dir.join("src").join("lib.rs"),
            deps: manifest.path_dependencies.iter().map(|d| d.name.replace('-', "_")).collect(),
        };
        if dir == start {
            if library.root_file.is_file() {
                own = Some(library);
            }
        } else {
            if !library.root_file.is_file() {
                return Err(format!(
                    "{}: a dependency must be a library (src/lib.rs)",
                    display(&dir)
                ));
            }
            if let Some(other) = libs.iter().find(|l| l.name == library.name) {
                return Err(format!(
                    "two inlined crates are named `{}`: {} and {}",
                    library.name,
                    display(other.root_file.parent().and_then(Path::parent).unwrap_or(root)),
                    display(&dir)
                ));
            }
            libs.push(library);
        }
        for dep in manifest.path_dependencies {
            let dep_dir = fs::canonicalize(dir.join(&dep.path)).map_err(|e| {
                format!(
                    "{}/Cargo.toml: dependency `{}`: {}: {e}",
                    display(&dir),
                    dep.name,
                    dep.path
                )
            })?;
            if !dep_dir.starts_with(&root_real) {
                return Err(format!(
                    "{}/Cargo.toml: dependency `{}` lies outside the workspace; the bundle only \
                     inlines the workspace's own std-only libraries",
                    display(&dir),
                    dep.name
                ));
            }
            if !seen.contains(&dep_dir) {
                seen.push(dep_dir.clone());
                queue.push(dep_dir);
            }
        }
    }
    libs.extend(own);
    Ok(libs)
}

/// Bundles `main` with `libs`; `problem` names the bundle in its header. Paths in messages and
/// in the header are relative to `root` when they lie inside it.
pub fn bundle_files(
    root: &Path,
    problem: &str,
    main: &Path,
    libs: &[Library],
) -> Result<String, String> {
    let mut bundler = Bundler {
        root,
        files: Vec::new(),
        owners: Vec::new(),
        owner: 0,
        crate_names: libs.iter().map(|lib| lib.name.clone()).collect(),
        deps: libs.iter().map(|lib| (lib.name.clone(), lib.deps.clone())).collect(),
        exported: HashMap::new(),
        used: Used::default(),
        defined: Defined::default(),
        modules: libs.iter().map(|lib| lib.name.clone()).collect(),
        opaque: HashSet::new(),
    };
    let mut used = Used {
        origins: env::var_os("XTASK_BUNDLE_TRACE").map(|_| HashMap::new()),
        ..Used::default()
    };
    let mut main_module = bundler.file_module(main)?;
    bundler.keep_all(&mut main_module, &mut used)?;

    for name in main_module.names() {
        if bundler.crate_names.contains(&name) {
            return Err(format!(
                "{}: main.rs defines `{name}`, the name of a crate the bundle inlines",
                bundler.files[0].name
            ));
        }
    }

    let mut defined = Defined::default();
    let mut lib_modules: Vec<Option<Module>> = libs.iter().map(|_| None).collect();
    loop {
        let mut changed = false;
        // Complete on the last pass, which changes nothing (so loads nothing).
        let mut opaque = HashSet::new();
        for module in lib_modules.iter().flatten() {
            bundler.macro_opaque(module, &defined, &mut opaque);
        }
        bundler.opaque.extend(opaque);
        for (k, (lib, module)) in libs.iter().zip(lib_modules.iter_mut()).enumerate() {
            bundler.owner = k + 1;
            if module.is_none() && used.names.contains(&lib.name) {
                let mut loaded = bundler.file_module(&lib.root_file)?;
                bundler.name_module(&mut loaded, &lib.name)?;
                bundler.load_all(&mut loaded, &lib.name, &mut defined)?;
                *module = Some(loaded);
                changed = true;
            }
            if let Some(module) = module {
                changed |= bundler.shake(module, true, &mut used, &defined)?;
            }
        }
        if !changed {
            break;
        }
    }
    bundler.used = used;
    bundler.defined = defined;

    let mut body = bundler.render(&main_module, None)?;
    for (lib, module) in libs.iter().zip(&lib_modules) {
        if let Some(module) = module {
            let text = bundler.render(module, Some(&lib.name))?;
            body.push_str("\n#[allow(dead_code, unused_imports, unused_macros)]\nmod ");
            body.push_str(&lib.name);
            body.push_str(" {\n");
            body.push_str(&text);
            if !text.ends_with('\n') {
                body.push('\n');
            }
            body.push_str("}\n");
        }
    }
    let mut out = format!(
        "// `{problem}` as one file for its judge, generated by `scripts/bundle.sh {problem}`.\n\
         // Do not edit: edit these files and bundle again (only what main.rs uses is kept):\n"
    );
    let mut kept_files = HashSet::new();
    main_module.kept_files(&mut kept_files);
    for module in lib_modules.iter().flatten() {
        module.kept_files(&mut kept_files);
    }
    for owner in 0..=libs.len() {
        for (k, file) in bundler.files.iter().enumerate() {
            if bundler.owners[k] == owner && kept_files.contains(&k) {
                out.push_str("//   ");
                out.push_str(&file.name);
                out.push('\n');
            }
        }
    }
    out.push('\n');
    out.push_str(&body);
    Ok(tidy(&out))
}

struct Bundler<'a> {
    root: &'a Path,
    /// Every file read, in reading order.
    files: Vec<Source>,
    /// For each file, whose it is: 0 for main.rs's, k + 1 for library k's.
    owners: Vec<usize>,
    /// The owner of the files read from now on.
    owner: usize,
    /// The crate names that become `crate::<name>` paths.
    crate_names: Vec<String>,
    /// For each library, the crates it depends on.
    deps: HashMap<String, Vec<String>>,
    /// For each inlined library, the `#[macro_export]` macros it defines: they land at the
    /// bundle's root, so paths to them become `crate::<macro>`.
    exported: HashMap<String, HashSet<String>>,
    /// The identifiers of kept code once the shaking is done (for shaking `use` lists).
    used: Used,
    /// What the libraries define, once the shaking is done.
    defined: Defined,
    /// The names of every module read (`mod` items and the libraries' crate names).
    modules: HashSet<String>,
    /// Names a path may not resolve through by name alone: aliases (`as M` anywhere) and
    /// modules with a glob import or a macro call at module level (which may re-export).
    opaque: HashSet<String>,
}

/// A module: a whole file or the body of an inline `mod m { ... }`.
struct Module {
    file: usize,
    /// The byte range of its text (inside the braces for an inline module).
    text: (usize, usize),
    /// Where the files of its `mod foo;` children are.
    dir: PathBuf,
    entries: Vec<Entry>,
    /// Its name: the `mod` item's, the crate's for a library's root, empty for main.rs.
    name: String,
}

impl Module {
    /// Adds the files of this kept module and of its kept children to `out`.
    fn kept_files(&self, out: &mut HashSet<usize>) {
        out.insert(self.file);
        for entry in &self.entries {
            if let (State::Kept, Some(child)) = (entry.state, &entry.child) {
                child.kept_files(out);
            }
        }
    }

    fn has_kept(&self) -> bool {
        self.entries.iter().any(|e| e.state == State::Kept)
    }

    fn names(&self) -> impl Iterator<Item = String> + '_ {
        self.entries
            .iter()
            .filter(|e| e.state != State::Removed)
            .flat_map(|e| e.item.names.iter().cloned())
    }
}

struct Entry {
    item: Item,
    state: State,
    /// Token ranges of associated items removed by `cfg` inside an `impl` or `trait` body.
    removed_inside: Vec<(usize, usize)>,
    /// For a trait: the names of its associated items (methods are called by these alone).
    members: Vec<String>,
    /// The module of a kept `mod` item.
    child: Option<Module>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Removed by `cfg` or `#[test]`: never kept.
    Removed,
    /// Not (yet) kept.
    Unused,
    Kept,
}

/// A splice: bytes `start..end` of a file become `text`.
#[derive(Debug)]
struct Edit {
    start: usize,
    end: usize,
    text: String,
}

const PATH_ATTRIBUTE: &str = "cannot inline `#[path]`: keep module files where `mod` finds them";
const NESTED_TEST: &str =
    "cannot remove this `#[test]`: the bundler removes test items only at module level";
const NESTED_CFG: &str = "cannot remove code under this `#[cfg]`: the bundler removes whole \
    items only (put the code in an item of its own)";

const MISPLACED_CRATE: &str =
    "cannot inline this use of `crate` (expected `crate::path` or `pub(crate)`)";

/// Macros whose expansion depends on the build environment, with the reason.
const INLINE_REFUSED: &[(&str, &str)] = &[
    ("include", "the judge has no other files"),
    ("include_str", "the judge has no other files"),
    ("include_bytes", "the judge has no other files"),
    ("env", "the judge's compiler does not see cargo's environment"),
    ("option_env", "the judge's compiler does not see cargo's environment"),
];

impl Bundler<'_> {
    fn display(&self, path: &Path) -> String {
        path.strip_prefix(self.root).unwrap_or(path).display().to_string()
    }

    /// Reads, tokenizes and splits the module file at `path`; its children live beside it
    /// (`lib.rs`, `main.rs`, `mod.rs`) or in the folder named after it (`foo.rs` -> `foo/`).
    fn file_module(&mut self, path: &Path) -> Result<Module, String> {
        let name = self.display(path);
        let text = fs::read_to_string(path).map_err(|e| format!("cannot read {name}: {e}"))?;
        let src = Source::new(name, text)?;
        let parent = path.parent().unwrap_or(Path::new("."));
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
        let dir = match stem {
            "lib" | "main" | "mod" => parent.to_path_buf(),
            _ => parent.join(stem),
        };
        let text = (0, src.text.len());
        let hi = src.tokens.len();
        for i in 0..src.tokens.len() {
            if src.is_kw(i, "as") {
                let alias = src.ident(src.next_code(i + 1, src.tokens.len()));
                self.opaque.extend(alias.map(String::from));
            }
        }
        self.files.push(src);
        self.owners.push(self.owner);
        self.module(self.files.len() - 1, 0, hi, text, dir)
    }

    /// Splits tokens `lo..hi` of `file` into entries and removes what `cfg` removes.
    fn module(
        &self,
        file: usize,
        lo: usize,
        hi: usize,
        text: (usize, usize),
        dir: PathBuf,
    ) -> Result<Module, String> {
        let src = &self.files[file];
        let mut entries = Vec::new();
        for item in items::split(src, lo, hi)? {
            let mut state = match items::presence(src, &item.attrs)? {
                Presence::Kept => State::Unused,
                Presence::Removed => State::Removed,
            };
            if item.kind == ItemKind::Inner {
                if let Some(("cfg", name_at)) = items::attr_name(src, item.start) {
                    if items::cfg_group(src, name_at)? == Some(false) {
                        return Err(src.error(
                            item.start,
                            "cannot remove a module by an inner `#![cfg]`: put `#[cfg]` on \
                             the `mod` item",
                        ));
                    }
                }
            }
            if item.kind == ItemKind::ExternCrate && state != State::Removed {
                let krate = src.next_code(src.next_code(item.keyword + 1, hi) + 1, hi);
                let name = src.ident(krate).unwrap_or("?");
                let inlined = self.crate_names.iter().any(|c| c == name);
                let renamed = src.is_kw(src.next_code(krate + 1, hi), "as");
                let macro_use = item
                    .attrs
                    .iter()
                    .any(|&hash| matches!(items::attr_name(src, hash), Some(("macro_use", _))));
                if inlined && file == 0 && lo == 0 && !renamed && !macro_use {
                    // In Rust 2018+ `extern crate lib;` at main.rs's root adds nothing: `lib`
                    // is in scope anyway, and in the bundle it is `mod lib`.
                    state = State::Removed;
                } else if !matches!(name, "std" | "core" | "alloc") {
                    let hint = match (inlined, macro_use) {
                        (true, true) => format!(
                            " (it is inlined: drop this item and import its macros by path, \
                             `use {name}::{{m1, m2}};`)"
                        ),
                        (true, false) => format!(
                            " (it is inlined: drop this item and write `{name}::...` paths)"
                        ),
                        (false, _) => String::new(),
                    };
                    let message = format!(
                        "cannot inline `extern crate {name}`: a bundle has std, core and alloc \
                         only{hint}"
                    );
                    return Err(src.error(item.keyword, &message));
                }
            }
            let mut removed_inside = Vec::new();
            let mut members = Vec::new();
            if matches!(item.kind, ItemKind::Impl | ItemKind::Trait) {
                if let Some((open, close)) = item.body {
                    for inner in items::split(src, open + 1, close)? {
                        if items::presence(src, &inner.attrs)? == Presence::Removed {
                            removed_inside.push((inner.lead, inner.end));
                        } else if item.kind == ItemKind::Trait {
                            members.extend(inner.names);
                        }
                    }
                }
            }
            entries.push(Entry { item, state, removed_inside, members, child: None });
        }
        Ok(Module { file, text, dir, entries, name: String::new() })
    }

    /// The module of the kept `mod` item `item` in `file`, whose children live in `dir`.
    fn load_child(&mut self, file: usize, dir: &Path, item: &Item) -> Result<Module, String> {
        let src = &self.files[file];
        for &hash in &item.attrs {
            if let Some(("path", _)) = items::attr_name(src, hash) {
                return Err(src.error(hash, PATH_ATTRIBUTE));
            }
        }
        let name = item.names.first().cloned().unwrap_or_default();
        let mut module = self.child_module(file, dir, item, &name)?;
        self.name_module(&mut module, &name)?;
        Ok(module)
    }

    /// Records `module`'s name, and whether paths through it can be followed by name.
    fn name_module(&mut self, module: &mut Module, name: &str) -> Result<(), String> {
        module.name = name.to_string();
        self.modules.insert(name.to_string());
        let src = &self.files[module.file];
        for entry in &module.entries {
            let opaque = match entry.item.kind {
                _ if entry.state == State::Removed => false,
                // A library's macro calls are judged once its macros are known.
                ItemKind::MacroCall => self.owner == 0,
                ItemKind::Use => items::use_leaves(src, entry.item.keyword, entry.item.end)?
                    .iter()
                    .any(|leaf| leaf.original.is_empty()),
                _ => false,
            };
            if opaque {
                self.opaque.insert(name.to_string());
            }
        }
        Ok(())
    }

    fn child_module(
        &mut self,
        file: usize,
        dir: &Path,
        item: &Item,
        name: &str,
    ) -> Result<Module, String> {
        let src = &self.files[file];
        match item.body {
            Some((open, close)) => {
                let text = (src.tokens[open].end, src.tokens[close].start);
                self.module(file, open + 1, close, text, dir.join(name))
            }
            None => {
                let flat = dir.join(format!("{name}.rs"));
                let nested = dir.join(name).join("mod.rs");
                match (flat.is_file(), nested.is_file()) {
                    (true, false) => self.file_module(&flat),
                    (false, true) => self.file_module(&nested),
                    (true, true) => Err(src.error(
                        item.keyword,
                        &format!(
                            "module `{name}` is both {} and {}",
                            self.display(&flat),
                            self.display(&nested)
                        ),
                    )),
                    (false, false) => Err(src.error(
                        item.keyword,
                        &format!(
                            "file not found for module `{name}`: expected {} or {}",
                            self.display(&flat),
                            self.display(&nested)
                        ),
                    )),
                }
            }
        }
    }

    /// Keeps everything in `module` that `cfg` leaves (main.rs and its modules).
    fn keep_all(&mut self, module: &mut Module, used: &mut Used) -> Result<(), String> {
        for entry in &mut module.entries {
            if entry.state == State::Removed {
                continue;
            }
            entry.state = State::Kept;
            collect_idents(&self.files[module.file], entry, used, None);
            if entry.item.kind == ItemKind::Mod {
                let mut child = self.load_child(module.file, &module.dir, &entry.item)?;
                self.keep_all(&mut child, used)?;
                entry.child = Some(child);
            }
        }
        Ok(())
    }

    /// Loads every module of a library below `module` (a module's `impl`s and traits may be
    /// needed although nothing names the module), and records the names `impl` headers are
    /// checked against and the library's `#[macro_export]` macros.
    fn load_all(
        &mut self,
        module: &mut Module,
        lib: &str,
        defined: &mut Defined,
    ) -> Result<(), String> {
        let file = module.file;
        for entry in &mut module.entries {
            if entry.state == State::Removed {
                continue;
            }
            let src = &self.files[file];
            let item = &entry.item;
            let is_alias = item.kind == ItemKind::Other && src.is_kw(item.keyword, "type");
            if item.kind == ItemKind::MacroRules {
                let name = item.names.first().cloned().unwrap_or_default();
                let idents = defined.macros.entry(name).or_default();
                for i in item.keyword..item.end {
                    if let Some(ident) = src.ident(i) {
                        idents.insert(ident.to_string());
                    }
                    // Items a macro defines: an `impl` header its calls expand to may name them.
                    let declares = matches!(
                        src.ident(i),
                        Some("struct" | "enum" | "union" | "trait" | "fn" | "const" | "static")
                    );
                    if declares && src.tokens[i].kind == Kind::Ident {
                        let name = src.ident(src.next_code(i + 1, item.end));
                        defined.items.extend(name.map(String::from));
                        if matches!(src.ident(i), Some("struct" | "enum" | "union" | "trait")) {
                            defined.types.extend(name.map(String::from));
                        }
                    }
                }
            }
            match item.kind {
                ItemKind::Fn | ItemKind::Trait | ItemKind::Other if !is_alias => {
                    defined.items.extend(item.names.iter().cloned());
                    let word = src.ident(item.keyword).unwrap_or_default();
                    if matches!(word, "trait" | "struct" | "enum" | "union") {
                        defined.types.extend(item.names.iter().cloned());
                    }
                    if item.kind == ItemKind::Trait {
                        for name in &item.names {
                            let members = defined.traits.entry(name.clone()).or_default();
                            members.extend(entry.members.iter().cloned());
                        }
                    }
                }
                ItemKind::MacroRules
                    if item.attrs.iter().any(|&h| {
                        matches!(items::attr_name(src, h), Some(("macro_export", _)))
                    }) =>
                {
                    let name = item.names.first().cloned().unwrap_or_default();
                    for (other, names) in &self.exported {
                        if other != lib && names.contains(&name) {
                            return Err(src.error(
                                item.keyword,
                                &format!(
                                    "cannot inline `#[macro_export]` macro `{name}`: crate \
                                     `{other}` exports a macro of the same name, and both would \
                                     land at the bundle's root"
                                ),
                            ));
                        }
                    }
                    self.exported.entry(lib.to_string()).or_default().insert(name);
                }
                ItemKind::MacroRules => {}
                ItemKind::Mod => {
                    let mut child = self.load_child(file, &module.dir, item)?;
                    self.load_all(&mut child, lib, defined)?;
                    entry.child = Some(child);
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Adds to `opaque` the modules under `module` (included) with a call at module level of
    /// a macro that may expand to a `use`: one that is not a library's, or whose tokens or
    /// those of the library macros it reaches hold `use`.
    fn macro_opaque(&self, module: &Module, defined: &Defined, opaque: &mut HashSet<String>) {
        let src = &self.files[module.file];
        for entry in module.entries.iter().filter(|e| e.state != State::Removed) {
            let item = &entry.item;
            if item.kind == ItemKind::MacroCall && !opaque.contains(&module.name) {
                let name = src.text(item.keyword);
                let mut macros = vec![name];
                let mut seen = HashSet::new();
                let mut may_use = !defined.macros.contains_key(name) && name != "thread_local";
                for i in item.keyword..item.end {
                    may_use |= src.is_kw(i, "use");
                    macros.extend(src.ident(i).filter(|m| defined.macros.contains_key(*m)));
                }
                while let Some(name) = macros.pop() {
                    if seen.insert(name) {
                        for ident in defined.macros.get(name).into_iter().flatten() {
                            may_use |= ident == "use";
                            if defined.macros.contains_key(ident) {
                                macros.push(ident);
                            }
                        }
                    }
                }
                if may_use {
                    opaque.insert(module.name.clone());
                }
            }
            if let Some(child) = &entry.child {
                self.macro_opaque(child, defined, opaque);
            }
        }
    }

    /// The names a plain identifier in `module`'s own items surely means `module`'s item by:
    /// it defines them and imports nothing of that name, and it has no glob import or macro
    /// call that could bring in more (then none).
    fn local_names(&self, module: &Module) -> Result<HashSet<String>, String> {
        let mut names = HashSet::new();
        if self.opaque.contains(&module.name) {
            return Ok(names);
        }
        let src = &self.files[module.file];
        let mut imported = HashSet::new();
        for entry in module.entries.iter().filter(|e| e.state != State::Removed) {
            match entry.item.kind {
                ItemKind::Use => {
                    for leaf in items::use_leaves(src, entry.item.keyword, entry.item.end)? {
                        imported.insert(leaf.original);
                        imported.extend(leaf.name);
                    }
                }
                ItemKind::MacroRules | ItemKind::MacroCall => {}
                _ => names.extend(entry.item.names.iter().cloned()),
            }
        }
        names.retain(|name| !imported.contains(name));
        Ok(names)
    }

    /// One tree-shaking pass over a library module (`kept` if the module itself is kept):
    /// keeps what `used` now names. True if anything new was kept.
    fn shake(
        &mut self,
        module: &mut Module,
        kept: bool,
        used: &mut Used,
        defined: &Defined,
    ) -> Result<bool, String> {
        let mut changed = false;
        let local = self.local_names(module)?;
        let (modules, opaque) = (self.modules.clone(), self.opaque.clone());
        let scope = Scope { module: &module.name, modules: &modules, opaque: &opaque };
        for entry in &mut module.entries {
            if entry.state == State::Unused {
                let src = &self.files[module.file];
                let want = match entry.item.kind {
                    ItemKind::Mod => {
                        used.paths.contains(entry.item.names.first().map_or("", String::as_str))
                            || entry.child.as_ref().is_some_and(Module::has_kept)
                    }
                    // A library macro's call may expand to impls, which count wherever they are.
                    ItemKind::MacroCall
                        if defined.macros.contains_key(src.text(entry.item.keyword)) =>
                    {
                        kept || macro_call_wanted(src, &entry.item, used, defined)
                    }
                    // An impl needs no path to be used: it counts wherever it is.
                    ItemKind::Impl => {
                        impl_wanted(src, &entry.item, used, &defined.types, (&local, &scope))
                    }
                    // A macro is reached by its name alone (textual scope, `#[macro_use]`,
                    // `#[macro_export]`), wherever it is.
                    ItemKind::MacroRules => {
                        entry.item.names.iter().any(|name| used.macros.contains(name))
                    }
                    // A trait in a module nothing keeps is in scope nowhere unless named.
                    ItemKind::Trait if !kept => {
                        entry.item.names.iter().any(|name| used.names.contains(name))
                    }
                    // Anything else in a module that no kept path names and that holds
                    // nothing kept cannot be reached (from outside, only through the module's
                    // name), however its name matches.
                    _ if !kept => false,
                    _ if entry.item.always => true,
                    _ => wanted(src, entry, used, defined, &scope),
                };
                if want {
                    entry.state = State::Kept;
                    changed = true;
                    if let Some(origins) = &used.origins {
                        let why: Vec<String> = entry
                            .item
                            .names
                            .iter()
                            .map(|name| match origins.get(name) {
                                Some(by) => format!("`{name}` named by {by}"),
                                None => format!("`{name}`"),
                            })
                            .collect();
                        let at = src.location(src.tokens[entry.item.keyword].start);
                        eprintln!("trace: kept {at} ({:?}): {}", entry.item.kind, why.join(", "));
                    }
                    if entry.item.kind != ItemKind::Use {
                        let local = Local {
                            module: &module.name,
                            names: &local,
                            lib_macros: &defined.macros,
                        };
                        collect_idents(src, entry, used, Some(local));
                    }
                }
            }
            if entry.state == State::Kept && entry.item.kind == ItemKind::Use {
                // Each import of a kept `use` counts on its own: `use m::{A, B}` with only
                // `A` used does not keep `m::B` (the unused ones are cut when rendering).
                let src = &self.files[module.file];
                let leaves = items::use_leaves(src, entry.item.keyword, entry.item.end)?;
                let needed: Vec<bool> = leaves
                    .iter()
                    .map(|leaf| {
                        leaf.name.as_ref().map_or(true, |name| {
                            import_kept(name, &leaf.original, used, defined, &scope)
                        })
                    })
                    .collect();
                // With none needed, rendering cuts none (see `items::unused_imports`).
                let none_needed = !needed.contains(&true);
                for (leaf, needed) in leaves.into_iter().zip(needed) {
                    if needed || none_needed {
                        let mut qualifier = None;
                        for segment in leaf.segments {
                            let specific = !matches!(
                                qualifier.as_deref(),
                                None | Some("self" | "super" | "crate" | "Self")
                            );
                            let refs = used.refs.entry(segment.clone()).or_default();
                            changed |= refs.insert(qualifier.filter(|_| specific));
                            changed |= used.macros.insert(segment.clone());
                            changed |= used.names.insert(segment.clone());
                            changed |= used.paths.insert(segment.clone());
                            qualifier = Some(segment);
                        }
                    }
                }
            }
            let child_kept = entry.state == State::Kept;
            if let Some(child) = &mut entry.child {
                changed |= self.shake(child, child_kept, used, defined)?;
            }
        }
        Ok(changed)
    }

    /// The text of `module` with what is not kept cut out, paths rewritten and children
    /// inlined. `lib` is the library's crate name (`None` for main.rs).
    fn render(&self, module: &Module, lib: Option<&str>) -> Result<String, String> {
        let src = &self.files[module.file];
        let mut edits = Vec::new();
        for entry in &module.entries {
            let item = &entry.item;
            if entry.state != State::Kept {
                edits.push(cut(src, item.lead, item.end));
                continue;
            }
            for &(lo, hi) in &entry.removed_inside {
                edits.push(cut(src, lo, hi));
            }
            // Attributes inside a macro's body are templates, not attributes of this code.
            let macro_body = match (item.kind, item.body) {
                (ItemKind::MacroRules | ItemKind::MacroCall, Some((open, _))) => open,
                (ItemKind::MacroRules | ItemKind::MacroCall, None) => item.keyword,
                _ => usize::MAX,
            };
            let rewrite_end = match (&entry.child, item.body) {
                (Some(_), Some((open, _))) => open + 1,
                _ => item.end,
            };
            let mut skip = entry.removed_inside.clone();
            let at_root = lib.is_none() && module.file == 0 && module.text.0 == 0;
            if item.kind == ItemKind::Use {
                let span = (item.keyword, item.end);
                self.move_grouped_macros(src, span, lib, at_root, &mut skip, &mut edits)?;
            }
            if lib.is_some() && item.kind == ItemKind::Use {
                // A kept `use` keeps only the names kept code uses (imports from std, globs
                // and `as _` always stay: they may bring trait methods into scope).
                let (used, defined) = (&self.used, &self.defined);
                let scope =
                    Scope { module: &module.name, modules: &self.modules, opaque: &self.opaque };
                let keep =
                    |name: &str, original: &str| import_kept(name, original, used, defined, &scope);
                for (lo, hi) in items::unused_imports(src, item.keyword, item.end, &keep)? {
                    if skip.iter().any(|&(a, b)| a < hi && lo < b) {
                        continue; // already moved by `move_grouped_macros`
                    }
                    let end =
                        if hi < src.tokens.len() { src.tokens[hi].start } else { src.text.len() };
                    edits.push(Edit { start: src.tokens[lo].start, end, text: String::new() });
                    skip.push((lo, hi));
                }
            }
            let transcribers = if item.kind == ItemKind::MacroRules {
                items::transcribers(src, item)
            } else {
                Vec::new()
            };
            let crates = match lib {
                Some(name) => self.deps.get(name).map_or(&[][..], Vec::as_slice),
                None => &self.crate_names[..],
            };
            let use_item = if item.kind == ItemKind::Use { item.keyword } else { usize::MAX };
            let context =
                Context { lib, macro_body, transcribers: &transcribers, at_root, use_item, crates };
            self.rewrite(src, (item.lead, rewrite_end), &skip, &context, &mut edits)?;
            if let Some(child) = &entry.child {
                let inner = self.render(child, lib)?;
                match item.body {
                    Some((open, close)) => edits.push(Edit {
                        start: src.tokens[open].end,
                        end: src.tokens[close].start,
                        text: inner,
                    }),
                    None => {
                        let semi = src.prev_code(item.end).expect("`mod foo;` ends with `;`");
                        let newline = if inner.ends_with('\n') { "" } else { "\n" };
                        edits.push(Edit {
                            start: src.tokens[semi].start,
                            end: src.tokens[semi].end,
                            // The blank line after `}` sets the inlined module apart;
                            // `tidy` removes it before another `}`.
                            text: format!(" {{\n{inner}{newline}}}\n"),
                        });
                    }
                }
            }
        }
        edits.sort_by_key(|e| (e.start, e.end));
        let (lo, hi) = module.text;
        let mut out = String::new();
        let mut pos = lo;
        for edit in edits {
            debug_assert!(edit.start >= pos, "edits do not overlap: {edit:?} at {pos}");
            out.push_str(&src.text[pos..edit.start]);
            out.push_str(&edit.text);
            pos = edit.end;
        }
        out.push_str(&src.text[pos..hi]);
        Ok(out)
    }

    /// `use lib::{m, X};` (or `use crate::{m, X};` in `lib`) where `m` is a `#[macro_export]`
    /// macro of `lib`: the macro lands at the bundle's root, not in `mod lib`, so `m` leaves
    /// the group (its tokens join `skip`) and, unless it would import the macro where it
    /// already is (at the bundle's root, under its own name, not re-exported), gets a `use
    /// crate::m;` of its own right after this one, with the same visibility.
    fn move_grouped_macros(
        &self,
        src: &Source,
        (keyword, end): (usize, usize),
        lib: Option<&str>,
        at_root: bool,
        skip: &mut Vec<(usize, usize)>,
        edits: &mut Vec<Edit>,
    ) -> Result<(), String> {
        let crates: &[String] = match lib {
            Some(name) => self.deps.get(name).map_or(&[][..], Vec::as_slice),
            None => &self.crate_names[..],
        };
        let exported = |root: &str, name: &str| -> bool {
            let krate = match (root, lib) {
                ("crate", Some(lib)) => lib,
                ("crate", None) => return false,
                (other, _) if crates.iter().any(|c| c == other) => other,
                _ => return false,
            };
            self.exported.get(krate).is_some_and(|names| names.contains(name))
        };
        let moved = items::grouped_macros(src, keyword, end, &exported)?;
        if moved.is_empty() {
            return Ok(());
        }
        // The visibility before `use` (`pub`, `pub(crate)`, `pub(in x)`), copied as written.
        let mut vis_start = keyword;
        if let Some(p) = src.prev_code(keyword) {
            if src.is_kw(p, "pub") {
                vis_start = p;
            } else if src.is_punct(p, ")") {
                let open = src.partner[p];
                if let Some(q) = src.prev_code(open).filter(|&q| src.is_kw(q, "pub")) {
                    vis_start = q;
                }
            }
        }
        let vis = &src.text[src.tokens[vis_start].start..src.tokens[keyword].start];
        let semi = (keyword..end)
            .find(|&i| src.is_punct(i, ";") && !skip.iter().any(|&(a, b)| a <= i && i < b))
            .ok_or_else(|| src.error(keyword, "expected `;` to end this item"))?;
        // `use lib::{m};` with every import moved: the whole `use` goes, not to leave an
        // empty, warned-about `use lib::{};`.
        let mut first = src.next_code(keyword + 1, semi);
        if src.is_punct(first, "::") {
            first = src.next_code(first + 1, semi);
        }
        let colons = src.next_code(first + 1, semi);
        let open = src.next_code(colons + 1, semi);
        let whole = src.is_punct(colons, "::")
            && src.is_punct(open, "{")
            && src.next_code(src.partner[open] + 1, end) == semi
            && items::group_elements(src, open)
                == moved.iter().map(|m| m.range).collect::<Vec<_>>();
        let mut added = String::new();
        for m in moved {
            if !whole {
                let (lo, hi) = m.range;
                let end = if hi < src.tokens.len() { src.tokens[hi].start } else { src.text.len() };
                edits.push(Edit { start: src.tokens[lo].start, end, text: String::new() });
                skip.push((lo, hi));
            }
            let renamed = m.alias.as_deref().is_some_and(|alias| alias != m.name);
            if at_root && vis.is_empty() && !renamed {
                continue;
            }
            let alias = m.alias.map(|a| format!(" as {a}")).unwrap_or_default();
            added.push_str(&format!(" {vis}use crate::{}{alias};", m.name));
        }
        if whole {
            edits.push(Edit {
                start: src.tokens[vis_start].start,
                end: src.tokens[semi].end,
                text: added.trim_start().to_string(),
            });
            skip.push((vis_start, semi + 1));
        } else if !added.is_empty() {
            edits.push(insert(src.tokens[semi].end, added));
        }
        Ok(())
    }

    /// Path rewrites and refusals over the kept tokens `range` (minus `skip`) of `src`.
    fn rewrite(
        &self,
        src: &Source,
        range: (usize, usize),
        skip: &[(usize, usize)],
        context: &Context,
        edits: &mut Vec<Edit>,
    ) -> Result<(), String> {
        let (lib, macro_body) = (context.lib, context.macro_body);
        let all = src.tokens.len();
        // `crate::m` and `$crate::m` where `m` is one of this library's `#[macro_export]`
        // macros: it lands at the bundle's root, so the path stays as written.
        let exported_after = |colons: usize, krate: &str| -> bool {
            let name_at = src.next_code(colons + 1, all);
            let after = src.next_code(name_at + 1, all);
            src.ident(name_at).is_some_and(|name| {
                self.exported.get(krate).is_some_and(|names| names.contains(name))
            }) && !src.is_punct(after, "::")
        };
        // Group elements `move_grouped_macros` took out of `use`s in blocks.
        let mut moved = Vec::new();
        let mut i = range.0;
        while i < range.1 {
            if let Some(&(_, end)) = skip.iter().chain(&moved).find(|&&(start, _)| start == i) {
                i = end;
                continue;
            }
            let here = i;
            i += 1;
            let token = src.tokens[here];
            let prev = src.prev_code(here);
            let next = src.next_code(here + 1, all);
            let prev_is = |p: &str| prev.is_some_and(|j| src.is_punct(j, p));
            match token.kind {
                Kind::Ident if src.text(here) == "crate" => {
                    if prev_is("$") {
                        if let Some(lib) = lib {
                            if !src.is_punct(next, "::") {
                                return Err(
                                    src.error(here, "cannot inline `$crate` not followed by `::`")
                                );
                            }
                            if !exported_after(next, lib) {
                                edits.push(insert(token.end, format!("::{lib}")));
                            }
                        }
                        continue;
                    }
                    let Some(lib) = lib else { continue };
                    let before = prev.map(|j| src.text(j)).unwrap_or("");
                    if src.is_punct(next, "::") && !prev_is("::") {
                        if !exported_after(next, lib) {
                            edits.push(insert(token.end, format!("::{lib}")));
                        }
                    } else if src.is_punct(next, ")") && (before == "(" || before == "in") {
                        // `pub(crate)`, `pub(in crate)`: a visibility, not a path.
                    } else if before == "extern" {
                        // `extern crate`: refused or allowed when the module was read.
                    } else {
                        return Err(src.error(here, MISPLACED_CRATE));
                    }
                }
                Kind::Ident if context.crates.iter().any(|c| c == src.text(here)) => {
                    let name = src.text(here);
                    if prev_is(".") || prev_is("$") {
                        continue;
                    }
                    if src.is_punct(next, "::") && exported_after(next, name) {
                        // `lib::m!` or `use lib::m;` for an exported macro: `crate::m`.
                        let colons = prev.filter(|_| prev_is("::"));
                        let start = match colons {
                            Some(c) if starts_path(src, src.prev_code(c)) => src.tokens[c].start,
                            _ => token.start,
                        };
                        let use_kw = prev.filter(|&p| src.is_kw(p, "use"));
                        let semi = src.next_code(src.next_code(next + 1, all) + 1, all);
                        let public = use_kw
                            .and_then(|u| src.prev_code(u))
                            .is_some_and(|p| src.is_kw(p, "pub") || src.is_punct(p, ")"));
                        match use_kw {
                            // At the bundle's root the macro is already there: importing it
                            // again would define it twice.
                            Some(u) if context.at_root && src.is_punct(semi, ";") && !public => {
                                edits.push(Edit {
                                    start: src.tokens[u].start,
                                    end: src.tokens[semi].end,
                                    text: String::new(),
                                });
                            }
                            _ => edits.push(Edit {
                                start,
                                end: src.tokens[next].end,
                                text: "crate::".to_string(),
                            }),
                        }
                        continue;
                    }
                    if prev_is("::") {
                        let colons = prev.expect("checked");
                        if starts_path(src, src.prev_code(colons)) {
                            edits.push(Edit {
                                start: src.tokens[colons].start,
                                end: token.end,
                                text: format!("crate::{name}"),
                            });
                        }
                    } else if src.is_punct(next, "::") || prev.is_some_and(|j| src.is_kw(j, "use"))
                    {
                        edits.push(insert(token.start, "crate::".to_string()));
                    }
                }
                Kind::Ident
                    if src.is_kw(here, "use")
                        && here >= macro_body
                        && context.transcribers.iter().any(|&(lo, hi)| lo < here && here < hi) =>
                {
                    // A `use` a macro expands to: the same rule, for a plain first segment
                    // (`use $crate::x`, `use $path` and groups are left as written).
                    if let Some(name) = src.ident(next) {
                        let anchored = matches!(
                            name,
                            "std" | "core" | "alloc" | "crate" | "self" | "super" | "Self"
                        ) || context.crates.iter().any(|c| c == name);
                        if !anchored && !src.is_punct(src.next_code(next + 1, all), "!") {
                            edits.push(insert(src.tokens[next].start, "self::".to_string()));
                        }
                    }
                }
                Kind::Ident if here < macro_body && src.is_kw(here, "use") => {
                    if here != context.use_item {
                        // A `use` in a block (of a root item: the macro is in scope already).
                        let before = moved.len();
                        let span = (here, all);
                        let at_root = context.at_root;
                        self.move_grouped_macros(src, span, lib, at_root, &mut moved, edits)?;
                        if let Some(&(_, end)) = moved[before..].iter().find(|r| r.0 == here) {
                            i = end; // the whole `use` was replaced
                            continue;
                        }
                    }
                    // `use a::b` is relative to the module in Rust 2018+, to the crate root in
                    // Rust 2015; `use self::a::b` means the same in both. A `use` in a block
                    // of an item declared in that block (`enum Dir {..} use Dir::*;`) stays as
                    // written: `self::` would mean the module, and Rust 2015 has no way to
                    // write that path.
                    let block_locals = items::block_items(src, here);
                    let roots = match items::use_at(src, here, all) {
                        Ok(tree) => tree.roots,
                        // A `use` in a macro defined inside a function (`use $crate::x`) is a
                        // template, and left as written.
                        Err(_) if in_macro_template(src, here, all) => Vec::new(),
                        Err(e) => return Err(e),
                    };
                    for root in roots {
                        if skip.iter().any(|&(lo, hi)| lo <= root && root < hi) {
                            continue;
                        }
                        if block_locals.iter().any(|&local| local == src.text(root)) {
                            continue;
                        }
                        // `pub(crate) use m;` re-exports the `macro_rules!` macro `m` from its
                        // textual scope, which `self::m` would not find.
                        let single = !src.is_punct(src.next_code(root + 1, all), "::");
                        if single && self.defined.macros.contains_key(src.text(root)) {
                            continue;
                        }
                        let name = src.ident(root).unwrap_or_default();
                        if name == "core" {
                            // Rust 2015 has no `core` in `use` paths without `extern crate`;
                            // std re-exports the same modules.
                            let token = src.tokens[root];
                            edits.push(Edit {
                                start: token.start,
                                end: token.end,
                                text: "std".to_string(),
                            });
                            continue;
                        }
                        let anchored = matches!(
                            name,
                            "std" | "core" | "alloc" | "crate" | "self" | "super" | "Self"
                        ) || context.crates.iter().any(|c| c == name);
                        if !anchored {
                            edits.push(insert(src.tokens[root].start, "self::".to_string()));
                        }
                    }
                }
                Kind::Ident if src.is_punct(next, "!") => {
                    let name = src.text(here);
                    if let Some((_, why)) = INLINE_REFUSED.iter().find(|(m, _)| *m == name) {
                        return Err(src.error(here, &format!("cannot inline `{name}!`: {why}")));
                    }
                }
                Kind::Punct if here < macro_body && src.text(here) == "#" => {
                    let Some((name, name_at)) = items::attr_name(src, here) else {
                        continue;
                    };
                    let refusal = match name {
                        "path" => Some(PATH_ATTRIBUTE),
                        "test" => Some(NESTED_TEST),
                        "cfg" if items::cfg_group(src, name_at)? == Some(false) => Some(NESTED_CFG),
                        _ => None,
                    };
                    if let Some(message) = refusal {
                        return Err(src.error(here, message));
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// What [`Bundler::rewrite`] needs to know about the item it rewrites.
struct Context<'a> {
    /// The library's crate name (`None` for main.rs).
    lib: Option<&'a str>,
    /// Where a macro's body starts (`usize::MAX` for other items).
    macro_body: usize,
    /// The transcribers (`=> { ... }`) of a `macro_rules!`, as token ranges of their groups.
    transcribers: &'a [(usize, usize)],
    /// Whether the item is at the bundle's root (main.rs's own items).
    at_root: bool,
    /// The keyword of the item if it is a `use` (already handled as an item), else `usize::MAX`.
    use_item: usize,
    /// The crate names this code may name (main.rs: every inlined crate).
    crates: &'a [String],
}

/// True if the `use` at token `use_kw` holds a macro metavariable (`$x`, `$crate`) before its
/// `;`.
fn in_macro_template(src: &Source, use_kw: usize, all: usize) -> bool {
    let mut i = use_kw + 1;
    while i < all && !src.is_punct(i, ";") {
        if src.is_punct(i, "$") {
            return true;
        }
        i += 1;
    }
    false
}

fn insert(at: usize, text: String) -> Edit {
    Edit { start: at, end: at, text }
}

/// True if `::` after token `before` starts a path (`use ::x`, `= ::x`), rather than
/// continuing one (`a::x`, `Vec::<u8>::x`).
fn starts_path(src: &Source, before: Option<usize>) -> bool {
    let Some(j) = before else { return true };
    match src.tokens[j].kind {
        Kind::Ident => {
            let word = src.text(j);
            is_keyword(word) && !matches!(word, "self" | "super" | "crate" | "Self")
        }
        Kind::Punct => src.text(j) != ">",
        _ => true,
    }
}

fn is_keyword(word: &str) -> bool {
    matches!(
        word,
        "as" | "break"
            | "const"
            | "continue"
            | "crate"
            | "else"
            | "enum"
            | "extern"
            | "false"
            | "fn"
            | "for"
            | "if"
            | "impl"
            | "in"
            | "let"
            | "loop"
            | "match"
            | "mod"
            | "move"
            | "mut"
            | "pub"
            | "ref"
            | "return"
            | "self"
            | "Self"
            | "static"
            | "struct"
            | "super"
            | "trait"
            | "true"
            | "type"
            | "unsafe"
            | "use"
            | "where"
            | "while"
            | "dyn"
            | "box"
    )
}

/// Where a library item is: its module's name, and what [`Used::refers`] needs to know.
struct Scope<'a> {
    module: &'a str,
    modules: &'a HashSet<String>,
    opaque: &'a HashSet<String>,
}

/// Whether a not-yet-kept library item (not a module, not nameless) is now needed.
fn wanted(src: &Source, entry: &Entry, used: &Used, defined: &Defined, scope: &Scope) -> bool {
    let item = &entry.item;
    match item.kind {
        // A trait's methods can be called without naming it (glob imports, preludes), and a
        // trait method in scope can win over an inherent one: a trait is kept whenever one of
        // its associated items' names appears anywhere in kept code.
        ItemKind::Trait => {
            item.names.iter().any(|name| used.names.contains(name))
                || members_called(&entry.members, used)
        }
        // An import of such a trait brings it into scope for the same reason.
        ItemKind::Use => items::use_leaves(src, item.keyword, item.end).map_or(true, |leaves| {
            leaves.iter().any(|leaf| {
                leaf.name
                    .as_ref()
                    .map_or(true, |name| import_kept(name, &leaf.original, used, defined, scope))
            })
        }),
        _ => item.names.iter().any(|name| used.refers(name, scope)),
    }
}

/// Whether a kept `use` in the module `scope` describes needs its import of `original` as
/// `name`: `name` may refer to it there ([`Used::refers`]), is called as a macro, is a
/// module in a path, or is a trait (under either name) whose associated item is used.
fn import_kept(name: &str, original: &str, used: &Used, defined: &Defined, scope: &Scope) -> bool {
    let kept = |name: &str| {
        used.refers(name, scope) || used.called.contains(name) || trait_called(name, used, defined)
    };
    let keep = name == "_" || kept(name) || (name != original && kept(original));
    if keep && used.origins.is_some() {
        eprintln!(
            "trace: import of `{name}` in `{}` kept: {:?} {} {} {}",
            scope.module,
            used.refs.get(name),
            used.called.contains(name),
            used.paths.contains(name),
            trait_called(name, used, defined)
        );
    }
    keep
}

/// Whether one of `members` (a trait's associated items) is used or called.
fn members_called(members: &[String], used: &Used) -> bool {
    members.iter().any(|name| used.names.contains(name) || used.members.contains(name))
}

/// Whether `name` is the name of a library trait one of whose associated items is used.
fn trait_called(name: &str, used: &Used, defined: &Defined) -> bool {
    defined.traits.get(name).is_some_and(|members| members_called(members, used))
}

/// Whether a library macro call at module level, in a module nothing else keeps, may expand
/// to an `impl` kept code needs. The expansion is made of the call's tokens and those of the
/// macros it reaches, and such an `impl` names a kept library item in its header (see
/// [`impl_wanted`]), so the call is kept when one of those identifiers is a used library item.
/// (Named items it defines are reached through their module's name, which keeps the module.)
fn macro_call_wanted(src: &Source, item: &Item, used: &Used, defined: &Defined) -> bool {
    // The identifiers of the call, then of every macro body it reaches, each macro once.
    let mut pending: Vec<&str> = vec![src.text(item.keyword)];
    pending.extend((item.keyword..item.end).filter_map(|i| src.ident(i)));
    let mut expanded: HashSet<&str> = HashSet::new();
    while let Some(ident) = pending.pop() {
        if defined.types.contains(ident) && used.names.contains(ident) {
            if used.origins.is_some() {
                eprintln!("trace: a library macro call names `{ident}`");
            }
            return true;
        }
        if let Some(body) = defined.macros.get(ident) {
            if expanded.insert(ident) {
                pending.extend(body.iter().map(String::as_str));
            }
        }
    }
    false
}

/// Whether a library `impl` may be used: every library type or trait named in its trait path
/// and its self type is kept. Generic parameters, path prefixes (`m::` in `m::Foo`),
/// associated type bindings (`Item =`), names no library type or trait has (std types,
/// constants, type aliases, imports) and bounds (they may need the impl rather than the other
/// way round) are not checked.
///
/// A name its module surely means its own item by (`local`, see [`Bundler::local_names`]) is
/// checked by [`Used::refers`]: a kept item is named in its module (by its own definition).
fn impl_wanted(
    src: &Source,
    item: &Item,
    used: &Used,
    defined: &HashSet<String>,
    (local, scope): (&HashSet<String>, &Scope),
) -> bool {
    let header_end = item.body.map_or(item.end, |(open, _)| open);
    let code = |j: usize| src.next_code(j, header_end);
    let mut i = code(item.keyword + 1);
    let mut params = HashSet::new();
    if src.is_punct(i, "<") {
        let mut depth = 0usize;
        let mut expect_param = true;
        loop {
            if i >= header_end {
                return true; // not understood: keep
            }
            if src.is_punct(i, "<") {
                depth += 1;
            } else if src.is_punct(i, ">") {
                depth -= 1;
                if depth == 0 {
                    i = code(i + 1);
                    break;
                }
            } else if depth == 1 && src.is_punct(i, ",") {
                expect_param = true;
            } else if depth == 1 && expect_param && !src.is_kw(i, "const") {
                if let Some(name) = src.ident(i) {
                    params.insert(name);
                }
                expect_param = false;
            }
            i = match src.partner.get(i) {
                Some(&p) if p != usize::MAX && p > i => code(p + 1),
                _ => code(i + 1),
            };
        }
    }
    while i < header_end {
        if src.is_kw(i, "where") {
            break;
        }
        if let Some(name) = src.ident(i) {
            let next = code(i + 1);
            let checked = !params.contains(name)
                && defined.contains(name)
                && !src.is_punct(next, "::")
                && !src.is_punct(next, "=");
            let kept = if local.contains(name) {
                used.refers(name, scope)
            } else {
                used.names.contains(name)
            };
            if checked && !kept {
                return false;
            }
        }
        i = code(i + 1);
    }
    true
}

/// What the loaded libraries define.
#[derive(Debug, Default)]
struct Defined {
    /// The names of items: functions, traits, types, constants (not modules, type aliases or
    /// imports, which stand for other names), also those a macro defines.
    items: HashSet<String>,
    /// Of those, the structs, enums, unions and traits: what an `impl` header is checked for.
    types: HashSet<String>,
    /// For each `macro_rules!` name, the identifiers of its definitions.
    macros: HashMap<String, HashSet<String>>,
    /// For each trait name, its associated items' names (of every trait of that name).
    traits: HashMap<String, Vec<String>>,
}

/// The identifiers of kept code.
#[derive(Debug, Default)]
struct Used {
    /// Every identifier, except after a single `.` (fields and methods are not items).
    names: HashSet<String>,
    /// The identifiers after a single `.`: fields and method calls (trait methods among them).
    members: HashSet<String>,
    /// The identifiers followed by `::` or inside a `use`: the only places a module is named.
    paths: HashSet<String>,
    /// For each identifier not called as a macro (`m!(..)`), the modules its occurrences
    /// surely resolve in: `Some(m)` for `m::name` (and a plain `name` in module `m`'s own
    /// items, when `m` defines it), `None` for anywhere.
    refs: HashMap<String, HashSet<Option<String>>>,
    /// The identifiers that may name a macro: before a `!`, in a `use`, or inside a macro's
    /// tokens (a macro may be passed by name and called as `$m!`).
    macros: HashSet<String>,
    /// Of those, the ones not in a `use`: what needs an import of a macro.
    called: HashSet<String>,
    /// With `XTASK_BUNDLE_TRACE` set: for each identifier, the first kept item naming it.
    origins: Option<HashMap<String, String>>,
}

impl Used {
    /// Whether `name` may refer to an item of that name in the module `scope` describes.
    /// `m::name` means it only if `m` is that module's name, or is not surely a module's
    /// name (an alias, a module with a glob import or a macro call, a type, `T`).
    fn refers(&self, name: &str, scope: &Scope) -> bool {
        self.refs.get(name).is_some_and(|modules| {
            modules.iter().any(|module| match module {
                None => true,
                Some(m) => {
                    m == scope.module || !scope.modules.contains(m) || scope.opaque.contains(m)
                }
            })
        })
    }

    /// Records an occurrence of `name` (resolving in `module`, if sure) in the item `by`.
    fn insert(&mut self, name: &str, module: Option<&str>, by: impl FnOnce() -> String) {
        self.names.insert(name.to_string());
        self.refs.entry(name.to_string()).or_default().insert(module.map(String::from));
        if let Some(origins) = &mut self.origins {
            origins.entry(name.to_string()).or_insert_with(by);
        }
    }
}

/// A library module, for narrowing its plain identifiers.
struct Local<'a> {
    module: &'a str,
    /// The names it surely means its own items by ([`Bundler::local_names`]).
    names: &'a HashSet<String>,
    /// The libraries' `macro_rules!` names: calls of them may expand to imports.
    lib_macros: &'a HashMap<String, HashSet<String>>,
}

/// Adds the identifiers of a newly kept item to `used`: all of them, except inside a `mod`'s
/// body (its items are judged one by one) and inside removed associated items. `local` is
/// the item's module's name and the names a plain identifier there surely means its own
/// item by ([`Bundler::local_names`]); `None` for main.rs, where nothing is narrowed.
fn collect_idents(src: &Source, entry: &Entry, used: &mut Used, local: Option<Local>) {
    let item = &entry.item;
    let end = match (item.kind, item.body) {
        (ItemKind::Mod, Some((open, _))) => open,
        _ => item.end,
    };
    let all = src.tokens.len();
    let by = || {
        let name = item.names.first().map_or("", String::as_str);
        format!("{:?} {name} at {}", item.kind, src.location(src.tokens[item.keyword].start))
    };
    let local = local.filter(|l| plain_scope(src, item.start, end, l.lib_macros));
    let mut in_use = item.kind == ItemKind::Use;
    // Tokens before this index are inside a macro's tokens, where nothing is narrowed: a
    // macro may put an identifier after any path, or call it as a macro.
    let mut in_macro_until = if item.kind == ItemKind::MacroRules { end } else { 0 };
    let mut i = item.start;
    while i < end {
        if let Some(&(_, skip_to)) = entry.removed_inside.iter().find(|&&(s, _)| s == i) {
            i = skip_to;
            continue;
        }
        match src.tokens[i].kind {
            Kind::Ident => {
                let name = src.ident(i).expect("an identifier");
                let prev = src.prev_code(i);
                let after_dot = prev.is_some_and(|p| {
                    src.is_punct(p, ".")
                        && !src.prev_code(p).is_some_and(|pp| src.is_punct(pp, "."))
                });
                let next = src.next_code(i + 1, all);
                let in_macro = i < in_macro_until;
                let mut called = false;
                if src.is_punct(next, "!") {
                    used.macros.insert(name.to_string());
                    used.called.insert(name.to_string());
                    let mut open = src.next_code(next + 1, all);
                    if src.ident(open).is_some() {
                        open = src.next_code(open + 1, all); // `macro_rules! name {`
                    }
                    if let Some(&close) = src.partner.get(open).filter(|&&p| p != usize::MAX) {
                        if close > open {
                            called = true;
                            in_macro_until = in_macro_until.max(close);
                        }
                    }
                }
                if in_macro || in_use {
                    used.macros.insert(name.to_string());
                }
                if in_macro {
                    used.called.insert(name.to_string());
                }
                if after_dot {
                    used.members.insert(name.to_string());
                } else if called {
                    used.names.insert(name.to_string());
                } else {
                    let module = if in_macro {
                        None
                    } else if prev.is_some_and(|p| src.is_punct(p, "::")) {
                        let qualifier = prev.and_then(|p| src.prev_code(p));
                        let dollar = qualifier
                            .and_then(|q| src.prev_code(q))
                            .is_some_and(|d| src.is_punct(d, "$"));
                        qualifier.and_then(|q| src.ident(q)).filter(|q| {
                            !dollar && !matches!(*q, "self" | "super" | "crate" | "Self")
                        })
                    } else if in_use {
                        None
                    } else {
                        local.as_ref().filter(|l| l.names.contains(name)).map(|l| l.module)
                    };
                    used.insert(name, module, by);
                }
                if in_use || src.is_punct(next, "::") {
                    used.paths.insert(name.to_string());
                }
                in_use |= src.is_kw(i, "use");
            }
            Kind::Punct if src.is_punct(i, ";") => in_use = false,
            Kind::Literal(Lit::Str | Lit::RawStr) => {
                let mut names = HashSet::new();
                format_arguments(src.text(i), &mut names);
                for name in names {
                    used.insert(&name, None, by);
                }
            }
            _ => {}
        }
        i += 1;
    }
}

/// Whether tokens `lo..hi` surely add no name to a block's scope that a plain identifier could
/// mean instead of its module's item: no glob import (`use m::*;` in a block shadows the
/// module's items) and no call of a macro other than std's (one may expand to such a `use`).
fn plain_scope(
    src: &Source,
    lo: usize,
    hi: usize,
    lib_macros: &HashMap<String, HashSet<String>>,
) -> bool {
    const STD_MACROS: &[&str] = &[
        "assert",
        "assert_eq",
        "assert_ne",
        "debug_assert",
        "debug_assert_eq",
        "debug_assert_ne",
        "eprint",
        "eprintln",
        "format",
        "panic",
        "print",
        "println",
        "todo",
        "unimplemented",
        "unreachable",
        "vec",
        "write",
        "writeln",
    ];
    (lo..hi).all(|i| {
        let glob = src.is_punct(i, "*") && src.prev_code(i).is_some_and(|p| src.is_punct(p, "::"));
        let bang = src.next_code(i + 1, hi);
        let open = src.next_code(bang + 1, hi);
        let call = src.is_punct(bang, "!")
            && ["(", "[", "{"].iter().any(|d| src.is_punct(open, d))
            && src.ident(i).is_some_and(|name| {
                !STD_MACROS.contains(&name)
                    || lib_macros.contains_key(name)
                    || src.prev_code(i).is_some_and(|p| src.is_punct(p, "::"))
            });
        !glob && !call
    })
}

/// The identifiers inside `{...}` of a string that may be a format string: inline arguments
/// (`{name}`, `{name:?}`) and widths or precisions (`{:>width$}`). Any other word there
/// (`{:x}`) only makes the bundle keep more.
fn format_arguments(text: &str, idents: &mut HashSet<String>) {
    let mut rest = text;
    while let Some(at) = rest.find('{') {
        rest = &rest[at + 1..];
        if let Some(after) = rest.strip_prefix('{') {
            rest = after;
            continue;
        }
        let inside = &rest[..rest.find('}').unwrap_or(rest.len())];
        for word in inside.split(|c: char| !lexer::is_ident_continue(c)) {
            if word.starts_with(lexer::is_ident_start) {
                idents.insert(word.to_string());
            }
        }
    }
}

/// Cuts tokens `lo..hi`; when they fill their lines, the lines go too.
fn cut(src: &Source, lo: usize, hi: usize) -> Edit {
    let text = &src.text;
    let mut start = src.tokens[lo].start;
    let mut end = src.tokens[hi - 1].end;
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    if text[line_start..start].trim_matches([' ', '\t']).is_empty() {
        let rest = &text[end..];
        let blank = rest.len() - rest.trim_start_matches([' ', '\t', '\r']).len();
        if rest[blank..].starts_with('\n') {
            start = line_start;
            end += blank + 1;
        } else if rest[blank..].is_empty() {
            start = line_start;
            end = text.len();
        }
    }
    Edit { start, end, text: String::new() }
}

/// `text` without comments and doc comments, for judges with small source limits. Only the
/// whitespace between tokens changes: a line left empty goes, a comment between two tokens
/// becomes a space; literals are untouched. One header line says where the file came from.
pub fn compact(text: &str, problem: &str) -> String {
    let tokens = lexer::tokenize(text).expect("the bundle is made of tokens that lexed");
    let mut out = format!(
        "// `{problem}` for its judge, generated by `scripts/bundle.sh --compact {problem}`.\n"
    );
    let mut gap = String::new();
    let mut pos = 0;
    for token in &tokens {
        gap.push_str(&text[pos..token.start]);
        pos = token.end;
        if matches!(token.kind, Kind::Comment(_)) {
            if gap.is_empty() {
                gap.push(' ');
            }
            continue;
        }
        if let Some(last) = gap.rfind('\n') {
            let indent = gap[last + 1..].to_string();
            gap = format!("\n{indent}");
        }
        if !out.ends_with('\n') || !gap.starts_with('\n') {
            out.push_str(&gap);
        } else {
            out.push_str(gap.trim_start_matches('\n'));
        }
        gap.clear();
        out.push_str(&text[token.start..token.end]);
    }
    out.push('\n');
    out
}

/// Collapses the blank lines that removals leave: at most one blank line between items, none
/// after a `{` or before a `}`, one newline at the end. Only whitespace between tokens is
/// touched, never the inside of a literal or a comment.
fn tidy(text: &str) -> String {
    let tokens = lexer::tokenize(text).expect("the bundle is made of tokens that lexed");
    let mut out = String::with_capacity(text.len());
    let mut pos = 0;
    let mut after_open = false;
    for token in &tokens {
        let gap = &text[pos..token.start];
        let token_text = &text[token.start..token.end];
        let before_close = token_text == "}";
        let newlines = gap.matches('\n').count();
        let limit = if after_open || before_close { 1 } else { 2 };
        if newlines > limit {
            let indent = &gap[gap.rfind('\n').expect("has newlines") + 1..];
            out.push_str(&"\n".repeat(limit));
            out.push_str(indent);
        } else {
            out.push_str(gap);
        }
        out.push_str(token_text);
        after_open = token_text == "{";
        pos = token.end;
    }
    out.push('\n');
    out
}
