//! Drawing positions as text: grid boards with their lines, boards with
//! drawing rows (tables boards) as rows of stacks seen from the mover's side,
//! other boards as a list of sites.

use crate::engine::{Engine, State};
use crate::ir::Grid;

/// Draws a position: the board with coordinates, then who moves. A
/// board of drawing rows (a tables board) is seen from the mover's side.
pub fn board(engine: &Engine, st: &State) -> String {
    board_seen_by(engine, st, None)
}

/// [`board`], a board of drawing rows seen from `viewer`'s side, its
/// points numbered as his moves name them, whoever moves (`None`: the
/// mover's).
pub fn board_seen_by(engine: &Engine, st: &State, viewer: Option<usize>) -> String {
    let game = engine.game();
    let mut out = match &game.board.grid {
        Some(g) if engine.stacks() => return grid(engine, st, g) + &dice_status(engine, st),
        Some(g) if g.edges => lattice(engine, st, g),
        Some(g) => grid(engine, st, g),
        None if !game.board.rows.is_empty() => return rows(engine, st, viewer),
        None => site_list(engine, st),
    };
    let counts: Vec<String> = game
        .players
        .iter()
        .enumerate()
        .map(|(p, player)| format!("{} {}", player.name, st.counts[p]))
        .collect();
    // A grid game whose die picks the piece: the die thrown, if it is.
    let thrown = crate::notation::dice_text(st).map_or(String::new(), |d| format!("; dice: {d}"));
    out.push_str(&format!(
        "{} to move{thrown}; pieces: {}; turns without capture: {}{}{}\n",
        game.players[st.to_move as usize].name,
        counts.join(", "),
        st.counters[0],
        progress(engine, st),
        again(st)
    ));
    if st.hand.iter().any(|h| h.iter().any(|&n| n > 0)) {
        let hands: Vec<String> = game
            .players
            .iter()
            .enumerate()
            .map(|(p, player)| match hand(engine, st, p) {
                Some(held) => format!("{} {}", player.name, held.join(" ")),
                None => format!("{} none", player.name),
            })
            .collect();
        out.push_str(&format!("in hand: {}\n", hands.join(", ")));
    }
    if let Some(columns) = columns(engine, st) {
        out.push_str(&columns);
    }
    if st.offenders != 0 {
        let sites: Vec<&str> = (0..engine.sites())
            .filter(|&s| st.offenders & (1u128 << s) != 0)
            .map(|s| game.board.sites[s].name.as_str())
            .collect();
        out.push_str(&format!("may huff: {}\n", sites.join(" ")));
    }
    out
}

/// The further no-progress counters that are running, and how often the
/// position has stood if more than once: `; no capture or man move: 12
/// turns`, empty when there is nothing to say.
fn progress(engine: &Engine, st: &State) -> String {
    let mut out = String::new();
    for (label, n) in engine.counter_labels().iter().zip(st.counters).skip(1) {
        if n > 0 {
            out.push_str(&format!("; {label}: {n} turns"));
        }
    }
    let stood = engine.repeated(st);
    if stood > 1 {
        out.push_str(&format!("; this position has stood {stood} times"));
    }
    out
}

/// A game with columns: each column of more than one piece, top first, as
/// marks (`columns, top first: c3 wbB, e5 Bw`), where the board shows its
/// top piece alone; `None` where no column holds more.
fn columns(engine: &Engine, st: &State) -> Option<String> {
    if !engine.has_columns() {
        return None;
    }
    let game = engine.game();
    let columns: Vec<String> = (0..engine.sites())
        .filter(|&s| engine.below(st, s).len() > 0)
        .map(|s| {
            let under = engine.below(st, s);
            let marks: String = std::iter::once(mark(engine, st, s))
                .chain(under.map(|c| crate::notation::mark(engine, c)))
                .collect();
            format!("{} {marks}", game.board.sites[s].name)
        })
        .collect();
    (!columns.is_empty()).then(|| format!("columns, top first: {}\n", columns.join(", ")))
}

fn mark(engine: &Engine, st: &State, site: usize) -> char {
    match st.piece(site) {
        Some((p, k)) => engine.game().kinds[k].marks[p],
        None => '.',
    }
}

