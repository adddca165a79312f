//! Two orders of the same die moves: which ones the search may skip.
//!
//! Two die moves of one player, `c` and `m`, played in either order from
//! one position, leave the same position whenever both orders may be
//! played. Each takes one of his men off a site and puts one on another,
//! so his men add up alike. An opposing man is hit (or pinned) in both
//! orders, by the first of the two to land on his site: the opponent's
//! men move only when hit, and a site the mover leaves holds none of them
//! (a pinned man freed by one is pinned again by the other). So the route
//! that plays `m` and then `c` reaches the position that `c` then `m`
//! reaches, with the same dice, and it ends the game exactly when that one
//! does: no end condition held before the last die move of either route,
//! so the first to hold is judged after it in both.
//!
//! The search takes die moves in presentation order, the order of the
//! turns' ranks. Where `c` comes before `m` and the search, having played
//! `c`, went on to play `m`, the route through `m` then `c` can only find
//! a position already searched, or record a turn already kept with a
//! lower rank: it is skipped. Whether `m` could be played after `c` is
//! read from what the search did, never assumed: a rule that forbids a
//! landing or a leaving may depend on the die moves before it.
//!
//! What is noted, per depth of the turn: the die moves searched from the
//! position being searched there, and for each of them, the die moves
//! played after it. A die move is named by its track position and its
//! die, which, in a roll of one repeated die or of two different dice,
//! also tells the die of the die move after it: the same one, or the
//! other one. Other rolls are searched without skipping.
//!
//! A roll of one repeated die skips one step further. Where, from a
//! position `g`, `m` then `c'` was searched and `c'` then `m` skipped as
//! above, and the search plays `c'` then `c` (after `m` in presentation
//! order), `m` is skipped after them too if `c` could be played after `m`
//! then `c'`: `c'`, `c`, `m` leaves the position `m`, `c'`, `c` leaves
//! (each of the orders of two is possible), that route comes first in
//! presentation order, and the positions it passes were searched (the
//! first two) or are passed by this one too (the last). Whether `c` could
//! be played there is read from the die moves the search found possible
//! in the position `m`, `c'` reached (none where it did not search it),
//! kept per pair of die moves from `g` for tracks of up to [`PAIRED`]
//! positions.

use super::SEARCH_DIE_MOVES;
use crate::engine::bits::Bits;

/// A die move the search has played and is searching beyond.
#[derive(Clone, Copy, Default)]
struct Under {
    /// Track position of its origin, and its die.
    from: u8,
    die: u8,
    /// Which of the roll's dice it played (0: the smaller).
    slot: u8,
}

/// The longest track whose rolls of one repeated die skip the further
/// step (see the module documentation): its pairs of die moves are kept
/// in a table of `PAIRED * PAIRED` entries per depth.
const PAIRED: usize = 32;

/// The die moves searched, per depth: see the module documentation.
pub(super) struct Orders<B: Bits = u128> {
    /// Per depth, track position (one of `B::WIDTH`) and die slot of a
    /// die move searched there, the track positions of the die moves
    /// played after it.
    after: Vec<[B; 2]>,
    /// Per depth and die slot, the track positions of the die moves
    /// searched from the position being searched there.
    searched: [[B; 2]; SEARCH_DIE_MOVES],
    /// Per depth, the die move being searched beyond.
    under: [Under; SEARCH_DIE_MOVES],
    /// Per depth, the die moves skipped as later orders of two in the
    /// position being searched there.
    skipped: [B; SEARCH_DIE_MOVES],
    /// Per depth and pair of die moves `m` then `c'` from the position
    /// searched there, the die moves possible in the position they reach
    /// (0 where it was not searched): see the module documentation.
    pairs: Vec<u32>,
    /// Whether the search skips the further step, and the depth it began
    /// at (die moves played before it).
    further: bool,
    base: usize,
}

