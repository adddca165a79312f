//! A random playout's turns of a game with actions counted and drawn by
//! masks, without listing them: the pieces each action moves, the lines
//! one piece short of complete kept as a bit set and their empty sites as
//! a mask (found by the lanes of `gather.rs` where the lines fit them),
//! made in place in a per-thread [`Plan`] that the draw then reads, or
//! on the stack where a playout counts and draws in one call
//! ([`Actions::draw`]), with the turns of each of its first groups noted
//! so that the draw passes over them without counting again. The plan keeps its masks
//! at 64 bits where the board has at most 64 sites, else at 128
//! ([`Bits`]); the phases (which lines and actions apply), where they read
//! only the players' totals, are kept by the thread in a small table
//! keyed by those totals (they repeat from game to game), and judged only
//! where missing. Placements that fall (`place falling`, `falling.rs`)
//! land where [`Action::landings`](super::Action) says; a playout of a
//! game where no piece falls is compiled apart (`FALLS` false) and never
//! asks. The turns, their order and their number are those
//! [`Engine::legal_moves`] lists.

use std::cell::RefCell;

use super::super::bits::Bits;
use super::super::found::Found;
use super::super::sides::Sides;
use super::super::{HAND, Move, NONE, State, Step, TooManyTurns, grid::Grid};
use super::phases::{Judged, KEPT, Phases};
use super::sites::{count_sites, nth_site};
use super::{Actions, without_kinds};

/// Of the lines `lines`: the mover's lines one piece short, on an empty
/// site (a bit per line), and those empty sites; without a branch per
/// line, whose outcome the processor could not foresee (a loop that looks
/// again only at the lines through the sites that changed, or that tests
/// the lines one by one, runs fewer instructions, yet slower).
#[inline(always)]
fn closing<B: Bits>(lines: &[B], own: B, empty: B) -> (u64, B) {
    let (mut closing, mut closers) = (0u64, B::ZERO);
    for (i, &line) in lines.iter().enumerate() {
        let missing = line & !own;
        let [lo, hi] = missing.words();
        let both = (lo != 0) & (hi != 0);
        let alone = ((lo & lo.wrapping_sub(1)) | (hi & hi.wrapping_sub(1)) == 0) & !both;
        let closes = alone & !(missing & empty).none();
        closing |= u64::from(closes) << i;
        closers |= if closes { missing } else { B::ZERO };
    }
    (closing, closers)
}

/// The sites of the opponent's complete lines among `lines`.
#[inline(always)]
fn held<B: Bits>(lines: &[B], theirs: B) -> B {
    let mut held = B::ZERO;
    for &line in lines {
        if (line & !theirs).none() {
            held |= line;
        }
    }
    held
}

/// A mask at the board's width as 128 bits.
#[inline(always)]
fn wide<B: Bits>(m: B) -> u128 {
    let [lo, hi] = m.words();
    u128::from(lo) | u128::from(hi) << 64
}

/// The lowest site of `mask` (not empty), taken out of it.
#[inline(always)]
fn pop<B: Bits>(mask: &mut B) -> usize {
    let s = mask.trailing_zeros() as usize;
    *mask = mask.rest();
    s
}

/// The most lines a board may have for [`Plan`] to count a position's
/// turns (its lines one piece short are a bit set); past it they are
/// listed.
const MAX_PLANNED_LINES: usize = 64;

