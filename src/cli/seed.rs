//! A fresh seed, for a game the user gives none (`play`, and the web
//! page's new games): from the clock, so that two sessions throw
//! different dice. It is shown and kept in the record, so the game can be
//! played again with `--seed`.

/// A seed from the clock (nanoseconds since 1970, mixed so that nearby
/// instants give unrelated seeds).
pub(crate) fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // SplitMix64's finaliser.
    let mut z = nanos ^ u64::from(std::process::id()).rotate_left(32);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
