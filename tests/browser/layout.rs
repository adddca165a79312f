//! The page laid out at a phone's width (390 pixels, as a phone lays it
//! out) and a desktop's (1280), a game of each family played a few turns
//! by clicks: nothing wider than the screen, the board whole within its
//! width (and, on a desktop, on the first screen with the controls under
//! it and the side panel beside it),
//! the controls that play the game shown, the dice drawn as dice. The
//! screenshots are kept under `target/tmp/serve-screenshots/` for review.

use super::{Browser, browser_or_skip, bundled, click_move, new_game, png, screenshot_dir};
use crate::common::{Server, temp_dir};
use ludus::notation::parse_position;
use serde_json::{Value, json};

/// A game of each family: points and lines, tables, dark squares with
/// chains, lines that remove, a hunt, a race.
const FAMILIES: [(&str, &str); 6] = [
    ("alquerque", "alquerque"),
    ("backgammon", "tables"),
    ("english-draughts", "draughts"),
    ("nine-mens-morris", "mills"),
    ("fox-and-geese", "hunt"),
    ("ur", "race"),
];

/// A screen: its name, width, height, and whether it is a phone's.
struct Screen {
    name: &'static str,
    width: u32,
    height: u32,
    mobile: bool,
}

const SCREENS: [Screen; 2] = [
    Screen {
        name: "phone",
        width: 390,
        height: 844,
        mobile: true,
    },
    Screen {
        name: "desktop",
        width: 1280,
        height: 900,
        mobile: false,
    },
];

/// The box of the element `selector` finds, relative to the top of the
/// page: `[left, top, right, bottom]`, or null where there is none or it
/// is hidden.
fn rect(page: &mut Browser, selector: &str) -> Value {
    page.eval(&format!(
        "(() => {{ const e = document.querySelector({}); if (!e || e.closest('[hidden]')) return null; \
         const r = e.getBoundingClientRect(); if (r.width === 0 || r.height === 0) return null; \
         return [r.left, r.top + window.scrollY, r.right, r.bottom + window.scrollY]; }})()",
        json!(selector)
    ))
}

/// Checks the page laid out on `screen` for `game`: what a player needs
/// is on the screen's width, the board whole.
fn check_layout(page: &mut Browser, screen: &Screen, game: &str, dice: bool) {
    let what = format!("{game} on a {}", screen.name);
    page.eval("window.scrollTo(0, 0), true");
    let width = f64::from(screen.width);
    let overflow = page.eval("document.documentElement.scrollWidth - window.innerWidth");
    assert!(
        overflow.as_f64().unwrap() <= 0.0,
        "{what}: the page is wider than the screen by {overflow} pixels"
    );
    let board = rect(page, "#board svg");
    let [left, top, right, bottom] = [0, 1, 2, 3].map(|i| board[i].as_f64().unwrap());
    assert!(
        left >= 0.0 && right <= width + 0.5,
        "{what}: the board {board} is not within the width {width}"
    );
    assert!(
        bottom - top <= f64::from(screen.height),
        "{what}: the board {board} is taller than the screen"
    );
    if screen.mobile {
        // The board begins on the first screen, under the game's choice.
        assert!(
            top < f64::from(screen.height) / 2.0,
            "{what}: the board begins at {top}, below half the screen"
        );
    } else {
        // Whole on the first screen, the side panel beside it.
        assert!(
            bottom <= f64::from(screen.height),
            "{what}: the board ends at {bottom}, below the screen"
        );
        // The controls under it too.
        let undo = rect(page, "#undo");
        assert!(
            undo[3].as_f64().unwrap() <= f64::from(screen.height),
            "{what}: the controls {undo} are below the screen"
        );
        let aside = rect(page, "aside");
        assert!(
            aside[0].as_f64().unwrap() >= right,
            "{what}: the side panel {aside} is beside the board {board}"
        );
    }
    for selector in ["#prompt", "#move-input", "#undo", "#hint", "#moves", "#new"] {
        let r = rect(page, selector);
        assert!(r != Value::Null, "{what}: `{selector}` is shown");
        assert!(
            r[0].as_f64().unwrap() >= 0.0 && r[2].as_f64().unwrap() <= width + 0.5,
            "{what}: `{selector}` {r} is within the width"
        );
    }
    if dice {
        let drawn = page.eval("document.querySelectorAll('#dice svg.die').length");
        let thrown = page.eval("state.dice_shown.length");
        assert!(
            drawn.as_u64().unwrap() > 0 && drawn == thrown,
            "{what}: {thrown} dice thrown, {drawn} drawn"
        );
        let r = rect(page, "#dice");
        assert!(
            r[2].as_f64().unwrap() <= width + 0.5,
            "{what}: the dice {r}"
        );
    }
}

/// Plays a few turns of the person (against the random agent) by clicks,
/// ending with his dice thrown in a dice game.
fn play_some(page: &mut Browser, engine: &ludus::engine::Engine) {
    let mut moves = Vec::new();
    for _ in 0..2 {
        if page.eval("state.over") == json!(true) {
            return;
        }
        if page.eval("state.needs_roll") == json!(true) {
            let version = page.version();
            page.click("#roll");
            page.settled(version);
            continue;
        }
        let mut st = parse_position(engine, &page.position()).unwrap();
        engine.legal_moves(&mut st, &mut moves);
        let m = moves[moves.len() / 2];
        if m.len == 0 {
            return;
        }
        click_move(page, engine, &m);
    }
    if page.eval("!state.over && state.needs_roll") == json!(true) {
        let version = page.version();
        page.click("#roll");
        page.settled(version);
    }
}

#[test]
fn the_served_page_fits_a_phone_and_a_desktop_in_each_family() {
    let Some(browser) = browser_or_skip() else {
        return;
    };
    let dir = temp_dir("browser", "serve-layout");
    let names: Vec<&str> = FAMILIES.iter().map(|(game, _)| *game).collect();
    let server = Server::start(&names);
    let mut page = Browser::start(&browser, &dir);
    page.open(&server.url);
    for screen in &SCREENS {
        page.set_viewport(screen.width, screen.height, screen.mobile);
        for (i, (game, family)) in FAMILIES.iter().enumerate() {
            let engine = bundled(game);
            new_game(&mut page, i, ["human", "random"], 3);
            play_some(&mut page, &engine);
            let dice = page.eval("!state.over && state.dice_shown.length > 0") == json!(true);
            check_layout(&mut page, screen, game, dice);
            let bytes = page.screenshot();
            let (width, height, data) = png(&bytes);
            assert_eq!((width, height), (screen.width, screen.height));
            assert!(data > 10_000, "{game}: the screenshot is not blank");
            let name = format!("{}-{family}.png", screen.name);
            std::fs::write(screenshot_dir().join(name), bytes).unwrap();
        }
    }
}
