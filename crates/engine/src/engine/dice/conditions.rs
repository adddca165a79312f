//! Conditions of dice games judged in play (end, pass, landing and
//! bearing-off rules): the compiled form and its evaluator are every
//! game's (`engine/condition.rs`), read here through the search's masks,
//! with the die move judged and the vulnerable runs it needs.

use super::Change;
use super::Dice;
use super::masks::Masks;
use super::men;
use super::tables::seat;
use crate::engine::bits::Bits;
use crate::engine::condition::{Cond, Judged};
use crate::engine::{NONE, State, bit};
use crate::ir::EndResult;

impl Dice {
    /// Sites of `player`'s runs of closed points longer than the game allows.
    #[inline]
    pub(super) fn vulnerable(&self, st: &State, player: usize) -> u128 {
        match self.t.vulnerable_run {
            Some(limit) => self.runs_longer_than(st, player, limit),
            None => 0,
        }
    }

    fn runs_longer_than(&self, st: &State, player: usize, limit: u32) -> u128 {
        let (mut found, mut run, mut run_len) = (0u128, 0u128, 0);
        for &site in &self.t.points[player] {
            if men(st, site, player) >= 2 {
                run |= bit(site);
                run_len += 1;
            } else {
                if run_len > limit {
                    found |= run;
                }
                run = 0;
                run_len = 0;
            }
        }
        if run_len > limit {
            found |= run;
        }
        found
    }

