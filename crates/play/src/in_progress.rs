//! A game in progress: the one type that drives a game turn by turn for
//! every program that plays whole games (the REPL and the web page, the
//! replay of records, seeded random games with their records).
//!
//! [`GameInProgress`] owns the engine's [`State`], the seeded generator,
//! the opening throw, chance (the dice thrown when due, or set as typed),
//! the legal turns of the position and its outcome, turns played one die
//! move at a time with their legal continuations, play and undo, the
//! stakes (cube and match score, judged by [`Stakes`] alone), resignation
//! and a dropped double, and the record ([`Writer`]). Its callers ask
//! [`GameInProgress::to_throw`], [`GameInProgress::legal`] and
//! [`GameInProgress::play`] alike in games with dice and without: a game
//! without dice is never to throw, and its turns are never played in
//! parts.
//!
//! Listing a position's turns counts against the game's work bound (see
//! `State::work`), so each position is listed once, as it is reached:
//! before the throw only the end rules are judged (they do not wait for
//! it), and the die moves of the roll are listed only where
//! [`Kept::parts`] asks for them.

use crate::engine::{Engine, Move, Outcome, State, Step, TooManyTurns};
use crate::notation::{dice_text, move_text, position_text};
use crate::record::{Ending, Writer, opening_text};
use crate::rng::{Rng, rng};
use crate::stakes::{Stakes, Won};
use std::ops::Deref;

mod parts;

/// What a [`GameInProgress`] keeps beyond the position and its turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kept {
    /// The turns played with the position before each, for undo.
    pub history: bool,
    /// Every sequence of die moves of the roll, so that a turn may be
    /// played die move by die move.
    pub parts: bool,
}

impl Kept {
    /// Nothing more: a seeded game played to its end.
    pub const NOTHING: Kept = Kept {
        history: false,
        parts: false,
    };
    /// Everything: a game played by people.
    pub const ALL: Kept = Kept {
        history: true,
        parts: true,
    };
}

/// A turn played, kept so that it can be taken back.
#[derive(Clone, Debug)]
pub struct Played {
    /// The position before it, its dice thrown.
    pub before: State,
    /// Whether a person typed it (undo takes back to the last such turn).
    pub typed: bool,
    /// The cube and score as it was played.
    pub stakes: Stakes,
    /// The turn, in notation.
    pub played: String,
    /// The turn, where this game played it (not read from a record).
    pub m: Option<Move>,
}

/// Why the game cannot go on: a roll with more turns than the engine lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stuck {
    /// The limit the listing ran into.
    pub cause: TooManyTurns,
    /// The turn, from 1.
    pub ply: u32,
    /// The position with its roll, in notation.
    pub position: String,
}

/// What die moves typed after those of the turn so far make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Extended {
    /// A complete legal turn.
    Turn(Move),
    /// The beginning of some legal turns: every die move typed this turn.
    Part(Vec<String>),
}

/// What [`GameInProgress::undo`] took back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undone {
    /// The last die move typed this turn.
    DieMove(String),
    /// That many turns: back to the last one a person typed.
    Turns(usize),
    /// Nothing: no turn typed by a person was played.
    Nothing,
}

/// A game being played (see the module's documentation).
#[derive(Clone)]
pub struct GameInProgress<E: Deref<Target = Engine>> {
    engine: E,
    st: State,
    rng: Rng,
    seed: u64,
    kept: Kept,
    /// The opening throw, by player, where it was thrown here.
    opening: Option<[u8; 2]>,
    /// The legal turns of `st` (none before the throw).
    moves: Vec<Move>,
    /// The outcome: the rules' of `st`, or a resignation's or drop's.
    outcome: Outcome,
    /// Whether `outcome` is still to be judged: before the throw the end
    /// rules are judged only when asked (a playout never asks).
    unjudged: bool,
    /// Whether the game has ended (by the rules, a resignation, a drop, a
    /// stop, or a roll that could not be listed).
    finished: bool,
    /// The roll whose turns could not be listed; the game stops there.
    stuck: Option<Stuck>,
    /// Turns played.
    plies: u32,
    /// Every turn played, oldest first, where kept.
    history: Vec<Played>,
    /// Every sequence of die moves of the roll, where kept.
    sequences: Vec<Move>,
    /// The die moves of each of `sequences`, in notation.
    sequence_steps: Vec<Vec<String>>,
    /// The die moves played so far this turn (a beginning of some of
    /// `sequences`); `st` stays the position before them.
    typed: Vec<String>,
    /// The roll has too many routes to list in `sequences`: why.
    unlisted: Option<TooManyTurns>,
    /// A count of the changes to what is played, for callers that keep
    /// something of a position (a numbered menu of its turns).
    version: u64,
    stakes: Stakes,
    resigned: Option<usize>,
    dropped: Option<usize>,
    writer: Option<Writer>,
}

