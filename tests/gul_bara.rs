//! Gul bara (`games/gul-bara.game`): climbing doubles a double a turn
//! (`doubles climb to 6 from turn 4, each double a turn`), worked
//! positions counted by hand.
//!
//! White's track: point p is track position 24 - p (his start, point 24,
//! is 0; point 1 is 23), off is 24; his home is positions 18 to 23. A
//! black man on point p stands on White's position 24 - p. Moves are
//! written by track positions (`0/5`). No man is hit: no man lands where
//! an opposing man stands. Both players have played three turns (`turns:
//! 3 3`), so doubles climb.

use crate::common;

use common::{ludus, ludus_in, played, position, record_game, temp_dir, turn_texts};
use ludus::engine::Engine;
use ludus::notation::{parse_position, position_text};

const GAME: &str = "games/gul-bara.game";

fn engine() -> Engine {
    common::engine_at(&common::root().join(GAME))
}

/// The turns of `text` as a sorted list, for comparing with a hand count
/// whatever the order of listing.
fn sorted(engine: &Engine, text: &str) -> Vec<String> {
    let mut turns = turn_texts(engine, &position(engine, text));
    turns.sort();
    turns
}

/// White's two men on his start (position 0), a black man on point 13
/// (White's position 11), 5-5 thrown on White's fourth turn. The fives
/// land on 5, 10, 15 and 20, never on 11: one man takes k of the four
/// fives and the other 4 - k, and the men start together, so k and 4 - k
/// are one position: {4, 0}, {3, 1}, {2, 2}, 3 turns of 4 die moves (no
/// man bears off: both are not home). The 6-6 comes after, a turn of its
/// own: from 20 and 0, the man on 20 cannot bear off while the other is
/// not home, so the man on 0 takes the sixes to 6, 12 and 18 (home), and
/// then bears off from 18 with the last (18 + 6 = 24, exact; the man on
/// 20 is not the rearmost, so no six bears him off): 1 turn. 6-6 is the
/// top: then Black throws.
#[test]
fn each_double_of_a_climbing_sequence_is_a_turn_of_its_own() {
    let engine = engine();
    let start = "white: 0*2 off*13; black: 23 off*14; turns: 3 3; dice: 5-5";
    assert_eq!(
        sorted(&engine, start),
        [
            "0/5 0/5 5/10 10/15",
            "0/5 0/5 5/10 5/10",
            "0/5 5/10 10/15 15/20"
        ]
    );
    let fives = played(&engine, &position(&engine, start), "0/5 5/10 10/15 15/20");
    let text = position_text(&engine, &fives);
    assert!(
        text.contains("turn: white; again: 1; dice: 6-6 climbing;"),
        "{text}"
    );
    // The position reads back as written.
    assert_eq!(parse_position(&engine, &text).as_ref(), Ok(&fives));
    assert_eq!(turn_texts(&engine, &fives), ["0/6 6/12 12/18 18/off"]);
    let sixes = played(&engine, &fives, "0/6 6/12 12/18 18/off");
    let text = position_text(&engine, &sixes);
    assert!(text.contains("turn: black;"), "{text}");
    assert!(
        !text.contains("dice:") && !text.contains("again:"),
        "{text}"
    );
}

/// A double played in part ends the sequence, the rest lost. White's lone
/// man on his start, a black man on point 12 (White's position 12), 3-3:
/// the threes land on 3, 6, 9, and the fourth would land on 12. Three die
/// moves, one turn; then Black throws (no 4-4 for White).
#[test]
fn a_double_not_played_in_full_ends_the_sequence() {
    let engine = engine();
    let start = "white: 0 off*14; black: 0 off*14; turns: 3 3; dice: 3-3";
    assert_eq!(sorted(&engine, start), ["0/3 3/6 6/9"]);
    let after = played(&engine, &position(&engine, start), "0/3 3/6 6/9");
    let text = position_text(&engine, &after);
    assert!(text.contains("turn: black;"), "{text}");
    assert!(!text.contains("climbing"), "{text}");
}

