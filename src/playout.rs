//! Seeded random playouts, game records and their replay.
//!
//! A record is JSON lines that do not depend on engine internals: a header
//! (game file, hash of its text, variant, seed), then one line per turn with
//! the position before it, every legal move and the move played, all in
//! notation, then the result.

use crate::engine::{Engine, Move, Outcome, State, TooManyTurns};
use crate::notation::{find_move, move_text, parse_position, position_text};
use rand::RngExt;
use serde::{Deserialize, Serialize};

pub use crate::rng::{Rng, rng};

/// The most turns a playout runs before it is reported unfinished.
pub const MAX_PLIES: u32 = 100_000;

/// How a playout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// The outcome; `Ongoing` only if [`MAX_PLIES`] was reached.
    pub outcome: Outcome,
    /// Turns played.
    pub plies: u32,
}

/// A playout that reached a roll with more turns than the engine lists.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("at turn {ply} ({position}): {cause}")]
pub struct TooManyTurnsAt {
    /// The turn, from 1.
    pub ply: u32,
    /// The position with the roll, in notation.
    pub position: String,
    /// The limit it ran into.
    pub cause: TooManyTurns,
}

/// The legal turns of `st`, or where and why there are too many.
fn turns(
    engine: &Engine,
    st: &mut State,
    moves: &mut Vec<Move>,
    plies: u32,
) -> Result<(), TooManyTurnsAt> {
    engine
        .try_legal_moves(st, moves)
        .map_err(|cause| TooManyTurnsAt {
            ply: plies + 1,
            position: position_text(engine, st),
            cause,
        })
}

/// Plays uniformly random legal turns from `st` to the end of the game.
///
/// `moves` is a reusable buffer; nothing is allocated once it has grown.
pub fn random_playout(
    engine: &Engine,
    st: &mut State,
    rng: &mut Rng,
    moves: &mut Vec<Move>,
) -> Result<Playout, TooManyTurnsAt> {
    let mut plies = 0;
    loop {
        engine.roll(st, rng);
        turns(engine, st, moves, plies)?;
        let outcome = engine.outcome_with(st, !moves.is_empty());
        if outcome != Outcome::Ongoing || plies >= MAX_PLIES {
            st.dice = [0; 4];
            return Ok(Playout { outcome, plies });
        }
        let m = moves[rng.random_range(0..moves.len())];
        engine.play_unchecked(st, &m);
        plies += 1;
    }
}

/// Describes an outcome for people.
pub fn outcome_text(engine: &Engine, outcome: Outcome) -> String {
    match outcome {
        Outcome::Ongoing => "unfinished".into(),
        Outcome::Draw => "draw".into(),
        Outcome::Decisive { winner, points } => {
            let name = &engine.game().players[winner].name;
            match points {
                1 => format!("{name} wins"),
                2 => format!("{name} wins a double game"),
                n => format!("{name} wins {n} points"),
            }
        }
    }
}

/// One line of a record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum RecordLine {
    /// The first line.
    Header {
        /// The game file as given on the command line.
        game: String,
        /// SHA-256 of the game file's text, in hex.
        sha256: String,
        /// The game's name from its header.
        variant: String,
        /// The seed of every random choice.
        seed: u64,
    },
    /// One turn.
    Turn {
        /// Turn number, from 1.
        ply: u32,
        /// The position before the turn.
        position: String,
        /// Every legal move in that position.
        legal: Vec<String>,
        /// The move played.
        played: String,
    },
    /// The last line.
    Result {
        /// `white wins`, `draw` or `unfinished`.
        result: String,
        /// The winner's name, if any.
        winner: Option<String>,
        /// Turns played.
        plies: u32,
        /// The final position.
        position: String,
    },
}

