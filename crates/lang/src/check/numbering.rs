//! Checking the numbering of a grid's kept points (`number from CORNER
//! along D1 then D2`): the order it puts them in.

use super::{BoardBuild, COMPASS, Checker, suggest};
use crate::syntax::{Item, ItemKind, Name};

impl Checker<'_> {
    /// The order `number from CORNER along D1 then D2` puts the grid's points
    /// in, as a key per point; `None` (reported) if the item is wrong.
    pub(super) fn numbering_order(
        &mut self,
        build: &BoardBuild,
        item: &Item,
        w: i32,
        h: i32,
    ) -> Option<impl Fn((i32, i32)) -> i32 + use<>> {
        let ItemKind::Numbering(corner, along, then) = &item.kind else {
            return None;
        };
        let mut at = None;
        for (x, f) in build.files.iter().enumerate() {
            for (y, r) in build.ranks.iter().enumerate() {
                if format!("{f}{r}") == corner.text {
                    at = Some((x as i32, y as i32));
                }
            }
        }
        let mut ok = true;
        let mut vector = |d: &Name| match COMPASS.iter().find(|c| c.0 == d.text) {
            Some((_, v)) if v.0 * v.1 == 0 => Some(*v),
            found => {
                let hint = if found.is_some() {
                    "number along a row: `n`, `e`, `s` or `w`".to_string()
                } else {
                    suggest(&d.text, ["n", "e", "s", "w"].into_iter())
                        .unwrap_or_else(|| "number along a row: `n`, `e`, `s` or `w`".to_string())
                };
                self.error(
                    item.file,
                    d.span.clone(),
                    format!("`{}` is not an orthogonal direction", d.text),
                    "not n, e, s or w",
                    Some(hint),
                );
                ok = false;
                None
            }
        };
        let (a, b) = (vector(along), vector(then));
        let Some((cx, cy)) = at else {
            let hint = format!(
                "name a corner of the grid by its file and rank, such as `{}{}`",
                build.files[0],
                build.ranks[build.ranks.len() - 1]
            );
            self.error(
                item.file,
                corner.span.clone(),
                format!("there is no grid point `{}`", corner.text),
                "not a point of the grid",
                Some(hint),
            );
            return None;
        };
        let (a, b) = (a?, b?);
        if !ok {
            return None;
        }
        if a.0 * b.0 + a.1 * b.1 != 0 {
            self.error(
                item.file,
                then.span.clone(),
                format!(
                    "`{}` does not cross `{}`: rows follow one another across the row",
                    then.text, along.text
                ),
                "parallel to the row",
                Some(format!(
                    "with rows along `{}`, go from row to row `{}`",
                    along.text,
                    if a.0 == 0 { "e` or `w" } else { "n` or `s" }
                )),
            );
            return None;
        }
        // The corner must be the one both directions start from.
        let inside = |x: i32, y: i32| x >= 0 && y >= 0 && x < w && y < h;
        let wrong: Vec<&Name> = [(a, along), (b, then)]
            .into_iter()
            .filter(|((dx, dy), _)| inside(cx - dx, cy - dy))
            .map(|(_, d)| d)
            .collect();
        if !wrong.is_empty() {
            let named: Vec<String> = wrong.iter().map(|d| format!("`{}`", d.text)).collect();
            self.error(
                item.file,
                corner.span.clone(),
                format!(
                    "numbering cannot start at `{}`: going {} from there leaves grid points behind",
                    corner.text,
                    named.join(" and ")
                ),
                "not the starting corner",
                Some("start from the corner that both directions lead away from".into()),
            );
            return None;
        }
        Some(move |(x, y): (i32, i32)| {
            let along_pos = (x - cx) * a.0 + (y - cy) * a.1;
            let row = (x - cx) * b.0 + (y - cy) * b.1;
            row * 64 + along_pos
        })
    }
}
