//! Crate names: what a problem or library crate may be called, below both the makers
//! ([`crate::new`]) and the receiver ([`crate::receive`]), which name crates from URLs.
//!
//! Every name cargo refuses as a package or a target name is refused here, with the reason
//! (cargo's rules, in its `restricted_names`: a leading digit, a Rust keyword, `test`, the
//! names of its build directories for a binary; `cargo new` also warns of std's crates and
//! Windows device names, which are refused here too). A problem's package name is also its
//! binary's and, with `_` for `-`, its library's, so one check covers the three.

/// The longest crate name accepted (a directory name and a package name people type).
pub const MAX_NAME_LEN: usize = 64;

/// Names a problem crate may not take: crates of std and the compiler, and the workspace's own
/// crates and tools (present or planned), whose directories and module names they would
/// shadow.
pub const RESERVED_NAMES: &[&str] = &[
    "std",
    "core",
    "alloc",
    "test",
    "proc-macro",
    "judge-io",
    "judge-test",
    "xtask",
    "scaffold",
    "bundler",
    "runner",
    "judge-meta",
];

/// Keywords of every edition, reserved ones included: a crate's Rust name is a module's name
/// in a bundle.
const KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate",
    "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl",
    "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
    "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// The folders cargo keeps in `target/debug/`: a binary of that name is refused ("conflicts
/// with cargo's build directory names"), and one such crate stops every cargo command of the
/// workspace.
const CARGO_BUILD_DIRS: &[&str] = &["build", "deps", "examples", "incremental"];

/// Names Windows cannot give a directory (a clone of the workspace there would break).
const WINDOWS_DEVICES: &[&str] = &[
    "con", "prn", "aux", "nul", "com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8",
    "com9", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9",
];

/// Whether `name` can be a problem crate's name; if not, why (a sentence that names it).
///
/// A name is lowercase ASCII letters, digits and single hyphens, starts with a letter (Cargo
/// refuses a leading digit), ends with a letter or digit, is at most [`MAX_NAME_LEN`] long,
/// and is none of [`RESERVED_NAMES`], a Rust keyword, a cargo build directory, or a Windows
/// device name. So it is
/// always exactly one directory under `crates/`: no `/`, `\`, `.` or `..`.
///
/// # Examples
/// ```
/// use scaffold::names::check_crate_name;
/// assert!(check_crate_name("abc300-a").is_ok());
/// assert!(check_crate_name("../x").unwrap_err().contains("one directory under crates/"));
/// ```
pub fn check_crate_name(name: &str) -> Result<(), String> {
    let shown = show_name(name);
    if name.is_empty() {
        return Err("an empty name is not a crate name".to_string());
    }
    if name.contains(['/', '\\']) || name.contains("..") || name == "." {
        return Err(format!(
            "{shown} is not a crate name: a crate is one directory under crates/ (no /, \\ or ..)"
        ));
    }
    if name.len() > MAX_NAME_LEN {
        return Err(format!("{shown} is not a crate name: longer than {MAX_NAME_LEN} characters"));
    }
    let valid = name.starts_with(|c: char| c.is_ascii_lowercase())
        && !name.ends_with('-')
        && !name.contains("--")
        && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !valid {
        return Err(format!(
            "{shown} is not a crate name: use lowercase letters, digits and single hyphens, \
             starting with a letter (for example boj-1000)"
        ));
    }
    if RESERVED_NAMES.contains(&name) {
        return Err(format!("{shown} is reserved (a crate of std or of the workspace)"));
    }
    if KEYWORDS.contains(&name) {
        return Err(format!(
            "{shown} is a Rust keyword (a crate's name is a module's name in a bundle)"
        ));
    }
    if CARGO_BUILD_DIRS.contains(&name) {
        return Err(format!(
            "{shown} cannot name a binary: cargo refuses it, it is one of its build directories \
             (build, deps, examples, incremental), and a problem's binary takes its crate's name"
        ));
    }
    if WINDOWS_DEVICES.contains(&name) {
        return Err(format!("{shown} cannot name a directory on Windows"));
    }
    Ok(())
}

/// A name for a message: as it is if it is plain, else escaped and quoted, cut short if long.
fn show_name(name: &str) -> String {
    let plain = name.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    let cut: String = name.chars().take(MAX_NAME_LEN + 8).collect();
    let ellipsis = if cut.len() < name.len() { "..." } else { "" };
    if plain && !name.is_empty() {
        format!("{cut}{ellipsis}")
    } else {
        format!("{cut:?}{ellipsis}")
    }
}

#[cfg(test)]
mod tests {
    use super::check_crate_name;

