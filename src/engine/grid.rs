//! Grid games: the complete turns of the player to move, step or capture
//! chain (with huffs before them), generated from the flat step and jump
//! tables without allocating; long-range lines are in [`super::rays`].

use super::found::Found;
use super::sides::{Sides, bits, few_bits};
use super::{Engine, Move, NONE, State, Step, TAKEN, bit};
use crate::ir::{MAX_STEPS, Obligation};

/// The sides a game with phases captures and steps with: the mover's
/// pieces whose jump lines, and step lines, apply before this turn.
#[cold]
#[inline(never)]
fn gated(actions: &super::actions::Actions, st: &State, sides: &Sides) -> (Sides, Sides) {
    let (steppers, jumpers) = actions.gate(st, sides.own);
    (
        Sides {
            own: jumpers,
            ..*sides
        },
        Sides {
            own: steppers,
            ..*sides
        },
    )
}

impl Engine {
    /// Sets [`State::occupied`] from the cells, in games without dice
    /// (dice games keep it empty): for a state whose cells were written
    /// by hand, such as a position read from text.
    pub fn sync_occupied(&self, st: &mut State) {
        st.occupied = [0; 2];
        if self.tables.is_some() {
            return;
        }
        for (s, &c) in st.cells.iter().enumerate() {
            if c != NONE && c != TAKEN {
                st.occupied[(c >> 4) as usize & 1] |= bit(s as u8);
            }
        }
    }

    /// Whether the piece of `player` and `kind` on `site` has a jump.
    pub(super) fn can_jump(
        &self,
        st: &State,
        player: usize,
        kind: usize,
        site: usize,
        visited: u128,
    ) -> bool {
        let opp = 1 - player as u8;
        self.jumps(player, kind, site).iter().any(|&(over, land)| {
            st.cells[over as usize] != NONE
                && st.cells[over as usize] >> 4 == opp
                && st.cells[land as usize] == NONE
                && visited & bit(land) == 0
        })
    }

    /// The sites of `player`'s pieces that have a capture available.
    pub fn capturers(&self, st: &State, player: usize) -> u128 {
        let sides = Sides::of(st, player, self.all_sites);
        let mut found = 0;
        for s in bits(sides.own) {
            let kind = (st.cells[s] & 15) as usize;
            if self.may_jump(self.table(player, kind, s), s, &sides)
                && self.can_jump(st, player, kind, s, self.visited(st, s))
            {
                found |= bit(s as u8);
            }
        }
        if self.rays.any {
            for s in bits(sides.own) {
                let kind = (st.cells[s] & 15) as usize;
                if self.can_fly(st, player, kind, s, self.visited(st, s)) {
                    found |= bit(s as u8);
                }
            }
        }
        found
    }

    /// Whether the near jumps of the piece of `player` and `kind` on `site`
    /// pass over some opposing piece and land on some empty site (a piece
    /// lifted from `site` leaves it empty): when not, it has no near jump.
    fn may_jump(&self, t: usize, site: usize, sides: &Sides) -> bool {
        let near = &self.lines.near[t];
        near.over_mask & sides.opp != 0 && near.land_mask & (sides.empty | bit(site as u8)) != 0
    }

    pub(super) fn turns_after_huff(&self, st: &mut State, huff: u8, found: &mut Found) {
        let sides = Sides::of(st, st.to_move as usize, self.all_sites);
        // In a game whose lines have phases (`when`), only the pieces whose
        // jump lines apply capture, and only those whose step lines apply step.
        let phased;
        let (jumping, stepping) = match &self.actions {
            Some(actions) => {
                phased = gated(actions, st, &sides);
                (&phased.0, &phased.1)
            }
            None => (&sides, &sides),
        };
        if self.forbid.is_empty() {
            if self.captures(st, huff, jumping, found, None) {
                return;
            }
            self.steps(st, huff, stepping, found);
            return;
        }
        self.turns_forbidding(st, huff, (jumping, stepping), found);
    }

    /// [`Engine::turns_after_huff`] of a game with `forbid` rules: a
    /// forbidden capture is no capture, so the steps are listed where
    /// every capture is forbidden. Compiled apart from the loop of the
    /// other games.
    #[inline(never)]
    fn turns_forbidding(
        &self,
        st: &mut State,
        huff: u8,
        (jumping, stepping): (&Sides, &Sides),
        found: &mut Found,
    ) {
        let first = found.len();
        let compulsory = self.captures(st, huff, jumping, found, None);
        found.keep_from(first, |m| !self.forbids(st, m));
        if compulsory && found.len() > first {
            return;
        }
        let stepped = found.len();
        self.steps(st, huff, stepping, found);
        found.keep_from(stepped, |m| !self.forbids(st, m));
    }

    /// Whether a `forbid` rule of a game without dice holds for move `m`
    /// of the player to move in `st`, judged in `st` (before the move)
    /// with the site it leaves as `from` (none for a placement) and the
    /// site where it ends as `here`.
    pub(super) fn forbids(&self, st: &State, m: &Move) -> bool {
        if m.len == 0 {
            return false;
        }
        let from = match m.steps[0].from {
            super::HAND => NONE,
            from => from,
        };
        let here = m.steps[m.len as usize - 1].to;
        let player = st.to_move as usize;
        self.forbid
            .iter()
            .any(|c| c.holds_at(st, player, (from, here)))
    }

