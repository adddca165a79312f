//! Filters over the complete turns of games without dice: the ranked `play`
//! obligations (`play most captures`, the list dice games order as `play
//! most dice, larger die, most pips`) and the merging of duplicate
//! captures. Both work in place on the move buffer and allocate nothing.

use super::{Move, NONE};
use crate::ir::Priority;

/// What an obligation measures of a complete turn of a game without dice.
/// The checker allows only `most captures` there; the dice measures count
/// nothing.
fn measure(priority: Priority, m: &Move) -> usize {
    match priority {
        Priority::MostCaptures => m.captures(),
        Priority::MostDice | Priority::LargerDie | Priority::MostPips | Priority::From(_) => 0,
    }
}

/// Keeps the turns that meet the obligations, in the game's priority order:
/// for each, only the turns that measure the most among those left.
pub(super) fn obligations(play: &[Priority], out: &mut Vec<Move>) {
    for &priority in play {
        if let Some(best) = out.iter().map(|m| measure(priority, m)).max() {
            out.retain(|m| measure(priority, m) == best);
        }
    }
}

/// The sites a move captures, as a mask.
fn taken(m: &Move) -> u128 {
    m.steps()
        .iter()
        .filter(|s| s.over != NONE)
        .fold(0, |mask, s| mask | 1u128 << s.over)
}

/// Drops from `found` every capture that an earlier one already makes:
/// the same piece from the same site, the same pieces taken, the same
/// landing and the same kind after (`duplicate captures merged`). The
/// turns kept move to the front, in their order; returns how many.
pub(super) fn merge_duplicates(found: &mut [Move]) -> usize {
    let mut kept = 0;
    for i in 0..found.len() {
        let m = &found[i];
        let duplicate = m.len > 1
            && found[..kept].iter().any(|e| {
                e.from() == m.from()
                    && e.to() == m.to()
                    && e.huff == m.huff
                    && e.kind_after == m.kind_after
                    && e.len == m.len
                    && taken(e) == taken(m)
            });
        if !duplicate {
            found[kept] = found[i];
            kept += 1;
        }
    }
    kept
}
