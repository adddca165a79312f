//! Pinning (`pin blots`) and Plakoto (`games/plakoto.game`), pinned on
//! small positions written in position notation.
//!
//! White moves over the board's points from 1 to 24, Black from 24 to 1,
//! each from position 0 (his start point) of his own track, so the board's
//! point k is White's position k - 1 and Black's position 24 - k. Positions
//! and turns number each man by his own track positions; the comments
//! name the board's points. `pinned: black 16` says Black's man lies
//! pinned on his 16 (the board's 8) under the other player's men.
//!
//! Every position gives each player his 15 men, pinned men included.

use crate::common;
use common::men;

use ludus::engine::{Engine, Outcome, State};
use ludus::notation::{find_move, move_text, parse_dice, parse_position, position_text};
use ludus::render;

const WHITE_DOUBLE: Outcome = Outcome::Decisive {
    winner: 0,
    points: 2,
};
const BLACK_DOUBLE: Outcome = Outcome::Decisive {
    winner: 1,
    points: 2,
};

fn plakoto() -> Engine {
    common::engine_at(&common::root().join("games/plakoto.game"))
}

/// The position written `position` with `dice` thrown (none for `""`).
#[track_caller]
fn state(engine: &Engine, position: &str, dice: &str) -> State {
    let mut st = parse_position(engine, position).unwrap_or_else(|e| panic!("`{position}`: {e}"));
    assert_eq!(men(engine, &st), [15, 15], "`{position}`: 15 men each");
    if !dice.is_empty() {
        st.dice = parse_dice(engine, dice).unwrap_or_else(|e| panic!("{e}"));
    }
    st
}

/// The legal turns of `position` with `dice`, as texts.
fn turns(position: &str, dice: &str) -> Vec<String> {
    let engine = plakoto();
    let mut st = state(&engine, position, dice);
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    moves.iter().map(|m| move_text(&engine, m)).collect()
}

/// Plays `turn` from `position` with `dice`; the position reached.
#[track_caller]
fn after(position: &str, dice: &str, turn: &str) -> String {
    let engine = plakoto();
    let mut st = state(&engine, position, dice);
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let m = find_move(&engine, &st, &moves, turn)
        .unwrap_or_else(|e| panic!("{position}; dice {dice}: `{turn}`: {e}"));
    engine.play(&mut st, &m).unwrap();
    let text = position_text(&engine, &st);
    assert_eq!(men(&engine, &st), [15, 15], "`{text}`: men conserved");
    text
}

fn outcome(position: &str) -> Outcome {
    let engine = plakoto();
    engine.outcome(&state(&engine, position, ""))
}

// ------------------------------------------------------------ pin and release

const BEFORE_PIN: &str = "white: 0*14 4; black: 0*14 16; turn: white";

#[test]
fn landing_on_a_lone_man_pins_it() {
    // 4/7 lands on Black's lone man on 8: both stay, White's on top.
    let pinned = after(BEFORE_PIN, "3-1", "0/1 4/7");
    assert_eq!(
        pinned,
        "white: 0*13 1 7; black: 0*14; turn: black; idle: 0; pinned: black 16"
    );
    assert_eq!(outcome(&pinned), Outcome::Ongoing);
}

#[test]
fn the_last_pinner_leaving_releases_the_man() {
    let pinned = "white: 0*13 1 7; black: 0*14; turn: white; pinned: black 16";
    // With a second pinner, one leaving keeps the man pinned.
    let two = after(pinned, "6-1", "0/1 1/7");
    assert_eq!(
        two,
        "white: 0*12 1 7*2; black: 0*14; turn: black; idle: 0; pinned: black 16"
    );
    let one_left = after(
        &two.replace("turn: black", "turn: white"),
        "3-1",
        "0/1 7/10",
    );
    assert_eq!(
        one_left,
        "white: 0*11 1*2 7 10; black: 0*14; turn: black; idle: 0; pinned: black 16"
    );
    // The last pinner leaves: the man is free on 8 again.
    let free = after(pinned, "3-1", "1/2 7/10");
    assert_eq!(
        free,
        "white: 0*13 2 10; black: 0*14 16; turn: black; idle: 0"
    );
}

#[test]
fn two_men_are_not_pinned_they_block() {
    // Black's two men on 8 block White's 4 from 5.
    let position = "white: 0*14 4; black: 0*13 16*2; turn: white";
    assert!(turns(position, "3-1").iter().all(|t| !t.contains("4/7")));
}

