//! The outcome of a position: the game's end rules judged for the player
//! about to move.

use super::{Core, Outcome, State, progress};
use crate::ir::{EndResult, EndRule};

/// How a game's end rules are judged after a turn ([`Core::rules_outcome`]).
pub(super) type Judge = fn(&Core, &State, bool) -> Outcome;

impl Core {
    /// The points a win of the game can be worth, in increasing order: 1 (a
    /// win by a rule other than an end condition) and each end condition's.
    pub fn win_points(&self) -> Vec<u8> {
        let mut points = vec![1u8];
        for rule in &self.game().end {
            if let EndRule::When {
                result: EndResult::Win | EndResult::Loss,
                points: p,
                ..
            } = *rule
            {
                points.push(p);
            }
        }
        points.sort_unstable();
        points.dedup();
        points
    }

    /// The most points a win of the game can be worth: the last of
    /// [`Core::win_points`], the unit of the agents' and the learned
    /// evaluations' values.
    pub fn most_points(&self) -> u8 {
        self.win_points().last().copied().unwrap_or(1)
    }

    /// The end rules for the player about to move but the end conditions
    /// of a dice game, in file order: by the judge [`Core::judge_for`]
    /// chose for the game, so that a turn pays one call and no branch.
    #[inline(always)]
    pub(super) fn rules_outcome(&self, st: &State, has_moves: bool) -> Outcome {
        (self.judge)(self, st, has_moves)
    }

    /// The judge of [`Core::rules_outcome`] for a game of `players`
    /// whose end rules are `plain` (neither conditions nor counters with
    /// `while`; every dice game, and most others) or have `neither can
    /// move` (`neither`: then its rules are judged apart, whatever they
    /// are).
    pub(super) fn judge_for(plain: bool, neither: bool, players: usize) -> Judge {
        match (neither, plain, players > 2) {
            (true, _, false) => Core::judge_neither::<false>,
            (true, _, true) => Core::judge_neither::<true>,
            (false, true, _) => Core::rules_outcome_plain,
            (false, false, false) => Core::rules_outcome_extended::<false>,
            (false, false, true) => Core::rules_outcome_many,
        }
    }

    /// [`Core::rules_outcome`] of a game whose end rules have neither
    /// conditions nor counters with `while`: what such games judged before
    /// those. Never inlined, so that [`Engine::outcome_after`] stays small
    /// enough to be inlined in a playout's loop.
    #[inline(never)]
    fn rules_outcome_plain(&self, st: &State, has_moves: bool) -> Outcome {
        self.judge_rules::<false, false>(st, has_moves, 0..self.game.end.len())
    }

    /// [`Core::rules_outcome_extended`] of a game of more than two
    /// players, whose end conditions are judged round the table.
    #[cold]
    #[inline(never)]
    fn rules_outcome_many(&self, st: &State, has_moves: bool) -> Outcome {
        self.rules_outcome_extended::<true>(st, has_moves)
    }

    /// [`Core::rules_outcome`] of the other games without dice. The
    /// rules of the counters with `while` are passed over while none of
    /// those counters has reached the turns of its rules (they count only
    /// while their conditions hold: most turns they are 0). `MANY`: the
    /// game has more than two players.
    #[inline(never)]
    fn rules_outcome_extended<const MANY: bool>(&self, st: &State, has_moves: bool) -> Outcome {
        // The first counter is never one with `while`.
        let due = !self.counter_while.is_empty()
            && (st.counters[1..].iter().zip(&self.while_due[1..]))
                .fold(false, |d, (c, w)| d | (c >= w));
        if due {
            return self.judge_rules::<true, MANY>(st, has_moves, 0..self.game.end.len());
        }
        if self.end_simple {
            if has_moves && st.counts[0].min(st.counts[1]) > self.end_floor {
                return Outcome::Ongoing;
            }
            return self.judge_simple::<MANY>(st, has_moves);
        }
        self.judge_rules::<true, MANY>(st, has_moves, self.end_fast.iter().copied())
    }

    /// The end rules of a game with `neither can move`, in file order,
    /// as [`Core::judge_rules`] judges them; where the player about to
    /// move has no move (so neither has: else he would pass), up to
    /// `neither can move`, which then holds. `MANY`: the game has more
    /// than two players.
    #[inline(never)]
    fn judge_neither<const MANY: bool>(&self, st: &State, has_moves: bool) -> Outcome {
        if has_moves {
            return self.judge_rules::<true, MANY>(st, true, 0..self.game.end.len());
        }
        for (i, rule) in self.game.end.iter().enumerate() {
            if let EndRule::NeitherMoves(r) = *rule {
                let before = self.judge_rules::<true, MANY>(st, false, 0..i);
                if before != Outcome::Ongoing {
                    return before;
                }
                return r.map_or_else(
                    || progress::more_pieces(st),
                    |r| result_for(st, st.to_move as usize, r, 1),
                );
            }
        }
        self.judge_rules::<true, MANY>(st, false, 0..self.game.end.len())
    }

    /// The turns counted by the no-progress counter of end rule `i`; 0
    /// where it has none.
    #[inline(always)]
    fn counted(&self, st: &State, i: usize) -> u32 {
        st.counters
            .get(usize::from(self.end_counter[i]))
            .copied()
            .unwrap_or(0)
    }

