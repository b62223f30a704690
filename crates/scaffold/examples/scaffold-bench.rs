//! How fast the listener answers a valid POST, alone and beside 150 idle connections and 20
//! that send a byte a second (what stalled it for 48 s before it stopped waiting for slots),
//! how many lines their refusals make, and how fast a connection past the cap gets its 503.
//! The listener is the real one (default [`Config`], the real [`Receiver`]) on a free port of
//! 127.0.0.1, with a sink that makes no files. Figures, not pass/fail.
//!
//! Run: `scripts/bench.sh scaffold`, or `cargo run --release -p scaffold --example
//! scaffold-bench -- [--posts N]` (N posts per figure, default 30).

use scaffold::receive::client::{self, Crowd};
use scaffold::receive::{
    Config, Incomplete, Options, Problem, Receiver, Reply, Server, Sink, StopHandle,
};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

const PROFILES: &[&str] = &["boj", "algospot", "atcoder", "codeforces", "swea", "programmers"];
const IDLE: usize = 150;
const SLOW: usize = 20;

/// Counts what it is given and makes nothing.
#[derive(Clone, Default)]
struct Counter(Arc<Mutex<Vec<(u16, String)>>>);

impl Sink for Counter {
    fn problems(&mut self, problems: Vec<Problem>) -> Reply {
        Reply::ok(format!("{} problems", problems.len()))
    }
    fn incomplete(&mut self, _: Incomplete<Problem>) {}
    fn rejected(&mut self, status: u16, reason: &str) {
        self.0.lock().expect("the log").push((status, reason.to_string()));
    }
}

struct Listening {
    addr: std::net::SocketAddr,
    stop: StopHandle,
    thread: Option<JoinHandle<()>>,
    rejected: Counter,
}

impl Listening {
    fn start(config: Config) -> Listening {
        let server = Server::bind_with(0, config).expect("a free port on 127.0.0.1");
        let (addr, stop) = (server.local_addr(), server.stop_handle());
        let rejected = Counter::default();
        let receiver = Receiver::new(Options::new(PROFILES), rejected.clone());
        let thread = Some(thread::spawn(move || {
            server.serve(receiver);
        }));
        Listening { addr, stop, thread, rejected }
    }
}

impl Drop for Listening {
    fn drop(&mut self) {
        self.stop.stop();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// `posts` POSTs of `document` one after another: each one's time in ms, and its status.
fn posts(addr: std::net::SocketAddr, document: &[u8], posts: usize) -> Vec<(f64, u16)> {
    (0..posts)
        .map(|_| {
            let start = Instant::now();
            let response = client::post(addr, document, Duration::from_secs(60));
            (start.elapsed().as_secs_f64() * 1000.0, response.status)
        })
        .collect()
}

/// `median m ms, max x ms (N posts, statuses)`.
fn summary(times: &[(f64, u16)]) -> String {
    let mut ms: Vec<f64> = times.iter().map(|(ms, _)| *ms).collect();
    ms.sort_by(f64::total_cmp);
    let mut statuses: Vec<u16> = times.iter().map(|(_, status)| *status).collect();
    statuses.dedup();
    let statuses: Vec<String> = statuses.iter().map(u16::to_string).collect();
    format!(
        "median {:.2} ms, max {:.2} ms ({} posts, status {})",
        ms[ms.len() / 2],
        ms[ms.len() - 1],
        ms.len(),
        statuses.join("/")
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count = match args.iter().position(|a| a == "--posts") {
        Some(i) => match args.get(i + 1).and_then(|n| n.parse::<usize>().ok()) {
            Some(n) if n > 0 => n,
            _ => {
                eprintln!("error: --posts needs a positive integer");
                std::process::exit(2);
            }
        },
        None => 30,
    };
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/payloads/codeforces.json");
    let document = std::fs::read(&path).expect("the Codeforces document");
    let config = Config::default();
    println!(
        "-- the listener on 127.0.0.1 (default config: {} connections, {} s per request)",
        config.max_connections,
        config.request_timeout.as_secs_f64()
    );

    let listening = Listening::start(config);
    let alone = summary(&posts(listening.addr, &document, count));
    println!("   {:<48} {alone}", "a valid POST alone:");
    let crowd = Crowd::open(listening.addr, IDLE, SLOW).expect("the listener accepts");
    let opened = Instant::now();
    let beside = posts(listening.addr, &document, count);
    let within = opened.elapsed();
    let label = format!("beside {IDLE} idle and {SLOW} slow (a byte a second):");
    println!(
        "   {label:<48} {}, within {:.2} s of their opening",
        summary(&beside),
        within.as_secs_f64()
    );
    // Every one of them has met its deadline (and the half second the listener lingers).
    thread::sleep(
        (config.request_timeout + Duration::from_secs(1)).saturating_sub(opened.elapsed()),
    );
    drop(crowd);
    let lines = listening.rejected.0.lock().expect("the log").len();
    let label = format!("their {} refusals (408):", IDLE + SLOW);
    println!("   {label:<48} {lines} line(s) so far, the rest counted for one line a minute");
    drop(listening);

    let listening = Listening::start(config);
    let full =
        Crowd::open(listening.addr, config.max_connections, 0).expect("the listener accepts");
    thread::sleep(Duration::from_millis(200));
    let label = format!("past the cap ({} idle open):", config.max_connections);
    println!("   {label:<48} {}", summary(&posts(listening.addr, &document, count)));
    drop(full);
}