impl<E: Deref<Target = Engine>> GameInProgress<E> {
    /// The game at `st`, its random choices drawn from `seed`, keeping
    /// what `kept` says; played for nothing until
    /// [`GameInProgress::set_stakes`].
    pub fn new(engine: E, st: State, seed: u64, kept: Kept) -> Self {
        Self::after(engine, (st, 0), seed, kept)
    }

    /// [`GameInProgress::new`] of a game at `st` after `plies` turns
    /// played elsewhere.
    pub fn after(engine: E, (st, plies): (State, u32), seed: u64, kept: Kept) -> Self {
        let stakes = Stakes::new(&engine, 0);
        let mut game = GameInProgress {
            engine,
            st,
            rng: rng(seed),
            seed,
            kept,
            opening: None,
            moves: Vec::new(),
            outcome: Outcome::Ongoing,
            unjudged: false,
            finished: false,
            stuck: None,
            plies,
            history: Vec::new(),
            sequences: Vec::new(),
            sequence_steps: Vec::new(),
            typed: Vec::new(),
            unlisted: None,
            version: 0,
            stakes,
            resigned: None,
            dropped: None,
            writer: None,
        };
        game.refresh();
        game
    }

    /// The game's engine.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The position (before any die moves typed this turn).
    #[inline]
    pub fn state(&self) -> &State {
        &self.st
    }

    /// The player to move.
    #[inline]
    pub fn to_move(&self) -> usize {
        usize::from(self.st.to_move)
    }

    /// The seed of the game's random choices.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The generator the game's random choices are drawn from (the dice,
    /// and the random agent's turns, in that order).
    pub fn rng(&mut self) -> &mut Rng {
        &mut self.rng
    }

    /// What a choice of the turn reads: the position, its legal turns,
    /// and the generator to draw from.
    #[inline]
    pub fn choice(&mut self) -> (&State, &[Move], &mut Rng) {
        (&self.st, &self.moves, &mut self.rng)
    }

    /// Puts back a generator drawn from apart (an agent that searched a
    /// copy of this game's).
    pub fn set_rng(&mut self, rng: Rng) {
        self.rng = rng;
    }

    /// Increases whenever what may be played changes.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The opening throw where the game has one and is at its setup,
    /// nothing played nor offered: who starts, and his first roll where
    /// the throw gives it. The dice by player, or `None`.
    pub fn open(&mut self) -> Option<[u8; 2]> {
        let rules = self.engine.game().dice;
        if rules.is_none_or(|d| d.opening.is_none())
            || !self.history.is_empty()
            || self.plies > 0
            || self.stakes.offered.is_some()
            || self.st != self.engine.start()
        {
            return None;
        }
        let dice = self.engine.opening(&mut self.st, &mut self.rng)?;
        self.opening = Some(dice);
        self.refresh();
        Some(dice)
    }

    /// The opening throw `dice` (by player, unequal faces of the die), as
    /// a record or a chance outcome names it; false (nothing changed)
    /// where the game has none or the dice cannot be one.
    pub fn open_with(&mut self, dice: [u8; 2]) -> bool {
        if self.engine.opened(&mut self.st, dice).is_none() {
            return false;
        }
        self.opening = Some(dice);
        self.refresh();
        true
    }

    /// The opening throw thrown by [`GameInProgress::open`], as records
    /// write it.
    pub fn opening_text(&self) -> Option<String> {
        self.opening.map(|d| opening_text(&self.engine, d))
    }

