//! The testdata runner: every `testdata/<problem>/*.in` through the release binary and through
//! the bundle compiled by the judge's compiler, compared with its `.out`.
//!
//! The bundle is compiled as the problem's judge profile says: by Debian's rustc 1.63 where the
//! judge runs an old rustc, by the workspace's rustc with the judge's edition where it runs a
//! newer one. Outputs are compared by the problem's checker (`checker` in its metadata).
//! Per case it prints the verdict (AC; WA with the first differing token and its place; RE with
//! the exit status or signal; TLE or MLE against the judge's limits), the CPU time and the peak
//! memory, both read from the child's resource usage. It ends with
//! `testdata: N passed, N failed`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::meta::CheckerSpec;
use crate::{bundle, meta};

/// A run is killed after this many times the time limit, so a hang cannot stall the suite.
const HARD_LIMIT_FACTOR: u32 = 5;

/// Runs the testdata of `problems` (already checked to be problem crates); true if every case
/// passed.
pub fn run(root: &Path, problems: &[String]) -> Result<bool, String> {
    let target = target_dir(root);
    let mut tally = Tally::default();
    for problem in problems {
        run_problem(root, &target, problem, &mut tally)?;
    }
    println!("testdata: {} passed, {} failed", tally.passed, tally.failed);
    Ok(tally.failed == 0)
}

#[derive(Default)]
struct Tally {
    passed: usize,
    failed: usize,
}

fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

fn run_problem(root: &Path, target: &Path, problem: &str, tally: &mut Tally) -> Result<(), String> {
    let meta = meta::read(root, problem)?;
    let cases = list_cases(&root.join("testdata").join(problem))?;
    let release = target.join("release").join(problem);
    if !release.is_file() {
        return Err(format!("{} is missing: run `cargo build --release` first", release.display()));
    }
    let checker_binary = target.join("release").join(format!("{problem}-check"));
    if matches!(meta.checker, CheckerSpec::Binary) && !checker_binary.is_file() {
        return Err(format!(
            "{problem} names checker = \"binary\" but {} is missing (src/bin/{problem}-check.rs)",
            checker_binary.display()
        ));
    }
    let bundle = compile_bundle(root, target, problem, &meta);
    println!(
        "== {problem}: {} cases, {} limits {} ms / {} MB, checker {}, bundle: {}",
        cases.len(),
        meta.judge,
        meta.time_limit_ms,
        meta.memory_limit_mb,
        match meta.checker {
            CheckerSpec::Builtin(checker) => format!("{checker:?}").to_lowercase(),
            CheckerSpec::Binary => format!("{problem}-check"),
        },
        match &bundle {
            Ok(_) => format!("{}, `{}`", meta.profile.stand_in(), meta.rustc_flags.join(" ")),
            Err(_) => "COMPILE ERROR".to_string(),
        }
    );
    if !meta.profile.accepts_rust {
        println!(
            "   ({} does not accept Rust: the bundle is checked as one file anyway)",
            meta.judge
        );
    }
    if let Err(message) = &bundle {
        for line in message.lines().take(30) {
            println!("   | {line}");
        }
    }
    for case in &cases {
        let expected = fs::read(case.with_extension("out"))
            .map_err(|e| format!("{}: no matching .out: {e}", case.display()))?;
        let name = case.file_stem().expect("a case has a name").to_string_lossy();
        let variants: [(&str, Result<&Path, &String>); 2] =
            [("release", Ok(&release)), ("bundle", bundle.as_ref().map(PathBuf::as_path))];
        for (variant, program) in variants {
            let verdict = match program {
                Ok(program) => judge(program, case, &expected, &meta, &checker_binary),
                Err(_) => Verdict::failed("CE", "the bundle did not compile"),
            };
            println!(
                "{:<4} {problem} {name:<28} {variant:<8} {:>8} {:>9}  {}",
                verdict.code, verdict.time, verdict.memory, verdict.detail
            );
            if verdict.code == "AC" {
                tally.passed += 1;
            } else {
                tally.failed += 1;
            }
        }
    }
    Ok(())
}

