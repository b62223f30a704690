//! `xtask new` without cargo: the command line, what a problem's files are, every file or
//! none, an existing crate left alone, the kit's files and edits. The crates made are
//! compiled, linted and tested end to end by `tests/new.rs`.

use std::fs;
use std::path::Path;

use super::files::fill;
use super::kit::{self, KitReport};
use super::library::LIBRARY;
use super::problem::{limit_lines, INTERACTIVE, MANIFEST, MULTI_TEST, ORDINARY};
use super::{
    comment_text, make_problem, take_limits, Created, Limits, Made, NewError, ProblemSpec,
};
use judge_meta::checker::{Checker, CheckerSpec};
use judge_meta::profiles;

use crate::test_root::Root;

fn spec(name: &str, profile: &str) -> ProblemSpec {
    ProblemSpec { name: name.to_string(), profile: profile.to_string(), ..ProblemSpec::default() }
}

fn created(made: Made) -> Created {
    match made {
        Made::Created(created) => created,
        other => panic!("expected a new crate, got {other:?}"),
    }
}

fn existing(made: Made) -> super::SampleReport {
    match made {
        Made::Existing(report) => report,
        other => panic!("expected the crate to exist, got {other:?}"),
    }
}

#[test]
fn the_statements_limits_are_keys_and_the_usual_ones_comments() {
    let boj = profiles::find("boj").expect("a profile");
    assert_eq!(
        limit_lines(boj, Some(2000), None),
        "time-limit-ms = 2000\n# memory-limit-mb = 128   (BOJ's usual, until the statement's is \
         set)"
    );
}

#[test]
fn a_pages_text_stays_inside_its_comment_and_its_string() {
    let title =
        "A \"q\" \\ \r\n*/ ]]\n[package]\u{0}\u{1b}[31m\u{202e}x\u{200b}\u{2028}\t\"\"\" {{name}}";
    let shown = comment_text(title);
    assert_eq!(
        shown,
        "A \"q\" \\ */ ]] [package]\\u{0}\\u{1b}[31m\\u{202e}x\\u{200b} \"\"\" {{name}}"
    );
    assert!(shown.chars().all(|c| !c.is_control()));
    assert_eq!(comment_text(&"é".repeat(200)), format!("{}...", "é".repeat(160)));
    // The manifest's description: a TOML basic string that holds the same text.
    let root = Root::new("nasty-title");
    let spec = ProblemSpec { title: Some(title.to_string()), ..spec("boj-9", "boj") };
    created(make_problem(&root.0, &spec, false).expect("made"));
    let manifest = root.read("crates/boj-9/Cargo.toml");
    let escaped = shown.replace('\\', "\\\\").replace('"', "\\\"");
    assert!(manifest.contains(&format!("\ndescription = \"{escaped}\"\n")), "{manifest}");
    let lib = root.read("crates/boj-9/src/lib.rs");
    assert!(
        lib.starts_with(&format!("//! boj-9: {shown}. TODO: the idea of the solution.\n")),
        "{lib}"
    );
    // A value that holds a placeholder is not filled again.
    let values = [("title", "{{name}}".to_string()), ("name", "x".to_string())];
    assert_eq!(fill("{{name}}: {{title}} {{other}}", &values), "x: {{name}} {{other}}");
}

#[test]
fn every_placeholder_is_filled() {
    let kinds = [&[MANIFEST][..], ORDINARY, MULTI_TEST, INTERACTIVE, LIBRARY];
    let known = [
        "name",
        "crate",
        "profile",
        "rust_version",
        "metadata",
        "dependencies",
        "title",
        "description",
    ];
    for (path, template) in kinds.iter().flat_map(|files| files.iter()) {
        let bundled_as_is = path.ends_with("main.rs") && template.contains("TODO");
        assert!(!bundled_as_is, "{path}: main.rs is bundled as it is");
        let mut rest = *template;
        while let Some(at) = rest.find("{{") {
            let end = rest[at..].find("}}").expect("a placeholder is closed") + at;
            let key = &rest[at + 2..end];
            assert!(known.contains(&key), "{path}: unknown placeholder {key}");
            rest = &rest[end..];
        }
    }
}

