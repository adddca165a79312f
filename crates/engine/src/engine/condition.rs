//! Conditions over a position, for every game: one compiled form and one
//! evaluator. Region names are resolved to indices of per-player site
//! masks ([`Regions`]: the player's own regions, then the same names
//! again for his opponent's), and each comparison is folded into a sum of
//! counts plus a constant compared with zero. A condition is judged for
//! one player, and where a die move or a placement is being judged, with
//! its origin and landing site (`here`, `from in`): elsewhere those terms
//! read nothing (no site, no men there).
//!
//! What a condition reads of the position comes through [`Standing`]: the
//! dice search's masks (kept up to date die move by die move, where a site
//! holds a stack of men) or a grid game's own masks of its pieces (one a
//! site). The dice search analyses the same compiled form further (which
//! sites it reads, which changes can make it true: `dice/triggers.rs`,
//! `dice/judge.rs`, `dice/landing.rs`).

use super::State;
use super::bits::Bits;
use crate::engine::NONE;
use crate::ir::{self, Compare, MAX_PLAYERS, Whose};
use std::sync::Arc;

/// A condition with its region names resolved to indices of
/// [`Regions::masks`], and each comparison folded into `sum of terms +
/// constant` compared with zero.
#[derive(Clone, Debug)]
pub(in crate::engine) enum Cond {
    Or(Box<[Cond]>),
    And(Box<[Cond]>),
    Not(Box<Cond>),
    /// The judged player is this one.
    Player(usize),
    /// The landing site is in a region.
    HereIn(usize),
    /// The site the piece moves from is in a region.
    FromIn(usize),
    /// The piece that moves (or is placed) is of this kind as the move
    /// starts.
    Moving(u8),
    /// The die the judged die move plays, as it shows, less `value`,
    /// compared with zero (never where no die move is judged).
    Die {
        value: i64,
        op: Compare,
    },
    /// The landing site is in one of the opponent's runs of closed points
    /// longer than the game allows.
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
/// [`Regions::masks`] or, for `None`, the landing site.
#[derive(Clone, Copy, Debug)]
pub(in crate::engine) struct Pinned {
    pub opponent: bool,
    pub region: Option<usize>,
}

/// A count in a condition; `true` means the opponent's pieces. Regions are
/// indices into [`Regions::masks`], whose per-player list names the
/// player's own regions and then his opponent's, so the frame a term reads
/// (`opponent men in bar` the opponent's bar, `opponent men in own home`
/// the player's home) is folded into the index.
#[derive(Clone, Copy, Debug)]
pub(in crate::engine) enum Term {
    /// The men on the landing site.
    MenHere(bool),
    /// The men on the sites of a region.
    MenIn(bool, usize),
    /// The sites of a region holding the judged player's men.
    OwnPoints(usize),
    /// The sites of a region the judged player may land on: empty, an
    /// opposing blot, or in a vulnerable run.
    OpenPoints(usize),
    /// Every piece on the board (games without dice keep the count).
    Pieces(bool),
    /// The pieces in hand, of the game's first `kinds` kinds.
    InHand { opponent: bool, kinds: u8 },
    /// The pieces taken so far: each player's pieces at the start (on the
    /// board and in hand) less those on the board and in hand.
    Captured {
        opponent: bool,
        kinds: u8,
        start: [u16; 2],
    },
    /// The pieces of one kind on the board, or on the sites of a region
    /// (`usize::MAX`: every site).
    Kind {
        opponent: bool,
        kind: u8,
        region: usize,
    },
}

/// Every player's regions as site masks, indexed as conditions read them:
/// `masks[player]` holds his regions in the order of `names`, then his
/// opponent's of the same names.
#[derive(Clone, Debug, Default)]
pub(in crate::engine) struct Regions {
    pub names: Vec<String>,
    pub masks: Vec<Vec<u128>>,
}

impl Regions {
    /// The regions of a game: the names of the first player's regions,
    /// then any other player's names he has not.
    pub fn of(game: &ir::Game) -> Regions {
        let mut names: Vec<String> = Vec::new();
        for p in &game.players {
            for r in &p.regions {
                if !names.contains(&r.name) {
                    names.push(r.name.clone());
                }
            }
        }
        let mut own: Vec<Vec<u128>> = game
            .players
            .iter()
            .map(|p| {
                names
                    .iter()
                    .map(|n| {
                        p.regions
                            .iter()
                            .find(|r| r.name == *n)
                            .map_or(0, |r| r.sites.iter().fold(0, |m, &s| m | 1u128 << s))
                    })
                    .collect()
            })
            .collect();
        // The board's lines of each length a condition reads (`own line
        // of N`), a region each, the same for every player.
        for n in super::rules::line_lengths(game) {
            for (i, line) in crate::check::straight_lines(&game.board, n as usize)
                .iter()
                .enumerate()
            {
                names.push(line_name(n, i));
                let mask = line.iter().fold(0u128, |m, &s| m | 1u128 << s);
                for regions in &mut own {
                    regions.push(mask);
                }
            }
        }
        let masks = (0..own.len())
            .map(|p| {
                let mut both = own[p].clone();
                both.extend_from_slice(&own[(p + 1) % own.len()]);
                both
            })
            .collect();
        Regions { names, masks }
    }

