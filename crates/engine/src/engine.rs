//! The engine: a checked game compiled into dense tables, a compact state,
//! move generation, play and outcome.
//!
//! Move generation and play never allocate (the caller owns the move
//! buffer) and never touch the board graph: every neighbour, jump and
//! promotion site is looked up in flat arrays built once by [`Engine::new`].

use crate::ir::{Game, MAX_DICE};
use std::ops::Deref;
use strategy::Strategy;

mod actions;
mod again;
mod barred;
mod bits;
mod choice;
mod columns;
mod condition;
mod connect;
mod core;
mod counting;
mod custody;
mod dice;
mod enclose;
mod flips;
mod found;
mod grid;
mod grid_play;
mod grid_strategy;
mod hops;
mod lines;
mod outcome;
mod picking;
mod playout;
mod progress;
mod rays;
mod rows;
mod rules;
mod sides;
mod sow;
mod state;
mod strategy;
mod turn;
mod turns;

pub use self::core::Core;
pub use columns::{COLUMN, set_below};
pub use condition::compare;
pub(crate) use dice::Root;
pub use dice::{MAX_DIE_MOVES, MAX_SEARCH, MAX_TURNS, MAX_WORK, TooManyTurns};
pub use playout::Stopped;
pub use state::{State, cell};
pub use turn::{Move, Step};

/// Marks an empty site or an absent site in a move.
pub const NONE: u8 = u8::MAX;

/// The site a placement comes from: the mover's hand.
pub const HAND: u8 = u8::MAX - 2;

/// The most kinds of piece a game has (a cell keeps its kind in 4 bits).
pub const MAX_KINDS: usize = 16;

/// Marks, in the middle of a capture chain, a piece already taken that
/// stays on the board until the move ends (`captured removed at end`): not
/// empty, so it blocks, and nobody's, so it is not jumped again.
const TAKEN: u8 = u8::MAX - 1;

/// The most steps a move can hold (landings of a chain, or die moves); the
/// checker refuses any game whose chains could need more.
pub use crate::ir::MAX_STEPS;

/// How a game ended, or that it goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// One player won.
    Decisive {
        /// The winner's index.
        winner: usize,
        /// Points scored: 1 for a single game, 2 for a double.
        points: u8,
    },
    /// Nobody won.
    Draw,
}

fn bit(site: u8) -> u128 {
    1u128 << site
}

/// A span of a flat table.
#[derive(Clone, Copy, Default)]
struct Range {
    start: u32,
    len: u32,
}

/// A checked game compiled for play: the rules core every game shares,
/// and the move tables of its family, played by that family's strategy
/// (see `strategy.rs`). The core's methods (the game, its sites, the
/// outcome of the end rules, the counters) are the engine's through
/// [`Deref`].
pub struct Engine {
    family: strategy::Family,
}

impl Deref for Engine {
    type Target = Core;

    #[inline]
    fn deref(&self) -> &Core {
        match &self.family {
            strategy::Family::Grid(g) => &g.core,
            strategy::Family::Dice(d) => &d.core,
            strategy::Family::Sow(s) => &s.core,
        }
    }
}

impl Engine {
    /// Compiles a checked game.
    pub fn new(game: Game) -> Engine {
        let core = Core::new(game);
        let family = match dice::Tables::new(&core.game, &core.rules, &core.zobrist) {
            Some(t) => strategy::Family::Dice(dice::Dice { core, t }),
            None => match sow::Tables::new(&core.game) {
                Some(t) => strategy::Family::Sow(sow::Sow { core, t }),
                None => strategy::Family::Grid(grid::Grid::new(core)),
            },
        };
        Engine { family }
    }

    /// The strategy of a dice game, `None` in a game of another family.
    fn dice(&self) -> Option<&dice::Dice> {
        match &self.family {
            strategy::Family::Dice(d) => Some(d),
            _ => None,
        }
    }

    /// The strategy of a grid game, `None` in a game of another family.
    fn grid(&self) -> Option<&grid::Grid> {
        match &self.family {
            strategy::Family::Grid(g) => Some(g),
            _ => None,
        }
    }