/// What a random playout needs to count and draw the turns of one
/// position without listing them: the pieces each action moves, and the
/// lines a piece landing on their last empty site completes; masks of `B`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Plan<B> {
    /// The mover's pieces, the opponent's and the empty sites.
    own: B,
    opp: B,
    empty: B,
    /// The mover's pieces whose step lines, and jump lines, apply (only
    /// those of kinds that capture for the latter).
    steppers: B,
    jumpers: B,
    /// The mover's pieces that fly this turn.
    fliers: B,
    /// The kinds placed this turn (a bit per kind).
    placing: u16,
    /// The opposing pieces a completed line removes (for turns that
    /// capture nothing; none where no move completes one), and how many
    /// turns each such move makes.
    removable: B,
    copies: usize,
    /// The lines (indices of [`Actions::lines`]) that lack one piece of
    /// the mover's, on an empty site.
    closing: u64,
    /// Their empty sites: where a piece from the hand completes a line
    /// (and no other piece completes one elsewhere).
    closers: B,
    /// Where each of the first `noted` groups of turns past the listed
    /// ones (each stepping piece, placed kind and flying piece in turn)
    /// starts, as [`Actions::count`] counted them, then where the last
    /// ends: 0, then the turns of the groups up to each (those past
    /// `noted` are left from an earlier plan, never read). The draw finds
    /// its group by how many ends its index reaches, with no branch per
    /// group, whose outcome the processor could not foresee.
    bounds: [u32; NOTED + 1],
    noted: u8,
    /// Where the pieces of each noted group come from: a site, or
    /// [`HAND`] for the placements of a kind; and how many of the groups
    /// are stepping pieces (the first).
    froms: [u8; NOTED],
    stepping: u8,
    /// Whether the plan was made: not where the turns must be listed.
    made: bool,
}

/// The most groups of turns a [`Plan`] notes.
const NOTED: usize = 16;

/// A thread's plans (one per width) and the phases it judged, each in the
/// slot of a hash of its totals.
struct Thread {
    narrow: Plan<u64>,
    wide: Plan<u128>,
    judged: [Judged; KEPT],
}

thread_local! {
    /// The plan of the position counted last on this thread, for the turn
    /// a playout draws from it next ([`Actions::counted_turn_into`]), and
    /// the phases judged.
    static THREAD: RefCell<Thread> = const {
        RefCell::new(Thread {
            narrow: Plan::none(0),
            wide: Plan::none(0),
            judged: [Judged { id: 0, totals: 0, phases: Phases { step_off: 0, jump_off: 0, flying: 0, placing: 0 } }; KEPT],
        })
    };
}

/// The width of a plan's masks, with the lines and the thread's plan at
/// that width.
trait Width: Bits {
    /// The board's lines at this width.
    fn lines(actions: &Actions) -> &[Self];
    /// `f` on this thread's plan of this width and its phases.
    fn with_plan<R>(f: impl FnOnce(&mut Plan<Self>, &mut [Judged; KEPT]) -> R) -> R;
}

impl Width for u64 {
    #[inline(always)]
    fn lines(actions: &Actions) -> &[u64] {
        actions.narrow.as_deref().unwrap_or(&[])
    }
    #[inline(always)]
    fn with_plan<R>(f: impl FnOnce(&mut Plan<u64>, &mut [Judged; KEPT]) -> R) -> R {
        THREAD.with_borrow_mut(|t| f(&mut t.narrow, &mut t.judged))
    }
}

impl Width for u128 {
    #[inline(always)]
    fn lines(actions: &Actions) -> &[u128] {
        &actions.lines
    }
    #[inline(always)]
    fn with_plan<R>(f: impl FnOnce(&mut Plan<u128>, &mut [Judged; KEPT]) -> R) -> R {
        THREAD.with_borrow_mut(|t| f(&mut t.wide, &mut t.judged))
    }
}

impl<B: Bits> Plan<B> {
    /// No plan: one where the turns must be listed.
    const fn none(zero: B) -> Plan<B> {
        Plan {
            own: zero,
            opp: zero,
            empty: zero,
            steppers: zero,
            jumpers: zero,
            fliers: zero,
            placing: 0,
            removable: zero,
            copies: 1,
            closing: 0,
            closers: zero,
            bounds: [0; NOTED + 1],
            noted: 0,
            froms: [0; NOTED],
            stepping: 0,
            made: false,
        }
    }

    /// The sides at full width, for the capture search.
    fn sides(&self, own: B) -> Sides {
        Sides {
            own: wide(own),
            opp: wide(self.opp),
            empty: wide(self.empty),
        }
    }

    /// Notes the turns `n` of the next group, whose pieces come from
    /// `from`, where there is room; gives `n`.
    #[inline(always)]
    fn note(&mut self, from: u8, n: usize) -> usize {
        let g = usize::from(self.noted);
        if g < NOTED {
            self.bounds[g + 1] = self.bounds[g] + n as u32;
            self.froms[g] = from;
            self.noted += 1;
        }
        n
    }

