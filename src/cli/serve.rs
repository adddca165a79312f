//! `ludus serve`: play and replay games in a web browser. A local web
//! server (on 127.0.0.1 only, HTTP/1.1 of its own over `std::net`) serves one page (`serve/page.*`,
//! built into the binary) and a JSON API over the REPL's own session: a
//! move is read, checked and played by the code that reads a line typed
//! at `ludus play` ([`crate::cli::repl::Session::typed_move`]), a record
//! written by the code behind its `save`, and the board drawn by
//! [`ludus::svg`], as `render` draws it.
//!
//! One concept a file: `games` (the games listed, and those being
//! played, kept by id, each behind a lock of its own), `api` (the JSON
//! requests and answers), `http` (the requests refused before they reach
//! the API: another origin or host, a body not sent as JSON; the page's
//! files; every answer's headers), `wire` (HTTP/1.1 itself: a request's
//! head and body read, bounded and with deadlines, an answer written).

mod api;
mod body;
mod games;
mod http;
mod wire;

use crate::Failure;
use games::Listed;
use std::io::Write;
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Runs the server for the games `files` (every bundled game if none) on
/// `port` of 127.0.0.1 (0: a free port the system picks) until the process
/// is stopped. The page's address is the first line printed.
pub(crate) fn serve(files: &[PathBuf], port: u16, open: bool) -> Result<ExitCode, Failure> {
    let listed = games::list(files)?;
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| Failure::Message(format!("cannot listen on 127.0.0.1:{port}: {e}")))?;
    let port = listener
        .local_addr()
        .map_err(|e| Failure::Message(format!("the server has no address: {e}")))?
        .port();
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
    run(&listener, &listed, port);
    Ok(ExitCode::SUCCESS)
}

/// The most connections served at once (each answers one request at a
/// time); past it a connection is refused (503) at once.
const MAX_IN_FLIGHT: usize = 32;

/// Accepts connections until the server stops, each on a thread of its
/// own (so that a client slow to send its body holds up no other), the
/// games each behind a lock of its own (so that an agent's search holds up
/// no other game).
fn run(listener: &TcpListener, listed: &[Listed], port: u16) {
    let api = api::Api::new(listed);
    let in_flight = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for stream in listener.incoming() {
            let stream = match stream {
                Ok(s) => s,
                Err(_) => {
                    // Out of file descriptors, say: wait for some to close.
                    std::thread::sleep(std::time::Duration::from_millis(50));
                    continue;
                }
            };
            if in_flight.fetch_add(1, Ordering::SeqCst) >= MAX_IN_FLIGHT {
                in_flight.fetch_sub(1, Ordering::SeqCst);
                http::too_busy(stream);
                continue;
            }
            let slot = Slot(&in_flight);
            let api = &api;
            // A thread that cannot be made drops its connection (and slot).
            let _ = std::thread::Builder::new().spawn_scoped(scope, move || {
                let busy = || slot.0.load(Ordering::SeqCst) > MAX_IN_FLIGHT / 2;
                http::connection(stream, port, api, busy);
                drop(slot);
            });
        }
    });
}

/// A connection counted in flight, until it is dropped (even by a panic).
struct Slot<'a>(&'a AtomicUsize);

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
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