/// A double a turn, the obligations measure the double in hand only.
/// White's men on positions 0 and 1 (points 24 and 23), black men on
/// White's 5 and 9 (points 19 and 15), 2-2. The man on 0 lands on 2, 4,
/// 6, 8; the man on 1 on 3, and not on 5. Four twos: all four by the man
/// on 0 (8 and 1), or three by him and one by the other (6 and 3); two
/// each would take the man on 1 to 5. 2 turns. From 6 and 3 the threes
/// cannot be played in full (6 + 3 = 9 is held; 3/6, then 6 + 3 again):
/// as a turn of its own the 2-2 is listed both ways, but where the whole
/// sequence is one turn (the same game without `each double a turn`),
/// `play most dice` keeps only the turns whose twos leave the threes
/// playable, the man on 0 taking all four.
#[test]
fn a_double_a_turn_is_measured_alone() {
    let engine = engine();
    let start = "white: 0 1 off*13; black: 17 21 off*13; turns: 3 3; dice: 2-2";
    assert_eq!(
        sorted(&engine, start),
        ["0/2 1/3 2/4 4/6", "0/2 2/4 4/6 6/8"]
    );
    let dir = temp_dir("gul_bara", "whole");
    let text = std::fs::read_to_string(common::root().join(GAME))
        .unwrap()
        .replace(", each double a turn", "");
    let path = dir.join("whole.game");
    std::fs::write(&path, text).unwrap();
    let whole = common::engine_at(&path);
    let turns = turn_texts(&whole, &position(&whole, start));
    assert!(!turns.is_empty());
    for t in &turns {
        assert!(t.starts_with("0/2 2/4 4/6 6/8 "), "{turns:#?}");
        assert!(t.split(' ').count() > 8, "{turns:#?}");
    }
}

/// Before a player's fourth turn a double plays as thrown: the 5-5 of the
/// first worked position, on the third turn, is its 3 turns, and then
/// Black throws.
#[test]
fn doubles_do_not_climb_before_the_fourth_turn() {
    let engine = engine();
    let start = "white: 0*2 off*13; black: 23 off*14; turns: 2 2; dice: 5-5";
    assert_eq!(sorted(&engine, start).len(), 3);
    let after = played(&engine, &position(&engine, start), "0/5 5/10 10/15 15/20");
    assert!(position_text(&engine, &after).contains("turn: black;"));
}

/// A position's climbing dice are a double the sequence can go on to, in
/// a game that climbs a double a turn.
#[test]
fn climbing_dice_in_positions_are_checked() {
    let engine = engine();
    let refused = |text: &str| parse_position(&engine, text).unwrap_err();
    assert!(
        refused("white: 0*15; black: 0*15; dice: 5-3 climbing").contains("not a double"),
        "{}",
        refused("white: 0*15; black: 0*15; dice: 5-3 climbing")
    );
    assert!(refused("white: 0*15; black: 0*15; dice: 1-1 climbing").contains("2-2 to 6-6"));
    let run = ludus(&[
        "moves",
        "games/backgammon.game",
        "--position",
        "white: 24 off*14; black: 12 off*14; dice: 5-5 climbing",
    ]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stderr
            .contains("this game climbs no doubles a double a turn"),
        "{}",
        run.stderr
    );
}

/// The REPL says that a double thrown climbs, announces the next double
/// of the sequence, and plays it as a turn of its own (here forced: its
/// one turn).
#[test]
fn the_repl_announces_the_next_double() {
    let input = "dice 5 5\n0/5 5/10 10/15 15/20\n";
    let run = ludus_in(
        common::root(),
        &[
            "play",
            GAME,
            "--position",
            "white: 0*2 off*13; black: 23 off*14; turns: 3 3",
        ],
        common::Input::Text(input),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("white rolls 5-5: a climbing double, then 6-6 once it is played in full\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("white to move; dice: 6-6; the next double of a climbing sequence\nwhite climbs to the next double, 6-6: a turn of its own\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("white plays 0/6 6/12 12/18 18/off (forced)\n"),
        "{}",
        run.stdout
    );
}

/// Seeded games with fifteen men a side play to their end (no climbing
/// roll is refused as too many turns: each listing is one double's), a
/// record of one, with climbing doubles in it, replays.
#[test]
fn seeded_games_finish_and_replay() {
    let run = ludus(&["simulate", GAME, "--games", "200", "--seed", "1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("200 games"), "{}", run.stdout);
    assert!(!run.stdout.contains("unfinished"), "{}", run.stdout);
    let dir = temp_dir("gul_bara", "records");
    let lines = record_game(&dir, GAME, 3);
    assert!(
        lines.iter().any(|l| l.contains("climbing")),
        "a climbing double in the record"
    );
    common::replays_every_move_legally(&dir.join("game.jsonl"));
}
