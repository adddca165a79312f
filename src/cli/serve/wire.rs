//! HTTP/1.1 as `ludus serve` speaks it, over a `std::net::TcpStream`:
//! a request's head read and parsed ([`parse_head`], at most [`MAX_HEAD`]
//! bytes and [`MAX_HEADERS`] fields), its body read (its length declared,
//! at most [`MAX_BODY`] bytes: a larger one is refused before a byte of it
//! is read, and the connection closed), an answer written whole with its
//! length, and the connection kept for the next request or closed.
//!
//! Every read and write has a deadline, so a client slow to send or to
//! read holds its own connection's thread only, and only for a while. Which
//! requests are refused, and every answer's headers, are `http`'s: this
//! file knows the syntax only.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::time::{Duration, Instant};

/// The largest request head read (its request line and header fields),
/// in bytes.
pub(super) const MAX_HEAD: usize = 64 << 10;

/// The most header fields a request may have.
pub(super) const MAX_HEADERS: usize = 100;

/// The largest request body read, in bytes: a long game's record.
pub(super) const MAX_BODY: u64 = 8 << 20;

/// How long a new connection may take to send its request's head.
const HEAD_TIME: Duration = Duration::from_secs(10);

/// How long a connection kept open may wait before its next request
/// begins.
const IDLE_TIME: Duration = Duration::from_secs(5);

/// How long a body may take to arrive once its head has.
const BODY_TIME: Duration = Duration::from_secs(30);

/// How long an answer may take to be written.
const WRITE_TIME: Duration = Duration::from_secs(10);

/// After a refused request, how long (and how many of its bytes) the
/// server still reads and discards before it closes the connection, so
/// that the client reads the refusal before the connection is reset.
const LINGER_TIME: Duration = Duration::from_secs(1);
const LINGER_BYTES: usize = 1 << 20;

/// The most requests answered on one connection.
const MAX_REQUESTS: usize = 1000;

/// A request's head, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Head {
    /// The method, as sent (`GET`, `POST`, ...).
    pub method: String,
    /// The request target: a path, and any query.
    pub target: String,
    /// The header fields, in order, names as sent.
    pub headers: Vec<(String, String)>,
    /// The body's length in bytes (0 if none is declared), at most
    /// [`MAX_BODY`].
    pub content_length: u64,
    /// Whether the client keeps the connection open after the answer.
    pub keep_alive: bool,
    /// Whether the client waits for `100 Continue` before the body.
    pub expect_continue: bool,
}

impl Head {
    /// The value of the first header field named `name` (in any case).
    pub(super) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// A request read whole.
pub(super) struct Request {
    /// Its head.
    pub head: Head,
    /// Its body (empty if none).
    pub body: Vec<u8>,
}

/// Why a request cannot be read: answered with [`WireError::status`] and
/// the message, then the connection is closed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(super) enum WireError {
    /// Not HTTP/1.x as it is written.
    #[error("a malformed request: {0}")]
    Malformed(String),
    /// A head over [`MAX_HEAD`] bytes.
    #[error("the request's head is larger than {MAX_HEAD} bytes")]
    HeadTooLarge,
    /// More than [`MAX_HEADERS`] header fields.
    #[error("the request has more than {MAX_HEADERS} header fields")]
    TooManyHeaders,
    /// A body declared longer than [`MAX_BODY`].
    #[error("the body is larger than {MAX_BODY} bytes")]
    BodyTooLarge,
    /// A body sent in chunks (`Transfer-Encoding`), which is not read.
    #[error("a body is sent with its `Content-Length`, not a `Transfer-Encoding`")]
    LengthRequired,
    /// An `Expect` other than `100-continue`.
    #[error("the server meets no expectation but `100-continue`")]
    Expectation,
    /// The head or body did not arrive in time.
    #[error("the request did not arrive in time")]
    Timeout,
}

impl WireError {
    /// The HTTP status of the refusal: always a 4xx.
    pub(super) fn status(&self) -> u16 {
        match self {
            WireError::Malformed(_) => 400,
            WireError::Timeout => 408,
            WireError::LengthRequired => 411,
            WireError::BodyTooLarge => 413,
            WireError::Expectation => 417,
            WireError::HeadTooLarge | WireError::TooManyHeaders => 431,
        }
    }
}

/// A malformed request, for `why`.
fn malformed<T>(why: impl Into<String>) -> Result<T, WireError> {
    Err(WireError::Malformed(why.into()))
}

