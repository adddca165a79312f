//! Move generation as a strategy: what a family of games provides to the
//! engine, behind one trait. A game's family is chosen once, when it is
//! compiled ([`Family`]); the engine's every entry point passes through
//! [`by_family!`] to the family's strategy, a view of the rules core and
//! the family's own tables ([`super::grid::Grid`], [`super::dice::Dice`]).
//! A new family adds a file with its view and tables, a variant of
//! [`Family`] and an arm of [`by_family!`], not a branch in the engine.
//!
//! Every method takes the view by value (two references) and is
//! dispatched statically: a playout's loop calls the family's code
//! directly.

use super::{Core, Move, Outcome, Root, State, TooManyTurns, dice, grid, sow};

/// The family of a game and its compiled move tables. One per engine,
/// held inline: the tables are one load away from the view.
#[allow(clippy::large_enum_variant)]
pub(super) enum Family {
    /// Pieces step and jump along the board's lines, placed from the hand
    /// and removed by actions (`grid.rs`).
    Grid(grid::Grid),
    /// Men advance along their owner's track by the dice (`dice.rs`).
    Dice(dice::Dice),
    /// Seeds are sown along the mover's track (`sow.rs`).
    Sow(sow::Sow),
}

/// Runs `$body` with `$s` bound to the strategy of `$engine`'s family.
macro_rules! by_family {
    ($engine:expr, $s:ident => $body:expr) => {
        match &$engine.family {
            $crate::engine::strategy::Family::Grid($s) => $body,
            $crate::engine::strategy::Family::Dice($s) => $body,
            $crate::engine::strategy::Family::Sow($s) => $body,
        }
    };
}
pub(super) use by_family;

/// What a family of games provides: its turns listed, counted and drawn,
/// played, and hashed, its chance, and the end conditions it judges itself.
pub(super) trait Strategy: Copy {
    /// Whether the family lists one turn per position it reaches (the
    /// dice search: the same die moves in another order are one turn),
    /// rather than one per route (two capture routes to one position are
    /// two turns).
    const ONE_TURN_PER_POSITION: bool;

    /// The rules core.
    fn core(&self) -> &Core;

    /// Every legal complete turn of the player to move (see
    /// [`super::Engine::try_legal_moves`]).
    fn turns(self, st: &mut State, out: &mut Vec<Move>) -> Result<(), TooManyTurns>;

    /// Every route to the legal turns, orders of the same moves included
    /// (see [`super::Engine::all_sequences`]); the turns where a turn has
    /// one route.
    fn routes(self, st: &mut State, out: &mut Vec<Move>) -> Result<(), TooManyTurns> {
        self.turns(st, out)
    }

    /// The number of legal turns, of which `out` holds the first (see
    /// [`super::Engine::count_turns`]).
    fn count(self, st: &mut State, out: &mut Vec<Move>) -> Result<usize, TooManyTurns>;

    /// [`Strategy::count`] of `st`, reached by the turn whose
    /// [`Strategy::root_after`] is `carried`, where given.
    fn count_from(
        self,
        st: &mut State,
        out: &mut Vec<Move>,
        carried: Option<&Root>,
    ) -> Result<usize, TooManyTurns> {
        let _ = carried;
        self.count(st, out)
    }

    /// The turn of index `i` of those [`Strategy::count`] counted (see
    /// [`super::Engine::turn_at`]).
    fn turn_at(self, st: &State, listed: &[Move], i: usize) -> Move;

    /// [`Strategy::turn_at`] right after [`Strategy::count`] of the same
    /// `st` on this thread (see [`super::Engine::counted_turn_at`]).
    fn counted_turn_at(self, st: &State, listed: &[Move], i: usize) -> Move;

    /// [`Strategy::counted_turn_at`], written over `out`.
    fn counted_turn_into(self, st: &State, listed: &[Move], i: usize, out: &mut Move) {
        *out = self.counted_turn_at(st, listed, i);
    }

    /// Where the count of the next turn starts after `m` (see
    /// `Dice::dice_root_after`); `None` where nothing is carried.
    fn root_after(self, st: &State, m: &Move) -> Option<Root> {
        let _ = (st, m);
        None
    }

    /// Plays the turn [`Strategy::counted_turn_at`] gives: whether it ends
    /// the game, and its [`Strategy::root_after`].
    fn play_counted(self, st: &mut State, listed: &[Move], i: usize) -> (bool, Option<Root>) {
        let m = self.counted_turn_at(st, listed, i);
        self.play(st, &m);
        (m.ends, self.root_after(st, &m))
    }

    /// Plays the turn of index `i` just counted (see
    /// [`Strategy::counted_turn_at`]), written over `drawn` where it is not
    /// one of `listed`: whether it ends the game (the family's own end
    /// conditions, noted by its search), and its [`Strategy::root_after`].
    #[inline(always)]
    fn play_drawn(
        self,
        st: &mut State,
        listed: &[Move],
        i: usize,
        drawn: &mut Move,
    ) -> (bool, Option<Root>) {
        if let Some(m) = listed.get(i) {
            self.play(st, m);
            return (m.ends, None);
        }
        self.counted_turn_into(st, listed, i, drawn);
        self.play(st, drawn);
        (drawn.ends, None)
    }

    /// Plays a turn known to be legal; never allocates.
    fn play(self, st: &mut State, m: &Move);

    /// The family's part of [`super::Engine::hash`], folded into `h`, the
    /// part every game shares.
    fn hash(self, st: &State, h: u64) -> u64;

    /// The end conditions the family judges itself, for the player about
    /// to move and then the other; `None` where none holds.
    fn own_outcome(self, st: &State) -> Option<Outcome> {
        let _ = st;
        None
    }

    /// The family's judgement of a position for `player` where the rules
    /// core has none (`evaluate:`).
    fn own_evaluation(self, st: &State, player: usize) -> Option<i64> {
        let _ = (st, player);
        None
    }

    /// Whether the player to move is still to throw the dice of his turn.
    fn to_throw(self, st: &State) -> bool {
        let _ = st;
        false
    }

    /// Throws the dice for the player to move, where the family has dice.
    fn roll(self, st: &mut State, rng: &mut crate::rng::Rng) {
        let _ = (st, rng);
    }

    /// The opening throw, where the game has one (see
    /// [`super::Engine::opening`]).
    fn opening(self, st: &mut State, rng: &mut crate::rng::Rng) -> Option<[u8; 2]> {
        let _ = (st, rng);
        None
    }

    /// The opening throw `dice` set by hand (see [`super::Engine::opened`]).
    fn opened(self, st: &mut State, dice: [u8; 2]) -> Option<()> {
        let _ = (st, dice);
        None
    }

    /// Whether random playouts draw turns by [`Strategy::draw`].
    fn draws_planned(self) -> bool {
        false
    }

    /// Counts the turns and draws one in one call (see
    /// [`super::grid::Grid::draw_planned`]).
    fn draw(
        self,
        st: &mut State,
        out: &mut Vec<Move>,
        drawn: &mut Move,
        pick: impl FnOnce(&State, usize) -> Option<usize>,
    ) -> Result<bool, TooManyTurns> {
        self.turns(st, out)?;
        let Some(i) = pick(st, out.len()) else {
            return Ok(false);
        };
        *drawn = out[i];
        Ok(true)
    }
}