    /// The turns of group `g`, where [`Plan::note`] noted them.
    #[inline(always)]
    fn noted(&self, g: usize) -> Option<usize> {
        (g < usize::from(self.noted)).then(|| (self.bounds[g + 1] - self.bounds[g]) as usize)
    }

    /// Of the sites `sites`, those where a piece coming from `from`
    /// ([`HAND`] for a placement) completes a line: the last empty sites
    /// of the closing lines it does not leave (`sets`: the lines through
    /// each site, [`Actions::line_sets`]).
    #[inline(always)]
    fn closers(&self, sets: &[u64; 256], from: u8, sites: B) -> B {
        let mut rest = sites & self.closers;
        if rest.none() {
            return B::ZERO;
        }
        let kept = self.closing & !sets[usize::from(from)];
        let mut found = B::ZERO;
        while !rest.none() {
            let to = pop(&mut rest);
            if kept & sets[to] != 0 {
                found |= B::one(to);
            }
        }
        found
    }

    /// Turns of a move landing on the sites of `targets`, from `from`.
    #[inline(always)]
    fn count(&self, sets: &[u64; 256], from: u8, targets: B) -> usize {
        let n = count_sites(targets);
        let landings = targets & self.closers;
        if landings.several() {
            return n + count_sites(self.closers(sets, from, targets)) * (self.copies - 1);
        }
        // One landing at most on a closer (`landings` empty reads the
        // lines of no site, past the board): whether it completes a line
        // the piece does not leave, with no branch on either.
        let to = landings.trailing_zeros() as usize;
        let completes = self.closing & !sets[usize::from(from)] & sets[to] != 0;
        n + usize::from(completes) * (self.copies - 1)
    }

    /// Whether a move landing on `to` from `from` completes a line.
    #[inline]
    fn completes(&self, sets: &[u64; 256], from: u8, to: u8) -> bool {
        let closer = !(self.closers & B::one(usize::from(to))).none();
        let kept = self.closing & !sets[usize::from(from)] & sets[usize::from(to)] != 0;
        closer & kept
    }

    /// Of the turns of moves from `from` onto the sites of `sites`, in
    /// site order, the one of index `left` (below their count): its
    /// landing and the index of its removal. Where no landing completes a
    /// line, the landing is the `left`-th site, found without walking the
    /// others.
    #[inline]
    fn nth(&self, sets: &[u64; 256], from: u8, sites: B, mut left: usize) -> (u8, usize) {
        if self.copies == 1 || (sites & self.closers).none() {
            return (nth_site(sites, left).unwrap_or(NONE), 0);
        }
        let closers = self.closers(sets, from, sites);
        let mut rest = sites;
        while !rest.none() {
            let to = pop(&mut rest);
            let k = if (closers & B::one(to)).none() {
                1
            } else {
                self.copies
            };
            if left < k {
                return (to as u8, left);
            }
            left -= k;
        }
        (NONE, 0)
    }

    /// Turns of a move landing on `to` from `from`: its copies where it
    /// completes a line.
    #[inline]
    fn turns(&self, sets: &[u64; 256], from: u8, to: u8) -> usize {
        if self.copies > 1 && self.completes(sets, from, to) {
            self.copies
        } else {
            1
        }
    }
}

impl Actions {
    /// The sites where pieces of `kind` are placed in `plan`: with
    /// `FALLS` false, a game where no piece falls (`place falling`), read
    /// without asking.
    #[inline]
    fn place_sites<B: Bits, const FALLS: bool>(
        &self,
        plan: &Plan<B>,
        player: usize,
        kind: usize,
    ) -> B {
        self.place[kind].as_ref().map_or(B::ZERO, |a| {
            if FALLS {
                a.landings(player, plan.empty, plan.own | plan.opp)
            } else {
                B::of(a.sites[player]) & plan.empty
            }
        })
    }

    /// The sites where the piece of kind `kind` flies in `plan`.
    #[inline]
    fn fly_sites<B: Bits>(&self, plan: &Plan<B>, player: usize, kind: usize) -> B {
        self.fly[kind]
            .as_ref()
            .map_or(B::ZERO, |a| B::of(a.sites[player]) & plan.empty)
    }

