//! Checking the board: grids, links and their parity, numbered points,
//! zones and single sites, the site cap, conflicting links, reachability,
//! and the names of sites, directions and numbers.

use super::{BoardBuild, CLASSES, COMPASS, Checker, LinkOrigin, MAX_SITES, suggest};
use crate::diag::{FileId, Span};
use crate::ir;
use crate::syntax::{DrawnAs, Item, ItemKind, LinkKind, Name, Section, SectionKind};
use petgraph::graph::UnGraph;
use std::collections::HashMap;

impl Checker<'_> {
    pub(super) fn board(&mut self) -> BoardBuild {
        let mut build = BoardBuild {
            board: ir::Board {
                grid: None,
                sites: Vec::new(),
                directions: COMPASS
                    .iter()
                    .map(|(n, v)| ir::Direction {
                        name: n.to_string(),
                        vector: *v,
                    })
                    .collect(),
                links: Vec::new(),
                rows: Vec::new(),
                lines: Vec::new(),
            },
            by_name: HashMap::new(),
            files: Vec::new(),
            ranks: Vec::new(),
            broken: false,
            links_failed: false,
            zones: Vec::new(),
            generated: None,
            extra_sites: Vec::new(),
            link_origin: Vec::new(),
            too_many_sites: false,
        };
        let sections: Vec<&Section> = self.sections(SectionKind::Board).collect();
        if sections.is_empty() {
            self.missing(
                "board",
                "add `board { grid 5 x 5 files a b c d e ranks 1 2 3 4 5 links all }`",
            );
            build.broken = true;
            return build;
        }
        let items: Vec<_> = sections.iter().flat_map(|s| s.items.iter()).collect();
        if self.too_many_sites(&items) {
            build.broken = true;
            build.too_many_sites = true;
            return build;
        }
        // The grid and its names first, then extra sites, then links.
        let mut grid = None;
        // Where the file and rank names were given, for mistakes in their number.
        let mut files_at = None;
        let mut ranks_at = None;
        // `sites where even|odd` and `number from ...`, with where they stand.
        let mut keep = None;
        let mut keep_list: Option<(&Vec<Name>, FileId, Span)> = None;
        let mut numbering = None;
        let mut squares = None;
        for item in &items {
            match &item.kind {
                ItemKind::Drawn(s) => squares = Some((*s, item.file, item.span.clone())),
                ItemKind::KeepSites(even) => keep = Some((*even, item.file, item.span.clone())),
                ItemKind::KeepList(names) => {
                    keep_list = Some((names, item.file, item.span.clone()));
                }
                ItemKind::Numbering(..) => numbering = Some(*item),
                ItemKind::Grid(w, h) => {
                    let w = self.number(item.file, w, 1, 26);
                    let h = self.number(item.file, h, 1, 26);
                    match (w, h) {
                        (Some(w), Some(h)) => grid = Some((w, h, item.file, item.span.clone())),
                        _ => build.broken = true,
                    }
                }
                ItemKind::Files(names) => {
                    build.files = names.iter().map(|n| n.text.clone()).collect();
                    files_at = Some((item.file, item.span.clone()));
                }
                ItemKind::Ranks(names) => {
                    build.ranks = names.iter().map(|n| n.text.clone()).collect();
                    ranks_at = Some((item.file, item.span.clone()));
                }
                _ => {}
            }
        }
        if let (Some((_, file, span)), None) = (&squares, &grid) {
            self.error(
                *file,
                span.clone(),
                "`drawn as` says how a grid is drawn, and this board has no grid",
                "no grid to draw",
                Some("remove it: a board of points, zones or rows is drawn its own way".into()),
            );
        }
        if let Some((w, h, file, span)) = grid.clone() {
            let files_given = build.files.len();
            let ranks_given = build.ranks.len();
            if files_given != w as usize {
                let hint = format!("list {w} file names after `files`, such as `files a b c`");
                let (at_file, at) = files_at.clone().unwrap_or((file, span.clone()));
                self.error(
                    at_file,
                    at,
                    format!("the grid is {w} wide but {files_given} file names are given"),
                    "file names",
                    Some(hint),
                );
            }
            if ranks_given != h as usize {
                let hint = format!("list {h} rank names after `ranks`, such as `ranks 1 2 3`");
                let (at_file, at) = ranks_at.clone().unwrap_or((file, span.clone()));
                self.error(
                    at_file,
                    at,
                    format!("the grid is {h} high but {ranks_given} rank names are given"),
                    "rank names",
                    Some(hint),
                );
            }
            let edges = squares.as_ref().is_some_and(|s| s.0 == DrawnAs::Edges);
            if edges {
                self.edges_grid(&squares, (w, h), keep.is_some() || keep_list.is_some());
                // The lattice keeps its own sites, whatever else is said.
                keep = None;
                keep_list = None;
            }
            let listed = keep_list.as_ref().map(|(names, ..)| distinct(names));
            let sites = grid_sites(w as usize, h as usize, keep.as_ref().map(|k| k.0), listed);
            if sites > MAX_SITES {
                self.error(
                    file,
                    span.clone(),
                    format!("a board has at most {MAX_SITES} sites, and this grid keeps {sites}"),
                    "too many sites",
                    None,
                );
                build.broken = true;
            } else if files_given == w as usize && ranks_given == h as usize {
                build.board.grid = Some(ir::Grid {
                    files: build.files.clone(),
                    ranks: build.ranks.clone(),
                    squares: squares.as_ref().is_some_and(|s| s.0 == DrawnAs::Squares),
                    edges,
                    hexes: false,
                });
                let point = |(x, y): (i32, i32)| {
                    format!("{}{}", build.files[x as usize], build.ranks[y as usize])
                };
                let mut kept: Vec<(i32, i32)> = (0..h as i32)
                    .flat_map(|y| (0..w as i32).map(move |x| (x, y)))
                    .filter(|(x, y)| keep.as_ref().is_none_or(|k| ((x + y) % 2 == 0) == k.0))
                    // A lattice's dots are no sites.
                    .filter(|(x, y)| !edges || x % 2 == 1 || y % 2 == 1)
                    .filter(|&c| {
                        keep_list
                            .as_ref()
                            .is_none_or(|(names, ..)| names.iter().any(|n| n.text == point(c)))
                    })
                    .collect();
                if let Some((names, lfile, _)) = &keep_list {
                    let all: Vec<String> = (0..h as i32)
                        .flat_map(|y| (0..w as i32).map(move |x| (x, y)))
                        .map(point)
                        .collect();
                    for (i, n) in names.iter().enumerate() {
                        if !all.contains(&n.text) {
                            self.error(
                                *lfile,
                                n.span.clone(),
                                format!("`{}` is not a point of the grid", n.text),
                                "not on the grid",
                                Some(
                                    "name the grid's points by file then rank, such as `a1`".into(),
                                ),
                            );
                            build.broken = true;
                        } else if names[..i].iter().any(|m| m.text == n.text) {
                            self.error(
                                *lfile,
                                n.span.clone(),
                                format!("`{}` is kept twice", n.text),
                                "named again",
                                None,
                            );
                        }
                    }
                }
                if let (Some((even, kfile, kspan)), true) = (&keep, kept.is_empty()) {
                    let which = if *even { "even" } else { "odd" };
                    self.error(
                        *kfile,
                        kspan.clone(),
                        format!("the grid has no site whose file + rank is {which}"),
                        "keeps no site",
                        Some("file + rank counts from 0 (`a1` is even): keep the other parity, or make the grid larger".into()),
                    );
                    build.broken = true;
                }
                let numbered = match numbering {
                    Some(item) => match self.numbering_order(&build, item, w as i32, h as i32) {
                        Some(order) => {
                            kept.sort_by_key(|&c| order(c));
                            true
                        }
                        None => {
                            build.broken = true;
                            false
                        }
                    },
                    None => false,
                };
                let mut twice = Vec::new();
                for (i, &(x, y)) in kept.iter().enumerate() {
                    let name = if numbered {
                        (i + 1).to_string()
                    } else {
                        format!("{}{}", build.files[x as usize], build.ranks[y as usize])
                    };
                    if build
                        .by_name
                        .insert(name.clone(), build.board.sites.len())
                        .is_some()
                    {
                        twice.push(format!("`{name}`"));
                    }
                    build.board.sites.push(ir::Site {
                        name,
                        coord: Some((x, y)),
                        owner: None,
                    });
                }
                if !twice.is_empty() {
                    self.error(
                        file,
                        span.clone(),
                        format!("the grid makes the site names {} twice", twice.join(", ")),
                        "grid declared here",
                        Some("file and rank names must combine into distinct site names".into()),
                    );
                    build.broken = true;
                }
            } else {
                build.broken = true;
            }
        } else if !build.broken {
            // Keeping or numbering sites needs a grid to keep or number.
            let lonely = keep
                .map(|k| (k.1, k.2, "sites where even|odd"))
                .or(keep_list.map(|k| (k.1, k.2, "sites NAME ...")))
                .or(numbering.map(|n| {
                    (
                        n.file,
                        n.span.clone(),
                        "number from CORNER along DIRECTION then DIRECTION",
                    )
                }));
            if let Some((file, span, what)) = lonely {
                self.error(
                    file,
                    span,
                    format!("`{what}` needs a grid board"),
                    "no grid here",
                    Some("declare `grid W x H` with `files` and `ranks` in the board".into()),
                );
                build.broken = true;
            }
        }
        if let Some((file, span)) = grid.as_ref().map(|g| (g.2, g.3.clone())) {
            build.generated = Some((file, span));
        }
        self.points_and_zones(&mut build, &items);
        let mut extra_sites = Vec::new();
        for item in &items {
            if let ItemKind::Site(name) = &item.kind {
                if build.by_name.contains_key(&name.text) {
                    self.error(
                        item.file,
                        name.span.clone(),
                        format!("the site `{}` already exists", name.text),
                        "declared again here",
                        Some("every site has its own name: give this one another".into()),
                    );
                } else if build.board.sites.len() >= MAX_SITES {
                    self.error(
                        item.file,
                        name.span.clone(),
                        format!("a board has at most {MAX_SITES} sites"),
                        "one too many",
                        None,
                    );
                } else {
                    build
                        .by_name
                        .insert(name.text.clone(), build.board.sites.len());
                    extra_sites.push((build.board.sites.len(), item.file, name.span.clone()));
                    build.board.sites.push(ir::Site {
                        name: name.text.clone(),
                        coord: None,
                        owner: None,
                    });
                }
            }
        }
        if build.board.sites.is_empty() {
            if !build.broken {
                let s = sections[0];
                self.error(
                    s.file,
                    s.span.clone(),
                    "the board has no sites",
                    "this board",
                    Some("add `grid W x H` with `files` and `ranks`, or `site NAME` items".into()),
                );
            }
            build.broken = true;
            return build;
        }
        // A link that could not be made leaves sites apart: that is not
        // reported again as unreachable sites.
        for item in &items {
            match &item.kind {
                ItemKind::Links(kind, parity) => {
                    let made =
                        self.grid_links(&mut build, *kind, *parity, item.file, item.span.clone());
                    build.links_failed |= !made;
                }
                ItemKind::Link(from, to, dir) => {
                    let a = self.site_named(&build, item.file, from);
                    let b = self.site_named(&build, item.file, to);
                    let d = self.direction(&build, item.file, dir, false);
                    if let (Some(a), Some(b), Some(d)) = (a, b, d) {
                        let v = build.board.directions[d].vector;
                        let back = build
                            .board
                            .directions
                            .iter()
                            .position(|o| o.vector == (-v.0, -v.1))
                            .unwrap_or(d);
                        let made = format!("`link {} {} {}`", from.text, to.text, dir.text);
                        let origin = LinkOrigin {
                            item: made.clone(),
                            file: item.file,
                        };
                        let back_origin = LinkOrigin {
                            item: format!("the link back of {made}"),
                            file: item.file,
                        };
                        // Both ways or neither: a conflict is reported once.
                        let conflict = [(a, b, d, false), (b, a, back, true)].into_iter().find_map(
                            |(x, _, dir, is_back)| {
                                build.link_conflict(x, dir).map(|i| (i, is_back))
                            },
                        );
                        // One link joins two sites: a second one between
                        // them in another direction is a step listed twice.
                        let doubled = build.link_between(a, b);
                        match (conflict, doubled) {
                            (None, None) => {
                                build.add_link(a, b, d, origin);
                                build.add_link(b, a, back, back_origin);
                            }
                            (Some((i, is_back)), _) => {
                                self.conflicting_link(&build, item, i, is_back);
                                build.links_failed = true;
                            }
                            (None, Some(i)) => {
                                self.doubled_link(&build, item, i);
                                build.links_failed = true;
                            }
                        }
                    } else {
                        build.links_failed = true;
                    }
                }
                _ => {}
            }
        }
        build.extra_sites = extra_sites;
        self.rows(&mut build, &items);
        self.board_lines(&mut build, &items);
        build
    }

    /// Counts every site the board's items make (the grid's kept points,
    /// points, zones, single sites), in the order they are made; past
    /// [`MAX_SITES`], reports once, at the item that makes one too many.
    pub(super) fn too_many_sites(&mut self, items: &[&Item]) -> bool {
        let players = self
            .sections(SectionKind::Player)
            .take(ir::MAX_PLAYERS)
            .count();
        let number = |n: &Name| n.text.parse::<usize>().ok();
        // What the grid keeps: `sites where even|odd`, `sites NAME ...`
        // (the last of each, as the board reads them).
        let even = items.iter().rev().find_map(|i| match &i.kind {
            ItemKind::KeepSites(even) => Some(*even),
            _ => None,
        });
        let listed = items.iter().rev().find_map(|i| match &i.kind {
            ItemKind::KeepList(names) => Some(distinct(names)),
            _ => None,
        });
        let mut parts: Vec<String> = Vec::new();
        let mut total = 0;
        // Sites are made in this order: the grid, points, zones, then sites.
        for stage in 0..4 {
            for item in items {
                let made = match (&item.kind, stage) {
                    (ItemKind::Grid(w, h), 0) => match (number(w), number(h)) {
                        (Some(w), Some(h)) if w <= 26 && h <= 26 => {
                            let kept = match (even, listed) {
                                (Some(true), _) => " with `sites where even`",
                                (Some(false), _) => " with `sites where odd`",
                                (None, Some(_)) => " with `sites NAME ...`",
                                (None, None) => "",
                            };
                            let n = grid_sites(w, h, even, listed);
                            (format!("a grid of {w} x {h}{kept}"), n)
                        }
                        _ => continue,
                    },
                    (ItemKind::Points(ranges), 1) => {
                        let mut n = 0;
                        for (a, b) in ranges {
                            match (number(a), number(b)) {
                                (Some(a), Some(b)) if a.max(b) <= 10_000 => n += a.abs_diff(b) + 1,
                                _ => continue,
                            }
                        }
                        ("numbered points".to_string(), n)
                    }
                    (ItemKind::Zone(z), 2) => {
                        (format!("zone `{}` for each player", z.text), players)
                    }
                    (ItemKind::Site(n), 3) => (format!("site `{}`", n.text), 1),
                    _ => continue,
                };
                total += made.1;
                parts.push(format!("{} ({})", made.0, made.1));
                if total > MAX_SITES {
                    self.error(
                        item.file,
                        item.span.clone(),
                        format!(
                            "a board has at most {MAX_SITES} sites, and this one has at least {total}: {}",
                            parts.join(", ")
                        ),
                        "the limit is passed here",
                        Some(format!(
                            "every site counts towards the limit of {MAX_SITES}: the grid points a board keeps (all, unless `sites` keeps fewer), numbered points, each player's zones and single sites"
                        )),
                    );
                    return true;
                }
            }
        }
        false
    }

    /// Generates grid lines; false if there is no grid to draw them on.
    pub(super) fn grid_links(
        &mut self,
        build: &mut BoardBuild,
        kind: LinkKind,
        parity: Option<bool>,
        file: FileId,
        span: Span,
    ) -> bool {
        let Some((w, h)) = build
            .board
            .grid
            .as_ref()
            .map(|g| (g.files.len() as u32, g.ranks.len() as u32))
        else {
            if !build.broken {
                self.error(file, span, "`links` needs a grid board", "no grid to link", Some("declare `grid W x H` in the board, or join sites with `link FROM TO DIRECTION`".into()));
            }
            return false;
        };
        let parity_text = match parity {
            Some(true) => " where even",
            Some(false) => " where odd",
            None => "",
        };
        let kind_text = match kind {
            LinkKind::Orthogonal => "orthogonal",
            LinkKind::Diagonal => "diagonal",
            LinkKind::All => "all",
            LinkKind::Hex => "hex",
        };
        if kind == LinkKind::Hex
            && let Some(g) = build.board.grid.as_mut()
        {
            g.hexes = true;
        }
        let origin = LinkOrigin {
            item: format!("`links {kind_text}{parity_text}`"),
            file,
        };
        // The site at each grid point, if the grid keeps it.
        let mut at = vec![None; (w * h) as usize];
        for (i, site) in build.board.sites.iter().enumerate() {
            if let Some((x, y)) = site.coord {
                at[(y * w as i32 + x) as usize] = Some(i);
            }
        }
        // The first link this item makes again, reported once.
        let mut conflict = None;
        for (d, (_, (dx, dy))) in COMPASS.iter().enumerate() {
            let diagonal = dx * dy != 0;
            let wanted = match kind {
                LinkKind::Orthogonal => !diagonal,
                LinkKind::Diagonal => diagonal,
                LinkKind::All => true,
                // A hex board drawn as a rhombus: one diagonal pair, the
                // one from the top left to the bottom right.
                LinkKind::Hex => !diagonal || dx * dy < 0,
            };
            if !wanted {
                continue;
            }
            for y in 0..h as i32 {
                for x in 0..w as i32 {
                    let (nx, ny) = (x + dx, y + dy);
                    if nx < 0 || ny < 0 || nx >= w as i32 || ny >= h as i32 {
                        continue;
                    }
                    if let Some(even) = parity
                        && ((x + y) % 2 == 0) != even
                    {
                        continue;
                    }
                    let (Some(from), Some(to)) = (
                        at[(y * w as i32 + x) as usize],
                        at[(ny * w as i32 + nx) as usize],
                    ) else {
                        continue;
                    };
                    // Both ways, so a parity filter never makes one-way lines;
                    // the same line found again from its other end is one line.
                    let back = (d + 4) % COMPASS.len();
                    for (a, b, dir) in [(from, to, d), (to, from, back)] {
                        match build.link_conflict(a, dir) {
                            Some(i) if build.link_origin[i] != origin => {
                                conflict.get_or_insert((i, false));
                            }
                            Some(_) => {}
                            // Two sites joined already in another direction.
                            None => match build.link_between(a, b) {
                                Some(i) => {
                                    conflict.get_or_insert((i, true));
                                }
                                None => build.add_link(a, b, dir, origin.clone()),
                            },
                        }
                    }
                }
            }
        }
        if let Some((i, doubled)) = conflict {
            let l = build.board.links[i];
            let b = &build.board;
            let message = format!(
                "{} makes links the board already has: `{}` going `{}` to `{}` comes from {}",
                origin.item,
                b.sites[l.from].name,
                b.directions[l.direction].name,
                b.sites[l.to].name,
                self.origin_text(&build.link_origin[i])
            );
            self.error(
                file,
                span,
                message,
                "links made twice",
                Some(if doubled {
                    "two sites are joined by one link: remove one of the two items, or make them join other sites".into()
                } else {
                    "a site has one link per direction: remove one of the two items, or make them cover different directions".into()
                }),
            );
        }
        true
    }

    /// Where an existing link came from, for diagnostics.
    pub(super) fn origin_text(&self, origin: &LinkOrigin) -> String {
        if origin.file == self.file {
            origin.item.clone()
        } else {
            format!("{} in the base game", origin.item)
        }
    }

    /// Reports a `link` that would give a site a second link in one direction.
    pub(super) fn conflicting_link(
        &mut self,
        build: &BoardBuild,
        item: &Item,
        existing: usize,
        back: bool,
    ) {
        let ItemKind::Link(from, to, dir) = &item.kind else {
            return;
        };
        let l = build.board.links[existing];
        let b = &build.board;
        let (site, there, way) = (
            &b.sites[l.from].name,
            &b.sites[l.to].name,
            &b.directions[l.direction].name,
        );
        let origin = self.origin_text(&build.link_origin[existing]);
        let new_to = if back { &from.text } else { &to.text };
        let what = if back {
            format!(
                "the link back of `link {} {} {}`, from `{site}` going `{way}` to `{new_to}`,",
                from.text, to.text, dir.text
            )
        } else {
            format!("`link {} {} {}`", from.text, to.text, dir.text)
        };
        let message = if *there == *new_to {
            format!(
                "{what} is there already: `{site}` links going `{way}` to `{there}` by {origin}"
            )
        } else {
            format!(
                "{what} gives `{site}` a second link going `{way}`: it already goes `{way}` to `{there}` by {origin}"
            )
        };
        let hint = if *there == *new_to {
            "remove this link: the board has it already"
        } else {
            "a site has one link per direction: remove this link, or name another direction"
        };
        self.error(
            item.file,
            item.span.clone(),
            message,
            "conflicting link",
            Some(hint.into()),
        );
    }

    /// Reports a `link` between two sites a link joins already, in another
    /// direction: a step between them would be listed twice.
    pub(super) fn doubled_link(&mut self, build: &BoardBuild, item: &Item, existing: usize) {
        let ItemKind::Link(from, to, dir) = &item.kind else {
            return;
        };
        let l = build.board.links[existing];
        let origin = self.origin_text(&build.link_origin[existing]);
        let message = format!(
            "`link {} {} {}` joins `{}` and `{}` again: `{}` already links going `{}` to `{}` by {origin}",
            from.text,
            to.text,
            dir.text,
            from.text,
            to.text,
            build.board.sites[l.from].name,
            build.board.directions[l.direction].name,
            build.board.sites[l.to].name,
        );
        self.error(
            item.file,
            item.span.clone(),
            message,
            "second link between two sites",
            Some("two sites are joined by one link: remove this link, or join other sites".into()),
        );
    }

    /// Every site must be reachable from the others along links or tracks:
    /// those apart from the largest part of the board are reported.
    pub(super) fn connectivity(&mut self, build: &BoardBuild, tracks: &[Vec<usize>]) {
        if build.links_failed || build.broken || build.board.sites.is_empty() {
            return;
        }
        let grid = build.generated.clone();
        let extra = &build.extra_sites;
        let board = &build.board;
        let mut graph = UnGraph::<(), ()>::new_undirected();
        let nodes: Vec<_> = board.sites.iter().map(|_| graph.add_node(())).collect();
        for l in &board.links {
            graph.add_edge(nodes[l.from], nodes[l.to], ());
        }
        for track in tracks {
            for pair in track.windows(2) {
                graph.add_edge(nodes[pair[0]], nodes[pair[1]], ());
            }
        }
        // The sites are reached from the largest part of the board (the
        // first in site order of equal ones): a stray first site is then
        // reported, not every site but it.
        let mut part = vec![usize::MAX; board.sites.len()];
        let mut sizes: Vec<usize> = Vec::new();
        for start in 0..nodes.len() {
            if part[start] != usize::MAX {
                continue;
            }
            let mut dfs = petgraph::visit::Dfs::new(&graph, nodes[start]);
            let mut size = 0;
            while let Some(n) = dfs.next(&graph) {
                part[n.index()] = sizes.len();
                size += 1;
            }
            sizes.push(size);
        }
        let largest = (0..sizes.len())
            .max_by_key(|&i| (sizes[i], std::cmp::Reverse(i)))
            .unwrap_or(0);
        let reached: Vec<bool> = part.iter().map(|&p| p == largest).collect();
        let root = reached.iter().position(|&r| r).unwrap_or(0);
        let first = &board.sites[root].name;
        let hint = if board.grid.is_some() {
            "join it to the board with `link FROM TO DIRECTION` or `links ...`"
        } else {
            "put it on a player's track, or join it with `link FROM TO DIRECTION`"
        };
        // Grid sites are reported together, at the grid; extra sites one by one.
        let mut on_grid = Vec::new();
        for (site, ok) in reached.iter().enumerate() {
            if *ok {
                continue;
            }
            let name = &board.sites[site].name;
            if board.sites[site].owner.is_some() {
                continue;
            }
            match extra.iter().find(|e| e.0 == site) {
                Some((_, file, span)) => self.error(
                    *file,
                    span.clone(),
                    format!("the site `{name}` cannot be reached from `{first}`"),
                    "unreachable site",
                    Some(hint.into()),
                ),
                None => on_grid.push(format!("`{name}`")),
            }
        }
        if let (Some((file, span)), false) = (grid, on_grid.is_empty()) {
            let what = if on_grid.len() == 1 { "site" } else { "sites" };
            self.error(
                file,
                span,
                format!(
                    "the {what} {} cannot be reached from `{first}`",
                    on_grid.join(", ")
                ),
                "unreachable sites on this grid",
                Some(hint.into()),
            );
        }
    }

    pub(super) fn site_named(
        &mut self,
        build: &BoardBuild,
        file: FileId,
        name: &Name,
    ) -> Option<usize> {
        let site = build.site(&name.text);
        if site.is_none() && !build.broken {
            let hint = suggest(&name.text, build.by_name.keys().map(String::as_str));
            self.error(
                file,
                name.span.clone(),
                format!("there is no site `{}` on the board", name.text),
                "unknown site",
                hint,
            );
        }
        site
    }

    /// Resolves a compass direction; with `used` (a piece's move), the board
    /// must have links that way, and direction classes are suggested too.
    pub(super) fn direction(
        &mut self,
        build: &BoardBuild,
        file: FileId,
        name: &Name,
        used: bool,
    ) -> Option<usize> {
        let board = &build.board;
        let Some(d) = board.directions.iter().position(|d| d.name == name.text) else {
            let classes = CLASSES.iter().filter(|_| used);
            let hint = suggest(
                &name.text,
                COMPASS.iter().map(|c| c.0).chain(classes.copied()),
            )
            .unwrap_or_else(|| {
                if used {
                    format!(
                        "directions are n ne e se s sw w nw, or the classes {}",
                        CLASSES.join(" ")
                    )
                } else {
                    "directions are n ne e se s sw w nw".into()
                }
            });
            self.error(
                file,
                name.span.clone(),
                format!("unknown direction `{}`", name.text),
                "not a direction",
                Some(hint),
            );
            return None;
        };
        if used && (build.broken || build.links_failed) {
            return Some(d);
        }
        if used && !board.links.iter().any(|l| l.direction == d) {
            self.error(
                file,
                name.span.clone(),
                format!("the board has no links going `{}`", name.text),
                "direction the board lacks",
                Some("add links in that direction to the board, or name another direction".into()),
            );
            return None;
        }
        Some(d)
    }

    pub(super) fn number(&mut self, file: FileId, name: &Name, min: u32, max: u32) -> Option<u32> {
        match name.text.parse::<u32>() {
            Ok(n) if (min..=max).contains(&n) => Some(n),
            Ok(n) => {
                self.error(
                    file,
                    name.span.clone(),
                    format!("{n} is out of range"),
                    "out of range",
                    Some(format!("use a number from {min} to {max}")),
                );
                None
            }
            // Digits alone only fail to parse when they do not fit.
            Err(_) if name.text.bytes().all(|b| b.is_ascii_digit()) => {
                self.error(
                    file,
                    name.span.clone(),
                    format!("{} is out of range", name.text),
                    "out of range",
                    Some(format!("use a number from {min} to {max}")),
                );
                None
            }
            Err(_) => {
                self.error(
                    file,
                    name.span.clone(),
                    format!("`{}` is not a whole number", name.text),
                    "malformed number",
                    Some(format!("use a whole number from {min} to {max}")),
                );
                None
            }
        }
    }
}

/// The sites a grid of `w` x `h` points makes, at most: all its points, or
/// those of one parity (`sites where even|odd`, with `even`), and no more
/// than the `listed` names of `sites NAME ...`.
fn grid_sites(w: usize, h: usize, even: Option<bool>, listed: Option<usize>) -> usize {
    let all = w * h;
    let kept = match even {
        // `a1` (0 + 0) is even: the even points are the larger half.
        Some(true) => all.div_ceil(2),
        Some(false) => all / 2,
        None => all,
    };
    listed.map_or(kept, |n| kept.min(n))
}

/// How many different names `names` holds.
fn distinct(names: &[Name]) -> usize {
    let mut texts: Vec<&str> = names.iter().map(|n| n.text.as_str()).collect();
    texts.sort_unstable();
    texts.dedup();
    texts.len()
}
