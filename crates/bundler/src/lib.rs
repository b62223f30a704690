//! The bundler: one self-contained `.rs` file per problem, for judges that take one file.
//!
//! # The promise
//! The bundle is the program as its judge's compiler reads it: every crate the problem
//! reaches is inlined whole, and what is left out is what that compiler itself reports unused
//! in that whole program, or what no code can reach because nothing names it. No name is
//! guessed to keep something: a bundle may carry an item it does not need, never lack one it
//! needs or call another. Before it is printed, the judge's own compiler (its stand-in here,
//! with the judge's edition, flags and platform) checks it, and so does the std-API check of
//! the judge's Rust version; a bundle the judge would reject is never printed, and the
//! refusal ([`refusal`]) names the judge, its compiler and edition, and the first error at
//! its line in the crate that holds it.
//!
//! # Whose compiler decides
//! Where the judge's rustc is at hand (Debian's 1.63 for BOJ, Algospot, SWEA, Programmers),
//! the analysis is that rustc with the judge's flags, so a std method added later can neither
//! hide a library's trait (a trait giving `Vec` a `pop_if` stays, since 1.63 calls it) nor
//! change which method a call means; its last run, on the bundle as printed but for blank
//! lines and comments, is the judge's check, and its own warnings are the judge's.
//!
//! Where it is not (AtCoder and Codeforces run 1.89; the workspace's rustc stands in), the
//! analysis is the workspace's rustc with the bundle's edition (2021 for a 2024 judge: the
//! 2024 rewrites come after). What it can get wrong is what differs between the two versions:
//! a std method stable after 1.89 that shadows a library's trait method is what the analysis
//! calls (and the trait goes), a std API newer than 1.89 compiles. The judge's check covers
//! both: it is the workspace's rustc under clippy's `incompatible_msrv` lint with the judge's
//! version as the MSRV, which names every path and method call that resolves to a std item
//! stable after the judge's version, so such a call refuses the bundle (the program means
//! std's method in cargo's build too). What that check cannot see: a trait impl std gained
//! later (`impl From<bool> for f64` came in 1.68), a language feature or syntax stabilized
//! after the judge's version (the workspace's rustc compiles it), a `const fn` used in a
//! const context before it became const there, and a behaviour that changed without an error.
//! For a judge whose rustc is at hand all of those are the judge's compiler's to refuse.
//!
//! # What goes, and why it cannot change the program
//! - What cargo's build leaves out as well: `cfg(test)` code, `#[test]` functions, code under a
//!   feature that is off (features are decided as cargo decides them for the build, and the
//!   header names those on), and a dependency whose crate name no code names (in Rust
//!   2018+ a crate is reachable only by its name; the test harness stays out this way).
//! - Before the first compile, the libraries' items that no name reachable from main.rs
//!   mentions ([`reach`]): a pre-filter that keeps a superset of what the program uses, by
//!   names alone (every use of an item goes through a token of its name; its rules for
//!   traits, `impl`s and macro calls say why), so that a 20,000-line library costs the analysis
//!   what the program reaches of it.
//! - What rustc reports with `--force-warn dead_code, unused_imports, unused_macros`:
//!   functions, constants, statics, types and traits (whole, with their `impl`s), at module
//!   level or in an inherent `impl`; imports; macros. Never a field, a variant, or an item of
//!   a trait or of a trait's `impl`; a type whose fields or variants rustc reports unused,
//!   and what the build does not survive without (a trait that a needed macro call
//!   implements), stay with an `#[allow(..)]` for the judge's compiler to print no warning.
//! - Items rustc never reports, gone only when no token of their name remains outside them:
//!   `#[macro_export]` macros (whatever else shares their name), items whose name starts with
//!   `_` (an item is only reached by a token of its name; a macro only by a call, `name!`, or
//!   a `use` of its name).
//! - Types (and traits) that rustc keeps alive only through their trait `impl`s, gone with
//!   those `impl`s when nothing else names them, since every value of a type comes from code
//!   that names it, and when every `impl` of such a trait is for such a type, so that no method
//!   call can have chosen it; and traits that no code can have in scope (rustc 1.63 never
//!   reports a trait unused), with all their `impl`s (see [`prune`]). An `impl` or a macro call
//!   goes only with what it is for: its trait or type, as the macro call expands ([`expand`]).
//!
//! Each round removes what the last check reported, the imports of what goes, and what then
//! becomes unreachable, and checks the result by compiling it; a removal that breaks the
//! build is repaired as the errors say (the `impl`s and imports of what went) or taken back,
//! and one taken back is not tried again until nothing else is left. The one name-based rule
//! that keeps more than the compiler would is the protection of code it cannot see: every
//! name in code under a `cfg` that is false on this machine but may be true on the judge's
//! platform (Windows for Codeforces, and the macros that code calls) is never removed.
//!
//! # Phases, and what they stand on
//! Each phase reads only what the phases before it produced and the helpers below them; no
//! module names a module above it (`src/layers.rs` holds the table and the test that checks
//! it).
//!
//! - Helpers: [`edition`], [`span`] (byte and token spans), [`lexer`] and [`source`] (a
//!   tokenized file), [`mapped`] (text that remembers where it came from), [`rustc`] (a
//!   compiler run and its diagnostics), [`refusal`] (who refused and why), [`manifest`].
//! - The syntax of items: [`cfg`] predicates, [`attrs`] (attributes, and whether `cfg(test)`,
//!   features or `#[test]` remove an item), [`use_tree`] (the one walker of `use` trees),
//!   [`items`] (a module's tokens split into items), [`expand`] (enough `macro_rules!`).
//!
//! 1. [`read`]: which crates, and every module of each: manifests ([`manifest`], through
//!    judge-meta's reader, refuses what a bundle cannot reproduce, for the crates code names:
//!    non-path dependencies, build scripts, a dependency outside the workspace; a renamed
//!    dependency is its key; Rust 2015 crates' paths are read from their root), module files
//!    (`mod foo;`, `#[path]`, none outside the workspace), items, what `cfg(test)`, features
//!    that are off and `#[test]` remove, and every attribute and `use` of each file,
//!    read once. Any other `cfg` is left for the judge's compiler.
//! 2. [`inline`]: the whole program as one text, main.rs first, then the problem's own
//!    library, then the libraries, as `mod <crate> { ... }`; paths rewritten by scope and
//!    namespace, for the judge's edition; a library's doc comments dropped (every comment
//!    with `--compact`). The text keeps a map back to the files ([`mapped`]).
//! 3. [`reach`], then [`prune`], over the bundle's text as items ([`index`]), with the names
//!    of code the analysis cannot see protected ([`hidden`]): rustc's `dead_code`,
//!    `unused_imports` and `unused_macros` (forced on, JSON diagnostics from [`rustc`])
//!    decide what goes, round after round, until nothing more does.
//! 4. [`emit`]: blank lines collapsed, the judge's edition (2024 rewrites last), the header,
//!    then every check the judge's profile asks for beyond the analysis: for a judge newer
//!    than rustc 1.63, the workspace's rustc with the judge's flags under the std-API check;
//!    for Codeforces, a Windows type check by rustc 1.63.
//!
//! A library is checked where it is written by [`check_library`] ([`library`]): whole, as
//! each judge meets it. The output is deterministic: the same files give the same bytes. To
//! see the work: `XTASK_BUNDLE_TRACE=1` prints each rustc run, each round's removals and the
//! errors that sent any back, `XTASK_BUNDLE_DUMP=FILE` writes the whole inlined program
//! before pruning.
//!
//! # Known limits
//! - Whole crates are read and checked, so something the bundler refuses (`include!`,
//!   `env!`) is refused even in a module the program does not use.
//! - When rustc 1.63 cannot compile the first cut (a library item the program does not use
//!   needs a newer Rust), the workspace's rustc prunes it first, then rustc 1.63 prunes the
//!   rest; a trait that only the newer analysis calls unused is then refused by 1.63,
//!   loudly, never changed silently. What the newer analysis keeps because its removal did
//!   not compile (a trait a kept macro call implements) stays, and when rustc 1.63 rejects
//!   it, the bundle is refused at that code though the program may not use it.
//! - Edition differences beyond paths, the 2021 prelude (for 2015), a Rust 2015 crate's
//!   `try!`, `...` and 2018 keywords, and the rewrites above are not bridged, between the
//!   judge's edition and a crate's: the judge's compiler check catches what does not compile
//!   (such as a `use` of a block's own item for a Rust 2015 judge, or a 2015 crate's bare trait
//!   object for a 2021 one, each refused with its line), but not a behaviour that differs
//!   between editions without an error (Rust 2024's drop order in `if let`, arrays'
//!   `into_iter` before 2021).
//! - A path's first segment is resolved only as far as the bundle can see: an item or import
//!   of the same name as a dependency, in a block or the module, or brought by a glob of a
//!   module of the bundle (or of std's root), shadows it. A glob of anything else (an enum, a
//!   module of std below the root) is assumed not to bring a module of a dependency's name.