    /// The plan of `st`'s turns beyond the listed captures, or `None` where
    /// they must be listed (a piece both steps and flies, or too many lines
    /// are one piece short).
    fn plan<B: Width>(&self, engine: &Grid, st: &State) -> Option<Plan<B>> {
        let mut plan = Plan::none(B::ZERO);
        let phases = self.phases(st);
        self.plan_into(engine, st, &mut plan, phases);
        plan.made.then_some(plan)
    }

    /// [`Actions::plan`] made in `plan` (a thread's, not copied about)
    /// with the phases `phases`: `plan.made` says whether there is one.
    #[inline(always)]
    fn plan_into<B: Width>(&self, engine: &Grid, st: &State, plan: &mut Plan<B>, phases: Phases) {
        let player = st.to_move as usize;
        let own = B::of(st.occupied[player]);
        let opp = B::of(st.occupied[player ^ 1] | st.rest);
        let empty = B::of(engine.all_sites) & !(own | opp);
        let steppers = match phases.step_off {
            0 => own,
            k if k == self.all_kinds => B::ZERO,
            k => B::of(without_kinds(st, wide(own), k)),
        };
        let jumpers = match phases.jump_off | self.captureless {
            k if k == self.all_kinds => B::ZERO,
            k => B::of(without_kinds(st, wide(own), k)),
        };
        let fliers = match phases.flying {
            0 => B::ZERO,
            k if k == self.all_kinds => own,
            k => own & !B::of(without_kinds(st, wide(own), k)),
        };
        plan.made = (fliers & steppers).none() && self.lines.len() <= MAX_PLANNED_LINES;
        if !plan.made {
            return;
        }
        plan.own = own;
        plan.opp = opp;
        plan.empty = empty;
        plan.steppers = steppers;
        plan.jumpers = jumpers;
        plan.fliers = fliers;
        plan.placing = phases.placing;
        plan.removable = B::ZERO;
        plan.copies = 1;
        plan.closing = 0;
        plan.closers = B::ZERO;
        plan.noted = 0;
        if self.lines.is_empty() {
            return;
        }
        let lines = B::lines(self);
        (plan.closing, plan.closers) = match &self.gather {
            Some(gather) => {
                let closing = gather.closing(own.words()[0], empty.words()[0]);
                (closing, B::of(u128::from(gather.sites(closing))) & !own)
            }
            None => closing(lines, own, empty),
        };
        // What a completed line removes matters only where a move of
        // this plan completes one; where the lanes read the lines, it is
        // found anyway, which costs less than a branch on whether a move
        // completes one (whose outcome the processor could not foresee).
        if plan.closers.none() && self.gather.is_none() {
            return;
        }
        plan.removable = opp;
        if self.protect {
            let held = match &self.gather {
                Some(gather) => B::of(u128::from(gather.sites(gather.full(opp.words()[0])))),
                None => held(lines, opp),
            };
            if !(opp & !held).none() {
                plan.removable = opp & !held;
            }
        }
        plan.copies = count_sites(plan.removable).max(1);
    }

    /// [`Engine::count_turns`] of a game with actions: the captures listed
    /// in `out` (with their removals), the steps, placements and flights
    /// counted; `None` where every turn must be listed.
    #[inline(never)]
    pub(in crate::engine) fn count(
        &self,
        engine: &Grid,
        st: &mut State,
        out: &mut Vec<Move>,
    ) -> Option<usize> {
        if self.narrow_board {
            u64::with_plan(|plan, judged| {
                let phases = self.phases_kept(st, judged);
                self.count_with::<_, true>(engine, st, out, plan, phases)
            })
        } else {
            u128::with_plan(|plan, judged| {
                let phases = self.phases_kept(st, judged);
                self.count_with::<_, true>(engine, st, out, plan, phases)
            })
        }
    }

