//! Matches of games of more than two players: an agent in every seat,
//! seeded games on every core, and each agent's and each seat's wins with
//! their intervals.
//!
//! Game `i` from seed `s` is a function of `s + i` and the agents alone,
//! as in a match of two ([`crate::matches`]). With `rotate`, the agents
//! move round the seats a seat a game: in game `i` player `p` is played by
//! agent `(p + i) mod n`, so that over `n` games each agent plays every
//! seat once. A summary is computed from the games in index order, so it
//! does not depend on the number of threads, and the merged shards of a
//! match give the summary of the whole ([`crate::merge`]).

use crate::agent::Spec;
use crate::engine::{Engine, Outcome};
use crate::matches::{
    Rate, Stopped, Told, check_place, check_result, differ, listed, one_game, run_games,
    shard_indices, wilson,
};
use crate::playout;
use serde::{Deserialize, Serialize};

/// A match of a game of more than two players.
#[derive(Clone, Debug, PartialEq)]
pub struct Seating {
    /// The agents, one a player, by the game's player order in game 0.
    pub agents: Vec<Spec>,
    /// Games in the match.
    pub games: u64,
    /// Seed of game 0; game i uses seed + i.
    pub seed: u64,
    /// Whether the agents move round the seats a seat a game.
    pub rotate: bool,
    /// `(k, n)`: play only the games whose index is k - 1 modulo n.
    pub shard: Option<(u64, u64)>,
}

/// One game of such a match, as its JSON line writes it: with what the
/// match's other lines must agree on (`merge` reads them back).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatGame {
    /// The run of an experiment the game belongs to, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run: Option<String>,
    /// The game's name.
    pub game: String,
    /// The game's index in the match, from 0.
    pub index: u64,
    /// Its seed.
    pub seed: u64,
    /// The match's agents, as written, in the order of the players they
    /// play in game 0.
    pub agents: Vec<String>,
    /// Per player, in the game's order, the index of the agent (in
    /// `agents`) who played him.
    pub seats: Vec<usize>,
    /// The winning player's name, `draw` or `unfinished`.
    pub result: String,
    /// Points the winner scored (0 without a winner).
    pub points: u8,
    /// Turns played.
    pub plies: u32,
    /// The match's seed, game 0's: this game's seed is it plus `index`.
    pub first_seed: u64,
    /// Games in the whole match (every shard together).
    pub games: u64,
    /// Whether the agents move round the seats a seat a game.
    pub swap: bool,
    /// The points a win of the game can be worth, in increasing order.
    pub win_points: Vec<u8>,
    /// The game's players by their names, in its order.
    pub players: Vec<String>,
}

/// The agent (its index in the match's list) of each of `n` players in
/// game `index`, moved round the seats a seat a game where `rotate`.
pub fn seats(n: usize, rotate: bool, index: u64) -> Vec<usize> {
    let turn = if rotate && n > 0 {
        (index % n as u64) as usize
    } else {
        0
    };
    (0..n).map(|p| (p + turn) % n).collect()
}

impl Seating {
    /// The agent (its index in [`Seating::agents`]) of each player in game
    /// `index`.
    pub fn seats(&self, index: u64) -> Vec<usize> {
        seats(self.agents.len(), self.rotate, index)
    }

    /// The indices of the games this run plays.
    pub fn indices(&self) -> impl Iterator<Item = u64> {
        shard_indices(self.games, self.shard)
    }

    /// Plays game `index`.
    pub fn play(&self, engine: &Engine, index: u64) -> Result<SeatGame, Stopped> {
        let seed = self.seed.wrapping_add(index);
        let seats = self.seats(index);
        let by_seat: Vec<&Spec> = seats.iter().map(|&a| &self.agents[a]).collect();
        let mut rng = playout::rng(seed);
        let mut stakes = crate::stakes::Stakes::new(engine, 0);
        stakes.rules = None;
        let mut plies = 0;
        let (outcome, _) = one_game(engine, &by_seat, &mut stakes, &mut rng, &mut plies)
            .map_err(|cause| Stopped { index, seed, cause })?;
        let players = &engine.game().players;
        let (result, points) = match outcome {
            Outcome::Decisive { winner, points } => (players[winner].name.clone(), points),
            Outcome::Draw => ("draw".into(), 0),
            Outcome::Ongoing => ("unfinished".into(), 0),
        };
        Ok(SeatGame {
            run: None,
            game: engine.game().name.clone(),
            index,
            seed,
            agents: self.agents.iter().map(Spec::to_string).collect(),
            seats,
            result,
            points,
            plies,
            first_seed: self.seed,
            games: self.games,
            swap: self.rotate,
            win_points: engine.win_points(),
            players: players.iter().map(|p| p.name.clone()).collect(),
        })
    }

    /// Plays this run's games on `threads` threads, calling `progress`
    /// after each, in index order; the error names the failed game of
    /// lowest index.
    pub fn run(
        &self,
        engine: &Engine,
        threads: usize,
        progress: &(dyn Fn() + Sync),
    ) -> Result<Vec<SeatGame>, Stopped> {
        let indices: Vec<u64> = self.indices().collect();
        run_games(&indices, threads, progress, |i| self.play(engine, i))
    }
}

/// What one agent, or one seat, did over a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tally {
    /// The agent as written, or the player's name.
    pub name: String,
    /// Games won.
    pub wins: u64,
    /// The share of games won, with its 95% Wilson interval.
    pub win_rate: Rate,
    /// Points scored.
    pub points: u64,
}

