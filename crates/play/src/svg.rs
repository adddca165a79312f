//! Positions drawn as SVG pictures, from the IR alone: grid boards with
//! their lines (diagonals included) or, where the grid keeps only some
//! squares joined diagonally, as a chequered board, or, where it has no
//! links (men going along tracks) or whose pieces stand in its squares
//! (`drawn as squares`), as its squares with stacks, the zones
//! off it and the dice; tables boards as rows of points with
//! stacks, counts, pinned men, the bar and the trays; any other board as its
//! sites on a circle with their links; a sowing game's pits with their
//! seeds (`svg/pits.rs`); a lattice of dots (`drawn as edges`) as its
//! dots, lines and boxes (`svg/lattice.rs`). The last move, if given, is
//! marked.
//! Each site's shape (point, square, triangle) and the men on it carry
//! `data-site="N"`, N its index among the board's sites, for pages that
//! take clicks.

use crate::engine::{Engine, Move, NONE, State};
use crate::ir::AgainAfter;
use std::fmt::Write;

mod lattice;
mod pits;

/// The size of a grid square, in pixels.
const CELL: i32 = 60;
/// The margin around a board, for its labels.
const MARGIN: i32 = 40;
/// A point of a tables board: its width and length.
const POINT_W: i32 = 40;
const POINT_H: i32 = 170;
/// Men drawn one by one on a point before the rest is a number.
const SHOWN_MEN: u8 = 5;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const LINE: &str = "#5a3a1a";
const MARK: &str = "#d62828";

/// Escapes text for SVG.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The fill of a player's men and the ink of their marks: the colour the
/// player is named after (`white`, `black`, `red`, `green`, `blue`,
/// `purple`, `yellow`, `orange`), else the first player's
/// light and the second's dark.
pub fn colours(engine: &Engine, player: usize) -> (&'static str, &'static str) {
    const LIGHT_MEN: (&str, &str) = ("#fafafa", "#222222");
    const DARK_MEN: (&str, &str) = ("#222222", "#fafafa");
    let name = engine.game().players[player].name.to_lowercase();
    match name.as_str() {
        "white" => LIGHT_MEN,
        "black" => DARK_MEN,
        "red" => ("#c1121f", "#fafafa"),
        "green" => ("#2a9d3f", "#fafafa"),
        "blue" => ("#1d4ed8", "#fafafa"),
        "purple" => ("#7b2cbf", "#fafafa"),
        "yellow" => ("#f2c200", "#222222"),
        "orange" => ("#f77f00", "#222222"),
        _ if player == 0 => LIGHT_MEN,
        _ => DARK_MEN,
    }
}

/// The sites a move touches: where it starts, every landing and where its
/// shot lands.
fn touched(m: Option<&Move>) -> Vec<u8> {
    let mut sites = Vec::new();
    if let Some(m) = m {
        for s in m.steps() {
            sites.extend([s.from, s.to]);
        }
        if m.huff != NONE {
            sites.push(m.huff);
        }
        if m.shot() != NONE {
            sites.push(m.shot());
        }
    }
    sites
}

/// Draws `st` as a standalone SVG document; `last`, if given, is the move
/// that led to it, marked on the board. A tables board's points are
/// labelled as the player to move's moves name them.
pub fn svg(engine: &Engine, st: &State, last: Option<&Move>) -> String {
    svg_seen_by(engine, st, last, None)
}

