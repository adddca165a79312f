//! Grid games: a turn played. The plain play of most games, and the
//! extended play compiled once for each kind of game that needs more
//! (actions, counters with `while`, custody or a shot after the move),
//! chosen by a test or two per turn.

use super::grid::{Grid, OtherPlay};
use super::{Move, NONE, State, bit, cell, flips};
use crate::ir::Obligation;

impl Grid {
    /// Plays a turn known to be legal.
    #[inline(always)]
    pub(super) fn play(&self, st: &mut State, m: &Move) {
        // Most games, by one test, as before the extended play.
        if self.g.plain_grid {
            return self.play_grid::<false, false, false, false>(st, m);
        }
        self.play_other(st, m)
    }

    /// A move of a game with the extended play: with actions (`place`,
    /// `line of N`), counters with `while`, or both, or `again` rules.
    pub(super) fn play_other(&self, st: &mut State, m: &Move) {
        if self.g.lean_actions {
            return self.play_grid::<true, false, true, false>(st, m);
        }
        let mover = st.to_move as usize;
        match self.g.other_play {
            OtherPlay::Actions => self.play_grid::<true, false, false, false>(st, m),
            OtherPlay::While => self.play_grid::<false, true, false, false>(st, m),
            OtherPlay::ActionsWhile => self.play_grid::<true, true, false, false>(st, m),
            OtherPlay::After => self.play_after(st, m),
            OtherPlay::Enclose => return self.play_enclosing(st, m),
            OtherPlay::Picked => return self.play_picked(st, m),
            OtherPlay::Columns => self.play_columns(st, m),
        }
        if let Some(again) = &self.again {
            again.after_grid_turn(st, mover, m, false);
        }
    }

    /// The play a game that encloses or whose die picks the piece runs
    /// beneath its own: that of the games with what happens after a move,
    /// with actions, or with counters with `while`.
    #[inline(always)]
    fn play_beneath(&self, st: &mut State, m: &Move) {
        match (
            self.g.custodies.is_some() || self.g.shoots,
            self.g.actions.is_some(),
            self.counter_while.is_empty(),
        ) {
            (true, ..) => self.play_after(st, m),
            (false, true, true) => self.play_grid::<true, false, false, false>(st, m),
            (false, true, false) => self.play_grid::<true, true, false, false>(st, m),
            (false, false, _) => self.play_grid::<false, true, false, false>(st, m),
        }
    }

    /// A move of a game whose die picks the piece, the die left aside (see
    /// `picking.rs`): the play of the others, then the `again` rules.
    pub(super) fn play_unpicked(&self, st: &mut State, m: &Move) {
        let mover = st.to_move as usize;
        self.play_beneath(st, m);
        if let Some(again) = &self.again {
            again.after_grid_turn(st, mover, m, false);
        }
    }

    /// A move of a game with a kind that encloses (`enclose`): the play of
    /// the others, then the sites a placement claims, then the `again`
    /// rules, which may give the mover another turn for them.
    #[inline(never)]
    fn play_enclosing(&self, st: &mut State, m: &Move) {
        let mover = st.to_move as usize;
        self.play_beneath(st, m);
        let claimed = m.places()
            && (self.g.encloses.as_ref())
                .is_some_and(|e| e.claim(st, mover, m.kind_after as usize, m.steps[0].to as usize));
        if let Some(again) = &self.again {
            again.after_grid_turn(st, mover, m, claimed);
        }
    }

    /// A move of a game with `custody` or `shoot`: the play of the others,
    /// with the pieces the move takes by custody taken as it ends, and the
    /// piece it shoots put down.
    #[inline(never)]
    fn play_after(&self, st: &mut State, m: &Move) {
        match (self.g.actions.is_some(), self.counter_while.is_empty()) {
            (false, true) => self.play_grid::<false, false, false, true>(st, m),
            (true, true) => self.play_grid::<true, false, false, true>(st, m),
            (false, false) => self.play_grid::<false, true, false, true>(st, m),
            (true, false) => self.play_grid::<true, true, false, true>(st, m),
        }
    }

