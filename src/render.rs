//! Drawing positions as text: grid boards with their lines, other boards as
//! a list of sites.

use crate::engine::{Engine, State};
use crate::ir::Grid;

/// Draws a position: the board with coordinates, then who moves.
pub fn board(engine: &Engine, st: &State) -> String {
    let game = engine.game();
    let mut out = match &game.board.grid {
        Some(g) => grid(engine, st, g),
        None => site_list(engine, st),
    };
    let counts: Vec<String> = game
        .players
        .iter()
        .enumerate()
        .map(|(p, player)| format!("{} {}", player.name, st.counts[p]))
        .collect();
    out.push_str(&format!(
        "{} to move; pieces: {}; turns without capture: {}\n",
        game.players[st.to_move as usize].name,
        counts.join(", "),
        st.quiet
    ));
    if st.offenders != 0 {
        let sites: Vec<&str> = (0..engine.sites())
            .filter(|&s| st.offenders & (1u128 << s) != 0)
            .map(|s| game.board.sites[s].name.as_str())
            .collect();
        out.push_str(&format!("may huff: {}\n", sites.join(" ")));
    }
    out
}

fn mark(engine: &Engine, st: &State, site: usize) -> char {
    match st.piece(site) {
        Some((p, k)) => engine.game().kinds[k].marks[p],
        None => '.',
    }
}

fn grid(engine: &Engine, st: &State, g: &Grid) -> String {
    let board = &engine.game().board;
    let (w, h) = (g.files.len() as i32, g.ranks.len() as i32);
    let at = |x: i32, y: i32| board.sites.iter().position(|s| s.coord == Some((x, y)));
    let linked = |a: Option<usize>, b: Option<usize>| match (a, b) {
        (Some(a), Some(b)) => board.links.iter().any(|l| l.from == a && l.to == b),
        _ => false,
    };
    let margin = g.ranks.iter().map(String::len).max().unwrap_or(1);
    let mut out = String::new();
    for y in (0..h).rev() {
        out.push_str(&format!("{:>margin$}  ", g.ranks[y as usize]));
        for x in 0..w {
            out.push(at(x, y).map_or(' ', |s| mark(engine, st, s)));
            if x + 1 < w {
                out.push_str(if linked(at(x, y), at(x + 1, y)) {
                    " - "
                } else {
                    "   "
                });
            }
        }
        out.push('\n');
        if y > 0 {
            out.push_str(&format!("{:margin$}  ", ""));
            for x in 0..w {
                out.push(if linked(at(x, y), at(x, y - 1)) {
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

fn site_list(engine: &Engine, st: &State) -> String {
    let board = &engine.game().board;
    let mut out = String::new();
    for (s, site) in board.sites.iter().enumerate() {
        out.push_str(&format!("{} {}\n", site.name, mark(engine, st, s)));
    }
    out
}
