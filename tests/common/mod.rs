//! Helpers shared by the integration tests.
// Each test binary uses its own subset of these.
#![allow(dead_code)]

use ludus::engine::{Engine, State};
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The engine of a game file; panics with its rendered diagnostics.
pub fn engine_at(path: &Path) -> Engine {
    let loaded = ludus::load::load(path).unwrap_or_else(|e| panic!("{e}"));
    match loaded.game {
        Ok(game) => Engine::new(game),
        Err(d) => panic!("{}", loaded.sources.render(&d)),
    }
}

/// The engine of a variant of the bundled game file `base`
/// (`english-draughts.game`) with the sections `change` adds; panics with
/// its rendered diagnostics.
pub fn variant_of(base: &str, change: &str) -> Engine {
    let text = format!("variant \"Changed\" of \"{base}\"\n{change}\n");
    let loaded = ludus::load::load_text(&root().join("games/variant.game"), &text);
    match loaded.game {
        Ok(game) => Engine::new(game),
        Err(d) => panic!("{}", loaded.sources.render(&d)),
    }
}

/// Men of each player on every site, zones included (a stack counts all,
/// and a man pinned under the other player's men counts for his owner).
pub fn men(engine: &Engine, st: &State) -> Vec<u32> {
    let mut total = vec![0; engine.players()];
    for s in 0..engine.sites() {
        if let Some((player, _)) = st.piece(s) {
            total[player] += u32::from(engine.men(st, s));
        }
        if let Some(player) = engine.pinned_man(st, s) {
            total[player] += 1;
        }
    }
    total
}

/// The crate root, where `games/...` and `tests/data/...` paths start.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// What a run of the binary printed, and how it exited.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// What a run of the binary reads on standard input.
pub enum Input<'a> {
    /// Nothing: reading finds the end at once.
    Nothing,
    /// This text, through a pipe (written whole, while the binary runs).
    Text(&'a str),
    /// This file, opened: a regular file, not a pipe.
    File(File),
}

/// Runs `ludus ARGS` in the folder `cwd` with `input` on standard input.
/// Asserts that it exited by itself (not by a signal) and did not panic.
pub fn ludus_in(cwd: &Path, args: &[&str], input: Input) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ludus"));
    command
        .args(args)
        .current_dir(cwd)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut text = None;
    match input {
        Input::Nothing => command.stdin(Stdio::null()),
        Input::Text(t) => {
            text = Some(t.to_string());
            command.stdin(Stdio::piped())
        }
        Input::File(file) => command.stdin(file),
    };
    let mut child = command
        .spawn()
        .unwrap_or_else(|e| panic!("ludus {args:?} did not start: {e}"));
    // Written from another thread, so that a binary that prints while it
    // reads cannot block on a full pipe; one that stops reading early
    // (game over, quit, a refusal) breaks the pipe, which is no fault.
    let writer = text.map(|text| {
        let mut stdin = child.stdin.take().unwrap();
        std::thread::spawn(move || {
            let _ = stdin.write_all(text.as_bytes());
        })
    });
    let out = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("ludus {args:?} did not run: {e}"));
    if let Some(writer) = writer {
        writer.join().unwrap();
    }
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        !stderr.contains("panicked"),
        "ludus {args:?} panicked:\n{stderr}"
    );
    let code = out
        .status
        .code()
        .unwrap_or_else(|| panic!("ludus {args:?} was killed by a signal:\n{stderr}"));
    Run {
        code,
        stdout,
        stderr,
    }
}

/// Runs `ludus ARGS` from the crate root, so `games/...` paths work, with
/// nothing on standard input. Asserts as `ludus_in` does.
pub fn ludus(args: &[&str]) -> Run {
    ludus_in(root(), args, Input::Nothing)
}

/// A fresh, empty directory for the files of `test` in the test file
/// `test_file`, under Cargo's temporary folder.
pub fn temp_dir(test_file: &str, test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(test_file)
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The bundled game files, as `games/NAME.game` paths from the crate
/// root, sorted.
pub fn game_files() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(root().join("games"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".game"))
        .map(|n| format!("games/{n}"))
        .collect();
    files.sort();
    files
}

