//! The checked form of `enclose KIND DIRECTIONS`: a field of the kind
//! that encloses.

use serde::Serialize;

/// `enclose KIND DIRECTIONS`: once the piece is placed, every empty site
/// next to it along one of the directions whose every neighbour along
/// them holds a piece (either side's) gets a piece of `kind`, the mover's,
/// from a supply that never runs out. The placement and the claims are one
/// turn.
#[derive(Clone, Debug, Serialize)]
pub struct Enclose {
    /// The kind of the piece that claims a site.
    pub kind: usize,
    /// Per player: the directions.
    pub directions: Vec<Vec<usize>>,
}