/// The summary of a match of more than two seats.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatSummary {
    /// The game's name.
    pub game: String,
    /// Games played.
    pub games: u64,
    /// Whether the agents moved round the seats a seat a game.
    pub swap: bool,
    /// Per agent, in the match's order.
    pub agents: Vec<Tally>,
    /// Per seat, the game's players in order: the wins of whoever played it.
    pub seats: Vec<Tally>,
    /// Games drawn.
    pub draws: u64,
    /// The share of draws, with its interval.
    pub draw_rate: Rate,
    /// Games stopped at [`playout::MAX_PLIES`] turns.
    pub unfinished: u64,
    /// Mean turns per game.
    pub mean_plies: f64,
}

/// Sums up `games` of `seating`'s match of `engine`'s game.
pub fn summarize(engine: &Engine, seating: &Seating, games: &[SeatGame]) -> SeatSummary {
    let agents: Vec<String> = seating.agents.iter().map(Spec::to_string).collect();
    let players: Vec<String> = engine
        .game()
        .players
        .iter()
        .map(|p| p.name.clone())
        .collect();
    tally(
        &engine.game().name,
        &agents,
        &players,
        seating.rotate,
        games,
    )
}

/// Sums up the games of one match read from its lines (not empty, and
/// checked to agree: [`crate::merge::read_games`]), as [`summarize`] sums
/// up those of a run.
pub fn summarize_lines(games: &[SeatGame]) -> SeatSummary {
    let Some(first) = games.first() else {
        return tally("", &[], &[], false, games);
    };
    tally(
        &first.game,
        &first.agents,
        &first.players,
        first.swap,
        games,
    )
}

/// The summary of `games` of `game`, between `agents` for `players`.
fn tally(
    game: &str,
    agents: &[String],
    players: &[String],
    swap: bool,
    games: &[SeatGame],
) -> SeatSummary {
    let tally = |name: &String| Tally {
        name: name.clone(),
        wins: 0,
        win_rate: wilson(0, 0),
        points: 0,
    };
    let mut agents: Vec<Tally> = agents.iter().map(tally).collect();
    let mut seats: Vec<Tally> = players.iter().map(tally).collect();
    let (mut draws, mut unfinished, mut plies) = (0, 0, 0u64);
    for g in games {
        plies += u64::from(g.plies);
        match players.iter().position(|p| *p == g.result) {
            Some(winner) => {
                for t in [&mut seats[winner], &mut agents[g.seats[winner]]] {
                    t.wins += 1;
                    t.points += u64::from(g.points);
                }
            }
            None if g.result == "draw" => draws += 1,
            None => unfinished += 1,
        }
    }
    let n = games.len() as u64;
    for t in agents.iter_mut().chain(seats.iter_mut()) {
        t.win_rate = wilson(t.wins, n);
    }
    SeatSummary {
        game: game.to_string(),
        games: n,
        swap,
        agents,
        seats,
        draws,
        draw_rate: wilson(draws, n),
        unfinished,
        mean_plies: if n == 0 { 0.0 } else { plies as f64 / n as f64 },
    }
}

/// Whether one line is a game its match can give, on its own: its seed
/// the first seed plus its index, its index within the match, an agent a
/// player, seated as `swap` seats them in that game, and a result the
/// game can have (a player's name, `draw` or `unfinished`, points only
/// for a win).
pub(crate) fn check_line(g: &SeatGame) -> Result<(), String> {
    check_place(g.index, g.seed, Some(g.first_seed), Some(g.games))?;
    let n = g.players.len();
    if !(2..=crate::ir::MAX_PLAYERS).contains(&n) || g.agents.len() != n {
        return Err(format!(
            "{} agents for {n} players: a match has an agent a player, two to {} players",
            g.agents.len(),
            crate::ir::MAX_PLAYERS
        ));
    }
    let expected = seats(n, g.swap, g.index);
    if g.seats != expected {
        let rule = if g.swap {
            format!("with `swap`, agent (p + i) mod {n} plays player p in game i")
        } else {
            "without `swap`, agent p plays player p in every game".to_string()
        };
        return Err(format!(
            "game {} has `seats` {:?}, but {rule}: {expected:?}",
            g.index, g.seats
        ));
    }
    let players: Vec<&str> = g.players.iter().map(String::as_str).collect();
    check_result(
        &g.game,
        &g.result,
        &players,
        g.points,
        g.plies,
        Some(&g.win_points),
    )
}

/// Whether `game` tells of the match of `group`, the games of its match
/// read so far (not empty): the game, the agents, the first seed, size
/// and `swap`, the points a win is worth, and the players.
pub(crate) fn same_match(group: &[SeatGame], game: &SeatGame) -> Result<(), String> {
    let first = &group[0];
    fn told(g: &SeatGame) -> Told<'_> {
        Told {
            game: &g.game,
            agents: g.agents.iter().map(String::as_str).collect(),
            index: g.index,
            seed: g.seed,
            first_seed: g.first_seed,
            games: Some(g.games),
            swap: Some(g.swap),
            win_points: Some(&g.win_points),
        }
    }
    told(first).agrees(&told(game))?;
    if first.players != game.players {
        let text = |g: &SeatGame| {
            let names: Vec<&str> = g.players.iter().map(String::as_str).collect();
            listed(&names, "and")
        };
        return differ("players", text(first), text(game));
    }
    Ok(())
}
