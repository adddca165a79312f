//! Agents that choose a turn in any game: uniformly random, Monte Carlo
//! tree search (UCT, with the dice as chance nodes) and expectimax (alpha-beta
//! where there is no chance); and rollouts ([`equity`]), the points a
//! position is worth, played out by a cheap policy.
//!
//! Every agent draws its random numbers from the generator it is given, so
//! a game between agents is a function of its seed and the agents' budgets.
//! Agents are written on the command line as `NAME[:KEY=VALUE,...]`:
//! `random`, `mcts`, `mcts:iterations=2000,c=1.4`, `expectimax:depth=2`.

use crate::engine::{Engine, Move, Outcome, State, TooManyTurns};
use crate::rng::Rng;
use rand::RngExt;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

pub mod expectimax;
mod mcts;
mod rollout;

pub use mcts::Hint;
pub use rollout::{
    Equity, MAX_ROLLOUT_TURNS, Policy, equity, equity_with, turn_equities, turn_equities_with,
};

/// The most MCTS iterations per turn.
pub const MAX_ITERATIONS: u32 = 10_000_000;

/// The deepest expectimax search, in turns.
pub const MAX_DEPTH: u32 = 8;

/// The longest MCTS time budget per turn, in seconds.
pub const MAX_SECONDS: f64 = 3_600.0;

/// Default MCTS iterations per turn.
pub const DEFAULT_ITERATIONS: u32 = 1_000;

/// Default search depth of the learned agent, in turns.
pub const DEFAULT_LEARNED_DEPTH: u32 = 2;

/// Default UCT exploration constant.
pub const DEFAULT_EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// An agent and its budget.
#[derive(Clone, Debug, PartialEq)]
pub enum Spec {
    /// A uniformly random legal turn.
    Random,
    /// UCT with random playouts; dice are chance nodes whose outcomes are
    /// sampled, so every statistic is conditioned on the roll it saw.
    Mcts {
        /// Iterations (playouts) per turn.
        iterations: u32,
        /// The exploration constant `c` of UCB1.
        exploration: f64,
        /// A time budget per turn in seconds (`seconds=0.5`), which ends the
        /// search earlier than `iterations` would; its choices then depend
        /// on the machine's speed and are not repeatable.
        seconds: Option<f64>,
    },
    /// Expectimax to a depth in turns: the mover maximises, the opponent
    /// minimises, dice are averaged over every roll with its probability;
    /// alpha-beta pruning where there are no dice. Leaves are judged by
    /// [`evaluate`].
    Expectimax {
        /// Turns searched ahead (the turn chosen counts as the first).
        depth: u32,
    },
    /// Expectimax whose leaves a learned evaluation (`ludus train`) judges,
    /// the game's result where a turn ends it.
    Learned {
        /// The evaluation and the file it was read from; `None` for the
        /// game's own, found by [`Spec::for_game`] (until then the agent
        /// plays as expectimax).
        evaluation: Option<Arc<Learned>>,
        /// Turns searched ahead, as expectimax's `depth`: 1 judges the
        /// positions the turns lead to.
        depth: u32,
    },
}

/// A learned evaluation an agent plays by.
#[derive(Clone, Debug, PartialEq)]
pub struct Learned {
    /// The file it was read from.
    pub path: String,
    /// The evaluation.
    pub evaluation: crate::learn::Evaluation,
    /// Its network.
    pub net: crate::learn::Net,
}

