//! Checking the `again` rules: what earns the player who has just moved
//! an extra turn (his last man landing in a region of his, a throw, a
//! hit or capture, a site claimed by `enclose`), and the bound on extra
//! turns in a row.

use super::Checker;
use crate::ir::{self, Obligation};
use crate::syntax::{AgainAfter, Item, ItemKind, Name, SectionKind};

/// The most extra turns in a row a rule may bound them to.
pub const MAX_AGAIN_IN_A_ROW: u32 = 100;

impl Checker<'_> {
    /// Reads the `again` rules into `rules`.
    pub(super) fn again(
        &mut self,
        players: &[ir::Player],
        (dice, kinds): (Option<ir::Dice>, &[ir::Kind]),
        rules: &mut ir::Rules,
    ) {
        let items: Vec<&Item> = self
            .sections(SectionKind::Rules)
            .flat_map(|s| s.items.iter())
            .collect();
        for item in items {
            if let ItemKind::Choose(rolls, again) = &item.kind {
                rules.choose = self.choose(item, dice, rolls, *again);
                continue;
            }
            let ItemKind::Again(after, most) = &item.kind else {
                continue;
            };
            let after = match after {
                AgainAfter::Landing(region) => {
                    self.region(players, item.file, region);
                    ir::AgainAfter::Landing(region.text.clone())
                }
                AgainAfter::Throw(rolls) => {
                    let Some(dice) = dice else {
                        self.error(
                            item.file,
                            item.span.clone(),
                            "`again after throw` names a throw, and this game has no dice",
                            "needs dice",
                            Some("add a `dice` section, or give the extra turn `after landing in REGION` or `after capture`".into()),
                        );
                        continue;
                    };
                    let rolls = rolls
                        .iter()
                        .filter_map(|r| self.roll(item.file, r, dice))
                        .collect();
                    ir::AgainAfter::Throw(rolls)
                }
                AgainAfter::Hit => {
                    let takes = if dice.is_some() {
                        rules.hit_to.is_some() || rules.pin_blots
                    } else {
                        rules.capture != Obligation::None || rules.line_removal.is_some()
                    };
                    if !takes {
                        let (message, hint) = if dice.is_some() {
                            (
                                "`again after hit` but no man of this game hits or pins another",
                                "add `hit to ZONE` (or `pin blots`), or remove the rule",
                            )
                        } else {
                            (
                                "`again after capture` but no piece of this game captures",
                                "give a piece a `jump` line and the rules `capture ...`, or remove the rule",
                            )
                        };
                        self.error(
                            item.file,
                            item.span.clone(),
                            message,
                            "never earned",
                            Some(hint.into()),
                        );
                    }
                    ir::AgainAfter::Hit
                }
                AgainAfter::Enclosing => {
                    // Any piece written with `enclose`, even one whose
                    // claims are refused for other reasons.
                    let encloses = kinds.iter().any(|k| k.enclose.is_some())
                        || (self
                            .sections(SectionKind::Piece)
                            .flat_map(|s| s.items.iter()))
                        .any(|i| matches!(i.kind, ItemKind::Enclose(..)));
                    if !encloses {
                        self.error(
                            item.file,
                            item.span.clone(),
                            "`again after enclosing` but no piece of this game encloses",
                            "never earned",
                            Some(
                                "give a placed piece `enclose KIND DIRECTIONS`, or remove the rule"
                                    .into(),
                            ),
                        );
                    }
                    ir::AgainAfter::Enclosing
                }
            };
            let most = most
                .as_ref()
                .and_then(|n| self.number(item.file, n, 1, MAX_AGAIN_IN_A_ROW))
                .map(|n| n as u8);
            rules.again.push(ir::Again { after, most });
        }
    }

    /// `choose double after throw ROLLS`: two dice numbered from 1, thrown
    /// one by one, and rolls they can throw.
    fn choose(
        &mut self,
        item: &Item,
        dice: Option<ir::Dice>,
        rolls: &[Name],
        again: bool,
    ) -> Option<ir::Choose> {
        let why = match dice {
            None => Some("this game has no dice"),
            Some(d) if d.count != 2 || d.summed || d.values.is_some() => {
                Some("a double is chosen for two dice numbered from 1, used one by one")
            }
            Some(_) => None,
        };
        if let Some(why) = why {
            self.error(
                item.file,
                item.span.clone(),
                format!("`choose double` cannot be played here: {why}"),
                "no double to choose",
                Some(
                    "write it in a game with `dice { count 2 faces 6 }`, or remove the rule".into(),
                ),
            );
            return None;
        }
        let dice = dice?;
        let rolls = rolls
            .iter()
            .filter_map(|r| self.roll(item.file, r, dice))
            .collect();
        Some(ir::Choose { rolls, again })
    }
}
