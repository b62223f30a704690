//! End-to-end tests of what the read and inline phases take from outside: odd module trees
//! (cycles, deep nesting), files from outside the workspace, Rust 2015 crates, and libraries
//! written as cargo allows (macros of one name in two crates, features, workspace-inherited
//! dependencies), each bundled and, where it bundles, compared with cargo's build.

use std::path::Path;

use super::testing::{temp_crates, TempDir};
use super::tests::{build_fixtures, dump, fixtures_dir};
use super::{bundle_crate, judged, Options};
use judge_meta::profiles;

/// The judges whose profiles every bundle here is made for: Rust 2021 on rustc 1.63 (BOJ),
/// Rust 2015 on rustc 1.63 (Algospot), Rust 2024 on a newer rustc (AtCoder), and a Windows
/// judge (Codeforces).
const JUDGES: [&str; 4] = ["boj", "algospot", "atcoder", "codeforces"];

/// The bundle of `root/app` for the judge `key` (`boj`, `algospot`, `atcoder`, `codeforces`).
fn bundle_for(root: &Path, app: &str, key: &str) -> Result<String, String> {
    let profile = profiles::find(key).expect("a profile");
    let options = Options::for_profile(profile, false).expect("a known judge");
    bundle_crate(root, &root.join(app), app, &options).map(|b| b.text)
}

#[track_caller]
fn refused(dir: &TempDir, expected: &str) {
    match bundle_for(&dir.path, "app", "boj") {
        Ok(text) => panic!("expected a refusal {expected:?}, got a bundle:\n{text}"),
        Err(error) => assert_eq!(error, expected),
    }
}

#[test]
fn circular_modules_are_refused_at_their_item() {
    let dir = temp_crates(&[
        ("app/src/main.rs", "fn main() {\n    app::cyc::f();\n}\n"),
        ("app/src/lib.rs", "#[path = \"cyc.rs\"]\npub mod cyc;\n"),
        ("app/src/cyc.rs", "pub fn f() {}\n#[path = \"cyc.rs\"]\npub mod again;\n"),
    ]);
    refused(&dir, "app/src/cyc.rs:2:1: circular modules: app/src/cyc.rs -> app/src/cyc.rs");
    // Two files that name each other.
    let dir = temp_crates(&[
        ("app/src/main.rs", "fn main() {\n    app::a::f();\n}\n"),
        ("app/src/lib.rs", "#[path = \"a.rs\"]\npub mod a;\n"),
        ("app/src/a.rs", "pub fn f() {}\n#[path = \"b.rs\"]\nmod b;\n"),
        ("app/src/b.rs", "#[path = \"a.rs\"]\nmod a;\n"),
    ]);
    refused(&dir, "app/src/b.rs:1:1: circular modules: app/src/a.rs -> app/src/a.rs");
}

#[test]
fn nesting_deeper_than_any_real_code_is_refused_not_a_stack_overflow() {
    // Modules: inline, each in the one before.
    let deep = 100;
    let modules = "mod m {\n".repeat(deep) + &"}\n".repeat(deep);
    let main = format!("{modules}fn main() {{}}\n");
    let dir = temp_crates(&[("app/src/main.rs", &main)]);
    let error = bundle_for(&dir.path, "app", "boj").expect_err("refused");
    assert!(error.contains("cannot inline modules nested more than 64 deep"), "{error}");
    // Modules: in files, each naming the next.
    let mut files = vec![("app/src/main.rs".to_string(), "mod m0;\nfn main() {}\n".to_string())];
    for n in 0..deep {
        let text = format!("#[path = \"m{}.rs\"]\nmod next;\n", n + 1);
        files.push((format!("app/src/m{n}.rs"), text));
    }
    files.push((format!("app/src/m{deep}.rs"), String::new()));
    let files: Vec<(&str, &str)> = files.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    let dir = temp_crates(&files);
    let error = bundle_for(&dir.path, "app", "boj").expect_err("refused");
    assert!(error.contains("nested more than 64 deep"), "{error}");
    // Groups: a `cfg` predicate, a `use` group, brackets.
    for (open, close) in [("#[cfg(all(", "))]"), ("use a::{b::{", "}};"), ("[[", "]]")] {
        let main = format!("{}x{}\nfn main() {{}}\n", open.repeat(20_000), close.repeat(20_000));
        let dir = temp_crates(&[("app/src/main.rs", &main)]);
        let error = bundle_for(&dir.path, "app", "boj").expect_err("refused");
        assert!(error.contains("cannot read groups nested more than 256 deep"), "{error}");
    }
}

