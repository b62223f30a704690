//! A client of the listener that posts as the extension does: what the tests of the listener
//! and of `xtask receive` send over loopback (and a way to try a listener by hand); and a
//! [`Crowd`] of idle and slow connections that a listener must serve beside (its test and its
//! benchmark).

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

/// The Origin Chrome sends with the extension's requests.
pub const EXTENSION_ORIGIN: &str = "chrome-extension://cjnmckjndlpiamhfimnnjmnckgghkjbl";

/// A response as read: its status, its head (status line and headers) and its body.
#[derive(Debug, Clone)]
pub struct Response {
    pub status: u16,
    pub head: String,
    pub body: String,
}

/// A POST as the extension sends it (Chrome's headers, `no-cors`: text/plain), from `origin`
/// (a tool that is no browser sends none), with `Host: localhost` (no port: the listener takes
/// that on whatever port it listens; [`post`] names the port, as Chrome does).
pub fn request_from(origin: Option<&str>, body: &[u8]) -> Vec<u8> {
    request_to("localhost", origin, body)
}

/// [`request_from`] with `host` as the `Host` header.
pub fn request_to(host: &str, origin: Option<&str>, body: &[u8]) -> Vec<u8> {
    let origin = origin.map_or(String::new(), |origin| format!("Origin: {origin}\r\n"));
    let mut bytes = format!(
        "POST / HTTP/1.1\r\nHost: {host}\r\nConnection: keep-alive\r\n\
         Content-Length: {}\r\nContent-Type: text/plain;charset=UTF-8\r\n{origin}\
         Accept: */*\r\nSec-Fetch-Site: none\r\nSec-Fetch-Mode: no-cors\r\n\r\n",
        body.len()
    )
    .into_bytes();
    bytes.extend_from_slice(body);
    bytes
}

/// Sends `bytes` to `addr`, says it is done sending, and reads the whole response (waiting at
/// most `timeout` for it).
///
/// # Panics
/// If the listener does not accept, or what comes back is not an HTTP/1.1 response.
pub fn exchange(addr: SocketAddr, bytes: &[u8], timeout: Duration) -> Response {
    let mut stream = TcpStream::connect(addr).expect("the listener accepts");
    stream.set_read_timeout(Some(timeout)).expect("a timeout");
    // The listener may refuse before reading everything (405, 413): a write error then is fine.
    let _ = stream.write_all(bytes);
    let _ = stream.shutdown(Shutdown::Write);
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    parse_response(&response)
}

/// A response from its bytes.
///
/// # Panics
/// If they are not an HTTP/1.1 response.
pub fn parse_response(bytes: &[u8]) -> Response {
    let text = String::from_utf8_lossy(bytes);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .strip_prefix("HTTP/1.1 ")
        .and_then(|rest| rest.get(..3))
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("not a response: {text:?}"));
    Response { status, head: head.to_string(), body: body.to_string() }
}

/// [`exchange`] of a document posted as the extension posts it (`Host: localhost:PORT`).
pub fn post(addr: SocketAddr, document: &[u8], timeout: Duration) -> Response {
    let host = format!("localhost:{}", addr.port());
    exchange(addr, &request_to(&host, Some(EXTENSION_ORIGIN), document), timeout)
}

/// Connections that hold a listener without finishing a request: idle ones, which send
/// nothing, and slow ones, which send a request one byte a second. They stay open (the slow
/// ones sending) until the crowd is dropped, or the listener closes them.
#[derive(Debug)]
pub struct Crowd {
    /// Held open, never written.
    _idle: Vec<TcpStream>,
    stop: Arc<AtomicBool>,
    sender: Option<JoinHandle<()>>,
}

impl Crowd {
    /// Opens `idle` idle and `slow` slow connections to `addr`.
    ///
    /// # Errors
    /// A connection the listener did not accept.
    pub fn open(addr: SocketAddr, idle: usize, slow: usize) -> std::io::Result<Crowd> {
        let idle = (0..idle).map(|_| TcpStream::connect(addr)).collect::<Result<Vec<_>, _>>()?;
        let mut slow =
            (0..slow).map(|_| TcpStream::connect(addr)).collect::<Result<Vec<_>, _>>()?;
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let request = request_from(Some(EXTENSION_ORIGIN), b"{}");
        let sender = thread::spawn(move || {
            for byte in request.iter().cycle() {
                for stream in &mut slow {
                    // Closed by the listener (its deadline): nothing more to send there.
                    let _ = stream.write_all(&[*byte]);
                }
                // A second between bytes, in short sleeps so that a drop is not held up.
                for _ in 0..20 {
                    if stopped.load(Ordering::Relaxed) {
                        return;
                    }
                    thread::sleep(Duration::from_millis(50));
                }
            }
        });
        Ok(Crowd { _idle: idle, stop, sender: Some(sender) })
    }
}

impl Drop for Crowd {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(sender) = self.sender.take() {
            let _ = sender.join();
        }
    }
}
