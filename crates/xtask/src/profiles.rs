//! The judges the workspace knows, in one table: whether each accepts Rust, the compiler and
//! flags it uses, its source size limit and its usual limits. A problem's metadata names one
//! (`profile = "boj"`) and may override the limits.
//!
//! Facts as published (re-check when a judge announces a language update); see
//! `../shared/WORKSPACE.md`.

/// Which compiler stands in for the judge's when the workspace compiles a bundle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compiler {
    /// Debian's rustc 1.63 at `/usr/bin/rustc`: the judge runs 1.63 (or is treated so).
    Rustc163,
    /// The workspace toolchain's `rustc`: the judge runs a newer one (the version it runs).
    Workspace { judge_version: &'static str },
}

/// One judge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Profile {
    /// The key a problem's metadata names (`boj`).
    pub key: &'static str,
    /// The judge's name for reports (`BOJ`).
    pub name: &'static str,
    /// Whether the judge accepts Rust submissions at all (else a bundle is kept as one file
    /// anyway, compiled as `rustc --edition 2021 -O`).
    pub accepts_rust: bool,
    /// The compiler that stands in for the judge's.
    pub compiler: Compiler,
    /// The judge's edition (`2015` where it passes no `--edition`).
    pub edition: &'static str,
    /// The flags the judge passes to rustc besides the file.
    pub rustc_flags: &'static [&'static str],
    /// Whether the judge compiles on Windows (so a bundle is also type-checked for Windows).
    pub windows: bool,
    /// The source size limit in bytes, if published.
    pub source_limit_bytes: Option<u64>,
    /// The usual time limit per test file.
    pub time_limit_ms: u64,
    /// The usual memory limit.
    pub memory_limit_mb: u64,
    /// What else a user should know.
    pub note: &'static str,
}

/// Debian's rustc, the judges' compiler stand-in for rustc 1.63.
pub const RUSTC_163: &str = "/usr/bin/rustc";

/// Every judge, by key.
pub const PROFILES: &[Profile] = &[
    Profile {
        key: "boj",
        name: "BOJ",
        accepts_rust: true,
        compiler: Compiler::Rustc163,
        edition: "2021",
        rustc_flags: &["--edition", "2021", "-O"],
        windows: false,
        source_limit_bytes: Some(524_288),
        time_limit_ms: 1000,
        memory_limit_mb: 128,
        note: "rustc version not published: treated as 1.63; stdin is a regular file",
    },
    Profile {
        key: "algospot",
        name: "Algospot",
        accepts_rust: true,
        compiler: Compiler::Rustc163,
        edition: "2015",
        rustc_flags: &["-O"],
        windows: false,
        source_limit_bytes: None,
        time_limit_ms: 1000,
        memory_limit_mb: 64,
        note: "Debian's rustc 1.63 with no --edition: the bundle must be valid Rust 2015",
    },
    Profile {
        key: "atcoder",
        name: "AtCoder",
        accepts_rust: true,
        compiler: Compiler::Workspace { judge_version: "1.89" },
        edition: "2024",
        rustc_flags: &["--edition", "2024", "-O"],
        windows: false,
        source_limit_bytes: Some(524_288),
        time_limit_ms: 2000,
        memory_limit_mb: 1024,
        note: "builds a cargo project (release, lto); the bundle is still one file",
    },
    Profile {
        key: "codeforces",
        name: "Codeforces",
        accepts_rust: true,
        compiler: Compiler::Workspace { judge_version: "1.89" },
        edition: "2024",
        rustc_flags: &["--edition", "2024", "-O"],
        windows: true,
        source_limit_bytes: Some(65_536),
        time_limit_ms: 2000,
        memory_limit_mb: 256,
        note: "runs on Windows (no Linux-only syscalls); 64 KiB source limit: bundle --compact",
    },
    Profile {
        key: "swea",
        name: "SWEA",
        accepts_rust: false,
        compiler: Compiler::Rustc163,
        edition: "2021",
        rustc_flags: &["--edition", "2021", "-O"],
        windows: false,
        source_limit_bytes: None,
        time_limit_ms: 2000,
        memory_limit_mb: 256,
        note: "no Rust (C/C++/Java/Python): the bundle is kept as one file anyway",
    },
    Profile {
        key: "programmers",
        name: "Programmers",
        accepts_rust: false,
        compiler: Compiler::Rustc163,
        edition: "2021",
        rustc_flags: &["--edition", "2021", "-O"],
        windows: false,
        source_limit_bytes: None,
        time_limit_ms: 10_000,
        memory_limit_mb: 1024,
        note: "no Rust: the bundle is kept as one file anyway",
    },
];

/// The profile named `key`, or an error listing the keys there are.
pub fn find(key: &str) -> Result<&'static Profile, String> {
    PROFILES.iter().find(|p| p.key == key).ok_or_else(|| {
        let keys: Vec<&str> = PROFILES.iter().map(|p| p.key).collect();
        format!("unknown judge profile {key:?} (profiles: {})", keys.join(", "))
    })
}

impl Profile {
    /// The program that compiles this judge's bundles here.
    pub fn rustc_program(&self) -> &'static str {
        match self.compiler {
            Compiler::Rustc163 => RUSTC_163,
            Compiler::Workspace { .. } => "rustc",
        }
    }

    /// Which stand-in compiles the bundle, for reports: `rustc 1.63 (/usr/bin/rustc)` or
    /// `the workspace's rustc for AtCoder's 1.89`.
    pub fn stand_in(&self) -> String {
        match self.compiler {
            Compiler::Rustc163 => format!("rustc 1.63 ({RUSTC_163})"),
            Compiler::Workspace { judge_version } => {
                format!("the workspace's rustc standing in for {}'s {judge_version}", self.name)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{find, PROFILES};

    #[test]
    fn keys_are_unique_and_flags_match_editions() {
        for (i, profile) in PROFILES.iter().enumerate() {
            assert!(PROFILES[i + 1..].iter().all(|p| p.key != profile.key), "{}", profile.key);
            let edition_flag = profile.rustc_flags.windows(2).find(|w| w[0] == "--edition");
            match edition_flag {
                Some(w) => assert_eq!(w[1], profile.edition, "{}", profile.key),
                None => assert_eq!(profile.edition, "2015", "{}", profile.key),
            }
        }
        assert!(find("boj").is_ok());
        assert!(find("hackerrank").unwrap_err().contains("profiles: boj, algospot"));
    }
}