/// A folder outside every workspace of these tests, with a file in it.
fn outside_file() -> (TempDir, String) {
    let outside = TempDir::new("outside");
    outside.write("secret.txt", "the secret\n");
    let path = outside.path.join("secret.txt").display().to_string();
    (outside, path)
}

#[test]
fn includes_from_outside_the_workspace_are_refused() {
    let (_outside, secret) = outside_file();
    for include in ["include_str", "include_bytes"] {
        let lib = format!("pub const LEAK: &[u8] = {include}!(\"{secret}\").as_ref();\n");
        let main = "fn main() {\n    println!(\"{}\", app::LEAK.len());\n}\n";
        let dir = temp_crates(&[("app/src/main.rs", main), ("app/src/lib.rs", &lib)]);
        refused(
            &dir,
            &format!(
                "app/src/lib.rs:1:{}: cannot inline `{include}!` of {secret}: it is {secret}, \
                 outside the workspace (a submission carries only the workspace's own files)",
                25 + include.len() + 2
            ),
        );
    }
    // Through a symlink inside the workspace: where it resolves decides.
    let lib = "pub const LEAK: &str = include_str!(\"link.txt\");\n";
    let main = "fn main() {\n    print!(\"{}\", app::LEAK);\n}\n";
    let dir = temp_crates(&[("app/src/main.rs", main), ("app/src/lib.rs", lib)]);
    std::os::unix::fs::symlink(&secret, dir.path.join("app/src/link.txt")).expect("a symlink");
    refused(
        &dir,
        &format!(
            "app/src/lib.rs:1:37: cannot inline `include_str!` of link.txt: it is {secret}, \
             outside the workspace (a submission carries only the workspace's own files)"
        ),
    );
    // A symlink to a file inside the workspace is included as today.
    dir.write("data/inside.txt", "inside\n");
    std::fs::remove_file(dir.path.join("app/src/link.txt")).expect("removed");
    std::os::unix::fs::symlink(dir.path.join("data/inside.txt"), dir.path.join("app/src/link.txt"))
        .expect("a symlink");
    let text = bundle_for(&dir.path, "app", "boj").expect("bundles");
    assert!(text.contains("r#\"inside\n\"#"), "{text}");
}

#[test]
fn module_files_from_outside_the_workspace_are_refused() {
    let (outside, _) = outside_file();
    outside.write("m.rs", "pub fn f() {}\n");
    let m = outside.path.join("m.rs").display().to_string();
    let lib = format!("#[path = \"{m}\"]\npub mod m;\n");
    let main = "fn main() {\n    app::m::f();\n}\n";
    let dir = temp_crates(&[("app/src/main.rs", main), ("app/src/lib.rs", &lib)]);
    refused(
        &dir,
        &format!(
            "app/src/lib.rs:1:1: cannot inline module `m`: {m} is {m}, outside the workspace \
             (a submission carries only the workspace's own files)"
        ),
    );
    // A plain `mod m;` whose file is a symlink to one outside.
    let dir = temp_crates(&[("app/src/main.rs", main), ("app/src/lib.rs", "pub mod m;\n")]);
    std::os::unix::fs::symlink(&m, dir.path.join("app/src/m.rs")).expect("a symlink");
    refused(
        &dir,
        &format!(
            "app/src/lib.rs:1:5: cannot inline module `m`: app/src/m.rs is {m}, outside the \
             workspace (a submission carries only the workspace's own files)"
        ),
    );
}

