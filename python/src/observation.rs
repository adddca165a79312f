//! The observation tensor: one flat `float32` vector of a generic layout,
//! the same for every game, seen by one player (the observer's parts first).
//!
//! With `S` sites and `K` piece kinds, in order:
//!
//! | part | shape | values |
//! |---|---|---|
//! | `men` | `[2, K, S]` | men of (player, kind) on each site: 0/1 on grids, the stack's count in dice games; the observer's planes first |
//! | `pinned` | `[2, S]` | 1 where a man of that player lies pinned (games with `pin blots`), observer first |
//! | `huffable` | `[S]` | 1 on the pieces the player to move may huff |
//! | `to_move` | `[2]` | 1 for the player to move (observer first); both 0 at chance and terminal nodes |
//! | `dice` | `[MAX_DICE]` | the faces thrown for the turn (the sum, first, for summed dice), 0 where none (or a die showing 0) |
//! | `counters` | `[2 + MAX_COUNTERS]` | turns without a capture, turns without a man moving, then each further no-progress counter |

use crate::Shared;
use ludus::engine::State;
use ludus::ir::{MAX_COUNTERS, MAX_DICE};

/// The parts of the tensor: `(name, offset, shape)`.
pub fn layout(shared: &Shared) -> Vec<(&'static str, usize, Vec<usize>)> {
    let s = shared.engine.sites();
    let k = shared.engine.game().kinds.len();
    let parts: [(&'static str, Vec<usize>); 6] = [
        ("men", vec![2, k, s]),
        ("pinned", vec![2, s]),
        ("huffable", vec![s]),
        ("to_move", vec![2]),
        ("dice", vec![MAX_DICE]),
        ("counters", vec![2 + MAX_COUNTERS]),
    ];
    let mut offset = 0;
    parts
        .into_iter()
        .map(|(name, shape)| {
            let at = offset;
            offset += shape.iter().product::<usize>();
            (name, at, shape)
        })
        .collect()
}

/// The tensor's length.
pub fn size(shared: &Shared) -> usize {
    layout(shared)
        .iter()
        .map(|(_, _, shape)| shape.iter().product::<usize>())
        .sum()
}

/// The tensor of `st` seen by `observer`; `to_move` is the player to move
/// at a decision node, `None` elsewhere.
pub fn tensor(shared: &Shared, st: &State, observer: usize, to_move: Option<usize>) -> Vec<f32> {
    let engine = &shared.engine;
    let s = engine.sites();
    let k = engine.game().kinds.len();
    let mut out = vec![0f32; size(shared)];
    // Planes are ordered from the observer.
    let rel = |player: usize| usize::from(player != observer);
    for site in 0..s {
        if let Some((owner, kind)) = st.piece(site) {
            out[(rel(owner) * k + kind) * s + site] = f32::from(engine.men(st, site));
        }
        if engine.pins()
            && let Some(owner) = engine.pinned_man(st, site)
        {
            out[2 * k * s + rel(owner) * s + site] = 1.0;
        }
        if site < 128 && st.offenders & (1u128 << site) != 0 {
            out[(2 * k + 2) * s + site] = 1.0;
        }
    }
    let mut at = (2 * k + 3) * s;
    if let Some(p) = to_move {
        out[at + rel(p)] = 1.0;
    }
    at += 2;
    for (i, &d) in st.dice.iter().enumerate() {
        out[at + i] = f32::from(ludus::ir::shown_value(d));
    }
    at += MAX_DICE;
    out[at] = st.quiet as f32;
    out[at + 1] = st.idle as f32;
    for (i, &c) in st.counters.iter().enumerate() {
        out[at + 2 + i] = c as f32;
    }
    out
}
