//! Expectimax to a depth in turns, with alpha-beta pruning in games
//! without dice. Values are from the point of view of the player choosing
//! at the root: he maximises, his opponent minimises, and the dice are
//! averaged over every roll, each weighted by its probability. With a time
//! budget the search deepens one turn at a time (iterative deepening), each
//! search trying first the turns the last one judged best, and the deepest
//! search finished in time decides.

use super::{Hint, evaluate};
use crate::engine::{Engine, Move, Outcome, State, TooManyTurns};
use crate::rng::Rng;
use rand::RngExt;
use std::cell::Cell;
use std::time::Instant;

/// A learned evaluation for the leaves, in place of [`evaluate`].
#[derive(Clone, Copy)]
pub struct Leaves<'e> {
    /// Its network.
    pub net: &'e crate::learn::Net,
    /// The game's encoding of positions.
    pub features: &'e crate::learn::Features,
    /// The most points a game is worth, the network's unit.
    pub most: f64,
}

struct Search<'e> {
    engine: &'e Engine,
    player: usize,
    /// Leaves judged by a learned evaluation, if given.
    leaves: Option<Leaves<'e>>,
    /// Buffers of the learned evaluation.
    scratch: std::cell::RefCell<(Vec<(u32, f32)>, crate::learn::Scratch)>,
    /// Every roll with its probability (one roll of nothing without dice).
    rolls: Vec<([u8; 4], f64)>,
    /// The positions the search has passed through (see [`crate::engine::MAX_WORK`]),
    /// and the most it may: what the game has left of its budget.
    spent: Cell<u64>,
    budget: u64,
    /// When the search must stop, if it has a time budget; once passed,
    /// `late` is set and every value after it is meaningless.
    deadline: Option<Instant>,
    late: Cell<bool>,
}

/// Every set of faces the dice can show, with its probability.
fn rolls(engine: &Engine) -> Vec<([u8; 4], f64)> {
    let Some(dice) = engine.game().dice else {
        return vec![([0; 4], 1.0)];
    };
    if dice.values.is_some() || dice.summed {
        // Dice that list their faces or are summed: each throw as the
        // engine keeps it, weighed by the ways of throwing it.
        let total = f64::from(dice.faces).powi(i32::from(dice.count));
        return dice
            .throws()
            .into_iter()
            .map(|(t, n)| (t, n as f64 / total))
            .collect();
    }
    let (count, faces) = (dice.count as usize, dice.faces);
    let mut out: Vec<([u8; 4], f64)> = Vec::new();
    let total = f64::from(faces).powi(count as i32);
    // Every ordered throw, folded onto its sorted faces.
    let mut throw = vec![1u8; count];
    loop {
        let mut sorted = [0u8; 4];
        let mut faces_thrown = throw.clone();
        faces_thrown.sort_unstable();
        sorted[..count].copy_from_slice(&faces_thrown);
        match out.iter_mut().find(|(r, _)| *r == sorted) {
            Some((_, p)) => *p += 1.0 / total,
            None => out.push((sorted, 1.0 / total)),
        }
        let mut i = 0;
        while i < count && throw[i] == faces {
            throw[i] = 1;
            i += 1;
        }
        if i == count {
            break;
        }
        throw[i] += 1;
    }
    out
}

