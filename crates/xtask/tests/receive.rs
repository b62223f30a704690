//! `xtask receive` (behind `scripts/receive.sh`) and `xtask new --from` end to end: the real
//! listener, started on a free port of 127.0.0.1 in the fixture workspace (shared with
//! `tests/new.rs`), gets the extension's documents from a test client over loopback:
//!
//! - one problem of each judge (AtCoder, Codeforces, BOJ, Algospot), an interactive one, a
//!   multi-test one, a contest of seven (received whole), and one whose title holds what
//!   could break a manifest or a comment; each becomes a crate, and a problem clicked again
//!   leaves its crate as it is and reports the samples it lacks;
//! - bad requests (not JSON, a missing field, a body over 4 MB, a URL that would name a
//!   crate outside crates/, a method other than POST, a web page's request, a judge no profile
//!   knows, two problems of a contest with one name, a connection that stalls): each is
//!   answered with its status and is one `error:` line on the terminal, nothing is made, and
//!   the listener keeps serving; the same problem twice in a contest is made once (here it
//!   exists: left as it is); a taken port is an error that suggests another;
//! - `new.sh --from` makes a kept document's crate, adds the samples a crate lacks when asked,
//!   and refuses a bad name, file or document;
//! - then every crate made passes fmt and clippy, and `xtask testdata --quick` runs its
//!   samples (a solution written into one of them gets AC; the others' sample solutions
//!   reject the page's input with a located error).

mod fixture;

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use scaffold::receive::client::{self, parse_response, Response};

use fixture::{cargo, failed, read, snapshot, succeeded, workspace_root, xtask, xtask_command};

/// The crates the test makes (removed first, left afterwards for a look).
const MADE: &[&str] = &[
    "cf-4-a",
    "boj-11559",
    "boardcover",
    "cf-1167-b",
    "cf-1760-a",
    "abc300-a",
    "abc300-b",
    "abc300-c",
    "abc300-d",
    "abc300-e",
    "abc300-f",
    "abc300-g",
    "cf-1-a",
    "kept-page",
];

fn payload(name: &str) -> String {
    read(&workspace_root().join("crates/scaffold/tests/payloads").join(name))
}

/// The Codeforces document with `from` replaced by `to` in its text.
fn edited(from: &str, to: &str) -> String {
    let document = payload("codeforces.json");
    assert!(document.contains(from), "{from}");
    document.replacen(from, to, 1)
}

/// A running `xtask receive`: its port, and what it has said so far, line by line.
struct Receiving {
    child: Child,
    addr: SocketAddr,
    out: Arc<Mutex<Vec<String>>>,
    err: Arc<Mutex<Vec<String>>>,
}

