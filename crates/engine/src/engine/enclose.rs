//! Claims by enclosure (`enclose KIND DIRECTIONS`): once a piece of a
//! kind that encloses is placed, every empty site next to it along one of
//! its directions whose every neighbour along them holds a piece (either
//! side's) is claimed, a piece of the claiming kind, the mover's, put
//! there (dots and boxes: a line drawn on the last edge of a box claims
//! the box). The sites next to each site, with the mask of their own
//! neighbours, are compiled once into flat tables, so that a placement
//! reads arrays and masks, never the board graph, and allocates nothing.
//! Played out of line, in games that have such kinds only.

use super::{NONE, Range, State, bit, state::cell};
use crate::ir;

/// The claims of a game's kinds: per (player, kind, site), the sites a
/// placement there may claim.
pub(super) struct Encloses {
    /// Per (player, kind, site), in that order: a span of `next`.
    spans: Vec<Range>,
    /// Each site next to a placement along the kind's directions, with
    /// the mask of its own neighbours along them: it is claimed where it
    /// is empty and every site of the mask holds a piece.
    next: Vec<(u8, u128)>,
    /// Per kind: the kind of the pieces it claims with ([`NONE`]: none).
    claims: Vec<u8>,
    kinds_count: usize,
    sites_count: usize,
}

impl Encloses {
    /// The claims of `game`, from the `neighbour` table of the grid
    /// (`dirs` directions per site), or `None` where no kind encloses.
    pub(super) fn new(
        game: &ir::Game,
        neighbour: &[Option<usize>],
        dirs: usize,
    ) -> Option<Encloses> {
        if game.kinds.iter().all(|k| k.enclose.is_none()) {
            return None;
        }
        let sites_count = game.board.sites.len();
        let mut encloses = Encloses {
            spans: Vec::new(),
            next: Vec::new(),
            claims: (game.kinds.iter())
                .map(|k| k.enclose.as_ref().map_or(NONE, |e| e.kind as u8))
                .collect(),
            kinds_count: game.kinds.len(),
            sites_count,
        };
        for p in 0..game.players.len() {
            for kind in &game.kinds {
                let directions: &[usize] = kind
                    .enclose
                    .as_ref()
                    .and_then(|e| e.directions.get(p))
                    .map_or(&[], Vec::as_slice);
                for s in 0..sites_count {
                    let start = encloses.next.len() as u32;
                    for &d in directions {
                        let Some(t) = neighbour[s * dirs + d] else {
                            continue;
                        };
                        let around = (directions.iter())
                            .filter_map(|&e| neighbour[t * dirs + e])
                            .fold(0u128, |m, u| m | bit(u as u8));
                        if !encloses
                            .next
                            .iter()
                            .skip(start as usize)
                            .any(|n| n.0 == t as u8)
                        {
                            encloses.next.push((t as u8, around));
                        }
                    }
                    let len = encloses.next.len() as u32 - start;
                    encloses.spans.push(Range { start, len });
                }
            }
        }
        Some(encloses)
    }

    /// Claims, for `player`, who has just placed a piece of `kind` on
    /// `site` of `st`, every site that placement encloses, judged on the
    /// board after the placement and before any claim; whether it claimed
    /// one.
    pub(super) fn claim(&self, st: &mut State, player: usize, kind: usize, site: usize) -> bool {
        let claim = self.claims[kind];
        if claim == NONE {
            return false;
        }
        let span = self.spans[(player * self.kinds_count + kind) * self.sites_count + site];
        let taken = st.occupied[0] | st.occupied[1];
        let mut claimed = 0u128;
        for &(t, around) in &self.next[span.start as usize..(span.start + span.len) as usize] {
            if taken & bit(t) == 0 && around & !taken == 0 {
                st.cells[t as usize] = cell(player, claim as usize);
                claimed |= bit(t);
            }
        }
        st.occupied[player] |= claimed;
        st.counts[player] += claimed.count_ones() as u8;
        claimed != 0
    }
}
