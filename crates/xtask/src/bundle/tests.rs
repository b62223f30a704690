//! The bundler end to end: fixture crates written to a temporary folder, bundled, and (when
//! Debian's rustc 1.63 is installed at /usr/bin/rustc) compiled in both editions and run.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

use super::{bundle, bundle_crate, bundle_files, tidy, Library, Options};

const JUDGE_RUSTC: &str = "/usr/bin/rustc";

/// A folder under the system's temp dir, removed on drop.
struct TempDir {
    path: PathBuf,
}

impl TempDir {
    fn new(name: &str) -> TempDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("xtask-bundle-{name}-{}-{n}", std::process::id()));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).expect("can create a temp dir");
        TempDir { path }
    }

    fn write(&self, rel: &str, text: &str) {
        let path = self.path.join(rel);
        fs::create_dir_all(path.parent().expect("has a parent")).expect("can create dirs");
        fs::write(path, text).expect("can write a fixture file");
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

/// Writes `files` (paths relative to a fresh temp dir: `app/src/main.rs`, `app/src/lib.rs`,
/// `jio/src/lib.rs`, ...) and bundles `app` with the fake judge-io in `jio` and its library.
fn bundle_fixture(files: &[(&str, &str)]) -> Result<String, String> {
    let dir = TempDir::new("fixture");
    for (rel, text) in files {
        dir.write(rel, text);
    }
    let mut libs = vec![Library {
        name: "judge_io".to_string(),
        root_file: dir.path.join("jio/src/lib.rs"),
        deps: Vec::new(),
    }];
    if files.iter().any(|(rel, _)| *rel == "app/src/lib.rs") {
        libs.push(Library {
            name: "app".to_string(),
            root_file: dir.path.join("app/src/lib.rs"),
            deps: vec!["judge_io".to_string()],
        });
    }
    bundle_files(&dir.path, "app", &dir.path.join("app/src/main.rs"), &libs)
}

/// Bundles a library `lib.rs` (plus `extra` files) behind a main.rs that calls `app::run()`.
fn bundle_lib(lib: &str, extra: &[(&str, &str)]) -> Result<String, String> {
    let mut files = vec![
        ("app/src/main.rs", "fn main() {\n    app::run();\n}\n"),
        ("app/src/lib.rs", lib),
        ("jio/src/lib.rs", "pub fn unused() {}\n"),
    ];
    files.extend_from_slice(extra);
    bundle_fixture(&files)
}

#[track_caller]
fn assert_refused(lib: &str, extra: &[(&str, &str)], expected: &str) {
    match bundle_lib(lib, extra) {
        Ok(text) => panic!("expected an error containing {expected:?}, got a bundle:\n{text}"),
        Err(err) => assert!(err.contains(expected), "expected {expected:?} in:\n{err}"),
    }
}

/// Compiles `source` with the judge's rustc (`edition` `None` = Rust 2015, no flag) and runs it
/// on `stdin`; `None` (with a notice) if that compiler is not installed.
fn compile_and_run(source: &str, edition: Option<&str>, stdin: &str) -> Option<String> {
    if !Path::new(JUDGE_RUSTC).exists() {
        eprintln!("notice: {JUDGE_RUSTC} is missing, so the bundle was not compiled");
        return None;
    }
    let dir = TempDir::new("compile");
    dir.write("Main.rs", source);
    let binary = dir.path.join("main");
    let mut rustc = Command::new(JUDGE_RUSTC);
    if let Some(edition) = edition {
        rustc.args(["--edition", edition]);
    }
    let compiled = rustc
        .arg("-O")
        .arg("-o")
        .arg(&binary)
        .arg(dir.path.join("Main.rs"))
        .output()
        .expect("the judge's rustc runs");
    let diagnostics = String::from_utf8_lossy(&compiled.stderr);
    assert!(
        compiled.status.success(),
        "rustc (edition {edition:?}) rejects the bundle:\n{diagnostics}\n--- bundle ---\n{source}"
    );
    assert!(
        !diagnostics.contains("warning"),
        "rustc (edition {edition:?}) warns:\n{diagnostics}\n--- bundle ---\n{source}"
    );
    let mut child = Command::new(&binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the bundle's binary runs");
    child.stdin.take().expect("piped").write_all(stdin.as_bytes()).expect("can write stdin");
    let output = child.wait_with_output().expect("the binary finishes");
    assert!(output.status.success(), "the bundle's binary fails: {:?}", output.status);
    Some(String::from_utf8(output.stdout).expect("UTF-8 output"))
}

const FAKE_JUDGE_IO: &[(&str, &str)] = &[
    (
        "jio/src/lib.rs",
        r#"//! A fake judge-io: a module file, a `$crate` macro, tests, and a module never used.

mod parse;
pub mod testing;

pub use self::parse::{words, Total};

/// Sums through a `$crate` path.
macro_rules! total_of {
    ($($x:expr),*) => { $crate::parse::Total(0 $(+ $x)*) };
}

/// The total of three numbers.
pub fn sum3(a: u64, b: u64, c: u64) -> Total {
    total_of!(a, b, c)
}

pub fn unused_helper() -> u8 {
    7
}

#[cfg(test)]
mod tests {
    #[test]
    fn braces_in_strings() {
        assert_eq!("}", "}");
    }
}
"#,
    ),
    (
        "jio/src/parse.rs",
        r##"//! Word splitting and totals.

use std::fmt;

/// A total.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Total(pub u64);

impl fmt::Display for Total {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "total {}", self.0)
    }
}

/// The words of `text`.
pub fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

pub fn never_called() -> &'static str {
    r#"} { "#
}
"##,
    ),
    // Never read: if it were, its unbalanced brace would stop the bundler.
    ("jio/src/testing.rs", "pub fn rng() -> &'static str { include_str!(\"seed\") }\n"),
];

