//! The bundler: one self-contained `.rs` file per problem, for judges that take one file.
//!
//! # The promise
//! The bundle is the same program as the cargo build, by construction: every crate the
//! problem reaches is inlined whole, and what is left out is what the compiler itself reports
//! unused in that whole program, or what no code can reach because nothing names it. No name
//! is guessed to keep something: a bundle may carry an item it does not need, never lack one
//! it needs or call another. Before it is printed, the judge's own compiler (its stand-in
//! here, with the judge's edition, flags and platform) checks it; a bundle the judge would
//! reject is never printed, and the refusal names the first error at its line in the crate
//! that holds it.
//!
//! # What goes, and why it cannot change the program
//! - What cargo's build leaves out as well: `cfg(test)` code, `#[test]` functions, code under a
//!   feature (no feature is ever on), and a dependency whose crate name no code names (in Rust
//!   2018+ a crate is reachable only by its name; the test harness stays out this way).
//! - What rustc reports with `--force-warn dead_code, unused_imports, unused_macros`:
//!   functions, constants, statics, types and traits (whole, with their `impl`s), at module
//!   level or in an inherent `impl`; imports; macros. Never a field, a variant, or an item of
//!   a trait or of a trait's `impl`.
//! - Items rustc never reports, gone only when no token of their name remains outside them:
//!   `#[macro_export]` macros, items whose name starts with `_` (an item is only reached by a
//!   token of its name; a macro only by a call, `name!`, or a `use` of its name).
//! - Types (and traits) that rustc keeps alive only through their trait `impl`s, gone with
//!   those `impl`s when nothing else names them, since every value of a type comes from code
//!   that names it, and when every `impl` of such a trait is for such a type, so that no method
//!   call can have chosen it (see [`prune`]). An `impl` or a macro call goes only with what it
//!   is for: its trait or type, as the macro call expands ([`expand`]).
//!
//! Each removal is checked by compiling the result; one that breaks the build is repaired as
//! the errors say (the `impl`s and imports of what went) or taken back. The one name-based
//! rule that keeps more than the compiler would is the protection of code it cannot see: every
//! name in code under a `cfg` that is false on this machine but may be true on the judge's
//! platform (Windows for Codeforces, and the macros that code calls) is never removed.
//!
//! # Phases, one file each
//! 1. [`read`]: which crates, and every module of each: manifests ([`manifest`] refuses what
//!    a bundle cannot reproduce: non-path dependencies, features, build scripts), module
//!    files (`mod foo;`, `#[path]`), items ([`items`], over the tokens of [`lexer`]), and what
//!    `cfg(test)`, features and `#[test]` remove. Any other `cfg` is left for the judge's
//!    compiler.
//! 2. [`inline`]: the whole program as one text, main.rs first, then the problem's own
//!    library, then the libraries, as `mod <crate> { ... }`; paths rewritten by scope and
//!    namespace, for the judge's edition; a library's doc comments dropped (every comment
//!    with `--compact`). The text keeps a map back to the files ([`mapped`]).
//! 3. [`prune`]: rustc's `dead_code`, `unused_imports` and `unused_macros` (forced on, JSON
//!    diagnostics from [`rustc`]) decide what goes, round after round, until nothing more
//!    does; a removal that breaks the build is repaired or taken back by bisection. Names in
//!    code under a `cfg` that is false on this machine are protected.
//! 4. [`emit`]: blank lines collapsed, the judge's edition (2024 rewrites last), the header,
//!    then every check the judge's profile asks for: rustc 1.63 with the judge's flags, the
//!    current rustc with `--edition 2024`, and for Codeforces a Windows type check.
//!
//! The analysis runs on the workspace's rustc (its lints are the most precise) with the
//! bundle's edition, or 2021 for a 2024 judge (the 2024 rewrites come after). The output is
//! deterministic: the same files give the same bytes. To see the work: `XTASK_BUNDLE_TRACE=1`
//! prints each round's removals and the errors that sent any back, `XTASK_BUNDLE_DUMP=FILE`
//! writes the whole inlined program before pruning.
//!
//! # Known limits
//! - Whole crates are read and checked, so something the bundler refuses (`include!`,
//!   `env!`) is refused even in a module the program does not use.
//! - The analysis is the workspace's rustc; the judge's 1.63 checks the result. A method that
//!   std gained after 1.63 and that shadows a library's trait method may make the analysis
//!   call that trait unused; then the 1.63 check fails, loudly.
//! - Edition differences beyond paths, the 2021 prelude (for 2015) and the rewrites above are
//!   not bridged: the judge's compiler check catches what does not compile (such as a `use` of
//!   a block's own item for a Rust 2015 judge, which is refused with its line), but not a
//!   behaviour that differs between editions without an error (Rust 2024's drop order in
//!   `if let`, arrays' `into_iter` before 2021).
//! - A path's first segment is resolved only as far as the bundle can see: an item or import
//!   of the same name as a dependency, in a block or the module, or brought by a glob of a
//!   module of the bundle (or of std's root), shadows it. A glob of anything else (an enum, a
//!   module of std below the root) is assumed not to bring a module of a dependency's name.