#[test]
fn a_problem_is_its_solution_and_its_samples() {
    let root = Root::new("ordinary");
    let made = created(make_problem(&root.0, &spec("boj-1000", "boj"), false).expect("made"));
    assert_eq!(
        root.files(),
        [
            "crates/boj-1000/Cargo.toml",
            "crates/boj-1000/src/lib.rs",
            "crates/boj-1000/src/main.rs",
            "testdata/boj-1000/sample-1.in",
            "testdata/boj-1000/sample-1.out",
        ]
    );
    assert_eq!(made.files.len(), 5);
    assert_eq!(made.checker, CheckerSpec::Builtin(Checker::Exact));
    let report = Made::Created(made.clone()).report();
    assert!(
        report.starts_with(
            "created crates/boj-1000/ (Cargo.toml, src/main.rs, src/lib.rs) and testdata/boj-1000/ \
             (sample-1.in, sample-1.out)\n"
        ),
        "{report}"
    );
    let manifest = root.read("crates/boj-1000/Cargo.toml");
    assert!(manifest.contains("profile = \"boj\"\n# time-limit-ms = 1000 "), "{manifest}");
    assert!(!manifest.contains("judge-test") && !manifest.contains("checker ="), "{manifest}");
    assert!(made.notes.iter().any(|n| n.starts_with("no --time-limit: BOJ's usual 1000 ms")));
    let lib = root.read("crates/boj-1000/src/lib.rs");
    assert!(lib.starts_with("//! boj-1000: TODO: the problem in one line"), "{lib}");
    assert!(lib.contains("input! { from sc,"), "{lib}");
}

#[test]
fn samples_from_the_page_choose_the_checker() {
    let root = Root::new("page");
    let page = ProblemSpec {
        multi_test: true,
        time_limit_ms: Some(1000),
        memory_limit_mb: Some(256),
        samples: vec![
            ("2\n1\n5\n2\n3 1\n".to_string(), "Yes\nNO\n".to_string()),
            ("1\r\n1\r\n7".to_string(), "yes".to_string()),
        ],
        title: Some("A. Sorted \"Arrays\"".to_string()),
        url: Some("https://codeforces.com/contest/1999/problem/A".to_string()),
        ..spec("cf-1999-a", "codeforces")
    };
    let made = created(make_problem(&root.0, &page, false).expect("made"));
    assert_eq!(made.checker, CheckerSpec::Builtin(Checker::YesNo));
    let note = &made.notes[0];
    assert!(note.starts_with("checker yes-no: every sample's answer is YES or NO"), "{note}");
    assert_eq!(root.read("testdata/cf-1999-a/sample-2.in"), "1\n1\n7\n");
    assert_eq!(root.read("testdata/cf-1999-a/sample-2.out"), "yes\n");
    let manifest = root.read("crates/cf-1999-a/Cargo.toml");
    for line in [
        "checker = \"yes-no\"\nmulti-test = true\n",
        "description = \"A. Sorted \\\"Arrays\\\"\"\n",
        "time-limit-ms = 1000\n",
    ] {
        assert!(manifest.contains(line), "{manifest}");
    }
    let lib = root.read("crates/cf-1999-a/src/lib.rs");
    let first =
        "//! cf-1999-a: A. Sorted \"Arrays\", https://codeforces.com/contest/1999/problem/A.";
    assert!(lib.starts_with(first), "{lib}");
    // The same answers on AtCoder, which compares exactly: a note, not a checker.
    let atcoder =
        ProblemSpec { name: "abc300-a".to_string(), profile: "atcoder".to_string(), ..page };
    let made = created(make_problem(&root.0, &atcoder, false).expect("made"));
    assert_eq!(made.checker, CheckerSpec::Builtin(Checker::Exact));
    assert!(made.notes.iter().any(|n| n.contains("set checker = \"yes-no\"")), "{:?}", made.notes);
    // Answers that are all decimals: a note on the floats checker; an integer among them, none.
    let floats = |name: &str, answers: [&str; 2]| {
        let samples = answers.iter().map(|a| ("1\n".to_string(), a.to_string())).collect();
        let spec = ProblemSpec { samples, ..spec(name, "atcoder") };
        let made = created(make_problem(&root.0, &spec, false).expect("made"));
        assert_eq!(made.checker, CheckerSpec::Builtin(Checker::Exact));
        made.notes.iter().any(|n| {
            n.starts_with("every sample's answer is a decimal number") && n.contains("floats 1e-6")
        })
    };
    assert!(floats("abc1-a", ["0.5000000000\n", "3.14 -2.0\n"]));
    assert!(!floats("abc1-b", ["0.5\n", "3\n"]));
    assert!(!floats("abc1-c", ["0.5\n", "nan.\n"]));
}

