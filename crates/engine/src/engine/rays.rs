//! Long-range lines (`step ... far`, `jump ... far`): every ray a piece can
//! move along is precomputed per (player, kind, site, direction) by
//! [`Rays::add_site`], so that sliding and flying captures only read flat
//! arrays, never walk the board graph and allocate nothing.

use super::found::Found;
use super::grid::Grid;
use super::{Move, NONE, Range, State, Step, bit};
use crate::ir::{Kind, LineKind, MAX_STEPS, Obligation, Reach};

/// The rays of the far lines of every (player, kind, site).
#[derive(Default)]
pub(super) struct Rays {
    /// Whether any piece has a far line; when not, the engine never looks here.
    pub any: bool,
    /// Per (player, kind, site): its far steps, a span of `lines`.
    slide: Vec<Range>,
    /// Per (player, kind, site): its far jumps, a span of `lines`.
    fly: Vec<Range>,
    /// A ray: a span of `sites`, nearest first, and whether a jump along it
    /// lands only right behind the piece it takes (`land behind`).
    lines: Vec<(Range, bool)>,
    /// The sites of every ray.
    sites: Vec<u8>,
}

impl Rays {
    /// Adds the rays of the far lines of `kind` for `player` on `site`, in
    /// table order (player, kind, site), from the `neighbour` table of
    /// [`Engine::new`] (`dirs` directions per site).
    pub fn add_site(
        &mut self,
        kind: &Kind,
        player: usize,
        site: usize,
        neighbour: &[Option<usize>],
        dirs: usize,
    ) {
        for line in [LineKind::Step, LineKind::Jump] {
            let reach = kind.reach_at(line, player, site);
            let start = self.lines.len() as u32;
            if matches!(reach, Reach::Far | Reach::FarBehind) {
                for &d in kind.directions_at(line, player, site) {
                    let first = self.sites.len() as u32;
                    // A board of `link` lines may bend a line back on
                    // itself: a ray holds each site once at most.
                    let mut at = neighbour[site * dirs + d];
                    let mut seen = bit(site as u8);
                    while let Some(s) = at
                        && seen & bit(s as u8) == 0
                    {
                        seen |= bit(s as u8);
                        self.sites.push(s as u8);
                        // A site it may not pass over ends the ray.
                        if kind.barred.passes(player, s) {
                            break;
                        }
                        at = neighbour[s * dirs + d];
                    }
                    let len = self.sites.len() as u32 - first;
                    if len > 0 {
                        let ray = Range { start: first, len };
                        self.lines.push((ray, reach == Reach::FarBehind));
                        self.any = true;
                    }
                }
            }
            let range = Range {
                start,
                len: self.lines.len() as u32 - start,
            };
            match line {
                LineKind::Step => self.slide.push(range),
                LineKind::Jump => self.fly.push(range),
            }
        }
    }

    /// Whether the entry `t` of the (player, kind, site) table has far jumps.
    pub fn flies(&self, t: usize) -> bool {
        self.fly[t].len > 0
    }

    fn rays(&self, of: Range) -> impl Iterator<Item = (&[u8], bool)> {
        self.lines[of.start as usize..(of.start + of.len) as usize]
            .iter()
            .map(|&(r, behind)| {
                (
                    &self.sites[r.start as usize..(r.start + r.len) as usize],
                    behind,
                )
            })
    }
}

impl Grid {
    /// The far steps of the piece on `from`: to every empty site along
    /// each ray up to the first occupied one. Inlined into each caller.
    #[inline(always)]
    pub(super) fn slide(&self, st: &State, huff: u8, from: u8, visited: u128, found: &mut Found) {
        let c = st.cells[from as usize];
        let (player, kind) = ((c >> 4) as usize, (c & 15) as usize);
        let of = self.g.rays.slide[self.table(player, kind, from as usize)];
        for (ray, _) in self.g.rays.rays(of) {
            for &t in ray {
                if st.cells[t as usize] != NONE {
                    break;
                }
                if visited & bit(t) != 0 {
                    continue;
                }
                let step = Step {
                    from,
                    to: t,
                    over: NONE,
                    die: 0,
                };
                found.step(huff, step, self.arrive(player, kind, t) as u8);
            }
        }
    }

