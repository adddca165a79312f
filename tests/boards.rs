//! Board games against OpenSpiel 2.0.2: for each, the legal turns and the
//! result of positions of seeded games, recorded from OpenSpiel by
//! `tests/reference/openspiel_boards.py` (one driver, an adapter per game,
//! which compares 10^5 positions), read back and judged by ludus.

use crate::common;

use common::{engine_at, root};
use ludus::engine::{Engine, Move, Outcome};
use ludus::notation::{move_text, parse_position};
use ludus::playout::outcome_text;

/// The legal turns of a position, sorted, and its outcome, as text
/// (also read by `morris.rs`).
pub fn turns_and_result(engine: &Engine, position: &str) -> (Vec<String>, String) {
    let mut st = parse_position(engine, position).unwrap_or_else(|e| panic!("{position}: {e}"));
    let mut moves: Vec<Move> = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let outcome = engine.outcome_with(&st, !moves.is_empty());
    if outcome != Outcome::Ongoing {
        return (Vec::new(), outcome_text(engine, outcome));
    }
    let mut texts: Vec<String> = moves.iter().map(|m| move_text(engine, m)).collect();
    texts.sort();
    (texts, "unfinished".into())
}

/// Judges every line of an OpenSpiel data file (`POSITION | TURNS |
/// RESULT`) with `game`: the positions, and of them the finished ones.
fn check_against_openspiel(game: &str, data: &str) -> (usize, usize) {
    let engine = engine_at(&root().join(game));
    let text = std::fs::read_to_string(root().join(data)).expect("the data file");
    let (mut checked, mut finished) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let parts: Vec<&str> = line.split(" | ").collect();
        let [position, turns, result] = parts.as_slice() else {
            panic!("{data}: bad line {line}");
        };
        let mut want: Vec<String> = (turns.split(", "))
            .filter(|t| !t.trim().is_empty())
            .map(|t| t.trim().to_string())
            .collect();
        want.sort();
        let (got, outcome) = turns_and_result(&engine, position);
        assert_eq!(outcome, result.trim(), "{data}: result of {position}");
        assert_eq!(got, want, "{data}: turns of {position}");
        checked += 1;
        finished += usize::from(result.trim() != "unfinished");
    }
    (checked, finished)
}

/// Tic-tac-toe (`tic_tac_toe`): placements, three in a row, a full board
/// drawn; wins of either side and draws among the finished games.
#[test]
fn tic_tac_toe_matches_openspiel() {
    let (checked, finished) = check_against_openspiel(
        "games/tic-tac-toe.game",
        "tests/data/tic-tac-toe-openspiel.turns",
    );
    assert!(checked > 1000, "{checked} positions");
    assert!(finished > 200, "{finished} finished games");
    let text =
        std::fs::read_to_string(root().join("tests/data/tic-tac-toe-openspiel.turns")).unwrap();
    for result in ["| x wins", "| o wins", "| draw"] {
        assert!(text.contains(result), "no `{result}` in the sample");
    }
}

/// Connect Four (`connect_four`): placements that fall to the lowest empty
/// site of a column (`place falling s`), four in a row, a full board
/// drawn; wins of either side among the finished games, and a draw (added
/// to the sample by hand: random games seldom fill the board).
#[test]
fn connect_four_matches_openspiel() {
    let (checked, finished) = check_against_openspiel(
        "games/connect-four.game",
        "tests/data/connect-four-openspiel.turns",
    );
    assert!(checked > 1000, "{checked} positions");
    assert!(finished > 50, "{finished} finished games");
    let text =
        std::fs::read_to_string(root().join("tests/data/connect-four-openspiel.turns")).unwrap();
    for result in ["| x wins", "| o wins", "| draw"] {
        assert!(text.contains(result), "no `{result}` in the sample");
    }
}