/// Parses a request's head: `bytes` from its request line through the
/// empty line that ends it (lines end with CRLF, or LF alone; empty lines
/// before the request line are skipped). HTTP/1.0 and 1.1, a path as the
/// target; the `Content-Length` checked (digits, one value, at most
/// [`MAX_BODY`]); `Transfer-Encoding` refused; whether the connection is
/// kept (HTTP/1.1 unless `Connection: close`, HTTP/1.0 only with
/// `Connection: keep-alive`). Never panics: every other input is an error.
pub(super) fn parse_head(bytes: &[u8]) -> Result<Head, WireError> {
    if bytes.len() > MAX_HEAD {
        return Err(WireError::HeadTooLarge);
    }
    let mut lines = Lines { rest: bytes };
    let request_line = loop {
        match lines.next()? {
            Some([]) => continue,
            Some(line) => break line,
            None => return malformed("no request line"),
        }
    };
    let (method, target, http10) = request_line_parts(request_line)?;
    let mut head = Head {
        method,
        target,
        headers: Vec::new(),
        content_length: 0,
        keep_alive: false,
        expect_continue: false,
    };
    let mut ended = false;
    while let Some(line) = lines.next()? {
        if line.is_empty() {
            ended = true;
            break;
        }
        if head.headers.len() == MAX_HEADERS {
            return Err(WireError::TooManyHeaders);
        }
        head.headers.push(field(line)?);
    }
    if !ended || !lines.rest.is_empty() {
        return malformed("the head does not end with an empty line");
    }
    fields_read(&mut head, http10)?;
    Ok(head)
}

/// The lines of a head: each up to a LF, without it and a CR before it.
struct Lines<'a> {
    rest: &'a [u8],
}

impl<'a> Lines<'a> {
    /// The next line; `None` at the end; a CR elsewhere than before a LF
    /// is refused, as is a last line without its LF.
    fn next(&mut self) -> Result<Option<&'a [u8]>, WireError> {
        if self.rest.is_empty() {
            return Ok(None);
        }
        let Some(lf) = self.rest.iter().position(|&b| b == b'\n') else {
            return malformed("a line does not end");
        };
        let (line, rest) = self.rest.split_at(lf);
        self.rest = &rest[1..];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.contains(&b'\r') {
            return malformed("a carriage return inside a line");
        }
        Ok(Some(line))
    }
}

/// The method, the target and whether the version is HTTP/1.0, of a
/// request line `METHOD SP TARGET SP HTTP/1.x`.
fn request_line_parts(line: &[u8]) -> Result<(String, String, bool), WireError> {
    let Ok(line) = std::str::from_utf8(line) else {
        return malformed("the request line is not text");
    };
    let mut parts = line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return malformed("the request line is not `METHOD PATH HTTP/1.1`");
    };
    if method.is_empty() || !method.bytes().all(is_token) {
        return malformed("the method is not a word");
    }
    if !target.starts_with('/') || !target.bytes().all(|b| b.is_ascii_graphic()) {
        return malformed("the target is not a path starting with `/`");
    }
    let http10 = match version {
        "HTTP/1.1" => false,
        "HTTP/1.0" => true,
        _ => return malformed("only HTTP/1.0 and HTTP/1.1 are spoken here"),
    };
    Ok((method.to_string(), target.to_string(), http10))
}

