//! Checking players: their forward directions and regions, and the site
//! sets and placements that regions and setups are written with.

use super::{BoardBuild, Checker, known_list, suggest};
use crate::diag::{FileId, Span};
use crate::ir;
use crate::syntax::{ItemKind, Name, Section, SectionKind, SiteTerm};

impl Checker<'_> {
    pub(super) fn players(&mut self, build: &BoardBuild) -> Vec<(ir::Player, FileId)> {
        let sections: Vec<&Section> = self.sections(SectionKind::Player).collect();
        let mut players = Vec::new();
        for s in &sections {
            let name = s.name.clone().expect("player sections are named");
            let mut forward = None;
            let mut regions = Vec::new();
            for item in &s.items {
                match &item.kind {
                    ItemKind::Forward(dir) => {
                        forward = self.direction(build, item.file, dir, false)
                    }
                    ItemKind::Region(rname, terms) => {
                        self.named_like_zone(item.file, rname);
                        let sites = self.site_set(build, &[], item.file, terms);
                        regions.push(ir::Region {
                            name: rname.text.clone(),
                            sites,
                        });
                    }
                    _ => {}
                }
            }
            if let Some(zones) = build.zones.get(players.len()) {
                for (zone, site) in zones {
                    regions.push(ir::Region {
                        name: zone.clone(),
                        sites: vec![*site],
                    });
                }
            }
            players.push((
                ir::Player {
                    name: name.text,
                    forward,
                    regions,
                    track: Vec::new(),
                    second_start: None,
                },
                s.file,
            ));
        }
        match sections.len() {
            0 => self.missing(
                "players",
                "add `player white { forward n }` and `player black { forward s }`",
            ),
            1 => {
                let s = sections[0];
                self.error(
                    s.file,
                    s.span.clone(),
                    "a game has two players at least, and this is the only one",
                    "the only player",
                    Some("add another `player NAME { forward DIRECTION }`".into()),
                );
            }
            n if n <= ir::MAX_PLAYERS => {}
            _ => {
                for s in &sections[ir::MAX_PLAYERS..] {
                    self.error(
                        s.file,
                        s.span.clone(),
                        format!("a game has at most {} players", ir::MAX_PLAYERS),
                        "one player too many",
                        None,
                    );
                }
            }
        }
        for (i, s) in sections.iter().enumerate() {
            let name = &players[i].0.name;
            if players[..i].iter().any(|(p, _)| &p.name == name) {
                self.error(
                    s.file,
                    s.span.clone(),
                    format!("two players are named `{name}`"),
                    "named again here",
                    None,
                );
            }
        }
        players
    }

    /// The index of the player called `name`, or a diagnostic.
    pub(super) fn player_named(
        &mut self,
        players: &[(ir::Player, FileId)],
        file: FileId,
        name: &Name,
    ) -> Option<usize> {
        let player = players.iter().position(|(p, _)| p.name == name.text);
        if player.is_none() && !players.is_empty() {
            let hint = suggest(&name.text, players.iter().map(|p| p.0.name.as_str()))
                .or_else(|| known_list("player", players.iter().map(|p| &p.0.name)));
            self.error(
                file,
                name.span.clone(),
                format!("there is no player `{}`", name.text),
                "unknown player",
                hint,
            );
        }
        player
    }

    /// Resolves a site set; bare names may name regions from `regions`.
    pub(super) fn site_set(
        &mut self,
        build: &BoardBuild,
        regions: &[ir::Region],
        file: FileId,
        terms: &[SiteTerm],
    ) -> Vec<usize> {
        self.site_set_spanned(build, regions, file, terms)
            .into_iter()
            .map(|(s, _)| s)
            .collect()
    }

    /// Resolves a site set, each site with the span of the term that named it.
    pub(super) fn site_set_spanned(
        &mut self,
        build: &BoardBuild,
        regions: &[ir::Region],
        file: FileId,
        terms: &[SiteTerm],
    ) -> Vec<(usize, Span)> {
        let mut sites = Vec::new();
        for term in terms {
            match term {
                SiteTerm::Rank(r) | SiteTerm::File(r) => {
                    let is_rank = matches!(term, SiteTerm::Rank(_));
                    let list = if is_rank { &build.ranks } else { &build.files };
                    match list.iter().position(|n| *n == r.text) {
                        Some(i) => sites.extend(
                            build
                                .board
                                .sites
                                .iter()
                                .enumerate()
                                .filter(|(_, s)| {
                                    s.coord.is_some_and(|(x, y)| {
                                        (if is_rank { y } else { x }) as usize == i
                                    })
                                })
                                .map(|(i, _)| (i, r.span.clone())),
                        ),
                        None if build.broken => {}
                        None => {
                            let what = if is_rank { "rank" } else { "file" };
                            let hint = suggest(&r.text, list.iter().map(String::as_str));
                            self.error(
                                file,
                                r.span.clone(),
                                format!("there is no {what} `{}`", r.text),
                                &format!("unknown {what}"),
                                hint,
                            );
                        }
                    }
                }
                SiteTerm::Name(n) => {
                    if let Some(region) = regions.iter().find(|r| r.name == n.text) {
                        sites.extend(region.sites.iter().map(|&s| (s, n.span.clone())));
                    } else if let Some(s) = self.site_named_or_region(build, regions, file, n) {
                        sites.push((s, n.span.clone()));
                    }
                }
                SiteTerm::Range(a, b) => {
                    let from = self.site_named_or_region(build, &[], file, a);
                    let to = self.site_named_or_region(build, &[], file, b);
                    if let (Some(from), Some(to)) = (from, to) {
                        let span = a.span.start..b.span.end;
                        let range: Vec<usize> = if from <= to {
                            (from..=to).collect()
                        } else {
                            (to..=from).rev().collect()
                        };
                        sites.extend(range.into_iter().map(|s| (s, span.clone())));
                    }
                }
                SiteTerm::Times(_, n, _) => {
                    self.error(
                        file,
                        n.span.clone(),
                        "a count of men belongs in a setup",
                        "not in a setup",
                        Some("remove `* N`".into()),
                    );
                }
            }
        }
        sites
    }

    /// Resolves a setup's site set: each site with its span and count of men.
    pub(super) fn placements(
        &mut self,
        build: &BoardBuild,
        regions: &[ir::Region],
        file: FileId,
        terms: &[SiteTerm],
    ) -> Vec<(usize, Span, u8)> {
        let mut out = Vec::new();
        for term in terms {
            let (inner, count, whole) = match term {
                SiteTerm::Times(inner, n, span) => (
                    &**inner,
                    self.number(file, n, 1, 255).unwrap_or(1),
                    Some(span),
                ),
                other => (other, 1, None),
            };
            let sites = self.site_set_spanned(build, regions, file, std::slice::from_ref(inner));
            // A stack is reported at its whole term, `a1 * 2`.
            out.extend(
                sites
                    .into_iter()
                    .map(|(s, span)| (s, whole.cloned().unwrap_or(span), count as u8)),
            );
        }
        out
    }

    pub(super) fn site_named_or_region(
        &mut self,
        build: &BoardBuild,
        regions: &[ir::Region],
        file: FileId,
        name: &Name,
    ) -> Option<usize> {
        let site = build.site(&name.text);
        if site.is_none() && !build.broken {
            let candidates = build
                .by_name
                .keys()
                .map(String::as_str)
                .chain(regions.iter().map(|r| r.name.as_str()));
            let hint = suggest(&name.text, candidates).or_else(|| {
                Some(
                    "name a site of the board, `rank N`, `file X`, or a region of the player"
                        .into(),
                )
            });
            self.error(
                file,
                name.span.clone(),
                format!("there is no site or region `{}`", name.text),
                "unknown site",
                hint,
            );
        }
        site
    }
}