impl Learned {
    /// Its network as the leaves of a search.
    pub fn leaves<'a>(
        &'a self,
        engine: &Engine,
        features: &'a crate::learn::Features,
    ) -> expectimax::Leaves<'a> {
        expectimax::Leaves {
            net: &self.net,
            features,
            most: f64::from(
                crate::matches::win_points(engine)
                    .into_iter()
                    .max()
                    .unwrap_or(1),
            ),
        }
    }

    /// Reads the evaluation file at `path` (checked against a game only
    /// when played: see [`Spec::for_game`]).
    pub fn read(path: &str) -> Result<Learned, String> {
        let text = crate::load::read_text(
            std::path::Path::new(path),
            crate::learn::MAX_EVALUATION_BYTES,
        )
        .map_err(|e| e.to_string())?;
        Learned::from_text(path, &text)
    }

    /// An evaluation from the text of its file, named `path`.
    pub fn from_text(path: &str, text: &str) -> Result<Learned, String> {
        let evaluation: crate::learn::Evaluation = serde_json::from_str(text)
            .map_err(|e| format!("{path}: not an evaluation file: {e}"))?;
        let net = evaluation.net.clone();
        Ok(Learned {
            path: path.to_string(),
            evaluation,
            net,
        })
    }

    /// The game's own evaluation: `GAME.eval` beside the game file, else
    /// the one bundled for the bundled game of that name.
    pub fn of_game(game: &std::path::Path) -> Result<Learned, String> {
        let beside = game.with_extension("eval");
        if beside.is_file() {
            return Learned::read(&beside.to_string_lossy());
        }
        let stem = game.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        match crate::bundled::evaluation(stem) {
            Some(text) => Learned::from_text(&format!("{stem}.eval (bundled)"), text),
            None => Err(format!(
                "`learned` without a file plays by the game's own evaluation, and {} has none (no {} beside it, none bundled): train one with `ludus train {} --out {}`, or name one with `learned:file=FILE.eval`",
                game.display(),
                beside.display(),
                game.display(),
                beside.display()
            )),
        }
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spec::Random => write!(f, "random"),
            Spec::Mcts {
                iterations,
                exploration,
                seconds,
            } => {
                let mut options = Vec::new();
                if let Some(s) = seconds {
                    options.push(format!("seconds={s}"));
                }
                if seconds.is_none() || *iterations != MAX_ITERATIONS {
                    options.push(format!("iterations={iterations}"));
                }
                if *exploration != DEFAULT_EXPLORATION {
                    options.push(format!("c={exploration}"));
                }
                write!(f, "mcts:{}", options.join(","))
            }
            Spec::Expectimax { depth } => write!(f, "expectimax:depth={depth}"),
            Spec::Learned {
                evaluation: Some(evaluation),
                depth,
            } => write!(f, "learned:file={},depth={depth}", evaluation.path),
            Spec::Learned {
                evaluation: None,
                depth,
            } => write!(f, "learned:depth={depth}"),
        }
    }
}

impl FromStr for Spec {
    type Err = String;

    fn from_str(text: &str) -> Result<Spec, String> {
        let (name, options) = match text.split_once(':') {
            Some((name, options)) => (name, Some(options)),
            None => (text, None),
        };
        let mut pairs = Vec::new();
        for option in options.into_iter().flat_map(|o| o.split(',')) {
            let Some((key, value)) = option.split_once('=') else {
                return Err(format!(
                    "`{option}` in `{text}`: options are written KEY=VALUE, such as `mcts:iterations=2000`"
                ));
            };
            let key = key.trim();
            if pairs.iter().any(|&(k, _)| k == key) {
                return Err(format!(
                    "`{key}` is given twice in `{text}`: give each option once"
                ));
            }
            pairs.push((key, value.trim()));
        }
        let number = |key: &str, value: &str, low: u64, high: u64| -> Result<u64, String> {
            value
                .parse::<u64>()
                .ok()
                .filter(|n| (low..=high).contains(n))
                .ok_or_else(|| {
                    format!("`{key}={value}`: expected a whole number from {low} to {high}")
                })
        };
        let unknown = |key: &str, known: &str| {
            Err(format!("`{name}` has no option `{key}` (it has {known})"))
        };
        match name.trim() {
            "random" => match pairs.first() {
                Some((key, _)) => unknown(key, "none"),
                None => Ok(Spec::Random),
            },
            "mcts" => {
                let mut iterations = None;
                let mut exploration = DEFAULT_EXPLORATION;
                let mut seconds = None;
                for (key, value) in pairs {
                    match key {
                        "iterations" => {
                            iterations =
                                Some(number(key, value, 1, u64::from(MAX_ITERATIONS))? as u32);
                        }
                        "seconds" => {
                            seconds = Some(
                                value
                                    .parse::<f64>()
                                    .ok()
                                    .filter(|s| s.is_finite() && *s > 0.0 && *s <= MAX_SECONDS)
                                    .ok_or_else(|| {
                                        format!(
                                            "`seconds={value}`: expected a number of seconds more than 0 and at most {MAX_SECONDS}"
                                        )
                                    })?,
                            );
                        }
                        "c" => {
                            exploration = value
                                .parse::<f64>()
                                .ok()
                                .filter(|c| c.is_finite() && (0.0..=100.0).contains(c))
                                .ok_or_else(|| {
                                    format!("`c={value}`: expected a number from 0 to 100")
                                })?;
                        }
                        _ => return unknown(key, "`iterations`, `seconds` and `c`"),
                    }
                }
                // A time budget alone runs as many iterations as fit in it.
                let iterations = iterations.unwrap_or(if seconds.is_some() {
                    MAX_ITERATIONS
                } else {
                    DEFAULT_ITERATIONS
                });
                Ok(Spec::Mcts {
                    iterations,
                    exploration,
                    seconds,
                })
            }
            "expectimax" => {
                let mut depth = 2;
                for (key, value) in pairs {
                    match key {
                        "depth" => depth = number(key, value, 1, u64::from(MAX_DEPTH))? as u32,
                        _ => return unknown(key, "`depth`"),
                    }
                }
                Ok(Spec::Expectimax { depth })
            }
            "learned" => {
                let mut file = None;
                let mut depth = DEFAULT_LEARNED_DEPTH;
                for (key, value) in pairs {
                    match key {
                        "file" => file = Some(value),
                        "depth" => depth = number(key, value, 1, u64::from(MAX_DEPTH))? as u32,
                        _ => return unknown(key, "`file` and `depth`"),
                    }
                }
                let evaluation = match file {
                    Some(file) => Some(Arc::new(Learned::read(file)?)),
                    None => None,
                };
                Ok(Spec::Learned { evaluation, depth })
            }
            other => Err(format!(
                "unknown agent `{other}`: the agents are `random`, `mcts[:iterations=N,seconds=S,c=X]`, `expectimax[:depth=N]` and `learned[:file=FILE,depth=N]`"
            )),
        }
    }
}