#[test]
fn a_pinned_man_cannot_move_and_his_owner_cannot_land_on_him() {
    // Black's man on 8 (his 16) is pinned; Black's man on 12 (his 12)
    // would land on 8 with the 4.
    let position = "white: 0*13 1 7; black: 0*13 12; turn: black; pinned: black 16";
    // So the 4 is played from 24 (his 0) only.
    assert_eq!(
        turns(position, "4-1"),
        ["0/1 0/4", "0/1 1/5", "0/4 12/13", "12/13 13/17"]
    );
}

#[test]
fn a_lone_pinner_cannot_be_pinned() {
    // White's man on 8 pins Black's; Black's man on 10 (his 14) with a 2
    // would land on that lone white man: the point belongs to White.
    let position = "white: 0*13 1 7; black: 0*13 14; turn: black; pinned: black 16";
    for t in turns(position, "2-1") {
        assert!(!t.contains("14/16"), "{t}");
    }
}

#[test]
fn the_pinner_adds_men_to_the_point() {
    let position = "white: 0*13 1 7; black: 0*13 12; turn: white; pinned: black 16";
    assert!(turns(position, "6-1").contains(&"0/1 1/7".to_string()));
}

#[test]
fn a_pinned_man_counts_in_his_region_and_blocks_bearing_off() {
    // White's 14 men on 19 and one pinned on 22 by Black: all 15 are in
    // White's home, but a pinned man there forbids bearing off.
    let pinned = "white: 18*14; black: 0*14 2; turn: white; pinned: white 21";
    let free = "white: 18*14 21; black: 0*14 1; turn: white";
    assert!(turns(pinned, "6-3").iter().all(|t| !t.contains("off")));
    assert!(turns(free, "6-3").iter().any(|t| t.contains("off")));
}

#[test]
fn pinned_positions_read_back_draw_and_hash_apart() {
    let engine = plakoto();
    let text = "white: 0*13 1 7; black: 0*14; turn: black; idle: 0; pinned: black 16";
    let st = state(&engine, text, "");
    assert_eq!(position_text(&engine, &st), text);
    let board = render::board(&engine, &st);
    assert!(board.contains("o1/x"), "{board}");
    // Black's pips: 14 men 24 from off, and the pinned man 8 from off.
    assert!(board.contains("pips 344"), "{board}");
    let mut unpinned = st.clone();
    unpinned.pinned = 0;
    assert_ne!(engine.hash(&st), engine.hash(&unpinned));
}

#[test]
fn bad_pinned_fields_are_refused() {
    let engine = plakoto();
    for (text, wanted) in [
        (
            "white: 0*15; black: 0*14; pinned: black 16",
            "no men stand on black's 16",
        ),
        (
            "white: 0*14 7; black: 0*15; pinned: black 16",
            "more men than the game gives black",
        ),
        (
            "white: 0*14 7; black: 0*14; pinned: black 16 16",
            "named twice",
        ),
        (
            "white: 0*14 7; black: 0*14; pinned: black off",
            "on a point, not in a zone",
        ),
        // Each man is named by his owner's number for his point.
        (
            "white: 0*14 7; black: 0*14; pinned: 16",
            "`16` is not a player",
        ),
        (
            "white: 0*14 7; black: 0*14; pinned: white 7",
            "white's own men stand on white's 7",
        ),
        (
            "white: 0*14 7; black: 0*14; pinned: black 24",
            "`24` is not a point of black's track, written 0 to 23, off",
        ),
        (
            "white: 0*14 7; black: 0*14; pinned: black 16, black 3",
            "`black` is named twice",
        ),
    ] {
        let e = parse_position(&engine, text).unwrap_err();
        assert!(
            e.starts_with("pinned:") && e.contains(wanted),
            "`{text}`: {e}"
        );
    }
    let verquere = common::engine_at(&common::root().join("games/verquere.game"));
    let e = parse_position(&verquere, "white: 1*15; black: 1*15; pinned: white 5").unwrap_err();
    assert!(e.contains("this game pins no man"), "{e}");
}

// ------------------------------------------------------------ the mother rule

