//! Lasca (`games/lasca.game`), columns of pieces of both players
//! (`captured go under capturer`): no OpenSpiel counterpart, so each rule
//! of columns is tested on a worked position after the source (lasca.org's
//! examples: stacking, liberating a prisoner, a column promoted, a column
//! jumped once only), with the notation of columns read and written back;
//! and the game's perft (`tests/data/lasca.perft`, our own figures,
//! checked by `tests/reference/lasca_perft.py`, an independent
//! implementation written from the rules).

use crate::common;

use common::{after, engine_at, position, root, turn_texts};
use ludus::engine::Engine;
use ludus::notation::position_text;

fn lasca() -> Engine {
    engine_at(&root().join("games/lasca.game"))
}

/// lasca.org: "the white soldier at a1 captures the black soldier at b2,
/// producing a two-counter column at c3", moved from then on as one piece,
/// White's; its prisoner under it.
#[test]
fn a_capture_puts_the_piece_taken_under_the_capturer() {
    let engine = lasca();
    after(
        &engine,
        "white: a1; black: b2 g7; turn: white",
        "a1xc3",
        "white: c3; black: g7; under: c3 b",
    );
    // The column moves as one piece, forwards as its soldier does.
    after(
        &engine,
        "white: c3; black: g7; under: c3 b; turn: white",
        "c3-d4",
        "white: d4; black: g7; under: d4 b",
    );
    // A chain takes one piece from each column it jumps, the first taken
    // highest under the capturer.
    after(
        &engine,
        "white: a1; black: b2 d4 g7; under: d4 w; turn: white",
        "a1xc3xe5",
        "white: d4 e5; black: g7; under: e5 bb",
    );
}

/// lasca.org: "when a column is attacked, only the top man or commander is
/// captured", "both capturing a white soldier and releasing the black
/// prisoner"; a released officer is an officer again.
#[test]
fn a_capture_liberates_the_piece_under_the_top() {
    let engine = lasca();
    // A white column on c3 over a black prisoner; Black's b4 takes its
    // commander, and c3 is Black's again.
    after(
        &engine,
        "white: c3 g1; black: b4; under: c3 b; turn: black",
        "b4xd2",
        "white: g1; black: c3 d2; under: d2 w",
    );
    // The next piece is the capturer's enemy too: the column stays his.
    after(
        &engine,
        "white: c3 g1; black: b4; under: c3 wb; turn: black",
        "b4xd2",
        "white: c3 g1; black: d2; under: c3 b, d2 w",
    );
    // An officer taken prisoner is an officer when released.
    after(
        &engine,
        "white: c3 g1; black: b4; under: c3 B; turn: black",
        "b4xd2",
        "white: g1; black: d2 officer c3; under: d2 w",
    );
    // The column taken from the prisoners of a long column, and the
    // capturer's prisoners kept below the new one.
    after(
        &engine,
        "white: c3 g1; black: b4; under: b4 ww, c3 bbw; turn: black",
        "b4xd2",
        "white: g1; black: c3 d2; under: c3 bw, d2 www",
    );
}

/// A column reaching the far row: its commander alone becomes an officer,
/// and a capture ends there ("promotion only comes at the end of a move").
#[test]
fn a_column_is_promoted_by_its_commander() {
    let engine = lasca();
    after(
        &engine,
        "white: f6; black: a7; under: f6 bwB; turn: white",
        "f6-g7",
        "white: officer g7; black: a7; under: g7 bwB",
    );
    // Promoted by a capture, the column stops on the far row though an
    // officer could capture on.
    let st = position(&engine, "white: c5; black: d6 e5 c3; turn: white");
    assert_eq!(turn_texts(&engine, &st), ["c5xe7"]);
    after(
        &engine,
        "white: c5; black: d6 e5 c3; turn: white",
        "c5xe7",
        "white: officer e7; black: e5 c3; under: e7 b",
    );
    // The officer's column steps backwards.
    let st = position(
        &engine,
        "white: officer e7; black: a7; under: e7 b; turn: white",
    );
    assert_eq!(turn_texts(&engine, &st), ["e7-f6", "e7-d6"]);
}

/// lasca.org: "a piece may not attack the same piece twice in the course
/// of a single move": the officer jumps the three-man column once, though
/// its next commander is an enemy too.
#[test]
fn no_column_is_jumped_twice_in_a_move() {
    let engine = lasca();
    let st = position(
        &engine,
        "white: officer c3; black: d4 a7; under: d4 bb; turn: white",
    );
    assert_eq!(turn_texts(&engine, &st), ["c3xe5"]);
    after(
        &engine,
        "white: officer c3; black: d4 a7; under: d4 bb; turn: white",
        "c3xe5",
        "white: officer e5; black: d4 a7; under: d4 b, e5 b",
    );
}

/// Capture is compulsory, but not the longest: a single capture may be
/// chosen over a chain of two; a chain once begun goes on.
#[test]
fn any_capture_may_be_chosen() {
    let engine = lasca();
    let st = position(&engine, "white: a1 e1; black: b2 d4 f2 g7; turn: white");
    let mut turns = turn_texts(&engine, &st);
    turns.sort();
    assert_eq!(turns, ["a1xc3xe5", "e1xg3"]);
}

/// Positions with columns round-trip through the notation; a column
/// under an empty site, a mark no piece has, and more pieces than the
/// game gives are refused.
#[test]
fn columns_round_trip_through_the_notation() {
    let engine = lasca();
    let text = "white: c3 officer e5; black: d4; under: c3 bB, d4 wW, e5 b; turn: black; quiet: 2";
    let st = position(&engine, text);
    assert_eq!(position_text(&engine, &st), text);
    let bad = |text: &str, says: &str| {
        let e = ludus::notation::parse_position(&engine, text).unwrap_err();
        assert!(e.contains(says), "{text}: {e}");
    };
    bad("white: c3; black: d4; under: e5 b", "no piece stands there");
    bad(
        "white: c3; black: d4; under: c3 x",
        "not the mark of a piece",
    );
    bad(
        "white: c3; black: d4; under: c3 wwwwwwwwwww",
        "more than the game gives him",
    );
    bad("white: c3; black: d4; under: c3 b, c3 b", "given twice");
}

/// The text board lists the columns under the grid, top first; the
/// picture draws the pieces under a top piece as discs beneath it.
#[test]
fn columns_are_drawn() {
    let engine = lasca();
    let st = position(
        &engine,
        "white: c3 officer e5; black: d4; under: c3 bB, e5 b; turn: black",
    );
    let board = ludus::render::board(&engine, &st);
    assert!(
        board.contains("columns, top first: c3 wbB, e5 Wb\n"),
        "{board}"
    );
    let svg = ludus::svg::svg(&engine, &st, None);
    assert_eq!(svg.matches(r#"class="under""#).count(), 3, "{svg}");
    // The start has no column of more than one piece.
    assert!(!ludus::render::board(&engine, &engine.start()).contains("columns"));
}
