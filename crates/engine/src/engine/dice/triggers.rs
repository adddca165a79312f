//! When an end condition can start to hold: the changes of a die move
//! that can make it true, so that after most die moves no end condition
//! is judged at all.
//!
//! An end condition never holds before a die move (the game would have
//! ended), so it need only be judged after one that can make it true: a
//! comparison `sum > 0` after one that can raise its sum, a `not` after one
//! that can make its part false, and so on. What can raise a sum follows
//! from its terms: `men in R` rises only where those men grow in number,
//! `points in R` only where the player comes to stand.

use super::{PINNED, RELEASED};
use crate::engine::NONE;
use crate::engine::bits::Bits;
use crate::engine::condition::{Cond, Pinned, Term};
use crate::ir::Compare;

/// Sites where the men of each player changed, indexed by player (in a
/// [`Change`]) or relative to the judged player (0: his own, 1: his
/// opponent's, in a [`Trigger`]).
#[derive(Clone, Copy, Debug, Default)]
pub(in crate::engine) struct Sites {
    /// His free men grew in number ...
    pub more: [u128; 2],
    /// ... fell in number ...
    pub fewer: [u128; 2],
    /// ... he came to stand where he had no free man ...
    pub came: [u128; 2],
    /// ... his last free man left.
    pub gone: [u128; 2],
}

impl Sites {
    /// Every change everywhere.
    pub const ANY: Sites = Sites {
        more: [u128::MAX; 2],
        fewer: [u128::MAX; 2],
        came: [u128::MAX; 2],
        gone: [u128::MAX; 2],
    };

    /// The same change at every site of `mask`, for both players.
    fn all_of(mask: u128) -> Sites {
        Sites {
            more: [mask; 2],
            fewer: [mask; 2],
            came: [mask; 2],
            gone: [mask; 2],
        }
    }

    fn union(self, o: Sites) -> Sites {
        let or = |a: [u128; 2], b: [u128; 2]| [a[0] | b[0], a[1] | b[1]];
        Sites {
            more: or(self.more, o.more),
            fewer: or(self.fewer, o.fewer),
            came: or(self.came, o.came),
            gone: or(self.gone, o.gone),
        }
    }
}

/// The changes, relative to the judged player, after which a condition
/// may have come to hold.
pub(super) type Trigger = Sites;

/// The kinds of change of one player's men on a site, as bits of a byte:
/// bit `4 * player + kind`.
pub(super) const MORE: u8 = 1;
pub(super) const FEWER: u8 = 2;
pub(super) const CAME: u8 = 4;
pub(super) const GONE: u8 = 8;

/// The most sites a die move changes: where the man left, where he
/// landed and where the men he hit went.
const MAX_CHANGED: usize = 3;

/// What a die move changed: per site, the kinds of change of each
/// player's men (see [`MORE`]); or every change everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::engine) struct Change {
    sites: [u8; MAX_CHANGED],
    kinds: [u8; MAX_CHANGED],
    len: u8,
    any: bool,
}

impl Change {
    /// Every change everywhere: a position judged afresh.
    pub const ANY: Change = Change {
        sites: [0; MAX_CHANGED],
        kinds: [0; MAX_CHANGED],
        len: 0,
        any: true,
    };

    pub const NONE: Change = Change {
        sites: [0; MAX_CHANGED],
        kinds: [0; MAX_CHANGED],
        len: 0,
        any: false,
    };

    /// Notes changes `kinds` of `player`'s men on `site`, a site not
    /// noted yet.
    #[inline(always)]
    pub fn push(&mut self, site: u8, player: usize, kinds: u8) {
        let i = self.len as usize;
        debug_assert!(
            self.sites[..i].iter().all(|&s| s != site),
            "a site noted twice"
        );
        self.sites[i] = site;
        self.kinds[i] = kinds << (4 * player);
        self.len += 1;
    }

