//! A random playout's turns of a game with actions counted and drawn by
//! masks, without listing them: the pieces each action moves, the lines
//! one piece short of complete kept as a bit set and their empty sites as
//! a mask (scanned at 64 bits where the board's lines fit), made in place
//! in a per-thread [`Plan`] that the draw then reads, with the turns of
//! each of its first groups noted so that the draw passes over them
//! without counting again. The turns, their order and their number are
//! those [`Engine::legal_moves`] lists.

use super::super::bits::Bits;
use super::super::grid::{Found, Sides, bits};
use super::super::{Engine, HAND, Move, NONE, State, Step, bit};
use super::{Actions, without_kinds};

/// Of the lines `lines`, at the width of the board's masks: the mover's
/// lines one piece short, on an empty site (a bit per line), and those
/// empty sites.
#[inline(always)]
fn closing<B: Bits>(lines: &[B], sides: &Sides) -> (u64, u128) {
    let (own, empty) = (B::of(sides.own), B::of(sides.empty));
    let (mut closing, mut closers) = (0u64, B::ZERO);
    for (i, &line) in lines.iter().enumerate() {
        let missing = line & !own;
        if !(missing & empty).none() && (missing & (missing - B::ONE)).none() {
            closing |= 1 << i;
            closers |= missing;
        }
    }
    (closing, wide(closers))
}

/// The sites of the opponent's complete lines among `lines`.
#[inline(always)]
fn held<B: Bits>(lines: &[B], theirs: u128) -> u128 {
    let theirs = B::of(theirs);
    let mut held = B::ZERO;
    for &line in lines {
        if (line & !theirs).none() {
            held |= line;
        }
    }
    wide(held)
}

/// A mask at the board's width as 128 bits.
#[inline(always)]
fn wide<B: Bits>(m: B) -> u128 {
    let [lo, hi] = m.words();
    u128::from(lo) | u128::from(hi) << 64
}

/// The sites of `mask`: a population count of the low word, and of the
/// high word only where it has some (boards of at most 64 sites never do),
/// as the processor may have no instruction for it.
#[inline(always)]
fn count_sites(mask: u128) -> usize {
    let high = (mask >> 64) as u64;
    (mask as u64).count_ones() as usize
        + if high == 0 {
            0
        } else {
            high.count_ones() as usize
        }
}

/// The site of index `n` of `mask`, in site order.
#[inline]
fn nth_site(mask: u128, n: usize) -> Option<u8> {
    let (low, high) = (mask as u64, (mask >> 64) as u64);
    let below = count_sites(u128::from(low));
    if n < below {
        let mut word = low;
        for _ in 0..n {
            word &= word - 1;
        }
        return Some(word.trailing_zeros() as u8);
    }
    let mut word = high;
    for _ in below..n {
        word &= word.wrapping_sub(1);
    }
    (word != 0).then(|| 64 + word.trailing_zeros() as u8)
}

/// The most lines a board may have for [`Plan`] to count a position's
/// turns (its lines one piece short are a bit set); past it they are
/// listed.
const MAX_PLANNED_LINES: usize = 64;

/// What a random playout needs to count and draw the turns of one
/// position without listing them: the pieces each action moves, and the
/// lines a piece landing on their last empty site completes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Plan {
    sides: Sides,
    /// The mover's pieces whose step lines, and jump lines, apply (only
    /// those of kinds that capture for the latter).
    steppers: u128,
    jumpers: u128,
    /// The mover's pieces that fly this turn.
    fliers: u128,
    /// The kinds placed this turn (a bit per kind).
    placing: u16,
    /// The opposing pieces a completed line removes (for turns that
    /// capture nothing; none where no move completes one), and how many
    /// turns each such move makes.
    removable: u128,
    copies: usize,
    /// The lines (indices of [`Actions::lines`]) that lack one piece of
    /// the mover's, on an empty site.
    closing: u64,
    /// Their empty sites: where a piece from the hand completes a line
    /// (and no other piece completes one elsewhere).
    closers: u128,
    /// The turns of each of the first `noted` groups of turns past the
    /// listed ones (each stepping piece, placed kind and flying piece in
    /// turn), as [`Actions::count`] counted them, for [`Actions::turn_of`]
    /// to pass over.
    turns: [u16; NOTED],
    noted: u8,
    /// Whether the plan was made: not where the turns must be listed.
    made: bool,
}

