//! Limits on the die moves of one turn: how many may start in a region
//! (with exceptions by roll and by the player's turn), and the runs of held
//! points no die move may make (the prime rule), found along the same
//! per-player list of points as vulnerable runs.

use super::Dice;
use super::masks::Masks;
use super::men;
use super::tables::seat;
use crate::engine::bits::Bits;
use crate::engine::{NONE, State, Step, bit};
use crate::ir;
use crate::ir::MAX_DICE;

/// The longest run of a `limit ... no run` judged by masks at each
/// position searched; a longer one is judged die move by die move.
const MAX_RUN_MASKED: usize = 16;

/// A compiled `limit ... leave`: the region's sites for each player.
pub(super) struct LeaveLimit {
    pub masks: [u128; 2],
    pub most: u8,
    pub exceptions: Vec<Exception>,
}

/// An exception: on the player's turn `turn` (if any), with one of
/// `rolls` (each sorted, padded with zeros; any roll if empty).
pub(super) struct Exception {
    most: u8,
    turn: Option<u8>,
    rolls: Vec<[u8; MAX_DICE]>,
}

/// Compiles the leave limits, with `regions` each player's own regions
/// first (see `Tables::regions`) and `names` their names; returns them and
/// the latest turn an exception names (0 if none), up to which the engine
/// counts each player's turns.
pub(super) fn compile(
    limits: &[ir::LeaveLimit],
    names: &[&str],
    regions: &[Vec<u128>],
) -> (Vec<LeaveLimit>, u8) {
    let mut cap = 0;
    let compiled = limits
        .iter()
        .map(|l| {
            let r = names.iter().position(|n| *n == l.region).unwrap_or(0);
            let exceptions = l
                .exceptions
                .iter()
                .map(|e| {
                    cap = cap.max(e.turn.unwrap_or(0));
                    Exception {
                        most: e.most,
                        turn: e.turn,
                        rolls: e
                            .rolls
                            .iter()
                            .map(|r| {
                                let mut roll = [0; MAX_DICE];
                                roll[..r.len()].copy_from_slice(r);
                                roll
                            })
                            .collect(),
                    }
                })
                .collect();
            LeaveLimit {
                masks: [regions[0][r], regions[1][r]],
                most: l.most,
                exceptions,
            }
        })
        .collect();
    (compiled, cap)
}

/// The track positions of `points` as a mask, where they are consecutive
/// positions in order (`position` giving each site's), all within the
/// first 64.
pub(super) fn points_span(points: &[u8], position: &[u8]) -> Option<u64> {
    let first = usize::from(*position.get(usize::from(*points.first()?))?);
    let consecutive = points
        .iter()
        .enumerate()
        .all(|(i, &s)| position.get(usize::from(s)) == Some(&((first + i) as u8)));
    (consecutive && first + points.len() <= 64).then(|| (u64::MAX >> (64 - points.len())) << first)
}

impl Dice {
    /// The sites `player` may not leave any more this turn, after the die
    /// moves `steps`: those of every region whose limit they have reached.
    #[inline(never)]
    pub(super) fn leave_blocked(&self, st: &State, player: usize, steps: &[Step]) -> u128 {
        let t = &self.t;
        let mut blocked = 0;
        for l in &t.leave_limits {
            let mask = l.masks[player];
            let left = steps.iter().filter(|s| mask & bit(s.from) != 0).count();
            if left >= usize::from(self.leave_most(st, player, l)) {
                blocked |= mask;
            }
        }
        blocked
    }

    /// How many men `player` may move out of a limit's region this turn:
    /// the first exception that applies to his turn and roll, else the rule.
    fn leave_most(&self, st: &State, player: usize, l: &LeaveLimit) -> u8 {
        let t = &self.t;
        // Turns are counted up to the latest one an exception names.
        let played = st.turns[player];
        let turn = (played < t.turn_cap).then_some(played + 1);
        // The roll sorted, worked out only for an exception of this turn
        // that names rolls.
        let sorted = || {
            let count = t.dice.count as usize;
            let mut roll = [0; MAX_DICE];
            roll[..count].copy_from_slice(&st.dice[..count]);
            roll[..count].sort_unstable();
            roll
        };
        let mut roll = None;
        l.exceptions
            .iter()
            .find(|e| {
                e.turn.is_none_or(|n| Some(n) == turn)
                    && (e.rolls.is_empty() || e.rolls.contains(roll.get_or_insert_with(sorted)))
            })
            .map_or(l.most, |e| e.most)
    }

    /// What the search must tell apart besides the position: how many die
    /// moves so far left each limited region.
    #[inline]
    pub(super) fn leave_key(&self, steps: &[Step]) -> u64 {
        let t = &self.t;
        let mut key = 0u64;
        for (i, l) in t.leave_limits.iter().enumerate() {
            let left = steps
                .iter()
                .filter(|s| (l.masks[0] | l.masks[1]) & bit(s.from) != 0)
                .count() as u64;
            key ^= left.wrapping_mul(0x9e37_79b9_7f4a_7c15_u64.rotate_left(i as u32 * 7 + 1));
        }
        key
    }

