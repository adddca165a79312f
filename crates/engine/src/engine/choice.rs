//! A random playout's turn drawn without listing every step: in a game
//! without dice whose steps are all near ones, the turns are the captures
//! (listed as [`Engine::legal_moves`] lists them) followed by one step per
//! free target of each piece, in site order and then in the file's
//! direction order; so their number is the captures plus a sum of
//! population counts, and the turn drawn is built alone. In a dice game
//! the search keeps a roll's turns as routes of die moves (a quarter of a
//! [`Move`] each), and only the turn drawn is made a `Move`. The turns,
//! their order and their number are those of [`Engine::legal_moves`].

use super::found::Found;
use super::grid::Grid;
use super::sides::{Sides, bits, few_bits};
use super::{Move, NONE, State, Step, TooManyTurns};

impl Grid {
    /// Whether [`Engine::count_turns`] may leave the steps unlisted: no
    /// dice, no `play` obligations, no `forbid` or `pass` rules, no far
    /// lines, and no piece with two near steps to one site.
    pub(super) fn steps_countable(&self) -> bool {
        self.game.rules.play.is_empty()
            && self.forbid.is_empty()
            && self.pass.is_empty()
            && !self.g.rays.any
            && (0..self.g.lines.near.len()).all(|t| {
                let mut seen = 0u128;
                self.g.lines.steps(t).iter().all(|target| {
                    let new = seen & target.bit == 0;
                    seen |= target.bit;
                    new
                })
            })
    }

    /// The number of legal turns of `st`, those of
    /// [`Engine::try_legal_moves`] in its order, of which `out` holds the
    /// first: all of them, or, where the steps are counted rather than
    /// listed, the turns before the steps, or, in a dice game, none (the
    /// thread keeps them in a smaller form). [`Engine::turn_at`] gives any
    /// of them by its index. The state is restored before returning.
    pub(super) fn count_turns(
        &self,
        st: &mut State,
        out: &mut Vec<Move>,
    ) -> Result<usize, TooManyTurns> {
        if !self.g.steps_countable || st.offenders != 0 {
            if self.g.actions.is_none() {
                self.legal(st, out);
                return Ok(out.len());
            }
            return self.count_other_turns(st, out);
        }
        let player = st.to_move as usize;
        let sides = Sides::of(st, player, self.all_sites);
        let mut found = Found::new(out);
        let mut steps = 0;
        if self.captures(st, NONE, &sides, &mut found, Some(&mut steps)) {
            // Compulsory captures: no step.
            steps = 0;
        }
        found.finish();
        if out.is_empty() && steps == 0 && !self.no_moves_rule {
            out.push(Move::PASS);
        }
        Ok(out.len() + steps)
    }

    /// [`Engine::count_turns`] of the games with actions whose steps are
    /// not counted as a sum of population counts: by their actions where
    /// they count them, else listed. Compiled apart, so that the loop of
    /// the others stays as it was.
    #[inline(never)]
    fn count_other_turns(
        &self,
        st: &mut State,
        out: &mut Vec<Move>,
    ) -> Result<usize, TooManyTurns> {
        if let Some(actions) =
            (self.g.actions.as_ref()).filter(|_| self.g.actions_countable && st.offenders == 0)
        {
            out.clear();
            if let Some(n) = actions.count(self, st, out) {
                return Ok(n);
            }
        }
        self.legal(st, out);
        Ok(out.len())
    }

    /// Whether [`Grid::draw_planned`] plays this game's random
    /// playouts: a game without dice whose actions count its turns.
    pub(super) fn draws_planned(&self) -> bool {
        self.g.actions.is_some() && self.g.actions_countable
    }

