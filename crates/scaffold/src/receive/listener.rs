//! The listener: a small HTTP/1.1 server on 127.0.0.1 only, for Competitive Companion's
//! POSTs. Each connection is one request ([`http::read_request`]) read by its own thread
//! under one deadline, so a client that stalls costs one thread until it times out (408) and
//! never delays another; at most [`Config::max_connections`] connections are read at once
//! (more wait in the socket's backlog). A valid request goes to the [`Handler`], one at a time
//! (it may make files without locking of its own); its [`Reply`] is the response. Every
//! refusal is answered and reported to the handler, and the listener keeps serving until its
//! [`StopHandle`] stops it.

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
    /// How many connections are read at once.
    pub max_connections: usize,
    /// How often [`Handler::tick`] runs.
    pub tick: Duration,
}

impl Default for Config {
    /// 5 s per request (the extension's whole request takes milliseconds, and gives up after
    /// 500 ms), 16 connections at once, a tick a second.
    fn default() -> Config {
        Config {
            limits: Limits::default(),
            request_timeout: Duration::from_secs(5),
            max_connections: 16,
            tick: Duration::from_secs(1),
        }
    }
}

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
    /// can post.
    pub fn bind_with(port: u16, config: Config) -> io::Result<Server> {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port))?;
        let addr = listener.local_addr()?;
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
        let slots = Slots {
            busy: Mutex::new(0),
            freed: Condvar::new(),
            max: self.config.max_connections.max(1),
        };
        thread::scope(|scope| {
            scope.spawn(|| self.tick_until_stopped(&handler));
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
                let slot = slots.take();
                let (handler, config) = (&handler, &self.config);
                let spawned = thread::Builder::new()
                    .name("receive-connection".to_string())
                    .spawn_scoped(scope, move || {
                        let _slot = slot;
                        serve_connection(stream, handler, config);
                    });
                // Without a thread the connection is dropped (closed) and its slot with it.
                drop(spawned);
            }
        });
        handler.into_inner().unwrap_or_else(PoisonError::into_inner)
    }

    fn tick_until_stopped<H: Handler>(&self, handler: &Mutex<H>) {
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
            let mut handler = lock(handler);
            let _ = panic::catch_unwind(AssertUnwindSafe(|| handler.tick(Instant::now())));
        }
    }
}

/// Counts the connections being served; [`Slots::take`] waits for a free one.
struct Slots {
    busy: Mutex<usize>,
    freed: Condvar,
    max: usize,
}

/// A taken slot, given back when dropped (whatever ends the connection's thread).
struct Slot<'a>(&'a Slots);

impl Slots {
    fn take(&self) -> Slot<'_> {
        let busy = lock(&self.busy);
        let mut busy = self
            .freed
            .wait_while(busy, |busy| *busy >= self.max)
            .unwrap_or_else(PoisonError::into_inner);
        *busy += 1;
        Slot(self)
    }
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        *lock(&self.0.busy) -= 1;
        self.0.freed.notify_one();
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

fn serve_connection<H: Handler>(stream: TcpStream, handler: &Mutex<H>, config: &Config) {
    let _ = stream.set_write_timeout(Some(config.request_timeout));
    let mut connection =
        Deadline { stream: &stream, deadline: Instant::now() + config.request_timeout };
    let (status, text) = match http::read_request(&mut connection, &config.limits) {
        Ok(None) => return,
        Ok(Some(request)) => {
            let mut handler = lock(handler);
            match panic::catch_unwind(AssertUnwindSafe(|| handler.request(&request))) {
                Ok(reply) => (reply.status, reply.text),
                Err(_) => {
                    (500, "the listener failed on this request (a bug): see its output".to_string())
                }
            }
        }
        Err(refusal) => {
            lock(handler).refused(&refusal);
            (refusal.status, refusal.reason)
        }
    };
    // The peer may have given up already (the extension aborts after 500 ms): nothing to do.
    let _ = http::write_response(&mut &stream, status, &text);
    linger(&stream);
}

/// Closes gracefully: says the response is complete, then reads and drops what the peer still
/// sends (a body refused unread) for a moment, so the close does not reset the connection
/// before the peer has read the response.
fn linger(stream: &TcpStream) {
    const MAX_DRAIN: usize = 1 << 20;
    let _ = stream.shutdown(Shutdown::Write);
    let until = Instant::now() + Duration::from_millis(500);
    let mut drained = 0;
    let mut chunk = [0u8; 8192];
    while drained < MAX_DRAIN {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            break;
        }
        match (&*stream).read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => drained += n,
        }
    }
}
