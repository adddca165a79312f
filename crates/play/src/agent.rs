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
use crate::ir::MAX_PLAYERS;
use crate::rng::Rng;
use rand::RngExt;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

pub mod cube;
pub mod expectimax;
pub mod janowski;
mod mcts;
mod rollout;

pub use mcts::Hint;
pub use rollout::{
    Equity, MAX_ROLLOUT_TURNS, Policy, equity, equity_learned, equity_with, turn_equities,
    turn_equities_with,
};

/// The most MCTS iterations per turn.
pub const MAX_ITERATIONS: u32 = 10_000_000;

/// The deepest expectimax search, in turns.
pub const MAX_DEPTH: u32 = 8;

/// The longest MCTS time budget per turn, in seconds.
pub const MAX_SECONDS: f64 = 3_600.0;

/// The positions an agent's search may pass through for each position the
/// game has left of its budget ([`crate::engine::MAX_WORK`]): a search
/// looks at many positions for every turn played, and a game of MCTS with
/// random playouts in a race of fifteen men each passes through some 100
/// million. A game's searches are bounded still, at some 500 million
/// positions.
pub const SEARCH_SHARE: u64 = 64;

/// What an agent's search may pass through from `st`: [`SEARCH_SHARE`]
/// positions for each the game has left of its budget.
fn search_budget(st: &State) -> u64 {
    crate::engine::MAX_WORK
        .saturating_sub(st.work)
        .saturating_mul(SEARCH_SHARE)
}

/// Default MCTS iterations per turn.
pub const DEFAULT_ITERATIONS: u32 = 1_000;

/// Default search depth of the learned agent, in turns.
pub const DEFAULT_LEARNED_DEPTH: u32 = 2;

/// The time per turn of the default opponent (`computer`) searching with
/// a learned evaluation in a game without dice, in seconds.
pub const COMPUTER_SECONDS: f64 = 0.5;

/// Default UCT exploration constant.
pub const DEFAULT_EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// An agent and its budget.
#[derive(Clone, Debug, PartialEq)]
pub enum Spec {
    /// A uniformly random legal turn.
    Random,
    /// The default opponent, `computer`: the strongest agent measured for
    /// the game's family, chosen by [`Spec::for_game`] (until then it plays
    /// as MCTS of [`DEFAULT_ITERATIONS`]).
    Computer,
    /// UCT with the dice as chance nodes whose outcomes are sampled, so
    /// every statistic is conditioned on the roll it saw; a new node is
    /// judged by a random playout, or by a learned evaluation.
    Mcts {
        /// Iterations per turn.
        iterations: u32,
        /// The exploration constant `c` of UCB1.
        exploration: f64,
        /// A time budget per turn in seconds (`seconds=0.5`), which ends the
        /// search earlier than `iterations` would; its choices then depend
        /// on the machine's speed and are not repeatable.
        seconds: Option<f64>,
        /// What judges a new node: [`Judge::Rules`], a random playout.
        judge: Judge,
    },
    /// Expectimax to a depth in turns: the mover maximises, the opponent
    /// minimises, dice are averaged over every roll with its probability;
    /// alpha-beta pruning where there are no dice. Written `learned` when
    /// a learned evaluation judges the leaves.
    Expectimax {
        /// Turns searched ahead (the turn chosen counts as the first); with
        /// `seconds`, the deepest search tried.
        depth: u32,
        /// A time budget per turn in seconds: the search deepens one turn
        /// at a time from one turn ahead, and the choice of the deepest
        /// search finished within the budget is played (not repeatable).
        seconds: Option<f64>,
        /// What judges the leaves: [`Judge::Rules`], [`evaluate`].
        judge: Judge,
    },
}

/// What judges the positions an agent's search reaches.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Judge {
    /// The game's rules: [`evaluate`] at expectimax's leaves, random
    /// playouts in MCTS.
    #[default]
    Rules,
    /// A learned evaluation (`ludus train`); `None` for the game's own,
    /// found by [`Spec::for_game`] (until then the agent judges by the
    /// rules).
    Learned(Option<Arc<Learned>>),
}

