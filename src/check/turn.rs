//! Checking the parts of a turn beyond a piece's lines: the pieces each
//! player starts with in his hand, and the removal a completed line earns
//! (with the board's lines it is judged on).

use super::{BoardBuild, Checker, unknown_piece_hint};
use crate::diag::FileId;
use crate::ir;
use crate::syntax::{ItemKind, Name, Section, SectionKind};

/// The longest line `line of N` may ask for.
pub const MAX_LINE: u32 = 8;

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
                    Some("set the men up on sites or zones: `white man: bar*15`".into()),
                );
                continue;
            }
            let player = self.player_named(players, item.file, pname);
            let kind = kind_names.iter().position(|k| k.text == kname.text);
            if kind.is_none() {
                let hint = unknown_piece_hint(&kname.text, kind_names);
                self.error(
                    item.file,
                    kname.span.clone(),
                    format!("there is no piece `{}`", kname.text),
                    "unknown piece",
                    hint,
                );
            }
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

    /// `line of N removes opponent piece`, with the board's lines of N sites.
    pub(super) fn line_removal(&mut self, build: &BoardBuild) -> Option<ir::LineRemoval> {
        let item = self
            .sections(SectionKind::Rules)
            .flat_map(|s| s.items.iter())
            .find(|i| matches!(i.kind, ItemKind::LineRemoval(..)))?;
        let ItemKind::LineRemoval(n, protect) = &item.kind else {
            return None;
        };
        if self.has_dice {
            self.error(
                item.file,
                item.span.clone(),
                "`line of N removes opponent piece` is a rule of games without dice",
                "not in a game with dice",
                Some("remove the rule, or the `dice` section".into()),
            );
            return None;
        }
        let length = self.number(item.file, n, 2, MAX_LINE)?;
        let lines = board_lines(&build.board, length as usize);
        if lines.is_empty() {
            self.error(
                item.file,
                n.span.clone(),
                format!(
                    "the board has no line of {length} sites (sites each linked to the next in one direction)"
                ),
                "no such line",
                Some("link the sites of each line in one direction, or make N smaller".into()),
            );
            return None;
        }
        Some(ir::LineRemoval {
            length,
            protect: *protect,
            lines,
        })
    }
}

/// The board's lines of `length` sites: from each site, the sites reached
/// by following links of one direction, each line once (not also read
/// backwards), in the order of their first site and direction.
pub fn board_lines(board: &ir::Board, length: usize) -> Vec<Vec<usize>> {
    let dirs = board.directions.len();
    let mut next = vec![None; board.sites.len() * dirs];
    for l in &board.links {
        next[l.from * dirs + l.direction] = Some(l.to);
    }
    let mut lines: Vec<Vec<usize>> = Vec::new();
    for start in 0..board.sites.len() {
        for d in 0..dirs {
            let mut line = vec![start];
            while line.len() < length {
                match next[line[line.len() - 1] * dirs + d] {
                    Some(t) if !line.contains(&t) => line.push(t),
                    _ => break,
                }
            }
            if line.len() < length {
                continue;
            }
            let mut sorted = line.clone();
            sorted.sort_unstable();
            let seen = lines.iter().any(|l| {
                let mut m = l.clone();
                m.sort_unstable();
                m == sorted
            });
            if !seen {
                lines.push(line);
            }
        }
    }
    lines
}
