//! The listener end to end over loopback: the payloads in `tests/payloads/` posted as the
//! extension posts them, every kind of bad request and document, a stalled client beside a
//! good one, random bytes; after each the listener still serves.

use scaffold::receive::client::{self, parse_response, Response};
use scaffold::receive::{
    Batches, Config, Incomplete, Options, Problem, Receiver, Reply, Request, Server, Sink,
    StopHandle,
};
use std::fs;
use std::io::{ErrorKind, Read, Write};
use std::net::{Ipv4Addr, Shutdown, SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

const PROFILES: &[&str] = &["boj", "algospot", "atcoder", "codeforces", "swea", "programmers"];

/// What the sink saw.
#[derive(Debug, Default)]
struct Log {
    batches: Vec<Vec<Problem>>,
    /// (problems that came, size) of each contest given up on.
    incomplete: Vec<(usize, usize)>,
    rejected: Vec<(u16, String)>,
}

#[derive(Debug, Clone, Default)]
struct Recorder(Arc<Mutex<Log>>);

impl Recorder {
    fn log(&self) -> std::sync::MutexGuard<'_, Log> {
        self.0.lock().expect("no test thread panicked holding the log")
    }
}

impl Sink for Recorder {
    fn problems(&mut self, problems: Vec<Problem>) -> Reply {
        let names: Vec<String> = problems.iter().map(|p| p.crate_name.clone()).collect();
        self.log().batches.push(problems);
        Reply::ok(format!("made {}", names.join(", ")))
    }

    fn incomplete(&mut self, batch: Incomplete<Problem>) {
        self.log().incomplete.push((batch.items.len(), batch.size));
    }

    fn rejected(&mut self, status: u16, reason: &str) {
        self.log().rejected.push((status, reason.to_string()));
    }
}

/// A listener on a free port, serving in its own thread until dropped.
struct Listener {
    addr: SocketAddr,
    stop: StopHandle,
    thread: Option<JoinHandle<()>>,
    sink: Recorder,
}

impl Listener {
    fn start(config: Config) -> Listener {
        Listener::start_with(config, Batches::default())
    }

    fn start_with(config: Config, batches: Batches<Problem>) -> Listener {
        let server = Server::bind_with(0, config).expect("a free port on 127.0.0.1");
        let addr = server.local_addr();
        let stop = server.stop_handle();
        let sink = Recorder::default();
        let receiver = Receiver::with_batches(Options::new(PROFILES), batches, sink.clone());
        let thread = thread::spawn(move || {
            server.serve(receiver);
        });
        Listener { addr, stop, thread: Some(thread), sink }
    }

    /// The listener still serves: a good document gets its 200.
    #[track_caller]
    fn assert_serves(&self) {
        let response = post(self.addr, &payload("codeforces.json"));
        assert_eq!(response.status, 200, "{response:?}");
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.stop.stop();
        if let Some(thread) = self.thread.take() {
            thread.join().expect("the listener's thread ends cleanly");
        }
    }
}

/// Short deadlines, and every refusal reported at once (the tests of folded reports say
/// otherwise).
fn quick() -> Config {
    Config {
        request_timeout: Duration::from_millis(500),
        tick: Duration::from_millis(20),
        report_every: Duration::ZERO,
        ..Config::default()
    }
}

fn payloads() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/payloads")
}