    /// Whether the game is played with dice (see [`Engine::roll`]): a
    /// tables game, or a grid game whose die picks the piece that moves.
    pub fn has_dice(&self) -> bool {
        self.game.dice.is_some()
    }

    /// Whether the game lists one turn per position reached, so that two
    /// listed turns never lead to the same position; otherwise one per
    /// route (two capture routes to one position are two turns, told apart
    /// by their text).
    pub fn one_turn_per_position(&self) -> bool {
        fn of<S: Strategy>(_: S) -> bool {
            S::ONE_TURN_PER_POSITION
        }
        strategy::by_family!(self, s => of(s))
    }

    /// Whether the players' men move along tracks (tables boards): their
    /// moves name points of the mover's track ([`Engine::track`]).
    pub fn has_tracks(&self) -> bool {
        self.dice().is_some_and(|d| !d.t.track[0].is_empty())
    }

    /// Whether the game sows seeds (a count a site, of no player, in
    /// [`State::stack`]): a turn is named by the site sown from.
    pub fn sows(&self) -> bool {
        matches!(self.family, strategy::Family::Sow(_))
    }

    /// Whether a site holds a stack of men (a count of one player's men,
    /// [`State::stack`]) rather than at most one piece.
    pub fn stacks(&self) -> bool {
        self.dice().is_some()
    }

    /// Whether a site holds a column of pieces of either player
    /// (`captured go under capturer`): [`State::cells`] keeps its top
    /// piece, [`Engine::below`] the pieces under it.
    pub fn has_columns(&self) -> bool {
        self.game.rules.columns
    }

    /// The pieces under the top piece of `site`, the highest first, each as
    /// [`State::cells`] writes a piece: nothing in a game without columns.
    pub fn below(
        &self,
        st: &State,
        site: usize,
    ) -> impl DoubleEndedIterator<Item = u8> + ExactSizeIterator + use<> {
        columns::below(self.has_columns(), st, site)
    }

    /// Whether some piece jumping from `from` may land on `to` over either of
    /// two sites: then a capture is named by what it takes, not only where
    /// it lands (see [`crate::notation::move_text`]).
    pub fn landing_is_ambiguous(&self, from: u8, to: u8) -> bool {
        self.grid()
            .is_some_and(|g| g.landing_is_ambiguous(from, to))
    }

    /// Dice games: the latest turn of a player that the game's limits name
    /// (each player's turns are counted up to it; 0: they are not counted).
    pub fn turns_counted(&self) -> u8 {
        self.dice().map_or(0, |d| d.t.turn_cap)
    }

    /// Dice games: the site at each position of `player`'s track.
    pub fn track(&self, player: usize) -> &[u8] {
        self.dice().map_or(&[], |d| &d.t.track[player])
    }

    /// Dice games: the second zone at the start of `player`'s track
    /// (`start or bar, ...`), at position 0 like `track(player)[0]`.
    pub fn second_start(&self, player: usize) -> Option<usize> {
        let s = self.dice()?.t.second_start[player];
        (s != NONE).then_some(s as usize)
    }

    /// Dice games: the position of `site` on `player`'s track.
    pub fn track_position(&self, player: usize, site: usize) -> Option<usize> {
        let p = self.dice()?.t.position[player][site];
        (p != NONE).then_some(p as usize)
    }

    /// Dice games with `pin blots`: the player whose man lies pinned on
    /// `site`, under the other player's men, if one does.
    pub fn pinned_man(&self, st: &State, site: usize) -> Option<usize> {
        (st.pinned & bit(site as u8) != 0)
            .then(|| st.piece(site).map(|(owner, _)| 1 - owner))
            .flatten()
    }

    /// Where the game climbs doubles a double a turn (`doubles climb to N
    /// ..., each double a turn`) and the dice to play are a double of such
    /// a sequence: the next double, the same player's once he has played
    /// this one in full.
    pub fn next_climbing_double(&self, st: &State) -> Option<u8> {
        let count = usize::from(self.dice()?.t.dice.count);
        self.again.as_ref()?.next_double(st, count)
    }

