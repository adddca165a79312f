//! Counted moves (`step DIRECTIONS counting`, `take DIRECTIONS counting`,
//! each optionally `over own`): a piece moves along a direction exactly
//! as many sites as there are pieces, of both sides and itself counted,
//! on the whole line through it along that direction, both ways; it
//! passes empty sites (and, `over own`, its owner's pieces), never an
//! opposing piece, and lands on an empty site (a step) or on an opposing
//! piece, which it takes (a take).
//!
//! Per (player, kind, site) and direction, the line's sites (a mask) and,
//! per distance, the site reached and the sites passed on the way are
//! compiled once; listing a piece's counted moves is a population count
//! and two mask tests per direction, nothing walked, nothing allocated.

use super::found::Found;
use super::grid::Grid;
use super::sides::{Sides, bits};
use super::{Move, NONE, Range, State, Step, bit};
use crate::ir::{self, LineKind, Reach};

/// The counted lines of a game's kinds.
pub(super) struct Counting {
    /// Per (player, kind, site), in table order: its counted steps, a
    /// span of `lines`.
    steps: Vec<Range>,
    /// Likewise, its counted takes.
    takes: Vec<Range>,
    lines: Vec<Line>,
    /// Per line, per distance from 1: the site reached, and the sites
    /// passed on the way there.
    reach: Vec<(u8, u128)>,
}

/// One direction from one site.
#[derive(Clone, Copy)]
struct Line {
    /// The sites of the whole line through the site, both ways, the site
    /// itself among them: the pieces there say how far the piece goes.
    axis: u128,
    /// Its span of `reach`, nearest first.
    reach: Range,
    /// `over own`: the piece may pass its owner's pieces.
    over_own: bool,
}

impl Counting {
    /// The counted lines of `game`, from the grid's `neighbour` table
    /// (`dirs` directions per site), or `None` where no kind counts.
    pub(super) fn new(
        game: &ir::Game,
        neighbour: &[Option<usize>],
        dirs: usize,
    ) -> Option<Counting> {
        let counts = |r: Reach| matches!(r, Reach::Counting { .. });
        let counting = |k: &ir::Kind| {
            counts(k.step_reach)
                || counts(k.take_reach)
                || k.standing.iter().any(|q| counts(q.reach))
        };
        if !game.kinds.iter().any(counting) {
            return None;
        }
        let directions = &game.board.directions;
        let opposite: Vec<Option<usize>> = (directions.iter())
            .map(|d| {
                let back = (-d.vector.0, -d.vector.1);
                directions.iter().position(|o| o.vector == back)
            })
            .collect();
        let mut c = Counting {
            steps: Vec::new(),
            takes: Vec::new(),
            lines: Vec::new(),
            reach: Vec::new(),
        };
        let sites = game.board.sites.len();
        for p in 0..game.players.len() {
            for kind in &game.kinds {
                for s in 0..sites {
                    let step = kind.reach_at(LineKind::Step, p, s);
                    let span = match step {
                        Reach::Counting { over_own } => {
                            let dirs_at = kind.directions_at(LineKind::Step, p, s);
                            c.add_lines(s, dirs_at, over_own, (neighbour, dirs), &opposite)
                        }
                        _ => Range::default(),
                    };
                    c.steps.push(span);
                    let span = match kind.take_reach {
                        Reach::Counting { over_own } => {
                            c.add_lines(s, &kind.take[p], over_own, (neighbour, dirs), &opposite)
                        }
                        _ => Range::default(),
                    };
                    c.takes.push(span);
                }
            }
        }
        Some(c)
    }

    /// Adds the lines of `site` along `directions`; their span of `lines`.
    fn add_lines(
        &mut self,
        site: usize,
        directions: &[usize],
        over_own: bool,
        (neighbour, dirs): (&[Option<usize>], usize),
        opposite: &[Option<usize>],
    ) -> Range {
        let ray = |d: Option<usize>| {
            let mut sites = Vec::new();
            let mut seen = bit(site as u8);
            let mut at = d.and_then(|d| neighbour[site * dirs + d]);
            while let Some(s) = at
                && seen & bit(s as u8) == 0
            {
                seen |= bit(s as u8);
                sites.push(s as u8);
                at = neighbour[s * dirs + d.unwrap()];
            }
            (sites, seen)
        };
        let start = self.lines.len() as u32;
        for &d in directions {
            let (ahead, ahead_mask) = ray(Some(d));
            let (_, behind_mask) = ray(opposite[d]);
            let first = self.reach.len() as u32;
            let mut passed = 0u128;
            for &s in &ahead {
                self.reach.push((s, passed));
                passed |= bit(s);
            }
            self.lines.push(Line {
                axis: ahead_mask | behind_mask,
                reach: Range {
                    start: first,
                    len: ahead.len() as u32,
                },
                over_own,
            });
        }
        Range {
            start,
            len: self.lines.len() as u32 - start,
        }
    }

    /// The site a counted move along `line` reaches, if it may go there:
    /// as far as the pieces on the line, passing no opposing piece (nor,
    /// without `over own`, any piece).
    #[inline]
    fn reached(&self, line: &Line, sides: &Sides) -> Option<u8> {
        let occupied = !sides.empty;
        let n = (occupied & line.axis).count_ones();
        if n == 0 || n > line.reach.len {
            return None;
        }
        let (to, passed) = self.reach[(line.reach.start + n - 1) as usize];
        let blocking = if line.over_own { sides.opp } else { occupied };
        (passed & blocking == 0).then_some(to)
    }

    fn lines(&self, span: Range) -> &[Line] {
        &self.lines[span.start as usize..(span.start + span.len) as usize]
    }
}

impl Grid {
    /// Records the counted steps of the mover's pieces on `own` (after the
    /// huff `huff`): onto the empty site each reaches.
    #[cold]
    #[inline(never)]
    pub(super) fn counted_steps(&self, st: &State, huff: u8, sides: &Sides, found: &mut Found) {
        let Some(counting) = self.g.counting.as_deref() else {
            return;
        };
        let player = st.to_move as usize;
        for s in bits(sides.own) {
            let kind = (st.cells[s] & 15) as usize;
            let t = self.table(player, kind, s);
            for line in counting.lines(counting.steps[t]) {
                if let Some(to) = counting.reached(line, sides)
                    && sides.empty & bit(to) != 0
                {
                    let step = Step {
                        from: s as u8,
                        to,
                        over: NONE,
                        die: 0,
                    };
                    found.step(huff, step, self.arrive(player, kind, to) as u8);
                }
            }
        }
    }

    /// Records the counted takes of the piece on `site` (table entry `t`,
    /// after the huff `huff`): onto the opposing piece each reaches,
    /// taken where the piece lands, as a take is.
    #[inline(never)]
    pub(super) fn counted_takes(
        &self,
        st: &State,
        huff: u8,
        site: u8,
        t: usize,
        sides: &Sides,
        found: &mut Found,
    ) {
        let Some(counting) = self.g.counting.as_deref() else {
            return;
        };
        let player = st.to_move as usize;
        let kind = (st.cells[site as usize] & 15) as usize;
        for line in counting.lines(counting.takes[t]) {
            if let Some(to) = counting.reached(line, sides)
                && sides.opp & bit(to) != 0
            {
                let m = found.push(&Move {
                    huff,
                    capture: true,
                    len: 1,
                    kind_after: self.arrive(player, kind, to) as u8,
                    ..Move::EMPTY
                });
                m.steps[0] = Step {
                    from: site,
                    to,
                    over: to,
                    die: 0,
                };
            }
        }
    }
}
