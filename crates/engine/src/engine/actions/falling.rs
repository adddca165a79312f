//! Gravity (`place falling DIRECTION`): a piece placed from the hand
//! comes to rest where a piece falling that way would stop, an empty site
//! whose neighbour that way is off the board or taken (falling `s` on a grid,
//! the lowest empty site of each column). The sites where a piece rests
//! are read from the taken sites by one shift where every link of the
//! direction joins sites the same distance apart in the site order (a
//! grid's columns), else through a table of each site's neighbour; no
//! allocation either way.

use super::super::bits::Bits;
use super::super::{NONE, bit};
use crate::ir;

/// Where a piece falling one way comes to rest.
pub(super) struct Falling {
    /// The sites with no neighbour that way: a piece rests there on the
    /// board's edge.
    floor: u128,
    /// The sites with a neighbour that way.
    above: u128,
    /// Where every link that way goes from site `s` to site `s + shift`:
    /// that distance (a shift of the taken sites says which rest on
    /// one); else `None`, and `next` is read.
    shift: Option<i32>,
    /// Per site: its neighbour that way, [`NONE`] where it has none.
    next: Box<[u8]>,
}

impl Falling {
    /// Falling along direction `direction` of `board`.
    pub(super) fn new(board: &ir::Board, direction: usize) -> Falling {
        let sites = board.sites.len();
        let mut next = vec![NONE; sites].into_boxed_slice();
        for l in board.links.iter().filter(|l| l.direction == direction) {
            next[l.from] = l.to as u8;
        }
        let all = (0..sites).fold(0u128, |m, s| m | bit(s as u8));
        let above = (0..sites)
            .filter(|&s| next[s] != NONE)
            .fold(0u128, |m, s| m | bit(s as u8));
        let mut distances = (0..sites)
            .filter(|&s| next[s] != NONE)
            .map(|s| i32::from(next[s]) - s as i32);
        let first = distances.next();
        let shift = first.filter(|&d| d != 0 && distances.all(|e| e == d));
        Falling {
            floor: all & !above,
            above,
            shift,
            next,
        }
    }

    /// Of the empty sites `empty`, those where a falling piece comes to
    /// rest, the sites `taken` taken. Out of line: the placements of the
    /// games without gravity keep their few instructions.
    #[inline(never)]
    pub(super) fn rests<B: Bits>(&self, empty: B, taken: B) -> B {
        let floor = empty & B::of(self.floor);
        let hanging = empty & B::of(self.above);
        match self.shift {
            // The neighbour of `s` is `s + d`: `s` rests where bit `s + d`
            // of the taken sites is set.
            Some(d) if d > 0 => floor | (hanging & (taken >> d as usize)),
            Some(d) => floor | (hanging & (taken << d.unsigned_abs() as usize)),
            None => {
                let mut rests = floor;
                let mut rest = hanging;
                while !rest.none() {
                    let s = rest.trailing_zeros() as usize;
                    rest = rest.rest();
                    if !(taken & B::one(usize::from(self.next[s]))).none() {
                        rests |= B::one(s);
                    }
                }
                rests
            }
        }
    }
}
