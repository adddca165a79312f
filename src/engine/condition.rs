//! Conditions over a position, compiled once and judged for one player:
//! the `when` of a piece's lines and actions (phases), and the end
//! conditions of games without dice. Region names are resolved to site
//! masks per judged player, and each comparison is folded into a sum of
//! counts plus a constant compared with zero. Dice games judge their
//! conditions by the search's own compiled forms (`dice/conditions.rs`),
//! which read the landing site and the men a die move moves.

use super::State;
use crate::ir::{self, Compare, Whose};

/// A condition of a position, judged for one player.
#[derive(Clone, Debug)]
pub(crate) enum Condition {
    Or(Box<[Condition]>),
    And(Box<[Condition]>),
    Not(Box<Condition>),
    /// The judged player is this one.
    Player(usize),
    /// Reads a landing site or a die move, which a position has not: it
    /// never holds (the checker allows such terms only where they apply).
    Never,
    /// `sum of terms + constant` compared with zero.
    Test {
        terms: Box<[(i64, Count)]>,
        constant: i64,
        op: Compare,
    },
}

/// A count in a condition; `opponent` means the judged player's opponent.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Count {
    /// Pieces of one side on the sites of a region, per judged player.
    On { opponent: bool, sites: [u128; 2] },
    /// Every piece of one side on the board.
    Pieces { opponent: bool },
    /// The pieces of one side in his hand, of the game's `kinds` kinds.
    InHand { opponent: bool, kinds: u8 },
    /// The pieces of one kind of one side on the board (a scan of his
    /// sites).
    Kind { opponent: bool, kind: u8 },
}

/// The sites of the region `name` of `player`, as a mask.
fn region_mask(game: &ir::Game, player: usize, name: &str) -> u128 {
    game.players[player]
        .regions
        .iter()
        .find(|r| r.name == name)
        .map_or(0, |r| r.sites.iter().fold(0, |m, &s| m | 1u128 << s))
}

impl Condition {
    /// Compiles a checked condition of a game without dice.
    pub(crate) fn compile(game: &ir::Game, c: &ir::Cond) -> Condition {
        let side = |me: usize, w: &Whose| match w {
            Whose::Own => me,
            Whose::Opponent => 1 - me,
        };
        match c {
            ir::Cond::Or(p) => Condition::Or(p.iter().map(|c| Self::compile(game, c)).collect()),
            ir::Cond::And(p) => Condition::And(p.iter().map(|c| Self::compile(game, c)).collect()),
            ir::Cond::Not(c) => Condition::Not(Box::new(Self::compile(game, c))),
            ir::Cond::HereIn(..) | ir::Cond::FromIn(..) | ir::Cond::HereVulnerable => {
                Condition::Never
            }
            ir::Cond::Player(name) => match game.players.iter().position(|p| p.name == *name) {
                Some(p) => Condition::Player(p),
                None => Condition::Never,
            },
            ir::Cond::Compare(a, op, b) => {
                let mut terms = Vec::new();
                let mut constant = 0;
                let sides = a.iter().map(|t| (1, t)).chain(b.iter().map(|t| (-1, t)));
                for (sign, t) in sides {
                    let opponent = |w: &Whose| *w == Whose::Opponent;
                    let count = match t {
                        ir::Term::Number(n) => {
                            constant += sign * i64::from(*n);
                            continue;
                        }
                        ir::Term::MenIn(w, frame, r) => Count::On {
                            opponent: opponent(w),
                            sites: [0, 1].map(|me| region_mask(game, side(me, frame), r)),
                        },
                        // In a game without dice a site holds one piece:
                        // the points a player holds are his pieces there.
                        ir::Term::OwnPoints(frame, r) => Count::On {
                            opponent: false,
                            sites: [0, 1].map(|me| region_mask(game, side(me, frame), r)),
                        },
                        ir::Term::Pieces(w) => Count::Pieces {
                            opponent: opponent(w),
                        },
                        ir::Term::InHand(w) => Count::InHand {
                            opponent: opponent(w),
                            kinds: game.kinds.len() as u8,
                        },
                        ir::Term::KindPieces(w, name) => {
                            match game.kinds.iter().position(|k| k.name == *name) {
                                Some(k) => Count::Kind {
                                    opponent: opponent(w),
                                    kind: k as u8,
                                },
                                // The checker refuses an unknown kind.
                                None => continue,
                            }
                        }
                        // Landing sites, pins and open points are of dice
                        // games: the checker refuses them here.
                        ir::Term::MenHere(_)
                        | ir::Term::PinnedIn(..)
                        | ir::Term::OpenPoints(..) => {
                            continue;
                        }
                    };
                    terms.push((sign, count));
                }
                Condition::Test {
                    terms: terms.into(),
                    constant,
                    op: *op,
                }
            }
        }
    }