/// Whether a roll of these dice may skip orders: one die repeated, or
/// two different dice.
pub(super) fn apply(dice: &[u8]) -> bool {
    dice.iter().all(|&d| d == dice[0]) || dice.len() == 2
}

impl<B: Bits> Orders<B> {
    pub(super) const fn new() -> Orders<B> {
        Orders {
            after: Vec::new(),
            searched: [[B::ZERO; 2]; SEARCH_DIE_MOVES],
            under: [Under {
                from: 0,
                die: 0,
                slot: 0,
            }; SEARCH_DIE_MOVES],
            skipped: [B::ZERO; SEARCH_DIE_MOVES],
            pairs: Vec::new(),
            further: false,
            base: 0,
        }
    }

    /// A search of `dice` begins after `base` die moves, on a track of
    /// `positions` track positions.
    pub(super) fn start(&mut self, dice: &[u8], base: usize, positions: usize) {
        self.further = dice.len() > 2 && dice.iter().all(|&d| d == dice[0]) && positions <= PAIRED;
        self.base = base;
        if self.further && self.pairs.is_empty() {
            self.pairs = vec![0; SEARCH_DIE_MOVES * PAIRED * PAIRED];
        }
    }

    /// The entry of [`Orders::pairs`] of die moves from track positions
    /// `m` then `c` at `depth`.
    #[inline(always)]
    fn pair(depth: usize, m: u8, c: u8) -> usize {
        (depth * PAIRED + usize::from(m) % PAIRED) * PAIRED + usize::from(c) % PAIRED
    }

    /// A position is searched at `depth` (die moves played before it).
    #[inline(always)]
    pub(super) fn begin(&mut self, depth: usize) {
        if self.after.is_empty() {
            self.after = vec![[B::ZERO; 2]; SEARCH_DIE_MOVES * B::WIDTH];
        }
        self.searched[depth] = [B::ZERO; 2];
        self.skipped[depth] = B::ZERO;
    }

    /// At `depth` (at least 1, the die move before it noted by
    /// [`Orders::enter`]), of the die moves of `die` (in `slot`) from the
    /// track positions `froms`, those that are not the later order of two,
    /// the earlier one searched: the others are skipped. Those kept are
    /// noted as played after the die move before them.
    ///
    /// One call for all of a position's die moves of one die: what it
    /// reads (the die moves searched at `depth - 1`, and those played
    /// after each) is never what it notes, nor what the search beyond the
    /// die moves kept changes, so this is what noting them one by one, in
    /// presentation order, would do.
    #[inline(always)]
    pub(super) fn skips(&mut self, depth: usize, die: u8, slot: usize, froms: B) -> B {
        let m = self.under[depth - 1];
        let noted = (depth - 1) * B::WIDTH;
        // The die moves before the one played at `depth - 1`, in
        // presentation order: track position, then die.
        let played = B::one(m.from.into());
        let mut before = played - B::ONE;
        if die < m.die {
            before |= played;
        }
        let mut maybe = froms & before & self.searched[depth - 1][slot];
        let mut kept = froms;
        let noted_here = &self.after[noted..noted + B::WIDTH];
        let slot = slot & 1;
        while !maybe.none() {
            let from = maybe.trailing_zeros() as usize;
            maybe = maybe.rest();
            if !(noted_here[from & (B::WIDTH - 1)][slot] & played).none() {
                kept &= !B::one(from);
            }
        }
        self.after[noted + m.from as usize][m.slot as usize] |= kept;
        if !self.further {
            return kept;
        }
        self.skipped[depth] = froms & !kept;
        if depth < self.base + 2 {
            return kept;
        }
        // The further step: `c` is the die move `m` above, `c'` the one
        // before it; what is possible here is noted for the pair.
        let (c, before_c) = (m, self.under[depth - 2]);
        // Tracks of up to `PAIRED` positions: the low word holds them.
        self.pairs[Self::pair(depth - 2, before_c.from, c.from)] = froms.words()[0] as u32;
        let mut maybe = kept & before & self.skipped[depth - 1];
        while !maybe.none() {
            let from = maybe.trailing_zeros() as usize;
            maybe = maybe.rest();
            let possible = self.pairs[Self::pair(depth - 2, from as u8, before_c.from)];
            if possible >> c.from & 1 != 0 {
                kept &= !B::one(from);
            }
        }
        kept
    }

