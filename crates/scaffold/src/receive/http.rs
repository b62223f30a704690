//! The little HTTP/1.1 the listener speaks: one request per connection, read with bounds, and
//! one plain-text response, then the connection closes.
//!
//! [`read_request`] takes a request from any `Read + Write` (a socket, or bytes in a test) and
//! refuses, with the status and reason to answer, what this listener does not serve: another
//! method than `POST` (405), a `Host` that is not this machine by loopback (403, see
//! [`is_local_host`]), a page's request (403, see [`Limits::allow_web_pages`]), a head
//! over [`Limits::max_head`] (431), no `Content-Length` or a chunked body (411), a body over
//! [`Limits::max_body`] (413, refused before a byte of it is read), a body cut short (400), an
//! `Expect` other than `100-continue` (417), another protocol (400, 505). A read that times out
//! (the socket's deadline, set by the listener) is a 408.
//!
//! What Competitive Companion sends (`src/hosts/CustomHost.ts`, `Host.ts`): `fetch` with
//! `POST http://localhost:PORT/`, `mode: 'no-cors'`, the document as the body, aborted after
//! the extension's request timeout (500 ms by default). In `no-cors` mode the browser sends no
//! CORS preflight (`OPTIONS`) and drops the `Content-Type: application/json` the extension
//! asks for (it is not a CORS-safelisted value), so the body arrives as
//! `text/plain;charset=UTF-8` with a `Content-Length`: nothing here looks at `Content-Type`,
//! and `OPTIONS` gets the 405 every other method gets. The extension ignores the response.

use std::io::{self, ErrorKind, Read, Write};

/// What a request may be, and which requests are refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most bytes the request line and headers may take, blank lines included.
    pub max_head: usize,
    /// The largest body accepted, in bytes.
    pub max_body: usize,
    /// Whether a request a web page makes (an `Origin` header other than a browser
    /// extension's) is served. Off by default: any page the user visits can post to a port
    /// on localhost (a `no-cors` POST needs no permission), and it should not be able to make
    /// crates. The extension's requests carry `chrome-extension://...` or
    /// `moz-extension://...`, or no `Origin` at all; so do tools (curl) and tests.
    pub allow_web_pages: bool,
    /// The port a `Host` header may name (the listener's own, set when it binds); `None`:
    /// any (a request read outside a listener).
    pub port: Option<u16>,
}

/// The request line and headers' bound: the extension's requests carry well under 1 KiB.
pub const DEFAULT_MAX_HEAD: usize = 16 * 1024;

/// The body's bound: a problem's document with its samples is kilobytes; the largest sample
/// sets on judges' pages are hundreds of kilobytes.
pub const DEFAULT_MAX_BODY: usize = 4 * 1024 * 1024;

/// The most header lines a request may have.
pub const MAX_HEADERS: usize = 100;

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_head: DEFAULT_MAX_HEAD,
            max_body: DEFAULT_MAX_BODY,
            allow_web_pages: false,
            port: None,
        }
    }
}

/// A request this listener serves: a `POST` with its whole body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The target as sent (`/` from the extension).
    pub target: String,
    /// The headers in order, names as sent; values without surrounding blanks.
    pub headers: Vec<(String, String)>,
    /// The body, exactly `Content-Length` bytes.
    pub body: Vec<u8>,
    /// Whether more than blank lines came after the body with it: another request on the
    /// same connection (pipelined), which is not read, since the connection closes after
    /// one response; the listener says so.
    pub pipelined: bool,
}

impl Request {
    /// The first header of that name (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        header(&self.headers, name)
    }
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
}

/// A request refused before it reached the handler: the status to answer and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The HTTP status (400, 403, 405, 408, 411, 413, 417, 431, 505; the listener's 503
    /// past its cap of connections).
    pub status: u16,
    /// Why, one line, for the response's body and the log.
    pub reason: String,
}

