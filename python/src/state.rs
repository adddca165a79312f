//! A state with OpenSpiel's semantics over an engine state.
//!
//! Dice games have chance nodes: the opening throw (in games that have
//! one) and every roll. At a decision node the engine lists the complete
//! turns; each is a short sequence of actions ([`crate::actions`]), and the
//! player to move applies them one at a time: he stays to move until the
//! actions applied name one complete turn, which is then played.

use crate::actions::END;
use crate::{LudusError, Shared, observation};
use ludus::engine::{Engine, Move, Outcome, State as EngineState};
use ludus::in_progress::{GameInProgress, Kept};
use ludus::ir::MAX_DICE;
use ludus::notation;
use ludus::render;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::ops::Deref;
use std::sync::Arc;

/// The engine of a game shared by its states, as a game in progress holds it.
#[derive(Clone)]
struct EngineOf(Arc<Shared>);

impl Deref for EngineOf {
    type Target = Engine;
    fn deref(&self) -> &Engine {
        &self.0.engine
    }
}

/// OpenSpiel's id of the chance player.
pub const CHANCE: i64 = -1;
/// OpenSpiel's id of the player at a terminal state.
pub const TERMINAL: i64 = -4;

/// What kind of node a state is.
#[derive(Clone, Debug)]
enum Node {
    /// Dice are to be thrown (the opening throw while `opening` is set).
    Chance,
    /// The player to move picks his turn's actions.
    Decision,
    /// The game is over (`Ongoing`: stopped at `MAX_PLIES` turns).
    Terminal(Outcome),
    /// The engine could not list the turns of this roll.
    Failed(String),
}

/// A game position with OpenSpiel's API: chance nodes, integer actions,
/// returns in points.
#[pyclass(module = "ludus")]
#[derive(Clone)]
pub struct State {
    shared: Arc<Shared>,
    /// The game: position, turns played, legal turns and outcome.
    game: GameInProgress<EngineOf>,
    /// The opening throw is still to be made.
    opening: bool,
    node: Node,
    /// The actions of the legal turns at a decision node, flat: turn `i` is `codes[starts[i]..starts[i + 1]]`.
    codes: Vec<u32>,
    starts: Vec<usize>,
    /// The actions of the turn applied so far.
    prefix: Vec<u32>,
    /// Every action applied since `root`, chance outcomes included.
    history: Vec<i64>,
    /// The serialized state (without a history) this one was read from
    /// and its history starts at; `None` for the game's start.
    root: Option<String>,
}

fn err(message: impl Into<String>) -> PyErr {
    LudusError::new_err(message.into())
}

impl State {
    /// The start of the game: before the opening throw, or the first roll.
    pub fn initial(shared: Arc<Shared>) -> PyResult<State> {
        let st = shared.engine.start();
        Ok(Self::at(shared.clone(), (st, 0), shared.has_opening()))
    }

    /// The game at `st` after `plies` turns, before its opening throw
    /// where `opening` says.
    fn at(shared: Arc<Shared>, (st, plies): (EngineState, u32), opening: bool) -> State {
        let game = GameInProgress::after(EngineOf(shared.clone()), (st, plies), 0, Kept::NOTHING);
        let mut state = State {
            shared,
            game,
            opening,
            node: Node::Chance,
            codes: Vec::new(),
            starts: Vec::new(),
            prefix: Vec::new(),
            history: Vec::new(),
            root: None,
        };
        state.refresh();
        state
    }

    fn engine(&self) -> &Engine {
        &self.shared.engine
    }

    /// Works out the node after the game changed.
    fn refresh(&mut self) {
        self.prefix.clear();
        self.codes.clear();
        self.starts.clear();
        if self.opening {
            self.node = Node::Chance;
            return;
        }
        let game = &mut self.game;
        let stopped = game.plies() >= self.shared.max_turns;
        if game.to_throw() {
            let outcome = game.outcome();
            self.node = if outcome != Outcome::Ongoing || stopped {
                Node::Terminal(outcome)
            } else {
                Node::Chance
            };
            return;
        }
        if let Some(stuck) = game.stuck() {
            self.node = Node::Failed(format!(
                "at turn {} ({}): {}",
                stuck.ply, stuck.position, stuck.cause
            ));
            return;
        }
        let outcome = game.outcome();
        if outcome != Outcome::Ongoing || stopped {
            // As a playout ends: the roll that found the end is not kept.
            game.forget_roll();
            self.node = Node::Terminal(outcome);
            return;
        }
        self.starts.push(0);
        for m in game.legal() {
            if let Err(fault) = self.shared.space.encode(game.engine(), m, &mut self.codes) {
                self.node = Node::Failed(format!("at turn {}: {fault}", game.plies() + 1));
                return;
            }
            self.starts.push(self.codes.len());
        }
        self.node = Node::Decision;
    }

