//! A grid game as a strategy of the one engine ([`Strategy`]): its turns
//! listed, counted and drawn, its moves played, its positions hashed, and
//! the die of a game whose die picks the piece thrown.

use super::grid::Grid;
use super::strategy::Strategy;
use super::{Core, Move, State, TooManyTurns, bit};

impl Strategy for &Grid {
    const ONE_TURN_PER_POSITION: bool = false;

    #[inline(always)]
    fn core(&self) -> &Core {
        &self.core
    }

    #[inline]
    fn turns(self, st: &mut State, out: &mut Vec<Move>) -> Result<(), TooManyTurns> {
        self.legal(st, out);
        Ok(())
    }

    #[inline]
    fn count(self, st: &mut State, out: &mut Vec<Move>) -> Result<usize, TooManyTurns> {
        self.count_turns(st, out)
    }

    fn turn_at(self, st: &State, listed: &[Move], i: usize) -> Move {
        Grid::turn_at(self, st, listed, i)
    }

    #[inline]
    fn counted_turn_at(self, st: &State, listed: &[Move], i: usize) -> Move {
        Grid::counted_turn_at(self, st, listed, i)
    }

    #[inline]
    fn counted_turn_into(self, st: &State, listed: &[Move], i: usize, out: &mut Move) {
        Grid::counted_turn_into(self, st, listed, i, out)
    }

    #[inline(always)]
    fn play(self, st: &mut State, m: &Move) {
        Grid::play(self, st, m)
    }

    fn hash(self, st: &State, mut h: u64) -> u64 {
        h ^= u64::from(st.counters[0]).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        for (p, kinds) in st.hand.iter().enumerate() {
            for (k, &n) in kinds.iter().enumerate() {
                if n > 0 {
                    let key = self.zobrist[(p * super::MAX_KINDS + k) % self.zobrist.len()] | 1;
                    h ^= u64::from(n).wrapping_mul(key.rotate_left(17));
                }
            }
        }
        if self.g.picking.is_some() {
            h ^= u64::from(st.dice[0]).wrapping_mul(0xd6e8_feb8_6659_fd93);
        }
        let extra = self.sites * self.per_site + self.players;
        for s in 0..self.sites {
            if st.offenders & bit(s as u8) != 0 {
                h ^= self.zobrist[extra + s];
            }
            if let Some(&v) = st.visited.get(s) {
                h ^= (v as u64 ^ (v >> 64) as u64).wrapping_mul(self.zobrist[extra + s] | 1);
            }
        }
        h
    }

    fn draws_planned(self) -> bool {
        Grid::draws_planned(self)
    }

    #[inline]
    fn to_throw(self, st: &State) -> bool {
        self.g.picking.is_some() && st.dice[0] == 0
    }

    fn roll(self, st: &mut State, rng: &mut crate::rng::Rng) {
        if let Some(p) = &self.g.picking {
            p.roll(st, rng);
        }
    }

    #[inline(always)]
    fn draw(
        self,
        st: &mut State,
        out: &mut Vec<Move>,
        drawn: &mut Move,
        pick: impl FnOnce(&State, usize) -> Option<usize>,
    ) -> Result<bool, TooManyTurns> {
        self.draw_planned(st, out, drawn, pick)
    }
}
