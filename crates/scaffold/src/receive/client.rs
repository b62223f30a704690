//! A client of the listener that posts as the extension does: what the tests of the listener
//! and of `xtask receive` send over loopback (and a way to try a listener by hand).

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
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
/// (a tool that is no browser sends none).
pub fn request_from(origin: Option<&str>, body: &[u8]) -> Vec<u8> {
    let origin = origin.map_or(String::new(), |origin| format!("Origin: {origin}\r\n"));
    let mut bytes = format!(
        "POST / HTTP/1.1\r\nHost: localhost:4244\r\nConnection: keep-alive\r\n\
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

/// [`exchange`] of a document posted as the extension posts it.
pub fn post(addr: SocketAddr, document: &[u8], timeout: Duration) -> Response {
    exchange(addr, &request_from(Some(EXTENSION_ORIGIN), document), timeout)
}
