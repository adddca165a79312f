//! Custodial capture (`custody DIRECTIONS [against REGION]`, `surrounded
//! DIRECTIONS [on REGION]`): as a move ends with a piece that takes by
//! custody on a site, each opposing piece next to it along one of its
//! directions is taken when the site beyond it holds a piece of the
//! mover's or is an empty hostile site; a piece that is `surrounded`
//! where it stands is taken only when every site next to it along its own
//! directions does. The move is one step; the pieces taken are its
//! effect, worked out once it has landed. The sites next to each site and
//! beyond them are compiled once into flat tables, so that judging a move
//! reads arrays and masks and allocates nothing.

use super::grid::Grid;
use super::{NONE, Range, State, bit};
use crate::ir;

/// Surrounding a piece on this site needs a site off the board: never.
const NEVER: u128 = u128::MAX;

/// The custody rules of a game's kinds, compiled.
pub(super) struct Custodies {
    /// A bit per kind that takes by custody.
    kinds: u16,
    /// Per (mover, kind, site): its sandwiches, a span of `pairs`.
    spans: Vec<Range>,
    /// Each sandwich: the site next to the landing site, and the site
    /// beyond it along the same direction ([`NONE`] off the board).
    pairs: Vec<(u8, u8)>,
    /// Per (mover, kind): the hostile sites of its `against` region.
    hostile: Vec<u128>,
    /// Per (owner, kind, site): 0 where a sandwich takes the piece there,
    /// else the sites that must all hold an enemy or an empty hostile site
    /// (`surrounded`), [`NEVER`] where one of them is off the board.
    surround: Vec<u128>,
    kinds_count: usize,
    sites_count: usize,
}

impl Custodies {
    /// The custody rules of `game`, from the `neighbour` table of the grid
    /// (`dirs` directions per site), or `None` where no kind takes so.
    pub(super) fn new(
        game: &ir::Game,
        neighbour: &[Option<usize>],
        dirs: usize,
    ) -> Option<Custodies> {
        if game.kinds.iter().all(|k| k.custody.is_none()) {
            return None;
        }
        let (kinds_count, sites_count) = (game.kinds.len(), game.board.sites.len());
        let mask = |sites: &[usize]| sites.iter().fold(0u128, |m, &s| m | bit(s as u8));
        let mut c = Custodies {
            kinds: 0,
            spans: Vec::new(),
            pairs: Vec::new(),
            hostile: Vec::new(),
            surround: Vec::new(),
            kinds_count,
            sites_count,
        };
        for (k, kind) in game.kinds.iter().enumerate() {
            if kind.custody.is_some() {
                c.kinds |= 1 << k;
            }
        }
        for p in 0..game.players.len() {
            for kind in &game.kinds {
                let custody = kind.custody.as_ref();
                c.hostile.push(custody.map_or(0, |cu| mask(&cu.hostile[p])));
                for s in 0..sites_count {
                    let start = c.pairs.len() as u32;
                    for &d in custody.map_or(&[][..], |cu| &cu.directions[p][..]) {
                        if let Some(next) = neighbour[s * dirs + d] {
                            let beyond = neighbour[next * dirs + d].map_or(NONE, |b| b as u8);
                            c.pairs.push((next as u8, beyond));
                        }
                    }
                    let len = c.pairs.len() as u32 - start;
                    c.spans.push(Range { start, len });
                    c.surround.push(match &kind.surrounded {
                        Some(su) if su.sites[p].contains(&s) => su.directions[p]
                            .iter()
                            .try_fold(0u128, |m, &d| {
                                neighbour[s * dirs + d].map(|n| m | bit(n as u8))
                            })
                            .unwrap_or(NEVER),
                        _ => 0,
                    });
                }
            }
        }
        Some(c)
    }

    /// The opposing pieces that `player`'s piece of `kind`, its move ended
    /// on `site` of `st`, takes by custody, as a mask.
    #[inline]
    fn taken(&self, st: &State, player: usize, kind: usize, site: usize) -> u128 {
        if self.kinds & 1 << kind == 0 {
            return 0;
        }
        let (own, opp) = (st.occupied[player], st.occupied[1 - player]);
        let entry = player * self.kinds_count + kind;
        let anvil = own | self.hostile[entry] & !(own | opp);
        let span = self.spans[entry * self.sites_count + site];
        let owner = (1 - player) * self.kinds_count;
        let mut taken = 0;
        for &(next, beyond) in &self.pairs[span.start as usize..(span.start + span.len) as usize] {
            let b = bit(next);
            if opp & b == 0 {
                continue;
            }
            let victim = (st.cells[next as usize] & 15) as usize;
            let need = self.surround[(owner + victim) * self.sites_count + next as usize];
            let closed = if need == 0 {
                beyond != NONE && anvil & bit(beyond) != 0
            } else {
                need & !anvil == 0
            };
            if closed {
                taken |= b;
            }
        }
        taken
    }
}

impl Grid {
    /// Takes the opposing pieces that the piece of `kind` of the player to
    /// move, its move just ended on `site`, takes by custody; whether it
    /// took any. Out of line: only games with `custody` call it.
    #[cold]
    #[inline(never)]
    pub(super) fn custody(&self, st: &mut State, kind: usize, site: u8) -> bool {
        let Some(custodies) = &self.g.custodies else {
            return false;
        };
        let player = st.to_move as usize;
        let mut taken = custodies.taken(st, player, kind, site as usize);
        let any = taken != 0;
        while taken != 0 {
            let s = taken.trailing_zeros() as u8;
            taken &= taken - 1;
            self.remove(st, s, 1 - player);
        }
        any
    }
}