/// Whether `b` may be part of a method or a field name (a `tchar`).
fn is_token(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

/// A header field `NAME: VALUE`, the value without the spaces around it;
/// a value's bytes past ASCII kept (as text, lossily).
fn field(line: &[u8]) -> Result<(String, String), WireError> {
    if line.starts_with(b" ") || line.starts_with(b"\t") {
        return malformed("a header field folded onto a second line");
    }
    let Some(colon) = line.iter().position(|&b| b == b':') else {
        return malformed("a header line without `:`");
    };
    let (name, value) = (&line[..colon], &line[colon + 1..]);
    if name.is_empty() || !name.iter().all(|&b| is_token(b)) {
        return malformed("a header field's name is not a word");
    }
    if value.iter().any(|&b| (b < 0x20 && b != b'\t') || b == 0x7f) {
        return malformed("a control character in a header field");
    }
    let value = value.trim_ascii();
    Ok((
        String::from_utf8_lossy(name).into_owned(),
        String::from_utf8_lossy(value).into_owned(),
    ))
}

/// The fields the reading of a request depends on: `Host` (at most one),
/// `Content-Length`, `Transfer-Encoding`, `Connection` and `Expect`.
fn fields_read(head: &mut Head, http10: bool) -> Result<(), WireError> {
    let mut length: Option<u64> = None;
    let mut hosts = 0;
    let (mut close, mut keep, mut expect) = (false, false, false);
    for (name, value) in &head.headers {
        let name = name.to_ascii_lowercase();
        match name.as_str() {
            "host" => {
                hosts += 1;
                if hosts > 1 {
                    return malformed("more than one `Host`");
                }
            }
            "content-length" => {
                let n = content_length(value)?;
                if length.is_some_and(|l| l != n) {
                    return malformed("two different `Content-Length`s");
                }
                length = Some(n);
            }
            "transfer-encoding" => return Err(WireError::LengthRequired),
            "connection" => {
                for option in value.split(',').map(str::trim) {
                    close |= option.eq_ignore_ascii_case("close");
                    keep |= option.eq_ignore_ascii_case("keep-alive");
                }
            }
            "expect" if value.eq_ignore_ascii_case("100-continue") => {
                expect = true;
            }
            "expect" => return Err(WireError::Expectation),
            _ => {}
        }
    }
    // HTTP/1.1 keeps the connection unless told to close it; HTTP/1.0
    // closes it unless told to keep it.
    head.keep_alive = !close && (!http10 || keep);
    head.expect_continue = expect;
    let length = length.unwrap_or(0);
    if length > MAX_BODY {
        return Err(WireError::BodyTooLarge);
    }
    head.content_length = length;
    Ok(())
}

/// A `Content-Length`: digits only; a number too large for 64 bits is
/// larger than [`MAX_BODY`] all the same.
fn content_length(value: &str) -> Result<u64, WireError> {
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return malformed("the `Content-Length` is not a number of bytes");
    }
    Ok(value.parse::<u64>().unwrap_or(u64::MAX))
}

/// An answer to write: the status, the header fields (besides
/// `Content-Length` and `Connection`, which [`serve`] adds) and the body.
pub(super) struct Reply {
    /// The status.
    pub status: u16,
    /// The header fields.
    pub headers: Vec<(&'static str, String)>,
    /// The body.
    pub body: Vec<u8>,
}

/// Serves the requests of one connection in turn, `answer` giving each
/// answer (also the refusal of a request that cannot be read), until the
/// client closes it, asks to, fails to send in time, or sends a request
/// that cannot be read; or until `keep_open` says the server is too busy
/// to keep an idle connection.
pub(super) fn serve(
    stream: TcpStream,
    answer: impl Fn(Result<Request, WireError>) -> Reply,
    keep_open: impl Fn() -> bool,
) {
    let _ = stream.set_nodelay(true);
    let _ = stream.set_write_timeout(Some(WRITE_TIME));
    let mut conn = Connection {
        stream,
        pending: Vec::new(),
    };
    for served in 0..MAX_REQUESTS {
        let wait = if served == 0 { HEAD_TIME } else { IDLE_TIME };
        let request = match conn.read_head(wait) {
            Ok(None) => return,
            Ok(Some(bytes)) => parse_head(&bytes).and_then(|head| conn.read_body(head)),
            Err(e) => Err(e),
        };
        let request = match request {
            Ok(r) => r,
            Err(e) => {
                let _ = conn.send(&answer(Err(e)), false, false);
                conn.linger();
                return;
            }
        };
        let keep = request.head.keep_alive && served + 1 < MAX_REQUESTS && keep_open();
        let head_only = request.head.method == "HEAD";
        let reply = answer(Ok(request));
        if conn.send(&reply, head_only, keep).is_err() || !keep {
            return;
        }
    }
}

/// Refuses a connection at once with `reply`, without reading its
/// request or waiting to write (the server is too busy to give it a
/// thread).
pub(super) fn refuse_now(mut stream: TcpStream, reply: &Reply) {
    let _ = stream.set_nonblocking(true);
    let _ = stream.write(&answer_bytes(reply, false, false));
    let _ = stream.shutdown(Shutdown::Write);
}

/// A connection: its stream, and the bytes read but not yet used (the
/// start of the next request, or of a body).
struct Connection {
    stream: TcpStream,
    pending: Vec<u8>,
}

/// Whether `e` is a read that timed out.
fn timed_out(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
    )
}

