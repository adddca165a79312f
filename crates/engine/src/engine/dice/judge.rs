//! End conditions judged exactly from counts of men and points, without
//! the interpreter of [`Cond`] and, for the last die move of a turn,
//! without playing it.
//!
//! An end condition is judged with no landing site and no origin, so that
//! of its parts only the counts of men (`men in`, `pinned men in`) and of
//! points (`points in`) depend on the position: `here in`, `from in` and
//! `here vulnerable` never hold, `men here` counts nothing. A die move
//! changes a count of men only by the men it moved (the mover's man from
//! its origin to its landing site, the men it hit from there to where hit
//! men go, the man it pinned or freed), so the count after it is the count
//! before plus a change read from those sites; a count of points is read
//! from the sites where men stand after it, which the preview of a die
//! move works out. Conditions that count open points keep the
//! interpreter, and a die move that sets one off is played to be judged.
//! A bear-off rule, judged at the root of the search with no landing site
//! and no origin too, takes the same exact form where it has one
//! ([`Engine::may_bear_off`]).

use super::Dice;
use super::masks::{Masks, side};
use super::tables::seat;
use super::{Standing, men, others};
use crate::engine::bits::Bits;
use crate::engine::condition::{Cond, Term, compare, pinned_in};
use crate::engine::{NONE, State, bit};
use crate::ir::Compare;

/// A count an exact condition reads; players are absolute (the judged
/// player's frame is folded in).
#[derive(Clone, Copy, Debug)]
pub(super) enum Count {
    /// The free men of a player on one site (and its mask).
    MenOn(usize, u8, u128),
    /// The free men of a player on the sites of a mask.
    Men(usize, u128),
    /// The sites of a mask where a player has free men.
    Points(usize, u128),
    /// The pinned men of a player on the sites of a mask.
    Pinned(usize, u128),
}

/// `sum of counts + constant` compared with zero.
#[derive(Clone, Debug)]
pub(super) struct Test {
    counts: Box<[(i64, Count)]>,
    constant: i64,
    op: Compare,
}

/// A test of the free men of one player on one site, the usual part of
/// an end condition (`own men in off = 15`), with at most one count of
/// points besides (`own men in bar + own points in first-quarter > 6`):
/// it holds where `sign * men + points` (the count of points with its
/// sign) lies in `lo..=hi` (outside it, `outside`), the comparison read
/// as a range once.
#[derive(Clone, Copy, Debug)]
pub(super) struct One {
    player: usize,
    site: u8,
    mask: u128,
    sign: i64,
    /// The count of points: its sign (0: none), player and sites.
    points: (i64, usize, u128),
    lo: i64,
    hi: i64,
    outside: bool,
}

impl One {
    /// `test` as a range, if it counts the free men of one site and at
    /// most one count of points.
    fn of(test: &Test) -> Option<One> {
        let ((sign, player, site, mask), points) = match *test.counts {
            [(sign, Count::MenOn(player, site, mask))] => ((sign, player, site, mask), (0, 0, 0)),
            [
                (sign, Count::MenOn(player, site, mask)),
                (p, Count::Points(who, sites)),
            ]
            | [
                (p, Count::Points(who, sites)),
                (sign, Count::MenOn(player, site, mask)),
            ] => ((sign, player, site, mask), (p, who, sites)),
            _ => return None,
        };
        // The sum `sign * men + points + constant` compared with zero, as
        // a range of the sum ...
        let (low, high, outside) = match test.op {
            Compare::Ge => (0, i64::MAX, false),
            Compare::Gt => (1, i64::MAX, false),
            Compare::Le => (i64::MIN, 0, false),
            Compare::Lt => (i64::MIN, -1, false),
            Compare::Eq => (0, 0, false),
            Compare::Ne => (0, 0, true),
        };
        // ... and of the sum without the constant.
        let c = test.constant;
        Some(One {
            player,
            site,
            mask,
            sign,
            points,
            lo: low.saturating_sub(c),
            hi: high.saturating_sub(c),
            outside,
        })
    }

