//! The HTML replay page in a real browser: headless Chromium runs the
//! page's script, which must show the turn the address asks for, and takes
//! a screenshot that must be a picture, not a blank page.
//!
//! `ludus serve`'s page in the same browser, driven over the DevTools
//! protocol with real mouse clicks: games of Alquerque and backgammon made
//! by clicks on the board, each position checked against the engine, a
//! move taken back, the record saved and replayed; screenshots of a game
//! of each family kept under `target/tmp/serve-screenshots/` for review.
//! `cube`: a 3-point backgammon match with the cube played through the
//! page to its end, and the other decisions the page prompts for;
//! `layout`: each family at a phone's width and a desktop's, checked and
//! kept as screenshots.
//!
//! Runs where `chromium` is on the PATH (`scripts/install-browser.sh`
//! installs it); elsewhere it says why it is skipped, except under
//! `CI=true`, where a missing browser is a failure.

use crate::common;

mod cube;
mod layout;

use common::{Server, ludus, temp_dir};
use ludus::notation::{find_move, move_text, parse_position, position_text};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The longest one browser run may take.
const BROWSER_TIMEOUT: Duration = Duration::from_secs(120);

/// The browser on the PATH, if any.
fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join("chromium"))
        .find(|p| p.is_file())
}

/// Runs headless Chromium with `args` (its profile in `dir`), killed after
/// [`BROWSER_TIMEOUT`]; returns its standard output.
fn run_browser(browser: &Path, dir: &Path, args: &[&str]) -> String {
    let profile = format!("--user-data-dir={}", dir.join("profile").display());
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
        ])
        .arg(profile)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || std::io::read_to_string(stdout).unwrap_or_default());
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "chromium {args:?} failed: {status}");
            break;
        }
        if start.elapsed() > BROWSER_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium {args:?} took more than {BROWSER_TIMEOUT:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    reader.join().unwrap()
}

/// A PNG's width and height, and the bytes of its compressed image data
/// (its `IDAT` chunks): a page of one colour compresses to very little.
fn png(bytes: &[u8]) -> (u32, u32, usize) {
    assert!(
        bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
        "the screenshot is a PNG"
    );
    let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    let (width, height) = (be(16), be(20));
    let (mut at, mut data) = (8, 0);
    while at + 8 <= bytes.len() {
        let len = be(at) as usize;
        if &bytes[at + 4..at + 8] == b"IDAT" {
            data += len;
        }
        at += 12 + len;
    }
    (width, height, data)
}

/// A screenshot of `url`, `name`.png in `dir`, 800 by 900 pixels.
fn screenshot(browser: &Path, dir: &Path, url: &str, name: &str) -> Vec<u8> {
    let shot = dir.join(format!("{name}.png"));
    let _ = std::fs::remove_file(&shot);
    run_browser(
        browser,
        dir,
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=800,900",
            "--hide-scrollbars",
            url,
        ],
    );
    std::fs::read(&shot).expect("chromium wrote the screenshot")
}

