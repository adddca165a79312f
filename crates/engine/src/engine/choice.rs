//! A random playout's turn drawn without listing every step: in a game
//! without dice whose steps are all near ones, the turns are the captures
//! (listed as [`Engine::legal_moves`] lists them) followed by one step per
//! free target of each piece, in site order and then in the file's
//! direction order; so their number is the captures plus a sum of
//! population counts, and the turn drawn is built alone; where the
//! player to move may huff, so for no huff and then each huff. In a dice game
//! the search keeps a roll's turns as routes of die moves (a quarter of a
//! [`Move`] each), and only the turn drawn is made a `Move`. The turns,
//! their order and their number are those of [`Engine::legal_moves`].

use super::found::Found;
use super::grid::Grid;
use super::sides::{Sides, bits, few_bits};
use super::{Move, NONE, State, Step, TooManyTurns, bit};

impl Grid {
    /// Whether [`Engine::count_turns`] may leave the steps unlisted: no
    /// dice, no `play` obligations, no `forbid` or `pass` rules, no far
    /// lines, and no piece with two near steps to one site.
    pub(super) fn steps_countable(&self) -> bool {
        self.game.rules.play.is_empty()
            && !self.neither_rule
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
                if self.g.steps_countable {
                    return Ok(self.count_huffing_turns(st, out));
                }
                self.legal(st, out);
                return Ok(out.len());
            }
            return self.count_other_turns(st, out);
        }
        let player = st.to_move as usize;
        let sides = Sides::of(self, st, player);
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

    /// [`Grid::count_turns`] of a position where the player to move may
    /// huff: the turns after no huff, then after each huff in site order,
    /// as [`Grid::legal`] lists them; of each, the captures listed (each
    /// move names its huff) and the steps counted. Compiled apart, so that
    /// the loop of the others stays as it was.
    #[inline(never)]
    fn count_huffing_turns(&self, st: &mut State, out: &mut Vec<Move>) -> usize {
        let mut found = Found::new(out);
        let mut steps = self.count_after_huff(st, NONE, &mut found);
        let mut offenders = st.offenders;
        while offenders != 0 {
            let h = offenders.trailing_zeros() as u8;
            offenders &= offenders - 1;
            steps += self.huffed(st, h, |st, none_left| {
                if none_left {
                    found.push(&Move {
                        huff: h,
                        ..Move::EMPTY
                    });
                    0
                } else {
                    self.count_after_huff(st, h, &mut found)
                }
            });
        }
        found.finish();
        if out.is_empty() && steps == 0 && !self.no_moves_rule {
            out.push(Move::PASS);
        }
        out.len() + steps
    }

    /// Lists the captures of the player to move after the huff `huff`
    /// into `found`, and counts his steps: the number of steps, none
    /// where a capture is compulsory and there is one.
    fn count_after_huff(&self, st: &mut State, huff: u8, found: &mut Found) -> usize {
        let sides = Sides::of(self, st, st.to_move as usize);
        let mut steps = 0;
        if self.captures(st, huff, &sides, found, Some(&mut steps)) {
            return 0;
        }
        steps
    }

    /// The turn of index `i` of a position where the player to move may
    /// huff, of those [`Grid::count_huffing_turns`] counted, with the
    /// captures it left in `listed`, written over `out`: the captures
    /// after each huff are those of `listed` naming it, and the steps are
    /// counted again, with the huffed piece's site empty.
    pub(super) fn huffing_turn_into(
        &self,
        st: &State,
        listed: &[Move],
        mut i: usize,
        out: &mut Move,
    ) {
        let player = st.to_move as usize;
        let board = Sides::of(self, st, player);
        let compulsory = self.game.rules.capture == crate::ir::Obligation::Compulsory;
        let mut first = 0;
        let mut huff = NONE;
        let mut offenders = st.offenders;
        loop {
            let captures = listed[first..]
                .iter()
                .take_while(|m| m.huff == huff)
                .count();
            if i < captures {
                *out = listed[first + i];
                return;
            }
            i -= captures;
            first += captures;
            // After a huff of the opponent's last piece, the huff alone.
            let alone = huff != NONE && st.counts[1 - player] == 1;
            // Else steps follow, unless a capture is compulsory and found.
            if !(alone || compulsory && captures > 0) {
                let sides = match huff {
                    NONE => board,
                    h => Sides {
                        opp: board.opp & !bit(h),
                        empty: board.empty | bit(h),
                        ..board
                    },
                };
                match self.nth_step(st, &sides, huff, i, out) {
                    None => return,
                    Some(left) => i = left,
                }
            }
            if offenders == 0 {
                // Past the last turn: not a turn `count_turns` counted.
                *out = Move::PASS;
                return;
            }
            huff = offenders.trailing_zeros() as u8;
            offenders &= offenders - 1;
        }
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
    /// playouts: a game without dice whose actions count its turns, or
    /// whose turns after huffs are counted.
    pub(super) fn draws_planned(&self) -> bool {
        self.g.actions.is_some() && self.g.actions_countable || self.huffs_counted()
    }

    /// Whether the player to move may huff, and the turns of such a
    /// position are counted ([`Grid::count_huffing_turns`]): their order
    /// is not that of the captures listed, so a playout draws them with
    /// [`Grid::draw_planned`].
    fn huffs_counted(&self) -> bool {
        self.g.steps_countable && self.game.rules.capture == crate::ir::Obligation::Huff
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
        if self.huffs_counted() {
            let n = self.count_turns(st, out)?;
            let Some(i) = pick(st, n) else {
                return Ok(false);
            };
            self.turn_into(st, out, i, drawn);
            return Ok(true);
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

    /// [`Grid::turn_at`] right after [`Grid::count_turns`] of a game
    /// without actions, written over `out`.
    #[inline(always)]
    fn turn_into(&self, st: &State, listed: &[Move], i: usize, out: &mut Move) {
        if st.offenders != 0 {
            return self.huffing_turn_into(st, listed, i, out);
        }
        match listed.get(i) {
            Some(m) => *out = *m,
            None => self.step_into(st, i - listed.len(), out),
        }
    }

    /// [`Grid::counted_turn_at`], written over `out` (a move that keeps
    /// [`Step::NONE`] past its steps, as every move does): no whole move
    /// built and copied where the turn is a step or a plan's.
    /// No position where the player to move may huff comes here: a
    /// playout of a game with huffs draws through [`Grid::draw_planned`].
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
        if st.offenders != 0 && self.g.steps_countable {
            let mut m = Move::PASS;
            self.huffing_turn_into(st, listed, i, &mut m);
            return m;
        }
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
    pub(super) fn step_into(&self, st: &State, left: usize, out: &mut Move) {
        let sides = Sides::of(self, st, st.to_move as usize);
        if self.nth_step(st, &sides, NONE, left, out).is_some() {
            // Past the last turn: not a turn `count_turns` counted.
            *out = Move::PASS;
        }
    }

    /// The step of index `left` of the player to move, on the board
    /// `sides`, after the huff `huff`, written over `out`; else how many
    /// steps past the last `left` is.
    #[inline(always)]
    fn nth_step(
        &self,
        st: &State,
        sides: &Sides,
        huff: u8,
        mut left: usize,
        out: &mut Move,
    ) -> Option<usize> {
        let player = st.to_move as usize;
        for s in bits(sides.own) {
            let (t, free) = self.step_targets(st, player, s, sides);
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
                    out.become_step(huff, step, target.after);
                    return None;
                }
                left -= 1;
            }
        }
        Some(left)
    }
}
