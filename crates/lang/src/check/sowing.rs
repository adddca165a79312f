//! Checking sowing games: the seeds of the setup, counts on sites of no
//! player (`seed: 1..6 * 4`), of a kind that is sown.

use super::{BoardBuild, Checker};
use crate::diag::FileId;
use crate::ir;
use crate::syntax::{Item, ItemKind, Name, SectionKind, Sow, SowCapture, Whose};

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

impl Checker<'_> {
    /// What a sowing game (one whose piece is sown) may not have, and what
    /// it needs: one kind of piece, sown and nothing else; a circuit for
    /// each player through the sites he sows from; a store of one site;
    /// seeds of no player; of the rules, `again` alone.
    pub(super) fn sowing_game(
        &mut self,
        players: &[(ir::Player, FileId)],
        kinds: &[ir::Kind],
        seeds: &[(usize, u8)],
        board: &BoardBuild,
    ) {
        // (A capture without a `sow from` line is reported already.)
        let sows = |k: &ir::Kind| k.sow.as_ref().is_some_and(|s| !s.from.1.is_empty());
        let Some(sown) = kinds.iter().position(sows) else {
            return;
        };
        let file = self.file;
        let pieces: Vec<_> = self.sections(SectionKind::Piece).cloned().collect();
        for section in &pieces {
            let other = section
                .name
                .as_ref()
                .is_some_and(|n| n.text != kinds[sown].name);
            if other {
                self.error(
                    section.file,
                    section.span.clone(),
                    "a sowing game has one kind of piece, its seeds",
                    "a second kind",
                    Some("remove this piece, or its seeds' `sow` lines".into()),
                );
                continue;
            }
            for item in &section.items {
                let what = match item.kind {
                    ItemKind::Step(..) => "step",
                    ItemKind::Jump(..) => "jump",
                    ItemKind::Take(..) => "take",
                    ItemKind::Place(..) => "place",
                    ItemKind::Fly(..) => "fly",
                    ItemKind::Flip(..) => "flip",
                    ItemKind::Hop(..) => "hop",
                    ItemKind::Shoot(..) => "shoot",
                    ItemKind::Custody(..) => "custody",
                    ItemKind::Surrounded(..) => "surrounded",
                    ItemKind::Barred(..) => "may not",
                    ItemKind::Promote(..) => "promote",
                    ItemKind::Advance => "advance",
                    _ => continue,
                };
                self.error(
                    item.file,
                    item.span.clone(),
                    format!("seeds are only sown: a seed cannot `{what}`"),
                    "not for seeds",
                    Some(format!("remove `{what}`")),
                );
            }
        }
        let sow = kinds[sown].sow.as_ref().expect("a sown kind");
        // Where a player is declared: his problems are reported there.
        let declared = |checker: &Self, name: &str| {
            (checker.sections(SectionKind::Player))
                .find(|s| s.name.as_ref().is_some_and(|n| n.text == name))
                .map_or((file, 0..0), |s| (s.file, s.span.clone()))
        };
        for (p, (player, _)) in players.iter().enumerate() {
            let (file, span) = declared(self, &player.name);
            if player.track.is_empty() {
                self.error(
                    file,
                    span,
                    format!(
                        "player `{}` has no track: his seeds are sown along it",
                        player.name
                    ),
                    "no track",
                    Some(format!(
                        "add `{}: SITES` to a `track` section, the sites in sowing order",
                        player.name
                    )),
                );
                continue;
            }
            let region = |(whose, name): &(ir::Whose, String)| -> Vec<usize> {
                let q = if *whose == ir::Whose::Own { p } else { 1 - p };
                (players
                    .get(q)
                    .and_then(|(pl, _)| pl.regions.iter().find(|r| r.name == *name)))
                .map_or(Vec::new(), |r| r.sites.clone())
            };
            for s in region(&sow.from) {
                if !player.track.contains(&s) {
                    self.error(
                        file,
                        span.clone(),
                        format!(
                            "`{}`, a site `{}` sows from, is not on his track",
                            board.board.sites[s].name, player.name
                        ),
                        "off the track",
                        Some("a player sows from sites of his track".into()),
                    );
                }
            }
            let store = region(&sow.into);
            if store.len() != 1 {
                self.error(
                    file,
                    span.clone(),
                    format!(
                        "the store of `{}` (`{}`) has {} sites; captured seeds go into one",
                        player.name,
                        sow.into.1,
                        store.len()
                    ),
                    "a store of one site",
                    Some("name a region or zone of one site after `into`".into()),
                );
            }
        }
        if seeds.is_empty() {
            let (file, span) = (pieces.iter())
                .find(|s| s.name.as_ref().is_some_and(|n| n.text == kinds[sown].name))
                .map_or((file, 0..0), |s| (s.file, s.span.clone()));
            self.error(
                file,
                span,
                "a sowing game starts with seeds on the board",
                "no seeds",
                Some(format!(
                    "add `{}: SITES * N` to the setup",
                    kinds[sown].name
                )),
            );
        }
        let items: Vec<_> = (self.sections(SectionKind::Setup))
            .chain(self.sections(SectionKind::Rules))
            .flat_map(|s| s.items.iter())
            .cloned()
            .collect();
        for item in items {
            let (message, hint) = match &item.kind {
                ItemKind::Placement(player, ..) | ItemKind::HandPlacement(player, ..) => (
                    format!("seeds are of no player, and this gives some to `{}`", player.text),
                    format!("write `{}: SITES * N`", kinds[sown].name),
                ),
                ItemKind::Again(..) | ItemKind::Drop(_) | ItemKind::SeedPlacement(..) => continue,
                other => (
                    format!("`{}` is not a rule of sowing games", other.key()),
                    "a sowing game's rules are its seeds' `sow` lines and `again after landing in REGION`"
                        .to_string(),
                ),
            };
            self.error(
                item.file,
                item.span.clone(),
                message,
                "not in a sowing game",
                Some(hint),
            );
        }
    }
}

