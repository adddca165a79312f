//! `ludus serve`: play and replay games in a web browser. A local web
//! server (tiny_http, on 127.0.0.1 only) serves one page (`serve/page.*`,
//! built into the binary) and a JSON API over the REPL's own session: a
//! move is read, checked and played by the code that reads a line typed
//! at `ludus play` ([`crate::cli::repl::Session::typed_move`]), a record
//! written by the code behind its `save`, and the board drawn by
//! [`ludus::svg`], as `render` draws it.
//!
//! One concept a file: `games` (the games listed, and those being
//! played, kept by id), `api` (the JSON requests and answers), `http`
//! (the requests refused before they reach the API: another origin or
//! host, a body too large; the page's files).

mod api;
mod games;
mod http;

use crate::Failure;
use games::Listed;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Runs the server for the games `files` (every bundled game if none) on
/// `port` of 127.0.0.1 (0: a free port the system picks) until the process
/// is stopped. The page's address is the first line printed.
pub(crate) fn serve(files: &[PathBuf], port: u16, open: bool) -> Result<ExitCode, Failure> {
    let listed = games::list(files)?;
    let server = tiny_http::Server::http(("127.0.0.1", port))
        .map_err(|e| Failure::Message(format!("cannot listen on 127.0.0.1:{port}: {e}")))?;
    let port = server
        .server_addr()
        .to_ip()
        .map(|a| a.port())
        .ok_or_else(|| Failure::Message("the server has no IP address".into()))?;
    let url = format!("http://127.0.0.1:{port}/");
    say!("{url}");
    say!(
        "serving {} game{} to this machine only; stop with Ctrl-C",
        listed.len(),
        if listed.len() == 1 { "" } else { "s" }
    );
    std::io::stdout().flush().map_err(Failure::output)?;
    if open {
        open_browser(&url);
    }
    run(&server, &listed, port);
    Ok(ExitCode::SUCCESS)
}

/// The most requests answered at once; past it a request is refused
/// (503) at once.
const MAX_IN_FLIGHT: usize = 32;

/// Answers requests until the server stops, each on a thread of its own
/// (so that a client slow to send its body holds up no other), the games
/// each behind a lock of its own (so that an agent's search holds up no
/// other game).
fn run(server: &tiny_http::Server, listed: &[Listed], port: u16) {
    let api = api::Api::new(listed);
    let in_flight = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for request in server.incoming_requests() {
            if in_flight.fetch_add(1, Ordering::SeqCst) >= MAX_IN_FLIGHT {
                in_flight.fetch_sub(1, Ordering::SeqCst);
                http::too_busy(request);
                continue;
            }
            let (api, in_flight) = (&api, &in_flight);
            scope.spawn(move || {
                http::answer(request, port, api);
                in_flight.fetch_sub(1, Ordering::SeqCst);
            });
        }
    });
}

/// Asks the system to open `url` in the web browser; says why not if it
/// cannot (the server goes on).
fn open_browser(url: &str) {
    let (program, args): (&str, Vec<&str>) = if cfg!(target_os = "macos") {
        ("open", vec![url])
    } else if cfg!(windows) {
        ("cmd", vec!["/C", "start", "", url])
    } else {
        ("xdg-open", vec![url])
    };
    let opened = std::process::Command::new(program)
        .args(&args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(e) = opened {
        eprintln!("cannot open a browser ({program}: {e}): open {url} yourself");
    }
}
