//! Tablut (`games/tablut.game`, and `tablut-four-sided.game` on it): no
//! OpenSpiel counterpart, so each capture rule of the source is tested on a
//! worked position (custody, `surrounded`, `may not land on`), with the
//! king's escape, the draws, the counters, records and undo; and the
//! game's perft (`tests/data/tablut.perft`, our own figures, checked by
//! `tests/reference/tablut_reference.py`, an independent implementation).

use crate::common;

use common::{
    after, engine_at, ludus, pieces, played, position, root, temp_dir, turn_texts, variant_of,
};
use ludus::engine::{Engine, Move, Outcome, State};
use ludus::notation::position_text;
use ludus::playout::outcome_text;

fn tablut() -> Engine {
    engine_at(&root().join("games/tablut.game"))
}

fn four_sided() -> Engine {
    engine_at(&root().join("games/tablut-four-sided.game"))
}

/// The outcome of `st`, as text ("unfinished" while it goes on).
fn result(engine: &Engine, st: &State) -> String {
    let mut st = st.clone();
    let mut moves: Vec<Move> = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    match engine.outcome_with(&st, !moves.is_empty()) {
        Outcome::Ongoing => "unfinished".into(),
        o => outcome_text(engine, o),
    }
}

/// A piece between the mover's landing piece and another of his is
/// taken, on each side at once; one that moves between two enemies
/// itself is not.
#[test]
fn a_piece_sandwiched_by_the_enemy_move_is_taken() {
    let engine = tablut();
    // e2-e4 shuts d4 between e4 and c4, and f4 between e4 and g4.
    after(
        &engine,
        "muscovites: c4 g4 e2; swedes: d4 f4 king g7; turn: muscovites",
        "e2-e4",
        "muscovites: c4 e4 g4; swedes: king g7",
    );
    // Across the board, not diagonally: c3 stays.
    after(
        &engine,
        "muscovites: b2 e2; swedes: c3 king g7; turn: muscovites",
        "e2-d2",
        "muscovites: b2 d2; swedes: c3 king g7",
    );
    // The Swede moving to d4 between c4 and e4 is not taken, and takes
    // nothing.
    after(
        &engine,
        "muscovites: c4 e4 a9; swedes: d1 king g7; turn: swedes",
        "d1-d4",
        "muscovites: c4 e4 a9; swedes: d4 king g7",
    );
}

/// The empty castle closes a sandwich against either side; with the
/// king in it, it closes none against the Swedes.
#[test]
fn the_empty_castle_is_hostile() {
    let engine = tablut();
    // A Muscovite on d5, between the Swede landing on c5 and the castle.
    after(
        &engine,
        "muscovites: d5 a9; swedes: c2 king g7; turn: swedes",
        "c2-c5",
        "muscovites: a9; swedes: c5 king g7",
    );
    // A Swede on e6, between the Muscovite landing on e7 and the castle.
    after(
        &engine,
        "muscovites: a7; swedes: e6 king g3; turn: muscovites",
        "a7-e7",
        "muscovites: e7; swedes: king g3",
    );
    // The king in the castle: e6 is not taken.
    after(
        &engine,
        "muscovites: a7; swedes: e6 king e5; turn: muscovites",
        "a7-e7",
        "muscovites: e7; swedes: e6 king e5",
    );
}

/// The king is armed: he takes as any piece does, and stands for a Swede
/// in a sandwich.
#[test]
fn the_king_takes_part_in_captures() {
    let engine = tablut();
    after(
        &engine,
        "muscovites: d6 a9; swedes: c6 king g4; turn: swedes",
        "g4-g6",
        "muscovites: d6 a9; swedes: c6 king g6",
    );
    after(
        &engine,
        "muscovites: d6 a9; swedes: c6 king e2; turn: swedes",
        "e2-e6",
        "muscovites: a9; swedes: c6 king e6",
    );
    after(
        &engine,
        "muscovites: g4 a9; swedes: g2 king g5; turn: swedes",
        "g2-g3",
        "muscovites: a9; swedes: g3 king g5",
    );
}

/// In the castle the king is taken by four enemies, not three.
#[test]
fn the_king_in_the_castle_needs_four() {
    let engine = tablut();
    let four = played(
        &engine,
        &position(
            &engine,
            "muscovites: d5 f5 e6 e2; swedes: king e5; turn: muscovites",
        ),
        "e2-e4",
    );
    assert_eq!(result(&engine, &four), "muscovites wins");
    let three = played(
        &engine,
        &position(
            &engine,
            "muscovites: d5 e6 e2 a9; swedes: king e5; turn: muscovites",
        ),
        "e2-e4",
    );
    assert_eq!(
        pieces(&engine, &three),
        "muscovites: e4 d5 e6 a9; swedes: king e5"
    );
    assert_eq!(result(&engine, &three), "unfinished");
}

/// Beside the castle the king is taken by three enemies and the castle;
/// two on opposite sides do not take him there.
#[test]
fn the_king_beside_the_castle_needs_three() {
    let engine = tablut();
    let three = played(
        &engine,
        &position(
            &engine,
            "muscovites: d4 f4 e1; swedes: king e4; turn: muscovites",
        ),
        "e1-e3",
    );
    assert_eq!(result(&engine, &three), "muscovites wins");
    let two = played(
        &engine,
        &position(
            &engine,
            "muscovites: d4 f1 a9; swedes: king e4; turn: muscovites",
        ),
        "f1-f4",
    );
    assert_eq!(
        pieces(&engine, &two),
        "muscovites: d4 f4 a9; swedes: king e4"
    );
    assert_eq!(result(&engine, &two), "unfinished");
}

