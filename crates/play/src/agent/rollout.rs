//! Rollouts: what a position is worth in points, estimated by playing it
//! to the end many times.
//!
//! [`equity`] plays `games` games from a position, every turn of both
//! players chosen by one cheap policy ([`Policy`]), and averages the points
//! each game was worth to one player: a win is worth the points of the end
//! rule that ended it (`win double` counts 2), a loss as many against him,
//! a draw or a game unfinished after [`MAX_ROLLOUT_TURNS`] nothing. This is
//! the cubeless equity an agent compares cube actions with, and what a hint
//! shows players of dice games.
//!
//! The dice of each game come from a generator of their own, seeded per
//! game from the generator given; the policy's tie-breaks from another. So
//! [`turn_equities`], which rolls out the position after each candidate
//! turn with the same seeds, compares the candidates over the same dice
//! sequences (common random numbers): the noise the dice put into each
//! estimate largely cancels in their differences.

use super::evaluate;
use crate::engine::{Engine, Move, Outcome, State, TooManyTurns};
use crate::rng::{Rng, rng as seeded};
use rand::RngExt;

/// The most turns one rollout game plays; a game still going on then
/// counts as unfinished, worth 0 points to either player.
pub const MAX_ROLLOUT_TURNS: u32 = 2_000;

/// What rollouts found a position to be worth to one player. Shares are of
/// the games played, from 0 to 1.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Equity {
    /// Games played.
    pub games: u32,
    /// The mean points per game won (+) or lost (-) by the player, with no
    /// doubling cube: each win counts the points of the end rule that ended
    /// it, each loss as many against him.
    pub points: f64,
    /// The standard error of [`Equity::points`] (0 with fewer than two
    /// games): about two of them either side hold the true value 19 times
    /// in 20, the policy's own judgement aside.
    pub error: f64,
    /// The share of games he won.
    pub win: f64,
    /// The share of games he won for more than one point (doubled wins
    /// and more).
    pub win_more: f64,
    /// The share of games he lost for more than one point.
    pub lose_more: f64,
    /// The mean points of the games he won (0 where he won none): 1 where
    /// every win is single, more with doubled and tripled wins.
    pub won: f64,
    /// The mean points of the games he lost (0 where he lost none).
    pub lost: f64,
    /// The share of drawn games.
    pub draw: f64,
    /// The share of games unfinished after [`MAX_ROLLOUT_TURNS`] turns.
    pub unfinished: f64,
}

impl Equity {
    /// The share of games he lost.
    pub fn lose(&self) -> f64 {
        (1.0 - self.win - self.draw - self.unfinished).max(0.0)
    }
}

/// How the turns of a rollout are chosen.
///
/// [`Policy::Greedy`] is the default of [`equity`] and [`turn_equities`],
/// chosen by measurement (`examples/rollout_policies.rs`, release build):
/// on eight opening rolls of a running game with hits, of 15 men a side,
/// whose best turns players agree on, rollouts of 500 games by `Greedy` rank the
/// standard turn first for 5 rolls and third or fourth for the others, by
/// `Random` first for 1 roll only (random play wins too many doubled
/// games, 27% and 36% for each side from the start against some 9%, and
/// misjudges safety); on pure races both come within 4% of the Kleinman
/// count's odds. [`Policy::Plain`], one turn of expectimax on
/// [`evaluate`], hits whatever it can there and leaves men alone
/// anywhere: of two such players' games from the start, 65% were still
/// going after [`MAX_ROLLOUT_TURNS`] turns. `Greedy` costs one position
/// played and judged per legal turn; its games, shorter, take about as
/// long as random ones (some 170 µs from the start).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Policy {
    /// The turn whose resulting position is judged best for the mover,
    /// ties broken at random: by [`evaluate`] (what expectimax one turn
    /// deep picks), except in dice games whose lone men can be hit or
    /// pinned and that judge positions by the race, where each of the
    /// mover's lone men also counts as lost in proportion to the shots at
    /// it. In games without dice the opponent's turns after each candidate
    /// are counted too, so that a turn leaving him without a move is seen
    /// to win (or lose) where the rules say so.
    #[default]
    Greedy,
    /// The turn [`evaluate`] alone judges best, whatever the game: one
    /// turn of expectimax (see above why it is not the default).
    Plain,
    /// A uniformly random legal turn.
    Random,
}

