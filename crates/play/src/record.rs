//! A game's record, read and written: JSON lines that do not depend on
//! engine internals. A header (game file, hash of its text, variant,
//! seed, the opening throw, the start and the stakes where there are),
//! one line per turn with the position before it, every legal move and
//! the move played, all in notation, cube actions, then the result.
//! Seeded random games (`playout --record`) and games played in `ludus
//! play` ([`Writer`], its header marked `"typed": true`) are written in it.

use crate::engine::{Engine, Move, Outcome, State};
use crate::notation::{Numbering, move_text, parse_position_in, position_text};
use serde::{Deserialize, Serialize};

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
        /// How the record's positions number a dice game's men:
        /// [`TRACK_POSITIONS`], each as his moves do, in every record of a
        /// dice game written now; absent in records of games without dice
        /// and in those written before, which name the board's sites.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        positions: Option<String>,
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

/// The header's `positions` in a record of a dice game: each man
/// numbered as his moves number his point (see
/// [`crate::notation::Numbering::Tracks`]).
pub const TRACK_POSITIONS: &str = "tracks";

/// The header's `positions` for a record of `engine`'s game: numbered as
/// the moves are in a dice game, none in a game without dice (its
/// positions name the board's sites, as they always have).
pub fn positions_marker(engine: &Engine) -> Option<String> {
    engine.has_tracks().then(|| TRACK_POSITIONS.to_string())
}

