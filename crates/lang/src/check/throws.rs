//! Checking the throws that pass the turn (`throw 5 passes`, in the `dice`
//! section): each a roll the dice can throw, and not a throw of 0, which
//! passes already.

use super::Checker;
use crate::ir;
use crate::syntax::{ItemKind, SectionKind};

impl Checker<'_> {
    /// Reads the `dice` section's `throw ROLL ... passes` into `rules`.
    pub(super) fn passing_throws(&mut self, dice: Option<ir::Dice>, rules: &mut ir::Rules) {
        let Some(dice) = dice else { return };
        let items: Vec<_> = self
            .sections(SectionKind::Dice)
            .flat_map(|s| s.items.iter())
            .collect();
        for item in items {
            let ItemKind::ThrowPasses(rolls) = &item.kind else {
                continue;
            };
            for roll in rolls {
                let Some(kept) = self.roll(item.file, roll, dice) else {
                    continue;
                };
                // Slots left at 0 hold no die (summed dice, fewer dice
                // than slots); a die at 0 is kept as `ZERO_THROW`.
                if kept.iter().all(|&v| v == 0 || v == ir::ZERO_THROW) {
                    self.error(
                        item.file,
                        roll.span.clone(),
                        format!("`{}` is a throw of 0, which passes already", roll.text),
                        "passes already",
                        Some("a throw that moves no man passes the turn: remove it".into()),
                    );
                } else if rules.passing_throws.contains(&kept) {
                    self.error(
                        item.file,
                        roll.span.clone(),
                        format!("the throw `{}` is named twice", roll.text),
                        "named before",
                        Some("name each throw that passes once".into()),
                    );
                } else {
                    rules.passing_throws.push(kept);
                }
            }
        }
    }
}