    /// The union of `of` over the sites where the men of side `side`
    /// changed; every bit for [`Change::ANY`].
    pub fn touched(&self, side: usize, of: impl Fn(u8) -> u32) -> u32 {
        if self.any {
            return u32::MAX;
        }
        let len = usize::from(self.len);
        (self.sites[..len].iter().zip(&self.kinds[..len]))
            .filter(|&(_, &k)| k >> (4 * side) & 15 != 0)
            .fold(0, |all, (&site, _)| all | of(site))
    }

    /// Notes changes `kinds` of `player`'s men on `site`.
    #[inline(always)]
    pub fn add(&mut self, site: u8, player: usize, kinds: u8) {
        let kinds = kinds << (4 * player);
        for i in 0..self.len as usize {
            if self.sites[i] == site {
                self.kinds[i] |= kinds;
                return;
            }
        }
        let i = self.len as usize;
        self.sites[i] = site;
        self.kinds[i] = kinds;
        self.len += 1;
    }
}

/// The triggers of every end condition for both players as one table:
/// per site and kind of change (bit `4 * player + kind` of a [`Change`]),
/// the pairs of end condition and judged player it sets off, as bits
/// `who * ends + end` of a `u64`; kept per site and player for every
/// combination of that player's four kinds, so that a changed site costs
/// two lookups.
#[derive(Clone, Debug)]
pub(super) struct Fires {
    by_site: Box<[[[u64; 16]; 2]; 128]>,
    /// More pairs than a `u64` holds: every change sets every pair off.
    all: bool,
}

/// The end condition and the judged player of bit `pair` of a set of pairs
/// (bit `who * ends + end`, see [`Fires::fired`]), `ends` the number of
/// end conditions.
#[inline(always)]
pub(super) fn pair(pair: usize, ends: usize) -> (usize, usize) {
    if pair >= ends {
        (pair - ends, 1)
    } else {
        (pair, 0)
    }
}

/// The most end conditions whose triggers [`Fires`] tells apart.
const MAX_FIRED_ENDS: usize = 32;

impl Fires {
    /// The table of `rise`, per end condition the trigger of each judged
    /// player; `sites` the board's number of sites.
    pub fn new(rise: &[[Trigger; 2]], sites: usize) -> Fires {
        let ends = rise.len();
        // With more pairs than a `u64` holds, every change sets every
        // pair off: every entry holds them all, and no pair has a bit.
        let all = ends > MAX_FIRED_ENDS;
        let mut by_kind = vec![[0u64; 8]; 128];
        for (e, triggers) in rise.iter().enumerate().filter(|_| !all) {
            for (who, t) in triggers.iter().enumerate() {
                let pair = 1u64 << (who * ends + e);
                for (s, kinds) in by_kind.iter_mut().enumerate().take(sites) {
                    let b = 1u128 << s;
                    for rel in 0..2 {
                        let shift = 4 * (rel ^ who);
                        let classes = [t.more[rel], t.fewer[rel], t.came[rel], t.gone[rel]];
                        for (k, sites) in classes.into_iter().enumerate() {
                            if sites & b != 0 {
                                kinds[shift + k] |= pair;
                            }
                        }
                    }
                }
            }
        }
        let mut by_site = Box::new([[[if all { u64::MAX } else { 0 }; 16]; 2]; 128]);
        for (s, kinds) in by_kind.iter().enumerate().filter(|_| !all) {
            for (player, combos) in by_site[s].iter_mut().enumerate() {
                for (k, pairs) in combos.iter_mut().enumerate() {
                    *pairs = (0..4)
                        .filter(|b| k >> b & 1 != 0)
                        .fold(0, |p, b| p | kinds[4 * player + b]);
                }
            }
        }
        Fires { by_site, all }
    }

    /// The pairs of end condition and judged player that changes `kinds`
    /// (see [`MORE`]) of `player`'s men on `site` set off: what
    /// [`Fires::fired`] says of a [`Change`] noting only them.
    #[inline(always)]
    pub fn at(&self, site: u8, player: usize, kinds: u8) -> u64 {
        // Every entry is every pair where `all` holds.
        self.by_site[site as usize & 127][player & 1][kinds as usize & 15]
    }