const FIXTURE_APP: &[(&str, &str)] = &[
    (
        "app/src/main.rs",
        r#"use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("stdin");
    let out = app::run(&input);
    let _ = judge_io::words("x");
    println!("{}", out);
}

#[cfg(test)]
mod tests {
    #[test]
    fn nothing() {}
}
"#,
    ),
    (
        "app/src/lib.rs",
        r#"//! The fixture problem.
#![forbid(unsafe_code)]

mod grid;
pub mod naive;

use grid::Grid;
use judge_io::{words, Total};

pub(crate) const LIMIT: usize = 3;
/// Only named inside a format string.
const SEP: &str = "|";

/// Something with an area.
pub trait Area {
    fn area(&self) -> usize;
}

impl Area for Grid {
    fn area(&self) -> usize {
        self.w * self.h
    }
}

pub trait Unused {}
impl Unused for u8 {}

/// The answer for `input`.
pub fn run(input: &str) -> String {
    let w = words(input);
    let g = Grid::new(w.len(), LIMIT);
    let t: Total = judge_io::sum3(g.area() as u64, 1, 2);
    format!("{t}{SEP}{}", crate::grid::describe(&g))
}

pub fn not_used() -> u8 {
    naive::make()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample() {
        assert_eq!(run("a b"), "}");
    }
}
"#,
    ),
    (
        "app/src/grid.rs",
        r#"//! The grid.

use crate::LIMIT;

#[derive(Debug)]
pub struct Grid {
    pub w: usize,
    pub h: usize,
}

impl Grid {
    pub fn new(w: usize, h: usize) -> Grid {
        Grid { w: w.min(LIMIT * 10), h }
    }

    #[cfg(test)]
    pub fn for_tests() -> Grid {
        crate::naive::make_grid()
    }
}

pub(in crate::grid) fn private_helper() -> usize {
    1
}

pub(crate) fn describe(g: &Grid) -> String {
    format!("{}x{}+{}", g.w, g.h, private_helper())
}
"#,
    ),
    ("app/src/naive.rs", "compile_error!(\"the oracle must not reach the bundle\");\n"),
];

fn fixture_files() -> Vec<(&'static str, &'static str)> {
    FAKE_JUDGE_IO.iter().chain(FIXTURE_APP).copied().collect()
}

#[test]
fn fixture_bundle_compiles_in_both_editions_and_runs() {
    let text = bundle_fixture(&fixture_files()).expect("the fixture bundles");
    for edition in [Some("2021"), None] {
        if let Some(out) = compile_and_run(&text, edition, "a b c d\n") {
            assert_eq!(out, "total 15|4x3+1\n", "edition {edition:?}");
        }
    }
}

#[test]
fn fixture_bundle_keeps_only_what_main_uses() {
    let text = bundle_fixture(&fixture_files()).expect("the fixture bundles");
    for absent in [
        "unused_helper",
        "never_called",
        "testing",
        "rng",
        "naive",
        "not_used",
        "mod tests",
        "#[test]",
        "cfg(test)",
        "for_tests",
        "Unused",
    ] {
        assert!(!text.contains(absent), "{absent:?} reached the bundle:\n{text}");
    }
    for present in [
        "mod judge_io {\n//! A fake judge-io",
        "mod parse {\n//! Word splitting",
        "mod app {\n//! The fixture problem.\n#![forbid(unsafe_code)]",
        "mod grid {\n//! The grid.",
        "const SEP",
        "impl Area for Grid",
        "impl fmt::Display for Total",
        "$crate::judge_io::parse::Total",
        "use self::grid::Grid;",
        "use crate::judge_io::{words, Total};",
        "use crate::app::LIMIT;",
        "pub(crate) const LIMIT",
        "pub(in crate::app::grid) fn private_helper",
        "crate::app::grid::describe(&g)",
        "crate::judge_io::sum3(",
        "let out = crate::app::run(&input);",
    ] {
        assert!(text.contains(present), "{present:?} is missing:\n{text}");
    }
    assert!(text.starts_with("// `app` as one file"), "{text}");
    assert!(!text.contains("\n\n\n"), "runs of blank lines are collapsed:\n{text}");
}

#[test]
fn output_is_deterministic() {
    let first = bundle_fixture(&fixture_files()).expect("bundles");
    let second = bundle_fixture(&fixture_files()).expect("bundles");
    assert_eq!(first, second);
}

#[test]
fn unreferenced_items_and_modules_are_dropped() {
    let lib = "mod used;\nmod unused;\npub fn run() { used::f(); }\npub fn dead() {}\n\
               struct Lonely;\nimpl Lonely { fn m() {} }\nimpl std::fmt::Debug for Lonely {\n    \
               fn fmt(&self, _: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) }\n}\n";
    let text = bundle_lib(
        lib,
        &[("app/src/used.rs", "pub fn f() {}\n"), ("app/src/unused.rs", "pub fn g() {}\n")],
    )
    .expect("bundles");
    assert!(text.contains("mod used {\npub fn f() {}\n}"), "{text}");
    for absent in ["mod unused", "fn g", "fn dead", "Lonely"] {
        assert!(!text.contains(absent), "{absent:?} kept:\n{text}");
    }
    // judge_io is never named, so it is not inlined at all.
    assert!(!text.contains("mod judge_io"), "{text}");
}