/// [`svg`], a tables board's points labelled as `viewer`'s moves and
/// positions name them, whoever moves (`None`: the mover's).
pub fn svg_seen_by(
    engine: &Engine,
    st: &State,
    last: Option<&Move>,
    viewer: Option<usize>,
) -> String {
    let board = &engine.game().board;
    let (body, w, h) = match &board.grid {
        _ if engine.sows() => pits::pits(engine, st, last, viewer),
        Some(g) if g.edges => lattice::lattice(engine, st, g, last),
        Some(_) => grid(engine, st, last),
        None if !board.rows.is_empty() => rows(engine, st, last, viewer),
        None => circle(engine, st, last),
    };
    let game = engine.game();
    let caption = format!(
        "{}: {} to move",
        game.name, game.players[st.to_move as usize].name
    );
    // The pieces in each player's hand, not yet placed, under the board.
    let hands: Vec<String> = game
        .players
        .iter()
        .enumerate()
        .filter_map(|(p, player)| {
            let held = crate::render::hand(engine, st, p)?;
            Some(format!("{} in hand: {}", player.name, held.join(", ")))
        })
        .collect();
    let (body, h) = if hands.is_empty() {
        (body, h)
    } else {
        let mut body = body;
        let mut y = h;
        for line in &hands {
            y += 22;
            let _ = writeln!(
                body,
                r#"<text class="hand" x="{MARGIN}" y="{y}" font-size="15">{}</text>"#,
                esc(line)
            );
        }
        (body, y + 8)
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{}" viewBox="0 0 {w} {}" font-family="sans-serif">"#,
        h + 30,
        h + 30
    );
    let _ = writeln!(out, "<title>{}</title>", esc(&caption));
    let _ = writeln!(
        out,
        r#"<rect width="{w}" height="{}" fill="white"/>"#,
        h + 30
    );
    out.push_str(&body);
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" font-size="16" text-anchor="middle">{}</text>"#,
        w / 2,
        h + 20,
        esc(&caption)
    );
    out.push_str("</svg>\n");
    out
}

/// A grid's file names under it, at height `files_y`, and its rank names
/// beside it, at `ranks_x`; `centre` places a grid coordinate.
fn labels(
    out: &mut String,
    g: &crate::ir::Grid,
    centre: &dyn Fn((i32, i32)) -> (i32, i32),
    files_y: i32,
    ranks_x: i32,
) {
    for (i, f) in g.files.iter().enumerate() {
        let (x, _) = centre((i as i32, 0));
        let _ = writeln!(
            out,
            r#"<text x="{x}" y="{files_y}" font-size="14" text-anchor="middle">{}</text>"#,
            esc(f)
        );
    }
    for (i, r) in g.ranks.iter().enumerate() {
        let (_, y) = centre((0, i as i32));
        let _ = writeln!(
            out,
            r#"<text x="{ranks_x}" y="{}" font-size="14" text-anchor="middle">{}</text>"#,
            y + 5,
            esc(r)
        );
    }
}

/// A hexagonal lattice's labels: each rank's name left of its first
/// point, and, where its points are not numbered, each file's name under
/// its point on the first rank, at height `files_y`.
fn hex_labels(
    out: &mut String,
    engine: &Engine,
    centre: &dyn Fn((i32, i32)) -> (i32, i32),
    files_y: i32,
) {
    let board = &engine.game().board;
    let Some(g) = board.grid.as_ref() else { return };
    let numbered = board.numbered();
    let first = |y: i32| {
        (board.sites.iter())
            .filter_map(|s| s.coord.filter(|c| c.1 == y))
            .min()
    };
    for (i, r) in g.ranks.iter().enumerate() {
        let Some(c) = first(i as i32) else { continue };
        let (x, y) = centre(c);
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="14" text-anchor="middle">{}</text>"#,
            x - CELL / 2,
            y + 5,
            esc(r)
        );
    }
    if numbered {
        return;
    }
    for (i, f) in g.files.iter().enumerate() {
        if !board.sites.iter().any(|s| s.coord == Some((i as i32, 0))) {
            continue;
        }
        let (x, _) = centre((i as i32, 0));
        let _ = writeln!(
            out,
            r#"<text x="{x}" y="{files_y}" font-size="14" text-anchor="middle">{}</text>"#,
            esc(f)
        );
    }
}

