//! `ending turn exempt|obliged`: whether a turn that ends the game must
//! meet the `play` obligations, and backgammon's results (single, gammon,
//! backgammon) scored by conditions that read the winner's home.
//!
//! The games are `tests/data/bear-off-race.game` (obliged) and its variant
//! `bear-off-race-exempt.game`.

use crate::common;

use ludus::engine::{Engine, Outcome, State};
use ludus::notation::{move_text, parse_dice, parse_position};
use std::path::Path;

fn engine(file: &str) -> Engine {
    common::engine_at(&common::root().join("tests/data").join(file))
}

const OBLIGED: &str = "bear-off-race.game";
const EXEMPT: &str = "bear-off-race-exempt.game";

/// The position: White's last man on 23 could go off with the 4
/// alone, or with the 1 then the 4 (hitting Black's blot on 24 on the way).
const LAST_MAN: &str = "white: 23 off*14; black: 1 5*2 11 19 21*4 22*2 23*2 24*2; turn: white";

#[track_caller]
fn state(engine: &Engine, position: &str, dice: &str) -> State {
    let mut st = parse_position(engine, position).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(common::men(engine, &st), [15, 15], "`{position}`");
    st.dice = parse_dice(engine, dice).unwrap_or_else(|e| panic!("{e}"));
    st
}

/// The legal turns, as sorted texts, and the outcome after each.
fn turns(engine: &Engine, position: &str, dice: &str) -> Vec<(String, Outcome)> {
    let mut st = state(engine, position, dice);
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let mut out: Vec<(String, Outcome)> = moves
        .iter()
        .map(|m| {
            let mut after = st.clone();
            engine.play(&mut after, m).unwrap();
            (move_text(engine, m), engine.outcome(&after))
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

const WHITE_TRIPLE: Outcome = Outcome::Decisive {
    winner: 0,
    points: 3,
};

/// Standard backgammon: both dice must be played, so the last man goes off
/// by 23/24 24/off only (OpenSpiel and GNU Backgammon agree). The hit
/// leaves a black man on his bar: a backgammon.
#[test]
fn an_obliged_ending_turn_must_use_both_dice() {
    let engine = engine(OBLIGED);
    assert_eq!(
        turns(&engine, LAST_MAN, "4-1"),
        [("23/24 24/off".to_string(), WHITE_TRIPLE)]
    );
}

/// Verquere's rule (RULES.md 1.9): the turn that bears off the last man
/// with the 4 alone stands too. Black's two men on White's 20 make it a
/// backgammon as well.
#[test]
fn an_exempt_ending_turn_may_leave_a_die_unplayed() {
    let engine = engine(EXEMPT);
    assert_eq!(
        turns(&engine, LAST_MAN, "4-1"),
        [
            ("23/24 24/off".to_string(), WHITE_TRIPLE),
            ("23/off".to_string(), WHITE_TRIPLE)
        ]
    );
}

/// A game file that does not state it keeps the engine's earlier rule:
/// exempt.
#[test]
fn an_unstated_ending_turn_is_exempt() {
    let text = std::fs::read_to_string(common::root().join("tests/data").join(OBLIGED)).unwrap();
    let text = text.replace("  ending turn obliged\n", "");
    assert!(!text.contains("  ending turn "));
    let loaded = ludus::load::load_text(Path::new("unstated.game"), &text);
    let engine = Engine::new(
        loaded
            .game
            .unwrap_or_else(|d| panic!("{}", loaded.sources.render(&d))),
    );
    let moves: Vec<String> = turns(&engine, LAST_MAN, "4-1")
        .into_iter()
        .map(|(m, _)| m)
        .collect();
    assert_eq!(moves, ["23/24 24/off", "23/off"]);
}

/// The three results of backgammon, each judged for the winner: the
/// conditions count the loser's men on his bar and in the winner's home.
#[test]
fn single_gammon_and_backgammon_are_scored() {
    for game in [OBLIGED, EXEMPT] {
        let engine = engine(game);
        for (position, points) in [
            // Black has borne off a man: a single game.
            ("white: 24 off*14; black: 24*14 off; turn: white", 1),
            // None borne off, none in White's home or on the bar: a gammon.
            ("white: 24 off*14; black: 24*15; turn: white", 2),
            // None borne off and one on White's 19: a backgammon.
            ("white: 24 off*14; black: 6 24*14; turn: white", 3),
            // None borne off and one on his bar: a backgammon.
            ("white: 24 off*14; black: bar 24*14; turn: white", 3),
            // Black's man on his own home (White's 1..6) is no backgammon.
            ("white: 24 off*14; black: 19*15; turn: white", 2),
        ] {
            let after = turns(&engine, position, "6-5");
            assert_eq!(after.len(), 1, "{game}: {position}: {after:?}");
            assert_eq!(
                after[0].1,
                Outcome::Decisive { winner: 0, points },
                "{game}: {position}"
            );
        }
    }
}

/// Black wins a backgammon the same way: the conditions are judged for
/// each player, in each player's frame.
#[test]
fn black_scores_a_backgammon_from_his_side() {
    let engine = engine(OBLIGED);
    // Black's home is points 6..1; White's man on 3 stands in it.
    let after = turns(
        &engine,
        "white: 3 13*14; black: 24 off*14; turn: black",
        "6-5",
    );
    assert_eq!(after.len(), 1, "{after:?}");
    assert_eq!(
        after[0].1,
        Outcome::Decisive {
            winner: 1,
            points: 3
        }
    );
    let after = turns(
        &engine,
        "white: 13*15; black: 24 off*14; turn: black",
        "6-5",
    );
    assert_eq!(
        after[0].1,
        Outcome::Decisive {
            winner: 1,
            points: 2
        }
    );
}

/// A game worth three points is recorded as such, and its record replays:
/// the result line says what the outcome was worth.
#[test]
fn a_triple_game_is_recorded_and_replays() {
    let dir = common::temp_dir("ending_turn", "a_triple_game_is_recorded_and_replays");
    let lines = common::record_game(&dir, "tests/data/bear-off-race.game", 2);
    let result: serde_json::Value = serde_json::from_str(lines.last().unwrap()).unwrap();
    assert_eq!(result["result"], "white wins 3 points", "{result}");
    assert_eq!(result["winner"], "white", "{result}");
    let run = common::ludus(&[
        "replay",
        dir.join("game.jsonl").to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("white wins 3 points"), "{}", run.stdout);
}
