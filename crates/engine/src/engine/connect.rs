//! Chains of pieces joining two regions (`own connects start to goal`),
//! a side's pieces in one group (`own pieces connected`), N in a row
//! (`own line of N`, as [`Rows`]) and a sowing game's conditions, read
//! over its seeds, judged out of line: only games whose end
//! rules read one compile [`Connections`], and the rules core reaches them
//! from its end rules' slow path alone (an end rule with no compiled
//! [`Condition`]), so that every other game's conditions and outcomes are
//! judged as before.
//!
//! A chain is found by a flood fill over masks of sites: from the side's
//! pieces in the first region, each round adds the side's pieces linked
//! to those found last, by a table of each site's linked sites, until the
//! second region is reached or nothing is added. No allocation, no graph.

use super::State;
use super::condition::{Cond, Condition};
use super::rows::{ExactRows, Rows};
use super::rules::Rules;
use crate::ir::{self, EndRule, Game, Whose};
use std::sync::Arc;

/// A game's end rules that read chains, compiled.
pub(in crate::engine) struct Connections {
    /// Per end rule: its condition where it reads a chain, else `None`.
    rules: Box<[Option<Joined>]>,
    /// Per site, the mask of the sites linked to it (in any direction).
    near: Box<[u128]>,
    /// The game's regions as conditions read them
    /// ([`super::condition::Regions::masks`]).
    regions: Arc<[Vec<u128>]>,
}

/// An end rule's condition that reads a chain: the chains themselves, the
/// rest compiled as any condition is, joined by `and`, `or` and `not`.
enum Joined {
    Plain(Condition),
    /// The pieces of the judged player (`true`: his opponent's) join the
    /// regions `from` and `to` (indices of the judged player's
    /// [`super::condition::Regions::masks`]).
    Chain {
        opponent: bool,
        from: usize,
        to: usize,
    },
    /// The pieces of the judged player (`true`: his opponent's) form one
    /// group.
    Group {
        opponent: bool,
    },
    /// The pieces of the judged player (`true`: his opponent's) hold a
    /// line of N.
    Row {
        opponent: bool,
        rows: Rows,
    },
    /// The pieces of the judged player (`true`: his opponent's) hold a
    /// line of exactly N.
    Exact {
        opponent: bool,
        rows: ExactRows,
    },
    And(Box<[Joined]>),
    Or(Box<[Joined]>),
    Not(Box<Joined>),
    /// A sowing game's condition, its counts of men read as the seeds on
    /// the sites.
    Seeds(Condition),
}

/// Whether `c` reads a chain.
fn reads_chain(c: &ir::Cond) -> bool {
    match c {
        ir::Cond::Or(p) | ir::Cond::And(p) => p.iter().any(reads_chain),
        ir::Cond::Not(c) => reads_chain(c),
        ir::Cond::Connects(..)
        | ir::Cond::Connected(_)
        | ir::Cond::LineOf(..)
        | ir::Cond::ExactLine(..) => true,
        _ => false,
    }
}

impl Connections {
    /// The chains of a game without dice's end rules (`NAME: CONDITION =>
    /// RESULT`), or `None` where no end rule reads one (most games).
    pub fn of(game: &Game, rules: &Rules) -> Option<Connections> {
        if game.tables_dice().is_some() {
            return None;
        }
        let sows = game.kinds.iter().any(|k| k.sow.is_some());
        let compiled: Box<[Option<Joined>]> = (game.end.iter().zip(&rules.ends))
            .map(|(e, c)| match (e, c) {
                (EndRule::When { .. }, Some(c)) if sows => Some(Joined::Seeds(Condition::new(
                    c,
                    &rules.masks,
                    game.kinds.len() as u8,
                ))),
                (EndRule::When { cond, .. }, _) if reads_chain(cond) => {
                    Some(Joined::of(game, rules, cond))
                }
                _ => None,
            })
            .collect();
        if compiled.iter().all(Option::is_none) {
            return None;
        }
        let mut near = vec![0u128; game.board.sites.len()];
        for link in &game.board.links {
            near[link.from] |= 1u128 << link.to;
            near[link.to] |= 1u128 << link.from;
        }
        Some(Connections {
            rules: compiled,
            near: near.into(),
            regions: Arc::clone(&rules.masks),
        })
    }

    /// Whether end rule `i` reads a chain (and is judged here).
    pub fn judges(&self, i: usize) -> bool {
        self.rules.get(i).is_some_and(Option::is_some)
    }

    /// Whether the condition of end rule `i` holds for player `me` in
    /// `st`; false for a rule that reads no chain.
    pub fn holds(&self, i: usize, st: &State, me: usize) -> bool {
        match self.rules.get(i) {
            Some(Some(c)) => self.joined(c, st, me),
            _ => false,
        }
    }