#[test]
fn module_files_are_found_like_rustc_finds_them() {
    let text = bundle_lib(
        "mod flat;\nmod nested;\npub fn run() { flat::f(); nested::g(); }\n",
        &[
            ("app/src/flat.rs", "mod child;\npub fn f() { child::c(); }\n"),
            ("app/src/flat/child.rs", "pub fn c() {}\n"),
            ("app/src/nested/mod.rs", "mod deeper;\npub fn g() { deeper::d(); }\n"),
            ("app/src/nested/deeper.rs", "pub fn d() {}\n"),
        ],
    )
    .expect("bundles");
    for present in ["mod child {\npub fn c() {}\n}", "mod deeper {\npub fn d() {}\n}"] {
        assert!(text.contains(present), "{present:?} missing:\n{text}");
    }
    assert_refused(
        "mod both;\npub fn run() { both::f(); }\n",
        &[("app/src/both.rs", ""), ("app/src/both/mod.rs", "")],
        "module `both` is both app/src/both.rs and app/src/both/mod.rs",
    );
    let err = bundle_fixture(&[
        ("app/src/main.rs", "mod judge_io {}\nfn main() {}\n"),
        ("jio/src/lib.rs", ""),
    ])
    .expect_err("main.rs takes the name");
    assert!(err.contains("main.rs defines `judge_io`"), "{err}");
}

#[test]
fn a_trait_impl_is_kept_with_its_trait_and_its_type() {
    let lib = "pub trait Shape { fn n(&self) -> u8; }\npub struct Sq;\n\
               impl Shape for Sq { fn n(&self) -> u8 { 4 } }\npub struct Other;\n\
               impl Other { fn x() {} }\npub fn run() { let _ = Sq.n(); }\n";
    let text = bundle_lib(lib, &[]).expect("bundles");
    assert!(text.contains("impl Shape for Sq"), "{text}");
    assert!(text.contains("pub trait Shape"), "{text}");
    assert!(!text.contains("Other"), "{text}");
}

#[test]
fn cfg_test_items_are_removed_everywhere() {
    let lib = r#"pub fn run() {}

#[cfg(test)]
fn helper() -> &'static str { "} {" }

pub struct S;
impl S {
    pub fn keep() {}

    #[cfg(all(test, unix))]
    fn only_tests() {}
}
#[cfg(not(test))]
pub fn kept_off_test() { S::keep(); run(); }

#[test]
fn a_test() {}
"#;
    let text = bundle_fixture(&[
        ("app/src/main.rs", "fn main() { app::kept_off_test(); }\n"),
        ("app/src/lib.rs", lib),
        ("jio/src/lib.rs", ""),
    ])
    .expect("bundles");
    for absent in ["helper", "only_tests", "a_test"] {
        assert!(!text.contains(absent), "{absent:?} kept:\n{text}");
    }
    assert!(text.contains("    pub fn keep() {}\n}"), "{text}");
    assert!(text.contains("#[cfg(not(test))]\npub fn kept_off_test"), "{text}");
}

#[test]
fn platform_cfg_module_pairs_are_both_kept() {
    let lib = r#"pub fn run() { imp::f(); }

#[cfg(unix)]
mod imp {
    pub fn f() {}
}
#[cfg(not(unix))]
mod imp {
    pub fn f() {}
}
"#;
    let text = bundle_fixture(&[
        ("app/src/main.rs", "fn main() { app::run(); }\n"),
        ("app/src/lib.rs", lib),
        ("jio/src/lib.rs", ""),
    ])
    .expect("bundles");
    assert!(text.contains("#[cfg(unix)]\nmod imp {"), "{text}");
    assert!(text.contains("#[cfg(not(unix))]\nmod imp {"), "{text}");
}

#[test]
fn path_rewrites_leave_visibilities_and_foreign_paths_alone() {
    let lib = r#"pub(crate) mod m {
    pub(in crate::m) fn f() {}
    pub(crate) fn g() { self::f(); crate::m::f(); }
}
use crate::{m::g as h};
use core::cmp::max;
mod inner {
    pub fn f() {}
}
pub fn run() { use inner::f; f(); h(); let _ = ::judge_io::X; let _ = judge_io::X;
    let v = vec![1u8]; let _ = v.len(); let _ = max(1, 2); }
"#;
    let text = bundle_fixture(&[
        ("app/src/main.rs", "fn main() { app::run(); }\n"),
        ("app/src/lib.rs", lib),
        ("jio/src/lib.rs", "pub const X: u8 = 1;\n"),
    ])
    .expect("bundles");
    for present in [
        "pub(crate) mod m {",
        "pub(in crate::app::m) fn f()",
        "pub(crate) fn g() { self::f(); crate::app::m::f(); }",
        "use crate::app::{m::g as h};",
        "let _ = crate::judge_io::X; let _ = crate::judge_io::X;",
        "fn main() { crate::app::run(); }",
        "pub fn run() { use self::inner::f; f();",
        "use std::cmp::max;",
    ] {
        assert!(text.contains(present), "{present:?} missing:\n{text}");
    }
    if let Some(out) = compile_and_run(&text, Some("2021"), "") {
        assert_eq!(out, "");
    }
    if let Some(out) = compile_and_run(&text, None, "") {
        assert_eq!(out, "");
    }
}