    /// Records the captures of the player to move (after the huff
    /// `huff`), duplicates merged if the game says so; whether they are
    /// compulsory and there are some, so that no step may follow. With
    /// `steps`, also adds to it the number of near steps of his pieces,
    /// read in the same pass.
    #[inline(always)]
    pub(super) fn captures(
        &self,
        st: &mut State,
        huff: u8,
        sides: &Sides,
        found: &mut Found,
        mut steps: Option<&mut usize>,
    ) -> bool {
        let player = st.to_move as usize;
        let rules = &self.game.rules;
        let first = found.len();
        if rules.capture != Obligation::None {
            let mut chain: Option<Move> = None;
            for s in bits(sides.own) {
                let c = st.cells[s];
                let kind = (c & 15) as usize;
                let t = self.table(player, kind, s);
                if let Some(n) = steps.as_deref_mut() {
                    *n +=
                        few_bits(self.lines.near[t].step_mask & sides.empty & !self.visited(st, s));
                }
                if !self.may_jump(t, s, sides) && (!self.rays.any || !self.rays.flies(t)) {
                    continue;
                }
                let m = chain.get_or_insert(Move {
                    huff,
                    capture: true,
                    ..Move::EMPTY
                });
                st.cells[s] = NONE;
                let visited = self.visited(st, s);
                self.chain(st, player, kind, s as u8, visited, m, found);
                st.cells[s] = c;
            }
        } else if let Some(n) = steps {
            for s in bits(sides.own) {
                *n += few_bits(self.step_targets(st, player, s, sides).1);
            }
        }
        if rules.merge_duplicates {
            found.merge_duplicates(first);
        }
        rules.capture == Obligation::Compulsory && found.len() > first
    }

    /// Records the steps of the player to move (after the huff `huff`).
    #[inline]
    fn steps(&self, st: &State, huff: u8, sides: &Sides, found: &mut Found) {
        let player = st.to_move as usize;
        for s in bits(sides.own) {
            let (t, free) = self.step_targets(st, player, s, sides);
            if free == 0 {
                continue;
            }
            for target in self.lines.steps(t) {
                if free & target.bit != 0 {
                    let step = Step {
                        from: s as u8,
                        to: target.to,
                        over: NONE,
                        die: 0,
                    };
                    found.step(huff, step, target.after);
                }
            }
        }
        if self.rays.any {
            for s in bits(sides.own) {
                self.slide(st, huff, s as u8, self.visited(st, s), found);
            }
        }
    }

    /// The table entry of `player`'s piece on `site`, and the sites its
    /// near steps may go to.
    #[inline]
    pub(super) fn step_targets(
        &self,
        st: &State,
        player: usize,
        site: usize,
        sides: &Sides,
    ) -> (usize, u128) {
        let t = self.table(player, (st.cells[site] & 15) as usize, site);
        (
            t,
            self.lines.near[t].step_mask & sides.empty & !self.visited(st, site),
        )
    }

    /// Extends the capture chain in `m` from `at`; records the moves it allows.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn chain(
        &self,
        st: &mut State,
        player: usize,
        kind: usize,
        at: u8,
        visited: u128,
        m: &mut Move,
        found: &mut Found,
    ) {
        let depth = m.len as usize;
        let chain = self.game.rules.chain;
        let opp = 1 - player as u8;
        let mut extended = false;
        if (depth == 0 || chain != Obligation::None) && depth < MAX_STEPS {
            for &(over, land) in self.jumps(player, kind, at as usize) {
                let jumped = st.cells[over as usize];
                if jumped == NONE
                    || jumped >> 4 != opp
                    || st.cells[land as usize] != NONE
                    || (visited != 0 && visited & bit(land) != 0)
                {
                    continue;
                }
                extended = true;
                self.take(st, player, kind, (at, over, land), visited, m, found);
            }
            if self.rays.any {
                extended |= self.fly(st, player, kind, at, visited, m, found);
            }
        }
        if depth == 0 {
            return;
        }
        let record = match chain {
            Obligation::Compulsory => !extended,
            _ => true,
        };
        if record {
            let done = found.push(m);
            done.stopped_early = extended && chain == Obligation::Huff;
            if self.promote_at_end {
                done.kind_after = self.arrive(player, kind, at) as u8;
            }
        }
    }

    /// One capture of a chain: the piece on `at` takes the piece on `over`
    /// and lands on `land`; records the moves the chain then allows and
    /// undoes the capture.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn take(
        &self,
        st: &mut State,
        player: usize,
        kind: usize,
        (at, over, land): (u8, u8, u8),
        visited: u128,
        m: &mut Move,
        found: &mut Found,
    ) {
        let depth = m.len as usize;
        let jumped = st.cells[over as usize];
        st.cells[over as usize] = self.taken;
        m.steps[depth] = Step {
            from: at,
            to: land,
            over,
            die: 0,
        };
        m.len = depth as u8 + 1;
        let (next, stops) = self.arrive_in_chain(player, kind, land);
        m.kind_after = next as u8;
        let memory = if self.game.rules.no_return {
            visited | bit(land)
        } else {
            0
        };
        if stops {
            // Crowned: the move ends here, whatever the chain rule.
            found.push(m);
        } else {
            self.chain(st, player, next, land, memory, m, found);
        }
        m.steps[depth] = Step::NONE;
        m.len = depth as u8;
        m.kind_after = kind as u8;
        st.cells[over as usize] = jumped;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sites of a mask come out lowest first, in both words.
    #[test]
    fn bits_are_listed_lowest_first() {
        let mut seed = 7u64;
        for _ in 0..1000 {
            let mask = u128::from(crate::engine::splitmix(&mut seed)) << 64
                | u128::from(crate::engine::splitmix(&mut seed));
            let listed: Vec<usize> = bits(mask).collect();
            let plain: Vec<usize> = (0..128).filter(|&s| mask & bit(s as u8) != 0).collect();
            assert_eq!(listed, plain);
        }
    }
}
