//! Conditions of dice games compiled for play: region names resolved to
//! site masks, each comparison folded into a sum compared with zero, and
//! judged for one player (end, pass, landing and bearing-off rules).

use super::Change;
use super::bits::Bits;
use super::masks::Masks;
use super::men;
use crate::engine::{Engine, NONE, State, bit};
use crate::ir::{self, Compare, EndResult, Whose};

/// A condition with its region names resolved to indices of per-player
/// site masks, and each comparison folded into `sum of terms + constant`
/// compared with zero.
#[derive(Clone, Debug)]
pub(super) enum Cond {
    Or(Box<[Cond]>),
    And(Box<[Cond]>),
    Not(Box<Cond>),
    /// The landing site is in a region (an index of [`Tables::regions`],
    /// which names the player's regions and then his opponent's).
    HereIn(usize),
    /// The site the man lands from is in a region (indexed like `HereIn`).
    FromIn(usize),
    HereVulnerable,
    /// `men here + constant` compared with zero: the common landing test,
    /// kept apart from [`Cond::Test`] because it is judged so often (in a
    /// game that pins no man).
    HereCount {
        opponent: bool,
        constant: i64,
        op: Compare,
    },
    Test {
        terms: Box<[(i64, Term)]>,
        constant: i64,
        op: Compare,
    },
    /// A [`Cond::Test`] in a game that pins men, with the pinned men it
    /// counts: kept apart so that games without pinning do not pay for them.
    PinTest {
        terms: Box<[(i64, Term)]>,
        pinned: Box<[(i64, Pinned)]>,
        constant: i64,
        op: Compare,
    },
}

/// A count of pinned men in a condition: `pinned men in REGION`, and the
/// pinned men that `men in REGION` and `men here` count as well; `true`
/// means the opponent's men, and the region is an index of
/// [`Tables::regions`] or, for `None`, the landing site.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pinned {
    pub opponent: bool,
    pub region: Option<usize>,
}

/// A count in a condition; `true` means the opponent's men. Regions are
/// indices into [`Tables::regions`], whose per-player list names the
/// player's own regions and then his opponent's, so the frame a term reads
/// (`opponent men in bar` the opponent's bar, `opponent men in own home`
/// the player's home) is folded into the index.
#[derive(Clone, Copy, Debug)]
pub(super) enum Term {
    MenHere(bool),
    MenIn(bool, usize),
    OwnPoints(usize),
    OpenPoints(usize),
}

/// Whether a condition looks at vulnerable runs.
pub(super) fn sees_runs(c: &Cond) -> bool {
    match c {
        Cond::Or(p) | Cond::And(p) => p.iter().any(sees_runs),
        Cond::Not(c) => sees_runs(c),
        Cond::HereVulnerable => true,
        Cond::Test { terms, .. } | Cond::PinTest { terms, .. } => {
            terms.iter().any(|(_, t)| matches!(t, Term::OpenPoints(..)))
        }
        Cond::HereIn(_) | Cond::FromIn(_) | Cond::HereCount { .. } => false,
    }
}

/// Whether a condition reads the origin of the die move (`from in`).
pub(super) fn sees_from(c: &Cond) -> bool {
    match c {
        Cond::Or(p) | Cond::And(p) => p.iter().any(sees_from),
        Cond::Not(c) => sees_from(c),
        Cond::FromIn(_) => true,
        _ => false,
    }
}

/// The sites a condition reads when judged for player `me`, with
/// `regions` every player's region masks; every site where it depends on
/// vulnerable runs or a landing site.
pub(super) fn reads(c: &Cond, regions: &[Vec<u128>], me: usize, vulnerable: bool) -> u128 {
    match c {
        Cond::Or(p) | Cond::And(p) => p
            .iter()
            .fold(0, |m, c| m | reads(c, regions, me, vulnerable)),
        Cond::Not(c) => reads(c, regions, me, vulnerable),
        Cond::HereIn(_) | Cond::FromIn(_) | Cond::HereVulnerable | Cond::HereCount { .. } => {
            u128::MAX
        }
        Cond::Test { terms, .. } => reads_terms(terms, 0, regions, me, vulnerable),
        Cond::PinTest { terms, pinned, .. } => {
            let pins = pinned.iter().fold(0, |m, (_, p)| {
                m | p.region.map_or(u128::MAX, |r| regions[me][r])
            });
            reads_terms(terms, pins, regions, me, vulnerable)
        }
    }
}

