//! The listener: a small HTTP/1.1 server on 127.0.0.1 only, for Competitive Companion's
//! POSTs. Each connection is one request ([`http::read_request`]) read by its own thread
//! under one deadline for the whole request, so a client that stalls or trickles costs one
//! thread until it times out (408) and never delays another. The accepting thread never
//! waits: past [`Config::max_connections`] open connections, a new one is answered 503 at
//! once. A valid request goes to the [`Handler`], one at a time (it may make files without
//! locking of its own); its [`Reply`] is the response. Every refusal is answered, and
//! reported to the handler at most once per kind (status) per [`Config::report_every`], the
//! rest as one line with their count; a second request on one connection is not served and
//! is reported too. The listener keeps serving until its [`StopHandle`] stops it.

use super::http::{self, Limits, Refusal, Reply, Request};
use std::io::{self, ErrorKind, Read, Write};
use std::net::{Ipv4Addr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// The port the listener takes unless told otherwise: 4244, Hightail's port in Competitive
/// Companion's list of default ports (1327 cpbooster, 4244 Hightail, 6174 Mind Sport, 10042
/// acmX, 10043 Caide, 10045 CP Editor, 27121 Competitive Programming Helper; 4243 is CHelper's
/// own protocol). A port on that list needs no setting in the extension: it posts every
/// problem to each of them. Hightail, a desktop tester last released years ago, is the tool on
/// the list least likely to be running beside this one; the ports of the tools in use today
/// (CP Editor, cph and its many imitators on 27121, 10043, 10045) are the ones to avoid. If
/// the port is taken, `--port N` and N added to the extension's "Custom ports" do it.
pub const DEFAULT_PORT: u16 = 4244;

/// How the listener treats connections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    /// What a request may be.
    pub limits: Limits,
    /// The time a connection has to deliver its whole request (and to take the response).
    pub request_timeout: Duration,
    /// How many connections are open at once (a thread each); one more is answered 503.
    pub max_connections: usize,
    /// How often [`Handler::tick`] runs.
    pub tick: Duration,
    /// A kind of refusal (its status) is reported to [`Handler::refused`] at most once in
    /// this time: the first at once, the others when it has passed, as one refusal that
    /// counts them. Zero: each at once.
    pub report_every: Duration,
}

impl Default for Config {
    /// 2 s per request (the extension's whole request takes milliseconds, and gives up after
    /// 500 ms), 256 connections at once (a thread each, most of their stacks never touched),
    /// a tick a second, a report per kind of refusal a minute.
    fn default() -> Config {
        Config {
            limits: Limits::default(),
            request_timeout: Duration::from_secs(2),
            max_connections: 256,
            tick: Duration::from_secs(1),
            report_every: Duration::from_secs(60),
        }
    }
}

/// How many connections refused with 503 may linger at once (each a thread for at most half
/// a second, so that the peer reads the 503 before the close); past it they are closed at
/// once.
const MAX_LINGERING_REFUSALS: usize = 32;

/// What the listener serves requests with. Calls never overlap: the listener holds a lock
/// around each.
pub trait Handler: Send {
    /// A valid `POST` with its body: the reply is the response.
    fn request(&mut self, request: &Request) -> Reply;

    /// Called every [`Config::tick`] while serving (to give up on contests that stopped
    /// arriving).
    fn tick(&mut self, now: Instant) {
        let _ = now;
    }

    /// A request refused before it reached [`Handler::request`] (for the log); it has been
    /// answered with this status and reason.
    fn refused(&mut self, refusal: &Refusal) {
        let _ = refusal;
    }
}

impl<F: FnMut(&Request) -> Reply + Send> Handler for F {
    fn request(&mut self, request: &Request) -> Reply {
        self(request)
    }
}

/// Stops a serving [`Server`] from any thread (the handler's included).
#[derive(Debug, Clone)]
pub struct StopHandle {
    shared: Arc<Shared>,
}

