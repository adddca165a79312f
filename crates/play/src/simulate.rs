//! Many seeded random games on every core: `simulate` and `bench`.
//!
//! Game `i` of a run from seed `s` is the playout of seed `s + i`, whichever
//! thread plays it, and the tallies only add up: so a summary is the same
//! for every number of threads, and equal to playing the games one by one.

use crate::engine::{Engine, Outcome};
use crate::playout::{self, TooManyTurnsAt};
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The most threads a run may ask for.
pub const MAX_THREADS: usize = 1024;

/// Games a thread claims at a time: large enough that claiming costs
/// nothing, small enough that the threads finish together.
const BATCH: u64 = 64;

/// What a run of games came to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// Per player: games won.
    pub wins: Vec<u64>,
    /// Per player: points scored (a double counts 2).
    pub points: Vec<u64>,
    /// Per player: games won, by the points each was worth.
    pub wins_by_points: Vec<BTreeMap<u8, u64>>,
    /// Games drawn.
    pub draws: u64,
    /// Games stopped at [`playout::MAX_PLIES`] turns.
    pub unfinished: u64,
    /// Turns played in all games.
    pub plies: u64,
    /// Per player: games he started after the opening throw (in games that
    /// have one; all 0 otherwise).
    pub starts: Vec<u64>,
}

impl Summary {
    /// The summary as `ludus simulate --json` prints it (also what the
    /// Python module returns): per player wins, points and wins by points,
    /// draws, unfinished games, mean turns, and in games with an opening
    /// throw who started.
    pub fn json(&self, engine: &Engine, seed: u64) -> serde_json::Value {
        let names = engine.game().player_names();
        let per_player = |values: &[u64]| -> serde_json::Map<String, serde_json::Value> {
            names
                .iter()
                .zip(values)
                .map(|(n, v)| (n.to_string(), (*v).into()))
                .collect()
        };
        let sizes: serde_json::Map<String, serde_json::Value> = names
            .iter()
            .zip(&self.wins_by_points)
            .map(|(n, sizes)| {
                let sizes: serde_json::Map<String, serde_json::Value> = sizes
                    .iter()
                    .map(|(p, w)| (p.to_string(), (*w).into()))
                    .collect();
                (n.to_string(), sizes.into())
            })
            .collect();
        let mean = self.plies as f64 / self.games.max(1) as f64;
        let mut value = serde_json::json!({"game": engine.game().name, "games": self.games, "seed": seed, "wins": per_player(&self.wins), "points": self.points, "wins_by_points": sizes, "draws": self.draws, "unfinished": self.unfinished, "mean_plies": mean});
        if engine.game().dice.is_some_and(|d| d.opening.is_some()) {
            value["starts"] = per_player(&self.starts).into();
        }
        value
    }

    fn new(players: usize) -> Summary {
        Summary {
            wins: vec![0; players],
            points: vec![0; players],
            wins_by_points: vec![BTreeMap::new(); players],
            starts: vec![0; players],
            ..Summary::default()
        }
    }

    fn count(&mut self, outcome: Outcome, plies: u32) {
        self.games += 1;
        self.plies += u64::from(plies);
        match outcome {
            Outcome::Decisive { winner, points } => {
                self.wins[winner] += 1;
                self.points[winner] += u64::from(points);
                *self.wins_by_points[winner].entry(points).or_default() += 1;
            }
            Outcome::Draw => self.draws += 1,
            Outcome::Ongoing => self.unfinished += 1,
        }
    }

    fn add(&mut self, other: &Summary) {
        self.games += other.games;
        self.draws += other.draws;
        self.unfinished += other.unfinished;
        self.plies += other.plies;
        for p in 0..self.wins.len() {
            self.wins[p] += other.wins[p];
            self.points[p] += other.points[p];
            self.starts[p] += other.starts[p];
            for (&size, &n) in &other.wins_by_points[p] {
                *self.wins_by_points[p].entry(size).or_default() += n;
            }
        }
    }
}

/// A game of the run that could not be played to its end.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the game with seed {seed} stopped {cause}")]
pub struct Stopped {
    /// The seed of that game.
    pub seed: u64,
    /// Where and why.
    pub cause: TooManyTurnsAt,
}