    /// Whether it holds in `view`, changed by its shift if `MOVED`.
    #[inline(always)]
    fn holds<B: Bits, const MOVED: bool>(&self, view: &View<B>) -> bool {
        let men = view.count::<MOVED>(Count::MenOn(self.player, self.site, self.mask));
        let mut value = self.sign * men;
        let (sign, player, sites) = self.points;
        if sign != 0 {
            value += sign * view.count::<MOVED>(Count::Points(player, sites));
        }
        self.admits(value)
    }

    /// Whether a sum of `value` (without the constant) holds it.
    #[inline(always)]
    fn admits(&self, value: i64) -> bool {
        (self.lo <= value && value <= self.hi) != self.outside
    }
}

/// An end condition compiled for one judged player, where every part of
/// it is a count of men or points or a constant (see the module's notes).
#[derive(Clone, Debug)]
pub(super) enum Exact {
    /// Every test holds (none: always): the usual condition, judged
    /// without recursion; the tests of one site's men first, as ranges
    /// (the order of a conjunction's tests is free: a test changes
    /// nothing).
    All(Box<[One]>, Box<[Test]>),
    /// Any other combination.
    Tree(Tree),
}

/// The parts of an [`Exact::Tree`].
#[derive(Clone, Debug)]
pub(super) enum Tree {
    All(Box<[Tree]>),
    Any(Box<[Tree]>),
    Not(Box<Tree>),
    Is(bool),
    Test(Test),
}

impl Exact {
    /// End condition `c` judged for `me`, with `regions` every player's
    /// region masks; `None` where it counts open points.
    pub fn new(c: &Cond, regions: &[Vec<u128>], me: usize) -> Option<Exact> {
        let tree = Tree::new(c, regions, me)?;
        let mut tests = Vec::new();
        Some(if conjunction(&tree, &mut tests) {
            let mut ones = Vec::new();
            tests.retain(|t| match One::of(t) {
                Some(one) => {
                    ones.push(one);
                    false
                }
                None => true,
            });
            Exact::All(ones.into(), tests.into())
        } else {
            Exact::Tree(tree)
        })
    }

    /// Whether it holds in `view`, changed by its shift: the usual end
    /// condition, one test of one site's men, judged in line, any other
    /// out of line, which keeps the search's judgment of a die move not
    /// played small.
    #[inline(always)]
    fn holds_after<B: Bits>(&self, view: View<B>) -> bool {
        match self.single() {
            Some(one) => one.holds::<B, true>(&view),
            None => self.holds_after_apart(view),
        }
    }

    /// [`Exact::holds_after`] of any other condition: the view taken by
    /// value, so that the usual condition's is never laid out in memory.
    #[inline(never)]
    fn holds_after_apart<B: Bits>(&self, view: View<B>) -> bool {
        self.holds::<B, true>(&view)
    }

    /// The test of one site's men that is the whole condition, if it is
    /// one (`own men in off = 15`).
    #[inline(always)]
    fn single(&self) -> Option<&One> {
        match self {
            Exact::All(ones, tests) if ones.len() == 1 && tests.is_empty() => ones.first(),
            _ => None,
        }
    }

    /// Whether it holds in `view`.
    #[inline(always)]
    fn holds<B: Bits, const MOVED: bool>(&self, view: &View<B>) -> bool {
        match self {
            Exact::All(ones, tests) => {
                for one in ones.iter() {
                    if !one.holds::<B, MOVED>(view) {
                        return false;
                    }
                }
                Self::all::<B, MOVED>(tests, view)
            }
            Exact::Tree(tree) => tree.holds::<B, MOVED>(view),
        }
    }

    /// Whether every test of `tests` holds in `view`: a loop rather than
    /// `Iterator::all`, which is not inlined.
    #[inline(always)]
    fn all<B: Bits, const MOVED: bool>(tests: &[Test], view: &View<B>) -> bool {
        for t in tests {
            if !t.holds::<B, MOVED>(view) {
                return false;
            }
        }
        true
    }
}

/// Adds to `tests` the tests of `tree` if it is a conjunction of them.
fn conjunction(tree: &Tree, tests: &mut Vec<Test>) -> bool {
    match tree {
        Tree::All(p) => p.iter().all(|t| conjunction(t, tests)),
        Tree::Is(true) => true,
        Tree::Test(t) => {
            tests.push(t.clone());
            true
        }
        Tree::Any(_) | Tree::Not(_) | Tree::Is(false) => false,
    }
}

