//! Properties of every game in `games/`, checked along seeded random games:
//! the moves played are legal, pieces disappear only by capture or huff
//! (in dice games, no man ever disappears: hit men go to the bar, borne-off
//! men to the tray, pinned men stay under their pinners), positions survive their notation (dice included), and
//! every game ends.

use crate::common;
use common::men;

use ludus::engine::{Engine, Move, NONE, Outcome, State};
use ludus::ir::MAX_PLAYERS;
use ludus::notation::{move_text, parse_position, position_text};
use ludus::playout::{self, RecordLine};
use rand::RngExt;
use std::path::{Path, PathBuf};

/// Random games per game file.
const GAMES: u64 = 200;

fn game_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no games/*.game files");
    files
}

fn engine(path: &Path) -> Engine {
    common::engine_at(path)
}

/// Pieces actually standing on the board, per player.
fn on_board(st: &State) -> [u8; MAX_PLAYERS] {
    let mut counts = [0; MAX_PLAYERS];
    for s in 0..st.cells.len() {
        if let Some((player, _)) = st.piece(s) {
            counts[player] += 1;
        }
    }
    counts
}

/// Pieces the move takes off the board: captured, plus a huffed one.
fn removed(m: &Move) -> u8 {
    m.captures() as u8 + u8::from(m.huff != NONE) + u8::from(m.remove != NONE)
}

/// Checks the position's notation gives back the same state and hash, and
/// the same text written again.
fn round_trip(engine: &Engine, st: &State, context: &str) {
    let text = position_text(engine, st);
    let back = parse_position(engine, &text).unwrap_or_else(|e| panic!("{context}: `{text}`: {e}"));
    assert_eq!(&back, st, "{context}: `{text}` does not read back");
    assert_eq!(
        position_text(engine, &back),
        text,
        "{context}: written again"
    );
    assert_eq!(engine.hash(&back), engine.hash(st), "{context}: `{text}`");
}

/// Checks what a dice turn may be: dice of the roll, one per step, and a
/// game-ending flag exactly when an end rule holds after it.
fn check_dice_turns(engine: &Engine, st: &State, moves: &[Move], context: &str) {
    let dice = engine.game().dice.expect("a dice game");
    let thrown = &st.dice[..dice.count as usize];
    let doubles = thrown.len() > 1 && thrown.iter().all(|&d| d == thrown[0]);
    let times = if doubles && dice.doubles_twice { 2 } else { 1 };
    let roll: Vec<u8> = thrown
        .iter()
        .flat_map(|&d| std::iter::repeat_n(d, times))
        .collect();
    let mut results = std::collections::HashSet::new();
    for m in moves {
        let text = move_text(engine, m);
        let mut left = roll.clone();
        for step in m.steps() {
            let i = left
                .iter()
                .position(|&d| d == step.die)
                .unwrap_or_else(|| panic!("{context}: `{text}` uses a die not thrown"));
            left.remove(i);
        }
        let mut next = st.clone();
        engine.play_unchecked(&mut next, m);
        let over = engine.outcome(&next);
        assert!(
            // The dice count too: a choice of dice leaves the board alone.
            results.insert((next.cells, next.stack, next.pinned, next.dice)),
            "{context}: two turns reach one position (`{text}`)"
        );
        if m.ends {
            assert_ne!(over, Outcome::Ongoing, "{context}: `{text}` ends nothing");
        } else if m.len > 0 {
            assert_eq!(over, Outcome::Ongoing, "{context}: `{text}` ends the game");
        }
    }
}

/// Plays one seeded random game, checking every ply; returns how it ended.
fn checked_game(engine: &Engine, name: &str, seed: u64) -> playout::Playout {
    let mut rng = playout::rng(seed);
    let mut st = engine.start();
    let mut moves = Vec::new();
    let mut plies = 0;
    let start_men = men(engine, &st);
    loop {
        let context = format!("{name}, seed {seed}, ply {plies}");
        // The same roll as the library's playout, so the games are the same:
        // none where the game set the dice (a double chosen).
        if st.dice == [0; 4] {
            engine.roll(&mut st, &mut rng);
        }
        round_trip(engine, &st, &context);
        if engine.stacks() {
            assert_eq!(men(engine, &st), start_men, "{context}: men conserved");
            let counts: Vec<u8> = start_men.iter().map(|&n| n as u8).collect();
            assert_eq!(st.counts[..counts.len()], counts, "{context}");
        } else if engine.sows() {
            // Each player's seeds (his store and his side) as counted anew.
            let mut counted = st.clone();
            engine.count_seeds(&mut counted);
            assert_eq!(st.counts, counted.counts, "{context}: seeds counted");
            let seeds =
                |st: &ludus::engine::State| st.stack.iter().map(|&n| u32::from(n)).sum::<u32>();
            assert_eq!(
                seeds(&st),
                seeds(&engine.start()),
                "{context}: seeds conserved"
            );
        } else {
            assert_eq!(on_board(&st), st.counts, "{context}: piece counts");
        }
        let before = st.clone();
        engine.legal_moves(&mut st, &mut moves);
        assert_eq!(st, before, "{context}: legal_moves changed the state");
        let outcome = engine.outcome_with(&st, !moves.is_empty());
        assert_eq!(outcome, engine.outcome(&st), "{context}");
        if outcome != Outcome::Ongoing || plies >= playout::MAX_PLIES {
            return playout::Playout { outcome, plies };
        }
        if engine.stacks() {
            assert!(!moves.is_empty(), "{context}: no turn, not even a pass");
            check_dice_turns(engine, &st, &moves, &context);
        }
        let m = moves[rng.random_range(0..moves.len())];
        let mut checked = st.clone();
        engine
            .play(&mut checked, &m)
            .unwrap_or_else(|_| panic!("{context}: play refused a legal move"));
        engine.play_unchecked(&mut st, &m);
        assert_eq!(checked, st, "{context}: play and play_unchecked differ");
        if engine.stacks() {
            assert_eq!(men(engine, &st), start_men, "{context}: men conserved");
        } else if engine.has_columns() {
            // Columns: no piece leaves the board or changes hands; a
            // capture moves one under the capturer.
            assert_eq!(
                column_pieces(engine, &st),
                column_pieces(engine, &before),
                "{context}: pieces conserved in columns"
            );
        } else if engine.sows() {
            // The seeds sown leave the mover's side; what he captures
            // comes into his store: checked above, and by the game's
            // invariants and OpenSpiel (`tests/sowing.rs`).
        } else {
            // The opponent, in a game of two; the next player in a game of
            // more, who captures nothing.
            let mover = before.to_move as usize;
            let opp = engine.next_player(mover);
            // A placement moves a piece from the hand onto the board.
            let held = |s: &State, p: usize| {
                u32::from(s.counts[p]) + s.hand[p].iter().map(|&n| u32::from(n)).sum::<u32>()
            };
            // Pieces of the opponent's that became the mover's where no
            // step of the move lands (`flip`): in games whose pieces flip
            // only.
            let landed = |s: usize| m.steps().iter().any(|step| usize::from(step.to) == s);
            let turned = (before.cells.iter().zip(&st.cells).enumerate())
                .filter(|&(s, (&b, &a))| {
                    b != NONE
                        && a != NONE
                        && b >> 4 == opp as u8
                        && a >> 4 == mover as u8
                        && !landed(s)
                })
                .count() as u8;
            let flips = (engine.game().kinds.iter()).any(|k| k.flip.iter().any(|d| !d.is_empty()));
            assert!(
                flips || turned == 0,
                "{context}: pieces turned in a game without flips"
            );
            // A shot (`shoot`) puts a piece of the mover's from a supply
            // that never runs out; so do the claims of a placement
            // (`enclose`), on empty sites where no step lands: in games
            // whose pieces enclose only.
            let shot = u8::from(m.shot() != NONE);
            let claimed = (before.cells.iter().zip(&st.cells).enumerate())
                .filter(|&(s, (&b, &a))| {
                    b == NONE
                        && a != NONE
                        && a >> 4 == mover as u8
                        && !landed(s)
                        && s != usize::from(m.shot())
                })
                .count() as u8;
            let encloses = engine.game().kinds.iter().any(|k| k.enclose.is_some());
            assert!(
                encloses || claimed == 0,
                "{context}: sites claimed in a game without enclosing"
            );
            // A take of one of the mover's own pieces (`take ..., own
            // too`): in games whose pieces take their own only.
            let own_taken = (m.steps().iter())
                .filter(|s| s.over != NONE && before.cells[usize::from(s.over)] >> 4 == mover as u8)
                .count() as u8;
            let takes_own = engine.game().kinds.iter().any(|k| k.take_own);
            assert!(
                takes_own || own_taken == 0,
                "{context}: own pieces taken in a game without own takes"
            );
            assert_eq!(
                held(&st, mover) + u32::from(own_taken),
                held(&before, mover) + u32::from(turned + shot + claimed),
                "{context}: the mover lost pieces"
            );
            assert_eq!(
                st.counts[mover] + own_taken,
                before.counts[mover] + u8::from(m.places()) + turned + shot + claimed,
                "{context}: the mover's pieces on the board"
            );
            // Opposing pieces next to where the move ends, taken by
            // custody (`custody`): in games with custody only.
            let to = m.steps().last().map_or(NONE, |s| s.to);
            let custody = engine.game().kinds.iter().any(|k| k.custody.is_some());
            let sandwiched = (before.cells.iter().zip(&st.cells).enumerate())
                .filter(|&(s, (&b, &a))| {
                    custody
                        && b != NONE
                        && b >> 4 == opp as u8
                        && a == NONE
                        && engine
                            .game()
                            .board
                            .links
                            .iter()
                            .any(|l| usize::from(to) == l.from && l.to == s)
                })
                .count() as u8;
            assert_eq!(
                st.counts[opp],
                before.counts[opp] + own_taken - removed(&m) - turned - sandwiched,
                "{context}: pieces removed other than by capture or huff"
            );
        }
        plies += 1;
    }
}

/// Plays the random games of one game file.
fn random_games(path: &Path) {
    let engine = engine(path);
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let mut moves = Vec::new();
    for seed in 0..GAMES {
        let result = checked_game(&engine, &name, seed);
        assert_ne!(
            result.outcome,
            Outcome::Ongoing,
            "{name}, seed {seed}: unfinished after {} plies",
            playout::MAX_PLIES
        );
        // The library's playout makes the same random choices.
        let mut st = engine.start();
        let library =
            playout::random_playout(&engine, &mut st, &mut playout::rng(seed), &mut moves);
        assert_eq!(library, Ok(result), "{name}, seed {seed}");
    }
}

#[test]
fn random_games_keep_every_invariant_and_end() {
    // One thread per game file: the checks are slow in debug builds.
    std::thread::scope(|scope| {
        for path in game_files() {
            scope.spawn(move || random_games(&path));
        }
    });
}

/// The masks of occupied sites the engine keeps (`State::occupied`) agree
/// with the cells after every turn, and move generation leaves them as
/// they were.
#[test]
fn occupied_masks_follow_the_cells() {
    for path in game_files() {
        let engine = engine(&path);
        let name = path.display().to_string();
        for seed in 0..20 {
            let mut rng = playout::rng(seed);
            let mut st = engine.start();
            let mut moves = Vec::new();
            for ply in 0..playout::MAX_PLIES {
                let mut plain = st.clone();
                engine.sync_occupied(&mut plain);
                assert_eq!(
                    st.occupied, plain.occupied,
                    "{name}, seed {seed}, ply {ply}"
                );
                engine.roll(&mut st, &mut rng);
                engine.legal_moves(&mut st, &mut moves);
                assert_eq!(
                    st.occupied, plain.occupied,
                    "{name}, seed {seed}, ply {ply}"
                );
                if engine.outcome_with(&st, !moves.is_empty()) != Outcome::Ongoing {
                    break;
                }
                let m = moves[rng.random_range(0..moves.len())];
                engine.play_unchecked(&mut st, &m);
            }
        }
    }
}

/// The turns `count_turns` counts, drawn one by one with `turn_at`, are
/// the turns `legal_moves` lists, in its order, at every position of
/// seeded games of every game.
#[test]
fn counted_turns_are_the_listed_turns() {
    for path in game_files() {
        let engine = engine(&path);
        let name = path.display().to_string();
        for seed in 0..20 {
            let mut rng = playout::rng(seed);
            let mut st = engine.start();
            let (mut moves, mut listed) = (Vec::new(), Vec::new());
            for ply in 0..playout::MAX_PLIES {
                let context = format!("{name}, seed {seed}, ply {ply}");
                engine.roll(&mut st, &mut rng);
                engine.legal_moves(&mut st, &mut moves);
                let n = engine.count_turns(&mut st, &mut listed).unwrap();
                assert_eq!(n, moves.len(), "{context}");
                for (i, m) in moves.iter().enumerate() {
                    assert_eq!(&engine.turn_at(&st, &listed, i), m, "{context}, turn {i}");
                }
                if engine.stacks() && !moves.is_empty() {
                    // A tables game's turns, kept by the thread, asked once
                    // another position's turns are counted.
                    let mut next = st.clone();
                    engine.play_unchecked(&mut next, &moves[0]);
                    engine.roll(&mut next, &mut playout::rng(seed + 1000));
                    engine.count_turns(&mut next, &mut listed).unwrap();
                    let last = moves.len() - 1;
                    assert_eq!(engine.turn_at(&st, &[], last), moves[last], "{context}");
                }
                if engine.outcome_with(&st, !moves.is_empty()) != Outcome::Ongoing {
                    break;
                }
                let m = moves[rng.random_range(0..moves.len())];
                engine.play_unchecked(&mut st, &m);
            }
        }
    }
}

#[test]
fn recorded_playouts_replay() {
    for path in game_files() {
        let engine = engine(&path);
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.display().to_string();
        for seed in 0..3 {
            let lines = playout::recorded_playout(&engine, &name, &text, seed).unwrap();
            let Some(RecordLine::Result { result, plies, .. }) = lines.last() else {
                panic!("{name}, seed {seed}: no result line");
            };
            let record: String = lines
                .iter()
                .map(|l| serde_json::to_string(l).unwrap() + "\n")
                .collect();
            let record = playout::parse_record(&record)
                .unwrap_or_else(|e| panic!("{name}, seed {seed}: {e}"));
            let replayed = ludus::replay::replay(&engine, &record)
                .unwrap_or_else(|e| panic!("{name}, seed {seed}: {e}"));
            assert_eq!(replayed.turns.len(), *plies as usize, "{name}, seed {seed}");
            assert_eq!(
                &playout::outcome_text(&engine, replayed.outcome),
                result,
                "{name}, seed {seed}"
            );
            // The seeded game begins with its opening throw, if it has one.
            let mut st = engine.start();
            let mut rng = playout::rng(seed);
            engine.opening(&mut st, &mut rng);
            let played =
                playout::random_playout(&engine, &mut st, &mut rng, &mut Vec::new()).unwrap();
            assert_eq!(played.plies, *plies, "{name}, seed {seed}");
            assert_eq!(played.outcome, replayed.outcome, "{name}, seed {seed}");
        }
    }
}

/// A game with columns: each player's pieces, on top of a column or
/// under its top.
fn column_pieces(engine: &Engine, st: &State) -> [usize; 2] {
    let mut n = [0; 2];
    for s in 0..engine.sites() {
        if let Some((p, _)) = st.piece(s) {
            n[p] += 1;
        }
        for c in engine.below(st, s) {
            n[usize::from(c >> 4)] += 1;
        }
    }
    n
}
