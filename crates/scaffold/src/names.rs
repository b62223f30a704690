//! Crate names: what a problem or library crate may be called, below both the makers
//! ([`crate::new`]) and the receiver ([`crate::receive`]), which name crates from URLs.

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

/// Names Windows cannot give a directory (a clone of the workspace there would break).
const WINDOWS_DEVICES: &[&str] = &[
    "con", "prn", "aux", "nul", "com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8",
    "com9", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9",
];

/// Whether `name` can be a problem crate's name; if not, why (a sentence that names it).
///
/// A name is lowercase ASCII letters, digits and single hyphens, starts with a letter (Cargo
/// refuses a leading digit), ends with a letter or digit, is at most [`MAX_NAME_LEN`] long,
/// and is none of [`RESERVED_NAMES`], a Rust keyword, or a Windows device name. So it is
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
        ];
        for (bad, why) in cases {
            assert_eq!(check_crate_name(bad).unwrap_err(), why, "{bad:?}");
        }
        assert!(check_crate_name(&"a".repeat(65)).unwrap_err().contains("longer than 64"));
        assert!(check_crate_name(&"a".repeat(64)).is_ok());
    }
}