/// Bundles each fixture program of `cases` (program, stdin) for every judge of [`JUDGES`],
/// compiles each bundle as that judge does (it must compile without a word) and runs it:
/// its output must be the cargo build's.
fn behave_like_cargo(cases: &[(&str, &str)]) {
    let dir = fixtures_dir();
    let target = build_fixtures(&[]);
    std::thread::scope(|scope| {
        for &(app, stdin) in cases {
            let (dir, target) = (&dir, &target);
            scope.spawn(move || {
                let cargo = target.path.join("release").join(app);
                let expected = judged::run(&cargo, stdin).expect("the cargo build runs");
                for judge in JUDGES {
                    let text = bundle_for(dir, app, judge)
                        .unwrap_or_else(|e| panic!("{app} bundles for {judge}: {e}"));
                    dump(&format!("{app}-{judge}.rs"), &text);
                    let work = TempDir::new("judged");
                    let profile = profiles::find(judge).expect("a profile");
                    let judged = judged::compile(profile, &text, &work.path)
                        .unwrap_or_else(|e| panic!("{judge} rejects {app}:\n{e}\n{text}"));
                    assert_eq!(judged.diagnostics.trim(), "", "{judge} warns on {app}:\n{text}");
                    let actual = judged::run(&judged.binary, stdin).expect("the bundle runs");
                    assert_eq!(actual, expected, "{app} for {judge}:\n{text}");
                }
            });
        }
    });
}

#[test]
fn rust_2015_crates_behave_like_their_cargo_builds_for_every_judge() {
    behave_like_cargo(&[("app-old", "3 4 5 60\n"), ("app-old2015", "3 4 5 60\n")]);
}

#[test]
fn rust_2015_code_another_edition_cannot_express_is_refused_at_its_line() {
    // A bare trait object: Rust 2015 reads `Box<Fn(u32) -> u32>`, Rust 2021 refuses it.
    let lib = "pub fn apply(f: Box<Fn(u32) -> u32>) -> u32 {\n    f(2)\n}\n";
    let main = "fn main() {\n    println!(\"{}\", lib::apply(Box::new(|x| x + 1)));\n}\n";
    let dir = temp_crates(&[("app/src/main.rs", main), ("lib/src/lib.rs", lib)]);
    dir.write("lib/Cargo.toml", "[package]\nname = \"lib\"\nversion = \"0.1.0\"\n");
    let text = bundle_for(&dir.path, "app", "algospot").expect("Rust 2015 reads it");
    assert!(text.contains("pub fn apply(f: Box<Fn(u32) -> u32>) -> u32"), "{text}");
    let error = bundle_for(&dir.path, "app", "boj").expect_err("Rust 2021 does not");
    assert!(error.contains("lib/src/lib.rs:1:"), "{error}");
    assert!(error.contains("Rust 2021"), "{error}");
}

#[test]
fn features_and_workspace_dependencies_behave_like_their_cargo_builds_for_every_judge() {
    behave_like_cargo(&[("app-features", ""), ("app-ws", "")]);
    // The header says which features were on, as cargo's build has them.
    let text = bundle_for(&fixtures_dir(), "app-features", "boj").expect("bundles");
    let header = "// Features on (as in cargo's build; `cfg`s written `all()` if on): \
                  feat_ds (default, small, x); feat_extra (fast).\n";
    assert!(text.lines().nth(1).is_some_and(|l| format!("{l}\n") == header), "{text}");
    // A feature nobody turns on leaves its item out.
    assert!(!text.contains("describe_big"), "{text}");
}

#[test]
fn two_crates_exporting_a_macro_of_one_name_bundle_when_the_program_reaches_one() {
    behave_like_cargo(&[("app-macros", "7 -3\n"), ("app-macro-use", "7 -3\n")]);
    let text = bundle_for(&fixtures_dir(), "app-macros", "boj").expect("bundles");
    // The other crate's `scan!` went, and so did `scan_all!`, which only it called.
    assert_eq!(text.matches("macro_rules! scan").count(), 1, "{text}");
    assert!(text.contains("$crate::mac_scan::parse::<$t>"), "{text}");
}

#[test]
fn two_crates_macros_of_one_name_both_reached_each_get_a_name_at_the_root() {
    behave_like_cargo(&[("app-macros-both", "7 -3\n")]);
    let text = bundle_for(&fixtures_dir(), "app-macros-both", "boj").expect("bundles");
    for needed in [
        "crate::scan!(words, u32)",
        "crate::scan_mac_out!(\"x, y ,z\")",
        "macro_rules! scan_mac_out {",
        "$crate::scan_mac_out!($text).len()",
    ] {
        assert!(text.contains(needed), "{needed:?} is missing:\n{text}");
    }
}