mod arms;
mod attrs;
mod cfg;
mod edition;
mod emit;
mod expand;
mod hidden;
mod index;
mod inline;
mod items;
pub mod judged;
#[cfg(test)]
mod layers;
pub mod lexer;
mod library;
mod manifest;
mod mapped;
mod newer;
mod prune;
mod reach;
mod read;
mod refusal;
mod rustc;
mod scopes;
mod scratch;
mod source;
mod span;
#[cfg(test)]
mod testing;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_read;
mod use_tree;

use std::collections::HashSet;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

pub use edition::Edition;
pub use emit::JudgeCheck;
use emit::Verdict;
use hidden::Hidden;
use judge_meta::profiles::{self, Profile};
pub use library::{check_library, LibraryCheck};
use mapped::Mapped;
#[doc(hidden)]
pub use read::manifest_text_check;
pub use refusal::Judge;
pub use rustc::Compiler;
use scratch::Scratch;

/// How to write the bundle and what must accept it.
#[derive(Debug, Clone)]
pub struct Options {
    /// Drop every comment and doc comment (never the inside of a literal).
    pub compact: bool,
    /// The judge's edition.
    pub edition: Edition,
    /// The judge, as refusals name it.
    pub judge: Judge,
    /// The compiler whose analysis decides what goes (its lints are forced on by the
    /// bundler): the judge's own where it is at hand, with the bundle's edition.
    pub analysis: Compiler,
    /// Whether the analysis is the judge's compiler with the judge's flags, so that its last
    /// run, on the bundle as printed (but for blank lines and comments), is the judge's
    /// check: then its warnings are the judge's.
    pub analysis_is_judge: bool,
    /// The compiler runs that must accept the bundle, before and after the 2024 rewrites.
    pub checks: Checks,
    /// The platforms the judge may compile for (rustc's target names): code under a `cfg`
    /// that one of them compiles but this machine does not keeps every name it holds.
    pub targets: Vec<String>,
    /// Where to say, every few seconds, how far a long bundling is (`xtask bundle`: stderr).
    pub progress: Option<fn(&str)>,
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
    /// The options for a judge's profile: its edition, the analysis by its own compiler
    /// where it is at hand (rustc 1.63) and by the workspace's otherwise, and a check by each
    /// compiler the judge's submission must get through: the judge's rustc (for a judge
    /// newer than rustc 1.63, the workspace's rustc under clippy's std-API check with the
    /// judge's version), and for Codeforces a Windows type check by rustc 1.63 with Debian's
    /// Windows std (the workspace's rustc has no Windows std).
    pub fn for_profile(profile: &Profile, compact: bool) -> Result<Options, String> {
        let judge = Judge::from_profile(profile)?;
        let edition = judge.edition;
        let flags: Vec<String> = profile.rustc_flags.iter().map(|f| f.to_string()).collect();
        let strings = |flags: &[&str]| flags.iter().map(|f| f.to_string()).collect::<Vec<_>>();
        let mut checks = Checks::default();
        // Where the judge's own rustc is at hand, it is the analysis, with the judge's flags.
        let (analysis, analysis_is_judge) = if judge.own_compiler {
            let mut flags = flags.clone();
            flags.extend(strings(&FORCED_LINTS));
            let compiler =
                Compiler { program: profiles::RUSTC_163.to_string(), flags, env: Vec::new() };
            (compiler, true)
        } else {
            let check = JudgeCheck {
                compiler: judge.compiler(flags),
                what: judge.describe(),
                baseline: None,
            };
            if edition == Edition::E2024 {
                checks.after_2024.push(check);
            } else {
                checks.before_2024.push(check);
            }
            (analysis_compiler(profile.rustc_program(), edition), false)
        };
        if profile.windows {
            checks.before_2024.push(JudgeCheck {
                compiler: rustc::Compiler {
                    program: profiles::RUSTC_163.to_string(),
                    flags: strings(&["--edition", "2021", "--target", WINDOWS_TARGET]),
                    env: Vec::new(),
                },
                what: format!("rustc 1.63 for Windows ({WINDOWS_TARGET})"),
                // The judge runs a newer rustc: code that needs it is not a Windows problem.
                baseline: Some(rustc::Compiler {
                    program: profiles::RUSTC_163.to_string(),
                    flags: strings(&["--edition", "2021"]),
                    env: Vec::new(),
                }),
            });
        }
        let targets = if profile.windows { WINDOWS_JUDGE_TARGETS } else { LINUX_JUDGE_TARGETS };
        Ok(Options {
            compact,
            edition,
            analysis,
            analysis_is_judge,
            judge,
            checks,
            targets: strings(targets),
            progress: None,
        })
    }
}