impl Refusal {
    fn new(status: u16, reason: impl Into<String>) -> Refusal {
        Refusal { status, reason: reason.into() }
    }
}

/// What the handler answers: a status and a short text (the response's body).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The HTTP status.
    pub status: u16,
    /// One or a few lines for the sender.
    pub text: String,
}

impl Reply {
    /// A reply with any status.
    pub fn new(status: u16, text: impl Into<String>) -> Reply {
        Reply { status, text: text.into() }
    }

    /// 200: done.
    pub fn ok(text: impl Into<String>) -> Reply {
        Reply::new(200, text)
    }

    /// 202: taken, more to come (a contest's problem while others are missing).
    pub fn accepted(text: impl Into<String>) -> Reply {
        Reply::new(202, text)
    }

    /// 400: the document is wrong, and why.
    pub fn bad_request(reason: impl Into<String>) -> Reply {
        Reply::new(400, reason)
    }

    /// 500: the document was fine but making the crate failed, and why.
    pub fn failed(reason: impl Into<String>) -> Reply {
        Reply::new(500, reason)
    }
}

/// The reason phrase of a status this listener sends.
pub fn reason_phrase(status: u16) -> &'static str {
    match status {
        100 => "Continue",
        200 => "OK",
        202 => "Accepted",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Content Too Large",
        417 => "Expectation Failed",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "Unknown",
    }
}

/// Writes a whole response: `status`, `text` and a newline as a UTF-8 plain-text body,
/// `Connection: close`, and `Allow: POST` with a 405.
pub fn write_response<W: Write>(out: &mut W, status: u16, text: &str) -> io::Result<()> {
    let body = format!("{}\n", text.trim_end());
    let allow = if status == 405 { "Allow: POST\r\n" } else { "" };
    let head = format!(
        "HTTP/1.1 {status} {}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\n\
         Connection: close\r\nCache-Control: no-store\r\n{allow}\r\n",
        reason_phrase(status),
        body.len()
    );
    out.write_all(head.as_bytes())?;
    out.write_all(body.as_bytes())?;
    out.flush()
}

/// Reads one request from `stream`: `Ok(None)` if the connection closed before a byte of a
/// request came (a probe, a browser's spare connection), a refusal for anything this listener
/// does not serve (see the module docs), else the request with its body.
///
/// Answers `Expect: 100-continue` on `stream` once the announced body is known to fit. Reads
/// at most `max_head + max_body` bytes and never more than the body announced; bytes past it
/// (a pipelined request) are not served, since the connection closes after one response:
/// [`Request::pipelined`] says whether some came with it.
pub fn read_request<S: Read + Write>(
    stream: &mut S,
    limits: &Limits,
) -> Result<Option<Request>, Refusal> {
    let Some(RawHead { head, rest }) = read_head(stream, limits.max_head)? else {
        return Ok(None);
    };
    let head = parse_head(&head)?;
    if head.method != "POST" {
        return Err(Refusal::new(
            405,
            format!(
                "{} is not served here: POST a problem's document (what Competitive Companion sends)",
                head.method
            ),
        ));
    }
    let hosts = head.headers.iter().filter(|(name, _)| name.eq_ignore_ascii_case("host"));
    for (_, host) in hosts {
        if !is_local_host(host, limits.port) {
            let port =
                limits.port.map_or(String::new(), |port| format!(" (with port {port} or none)"));
            return Err(Refusal::new(
                403,
                format!(
                    "the Host {} is refused: only localhost, 127.0.0.1 and [::1]{port} are \
                     served, so that no web page reaches the listener through a name of its own",
                    shown_value(host)
                ),
            ));
        }
    }
    if !limits.allow_web_pages {
        if let Some(origin) = header(&head.headers, "origin") {
            let scheme = origin.split_once("://").map_or(origin, |(scheme, _)| scheme);
            if !scheme.ends_with("-extension") {
                return Err(Refusal::new(
                    403,
                    "a web page's request is refused (its Origin is not a browser extension): \
                     only Competitive Companion and local tools may post here",
                ));
            }
        }
    }
    let length = body_length(&head.headers, limits.max_body)?;
    if let Some(expect) = header(&head.headers, "expect") {
        if !expect.eq_ignore_ascii_case("100-continue") {
            return Err(Refusal::new(417, "only Expect: 100-continue is understood"));
        }
        if head.minor_version >= 1 {
            stream
                .write_all(b"HTTP/1.1 100 Continue\r\n\r\n")
                .and_then(|()| stream.flush())
                .map_err(|e| io_refusal(&e, "while answering Expect: 100-continue"))?;
        }
    }
    let pipelined = rest.get(length..).is_some_and(|after| !is_blank(after));
    let body = read_body(stream, rest, length)?;
    Ok(Some(Request { target: head.target, headers: head.headers, body, pipelined }))
}

