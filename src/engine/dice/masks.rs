//! Where each player's free men stand, as site masks: what the conditions
//! and the landing rules of a dice game read most, kept up to date by the
//! search die move by die move rather than read site by site.

use super::triggers::{CAME, Change, FEWER, GONE, MORE};
use crate::engine::{NONE, State, bit};

/// The sites where each player has at least one free man (`occ`) and at
/// least two (`two`); a man pinned under an opposing man is not free.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(in crate::engine) struct Masks {
    pub occ: [u128; 2],
    pub two: [u128; 2],
}

impl Masks {
    /// The masks of a position, site by site.
    pub fn of(st: &State) -> Masks {
        let mut masks = Masks::default();
        for (site, (&c, &men)) in st.cells.iter().zip(&st.stack).enumerate() {
            if c != NONE {
                let p = (c >> 4) as usize & 1;
                masks.occ[p] |= bit(site as u8);
                if men >= 2 {
                    masks.two[p] |= bit(site as u8);
                }
            }
        }
        masks
    }

    /// Brings the masks up to date after a die move of `player` from
    /// `from` to `to` that hit nothing or sent what it hit to `hit`, in a
    /// game that pins no man; returns what it changed.
    #[inline(always)]
    pub fn moved(&mut self, st: &State, player: usize, (from, to, hit): (u8, u8, u8)) -> Change {
        let mut change = Change::NONE;
        let (f, t) = (bit(from), bit(to));
        let mut left = FEWER;
        match st.stack[from as usize] {
            0 => {
                self.occ[player] &= !f;
                left |= GONE;
            }
            1 => self.two[player] &= !f,
            _ => {}
        }
        change.push(from, player, left);
        let mut came = MORE;
        match st.stack[to as usize] {
            1 => {
                self.occ[player] |= t;
                came |= CAME;
            }
            2 => self.two[player] |= t,
            _ => {}
        }
        change.push(to, player, came);
        if hit != NONE {
            let opp = 1 - player;
            self.occ[opp] &= !t;
            self.two[opp] &= !t;
            change.add(to, opp, FEWER | GONE);
            let h = bit(hit);
            let mut more = MORE;
            if self.occ[opp] & h == 0 {
                more |= CAME;
            }
            self.occ[opp] |= h;
            if st.stack[hit as usize] >= 2 {
                self.two[opp] |= h;
            }
            change.add(hit, opp, more);
        }
        change
    }

    /// Brings the masks up to date after a die move of `player` from
    /// `from` to `to` in a game that pins, with `flags` what it did
    /// ([`super::PINNED`], [`super::RELEASED`]); returns what it changed:
    /// pins and releases change the free men of both players where the man
    /// left and landed, so every kind of change is noted on both sites.
    #[inline(always)]
    pub fn pinned(&mut self, st: &State, player: usize, (from, to): (u8, u8), flags: u8) -> Change {
        let (f, t) = (bit(from), bit(to));
        let opp = 1 - player;
        if flags & super::RELEASED != 0 {
            // The last pinner left: the man pinned there stands alone again.
            self.occ[player] &= !f;
            self.two[player] &= !f;
            self.occ[opp] |= f;
        } else {
            match st.stack[from as usize] {
                0 => self.occ[player] &= !f,
                1 => self.two[player] &= !f,
                _ => {}
            }
        }
        if flags & super::PINNED != 0 {
            self.occ[opp] &= !t;
        }
        match st.stack[to as usize] {
            1 => self.occ[player] |= t,
            2 => self.two[player] |= t,
            _ => {}
        }
        let mut change = Change::NONE;
        change.push(from, 0, 0xff);
        change.push(to, 0, 0xff);
        change
    }

    /// The free men of `player` on the sites of `mask`.
    #[inline]
    pub fn men_in(&self, st: &State, player: usize, mask: u128) -> i32 {
        let mut mask = mask & self.occ[player];
        let mut total = 0;
        while mask != 0 {
            total += i32::from(st.stack[mask.trailing_zeros() as usize]);
            mask &= mask - 1;
        }
        total
    }
}

/// Debug builds check the masks the search keeps against the position.
#[inline]
pub(in crate::engine) fn debug_check(masks: &Masks, st: &State) {
    debug_assert_eq!(*masks, Masks::of(st), "site masks out of date");
}
