//! Checking the `invariants` section: `NAME: CONDITION` items, each
//! condition judged for both players in every position, reading only the
//! position (no landing site, no die move).

use super::Checker;
use super::conditions::CondUse;
use crate::ir;
use crate::syntax::{ItemKind, SectionKind};

impl Checker<'_> {
    /// The invariants, in file order. Names are unique: an item given
    /// twice in one file is reported with the other repeated items, and a
    /// variant's invariant replaces its base's of the same name.
    pub(super) fn invariants(&mut self, players: &[ir::Player]) -> Vec<ir::Invariant> {
        let mut out = Vec::new();
        let sections: Vec<_> = self.sections(SectionKind::Invariants).collect();
        for item in sections.iter().flat_map(|s| s.items.iter()) {
            match &item.kind {
                ItemKind::Invariant(name, cond) => {
                    let cond = self.condition(players, item.file, cond, CondUse::Invariant);
                    out.push(ir::Invariant {
                        name: name.text.clone(),
                        cond,
                    });
                }
                ItemKind::Drop(name) => self.nothing_to_drop(item.file, name),
                _ => {}
            }
        }
        out
    }
}
