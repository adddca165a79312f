//! The random generator behind every random choice: portable and seedable.
//!
//! It sits below the engine (which throws the dice) and the playouts (which
//! pick the moves), so that both draw from one generator.

use rand::SeedableRng;

/// The random generator: PCG, the same numbers on every platform.
pub type Rng = rand_pcg::Pcg64Mcg;

/// A generator from a seed; the same seed gives the same game everywhere.
pub fn rng(seed: u64) -> Rng {
    Rng::seed_from_u64(seed)
}
