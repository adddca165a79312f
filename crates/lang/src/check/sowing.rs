//! Checking sowing games: the seeds of the setup, counts on sites of no
//! player (`seed: 1..6 * 4`), of a kind that is sown.

use super::{BoardBuild, Checker};
use crate::ir;
use crate::syntax::{ItemKind, Name, SectionKind};

/// The most seeds a game may hold: each player's share is kept in a byte.
pub const MAX_SEEDS: u32 = 255;

impl Checker<'_> {
    /// The seeds of the setup: per site, how many (sites in board order,
    /// each once).
    pub(super) fn seeds(
        &mut self,
        build: &BoardBuild,
        kind_names: &[Name],
        kinds: &[ir::Kind],
    ) -> Vec<(usize, u8)> {
        let items: Vec<_> = self
            .sections(SectionKind::Setup)
            .flat_map(|s| s.items.iter())
            .filter(|i| matches!(i.kind, ItemKind::SeedPlacement(..)))
            .cloned()
            .collect();
        let mut counts = vec![0u32; build.board.sites.len()];
        let mut total = 0u32;
        for item in &items {
            let ItemKind::SeedPlacement(kname, terms) = &item.kind else {
                continue;
            };
            let Some(kind) = self.kind_named(item.file, kname, kind_names) else {
                continue;
            };
            if kinds[kind].sow.is_none() {
                self.error(
                    item.file,
                    kname.span.clone(),
                    format!(
                        "`{}` is not sown, so it belongs to a player: write whose it is",
                        kname.text
                    ),
                    "a piece of no player",
                    Some(format!(
                        "write `PLAYER {}: SITES`, or give `{}` a `sow from` line",
                        kname.text, kname.text
                    )),
                );
                continue;
            }
            for (site, span, count) in self.placements(build, &[], item.file, terms) {
                counts[site] += u32::from(count);
                total += u32::from(count);
                if total > MAX_SEEDS {
                    self.error(
                        item.file,
                        span,
                        format!("the setup holds more than {MAX_SEEDS} seeds"),
                        "one seed too many",
                        Some(format!("a sowing game holds at most {MAX_SEEDS} seeds")),
                    );
                    return Vec::new();
                }
            }
        }
        (counts.into_iter().enumerate())
            .filter(|&(_, n)| n > 0)
            .map(|(s, n)| (s, n as u8))
            .collect()
    }
}