impl Judge {
    /// The learned evaluation as the leaves of a search, if one is given.
    fn leaves<'a>(
        &'a self,
        engine: &Engine,
        features: &'a crate::learn::Features,
    ) -> Option<expectimax::Leaves<'a>> {
        match self {
            Judge::Learned(Some(e)) => Some(e.leaves(engine, features)),
            _ => None,
        }
    }

    /// The judge ready for `engine`'s game, read from the file `game`: the
    /// game's own evaluation found, and any evaluation checked against the
    /// game.
    fn for_game(&self, engine: &Engine, game: &std::path::Path) -> Result<Judge, String> {
        let Judge::Learned(evaluation) = self else {
            return Ok(Judge::Rules);
        };
        let evaluation = match evaluation {
            Some(e) => e.clone(),
            None => Arc::new(Learned::of_game(game)?),
        };
        crate::learn::Evaluation::parse(&evaluation.evaluation.text(), engine)
            .map_err(|e| format!("{}: {e}", evaluation.path))?;
        Ok(Judge::Learned(Some(evaluation)))
    }

    /// The option that names it (`eval=FILE`, `eval=own`), if any.
    fn option(&self) -> Option<String> {
        match self {
            Judge::Rules => None,
            Judge::Learned(Some(e)) if !e.bundled => Some(format!("eval={}", e.path)),
            Judge::Learned(_) => Some("eval=own".to_string()),
        }
    }

    /// The judge an option `eval=VALUE` names.
    fn parse(value: &str) -> Result<Judge, String> {
        Ok(match value {
            "own" => Judge::Learned(None),
            file => Judge::Learned(Some(Arc::new(Learned::read(file)?))),
        })
    }
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
    /// Whether it is the one bundled for a bundled game of that name (no
    /// file to name: an agent shows it as the game's own).
    pub bundled: bool,
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
            most: f64::from(engine.most_points()),
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
            bundled: false,
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
            Some(text) => {
                Learned::from_text(&format!("{stem}.eval (bundled)"), text).map(|learned| Learned {
                    bundled: true,
                    ..learned
                })
            }
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
            Spec::Computer => write!(f, "computer"),
            Spec::Mcts {
                iterations,
                exploration,
                seconds,
                judge,
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
                options.extend(judge.option());
                write!(f, "mcts:{}", options.join(","))
            }
            Spec::Expectimax {
                depth,
                seconds,
                judge,
            } => {
                let mut options = Vec::new();
                let name = match judge {
                    Judge::Rules => "expectimax",
                    Judge::Learned(evaluation) => {
                        if let Some(e) = evaluation.as_ref().filter(|e| !e.bundled) {
                            options.push(format!("file={}", e.path));
                        }
                        "learned"
                    }
                };
                if seconds.is_none() || *depth != MAX_DEPTH {
                    options.push(format!("depth={depth}"));
                }
                if let Some(s) = seconds {
                    options.push(format!("seconds={s}"));
                }
                if options.is_empty() {
                    write!(f, "{name}")
                } else {
                    write!(f, "{name}:{}", options.join(","))
                }
            }
        }
    }
}

/// A time budget in seconds, as an agent's option `seconds=S`.
fn seconds(value: &str) -> Result<f64, String> {
    value
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= MAX_SECONDS)
        .ok_or_else(|| {
            format!(
                "`seconds={value}`: expected a number of seconds more than 0 and at most {MAX_SECONDS}"
            )
        })
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
            "computer" => match pairs.first() {
                Some((key, _)) => unknown(key, "none"),
                None => Ok(Spec::Computer),
            },
            "mcts" => {
                let mut iterations = None;
                let mut exploration = DEFAULT_EXPLORATION;
                let mut budget = None;
                let mut judge = Judge::Rules;
                for (key, value) in pairs {
                    match key {
                        "iterations" => {
                            iterations =
                                Some(number(key, value, 1, u64::from(MAX_ITERATIONS))? as u32);
                        }
                        "seconds" => budget = Some(seconds(value)?),
                        "c" => {
                            exploration = value
                                .parse::<f64>()
                                .ok()
                                .filter(|c| c.is_finite() && (0.0..=100.0).contains(c))
                                .ok_or_else(|| {
                                    format!("`c={value}`: expected a number from 0 to 100")
                                })?;
                        }
                        "eval" => judge = Judge::parse(value)?,
                        _ => return unknown(key, "`iterations`, `seconds`, `c` and `eval`"),
                    }
                }
                // A time budget alone runs as many iterations as fit in it.
                let iterations = iterations.unwrap_or(if budget.is_some() {
                    MAX_ITERATIONS
                } else {
                    DEFAULT_ITERATIONS
                });
                Ok(Spec::Mcts {
                    iterations,
                    exploration,
                    seconds: budget,
                    judge,
                })
            }
            name @ ("expectimax" | "learned") => {
                let learned = name == "learned";
                let mut depth = None;
                let mut budget = None;
                let mut judge = if learned {
                    Judge::Learned(None)
                } else {
                    Judge::Rules
                };
                for (key, value) in pairs {
                    match key {
                        "depth" => {
                            depth = Some(number(key, value, 1, u64::from(MAX_DEPTH))? as u32)
                        }
                        "seconds" => budget = Some(seconds(value)?),
                        "file" if learned => {
                            judge = Judge::Learned(Some(Arc::new(Learned::read(value)?)))
                        }
                        "eval" if !learned => judge = Judge::parse(value)?,
                        _ if learned => return unknown(key, "`file`, `depth` and `seconds`"),
                        _ => return unknown(key, "`depth`, `seconds` and `eval`"),
                    }
                }
                // A time budget alone searches as deep as it allows.
                let depth = depth.unwrap_or(if budget.is_some() {
                    MAX_DEPTH
                } else if learned {
                    DEFAULT_LEARNED_DEPTH
                } else {
                    2
                });
                Ok(Spec::Expectimax {
                    depth,
                    seconds: budget,
                    judge,
                })
            }
            other => Err(format!(
                "unknown agent `{other}`: the agents are `computer`, `random`, `mcts[:iterations=N,seconds=S,c=X,eval=FILE]`, `expectimax[:depth=N,seconds=S,eval=FILE]` and `learned[:file=FILE,depth=N,seconds=S]`"
            )),
        }
    }
}

