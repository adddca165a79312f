//! Checking pieces: marks, the directions a piece steps and jumps in (also
//! qualified by where it stands), promotion and advancing by dice.

use super::conditions::CondUse;
use super::{BoardBuild, CLASSES, Checker, MAX_KINDS, unknown_piece_hint};
use crate::diag::FileId;
use crate::ir::{self, LineKind};
use crate::syntax::{Item, ItemKind, Name, PromoteThen, Section, SectionKind, Standing, Whose};

/// The sites of the board, but the players' zones, which are off it: where
/// `place` and `fly` land unless `on` says.
fn on_board(build: &BoardBuild) -> Vec<usize> {
    let zone = |s: usize| build.zones.iter().flatten().any(|&(_, z)| z == s);
    (0..build.board.sites.len()).filter(|&s| !zone(s)).collect()
}

impl Checker<'_> {
    pub(super) fn kinds(
        &mut self,
        build: &BoardBuild,
        players: &[(ir::Player, FileId)],
        has_dice: bool,
    ) -> (Vec<ir::Kind>, Vec<Name>) {
        let sections: Vec<&Section> = self.sections(SectionKind::Piece).collect();
        if sections.is_empty() {
            self.missing("pieces", "add `piece man { marks o x step any jump any }`");
        }
        let names: Vec<Name> = sections
            .iter()
            .map(|s| s.name.clone().expect("piece sections are named"))
            .collect();
        self.kind_names = names.iter().map(|n| n.text.clone()).collect();
        for (i, n) in names.iter().enumerate() {
            if names[..i].iter().any(|m| m.text == n.text) {
                self.error(
                    sections[i].file,
                    n.span.clone(),
                    format!("the piece `{}` is declared twice", n.text),
                    "declared again",
                    None,
                );
            }
        }
        if let Some(s) = sections.get(MAX_KINDS) {
            self.error(
                s.file,
                s.span.clone(),
                format!("a game has at most {MAX_KINDS} kinds of piece"),
                "one kind too many",
                None,
            );
        }
        let mut kinds = Vec::new();
        for s in &sections {
            let name = s.name.clone().unwrap();
            let mut kind = ir::Kind {
                name: name.text.clone(),
                marks: Vec::new(),
                step: vec![Vec::new(); players.len()],
                jump: vec![Vec::new(); players.len()],
                take: vec![Vec::new(); players.len()],
                flip: vec![Vec::new(); players.len()],
                hop: vec![Vec::new(); players.len()],
                custody: None,
                surrounded: None,
                barred: ir::Barred::default(),
                step_reach: ir::Reach::Near,
                jump_reach: ir::Reach::Near,
                take_reach: ir::Reach::Near,
                take_own: false,
                standing: Vec::new(),
                promote: None,
                advance: false,
                step_when: None,
                jump_when: None,
                place: None,
                fly: None,
                shoot: None,
                sow: None,
                enclose: None,
            };
            let player_list: Vec<ir::Player> = players.iter().map(|(p, _)| p.clone()).collect();
            // The qualifier of each standing line, for reporting overlaps.
            let mut qualifiers: Vec<&Standing> = Vec::new();
            for item in &s.items {
                match &item.kind {
                    ItemKind::Advance if !has_dice => self.error(
                        item.file,
                        item.span.clone(),
                        format!(
                            "piece `{}` advances by a die, but the game has no dice",
                            name.text
                        ),
                        "needs dice",
                        Some("add `dice { count 2 faces 6 doubles twice }`".into()),
                    ),
                    ItemKind::Advance => kind.advance = true,
                    ItemKind::Sow(sow) => self.sow_line(&mut kind, item, sow, &player_list, has_dice),
                    ItemKind::SowCapture(capture) => {
                        self.sow_capture_line(&mut kind, item, capture, &player_list)
                    }
                    ItemKind::Step(..)
                    | ItemKind::Jump(..)
                    | ItemKind::Take(..)
                    | ItemKind::Hop(..)
                    | ItemKind::Flip(..)
                    | ItemKind::Shoot(..)
                    | ItemKind::Enclose(..)
                    | ItemKind::Custody(..)
                    | ItemKind::Surrounded(..)
                    | ItemKind::Barred(..)
                    | ItemKind::Fly(..)
                        if has_dice =>
                    {
                        let what = match item.kind {
                            ItemKind::Step(..) => "step",
                            ItemKind::Jump(..) => "jump",
                            ItemKind::Take(..) => "take",
                            ItemKind::Hop(..) => "hop",
                            ItemKind::Flip(..) => "flip",
                            ItemKind::Shoot(..) => "shoot",
                            ItemKind::Enclose(..) => "enclose",
                            ItemKind::Custody(..) => "custody",
                            ItemKind::Surrounded(..) => "surrounded",
                            ItemKind::Barred(true, ..) => "may not land on",
                            ItemKind::Barred(false, ..) => "may not pass over",
                            _ => "fly",
                        };
                        self.error(
                            item.file,
                            item.span.clone(),
                            format!(
                                "in a game with dice, pieces move by the dice: piece `{}` cannot `{what}`",
                                name.text
                            ),
                            "not in a game with dice",
                            Some(format!(
                                "remove `{what}` (pieces of dice games `advance by die`), or remove the `dice` section"
                            )),
                        )
                    }
                    ItemKind::Marks(marks) => {
                        for m in marks {
                            if m.text.chars().count() != 1 {
                                self.error(
                                    item.file,
                                    m.span.clone(),
                                    format!(
                                        "a mark is a single character, and `{}` is {}",
                                        m.text,
                                        m.text.chars().count()
                                    ),
                                    "not one character",
                                    Some("write `marks o x`".into()),
                                );
                            }
                        }
                        if players.len() >= 2 && marks.len() != players.len() {
                            self.error(item.file, item.span.clone(), format!("piece `{}` needs one mark per player, {} in all, but `marks` gives {}", name.text, players.len(), marks.len()), "marks", Some("write `marks o x`: how each player's piece is drawn".into()));
                        }
                        kind.marks = marks.iter().filter_map(|m| m.text.chars().next()).collect();
                    }
                    ItemKind::Place(falling, on, when, _) => {
                        let falling = falling
                            .as_ref()
                            .and_then(|d| self.falling(build, item.file, d, has_dice));
                        let sites = match on {
                            Some(on) => self
                                .region_sites(players, item.file, on.whose, &on.region)
                                .unwrap_or_else(|| vec![Vec::new(); players.len()]),
                            None => vec![on_board(build); players.len()],
                        };
                        let when = when.as_ref().map(|c| {
                            self.condition(&player_list, item.file, c, CondUse::Phase)
                        });
                        if has_dice {
                            self.dice_place(build, players, item, &sites);
                        }
                        kind.place = Some(ir::Action {
                            sites,
                            when,
                            falling,
                        });
                    }
                    ItemKind::Fly(when, _) => {
                        let when = when.as_ref().map(|c| {
                            self.condition(&player_list, item.file, c, CondUse::Phase)
                        });
                        kind.fly = Some(ir::Action {
                            sites: vec![on_board(build); players.len()],
                            when,
                            falling: None,
                        });
                    }
                    ItemKind::Step(dirs, None, reach, when) => {
                        kind.step = self.direction_set(build, players, item.file, dirs);
                        kind.step_reach = self.reach(build, item, reach);
                        kind.step_when = when.as_ref().map(|c| {
                            self.condition(&player_list, item.file, c, CondUse::Phase)
                        });
                    }
                    ItemKind::Jump(dirs, None, reach, when) => {
                        kind.jump = self.direction_set(build, players, item.file, dirs);
                        kind.jump_reach = self.reach(build, item, reach);
                        kind.jump_when = when.as_ref().map(|c| {
                            self.condition(&player_list, item.file, c, CondUse::Phase)
                        });
                    }
                    ItemKind::Take(dirs, reach) => {
                        kind.take = self.direction_set(build, players, item.file, dirs);
                        kind.take_reach = self.reach(build, item, reach);
                        kind.take_own = reach.own_too.is_some();
                        if let (Some(own), Some(_)) = (&reach.own_too, &reach.counting) {
                            self.error(
                                item.file,
                                own.clone(),
                                "`own too` on a counting take: a counting take lands on an opposing piece only",
                                "not with `counting`",
                                Some("remove `, own too`, or take to the next site (without `counting`)".into()),
                            );
                        }
                    }
                    ItemKind::Hop(dirs) => {
                        kind.hop = self.direction_set(build, players, item.file, dirs);
                    }
                    ItemKind::Flip(dirs) => {
                        kind.flip = self.direction_set(build, players, item.file, dirs);
                        if !s.items.iter().any(|i| matches!(i.kind, ItemKind::Place(..))) {
                            self.error(
                                item.file,
                                item.span.clone(),
                                format!("piece `{}` flips, but it is never placed", name.text),
                                "flips only as it is placed",
                                Some("add `place` to the piece (and pieces in hand to the setup), or remove `flip`".into()),
                            );
                        }
                    }
                    ItemKind::Enclose(claimed, dirs) => {
                        let placed = s.items.iter().any(|i| matches!(i.kind, ItemKind::Place(..)));
                        kind.enclose = self.enclose(build, players, item, &names, (claimed, dirs), placed);
                    }
                    ItemKind::Shoot(shot, dirs, far) => {
                        if let Some(shoot) = self.shoot(build, players, item, &names, (shot, dirs, far)) {
                            kind.shoot = Some(shoot);
                        }
                    }
                    ItemKind::Custody(dirs, against) => {
                        let hostile = match against {
                            Some((whose, region)) => self
                                .region_sites(
                                    players,
                                    item.file,
                                    whose.unwrap_or(Whose::Own),
                                    region,
                                )
                                .unwrap_or_else(|| vec![Vec::new(); players.len()]),
                            None => vec![Vec::new(); players.len()],
                        };
                        kind.custody = Some(ir::Custody {
                            directions: self.direction_set(build, players, item.file, dirs),
                            hostile,
                        });
                    }
                    ItemKind::Surrounded(dirs, on) => {
                        let custody = |s: &&Section| {
                            s.items.iter().any(|i| matches!(i.kind, ItemKind::Custody(..)))
                        };
                        if !sections.iter().any(custody) {
                            self.error(
                                item.file,
                                item.span.clone(),
                                format!(
                                    "piece `{}` is taken only when surrounded, but no piece takes by custody",
                                    name.text
                                ),
                                "no custody in the game",
                                Some("add `custody DIRECTIONS` to the pieces that take by sandwiching, or remove `surrounded`".into()),
                            );
                        }
                        let sites = match on {
                            Some(on) => self
                                .region_sites(players, item.file, on.whose, &on.region)
                                .unwrap_or_else(|| vec![Vec::new(); players.len()]),
                            None => vec![on_board(build); players.len()],
                        };
                        kind.surrounded = Some(ir::Surrounded {
                            directions: self.direction_set(build, players, item.file, dirs),
                            sites,
                        });
                    }
                    ItemKind::Barred(land, whose, region) => {
                        self.barred_lines(s, &name, item, *land);
                        let sites = self
                            .region_sites(players, item.file, whose.unwrap_or(Whose::Own), region)
                            .unwrap_or_else(|| vec![Vec::new(); players.len()]);
                        let barred = if *land {
                            &mut kind.barred.land
                        } else {
                            &mut kind.barred.pass
                        };
                        barred.resize(players.len(), Vec::new());
                        for (b, sites) in barred.iter_mut().zip(sites) {
                            b.extend(sites);
                            b.sort_unstable();
                            b.dedup();
                        }
                    }
                    ItemKind::Step(_, Some(on), _, Some(_))
                    | ItemKind::Jump(_, Some(on), _, Some(_)) => self.error(
                        item.file,
                        item.span.clone(),
                        "a line qualified by where the piece stands cannot also have a `when` condition",
                        "both `on` and `when`",
                        Some(format!(
                            "put `when` on the unqualified line; the line `{}` applies wherever its region says",
                            on.text()
                        )),
                    ),
                    ItemKind::Step(dirs, Some(on), reach, None)
                    | ItemKind::Jump(dirs, Some(on), reach, None) => {
                        let reach = self.reach(build, item, reach);
                        let line = if matches!(item.kind, ItemKind::Step(..)) {
                            LineKind::Step
                        } else {
                            LineKind::Jump
                        };
                        if let Some(q) = self.standing_line(
                            build,
                            players,
                            item,
                            line,
                            dirs,
                            on,
                            &kind,
                            &qualifiers,
                        ) {
                            qualifiers.push(on);
                            kind.standing.push(ir::StandingLine { reach, ..q });
                        }
                    }
                    ItemKind::Drop(what) => self.nothing_to_drop(item.file, what),
                    ItemKind::Promote(to, whose, region, then) => {
                        let Some(target) = names.iter().position(|n| n.text == to.text) else {
                            let hint = unknown_piece_hint(&to.text, &names);
                            self.error(
                                item.file,
                                to.span.clone(),
                                format!("there is no piece `{}`", to.text),
                                "unknown piece",
                                hint,
                            );
                            continue;
                        };
                        let sites = self
                            .region_sites(players, item.file, *whose, region)
                            .unwrap_or_else(|| vec![Vec::new(); players.len()]);
                        let then = then.as_ref().map(|t| t.0);
                        kind.promote = Some(ir::Promotion {
                            to: target,
                            sites,
                            ends_chain: then == Some(PromoteThen::Stop),
                            at_end: then == Some(PromoteThen::AtEnd),
                        });
                    }
                    _ => {}
                }
            }
            if !s.items.iter().any(|i| matches!(i.kind, ItemKind::Marks(_))) {
                self.error(
                    s.file,
                    s.span.clone(),
                    format!("piece `{}` needs one mark per player", name.text),
                    "this piece",
                    Some("add `marks o x`: how each player's piece is drawn".into()),
                );
            }
            let moves = |d: &[Vec<usize>]| d.iter().any(|d| !d.is_empty());
            if kind.shoot.is_some()
                && !(moves(&kind.step) || moves(&kind.jump) || moves(&kind.take))
                && kind.standing.is_empty()
                && kind.place.is_none()
                && kind.fly.is_none()
            {
                let item = s
                    .items
                    .iter()
                    .find(|i| matches!(i.kind, ItemKind::Shoot(..)));
                let (file, span) =
                    item.map_or((s.file, s.span.clone()), |i| (i.file, i.span.clone()));
                self.error(
                    file,
                    span,
                    format!("piece `{}` shoots after its moves, but it never moves", name.text),
                    "never shoots",
                    Some("give the piece a line to move along (`step any far`), `place` or `fly`, or remove `shoot`".into()),
                );
            }
            if has_dice && !kind.advance {
                self.error(
                    s.file,
                    s.span.clone(),
                    format!(
                        "piece `{}` never moves: in a game with dice, pieces advance by dice",
                        name.text
                    ),
                    "this piece",
                    Some("add `advance by die` to the piece".into()),
                );
            }
            if kind.sow.as_ref().is_some_and(|s| s.from.1.is_empty()) {
                self.error(
                    s.file,
                    s.span.clone(),
                    format!(
                        "piece `{}` captures by sowing, but is never sown",
                        name.text
                    ),
                    "no `sow from` line",
                    Some("add `sow from own REGION into own REGION` to the piece".into()),
                );
            }
            kinds.push(kind);
        }
        (kinds, names)
    }

    /// Per player, the sites of the region `whose REGION` names for him, or
    /// a diagnostic when a player lacks it.
    fn region_sites(
        &mut self,
        players: &[(ir::Player, FileId)],
        file: FileId,
        whose: Whose,
        region: &Name,
    ) -> Option<Vec<Vec<usize>>> {
        let mut sites = Vec::new();
        let mut lacking = Vec::new();
        for (i, (p, _)) in players.iter().enumerate() {
            let owner = match whose {
                Whose::Own => i,
                Whose::Opponent => (i + 1) % players.len(),
            };
            match players
                .get(owner)
                .and_then(|(o, _)| o.regions.iter().find(|r| r.name == region.text))
            {
                Some(r) => sites.push(r.sites.clone()),
                None => {
                    let owner_name = players.get(owner).map_or("?", |o| o.0.name.as_str());
                    lacking.push((owner_name.to_string(), p.name.clone()));
                    sites.push(Vec::new());
                }
            }
        }
        match lacking.as_slice() {
            [] => return Some(sites),
            [(owner, piece_of)] => self.error(
                file,
                region.span.clone(),
                format!("player `{owner}` has no region `{}`", region.text),
                "undefined region",
                Some(format!(
                    "add `region {}: SITES` to player `{owner}` (for the piece of `{piece_of}`)",
                    region.text
                )),
            ),
            _ => self.error(
                file,
                region.span.clone(),
                format!("no player has a region `{}`", region.text),
                "undefined region",
                Some(format!(
                    "add `region {}: SITES` to every player",
                    region.text
                )),
            ),
        }
        None
    }

    /// A `step` or `jump` line qualified by `on own|opponent REGION`: its
    /// sites and directions per player, or diagnostics for an unknown region,
    /// a direction that leads nowhere from the region, or a region that
    /// shares sites with another qualified line of the same kind.
    #[allow(clippy::too_many_arguments)]
    fn standing_line(
        &mut self,
        build: &BoardBuild,
        players: &[(ir::Player, FileId)],
        item: &Item,
        line: LineKind,
        terms: &[Name],
        on: &Standing,
        kind: &ir::Kind,
        earlier: &[&Standing],
    ) -> Option<ir::StandingLine> {
        let per_term = self.direction_terms(build, players, item.file, terms);
        let sites = self.region_sites(players, item.file, on.whose, &on.region)?;
        let what = match line {
            LineKind::Step => "step",
            LineKind::Jump => "jump",
        };
        // Two lines of one kind may not both apply where a piece stands.
        for (q, before) in kind.standing.iter().zip(earlier) {
            if q.line != line || before.text() == on.text() {
                continue;
            }
            let shared = players.iter().enumerate().find_map(|(p, (player, _))| {
                let s = sites[p].iter().find(|s| q.sites[p].contains(s))?;
                Some((player.name.clone(), *s))
            });
            if let Some((player, site)) = shared {
                let site = &build.board.sites[site].name;
                self.error(
                    item.file,
                    on.span.clone(),
                    format!(
                        "a piece of `{player}` on {site} would follow two `{what}` lines: `{what} .. {}` and `{what} .. {}`",
                        before.text(),
                        on.text()
                    ),
                    "overlaps another qualified line",
                    Some("qualify the lines of one kind with regions that share no site".into()),
                );
                return None;
            }
        }
        // A direction that leads nowhere from every site of the region is a
        // mistake: the line would say a move the piece can never make there.
        if !build.broken && !build.links_failed {
            let board = &build.board;
            let next = |s: usize, d: usize| {
                board
                    .links
                    .iter()
                    .find(|l| l.from == s && l.direction == d)
                    .map(|l| l.to)
            };
            for (term, dirs) in terms.iter().zip(&per_term) {
                let leads = (0..players.len()).any(|p| {
                    sites[p].iter().any(|&s| {
                        dirs[p].iter().any(|&d| match line {
                            LineKind::Step => next(s, d).is_some(),
                            LineKind::Jump => next(s, d).and_then(|o| next(o, d)).is_some(),
                        })
                    })
                });
                if !leads && term.text != "none" {
                    self.error(
                        item.file,
                        term.span.clone(),
                        format!(
                            "`{}` leads nowhere {}: no {what} goes that way from any of its sites",
                            term.text,
                            on.text()
                        ),
                        "no such move there",
                        Some(format!(
                            "remove it; to forbid every {what} there, write `{what} none {}`",
                            on.text()
                        )),
                    );
                }
            }
        }
        let mut directions = vec![Vec::new(); players.len()];
        for dirs in &per_term {
            for (p, d) in dirs.iter().enumerate() {
                directions[p].extend(d);
            }
        }
        for d in directions.iter_mut() {
            d.sort_unstable();
            d.dedup();
        }
        Some(ir::StandingLine {
            line,
            whose: on.whose,
            region: on.region.text.clone(),
            sites,
            directions,
            reach: ir::Reach::Near,
        })
    }

    /// Resolves a direction list for each player: compass names or classes.
    pub(super) fn direction_set(
        &mut self,
        build: &BoardBuild,
        players: &[(ir::Player, FileId)],
        file: FileId,
        terms: &[Name],
    ) -> Vec<Vec<usize>> {
        let mut per_player = vec![Vec::new(); players.len()];
        for dirs in self.direction_terms(build, players, file, terms) {
            for (p, d) in dirs.into_iter().enumerate() {
                per_player[p].extend(d);
            }
        }
        for dirs in per_player.iter_mut() {
            dirs.sort_unstable();
            dirs.dedup();
        }
        per_player
    }

    /// Resolves each term of a direction list, per player: a compass name, a
    /// class judged against the player's forward direction, or `none` alone.
    fn direction_terms(
        &mut self,
        build: &BoardBuild,
        players: &[(ir::Player, FileId)],
        file: FileId,
        terms: &[Name],
    ) -> Vec<Vec<Vec<usize>>> {
        let board = &build.board;
        let mut out = Vec::new();
        for term in terms {
            let mut per_player = vec![Vec::new(); players.len()];
            if term.text == "none" {
                if terms.len() > 1 {
                    self.error(
                        file,
                        term.span.clone(),
                        "`none` stands alone: it means no direction at all",
                        "with other directions",
                        Some("write either `none` or the directions".into()),
                    );
                }
            } else if CLASSES.contains(&term.text.as_str()) {
                let mut found = false;
                // Judged for no player (none has a forward direction):
                // reported as such, not as links the board lacks.
                let mut judged = false;
                // `orthogonal`, `diagonal` and `any` are the same for both
                // players: they need no forward direction.
                let relative = !matches!(term.text.as_str(), "any" | "orthogonal" | "diagonal");
                for (i, (p, _)) in players.iter().enumerate() {
                    let forward = match p.forward {
                        Some(f) => Some(f),
                        None if !relative => None,
                        None => {
                            if self.without_forward.contains(&p.name) {
                                continue;
                            }
                            self.without_forward.push(p.name.clone());
                            self.error(
                                file,
                                term.span.clone(),
                                format!(
                                    "`{}` is judged against a forward direction, and player `{}` has none",
                                    term.text, p.name
                                ),
                                "needs a forward direction",
                                Some("add `forward n` (or another direction) to the player".into()),
                            );
                            continue;
                        }
                    };
                    judged = true;
                    let f = forward.map_or((0, 0), |f| board.directions[f].vector);
                    for (d, dir) in board.directions.iter().enumerate() {
                        let v = dir.vector;
                        let dot = v.0 * f.0 + v.1 * f.1;
                        let diagonal = v.0 * v.1 != 0;
                        let wanted = match term.text.as_str() {
                            "forward" => dot > 0,
                            "backward" => dot < 0,
                            "forward-orthogonal" => dot > 0 && !diagonal,
                            "forward-diagonal" => dot > 0 && diagonal,
                            "backward-orthogonal" => dot < 0 && !diagonal,
                            "backward-diagonal" => dot < 0 && diagonal,
                            "sideways" => dot == 0,
                            "orthogonal" => !diagonal,
                            "diagonal" => diagonal,
                            _ => true,
                        };
                        if wanted && board.links.iter().any(|l| l.direction == d) {
                            found = true;
                            per_player[i].push(d);
                        }
                    }
                }
                if !found && judged && !build.broken && !build.links_failed {
                    self.error(
                        file,
                        term.span.clone(),
                        format!("the board has no `{}` links", term.text),
                        "direction the board lacks",
                        Some(
                            "add links in those directions to the board, or name other directions"
                                .into(),
                        ),
                    );
                }
            } else if let Some(d) = self.direction(build, file, term, true) {
                for dirs in per_player.iter_mut() {
                    dirs.push(d);
                }
            }
            out.push(per_player);
        }
        out
    }
}

