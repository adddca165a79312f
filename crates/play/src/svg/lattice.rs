//! A lattice of dots drawn as SVG (`drawn as edges`, dots and boxes): the
//! dots, each edge a faint dashed line while empty and a thick line once a
//! piece stands on it (whoever drew it), and each claimed box a square in
//! its owner's colour with his mark. Every edge and box carries
//! `data-site`, for pages that take clicks; the last move is drawn red.

use super::{LINE, MARGIN, MARK, colours, esc, labels, touched};
use crate::engine::{Engine, Move, State};
use crate::ir::Grid;
use std::fmt::Write;

/// The distance between two points of the lattice (a dot and an edge), in
/// pixels: dots are twice as far apart.
const STEP: i32 = 40;

/// Draws the lattice of `st`, the move `last` marked; the picture's body,
/// width and height.
pub(super) fn lattice(
    engine: &Engine,
    st: &State,
    g: &Grid,
    last: Option<&Move>,
) -> (String, i32, i32) {
    let board = &engine.game().board;
    let (w, h) = (g.files.len() as i32, g.ranks.len() as i32);
    let centre = |(x, y): (i32, i32)| (MARGIN + x * STEP, MARGIN + (h - 1 - y) * STEP);
    let marked = touched(last);
    let mut out = String::new();
    for (s, site) in board.sites.iter().enumerate() {
        let Some((x, y)) = site.coord else { continue };
        let (cx, cy) = centre((x, y));
        let piece = st.piece(s);
        if x % 2 == 1 && y % 2 == 1 {
            // A box: a square, its owner's once claimed.
            let (fill, ink) = match piece {
                Some((p, _)) => colours(engine, p),
                None => ("none", LINE),
            };
            let side = 2 * STEP - 12;
            let _ = writeln!(
                out,
                r#"<rect data-site="{s}" x="{}" y="{}" width="{side}" height="{side}" fill="{fill}" fill-opacity="{}"/>"#,
                cx - side / 2,
                cy - side / 2,
                if piece.is_some() { "1" } else { "0" }
            );
            if let Some((p, k)) = piece {
                let mark = engine.game().kinds[k].marks[p];
                let _ = writeln!(
                    out,
                    r#"<text x="{cx}" y="{}" font-size="{STEP}" text-anchor="middle" fill="{ink}">{}</text>"#,
                    cy + STEP / 3,
                    esc(&mark.to_string())
                );
            }
            continue;
        }
        // An edge: from the dot on one side to the dot on the other.
        let (dx, dy) = if x % 2 == 1 { (STEP, 0) } else { (0, STEP) };
        let colour = if marked.contains(&(s as u8)) {
            MARK
        } else {
            LINE
        };
        let style = if piece.is_some() {
            format!(r#"stroke="{colour}" stroke-width="6" stroke-linecap="round""#)
        } else {
            format!(r#"stroke="{LINE}" stroke-width="1" stroke-dasharray="4 4""#)
        };
        let _ = writeln!(
            out,
            r#"<line data-site="{s}" x1="{}" y1="{}" x2="{}" y2="{}" {style}/>"#,
            cx - dx,
            cy - dy,
            cx + dx,
            cy + dy
        );
    }
    for y in (0..h).step_by(2) {
        for x in (0..w).step_by(2) {
            let (cx, cy) = centre((x, y));
            let _ = writeln!(out, r#"<circle cx="{cx}" cy="{cy}" r="6" fill="{LINE}"/>"#);
        }
    }
    labels(
        &mut out,
        g,
        &centre,
        MARGIN + (h - 1) * STEP + 30,
        MARGIN / 2 - 5,
    );
    (
        out,
        2 * MARGIN + (w - 1) * STEP,
        2 * MARGIN + (h - 1) * STEP,
    )
}