#[test]
fn the_replay_page_runs_in_a_headless_browser() {
    let Some(browser) = chromium() else {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("CI=true but chromium is missing: run scripts/install-browser.sh");
        }
        eprintln!("skipped: no chromium on the PATH (scripts/install-browser.sh installs it)");
        return;
    };
    let dir = temp_dir("browser", "replay");
    let (record, page, _) = common::replay_page(&dir);
    // The turns of the record and the move of turn 3, as the page captions them.
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&record)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let turns = lines.iter().filter(|l| l.get("played").is_some()).count();
    let third = lines
        .iter()
        .filter_map(|l| l.get("played"))
        .nth(2)
        .and_then(|p| p.as_str())
        .expect("the game has three turns")
        .to_string();
    let url = format!("file://{}#3", page.canonicalize().unwrap().display());

    let dom = run_browser(&browser, &dir, &["--dump-dom", &url]);
    assert!(
        dom.contains(&format!(r#"<span id="where"> 3 / {turns}</span>"#)),
        "the script shows turn 3 of {turns}:\n{}",
        &dom[..dom.len().min(2000)]
    );
    // Captioned with who played it (the first player, on turn 3).
    assert!(
        dom.contains(r#"<div id="caption">3. "#) && dom.contains(&format!(": {third}</div>")),
        "the caption is turn 3's move `{third}`"
    );
    assert!(
        dom.contains(r#"<div id="board"><svg"#),
        "the script put the picture in the page"
    );

    // The page against a blank page of the same size: a board, its men and
    // the buttons compress to many times the data of one colour.
    let (width, height, data) = png(&screenshot(&browser, &dir, &url, "turn-3"));
    assert_eq!((width, height), (800, 900));
    std::fs::write(
        dir.join("blank.html"),
        "<!DOCTYPE html><html><body></body></html>",
    )
    .unwrap();
    let blank_url = format!(
        "file://{}",
        dir.join("blank.html").canonicalize().unwrap().display()
    );
    let (_, _, blank) = png(&screenshot(&browser, &dir, &blank_url, "blank"));
    assert!(
        data > 4 * blank,
        "the screenshot is not blank: {data} bytes of image data, a blank page {blank}"
    );
}

/// The longest wait for the page or the browser to answer.
const PAGE_TIMEOUT: Duration = Duration::from_secs(60);

/// Headless Chromium driven over the DevTools protocol (a websocket), one
/// page attached; killed when dropped.
struct Browser {
    child: std::process::Child,
    socket: tungstenite::WebSocket<std::net::TcpStream>,
    next: u64,
    session: String,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    /// Starts Chromium (its profile in `dir`) with a page of 1280 by 1000
    /// pixels.
    fn start(browser: &Path, dir: &Path) -> Browser {
        let profile = dir.join("profile");
        let _ = std::fs::remove_dir_all(&profile);
        let child = Command::new(browser)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--hide-scrollbars",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromium starts");
        let mut guard = Killed(Some(child));
        // Chromium writes the port it listens on, and the browser's path.
        let active = profile.join("DevToolsActivePort");
        let start = Instant::now();
        let (port, path) = loop {
            if let Ok(text) = std::fs::read_to_string(&active)
                && let Some((port, path)) = text.split_once('\n')
                && let Ok(port) = port.trim().parse::<u16>()
                && path.trim().starts_with("/devtools/")
            {
                break (port, path.trim().to_string());
            }
            assert!(
                start.elapsed() < PAGE_TIMEOUT,
                "chromium never opened its DevTools port"
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        let stream = std::net::TcpStream::connect(("127.0.0.1", port)).expect("DevTools accepts");
        let (socket, _) = tungstenite::client(format!("ws://127.0.0.1:{port}{path}"), stream)
            .expect("the DevTools websocket opens");
        socket
            .get_ref()
            .set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
        let mut b = Browser {
            child: guard.0.take().unwrap(),
            socket,
            next: 0,
            session: String::new(),
        };
        let target = b.send(None, "Target.createTarget", json!({"url": "about:blank"}));
        let attached = b.send(
            None,
            "Target.attachToTarget",
            json!({"targetId": target["targetId"], "flatten": true}),
        );
        b.session = attached["sessionId"].as_str().unwrap().to_string();
        b.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": 1280, "height": 1000, "deviceScaleFactor": 1, "mobile": false}),
        );
        b
    }

    /// Sends a DevTools command (to the page's session, or to the browser)
    /// and waits for its result.
    fn send(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            message["sessionId"] = json!(s);
        }
        self.socket
            .send(tungstenite::Message::text(message.to_string()))
            .expect("DevTools takes the command");
        let start = Instant::now();
        loop {
            assert!(
                start.elapsed() < PAGE_TIMEOUT,
                "DevTools did not answer {method}"
            );
            match self.socket.read() {
                Ok(tungstenite::Message::Text(text)) => {
                    let v: Value = serde_json::from_str(text.as_str()).unwrap();
                    if v["id"] == id {
                        assert!(v.get("error").is_none(), "{method}: {}", v["error"]);
                        return v["result"].clone();
                    }
                }
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(e) => panic!("DevTools: {e}"),
            }
        }
    }

    /// A command to the page.
    fn call(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.send(Some(&session), method, params)
    }

    /// The value of a JavaScript expression in the page (promises awaited).
    fn eval(&mut self, expression: &str) -> Value {
        self.try_eval(expression)
            .unwrap_or_else(|e| panic!("`{expression}` failed: {e}"))
    }

    /// The value of a JavaScript expression, or the exception it threw.
    fn try_eval(&mut self, expression: &str) -> Result<Value, Value> {
        let r = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
        );
        match r.get("exceptionDetails") {
            Some(e) => Err(e.clone()),
            None => Ok(r["result"]["value"].clone()),
        }
    }

    /// Opens `url` and waits until its page has loaded.
    fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({"url": url}));
        self.wait_for(
            "document.readyState === 'complete' && location.href.startsWith('http')",
            "the page to load",
        );
    }

    /// Waits until `expression` is true in the page.
    fn wait_for(&mut self, expression: &str, what: &str) {
        let start = Instant::now();
        // A page still loading may throw: that is a no.
        while self.try_eval(expression) != Ok(json!(true)) {
            if start.elapsed() > PAGE_TIMEOUT {
                let error = self.eval("document.getElementById('error').textContent");
                panic!("waited {PAGE_TIMEOUT:?} for {what}; the page says: {error}");
            }
            std::thread::sleep(Duration::from_millis(40));
        }
    }

    /// A real click (mouse pressed and released) at the middle of the
    /// first element `selector` finds.
    fn click(&mut self, selector: &str) {
        let at = self.eval(&format!(
            "(() => {{ const e = document.querySelector({}); if (!e) return null; \
             e.scrollIntoView({{block: 'center', inline: 'center'}}); \
             const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()",
            json!(selector)
        ));
        let (Some(x), Some(y)) = (at[0].as_f64(), at[1].as_f64()) else {
            panic!("nothing to click at `{selector}`");
        };
        for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
        }
    }

    /// The page's state counter, bumped each time it shows a new state.
    fn version(&mut self) -> u64 {
        let v = self.eval("Number(document.body.dataset.version)");
        v.as_u64().unwrap_or(0)
    }

    /// Waits until the page shows a state newer than `version` and a
    /// person is to move (or the game is over): the agents have played.
    fn settled(&mut self, version: u64) {
        self.wait_for(
            &format!(
                "Number(document.body.dataset.version) > {version} && document.body.dataset.busy === '0' \
                 && state !== null && (state.over || !state.agents[state.acting])"
            ),
            "the page to show the move",
        );
    }

    /// The position text the page shows.
    fn position(&mut self) -> String {
        let v = self.eval("document.getElementById('position').textContent");
        v.as_str().unwrap().to_string()
    }

    /// Clicks site `s`: its shape on the board, or its button where the
    /// picture does not draw it (a tray, a zone).
    fn click_site(&mut self, s: usize) {
        let on_board = format!("#board [data-site=\"{s}\"]");
        let found = self.eval(&format!(
            "document.querySelector({}) !== null",
            json!(on_board)
        ));
        if found == json!(true) {
            self.click(&on_board);
        } else {
            self.click(&format!("#offboard button[data-site=\"{s}\"]"));
        }
    }

    /// Lays the page out at `width` by `height` pixels, as a phone
    /// (`mobile`: the page's `viewport` meta tag honoured) or a desktop.
    fn set_viewport(&mut self, width: u32, height: u32, mobile: bool) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}),
        );
    }

    /// A screenshot of the page, as PNG bytes.
    fn screenshot(&mut self) -> Vec<u8> {
        let r = self.call("Page.captureScreenshot", json!({"format": "png"}));
        base64(r["data"].as_str().unwrap())
    }
}

