//! Where each player's free men stand, as site masks: what the conditions
//! and the landing rules of a dice game read most, kept up to date by the
//! search die move by die move rather than read site by site.

use super::triggers::{CAME, Change, FEWER, GONE, MORE};
use crate::engine::bits::Bits;
use crate::engine::condition::Standing;
use crate::engine::{NONE, State, bit};

/// The sites where each side has at least one free man (`occ`) and at
/// least two (`two`); a man pinned under an opposing man is not free.
///
/// The masks have two sides (see [`side`]): in a game of two players, each
/// player's; in a game of more, they are seen by one player (the player to
/// move, or the one whose rules are judged), his men on his side and every
/// other player's on the other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(in crate::engine) struct Masks<B: Bits = u128> {
    pub occ: [B; 2],
    pub two: [B; 2],
}

impl Masks {
    /// The masks at the search's width `B`: where the board has at most
    /// as many sites as `B` bits, the same masks.
    #[inline(always)]
    pub fn narrow<B: Bits>(&self) -> Masks<B> {
        Masks {
            occ: [B::of(self.occ[0]), B::of(self.occ[1])],
            two: [B::of(self.two[0]), B::of(self.two[1])],
        }
    }

    /// The masks of a position seen by the player to move, site by site.
    pub fn of(st: &State) -> Masks {
        Masks::seen_by(st, usize::from(st.to_move))
    }

    /// The masks of a position seen by `player`, site by site: his men on
    /// his side, every other player's on the other (in a game of two, each
    /// player's on his own, whoever sees them).
    pub fn seen_by(st: &State, player: usize) -> Masks {
        let mut masks = Masks::default();
        for (site, (&c, &men)) in st.cells.iter().zip(&st.stack).enumerate() {
            if c != NONE {
                let p = side_of((c >> 4) as usize, player);
                masks.occ[p] |= bit(site as u8);
                if men >= 2 {
                    masks.two[p] |= bit(site as u8);
                }
            }
        }
        masks
    }
}

impl<B: Bits> Masks<B> {
    /// Whether these can be the masks of a position: a site holds one
    /// player's free men at most, and two of his only where he has one.
    pub fn of_a_position(&self) -> bool {
        (self.occ[0] & self.occ[1]).none()
            && (self.two[0] & !self.occ[0]).none()
            && (self.two[1] & !self.occ[1]).none()
    }