fn grid(engine: &Engine, st: &State, g: &Grid) -> String {
    if g.hexes {
        return hex_grid(engine, st, g);
    }
    let board = &engine.game().board;
    let (w, h) = (g.files.len() as i32, g.ranks.len() as i32);
    let at = |x: i32, y: i32| board.sites.iter().position(|s| s.coord == Some((x, y)));
    // A board drawn as squares shows its squares, not its links.
    let linked = |a: Option<usize>, b: Option<usize>| match (a, b) {
        (Some(a), Some(b)) if !g.squares => board.links.iter().any(|l| l.from == a && l.to == b),
        _ => false,
    };
    // Gaps that a longer straight link spans (`a1 d1` on a grid that keeps
    // neither b1 nor c1):
    // across from (x, y) to (x + 1, y), and down from (x, y) to (x, y - 1).
    let mut across = vec![false; (w * h) as usize];
    let mut down = vec![false; (w * h) as usize];
    for l in board.links.iter().filter(|_| !g.squares) {
        let (Some((ax, ay)), Some((bx, by))) = (board.sites[l.from].coord, board.sites[l.to].coord)
        else {
            continue;
        };
        if ay == by {
            for x in ax.min(bx)..ax.max(bx) {
                across[(ay * w + x) as usize] = true;
            }
        } else if ax == bx {
            for y in ay.min(by) + 1..=ay.max(by) {
                down[(y * w + ax) as usize] = true;
            }
        }
    }
    let spans_across = |x: i32, y: i32| (0..w - 1).contains(&x) && across[(y * w + x) as usize];
    let spans_down = |x: i32, y: i32| (1..h).contains(&y) && down[(y * w + x) as usize];
    let margin = g.ranks.iter().map(String::len).max().unwrap_or(1);
    let numbered = board.numbered();
    let name_width = number_width(engine);
    let mut out = String::new();
    for y in (0..h).rev() {
        out.push_str(&format!("{:>margin$}  ", g.ranks[y as usize]));
        for x in 0..w {
            // A point that is no site, on a line that passes it.
            let passing = if spans_across(x - 1, y) && spans_across(x, y) {
                '-'
            } else if spans_down(x, y) && spans_down(x, y + 1) {
                '|'
            } else {
                ' '
            };
            out.push(at(x, y).map_or(passing, |s| mark(engine, st, s)));
            if x + 1 < w {
                out.push_str(if linked(at(x, y), at(x + 1, y)) || spans_across(x, y) {
                    " - "
                } else {
                    "   "
                });
            }
        }
        // A board whose squares are named by numbers: the numbers of
        // this rank's squares beside it, as moves name them.
        if numbered {
            let names: Vec<String> = (0..w)
                .filter_map(|x| at(x, y))
                .map(|s| format!("{:>name_width$}", board.sites[s].name))
                .collect();
            // After the board's last column, whatever the rank's parity.
            let start = out.rfind('\n').map_or(0, |i| i + 1);
            let width = margin + 2 + (w as usize - 1) * 4 + 1;
            let line = out[start..].trim_end_matches(' ').len();
            out.truncate(start + line);
            let pad = width.saturating_sub(line);
            out.push_str(&format!("{:pad$}   |{}", "", names.join("")));
        }
        out.push('\n');
        if y > 0 && !g.squares {
            out.push_str(&format!("{:margin$}  ", ""));
            for x in 0..w {
                out.push(if linked(at(x, y), at(x, y - 1)) || spans_down(x, y) {
                    '|'
                } else {
                    ' '
                });
                if x + 1 < w {
                    let down = linked(at(x, y), at(x + 1, y - 1));
                    let up = linked(at(x, y - 1), at(x + 1, y));
                    out.push_str(match (down, up) {
                        (true, true) => " X ",
                        (true, false) => " \\ ",
                        (false, true) => " / ",
                        (false, false) => "   ",
                    });
                }
            }
            out.push('\n');
        }
    }
    let files: Vec<String> = g.files.iter().map(|f| format!("{f:<3}")).collect();
    out.push_str(format!("{:margin$}  {}", "", files.join(" ")).trim_end());
    out.push('\n');
    out
}

/// The width of a site's number in the list beside a numbered board: its
/// longest name and a space, three at least.
fn number_width(engine: &Engine) -> usize {
    let board = &engine.game().board;
    let longest = board.sites.iter().map(|s| s.name.len()).max().unwrap_or(0);
    (longest + 1).max(3)
}

