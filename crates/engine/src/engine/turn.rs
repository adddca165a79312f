//! A turn as the engine keeps it: one action (a step, a capture chain, a
//! placement from the hand, a flight, or the die moves of a roll) and the
//! effects it earns (captures, a huff before it, promotion, the removal a
//! completed line earns, the piece shot after it), in one [`Move`] of
//! [`Step`]s.

use super::{HAND, MAX_STEPS, NONE};

/// One part of a move: a piece goes from one site to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// Where the piece was.
    pub from: u8,
    /// Where it lands.
    pub to: u8,
    /// The piece jumped over and captured, or [`NONE`].
    pub over: u8,
    /// The die this step used, or 0.
    pub die: u8,
}

impl Step {
    /// An unused step.
    pub const NONE: Step = Step {
        from: NONE,
        to: NONE,
        over: NONE,
        die: 0,
    };
}

/// One complete turn: an optional huff, then a step, a capture chain, or
/// the die moves of a roll.
///
/// `repr(C)`, in this order: the bytes a one-step move sets to constants
/// ([`Move::become_step`]) side by side, so that they are written by a
/// few wide stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Move {
    /// The opposing piece removed after the move, as the line it completes
    /// earns (`line of N removes opponent piece`), or [`NONE`].
    pub remove: u8,
    /// Number of steps used.
    pub len: u8,
    /// Whether the move is a capture chain.
    pub capture: bool,
    /// A capture chain that stopped although it could go on.
    pub stopped_early: bool,
    /// Dice games: the player who moves.
    pub mover: u8,
    /// Dice games: the turn ends the game at its last die move.
    pub ends: bool,
    /// The opposing piece huffed first, or [`NONE`].
    pub huff: u8,
    /// The piece's kind once it has arrived (after any promotion); in a
    /// dice game's choice of a double, that double's number (see
    /// [`Move::chosen`]).
    pub kind_after: u8,
    /// Dice games: a hash of the position the turn leads to. Games
    /// without dice, whose moves never need one, keep here the site the
    /// piece shoots onto after its move (`shoot`), plus one, or 0: see
    /// [`Move::shot`] (so that a shot makes no move larger).
    pub key: u64,
    /// Dice games: the turn's place in the order moves are listed.
    pub rank: u128,
    /// The steps in order; [`Step::NONE`] past `len`.
    pub steps: [Step; MAX_STEPS],
}

impl Move {
    pub(super) const EMPTY: Move = Move {
        huff: NONE,
        remove: NONE,
        len: 0,
        capture: false,
        stopped_early: false,
        kind_after: NONE,
        mover: NONE,
        ends: false,
        key: 0,
        rank: 0,
        steps: [Step::NONE; MAX_STEPS],
    };

    /// The move that does nothing: the turn passes.
    pub const PASS: Move = Move::EMPTY;

    /// Makes this move, whatever it was, the one-step move `step` after
    /// the huff `huff`, the piece of kind `kind_after` once it arrives,
    /// writing only what differs from a copy of such a move: the steps
    /// past `len` are [`Step::NONE`] already. Every field is named, so a
    /// new one cannot be forgotten.
    pub(super) fn become_step(&mut self, huff: u8, step: Step, kind_after: u8) {
        let Move {
            remove,
            len,
            capture,
            stopped_early,
            mover,
            ends,
            huff: h,
            kind_after: k,
            key,
            rank,
            steps,
        } = self;
        steps[1..(*len as usize).max(1)].fill(Step::NONE);
        steps[0] = step;
        *remove = NONE;
        *len = 1;
        *capture = false;
        *stopped_early = false;
        *mover = NONE;
        *ends = false;
        *h = huff;
        *k = kind_after;
        *key = 0;
        *rank = 0;
    }

    /// Dice games with `choose double`: the double a choice chooses (a
    /// turn of no die move, its number kept in `kind_after`), if this is
    /// such a choice.
    pub fn chosen(&self) -> Option<u8> {
        (self.len == 0 && self.kind_after != NONE && self.mover != NONE).then_some(self.kind_after)
    }

    /// The site the piece shoots onto after its move (`shoot KIND ...`),
    /// or [`NONE`]; never in a dice game's turn.
    #[inline(always)]
    pub fn shot(&self) -> u8 {
        if self.key == 0 || self.mover != NONE {
            NONE
        } else {
            (self.key - 1) as u8
        }
    }

    /// Makes the piece of this move (of a game without dice) shoot onto
    /// `site` after it.
    pub(super) fn set_shot(&mut self, site: u8) {
        self.key = u64::from(site) + 1;
    }

    /// This move without its shot.
    pub fn without_shot(&self) -> Move {
        match self.shot() {
            NONE => *self,
            _ => Move { key: 0, ..*self },
        }
    }

    /// The steps actually used.
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// The site the first step leaves, [`HAND`] for a placement, or
    /// [`NONE`] for a huff alone or a pass.
    pub fn from(&self) -> u8 {
        self.steps[0].from
    }

    /// The landing site of the last step.
    pub fn to(&self) -> Option<u8> {
        self.steps().last().map(|s| s.to)
    }

    /// Whether the move places a piece from the hand.
    pub fn places(&self) -> bool {
        self.len > 0 && self.steps[0].from == HAND
    }

    /// Number of pieces captured by the move itself (not counting a huff).
    pub fn captures(&self) -> usize {
        self.steps().iter().filter(|s| s.over != NONE).count()
    }
}
