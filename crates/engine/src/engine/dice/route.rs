//! A route of die moves as the dice search builds and keeps it: a fifth
//! of a [`Move`] in size, so that recording, measuring and sorting a
//! roll's turns moves little memory. A kept route becomes a `Move` last,
//! its rank worked out then from its die moves.

use super::SEARCH_DIE_MOVES;
use crate::engine::{Move, NONE, Step};

// A step's slot in a route is masked by `SEARCH_DIE_MOVES - 1`.
const _: () = assert!(SEARCH_DIE_MOVES.is_power_of_two());

/// Die moves played in order, with what the search notes of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Route {
    /// A hash of the position the route leads to, once recorded.
    pub key: u64,
    /// The die moves in order; [`Step::NONE`] past `len`.
    pub steps: [Step; SEARCH_DIE_MOVES],
    pub len: u8,
    /// Whether the game ends at its last die move.
    pub ends: bool,
    /// What the obligations measure besides the number of die moves: the
    /// largest die played and the pips moved (along the mover's track).
    pub die: u8,
    pub pips: u16,
}

/// What [`Route::pop`] restores.
#[derive(Clone, Copy)]
pub(super) struct Mark {
    die: u8,
    pips: u16,
}

impl Route {
    /// No die move yet.
    pub const EMPTY: Route = Route {
        key: 0,
        steps: [Step::NONE; SEARCH_DIE_MOVES],
        len: 0,
        ends: false,
        die: 0,
        pips: 0,
    };

    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// The route of a turn's die moves (its first [`SEARCH_DIE_MOVES`]),
    /// `position` the mover's track position of each site.
    pub fn of(m: &Move, position: &[u8]) -> Route {
        let mut r = Route {
            key: m.key,
            len: m.len.min(SEARCH_DIE_MOVES as u8),
            ends: m.ends,
            ..Route::EMPTY
        };
        let len = r.len as usize;
        r.steps[..len].copy_from_slice(&m.steps[..len]);
        for s in m.steps().iter().take(len) {
            r.die = r.die.max(s.die);
            r.pips += u16::from(position[s.to as usize] - position[s.from as usize]);
        }
        r
    }

    /// Adds die move `step`, from track position `from` to `target`.
    #[inline(always)]
    pub fn push(&mut self, step: Step, (from, target): (usize, usize)) -> Mark {
        let mark = Mark {
            die: self.die,
            pips: self.pips,
        };
        let len = self.len as usize;
        self.steps[len] = step;
        self.len += 1;
        self.die = self.die.max(step.die);
        self.pips += (target - from) as u16;
        mark
    }

    /// This route with die move `step` added (see [`Route::push`]), leading
    /// to `key`: built at once where a turn's last die move is kept.
    #[inline(always)]
    pub fn with_last(&self, step: Step, (from, target): (usize, usize), key: u64) -> Route {
        let len = self.len as usize;
        debug_assert!(len < SEARCH_DIE_MOVES, "a die move more than the dice");
        let mut steps = self.steps;
        // In range whatever the length: masked (a power of two).
        steps[len & (SEARCH_DIE_MOVES - 1)] = step;
        let r = Route {
            key,
            steps,
            len: self.len + 1,
            ends: self.ends,
            die: self.die.max(step.die),
            pips: self.pips + (target - from) as u16,
        };
        debug_assert_eq!(
            r,
            {
                let mut pushed = *self;
                pushed.push(step, (from, target));
                Route { key, ..pushed }
            },
            "a route built at once as pushed"
        );
        r
    }

    /// The route's place in the order turns are listed (presentation
    /// order), `position` the mover's track position of each site: the
    /// track positions of each die move's origin and landing, 16 bits per
    /// die move, the first die move's the most significant. (A track
    /// passes a site once, so a landing's site tells its position.)
    pub fn rank(&self, position: &[u8]) -> u128 {
        self.steps().iter().enumerate().fold(0, |rank, (i, s)| {
            let pair =
                u128::from(position[s.from as usize]) << 8 | u128::from(position[s.to as usize]);
            rank | pair << (16 * (SEARCH_DIE_MOVES - 1 - i))
        })
    }

    /// The rank of this route with die move `step` added (see
    /// [`Route::push`]).
    pub fn rank_with(&self, step: Step, position: &[u8]) -> u128 {
        let mut r = *self;
        r.steps[r.len as usize] = step;
        r.len += 1;
        r.rank(position)
    }

    /// Takes back the last die move, [`Route::push`] having returned `mark`.
    #[inline(always)]
    pub fn pop(&mut self, mark: Mark) {
        self.len -= 1;
        self.steps[self.len as usize] = Step::NONE;
        self.die = mark.die;
        self.pips = mark.pips;
        self.ends = false;
    }

    /// The choice of the double of `d` (`choose double`), a route of no
    /// die move from the position of key `key`: its key tells the choices
    /// apart (the dice chosen are part of where it leads), so that no two
    /// are taken for one turn; [`Route::root_key`] gives back `key`.
    pub fn choice(d: u8, key: u64) -> Route {
        Route {
            key: key ^ choice_key(d),
            die: d,
            ..Route::EMPTY
        }
    }

    /// The key of the position this route leads to, the board alone: a
    /// choice's without the dice chosen.
    pub fn root_key(&self) -> u64 {
        match self.chosen() {
            Some(d) => self.key ^ choice_key(d),
            None => self.key,
        }
    }

    /// The double this route chooses, if it is a choice.
    pub fn chosen(&self) -> Option<u8> {
        (self.len == 0 && self.die != 0).then_some(self.die)
    }

    /// The turn of `mover` that plays this route, `position` his track
    /// position of each site.
    pub fn to_move(self, mover: u8, position: &[u8]) -> Move {
        let mut m = Move {
            mover,
            key: self.key,
            rank: self.rank(position),
            len: self.len,
            ends: self.ends,
            kind_after: self.chosen().unwrap_or(NONE),
            ..Move::PASS
        };
        m.steps[..self.len as usize].copy_from_slice(self.steps());
        m
    }
}

/// What a choice of the double of `d` adds to a key.
pub(super) fn choice_key(d: u8) -> u64 {
    u64::from(d).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1
}

#[cfg(test)]
mod tests {
    use super::{Route, SEARCH_DIE_MOVES};
    use crate::engine::{NONE, Step};

    /// A route with its last die move built at once (`Route::with_last`,
    /// where the search keeps a turn) is the route with that die move
    /// pushed, the key set, at every length a turn may reach.
    #[test]
    fn a_route_built_with_its_last_die_move_is_the_route_pushed() {
        let mut m = Route::EMPTY;
        for i in 0..SEARCH_DIE_MOVES {
            let step = Step {
                from: i as u8,
                to: 2 * i as u8 + 3,
                over: if i % 2 == 0 { NONE } else { 40 },
                die: (i % 6) as u8 + 1,
            };
            let (from, target) = (i, 2 * i + 3);
            let key = 0x1234_5678_9abc_def0 ^ i as u64;
            let mut pushed = m;
            pushed.push(step, (from, target));
            let built = m.with_last(step, (from, target), key);
            assert_eq!(built, Route { key, ..pushed }, "after {i} die moves");
            assert_eq!(built.steps()[i], step);
            m = pushed;
        }
    }
}
