//! TD(λ) from self-play: the network plays both sides, choosing each turn
//! by its own judgement of the positions the turns lead to, and learns
//! from the difference between its judgements of successive positions,
//! and at the end between its last judgement and the result.

use super::{Features, Net, Scratch};
use crate::engine::{Engine, Move, Outcome, State, TooManyTurns};
use crate::in_progress::{GameInProgress, Kept};
use rand::RngExt;

/// How a training run goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// Games to play.
    pub games: u64,
    /// The learning rate α.
    pub alpha: f32,
    /// The trace decay λ.
    pub lambda: f32,
    /// In games without dice, the share of turns chosen at random, so that
    /// self-play does not repeat one game (dice vary the games by
    /// themselves).
    pub explore: f64,
    /// The seed of the games' dice and random choices.
    pub seed: u64,
    /// Threads playing games at once (at least 1): each plays
    /// [`ROUND_GAMES`] games from the same weights, learning as it plays,
    /// and then their changes are added together, in the threads' order.
    /// A run is a function of its options, this one included; with one
    /// thread each game learns from all before it.
    pub threads: usize,
}

/// The games each thread plays between the merges of a run on more than
/// one thread.
pub const ROUND_GAMES: u64 = 8;

/// What [`train`] reports after each game.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Progress {
    /// Games played so far (of this run).
    pub games: u64,
    /// The mean squared error of the evaluation's predictions against the
    /// results of held-out games it played against itself without learning
    /// (as a share of the most a game is worth, squared), when last
    /// measured.
    pub held_out: Option<f64>,
}

/// The most turns a training game plays; one still going on is left
/// without a final result.
pub const MAX_TRAINING_TURNS: u32 = 2_000;

/// The most points a game is worth.
fn most_points(engine: &Engine) -> f32 {
    f32::from(engine.most_points())
}

/// The result for player 0, as a share of the most a game is worth.
fn result_for_first(outcome: Outcome, most: f32) -> f32 {
    match outcome {
        Outcome::Decisive { winner, points } => {
            let v = f32::from(points) / most;
            if winner == 0 { v } else { -v }
        }
        _ => 0.0,
    }
}

/// Buffers for judging positions, reused.
#[derive(Default)]
pub struct Judge {
    active: Vec<(u32, f32)>,
    scratch: Scratch,
    after: Option<State>,
    moves: Vec<Move>,
}

impl Judge {
    /// The network's value of `st` for the player to move.
    fn value(&mut self, engine: &Engine, features: &Features, net: &Net, st: &State) -> f32 {
        features.encode(engine, st, st.to_move as usize, &mut self.active);
        net.value(&self.active, &mut self.scratch)
    }

    /// What the position after `m` is worth to the player who plays it: its
    /// result where it ends the game, else the network's judgement.
    fn after(
        &mut self,
        engine: &Engine,
        features: &Features,
        net: &Net,
        st: &State,
        m: &Move,
        most: f32,
    ) -> f32 {
        let me = st.to_move as usize;
        let mut after = self.after.take().unwrap_or_else(|| st.clone());
        after.clone_from(st);
        engine.play_unchecked(&mut after, m);
        // A roll with more turns than the engine lists has some: the game
        // goes on.
        let outcome = engine
            .outcome_after_turn(&mut after, m, &mut self.moves)
            .unwrap_or(Outcome::Ongoing);
        let v = match outcome {
            Outcome::Ongoing => {
                let v = self.value(engine, features, net, &after);
                if after.to_move as usize == me { v } else { -v }
            }
            o => {
                let v = result_for_first(o, most);
                if me == 0 { v } else { -v }
            }
        };
        self.after = Some(after);
        v
    }
}

/// The index of the turn among `moves` that the network judges best for
/// the player to move (the first of equals).
pub fn greedy_choice(
    engine: &Engine,
    features: &Features,
    net: &Net,
    st: &State,
    moves: &[Move],
    judge: &mut Judge,
) -> usize {
    let most = most_points(engine);
    let mut best = (f32::NEG_INFINITY, 0);
    for (i, m) in moves.iter().enumerate() {
        let v = judge.after(engine, features, net, st, m, most);
        if v > best.0 {
            best = (v, i);
        }
    }
    best.1
}

