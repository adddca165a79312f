//! What a page shows of a session (`ludus serve` reads it; the REPL
//! prints the same through its commands): the position, the turns as
//! sequences of sites to click, the moves played, the result; and an
//! agent's turn asked for by the page, its search made apart from the
//! session ([`Search`]), so that the server need not hold the game while
//! the agent thinks.

use super::Session;
use crate::Agent;
use ludus::agent::Spec;
use ludus::engine::{Engine, HAND, Move, NONE, Outcome, State, TooManyTurns};
use ludus::notation::move_text;
use ludus::playout::{Rng, outcome_text};

/// A part of a turn as it is made by clicks: in dice games one die move
/// (its origin, then where it lands), elsewhere the whole turn (the
/// piece, each landing of a chain, then the piece a completed line
/// removes, then where its shot lands).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ClickPart {
    /// The part in notation, as it is typed.
    pub text: String,
    /// The sites clicked, in order (indices of the board's sites); none
    /// for a part made without clicks (a pass, a turn typed whole).
    pub sites: Vec<usize>,
    /// Whether the last of `sites` is an opponent's piece the turn
    /// removes (a line completed), for the page to say so.
    pub removes: bool,
    /// Whether the last of `sites` is where the piece's shot lands
    /// (`shoot`), for the page to say so.
    pub shoots: bool,
    /// The double a choice of roll chooses (`choose 5-5`), where the part
    /// is one.
    pub chosen: Option<u8>,
}

/// A die as the page draws it: the number it shows, and whether a die
/// move of the turn has used it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Die {
    /// The number shown (a summed throw: the sum).
    pub value: u8,
    /// Whether it has been played this turn.
    pub used: bool,
}

/// The sites of a board among `sites`: the hand and absent sites left out.
fn on_board(sites: impl IntoIterator<Item = u8>) -> Vec<usize> {
    sites
        .into_iter()
        .filter(|&s| s != NONE && s != HAND)
        .map(usize::from)
        .collect()
}

/// The sites a turn of a game without dice is clicked by: the piece that
/// moves (none for a placement), each landing, then the piece removed,
/// then where its shot lands.
fn grid_sites(m: &Move) -> Vec<usize> {
    let mut sites = Vec::new();
    if let Some(first) = m.steps().first() {
        sites.push(first.from);
    }
    sites.extend(m.steps().iter().map(|s| s.to));
    sites.push(m.remove);
    sites.push(m.shot());
    on_board(sites)
}