    /// The position.
    fn st(&self) -> &EngineState {
        self.game.state()
    }

    /// The legal turns at a decision node (none elsewhere).
    fn moves(&self) -> &[Move] {
        match self.node {
            Node::Decision => self.game.legal(),
            _ => &[],
        }
    }

    fn code(&self, i: usize) -> &[u32] {
        &self.codes[self.starts[i]..self.starts[i + 1]]
    }

    /// The turns whose actions start with the prefix.
    fn matching(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.moves().len()).filter(|&i| self.code(i).starts_with(&self.prefix))
    }

    fn check_open(&self) -> PyResult<()> {
        match &self.node {
            Node::Failed(why) => Err(err(why.clone())),
            _ => Ok(()),
        }
    }

    fn chance_count(&self) -> u32 {
        if self.opening {
            self.shared.opening_outcomes()
        } else {
            self.shared.roll_outcomes()
        }
    }

    /// The chance outcomes of a chance node (see `chance_outcomes`).
    fn chance_list(&self) -> Vec<(u32, f64)> {
        let n = self.chance_count();
        let p = 1.0 / f64::from(n);
        let shaped = self
            .engine()
            .game()
            .dice
            .is_some_and(|d| d.values.is_some() || d.summed);
        if self.opening || !shaped {
            return (0..n).map(|i| (i, p)).collect();
        }
        let (faces, count) = self.shared.dice();
        let mut outcomes: Vec<([u8; MAX_DICE], u32, f64)> = Vec::new();
        for id in 0..n {
            let dice = Self::roll_of(self.engine(), id, faces, count);
            match outcomes.iter_mut().find(|(d, _, _)| *d == dice) {
                Some((_, _, q)) => *q += p,
                None => outcomes.push((dice, id, p)),
            }
        }
        outcomes.into_iter().map(|(_, id, q)| (id, q)).collect()
    }

    /// The opening throw of chance outcome `id`, by player: as
    /// `Engine::opening` draws it, the k-th ordered pair of unequal faces.
    fn opening_of(&self, id: u32) -> [u8; 2] {
        let (faces, _) = self.shared.dice();
        let first = (id / (faces - 1)) as u8 + 1;
        let mut second = (id % (faces - 1)) as u8 + 1;
        if second >= first {
            second += 1;
        }
        [first, second]
    }

    /// Applies a chance outcome (checked by the caller); the game lists
    /// the turns of the roll.
    fn apply_chance(&mut self, id: u32) {
        if self.opening {
            // The higher die's thrower starts, with both dice where the
            // game's opening plays them.
            let dice = self.opening_of(id);
            self.game.open_with(dice);
            self.opening = false;
        } else {
            let (faces, count) = self.shared.dice();
            let dice = Self::roll_of(self.engine(), id, faces, count);
            self.game.set_dice(dice);
        }
    }

    /// The dice of chance outcome `id` of a roll: each die's face, the
    /// first die fastest (its value, for dice that list their faces; added
    /// up, for summed dice), as the engine keeps them.
    fn roll_of(engine: &Engine, id: u32, faces: u32, count: u32) -> [u8; MAX_DICE] {
        let mut dice = [0; MAX_DICE];
        let Some(shape) = engine.game().dice else {
            return dice;
        };
        let mut k = id;
        let mut sum = 0;
        for d in dice.iter_mut().take(count as usize) {
            *d = shape.face((k % faces) as u8);
            sum += *d;
            k /= faces;
        }
        if shape.summed {
            dice = [0; MAX_DICE];
            dice[0] = sum;
        }
        if shape.values.is_some() || shape.summed {
            let shown = shape.shown();
            dice[..shown]
                .iter_mut()
                .for_each(|d| *d = ludus::ir::stored_value(*d));
        }
        dice
    }

    /// The chance outcome the engine's dice show, for [`crate::runs::Rng`].
    pub fn chance_id(&self, thrown: &[u8]) -> u32 {
        let (faces, count) = self.shared.dice();
        let shaped = self
            .engine()
            .game()
            .dice
            .is_some_and(|d| d.values.is_some() || d.summed);
        if shaped && !self.opening {
            // The first ordered throw of the faces that shows these dice.
            let mut dice = [0; MAX_DICE];
            dice[..thrown.len()].copy_from_slice(thrown);
            return (0..faces.pow(count))
                .find(|&id| Self::roll_of(self.engine(), id, faces, count) == dice)
                .unwrap_or(0);
        }
        if self.opening {
            let (first, second) = (u32::from(thrown[0]), u32::from(thrown[1]));
            let second = if second > first { second - 1 } else { second };
            (first - 1) * (faces - 1) + second - 1
        } else {
            thrown
                .iter()
                .rev()
                .fold(0, |k, &d| k * faces + u32::from(d) - 1)
        }
    }

    /// Whether dice are to be thrown.
    pub fn is_chance(&self) -> bool {
        matches!(self.node, Node::Chance)
    }

    /// The engine of the state's game.
    pub fn engine_ref(&self) -> &Engine {
        &self.shared.engine
    }

    /// Faces of each die and dice per roll.
    pub fn dice_shape(&self) -> (u32, u32) {
        self.shared.dice()
    }

    /// The engine state and whether the opening throw is to come.
    pub fn engine_state(&self) -> (&EngineState, bool) {
        (self.st(), self.opening)
    }

    fn play(&mut self, i: usize) {
        let m = self.moves()[i];
        // The play leaves the dice empty for the next throw, or set where
        // the game sets them (a double chosen, the next double of a
        // climbing sequence).
        self.game.play(&m, false);
        self.refresh();
    }

    fn action_text(&self, player: usize, action: u32) -> Option<String> {
        self.shared.space.text(self.engine(), player, action)
    }

    fn chance_text(&self, id: u32) -> String {
        let names: Vec<&str> = self
            .engine()
            .game()
            .players
            .iter()
            .map(|p| p.name.as_str())
            .collect();
        if self.opening {
            let [first, second] = self.opening_of(id);
            let starter = names[usize::from(second > first)];
            return format!(
                "opening {} {first}, {} {second}: {starter} starts",
                names[0], names[1]
            );
        }
        let (faces, count) = self.shared.dice();
        let dice: Vec<String> = Self::roll_of(self.engine(), id, faces, count)
            .iter()
            .filter(|&&d| d != 0)
            .map(|&d| ludus::ir::shown_value(d).to_string())
            .collect();
        format!("roll {}", dice.join("-"))
    }

    /// A state from its serialized text: with a `history` line, the game's
    /// start and those actions (checked against the position written);
    /// else the position and the lines after it.
    pub fn deserialize(shared: Arc<Shared>, text: &str) -> PyResult<State> {
        let history = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("history"))
            .map(|rest| {
                rest.split_whitespace()
                    .map(|a| {
                        a.parse::<i64>()
                            .map_err(|_| err(format!("`history{rest}`: expected action ids")))
                    })
                    .collect::<PyResult<Vec<i64>>>()
            })
            .transpose()?;
        let Some(history) = history else {
            return Self::from_position(shared, text);
        };
        let state = Self::restore(shared, None, &history)?;
        let written: Vec<&str> = text.lines().filter(|l| !l.starts_with("history")).collect();
        let expected = state.serialize();
        let reached: Vec<&str> = expected
            .lines()
            .filter(|l| !l.starts_with("history"))
            .collect();
        if written != reached {
            return Err(err(format!(
                "the history does not lead to the state written: it leads to `{}`",
                reached.join("; ")
            )));
        }
        Ok(state)
    }

    /// The state `history` leads to from `root` ([`State::deserialize`] of a
    /// text without a history) or from the game's start.
    pub fn restore(shared: Arc<Shared>, root: Option<&str>, history: &[i64]) -> PyResult<State> {
        let mut state = match root {
            Some(text) => Self::from_position(shared, text)?,
            None => State::initial(shared)?,
        };
        for (i, &a) in history.iter().enumerate() {
            state
                .apply_action(a)
                .map_err(|e| err(format!("history action {} ({a}): {e}", i + 1)))?;
        }
        Ok(state)
    }

    /// A state from a position and its `opening`, `plies` and `turn` lines.
    fn from_position(shared: Arc<Shared>, text: &str) -> PyResult<State> {
        let mut lines = text.lines();
        let position = lines.next().unwrap_or("");
        let st = notation::parse_position(&shared.engine, position)
            .map_err(|e| err(format!("bad position `{position}`: {e}")))?;
        let mut opening = false;
        let mut plies = 0;
        let mut turn = Vec::new();
        let mut root = vec![position];
        for line in lines {
            let line = line.trim();
            if !line.starts_with("turn ") {
                root.push(line);
            }
            if line == "opening" {
                if !shared.has_opening() {
                    return Err(err("`opening`: this game has no opening throw"));
                }
                opening = true;
            } else if let Some(n) = line.strip_prefix("plies ") {
                plies = n
                    .trim()
                    .parse()
                    .map_err(|_| err(format!("`{line}`: expected `plies N`")))?;
            } else if let Some(actions) = line.strip_prefix("turn ") {
                for a in actions.split_whitespace() {
                    turn.push(
                        a.parse::<i64>()
                            .map_err(|_| err(format!("`{line}`: expected action ids")))?,
                    );
                }
            } else if !line.is_empty() {
                return Err(err(format!(
                    "`{line}`: expected `opening`, `plies N` or `turn A B ...`"
                )));
            }
        }
        let mut state = State::at(shared, (st, plies), opening);
        state.root = Some(root.join("\n"));
        for a in turn {
            state.apply_action(a)?;
        }
        Ok(state)
    }
}