    /// [`Core::judge_rules`] of `end_fast` where its rules are only of
    /// the kinds `end_simple` names: a loop that reads nothing else (the
    /// general one makes ready for every kind before its first rule).
    #[inline(always)]
    fn judge_simple<const MANY: bool>(&self, st: &State, has_moves: bool) -> Outcome {
        let mover = st.to_move as usize;
        for &i in self.end_fast.iter() {
            match self.game.end[i] {
                EndRule::NoPieces(r) if st.counts[mover] == 0 => {
                    return result_for(st, mover, r, 1);
                }
                EndRule::NoMoves(r) if !has_moves => return result_for(st, mover, r, 1),
                EndRule::When { result, points, .. } => {
                    if let Some(o) = self.when_holds::<MANY>(i, st, mover, result, points) {
                        return o;
                    }
                }
                _ => {}
            }
        }
        Outcome::Ongoing
    }

    /// The end rules of `rules` (indices of [`crate::ir::Game::end`], in
    /// file order) judged; with `CONDITIONS`, those with conditions too,
    /// compiled apart so that other games judge what they did.
    #[inline(always)]
    fn judge_rules<const CONDITIONS: bool, const MANY: bool>(
        &self,
        st: &State,
        has_moves: bool,
        rules: impl Iterator<Item = usize>,
    ) -> Outcome {
        let mover = st.to_move as usize;
        let judge = |r: EndResult| match r {
            EndResult::Loss => Outcome::Decisive {
                winner: 1 - mover,
                points: 1,
            },
            EndResult::Win => Outcome::Decisive {
                winner: mover,
                points: 1,
            },
            EndResult::Draw => Outcome::Draw,
            EndResult::MorePieces => more_pieces(st),
        };
        for i in rules {
            match self.game.end[i] {
                EndRule::NoPieces(r) if st.counts[mover] == 0 => return judge(r),
                EndRule::NoCapture(n) if self.counted(st, i) >= n => {
                    return progress::more_pieces(st);
                }
                EndRule::NoMoves(r) if !has_moves => return judge(r),
                EndRule::NoMove(n, r) if self.counted(st, i) >= n => return judge(r),
                EndRule::NoProgress { turns, result, .. } if self.counted(st, i) >= turns => {
                    return match result {
                        Some(r) => judge(r),
                        None => progress::more_pieces(st),
                    };
                }
                EndRule::Repetition(n, r) if self.repeated(st) >= n => return judge(r),
                EndRule::When { result, points, .. } if CONDITIONS => {
                    if let Some(o) = self.when_holds::<MANY>(i, st, mover, result, points) {
                        return o;
                    }
                }
                _ => {}
            }
        }
        Outcome::Ongoing
    }

    /// The outcome of the end condition of rule `i` (`end: NAME: CONDITION`),
    /// judged for the player who just moved first, as in dice games; `None`
    /// where it holds for neither (or the rule has no compiled condition).
    #[inline(always)]
    fn when_holds<const MANY: bool>(
        &self,
        i: usize,
        st: &State,
        mover: usize,
        result: EndResult,
        points: u8,
    ) -> Option<Outcome> {
        let Some(cond) = self.end_conditions[i].as_ref() else {
            return self.chain_holds::<MANY>(i, st, mover, result, points);
        };
        if MANY {
            let last = self.previous_player(mover);
            return self.in_turn_from(st, last, |who| cond.holds(st, who), result, points);
        }
        [1 - mover, mover]
            .into_iter()
            .find(|&who| cond.holds(st, who))
            .map(|who| result_for(st, who, result, points))
    }

    /// [`Core::when_holds`] of an end rule without a compiled condition:
    /// one that reads a chain (`connects`), judged out of line so that the
    /// other games' end conditions are judged as before; `None` for the
    /// rest (a dice game's end conditions, judged by its search).
    #[inline(never)]
    fn chain_holds<const MANY: bool>(
        &self,
        i: usize,
        st: &State,
        mover: usize,
        result: EndResult,
        points: u8,
    ) -> Option<Outcome> {
        let chains = self.connections.as_ref()?;
        if MANY {
            let last = self.previous_player(mover);
            return self.in_turn_from(st, last, |who| chains.holds(i, st, who), result, points);
        }
        [1 - mover, mover]
            .into_iter()
            .find(|&who| chains.holds(i, st, who))
            .map(|who| result_for(st, who, result, points))
    }
}

impl Core {
    /// In a game of more than two players, the outcome of an end rule
    /// judged for each player in turn from `first` (the one who just
    /// moved): `result` for the first for whom `holds` (a win or a draw:
    /// the checker refuses the results that read an opponent).
    #[cold]
    #[inline(never)]
    fn in_turn_from(
        &self,
        st: &State,
        first: usize,
        holds: impl Fn(usize) -> bool,
        result: EndResult,
        points: u8,
    ) -> Option<Outcome> {
        let n = self.players;
        (first..first + n)
            .map(|who| who % n)
            .find(|&who| holds(who))
            .map(|who| result_for(st, who, result, points))
    }
}

/// The outcome of `result` for player `who`, worth `points` to the winner.
/// Out of line: a rule that holds ends the game, once.
#[inline(never)]
pub(super) fn result_for(st: &State, who: usize, result: EndResult, points: u8) -> Outcome {
    match result {
        EndResult::Loss => Outcome::Decisive {
            winner: 1 - who,
            points,
        },
        EndResult::Win => Outcome::Decisive {
            winner: who,
            points,
        },
        EndResult::Draw => Outcome::Draw,
        EndResult::MorePieces => more_pieces(st),
    }
}

/// `more pieces wins` as an end rule's result, out of line: most games'
/// end rules never give it.
#[cold]
#[inline(never)]
fn more_pieces(st: &State) -> Outcome {
    progress::more_pieces(st)
}
