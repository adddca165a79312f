//! HTTP for `ludus serve`: the requests refused before they reach the API
//! (another host, as after DNS rebinding; another origin, as from another
//! site's page; a JSON request without its content type; one that cannot
//! be read, which `wire` refuses), the page's files, and every answer's
//! headers.

use super::api::{Answer, Api};
use super::body::Refusal;
use super::wire::{self, Head, Reply, Request, WireError};
use std::net::TcpStream;

/// The page, its script and its style, built into the binary.
const PAGE_HTML: &str = include_str!("page.html");
const PAGE_JS: &str = include_str!("page.js");
const PAGE_CSS: &str = include_str!("page.css");

/// An answer about to be sent: status, content type, body, and the name
/// a browser saves it under (records).
struct Sent {
    status: u16,
    content_type: &'static str,
    body: Vec<u8>,
    attachment: Option<String>,
}

impl Sent {
    /// A JSON answer.
    fn json(status: u16, value: &serde_json::Value) -> Sent {
        Sent {
            status,
            content_type: "application/json; charset=utf-8",
            body: value.to_string().into_bytes(),
            attachment: None,
        }
    }

    /// A refusal as JSON: `{"error": message}`.
    fn refusal(r: &Refusal) -> Sent {
        Sent::json(r.status, &serde_json::json!({ "error": r.message }))
    }
}

/// Refuses a connection at once: too many are being answered.
pub(super) fn too_busy(stream: TcpStream) {
    let sent = Sent::refusal(&Refusal {
        status: 503,
        message: "the server is answering too many requests: try again".into(),
    });
    wire::refuse_now(stream, &reply(sent));
}

/// Answers the requests of one connection; `busy` says whether the server
/// is too busy to keep it open once a request is answered.
pub(super) fn connection(stream: TcpStream, port: u16, api: &Api, busy: impl Fn() -> bool) {
    let answer = |request: Result<Request, WireError>| {
        reply(match request {
            Ok(request) => respond(&request, port, api),
            Err(e) => Sent::refusal(&Refusal {
                status: e.status(),
                message: e.to_string(),
            }),
        })
    };
    wire::serve(stream, answer, || !busy());
}

/// `sent` with every answer's headers.
fn reply(sent: Sent) -> Reply {
    let mut headers = vec![
        ("Content-Type", sent.content_type.to_string()),
        ("Cache-Control", "no-store".to_string()),
        ("X-Content-Type-Options", "nosniff".to_string()),
        ("X-Frame-Options", "DENY".to_string()),
        (
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'".to_string(),
        ),
    ];
    if let Some(name) = sent.attachment {
        headers.push((
            "Content-Disposition",
            format!("attachment; filename=\"{name}\""),
        ));
    }
    Reply {
        status: sent.status,
        headers,
        body: sent.body,
    }
}

/// The answer to `request`.
fn respond(request: &Request, port: u16, api: &Api) -> Sent {
    let head = &request.head;
    if let Err(r) = same_origin(head, port) {
        return Sent::refusal(&r);
    }
    let method = head.method.as_str();
    let path = head.target.split(['?', '#']).next().unwrap_or_default();
    if !path.starts_with("/api/") {
        return page_file(method, path);
    }
    if let Err(r) = json_body(head, &request.body) {
        return Sent::refusal(&r);
    }
    // The server stays up whatever a request does; a fault in a game ends
    // that game only.
    let routed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        api.route(method, path, &request.body)
    }));
    match routed {
        Ok(Ok(Answer::Json(v))) => Sent::json(200, &v),
        Ok(Ok(Answer::Record { text, name })) => Sent {
            status: 200,
            content_type: "application/x-ndjson; charset=utf-8",
            body: text.into_bytes(),
            attachment: Some(name),
        },
        Ok(Err(r)) => Sent::refusal(&r),
        Err(_) => {
            api.forget_path(path);
            Sent::json(
                500,
                &serde_json::json!({ "error": "the server failed on this request; the game was closed" }),
            )
        }
    }
}

/// Refuses a request whose `Host` is not this server on the loopback
/// address (a DNS-rebinding attack names another host), or whose `Origin`
/// or `Sec-Fetch-Site` says another site's page sent it.
fn same_origin(head: &Head, port: u16) -> Result<(), Refusal> {
    let header = |name: &str| head.header(name);
    let hosts = [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
    ];
    let refused = |message: String| {
        Err(Refusal {
            status: 403,
            message,
        })
    };
    match header("Host") {
        Some(host) if hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) => {}
        Some(host) => return refused(format!("refused: the host `{host}` is not this server")),
        None => return refused("refused: the request names no host".into()),
    }
    if let Some(origin) = header("Origin")
        && !hosts
            .iter()
            .any(|h| origin.eq_ignore_ascii_case(&format!("http://{h}")))
    {
        return refused(format!(
            "refused: a page of `{origin}` may not use this server"
        ));
    }
    if let Some(site) = header("Sec-Fetch-Site")
        && !["same-origin", "none"].contains(&site)
    {
        return refused(format!("refused: a {site} request"));
    }
    Ok(())
}

/// Refuses a `POST` with a body that is not sent as JSON (its content
/// type); the body's size is bounded by `wire` before it is read.
fn json_body(head: &Head, body: &[u8]) -> Result<(), Refusal> {
    let json = head
        .header("Content-Type")
        .is_some_and(|t| t.starts_with("application/json"));
    if head.method == "POST" && !body.is_empty() && !json {
        return Err(Refusal {
            status: 415,
            message: "the body must be sent as `Content-Type: application/json`".into(),
        });
    }
    Ok(())
}

/// The page's files.
fn page_file(method: &str, path: &str) -> Sent {
    let (content_type, text) = match path {
        "/" | "/index.html" => ("text/html; charset=utf-8", PAGE_HTML),
        "/page.js" => ("text/javascript; charset=utf-8", PAGE_JS),
        "/page.css" => ("text/css; charset=utf-8", PAGE_CSS),
        _ => {
            return Sent::refusal(&Refusal {
                status: 404,
                message: format!("no page `{path}`"),
            });
        }
    };
    if method != "GET" && method != "HEAD" {
        return Sent::refusal(&Refusal {
            status: 405,
            message: format!("`{method} {path}`: the page is read with GET"),
        });
    }
    Sent {
        status: 200,
        content_type,
        body: text.as_bytes().to_vec(),
        attachment: None,
    }
}
