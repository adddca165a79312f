//! Seeded random playouts, game records and their replay.
//!
//! A record is JSON lines that do not depend on engine internals: a header
//! (game file, hash of its text, variant, seed), then one line per turn with
//! the position before it, every legal move and the move played, all in
//! notation, then the result.

use crate::engine::{Engine, Move, Outcome, State, TooManyTurns};
use crate::in_progress::{GameInProgress, Kept};
use crate::notation::{dice_text, find_move, move_text, parse_position, position_text};
use rand::RngExt;

pub use crate::record::{
    Record, RecordLine, Replay, opening_text, outcome_text, parse_record, parse_records,
    read_opening, text_hash, winner_name,
};

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

/// Plays uniformly random legal turns from `st` to the end of the game
/// (see [`Engine::random_playout`]), at most [`MAX_PLIES`].
///
/// `moves` is a reusable buffer; nothing is allocated once it has grown.
pub fn random_playout(
    engine: &Engine,
    st: &mut State,
    rng: &mut Rng,
    moves: &mut Vec<Move>,
) -> Result<Playout, TooManyTurnsAt> {
    match engine.random_playout(st, rng, moves, MAX_PLIES) {
        Ok((outcome, plies)) => Ok(Playout { outcome, plies }),
        Err((ply, cause)) => Err(TooManyTurnsAt {
            ply,
            position: position_text(engine, st),
            cause,
        }),
    }
}

/// A seeded random game, one turn at a time: what a record holds, for
/// both writing it and replaying it, so that the two judge alike. The
/// game in progress throws the dice; the random agent draws its turn from
/// the same generator.
struct SeededGame<'e> {
    game: GameInProgress<&'e Engine>,
    /// The opening throw, as records write it.
    opening: Option<String>,
}

/// What comes next in a [`SeededGame`].
enum Next {
    /// The random agent's move; the state holds the dice, `moves` the legal
    /// moves. Boxed: a move is large and this path records text anyway.
    Turn(Box<Move>),
    /// The game is over (or [`MAX_PLIES`] turns were played); the dice are cleared.
    End(Outcome),
}

impl<'e> SeededGame<'e> {
    /// The game from its setup, after its opening throw if it has one.
    fn new(engine: &'e Engine, seed: u64) -> Self {
        let mut game = GameInProgress::new(engine, engine.start(), seed, Kept::NOTHING);
        game.open();
        let opening = game.opening_text();
        SeededGame { game, opening }
    }

    /// The position.
    fn st(&self) -> &State {
        self.game.state()
    }

    /// Its legal turns.
    fn moves(&self) -> &[Move] {
        self.game.legal()
    }

    /// Turns played.
    fn plies(&self) -> u32 {
        self.game.plies()
    }

    /// Throws the dice, lists the legal moves and draws one, as
    /// [`random_playout`] does; or says how the game ended.
    fn next(&mut self) -> Result<Next, TooManyTurnsAt> {
        // The opening throw may have thrown the first roll already.
        self.game.throw_if_due();
        if let Some(stuck) = self.game.stuck() {
            return Err(TooManyTurnsAt {
                ply: stuck.ply,
                position: stuck.position.clone(),
                cause: stuck.cause,
            });
        }
        let outcome = self.game.outcome();
        if outcome != Outcome::Ongoing || self.game.plies() >= MAX_PLIES {
            self.game.forget_roll();
            return Ok(Next::End(outcome));
        }
        let (_, moves, rng) = self.game.choice();
        Ok(Next::Turn(Box::new(
            moves[rng.random_range(0..moves.len())],
        )))
    }

    fn play(&mut self, m: &Move) {
        self.game.play(m, false);
    }

    fn result_line(&self, outcome: Outcome) -> RecordLine {
        let engine = self.game.engine();
        RecordLine::Result {
            result: outcome_text(engine, outcome),
            winner: winner_name(engine, outcome),
            plies: self.plies(),
            position: position_text(engine, self.st()),
            resigned: None,
            dropped: None,
            points: None,
        }
    }
}

