//! Checking a lattice of dots (`drawn as edges`): what it asks of the
//! grid it draws.

use super::Checker;
use crate::diag::{FileId, Span};
use crate::syntax::DrawnAs;

impl Checker<'_> {
    /// A lattice of dots (`drawn as edges`): odd sizes of 3 or more (a
    /// dot at each corner, a box between), and no `sites` item, since the
    /// lattice keeps its own.
    pub(super) fn edges_grid(
        &mut self,
        drawn: &Option<(DrawnAs, FileId, Span)>,
        (w, h): (u32, u32),
        kept: bool,
    ) {
        let Some((_, file, span)) = drawn else {
            return;
        };
        if w % 2 == 0 || h % 2 == 0 || w < 3 || h < 3 {
            self.error(
                *file,
                span.clone(),
                format!("a grid drawn as edges is a lattice of dots, and a {w} x {h} grid is not one"),
                "not a lattice",
                Some("give it odd sizes of 3 or more, a dot at each corner: boxes 2 x 2 need `grid 5 x 5`".into()),
            );
        }
        if kept {
            self.error(
                *file,
                span.clone(),
                "a grid drawn as edges keeps its own sites, the edges and the boxes",
                "keeps its own sites",
                Some("remove the board's `sites` item".into()),
            );
        }
    }
}