/// Whether `bytes` are only line ends: what some clients send after a body, and no request.
pub fn is_blank(bytes: &[u8]) -> bool {
    bytes.iter().all(|b| matches!(b, b'\r' | b'\n'))
}

/// Whether `host` (a `Host` header's value) names this machine by loopback: `localhost` (any
/// case), `127.0.0.1` or `[::1]`, alone or with `:PORT`, the listener's port when known. Any
/// other name is refused, even one that resolves here: a web page on a name of its own,
/// pointed at 127.0.0.1 (DNS rebinding), sends that name. Browsers send `Host` with every
/// request, so a request without one (a tool speaking HTTP/1.0) comes from no page and is
/// served.
pub fn is_local_host(host: &str, port: Option<u16>) -> bool {
    let (name, after) = match host.strip_prefix("[::1]") {
        Some(after) => ("[::1]", after),
        None => host.split_at(host.find(':').unwrap_or(host.len())),
    };
    let local = name.eq_ignore_ascii_case("localhost") || name == "127.0.0.1" || name == "[::1]";
    let port_named = match after.strip_prefix(':') {
        None => after.is_empty(),
        Some(digits) => {
            digits.bytes().all(|b| b.is_ascii_digit())
                && digits.parse::<u16>().is_ok_and(|named| port.map_or(true, |port| port == named))
        }
    };
    local && port_named
}

/// A header's value for a message: quoted if short, else only its length (it may hold
/// anything).
fn shown_value(value: &str) -> String {
    if value.len() <= 64 {
        format!("{value:?}")
    } else {
        format!("of {} bytes", value.len())
    }
}

/// The refusal for a failed read or write: a timeout is a 408, anything else a broken
/// connection (400, which the peer will likely not see).
fn io_refusal(error: &io::Error, during: &str) -> Refusal {
    match error.kind() {
        ErrorKind::WouldBlock | ErrorKind::TimedOut => {
            Refusal::new(408, format!("the request was not complete in time ({during})"))
        }
        _ => Refusal::new(400, format!("the connection failed {during}: {error}")),
    }
}

/// A request's head as read: its bytes and what was read past it (the body's start).
struct RawHead {
    head: Vec<u8>,
    rest: Vec<u8>,
}

