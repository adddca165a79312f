//! Checking the `stakes` section: the doubling cube (`cube`, or `cube up
//! to N` with N a power of two) and the match rules that need it (`crawford`, `jacoby`).

use super::Checker;
use crate::ir;
use crate::syntax::{Item, ItemKind, SectionKind};

use ir::MAX_CUBE;

impl Checker<'_> {
    /// The stakes, where the game has a cube.
    pub(super) fn stakes(&mut self) -> Option<ir::Stakes> {
        let items: Vec<&Item> = self
            .sections(SectionKind::Stakes)
            .flat_map(|s| s.items.iter())
            .collect();
        let mut cube = None;
        let mut has_cube = false;
        let mut needs_cube = Vec::new();
        let (mut crawford, mut jacoby) = (false, false);
        for item in items {
            match &item.kind {
                ItemKind::Cube(None) => {
                    has_cube = true;
                    cube = Some(MAX_CUBE);
                }
                ItemKind::Cube(Some(n)) => {
                    has_cube = true;
                    let value = n.text.parse::<u32>().ok();
                    match value.filter(|v| v.is_power_of_two() && (2..=MAX_CUBE).contains(v)) {
                        Some(v) => cube = Some(v),
                        None => self.error(
                            item.file,
                            n.span.clone(),
                            format!(
                                "a cube's highest value must be a power of two from 2 to {MAX_CUBE}, not {}",
                                n.text
                            ),
                            "not a cube's value",
                            Some("the cube doubles from 1: `cube up to 64`".into()),
                        ),
                    }
                }
                ItemKind::Crawford => {
                    crawford = true;
                    needs_cube.push(item);
                }
                ItemKind::Jacoby => {
                    jacoby = true;
                    needs_cube.push(item);
                }
                ItemKind::Drop(name) => self.nothing_to_drop(item.file, name),
                _ => {}
            }
        }
        if !has_cube {
            for item in needs_cube {
                self.error(
                    item.file,
                    item.span.clone(),
                    format!(
                        "`{}` is a rule of the doubling cube, and this game has none",
                        item.kind.key()
                    ),
                    "no cube",
                    Some("add `cube` to the `stakes` section".into()),
                );
            }
        }
        cube.map(|cube_max| ir::Stakes {
            cube_max,
            crawford,
            jacoby,
        })
    }
}