#[test]
fn an_interactive_problem_holds_the_judges_side() {
    let root = Root::new("interactive");
    let page = ProblemSpec {
        interactive: true,
        samples: vec![("10\nhigher\ncorrect\n".to_string(), "? 5\n? 8\n".to_string())],
        ..spec("cf-1999-g", "codeforces")
    };
    created(make_problem(&root.0, &page, false).expect("made"));
    assert_eq!(
        root.files(),
        [
            "crates/cf-1999-g/Cargo.toml",
            "crates/cf-1999-g/src/bin/cf-1999-g-interactor.rs",
            "crates/cf-1999-g/src/interactor.rs",
            "crates/cf-1999-g/src/lib.rs",
            "crates/cf-1999-g/src/main.rs",
            "testdata/cf-1999-g/page/sample-1.in",
            "testdata/cf-1999-g/page/sample-1.out",
            "testdata/cf-1999-g/sample-1.in",
        ]
    );
    let manifest = root.read("crates/cf-1999-g/Cargo.toml");
    assert!(manifest.contains("\njudge-test = { path = \"../judge-test\" }\n"), "{manifest}");
    let binary = ProblemSpec { checker: Some(CheckerSpec::Binary), ..spec("boj-2", "boj") };
    created(make_problem(&root.0, &binary, false).expect("made"));
    let check = root.read("crates/boj-2/src/bin/boj-2-check.rs");
    assert!(check.contains("judge_test::checker_main(check)"), "{check}");
    assert!(root.read("crates/boj-2/Cargo.toml").contains("checker = \"binary\"\n"));
}

#[test]
fn a_failure_leaves_nothing_behind() {
    let root = Root::new("atomic");
    // `testdata` is a file: the crate's folder is made, then its samples' cannot be.
    fs::write(root.0.join("testdata"), "in the way").expect("a file");
    let error = make_problem(&root.0, &spec("boj-1000", "boj"), false).expect_err("fails");
    let NewError::Failed(message) = &error else { panic!("{error:?}") };
    assert!(message.starts_with("cannot make testdata/boj-1000"), "{message}");
    assert!(message.ends_with("(nothing was made)"), "{message}");
    assert_eq!(root.files(), ["testdata"], "nothing of the crate is left, nor staged");
    assert!(root.0.join("crates").read_dir().expect("lists").next().is_none());
}