/// What `draw` writes, its first element marked as showing site `s`
/// (`data-site="s"`), so that a page can tell which site was clicked.
fn at_site(s: usize, draw: impl FnOnce(&mut String)) -> String {
    let mut one = String::new();
    draw(&mut one);
    if let Some(at) = one.find(' ') {
        one.insert_str(at, &format!(r#" data-site="{s}""#));
    }
    one
}

/// A piece: a disc in its owner's colour, a ring for a kind other than the
/// first, and its mark.
/// The gold of a king's crown.
const CROWN: &str = "#d4a017";

/// The sites where a man landing earns his player another turn (`again
/// after landing in REGION`, any player's region): marked on the board,
/// as the players of such games mark them (the rosettes of Ur).
fn again_sites(engine: &Engine) -> Vec<usize> {
    let game = engine.game();
    let mut sites: Vec<usize> = (game.rules.again.iter())
        .filter_map(|a| match &a.after {
            AgainAfter::Landing(region) => Some(region),
            _ => None,
        })
        .flat_map(|name| {
            (game.players.iter())
                .flat_map(|p| p.regions.iter().filter(|r| r.name == *name))
                .flat_map(|r| r.sites.iter().copied())
        })
        .collect();
    sites.sort_unstable();
    sites.dedup();
    sites
}

/// The mark of a site where a landing earns another turn: an
/// eight-pointed star on the square centred at (`x`, `y`).
fn rosette(out: &mut String, s: usize, x: i32, y: i32) {
    let points: Vec<String> = (0..16)
        .map(|i| {
            let angle = f64::from(i) * std::f64::consts::PI / 8.0;
            let r = f64::from(if i % 2 == 0 { CELL * 2 / 5 } else { CELL / 6 });
            format!(
                "{:.1},{:.1}",
                f64::from(x) + r * angle.cos(),
                f64::from(y) + r * angle.sin()
            )
        })
        .collect();
    let _ = writeln!(
        out,
        r#"<polygon class="again" data-site="{s}" points="{}" fill="{CROWN}" fill-opacity="0.6" stroke="{LINE}" stroke-width="1"/>"#,
        points.join(" ")
    );
}

/// A man of `player` that stands for a stack of `men`: a disc in his
/// colour with the count in bold.
fn counted(out: &mut String, engine: &Engine, x: i32, y: i32, r: i32, player: usize, men: u8) {
    let (fill, ink) = colours(engine, player);
    let _ = writeln!(
        out,
        r#"<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="black" stroke-width="2"/>"#
    );
    let _ = writeln!(
        out,
        r#"<text class="count" x="{x}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="{ink}">{men}</text>"#,
        y + r / 3,
        r
    );
}

fn piece(out: &mut String, engine: &Engine, x: i32, y: i32, r: i32, player: usize, kind: usize) {
    let mark = engine.game().kinds[kind].marks[player];
    let (fill, ink) = colours(engine, player);
    let _ = writeln!(
        out,
        r#"<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="black" stroke-width="2"/>"#
    );
    let game = engine.game();
    // A kind another shoots (an arrow) is a square block, its mark on it;
    // in a game whose die picks the piece, a piece is a cube with the
    // face that names its kind.
    let cube = game.rules.die_picks;
    if cube
        || game
            .kinds
            .iter()
            .any(|k| k.shoot.as_ref().is_some_and(|s| s.kind == kind))
    {
        // A cube covers the disc drawn under it.
        let h = if cube { r } else { r * 3 / 4 };
        let mark = if cube {
            (kind + 1).to_string()
        } else {
            mark.to_string()
        };
        let _ = writeln!(
            out,
            r#"<rect class="{}" x="{}" y="{}" width="{}" height="{}" fill="{fill}" stroke="black" stroke-width="2"/>"#,
            if cube { "cube" } else { "shot" },
            x - h,
            y - h,
            2 * h,
            2 * h
        );
        let _ = writeln!(
            out,
            r#"<text x="{x}" y="{}" font-size="{}" text-anchor="middle" fill="{ink}">{}</text>"#,
            y + h / 3,
            h,
            esc(&mark)
        );
        return;
    }
    // A kind another is promoted to (a king) wears a crown.
    if game
        .kinds
        .iter()
        .any(|k| k.promote.as_ref().is_some_and(|p| p.to == kind))
    {
        let f = |a: i32, b: i32| (x + r * a / 10, y + r * b / 10);
        let points: Vec<String> = [(-6, 4), (-6, -4), (-3, 0), (0, -6), (3, 0), (6, -4), (6, 4)]
            .into_iter()
            .map(|(a, b)| {
                let (px, py) = f(a, b);
                format!("{px},{py}")
            })
            .collect();
        let _ = writeln!(
            out,
            r#"<polygon class="crown" points="{}" fill="{CROWN}" stroke="{ink}" stroke-width="1.5"/>"#,
            points.join(" ")
        );
        return;
    }
    if kind > 0 {
        let _ = writeln!(
            out,
            r#"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="{ink}" stroke-width="2"/>"#,
            r * 2 / 3
        );
    }
    let _ = writeln!(
        out,
        r#"<text x="{x}" y="{}" font-size="{}" text-anchor="middle" fill="{ink}">{}</text>"#,
        y + r / 3,
        r,
        esc(&mark.to_string())
    );
}

/// The pieces under the top piece of `site`, in a game with columns:
/// discs in their owners' colours, each lower one drawn a little lower,
/// the lowest first, so that the top piece drawn after them covers all
/// but their lower edges; the column's height beside it.
fn column(out: &mut String, engine: &Engine, st: &State, site: usize, (x, y): (i32, i32), r: i32) {
    let under = engine.below(st, site);
    let height = under.len() + 1;
    if height == 1 {
        return;
    }
    let step = (24 / (height as i32 - 1)).clamp(1, 5);
    for (depth, c) in under.enumerate().rev() {
        let (fill, _) = colours(engine, usize::from(c >> 4));
        let _ = writeln!(
            out,
            r#"<circle class="under" cx="{x}" cy="{}" r="{r}" fill="{fill}" stroke="black" stroke-width="2"/>"#,
            y + step * (depth as i32 + 1)
        );
    }
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" font-size="14" font-weight="bold" fill="{MARK}">{}</text>"#,
        x + r + 1,
        y - r + 7,
        height
    );
}

fn grid(engine: &Engine, st: &State, last: Option<&Move>) -> (String, i32, i32) {
    let board = &engine.game().board;
    let g = board.grid.as_ref().expect("a grid board");
    let (w, h) = (g.files.len() as i32, g.ranks.len() as i32);
    // A hexagonal lattice (`links hex`) shifts each rank half a file to
    // the right of the one below, its ranks closer (the height of an
    // equilateral triangle of side CELL), so that every link is as long.
    let (shift, across) = if g.hexes {
        let columns = board
            .sites
            .iter()
            .filter_map(|s| s.coord.map(|(x, y)| 2 * x + y));
        let (least, most) = columns.fold((i32::MAX, i32::MIN), |(a, b), c| (a.min(c), b.max(c)));
        (least, (most - least) / 2 + 1)
    } else {
        (0, w)
    };
    let rise = if g.hexes { CELL * 866 / 1000 } else { CELL };
    let centre = |(x, y): (i32, i32)| {
        let left = if g.hexes {
            (2 * x + y - shift) * CELL / 2
        } else {
            x * CELL
        };
        (
            MARGIN + left + CELL / 2,
            MARGIN + (h - 1 - y) * rise + CELL / 2,
        )
    };
    // A grid keeping only some squares, joined diagonally (a board's dark
    // squares), is a chequered board; any other grid (every point, or
    // points kept to a pattern such as a cross or concentric squares) is
    // drawn as its points and lines.
    let every_square = board.sites.len() as i32 == w * h;
    let diagonal = |l: &crate::ir::Link| match (board.sites[l.from].coord, board.sites[l.to].coord)
    {
        (Some((ax, ay)), Some((bx, by))) => (ax - bx).abs() == 1 && (ay - by).abs() == 1,
        _ => false,
    };
    let chequered = !every_square && board.links.iter().all(diagonal);
    // A grid with no links at all, whose men go along tracks through the
    // squares it keeps (a race game on squares), is drawn as its squares.
    // So is a grid whose pieces stand in its squares (`drawn as squares`).
    let squares = board.links.is_empty() || g.squares;
    let mut out = String::new();
    if squares {
        let again = again_sites(engine);
        for (s, site) in board.sites.iter().enumerate() {
            if let Some(c) = site.coord {
                let (x, y) = centre(c);
                let _ = writeln!(
                    out,
                    r#"<rect data-site="{s}" x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{LIGHT}" stroke="{LINE}" stroke-width="2"/>"#,
                    x - CELL / 2,
                    y - CELL / 2
                );
                if again.contains(&s) {
                    rosette(&mut out, s, x, y);
                }
            }
        }
    } else if !chequered {
        // A board of points and lines: the lines first, the points on them.
        for l in board.links.iter().filter(|l| l.from < l.to) {
            let (Some(a), Some(b)) = (board.sites[l.from].coord, board.sites[l.to].coord) else {
                continue;
            };
            let ((x1, y1), (x2, y2)) = (centre(a), centre(b));
            let _ = writeln!(
                out,
                r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{LINE}" stroke-width="3"/>"#
            );
        }
        // A numbered lattice names its points beside them, as moves do.
        let numbered = g.hexes && board.numbered();
        for (s, site) in board.sites.iter().enumerate() {
            if let Some(c) = site.coord {
                let (x, y) = centre(c);
                let _ = writeln!(
                    out,
                    r#"<circle data-site="{s}" cx="{x}" cy="{y}" r="5" fill="{LINE}"/>"#
                );
                if numbered {
                    let _ = writeln!(
                        out,
                        r#"<text x="{}" y="{}" font-size="10" fill="{LINE}">{}</text>"#,
                        x + 7,
                        y + 16,
                        esc(&site.name)
                    );
                }
            }
        }
    } else {
        // A chequered board: the squares the game keeps are the dark ones,
        // labelled with their names when the game numbers them.
        let numbered = board
            .sites
            .iter()
            .any(|s| s.name.chars().all(|c| c.is_ascii_digit()));
        for y in 0..h {
            for x in 0..w {
                let index = board.sites.iter().position(|s| s.coord == Some((x, y)));
                let kept = index.map(|s| &board.sites[s]);
                let (cx, cy) = centre((x, y));
                let _ = writeln!(
                    out,
                    r#"<rect{} x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{}"/>"#,
                    index.map_or(String::new(), |s| format!(r#" data-site="{s}""#)),
                    cx - CELL / 2,
                    cy - CELL / 2,
                    if kept.is_some() { DARK } else { LIGHT }
                );
                if let (Some(site), true) = (kept, numbered) {
                    let _ = writeln!(
                        out,
                        r#"<text x="{}" y="{}" font-size="11" fill="white">{}</text>"#,
                        cx - CELL / 2 + 3,
                        cy - CELL / 2 + 12,
                        esc(&site.name)
                    );
                }
            }
        }
    }
    if g.hexes {
        hex_labels(
            &mut out,
            engine,
            &centre,
            MARGIN + (h - 1) * rise + CELL + 20,
        );
    } else {
        labels(&mut out, g, &centre, MARGIN + h * CELL + 20, MARGIN / 2);
    }
    let marked = touched(last);
    for (s, site) in board.sites.iter().enumerate() {
        let Some(c) = site.coord else { continue };
        let (x, y) = centre(c);
        if marked.contains(&(s as u8)) {
            let _ = writeln!(
                out,
                r#"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="{MARK}" stroke-width="4"/>"#,
                CELL / 2 - 3
            );
        }
        if let Some((p, k)) = st.piece(s) {
            out.push_str(&at_site(s, |o| {
                column(o, engine, st, s, (x, y), CELL / 2 - 9);
                piece(o, engine, x, y, CELL / 2 - 9, p, k)
            }));
            let men = engine.men(st, s);
            if men > 1 {
                let _ = writeln!(
                    out,
                    r#"<text x="{}" y="{}" font-size="14" font-weight="bold" fill="{MARK}">{men}</text>"#,
                    x + CELL / 2 - 16,
                    y - CELL / 2 + 16
                );
            }
        }
    }
    let (width, height) = (
        2 * MARGIN + across * CELL,
        2 * MARGIN + (h - 1) * rise + CELL,
    );
    // Zones off the grid (where men wait to enter, or are borne off) and
    // the dice, at the right.
    let off_grid = board.sites.iter().any(|s| s.coord.is_none());
    if off_grid || engine.has_dice() {
        let y = side_panel(&mut out, engine, st, width, MARGIN + 20, |s| {
            board.sites[s].coord.is_some()
        });
        return (out, width + 200, height.max(y));
    }
    (out, width, height)
}

/// Lists at `(x, y)` each player's men in the sites `on_board` leaves out
/// (bar, trays, zones), then the dice; returns the height used.
fn side_panel(
    out: &mut String,
    engine: &Engine,
    st: &State,
    x: i32,
    mut y: i32,
    on_board: impl Fn(usize) -> bool,
) -> i32 {
    let game = engine.game();
    for (p, player) in game.players.iter().enumerate() {
        let mut parts = Vec::new();
        for (s, site) in game.board.sites.iter().enumerate() {
            if !on_board(s) && st.piece(s).is_some_and(|(q, _)| q == p) {
                parts.push(format!("{} {}", site.name, engine.men(st, s)));
            }
        }
        let text = if parts.is_empty() {
            player.name.clone()
        } else {
            format!("{}: {}", player.name, parts.join(", "))
        };
        let _ = writeln!(
            out,
            r#"<circle cx="{x}" cy="{}" r="8" fill="{}" stroke="black"/>"#,
            y - 5,
            colours(engine, p).0
        );
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{y}" font-size="14">{}</text>"#,
            x + 14,
            esc(&text)
        );
        y += 24;
    }
    if let Some(d) = crate::notation::dice_text(st) {
        let _ = writeln!(
            out,
            r#"<text x="{x}" y="{y}" font-size="14">dice {}</text>"#,
            esc(&d)
        );
        y += 24;
    }
    y
}

fn rows(
    engine: &Engine,
    st: &State,
    last: Option<&Move>,
    viewer: Option<usize>,
) -> (String, i32, i32) {
    let game = engine.game();
    let rows = &game.board.rows;
    let far = rows.len().div_ceil(2);
    let longest = rows.iter().map(Vec::len).max().unwrap_or(0) as i32;
    // The bar between the two halves of a row of even length.
    let bar = if longest % 2 == 0 { POINT_W } else { 0 };
    let width = 2 * MARGIN + longest * POINT_W + bar;
    let band = POINT_H + 30;
    let height = 2 * MARGIN + band * rows.len() as i32;
    let marked = touched(last);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<rect x="{MARGIN}" y="{MARGIN}" width="{}" height="{}" fill="{LIGHT}" stroke="{LINE}" stroke-width="3"/>"#,
        longest * POINT_W + bar,
        band * rows.len() as i32
    );
    for (i, row) in rows.iter().enumerate() {
        let top = i < far;
        let y0 = MARGIN + band * i as i32 + if top { 0 } else { band };
        for (j, &s) in row.iter().enumerate() {
            let half = row.len() / 2;
            let x0 = MARGIN
                + j as i32 * POINT_W
                + if row.len() % 2 == 0 && j >= half {
                    bar
                } else {
                    0
                };
            let tip = if top { y0 + POINT_H } else { y0 - POINT_H };
            let colour = if (i + j) % 2 == 0 { DARK } else { "#8aa1b1" };
            let _ = writeln!(
                out,
                r#"<polygon data-site="{s}" points="{},{y0} {},{y0} {},{tip}" fill="{colour}" stroke="{}" stroke-width="{}"/>"#,
                x0,
                x0 + POINT_W,
                x0 + POINT_W / 2,
                if marked.contains(&(s as u8)) {
                    MARK
                } else {
                    LINE
                },
                if marked.contains(&(s as u8)) { 4 } else { 1 }
            );
            let label_y = if top { y0 - 6 } else { y0 + 16 };
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{label_y}" font-size="12" text-anchor="middle">{}</text>"#,
                x0 + POINT_W / 2,
                esc(&point_label(
                    engine,
                    viewer.unwrap_or(st.to_move as usize),
                    s
                ))
            );
            let Some((p, k)) = st.piece(s) else { continue };
            let men = engine.men(st, s);
            let r = POINT_W / 2 - 2;
            let step = if top { 2 * r } else { -2 * r };
            let first = if top { y0 + r } else { y0 - r };
            // A pinned man lies under the stack, nearest the edge.
            let mut at = first;
            if let Some(q) = engine.pinned_man(st, s) {
                out.push_str(&at_site(s, |o| {
                    piece(o, engine, x0 + POINT_W / 2, at, r, q, k);
                }));
                at += step;
            }
            // A taller stack shows its count on its last man drawn, within
            // the point, where the facing point's count cannot meet it.
            let shown = if men > SHOWN_MEN { SHOWN_MEN - 1 } else { men };
            for _ in 0..shown {
                out.push_str(&at_site(s, |o| {
                    piece(o, engine, x0 + POINT_W / 2, at, r, p, k);
                }));
                at += step;
            }
            if men > SHOWN_MEN {
                out.push_str(&at_site(s, |o| {
                    counted(o, engine, x0 + POINT_W / 2, at, r, p, men);
                }));
            }
        }
    }
    // Men hit to a zone on the bar between the halves: drawn there, the
    // first player's below the middle, the second's above, three at most
    // and then their count.
    if bar > 0
        && let Some(zone) = &game.rules.hit_to
    {
        let x = MARGIN + (longest / 2) * POINT_W + bar / 2;
        let r = POINT_W / 2 - 2;
        for (p, s) in game
            .board
            .sites
            .iter()
            .enumerate()
            .filter_map(|(s, site)| (site.name == *zone).then_some((site.owner?, s)))
        {
            let men = engine.men(st, s);
            if men == 0 || st.piece(s).is_none_or(|(q, _)| q != p) {
                continue;
            }
            let step = if p == 0 { 2 * r } else { -2 * r };
            let mut y = height / 2 + step;
            for _ in 0..men.min(3) {
                out.push_str(&at_site(s, |o| piece(o, engine, x, y, r, p, 0)));
                y += step;
            }
            if men > 3 {
                let _ = writeln!(
                    out,
                    r#"<text x="{x}" y="{}" font-size="16" font-weight="bold" text-anchor="middle" fill="{MARK}">{men}</text>"#,
                    y + 6
                );
            }
        }
    }
    // The zones off the rows (bar, trays), per player, and the dice, under
    // the board: the picture no wider than the board, for a phone's screen.
    let y = side_panel(&mut out, engine, st, MARGIN + 10, height + 6, |s| {
        rows.iter().any(|r| r.contains(&s))
    });
    (out, width, y - 12)
}

