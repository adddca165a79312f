//! HTTP for `ludus serve`: the requests refused before they reach the API
//! (another host, as after DNS rebinding; another origin, as from another
//! site's page; a body over [`MAX_BODY`]; a JSON request without its
//! content type), the page's files, and every answer's headers.

use super::api::{Answer, Api, Refusal};
use std::io::Read;
use tiny_http::{Header, Request, Response};

/// The largest request body read, in bytes: a long game's record.
pub(super) const MAX_BODY: u64 = 8 << 20;

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

/// Refuses a request at once: too many are being answered.
pub(super) fn too_busy(request: Request) {
    send(
        request,
        Sent::refusal(&Refusal {
            status: 503,
            message: "the server is answering too many requests: try again".into(),
        }),
    );
}

/// Answers one request.
pub(super) fn answer(mut request: Request, port: u16, api: &Api) {
    let sent = respond(&mut request, port, api);
    send(request, sent);
}

/// Sends `sent` with its headers; a failure to send (the browser went
/// away) is ignored.
fn send(request: Request, sent: Sent) {
    // Sent whole with its length, never in chunks: simpler for any client.
    let mut response = Response::from_data(sent.body)
        .with_status_code(sent.status)
        .with_chunked_threshold(usize::MAX);
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
    for (field, value) in headers {
        if let Ok(h) = Header::from_bytes(field.as_bytes(), value.as_bytes()) {
            response.add_header(h);
        }
    }
    let _ = request.respond(response);
}

/// The answer to `request`.
fn respond(request: &mut Request, port: u16, api: &Api) -> Sent {
    if let Err(r) = same_origin(request, port) {
        return Sent::refusal(&r);
    }
    let method = request.method().to_string();
    let url = request.url().to_string();
    let path = url.split(['?', '#']).next().unwrap_or_default().to_string();
    if !path.starts_with("/api/") {
        return page_file(&method, &path);
    }
    let body = match body(request, &method) {
        Ok(b) => b,
        Err(r) => return Sent::refusal(&r),
    };
    // The server stays up whatever a request does; a fault in a game ends
    // that game only.
    let routed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        api.route(&method, &path, &body)
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
            api.forget_path(&path);
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
fn same_origin(request: &Request, port: u16) -> Result<(), Refusal> {
    let header = |name: &'static str| {
        request
            .headers()
            .iter()
            .find(|h| h.field.equiv(name))
            .map(|h| h.value.as_str().to_string())
    };
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
        Some(host) if hosts.iter().any(|h| h.eq_ignore_ascii_case(&host)) => {}
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
        && !["same-origin", "none"].contains(&site.as_str())
    {
        return refused(format!("refused: a {site} request"));
    }
    Ok(())
}

/// The body of an API request: at most [`MAX_BODY`] bytes, and JSON
/// (its content type) where there is one.
fn body(request: &mut Request, method: &str) -> Result<Vec<u8>, Refusal> {
    let too_large = || Refusal {
        status: 413,
        message: format!("the body is larger than {MAX_BODY} bytes"),
    };
    if request.body_length().is_some_and(|n| n as u64 > MAX_BODY) {
        return Err(too_large());
    }
    let mut body = Vec::new();
    request
        .as_reader()
        .take(MAX_BODY + 1)
        .read_to_end(&mut body)
        .map_err(|e| Refusal {
            status: 400,
            message: format!("cannot read the body: {e}"),
        })?;
    if body.len() as u64 > MAX_BODY {
        return Err(too_large());
    }
    let json = request
        .headers()
        .iter()
        .any(|h| h.field.equiv("Content-Type") && h.value.as_str().starts_with("application/json"));
    if method == "POST" && !body.is_empty() && !json {
        return Err(Refusal {
            status: 415,
            message: "the body must be sent as `Content-Type: application/json`".into(),
        });
    }
    Ok(body)
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
