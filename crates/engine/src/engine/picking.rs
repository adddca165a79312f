//! The die that picks the piece (`die picks the piece, else the nearest`):
//! a grid game that throws one die before each turn, whose face N names
//! the Nth kind declared as the kind that moves; where the mover has no
//! piece of it, his nearest kind below it and his nearest above it may
//! move instead (Einstein würfelt nicht). Everything here is out of line,
//! behind one test of [`super::grid::GridTables::picking`], so that other
//! grid games run the loops they ran before.

use super::grid::Grid;
use super::turn::Move;
use super::{MAX_DICE, NONE, State, bit};
use crate::ir::Game;
use crate::rng::Rng;
use rand::RngExt;

/// The die of a game whose die picks the piece.
pub(super) struct Picking {
    /// Its faces, numbered from 1: one per kind.
    faces: u8,
}

impl Picking {
    /// The picking die of `game`, `None` where its die picks no kind.
    pub(super) fn new(game: &Game) -> Option<Picking> {
        let faces = game.dice.filter(|_| game.rules.die_picks)?.faces;
        Some(Picking { faces })
    }

    /// Throws the die for the player to move.
    pub(super) fn roll(&self, st: &mut State, rng: &mut Rng) {
        st.dice[0] = rng.random_range(1..=self.faces);
    }

    /// The kinds, as a mask, that the die thrown lets `player` move: the
    /// kind it names where he has a piece of it, else his nearest kind
    /// below it and his nearest above it (one of them where he has none
    /// on the other side); none before the die is thrown.
    pub(super) fn kinds(st: &State, player: usize) -> u16 {
        let die = st.dice[0];
        if die == 0 {
            return 0;
        }
        // A cell is `player << 4 | kind`; an empty or taken site is
        // nobody's (its high bits name no player).
        let have = (st.cells.iter())
            .filter(|&&c| usize::from(c >> 4) == player)
            .fold(0u16, |m, &c| m | 1 << (c & 15));
        let named = 1u16 << (die - 1);
        if have & named != 0 {
            return named;
        }
        let below = have & (named - 1);
        let above = have & !(named | (named - 1));
        let mut kinds = 0;
        if below != 0 {
            kinds |= 1 << (15 - below.leading_zeros());
        }
        if above != 0 {
            kinds |= 1 << above.trailing_zeros();
        }
        kinds
    }
}

impl Grid {
    /// Keeps, of the turns listed in `out`, those of a piece of a kind the
    /// die lets the mover move (see [`Picking::kinds`]).
    #[cold]
    #[inline(never)]
    pub(super) fn keep_picked(&self, st: &State, out: &mut Vec<Move>) {
        let kinds = Picking::kinds(st, st.to_move as usize);
        out.retain(|m| m.len > 0 && kinds & 1 << (st.cells[m.from() as usize] & 15) != 0);
    }

    /// Plays a turn of a game whose die picks the piece: a take that lands
    /// on one of the mover's own pieces (`take ..., own too`) removes it
    /// as his, then the move is played as the others are, and the die is
    /// spent.
    #[inline(never)]
    pub(super) fn play_picked(&self, st: &mut State, m: &Move) {
        let player = st.to_move as usize;
        let over = m.steps[0].over;
        if m.capture && m.len == 1 && over != NONE && st.occupied[player] & bit(over) != 0 {
            self.remove(st, over, player);
            let mut step = *m;
            step.steps[0].over = NONE;
            self.play_unpicked(st, &step);
        } else {
            self.play_unpicked(st, m);
        }
        st.dice = [0; MAX_DICE];
    }
}
