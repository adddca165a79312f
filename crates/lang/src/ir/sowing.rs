//! The checked form of sowing (`sow from ... into ...`, `sow capture
//! ...`): a field of the kind that is sown.

use super::Whose;
use serde::Serialize;

/// Sowing: a turn takes every seed of a site of the mover's `from` region
/// and drops them one by one on the sites after it along his track, a
/// circuit; what the last seed captures goes into his `into` region (his
/// store). A player's seeds, as `more pieces wins` counts them, are those
/// in his store and on his `from` sites.
#[derive(Clone, Debug, Serialize)]
pub struct Sowing {
    /// The region sown from (whose, name).
    pub from: (Whose, String),
    /// The region captures go into.
    pub into: (Whose, String),
    /// `skipping origin`: a sowing that laps the circuit passes the site
    /// it started from.
    pub skipping_origin: bool,
    /// `feeding REGION`: where the region holds no seed, only sowings that
    /// drop one there are allowed.
    pub feeding: Option<(Whose, String)>,
    /// What the last seed captures, in file order.
    pub captures: Vec<SeedCapture>,
}

/// `sow capture opposite|N..M in REGION [, backwards] [, not all]`.
#[derive(Clone, Debug, Serialize)]
pub struct SeedCapture {
    /// The counts that are taken (`N..M`); `None`: `opposite`.
    pub range: Option<(u8, u8)>,
    /// The region the last seed falls in.
    pub region: (Whose, String),
    /// With a range: the sites before it along the circuit too, while
    /// they are of the region and their counts in the range.
    pub backwards: bool,
    /// No capture where it would leave the region without a seed.
    pub not_all: bool,
}
