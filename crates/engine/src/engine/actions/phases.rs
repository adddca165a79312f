//! The phases of a game with actions: which lines and actions apply to the
//! player to move (what `when` and the hand decide), and the phases a
//! thread keeps, keyed by the players' totals where they read no more
//! (they repeat from game to game), so that most positions judge none.

use std::sync::atomic::{AtomicU64, Ordering};

use super::super::State;
use super::Actions;

/// Which lines and actions apply to the player to move (a bit per kind
/// each): what the phases (`when`) and the hand decide.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Phases {
    pub(super) step_off: u16,
    pub(super) jump_off: u16,
    pub(super) flying: u16,
    pub(super) placing: u16,
}

/// Phases judged, with what they were judged from: the game's
/// [`Actions::id`] and the totals [`Actions::totals`] reads (0 where none
/// are kept).
#[derive(Clone, Copy, Default)]
pub(super) struct Judged {
    pub(super) id: u64,
    pub(super) totals: u64,
    pub(super) phases: Phases,
}

/// How many phases a thread keeps: the totals of a game's positions
/// repeat from game to game (every game starts with the same hands), so a
/// small table keeps most of them (a power of two: a slot is the top bits
/// of a hash).
pub(super) const KEPT: usize = 1024;

/// The source of [`Actions::id`]: a number per compiled game, so that a
/// thread's kept phases are never read for another game.
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// A fresh [`Actions::id`].
pub(super) fn new_id() -> u64 {
    NEXT_ID.fetch_add(1, Ordering::Relaxed)
}

impl Actions {
    /// The totals the phases of the player to move are judged from, as one
    /// number with the player: 0 where they are not kept (some phase reads
    /// more than the totals, or the game has more than two kinds).
    #[inline(always)]
    pub(super) fn totals(&self, st: &State) -> u64 {
        if !self.phases_kept {
            return 0;
        }
        let [[a, b, ..], [c, d, ..], ..] = st.hand;
        u64::from_le_bytes([st.to_move, st.counts[0], st.counts[1], a, b, c, d, 1])
    }

    /// Which lines and actions apply to the player to move.
    pub(super) fn phases(&self, st: &State) -> Phases {
        let player = st.to_move as usize;
        let (step_off, jump_off) = if self.gated {
            self.lines_off(st)
        } else {
            (0, 0)
        };
        let mut flying = 0u16;
        let mut placing = 0u16;
        for k in 0..self.place.len() {
            if Self::allowed(st, &self.fly[k]).is_some() {
                flying |= 1 << k;
            }
            if st.hand[player][k] > 0 && Self::allowed(st, &self.place[k]).is_some() {
                placing |= 1 << k;
            }
        }
        Phases {
            step_off,
            jump_off,
            flying,
            placing,
        }
    }

    /// [`Actions::phases`], taken from `judged` where it was judged from
    /// the same totals for this game, and kept there.
    #[inline(always)]
    pub(super) fn phases_kept(&self, st: &State, judged: &mut [Judged; KEPT]) -> Phases {
        let totals = self.totals(st);
        let slot =
            (totals.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - KEPT.trailing_zeros())) as usize;
        let kept = &mut judged[slot % KEPT];
        if totals != 0 && kept.totals == totals && kept.id == self.id {
            debug_assert_eq!(kept.phases, self.phases(st));
            return kept.phases;
        }
        let phases = self.phases(st);
        *kept = Judged {
            id: self.id,
            totals,
            phases,
        };
        phases
    }
}
