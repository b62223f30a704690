//! `xtask make-testdata PROBLEM`: rebuilds `testdata/<problem>/` from
//! `crates/<problem>/testdata.list`.
//!
//! Each line of the list is `NAME GENERATOR-ARGS...`: the input is `<problem>-gen ARGS`, the
//! output the release solver's answer. A NAME ending in `!` is small enough to be checked: the
//! oracle `<problem>-naive` runs too and the solver's output must pass the problem's checker
//! against the oracle's (exact, tokens, floats or the checker binary); for an interactive
//! problem, whose cases are inputs alone, the interactor must accept the solver. Every case is
//! made before any is written: a disagreement writes nothing. `testdata/<problem>/.generated`
//! lists the cases made here; one the list no longer names is removed, and hand-written cases
//! (samples) are never touched. Sizes are in bytes, against the testdata budget.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::check::TimedChecker;
use crate::interactive;
use crate::problem::{build, generated, target_dir, GENERATED};
use crate::process::Limits;
use crate::runner::Runner;
use crate::verdict::Verdict;
use judge_meta::protocol::{checker_name, interactor_name};
use judge_meta::CheckerSpec;

/// What every clone and CI run carries per problem (README.md, "Adding a problem").
const BUDGET_BYTES: u64 = 4_000_000;

/// The interactor's wall-time allowance when it checks a case.
const INTERACTIVE_WALL_LIMIT: Duration = Duration::from_secs(10);

/// One line of `testdata.list`.
#[derive(Debug, PartialEq)]
struct Planned {
    name: String,
    /// Whether the oracle (or the interactor) checks it: a `!` after the name.
    checked: bool,
    args: Vec<String>,
}

/// The cases of a `testdata.list`, in order.
fn parse_list(text: &str, shown: &str) -> Result<Vec<Planned>, String> {
    let mut planned: Vec<Planned> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let mut words = line.split_whitespace();
        let Some(first) = words.next().filter(|word| !word.starts_with('#')) else {
            continue;
        };
        let (name, checked) = match first.strip_suffix('!') {
            Some(name) => (name, true),
            None => (first, false),
        };
        let place = format!("{shown} line {}", index + 1);
        let valid = |c: char| c.is_ascii_alphanumeric() || "-_.".contains(c);
        if name.is_empty() || !name.chars().all(valid) || name.starts_with('.') {
            return Err(format!(
                "{place}: expected a case name of letters, digits, -, _ or ., found {first:?}"
            ));
        }
        if planned.iter().any(|p| p.name == name) {
            return Err(format!("{place}: case {name:?} is named twice"));
        }
        let args: Vec<String> = words.map(str::to_string).collect();
        if args.is_empty() {
            return Err(format!("{place}: case {name:?} has no generator arguments"));
        }
        planned.push(Planned { name: name.to_string(), checked, args });
    }
    if planned.is_empty() {
        return Err(format!("{shown} names no cases"));
    }
    Ok(planned)
}