    /// The pairs of end condition and judged player that `change` sets
    /// off (bit `who * ends + end`).
    #[inline(always)]
    pub fn fired(&self, change: &Change) -> u64 {
        if change.any || self.all {
            return u64::MAX;
        }
        let mut pairs = 0;
        for i in 0..change.len as usize {
            let [mine, theirs] = &self.by_site[change.sites[i] as usize & 127];
            let k = change.kinds[i] as usize;
            pairs |= mine[k & 15] | theirs[k >> 4];
        }
        pairs
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
        Cond::Player(_) | Cond::Moving(_) | Cond::Die { .. } => 0,
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
            Term::MenHere(_) | Term::Pieces(_) | Term::Kind { .. } | Term::Captured { .. } => {
                u128::MAX
            }
            // No die move changes a hand.
            Term::InHand { .. } => 0,
            Term::OpenPoints(_) if vulnerable => u128::MAX,
            Term::MenIn(_, r) | Term::OwnPoints(r) | Term::OpenPoints(r) => regions[me][r],
        }
    })
}

/// The changes after which condition `c`, judged for `me`, may have
/// become true (the first) and false (the second); `regions` are every
/// player's region masks, `vulnerable` whether the game counts vulnerable
/// runs.
pub(super) fn triggers(
    c: &Cond,
    regions: &[Vec<u128>],
    me: usize,
    vulnerable: bool,
) -> (Trigger, Trigger) {
    match c {
        Cond::Or(p) | Cond::And(p) => {
            // Either becomes true (false) only as a part does.
            p.iter()
                .map(|c| triggers(c, regions, me, vulnerable))
                .fold((Sites::default(), Sites::default()), |(r, f), (pr, pf)| {
                    (r.union(pr), f.union(pf))
                })
        }
        Cond::Not(c) => {
            let (rise, fall) = triggers(c, regions, me, vulnerable);
            (fall, rise)
        }
        Cond::Test { terms, op, .. } => {
            let (mut up, mut down) = (Sites::default(), Sites::default());
            for &(sign, term) in terms.iter() {
                let (t_up, t_down) = term_triggers(term, regions, me, vulnerable);
                let (t_up, t_down) = if sign > 0 {
                    (t_up, t_down)
                } else {
                    (t_down, t_up)
                };
                up = up.union(t_up);
                down = down.union(t_down);
            }
            match op {
                Compare::Gt | Compare::Ge => (up, down),
                Compare::Lt | Compare::Le => (down, up),
                Compare::Eq | Compare::Ne => {
                    let either = up.union(down);
                    (either, either)
                }
            }
        }
        // Pinned men and the landing site: any change where it reads.
        _ => {
            let sites = Sites::all_of(reads(c, regions, me, vulnerable));
            (sites, sites)
        }
    }
}

/// The changes that can raise and lower a count.
fn term_triggers(
    term: Term,
    regions: &[Vec<u128>],
    me: usize,
    vulnerable: bool,
) -> (Trigger, Trigger) {
    let (mut up, mut down) = (Sites::default(), Sites::default());
    match term {
        Term::MenIn(opponent, r) => {
            let who = usize::from(opponent);
            up.more[who] = regions[me][r];
            down.fewer[who] = regions[me][r];
        }
        Term::OwnPoints(r) => {
            up.came[0] = regions[me][r];
            down.gone[0] = regions[me][r];
        }
        Term::OpenPoints(r) => {
            // Open or not by either player's men (and, with vulnerable
            // runs, by men anywhere).
            let sites = if vulnerable {
                u128::MAX
            } else {
                regions[me][r]
            };
            up = Sites::all_of(sites);
            down = up;
        }
        Term::MenHere(_) | Term::Pieces(_) | Term::Kind { .. } | Term::Captured { .. } => {
            up = Sites::ANY;
            down = Sites::ANY;
        }
        // No die move changes a hand.
        Term::InHand { .. } => {}
    }
    (up, down)
}

/// The player of a need (see [`needs`]) that asks for a pinned man,
/// whoever's, rather than a free man.
pub(super) const PINNED_MAN: usize = 2;

