//! Matches between two agents: seeded games on every core, shards of a
//! match for a cluster, and the summary with its confidence intervals.
//!
//! Game `i` of a match from seed `s` is a function of `s + i` and the two
//! agents alone: the same generator makes the opening throw (in games that
//! have one), throws the dice and feeds both agents.
//! With `swap`, the agents change colours on odd games. A summary is
//! computed from the games' results in index order, so one run, any number
//! of threads, and the merged shards of a run all give the same summary.

use crate::agent::Spec;
use crate::engine::{Engine, Outcome, TooManyTurns};
use crate::in_progress::{GameInProgress, Kept};
use crate::playout::{self, MAX_PLIES};
use serde::{Deserialize, Serialize};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// The z value of a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// A match to play, or a shard of one.
#[derive(Clone, Debug, PartialEq)]
pub struct Match {
    /// The first player's agent in even games (`--first`, or by his name).
    pub a: Spec,
    /// The second player's agent in even games.
    pub b: Spec,
    /// Games in the whole match.
    pub games: u64,
    /// Seed of game 0; game i uses seed + i.
    pub seed: u64,
    /// Whether the agents change colours on odd games.
    pub swap: bool,
    /// `(k, n)`: play only the games whose index is k - 1 modulo n.
    pub shard: Option<(u64, u64)>,
    /// Each game of the match a match to this many points instead (with
    /// the cube where the game has one): its games one after another
    /// from the same generator, until one side has the points.
    pub length: Option<u32>,
}

/// One game of a match, as written in its JSON lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// The run of an experiment the game belongs to, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run: Option<String>,
    /// The game's name (from the file).
    pub game: String,
    /// The game's index in the match, from 0.
    pub index: u64,
    /// Its seed.
    pub seed: u64,
    /// The first player's agent in even games, as written.
    pub a: String,
    /// The other agent.
    pub b: String,
    /// Whether the first agent played the first player's side.
    pub a_first: bool,
    /// `a`, `b`, `draw` or `unfinished`.
    pub result: String,
    /// Points the winner scored (0 without a winner).
    pub points: u8,
    /// Turns played.
    pub plies: u32,
    /// The match's seed, game 0's: this game's seed is it plus `index`.
    /// Lines written before it was added lack it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_seed: Option<u64>,
    /// Games in the whole match (every shard together).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games: Option<u64>,
    /// Whether the agents change colours on odd games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub swap: Option<bool>,
    /// The points a win of the game can be worth, in increasing order (`[1]`
    /// where every win is a single game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub win_points: Option<Vec<u8>>,
    /// In a match of matches (`--match N`), the points each is played to:
    /// each line is then one match, won for 1 point.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_to: Option<u32>,
    /// In a match of matches, the final score: the first agent's points,
    /// then the second's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<[u32; 2]>,
    /// In a match of matches, the points a win of one of its games is
    /// worth before the cube, in increasing order. Lines written before it
    /// was added lack it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_points: Option<Vec<u8>>,
    /// In a match of matches with the doubling cube, its highest value
    /// (absent where `game_points` is given: no cube).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cube_max: Option<u32>,
    /// The game's players by their names, the first to move first: `a`
    /// played the first of them where `a_first`, else the second. Lines
    /// written before it was added lack it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<[String; 2]>,
}

/// A game of the match that could not be played to its end.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {index} (seed {seed}) stopped: {cause}")]
pub struct Stopped {
    /// The game's index.
    pub index: u64,
    /// Its seed.
    pub seed: u64,
    /// Why.
    pub cause: TooManyTurns,
}

