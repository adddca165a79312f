//! International draughts (`games/international-draughts.game`) on worked
//! positions: flying kings (`far` lines), captured pieces removed at the
//! end of the move, crowning only where the move ends, duplicate captures
//! merged, and the majority capture (`play most captures`). The perft
//! counts are in `tests/data/international-draughts.perft`.
//!
//! Squares are numbered 1-50 from Black's side: 46 is a1, 5 is j10, and
//! the long diagonal is 46 41 37 32 28 23 19 14 10 5.

use crate::common;

use ludus::engine::{Engine, State};
use ludus::notation::{move_text, parse_position, position_text};

const GAME: &str = "games/international-draughts.game";

fn draughts() -> Engine {
    common::engine_at(&common::root().join(GAME))
}

/// The game a variant text of International draughts describes.
fn variant(change: &str) -> Engine {
    common::variant_of("international-draughts.game", change)
}

fn state(engine: &Engine, position: &str) -> State {
    parse_position(engine, position).unwrap_or_else(|e| panic!("`{position}`: {e}"))
}

/// The legal moves of a position, as sorted texts.
fn moves(engine: &Engine, position: &str) -> Vec<String> {
    let mut list = Vec::new();
    engine.legal_moves(&mut state(engine, position), &mut list);
    let mut texts: Vec<String> = list.iter().map(|m| move_text(engine, m)).collect();
    texts.sort();
    texts
}

#[track_caller]
fn check(engine: &Engine, position: &str, expected: &[&str]) {
    let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(moves(engine, position), expected, "{position}");
}

/// The position after the only legal move.
fn after_only_move(engine: &Engine, position: &str) -> String {
    let mut st = state(engine, position);
    let mut list = Vec::new();
    engine.legal_moves(&mut st, &mut list);
    assert_eq!(list.len(), 1, "{position}");
    engine.play_unchecked(&mut st, &list[0]);
    position_text(engine, &st)
}

#[test]
fn white_opens_with_nine_moves_from_the_numbered_squares() {
    let engine = draughts();
    let mut list = Vec::new();
    engine.legal_moves(&mut engine.start(), &mut list);
    let mut texts: Vec<String> = list.iter().map(|m| move_text(&engine, m)).collect();
    texts.sort();
    let expected = [
        "31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30",
    ];
    assert_eq!(texts, expected);
}

#[test]
fn a_flying_king_slides_up_to_the_first_piece() {
    let engine = draughts();
    // The king on 46 (a1) slides along the long diagonal up to White's own
    // man on 32; the man steps forward.
    check(
        &engine,
        "white: 32 king 46; black: 1",
        &["46-41", "46-37", "32-27", "32-28"],
    );
    // On an open diagonal it reaches the far corner.
    let all = moves(&engine, "white: king 46; black: 1");
    assert_eq!(all.len(), 9, "{all:?}");
    assert!(all.contains(&"46-5".to_string()));
}

#[test]
fn a_flying_capture_lands_on_any_empty_square_beyond() {
    let engine = draughts();
    // The king on 46 takes 28 (e5) from afar and may land on 23, 19, 14,
    // 10 or 5.
    check(
        &engine,
        "white: king 46; black: 28",
        &["46x23", "46x19", "46x14", "46x10", "46x5"],
    );
    // `land behind` keeps only the square right behind the piece taken.
    let behind = variant("piece king { jump diagonal far land behind }");
    check(&behind, "white: king 46; black: 28", &["46x23"]);
    // Two pieces in a row cannot be taken: the king only slides.
    check(
        &engine,
        "white: king 46; black: 23 28",
        &["46-41", "46-37", "46-32"],
    );
}

#[test]
fn a_captured_piece_blocks_until_the_move_ends() {
    let engine = draughts();
    // The king on 38 (e3) takes 42 (d2) and lands on 47 (c1). From there
    // the line back to 33 (f4) crosses 42, still on the board: the chain
    // stops, and the king's other capture, of 33, is as long.
    let position = "white: king 38; black: 11 26 33 42";
    check(
        &engine,
        position,
        &["38x15", "38x20", "38x24", "38x29", "38x47"],
    );
    // Removed at once, 42 no longer blocks and two pieces fall.
    let once = variant("rules { captured removed at once }");
    check(
        &once,
        position,
        &["38x29x47", "38x47x15", "38x47x20", "38x47x24", "38x47x29"],
    );
}

#[test]
fn no_piece_is_jumped_twice() {
    let engine = draughts();
    // The king on 46 takes 28 and lands beyond it. 28 stays on the board
    // until the move ends, but is nobody's to take: no landing goes on back
    // over it, and every move takes one piece.
    let mut st = state(&engine, "white: king 46; black: 28");
    let mut list = Vec::new();
    engine.legal_moves(&mut st, &mut list);
    assert_eq!(list.len(), 5);
    assert!(list.iter().all(|m| m.captures() == 1));
    engine.play_unchecked(&mut st, &list[0]);
    assert_eq!(st.counts[..2], [1, 0]);
    assert_eq!(
        st.cells
            .iter()
            .filter(|&&c| c != ludus::engine::NONE)
            .count(),
        1
    );
}

#[test]
fn a_man_passing_the_far_row_mid_capture_is_not_crowned() {
    let engine = draughts();
    // The man on 12 (d8) takes 8 (e9), lands on 3 (f10) on the far row,
    // and must go on backwards over 9 (g9) to 14 (h8): still a man.
    assert_eq!(
        after_only_move(&engine, "white: 12; black: 8 9 1"),
        "white: 14; black: 1; turn: black; quiet: 0"
    );
    // Ending there, he is crowned.
    assert_eq!(
        after_only_move(&engine, "white: 12; black: 8 1"),
        "white: king 3; black: 1; turn: black; quiet: 0"
    );
    // Promoted `then continue`, he would go on as a flying king instead.
    let continuing = variant("piece man { promote to king on opponent back-rank then continue }");
    check(
        &continuing,
        "white: 12; black: 8 9 1",
        &["12x3x14", "12x3x20", "12x3x25"],
    );
}

#[test]
fn the_majority_capture_is_compulsory() {
    let engine = draughts();
    // 32 can take one piece (27), 34 two (29, then 18): only the longer.
    let position = "white: 32 34; black: 18 27 29";
    check(&engine, position, &["34x23x12"]);
    // Without the obligation, any capture may be chosen.
    let free = variant("rules { drop play }");
    check(&free, position, &["32x21", "34x23x12"]);
}

#[test]
fn duplicate_captures_are_one_move() {
    let engine = draughts();
    // The king on 46 takes 28 and then 10 from any of 23, 19 or 14: the
    // same pieces to the same square, one move.
    let position = "white: king 46; black: 10 28";
    check(&engine, position, &["46x23x5"]);
    let distinct = variant("rules { duplicate captures distinct }");
    check(&distinct, position, &["46x14x5", "46x19x5", "46x23x5"]);
}