#[test]
fn refusals_name_the_place() {
    let cases: &[(&str, &str)] = &[
        (
            "pub fn run() {\n    let _ = include_str!(\"x.txt\");\n}\n",
            "app/src/lib.rs:2:13: cannot inline `include_str!`",
        ),
        ("pub fn run() { std::include!(\"x.rs\"); }\n", "cannot inline `include!`"),
        ("pub fn run() { let _ = include_bytes!(\"x\"); }\n", "cannot inline `include_bytes!`"),
        ("pub fn run() { let _ = env!(\"CARGO_PKG_NAME\"); }\n", "cannot inline `env!`"),
        (
            "#[path = \"y.rs\"]\nmod x;\npub fn run() { x::f(); }\n",
            "app/src/lib.rs:1:1: cannot inline `#[path]`",
        ),
        (
            "extern crate rand;\npub fn run() {}\n",
            "app/src/lib.rs:1:1: cannot inline `extern crate rand`",
        ),
        ("pub fn run() { let _ = \"open; }\n", "app/src/lib.rs:1:24: unterminated string literal"),
        ("pub fn run() { /* open }\n", "unterminated block comment"),
        ("pub fn run() { ( }\n", "unbalanced `}`"),
        ("pub fn run() {\n", "unclosed `{`"),
        ("mod missing;\npub fn run() { missing::f(); }\n", "file not found for module `missing`"),
        (
            "pub fn run() {\n    #[cfg(test)]\n    let x = 1;\n}\n",
            "app/src/lib.rs:2:5: cannot remove code under this `#[cfg]`",
        ),
        ("#![cfg(test)]\npub fn run() {}\n", "cannot remove a module by an inner `#![cfg]`"),
        ("pub fn run() { let _ = crate; }\n", "cannot inline this use of `crate`"),
        (
            "macro_rules! m { () => { $crate } }\npub fn run() { m!(); }\n",
            "cannot inline `$crate` not followed by `::`",
        ),
    ];
    for (lib, expected) in cases {
        assert_refused(lib, &[], expected);
    }
}

#[test]
fn unused_code_is_never_checked() {
    // Refusable constructs in items nothing uses do not stop the bundle.
    let text = bundle_lib(
        r#"pub fn run() {}
pub fn gen() -> &'static str { include_str!("big.txt") }
pub mod naive;
"#,
        &[("app/src/naive.rs", "pub fn f() -> &'static str { include_str!(\"x\") }")],
    )
    .expect("bundles");
    assert!(!text.contains("include_str"), "{text}");
    // Every module file is read, though (an `impl` in it may be needed), so it must lex.
    let err = bundle_lib("pub fn run() {}\npub mod naive;\n", &[("app/src/naive.rs", "{")])
        .expect_err("an unclosed brace is an error");
    assert!(err.contains("app/src/naive.rs:1:1: unclosed `{`"), "{err}");
}

#[test]
fn manifests_with_other_dependencies_are_refused() {
    let dir = TempDir::new("manifest");
    dir.write(
        "crates/p/Cargo.toml",
        r#"[package]
name = "p"

[dependencies]
judge-io = { path = "../../judge-io" }
rand = "0.8"

[dev-dependencies]
anything = "1"
"#,
    );
    dir.write("crates/p/src/main.rs", "fn main() {}\n");
    let err = bundle(&dir.path, "p").expect_err("rand cannot be inlined");
    assert!(
        err.contains(
            "crates/p/Cargo.toml:6: cannot inline dependency `rand`: not a `path` dependency"
        ),
        "{err}"
    );
    dir.write(
        "crates/p/Cargo.toml",
        "[package]\nname = \"p\"\n\n[dependencies.regex]\nversion = \"1\"\n",
    );
    assert!(bundle(&dir.path, "p").expect_err("regex").contains("dependency `regex`"));
    dir.write("crates/p/Cargo.toml", "[package]\nname = \"p\"\nedition = \"2021\"\n");
    dir.write("crates/p/build.rs", "fn main() {}\n");
    assert!(bundle(&dir.path, "p").expect_err("build.rs").contains("crates/p/build.rs: cannot"));
    let err = bundle(&dir.path, "nope").expect_err("no such crate");
    assert!(err.contains("no problem crate at crates/nope"), "{err}");
}

#[test]
fn tidy_collapses_blank_lines_outside_literals_only() {
    assert_eq!(
        tidy("fn a() {\n\n\n    x();\n\n\n}\n\n\n\nfn b() {}\nconst S: &str = \"\n\n\n\";\n\n\n"),
        "fn a() {\n    x();\n}\n\nfn b() {}\nconst S: &str = \"\n\n\n\";\n"
    );
}

/// The workspace root (for the real judge-io).
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("crates/xtask is two levels down")
        .to_path_buf()
}

#[test]
fn real_judge_io_bundles_and_compiles_in_both_editions() {
    let dir = TempDir::new("real");
    dir.write(
        "main.rs",
        r#"use std::process::ExitCode;

use judge_io::{Error, Output, Scanner};

fn solve(input: &[u8], out: &mut Output<std::io::StdoutLock>) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let n: usize = sc.int()?;
    let mut sum: i64 = 0;
    for _ in 0..n {
        sum += sc.int::<i64>()?;
    }
    sc.expect_end()?;
    out.int(sum).newline();
    Ok(())
}

fn main() -> ExitCode {
    let input = match judge_io::read_stdin() {
        Ok(input) => input,
        Err(e) => {
            eprintln!("error: {}", e);
            return ExitCode::from(1);
        }
    };
    let mut out = Output::new(std::io::stdout().lock());
    match solve(&input, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", e);
            ExitCode::from(1)
        }
    }
}
"#,
    );
    let text = bundle_with_real_judge_io(&dir);
    for absent in ["mod testing", "Rng", "stress_knobs", "#[test]", "cfg(test)", "mod tests"] {
        assert!(!text.contains(absent), "{absent:?} reached the bundle:\n{text}");
    }
    for present in
        ["use crate::judge_io::{Error, Output, Scanner};", "mod judge_io {", "pub struct Scanner"]
    {
        assert!(text.contains(present), "{present:?} missing:\n{text}");
    }
    for edition in [Some("2021"), None] {
        if let Some(out) = compile_and_run(&text, edition, "3\n1 -2 40\n") {
            assert_eq!(out, "39\n", "edition {edition:?}");
        }
    }
}