#[test]
fn a_macro_renamed_at_the_root_is_called_by_its_new_name_in_its_crate() {
    // `b`'s own bare call, before and after its definition, at its root and in a module.
    let a = "#[macro_export]\nmacro_rules! scan {\n    () => {\n        1\n    };\n}\n";
    let b = "pub fn early() -> u32 {\n    scan!()\n}\n#[macro_export]\nmacro_rules! scan {\n    () => {\n        2\n    };\n}\n\
             pub mod m {\n    pub fn late() -> u32 {\n        scan!() + crate::scan!()\n    }\n}\n";
    let main = "fn main() {\n    println!(\"{}\", a::scan!() * 100 + b::early() * 10 + b::m::late());\n}\n";
    let dir = temp_crates(&[("app/src/main.rs", main), ("a/src/lib.rs", a), ("b/src/lib.rs", b)]);
    for judge in JUDGES {
        let text = bundle_for(&dir.path, "app", judge).expect("bundles");
        let work = TempDir::new("judged");
        let profile = profiles::find(judge).expect("a profile");
        let judged = judged::compile(profile, &text, &work.path).expect("compiles");
        assert_eq!(judged::run(&judged.binary, "").expect("runs"), "124\n", "{text}");
    }
}

#[test]
fn two_macros_of_one_name_both_reached_bundle_unless_a_new_name_cannot_say_it() {
    let a = "#[macro_export]\nmacro_rules! scan {\n    () => {\n        1\n    };\n}\n";
    let b = "#[macro_export]\nmacro_rules! scan {\n    () => {\n        2\n    };\n}\n\
             #[macro_export]\nmacro_rules! twice {\n    () => {\n        2 * $crate::scan!()\n    };\n}\n\
             #[macro_export]\nmacro_rules! bare {\n    () => {\n        scan!()\n    };\n}\n\
             #[macro_export]\nmacro_rules! via_crate {\n    () => {\n        crate::scan!()\n    };\n}\n";
    let bundled = |main: &str| {
        let dir =
            temp_crates(&[("app/src/main.rs", main), ("a/src/lib.rs", a), ("b/src/lib.rs", b)]);
        bundle_for(&dir.path, "app", "boj")
    };
    let printed = |main: &str| {
        let text = bundled(main).unwrap_or_else(|e| panic!("{main}: {e}"));
        let work = TempDir::new("judged");
        let profile = profiles::find("boj").expect("a profile");
        let judged = judged::compile(profile, &text, &work.path).expect("compiles");
        judged::run(&judged.binary, "").expect("runs")
    };
    // Both by path; one under `#[macro_use]`, the other through a macro of its crate; one
    // imported in a group, the other by path.
    let call = |expr: &str| format!("fn main() {{\n    println!(\"{{}}\", {expr});\n}}\n");
    assert_eq!(printed(&call("a::scan!() + 10 * b::scan!()")), "21\n");
    assert_eq!(
        printed(&format!("#[macro_use]\nextern crate a;\n{}", call("scan!() + b::twice!()"))),
        "5\n"
    );
    assert_eq!(
        printed(&format!("use a::{{scan as one}};\n{}", call("one!() + b::scan!()"))),
        "3\n"
    );
    let refused = |main: &str, expected: &str, why: &str| {
        let error = bundled(main).expect_err("refused");
        assert!(error.starts_with(expected), "{error}");
        assert!(error.contains("crates `a` and `b` both export it"), "{error}");
        assert!(error.ends_with(why), "{error}");
    };
    // The renamed one imported; called bare under `#[macro_use]`; called bare in its crate's
    // exported macro, which expands in main.rs.
    refused(
        &format!("use b::{{scan as two}};\n{}", call("a::scan!() + two!()")),
        "app/src/main.rs:1:1:",
        "an import of it",
    );
    refused(
        &format!("#[macro_use]\nextern crate b;\n{}", call("a::scan!() + scan!()")),
        "app/src/main.rs:4:33:",
        "a bare call under `#[macro_use]`",
    );
    refused(
        &call("a::scan!() + b::bare!()"),
        "b/src/lib.rs:16:9:",
        "which expands in other crates",
    );
    refused(
        &call("a::scan!() + b::via_crate!()"),
        "b/src/lib.rs:22:16:",
        "a `crate::` call in an exported macro's body",
    );
}
