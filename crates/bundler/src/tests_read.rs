//! End-to-end tests of what the read and inline phases take from outside: odd module trees
//! (cycles, deep nesting), files from outside the workspace, Rust 2015 crates, and libraries
//! written as cargo allows (macros of one name in two crates, features, workspace-inherited
//! dependencies), each bundled and, where it bundles, compared with cargo's build.

use std::path::Path;

use super::testing::{temp_crates, TempDir};
use super::{bundle_crate, Edition, Options};
use judge_meta::profiles;

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
