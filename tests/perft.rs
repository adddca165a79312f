//! Move counts of fixed positions, read from `tests/data/` by one reader:
//! perft (`*.perft`: the number of move sequences of each length) and, for
//! dice games, the number of legal turns of every roll (`*.rolls`).
//!
//! A data file holds `#` comments and cases. `game FILE` names a game in
//! `games/` (or a file relative to it, such as a test variant
//! `../tests/data/NAME.game`); `position start` or `position NOTATION` starts a case for the
//! last game named; each `KEY COUNT` line after it gives a count. In a
//! `.perft` file the key is a depth and the count the number of sequences
//! of that many complete turns (a position where the game is over has no
//! continuations, so it counts at depth 0 only). In a `.rolls` file the key
//! is a roll such as `5-3` and the count the number of legal turns, one per
//! resulting position; every one of the 21 rolls of two dice is listed.
//!
//! Perft is counted by `ludus::perft`, the walk `ludus perft` prints.

use crate::common;

use ludus::engine::{Engine, Outcome, State};
use ludus::notation::{find_move, move_text, parse_dice, parse_position, position_text};
use ludus::perft::{MAX_DEPTH, PerftError, divide, perft};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// One position and its expected counts, with where they were written.
struct Case {
    origin: String,
    game: String,
    position: String,
    counts: Vec<(String, u64)>,
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn engine(game: &str) -> Engine {
    common::engine_at(&root().join("games").join(game))
}

/// Reads the cases of one `.perft` file.
fn read_cases(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy();
    let mut game = None;
    let mut cases: Vec<Case> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let origin = format!("{name}:{}", i + 1);
        let line = line.split('#').next().unwrap().trim();
        if line.is_empty() {
            continue;
        }
        let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match key {
            "game" => game = Some(rest.to_string()),
            "position" => cases.push(Case {
                game: game
                    .clone()
                    .unwrap_or_else(|| panic!("{origin}: `position` before `game`")),
                origin,
                position: rest.to_string(),
                counts: Vec::new(),
            }),
            _ => {
                let count = rest
                    .parse()
                    .unwrap_or_else(|_| panic!("{origin}: `{rest}` is not a count"));
                let case = cases
                    .last_mut()
                    .unwrap_or_else(|| panic!("{origin}: a count before `position`"));
                case.counts.push((key.to_string(), count));
            }
        }
    }
    assert!(!cases.is_empty(), "{name}: no `position` line");
    cases
}

/// The data files with this extension, in name order.
fn data_files(extension: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("tests/data"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == extension))
        .collect();
    files.sort();
    files
}

#[test]
fn perft_counts_match_the_data_files() {
    check_perft_files("perft");
}

/// The deep counts (`*.deep-perft`), too slow for a debug build:
/// `cargo test --release --test tests deep_perft -- --ignored`.
#[test]
#[ignore]
fn deep_perft_counts_match_the_data_files() {
    check_perft_files("deep-perft");
}

