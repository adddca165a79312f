//! Checking the pieces each player starts with in his hand (`PLAYER KIND
//! in hand: N`), which `place` lines put on the board.

use super::Checker;
use crate::diag::FileId;
use crate::ir;
use crate::syntax::{ItemKind, Name, Section, SectionKind};

impl Checker<'_> {
    /// The `PLAYER KIND in hand: N` items of the setup.
    pub(super) fn hand(
        &mut self,
        players: &[(ir::Player, FileId)],
        kind_names: &[Name],
        kinds: &[ir::Kind],
    ) -> Vec<ir::Hand> {
        let sections: Vec<&Section> = self.sections(SectionKind::Setup).collect();
        let mut hand: Vec<ir::Hand> = Vec::new();
        for item in sections.iter().flat_map(|s| s.items.iter()) {
            let ItemKind::HandPlacement(pname, kname, n) = &item.kind else {
                continue;
            };
            if self.has_dice {
                self.error(
                    item.file,
                    item.span.clone(),
                    "a game with dice has no pieces in hand: its men start on the board or in its zones",
                    "not in a game with dice",
                    Some("set the men up in the zone the track starts in (`white man: start*15`); `place` then enters them where its region says".into()),
                );
                continue;
            }
            let player = self.player_named(players, item.file, pname);
            let kind = self.kind_named(item.file, kname, kind_names);
            let count = self.number(item.file, n, 1, u32::from(u8::MAX));
            let (Some(player), Some(kind), Some(count)) = (player, kind, count) else {
                continue;
            };
            if kinds[kind].place.is_none() {
                self.error(
                    item.file,
                    item.span.clone(),
                    format!(
                        "pieces `{}` in hand can never be placed: the piece has no `place` line",
                        kname.text
                    ),
                    "never placed",
                    Some(format!("add `place` to `piece {}`", kname.text)),
                );
            }
            hand.push(ir::Hand {
                player,
                kind,
                count: count as u8,
            });
        }
        // Pieces on the board and in hand together fit a count of pieces.
        for (p, (player, _)) in players.iter().enumerate() {
            let total: u32 = hand
                .iter()
                .filter(|h| h.player == p)
                .map(|h| u32::from(h.count))
                .sum();
            if total > u32::from(u8::MAX) {
                let s = sections[0];
                self.error(
                    s.file,
                    s.span.clone(),
                    format!(
                        "player `{}` has {total} pieces in hand, more than {}",
                        player.name,
                        u8::MAX
                    ),
                    "too many pieces in hand",
                    None,
                );
            }
        }
        hand
    }
}