    /// Whether the player to move must throw the dice before his turn.
    #[inline]
    pub fn to_throw(&self) -> bool {
        self.engine.to_throw(&self.st)
    }

    /// Whether the player to move has thrown: his turn began with a throw
    /// (never in a game without dice).
    #[inline]
    pub fn thrown(&self) -> bool {
        self.engine.thrown(&self.st)
    }

    /// Throws the dice from the game's generator where they are due.
    #[inline]
    pub fn throw_if_due(&mut self) -> bool {
        if !self.to_throw() {
            return false;
        }
        self.engine.roll(&mut self.st, &mut self.rng);
        self.refresh();
        true
    }

    /// Sets the dice the player to move throws (typed, or read from a
    /// record).
    pub fn set_dice(&mut self, dice: [u8; crate::ir::MAX_DICE]) {
        self.st.dice = dice;
        self.refresh();
    }

    /// Lists the turns of the position even where the dice are still to
    /// be thrown (a record's turn read as it was written).
    pub fn list_unthrown(&mut self) {
        if self.to_throw() {
            self.list();
        }
    }

    /// The dice thrown, such as `5-3` (empty before the throw).
    pub fn roll_text(&self) -> String {
        dice_text(&self.st).unwrap_or_default()
    }

    /// The legal turns of the position (none before the throw).
    #[inline]
    pub fn legal(&self) -> &[Move] {
        &self.moves
    }

    /// The outcome: the rules' (before the throw, the end rules judged as
    /// if the player could move), or the resignation's or drop's.
    pub fn outcome(&self) -> Outcome {
        if self.unjudged && self.resigned.is_none() && self.dropped.is_none() {
            return self.engine.outcome_with(&self.st, true);
        }
        self.outcome
    }

    /// Whether the game has ended.
    pub fn over(&self) -> bool {
        self.finished || (self.unjudged && self.outcome() != Outcome::Ongoing)
    }

    /// The roll whose turns the engine could not list, if one stopped the
    /// game.
    #[inline]
    pub fn stuck(&self) -> Option<&Stuck> {
        self.stuck.as_ref()
    }

    /// Turns played.
    #[inline]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The turns played, oldest first, where kept.
    pub fn history(&self) -> &[Played] {
        &self.history
    }

    /// Plays `m`, one of [`GameInProgress::legal`] (typed by a person or
    /// not), noting it in the record.
    pub fn play(&mut self, m: &Move, typed: bool) {
        if let Some(w) = &mut self.writer {
            w.turn(&self.engine, &self.st, &self.moves, m);
        }
        if self.kept.history {
            self.history.push(Played {
                before: self.st.clone(),
                typed,
                stakes: self.stakes,
                played: move_text(&self.engine, m),
                m: Some(*m),
            });
        }
        self.engine.play_unchecked(&mut self.st, m);
        self.plies += 1;
        self.refresh();
        if !self.unjudged {
            self.finished |= self.outcome != Outcome::Ongoing;
        }
    }

    /// Adds `work` done for this position elsewhere (the searches of
    /// other games judged beside it) to the game's work bound (see
    /// `State::work`).
    pub fn charge(&mut self, work: u64) {
        self.st.work = self.st.work.saturating_add(work);
    }

    /// Forgets the roll that found the end, as a playout ends.
    pub fn forget_roll(&mut self) {
        self.st.dice = [0; crate::ir::MAX_DICE];
    }

    /// Ends the game as it stands (too many turns played).
    pub fn stop(&mut self) {
        self.finished = true;
    }

    /// Takes back the last die move typed this turn; at the start of a
    /// turn, the last turn typed by a person and every turn after it.
    pub fn undo(&mut self) -> Undone {
        if let Some(last) = self.typed.pop() {
            self.version += 1;
            return Undone::DieMove(last);
        }
        let Some(i) = self.history.iter().rposition(|t| t.typed) else {
            return Undone::Nothing;
        };
        let taken = self.history.len() - i;
        self.st = self.history[i].before.clone();
        self.stakes = self.history[i].stakes;
        self.dropped = None;
        self.history.truncate(i);
        self.plies = i as u32;
        if let Some(w) = &mut self.writer {
            w.truncate(i);
        }
        self.resigned = None;
        self.refresh();
        self.finished = false;
        Undone::Turns(taken)
    }