/// What the terms of `sum OP 0`, with `constant` part of the sum, must at
/// least add up to for it to hold; `None` where no lower bound holds.
fn need(op: Compare, constant: i64) -> Option<i64> {
    match op {
        Compare::Gt => Some(1 - constant),
        Compare::Ge | Compare::Eq => Some(-constant),
        _ => None,
    }
}

/// Sites where a condition judged for `me` needs some free man: each
/// `(player, sites)`, the player relative to `me` (0: his own men, 1: his
/// opponent's; [`PINNED_MAN`]: a pinned man of either), names sites of
/// which at least one must hold such a man for the condition to hold. A
/// cheap test that spares judging it: `men in bar + points in
/// first-quarter > 6`, with six points in the quarter, needs a man on the
/// bar; `pinned men in start = 1` a pinned man on the start.
pub(super) fn needs(c: &Cond, regions: &[Vec<u128>], me: usize) -> Vec<(usize, u128)> {
    match c {
        Cond::And(p) => p.iter().flat_map(|c| needs(c, regions, me)).collect(),
        Cond::PinTest {
            terms,
            pinned,
            constant,
            op,
        } => {
            let Some(need) = need(*op, *constant) else {
                return Vec::new();
            };
            // The most the free men's terms can add (`None`: no bound) ...
            let terms: Option<i64> = terms
                .iter()
                .map(|&(sign, term)| most(sign, term, regions, me))
                .sum();
            let Some(terms) = terms else {
                return Vec::new();
            };
            // ... and each count of pinned men: one a site at most.
            let most_pinned = |&(sign, p): &(i64, Pinned)| -> i64 {
                if sign <= 0 {
                    return 0;
                }
                sign * p
                    .region
                    .map_or(1, |r| i64::from(regions[me][r].count_ones()))
            };
            let mut found = Vec::new();
            for (i, &(sign, p)) in pinned.iter().enumerate() {
                let rest: i64 = terms
                    + pinned
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != i)
                        .map(|(_, p)| most_pinned(p))
                        .sum::<i64>();
                if let (true, Some(r)) = (sign > 0 && need - rest > 0, p.region) {
                    found.push((PINNED_MAN, regions[me][r]));
                }
            }
            found
        }
        Cond::Test {
            terms,
            constant,
            op,
        } => {
            let Some(need) = need(*op, *constant) else {
                return Vec::new();
            };
            let mut found = Vec::new();
            for (i, &(sign, term)) in terms.iter().enumerate() {
                let rest: Option<i64> = terms
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &(sign, term))| most(sign, term, regions, me))
                    .sum();
                let Some(rest) = rest else { continue };
                if sign <= 0 || need - rest <= 0 {
                    continue;
                }
                match term {
                    Term::MenIn(opponent, r) => found.push((usize::from(opponent), regions[me][r])),
                    Term::OwnPoints(r) => found.push((0, regions[me][r])),
                    Term::OpenPoints(_)
                    | Term::MenHere(_)
                    | Term::Pieces(_)
                    | Term::InHand { .. }
                    | Term::Kind { .. }
                    | Term::Captured { .. } => {}
                }
            }
            found
        }
        _ => Vec::new(),
    }
}

/// The most a term of a comparison judged for `me` can add to its sum
/// (`None`: no bound known).
fn most(sign: i64, term: Term, regions: &[Vec<u128>], me: usize) -> Option<i64> {
    if sign <= 0 {
        return Some(0);
    }
    match term {
        Term::OwnPoints(r) | Term::OpenPoints(r) => {
            Some(sign * i64::from(regions[me][r].count_ones()))
        }
        Term::MenIn(..)
        | Term::MenHere(_)
        | Term::Pieces(_)
        | Term::InHand { .. }
        | Term::Kind { .. }
        | Term::Captured { .. } => None,
    }
}

/// The needs of a condition (see [`needs`]) split for judging: those on
/// free men, and the sites of those on pinned men.
#[derive(Clone, Debug, Default)]
pub(super) struct Needs {
    men: Vec<(usize, u128)>,
    pinned: Vec<u128>,
}

