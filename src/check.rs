//! Checking: the merged AST of a game to its IR, collecting every problem.
//!
//! Nothing here panics on bad input and nothing is silently defaulted: each
//! mistake becomes a [`Diagnostic`] and checking goes on to find the next.

use crate::diag::{Diagnostic, FileId, Span};
use crate::ir::{self, EndRule, Game};
use crate::syntax::{ItemKind, LinkKind, Name, Obligation, Section, SectionKind, SiteTerm, Whose};
use petgraph::graph::UnGraph;

mod tables;
use std::collections::HashMap;

/// The most sites a board may have (site sets are 128-bit masks).
pub const MAX_SITES: usize = 128;

/// The most piece kinds a game may have (a site stores its kind in 4 bits).
pub const MAX_KINDS: usize = 16;

/// The compass directions every board knows, with their vectors.
const COMPASS: [(&str, (i32, i32)); 8] = [
    ("n", (0, 1)),
    ("ne", (1, 1)),
    ("e", (1, 0)),
    ("se", (1, -1)),
    ("s", (0, -1)),
    ("sw", (-1, -1)),
    ("w", (-1, 0)),
    ("nw", (-1, 1)),
];

/// Relative direction classes, judged against a player's forward direction.
const CLASSES: [&str; 6] = [
    "any",
    "forward",
    "backward",
    "sideways",
    "orthogonal",
    "diagonal",
];

/// Checks a game given as its name, header file and merged sections.
pub fn check(name: &Name, file: FileId, sections: &[Section]) -> Result<Game, Vec<Diagnostic>> {
    let mut c = Checker {
        errors: Vec::new(),
        file,
        header: name.span.clone(),
        sections,
        without_forward: Vec::new(),
    };
    c.repeated_items();
    let game = c.game(name);
    if c.errors.is_empty() {
        Ok(game)
    } else {
        Err(c.errors)
    }
}

struct Checker<'a> {
    errors: Vec<Diagnostic>,
    file: FileId,
    /// The game's name in the header, where a missing section is reported.
    header: Span,
    sections: &'a [Section],
    /// Players already reported as lacking a forward direction.
    without_forward: Vec<String>,
}

/// The board while it is being built, with name lookups.
struct BoardBuild {
    board: ir::Board,
    by_name: HashMap<String, usize>,
    files: Vec<String>,
    ranks: Vec<String>,
    /// The board itself was reported as wrong: names that would be on a
    /// correct board are not reported again.
    broken: bool,
    /// A reported link item was not made: missing directions and
    /// unreachable sites are not reported again.
    links_failed: bool,
    /// Per player, per zone name: the zone's site.
    zones: Vec<Vec<(String, usize)>>,
    /// The item that generated many sites (a grid or points), for reporting
    /// unreachable ones together.
    generated: Option<(FileId, Span)>,
    /// Sites declared one by one, with where.
    extra_sites: Vec<(usize, FileId, Span)>,
}

impl BoardBuild {
    fn site(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }
}

impl<'a> Checker<'a> {
    fn error(
        &mut self,
        file: FileId,
        span: Span,
        message: impl Into<String>,
        label: &str,
        hint: Option<String>,
    ) {
        let mut d = Diagnostic::error(file, span, message, label);
        d.hint = hint;
        self.errors.push(d);
    }

    fn sections(&self, kind: SectionKind) -> impl Iterator<Item = &'a Section> + use<'a> {
        let all: &'a [Section] = self.sections;
        all.iter().filter(move |s| s.kind == kind)
    }

    fn missing(&mut self, what: &str, hint: &str) {
        self.error(
            self.file,
            self.header.clone(),
            format!("the game has no {what}"),
            &format!("no {what} in this game"),
            Some(hint.into()),
        );
    }

