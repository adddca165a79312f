//! Experiments: several matches (games or variants, their agents, game
//! counts and seeds) written as one TOML file, run as one job, and summed
//! up per run. A run of a game of more than two players is a match of an
//! agent a seat ([`crate::seating`]), `swap` moving them round the seats.
//!
//! ```toml
//! [[run]]
//! name = "plain"                      # optional; default: the game file
//! game = "games/alquerque.game"       # relative to the TOML file
//! white = "mcts:iterations=200"     # the agent of the player so named
//! black = "random"                    # (or `first = ...`, `second = ...`)
//! games = 100
//! seed = 1                            # optional, default 0
//! swap = true                         # optional, default false
//! ```

use crate::agent::Spec;
use crate::engine::Engine;
use crate::matches::{Match, Stopped};
use crate::merge::{Group, Summary};
use crate::seating::Seating;
use serde::Deserialize;
use std::collections::BTreeMap;
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

/// One `[[run]]` as written: its other keys name the game's players.
#[derive(Debug, Deserialize)]
struct RunText {
    name: Option<String>,
    game: PathBuf,
    games: u64,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    swap: bool,
    /// The agent of the game's first player, whatever his name.
    first: Option<String>,
    /// The agent of its second player.
    second: Option<String>,
    /// The agents of players by name (`white = "random"`).
    #[serde(flatten)]
    players: BTreeMap<String, toml::Value>,
}

/// One run of an experiment, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// Its name, unique in the experiment.
    pub name: String,
    /// The game file, resolved against the experiment file's folder.
    pub game: PathBuf,
    /// The agents named by player (`white = ...`), as written.
    pub named: Vec<(String, Spec)>,
    /// The agents of the first and second player (`first = ...`).
    pub by_order: [Option<Spec>; 2],
    /// Games to play.
    pub games: u64,
    /// The first game's seed.
    pub seed: u64,
    /// Whether the agents change sides on odd games (move round the
    /// seats a seat a game, past two players).
    pub swap: bool,
}

/// What a run plays: a match of two agents, or of more seats.
#[derive(Clone, Debug, PartialEq)]
pub enum Plan {
    /// A game of two players.
    Two(Match),
    /// A game of more: an agent a player, moved round the seats with `swap`.
    Seats(Seating),
}

impl Plan {
    /// Plays only the K-th of N slices of the games, `(K, N)`.
    pub fn set_shard(&mut self, shard: Option<(u64, u64)>) {
        match self {
            Plan::Two(m) => m.shard = shard,
            Plan::Seats(s) => s.shard = shard,
        }
    }

    /// The games this run plays.
    pub fn count(&self) -> u64 {
        match self {
            Plan::Two(m) => m.indices().count() as u64,
            Plan::Seats(s) => s.indices().count() as u64,
        }
    }

    /// Plays them on `threads` threads, calling `progress` after each:
    /// the games and their summary (which names the agents even where a
    /// shard holds no game of a match of more seats).
    pub fn run(
        &self,
        engine: &Engine,
        threads: usize,
        progress: &(dyn Fn() + Sync),
    ) -> Result<(Group, Summary), Stopped> {
        Ok(match self {
            Plan::Two(m) => {
                let games = m.run(engine, threads, progress)?;
                let summary = Summary::Two(crate::matches::summarize(&games));
                (Group::Two(games), summary)
            }
            Plan::Seats(s) => {
                let games = s.run(engine, threads, progress)?;
                let summary = Summary::Seats(crate::seating::summarize(engine, s, &games));
                (Group::Seats(games), summary)
            }
        })
    }
}

impl Run {
    /// What this run plays in `game` (without a shard): a match of two
    /// where the game has two players, else a match of an agent a seat.
    pub fn plan_for(&self, game: &crate::ir::Game) -> Result<Plan, String> {
        let mut agents = self.agents_for(game)?;
        if agents.len() > 2 {
            return Ok(Plan::Seats(Seating {
                agents,
                games: self.games,
                seed: self.seed,
                rotate: self.swap,
                shard: None,
            }));
        }
        let (Some(b), Some(a)) = (agents.pop(), agents.pop()) else {
            unreachable!("a game has two players at least");
        };
        Ok(Plan::Two(Match {
            a,
            b,
            games: self.games,
            seed: self.seed,
            swap: self.swap,
            shard: None,
            length: None,
        }))
    }

    /// The agent of each player of `game`, in its order: seated by the
    /// name of its player, as `match --white` seats it, or by order
    /// (`first`, `second`); every player must have exactly one agent.
    pub fn agents_for(&self, game: &crate::ir::Game) -> Result<Vec<Spec>, String> {
        let names = game.player_names();
        let mut seats: Vec<Option<(Spec, String)>> = vec![None; names.len()];
        for (i, spec) in self.by_order.iter().enumerate() {
            if let Some(spec) = spec {
                seats[i] = Some((spec.clone(), ["`first`", "`second`"][i].to_string()));
            }
        }
        for (name, spec) in &self.named {
            let Some(i) = names.iter().position(|n| n == name) else {
                return Err(format!(
                    "run `{}`: `{name}` is neither a key of a run nor a player of `{}`: its players are {} (or use `first` and `second`)",
                    self.name,
                    game.name,
                    crate::matches::listed(&names, "and")
                ));
            };
            if let Some((_, earlier)) = &seats[i] {
                return Err(format!(
                    "run `{}`: the agent for `{name}` is given twice (also by {earlier})",
                    self.name
                ));
            }
            seats[i] = Some((spec.clone(), format!("`{name}`")));
        }
        if let Some(missing) = seats.iter().position(Option::is_none) {
            let by_order = ["first", "second"]
                .get(missing)
                .map_or(String::new(), |o| format!(", or by order `{o}`"));
            return Err(format!(
                "run `{}`: no agent for `{}`: give one (`{} = \"random\"`{by_order})",
                self.name, names[missing], names[missing]
            ));
        }
        Ok(seats.into_iter().flatten().map(|(spec, _)| spec).collect())
    }
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
        let spec = |key: &str, text: &str| -> Result<Spec, String> {
            text.parse().map_err(|e| at(format!("{key}: {e}")))
        };
        let by_order = [
            r.first.as_deref().map(|t| spec("first", t)).transpose()?,
            r.second.as_deref().map(|t| spec("second", t)).transpose()?,
        ];
        let mut named = Vec::new();
        for (key, value) in &r.players {
            let Some(text) = value.as_str() else {
                return Err(at(format!(
                    "`{key} = {value}`: a run's keys are name, game, games, seed, swap, first, second, and the game's players, each given an agent such as \"random\""
                )));
            };
            named.push((key.clone(), spec(key, text)?));
        }
        runs.push(Run {
            name,
            game: folder.join(&r.game),
            named,
            by_order,
            games: r.games,
            seed: r.seed,
            swap: r.swap,
        });
    }
    Ok(runs)
}
