//! The near lines of grid games (`step` and `jump` one site away),
//! compiled per (player, kind, site) into flat tables with masks of the
//! sites they reach, so that move generation reads arrays and tests bits,
//! never walks the board graph and allocates nothing. Long-range lines are
//! in [`super::rays`].

use super::{Range, bit};
use crate::ir::{Kind, LineKind, Reach};

/// A site a near step reaches.
#[derive(Clone, Copy)]
pub(super) struct Target {
    /// The site, as a mask.
    pub bit: u128,
    /// The site.
    pub to: u8,
    /// The piece's kind once it has stepped there (after any promotion).
    pub after: u8,
}

impl Target {
    /// Site `t` reached by `player`'s piece of `kind` (the `k`th), which
    /// is promoted there where its promotion says.
    fn of((k, kind): (usize, &Kind), player: usize, t: usize) -> Target {
        let after = match &kind.promote {
            Some(pr) if pr.sites[player].contains(&t) => pr.to as u8,
            _ => k as u8,
        };
        Target {
            bit: bit(t as u8),
            to: t as u8,
            after,
        }
    }
}

/// The near lines of one (player, kind, site).
#[derive(Clone, Copy, Default)]
pub(super) struct Near {
    /// Its steps, a span of [`Lines::targets`], in the file's direction order.
    pub steps: Range,
    /// Its jumps, a span of [`Lines::jumps`], in the file's direction order.
    pub jumps: Range,
    /// The sites its steps reach.
    pub step_mask: u128,
    /// The sites its jumps pass over.
    pub over_mask: u128,
    /// The sites its jumps land on.
    pub land_mask: u128,
}

/// The near lines of every (player, kind, site), in that table order.
#[derive(Default)]
pub(super) struct Lines {
    pub near: Vec<Near>,
    pub targets: Vec<Target>,
    /// The (jumped, landing) pairs of every jump.
    pub jumps: Vec<(u8, u8)>,
    /// The takes (`take`) of each (player, kind, site), in table order, a
    /// span of `take_targets` and a mask of the sites they reach; empty
    /// where no piece of the game takes, so that the near lines of other
    /// games keep their size.
    pub takes: Vec<(Range, u128)>,
    pub take_targets: Vec<Target>,
    /// Per entry of `takes`, in a game where some kind takes its owner's
    /// pieces too (`take ..., own too`): every site where the entry's kind
    /// does, else none; empty in other games, whose takes never read it.
    pub takes_own: Vec<u128>,
}

impl Lines {
    /// Adds the near lines of `kind` (the `k`th) for `player` on `site`, in
    /// table order (player, kind, site), from the `neighbour` table of
    /// [`super::Engine::new`] (`dirs` directions per site). The directions
    /// of a far line are left to the rays; a jump `along lines` follows
    /// `board_lines`, the board's lines.
    pub fn add_site(
        &mut self,
        (k, kind): (usize, &Kind),
        player: usize,
        site: usize,
        (neighbour, dirs): (&[Option<usize>], usize),
        board_lines: &[Vec<usize>],
    ) {
        let mut near = Near::default();
        let start = self.targets.len() as u32;
        if kind.reach_at(LineKind::Step, player, site) == Reach::Near {
            for &d in kind.directions_at(LineKind::Step, player, site) {
                if let Some(t) = neighbour[site * dirs + d]
                    && !kind.barred.lands(player, t)
                {
                    self.targets.push(Target::of((k, kind), player, t));
                    near.step_mask |= bit(t as u8);
                }
            }
        }
        near.steps = Range {
            start,
            len: self.targets.len() as u32 - start,
        };
        let start = self.jumps.len() as u32;
        match kind.reach_at(LineKind::Jump, player, site) {
            Reach::Near => {
                for &d in kind.directions_at(LineKind::Jump, player, site) {
                    if let Some(over) = neighbour[site * dirs + d]
                        && let Some(land) = neighbour[over * dirs + d]
                        && !kind.barred.passes(player, over)
                        && !kind.barred.lands(player, land)
                    {
                        self.jumps.push((over as u8, land as u8));
                        near.over_mask |= bit(over as u8);
                        near.land_mask |= bit(land as u8);
                    }
                }
            }
            // Over the next site in one of the line's directions, then on
            // along each board line through both to the site after them,
            // whichever way it turns: the same table as a straight jump.
            Reach::Along => {
                for &d in kind.directions_at(LineKind::Jump, player, site) {
                    let Some(over) = neighbour[site * dirs + d] else {
                        continue;
                    };
                    for line in board_lines {
                        for w in line.windows(3) {
                            let land = match *w {
                                [a, b, c] if a == site && b == over => c,
                                [c, b, a] if a == site && b == over => c,
                                _ => continue,
                            };
                            if kind.barred.passes(player, over) || kind.barred.lands(player, land) {
                                continue;
                            }
                            let pair = (over as u8, land as u8);
                            if !self.jumps[start as usize..].contains(&pair) {
                                self.jumps.push(pair);
                                near.over_mask |= bit(over as u8);
                                near.land_mask |= bit(land as u8);
                            }
                        }
                    }
                }
            }
            Reach::Far | Reach::FarBehind | Reach::Counting { .. } => {}
        }
        near.jumps = Range {
            start,
            len: self.jumps.len() as u32 - start,
        };
        self.near.push(near);
    }

    /// Adds the takes of `kind` (the `k`th) for `player` on `site`, in
    /// table order, as [`Lines::add_site`] adds its lines: called for
    /// every entry of a game where some piece takes, for none of the others;
    /// with `own_too`, a game where some kind takes its owner's pieces too.
    pub fn add_takes(
        &mut self,
        (k, kind): (usize, &Kind),
        (player, site): (usize, usize),
        (neighbour, dirs): (&[Option<usize>], usize),
        own_too: bool,
    ) {
        let start = self.take_targets.len() as u32;
        let mut mask = 0;
        // A counting take is listed by `counting.rs`.
        let near = if kind.take_reach == Reach::Near {
            &kind.take[player][..]
        } else {
            &[]
        };
        for &d in near {
            if let Some(t) = neighbour[site * dirs + d]
                && !kind.barred.lands(player, t)
            {
                self.take_targets.push(Target::of((k, kind), player, t));
                mask |= bit(t as u8);
            }
        }
        let len = self.take_targets.len() as u32 - start;
        self.takes.push((Range { start, len }, mask));
        if own_too {
            self.takes_own
                .push(if kind.take_own { u128::MAX } else { 0 });
        }
    }

    /// Where the takes of table entry `t` land on the mover's own pieces
    /// too (every site or none), in a game where some kind does.
    #[inline(always)]
    pub fn takes_own(&self, t: usize) -> u128 {
        self.takes_own[t]
    }

    /// The takes of table entry `t`, and the sites they reach.
    #[inline(always)]
    pub fn takes(&self, t: usize) -> (&[Target], u128) {
        let (r, mask) = self.takes[t];
        (
            &self.take_targets[r.start as usize..(r.start + r.len) as usize],
            mask,
        )
    }

    /// The steps of table entry `t`.
    pub fn steps(&self, t: usize) -> &[Target] {
        let r = self.near[t].steps;
        &self.targets[r.start as usize..(r.start + r.len) as usize]
    }

    /// The jumps of table entry `t`.
    pub fn jumps(&self, t: usize) -> &[(u8, u8)] {
        let r = self.near[t].jumps;
        &self.jumps[r.start as usize..(r.start + r.len) as usize]
    }
}