/// `reads` for the terms of a comparison, added to `sites`.
fn reads_terms(
    terms: &[(i64, Term)],
    sites: u128,
    regions: &[Vec<u128>],
    me: usize,
    vulnerable: bool,
) -> u128 {
    terms.iter().fold(sites, |m, (_, t)| {
        m | match *t {
            Term::MenHere(_) => u128::MAX,
            Term::OpenPoints(_) if vulnerable => u128::MAX,
            Term::MenIn(_, r) | Term::OwnPoints(r) | Term::OpenPoints(r) => regions[me][r],
        }
    })
}

/// Compiles a condition; `names` are the regions of each player, in the
/// order of [`Tables::regions`] (his own, then the same names again for
/// his opponent's). With `pins` (a game that pins men), `men here` and
/// `men in` count pinned men too; without, no man is ever pinned and the
/// counts of pinned men are left out.
pub(super) fn compile(c: &ir::Cond, names: &[&str], pins: bool) -> Cond {
    let own = |r: &str| names.iter().position(|n| *n == r).unwrap_or(0);
    let framed = |w: &Whose, r: &str| match w {
        Whose::Own => own(r),
        Whose::Opponent => names.len() + own(r),
    };
    match c {
        ir::Cond::Or(p) => Cond::Or(p.iter().map(|c| compile(c, names, pins)).collect()),
        ir::Cond::And(p) => Cond::And(p.iter().map(|c| compile(c, names, pins)).collect()),
        ir::Cond::Not(c) => Cond::Not(Box::new(compile(c, names, pins))),
        ir::Cond::HereIn(w, r) => Cond::HereIn(framed(w, r)),
        ir::Cond::FromIn(w, r) => Cond::FromIn(framed(w, r)),
        ir::Cond::HereVulnerable => Cond::HereVulnerable,
        // Of games without dice: the checker refuses it here. Never holds.
        ir::Cond::Player(_) => Cond::Test {
            terms: Box::new([]),
            constant: 0,
            op: Compare::Gt,
        },
        ir::Cond::Compare(a, op, b) => {
            let mut terms = Vec::new();
            let mut pinned = Vec::new();
            let mut constant = 0;
            let sides = a.iter().map(|t| (1, t)).chain(b.iter().map(|t| (-1, t)));
            for (sign, t) in sides {
                let opponent = |w: &Whose| *w == Whose::Opponent;
                match t {
                    ir::Term::Number(n) => constant += sign * i64::from(*n),
                    ir::Term::MenHere(w) => {
                        terms.push((sign, Term::MenHere(opponent(w))));
                        let here = Pinned {
                            opponent: opponent(w),
                            region: None,
                        };
                        if pins {
                            pinned.push((sign, here));
                        }
                    }
                    ir::Term::MenIn(w, frame, r) => {
                        terms.push((sign, Term::MenIn(opponent(w), framed(frame, r))));
                        let region = Some(framed(frame, r));
                        if pins {
                            pinned.push((
                                sign,
                                Pinned {
                                    opponent: opponent(w),
                                    region,
                                },
                            ));
                        }
                    }
                    ir::Term::PinnedIn(w, frame, r) => {
                        let region = Some(framed(frame, r));
                        pinned.push((
                            sign,
                            Pinned {
                                opponent: opponent(w),
                                region,
                            },
                        ));
                    }
                    ir::Term::OwnPoints(frame, r) => {
                        terms.push((sign, Term::OwnPoints(framed(frame, r))))
                    }
                    ir::Term::OpenPoints(frame, r) => {
                        terms.push((sign, Term::OpenPoints(framed(frame, r))))
                    }
                    // Invariants only, and no hand or kinds in dice games:
                    // the checker refuses them elsewhere.
                    ir::Term::Pieces(_) | ir::Term::InHand(_) | ir::Term::KindPieces(..) => {}
                }
            }
            match terms.as_slice() {
                [(1, Term::MenHere(opponent))] if pinned.is_empty() => Cond::HereCount {
                    opponent: *opponent,
                    constant,
                    op: *op,
                },
                _ if !pins => Cond::Test {
                    terms: terms.into(),
                    constant,
                    op: *op,
                },
                _ => Cond::PinTest {
                    terms: terms.into(),
                    pinned: pinned.into(),
                    constant,
                    op: *op,
                },
            }
        }
    }
}