    /// Reports an item given twice in one section of one file: the later one
    /// would silently replace the earlier.
    fn repeated_items(&mut self) {
        let mut seen: HashMap<(String, usize, FileId, String), Span> = HashMap::new();
        for (index, s) in self.sections.iter().enumerate() {
            // Unnamed sections of one kind are one; a player or piece declared
            // twice is reported as such, not item by item.
            let section = (
                format!("{:?}", s.kind),
                if s.name.is_some() { index } else { 0 },
            );
            for item in &s.items {
                // A repeated `site` is reported by the board itself, a `drop`
                // that removes nothing by the checker of its section.
                if matches!(item.kind, ItemKind::Site(_) | ItemKind::Drop(_)) {
                    continue;
                }
                let key = item.kind.key();
                let entry = (section.0.clone(), section.1, item.file, key.clone());
                if seen.insert(entry, item.span.clone()).is_some() {
                    self.error(
                        item.file,
                        item.span.clone(),
                        format!("`{key}` is given twice"),
                        "given again here",
                        Some(
                            "keep one of them: a later item would silently replace the earlier"
                                .into(),
                        ),
                    );
                }
            }
        }
    }

    fn game(&mut self, name: &Name) -> Game {
        let board = self.board();
        let mut players = self.players(&board);
        self.tracks(&board, &mut players);
        let tracks: Vec<Vec<usize>> = players.iter().map(|(p, _)| p.track.clone()).collect();
        let dice = self.dice();
        // A missing track is reported as such, not as the sites it would reach.
        if dice.is_none() || tracks.iter().all(|t| !t.is_empty()) {
            self.connectivity(&board, &tracks);
        }
        let (kinds, kind_names) = self.kinds(&board, &players, dice.is_some());
        let setup = self.setup(&board, &players, &kind_names, &kinds);
        let mut rules = self.rules(&kinds);
        let player_list: Vec<ir::Player> = players.into_iter().map(|(p, _)| p).collect();
        self.table_rules(&board, &player_list, dice.is_some(), &mut rules);
        let end = self.end(&player_list);
        Game {
            name: name.text.clone(),
            board: board.board,
            players: player_list,
            kinds,
            setup,
            rules,
            end,
            dice,
        }
    }

    // ------------------------------------------------------------ board

    fn board(&mut self) -> BoardBuild {
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
            },
            by_name: HashMap::new(),
            files: Vec::new(),
            ranks: Vec::new(),
            broken: false,
            links_failed: false,
            zones: Vec::new(),
            generated: None,
            extra_sites: Vec::new(),
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
        // The grid and its names first, then extra sites, then links.
        let mut grid = None;
        // Where the file and rank names were given, for mistakes in their number.
        let mut files_at = None;
        let mut ranks_at = None;
        for item in &items {
            match &item.kind {
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
            if (w * h) as usize > MAX_SITES {
                self.error(
                    file,
                    span.clone(),
                    format!(
                        "a board has at most {MAX_SITES} sites, and this grid has {}",
                        w * h
                    ),
                    "too many sites",
                    None,
                );
                build.broken = true;
            } else if files_given == w as usize && ranks_given == h as usize {
                build.board.grid = Some(ir::Grid {
                    files: build.files.clone(),
                    ranks: build.ranks.clone(),
                });
                let mut twice = Vec::new();
                for y in 0..h as i32 {
                    for x in 0..w as i32 {
                        let name =
                            format!("{}{}", build.files[x as usize], build.ranks[y as usize]);
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
                        add_link(&mut build.board, a, b, d);
                        add_link(&mut build.board, b, a, back);
                    } else {
                        build.links_failed = true;
                    }
                }
                _ => {}
            }
        }
        build.extra_sites = extra_sites;
        self.rows(&mut build, &items);
        build
    }

