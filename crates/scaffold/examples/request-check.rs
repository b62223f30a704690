//! `request-check [--numbers] < REQUEST`: reads one raw HTTP request from stdin as the
//! listener reads a connection (with the listener's limits, its port taken as 4244) and, if it
//! is served, the problem its body makes; prints what was read, or one `error: ...` line (the
//! status the listener would answer, and why) and exit status 1.
//!
//! `--numbers` prints only numbers, one a line, and exits 0 for whatever the listener would
//! answer: body bytes, headers, pipelined 0/1, time limit ms, memory limit MB and samples for
//! a problem; `0` for a connection closed before a request; the status for a refusal, whose
//! reason must be one clean line (else the reason is printed, which is no number). A refusal
//! names no place in the input, and the fuzzer wants one in every error line: so the
//! fuzzer's checks here are that every input gets an answer (no panic, no hang) and that
//! every reason is one line; the document's located errors are fuzzed with
//! `payload-check`. To fuzz it (from the workspace's root), with seeds made of the test
//! documents as the extension posts them:
//!
//! ```sh
//! cargo build -p scaffold --example request-check
//! mkdir -p target/fuzz/request-seeds
//! cargo run -q -p scaffold --example request-check -- --write-seeds target/fuzz/request-seeds
//! printf '#!/bin/sh\nexec "%s" --numbers\n' "$PWD/target/debug/examples/request-check" \
//!     > target/fuzz/request-check && chmod +x target/fuzz/request-check
//! python3 /work/shared/tools/fuzz.py target/fuzz/request-check target/fuzz/request-seeds 300 \
//!     --format ts-big-puzzle --out target/fuzz/request
//! ```
//!
//! (`--write-seeds DIR` writes the seeds: every test document in an extension's request,
//! one with another Host, one with a second request after it, one with `Expect`.)

use scaffold::receive::client::{request_to, EXTENSION_ORIGIN};
use scaffold::receive::http::{read_request, Limits};
use scaffold::receive::{Options, Problem};
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::ExitCode;

const PROFILES: &[&str] = &["boj", "algospot", "atcoder", "codeforces", "swea", "programmers"];
const USAGE: &str = "usage: request-check [--numbers] < REQUEST | request-check --write-seeds DIR";

/// Stdin's bytes as a connection: read as they are, then closed; what is written (a
/// `100 Continue`) is dropped.
struct Connection<'a>(&'a [u8]);

impl Read for Connection<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf)
    }
}

impl Write for Connection<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn write_seeds(dir: &Path) -> io::Result<()> {
    let payloads = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/payloads");
    let mut documents = Vec::new();
    for entry in std::fs::read_dir(&payloads)? {
        let path = entry?.path();
        if path.extension().is_some_and(|x| x == "json") {
            documents.push((
                path.file_stem().unwrap_or_default().to_string_lossy().into_owned(),
                std::fs::read(&path)?,
            ));
        }
    }
    documents.sort();
    let origin = Some(EXTENSION_ORIGIN);
    for (name, document) in &documents {
        std::fs::write(
            dir.join(format!("{name}.in")),
            request_to("localhost:4244", origin, document),
        )?;
    }
    let document = &documents.first().ok_or_else(|| io::Error::other("no documents"))?.1;
    let one = request_to("127.0.0.1:4244", origin, document);
    std::fs::write(dir.join("pipelined.in"), [one.clone(), one.clone()].concat())?;
    std::fs::write(dir.join("rebound.in"), request_to("rebound.example:4244", None, document))?;
    let expect = String::from_utf8_lossy(&one).replacen("\r\n", "\r\nExpect: 100-continue\r\n", 1);
    std::fs::write(dir.join("expect.in"), expect.as_bytes())?;
    Ok(())
}

/// A refusal: the error line; with `--numbers`, the status alone if the reason is one clean
/// line, else the reason on stdout (no number: the fuzzer's failure).
fn refused(status: u16, reason: &str, numbers: bool) -> ExitCode {
    if !numbers {
        eprintln!("error: {status} {reason}");
        return ExitCode::FAILURE;
    }
    let clean = !reason.is_empty() && !reason.chars().any(char::is_control);
    if clean {
        println!("{status}");
    } else {
        println!("a reason that is not one clean line: {reason:?}");
    }
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let numbers = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        [] => false,
        ["--numbers"] => true,
        ["--write-seeds", dir] => {
            return match write_seeds(Path::new(dir)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: cannot write the seeds to {dir}: {e}");
                    ExitCode::FAILURE
                }
            };
        }
        _ => {
            eprintln!("error: unknown arguments {args:?}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut input = Vec::new();
    if let Err(e) = io::stdin().lock().read_to_end(&mut input) {
        eprintln!("error: cannot read stdin: {e}");
        return ExitCode::FAILURE;
    }
    let limits = Limits { port: Some(4244), ..Limits::default() };
    let request = match read_request(&mut Connection(&input), &limits) {
        Ok(Some(request)) => request,
        Ok(None) => {
            println!("0");
            return ExitCode::SUCCESS;
        }
        Err(refusal) => return refused(refusal.status, &refusal.reason, numbers),
    };
    let problem = match Problem::from_json(&request.body, &Options::new(PROFILES)) {
        Ok(problem) => problem,
        // The place is the body's, not the input's: it is left out.
        Err(error) => {
            let reason = format!("the document is not a problem: {}", error.message);
            return refused(400, &reason, numbers);
        }
    };
    let text = if numbers {
        format!(
            "{}\n{}\n{}\n{}\n{}\n{}\n",
            request.body.len(),
            request.headers.len(),
            u8::from(request.pipelined),
            problem.time_limit_ms,
            problem.memory_limit_mb,
            problem.samples.len()
        )
    } else {
        format!(
            "target {}\nheaders {}\nbody {} bytes{}\nproblem {} ({}, {} ms, {} MB, {} samples)\n",
            request.target,
            request.headers.len(),
            request.body.len(),
            if request.pipelined { ", another request after it" } else { "" },
            problem.crate_name,
            problem.judge,
            problem.time_limit_ms,
            problem.memory_limit_mb,
            problem.samples.len()
        )
    };
    let _ = io::stdout().lock().write_all(text.as_bytes());
    ExitCode::SUCCESS
}
