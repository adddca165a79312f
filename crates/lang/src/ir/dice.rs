//! The dice of a game (`dice { .. }`): how many, their faces, how doubles
//! play and climb, and the numbers a throw shows and the state keeps.

use super::MAX_STEPS;
use serde::Serialize;

/// The most dice a game throws per turn.
pub const MAX_DICE: usize = 4;

/// The most die moves of one turn: a climbing sequence of doubles
/// ([`Climb`]) is checked to fit, and one roll of [`MAX_DICE`] dice,
/// doubles twice, is 8.
pub const MAX_DIE_MOVES: usize = MAX_STEPS;

/// The most faces a die may list with their values (`faces 0 0 1 1`).
pub const MAX_LISTED_FACES: usize = 16;

/// The highest value a listed face may have.
pub const MAX_FACE_VALUE: u8 = 60;

/// A die (or a summed throw) showing 0, as [`crate::engine::State`]'s
/// `dice` keeps it, where 0 means that no die is thrown yet: it moves no
/// man, so a throw of nothing but zeros passes the turn.
pub const ZERO_THROW: u8 = u8::MAX;

/// The first die's slot of [`crate::engine::State`]'s `dice` while the
/// player to move is to choose his dice (`choose double after throw`)
/// rather than throw them.
pub const CHOOSING: u8 = u8::MAX - 1;

/// The dice thrown at the start of every turn.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Dice {
    /// How many dice, at most [`MAX_DICE`].
    pub count: u8,
    /// Faces of each die: numbered from 1 to this, or as many as `values`
    /// lists.
    pub faces: u8,
    /// Each face's value, when the file lists them (`faces 0 0 1 1`): the
    /// first `faces` entries; `None` for faces numbered from 1.
    pub values: Option<[u8; MAX_LISTED_FACES]>,
    /// Whether the dice are added up into one number (`summed`), played as
    /// one die move, rather than used one by one.
    pub summed: bool,
    /// Whether doubles are played twice over (four die moves with two dice).
    pub doubles_twice: bool,
    /// Whether die moves are written by points counted down from the
    /// mover's side, hits marked `*` (`notation counting down`), instead
    /// of by track positions from 0.
    pub notation_down: bool,
    /// The opening throw, if any: each player throws one die, equal dice
    /// are thrown again, the higher starts; `Some(true)`: he plays those two
    /// numbers as his first roll, `Some(false)`: he throws anew.
    pub opening: Option<bool>,
    /// Climbing doubles (`doubles climb to 6 from turn 4`): from that turn
    /// of each player on, a double is played as the game plays doubles,
    /// then every higher double up to `top`, in that order.
    pub climb: Option<Climb>,
}

/// Climbing doubles: see [`Dice::climb`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Climb {
    /// The highest double of the sequence, at most the dice's faces.
    pub top: u8,
    /// The player's own turn from which doubles climb (1: every turn), at
    /// most [`MAX_LIMIT_TURN`].
    pub from_turn: u8,
    /// `each double a turn`: each double of the sequence is a turn of its
    /// own, the same player's, played in full before the next is his
    /// (else the whole sequence is one turn).
    pub each: bool,
}

impl Dice {
    /// The value of face `i` (from 0).
    pub fn face(&self, i: u8) -> u8 {
        match &self.values {
            Some(values) => values[i as usize],
            None => i + 1,
        }
    }

    /// How many numbers a throw shows: one when the dice are summed.
    pub fn shown(&self) -> usize {
        if self.summed { 1 } else { self.count as usize }
    }

    /// Every number one shown slot can hold: a face's value, or a sum of
    /// `count` of them; sorted, each once.
    pub fn numbers(&self) -> Vec<u8> {
        let mut out: Vec<u8> = self.throws().iter().flat_map(|(t, _)| *t).collect();
        out.retain(|&d| d != 0);
        out.iter_mut().for_each(|d| *d = shown_value(*d));
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Every distinct throw, as the state keeps it (the numbers shown,
    /// largest first, a 0 as [`ZERO_THROW`], the rest 0), with how many
    /// of the `faces ^ count` equally likely ways of throwing give it.
    pub fn throws(&self) -> Vec<([u8; MAX_DICE], u64)> {
        let mut out: Vec<([u8; MAX_DICE], u64)> = Vec::new();
        // Dice without faces (a `dice` section the checker refuses, still
        // read for its other mistakes) throw nothing.
        if self.faces == 0 {
            return out;
        }
        let count = self.count as usize;
        let mut idx = [0u8; MAX_DICE];
        loop {
            let mut thrown = [0u8; MAX_DICE];
            if self.summed {
                let sum: u8 = idx[..count].iter().map(|&i| self.face(i)).sum();
                thrown[0] = stored_value(sum);
            } else {
                for (t, &i) in thrown.iter_mut().zip(&idx[..count]) {
                    *t = self.face(i);
                }
                thrown[..count].sort_unstable_by(|a, b| b.cmp(a));
                thrown[..count]
                    .iter_mut()
                    .for_each(|d| *d = stored_value(*d));
            }
            match out.iter_mut().find(|(t, _)| *t == thrown) {
                Some((_, n)) => *n += 1,
                None => out.push((thrown, 1)),
            }
            // The next way of throwing, the first die fastest.
            let mut k = 0;
            while k < count && idx[k] + 1 == self.faces {
                idx[k] = 0;
                k += 1;
            }
            if k == count {
                break;
            }
            idx[k] += 1;
        }
        out.sort_unstable_by_key(|a| shown(&a.0));
        out
    }
}

/// A number as the state keeps it: 0 as [`ZERO_THROW`].
pub fn stored_value(d: u8) -> u8 {
    if d == 0 { ZERO_THROW } else { d }
}

/// A kept number as shown: [`ZERO_THROW`] as 0.
pub fn shown_value(d: u8) -> u8 {
    if d == ZERO_THROW { 0 } else { d }
}

fn shown(t: &[u8; MAX_DICE]) -> [u8; MAX_DICE] {
    t.map(shown_value)
}