/// The number of threads to use when the user gives none: every core.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Plays `games` random games from seeds `seed`, `seed + 1`, … on
/// `threads` threads, calling `progress` with the number of games each
/// batch adds. When games fail, the error names the one of lowest index,
/// as a run on one thread would.
pub fn simulate(
    engine: &Engine,
    games: u64,
    seed: u64,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Summary, Stopped> {
    let players = engine.game().players.len();
    let next = AtomicU64::new(0);
    // The lowest index of a failed game: no thread starts a batch past it.
    let failed_at = AtomicU64::new(u64::MAX);
    let first_error: Mutex<Option<(u64, Stopped)>> = Mutex::new(None);
    let threads = threads.clamp(1, MAX_THREADS);
    let work = || {
        let start = engine.start();
        let mut st = start.clone();
        let mut moves = Vec::with_capacity(256);
        let mut tally = Summary::new(players);
        loop {
            let first = next.fetch_add(BATCH, Ordering::Relaxed);
            if first >= games || first >= failed_at.load(Ordering::Relaxed) {
                return tally;
            }
            let last = (first + BATCH).min(games);
            for i in first..last {
                let seed = seed.wrapping_add(i);
                let mut rng = playout::rng(seed);
                st.clone_from(&start);
                if engine.opening(&mut st, &mut rng).is_some() {
                    tally.starts[st.to_move as usize] += 1;
                }
                match playout::random_playout(engine, &mut st, &mut rng, &mut moves) {
                    Ok(result) => tally.count(result.outcome, result.plies),
                    Err(cause) => {
                        failed_at.fetch_min(i, Ordering::Relaxed);
                        let mut slot = first_error.lock().unwrap_or_else(|e| e.into_inner());
                        if slot.as_ref().is_none_or(|(j, _)| i < *j) {
                            *slot = Some((i, Stopped { seed, cause }));
                        }
                        return tally;
                    }
                }
            }
            progress(last - first);
        }
    };
    let mut total = Summary::new(players);
    if threads == 1 {
        total.add(&work());
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads).map(|_| s.spawn(work)).collect();
            for h in handles {
                match h.join() {
                    Ok(tally) => total.add(&tally),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
        });
    }
    match first_error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some((_, stopped)) => Err(stopped),
        None => Ok(total),
    }
}

/// What a benchmark measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bench {
    /// Playouts completed by all threads.
    pub games: u64,
    /// Turns played in them.
    pub plies: u64,
    /// Wall-clock seconds from the start to the last thread's end.
    pub seconds: f64,
}

/// Refuses `games` games from `seed` (game i of seed `seed + i`) whose
/// last seed would pass `u64::MAX`, rather than wrap to 0.
pub fn check_seeds(seed: u64, games: u64) -> Result<(), String> {
    let Some(last) = games.checked_sub(1) else {
        return Ok(());
    };
    if seed.checked_add(last).is_some() {
        return Ok(());
    }
    Err(format!(
        "seed {seed} with {games} games: game i has seed {seed} + i, past the largest seed, {} (u64::MAX), from game {}; give a seed of at most {}",
        u64::MAX,
        u64::MAX - seed + 1,
        u64::MAX - last
    ))
}

/// Refuses a bench from `seed` on `threads` threads whose threads' seeds,
/// `seed + t * 2^32`, would pass `u64::MAX`.
pub fn check_bench_seed(seed: u64, threads: usize) -> Result<(), String> {
    let span = ((threads.clamp(1, MAX_THREADS) as u64) << 32) - 1;
    match seed.checked_add(span) {
        Some(_) => Ok(()),
        None => Err(format!(
            "seed {seed} on {threads} threads: thread t plays from seed {seed} + t * 2^32, past the largest seed, {} (u64::MAX); give a seed of at most {}",
            u64::MAX,
            u64::MAX - span
        )),
    }
}

/// Plays random games on `threads` threads for about `budget`, each
/// thread at least one batch. Thread `t` plays the games of seeds
/// `seed + t * 2^32`, `seed + t * 2^32 + 1`, …, so the threads never play
/// the same game.
pub fn bench(
    engine: &Engine,
    budget: Duration,
    seed: u64,
    threads: usize,
) -> Result<Bench, Stopped> {
    let threads = threads.clamp(1, MAX_THREADS);
    let began = Instant::now();
    let work = |t: usize| -> Result<(u64, u64), Stopped> {
        let start = engine.start();
        let mut st = start.clone();
        let mut moves = Vec::with_capacity(256);
        let seed = seed.wrapping_add((t as u64) << 32);
        let mut rng = playout::rng(seed);
        let (mut games, mut plies) = (0u64, 0u64);
        loop {
            for _ in 0..BATCH {
                st.clone_from(&start);
                engine.opening(&mut st, &mut rng);
                let result = playout::random_playout(engine, &mut st, &mut rng, &mut moves)
                    .map_err(|cause| Stopped { seed, cause })?;
                plies += u64::from(result.plies);
                games += 1;
            }
            if began.elapsed() >= budget {
                return Ok((games, plies));
            }
        }
    };
    let results: Vec<Result<(u64, u64), Stopped>> = if threads == 1 {
        vec![work(0)]
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let work = &work;
                    s.spawn(move || work(t))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect()
        })
    };
    // A clock too coarse to see the batch still gives finite rates.
    let seconds = began.elapsed().as_secs_f64().max(1e-9);
    let (mut games, mut plies) = (0, 0);
    for r in results {
        let (g, p) = r?;
        games += g;
        plies += p;
    }
    Ok(Bench {
        games,
        plies,
        seconds,
    })
}
