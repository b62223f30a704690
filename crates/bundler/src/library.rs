//! A library checked where it is written: compiled whole, inlined as a bundle inlines it
//! (with the workspace libraries it depends on), the way each judge meets it, so that a Rust
//! 1.63 or Rust 2015 mistake shows when the library is written, not when some problem
//! reaches the item that holds it.
//!
//! The ways, one [`LibraryCheck`] each: rustc 1.63 as Rust 2015 (Algospot), rustc 1.63 as
//! Rust 2021 (BOJ, SWEA, Programmers), the workspace's rustc as Rust 2024 (its stand-in for
//! AtCoder and Codeforces), and the std-API check against the oldest judge's Rust (clippy's
//! `incompatible_msrv`, see [`refusal`]). Nothing is pruned: every item of the library is
//! checked, used or not.

use std::path::Path;

use judge_meta::problem::{self, Role};
use judge_meta::profiles::{self, PROFILES};

use super::edition::Edition;
use super::mapped::Mapped;
use super::read::{self, Start};
use super::refusal::{self, Judge};
use super::rustc::{self, Compiler};
use super::scratch::Scratch;
use super::{emit, inline};

/// One way a judge meets the library, and what it said.
#[derive(Debug)]
pub struct LibraryCheck {
    /// `rustc 1.63, Rust 2015 (Algospot)`.
    pub what: String,
    /// `Ok`, or why not, at the library's line.
    pub result: Result<(), String>,
}

/// Checks the library crate `name` under `root` every way a judge meets it.
pub fn check_library(root: &Path, name: &str) -> Result<Vec<LibraryCheck>, String> {
    match problem::role(root, name) {
        Some(Role::Library) => {}
        Some(Role::Problem) => {
            return Err(format!(
                "{name:?} is a problem, not a library: `scripts/test.sh {name}` tests it and \
                 compiles its bundle"
            ))
        }
        Some(Role::Tool) => {
            return Err(format!("{name:?} is one of the workspace's tools, not a library"))
        }
        None => return Err(format!("no library crate {name:?} (crates/{name} or {name})")),
    }
    let dir = problem::crate_dir(root, name).expect("a crate with a role has a folder");
    let tree = read::read_from(root, Start::Library(&dir))?;
    let ways = ways();
    let mut texts = Vec::new();
    for way in &ways {
        let (mut text, _) = inline::inline(&tree, way.edition.min(Edition::E2021), false)?;
        if way.edition == Edition::E2024 {
            emit::edition_2024(&mut text);
        }
        texts.push(text);
    }
    let scratch = Scratch::new()?;
    let results: Vec<Result<LibraryCheck, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = ways
            .iter()
            .zip(&texts)
            .enumerate()
            .map(|(n, (way, text))| {
                let (scratch, tree) = (&scratch, &tree);
                scope.spawn(move || {
                    let scratch = Scratch::at(scratch.path.join(format!("way-{n}")))?;
                    let place = |offset: usize| tree.place(text, offset);
                    let result = way.check(text, &scratch, &place)?;
                    Ok(LibraryCheck { what: way.what.clone(), result })
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a check does not panic")).collect()
    });
    results.into_iter().collect()
}

/// One way a judge meets a library: the text's edition, how the check names itself, the
/// judge refusals name, and its compiler.
struct Way {
    edition: Edition,
    what: String,
    judge: Judge,
    compiler: Compiler,
}

impl Way {
    /// `text` compiled this way: only errors count (an unused library item is no mistake).
    fn check(
        &self,
        text: &Mapped,
        scratch: &Scratch,
        place: &dyn Fn(usize) -> String,
    ) -> Result<Result<(), String>, String> {
        let mut compiler = self.compiler.clone();
        compiler.flags.extend(strings(&["-A", "warnings"]));
        if compiler.program == rustc::CLIPPY_DRIVER {
            compiler.flags.extend(strings(&["--force-warn", "clippy::incompatible_msrv"]));
        }
        let outcome = rustc::check(&compiler, &text.text, &scratch.path)?;
        let too_new = refusal::too_new(&outcome, &text.text);
        Ok(if let Some(found) = too_new.first() {
            Err(refusal::api_refusal(&self.judge, found, &place(found.start)))
        } else if outcome.compiled {
            Ok(())
        } else {
            Err(refusal::refusal(&self.judge, &compiler, &outcome, text, &scratch.path, place)?)
        })
    }
}

/// The ways: rustc 1.63 as Rust 2015 and as Rust 2021, the workspace's rustc as Rust 2024,
/// and the std-API check against the oldest judge's Rust.
fn ways() -> Vec<Way> {
    let oldest = PROFILES.iter().map(|p| p.rust_version).min_by_key(|v| version_key(v));
    let oldest = oldest.unwrap_or(profiles::RUSTC_163_VERSION);
    let judges = |edition: &str, own: bool| -> String {
        let names: Vec<&str> = PROFILES
            .iter()
            .filter(|p| p.edition == edition && p.has_own_compiler() == own)
            .map(|p| p.name)
            .collect();
        names.join(", ")
    };
    let mut ways = Vec::new();
    for (edition, flags) in
        [(Edition::E2015, &[][..]), (Edition::E2021, &["--edition", "2021"][..])]
    {
        let year = edition.year();
        let who = judges(year, true);
        ways.push(Way {
            edition,
            what: format!("rustc {} (Rust {year}): {who}", profiles::RUSTC_163_VERSION),
            judge: Judge {
                name: who,
                rust_version: profiles::RUSTC_163_VERSION.to_string(),
                edition,
                own_compiler: true,
            },
            compiler: Compiler {
                program: profiles::RUSTC_163.to_string(),
                flags: strings(flags),
                env: Vec::new(),
            },
        });
    }
    let newer = judges("2024", false);
    ways.push(Way {
        edition: Edition::E2024,
        what: format!("the workspace's rustc (Rust 2024), standing in for {newer}"),
        judge: Judge {
            name: newer,
            rust_version: refusal::workspace_rustc_version().unwrap_or_else(|| "?".to_string()),
            edition: Edition::E2024,
            own_compiler: false,
        },
        compiler: Compiler {
            program: "rustc".to_string(),
            flags: strings(&["--edition", "2024"]),
            env: Vec::new(),
        },
    });
    let oldest_judges: Vec<&str> =
        PROFILES.iter().filter(|p| p.rust_version == oldest).map(|p| p.name).collect();
    let judge = Judge {
        name: oldest_judges.join(", "),
        rust_version: oldest.to_string(),
        edition: Edition::E2021,
        own_compiler: true,
    };
    ways.push(Way {
        edition: Edition::E2021,
        what: format!("std APIs of Rust {oldest} at most: {}", judge.name),
        compiler: refusal::api_check(oldest, strings(&["--edition", "2021"])),
        judge,
    });
    ways
}

fn strings(flags: &[&str]) -> Vec<String> {
    flags.iter().map(|f| f.to_string()).collect()
}

/// `1.63` -> `(1, 63)`, for comparing versions.
fn version_key(version: &str) -> (u32, u32) {
    let mut parts = version.split('.').map(|p| p.parse().unwrap_or(0));
    (parts.next().unwrap_or(0), parts.next().unwrap_or(0))
}