impl Match {
    /// The indices of the games this run plays.
    pub fn indices(&self) -> impl Iterator<Item = u64> + '_ {
        shard_indices(self.games, self.shard)
    }

    /// Plays game `index`: one game, or with [`Match::length`] one match
    /// to that many points.
    pub fn play(&self, engine: &Engine, index: u64) -> Result<Game, Stopped> {
        // `check_seeds` refuses a match whose seeds would pass `u64::MAX`.
        let seed = self.seed.wrapping_add(index);
        let a_first = !(self.swap && index % 2 == 1);
        let by_colour = if a_first {
            [&self.a, &self.b]
        } else {
            [&self.b, &self.a]
        };
        let mut rng = playout::rng(seed);
        let stopped = |cause| Stopped { index, seed, cause };
        let mut plies = 0;
        // The cube only in a match of matches: a plain match is of the
        // game's own points.
        let mut stakes = crate::stakes::Stakes::new(engine, self.length.unwrap_or(0));
        if self.length.is_none() {
            stakes.rules = None;
        }
        let (outcome, score) = loop {
            let (outcome, dropped) =
                one_game(engine, &by_colour, &mut stakes, &mut rng, &mut plies).map_err(stopped)?;
            let Some(length) = self.length else {
                break (outcome, None);
            };
            let won = match outcome {
                Outcome::Decisive { winner, points } => Some(crate::stakes::Won {
                    winner,
                    points: if dropped {
                        stakes.cube.value
                    } else {
                        stakes.scored(u32::from(points))
                    },
                }),
                _ => None,
            };
            if outcome == Outcome::Ongoing || plies >= MAX_PLIES {
                break (Outcome::Ongoing, Some(stakes.score.points));
            }
            stakes.finish(won);
            if let Some(winner) = stakes.score.winner() {
                debug_assert!(stakes.score.length == length);
                break (
                    Outcome::Decisive { winner, points: 1 },
                    Some(stakes.score.points),
                );
            }
        };
        let (result, points) = match outcome {
            Outcome::Decisive { winner, points } => {
                let a_won = (winner == 0) == a_first;
                (if a_won { "a" } else { "b" }, points)
            }
            Outcome::Draw => ("draw", 0),
            Outcome::Ongoing => ("unfinished", 0),
        };
        Ok(Game {
            run: None,
            game: engine.game().name.clone(),
            index,
            seed,
            a: self.a.to_string(),
            b: self.b.to_string(),
            a_first,
            result: result.into(),
            points,
            plies,
            first_seed: Some(self.seed),
            games: Some(self.games),
            swap: Some(self.swap),
            win_points: Some(if self.length.is_some() {
                vec![1]
            } else {
                engine.win_points()
            }),
            match_to: self.length,
            score: score.map(|[p0, p1]| if a_first { [p0, p1] } else { [p1, p0] }),
            game_points: self.length.map(|_| engine.win_points()),
            cube_max: self
                .length
                .and(engine.game().stakes)
                .map(|rules| rules.cube_max),
            players: Some(seat_names(engine.game())),
        })
    }

    /// Refuses a match whose last game's seed, `seed + games - 1`, would
    /// pass `u64::MAX`.
    pub fn check_seeds(&self) -> Result<(), String> {
        crate::simulate::check_seeds(self.seed, self.games)
    }

    /// Plays this run's games on `threads` threads, calling `progress` after
    /// each game, and returns them in index order. When games fail, the
    /// error names the one of lowest index.
    pub fn run(
        &self,
        engine: &Engine,
        threads: usize,
        progress: &(dyn Fn() + Sync),
    ) -> Result<Vec<Game>, Stopped> {
        let indices: Vec<u64> = self.indices().collect();
        run_games(&indices, threads, progress, |i| self.play(engine, i))
    }
}

/// The indices of a match of `games` games that the shard `(k, n)` plays:
/// those that are k - 1 modulo n (every one without a shard).
pub(crate) fn shard_indices(games: u64, shard: Option<(u64, u64)>) -> impl Iterator<Item = u64> {
    (0..games).filter(move |i| match shard {
        Some((k, n)) => i % n == k - 1,
        None => true,
    })
}