    /// The index of region `name` in the frame `frame` (the judged player's
    /// own or his opponent's).
    pub(in crate::engine) fn index(&self, frame: &Whose, name: &str) -> usize {
        let own = self.names.iter().position(|n| n == name).unwrap_or(0);
        match frame {
            Whose::Own => own,
            Whose::Opponent => self.names.len() + own,
        }
    }
}

/// The name of the `i`th line of `n` sites among [`Regions::names`]: no
/// region of a file can be named so (a name has no space).
fn line_name(n: u32, i: usize) -> String {
    format!("line of {n} #{i}")
}

impl Cond {
    /// Compiles a checked condition of `game`, with `regions` the game's
    /// ([`Regions::of`]). With `pins` (a game that pins men), `men here`
    /// and `men in` count pinned men too; without, no man is ever pinned
    /// and the counts of pinned men are left out.
    pub fn compile(game: &ir::Game, regions: &Regions, c: &ir::Cond, pins: bool) -> Cond {
        let compile = |c: &ir::Cond| Cond::compile(game, regions, c, pins);
        match c {
            ir::Cond::Or(p) => Cond::Or(p.iter().map(compile).collect()),
            ir::Cond::And(p) => Cond::And(p.iter().map(compile).collect()),
            ir::Cond::Not(c) => Cond::Not(Box::new(compile(c))),
            ir::Cond::HereIn(w, r) => Cond::HereIn(regions.index(w, r)),
            ir::Cond::FromIn(w, r) => Cond::FromIn(regions.index(w, r)),
            ir::Cond::HereVulnerable => Cond::HereVulnerable,
            // N in a row: all N sites of one of the board's lines of N
            // hold the side's pieces, each line a region of its own
            // ([`Regions::of`] names them), so that no test is new.
            ir::Cond::LineOf(w, n) => {
                let lines = crate::check::straight_lines(&game.board, *n as usize);
                Cond::Or(
                    (0..lines.len())
                        .map(|i| Cond::Test {
                            terms: [(
                                1,
                                Term::MenIn(
                                    *w == Whose::Opponent,
                                    regions.index(&Whose::Own, &line_name(*n, i)),
                                ),
                            )]
                            .into(),
                            constant: -i64::from(*n),
                            op: Compare::Ge,
                        })
                        .collect(),
                )
            }
            // A chain is judged out of line, in end rules alone (the
            // checker), by `connect.rs`: here it never holds.
            ir::Cond::Connects(..) | ir::Cond::Connected(_) | ir::Cond::ExactLine(..) => {
                Cond::Or(Box::new([]))
            }
            // The checker refuses an unknown kind: it never holds.
            ir::Cond::Moving(name) => Cond::Moving(
                (game.kinds.iter())
                    .position(|k| k.name == *name)
                    .map_or(NONE, |k| k as u8),
            ),
            ir::Cond::Die(op, n) => Cond::Die {
                value: i64::from(*n),
                op: *op,
            },
            // The checker refuses an unknown player: it never holds.
            ir::Cond::Player(name) => Cond::Player(
                game.players
                    .iter()
                    .position(|p| p.name == *name)
                    .unwrap_or(usize::MAX),
            ),
            ir::Cond::Compare(a, op, b) => {
                let mut terms = Vec::new();
                let mut pinned = Vec::new();
                let mut constant = 0;
                let sides = a.iter().map(|t| (1, t)).chain(b.iter().map(|t| (-1, t)));
                for (sign, t) in sides {
                    let opponent = |w: &Whose| *w == Whose::Opponent;
                    let pin = |w: &Whose, region| {
                        (
                            sign,
                            Pinned {
                                opponent: opponent(w),
                                region,
                            },
                        )
                    };
                    match t {
                        ir::Term::Number(n) => constant += sign * i64::from(*n),
                        ir::Term::MenHere(w) => {
                            terms.push((sign, Term::MenHere(opponent(w))));
                            if pins {
                                pinned.push(pin(w, None));
                            }
                        }
                        ir::Term::MenIn(w, frame, r) => {
                            let region = regions.index(frame, r);
                            terms.push((sign, Term::MenIn(opponent(w), region)));
                            if pins {
                                pinned.push(pin(w, Some(region)));
                            }
                        }
                        ir::Term::PinnedIn(w, frame, r) => {
                            pinned.push(pin(w, Some(regions.index(frame, r))));
                        }
                        ir::Term::OwnPoints(frame, r) => {
                            terms.push((sign, Term::OwnPoints(regions.index(frame, r))))
                        }
                        // Seeds belong to nobody: a sowing game's standing
                        // counts every seed on the region's sites.
                        ir::Term::SeedsIn(frame, r) => {
                            terms.push((sign, Term::MenIn(false, regions.index(frame, r))))
                        }
                        ir::Term::OpenPoints(frame, r) => {
                            terms.push((sign, Term::OpenPoints(regions.index(frame, r))))
                        }
                        ir::Term::Pieces(w) => terms.push((sign, Term::Pieces(opponent(w)))),
                        ir::Term::InHand(w) => terms.push((
                            sign,
                            Term::InHand {
                                opponent: opponent(w),
                                kinds: game.kinds.len() as u8,
                            },
                        )),
                        ir::Term::Captured(w) => terms.push((
                            sign,
                            Term::Captured {
                                opponent: opponent(w),
                                kinds: game.kinds.len() as u8,
                                start: [0, 1]
                                    .map(|p| game.starting_pieces(p).min(u16::MAX.into()) as u16),
                            },
                        )),
                        // The checker refuses an unknown kind.
                        ir::Term::KindPieces(w, name, region) => {
                            if let Some(k) = game.kinds.iter().position(|k| k.name == *name) {
                                terms.push((
                                    sign,
                                    Term::Kind {
                                        opponent: opponent(w),
                                        kind: k as u8,
                                        region: region
                                            .as_ref()
                                            .map_or(usize::MAX, |(f, r)| regions.index(f, r)),
                                    },
                                ));
                            }
                        }
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

    /// Whether the condition looks at vulnerable runs.
    pub fn sees_runs(&self) -> bool {
        match self {
            Cond::Or(p) | Cond::And(p) => p.iter().any(Cond::sees_runs),
            Cond::Not(c) => c.sees_runs(),
            Cond::HereVulnerable => true,
            Cond::Test { terms, .. } | Cond::PinTest { terms, .. } => {
                terms.iter().any(|(_, t)| matches!(t, Term::OpenPoints(..)))
            }
            _ => false,
        }
    }

    /// Whether the condition reads the origin of the move (`from in`).
    pub fn sees_from(&self) -> bool {
        match self {
            Cond::Or(p) | Cond::And(p) => p.iter().any(Cond::sees_from),
            Cond::Not(c) => c.sees_from(),
            Cond::FromIn(_) => true,
            _ => false,
        }
    }

    /// Bounds on the pieces on the board of the judged player and of his
    /// opponent, above either of which the condition does not hold for
    /// him, read from its comparisons that count `own|opponent pieces`
    /// with other counts of the same sign (every count is at least 0, so
    /// `own pieces + own pieces in hand < 3` bounds his pieces by 2);
    /// `u32::MAX` where none bounds them. A cheap test that spares judging
    /// it in most positions.
    pub fn most_pieces(&self) -> [u32; 2] {
        // The most pieces of the judged player and of his opponent.
        fn sides(c: &Cond) -> [u32; 2] {
            match c {
                Cond::And(p) => p
                    .iter()
                    .map(sides)
                    .fold([u32::MAX; 2], |a, b| [a[0].min(b[0]), a[1].min(b[1])]),
                Cond::Or(p) => p
                    .iter()
                    .map(sides)
                    .fold([0; 2], |a, b| [a[0].max(b[0]), a[1].max(b[1])]),
                Cond::Test {
                    terms,
                    constant,
                    op,
                } => {
                    // `counts + constant <= 0` (or `=`, `<`), or
                    // `constant - counts >= 0` (or `=`, `>`), every count
                    // of one sign: each count is bounded alone.
                    let Some(&(sign, _)) = terms.first() else {
                        return [u32::MAX; 2];
                    };
                    if terms.iter().any(|&(s, _)| s != sign) {
                        return [u32::MAX; 2];
                    }
                    let most = match (sign, op) {
                        (1, Compare::Le | Compare::Eq) => -constant,
                        (1, Compare::Lt) => -constant - 1,
                        (-1, Compare::Ge | Compare::Eq) => *constant,
                        (-1, Compare::Gt) => constant - 1,
                        _ => return [u32::MAX; 2],
                    };
                    let most = most.clamp(0, i64::from(u32::MAX)) as u32;
                    let mut bound = [u32::MAX; 2];
                    for &(_, t) in terms.iter() {
                        if let Term::Pieces(opponent) = t {
                            bound[usize::from(opponent)] = most;
                        }
                    }
                    bound
                }
                _ => [u32::MAX; 2],
            }
        }
        sides(self)
    }
}

/// Where each side's pieces stand, as a condition reads them: the dice
/// search's masks, or a grid game's masks of its pieces ([`Pieces`]).
pub(in crate::engine) trait Standing<B: Bits> {
    /// The sites holding a free piece of `side`.
    fn occupied(&self, side: usize) -> B;
    /// The sites holding two free pieces of `side` or more.
    fn doubled(&self, side: usize) -> B;
    /// The free pieces of `side` on the sites of `mask`.
    fn pieces_in(&self, st: &State, side: usize, mask: B) -> i32;
    /// The free pieces of `side` on `site`.
    fn pieces_at(&self, st: &State, site: u8, side: usize) -> i32;
}

/// A grid game's pieces, one a site: the position's own masks.
pub(in crate::engine) struct Pieces<'a>(pub &'a [u128; MAX_PLAYERS]);

impl Standing<u128> for Pieces<'_> {
    #[inline(always)]
    fn occupied(&self, side: usize) -> u128 {
        self.0[side]
    }
    #[inline(always)]
    fn doubled(&self, _: usize) -> u128 {
        0
    }
    #[inline(always)]
    fn pieces_in(&self, _: &State, side: usize, mask: u128) -> i32 {
        (self.0[side] & mask).count_ones() as i32
    }
    #[inline(always)]
    fn pieces_at(&self, _: &State, site: u8, side: usize) -> i32 {
        (self.0[side] >> site) as i32 & 1
    }
}

/// A sowing game's seeds, a count a site and of no player: every count of
/// men reads them.
pub(in crate::engine) struct Seeds;

impl Standing<u128> for Seeds {
    fn occupied(&self, _: usize) -> u128 {
        0
    }
    fn doubled(&self, _: usize) -> u128 {
        0
    }
    fn pieces_in(&self, st: &State, _: usize, mut mask: u128) -> i32 {
        let mut n = 0;
        while mask != 0 {
            n += i32::from(st.stack[mask.trailing_zeros() as usize]);
            mask &= mask - 1;
        }
        n
    }
    fn pieces_at(&self, st: &State, site: u8, _: usize) -> i32 {
        i32::from(st.stack[usize::from(site)])
    }
}

/// What a condition is judged in: the position, where its pieces stand,
/// the judged player, the move's origin and landing site ([`NONE`] where
/// none is judged), the opponent's vulnerable sites and the game's
/// [`Regions::masks`].
pub(in crate::engine) struct Judged<'a, B: Bits, S: Standing<B>> {
    pub st: &'a State,
    pub standing: S,
    pub me: usize,
    pub from: u8,
    pub here: u8,
    /// The kind of the piece the judged move moves, [`NONE`] where none is
    /// judged.
    pub moving: u8,
    /// The die the judged die move plays, as it shows; [`NONE`] where
    /// none is judged.
    pub die: u8,
    pub vulnerable: B,
    pub regions: &'a [Vec<u128>],
}

impl<B: Bits, S: Standing<B>> Judged<'_, B, S> {
    /// Whether condition `c` holds.
    pub fn holds(&self, c: &Cond) -> bool {
        let (me, here) = (self.me, self.here);
        match c {
            Cond::Or(p) => p.iter().any(|c| self.holds(c)),
            Cond::And(p) => p.iter().all(|c| self.holds(c)),
            Cond::Not(c) => !self.holds(c),
            Cond::Player(p) => me == *p,
            Cond::HereIn(r) => here != NONE && self.regions[me][*r] >> here & 1 != 0,
            Cond::FromIn(r) => self.from != NONE && self.regions[me][*r] >> self.from & 1 != 0,
            Cond::Moving(k) => self.moving != NONE && self.moving == *k,
            Cond::Die { value, op } => {
                self.die != NONE && compare(i64::from(self.die) - value, *op)
            }
            Cond::HereVulnerable => {
                here != NONE && !(self.vulnerable & B::one(usize::from(here))).none()
            }
            Cond::HereCount {
                opponent,
                constant,
                op,
            } => {
                let men = if here == NONE {
                    0
                } else {
                    let side = me ^ usize::from(*opponent);
                    self.standing.pieces_at(self.st, here, side)
                };
                compare(i64::from(men) + constant, *op)
            }
            Cond::Test { op, .. } | Cond::PinTest { op, .. } => compare(self.sum(c), *op),
        }
    }

    /// The sum a comparison compares with zero (0 for a condition that is
    /// no comparison).
    #[inline(always)]
    pub fn sum(&self, c: &Cond) -> i64 {
        match c {
            Cond::Test {
                terms, constant, ..
            } => {
                let mut value = *constant;
                for &(sign, term) in terms.iter() {
                    value += sign * self.count(term);
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
                    value += sign * self.count(term);
                }
                for &(sign, p) in pinned.iter() {
                    let mask = match p.region {
                        Some(r) => B::of(self.regions[self.me][r]),
                        None if self.here != NONE => B::one(usize::from(self.here)),
                        None => B::ZERO,
                    };
                    let who = self.me ^ usize::from(p.opponent);
                    value += sign * i64::from(pinned_in(self.st, mask, who));
                }
                value
            }
            _ => 0,
        }
    }

    /// The value of a count.
    #[inline(always)]
    pub fn count(&self, term: Term) -> i64 {
        let (st, me) = (self.st, self.me);
        let side = |opponent: bool| me ^ usize::from(opponent);
        let region = |r: usize| B::of(self.regions[me][r]);
        let total = match term {
            Term::MenHere(opponent) => {
                if self.here != NONE {
                    self.standing.pieces_at(st, self.here, side(opponent))
                } else {
                    0
                }
            }
            Term::MenIn(opponent, r) => self.standing.pieces_in(st, side(opponent), region(r)),
            Term::OwnPoints(r) => (region(r) & self.standing.occupied(me)).count_ones() as i32,
            Term::OpenPoints(r) => {
                let s = &self.standing;
                let empty = !(s.occupied(0) | s.occupied(1));
                let blot = s.occupied(1 - me) & !s.doubled(1 - me) & !B::of(st.pinned);
                (region(r) & (empty | blot | self.vulnerable)).count_ones() as i32
            }
            Term::Pieces(opponent) => i32::from(st.counts[side(opponent)]),
            Term::InHand { opponent, kinds } => {
                let hand = &st.hand[side(opponent)][..usize::from(kinds)];
                hand.iter().map(|&n| i32::from(n)).sum()
            }
            Term::Captured {
                opponent,
                kinds,
                start,
            } => {
                let who = side(opponent);
                let hand = &st.hand[who][..usize::from(kinds)];
                let held: i32 = hand.iter().map(|&n| i32::from(n)).sum();
                i32::from(start[who]) - i32::from(st.counts[who]) - held
            }
            Term::Kind {
                opponent,
                kind,
                region: r,
            } => {
                let mut n = 0;
                let mut sites = self.standing.occupied(side(opponent));
                if r != usize::MAX {
                    sites &= region(r);
                }
                while !sites.none() {
                    let s = sites.trailing_zeros() as usize;
                    sites = sites.rest();
                    n += i32::from(st.cells[s] & 15 == kind);
                }
                n
            }
        };
        i64::from(total)
    }
}

/// The men of `who` pinned on the sites of `mask`: a pinned man belongs
/// to the player whose men do not stand there.
pub(in crate::engine) fn pinned_in<B: Bits>(st: &State, mask: B, who: usize) -> i32 {
    let mut pins = mask & B::of(st.pinned);
    let mut total = 0;
    while !pins.none() {
        let s = pins.trailing_zeros() as usize;
        total += i32::from((st.cells[s] >> 4) as usize != who);
        pins = pins.rest();
    }
    total
}

/// Whether `value OP 0`: a comparison folded into a sum compared with zero.
pub fn compare(value: i64, op: Compare) -> bool {
    match op {
        Compare::Ge => value >= 0,
        Compare::Le => value <= 0,
        Compare::Ne => value != 0,
        Compare::Gt => value > 0,
        Compare::Lt => value < 0,
        Compare::Eq => value == 0,
    }
}

/// A condition of a game without dice, judged of a position alone (no
/// move): the `when` of a piece's lines and actions, end conditions and
/// the `while` of counters. It shares the condition and the game's
/// regions with the rules core (`rules.rs`), which compiled them.
#[derive(Clone, Debug)]
pub(in crate::engine) struct Condition {
    cond: Arc<Cond>,
    regions: Arc<[Vec<u128>]>,
    /// [`Cond::most_pieces`]: where the judged player or his opponent has
    /// more pieces on the board, the condition does not hold.
    most: [u8; 2],
    /// The condition as [`Tally`] tests, where it is one.
    tally: Option<Box<[Tally]>>,
    /// The game's kinds (those a hand holds).
    kinds: u8,
}

/// One test of a condition that reads only the players' totals (pieces on
/// the board, in hand, captured) and who is judged: `coefficients ·
/// [own pieces, opponent pieces, own in hand, opponent in hand] +
/// constant` compared with zero, or the judged player is `player`. A
/// conjunction of these (most conditions of phases and ends) is judged
/// from four numbers, not by walking the compiled tree; what it gives is
/// what [`Judged::holds`] gives (a debug build checks).
#[derive(Clone, Copy, Debug)]
enum Tally {
    Linear {
        coefficients: [i64; 4],
        constant: i64,
        op: Compare,
    },
    Player(usize),
}

impl Tally {
    /// The tests whose conjunction is `c`, or `None` where `c` reads more
    /// than the totals or is no conjunction.
    fn of(c: &Cond, kinds: u8) -> Option<Vec<Tally>> {
        match c {
            Cond::And(p) => {
                let mut tests = Vec::new();
                for c in p.iter() {
                    tests.extend(Tally::of(c, kinds)?);
                }
                Some(tests)
            }
            Cond::Player(p) => Some(vec![Tally::Player(*p)]),
            Cond::Test {
                terms,
                constant,
                op,
            } => {
                let (mut coefficients, mut constant) = ([0i64; 4], *constant);
                for &(sign, term) in terms.iter() {
                    match term {
                        Term::Pieces(opponent) => coefficients[usize::from(opponent)] += sign,
                        Term::InHand { opponent, kinds: k } if k == kinds => {
                            coefficients[2 + usize::from(opponent)] += sign
                        }
                        // At the start less on the board and in hand: read
                        // for the judged player (`start` is per player, so
                        // only where both start alike).
                        Term::Captured {
                            opponent,
                            kinds: k,
                            start,
                        } if k == kinds && start[0] == start[1] => {
                            let o = usize::from(opponent);
                            coefficients[o] -= sign;
                            coefficients[2 + o] -= sign;
                            constant += sign * i64::from(start[0]);
                        }
                        _ => return None,
                    }
                }
                Some(vec![Tally::Linear {
                    coefficients,
                    constant,
                    op: *op,
                }])
            }
            _ => None,
        }
    }
}

impl Condition {
    /// The fast form of `cond`, a compiled rule condition of a game
    /// without dice whose regions are `regions` and kinds `kinds`.
    pub fn new(cond: &Arc<Cond>, regions: &Arc<[Vec<u128>]>, kinds: u8) -> Condition {
        Condition {
            most: cond.most_pieces().map(|m| m.min(255) as u8),
            tally: Tally::of(cond, kinds).map(Vec::into_boxed_slice),
            kinds,
            cond: Arc::clone(cond),
            regions: Arc::clone(regions),
        }
    }