/// The bundle of `dir`'s `main.rs` with the workspace's real judge-io.
fn bundle_with_real_judge_io(dir: &TempDir) -> String {
    let root = workspace_root();
    let libs = [Library {
        name: "judge_io".to_string(),
        root_file: root.join("judge-io/src/lib.rs"),
        deps: Vec::new(),
    }];
    bundle_files(&root, "real", &dir.path.join("main.rs"), &libs).expect("bundles")
}

#[test]
fn real_judge_io_streaming_bundles_and_compiles_in_both_editions() {
    let dir = TempDir::new("real-stream");
    dir.write(
        "main.rs",
        r#"use std::io::{Read, Write};
use std::process::ExitCode;

use judge_io::{Error, Output, StreamInput};

fn solve<R: Read, W: Write>(input: &mut StreamInput<R>, out: &mut Output<W>) -> Result<(), Error> {
    let n: usize = input.int()?;
    for _ in 0..n {
        let value: i64 = input.int()?;
        out.int(value * 2).newline();
    }
    match input.line()? {
        Some(rest) => out.bytes(rest).newline(),
        None => out.str("no rest").newline(),
    };
    Ok(())
}

fn main() -> ExitCode {
    judge_io::run_stream(solve)
}
"#,
    );
    let text = bundle_with_real_judge_io(&dir);
    for edition in [Some("2021"), None] {
        if let Some(out) = compile_and_run(&text, edition, "3\n1 -2\n40 tail end\r\n") {
            assert_eq!(out, "2\n-4\n80\n tail end\n", "edition {edition:?}");
        }
    }
}

/// Every `.rs` file under `dir`, sorted, skipping build output.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() && path.file_name().is_some_and(|n| n != "target") {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_workspace_source_lexes_round_trips_and_splits_into_items() {
    use super::{items, lexer, source::Source};
    let root = workspace_root();
    let mut files = Vec::new();
    rust_files(&root.join("judge-io"), &mut files);
    rust_files(&root.join("crates"), &mut files);
    assert!(files.len() >= 10, "found only {files:?}");
    for path in files {
        let text = fs::read_to_string(&path).expect("readable source");
        let src = Source::new(path.display().to_string(), text).unwrap_or_else(|e| panic!("{e}"));
        let mut pos = 0;
        for token in &src.tokens {
            let gap = &src.text[pos..token.start];
            assert!(
                gap.chars().all(char::is_whitespace),
                "{}: {gap:?} is not a token",
                path.display()
            );
            pos = token.end;
        }
        assert!(src.text[pos..].trim().is_empty(), "{}: trailing text", path.display());
        let items = items::split(&src, 0, src.tokens.len()).unwrap_or_else(|e| panic!("{e}"));
        assert!(!items.is_empty() || src.tokens.is_empty(), "{}", path.display());
        // Every token belongs to exactly one item, in order.
        let mut next = 0;
        for item in &items {
            assert!(
                item.lead == next
                    || src.tokens[next..item.lead]
                        .iter()
                        .all(|t| matches!(t.kind, lexer::Kind::Comment(_)))
            );
            next = item.end;
        }
    }
}

