//! Perft: the number of move sequences of each length from a position,
//! optionally split by first move ("divide"). Used by `ludus perft` and by
//! the perft driver of the tests, so that both count alike.
//!
//! A sequence is a run of complete turns, each legal where it is played
//! ([`Engine::legal_moves`], a forced pass included). A position where the
//! game is over ([`Engine::outcome_with`] is not [`Outcome::Ongoing`]) has
//! no continuations: it ends the sequences through it.
//!
//! The walk allocates nothing once warm: one move buffer and one state per
//! depth, reused.

use crate::engine::{Engine, Move, Outcome, State, TooManyTurns};

/// The deepest perft counted: sequences of at most this many turns.
pub const MAX_DEPTH: u32 = 64;

/// Why a perft cannot be counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PerftError {
    /// A depth of 0 or past [`MAX_DEPTH`].
    #[error("the depth must be from 1 to {MAX_DEPTH}, not {0}")]
    Depth(u32),
    /// A dice game's position with no roll thrown.
    #[error(
        "this game is played with dice: a perft counts the turns of one given roll (`--dice 5-3`, or `dice: 5-3` in the position), at depth 1 only"
    )]
    NoRoll,
    /// A dice game counted past its given roll.
    #[error(
        "this game is played with dice: a perft counts the turns of the given roll only, at depth 1 (the later rolls are unknown), not to depth {0}"
    )]
    DiceDepth(u32),
    /// A roll with more turns than the engine lists.
    #[error("{0}")]
    TooManyTurns(#[from] TooManyTurns),
}

/// The counts of a perft with its split by first move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divided {
    /// The number of sequences of each length: `depths[i]` for `i + 1` turns.
    pub depths: Vec<u64>,
    /// Each first move, in the order [`Engine::legal_moves`] lists them, with
    /// the number of sequences of the deepest length that start with it.
    /// They sum to the last of `depths`.
    pub moves: Vec<(Move, u64)>,
}

/// The number of move sequences of each length 1 to `depth` from `st`.
pub fn perft(engine: &Engine, st: &State, depth: u32) -> Result<Vec<u64>, PerftError> {
    divide(engine, st, depth, |_, _| {}).map(|d| d.depths)
}

/// [`perft`], with the deepest count split by first move. `progress` is
/// called with `(done, of)` before each first move is counted and once at
/// the end (`done == of`).
pub fn divide(
    engine: &Engine,
    st: &State,
    depth: u32,
    mut progress: impl FnMut(usize, usize),
) -> Result<Divided, PerftError> {
    if depth == 0 || depth > MAX_DEPTH {
        return Err(PerftError::Depth(depth));
    }
    // A throw comes before a dice game's turns, and perft counts only the
    // turns of the roll given.
    if engine.to_throw(st) {
        return Err(PerftError::NoRoll);
    }
    if engine.thrown(st) && depth > 1 {
        return Err(PerftError::DiceDepth(depth));
    }
    let depth = depth as usize;
    let mut levels: Vec<Level> = (0..depth)
        .map(|_| Level {
            state: st.clone(),
            moves: Vec::with_capacity(64),
        })
        .collect();
    let mut depths = vec![0; depth];
    let mut below = vec![0; depth - 1];
    let (root, deeper) = levels.split_first_mut().expect("depth is at least 1");
    engine.try_legal_moves(&mut root.state, &mut root.moves)?;
    if engine.outcome_with(&root.state, !root.moves.is_empty()) != Outcome::Ongoing {
        progress(0, 0);
        return Ok(Divided {
            depths,
            moves: Vec::new(),
        });
    }
    depths[0] = root.moves.len() as u64;
    let mut moves = Vec::with_capacity(root.moves.len());
    for (i, m) in root.moves.iter().enumerate() {
        progress(i, root.moves.len());
        let count = if deeper.is_empty() {
            1
        } else {
            let next = &mut deeper[0].state;
            next.clone_from(&root.state);
            engine.play_unchecked(next, m);
            below.fill(0);
            walk(engine, deeper, &mut below)?;
            for (total, n) in depths[1..].iter_mut().zip(&below) {
                *total += n;
            }
            below[depth - 2]
        };
        moves.push((*m, count));
    }
    progress(moves.len(), moves.len());
    Ok(Divided { depths, moves })
}

/// The position at one depth of the walk and its moves.
struct Level {
    state: State,
    moves: Vec<Move>,
}

/// Adds to `counts[i]` the sequences of `i + 1` turns from `levels[0].state`,
/// using `levels[i]` as the buffers of depth `i`.
fn walk(engine: &Engine, levels: &mut [Level], counts: &mut [u64]) -> Result<(), TooManyTurns> {
    let Some((here, deeper)) = levels.split_first_mut() else {
        return Ok(());
    };
    engine.try_legal_moves(&mut here.state, &mut here.moves)?;
    if engine.outcome_with(&here.state, !here.moves.is_empty()) != Outcome::Ongoing {
        return Ok(());
    }
    counts[0] += here.moves.len() as u64;
    if deeper.is_empty() {
        return Ok(());
    }
    for m in &here.moves {
        let next = &mut deeper[0].state;
        next.clone_from(&here.state);
        engine.play_unchecked(next, m);
        walk(engine, deeper, &mut counts[1..])?;
    }
    Ok(())
}