/// The most groups of turns a [`Plan`] notes.
const NOTED: usize = 16;

thread_local! {
    /// The plan of the position counted last on this thread, for the turn
    /// a playout draws from it next ([`Actions::counted_turn_at`]).
    static LAST_PLAN: std::cell::RefCell<Plan> = const { std::cell::RefCell::new(Plan::NONE) };
}

impl Plan {
    /// No plan: one where the turns must be listed.
    const NONE: Plan = Plan {
        sides: Sides {
            own: 0,
            opp: 0,
            empty: 0,
        },
        steppers: 0,
        jumpers: 0,
        fliers: 0,
        placing: 0,
        removable: 0,
        copies: 1,
        closing: 0,
        closers: 0,
        turns: [0; NOTED],
        noted: 0,
        made: false,
    };

    /// Notes the turns `n` of the next group, where there is room; gives `n`.
    #[inline]
    fn note(&mut self, n: usize) -> usize {
        if let Some(slot) = self.turns.get_mut(usize::from(self.noted)) {
            *slot = n as u16;
            self.noted += 1;
        }
        n
    }

    /// The turns of group `g`, where [`Plan::note`] noted them.
    #[inline]
    fn noted(&self, g: usize) -> Option<usize> {
        (g < usize::from(self.noted)).then(|| usize::from(self.turns[g]))
    }

    /// The sites where a piece coming from `from` ([`HAND`] for a
    /// placement) completes a line: the last empty sites of the closing
    /// lines it does not leave.
    #[inline]
    fn closers(&self, lines: &[u128], from: u8) -> u128 {
        if from == HAND {
            return self.closers;
        }
        let leaving = bit(from);
        let mut found = 0;
        let mut set = self.closing;
        while set != 0 {
            let line = lines[set.trailing_zeros() as usize];
            set &= set - 1;
            if line & leaving == 0 {
                found |= line & !self.sides.own;
            }
        }
        found
    }

    /// Turns of a move landing on the sites of `targets`, from `from`.
    #[inline]
    fn count(&self, lines: &[u128], from: u8, targets: u128) -> usize {
        let n = count_sites(targets);
        if self.copies == 1 || targets & self.closers == 0 {
            return n;
        }
        n + count_sites(targets & self.closers(lines, from)) * (self.copies - 1)
    }

    /// Whether a move landing on `to` from `from` completes a line.
    #[inline]
    fn completes(&self, lines: &[u128], from: u8, to: u8) -> bool {
        self.closers & bit(to) != 0 && self.closers(lines, from) & bit(to) != 0
    }

