//! Games of more than two players: what their rules may say. The engine
//! moves the turn round the players in file order and judges each one's
//! end rules; the rules that read "the opponent" (captures, conditions on
//! his pieces or regions, a loss that makes him the winner) have no one
//! opponent to read, so such a game is refused them, item by item.

use super::Checker;
use crate::syntax::{ItemKind, SectionKind};

impl Checker<'_> {
    /// Refuses, in a game of `players` players (more than two), every
    /// section and item the engine plays for two alone.
    pub(super) fn seats(&mut self, players: usize) {
        if players <= 2 {
            return;
        }
        let hint = format!(
            "a game of {players} players moves pieces by `step`, `hop`, `place` and `fly`, \
             or men along tracks by dice (advancing, hitting to a zone, entering, \
             passing, throwing again), and ends by conditions on the player's own pieces \
             (`=> win` or `=> draw`) and by counters"
        );
        let dice = self.sections.iter().any(|s| s.kind == SectionKind::Dice);
        for s in self.sections {
            if s.kind == SectionKind::Stakes {
                self.error(
                    s.file,
                    s.span.clone(),
                    format!("a game of {players} players cannot have this section yet"),
                    "for two players only",
                    Some(hint.clone()),
                );
                continue;
            }
            for item in &s.items {
                let what = if !(allowed(&item.kind) || dice && allowed_with_dice(&item.kind)) {
                    "this rule is written for two players only"
                } else if names_opponent(&item.kind) {
                    "there is no one opponent in a game of more than two players"
                } else {
                    continue;
                };
                self.error(
                    item.file,
                    item.span.clone(),
                    format!("{what}, and this game has {players}"),
                    "for two players only",
                    Some(hint.clone()),
                );
            }
        }
    }
}

/// Whether a game of more than two players may have an item of this kind.
fn allowed(kind: &ItemKind) -> bool {
    matches!(
        kind,
        ItemKind::Grid(..)
            | ItemKind::Files(..)
            | ItemKind::Ranks(..)
            | ItemKind::Links(..)
            | ItemKind::Link(..)
            | ItemKind::Site(..)
            | ItemKind::Drawn(..)
            | ItemKind::Forward(..)
            | ItemKind::Region(..)
            | ItemKind::Marks(..)
            | ItemKind::Step(..)
            | ItemKind::Hop(..)
            | ItemKind::Place(..)
            | ItemKind::Fly(..)
            | ItemKind::HandPlacement(..)
            | ItemKind::Promote(..)
            | ItemKind::KeepSites(..)
            | ItemKind::KeepList(..)
            | ItemKind::BoardLine(..)
            | ItemKind::Numbering(..)
            | ItemKind::Placement(..)
            | ItemKind::EndWhen(..)
            | ItemKind::NoProgress(..)
            | ItemKind::Invariant(..)
            | ItemKind::Drop(..)
    )
}

/// Whether a dice game of more than two players may have an item of this
/// kind: men advanced along each player's track by the dice, hit to their
/// owner's zone, entered by `place`, with `forbid` and `pass` rules on the
/// mover's own men, throws that pass or earn another, and the `play`
/// obligations. Not yet: pins, bearing off, run limits and vulnerable
/// runs, climbing or chosen doubles, an opening throw, dice that pick the
/// piece, `first from`, repetition.
fn allowed_with_dice(kind: &ItemKind) -> bool {
    matches!(
        kind,
        ItemKind::Zone(..)
            | ItemKind::Points(..)
            | ItemKind::Rows(..)
            | ItemKind::TrackPath(..)
            | ItemKind::Advance
            | ItemKind::DiceCount(..)
            | ItemKind::DiceFaces(..)
            | ItemKind::DiceSummed
            | ItemKind::Doubles(..)
            | ItemKind::ThrowPasses(..)
            | ItemKind::DiceNotation(..)
            | ItemKind::Forbid(..)
            | ItemKind::Hit(..)
            | ItemKind::Play(..)
            | ItemKind::Pass(..)
            | ItemKind::Again(..)
            | ItemKind::EndingTurn(..)
    )
}

/// Whether an item reads the opponent (`opponent pieces`, `on opponent
/// back-rank`) or makes him the winner (`=> loss`, `more pieces wins`):
/// read off the item's syntax tree, names and other quoted text left out,
/// so that no form of it is missed.
fn names_opponent(kind: &ItemKind) -> bool {
    let tree = format!("{kind:?}");
    let mut unquoted = String::with_capacity(tree.len());
    let mut quoted = false;
    let mut chars = tree.chars();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '\\') => {
                chars.next();
            }
            (_, '"') => quoted = !quoted,
            (false, _) => unquoted.push(c),
            (true, _) => {}
        }
    }
    unquoted
        .split(|c: char| !c.is_alphanumeric())
        .any(|word| matches!(word, "Opponent" | "Loss" | "MorePieces"))
}