impl Tree {
    fn new(c: &Cond, regions: &[Vec<u128>], me: usize) -> Option<Tree> {
        let all = |p: &[Cond]| -> Option<Box<[Tree]>> {
            p.iter().map(|c| Tree::new(c, regions, me)).collect()
        };
        let region = |r: usize| regions[me][r];
        let side = |opponent: bool| me ^ usize::from(opponent);
        let men = |p: usize, mask: u128| {
            if mask.count_ones() == 1 {
                Count::MenOn(p, mask.trailing_zeros() as u8, mask)
            } else {
                Count::Men(p, mask)
            }
        };
        Some(match c {
            Cond::Or(p) => Tree::Any(all(p)?),
            Cond::And(p) => Tree::All(all(p)?),
            Cond::Not(c) => Tree::Not(Box::new(Tree::new(c, regions, me)?)),
            // No landing site and no origin.
            Cond::HereIn(_)
            | Cond::FromIn(_)
            | Cond::HereVulnerable
            | Cond::Moving(_)
            | Cond::Die { .. } => Tree::Is(false),
            Cond::HereCount { constant, op, .. } => Tree::Is(compare(*constant, *op)),
            Cond::Player(p) => Tree::Is(me == *p),
            Cond::Test {
                terms,
                constant,
                op,
            }
            | Cond::PinTest {
                terms,
                constant,
                op,
                ..
            } => {
                let mut counts = Vec::new();
                for &(sign, term) in terms.iter() {
                    match term {
                        Term::MenHere(_) => {}
                        Term::MenIn(opponent, r) => {
                            counts.push((sign, men(side(opponent), region(r))))
                        }
                        Term::OwnPoints(r) => counts.push((sign, Count::Points(me, region(r)))),
                        // Counts the search does not keep up to date.
                        Term::OpenPoints(_)
                        | Term::Pieces(_)
                        | Term::InHand { .. }
                        | Term::Kind { .. }
                        | Term::Captured { .. } => return None,
                    }
                }
                if let Cond::PinTest { pinned, .. } = c {
                    for &(sign, p) in pinned.iter() {
                        // Pinned men on the landing site: none.
                        if let Some(r) = p.region {
                            counts.push((sign, Count::Pinned(side(p.opponent), region(r))));
                        }
                    }
                }
                if counts.is_empty() {
                    Tree::Is(compare(*constant, *op))
                } else {
                    Tree::Test(Test {
                        counts: counts.into(),
                        constant: *constant,
                        op: *op,
                    })
                }
            }
        })
    }

    fn holds<B: Bits, const MOVED: bool>(&self, view: &View<B>) -> bool {
        match self {
            Tree::All(p) => p.iter().all(|c| c.holds::<B, MOVED>(view)),
            Tree::Any(p) => p.iter().any(|c| c.holds::<B, MOVED>(view)),
            Tree::Not(c) => !c.holds::<B, MOVED>(view),
            Tree::Is(b) => *b,
            Tree::Test(t) => t.holds::<B, MOVED>(view),
        }
    }
}

impl Test {
    /// Whether it holds in `view`, changed by its shift if `MOVED`.
    #[inline(always)]
    fn holds<B: Bits, const MOVED: bool>(&self, view: &View<B>) -> bool {
        let mut value = self.constant;
        for &(sign, count) in self.counts.iter() {
            value += sign * view.count::<MOVED>(count);
        }
        compare(value, self.op)
    }
}

/// What a die move not played changes of the counts of men: the mover's
/// man leaves `from` for `to`; `n` of his opponent's free men leave
/// `lost` for `gained`; his opponent's man is pinned on `pinned` and
/// freed on `freed` (each a site, or [`NONE`]).
#[derive(Clone, Copy, Debug)]
struct Shift {
    mover: usize,
    from: u8,
    to: u8,
    gained: u8,
    lost: u8,
    n: i64,
    pinned: u8,
    freed: u8,
}

impl Shift {
    /// No change.
    const NONE: Shift = Shift {
        mover: 0,
        from: NONE,
        to: NONE,
        gained: NONE,
        lost: NONE,
        n: 0,
        pinned: NONE,
        freed: NONE,
    };
}

