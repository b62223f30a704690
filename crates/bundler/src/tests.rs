//! The bundler end to end: fixture crates (the `fixtures/` workspace, and small ones written
//! to a temporary folder) bundled for a judge's edition, compiled by that judge's compiler
//! stand-in (rustc 1.63 for 2015 and 2021, the workspace's rustc for 2024) and run, with the
//! output compared to the cargo build's.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::emit;
use super::mapped::Mapped;
use super::testing::{manifest, temp_crates, TempDir};
use super::{bundle_crate, judged, Edition, Options};
use judge_meta::profiles::{self, PROFILES};

/// The profile of a judge of `edition` that runs on Linux: Algospot for 2015, BOJ for 2021
/// (both rustc 1.63, which also runs the analysis), AtCoder for 2024 (the workspace's rustc
/// under the std-API check for 1.89).
fn profile(edition: Edition) -> &'static judge_meta::Profile {
    let key = match edition {
        Edition::E2015 => "algospot",
        Edition::E2024 => "atcoder",
        _ => "boj",
    };
    profiles::find(key).expect("a profile")
}

/// Options for the judge of `edition` (see [`profile`]).
fn options(edition: Edition, compact: bool) -> Options {
    Options::for_profile(profile(edition), compact).expect("a known edition")
}

/// The bundle of the binary crate `root/app` for a judge of `edition`.
fn bundle_app(root: &Path, app: &str, edition: Edition) -> Result<String, String> {
    bundle_crate(root, &root.join(app), app, &options(edition, false)).map(|b| b.text)
}

/// Compiles `source` as a judge of `edition` does (with `-O`), which must say nothing (no
/// error, no warning), and runs it on `stdin`.
fn compile_and_run(source: &str, edition: Edition, stdin: &str) -> String {
    let dir = TempDir::new("compile");
    let judged = judged::compile(profile(edition), source, &dir.path).unwrap_or_else(|e| {
        panic!("rustc ({}) rejects the bundle:\n{e}\n--- bundle ---\n{source}", edition.year())
    });
    // A bundle compiles without a warning under its judge's compiler and flags.
    assert!(
        judged.diagnostics.trim().is_empty(),
        "rustc ({}) warns:\n{}\n--- bundle ---\n{source}",
        edition.year(),
        judged.diagnostics
    );
    run(&judged.binary, stdin)
}

/// Runs `binary` on `stdin` and returns its stdout.
fn run(binary: &Path, stdin: &str) -> String {
    judged::run(binary, stdin).unwrap_or_else(|e| panic!("{e}"))
}

/// The fixture workspace (`crates/bundler/fixtures`).
pub(crate) fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// The workspace root.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("crates/xtask is two levels down")
        .to_path_buf()
}

#[track_caller]
fn assert_refused(files: &[(&str, &str)], edition: Edition, expected: &str) {
    let dir = temp_crates(files);
    match bundle_app(&dir.path, "app", edition) {
        Ok(text) => panic!("expected an error containing {expected:?}, got a bundle:\n{text}"),
        Err(err) => assert!(err.contains(expected), "expected {expected:?} in:\n{err}"),
    }
}

