//! Seeded random playouts, run inside the engine: one loop per family,
//! compiled for its strategy, so that no turn of a playout passes through
//! the dispatch of [`super::strategy::by_family!`]. The turns and the draws
//! are those of listing every turn and drawing one uniformly: a seeded
//! playout is the same game however it is run.

use super::strategy::Strategy;
use super::{MAX_DICE, Move, Outcome, Root, State, TooManyTurns};
use crate::rng::Rng;
use rand::RngExt;

/// Where a playout stopped on a roll with more turns than the engine
/// lists: the turn (from 1) and why.
pub type Stopped = (u32, TooManyTurns);

/// Plays uniformly random legal turns from `st` to the end of the game or
/// `max_plies` turns: the outcome (`Ongoing` at the limit) and the turns
/// played. The dice are cleared at the end.
#[inline(always)]
pub(super) fn random<S: Strategy>(
    s: S,
    st: &mut State,
    rng: &mut Rng,
    moves: &mut Vec<Move>,
    max_plies: u32,
) -> Result<(Outcome, u32), Stopped> {
    if s.draws_planned() {
        planned(s, st, rng, moves, max_plies)
    } else {
        counted(s, st, rng, moves, max_plies)
    }
}

/// The outcome after a turn the engine listed (see
/// [`super::Engine::outcome_after`]).
#[inline(always)]
fn outcome_after<S: Strategy>(s: S, st: &State, has_moves: bool, ended: bool) -> Outcome {
    if ended && let Some(o) = s.own_outcome(st) {
        return o;
    }
    s.core().rules_outcome(st, has_moves)
}

/// A playout whose turns are counted, one drawn by its index and played.
#[inline(always)]
fn counted<S: Strategy>(
    s: S,
    st: &mut State,
    rng: &mut Rng,
    moves: &mut Vec<Move>,
    max_plies: u32,
) -> Result<(Outcome, u32), Stopped> {
    let mut plies = 0;
    // Whether the family's own end conditions are to be judged: at the
    // start, and after a turn the search found to end the game.
    let mut ended = true;
    // Where the count of the next turn starts, carried from the turn
    // played (a dice game's root, see `dice/listing.rs`).
    let mut root: Option<Root> = None;
    // The turn drawn, where it is not one of those listed, written over
    // the last.
    let mut drawn = Move::PASS;
    loop {
        // The opening throw may have thrown the first roll already.
        if s.to_throw(st) {
            s.roll(st, rng);
        }
        let n = (s.count_from(st, moves, root.as_ref())).map_err(|cause| (plies + 1, cause))?;
        let outcome = outcome_after(s, st, n > 0, ended);
        if outcome != Outcome::Ongoing || plies >= max_plies {
            st.dice = [0; MAX_DICE];
            return Ok((outcome, plies));
        }
        // The same draw as from the list of every turn.
        let i = rng.random_range(0..n);
        (ended, root) = s.play_drawn(st, moves, i, &mut drawn);
        plies += 1;
    }
}

/// A playout of a game whose turns are counted and drawn in one call
/// ([`Strategy::draw`]): the same turns, drawn by the same draws, as
/// [`counted`] plays. Compiled apart, so that the other loop is not built
/// around its needs.
#[inline(never)]
fn planned<S: Strategy>(
    s: S,
    st: &mut State,
    rng: &mut Rng,
    moves: &mut Vec<Move>,
    max_plies: u32,
) -> Result<(Outcome, u32), Stopped> {
    let mut plies = 0;
    // The turn drawn, written over the last.
    let mut drawn = Move::PASS;
    loop {
        let mut end = None;
        let pick = |st: &State, n: usize| {
            // As `counted` judges the end, then draws.
            let outcome = outcome_after(s, st, n > 0, false);
            if outcome != Outcome::Ongoing || plies >= max_plies {
                end = Some(outcome);
                return None;
            }
            Some(rng.random_range(0..n))
        };
        let drew = (s.draw(st, moves, &mut drawn, pick)).map_err(|cause| (plies + 1, cause))?;
        if !drew {
            return Ok((end.unwrap_or(Outcome::Ongoing), plies));
        }
        s.play(st, &drawn);
        plies += 1;
    }
}