fn check_perft_files(extension: &str) {
    let files = data_files(extension);
    assert!(!files.is_empty(), "no tests/data/*.{extension} files");
    let mut failures = Vec::new();
    for file in files {
        for case in read_cases(&file) {
            let engine = engine(&case.game);
            let start = if case.position == "start" {
                engine.start()
            } else {
                parse_position(&engine, &case.position)
                    .unwrap_or_else(|e| panic!("{}: {e}", case.origin))
            };
            let depths: Vec<(u32, u64)> = case
                .counts
                .iter()
                .map(|(depth, expected)| {
                    let depth = depth
                        .parse()
                        .unwrap_or_else(|_| panic!("{}: `{depth}` is not a depth", case.origin));
                    (depth, *expected)
                })
                .collect();
            // One walk to the deepest depth listed counts every depth.
            let deepest = depths.iter().map(|&(d, _)| d).max().unwrap_or(0);
            let counts = if deepest == 0 {
                Vec::new()
            } else {
                perft(&engine, &start, deepest).unwrap_or_else(|e| panic!("{}: {e}", case.origin))
            };
            for (depth, expected) in depths {
                // The position itself is the one sequence of no turns.
                let got = if depth == 0 {
                    1
                } else {
                    counts[depth as usize - 1]
                };
                if got != expected {
                    failures.push(format!(
                        "{} ({}): depth {depth}: expected {expected}, got {got}",
                        case.origin, case.game
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn divide_splits_the_deepest_count_by_first_move_in_move_order() {
    for file in data_files("perft") {
        for case in read_cases(&file) {
            let engine = engine(&case.game);
            let start = if case.position == "start" {
                engine.start()
            } else {
                parse_position(&engine, &case.position).unwrap()
            };
            // Depths 1 to 4, short of one whose walk the file's own counts
            // make too long for a debug build (more than 10^6 positions
            // one ply above it: amazons' 4,307,152 at depth 2).
            let known = |d: u32| {
                (case.counts.iter())
                    .find(|(k, _)| *k == d.to_string())
                    .map(|(_, n)| *n)
            };
            for depth in
                (1..=4).take_while(|&d| d == 1 || known(d - 1).is_none_or(|n| n <= 1_000_000))
            {
                let mut calls = Vec::new();
                let split =
                    divide(&engine, &start, depth, |done, of| calls.push((done, of))).unwrap();
                assert_eq!(split.depths, perft(&engine, &start, depth).unwrap());
                assert_eq!(split.depths.len(), depth as usize);
                let sum: u64 = split.moves.iter().map(|(_, n)| n).sum();
                assert_eq!(sum, split.depths[depth as usize - 1], "{}", case.origin);
                // The first moves are the legal moves, in their order, unless
                // the game is over.
                let mut moves = Vec::new();
                engine.legal_moves(&mut start.clone(), &mut moves);
                if engine.outcome(&start) != Outcome::Ongoing {
                    moves.clear();
                }
                let firsts: Vec<_> = split.moves.iter().map(|(m, _)| *m).collect();
                assert_eq!(firsts, moves, "{}", case.origin);
                assert_eq!(split.depths[0], moves.len() as u64, "{}", case.origin);
                // Progress: once before each first move, then once at the end.
                let n = moves.len();
                let expected: Vec<_> = (0..=n).map(|i| (i, n)).collect();
                assert_eq!(calls, expected, "{}", case.origin);
            }
        }
    }
}

#[test]
fn perft_refuses_depth_zero_and_past_the_maximum() {
    let engine = engine("alquerque.game");
    let start = engine.start();
    assert_eq!(perft(&engine, &start, 0), Err(PerftError::Depth(0)));
    assert_eq!(
        perft(&engine, &start, MAX_DEPTH + 1),
        Err(PerftError::Depth(MAX_DEPTH + 1))
    );
}

#[test]
fn perft_of_a_dice_game_counts_one_given_roll_at_depth_one_only() {
    let engine = engine("verquere.game");
    let start = engine.start();
    assert_eq!(perft(&engine, &start, 1), Err(PerftError::NoRoll));
    let rolled = rolled(&engine, "start", "5-3");
    // RULES.md case 1: one man on 9, or one man on each of 4 and 6.
    assert_eq!(perft(&engine, &rolled, 1), Ok(vec![2]));
    assert_eq!(perft(&engine, &rolled, 2), Err(PerftError::DiceDepth(2)));
}

// ------------------------------------------------------------ per-roll counts

/// The position of a case with a roll thrown.
fn rolled(engine: &Engine, position: &str, roll: &str) -> State {
    let mut st = if position == "start" {
        engine.start()
    } else {
        parse_position(engine, position).unwrap_or_else(|e| panic!("`{position}`: {e}"))
    };
    st.dice = parse_dice(engine, roll).unwrap_or_else(|e| panic!("{e}"));
    st
}

/// The 21 distinct rolls of two dice, larger first: `1-1`, `2-1`, ..., `6-6`.
fn all_rolls() -> Vec<String> {
    (1..=6)
        .flat_map(|a| (1..=a).map(move |b| format!("{a}-{b}")))
        .collect()
}

/// The positions each move of `moves` leads to, in notation.
fn results(engine: &Engine, st: &State, moves: &[ludus::engine::Move]) -> Vec<String> {
    moves
        .iter()
        .map(|m| {
            let mut next = st.clone();
            engine.play_unchecked(&mut next, m);
            position_text(engine, &next)
        })
        .collect()
}

#[test]
fn per_roll_counts_match_the_data_files() {
    let files = data_files("rolls");
    assert!(!files.is_empty(), "no tests/data/*.rolls files");
    let mut failures = Vec::new();
    for file in files {
        for case in read_cases(&file) {
            let game = &case.game;
            let engine = engine(game);
            let listed: BTreeSet<String> = case.counts.iter().map(|(r, _)| r.clone()).collect();
            let wanted: BTreeSet<String> = all_rolls().into_iter().collect();
            assert_eq!(
                (listed, case.counts.len()),
                (wanted, 21),
                "{}: each of the 21 rolls once, larger die first",
                case.origin
            );
            for (roll, expected) in &case.counts {
                let expected = &(*expected as usize);
                let mut st = rolled(&engine, &case.position, roll);
                assert_eq!(
                    engine.outcome(&st),
                    Outcome::Ongoing,
                    "{}: the game is over",
                    case.origin
                );
                let mut moves = Vec::new();
                engine.legal_moves(&mut st, &mut moves);
                // One turn per resulting position, and every sequence's
                // position among them.
                let ours = results(&engine, &st, &moves);
                let distinct: BTreeSet<&String> = ours.iter().collect();
                assert_eq!(distinct.len(), ours.len(), "{}: {roll}", case.origin);
                let mut all = Vec::new();
                engine.all_sequences(&mut st, &mut all).unwrap();
                // Every route, typed, is the listed turn to its position.
                for route in &all {
                    let text = move_text(&engine, route);
                    let found = find_move(&engine, &st, &moves, &text)
                        .unwrap_or_else(|e| panic!("{}: {roll}: {text}: {e}", case.origin));
                    assert_eq!(found.key, route.key, "{}: {roll}: {text}", case.origin);
                }
                let reached: BTreeSet<String> = results(&engine, &st, &all).into_iter().collect();
                assert_eq!(
                    reached,
                    ours.iter().cloned().collect(),
                    "{}: {roll}",
                    case.origin
                );
                if moves.len() != *expected {
                    failures.push(format!(
                        "{} ({game}): {roll}: expected {expected}, got {}",
                        case.origin,
                        moves.len()
                    ));
                }
                // The order the dice are read in changes nothing.
                let (a, b) = roll.split_once('-').unwrap();
                let mut swapped = rolled(&engine, &case.position, &format!("{b}-{a}"));
                let mut again = Vec::new();
                engine.legal_moves(&mut swapped, &mut again);
                assert_eq!(again, moves, "{}: {b}-{a}", case.origin);
            }
        }
    }
    assert!(
        failures.is_empty(),
        "per-roll count mismatches:\n{}",
        failures.join("\n")
    );
}
