//! A position: what stands where, who moves, and the state the rules need
//! ([`State`]), cloned in place without allocating.

use super::{MAX_KINDS, NONE};
use crate::ir::{MAX_COUNTERS, MAX_DICE, MAX_PLAYERS};

/// The slots of [`State::counters`]: the game's first counter (`quiet`,
/// the turns without a capture, in games without dice; `idle`, the turns
/// in which no man moved, in dice games) and at most [`MAX_COUNTERS`]
/// more.
pub const COUNTER_SLOTS: usize = MAX_COUNTERS + 1;

/// A position: what stands where, who moves, and the state the rules need.
///
/// Two states are equal when every field but [`State::history`] and
/// [`State::work`] is: they are how the position was reached, not the
/// position.
#[derive(Debug)]
pub struct State {
    /// Per site: [`NONE`] or `player << 4 | kind`.
    pub cells: Vec<u8>,
    /// Per site: the sites the piece there has occupied (with `return
    /// forbidden`); in a game with columns (which refuses that rule), the
    /// pieces under the top piece (see [`super::Engine::below`]); empty otherwise.
    pub visited: Vec<u128>,
    /// Pieces per player (0 past the game's players).
    pub counts: [u8; MAX_PLAYERS],
    /// The player to move.
    pub to_move: u8,
    /// Sites of the opponent's pieces that the mover may huff.
    pub offenders: u128,
    /// Per site: how many men stand there (dice games only; empty otherwise).
    pub stack: Vec<u8>,
    /// The dice thrown for this turn; 0 where none is thrown yet.
    pub dice: [u8; MAX_DICE],
    /// The extra turns (`again`) the player to move has taken in a row,
    /// this one included: 0 on an ordinary turn.
    pub again: u8,
    /// Dice games with `choose double`: the dice to play were chosen by
    /// the player, not thrown.
    pub chosen: bool,
    /// Dice games with `doubles climb ..., each double a turn`: the dice to
    /// play are the next double of the player's climbing sequence, not
    /// thrown.
    pub climbing: bool,
    /// Per no-progress counter of the game (see [`Engine::counter_labels`];
    /// the first is `quiet` or `idle`): consecutive turns without any of
    /// its resets.
    pub counters: [u32; COUNTER_SLOTS],
    /// With `same position N times`: the repetition key
    /// ([`Engine::repetition_key`]) of every position since the last
    /// capture, this one last; empty otherwise. Grows in place: cloned with
    /// `clone_from`, it allocates nothing once grown.
    pub history: Vec<u64>,
    /// Dice games: each player's turns played, counted up to the latest
    /// turn a `limit` names (always 0 in other games).
    pub turns: [u8; 2],
    /// Dice games with `pin blots`: the sites where one man lies pinned
    /// under the men standing there (`cells` and `stack` describe those);
    /// the pinned man belongs to the other player.
    pub pinned: u128,
    /// Games without dice: per player, the sites of his pieces, a mask of
    /// what `cells` holds that the engine keeps as pieces move (0 in dice
    /// games). Whoever writes `cells` by hand calls
    /// [`Engine::sync_occupied`] afterwards.
    pub occupied: [u128; MAX_PLAYERS],
    /// Games of more than two players without dice: the sites of the
    /// pieces of every player but the one to move and the one whose
    /// index is his with its lowest bit flipped, so that the mover's
    /// opponents are `occupied[to_move ^ 1] | rest`; 0 in games of two.
    /// Kept with [`State::occupied`].
    pub rest: u128,
    /// Per player, per kind: the pieces in his hand, not yet placed.
    pub hand: [[u8; MAX_KINDS]; MAX_PLAYERS],
    /// Dice games: the positions the search went through for the rolls of
    /// the game so far (each roll counts one at least); a roll past
    /// [`MAX_WORK`] is refused ([`TooManyTurns::Work`]). Not part of the
    /// position: 0 in a position read from text.
    pub work: u64,
}

impl Clone for State {
    fn clone(&self) -> State {
        let mut st = State {
            cells: Vec::new(),
            visited: Vec::new(),
            counts: self.counts,
            to_move: self.to_move,
            offenders: self.offenders,
            stack: Vec::new(),
            dice: self.dice,
            again: self.again,
            chosen: self.chosen,
            climbing: self.climbing,
            counters: self.counters,
            history: Vec::new(),
            turns: self.turns,
            pinned: self.pinned,
            hand: self.hand,
            occupied: self.occupied,
            rest: self.rest,
            work: self.work,
        };
        st.clone_from(self);
        st
    }

    /// Copies `from` into the buffers `self` already has: no allocation
    /// once they have grown, so playouts and perft can reset a state
    /// cheaply. Every field is named, so a new one cannot be forgotten.
    fn clone_from(&mut self, from: &State) {
        let State {
            cells,
            visited,
            counts,
            to_move,
            offenders,
            stack,
            dice,
            again,
            chosen,
            climbing,
            counters,
            history,
            turns,
            pinned,
            hand,
            occupied,
            rest,
            work,
        } = from;
        self.cells.clone_from(cells);
        self.visited.clone_from(visited);
        self.counts = *counts;
        self.to_move = *to_move;
        self.offenders = *offenders;
        self.stack.clone_from(stack);
        self.dice = *dice;
        self.again = *again;
        self.chosen = *chosen;
        self.climbing = *climbing;
        self.counters = *counters;
        self.history.clone_from(history);
        self.turns = *turns;
        self.pinned = *pinned;
        self.hand = *hand;
        self.occupied = *occupied;
        self.rest = *rest;
        self.work = *work;
    }
}

impl State {
    /// The owner and kind of the piece on `site`.
    pub fn piece(&self, site: usize) -> Option<(usize, usize)> {
        let c = self.cells[site];
        (c != NONE).then_some(((c >> 4) as usize, (c & 15) as usize))
    }
}

/// Encodes a piece for [`State::cells`].
pub fn cell(player: usize, kind: usize) -> u8 {
    (player as u8) << 4 | kind as u8
}