fn circle(engine: &Engine, st: &State, last: Option<&Move>) -> (String, i32, i32) {
    let board = &engine.game().board;
    let n = board.sites.len().max(1) as f64;
    let radius = (40.0 * n / std::f64::consts::TAU).max(120.0);
    let size = 2 * (radius as i32 + MARGIN + 30);
    let c = f64::from(size / 2);
    let at = |s: usize| {
        let a = std::f64::consts::TAU * s as f64 / n;
        ((c + radius * a.cos()) as i32, (c + radius * a.sin()) as i32)
    };
    let mut out = String::new();
    for l in board.links.iter().filter(|l| l.from < l.to) {
        let ((x1, y1), (x2, y2)) = (at(l.from), at(l.to));
        let _ = writeln!(
            out,
            r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{LINE}" stroke-width="2"/>"#
        );
    }
    let marked = touched(last);
    for (s, site) in board.sites.iter().enumerate() {
        let (x, y) = at(s);
        let stroke = if marked.contains(&(s as u8)) {
            MARK
        } else {
            LINE
        };
        let _ = writeln!(
            out,
            r#"<circle data-site="{s}" cx="{x}" cy="{y}" r="18" fill="{LIGHT}" stroke="{stroke}" stroke-width="3"/>"#
        );
        if let Some((p, k)) = st.piece(s) {
            out.push_str(&at_site(s, |o| piece(o, engine, x, y, 14, p, k)));
            let men = engine.men(st, s);
            if men > 1 {
                let _ = writeln!(
                    out,
                    r#"<text x="{}" y="{}" font-size="12" fill="{MARK}">{men}</text>"#,
                    x + 16,
                    y - 12
                );
            }
        }
        let _ = writeln!(
            out,
            r#"<text x="{x}" y="{}" font-size="11" text-anchor="middle">{}</text>"#,
            y + 32,
            esc(&site.name)
        );
    }
    (out, size, size)
}