    /// Generates grid lines; false if there is no grid to draw them on.
    fn grid_links(
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
        for (d, (_, (dx, dy))) in COMPASS.iter().enumerate() {
            let diagonal = dx * dy != 0;
            let wanted = match kind {
                LinkKind::Orthogonal => !diagonal,
                LinkKind::Diagonal => diagonal,
                LinkKind::All => true,
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
                    let from = (y * w as i32 + x) as usize;
                    let to = (ny * w as i32 + nx) as usize;
                    // Both ways, so a parity filter never makes one-way lines.
                    add_link(&mut build.board, from, to, d);
                    add_link(&mut build.board, to, from, (d + 4) % COMPASS.len());
                }
            }
        }
        true
    }

    /// Every site must be reachable from the first along links or tracks.
    fn connectivity(&mut self, build: &BoardBuild, tracks: &[Vec<usize>]) {
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
        let mut reached = vec![false; board.sites.len()];
        let mut dfs = petgraph::visit::Dfs::new(&graph, nodes[0]);
        while let Some(n) = dfs.next(&graph) {
            reached[n.index()] = true;
        }
        let first = &board.sites[0].name;
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

    fn site_named(&mut self, build: &BoardBuild, file: FileId, name: &Name) -> Option<usize> {
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
    fn direction(
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

    fn number(&mut self, file: FileId, name: &Name, min: u32, max: u32) -> Option<u32> {
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

    // ------------------------------------------------------------ players

    fn players(&mut self, build: &BoardBuild) -> Vec<(ir::Player, FileId)> {
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
                    "a game has exactly two players, and this is the only one",
                    "the only player",
                    Some("add another `player NAME { forward DIRECTION }`".into()),
                );
            }
            2 => {}
            _ => {
                for s in &sections[2..] {
                    self.error(
                        s.file,
                        s.span.clone(),
                        "a game has exactly two players",
                        "one player too many",
                        None,
                    );
                }
            }
        }
        if players.len() == 2 && players[0].0.name == players[1].0.name {
            let s = sections[1];
            self.error(
                s.file,
                s.span.clone(),
                "both players have the same name",
                "named again here",
                None,
            );
        }
        players
    }

    /// The index of the player called `name`, or a diagnostic.
    fn player_named(
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
    fn site_set(
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
    fn site_set_spanned(
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
    fn placements(
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

    fn site_named_or_region(
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

    // ------------------------------------------------------------ pieces

    fn kinds(
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
                promote: None,
                advance: false,
            };
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
                    ItemKind::Step(_) | ItemKind::Jump(_) if has_dice => {
                        let what = if matches!(item.kind, ItemKind::Step(_)) {
                            "step"
                        } else {
                            "jump"
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
                        if marks.len() != 2 {
                            self.error(item.file, item.span.clone(), format!("piece `{}` needs one mark per player, 2 in all, but `marks` gives {}", name.text, marks.len()), "marks", Some("write `marks o x`: how each player's piece is drawn".into()));
                        }
                        kind.marks = marks.iter().filter_map(|m| m.text.chars().next()).collect();
                    }
                    ItemKind::Step(dirs) => {
                        kind.step = self.direction_set(build, players, item.file, dirs)
                    }
                    ItemKind::Jump(dirs) => {
                        kind.jump = self.direction_set(build, players, item.file, dirs)
                    }
                    ItemKind::Promote(to, whose, region) => {
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
                                    let owner_name =
                                        players.get(owner).map_or("?", |o| o.0.name.as_str());
                                    lacking.push((owner_name.to_string(), p.name.clone()));
                                    sites.push(Vec::new());
                                }
                            }
                        }
                        match lacking.as_slice() {
                            [] => {}
                            [(owner, piece_of)] => self.error(item.file, region.span.clone(), format!("player `{owner}` has no region `{}`", region.text), "undefined region", Some(format!("add `region {}: SITES` to player `{owner}` (for the piece of `{piece_of}`)", region.text))),
                            _ => self.error(item.file, region.span.clone(), format!("no player has a region `{}`", region.text), "undefined region", Some(format!("add `region {}: SITES` to every player", region.text))),
                        }
                        kind.promote = Some(ir::Promotion { to: target, sites });
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
            kinds.push(kind);
        }
        (kinds, names)
    }

    /// Resolves a direction list for each player: compass names or classes.
    fn direction_set(
        &mut self,
        build: &BoardBuild,
        players: &[(ir::Player, FileId)],
        file: FileId,
        terms: &[Name],
    ) -> Vec<Vec<usize>> {
        let board = &build.board;
        let mut per_player = vec![Vec::new(); players.len()];
        for term in terms {
            if CLASSES.contains(&term.text.as_str()) {
                let mut found = false;
                for (i, (p, _)) in players.iter().enumerate() {
                    let Some(forward) = p.forward else {
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
                    };
                    let f = board.directions[forward].vector;
                    for (d, dir) in board.directions.iter().enumerate() {
                        let v = dir.vector;
                        let dot = v.0 * f.0 + v.1 * f.1;
                        let diagonal = v.0 * v.1 != 0;
                        let wanted = match term.text.as_str() {
                            "forward" => dot > 0,
                            "backward" => dot < 0,
                            "sideways" => dot == 0,
                            "orthogonal" => !diagonal,
                            "diagonal" => diagonal,
                            _ => true,
                        };
                        if wanted && board.links.iter().any(|l| l.direction == d) {
                            found = true;
                            if !per_player[i].contains(&d) {
                                per_player[i].push(d);
                            }
                        }
                    }
                }
                if !found && !build.broken && !build.links_failed && !players.is_empty() {
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
                    if !dirs.contains(&d) {
                        dirs.push(d);
                    }
                }
            }
        }
        for dirs in per_player.iter_mut() {
            dirs.sort_unstable();
        }
        per_player
    }

    // ------------------------------------------------------------ setup

    fn setup(
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
            let ItemKind::Placement(pname, kname, terms) = &item.kind else {
                continue;
            };
            mentioned.push(kname.text.as_str());
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
            for (site, span, count) in sites {
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
        // Every kind must be placed or reachable by promotion (unless the
        // setup or the board is missing or wrong, which is reported already).
        for (k, name) in kind_names.iter().enumerate() {
            let placed =
                setup.iter().any(|p| p.kind == k) || mentioned.contains(&name.text.as_str());
            let promoted = kinds
                .iter()
                .any(|other| other.promote.as_ref().is_some_and(|p| p.to == k));
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
                    Some("place it in `setup`, or make another piece promote to it".into()),
                );
            }
        }
        setup
    }

    // ------------------------------------------------------------ rules and end

    fn rules(&mut self, kinds: &[ir::Kind]) -> ir::Rules {
        let mut capture = None;
        let mut chain = None;
        let mut no_return = false;
        let sections: Vec<&Section> = self.sections(SectionKind::Rules).collect();
        if sections.is_empty() {
            self.missing("rules", "add `rules { capture optional chain optional }`");
        }
        for item in sections.iter().flat_map(|s| s.items.iter()) {
            match &item.kind {
                ItemKind::Capture(o, span) => {
                    if *o == Obligation::None
                        && kinds.iter().any(|k| k.jump.iter().any(|d| !d.is_empty()))
                    {
                        self.error(item.file, span.clone(), "`capture none` but a piece may jump", "contradicts `jump`", Some("remove the `jump` items, or choose `optional`, `compulsory` or `huff`".into()));
                    }
                    capture = Some(*o)
                }
                ItemKind::Chain(o, _) => chain = Some(*o),
                ItemKind::Return(allowed) => no_return = !allowed,
                _ => {}
            }
        }
        let jumps = kinds.iter().any(|k| k.jump.iter().any(|d| !d.is_empty()));
        if !sections.is_empty() && jumps {
            let s = sections[0];
            if capture.is_none() {
                self.error(
                    s.file,
                    s.span.clone(),
                    "the rules do not say whether capture is compulsory",
                    "in these rules",
                    Some("add `capture optional`, `capture compulsory` or `capture huff`".into()),
                );
            }
            if chain.is_none() {
                self.error(
                    s.file,
                    s.span.clone(),
                    "the rules do not say whether captures chain",
                    "in these rules",
                    Some(
                        "add `chain none`, `chain optional`, `chain compulsory` or `chain huff`"
                            .into(),
                    ),
                );
            }
        }
        ir::Rules {
            capture: capture.unwrap_or(if jumps {
                Obligation::Optional
            } else {
                Obligation::None
            }),
            chain: chain.unwrap_or(if jumps {
                Obligation::Optional
            } else {
                Obligation::None
            }),
            no_return,
            forbid: Vec::new(),
            hit_to: None,
            first_from: None,
            bear_off: None,
            overshoot_rearmost: false,
            play: Vec::new(),
            vulnerable_run: None,
            pass: Vec::new(),
        }
    }

    fn end(&mut self, players: &[ir::Player]) -> Vec<EndRule> {
        let sections: Vec<&Section> = self.sections(SectionKind::End).collect();
        if sections.is_empty() {
            self.missing(
                "end conditions",
                "add `end { no pieces: loss no moves: loss }`",
            );
        }
        let mut end = Vec::new();
        for item in sections.iter().flat_map(|s| s.items.iter()) {
            match &item.kind {
                ItemKind::NoPieces(r) => end.push(EndRule::NoPieces(*r)),
                ItemKind::NoMoves(r) => end.push(EndRule::NoMoves(*r)),
                ItemKind::NoCapture(n) => {
                    if let Some(n) = self.number(item.file, n, 1, 10_000) {
                        end.push(EndRule::NoCapture(n));
                    }
                }
                ItemKind::NoMove(n, r) => {
                    if let Some(n) = self.number(item.file, n, 1, 10_000) {
                        end.push(EndRule::NoMove(n, *r));
                    }
                }
                ItemKind::EndWhen(name, cond, result, points) => {
                    let cond = self.condition(players, item.file, cond, false);
                    end.push(EndRule::When {
                        name: name.text.clone(),
                        cond,
                        result: *result,
                        points: *points,
                    });
                }
                ItemKind::Drop(name) => self.nothing_to_drop(item.file, name),
                _ => {}
            }
        }
        if end.is_empty() && !sections.is_empty() {
            let s = sections[0];
            self.error(
                s.file,
                s.span.clone(),
                "the game has no end condition",
                "empty",
                Some("add `no pieces: loss`".into()),
            );
        }
        end
    }
}

/// A `did you mean` hint: the closest candidate within two edits that keeps
/// part of what was written (`4` does not suggest `1`).
fn suggest<'a>(wrong: &str, candidates: impl Iterator<Item = &'a str>) -> Option<String> {
    let length = wrong.chars().count();
    candidates
        .map(|c| (edit_distance(wrong, c), c))
        .filter(|(d, _)| *d <= 2 && *d < length)
        .min()
        .map(|(_, c)| format!("did you mean `{c}`?"))
}

