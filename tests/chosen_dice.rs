//! A double chosen after a throw (`choose double after throw 1-2, then
//! throw again`, acey-deucey's rule), on `tests/data/backgammon-chosen-
//! double.game`: backgammon with that rule. After a 1-2 played in full the
//! same player chooses a double (a turn of its own, `choose 5-5`), plays
//! it, and, having played all four of its die moves, throws again.

use crate::common;

use common::{played as play, position as state, turn_texts as moves};

use ludus::engine::Engine;
use ludus::ir::CHOOSING;
use ludus::notation::{find_move, position_text};

fn engine() -> Engine {
    common::engine_at(&common::root().join("tests/data/backgammon-chosen-double.game"))
}

// Positions name the board's points (sites 1 to 24); moves are written
// counting down from each player's 24-point: white's point N is site 25-N.

/// White: two men on site 13 (his 12-point), two on site 6 (his 19-point),
/// the rest at home. A throw of 1-2 played in full (the first turn listed)
/// leaves white to choose a double: six choices, `choose 1-1`
/// to `choose 6-6`, each its own turn. Choosing 6-6 keeps the board and
/// gives white the dice 6-6, marked as chosen; a turn that plays all four
/// of its die moves earns a throw again (a second extra turn in a row).
#[test]
fn a_one_two_played_in_full_is_followed_by_a_double_of_choice() {
    let engine = engine();
    let st = state(
        &engine,
        "white: 19*2 12*2 6*11; black: 24*2 1*13; turn: white; dice: 2-1",
    );
    let turns = moves(&engine, &st);
    let after = play(&engine, &st, &turns[0]);
    assert_eq!(after.to_move, 0, "white again after {}", turns[0]);
    assert_eq!(after.dice[0], CHOOSING);
    assert_eq!(
        moves(&engine, &after),
        [
            "choose 1-1",
            "choose 2-2",
            "choose 3-3",
            "choose 4-4",
            "choose 5-5",
            "choose 6-6"
        ]
    );
    let text = position_text(&engine, &after);
    assert!(text.contains("again: 1; dice: choose"), "{text}");
    assert_eq!(position_text(&engine, &state(&engine, &text)), text);
    // The choice plays no man; the dice are then the double chosen.
    let chosen = play(&engine, &after, "choose 6-6");
    assert_eq!(
        (chosen.to_move, chosen.dice, chosen.chosen),
        (0, [6, 6, 0, 0], true)
    );
    assert_eq!(chosen.cells, after.cells);
    let text = position_text(&engine, &chosen);
    assert!(text.contains("dice: 6-6 chosen"), "{text}");
    assert_eq!(position_text(&engine, &state(&engine, &text)), text);
    let all = moves(&engine, &chosen);
    let full = play(&engine, &chosen, &all[0]);
    assert_eq!(
        (full.to_move, full.dice, full.chosen, full.again),
        (0, [0; 4], false, 2),
        "{} plays four die moves: white throws again",
        all[0]
    );
}

/// A 1-2 of which one die alone can be played earns no choice: white's
/// last man, on his 1-point (site 24), bears off with either die and the
/// other is left unplayed: black moves next.
#[test]
fn a_one_two_not_played_in_full_earns_nothing() {
    let engine = engine();
    let st = state(
        &engine,
        "white: 1 off*14; black: 13*2 6*13; turn: white; dice: 2-1",
    );
    assert_eq!(moves(&engine, &st), ["1/off"]);
    let after = play(&engine, &st, "1/off");
    assert_ne!(after.dice[0], CHOOSING);
}

/// The chosen double played only in part earns no throw again: white's two
/// men on his 24-point (site 1) move 24/18 (site 7), but black holds his
/// 12-point (site 13) and white's other men, at home, cannot bear off
/// while those two are out: `24/18(2)`, two die moves of four; black moves.
#[test]
fn a_chosen_double_not_played_in_full_earns_no_throw() {
    let engine = engine();
    let st = state(
        &engine,
        "white: 24*2 6*13; black: 13*2 6*13; turn: white; again: 1; dice: 6-6 chosen",
    );
    assert_eq!(moves(&engine, &st), ["24/18(2)"]);
    let after = play(&engine, &st, "24/18(2)");
    assert_eq!((after.to_move, after.again, after.chosen), (1, 0, false));
}

/// A choice typed other than as listed is refused with the choices.
#[test]
fn a_choice_is_typed_as_listed() {
    let engine = engine();
    let mut st = state(
        &engine,
        "white: 19*2 12*2 off*11; black: 19*15; turn: white; again: 1; dice: choose",
    );
    let mut list = Vec::new();
    engine.legal_moves(&mut st, &mut list);
    let err = find_move(&engine, &st, &list, "6/off").unwrap_err();
    assert!(err.contains("choose 1-1"), "{err}");
    assert!(find_move(&engine, &st, &list, "choose 4-4").is_ok());
}