/// The lints that say what is unused, on whatever the code allows.
const FORCED_LINTS: [&str; 6] = [
    "--force-warn",
    "dead_code",
    "--force-warn",
    "unused_imports",
    "--force-warn",
    "unused_macros",
];

/// The pruning analysis by `program` for a judge of `edition`: the bundle's edition (2021
/// for a 2024 judge, whose rewrites come after), and the lints that say what is unused forced
/// on, every other one off.
pub fn analysis_compiler(program: &str, edition: Edition) -> Compiler {
    let edition = edition.min(Edition::E2021);
    let flags = ["--edition", edition.year(), "-A", "warnings", "--cap-lints", "warn"];
    let flags = flags.iter().chain(&FORCED_LINTS).map(|f| f.to_string()).collect();
    Compiler { program: program.to_string(), flags, env: Vec::new() }
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
    /// Compiler runs of removals repaired as the errors said.
    pub repairs: usize,
    /// Compiler runs that bisected removals.
    pub bisections: usize,
    pub seconds: f64,
}

/// The bundle of the problem crate `crates/<problem>` for its judge (its profile's edition and
/// checks), readable (comments of the problem's own code kept).
pub fn bundle(root: &Path, problem: &str) -> Result<String, String> {
    Ok(bundle_problem(root, problem, false)?.text)
}