/// The cubeless equity of `st` for `player`: `games` games played out from
/// it by [`Policy::Greedy`]. See [`equity_with`].
pub fn equity(
    engine: &Engine,
    st: &State,
    player: usize,
    games: u32,
    rng: &mut Rng,
) -> Result<Equity, TooManyTurns> {
    equity_with(engine, st, player, games, Policy::Greedy, rng)
}

/// The cubeless equity of `st` for `player` (0 or 1): `games` games played
/// out from it by `policy`, each to its end or [`MAX_ROLLOUT_TURNS`] turns.
///
/// `st` may have its dice thrown (the player to move plays that roll in
/// every game) or not (each game throws them). In a game with an opening
/// throw, its setup with nothing thrown ([`Engine::start`]) is taken as
/// before the opening: each game throws the opening, which decides who
/// starts. Games without dice are played out the same way, the policy's
/// tie-breaks being their only chance.
///
/// The result is a function of `rng`'s state, which advances by one draw
/// per game. Each game is bounded as a game of `match` is: a roll with
/// more turns than the engine lists, or a game whose searches pass
/// through more positions than [`crate::engine::MAX_WORK`] (counted from
/// `st.work`), ends the estimate with that error.
pub fn equity_with(
    engine: &Engine,
    st: &State,
    player: usize,
    games: u32,
    policy: Policy,
    rng: &mut Rng,
) -> Result<Equity, TooManyTurns> {
    let mut roller = Roller::new(engine, st, policy);
    let player = player.min(1);
    let mut tally = Tally::default();
    for _ in 0..games {
        let seed: u64 = rng.random();
        let outcome = roller.play_out(st, seed)?;
        tally.add(outcome, player);
    }
    Ok(tally.equity())
}

/// The cubeless equity of `st` for `player`, as [`equity_with`] finds it,
/// every turn of both players chosen by the greedy play of a learned
/// evaluation, `net`: the turn whose position it judges best for the
/// mover (the first of equals; a turn that ends the game judged by its
/// points), one network judgement per legal turn.
pub fn equity_learned(
    engine: &Engine,
    st: &State,
    player: usize,
    games: u32,
    net: &crate::learn::Net,
    rng: &mut Rng,
) -> Result<Equity, TooManyTurns> {
    let mut roller = Roller::new(engine, st, Policy::Greedy);
    roller.exposure = None;
    roller.learned = Some(Learner {
        net,
        features: crate::learn::Features::new(engine),
        judge: crate::learn::Judge::default(),
    });
    let player = player.min(1);
    let mut tally = Tally::default();
    for _ in 0..games {
        let seed: u64 = rng.random();
        tally.add(roller.play_out(st, seed)?, player);
    }
    Ok(tally.equity())
}

/// The cubeless equity, for the player to move in `st` (its dice thrown),
/// of the position after each of `moves` (its legal turns), in their order:
/// `games_each` games by [`Policy::Greedy`] from each, with the same seeds
/// for every candidate (so the same dice, as far as the games run alike).
/// A turn that ends the game is worth exactly its points.
pub fn turn_equities(
    engine: &Engine,
    st: &State,
    moves: &[Move],
    games_each: u32,
    rng: &mut Rng,
) -> Result<Vec<Equity>, TooManyTurns> {
    turn_equities_with(engine, st, moves, games_each, Policy::Greedy, rng)
}

/// [`turn_equities`] by `policy`.
pub fn turn_equities_with(
    engine: &Engine,
    st: &State,
    moves: &[Move],
    games_each: u32,
    policy: Policy,
    rng: &mut Rng,
) -> Result<Vec<Equity>, TooManyTurns> {
    let mover = st.to_move as usize;
    let base = seeded(rng.random());
    let mut after = st.clone();
    let mut roller = Roller::new(engine, st, policy);
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        after.clone_from(st);
        engine.play_unchecked(&mut after, m);
        // The position after a turn is never before the opening.
        roller.opening = false;
        roller.ended = m.ends;
        let mut r = base.clone();
        let mut tally = Tally::default();
        for _ in 0..games_each {
            let seed: u64 = r.random();
            tally.add(roller.play_out(&after, seed)?, mover);
        }
        out.push(tally.equity());
    }
    Ok(out)
}

/// Sums over the games played.
#[derive(Default)]
struct Tally {
    games: u32,
    points: f64,
    squares: f64,
    wins: u32,
    wins_more: u32,
    losses: u32,
    losses_more: u32,
    won_points: f64,
    lost_points: f64,
    draws: u32,
    unfinished: u32,
}

