//! A sowing game's board as SVG: its rows of pits, each with its count of
//! seeds (`class="seeds"`) and its name, and each player's zones (his
//! store) at the end of his near row: the second player's on the left,
//! the first player's on the right, as a mancala board lies between them.

use super::{LIGHT, LINE, MARGIN, MARK, at_site, esc, touched};
use crate::engine::{Engine, Move, State};
use std::fmt::Write;

/// The width of a pit, and of a store.
const PIT: i32 = 64;

/// The pits and stores of `st`: the body, its width and height.
pub(super) fn pits(
    engine: &Engine,
    st: &State,
    last: Option<&Move>,
    viewer: Option<usize>,
) -> (String, i32, i32) {
    let game = engine.game();
    // Seen from the first player's side unless the viewer is the second.
    let rows: Vec<Vec<usize>> = if viewer == Some(1) {
        (game.board.rows.iter().rev())
            .map(|r| r.iter().rev().copied().collect())
            .collect()
    } else {
        game.board.rows.clone()
    };
    let near = if viewer == Some(1) { 1 } else { 0 };
    let longest = rows.iter().map(Vec::len).max().unwrap_or(0) as i32;
    let stores: Vec<Vec<usize>> = (0..game.players.len())
        .map(|p| {
            (game.board.sites.iter().enumerate())
                .filter(|(_, s)| s.owner == Some(p))
                .map(|(i, _)| i)
                .collect()
        })
        .collect();
    let width = 2 * MARGIN + (longest + 2) * PIT;
    let height = 2 * MARGIN + rows.len() as i32 * (PIT + 20);
    let marked = touched(last);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<rect x="{MARGIN}" y="{MARGIN}" width="{}" height="{}" rx="30" fill="{LIGHT}" stroke="{LINE}" stroke-width="3"/>"#,
        (longest + 2) * PIT,
        rows.len() as i32 * (PIT + 20)
    );
    let count = |out: &mut String, s: usize, x: i32, y: i32| {
        let n = st.stack.get(s).copied().unwrap_or(0);
        let _ = writeln!(
            out,
            r#"<text class="seeds" x="{x}" y="{}" font-size="22" font-weight="bold" text-anchor="middle" fill="{LINE}">{n}</text>"#,
            y + 8
        );
    };
    for (i, row) in rows.iter().enumerate() {
        let y = MARGIN + 10 + i as i32 * (PIT + 20) + PIT / 2;
        for (j, &s) in row.iter().enumerate() {
            let x = MARGIN + (j as i32 + 1) * PIT + PIT / 2;
            let stroke = if marked.contains(&(s as u8)) {
                (MARK, 4)
            } else {
                (LINE, 2)
            };
            out.push_str(&at_site(s, |o| {
                let _ = writeln!(
                    o,
                    r#"<circle cx="{x}" cy="{y}" r="{}" fill="white" stroke="{}" stroke-width="{}"/>"#,
                    PIT / 2 - 4,
                    stroke.0,
                    stroke.1
                );
            }));
            count(&mut out, s, x, y);
            let label_y = if i == 0 {
                y - PIT / 2 - 2
            } else {
                y + PIT / 2 + 14
            };
            let _ = writeln!(
                out,
                r#"<text x="{x}" y="{label_y}" font-size="12" text-anchor="middle">{}</text>"#,
                esc(&game.board.sites[s].name)
            );
        }
    }
    // The stores: the far player's on the left, the near player's on the
    // right, each as tall as the rows.
    let tall = rows.len() as i32 * (PIT + 20) - 20;
    for (p, sites) in stores.iter().enumerate() {
        let x = if p == near {
            MARGIN + (longest + 1) * PIT
        } else {
            MARGIN
        };
        for &s in sites {
            out.push_str(&at_site(s, |o| {
                let _ = writeln!(
                    o,
                    r#"<rect x="{}" y="{}" width="{}" height="{tall}" rx="24" fill="white" stroke="{LINE}" stroke-width="2"/>"#,
                    x + 6,
                    MARGIN + 10,
                    PIT - 12
                );
            }));
            count(&mut out, s, x + PIT / 2, MARGIN + 10 + tall / 2);
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}" font-size="12" text-anchor="middle">{}</text>"#,
                x + PIT / 2,
                MARGIN + tall + 26,
                esc(&game.players[p].name)
            );
        }
    }
    (out, width, height)
}
