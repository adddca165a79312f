//! The REPL's commands about the game as a whole: `save FILE` and
//! `play --record FILE` (a record of the game played, which `replay`
//! accepts: see [`ludus::hand_record`]), `load FILE` (a record, typed or
//! seeded, continued from its last position), `new`, `resign` and `pip`.

use super::{Session, Turn};
use ludus::engine::{Outcome, State};
use ludus::hand_record::Writer;
use ludus::playout::{self, RecordLine, outcome_text};
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
    pub(super) fn begin_record(&mut self, opening: Option<String>) {
        if let Some(file) = &self.file {
            self.writer = Some(Writer::new(
                self.engine,
                &file.text,
                self.seed,
                opening,
                file.start.clone(),
            ));
        }
    }

    /// Notes the turn `m` about to be played from the current position.
    pub(super) fn note_turn(&mut self, m: &ludus::engine::Move) {
        if let Some(w) = &mut self.writer {
            w.turn(self.engine, &self.st, &self.moves, m);
        }
    }

    /// The record so far as text, naming the game file as seen from `to`.
    fn record_text(&self, to: &Path) -> Option<String> {
        let (file, writer) = (self.file.as_ref()?, self.writer.as_ref()?);
        let named = crate::path_from(to, &file.path);
        let outcome = if self.finished {
            self.outcome
        } else {
            Outcome::Ongoing
        };
        Some(writer.text(self.engine, &named, &self.st, (outcome, self.resigned)))
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
                Ok(()) => out.push_str(&format!(
                    "saved {} turns to {arg} (`ludus replay {arg}` replays them, `load {arg}` continues)\n",
                    self.history.len()
                )),
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
                out.push_str(&format!("loaded {turns} turns from {arg}\n"));
                out.push_str(&render::board(self.engine, &self.st));
                if self.finished {
                    out.push_str(&format!(
                        "the game is over: {}\n",
                        outcome_text(self.engine, self.outcome)
                    ));
                }
            }
        }
    }

    fn loaded(&mut self, path: &Path) -> Result<usize, String> {
        let text = ludus::load::read_text(path, ludus::load::MAX_RECORD_BYTES)
            .map_err(|e| e.to_string())?;
        let record = playout::parse_record(&text)?;
        if record.variant != self.engine.game().name {
            return Err(format!(
                "it records `{}`, and this game is `{}`",
                record.variant,
                self.engine.game().name
            ));
        }
        let replay = playout::replay(self.engine, &record)?;
        // Each turn's position before it, its dice included, from the
        // record: what `undo` goes back to.
        let mut history = Vec::new();
        let mut writer = self.file.as_ref().map(|f| {
            Writer::new(
                self.engine,
                &f.text,
                record.seed,
                record.opening.clone(),
                record.start.clone(),
            )
        });
        let mut resigned = None;
        for (_, line) in &record.lines {
            match line {
                RecordLine::Turn { position, .. } => {
                    let before: State = ludus::notation::parse_position(self.engine, position)?;
                    // Taken back by `undo` as this session's seats say.
                    let by_human = self.agents[before.to_move as usize & 1] == crate::Agent::Human;
                    history.push(Turn { before, by_human });
                    if let Some(w) = &mut writer {
                        w.push_line(line.clone());
                    }
                }
                RecordLine::Result { resigned: r, .. } => {
                    resigned = r.as_ref().and_then(|name| {
                        self.engine
                            .game()
                            .players
                            .iter()
                            .position(|p| p.name == *name)
                    });
                }
                RecordLine::Header { .. } => {}
            }
        }
        let st = match replay.turns.last() {
            Some((_, st)) => st.clone(),
            None => match &record.start {
                Some(p) => ludus::notation::parse_position(self.engine, p)?,
                None => {
                    let mut st = self.engine.start();
                    self.engine.opening(&mut st, &mut playout::rng(record.seed));
                    st
                }
            },
        };
        let turns = history.len();
        self.st = st;
        self.history = history;
        self.writer = writer;
        self.resigned = resigned;
        self.refresh();
        self.finished = replay.outcome != Outcome::Ongoing;
        if self.finished {
            self.outcome = replay.outcome;
        }
        Ok(turns)
    }

    /// `new`: the game again from its start, the agents as they were.
    pub(super) fn new_game(&mut self, out: &mut String) {
        self.st = match self.file.as_ref().and_then(|f| f.start.as_deref()) {
            Some(p) => match ludus::notation::parse_position(self.engine, p) {
                Ok(st) => st,
                Err(e) => {
                    out.push_str(&format!("cannot start again: {e}\n"));
                    return;
                }
            },
            None => self.engine.start(),
        };
        self.history.clear();
        self.finished = false;
        self.resigned = None;
        self.refresh();
        out.push_str("a new game\n");
        out.push_str(&self.start());
    }

    /// `resign [single|double|triple|N]`: the player to move concedes the
    /// game, worth that many points to his opponent (1 unless said).
    pub(super) fn resign(&mut self, arg: &str, out: &mut String) {
        if self.finished {
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
        let loser = self.st.to_move as usize;
        self.partial.clear();
        self.outcome = Outcome::Decisive {
            winner: 1 - loser,
            points,
        };
        self.resigned = Some(loser);
        self.finished = true;
        out.push_str(&format!(
            "{} resigns: {}\n",
            self.mover(),
            outcome_text(self.engine, self.outcome)
        ));
        self.write_record();
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
                render::pips(self.engine, &self.st, p).map(|n| format!("{} {n}", player.name))
            })
            .collect();
        if counts.is_empty() {
            out.push_str("this game has no track to count pips along\n");
        } else {
            out.push_str(&format!("pips: {}\n", counts.join(", ")));
        }
    }
}