/// SHA-256 of a text, in hex.
pub fn text_hash(text: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The opening throw as records and the REPL write it: each player's die
/// and who starts, `white 3, black 5: black starts`.
pub fn opening_text(engine: &Engine, dice: [u8; 2]) -> String {
    let names = engine.game().player_names();
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

/// The winner's name, if the outcome has one.
pub fn winner_name(engine: &Engine, outcome: Outcome) -> Option<String> {
    match outcome {
        Outcome::Decisive { winner, .. } => Some(engine.game().players[winner].name.clone()),
        _ => None,
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
    /// How its positions number a dice game's men (`Some("tracks")`;
    /// `None` in a game without dice, and in a record written before,
    /// which names the board's sites): see [`Record::numbered_as_moves`].
    pub positions: Option<String>,
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
            positions: self.positions.clone(),
        };
        let mut out = String::new();
        for line in std::iter::once(&header).chain(self.lines.iter().map(|(_, l)| l)) {
            // A record line is plain data: it always serialises.
            out.push_str(&serde_json::to_string(line).unwrap_or_default());
            out.push('\n');
        }
        out
    }

    /// The record with every position numbered as its moves are (see
    /// [`crate::notation::Numbering`]): a record of a dice game written
    /// before its header said `"positions": "tracks"` names the board's
    /// sites, and is read so and rewritten; any other is returned as it is.
    /// The error names the line and field of a position that cannot be
    /// read.
    pub fn numbered_as_moves(&self, engine: &Engine) -> Result<Record, String> {
        if self.positions.is_some() || !engine.has_tracks() {
            return Ok(self.clone());
        }
        let rewrite = |text: &str| -> Result<String, String> {
            let st = parse_position_in(engine, text, Numbering::Sites).map_err(|e| {
                format!("{e} (a record whose header has no `positions` names the board's sites)")
            })?;
            Ok(position_text(engine, &st))
        };
        let mut out = self.clone();
        out.positions = positions_marker(engine);
        if let Some(start) = &mut out.start {
            *start = rewrite(start).map_err(|e| format!("header, `start`: {e}"))?;
        }
        for (n, line) in &mut out.lines {
            if let RecordLine::Turn { position, .. } | RecordLine::Result { position, .. } = line {
                *position = rewrite(position).map_err(|e| format!("line {n}, `position`: {e}"))?;
            }
        }
        Ok(out)
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
                positions,
            } => {
                if let Some(other) = positions.as_deref().filter(|&p| p != TRACK_POSITIONS) {
                    return Err(format!(
                        "line {n}: `positions`: `{other}` is not a numbering of positions: `{TRACK_POSITIONS}` (each man numbered as his moves are), or no field in a record that names the board's sites"
                    ));
                }
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
                    positions,
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

/// How a game recorded in `ludus play` ended, besides its position.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ending {
    /// The result (`Ongoing`: unfinished).
    pub outcome: Option<Outcome>,
    /// The player who resigned, if one did.
    pub resigned: Option<usize>,
    /// The player who dropped a double, if one did.
    pub dropped: Option<usize>,
    /// The points the winner scores with the cube, in a game with stakes.
    pub points: Option<u32>,
}

/// A record being written as a game is played.
#[derive(Clone)]
pub struct Writer {
    sha256: String,
    variant: String,
    seed: u64,
    opening: Option<String>,
    start: Option<String>,
    stakes: Option<String>,
    positions: Option<String>,
    turns: Vec<RecordLine>,
}

impl Writer {
    /// A record of the game whose file's text is `game_text`, played from
    /// the setup (with the opening throw `opening` if it has one) or from
    /// the position `start`, its random choices from `seed`, played for
    /// `stakes` (the cube and score fields) in a game with stakes or a match.
    pub fn new(
        engine: &Engine,
        game_text: &str,
        seed: u64,
        (opening, start): (Option<String>, Option<String>),
        stakes: Option<String>,
    ) -> Writer {
        Writer {
            sha256: text_hash(game_text),
            variant: engine.game().name.clone(),
            seed,
            opening,
            start,
            stakes,
            positions: positions_marker(engine),
            turns: Vec::new(),
        }
    }

    /// Notes a cube action: `action` (`double`, `take` or `drop`) by
    /// `player`, the cube at `value` once taken.
    pub fn cube(&mut self, engine: &Engine, action: &str, player: usize, value: u32) {
        self.turns.push(RecordLine::Cube {
            action: action.into(),
            player: engine.game().players[player].name.clone(),
            value,
        });
    }

    /// Notes the turn `played` of the position `before` (its dice thrown),
    /// whose legal turns are `legal`.
    pub fn turn(&mut self, engine: &Engine, before: &State, legal: &[Move], played: &Move) {
        self.turns.push(RecordLine::Turn {
            ply: self.turns() as u32 + 1,
            position: position_text(engine, before),
            legal: legal.iter().map(|m| move_text(engine, m)).collect(),
            played: move_text(engine, played),
        });
    }

    /// Keeps the first `n` turns noted and the cube actions before the
    /// next: the others were taken back.
    pub fn truncate(&mut self, n: usize) {
        let cut = self
            .turns
            .iter()
            .enumerate()
            .filter(|(_, l)| matches!(l, RecordLine::Turn { .. }))
            .nth(n)
            .map_or(self.turns.len(), |(i, _)| i);
        self.turns.truncate(cut);
    }

    /// Notes a turn or cube line read from another record (see `load` in
    /// the REPL).
    pub fn push_line(&mut self, line: RecordLine) {
        self.turns.push(line);
    }

    /// The turns noted.
    pub fn turns(&self) -> usize {
        self.turns
            .iter()
            .filter(|l| matches!(l, RecordLine::Turn { .. }))
            .count()
    }

    /// The record as JSON lines, naming its game file `game_path`, ending
    /// at `st` as `ending` says.
    pub fn text(&self, engine: &Engine, game_path: &str, st: &State, ending: Ending) -> String {
        let outcome = ending.outcome.unwrap_or(Outcome::Ongoing);
        let name = |p: Option<usize>| p.map(|p| engine.game().players[p].name.clone());
        let header = RecordLine::Header {
            game: game_path.to_string(),
            sha256: self.sha256.clone(),
            variant: self.variant.clone(),
            seed: self.seed,
            opening: self.opening.clone(),
            typed: true,
            start: self.start.clone(),
            stakes: self.stakes.clone(),
            positions: self.positions.clone(),
        };
        let result = RecordLine::Result {
            result: outcome_text(engine, outcome),
            winner: match outcome {
                Outcome::Decisive { winner, .. } => {
                    Some(engine.game().players[winner].name.clone())
                }
                _ => None,
            },
            plies: self.turns() as u32,
            position: position_text(engine, st),
            resigned: name(ending.resigned),
            dropped: name(ending.dropped),
            points: ending.points.filter(|_| outcome != Outcome::Ongoing),
        };
        let mut out = String::new();
        for line in std::iter::once(&header)
            .chain(&self.turns)
            .chain(std::iter::once(&result))
        {
            // A record line is plain data: it always serialises.
            out.push_str(&serde_json::to_string(line).unwrap_or_default());
            out.push('\n');
        }
        out
    }
}