    /// Whether the game's rules pin men (`pin blots`).
    pub fn pins(&self) -> bool {
        self.dice().is_some_and(|d| d.pins())
    }

    /// Dice games: where the dice to play are a double of a climbing
    /// sequence (`doubles climb`), the double the sequence climbs to next.
    pub fn climbs(&self, st: &State) -> Option<u8> {
        self.dice()?.climbs(st)
    }

    /// Dice games: the `pass` rule that makes the player to move pass, if
    /// one does.
    pub fn pass_rule(&self, st: &State) -> Option<&str> {
        if let Some(d) = self.dice() {
            return d.pass_rule(st);
        }
        let player = st.to_move as usize;
        let holds = self.pass.iter().position(|c| c.holds(st, player))?;
        Some(&self.game.rules.pass[holds].0)
    }

    /// Dice games: every die move the player to move may play first with
    /// the dice thrown; none in other games.
    pub fn first_die_moves(&self, st: &State) -> Vec<Step> {
        self.dice().map_or_else(Vec::new, |d| d.first_die_moves(st))
    }

    /// Dice games: the turns of `legal` (the legal turns of `st`, as
    /// [`Engine::try_legal_moves`] lists them) that a route of die moves
    /// reaches, when `matches(i, step)` tells which die moves may be the
    /// route's `i`-th of its first `len`. With `exact` the route is those
    /// die moves alone, a whole turn; otherwise it may go on in any legal
    /// way. None in other games.
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
        match self.dice() {
            Some(d) => d.turns_by_route(st, legal, len, exact, matches),
            None => Ok(Vec::new()),
        }
    }

    /// Whether the player to move has begun his turn by throwing: the dice
    /// of a game with dice are thrown (or chosen, or set by a climbing
    /// sequence). Never in a game without dice, whose turns begin with the
    /// move.
    pub fn thrown(&self, st: &State) -> bool {
        self.has_dice() && !self.to_throw(st)
    }

    /// Whether the player to move is still to throw: a game with dice
    /// whose dice are not thrown for the turn.
    #[inline]
    pub fn to_throw(&self, st: &State) -> bool {
        strategy::by_family!(self, s => s.to_throw(st))
    }

    /// Throws the dice for the player to move.
    #[inline]
    pub fn roll(&self, st: &mut State, rng: &mut crate::rng::Rng) {
        strategy::by_family!(self, s => s.roll(st, rng))
    }

    /// The opening throw, for a game that has one (`None` otherwise): each
    /// player throws one die and equal dice are thrown again, which is
    /// drawn at once among the pairs of unequal faces (the same odds, in
    /// bounded time, one draw of the generator). The higher die's thrower
    /// moves first; with `plays both` the two dice are his first roll,
    /// otherwise he throws anew. Returns the dice by player.
    pub fn opening(&self, st: &mut State, rng: &mut crate::rng::Rng) -> Option<[u8; 2]> {
        strategy::by_family!(self, s => s.opening(st, rng))
    }

    /// The opening throw `dice` (by player, unequal) as a record names it:
    /// the higher die's thrower is to move, with the two dice as his first
    /// roll where the game's opening plays both. `None` (and `st`
    /// unchanged) where the game has no opening throw or the dice are not
    /// two unequal faces of its die.
    pub fn opened(&self, st: &mut State, dice: [u8; 2]) -> Option<()> {
        strategy::by_family!(self, s => s.opened(st, dice))
    }

    /// Dice games: every sequence of die moves the roll allows, after the
    /// obligations, including sequences that reach the same position; an
    /// error past [`MAX_TURNS`] of them (`out` then holds those found).
    /// Other games: their legal turns.
    pub fn all_sequences(&self, st: &mut State, out: &mut Vec<Move>) -> Result<(), TooManyTurns> {
        strategy::by_family!(self, s => s.routes(st, out))
    }

    /// Fills `out` with every legal complete turn of the player to move.
    ///
    /// The state is used as scratch space and restored before returning.
    /// With no move at all, `out` holds a single pass when the game has no
    /// `no moves` end rule, and is left empty otherwise.
    ///
    /// In a dice game a roll can have more turns than the engine lists
    /// ([`MAX_TURNS`], [`MAX_SEARCH`]); `out` then holds only those found
    /// before the limit. Wherever a position may come from a person, use
    /// [`Engine::try_legal_moves`], which says so.
    pub fn legal_moves(&self, st: &mut State, out: &mut Vec<Move>) {
        let _ = self.try_legal_moves(st, out);
    }

    /// [`Engine::legal_moves`], or an error when a dice roll has more turns
    /// than the engine lists. Only dice games can fail; it allocates no
    /// more than `legal_moves`.
    pub fn try_legal_moves(&self, st: &mut State, out: &mut Vec<Move>) -> Result<(), TooManyTurns> {
        strategy::by_family!(self, s => s.turns(st, out))
    }

    /// The number of legal turns of `st`, those of
    /// [`Engine::try_legal_moves`] in its order, of which `out` holds the
    /// first: all of them, or, where the steps are counted rather than
    /// listed, the turns before the steps, or, in a dice game, none (the
    /// thread keeps them in a smaller form). [`Engine::turn_at`] gives any
    /// of them by its index. The state is restored before returning.
    #[inline]
    pub fn count_turns(&self, st: &mut State, out: &mut Vec<Move>) -> Result<usize, TooManyTurns> {
        strategy::by_family!(self, s => s.count(st, out))
    }

    /// [`Engine::turn_at`] called right after [`Engine::count_turns`] of
    /// the same `st` on this thread, nothing searched or played between: a
    /// dice game's turn is then taken from the routes counted without
    /// checking that they are the turns of `st` (a debug build checks),
    /// and a game with actions takes the plan counted (see `actions.rs`);
    /// other games without dice ask [`Engine::turn_at`].
    #[inline(never)]
    pub fn counted_turn_at(&self, st: &State, listed: &[Move], i: usize) -> Move {
        strategy::by_family!(self, s => s.counted_turn_at(st, listed, i))
    }

    /// The turn of index `i` of `st` (below what [`Engine::count_turns`]
    /// returned, with the turns it left in `listed`). In a dice game, the
    /// turns counted last on this thread if they are those of `st`; else
    /// the roll is searched again.
    pub fn turn_at(&self, st: &State, listed: &[Move], i: usize) -> Move {
        strategy::by_family!(self, s => s.turn_at(st, listed, i))
    }

    /// Plays uniformly random legal turns from `st` to the end of the game
    /// or `max_plies` turns: the outcome (`Ongoing` at the limit) and the
    /// turns played; or, where a roll has more turns than the engine
    /// lists, the turn (from 1) and why, `st` the position of that roll.
    /// `moves` is a reusable buffer; nothing is allocated once it has
    /// grown. One loop per family, compiled for its strategy: the turns
    /// and draws are those of listing every turn and drawing one.
    pub fn random_playout(
        &self,
        st: &mut State,
        rng: &mut crate::rng::Rng,
        moves: &mut Vec<Move>,
        max_plies: u32,
    ) -> Result<(Outcome, u32), Stopped> {
        strategy::by_family!(self, s => playout::random(s, st, rng, moves, max_plies))
    }

    /// Plays a move known to be legal. Never allocates.
    #[inline]
    pub fn play_unchecked(&self, st: &mut State, m: &Move) {
        strategy::by_family!(self, s => s.play(st, m))
    }

    /// Plays `m` if it is legal; otherwise leaves the state unchanged.
    pub fn play(&self, st: &mut State, m: &Move) -> Result<(), IllegalMove> {
        let mut moves = Vec::new();
        self.legal_moves(st, &mut moves);
        if moves.contains(m) {
            self.play_unchecked(st, m);
            Ok(())
        } else {
            Err(IllegalMove)
        }
    }

    /// A 64-bit hash of everything that decides the legal moves and the
    /// outcome (the history aside: see [`Engine::repetition_key`]).
    pub fn hash(&self, st: &State) -> u64 {
        // With `same board N times` the keys of the player to move are 0
        // (`Core::new`): the hash tells him apart by a constant.
        let mover = if self.game.rules.repeat_board {
            u64::from(st.to_move + 1).wrapping_mul(0x5851_f42d_4c95_7f2d)
        } else {
            self.zobrist[self.sites * 32 + st.to_move as usize]
        };
        let mut h = mover
            ^ u64::from(st.again).wrapping_mul(0xc4ce_b9fe_1a85_ec53)
            ^ u64::from(st.chosen).wrapping_mul(0x94d0_49bb_1331_11eb)
            ^ u64::from(st.climbing).wrapping_mul(0xd6e8_feb8_6659_fd93);
        // The first counter is the family's (see its strategy's hash).
        for (i, &c) in st.counters.iter().enumerate().skip(1) {
            h ^= u64::from(c).wrapping_mul(self.zobrist[i + 2] | 1);
        }
        for (s, &c) in st.cells.iter().enumerate() {
            if c != NONE {
                h ^= self.zobrist[s * 32 + ((c >> 4) as usize) * 16 + (c & 15) as usize];
            }
        }
        strategy::by_family!(self, s => s.hash(st, h))
    }

    /// The game's own judgement of a position for `player` (`evaluate:
    /// SUM`): the sum for him less the sum for his opponent, or `None`
    /// where the game gives none.
    pub fn evaluation(&self, st: &State, player: usize) -> Option<i64> {
        match &self.evaluate {
            Some(c) => Some(c.sum(st, player) - c.sum(st, 1 - player)),
            None => strategy::by_family!(self, s => s.own_evaluation(st, player)),
        }
    }

    /// The outcome after `m`, a turn the engine listed from a position where
    /// the game went on, was played into `after`, as a game played on
    /// judges it: in a game with a throw, before the next player's throw
    /// (a player who then cannot move passes, so the rules judge him as
    /// one with moves); otherwise with the next player's turns, counted into
    /// `scratch` (the state is restored).
    pub fn outcome_after_turn(
        &self,
        after: &mut State,
        m: &Move,
        scratch: &mut Vec<Move>,
    ) -> Result<Outcome, TooManyTurns> {
        if self.dice {
            return Ok(self.outcome_after(after, true, m.ends));
        }
        let replies = self.count_turns(after, scratch)?;
        Ok(self.outcome_with(after, replies > 0))
    }

    /// Judges the end rules for the player about to move, in file order.
    ///
    /// `has_moves` says whether he has a legal move (see [`Engine::legal_moves`]).
    pub fn outcome_with(&self, st: &State, has_moves: bool) -> Outcome {
        if let Some(o) = strategy::by_family!(self, s => s.own_outcome(st)) {
            return o;
        }
        self.rules_outcome(st, has_moves)
    }

    /// [`Engine::outcome_with`] for the position reached by a turn the
    /// engine listed, played from one where the game went on; `ended` is
    /// that turn's [`Move::ends`] (true where no turn was played).
    ///
    /// In a dice game the search judged the end conditions after every die
    /// move of the turn and noted whether one held: where none did, none
    /// holds now (none held before the turn, and each die move was judged
    /// for what it changed), so they are not judged again. A random
    /// playout thus judges them once per die move, not once more per turn.
    #[inline]
    pub fn outcome_after(&self, st: &State, has_moves: bool, ended: bool) -> Outcome {
        if ended && self.dice {
            return self.outcome_with(st, has_moves);
        }
        let outcome = self.rules_outcome(st, has_moves);
        debug_assert_eq!(
            outcome,
            self.outcome_with(st, has_moves),
            "a listed turn that ends the game not noted as ending it"
        );
        outcome
    }

    /// Judges the end rules, generating moves to know whether any exist.
    pub fn outcome(&self, st: &State) -> Outcome {
        let mut scratch = st.clone();
        let mut moves = Vec::new();
        self.legal_moves(&mut scratch, &mut moves);
        self.outcome_with(st, !moves.is_empty())
    }
}

/// A move that is not legal in the position it was played in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("illegal move")]
pub struct IllegalMove;

/// One step of the splitmix64 generator, used for fixed hash keys.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
