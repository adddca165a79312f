//! Grid games: the complete turns of the player to move, step or capture
//! chain (with huffs before them), generated from the flat step and jump
//! tables without allocating; long-range lines are in [`super::rays`].

use super::{Engine, Move, NONE, State, Step, bit, turns};
use crate::ir::{MAX_STEPS, Obligation};

impl Engine {
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
        let mut found = 0;
        for s in 0..self.sites {
            let c = st.cells[s];
            if c != NONE
                && (c >> 4) as usize == player
                && self.can_jump(st, player, (c & 15) as usize, s, self.visited(st, s))
            {
                found |= bit(s as u8);
            }
        }
        if self.rays.any {
            for s in 0..self.sites {
                let c = st.cells[s];
                if c != NONE
                    && (c >> 4) as usize == player
                    && self.can_fly(st, player, (c & 15) as usize, s, self.visited(st, s))
                {
                    found |= bit(s as u8);
                }
            }
        }
        found
    }

    pub(super) fn turns_after_huff(&self, st: &mut State, huff: u8, out: &mut Vec<Move>) {
        let player = st.to_move as usize;
        let rules = &self.game.rules;
        let first = out.len();
        if rules.capture != Obligation::None {
            for s in 0..self.sites {
                let c = st.cells[s];
                if c == NONE || (c >> 4) as usize != player {
                    continue;
                }
                let mut m = Move {
                    huff,
                    capture: true,
                    ..Move::EMPTY
                };
                st.cells[s] = NONE;
                let visited = self.visited(st, s);
                self.chain(st, player, (c & 15) as usize, s as u8, visited, &mut m, out);
                st.cells[s] = c;
            }
        }
        if rules.merge_duplicates {
            turns::merge_duplicates(out, first);
        }
        if rules.capture == Obligation::Compulsory && out.len() > first {
            return;
        }
        for s in 0..self.sites {
            let c = st.cells[s];
            if c == NONE || (c >> 4) as usize != player {
                continue;
            }
            let kind = (c & 15) as usize;
            let visited = self.visited(st, s);
            for &t in self.steps(player, kind, s) {
                if st.cells[t as usize] == NONE && visited & bit(t) == 0 {
                    let mut m = Move {
                        huff,
                        len: 1,
                        kind_after: self.arrive(player, kind, t) as u8,
                        ..Move::EMPTY
                    };
                    m.steps[0] = Step {
                        from: s as u8,
                        to: t,
                        over: NONE,
                        die: 0,
                    };
                    out.push(m);
                }
            }
        }
        if self.rays.any {
            for s in 0..self.sites {
                let c = st.cells[s];
                if c != NONE && (c >> 4) as usize == player {
                    self.slide(st, huff, s as u8, self.visited(st, s), out);
                }
            }
        }
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
        out: &mut Vec<Move>,
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
                    || visited & bit(land) != 0
                {
                    continue;
                }
                extended = true;
                self.take(st, player, kind, (at, over, land), visited, m, out);
            }
            if self.rays.any {
                extended |= self.fly(st, player, kind, at, visited, m, out);
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
            let mut done = *m;
            done.stopped_early = extended && chain == Obligation::Huff;
            if self.promote_at_end {
                done.kind_after = self.arrive(player, kind, at) as u8;
            }
            out.push(done);
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
        out: &mut Vec<Move>,
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
            out.push(*m);
        } else {
            self.chain(st, player, next, land, memory, m, out);
        }
        m.steps[depth] = Step::NONE;
        m.len = depth as u8;
        m.kind_after = kind as u8;
        st.cells[over as usize] = jumped;
    }
}