impl Connection {
    /// Reads what the client sends next, before `deadline`, onto
    /// `pending`: the number of bytes (0: the client closed).
    fn fill(&mut self, deadline: Instant) -> io::Result<usize> {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::ErrorKind::TimedOut.into());
        }
        self.stream.set_read_timeout(Some(left))?;
        let mut chunk = [0u8; 16 << 10];
        loop {
            match self.stream.read(&mut chunk) {
                Ok(n) => {
                    self.pending.extend_from_slice(&chunk[..n]);
                    return Ok(n);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// The next request's head, through the empty line that ends it;
    /// `None` if the client closes or sends nothing within `wait`.
    /// Bounded by [`MAX_HEAD`]: more is refused as soon as it is read.
    fn read_head(&mut self, wait: Duration) -> Result<Option<Vec<u8>>, WireError> {
        let mut deadline = Instant::now() + wait;
        let mut started = false;
        let mut searched = 0;
        loop {
            if !started {
                // Empty lines before a request are skipped.
                let blank = self
                    .pending
                    .iter()
                    .take_while(|&&b| b == b'\r' || b == b'\n')
                    .count();
                self.pending.drain(..blank);
                if !self.pending.is_empty() {
                    started = true;
                    deadline = Instant::now() + HEAD_TIME;
                }
            }
            if let Some(end) = head_end(&self.pending, searched) {
                if end > MAX_HEAD {
                    return Err(WireError::HeadTooLarge);
                }
                return Ok(Some(self.pending.drain(..end).collect()));
            }
            if self.pending.len() > MAX_HEAD {
                return Err(WireError::HeadTooLarge);
            }
            searched = self.pending.len().saturating_sub(2);
            match self.fill(deadline) {
                Ok(0) if !started => return Ok(None),
                Ok(0) => return malformed("the connection closed inside the head"),
                Ok(_) => {}
                Err(e) if timed_out(&e) && started => return Err(WireError::Timeout),
                Err(_) => return Ok(None),
            }
        }
    }

    /// The request of `head`: its body read, `100 Continue` sent first if
    /// the client waits for it.
    fn read_body(&mut self, head: Head) -> Result<Request, WireError> {
        // At most MAX_BODY, checked by the parser.
        let length = usize::try_from(head.content_length).unwrap_or(usize::MAX);
        if head.expect_continue && length > self.pending.len() {
            let _ = self.stream.write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
        }
        let deadline = Instant::now() + BODY_TIME;
        while self.pending.len() < length {
            match self.fill(deadline) {
                Ok(0) => return malformed("the connection closed inside the body"),
                Ok(_) => {}
                Err(e) if timed_out(&e) => return Err(WireError::Timeout),
                Err(e) => return malformed(format!("cannot read the body: {e}")),
            }
        }
        let rest = self.pending.split_off(length);
        let body = std::mem::replace(&mut self.pending, rest);
        Ok(Request { head, body })
    }

    /// Writes `reply` (its body left out if `head_only`), saying whether
    /// the connection is kept.
    fn send(&mut self, reply: &Reply, head_only: bool, keep: bool) -> io::Result<()> {
        self.stream
            .write_all(&answer_bytes(reply, head_only, keep))?;
        self.stream.flush()
    }

    /// Closes the connection after a refusal: no more is written, and
    /// what the client still sends is read and dropped for a moment (at
    /// most [`LINGER_BYTES`], never a whole declared body), so that the
    /// client can read the refusal before the connection is reset.
    fn linger(mut self) {
        let _ = self.stream.shutdown(Shutdown::Write);
        let deadline = Instant::now() + LINGER_TIME;
        let mut dropped = 0;
        while dropped < LINGER_BYTES {
            self.pending.clear();
            match self.fill(deadline) {
                Ok(0) | Err(_) => return,
                Ok(n) => dropped += n,
            }
        }
    }
}

/// Where the head at the start of `buf` ends: just after its first empty
/// line (`\n\n` or `\n\r\n`), looked for from `from` on.
fn head_end(buf: &[u8], from: usize) -> Option<usize> {
    (from..buf.len()).find_map(|i| {
        if buf[i] != b'\n' {
            return None;
        }
        match (buf.get(i + 1), buf.get(i + 2)) {
            (Some(b'\n'), _) => Some(i + 2),
            (Some(b'\r'), Some(b'\n')) => Some(i + 3),
            _ => None,
        }
    })
}

/// The bytes of an answer: the status line, `reply`'s fields, the body's
/// length and whether the connection is kept, then the body.
fn answer_bytes(reply: &Reply, head_only: bool, keep: bool) -> Vec<u8> {
    let mut out = format!("HTTP/1.1 {} {}\r\n", reply.status, reason(reply.status));
    for (name, value) in &reply.headers {
        out.push_str(&format!("{name}: {value}\r\n"));
    }
    out.push_str(&format!("Content-Length: {}\r\n", reply.body.len()));
    let connection = if keep { "keep-alive" } else { "close" };
    out.push_str(&format!("Connection: {connection}\r\n\r\n"));
    let mut bytes = out.into_bytes();
    if !head_only {
        bytes.extend_from_slice(&reply.body);
    }
    bytes
}

/// The reason phrase of the statuses the server answers with.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        417 => "Expectation Failed",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A valid request of the page, with a body of `n` bytes declared.
    fn valid(n: usize) -> Vec<u8> {
        format!(
            "POST /api/game/1/move HTTP/1.1\r\nHost: 127.0.0.1:8032\r\nContent-Type: application/json\r\nOrigin: http://127.0.0.1:8032\r\nContent-Length: {n}\r\n\r\n"
        )
        .into_bytes()
    }

    #[test]
    fn a_request_head_is_read() {
        let head = parse_head(&valid(12)).unwrap();
        assert_eq!(head.method, "POST");
        assert_eq!(head.target, "/api/game/1/move");
        assert_eq!(head.header("content-type"), Some("application/json"));
        assert_eq!(head.content_length, 12);
        assert!(head.keep_alive && !head.expect_continue);
        let old = parse_head(b"\r\nGET / HTTP/1.0\nHost: x\n\n").unwrap();
        assert!(!old.keep_alive);
        let kept = parse_head(b"GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").unwrap();
        assert!(kept.keep_alive);
        let closed = parse_head(b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n").unwrap();
        assert!(!closed.keep_alive);
    }

    #[test]
    fn a_bad_head_is_refused_with_its_status() {
        let status = |bytes: &[u8]| {
            parse_head(bytes)
                .map(|_| 200)
                .unwrap_or_else(|e| e.status())
        };
        let long = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "b".repeat(MAX_HEAD));
        let many: String = (0..=MAX_HEADERS).map(|i| format!("X{i}: 1\r\n")).collect();
        let many = format!("GET / HTTP/1.1\r\n{many}\r\n");
        for (bytes, expected) in [
            (
                &b"GET / HTTP/1.1\r\nContent-Length: 99999999999\r\n\r\n"[..],
                413,
            ),
            (
                b"GET / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n",
                413,
            ),
            (b"GET / HTTP/1.1\r\nContent-Length: -5\r\n\r\n", 400),
            (
                b"GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
                400,
            ),
            (b"GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 411),
            (b"GET / HTTP/1.1\r\nExpect: something\r\n\r\n", 417),
            (b"GET / HTTP/2.0\r\n\r\n", 400),
            (b"GET http://evil/ HTTP/1.1\r\n\r\n", 400),
            (b"GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
            (b"GET / HTTP/1.1\r\n folded\r\n\r\n", 400),
            (b"GET / HTTP/1.1\r\nX: a\rb\r\n\r\n", 400),
            (b"GET / HTTP/1.1\r\nX: a\x00b\r\n\r\n", 400),
            (b"GET / HTTP/1.1\r\nHost: x\r\n", 400),
            (b"\x00\x01\x02garbage\r\n\r\n", 400),
            (b"", 400),
            (long.as_bytes(), 431),
            (many.as_bytes(), 431),
        ] {
            assert_eq!(
                status(bytes),
                expected,
                "{:?}",
                String::from_utf8_lossy(bytes)
            );
        }
    }

    /// A tiny seeded generator (xorshift64*): the same mutations every run.
    struct Xorshift(u64);

    impl Xorshift {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }

        /// A number below `n` (`n` > 0).
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// `bytes` mutated once: a byte flipped, set or removed, the text cut,
    /// a line repeated, a huge number, CRLF and LF swapped, bytes past
    /// ASCII, a long field.
    fn mutate(bytes: &mut Vec<u8>, rng: &mut Xorshift) {
        let at = |rng: &mut Xorshift, bytes: &Vec<u8>| rng.below(bytes.len().max(1));
        match rng.below(10) {
            0 if !bytes.is_empty() => {
                let i = at(rng, bytes);
                bytes[i] ^= 1 << rng.below(8);
            }
            1 if !bytes.is_empty() => {
                let i = at(rng, bytes);
                bytes[i] = rng.next() as u8;
            }
            2 if !bytes.is_empty() => {
                let i = at(rng, bytes);
                bytes.remove(i);
            }
            3 => {
                let i = at(rng, bytes);
                bytes.truncate(i);
            }
            4 => {
                // A line repeated (a header field sent twice).
                let text = bytes.clone();
                let lines: Vec<&[u8]> = text.split_inclusive(|&b| b == b'\n').collect();
                let k = rng.below(lines.len().max(1));
                if let Some(line) = lines.get(k) {
                    let i = at(rng, bytes);
                    bytes.splice(i..i, line.iter().copied());
                }
            }
            5 => {
                let huge = [
                    "99999999999",
                    "18446744073709551616",
                    "-1",
                    "0x10",
                    " 7 ",
                    "1e9",
                ];
                let text = String::from_utf8_lossy(bytes).replacen(
                    "Content-Length: ",
                    &format!("Content-Length: {}", huge[rng.below(huge.len())]),
                    1,
                );
                *bytes = text.into_bytes();
            }
            6 => {
                // CRLF and LF swapped, here and there.
                let mut out = Vec::new();
                for &b in bytes.iter() {
                    match b {
                        b'\r' if rng.below(3) == 0 => {}
                        b'\n' if rng.below(3) == 0 => out.extend_from_slice(b"\r\n"),
                        _ => out.push(b),
                    }
                }
                *bytes = out;
            }
            7 => {
                let i = at(rng, bytes);
                let odd: &[u8] = [&b"\xff\xfe"[..], b"\xc3\x28", b"\x80", b"\0"][rng.below(4)];
                bytes.splice(i..i, odd.iter().copied());
            }
            8 => {
                let i = at(rng, bytes);
                let n = [10, 1000, MAX_HEAD][rng.below(3)];
                let field = format!("X-Long: {}\r\n", "a".repeat(n));
                bytes.splice(i..i, field.into_bytes());
            }
            _ => {
                let i = at(rng, bytes);
                let word: &[u8] =
                    [&b"\r\n"[..], b"\n", b":", b" ", b"\t", b"\r", b"HTTP/1.1"][rng.below(7)];
                bytes.splice(i..i, word.iter().copied());
            }
        }
    }

    /// The head parser fed seeded random mutations of valid requests:
    /// never a panic, and each answer a head or a 4xx refusal.
    #[test]
    fn the_head_parser_survives_mutated_requests() {
        let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
        let seeds = [
            valid(0),
            valid(20),
            b"GET /api/games HTTP/1.1\r\nHost: localhost:1\r\nConnection: close\r\n\r\n".to_vec(),
            b"GET / HTTP/1.0\nHost: 127.0.0.1:2\nConnection: keep-alive\n\n".to_vec(),
            b"POST /api/new HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n"
                .to_vec(),
        ];
        let (mut parsed, mut refused) = (0, 0);
        for round in 0..5000 {
            let mut bytes = seeds[round % seeds.len()].clone();
            for _ in 0..1 + rng.below(4) {
                mutate(&mut bytes, &mut rng);
            }
            match parse_head(&bytes) {
                Ok(head) => {
                    parsed += 1;
                    assert!(head.content_length <= MAX_BODY);
                    assert!(head.target.starts_with('/'));
                    assert!(head.headers.len() <= MAX_HEADERS);
                }
                Err(e) => {
                    refused += 1;
                    assert!((400..500).contains(&e.status()), "{e:?}");
                    assert!(!e.to_string().is_empty());
                }
            }
        }
        // Both outcomes are exercised.
        assert!(
            parsed > 100 && refused > 100,
            "{parsed} parsed, {refused} refused"
        );
    }

    #[test]
    fn the_end_of_a_head_is_found_with_either_line_ending() {
        assert_eq!(head_end(b"GET / HTTP/1.1\r\n\r\nbody", 0), Some(18));
        assert_eq!(head_end(b"GET / HTTP/1.1\n\nbody", 0), Some(16));
        assert_eq!(head_end(b"GET / HTTP/1.1\r\nHost: x\r\n", 0), None);
    }
}