#[derive(Debug)]
struct Shared {
    stopped: Mutex<bool>,
    wake: Condvar,
    addr: SocketAddr,
}

impl StopHandle {
    /// Makes [`Server::serve`] return: it accepts no more connections, lets the ones being
    /// served finish (each within its deadline), and returns the handler.
    pub fn stop(&self) {
        *lock(&self.shared.stopped) = true;
        self.shared.wake.notify_all();
        // Wake the accepting thread with a connection of our own; it sees the flag and ends.
        let _ = TcpStream::connect_timeout(&self.shared.addr, Duration::from_secs(1));
    }

    /// Whether [`StopHandle::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        *lock(&self.shared.stopped)
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // A handler that panicked has been answered for (500); its state is still the handler's.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A bound listening socket, ready to serve.
#[derive(Debug)]
pub struct Server {
    listener: TcpListener,
    config: Config,
    stop: StopHandle,
}

impl Server {
    /// Listens on `127.0.0.1:port` (0: a free port, see [`Server::local_addr`]) with the
    /// default [`Config`].
    ///
    /// # Errors
    /// The port is taken (`AddrInUse`), or not allowed.
    pub fn bind(port: u16) -> io::Result<Server> {
        Server::bind_with(port, Config::default())
    }

    /// Listens on `127.0.0.1:port`, and no other interface: only programs on this machine
    /// can post. A `Host` header may name the port listened on, or none.
    pub fn bind_with(port: u16, mut config: Config) -> io::Result<Server> {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port))?;
        let addr = listener.local_addr()?;
        config.limits.port = Some(addr.port());
        let shared = Shared { stopped: Mutex::new(false), wake: Condvar::new(), addr };
        Ok(Server { listener, config, stop: StopHandle { shared: Arc::new(shared) } })
    }

    /// The address listened on (`127.0.0.1:4244`).
    pub fn local_addr(&self) -> SocketAddr {
        self.stop.shared.addr
    }

    /// A handle that stops [`Server::serve`].
    pub fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    /// Serves until stopped, then returns the handler.
    pub fn serve<H: Handler>(self, handler: H) -> H {
        let handler = Mutex::new(handler);
        let reports = Mutex::new(Reports::new(self.config.report_every));
        let open = Slots::new(self.config.max_connections);
        let lingering = Slots::new(MAX_LINGERING_REFUSALS);
        thread::scope(|scope| {
            scope.spawn(|| self.tick_until_stopped(&handler, &reports));
            for stream in self.listener.incoming() {
                if self.stop.is_stopped() {
                    break;
                }
                let stream = match stream {
                    Ok(stream) => stream,
                    Err(_) => {
                        // Out of descriptors, or a connection reset before it was accepted:
                        // nothing to answer; breathe instead of spinning.
                        thread::sleep(Duration::from_millis(10));
                        continue;
                    }
                };
                let Some(slot) = open.try_take() else {
                    // Never waits: the handler's lock may be held for seconds, so the
                    // refusal is reported later, by the ticking thread.
                    let refusal = refuse_busy(&stream, open.max);
                    lock(&reports).report_later(refusal, Instant::now());
                    if let Some(slot) = lingering.try_take() {
                        let _ = thread::Builder::new()
                            .name("receive-refused".to_string())
                            .spawn_scoped(scope, move || {
                                let _slot = slot;
                                let _ = stream.set_nonblocking(false);
                                linger(&stream);
                            });
                    }
                    continue;
                };
                let (handler, reports, config) = (&handler, &reports, &self.config);
                let spawned = thread::Builder::new()
                    .name("receive-connection".to_string())
                    .spawn_scoped(scope, move || {
                        let _slot = slot;
                        serve_connection(stream, handler, reports, config);
                    });
                // Without a thread the connection is dropped (closed) and its slot with it.
                drop(spawned);
            }
        });
        // What was still folded is reported before the handler is given back.
        let far_future = Instant::now() + self.config.report_every + Duration::from_secs(1);
        let mut handler = handler.into_inner().unwrap_or_else(PoisonError::into_inner);
        let due = lock(&reports).due(far_future);
        let _ = panic::catch_unwind(AssertUnwindSafe(|| {
            for refusal in &due {
                handler.refused(refusal);
            }
        }));
        handler
    }

    fn tick_until_stopped<H: Handler>(&self, handler: &Mutex<H>, reports: &Mutex<Reports>) {
        let shared = &self.stop.shared;
        loop {
            let stopped = lock(&shared.stopped);
            let (stopped, _) = shared
                .wake
                .wait_timeout_while(stopped, self.config.tick, |stopped| !*stopped)
                .unwrap_or_else(PoisonError::into_inner);
            if *stopped {
                return;
            }
            drop(stopped);
            let due = lock(reports).due(Instant::now());
            let mut handler = lock(handler);
            let _ = panic::catch_unwind(AssertUnwindSafe(|| {
                for refusal in &due {
                    handler.refused(refusal);
                }
                handler.tick(Instant::now());
            }));
        }
    }
}