/// The fixture workspace (`crates/xtask/fixtures`): two libraries in the style of widely used
/// competitive-programming libraries and two problem crates using them.
fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// Runs `binary` on `stdin` and returns its stdout.
fn run(binary: &Path, stdin: &str) -> String {
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", binary.display()));
    child.stdin.take().expect("piped").write_all(stdin.as_bytes()).expect("can write stdin");
    let output = child.wait_with_output().expect("the binary finishes");
    assert!(output.status.success(), "{} fails: {:?}", binary.display(), output.status);
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

#[test]
fn fixture_problems_behave_like_their_cargo_builds_in_both_editions() {
    let dir = fixtures_dir();
    let target = TempDir::new("fixture-target");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let built = Command::new(cargo)
        .args(["build", "--release", "--quiet", "--offline", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", &target.path)
        .status()
        .expect("cargo runs");
    assert!(built.success(), "the fixture workspace builds with cargo");
    let cases = [("app-all", "h\u{e9}llo w\u{f6}rld \u{2713} abc\n"), ("app-math", "")];
    for (app, stdin) in cases {
        let expected = run(&target.path.join("release").join(app), stdin);
        for compact in [false, true] {
            let text = bundle_crate(&dir, &dir.join(app), app, Options { compact })
                .unwrap_or_else(|e| panic!("{app} bundles: {e}"));
            for edition in [Some("2021"), None] {
                if let Some(actual) = compile_and_run(&text, edition, stdin) {
                    assert_eq!(actual, expected, "{app} (compact {compact}, edition {edition:?})");
                }
            }
        }
    }
}

#[test]
fn a_main_that_uses_one_function_carries_nothing_else() {
    let dir = fixtures_dir();
    let text =
        bundle_crate(&dir, &dir.join("app-math"), "app-math", Options::default()).expect("bundles");
    assert!(text.contains("pub use self::math::{floor_sum, pow_mod};"), "{text}");
    for absent in ["StaticModInt", "Segtree", "mod numeric", "fn lcm", "Graph", "ByValueLen"] {
        assert!(!text.contains(absent), "{absent} is in the bundle:\n{text}");
    }
}

#[test]
fn a_use_of_a_block_local_item_stays_as_written() {
    let lib = "pub fn run() {\n    #[derive(Debug)]\n    enum Dir {\n        North,\n        South,\n    }\n    \
               use Dir::*;\n    use std::fmt::Write;\n    let mut s = String::new();\n    \
               write!(s, \"{:?} {:?}\", North, South).expect(\"a String takes any text\");\n    \
               println!(\"{}\", s);\n}\n";
    let text = bundle_lib(lib, &[]).expect("bundles");
    assert!(text.contains("    use Dir::*;\n"), "{text}");
    // Rust 2015 cannot name a block's item in a `use`: such code is for 2018+ judges only.
    if let Some(output) = compile_and_run(&text, Some("2021"), "") {
        assert_eq!(output, "North South\n");
    }
}

#[test]
fn uses_in_macro_transcribers_are_made_edition_proof() {
    let lib = "mod helpers {\n    pub fn two() -> u32 {\n        2\n    }\n}\n\n\
               macro_rules! two {\n    () => {{\n        use helpers::two;\n        two()\n    }};\n}\n\n\
               pub fn run() {\n    println!(\"{}\", two!());\n}\n";
    let text = bundle_lib(lib, &[]).expect("bundles");
    assert!(text.contains("use self::helpers::two;"), "{text}");
    for edition in [Some("2021"), None] {
        if let Some(output) = compile_and_run(&text, edition, "") {
            assert_eq!(output, "2\n");
        }
    }
}

#[test]
fn platform_cfgs_are_left_to_the_judges_compiler() {
    let dir = fixtures_dir();
    let text =
        bundle_crate(&dir, &dir.join("app-all"), "app-all", Options::default()).expect("bundles");
    for kept in [
        "#[cfg(unix)]\npub fn platform()",
        "#[cfg(not(unix))]\npub fn platform()",
        "#[cfg(target_pointer_width = \"64\")]\npub const WORD_BITS",
        "#[cfg(not(target_pointer_width = \"64\"))]\npub const WORD_BITS",
    ] {
        assert!(text.contains(kept), "{kept:?} is missing:\n{text}");
    }
    // Traits reached only through the prelude's glob and `as _`, and the impl-only module.
    for kept in ["pub trait ByValueLen", "impl<T: PartialOrd> ChMax for T", "mod dijkstra"] {
        assert!(text.contains(kept), "{kept:?} is missing:\n{text}");
    }
    let compact = bundle_crate(&dir, &dir.join("app-all"), "app-all", Options { compact: true })
        .expect("bundles");
    assert!(compact.len() < text.len() * 3 / 4, "{} vs {}", compact.len(), text.len());
    assert_eq!(compact.lines().filter(|l| l.contains("//")).count(), 1, "{compact}");
}

#[test]
fn dependencies_the_bundle_cannot_inline_are_refused() {
    let dir = TempDir::new("deps");
    let main = ("app/src/main.rs", "fn main() {}\n");
    let manifest = |deps: &str| {
        format!("[package]\nname = \"app\"\nedition = \"2021\"\n\n[dependencies]\n{deps}")
    };
    dir.write(main.0, main.1);
    dir.write("app/Cargo.toml", &manifest("far = { path = \"../../far\" }\n"));
    let err = bundle_crate(&dir.path, &dir.path.join("app"), "app", Options::default())
        .expect_err("outside");
    assert!(err.contains("app/Cargo.toml:"), "{err}");
    dir.write("app/Cargo.toml", &manifest("lib = { path = \"../lib\" }\n"));
    dir.write(
        "lib/Cargo.toml",
        "[package]\nname = \"lib\"\nedition = \"2021\"\n\n[dependencies]\nrand = \"0.8\"\n",
    );
    dir.write("lib/src/lib.rs", "pub fn f() {}\n");
    let err = bundle_crate(&dir.path, &dir.path.join("app"), "app", Options::default())
        .expect_err("transitive crates.io dependency");
    assert!(err.contains("lib/Cargo.toml:6: cannot inline dependency `rand`"), "{err}");
    dir.write("lib/Cargo.toml", "[package]\nname = \"lib\"\nedition = \"2021\"\n");
    dir.write("lib/build.rs", "fn main() {}\n");
    let err = bundle_crate(&dir.path, &dir.path.join("app"), "app", Options::default())
        .expect_err("build script");
    assert!(err.contains("lib/build.rs: cannot inline"), "{err}");
}

#[test]
fn macros_are_reached_by_name_from_any_module() {
    let lib = "#[macro_use]\nmod macros;\nmod ops;\n\npub fn run() {\n    println!(\"{}\", ops::twice(21));\n}\n";
    let extra = [
        (
            "app/src/macros.rs",
            "macro_rules! double {\n    ($x:expr) => {\n        $x * 2\n    };\n}\n",
        ),
        ("app/src/ops.rs", "pub fn twice(x: u32) -> u32 {\n    double!(x)\n}\n"),
    ];
    let text = bundle_lib(lib, &extra).expect("bundles");
    assert!(text.contains("#[macro_use]\nmod macros {"), "{text}");
    for edition in [Some("2021"), None] {
        if let Some(output) = compile_and_run(&text, edition, "") {
            assert_eq!(output, "42\n");
        }
    }
}

#[test]
fn a_module_named_like_a_crate_it_does_not_depend_on_stays_itself() {
    let dir = TempDir::new("shadow");
    dir.write("other/src/lib.rs", "pub fn f() -> u32 {\n    1\n}\n");
    dir.write(
        "app/src/lib.rs",
        "mod other {\n    pub fn f() -> u32 {\n        7\n    }\n}\n\n\
         pub fn run() -> u32 {\n    other::f()\n}\n",
    );
    dir.write(
        "app/src/main.rs",
        "fn main() {\n    println!(\"{} {}\", app::run(), other::f());\n}\n",
    );
    let lib = |name: &str, deps: &[&str]| Library {
        name: name.to_string(),
        root_file: dir.path.join(name).join("src/lib.rs"),
        deps: deps.iter().map(|d| d.to_string()).collect(),
    };
    let libs = [lib("other", &[]), lib("app", &[])];
    let text =
        bundle_files(&dir.path, "app", &dir.path.join("app/src/main.rs"), &libs).expect("bundles");
    assert!(text.contains("    other::f()\n"), "{text}");
    for edition in [Some("2021"), None] {
        if let Some(output) = compile_and_run(&text, edition, "") {
            assert_eq!(output, "7 1\n");
        }
    }
}

#[test]
fn a_macro_reexported_by_use_stays_as_written() {
    let lib = "mod macros {\n    macro_rules! triple {\n        ($x:expr) => {\n            3 * $x\n        };\n    }\n    \
               pub(crate) use triple;\n}\n\npub fn run() {\n    println!(\"{}\", macros::triple!(14));\n}\n";
    let text = bundle_lib(lib, &[]).expect("bundles");
    assert!(text.contains("    pub(crate) use triple;\n"), "{text}");
    if let Some(output) = compile_and_run(&text, Some("2021"), "") {
        assert_eq!(output, "42\n");
    }
}

#[test]
fn a_macro_defined_in_a_function_may_hold_uses_of_metavariables() {
    let lib = "pub mod inner {\n    pub fn seven() -> u32 {\n        7\n    }\n}\n\n\
               pub fn run() {\n    macro_rules! seven {\n        () => {{\n            \
               use $crate::inner::seven;\n            seven()\n        }};\n    }\n    \
               println!(\"{}\", seven!());\n}\n";
    let text = bundle_lib(lib, &[]).expect("bundles");
    for edition in [Some("2021"), None] {
        if let Some(output) = compile_and_run(&text, edition, "") {
            assert_eq!(output, "7\n");
        }
    }
}

#[test]
fn exported_macros_imported_in_groups_get_uses_of_their_own() {
    let main = "use app::{run, thrice};\n\nmod sub {\n    use app::{twice as dbl, BASE};\n\n    \
                pub fn six() -> u32 {\n        dbl!(BASE / 7)\n    }\n}\n\n\
                fn main() {\n    run();\n    println!(\"{} {}\", thrice!(2), sub::six());\n}\n";
    let lib = "mod inner;\n\npub const BASE: u32 = 21;\n\n#[macro_export]\nmacro_rules! twice {\n    \
               ($x:expr) => {\n        2 * $x\n    };\n}\n\n#[macro_export]\nmacro_rules! thrice {\n    \
               ($x:expr) => {\n        3 * $x\n    };\n}\n\npub fn run() {\n    inner::show();\n}\n";
    let inner =
        "use crate::{twice, BASE};\n\npub fn show() {\n    println!(\"{}\", twice!(BASE));\n}\n";
    let files = [
        ("app/src/main.rs", main),
        ("app/src/lib.rs", lib),
        ("app/src/inner.rs", inner),
        ("jio/src/lib.rs", "pub fn unused() {}\n"),
    ];
    let text = bundle_fixture(&files).expect("bundles");
    // At the root the macro is already in scope; elsewhere it gets a `use` of its own.
    assert!(text.contains("use crate::app::{run, };\n"), "{text}");
    assert!(text.contains("use crate::app::{BASE}; use crate::twice as dbl;\n"), "{text}");
    assert!(text.contains("use crate::app::{BASE}; use crate::twice;\n"), "{text}");
    for edition in [Some("2021"), None] {
        if let Some(output) = compile_and_run(&text, edition, "") {
            assert_eq!(output, "42\n6 6\n");
        }
    }
    // Every import of a group moved: the `use` goes rather than stay empty (and warned about).
    let main =
        main.replace("use app::{run, thrice};", "use app::{thrice};").replace("    run();\n", "");
    let files = [("app/src/main.rs", main.as_str()), files[1], files[2], files[3]];
    let text = bundle_fixture(&files).expect("bundles");
    assert!(!text.contains("::{};") && !text.contains("thrice}"), "{text}");
    for edition in [Some("2021"), None] {
        if let Some(output) = compile_and_run(&text, edition, "") {
            assert_eq!(output, "6 6\n");
        }
    }
}

#[test]
fn exported_macros_imported_in_groups_in_blocks_get_uses_of_their_own() {
    let main = "fn main() {\n    use app::{thrice, BASE};\n    app::run();\n    \
                println!(\"{}\", thrice!(BASE));\n}\n";
    let lib = "pub const BASE: u32 = 14;\n\n#[macro_export]\nmacro_rules! twice {\n    \
               ($x:expr) => {\n        2 * $x\n    };\n}\n\n#[macro_export]\nmacro_rules! thrice {\n    \
               ($x:expr) => {\n        3 * $x\n    };\n}\n\n\
               pub fn run() {\n    use crate::{twice};\n    println!(\"{}\", twice!(21));\n}\n";
    let files = [
        ("app/src/main.rs", main),
        ("app/src/lib.rs", lib),
        ("jio/src/lib.rs", "pub fn unused() {}\n"),
    ];
    let text = bundle_fixture(&files).expect("bundles");
    assert!(text.contains("    use crate::app::{BASE};\n"), "{text}");
    assert!(text.contains("    use crate::twice;\n"), "{text}");
    for edition in [Some("2021"), None] {
        if let Some(output) = compile_and_run(&text, edition, "") {
            assert_eq!(output, "42\n42\n");
        }
    }
}

#[test]
fn extern_crate_of_an_inlined_crate_at_mains_root_is_dropped() {
    let lib = "pub fn run() -> u32 {\n    42\n}\n";
    let main = "extern crate app;\n\nfn main() {\n    println!(\"{}\", app::run());\n}\n";
    let files = [
        ("app/src/main.rs", main),
        ("app/src/lib.rs", lib),
        ("jio/src/lib.rs", "pub fn unused() {}\n"),
    ];
    let text = bundle_fixture(&files).expect("bundles");
    assert!(!text.contains("extern crate"), "{text}");
    for edition in [Some("2021"), None] {
        if let Some(output) = compile_and_run(&text, edition, "") {
            assert_eq!(output, "42\n");
        }
    }
    // `#[macro_use]` would reach main.rs's modules too: refused, with what to write instead.
    let main = format!("#[macro_use]\n{main}");
    let files = [("app/src/main.rs", main.as_str()), files[1], files[2]];
    let err = bundle_fixture(&files).expect_err("macro_use extern crate");
    assert!(err.contains("main.rs:2:1: cannot inline `extern crate app`"), "{err}");
    assert!(err.contains("`use app::{m1, m2};`"), "{err}");
}

#[test]
fn a_path_keeps_only_the_item_of_its_module_and_a_macro_call_only_macros() {
    let lib = "mod math {\n    pub struct Barrett(pub u32);\n\n    impl Barrett {\n        \
               pub fn get(&self) -> u32 {\n            self.0 + modulus()\n        }\n    }\n\n    \
               pub fn modulus() -> u32 {\n            7\n        }\n}\n\n\
               mod modint {\n    pub struct Barrett(pub u64);\n\n    impl Barrett {\n        \
               pub fn wide(&self) -> u64 {\n            self.0 * 1000\n        }\n    }\n\n    \
               macro_rules! modulus {\n        () => {\n            99\n        };\n    }\n\n    \
               pub fn one() -> u32 {\n            1\n        }\n}\n\n\
               pub fn run() {\n    let sum = math::Barrett(3).get() + modint::one();\n    \
               println!(\"{sum}\");\n}\n";
    let text = bundle_lib(lib, &[]).expect("bundles");
    assert!(text.contains("pub struct Barrett(pub u32);"), "{text}");
    for absent in ["pub struct Barrett(pub u64);", "fn wide", "macro_rules! modulus"] {
        assert!(!text.contains(absent), "{absent} is kept:\n{text}");
    }
    for edition in [Some("2021"), None] {
        if let Some(output) = compile_and_run(&text, edition, "") {
            assert_eq!(output, "11\n");
        }
    }
}

#[test]
fn globs_reexports_aliases_and_trait_methods_still_keep_what_they_reach() {
    let lib = "mod shapes {\n    pub struct Square(pub u32);\n\n    impl Square {\n        \
               pub fn area(&self) -> u32 {\n            self.0 * self.0\n        }\n    }\n\n    \
               pub fn f() -> u32 {\n            2\n        }\n}\n\n\
               mod prelude {\n    pub use crate::shapes::*;\n}\n\n\
               mod chain_a {\n    pub use crate::chain_b::Thing;\n}\n\n\
               mod chain_b {\n    pub use crate::chain_c::Thing;\n}\n\n\
               mod chain_c {\n    pub struct Thing;\n\n    impl Thing {\n        \
               pub fn value(&self) -> u32 {\n            100\n        }\n    }\n}\n\n\
               mod twice {\n    pub trait Double {\n        fn double(&self) -> u32;\n    }\n\n    \
               impl Double for u32 {\n        fn double(&self) -> u32 {\n            \
               self * 2\n        }\n    }\n}\n\n\
               mod renamed {\n    pub fn g() -> u32 {\n        1000\n    }\n}\n\n\
               use crate::renamed as r;\nuse twice::Double;\n\n\
               fn f() -> u32 {\n    1\n}\n\n\
               pub fn run() {\n    let glob = prelude::Square(3).area();\n    \
               let chained = chain_a::Thing.value();\n    let in_block = {\n        \
               use crate::shapes::*;\n        f()\n    };\n    \
               println!(\"{} {} {} {} {}\", glob, chained, in_block, 21u32.double(), r::g());\n}\n";
    let text = bundle_lib(lib, &[]).expect("bundles");
    assert!(text.contains("pub fn f() -> u32 {\n            2"), "{text}");
    for edition in [Some("2021"), None] {
        if let Some(output) = compile_and_run(&text, edition, "") {
            assert_eq!(output, "9 100 2 42 1000\n");
        }
    }
}

#[test]
fn a_macro_passed_by_name_and_a_module_alias_still_keep_their_items() {
    let lib = "mod calls {\n    macro_rules! seven {\n        () => {\n            7\n        };\n    }\n\n    \
               macro_rules! call {\n        ($m:ident) => {\n            $m!()\n        };\n    }\n\n    \
               pub fn seven() -> u32 {\n            70\n        }\n\n    \
               pub fn both() -> u32 {\n        call!(seven) + seven()\n    }\n}\n\n\
               mod deep {\n    pub fn seven() -> u32 {\n        700\n    }\n}\n\n\
               use deep as d;\n\n\
               pub fn run() {\n    let sum = calls::both() + d::seven();\n    \
               println!(\"{sum}\");\n}\n";
    let text = bundle_lib(lib, &[]).expect("bundles");
    for edition in [Some("2021"), None] {
        if let Some(output) = compile_and_run(&text, edition, "") {
            assert_eq!(output, "777\n");
        }
    }
}