/// Builds the fixture workspace (only `packages`, if any are named) with cargo: the expected
/// outputs.
pub(crate) fn build_fixtures(packages: &[&str]) -> TempDir {
    let target = TempDir::new("fixture-target");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let built = Command::new(cargo)
        .args(["build", "--release", "--quiet", "--offline"])
        .args(packages.iter().flat_map(|p| ["-p", p]))
        .arg("--manifest-path")
        .arg(fixtures_dir().join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", &target.path)
        .status()
        .expect("cargo runs");
    assert!(built.success(), "the fixture workspace builds with cargo");
    target
}

#[test]
fn fixture_programs_behave_like_their_cargo_builds_in_every_edition() {
    let dir = fixtures_dir();
    let target = build_fixtures(&[]);
    // (program, stdin, also bundled --compact)
    let cases = [
        ("app-gaps", "", true),
        ("app-misc", "", true),
        ("app-all", "h\u{e9}llo w\u{f6}rld \u{2713} abc\n", true),
        ("app-math", "", true),
        ("app-snippets", "3 4 5 7 2 4\n", false),
        ("app-multi", "", false),
        ("app-algebra", "", false),
    ];
    // One thread per program (the checks are compiler runs; the machine's cores share them).
    std::thread::scope(|scope| {
        for (app, stdin, compact) in cases {
            let (dir, target) = (&dir, &target);
            scope.spawn(move || {
                let expected = run(&target.path.join("release").join(app), stdin);
                for edition in [Edition::E2021, Edition::E2015, Edition::E2024] {
                    let text = bundle_app(dir, app, edition)
                        .unwrap_or_else(|e| panic!("{app} bundles for {edition:?}: {e}"));
                    dump(&format!("{app}-{}.rs", edition.year()), &text);
                    let actual = compile_and_run(&text, edition, stdin);
                    assert_eq!(actual, expected, "{app} for {edition:?}:\n{text}");
                    holdout_cases_hold(app, edition, &text);
                }
                if !compact {
                    return;
                }
                let options = options(Edition::E2021, true);
                let compact = bundle_crate(dir, &dir.join(app), app, &options).expect("bundles");
                let compact = compact.text;
                dump(&format!("{app}-compact.rs"), &compact);
                assert_eq!(compile_and_run(&compact, Edition::E2021, stdin), expected, "{app}");
                assert_eq!(compact.lines().filter(|l| l.contains("//")).count(), 1, "{compact}");
            });
        }
    });
}

/// Writes a fixture's bundle to `$BUNDLER_FIXTURE_DUMP/name` when that variable names a
/// folder, so that a change to the bundler can be compared byte for byte with the bundles
/// before it.
pub(crate) fn dump(name: &str, text: &str) {
    if let Some(dir) = std::env::var_os("BUNDLER_FIXTURE_DUMP") {
        let dir = PathBuf::from(dir);
        fs::create_dir_all(&dir).expect("can create the dump folder");
        fs::write(dir.join(name), text).expect("can write a dump");
    }
}

/// What the hold-out of libraries from elsewhere found, each now bundled like everything else.
#[track_caller]
fn holdout_cases_hold(app: &str, edition: Edition, text: &str) {
    let has = |needle: &str| text.contains(needle);
    match app {
        "app-snippets" => {
            // `#[macro_use] extern crate snippets as _;`: the macros, which call each other
            // bare, in scope in main.rs's module too; the item itself goes.
            assert!(!has("extern crate snippets"), "{text}");
            assert!(has("    use crate::{input, input_inner, read_value};"), "{text}");
            // An exported macro in a module of its own name goes when nothing calls it.
            assert!(!has("macro_rules! debug"), "{text}");
            // The judge's rustc decides which `pop_if` a call means: rustc 1.63 has no
            // `Vec::pop_if`, so the library's trait stays; a newer rustc calls std's.
            let analysis_163 = edition != Edition::E2024;
            assert_eq!(has("pub trait PopIf<T>"), analysis_163, "{edition:?}:\n{text}");
        }
        "app-multi" => {
            // Two crates named `gcd` (one renamed `__gcd` by its dependent), `::union_find`
            // beside an import named `union_find`, `lg::hvec!` beside `use lg::{lg, table}`.
            for needed in [
                "\nmod gcd {",
                "\nmod gcd_crate {",
                "crate::union_find_crate::UnionFind::new(4)",
                "crate::gcd_crate::inv_mod(",
                "print!(\"{}\", crate::hvec!(sums));",
            ] {
                assert!(has(needed), "{needed:?} is missing:\n{text}");
            }
        }
        "app-algebra" => {
            // Of the monoids and moduli that module-level macro calls define, the used ones.
            assert!(has("def_monoid!(Max,") && has("def_modint!(Mod998244353,"), "{text}");
            for absent in ["def_monoid!(Min", "def_monoid!(Sum", "Xor", "Mod1000000007"] {
                assert!(!has(absent), "{absent:?} is in the bundle:\n{text}");
            }
        }
        _ => {}
    }
}

#[test]
fn the_gaps_of_name_based_bundling_are_closed() {
    let dir = fixtures_dir();
    let text = bundle_app(&dir, "app-gaps", Edition::E2021).expect("bundles");
    for present in [
        // 1. The crate nothing outside names, whose trait decides which `len` runs.
        "impl Width for Vec<char>",
        "impl GcdRecip for i64",
        // 2. std's `io` imported in a block is not the crate `io`.
        "    io::stdout().flush().expect(\"stdout flushes\");",
        // 3. `$crate::twice` is the function, `twice!` the macro at the root.
        "$crate::twice::twice($x)",
        // 4. `use mk::mk;` at the root: the macros are there already; `fn gcd` beside `mod gcd`.
        "fn gcd(a: u64, b: u64) -> u64 {\n    a + b\n}",
        "mod gcd {",
    ] {
        assert!(text.contains(present), "{present:?} is missing:\n{text}");
    }
    assert!(!text.contains("use mk::mk;"), "{text}");
    // The 2024 bundle: `unsafe extern`, `r#gen`.
    let text = bundle_app(&dir, "app-gaps", Edition::E2024).expect("bundles");
    for present in ["unsafe extern \"C\" {", "pub mod r#gen {", "crate::sys::r#gen::seed()"] {
        assert!(text.contains(present), "{present:?} is missing:\n{text}");
    }
}

/// Issue 27: impls that a program uses only through std and the language (a drop, formatting,
/// `vec![x; n]`, a `HashSet`, `sort`, `for`, `Deref`, `?`, `..Default::default()`, an
/// operator, `[]`; constants named only in format strings and macro bodies), each trait by
/// full path and through a `use`, beside unused items named like their paths: the bundle of
/// every judge prints what cargo's build prints, and the pre-filter took none of them (nothing
/// had to be put back).
#[test]
fn impls_used_only_through_std_reach_every_judge() {
    let dir = fixtures_dir();
    let target = build_fixtures(&["app-impls"]);
    let expected = run(&target.path.join("release").join("app-impls"), "");
    assert!(expected.ends_with("42\n") && expected.contains("dropped used"), "{expected}");
    std::thread::scope(|scope| {
        for key in ["boj", "algospot", "atcoder", "codeforces"] {
            let (dir, expected) = (&dir, &expected);
            scope.spawn(move || {
                let profile = profiles::find(key).expect("a profile");
                let options = Options::for_profile(profile, key == "codeforces").expect("options");
                let bundle = bundle_crate(dir, &dir.join("app-impls"), "app-impls", &options)
                    .unwrap_or_else(|e| panic!("app-impls bundles for {key}: {e}"));
                dump(&format!("app-impls-{key}.rs"), &bundle.text);
                assert_eq!(bundle.restored, 0, "{key}: a removal was taken back");
                assert!(bundle.checks <= 40, "{key}: {} compiler runs", bundle.checks);
                let scratch = TempDir::new("impls");
                let judged = judged::compile(profile, &bundle.text, &scratch.path)
                    .unwrap_or_else(|e| panic!("{key} rejects the bundle: {e}"));
                assert!(judged.diagnostics.trim().is_empty(), "{key}: {}", judged.diagnostics);
                let actual = run(&judged.binary, "");
                assert_eq!(&actual, expected, "{key}:\n{}", bundle.text);
            });
        }
    });
}

#[test]
fn a_main_that_uses_one_function_carries_nothing_else() {
    let dir = fixtures_dir();
    let text = bundle_app(&dir, "app-math", Edition::E2021).expect("bundles");
    assert!(text.contains("pub fn floor_sum("), "{text}");
    for absent in [
        "StaticModInt",
        "Segtree",
        "fn lcm",
        "Graph",
        "ByValueLen",
        "mod prelude",
        "///",
        "fn gcd",
        "chmin",
    ] {
        assert!(!text.contains(absent), "{absent} is in the bundle:\n{text}");
    }
    // What no compiler here sees (`cfg(not(unix))`) is the judge's compiler's to decide.
    assert!(text.contains("#[cfg(not(unix))]\npub fn platform()"), "{text}");
}

#[test]
fn output_is_deterministic() {
    let dir = fixtures_dir();
    let first = bundle_app(&dir, "app-all", Edition::E2021).expect("bundles");
    assert_eq!(first, bundle_app(&dir, "app-all", Edition::E2021).expect("bundles"));
}

#[test]
fn a_block_local_import_is_kept_for_2018_and_refused_for_2015() {
    let main = "fn main() {\n    #[derive(Debug)]\n    enum Dir {\n        North,\n        South,\n    }\n    \
                use Dir::*;\n    println!(\"{:?} {:?}\", North, South);\n}\n";
    let dir = temp_crates(&[("app/src/main.rs", main)]);
    let text = bundle_app(&dir.path, "app", Edition::E2021).expect("bundles for 2021");
    assert!(text.contains("    use Dir::*;\n"), "{text}");
    assert_eq!(compile_and_run(&text, Edition::E2021, ""), "North South\n");
    assert_refused(
        &[("app/src/main.rs", main)],
        Edition::E2015,
        "app/src/main.rs:7:9: Rust 2015 (this judge's edition) cannot import `Dir`",
    );
}

#[test]
fn the_2021_prelude_is_imported_for_rust_2015() {
    let lib = "pub fn run() -> u8 {\n    let x: u8 = 300u32.try_into().unwrap_or(7);\n    \
               let v = Vec::<u8>::from_iter(vec![x]);\n    v[0]\n}\n";
    let main = "fn main() {\n    println!(\"{}\", app::run());\n}\n";
    let dir = temp_crates(&[("app/src/main.rs", main), ("app/src/lib.rs", lib)]);
    let text = bundle_app(&dir.path, "app", Edition::E2015).expect("bundles");
    assert!(text.contains("use std::convert::TryInto;\nuse std::iter::FromIterator;\n"), "{text}");
    assert_eq!(compile_and_run(&text, Edition::E2015, ""), "7\n");
}

#[test]
fn an_exported_macro_goes_unless_called_or_imported() {
    let lib = "#[macro_export]\nmacro_rules! input {\n    () => { 1 };\n}\n\n\
               #[macro_export]\nmacro_rules! twice {\n    ($x:expr) => { 2 * $x };\n}\n\n\
               #[macro_export]\nmacro_rules! imported {\n    () => { 3 };\n}\n";
    // `input` is a variable only; `twice` is called (through a comment), `imported` imported.
    let main = "use lib::imported as three;\n\nfn main() {\n    let input = 5;\n    \
                println!(\"{} {}\", lib::twice /* x2 */ !(input), three!());\n}\n";
    let dir = temp_crates(&[("app/src/main.rs", main), ("lib/src/lib.rs", lib)]);
    let text = bundle_app(&dir.path, "app", Edition::E2021).expect("bundles");
    assert!(!text.contains("macro_rules! input"), "{text}");
    assert!(text.contains("macro_rules! twice"), "{text}");
    assert!(text.contains("macro_rules! imported"), "{text}");
    assert_eq!(compile_and_run(&text, Edition::E2021, ""), "10 3\n");
}

#[test]
fn names_in_code_this_machine_does_not_compile_are_kept() {
    let lib = r#"pub fn run() -> u32 { imp::f() }

fn helper() -> u32 { 3 }

fn unused() -> u32 { 4 }

#[cfg(windows)]
mod imp {
    pub fn f() -> u32 { super::helper() }
}

#[cfg(not(windows))]
mod imp {
    pub fn f() -> u32 { 3 }
}
"#;
    let main = "fn main() {\n    println!(\"{}\", app::run());\n}\n";
    let dir = temp_crates(&[("app/src/main.rs", main), ("app/src/lib.rs", lib)]);
    // For a Windows judge, what its `cfg(windows)` code names stays.
    let mut windows = options(Edition::E2021, false);
    windows.targets = super::WINDOWS_JUDGE_TARGETS.iter().map(|t| t.to_string()).collect();
    let text =
        bundle_crate(&dir.path, &dir.path.join("app"), "app", &windows).expect("bundles").text;
    assert!(text.contains("fn helper() -> u32 { 3 }"), "{text}");
    assert!(text.contains("#[cfg(windows)]\nmod imp {"), "{text}");
    assert!(!text.contains("fn unused"), "{text}");
    assert_eq!(compile_and_run(&text, Edition::E2021, ""), "3\n");
    // For a Linux judge, no compiler that matters sees that code: the helper goes.
    let text = bundle_app(&dir.path, "app", Edition::E2021).expect("bundles");
    assert!(!text.contains("fn helper"), "{text}");
}

#[test]
fn removals_that_break_the_build_are_repaired_or_taken_back() {
    // A trait never used (its impls must go with it), a type never constructed with an impl of
    // a std trait, a re-export of a dead item, and a helper that only a trait's unused default
    // method calls (rustc 1.63's pruning must put it back; then the current rustc's report of
    // the unused method takes both out: newer.rs).
    let lib = r#"pub trait Unused {
    fn u(&self) -> u32;
}
impl Unused for u32 {
    fn u(&self) -> u32 { 1 }
}
pub struct Dead;
impl std::fmt::Display for Dead {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { write!(f, "dead") }
}
mod inner {
    pub fn gone() {}
}
pub use inner::gone;
pub trait Used {
    fn used(&self) -> u32;
    fn spare(&self) -> u32 { helper() }
}
fn helper() -> u32 { 2 }
impl Used for u8 {
    fn used(&self) -> u32 { 5 }
}
pub fn run() -> u32 { 3u8.used() }
"#;
    let main = "fn main() {\n    println!(\"{}\", app::run());\n}\n";
    let dir = temp_crates(&[("app/src/main.rs", main), ("app/src/lib.rs", lib)]);
    let text = bundle_app(&dir.path, "app", Edition::E2021).expect("bundles");
    for absent in ["Unused", "Dead", "gone", "mod inner", "spare", "helper"] {
        assert!(!text.contains(absent), "{absent:?} kept:\n{text}");
    }
    assert_eq!(compile_and_run(&text, Edition::E2021, ""), "5\n");
}