fn payload(name: &str) -> Vec<u8> {
    fs::read(payloads().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// How long a response may take.
const WAIT: Duration = Duration::from_secs(30);

fn exchange(addr: SocketAddr, bytes: &[u8]) -> Response {
    client::exchange(addr, bytes, WAIT)
}

fn request(body: &[u8]) -> Vec<u8> {
    client::request_from(Some(client::EXTENSION_ORIGIN), body)
}

fn post(addr: SocketAddr, body: &[u8]) -> Response {
    client::post(addr, body, WAIT)
}

#[test]
fn listens_on_loopback_only() {
    let server = Server::bind(0).expect("a free port");
    assert_eq!(server.local_addr().ip(), Ipv4Addr::LOCALHOST);
    assert_ne!(server.local_addr().port(), 0);
}

#[test]
fn every_payload_makes_its_problem() {
    let listener = Listener::start(quick());
    // file, crate, judge, time ms, memory MB, kind, samples
    let cases = [
        ("atcoder.json", "abc300-a", "atcoder", 2000, 1024, "standard", 3),
        ("codeforces.json", "cf-4-a", "codeforces", 1000, 64, "standard", 1),
        ("boj.json", "boj-11559", "boj", 1000, 128, "standard", 1),
        ("algospot.json", "boardcover", "algospot", 2000, 64, "standard", 1),
        ("interactive.json", "cf-1167-b", "codeforces", 1000, 256, "interactive", 1),
        ("multi-test.json", "cf-1760-a", "codeforces", 1000, 256, "multi-test", 1),
    ];
    for (file, name, judge, time, memory, kind, samples) in cases {
        let response = post(listener.addr, &payload(file));
        assert_eq!(
            (response.status, response.body.as_str()),
            (200, format!("made {name}\n").as_str()),
            "{file}"
        );
        assert!(
            response.head.contains("Content-Type: text/plain; charset=utf-8"),
            "{}",
            response.head
        );
        let log = listener.sink.log();
        let problem = &log.batches.last().expect("a batch")[0];
        assert_eq!(
            (
                problem.crate_name.as_str(),
                problem.judge.as_str(),
                problem.time_limit_ms,
                problem.memory_limit_mb
            ),
            (name, judge, time, memory),
            "{file}"
        );
        assert_eq!((problem.kind(), problem.samples.len()), (kind, samples), "{file}");
    }
    let log = listener.sink.log();
    let boj = &log.batches[2][0];
    assert_eq!(boj.samples[0].output, "3\n");
    assert_eq!(boj.samples[0].input.lines().count(), 12);
    assert_eq!(boj.title, "Puyo Puyo");
    assert_eq!(log.batches[3][0].title, "게임판 덮기");
    assert_eq!(log.batches[0][0].contest(), Some("AtCoder Beginner Contest 300"));
    assert!(log.rejected.is_empty(), "{:?}", log.rejected);
}

#[test]
fn a_contest_arrives_whole() {
    let listener = Listener::start(quick());
    let letters = ["a", "b", "c", "d", "e", "f", "g"];
    for (i, letter) in letters.iter().enumerate() {
        let response =
            post(listener.addr, &payload(&format!("contest-abc300/abc300-{letter}.json")));
        if i + 1 < letters.len() {
            assert_eq!(response.status, 202, "{response:?}");
            assert_eq!(
                response.body,
                format!("{} of the contest's 7 problems received; waiting for the rest\n", i + 1)
            );
            assert!(listener.sink.log().batches.is_empty());
        } else {
            assert_eq!(response.status, 200, "{response:?}");
        }
    }
    let log = listener.sink.log();
    assert_eq!(log.batches.len(), 1);
    let names: Vec<&str> = log.batches[0].iter().map(|p| p.crate_name.as_str()).collect();
    assert_eq!(
        names,
        ["abc300-a", "abc300-b", "abc300-c", "abc300-d", "abc300-e", "abc300-f", "abc300-g"]
    );
    assert!(log.batches[0].iter().all(|p| p.batch.size == 7 && p.judge == "atcoder"));
}

#[test]
fn a_contest_that_stops_arriving_is_reported() {
    let listener = Listener::start_with(quick(), Batches::new(16, Duration::from_millis(100)));
    for letter in ["a", "b", "c"] {
        let response =
            post(listener.addr, &payload(&format!("contest-abc300/abc300-{letter}.json")));
        assert_eq!(response.status, 202);
    }
    let until = Instant::now() + Duration::from_secs(20);
    while listener.sink.log().incomplete.is_empty() && Instant::now() < until {
        thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(listener.sink.log().incomplete, [(3, 7)]);
    assert!(listener.sink.log().batches.is_empty());
    listener.assert_serves();
}

/// A document like `codeforces.json` with one member's text replaced.
fn edited(key: &str, value: &str) -> Vec<u8> {
    let text = String::from_utf8(payload("codeforces.json")).expect("UTF-8");
    let start = text.find(&format!("\"{key}\": ")).expect("the member") + key.len() + 4;
    let end = start + text[start..].find(",\n").expect("not the last member");
    format!("{}{value}{}", &text[..start], &text[end..]).into_bytes()
}

#[test]
fn bad_documents_get_400_with_the_reason() {
    let listener = Listener::start(quick());
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (b"hello".to_vec(), "the document is not a problem: line 1, column 1: expected a value, found 'h'"),
        (b"{\"name\": \"A\",}".to_vec(), "line 1, column 14: expected a key, found '}'"),
        (b"[]".to_vec(), "line 1, column 1: expected an object, found an array"),
        (
            edited("name", "\"A\",\n    \"url\": \"x\",\n    \"group\": 1")[..].to_vec(),
            "a key occurs twice in this object",
        ),
        (
            String::from_utf8(payload("codeforces.json")).unwrap().replace("\"timeLimit\": 1000,\n", "").into_bytes(),
            "line 1, column 1: missing field timeLimit",
        ),
        (edited("memoryLimit", "\"256 MB\""), "line 6, column 20: memoryLimit: expected a number, found a string"),
        (edited("interactive", "1"), "interactive: expected a boolean, found a number"),
        (
            String::from_utf8(payload("codeforces.json"))
                .unwrap()
                .replace("\"output\": \"YES\\n\"", "\"output\": [\"YES\\n\"]")
                .into_bytes(),
            "line 11, column 23: tests[0].output: expected a string, found an array",
        ),
        (edited("timeLimit", "2"), "timeLimit: 2 ms is not a sane time limit (expected 50 to 600000 ms)"),
        (
            edited("url", "\"https://atcoder.jp/contests/abc300/tasks/..%2Fx\""),
            "url: not a problem's page on atcoder.jp (expected /contests/CONTEST/tasks/TASK)",
        ),
        (
            edited("url", "\"https://codeforces.com/contest/1/problem/a%2Fb\""),
            "url: not a problem's page on codeforces.com",
        ),
        (
            edited("url", "\"https://example.org/p/1\""),
            "cannot tell the judge of https://example.org/p/1 (host example.org): give --judge (boj, algospot, atcoder, codeforces, swea, programmers)",
        ),
        (edited("url", "\"file:///etc/passwd\""), "url: not an http or https URL"),
        (b"{\"name\": \"\xff\"}".to_vec(), "line 1, column 11: not UTF-8, found byte 0xff"),
    ];
    for (body, reason) in &cases {
        let response = post(listener.addr, body);
        assert_eq!(response.status, 400, "{response:?}");
        assert!(response.body.contains(reason), "{:?} lacks {reason:?}", response.body);
        assert_eq!(response.body.lines().count(), 1, "{:?}", response.body);
    }
    assert_eq!(listener.sink.log().rejected.len(), cases.len());
    assert!(listener.sink.log().batches.is_empty());
    listener.assert_serves();
}

#[test]
fn bad_requests_get_their_status() {
    let listener = Listener::start(quick());
    let addr = listener.addr;
    let document = payload("codeforces.json");
    let get = exchange(addr, b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    assert_eq!(get.status, 405);
    assert!(get.head.contains("\r\nAllow: POST"), "{}", get.head);
    assert!(get.body.contains("GET is not served here"), "{}", get.body);
    let put_head = format!("PUT / HTTP/1.1\r\nContent-Length: {}\r\n\r\n", document.len());
    let put = exchange(addr, &[put_head.as_bytes(), &document].concat());
    assert_eq!(put.status, 405);
    assert!(put.head.contains("\r\nAllow: POST"));
    assert_eq!(exchange(addr, b"OPTIONS / HTTP/1.1\r\n\r\n").status, 405);
    let chunked = exchange(
        addr,
        b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
    );
    assert_eq!(chunked.status, 411);
    assert_eq!(exchange(addr, b"POST / HTTP/1.1\r\n\r\n").status, 411);
    let page = exchange(
        addr,
        b"POST / HTTP/1.1\r\nOrigin: https://evil.example\r\nContent-Length: 2\r\n\r\n{}",
    );
    assert_eq!(page.status, 403);
    assert!(page.body.contains("web page"));
    let garbage =
        exchange(addr, b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03 not http at all\r\n\r\n");
    assert_eq!((garbage.status, garbage.body.as_str()), (400, "not an HTTP request\n"));
    listener.assert_serves();
    let log = listener.sink.log();
    let statuses: Vec<u16> = log.rejected.iter().map(|(status, _)| *status).collect();
    assert_eq!(statuses, [405, 405, 405, 411, 411, 403, 400]);
}

#[test]
fn a_body_over_the_limit_is_refused_unread() {
    let listener = Listener::start(quick());
    let mut stream = TcpStream::connect(listener.addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    stream.write_all(b"POST / HTTP/1.1\r\nContent-Length: 5000000\r\n\r\n").unwrap();
    // The start of the body; the listener answers without waiting for the rest.
    let _ = stream.write_all(&vec![b' '; 64 * 1024]);
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let response = parse_response(&response);
    assert_eq!(response.status, 413);
    assert_eq!(response.body, "the body is 5000000 bytes, more than the 4194304 accepted\n");
    listener.assert_serves();
}

#[test]
fn a_body_cut_short_is_refused() {
    let listener = Listener::start(quick());
    let full = request(&payload("codeforces.json"));
    let cut = &full[..full.len() - 100];
    let response = exchange(listener.addr, cut);
    assert_eq!(response.status, 400);
    assert!(response.body.starts_with("the body ended after "), "{}", response.body);
    // A client that closes at once, without reading: the listener answers into the void.
    let mut stream = TcpStream::connect(listener.addr).unwrap();
    stream.write_all(b"POST / HTTP/1.1\r\nContent-Length: 100\r\n\r\n{\"name\"").unwrap();
    drop(stream);
    let until = Instant::now() + Duration::from_secs(20);
    while listener.sink.log().rejected.len() < 2 && Instant::now() < until {
        thread::sleep(Duration::from_millis(10));
    }
    let log = listener.sink.log();
    assert_eq!(log.rejected[1].0, 400);
    assert!(log.rejected[1].1.contains("after 7 of the 100 bytes"), "{:?}", log.rejected);
    drop(log);
    listener.assert_serves();
}

#[test]
fn expect_100_continue_is_answered() {
    let listener = Listener::start(quick());
    let document = payload("codeforces.json");
    let mut stream = TcpStream::connect(listener.addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let head = format!(
        "POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: {}\r\n\r\n",
        document.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    let mut interim = [0u8; 25];
    stream.read_exact(&mut interim).unwrap();
    assert_eq!(&interim, b"HTTP/1.1 100 Continue\r\n\r\n");
    stream.write_all(&document).unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).unwrap();
    assert_eq!(parse_response(&response).status, 200);
}

#[test]
fn a_stalled_client_does_not_stop_a_good_one() {
    // Long enough that the good request is surely served while the stalled one waits.
    let config = Config { request_timeout: Duration::from_secs(2), ..quick() };
    let listener = Listener::start(config);
    let mut stalled = TcpStream::connect(listener.addr).unwrap();
    stalled.write_all(b"POST / HTTP/1.1\r\nContent-Le").unwrap();
    let mut stalled_body = TcpStream::connect(listener.addr).unwrap();
    stalled_body.write_all(b"POST / HTTP/1.1\r\nContent-Length: 50\r\n\r\n{\"na").unwrap();
    listener.assert_serves();
    // Served while both still wait for their deadline: nothing has come back to them yet.
    for stream in [&stalled, &stalled_body] {
        stream.set_nonblocking(true).unwrap();
        let mut byte = [0u8; 1];
        let early = (&*stream).read(&mut byte);
        assert_eq!(early.map_err(|e| e.kind()), Err(ErrorKind::WouldBlock));
        stream.set_nonblocking(false).unwrap();
    }
    for mut stream in [stalled, stalled_body] {
        stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        let response = parse_response(&response);
        assert_eq!(response.status, 408, "{response:?}");
        assert!(
            response.body.starts_with("the request was not complete in time"),
            "{}",
            response.body
        );
    }
    listener.assert_serves();
}

/// Stalled clients that fill every slot hold the listener (503 for the others) only until
/// their deadline.
#[test]
fn stalled_clients_at_the_cap_hold_it_until_their_deadline() {
    let config = Config { max_connections: 2, ..quick() };
    let listener = Listener::start(config);
    let stalled: Vec<TcpStream> = (0..3)
        .map(|_| {
            let mut stream = TcpStream::connect(listener.addr).unwrap();
            stream.write_all(b"POST / HTTP/1.1\r\n").unwrap();
            stream
        })
        .collect();
    let busy = post(listener.addr, &payload("codeforces.json"));
    assert_eq!(busy.status, 503, "{busy:?}");
    thread::sleep(Duration::from_millis(1500));
    listener.assert_serves();
    drop(stalled);
}

/// Random bytes, and requests with random bytes spliced in, over real connections: each gets
/// a well-formed response (or none, if it held no request at all) and the listener serves on.
#[test]
fn random_bytes_over_loopback() {
    let listener = Listener::start(quick());
    let seed: u64 =
        std::env::var("RECEIVE_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x5eed);
    let cases: usize =
        std::env::var("RECEIVE_FUZZ_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(300);
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let good = request(&payload("atcoder.json"));
    let allowed = [200, 400, 403, 405, 408, 411, 413, 417, 431, 505];
    for case in 0..cases {
        let mut bytes: Vec<u8> = if case % 2 == 0 { good.clone() } else { Vec::new() };
        let n = (next() % 64) as usize;
        let at = (next() as usize) % (bytes.len() + 1);
        let noise: Vec<u8> = (0..n)
            .map(|_| match next() % 4 {
                0 => b"\r\n"[(next() % 2) as usize],
                1 => b": /"[(next() % 3) as usize],
                _ => next() as u8,
            })
            .collect();
        bytes.splice(at..at, noise);
        let mut stream = TcpStream::connect(listener.addr).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let _ = stream.write_all(&bytes);
        let _ = stream.shutdown(Shutdown::Write);
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        if response.is_empty() {
            assert!(
                bytes.iter().all(|b| matches!(b, b'\r' | b'\n')),
                "seed {seed} case {case}: no response to {bytes:?}"
            );
            continue;
        }
        let response = parse_response(&response);
        assert!(
            allowed.contains(&response.status),
            "seed {seed} case {case}: {response:?} for {bytes:?}"
        );
    }
    listener.assert_serves();
}

#[test]
fn a_closure_is_a_handler_and_stop_returns_it() {
    let server = Server::bind_with(0, quick()).unwrap();
    let (addr, stop) = (server.local_addr(), server.stop_handle());
    let mut bodies = 0;
    let thread = thread::spawn(move || {
        let _returned = server.serve(move |request: &Request| {
            bodies += 1;
            if request.body == b"panic" {
                panic!("a handler's bug");
            }
            Reply::ok(format!("{bodies} bodies, this one {} bytes", request.body.len()))
        });
    });
    assert_eq!(post(addr, b"{}").body, "1 bodies, this one 2 bytes\n");
    // A handler that panics: the request gets a 500, the listener serves on.
    let response = post(addr, b"panic");
    assert_eq!(response.status, 500);
    assert_eq!(post(addr, b"[]").body, "3 bodies, this one 2 bytes\n");
    stop.stop();
    thread.join().expect("serve returns once stopped");
    assert!(stop.is_stopped());
    assert!(TcpStream::connect(addr).is_err(), "the port is closed once serve returned");
}

#[test]
fn stopped_before_serving_returns_at_once() {
    let server = Server::bind_with(0, quick()).unwrap();
    server.stop_handle().stop();
    let _returned = server.serve(|_: &Request| Reply::ok("never"));
}

/// How many refusals `rejected` stands for: one each, or the count a folded report gives.
fn refusals_reported(rejected: &[(u16, String)]) -> usize {
    rejected
        .iter()
        .map(|(_, reason)| match reason.split_once(" more refused alike in ") {
            Some((count, _)) => count.parse::<usize>().expect("a count"),
            None => 1,
        })
        .sum()
}

/// 150 idle connections and 20 that send a byte a second: a valid POST beside them is served
/// at once (the bound here is generous: the figure is `scripts/bench.sh scaffold`'s), and
/// their 170 refusals (408) are a few lines, not one each.
#[test]
fn idle_and_slow_connections_do_not_stall_a_valid_post() {
    let config = Config {
        request_timeout: Duration::from_secs(2),
        tick: Duration::from_millis(20),
        report_every: Duration::from_secs(1),
        ..Config::default()
    };
    let listener = Listener::start(config);
    let crowd = client::Crowd::open(listener.addr, 150, 20).expect("the listener accepts");
    let start = Instant::now();
    let response = post(listener.addr, &payload("codeforces.json"));
    let took = start.elapsed();
    assert_eq!(response.status, 200, "{response:?}");
    assert!(took < Duration::from_secs(5), "served after {took:?}");
    let until = Instant::now() + Duration::from_secs(30);
    while refusals_reported(&listener.sink.log().rejected) < 170 && Instant::now() < until {
        thread::sleep(Duration::from_millis(20));
    }
    let log = listener.sink.log();
    assert_eq!(refusals_reported(&log.rejected), 170, "{:?}", log.rejected);
    assert!(log.rejected.len() <= 4, "{:?}", log.rejected);
    for (status, reason) in &log.rejected {
        assert_eq!(*status, 408, "{reason}");
        assert!(reason.contains("the request was not complete in time"), "{reason}");
    }
    assert!(log
        .rejected
        .iter()
        .any(|(_, reason)| reason.contains(" more refused alike in 1 s; the last: ")));
    drop(log);
    drop(crowd);
    listener.assert_serves();
}

/// Past the cap of open connections, a connection is answered 503 at once, not kept waiting.
#[test]
fn past_the_cap_a_connection_gets_503_at_once() {
    let config = Config { max_connections: 4, request_timeout: Duration::from_secs(20), ..quick() };
    let listener = Listener::start(config);
    let crowd = client::Crowd::open(listener.addr, 4, 0).expect("the listener accepts");
    // The four idle ones are surely accepted before the fifth comes.
    thread::sleep(Duration::from_millis(200));
    let start = Instant::now();
    let response = client::post(listener.addr, &payload("codeforces.json"), Duration::from_secs(5));
    assert_eq!(response.status, 503, "{response:?} after {:?}", start.elapsed());
    assert!(response.body.contains("too many connections"), "{}", response.body);
    drop(crowd);
}

#[test]
fn only_local_hosts_are_served() {
    let listener = Listener::start(quick());
    let port = listener.addr.port();
    let document = payload("codeforces.json");
    for host in [
        "localhost".to_string(),
        format!("localhost:{port}"),
        format!("LocalHost:{port}"),
        "127.0.0.1".to_string(),
        format!("127.0.0.1:{port}"),
        "[::1]".to_string(),
        format!("[::1]:{port}"),
    ] {
        let response = exchange(listener.addr, &client::request_to(&host, None, &document));
        assert_eq!(response.status, 200, "Host: {host}: {response:?}");
    }
    for host in [
        format!("evil.example:{port}"),
        "evil.example".to_string(),
        format!("localhost:{}", port.wrapping_add(1)),
        format!("localhost.:{port}"),
        format!("127.0.0.2:{port}"),
        format!("localhost.evil.example:{port}"),
        format!("[::2]:{port}"),
        format!("localhost:{port}:{port}"),
        "localhost:".to_string(),
        String::new(),
    ] {
        let response = exchange(listener.addr, &client::request_to(&host, None, &document));
        assert_eq!(response.status, 403, "Host: {host}: {response:?}");
        assert!(response.body.contains("only localhost, 127.0.0.1 and [::1]"), "{}", response.body);
    }
    let log = listener.sink.log();
    assert_eq!(log.batches.len(), 7);
    assert_eq!(log.rejected.len(), 10, "{:?}", log.rejected);
    assert!(log.rejected.iter().all(|(status, _)| *status == 403));
}

/// A document of `file` in the batch `id` of `size`.
fn in_batch(file: &str, id: &str, size: usize) -> Vec<u8> {
    let text = String::from_utf8(payload(file)).expect("UTF-8");
    let start = text.find("\"batch\": ").expect("a batch member");
    let end = start + text[start..].find('}').expect("its end") + 1;
    let batch = format!("\"batch\": {{\"id\": \"{id}\", \"size\": {size}}}");
    format!("{}{batch}{}", &text[..start], &text[end..]).into_bytes()
}

#[test]
fn the_same_problem_twice_in_a_contest_is_made_once() {
    let listener = Listener::start(quick());
    let twice = in_batch("codeforces.json", "twice", 3);
    assert_eq!(post(listener.addr, &twice).status, 202);
    assert_eq!(post(listener.addr, &in_batch("boj.json", "twice", 3)).status, 202);
    let response = post(listener.addr, &twice);
    assert_eq!((response.status, response.body.as_str()), (200, "made cf-4-a, boj-11559\n"));
    // Two different documents with one crate name both go to the sink, which refuses them
    // with the reason (the workspace: "would all be crates/NAME ... none of them was made").
    let renamed = String::from_utf8(in_batch("codeforces.json", "renamed", 2)).unwrap();
    let renamed = renamed.replace("A. Watermelon", "A. Watermelon again").into_bytes();
    assert_eq!(post(listener.addr, &in_batch("codeforces.json", "renamed", 2)).status, 202);
    assert_eq!(post(listener.addr, &renamed).status, 200);
    let log = listener.sink.log();
    let names = |batch: &Vec<Problem>| -> Vec<String> {
        batch.iter().map(|p| format!("{} {}", p.crate_name, p.title)).collect()
    };
    assert_eq!(names(&log.batches[0]), ["cf-4-a A. Watermelon", "boj-11559 Puyo Puyo"]);
    assert_eq!(names(&log.batches[1]), ["cf-4-a A. Watermelon", "cf-4-a A. Watermelon again"]);
}

#[test]
fn a_pipelined_request_is_refused_with_a_line() {
    let listener = Listener::start(quick());
    let one = request(&payload("codeforces.json"));
    // Both at once: the second is in the listener's buffer when the first is answered.
    let response = exchange(listener.addr, &[one.clone(), one.clone()].concat());
    assert_eq!(response.status, 200, "{response:?}");
    // The second after the first's response was read: it comes while the listener closes.
    let mut stream = TcpStream::connect(listener.addr).unwrap();
    stream.set_read_timeout(Some(WAIT)).unwrap();
    stream.write_all(&one).unwrap();
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).unwrap() == 1 {
        head.push(byte[0]);
    }
    assert!(head.starts_with(b"HTTP/1.1 200 "), "{}", String::from_utf8_lossy(&head));
    let _ = stream.write_all(&one);
    let mut rest = Vec::new();
    let _ = stream.read_to_end(&mut rest);
    drop(stream);
    // Blank lines after a body are no request.
    let blank = exchange(listener.addr, &[one.clone(), b"\r\n\r\n".to_vec()].concat());
    assert_eq!(blank.status, 200);
    let until = Instant::now() + Duration::from_secs(20);
    while listener.sink.log().rejected.len() < 2 && Instant::now() < until {
        thread::sleep(Duration::from_millis(10));
    }
    thread::sleep(Duration::from_millis(600));
    let log = listener.sink.log();
    assert_eq!(log.batches.len(), 3);
    assert_eq!(log.rejected.len(), 2, "{:?}", log.rejected);
    for (status, reason) in &log.rejected {
        assert_eq!(*status, 400);
        assert!(reason.contains("a second request on one connection"), "{reason}");
    }
}

/// Refusals of one kind within the period are one line; what was folded when the listener
/// stops is reported then.
#[test]
fn refusals_folded_are_reported_when_the_listener_stops() {
    let listener = Listener::start(Config { report_every: Duration::from_secs(60), ..quick() });
    let sink = listener.sink.clone();
    for _ in 0..3 {
        assert_eq!(exchange(listener.addr, b"GET / HTTP/1.1\r\n\r\n").status, 405);
    }
    assert_eq!(exchange(listener.addr, b"POST / HTTP/1.1\r\n\r\n").status, 411);
    assert_eq!(sink.log().rejected.len(), 2, "{:?}", sink.log().rejected);
    drop(listener);
    let rejected = sink.log().rejected.clone();
    assert_eq!(rejected.len(), 3, "{rejected:?}");
    assert_eq!(
        rejected[2],
        (405, "2 more refused alike in 60 s; the last: GET is not served here: POST a problem's document (what Competitive Companion sends)".to_string())
    );
}