impl Needs {
    pub fn new(needs: Vec<(usize, u128)>) -> Needs {
        let (pinned, men): (Vec<_>, Vec<_>) =
            needs.into_iter().partition(|&(rel, _)| rel == PINNED_MAN);
        Needs {
            men,
            pinned: pinned.into_iter().map(|(_, sites)| sites).collect(),
        }
    }

    /// Whether they are met for `who`, with `occ` the sites where each
    /// player has free men and `pinned` the sites where a man lies pinned.
    #[inline(always)]
    pub fn met<B: Bits>(&self, who: usize, occ: &[B; 2], pinned: B) -> bool {
        self.men
            .iter()
            .all(|&(rel, sites)| !(occ[super::masks::side(who) ^ rel] & B::of(sites)).none())
            && self
                .pinned
                .iter()
                .all(|&sites| !(pinned & B::of(sites)).none())
    }
}

/// The needs of every end condition (see [`needs`]) as site tables, for
/// finding which pairs of end condition and judged player (bit `who *
/// ends + end`, as [`Fires`] numbers them) may hold in a position at all,
/// whatever a die move set off: per player (and for pinned men), the
/// sites some need names, and per such site the pairs one of whose needs
/// a man there meets. A position where no man stands on those sites (the
/// usual one: no man borne off yet) costs a test per player; a pair with
/// more than one need is then tested need by need.
#[derive(Clone, Debug)]
pub(super) struct Gates {
    /// Per player (absolute), then for pinned men: the sites needs name ...
    sites: [u128; 3],
    /// ... and per site, the pairs a man there meets a need of.
    at: Box<[[u64; 128]; 3]>,
    /// The pairs that need no man.
    free: u64,
    /// The pairs with more than one need, each with its judged player
    /// and needs.
    multi: Box<[(u64, usize, Needs)]>,
    /// Their pairs.
    multi_pairs: u64,
    /// More pairs than a `u64` holds: every pair may hold.
    every: bool,
}

impl Gates {
    /// The gates of `needs`, per end condition the needs of each judged
    /// player.
    pub fn new(needs: &[[&Needs; 2]]) -> Gates {
        let ends = needs.len();
        let mut gates = Gates {
            sites: [0; 3],
            at: Box::new([[0; 128]; 3]),
            free: 0,
            multi: Box::default(),
            multi_pairs: 0,
            every: ends >= MAX_FIRED_ENDS,
        };
        if gates.every {
            return gates;
        }
        let mut multi = Vec::new();
        for (e, both) in needs.iter().enumerate() {
            for (who, n) in both.iter().enumerate() {
                let pair = 1u64 << (who * ends + e);
                let clauses = n
                    .men
                    .iter()
                    .map(|&(rel, sites)| (who ^ rel, sites))
                    .chain(n.pinned.iter().map(|&sites| (2, sites)));
                let mut count = 0;
                for (kind, sites) in clauses {
                    count += 1;
                    gates.sites[kind] |= sites;
                    for (s, pairs) in gates.at[kind].iter_mut().enumerate() {
                        if sites >> s & 1 != 0 {
                            *pairs |= pair;
                        }
                    }
                }
                match count {
                    0 => gates.free |= pair,
                    1 => {}
                    _ => {
                        multi.push((pair, who, (*n).clone()));
                        gates.multi_pairs |= pair;
                    }
                }
            }
        }
        gates.multi = multi.into();
        gates
    }

    /// The pairs whose needs are met where each player has free men on
    /// the sites of `occ` and men lie pinned on `pinned`: every pair
    /// (`u64::MAX`) where there are too many to tell apart.
    #[inline(always)]
    pub fn live<B: Bits>(&self, occ: &[B; 2], pinned: B) -> u64 {
        if self.every {
            return u64::MAX;
        }
        let on = [
            occ[0] & B::of(self.sites[0]),
            occ[1] & B::of(self.sites[1]),
            pinned & B::of(self.sites[2]),
        ];
        // The usual position: no man where a need looks.
        if (on[0] | on[1] | on[2]).none() {
            return self.free;
        }
        let mut live = self.free;
        for (kind, mut on) in on.into_iter().enumerate() {
            while !on.none() {
                live |= self.at[kind][on.trailing_zeros() as usize & 127];
                on = on.rest();
            }
        }
        if live & self.multi_pairs != 0 {
            live &= !self.unmet(occ, pinned, live);
        }
        live
    }

