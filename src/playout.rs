//! Seeded random playouts, game records and their replay.
//!
//! A record is JSON lines that do not depend on engine internals: a header
//! (game file, hash of its text, variant, seed), then one line per turn with
//! the position before it, every legal move and the move played, all in
//! notation, then the result.

use crate::engine::{Engine, Move, Outcome, State, TooManyTurns};
use crate::notation::{dice_text, find_move, move_text, parse_position, position_text};
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
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
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
        /// The opening throw, for games that have one (see
        /// [`opening_text`]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        opening: Option<String>,
        /// Whether the moves (and the dice) were typed or chosen in `ludus
        /// play`, not drawn from the seed: `replay` then checks that each
        /// is legal (see [`crate::hand_record`]).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        typed: bool,
        /// The position the game started from, where not the setup.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        start: Option<String>,
        /// What the game is played for as it starts, in a game with a
        /// cube or of a match: the cube and score fields (see
        /// [`crate::stakes::Stakes::fields`]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stakes: Option<String>,
    },
    /// A cube action before a turn, in a game played with `stakes`: the
    /// player to move doubles, his opponent takes or drops.
    Cube {
        /// `double`, `take` or `drop`.
        action: String,
        /// Who acts.
        player: String,
        /// The cube's value once the double is taken.
        value: u32,
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
        /// The player who resigned, in a game played in `ludus play`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        resigned: Option<String>,
        /// The player who dropped a double, ending the game.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dropped: Option<String>,
        /// The points the winner scores, the cube's value included, in a
        /// game played with `stakes` or in a match.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        points: Option<u32>,
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

/// A seeded random game, one turn at a time: what a record holds, for
/// both writing it and replaying it, so that the two judge alike.
struct SeededGame<'e> {
    engine: &'e Engine,
    rng: Rng,
    st: State,
    moves: Vec<Move>,
    plies: u32,
    /// The opening throw, as records write it.
    opening: Option<String>,
}

/// The opening throw as records and the REPL write it: each player's die
/// and who starts, `white 3, black 5: black starts`.
pub fn opening_text(engine: &Engine, dice: [u8; 2]) -> String {
    let names: Vec<&str> = engine
        .game()
        .players
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    let starter = names[usize::from(dice[1] > dice[0])];
    format!(
        "{} {}, {} {}: {starter} starts",
        names[0], dice[0], names[1], dice[1]
    )
}

/// The opening throw a record names (as [`opening_text`] writes it),
/// applied to `st`, the game's setup: who starts, and the dice he plays
/// where the throw gives them. The error says why the text is not an
/// opening throw of this game.
pub fn read_opening(engine: &Engine, st: &mut State, text: &str) -> Result<(), String> {
    let dice = (|| {
        let (throws, _) = text.split_once(':')?;
        let (a, b) = throws.split_once(',')?;
        let die = |t: &str| t.trim().rsplit_once(' ')?.1.parse::<u8>().ok();
        Some([die(a)?, die(b)?])
    })();
    let Some(dice) = dice.filter(|&d| opening_text(engine, d) == text) else {
        return Err(format!(
            "`{text}` is not an opening throw: write it as `{}`",
            opening_text(engine, [1, 2])
        ));
    };
    engine
        .opened(st, dice)
        .ok_or_else(|| match engine.game().dice {
            Some(d) if d.opening.is_some() => format!(
                "`{text}`: each player throws a different face of a die of {}",
                d.faces
            ),
            _ => format!("`{text}`: this game has no opening throw"),
        })
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
        let mut game = SeededGame {
            engine,
            rng: rng(seed),
            st: engine.start(),
            moves: Vec::new(),
            plies: 0,
            opening: None,
        };
        game.opening = engine
            .opening(&mut game.st, &mut game.rng)
            .map(|dice| opening_text(engine, dice));
        game
    }

    /// Throws the dice, lists the legal moves and draws one, as
    /// [`random_playout`] does; or says how the game ended.
    fn next(&mut self) -> Result<Next, TooManyTurnsAt> {
        let engine = self.engine;
        // The opening throw may have thrown the first roll already.
        if engine.to_throw(&self.st) {
            engine.roll(&mut self.st, &mut self.rng);
        }
        turns(engine, &mut self.st, &mut self.moves, self.plies)?;
        let outcome = engine.outcome_with(&self.st, !self.moves.is_empty());
        if outcome != Outcome::Ongoing || self.plies >= MAX_PLIES {
            self.st.dice = [0; 4];
            return Ok(Next::End(outcome));
        }
        Ok(Next::Turn(Box::new(
            self.moves[self.rng.random_range(0..self.moves.len())],
        )))
    }

    fn play(&mut self, m: &Move) {
        self.engine.play_unchecked(&mut self.st, m);
        self.plies += 1;
    }

    fn result_line(&self, outcome: Outcome) -> RecordLine {
        let engine = self.engine;
        RecordLine::Result {
            result: outcome_text(engine, outcome),
            winner: winner_name(engine, outcome),
            plies: self.plies,
            position: position_text(engine, &self.st),
            resigned: None,
            dropped: None,
            points: None,
        }
    }
}