    /// Brings the masks up to date after a die move of `player` from
    /// `from` to `to` that hit nothing or sent what it hit to `hit`, in a
    /// game that pins no man; returns what it changed (by side).
    #[inline(always)]
    pub fn moved(&mut self, st: &State, player: usize, (from, to, hit): (u8, u8, u8)) -> Change {
        let player = side(player);
        let mut change = Change::NONE;
        let (f, t) = (B::one(usize::from(from)), B::one(usize::from(to)));
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
            let opp = player ^ 1;
            self.occ[opp] &= !t;
            self.two[opp] &= !t;
            change.add(to, opp, FEWER | GONE);
            let h = B::one(usize::from(hit));
            let mut more = MORE;
            if (self.occ[opp] & h).none() {
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
        let (f, t) = (B::one(usize::from(from)), B::one(usize::from(to)));
        let (player, opp) = (side(player), side(player) ^ 1);
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

    /// Whether the masks that `reads` names (see
    /// [`super::landing::Program::reads`]) are those of `other`.
    #[inline(always)]
    pub fn same(&self, other: &Masks<B>, reads: u8) -> bool {
        (reads & 1 == 0 || self.occ[0] == other.occ[0])
            && (reads & 2 == 0 || self.occ[1] == other.occ[1])
            && (reads & 4 == 0 || self.two[0] == other.two[0])
            && (reads & 8 == 0 || self.two[1] == other.two[1])
    }

    /// The free men of `player` on the sites of `mask`, in masks he sees.
    #[inline]
    pub fn men_in(&self, st: &State, player: usize, mask: B) -> i32 {
        let mut mask = mask & self.occ[side(player)];
        let mut total = 0;
        while !mask.none() {
            total += i32::from(st.stack[mask.trailing_zeros() as usize]);
            mask = mask.rest();
        }
        total
    }
}

impl<B: Bits> Standing<B> for &Masks<B> {
    #[inline(always)]
    fn occupied(&self, player: usize) -> B {
        self.occ[side(player)]
    }
    #[inline(always)]
    fn doubled(&self, player: usize) -> B {
        self.two[side(player)]
    }
    #[inline(always)]
    fn pieces_in(&self, st: &State, side: usize, mask: B) -> i32 {
        self.men_in(st, side, mask)
    }
    #[inline(always)]
    fn pieces_at(&self, st: &State, site: u8, side: usize) -> i32 {
        super::men(st, site, side)
    }
}

/// The side of the masks where `player`'s men are, in masks he sees (see
/// [`Masks`]): his index in a game of two; in a game of more, his index's
/// lowest bit, the other side holding every other player's men. The other
/// side is `side(player) ^ 1`.
#[inline(always)]
pub(in crate::engine) fn side(player: usize) -> usize {
    player & 1
}

/// The side of the men of `owner` in masks `player` sees: `owner` itself in
/// a game of two.
#[inline(always)]
pub(in crate::engine) fn side_of(owner: usize, player: usize) -> usize {
    usize::from(owner != player) ^ side(player)
}

/// Debug builds check the masks the search keeps against the position.
#[inline]
pub(in crate::engine) fn debug_check<B: Bits>(masks: &Masks<B>, st: &State) {
    debug_assert_eq!(*masks, Masks::of(st).narrow(), "site masks out of date");
}

/// One run of a track: the sites `site..site + len`, in that order or
/// (`reversed`) the other way round, at the track positions `at..at + len`.
#[derive(Clone, Copy, Debug)]
struct Run {
    site: u8,
    len: u8,
    at: u8,
    reversed: bool,
}

/// A player's track positions before the last, as runs of consecutive
/// sites (at most 64 to a run): turns a mask of sites into the mask of
/// their track positions a run at a time, by a shift, or a bit reversal
/// where the track runs down the sites, rather than bit by bit.
#[derive(Clone, Debug, Default)]
pub(super) struct TrackMap {
    runs: Vec<Run>,
}

impl TrackMap {
    /// The map of the positions before the last of `track` (the site at
    /// each track position, no site twice).
    pub fn new(track: &[u8]) -> TrackMap {
        let last = track.len().saturating_sub(1);
        let mut runs = Vec::new();
        let mut p = 0;
        while p < last {
            let first = track[p];
            let step = |k: usize, up: bool| {
                let s = i32::from(first) + if up { k as i32 } else { -(k as i32) };
                p + k < last && i32::from(track[p + k]) == s
            };
            let up = step(1, true);
            let mut len = 1;
            while len < 64 && step(len, up) {
                len += 1;
            }
            let reversed = len > 1 && !up;
            runs.push(Run {
                site: if reversed {
                    first + 1 - len as u8
                } else {
                    first
                },
                len: len as u8,
                at: p as u8,
                reversed,
            });
            p += len;
        }
        TrackMap { runs }
    }

    /// The map with `second` (unless [`crate::engine::NONE`]), a second
    /// site at track position 0, added: a run of one site.
    pub fn with_start(mut self, second: u8) -> TrackMap {
        if second != crate::engine::NONE {
            self.runs.push(Run {
                site: second,
                len: 1,
                at: 0,
                reversed: false,
            });
        }
        self
    }

    /// The track positions (before the last) of the sites of `sites`.
    #[inline(always)]
    pub fn positions<B: Bits>(&self, sites: B) -> B {
        let mut out = B::ZERO;
        for r in &self.runs {
            let part = (sites >> usize::from(r.site)).words()[0] & (u64::MAX >> (64 - r.len));
            let part = if r.reversed {
                part.reverse_bits() >> (64 - r.len)
            } else {
                part
            };
            out |= B::of(u128::from(part)) << usize::from(r.at);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::TrackMap;

    /// The track positions of `sites`, site by site.
    fn plain(track: &[u8], sites: u128) -> u128 {
        let last = track.len().saturating_sub(1);
        (0..last)
            .filter(|&p| sites >> track[p] & 1 != 0)
            .fold(0, |m, p| m | 1 << p)
    }

    #[test]
    fn track_map_matches_site_by_site() {
        let up: Vec<u8> = std::iter::once(24).chain(0..24).chain([25]).collect();
        let down: Vec<u8> = std::iter::once(26)
            .chain((0..24).rev())
            .chain([27])
            .collect();
        let long: Vec<u8> = (0..100).chain((100..127).rev()).collect();
        let odd: Vec<u8> = vec![5, 3, 4, 9, 8, 7, 1, 2, 0];
        for track in [up, down, long, odd] {
            let map = TrackMap::new(&track);
            let mut x = 0x9e37_79b9_7f4a_7c15_u128 << 64 | 0x2545_f491_4f6c_dd1d;
            for _ in 0..200 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                assert_eq!(map.positions(x), plain(&track, x), "track {track:?}");
            }
            assert_eq!(map.positions(u128::MAX), plain(&track, u128::MAX));
        }
    }
}
