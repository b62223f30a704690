//! Who refuses a bundle, and why, in words: every refusal names the judge, its compiler and
//! its edition, and the place stays the line in the crate that holds it.
//!
//! `crates/p/src/main.rs:4:28: BOJ (rustc 1.63, Rust 2021) rejects this: ...` on the first
//! line (short: what the testdata runner shows), then for the errors that only an older
//! compiler or edition makes, one sentence of what to write instead. Which of those an error
//! is, is asked of the compilers rather than guessed from its code: the same text compiled by
//! the workspace's rustc as Rust 2021 (as cargo's build reads the crates) tells a program that
//! does not compile anywhere from one that only the judge refuses, and the judge's compiler
//! with `--edition 2021` tells the edition from the compiler's age.
//!
//! A std API newer than the judge's Rust is named with the version it is stable since,
//! whichever compiler stands in for the judge ([`too_new`]): clippy's `incompatible_msrv`
//! lint, with the judge's version as the MSRV, reads every path and method call that resolves
//! to a std item and compares the item's `#[stable(since)]` with it.

use std::path::Path;

use judge_meta::profiles::{self, Profile};

use super::edition::Edition;
use super::mapped::Mapped;
use super::rustc::{self, Compiler, Outcome, CLIPPY_DRIVER};

/// The lint that compares std items' stability with the MSRV.
const API_LINT: &str = "clippy::incompatible_msrv";

/// A judge, as refusals name it.
#[derive(Debug, Clone)]
pub struct Judge {
    /// `BOJ`.
    pub name: String,
    /// The judge's Rust (`1.63`): a bundle may use nothing newer.
    pub rust_version: String,
    pub edition: Edition,
    /// Whether the judge's own rustc checks the bundle here (Debian's 1.63); else the
    /// workspace's newer rustc stands in, and the std-API check decides what is too new.
    pub own_compiler: bool,
}

impl Judge {
    pub fn from_profile(profile: &Profile) -> Result<Judge, String> {
        Ok(Judge {
            name: profile.name.to_string(),
            rust_version: profile.rust_version.to_string(),
            edition: Edition::parse(profile.edition)?,
            own_compiler: profile.has_own_compiler(),
        })
    }

    /// `BOJ (rustc 1.63, Rust 2021)`.
    pub fn describe(&self) -> String {
        format!("{} (rustc {}, Rust {})", self.name, self.rust_version, self.edition.year())
    }

    /// The judge's rustc with `flags`: itself where it is at hand, else clippy's driver over
    /// the workspace's rustc with the std-API check on ([`api_check`]).
    pub fn compiler(&self, flags: Vec<String>) -> Compiler {
        if self.own_compiler {
            Compiler { program: profiles::RUSTC_163.to_string(), flags, env: Vec::new() }
        } else {
            api_check(&self.rust_version, flags)
        }
    }
}

/// clippy's driver with `flags`, every clippy lint off but `incompatible_msrv`, and `msrv`
/// (`1.63`) as the MSRV it compares std items' stability with. Its errors and rustc's own
/// warnings are rustc's.
pub fn api_check(msrv: &str, mut flags: Vec<String>) -> Compiler {
    flags.extend(["-A", "clippy::all", "--force-warn", API_LINT].map(String::from));
    Compiler {
        program: CLIPPY_DRIVER.to_string(),
        flags,
        env: vec![("CARGO_PKG_RUST_VERSION".to_string(), msrv.to_string())],
    }
}

/// A use of a std item newer than the MSRV of a check by [`api_check`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooNew {
    /// Its bytes in the checked text.
    pub start: usize,
    pub end: usize,
    /// The path or method as written (`is_some_and`, `std::sync::OnceLock::new`).
    pub api: String,
    /// The version it is stable since (`1.70`).
    pub since: String,
}

/// What `outcome` (of a check by [`api_check`] on `text`) reports too new, in text order.
pub fn too_new(outcome: &Outcome, text: &str) -> Vec<TooNew> {
    let mut out = Vec::new();
    for d in &outcome.diagnostics {
        if d.code.as_deref() != Some(API_LINT) {
            continue;
        }
        let Some(span) = d.spans.iter().find(|s| s.primary && s.in_input) else { continue };
        let since = d.message.rsplit("stable since `").next().unwrap_or_default();
        let since = since.trim_end_matches('`').trim_end_matches(".0").to_string();
        let written = text.get(span.start..span.end).unwrap_or_default();
        // `strict_add(3)` -> `strict_add`; `OnceLock::<u8>::new` -> `OnceLock::new`.
        let api: String =
            written.split('(').next().unwrap_or_default().split_whitespace().collect();
        let api = strip_generics(&api);
        out.push(TooNew { start: span.start, end: span.end, api, since });
    }
    out.sort_by_key(|t| t.start);
    out.dedup_by_key(|t| t.start);
    out
}

