//! `ludus._ludus`: the native part of the Python package `ludus`, a thin
//! layer over the `ludus` crate with OpenSpiel's names and semantics.
//!
//! The crate is the only engine: a [`Game`] is a loaded game file and its
//! [`ludus::engine::Engine`]; a [`state::State`] is an engine state with
//! OpenSpiel's chance nodes and integer actions ([`actions`]).

use ludus::bundled;
use ludus::engine::Engine;
use ludus::ir::{EndRule, MAX_DICE};
use ludus::load;
use ludus::playout::MAX_PLIES;
use pyo3::exceptions::{PyFileNotFoundError, PyValueError};
use pyo3::prelude::*;
use std::path::Path;
use std::sync::Arc;

mod actions;
mod observation;
mod runs;
mod state;

pyo3::create_exception!(
    _ludus,
    LudusError,
    PyValueError,
    "A bad game file, position, action or argument; the message says what and where."
);

/// Where a game was read from.
#[derive(Clone)]
pub enum Origin {
    /// A game bundled in the package, by name.
    Bundled(String),
    /// A file, with the text read from it.
    File {
        /// The path as given.
        path: String,
        /// Its text, so that a pickled game loads without the file.
        text: String,
    },
}

/// A loaded game file, shared by its states.
pub struct Shared {
    /// The compiled game.
    pub engine: Engine,
    /// Its action encoding.
    pub space: actions::Space,
    /// Where it was read from.
    pub origin: Origin,
    /// The turns after which a game stops, unfinished.
    pub max_turns: u32,
    /// The observation tensor's layout.
    pub layout: observation::Layout,
}

impl Shared {
    /// Faces of each die, and how many dice are thrown (0, 0 without dice).
    pub fn dice(&self) -> (u32, u32) {
        self.engine
            .game()
            .dice
            .map_or((0, 0), |d| (u32::from(d.faces), u32::from(d.count)))
    }

    /// Whether the game starts with an opening throw.
    pub fn has_opening(&self) -> bool {
        self.engine.game().dice.is_some_and(|d| d.opening.is_some())
    }

    /// Chance outcomes of a normal roll (ordered dice) and of the opening
    /// throw (ordered pairs of unequal faces).
    pub fn roll_outcomes(&self) -> u32 {
        let (faces, count) = self.dice();
        if count == 0 { 0 } else { faces.pow(count) }
    }

    /// See [`Shared::roll_outcomes`].
    pub fn opening_outcomes(&self) -> u32 {
        let (faces, _) = self.dice();
        if self.has_opening() {
            faces * (faces - 1)
        } else {
            0
        }
    }

