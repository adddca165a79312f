//! The walk of one typed route of die moves through a roll: the turns a
//! partly or wholly typed route can reach, found die move by die move
//! rather than from every route of the roll.

use super::Dice;
use super::route::Route;
use super::search::distinct;
use super::{Masks, SEARCH_DIE_MOVES, TooManyTurns};
use crate::engine::{Move, State, Step};
use crate::ir::MAX_PLAY_FROM;

/// A route being walked: see [`Engine::turns_by_route`].
pub(super) struct Walk<'a> {
    legal: &'a [Move],
    /// Index in `legal` of each resulting position.
    by_key: std::collections::HashMap<u64, usize>,
    len: usize,
    exact: bool,
    matches: &'a mut dyn FnMut(usize, &Step) -> bool,
    found: Vec<Move>,
    /// What the `play from` obligations count, judged before the turn.
    from: [u128; MAX_PLAY_FROM],
}

impl Dice {
    /// Dice games: the die moves the player to move can play first, before
    /// the obligations.
    pub fn first_die_moves(&self, st: &State) -> Vec<Step> {
        let mut found = Vec::new();
        if self.pass_rule(st).is_some() {
            return found;
        }
        let player = st.to_move as usize;
        let (dice, n) = self.dice_to_play(st);
        let (distinct, kinds) = distinct(&dice[..n]);
        let masks = Masks::of(st);
        let o = self.options(st, &masks, player, &Route::EMPTY, None, None, None);
        self.each_die_move(st, &masks, player, &o, &distinct[..kinds], |_, step| {
            found.push(step);
            true
        });
        found
    }

    /// Dice games: the turns of `legal` (the legal turns of `st`, as
    /// [`Engine::try_legal_moves`] lists them) that a route of die moves
    /// reaches, when `matches(i, step)` tells which die moves may be the
    /// route's `i`-th of its first `len`. With `exact` the route is those
    /// die moves alone, a whole turn; otherwise it may go on in any legal way.
    ///
    /// Die moves are walked one by one, never every route of the roll, so
    /// this is cheap whatever the roll.
    pub fn turns_by_route(
        &self,
        st: &State,
        legal: &[Move],
        len: usize,
        exact: bool,
        matches: &mut dyn FnMut(usize, &Step) -> bool,
    ) -> Result<Vec<Move>, TooManyTurns> {
        let mut walk = Walk {
            legal,
            by_key: legal.iter().enumerate().map(|(i, m)| (m.key, i)).collect(),
            len,
            exact,
            matches,
            found: Vec::new(),
            from: self.play_from_sites(st, &Masks::of(st)),
        };
        if self.pass_rule(st).is_some() {
            return Ok(walk.found);
        }
        if let Some(first) = self.climbs(st) {
            return Ok(self.climbing_by_route(st, first, legal, (len, exact), walk.matches));
        }
        if len > SEARCH_DIE_MOVES {
            return Ok(walk.found);
        }
        let (mut dice, n) = self.dice_to_play(st);
        if n == 0 {
            return Ok(walk.found);
        }
        let mut m = Route::EMPTY;
        let key = self.position_key(st);
        let mut masks = Masks::of(st);
        self.walk(
            &mut st.clone(),
            &mut masks,
            &mut walk,
            &mut dice,
            &mut m,
            n,
            key,
        )?;
        Ok(walk.found)
    }

    #[allow(clippy::too_many_arguments)]
    fn walk(
        &self,
        st: &mut State,
        masks: &mut Masks,
        w: &mut Walk,
        dice: &mut [u8; SEARCH_DIE_MOVES],
        m: &mut Route,
        n: usize,
        key: u64,
    ) -> Result<(), TooManyTurns> {
        let player = st.to_move as usize;
        if m.len as usize == w.len {
            if m.ends || n == 0 || w.exact && !self.can_move(st, masks, player, &dice[..n], m) {
                self.accept(w, player, &Route { key, ..*m });
            } else if !w.exact {
                // Every way the turn may go on from here.
                let mut leaves = Vec::new();
                self.continuations(st, masks, (dice, n), m, key, &mut leaves)?;
                for leaf in &leaves {
                    self.accept(w, player, leaf);
                }
            }
            return Ok(());
        }
        if m.ends || n == 0 {
            return Ok(());
        }
        let o = self.options(st, masks, player, m, None, None, None);
        let (distinct, kinds) = distinct(&dice[..n]);
        // Found first, then walked: a walk plays on the position.
        let mut moves = Vec::new();
        self.each_die_move(st, masks, player, &o, &distinct[..kinds], |at, step| {
            moves.push((at, step));
            true
        });
        for ((from, target), step) in moves {
            if !(w.matches)(m.len as usize, &step) {
                continue;
            }
            let k = dice[..n].iter().position(|&d| d == step.die).unwrap_or(0);
            let (undo, key) = self.advance(
                st,
                masks,
                player,
                dice,
                m,
                (k, n),
                (from, target),
                (step.from, step.to),
                key,
            );
            let walked = self.walk(st, masks, w, dice, m, n - 1, key);
            self.retreat(st, masks, player, dice, m, undo);
            walked?;
        }
        Ok(())
    }

    /// Notes the listed turn that a complete route `leaf` of `player`
    /// amounts to, if the obligations allow the route.
    fn accept(&self, w: &mut Walk, player: usize, leaf: &Route) {
        // The turns the obligations keep share their measures, except turns
        // that end the game in a game that exempts them, which are kept
        // whatever they measure.
        let t = &self.t;
        let exempt = |m: &Route| t.ending_turn_exempt && m.ends;
        let allowed = exempt(leaf)
            || w.legal
                .iter()
                .map(|m| Route::of(m, &t.position[player]))
                .find(|m| !exempt(m))
                .is_some_and(|kept| {
                    let measure = |p, r: &Route| {
                        let from = |i: u8| w.from[usize::from(i)];
                        Self::measure(p, r.steps(), (r.len, r.die, r.pips), from)
                    };
                    t.play
                        .iter()
                        .all(|&p| measure(p, &kept) == measure(p, leaf))
                });
        if allowed
            && let Some(&i) = w.by_key.get(&leaf.key)
            && !w.found.contains(&w.legal[i])
        {
            w.found.push(w.legal[i]);
        }
    }
}