    /// Of the turns of moves from `from` onto the sites of `sites`, in
    /// site order, the one of index `left` (below their count): its
    /// landing and the index of its removal. Where no landing completes a
    /// line, the landing is the `left`-th site, found without walking the
    /// others.
    #[inline]
    fn nth(&self, lines: &[u128], from: u8, sites: u128, mut left: usize) -> (u8, usize) {
        if self.copies == 1 || sites & self.closers == 0 {
            return (nth_site(sites, left).unwrap_or(NONE), 0);
        }
        let closers = self.closers(lines, from);
        for to in bits(sites) {
            let k = if closers & bit(to as u8) != 0 {
                self.copies
            } else {
                1
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
    fn turns(&self, lines: &[u128], from: u8, to: u8) -> usize {
        if self.copies > 1 && self.completes(lines, from, to) {
            self.copies
        } else {
            1
        }
    }
}

impl Actions {
    /// The sites where pieces of `kind` are placed in `plan`.
    #[inline]
    fn place_sites(&self, plan: &Plan, player: usize, kind: usize) -> u128 {
        self.place[kind]
            .as_ref()
            .map_or(0, |a| a.sites[player] & plan.sides.empty)
    }

    /// The sites where the piece of kind `kind` flies in `plan`.
    #[inline]
    fn fly_sites(&self, plan: &Plan, player: usize, kind: usize) -> u128 {
        self.fly[kind]
            .as_ref()
            .map_or(0, |a| a.sites[player] & plan.sides.empty)
    }

    /// The plan of `st`'s turns beyond the listed captures, or `None` where
    /// they must be listed (a piece both steps and flies, or too many lines
    /// are one piece short).
    fn plan(&self, engine: &Engine, st: &State) -> Option<Plan> {
        let mut plan = Plan::NONE;
        self.plan_into(engine, st, &mut plan);
        plan.made.then_some(plan)
    }

    /// [`Actions::plan`] made in `plan` (a thread's, not copied about):
    /// `plan.made` says whether there is one.
    #[inline(always)]
    fn plan_into(&self, engine: &Engine, st: &State, plan: &mut Plan) {
        let player = st.to_move as usize;
        let sides = Sides::of(st, player, engine.all_sites);
        let (step_off, jump_off) = if self.gated {
            self.lines_off(st)
        } else {
            (0, 0)
        };
        let steppers = match step_off {
            k if k == self.all_kinds => 0,
            k => without_kinds(st, sides.own, k),
        };
        let jumpers = match jump_off | self.captureless {
            k if k == self.all_kinds => 0,
            k => without_kinds(st, sides.own, k),
        };
        let mut flying = 0u16;
        let mut placing = 0u16;
        for k in 0..self.place.len() {
            if Self::allowed(st, &self.fly[k]).is_some() {
                flying |= 1 << k;
            }
            if st.hand[player][k] > 0 && Self::allowed(st, &self.place[k]).is_some() {
                placing |= 1 << k;
            }
        }
        let fliers = match flying {
            0 => 0,
            k if k == self.all_kinds => sides.own,
            k => sides.own & !without_kinds(st, sides.own, k),
        };
        plan.made = fliers & steppers == 0 && self.lines.len() <= MAX_PLANNED_LINES;
        if !plan.made {
            return;
        }
        plan.sides = sides;
        plan.steppers = steppers;
        plan.jumpers = jumpers;
        plan.fliers = fliers;
        plan.placing = placing;
        plan.removable = 0;
        plan.copies = 1;
        plan.closing = 0;
        plan.closers = 0;
        plan.noted = 0;
        if self.lines.is_empty() {
            return;
        }
        (plan.closing, plan.closers) = match &self.narrow {
            Some(lines) => closing(lines, &sides),
            None => closing(&self.lines, &sides),
        };
        // What a completed line removes matters only where a move of
        // this plan completes one.
        if plan.closers == 0 {
            return;
        }
        let theirs = sides.opp;
        plan.removable = theirs;
        if self.protect {
            let held = match &self.narrow {
                Some(lines) => held(lines, theirs),
                None => held(&self.lines, theirs),
            };
            if theirs & !held != 0 {
                plan.removable = theirs & !held;
            }
        }
        plan.copies = (plan.removable.count_ones() as usize).max(1);
    }

    /// [`Engine::count_turns`] of a game with actions: the captures listed
    /// in `out` (with their removals), the steps, placements and flights
    /// counted; `None` where every turn must be listed.
    #[inline(never)]
    pub(in crate::engine) fn count(
        &self,
        engine: &Engine,
        st: &mut State,
        out: &mut Vec<Move>,
    ) -> Option<usize> {
        LAST_PLAN.with_borrow_mut(|plan| self.count_with(engine, st, out, plan))
    }

    /// [`Actions::count`] with the thread's plan, made anew.
    #[inline(always)]
    fn count_with(
        &self,
        engine: &Engine,
        st: &mut State,
        out: &mut Vec<Move>,
        plan: &mut Plan,
    ) -> Option<usize> {
        self.plan_into(engine, st, plan);
        if !plan.made {
            return None;
        }
        let player = st.to_move as usize;
        let compulsory = plan.jumpers != 0 && {
            let mut found = Found::new(out);
            let jumping = Sides {
                own: plan.jumpers,
                ..plan.sides
            };
            let compulsory = engine.captures(st, NONE, &jumping, &mut found, None);
            found.finish();
            if !self.lines.is_empty() {
                self.removals(st, out);
            }
            compulsory
        };
        let mut n = out.len();
        if !compulsory {
            for s in bits(plan.steppers) {
                let (_, free) = engine.step_targets(st, player, s, &plan.sides);
                n += plan.note(plan.count(&self.lines, s as u8, free));
            }
            for k in bits(u128::from(plan.placing)) {
                let sites = self.place_sites(plan, player, k);
                n += plan.note(plan.count(&self.lines, HAND, sites));
            }
            for s in bits(plan.fliers) {
                let sites = self.fly_sites(plan, player, (st.cells[s] & 15) as usize);
                n += plan.note(plan.count(&self.lines, s as u8, sites));
            }
        }
        if n == 0 && !engine.no_moves_rule {
            out.push(Move::PASS);
            n = 1;
        }
        Some(n)
    }

    /// The turn of index `i` that [`Actions::count`] counted (`listed`
    /// holds the turns it listed), built alone, in the order
    /// [`Engine::legal_moves`] lists them.
    pub(in crate::engine) fn turn_at(
        &self,
        engine: &Engine,
        st: &State,
        listed: &[Move],
        i: usize,
    ) -> Move {
        if let Some(m) = listed.get(i) {
            return *m;
        }
        let mut m = Move::PASS;
        if let Some(plan) = self.plan(engine, st) {
            self.turn_into(engine, st, &plan, i - listed.len(), &mut m);
        }
        m
    }

    /// [`Actions::turn_at`] right after [`Actions::count`] of the same
    /// `st` on this thread, nothing counted between, written over `out`
    /// (a move that keeps [`Step::NONE`] past its steps): the plan counted
    /// is taken as `st`'s (a debug build checks).
    pub(in crate::engine) fn counted_turn_into(
        &self,
        engine: &Engine,
        st: &State,
        listed: &[Move],
        i: usize,
        out: &mut Move,
    ) {
        if let Some(m) = listed.get(i) {
            *out = *m;
            return;
        }
        LAST_PLAN.with_borrow(|plan| {
            if !plan.made {
                *out = self.turn_at(engine, st, listed, i);
                return;
            }
            debug_assert_eq!(
                Some(Plan {
                    noted: 0,
                    turns: [0; NOTED],
                    ..*plan
                }),
                self.plan(engine, st),
                "the plan counted last"
            );
            self.turn_into(engine, st, plan, i - listed.len(), out);
        })
    }

    /// The turn of index `left` past the listed ones of `st`, whose plan
    /// is `plan`, written over `out` (which keeps [`Step::NONE`] past its
    /// steps); a pass where there is none.
    fn turn_into(&self, engine: &Engine, st: &State, plan: &Plan, mut left: usize, out: &mut Move) {
        let player = st.to_move as usize;
        let lines = &self.lines[..];
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
            if plan.completes(lines, from, to) {
                out.remove = nth_site(plan.removable, r).unwrap_or(NONE);
            }
        };
        // The groups of turns passed over.
        let mut g = 0;
        for s in bits(plan.steppers) {
            g += 1;
            if let Some(n) = plan.noted(g - 1)
                && left >= n
            {
                left -= n;
                continue;
            }
            let (t, free) = engine.step_targets(st, player, s, &plan.sides);
            let n = plan.count(lines, s as u8, free);
            if left >= n {
                left -= n;
                continue;
            }
            for target in engine.lines.steps(t) {
                if free & target.bit == 0 {
                    continue;
                }
                let k = plan.turns(lines, s as u8, target.to);
                if left < k {
                    return make(s as u8, target.to, target.after, left);
                }
                left -= k;
            }
        }
        for kind in bits(u128::from(plan.placing)) {
            g += 1;
            if let Some(n) = plan.noted(g - 1)
                && left >= n
            {
                left -= n;
                continue;
            }
            let sites = self.place_sites(plan, player, kind);
            let n = plan.count(lines, HAND, sites);
            if left >= n {
                left -= n;
                continue;
            }
            let (to, r) = plan.nth(lines, HAND, sites, left);
            return make(HAND, to, kind as u8, r);
        }
        for s in bits(plan.fliers) {
            g += 1;
            if let Some(n) = plan.noted(g - 1)
                && left >= n
            {
                left -= n;
                continue;
            }
            let kind = st.cells[s] & 15;
            let sites = self.fly_sites(plan, player, kind as usize);
            let n = plan.count(lines, s as u8, sites);
            if left >= n {
                left -= n;
                continue;
            }
            let (to, r) = plan.nth(lines, s as u8, sites, left);
            return make(s as u8, to, kind, r);
        }
        *out = Move::PASS;
    }
}