impl Checker<'_> {
    /// In a game with dice, `place` enters the men waiting in the zone a
    /// track starts in onto points of the track (of the line's region,
    /// `sites` per player): each track must start in one zone, and the
    /// region must hold points of it.
    fn dice_place(
        &mut self,
        build: &BoardBuild,
        players: &[(ir::Player, FileId)],
        item: &Item,
        sites: &[Vec<usize>],
    ) {
        for (p, (player, _)) in players.iter().enumerate() {
            let Some(&start) = player.track.first() else {
                continue;
            };
            let zone = build
                .zones
                .iter()
                .any(|zones| zones.iter().any(|&(_, site)| site == start));
            if player.second_start.is_some() || !zone {
                self.error(
                    item.file,
                    item.span.clone(),
                    format!(
                        "`place` enters men from the zone a track starts in, and the track of `{}` does not start in one zone",
                        player.name
                    ),
                    "nothing to place from",
                    Some("start the track in a zone where the men wait (`white: start, a1, ...`) and set them up there".into()),
                );
                return;
            }
            let last = player.track.len().saturating_sub(1);
            let on_track = player.track[1..last.max(1)]
                .iter()
                .any(|s| sites[p].contains(s));
            if !on_track {
                self.error(
                    item.file,
                    item.span.clone(),
                    format!(
                        "no site to place on: the region holds no point of the track of `{}`",
                        player.name
                    ),
                    "places nowhere",
                    Some("name a region of points the men pass (`place on own entry`)".into()),
                );
                return;
            }
        }
    }
}