/// A hexagonal lattice (`links hex`): each rank shifted half a file to the
/// right of the one below, so that a point's six neighbours stand around
/// it: `-` to its sides, `/` and `\` above and below. A point of file x
/// and rank y is drawn in column 4x + 2y, less the least such column of
/// the board's sites. A numbered board lists each rank's numbers beside
/// it, as moves name them, and no file letters; another has its files
/// along its first rank.
fn hex_grid(engine: &Engine, st: &State, g: &Grid) -> String {
    let board = &engine.game().board;
    let (w, h) = (g.files.len() as i32, g.ranks.len() as i32);
    let at = |x: i32, y: i32| board.sites.iter().position(|s| s.coord == Some((x, y)));
    let linked = |a: Option<usize>, b: Option<usize>| match (a, b) {
        (Some(a), Some(b)) => board.links.iter().any(|l| l.from == a && l.to == b),
        _ => false,
    };
    let shift = (board.sites.iter())
        .filter_map(|s| s.coord.map(|(x, y)| 4 * x + 2 * y))
        .min()
        .unwrap_or(0);
    let column = |x: i32, y: i32| (4 * x + 2 * y - shift) as usize;
    let margin = g.ranks.iter().map(String::len).max().unwrap_or(1);
    let numbered = board.numbered();
    let name_width = number_width(engine);
    let mut lines: Vec<(Vec<char>, String)> = Vec::new();
    for y in (0..h).rev() {
        let mut row = Vec::new();
        let put = |row: &mut Vec<char>, c: usize, ch: char| {
            if row.len() <= c {
                row.resize(c + 1, ' ');
            }
            row[c] = ch;
        };
        let mut names = String::new();
        for x in 0..w {
            let Some(s) = at(x, y) else { continue };
            put(&mut row, column(x, y), mark(engine, st, s));
            if linked(Some(s), at(x + 1, y)) {
                put(&mut row, column(x, y) + 2, '-');
            }
            names.push_str(&format!("{:>name_width$}", board.sites[s].name));
        }
        lines.push((row, format!("{:>margin$}  ", g.ranks[y as usize])));
        if numbered {
            lines.last_mut().unwrap().1.push_str(&names);
        }
        if y > 0 {
            let mut links = Vec::new();
            for x in 0..w {
                let Some(s) = at(x, y - 1) else { continue };
                if linked(Some(s), at(x, y)) {
                    put(&mut links, column(x, y - 1) + 1, '/');
                }
                if x > 0 && linked(Some(s), at(x - 1, y)) {
                    put(&mut links, column(x, y - 1) - 1, '\\');
                }
            }
            lines.push((links, format!("{:margin$}  ", "")));
        }
    }
    let width = lines.iter().map(|(l, _)| l.len()).max().unwrap_or(0);
    let mut out = String::new();
    for (line, head) in &lines {
        let text: String = line.iter().collect();
        if numbered && head.trim_start().len() > margin {
            let (label, names) = head.split_at(margin + 2);
            out.push_str(format!("{label}{text:<width$}   |{names}").trim_end());
        } else {
            out.push_str(format!("{head}{text}").trim_end());
        }
        out.push('\n');
    }
    if !numbered {
        let mut files = vec![' '; width];
        for x in 0..w {
            let c = 4 * x - shift;
            if c >= 0 && (c as usize) < width && at(x, 0).is_some() {
                files[c as usize] = g.files[x as usize].chars().next().unwrap_or(' ');
            }
        }
        let files: String = files.into_iter().collect();
        out.push_str(format!("{:margin$}  {}", "", files).trim_end());
        out.push('\n');
    }
    out
}