    fn joined(&self, c: &Joined, st: &State, me: usize) -> bool {
        match c {
            Joined::Plain(c) => c.holds(st, me),
            Joined::Chain { opponent, from, to } => {
                let regions = &self.regions[me];
                joins(
                    st.occupied[me ^ usize::from(*opponent)],
                    regions[*from],
                    regions[*to],
                    &self.near,
                )
            }
            Joined::Group { opponent } => {
                grouped(st.occupied[me ^ usize::from(*opponent)], &self.near)
            }
            Joined::Row { opponent, rows } => rows.held(st.occupied[me ^ usize::from(*opponent)]),
            Joined::Exact { opponent, rows } => rows.held(st.occupied[me ^ usize::from(*opponent)]),
            Joined::And(p) => p.iter().all(|c| self.joined(c, st, me)),
            Joined::Or(p) => p.iter().any(|c| self.joined(c, st, me)),
            Joined::Not(c) => !self.joined(c, st, me),
            Joined::Seeds(c) => seeds_hold(c, st, me),
        }
    }
}

impl Joined {
    fn of(game: &Game, rules: &Rules, c: &ir::Cond) -> Joined {
        let of = |c: &ir::Cond| Joined::of(game, rules, c);
        match c {
            ir::Cond::And(p) if reads_chain(c) => Joined::And(p.iter().map(of).collect()),
            ir::Cond::Or(p) if reads_chain(c) => Joined::Or(p.iter().map(of).collect()),
            ir::Cond::Not(inner) if reads_chain(c) => Joined::Not(Box::new(of(inner))),
            ir::Cond::Connects(w, (fa, a), (fb, b)) => Joined::Chain {
                opponent: *w == Whose::Opponent,
                from: rules.regions.index(fa, a),
                to: rules.regions.index(fb, b),
            },
            ir::Cond::Connected(w) => Joined::Group {
                opponent: *w == Whose::Opponent,
            },
            ir::Cond::LineOf(w, n) if let Some(rows) = Rows::of(&game.board, *n) => Joined::Row {
                opponent: *w == Whose::Opponent,
                rows,
            },
            ir::Cond::ExactLine(w, n) => Joined::Exact {
                opponent: *w == Whose::Opponent,
                rows: ExactRows::of(&game.board, *n),
            },
            c => {
                let cond = Cond::compile(game, &rules.regions, c, game.rules.pin_blots);
                Joined::Plain(Condition::new(
                    &Arc::new(cond),
                    &rules.masks,
                    game.kinds.len() as u8,
                ))
            }
        }
    }
}

/// [`Condition::holds_sown`], out of line: only sowing games judge it.
#[cold]
#[inline(never)]
fn seeds_hold(c: &Condition, st: &State, me: usize) -> bool {
    c.holds_sown(st, me)
}

/// Whether the sites of `own` hold a chain, each site linked to the next
/// (`near`: per site, the sites linked to it), from a site of `from` to a
/// site of `to`.
#[inline]
pub(in crate::engine) fn joins(own: u128, from: u128, to: u128, near: &[u128]) -> bool {
    let mut reached = own & from;
    let mut last = reached;
    while last != 0 {
        if reached & to != 0 {
            return true;
        }
        last = grown(last, near) & own & !reached;
        reached |= last;
    }
    false
}

/// Whether the sites of `own`, one at least, form one group, each linked
/// to another of it (`near`: per site, the sites linked to it).
#[inline]
pub(in crate::engine) fn grouped(own: u128, near: &[u128]) -> bool {
    let mut reached = own & own.wrapping_neg();
    let mut last = reached;
    while last != 0 {
        last = grown(last, near) & !reached & own;
        reached |= last;
    }
    own != 0 && reached == own
}

/// The sites linked to some site of `sites`.
#[inline]
fn grown(mut sites: u128, near: &[u128]) -> u128 {
    let mut grown = 0;
    while sites != 0 {
        grown |= near[sites.trailing_zeros() as usize];
        sites &= sites - 1;
    }
    grown
}

#[cfg(test)]
mod tests {
    use super::{grouped, joins};

    /// A row of three sites, 0 - 1 - 2.
    const ROW: [u128; 3] = [0b010, 0b101, 0b010];

    #[test]
    fn a_chain_joins_its_ends() {
        assert!(joins(0b111, 0b001, 0b100, &ROW));
        assert!(!joins(0b101, 0b001, 0b100, &ROW));
        // A piece in both regions is a chain of one.
        assert!(joins(0b010, 0b010, 0b010, &ROW));
        assert!(!joins(0, 0b111, 0b111, &ROW));
    }

    #[test]
    fn a_group_is_every_piece_linked() {
        assert!(grouped(0b111, &ROW));
        assert!(grouped(0b011, &ROW));
        assert!(grouped(0b100, &ROW), "one piece is a group");
        assert!(!grouped(0b101, &ROW), "a gap splits them");
        assert!(!grouped(0, &ROW), "no piece is no group");
    }
}