impl Tally {
    fn add(&mut self, outcome: Outcome, player: usize) {
        self.games += 1;
        let points = match outcome {
            Outcome::Decisive { winner, points } => {
                let more = points > 1;
                if winner == player {
                    self.wins += 1;
                    self.wins_more += u32::from(more);
                    self.won_points += f64::from(points);
                    f64::from(points)
                } else {
                    self.losses += 1;
                    self.losses_more += u32::from(more);
                    self.lost_points += f64::from(points);
                    -f64::from(points)
                }
            }
            Outcome::Draw => {
                self.draws += 1;
                0.0
            }
            Outcome::Ongoing => {
                self.unfinished += 1;
                0.0
            }
        };
        self.points += points;
        self.squares += points * points;
    }

    fn equity(&self) -> Equity {
        if self.games == 0 {
            return Equity::default();
        }
        let n = f64::from(self.games);
        let share = |k: u32| f64::from(k) / n;
        let mean = self.points / n;
        let error = if self.games > 1 {
            let variance = (self.squares - n * mean * mean).max(0.0) / (n - 1.0);
            (variance / n).sqrt()
        } else {
            0.0
        };
        Equity {
            games: self.games,
            points: mean,
            error,
            win: share(self.wins),
            win_more: share(self.wins_more),
            lose_more: share(self.losses_more),
            won: mean_of(self.won_points, self.wins),
            lost: mean_of(self.lost_points, self.losses),
            draw: share(self.draws),
            unfinished: share(self.unfinished),
        }
    }
}

/// `sum` over `count` things, 0 where there are none.
fn mean_of(sum: f64, count: u32) -> f64 {
    if count == 0 {
        0.0
    } else {
        sum / f64::from(count)
    }
}

/// One rollout game after another, in buffers reused from game to game:
/// once they have grown, a game allocates nothing.
struct Roller<'e> {
    engine: &'e Engine,
    policy: Policy,
    /// Whether each game starts with the opening throw.
    opening: bool,
    /// Whether the end conditions of a dice game are to be judged at the
    /// start (see [`Engine::outcome_after`]).
    ended: bool,
    /// The game being played.
    game: State,
    /// A candidate turn played, to be judged.
    scratch: State,
    /// The legal turns of `game`.
    moves: Vec<Move>,
    /// Games without dice: the opponent's turns after a candidate.
    replies: Vec<Move>,
    /// Dice games that hit or pin lone men, judged by the race: the odds
    /// a lone man is shot at, which [`Policy::Greedy`] weighs.
    exposure: Option<Exposure>,
    /// A learned evaluation whose greedy play chooses every turn, in place
    /// of the policy's.
    learned: Option<Learner<'e>>,
}

/// A learned evaluation's greedy play, with its buffers.
struct Learner<'e> {
    net: &'e crate::learn::Net,
    features: crate::learn::Features,
    judge: crate::learn::Judge,
}

/// The race of a dice game whose lone men can be hit or pinned, judged as
/// [`evaluate`] judges it (each man's progress along his track, the
/// mover's against his opponent's) less what the mover's lone men stand to
/// lose: each one's progress times the odds that an opposing man behind
/// it, a die's throw away, lands on it. Without this, greedy play hits
/// whatever it can and leaves men alone anywhere, and two greedy players
/// send each other's men back for thousands of turns.
struct Exposure {
    /// The most pips one die shows.
    reach: usize,
    /// The odds that a given number shows on some die of a roll.
    shot: f64,
}

impl Exposure {
    /// For games with dice of plain faces, no `evaluate` of their own, and
    /// men hit or pinned where they stand alone.
    fn of(engine: &Engine) -> Option<Exposure> {
        let game = engine.game();
        let dice = game.dice?;
        let hits = game.rules.hit_to.is_some() || game.rules.pin_blots;
        if !hits || dice.values.is_some() || dice.summed || dice.faces < 2 {
            return None;
        }
        if engine.evaluation(&engine.start(), 0).is_some() {
            return None;
        }
        let miss = f64::from(dice.faces - 1) / f64::from(dice.faces);
        Some(Exposure {
            reach: usize::from(dice.faces),
            shot: 1.0 - miss.powi(i32::from(dice.count)),
        })
    }