#[test]
fn cfg_test_and_test_items_never_reach_the_bundle() {
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

#[cfg(test)]
mod tests;
"#;
    let dir = temp_crates(&[
        ("app/src/main.rs", "fn main() { app::kept_off_test(); }\n"),
        ("app/src/lib.rs", lib),
    ]);
    let text = bundle_app(&dir.path, "app", Edition::E2021)
        .expect("bundles (tests.rs, under cfg(test), is never read)");
    for absent in ["helper", "only_tests", "a_test", "mod tests"] {
        assert!(!text.contains(absent), "{absent:?} kept:\n{text}");
    }
    assert!(text.contains("#[cfg(not(test))]\npub fn kept_off_test"), "{text}");
}

#[test]
fn module_files_are_found_like_rustc_finds_them() {
    let lib = "mod flat;\nmod nested;\n#[path = \"elsewhere/other.rs\"]\nmod other;\n\
               pub fn run() -> u32 { flat::f() + nested::g() + other::h() }\n";
    let main = "fn main() {\n    println!(\"{}\", app::run());\n}\n";
    let files = [
        ("app/src/main.rs", main),
        ("app/src/lib.rs", lib),
        ("app/src/flat.rs", "mod child;\npub fn f() -> u32 { child::c() }\n"),
        ("app/src/flat/child.rs", "pub fn c() -> u32 { 1 }\n"),
        ("app/src/nested/mod.rs", "mod deeper;\npub fn g() -> u32 { deeper::d() }\n"),
        ("app/src/nested/deeper.rs", "pub fn d() -> u32 { 10 }\n"),
        ("app/src/elsewhere/other.rs", "pub fn h() -> u32 { 100 }\n"),
    ];
    let dir = temp_crates(&files);
    let text = bundle_app(&dir.path, "app", Edition::E2021).expect("bundles");
    assert!(!text.contains("#[path"), "{text}");
    assert_eq!(compile_and_run(&text, Edition::E2021, ""), "111\n");
    let both = [
        ("app/src/main.rs", "fn main() { app::run(); }\n"),
        ("app/src/lib.rs", "mod both;\npub fn run() { both::f(); }\n"),
        ("app/src/both.rs", "pub fn f() {}\n"),
        ("app/src/both/mod.rs", "pub fn f() {}\n"),
    ];
    assert_refused(
        &both,
        Edition::E2021,
        "module `both` is both app/src/both.rs and app/src/both/mod.rs",
    );
}