/// A lattice of dots (`drawn as edges`): a dot `+` at each point with an
/// even file and rank, a line drawn on an edge (`---` or `|`, whoever drew
/// it), a claimed box its owner's mark in the middle; an empty edge or box
/// is blank. The columns of the dots are one character wide, the others
/// three.
fn lattice(engine: &Engine, st: &State, g: &Grid) -> String {
    let board = &engine.game().board;
    let (w, h) = (g.files.len() as i32, g.ranks.len() as i32);
    let at = |x: i32, y: i32| board.sites.iter().position(|s| s.coord == Some((x, y)));
    let margin = g.ranks.iter().map(String::len).max().unwrap_or(1);
    let mut out = String::new();
    for y in (0..h).rev() {
        let mut line = format!("{:>margin$}  ", g.ranks[y as usize]);
        for x in 0..w {
            let taken = at(x, y).and_then(|s| st.piece(s).map(|(p, k)| (s, p, k)));
            line.push_str(&match (x % 2, y % 2, taken) {
                (0, 0, _) => "+".to_string(),
                (1, 0, Some(_)) => "---".to_string(),
                (0, 1, Some(_)) => "|".to_string(),
                (0, _, None) => " ".to_string(),
                (_, _, Some((s, ..))) => format!(" {} ", mark(engine, st, s)),
                (_, _, None) => "   ".to_string(),
            });
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let mut files = format!("{:margin$}  ", "");
    for (x, f) in g.files.iter().enumerate() {
        if x % 2 == 0 {
            files.push_str(&format!("{f:<1}"));
        } else {
            files.push_str(&format!(" {f:<2}"));
        }
    }
    out.push_str(files.trim_end());
    out.push('\n');
    out
}

fn site_list(engine: &Engine, st: &State) -> String {
    let board = &engine.game().board;
    let mut out = String::new();
    for (s, site) in board.sites.iter().enumerate() {
        out.push_str(&format!("{} {}\n", site.name, mark(engine, st, s)));
    }
    out
}

/// A board drawn as its rows of points (a tables board), from the side of
/// the player to move: the first player sees the rows as the game file
/// writes them, the second player sees the board turned round. Each point is
/// labelled with its position on the mover's track (its name off the track),
/// far rows with labels above, near rows with labels below; each holds its
/// stack (`o15`, `.` when empty; `o2/x`: two `o` men pinning an `x` man).
/// Then each player's zones and pip count, and
/// who moves with the dice thrown.
fn rows(engine: &Engine, st: &State, viewer: Option<usize>) -> String {
    let game = engine.game();
    let mover = viewer.unwrap_or(st.to_move as usize);
    // Sites hold stacks of men (tables boards), else one piece.
    let dice = engine.stacks();
    let rows: Vec<Vec<usize>> = if mover == 0 {
        game.board.rows.clone()
    } else {
        let turned = game.board.rows.iter().rev();
        turned.map(|r| r.iter().rev().copied().collect()).collect()
    };
    // Each point numbered as the mover's moves name it (counted down from
    // his side where the notation counts down).
    let label = |s: usize| match engine.track_position(mover, s) {
        Some(p) => crate::notation::track_point_text(engine, mover, p),
        None => game.board.sites[s].name.clone(),
    };
    // A man pinned under a stack is drawn after it: `o2/x`. A sowing
    // game's site, its count of seeds.
    let sows = engine.sows();
    let stack = |s: usize| match st.piece(s) {
        _ if sows => st.stack[s].to_string(),
        Some((p, k)) if dice => match engine.pinned_man(st, s) {
            Some(q) => format!(
                "{}{}/{}",
                game.kinds[k].marks[p],
                engine.men(st, s),
                game.kinds[k].marks[q]
            ),
            None => format!("{}{}", game.kinds[k].marks[p], engine.men(st, s)),
        },
        Some((p, k)) => game.kinds[k].marks[p].to_string(),
        None => ".".into(),
    };
    // Wide enough for every label and for a player's whole stack, so that
    // the drawing keeps its shape all game long.
    let most = st.counts.iter().copied().max().unwrap_or(0).max(1);
    let pinned = if engine.pins() { 2 } else { 0 };
    let stack_width = if sows {
        2
    } else if dice {
        1 + most.to_string().len() + pinned
    } else {
        1
    };
    let width = rows
        .iter()
        .flatten()
        .map(|&s| label(s).len())
        .fold(stack_width, usize::max);
    // A row of cells, split in two halves by a bar when it has an even length.
    let line = |row: &[usize], cell: &dyn Fn(usize) -> String| {
        let half = if row.len().is_multiple_of(2) && !sows {
            row.len() / 2
        } else {
            0
        };
        let mut text = String::new();
        for (i, &s) in row.iter().enumerate() {
            if i > 0 {
                text.push_str(if i == half { " | " } else { " " });
            }
            text.push_str(&format!("{:>width$}", cell(s)));
        }
        text.trim_end().to_string() + "\n"
    };
    let far = rows.len().div_ceil(2);
    let mut out = String::new();
    for (i, row) in rows.iter().enumerate() {
        if i == far {
            // The space between the two sides, with the bar.
            out.push_str(&line(row, &|_| String::new()));
        }
        if i < far {
            out.push_str(&line(row, &label));
            out.push_str(&line(row, &stack));
        } else {
            out.push_str(&line(row, &stack));
            out.push_str(&line(row, &label));
        }
    }
    out.push_str(&dice_status(engine, st));
    out
}

/// A dice game's zones, pips and dice per player, then who moves.
fn dice_status(engine: &Engine, st: &State) -> String {
    let game = engine.game();
    let mover = st.to_move as usize;
    // A tables board's counter is `idle`, shown while it runs; otherwise
    // `quiet`, always shown, and the further ones.
    let dice = engine.stacks();
    let mut out = String::new();
    for (p, player) in game.players.iter().enumerate() {
        let mut parts: Vec<String> = game
            .board
            .sites
            .iter()
            .enumerate()
            .filter(|(_, site)| site.owner == Some(p))
            .map(|(s, site)| format!("{} {}", site.name, engine.men(st, s)))
            .collect();
        if let Some(pips) = pips(engine, st, p) {
            parts.push(format!("pips {pips}"));
        }
        if engine.sows() {
            // His seeds: in his store and on his side.
            parts.push(format!("seeds {}", st.counts[p]));
            out.push_str(&format!("{}: {}", player.name, parts.join(", ")));
            out.push('\n');
            continue;
        }
        let mark = game.kinds.first().map_or(' ', |k| k.marks[p]);
        out.push_str(format!("{} {mark}: {}", player.name, parts.join(", ")).trim_end());
        out.push('\n');
    }
    out.push_str(&format!("{} to move", game.players[mover].name));
    if dice {
        if let Some(thrown) = crate::notation::dice_text(st) {
            out.push_str(&format!("; dice: {thrown}"));
        }
        if st.counters[0] > 0 {
            out.push_str(&format!("; turns without a move: {}", st.counters[0]));
        }
    } else {
        out.push_str(&format!("; turns without capture: {}", st.counters[0]));
        out.push_str(&progress(engine, st));
    }
    out.push_str(&again(st));
    out.push('\n');
    out
}

/// Dice games: how far `player`'s men have still to travel, in pips: for
/// each man, the track positions left to its end (a man in a zone off the
/// track's points counts from where it stands on the track).
pub fn pips(engine: &Engine, st: &State, player: usize) -> Option<u32> {
    let track = engine.track(player);
    if track.is_empty() {
        return None;
    }
    let end = track.len() - 1;
    let total = track
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let s = s as usize;
            let free = st.piece(s).is_some_and(|(p, _)| p == player);
            let men = if free { engine.men(st, s) } else { 0 }
                + u8::from(engine.pinned_man(st, s) == Some(player));
            (end - i) as u32 * u32::from(men)
        })
        .sum::<u32>()
        // A second zone at the track's start is position 0 too.
        + engine.second_start(player).map_or(0, |s| {
            let free = st.piece(s).is_some_and(|(p, _)| p == player);
            end as u32 * u32::from(if free { engine.men(st, s) } else { 0 })
        });
    Some(total)
}

/// An extra turn being taken, for the line saying who moves.
fn again(st: &State) -> String {
    if st.climbing {
        return "; the next double of a climbing sequence".into();
    }
    match st.again {
        0 => String::new(),
        1 => "; an extra turn".into(),
        n => format!("; an extra turn, {n} in a row"),
    }
}

/// The pieces in `player`'s hand by kind (`9 man`), if he holds any.
pub fn hand(engine: &Engine, st: &State, player: usize) -> Option<Vec<String>> {
    let kinds: Vec<String> = engine
        .game()
        .kinds
        .iter()
        .enumerate()
        .filter(|&(k, _)| st.hand[player][k] > 0)
        .map(|(k, kind)| format!("{} {}", st.hand[player][k], kind.name))
        .collect();
    (!kinds.is_empty()).then_some(kinds)
}