/// Kills a child process when dropped (until taken).
struct Killed(Option<std::process::Child>);

impl Drop for Killed {
    fn drop(&mut self) {
        if let Some(c) = &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// Standard base64, decoded.
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let mut n = 0u32;
        for (i, &d) in chunk.iter().enumerate() {
            n |= u32::from(d) << (18 - 6 * i);
        }
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

/// Where the screenshots of the served page are kept for review.
fn screenshot_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Saves a screenshot as `name`.png for review, and checks that it shows
/// a picture (many times the data of a blank page of its size).
fn keep_screenshot(page: &mut Browser, name: &str) {
    // As a player sees the page: from its top (a click scrolls).
    page.eval("window.scrollTo(0, 0), true");
    let bytes = page.screenshot();
    let (width, height, data) = png(&bytes);
    assert_eq!((width, height), (1280, 1000));
    assert!(
        data > 20_000,
        "the screenshot {name} is not blank: {data} bytes"
    );
    std::fs::write(screenshot_dir().join(format!("{name}.png")), bytes).unwrap();
}

/// The engine of a bundled game.
fn bundled(name: &str) -> ludus::engine::Engine {
    let loaded = ludus::bundled::load(name).expect("a bundled game");
    ludus::engine::Engine::new(loaded.game.expect("a valid game"))
}

/// Starts a new game of the game listed at `index` from the page: the
/// seats chosen, the seed typed, the button clicked.
fn new_game(page: &mut Browser, index: usize, seats: [&str; 2], seed: u64) {
    new_match(page, index, seats, seed, 0);
}

/// [`new_game`] of a match to `length` points (0: a money game, or one
/// game where the game has no cube), chosen in the page's list.
fn new_match(page: &mut Browser, index: usize, seats: [&str; 2], seed: u64, length: u32) {
    page.wait_for(
        "document.getElementById('game-select').options.length > 0",
        "the list of games",
    );
    page.eval(&format!(
        "(() => {{ const s = document.getElementById('game-select'); s.value = '{index}'; \
         s.dispatchEvent(new Event('change')); \
         document.getElementById('seat0-kind').value = '{}'; \
         document.getElementById('seat1-kind').value = '{}'; \
         document.getElementById('match-length').value = '{length}'; \
         document.getElementById('seed').value = '{seed}'; return true; }})()",
        seats[0], seats[1]
    ));
    let version = page.version();
    page.click("#new");
    page.settled(version);
}

/// Saves the game's record with the page's link (a real download into
/// `dir`), replays it with `ludus replay`, and checks the turns it counts;
/// the record's text.
fn save_and_replay(page: &mut Browser, dir: &Path, turns: usize) -> String {
    let record = download_record(page, dir);
    let run = ludus(&["replay", record.to_str().unwrap(), "--quiet"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains(&format!("{turns} turns, every move legal")),
        "{}",
        run.stdout
    );
    std::fs::read_to_string(&record).unwrap()
}

/// Saves the game's record with the page's link, a real download into
/// `dir`: the file.
fn download_record(page: &mut Browser, dir: &Path) -> PathBuf {
    let downloads = dir.join("downloads");
    let _ = std::fs::remove_dir_all(&downloads);
    std::fs::create_dir_all(&downloads).unwrap();
    let session = None;
    page.send(
        session,
        "Browser.setDownloadBehavior",
        json!({"behavior": "allow", "downloadPath": downloads.to_str().unwrap()}),
    );
    page.click("#record");
    let start = Instant::now();
    loop {
        let done: Vec<PathBuf> = std::fs::read_dir(&downloads)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
            .collect();
        if let [one] = &done[..] {
            break one.clone();
        }
        assert!(start.elapsed() < PAGE_TIMEOUT, "the record was not saved");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The browser on the PATH, or why the test is skipped (a failure under
/// `CI=true`).
fn browser_or_skip() -> Option<PathBuf> {
    let found = chromium();
    if found.is_none() {
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("CI=true but chromium is missing: run scripts/install-browser.sh");
        }
        eprintln!("skipped: no chromium on the PATH (scripts/install-browser.sh installs it)");
    }
    found
}

#[test]
fn the_served_page_plays_alquerque_by_clicks_against_an_agent() {
    let Some(browser) = browser_or_skip() else {
        return;
    };
    let dir = temp_dir("browser", "serve-alquerque");
    let server = Server::start(&["alquerque", "backgammon"]);
    let mut page = Browser::start(&browser, &dir);
    page.open(&server.url);
    new_game(&mut page, 0, ["human", "random"], 11);
    let engine = bundled("alquerque");
    let mut st = engine.start();
    assert_eq!(page.position(), position_text(&engine, &st));
    let mut moves = Vec::new();
    let mut before = Vec::new();
    let mut turns = 0;
    // The position after each turn, the start first.
    let mut seen = vec![position_text(&engine, &st)];
    for _ in 0..3 {
        before.push(st.clone());
        // The first legal move, clicked site by site: the piece, then each
        // landing (a capture chain), then a piece a line removes.
        engine.legal_moves(&mut st, &mut moves);
        let m = moves[0];
        let mut sites = vec![usize::from(m.steps()[0].from)];
        sites.extend(m.steps().iter().map(|s| usize::from(s.to)));
        let version = page.version();
        for (i, &s) in sites.iter().enumerate() {
            page.click_site(s);
            if i == 0 && turns == 0 {
                // The piece chosen, the sites it may go to marked.
                let marked = page.eval("document.querySelectorAll('#board .target').length");
                assert!(
                    marked.as_u64().unwrap() > 0,
                    "the legal landings are marked"
                );
                keep_screenshot(&mut page, "alquerque-piece-chosen");
            }
        }
        page.settled(version);
        engine.play_unchecked(&mut st, &m);
        turns += 1;
        seen.push(position_text(&engine, &st));
        // The agent's reply, as the move list names it.
        let played = page.eval("state.played");
        let played: Vec<String> = serde_json::from_value(played).unwrap();
        assert_eq!(played[turns - 1], move_text(&engine, &m));
        if played.len() > turns {
            engine.legal_moves(&mut st, &mut moves);
            let reply = find_move(&engine, &st, &moves, &played[turns]).unwrap();
            engine.play_unchecked(&mut st, &reply);
            turns += 1;
            seen.push(position_text(&engine, &st));
        }
        assert_eq!(
            page.position(),
            position_text(&engine, &st),
            "after {played:?}"
        );
    }
    keep_screenshot(&mut page, "alquerque");
    // Undo takes back the agent's reply and the move before it.
    let version = page.version();
    page.click("#undo");
    page.settled(version);
    st = before.pop().unwrap();
    turns -= 2;
    assert_eq!(page.position(), position_text(&engine, &st), "after undo");
    let record = save_and_replay(&mut page, &dir, turns);

    // The record opened in the page's replay, typed into its box: stepped
    // to turn 2, then played on from there.
    page.click("#replay-text");
    page.call("Input.insertText", json!({"text": record}));
    page.click("#replay-open");
    page.wait_for(
        &format!("document.getElementById('frame-where').textContent === '0 / {turns}'"),
        "the replay to open",
    );
    page.click("#frame-next");
    page.click("#frame-next");
    let shown = page.eval("document.getElementById('frame-position').textContent");
    assert_eq!(shown, json!(seen[2]), "turn 2 of the replay");
    // The arrow keys step too, once the box has lost the focus.
    page.eval("document.activeElement.blur(), true");
    for (kind, key) in [("keyDown", "ArrowRight"), ("keyUp", "ArrowRight")] {
        page.call(
            "Input.dispatchKeyEvent",
            json!({"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": 39}),
        );
    }
    let shown = page.eval("document.getElementById('frame-position').textContent");
    assert_eq!(
        shown,
        json!(seen[3]),
        "turn 3 of the replay, by the arrow key"
    );
    page.click("#frame-prev");
    keep_screenshot(&mut page, "alquerque-replay");
    let version = page.version();
    page.click("#play-here");
    page.settled(version);
    assert_eq!(page.position(), seen[2], "the game goes on from turn 2");
    let played = page.eval("state.played.length");
    assert_eq!(played, json!(0));
}

#[test]
fn the_served_page_plays_backgammon_by_clicks() {
    let Some(browser) = browser_or_skip() else {
        return;
    };
    let dir = temp_dir("browser", "serve-backgammon");
    let server = Server::start(&["alquerque", "backgammon"]);
    let mut page = Browser::start(&browser, &dir);
    page.open(&server.url);
    new_game(&mut page, 1, ["human", "human"], 5);
    let engine = bundled("backgammon");
    // The opening throw is the page's; the position before it is the setup.
    let mut st = parse_position(&engine, &page.position()).unwrap();
    let mut expected = engine.start();
    expected.dice = st.dice;
    expected.to_move = st.to_move;
    assert_eq!(
        position_text(&engine, &st),
        position_text(&engine, &expected)
    );
    let mut moves = Vec::new();
    let mut before = Vec::new();
    for turn in 0..4 {
        if st.dice.iter().all(|&d| d == 0) {
            // Rolled with the page's button: only the dice change.
            let version = page.version();
            page.click("#roll");
            page.settled(version);
            let rolled = parse_position(&engine, &page.position()).unwrap();
            assert!(rolled.dice.iter().any(|&d| d != 0), "the dice are thrown");
            let mut same = st.clone();
            same.dice = rolled.dice;
            assert_eq!(page.position(), position_text(&engine, &same));
            st = rolled;
        }
        before.push(st.clone());
        engine.legal_moves(&mut st, &mut moves);
        let m = moves[moves.len() / 2];
        // Each die move: the man's point, then where it lands.
        for (i, step) in m.steps().iter().enumerate() {
            let version = page.version();
            page.click_site(usize::from(step.from));
            if turn == 1 && i == 0 {
                keep_screenshot(&mut page, "backgammon-man-chosen");
            }
            page.click_site(usize::from(step.to));
            page.settled(version);
            if i + 1 < m.steps().len() {
                let typed = page.eval("state.typed.length");
                assert_eq!(
                    typed,
                    json!(i + 1),
                    "die move {} of {}",
                    i + 1,
                    move_text(&engine, &m)
                );
                // The dice drawn, those played faded.
                let used = page.eval("document.querySelectorAll('#dice svg.die.used').length");
                assert_eq!(used, json!(i + 1), "the dice played are marked");
            }
        }
        engine.play_unchecked(&mut st, &m);
        assert_eq!(
            page.position(),
            position_text(&engine, &st),
            "after {}",
            move_text(&engine, &m)
        );
    }
    keep_screenshot(&mut page, "backgammon");
    // Undo takes back the last turn, to its roll.
    let version = page.version();
    page.click("#undo");
    page.settled(version);
    st = before.pop().unwrap();
    assert_eq!(page.position(), position_text(&engine, &st), "after undo");
    save_and_replay(&mut page, &dir, 3);
}

/// The sites a person clicks for the turn `m` of a game without dice:
/// the piece (none for a placement), each landing, the piece removed.
fn grid_clicks(m: &ludus::engine::Move) -> Vec<usize> {
    let mut sites = Vec::new();
    if let Some(first) = m.steps().first() {
        sites.push(first.from);
    }
    sites.extend(m.steps().iter().map(|s| s.to));
    sites.push(m.remove);
    sites
        .into_iter()
        .filter(|&s| s != ludus::engine::NONE && s != ludus::engine::HAND)
        .map(usize::from)
        .collect()
}

/// Plays `m` by clicks on the page: in dice games each die move (where
/// the man stands, where it lands), else the turn's sites; a move that
/// other moves' clicks go on from is chosen with its button.
fn click_move(page: &mut Browser, engine: &ludus::engine::Engine, m: &ludus::engine::Move) {
    let text = move_text(engine, m);
    if engine.has_dice() {
        for step in m.steps() {
            let version = page.version();
            page.click_site(usize::from(step.from));
            page.click_site(usize::from(step.to));
            page.settled(version);
        }
        return;
    }
    let version = page.version();
    for s in grid_clicks(m) {
        page.click_site(s);
    }
    let chosen = format!("play {text}");
    let waiting = page.eval(&format!(
        "Number(document.body.dataset.version) === {version} && document.body.dataset.busy === '0' \
         && [...document.querySelectorAll('#choices button.choice')].some(b => b.textContent === {})",
        json!(chosen)
    ));
    if waiting == json!(true) {
        let index = page.eval(&format!(
            "[...document.querySelectorAll('#choices button.choice')].findIndex(b => b.textContent === {})",
            json!(chosen)
        ));
        page.click(&format!(
            "#choices button.choice:nth-of-type({})",
            index.as_u64().unwrap() + 1
        ));
    }
    page.settled(version);
}

#[test]
fn the_served_page_plays_a_game_of_each_family_by_clicks() {
    let Some(browser) = browser_or_skip() else {
        return;
    };
    let dir = temp_dir("browser", "serve-families");
    // Points and lines, dark squares with chains, a hunt, placement and
    // lines that remove, a race on squares with zones off the board, and
    // tables with pinning.
    let games = [
        "alquerque",
        "english-draughts",
        "fox-and-geese",
        "nine-mens-morris",
        "ur",
        "plakoto",
    ];
    let server = Server::start(&games);
    let mut page = Browser::start(&browser, &dir);
    page.open(&server.url);
    let mut ur_throws = 0;
    for (i, game) in games.iter().enumerate() {
        let engine = bundled(game);
        // A person against the random agent, whose turns the page asks for.
        new_game(&mut page, i, ["human", "random"], 1);
        let mut moves = Vec::new();
        for _ in 0..6 {
            if page.eval("state.over") == json!(true) {
                break;
            }
            if page.eval("state.needs_roll") == json!(true) {
                let version = page.version();
                page.click("#roll");
                page.settled(version);
                if *game == "ur" {
                    // Four binary dice drawn, as many marked as they total.
                    let drawn = page.eval(
                        "[...document.querySelectorAll('#dice svg.binary')].map(d => \
                         [d.querySelectorAll('polygon').length, d.querySelectorAll('.mark').length, \
                          Number(d.dataset.value)])",
                    );
                    // (None where the throw passed and the agent has
                    // played since.)
                    let total = page.eval("state.dice_shown.map(d => d.value)");
                    let expected: Vec<Value> = (total.as_array().unwrap().iter())
                        .map(|t| json!([4, t, t]))
                        .collect();
                    assert_eq!(drawn, json!(expected), "ur's dice");
                    ur_throws += expected.len();
                }
                continue;
            }
            let mut st = parse_position(&engine, &page.position()).unwrap();
            engine.legal_moves(&mut st, &mut moves);
            let m = moves[moves.len() / 2];
            if m.len == 0 {
                // Nothing to click (a pass, a double chosen).
                break;
            }
            let played: Vec<String> = serde_json::from_value(page.eval("state.played")).unwrap();
            click_move(&mut page, &engine, &m);
            let now: Vec<String> = serde_json::from_value(page.eval("state.played")).unwrap();
            assert_eq!(
                now.get(played.len()),
                Some(&move_text(&engine, &m)),
                "{game}: the move clicked is the move played"
            );
            // The position after it, and after the agent's turns that
            // followed where the game has no dice (their moves as the list
            // names them).
            engine.play_unchecked(&mut st, &m);
            if !engine.has_dice() {
                for text in &now[played.len() + 1..] {
                    engine.legal_moves(&mut st, &mut moves);
                    let reply = find_move(&engine, &st, &moves, text).unwrap();
                    engine.play_unchecked(&mut st, &reply);
                }
            }
            if !engine.has_dice() || now.len() == played.len() + 1 {
                assert_eq!(page.position(), position_text(&engine, &st), "{game}");
            }
        }
        keep_screenshot(&mut page, &format!("family-{game}"));
    }
    assert!(ur_throws > 0, "no throw of ur's dice was drawn");
}

/// A game of three players on the page: a seat a player, named as the
/// game names them, the third made for it and hidden again for a game of
/// two; the agents of the second and third seats play in turn.
#[test]
fn the_served_page_seats_three_players() {
    let Some(browser) = browser_or_skip() else {
        return;
    };
    let dir = temp_dir("browser", "serve-three");
    let server = Server::start(&["chinese-checkers-3", "alquerque"]);
    let mut page = Browser::start(&browser, &dir);
    page.open(&server.url);
    page.wait_for(
        "document.getElementById('game-select').options.length > 0",
        "the list of games",
    );
    page.eval(
        "(() => { const s = document.getElementById('game-select'); s.value = '0'; \
         s.dispatchEvent(new Event('change')); \
         document.getElementById('seat1-kind').value = 'random'; \
         document.getElementById('seat2-kind').value = 'random'; return true; })()",
    );
    let names = page.eval(
        "[...document.querySelectorAll('#seats .seat:not([hidden]) .player')].map(e => e.textContent)",
    );
    assert_eq!(names, serde_json::json!(["red", "green", "blue"]));
    let kinds = page.eval(
        "[...document.getElementById('seat2-kind').options].map(o => o.value).includes('expectimax')",
    );
    assert_eq!(
        kinds,
        serde_json::json!(false),
        "expectimax is for two players"
    );
    let version = page.version();
    page.click("#new");
    page.settled(version);
    assert_eq!(page.eval("state.agents.length"), serde_json::json!(3));
    // Red's first move, then green's and blue's agents.
    let engine = bundled("chinese-checkers-3");
    let mut st = engine.start();
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let m = moves[0];
    let version = page.version();
    page.click_site(usize::from(m.steps()[0].from));
    page.click_site(usize::from(m.steps()[0].to));
    page.settled(version);
    page.wait_for("state.played.length === 3", "the two agents' turns");
    assert_eq!(page.eval("state.to_move"), serde_json::json!(0));
    // A game of two shows two seats again.
    page.eval(
        "(() => { const s = document.getElementById('game-select'); s.value = '1'; \
         s.dispatchEvent(new Event('change')); return true; })()",
    );
    let shown = page.eval("document.querySelectorAll('#seats .seat:not([hidden])').length");
    assert_eq!(shown, serde_json::json!(2));
}