/// Reads until the blank line that ends the head: the head's bytes (without blank lines
/// before the request line) and what was read past it. `None` if the peer closed first.
fn read_head<S: Read>(stream: &mut S, max_head: usize) -> Result<Option<RawHead>, Refusal> {
    let mut buf: Vec<u8> = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    // Bytes of `buf` known not to end the head, and where the head starts (RFC 9112 asks
    // servers to ignore blank lines before a request line).
    let mut scanned = 0;
    let mut start = 0;
    loop {
        while start < buf.len() && matches!(buf[start], b'\r' | b'\n') {
            start += 1;
        }
        scanned = scanned.max(start);
        while scanned < buf.len() {
            if buf[scanned] == b'\n' {
                // The line this newline ends is blank: the head is whole.
                let before = &buf[start..scanned];
                if before.ends_with(b"\n") || before.ends_with(b"\n\r") {
                    let rest = buf.split_off(scanned + 1);
                    buf.drain(..start);
                    return Ok(Some(RawHead { head: buf, rest }));
                }
            }
            scanned += 1;
            if scanned > max_head {
                return Err(too_long(max_head));
            }
        }
        // Blank lines before the request line count too: a peer that sends nothing else
        // must not make the buffer grow until the deadline.
        if buf.len() > max_head {
            return Err(too_long(max_head));
        }
        let n = match stream.read(&mut chunk) {
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(io_refusal(&e, "while reading the headers")),
        };
        if n == 0 {
            if start == buf.len() {
                return Ok(None);
            }
            return Err(Refusal::new(400, "the connection closed before the headers ended"));
        }
        buf.extend_from_slice(&chunk[..n]);
    }
}

fn too_long(max_head: usize) -> Refusal {
    Refusal::new(431, format!("the request line and headers take more than {max_head} bytes"))
}

struct Head {
    method: String,
    target: String,
    minor_version: u8,
    headers: Vec<(String, String)>,
}

fn is_token_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

fn parse_head(head: &[u8]) -> Result<Head, Refusal> {
    let not_http = || Refusal::new(400, "not an HTTP request");
    let mut lines =
        head.split(|&b| b == b'\n').map(|line| line.strip_suffix(b"\r").unwrap_or(line));
    let request_line = lines.next().unwrap_or(b"");
    let mut parts = request_line.split(|&b| b == b' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(not_http());
    };
    if method.is_empty() || !method.iter().all(|&b| is_token_byte(b)) {
        return Err(not_http());
    }
    if target.is_empty() || !target.iter().all(|b| b.is_ascii_graphic()) {
        return Err(not_http());
    }
    let minor_version = match version {
        b"HTTP/1.1" => 1,
        b"HTTP/1.0" => 0,
        [b'H', b'T', b'T', b'P', b'/', major, b'.', minor]
            if major.is_ascii_digit() && minor.is_ascii_digit() =>
        {
            return Err(Refusal::new(505, "only HTTP/1.1 and HTTP/1.0 are served"));
        }
        _ => return Err(not_http()),
    };
    let mut headers = Vec::new();
    for line in lines {
        if line.is_empty() {
            continue;
        }
        if line[0] == b' ' || line[0] == b'\t' {
            return Err(Refusal::new(400, "a header line is folded (starts with a blank)"));
        }
        let colon = line
            .iter()
            .position(|&b| b == b':')
            .ok_or_else(|| Refusal::new(400, "a header line has no colon"))?;
        let (name, value) = (&line[..colon], &line[colon + 1..]);
        if name.is_empty() || !name.iter().all(|&b| is_token_byte(b)) {
            return Err(Refusal::new(400, "a header's name is not a token"));
        }
        let value = value.trim_ascii();
        if value.iter().any(|&b| (b < 0x20 && b != b'\t') || b == 0x7f) {
            return Err(Refusal::new(400, "a header's value holds a control character"));
        }
        if headers.len() == MAX_HEADERS {
            return Err(Refusal::new(431, format!("more than {MAX_HEADERS} headers")));
        }
        headers.push((
            String::from_utf8_lossy(name).into_owned(),
            String::from_utf8_lossy(value).into_owned(),
        ));
    }
    Ok(Head {
        method: String::from_utf8_lossy(method).into_owned(),
        target: String::from_utf8_lossy(target).into_owned(),
        minor_version,
        headers,
    })
}

