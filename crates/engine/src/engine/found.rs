//! The turns of a game without dice as they are found, written over the
//! caller's move buffer.

use super::{Move, Step, turns};

/// The turns of a game without dice as they are found, written into the
/// caller's move buffer over the moves it held before: a one-step move
/// only rewrites a few fields of an old move instead of copying a whole
/// [`Move`] (most of which is its array of steps). [`Found::finish`] cuts
/// the buffer to the turns found.
pub(super) struct Found<'a> {
    out: &'a mut Vec<Move>,
    /// The turns found: `out[..n]`; past it, old moves to write over.
    n: usize,
}

impl<'a> Found<'a> {
    /// Starts writing at the beginning of `out`.
    pub fn new(out: &'a mut Vec<Move>) -> Self {
        Found { out, n: 0 }
    }

    /// How many turns are found.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Records a copy of `m`, and returns it to be amended.
    pub fn push(&mut self, m: &Move) -> &mut Move {
        if self.n < self.out.len() {
            self.out[self.n] = *m;
        } else {
            self.out.push(*m);
        }
        self.n += 1;
        &mut self.out[self.n - 1]
    }

    /// Records the one-step move `step` (after the huff `huff`), whose
    /// piece is of kind `after` once it arrives.
    pub fn step(&mut self, huff: u8, step: Step, after: u8) {
        if self.n < self.out.len() {
            self.out[self.n].become_step(huff, step, after);
        } else {
            let mut m = Move {
                huff,
                len: 1,
                kind_after: after,
                ..Move::EMPTY
            };
            m.steps[0] = step;
            self.out.push(m);
        }
        self.n += 1;
    }

    /// Drops, from the turns found from `first` on, every capture that an
    /// earlier one already makes (see [`turns::merge_duplicates`]).
    pub fn merge_duplicates(&mut self, first: usize) {
        self.n = first + turns::merge_duplicates(&mut self.out[first..self.n]);
    }

    /// Keeps, of the turns found from `first` on, those `keep` accepts,
    /// in their order.
    pub fn keep_from(&mut self, first: usize, keep: impl Fn(&Move) -> bool) {
        let mut kept = first;
        for i in first..self.n {
            if keep(&self.out[i]) {
                self.out[kept] = self.out[i];
                kept += 1;
            }
        }
        self.n = kept;
    }

    /// Cuts the buffer to the turns found.
    pub fn finish(self) {
        self.out.truncate(self.n);
    }
}