#[test]
fn an_existing_crate_is_compared_never_overwritten() {
    let root = Root::new("existing");
    let first = ProblemSpec {
        samples: vec![("1\n5\n".into(), "5\n".into()), ("2\n1 2\n".into(), "3\n".into())],
        ..spec("boj-1000", "boj")
    };
    created(make_problem(&root.0, &first, false).expect("made"));
    fs::write(root.0.join("crates/boj-1000/src/lib.rs"), "// mine\n").expect("an edit");
    let again = ProblemSpec {
        samples: vec![
            ("2\n1 2\n".into(), "3\n".into()),
            ("2\n1 2\n".into(), "4\n".into()),
            ("3\n1 1 1\n".into(), "3\n".into()),
        ],
        ..first.clone()
    };
    let report = existing(make_problem(&root.0, &again, false).expect("compared"));
    assert_eq!(report.same, [1]);
    // The page's sample 2 asks another answer of sample-2's input: never added.
    let how = "line 1: \"3\" on disk, \"4\" given".to_string();
    assert_eq!(report.conflicting, [(2, "sample-2".to_string(), how)]);
    assert!(report.differing.is_empty());
    assert_eq!((report.missing.clone(), report.pending()), (vec![3], 1));
    assert!(report.added.is_empty());
    let text = Made::Existing(report).report();
    assert!(
        text.contains(
            "sample 2 conflicts with sample-2: the same input, another answer \
             (testdata/boj-1000/sample-2.out line 1: \"3\" on disk, \"4\" given); left out"
        ),
        "{text}"
    );
    let before = root.files();
    let report = existing(make_problem(&root.0, &again, true).expect("added"));
    let added: Vec<String> = report.added.iter().map(|p| p.display().to_string()).collect();
    assert_eq!(added, ["testdata/boj-1000/sample-3.in", "testdata/boj-1000/sample-3.out"]);
    assert_eq!(root.files().len(), before.len() + 2);
    assert_eq!(root.read("testdata/boj-1000/sample-2.out"), "3\n", "never overwritten");
    assert_eq!(root.read("testdata/boj-1000/sample-3.in"), "3\n1 1 1\n");
    assert_eq!(root.read("crates/boj-1000/src/lib.rs"), "// mine\n");
    let report = existing(make_problem(&root.0, &again, false).expect("compared"));
    assert_eq!((report.same.len(), report.pending()), (2, 0), "all there once added");
    assert_eq!(report.conflicting.len(), 1);
    // A testdata/NAME that is a symbolic link to a folder outside is never written through.
    let outside = root.0.join("outside");
    fs::create_dir_all(&outside).expect("a folder outside");
    fs::rename(root.0.join("testdata/boj-1000"), outside.join("boj-1000")).expect("moved");
    std::os::unix::fs::symlink(outside.join("boj-1000"), root.0.join("testdata/boj-1000"))
        .expect("a symlink");
    let more =
        ProblemSpec { samples: vec![("4\n1 1 1 1\n".into(), "4\n".into())], ..again.clone() };
    let error = make_problem(&root.0, &more, true).expect_err("refused");
    assert_eq!(
        error,
        NewError::Failed(
            "testdata/boj-1000 is a symbolic link: samples are never written through one \
             (nothing added)"
                .into()
        )
    );
    assert!(!outside.join("boj-1000/sample-4.in").exists());
    fs::remove_file(root.0.join("testdata/boj-1000")).expect("the symlink removed");
    fs::rename(outside.join("boj-1000"), root.0.join("testdata/boj-1000")).expect("back");
    fs::remove_dir(&outside).expect("empty");
    // The page's limits against the crate's: said, and taken when asked.
    let limited =
        ProblemSpec { time_limit_ms: Some(1000), memory_limit_mb: Some(256), ..again.clone() };
    let report = existing(make_problem(&root.0, &limited, false).expect("compared"));
    let page = Limits { time_limit_ms: 1000, memory_limit_mb: 256 };
    let ours = Limits { time_limit_ms: 1000, memory_limit_mb: 128 };
    assert_eq!(report.limits_differ, Some((ours, page)), "BOJ's usual 128 MB is the crate's");
    let text = Made::Existing(report).report();
    assert!(
        text.contains(
            "limits differ: 1000 ms / 128 MB in crates/boj-1000/Cargo.toml, 1000 ms / 256 MB on \
             the page\n"
        ),
        "{text}"
    );
    take_limits(&root.0, "boj-1000", page).expect("taken");
    let manifest = root.read("crates/boj-1000/Cargo.toml");
    assert!(manifest.contains("\ntime-limit-ms = 1000\nmemory-limit-mb = 256\n"), "{manifest}");
    let report = existing(make_problem(&root.0, &limited, false).expect("compared"));
    assert_eq!(report.limits_differ, None);
    // A library of that name is no problem to compare samples with.
    fs::create_dir_all(root.0.join("crates/lib-x/src")).expect("a folder");
    fs::write(root.0.join("crates/lib-x/Cargo.toml"), "[package]\nname = \"lib-x\"\n")
        .expect("a manifest");
    let error = make_problem(&root.0, &ProblemSpec { name: "lib-x".into(), ..again }, true);
    assert_eq!(
        error,
        Err(NewError::BadArgument(
            "crates/lib-x already exists and is no problem crate: pick another name".into()
        ))
    );
    assert!(!root.0.join("testdata/lib-x").exists());
}

/// A problem made in `root` with its kit added; the report.
fn with_kit(root: &Root, spec: &ProblemSpec) -> KitReport {
    created(make_problem(&root.0, spec, false).expect("made"));
    kit::add(&root.0, &spec.name).expect("the kit")
}

#[test]
fn the_kit_is_written_against_the_problems_own_functions() {
    let root = Root::new("kit");
    let report = with_kit(&root, &spec("boj-1000", "boj"));
    let written = [
        "src/naive.rs",
        "src/bin/boj-1000-gen.rs",
        "src/bin/boj-1000-naive.rs",
        "tests/stress.rs",
        "tests/cli.rs",
        "examples/boj-1000-bench.rs",
        "testdata.list",
        "src/gen.rs",
    ];
    assert_eq!(report.written, written);
    assert_eq!(report.generator, Some(Ok("counts n; values a".to_string())));
    let edited =
        ["src/lib.rs (pub mod naive;)", "Cargo.toml (judge-test, for the binaries and tests)"];
    assert_eq!(report.edited, edited);
    let lib = root.read("crates/boj-1000/src/lib.rs");
    assert!(lib.contains(" writes.\n\npub mod naive;\n\nuse std::io::Write;"), "{lib}");
    let gen = root.read("crates/boj-1000/src/gen.rs");
    let consts = "const MAX_A: i64 = 1_000_000_000;\nconst MAX_N: usize = 200_000;\n";
    assert!(gen.contains(consts), "{gen}");
    assert!(gen.contains("let n: usize = g.count::<usize, _>(1..=MAX_N, 1);"), "{gen}");
    let naive = root.read("crates/boj-1000/src/naive.rs");
    assert!(naive.contains("//! - `pub fn solve(input: &Input) -> i64`"), "{naive}");
    for (file, text) in root.snapshot() {
        assert!(!text.contains("{{"), "{file}: a placeholder is left:\n{text}");
    }
    // Again: every file is there, nothing changes.
    let before = root.snapshot();
    let again = kit::add(&root.0, "boj-1000").expect("nothing to add");
    assert!(again.written.is_empty() && again.edited.is_empty(), "{again:?}");
    assert!(again.report("boj-1000").starts_with("crates/boj-1000 has its kit already: "));
    assert_eq!(before, root.snapshot());
}