    /// The most turns a game lasts by its own rules, where they say: in a
    /// game without dice that ends after `n` turns without a capture, every
    /// capture takes a piece off for good, so a game lasts at most `n`
    /// turns after each of its pieces (on the board or in hand) is taken,
    /// and `n` more; in a game whose every turn places or takes a piece,
    /// the turns the pieces allow ([`Shared::shrinking_turns`]); in a game
    /// whose every turn shoots a piece that stays, the empty sites
    /// ([`Shared::filling_turns`]); in a game with a counter of every turn
    /// (`length: 1000 turns: draw`), its count at most.
    pub fn rule_turns(&self) -> Option<u64> {
        // Sowing moves seeds and takes none off the board: no bound here.
        if self.engine.sows() {
            return None;
        }
        let rules = self
            .capture_turns()
            .or_else(|| self.shrinking_turns())
            .or_else(|| self.filling_turns());
        // A counter of every turn (`length: 1000 turns: draw`) ends the
        // game at its count.
        let length = (self.engine.game().end.iter())
            .filter_map(|e| e.game_length().map(u64::from))
            .min();
        match (rules, length) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// [`Shared::rule_turns`] of a game without dice whose every turn
    /// fills an empty site for good: every kind that moves shoots
    /// (`shoot`) or is only placed and claims (`enclose`), nothing is ever
    /// taken (no jump, take, custody or huff, no line that removes) and no `pass` or `again` rule (but `again after
    /// enclosing`), `no moves` ending the game: at most as many turns as
    /// the board has empty sites at the start (the sites a placement
    /// claims, `enclose`, filled too); with `neither can move` instead, a player without a move
    /// passes, never twice in a row, so twice as many and one.
    fn filling_turns(&self) -> Option<u64> {
        let game = self.engine.game();
        let all_shoot = game.kinds.iter().all(|k| {
            let moves = k.fly.is_some()
                || k.place.is_some()
                || !k.standing.is_empty()
                || k.step.iter().any(|d| !d.is_empty());
            // A placed piece that claims (`enclose`, dots and boxes) and
            // moves no other way fills its site for good too.
            let placed_only = k.fly.is_none()
                && k.standing.is_empty()
                && k.step.iter().chain(&k.jump).all(Vec::is_empty);
            k.shoot.is_some() || !moves || (k.enclose.is_some() && placed_only)
        });
        let custody = game.kinds.iter().any(|k| k.custody.is_some());
        let takes = game
            .kinds
            .iter()
            .any(|k| k.may_jump() || k.may_take() || !k.standing.is_empty());
        let passes = self.no_move_end()?;
        if !all_shoot
            || takes
            || custody
            || game.rules.capture == ludus::ir::Obligation::Huff
            || game.rules.line_removal.is_some()
        {
            return None;
        }
        let start = self.engine.start();
        let pieces = u64::from(start.counts[0]) + u64::from(start.counts[1]);
        let empty = (self.engine.sites() as u64).saturating_sub(pieces);
        Some(if passes { 2 * empty + 1 } else { empty })
    }

    /// How a game without dice, `pass` or `again` rules (but `again after
    /// enclosing`, whose extra turns place a piece each, as every turn
    /// does) ends where the player to move has no move: `Some(false)` by
    /// `no moves`,
    /// `Some(true)` by `neither can move` (a player without a move passes,
    /// never twice in a row); `None` for the other games.
    fn no_move_end(&self) -> Option<bool> {
        let game = self.engine.game();
        let ends = game.end.iter().any(|e| matches!(e, EndRule::NoMoves(_)));
        let passes = game
            .end
            .iter()
            .any(|e| matches!(e, EndRule::NeitherMoves(_)));
        if self.engine.has_dice()
            || !(ends || passes)
            || !game.rules.pass.is_empty()
            || (game.rules.again.iter()).any(|a| a.after != ludus::ir::AgainAfter::Enclosing)
        {
            return None;
        }
        Some(passes)
    }

    /// [`Shared::rule_turns`] of a game that ends after `n` turns without
    /// a capture.
    fn capture_turns(&self) -> Option<u64> {
        let n = self.engine.game().end.iter().find_map(|e| match e {
            EndRule::NoCapture(n) => Some(*n),
            EndRule::NoProgress {
                capture: true,
                kinds,
                turns,
                during: None,
                ..
            } if kinds.is_empty() => Some(*turns),
            _ => None,
        })?;
        let start = self.engine.start();
        let pieces: u64 = (0..2)
            .map(|p| {
                u64::from(start.counts[p])
                    + start.hand[p].iter().map(|&h| u64::from(h)).sum::<u64>()
            })
            .sum();
        Some((pieces + 1) * u64::from(n))
    }

    /// [`Shared::rule_turns`] of a game without dice whose every turn
    /// places a piece from the hand or takes one (pieces that only `place`
    /// and `take` and claim nothing, no `pass` or `again` rule, and `no moves` ending the
    /// game rather than passing): twice the pieces in hand plus those on
    /// the board fall by one at least each turn, so that many turns at
    /// most; with `neither can move` instead, a player without a move
    /// passes, never twice in a row, so twice as many and one.
    fn shrinking_turns(&self) -> Option<u64> {
        let game = self.engine.game();
        let moves_only_so = game.kinds.iter().all(|k| {
            k.fly.is_none()
                && k.standing.is_empty()
                && k.step.iter().chain(&k.jump).all(Vec::is_empty)
                // Claims put pieces on the board besides the placement.
                && k.enclose.is_none()
        });
        let passes = self.no_move_end()?;
        if !moves_only_so {
            return None;
        }
        let start = self.engine.start();
        let potential: u64 = (0..2)
            .map(|p| {
                u64::from(start.counts[p])
                    + 2 * start.hand[p].iter().map(|&h| u64::from(h)).sum::<u64>()
            })
            .sum();
        Some(if passes { 2 * potential + 1 } else { potential })
    }

    /// The most points one game is worth.
    pub fn max_points(&self) -> u32 {
        self.engine
            .game()
            .end
            .iter()
            .map(|e| match e {
                EndRule::When { points, .. } => u32::from(*points),
                _ => 1,
            })
            .max()
            .unwrap_or(1)
    }
}

impl Origin {
    /// A game file's path, or a bundled game's name: a file that exists is
    /// read; else a bundled game of that name.
    pub fn find(game: &str) -> PyResult<Origin> {
        let path = Path::new(game);
        if path.is_file() || bundled::text(game).is_none() {
            let text = load::read_text(path, load::MAX_GAME_BYTES).map_err(|e| {
                if e.source.kind() != std::io::ErrorKind::NotFound {
                    LudusError::new_err(e.to_string())
                } else if game.contains(['/', '\\']) || game.ends_with(".game") {
                    PyFileNotFoundError::new_err(e.to_string())
                } else {
                    PyFileNotFoundError::new_err(format!(
                        "{e}; nor is `{game}` a bundled game (`ludus.games()`: {})",
                        bundled::names().collect::<Vec<_>>().join(", ")
                    ))
                }
            })?;
            return Ok(Origin::File {
                path: game.to_string(),
                text,
            });
        }
        Ok(Origin::Bundled(game.to_string()))
    }