/// The `.in` files of a testdata folder, sorted by name.
fn list_cases(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
    let mut cases = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|ext| ext == "in") {
            cases.push(path);
        }
    }
    cases.sort();
    if cases.is_empty() {
        return Err(format!("{} holds no .in files", dir.display()));
    }
    Ok(cases)
}

/// Bundles `problem` and compiles it as its judge does; the executable, or the reason why not.
fn compile_bundle(
    root: &Path,
    target: &Path,
    problem: &str,
    meta: &meta::JudgeMeta,
) -> Result<PathBuf, String> {
    let dir = target.join("bundles").join(problem);
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let source = bundle::bundle(root, problem)?;
    let source_path = dir.join("Main.rs");
    fs::write(&source_path, source)
        .map_err(|e| format!("cannot write {}: {e}", source_path.display()))?;
    let executable = dir.join("Main");
    let rustc = meta.profile.rustc_program();
    let output = Command::new(rustc)
        .args(&meta.rustc_flags)
        .arg("-o")
        .arg(&executable)
        .arg(&source_path)
        .output()
        .map_err(|e| format!("cannot run {rustc}: {e}"))?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).into_owned());
    }
    Ok(executable)
}

struct Verdict {
    code: &'static str,
    time: String,
    memory: String,
    detail: String,
}

impl Verdict {
    fn failed(code: &'static str, detail: &str) -> Verdict {
        Verdict { code, time: "-".into(), memory: "-".into(), detail: detail.into() }
    }
}

/// Runs `program` on one case and judges it.
fn judge(
    program: &Path,
    input: &Path,
    expected: &[u8],
    meta: &meta::JudgeMeta,
    checker_binary: &Path,
) -> Verdict {
    let hard_limit = Duration::from_millis(meta.time_limit_ms) * HARD_LIMIT_FACTOR;
    let run = match child::run(program, input, hard_limit) {
        Ok(run) => run,
        Err(e) => return Verdict::failed("RE", &e),
    };
    let time = format!("{:.3} s", run.cpu.as_secs_f64());
    let memory = run
        .peak_kib
        .map_or_else(|| "?".to_string(), |kib| format!("{:.1} MB", kib as f64 / 1024.0));
    let (code, detail) = if run.killed {
        ("TLE", format!("killed after {} s", hard_limit.as_secs_f64()))
    } else if run.cpu > Duration::from_millis(meta.time_limit_ms) {
        ("TLE", format!("over {} ms", meta.time_limit_ms))
    } else if !run.success {
        let stderr = String::from_utf8_lossy(&run.stderr);
        ("RE", format!("{}; {}", run.status, stderr.lines().next().unwrap_or("no stderr")))
    } else if run.peak_kib.is_some_and(|kib| kib > meta.memory_limit_mb * 1024) {
        ("MLE", format!("over {} MB", meta.memory_limit_mb))
    } else {
        match check(meta.checker, checker_binary, input, expected, &run.stdout) {
            Ok(()) => ("AC", String::new()),
            Err(why) => ("WA", why),
        }
    };
    Verdict { code, time, memory, detail }
}