    /// The search plays, at `depth`, the die move of `die` (in `slot`)
    /// from track position `from`, and searches beyond it.
    #[inline(always)]
    pub(super) fn enter(&mut self, depth: usize, (from, die, slot): (usize, u8, usize)) {
        self.under[depth] = Under {
            from: from as u8,
            die,
            slot: slot as u8,
        };
        self.searched[depth][slot] |= B::one(from);
        self.after[depth * B::WIDTH + from][slot] = B::ZERO;
        if self.further && depth > self.base {
            let m = self.under[depth - 1].from;
            self.pairs[Self::pair(depth - 1, m, from as u8)] = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Orders;

    type Orders128 = Orders<u128>;

    /// Of a roll of 1 and 3: 3 from 5 then 1 from 2 is skipped once 1
    /// from 2 then 3 from 5 was searched; 1 from 7 is not (never played
    /// before 3 from 5), nor is anything whose earlier order was not searched.
    #[test]
    fn skips_the_later_order_of_two_searched() {
        let mut o = Orders128::new();
        o.begin(0);
        o.enter(0, (2, 1, 0));
        o.begin(1);
        assert_eq!(o.skips(1, 3, 1, 1 << 5), 1 << 5);
        o.enter(0, (5, 3, 1));
        o.begin(1);
        assert_eq!(o.skips(1, 1, 0, 1 << 2 | 1 << 7), 1 << 7);
        // 3 from 9 was not searched at depth 0: 1 from 2 after it is kept.
        o.enter(0, (9, 3, 1));
        o.begin(1);
        assert_eq!(o.skips(1, 1, 0, 1 << 2), 1 << 2);
    }

    /// Searches, from position `g`, of a roll of four 1s (or of `dice`):
    /// 1 from 2 then 1 from 5, which finds `possible` after them; then 1
    /// from 5, where 1 from 2 is skipped (the later order of two), then
    /// 1 from 7. Returns what is kept there of 1 from 2 and 1 from 9.
    fn further(dice: &[u8], possible: u128, searched: bool) -> u128 {
        let mut o = Orders128::new();
        o.start(dice, 0, 26);
        o.begin(0);
        o.enter(0, (2, 1, 0));
        o.begin(1);
        assert_eq!(o.skips(1, 1, 0, 1 << 5), 1 << 5);
        o.enter(1, (5, 1, 0));
        if searched {
            o.begin(2);
            assert_eq!(o.skips(2, 1, 0, possible), possible);
        }
        o.enter(0, (5, 1, 0));
        o.begin(1);
        assert_eq!(o.skips(1, 1, 0, 1 << 2 | 1 << 7), 1 << 7);
        o.enter(1, (7, 1, 0));
        o.begin(2);
        o.skips(2, 1, 0, 1 << 2 | 1 << 9)
    }

    /// Of a roll of one repeated die, 5 then 7 then 2 is skipped where 2
    /// then 5 was searched and 7 was possible after it (the further
    /// step); not where 7 was not possible there, where the position 2
    /// then 5 reached was not searched, nor in a roll of two dice.
    #[test]
    fn skips_the_further_step_of_one_repeated_die() {
        assert_eq!(further(&[1; 4], 1 << 7 | 1 << 9, true), 1 << 9);
        assert_eq!(further(&[1; 4], 1 << 9, true), 1 << 2 | 1 << 9);
        assert_eq!(further(&[1; 4], 1 << 7 | 1 << 9, false), 1 << 2 | 1 << 9);
        assert_eq!(further(&[1, 1], 1 << 7 | 1 << 9, true), 1 << 2 | 1 << 9);
    }
}