    #[test]
    fn crate_names() {
        for good in
            ["abc300-a", "cf-1167-b1", "boj-11559", "boardcover", "a", "x9", "gen-2", "fenwick"]
        {
            assert_eq!(check_crate_name(good), Ok(()), "{good}");
        }
        let cases = [
            ("", "an empty name is not a crate name"),
            ("../x", "\"../x\" is not a crate name: a crate is one directory under crates/ (no /, \\ or ..)"),
            ("a/b", "\"a/b\" is not a crate name: a crate is one directory under crates/ (no /, \\ or ..)"),
            ("..", ".. is not a crate name: a crate is one directory under crates/ (no /, \\ or ..)"),
            ("a\\b", "\"a\\\\b\" is not a crate name: a crate is one directory under crates/ (no /, \\ or ..)"),
            ("1000", "1000 is not a crate name: use lowercase letters, digits and single hyphens, starting with a letter (for example boj-1000)"),
            ("Boj-1", "Boj-1 is not a crate name: use lowercase letters, digits and single hyphens, starting with a letter (for example boj-1000)"),
            ("boj_1", "boj_1 is not a crate name: use lowercase letters, digits and single hyphens, starting with a letter (for example boj-1000)"),
            ("boj--1", "boj--1 is not a crate name: use lowercase letters, digits and single hyphens, starting with a letter (for example boj-1000)"),
            ("-boj", "-boj is not a crate name: use lowercase letters, digits and single hyphens, starting with a letter (for example boj-1000)"),
            ("boj-", "boj- is not a crate name: use lowercase letters, digits and single hyphens, starting with a letter (for example boj-1000)"),
            ("a b", "\"a b\" is not a crate name: use lowercase letters, digits and single hyphens, starting with a letter (for example boj-1000)"),
            ("judge-io", "judge-io is reserved (a crate of std or of the workspace)"),
            ("xtask", "xtask is reserved (a crate of std or of the workspace)"),
            ("judge-test", "judge-test is reserved (a crate of std or of the workspace)"),
            ("scaffold", "scaffold is reserved (a crate of std or of the workspace)"),
            ("proc-macro", "proc-macro is reserved (a crate of std or of the workspace)"),
            ("gen", "gen is a Rust keyword (a crate's name is a module's name in a bundle)"),
            ("nul", "nul cannot name a directory on Windows"),
            ("build", "build cannot name a binary: cargo refuses it, it is one of its build directories (build, deps, examples, incremental), and a problem's binary takes its crate's name"),
        ];
        for (bad, why) in cases {
            assert_eq!(check_crate_name(bad).unwrap_err(), why, "{bad:?}");
        }
        assert!(check_crate_name(&"a".repeat(65)).unwrap_err().contains("longer than 64"));
        assert!(check_crate_name(&"a".repeat(64)).is_ok());
    }

    /// Checked against cargo itself: each name cargo refuses or warns of as a package (with a
    /// library and a binary, as a problem has) is refused here, and names it takes as they are
    /// pass here too.
    #[test]
    fn cargo_agrees() {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let scratch = std::env::temp_dir().join(format!("scaffold-names-{}", std::process::id()));
        let complaint = |name: &str| -> Option<String> {
            let dir = scratch.join("p");
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(dir.join("src")).expect("a scratch folder");
            std::fs::write(dir.join("src/lib.rs"), "").expect("written");
            std::fs::write(dir.join("src/main.rs"), "fn main() {}\n").expect("written");
            let manifest = format!(
                "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\
                 [workspace]\n"
            );
            std::fs::write(dir.join("Cargo.toml"), manifest).expect("written");
            let metadata = std::process::Command::new(&cargo)
                .args(["metadata", "--offline", "--no-deps", "--format-version", "1"])
                .current_dir(&dir)
                .output()
                .expect("cargo runs");
            let new = std::process::Command::new(&cargo)
                .args(["new", "--offline", "--vcs", "none", "--lib", "--name", name, "q"])
                .current_dir(&scratch)
                .output()
                .expect("cargo runs");
            let _ = std::fs::remove_dir_all(scratch.join("q"));
            let said = String::from_utf8_lossy(&new.stderr).to_string()
                + &String::from_utf8_lossy(&metadata.stderr);
            let complained =
                !metadata.status.success() || !new.status.success() || said.contains("warning");
            complained.then_some(said)
        };
        let refused_by_cargo = [
            "build",
            "deps",
            "examples",
            "incremental",
            "fn",
            "self",
            "async",
            "test",
            "std",
            "core",
            "alloc",
            "proc-macro",
            "con",
            "nul",
            "com1",
            "lpt9",
            "1abc",
        ];
        for name in refused_by_cargo {
            assert!(complaint(name).is_some(), "cargo takes {name}");
            assert!(check_crate_name(name).is_err(), "{name} passes here");
        }
        for name in ["abc300-a", "cf-1167-b1", "boj-1000", "debug", "release", "doc", "target"] {
            assert_eq!(complaint(name), None, "{name}");
            assert_eq!(check_crate_name(name), Ok(()), "{name}");
        }
        let _ = std::fs::remove_dir_all(&scratch);
    }
}