#[test]
fn a_kit_keeps_what_is_there_and_says_why_it_cannot_derive() {
    let root = Root::new("kit-kept");
    created(make_problem(&root.0, &spec("boj-1000", "boj"), false).expect("made"));
    let lib = root.0.join("crates/boj-1000/src/lib.rs");
    let text = fs::read_to_string(&lib).expect("lib.rs");
    let extra = "    let _extra: u8 = sc.int()?;\n    sc.expect_end()?;";
    fs::write(&lib, text.replace("    sc.expect_end()?;", extra)).expect("an edit");
    fs::create_dir_all(root.0.join("crates/boj-1000/tests")).expect("a folder");
    fs::write(root.0.join("crates/boj-1000/tests/cli.rs"), "// mine\n").expect("a test");
    let report = kit::add(&root.0, "boj-1000").expect("the kit");
    assert_eq!(report.kept, ["tests/cli.rs"]);
    assert_eq!(root.read("crates/boj-1000/tests/cli.rs"), "// mine\n");
    let Some(Err(reason)) = &report.generator else { panic!("{report:?}") };
    assert!(reason.contains("`sc` is read outside input!"), "{reason}");
    let gen = root.read("crates/boj-1000/src/gen.rs");
    let says = "the generator is not written yet: write generate in crates/boj-1000/src/gen.rs";
    assert!(gen.contains(says), "{gen}");
    assert!(!gen.contains("{{"), "a placeholder is left:\n{gen}");
    // A problem without `pub fn parse` gets no kit at all.
    created(make_problem(&root.0, &spec("boj-2", "boj"), false).expect("made"));
    let lib = root.0.join("crates/boj-2/src/lib.rs");
    let text = fs::read_to_string(&lib).expect("lib.rs");
    let text = text
        .replace("pub fn parse", "fn read_input")
        .replace("parse(input)?", "read_input(input)?");
    fs::write(&lib, text).expect("an edit");
    let before = root.snapshot();
    let error = kit::add(&root.0, "boj-2").expect_err("refused");
    let NewError::Failed(message) = &error else { panic!("{error:?}") };
    assert!(message.starts_with("crates/boj-2/src/lib.rs has no `pub fn parse`"), "{message}");
    assert_eq!(before, root.snapshot());
}

#[test]
fn an_interactive_kit_derives_its_cases_from_the_interactor() {
    let root = Root::new("kit-interactive");
    let report =
        with_kit(&root, &ProblemSpec { interactive: true, ..spec("cf-1-g", "codeforces") });
    assert_eq!(report.generator, Some(Ok("bounds n; values hidden".to_string())));
    assert!(!report.written.iter().any(|f| f.ends_with("-naive.rs")), "{report:?}");
    assert_eq!(report.edited, ["src/lib.rs (pub mod naive;)"], "the harness is there already");
    let gen = root.read("crates/cf-1-g/src/gen.rs");
    assert!(gen.contains("const MAX_N: u64 = 1_000_000_000;\n"), "{gen}");
}

#[test]
fn the_seed_problems_have_their_kits() {
    // Copies of the seed problems: their kits are complete (and hand-written, without the
    // `parse` a new kit is written against), so nothing is written.
    fn copy(from: &Path, to: &Path) {
        fs::create_dir_all(to).expect("a folder");
        for entry in fs::read_dir(from).expect("lists") {
            let path = entry.expect("an entry").path();
            let target = to.join(path.file_name().expect("named"));
            if path.is_dir() {
                copy(&path, &target);
            } else {
                fs::copy(&path, &target).expect("a copy");
            }
        }
    }
    let real = Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2).expect("the workspace");
    let root = Root::new("seeds");
    for seed in ["boj-11559", "boardcover", "ts-big-puzzle", "programmers-84021"] {
        copy(&real.join("crates").join(seed), &root.0.join("crates").join(seed));
        let before = root.snapshot();
        let report = kit::add(&root.0, seed).expect("a complete kit");
        assert!(report.written.is_empty() && report.edited.is_empty(), "{seed}: {report:?}");
        assert!(report.report(seed).contains("has its kit already"), "{seed}");
        assert_eq!(before, root.snapshot(), "{seed}");
    }
}