    /// A move of a game without dice; with `ACTIONS` (a game with `place`
    /// or `line of N`), also a placement from the hand and the removal a
    /// completed line earns; with `WHILE` (a counter that runs `while` a
    /// condition holds), those counters; with `LEAN` (a game that
    /// `lean_actions` names), without the offenders of a huff rule, the
    /// memory of `return forbidden` and the repetition key, which such a
    /// game never needs; with `AFTER` (a game with `custody` or `shoot`),
    /// the pieces the move takes by custody as it ends and the piece it
    /// shoots. Compiled once for each, so that other games run the loop
    /// they ran before.
    #[inline(always)]
    pub(super) fn play_grid<
        const ACTIONS: bool,
        const WHILE: bool,
        const LEAN: bool,
        const AFTER: bool,
    >(
        &self,
        st: &mut State,
        m: &Move,
    ) {
        let player = st.to_move as usize;
        // The player who moves next: the opponent, whose pieces a capture
        // takes, in a game of two (a game of more captures nothing).
        let opp = self.next_player(player);
        let rules = &self.game.rules;
        let mut progress = false;
        // Which conditions of the counters with `while` hold before the turn.
        let held = if WHILE { self.while_held(st) } else { 0 };
        // The kind of the piece that moves, as the move starts.
        let moved = if ACTIONS && m.places() {
            m.kind_after
        } else if m.len > 0 {
            st.cells[m.from() as usize] & 15
        } else {
            NONE
        };
        if m.huff != NONE {
            self.remove(st, m.huff, opp);
            progress = true;
        }
        let mut offenders = 0;
        if ACTIONS && m.places() {
            let to = m.steps[0].to;
            if self.g.flips.is_some() {
                self.flip(st, m.kind_after as usize, to as usize);
            }
            st.hand[player][m.kind_after as usize] -= 1;
            st.cells[to as usize] = cell(player, m.kind_after as usize);
            st.occupied[player] |= bit(to);
            st.counts[player] += 1;
            if !LEAN && rules.no_return {
                st.visited[to as usize] = bit(to);
            }
        } else if m.len > 0 {
            if !LEAN && rules.capture == Obligation::Huff && !m.capture {
                offenders = self.capturers(st, player);
            }
            let from = m.from();
            st.cells[from as usize] = NONE;
            st.occupied[player] &= !bit(from);
            let mut memory = if LEAN {
                0
            } else {
                self.visited(st, from as usize)
            };
            for step in m.steps() {
                if step.over != NONE {
                    self.remove(st, step.over, opp);
                }
                memory |= bit(step.to);
            }
            let to = m.steps[m.len as usize - 1].to;
            st.cells[to as usize] = cell(player, m.kind_after as usize);
            st.occupied[player] |= bit(to);
            if !LEAN && rules.no_return {
                st.visited[from as usize] = 0;
                st.visited[to as usize] = memory;
            }
            if offenders & bit(from) != 0 {
                offenders = offenders & !bit(from) | bit(to);
            }
            if m.stopped_early {
                offenders |= bit(to);
            }
            progress |= m.capture;
        }
        if AFTER && m.len > 0 && self.g.custodies.is_some() {
            let to = m.steps[m.len as usize - 1].to;
            progress |= self.custody(st, m.kind_after as usize, to);
        }
        if ACTIONS && m.remove != NONE {
            self.remove(st, m.remove, opp);
            progress = true;
        }
        if AFTER && m.shot() != NONE {
            self.shoot(st, m);
        }
        // With a repetition rule, what a plain step changed of the
        // position's key (see `count_turn`); 0 where it is worked out anew.
        let change = if !LEAN
            && self.repetition
            && !progress
            && m.len > 0
            && !(ACTIONS && m.places())
            && !(AFTER && m.shot() != NONE)
        {
            self.step_key_change(st, m, moved, offenders)
        } else {
            0
        };
        st.offenders = offenders;
        st.to_move = opp as u8;
        self.sync_rest(st);
        self.count_turn::<WHILE>(st, moved, progress, held, change);
    }

    /// Turns the pieces that a piece of `kind` placed by the player to move
    /// on the empty `site` encloses (`flip`), before it is placed.
    #[cold]
    #[inline(never)]
    fn flip(&self, st: &mut State, kind: usize, site: usize) {
        let Some(flips) = &self.g.flips else {
            return;
        };
        if flips.flips(kind) {
            let player = st.to_move as usize;
            let (own, opp) = (st.occupied[player], st.occupied[1 - player]);
            let turned = flips.turned(own, opp, player, kind, site);
            flips::Flips::turn(st, player, turned);
        }
    }

    /// Puts the piece that the piece of move `m` shoots (`shoot`), the
    /// mover's, on the move's shot site.
    #[cold]
    #[inline(never)]
    fn shoot(&self, st: &mut State, m: &Move) {
        let Some(actions) = &self.g.actions else {
            return;
        };
        let player = st.to_move as usize;
        let site = m.shot();
        st.cells[site as usize] = cell(player, actions.shot_kind(m.kind_after) as usize);
        st.occupied[player] |= bit(site);
        st.counts[player] += 1;
        if self.game.rules.no_return {
            st.visited[site as usize] = bit(site);
        }
    }

    /// Takes the piece of `owner` off `site`, with its memory.
    pub(super) fn remove(&self, st: &mut State, site: u8, owner: usize) {
        st.cells[site as usize] = NONE;
        st.occupied[owner] &= !bit(site);
        st.counts[owner] -= 1;
        if self.game.rules.no_return {
            st.visited[site as usize] = 0;
        }
    }
}