/// Plays the games `indices` by `play` on `threads` threads, calling
/// `progress` after each, and returns them in the order of `indices`;
/// where games fail, the error of the one listed first. Threads claim
/// the games one by one, and stop claiming past a failure.
pub(crate) fn run_games<T: Send>(
    indices: &[u64],
    threads: usize,
    progress: &(dyn Fn() + Sync),
    play: impl Fn(u64) -> Result<T, Stopped> + Sync,
) -> Result<Vec<T>, Stopped> {
    let next = AtomicU64::new(0);
    let results: Mutex<Vec<Option<Result<T, Stopped>>>> =
        Mutex::new((0..indices.len()).map(|_| None).collect());
    let failed_at = AtomicU64::new(u64::MAX);
    let work = || {
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k as usize >= indices.len() || k >= failed_at.load(Ordering::Relaxed) {
                return;
            }
            let result = play(indices[k as usize]);
            if result.is_err() {
                failed_at.fetch_min(k, Ordering::Relaxed);
            }
            results.lock().unwrap_or_else(|e| e.into_inner())[k as usize] = Some(result);
            progress();
        }
    };
    let threads = threads.clamp(1, crate::simulate::MAX_THREADS);
    if threads == 1 {
        work();
    } else {
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(work);
            }
        });
    }
    let mut games = Vec::with_capacity(indices.len());
    for r in results.into_inner().unwrap_or_else(|e| e.into_inner()) {
        match r {
            Some(r) => games.push(r?),
            None => break,
        }
    }
    Ok(games)
}

/// Plays one game between the agents `by_colour` from the setup, with
/// the cube of `stakes` where it has one (the searching agents double and
/// answer by [`crate::agent::cube::should_double`] and `should_take` on the
/// odds their rollouts find), its turns counted in `plies`: its outcome (`Ongoing`
/// if stopped at [`MAX_PLIES`]), and whether a double was dropped. The
/// game is a [`GameInProgress`] drawing from the match's generator `rng`,
/// which it hands back, and `stakes` are left as the game leaves them.
pub(crate) fn one_game(
    engine: &Engine,
    by_colour: &[&Spec],
    stakes: &mut crate::stakes::Stakes,
    rng: &mut crate::rng::Rng,
    plies: &mut u32,
) -> Result<(Outcome, bool), TooManyTurns> {
    let mut game = GameInProgress::new(engine, engine.start(), 0, Kept::NOTHING);
    game.set_rng(rng.clone());
    game.set_stakes(*stakes);
    let played = play_game(engine, &mut game, by_colour, plies);
    *rng = game.rng().clone();
    *stakes = *game.stakes();
    played
}

/// [`one_game`] on `game`, a game of `engine`.
fn play_game(
    engine: &Engine,
    game: &mut GameInProgress<&Engine>,
    by_colour: &[&Spec],
    plies: &mut u32,
) -> Result<(Outcome, bool), TooManyTurns> {
    use crate::agent::cube::{CUBE_ROLLOUTS, cube_odds, judges_cube, should_double, should_take};
    use rand::RngExt;
    game.open();
    loop {
        let player = game.to_move();
        if game.stakes().rules.is_some()
            && judges_cube(by_colour[player])
            && game.why_no_double(player).is_none()
        {
            let seed: u64 = game.rng().random();
            let odds = |st: &crate::engine::State, player: usize| {
                let learned = by_colour[player].evaluation();
                cube_odds(engine, st, player, learned, CUBE_ROLLOUTS, seed)
            };
            if should_double(game.stakes(), player, &odds(game.state(), player)) {
                let _ = game.double(player);
                let taker = 1 - player;
                let take = !judges_cube(by_colour[taker])
                    || should_take(game.stakes(), taker, &odds(game.state(), taker));
                if take {
                    let _ = game.take();
                } else {
                    let _ = game.drop_double();
                    return Ok((game.outcome(), true));
                }
            }
        }
        // The opening throw may have thrown the first roll already.
        game.throw_if_due();
        if let Some(stuck) = game.stuck() {
            return Err(stuck.cause);
        }
        let outcome = game.outcome();
        if outcome != Outcome::Ongoing || game.legal().is_empty() || *plies >= MAX_PLIES {
            return Ok((outcome, false));
        }
        let agent = by_colour[player];
        let (st, moves, rng) = game.choice();
        // The agent's search counts in the game's work bound.
        let mut charged = st.clone();
        let i = agent.choose_charged(engine, &mut charged, moves, rng)?;
        let (m, work) = (moves[i], charged.work - st.work);
        game.charge(work);
        // The dice the rules leave for the next turn (a double to choose, the
        // next of a climbing sequence) stay; otherwise the next player throws.
        game.play(&m, false);
        *plies += 1;
    }
}

