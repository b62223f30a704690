//! `payload-check [--judge J] [--name NAME] [--numbers] < DOCUMENT.json`: reads one
//! Competitive Companion document from stdin and prints the problem the workspace would make
//! of it (crate, judge, limits, kind, samples), or one `error: ...` line and exit status 1.
//!
//! `--numbers` prints only numbers, one a line (time limit ms, memory limit MB, samples,
//! interactive 0/1, multi-test 0/1, batch size): the output the workspace's fuzzer accepts
//! from a run that succeeds (integer lines). The fuzzer runs a binary without arguments and
//! needs a format name, so (from the workspace's root):
//!
//! ```sh
//! cargo build -p scaffold --example payload-check
//! mkdir -p target/fuzz/payload-seeds
//! for f in crates/scaffold/tests/payloads/*.json crates/scaffold/tests/payloads/*/*.json; do
//!     cp "$f" "target/fuzz/payload-seeds/$(basename "$f" .json).in"; done
//! printf '#!/bin/sh\nexec "%s" --numbers\n' "$PWD/target/debug/examples/payload-check" \
//!     > target/fuzz/payload-check && chmod +x target/fuzz/payload-check
//! python3 /work/shared/tools/fuzz.py target/fuzz/payload-check target/fuzz/payload-seeds 300 \
//!     --format ts-big-puzzle --out target/fuzz/payload
//! ```
//!
//! (`ts-big-puzzle` only picks the fuzzer's extra alphabet and generators; it is the format
//! whose successful runs may print any number of integer lines.)

use scaffold::receive::{Input, Options, Output, Problem};
use std::io::{self, Read, Write};
use std::process::ExitCode;

const PROFILES: &[&str] = &["boj", "algospot", "atcoder", "codeforces", "swea", "programmers"];
const USAGE: &str = "usage: payload-check [--judge J] [--name NAME] [--numbers] < DOCUMENT.json";

struct Args {
    judge: Option<String>,
    name: Option<String>,
    numbers: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args { judge: None, name: None, numbers: false };
    let mut rest = std::env::args().skip(1);
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--numbers" => args.numbers = true,
            "--judge" => args.judge = Some(rest.next().ok_or("--judge needs a profile")?),
            "--name" => args.name = Some(rest.next().ok_or("--name needs a crate name")?),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(args)
}

fn describe(problem: &Problem) -> String {
    let input = match &problem.input {
        Input::Stdin => "stdin".to_string(),
        Input::File(name) => format!("file {name}"),
        Input::Regex(pattern) => format!("the file matching {pattern}"),
    };
    let output = match &problem.output {
        Output::Stdout => "stdout".to_string(),
        Output::File(name) => format!("file {name}"),
    };
    let kind = match problem.test_type {
        scaffold::receive::TestType::Single => problem.kind().to_string(),
        other => format!("{} ({})", problem.kind(), other.as_str()),
    };
    format!(
        "crate    {}\njudge    {}\ntitle    {}\ngroup    {}\nurl      {}\nkind     {kind}\n\
         limits   {} ms, {} MB\nsamples  {}\nio       {input} -> {output}\nbatch    {} problem(s), id {}\n",
        problem.crate_name,
        problem.judge,
        problem.title.escape_debug(),
        problem.group.escape_debug(),
        problem.url,
        problem.time_limit_ms,
        problem.memory_limit_mb,
        problem.samples.len(),
        problem.batch.size,
        problem.batch.id.escape_debug(),
    )
}

fn numbers(problem: &Problem) -> String {
    format!(
        "{}\n{}\n{}\n{}\n{}\n{}\n",
        problem.time_limit_ms,
        problem.memory_limit_mb,
        problem.samples.len(),
        u8::from(problem.interactive),
        u8::from(problem.is_multi_test()),
        problem.batch.size
    )
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(why) => {
            eprintln!("error: {why}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut document = Vec::new();
    if let Err(e) = io::stdin().lock().read_to_end(&mut document) {
        eprintln!("error: cannot read stdin: {e}");
        return ExitCode::FAILURE;
    }
    let options =
        Options { profiles: PROFILES, judge: args.judge.as_deref(), name: args.name.as_deref() };
    match Problem::from_json(&document, &options) {
        Ok(problem) => {
            let text = if args.numbers { numbers(&problem) } else { describe(&problem) };
            // A closed stdout (`| head`) is no error of the document's.
            let _ = io::stdout().lock().write_all(text.as_bytes());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
