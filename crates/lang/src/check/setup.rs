//! Checking the setup: who stands where at the start, and the bound that
//! the pieces on the board put on a capture chain.

use super::{BoardBuild, Checker, unknown_piece_hint};
use crate::diag::{FileId, Span};
use crate::ir;
use crate::syntax::{ItemKind, Name, Obligation, Section, SectionKind};

impl Checker<'_> {
    /// The kind of piece named `name`, or a diagnostic naming the kinds.
    pub(super) fn kind_named(
        &mut self,
        file: FileId,
        name: &Name,
        kind_names: &[Name],
    ) -> Option<usize> {
        let kind = kind_names.iter().position(|k| k.text == name.text);
        if kind.is_none() {
            let hint = unknown_piece_hint(&name.text, kind_names);
            self.error(
                file,
                name.span.clone(),
                format!("there is no piece `{}`", name.text),
                "unknown piece",
                hint,
            );
        }
        kind
    }

    pub(super) fn setup(
        &mut self,
        build: &BoardBuild,
        players: &[(ir::Player, FileId)],
        kind_names: &[Name],
        kinds: &[ir::Kind],
    ) -> Vec<ir::Placement> {
        let sections: Vec<&Section> = self.sections(SectionKind::Setup).collect();
        if sections.is_empty() {
            self.missing("setup", "add `setup { white man: rank 1 }`");
        }
        let mut setup: Vec<ir::Placement> = Vec::new();
        // Kinds named by a placement, even one that failed.
        let mut mentioned = Vec::new();
        for item in sections.iter().flat_map(|s| s.items.iter()) {
            if let ItemKind::SeedPlacement(kname, _) = &item.kind {
                mentioned.push(kname.text.as_str());
            }
            let ItemKind::Placement(pname, kname, terms) = &item.kind else {
                continue;
            };
            mentioned.push(kname.text.as_str());
            let player = self.player_named(players, item.file, pname);
            let kind = self.kind_named(item.file, kname, kind_names);
            // For an unknown player, the first player's regions: his sites
            // are still checked, but not reported for want of regions.
            let regions = player
                .or((!players.is_empty()).then_some(0))
                .map_or(&[][..], |p| &players[p].0.regions[..]);
            let sites = self.placements(build, regions, item.file, terms);
            let (Some(player), Some(kind)) = (player, kind) else {
                continue;
            };
            // Sites given a second piece, reported once per term that names them.
            let mut twice: Vec<(Span, Vec<usize>)> = Vec::new();
            // Stacks of a piece that cannot stack, reported once per term.
            let mut stacks: Vec<Span> = Vec::new();
            // Men set up off their owner's track, reported once per term.
            let mut off_track: Vec<Span> = Vec::new();
            let track = &players[player].0.track;
            let second = players[player].0.second_start;
            for (site, span, count) in sites {
                if kinds[kind].advance
                    && !track.is_empty()
                    && !track.contains(&site)
                    && second != Some(site)
                {
                    if off_track.last() != Some(&span) {
                        off_track.push(span.clone());
                        self.error(
                            item.file,
                            span,
                            format!(
                                "`{}` is not on {}'s track: his men could never move from there",
                                build.board.sites[site].name, players[player].0.name
                            ),
                            "off the track",
                            Some(format!(
                                "set up {}'s men on sites of his track",
                                players[player].0.name
                            )),
                        );
                    }
                    continue;
                }
                if count > 1 && !kinds[kind].advance {
                    // A term's sites come together: compare with the last only.
                    if stacks.last() == Some(&span) {
                        continue;
                    }
                    stacks.push(span.clone());
                    self.error(
                        item.file,
                        span,
                        format!(
                            "`{}` cannot stack: only pieces that advance by dice share a site",
                            kname.text
                        ),
                        "a stack",
                        Some("place one piece per site: remove `* N`".into()),
                    );
                    continue;
                }
                if setup.iter().any(|p| p.site == site) {
                    match twice.last_mut().filter(|(s, _)| *s == span) {
                        Some((_, sites)) => sites.push(site),
                        None => twice.push((span, vec![site])),
                    }
                    continue;
                }
                setup.push(ir::Placement {
                    site,
                    player,
                    kind,
                    count,
                });
            }
            for (span, sites) in twice {
                let names: Vec<String> = sites
                    .iter()
                    .map(|&s| format!("`{}`", build.board.sites[s].name))
                    .collect();
                let first = setup
                    .iter()
                    .find(|p| p.site == sites[0])
                    .map_or(String::new(), |p| {
                        format!(
                            ": {} already has a {} {}",
                            names[0], players[p.player].0.name, kind_names[p.kind].text
                        )
                    });
                self.error(
                    item.file,
                    span,
                    format!("the setup places a second piece on {}", names.join(", ")),
                    "second piece on one site",
                    Some(format!("a site holds one piece at the start{first}")),
                );
            }
        }
        for (p, (player, _)) in players.iter().enumerate() {
            let men: u32 = setup
                .iter()
                .filter(|pl| pl.player == p)
                .map(|pl| u32::from(pl.count))
                .sum();
            let last = sections.iter().flat_map(|s| s.items.iter()).rfind(
                |i| matches!(&i.kind, ItemKind::Placement(who, ..) if who.text == player.name),
            );
            if let (true, Some(item)) = (men > u32::from(u8::MAX), last) {
                self.error(
                    item.file,
                    item.span.clone(),
                    format!(
                        "the setup gives `{}` {men} men; a player has at most {}",
                        player.name,
                        u8::MAX
                    ),
                    "too many men",
                    Some("place fewer men".into()),
                );
            }
        }
        // Every kind must be placed or reachable by promotion, a shot or a
        // claim (unless the setup or the board is missing or wrong, which
        // is reported already).
        for (k, name) in kind_names.iter().enumerate() {
            let in_hand = sections.iter().flat_map(|s| s.items.iter()).any(
                |i| matches!(&i.kind, ItemKind::HandPlacement(_, kind, _) if kind.text == name.text),
            );
            let placed = setup.iter().any(|p| p.kind == k)
                || mentioned.contains(&name.text.as_str())
                || in_hand;
            let promoted = kinds.iter().any(|other| {
                other.promote.as_ref().is_some_and(|p| p.to == k)
                    || other.shoot.as_ref().is_some_and(|s| s.kind == k)
                    || other.enclose.as_ref().is_some_and(|e| e.kind == k)
            });
            let declared_before = kind_names[..k].iter().any(|n| n.text == name.text);
            if !placed && !promoted && !declared_before && !sections.is_empty() && !build.broken {
                let file = self
                    .sections(SectionKind::Piece)
                    .find(|s| s.name.as_ref() == Some(name))
                    .map_or(self.file, |s| s.file);
                self.error(
                    file,
                    name.span.clone(),
                    format!("the piece `{}` is never placed", name.text),
                    "never on the board",
                    Some("place it in `setup` (on sites, or `in hand`), or make another piece promote to it, shoot it or enclose with it".into()),
                );
            }
        }
        setup
    }

    /// A capture chain takes at most every piece the opponent has, and no
    /// piece is ever added in a game without dice: the setup bounds the
    /// chain. A game whose chains could need more steps than a move holds
    /// ([`ir::MAX_STEPS`]) is refused, so no chain is ever cut short.
    pub(super) fn chain_bound(
        &mut self,
        players: &[(ir::Player, FileId)],
        setup: &[ir::Placement],
        hand: &[ir::Hand],
        kinds: &[ir::Kind],
        rules: &ir::Rules,
    ) {
        if rules.chain == Obligation::None || !kinds.iter().any(ir::Kind::may_jump) {
            return;
        }
        for (p, (player, _)) in players.iter().enumerate() {
            let men: usize = setup
                .iter()
                .filter(|pl| pl.player == p)
                .map(|pl| usize::from(pl.count))
                .sum::<usize>()
                + hand
                    .iter()
                    .filter(|h| h.player == p)
                    .map(|h| usize::from(h.count))
                    .sum::<usize>();
            if men <= ir::MAX_STEPS {
                continue;
            }
            let last = self
                .sections(SectionKind::Setup)
                .flat_map(|s| s.items.iter())
                .filter(
                    |i| matches!(&i.kind, ItemKind::Placement(who, ..) if who.text == player.name),
                )
                .last();
            if let Some(item) = last {
                self.error(
                    item.file,
                    item.span.clone(),
                    format!(
                        "`{}` starts with {men} pieces, and one capture chain could take them all; a move holds at most {} captures",
                        player.name,
                        ir::MAX_STEPS
                    ),
                    "too many pieces for one chain",
                    Some(format!(
                        "place at most {} pieces per player, or make every capture a single jump with `chain none`",
                        ir::MAX_STEPS
                    )),
                );
            }
        }
    }
}