mod emit;
mod expand;
mod inline;
mod items;
pub mod lexer;
mod manifest;
mod mapped;
mod prune;
mod read;
mod rustc;
mod source;
#[cfg(test)]
mod tests;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

pub use emit::JudgeCheck;
use judge_meta::profiles::{self, Profile};
use mapped::Mapped;
pub use rustc::Compiler;

/// A Rust edition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Edition {
    E2015,
    E2018,
    E2021,
    E2024,
}

impl Edition {
    /// `"2021"` -> `Edition::E2021`.
    pub fn parse(text: &str) -> Result<Edition, String> {
        match text {
            "2015" => Ok(Edition::E2015),
            "2018" => Ok(Edition::E2018),
            "2021" => Ok(Edition::E2021),
            "2024" => Ok(Edition::E2024),
            _ => Err(format!("unknown edition {text:?}")),
        }
    }

    pub fn year(self) -> &'static str {
        match self {
            Edition::E2015 => "2015",
            Edition::E2018 => "2018",
            Edition::E2021 => "2021",
            Edition::E2024 => "2024",
        }
    }
}

/// How to write the bundle and what must accept it.
#[derive(Debug, Clone)]
pub struct Options {
    /// Drop every comment and doc comment (never the inside of a literal).
    pub compact: bool,
    /// The judge's edition.
    pub edition: Edition,
    /// The compiler runs that must accept the bundle, before and after the 2024 rewrites.
    pub checks: Checks,
    /// The platforms the judge may compile for (rustc's target names): code under a `cfg`
    /// that one of them compiles but this machine does not keeps every name it holds.
    pub targets: Vec<String>,
}

/// The judge's compilers, as stand-ins here.
#[derive(Debug, Clone, Default)]
pub struct Checks {
    /// Run on the bundle as the analysis wrote it (edition 2021 or 2015).
    pub before_2024: Vec<JudgeCheck>,
    /// Run on the bundle written for Rust 2024 (only for a 2024 edition).
    pub after_2024: Vec<JudgeCheck>,
}

impl Options {
    /// The options for a judge's profile: its edition, and a check by each compiler the
    /// judge's submission must get through (for Codeforces, also a Windows type check by
    /// rustc 1.63 with Debian's Windows std, since the workspace's rustc has no Windows std).
    pub fn for_profile(profile: &Profile, compact: bool) -> Result<Options, String> {
        let edition = Edition::parse(profile.edition)?;
        let flags: Vec<String> = profile.rustc_flags.iter().map(|f| f.to_string()).collect();
        let judge = JudgeCheck {
            compiler: rustc::Compiler { program: profile.rustc_program().to_string(), flags },
            what: format!("{} ({})", profile.stand_in(), profile.rustc_flags.join(" ")),
            baseline: None,
        };
        let mut checks = Checks::default();
        if edition == Edition::E2024 {
            checks.after_2024.push(judge);
        } else {
            checks.before_2024.push(judge);
        }
        if profile.windows {
            checks.before_2024.push(JudgeCheck {
                compiler: rustc::Compiler {
                    program: profiles::RUSTC_163.to_string(),
                    flags: ["--edition", "2021", "--target", WINDOWS_TARGET]
                        .iter()
                        .map(|f| f.to_string())
                        .collect(),
                },
                what: format!(
                    "rustc 1.63 for Windows ({} --target {WINDOWS_TARGET})",
                    profiles::RUSTC_163
                ),
                // The judge runs a newer rustc: code that needs it is not a Windows problem.
                baseline: Some(rustc::Compiler {
                    program: profiles::RUSTC_163.to_string(),
                    flags: ["--edition", "2021"].iter().map(|f| f.to_string()).collect(),
                }),
            });
        }
        let targets = if profile.windows { WINDOWS_JUDGE_TARGETS } else { LINUX_JUDGE_TARGETS };
        Ok(Options {
            compact,
            edition,
            checks,
            targets: targets.iter().map(|t| t.to_string()).collect(),
        })
    }
}

/// The target that Debian's `libstd-rust-dev-windows` gives rustc 1.63.
pub const WINDOWS_TARGET: &str = "x86_64-pc-windows-gnu";
/// What a Windows judge may compile for (its C runtime and word size are not published).
pub const WINDOWS_JUDGE_TARGETS: &[&str] = &[
    "x86_64-pc-windows-gnu",
    "x86_64-pc-windows-msvc",
    "i686-pc-windows-gnu",
    "i686-pc-windows-msvc",
];
/// What every other judge compiles for.
pub const LINUX_JUDGE_TARGETS: &[&str] = &["x86_64-unknown-linux-gnu"];

/// A bundle and how it was made.
#[derive(Debug)]
pub struct Bundle {
    pub text: String,
    /// What the checks could not say, for the user to know.
    pub notes: Vec<String>,
    /// The compiler runs of the pruning, and the checks.
    pub checks: usize,
    pub rounds: usize,
    /// Removals the compiler's errors took back.
    pub restored: usize,
    pub seconds: f64,
}