/// Answers a connection past the cap with 503, without waiting: the socket is fresh, so its
/// send buffer takes the few bytes at once (a write that would block is given up).
fn refuse_busy(stream: &TcpStream, max: usize) -> Refusal {
    let refusal = Refusal {
        status: 503,
        reason: format!("too many connections are open ({max}): try again in a moment"),
    };
    let _ = stream.set_nonblocking(true);
    let _ = http::write_response(&mut &*stream, refusal.status, &refusal.reason);
    refusal
}

/// Refusals to report, folded by kind (status): the first of a kind at once, the others
/// counted until `every` has passed since it, then one report with their count. A kind
/// whose time passed with nothing folded is forgotten, so its next refusal is reported at
/// once.
#[derive(Debug)]
struct Reports {
    every: Duration,
    kinds: Vec<Kind>,
    /// Reports due at once that could not be made where they arose (the accepting thread).
    later: Vec<Refusal>,
}

#[derive(Debug)]
struct Kind {
    status: u16,
    /// When the report that opened its time was made.
    since: Instant,
    folded: usize,
    last: String,
}

impl Reports {
    fn new(every: Duration) -> Reports {
        Reports { every, kinds: Vec::new(), later: Vec::new() }
    }

    /// The refusal, if it is to be reported now; else it is counted.
    fn report(&mut self, refusal: Refusal, now: Instant) -> Option<Refusal> {
        let every = self.every;
        match self.kinds.iter_mut().find(|kind| kind.status == refusal.status) {
            Some(kind) if now.saturating_duration_since(kind.since) < every => {
                kind.folded += 1;
                kind.last = refusal.reason;
                None
            }
            // Its time passed before `due` took it: the count first, then this one.
            Some(_) => {
                let due = self.due(now);
                self.later.extend(due);
                self.report(refusal, now)
            }
            None => {
                if !every.is_zero() {
                    let kind =
                        Kind { status: refusal.status, since: now, folded: 0, last: String::new() };
                    self.kinds.push(kind);
                }
                Some(refusal)
            }
        }
    }

    /// [`Reports::report`], kept for [`Reports::due`] if it is to be reported now.
    fn report_later(&mut self, refusal: Refusal, now: Instant) {
        if let Some(refusal) = self.report(refusal, now) {
            self.later.push(refusal);
        }
    }

    /// The reports to make at `now`: those kept for later, and each kind's count of refusals
    /// folded, once its time has passed (a new time starts with it).
    fn due(&mut self, now: Instant) -> Vec<Refusal> {
        let mut due = std::mem::take(&mut self.later);
        let every = self.every;
        self.kinds.retain_mut(|kind| {
            if now.saturating_duration_since(kind.since) < every {
                return true;
            }
            if kind.folded == 0 {
                return false;
            }
            due.push(Refusal {
                status: kind.status,
                reason: format!(
                    "{} more refused alike in {}; the last: {}",
                    kind.folded,
                    shown_duration(every),
                    kind.last
                ),
            });
            kind.since = now;
            kind.folded = 0;
            true
        });
        due
    }
}

