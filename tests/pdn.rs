//! PDN games and FEN positions: a published game replayed, seeded games
//! written and read back, captures named by their first and last squares,
//! and malformed input refused with a message naming the move.

use crate::common;

use common::{ludus, temp_dir};
use ludus::engine::{Engine, Outcome};
use ludus::pdn::{PdnResult, fen_text, find_pdn_move, parse_fen, parse_pdn, replay_pdn, write_pdn};
use ludus::playout::{RecordLine, recorded_playout};

const PUBLISHED: &str = "tests/data/pdn/tinsley-long-1947.pdn";

fn draughts() -> Engine {
    common::engine_at(&common::root().join("games/english-draughts.game"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(common::root().join(path)).unwrap()
}

#[test]
fn published_game_replays_to_its_stated_draw() {
    let engine = draughts();
    let game = parse_pdn(&read(PUBLISHED)).expect("the published game reads");
    assert_eq!(game.tag("Black"), Some("Tinsley, M."));
    assert_eq!(game.moves.len(), 48, "24 moves each; variations skipped");
    assert_eq!(game.moves[20].text, "7x14x23x30");
    assert_eq!(game.moves[20].number, 11);
    let replayed = replay_pdn(&engine, &game).expect("every move is legal");
    assert_eq!(replayed.stated, PdnResult::Draw);
    // Agreed drawn: the rules do not end it.
    assert_eq!(replayed.outcome, Outcome::Ongoing);
    assert_eq!(replayed.turns[20].0, "7x14x23x30");
}

#[test]
fn published_game_replays_from_the_command_line() {
    let run = ludus(&["replay", PUBLISHED, "--quiet"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("48 moves, every move legal; result 1/2-1/2 (not over by the rules)"),
        "{}",
        run.stdout
    );
}

#[test]
fn seeded_games_round_trip_through_pdn() {
    let engine = draughts();
    for seed in 0..40 {
        let lines = recorded_playout(&engine, "g", "", seed).unwrap();
        let played: Vec<String> = lines
            .iter()
            .filter_map(|l| match l {
                RecordLine::Turn { played, .. } => Some(played.clone()),
                _ => None,
            })
            .collect();
        let mut st = engine.start();
        for text in &played {
            let mut moves = Vec::new();
            engine.legal_moves(&mut st, &mut moves);
            let m = find_pdn_move(&engine, &st, &moves, text).unwrap();
            engine.play_unchecked(&mut st, &m);
        }
        let outcome = engine.outcome(&st);
        let text = write_pdn(
            &engine,
            &[("Event", "test".into())],
            &engine.start(),
            &played,
            outcome,
        )
        .unwrap();
        let game = parse_pdn(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        let replayed = replay_pdn(&engine, &game).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let again: Vec<&String> = replayed.turns.iter().map(|(m, _)| m).collect();
        assert_eq!(again, played.iter().collect::<Vec<_>>(), "seed {seed}");
        assert_eq!(replayed.outcome, outcome, "seed {seed}");
        assert_eq!(replayed.stated, PdnResult::of(outcome), "seed {seed}");
        assert_eq!(replayed.turns.last().map(|t| &t.1), Some(&st));
    }
}

#[test]
fn playout_pdn_then_replay_through_the_binary() {
    let dir = temp_dir("pdn", "round-trip");
    for seed in [1, 2, 3] {
        let path = dir.join(format!("g{seed}.pdn"));
        let file = common::root().join("games/english-draughts.game");
        let played = ludus(&[
            "playout",
            file.to_str().unwrap(),
            "--seed",
            &seed.to_string(),
            "--pdn",
            path.to_str().unwrap(),
        ]);
        assert_eq!(played.code, 0, "{}", played.stderr);
        let replayed = ludus(&["replay", path.to_str().unwrap(), "--quiet"]);
        assert_eq!(replayed.code, 0, "{}", replayed.stderr);
        let result = played.stdout.split(" after").next().unwrap();
        assert!(
            replayed.stdout.contains(&format!("({result})")),
            "{} vs {}",
            played.stdout,
            replayed.stdout
        );
    }
}

#[test]
fn capture_by_first_and_last_square_resolves_when_unique() {
    let engine = draughts();
    let mut st = ludus::notation::parse_position(&engine, "black: 15 1; white: 18 25").unwrap();
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let m = find_pdn_move(&engine, &st, &moves, "15x29").unwrap();
    assert_eq!(ludus::notation::move_text(&engine, &m), "15x22x29");
    let err = find_pdn_move(&engine, &st, &moves, "15x22x25").unwrap_err();
    assert!(err.contains("15x22x29"), "{err}");
}

#[test]
fn capture_by_first_and_last_square_is_refused_when_ambiguous() {
    let engine = draughts();
    // The king on 10 goes round four men either way, back to 10.
    let mut st = parse_fen(&engine, "B:W14,15,22,23:BK10").unwrap();
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let err = find_pdn_move(&engine, &st, &moves, "10x10").unwrap_err();
    assert!(err.contains("ambiguous"), "{err}");
    assert!(
        err.contains("10x17x26x19x10") && err.contains("10x19x26x17x10"),
        "{err}"
    );
    assert!(find_pdn_move(&engine, &st, &moves, "10x17x26x19x10").is_ok());
}

#[test]
fn fen_round_trips_and_reads_ranges() {
    let engine = draughts();
    let st = parse_fen(&engine, "\"B:W21,22,K30:B1,2,3\"").unwrap();
    assert_eq!(fen_text(&engine, &st).unwrap(), "B:W21,22,K30:B1,2,3");
    let start = parse_fen(&engine, "B:W21-32:B1-12.").unwrap();
    assert_eq!(start, engine.start());
    let st = parse_fen(&engine, "W:WK5:B12").unwrap();
    assert_eq!(st.to_move, 1, "white moves second in English draughts");
}

#[test]
fn a_game_from_a_fen_is_written_with_it() {
    let engine = draughts();
    let start = parse_fen(&engine, "W:W18:B14").unwrap();
    let text = write_pdn(
        &engine,
        &[],
        &start,
        &["18x9".into()],
        Outcome::Decisive {
            winner: 1,
            points: 1,
        },
    )
    .unwrap();
    assert!(text.contains("[FEN \"W:W18:B14\"]"), "{text}");
    assert!(text.contains("1... 18x9 0-1"), "{text}");
    let replayed = replay_pdn(&engine, &parse_pdn(&text).unwrap()).unwrap();
    assert_eq!(
        replayed.outcome,
        Outcome::Decisive {
            winner: 1,
            points: 1
        }
    );
}

/// Each malformed game is refused with a message containing the fragment.
#[test]
fn malformed_pdn_is_refused_with_the_move_named() {
    let engine = draughts();
    let cases: &[(&str, &str)] = &[
        (
            "1. 11-15 {never closed",
            "line 1: the comment opened here is never closed",
        ),
        (
            "1. 11-15 (23-19 8-11",
            "variation opened here is never closed",
        ),
        ("[Event]\n1. 11-15 *", "is not a tag"),
        ("[Event \"x\"\n1. 11-15 *", "a tag is `[Name \"value\"]`"),
        ("1. 11-15 23-19 [Event \"late\"]", "a tag after the moves"),
        ("1. 11-15 23-19 *\n[Event \"two\"]", "one game per PDN file"),
        (
            "1. 11-15 23-19 2. eleven *",
            "move 2: `eleven` is not a move",
        ),
        ("1. 11-15 23-19 2. 8-11 22-99 *", "move 2 (`22-99`)"),
        ("1. 11-14 *", "move 1 (`11-14`)"),
        (
            "[Result \"1-0\"]\n1. 11-15 0-1",
            "the `Result` tag says `1-0`",
        ),
        ("[Result \"white\"]\n1. 11-15 *", "is not a result"),
        ("[FEN \"X:W21:B1\"]\n1. 1-5 *", "`X` is not a side"),
        ("[FEN \"B:W21:B1:B2\"]\n*", "given twice"),
        ("[FEN \"B:W99:B1\"]\n*", "`99` is not a site"),
        ("[FEN \"B:W21,Q:B1\"]\n*", "`Q` is not a square number"),
        (
            "[FEN \"B:W21:B1\"]\n1. 1-5 21-17 2. 5-9 17-13 3. 9-14 13-9 4. 14-18 1-0",
            "",
        ),
        ("1. 11-15 ) *", "closes no variation"),
        // A tag given twice, contradicting or not, and move numbers out
        // of order (issue 26).
        (
            "[Result \"1-0\"]\n[Result \"0-1\"]\n1. 11-15 *",
            "line 2: a second `Result` tag (`0-1`; the first says `1-0`)",
        ),
        (
            "[FEN \"B:W18:B14\"]\n[FEN \"W:W18:B14\"]\n*",
            "line 2: a second `FEN` tag",
        ),
        (
            "[GameFile \"a.game\"]\n[GameFile \"a.game\"]\n*",
            "line 2: a second `GameFile` tag",
        ),
        (
            "5. 11-15\n2. 22-18 *",
            "line 2: move number 2 after move number 5 and 1 move",
        ),
        ("1. 11-15 3. 23-19 *", "move number 3 after move number 1"),
        (
            "1. 11-15 23-19 1. 8-11 *",
            "move number 1 after move number 1 and 2 moves",
        ),
        ("0. 11-15 *", "move number 0 (they start at 1)"),
        (
            "1. 11-15 23-19 8-11 *",
            "move 1: `8-11` is a third move after move number 1",
        ),
        ("1. 11-15 {a comment} 1... 23-19 2. 8-11 *", ""),
    ];
    for (text, expected) in cases {
        let result = parse_pdn(text).and_then(|g| replay_pdn(&engine, &g));
        match result {
            Err(e) => assert!(
                !expected.is_empty() && e.contains(expected),
                "`{text}`: {e}"
            ),
            Ok(_) => assert!(expected.is_empty(), "`{text}` was accepted"),
        }
    }
}

#[test]
fn a_stated_result_the_rules_contradict_is_refused() {
    let engine = draughts();
    // White's last man is taken: black wins, not white.
    let game = parse_pdn("[FEN \"B:W18:B14\"]\n1. 14x23 0-1").unwrap();
    let err = replay_pdn(&engine, &game).unwrap_err();
    assert!(err.contains("the rules give `1-0`"), "{err}");
    // And moves after the end are refused.
    let game = parse_pdn("[FEN \"B:W18:B14\"]\n1. 14x23 22-18 1-0").unwrap();
    let err = replay_pdn(&engine, &game).unwrap_err();
    assert!(
        err.contains("move 1 (`22-18`): the game is already over"),
        "{err}"
    );
}

#[test]
fn pdn_commands_refuse_bad_input_with_exit_codes() {
    let dir = temp_dir("pdn", "bad");
    let bad = dir.join("bad.pdn");
    std::fs::write(&bad, "1. 11-14 *").unwrap();
    let run = ludus(&[
        "replay",
        bad.to_str().unwrap(),
        "--game",
        "games/english-draughts.game",
    ]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("move 1 (`11-14`)"), "{}", run.stderr);
    // No game file named: a command-line error.
    let run = ludus(&["replay", bad.to_str().unwrap()]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("--game FILE"), "{}", run.stderr);
    // Games without numbered sites have no PDN.
    let run = ludus(&["replay", PUBLISHED, "--game", "games/alquerque.game"]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("numbered"), "{}", run.stderr);
    let out = dir.join("a.pdn");
    let run = ludus(&[
        "playout",
        "games/alquerque.game",
        "--seed",
        "1",
        "--pdn",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("numbered"), "{}", run.stderr);
    assert!(!out.exists());
    // FEN through --position.
    let run = ludus(&[
        "moves",
        "games/english-draughts.game",
        "--position",
        "B:W21:BK1",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), ["1-6", "1-5"]);
}

#[test]
fn replay_refuses_a_pdn_with_a_tag_given_twice() {
    // The reproducer of issue 26: two contradicting `Result` tags, the
    // first of which agrees with the game, were read as the first.
    let dir = temp_dir("pdn", "duplicate-tags");
    std::fs::copy(
        common::root().join("games/english-draughts.game"),
        dir.join("english-draughts.game"),
    )
    .unwrap();
    let pdn = dir.join("two-results.pdn");
    std::fs::write(
        &pdn,
        "[GameFile \"english-draughts.game\"]\n[FEN \"B:W18:B14\"]\n[Result \"1-0\"]\n[Result \"0-1\"]\n1. 14x23 1-0\n",
    )
    .unwrap();
    let run = ludus(&["replay", pdn.to_str().unwrap(), "--quiet"]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stderr.contains("line 4: a second `Result` tag"),
        "{}",
        run.stderr
    );
}