/// Whether a landing condition can be judged for every landing site at
/// once from the site masks (see `landing.rs`): built of `here in`,
/// `here vulnerable`, counts of men here that the masks tell (none, at
/// least one, at least two) and comparisons that do not read the landing
/// site, in a game that pins no man.
pub(super) fn maskable(c: &Cond) -> bool {
    match c {
        Cond::Or(p) | Cond::And(p) => p.iter().all(maskable),
        Cond::Not(c) => maskable(c),
        Cond::HereIn(_) | Cond::HereVulnerable => true,
        Cond::HereCount { constant, op, .. } => {
            // The masks tell none, at least one and at least two men.
            let k = -constant;
            match op {
                Compare::Ge | Compare::Lt => k <= 2,
                Compare::Gt | Compare::Le | Compare::Eq | Compare::Ne => k < 2,
            }
        }
        Cond::Test { terms, .. } => !terms.iter().any(|(_, t)| matches!(t, Term::MenHere(_))),
        Cond::FromIn(_) | Cond::PinTest { .. } => false,
    }
}

pub(super) use crate::engine::condition::compare;

/// The men of `who` pinned on the sites of `mask`: a pinned man belongs
/// to the player whose men do not stand there.
pub(super) fn pinned_in<B: Bits>(st: &State, mask: B, who: usize) -> i32 {
    let mut pins = mask & B::of(st.pinned);
    let mut total = 0;
    while !pins.none() {
        let s = pins.trailing_zeros() as usize;
        total += i32::from((st.cells[s] >> 4) as usize != who);
        pins = pins.rest();
    }
    total
}

/// The value of a count for player `me`, with `here` the landing site,
/// `masks` where the men stand and `regions` every player's region masks.
#[inline(always)]
pub(super) fn count<B: Bits>(
    st: &State,
    masks: &Masks<B>,
    term: Term,
    me: usize,
    here: u8,
    vulnerable: B,
    regions: &[Vec<u128>],
) -> i64 {
    let side = |opponent: bool| me ^ usize::from(opponent);
    let total = match term {
        Term::MenHere(opponent) => {
            if here != NONE {
                men(st, here, side(opponent))
            } else {
                0
            }
        }
        Term::MenIn(opponent, r) => masks.men_in(st, side(opponent), B::of(regions[me][r])),
        Term::OwnPoints(r) => (B::of(regions[me][r]) & masks.occ[me]).count_ones() as i32,
        Term::OpenPoints(r) => {
            let empty = !(masks.occ[0] | masks.occ[1]);
            let blot = masks.occ[1 - me] & !masks.two[1 - me] & !B::of(st.pinned);
            (B::of(regions[me][r]) & (empty | blot | vulnerable)).count_ones() as i32
        }
    };
    i64::from(total)
}

impl Engine {
    /// Sites of `player`'s runs of closed points longer than the game allows.
    #[inline]
    pub(super) fn vulnerable(&self, st: &State, player: usize) -> u128 {
        match self.tables().vulnerable_run {
            Some(limit) => self.runs_longer_than(st, player, limit),
            None => 0,
        }
    }

    fn runs_longer_than(&self, st: &State, player: usize, limit: u32) -> u128 {
        let (mut found, mut run, mut run_len) = (0u128, 0u128, 0);
        for &site in &self.tables().points[player] {
            if men(st, site, player) >= 2 {
                run |= bit(site);
                run_len += 1;
            } else {
                if run_len > limit {
                    found |= run;
                }
                run = 0;
                run_len = 0;
            }
        }
        if run_len > limit {
            found |= run;
        }
        found
    }

