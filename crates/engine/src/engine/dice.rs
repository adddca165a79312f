//! Dice games: men advance along their owner's track by the pips of a die.
//!
//! A turn is every die move of a roll, searched depth first in place. The
//! complete turns are filtered by the game's obligations, and turns that
//! reach the same position are kept once.

use super::strategy::Strategy;
use super::{Core, MAX_STEPS, Move, NONE, Outcome, State};
use crate::ir::{MAX_DICE, ZERO_THROW, stored_value};
use std::ops::Deref;

mod climb;
mod conditions;
mod judge;
mod landing;
mod limits;
mod listing;
mod masks;
mod moves;
mod obligations;
mod options;
mod orders;
mod route;
mod search;
mod searched;
pub(crate) use listing::Root;
mod table;
mod tables;
#[cfg(test)]
mod tests;
mod triggers;
mod walk;

pub(super) use masks::Masks;
use moves::{PINNED, RELEASED};
pub(super) use tables::Tables;
pub(super) use triggers::Change;

/// The most die moves of one turn: a climbing sequence of doubles
/// (`doubles climb`), which the checker bounds so.
pub use crate::ir::MAX_DIE_MOVES;

/// The most die moves one search goes through: one roll, every die of the
/// most the checker allows ([`MAX_DICE`]), each played twice on doubles;
/// or one double of a climbing sequence (`dice/climb.rs`, which joins
/// them).
pub(super) const SEARCH_DIE_MOVES: usize = 2 * MAX_DICE;

// A turn's die moves are the steps of one `Move`.
const _: () = assert!(SEARCH_DIE_MOVES <= MAX_DIE_MOVES && MAX_DIE_MOVES <= MAX_STEPS);
// The presentation order packs 16 bits per die move into a `u128`.
const _: () = assert!(SEARCH_DIE_MOVES * 16 <= 128);

/// The most distinct turns the engine lists for one roll (and the most
/// routes, orders of die moves included, for [`Engine::all_sequences`]).
pub const MAX_TURNS: usize = 100_000;

/// The most positions (each with the dice left to play) the engine searches
/// for one roll.
pub const MAX_SEARCH: usize = 1 << 19;

/// The most positions the search goes through for the rolls of one game
/// ([`State::work`]): 2^23, a few seconds of search, a hundred times what
/// the longest games of the bundled tables games take. A game whose rolls
/// cost more is refused at the roll that goes past it
/// ([`TooManyTurns::Work`]), so that no game plays for hours; counted in
/// positions, not time, so the refusal is the same on every machine and
/// thread.
pub const MAX_WORK: u64 = 1 << 23;

/// A roll with more turns than the engine lists, or whose turns take a
/// longer search than it makes: the position is refused rather than
/// played with some of its turns missing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TooManyTurns {
    /// More distinct turns than [`MAX_TURNS`].
    #[error(
        "the roll can be played in more than {MAX_TURNS} different ways, the most the engine lists for one roll"
    )]
    Turns,
    /// More routes than [`MAX_TURNS`].
    #[error(
        "the roll's die moves can be played in more than {MAX_TURNS} orders, the most the engine lists for one roll"
    )]
    Routes,
    /// Every order of the die moves of a climbing sequence of doubles,
    /// which is not listed (its turns are).
    #[error("the die moves of a climbing sequence of doubles are not listed order by order")]
    Climbing,
    /// More positions searched than [`MAX_SEARCH`].
    #[error(
        "playing the roll passes through more than {MAX_SEARCH} positions, the most the engine searches for one roll"
    )]
    Search,
    /// The game's rolls so far passed through more than [`MAX_WORK`]
    /// positions.
    #[error(
        "the game's rolls so far passed through more than {MAX_WORK} positions, the most the engine searches for one game: its turns cost too much to play"
    )]
    Work,
}

/// Where men stand after a die move: the sites where each side (see
/// [`masks::side`]) has free men, and those where a man lies pinned.
type Standing<B = u128> = ([B; 2], B);

/// Men of `player` standing free on `site` (not a man pinned there).
fn men(st: &State, site: u8, player: usize) -> i32 {
    let c = st.cells[site as usize];
    if c != NONE && (c >> 4) as usize == player {
        st.stack[site as usize] as i32
    } else {
        0
    }
}

/// The men standing free on `site` of a player other than `player` (in a
/// game of two, his opponent's men); their owner is [`owner`]'s.
#[inline(always)]
fn others(st: &State, site: u8, player: usize) -> i32 {
    let c = st.cells[site as usize];
    if c != NONE && (c >> 4) as usize != player {
        st.stack[site as usize] as i32
    } else {
        0
    }
}

/// The owner of the men on `site` (not empty).
#[inline(always)]
fn owner(st: &State, site: u8) -> usize {
    (st.cells[site as usize] >> 4) as usize
}

