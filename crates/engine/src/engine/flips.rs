//! Flips by enclosure (`flip DIRECTIONS`): a piece placed on a site turns
//! to its owner every run of opposing pieces it encloses along one of its
//! directions, a run of one or more opposing pieces ended by a piece of
//! his with no empty site between; a placement that turns none is not
//! allowed. The sites along each direction from each site are
//! compiled once into flat tables, so that judging a placement reads
//! arrays and masks, never the board graph, and allocates nothing.

use super::{Range, State, bit, state::cell};
use crate::ir;

/// The flips of a game's kinds: per (player, kind, site), its rays.
pub(super) struct Flips {
    /// Per (player, kind, site), in that order: its rays, a span of `rays`.
    spans: Vec<Range>,
    /// Each ray: a span of `sites`, the sites along one direction from
    /// its site, nearest first.
    rays: Vec<Range>,
    sites: Vec<u8>,
    /// A bit per kind that flips.
    pub(super) kinds: u16,
    kinds_count: usize,
    sites_count: usize,
}

impl Flips {
    /// The flips of `game`, from the `neighbour` table of the grid
    /// (`dirs` directions per site), or `None` where no kind flips.
    pub(super) fn new(game: &ir::Game, neighbour: &[Option<usize>], dirs: usize) -> Option<Flips> {
        let flipping = |k: &ir::Kind| k.flip.iter().any(|d| !d.is_empty());
        if !game.kinds.iter().any(flipping) {
            return None;
        }
        let sites_count = game.board.sites.len();
        let mut flips = Flips {
            spans: Vec::new(),
            rays: Vec::new(),
            sites: Vec::new(),
            kinds: 0,
            kinds_count: game.kinds.len(),
            sites_count,
        };
        for (k, kind) in game.kinds.iter().enumerate() {
            if flipping(kind) {
                flips.kinds |= 1 << k;
            }
        }
        for p in 0..game.players.len() {
            for kind in &game.kinds {
                for s in 0..sites_count {
                    let start = flips.rays.len() as u32;
                    for &d in &kind.flip[p] {
                        let first = flips.sites.len() as u32;
                        let mut at = neighbour[s * dirs + d];
                        // A ray of one site encloses nothing.
                        while let Some(t) = at {
                            flips.sites.push(t as u8);
                            at = neighbour[t * dirs + d];
                        }
                        let len = flips.sites.len() as u32 - first;
                        if len >= 2 {
                            flips.rays.push(Range { start: first, len });
                        } else {
                            flips.sites.truncate(first as usize);
                        }
                    }
                    let len = flips.rays.len() as u32 - start;
                    flips.spans.push(Range { start, len });
                }
            }
        }
        Some(flips)
    }

    /// Whether pieces of `kind` flip.
    #[inline]
    pub(super) fn flips(&self, kind: usize) -> bool {
        self.kinds & 1 << kind != 0
    }

    /// The opposing pieces (`opp`) a piece of `player`'s of `kind` placed
    /// on the empty `site` would turn, `own` being the player's pieces, as
    /// a mask (0: none, and the placement is not allowed).
    #[inline]
    pub(super) fn turned(
        &self,
        own: u128,
        opp: u128,
        player: usize,
        kind: usize,
        site: usize,
    ) -> u128 {
        let span = self.spans[(player * self.kinds_count + kind) * self.sites_count + site];
        let mut turned = 0;
        for ray in &self.rays[span.start as usize..(span.start + span.len) as usize] {
            let mut run = 0;
            for &t in &self.sites[ray.start as usize..(ray.start + ray.len) as usize] {
                let b = bit(t);
                if opp & b != 0 {
                    run |= b;
                    continue;
                }
                if own & b != 0 {
                    turned |= run;
                }
                break;
            }
        }
        turned
    }

    /// Turns the pieces of `turned` (opposing pieces) to `player`, each
    /// keeping its kind.
    pub(super) fn turn(st: &mut State, player: usize, turned: u128) {
        let opp = 1 - player;
        let mut left = turned;
        while left != 0 {
            let s = left.trailing_zeros() as usize;
            left &= left - 1;
            st.cells[s] = cell(player, (st.cells[s] & 15) as usize);
        }
        st.occupied[player] |= turned;
        st.occupied[opp] &= !turned;
        let n = turned.count_ones() as u8;
        st.counts[player] += n;
        st.counts[opp] -= n;
    }
}