/// One self-contained HTML page that steps through a game: `frames` are
/// the captions and pictures (the start first, then the position after
/// each turn), shown one at a time with buttons and the arrow keys (Home
/// and End for the first and last); `page.html#N` opens at turn N.
pub fn page(title: &str, frames: &[(String, String)]) -> String {
    // `<` inside the script's JSON is escaped, so no picture can close it.
    let json = serde_json::to_string(frames)
        .unwrap_or_else(|_| "[]".into())
        .replace('<', "\\u003c");
    let title = esc(title);
    format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 1em; }}
#board svg {{ max-width: 100%; height: auto; }}
button {{ font-size: 1.2em; min-width: 3em; }}
#caption {{ font-size: 1.2em; margin: 0.5em 0; }}
</style>
</head>
<body>
<h1>{title}</h1>
<div>
<button id="first" title="first (Home)">|&#x25C0;</button>
<button id="back" title="back (Left)">&#x25C0;</button>
<button id="next" title="next (Right)">&#x25B6;</button>
<button id="last" title="last (End)">&#x25B6;|</button>
<span id="where"></span>
</div>
<div id="caption"></div>
<div id="board"></div>
<script>
const frames = {json};
let at = 0;
function show(i) {{
  at = Math.max(0, Math.min(frames.length - 1, i));
  document.getElementById("caption").textContent = frames[at][0];
  document.getElementById("board").innerHTML = frames[at][1];
  document.getElementById("where").textContent = " " + at + " / " + (frames.length - 1);
}}
document.getElementById("first").onclick = () => show(0);
document.getElementById("back").onclick = () => show(at - 1);
document.getElementById("next").onclick = () => show(at + 1);
document.getElementById("last").onclick = () => show(frames.length - 1);
document.addEventListener("keydown", (e) => {{
  if (e.key === "ArrowLeft") show(at - 1);
  else if (e.key === "ArrowRight") show(at + 1);
  else if (e.key === "Home") show(0);
  else if (e.key === "End") show(frames.length - 1);
}});
// `page.html#12` opens at turn 12.
show(parseInt(location.hash.slice(1), 10) || 0);
</script>
</body>
</html>
"#
    )
}

/// A point of a tables board as `viewer`'s moves and positions name it
/// (counted down from his side where the notation counts down), else its
/// site's name.
fn point_label(engine: &Engine, viewer: usize, s: usize) -> String {
    match engine.track_position(viewer, s) {
        Some(p) => crate::notation::track_point_text(engine, viewer, p),
        None => engine.game().board.sites[s].name.clone(),
    }
}
