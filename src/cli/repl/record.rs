//! The REPL's commands about the game as a whole: `save FILE` and
//! `play --record FILE` (a record of the game played, which `replay`
//! accepts: see [`ludus::hand_record`]), `load FILE` (a record, typed or
//! seeded, continued from its last position), `new`, `resign` and `pip`.

use super::Session;
use ludus::engine::{Outcome, State};
use ludus::in_progress::Played;
use ludus::playout::{self, RecordLine, outcome_text};
use ludus::record::Writer;
use ludus::render;
use std::path::{Path, PathBuf};

/// The game file a session plays, for its records.
pub struct GameFile {
    /// As given on the command line.
    pub path: PathBuf,
    /// Its text.
    pub text: String,
    /// Where `--record` writes the record after every turn.
    pub record_to: Option<PathBuf>,
    /// The position the game started from, where `--position` gave one.
    pub start: Option<String>,
}

impl Session<'_> {
    /// A new record of the game from the position it starts from.
    pub(super) fn begin_record(&mut self) {
        if let Some(file) = &self.file {
            self.game.begin_record(&file.text, file.start.clone());
        }
    }

    /// The record so far as text, naming the game file as seen from `to`:
    /// the match's games finished, then this one.
    fn record_text(&self, to: &Path) -> Option<String> {
        let file = self.file.as_ref()?;
        self.record_named(&crate::path_from(to, &file.path))
    }

    /// The record so far as text (the match's games finished, then this
    /// one), naming the game file `named`.
    pub(crate) fn record_named(&self, named: &str) -> Option<String> {
        let mut text = self.match_games.concat();
        let game = self.game.record_text(named)?;
        // A game of a match scored is among the match's games already
        // (while the next waits to begin).
        if !(self.scored && self.game.staked()) {
            text.push_str(&game);
        }
        Some(text)
    }

    /// The record of the game being played, naming the game file as seen
    /// from `to`.
    fn game_record(&self, to: &Path) -> Option<String> {
        let file = self.file.as_ref()?;
        self.game.record_text(&crate::path_from(to, &file.path))
    }

    /// The record of the game just finished, to keep with the match's:
    /// naming the game file as the `--record` file would see it.
    pub(super) fn finished_record(&self) -> Option<String> {
        let to = self.file.as_ref()?.record_to.clone().unwrap_or_default();
        self.game_record(&to)
    }

    /// Writes the record to the `--record` file, if any, after a turn.
    pub(super) fn write_record(&mut self) {
        let Some(to) = self.file.as_ref().and_then(|f| f.record_to.clone()) else {
            return;
        };
        if let Some(text) = self.record_text(&to)
            && let Err(e) = std::fs::write(&to, text)
        {
            self.fault = Some(format!("cannot write the record {}: {e}", to.display()));
        }
    }

    /// `save FILE`.
    pub(super) fn save(&mut self, arg: &str, out: &mut String) {
        if arg.is_empty() {
            out.push_str("save where? `save FILE.jsonl`\n");
            return;
        }
        let to = PathBuf::from(arg);
        if self
            .file
            .as_ref()
            .is_some_and(|f| crate::same_file(&f.path, &to))
        {
            out.push_str(&format!(
                "`{arg}` is the game file: save the record to another file\n"
            ));
            return;
        }
        match self.record_text(&to) {
            None => out.push_str("this session keeps no record\n"),
            Some(text) => match std::fs::write(&to, text) {
                Ok(()) => {
                    let games = self.match_games.len();
                    let before = if games > 0 {
                        format!(
                            "{games} finished game{} and ",
                            if games == 1 { "" } else { "s" }
                        )
                    } else {
                        String::new()
                    };
                    out.push_str(&format!(
                        "saved {before}{} turns to {arg} (`ludus replay {arg}` replays them, `load {arg}` continues)\n",
                        self.game.history().len()
                    ));
                }
                Err(e) => out.push_str(&format!("cannot write {arg}: {e}\n")),
            },
        }
    }

    /// `load FILE`: a record of this game, replayed, continued from its
    /// last position with its turns kept (they can be taken back).
    pub(super) fn load(&mut self, arg: &str, out: &mut String) {
        match self.loaded(Path::new(arg)) {
            Err(e) => out.push_str(&format!("cannot load {arg}: {e}\n")),
            Ok(turns) => {
                let games = self.match_games.len();
                if games > 0 {
                    out.push_str(&format!(
                        "loaded {games} finished game{} and {turns} turns of the last from {arg}\n",
                        if games == 1 { "" } else { "s" }
                    ));
                } else {
                    out.push_str(&format!("loaded {turns} turns from {arg}\n"));
                }
                out.push_str(&self.board(self.game.state()));
                self.go_on_loaded(out);
            }
        }
    }

    /// After a record is loaded: a game it ends over is scored (and, in a
    /// match that goes on, the next begun, unless the session pauses
    /// between games); else the agents' and forced turns are played.
    pub(crate) fn go_on_loaded(&mut self, out: &mut String) {
        if self.game.over() {
            out.push_str(&format!(
                "the game is over: {}\n",
                outcome_text(self.engine, self.game.outcome())
            ));
            if self.game.staked() && self.game_over(out) {
                self.advance(out);
            }
        } else {
            self.advance(out);
        }
    }

    fn loaded(&mut self, path: &Path) -> Result<usize, String> {
        let text = ludus::load::read_text(path, ludus::load::MAX_RECORD_BYTES)
            .map_err(|e| e.to_string())?;
        self.load_text(&text)
    }

    /// A record's text (of this game), replayed and checked: the session
    /// continues from its last position with its turns kept for `undo`;
    /// the number of turns read, or why the record is refused.
    pub(crate) fn load_text(&mut self, text: &str) -> Result<usize, String> {
        let records = playout::parse_records(text)?;
        if records[0].variant != self.engine.game().name {
            return Err(format!(
                "it records `{}`, and this game is `{}`",
                records[0].variant,
                self.engine.game().name
            ));
        }
        // An older record's positions, naming the board's sites, read so.
        let records = records
            .iter()
            .map(|r| r.numbered_as_moves(self.engine))
            .collect::<Result<Vec<_>, _>>()?;
        // The games of a match before the last: each finished, each
        // header's score the one the games before it give.
        let mut match_games = Vec::new();
        let mut results = Vec::new();
        let last = records.len() - 1;
        for (i, record) in records[..last].iter().enumerate() {
            let game = i + 1;
            let replay = ludus::replay::replay(self.engine, record)
                .map_err(|e| format!("game {game}: {e}"))?;
            let Some(mut stakes) = replay.stakes else {
                return Err(format!(
                    "game {game} is followed by another, and its header names no match"
                ));
            };
            let won = match replay.outcome {
                Outcome::Ongoing => {
                    return Err(format!(
                        "game {game} is unfinished, and another game follows it"
                    ));
                }
                Outcome::Draw => None,
                Outcome::Decisive { winner, points } => Some(ludus::stakes::Won {
                    winner,
                    points: if replay.dropped.is_some() {
                        stakes.cube.value
                    } else {
                        stakes.scored(u32::from(points))
                    },
                }),
            };
            let resigned = record.lines.iter().find_map(|(_, line)| match line {
                RecordLine::Result { resigned, .. } => resigned.as_deref(),
                _ => None,
            });
            results.push(super::cube::Finished {
                winner: won.map(|w| w.winner),
                points: won.map_or(0, |w| w.points),
                cube: stakes.cube.value,
                dropped: replay.dropped,
                resigned: resigned.and_then(|name| {
                    let players = &self.engine.game().players;
                    players.iter().position(|p| p.name == name)
                }),
            });
            stakes.finish(won);
            let next = &records[i + 1];
            let said = next.stakes.as_deref().unwrap_or_default();
            if said != stakes.fields(self.engine) {
                return Err(format!(
                    "game {}: its header says `{said}`, but after game {game} it is `{}`",
                    game + 1,
                    stakes.fields(self.engine)
                ));
            }
            match_games.push(record.text());
        }
        let record = &records[last];
        let replay = ludus::replay::replay(self.engine, record).map_err(|e| {
            if last > 0 {
                format!("game {}: {e}", last + 1)
            } else {
                e
            }
        })?;
        // Each turn's position before it, its dice included, from the
        // record: what `undo` goes back to, with the cube as it stood.
        let mut stakes = match &record.stakes {
            Some(fields) => {
                ludus::stakes::Stakes::new(self.engine, 0)
                    .read_fields(self.engine, fields)?
                    .0
            }
            None => ludus::stakes::Stakes::new(self.engine, 0),
        };
        // A record of seeded random play names no stakes: the game's cube
        // in the middle, as a record begun here would name it, so that the
        // cube actions to come replay.
        let fields = stakes.fields(self.engine);
        let named = record
            .stakes
            .clone()
            .or_else(|| (!fields.is_empty()).then_some(fields));
        let mut history = Vec::new();
        let mut writer = self.file.as_ref().map(|f| {
            Writer::new(
                self.engine,
                &f.text,
                record.seed,
                (record.opening.clone(), record.start.clone()),
                named,
            )
        });
        let mut resigned = None;
        let player = |name: &str| {
            let players = &self.engine.game().players;
            players.iter().position(|p| p.name == *name)
        };
        for (_, line) in &record.lines {
            match line {
                RecordLine::Turn {
                    position, played, ..
                } => {
                    let before: State = ludus::notation::parse_position(self.engine, position)?;
                    // Taken back by `undo` as this session's seats say.
                    let typed = self.agents[usize::from(before.to_move)] == crate::Agent::Human;
                    history.push(Played {
                        before,
                        typed,
                        stakes,
                        played: played.clone(),
                        m: None,
                    });
                }
                RecordLine::Cube {
                    action, player: p, ..
                } => {
                    // Checked by the replay: each action is the rules'.
                    let _ = match action.as_str() {
                        "double" => {
                            stakes.offered = player(p);
                            Ok(())
                        }
                        "take" => stakes.take().map(|_| ()),
                        _ => stakes.drop().map(|_| ()),
                    };
                }
                RecordLine::Result { resigned: r, .. } => {
                    resigned = r.as_deref().and_then(player);
                }
                RecordLine::Header { .. } => {}
            }
            if let Some(w) = &mut writer
                && !matches!(line, RecordLine::Result { .. })
            {
                w.push_line(line.clone());
            }
        }
        let turns = history.len();
        // Where the record ends: after its last turn or its opening throw,
        // the dice as saved (thrown, or not yet).
        self.game.set_stakes(replay.stakes.unwrap_or(stakes));
        self.game.resume(
            replay.last,
            history,
            writer,
            (resigned, replay.dropped),
            replay.outcome,
        );
        self.match_games = match_games;
        self.results = results;
        self.scored = false;
        Ok(turns)
    }

    /// `new`: the game again from its start, the agents as they were.
    pub(super) fn new_game(&mut self, out: &mut String) {
        let score = self.game.stakes().score;
        if !score.money() && !self.game.over() {
            out.push_str("a game of the match is being played: `resign` it to go on to the next\n");
            return;
        }
        let mut stakes = *self.game.stakes();
        if !score.money() && score.winner().is_some() {
            stakes = ludus::stakes::Stakes::new(self.engine, score.length);
            self.match_games.clear();
            self.results.clear();
            out.push_str(&format!("a new match to {}\n", score.length));
        }
        stakes.cube = ludus::stakes::Cube::CENTRED;
        stakes.offered = None;
        self.game.set_stakes(stakes);
        let st = match self.file.as_ref().and_then(|f| f.start.as_deref()) {
            Some(p) => match ludus::notation::parse_position(self.engine, p) {
                Ok(st) => st,
                Err(e) => {
                    out.push_str(&format!("cannot start again: {e}\n"));
                    return;
                }
            },
            None => self.engine.start(),
        };
        self.game.restart(st);
        out.push_str("a new game\n");
        out.push_str(&self.start());
    }

    /// `resign [single|double|triple|N]`: the player to move concedes the
    /// game, worth that many points to his opponent (1 unless said).
    pub(crate) fn resign(&mut self, arg: &str, out: &mut String) {
        if self.game.over() {
            out.push_str("the game is over\n");
            return;
        }
        let points = match arg.trim() {
            "" | "single" => Some(1),
            "double" => Some(2),
            "triple" => Some(3),
            n => n.parse::<u8>().ok().filter(|&n| (1..=64).contains(&n)),
        };
        let Some(points) = points else {
            out.push_str(&format!(
                "`resign {arg}`: resign a single game (`resign`), `resign double`, `resign triple` or `resign N` points (1 to 64)\n"
            ));
            return;
        };
        self.game.resign(points);
        out.push_str(&format!(
            "{} resigns: {}\n",
            self.mover(),
            outcome_text(self.engine, self.game.outcome())
        ));
        if self.game_over(out) {
            self.advance(out);
        }
    }

    /// `pip`: each player's pip count, in games with a track.
    pub(super) fn pip(&self, out: &mut String) {
        let counts: Vec<String> = self
            .engine
            .game()
            .players
            .iter()
            .enumerate()
            .filter_map(|(p, player)| {
                render::pips(self.engine, self.game.state(), p)
                    .map(|n| format!("{} {n}", player.name))
            })
            .collect();
        if counts.is_empty() {
            out.push_str("this game has no track to count pips along\n");
        } else {
            out.push_str(&format!("pips: {}\n", counts.join(", ")));
        }
    }
}