/// The winner's name, if the outcome has one.
fn winner_name(engine: &Engine, outcome: Outcome) -> Option<String> {
    match outcome {
        Outcome::Decisive { winner, .. } => Some(engine.game().players[winner].name.clone()),
        _ => None,
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
    }];
    loop {
        match game.next()? {
            Next::Turn(m) => {
                let ply = game.plies + 1;
                let position = position_text(engine, &game.st);
                bytes += 64 + counted(&position);
                let mut legal = Vec::with_capacity(game.moves.len());
                for m in &game.moves {
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

/// A record read from its text, its structure checked: one header first,
/// turns, one result last, nothing after it.
#[derive(Clone, Debug)]
pub struct Record {
    /// The game file named by the header.
    pub game: String,
    /// SHA-256 of the game file's text, in hex.
    pub sha256: String,
    /// The game's name.
    pub variant: String,
    /// The seed of every random choice.
    pub seed: u64,
    /// The opening throw the header names, if any.
    pub opening: Option<String>,
    /// Whether the moves were typed in `ludus play` (see [`RecordLine`]).
    pub typed: bool,
    /// The position the game started from, where not the setup.
    pub start: Option<String>,
    /// The cube and score as the game starts, in a game played with
    /// `stakes` or in a match.
    pub stakes: Option<String>,
    /// Every line after the header with its line number (from 1): the
    /// turns and cube actions, then the result.
    pub lines: Vec<(usize, RecordLine)>,
}

impl Record {
    /// The record as JSON lines again: its header, then its lines.
    pub fn text(&self) -> String {
        let header = RecordLine::Header {
            game: self.game.clone(),
            sha256: self.sha256.clone(),
            variant: self.variant.clone(),
            seed: self.seed,
            opening: self.opening.clone(),
            typed: self.typed,
            start: self.start.clone(),
            stakes: self.stakes.clone(),
        };
        let mut out = String::new();
        for line in std::iter::once(&header).chain(self.lines.iter().map(|(_, l)| l)) {
            // A record line is plain data: it always serialises.
            out.push_str(&serde_json::to_string(line).unwrap_or_default());
            out.push('\n');
        }
        out
    }
}

/// Reads a record's text: one game. A byte order mark and blank lines are
/// skipped; errors name the line.
pub fn parse_record(text: &str) -> Result<Record, String> {
    let mut games = parse_records(text)?;
    if games.len() > 1 {
        let n = games[1].lines.first().map_or(0, |(n, _)| *n - 1);
        return Err(format!(
            "line {n}: a second header: this record holds {} games, and one is wanted here",
            games.len()
        ));
    }
    Ok(games.swap_remove(0))
}

/// Reads the text of a record of one game or more (the games of a match,
/// one after another: each from its header to its result). A byte order
/// mark and blank lines are skipped; errors name the line.
pub fn parse_records(text: &str) -> Result<Vec<Record>, String> {
    let mut games = Vec::new();
    let mut current: Option<Record> = None;
    let mut result_at = None;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if line.trim().is_empty() {
            continue;
        }
        let parsed: RecordLine =
            serde_json::from_str(line).map_err(|e| format!("line {n}: not a record line: {e}"))?;
        if let Some(at) = result_at
            && !matches!(parsed, RecordLine::Header { .. })
        {
            return Err(format!(
                "line {n}: after the result (line {at}) only the header of another game may follow"
            ));
        }
        match parsed {
            RecordLine::Header {
                game,
                sha256,
                variant,
                seed,
                opening,
                typed,
                start,
                stakes,
            } => {
                if current.is_some() && result_at.is_none() {
                    return Err(format!(
                        "line {n}: a second header before the result of the game it follows"
                    ));
                }
                games.extend(current.take());
                result_at = None;
                current = Some(Record {
                    game,
                    sha256,
                    variant,
                    seed,
                    opening,
                    typed,
                    start,
                    stakes,
                    lines: Vec::new(),
                });
            }
            _ => {
                let Some(record) = current.as_mut() else {
                    return Err(format!("line {n}: the record must start with its header"));
                };
                if matches!(parsed, RecordLine::Result { .. }) {
                    result_at = Some(n);
                }
                record.lines.push((n, parsed));
            }
        }
    }
    let Some(last) = current else {
        return Err("the record is empty: it has no header".into());
    };
    if result_at.is_none() {
        return Err(format!(
            "the record has no result line (its last line is {})",
            text.lines().count()
        ));
    }
    games.push(last);
    if let Some(other) = games.iter().find(|g| g.variant != games[0].variant) {
        return Err(format!(
            "the record holds games of `{}` and of `{}`: a record is of one game",
            games[0].variant, other.variant
        ));
    }
    Ok(games)
}

/// A replayed record: the positions after every turn, for showing.
pub struct Replay {
    /// `(move played, position after it)` per turn.
    pub turns: Vec<(String, State)>,
    /// The position before each turn, its dice thrown.
    pub before: Vec<State>,
    /// The result the rules give (or the resignation or drop).
    pub outcome: Outcome,
    /// The cube and score as the game ended (before its points were
    /// scored), in a game played with `stakes` or in a match.
    pub stakes: Option<crate::stakes::Stakes>,
    /// The player who dropped a double, ending the game.
    pub dropped: Option<usize>,
    /// The position the record ends at: after its last turn (or its start,
    /// after the opening throw), with the dice its result line shows
    /// thrown where the game was saved after the throw.
    pub last: State,
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
                    game.plies,
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
                let turn = game.plies + 1;
                if *ply != turn {
                    return Err(format!(
                        "line {n}, `ply`: the record says {ply}, but this is turn {turn}"
                    ));
                }
                let at = format!("line {n} (turn {turn})");
                check_position(engine, &at, seed, position, &game.st)?;
                let ours: Vec<String> = game.moves.iter().map(|m| move_text(engine, m)).collect();
                if &ours != legal {
                    return Err(format!(
                        "{at}, `legal`: the record lists the legal moves\n  {}\nbut the rules give\n  {}",
                        legal.join(", "),
                        ours.join(", ")
                    ));
                }
                let drawn = move_text(engine, &m);
                if *played != drawn {
                    return Err(match find_move(engine, &game.st, &game.moves, played) {
                        Err(e) => format!("{at}, `played`: `{played}` is illegal: {e}"),
                        Ok(found) if move_text(engine, &found) == drawn => {
                            format!("{at}, `played`: `{played}` is written `{drawn}` in notation")
                        }
                        Ok(_) => format!(
                            "{at}, `played`: `{played}` is legal, but it is not this game's move: with seed {seed} the random agent plays `{drawn}` (the record's seed or move is wrong)"
                        ),
                    });
                }
                before.push(game.st.clone());
                game.play(&m);
                turns.push((drawn, game.st.clone()));
            }
            (RecordLine::Result { .. }, Next::Turn(_)) => {
                let mover = &engine.game().players[game.st.to_move as usize].name;
                return Err(format!(
                    "line {n}: the record ends after {} turns, but the game goes on: {mover} is to move",
                    game.plies
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
                if *plies != game.plies {
                    return differs("plies", &plies.to_string(), &game.plies.to_string());
                }
                let our_position = position_text(engine, &game.st);
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
                    last: game.st.clone(),
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