/// A dice game compiled: the rules core and the dice tables. Its strategy
/// is a reference to it.
pub(super) struct Dice {
    pub(super) core: Core,
    pub(super) t: Tables,
}

impl Deref for Dice {
    type Target = Core;

    fn deref(&self) -> &Core {
        &self.core
    }
}

impl Strategy for &Dice {
    const ONE_TURN_PER_POSITION: bool = true;

    #[inline(always)]
    fn core(&self) -> &Core {
        &self.core
    }

    #[inline(always)]
    fn play_drawn(
        self,
        st: &mut State,
        listed: &[Move],
        i: usize,
        _drawn: &mut Move,
    ) -> (bool, Option<Root>) {
        // Drawn from the turns just counted of this very position.
        self.play_counted(st, listed, i)
    }

    #[inline]
    fn turns(self, st: &mut State, out: &mut Vec<Move>) -> Result<(), TooManyTurns> {
        self.dice_turns(st, out, false)
    }

    fn routes(self, st: &mut State, out: &mut Vec<Move>) -> Result<(), TooManyTurns> {
        self.dice_turns(st, out, true)
    }

    fn count(self, st: &mut State, out: &mut Vec<Move>) -> Result<usize, TooManyTurns> {
        // Dice turns are kept as routes, and made moves one by one.
        out.clear();
        self.count_dice_turns(st, None)
    }

    #[inline]
    fn count_from(
        self,
        st: &mut State,
        out: &mut Vec<Move>,
        carried: Option<&Root>,
    ) -> Result<usize, TooManyTurns> {
        out.clear();
        self.count_dice_turns(st, carried)
    }

    fn turn_at(self, st: &State, listed: &[Move], i: usize) -> Move {
        match listed.get(i) {
            Some(m) => *m,
            None => self.dice_turn_at(st, i - listed.len()),
        }
    }

    fn counted_turn_at(self, st: &State, listed: &[Move], i: usize) -> Move {
        match listed.get(i) {
            Some(m) => *m,
            None => self.counted_dice_turn_at(st, i - listed.len()),
        }
    }

    #[inline]
    fn root_after(self, st: &State, m: &Move) -> Option<Root> {
        self.dice_root_after(st, m)
    }

    #[inline]
    fn play_counted(self, st: &mut State, listed: &[Move], i: usize) -> (bool, Option<Root>) {
        if i < listed.len() {
            let m = listed[i];
            self.play_dice(st, &m);
            return (m.ends, self.dice_root_after(st, &m));
        }
        self.play_counted_dice_turn(st, i - listed.len())
    }

    #[inline]
    fn play(self, st: &mut State, m: &Move) {
        self.play_dice(st, m)
    }

    fn hash(self, st: &State, mut h: u64) -> u64 {
        h ^= self.position_key(st);
        for (i, &d) in st.dice.iter().enumerate() {
            h ^= u64::from(d).wrapping_mul(self.zobrist[i + 1] | 1);
        }
        h ^= u64::from(st.counters[0]).wrapping_mul(0xff51_afd7_ed55_8ccd);
        for (p, &n) in st.turns.iter().enumerate() {
            h ^= u64::from(n).wrapping_mul(self.zobrist[MAX_DICE + 1 + p] | 1);
        }
        h
    }

    fn own_outcome(self, st: &State) -> Option<Outcome> {
        let mover = match st.again {
            0 => self.previous_player(st.to_move as usize),
            _ => st.to_move as usize,
        };
        let masks = Masks::seen_by(st, mover);
        let (who, result, points) = self.dice_outcome(st, &masks, mover, &Change::ANY)?;
        Some(super::outcome::result_for(st, who, result, points))
    }

    fn own_evaluation(self, st: &State, player: usize) -> Option<i64> {
        self.dice_evaluation(st, player)
    }

    #[inline]
    fn to_throw(self, st: &State) -> bool {
        st.dice == [0; MAX_DICE]
    }

    #[inline]
    fn roll(self, st: &mut State, rng: &mut crate::rng::Rng) {
        self.throw(st, rng)
    }

    fn opening(self, st: &mut State, rng: &mut crate::rng::Rng) -> Option<[u8; 2]> {
        Dice::opening(self, st, rng)
    }

    fn opened(self, st: &mut State, dice: [u8; 2]) -> Option<()> {
        Dice::opened(self, st, dice)
    }
}

impl Dice {
    /// Whether the game's rules pin men (`pin blots`).
    pub(super) fn pins(&self) -> bool {
        self.t.pin_blots
    }