    /// Whether a condition holds for player `me`, with `(from, here)` the
    /// die move being judged ([`NONE`] where there is none).
    pub(super) fn holds<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        c: &Cond,
        me: usize,
        (from, here): (u8, u8),
        vulnerable: B,
    ) -> bool {
        let at = (from, here);
        match c {
            Cond::Or(p) => p
                .iter()
                .any(|c| self.holds(st, masks, c, me, at, vulnerable)),
            Cond::And(p) => p
                .iter()
                .all(|c| self.holds(st, masks, c, me, at, vulnerable)),
            Cond::Not(c) => !self.holds(st, masks, c, me, at, vulnerable),
            Cond::HereIn(r) => here != NONE && self.tables().regions[me][*r] & bit(here) != 0,
            Cond::FromIn(r) => from != NONE && self.tables().regions[me][*r] & bit(from) != 0,
            Cond::HereVulnerable => {
                here != NONE && !(vulnerable & B::one(usize::from(here))).none()
            }
            Cond::HereCount {
                opponent,
                constant,
                op,
            } => {
                let men = if here == NONE {
                    0
                } else {
                    men(st, here, me ^ usize::from(*opponent))
                };
                compare(i64::from(men) + constant, *op)
            }
            Cond::Test { op, .. } | Cond::PinTest { op, .. } => {
                compare(self.sum(st, masks, c, me, here, vulnerable), *op)
            }
        }
    }

    /// The sum a comparison compares with zero, for player `me` (0 for a
    /// condition that is no comparison).
    #[inline(always)]
    fn sum<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        c: &Cond,
        me: usize,
        here: u8,
        vulnerable: B,
    ) -> i64 {
        let regions = &self.tables().regions;
        match c {
            Cond::Test {
                terms, constant, ..
            } => {
                let mut value = *constant;
                for &(sign, term) in terms.iter() {
                    value += sign * count(st, masks, term, me, here, vulnerable, regions);
                }
                value
            }
            Cond::PinTest {
                terms,
                pinned,
                constant,
                ..
            } => {
                let mut value = *constant;
                for &(sign, term) in terms.iter() {
                    value += sign * count(st, masks, term, me, here, vulnerable, regions);
                }
                for &(sign, p) in pinned.iter() {
                    let mask = match p.region {
                        Some(r) => B::of(regions[me][r]),
                        None if here != NONE => B::one(usize::from(here)),
                        None => B::ZERO,
                    };
                    let who = me ^ usize::from(p.opponent);
                    value += sign * i64::from(pinned_in(st, mask, who));
                }
                value
            }
            _ => 0,
        }
    }

    /// The game's own judgement of a position for `player` (`evaluate:
    /// SUM`): the sum for him less the sum for his opponent, or `None`
    /// where the game gives none.
    pub fn evaluation(&self, st: &State, player: usize) -> Option<i64> {
        let c = self.tables.as_ref()?.evaluate.as_ref()?;
        let masks = Masks::of(st);
        let mine = self.sum(st, &masks, c, player, NONE, 0u128);
        let theirs = self.sum(st, &masks, c, 1 - player, NONE, 0u128);
        Some(mine - theirs)
    }

    /// The end rule that holds after a die move, judged for the player who
    /// moved and then for his opponent.
    ///
    /// Only conditions that `change` can have made true are judged: the
    /// others hold no more after the die move than before it.
    pub(in crate::engine) fn dice_outcome<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        mover: usize,
        change: &Change,
    ) -> Option<(usize, EndResult, u8)> {
        let t = self.tables();
        let fired = t.ends_fire.fired(change);
        if fired == 0 {
            return None;
        }
        let ends = t.ends.len();
        for who in [mover, 1 - mover] {
            // The end conditions to judge for him, in the game's order:
            // with more than `fired` tells apart, every one.
            let judged = if ends >= 32 {
                u64::MAX
            } else {
                fired >> (who * ends) & ((1 << ends) - 1)
            };
            let mut vulnerable = None;
            for (i, e) in t.ends.iter().enumerate() {
                if ends < 32 && judged >> i & 1 == 0 {
                    if judged >> i == 0 {
                        break;
                    }
                    continue;
                }
                if e.needs[who].met(who, &masks.occ, B::of(st.pinned))
                    && self.end_holds(st, masks, (i, who), &mut vulnerable)
                {
                    return Some((who, e.result, e.points));
                }
            }
        }
        None
    }

    /// Whether some end condition holds after a die move played, for
    /// either player: [`Engine::dice_outcome`] where only whether one holds
    /// matters, so judged in any order. The pairs of end condition and
    /// judged player whose needs the position meets are found first
    /// ([`super::triggers::Gates`]: usually none, no man borne off yet),
    /// and of those only the ones `change` sets off are judged.
    #[inline(always)]
    pub(super) fn ends_hold<B: Bits>(&self, st: &State, masks: &Masks<B>, change: &Change) -> bool {
        let t = self.tables();
        let live = t.ends_gates.live(&masks.occ, B::of(st.pinned));
        let holds = live != 0 && self.live_ends_hold(st, masks, change, live);
        debug_assert_eq!(
            holds,
            self.dice_outcome(st, masks, st.to_move as usize, change)
                .is_some(),
            "end conditions judged by their needs first as in order"
        );
        holds
    }

    /// [`Engine::ends_hold`] of the pairs `live`, whose needs are met.
    #[inline(never)]
    fn live_ends_hold<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        change: &Change,
        live: u64,
    ) -> bool {
        let t = self.tables();
        let ends = t.ends.len();
        let fired = t.ends_fire.fired(change);
        if ends >= 32 {
            return fired != 0 && self.dice_outcome(st, masks, 0, change).is_some();
        }
        let mut judged = fired & live;
        let mut vulnerable = [None; 2];
        while judged != 0 {
            let (e, who) = super::triggers::pair(judged.trailing_zeros() as usize, ends);
            judged &= judged - 1;
            if self.end_holds(st, masks, (e, who), &mut vulnerable[who]) {
                return true;
            }
        }
        false
    }

    /// The pairs of end condition and judged player of `fired`, those a die
    /// move sets off (see [`super::triggers::Fires`]), whose needs (see
    /// [`super::triggers::needs`]) are met by `occ` and `pinned`, the sites
    /// where each player has free men and where men lie pinned after it:
    /// where there are any, the die move must be judged
    /// ([`Engine::ends_fire_after`]). The needs are read as gates
    /// ([`super::triggers::Gates`]).
    #[inline(always)]
    pub(super) fn ends_may_fire<B: Bits>(&self, fired: u64, occ: &[B; 2], pinned: B) -> u64 {
        let may = fired & self.tables().ends_gates.live(occ, pinned);
        debug_assert_eq!(
            may != 0,
            self.ends_may_fire_one_by_one(fired, occ, pinned),
            "needs read as gates as one by one"
        );
        may
    }

    /// [`Engine::ends_may_fire`], each pair's needs tested in turn: what
    /// debug builds hold the gates to.
    fn ends_may_fire_one_by_one<B: Bits>(&self, fired: u64, occ: &[B; 2], pinned: B) -> bool {
        let t = self.tables();
        if fired == 0 {
            return false;
        }
        let ends = t.ends.len();
        if ends >= 32 {
            return true;
        }
        for who in 0..2 {
            let mut judged = fired >> (who * ends) & ((1 << ends) - 1);
            while judged != 0 {
                let e = &t.ends[judged.trailing_zeros() as usize];
                judged &= judged - 1;
                if e.needs[who].met(who, occ, pinned) {
                    return true;
                }
            }
        }
        false
    }

    /// The name of the game's pass rule that makes the player to move pass
    /// his turn, if one holds.
    pub fn pass_rule(&self, st: &State) -> Option<&str> {
        self.tables.as_ref()?;
        self.passes(st, &Masks::of(st))
    }

    /// [`Engine::pass_rule`], with `masks` the position's.
    pub(super) fn passes(&self, st: &State, masks: &Masks) -> Option<&str> {
        if self.tables().pass.is_empty() {
            return None;
        }
        self.pass_holds(st, masks)
    }

    /// [`Engine::passes`] of a game with pass rules: out of line, which
    /// keeps the root of the others' search small.
    #[inline(never)]
    fn pass_holds(&self, st: &State, masks: &Masks) -> Option<&str> {
        let t = self.tables();
        let player = st.to_move as usize;
        // A condition whose needs are not met does not hold (the usual
        // pass rule: no man on the bar), and is not judged.
        let mut vulnerable = None;
        let found = t.pass.iter().zip(&t.pass_needs).find(|((_, c), needs)| {
            needs[player].met(player, &masks.occ, st.pinned) && {
                let runs = *vulnerable.get_or_insert_with(|| self.vulnerable(st, 1 - player));
                self.holds(st, masks, c, player, (NONE, NONE), runs)
            }
        });
        debug_assert_eq!(
            found.map(|((name, _), _)| name),
            t.pass
                .iter()
                .find(|(_, c)| {
                    let runs = self.vulnerable(st, 1 - player);
                    self.holds(st, masks, c, player, (NONE, NONE), runs)
                })
                .map(|(name, _)| name),
            "pass rules judged by their needs first as in full"
        );
        found.map(|((name, _), _)| name.as_str())
    }
}