impl Spec {
    /// The agent ready to play `engine`'s game, read from the file `game`:
    /// an evaluation without a file (`learned`, `eval=own`) is the game's
    /// own ([`Learned::of_game`]), and a learned evaluation must have been
    /// learned for a game of its shape.
    pub fn for_game(&self, engine: &Engine, game: &std::path::Path) -> Result<Spec, String> {
        let mut ready = self.clone();
        self.fits_players(engine.players())?;
        match &mut ready {
            Spec::Computer => return Ok(Spec::strongest(engine, game)),
            Spec::Random => {}
            Spec::Mcts { judge, .. } | Spec::Expectimax { judge, .. } => {
                *judge = judge.for_game(engine, game)?;
            }
        }
        Ok(ready)
    }

    /// Refuses an agent that searches games of two players alone in a
    /// game of `players` players: expectimax, and a learned evaluation.
    pub fn fits_players(&self, players: usize) -> Result<(), String> {
        if players <= 2 {
            return Ok(());
        }
        match self {
            Spec::Expectimax { .. } => Err(format!(
                "expectimax searches games of two players, and this one has {players}: use `mcts` (each node of its tree maximises the reward of the player to move there) or `random`"
            )),
            Spec::Mcts {
                judge: Judge::Learned(_),
                ..
            } => Err(format!(
                "a learned evaluation judges games of two players, and this one has {players}: use `mcts` judged by random playouts (its default)"
            )),
            _ => Ok(()),
        }
    }

    /// A note where the agent plays by an evaluation learned for another
    /// game than `engine`'s (of the same shape, or [`Spec::for_game`] would
    /// have refused it), for the command to show: the agent plays, but by
    /// what another game taught.
    pub fn foreign_evaluation(&self, engine: &Engine) -> Option<String> {
        let (Spec::Mcts { judge, .. } | Spec::Expectimax { judge, .. }) = self else {
            return None;
        };
        let Judge::Learned(Some(e)) = judge else {
            return None;
        };
        let game = &engine.game().name;
        (e.evaluation.game != *game).then(|| {
            format!(
                "note: {} was learned for `{}`, not for `{game}`: the agent plays `{game}` by what `{}` taught it",
                e.path, e.evaluation.game, e.evaluation.game
            )
        })
    }

    /// The strongest agent measured for `engine`'s game, read from the file
    /// `game`, at a pace a person can play against: where the game has its
    /// own learned evaluation, expectimax judged by it ([`DEFAULT_LEARNED_DEPTH`]
    /// turns deep in dice games, judged by an expert engine it loses a
    /// fifth of what expectimax does; elsewhere as deep as
    /// [`COMPUTER_SECONDS`] allow, where it takes most of the points from
    /// expectimax given the same time); else in dice games expectimax two
    /// turns deep (in the tables games it beat MCTS of 1,000 iterations 19
    /// to 1, 50 times faster), and MCTS elsewhere.
    pub fn strongest(engine: &Engine, game: &std::path::Path) -> Spec {
        let dice = engine.has_dice();
        match Learned::of_game(game) {
            Ok(learned) => Spec::Expectimax {
                depth: if dice {
                    DEFAULT_LEARNED_DEPTH
                } else {
                    MAX_DEPTH
                },
                seconds: (!dice).then_some(COMPUTER_SECONDS),
                judge: Judge::Learned(Some(Arc::new(learned))),
            }
            .for_game(engine, game)
            .unwrap_or_else(|_| Spec::fallback(dice)),
            Err(_) => Spec::fallback(dice),
        }
    }