/// The bundle of the problem crate `crates/<problem>` for its judge (its profile's edition and
/// checks), readable (comments of the problem's own code kept).
pub fn bundle(root: &Path, problem: &str) -> Result<String, String> {
    Ok(bundle_problem(root, problem, false)?.text)
}

/// The bundle of `crates/<problem>` for its judge, compact or not.
pub fn bundle_problem(root: &Path, problem: &str, compact: bool) -> Result<Bundle, String> {
    let crate_dir = root.join("crates").join(problem);
    if !crate_dir.join("Cargo.toml").is_file() {
        return Err(format!("no problem crate at crates/{problem}"));
    }
    let meta = judge_meta::problem::read(root, problem)?;
    let options = Options::for_profile(meta.profile, compact)?;
    bundle_crate(root, &crate_dir, problem, &options)
}

/// One self-contained source file for the binary crate in `crate_dir` (its `src/main.rs`),
/// with its own `src/lib.rs` and every library its code reaches inlined.
pub fn bundle_crate(
    root: &Path,
    crate_dir: &Path,
    problem: &str,
    options: &Options,
) -> Result<Bundle, String> {
    let started = Instant::now();
    let tree = read::read(root, crate_dir)?;
    let analysis_edition = options.edition.min(Edition::E2021);
    let inlined = inline::inline(&tree, analysis_edition, options.compact)?;
    if let Some(path) = std::env::var_os("XTASK_BUNDLE_DUMP") {
        let _ = std::fs::write(path, &inlined.text);
    }
    let scratch = Scratch::new()?;
    let analysis = rustc::Compiler {
        program: "rustc".to_string(),
        flags: ["--edition", analysis_edition.year(), "-A", "warnings", "--cap-lints", "warn"]
            .iter()
            .chain(&[
                "--force-warn",
                "dead_code",
                "--force-warn",
                "unused_imports",
                "--force-warn",
                "unused_macros",
            ])
            .map(|f| f.to_string())
            .collect(),
    };
    let host = target_cfg(&analysis.program, None)?;
    let mut judges = Vec::new();
    for target in &options.targets {
        judges.push(target_cfg(&analysis.program, Some(target))?);
    }
    let hidden = prune::hidden_names(&inlined.text, &host, &judges)?;
    let place = |text: &Mapped, at: usize| place(&tree, text, at);
    let mut stats = prune::Stats::default();
    let mut text = prune::prune(inlined, &analysis, &hidden, &scratch.path, &mut stats, &place)?;
    emit::tidy_use_groups(&mut text);
    emit::tidy(&mut text);
    let header = if options.compact {
        format!(
            "// `{problem}` for its judge, generated by `scripts/bundle.sh --compact {problem}`.\n"
        )
    } else {
        format!("// Made by `scripts/bundle.sh {problem}`: edit the crates, not this file.\n\n")
    };
    let mut out = Mapped::default();
    out.push_str(&header);
    out.append(text);
    let mut notes = Vec::new();
    for check in &options.checks.before_2024 {
        stats.checks += 1;
        notes.extend(emit::judge_check(check, &out, &scratch.path, &place)?);
    }
    if options.edition == Edition::E2024 {
        emit::edition_2024(&mut out);
        for check in &options.checks.after_2024 {
            stats.checks += 1;
            notes.extend(emit::judge_check(check, &out, &scratch.path, &place)?);
        }
    }
    Ok(Bundle {
        text: out.text,
        notes,
        checks: stats.checks,
        rounds: stats.rounds,
        restored: stats.restored,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// `crates/x/src/lib.rs:12:5: ` for byte `at` of `text`, or `bundle line N: ` for text the
/// bundler wrote.
fn place(tree: &read::Tree, text: &Mapped, at: usize) -> String {
    match text.origin(at) {
        Some((file, offset)) => format!("{}: ", tree.files[file].location(offset)),
        None => {
            let line = 1 + text.text[..at.min(text.text.len())].matches('\n').count();
            format!("bundle line {line}: ")
        }
    }
}

/// The cfg options (`unix`, `target_os="linux"`, ...) of `target` (this machine's by
/// default), as `rustc --print cfg` prints them.
fn target_cfg(rustc: &str, target: Option<&str>) -> Result<HashSet<String>, String> {
    let mut command = Command::new(rustc);
    command.args(["--print", "cfg"]);
    if let Some(target) = target {
        // A judge compiles with -O: no debug assertions.
        command.args(["--target", target, "-C", "debug-assertions=no"]);
    }
    let output = command.output().map_err(|e| format!("cannot run {rustc}: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "{rustc} --print cfg failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).lines().map(|l| l.trim().to_string()).collect())
}

/// A scratch folder for the compiler's outputs, removed on drop.
struct Scratch {
    path: PathBuf,
}

impl Scratch {
    fn new() -> Result<Scratch, String> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("xtask-bundle-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&path)
            .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        Ok(Scratch { path })
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}