/// Compares a run's output with the expected one by the problem's checker.
fn check(
    checker: CheckerSpec,
    checker_binary: &Path,
    input: &Path,
    expected: &[u8],
    found: &[u8],
) -> Result<(), String> {
    match checker {
        CheckerSpec::Builtin(checker) => {
            let input =
                fs::read(input).map_err(|e| format!("cannot read {}: {e}", input.display()))?;
            checker.check(&input, expected, found)
        }
        CheckerSpec::Binary => {
            let dir = std::env::temp_dir();
            let expected_path = dir.join(format!("xtask-{}-expected", std::process::id()));
            let found_path = dir.join(format!("xtask-{}-found", std::process::id()));
            fs::write(&expected_path, expected).map_err(|e| e.to_string())?;
            fs::write(&found_path, found).map_err(|e| e.to_string())?;
            let output = Command::new(checker_binary)
                .arg(input)
                .arg(&expected_path)
                .arg(&found_path)
                .output()
                .map_err(|e| format!("cannot run {}: {e}", checker_binary.display()))?;
            let _ = fs::remove_file(expected_path);
            let _ = fs::remove_file(found_path);
            let stdout = String::from_utf8_lossy(&output.stdout);
            let verdict = stdout.lines().next().unwrap_or("");
            match verdict.split_once(' ').map_or((verdict, ""), |(v, why)| (v, why)) {
                ("AC", _) if output.status.success() => Ok(()),
                ("WA", why) if output.status.success() => Err(why.to_string()),
                _ => Err(format!(
                    "the checker failed ({}): {}",
                    output.status,
                    String::from_utf8_lossy(&output.stderr).lines().next().unwrap_or("no output")
                )),
            }
        }
    }
}

/// Running a child with its resource usage (CPU time, peak memory) read at reaping.
mod child {
    use std::fs::{self, File};
    use std::path::{Path, PathBuf};
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    pub struct Run {
        pub success: bool,
        pub status: String,
        pub killed: bool,
        pub cpu: Duration,
        pub peak_kib: Option<u64>,
        pub stdout: Vec<u8>,
        pub stderr: Vec<u8>,
    }

    /// Runs `program` with stdin from `input`; kills it once `hard_limit` of wall time passes.
    pub fn run(program: &Path, input: &Path, hard_limit: Duration) -> Result<Run, String> {
        let stdin =
            File::open(input).map_err(|e| format!("cannot open {}: {e}", input.display()))?;
        // Output goes to files, not pipes, so a chatty child can never block on a full pipe.
        let out_path = scratch_path("stdout");
        let err_path = scratch_path("stderr");
        let stdout = File::create(&out_path).map_err(|e| e.to_string())?;
        let stderr = File::create(&err_path).map_err(|e| e.to_string())?;
        let child = Command::new(program)
            .stdin(Stdio::from(stdin))
            .stdout(Stdio::from(stdout))
            .stderr(Stdio::from(stderr))
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", program.display()))?;
        let started = Instant::now();
        let mut killed = false;
        let mut pause = Duration::from_micros(50);
        let usage = loop {
            if let Some(usage) = sys::try_reap(child.id())? {
                break usage;
            }
            if !killed && started.elapsed() > hard_limit {
                sys::kill_now(child.id());
                killed = true;
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(5));
        };
        let read = |path: &Path| {
            fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
        };
        let run = Run {
            success: usage.exit_code == Some(0),
            status: match (usage.exit_code, usage.signal) {
                (Some(code), _) => format!("exit status {code}"),
                (None, Some(signal)) => format!("killed by signal {signal}"),
                (None, None) => "unknown status".to_string(),
            },
            killed,
            cpu: usage.cpu,
            peak_kib: usage.peak_kib,
            stdout: read(&out_path)?,
            stderr: read(&err_path)?,
        };
        let _ = fs::remove_file(out_path);
        let _ = fs::remove_file(err_path);
        Ok(run)
    }

    fn scratch_path(stream: &str) -> PathBuf {
        std::env::temp_dir().join(format!("xtask-{}-{stream}", std::process::id()))
    }

    pub struct Usage {
        pub exit_code: Option<i32>,
        pub signal: Option<i32>,
        pub cpu: Duration,
        pub peak_kib: Option<u64>,
    }

    #[cfg(not(target_os = "linux"))]
    compile_error!("the testdata runner reads a child's resource usage through Linux's wait4");

    /// `wait4(2)` and `kill(2)` from the C library std already links: std can wait for a child
    /// but cannot report its resource usage.
    #[cfg(target_os = "linux")]
    mod sys {
        use super::Usage;
        use std::time::Duration;