    /// The judgement of `st` for `player`, strictly between -0.9 and 0.9.
    fn judge(&self, engine: &Engine, st: &State, player: usize) -> f64 {
        let mut progress = [0.0; 2];
        let mut risk = 0.0;
        let opponent = 1 - player;
        let theirs = engine.track(opponent);
        for (p, total) in progress.iter_mut().enumerate() {
            let track = engine.track(p);
            let last = track.len().saturating_sub(1).max(1);
            for (position, &site) in track.iter().enumerate() {
                let site = usize::from(site);
                let Some((owner, _)) = st.piece(site) else {
                    continue;
                };
                if owner != p {
                    continue;
                }
                let men = engine.men(st, site);
                let share = position as f64 / last as f64;
                *total += f64::from(men) * share;
                if p != player || men != 1 || position == 0 || position == last {
                    continue;
                }
                // Opposing men a die's throw behind this lone man, along
                // their own track: one chance per distance.
                let Some(at) = engine.track_position(opponent, site) else {
                    continue;
                };
                let shots = (1..=self.reach.min(at))
                    .filter(|d| {
                        let from = usize::from(theirs[at - d]);
                        st.piece(from).is_some_and(|(o, _)| o == opponent)
                    })
                    .count();
                risk += share * (shots as f64 * self.shot).min(1.0);
            }
        }
        let total = progress[0] + progress[1];
        if total == 0.0 {
            return 0.0;
        }
        let v = (progress[player] - risk - progress[opponent]) / total;
        0.9 * v.clamp(-1.0, 1.0)
    }
}

impl<'e> Roller<'e> {
    fn new(engine: &'e Engine, st: &State, policy: Policy) -> Self {
        let opening = engine.game().dice.is_some_and(|d| d.opening.is_some())
            && engine.to_throw(st)
            && *st == engine.start();
        Roller {
            engine,
            policy,
            opening,
            ended: true,
            game: st.clone(),
            scratch: st.clone(),
            moves: Vec::new(),
            replies: Vec::new(),
            exposure: match policy {
                Policy::Greedy => Exposure::of(engine),
                _ => None,
            },
            learned: None,
        }
    }

    /// Plays one game from `root`, its dice and tie-breaks drawn from
    /// generators seeded with `seed`; its outcome, `Ongoing` if unfinished.
    fn play_out(&mut self, root: &State, seed: u64) -> Result<Outcome, TooManyTurns> {
        let engine = self.engine;
        let mut dice = seeded(seed);
        let mut choice = seeded(seed ^ 0x9e37_79b9_7f4a_7c15);
        self.game.clone_from(root);
        if self.opening {
            engine.opening(&mut self.game, &mut dice);
        }
        let mut ended = self.ended;
        for _ in 0..MAX_ROLLOUT_TURNS {
            if engine.to_throw(&self.game) {
                engine.roll(&mut self.game, &mut dice);
            }
            engine.try_legal_moves(&mut self.game, &mut self.moves)?;
            let outcome = engine.outcome_after(&self.game, !self.moves.is_empty(), ended);
            if outcome != Outcome::Ongoing || self.moves.is_empty() {
                return Ok(outcome);
            }
            let i = if self.policy == Policy::Random && self.learned.is_none() {
                choice.random_range(0..self.moves.len())
            } else if self.moves.len() == 1 {
                0
            } else if let Some(l) = self.learned.as_mut() {
                crate::learn::greedy_choice(
                    engine,
                    &l.features,
                    l.net,
                    &self.game,
                    &self.moves,
                    &mut l.judge,
                )
            } else {
                self.greedy(&mut choice)?
            };
            let m = &self.moves[i];
            engine.play_unchecked(&mut self.game, m);
            ended = m.ends;
        }
        Ok(Outcome::Ongoing)
    }

    /// The index of the turn of `game` whose position [`evaluate`] judges
    /// best for its mover, ties drawn uniformly (by reservoir sampling).
    fn greedy(&mut self, choice: &mut Rng) -> Result<usize, TooManyTurns> {
        let engine = self.engine;
        let mover = self.game.to_move as usize;
        let mut best = f64::NEG_INFINITY;
        let mut pick = 0;
        let mut tied = 0u32;
        for (i, m) in self.moves.iter().enumerate() {
            self.scratch.clone_from(&self.game);
            engine.play_unchecked(&mut self.scratch, m);
            let outcome = engine.outcome_after_turn(&mut self.scratch, m, &mut self.replies)?;
            let v = match (outcome, &self.exposure) {
                (Outcome::Ongoing, Some(exposure)) => exposure.judge(engine, &self.scratch, mover),
                _ => evaluate(engine, &self.scratch, outcome, mover),
            };
            if v > best + 1e-12 {
                best = v;
                pick = i;
                tied = 1;
            } else if v >= best - 1e-12 {
                tied += 1;
                if choice.random_range(0..tied) == 0 {
                    pick = i;
                }
            }
        }
        Ok(pick)
    }
}