/// Why a seeded game could not be recorded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A roll with more turns than the engine lists.
    #[error("{0}")]
    Turns(#[from] TooManyTurnsAt),
    /// The record, with every turn's legal turns, grew past what `replay`
    /// reads ([`crate::load::MAX_RECORD_BYTES`]).
    #[error(
        "at turn {ply}: its record, which lists every turn's legal turns, would be longer than {} bytes, the most a record may be",
        crate::load::MAX_RECORD_BYTES
    )]
    TooLong {
        /// The turn, from 1.
        ply: u32,
    },
}

/// Plays one seeded random game and records every turn; refused where the
/// record would be longer than `replay` reads.
pub fn recorded_playout(
    engine: &Engine,
    game_path: &str,
    game_text: &str,
    seed: u64,
) -> Result<Vec<RecordLine>, RecordError> {
    // The record's length, counted as its lines are made: each text with
    // its quotes and comma, and a line's fields.
    let mut bytes: u64 = 0;
    let counted = |t: &String| t.len() as u64 + 3;
    let mut game = SeededGame::new(engine, seed);
    let mut lines = vec![RecordLine::Header {
        game: game_path.to_string(),
        sha256: text_hash(game_text),
        variant: engine.game().name.clone(),
        seed,
        opening: game.opening.clone(),
        typed: false,
        start: None,
        stakes: None,
        positions: crate::record::positions_marker(engine),
    }];
    loop {
        match game.next()? {
            Next::Turn(m) => {
                let ply = game.plies() + 1;
                let position = position_text(engine, game.st());
                bytes += 64 + counted(&position);
                let mut legal = Vec::with_capacity(game.moves().len());
                for m in game.moves() {
                    let text = move_text(engine, m);
                    bytes += counted(&text);
                    if bytes > crate::load::MAX_RECORD_BYTES {
                        return Err(RecordError::TooLong { ply });
                    }
                    legal.push(text);
                }
                lines.push(RecordLine::Turn {
                    ply,
                    position,
                    legal,
                    played: move_text(engine, &m),
                });
                game.play(&m);
            }
            Next::End(outcome) => {
                lines.push(game.result_line(outcome));
                return Ok(lines);
            }
        }
    }
}

/// Plays one seeded random game as [`recorded_playout`] does, without
/// writing its turns: its result line alone.
pub fn playout_result(engine: &Engine, seed: u64) -> Result<RecordLine, TooManyTurnsAt> {
    let mut game = SeededGame::new(engine, seed);
    loop {
        match game.next()? {
            Next::Turn(m) => game.play(&m),
            Next::End(outcome) => return Ok(game.result_line(outcome)),
        }
    }
}