    /// Whether a condition holds for player `me`, with `(from, here, die)`
    /// the die move being judged and the die it plays ([`NONE`] where there
    /// is none; `die` as stored, see [`crate::ir::stored_value`]).
    #[inline]
    pub(super) fn holds<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        c: &Cond,
        me: usize,
        (from, here, die): (u8, u8, u8),
        vulnerable: B,
    ) -> bool {
        self.judging(st, masks, me, (from, here, die), vulnerable)
            .holds(c)
    }

    /// A position, its masks and a die move, to judge conditions in for
    /// player `me`.
    #[inline(always)]
    pub(super) fn judging<'b, B: Bits>(
        &'b self,
        st: &'b State,
        masks: &'b Masks<B>,
        me: usize,
        (from, here, die): (u8, u8, u8),
        vulnerable: B,
    ) -> Judged<'b, B, &'b Masks<B>> {
        Judged {
            st,
            standing: masks,
            me,
            from,
            here,
            // A dice game's men are of one kind, its first.
            moving: if here == NONE { NONE } else { 0 },
            die: if die == NONE {
                NONE
            } else {
                crate::ir::shown_value(die)
            },
            vulnerable,
            regions: &self.rules.regions.masks,
        }
    }

    /// [`Engine::evaluation`] of a dice game.
    pub(in crate::engine) fn dice_evaluation(&self, st: &State, player: usize) -> Option<i64> {
        let c = self.rules.evaluate.as_ref()?;
        let masks = Masks::of(st);
        let mine = self
            .judging(st, &masks, player, (NONE, NONE, NONE), 0)
            .sum(c);
        let theirs = self
            .judging(st, &masks, player ^ 1, (NONE, NONE, NONE), 0)
            .sum(c);
        Some(mine - theirs)
    }

    /// The end rule that holds after a die move, judged for the player who
    /// moved and then for his opponent.
    ///
    /// Only conditions that `change` can have made true are judged: the
    /// others hold no more after the die move than before it.
    pub(in crate::engine) fn dice_outcome<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        mover: usize,
        change: &Change,
    ) -> Option<(usize, EndResult, u8)> {
        let t = &self.t;
        let fired = t.ends_fire.fired(change);
        if fired == 0 {
            return None;
        }
        if self.players > 2 {
            return self.dice_outcome_many(st, masks, mover, change);
        }
        let ends = t.ends.len();
        for who in [mover, 1 - mover] {
            // The end conditions to judge for him, in the game's order:
            // with more than `fired` tells apart, every one.
            let judged = if ends >= 32 {
                u64::MAX
            } else {
                fired >> (who * ends) & ((1 << ends) - 1)
            };
            let mut vulnerable = None;
            for (i, e) in t.ends.iter().enumerate() {
                if ends < 32 && judged >> i & 1 == 0 {
                    if judged >> i == 0 {
                        break;
                    }
                    continue;
                }
                if e.needs[who].met(who, &masks.occ, B::of(st.pinned))
                    && self.end_holds(st, masks, (i, who), &mut vulnerable)
                {
                    return Some((who, e.result, e.points));
                }
            }
        }
        None
    }

    /// [`Engine::dice_outcome`] of a game of more than two players, whose
    /// end conditions read the judged player's own men alone (see
    /// `check/seats.rs`): judged for `mover` in `masks` (which he sees),
    /// then for each other player in turn whose men `change` moved (those
    /// hit, or all in a position judged afresh), in the masks he sees; the
    /// others' conditions held no more after the die move than before it.
    /// By the interpreter, out of line.
    #[cold]
    #[inline(never)]
    fn dice_outcome_many<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        mover: usize,
        change: &Change,
    ) -> Option<(usize, EndResult, u8)> {
        let ends = &self.t.ends;
        let none = (NONE, NONE, NONE);
        if let Some(e) = ends
            .iter()
            .find(|e| self.holds(st, masks, &e.cond, mover, none, B::ZERO))
        {
            return Some((mover, e.result, e.points));
        }
        // The players whose men the change moved: all, or those hit.
        let moved: u32 = change.touched(super::masks::side(mover) ^ 1, |site| {
            let c = st.cells[usize::from(site)];
            if c == NONE { 0 } else { 1u32 << (c >> 4) }
        });
        if moved & !(1u32 << mover) == 0 {
            return None;
        }
        let n = self.players;
        (mover + 1..mover + n)
            .map(|p| p % n)
            .filter(|p| moved >> p & 1 != 0)
            .find_map(|who| {
                let seen = Masks::seen_by(st, who);
                let holds = |e: &&super::tables::End| self.holds(st, &seen, &e.cond, who, none, 0);
                ends.iter().find(holds).map(|e| (who, e.result, e.points))
            })
    }

    /// Whether some end condition holds after a die move played, for
    /// either player: [`Engine::dice_outcome`] where only whether one holds
    /// matters, so judged in any order. The pairs of end condition and
    /// judged player whose needs the position meets are found first
    /// ([`super::triggers::Gates`]: usually none, no man borne off yet),
    /// and of those only the ones `change` sets off are judged.
    #[inline(always)]
    pub(super) fn ends_hold<B: Bits>(&self, st: &State, masks: &Masks<B>, change: &Change) -> bool {
        let t = &self.t;
        let live = t.ends_gates.live(&masks.occ, B::of(st.pinned));
        let holds = live != 0 && self.live_ends_hold(st, masks, change, live);
        debug_assert_eq!(
            holds,
            self.dice_outcome(st, masks, st.to_move as usize, change)
                .is_some(),
            "end conditions judged by their needs first as in order"
        );
        holds
    }

    /// [`Engine::ends_hold`] of the pairs `live`, whose needs are met.
    #[inline(never)]
    fn live_ends_hold<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        change: &Change,
        live: u64,
    ) -> bool {
        let t = &self.t;
        let ends = t.ends.len();
        let fired = t.ends_fire.fired(change);
        // More pairs than the bits tell apart, or a game of more than two
        // (whose conditions `dice_outcome` judges apart): judged in full.
        if t.ends_apart {
            let mover = st.to_move as usize;
            return fired != 0 && self.dice_outcome(st, masks, mover, change).is_some();
        }
        let mut judged = fired & live;
        let mut vulnerable = [None; 2];
        while judged != 0 {
            let (e, who) = super::triggers::pair(judged.trailing_zeros() as usize, ends);
            judged &= judged - 1;
            if self.end_holds(st, masks, (e, who), &mut vulnerable[who]) {
                return true;
            }
        }
        false
    }

    /// The pairs of end condition and judged player of `fired`, those a die
    /// move sets off (see [`super::triggers::Fires`]), whose needs (see
    /// [`super::triggers::needs`]) are met by `occ` and `pinned`, the sites
    /// where each player has free men and where men lie pinned after it:
    /// where there are any, the die move must be judged
    /// ([`Engine::ends_fire_after`]). The needs are read as gates
    /// ([`super::triggers::Gates`]).
    #[inline(always)]
    pub(super) fn ends_may_fire<B: Bits>(&self, fired: u64, occ: &[B; 2], pinned: B) -> u64 {
        let may = fired & self.t.ends_gates.live(occ, pinned);
        debug_assert_eq!(
            may != 0,
            self.ends_may_fire_one_by_one(fired, occ, pinned),
            "needs read as gates as one by one"
        );
        may
    }

    /// [`Engine::ends_may_fire`], each pair's needs tested in turn: what
    /// debug builds hold the gates to.
    fn ends_may_fire_one_by_one<B: Bits>(&self, fired: u64, occ: &[B; 2], pinned: B) -> bool {
        let t = &self.t;
        if fired == 0 {
            return false;
        }
        let ends = t.ends.len();
        if ends >= 32 {
            return true;
        }
        for who in 0..2 {
            let mut judged = fired >> (who * ends) & ((1 << ends) - 1);
            while judged != 0 {
                let e = &t.ends[judged.trailing_zeros() as usize];
                judged &= judged - 1;
                if e.needs[who].met(who, occ, pinned) {
                    return true;
                }
            }
        }
        false
    }

    /// The name of the game's pass rule that makes the player to move pass
    /// his turn, if one holds.
    pub(in crate::engine) fn pass_rule(&self, st: &State) -> Option<&str> {
        self.passes(st, &Masks::of(st))
    }

    /// [`Engine::pass_rule`], with `masks` the position's.
    pub(super) fn passes(&self, st: &State, masks: &Masks) -> Option<&str> {
        if !self.t.may_pass {
            return None;
        }
        self.pass_holds(st, masks)
    }

    /// [`Engine::passes`] of a game with pass rules: out of line, which
    /// keeps the root of the others' search small.
    #[inline(never)]
    fn pass_holds(&self, st: &State, masks: &Masks) -> Option<&str> {
        let t = &self.t;
        // A throw that passes (thrown: not a double chosen or climbed to).
        if !t.passing_throws.is_empty() && !st.chosen && !st.climbing {
            let mut thrown = st.dice;
            thrown.sort_unstable();
            if let Some((_, text)) = t.passing_throws.iter().find(|(r, _)| *r == thrown) {
                return Some(text);
            }
        }
        let player = st.to_move as usize;
        // A condition whose needs are not met does not hold (the usual
        // pass rule: no man on the bar), and is not judged.
        let mut vulnerable = None;
        let found = (t.pass_needs.iter().zip(&self.rules.pass)).position(|(needs, c)| {
            seat(needs, player).met(player, &masks.occ, st.pinned) && {
                let runs = *vulnerable.get_or_insert_with(|| self.vulnerable(st, player ^ 1));
                self.holds(st, masks, c, player, (NONE, NONE, NONE), runs)
            }
        });
        debug_assert_eq!(
            found,
            (self.rules.pass.iter()).position(|c| {
                let runs = self.vulnerable(st, player ^ 1);
                self.holds(st, masks, c, player, (NONE, NONE, NONE), runs)
            }),
            "pass rules judged by their needs first as in full"
        );
        found.map(|i| self.game.rules.pass[i].0.as_str())
    }
}
