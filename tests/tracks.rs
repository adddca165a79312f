//! Dice games on tracks that do not start with a zone: position 0 is a
//! point of the board. Every die-move text names one position of the
//! mover's track and reads back to the same turn, overshooting sees a man on
//! the first point, and recorded games replay.

use crate::common;

use common::{ludus, root, temp_dir};
use ludus::engine::{Engine, Move, State};
use ludus::notation::{find_move, move_text, parse_dice, parse_position};
use std::path::Path;

fn engine(file: &str) -> Engine {
    common::engine_at(&root().join(file))
}

/// The legal turns of `position` (or the start) with `dice`, as texts in
/// the engine's order.
fn turns(engine: &Engine, position: &str, dice: &str) -> Vec<String> {
    let mut st = if position == "start" {
        engine.start()
    } else {
        parse_position(engine, position).unwrap()
    };
    st.dice = parse_dice(engine, dice).unwrap();
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    moves.iter().map(|m| move_text(engine, m)).collect()
}

#[test]
fn overshoot_from_rearmost_sees_a_man_on_the_first_point() {
    let engine = engine("tests/data/overshoot-without-bar.game");
    // The man on 5 (position 4) may not bear off with a 5: the man on 1
    // (position 0) stands behind him (and lands on Black's two men).
    assert_eq!(turns(&engine, "start", "5"), ["pass"]);
    // A 6 bears off the man on 1 exactly, and only him.
    assert_eq!(turns(&engine, "start", "6"), ["0/off"]);
    // With the man on 1 gone, the man on 5 is the rearmost.
    let alone = "white: 4 off; black: 0*2";
    assert_eq!(turns(&engine, alone, "5"), ["4/off"]);
    // An exact throw bears off whatever stands behind.
    assert_eq!(turns(&engine, "start", "2"), ["0/2", "4/off"]);
}

#[test]
fn position_zero_is_written_by_its_number() {
    let engine = engine("tests/data/position-zero.game");
    // White's men on 1 (position 0) and 2 (position 1), 3-2 thrown.
    let mut texts = turns(&engine, "start", "3-2");
    texts.sort();
    assert_eq!(texts, ["0/2 1/4", "0/2 2/5", "0/3 1/3", "1/3 3/6"]);
    // Black's track starts on 12: his position 0.
    let black = "white: 0 1; black: 0*2; turn: black";
    assert_eq!(turns(&engine, black, "1-1"), ["0/1 0/1", "0/1 1/2"]);
    let engine = self::engine("tests/data/two-turns-one-text.game");
    // The man on 1 bears off with an exact 3; the man on 2 may not
    // overshoot past him.
    assert_eq!(turns(&engine, "start", "3"), ["0/off"]);
    // With a 2 the man on 1 would land on Black's two men on 3.
    assert_eq!(turns(&engine, "start", "2"), ["1/off"]);
}

/// Every roll of `engine`'s dice.
fn rolls(engine: &Engine) -> Vec<[u8; 4]> {
    let dice = engine.game().dice.unwrap();
    let mut out = vec![[0u8; 4]];
    for i in 0..dice.count as usize {
        out = out
            .into_iter()
            .flat_map(|r| {
                (1..=dice.faces).map(move |d| {
                    let mut r = r;
                    r[i] = d;
                    r
                })
            })
            .collect();
    }
    out
}

/// Checks that every sequence of die moves of every roll in `st` reads
/// back, from its text, to the listed turn that reaches its position, and
/// that no two listed turns share a text.
fn texts_read_back(engine: &Engine, st: &State) {
    for roll in rolls(engine) {
        let mut st = st.clone();
        st.dice = roll;
        let mut moves = Vec::new();
        engine.legal_moves(&mut st, &mut moves);
        let mut texts: Vec<String> = moves.iter().map(|m| move_text(engine, m)).collect();
        texts.sort();
        let listed = texts.len();
        texts.dedup();
        assert_eq!(texts.len(), listed, "two turns share a text: {texts:?}");
        let mut all = Vec::new();
        engine
            .all_sequences(&mut st.clone(), &mut all)
            .expect("a small roll has few routes");
        for seq in &all {
            let text = move_text(engine, seq);
            let found = find_move(engine, &st, &moves, &text)
                .unwrap_or_else(|e| panic!("`{text}` does not read back: {e}"));
            assert_eq!(found.key, seq.key, "`{text}` reads back to another turn");
        }
    }
}

#[test]
fn every_die_move_text_reads_back_to_its_turn() {
    for file in [
        "tests/data/overshoot-without-bar.game",
        "tests/data/two-turns-one-text.game",
        "tests/data/position-zero.game",
        "games/verquere.game",
    ] {
        let engine = engine(file);
        // A walk through one game: the first roll, then the turn numbered
        // by the ply, so the walk is fixed and reaches mid-game positions.
        let mut st = engine.start();
        let mut moves: Vec<Move> = Vec::new();
        for ply in 0..12 {
            texts_read_back(&engine, &st);
            st.dice = rolls(&engine)[ply * 7 % rolls(&engine).len()];
            engine.legal_moves(&mut st, &mut moves);
            if moves.is_empty() || engine.outcome_with(&st, true) != ludus::engine::Outcome::Ongoing
            {
                break;
            }
            let m = moves[ply % moves.len()];
            engine.play_unchecked(&mut st, &m);
        }
    }
}

/// Records seeded games of `game` and replays each; returns the results
/// the playouts printed.
fn record_and_replay(game: &str, seeds: std::ops::RangeInclusive<u64>) -> Vec<String> {
    let dir = temp_dir(
        "tracks",
        Path::new(game).file_stem().unwrap().to_str().unwrap(),
    );
    let mut results = Vec::new();
    for seed in seeds {
        let record = dir.join(format!("{seed}.jsonl"));
        let record = record.to_str().unwrap();
        let seed = seed.to_string();
        let played = ludus(&["playout", game, "--seed", &seed, "--record", record]);
        assert_eq!(played.code, 0, "{}", played.stderr);
        let replayed = ludus(&["replay", "--quiet", record]);
        assert_eq!(replayed.code, 0, "{game} seed {seed}: {}", replayed.stderr);
        let result = played.stdout.split(" after ").next().unwrap().to_string();
        assert!(
            replayed.stdout.contains(&result),
            "{} lacks {result}",
            replayed.stdout
        );
        results.push(result);
    }
    results
}

#[test]
fn recorded_games_on_tracks_without_a_bar_replay() {
    for game in [
        "tests/data/overshoot-without-bar.game",
        "tests/data/two-turns-one-text.game",
        "tests/data/position-zero.game",
    ] {
        record_and_replay(game, 1..=8);
    }
}

/// `no moves` never held in play (a blocked roll passes) but held in
/// replay; it is refused in dice games, and a blocked game ends the same
/// way in play and in replay.
#[test]
fn play_and_replay_judge_a_blocked_dice_game_alike() {
    let results = record_and_replay("tests/data/blocked-dice-game.game", 1..=3);
    assert!(results.iter().all(|r| r == "draw"), "{results:?}");
    let dir = temp_dir("tracks", "no-moves");
    let text = std::fs::read_to_string(root().join("tests/data/blocked-dice-game.game"))
        .unwrap()
        .replace("end {", "end {\n  no moves: loss");
    let file = dir.join("no-moves.game");
    std::fs::write(&file, text).unwrap();
    let file = file.to_str().unwrap();
    let run = ludus(&["playout", file, "--seed", "1"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("`no moves` does not apply to a game with dice"),
        "{}",
        run.stderr
    );
}