    /// Of the pairs of `live` with more than one need, those some need of
    /// which is not met.
    #[inline(never)]
    fn unmet<B: Bits>(&self, occ: &[B; 2], pinned: B, live: u64) -> u64 {
        self.multi
            .iter()
            .filter(|(pair, who, needs)| live & pair != 0 && !needs.met(*who, occ, pinned))
            .fold(0, |unmet, (pair, ..)| unmet | pair)
    }
}

/// The counts of a comparison: of free men and of pinned men.
type Counts<'a> = (&'a [(i64, Term)], &'a [(i64, Pinned)]);

/// What one man adds to a comparison's sum: per absolute player and site,
/// a free man (first) and a pinned man (second).
#[derive(Clone, Debug)]
struct Weights {
    free: [[i32; 128]; 2],
    pinned: [[i32; 128]; 2],
}

/// A condition whose comparisons count men alone (`men in`, `pinned men
/// in`), judged for one player: a die move changes a sum only by the men
/// it moved, pinned or freed, so whether it left every sum as it was (and
/// the condition as it held) follows from the sites it touched.
#[derive(Clone, Debug)]
pub(super) struct Linear {
    tests: Vec<Weights>,
}

impl Linear {
    /// The weights of `c` judged for `me`, if it counts men alone.
    pub fn new(c: &Cond, regions: &[Vec<u128>], me: usize) -> Option<Linear> {
        let mut linear = Linear { tests: Vec::new() };
        linear.add(c, regions, me).then_some(linear)
    }

    fn add(&mut self, c: &Cond, regions: &[Vec<u128>], me: usize) -> bool {
        let sites = |r: usize| (0..128).filter(move |&s| regions[me][r] >> s & 1 != 0);
        let mut w = Weights {
            free: [[0; 128]; 2],
            pinned: [[0; 128]; 2],
        };
        let (terms, pinned): Counts = match c {
            Cond::Or(p) | Cond::And(p) => return p.iter().all(|c| self.add(c, regions, me)),
            Cond::Not(c) => return self.add(c, regions, me),
            Cond::Test { terms, .. } => (terms, &[]),
            Cond::PinTest { terms, pinned, .. } => (terms, pinned),
            _ => return false,
        };
        for &(sign, term) in terms {
            let Term::MenIn(opponent, r) = term else {
                return false;
            };
            for s in sites(r) {
                w.free[me ^ usize::from(opponent)][s] += sign as i32;
            }
        }
        for &(sign, p) in pinned {
            let Some(r) = p.region else { return false };
            for s in sites(r) {
                w.pinned[me ^ usize::from(p.opponent)][s] += sign as i32;
            }
        }
        self.tests.push(w);
        true
    }

