//! The whole `main` of a problem's helper binaries: the generator (`P-gen`), the checker for
//! problems with many correct answers (`P-check`) and the interactor (`P-interactor`). Each turns a
//! bad command line or an unreadable file into one `error:` line and exit status 1.

use std::io::{ErrorKind, Write};
use std::process::ExitCode;

use judge_io::{Error, Output, StreamInput};

use judge_meta::protocol::{checker_verdict_line, one_line};
use judge_meta::CheckFn;

/// The whole `main` of a generator binary: `generate` gets the command-line arguments (without
/// the program name) and returns the input file's bytes, which go to stdout; an error becomes
/// one `error: ...` line on stderr and exit status 1. A reader that stops early (`P-gen ... |
/// head`) ends the generator quietly, with status 0.
pub fn generator_main<F>(generate: F) -> ExitCode
where
    F: FnOnce(&[String]) -> Result<Vec<u8>, String>,
{
    let args: Vec<String> = std::env::args().skip(1).collect();
    let bytes = match generate(&args) {
        Ok(bytes) => bytes,
        Err(message) => return fail(&message),
    };
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(&bytes).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => fail(&format!("cannot write output: {e}")),
    }
}

/// The whole `main` of a checker binary `<problem>-check INPUT EXPECTED FOUND`: reads the three
/// files and prints `AC` or `WA <reason>` on stdout, exit status 0 either way; a bad command
/// line or an unreadable file is one `error:` line on stderr and exit status 1.
pub fn checker_main(check: CheckFn) -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 3 {
        return fail("usage: CHECKER INPUT EXPECTED FOUND (three files)");
    }
    let mut files = Vec::new();
    for path in &args {
        match std::fs::read(path) {
            Ok(bytes) => files.push(bytes),
            Err(e) => return fail(&format!("cannot read {path}: {e}")),
        }
    }
    println!("{}", checker_verdict_line(&check(&files[0], &files[1], &files[2])));
    ExitCode::SUCCESS
}

/// The whole `main` of an interactor binary, `<problem>-interactor CASE.in`: its stdin is the
/// solver's stdout and its stdout the solver's stdin. `interactor` gets the case file's bytes, the
/// solver's output as it arrives and a writer to the solver (which it must flush before each
/// read, as the solver does); it returns `Ok` to accept and `Err(why)` to reject.
///
/// Exit status 0 accepts; 1 rejects, with one line on stderr saying why (the error as it
/// displays, such as `line 3, column 3: guess 11 is outside 1..=10`). A bad command line or an
/// unreadable case file is one `error:` line and status 1 too. The same `interactor` plays in
/// process through [`interact`](crate::interact) and
/// [`InteractiveStress`](crate::InteractiveStress).
pub fn interactor_main<F>(interactor: F) -> ExitCode
where
    F: FnOnce(
        &[u8],
        &mut StreamInput<std::io::StdinLock<'static>>,
        &mut Output<std::io::StdoutLock<'static>>,
    ) -> Result<(), Error>,
{
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = match args.as_slice() {
        [path] => path,
        _ => return fail("usage: INTERACTOR CASE.in (its stdin and stdout are the solver's)"),
    };
    let case = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) => return fail(&format!("cannot read {path}: {e}")),
    };
    let mut from_solver = StreamInput::new(std::io::stdin().lock());
    let mut to_solver = Output::new(std::io::stdout().lock());
    let verdict = interactor(&case, &mut from_solver, &mut to_solver);
    // The solver may be gone already; what it did not read changes nothing.
    let _ = to_solver.flush();
    match verdict {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("{}", one_line(&why.to_string()));
            ExitCode::FAILURE
        }
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("error: {}", one_line(message));
    ExitCode::FAILURE
}