    /// Whether moving a man of `player` from `from` to `to` makes a run the
    /// game's `limit ... no run` rules forbid.
    pub(super) fn makes_run(&self, st: &State, player: usize, from: u8, to: u8) -> bool {
        let t = &self.t;
        let index = t.point_index[player][to as usize];
        if index == NONE {
            return false;
        }
        let points = &t.points[player];
        let at_to = men(st, to, player);
        for limit in &t.run_limits {
            let need = i32::from(limit.men);
            // Only a point that becomes held now can make a new run.
            if at_to + 1 != need {
                continue;
            }
            let held = |s: u8| {
                let n = men(st, s, player) - i32::from(s == from) + i32::from(s == to);
                n >= need
            };
            let (mut lo, mut hi) = (index as usize, index as usize);
            while lo > 0 && held(points[lo - 1]) {
                lo -= 1;
            }
            while hi + 1 < points.len() && held(points[hi + 1]) {
                hi += 1;
            }
            if ((hi - lo + 1) as u32) < limit.length {
                continue;
            }
            if limit.unless_ahead && self.opponent_ahead(st, player ^ 1, &points[lo..=hi]) {
                continue;
            }
            return true;
        }
        false
    }

    /// The track positions before `last` where a die move of `player` may
    /// land to make a run a `limit ... no run` forbids, as a mask: where
    /// [`Engine::makes_run`] may hold, `positions` being the track
    /// positions where he has free men. A point that becomes held there,
    /// with the held points next to it (as if the man came from nowhere:
    /// leaving a point only shortens runs), makes a run long enough.
    /// Where the masks cannot tell (points not one stretch of the track
    /// within the first 64 positions, a run of points held by three men
    /// or more, a run longer than [`MAX_RUN_MASKED`]), every position.
    pub(super) fn run_risks<B: Bits>(
        &self,
        masks: &Masks<B>,
        player: usize,
        positions: B,
        last: usize,
    ) -> B {
        let t = &self.t;
        let every = B::one(last) - B::ONE;
        let Some(span) = *seat(&t.points_span, player) else {
            return every;
        };
        let mut risky = 0u64;
        for limit in &t.run_limits {
            // Held points, and those one more man makes held, by track
            // position: neighbours on the track are neighbours as points.
            let (held, candidates) = match limit.men {
                0 => continue,
                1 => (positions.words()[0] & span, !positions.words()[0] & span),
                2 => {
                    let two = self
                        .track_positions(player, masks.two[player], last)
                        .words()[0];
                    (two & span, positions.words()[0] & span & !two)
                }
                _ => return every,
            };
            let length = limit.length.max(1);
            if length as usize > MAX_RUN_MASKED {
                return every;
            }
            // Too few held points for a run.
            if held.count_ones() + 1 < length {
                continue;
            }
            // Points with at least k held points right above them (b[k])
            // and with at least j right below (a): a run of `length`
            // through the point needs j + k = length - 1 for some j.
            let mut b = [0u64; MAX_RUN_MASKED];
            b[0] = u64::MAX;
            let most = (length as usize - 1) % MAX_RUN_MASKED;
            for k in 1..=most {
                b[k] = b[k - 1] & held >> k;
            }
            let mut a = u64::MAX;
            let mut found = b[most];
            for j in 1..=most {
                a &= held << j;
                found |= a & b[most - j];
            }
            risky |= found & candidates;
        }
        B::of(u128::from(risky))
    }

    /// Whether a man of `opp` stands further along his track than every
    /// site of `run`.
    fn opponent_ahead(&self, st: &State, opp: usize, run: &[u8]) -> bool {
        let t = &self.t;
        let position = &t.position[opp];
        let Some(far) = run
            .iter()
            .map(|&s| position[s as usize])
            .filter(|&p| p != NONE)
            .max()
        else {
            // The run is not on his track at all: it blocks nothing of his.
            return true;
        };
        t.track[opp][far as usize + 1..]
            .iter()
            .any(|&s| men(st, s, opp) > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::points_span;
    use crate::engine::NONE;

    /// Points at consecutive track positions, in order, give their
    /// positions; points out of order or past position 64 give none.
    #[test]
    fn points_span_needs_one_stretch_of_the_track() {
        // Sites 0..3 at track positions 1..4 (a bar at position 0).
        let position = [1, 2, 3, 4, 0];
        assert_eq!(points_span(&[0, 1, 2, 3], &position), Some(0b1_1110));
        // Points skipping a position, or listed against the track.
        assert_eq!(points_span(&[0, 2, 3], &position), None);
        assert_eq!(points_span(&[1, 0], &position), None);
        // A site on no track.
        assert_eq!(points_span(&[0], &[NONE]), None);
        // Past the 64th position.
        let far: Vec<u8> = (0..70).collect();
        assert_eq!(points_span(&[69], &far), None);
        assert_eq!(points_span(&[], &position), None);
    }
}
