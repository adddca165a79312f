//! Checking: the merged AST of a game to its IR, collecting every problem.
//!
//! Nothing here panics on bad input and nothing is silently defaulted: each
//! mistake becomes a [`Diagnostic`] and checking goes on to find the next.

use crate::diag::{Diagnostic, FileId, Span};
use crate::ir::{self, EndRule, Game};
use crate::syntax::{ItemKind, LinkKind, Name, Obligation, Section, SectionKind, SiteTerm, Whose};
use petgraph::graph::UnGraph;
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
const CLASSES: [&str; 6] = ["any", "forward", "backward", "sideways", "orthogonal", "diagonal"];

/// Checks a game given as its name, header file and merged sections.
pub fn check(name: &Name, file: FileId, sections: &[Section]) -> Result<Game, Vec<Diagnostic>> {
    let mut c = Checker {
        errors: Vec::new(),
        file,
        sections,
    };
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
    sections: &'a [Section],
}

/// The board while it is being built, with name lookups.
struct BoardBuild {
    board: ir::Board,
    by_name: HashMap<String, usize>,
    files: Vec<String>,
    ranks: Vec<String>,
}

impl BoardBuild {
    fn site(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }
}

impl<'a> Checker<'a> {
    fn error(&mut self, file: FileId, span: Span, message: impl Into<String>, label: &str, hint: Option<String>) {
        let mut d = Diagnostic::error(file, span, message, label);
        d.hint = hint;
        self.errors.push(d);
    }

    fn sections(&self, kind: SectionKind) -> impl Iterator<Item = &'a Section> + use<'a> {
        let all: &'a [Section] = self.sections;
        all.iter().filter(move |s| s.kind == kind)
    }

    fn missing(&mut self, what: &str, hint: &str) {
        self.error(self.file, 0..0, format!("the game has no {what}"), "the file starts here", Some(hint.into()));
    }

