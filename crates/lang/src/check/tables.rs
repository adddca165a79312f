//! Checking the building blocks of dice games: numbered points, zones,
//! tracks, landing and turn rules, and conditions over counts (the dice
//! themselves are in [`super::dice`]).

use super::conditions::CondUse;
use super::{BoardBuild, Checker, MAX_SITES, known_list, suggest};
use crate::diag::{FileId, Span};
use crate::ir;
use crate::syntax::{
    Compare, Cond, Item, ItemKind, Name, Obligation, Priority, SectionKind, SiteTerm,
};

impl Checker<'_> {
    /// Creates the sites of `points A..B` and one site per player for each `zone`.
    pub(super) fn points_and_zones(&mut self, build: &mut BoardBuild, items: &[&Item]) {
        let ranges = items.iter().flat_map(|item| match &item.kind {
            ItemKind::Points(ranges) => ranges.iter().map(|r| (*item, r)).collect(),
            _ => Vec::new(),
        });
        for (item, (a, b)) in ranges {
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
                        Some(
                            "every site has its own name: number the points so that none is already a site"
                                .into(),
                        ),
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
            .take(ir::MAX_PLAYERS)
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
            if zone.text.bytes().all(|b| b.is_ascii_digit()) {
                self.error(
                    item.file,
                    zone.span.clone(),
                    format!("a zone is named by a word, and `{}` is a number", zone.text),
                    "zone named by a number",
                    Some(
                        "die moves write track positions as numbers and zones by name: call it `bar` or `off`, for instance"
                            .into(),
                    ),
                );
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
            let ItemKind::TrackPath(pname, second, terms) = &item.kind else {
                continue;
            };
            let Some(p) = self.player_named(players, item.file, pname) else {
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
            let track = self.site_set_spanned(build, &zones, item.file, terms);
            if let Some((site, span)) = track
                .iter()
                .enumerate()
                .find(|(i, (s, _))| track[..*i].iter().any(|(t, _)| t == s))
                .map(|(_, t)| t)
            {
                self.error(
                    item.file,
                    span.clone(),
                    format!(
                        "the track of `{}` passes `{}` twice",
                        pname.text, build.board.sites[*site].name
                    ),
                    "passed again here",
                    Some("a track visits each site once".into()),
                );
            }
            players[p].0.track = track.into_iter().map(|(s, _)| s).collect();
            players[p].0.second_start = second
                .as_ref()
                .and_then(|z| self.second_start(build, &zones, item.file, z, &players[p].0));
        }
        // Regions named by the track so far: a second one in the same
        // section is reported as an item given twice.
        let mut named: Vec<&str> = Vec::new();
        for item in &items {
            let ItemKind::Region(rname, terms) = &item.kind else {
                continue;
            };
            let positions = self.positions(item.file, terms);
            // Per term: the points off some track, first and last, and whose
            // tracks lack them.
            let mut off: Vec<(&Span, usize, usize, Vec<usize>)> = Vec::new();
            for (p, (player, _)) in players.iter_mut().enumerate() {
                let mut sites = Vec::new();
                for (pos, span) in &positions {
                    match player.track.get(*pos) {
                        Some(&site) => {
                            sites.push(site);
                            // Both zones a track starts in are position 0.
                            if *pos == 0
                                && let Some(second) = player.second_start
                            {
                                sites.push(second);
                            }
                        }
                        // A missing track is reported as such.
                        None if player.track.is_empty() => {}
                        None => match off.iter_mut().find(|(s, ..)| *s == span) {
                            Some((_, first, last, lacking)) => {
                                *first = (*first).min(*pos);
                                *last = (*last).max(*pos);
                                if !lacking.contains(&p) {
                                    lacking.push(p);
                                }
                            }
                            None => off.push((span, *pos, *pos, vec![p])),
                        },
                    }
                }
                if !named.contains(&rname.text.as_str()) {
                    player.regions.push(ir::Region {
                        name: rname.text.clone(),
                        sites,
                    });
                }
            }
            for (span, first, last, lacking) in off {
                let names = lacking
                    .iter()
                    .map(|&p| format!("`{}`", players[p].0.name))
                    .collect::<Vec<_>>()
                    .join(" and ");
                let points = if first == last {
                    format!("point {first}")
                } else {
                    format!("points {first} to {last}")
                };
                let ends: Vec<usize> = lacking
                    .iter()
                    .map(|&p| players[p].0.track.len() - 1)
                    .collect();
                let runs = if ends.iter().any(|&e| e != ends[0]) {
                    String::new()
                } else if lacking.len() == 1 {
                    format!(" (it runs from 0 to {})", ends[0])
                } else {
                    format!(" (they run from 0 to {})", ends[0])
                };
                let message = if lacking.len() == 1 {
                    format!("the track of {names} has no {points}{runs}")
                } else {
                    format!("the tracks of {names} have no {points}{runs}")
                };
                self.error(
                    item.file,
                    span.clone(),
                    message,
                    "off the track",
                    Some(
                        "a track region names positions along each track: 0 is its first site"
                            .into(),
                    ),
                );
            }
            named.push(rname.text.as_str());
        }
        self.region_clashes(&items, players);
    }

    /// Reports a track region named like a zone or like a player's own region.
    fn region_clashes(&mut self, items: &[&Item], players: &[(ir::Player, FileId)]) {
        for item in items {
            let ItemKind::Region(rname, _) = &item.kind else {
                continue;
            };
            if self.named_like_zone(item.file, rname) {
                continue;
            }
            for (player, _) in players {
                let own = self
                    .sections(SectionKind::Player)
                    .filter(|s| s.name.as_ref().is_some_and(|n| n.text == player.name))
                    .flat_map(|s| s.items.iter())
                    .find(|i| matches!(&i.kind, ItemKind::Region(n, _) if n.text == rname.text));
                if let Some(own) = own {
                    let ItemKind::Region(own_name, _) = &own.kind else {
                        continue;
                    };
                    self.error(
                        own.file,
                        own_name.span.clone(),
                        format!(
                            "player `{}` has a region `{}`, and so has the track",
                            player.name, rname.text
                        ),
                        "region named twice",
                        Some("give one of them another name".into()),
                    );
                }
            }
        }
    }

    /// Reports a region named like a zone, which is already a region of
    /// every player; true if it is.
    pub(super) fn named_like_zone(&mut self, file: FileId, region: &Name) -> bool {
        let zone = self
            .sections(SectionKind::Board)
            .flat_map(|s| s.items.iter())
            .any(|i| matches!(&i.kind, ItemKind::Zone(z) if z.text == region.text));
        if zone {
            self.error(
                file,
                region.span.clone(),
                format!("`{}` is already a zone", region.text),
                "region named like a zone",
                Some("a zone is a region of every player: give the region another name".into()),
            );
        }
        zone
    }

    /// Track positions named by numbers and ranges of numbers.
    fn positions(&mut self, file: FileId, terms: &[SiteTerm]) -> Vec<(usize, Span)> {
        let mut out = Vec::new();
        for term in terms {
            match term {
                SiteTerm::Name(n) => {
                    if let Some(p) = self.number(file, n, 0, MAX_SITES as u32) {
                        out.push((p as usize, n.span.clone()));
                    }
                }
                SiteTerm::Range(a, b) => {
                    let (Some(x), Some(y)) = (
                        self.number(file, a, 0, MAX_SITES as u32),
                        self.number(file, b, 0, MAX_SITES as u32),
                    ) else {
                        continue;
                    };
                    let span = a.span.start..b.span.end;
                    out.extend((x.min(y)..=x.max(y)).map(|p| (p as usize, span.clone())));
                }
                SiteTerm::Rank(n) | SiteTerm::File(n) | SiteTerm::Times(_, n, _) => self.error(
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
        let vulnerable = items
            .iter()
            .any(|i| matches!(i.kind, ItemKind::Vulnerable(_)));
        let play = items.iter().any(|i| matches!(i.kind, ItemKind::Play(..)));
        // `pin blots` with `hit to`: reported at the later of the two.
        let hit = items
            .iter()
            .position(|i| matches!(i.kind, ItemKind::Hit(_)));
        let pin = items.iter().position(|i| matches!(i.kind, ItemKind::Pin));
        let both = hit.zip(pin).map(|(h, p)| items[h.max(p)]);
        if let (Some(item), true) = (both, has_dice) {
            self.error(
                item.file,
                item.span.clone(),
                "`pin blots` and `hit to` both say what becomes of a lone opposing man landed on",
                "a second fate for the man",
                Some(
                    "a landing either sends the man to a zone (`hit to`) or pins him where he stands (`pin blots`): keep one of the two rules"
                        .into(),
                ),
            );
        }
        for item in &items {
            if let (Some(rule), false) = (dice_rule(&item.kind), has_dice) {
                self.error(
                    item.file,
                    item.span.clone(),
                    format!("`{rule}` is a rule of games with dice, and this game has none"),
                    "needs dice",
                    Some("add a `dice` section, or remove the rule".into()),
                );
                continue;
            }
            match &item.kind {
                ItemKind::Forbid(name, cond, after) => {
                    if !vulnerable {
                        self.needs_vulnerable(item.file, cond);
                    }
                    let cond = self.condition(players, item.file, cond, CondUse::Forbid);
                    match after {
                        Some(_) => rules.forbid_after.push((name.text.clone(), cond)),
                        None => rules.forbid.push((name.text.clone(), cond)),
                    }
                }
                ItemKind::Pass(name, cond) => {
                    let cond = self.condition(players, item.file, cond, CondUse::Pass);
                    rules.pass.push((name.text.clone(), cond));
                }
                ItemKind::Evaluate(terms, span) => {
                    if !super::conditions::reads_position(terms, &[]) {
                        self.error(
                            item.file,
                            span.clone(),
                            "this evaluation counts nothing of the position: it would judge every position alike",
                            "counts nothing",
                            Some("add up counts such as `own men in off + own points in home`".into()),
                        );
                    }
                    // Judged for a position, not a die move: no landing site.
                    let sum = Cond::Compare(terms.clone(), Compare::Gt, Vec::new(), span.clone());
                    rules.evaluate = Some(self.condition(players, item.file, &sum, CondUse::Pass));
                }
                ItemKind::Hit(zone) if self.zone(build, item.file, zone) => {
                    rules.hit_to = Some(zone.text.clone());
                }
                ItemKind::Pin => rules.pin_blots = true,
                ItemKind::FirstFrom(zone) if self.zone(build, item.file, zone) => {
                    rules.first_from.push(zone.text.clone());
                }
                ItemKind::BearOff(cond) => {
                    rules.bear_off =
                        Some(self.condition(players, item.file, cond, CondUse::BearOff));
                }
                ItemKind::Overshoot => rules.overshoot_rearmost = true,
                ItemKind::Play(order, from) => {
                    if let Some(twice) = order
                        .iter()
                        .enumerate()
                        .find(|(i, p)| order[..*i].contains(p))
                    {
                        self.error(
                            item.file,
                            item.span.clone(),
                            format!("`{}` is given twice", priority_words(*twice.1)),
                            "priority repeated",
                            Some("name each priority once, the most important first".into()),
                        );
                    }
                    for p in order {
                        let grid = *p == Priority::MostCaptures;
                        let why = match (grid, has_dice) {
                            (true, true) => format!(
                                "`{}` measures capture chains, and a game with dice has none",
                                priority_words(*p)
                            ),
                            (false, false) => format!(
                                "`{}` measures the dice of a turn, and this game has none",
                                priority_words(*p)
                            ),
                            (true, false) if rules.capture == Obligation::None => {
                                format!("`{}` but no piece captures", priority_words(*p))
                            }
                            _ => continue,
                        };
                        self.error(
                            item.file,
                            item.span.clone(),
                            why,
                            "not an obligation of this game",
                            Some(if has_dice {
                                "a game with dice orders `most dice`, `larger die` and `most pips`".into()
                            } else {
                                "a game without dice has one measure: `play most captures`, with pieces that `jump`".into()
                            }),
                        );
                    }
                    if from.len() > ir::MAX_PLAY_FROM {
                        self.error(
                            item.file,
                            item.span.clone(),
                            format!(
                                "a `play` rule gives at most {} `from` obligations, and this one {}",
                                ir::MAX_PLAY_FROM,
                                from.len()
                            ),
                            "too many `from` obligations",
                            None,
                        );
                    }
                    rules.play = order.clone();
                    rules.play_from = (from.iter())
                        .map(|(region, when)| {
                            self.region(players, item.file, region);
                            let when = (when.as_ref())
                                .map(|c| self.condition(players, item.file, c, CondUse::Pass));
                            ir::PlayFrom {
                                region: region.text.clone(),
                                when,
                            }
                        })
                        .collect();
                }
                ItemKind::EndingTurn(exempt) => {
                    if !play {
                        let word = if *exempt { "exempt" } else { "obliged" };
                        self.error(
                            item.file,
                            item.span.clone(),
                            format!("`ending turn {word}` but the rules set no obligation to meet"),
                            "no `play` rule",
                            Some(
                                "it says whether a turn that ends the game must meet the `play` obligations: add `play most dice` (or the game's order), or remove it"
                                    .into(),
                            ),
                        );
                    }
                    rules.ending_turn_exempt = *exempt;
                }
                ItemKind::Vulnerable(n) => {
                    rules.vulnerable_run = self.number(item.file, n, 1, MAX_SITES as u32);
                }
                ItemKind::Drop(name) => self.nothing_to_drop(item.file, name),
                _ => {}
            }
        }
        if has_dice {
            for p in players {
                self.missing_track(p);
            }
            self.first_from_two_starts(build, players, &items, rules);
        }
    }

    /// Where a track starts in two zones, the `first from` rules must say
    /// which of the two men leave while both hold men: at least one names
    /// one of them, and none names another zone.
    fn first_from_two_starts(
        &mut self,
        build: &BoardBuild,
        players: &[ir::Player],
        items: &[&Item],
        rules: &ir::Rules,
    ) {
        let Some(player) = players.iter().find(|p| p.second_start.is_some()) else {
            return;
        };
        let starts: Vec<&str> = [player.track.first().copied(), player.second_start]
            .into_iter()
            .flatten()
            .map(|s| build.board.sites[s].name.as_str())
            .collect();
        let (a, b) = (starts[0], starts.get(1).copied().unwrap_or(starts[0]));
        for item in items {
            if let ItemKind::FirstFrom(zone) = &item.kind
                && !starts.contains(&zone.text.as_str())
            {
                self.error(
                    item.file,
                    zone.span.clone(),
                    format!(
                        "the tracks start in `{b}` or `{a}`, and `first from` names `{}`",
                        zone.text
                    ),
                    "not a start of the track",
                    Some(format!(
                        "`first from` says which of the two starts men leave first: `first from {a}` or `first from {b}`"
                    )),
                );
            }
        }
        // A rule naming another zone is reported above.
        if !rules.first_from.is_empty() {
            return;
        }
        let span = self
            .sections(SectionKind::Track)
            .flat_map(|s| s.items.iter())
            .find_map(|i| match &i.kind {
                ItemKind::TrackPath(_, Some(z), _) => Some((i.file, z.span.clone())),
                _ => None,
            });
        if let Some((file, span)) = span {
            self.error(
                file,
                span,
                format!(
                    "the tracks start in `{b}` or `{a}`, and no rule says which men leave first where both hold some"
                ),
                "two starts, no `first from`",
                Some(format!(
                    "add `first from {a}` (its men enter before any other moves) or `first from {b}`, or both in the order they apply"
                )),
            );
        }
    }

    /// Reports an end rule that does not apply to the game: in a game with
    /// dice `no pieces`, `no moves`, `no capture` and `more pieces wins`
    /// (men are hit and enter again: none is ever taken, and a player who
    /// cannot play passes); true if it applies.
    ///
    /// A no-progress counter with its own result applies to either kind
    /// of game (a hit resets `capture` in a dice game), and so does `no
    /// move in N turns` (in a game without dice, turns in which the player
    /// passes).
    ///
    /// A game without dice whose pieces advance by dice or that has tracks
    /// is reported as such, not through its end rules.
    pub(super) fn end_rule_applies(&mut self, item: &Item, has_dice: bool) -> bool {
        let meant_for_dice = self.sections(SectionKind::Track).next().is_some()
            || self
                .sections(SectionKind::Piece)
                .flat_map(|s| s.items.iter())
                .any(|i| matches!(i.kind, ItemKind::Advance));
        if !has_dice && meant_for_dice {
            return true;
        }
        let (message, hint) = match (&item.kind, has_dice) {
            (ItemKind::NoPieces(_), true) => (
                "`no pieces` does not apply to a game with dice: men never leave the board, they go to zones",
                "count the men in a zone instead, such as `borne-off: own men in off = 15 => win`",
            ),
            (ItemKind::NoMoves(_), true) => (
                "`no moves` does not apply to a game with dice: a player who cannot play his dice passes his turn",
                "to end a blocked game, write `no move in N turns: draw`",
            ),
            (ItemKind::NeitherMoves(_), true) => (
                "`neither can move` does not apply to a game with dice: a player who cannot play his dice passes his turn, and the next throw may free him",
                "to end a blocked game, write `no move in N turns: draw`",
            ),
            (ItemKind::NoCapture(_), true) => (
                "`no capture in N turns` does not apply to a game with dice: men are hit, not captured",
                "to end a blocked game, write `no move in N turns: draw`",
            ),
            (ItemKind::NoProgress(_, _, None, _), true) => (
                "`more pieces wins` does not apply to a game with dice: men are hit and enter again, none is ever taken",
                "give the counter a result of its own, such as `no capture or man move in 80 turns: draw`",
            ),
            _ => return true,
        };
        self.error(
            item.file,
            item.span.clone(),
            message,
            "does not apply here",
            Some(hint.into()),
        );
        false
    }

    /// The second zone at the start of `player`'s track (`start or bar,
    /// ...`): one of his zones, not the track's first site, which must be a
    /// zone too (a man enters from either alike).
    fn second_start(
        &mut self,
        build: &BoardBuild,
        zones: &[ir::Region],
        file: FileId,
        zone: &Name,
        player: &ir::Player,
    ) -> Option<usize> {
        let Some(site) = zones
            .iter()
            .find(|z| z.name == zone.text)
            .map(|z| z.sites[0])
        else {
            self.error(
                file,
                zone.span.clone(),
                format!("`{}` is not a zone of the board", zone.text),
                "not a zone",
                Some("the track may start in two zones: declare it with `zone NAME` in the board, as `zone start`".into()),
            );
            return None;
        };
        let first = *player.track.first()?;
        if build.board.sites[first].owner.is_none() {
            self.error(
                file,
                zone.span.clone(),
                format!(
                    "the track of `{}` starts on `{}`, a point: only a track starting in a zone may start in a second one",
                    player.name, build.board.sites[first].name
                ),
                "second start of a track starting on a point",
                Some("start the track in two zones, as `start or bar, 1..24, off`".into()),
            );
            return None;
        }
        if first == site || player.track.contains(&site) {
            self.error(
                file,
                zone.span.clone(),
                format!(
                    "the track of `{}` passes `{}` twice",
                    player.name, zone.text
                ),
                "passed again",
                Some("name two different zones: `start or bar`".into()),
            );
            return None;
        }
        Some(site)
    }

    /// Reports a player of a dice game without a track (one that was written
    /// but resolved to nothing is reported at its sites).
    fn missing_track(&mut self, player: &ir::Player) {
        let written = self
            .sections(SectionKind::Track)
            .flat_map(|s| s.items.iter())
            .any(|i| matches!(&i.kind, ItemKind::TrackPath(n, ..) if n.text == player.name));
        if !player.track.is_empty() || written {
            return;
        }
        let hint = format!(
            "in a game with dice every player moves along a track: add `{}: SITES` to a `track` section",
            player.name
        );
        match self
            .sections(SectionKind::Player)
            .find(|s| s.name.as_ref().is_some_and(|n| n.text == player.name))
        {
            Some(s) => self.error(
                s.file,
                s.span.clone(),
                format!("player `{}` has no track", player.name),
                "no track for this player",
                Some(hint),
            ),
            None => self.missing(&format!("track for player `{}`", player.name), &hint),
        }
    }

    fn zone(&mut self, build: &BoardBuild, file: FileId, zone: &Name) -> bool {
        let known = build
            .zones
            .iter()
            .all(|z| z.iter().any(|(n, _)| *n == zone.text));
        if !known || build.zones.is_empty() {
            let names: Vec<&String> = build
                .zones
                .first()
                .into_iter()
                .flatten()
                .map(|(n, _)| n)
                .collect();
            let hint = suggest(&zone.text, names.iter().map(|n| n.as_str())).unwrap_or_else(|| {
                let declare = "declare it with `zone NAME` in the board";
                match known_list("zone", names.into_iter()) {
                    Some(known) => format!("{known}; {declare}"),
                    None => declare.into(),
                }
            });
            self.error(
                file,
                zone.span.clone(),
                format!("there is no zone `{}`", zone.text),
                "unknown zone",
                Some(hint),
            );
            return false;
        }
        true
    }

    /// Reports a `drop` that found nothing in the base game to remove.
    pub(super) fn nothing_to_drop(&mut self, file: FileId, name: &Name) {
        let all: &[crate::syntax::Section] = self.sections;
        let variant = all.iter().any(|s| s.file != self.file);
        let here = all.iter().flat_map(|s| s.items.iter()).any(|i| {
            i.file == file && !matches!(i.kind, ItemKind::Drop(_)) && i.kind.key() == name.text
        });
        let (message, label, hint) = if !variant {
            (
                format!("`drop {}` in a game that builds on no other", name.text),
                "not a variant",
                "`drop NAME` is for variants: it removes a named item of the base game; \
                 here, delete the item instead",
            )
        } else if here {
            (
                format!(
                    "`{}` is written in this file, and `drop` removes only the base game's items",
                    name.text
                ),
                "not in the base game",
                "delete the item instead of dropping it",
            )
        } else {
            (
                format!("there is no item `{}` to drop", name.text),
                "nothing of that name",
                "`drop NAME` removes a named item of the base game in the same section",
            )
        };
        self.error(file, name.span.clone(), message, label, Some(hint.into()));
    }
}

/// The keyword of a rule that only games with dice may have.
fn dice_rule(kind: &ItemKind) -> Option<&'static str> {
    Some(match kind {
        ItemKind::Hit(_) => "hit to",
        ItemKind::Pin => "pin blots",
        ItemKind::FirstFrom(_) => "first from",
        ItemKind::BearOff(_) => "bear off",
        ItemKind::Overshoot => "overshoot",
        ItemKind::EndingTurn(_) => "ending turn",
        ItemKind::Vulnerable(_) => "vulnerable runs",
        ItemKind::LimitLeave(..) | ItemKind::LimitRun(..) => "limit",
        _ => return None,
    })
}

fn priority_words(p: Priority) -> &'static str {
    match p {
        Priority::MostDice => "most dice",
        Priority::LargerDie => "larger die",
        Priority::MostPips => "most pips",
        Priority::MostCaptures => "most captures",
        Priority::From(_) => "play from",
    }
}
