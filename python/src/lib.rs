//! `ludus._ludus`: the native part of the Python package `ludus`, a thin
//! layer over the `ludus` crate with OpenSpiel's names and semantics.
//!
//! The crate is the only engine: a [`Game`] is a loaded game file and its
//! [`ludus::engine::Engine`]; a [`state::State`] is an engine state with
//! OpenSpiel's chance nodes and integer actions ([`actions`]).

use ludus::engine::Engine;
use ludus::ir::{EndRule, MAX_DICE, MAX_STEPS};
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

/// A loaded game file, shared by its states.
pub struct Shared {
    /// The compiled game.
    pub engine: Engine,
    /// Its action encoding.
    pub space: actions::Space,
    /// The file it was read from.
    pub path: String,
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

/// Reads and checks a game file: its engine, or a Python exception whose
/// message is the rendered diagnostics.
pub fn load_shared(path: &str) -> PyResult<Arc<Shared>> {
    let loaded = load::load(Path::new(path)).map_err(|e| {
        if e.source.kind() == std::io::ErrorKind::NotFound {
            PyFileNotFoundError::new_err(e.to_string())
        } else {
            LudusError::new_err(e.to_string())
        }
    })?;
    match loaded.game {
        Ok(game) => {
            let engine = Engine::new(game);
            let space = actions::Space::new(&engine);
            Ok(Arc::new(Shared {
                engine,
                space,
                path: path.to_string(),
            }))
        }
        Err(diagnostics) => Err(LudusError::new_err(format!(
            "{} is not a valid game ({} problems):\n{}",
            path,
            diagnostics.len(),
            loaded.sources.render(&diagnostics)
        ))),
    }
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

    /// Always 2.
    fn num_players(&self) -> usize {
        self.shared.engine.game().players.len()
    }

    /// Action ids run from 0 to this, exclusive (see the README).
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

    /// An upper bound on the actions of one game: `MAX_PLIES` turns (the
    /// engine stops a game there, unfinished), each of at most one huff,
    /// `MAX_STEPS` steps and an `end`, each after a roll.
    fn max_game_length(&self) -> u64 {
        u64::from(MAX_PLIES) * (MAX_STEPS as u64 + 2)
    }

    /// The most a player can lose: minus the most points a game is worth.
    fn min_utility(&self) -> f64 {
        -f64::from(self.shared.max_points())
    }

    /// The most points a game is worth (2 where a double game exists).
    fn max_utility(&self) -> f64 {
        f64::from(self.shared.max_points())
    }

    /// 0: the game is zero-sum.
    fn utility_sum(&self) -> f64 {
        0.0
    }

    /// `[n]`: the observation tensor is flat (see `observation_tensor_layout`).
    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![observation::size(&self.shared)]
    }

    /// The length of the observation tensor.
    fn observation_tensor_size(&self) -> usize {
        observation::size(&self.shared)
    }

    /// The observation tensor's parts in order: `(name, offset, shape)`.
    fn observation_tensor_layout(&self) -> Vec<(&'static str, usize, Vec<usize>)> {
        observation::layout(&self.shared)
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

    /// The game file.
    #[getter]
    fn path(&self) -> String {
        self.shared.path.clone()
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
            self.shared.path,
            self.shared.engine.game().name
        )
    }

    fn __str__(&self) -> String {
        self.__repr__()
    }
}

/// Reads and checks a game file. A file with mistakes raises `LudusError`
/// with every diagnostic rendered; a missing file `FileNotFoundError`.
#[pyfunction]
fn load_game(path: std::path::PathBuf) -> PyResult<Game> {
    Ok(Game {
        shared: load_shared(&path.to_string_lossy())?,
    })
}

#[pymodule]
fn _ludus(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<state::State>()?;
    m.add_class::<runs::Rng>()?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(runs::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(runs::play_match, m)?)?;
    m.add("LudusError", m.py().get_type::<LudusError>())?;
    m.add("MAX_PLIES", MAX_PLIES)?;
    m.add("MAX_DICE", MAX_DICE)?;
    m.add("CHANCE", state::CHANCE)?;
    m.add("TERMINAL", state::TERMINAL)?;
    Ok(())
}