#[test]
fn a_crate_nothing_names_is_never_read() {
    // `unread` does not even lex: it is a dependency nothing names (as the test harness is).
    let files = [
        ("app/src/main.rs", "fn main() {\n    println!(\"{}\", lib::one());\n}\n"),
        ("lib/src/lib.rs", "pub fn one() -> u8 {\n    1\n}\n"),
        ("unread/src/lib.rs", "pub fn broken( {\n"),
    ];
    let dir = temp_crates(&files);
    let text = bundle_app(&dir.path, "app", Edition::E2021).expect("bundles");
    assert!(text.contains("mod lib {"), "{text}");
    assert!(!text.contains("unread"), "{text}");
}

#[test]
fn refusals_name_the_place() {
    let main = ("app/src/main.rs", "fn main() {\n    app::run();\n}\n");
    let cases: &[(&str, &str)] = &[
        (
            "pub fn run() {\n    let _ = include_str!(\"x.txt\");\n}\n",
            "app/src/lib.rs:2:26: cannot read x.txt",
        ),
        ("pub fn run() { let _ = include!(\"x.rs\"); }\n", "cannot inline `include!`"),
        ("pub fn run() { let _ = env!(\"CARGO_PKG_NAME\"); }\n", "cannot inline `env!`"),
        (
            "extern crate rand;\npub fn run() {}\n",
            "app/src/lib.rs:1:1: cannot inline `extern crate rand`",
        ),
        ("pub fn run() { let _ = \"open; }\n", "app/src/lib.rs:1:24: unterminated string literal"),
        ("pub fn run() { ( }\n", "unbalanced `}`"),
        ("mod missing;\npub fn run() { missing::f(); }\n", "file not found for module `missing`"),
        (
            "pub fn run() {\n    #[cfg(test)]\n    let x = 1;\n}\n",
            "app/src/lib.rs:2:5: cannot remove code under this `#[cfg]`",
        ),
        ("#![cfg(test)]\npub fn run() {}\n", "cannot remove a module by an inner `#![cfg]`"),
        ("pub fn run() { let _ = crate; }\n", "cannot inline this use of `crate`"),
        // The program itself does not compile: the first error, at its line.
        (
            "pub fn run() {\n    let x: u8 = \"no\";\n}\n",
            "app/src/lib.rs:2:17: BOJ (rustc 1.63, Rust 2021) rejects this: error[E0308]: \
             mismatched types",
        ),
    ];
    for (lib, expected) in cases {
        assert_refused(&[main, ("app/src/lib.rs", lib)], Edition::E2021, expected);
    }
}

