//! Sites barred to a kind's moves (`may not land on REGION`, `may not pass
//! over REGION`). Near steps and jumps, and the rays of far lines, leave
//! them out as the tables are compiled (see `lines.rs`, `rays.rs`); what
//! is left is the landings of far steps on a barred site they slide over,
//! skipped here by a mask per (player, kind), in games that bar some.

use super::found::Found;
use super::grid::Grid;
use super::sides::{Sides, bits};
use super::{State, bit};
use crate::ir;

/// Per (player, kind): the sites its far steps may not end on; empty where
/// no kind of the game has `may not land on`.
pub(super) fn landings(game: &ir::Game) -> Vec<u128> {
    if game
        .kinds
        .iter()
        .all(|k| k.barred.land.iter().all(Vec::is_empty))
    {
        return Vec::new();
    }
    (0..game.players.len())
        .flat_map(|p| {
            game.kinds.iter().map(move |k| {
                k.barred.land.get(p).map_or(0, |sites| {
                    sites.iter().fold(0u128, |m, &s| m | bit(s as u8))
                })
            })
        })
        .collect()
}

impl Grid {
    /// The far steps of the player to move (after the huff `huff`), in a
    /// game with far lines; those of a game that bars landings, or whose
    /// pieces count their steps, out of line.
    #[inline(always)]
    pub(super) fn slides(&self, st: &State, huff: u8, sides: &Sides, found: &mut Found) {
        if self.g.rare_slides {
            return self.slides_barred(st, huff, sides, found);
        }
        for s in bits(sides.own) {
            self.slide(st, huff, s as u8, self.visited(st, s), found);
        }
    }

    /// The far steps of the player to move in a game that bars landings
    /// or counts steps: the counted steps (`counting`), then
    /// [`Grid::slide`] with the barred sites skipped, as sites visited are.
    #[cold]
    #[inline(never)]
    pub(super) fn slides_barred(&self, st: &State, huff: u8, sides: &Sides, found: &mut Found) {
        if self.g.counting.is_some() {
            self.counted_steps(st, huff, sides, found);
        }
        if self.g.hops.is_some() {
            self.hops(st, huff, sides, found);
        }
        let player = st.to_move as usize;
        for s in bits(sides.own) {
            let kind = (st.cells[s] & 15) as usize;
            let barred = (self.g.barred.get(player * self.kinds + kind)).map_or(0, |&b| b);
            self.slide(st, huff, s as u8, self.visited(st, s) | barred, found);
        }
    }
}