/// Replays a record: plays the seeded random game its header names and
/// checks that every field of every line is what that game gives (the
/// turn numbers, the positions with the dice thrown, the legal moves, the
/// moves played, the result's text, winner, turns and position).
///
/// Only `playout --record` writes such records, so the moves too follow
/// from the seed; [`crate::replay::replay`] replays a record of either
/// kind. The error names the first line and field that differ.
pub fn replay_seeded(engine: &Engine, record: &Record) -> Result<Replay, String> {
    let seed = record.seed;
    // The cube and score the game was played for: the random agent never
    // doubles, so they only score its result.
    let stakes = match &record.stakes {
        Some(text) => Some(crate::stakes::Stakes::from_header(engine, text)?),
        None => None,
    };
    let mut game = SeededGame::new(engine, seed);
    if record.opening != game.opening {
        let says = |o: &Option<String>| match o {
            Some(t) => format!("`{t}`"),
            None => "none".to_string(),
        };
        return Err(format!(
            "header, `opening`: the record says {}, but the game with seed {seed} throws {}",
            says(&record.opening),
            says(&game.opening)
        ));
    }
    let mut turns = Vec::new();
    let mut before = Vec::new();
    for (n, line) in &record.lines {
        let next = game.next().map_err(|e| format!("line {n}: {e}"))?;
        match (line, next) {
            (RecordLine::Header { .. }, _) => {
                return Err(format!("line {n}: a second header"));
            }
            (RecordLine::Cube { .. }, _) => {
                return Err(format!(
                    "line {n}: a cube action, in a record of seeded random play (its header is not marked `\"typed\": true`), where nobody doubles"
                ));
            }
            (RecordLine::Turn { ply, .. }, Next::End(outcome)) => {
                return Err(format!(
                    "line {n}: the record goes on with turn {ply}, but the game is over after {} turns: {}",
                    game.plies(),
                    outcome_text(engine, outcome)
                ));
            }
            (
                RecordLine::Turn {
                    ply,
                    position,
                    legal,
                    played,
                },
                Next::Turn(m),
            ) => {
                let turn = game.plies() + 1;
                if *ply != turn {
                    return Err(format!(
                        "line {n}, `ply`: the record says {ply}, but this is turn {turn}"
                    ));
                }
                let at = format!("line {n} (turn {turn})");
                check_position(engine, &at, seed, position, game.st())?;
                let ours: Vec<String> = game.moves().iter().map(|m| move_text(engine, m)).collect();
                if &ours != legal {
                    return Err(format!(
                        "{at}, `legal`: the record lists the legal moves\n  {}\nbut the rules give\n  {}",
                        legal.join(", "),
                        ours.join(", ")
                    ));
                }
                let drawn = move_text(engine, &m);
                if *played != drawn {
                    return Err(match find_move(engine, game.st(), game.moves(), played) {
                        Err(e) => format!("{at}, `played`: `{played}` is illegal: {e}"),
                        Ok(found) if move_text(engine, &found) == drawn => {
                            format!("{at}, `played`: `{played}` is written `{drawn}` in notation")
                        }
                        Ok(_) => format!(
                            "{at}, `played`: `{played}` is legal, but it is not this game's move: with seed {seed} the random agent plays `{drawn}` (the record's seed or move is wrong)"
                        ),
                    });
                }
                before.push(game.st().clone());
                game.play(&m);
                turns.push((drawn, game.st().clone()));
            }
            (RecordLine::Result { .. }, Next::Turn(_)) => {
                let mover = &engine.game().players[game.st().to_move as usize].name;
                return Err(format!(
                    "line {n}: the record ends after {} turns, but the game goes on: {mover} is to move",
                    game.plies()
                ));
            }
            (
                RecordLine::Result {
                    result,
                    winner,
                    plies,
                    position,
                    ..
                },
                Next::End(outcome),
            ) => {
                let differs = |field: &str, theirs: &str, ours: &str| {
                    Err(format!(
                        "line {n}, `{field}`: the record says `{theirs}`, but the rules give `{ours}`"
                    ))
                };
                let name = |w: &Option<String>| w.clone().unwrap_or_else(|| "none".into());
                let our_result = outcome_text(engine, outcome);
                if *result != our_result {
                    return differs("result", result, &our_result);
                }
                let our_winner = winner_name(engine, outcome);
                if *winner != our_winner {
                    return differs("winner", &name(winner), &name(&our_winner));
                }
                if *plies != game.plies() {
                    return differs("plies", &plies.to_string(), &game.plies().to_string());
                }
                let our_position = position_text(engine, game.st());
                let same = |text: &str| {
                    parse_position(engine, text)
                        .is_ok_and(|p| position_text(engine, &p) == our_position)
                };
                if *position != our_position && !same(position) {
                    return differs("position", position, &our_position);
                }
                return Ok(Replay {
                    turns,
                    before,
                    outcome,
                    stakes,
                    dropped: None,
                    last: game.st().clone(),
                });
            }
        }
    }
    Err("the record has no result line".into())
}

/// Checks a turn's recorded position, the dice thrown included.
fn check_position(
    engine: &Engine,
    at: &str,
    seed: u64,
    recorded: &str,
    st: &State,
) -> Result<(), String> {
    let ours = position_text(engine, st);
    if recorded == ours {
        return Ok(());
    }
    let theirs = parse_position(engine, recorded)
        .map_err(|e| format!("{at}, `position`: bad position: {e}"))?;
    // The same position written otherwise (a kind named that the notation
    // now leaves to the player's default, as records made before it do).
    if position_text(engine, &theirs) == ours {
        return Ok(());
    }
    if theirs.dice != st.dice {
        let thrown = |s: &State| dice_text(s).unwrap_or_else(|| "none".into());
        return Err(format!(
            "{at}, `position`: the record's dice {} are not what seed {seed} throws for this turn: {} (the record's seed or roll is wrong)",
            thrown(&theirs),
            thrown(st)
        ));
    }
    Err(format!(
        "{at}, `position`: the record says the position is\n  {recorded}\nbut the rules give\n  {ours}"
    ))
}