#[test]
fn included_files_become_literals() {
    let lib = "pub fn run() {\n    print!(\"{}\", include_str!(\"../data/table.txt\"));\n    \
               println!(\"{:?}\", include_bytes!(\"blob.bin\"));\n}\n";
    let files = [
        ("app/src/main.rs", "fn main() {\n    app::run();\n}\n"),
        ("app/src/lib.rs", lib),
        ("app/data/table.txt", "a \"quoted\"# line\n\\ and a backslash\n"),
        ("app/src/blob.bin", "\u{1}\"\\z\n"),
    ];
    let dir = temp_crates(&files);
    let text = bundle_app(&dir.path, "app", Edition::E2015).expect("bundles");
    assert!(!text.contains("include_"), "{text}");
    assert_eq!(
        compile_and_run(&text, Edition::E2015, ""),
        "a \"quoted\"# line\n\\ and a backslash\n[1, 34, 92, 122, 10]\n"
    );
}

#[test]
fn dependencies_the_bundle_cannot_inline_are_refused() {
    // Each case in a folder of its own: a manifest is read once per process.
    let case = |app_deps: &str, lib_manifest: &str, build_script: bool| -> String {
        let dir = TempDir::new("deps");
        // Only a dependency that code names is read (and checked).
        dir.write("app/src/main.rs", "fn main() {\n    lib::f();\n}\n");
        dir.write(
            "app/Cargo.toml",
            &format!("[package]\nname = \"app\"\nedition = \"2021\"\n\n[dependencies]\n{app_deps}"),
        );
        dir.write("lib/Cargo.toml", lib_manifest);
        dir.write("lib/src/lib.rs", "pub fn f() {}\n");
        if build_script {
            dir.write("lib/build.rs", "fn main() {}\n");
        }
        bundle_app(&dir.path, "app", Edition::E2021).expect_err("refused")
    };
    let lib = "[package]\nname = \"lib\"\nedition = \"2021\"\n";
    let err = case("far = { path = \"../../far\" }\n", lib, false);
    assert!(err.contains("app/Cargo.toml:"), "{err}");
    let with_rand = format!("{lib}\n[dependencies]\nrand = \"0.8\"\n");
    let err = case("lib = { path = \"../lib\" }\n", &with_rand, false);
    assert!(err.contains("lib/Cargo.toml:6: cannot inline dependency `rand`"), "{err}");
    let err = case("lib = { path = \"../lib\" }\n", lib, true);
    assert!(err.contains("lib/build.rs: cannot inline"), "{err}");
}