#[pymethods]
impl State {
    /// The player to move (0 or 1), `CHANCE` (-1) at a chance node,
    /// `TERMINAL` (-4) when the game is over.
    fn current_player(&self) -> i64 {
        match self.node {
            Node::Chance => CHANCE,
            Node::Terminal(_) => TERMINAL,
            _ => i64::from(self.st().to_move),
        }
    }

    /// Whether dice are to be thrown.
    fn is_chance_node(&self) -> bool {
        matches!(self.node, Node::Chance)
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        matches!(self.node, Node::Terminal(_))
    }

    /// Always false: ludus games are sequential.
    fn is_simultaneous_node(&self) -> bool {
        false
    }

    /// Whether a player is to move.
    fn is_player_node(&self) -> bool {
        matches!(self.node, Node::Decision)
    }

    /// The legal actions in ascending order: the chance outcomes at a
    /// chance node, none when the game is over (or for another player
    /// than the one to move).
    #[pyo3(signature = (player = None))]
    fn legal_actions(&self, player: Option<i64>) -> PyResult<Vec<u32>> {
        self.check_open()?;
        if player.is_some_and(|p| p != self.current_player()) {
            return Ok(Vec::new());
        }
        Ok(match self.node {
            Node::Chance => self.chance_list().into_iter().map(|(id, _)| id).collect(),
            Node::Decision => {
                let n = self.prefix.len();
                let mut out: Vec<u32> = Vec::new();
                for i in self.matching() {
                    let code = self.code(i);
                    out.push(if code.len() > n { code[n] } else { END });
                }
                out.sort_unstable();
                out.dedup();
                out
            }
            _ => Vec::new(),
        })
    }

