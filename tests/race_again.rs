//! Extra turns (`again after ...`), an effect of a turn once played, and
//! the Royal Game of Ur (`games/ur.game`, Finkel's rules), which earns
//! them on its rosettes.
//!
//! Ur's tracks, by position: white's start 0, d1 1, c1 2, b1 3, a1 4
//! (rosette), the middle row a2 5 .. d2 8 (the central rosette) .. h2 12,
//! then h1 13, g1 14 (rosette), off 15. Black's run the same way on row 3
//! and share the middle row.

use crate::common;

use common::{played as play, position as state, turn_texts as moves};

use ludus::engine::{Engine, Outcome};
use ludus::ir::ZERO_THROW;
use ludus::notation::position_text;

fn engine(path: &str) -> Engine {
    common::engine_at(&common::root().join(path))
}

/// Ur's four binary dice summed: 0 to 4 in 1, 4, 6, 4 and 1 of the 16
/// ways the four dice fall (each die's marked corner up or not, two
/// corners of four marked), the odds the agents' chance nodes use.
#[test]
fn ur_throws_zero_to_four_by_the_binomial_odds() {
    let engine = engine("games/ur.game");
    let dice = engine.game().dice.expect("a dice game");
    assert_eq!(
        dice.throws(),
        vec![
            ([ZERO_THROW, 0, 0, 0], 1),
            ([1, 0, 0, 0], 4),
            ([2, 0, 0, 0], 6),
            ([3, 0, 0, 0], 4),
            ([4, 0, 0, 0], 1),
        ]
    );
}

/// White's man on d1 (1) with a throw of 3 lands on the rosette a1 (4):
/// white throws again, and the position says so (`again: 1`); entering a
/// man on b1 (3) instead lands on no rosette and the turn passes.
#[test]
fn landing_on_a_rosette_earns_another_throw() {
    let engine = engine("games/ur.game");
    let st = state(
        &engine,
        "white: start*6 1; black: start*7; turn: white; dice: 3",
    );
    assert_eq!(moves(&engine, &st), ["start/3", "1/4"]);
    let after = play(&engine, &st, "1/4");
    assert_eq!(after.to_move, 0, "white throws again");
    assert_eq!(after.again, 1);
    assert_eq!(after.dice, [0; 4], "a new throw, not the old one again");
    assert_eq!(
        position_text(&engine, &after),
        "white: start*6 4; black: start*7; turn: white; again: 1; idle: 0"
    );
    // The position text reads back to the same position.
    let read = state(&engine, &position_text(&engine, &after));
    assert_eq!(
        position_text(&engine, &read),
        position_text(&engine, &after)
    );
    // A landing off the rosettes: black moves.
    let other = play(&engine, &st, "start/3");
    assert_eq!((other.to_move, other.again), (1, 0));
    // The extra turn's own turn, landing nowhere special, ends the run.
    let mut next = after.clone();
    next.dice = [1, 0, 0, 0];
    let later = play(&engine, &next, "4/5");
    assert_eq!((later.to_move, later.again), (1, 0));
}

/// Landing on a rosette on the extra throw earns a third throw, counted:
/// white's man on a1 (4) throws 4 to the central rosette d2 (8).
#[test]
fn rosette_after_rosette_throws_again_and_again() {
    let engine = engine("games/ur.game");
    let st = state(
        &engine,
        "white: start*6 4; black: start*7; turn: white; again: 1; dice: 4",
    );
    let after = play(&engine, &st, "4/8");
    assert_eq!((after.to_move, after.again), (0, 2));
}

/// The central rosette d2 (8 on both tracks) is safe: black's man there
/// cannot be hit. White's man on b2 (6) with a throw of 2 would land on
/// him, so only entering (start/2) is legal. On c2 (7), one short of the
/// rosette, black's man is hit: 6/7 sends him back to black's start.
#[test]
fn the_central_rosette_is_safe_and_the_middle_row_is_shared() {
    let engine = engine("games/ur.game");
    let st = state(
        &engine,
        "white: start*6 6; black: start*6 8; turn: white; dice: 2",
    );
    assert_eq!(moves(&engine, &st), ["start/2"]);
    let st = state(
        &engine,
        "white: start*6 6; black: start*6 7; turn: white; dice: 1",
    );
    assert_eq!(moves(&engine, &st), ["start/1", "6/7"]);
    let after = play(&engine, &st, "6/7");
    assert_eq!(
        position_text(&engine, &after),
        "white: start*6 7; black: start*7; turn: black; idle: 0"
    );
}

