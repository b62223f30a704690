//! The judges the workspace knows, in one table: whether each accepts Rust, the compiler and
//! flags it uses, its source size limit and its usual limits. A problem's metadata names one
//! (`profile = "boj"`) and may override the limits.
//!
//! Facts as published (re-check when a judge announces a language update); see
//! `../shared/WORKSPACE.md`. `xtask profiles` prints the table.

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
    /// The judge's rustc version (`1.89`), or the one it is treated as when it publishes none:
    /// a bundle may use nothing newer. Debian's rustc 1.63 stands in for a 1.63 judge; the
    /// workspace's rustc, with the judge's edition, for a newer one.
    pub rust_version: &'static str,
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
/// The version [`RUSTC_163`] is.
pub const RUSTC_163_VERSION: &str = "1.63";

/// The output limit of every profile, MiB, unless a problem sets `output-limit-mb`: none of
/// these judges publishes one (they stop a program that prints far more than the answer), so
/// this is a documented default, far above any answer the testdata holds (4 MB a problem) and
/// small enough that a program printing forever is stopped within a second.
pub const OUTPUT_LIMIT_MB: u64 = 64;

/// Every judge, by key.
pub const PROFILES: &[Profile] = &[
    Profile {
        key: "boj",
        name: "BOJ",
        accepts_rust: true,
        rust_version: "1.63",
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
        rust_version: "1.63",
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
        rust_version: "1.89",
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
        rust_version: "1.89",
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
        rust_version: "1.63",
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
        rust_version: "1.63",
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
    /// Whether the judge's own rustc version is at hand here (Debian's rustc 1.63), rather
    /// than the workspace's newer rustc standing in for it.
    pub fn has_own_compiler(&self) -> bool {
        self.rust_version == RUSTC_163_VERSION
    }

    /// The program that compiles this judge's bundles here.
    pub fn rustc_program(&self) -> &'static str {
        if self.has_own_compiler() {
            RUSTC_163
        } else {
            "rustc"
        }
    }

    /// The command that compiles the one-file program `source` into `executable` as this judge
    /// does: its compiler (the stand-in here) with its flags.
    pub fn compile_command(
        &self,
        source: &std::path::Path,
        executable: &std::path::Path,
    ) -> std::process::Command {
        let mut command = std::process::Command::new(self.rustc_program());
        command.args(self.rustc_flags).arg("-o").arg(executable).arg(source);
        command
    }

    /// Which stand-in compiles the bundle, for reports: `rustc 1.63 (/usr/bin/rustc)` or
    /// `the workspace's rustc standing in for AtCoder's 1.89`.
    pub fn stand_in(&self) -> String {
        if self.has_own_compiler() {
            format!("rustc {RUSTC_163_VERSION} ({RUSTC_163})")
        } else {
            format!("the workspace's rustc standing in for {}'s {}", self.name, self.rust_version)
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
