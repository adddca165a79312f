//! Many games in Rust with the GIL released (`simulate`, `match`), and the
//! project's seeded generator, so that Python can replay what `ludus
//! playout` does draw for draw.

use crate::state::State;
use crate::{LudusError, load_shared};
use ludus::ir::MAX_DICE;
use ludus::matches::{self, Match};
use ludus::simulate::{self as sim, MAX_THREADS};
use pyo3::prelude::*;
use rand::RngExt;
use std::io::Write;

/// The most games `simulate` plays in one call, as the command line.
const MAX_SIMULATE_GAMES: u64 = 1_000_000_000;
/// The most games of one match, as the command line.
const MAX_MATCH_GAMES: u64 = 1_000_000;

fn err(message: impl Into<String>) -> PyErr {
    LudusError::new_err(message.into())
}

fn threads(threads: Option<usize>) -> PyResult<usize> {
    match threads {
        None => Ok(sim::default_threads()),
        Some(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        Some(n) => Err(err(format!(
            "threads={n}: expected a number of threads from 1 to {MAX_THREADS}"
        ))),
    }
}

fn json_to_dict(py: Python<'_>, value: &serde_json::Value) -> PyResult<Py<PyAny>> {
    Ok(py
        .import("json")?
        .call_method1("loads", (value.to_string(),))?
        .unbind())
}

/// Plays `games` seeded random games (game i from seed + i) on `threads`
/// threads in Rust, without the GIL, and returns the summary `ludus
/// simulate --json` prints, as a dict.
#[pyfunction]
#[pyo3(signature = (path, games = 1000, seed = 0, threads = None))]
pub fn simulate(
    py: Python<'_>,
    path: std::path::PathBuf,
    games: u64,
    seed: u64,
    threads: Option<usize>,
) -> PyResult<Py<PyAny>> {
    if !(1..=MAX_SIMULATE_GAMES).contains(&games) {
        return Err(err(format!(
            "games={games}: expected 1 to {MAX_SIMULATE_GAMES} games"
        )));
    }
    let threads = self::threads(threads)?;
    let shared = load_shared(&path.to_string_lossy())?;
    let engine = &shared.engine;
    let summary = py
        .detach(|| sim::simulate(engine, games, seed, threads, &|_| {}))
        .map_err(|e| err(e.to_string()))?;
    json_to_dict(py, &summary.json(engine, seed))
}

/// Plays a match between two agents (`random`, `mcts:iterations=N`,
/// `expectimax:depth=N`) in Rust, without the GIL, and returns the summary
/// `ludus match --json` prints, as a dict. `shard=(k, n)` plays only the
/// games whose index is k - 1 modulo n; `out` writes one JSON line per
/// game, for `ludus merge`.
#[pyfunction]
#[pyo3(name = "match", signature = (path, white, black, games = 100, seed = 0, swap = false, shard = None, threads = None, out = None))]
#[allow(clippy::too_many_arguments)]
pub fn play_match(
    py: Python<'_>,
    path: std::path::PathBuf,
    white: &str,
    black: &str,
    games: u64,
    seed: u64,
    swap: bool,
    shard: Option<(u64, u64)>,
    threads: Option<usize>,
    out: Option<std::path::PathBuf>,
) -> PyResult<Py<PyAny>> {
    if !(1..=MAX_MATCH_GAMES).contains(&games) {
        return Err(err(format!(
            "games={games}: expected 1 to {MAX_MATCH_GAMES} games"
        )));
    }
    if let Some((k, n)) = shard
        && !(k >= 1 && k <= n && n <= MAX_MATCH_GAMES)
    {
        return Err(err(format!(
            "shard=({k}, {n}): expected (K, N) with 1 <= K <= N <= {MAX_MATCH_GAMES}"
        )));
    }
    let a: ludus::agent::Spec = white
        .parse()
        .map_err(|e| err(format!("white `{white}`: {e}")))?;
    let b: ludus::agent::Spec = black
        .parse()
        .map_err(|e| err(format!("black `{black}`: {e}")))?;
    let threads = self::threads(threads)?;
    let shared = load_shared(&path.to_string_lossy())?;
    // `learned` without a file: the game's own evaluation, bundled or beside it.
    let a = a
        .for_game(&shared.engine, &path)
        .map_err(|e| err(format!("white `{white}`: {e}")))?;
    let b = b
        .for_game(&shared.engine, &path)
        .map_err(|e| err(format!("black `{black}`: {e}")))?;
    let spec = Match {
        a,
        b,
        games,
        seed,
        swap,
        shard,
        length: None,
    };
    let engine = &shared.engine;
    let results = py
        .detach(|| spec.run(engine, threads, &|| {}))
        .map_err(|e| err(e.to_string()))?;
    if let Some(path) = out {
        let cannot = |e: std::io::Error| err(format!("cannot write {}: {e}", path.display()));
        let mut file = std::io::BufWriter::new(std::fs::File::create(&path).map_err(cannot)?);
        for g in &results {
            let line = serde_json::to_string(g).map_err(|e| err(e.to_string()))?;
            writeln!(file, "{line}").map_err(cannot)?;
        }
        file.flush().map_err(cannot)?;
    }
    let summary =
        serde_json::to_value(matches::summarize(&results)).map_err(|e| err(e.to_string()))?;
    json_to_dict(py, &summary)
}

/// The project's seeded generator (PCG), as `ludus playout` and
/// `simulate` use it: with the same seed and the same calls, Python
/// draws what the engine draws.
#[pyclass(module = "ludus")]
pub struct Rng {
    rng: ludus::rng::Rng,
}

#[pymethods]
impl Rng {
    #[new]
    fn new(seed: u64) -> Rng {
        Rng {
            rng: ludus::rng::rng(seed),
        }
    }

    /// A uniform integer from 0 to n - 1, drawn as the playout draws a
    /// random turn among n.
    fn below(&mut self, n: usize) -> PyResult<usize> {
        if n == 0 {
            return Err(err("below(0): nothing to choose from"));
        }
        Ok(self.rng.random_range(0..n))
    }

    /// The chance outcome of `state` (a chance node) that the engine's own
    /// throw gives: the opening throw, or a roll.
    fn chance(&mut self, state: &State) -> PyResult<u32> {
        if !state.is_chance() {
            return Err(err("chance(state): the state is not a chance node"));
        }
        let (st, opening) = state.engine_state();
        let engine = state.engine_ref();
        let mut scratch = st.clone();
        if opening {
            let thrown = engine
                .opening(&mut scratch, &mut self.rng)
                .ok_or_else(|| err("this game has no opening throw"))?;
            Ok(state.chance_id(&thrown))
        } else {
            engine.roll(&mut scratch, &mut self.rng);
            let (_, count) = state.dice_shape();
            let thrown: [u8; MAX_DICE] = scratch.dice;
            Ok(state.chance_id(&thrown[..count as usize]))
        }
    }
}