/// The bundle of `crates/<problem>` for its judge, compact or not.
pub fn bundle_problem(root: &Path, problem: &str, compact: bool) -> Result<Bundle, String> {
    bundle_problem_reporting(root, problem, compact, None)
}

/// [`bundle_problem`], saying every few seconds how far it is through `progress`.
pub fn bundle_problem_reporting(
    root: &Path,
    problem: &str,
    compact: bool,
    progress: Option<fn(&str)>,
) -> Result<Bundle, String> {
    let crate_dir = root.join("crates").join(problem);
    if !crate_dir.join("Cargo.toml").is_file() {
        return Err(format!("no problem crate at crates/{problem}"));
    }
    let meta = judge_meta::problem::read(root, problem)?;
    let options = Options { progress, ..Options::for_profile(meta.profile, compact)? };
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
    let (inlined, libraries) = inline::inline(&tree, analysis_edition, options.compact)?;
    if let Some(path) = std::env::var_os("XTASK_BUNDLE_DUMP") {
        let _ = std::fs::write(path, &inlined.text);
    }
    let scratch = Scratch::new()?;
    let analysis = &options.analysis;
    // With `-O`, the analysis sees no `debug_assertions`, as the judge does.
    let optimized = analysis.flags.iter().any(|f| f == "-O");
    let host = target_cfg(&analysis.program, None, optimized)?;
    let mut judges = Vec::new();
    for target in &options.targets {
        judges.push(target_cfg(&analysis.program, Some(target), true)?);
    }
    let hidden = hidden::hidden_names(&inlined.text, &host, &judges)?;
    let mut stats = prune::Stats { progress: options.progress, ..prune::Stats::default() };
    let inlined = (inlined, libraries);
    let (mut text, last) = pruned(&tree, options, inlined, &hidden, &scratch, &mut stats)
        .map_err(|refusal| stats.refusal(refusal))?;
    let mut notes = if options.analysis_is_judge {
        judge_warnings(&tree, options, &text, &last)
    } else {
        Vec::new()
    };
    stats.checks += arms::drop_untaken_arms(&mut text, &options.analysis, &hidden, &scratch.path)?;
    emit::tidy_use_groups(&mut text);
    emit::tidy(&mut text);
    let header = if options.compact {
        format!(
            "// `{problem}` for its judge, generated by `scripts/bundle.sh --compact {problem}`.\n"
        )
    } else {
        format!("// Made by `scripts/bundle.sh {problem}`: edit the crates, not this file.\n")
    };
    let mut out = Mapped::default();
    out.push_str(&header);
    out.push_str(&tree.features_line().unwrap_or_default());
    if !options.compact {
        out.push_str("\n");
    }
    out.append(text);
    let checked = checked_as_judged(&tree, options, &mut out, &scratch, &mut stats);
    notes.extend(checked.map_err(|refusal| stats.refusal(refusal))?);
    Ok(Bundle {
        text: out.text,
        notes,
        checks: stats.checks,
        rounds: stats.rounds,
        restored: stats.restored,
        repairs: stats.repairs,
        bisections: stats.bisections,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The warnings of the analysis's `last` run on `text` other than the unused items it was
/// made to report: when the analysis is the judge's compiler with the judge's flags, the
/// judge's own warnings.
fn judge_warnings(
    tree: &read::Tree,
    options: &Options,
    text: &Mapped,
    last: &rustc::Outcome,
) -> Vec<String> {
    let mut notes = Vec::new();
    for d in last.diagnostics.iter().filter(|d| d.is_judges_warning()) {
        let forced =
            matches!(d.code.as_deref(), Some("dead_code" | "unused_imports" | "unused_macros"));
        if let Some(span) = d.spans.iter().find(|s| s.primary).filter(|_| !forced) {
            let at = tree.place(text, span.start);
            notes.push(format!("{} warns: {at}warning: {}", options.judge.describe(), d.message));
        }
    }
    // One warning of a macro's body comes once per expansion: each is said once.
    notes.dedup();
    notes
}

/// `inlined` (with where its libraries start) pruned by the analysis, and the analysis's
/// last word on it. When the judge's rustc does not compile the first cut, perhaps only code
/// the program does not use needs a newer one: the workspace's rustc prunes first, then the
/// judge's (the judge's rustc then prunes the whole program alone, as before, only if that
/// fails); a program that still does not compile is refused, with the first error.
fn pruned(
    tree: &read::Tree,
    options: &Options,
    (inlined, libraries): (Mapped, usize),
    hidden: &Hidden,
    scratch: &Scratch,
    stats: &mut prune::Stats,
) -> Result<(Mapped, rustc::Outcome), String> {
    let analysis = &options.analysis;
    let refuse = |text: &Mapped, outcome: &rustc::Outcome| {
        let at = |offset: usize| tree.place(text, offset);
        refusal::refusal(&options.judge, analysis, outcome, text, &scratch.path, &at)
    };
    let path = &scratch.path;
    let current = analysis_compiler("rustc", options.edition);
    if options.judge.own_compiler {
        // When the judge's rustc does not compile the first cut, the workspace's prunes
        // first (the whole program's check by rustc 1.63 costs seconds on a big library, and
        // is made only when the workspace's rustc cannot compile the whole program either).
        let (text, libs) = (inlined.clone(), libraries);
        if let Some((text, last, libraries)) =
            prune::prune_if_cut_compiles(text, libs, analysis, hidden, path, stats)?
        {
            // What the newer rustc reports unused and rustc 1.63 does not (trait methods,
            // whole traits), tried after, kept only when rustc 1.63 accepts (newer.rs).
            let newer =
                newer::prune_further(&text, libraries, analysis, &current, hidden, path, stats)?;
            return Ok(newer.unwrap_or((text, last)));
        }
    }
    let pre = if options.judge.own_compiler {
        prune::prune(inlined.clone(), libraries, &current, hidden, path, stats)?.ok()
    } else {
        None
    };
    let Some((pre, _, pre_libraries)) = pre else {
        match prune::prune(inlined.clone(), libraries, analysis, hidden, path, stats)? {
            Ok((text, last, _)) => return Ok((text, last)),
            Err(outcome) => return Err(refuse(&inlined, &outcome)?),
        }
    };
    let outcome = match prune::prune(pre.clone(), pre_libraries, analysis, hidden, path, stats)? {
        Ok((text, last, _)) => return Ok((text, last)),
        Err(outcome) => outcome,
    };
    // The newer analysis may have taken what rustc 1.63 needs (a trait whose method only
    // 1.63 calls): when the judge's rustc compiles the whole program, it prunes it alone.
    match prune::prune(inlined, libraries, analysis, hidden, path, stats)? {
        Ok((text, last, _)) => Ok((text, last)),
        Err(_) => Err(refuse(&pre, &outcome)?),
    }
}

/// Runs every check the judge's profile asks for on `out` (at once: the texts before and
/// after the 2024 rewrites, which `out` then holds for a 2024 judge): the notes they make,
/// or the first refusal.
fn checked_as_judged(
    tree: &read::Tree,
    options: &Options,
    out: &mut Mapped,
    scratch: &Scratch,
    stats: &mut prune::Stats,
) -> Result<Vec<String>, String> {
    let mut runs: Vec<(&JudgeCheck, Mapped)> =
        options.checks.before_2024.iter().map(|check| (check, out.clone())).collect();
    if options.edition == Edition::E2024 {
        emit::edition_2024(out);
        runs.extend(options.checks.after_2024.iter().map(|check| (check, out.clone())));
    }
    stats.checks += runs.len();
    let place = |text: &Mapped, at: usize| tree.place(text, at);
    let verdicts: Vec<Result<Verdict, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = runs
            .iter()
            .enumerate()
            .map(|(n, (check, text))| {
                let (judge, scratch, place) = (&options.judge, &scratch, &place);
                scope.spawn(move || {
                    let folder = scratch.path.join(format!("check-{n}"));
                    let scratch = Scratch::at(folder)?;
                    emit::judge_check(check, judge, text, &scratch.path, place)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a check does not panic")).collect()
    });
    let mut notes = Vec::new();
    for verdict in verdicts {
        match verdict? {
            Verdict::Accepted(warnings) => notes.extend(warnings),
            Verdict::Note(note) => notes.push(note),
            Verdict::Refused(why) => return Err(why),
        }
    }
    Ok(notes)
}

/// The cfg options (`unix`, `target_os="linux"`, ...) of `target` (this machine's by
/// default), as `rustc --print cfg` prints them (`optimized`: with `-O`, which turns
/// `debug_assertions` off; a judge compiles with `-O`).
fn target_cfg(
    rustc: &str,
    target: Option<&str>,
    optimized: bool,
) -> Result<HashSet<String>, String> {
    let mut command = Command::new(rustc);
    command.args(["--print", "cfg"]);
    if let Some(target) = target {
        command.args(["--target", target]);
    }
    if optimized {
        command.args(["-C", "debug-assertions=no"]);
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