/// Whether `site` (or [`NONE`]) is one of the sites of `mask`, as 0 or 1.
#[inline(always)]
fn on(site: u8, mask: u128) -> i64 {
    if site == NONE {
        0
    } else {
        i64::from(mask & u128::one(usize::from(site)) != 0)
    }
}

/// The sites of `sites`, counted one 64-bit half at a time (most boards'
/// regions lie in the first).
#[inline(always)]
fn sites_in<B: Bits>(sites: B) -> i64 {
    let [low, high] = sites.words();
    let low = i64::from(low.count_ones());
    if high == 0 {
        low
    } else {
        low + i64::from(high.count_ones())
    }
}

/// A position as the counts of an end condition read it: the men of `st`
/// (whose free men stand on the sites `masks` gives), changed by `shift`
/// where a die move was previewed and not played, and `occ`, the sites
/// where each player has free men with the change.
#[derive(Clone, Copy)]
struct View<'a, B: Bits> {
    st: &'a State,
    masks: &'a Masks<B>,
    occ: &'a [B; 2],
    shift: Shift,
}

impl<B: Bits> View<'_, B> {
    /// A count, changed by the shift if `MOVED`.
    #[inline(always)]
    fn count<const MOVED: bool>(&self, count: Count) -> i64 {
        let s = &self.shift;
        match count {
            Count::MenOn(p, site, mask) => {
                let mut here = if !(self.masks.occ[side(p)] & B::of(mask)).none() {
                    i64::from(self.st.stack[site as usize])
                } else {
                    0
                };
                if MOVED {
                    let is = |other: u8| i64::from(other == site);
                    here += if p == s.mover {
                        is(s.to) - is(s.from)
                    } else {
                        s.n * (is(s.gained) - is(s.lost))
                    };
                }
                here
            }
            Count::Men(p, mask) => {
                let mut men = i64::from(self.masks.men_in(self.st, p, B::of(mask)));
                if MOVED {
                    men += if p == s.mover {
                        on(s.to, mask) - on(s.from, mask)
                    } else {
                        s.n * (on(s.gained, mask) - on(s.lost, mask))
                    };
                }
                men
            }
            Count::Points(p, mask) => sites_in(self.occ[side(p)] & B::of(mask)),
            Count::Pinned(p, mask) => {
                let change = if !MOVED || p == s.mover {
                    0
                } else {
                    on(s.pinned, mask) - on(s.freed, mask)
                };
                i64::from(pinned_in(self.st, B::of(mask), p)) + change
            }
        }
    }
}

