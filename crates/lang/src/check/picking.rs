//! Checking the die that picks the piece (`die picks the piece, else the
//! nearest`, in `rules`): a grid game that throws one die, numbered 1 to
//! as many faces as the game has kinds, face N naming the Nth kind
//! declared. Such a game's dice move no man along a track: it is checked
//! as a game without dice, its `dice` kept for the throw.

use super::Checker;
use crate::ir;
use crate::syntax::{ItemKind, SectionKind};

impl Checker<'_> {
    /// Whether the rules have `die picks the piece, else the nearest`.
    pub(super) fn picks_kind(&self) -> bool {
        self.sections(SectionKind::Rules)
            .flat_map(|s| s.items.iter())
            .any(|i| matches!(i.kind, ItemKind::DiePicks))
    }

    /// Whether the rules say `die picks the piece, else the nearest`, with
    /// the refusals of its misuse: no dice, dice other than one die
    /// numbered from 1, faces that do not number the kinds.
    pub(super) fn picking_die(&mut self, thrown: Option<ir::Dice>, kinds: usize) -> bool {
        let Some(item) = self
            .sections(SectionKind::Rules)
            .flat_map(|s| s.items.iter())
            .find(|i| matches!(i.kind, ItemKind::DiePicks))
        else {
            return false;
        };
        let (file, span) = (item.file, item.span.clone());
        let Some(dice) = thrown else {
            self.error(
                file,
                span,
                "`die picks the piece` in a game without dice",
                "no die to pick with",
                Some(format!(
                    "add `dice {{ count 1  faces {kinds} }}`: face N picks the Nth kind declared"
                )),
            );
            return false;
        };
        if dice.count != 1
            || dice.summed
            || dice.values.is_some()
            || dice.opening.is_some()
            || dice.climb.is_some()
        {
            self.error(
                file,
                span,
                "the die that picks the piece is one die, numbered from 1",
                "needs one plain die",
                Some(format!(
                    "write `dice {{ count 1  faces {kinds} }}`, with no listed faces, `summed`, `opening` or climbing doubles"
                )),
            );
            return false;
        }
        if usize::from(dice.faces) != kinds {
            self.error(
                file,
                span,
                format!(
                    "the die has {} faces and the game {kinds} kinds of piece: its faces do not number the kinds",
                    dice.faces
                ),
                "face N picks the Nth kind",
                Some(format!(
                    "declare one kind per face, in the order of the faces (`piece one`, `piece two`, ...), or write `faces {kinds}`"
                )),
            );
            return false;
        }
        true
    }
}