/// `OnceLock::<u8>::new` -> `OnceLock::new`.
fn strip_generics(path: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in path.chars() {
        match c {
            '<' => depth += 1,
            '>' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out.replace("::::", "::").trim_end_matches("::").to_string()
}

/// The refusal of a std API newer than the judge's Rust, at `place` (`file:line:col: `).
pub fn api_refusal(judge: &Judge, too_new: &TooNew, place: &str) -> String {
    let TooNew { api, since, .. } = too_new;
    let version = &judge.rust_version;
    let instead = replacement(api).map(|r| format!(": {r}")).unwrap_or_default();
    let stand_in = if judge.own_compiler {
        String::new()
    } else {
        format!(
            " (the workspace's rustc{} has it; rustc {version} does not)",
            workspace_rustc_version().map(|v| format!(" {v}")).unwrap_or_default(),
        )
    };
    format!(
        "{place}{} rejects this: `{api}` is stable since Rust {since}\n\
         Write it with what Rust {version} has{instead}{stand_in}.",
        judge.describe()
    )
}

/// What Rust 1.63 offers instead of a few APIs that solutions often reach for.
fn replacement(api: &str) -> Option<&'static str> {
    let name = api.rsplit("::").next().unwrap_or(api);
    Some(match name {
        "is_some_and" | "is_ok_and" => {
            "`.map_or(false, |x| ...)` does what `.is_some_and(|x| ...)` does"
        }
        "is_none_or" => "`.map_or(true, |x| ...)` does what `.is_none_or(|x| ...)` does",
        "div_ceil" => "`(a + b - 1) / b` for non-negative `a` and positive `b`",
        "ilog2" => "`63 - x.leading_zeros()` for a positive `u64` `x`",
        "isqrt" => "`(x as f64).sqrt() as u64`, then step it down while its square exceeds `x`",
        "midpoint" => "`a + (b - a) / 2` for `a <= b`",
        "is_sorted" => "`v.windows(2).all(|w| w[0] <= w[1])`",
        "OnceLock" | "OnceCell" | "LazyLock" | "LazyCell" => {
            "a `thread_local!` with a `RefCell`, or pass the value down"
        }
        "strict_add" | "strict_sub" | "strict_mul" => {
            "`checked_add(..).expect(\"..\")` and its kin"
        }
        "pop_if" => "`if v.last().map_or(false, f) { v.pop() } else { None }`",
        "get_many_mut" | "get_disjoint_mut" => "`split_at_mut` gives two disjoint `&mut` halves",
        _ => return None,
    })
}

/// `1.95` from `rustc --version`, for messages.
pub fn workspace_rustc_version() -> Option<String> {
    let output = std::process::Command::new("rustc").arg("--version").output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    let version = text.split_whitespace().nth(1)?;
    Some(version.splitn(3, '.').take(2).collect::<Vec<_>>().join("."))
}

/// What kind of error the judge made, found by asking other compilers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cause {
    /// The workspace's rustc, as Rust 2021, rejects it too: the program itself.
    Program,
    /// Only the judge's older edition rejects it.
    Edition(Edition),
    /// Only the judge's older compiler rejects it.
    Compiler,
}

/// The refusal of `text`, which `failing` (the judge's compiler, or the analysis standing on
/// it) did not compile with `outcome`: the first error at its place, with its cause.
pub fn refusal(
    judge: &Judge,
    failing: &Compiler,
    outcome: &Outcome,
    text: &Mapped,
    scratch: &Path,
    place: &dyn Fn(usize) -> String,
) -> Result<String, String> {
    let Some(error) = outcome.errors().next() else {
        return Ok(format!("{} rejects the bundle", judge.describe()));
    };
    let span = error.spans.iter().find(|s| s.primary).or(error.spans.first());
    let (start, end) = span.map_or((0, 0), |s| (s.start, s.end));
    // A std API too new, where the error is: named, with its version.
    if judge.own_compiler {
        // As Rust 2021 (the text reads the same), so that an error only Rust 2015 makes does
        // not stop clippy before its lints run.
        let clippy =
            api_check(&judge.rust_version, with_edition(&flags_of(failing), Edition::E2021));
        if let Ok(checked) = rustc::check(&clippy, &text.text, scratch) {
            let line = |at: usize| text.text[..at.min(text.text.len())].matches('\n').count();
            let found = too_new(&checked, &text.text).into_iter().find(|t| {
                (t.start < end.max(start + 1) && start < t.end) || line(t.start) == line(start)
            });
            if let Some(found) = found {
                return Ok(api_refusal(judge, &found, &place(found.start)));
            }
        }
    }
    let cause = cause(judge, failing, &text.text, scratch)?;
    let code = error.code.as_deref().map(|c| format!("[{c}]")).unwrap_or_default();
    let mut message = format!(
        "{}{} rejects this: error{code}: {}",
        place(start),
        judge.describe(),
        error.message
    );
    if let Some(hint) = hint(judge, cause, error.code.as_deref(), &error.message) {
        message.push('\n');
        message.push_str(&hint);
    }
    Ok(message)
}

