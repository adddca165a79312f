//! Experiments: several matches (games or variants, agent pairs, game
//! counts and seeds) written as one TOML file, run as one job, and summed
//! up per run.
//!
//! ```toml
//! [[run]]
//! name = "plain"                      # optional; default: the game file
//! game = "games/alquerque.game"       # relative to the TOML file
//! white = "mcts:iterations=200"
//! black = "random"
//! games = 100
//! seed = 1                            # optional, default 0
//! swap = true                         # optional, default false
//! ```

use crate::agent::Spec;
use crate::matches::Match;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The most runs one experiment may hold.
pub const MAX_RUNS: usize = 1_000;

/// An experiment file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    run: Vec<RunText>,
}

/// One `[[run]]` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RunText {
    name: Option<String>,
    game: PathBuf,
    white: String,
    black: String,
    games: u64,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    swap: bool,
}

/// One run of an experiment, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// Its name, unique in the experiment.
    pub name: String,
    /// The game file, resolved against the experiment file's folder.
    pub game: PathBuf,
    /// The match to play (without a shard).
    pub spec: Match,
}

/// Reads an experiment from its text; `path` is where it was read from,
/// for relative game paths and messages.
pub fn parse(path: &Path, text: &str, max_games: u64) -> Result<Vec<Run>, String> {
    let file: File = toml::from_str(text).map_err(|e| format!("{}: {e}", path.display()))?;
    if file.run.is_empty() {
        return Err(format!("{}: no [[run]] in the experiment", path.display()));
    }
    if file.run.len() > MAX_RUNS {
        return Err(format!(
            "{}: {} runs; an experiment holds at most {MAX_RUNS}",
            path.display(),
            file.run.len()
        ));
    }
    let folder = path.parent().unwrap_or(Path::new(""));
    let mut runs: Vec<Run> = Vec::new();
    for (i, r) in file.run.into_iter().enumerate() {
        let at = |e: String| format!("{}: run {}: {e}", path.display(), i + 1);
        let name = r
            .name
            .clone()
            .unwrap_or_else(|| r.game.display().to_string());
        if name.trim().is_empty() {
            return Err(at(
                "the name is empty; give the run a name, or leave `name` out for the game file's"
                    .into(),
            ));
        }
        if runs.iter().any(|other| other.name == name) {
            return Err(at(format!(
                "the name `{name}` is used twice; give each run its own `name`"
            )));
        }
        if !(1..=max_games).contains(&r.games) {
            return Err(at(format!(
                "games = {}: expected 1 to {max_games}",
                r.games
            )));
        }
        crate::simulate::check_seeds(r.seed, r.games).map_err(at)?;
        let a: Spec = r.white.parse().map_err(|e| at(format!("white: {e}")))?;
        let b: Spec = r.black.parse().map_err(|e| at(format!("black: {e}")))?;
        runs.push(Run {
            name,
            game: folder.join(&r.game),
            spec: Match {
                a,
                b,
                games: r.games,
                seed: r.seed,
                swap: r.swap,
                shard: None,
                length: None,
            },
        });
    }
    Ok(runs)
}
