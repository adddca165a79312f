//! The `under` field of a position in a game with columns (`captured go
//! under capturer`): the pieces under each column's top piece, which the
//! players' fields name. `under: c3 bW, e5 w`: under the top piece of c3
//! stand a black soldier, then (lowest) a white officer; under e5's, a
//! white soldier. Each piece is written by its kind's mark for its owner
//! (the `marks` of the piece), the highest first; sites with nothing under
//! their top piece are left out.

use crate::engine::{COLUMN, Engine, State, cell, set_below};

/// The `under` field's value, `None` where no column holds more than its
/// top piece (or the game has no columns).
pub fn under_text(engine: &Engine, st: &State) -> Option<String> {
    if !engine.has_columns() {
        return None;
    }
    let game = engine.game();
    let columns: Vec<String> = (0..engine.sites())
        .filter(|&s| engine.below(st, s).len() > 0)
        .map(|s| {
            let marks: String = engine.below(st, s).map(|c| mark(engine, c)).collect();
            format!("{} {marks}", game.board.sites[s].name)
        })
        .collect();
    (!columns.is_empty()).then(|| columns.join(", "))
}

/// The mark of a piece as [`State::cells`] writes it.
pub fn mark(engine: &Engine, c: u8) -> char {
    let kind = &engine.game().kinds[usize::from(c & 15)];
    kind.marks.get(usize::from(c >> 4)).copied().unwrap_or('?')
}

/// Reads the `under` field's value into `st`, whose players' fields are
/// read: each site named must hold a top piece.
pub fn parse_under(engine: &Engine, st: &mut State, value: &str) -> Result<(), String> {
    let game = engine.game();
    for part in value.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (site_name, marks) = part.split_once(char::is_whitespace).ok_or_else(|| {
            format!("`{part}` should be a site and the marks of the pieces under its top piece, such as `c3 bW`")
        })?;
        let s = (game.board.sites.iter())
            .position(|x| x.name == site_name && x.owner.is_none())
            .ok_or_else(|| format!("`{site_name}` is not a site of this board"))?;
        if st.cells[s] == crate::engine::NONE {
            return Err(format!(
                "{site_name}: no piece stands there to stand on the others (name its top piece in its player's field)"
            ));
        }
        if engine.below(st, s).len() > 0 {
            return Err(format!("{site_name}: the column is given twice"));
        }
        let mut pieces = Vec::new();
        for m in marks.trim().chars() {
            let piece = (0..game.players.len())
                .flat_map(|p| (0..game.kinds.len()).map(move |k| (p, k)))
                .find(|&(p, k)| game.kinds[k].marks.get(p) == Some(&m))
                .ok_or_else(|| {
                    let all: String = (game.kinds.iter()).flat_map(|k| k.marks.iter()).collect();
                    format!("{site_name}: `{m}` is not the mark of a piece of this game (one of `{all}`)")
                })?;
            pieces.push(cell(piece.0, piece.1));
        }
        set_below(st, s, &pieces).ok_or_else(|| {
            format!(
                "{site_name}: a column holds at most {} pieces under its top piece",
                COLUMN - 1
            )
        })?;
    }
    // No player has more pieces, on top or under, than the game gives him.
    let start = engine.start();
    for (p, player) in game.players.iter().enumerate() {
        let hidden = (0..engine.sites())
            .flat_map(|s| engine.below(st, s))
            .filter(|&c| usize::from(c >> 4) == p)
            .count();
        let now = usize::from(st.counts[p]) + hidden;
        if now > usize::from(start.counts[p]) {
            return Err(format!(
                "{} has {now} pieces on top of columns and under them, more than the game gives him ({})",
                player.name, start.counts[p]
            ));
        }
    }
    Ok(())
}
