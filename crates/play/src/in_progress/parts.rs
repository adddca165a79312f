//! A game in progress played die move by die move: the die moves typed
//! so far, the turns they begin, what may follow, and one man's die moves
//! typed as one (`24/13`).

use super::{Extended, GameInProgress};
use crate::engine::{Engine, Move, State, Step, TooManyTurns};
use std::ops::Deref;

/// Turns played die move by die move.
impl<E: Deref<Target = Engine>> GameInProgress<E> {
    /// Whether the turns of the roll are played die move by die move:
    /// dice thrown, and every sequence of them listed.
    pub fn by_die_moves(&self) -> bool {
        self.kept.parts && self.engine.thrown(&self.st) && self.unlisted.is_none()
    }

    /// Why the roll's turns are played whole, not die move by die move
    /// (too many routes to list), where they are.
    pub fn unlisted(&self) -> Option<TooManyTurns> {
        self.unlisted
    }

    /// The die moves played so far this turn, in notation.
    pub fn typed(&self) -> &[String] {
        &self.typed
    }

    /// Keeps `typed` as the die moves played so far this turn (a
    /// beginning of some turns, from [`GameInProgress::extend`]).
    pub fn set_typed(&mut self, typed: Vec<String>) {
        self.typed = typed;
        self.version += 1;
    }

    /// Forgets the die moves typed this turn.
    pub fn clear_typed(&mut self) {
        if !self.typed.is_empty() {
            self.typed.clear();
            self.version += 1;
        }
    }

    /// The sequences of die moves that begin with `typed`, by index.
    fn extending(&self, typed: &[String]) -> Vec<usize> {
        (0..self.sequences.len())
            .filter(|&i| self.sequence_steps[i].starts_with(typed))
            .collect()
    }

    /// What the die moves `words` make after those typed so far: a whole
    /// turn, or the beginning of some; else the index of the first word
    /// no legal turn continues with (0 where no turn goes on from those
    /// typed so far at all).
    /// A word may be one man's die moves written as one (`24/13`, as
    /// backgammon players and GNU Backgammon write them): it stands for
    /// the die moves of a legal turn that take him from its first point
    /// to its last.
    pub fn extend(&self, words: &[String]) -> Result<Extended, usize> {
        let mut typed = self.typed.clone();
        for (k, word) in words.iter().enumerate() {
            typed.push(word.clone());
            if !self.extending(&typed).is_empty() {
                continue;
            }
            typed.pop();
            match self.joined(&typed, word) {
                Some(steps) => typed.extend(steps),
                None => return Err(k),
            }
        }
        let found = self.extending(&typed);
        let Some(&first) = found.first() else {
            return Err(0);
        };
        if found
            .iter()
            .all(|&i| self.sequence_steps[i].len() == typed.len())
        {
            Ok(Extended::Turn(self.sequences[first]))
        } else {
            Ok(Extended::Part(typed))
        }
    }

    /// The die moves, after `typed`, of one man going from the first point
    /// of `word` (`13/2`) to its last in two die moves or more, as the
    /// first legal turn that continues so makes them.
    fn joined(&self, typed: &[String], word: &str) -> Option<Vec<String>> {
        let (from, to) = word.split_once('/')?;
        if to.contains('/') {
            return None;
        }
        let n = typed.len();
        self.extending(typed).into_iter().find_map(|i| {
            let steps = &self.sequence_steps[i][n..];
            let mut at = from;
            for (j, step) in steps.iter().enumerate() {
                let (a, b) = step.split_once('/')?;
                if a != at {
                    return None;
                }
                if b == to && j > 0 {
                    return Some(steps[..=j].to_vec());
                }
                at = b;
            }
            None
        })
    }

    /// The turns that begin with the die moves typed so far, each once
    /// (all the legal turns before any).
    pub fn turns_begun(&self) -> Vec<Move> {
        if self.typed.is_empty() {
            return self.moves.clone();
        }
        let mut seen = Vec::new();
        let mut turns = Vec::new();
        for i in self.extending(&self.typed) {
            let m = self.sequences[i];
            if !seen.contains(&m.key) {
                seen.push(m.key);
                turns.push(m);
            }
        }
        turns
    }

    /// The die moves that may follow `typed`, in the engine's order.
    pub fn continuations(&self, typed: &[String]) -> Vec<String> {
        self.next_steps(typed).into_iter().map(|(t, _)| t).collect()
    }

    /// The die moves that may follow `typed`, in notation and as steps.
    pub fn next_steps(&self, typed: &[String]) -> Vec<(String, Step)> {
        let k = typed.len();
        let mut next: Vec<(String, Step)> = Vec::new();
        for i in self.extending(typed) {
            if let (Some(text), Some(step)) = (
                self.sequence_steps[i].get(k),
                self.sequences[i].steps().get(k),
            ) && !next.iter().any(|(t, _)| t == text)
            {
                next.push((text.clone(), *step));
            }
        }
        next
    }

    /// The position after the die moves typed so far, the mover still to
    /// move.
    pub fn view(&self) -> State {
        self.view_after(&self.typed)
    }

    /// The position after the die moves `typed`, the mover still to move
    /// with the same roll.
    pub fn view_after(&self, typed: &[String]) -> State {
        let mut view = self.st.clone();
        if typed.is_empty() {
            return view;
        }
        let Some(&i) = self.extending(typed).first() else {
            return view;
        };
        let mut part = self.sequences[i];
        part.len = typed.len() as u8;
        self.engine.play_unchecked(&mut view, &part);
        view.to_move = self.st.to_move;
        view.dice = self.st.dice;
        view.counters = self.st.counters;
        view.turns = self.st.turns;
        view
    }

    /// The dice still to play after the die moves typed so far, such as
    /// `3` or `5-5-5` (alternatives joined by `or` when the dice used are
    /// not decided, as when either die bears a man off).
    pub fn dice_left(&self) -> String {
        let options: Vec<String> = self
            .left_after(&self.typed)
            .iter()
            .map(|left| {
                let text: Vec<String> = left.iter().map(u8::to_string).collect();
                if text.is_empty() {
                    "none".to_string()
                } else {
                    text.join("-")
                }
            })
            .collect();
        options.join(" or ")
    }

    /// The dice left after the die moves `typed`, largest first: one list
    /// per way of having played them.
    pub fn left_after(&self, typed: &[String]) -> Vec<Vec<u8>> {
        let Some(dice) = self.engine.game().dice else {
            return Vec::new();
        };
        let thrown: Vec<u8> = self
            .st
            .dice
            .iter()
            .copied()
            .filter(|&d| d != 0 && d != crate::ir::ZERO_THROW)
            .collect();
        let doubles = thrown.len() > 1 && thrown.iter().all(|&d| d == thrown[0]);
        let times = if doubles && dice.doubles_twice { 2 } else { 1 };
        let all: Vec<u8> = thrown
            .iter()
            .flat_map(|&d| std::iter::repeat_n(d, times))
            .collect();
        let mut options: Vec<Vec<u8>> = Vec::new();
        for i in self.extending(typed) {
            let mut left = all.clone();
            for s in &self.sequences[i].steps()[..typed.len()] {
                if let Some(k) = left.iter().position(|&d| d == s.die) {
                    left.remove(k);
                }
            }
            left.sort_unstable_by(|a, b| b.cmp(a));
            if !options.contains(&left) {
                options.push(left);
            }
        }
        options
    }
}
