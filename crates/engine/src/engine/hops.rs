//! Hops (`hop DIRECTIONS`): a piece goes over the next site, held by a
//! piece of either side, to the empty site beyond, taking nothing, and may
//! hop on from where it lands as long as its owner likes, never landing
//! twice on one site nor on the one it started from (Chinese checkers).
//!
//! Nothing is taken and only the hopping piece moves, so every chain of
//! hops to a site leaves the same board: a turn is the site the piece ends
//! on, a step from its site to there. The sites a piece can end on are
//! found as masks, a flood over the hops the board allows with the piece's
//! own site left empty; no chain is walked one by one. A site a plain step
//! also reaches is that step's turn, listed once.

use super::found::Found;
use super::grid::Grid;
use super::sides::{Sides, bits};
use super::{NONE, State, Step, bit};
use crate::ir;

/// The hops of a game's kinds.
pub(super) struct Hops {
    /// Per (player, kind, site), in table order: its hops, a span of
    /// `pairs`.
    spans: Vec<(u32, u32)>,
    /// The site hopped over and the site landed on, per hop.
    pairs: Vec<(u8, u8)>,
}

impl Hops {
    /// The hops of `game`, from the grid's `neighbour` table (`dirs`
    /// directions per site), or `None` where no kind hops.
    pub(super) fn new(game: &ir::Game, neighbour: &[Option<usize>], dirs: usize) -> Option<Hops> {
        if !game.kinds.iter().any(ir::Kind::may_hop) {
            return None;
        }
        let sites = game.board.sites.len();
        let mut hops = Hops {
            spans: Vec::new(),
            pairs: Vec::new(),
        };
        for p in 0..game.players.len() {
            for kind in &game.kinds {
                for s in 0..sites {
                    let start = hops.pairs.len() as u32;
                    for &d in &kind.hop[p] {
                        let over = neighbour[s * dirs + d];
                        let land = over.and_then(|o| neighbour[o * dirs + d]);
                        if let (Some(over), Some(land)) = (over, land) {
                            hops.pairs.push((over as u8, land as u8));
                        }
                    }
                    hops.spans.push((start, hops.pairs.len() as u32));
                }
            }
        }
        Some(hops)
    }

    /// The hops from table entry `t`.
    fn from(&self, t: usize) -> &[(u8, u8)] {
        let (a, b) = self.spans[t];
        &self.pairs[a as usize..b as usize]
    }

    /// The sites the piece of table entry `t` (its player's and kind's,
    /// on `site`) can end a chain of hops on, with `taken` the sites held
    /// (its own site excluded): every site some chain reaches, found wave
    /// by wave. A piece that is promoted on landing hops on as the kind it
    /// was.
    fn ends(&self, t: usize, site: usize, taken: u128) -> u128 {
        let base = t - site;
        let mut reached = 0u128;
        let mut wave = bit(site as u8);
        let barred = taken | bit(site as u8);
        while wave != 0 {
            let mut next = 0u128;
            for f in bits(wave) {
                for &(over, land) in self.from(base + f) {
                    if taken & bit(over) != 0 && (barred | reached | next) & bit(land) == 0 {
                        next |= bit(land);
                    }
                }
            }
            reached |= next;
            wave = next;
        }
        reached
    }
}

impl Grid {
    /// Records the hops of the player to move (after the huff `huff`): for
    /// each of his pieces that hops, a turn to each site a chain of its
    /// hops ends on that no plain step of it reaches, in the order of the
    /// sites.
    #[cold]
    #[inline(never)]
    pub(super) fn hops(&self, st: &State, huff: u8, sides: &Sides, found: &mut Found) {
        let Some(hops) = &self.g.hops else { return };
        let player = st.to_move as usize;
        let taken = sides.own | sides.opp;
        for s in bits(sides.own) {
            let kind = (st.cells[s] & 15) as usize;
            let (t, stepped) = self.step_targets(st, player, s, sides);
            if hops.spans[t].0 == hops.spans[t].1 {
                continue;
            }
            let ends = hops.ends(t, s, taken & !bit(s as u8)) & !stepped;
            for to in bits(ends) {
                let step = Step {
                    from: s as u8,
                    to: to as u8,
                    over: NONE,
                    die: 0,
                };
                found.step(huff, step, self.arrive(player, kind, to as u8) as u8);
            }
        }
    }
}
