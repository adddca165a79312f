//! `games/backgammon.game`: worked positions of standard backgammon (no
//! doubling cube): the last man borne off with both dice, a gammon and a
//! backgammon scored, a hit, entering from the bar; and its notation
//! (`notation counting down`): points counted down from the mover's side,
//! hits marked, several men on one move grouped, and both the compact and
//! the expanded forms read back.

use crate::common;

use ludus::engine::Move;
use ludus::engine::{Engine, Outcome, State};
use ludus::notation::{find_move, move_text, parse_dice, parse_position, position_text};
use ludus::playout::rng;
use rand::RngExt;

fn engine() -> Engine {
    common::engine_at(&common::root().join("games/backgammon.game"))
}

#[track_caller]
fn state(engine: &Engine, position: &str, dice: &str) -> State {
    let mut st = parse_position(engine, position).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(common::men(engine, &st), [15, 15], "`{position}`");
    st.dice = parse_dice(engine, dice).unwrap_or_else(|e| panic!("{e}"));
    st
}

/// The legal turns, as sorted texts, with the position and outcome after
/// each.
fn turns(engine: &Engine, position: &str, dice: &str) -> Vec<(String, String, Outcome)> {
    let mut st = state(engine, position, dice);
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let mut out: Vec<_> = moves
        .iter()
        .map(|m| {
            let mut after = st.clone();
            engine.play(&mut after, m).unwrap();
            (
                move_text(engine, m),
                position_text(engine, &after),
                engine.outcome(&after),
            )
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// The position (OpenSpiel and GNU Backgammon agree): White's last
/// man on 23 could go off with the 4 alone, but both dice must be played,
/// so only 23/24* 24/off stands; the hit leaves a black man on the bar, a
/// backgammon.
#[test]
fn the_last_man_is_borne_off_with_both_dice() {
    let engine = engine();
    let after = turns(
        &engine,
        "white: 2 off*14; black: 24 20*2 14 6 4*4 3*2 2*2 1*2; turn: white",
        "4-1",
    );
    assert_eq!(after.len(), 1, "{after:?}");
    // White's 23 and 24 are his 2- and 1-points.
    // One man's die moves as one, the point of the hit kept.
    assert_eq!(after[0].0, "2/1*/off");
    assert_eq!(
        after[0].2,
        Outcome::Decisive {
            winner: 0,
            points: 3
        }
    );
}

/// A gammon: the loser has borne off no man, and none of his men is on the
/// bar or in the winner's home board (White's 19..24).
#[test]
fn a_gammon_is_worth_two_points() {
    let engine = engine();
    let after = turns(&engine, "white: 1 off*14; black: 7*15; turn: white", "6-5");
    assert_eq!(after.len(), 1, "{after:?}");
    assert_eq!(
        after[0].2,
        Outcome::Decisive {
            winner: 0,
            points: 2
        }
    );
    // One black man borne off: a single game.
    let after = turns(
        &engine,
        "white: 1 off*14; black: 7*14 off; turn: white",
        "6-5",
    );
    assert_eq!(
        after[0].2,
        Outcome::Decisive {
            winner: 0,
            points: 1
        }
    );
}

/// A backgammon: no man borne off and one still in the winner's home
/// board, or on the bar. Black wins it from his side too.
#[test]
fn a_backgammon_is_worth_three_points() {
    let engine = engine();
    for position in [
        "white: 1 off*14; black: 20 7*14; turn: white",
        "white: 1 off*14; black: bar 7*14; turn: white",
    ] {
        let after = turns(&engine, position, "6-5");
        assert_eq!(after.len(), 1, "{position}: {after:?}");
        assert_eq!(
            after[0].2,
            Outcome::Decisive {
                winner: 0,
                points: 3
            },
            "{position}"
        );
    }
    // Black's home board is points 6..1; White's man on 2 stands in it.
    let after = turns(
        &engine,
        "white: 23 13*14; black: 1 off*14; turn: black",
        "6-5",
    );
    assert_eq!(
        after[0].2,
        Outcome::Decisive {
            winner: 1,
            points: 3
        }
    );
}

/// A man landing on a lone opposing man sends it to its owner's bar.
#[test]
fn a_blot_is_hit_to_the_bar() {
    let engine = engine();
    let start = "white: 24*2 13*5 8*3 6*5; black: 24*2 20 13*5 8*3 6*4; turn: white";
    let mut st = state(&engine, start, "1-2");
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    // White's 19, 20 and 17 are his 6-, 5- and 8-points.
    let hit = find_move(&engine, &st, &moves, "6/5* 8/6").unwrap();
    // The same position by another route, written as GNU Backgammon
    // writes it: one man's two die moves as one, no hit on the way.
    assert_eq!(move_text(&engine, &hit), "8/5*");
    engine.play(&mut st, &hit).unwrap();
    assert_eq!(
        position_text(&engine, &st),
        "white: 24*2 13*5 8*2 6*5 5; black: bar 24*2 13*5 8*3 6*4; turn: black; idle: 0"
    );
}

/// A man on the bar enters before any other moves: with 6-1 against a
/// closed 6 (Black's six-point is White's entry point 6), White must enter
/// with the 1; with 6-6 he cannot enter and passes.
#[test]
fn a_man_on_the_bar_enters_first() {
    let engine = engine();
    let position = "white: bar 24 13*5 8*3 6*5; black: 24*2 13*5 8*3 6*5; turn: white";
    let after = turns(&engine, position, "6-1");
    assert!(!after.is_empty());
    for (text, _, _) in &after {
        // The man entering goes on with the 6, or another man moves.
        assert!(text.starts_with("bar/24 ") || text == "bar/18", "{text}");
    }
    assert!(after.iter().any(|(t, _, _)| t == "bar/24 13/7"));
    let after = turns(&engine, position, "6-6");
    assert_eq!(after.len(), 1);
    assert_eq!(after[0].0, "pass");
}

/// The opening 4-4 from the start: several men on one move are written
/// once with their number, and the expanded forms name the same turn.
#[test]
fn moves_of_several_men_are_grouped_and_read_expanded() {
    let engine = engine();
    let mut st = engine.start();
    st.dice = parse_dice(&engine, "4-4").unwrap();
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let texts: Vec<String> = moves.iter().map(|m| move_text(&engine, m)).collect();
    assert!(texts.contains(&"24/20(2) 13/9(2)".to_string()), "{texts:?}");
    let m = find_move(&engine, &st, &moves, "24/20(2) 13/9(2)").unwrap();
    for text in [
        "24/20 24/20 13/9 13/9",
        "13/9 24/20 13/9 24/20",
        "24/20(2) 13/9 13/9",
        "13 / 9 (2) 24/20(2)",
    ] {
        assert_eq!(find_move(&engine, &st, &moves, text), Ok(m), "{text}");
    }
    // One man's moves written as one: 24/20/16 is 24/20 20/16, and is
    // written 24/16, as GNU Backgammon writes it.
    let chain = find_move(&engine, &st, &moves, "24/20/16 13/9(2)").unwrap();
    assert_eq!(move_text(&engine, &chain), "24/16 13/9(2)");
    assert_eq!(find_move(&engine, &st, &moves, "24/16 13/9(2)"), Ok(chain));
    // A group too large for any turn (48 die moves, a climbing sequence
    // of doubles) is refused with its limit.
    let err = find_move(&engine, &st, &moves, "24/20(49)").unwrap_err();
    assert!(err.contains("1 to 48"), "{err}");
}

/// Hits may be typed with or without their mark; entering and bearing off
/// are written `bar/22` and `6/off`.
#[test]
fn hits_entering_and_bearing_off_are_written_as_players_write_them() {
    let engine = engine();
    let mut st = state(
        &engine,
        "white: bar 6*14; black: 6*14 3; turn: white",
        "3-6",
    );
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let texts: Vec<String> = moves.iter().map(|m| move_text(&engine, m)).collect();
    // White enters on his 22-point (point 3, Black's blot) or his 19-point
    // (point 6 is Black's, closed).
    assert!(texts.contains(&"bar/22*/16".to_string()), "{texts:?}");
    let typed = find_move(&engine, &st, &moves, "bar/22 22/16").unwrap();
    assert_eq!(move_text(&engine, &typed), "bar/22*/16");
    let mut st = state(&engine, "white: 6 5*14; black: 6*15; turn: white", "6-5");
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let texts: Vec<String> = moves.iter().map(|m| move_text(&engine, m)).collect();
    assert_eq!(texts, ["6/1 5/off", "6/off 5/off"]);
}

/// Over seeded random games: every legal turn's text names that turn, in
/// its compact form and expanded die move by die move without hit marks,
/// and no two turns share a text.
#[test]
fn notation_round_trips_over_random_games() {
    let engine = engine();
    let mut moves: Vec<Move> = Vec::new();
    let mut checked = 0;
    for seed in 0..4 {
        let mut r = rng(seed);
        let mut st = engine.start();
        for _ in 0..400 {
            if engine.outcome(&st) != Outcome::Ongoing {
                break;
            }
            engine.roll(&mut st, &mut r);
            engine.legal_moves(&mut st, &mut moves);
            let mut seen = std::collections::BTreeSet::new();
            for m in &moves {
                let text = move_text(&engine, m);
                assert!(seen.insert(text.clone()), "two turns written `{text}`");
                assert_eq!(
                    find_move(&engine, &st, &moves, &text).map(|f| f.key),
                    Ok(m.key)
                );
                let expanded: Vec<String> = text
                    .replace('*', "")
                    .split(' ')
                    .flat_map(|w| match w.split_once('(') {
                        Some((w, n)) => {
                            vec![w.to_string(); n.trim_end_matches(')').parse().unwrap()]
                        }
                        None => vec![w.to_string()],
                    })
                    .collect();
                let expanded = expanded.join(" ");
                assert_eq!(
                    find_move(&engine, &st, &moves, &expanded).map(|f| f.key),
                    Ok(m.key),
                    "`{expanded}` for `{text}`"
                );
                checked += 1;
            }
            let pick = moves[r.random_range(0..moves.len())];
            engine.play(&mut st, &pick).unwrap();
        }
    }
    assert!(checked > 2_000, "{checked}");
}

/// The opening throw (`opening each one die, higher starts, plays both`):
/// the two dice are never equal, the higher die's thrower moves first and
/// plays both numbers as his first roll; over many seeds each of the 30
/// unequal throws comes up and each player starts about half the games.
#[test]
fn the_opening_throw_decides_who_starts_and_gives_the_first_roll() {
    let engine = engine();
    let mut seen = std::collections::BTreeMap::new();
    for seed in 0..3000 {
        let mut st = engine.start();
        let [white, black] = engine.opening(&mut st, &mut rng(seed)).unwrap();
        assert_ne!(white, black, "seed {seed}");
        assert_eq!(st.to_move, u8::from(black > white), "seed {seed}");
        assert_eq!(st.dice, [white.max(black), white.min(black), 0, 0]);
        *seen.entry((white, black)).or_insert(0) += 1;
        // Seeded: the same seed throws the same.
        let mut again = engine.start();
        engine.opening(&mut again, &mut rng(seed));
        assert_eq!(again, st);
    }
    assert_eq!(seen.len(), 30, "{seen:?}");
    let white_starts: u32 = seen
        .iter()
        .filter(|((w, b), _)| w > b)
        .map(|(_, n)| n)
        .sum();
    assert!((1300..1700).contains(&white_starts), "{white_starts}");
}

/// `throws again` (long nardy's opening): the winner throws anew, so no
/// dice are thrown yet; a game without an opening throw keeps its setup.
#[test]
fn an_opening_that_throws_again_leaves_the_dice_unthrown() {
    let text = std::fs::read_to_string(common::root().join("games/backgammon.game")).unwrap();
    let text = text.replace("higher starts, plays both", "higher starts, throws again");
    let loaded = ludus::load::load_text(std::path::Path::new("again.game"), &text);
    let again = Engine::new(
        loaded
            .game
            .unwrap_or_else(|d| panic!("{}", loaded.sources.render(&d))),
    );
    let mut st = again.start();
    let [white, black] = again.opening(&mut st, &mut rng(7)).unwrap();
    assert_eq!(st.to_move, u8::from(black > white));
    assert_eq!(st.dice, [0; 4]);
    let verquere = common::engine_at(&common::root().join("games/verquere.game"));
    let mut st = verquere.start();
    assert_eq!(verquere.opening(&mut st, &mut rng(7)), None);
    assert_eq!(st, verquere.start());
}

/// The opening is kept in records (the header names it; the first turn's
/// position has the starter and his roll), replay throws it again and
/// refuses a record whose opening differs; simulate counts who started.
#[test]
fn the_opening_is_recorded_replayed_and_counted() {
    let dir = common::temp_dir("backgammon", "the_opening_is_recorded_replayed_and_counted");
    let lines = common::record_game(&dir, "games/backgammon.game", 5);
    let header: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    let opening = header["opening"].as_str().unwrap().to_string();
    let first: serde_json::Value = serde_json::from_str(&lines[1]).unwrap();
    let position = first["position"].as_str().unwrap();
    let engine = engine();
    let mut st = engine.start();
    let dice = engine.opening(&mut st, &mut rng(5)).unwrap();
    assert_eq!(opening, ludus::playout::opening_text(&engine, dice));
    let starter = if dice[1] > dice[0] { "black" } else { "white" };
    assert!(opening.ends_with(&format!("{starter} starts")), "{opening}");
    let roll = format!("{}-{}", dice[0].max(dice[1]), dice[0].min(dice[1]));
    assert!(
        position.contains(&format!("turn: {starter}; dice: {roll}")),
        "{position}"
    );
    let record = dir.join("game.jsonl");
    let run = common::ludus(&["replay", record.to_str().unwrap(), "--quiet"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // Another opening in the header is refused.
    let other = if dice[0] == 1 { 2 } else { 1 };
    let forged = ludus::playout::opening_text(&engine, [other, 6]);
    let text = std::fs::read_to_string(&record)
        .unwrap()
        .replacen(&opening, &forged, 1);
    std::fs::write(&record, text).unwrap();
    let run = common::ludus(&["replay", record.to_str().unwrap(), "--quiet"]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(run.stderr.contains("`opening`"), "{}", run.stderr);
    // Simulate: every game was started by one player or the other.
    let run = common::ludus(&[
        "simulate",
        "games/backgammon.game",
        "--games",
        "40",
        "--json",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let starts = &value["starts"];
    let (w, b) = (
        starts["white"].as_u64().unwrap(),
        starts["black"].as_u64().unwrap(),
    );
    assert_eq!(w + b, 40, "{value}");
    assert!(w > 0 && b > 0, "{value}");
}

/// The REPL shows the opening throw before the first turn.
#[test]
fn the_repl_shows_the_opening_throw() {
    let run = common::ludus_in(
        common::root(),
        &["play", "games/backgammon.game", "--seed", "3"],
        common::Input::Text("quit\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .starts_with("opening throw: white 5, black 1: white starts and plays 5-1\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("white to move; dice: 5-1"),
        "{}",
        run.stdout
    );
}

/// `moves --batch`: one JSON line per line read, with the position after
/// each turn; a bad line (a blank one too) is answered with its number and
/// why, and the batch goes on (exit 1), and so is a line past the limit.
#[test]
fn moves_batch_answers_each_line() {
    let input = "white: 24*2 13*5 8*3 6*5; black: 24*2 13*5 8*3 6*5; turn: white; dice: 3-1\n\
                 white: 2 off*14; black: 24 20*2 14 6 4*4 3*2 2*2 1*2; turn: white; dice: 4-1\n";
    let run = common::ludus_in(
        common::root(),
        &["moves", "games/backgammon.game", "--batch"],
        common::Input::Text(input),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<serde_json::Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["moves"].as_array().unwrap().len(), 16);
    assert_eq!(lines[0]["results"].as_array().unwrap().len(), 16);
    assert_eq!(lines[1]["moves"], serde_json::json!(["2/1*/off"]));
    assert_eq!(
        lines[1]["results"],
        serde_json::json!([
            "white: off*15; black: bar 20*2 14 6 4*4 3*2 2*2 1*2; turn: black; idle: 0"
        ])
    );
    // Which turns end the game, and how (issue 26): bearing off the last
    // man while Black has a man on the bar wins a backgammon.
    assert_eq!(lines[1]["ends"], serde_json::json!([true]));
    assert_eq!(
        lines[1]["outcomes"],
        serde_json::json!(["white wins 3 points"])
    );
    assert_eq!(lines[0]["ends"], serde_json::json!(vec![false; 16]));
    let good = "white: 24*15; black: 24*15; dice: 3-1";
    let long = "x".repeat(5000);
    let run = common::ludus_in(
        common::root(),
        &["moves", "games/backgammon.game", "--batch"],
        common::Input::Text(&format!("{good}\nwhite: 99\n\r\n{long}\n{good}\n")),
    );
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("3 of 5 lines refused"),
        "{}",
        run.stderr
    );
    let answers: Vec<serde_json::Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), 5, "{}", run.stdout);
    assert_eq!(answers[0]["moves"], answers[4]["moves"]);
    assert_eq!(answers[1]["line"], 2);
    assert!(
        answers[1]["error"]
            .as_str()
            .unwrap()
            .contains("bad position"),
        "{}",
        answers[1]
    );
    assert_eq!(answers[2]["line"], 3);
    assert!(answers[2]["error"].as_str().unwrap().contains("blank"));
    assert_eq!(answers[3]["line"], 4);
    assert!(answers[3]["error"].as_str().unwrap().contains("4096"));
}

/// `moves --cube`: the cube decision before the throw by Janowski's model
/// on the rollouts' odds. A certain backgammon is too good to double (and
/// a drop); the start is no double, a take; the cube the opponent's is no
/// double at all; a game without a cube is refused.
#[test]
fn moves_cube_judges_the_double_and_the_take() {
    let cube = |position: &str| {
        let run = common::ludus(&[
            "moves",
            "games/backgammon.game",
            "--cube",
            "--position",
            position,
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        serde_json::from_str::<serde_json::Value>(run.stdout.trim()).unwrap()
    };
    let won = cube("white: 2 off*14; black: 24*15; turn: white");
    assert_eq!(won["policy"], "learned");
    assert_eq!(won["win"], 1.0);
    assert_eq!(won["won"], 3.0);
    // Playing on wins 3; a double cashes 1.
    assert_eq!(won["no_double"], 3.0);
    assert_eq!(won["verdict"], "too good");
    assert_eq!(won["double"], false);
    assert_eq!(won["take"], false);
    let start = "white: 24*2 13*5 8*3 6*5; black: 24*2 13*5 8*3 6*5; turn: white";
    let even = cube(start);
    assert_eq!(even["verdict"], "no double");
    assert_eq!(even["double"], false);
    assert_eq!(even["take"], true);
    let theirs = cube(&format!("{start}; cube: 2 black"));
    assert_eq!(theirs["may_double"], false);
    assert_eq!(theirs["double"], false);
    assert_eq!(theirs["verdict"], serde_json::Value::Null);
    let run = common::ludus(&["moves", "games/tic-tac-toe.game", "--cube"]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("no doubling cube"), "{}", run.stderr);
}