/// A rate with its 95% Wilson score interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rate {
    /// Successes over trials (0 with no trial).
    pub rate: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// The 95% Wilson score interval of `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> Rate {
    if n == 0 {
        return Rate {
            rate: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Rate {
        rate: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// What one agent did in a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Side {
    /// The agent, as written.
    pub agent: String,
    /// Games won.
    pub wins: u64,
    /// The share of games won, with its interval.
    pub win_rate: Rate,
    /// Points scored (a double game counts 2).
    pub points: u64,
    /// Points scored per game played.
    pub points_per_game: f64,
    /// Games won when playing the first player's side.
    pub wins_first: u64,
}

/// The summary of a match, or of merged shards of one.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The game's name.
    pub game: String,
    /// Games played.
    pub games: u64,
    /// Games drawn.
    pub draws: u64,
    /// The share of draws, with its interval.
    pub draw_rate: Rate,
    /// Games stopped at the turn limit.
    pub unfinished: u64,
    /// The names of the players the two agents played in even games
    /// (the game's players, first to move first): each agent's side is
    /// written under its player's name in the summary's JSON, and games
    /// read from lines without names call them `first` and `second`.
    pub players: [String; 2],
    /// The first player's agent in even games.
    pub first: Side,
    /// The second player's agent in even games.
    pub second: Side,
    /// The first agent's Elo advantage: 400·log10(s / (1 - s)) for its score
    /// s (a draw counts half), with the 95% interval of the score carried
    /// through; infinite ends when s or its bounds reach 0 or 1.
    pub elo: Rate,
    /// Mean turns per game.
    pub mean_plies: f64,
    /// Games won by the side that moves first, whichever agent played it.
    pub first_player_wins: u64,
}

impl Serialize for Summary {
    /// The summary's fields, each agent's side under the name of the
    /// player it played in even games (`"black": {"agent": ...}`), and
    /// `players`, those names with the first agent's first. A name that
    /// is also one of the summary's fields is written `player NAME`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        const FIELDS: [&str; 9] = [
            "game",
            "games",
            "draws",
            "draw_rate",
            "unfinished",
            "players",
            "elo",
            "mean_plies",
            "first_player_wins",
        ];
        let key = |name: &str| {
            if FIELDS.contains(&name) || name.is_empty() {
                format!("player {name}")
            } else {
                name.to_string()
            }
        };
        let mut map = serializer.serialize_map(Some(11))?;
        map.serialize_entry("game", &self.game)?;
        map.serialize_entry("games", &self.games)?;
        map.serialize_entry("players", &self.players)?;
        map.serialize_entry(&key(&self.players[0]), &self.first)?;
        map.serialize_entry(&key(&self.players[1]), &self.second)?;
        map.serialize_entry("draws", &self.draws)?;
        map.serialize_entry("draw_rate", &self.draw_rate)?;
        map.serialize_entry("unfinished", &self.unfinished)?;
        map.serialize_entry("elo", &self.elo)?;
        map.serialize_entry("mean_plies", &self.mean_plies)?;
        map.serialize_entry("first_player_wins", &self.first_player_wins)?;
        map.end()
    }
}

/// The names of a game's two players, the first to move first.
pub fn seat_names(game: &crate::ir::Game) -> [String; 2] {
    let name = |p: usize| {
        game.players
            .get(p)
            .map_or_else(String::new, |p| p.name.clone())
    };
    [name(0), name(1)]
}

fn elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        400.0 * (score / (1.0 - score)).log10()
    }
}