    /// [`super::super::grid::Grid::draw_planned`] of a game with actions whose turns it
    /// counts ([`Engine::count_turns`] would ask [`Actions::count`]), the
    /// offenders none: [`Actions::count`] and [`Actions::counted_turn_into`]
    /// in one, the plan kept on the stack, not the thread's; the turns
    /// listed where there is no plan.
    #[inline(always)]
    pub(in crate::engine) fn draw(
        &self,
        engine: &Grid,
        st: &mut State,
        out: &mut Vec<Move>,
        drawn: &mut Move,
        pick: impl FnOnce(&State, usize) -> Option<usize>,
    ) -> Result<bool, TooManyTurns> {
        if self.narrow_plain {
            self.draw_with::<u64, false>(engine, st, out, drawn, pick)
        } else if self.narrow_board {
            self.draw_with::<u64, true>(engine, st, out, drawn, pick)
        } else {
            self.draw_with::<u128, true>(engine, st, out, drawn, pick)
        }
    }

    /// [`Actions::draw`] with masks of `B`.
    #[inline(always)]
    fn draw_with<B: Width, const FALLS: bool>(
        &self,
        engine: &Grid,
        st: &mut State,
        out: &mut Vec<Move>,
        drawn: &mut Move,
        pick: impl FnOnce(&State, usize) -> Option<usize>,
    ) -> Result<bool, TooManyTurns> {
        let mut plan = Plan::none(B::ZERO);
        let phases = THREAD.with_borrow_mut(|t| self.phases_kept(st, &mut t.judged));
        out.clear();
        let n = match self.count_with::<B, FALLS>(engine, st, out, &mut plan, phases) {
            Some(n) => n,
            None => {
                engine.legal(st, out);
                out.len()
            }
        };
        let Some(i) = pick(st, n) else {
            return Ok(false);
        };
        match out.get(i) {
            Some(m) => *drawn = *m,
            None => self.noted_turn_into::<B, FALLS>(engine, st, &plan, i - out.len(), drawn),
        }
        Ok(true)
    }

    /// [`Actions::count`] with `plan`, made anew, and the phases `phases`.
    #[inline(always)]
    fn count_with<B: Width, const FALLS: bool>(
        &self,
        engine: &Grid,
        st: &mut State,
        out: &mut Vec<Move>,
        plan: &mut Plan<B>,
        phases: Phases,
    ) -> Option<usize> {
        self.plan_into(engine, st, plan, phases);
        if !plan.made {
            return None;
        }
        let player = st.to_move as usize;
        let compulsory = !plan.jumpers.none() && {
            let mut found = Found::new(out);
            let jumping = plan.sides(plan.jumpers);
            let compulsory = engine.captures(st, NONE, &jumping, &mut found, None);
            found.finish();
            if !self.lines.is_empty() {
                self.removals(st, out);
            }
            compulsory
        };
        let mut n = out.len();
        if !compulsory {
            let sets = &*self.line_sets;
            let mut steppers = plan.steppers;
            while !steppers.none() {
                let s = pop(&mut steppers);
                let free = self.step_free(engine, st, player, s, plan.empty).1;
                n += plan.note(s as u8, plan.count(sets, s as u8, free));
            }
            plan.stepping = plan.noted;
            let mut placing = plan.placing;
            while placing != 0 {
                let k = placing.trailing_zeros() as usize;
                placing &= placing - 1;
                let sites = self.place_sites::<B, FALLS>(plan, player, k);
                n += plan.note(HAND, plan.count(sets, HAND, sites));
            }
            let mut fliers = plan.fliers;
            while !fliers.none() {
                let s = pop(&mut fliers);
                let sites = self.fly_sites(plan, player, (st.cells[s] & 15) as usize);
                n += plan.note(s as u8, plan.count(sets, s as u8, sites));
            }
        }
        if n == 0 && !engine.no_moves_rule {
            out.push(Move::PASS);
            n = 1;
        }
        Some(n)
    }