        #[repr(C)]
        struct Timeval {
            seconds: i64,
            micros: i64,
        }

        /// `struct rusage` on 64-bit Linux: two timevals, then 14 longs (`ru_maxrss` first).
        #[repr(C)]
        struct Rusage {
            user: Timeval,
            system: Timeval,
            max_rss_kib: i64,
            rest: [i64; 13],
        }

        const WNOHANG: i32 = 1;
        const SIGKILL: i32 = 9;

        extern "C" {
            fn wait4(pid: i32, status: *mut i32, options: i32, usage: *mut Rusage) -> i32;
            fn kill(pid: i32, signal: i32) -> i32;
        }

        /// The child's usage if it has ended (reaping it), `None` while it runs.
        pub fn try_reap(pid: u32) -> Result<Option<Usage>, String> {
            let mut status = 0;
            let mut usage = Rusage {
                user: Timeval { seconds: 0, micros: 0 },
                system: Timeval { seconds: 0, micros: 0 },
                max_rss_kib: 0,
                rest: [0; 13],
            };
            // SAFETY: both pointers are to live, properly laid out locals for the call's duration.
            let reaped = unsafe { wait4(pid as i32, &mut status, WNOHANG, &mut usage) };
            match reaped {
                0 => Ok(None),
                r if r < 0 => Err(format!("wait4 failed: {}", std::io::Error::last_os_error())),
                _ => {
                    let micros = |t: &Timeval| t.seconds as u64 * 1_000_000 + t.micros as u64;
                    let exited = status & 0x7f == 0;
                    Ok(Some(Usage {
                        exit_code: exited.then_some((status >> 8) & 0xff),
                        signal: (!exited).then_some(status & 0x7f),
                        cpu: Duration::from_micros(micros(&usage.user) + micros(&usage.system)),
                        peak_kib: Some(usage.max_rss_kib as u64),
                    }))
                }
            }
        }

        pub fn kill_now(pid: u32) {
            // SAFETY: kill(2) takes plain integers; a stale pid is at worst an ESRCH error.
            unsafe {
                kill(pid as i32, SIGKILL);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::check;
    use crate::meta::CheckerSpec;
    use judge_test::Checker;
    use std::path::Path;

    #[test]
    fn builtin_checkers_name_the_token() {
        let input = Path::new("/dev/null");
        assert_eq!(
            check(CheckerSpec::Builtin(Checker::Exact), input, input, b"1 2\n", b"1 2\n"),
            Ok(())
        );
        assert_eq!(
            check(CheckerSpec::Builtin(Checker::Exact), input, input, b"1 2\n", b"1 3\n"),
            Err("line 1, column 3: expected \"2\", found \"3\"".to_string())
        );
    }

    #[test]
    fn a_checker_binary_gets_three_files_and_gives_the_verdict() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("xtask-checker-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let script = dir.join("demo-check");
        // Accepts any output whose first line equals the input's first line.
        std::fs::write(
            &script,
            "#!/bin/sh\nif [ \"$(head -1 \"$1\")\" = \"$(head -1 \"$3\")\" ]; then echo AC; \
             else echo \"WA line 1: not the input's first line\"; fi\n",
        )
        .expect("write script");
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        let input = dir.join("case.in");
        std::fs::write(&input, "7\n").expect("write input");
        assert_eq!(check(CheckerSpec::Binary, &script, &input, b"anything\n", b"7\n"), Ok(()));
        assert_eq!(
            check(CheckerSpec::Binary, &script, &input, b"7\n", b"8\n"),
            Err("line 1: not the input's first line".to_string())
        );
        let missing = dir.join("missing-check");
        assert!(check(CheckerSpec::Binary, &missing, &input, b"7\n", b"7\n")
            .unwrap_err()
            .contains("cannot run"));
        let _ = std::fs::remove_dir_all(dir);
    }
}
