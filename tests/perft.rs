//! Perft: the number of move sequences of each length, read from
//! `tests/data/*.perft` by one driver.
//!
//! A `.perft` file holds `#` comments and cases. `game FILE` names a game
//! in `games/`; `position start` or `position NOTATION` starts a case for
//! the last game named; each `DEPTH COUNT` line after it gives the number
//! of sequences of DEPTH complete turns. A position where the game is over
//! has no continuations, so it counts at depth 0 only.

use ludus::engine::{Engine, Outcome, State};
use ludus::notation::parse_position;
use std::path::{Path, PathBuf};

/// One position and its expected counts, with where they were written.
struct Case {
    origin: String,
    game: String,
    position: String,
    counts: Vec<(u32, u64)>,
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn engine(game: &str) -> Engine {
    let path = root().join("games").join(game);
    let loaded = ludus::load::load(&path).unwrap_or_else(|e| panic!("{e}"));
    match loaded.game {
        Ok(game) => Engine::new(game),
        Err(d) => panic!("{}", loaded.sources.render(&d)),
    }
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
                let depth = key
                    .parse()
                    .unwrap_or_else(|_| panic!("{origin}: `{line}` is not `DEPTH COUNT`"));
                let count = rest
                    .parse()
                    .unwrap_or_else(|_| panic!("{origin}: `{rest}` is not a count"));
                let case = cases
                    .last_mut()
                    .unwrap_or_else(|| panic!("{origin}: a count before `position`"));
                case.counts.push((depth, count));
            }
        }
    }
    assert!(!cases.is_empty(), "{name}: no `position` line");
    cases
}

/// The number of sequences of `depth` complete turns from `st`.
fn perft(engine: &Engine, st: &mut State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    engine.legal_moves(st, &mut moves);
    if engine.outcome_with(st, !moves.is_empty()) != Outcome::Ongoing {
        return 0;
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut next = st.clone();
            engine.play_unchecked(&mut next, m);
            perft(engine, &mut next, depth - 1)
        })
        .sum()
}

fn perft_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("tests/data"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    files
}

#[test]
fn perft_counts_match_the_data_files() {
    let files = perft_files();
    assert!(!files.is_empty(), "no tests/data/*.perft files");
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
            for &(depth, expected) in &case.counts {
                let got = perft(&engine, &mut start.clone(), depth);
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