/// `failing`'s flags without its lint levels (what the judge passes, more or less).
fn flags_of(compiler: &Compiler) -> Vec<String> {
    let mut out = Vec::new();
    let mut flags = compiler.flags.iter();
    while let Some(flag) = flags.next() {
        match flag.as_str() {
            "-A" | "-W" | "-D" | "--force-warn" | "--cap-lints" => {
                flags.next();
            }
            _ => out.push(flag.clone()),
        }
    }
    out
}

/// `flags` with the edition set to `edition`.
fn with_edition(flags: &[String], edition: Edition) -> Vec<String> {
    let mut out = Vec::new();
    let mut flags = flags.iter();
    while let Some(flag) = flags.next() {
        if flag == "--edition" {
            flags.next();
        } else if !flag.starts_with("--edition=") {
            out.push(flag.clone());
        }
    }
    out.extend(["--edition".to_string(), edition.year().to_string()]);
    out
}

/// Whether the program, the edition or the compiler makes `failing` reject `text`.
fn cause(judge: &Judge, failing: &Compiler, text: &str, scratch: &Path) -> Result<Cause, String> {
    let flags = flags_of(failing);
    let current = Compiler {
        program: "rustc".to_string(),
        flags: with_edition(&flags, Edition::E2021),
        env: Vec::new(),
    };
    if !rustc::check(&current, text, scratch)?.compiled {
        return Ok(Cause::Program);
    }
    if judge.edition == Edition::E2021 {
        return Ok(Cause::Compiler);
    }
    let same_compiler = Compiler {
        program: if judge.own_compiler { profiles::RUSTC_163 } else { "rustc" }.to_string(),
        flags: with_edition(&flags, Edition::E2021),
        env: Vec::new(),
    };
    Ok(if rustc::check(&same_compiler, text, scratch)?.compiled {
        Cause::Edition(judge.edition)
    } else {
        Cause::Compiler
    })
}

/// Borrow errors that Rust 2015's whole-variable closure captures cause where 2021 compiles.
const BORROW_CODES: &[&str] =
    &["E0499", "E0500", "E0501", "E0502", "E0503", "E0505", "E0506", "E0382", "E0507", "E0373"];
/// Errors of name resolution.
const PATH_CODES: &[&str] =
    &["E0405", "E0412", "E0422", "E0423", "E0425", "E0432", "E0433", "E0531", "E0574"];

/// One sentence of what to write instead, for the errors only an older edition or compiler
/// makes.
fn hint(judge: &Judge, cause: Cause, code: Option<&str>, message: &str) -> Option<String> {
    let code = code.unwrap_or_default();
    let version = &judge.rust_version;
    // `Algospot's edition`, or for several judges (a library's check) `the edition of BOJ,
    // SWEA, Programmers`.
    let judges = |thing: &str| {
        if judge.name.contains(", ") {
            format!("the {thing} of {}", judge.name)
        } else {
            format!("{}'s {thing}", judge.name).trim_end().to_string()
        }
    };
    Some(match cause {
        Cause::Program => return None,
        Cause::Edition(Edition::E2015) if BORROW_CODES.contains(&code) => format!(
            "Rust 2021 compiles this, Rust 2015 ({}) does not: its closures capture whole \
             variables, not single fields; borrow or copy the field into a local before the \
             closure (`let count = &mut self.count;`) and use that in it.",
            judges("edition")
        ),
        Cause::Edition(Edition::E2015) if PATH_CODES.contains(&code) => format!(
            "Rust 2021 compiles this, Rust 2015 ({}) does not: its paths start at the crate \
             root and it has no extern prelude; write the path from `crate::`, `self::` or \
             `super::`, or import the name with a `use`.",
            judges("edition")
        ),
        Cause::Edition(edition) => format!(
            "Rust 2021 compiles this, Rust {} ({}) does not: write it the way both editions \
             read it{}.",
            edition.year(),
            judges("edition"),
            if edition == Edition::E2015 {
                " (in 2015 closures capture whole variables, `array.into_iter()` yields \
                 references, and `async`, `dyn` and `try` are not keywords)"
            } else {
                ""
            }
        ),
        Cause::Compiler => {
            let feature = if message.contains("let...else") || message.contains("let-else") {
                ": a `match` (or `if let ... else`) instead of `let ... else`"
            } else {
                ""
            };
            format!(
                "The workspace's rustc compiles this, rustc {version} ({}) does not: write it \
                 with what Rust {version} has{feature}.",
                judges("compiler")
            )
        }
    })
}

#[cfg(test)]
mod tests {
    use super::strip_generics;

    #[test]
    fn api_names_lose_their_generics() {
        assert_eq!(strip_generics("std::sync::OnceLock::<u8>::new"), "std::sync::OnceLock::new");
        assert_eq!(strip_generics("first_chunk::<1>"), "first_chunk");
        assert_eq!(strip_generics("strict_add"), "strict_add");
    }
}