/// Sums up games, in any order (they are sorted by index first).
pub fn summarize(games: &[Game]) -> Summary {
    let mut games: Vec<&Game> = games.iter().collect();
    games.sort_by_key(|g| g.index);
    let n = games.len() as u64;
    let count = |f: &dyn Fn(&Game) -> bool| games.iter().filter(|g| f(g)).count() as u64;
    let side = |who: &str, agent: String| {
        let wins = count(&|g| g.result == who);
        let points: u64 = games
            .iter()
            .filter(|g| g.result == who)
            .map(|g| u64::from(g.points))
            .sum();
        let first = who == "a";
        Side {
            agent,
            wins,
            win_rate: wilson(wins, n),
            points,
            points_per_game: if n == 0 {
                0.0
            } else {
                points as f64 / n as f64
            },
            wins_first: count(&|g| g.result == who && g.a_first == first),
        }
    };
    let draws = count(&|g| g.result == "draw");
    let unfinished = count(&|g| g.result == "unfinished");
    let a = side("a", games.first().map_or_else(String::new, |g| g.a.clone()));
    let b = side("b", games.first().map_or_else(String::new, |g| g.b.clone()));
    // The score per game: 1, ½ or 0 for the first agent; its mean and the
    // normal interval of the mean.
    let scores: Vec<f64> = games
        .iter()
        .map(|g| match g.result.as_str() {
            "a" => 1.0,
            "b" => 0.0,
            _ => 0.5,
        })
        .collect();
    let mean = if n == 0 {
        0.5
    } else {
        scores.iter().sum::<f64>() / n as f64
    };
    let spread = if n < 2 {
        0.5
    } else {
        (scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt()
    };
    let half = Z95 * spread / (n.max(1) as f64).sqrt();
    let plies: u64 = games.iter().map(|g| u64::from(g.plies)).sum();
    Summary {
        game: games.first().map_or_else(String::new, |g| g.game.clone()),
        games: n,
        draws,
        draw_rate: wilson(draws, n),
        unfinished,
        first_player_wins: a.wins_first + b.wins_first,
        players: games
            .first()
            .and_then(|g| g.players.clone())
            .unwrap_or_else(|| ["first".into(), "second".into()]),
        first: a,
        second: b,
        elo: Rate {
            rate: elo(mean),
            low: elo((mean - half).max(0.0)),
            high: elo((mean + half).min(1.0)),
        },
        mean_plies: if n == 0 { 0.0 } else { plies as f64 / n as f64 },
    }
}

/// Whether `game`, a line of the group of its match read so far (`group`,
/// not empty), tells of the same match: the game, the two agents, the
/// first seed, size and `swap`, the points a win is worth, and in a match
/// of matches its length and what a game can score, and the players.
pub(crate) fn same_match(group: &[Game], game: &Game) -> Result<(), String> {
    let first = &group[0];
    fn told(g: &Game, swap: Option<bool>) -> Told<'_> {
        Told {
            game: &g.game,
            agents: vec![&g.a, &g.b],
            index: g.index,
            seed: g.seed,
            first_seed: first_seed(g),
            games: g.games,
            swap,
            win_points: g.win_points.as_deref(),
        }
    }
    told(first, swap_of(first, group)).agrees(&told(game, swap_of(game, &[])))?;
    if first.match_to != game.match_to {
        let text = |m: Option<u32>| m.map_or("none".to_string(), |m| m.to_string());
        return differ("match_to", text(first.match_to), text(game.match_to));
    }
    if first.players != game.players {
        let text = |g: &Game| format!("{:?}", g.players);
        return differ("players", text(first), text(game));
    }
    if first.game_points != game.game_points || first.cube_max != game.cube_max {
        let text = |g: &Game| {
            let points = g.game_points.as_ref().map_or("none".to_string(), |p| {
                p.iter().map(u8::to_string).collect::<Vec<_>>().join(" or ")
            });
            let cube = g
                .cube_max
                .map_or(String::new(), |c| format!(", the cube up to {c}"));
            format!("{points}{cube}")
        };
        return differ("game_points", text(first), text(game));
    }
    Ok(())
}

/// What a line tells of its match, whatever its number of seats: the
/// lines of one match agree on all of it.
pub(crate) struct Told<'a> {
    /// The game's name.
    pub game: &'a str,
    /// The agents, in the match's order.
    pub agents: Vec<&'a str>,
    /// The line's game's index.
    pub index: u64,
    /// Its seed.
    pub seed: u64,
    /// The match's first seed.
    pub first_seed: u64,
    /// Its size, where the line gives it.
    pub games: Option<u64>,
    /// Whether its agents change seats, as far as the lines tell.
    pub swap: Option<bool>,
    /// What a win is worth, where the line gives it.
    pub win_points: Option<&'a [u8]>,
}