/// SHA-256 of a text, in hex.
pub fn text_hash(text: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Plays one seeded random game and records every turn.
pub fn recorded_playout(
    engine: &Engine,
    game_path: &str,
    game_text: &str,
    seed: u64,
) -> Result<Vec<RecordLine>, TooManyTurnsAt> {
    let mut rng = rng(seed);
    let mut st = engine.start();
    let mut moves = Vec::new();
    let mut lines = vec![RecordLine::Header {
        game: game_path.to_string(),
        sha256: text_hash(game_text),
        variant: engine.game().name.clone(),
        seed,
    }];
    let mut plies = 0;
    let outcome = loop {
        engine.roll(&mut st, &mut rng);
        turns(engine, &mut st, &mut moves, plies)?;
        let outcome = engine.outcome_with(&st, !moves.is_empty());
        if outcome != Outcome::Ongoing || plies >= MAX_PLIES {
            st.dice = [0; 4];
            break outcome;
        }
        let m = moves[rng.random_range(0..moves.len())];
        plies += 1;
        lines.push(RecordLine::Turn {
            ply: plies,
            position: position_text(engine, &st),
            legal: moves.iter().map(|m| move_text(engine, m)).collect(),
            played: move_text(engine, &m),
        });
        engine.play_unchecked(&mut st, &m);
    };
    lines.push(result_line(engine, &st, outcome, plies));
    Ok(lines)
}

fn result_line(engine: &Engine, st: &State, outcome: Outcome, plies: u32) -> RecordLine {
    RecordLine::Result {
        result: outcome_text(engine, outcome),
        winner: match outcome {
            Outcome::Decisive { winner, .. } => Some(engine.game().players[winner].name.clone()),
            _ => None,
        },
        plies,
        position: position_text(engine, st),
    }
}

/// A replayed record: the positions after every turn, for showing.
pub struct Replay {
    /// `(move played, position after it)` per turn.
    pub turns: Vec<(String, State)>,
    /// The result the rules give.
    pub outcome: Outcome,
}

/// Re-checks every turn of a record against the rules.
///
/// `lines` are the record's lines after the header. The error names the
/// first turn where the record and the rules disagree.
pub fn replay(engine: &Engine, lines: &[RecordLine]) -> Result<Replay, String> {
    let mut st = engine.start();
    let mut moves = Vec::new();
    let mut turns = Vec::new();
    for line in lines {
        match line {
            RecordLine::Header { .. } => return Err("a second header in the record".into()),
            RecordLine::Turn {
                ply,
                position,
                legal,
                played,
            } => {
                let recorded = parse_position(engine, position)
                    .map_err(|e| format!("turn {ply}: bad position: {e}"))?;
                // The dice are thrown for the turn: the record says what came up.
                if engine.has_dice() {
                    if recorded.dice == [0; 4] {
                        return Err(format!("turn {ply}: the record gives no dice"));
                    }
                    st.dice = recorded.dice;
                }
                if recorded != st {
                    return Err(format!(
                        "turn {ply}: the record says the position is\n  {position}\nbut the rules give\n  {}",
                        position_text(engine, &st)
                    ));
                }
                if engine.outcome(&st) != Outcome::Ongoing {
                    return Err(format!("turn {ply}: the game was already over"));
                }
                engine
                    .try_legal_moves(&mut st, &mut moves)
                    .map_err(|e| format!("turn {ply}: {e}"))?;
                let ours: Vec<String> = moves.iter().map(|m| move_text(engine, m)).collect();
                if &ours != legal {
                    return Err(format!(
                        "turn {ply}: the record lists the legal moves\n  {}\nbut the rules give\n  {}",
                        legal.join(", "),
                        ours.join(", ")
                    ));
                }
                let m = find_move(engine, &st, &moves, played)
                    .map_err(|e| format!("turn {ply}: `{played}` is illegal: {e}"))?;
                engine.play_unchecked(&mut st, &m);
                turns.push((played.clone(), st.clone()));
            }
            RecordLine::Result { result, .. } => {
                let outcome = engine.outcome(&st);
                let ours = outcome_text(engine, outcome);
                if &ours != result {
                    return Err(format!(
                        "the record's result is `{result}` but the rules give `{ours}`"
                    ));
                }
                return Ok(Replay { turns, outcome });
            }
        }
    }
    Err("the record has no result line".into())
}