    fn game(&mut self, name: &Name) -> Game {
        let board = self.board();
        let players = self.players(&board);
        let (kinds, kind_names) = self.kinds(&board, &players);
        let setup = self.setup(&board, &players, &kind_names, &kinds);
        let rules = self.rules(&kinds);
        let end = self.end();
        let players = players.into_iter().map(|(p, _)| p).collect();
        Game {
            name: name.text.clone(),
            board: board.board,
            players,
            kinds,
            setup,
            rules,
            end,
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
            },
            by_name: HashMap::new(),
            files: Vec::new(),
            ranks: Vec::new(),
        };
        let sections: Vec<&Section> = self.sections(SectionKind::Board).collect();
        if sections.is_empty() {
            self.missing("board", "add `board { grid 5 x 5 files a b c d e ranks 1 2 3 4 5 links all }`");
            return build;
        }
        let items: Vec<_> = sections.iter().flat_map(|s| s.items.iter()).collect();
        // The grid and its names first, then extra sites, then links.
        let mut grid = None;
        for item in &items {
            match &item.kind {
                ItemKind::Grid(w, h) => {
                    let w = self.number(item.file, w, 1, 26);
                    let h = self.number(item.file, h, 1, 26);
                    if let (Some(w), Some(h)) = (w, h) {
                        grid = Some((w, h, item.file, item.span.clone()));
                    }
                }
                ItemKind::Files(names) => build.files = names.iter().map(|n| n.text.clone()).collect(),
                ItemKind::Ranks(names) => build.ranks = names.iter().map(|n| n.text.clone()).collect(),
                _ => {}
            }
        }
        if let Some((w, h, file, span)) = grid.clone() {
            let files_given = build.files.len();
            let ranks_given = build.ranks.len();
            if files_given != w as usize {
                let hint = format!("list {w} file names after `files`, such as `files a b c`");
                self.error(file, span.clone(), format!("the grid is {w} wide but {files_given} file names are given"), "grid declared here", Some(hint));
            }
            if ranks_given != h as usize {
                let hint = format!("list {h} rank names after `ranks`, such as `ranks 1 2 3`");
                self.error(file, span.clone(), format!("the grid is {h} high but {ranks_given} rank names are given"), "grid declared here", Some(hint));
            }
            if (w * h) as usize > MAX_SITES {
                self.error(file, span.clone(), format!("a board has at most {MAX_SITES} sites"), "too many sites", None);
            } else if files_given == w as usize && ranks_given == h as usize {
                build.board.grid = Some(ir::Grid { files: build.files.clone(), ranks: build.ranks.clone() });
                for y in 0..h as i32 {
                    for x in 0..w as i32 {
                        let name = format!("{}{}", build.files[x as usize], build.ranks[y as usize]);
                        if build.by_name.insert(name.clone(), build.board.sites.len()).is_some() {
                            self.error(file, span.clone(), format!("the site name `{name}` is made twice"), "grid declared here", Some("file and rank names must combine into distinct site names".into()));
                        }
                        build.board.sites.push(ir::Site { name, coord: Some((x, y)) });
                    }
                }
            }
        }
        let mut extra_sites = Vec::new();
        for item in &items {
            if let ItemKind::Site(name) = &item.kind {
                if build.by_name.contains_key(&name.text) {
                    self.error(item.file, name.span.clone(), format!("the site `{}` already exists", name.text), "declared again here", None);
                } else if build.board.sites.len() >= MAX_SITES {
                    self.error(item.file, name.span.clone(), format!("a board has at most {MAX_SITES} sites"), "one too many", None);
                } else {
                    build.by_name.insert(name.text.clone(), build.board.sites.len());
                    extra_sites.push((build.board.sites.len(), item.file, name.span.clone()));
                    build.board.sites.push(ir::Site { name: name.text.clone(), coord: None });
                }
            }
        }
        if build.board.sites.is_empty() {
            let s = sections[0];
            self.error(s.file, s.span.clone(), "the board has no sites", "this board", Some("add `grid W x H` with `files` and `ranks`, or `site NAME` items".into()));
            return build;
        }
        for item in &items {
            match &item.kind {
                ItemKind::Links(kind, parity) => self.grid_links(&mut build, *kind, *parity, item.file, item.span.clone()),
                ItemKind::Link(from, to, dir) => {
                    let a = self.site_named(&build, item.file, from);
                    let b = self.site_named(&build, item.file, to);
                    let d = self.direction(&build.board, item.file, dir, false);
                    if let (Some(a), Some(b), Some(d)) = (a, b, d) {
                        let v = build.board.directions[d].vector;
                        let back = build.board.directions.iter().position(|o| o.vector == (-v.0, -v.1)).unwrap();
                        add_link(&mut build.board, a, b, d);
                        add_link(&mut build.board, b, a, back);
                    }
                }
                _ => {}
            }
        }
        self.connectivity(&build, grid.map(|g| (g.2, g.3)), &extra_sites);
        build
    }

    fn grid_links(&mut self, build: &mut BoardBuild, kind: LinkKind, parity: Option<bool>, file: FileId, span: Span) {
        let Some((w, h)) = build.board.grid.as_ref().map(|g| (g.files.len() as u32, g.ranks.len() as u32)) else {
            self.error(file, span, "`links` needs a grid board", "no grid to link", Some("declare `grid W x H` in the board, or join sites with `link FROM TO DIRECTION`".into()));
            return;
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
                    add_link(&mut build.board, from, to, d);
                }
            }
        }
    }

    fn connectivity(&mut self, build: &BoardBuild, grid: Option<(FileId, Span)>, extra: &[(usize, FileId, Span)]) {
        let board = &build.board;
        let mut graph = UnGraph::<(), ()>::new_undirected();
        let nodes: Vec<_> = board.sites.iter().map(|_| graph.add_node(())).collect();
        for l in &board.links {
            graph.add_edge(nodes[l.from], nodes[l.to], ());
        }
        let mut reached = vec![false; board.sites.len()];
        let mut dfs = petgraph::visit::Dfs::new(&graph, nodes[0]);
        while let Some(n) = dfs.next(&graph) {
            reached[n.index()] = true;
        }
        for (site, ok) in reached.iter().enumerate() {
            if *ok {
                continue;
            }
            let name = &board.sites[site].name;
            let place = extra
                .iter()
                .find(|e| e.0 == site)
                .map(|e| (e.1, e.2.clone()))
                .or_else(|| grid.clone());
            if let Some((file, span)) = place {
                self.error(file, span, format!("the site `{name}` cannot be reached from `{}`", board.sites[0].name), "unreachable site", Some("join it to the board with `link FROM TO DIRECTION` or `links ...`".into()));
            }
        }
    }

    fn site_named(&mut self, build: &BoardBuild, file: FileId, name: &Name) -> Option<usize> {
        let site = build.site(&name.text);
        if site.is_none() {
            let hint = suggest(&name.text, build.by_name.keys().map(String::as_str));
            self.error(file, name.span.clone(), format!("there is no site `{}` on the board", name.text), "unknown site", hint);
        }
        site
    }

    /// Resolves a compass direction; with `used`, the board must have links that way.
    fn direction(&mut self, board: &ir::Board, file: FileId, name: &Name, used: bool) -> Option<usize> {
        let Some(d) = board.directions.iter().position(|d| d.name == name.text) else {
            let hint = suggest(&name.text, COMPASS.iter().map(|c| c.0))
                .unwrap_or_else(|| "directions are n ne e se s sw w nw".into());
            self.error(file, name.span.clone(), format!("unknown direction `{}`", name.text), "not a direction", Some(hint));
            return None;
        };
        if used && !board.links.iter().any(|l| l.direction == d) {
            self.error(file, name.span.clone(), format!("the board has no links going `{}`", name.text), "direction the board lacks", Some("add links in that direction to the board, or name another direction".into()));
            return None;
        }
        Some(d)
    }

    fn number(&mut self, file: FileId, name: &Name, min: u32, max: u32) -> Option<u32> {
        match name.text.parse::<u32>() {
            Ok(n) if (min..=max).contains(&n) => Some(n),
            Ok(n) => {
                self.error(file, name.span.clone(), format!("{n} is out of range"), "out of range", Some(format!("use a number from {min} to {max}")));
                None
            }
            Err(_) => {
                self.error(file, name.span.clone(), format!("`{}` is not a number", name.text), "malformed number", Some(format!("use a whole number from {min} to {max}")));
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
                    ItemKind::Forward(dir) => forward = self.direction(&build.board, item.file, dir, false),
                    ItemKind::Region(rname, terms) => {
                        let sites = self.site_set(build, &[], item.file, terms);
                        regions.push(ir::Region { name: rname.text.clone(), sites });
                    }
                    _ => {}
                }
            }
            if forward.is_none() && !s.items.iter().any(|i| matches!(i.kind, ItemKind::Forward(_))) {
                self.error(s.file, s.span.clone(), format!("player `{}` has no forward direction", name.text), "this player", Some("add `forward n` (or another direction) to the player".into()));
            }
            players.push((
                ir::Player { name: name.text, forward: forward.unwrap_or(0), regions },
                s.file,
            ));
        }
        if sections.len() != 2 {
            match sections.get(2) {
                Some(s) => self.error(s.file, s.span.clone(), "a game has exactly two players", "a third player", None),
                None => self.missing("two players", "add `player white { forward n }` and `player black { forward s }`"),
            }
        }
        if players.len() == 2 && players[0].0.name == players[1].0.name {
            let s = sections[1];
            self.error(s.file, s.span.clone(), "both players have the same name", "named again here", None);
        }
        players
    }

    /// Resolves a site set; bare names may name regions from `regions`.
    fn site_set(&mut self, build: &BoardBuild, regions: &[ir::Region], file: FileId, terms: &[SiteTerm]) -> Vec<usize> {
        let mut sites = Vec::new();
        for term in terms {
            match term {
                SiteTerm::Rank(r) | SiteTerm::File(r) => {
                    let is_rank = matches!(term, SiteTerm::Rank(_));
                    let list = if is_rank { &build.ranks } else { &build.files };
                    match list.iter().position(|n| *n == r.text) {
                        Some(i) => sites.extend(build.board.sites.iter().enumerate().filter(|(_, s)| {
                            s.coord.is_some_and(|(x, y)| (if is_rank { y } else { x }) as usize == i)
                        }).map(|(i, _)| i)),
                        None => {
                            let what = if is_rank { "rank" } else { "file" };
                            let hint = suggest(&r.text, list.iter().map(String::as_str));
                            self.error(file, r.span.clone(), format!("there is no {what} `{}`", r.text), &format!("unknown {what}"), hint);
                        }
                    }
                }
                SiteTerm::Name(n) => {
                    if let Some(region) = regions.iter().find(|r| r.name == n.text) {
                        sites.extend(&region.sites);
                    } else if let Some(s) = self.site_named_or_region(build, regions, file, n) {
                        sites.push(s);
                    }
                }
            }
        }
        sites
    }

    fn site_named_or_region(&mut self, build: &BoardBuild, regions: &[ir::Region], file: FileId, name: &Name) -> Option<usize> {
        let site = build.site(&name.text);
        if site.is_none() {
            let candidates = build.by_name.keys().map(String::as_str).chain(regions.iter().map(|r| r.name.as_str()));
            let hint = suggest(&name.text, candidates).or_else(|| Some("name a site of the board, `rank N`, `file X`, or a region of the player".into()));
            self.error(file, name.span.clone(), format!("there is no site or region `{}`", name.text), "unknown site", hint);
        }
        site
    }

    // ------------------------------------------------------------ pieces

    fn kinds(&mut self, build: &BoardBuild, players: &[(ir::Player, FileId)]) -> (Vec<ir::Kind>, Vec<Name>) {
        let sections: Vec<&Section> = self.sections(SectionKind::Piece).collect();
        if sections.is_empty() {
            self.missing("pieces", "add `piece man { marks o x step any jump any }`");
        }
        let names: Vec<Name> = sections.iter().map(|s| s.name.clone().expect("piece sections are named")).collect();
        for (i, n) in names.iter().enumerate() {
            if names[..i].iter().any(|m| m.text == n.text) {
                self.error(sections[i].file, n.span.clone(), format!("the piece `{}` is declared twice", n.text), "declared again", None);
            }
        }
        if let Some(s) = sections.get(MAX_KINDS) {
            self.error(s.file, s.span.clone(), format!("a game has at most {MAX_KINDS} kinds of piece"), "one kind too many", None);
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
            };
            for item in &s.items {
                match &item.kind {
                    ItemKind::Marks(marks) => {
                        for m in marks {
                            if m.text.chars().count() != 1 {
                                self.error(item.file, m.span.clone(), "a mark is a single character", "not one character", Some("write `marks o x`".into()));
                            }
                        }
                        kind.marks = marks.iter().filter_map(|m| m.text.chars().next()).collect();
                    }
                    ItemKind::Step(dirs) => kind.step = self.direction_set(build, players, item.file, dirs),
                    ItemKind::Jump(dirs) => kind.jump = self.direction_set(build, players, item.file, dirs),
                    ItemKind::Promote(to, whose, region) => {
                        let Some(target) = names.iter().position(|n| n.text == to.text) else {
                            let hint = suggest(&to.text, names.iter().map(|n| n.text.as_str()));
                            self.error(item.file, to.span.clone(), format!("there is no piece `{}`", to.text), "unknown piece", hint);
                            continue;
                        };
                        let mut sites = Vec::new();
                        for (i, (p, _)) in players.iter().enumerate() {
                            let owner = match whose {
                                Whose::Own => i,
                                Whose::Opponent => (i + 1) % players.len(),
                            };
                            match players.get(owner).and_then(|(o, _)| o.regions.iter().find(|r| r.name == region.text)) {
                                Some(r) => sites.push(r.sites.clone()),
                                None => {
                                    let owner_name = players.get(owner).map_or("?", |o| o.0.name.as_str());
                                    self.error(item.file, region.span.clone(), format!("player `{owner_name}` has no region `{}`", region.text), "undefined region", Some(format!("add `region {}: SITES` to player `{owner_name}` (the piece of `{}`)", region.text, p.name)));
                                    sites.push(Vec::new());
                                }
                            }
                        }
                        kind.promote = Some(ir::Promotion { to: target, sites });
                    }
                    _ => {}
                }
            }
            if kind.marks.len() != 2 {
                self.error(s.file, s.span.clone(), format!("piece `{}` needs one mark per player", name.text), "this piece", Some("add `marks o x`: how each player's piece is drawn".into()));
            }
            kinds.push(kind);
        }
        (kinds, names)
    }

    /// Resolves a direction list for each player: compass names or classes.
    fn direction_set(&mut self, build: &BoardBuild, players: &[(ir::Player, FileId)], file: FileId, terms: &[Name]) -> Vec<Vec<usize>> {
        let board = &build.board;
        let mut per_player = vec![Vec::new(); players.len()];
        for term in terms {
            if CLASSES.contains(&term.text.as_str()) {
                for (i, (p, _)) in players.iter().enumerate() {
                    let f = board.directions[p.forward].vector;
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
                        if wanted && board.links.iter().any(|l| l.direction == d) && !per_player[i].contains(&d) {
                            per_player[i].push(d);
                        }
                    }
                }
            } else if let Some(d) = self.direction(board, file, term, true) {
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

    fn setup(&mut self, build: &BoardBuild, players: &[(ir::Player, FileId)], kind_names: &[Name], kinds: &[ir::Kind]) -> Vec<ir::Placement> {
        let sections: Vec<&Section> = self.sections(SectionKind::Setup).collect();
        if sections.is_empty() {
            self.missing("setup", "add `setup { white man: rank 1 }`");
        }
        let mut placed: HashMap<usize, (FileId, Span)> = HashMap::new();
        let mut setup = Vec::new();
        for item in sections.iter().flat_map(|s| s.items.iter()) {
            let ItemKind::Placement(pname, kname, terms) = &item.kind else { continue };
            let player = players.iter().position(|(p, _)| p.name == pname.text);
            if player.is_none() {
                let hint = suggest(&pname.text, players.iter().map(|p| p.0.name.as_str()));
                self.error(item.file, pname.span.clone(), format!("there is no player `{}`", pname.text), "unknown player", hint);
            }
            let kind = kind_names.iter().position(|k| k.text == kname.text);
            if kind.is_none() {
                let hint = suggest(&kname.text, kind_names.iter().map(|k| k.text.as_str()));
                self.error(item.file, kname.span.clone(), format!("there is no piece `{}`", kname.text), "unknown piece", hint);
            }
            let regions = player.map_or(&[][..], |p| &players[p].0.regions[..]);
            let sites = self.site_set(build, regions, item.file, terms);
            let (Some(player), Some(kind)) = (player, kind) else { continue };
            for site in sites {
                if let Some((first_file, first_span)) = placed.get(&site).cloned() {
                    let name = &build.board.sites[site].name;
                    let hint = if first_file == item.file {
                        format!("`{name}` is already given a piece at byte {}", first_span.start)
                    } else {
                        format!("`{name}` is already given a piece in the base file")
                    };
                    self.error(item.file, item.span.clone(), format!("the setup places two pieces on `{name}`"), "second piece on one site", Some(hint));
                    continue;
                }
                placed.insert(site, (item.file, item.span.clone()));
                setup.push(ir::Placement { site, player, kind });
            }
        }
        // Every kind must be placed or reachable by promotion.
        for (k, name) in kind_names.iter().enumerate() {
            let placed = setup.iter().any(|p| p.kind == k);
            let promoted = kinds.iter().any(|other| other.promote.as_ref().is_some_and(|p| p.to == k));
            if !placed && !promoted {
                let file = self.sections(SectionKind::Piece).find(|s| s.name.as_ref() == Some(name)).map_or(self.file, |s| s.file);
                self.error(file, name.span.clone(), format!("the piece `{}` is never placed", name.text), "never on the board", Some("place it in `setup`, or make another piece promote to it".into()));
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
                    if *o == Obligation::None && kinds.iter().any(|k| k.jump.iter().any(|d| !d.is_empty())) {
                        self.error(item.file, span.clone(), "`capture none` but a piece may jump", "contradicts `jump`", Some("remove the `jump` items, or choose `optional`, `compulsory` or `huff`".into()));
                    }
                    capture = Some(*o)
                }
                ItemKind::Chain(o, _) => chain = Some(*o),
                ItemKind::Return(allowed) => no_return = !allowed,
                _ => {}
            }
        }
        if !sections.is_empty() {
            let s = sections[0];
            if capture.is_none() {
                self.error(s.file, s.span.clone(), "the rules do not say whether capture is compulsory", "in these rules", Some("add `capture optional`, `capture compulsory` or `capture huff`".into()));
            }
            if chain.is_none() {
                self.error(s.file, s.span.clone(), "the rules do not say whether captures chain", "in these rules", Some("add `chain none`, `chain optional`, `chain compulsory` or `chain huff`".into()));
            }
        }
        ir::Rules {
            capture: capture.unwrap_or(Obligation::Optional),
            chain: chain.unwrap_or(Obligation::Optional),
            no_return,
        }
    }

    fn end(&mut self) -> Vec<EndRule> {
        let sections: Vec<&Section> = self.sections(SectionKind::End).collect();
        if sections.is_empty() {
            self.missing("end conditions", "add `end { no pieces: loss no moves: loss }`");
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
                _ => {}
            }
        }
        if end.is_empty() && !sections.is_empty() {
            let s = sections[0];
            self.error(s.file, s.span.clone(), "the game has no end condition", "empty", Some("add `no pieces: loss`".into()));
        }
        end
    }
}

/// A `did you mean` hint: the closest candidate within two edits.
fn suggest<'a>(wrong: &str, candidates: impl Iterator<Item = &'a str>) -> Option<String> {
    candidates
        .map(|c| (edit_distance(wrong, c), c))
        .filter(|(d, _)| *d <= 2)
        .min()
        .map(|(_, c)| format!("did you mean `{c}`?"))
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
    if !board.links.iter().any(|l| l.from == from && l.direction == direction) {
        board.links.push(ir::Link { from, to, direction });
    }
}
