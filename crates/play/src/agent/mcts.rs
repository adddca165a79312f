//! Monte Carlo tree search: UCT, each new node judged by a uniformly random
//! playout or by a learned evaluation; rewards are the points a game is
//! worth, as shares of the most it can be.
//!
//! The tree alternates decision nodes (a position with its dice thrown and
//! its legal turns) and chance nodes (the position after a turn, before the
//! next throw). A chance node's children are keyed by the roll; each
//! iteration samples a roll there, so every statistic below a chance node is
//! conditioned on the roll that led to it, and each roll is visited in
//! proportion to its probability. Games without dice have one outcome at
//! every chance node. Positions are not stored: each iteration replays the
//! turns of its path from the root.

use super::expectimax::Leaves;
use super::rewards;
use crate::engine::{Engine, Move, Outcome, State, TooManyTurns};
use crate::ir::MAX_PLAYERS;
use crate::rng::Rng;
use rand::RngExt;

/// One legal turn as the search saw it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hint {
    /// Its index in the legal turns given.
    pub index: usize,
    /// How often the search tried it (0 for agents that do not count).
    pub visits: u32,
    /// Its value for the mover: MCTS, the mean reward from 0 to 1 (the
    /// share of playouts won, a draw counting half, where a game is worth
    /// one point; else the points, from all the most a game is worth lost
    /// at 0 to all won at 1); expectimax, its value from -1 to 1.
    pub value: f64,
}

/// No node yet.
const NONE: u32 = u32::MAX;

struct Decision {
    mover: usize,
    moves: Vec<Move>,
    /// Per move: its chance node, or [`NONE`] while untried.
    children: Vec<u32>,
    untried: usize,
    visits: u32,
    /// The rewards when the game is over here.
    over: Option<[f64; MAX_PLAYERS]>,
}

struct Chance {
    visits: u32,
    /// Sum of the rewards of the player who chose the turn.
    value: f64,
    /// Per roll seen: the decision node it leads to.
    rolls: Vec<([u8; 4], u32)>,
}

/// How long a search goes on, and how it explores.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Iterations.
    pub iterations: u32,
    /// Seconds, which end the search earlier than its iterations would
    /// (after one iteration at least).
    pub seconds: Option<f64>,
    /// The exploration constant `c` of UCB1.
    pub exploration: f64,
}

struct Tree<'e> {
    engine: &'e Engine,
    decisions: Vec<Decision>,
    chances: Vec<Chance>,
    buffer: Vec<Move>,
    /// The most points a game is worth, the rewards' unit.
    most: f64,
    /// A learned evaluation judging new nodes in place of playouts.
    leaves: Option<Leaves<'e>>,
    /// Buffers of the learned evaluation.
    active: Vec<(u32, f32)>,
    scratch: crate::learn::Scratch,
}

impl Tree<'_> {
    /// A decision node for `st`, whose dice are thrown.
    fn decision(&mut self, st: &mut State) -> Result<u32, TooManyTurns> {
        self.engine.try_legal_moves(st, &mut self.buffer)?;
        let outcome = self.engine.outcome_with(st, !self.buffer.is_empty());
        let over = (outcome != Outcome::Ongoing || self.buffer.is_empty())
            .then(|| rewards(outcome, self.most));
        let moves = if over.is_some() {
            Vec::new()
        } else {
            self.buffer.clone()
        };
        self.decisions.push(Decision {
            mover: st.to_move as usize,
            children: vec![NONE; moves.len()],
            untried: moves.len(),
            moves,
            visits: 0,
            over,
        });
        Ok(self.decisions.len() as u32 - 1)
    }

    /// The rewards of a new node `st` (its dice thrown, the game going
    /// on): the learned evaluation's judgement for the mover, else random
    /// turns played to the end, as [`crate::playout::random_playout`] does.
    fn judge(&mut self, st: &mut State, rng: &mut Rng) -> Result<[f64; MAX_PLAYERS], TooManyTurns> {
        if let Some(l) = self.leaves {
            let mover = st.to_move as usize;
            l.features.encode(self.engine, st, mover, &mut self.active);
            let v = f64::from(l.net.value(&self.active, &mut self.scratch)).clamp(-1.0, 1.0);
            let mut r = [(1.0 - v) / 2.0; MAX_PLAYERS];
            r[mover] = (1.0 + v) / 2.0;
            return Ok(r);
        }
        crate::playout::random_playout(self.engine, st, rng, &mut self.buffer)
            .map(|p| rewards(p.outcome, self.most))
            .map_err(|e| e.cause)
    }

    /// The child of decision `d` that UCB1 picks.
    fn select(&self, d: usize, exploration: f64) -> usize {
        let node = &self.decisions[d];
        let log = f64::from(node.visits.max(1)).ln();
        let mut best = (f64::NEG_INFINITY, 0);
        for (i, &c) in node.children.iter().enumerate() {
            let child = &self.chances[c as usize];
            let n = f64::from(child.visits.max(1));
            let score = child.value / n + exploration * (log / n).sqrt();
            if score > best.0 {
                best = (score, i);
            }
        }
        best.1
    }

    /// One iteration from the root: select, expand, play out, back up.
    fn iterate(
        &mut self,
        root: &State,
        st: &mut State,
        exploration: f64,
        rng: &mut Rng,
        path: &mut Vec<(u32, u32)>,
    ) -> Result<(), TooManyTurns> {
        st.clone_from(root);
        path.clear();
        let mut d = 0usize;
        let (rewards, leaf) = loop {
            if let Some(r) = self.decisions[d].over {
                break (r, d);
            }
            let node = &self.decisions[d];
            let (i, expanding) = if node.untried > 0 {
                // An untried turn, chosen at random among the untried.
                let k = rng.random_range(0..node.untried);
                let i = node
                    .children
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| **c == NONE)
                    .nth(k)
                    .map_or(0, |(i, _)| i);
                (i, true)
            } else {
                (self.select(d, exploration), false)
            };
            let m = self.decisions[d].moves[i];
            self.engine.play_unchecked(st, &m);
            self.engine.roll(st, rng);
            let c = if expanding {
                self.chances.push(Chance {
                    visits: 0,
                    value: 0.0,
                    rolls: Vec::new(),
                });
                let c = self.chances.len() as u32 - 1;
                let node = &mut self.decisions[d];
                node.children[i] = c;
                node.untried -= 1;
                c
            } else {
                self.decisions[d].children[i]
            };
            path.push((d as u32, c));
            let seen = self.chances[c as usize]
                .rolls
                .iter()
                .find(|(dice, _)| *dice == st.dice)
                .map(|&(_, next)| next);
            match seen {
                Some(next) if !expanding => d = next as usize,
                _ => {
                    let next = self.decision(st)?;
                    self.chances[c as usize].rolls.push((st.dice, next));
                    let r = match self.decisions[next as usize].over {
                        Some(r) => r,
                        None => self.judge(st, rng)?,
                    };
                    break (r, next as usize);
                }
            }
        };
        self.decisions[leaf].visits += 1;
        for &(d, c) in path.iter() {
            let node = &mut self.decisions[d as usize];
            node.visits += 1;
            let mover = node.mover;
            let chance = &mut self.chances[c as usize];
            chance.visits += 1;
            chance.value += rewards[mover];
        }
        Ok(())
    }
}