    /// A 0/1 list over every action id: which are legal.
    #[pyo3(signature = (player = None))]
    fn legal_actions_mask(&self, player: Option<i64>) -> PyResult<Vec<u8>> {
        let size = match self.node {
            Node::Chance => self.chance_count(),
            _ => self.shared.space.num_actions(),
        };
        let mut mask = vec![0u8; size as usize];
        for a in self.legal_actions(player)? {
            mask[a as usize] = 1;
        }
        Ok(mask)
    }

    /// The chance outcomes with their probabilities, summing to 1: every
    /// ordered roll of the dice, or every ordered pair of unequal faces of
    /// the opening throw. Where several ordered throws show the same dice
    /// (summed dice, dice that list their faces' values), they are one
    /// outcome, the first of them, its probability theirs summed: OpenSpiel
    /// wants each outcome of a node to read differently.
    fn chance_outcomes(&self) -> PyResult<Vec<(u32, f64)>> {
        self.check_open()?;
        if !matches!(self.node, Node::Chance) {
            return Ok(Vec::new());
        }
        Ok(self.chance_list())
    }

    /// Applies an action (or a chance outcome); an illegal one raises
    /// `LudusError` and leaves the state as it was.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        self.check_open()?;
        let id = u32::try_from(action).map_err(|_| err(format!("{action} is not an action")))?;
        match self.node {
            Node::Terminal(_) => Err(err(format!(
                "action {action}: the game is over, no action is legal"
            ))),
            Node::Chance => {
                if id >= self.chance_count() {
                    return Err(err(format!(
                        "chance outcome {action} is not one of the {} outcomes 0..{} of this chance node",
                        self.chance_count(),
                        self.chance_count()
                    )));
                }
                self.apply_chance(id);
                self.history.push(action);
                self.refresh();
                self.check_open()
            }
            Node::Decision => {
                let legal = self.legal_actions(None)?;
                if legal.binary_search(&id).is_err() {
                    let player = self.st().to_move as usize;
                    let named = self
                        .action_text(player, id)
                        .map_or_else(String::new, |t| format!(" (`{t}`)"));
                    let shown: Vec<String> = legal
                        .iter()
                        .take(20)
                        .map(|&a| {
                            format!("{a} `{}`", self.action_text(player, a).unwrap_or_default())
                        })
                        .collect();
                    let more = if legal.len() > 20 { ", ..." } else { "" };
                    return Err(err(format!(
                        "action {action}{named} is not legal here; legal: {}{more}",
                        shown.join(", ")
                    )));
                }
                self.history.push(action);
                if id == END {
                    let i = self
                        .matching()
                        .find(|&i| self.code(i).len() == self.prefix.len())
                        .expect("END is legal only where a turn ends");
                    self.play(i);
                    return self.check_open();
                }
                self.prefix.push(id);
                let n = self.prefix.len();
                let mut ends = None;
                let mut longer = false;
                for i in self.matching() {
                    if self.code(i).len() == n {
                        ends = Some(i);
                    } else {
                        longer = true;
                    }
                }
                if let (Some(i), false) = (ends, longer) {
                    self.play(i);
                }
                self.check_open()
            }
            Node::Failed(_) => unreachable!("checked above"),
        }
    }

    /// An action as text: `pass`, `end`, `huff d4`, a step `b2-c3` or jump
    /// `b2xd4`, a die move `13/18`; a chance outcome `roll 5-3`. Called as
    /// `action_to_string(action)` or `action_to_string(player, action)`.
    #[pyo3(signature = (a, b = None))]
    fn action_to_string(&self, a: i64, b: Option<i64>) -> PyResult<String> {
        let (player, action) = match b {
            Some(action) => (a, action),
            None => (self.current_player(), a),
        };
        let id = u32::try_from(action).map_err(|_| err(format!("{action} is not an action")))?;
        if player == CHANCE {
            if matches!(self.node, Node::Chance) && id < self.chance_count() {
                return Ok(self.chance_text(id));
            }
            return Err(err(format!("{action} is not a chance outcome here")));
        }
        let player = if (0..2).contains(&player) {
            player as usize
        } else {
            self.st().to_move as usize
        };
        self.action_text(player, id)
            .ok_or_else(|| err(format!("{action} is not an action of this game")))
    }

    /// The legal action whose text is `text` (as `action_to_string` writes
    /// it; spacing and case ignored).
    #[pyo3(signature = (a, b = None))]
    fn string_to_action(&self, a: &Bound<'_, PyAny>, b: Option<&str>) -> PyResult<u32> {
        let text = match b {
            Some(t) => t.to_string(),
            None => a.extract::<String>()?,
        };
        let norm = |t: &str| t.split_whitespace().collect::<String>().to_lowercase();
        let wanted = norm(&text);
        let player = self.current_player();
        for id in self.legal_actions(None)? {
            if norm(&self.action_to_string(player, Some(i64::from(id)))?) == wanted {
                return Ok(id);
            }
        }
        Err(err(format!(
            "`{text}` is no legal action here; legal: {}",
            self.legal_actions(None)?
                .iter()
                .take(20)
                .map(|&id| self
                    .action_to_string(player, Some(i64::from(id)))
                    .unwrap_or_default())
                .collect::<Vec<_>>()
                .join(", ")
        )))
    }

    /// The complete legal turns at a decision node, in the engine's order:
    /// `(text in notation, [action ids])`, each the actions that play it
    /// (with `end` last where another turn goes on from it).
    fn turns(&self) -> PyResult<Vec<(String, Vec<u32>)>> {
        self.check_open()?;
        if !self.prefix.is_empty() {
            return Err(err(
                "a turn is under way: `turns()` lists whole turns from their start",
            ));
        }
        Ok((0..self.moves().len())
            .map(|i| {
                let mut code = self.code(i).to_vec();
                // A turn that another one goes on from ends with `end`.
                let n = code.len();
                if (0..self.moves().len()).any(|j| {
                    let other = self.code(j);
                    other.len() > n && other.starts_with(&code)
                }) {
                    code.push(END);
                }
                (notation::move_text(self.engine(), &self.moves()[i]), code)
            })
            .collect())
    }

    /// Plays a whole turn written in the game's notation (`b2-c3`,
    /// `24/18 13/11`), as the command line takes it.
    fn apply_turn(&mut self, text: &str) -> PyResult<()> {
        self.check_open()?;
        if !matches!(self.node, Node::Decision) || !self.prefix.is_empty() {
            return Err(err(format!(
                "`{text}`: a whole turn is played only at a decision node before its first action"
            )));
        }
        let m = notation::find_move(self.engine(), self.st(), self.moves(), text)
            .map_err(|e| err(format!("`{text}`: {e}")))?;
        let i = self
            .moves()
            .iter()
            .position(|x| *x == m)
            .ok_or_else(|| err(format!("`{text}` is not a legal turn")))?;
        for a in self.code(i).to_vec() {
            self.apply_action(i64::from(a))?;
        }
        Ok(())
    }

    /// The whole turn that `agent` (written as for `ludus.match`:
    /// `learned`, `computer`, `mcts:iterations=500`, `expectimax:depth=3`)
    /// chooses here, in the game's notation, for `apply_turn`; its random
    /// choices drawn from `seed`. `learned` and `computer` find the game's
    /// own evaluation as the command line does (beside the game's file, or
    /// bundled). Only at a decision node before its first action.
    #[pyo3(signature = (agent, seed = 0))]
    fn agent_turn(&self, agent: &str, seed: u64) -> PyResult<String> {
        self.check_open()?;
        if !matches!(self.node, Node::Decision) || !self.prefix.is_empty() {
            return Err(err(format!(
                "`{agent}` chooses a whole turn only at a decision node before its first action"
            )));
        }
        if self.moves().is_empty() {
            return Err(err(format!("`{agent}`: there is no turn to choose")));
        }
        let game = match &self.shared.origin {
            crate::Origin::Bundled(name) => std::path::PathBuf::from(name),
            crate::Origin::File { path, .. } => std::path::PathBuf::from(path),
        };
        let spec = agent
            .parse::<ludus::agent::Spec>()
            .and_then(|a| a.for_game(self.engine(), &game))
            .map_err(|e| err(format!("`{agent}`: {e}")))?;
        let mut rng = ludus::rng::rng(seed);
        let i = spec
            .choose(self.engine(), self.st(), self.moves(), &mut rng)
            .map_err(|e| err(format!("`{agent}`: {e}")))?;
        Ok(notation::move_text(self.engine(), &self.moves()[i]))
    }

    /// Points per player when the game is over (a double game is ±2), the
    /// winner gaining what each other loses; zeros before, and for a draw
    /// or an unfinished game.
    fn returns(&self) -> Vec<f64> {
        match self.node {
            Node::Terminal(Outcome::Decisive { winner, points }) => {
                let (p, n) = (f64::from(points), self.num_players());
                let won = p * (n - 1) as f64;
                (0..n).map(|i| if i == winner { won } else { -p }).collect()
            }
            _ => vec![0.0; self.num_players()],
        }
    }

    /// The returns at a terminal state, zeros elsewhere.
    fn rewards(&self) -> Vec<f64> {
        self.returns()
    }

    /// The result as the command line writes it (`white wins`, `draw`,
    /// `unfinished`), or None while the game goes on.
    fn result(&self) -> Option<String> {
        match self.node {
            Node::Terminal(o) => Some(ludus::playout::outcome_text(self.engine(), o)),
            _ => None,
        }
    }

    /// Turns played.
    fn plies(&self) -> u32 {
        self.game.plies()
    }

    /// Actions applied so far, chance outcomes included.
    fn history(&self) -> Vec<i64> {
        self.history.clone()
    }

    /// Actions applied so far.
    fn move_number(&self) -> usize {
        self.history.len()
    }

    /// The game's players.
    fn num_players(&self) -> usize {
        self.engine().game().players.len()
    }

    /// The game of this state.
    fn get_game(&self) -> crate::Game {
        crate::Game {
            shared: self.shared.clone(),
        }
    }

    /// The position in the game's notation (the dice if thrown), then, one
    /// per line and only where needed: `opening` (the opening throw is to
    /// come), `plies N` (turns played), `turn A B` (actions of the turn
    /// so far), and for a state played from the game's start `history A B
    /// ...`, every action since the start, from which `deserialize_state`
    /// rebuilds it exactly (the positions a repetition rule counts
    /// included).
    fn serialize(&self) -> String {
        let mut out = notation::position_text(self.engine(), self.st());
        if self.opening {
            out.push_str("\nopening");
        }
        if self.game.plies() > 0 {
            out.push_str(&format!("\nplies {}", self.game.plies()));
        }
        if !self.prefix.is_empty() {
            let turn: Vec<String> = self.prefix.iter().map(|a| a.to_string()).collect();
            out.push_str(&format!("\nturn {}", turn.join(" ")));
        }
        if self.root.is_none() {
            let history: Vec<String> = self.history.iter().map(|a| a.to_string()).collect();
            out.push_str(&format!("\nhistory {}", history.join(" ")));
        }
        out
    }

    /// For `pickle`: the game, the state this one's history starts from
    /// (none: the game's start) and the history, replayed on loading.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let restore = py.import("ludus")?.getattr("_restore_state")?;
        let game = crate::Game {
            shared: self.shared.clone(),
        };
        (restore, (game, self.root.clone(), self.history.clone()))
            .into_pyobject(py)
            .map(|t| t.into_any())
    }

    /// The observation tensor seen by `player` (default: the player to
    /// move, else 0) as a NumPy `float32` array; see `docs/python.md` for
    /// its layout, or `Game.observation_tensor_layout()`.
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let last = self.num_players() as i64 - 1;
        let observer = match player {
            Some(p @ 0..) if p <= last => p as usize,
            Some(p) => return Err(err(format!("player {p}: players are 0 to {last}"))),
            None => match self.node {
                Node::Decision => self.st().to_move as usize,
                _ => 0,
            },
        };
        let to_move = matches!(self.node, Node::Decision).then_some(self.st().to_move as usize);
        let values = observation::tensor(&self.shared, self.st(), observer, to_move);
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        let array = py
            .import("numpy")?
            .getattr("frombuffer")?
            .call1((PyBytes::new(py, &bytes), "<f4"))?;
        array.call_method0("copy")
    }

    /// The board as text (as the `play` command shows it).
    #[pyo3(signature = (player = None))]
    fn observation_string(&self, player: Option<i64>) -> String {
        let _ = player;
        self.__str__()
    }

    /// A copy.
    fn clone(&self) -> State {
        Clone::clone(self)
    }

    fn __copy__(&self) -> State {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        Clone::clone(self)
    }

    fn __str__(&self) -> String {
        let mut out = render::board(self.engine(), self.st());
        if !self.prefix.is_empty() {
            let player = self.st().to_move as usize;
            let turn: Vec<String> = self
                .prefix
                .iter()
                .filter_map(|&a| self.action_text(player, a))
                .collect();
            out.push_str(&format!("turn so far: {}\n", turn.join(" ")));
        }
        out
    }

    fn __repr__(&self) -> String {
        format!("<ludus.State {}>", self.serialize().replace('\n', "; "))
    }
}