    /// The piece along a ray that a far jump would take, and the landings
    /// beyond it: the first occupied site, if an opposing piece not yet
    /// taken, and the empty sites right after it (only the first with
    /// `land behind`).
    fn target<'r>(
        &self,
        st: &State,
        player: usize,
        ray: &'r [u8],
        behind: bool,
    ) -> Option<(u8, &'r [u8])> {
        let i = ray.iter().position(|&s| st.cells[s as usize] != NONE)?;
        let over = ray[i];
        if st.cells[over as usize] >> 4 != 1 - player as u8 {
            return None; // his own piece, or one taken already
        }
        let beyond = &ray[i + 1..];
        let free = beyond
            .iter()
            .position(|&s| st.cells[s as usize] != NONE)
            .unwrap_or(beyond.len());
        let free = if behind { free.min(1) } else { free };
        (free > 0).then(|| (over, &beyond[..free]))
    }

    /// The far jumps of a capture chain from `at` (see [`Engine::chain`]);
    /// whether there was any.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn fly(
        &self,
        st: &mut State,
        player: usize,
        kind: usize,
        at: u8,
        visited: u128,
        m: &mut Move,
        found: &mut Found,
    ) -> bool {
        if self.g.ruled_flight {
            return self.fly_ruled(st, player, kind, at, visited, m, found);
        }
        let of = self.g.rays.fly[self.table(player, kind, at as usize)];
        let mut extended = false;
        for (ray, behind) in self.g.rays.rays(of) {
            let Some((over, landings)) = self.target(st, player, ray, behind) else {
                continue;
            };
            for &land in landings {
                if visited & bit(land) == 0 {
                    extended = true;
                    self.take(st, player, kind, (at, over, land), visited, m, found);
                }
            }
        }
        extended
    }

    /// [`Engine::fly`] in a game whose far captures follow `chain never
    /// turns back` (no ray back over the piece the chain took last) or
    /// `capture lands where it goes on` (where some landings beyond the
    /// piece let the chain go on, only those): out of line, so that other
    /// games pay one test of [`Engine::ruled_flight`] per call.
    ///
    /// Near jumps need neither rule: a near jump has one landing, and one
    /// back along the line of the last capture would go over the site right
    /// behind its landing, which held the piece taken (now empty or taken)
    /// or was passed over empty.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn fly_ruled(
        &self,
        st: &mut State,
        player: usize,
        kind: usize,
        at: u8,
        visited: u128,
        m: &mut Move,
        found: &mut Found,
    ) -> bool {
        let rules = &self.game.rules;
        let depth = m.len as usize;
        // The site of the piece the chain took last: a ray over it goes back.
        let back = if rules.never_turn_back && depth > 0 {
            m.steps[depth - 1].over
        } else {
            NONE
        };
        let of = self.g.rays.fly[self.table(player, kind, at as usize)];
        let mut extended = false;
        for (ray, behind) in self.g.rays.rays(of) {
            if back != NONE && ray.contains(&back) {
                continue;
            }
            let Some((over, landings)) = self.target(st, player, ray, behind) else {
                continue;
            };
            // The landings from which the chain goes on, if it must land on one.
            let mut going_on = 0u128;
            if rules.land_going_on && landings.len() > 1 {
                let jumped = st.cells[over as usize];
                st.cells[over as usize] = self.g.taken;
                for &land in landings {
                    if visited & bit(land) == 0
                        && self.goes_on(st, player, kind, land, visited, over, depth + 1)
                    {
                        going_on |= bit(land);
                    }
                }
                st.cells[over as usize] = jumped;
            }
            for &land in landings {
                if visited & bit(land) == 0 && (going_on == 0 || going_on & bit(land) != 0) {
                    extended = true;
                    self.take(st, player, kind, (at, over, land), visited, m, found);
                }
            }
        }
        extended
    }

    /// Whether a chain of `depth` captures whose last took the piece on
    /// `over` (marked taken in `st`) and landed on `land` can go on
    /// capturing, the piece there of `kind` before it arrived.
    #[allow(clippy::too_many_arguments)]
    fn goes_on(
        &self,
        st: &State,
        player: usize,
        kind: usize,
        land: u8,
        visited: u128,
        over: u8,
        depth: usize,
    ) -> bool {
        let (next, stops) = self.arrive_in_chain(player, kind, land);
        if stops || self.game.rules.chain == Obligation::None || depth >= MAX_STEPS {
            return false;
        }
        let memory = if self.game.rules.no_return {
            visited | bit(land)
        } else {
            0
        };
        if self.can_jump(st, player, next, land as usize, memory) {
            return true;
        }
        let never = self.game.rules.never_turn_back;
        let of = self.g.rays.fly[self.table(player, next, land as usize)];
        self.g.rays.rays(of).any(|(ray, behind)| {
            !(never && ray.contains(&over))
                && self
                    .target(st, player, ray, behind)
                    .is_some_and(|(_, lands)| lands.iter().any(|&l| memory & bit(l) == 0))
        })
    }

    /// Whether the piece on `site` has a far jump.
    pub(super) fn can_fly(
        &self,
        st: &State,
        player: usize,
        kind: usize,
        site: usize,
        visited: u128,
    ) -> bool {
        let of = self.g.rays.fly[self.table(player, kind, site)];
        self.g.rays.rays(of).any(|(ray, behind)| {
            self.target(st, player, ray, behind)
                .is_some_and(|(_, lands)| lands.iter().any(|&l| visited & bit(l) == 0))
        })
    }
}