impl Dice {
    /// Whether end condition `e` (an index of the game's end conditions)
    /// holds for `who` in the position `st`, whose free men stand on the
    /// sites of `masks`, with `vulnerable` the runs it may read (worked
    /// out by the call where none is given): judged exactly where it can
    /// be, else by the interpreter.
    #[inline(always)]
    pub(super) fn end_holds<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        (e, who): (usize, usize),
        vulnerable: &mut Option<B>,
    ) -> bool {
        let t = &self.t;
        let end = &t.ends[e];
        if let Some(exact) = seat(&end.exact, who) {
            return self.exact_holds(st, masks, (exact, &end.cond), who);
        }
        let runs = *vulnerable.get_or_insert_with(|| {
            if t.ends_see_runs {
                B::of(self.vulnerable(st, who ^ 1))
            } else {
                B::ZERO
            }
        });
        self.holds(st, masks, &end.cond, who, (NONE, NONE, NONE), runs)
    }

    /// Whether `player` may bear off in the position `st`, whose free men
    /// stand on the sites of `masks`, with `vulnerable` the runs the rule
    /// may read: judged exactly where it can be (it is judged, like an end
    /// condition, with no landing site and no origin), else by the
    /// interpreter.
    #[inline(always)]
    pub(super) fn may_bear_off<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        vulnerable: B,
    ) -> bool {
        let t = &self.t;
        let Some(rule) = &t.bear_off else {
            return false;
        };
        match seat(&t.bear_off_exact, player) {
            Some(exact) => self.exact_holds(st, masks, (exact, rule), player),
            None => self.holds(st, masks, rule, player, (NONE, NONE, NONE), vulnerable),
        }
    }

    /// Whether `exact`, the exact form of condition `cond` for `who`, holds
    /// in the position `st` (free men on the sites of `masks`), judged with
    /// no landing site and no origin; debug builds judge `cond` by the
    /// interpreter too and compare.
    #[inline(always)]
    fn exact_holds<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        (exact, cond): (&Exact, &Cond),
        who: usize,
    ) -> bool {
        let view = View {
            st,
            masks,
            occ: &masks.occ,
            shift: Shift::NONE,
        };
        let holds = exact.holds::<B, false>(&view);
        debug_assert_eq!(
            holds,
            self.holds(
                st,
                masks,
                cond,
                who,
                (NONE, NONE, NONE),
                B::of(self.vulnerable(st, who ^ 1))
            ),
            "a condition judged exactly as the interpreter judges it"
        );
        holds
    }

    /// Whether some end condition of `fired`, the pairs of end condition
    /// and judged player (see [`super::triggers::Fires`]) that the die
    /// move of `player` from `from` to `to` (sending the men it hits to
    /// `hit`) sets off and whose needs are met ([`Engine::ends_may_fire`];
    /// a pair whose needs are not met cannot hold, and is judged not to
    /// where it has an exact form), holds
    /// after it, the die move previewed (see [`Engine::die_move_preview`])
    /// and not played; `standing`, where men would then stand. Where a
    /// condition of them has no exact form, says true: the die move must
    /// then be played and judged ([`Engine::dice_outcome`]). Kept out of
    /// line, the search calling it seldom.
    #[inline(never)]
    pub(super) fn ends_fire_after<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        (from, to, hit): (u8, u8, u8),
        fired: u64,
        (occ, _): Standing<B>,
    ) -> bool {
        let t = &self.t;
        if fired == 0 {
            return false;
        }
        let ends = t.ends.len();
        if self.players > 2 {
            return self.ends_fire_after_many(st, masks, player, (from, to, hit), occ);
        }
        if ends >= 32 {
            return true;
        }
        let view = self.view_after(st, masks, player, (from, to, hit), &occ);
        // The pairs given, in any order.
        let mut judged = fired;
        while judged != 0 {
            let (e, who) = super::triggers::pair(judged.trailing_zeros() as usize, ends);
            judged &= judged - 1;
            let Some(exact) = seat(&t.ends[e].exact, who) else {
                return true;
            };
            if exact.holds_after(view) {
                self.debug_check_ends_after(st, player, (from, to), fired, true);
                return true;
            }
        }
        self.debug_check_ends_after(st, player, (from, to), fired, false);
        false
    }

    /// [`Engine::ends_fire_after`] in a game of more than two players,
    /// whose end conditions read the judged player's own men alone: the
    /// mover's judged without playing the die move where each has an exact
    /// form; a die move that hits (moving other players' men) or a
    /// condition without one, said to hold, so played and judged.
    #[inline(never)]
    fn ends_fire_after_many<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        (from, to, hit): (u8, u8, u8),
        occ: [B; 2],
    ) -> bool {
        if hit != NONE {
            return true;
        }
        let view = self.view_after(st, masks, player, (from, to, hit), &occ);
        let holds = self.t.ends.iter().any(|e| {
            seat(&e.exact, player)
                .as_ref()
                .is_none_or(|exact| exact.holds_after(view))
        });
        #[cfg(debug_assertions)]
        if self.t.ends.iter().all(|e| seat(&e.exact, player).is_some()) {
            let mut after = st.clone();
            self.die_move(&mut after, player, from, to);
            let judged = self.dice_outcome(&after, &Masks::of(&after), player, &super::Change::ANY);
            assert_eq!(
                holds,
                judged.is_some_and(|(who, ..)| who == player),
                "end conditions judged without playing the die move {from}->{to} in {st:?}"
            );
        }
        holds
    }

    /// The position `st` (free men on the sites of `masks`) as the counts
    /// read it after the die move of `player` from `from` to `to` (its hit
    /// men sent to `hit`), not played: `occ` where each side then has free
    /// men.
    #[inline(always)]
    fn view_after<'a, B: Bits>(
        &self,
        st: &'a State,
        masks: &'a Masks<B>,
        player: usize,
        moved: (u8, u8, u8),
        occ: &'a [B; 2],
    ) -> View<'a, B> {
        View {
            st,
            masks,
            occ,
            shift: self.shift(st, player, moved),
        }
    }

    /// What the die move of `player` from `from` to `to`, not played,
    /// changes of the counts of men (see [`Shift`]); `hit` where the men
    /// it hits go, as [`Engine::die_move_preview`] says.
    #[inline(always)]
    fn shift(&self, st: &State, player: usize, (from, to, hit): (u8, u8, u8)) -> Shift {
        let mut shift = Shift {
            mover: player,
            from,
            to,
            ..Shift::NONE
        };
        let opp = player ^ 1;
        if self.t.pin_blots {
            // See `Engine::pin_move`: a lone opposing man where he lands is
            // pinned; the man pinned where he leaves is freed with his last
            // pinner.
            if men(st, to, opp) > 0 {
                shift.pinned = to;
                shift.lost = to;
            }
            if st.pinned & bit(from) != 0 && st.stack[from as usize] == 1 {
                shift.freed = from;
                shift.gained = from;
            }
            shift.n = 1;
        } else if hit != NONE {
            shift.gained = hit;
            shift.lost = to;
            shift.n = i64::from(others(st, to, player));
        }
        shift
    }

    /// Debug builds check that some end condition of `fired` holds after
    /// the die move of `player` from `from` to `to`, judged by the
    /// interpreter on the position with the die move played, exactly where
    /// [`Engine::ends_fire_after`] judged one to (`holds`).
    #[cfg(debug_assertions)]
    fn debug_check_ends_after(
        &self,
        st: &State,
        player: usize,
        (from, to): (u8, u8),
        fired: u64,
        holds: bool,
    ) {
        let t = &self.t;
        let mut after = st.clone();
        self.die_move(&mut after, player, from, to);
        let masks = Masks::of(&after);
        let ends = t.ends.len();
        let judged = (0..2).any(|who| {
            let vulnerable = self.vulnerable(&after, who ^ 1);
            t.ends.iter().enumerate().any(|(i, e)| {
                fired >> (who * ends + i) & 1 != 0
                    && self.holds(&after, &masks, &e.cond, who, (NONE, NONE, NONE), vulnerable)
            })
        });
        assert_eq!(
            holds, judged,
            "end conditions judged without playing the die move {from}->{to} in {st:?}"
        );
    }

    #[cfg(not(debug_assertions))]
    #[inline(always)]
    fn debug_check_ends_after(&self, _: &State, _: usize, _: (u8, u8), _: u64, _: bool) {}
}