/// One game of the network against itself from the start, seeded by
/// `seed`. With `trace` (a vector of [`Net::weights`]) it learns as it
/// plays; without, it only records its predictions for player 0 and the
/// result, for the held-out error.
fn self_play(
    (engine, features, options): (&Engine, &Features, &Options),
    net: &mut Net,
    seed: u64,
    mut trace: Option<&mut Vec<f32>>,
    judge: &mut Judge,
    predictions: &mut Vec<f32>,
) -> Result<Option<f32>, TooManyTurns> {
    let most = most_points(engine);
    let mut game = GameInProgress::new(engine, engine.start(), seed, Kept::NOTHING);
    game.open();
    let mut previous: Option<f32> = None;
    if let Some(t) = trace.as_deref_mut() {
        t.iter_mut().for_each(|x| *x = 0.0);
    }
    let mut active = Vec::new();
    let mut scratch = Scratch::default();
    for _ in 0..MAX_TRAINING_TURNS {
        game.throw_if_due();
        if let Some(stuck) = game.stuck() {
            return Err(stuck.cause);
        }
        let outcome = game.outcome();
        // Turns that begin with a throw explore by their dice alone.
        let thrown = game.thrown();
        let (st, moves, rng) = game.choice();
        if outcome != Outcome::Ongoing || moves.is_empty() {
            let z = result_for_first(outcome, most);
            if let (Some(t), Some(p)) = (trace.as_deref_mut(), previous) {
                net.update(t, options.alpha * (z - p));
            }
            return Ok(Some(z));
        }
        // The value of this position for player 0, and its gradient.
        let mover = st.to_move as usize;
        features.encode(engine, st, mover, &mut active);
        let v = net.value(&active, &mut scratch);
        let sign = if mover == 0 { 1.0 } else { -1.0 };
        let w = sign * v;
        predictions.push(w);
        if let Some(t) = trace.as_deref_mut() {
            if let Some(p) = previous {
                net.update(t, options.alpha * (w - p));
            }
            t.iter_mut().for_each(|x| *x *= options.lambda);
            net.add_gradient(&active, &scratch, v, sign, t);
        }
        previous = Some(w);
        let explore = !thrown && trace.is_some() && rng.random::<f64>() < options.explore;
        let i = if explore {
            rng.random_range(0..moves.len())
        } else {
            greedy_choice(engine, features, net, st, moves, judge)
        };
        let m = moves[i];
        game.play(&m, false);
    }
    Ok(None)
}

/// Games held out to measure the error, and how often it is measured.
const HELD_OUT_GAMES: u64 = 20;
const HELD_OUT_EVERY: u64 = 500;

/// The mean squared error of `net`'s predictions over the held-out games.
fn held_out_error(
    engine: &Engine,
    features: &Features,
    net: &mut Net,
    options: &Options,
    judge: &mut Judge,
) -> Result<f64, TooManyTurns> {
    let mut sum = 0.0;
    let mut n = 0usize;
    let mut predictions = Vec::new();
    for g in 0..HELD_OUT_GAMES {
        predictions.clear();
        // Seeds apart from the training games' (which count up from the seed).
        let seed = options.seed ^ 0x05ee_d0f4_e1d0_u64.wrapping_add(g);
        if let Some(z) = self_play(
            (engine, features, options),
            net,
            seed,
            None,
            judge,
            &mut predictions,
        )? {
            sum += predictions
                .iter()
                .map(|&p| f64::from(p - z).powi(2))
                .sum::<f64>();
            n += predictions.len();
        }
    }
    Ok(if n == 0 { 0.0 } else { sum / n as f64 })
}

/// Plays and learns from games `games` (each seeded `options.seed + i`)
/// one after another on `net`.
fn learn_games(
    (engine, features, options): (&Engine, &Features, &Options),
    net: &mut Net,
    games: std::ops::Range<u64>,
) -> Result<(), TooManyTurns> {
    let mut trace = vec![0.0; net.weights()];
    let mut judge = Judge::default();
    let mut predictions = Vec::new();
    for g in games {
        predictions.clear();
        self_play(
            (engine, features, options),
            net,
            options.seed.wrapping_add(g),
            Some(&mut trace),
            &mut judge,
            &mut predictions,
        )?;
    }
    Ok(())
}

/// Trains `net` by `options.games` games of self-play; `keep_going` is
/// asked before each game on one thread (before each round of
/// [`ROUND_GAMES`] a thread on more), `progress` told after. Game `i` is
/// seeded `options.seed + i`, so a run is a function of its options and
/// the starting weights.
pub fn train(
    engine: &Engine,
    features: &Features,
    net: &mut Net,
    options: &Options,
    keep_going: &dyn Fn() -> bool,
    progress: &mut dyn FnMut(Progress),
) -> Result<Progress, TooManyTurns> {
    let threads = options.threads.max(1) as u64;
    // One game at a time on one thread; else rounds of games on each.
    let per_thread = if threads == 1 { 1 } else { ROUND_GAMES };
    let mut judge = Judge::default();
    let mut report = Progress::default();
    let mut played = 0u64;
    while played < options.games && keep_going() {
        let end = options
            .games
            .min(played.saturating_add(per_thread * threads));
        let shares = (0..threads).filter_map(|t| {
            let first = played + t * per_thread;
            (first < end).then(|| first..(first + per_thread).min(end))
        });
        let run = (engine, features, options);
        if threads == 1 {
            learn_games(run, net, played..end)?;
        } else {
            let base = net.clone();
            let learned: Vec<Result<Net, TooManyTurns>> = std::thread::scope(|scope| {
                let handles: Vec<_> = shares
                    .map(|games| {
                        let mut local = base.clone();
                        scope.spawn(move || learn_games(run, &mut local, games).map(|()| local))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a training thread does not panic"))
                    .collect()
            });
            for local in learned {
                net.add_change(&base, &local?);
            }
        }
        report.games = end;
        if end / HELD_OUT_EVERY > played / HELD_OUT_EVERY || end == options.games {
            report.held_out = Some(held_out_error(engine, features, net, options, &mut judge)?);
        }
        played = end;
        progress(report);
    }
    Ok(report)
}