    /// The condition itself, as the rules core compiled it.
    pub fn cond(&self) -> &Cond {
        &self.cond
    }

    /// Whether the condition reads only the players' totals and who is
    /// judged (its [`Tally`] form): the same totals, the same judgement.
    pub fn reads_totals_only(&self) -> bool {
        self.tally.is_some()
    }

    /// See [`Cond::most_pieces`].
    pub fn most_pieces(&self) -> [u32; 2] {
        self.cond.most_pieces()
    }

    /// The most pieces on the board of the judged player, and of his
    /// opponent, with which the condition may hold.
    pub fn most(&self) -> [u8; 2] {
        self.most
    }

    /// Whether the condition holds for player `me` in `st`.
    #[inline(always)]
    pub fn holds(&self, st: &State, me: usize) -> bool {
        self.holds_at(st, me, (NONE, NONE, NONE))
    }

    /// Whether the condition holds for player `me` in `st` for a move from
    /// `from` to `here` of a piece of kind `moving` ([`NONE`] where there
    /// is none).
    /// Where either player has more pieces on the board than the
    /// condition allows, it is known false at once, without a call.
    #[inline(always)]
    pub fn holds_at(&self, st: &State, me: usize, at: (u8, u8, u8)) -> bool {
        // `me ^ 1`: the opponent; in a game of more, whose conditions read
        // none, a slot the bound never refuses.
        if st.counts[me] > self.most[0] || st.counts[me ^ 1] > self.most[1] {
            return false;
        }
        self.holds_judged(st, me, at)
    }