    /// The game again from `st`: nothing played, nobody resigned or
    /// dropped, the stakes and the generator as they are.
    pub fn restart(&mut self, st: State) {
        self.st = st;
        self.history.clear();
        self.plies = 0;
        self.opening = None;
        self.finished = false;
        self.stuck = None;
        self.resigned = None;
        self.dropped = None;
        self.refresh();
    }

    /// Another game from `st`, its random choices drawn from `seed`, no
    /// record kept: [`GameInProgress::new`] again, the buffers of this one
    /// kept (for programs that play many games, one after another).
    pub fn next_game(&mut self, st: State, seed: u64) {
        self.rng = rng(seed);
        self.seed = seed;
        self.writer = None;
        self.restart(st);
    }

    /// The game continued at `st` after the turns `history` (read from a
    /// record, whose writer is `writer`), ended by `outcome` where it is
    /// over.
    pub fn resume(
        &mut self,
        st: State,
        history: Vec<Played>,
        writer: Option<Writer>,
        (resigned, dropped): (Option<usize>, Option<usize>),
        outcome: Outcome,
    ) {
        self.st = st;
        self.plies = history.len() as u32;
        self.history = history;
        self.writer = writer;
        self.resigned = resigned;
        self.dropped = dropped;
        self.refresh();
        self.finished = outcome != Outcome::Ongoing;
        if self.finished {
            self.outcome = outcome;
            self.unjudged = false;
        }
    }

    /// Recomputes the legal turns and the outcome after the position
    /// changed.
    fn refresh(&mut self) {
        self.version += 1;
        if self.kept.parts {
            self.typed.clear();
            self.sequences.clear();
            self.sequence_steps.clear();
            self.unlisted = None;
        }
        self.unjudged = false;
        if self.to_throw() {
            // No turn before the throw; the end rules do not wait for it,
            // and are judged when asked.
            self.moves.clear();
            self.unjudged = true;
            return;
        }
        self.list();
    }

    /// The rules' outcome, kept unless a resignation or a drop ended the
    /// game.
    fn judged(&mut self, outcome: Outcome) {
        if self.resigned.is_none() && self.dropped.is_none() {
            self.outcome = outcome;
        }
    }

    /// Lists the legal turns and judges the outcome; the die moves of the
    /// roll too where kept.
    fn list(&mut self) {
        if let Err(cause) = self.engine.try_legal_moves(&mut self.st, &mut self.moves) {
            self.moves.clear();
            self.stuck = Some(Stuck {
                cause,
                ply: self.plies + 1,
                position: position_text(&self.engine, &self.st),
            });
            self.finished = true;
            return;
        }
        self.judged(self.engine.outcome_with(&self.st, !self.moves.is_empty()));
        // Die moves exist only where dice are thrown.
        if !self.kept.parts || !self.engine.thrown(&self.st) {
            return;
        }
        if let Err(e) = self.engine.all_sequences(&mut self.st, &mut self.sequences) {
            self.sequences.clear();
            self.unlisted = Some(e);
            return;
        }
        let mover = self.st.to_move;
        let engine = &*self.engine;
        self.sequence_steps = self
            .sequences
            .iter()
            .map(|m| {
                m.steps()
                    .iter()
                    .map(|s| step_text(engine, mover, *s))
                    .collect()
            })
            .collect();
    }
}

/// The stakes, resignation and the record.
impl<E: Deref<Target = Engine>> GameInProgress<E> {
    /// The cube and score.
    pub fn stakes(&self) -> &Stakes {
        &self.stakes
    }

    /// Plays for `stakes` from now on.
    pub fn set_stakes(&mut self, stakes: Stakes) {
        self.stakes = stakes;
    }

    /// Whether the game is played for more than its own result: a cube,
    /// or a match.
    pub fn staked(&self) -> bool {
        self.stakes.rules.is_some() || !self.stakes.score.money()
    }

    /// The player who resigned, if one did.
    pub fn resigned(&self) -> Option<usize> {
        self.resigned
    }

    /// The player who dropped a double, if one did.
    pub fn dropped(&self) -> Option<usize> {
        self.dropped
    }

