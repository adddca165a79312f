//! Sowing games: Kalah (OpenSpiel's `mancala`) and Oware against OpenSpiel
//! 2.0.2 (the data files `tests/reference/openspiel_boards.py` writes, of
//! 10^5 positions compared), and worked positions for each rule: the
//! sowing itself, the extra turn in one's store, the capture from the
//! opposite pit, the capture of 2 or 3 backwards, the grand slam that
//! captures nothing, feeding, and the board repeated.

use crate::boards::{check_against_openspiel, turns_and_result};
use crate::common::{engine_at, played, position, root, turn_texts};
use ludus::engine::Engine;
use ludus::notation::position_text;

fn kalah() -> Engine {
    engine_at(&root().join("games/kalah.game"))
}

fn oware() -> Engine {
    engine_at(&root().join("games/oware.game"))
}

/// The position reached from `from` by the turn written `turn`.
fn after(engine: &Engine, from: &str, turn: &str) -> String {
    position_text(engine, &played(engine, &position(engine, from), turn))
}

#[test]
fn kalah_matches_openspiel() {
    let (checked, finished) =
        check_against_openspiel("games/kalah.game", "tests/data/kalah-openspiel.turns");
    assert!(checked > 1000, "{checked} positions");
    assert!(finished > 100, "{finished} finished games");
    let text = std::fs::read_to_string(root().join("tests/data/kalah-openspiel.turns")).unwrap();
    for what in ["| south wins", "| north wins", "| draw", "store*"] {
        assert!(text.contains(what), "no `{what}` in the sample");
    }
}

#[test]
fn oware_matches_openspiel() {
    let (checked, finished) =
        check_against_openspiel("games/oware.game", "tests/data/oware-openspiel.turns");
    assert!(checked > 1000, "{checked} positions");
    assert!(finished > 50, "{finished} finished games");
    let text = std::fs::read_to_string(root().join("tests/data/oware-openspiel.turns")).unwrap();
    for what in ["| south wins", "| north wins", "| draw", "moves:"] {
        assert!(text.contains(what), "no `{what}` in the sample");
    }
}

/// Kalah: the last seed in one's own store earns another turn.
#[test]
fn kalah_last_seed_in_the_store_moves_again() {
    let engine = kalah();
    let start = position_text(&engine, &engine.start());
    assert_eq!(
        after(&engine, &start, "3"),
        "seeds: 1*4 2*4 4*5 5*5 6*5 8*4 9*4 10*4 11*4 12*4 13*4; south: store*1; north:; \
         turn: south; again: 1; quiet: 1"
    );
    assert_eq!(
        after(&engine, &start, "2"),
        "seeds: 1*4 3*5 4*5 5*5 6*5 8*4 9*4 10*4 11*4 12*4 13*4; south:; north:; \
         turn: north; quiet: 1"
    );
}

/// Kalah: the last seed alone in an empty pit of one's own takes itself
/// and the seeds of the pit opposite into the store, where that pit holds
/// some; opposite an empty pit it stays.
#[test]
fn kalah_captures_from_the_opposite_pit() {
    let engine = kalah();
    assert_eq!(
        after(&engine, "seeds: 1*1 5*3 12*5 9*39; turn: south", "1"),
        "seeds: 5*3 9*39; south: store*6; north:; turn: north; quiet: 0"
    );
    assert_eq!(
        after(&engine, "seeds: 1*1 5*3 9*44; turn: south", "1"),
        "seeds: 2*1 5*3 9*44; south:; north:; turn: north; quiet: 1"
    );
}

/// Kalah: thirteen seeds go round the board, past the opponent's store,
/// and the last, back in the emptied pit, captures from opposite.
#[test]
fn kalah_sows_past_the_opponents_store() {
    let engine = kalah();
    assert_eq!(
        after(&engine, "seeds: 6*13 9*35; turn: south", "6"),
        "seeds: 1*1 2*1 3*1 4*1 5*1 9*36 10*1 11*1 12*1 13*1; south: store*3; north:; \
         turn: north; quiet: 0"
    );
}

/// Kalah ends when either side's pits are empty, the seeds left going to
/// their side's owner: more seeds wins.
#[test]
fn kalah_ends_with_an_empty_side() {
    let engine = kalah();
    let (turns, result) = turns_and_result(
        &engine,
        "seeds: 5*1 6*2; south: store*22; north: store*23; turn: north",
    );
    assert!(turns.is_empty());
    assert_eq!(result, "south wins");
    let (_, result) = turns_and_result(
        &engine,
        "seeds: 5*1; south: store*23; north: store*24; turn: north",
    );
    assert_eq!(result, "draw");
}

/// Oware: the last seed making 2 or 3 in an opposing house takes it, and
/// the houses before it while they hold 2 or 3; a capture of every seed
/// the opponent has (a grand slam) takes nothing.
#[test]
fn oware_captures_backwards_but_not_a_grand_slam() {
    let engine = oware();
    assert_eq!(
        after(&engine, "seeds: F*3 a*1 b*2 c*1 d*4 A*37; turn: south", "F"),
        "seeds: A*37 d*4; south: store*7; north:; turn: north; quiet: 0"
    );
    assert_eq!(
        after(&engine, "seeds: F*3 a*1 b*2 c*1 A*41; turn: south", "F"),
        "seeds: A*41 a*2 b*3 c*2; south:; north:; turn: north; quiet: 1"
    );
}

/// Oware: twelve seeds or more lap the board and skip the house they came
/// from.
#[test]
fn oware_skips_the_house_sown_from() {
    let engine = oware();
    assert_eq!(
        after(&engine, "seeds: A*12 a*36; turn: south", "A"),
        "seeds: B*2 C*1 D*1 E*1 F*1 a*37 b*1 c*1 d*1 e*1 f*1; south:; north:; \
         turn: north; quiet: 1"
    );
}

/// Oware: a player whose opponent has no seed must give him some.
#[test]
fn oware_feeds_an_empty_opponent() {
    let engine = oware();
    let st = position(&engine, "seeds: A*1 B*46 F*1; turn: south");
    assert_eq!(turn_texts(&engine, &st), ["B", "F"]);
}

/// Oware: a board that stands again since the last capture ends the game,
/// each player taking the seeds on his side (here 24 each: a draw); the
/// position alone, without the turns that led to it, goes on.
#[test]
fn oware_ends_when_a_board_stands_again() {
    let engine = oware();
    let start = "seeds: F*1 f*1; south: store*23; north: store*23; turn: south";
    let turns = "F, f, A, a, B, b, C, c, D, d, E";
    let (left, result) = turns_and_result(&engine, &format!("{start}; moves: {turns}"));
    assert_eq!(
        (left, result.as_str()),
        (vec!["e".to_string()], "unfinished")
    );
    let (left, result) = turns_and_result(&engine, &format!("{start}; moves: {turns}, e"));
    assert_eq!((left.len(), result.as_str()), (0, "draw"));
    let (left, _) = turns_and_result(&engine, start);
    assert_eq!(left, ["F"]);
}