impl Spec {
    /// The agent ready to play `engine`'s game, read from the file `game`:
    /// `learned` without a file takes the game's own evaluation
    /// ([`Learned::of_game`]), and a learned evaluation must have been
    /// learned for a game of its shape.
    pub fn for_game(&self, engine: &Engine, game: &std::path::Path) -> Result<Spec, String> {
        match self {
            Spec::Learned { evaluation, depth } => {
                let evaluation = match evaluation {
                    Some(e) => e.clone(),
                    None => Arc::new(Learned::of_game(game)?),
                };
                crate::learn::Evaluation::parse(&evaluation.evaluation.text(), engine)
                    .map_err(|e| format!("{}: {e}", evaluation.path))?;
                Ok(Spec::Learned {
                    evaluation: Some(evaluation),
                    depth: *depth,
                })
            }
            other => Ok(other.clone()),
        }
    }

    /// Chooses one of `moves`, the legal turns of `st` (its dice thrown),
    /// and returns its index. `moves` must not be empty.
    pub fn choose(
        &self,
        engine: &Engine,
        st: &State,
        moves: &[Move],
        rng: &mut Rng,
    ) -> Result<usize, TooManyTurns> {
        let mut charged = st.clone();
        self.choose_charged(engine, &mut charged, moves, rng)
    }

    /// [`Spec::choose`], the positions the agent's search passes through
    /// added to `st.work`: a game's own turns and its agents' searches
    /// share its budget ([`crate::engine::MAX_WORK`]), so that no game of
    /// `match` runs unbounded.
    pub fn choose_charged(
        &self,
        engine: &Engine,
        st: &mut State,
        moves: &[Move],
        rng: &mut Rng,
    ) -> Result<usize, TooManyTurns> {
        let root = st.work;
        let (index, spent) = match self {
            Spec::Random => (rng.random_range(0..moves.len()), 0),
            Spec::Mcts { .. } if moves.len() == 1 => (0, 0),
            &Spec::Mcts {
                iterations,
                exploration,
                seconds,
            } => {
                let (hints, spent) = mcts::search_spending(
                    engine,
                    st,
                    moves,
                    (iterations, seconds),
                    exploration,
                    rng,
                )?;
                (hints[0].index, spent)
            }
            Spec::Expectimax { .. } if moves.len() == 1 => (0, 0),
            &Spec::Expectimax { depth } => expectimax::choose(engine, st, moves, depth, None, rng)?,
            Spec::Learned { .. } if moves.len() == 1 => (0, 0),
            Spec::Learned { evaluation, depth } => {
                let features = crate::learn::Features::new(engine);
                let leaves = evaluation.as_ref().map(|e| e.leaves(engine, &features));
                expectimax::choose(engine, st, moves, *depth, leaves, rng)?
            }
        };
        st.work = root.saturating_add(spent);
        Ok(index)
    }

