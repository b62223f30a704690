//! The helper binaries' mains as binaries run them: this test re-executes itself as a
//! generator, a checker, an interactor and an interactive solver (the role in `MAINS_ROLE`,
//! so the command line is the main's own), and plays the last two against each other through
//! real pipes, as `scripts/test.sh` runs `P` against `P-interactor`.

use std::io::Read;
use std::process::{Command, ExitCode, Output as ProcessOutput, Stdio};

use judge_test::guess::{guess, interactor, search};
use judge_test::{checker_main, generator_main, interactor_main, run_binary};

fn main() -> ExitCode {
    match std::env::var(ROLE).as_deref() {
        Ok("gen") => return generator_main(generate),
        Ok("check") => {
            return checker_main(|_, expected, found| {
                if expected.trim_ascii() == found.trim_ascii() {
                    Ok(())
                } else {
                    Err("not\nequal".to_string())
                }
            })
        }
        Ok("interactor") => return interactor_main(interactor),
        Ok("solver") => return judge_io::run_stream(guess),
        Ok("wrong-solver") => return judge_io::run_stream(|input, out| search(input, out, true)),
        Ok("rude-solver") => {
            return judge_io::run_stream(|input, out| {
                let _n: u64 = input.int()?;
                out.str("guess 1").newline();
                Ok(())
            })
        }
        _ => {}
    }
    a_generator_writes_its_bytes_or_one_error_line();
    a_generator_piped_into_head_ends_quietly();
    a_checker_answers_ac_or_wa_on_one_line();
    an_interactor_accepts_with_status_0();
    an_interactor_rejects_with_status_1_and_one_line();
    an_interactor_needs_one_readable_case_file();
    println!("mains: all passed");
    ExitCode::SUCCESS
}

/// The variable that names the role this binary plays.
const ROLE: &str = "MAINS_ROLE";

/// `big`: 4 MiB of lines; `small`: one line; anything else: an error.
fn generate(args: &[String]) -> Result<Vec<u8>, String> {
    match args.first().map(String::as_str) {
        Some("big") => Ok(b"0123456789abcdef\n".repeat(1 << 18)),
        Some("small") => Ok(b"3\n1 2 3\n".to_vec()),
        other => Err(format!("unknown mode {other:?}")),
    }
}

fn me() -> String {
    std::env::current_exe().expect("the test's own path").display().to_string()
}

/// This binary in `role` with `args`, `input` on stdin.
fn run_as(role: &str, args: &[&str], input: &[u8]) -> ProcessOutput {
    std::env::set_var(ROLE, role);
    let output = run_binary(&me(), args, input);
    std::env::remove_var(ROLE);
    output
}

#[track_caller]
fn assert_one_error_line(output: &ProcessOutput, starts: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "stderr: {stderr}");
    assert!(stderr.starts_with(starts) && stderr.lines().count() == 1, "{stderr:?}");
}

fn a_generator_writes_its_bytes_or_one_error_line() {
    let output = run_as("gen", &["small"], b"");
    assert!(output.status.success());
    assert_eq!(output.stdout, b"3\n1 2 3\n");
    assert_one_error_line(&run_as("gen", &["nope"], b""), "error: unknown mode");
}

fn a_generator_piped_into_head_ends_quietly() {
    let mut child = Command::new(me())
        .env(ROLE, "gen")
        .arg("big")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the generator starts");
    let mut head = [0u8; 17];
    child.stdout.take().expect("piped").read_exact(&mut head).expect("a first line");
    // The read end is closed now, with most of the 4 MiB unwritten.
    let output = child.wait_with_output().expect("the generator ends");
    assert_eq!(&head, b"0123456789abcdef\n");
    assert!(output.status.success(), "status {}", output.status);
    assert_eq!(String::from_utf8_lossy(&output.stderr), "", "no error on a closed stdout");
}

fn a_checker_answers_ac_or_wa_on_one_line() {
    let dir = std::env::temp_dir().join(format!("judge-test-mains-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).expect("writing a file");
        path.display().to_string()
    };
    let (input, seven, eight) = (file("in", "1\n"), file("seven", "7\n"), file("eight", "8\n"));
    let run = |expected: &str, found: &str| run_as("check", &[&input, expected, found], b"");
    assert_eq!(run(&seven, &seven).stdout, b"AC\n");
    let wa = run(&seven, &eight);
    assert!(wa.status.success());
    assert_eq!(String::from_utf8_lossy(&wa.stdout), "WA not equal\n");
    assert_one_error_line(&run(&seven, "/nonexistent"), "error: cannot read /nonexistent");
    assert_one_error_line(&run_as("check", &[&input], b""), "error: usage:");
    std::fs::remove_dir_all(&dir).expect("cleaning up");
}

/// Runs the interactor on `case` against this binary as `solver`, each one's stdout the
/// other's stdin, as `scripts/test.sh` does: the interactor's outcome.
fn play(case: &str, solver: &str) -> ProcessOutput {
    let dir = std::env::temp_dir().join(format!("judge-test-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let case_path = dir.join("case.in");
    std::fs::write(&case_path, case).expect("writing the case");
    let (from_solver, solver_stdout) = std::io::pipe().expect("a pipe");
    let (solver_stdin, to_solver) = std::io::pipe().expect("a pipe");
    let mut solver = Command::new(me())
        .env(ROLE, solver)
        .stdin(solver_stdin)
        .stdout(solver_stdout)
        .stderr(Stdio::null())
        .spawn()
        .expect("the solver starts");
    let interactor = Command::new(me())
        .env(ROLE, "interactor")
        .arg(&case_path)
        .stdin(from_solver)
        .stdout(to_solver)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the interactor starts");
    let output = interactor.wait_with_output().expect("the interactor ends");
    let _ = solver.kill();
    solver.wait().expect("the solver ends");
    std::fs::remove_dir_all(&dir).expect("cleaning up");
    output
}

fn an_interactor_accepts_with_status_0() {
    for hidden in [1, 2, 3] {
        let output = play(&format!("3 {hidden}\n"), "solver");
        assert!(output.status.success(), "x={hidden}: {}", String::from_utf8_lossy(&output.stderr));
        assert!(output.stderr.is_empty());
    }
}

fn an_interactor_rejects_with_status_1_and_one_line() {
    let output = play("3 3\n", "wrong-solver");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "more than 2 guesses\n");
    let output = play("100 1\n", "rude-solver");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "line 1, column 1: expected ?\n");
}

fn an_interactor_needs_one_readable_case_file() {
    assert_one_error_line(&run_as("interactor", &[], b""), "error: usage:");
    assert_one_error_line(
        &run_as("interactor", &["/nonexistent"], b""),
        "error: cannot read /nonexistent",
    );
}