/// `60 s`, `1.5 s`, `250 ms`.
fn shown_duration(duration: Duration) -> String {
    if duration < Duration::from_secs(1) {
        format!("{} ms", duration.as_millis())
    } else {
        format!("{} s", duration.as_secs_f64())
    }
}

/// Counts the connections being served, at most `max` (at least 1).
struct Slots {
    busy: Mutex<usize>,
    max: usize,
}

/// A taken slot, given back when dropped (whatever ends the connection's thread).
struct Slot<'a>(&'a Slots);

impl Slots {
    fn new(max: usize) -> Slots {
        Slots { busy: Mutex::new(0), max: max.max(1) }
    }

    /// A slot, or `None` at once if all are taken.
    fn try_take(&self) -> Option<Slot<'_>> {
        let mut busy = lock(&self.busy);
        if *busy >= self.max {
            return None;
        }
        *busy += 1;
        Some(Slot(self))
    }
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        *lock(&self.0.busy) -= 1;
    }
}

/// A connection read under one deadline for the whole request: each read may wait only for
/// what is left of it, so trickling bytes does not extend it.
struct Deadline<'a> {
    stream: &'a TcpStream,
    deadline: Instant,
}

impl Read for Deadline<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::Error::new(ErrorKind::TimedOut, "the request's deadline passed"));
        }
        self.stream.set_read_timeout(Some(left))?;
        (&*self.stream).read(buf)
    }
}

impl Write for Deadline<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        (&*self.stream).write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        (&*self.stream).flush()
    }
}

fn serve_connection<H: Handler>(
    stream: TcpStream,
    handler: &Mutex<H>,
    reports: &Mutex<Reports>,
    config: &Config,
) {
    let _ = stream.set_write_timeout(Some(config.request_timeout));
    let mut connection =
        Deadline { stream: &stream, deadline: Instant::now() + config.request_timeout };
    let refused = |refusal: Refusal| {
        let reported = lock(reports).report(refusal, Instant::now());
        if let Some(refusal) = reported {
            lock(handler).refused(&refusal);
        }
    };
    let (status, text, pipelined) = match http::read_request(&mut connection, &config.limits) {
        Ok(None) => return,
        Ok(Some(request)) => {
            let mut handler = lock(handler);
            let (status, text) = match panic::catch_unwind(AssertUnwindSafe(|| {
                handler.request(&request)
            })) {
                Ok(reply) => (reply.status, reply.text),
                Err(_) => {
                    (500, "the listener failed on this request (a bug): see its output".to_string())
                }
            };
            (status, text, Some(request.pipelined))
        }
        Err(refusal) => {
            refused(refusal.clone());
            (refusal.status, refusal.reason, None)
        }
    };
    // The peer may have given up already (the extension aborts after 500 ms): nothing to do.
    let _ = http::write_response(&mut &stream, status, &text);
    let more = linger(&stream);
    // After a request read whole, what else came is another request: it is not served (the
    // response said `Connection: close`), and the terminal says so.
    if pipelined == Some(true) || (pipelined.is_some() && more) {
        refused(Refusal {
            status: 400,
            reason: "a second request on one connection was not served: one request per \
                     connection (the first's response said Connection: close); send it again \
                     on a new one"
                .to_string(),
        });
    }
}

/// Closes gracefully: says the response is complete, then reads and drops what the peer still
/// sends (a body refused unread) for a moment, so the close does not reset the connection
/// before the peer has read the response. Whether what it dropped was more than blank lines.
fn linger(stream: &TcpStream) -> bool {
    const MAX_DRAIN: usize = 1 << 20;
    let _ = stream.shutdown(Shutdown::Write);
    let until = Instant::now() + Duration::from_millis(500);
    let mut drained = 0;
    let mut more = false;
    let mut chunk = [0u8; 8192];
    while drained < MAX_DRAIN {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            break;
        }
        match (&*stream).read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                drained += n;
                more |= !http::is_blank(&chunk[..n]);
            }
        }
    }
    more
}