/// Records one seeded game of `game` (a path from the crate root) as
/// `game.jsonl` in `dir`; asserts the playout named its seed, and returns
/// the record's lines.
pub fn record_game(dir: &Path, game: &str, seed: u64) -> Vec<String> {
    let path = dir.join("game.jsonl");
    let seed = seed.to_string();
    let run = ludus(&[
        "playout",
        "--seed",
        &seed,
        "--record",
        path.to_str().unwrap(),
        game,
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains(&format!("(seed {seed})")),
        "{}",
        run.stdout
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// In `dir`, the record of Alquerque's seeded playout 4 and the page that
/// `replay --html` makes of it: the record, the page and the replay's run
/// (both runs must succeed).
pub fn replay_page(dir: &Path) -> (PathBuf, PathBuf, Run) {
    let record = dir.join("game.jsonl");
    let page = dir.join("game.html");
    let run = ludus(&[
        "playout",
        "games/alquerque.game",
        "--seed",
        "4",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = ludus(&[
        "replay",
        record.to_str().unwrap(),
        "--quiet",
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    (record, page, run)
}

/// `ludus replay --quiet` of the record at `path`: accepted, every move
/// legal; returns the run.
pub fn replays_every_move_legally(path: &Path) -> Run {
    let run = ludus(&["replay", "--quiet", path.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("every move legal"), "{}", run.stdout);
    run
}

/// The position written `text`; panics with the reason it is refused.
#[track_caller]
pub fn position(engine: &Engine, text: &str) -> State {
    ludus::notation::parse_position(engine, text).unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

/// The legal turns of `st` (its dice thrown), in notation, in order.
pub fn turn_texts(engine: &Engine, st: &State) -> Vec<String> {
    let mut st = st.clone();
    let mut list = Vec::new();
    engine.legal_moves(&mut st, &mut list);
    list.iter()
        .map(|m| ludus::notation::move_text(engine, m))
        .collect()
}

/// The position after the legal turn written `text` (as a person may
/// type it) is played from `st`; panics where it is not legal.
#[track_caller]
pub fn played(engine: &Engine, st: &State, text: &str) -> State {
    let mut st = st.clone();
    let mut list = Vec::new();
    engine.legal_moves(&mut st, &mut list);
    let m = ludus::notation::find_move(engine, &st, &list, text)
        .unwrap_or_else(|e| panic!("`{text}`: {e}"));
    engine.play_unchecked(&mut st, &m);
    st
}

/// The pieces of a position, as ludus writes them (the fields before
/// `turn`), the text parsed and written again.
pub fn pieces(engine: &Engine, st: &State) -> String {
    let text = ludus::notation::position_text(engine, st);
    text.split("; turn").next().unwrap().to_string()
}

/// Checks that `turn` played from the position `before` leaves the pieces
/// the position `expected` names.
#[track_caller]
pub fn after(engine: &Engine, before: &str, turn: &str, expected: &str) {
    let st = played(engine, &position(engine, before), turn);
    assert_eq!(
        pieces(engine, &st),
        pieces(engine, &position(engine, expected)),
        "{turn} from {before}"
    );
}

/// A `ludus serve` started for a test on a free port (`--port 0`), from
/// the crate root; stopped (killed) when dropped.
pub struct Server {
    child: std::process::Child,
    /// The port it listens on, on 127.0.0.1.
    pub port: u16,
    /// The page's address, as the first line printed says it.
    pub url: String,
}

impl Server {
    /// Starts `ludus serve ARGS --port 0` from the crate root and reads
    /// its address.
    pub fn start(args: &[&str]) -> Server {
        Server::start_in(root(), args)
    }

    /// Starts `ludus serve ARGS --port 0` in the folder `cwd`.
    pub fn start_in(cwd: &Path, args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
            .arg("serve")
            .args(args)
            .args(["--port", "0"])
            .current_dir(cwd)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("ludus serve starts");
        let stdout = child.stdout.take().unwrap();
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            let mut lines = std::io::BufReader::new(stdout).lines();
            let _ = send.send(lines.next());
            // Read on, so that the server never blocks on a full pipe.
            for _ in lines {}
        });
        let first = receive.recv_timeout(std::time::Duration::from_secs(60));
        let url = match first {
            Ok(Some(Ok(line))) => line.trim().to_string(),
            other => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("ludus serve printed no address: {other:?}");
            }
        };
        let port = url
            .trim_start_matches("http://127.0.0.1:")
            .trim_end_matches('/')
            .parse()
            .unwrap_or_else(|_| panic!("the first line is the page's address: `{url}`"));
        Server { child, port, url }
    }

    /// Whether the server is still running.
    pub fn running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// `METHOD PATH` with a JSON body (none if empty), as the page sends it.
    pub fn call(&self, method: &str, path: &str, body: &str) -> Reply {
        let json = [("Content-Type", "application/json")];
        let headers: &[(&str, &str)] = if body.is_empty() { &[] } else { &json };
        http(self.port, method, path, headers, body.as_bytes())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer: its status and body.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub body: String,
}

impl Reply {
    /// The body as JSON; panics if it is not.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

/// Sends one HTTP/1.1 request to 127.0.0.1:`port` (`Host` as a browser on
/// this machine sends it, unless `headers` give one) and reads the answer,
/// waiting at most a minute.
pub fn http(port: u16, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
    use std::io::Read;
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).expect("the server accepts");
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(60)))
        .unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\n");
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        head.push_str(&format!("Host: 127.0.0.1:{port}\r\n"));
    }
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str(&format!(
        "Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    ));
    // The server may answer (a body too large) before reading the body:
    // a write it refuses is no fault.
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer).to_string();
    let (head, body) = text
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("an HTTP answer: {text:?}"));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("a status line: {head}"));
    Reply {
        status,
        body: body.to_string(),
    }
}