    /// The agent's view of each legal turn, best first: MCTS gives visits and
    /// win rates, expectimax its values, random nothing (all equal).
    pub fn hints(
        &self,
        engine: &Engine,
        st: &State,
        moves: &[Move],
        rng: &mut Rng,
    ) -> Result<Vec<Hint>, TooManyTurns> {
        match self {
            Spec::Random => Ok((0..moves.len())
                .map(|index| Hint {
                    index,
                    visits: 0,
                    value: 0.5,
                })
                .collect()),
            &Spec::Mcts {
                iterations,
                exploration,
                seconds,
            } => mcts::search(engine, st, moves, (iterations, seconds), exploration, rng),
            &Spec::Expectimax { depth } => expectimax::hints(engine, st, moves, depth, None),
            Spec::Learned { evaluation, depth } => {
                let features = crate::learn::Features::new(engine);
                let leaves = evaluation.as_ref().map(|e| e.leaves(engine, &features));
                expectimax::hints(engine, st, moves, *depth, leaves)
            }
        }
    }
}

/// The value of a finished game for each player: 1 for a win, 0 for a loss,
/// ½ for a draw or an unfinished game.
fn rewards(outcome: Outcome) -> [f64; 2] {
    match outcome {
        Outcome::Decisive { winner, .. } => {
            let mut r = [0.0; 2];
            r[winner] = 1.0;
            r
        }
        Outcome::Draw | Outcome::Ongoing => [0.5; 2],
    }
}

/// The judgement of a position for `player`, from -1 (lost) to 1 (won),
/// used at the leaves of expectimax. A finished game is worth its points
/// (scaled to at most 1). Otherwise the game's own `evaluate: SUM` where it
/// has one (the sum for him less his opponent's, v, as 0.9·v / (1 + |v|)),
/// else a general default: on a grid, the share of the
/// material, a piece of a kind some piece is promoted to counting double;
/// with dice: the race, each man's progress along his track against the
/// opponent's. Both stay strictly between -0.9 and 0.9.
pub fn evaluate(engine: &Engine, st: &State, outcome: Outcome, player: usize) -> f64 {
    match outcome {
        Outcome::Decisive { winner, points } => {
            let v = 0.9 + 0.1 * f64::from(points.min(10)) / 10.0;
            if winner == player { v } else { -v }
        }
        Outcome::Draw => 0.0,
        Outcome::Ongoing => {
            if let Some(v) = engine.evaluation(st, player) {
                // The game's own `evaluate`, squeezed into (-0.9, 0.9).
                let v = v as f64;
                return 0.9 * v / (1.0 + v.abs());
            }
            let mut mine = 0.0;
            let mut theirs = 0.0;
            if engine.has_dice() {
                for p in 0..2 {
                    let track = engine.track(p);
                    let length = track.len().saturating_sub(1).max(1) as f64;
                    let mut progress = 0.0;
                    for (position, &site) in track.iter().enumerate() {
                        let site = site as usize;
                        if st.cells[site] != crate::engine::NONE
                            && (st.cells[site] >> 4) as usize == p
                        {
                            progress += f64::from(engine.men(st, site)) * position as f64 / length;
                        }
                    }
                    if p == player {
                        mine = progress;
                    } else {
                        theirs = progress;
                    }
                }
            } else {
                // The kinds some piece is promoted to, as bits (no
                // allocation: rollouts judge a position per legal turn).
                let promoted = engine
                    .game()
                    .kinds
                    .iter()
                    .filter_map(|kind| kind.promote.as_ref())
                    .fold(0u64, |bits, p| {
                        bits | 1u64.checked_shl(p.to as u32).unwrap_or(0)
                    });
                for s in 0..engine.sites() {
                    if let Some((owner, kind)) = st.piece(s) {
                        let promoted = promoted >> kind.min(63) & 1 != 0;
                        let w = if promoted { 2.0 } else { 1.0 };
                        if owner == player {
                            mine += w;
                        } else {
                            theirs += w;
                        }
                    }
                }
            }
            let total = mine + theirs;
            if total == 0.0 {
                0.0
            } else {
                0.9 * (mine - theirs) / total
            }
        }
    }
}