    /// [`Condition::holds_at`] past its test of the pieces on the board.
    #[inline]
    fn holds_judged(&self, st: &State, me: usize, at: (u8, u8, u8)) -> bool {
        if let Some(tests) = &self.tally {
            let holds = Self::tallied(tests, st, self.kinds, me);
            debug_assert_eq!(holds, self.judged(st, me, at).holds(&self.cond));
            return holds;
        }
        self.judged(st, me, at).holds(&self.cond)
    }

    /// Whether the conjunction of `tests` holds for player `me` in `st`.
    #[inline]
    fn tallied(tests: &[Tally], st: &State, kinds: u8, me: usize) -> bool {
        let hand = |p: usize| -> i64 {
            match kinds {
                1 => i64::from(st.hand[p][0]),
                k => st.hand[p][..usize::from(k)]
                    .iter()
                    .map(|&n| i64::from(n))
                    .sum(),
            }
        };
        let [a, b] = [st.counts[me], st.counts[me ^ 1]].map(i64::from);
        let [c, d] = [hand(me), hand(me ^ 1)];
        for t in tests {
            match *t {
                Tally::Player(p) => {
                    if p != me {
                        return false;
                    }
                }
                Tally::Linear {
                    coefficients: [x, y, z, w],
                    constant,
                    op,
                } => {
                    if !compare(constant + x * a + y * b + z * c + w * d, op) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Whether the condition holds for player `me` in a sowing game's
    /// position, its counts of men read as the seeds on the sites.
    pub fn holds_sown(&self, st: &State, me: usize) -> bool {
        Judged {
            st,
            standing: Seeds,
            me,
            from: NONE,
            here: NONE,
            moving: NONE,
            die: NONE,
            vulnerable: 0u128,
            regions: &self.regions,
        }
        .holds(&self.cond)
    }

    /// The sum of a comparison (see [`Judged::sum`]) for player `me`.
    pub fn sum(&self, st: &State, me: usize) -> i64 {
        self.judged(st, me, (NONE, NONE, NONE)).sum(&self.cond)
    }

    #[inline(always)]
    fn judged<'a>(
        &'a self,
        st: &'a State,
        me: usize,
        (from, here, moving): (u8, u8, u8),
    ) -> Judged<'a, u128, Pieces<'a>> {
        Judged {
            st,
            standing: Pieces(&st.occupied),
            me,
            from,
            here,
            moving,
            // Games without dice move no piece by a die.
            die: NONE,
            vulnerable: 0u128,
            regions: &self.regions,
        }
    }
}
