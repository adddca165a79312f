//! `games/backgammon.game`: worked positions of standard backgammon (no
//! doubling cube): the last man borne off with both dice, a gammon and a
//! backgammon scored, a hit, entering from the bar.

mod common;

use ludus::engine::{Engine, Outcome, State};
use ludus::notation::{find_move, move_text, parse_dice, parse_position, position_text};

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
        "white: 23 off*14; black: 1*2 2*2 3*2 4*4 6 14 20*2 24; turn: white",
        "4-1",
    );
    assert_eq!(after.len(), 1, "{after:?}");
    assert_eq!(after[0].0, "23/24 24/off");
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
    let after = turns(&engine, "white: 24 off*14; black: 7*15; turn: white", "6-5");
    assert_eq!(after.len(), 1, "{after:?}");
    assert_eq!(
        after[0].2,
        Outcome::Decisive {
            winner: 0,
            points: 2
        }
    );
    // One black man borne off: a single game.
    let after = turns(&engine, "white: 24 off*14; black: 7*14 off; turn: white", "6-5");
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
        "white: 24 off*14; black: 7*14 20; turn: white",
        "white: 24 off*14; black: 7*14 bar; turn: white",
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
    let after = turns(&engine, "white: 12*14 2; black: 1 off*14; turn: black", "6-5");
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
    let start = "white: 1*2 12*5 17*3 19*5; black: 24*2 13*5 8*3 6*4 20; turn: white";
    let mut st = state(&engine, start, "1-2");
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let hit = find_move(&engine, &st, &moves, "19/20 17/19").unwrap();
    engine.play(&mut st, &hit).unwrap();
    assert_eq!(
        position_text(&engine, &st),
        "white: 1*2 12*5 17*2 19*5 20; black: 6*4 8*3 13*5 24*2 bar; turn: black; idle: 0"
    );
}

/// A man on the bar enters before any other moves: with 6-1 against a
/// closed 6 (Black's six-point is White's entry point 6), White must enter
/// with the 1; with 6-6 he cannot enter and passes.
#[test]
fn a_man_on_the_bar_enters_first() {
    let engine = engine();
    let position = "white: bar 1 12*5 17*3 19*5; black: 24*2 13*5 8*3 6*5; turn: white";
    let after = turns(&engine, position, "6-1");
    assert!(!after.is_empty());
    for (text, _, _) in &after {
        assert!(text.starts_with("bar/1 "), "{text}");
    }
    assert!(after.iter().any(|(t, _, _)| t == "bar/1 12/18"));
    let after = turns(&engine, position, "6-6");
    assert_eq!(after.len(), 1);
    assert_eq!(after[0].0, "pass");
}