impl<'e> Session<'e> {
    /// The game's engine.
    pub(crate) fn engine(&self) -> &'e Engine {
        self.engine
    }

    /// The position, before any die moves typed so far this turn.
    pub(crate) fn position(&self) -> &State {
        self.game.state()
    }

    /// The position to draw: after the die moves typed so far.
    pub(crate) fn shown(&self) -> State {
        self.game.view()
    }

    /// The player to move.
    pub(crate) fn to_move(&self) -> usize {
        self.game.to_move()
    }

    /// Whether the player to move must throw the dice first.
    pub(crate) fn waits_for_roll(&self) -> bool {
        !self.game.over() && self.needs_roll()
    }

    /// The die moves typed so far this turn, in notation.
    pub(crate) fn typed_so_far(&self) -> &[String] {
        self.game.typed()
    }

    /// The dice left to play after the die moves typed so far (empty
    /// before any).
    pub(crate) fn left_to_play(&self) -> String {
        if self.game.typed().is_empty() {
            String::new()
        } else {
            self.game.dice_left()
        }
    }

    /// Dice games: why the roll's turns are typed whole, not clicked die
    /// move by die move (too many routes to list).
    pub(crate) fn typed_whole(&self) -> Option<String> {
        self.game.unlisted().map(|e| e.to_string())
    }

    /// What may be played next, as clicks: in dice games each die move
    /// that may follow those typed so far (whole turns, without sites,
    /// where the routes are too many to list), else each turn. None once
    /// the game is over, or before the roll.
    pub(crate) fn next_parts(&self) -> Vec<ClickPart> {
        if self.game.over() || self.needs_roll() {
            return Vec::new();
        }
        // A roll to choose is a turn of its own, without die moves.
        if self.game.by_die_moves() && !self.choosing() {
            let steps = self.game.next_steps(self.game.typed());
            return steps
                .into_iter()
                .map(|(text, step)| ClickPart {
                    text,
                    sites: on_board([step.from, step.to]),
                    removes: false,
                    shoots: false,
                    chosen: None,
                })
                .collect();
        }
        // A roll's turns typed whole have no clicks.
        let thrown = self.game.thrown();
        self.game
            .legal()
            .iter()
            .map(|m| {
                let sites = if thrown {
                    Vec::new()
                } else if self.engine.sows() {
                    // A sowing is one click: the pit sown from.
                    vec![usize::from(m.from())]
                } else {
                    grid_sites(m)
                };
                ClickPart {
                    text: move_text(self.engine, m),
                    removes: !sites.is_empty() && on_board([m.remove]).len() == 1,
                    shoots: !sites.is_empty() && m.shot() != NONE,
                    sites,
                    chosen: m.chosen(),
                }
            })
            .collect()
    }

    /// Who played each turn of [`Session::played`], by player index.
    pub(crate) fn movers(&self) -> Vec<usize> {
        self.game
            .history()
            .iter()
            .map(|t| usize::from(t.before.to_move))
            .collect()
    }

    /// The dice each turn of [`Session::played`] was played with (none
    /// in a game without dice).
    pub(crate) fn rolls(&self) -> Vec<Option<String>> {
        self.game
            .history()
            .iter()
            .map(|t| ludus::notation::dice_text(&t.before))
            .collect()
    }

    /// A legal move of the position as the game writes it, to show as an
    /// example of what may be typed: a whole turn of the roll thrown (one
    /// of two die moves or more where there is one), else the first move
    /// that moves something. None before the throw, or with nothing to
    /// play.
    pub(crate) fn example_move(&self) -> Option<String> {
        if self.game.over() || self.needs_roll() {
            return None;
        }
        let moves = self.game.turns_begun();
        let m = moves
            .iter()
            .find(|m| m.len >= 2)
            .or_else(|| moves.iter().find(|m| m.len > 0))?;
        let whole = move_text(self.engine, m);
        if self.game.typed().is_empty() {
            return Some(whole);
        }
        // After some die moves, the rest of the turn.
        let words = ludus::notation::die_move_words(self.engine, &whole).ok()?;
        let rest = words.get(self.game.typed().len()..)?;
        (!rest.is_empty()).then(|| rest.join(" "))
    }

    /// A roll written as it is typed, for this game's dice (`5 3`).
    pub(crate) fn roll_example(&self) -> String {
        self.example_roll()
    }

    /// The dice thrown, each with whether a die move of the turn has used
    /// it: a double played twice over shows four dice. None before the
    /// throw, while a roll is chosen, or in a game without dice.
    pub(crate) fn dice(&self) -> Vec<Die> {
        let st = self.game.state();
        let Some(rules) = self.engine.game().dice else {
            return Vec::new();
        };
        if !self.game.thrown() || st.dice[0] == ludus::ir::CHOOSING {
            return Vec::new();
        }
        let thrown: Vec<u8> = st
            .dice
            .iter()
            .copied()
            .filter(|&d| d != 0)
            .map(ludus::ir::shown_value)
            .collect();
        let doubles = thrown.len() > 1 && thrown.iter().all(|&d| d == thrown[0]);
        let times = if doubles && rules.doubles_twice { 2 } else { 1 };
        let all: Vec<u8> = thrown
            .iter()
            .flat_map(|&d| std::iter::repeat_n(d, times))
            .collect();
        // The dice left, as the first way of having played the die moves
        // typed so far counts them.
        let mut left = match self.game.left_after(self.game.typed()).first() {
            Some(left) if !self.game.typed().is_empty() => left.clone(),
            _ => all.clone(),
        };
        all.into_iter()
            .rev()
            .map(|value| {
                let kept = left.iter().position(|&d| d == value);
                if let Some(k) = kept {
                    left.remove(k);
                }
                Die {
                    value,
                    used: kept.is_none(),
                }
            })
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect()
    }

    /// Whether the player to move chooses the roll he plays (`choose
    /// double`): the turns are choices of a roll.
    pub(crate) fn choosing(&self) -> bool {
        !self.game.over() && self.game.state().dice[0] == ludus::ir::CHOOSING
    }

    /// Each player's pip count, in games with a track.
    pub(crate) fn pips(&self) -> Option<Vec<u32>> {
        let st = self.game.view();
        let players = self.engine.game().players.len();
        (0..players)
            .map(|p| ludus::render::pips(self.engine, &st, p))
            .collect()
    }

    /// The cube and the score.
    pub(crate) fn stakes(&self) -> &ludus::stakes::Stakes {
        self.game.stakes()
    }

    /// The player who must act now: the one doubled while a double waits
    /// for its answer, else the player to move.
    pub(crate) fn acting(&self) -> usize {
        match self.game.stakes().offered {
            Some(doubler) => 1 - doubler,
            None => self.game.to_move(),
        }
    }

    /// Whether the game that ended has been scored, and a next game of
    /// the match (or of money play) may begin.
    pub(crate) fn next_game_due(&self) -> bool {
        self.scored && self.game.staked() && self.game.stakes().score.winner().is_none()
    }

    /// The moves played, in notation, oldest first.
    pub(crate) fn played(&self) -> Vec<String> {
        self.game
            .history()
            .iter()
            .map(|t| t.played.clone())
            .collect()
    }

    /// The last move played, where this session played it.
    pub(crate) fn last_move(&self) -> Option<Move> {
        self.game.history().last().and_then(|t| t.m)
    }

    /// How the game ended (or why it cannot go on), once it has.
    pub(crate) fn result(&self) -> Option<String> {
        if let Some(fault) = self.fault() {
            return Some(fault);
        }
        if !self.game.over() {
            return None;
        }
        let outcome = self.game.outcome();
        let mut text = outcome_text(self.engine, outcome);
        if let (Some(p), Outcome::Decisive { .. }) = (self.game.resigned(), outcome) {
            text = format!("{} resigned: {text}", self.engine.game().players[p].name);
        }
        Some(text)
    }

    /// The turn of `seat`, played by `agent` as the REPL plays a seat's
    /// agent, up to its search: its roll first where the dice are not
    /// thrown, a pass where it has no move; the search it must make, which
    /// the caller makes (with the session free, [`Search::think`]) and
    /// hands to [`Session::agent_chose`]; or `None` once the agent's turn
    /// and the forced turns after it are played. What happened is written
    /// to `out` as the REPL says it.
    pub(crate) fn agent_search(
        &mut self,
        seat: usize,
        agent: &Agent,
        out: &mut String,
    ) -> Option<Search<'e>> {
        self.game.clear_typed();
        let kept = std::mem::replace(&mut self.agents[seat], agent.clone());
        let spec = self.until_search(out);
        self.agents[seat] = kept;
        let spec = spec?;
        Some(Search {
            engine: self.engine,
            spec,
            st: self.game.state().clone(),
            moves: self.game.legal().to_vec(),
            rng: self.game.rng().clone(),
        })
    }

    /// Plays the turn a [`Search`] of this session chose (or stops the
    /// session where the search failed), and takes back the generator it
    /// drew from, so that a seeded game is the one `ludus play` plays;
    /// refused if the session is no longer where the search began.
    pub(crate) fn agent_chose(&mut self, thought: Thought, out: &mut String) -> Result<(), String> {
        let legal = match thought.picked {
            Ok(m) => self.game.legal().contains(&m),
            Err(_) => true,
        };
        if thought.st != *self.game.state() || !self.game.typed().is_empty() || !legal {
            return Err("the game changed while the agent thought".into());
        }
        self.game.set_rng(thought.rng);
        self.searched(thought.picked, out);
        Ok(())
    }
}

/// An agent's search of a session's turn, taken out of the session so that
/// it can be made while the session is free (`ludus serve` unlocks the
/// game meanwhile): the position, its legal turns, and a copy of the
/// session's generator, which the agent draws from.
pub(crate) struct Search<'e> {
    engine: &'e Engine,
    spec: Spec,
    st: State,
    moves: Vec<Move>,
    rng: Rng,
}

/// What a [`Search`] found: the turn (or why none), the position it was
/// found in, and the generator after it.
pub(crate) struct Thought {
    picked: Result<Move, TooManyTurns>,
    st: State,
    rng: Rng,
}

impl Search<'_> {
    /// The agent's choice, as [`Spec::choose`] makes it.
    pub(crate) fn think(mut self) -> Thought {
        let picked = self
            .spec
            .choose(self.engine, &self.st, &self.moves, &mut self.rng)
            .map(|i| self.moves[i]);
        Thought {
            picked,
            st: self.st,
            rng: self.rng,
        }
    }
}