impl Receiving {
    fn start(root: &Path) -> Receiving {
        let mut child = xtask_command(root, &["receive", "--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("xtask receive starts");
        let lines = |stream: Box<dyn Read + Send>| {
            let lines = Arc::new(Mutex::new(Vec::new()));
            let collected = Arc::clone(&lines);
            thread::spawn(move || {
                for line in BufReader::new(stream).lines() {
                    let Ok(line) = line else { break };
                    collected.lock().expect("the lines").push(line);
                }
            });
            lines
        };
        let out = lines(Box::new(child.stdout.take().expect("piped")));
        let err = lines(Box::new(child.stderr.take().expect("piped")));
        let mut receiving =
            Receiving { child, addr: "127.0.0.1:1".parse().expect("an address"), out, err };
        let first = receiving.wait_for_out("receive: listening on 127.0.0.1:");
        let port = first
            .split("127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|port| port.parse::<u16>().ok())
            .unwrap_or_else(|| panic!("no port in {first:?}"));
        receiving.addr = SocketAddr::from(([127, 0, 0, 1], port));
        receiving
    }

    fn out(&self) -> Vec<String> {
        self.out.lock().expect("the lines").clone()
    }

    fn errors(&self) -> Vec<String> {
        self.err.lock().expect("the lines").clone()
    }

    /// The first line of stdout holding `text`, once it is there.
    #[track_caller]
    fn wait_for_out(&self, text: &str) -> String {
        wait_for(&self.out, text, || self.dump())
    }

    /// Waits for the `count`-th error line and returns it.
    #[track_caller]
    fn wait_for_error(&self, count: usize) -> String {
        let until = Instant::now() + Duration::from_secs(60);
        loop {
            let errors = self.errors();
            if errors.len() >= count {
                return errors[count - 1].clone();
            }
            assert!(Instant::now() < until, "no error line {count}:\n{}", self.dump());
            thread::sleep(Duration::from_millis(20));
        }
    }

    fn dump(&self) -> String {
        format!("--- stdout\n{}\n--- stderr\n{}", self.out().join("\n"), self.errors().join("\n"))
    }
}

#[track_caller]
fn wait_for(lines: &Mutex<Vec<String>>, text: &str, dump: impl Fn() -> String) -> String {
    let until = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(line) = lines.lock().expect("the lines").iter().find(|l| l.contains(text)) {
            return line.clone();
        }
        assert!(Instant::now() < until, "nothing says {text:?}:\n{}", dump());
        thread::sleep(Duration::from_millis(20));
    }
}

impl Drop for Receiving {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How long a response may take (a contest's crates are made before the last reply).
const WAIT: Duration = Duration::from_secs(60);

fn exchange(addr: SocketAddr, bytes: &[u8]) -> Response {
    let mut response = client::exchange(addr, bytes, WAIT);
    response.body = response.body.trim_end().to_string();
    response
}

fn request_from(origin: Option<&str>, body: &str) -> Vec<u8> {
    client::request_from(origin, body.as_bytes())
}

/// The extension's Origin.
const EXTENSION: Option<&str> = Some(client::EXTENSION_ORIGIN);

fn post(addr: SocketAddr, body: &str) -> Response {
    exchange(addr, &request_from(EXTENSION, body))
}

/// How many `*.in` files `dir` holds (not in its subfolders: an interactive problem's
/// `page/` records).
fn count_inputs(dir: &Path) -> usize {
    fs::read_dir(dir)
        .expect("a testdata folder")
        .filter(|e| e.as_ref().is_ok_and(|e| e.path().extension().is_some_and(|x| x == "in")))
        .count()
}

/// A solution of Codeforces 4A, "Watermelon", written over the sample one.
const WATERMELON: &str = "//! cf-4-a: A. Watermelon: YES when w splits into two even parts.

use std::io::Write;

use judge_io::{input, Error, Output, Scanner};

pub fn parse(input: &[u8]) -> Result<u32, Error> {
    let mut sc = Scanner::new(input);
    input! { from sc, w: u32 in 1..=100 }
    sc.expect_end()?;
    Ok(w)
}

// Rust 1.87's is_multiple_of: Codeforces runs 1.89, the crate's rust-version, by which
// clippy asks for it.
pub fn solve(w: u32) -> bool {
    w.is_multiple_of(2) && w > 2
}

pub fn render<W: Write>(answer: bool, out: &mut Output<W>) {
    out.str(if answer { \"YES\" } else { \"NO\" }).newline();
}

pub fn run<W: Write>(input: &[u8], out: &mut Output<W>) -> Result<(), Error> {
    render(solve(parse(input)?), out);
    Ok(())
}
";

#[test]
fn problems_from_the_page_become_crates_that_pass_every_check() {
    let fixture = fixture::fixture(MADE);
    let root = fixture.root.as_path();
    let _ = fs::remove_dir_all(root.join("target/received"));
    let receiving = Receiving::start(root);
    let addr = receiving.addr;

    // One problem per judge, an interactive one, a multi-test one.
    for (file, name) in [
        ("codeforces.json", "cf-4-a"),
        ("boj.json", "boj-11559"),
        ("algospot.json", "boardcover"),
        ("interactive.json", "cf-1167-b"),
        ("multi-test.json", "cf-1760-a"),
    ] {
        let response = post(addr, &payload(file));
        assert_eq!((response.status, response.body), (200, format!("made {name}")));
        assert!(root.join("crates").join(name).join("src/lib.rs").is_file(), "{name}");
    }
    let manifest = read(&root.join("crates/cf-1760-a/Cargo.toml"));
    for line in ["profile = \"codeforces\"\n", "time-limit-ms = 1000\n", "multi-test = true\n"] {
        assert!(manifest.contains(line), "{manifest}");
    }
    assert!(manifest.contains("memory-limit-mb = 256\n"), "{manifest}");
    assert!(read(&root.join("crates/cf-4-a/Cargo.toml")).contains("\nchecker = \"yes-no\"\n"));
    assert_eq!(read(&root.join("testdata/boj-11559/sample-1.out")), "3\n");
    assert!(root.join("crates/cf-1167-b/src/interactor.rs").is_file());
    assert_eq!(read(&root.join("testdata/cf-1167-b/page/sample-1.in")), "16\n64\n345\n672\n");
    receiving.wait_for_out(
        "next: write crates/cf-1760-a/src/lib.rs, then scripts/test.sh --quick cf-1760-a",
    );

    // A contest of seven arrives whole.
    let letters = ["a", "b", "c", "d", "e", "f", "g"];
    for (k, letter) in letters.iter().enumerate() {
        let response = post(addr, &payload(&format!("contest-abc300/abc300-{letter}.json")));
        if k + 1 < letters.len() {
            assert_eq!(response.status, 202, "{response:?}");
            assert!(!root.join(format!("crates/abc300-{letter}")).exists());
        } else {
            let names: Vec<String> = letters.iter().map(|l| format!("abc300-{l}")).collect();
            assert_eq!(
                (response.status, response.body),
                (200, format!("made {}", names.join(", ")))
            );
        }
    }
    receiving.wait_for_out("abc300-f: 6 of the contest's 7 problems; waiting for the rest");
    receiving.wait_for_out("made 7 of the 7 problems: abc300-a, abc300-b, abc300-c, abc300-d");
    receiving.wait_for_out("then abc300-b to abc300-g alike");
    assert_eq!(read(&root.join("testdata/abc300-d/sample-2.out")), "2817785\n");

    // Whatever a title holds stays inside the manifest's string and the comment.
    let nasty =
        r#"A \"q\" \\ \n*/ ]]\n[package]\nname = \"x\" \u0000\u001b[31m \u202e \u2028 \"\"\""#;
    let document = edited("\"A. Watermelon\"", &format!("\"{nasty}\""))
        .replace("problemset/problem/4/A", "contest/1/problem/A");
    assert_eq!(post(addr, &document).status, 200);
    let shown = r#"A "q" \ */ ]] [package] name = "x" \u{0}\u{1b}[31m \u{202e} """"#;
    let manifest = read(&root.join("crates/cf-1-a/Cargo.toml"));
    let escaped = shown.replace('\\', "\\\\").replace('"', "\\\"");
    assert!(manifest.contains(&format!("\ndescription = \"{escaped}\"\n")), "{manifest}");
    let lib = read(&root.join("crates/cf-1-a/src/lib.rs"));
    let doc = format!("//! cf-1-a: {shown}, https://codeforces.com/contest/1/problem/A. TODO: ");
    assert!(lib.starts_with(&doc), "{lib}");

    // A problem clicked again: its crate stays as it is; the samples it lacks are reported.
    let before = snapshot(&root.join("crates/abc300-a"));
    let response = post(addr, &payload("atcoder.json"));
    let left = "made nothing; 1 existing left as they were";
    assert_eq!((response.status, response.body.as_str()), (409, left));
    receiving.wait_for_out("crates/abc300-a exists: its code is left as it is");
    receiving.wait_for_out("samples 2, 3 are not in testdata/abc300-a/");
    assert_eq!(before, snapshot(&root.join("crates/abc300-a")));
    assert!(receiving.errors().is_empty(), "{}", receiving.dump());

    // Bad requests: their status, one error line each, nothing made, still serving.
    let duplicate = |k: usize| {
        edited("\"size\": 1", "\"size\": 2")
            .replace("3f1c2b9e-8d47-4c1a-b6f0-2e9d7a5c4b13", "twice")
            .replace("problemset/problem/4/A", "contest/2/problem/A")
            .replace("A. Watermelon", &format!("A. Watermelon {k}"))
    };
    // The same problem twice in a contest (a page that lists it twice): made once; here it
    // exists, so left as it is (409), where two different ones with one name are refused.
    let boj = payload("boj.json").replace("9b6e4d21-5c3a-4f8e-a1d7-0c2b8e6f3a95", "boj-twice");
    let size = boj.find("\"size\": 1").expect("a batch of one");
    let boj_twice = format!("{}\"size\": 2{}", &boj[..size], &boj[size + 9..]);
    let crates_before = fs::read_dir(root.join("crates")).expect("lists").count();
    let big = format!("POST / HTTP/1.1\r\nContent-Length: {}\r\n\r\n{{", 5 << 20);
    let leaving = edited("problemset/problem/4/A", "contest/4/problem/..%2F..%2Fx");
    let unknown = edited("codeforces.com/problemset/problem/4/A", "example.org/problems/page");
    let requests: Vec<(&str, Vec<u8>, u16, &str)> = vec![
        ("not JSON", request_from(None, "{\"name\": \"A\""), 400, "is not a problem: line 1"),
        (
            "a missing field",
            request_from(None, &edited("\"tests\"", "\"tasks\"")),
            400,
            "missing field tests",
        ),
        ("over 4 MB", big.into_bytes(), 413, "the body is 5242880 bytes, more than the 4194304"),
        (
            "a URL leaving crates/",
            request_from(None, &leaving),
            400,
            "not a problem's page on codeforces.com",
        ),
        ("not POST", b"GET / HTTP/1.1\r\n\r\n".to_vec(), 405, "GET is not served here"),
        (
            "a web page",
            request_from(Some("https://example.org"), &payload("codeforces.json")),
            403,
            "a web page's request is refused",
        ),
        (
            "an unknown judge",
            request_from(EXTENSION, &unknown),
            400,
            "cannot tell the judge of https://example.org/problems/page (host example.org)",
        ),
        ("a contest's first problem", request_from(EXTENSION, &duplicate(1)), 202, ""),
        (
            "the same name again",
            request_from(EXTENSION, &duplicate(2)),
            500,
            "2 problems of this contest would all be crates/cf-2-a",
        ),
        ("a contest's problem", request_from(EXTENSION, &boj_twice), 202, ""),
        ("the same problem again", request_from(EXTENSION, &boj_twice), 409, ""),
    ];
    let mut lines = 0;
    for (what, request, status, error) in requests {
        let response = exchange(addr, &request);
        assert_eq!(response.status, status, "{what}: {response:?}");
        if !error.is_empty() {
            lines += 1;
            let line = receiving.wait_for_error(lines);
            assert!(line.starts_with("error: ") && line.contains(error), "{what}: {line}");
        }
        if what == "the same name again" {
            lines += 1;
            let line = receiving.wait_for_error(lines);
            assert!(line.contains("crates/cf-2-a"), "{what}: {line}");
        }
        // Still serving: a problem whose crate exists is answered at once.
        assert_eq!(post(addr, &payload("boj.json")).status, 409, "after {what}");
    }
    assert_eq!(fs::read_dir(root.join("crates")).expect("lists").count(), crates_before);
    assert!(root.join("target/received/cf-2-a-1.json").is_file());
    let errors = receiving.errors();
    let unknown = errors.iter().find(|l| l.contains("host example.org")).expect("said");
    let kept = unknown
        .split("; the document is kept: scripts/new.sh --from ")
        .nth(1)
        .and_then(|rest| rest.strip_suffix(" --judge PROFILE makes it"))
        .unwrap_or_else(|| panic!("the kept document's command: {unknown}"))
        .to_string();
    assert_eq!(kept, "target/received/refused-2.json", "the one with a missing field is not kept");
    let leaving = errors.iter().find(|l| l.contains("on codeforces.com")).expect("said");
    let command = "scripts/new.sh NAME --from target/received/refused.json makes it";
    assert!(leaving.ends_with(command), "{leaving}");

    // A client that stalls mid-request holds up nobody (its 408 is checked at the end).
    let mut stalled = TcpStream::connect(addr).expect("the listener accepts");
    stalled.write_all(b"POST / HTTP/1.1\r\nContent-Length: 100\r\n\r\n{").expect("sent");
    assert_eq!(post(addr, &payload("boj.json")).status, 409, "beside a stalled client");

    // A port that is taken: an error line that suggests another and the extension's setting.
    let port = addr.port().to_string();
    let taken = xtask(root, &["receive", "--port", &port]);
    let stderr = String::from_utf8_lossy(&taken.stderr);
    assert_eq!(taken.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with(&format!("error: port {port} is taken")), "{stderr}");
    assert!(stderr.contains("receive.sh --port ") && stderr.contains("Custom ports"), "{stderr}");

    // new.sh --from: the kept document, named and judged; samples added when asked; refusals.
    let made = |args: &[&str]| succeeded(&format!("xtask {args:?}"), &xtask(root, args));
    let kept = root.join(kept);
    let kept = kept.to_str().expect("a UTF-8 path");
    let out = made(&["new", "kept-page", "--from", kept, "--judge", "boj"]);
    assert!(out.contains("created crates/kept-page/"), "{out}");
    assert!(out.contains("next: write crates/kept-page/src/lib.rs, then scripts/test.sh"), "{out}");
    let atcoder = workspace_root().join("crates/scaffold/tests/payloads/atcoder.json");
    let atcoder = atcoder.to_str().expect("a UTF-8 path");
    let out = made(&["new", "--from", atcoder, "--add-samples"]);
    let added = "added testdata/abc300-a/sample-2.in, testdata/abc300-a/sample-2.out, \
                 testdata/abc300-a/sample-3.in, testdata/abc300-a/sample-3.out";
    assert!(out.contains(added), "{out}");
    assert_eq!(read(&root.join("testdata/abc300-a/sample-3.out")), "5\n");
    let mutated = root.join("target/received/mutated.json");
    let time_limit = payload("boj.json").replace("\"timeLimit\": 1000", "\"timeLimit\": \"1 s\"");
    fs::write(&mutated, time_limit).expect("written");
    let huge = root.join("target/received/huge.json");
    fs::write(&huge, vec![b' '; 5 << 20]).expect("written");
    let (mutated, huge) = (mutated.to_str().expect("UTF-8"), huge.to_str().expect("UTF-8"));
    for (args, status, error) in [
        (vec!["new", "../x", "--from", atcoder], 2, "\"../x\" is not a crate name: a crate is one"),
        (vec!["new", "--from", "nothing.json"], 1, "nothing.json: cannot read it: "),
        (vec!["new", "--from", mutated], 1, "line 7, column 18: timeLimit: expected a number"),
        (vec!["new", "--from", huge], 1, "over 4 MB: not a problem's document"),
        (vec!["new", "--from", atcoder, "--time-limit", "1000"], 2, "--time-limit does not apply"),
    ] {
        let output = xtask(root, &args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(status), "{args:?}: {stderr}");
        let first = stderr.lines().next().unwrap_or("");
        assert!(first.starts_with("error: ") && first.contains(error), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), if status == 2 { 2 } else { 1 }, "{args:?}: {stderr}");
    }
    assert!(!root.join("crates/x").exists() && !root.join("x").exists());

    // Every crate made passes fmt and clippy and runs its samples; a solution written gets AC.
    fs::write(root.join("crates/cf-4-a/src/lib.rs"), WATERMELON).expect("a solution");
    let mut packages = Vec::new();
    for name in MADE {
        packages.extend(["-p", name]);
    }
    succeeded("cargo fmt --check", &cargo(root, &[&["fmt", "--check"], &packages[..]].concat()));
    let clippy = [&["clippy", "-q", "--all-targets"], &packages[..], &["--", "-D", "warnings"]];
    succeeded("cargo clippy", &cargo(root, &clippy.concat()));
    let output = xtask(root, &[&["testdata", "--quick"], MADE].concat());
    let out = failed("the sample solutions on the pages' samples", &output);
    // A verdict line starts `VERDICT PROBLEM CASE` (the problem column padded).
    let verdict = |words: [&str; 3]| {
        out.lines().any(|line| line.split_whitespace().take(3).eq(words.iter().copied()))
    };
    assert!(verdict(["AC", "cf-4-a", "sample-1"]), "{out}");
    assert!(
        verdict(["AC", "cf-1167-b", "sample-1"]),
        "the interactive sample plays its game:\n{out}"
    );
    assert!(verdict(["RE", "boj-11559", "sample-1"]), "{out}");
    let located = "error: n, line 1, column 1: expected a non-negative integer, found \"......\"";
    assert!(out.contains(located), "{out}");
    let mut samples = 0;
    for name in MADE {
        let inputs = count_inputs(&root.join("testdata").join(name));
        let verdicts = out
            .lines()
            .filter(|l| l.get(5..).is_some_and(|l| l.starts_with(&format!("{name} "))))
            .count();
        assert_eq!(verdicts, inputs, "{name}: a verdict per sample:\n{out}");
        samples += inputs;
    }
    assert!(out.contains(&format!("testdata: 2 passed, {} failed", samples - 2)), "{out}");

    // The stalled client's 408, long since: one error line, as for every refusal.
    stalled.set_read_timeout(Some(Duration::from_secs(30))).expect("a timeout");
    let mut response = Vec::new();
    let _ = stalled.read_to_end(&mut response);
    assert_eq!(parse_response(&response).status, 408);
    lines += 1;
    let line = receiving.wait_for_error(lines);
    assert!(line.starts_with("error: refused a request (408)"), "{}", receiving.dump());
    let errors = receiving.errors();
    assert_eq!(errors.len(), lines, "one error line per refusal:\n{}", errors.join("\n"));
}

#[test]
fn bad_arguments_are_a_usage_line_and_status_2() {
    let root = &PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("receive-bad-arguments");
    fs::create_dir_all(root).expect("a folder");
    for (args, reason) in [
        (&["--port"][..], "--port needs a value"),
        (&["--port", "65536"], "--port needs a port number in 0..=65535"),
        (&["--judge", "uva"], "unknown judge profile \"uva\""),
        (&["--add-samples", "--add-samples"], "--add-samples is given twice"),
        (&["--verbose"], "unknown option --verbose"),
        (&["crates"], "unexpected argument \"crates\""),
    ] {
        let output = xtask(root, &[&["receive"], args].concat());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 2, "{args:?}: {stderr}");
        assert!(lines[0].starts_with("error: ") && lines[0].contains(reason), "{args:?}: {stderr}");
        assert!(lines[1].starts_with("usage: scripts/receive.sh [--port N]"), "{stderr}");
    }
    let help = succeeded("receive --help", &xtask(root, &["receive", "--help"]));
    assert!(help.contains("Custom ports") && help.contains("default 4244"), "{help}");
}
