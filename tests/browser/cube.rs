//! The page's decisions in a real browser: a 3-point backgammon match
//! with the cube played through the page to its end (a double dropped, a
//! double taken, the Crawford game, the match won), a piece removed after
//! a mill, a roll chosen; the turns by clicks, by the move box's own
//! example and by a hint's button.

use super::{
    Browser, browser_or_skip, bundled, click_move, download_record, keep_screenshot, new_game,
    new_match, screenshot_dir,
};
use crate::common::{Server, ludus, temp_dir};
use ludus::notation::{find_move, move_text, parse_position};
use serde_json::{Value, json};

/// The seed of the match: the dice, the opening throw and the random
/// agents' turns.
const MATCH_SEED: u64 = 7;

/// The value of `expression` in the page.
fn js(page: &mut Browser, expression: &str) -> Value {
    page.eval(expression)
}

/// Whether the element `selector` finds is shown: not hidden, with a box,
/// and within the page's width.
fn shown(page: &mut Browser, selector: &str) -> bool {
    let v = page.eval(&format!(
        "(() => {{ const e = document.querySelector({}); if (!e || e.closest('[hidden]')) return false; \
         const r = e.getBoundingClientRect(); \
         return r.width > 0 && r.height > 0 && r.left >= 0 && r.right <= window.innerWidth + 0.5; }})()",
        json!(selector)
    ));
    v == json!(true)
}

/// Clicks the button `selector` once it is shown and enabled, and waits
/// for the state it brings (and the agents' turns after it).
fn press(page: &mut Browser, selector: &str) {
    assert!(shown(page, selector), "`{selector}` is shown");
    let enabled = page.eval(&format!(
        "!document.querySelector({}).disabled",
        json!(selector)
    ));
    assert_eq!(enabled, json!(true), "`{selector}` is enabled");
    let version = page.version();
    page.click(selector);
    page.settled(version);
}

/// The text of the prompt above the board.
fn prompt(page: &mut Browser) -> String {
    let v = page.eval("document.getElementById('prompt-text').textContent");
    v.as_str().unwrap().to_string()
}