    /// [`Engine::count_turns`] and the draw of one of the turns in one
    /// call, for a game that [`Grid::draws_planned`]: `pick` is given
    /// `st` and the number of turns, and gives the index of the turn to
    /// draw, which is written over `drawn` (a move that keeps
    /// [`Step::NONE`] past its steps), or `None` to draw none (then
    /// `false`). The turns, their order and their number are those of
    /// [`Engine::count_turns`] and [`Engine::counted_turn_at`]. The state
    /// is restored before returning.
    #[inline(always)]
    pub(super) fn draw_planned(
        &self,
        st: &mut State,
        out: &mut Vec<Move>,
        drawn: &mut Move,
        pick: impl FnOnce(&State, usize) -> Option<usize>,
    ) -> Result<bool, TooManyTurns> {
        if let Some(actions) = self.g.actions.as_ref().filter(|_| st.offenders == 0) {
            return actions.draw(self, st, out, drawn, pick);
        }
        self.legal(st, out);
        let Some(i) = pick(st, out.len()) else {
            return Ok(false);
        };
        *drawn = out[i];
        Ok(true)
    }

    /// [`Engine::counted_turn_at`] of a game without dice: with actions,
    /// from the plan counted (see `actions/plan.rs`), else
    /// [`Engine::turn_at`].
    #[inline]
    pub(super) fn counted_turn_at(&self, st: &State, listed: &[Move], i: usize) -> Move {
        match &self.g.actions {
            Some(actions) => {
                let mut m = Move::PASS;
                actions.counted_turn_into(self, st, listed, i, &mut m);
                m
            }
            None => self.turn_at(st, listed, i),
        }
    }

    /// [`Grid::counted_turn_at`], written over `out` (a move that keeps
    /// [`Step::NONE`] past its steps, as every move does): no whole move
    /// built and copied where the turn is a step or a plan's.
    pub(super) fn counted_turn_into(&self, st: &State, listed: &[Move], i: usize, out: &mut Move) {
        match &self.g.actions {
            Some(actions) => actions.counted_turn_into(self, st, listed, i, out),
            None => match listed.get(i) {
                Some(m) => *out = *m,
                None => self.step_into(st, i - listed.len(), out),
            },
        }
    }

    /// The turn of index `i` of `st` (below what [`Engine::count_turns`]
    /// returned, with the turns it left in `listed`). In a dice game, the
    /// turns counted last on this thread if they are those of `st`; else
    /// the roll is searched again.
    pub(super) fn turn_at(&self, st: &State, listed: &[Move], i: usize) -> Move {
        if let Some(m) = listed.get(i) {
            return *m;
        }
        // Past the listed turns of a game whose steps are not counted: one
        // with actions.
        if !self.g.steps_countable {
            if let Some(actions) = &self.g.actions {
                return actions.turn_at(self, st, listed, i);
            }
            // Past the last turn: not a turn `count_turns` counted.
            return Move::PASS;
        }
        let mut m = Move::PASS;
        self.step_into(st, i - listed.len(), &mut m);
        m
    }

    /// The step of index `left` among the steps [`Grid::count_turns`]
    /// counted (those past its listed turns), written over `out` (a move
    /// that keeps [`Step::NONE`] past its steps, as every move does): no
    /// whole move built and copied. [`Move::PASS`] past the last.
    pub(super) fn step_into(&self, st: &State, mut left: usize, out: &mut Move) {
        let player = st.to_move as usize;
        let sides = Sides::of(st, player, self.all_sites);
        for s in bits(sides.own) {
            let (t, free) = self.step_targets(st, player, s, &sides);
            let n = few_bits(free);
            if left >= n {
                left -= n;
                continue;
            }
            for target in self.g.lines.steps(t) {
                if free & target.bit == 0 {
                    continue;
                }
                if left == 0 {
                    let step = Step {
                        from: s as u8,
                        to: target.to,
                        over: NONE,
                        die: 0,
                    };
                    out.become_step(NONE, step, target.after);
                    return;
                }
                left -= 1;
            }
        }
        // Past the last turn: not a turn `count_turns` counted.
        *out = Move::PASS;
    }
}
