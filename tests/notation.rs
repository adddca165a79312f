//! Move texts name exactly one move: where two captures share their
//! landings, the text names the pieces taken (`axd(b)`).

mod common;

use common::{ludus, temp_dir};
use ludus::engine::{Engine, NONE};
use ludus::notation::{find_move, move_text, parse_position};
use std::path::Path;

const AMBIGUOUS: &str = "tests/data/ambiguous-capture.game";

fn engine(path: &str) -> Engine {
    common::engine_at(&Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
}

#[test]
fn ambiguous_captures_are_each_reachable_by_text() {
    let engine = engine(AMBIGUOUS);
    let mut st = engine.start();
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let texts: Vec<String> = moves.iter().map(|m| move_text(&engine, m)).collect();
    assert!(texts.contains(&"axd(b)".to_string()), "{texts:?}");
    assert!(texts.contains(&"axd(c)".to_string()), "{texts:?}");
    let site = |n: &str| {
        engine
            .game()
            .board
            .sites
            .iter()
            .position(|s| s.name == n)
            .unwrap() as u8
    };
    for (text, over) in [("axd(b)", "b"), ("AxD (c)", "c"), ("a x d(b)", "b")] {
        let m = find_move(&engine, &st, &moves, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(m.steps()[0].over, site(over), "{text}");
        assert_eq!(m.len, 1, "{text}");
    }
    // The landings alone name two moves: refused, with both listed.
    let err = find_move(&engine, &st, &moves, "axd").unwrap_err();
    assert!(err.contains("axd(b)") && err.contains("axd(c)"), "{err}");
    // Every listed text names its own move.
    for (m, t) in moves.iter().zip(&texts) {
        assert_eq!(find_move(&engine, &st, &moves, t), Ok(*m), "{t}");
    }
}

#[test]
fn unambiguous_captures_keep_their_texts_and_accept_the_pieces_taken() {
    let engine = engine("games/alquerque.game");
    let mut st = parse_position(&engine, "white: c3; black: c2 b3 d4 a5").unwrap();
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let texts: Vec<String> = moves.iter().map(|m| move_text(&engine, m)).collect();
    assert!(texts.iter().all(|t| !t.contains('(')), "{texts:?}");
    let short = find_move(&engine, &st, &moves, "c3xa3").unwrap();
    let long = find_move(&engine, &st, &moves, "c3xa3(b3)").unwrap();
    assert_eq!(short, long);
    assert_ne!(short.steps()[0].over, NONE);
    assert!(find_move(&engine, &st, &moves, "c3xa3(d4)").is_err());
}

#[test]
fn records_of_either_ambiguous_capture_replay() {
    let dir = temp_dir("notation", "ambiguous");
    let mut first_moves = Vec::new();
    for seed in 0..16u64 {
        let path = dir.join(format!("seed-{seed}.jsonl"));
        let path = path.to_str().unwrap();
        let run = ludus(&[
            "playout",
            AMBIGUOUS,
            "--seed",
            &seed.to_string(),
            "--record",
            path,
        ]);
        assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
        let run = ludus(&["replay", "--quiet", path]);
        assert_eq!(run.code, 0, "seed {seed}: {}{}", run.stdout, run.stderr);
        let record = std::fs::read_to_string(path).unwrap();
        let first: serde_json::Value =
            serde_json::from_str(record.lines().nth(1).unwrap()).unwrap();
        first_moves.push(first["played"].as_str().unwrap().to_string());
    }
    for capture in ["axd(b)", "axd(c)"] {
        assert!(
            first_moves.iter().any(|m| m.starts_with(capture)),
            "no record starts with {capture}: {first_moves:?}"
        );
    }
}