impl Checker<'_> {
    /// A kind's `sow from REGION into REGION ...` line, read into `kind`.
    pub(super) fn sow_line(
        &mut self,
        kind: &mut ir::Kind,
        item: &Item,
        sow: &Sow,
        players: &[ir::Player],
        has_dice: bool,
    ) {
        if has_dice {
            self.error(
                item.file,
                item.span.clone(),
                format!(
                    "piece `{}` is sown, and a game with dice cannot sow",
                    kind.name
                ),
                "not in a game with dice",
                Some("remove the `dice` section, or the `sow` line".into()),
            );
        }
        let regions = [&sow.from, &sow.into]
            .into_iter()
            .chain(sow.feeding.as_ref());
        for (_, r) in regions {
            self.region(players, item.file, r);
        }
        let pair = |(w, n): &(Whose, Name)| (*w, n.text.clone());
        kind.sow = Some(ir::Sowing {
            from: pair(&sow.from),
            into: pair(&sow.into),
            skipping_origin: sow.skipping.is_some(),
            feeding: sow.feeding.as_ref().map(pair),
            captures: kind.sow.take().map_or(Vec::new(), |s| s.captures),
        });
    }

    /// A kind's `sow capture ...` line, read into `kind` (a kind with no
    /// `sow from` line is reported once its lines are read).
    pub(super) fn sow_capture_line(
        &mut self,
        kind: &mut ir::Kind,
        item: &Item,
        capture: &SowCapture,
        players: &[ir::Player],
    ) {
        self.region(players, item.file, &capture.region.1);
        let range = capture.range.as_ref().and_then(|(lo, hi)| {
            let lo = self.number(item.file, lo, 1, 255)?;
            let hi = self.number(item.file, hi, lo, 255)?;
            Some((lo as u8, hi as u8))
        });
        if capture.range.is_some() && range.is_none() {
            return;
        }
        if let (None, Some(span)) = (&capture.range, &capture.backwards) {
            self.error(
                item.file,
                span.clone(),
                "`backwards` goes on from a capture by count, and `opposite` takes one site",
                "not with `opposite`",
                Some("remove `backwards`".into()),
            );
        }
        let sowing = kind.sow.get_or_insert_with(|| ir::Sowing {
            from: (Whose::Own, String::new()),
            into: (Whose::Own, String::new()),
            skipping_origin: false,
            feeding: None,
            captures: Vec::new(),
        });
        sowing.captures.push(ir::SeedCapture {
            range,
            region: (capture.region.0, capture.region.1.text.clone()),
            backwards: capture.backwards.is_some(),
            not_all: capture.not_all.is_some(),
        });
    }
}