/// Bearing off takes the exact throw: from g1 (14) a 1 bears off (15),
/// a 2 would go past the end and is no move, so with that man alone on
/// the board and none left to enter the turn passes.
#[test]
fn bearing_off_takes_the_exact_throw() {
    let engine = engine("games/ur.game");
    let st = state(
        &engine,
        "white: 14 off*6; black: start*7; turn: white; dice: 1",
    );
    assert_eq!(moves(&engine, &st), ["14/off"]);
    let st = state(
        &engine,
        "white: 14 off*6; black: start*7; turn: white; dice: 2",
    );
    assert_eq!(moves(&engine, &st), ["pass"]);
    // A throw of 0 passes too, and earns nothing.
    let st = state(
        &engine,
        "white: 5 off*6; black: start*7; turn: white; dice: 0",
    );
    assert_eq!(moves(&engine, &st), ["pass"]);
    let after = play(&engine, &st, "pass");
    assert_eq!((after.to_move, after.again), (1, 0));
}

/// A turn that wins and earns another throw (in this variant, bearing off
/// lands on a rosette) ends the game for the player who played it, though
/// he is also the player to move: the end rules are judged for the last
/// mover, the player to move while he takes an extra turn.
#[test]
fn a_winning_turn_that_earns_another_is_judged_for_its_mover() {
    let engine = engine("tests/data/ur-rosette-off.game");
    let st = state(
        &engine,
        "white: 14 off*6; black: start*6 4; turn: white; dice: 1",
    );
    let after = play(&engine, &st, "14/off");
    assert_eq!((after.to_move, after.again), (0, 1));
    assert_eq!(
        engine.outcome_with(&after, true),
        Outcome::Decisive {
            winner: 0,
            points: 1
        }
    );
}

/// `again after throw 4, at most 2 in a row`: a throw of 4 earns another
/// throw twice in a row, not a third time; `again after hit` has no
/// bound, so a hit earns one even after two.
#[test]
fn a_throw_earns_another_up_to_its_bound_and_a_hit_beyond_it() {
    let engine = engine("tests/data/race-again-bounded.game");
    let st = state(
        &engine,
        "white: start*6 5; black: start*6 12; turn: white; dice: 4",
    );
    let once = play(&engine, &st, "5/9");
    assert_eq!((once.to_move, once.again), (0, 1));
    let mut st = once;
    st.dice = [4, 0, 0, 0];
    let twice = play(&engine, &st, "9/13");
    assert_eq!((twice.to_move, twice.again), (0, 2));
    let mut st = twice;
    st.dice = [4, 0, 0, 0];
    let thrice = play(&engine, &st, "start/4");
    assert_eq!((thrice.to_move, thrice.again), (1, 0), "at most 2 in a row");
    // A third extra turn earned by a hit instead: white's man on f2 (10)
    // hits black's on h2 (12) with a throw of 2.
    let st = state(
        &engine,
        "white: start*6 10; black: start*6 12; turn: white; again: 2; dice: 2",
    );
    let hit = play(&engine, &st, "10/12");
    assert_eq!((hit.to_move, hit.again), (0, 3));
}

/// In a game without dice, `again after capture`: a capture moves again,
/// a step does not.
#[test]
fn a_capture_moves_again_in_a_game_without_dice() {
    let engine = engine("tests/data/alquerque-capture-again.game");
    let st = state(&engine, "white: c1; black: c2 e5; turn: white");
    let after = play(&engine, &st, "c1xc3");
    assert_eq!((after.to_move, after.again), (0, 1));
    assert_eq!(
        position_text(&engine, &after),
        "white: c3; black: e5; turn: white; again: 1; quiet: 0"
    );
    let step = play(&engine, &st, "c1-d1");
    assert_eq!((step.to_move, step.again), (1, 0));
    // The next move, a step, ends the run of extra turns.
    let next = play(&engine, &after, "c3-c4");
    assert_eq!((next.to_move, next.again), (1, 0));
}

/// Seeded Ur games play to the end and replay: extra turns are part of the
/// records (positions with `again: N`), and the same seed gives the same
/// game.
#[test]
fn ur_plays_seeded_games_to_the_end() {
    let engine = engine("games/ur.game");
    let mut extra = 0;
    for seed in 0..50 {
        let mut st = engine.start();
        let mut rng = ludus::rng::rng(seed);
        let mut list = Vec::new();
        let mut turns = 0;
        loop {
            if st.dice == [0; 4] {
                engine.roll(&mut st, &mut rng);
            }
            engine.legal_moves(&mut st, &mut list);
            let outcome = engine.outcome_with(&st, !list.is_empty());
            if outcome != Outcome::Ongoing {
                assert!(matches!(outcome, Outcome::Decisive { .. }), "{outcome:?}");
                break;
            }
            let i = rand::RngExt::random_range(&mut rng, 0..list.len());
            let m = list[i];
            engine.play_unchecked(&mut st, &m);
            extra += usize::from(st.again > 0);
            turns += 1;
            assert!(turns < 5_000, "seed {seed}: no end");
        }
    }
    assert!(extra > 100, "rosettes are landed on often: {extra}");
}