/// A `did you mean`, else the pieces there are and how to declare another.
fn unknown_piece_hint(wrong: &str, kinds: &[Name]) -> Option<String> {
    suggest(wrong, kinds.iter().map(|k| k.text.as_str())).or_else(|| {
        let declare = format!("to add `{wrong}`, declare `piece {wrong} {{ .. }}`");
        Some(match known_list("piece", kinds.iter().map(|k| &k.text)) {
            Some(known) => format!("{known}; {declare}"),
            None => declare,
        })
    })
}

/// A hint listing the names there are, such as ``the players are `a` and `b` ``.
fn known_list<'a>(noun: &str, names: impl Iterator<Item = &'a String>) -> Option<String> {
    let listed: Vec<String> = names.map(|n| format!("`{n}`")).collect();
    // Names declared twice are reported as such; a list would mislead.
    if listed
        .iter()
        .enumerate()
        .any(|(i, n)| listed[..i].contains(n))
    {
        return None;
    }
    match listed.as_slice() {
        [] => None,
        [one] => Some(format!("the only {noun} is {one}")),
        [rest @ .., last] => Some(format!("the {noun}s are {} and {last}", rest.join(", "))),
    }
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

fn add_link(board: &mut ir::Board, from: usize, to: usize, direction: usize) {
    if !board
        .links
        .iter()
        .any(|l| l.from == from && l.direction == direction)
    {
        board.links.push(ir::Link {
            from,
            to,
            direction,
        });
    }
}