impl Told<'_> {
    /// Whether `line` tells of the match that `self`, the games read
    /// before, tell of.
    pub(crate) fn agrees(&self, line: &Told) -> Result<(), String> {
        if self.game != line.game || self.agents != line.agents {
            return Err(format!(
                "game `{}` between {} is not of the match of `{}` between {}",
                line.game,
                listed(&line.agents, "and"),
                self.game,
                listed(&self.agents, "and")
            ));
        }
        if self.first_seed != line.first_seed {
            return Err(format!(
                "game {} has seed {}, so its match starts at seed {}, not at {} as the match of the games read before: games of another match, or an edited seed or index",
                line.index, line.seed, line.first_seed, self.first_seed
            ));
        }
        if let (Some(a), Some(b)) = (self.games, line.games)
            && a != b
        {
            return differ("games", a.to_string(), b.to_string());
        }
        if let (Some(a), Some(b)) = (self.swap, line.swap)
            && a != b
        {
            return differ("swap", a.to_string(), b.to_string());
        }
        if let (Some(a), Some(b)) = (self.win_points, line.win_points)
            && a != b
        {
            return differ("win_points", format!("{a:?}"), format!("{b:?}"));
        }
        Ok(())
    }
}

/// A field `what` that differs between a line (`b`) and the games of its
/// match read before (`a`).
pub(crate) fn differ(what: &str, a: String, b: String) -> Result<(), String> {
    Err(format!(
        "`{what}` is {b}, but {a} in the games of this match read before: games of another match"
    ))
}

/// Names in prose, each quoted: "`a` and `b`", "`a`, `b` or `c`".
pub(crate) fn listed(names: &[&str], last: &str) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match quoted.split_last() {
        Some((end, rest)) if !rest.is_empty() => format!("{} {last} {end}", rest.join(", ")),
        _ => quoted.concat(),
    }
}

/// The first seed of a game's match: its `first_seed`, or (in lines
/// written before it) its seed less its index. `check_game` has checked
/// that these agree and do not wrap.
fn first_seed(game: &Game) -> u64 {
    game.first_seed
        .unwrap_or_else(|| game.seed.wrapping_sub(game.index))
}

/// Whether a game's match swaps colours, as far as its lines tell: the
/// `swap` field, else an odd game's sides (of `game` or of `others`).
fn swap_of(game: &Game, others: &[Game]) -> Option<bool> {
    game.swap.or_else(|| {
        std::iter::once(game)
            .chain(others)
            .find(|g| g.index % 2 == 1)
            .map(|g| !g.a_first)
    })
}

/// Whether one line is a game its match can give, on its own.
pub(crate) fn check_game(g: &Game) -> Result<(), String> {
    check_place(g.index, g.seed, g.first_seed, g.games)?;
    let a_first = !(g.swap == Some(true) && g.index % 2 == 1);
    if (g.index.is_multiple_of(2) || g.swap.is_some()) && g.a_first != a_first {
        return Err(format!(
            "game {} has `a_first` {}, but the first agent plays the first player's side in {} games",
            g.index,
            g.a_first,
            if g.swap == Some(true) { "even" } else { "all" }
        ));
    }
    check_result(
        &g.game,
        &g.result,
        &["a", "b"],
        g.points,
        g.plies,
        g.win_points.as_deref(),
    )?;
    check_match_score(g)
}

/// Whether game `index` of seed `seed` has a place in its match: its seed
/// the match's first seed plus its index (in lines without `first_seed`,
/// at least its index), its index short of the match's size.
pub(crate) fn check_place(
    index: u64,
    seed: u64,
    first_seed: Option<u64>,
    games: Option<u64>,
) -> Result<(), String> {
    match first_seed {
        Some(first) if first.checked_add(index) != Some(seed) => {
            return Err(format!(
                "game {index} has seed {seed}, but game i of a match from seed {first} has seed {first} + i: an edited seed or index"
            ));
        }
        None if seed < index => {
            return Err(format!(
                "game {index} has seed {seed}, less than its index: game i of a match has seed S + i"
            ));
        }
        _ => {}
    }
    if let Some(games) = games
        && index >= games
    {
        return Err(format!(
            "game {index} of a match of {games} games: indices run from 0 to {}",
            games.saturating_sub(1)
        ));
    }
    Ok(())
}