    /// The table entry of the piece on `site` and the empty sites its near
    /// steps go to (see [`Engine::step_targets`]), at the plan's width.
    #[inline(always)]
    fn step_free<B: Bits>(
        &self,
        engine: &Grid,
        st: &State,
        player: usize,
        site: usize,
        empty: B,
    ) -> (usize, B) {
        if self.one_kind {
            // The kind on `site` is the only one, and no piece remembers
            // where it went.
            let t = player * engine.sites + site;
            return (t, B::of(engine.g.lines.near[t].step_mask) & empty);
        }
        let sides = Sides {
            own: 0,
            opp: 0,
            empty: wide(empty),
        };
        let (t, free) = engine.step_targets(st, player, site, &sides);
        (t, B::of(free))
    }

    /// The turn of index `i` that [`Actions::count`] counted (`listed`
    /// holds the turns it listed), built alone, in the order
    /// [`Engine::legal_moves`] lists them.
    pub(in crate::engine) fn turn_at(
        &self,
        engine: &Grid,
        st: &State,
        listed: &[Move],
        i: usize,
    ) -> Move {
        if let Some(m) = listed.get(i) {
            return *m;
        }
        let mut m = Move::PASS;
        if self.narrow_board {
            if let Some(plan) = self.plan::<u64>(engine, st) {
                self.turn_into::<_, true>(engine, st, &plan, i - listed.len(), &mut m);
            }
        } else if let Some(plan) = self.plan::<u128>(engine, st) {
            self.turn_into::<_, true>(engine, st, &plan, i - listed.len(), &mut m);
        }
        m
    }

    /// [`Actions::turn_at`] right after [`Actions::count`] of the same
    /// `st` on this thread, nothing counted between, written over `out`
    /// (a move that keeps [`Step::NONE`] past its steps): the plan counted
    /// is taken as `st`'s (a debug build checks).
    pub(in crate::engine) fn counted_turn_into(
        &self,
        engine: &Grid,
        st: &State,
        listed: &[Move],
        i: usize,
        out: &mut Move,
    ) {
        if let Some(m) = listed.get(i) {
            *out = *m;
            return;
        }
        if self.narrow_board {
            u64::with_plan(|plan, _| self.counted_turn_with(engine, st, listed, i, out, plan))
        } else {
            u128::with_plan(|plan, _| self.counted_turn_with(engine, st, listed, i, out, plan))
        }
    }

    /// [`Actions::counted_turn_into`] with the thread's plan.
    #[inline(always)]
    fn counted_turn_with<B: Width>(
        &self,
        engine: &Grid,
        st: &State,
        listed: &[Move],
        i: usize,
        out: &mut Move,
        plan: &Plan<B>,
    ) {
        if !plan.made {
            *out = self.turn_at(engine, st, listed, i);
            return;
        }
        debug_assert_eq!(
            Some(Plan {
                noted: 0,
                bounds: [0; NOTED + 1],
                froms: [0; NOTED],
                stepping: 0,
                ..*plan
            }),
            self.plan::<B>(engine, st),
            "the plan counted last"
        );
        self.noted_turn_into::<B, true>(engine, st, plan, i - listed.len(), out);
    }

    /// [`Actions::turn_into`] where the turn is in a group the count
    /// noted: the groups before it passed over by their noted turns, and
    /// that group alone looked into.
    #[inline(always)]
    fn noted_turn_into<B: Width, const FALLS: bool>(
        &self,
        engine: &Grid,
        st: &State,
        plan: &Plan<B>,
        i: usize,
        out: &mut Move,
    ) {
        let noted = usize::from(plan.noted);
        if i >= plan.bounds[noted] as usize {
            return self.turn_into::<B, FALLS>(engine, st, plan, i, out);
        }
        // The groups the index passes: those that end at it or before.
        let g = plan.bounds[1..=noted]
            .iter()
            .map(|&end| usize::from(end as usize <= i))
            .sum::<usize>();
        debug_assert!(g < noted);
        let mut left = i - plan.bounds[g] as usize;
        let player = st.to_move as usize;
        let sets = &*self.line_sets;
        let from = plan.froms[g];
        let (to, kind, r) = if g < usize::from(plan.stepping) {
            let (t, free) = self.step_free(engine, st, player, usize::from(from), plan.empty);
            let mut found = (NONE, NONE, 0);
            for target in engine.g.lines.steps(t) {
                if (free & B::one(usize::from(target.to))).none() {
                    continue;
                }
                let k = plan.turns(sets, from, target.to);
                if left < k {
                    found = (target.to, target.after, left);
                    break;
                }
                left -= k;
            }
            found
        } else if from == HAND {
            let mut placing = plan.placing;
            for _ in usize::from(plan.stepping)..g {
                placing &= placing - 1;
            }
            let kind = placing.trailing_zeros() as usize;
            let sites = self.place_sites::<B, FALLS>(plan, player, kind);
            let (to, r) = plan.nth(sets, HAND, sites, left);
            (to, kind as u8, r)
        } else {
            let kind = st.cells[usize::from(from)] & 15;
            let sites = self.fly_sites(plan, player, usize::from(kind));
            let (to, r) = plan.nth(sets, from, sites, left);
            (to, kind, r)
        };
        let step = Step {
            from,
            to,
            over: NONE,
            die: 0,
        };
        out.become_step(NONE, step, kind);
        // The removal read whether or not the move earns one, so that
        // nothing branches on that.
        let removal = nth_site(plan.removable, r).unwrap_or(NONE);
        out.remove = if plan.completes(sets, from, to) {
            removal
        } else {
            NONE
        };
    }

