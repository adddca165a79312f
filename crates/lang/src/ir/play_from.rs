//! The `play from REGION [when CONDITION]` obligation of dice games: the
//! turns that move the most men from a region, while a condition holds.

use super::Cond;
use serde::Serialize;

/// The most `from` obligations a `play` rule may give.
pub const MAX_PLAY_FROM: usize = 8;

/// A `play from REGION [when CONDITION]` obligation of a dice game: the
/// turns that move the most men from the mover's REGION (a zone too),
/// while the condition holds for him before the turn (always without one).
#[derive(Clone, Debug, Serialize)]
pub struct PlayFrom {
    /// The region (or zone) the die moves leave, the mover's.
    pub region: String,
    /// While it holds for the mover; always without one.
    pub when: Option<Cond>,
}
