//! Checking the building blocks of dice games: numbered points, zones,
//! tracks, dice, landing and turn rules, and conditions over counts.

use super::{BoardBuild, Checker, MAX_SITES, suggest};
use crate::diag::FileId;
use crate::ir;
use crate::syntax::{Cond, Item, ItemKind, Name, SectionKind, SiteTerm, Term};

impl Checker<'_> {
    /// Creates the sites of `points A..B` and one site per player for each `zone`.
    pub(super) fn points_and_zones(&mut self, build: &mut BoardBuild, items: &[&Item]) {
        for item in items {
            let ItemKind::Points(a, b) = &item.kind else {
                continue;
            };
            let (Some(a), Some(b)) = (
                self.number(item.file, a, 0, 10_000),
                self.number(item.file, b, 0, 10_000),
            ) else {
                build.broken = true;
                continue;
            };
            let numbers: Vec<u32> = if a <= b {
                (a..=b).collect()
            } else {
                (b..=a).rev().collect()
            };
            if build.board.sites.len() + numbers.len() > MAX_SITES {
                self.error(
                    item.file,
                    item.span.clone(),
                    format!("a board has at most {MAX_SITES} sites"),
                    "too many sites",
                    None,
                );
                build.broken = true;
                continue;
            }
            for n in numbers {
                let name = n.to_string();
                if build.by_name.contains_key(&name) {
                    self.error(
                        item.file,
                        item.span.clone(),
                        format!("the site `{name}` already exists"),
                        "made again here",
                        None,
                    );
                    build.broken = true;
                    break;
                }
                build.by_name.insert(name.clone(), build.board.sites.len());
                build.board.sites.push(ir::Site {
                    name,
                    coord: None,
                    owner: None,
                });
            }
            build
                .generated
                .get_or_insert((item.file, item.span.clone()));
        }
        let players: Vec<String> = self
            .sections(SectionKind::Player)
            .filter_map(|s| s.name.as_ref().map(|n| n.text.clone()))
            .take(2)
            .collect();
        build.zones = vec![Vec::new(); players.len()];
        for item in items {
            let ItemKind::Zone(zone) = &item.kind else {
                continue;
            };
            if build.by_name.contains_key(&zone.text) {
                self.error(
                    item.file,
                    zone.span.clone(),
                    format!("`{}` is already a site of the board", zone.text),
                    "zone named like a site",
                    Some("give the zone another name".into()),
                );
                continue;
            }
            for (p, _) in players.iter().enumerate() {
                if build.board.sites.len() >= MAX_SITES {
                    break;
                }
                build.zones[p].push((zone.text.clone(), build.board.sites.len()));
                build.board.sites.push(ir::Site {
                    name: zone.text.clone(),
                    coord: None,
                    owner: Some(p),
                });
            }
        }
    }

    /// Resolves `rows`, the layout for drawing the board.
    pub(super) fn rows(&mut self, build: &mut BoardBuild, items: &[&Item]) {
        for item in items {
            if let ItemKind::Rows(rows) = &item.kind {
                let resolved = rows
                    .iter()
                    .map(|terms| self.site_set(build, &[], item.file, terms))
                    .collect();
                build.board.rows = resolved;
            }
        }
    }

    /// Reads the `track` section: each player's track and the regions on it.
    pub(super) fn tracks(&mut self, build: &BoardBuild, players: &mut [(ir::Player, FileId)]) {
        let items: Vec<&Item> = self
            .sections(SectionKind::Track)
            .flat_map(|s| s.items.iter())
            .collect();
        for item in &items {
            let ItemKind::TrackPath(pname, terms) = &item.kind else {
                continue;
            };
            let Some(p) = players.iter().position(|(p, _)| p.name == pname.text) else {
                let hint = suggest(&pname.text, players.iter().map(|p| p.0.name.as_str()));
                self.error(
                    item.file,
                    pname.span.clone(),
                    format!("there is no player `{}`", pname.text),
                    "unknown player",
                    hint,
                );
                continue;
            };
            let zones: Vec<ir::Region> = build.zones.get(p).map_or(Vec::new(), |z| {
                z.iter()
                    .map(|(name, site)| ir::Region {
                        name: name.clone(),
                        sites: vec![*site],
                    })
                    .collect()
            });
            let track = self.site_set(build, &zones, item.file, terms);
            if let Some(twice) = track
                .iter()
                .enumerate()
                .find(|(i, s)| track[..*i].contains(s))
            {
                self.error(
                    item.file,
                    item.span.clone(),
                    format!(
                        "the track passes `{}` twice",
                        build.board.sites[*twice.1].name
                    ),
                    "track",
                    Some("a track visits each site once".into()),
                );
            }
            players[p].0.track = track;
        }
        for item in &items {
            let ItemKind::Region(rname, terms) = &item.kind else {
                continue;
            };
            let positions = self.positions(item.file, terms);
            for (player, _) in players.iter_mut() {
                if player.track.is_empty() {
                    continue;
                }
                let mut sites = Vec::new();
                for &(pos, ref name) in &positions {
                    match player.track.get(pos) {
                        Some(&site) => sites.push(site),
                        None => self.error(
                            item.file,
                            name.span.clone(),
                            format!(
                                "the track of `{}` has no point {pos} (it runs from 0 to {})",
                                player.name,
                                player.track.len() - 1
                            ),
                            "off the track",
                            None,
                        ),
                    }
                }
                if player.regions.iter().any(|r| r.name == rname.text) {
                    self.error(
                        item.file,
                        rname.span.clone(),
                        format!(
                            "player `{}` already has a region `{}`",
                            player.name, rname.text
                        ),
                        "region named twice",
                        None,
                    );
                }
                player.regions.push(ir::Region {
                    name: rname.text.clone(),
                    sites,
                });
            }
        }
    }

    /// Track positions named by numbers and ranges of numbers.
    fn positions(&mut self, file: FileId, terms: &[SiteTerm]) -> Vec<(usize, Name)> {
        let mut out = Vec::new();
        for term in terms {
            match term {
                SiteTerm::Name(n) => {
                    if let Some(p) = self.number(file, n, 0, MAX_SITES as u32) {
                        out.push((p as usize, n.clone()));
                    }
                }
                SiteTerm::Range(a, b) => {
                    let (Some(x), Some(y)) = (
                        self.number(file, a, 0, MAX_SITES as u32),
                        self.number(file, b, 0, MAX_SITES as u32),
                    ) else {
                        continue;
                    };
                    out.extend((x.min(y)..=x.max(y)).map(|p| (p as usize, a.clone())));
                }
                SiteTerm::Rank(n) | SiteTerm::File(n) | SiteTerm::Times(_, n) => self.error(
                    file,
                    n.span.clone(),
                    "a track region lists points of the track",
                    "not a track point",
                    Some("write points such as `1..6` or `12`".into()),
                ),
            }
        }
        out
    }

    /// Reads the `dice` section, if any.
    pub(super) fn dice(&mut self) -> Option<ir::Dice> {
        let sections: Vec<_> = self.sections(SectionKind::Dice).collect();
        let first = sections.first()?;
        let mut dice = ir::Dice {
            count: 0,
            faces: 0,
            doubles_twice: false,
        };
        for item in sections.iter().flat_map(|s| s.items.iter()) {
            match &item.kind {
                ItemKind::DiceCount(n) => {
                    dice.count = self.number(item.file, n, 1, 4).unwrap_or(1) as u8;
                }
                ItemKind::DiceFaces(n) => {
                    dice.faces = self.number(item.file, n, 2, 64).unwrap_or(6) as u8;
                }
                ItemKind::Doubles(twice) => dice.doubles_twice = *twice,
                _ => {}
            }
        }
        if dice.count == 0 || dice.faces == 0 {
            self.error(
                first.file,
                first.span.clone(),
                "the dice need a `count` and `faces`",
                "these dice",
                Some("write `dice { count 2 faces 6 }`".into()),
            );
        }
        Some(dice)
    }

    /// Reads the rules of dice games into `rules`.
    pub(super) fn table_rules(
        &mut self,
        build: &BoardBuild,
        players: &[ir::Player],
        has_dice: bool,
        rules: &mut ir::Rules,
    ) {
        let items: Vec<&Item> = self
            .sections(SectionKind::Rules)
            .flat_map(|s| s.items.iter())
            .collect();
        for item in items {
            let needs_dice = !matches!(
                item.kind,
                ItemKind::Capture(..)
                    | ItemKind::Chain(..)
                    | ItemKind::Return(_)
                    | ItemKind::Drop(_)
            );
            if needs_dice && !has_dice {
                self.error(
                    item.file,
                    item.span.clone(),
                    "this rule is about dice, in a game without dice",
                    "needs dice",
                    Some("add a `dice` section, or remove the rule".into()),
                );
                continue;
            }
            match &item.kind {
                ItemKind::Forbid(name, cond) => {
                    let cond = self.condition(players, item.file, cond, true);
                    rules.forbid.push((name.text.clone(), cond));
                }
                ItemKind::Pass(name, cond) => {
                    let cond = self.condition(players, item.file, cond, false);
                    rules.pass.push((name.text.clone(), cond));
                }
                ItemKind::Hit(zone) if self.zone(build, item.file, zone) => {
                    rules.hit_to = Some(zone.text.clone());
                }
                ItemKind::FirstFrom(zone) if self.zone(build, item.file, zone) => {
                    rules.first_from = Some(zone.text.clone());
                }
                ItemKind::BearOff(cond) => {
                    rules.bear_off = Some(self.condition(players, item.file, cond, false));
                }
                ItemKind::Overshoot => rules.overshoot_rearmost = true,
                ItemKind::Play(order) => rules.play = order.clone(),
                ItemKind::Vulnerable(n) => {
                    rules.vulnerable_run = self.number(item.file, n, 1, MAX_SITES as u32);
                }
                ItemKind::Drop(name) => self.nothing_to_drop(item.file, name),
                _ => {}
            }
        }
        if has_dice {
            for p in players {
                if p.track.is_empty() {
                    self.missing(
                        &format!("track for player `{}`", p.name),
                        "in a dice game every player has a track: add `track { PLAYER: SITES }`",
                    );
                }
            }
        }
    }

    fn zone(&mut self, build: &BoardBuild, file: FileId, zone: &Name) -> bool {
        let known = build
            .zones
            .iter()
            .all(|z| z.iter().any(|(n, _)| *n == zone.text));
        if !known || build.zones.is_empty() {
            let names = build
                .zones
                .first()
                .into_iter()
                .flatten()
                .map(|(n, _)| n.as_str());
            self.error(
                file,
                zone.span.clone(),
                format!("there is no zone `{}`", zone.text),
                "unknown zone",
                suggest(&zone.text, names)
                    .or(Some("declare it with `zone NAME` in the board".into())),
            );
            return false;
        }
        true
    }

    /// Reports a `drop` that found nothing in the base game to remove.
    pub(super) fn nothing_to_drop(&mut self, file: FileId, name: &Name) {
        self.error(
            file,
            name.span.clone(),
            format!("there is no item `{}` to drop", name.text),
            "nothing of that name",
            Some("`drop NAME` removes a named item of the base game in the same section".into()),
        );
    }

    /// Checks a condition: every region must exist for every player, and
    /// `here` only makes sense where there is a landing site.
    pub(super) fn condition(
        &mut self,
        players: &[ir::Player],
        file: FileId,
        cond: &Cond,
        here: bool,
    ) -> ir::Cond {
        match cond {
            Cond::Or(parts) => ir::Cond::Or(
                parts
                    .iter()
                    .map(|c| self.condition(players, file, c, here))
                    .collect(),
            ),
            Cond::And(parts) => ir::Cond::And(
                parts
                    .iter()
                    .map(|c| self.condition(players, file, c, here))
                    .collect(),
            ),
            Cond::Not(c) => ir::Cond::Not(Box::new(self.condition(players, file, c, here))),
            Cond::HereIn(region) => {
                self.region(players, file, region);
                ir::Cond::HereIn(region.text.clone())
            }
            Cond::HereVulnerable => ir::Cond::HereVulnerable,
            Cond::Compare(a, op, b, span) => {
                let uses_here = a.iter().chain(b).any(|t| matches!(t, Term::MenHere(_)));
                if uses_here && !here {
                    self.error(
                        file,
                        span.clone(),
                        "`men here` needs a landing site, and this condition has none",
                        "no landing site here",
                        Some("`here` may be used in `forbid` rules only".into()),
                    );
                }
                let a = self.sum(players, file, a);
                let b = self.sum(players, file, b);
                ir::Cond::Compare(a, *op, b)
            }
        }
    }

    fn sum(&mut self, players: &[ir::Player], file: FileId, terms: &[Term]) -> Vec<ir::Term> {
        terms
            .iter()
            .map(|t| match t {
                Term::Number(n) => {
                    ir::Term::Number(self.number(file, n, 0, 10_000).unwrap_or(0) as i32)
                }
                Term::MenHere(w) => ir::Term::MenHere(*w),
                Term::MenIn(w, r) => {
                    self.region(players, file, r);
                    ir::Term::MenIn(*w, r.text.clone())
                }
                Term::OwnPoints(r) => {
                    self.region(players, file, r);
                    ir::Term::OwnPoints(r.text.clone())
                }
                Term::OpenPoints(r) => {
                    self.region(players, file, r);
                    ir::Term::OpenPoints(r.text.clone())
                }
            })
            .collect()
    }

    fn region(&mut self, players: &[ir::Player], file: FileId, region: &Name) {
        let lacking: Vec<&str> = players
            .iter()
            .filter(|p| !p.regions.iter().any(|r| r.name == region.text))
            .map(|p| p.name.as_str())
            .collect();
        if !lacking.is_empty() && !players.is_empty() {
            let known = players[0].regions.iter().map(|r| r.name.as_str());
            self.error(
                file,
                region.span.clone(),
                format!(
                    "player `{}` has no region `{}`",
                    lacking.join("` and `"),
                    region.text
                ),
                "undefined region",
                suggest(&region.text, known).or(Some(
                    "define it in the `track` section or in the player".into(),
                )),
            );
        }
    }
}