/// `METHOD /api/game/ID/ACTION` sent straight to the server: the status
/// and the message of a refusal.
fn refused(server: &Server, id: u64, action: &str, body: &str) -> (u16, String) {
    let reply = server.call("POST", &format!("/api/game/{id}/{action}"), body);
    let message = reply.json()["error"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    (reply.status, message)
}

/// Plays the turn of the person to move by clicks: the roll first (the
/// page's button), then a legal turn, its die moves clicked on the board.
fn play_a_turn(page: &mut Browser, engine: &ludus::engine::Engine) {
    if js(page, "state.needs_roll") == json!(true) {
        press(page, "#roll");
    }
    if js(page, "state.over || state.needs_roll") == json!(true) {
        // The roll was played for him: a pass, or a forced turn.
        return;
    }
    let mut st = parse_position(engine, &page.position()).unwrap();
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let m = moves[moves.len() / 2];
    let before = js(page, "state.played.length").as_u64().unwrap();
    click_move(page, engine, &m);
    let played: Vec<String> = serde_json::from_value(js(page, "state.played")).unwrap();
    assert_eq!(
        played.get(before as usize),
        Some(&move_text(engine, &m)),
        "the turn clicked is played"
    );
}

/// The score as the page's state says it.
fn score(page: &mut Browser) -> [u64; 2] {
    let v = js(page, "state.stakes.score");
    [v[0].as_u64().unwrap(), v[1].as_u64().unwrap()]
}

/// The points the match panel shows for each player.
fn panel_points(page: &mut Browser) -> [u64; 2] {
    let v = js(
        page,
        "[...document.querySelectorAll('#match-panel tr')].map(r => Number(r.querySelector('.points').textContent))",
    );
    [v[0].as_u64().unwrap(), v[1].as_u64().unwrap()]
}

#[test]
fn the_served_page_plays_a_three_point_backgammon_match_with_the_cube() {
    let Some(browser) = browser_or_skip() else {
        return;
    };
    let dir = temp_dir("browser", "serve-match");
    let server = Server::start(&["backgammon"]);
    let mut page = Browser::start(&browser, &dir);
    page.open(&server.url);
    new_match(&mut page, 0, ["human", "human"], MATCH_SEED, 3);
    let engine = bundled("backgammon");
    let id = js(&mut page, "state.id").as_u64().unwrap();
    assert_eq!(js(&mut page, "state.stakes.match"), json!(3));
    assert_eq!(score(&mut page), [0, 0]);
    assert_eq!(panel_points(&mut page), [0, 0]);
    assert_eq!(js(&mut page, "state.stakes.cube.value"), json!(1));
    assert!(shown(&mut page, "#cube svg"), "the cube is drawn");

    // Game 1. The opening throw gives the starter his roll, drawn as dice.
    let starter = js(&mut page, "state.to_move").as_u64().unwrap() as usize;
    let other = 1 - starter;
    let dice = js(
        &mut page,
        "[...document.querySelectorAll('#dice svg.die')].map(d => Number(d.dataset.value))",
    );
    let thrown = js(&mut page, "state.dice").as_str().unwrap().to_string();
    let drawn: Vec<String> = dice
        .as_array()
        .unwrap()
        .iter()
        .map(Value::to_string)
        .collect();
    assert_eq!(
        drawn.join("-"),
        thrown,
        "the dice drawn are the dice thrown"
    );
    // The move box's example is a legal turn of this position: typed, it
    // is played.
    let placeholder = js(
        &mut page,
        "document.getElementById('move-input').placeholder",
    );
    let example = placeholder
        .as_str()
        .unwrap()
        .strip_prefix("a move, such as ")
        .unwrap_or_else(|| panic!("the move box gives an example: {placeholder}"))
        .to_string();
    let mut st = parse_position(&engine, &page.position()).unwrap();
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let m = find_move(&engine, &st, &moves, &example).expect("the example is a legal move");
    page.click("#move-input");
    page.call("Input.insertText", json!({ "text": example }));
    press(&mut page, "#play-move");
    assert_eq!(js(&mut page, "state.played.length"), json!(1));
    assert_eq!(
        js(&mut page, "state.played[0]"),
        json!(move_text(&engine, &m))
    );
    // The move list says who played it.
    let who = js(
        &mut page,
        "document.querySelector('#moves li .who').textContent",
    );
    assert_eq!(who, js(&mut page, &format!("state.players[{starter}]")));

    // The other player, before his throw, may double; nobody may take a
    // double that is not offered.
    assert_eq!(js(&mut page, "state.to_move"), json!(other));
    assert!(shown(&mut page, "#roll"), "the roll is offered");
    assert!(shown(&mut page, "#double"), "the double is offered");
    let (status, message) = refused(&server, id, "take", "{}");
    assert_eq!((status, message.as_str()), (409, "no double is offered"));
    press(&mut page, "#double");
    assert_eq!(js(&mut page, "state.stakes.cube.offered"), json!(other));
    assert_eq!(js(&mut page, "state.acting"), json!(starter));
    assert!(shown(&mut page, "#take") && shown(&mut page, "#drop"));
    assert!(!shown(&mut page, "#roll"), "no roll while a double waits");
    assert!(
        prompt(&mut page).contains("take (the cube at 2"),
        "{}",
        prompt(&mut page)
    );
    keep_screenshot(&mut page, "match-double-offered");
    // At a phone's width the decision and its buttons fit the screen.
    page.set_viewport(390, 844, true);
    assert!(shown(&mut page, "#take") && shown(&mut page, "#drop") && shown(&mut page, "#cube"));
    let overflow = js(
        &mut page,
        "document.documentElement.scrollWidth - window.innerWidth",
    );
    assert!(overflow.as_f64().unwrap() <= 0.0, "{overflow}");
    page.eval("window.scrollTo(0, 0), true");
    let shot = page.screenshot();
    std::fs::write(
        screenshot_dir().join("phone-match-double-offered.png"),
        shot,
    )
    .unwrap();
    page.set_viewport(1280, 1000, false);
    // While the double waits, only its answer is taken.
    for action in ["move", "roll", "double", "resign", "undo"] {
        let body = if action == "move" {
            r#"{"move": "24/23"}"#
        } else {
            "{}"
        };
        let (status, message) = refused(&server, id, action, body);
        assert_eq!(status, 409, "{action}: {message}");
        assert!(message.contains("has doubled"), "{action}: {message}");
    }
    // The starter drops: the doubler wins the game at the cube's value.
    press(&mut page, "#drop");
    assert_eq!(js(&mut page, "state.over"), json!(true));
    assert_eq!(js(&mut page, "state.next_game"), json!(true));
    let mut expected = [0, 0];
    expected[other] = 1;
    assert_eq!(score(&mut page), expected);
    assert_eq!(panel_points(&mut page), expected);
    assert_eq!(
        js(&mut page, "state.stakes.finished[0]"),
        json!({"winner": other, "points": 1, "cube": 1, "dropped": starter, "resigned": null})
    );
    assert!(
        prompt(&mut page).contains("wins game 1: 1 point"),
        "{}",
        prompt(&mut page)
    );
    let (status, message) = refused(&server, id, "undo", "{}");
    assert_eq!(status, 409, "a scored game is not taken back: {message}");

    // Game 2: the trailer doubles, the leader takes, and later resigns
    // with the cube at 2.
    press(&mut page, "#next-game");
    assert_eq!(js(&mut page, "state.over"), json!(false));
    assert_eq!(js(&mut page, "state.stakes.games"), json!(1));
    assert_eq!(js(&mut page, "state.stakes.cube.value"), json!(1));
    let (leader, trailer) = (other, starter);
    let mut hinted = false;
    while js(&mut page, "state.needs_roll").as_bool() != Some(true)
        || js(&mut page, "state.to_move").as_u64() != Some(trailer as u64)
    {
        if !hinted && js(&mut page, "state.dice !== null && !state.needs_roll") == json!(true) {
            // A turn played by the hint's button.
            hinted = true;
            let version = page.version();
            page.click("#hint");
            page.settled(version);
            page.wait_for(
                "document.querySelector('#hints button.hint-play') !== null",
                "the hint's turns",
            );
            let named = js(
                &mut page,
                "document.querySelector('#hints button.hint-play').dataset.move",
            );
            keep_screenshot(&mut page, "match-hint");
            let before = js(&mut page, "state.played.length").as_u64().unwrap();
            press(&mut page, "#hints button.hint-play");
            assert_eq!(
                js(&mut page, &format!("state.played[{before}]")),
                named,
                "the hint clicked is played"
            );
            continue;
        }
        play_a_turn(&mut page, &engine);
    }
    assert!(hinted, "a turn was played by the hint");
    assert_eq!(js(&mut page, "state.stakes.cube.may_double"), json!(true));
    press(&mut page, "#double");
    press(&mut page, "#take");
    assert_eq!(js(&mut page, "state.stakes.cube.value"), json!(2));
    assert_eq!(js(&mut page, "state.stakes.cube.owner"), json!(leader));
    assert_eq!(
        js(&mut page, "document.getElementById('cube').dataset.owner"),
        json!(leader.to_string())
    );
    // The doubler throws and plays on; the cube is not his to double now.
    assert!(!shown(&mut page, "#double"), "the cube is the taker's");
    let (status, message) = refused(&server, id, "double", "{}");
    assert_eq!(status, 409, "{message}");
    while js(&mut page, "state.needs_roll").as_bool() != Some(true)
        || js(&mut page, "state.to_move").as_u64() != Some(leader as u64)
    {
        play_a_turn(&mut page, &engine);
    }
    // The leader may redouble, but resigns a single game: 2 points.
    assert!(shown(&mut page, "#double"), "the taker may redouble");
    assert_eq!(
        js(&mut page, "document.getElementById('double').textContent"),
        json!("Redouble to 4")
    );
    press(&mut page, "#resign");
    let mut expected = [0, 0];
    expected[leader] = 1;
    expected[trailer] = 2;
    assert_eq!(score(&mut page), expected);
    assert_eq!(
        js(&mut page, "state.stakes.finished[1]"),
        json!({"winner": trailer, "points": 2, "cube": 2, "dropped": null, "resigned": leader})
    );
    assert!(
        prompt(&mut page).contains("the Crawford game"),
        "{}",
        prompt(&mut page)
    );

    // Game 3, the Crawford game: nobody may double.
    press(&mut page, "#next-game");
    assert_eq!(js(&mut page, "state.stakes.crawford"), json!(true));
    if js(&mut page, "state.needs_roll") != json!(true) {
        play_a_turn(&mut page, &engine);
    }
    assert!(
        !shown(&mut page, "#double"),
        "no double in the Crawford game"
    );
    assert!(
        prompt(&mut page).contains("Crawford"),
        "{}",
        prompt(&mut page)
    );
    let (status, message) = refused(&server, id, "double", "{}");
    assert_eq!(status, 409);
    assert!(message.contains("Crawford"), "{message}");
    keep_screenshot(&mut page, "match-crawford");

    // The random agent takes both seats and plays the games out; each game
    // scored adds its points, until a player has 3.
    page.eval(
        "document.getElementById('seat0-kind').value = 'random'; \
         document.getElementById('seat1-kind').value = 'random'; true",
    );
    press(&mut page, "#apply-seats");
    let mut games = 2;
    loop {
        page.wait_for("state.over", "the game to end");
        games += 1;
        let finished = js(&mut page, &format!("state.stakes.finished[{}]", games - 1));
        let winner = finished["winner"].as_u64().unwrap() as usize;
        let points = finished["points"].as_u64().unwrap();
        assert!(points >= 1, "{finished}");
        expected[winner] += points;
        assert_eq!(score(&mut page), expected, "after game {games}");
        assert_eq!(panel_points(&mut page), expected);
        if js(&mut page, "state.stakes.winner") != Value::Null {
            break;
        }
        // After the Crawford game doubling is allowed again.
        assert_eq!(js(&mut page, "state.stakes.crawford_done"), json!(true));
        assert_eq!(js(&mut page, "state.stakes.crawford"), json!(false));
        press(&mut page, "#next-game");
    }
    let winner = js(&mut page, "state.stakes.winner").as_u64().unwrap() as usize;
    assert!(expected[winner] >= 3 && expected[1 - winner] < 3);
    assert_eq!(js(&mut page, "state.stakes.games"), json!(games));
    let said = prompt(&mut page);
    let name = js(&mut page, &format!("state.players[{winner}]"));
    assert!(
        said.contains(&format!(
            "{} wins the match to 3, {}-{}",
            name.as_str().unwrap(),
            expected[winner],
            expected[1 - winner]
        )),
        "{said}"
    );
    assert!(shown(&mut page, "#new-match"), "a new match is offered");
    assert!(!shown(&mut page, "#next-game"), "the match is over");
    let (status, message) = refused(&server, id, "next", "{}");
    assert_eq!(status, 409);
    assert!(message.contains("has won the match"), "{message}");
    keep_screenshot(&mut page, "match-won");
    // The record holds the match's games, each replayed and checked.
    let record = download_record(&mut page, &dir);
    let run = ludus(&["replay", record.to_str().unwrap(), "--quiet"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let replayed: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("game "))
        .collect();
    assert_eq!(replayed.len(), games as usize, "{}", run.stdout);
    assert!(replayed[0].contains("dropped the double"), "{}", run.stdout);
    assert!(
        replayed.iter().all(|l| l.contains("every move legal")),
        "{}",
        run.stdout
    );
}

#[test]
fn the_served_page_prompts_for_a_piece_to_remove_and_a_roll_to_choose() {
    let Some(browser) = browser_or_skip() else {
        return;
    };
    let dir = temp_dir("browser", "serve-decisions");
    let server = Server::start(&["nine-mens-morris", "acey-deucey"]);
    let mut page = Browser::start(&browser, &dir);
    page.open(&server.url);

    // A mill made by a placement: the piece to remove is asked for.
    let morris = bundled("nine-mens-morris");
    let start = "white: a1 d1; black: a7 b6; turn: white; hand: white 7, black 7; quiet: 0";
    page.eval(&format!(
        "document.getElementById('start-position').value = {}; true",
        json!(start)
    ));
    new_game(&mut page, 0, ["human", "human"], 1);
    let site = |name: &str| {
        morris
            .game()
            .board
            .sites
            .iter()
            .position(|s| s.name == name)
            .unwrap()
    };
    page.click_site(site("g1"));
    let said = prompt(&mut page);
    assert!(
        said.contains("white completes a line: click a piece of black's to remove"),
        "{said}"
    );
    let removable = js(
        &mut page,
        "[...new Set([...document.querySelectorAll('#board .removable')].map(e => Number(e.dataset.site)))].sort((a, b) => a - b)",
    );
    let mut expected = vec![site("a7"), site("b6")];
    expected.sort_unstable();
    assert_eq!(removable, json!(expected));
    keep_screenshot(&mut page, "decision-remove");
    let version = page.version();
    page.click_site(site("b6"));
    page.settled(version);
    assert_eq!(js(&mut page, "state.played"), json!(["g1 xb6"]));
    assert!(!prompt(&mut page).contains("remove"));

    // A throw of 1-2 played, then a double chosen with the prompt's dice.
    let acey = bundled("acey-deucey");
    let start = "white: start*15; black: start*15; turn: white; dice: 1-2; idle: 0";
    page.eval(&format!(
        "document.getElementById('start-position').value = {}; true",
        json!(start)
    ));
    new_game(&mut page, 1, ["human", "human"], 1);
    let mut st = parse_position(&acey, &page.position()).unwrap();
    let mut moves = Vec::new();
    acey.legal_moves(&mut st, &mut moves);
    let m = moves[0];
    click_move(&mut page, &acey, &m);
    assert_eq!(js(&mut page, "state.choosing"), json!(true));
    let said = prompt(&mut page);
    assert!(said.contains("white chooses the double to play"), "{said}");
    let offered = js(
        &mut page,
        "[...document.querySelectorAll('#prompt-choices button')].map(b => b.dataset.move)",
    );
    assert_eq!(
        offered,
        json!([
            "choose 1-1",
            "choose 2-2",
            "choose 3-3",
            "choose 4-4",
            "choose 5-5",
            "choose 6-6"
        ])
    );
    let pairs = js(
        &mut page,
        "[...document.querySelectorAll('#prompt-choices button')].every(b => b.querySelectorAll('svg.die').length === 2)",
    );
    assert_eq!(pairs, json!(true), "each choice is drawn as a pair of dice");
    keep_screenshot(&mut page, "decision-choose");
    press(
        &mut page,
        "#prompt-choices button[data-move=\"choose 4-4\"]",
    );
    assert_eq!(js(&mut page, "state.dice"), json!("4-4"));
    let dice = js(
        &mut page,
        "[...document.querySelectorAll('#dice svg.die')].map(d => Number(d.dataset.value))",
    );
    assert!(
        dice.as_array().unwrap().iter().all(|d| d == &json!(4))
            && dice.as_array().unwrap().len() >= 2,
        "{dice}"
    );
    assert!(
        prompt(&mut page).contains("white to play 4-4"),
        "{}",
        prompt(&mut page)
    );
}