/// The body's length from `Content-Length` (every copy the same), which must be present and
/// at most `max_body`; no `Transfer-Encoding`.
fn body_length(headers: &[(String, String)], max_body: usize) -> Result<usize, Refusal> {
    if header(headers, "transfer-encoding").is_some() {
        return Err(Refusal::new(
            411,
            "a body in chunks (Transfer-Encoding) is not accepted: send Content-Length",
        ));
    }
    let mut length: Option<&str> = None;
    let values = headers
        .iter()
        .filter(|(name, _)| name.eq_ignore_ascii_case("content-length"))
        .flat_map(|(_, value)| value.split(','))
        .map(str::trim);
    for value in values {
        if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Refusal::new(400, "Content-Length is not a number"));
        }
        let value = match value.trim_start_matches('0') {
            "" => "0",
            digits => digits,
        };
        match length {
            Some(seen) if seen != value => {
                return Err(Refusal::new(400, "Content-Length is given twice, differently"));
            }
            _ => length = Some(value),
        }
    }
    let Some(digits) = length else {
        return Err(Refusal::new(411, "Content-Length is required"));
    };
    // More digits than usize holds is too large, whatever the limit.
    match digits.parse::<usize>() {
        Ok(n) if n <= max_body => Ok(n),
        _ => {
            let shown = if digits.len() > 20 { "more than 10^20" } else { digits };
            Err(Refusal::new(
                413,
                format!("the body is {shown} bytes, more than the {max_body} accepted"),
            ))
        }
    }
}