    /// The bundled game's name, or the file's path.
    pub fn name(&self) -> &str {
        match self {
            Origin::Bundled(name) => name,
            Origin::File { path, .. } => path,
        }
    }

    fn load(&self) -> load::Loaded {
        match self {
            Origin::Bundled(name) => bundled::load(name).expect("a bundled game's name"),
            Origin::File { path, text } => load::load_text(Path::new(path), text),
        }
    }
}

/// Reads and checks a game: its engine, or a Python exception whose
/// message is the rendered diagnostics. `max_turns` (at most, and by
/// default, `MAX_PLIES`) stops a game unfinished after that many turns.
pub fn load_origin(origin: Origin, max_turns: Option<u32>) -> PyResult<Arc<Shared>> {
    let max_turns = match max_turns {
        None => MAX_PLIES,
        Some(n) if (1..=MAX_PLIES).contains(&n) => n,
        Some(n) => {
            return Err(LudusError::new_err(format!(
                "max_turns={n}: expected 1 to {MAX_PLIES} turns"
            )));
        }
    };
    let loaded = origin.load();
    match loaded.game {
        Ok(game) => {
            let engine = Engine::new(game);
            let space = actions::Space::new(&engine);
            let layout = observation::Layout::new(&engine);
            Ok(Arc::new(Shared {
                engine,
                space,
                origin,
                max_turns,
                layout,
            }))
        }
        Err(diagnostics) => Err(LudusError::new_err(format!(
            "{} is not a valid game ({} problems):\n{}",
            origin.name(),
            diagnostics.len(),
            loaded.sources.render(&diagnostics)
        ))),
    }
}

/// [`load_origin`] of a path or bundled name, without a turn limit.
pub fn load_shared(game: &str) -> PyResult<Arc<Shared>> {
    load_origin(Origin::find(game)?, None)
}

/// A game, as OpenSpiel's `pyspiel.Game`: read with [`load_game`].
#[pyclass(module = "ludus", frozen)]
pub struct Game {
    pub(crate) shared: Arc<Shared>,
}

#[pymethods]
impl Game {
    /// The state before the first move (a chance node in dice games).
    fn new_initial_state(&self) -> PyResult<state::State> {
        state::State::initial(self.shared.clone())
    }

    /// The game's players: 2 to 6.
    fn num_players(&self) -> usize {
        self.shared.engine.game().players.len()
    }

    /// Action ids run from 0 to this, exclusive (see `docs/python.md`).
    fn num_distinct_actions(&self) -> u32 {
        self.shared.space.num_actions()
    }

    /// Outcomes of a chance node: ordered dice, or the opening throw's
    /// ordered pairs of unequal faces; 0 without dice.
    fn max_chance_outcomes(&self) -> u32 {
        self.shared
            .roll_outcomes()
            .max(self.shared.opening_outcomes())
    }

    /// An upper bound on the actions of one game: `max_turns` turns (a
    /// game stops there, unfinished), or fewer where the rules end every
    /// game sooner ([`Shared::rule_turns`]), each of at most
    /// `max_turn_actions()` actions, each after a chance node in dice
    /// games, and the opening throw.
    fn max_game_length(&self) -> u64 {
        let turns =
            u64::from(self.shared.max_turns).min(self.shared.rule_turns().unwrap_or(u64::MAX));
        let chance = u64::from(self.shared.engine.has_dice());
        turns * (u64::from(self.shared.space.max_turn_actions()) + chance)
            + u64::from(self.shared.has_opening())
    }

    /// The most actions one turn takes ([`actions::Space::max_turn_actions`]).
    fn max_turn_actions(&self) -> u32 {
        self.shared.space.max_turn_actions()
    }

    /// The turns after which a game stops, unfinished (`load_game`'s
    /// `max_turns`).
    fn max_turns(&self) -> u32 {
        self.shared.max_turns
    }

    /// The most a player can lose: minus the most points a game is worth.
    fn min_utility(&self) -> f64 {
        -f64::from(self.shared.max_points())
    }

    /// The most points a game is worth (2 where a double game exists).
    fn max_utility(&self) -> f64 {
        let others = self.shared.engine.game().players.len() - 1;
        f64::from(self.shared.max_points()) * others as f64
    }

    /// 0: the game is zero-sum.
    fn utility_sum(&self) -> f64 {
        0.0
    }

    /// `[C, H, W]` planes for grid games, `[n]` for others (see
    /// `observation_tensor_layout`).
    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.shared.layout.shape.clone()
    }

    /// The length of the observation tensor.
    fn observation_tensor_size(&self) -> usize {
        self.shared.layout.size()
    }

