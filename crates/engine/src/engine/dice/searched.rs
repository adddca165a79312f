//! A turn being searched, die move by die move, where the turns it finds
//! are recorded; and the tables of a roll's search, kept by each thread
//! from roll to roll.

use super::orders::Orders;
use super::route::Route;
use super::table::{Entry, Table};
use super::{MAX_TURNS, Masks, SEARCH_DIE_MOVES, TooManyTurns};
use crate::engine::Step;
use crate::engine::bits::Bits;

/// The odd multiplier that spreads what the obligations measure of a turn
/// over the bits of its key in the table of turns (the golden ratio).
const MEASURES_MIX: u64 = 0x9e37_79b9_7f4a_7c15;

/// A turn being searched: the die moves so far and where turns are recorded.
pub(super) struct Turn<'a, B: Width> {
    pub(super) player: usize,
    /// The dice not yet played come first.
    pub(super) dice: [u8; SEARCH_DIE_MOVES],
    pub(super) m: Route,
    /// Where the men stand, kept up to date die move by die move.
    pub(super) masks: Masks<B>,
    /// Whether the player may bear off in the position searched next,
    /// where the die move that reached it cannot have changed it.
    pub(super) bearing: Option<bool>,
    /// The track positions (before the last) where the player has free
    /// men in the position searched next, as a mask: carried from the
    /// parent node, which knows the two sites its die move changed.
    pub(super) positions: Option<B>,
    /// The sites where the player may not land in the position searched
    /// last, and their track positions (`forbidden`, `forbidden_at` of
    /// [`Options`]): carried to the position searched next, where only the
    /// sites whose landing changed are looked up on the track.
    /// And whether the die move between them left every site mask they
    /// are decided by as it was: they are then the same.
    pub(super) forbidden: Option<(B, B, bool)>,
    pub(super) out: &'a mut Vec<Route>,
    /// The positions searched and turns found; `None` records every route.
    pub(super) memo: Option<&'a mut Memo>,
    /// The limit the search ran into, if any: it then stops.
    pub(super) overflow: Option<TooManyTurns>,
    /// Whether orders of die moves already searched are skipped (see
    /// [`Orders`]), and the die moves played before the search began.
    pub(super) orders: bool,
    pub(super) base: usize,
    /// The smaller die of the roll (die slot 0 of [`Orders`]).
    pub(super) low: u8,
    /// The player's track position of each site (for [`Route::rank`]).
    pub(super) position: &'a [u8],
}

impl<B: Width> Turn<'_, B> {
    /// Records the die moves so far as a complete turn leading to `key`.
    ///
    /// Of the routes to one position that the obligations cannot tell
    /// apart (the same number of dice, largest die and end of the game),
    /// only the first in presentation order is kept.
    #[inline]
    pub(super) fn record(&mut self, key: u64) {
        if self.overflow.is_some() {
            return;
        }
        let m = &self.m;
        let Some(memo) = self.memo.as_deref_mut() else {
            if self.out.len() >= MAX_TURNS {
                self.overflow = Some(TooManyTurns::Routes);
            } else {
                self.out.push(Route { key, ..*m });
            }
            return;
        };
        // The measures told apart by an odd multiplier: one multiplication
        // rather than a full mix, the position key being random already.
        let measures = u64::from(m.len) | u64::from(m.die) << 8 | u64::from(m.ends) << 16;
        match memo.turns.entry(
            key ^ measures.wrapping_mul(MEASURES_MIX),
            self.out.len() as u32,
            MAX_TURNS,
        ) {
            // The route kept came first in presentation order (see
            // `dice_routes`): it stays.
            Entry::Found(i) => {
                debug_assert!(
                    self.out[i as usize].rank(self.position) <= m.rank(self.position),
                    "a later route ranks lower"
                );
            }
            Entry::Added => self.out.push(Route { key, ..*m }),
            Entry::Full => self.overflow = Some(TooManyTurns::Turns),
        }
    }

    /// What the obligations measure of the turns a last die move of `die`
    /// completes (one more die move, the largest die), mixed as
    /// [`Turn::record`] mixes them: the same for every last die move from
    /// one position, so worked out once per position.
    #[inline(always)]
    pub(super) fn last_measures(&self, die: u8) -> u64 {
        let m = &self.m;
        // A route that ends the game is recorded where it ends.
        debug_assert!(!m.ends, "a die move after the game's end");
        let measures = u64::from(m.len + 1) | u64::from(m.die.max(die)) << 8;
        measures.wrapping_mul(MEASURES_MIX)
    }

    /// [`Turn::record`] of the die moves so far and `step`, from track
    /// position `from` to `target`, leading to `key`, without adding it
    /// to the turn's route: the route is copied with it only where the
    /// turn is kept. `measures` is [`Turn::last_measures`] of its die.
    #[inline(always)]
    pub(super) fn record_last(
        &mut self,
        step: Step,
        (from, target): (usize, usize),
        key: u64,
        measures: u64,
    ) {
        if self.overflow.is_some() {
            return;
        }
        debug_assert_eq!(measures, self.last_measures(step.die), "measures of a node");
        let m = &self.m;
        let Some(memo) = self.memo.as_deref_mut() else {
            if self.out.len() >= MAX_TURNS {
                self.overflow = Some(TooManyTurns::Routes);
            } else {
                self.out.push(m.with_last(step, (from, target), key));
            }
            return;
        };
        match memo
            .turns
            .entry(key ^ measures, self.out.len() as u32, MAX_TURNS)
        {
            // The route kept came first in presentation order (see
            // `dice_routes`): it stays.
            Entry::Found(i) => {
                debug_assert!(
                    self.out[i as usize].rank(self.position) <= m.rank_with(step, self.position),
                    "a later route ranks lower"
                );
            }
            Entry::Added => self.out.push(m.with_last(step, (from, target), key)),
            Entry::Full => self.overflow = Some(TooManyTurns::Turns),
        }
    }
}

/// The tables of one roll's search.
pub(super) struct Memo {
    /// The positions searched, each with the dice left to play.
    pub(super) nodes: Table,
    /// The turns found, by resulting position and what the obligations
    /// measure: the value is the turn's index in the output.
    pub(super) turns: Table,
    /// The orders noted, at either width of masks.
    pub(super) orders: Orders<u128>,
    pub(super) orders_narrow: Orders<u64>,
}

/// A width of masks the search is compiled for: its orders are kept in
/// the search's tables.
pub(super) trait Width: Bits {
    /// Whether the search at this width looks for placements (`place`):
    /// see [`super::options::searches_placements`].
    const PLACES: bool = super::options::searches_placements::<Self>();

    fn orders(memo: &mut Memo) -> &mut Orders<Self>;
}

impl Width for u128 {
    #[inline(always)]
    fn orders(memo: &mut Memo) -> &mut Orders<u128> {
        &mut memo.orders
    }
}

impl Width for u64 {
    #[inline(always)]
    fn orders(memo: &mut Memo) -> &mut Orders<u64> {
        &mut memo.orders_narrow
    }
}

// The search tables of this thread, kept from roll to roll.
thread_local! {
    pub(super) static MEMO: std::cell::RefCell<Memo> = const {
        std::cell::RefCell::new(Memo {
            nodes: Table::new(),
            turns: Table::new(),
            orders: Orders::new(),
            orders_narrow: Orders::new(),
        })
    };
}

impl Memo {
    pub(super) fn clear(&mut self) {
        self.nodes.clear();
        self.turns.clear();
    }
}
