//! Matches of games of more than two players: an agent in every seat,
//! seeded games on every core, and each agent's and each seat's wins with
//! their intervals.
//!
//! Game `i` from seed `s` is a function of `s + i` and the agents alone,
//! as in a match of two ([`crate::matches`]). With `rotate`, the agents
//! move round the seats a seat a game: in game `i` player `p` is played by
//! agent `(p + i) mod n`, so that over `n` games each agent plays every
//! seat once. A summary is computed from the games in index order, so it
//! does not depend on the number of threads.

use crate::agent::Spec;
use crate::engine::{Engine, Outcome};
use crate::matches::{Rate, Stopped, one_game, run_games, wilson};
use crate::playout;
use serde::Serialize;

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
}

/// One game of such a match, as its JSON line writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatGame {
    /// The game's name.
    pub game: String,
    /// The game's index in the match, from 0.
    pub index: u64,
    /// Its seed.
    pub seed: u64,
    /// Per player, in the game's order, the index of the agent (in the
    /// match's list) who played him.
    pub seats: Vec<usize>,
    /// The winning player's name, `draw` or `unfinished`.
    pub result: String,
    /// Points the winner scored (0 without a winner).
    pub points: u8,
    /// Turns played.
    pub plies: u32,
}

impl Seating {
    /// The agent (its index in [`Seating::agents`]) of each player in game
    /// `index`.
    pub fn seats(&self, index: u64) -> Vec<usize> {
        let n = self.agents.len();
        let turn = if self.rotate {
            (index % n as u64) as usize
        } else {
            0
        };
        (0..n).map(|p| (p + turn) % n).collect()
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
            game: engine.game().name.clone(),
            index,
            seed,
            seats,
            result,
            points,
            plies,
        })
    }

    /// Plays the match's games on `threads` threads, calling `progress`
    /// after each, in index order; the error names the failed game of
    /// lowest index.
    pub fn run(
        &self,
        engine: &Engine,
        threads: usize,
        progress: &(dyn Fn() + Sync),
    ) -> Result<Vec<SeatGame>, Stopped> {
        let indices: Vec<u64> = (0..self.games).collect();
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
    let players = &engine.game().players;
    let tally = |name: String| Tally {
        name,
        wins: 0,
        win_rate: wilson(0, 0),
        points: 0,
    };
    let mut agents: Vec<Tally> = seating
        .agents
        .iter()
        .map(|a| tally(a.to_string()))
        .collect();
    let mut seats: Vec<Tally> = players.iter().map(|p| tally(p.name.clone())).collect();
    let (mut draws, mut unfinished, mut plies) = (0, 0, 0u64);
    for g in games {
        plies += u64::from(g.plies);
        match players.iter().position(|p| p.name == g.result) {
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
        game: engine.game().name.clone(),
        games: n,
        agents,
        seats,
        draws,
        draw_rate: wilson(draws, n),
        unfinished,
        mean_plies: if n == 0 { 0.0 } else { plies as f64 / n as f64 },
    }
}