    /// The observation tensor's parts in order: `(name, offset, shape)`,
    /// offsets into the flat tensor.
    fn observation_tensor_layout(&self) -> Vec<(&'static str, usize, Vec<usize>)> {
        self.shared.layout.parts.clone()
    }

    /// A state from `State.serialize()`.
    fn deserialize_state(&self, text: &str) -> PyResult<state::State> {
        state::State::deserialize(self.shared.clone(), text)
    }

    /// The game's name, from its file.
    #[getter]
    fn name(&self) -> String {
        self.shared.engine.game().name.clone()
    }

    /// The game file, or the bundled game's name.
    #[getter]
    fn path(&self) -> String {
        self.shared.origin.name().to_string()
    }

    /// The game file's text.
    #[getter]
    fn source(&self) -> String {
        match &self.shared.origin {
            Origin::Bundled(name) => bundled::text(name).unwrap_or_default().to_string(),
            Origin::File { text, .. } => text.clone(),
        }
    }

    /// For `pickle`: the game is rebuilt from its bundled name, or from the
    /// file's text (read again from the pickle, not from the file).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let restore = py.import("ludus")?.getattr("_restore_game")?;
        let (bundled, name, text) = match &self.shared.origin {
            Origin::Bundled(name) => (true, name.clone(), String::new()),
            Origin::File { path, text } => (false, path.clone(), text.clone()),
        };
        (restore, (bundled, name, text, self.shared.max_turns))
            .into_pyobject(py)
            .map(|t| t.into_any())
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }

    /// A state from its actions since `root` (a serialized state without a
    /// history), or since the start: what unpickling a state does.
    #[pyo3(signature = (root, history))]
    fn _restore_state(&self, root: Option<&str>, history: Vec<i64>) -> PyResult<state::State> {
        state::State::restore(self.shared.clone(), root, &history)
    }

    /// The players' names, in order (the first moves first).
    fn player_names(&self) -> Vec<String> {
        let game = self.shared.engine.game();
        game.players.iter().map(|p| p.name.clone()).collect()
    }

    /// Whether the game throws dice.
    fn has_dice(&self) -> bool {
        self.shared.engine.has_dice()
    }

    fn __repr__(&self) -> String {
        format!(
            "ludus.load_game({:?}) ({})",
            self.shared.origin.name(),
            self.shared.engine.game().name
        )
    }

    fn __str__(&self) -> String {
        self.__repr__()
    }
}

/// Reads and checks a game: a bundled game by name (`"backgammon"`, see
/// `games()`), or a game file by path. A file with mistakes raises
/// `LudusError` with every diagnostic rendered; a missing file
/// `FileNotFoundError`. `max_turns` stops every game of it, unfinished,
/// after that many turns (and bounds `max_game_length()`).
#[pyfunction]
#[pyo3(signature = (game, max_turns = None))]
fn load_game(game: std::path::PathBuf, max_turns: Option<u32>) -> PyResult<Game> {
    Ok(Game {
        shared: load_origin(Origin::find(&game.to_string_lossy())?, max_turns)?,
    })
}

/// The names of the games bundled in the package, for `load_game`.
#[pyfunction]
fn games() -> Vec<&'static str> {
    bundled::names().collect()
}

/// The text of a bundled game's file.
#[pyfunction]
fn game_source(name: &str) -> PyResult<&'static str> {
    bundled::text(name).ok_or_else(|| {
        LudusError::new_err(format!(
            "`{name}` is not a bundled game (see `ludus.games()`)"
        ))
    })
}

/// A game as pickled by `Game.__reduce__`.
#[pyfunction]
fn _restore_game(bundled: bool, name: String, text: String, max_turns: u32) -> PyResult<Game> {
    let origin = if bundled {
        if self::bundled::text(&name).is_none() {
            return Err(LudusError::new_err(format!(
                "the pickled game `{name}` is not bundled in this version of ludus"
            )));
        }
        Origin::Bundled(name)
    } else {
        Origin::File { path: name, text }
    };
    Ok(Game {
        shared: load_origin(origin, Some(max_turns))?,
    })
}

#[pymodule]
fn _ludus(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<state::State>()?;
    m.add_class::<runs::Rng>()?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(game_source, m)?)?;
    m.add_function(wrap_pyfunction!(_restore_game, m)?)?;
    m.add_function(wrap_pyfunction!(runs::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(runs::play_match, m)?)?;
    m.add("LudusError", m.py().get_type::<LudusError>())?;
    m.add("MAX_PLIES", MAX_PLIES)?;
    m.add("MAX_DICE", MAX_DICE)?;
    m.add("CHANCE", state::CHANCE)?;
    m.add("TERMINAL", state::TERMINAL)?;
    // The package's version, as its manifest gives it (`pyproject.toml`
    // keeps the same number; a test compares them).
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