/// Rebuilds the testdata of `problem` (already checked to be a problem crate).
pub fn run(root: &Path, problem: &str) -> Result<(), String> {
    let meta = judge_meta::problem::read(root, problem)?;
    let list_path = root.join("crates").join(problem).join("testdata.list");
    let shown = format!("crates/{problem}/testdata.list");
    let text = fs::read_to_string(&list_path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let planned = parse_list(&text, &shown)?;
    let any_checked = planned.iter().any(|p| p.checked);

    let generator = format!("{problem}-gen");
    let oracle = format!("{problem}-naive");
    let interactor = interactor_name(problem);
    let checker_binary = checker_name(problem);
    let mut binaries = vec![problem, generator.as_str()];
    if any_checked {
        match (meta.interactive, meta.checker) {
            (true, _) => binaries.push(&interactor),
            (false, CheckerSpec::Binary) => binaries.extend([oracle.as_str(), &checker_binary]),
            (false, CheckerSpec::Builtin(_)) => binaries.push(&oracle),
        }
    }
    build(root, &[(problem, &binaries)])?;
    let release = target_dir(root).join("release");

    let runner = Runner::new()?;
    // The cases are made in a folder of their own, apart from the runner's other files.
    let (made_dir, checker_dir) = (runner.file("cases"), runner.file("checker"));
    for dir in [&made_dir, &checker_dir] {
        fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let checker = TimedChecker::new(meta.checker, release.join(&checker_binary), checker_dir);
    let mut made = Vec::new();
    for case in &planned {
        let input = made_dir.join(format!("{}.in", case.name));
        let output = made_dir.join(format!("{}.out", case.name));
        let describe = |e: String| format!("{}: {e}", case.name);
        execute(&release.join(&generator), &case.args, None, &input).map_err(describe)?;
        let input_size = size(&input);
        if meta.interactive {
            if case.checked {
                let run = interactive::run(
                    &runner,
                    &release.join(problem),
                    &release.join(&interactor),
                    &input,
                    INTERACTIVE_WALL_LIMIT,
                    None,
                )
                .map_err(describe)?;
                // The interactor checks the exchange; the limits are the runner's to judge.
                let limits = Limits {
                    time: INTERACTIVE_WALL_LIMIT,
                    memory_kib: u64::MAX,
                    output_bytes: u64::MAX,
                };
                let (code, detail) = interactive::verdict(&run, limits);
                if code != Verdict::AC {
                    return Err(describe(format!(
                        "{code} against the interactor: {detail}; nothing written"
                    )));
                }
            }
            println!(
                "{}: {input_size} bytes in, checked by {interactor}: {}",
                case.name,
                yes(case.checked)
            );
            made.push((case.name.as_str(), false));
            continue;
        }
        execute(&release.join(problem), &[], Some(&input), &output).map_err(describe)?;
        if case.checked {
            let oracle_output = runner.file("oracle.out");
            execute(&release.join(&oracle), &[], Some(&input), &oracle_output).map_err(describe)?;
            let read = |path: &Path| fs::read(path).map_err(|e| e.to_string());
            let verdict = checker.check(&input, &read(&oracle_output)?, &read(&output)?).verdict;
            if let Err(why) = verdict {
                return Err(describe(format!(
                    "the solver and the oracle disagree ({why}); nothing written"
                )));
            }
        }
        println!(
            "{}: {input_size} bytes in, {} bytes out, oracle-checked: {}",
            case.name,
            size(&output),
            yes(case.checked)
        );
        made.push((case.name.as_str(), true));
    }

    let out_dir = root.join("testdata").join(problem);
    fs::create_dir_all(&out_dir)
        .map_err(|e| format!("cannot create {}: {e}", out_dir.display()))?;
    let manifest = out_dir.join(GENERATED);
    for old in generated(&out_dir) {
        if !planned.iter().any(|p| p.name == old) {
            for extension in ["in", "out"] {
                let _ = fs::remove_file(out_dir.join(format!("{old}.{extension}")));
            }
            println!("{old}: removed (no longer in {shown})");
        }
    }
    for (name, has_output) in &made {
        let extensions: &[&str] = if *has_output { &["in", "out"] } else { &["in"] };
        for extension in extensions {
            let file = format!("{name}.{extension}");
            move_file(&made_dir.join(&file), &out_dir.join(&file))?;
        }
    }
    let names: Vec<&str> = made.iter().map(|(name, _)| *name).collect();
    fs::write(&manifest, names.join("\n") + "\n")
        .map_err(|e| format!("cannot write {}: {e}", manifest.display()))?;

    let total = folder_size(&out_dir)?;
    println!("made {} cases in testdata/{problem} ({total} bytes in all)", made.len());
    if total > BUDGET_BYTES {
        eprintln!(
            "warning: testdata/{problem} is over the {BUDGET_BYTES}-byte testdata budget; move \
             big cases to the benchmark"
        );
    }
    Ok(())
}

fn yes(checked: bool) -> &'static str {
    if checked {
        "yes"
    } else {
        "no"
    }
}

/// Runs `program ARGS` with stdin from `input` (or nothing) and stdout into `output`; on a
/// failure, says how it ended and its first stderr line.
fn execute(
    program: &Path,
    args: &[String],
    input: Option<&Path>,
    output: &Path,
) -> Result<(), String> {
    let stdin = match input {
        Some(path) => {
            fs::File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?.into()
        }
        None => Stdio::null(),
    };
    let stdout =
        fs::File::create(output).map_err(|e| format!("cannot create {}: {e}", output.display()))?;
    let command: Vec<String> =
        std::iter::once(program.file_name().unwrap_or_default().to_string_lossy().into_owned())
            .chain(args.iter().cloned())
            .collect();
    let result = Command::new(program)
        .args(args)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", command[0]))?;
    if result.status.success() {
        return Ok(());
    }
    let stderr = String::from_utf8_lossy(&result.stderr);
    Err(format!(
        "`{}` failed ({}): {}",
        command.join(" "),
        result.status,
        stderr.lines().next().unwrap_or("no stderr")
    ))
}

fn size(path: &Path) -> u64 {
    fs::metadata(path).map_or(0, |m| m.len())
}

/// The bytes of the files in `dir` (not the disk blocks they take).
fn folder_size(dir: &Path) -> Result<u64, String> {
    let mut total = 0;
    for entry in fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))? {
        let metadata = entry.and_then(|e| e.metadata()).map_err(|e| e.to_string())?;
        if metadata.is_file() {
            total += metadata.len();
        }
    }
    Ok(total)
}

/// Moves `from` to `to`, copying where they are on different file systems.
fn move_file(from: &PathBuf, to: &PathBuf) -> Result<(), String> {
    fs::rename(from, to)
        .or_else(|_| fs::copy(from, to).map(|_| ()))
        .map_err(|e| format!("cannot write {}: {e}", to.display()))
}

#[cfg(test)]
mod tests {
    use super::{parse_list, Planned};

    #[test]
    fn a_list_has_names_checks_and_arguments() {
        let text = "# comment\n\njudge-01! 1 judge\n  big 7 chain 1000 1000\n";
        let planned = parse_list(text, "list").expect("a valid list");
        assert_eq!(
            planned[0],
            Planned {
                name: "judge-01".into(),
                checked: true,
                args: vec!["1".into(), "judge".into()]
            }
        );
        assert_eq!(planned[1].name, "big");
        assert!(!planned[1].checked);
        assert_eq!(planned[1].args, ["7", "chain", "1000", "1000"]);
    }

    #[test]
    fn a_bad_list_names_the_line() {
        assert_eq!(parse_list("# nothing\n", "list").unwrap_err(), "list names no cases");
        assert_eq!(
            parse_list("a 1\na! 2\n", "list").unwrap_err(),
            "list line 2: case \"a\" is named twice"
        );
        assert_eq!(
            parse_list("a\n", "list").unwrap_err(),
            "list line 1: case \"a\" has no generator arguments"
        );
        assert!(parse_list("a/b 1\n", "list")
            .unwrap_err()
            .starts_with("list line 1: expected a case name"));
    }
}