#[cfg(test)]
mod tests {
    use super::{Refusal, Reports, Slots};
    use std::time::{Duration, Instant};

    fn refusal(status: u16, reason: &str) -> Refusal {
        Refusal { status, reason: reason.to_string() }
    }

    fn reasons(refusals: &[Refusal]) -> Vec<String> {
        refusals.iter().map(|r| format!("{} {}", r.status, r.reason)).collect()
    }

    #[test]
    fn refusals_are_reported_once_per_kind_per_period() {
        let t0 = Instant::now();
        let at = |ms: u64| t0 + Duration::from_millis(ms);
        let mut reports = Reports::new(Duration::from_secs(60));
        assert_eq!(reports.report(refusal(408, "slow 1"), at(0)), Some(refusal(408, "slow 1")));
        assert_eq!(reports.report(refusal(408, "slow 2"), at(10)), None);
        // Another kind is reported at once, then folded in its turn.
        assert!(reports.report(refusal(400, "bad 1"), at(20)).is_some());
        assert_eq!(reports.report(refusal(408, "slow 3"), at(30)), None);
        assert_eq!(reports.report(refusal(400, "bad 2"), at(40)), None);
        assert!(reports.due(at(59_999)).is_empty());
        assert_eq!(
            reasons(&reports.due(at(60_000))),
            ["408 2 more refused alike in 60 s; the last: slow 3"]
        );
        assert_eq!(
            reasons(&reports.due(at(60_020))),
            ["400 1 more refused alike in 60 s; the last: bad 2"]
        );
        // A new period started with the report: the next one is folded into it...
        assert_eq!(reports.report(refusal(408, "slow 4"), at(61_000)), None);
        assert_eq!(
            reasons(&reports.due(at(120_020))),
            ["408 1 more refused alike in 60 s; the last: slow 4"]
        );
        // A kind whose period passed with nothing folded (400) is forgotten: reported at once.
        assert!(reports.report(refusal(400, "bad 3"), at(120_030)).is_some());
        assert_eq!(reports.report(refusal(408, "slow 5"), at(130_000)), None);
        // A refusal after its period, before `due` took the count: the count first.
        assert_eq!(reports.report(refusal(408, "slow 6"), at(200_000)), None);
        assert_eq!(
            reasons(&reports.due(at(200_001))),
            ["408 1 more refused alike in 60 s; the last: slow 5"]
        );
        assert_eq!(
            reasons(&reports.due(at(260_000))),
            ["408 1 more refused alike in 60 s; the last: slow 6"]
        );
    }

    #[test]
    fn refusals_kept_for_later_and_no_folding() {
        let t0 = Instant::now();
        let mut reports = Reports::new(Duration::from_millis(250));
        reports.report_later(refusal(503, "busy"), t0);
        reports.report_later(refusal(503, "busy"), t0);
        assert_eq!(reasons(&reports.due(t0)), ["503 busy"]);
        assert_eq!(
            reasons(&reports.due(t0 + Duration::from_millis(250))),
            ["503 1 more refused alike in 250 ms; the last: busy"]
        );
        let mut every_one = Reports::new(Duration::ZERO);
        for _ in 0..3 {
            assert!(every_one.report(refusal(408, "slow"), t0).is_some());
        }
        assert!(every_one.due(t0 + Duration::from_secs(1)).is_empty());
    }

    #[test]
    fn slots_never_wait() {
        let slots = Slots::new(2);
        let (a, b) = (slots.try_take(), slots.try_take());
        assert!(a.is_some() && b.is_some());
        assert!(slots.try_take().is_none());
        drop(a);
        assert!(slots.try_take().is_some());
        assert!(Slots::new(0).try_take().is_some(), "at least one");
    }
}