#[test]
fn pinning_the_last_man_on_his_start_wins_double() {
    // Black's man on 3 (his 21) lands on White's last man on 1, his start
    // ("mana"), with the 2; Black has no man left on his own start. The
    // game ends on that die move, whether or not the 1 was played first
    // (`ending turn exempt`: "the game is over").
    let position = "white: 0 9*14; black: 4*14 21; turn: black";
    let all = turns(position, "2-1");
    assert!(all.contains(&"4/5 21/23".to_string()), "{all:?}");
    assert!(all.contains(&"21/23".to_string()), "{all:?}");
    let end = after(position, "2-1", "4/5 21/23");
    assert_eq!(
        end,
        "white: 9*14; black: 4*13 5 23; turn: white; idle: 0; pinned: white 0"
    );
    assert_eq!(outcome(&end), BLACK_DOUBLE);
    let end = after(position, "2-1", "21/23");
    assert_eq!(
        end,
        "white: 9*14; black: 4*14 23; turn: white; idle: 0; pinned: white 0"
    );
    assert_eq!(outcome(&end), BLACK_DOUBLE);
}

/// Issue 26: the mother is pinned with one die where another turn plays
/// both. The game is over at the pin ("the game is over and the player
/// loses the game", BrainKing; "immediately loses", FIBS), so the pinning
/// turn is legal beside the turn that plays both dice; under `ending turn
/// obliged` only `11/17 17/22` was listed.
#[test]
fn pinning_the_mother_with_one_die_wins_even_where_both_dice_could_be_played() {
    // Black's man on 7 (his 17) pins White's last man on 1 with the 6;
    // Black has no man on his start (24). White's two men on 8 close the
    // 5 from 13, so the only turn of both dice is 13/7/2.
    let position = "white: 0 7*2 19*12; black: 11*14 17; turn: black";
    assert_eq!(turns(position, "6-5"), ["11/17 17/22", "17/23"]);
    let end = after(position, "6-5", "17/23");
    assert_eq!(
        end,
        "white: 7*2 19*12; black: 11*14 23; turn: white; idle: 0; pinned: white 0"
    );
    assert_eq!(outcome(&end), BLACK_DOUBLE);
    // The turn of both dice is still legal, and the game goes on.
    let end = after(position, "6-5", "11/17 17/22");
    assert_eq!(outcome(&end), Outcome::Ongoing);
}

/// A turn that ends nothing still meets the obligations: pinning White's
/// blot on 3 with the 6 alone (15/21) is no turn, since both dice can be
/// played.
#[test]
fn a_pin_that_ends_nothing_still_plays_both_dice() {
    let position = "white: 0*12 2 7*2; black: 11*14 15; turn: black";
    assert_eq!(turns(position, "6-5"), ["11/17 15/20", "11/17 17/22"]);
}

#[test]
fn no_mother_win_while_the_pinner_keeps_men_on_his_start() {
    let position = "white: 0 9*14; black: 0*14 21; turn: black";
    let end = after(position, "2-1", "0/1 21/23");
    assert_eq!(outcome(&end), Outcome::Ongoing);
    // His last man leaving his start wins then.
    let pinned = "white: 9*14; black: 0 1*13 23; turn: black; pinned: white 0";
    let end = after(pinned, "3-1", "1/2 0/3");
    assert_eq!(outcome(&end), BLACK_DOUBLE);
}

#[test]
fn both_mothers_pinned_is_a_draw() {
    // White's mother is pinned on 1; White pins Black's on 24 with the 2.
    let position = "white: 9*13 21; black: 0 9*13 23; turn: white; pinned: white 0";
    let end = after(position, "2-1", "9/10 21/23");
    assert_eq!(outcome(&end), Outcome::Draw);
}

#[test]
fn a_man_pinned_away_from_his_start_wins_nothing() {
    assert_eq!(
        outcome("white: 0*13 1 7; black: 0*14; turn: black; pinned: black 16"),
        Outcome::Ongoing
    );
}

// ------------------------------------------------------------ gammon

#[test]
fn bearing_off_while_the_loser_has_none_off_wins_double() {
    let position = "white: 23 off*14; black: 19*15; turn: white";
    let end = after(position, "2-1", "23/off");
    assert_eq!(outcome(&end), WHITE_DOUBLE);
    let position = "white: 23 off*14; black: 19*14 off; turn: white";
    let end = after(position, "2-1", "23/off");
    assert_eq!(
        outcome(&end),
        Outcome::Decisive {
            winner: 0,
            points: 1
        }
    );
}