/// The body: what was read past the head, then the rest from `stream`, exactly `length` bytes.
fn read_body<S: Read>(
    stream: &mut S,
    mut body: Vec<u8>,
    length: usize,
) -> Result<Vec<u8>, Refusal> {
    body.truncate(length);
    body.reserve_exact(length - body.len());
    let mut chunk = [0u8; 16 * 1024];
    while body.len() < length {
        let want = chunk.len().min(length - body.len());
        match stream.read(&mut chunk[..want]) {
            Ok(0) => {
                return Err(Refusal::new(
                    400,
                    format!(
                        "the body ended after {} of the {length} bytes Content-Length announced",
                        body.len()
                    ),
                ));
            }
            Ok(n) => body.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err(io_refusal(&e, "while reading the body")),
        }
    }
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::{is_local_host, read_request, write_response, Limits, Refusal, Request};
    use std::io::{self, Read, Write};

    /// A connection in memory: reads `input` in pieces of `step` bytes, then the end (or a
    /// timeout if `stalls`), and collects what is written.
    struct Conn {
        input: Vec<u8>,
        at: usize,
        step: usize,
        stalls: bool,
        written: Vec<u8>,
    }

    impl Conn {
        fn new(input: &[u8], step: usize) -> Conn {
            Conn { input: input.to_vec(), at: 0, step, stalls: false, written: Vec::new() }
        }
    }

    impl Read for Conn {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.at == self.input.len() && self.stalls {
                return Err(io::Error::new(io::ErrorKind::WouldBlock, "stalled"));
            }
            let n = buf.len().min(self.step).min(self.input.len() - self.at);
            buf[..n].copy_from_slice(&self.input[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    impl Write for Conn {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.written.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn read(input: &[u8]) -> Result<Option<Request>, Refusal> {
        // Every split of the input into reads must give the same answer (but for whether the
        // start of another request came in the same read as the body's end).
        let whole = read_request(&mut Conn::new(input, usize::MAX), &Limits::default());
        let unpipelined = |mut read: Result<Option<Request>, Refusal>| {
            if let Ok(Some(request)) = &mut read {
                request.pipelined = false;
            }
            read
        };
        for step in [1, 2, 3, 7, 64] {
            let pieces = read_request(&mut Conn::new(input, step), &Limits::default());
            let pieces = unpipelined(pieces);
            assert_eq!(pieces, unpipelined(whole.clone()), "read {step} bytes at a time");
        }
        whole
    }

    #[track_caller]
    fn check_refused(input: &[u8], status: u16, reason: &str) {
        match read(input) {
            Err(refusal) => {
                assert_eq!(refusal.status, status, "{refusal:?}");
                assert!(refusal.reason.contains(reason), "{:?} lacks {reason:?}", refusal.reason);
            }
            other => panic!("{:?} gave {other:?}", String::from_utf8_lossy(input)),
        }
    }

    const EXTENSION_REQUEST: &[u8] = b"POST / HTTP/1.1\r\nHost: localhost:4244\r\n\
        Connection: keep-alive\r\nContent-Length: 13\r\nContent-Type: text/plain;charset=UTF-8\r\n\
        Origin: chrome-extension://cjnmckjndlpiamhfimnnjmnckgghkjbl\r\nAccept: */*\r\n\r\n{\"name\": \"a\"}";

    #[test]
    fn the_extensions_request() {
        let request = read(EXTENSION_REQUEST).unwrap().unwrap();
        assert_eq!(request.target, "/");
        assert_eq!(request.body, b"{\"name\": \"a\"}");
        assert_eq!(request.header("content-type"), Some("text/plain;charset=UTF-8"));
        assert_eq!(request.headers.len(), 6);
        let firefox = b"POST / HTTP/1.1\nHost: localhost\nOrigin: moz-extension://0b6c\nContent-Length: 2\n\n{}";
        assert_eq!(read(firefox).unwrap().unwrap().body, b"{}");
        let curl =
            b"\r\n\r\nPOST /anything HTTP/1.0\r\ncontent-length: 002\r\n\r\n{}pipelined junk";
        assert_eq!(read(curl).unwrap().unwrap().body, b"{}");
        let empty = b"POST / HTTP/1.1\r\nContent-Length: 000\r\n\r\n";
        assert_eq!(read(empty).unwrap().unwrap().body, b"");
    }

    #[test]
    fn only_local_hosts() {
        for host in
            ["localhost", "LOCALHOST:4244", "127.0.0.1:4244", "127.0.0.1", "[::1]:4244", "[::1]"]
        {
            assert!(is_local_host(host, Some(4244)), "{host}");
        }
        for host in [
            "evil.example:4244",
            "localhost:4245",
            "localhost:",
            "localhost:+4244",
            "localhost:4244:4244",
            "localhost.:4244",
            "localhost.evil.example",
            "127.0.0.1.nip.io:4244",
            "127.1:4244",
            "[::1]4244",
            "[::2]:4244",
            "",
        ] {
            assert!(!is_local_host(host, Some(4244)), "{host}");
        }
        assert!(is_local_host("localhost:1", None));
        assert!(!is_local_host("localhost:65536", None));
        let input = b"POST / HTTP/1.1\r\nHost: localhost:4244\r\nHost: rebound.example:4244\r\nContent-Length: 2\r\n\r\n{}";
        let limits = Limits { port: Some(4244), ..Limits::default() };
        let refusal = read_request(&mut Conn::new(input, 3), &limits).unwrap_err();
        assert_eq!(refusal.status, 403);
        assert_eq!(
            refusal.reason,
            "the Host \"rebound.example:4244\" is refused: only localhost, 127.0.0.1 and [::1] \
             (with port 4244 or none) are served, so that no web page reaches the listener \
             through a name of its own"
        );
        let long = format!("POST / HTTP/1.1\r\nHost: {}\r\n\r\n", "a".repeat(100));
        let refusal = read_request(&mut Conn::new(long.as_bytes(), 64), &limits).unwrap_err();
        assert!(refusal.reason.starts_with("the Host of 100 bytes is refused"), "{refusal:?}");
        // The method is refused first, as it always was.
        check_refused(b"GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n", 405, "GET");
    }

    #[test]
    fn a_pipelined_request_is_noticed() {
        let two = [EXTENSION_REQUEST, EXTENSION_REQUEST].concat();
        let request = read(&two).unwrap().unwrap();
        assert_eq!(request.body, b"{\"name\": \"a\"}");
        assert!(request.pipelined);
        assert!(!read(EXTENSION_REQUEST).unwrap().unwrap().pipelined);
        let blank = [EXTENSION_REQUEST, b"\r\n\r\n"].concat();
        assert!(!read(&blank).unwrap().unwrap().pipelined);
    }

    #[test]
    fn closed_before_a_request() {
        assert_eq!(read(b""), Ok(None));
        assert_eq!(read(b"\r\n"), Ok(None));
    }

    #[test]
    fn refusals() {
        check_refused(b"GET / HTTP/1.1\r\n\r\n", 405, "GET is not served here");
        check_refused(b"PUT / HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}", 405, "PUT is not served");
        check_refused(b"OPTIONS / HTTP/1.1\r\n\r\n", 405, "OPTIONS");
        check_refused(
            b"POST / HTTP/1.1\r\nOrigin: https://evil.example\r\nContent-Length: 2\r\n\r\n{}",
            403,
            "web page",
        );
        check_refused(
            b"POST / HTTP/1.1\r\nOrigin: null\r\nContent-Length: 2\r\n\r\n{}",
            403,
            "web page",
        );
        check_refused(b"POST / HTTP/1.1\r\n\r\n", 411, "Content-Length is required");
        check_refused(
            b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
            411,
            "chunks",
        );
        check_refused(b"POST / HTTP/1.1\r\nContent-Length: 5000000\r\n\r\n", 413, "5000000 bytes");
        check_refused(
            b"POST / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n",
            413,
            "more than 10^20 bytes",
        );
        check_refused(b"POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400, "not a number");
        check_refused(
            b"POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
            400,
            "twice",
        );
        check_refused(
            b"POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\n{}",
            400,
            "after 2 of the 10 bytes",
        );
        check_refused(
            b"POST / HTTP/1.1\r\nContent-Length: 2\r\nExpect: x\r\n\r\n{}",
            417,
            "100-continue",
        );
        check_refused(b"POST / HTTP/2.0\r\n\r\n", 505, "HTTP/1.1");
        check_refused(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 505, "HTTP/1.1");
        check_refused(b"POST /\r\n\r\n", 400, "not an HTTP request");
        check_refused(b"POST  / HTTP/1.1\r\n\r\n", 400, "not an HTTP request");
        check_refused(
            b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\n\n",
            400,
            "not an HTTP request",
        );
        check_refused(b"POST / HTTP/1.1\r\nX: a\r\n b\r\n\r\n", 400, "folded");
        check_refused(b"POST / HTTP/1.1\r\nNo colon\r\n\r\n", 400, "no colon");
        check_refused(b"POST / HTTP/1.1\r\nBad Name: x\r\n\r\n", 400, "not a token");
        check_refused(b"POST / HTTP/1.1\r\nX: a\x01b\r\n\r\n", 400, "control character");
        check_refused(
            b"POST / HTTP/1.1\r\nContent-Length: 2",
            400,
            "closed before the headers ended",
        );
        let long = format!("POST / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(20_000));
        check_refused(long.as_bytes(), 431, "more than 16384 bytes");
        check_refused("\r\n".repeat(9000).as_bytes(), 431, "more than 16384 bytes");
        let many: String = (0..101).map(|i| format!("X{i}: 1\r\n")).collect();
        check_refused(
            format!("POST / HTTP/1.1\r\n{many}\r\n").as_bytes(),
            431,
            "more than 100 headers",
        );
    }

    #[test]
    fn a_stalled_read_is_a_timeout() {
        let mut conn = Conn::new(b"POST / HTTP/1.1\r\nContent-Le", 5);
        conn.stalls = true;
        let refusal = read_request(&mut conn, &Limits::default()).unwrap_err();
        assert_eq!(refusal.status, 408);
        let mut conn = Conn::new(b"POST / HTTP/1.1\r\nContent-Length: 9\r\n\r\n{}", 5);
        conn.stalls = true;
        assert_eq!(read_request(&mut conn, &Limits::default()).unwrap_err().status, 408);
    }

    #[test]
    fn expect_100_continue_is_answered_when_the_body_fits() {
        let input = b"POST / HTTP/1.1\r\nExpect: 100-Continue\r\nContent-Length: 2\r\n\r\n{}";
        let mut conn = Conn::new(input, usize::MAX);
        let request = read_request(&mut conn, &Limits::default()).unwrap().unwrap();
        assert_eq!(request.body, b"{}");
        assert_eq!(conn.written, b"HTTP/1.1 100 Continue\r\n\r\n");
        let input = b"POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 9000000\r\n\r\n";
        let mut conn = Conn::new(input, usize::MAX);
        assert_eq!(read_request(&mut conn, &Limits::default()).unwrap_err().status, 413);
        assert!(conn.written.is_empty());
    }

    #[test]
    fn web_pages_may_be_allowed() {
        let input =
            b"POST / HTTP/1.1\r\nOrigin: http://localhost:3000\r\nContent-Length: 2\r\n\r\n{}";
        let limits = Limits { allow_web_pages: true, ..Limits::default() };
        let request = read_request(&mut Conn::new(input, 4), &limits).unwrap().unwrap();
        assert_eq!(request.body, b"{}");
    }

    #[test]
    fn responses() {
        let mut out = Vec::new();
        write_response(&mut out, 405, "GET is not served here").unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "HTTP/1.1 405 Method Not Allowed\r\nContent-Type: text/plain; charset=utf-8\r\n\
             Content-Length: 23\r\nConnection: close\r\nCache-Control: no-store\r\nAllow: POST\r\n\r\n\
             GET is not served here\n"
        );
        let mut out = Vec::new();
        write_response(&mut out, 200, "made abc300-a\n").unwrap();
        assert!(String::from_utf8(out).unwrap().ends_with("Content-Length: 14\r\nConnection: close\r\nCache-Control: no-store\r\n\r\nmade abc300-a\n"));
    }

    /// Random and mutated requests: never a panic, a refusal's status is one of the listed
    /// ones, and an accepted request's body is exactly what Content-Length said.
    #[test]
    fn random_bytes_never_break_the_reader() {
        let mut rng = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let pieces: &[&[u8]] = &[
            b"POST",
            b"GET",
            b" ",
            b"/",
            b" HTTP/1.1",
            b" HTTP/1.0",
            b"\r\n",
            b"\n",
            b"\r\n\r\n",
            b"Content-Length: ",
            b"Transfer-Encoding: chunked",
            b"Expect: 100-continue",
            b"Origin: chrome-extension://x",
            b"Origin: https://x",
            b"0",
            b"12",
            b"99999999999999999999",
            b":",
            b"\x00",
            b"\xff",
            b"{}",
            b"\t",
            b"-",
        ];
        let statuses = [400, 403, 405, 408, 411, 413, 417, 431, 505];
        for case in 0..20_000 {
            let mut input = Vec::new();
            let n = next() % 24;
            for _ in 0..n {
                if next() % 4 == 0 {
                    input.push(next() as u8);
                } else {
                    input.extend_from_slice(pieces[(next() % pieces.len() as u64) as usize]);
                }
            }
            if case % 2 == 0 {
                let mut valid = EXTENSION_REQUEST.to_vec();
                let at = (next() % valid.len() as u64) as usize;
                valid.splice(at..at, input.iter().copied());
                input = valid;
            }
            let step = 1 + (next() % 9) as usize;
            let mut conn = Conn::new(&input, step);
            conn.stalls = case % 3 == 0;
            match read_request(&mut conn, &Limits::default()) {
                Ok(Some(request)) => {
                    assert!(conn.at <= input.len());
                    assert!(request.body.len() <= Limits::default().max_body);
                }
                Ok(None) => assert!(input.iter().all(|b| matches!(b, b'\r' | b'\n'))),
                Err(refusal) => {
                    assert!(statuses.contains(&refusal.status), "{refusal:?} for {input:?}");
                    assert!(!refusal.reason.contains('\n'));
                }
            }
        }
    }
}