impl Search<'_> {
    /// The judgement of a leaf for the root's player: [`evaluate`], or
    /// with learned leaves the result in shares of the most a game is
    /// worth, and the network's value of a game going on.
    fn leaf(&self, st: &State, outcome: Outcome) -> f64 {
        let Some(l) = self.leaves else {
            return evaluate(self.engine, st, outcome, self.player);
        };
        match outcome {
            Outcome::Decisive { winner, points } => {
                let v = f64::from(points) / l.most;
                if winner == self.player { v } else { -v }
            }
            Outcome::Draw => 0.0,
            Outcome::Ongoing => {
                let mut scratch = self.scratch.borrow_mut();
                let (active, net_scratch) = &mut *scratch;
                let mover = st.to_move as usize;
                l.features.encode(self.engine, st, mover, active);
                let v = f64::from(l.net.value(active, net_scratch));
                if mover == self.player { v } else { -v }
            }
        }
    }

    /// The value of `st` after a turn, before the next throw, with `depth`
    /// turns left to search.
    fn chance(&self, st: &State, depth: u32, alpha: f64, beta: f64) -> Result<f64, TooManyTurns> {
        // A leaf of a dice game: the judgement does not depend on the roll
        // to come (dice games have no `no moves` rule), so no roll is thrown
        // and no turn generated.
        if depth == 0 && self.rolls.len() > 1 {
            let outcome = self.engine.outcome_with(st, true);
            return Ok(self.leaf(st, outcome));
        }
        if self.rolls.len() == 1 {
            let mut st = st.clone();
            st.dice = self.rolls[0].0;
            return self.decision(&mut st, depth, alpha, beta);
        }
        // Dice the rules set for this turn (a double to choose, the next
        // of a climbing sequence): no throw.
        if !self.engine.to_throw(st) {
            return self.decision(&mut st.clone(), depth, alpha, beta);
        }
        let mut value = 0.0;
        for &(roll, p) in &self.rolls {
            let mut st = st.clone();
            st.dice = roll;
            value += p * self.decision(&mut st, depth, f64::NEG_INFINITY, f64::INFINITY)?;
        }
        Ok(value)
    }

    /// The value of `st` (its dice thrown) with `depth` turns left.
    fn decision(
        &self,
        st: &mut State,
        depth: u32,
        mut alpha: f64,
        mut beta: f64,
    ) -> Result<f64, TooManyTurns> {
        if self.late.get() || self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.late.set(true);
            return Ok(0.0);
        }
        let mut moves = Vec::new();
        let before = st.work;
        self.engine.try_legal_moves(st, &mut moves)?;
        self.spent
            .set(self.spent.get() + st.work.saturating_sub(before));
        if self.spent.get() > self.budget {
            return Err(TooManyTurns::Work);
        }
        let outcome = self.engine.outcome_with(st, !moves.is_empty());
        if depth == 0 || outcome != Outcome::Ongoing || moves.is_empty() {
            return Ok(self.leaf(st, outcome));
        }
        let maximise = st.to_move as usize == self.player;
        let mut best = if maximise {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        for m in &moves {
            let mut next = st.clone();
            self.engine.play_unchecked(&mut next, m);
            let v = self.chance(&next, depth - 1, alpha, beta)?;
            if maximise {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        Ok(best)
    }

    /// The value of each of `moves` from `st` (its dice thrown), searched
    /// in the order `order` gives; with `pruned`, exact only for the best
    /// and those within 1e-9 of it, the others' at most that (alpha-beta
    /// at the root: enough to choose).
    fn values(
        &self,
        st: &State,
        moves: &[Move],
        order: &[usize],
        depth: u32,
        pruned: bool,
    ) -> Result<Vec<f64>, TooManyTurns> {
        let mut values = vec![f64::NEG_INFINITY; moves.len()];
        let mut best = f64::NEG_INFINITY;
        for &i in order {
            let mut next = st.clone();
            self.engine.play_unchecked(&mut next, &moves[i]);
            let alpha = if pruned {
                best - 1e-9
            } else {
                f64::NEG_INFINITY
            };
            values[i] = self.chance(&next, depth - 1, alpha, f64::INFINITY)?;
            best = best.max(values[i]);
        }
        Ok(values)
    }

    /// The values of `moves` searched `depth` turns deep, or with a time
    /// budget as deep as it allows up to `depth` (the first turn's search
    /// always finishes), each deeper search trying the last one's best
    /// turns first.
    fn deepening(
        &mut self,
        st: &State,
        moves: &[Move],
        (depth, seconds): (u32, Option<f64>),
        pruned: bool,
    ) -> Result<Vec<f64>, TooManyTurns> {
        let mut order: Vec<usize> = (0..moves.len()).collect();
        let Some(seconds) = seconds else {
            return self.values(st, moves, &order, depth, pruned);
        };
        let began = Instant::now();
        let mut values = self.values(st, moves, &order, 1, pruned)?;
        self.deadline = Some(began + std::time::Duration::from_secs_f64(seconds));
        for d in 2..=depth {
            order.sort_by(|&a, &b| values[b].total_cmp(&values[a]).then(a.cmp(&b)));
            let deeper = self.values(st, moves, &order, d, pruned)?;
            if self.late.get() {
                break;
            }
            values = deeper;
        }
        Ok(values)
    }
}

fn search<'e>(engine: &'e Engine, st: &State, leaves: Option<Leaves<'e>>) -> Search<'e> {
    Search {
        engine,
        player: st.to_move as usize,
        leaves,
        scratch: Default::default(),
        rolls: rolls(engine),
        spent: Cell::new(0),
        budget: super::search_budget(st),
        deadline: None,
        late: Cell::new(false),
    }
}

/// The index of the best of `moves` (ties broken at random) searched
/// `depth` turns deep, or as deep as `seconds` allow, and the positions the
/// search passed through: at most [`super::SEARCH_SHARE`] for each position
/// the game has left of its [`crate::engine::MAX_WORK`], else
/// [`TooManyTurns::Work`].
pub fn choose(
    engine: &Engine,
    st: &State,
    moves: &[Move],
    budget: (u32, Option<f64>),
    leaves: Option<Leaves<'_>>,
    rng: &mut Rng,
) -> Result<(usize, u64), TooManyTurns> {
    let mut search = search(engine, st, leaves);
    let values = search.deepening(st, moves, budget, true)?;
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let tied: Vec<usize> = (0..moves.len())
        .filter(|&i| values[i] >= best - 1e-12)
        .collect();
    Ok((tied[rng.random_range(0..tied.len())], search.spent.get()))
}

/// Every one of `moves` with its value, best first.
pub fn hints(
    engine: &Engine,
    st: &State,
    moves: &[Move],
    budget: (u32, Option<f64>),
    leaves: Option<Leaves<'_>>,
) -> Result<Vec<Hint>, TooManyTurns> {
    let values = search(engine, st, leaves).deepening(st, moves, budget, false)?;
    let mut hints: Vec<Hint> = values
        .iter()
        .enumerate()
        .map(|(index, &value)| Hint {
            index,
            visits: 0,
            value,
        })
        .collect();
    hints.sort_by(|a, b| b.value.total_cmp(&a.value).then(a.index.cmp(&b.index)));
    Ok(hints)
}