    /// Whether a die move of `mover` from `from` to `to` left every sum
    /// as it was, with `hit` and `victims` what [`super::Engine::die_move`]
    /// returned (in a game that pins, `pins`, the flags of what it did).
    #[inline]
    pub fn unchanged(
        &self,
        mover: usize,
        (from, to, hit, victims): (u8, u8, u8, u8),
        pins: bool,
    ) -> bool {
        let (f, t, h) = (from as usize & 127, to as usize & 127, hit as usize & 127);
        let opp = mover ^ 1;
        if !pins && victims > 0 && hit == NONE {
            return false;
        }
        self.tests.iter().all(|w| {
            let mut change = w.free[mover][t] - w.free[mover][f];
            if pins {
                // The man pinned where he landed, and the man freed where
                // he left, stay where they are.
                if victims & PINNED != 0 {
                    change += w.pinned[opp][t] - w.free[opp][t];
                }
                if victims & RELEASED != 0 {
                    change += w.free[opp][f] - w.pinned[opp][f];
                }
            } else if victims > 0 {
                change += i32::from(victims) * (w.free[opp][h] - w.free[opp][t]);
            }
            change == 0
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{FEWER, Fires, GONE, Gates, MAX_FIRED_ENDS, MORE, Needs, PINNED_MAN, Sites};

    /// Gates built from needs of every shape (none, one site, a region,
    /// several on one pair, the same sites twice, pinned men, both
    /// players') say of random positions what testing each pair's needs
    /// in turn says: the shapes the bundled games do not all have.
    #[test]
    fn gates_agree_with_needs_tested_one_by_one() {
        let region = 0b1111_1100_0000u128 | 1 << 100;
        let shapes: Vec<Vec<(usize, u128)>> = vec![
            vec![],
            vec![(0, 1 << 25)],
            vec![(1, 1 << 26)],
            vec![(0, region)],
            vec![(0, 1 << 25), (1, 1 << 26)],
            vec![(0, 1 << 25), (0, 1 << 25)],
            vec![(PINNED_MAN, 1 << 3)],
            vec![(PINNED_MAN, 1 << 3), (PINNED_MAN, 1 << 90), (1, region)],
            vec![(0, 1 << 3 | 1 << 70), (PINNED_MAN, 1 << 4)],
        ];
        let ends: Vec<[Needs; 2]> = shapes
            .chunks(2)
            .map(|c| {
                let first = Needs::new(c[0].clone());
                let second = Needs::new(c.get(1).cloned().unwrap_or_default());
                [first, second]
            })
            .chain(
                shapes
                    .iter()
                    .map(|s| [Needs::new(s.clone()), Needs::new(s.clone())]),
            )
            .collect();
        let refs: Vec<[&Needs; 2]> = ends.iter().map(|[a, b]| [a, b]).collect();
        let gates = Gates::new(&refs);
        let n = ends.len();
        let mut x = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..4000 {
            // Sparse masks, so that needs are met and unmet alike.
            let mut mask = || {
                let bits = [next(), next(), next()];
                let sparse = u128::from(bits[0] & bits[1] & bits[2]);
                sparse | u128::from(next() & next() & next()) << 64
            };
            let mut occ = [mask(), mask()];
            let mut pinned = mask();
            if round % 3 == 0 {
                // Every need site in play some of the time.
                occ[round % 2] |= 1 << 25 | 1 << 26 | 1 << 3;
                pinned |= 1 << 3 | 1 << 4;
            }
            let mut plain = 0u64;
            for (e, both) in ends.iter().enumerate() {
                for (who, needs) in both.iter().enumerate() {
                    if needs.met(who, &occ, pinned) {
                        plain |= 1 << (who * n + e);
                    }
                }
            }
            assert_eq!(
                gates.live(&occ, pinned),
                plain,
                "occ {occ:x?}, pinned {pinned:x}"
            );
        }
    }

    /// More end conditions than the pairs' bits hold: every change sets
    /// every pair off, even where no trigger names its site; with as many
    /// as they hold, only the changes a trigger names do.
    #[test]
    fn fires_of_too_many_ends_set_every_pair_off() {
        let one = Sites {
            more: [1 << 3, 0],
            ..Sites::default()
        };
        let many = Fires::new(&vec![[one, Sites::default()]; MAX_FIRED_ENDS + 1], 24);
        assert_eq!(many.at(7, 0, MORE), u64::MAX);
        assert_eq!(many.at(3, 1, FEWER | GONE), u64::MAX);
        let fits = Fires::new(&vec![[one, Sites::default()]; MAX_FIRED_ENDS], 24);
        assert_eq!(fits.at(7, 0, MORE), 0);
        assert_eq!(fits.at(3, 0, MORE), (1u64 << MAX_FIRED_ENDS) - 1);
    }

    /// More end conditions than the pairs' bits hold: every pair may hold.
    #[test]
    fn gates_of_too_many_ends_pass_every_pair() {
        let needs = Needs::new(vec![(0, 1 << 25)]);
        let refs: Vec<[&Needs; 2]> = (0..40).map(|_| [&needs, &needs]).collect();
        let gates = Gates::new(&refs);
        assert_eq!(gates.live(&[0u128, 0], 0), u64::MAX);
    }
}