    /// The strongest agent without a learned evaluation.
    fn fallback(dice: bool) -> Spec {
        if dice {
            Spec::Expectimax {
                depth: 2,
                seconds: None,
                judge: Judge::Rules,
            }
        } else {
            Spec::Mcts {
                iterations: DEFAULT_ITERATIONS,
                exploration: DEFAULT_EXPLORATION,
                seconds: None,
                judge: Judge::Rules,
            }
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
    /// added to `st.work`, each counting 1/[`SEARCH_SHARE`]: a game's own
    /// turns and its agents' searches share its budget
    /// ([`crate::engine::MAX_WORK`]), so that no game of `match` runs
    /// unbounded.
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
            _ if moves.len() == 1 => (0, 0),
            Spec::Computer => {
                return Spec::fallback(false).choose_charged(engine, st, moves, rng);
            }
            Spec::Mcts { judge, .. } => {
                let features = crate::learn::Features::new(engine);
                let leaves = judge.leaves(engine, &features);
                let (hints, spent) =
                    mcts::search_spending(engine, st, moves, self.budget(), leaves, rng)?;
                (hints[0].index, spent)
            }
            Spec::Expectimax {
                depth,
                seconds,
                judge,
            } => {
                let features = crate::learn::Features::new(engine);
                let leaves = judge.leaves(engine, &features);
                expectimax::choose(engine, st, moves, (*depth, *seconds), leaves, rng)?
            }
        };
        st.work = root.saturating_add(spent.div_ceil(SEARCH_SHARE));
        Ok(index)
    }

    /// The agent's view of each legal turn, best first: MCTS gives visits and
    /// mean rewards, expectimax its values, random nothing (all equal).
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
            Spec::Computer => Spec::fallback(false).hints(engine, st, moves, rng),
            Spec::Mcts { judge, .. } => {
                let features = crate::learn::Features::new(engine);
                let leaves = judge.leaves(engine, &features);
                mcts::search(engine, st, moves, self.budget(), leaves, rng)
            }
            Spec::Expectimax {
                depth,
                seconds,
                judge,
            } => {
                let features = crate::learn::Features::new(engine);
                let leaves = judge.leaves(engine, &features);
                expectimax::hints(engine, st, moves, (*depth, *seconds), leaves)
            }
        }
    }

    /// MCTS's budget (the default for other agents).
    fn budget(&self) -> mcts::Budget {
        match *self {
            Spec::Mcts {
                iterations,
                exploration,
                seconds,
                ..
            } => mcts::Budget {
                iterations,
                seconds,
                exploration,
            },
            _ => mcts::Budget {
                iterations: DEFAULT_ITERATIONS,
                seconds: None,
                exploration: DEFAULT_EXPLORATION,
            },
        }
    }

    /// The learned evaluation it plays by, if it has one ready (see
    /// [`Spec::for_game`]).
    pub fn evaluation(&self) -> Option<&Learned> {
        match self {
            Spec::Mcts { judge, .. } | Spec::Expectimax { judge, .. } => match judge {
                Judge::Learned(Some(e)) => Some(e),
                _ => None,
            },
            Spec::Random | Spec::Computer => None,
        }
    }

    /// Whether its values are in shares of the most a game is worth, from
    /// -1 to 1 (a learned evaluation's), rather than its own scale.
    pub fn learned(&self) -> bool {
        match self {
            Spec::Random | Spec::Computer => false,
            Spec::Mcts { judge, .. } | Spec::Expectimax { judge, .. } => {
                matches!(judge, Judge::Learned(_))
            }
        }
    }
}

/// The points a game is worth to each player, as shares of the most a game
/// can be worth (`most`) mapped from -1..1 to 0..1: a single win 1 where
/// no game is worth more, a draw or an unfinished game ½.
fn rewards(outcome: Outcome, most: f64) -> [f64; MAX_PLAYERS] {
    match outcome {
        Outcome::Decisive { winner, points } => {
            let share = (f64::from(points) / most).min(1.0);
            let mut r = [(1.0 - share) / 2.0; MAX_PLAYERS];
            r[winner] = (1.0 + share) / 2.0;
            r
        }
        Outcome::Draw | Outcome::Ongoing => [0.5; MAX_PLAYERS],
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
            if engine.sows() {
                // Sowing: the seeds in each player's store (his zones),
                // his for good, over all the seeds.
                let sites = &engine.game().board.sites;
                let all: f64 = st.stack.iter().map(|&n| f64::from(n)).sum();
                for (s, &n) in st.stack.iter().enumerate() {
                    match sites[s].owner {
                        Some(p) if p == player => mine += f64::from(n),
                        Some(_) => theirs += f64::from(n),
                        None => {}
                    }
                }
                return 0.9 * (mine - theirs) / all.max(1.0);
            }
            if engine.has_tracks() {
                // A race: the men's progress along their tracks.
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