/// Runs the iterations of UCT that `budget` allows from `st` (its dice
/// thrown), whose legal turns are `moves`, each new node judged by a random
/// playout or by `leaves`, and returns a hint per turn, most visited first
/// (ties by value, then by the order of `moves`).
pub fn search(
    engine: &Engine,
    st: &State,
    moves: &[Move],
    budget: Budget,
    leaves: Option<Leaves<'_>>,
    rng: &mut Rng,
) -> Result<Vec<Hint>, TooManyTurns> {
    search_spending(engine, st, moves, budget, leaves, rng).map(|(hints, _)| hints)
}

/// [`search`], with the positions its iterations passed through: at most
/// [`super::SEARCH_SHARE`] for each position the game has left of its
/// [`crate::engine::MAX_WORK`], else [`TooManyTurns::Work`].
pub fn search_spending(
    engine: &Engine,
    st: &State,
    moves: &[Move],
    budget: Budget,
    leaves: Option<Leaves<'_>>,
    rng: &mut Rng,
) -> Result<(Vec<Hint>, u64), TooManyTurns> {
    let mut tree = Tree {
        engine,
        decisions: Vec::new(),
        chances: Vec::new(),
        buffer: Vec::with_capacity(256),
        most: f64::from(engine.most_points()),
        leaves,
        active: Vec::new(),
        scratch: crate::learn::Scratch::default(),
    };
    tree.decisions.push(Decision {
        mover: st.to_move as usize,
        children: vec![NONE; moves.len()],
        untried: moves.len(),
        moves: moves.to_vec(),
        visits: 0,
        over: None,
    });
    let mut scratch = st.clone();
    let mut path = Vec::new();
    let began = std::time::Instant::now();
    // The positions the iterations pass through, charged to what the game
    // has left of its budget (see `MAX_WORK`).
    let (mut spent, most) = (0u64, super::search_budget(st));
    for _ in 0..budget.iterations {
        tree.iterate(st, &mut scratch, budget.exploration, rng, &mut path)?;
        spent += scratch.work.saturating_sub(st.work);
        if spent > most {
            return Err(TooManyTurns::Work);
        }
        if budget
            .seconds
            .is_some_and(|s| began.elapsed().as_secs_f64() >= s)
        {
            break;
        }
    }
    let root = &tree.decisions[0];
    let mut hints: Vec<Hint> = root
        .children
        .iter()
        .enumerate()
        .map(|(index, &c)| match c {
            NONE => Hint {
                index,
                visits: 0,
                value: 0.0,
            },
            c => {
                let chance = &tree.chances[c as usize];
                Hint {
                    index,
                    visits: chance.visits,
                    value: chance.value / f64::from(chance.visits.max(1)),
                }
            }
        })
        .collect();
    hints.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.value.total_cmp(&a.value))
            .then(a.index.cmp(&b.index))
    });
    Ok((hints, spent))
}