#[test]
fn a_dependency_outside_the_workspace_is_refused_only_when_code_names_it() {
    // `harness` lies outside the workspace `ws`, as the test harness lies outside a fixture
    // workspace whose problems depend on it for their interactor binaries; its build script
    // and crates.io dependency would be refused too, if anything named it.
    let dir = TempDir::new("outside");
    dir.write(
        "ws/app/Cargo.toml",
        "[package]\nname = \"app\"\nedition = \"2021\"\n\n[dependencies]\n\
         lib = { path = \"../lib\" }\nharness = { path = \"../../harness\" }\n",
    );
    dir.write("ws/lib/Cargo.toml", &manifest("lib", &[]));
    dir.write("ws/lib/src/lib.rs", "pub fn one() -> u8 {\n    1\n}\n");
    dir.write(
        "harness/Cargo.toml",
        "[package]\nname = \"harness\"\nedition = \"2021\"\n\n[dependencies]\nrand = \"0.8\"\n",
    );
    dir.write("harness/build.rs", "fn main() {}\n");
    dir.write("harness/src/lib.rs", "pub fn play() {}\n");
    let root = dir.path.join("ws");
    dir.write("ws/app/src/main.rs", "fn main() {\n    println!(\"{}\", lib::one());\n}\n");
    let text = bundle_app(&root, "app", Edition::E2021).expect("the harness is never read");
    assert!(text.contains("mod lib {") && !text.contains("harness"), "{text}");
    dir.write("ws/app/src/main.rs", "fn main() {\n    harness::play();\n}\n");
    let err = bundle_app(&root, "app", Edition::E2021).expect_err("named, so refused");
    assert_eq!(
        err,
        "app/Cargo.toml: dependency `harness` lies outside the workspace; the bundle only \
         inlines the workspace's own std-only libraries"
    );
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
fn tidy_collapses_blank_lines_outside_literals_only() {
    let mut text = Mapped::default();
    text.push_str(
        "fn a() {\n\n\n    x();  \n\n\n}\n\n\n\nfn b() {} \nconst S: &str = \" \n\n\n\";\n\n\n",
    );
    emit::tidy(&mut text);
    assert_eq!(text.text, "fn a() {\n    x();\n}\n\nfn b() {}\nconst S: &str = \" \n\n\n\";\n");
}

#[test]
fn use_groups_that_lost_imports_are_tidied() {
    let mut text = Mapped::default();
    text.push_str(
        "use a::{ B};\nuse c::{D, };\nuse e::{\n    F,\n};\nuse g::{self, H};\nuse i::{self};\n\
         use j::{k::{L}};\nfn f() { let x = { 1 }; }\n",
    );
    emit::tidy_use_groups(&mut text);
    assert_eq!(
        text.text,
        "use a::B;\nuse c::D;\nuse e::{\n    F,\n};\nuse g::{self, H};\nuse i::{self};\n\
         use j::k::L;\nfn f() { let x = { 1 }; }\n"
    );
}

#[test]
fn rust_2024_rewrites_leave_other_code_alone() {
    let mut text = Mapped::default();
    text.push_str(
        "#[no_mangle]\npub extern \"C\" fn f() {}\nextern \"C\" { fn g(); }\nunsafe extern \"C\" { fn h(); }\n\
         mod gen { macro_rules! m { ($gen:expr) => { $gen }; } }\nstatic mut N: u8 = 0;\nconst S: &str = \"gen extern {\";\n",
    );
    emit::edition_2024(&mut text);
    assert_eq!(
        text.text,
        "#![allow(static_mut_refs)]\n#[unsafe(no_mangle)]\npub extern \"C\" fn f() {}\nunsafe extern \"C\" { fn g(); }\n\
         unsafe extern \"C\" { fn h(); }\nmod r#gen { macro_rules! m { ($gen:expr) => { $gen }; } }\nstatic mut N: u8 = 0;\n\
         const S: &str = \"gen extern {\";\n"
    );
}

#[test]
fn a_codeforces_bundle_is_type_checked_for_windows() {
    let codeforces = PROFILES.iter().find(|p| p.windows).expect("a Windows judge");
    let options = Options::for_profile(codeforces, false).expect("a known edition");
    let main = |body: &str| format!("fn main() {{\n    {body}\n}}\n");
    // Linux-only code: refused for the Windows judge, at its line.
    let unix = main("use std::os::unix::ffi::OsStrExt;\n    println!(\"{:?}\", std::ffi::OsStr::new(\"a\").as_bytes());");
    let dir = temp_crates(&[("app/src/main.rs", &unix)]);
    let err = bundle_crate(&dir.path, &dir.path.join("app"), "app", &options)
        .expect_err("not for Windows");
    assert!(
        err.starts_with(
            "app/src/main.rs:2:18: Codeforces on Windows (rustc 1.63 for Windows \
             (x86_64-pc-windows-gnu)) rejects this: error[E0433]:"
        ),
        "{err}"
    );
    // Code newer than rustc 1.63 (the judge runs 1.89): no Windows verdict, only a note.
    let newer = main("println!(\"{}\", Some(2).is_some_and(|x| x > 1));");
    let dir = temp_crates(&[("app/src/main.rs", &newer)]);
    let bundle = bundle_crate(&dir.path, &dir.path.join("app"), "app", &options).expect("bundles");
    assert!(
        bundle.notes.iter().any(|n| n.contains(
            "not checked for Windows: the one Windows compiler here, rustc 1.63 for Windows"
        )),
        "{:?}",
        bundle.notes
    );
    assert_eq!(compile_and_run(&bundle.text, Edition::E2024, ""), "true\n");
}

/// The refusal of `main.rs` (a single-file program) for the judge `key`, or its bundle.
fn bundle_for(key: &str, main: &str) -> Result<String, String> {
    let dir = temp_crates(&[("app/src/main.rs", main)]);
    let options = Options::for_profile(profiles::find(key).expect("a profile"), false)
        .expect("a known edition");
    bundle_crate(&dir.path, &dir.path.join("app"), "app", &options).map(|b| b.text)
}

#[test]
fn std_apis_newer_than_the_judges_rust_are_refused_with_their_version() {
    // A 1.91 API on a 1.89 judge, though the workspace's newer rustc stands in and accepts it.
    let strict = "fn main() {\n    println!(\"{}\", 2i64.strict_add(3));\n}\n";
    assert_eq!(
        bundle_for("codeforces", strict).expect_err("too new"),
        "app/src/main.rs:2:25: Codeforces (rustc 1.89, Rust 2024) rejects this: `strict_add` \
         is stable since Rust 1.91\nWrite it with what Rust 1.89 has: `checked_add(..).expect(\
         \"..\")` and its kin (the workspace's rustc 1.95 has it; rustc 1.89 does not)."
    );
    // A 1.82 API: within AtCoder's 1.89, too new for BOJ's 1.63 (which has no such method:
    // the message names the API, not rustc 1.63's words for it).
    let none_or = "fn main() {\n    println!(\"{}\", Some(3).is_none_or(|x| x > 2));\n}\n";
    let text = bundle_for("atcoder", none_or).expect("AtCoder runs 1.89");
    assert!(text.contains("is_none_or"), "{text}");
    let some_and = "fn main() {\n    println!(\"{}\", Some(3).is_some_and(|x| x > 2));\n}\n";
    assert_eq!(
        bundle_for("boj", some_and).expect_err("too new for 1.63"),
        "app/src/main.rs:2:28: BOJ (rustc 1.63, Rust 2021) rejects this: `is_some_and` is \
         stable since Rust 1.70\nWrite it with what Rust 1.63 has: `.map_or(false, |x| ...)` \
         does what `.is_some_and(|x| ...)` does."
    );
}

#[test]
fn refusals_name_the_judge_and_what_only_its_edition_or_rustc_refuses() {
    // A closure that borrows one field: Rust 2021 captures the field, Rust 2015 all of `self`.
    let lib = "pub struct Counter {\n    pub count: u32,\n    pub log: Vec<u32>,\n}\n\n\
               impl Counter {\n    pub fn run(&mut self) -> u32 {\n        \
               let mut bump = || self.count += 1;\n        self.log.push(1);\n        bump();\n        \
               self.count\n    }\n}\n";
    let main = "fn main() {\n    let mut c = app::Counter { count: 0, log: Vec::new() };\n    \
                println!(\"{}\", c.run());\n}\n";
    let dir = temp_crates(&[("app/src/main.rs", main), ("app/src/lib.rs", lib)]);
    let err = bundle_app(&dir.path, "app", Edition::E2015).expect_err("not Rust 2015");
    let (first, hint) = err.split_once('\n').expect("a hint");
    assert!(
        first.starts_with(
            "app/src/lib.rs:9:9: Algospot (rustc 1.63, Rust 2015) rejects this: error[E0"
        ),
        "{err}"
    );
    assert!(hint.starts_with("Rust 2021 compiles this, Rust 2015 (Algospot's edition) does not: its closures capture whole variables"), "{err}");
    assert_eq!(
        compile_and_run(
            &bundle_app(&dir.path, "app", Edition::E2021).expect("2021"),
            Edition::E2021,
            ""
        ),
        "1\n"
    );
    // A language feature newer than rustc 1.63.
    let let_else =
        "fn main() {\n    let Some(x) = Some(1) else { return };\n    println!(\"{}\", x);\n}\n";
    assert_eq!(
        bundle_for("boj", let_else).expect_err("let-else is 1.65"),
        "app/src/main.rs:2:5: BOJ (rustc 1.63, Rust 2021) rejects this: error[E0658]: \
         `let...else` statements are unstable\nThe workspace's rustc compiles this, rustc 1.63 \
         (BOJ's compiler) does not: write it with what Rust 1.63 has: a `match` (or `if let ... else`) \
         instead of `let ... else`."
    );
}

#[test]
fn a_library_is_checked_as_every_judge_meets_it() {
    let dir = TempDir::new("library");
    let write = |rel: &str, text: &str| dir.write(rel, text);
    write("crates/counter/Cargo.toml", "[package]\nname = \"counter\"\nedition = \"2021\"\n");
    write(
        "crates/counter/src/lib.rs",
        "pub struct Counter {\n    pub count: u32,\n    pub log: Vec<u32>,\n}\n\n\
         impl Counter {\n    pub fn run(&mut self) -> u32 {\n        \
         let mut bump = || self.count += 1;\n        self.log.push(1);\n        bump();\n        \
         self.count\n    }\n\n    pub fn any(&self) -> bool {\n        \
         self.log.first().is_some_and(|&x| x > 0)\n    }\n}\n",
    );
    let checks = super::check_library(&dir.path, "counter").expect("a library");
    let results: Vec<(&str, Option<&str>)> = checks
        .iter()
        .map(|c| (c.what.as_str(), c.result.as_ref().err().and_then(|e| e.lines().next())))
        .collect();
    assert_eq!(results.len(), 4, "{results:?}");
    // Each way names the API, whatever else (the 2015 capture) it also refuses.
    assert_eq!(
        results[0],
        (
            "rustc 1.63 (Rust 2015): Algospot",
            Some(
                "crates/counter/src/lib.rs:15:26: Algospot (rustc 1.63, Rust 2015) rejects \
                 this: `is_some_and` is stable since Rust 1.70"
            )
        )
    );
    assert_eq!(
        results[1],
        (
            "rustc 1.63 (Rust 2021): BOJ, SWEA, Programmers",
            Some(
                "crates/counter/src/lib.rs:15:26: BOJ, SWEA, Programmers (rustc 1.63, Rust 2021) \
                 rejects this: `is_some_and` is stable since Rust 1.70"
            )
        )
    );
    assert_eq!(
        results[2],
        ("the workspace's rustc (Rust 2024), standing in for AtCoder, Codeforces", None)
    );
    assert_eq!(results[3].0, "std APIs of Rust 1.63 at most: BOJ, Algospot, SWEA, Programmers");
    assert!(
        results[3].1.is_some_and(|e| e.ends_with("`is_some_and` is stable since Rust 1.70")),
        "{results:?}"
    );
    let problem = super::check_library(&workspace_root(), "boj-11559").expect_err("a problem");
    assert!(problem.contains("is a problem, not a library"), "{problem}");
}

#[test]
fn a_library_item_too_new_for_the_judge_is_no_refusal_when_the_program_does_not_use_it() {
    // `dead` needs Rust 1.65 (let-else), and its name is reached (a variable of `used`): rustc
    // 1.63 cannot compile the whole program, so the workspace's rustc prunes it first.
    let lib = "pub fn used() -> u32 {\n    let dead = 2;\n    dead\n}\n\n\
               pub fn dead(x: Option<u32>) -> u32 {\n    let Some(y) = x else { return 0 };\n    y\n}\n";
    let main = "fn main() {\n    println!(\"{}\", app::used());\n}\n";
    let dir = temp_crates(&[("app/src/main.rs", main), ("app/src/lib.rs", lib)]);
    let text = bundle_app(&dir.path, "app", Edition::E2021).expect("bundles for rustc 1.63");
    assert!(!text.contains("fn dead"), "{text}");
    assert_eq!(compile_and_run(&text, Edition::E2021, ""), "2\n");
}

/// A warning of the judge's compiler is no refusal: the judge compiles the program and prints
/// the warning too, so the bundle comes out with the warning as a note (README, "A bundle is
/// the program as its judge's compiler reads it").
#[test]
fn a_warning_of_the_judges_compiler_is_a_note_and_the_bundle_comes_out() {
    let main =
        "fn main() {\n    for x in [1u8, 2].into_iter() {\n        print!(\"{}\", x);\n    }\n}\n";
    let dir = temp_crates(&[("app/src/main.rs", main)]);
    let options = Options::for_profile(profiles::find("algospot").expect("a profile"), false)
        .expect("a known edition");
    let bundle = bundle_crate(&dir.path, &dir.path.join("app"), "app", &options).expect("bundles");
    assert!(bundle.text.contains("[1u8, 2].into_iter()"), "{}", bundle.text);
    let warned = |n: &&String| n.starts_with("Algospot") && n.contains("app/src/main.rs:2:");
    assert!(
        bundle.notes.iter().any(|n| warned(&n) && n.contains("warning:")),
        "{:?}",
        bundle.notes
    );
}

#[test]
fn a_clippy_lint_renamed_since_is_no_warning_of_the_judge() {
    // ac-library-rs allows `clippy::derive_hash_xor_eq`, since renamed: clippy's driver (the
    // std-API check) says so, the judge's rustc does not (it leaves tool lints' names alone).
    let main = "#[allow(clippy::derive_hash_xor_eq)]\n#[derive(PartialEq, Eq)]\nstruct P(u8);\n\n\
                fn main() {\n    println!(\"{}\", P(1) == P(1));\n}\n";
    let dir = temp_crates(&[("app/src/main.rs", main)]);
    let options = Options::for_profile(profiles::find("atcoder").expect("a profile"), false)
        .expect("a known edition");
    let bundle = bundle_crate(&dir.path, &dir.path.join("app"), "app", &options).expect("bundles");
    assert!(bundle.notes.is_empty(), "{:?}", bundle.notes);
}

#[test]
fn an_error_in_a_rewritten_path_is_placed_in_the_crate() {
    // The path `lib::A` is rewritten in the bundle (`crate::lib::A`); the refusal still names
    // the line and column the program has it at.
    let lib = "pub trait T {}\npub struct A;\npub fn f<X: T>() {}\n";
    let main = "fn main() {\n    lib::f::<lib::A>();\n}\n";
    let dir = temp_crates(&[("app/src/main.rs", main), ("lib/src/lib.rs", lib)]);
    let options = Options::for_profile(profiles::find("boj").expect("a profile"), false)
        .expect("a known edition");
    let err = bundle_crate(&dir.path, &dir.path.join("app"), "app", &options).expect_err("E0277");
    assert!(
        err.starts_with(
            "app/src/main.rs:2:14: BOJ (rustc 1.63, Rust 2021) rejects this: error[E0277]"
        ),
        "{err}"
    );
}

#[test]
fn a_crate_named_only_by_macro_use_extern_crate_is_read() {
    // `#[macro_use] extern crate lib;` is the one place main.rs names `lib`: its macros come
    // into scope, so the crate is read and its macro kept.
    let lib =
        "#[macro_export]\nmacro_rules! double {\n    ($x:expr) => {\n        2 * $x\n    };\n}\n";
    let main =
        "#[macro_use]\nextern crate lib;\n\nfn main() {\n    println!(\"{}\", double!(21));\n}\n";
    let dir = temp_crates(&[("app/src/main.rs", main), ("lib/src/lib.rs", lib)]);
    for edition in [Edition::E2015, Edition::E2021, Edition::E2024] {
        let text =
            bundle_app(&dir.path, "app", edition).unwrap_or_else(|e| panic!("{edition:?}: {e}"));
        assert_eq!(compile_and_run(&text, edition, ""), "42\n", "{edition:?}");
    }
}

#[test]
fn a_public_extern_crate_alloc_stays_reachable_through_the_crate() {
    // smallvec's way: a no_std library re-exports `alloc`, and its macro reaches
    // `$crate::alloc::vec!`.
    let lib = "#![no_std]\npub extern crate alloc;\n\n#[macro_export]\nmacro_rules! v {\n    \
               ($($x:expr),*) => {\n        $crate::alloc::vec![$($x),*]\n    };\n}\n\n\
               pub fn first(v: &alloc::vec::Vec<u8>) -> u8 {\n    v[0]\n}\n";
    let main = "fn main() {\n    let v: Vec<u8> = lib::v![7, 8];\n    println!(\"{} {}\", v.len(), lib::first(&v));\n}\n";
    let dir = temp_crates(&[("app/src/main.rs", main), ("lib/src/lib.rs", lib)]);
    for edition in [Edition::E2015, Edition::E2021, Edition::E2024] {
        let text =
            bundle_app(&dir.path, "app", edition).unwrap_or_else(|e| panic!("{edition:?}: {e}"));
        assert_eq!(compile_and_run(&text, edition, ""), "2 7\n", "{edition:?}");
    }
}
