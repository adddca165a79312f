//! Acey-deucey (`games/acey-deucey.game`): every man starts off the board
//! in his `start` zone, hit men re-enter first, and a 1-2 played in full
//! earns a double of choice and then a throw again.
//!
//! Positions name the board's points (sites 1 to 24); moves count down
//! from the mover's side: White enters on sites 1 to 6 (written 24 to 19)
//! and bears off from sites 19 to 24 (written 6 to 1).

use crate::common;

use common::{played as play, position as state, turn_texts as moves};

use ludus::engine::Engine;
use ludus::ir::CHOOSING;

fn engine() -> Engine {
    common::engine_at(&common::root().join("games/acey-deucey.game"))
}

/// White: one man waiting to enter, fourteen on site 23 (his 2-point).
/// Black: fifteen on site 6. Throw 1-2: the man entering with the 1 goes on
/// with the 2 (site 3, however entered: `start/24 24/22`), or enters with
/// the 2 while a man steps 23 to 24 with the 1 (`start/23 2/1`); the 2
/// cannot bear off (a man is not home). Two turns, both playing both dice,
/// so white then chooses a double; he chooses 1-1: four die moves of 1,
/// all playable (four men from site 23 to 24, `2/1(4)`; the new man on
/// site 3 could go no further than 5, Black holding 6), so he throws
/// again.
#[test]
fn the_one_two_earns_a_double_of_choice_and_a_throw() {
    let engine = engine();
    let st = state(
        &engine,
        "white: start 2*14; black: 6*15; turn: white; dice: 2-1",
    );
    assert_eq!(moves(&engine, &st), ["start/22", "start/23 2/1"]);
    let after = play(&engine, &st, "start/24 24/22");
    assert_eq!(
        (after.to_move, after.dice[0], after.again),
        (0, CHOOSING, 1)
    );
    assert_eq!(moves(&engine, &after).len(), 6, "choose 1-1 to 6-6");
    let chosen = play(&engine, &after, "choose 1-1");
    assert_eq!((chosen.dice, chosen.chosen), ([1, 1, 0, 0], true));
    let turn = play(&engine, &chosen, "2/1(4)");
    assert_eq!(
        (turn.to_move, turn.dice, turn.again),
        (0, [0; 4], 2),
        "a throw again"
    );
}

/// The same men with sites 1 and 2 closed by Black: nothing enters, and a
/// man on 23 plays the 1 alone (`2/1`: the 2 would bear off, but a man is
/// not home). The 1-2 is not played in full: no choice; Black moves.
#[test]
fn a_one_two_played_in_part_earns_nothing() {
    let engine = engine();
    let st = state(
        &engine,
        "white: start 2*14; black: 6*11 2*2 1*2; turn: white; dice: 2-1",
    );
    assert_eq!(moves(&engine, &st), ["2/1"]);
    let after = play(&engine, &st, "2/1");
    assert_eq!((after.to_move, after.again), (1, 0));
    assert_ne!(after.dice[0], CHOOSING);
}

/// A hit man re-enters before any other man moves; men waiting to enter
/// need not: with a man on the bar, one waiting and thirteen on site 23,
/// a 2-1 enters the bar man with either die, then plays the other by the
/// waiting man (`bar/24 start/23`, the two new men on sites 1 and 2
/// however entered), the entered man (`bar/24 24/22`) or a man on 23 (`bar/23
/// 2/1`): three turns, none leaving the bar man.
#[test]
fn hit_men_enter_first_and_waiting_men_may_wait() {
    let engine = engine();
    let st = state(
        &engine,
        "white: start bar 2*13; black: 6*15; turn: white; dice: 2-1",
    );
    let turns = moves(&engine, &st);
    assert_eq!(turns, ["bar/24 start/23", "bar/22", "bar/23 2/1"]);
    // With no man on the bar, a man waiting to enter may stay there while
    // the men on the board move (the man on site 10 plays both dice).
    let st = state(
        &engine,
        "white: start 15 2*13; black: 6*15; turn: white; dice: 2-1",
    );
    assert!(moves(&engine, &st).iter().any(|t| !t.contains("start")));
}