    /// Bounds on the pieces on the board of the judged player and of his
    /// opponent, above either of which the condition does not hold for
    /// him, read from its comparisons of `own|opponent pieces` with a
    /// number; `u32::MAX` where none bounds them. A cheap test that spares
    /// judging it in most positions.
    pub(crate) fn most_pieces(&self) -> [u32; 2] {
        // The most pieces of the judged player and of his opponent.
        fn sides(c: &Condition) -> [u32; 2] {
            match c {
                Condition::And(p) => p
                    .iter()
                    .map(sides)
                    .fold([u32::MAX; 2], |a, b| [a[0].min(b[0]), a[1].min(b[1])]),
                Condition::Or(p) => p
                    .iter()
                    .map(sides)
                    .fold([0; 2], |a, b| [a[0].max(b[0]), a[1].max(b[1])]),
                Condition::Test {
                    terms,
                    constant,
                    op,
                } => match (&terms[..], op) {
                    // `n pieces + constant <= 0` (or `=`, `<`), or
                    // `constant - n pieces >= 0` (or `=`, `>`).
                    (&[(sign, Count::Pieces { opponent })], op) => {
                        let most = match (sign, op) {
                            (1, Compare::Le | Compare::Eq) => -constant,
                            (1, Compare::Lt) => -constant - 1,
                            (-1, Compare::Ge | Compare::Eq) => *constant,
                            (-1, Compare::Gt) => constant - 1,
                            _ => return [u32::MAX; 2],
                        };
                        let most = most.clamp(0, i64::from(u32::MAX)) as u32;
                        let mut bound = [u32::MAX; 2];
                        bound[usize::from(opponent)] = most;
                        bound
                    }
                    _ => [u32::MAX; 2],
                },
                _ => [u32::MAX; 2],
            }
        }
        sides(self)
    }

    /// Whether the condition holds for player `me` in `st`.
    pub(crate) fn holds(&self, st: &State, me: usize) -> bool {
        match self {
            Condition::Or(p) => {
                for c in p.iter() {
                    if c.holds(st, me) {
                        return true;
                    }
                }
                false
            }
            Condition::And(p) => {
                for c in p.iter() {
                    if !c.holds(st, me) {
                        return false;
                    }
                }
                true
            }
            Condition::Not(c) => !c.holds(st, me),
            Condition::Never => false,
            Condition::Player(p) => me == *p,
            Condition::Test {
                terms,
                constant,
                op,
            } => {
                let mut value = *constant;
                for &(sign, t) in terms.iter() {
                    value += sign * count(st, t, me);
                }
                compare(value, *op)
            }
        }
    }
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

fn count(st: &State, t: Count, me: usize) -> i64 {
    let side = |opponent: bool| if opponent { 1 - me } else { me };
    match t {
        Count::On { opponent, sites } => {
            i64::from((st.occupied[side(opponent)] & sites[me]).count_ones())
        }
        Count::Pieces { opponent } => i64::from(st.counts[side(opponent)]),
        Count::Kind { opponent, kind } => {
            let mut n = 0;
            let mut sites = st.occupied[side(opponent)];
            while sites != 0 {
                let s = sites.trailing_zeros() as usize;
                sites &= sites - 1;
                n += i64::from(st.cells[s] & 15 == kind);
            }
            n
        }
        Count::InHand { opponent, kinds } => {
            let mut n = 0;
            for &k in &st.hand[side(opponent)][..kinds as usize] {
                n += i64::from(k);
            }
            n
        }
    }
}
