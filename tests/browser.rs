//! The HTML replay page in a real browser: headless Chromium runs the
//! page's script, which must show the turn the address asks for, and takes
//! a screenshot that must be a picture, not a blank page.
//!
//! Runs where `chromium` is on the PATH (`scripts/install-browser.sh`
//! installs it); elsewhere it says why it is skipped, except under
//! `CI=true`, where a missing browser is a failure.

mod common;

use common::{ludus, temp_dir};
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