#[cfg(test)]
mod tests {
    use super::{Count, One, Test, compare};
    use crate::ir::Compare;

    /// A test of one site's men read as a range holds for just the
    /// numbers of men the comparison holds for, whatever its operator,
    /// side (sign) and constant: the bundled games have only some. (With
    /// a count of points, the range is of the sum alike; the bundled
    /// games check it against the interpreter in debug builds.)
    #[test]
    fn one_site_tests_as_ranges_hold_as_compared() {
        let ops = [
            Compare::Ge,
            Compare::Gt,
            Compare::Le,
            Compare::Lt,
            Compare::Eq,
            Compare::Ne,
        ];
        for op in ops {
            for sign in [1, -1] {
                for constant in -20..=20 {
                    let test = Test {
                        counts: vec![(sign, Count::MenOn(1, 3, 1 << 3))].into(),
                        constant,
                        op,
                    };
                    let one = One::of(&test).expect("a test of one site's men");
                    for men in 0..=20 {
                        assert_eq!(
                            one.admits(sign * men),
                            compare(sign * men + constant, op),
                            "{sign} * {men} + {constant} {op:?} 0"
                        );
                    }
                }
            }
        }
        let two = Test {
            counts: vec![(1, Count::MenOn(1, 3, 1 << 3)), (1, Count::Men(1, 0b110))].into(),
            constant: 0,
            op: Compare::Ge,
        };
        assert!(One::of(&two).is_none(), "men on more than one site");
    }
}