/// Away from the castle the king is taken by two, as any piece
/// (`tablut.game`); the four-sided reading wants four there too.
#[test]
fn the_king_elsewhere_is_taken_by_two_or_by_four() {
    let before = "muscovites: b7 d1; swedes: king c7; turn: muscovites";
    let engine = tablut();
    let st = played(&engine, &position(&engine, before), "d1-d7");
    assert_eq!(result(&engine, &st), "muscovites wins");
    let engine = four_sided();
    let st = played(&engine, &position(&engine, before), "d1-d7");
    assert_eq!(pieces(&engine, &st), "muscovites: b7 d7; swedes: king c7");
    assert_eq!(result(&engine, &st), "unfinished");
    // Four sides take him anywhere, the empty castle one of them beside it.
    let st = played(
        &engine,
        &position(
            &engine,
            "muscovites: b7 c8 c6 d1; swedes: king c7; turn: muscovites",
        ),
        "d1-d7",
    );
    assert_eq!(result(&engine, &st), "muscovites wins");
    let st = played(
        &engine,
        &position(
            &engine,
            "muscovites: d4 f4 e1; swedes: king e4; turn: muscovites",
        ),
        "e1-e3",
    );
    assert_eq!(result(&engine, &st), "muscovites wins");
}

/// No piece lands on the castle, not even the king once he has left it;
/// a piece passes over it while it is empty. `may not pass over` stops
/// the line before it.
#[test]
fn the_castle_is_never_landed_on_but_may_be_passed() {
    let engine = tablut();
    let st = position(&engine, "muscovites: a9; swedes: e2 king d5; turn: swedes");
    let turns = turn_texts(&engine, &st);
    for t in ["e2-e4", "e2-e6", "e2-e9", "d5-d4"] {
        assert!(turns.contains(&t.to_string()), "{t} in {turns:?}");
    }
    for t in ["e2-e5", "d5-e5"] {
        assert!(!turns.contains(&t.to_string()), "{t} in {turns:?}");
    }
    // The king in the castle leaves it and cannot come back.
    let st = position(&engine, "muscovites: a9; swedes: king e5; turn: swedes");
    assert!(turn_texts(&engine, &st).contains(&"e5-e4".to_string()));
    let st = played(&engine, &st, "e5-e4");
    let st = played(&engine, &st, "a9-a8");
    assert!(!turn_texts(&engine, &st).iter().any(|t| t.ends_with("-e5")));
    let barred = variant_of(
        "tablut.game",
        "piece soldier {\n  may not pass over castle\n}",
    );
    let st = position(&barred, "muscovites: a9; swedes: e2 king d5; turn: swedes");
    let turns = turn_texts(&barred, &st);
    assert!(turns.contains(&"e2-e4".to_string()), "{turns:?}");
    assert!(
        !turns.iter().any(|t| t == "e2-e6" || t == "e2-e5"),
        "{turns:?}"
    );
}

/// The king wins on any edge square, corners or not.
#[test]
fn the_king_wins_on_the_edge() {
    let engine = tablut();
    let st = position(&engine, "muscovites: h8; swedes: king c6; turn: swedes");
    for (turn, edge) in [
        ("c6-a6", true),
        ("c6-b6", false),
        ("c6-c9", true),
        ("c6-c1", true),
    ] {
        let st = played(&engine, &st, turn);
        let want = if edge { "swedes wins" } else { "unfinished" };
        assert_eq!(result(&engine, &st), want, "{turn}");
    }
}

/// A player who cannot move draws; a position back for the third time
/// draws.
#[test]
fn no_moves_and_repetition_draw() {
    let engine = tablut();
    let st = position(
        &engine,
        "muscovites: a1; swedes: a2 b1 king g7; turn: muscovites",
    );
    assert_eq!(result(&engine, &st), "draw");
    let mut st = position(
        &engine,
        "muscovites: a1; swedes: c3 king g7; turn: muscovites",
    );
    for round in 0..2 {
        for turn in ["a1-a2", "c3-c4", "a2-a1", "c4-c3"] {
            assert_eq!(result(&engine, &st), "unfinished", "round {round}, {turn}");
            st = played(&engine, &st, turn);
        }
    }
    assert_eq!(result(&engine, &st), "draw");
}

/// A capture by custody is a capture for the counters (`quiet`, the turns
/// since the last one), and leaves the move's notation a plain step.
#[test]
fn custody_resets_the_turns_without_capture() {
    let engine = tablut();
    let st = position(
        &engine,
        "muscovites: c4 e2 a9; swedes: d4 g2 king g7; turn: muscovites; quiet: 5",
    );
    let took = played(&engine, &st, "e2-e4");
    assert!(
        position_text(&engine, &took).ends_with("quiet: 0"),
        "{}",
        position_text(&engine, &took)
    );
    let quiet = played(&engine, &st, "a9-a8");
    assert!(
        position_text(&engine, &quiet).ends_with("quiet: 6"),
        "{}",
        position_text(&engine, &quiet)
    );
}

/// Seeded games of both readings are recorded, replayed move by move and
/// undone in the REPL's game (the position before each turn kept).
#[test]
fn records_of_tablut_replay() {
    for (i, game) in ["games/tablut.game", "games/tablut-four-sided.game"]
        .iter()
        .enumerate()
    {
        let dir = temp_dir("tablut", &format!("records_{i}"));
        for seed in 1..4 {
            let lines = common::record_game(&dir, game, seed);
            assert!(lines.len() > 2, "{lines:?}");
            common::replays_every_move_legally(&dir.join("game.jsonl"));
        }
    }
    let run = ludus(&[
        "validate",
        "games/tablut.game",
        "games/tablut-four-sided.game",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}