    /// Why `player` may not double now, or `None` if he may (the game not
    /// over, and [`Stakes::why_no_double`]).
    pub fn why_no_double(&self, player: usize) -> Option<String> {
        if self.over() {
            return Some("the game is over".into());
        }
        self.stakes.why_no_double(&self.engine, &self.st, player)
    }

    /// `player` doubles, if [`Stakes::why_no_double`] lets him: the cube's
    /// value once taken.
    pub fn double(&mut self, player: usize) -> Result<u32, String> {
        let value = self.stakes.double(&self.engine, &self.st, player)?;
        if let Some(w) = &mut self.writer {
            w.cube(&self.engine, "double", player, value);
        }
        Ok(value)
    }

    /// The double offered is taken: the cube's value.
    pub fn take(&mut self) -> Result<u32, String> {
        let taker = self.stakes.offered.map(|d| 1 - d);
        let value = self.stakes.take()?;
        if let (Some(w), Some(taker)) = (&mut self.writer, taker) {
            w.cube(&self.engine, "take", taker, value);
        }
        Ok(value)
    }

    /// The double offered is dropped: the doubler wins the game.
    pub fn drop_double(&mut self) -> Result<Won, String> {
        let taker = self.stakes.offered.map_or(0, |d| 1 - d);
        let value = self.stakes.cube.value * 2;
        let won = self.stakes.drop()?;
        if let Some(w) = &mut self.writer {
            w.cube(&self.engine, "drop", taker, value);
        }
        self.dropped = Some(taker);
        self.clear_typed();
        self.outcome = Outcome::Decisive {
            winner: won.winner,
            points: 1,
        };
        self.finished = true;
        Ok(won)
    }

    /// The player to move concedes the game, worth `points` to his
    /// opponent.
    pub fn resign(&mut self, points: u8) {
        let loser = self.to_move();
        self.clear_typed();
        self.outcome = Outcome::Decisive {
            winner: 1 - loser,
            points,
        };
        self.resigned = Some(loser);
        self.finished = true;
    }

    /// What the end rules' `points` score with the cube (a dropped double
    /// scores the cube's value).
    pub fn scored(&self, points: u8) -> u32 {
        if self.dropped.is_some() {
            self.stakes.cube.value
        } else {
            self.stakes.scored(u32::from(points))
        }
    }

    /// The game as a win scores it with the stakes, once decided.
    pub fn won(&self) -> Option<Won> {
        match self.outcome() {
            Outcome::Decisive { winner, points } => Some(Won {
                winner,
                points: self.scored(points),
            }),
            _ => None,
        }
    }

    /// Begins the record of the game, whose file's text is `game_text`,
    /// begun from the setup (after its opening throw) or from `start`.
    pub fn begin_record(&mut self, game_text: &str, start: Option<String>) {
        let fields = self.stakes.fields(&self.engine);
        self.writer = Some(Writer::new(
            &self.engine,
            game_text,
            self.seed,
            (self.opening_text(), start),
            (!fields.is_empty()).then_some(fields),
        ));
    }

    /// The record so far as JSON lines (none where no record is kept),
    /// naming the game file `named`: the result where the game is over,
    /// with the points it scores where it is played for stakes.
    pub fn record_text(&self, named: &str) -> Option<String> {
        let writer = self.writer.as_ref()?;
        let mut ending = Ending {
            resigned: self.resigned,
            dropped: self.dropped,
            ..Ending::default()
        };
        if self.over() {
            let outcome = self.outcome();
            ending.outcome = Some(outcome);
            if let Outcome::Decisive { points, .. } = outcome
                && self.staked()
            {
                ending.points = Some(self.scored(points));
            }
        }
        Some(writer.text(&self.engine, named, &self.st, ending))
    }
}

/// One die move of `mover` in notation, such as `13/18`, without a hit's
/// mark (`13/7*` is typed and matched as `13/7`).
pub fn step_text(engine: &Engine, mover: u8, step: Step) -> String {
    let mut m = Move::PASS;
    m.mover = mover;
    m.len = 1;
    m.steps[0] = step;
    move_text(engine, &m).replace('*', "")
}