    /// The turn of index `left` past the listed ones of `st`, whose plan
    /// is `plan`, written over `out` (which keeps [`Step::NONE`] past its
    /// steps); a pass where there is none. Out of line: a playout's draw
    /// mostly finds its turn among the groups the count noted.
    #[inline(never)]
    fn turn_into<B: Width, const FALLS: bool>(
        &self,
        engine: &Grid,
        st: &State,
        plan: &Plan<B>,
        mut left: usize,
        out: &mut Move,
    ) {
        let player = st.to_move as usize;
        let sets = &*self.line_sets;
        // The move from `from` to `to` of kind `kind`, with the removal of
        // index `r` where it completes a line.
        let mut make = |from: u8, to: u8, kind: u8, r: usize| {
            let step = Step {
                from,
                to,
                over: NONE,
                die: 0,
            };
            out.become_step(NONE, step, kind);
            if plan.completes(sets, from, to) {
                out.remove = nth_site(plan.removable, r).unwrap_or(NONE);
            }
        };
        // The groups of turns passed over.
        let mut g = 0;
        let mut steppers = plan.steppers;
        while !steppers.none() {
            let s = pop(&mut steppers);
            g += 1;
            if let Some(n) = plan.noted(g - 1)
                && left >= n
            {
                left -= n;
                continue;
            }
            let (t, free) = self.step_free(engine, st, player, s, plan.empty);
            let n = plan.count(sets, s as u8, free);
            if left >= n {
                left -= n;
                continue;
            }
            for target in engine.g.lines.steps(t) {
                if (free & B::one(usize::from(target.to))).none() {
                    continue;
                }
                let k = plan.turns(sets, s as u8, target.to);
                if left < k {
                    return make(s as u8, target.to, target.after, left);
                }
                left -= k;
            }
        }
        let mut placing = plan.placing;
        while placing != 0 {
            let kind = placing.trailing_zeros() as usize;
            placing &= placing - 1;
            g += 1;
            if let Some(n) = plan.noted(g - 1)
                && left >= n
            {
                left -= n;
                continue;
            }
            let sites = self.place_sites::<B, FALLS>(plan, player, kind);
            let n = plan.count(sets, HAND, sites);
            if left >= n {
                left -= n;
                continue;
            }
            let (to, r) = plan.nth(sets, HAND, sites, left);
            return make(HAND, to, kind as u8, r);
        }
        let mut fliers = plan.fliers;
        while !fliers.none() {
            let s = pop(&mut fliers);
            g += 1;
            if let Some(n) = plan.noted(g - 1)
                && left >= n
            {
                left -= n;
                continue;
            }
            let kind = st.cells[s] & 15;
            let sites = self.fly_sites(plan, player, kind as usize);
            let n = plan.count(sets, s as u8, sites);
            if left >= n {
                left -= n;
                continue;
            }
            let (to, r) = plan.nth(sets, s as u8, sites, left);
            return make(s as u8, to, kind, r);
        }
        *out = Move::PASS;
    }
}
