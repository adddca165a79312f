//! The board from the mover's side as masks of sites, and the sites of a
//! mask: what the turns of a game without dice are found from.

use super::{Core, State};

/// The board from the mover's side, as masks of sites, read from
/// [`State::occupied`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Sides {
    /// The mover's pieces.
    pub own: u128,
    /// The opponent's pieces (in a game of more than two players, every
    /// other player's).
    pub opp: u128,
    /// The empty sites.
    pub empty: u128,
}

impl Sides {
    /// The masks of `st` for `player` in a game of `core`'s rules, where
    /// no piece is marked taken: in a game of more than two players,
    /// always the player to move.
    #[inline(always)]
    pub fn of(core: &Core, st: &State, player: usize) -> Sides {
        let own = st.occupied[player];
        // His opponent's, or, in a game of more, every other player's.
        let opp = st.occupied[player ^ 1] | st.rest;
        debug_assert!(core.players() == 2 || player == usize::from(st.to_move));
        Sides {
            own,
            opp,
            empty: core.all_sites & !(own | opp),
        }
    }
}

/// The number of sites of a mask of a few sites (a piece's free targets):
/// one round per site, cheaper than a population count of 128 bits where
/// the processor has no instruction for it.
pub(super) fn few_bits(mut mask: u128) -> usize {
    let mut n = 0;
    while mask != 0 {
        mask &= mask - 1;
        n += 1;
    }
    n
}

/// The sites of a mask, lowest first.
pub(super) fn bits(mask: u128) -> impl Iterator<Item = usize> {
    word_bits(mask as u64, 0).chain(word_bits((mask >> 64) as u64, 64))
}

/// The bits of one 64-bit word of a mask, plus `base`.
fn word_bits(mut word: u64, base: usize) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (word != 0).then(|| {
            let s = word.trailing_zeros() as usize;
            word &= word - 1;
            base + s
        })
    })
}