/// Whether a game of `game` can end as a line says: within the turn
/// limit, `result` one of `winners`, `draw` or `unfinished`, and points
/// only for a win, as many as a win is worth (`worth`, where given).
pub(crate) fn check_result(
    game: &str,
    result: &str,
    winners: &[&str],
    points: u8,
    plies: u32,
    worth: Option<&[u8]>,
) -> Result<(), String> {
    if plies > MAX_PLIES {
        return Err(format!(
            "{plies} turns: a game of a match stops after {MAX_PLIES}"
        ));
    }
    if winners.contains(&result) {
        let worth: &[u8] = worth.unwrap_or(&[]);
        let max = crate::ir::MAX_RESULT_POINTS;
        if points == 0 || u32::from(points) > max {
            return Err(format!(
                "a win worth {points} points: a win is worth 1 to {max}"
            ));
        }
        if !worth.is_empty() && !worth.contains(&points) {
            return Err(format!(
                "a win worth {points} points, but a win of `{game}` is worth {}",
                worth
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(" or ")
            ));
        }
        return Ok(());
    }
    match result {
        "draw" | "unfinished" if points != 0 => Err(format!(
            "result `{result}` with {points} points: only a win scores"
        )),
        "draw" | "unfinished" => Ok(()),
        other => {
            let mut all = winners.to_vec();
            all.extend(["draw", "unfinished"]);
            Err(format!("result `{other}`: expected {}", listed(&all, "or")))
        }
    }
}

/// Whether a line of a match of matches (`match_to`) has a final score
/// its result can come with: the winner at the match's length or past
/// it, the loser (or both, unfinished) short of it, and the winner's
/// points those of a score short of the length plus what one game can
/// score (a win of the game times a value of the cube). A match is
/// never drawn.
fn check_match_score(g: &Game) -> Result<(), String> {
    let (length, score) = match (g.match_to, g.score) {
        (None, None) => return Ok(()),
        (Some(n), Some(score)) => (n, score),
        (Some(n), None) => {
            return Err(format!(
                "a match to {n} points with no `score`: each line of a match of matches ends with its score"
            ));
        }
        (None, Some(_)) => {
            return Err("a `score` with no `match_to`: only a match of matches has a score".into());
        }
    };
    let winner = match g.result.as_str() {
        "a" => Some(0),
        "b" => Some(1),
        "unfinished" => None,
        _ => {
            return Err(format!(
                "result `{}` in a match to {length} points: a match is won or unfinished, never drawn",
                g.result
            ));
        }
    };
    let shown = format!("score {}-{}", score[0], score[1]);
    let Some(w) = winner else {
        if score.iter().any(|&p| p >= length) {
            return Err(format!(
                "{shown} in an unfinished match to {length} points: it would be over"
            ));
        }
        return Ok(());
    };
    if score[w] < length || score[1 - w] >= length {
        return Err(format!(
            "{shown} with result `{}` in a match to {length} points: the winner reaches {length}, the loser does not",
            g.result
        ));
    }
    // What the last game scored: a win of the game times the cube.
    let cube_max = g.cube_max.unwrap_or(1);
    let points: Vec<u32> = match &g.game_points {
        Some(p) => p.iter().map(|&p| u32::from(p)).collect(),
        None => (1..=crate::ir::MAX_RESULT_POINTS).collect(),
    };
    let cube_max = if g.game_points.is_some() {
        cube_max
    } else {
        crate::ir::MAX_CUBE
    };
    // Each score the last game can make (a win times a value of the cube,
    // at most 64 times 16 of them), and whether the winner had fewer than
    // the length before it.
    let reached = points.iter().any(|&p| {
        (0..=cube_max.max(1).ilog2()).any(|k| {
            let scored = u64::from(p) << k;
            let before = u64::from(score[w]).checked_sub(scored);
            before.is_some_and(|b| b < u64::from(length))
        })
    });
    if !reached {
        return Err(format!(
            "{shown} with result `{}` in a match to {length} points: the winner had fewer than {length} points before the last game, and no game of `{}` scores the rest",
            g.result, g.game
        ));
    }
    Ok(())
}
