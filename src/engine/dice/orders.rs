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

use super::MAX_DIE_MOVES;
use super::masks::one;

/// The track positions a die move may start from (the bits of a `u128`).
const POSITIONS: usize = 128;

/// A die move the search has played and is searching beyond.
#[derive(Clone, Copy, Default)]
struct Under {
    /// Track position of its origin, and its die.
    from: u8,
    die: u8,
    /// Which of the roll's dice it played (0: the smaller).
    slot: u8,
}

/// The die moves searched, per depth: see the module documentation.
pub(super) struct Orders {
    /// Per depth, track position and die slot of a die move searched
    /// there, the track positions of the die moves played after it.
    after: Vec<[u128; 2]>,
    /// Per depth and die slot, the track positions of the die moves
    /// searched from the position being searched there.
    searched: [[u128; 2]; MAX_DIE_MOVES],
    /// Per depth, the die move being searched beyond.
    under: [Under; MAX_DIE_MOVES],
}

impl Orders {
    pub(super) const fn new() -> Orders {
        Orders {
            after: Vec::new(),
            searched: [[0; 2]; MAX_DIE_MOVES],
            under: [Under {
                from: 0,
                die: 0,
                slot: 0,
            }; MAX_DIE_MOVES],
        }
    }

    /// Whether a roll of these dice may skip orders: one die repeated, or
    /// two different dice.
    pub(super) fn apply(dice: &[u8]) -> bool {
        dice.iter().all(|&d| d == dice[0]) || dice.len() == 2
    }

    /// A position is searched at `depth` (die moves played before it).
    #[inline(always)]
    pub(super) fn begin(&mut self, depth: usize) {
        if self.after.is_empty() {
            self.after = vec![[0; 2]; MAX_DIE_MOVES * POSITIONS];
        }
        self.searched[depth] = [0; 2];
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
    pub(super) fn skips(&mut self, depth: usize, die: u8, slot: usize, froms: u128) -> u128 {
        let m = self.under[depth - 1];
        let noted = (depth - 1) * POSITIONS;
        // The die moves before the one played at `depth - 1`, in
        // presentation order: track position, then die.
        let played = one(m.from.into());
        let mut before = played - 1;
        if die < m.die {
            before |= played;
        }
        let mut maybe = froms & before & self.searched[depth - 1][slot];
        let mut kept = froms;
        let noted_here = &self.after[noted..noted + POSITIONS];
        let slot = slot & 1;
        while maybe != 0 {
            let from = maybe.trailing_zeros() as usize;
            maybe &= maybe - 1;
            if noted_here[from & (POSITIONS - 1)][slot] & played != 0 {
                kept &= !one(from);
            }
        }
        self.after[noted + m.from as usize][m.slot as usize] |= kept;
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
        self.searched[depth][slot] |= one(from);
        self.after[depth * POSITIONS + from][slot] = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::Orders;

    /// Of a roll of 1 and 3: 3 from 5 then 1 from 2 is skipped once 1
    /// from 2 then 3 from 5 was searched; 1 from 7 is not (never played
    /// before 3 from 5), nor is anything whose earlier order was not searched.
    #[test]
    fn skips_the_later_order_of_two_searched() {
        let mut o = Orders::new();
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
}
