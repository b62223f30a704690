//! `xtask new NAME --judge PROFILE`: a new problem crate that passes `scripts/test.sh NAME`,
//! clippy and fmt at once.
//!
//! The files come from `crates/xtask/templates/` with `{{name}}` (the package name),
//! `{{crate}}` (its Rust name), `{{profile}}` and the profile's usual limits filled in. They
//! hold a sample problem (the sum of N integers) whose parse, solve, oracle and generator are
//! what a user replaces; everything else (stress loops, shrinking, CLI checks, generator
//! mains) lives in the test harness, `crates/judge-test`, and the tools.

use std::fs;
use std::path::Path;

use crate::profiles;

/// Why `new` stopped.
pub enum NewError {
    /// A bad name or profile: the usage line follows, exit status 2.
    BadArgument(String),
    /// Something failed on the way.
    Failed(String),
}

/// Every file of a new crate: its path (with `NAME` for the name) and its template.
const FILES: &[(&str, &str)] = &[
    ("crates/NAME/Cargo.toml", include_str!("../templates/Cargo.toml.tmpl")),
    ("crates/NAME/src/lib.rs", include_str!("../templates/lib.rs.tmpl")),
    ("crates/NAME/src/main.rs", include_str!("../templates/main.rs.tmpl")),
    ("crates/NAME/src/naive.rs", include_str!("../templates/naive.rs.tmpl")),
    ("crates/NAME/src/gen.rs", include_str!("../templates/gen.rs.tmpl")),
    ("crates/NAME/src/bin/NAME-gen.rs", include_str!("../templates/bin-gen.rs.tmpl")),
    ("crates/NAME/src/bin/NAME-naive.rs", include_str!("../templates/bin-naive.rs.tmpl")),
    ("crates/NAME/tests/stress.rs", include_str!("../templates/stress.rs.tmpl")),
    ("crates/NAME/tests/cli.rs", include_str!("../templates/cli.rs.tmpl")),
    ("crates/NAME/testdata.list", include_str!("../templates/testdata.list.tmpl")),
    ("testdata/NAME/sample.in", include_str!("../templates/sample.in")),
    ("testdata/NAME/sample.out", include_str!("../templates/sample.out")),
];

/// Creates crate `name` for judge `profile` under `root`, and says what to edit next.
pub fn create(root: &Path, name: &str, profile: &str) -> Result<(), NewError> {
    check_name(name).map_err(NewError::BadArgument)?;
    let profile = profiles::find(profile).map_err(NewError::BadArgument)?;
    for dir in [root.join("crates").join(name), root.join("testdata").join(name)] {
        if dir.exists() {
            return Err(NewError::BadArgument(format!(
                "{} already exists: pick another name",
                dir.strip_prefix(root).unwrap_or(&dir).display()
            )));
        }
    }
    let crate_name = name.replace('-', "_");
    let fill = |template: &str| {
        template
            .replace("{{name}}", name)
            .replace("{{crate}}", &crate_name)
            .replace("{{profile}}", profile.key)
            .replace("{{time_limit_ms}}", &profile.time_limit_ms.to_string())
            .replace("{{memory_limit_mb}}", &profile.memory_limit_mb.to_string())
    };
    for (path, template) in FILES {
        let path = root.join(path.replace("NAME", name));
        let parent = path.parent().expect("every template path has a folder");
        fs::create_dir_all(parent)
            .and_then(|()| fs::write(&path, fill(template)))
            .map_err(|e| NewError::Failed(format!("cannot write {}: {e}", path.display())))?;
    }
    println!(
        "created crates/{name} ({} profile: {}) and testdata/{name}/sample.*",
        profile.key, profile.name
    );
    if !profile.accepts_rust {
        println!(
            "note: {} does not accept Rust; the bundle is kept as one file anyway",
            profile.name
        );
    }
    println!(
        "next: replace the sample problem (sum of N integers) in crates/{name}/src/lib.rs (parse, \
         solve, render), src/naive.rs (the oracle), src/gen.rs (the generator), the samples in \
         testdata/{name}/ and tests/cli.rs; set the statement's limits in Cargo.toml; then \
         scripts/make-testdata.sh {name} && scripts/test.sh {name}"
    );
    Ok(())
}

/// A package name for a problem: lowercase ASCII letters, digits and single hyphens, starting
/// with a letter (`boj-1000`, `atcoder-abc300-d`).
fn check_name(name: &str) -> Result<(), String> {
    const RESERVED: &[&str] = &["xtask", "judge-io", "test", "core", "std", "alloc", "proc-macro"];
    let valid = name.len() <= 64
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && !name.ends_with('-')
        && !name.contains("--")
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !valid {
        return Err(format!(
            "{name:?} is not a problem name: use lowercase letters, digits and single hyphens, \
             starting with a letter (for example boj-1000)"
        ));
    }
    if RESERVED.contains(&name) {
        return Err(format!("{name:?} is reserved: pick another name"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{check_name, FILES};

    #[test]
    fn names_are_package_names() {
        for good in ["boj-1000", "atcoder-abc300-d", "maze"] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in ["", "1000", "Boj-1000", "boj_1000", "boj--1", "boj-", "-boj", "boj 1", "xtask"]
        {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn every_placeholder_is_known() {
        for (path, template) in FILES {
            let mut rest = *template;
            while let Some(at) = rest.find("{{") {
                let end = rest[at..].find("}}").expect("a placeholder is closed") + at;
                let key = &rest[at + 2..end];
                assert!(
                    ["name", "crate", "profile", "time_limit_ms", "memory_limit_mb"].contains(&key),
                    "{path}: unknown placeholder {key}"
                );
                rest = &rest[end..];
            }
        }
    }
}