    /// Throws the dice for the player to move.
    #[inline]
    fn throw(&self, st: &mut State, rng: &mut crate::rng::Rng) {
        use rand::RngExt;
        let t = &self.t;
        st.dice = [0; MAX_DICE];
        if t.shaped_dice {
            Self::roll_shaped(&t.dice, st, rng);
        } else {
            for d in st.dice.iter_mut().take(t.dice.count as usize) {
                *d = rng.random_range(1..=t.dice.faces);
            }
        }
    }

    /// [`super::Engine::roll`] for dice that list their faces or are summed: each
    /// die a face drawn from the seed, its value kept (a 0 as
    /// `ZERO_THROW`), or the values' sum in the first slot.
    #[inline(never)]
    fn roll_shaped(dice: &crate::ir::Dice, st: &mut State, rng: &mut crate::rng::Rng) {
        use rand::RngExt;
        // One draw for every die, its faces the draw's digits in base
        // `faces`: the same odds as a draw per die, at one draw's cost.
        let faces = u32::from(dice.faces);
        let mut k = rng.random_range(0..faces.pow(u32::from(dice.count)));
        // Faces a power of two (binary dice, four-sided ones): the digits
        // by shifts.
        let shift = faces.is_power_of_two().then(|| faces.trailing_zeros());
        let mut face = || {
            let f = match shift {
                Some(shift) => {
                    let f = k & (faces - 1);
                    k >>= shift;
                    f
                }
                None => {
                    let f = k % faces;
                    k /= faces;
                    f
                }
            };
            dice.face(f as u8)
        };
        if dice.summed {
            let mut sum = 0;
            for _ in 0..dice.count {
                sum += face();
            }
            st.dice[0] = stored_value(sum);
        } else {
            for d in st.dice.iter_mut().take(dice.count as usize) {
                *d = stored_value(face());
            }
        }
    }

    /// The opening throw, for a game that has one (`None` otherwise): each
    /// player throws one die and equal dice are thrown again, which is
    /// drawn at once among the pairs of unequal faces (the same odds, in
    /// bounded time, one draw of the generator). The higher die's thrower
    /// moves first; with `plays both` the two dice are his first roll,
    /// otherwise he throws anew. Returns the dice by player.
    fn opening(&self, st: &mut State, rng: &mut crate::rng::Rng) -> Option<[u8; 2]> {
        use rand::RngExt;
        let t = &self.t;
        let plays_both = t.dice.opening?;
        let faces = u32::from(t.dice.faces);
        let k = rng.random_range(0..faces * (faces - 1));
        let first = (k / (faces - 1)) as u8 + 1;
        let mut second = (k % (faces - 1)) as u8 + 1;
        if second >= first {
            second += 1;
        }
        self.open_with(st, [first, second], plays_both);
        Some([first, second])
    }

    /// The opening throw `dice` (by player, unequal) as a record names it:
    /// the higher die's thrower is to move, with the two dice as his first
    /// roll where the game's opening plays both. `None` (and `st`
    /// unchanged) where the game has no opening throw or the dice are not
    /// two unequal faces of its die.
    fn opened(&self, st: &mut State, dice: [u8; 2]) -> Option<()> {
        let t = &self.t;
        let plays_both = t.dice.opening?;
        let face = |d: u8| (1..=t.dice.faces).contains(&d);
        if dice[0] == dice[1] || !face(dice[0]) || !face(dice[1]) {
            return None;
        }
        self.open_with(st, dice, plays_both);
        Some(())
    }

    fn open_with(&self, st: &mut State, [first, second]: [u8; 2], plays_both: bool) {
        st.to_move = u8::from(second > first);
        st.dice = [0; MAX_DICE];
        if plays_both {
            st.dice[0] = first.max(second);
            st.dice[1] = first.min(second);
        }
    }

    /// The die moves a roll allows, with doubles counted twice where the game says so.
    fn dice_to_play(&self, st: &State) -> ([u8; SEARCH_DIE_MOVES], usize) {
        let t = &self.t;
        // Summed dice leave all but the first slot at 0.
        let thrown = &st.dice[..t.dice.count as usize];
        let mut dice = [0u8; SEARCH_DIE_MOVES];
        let mut n = 0;
        let doubles = thrown.len() > 1 && thrown.iter().all(|&d| d == thrown[0]);
        let times = if doubles && t.dice.doubles_twice {
            2
        } else {
            1
        };
        // A die showing 0, kept as `ZERO_THROW`, moves no man, as an empty
        // slot does: one test for both, 0 and `ZERO_THROW` (255) wrapping
        // to 1 and 0.
        const _: () = assert!(ZERO_THROW == u8::MAX);
        for &d in thrown.iter().filter(|&&d| d.wrapping_add(1) > 1) {
            for _ in 0..times {
                dice[n] = d;
                n += 1;
            }
        }
        (dice, n)
    }
}
