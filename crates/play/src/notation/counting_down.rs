//! A dice turn written as the players of backgammon and GNU Backgammon
//! write it (`notation counting down`): `24/13` for one man's two die
//! moves, `24/18*/13` where he hits on the way, `13/7(2)` for two men
//! making the same move, hits marked `*`.
//!
//! The rules are GNU Backgammon's, read from the strings it writes (the
//! data file of `tests/data/gnubg-moves.txt` holds them):
//! - the die moves are ordered from the highest origin down (nearest the
//!   start of the track first), and for one origin from the farthest
//!   landing down;
//! - going through them in that order, a die move that starts where an
//!   earlier one (still shown) ends is joined to it: the point between is
//!   kept (`24/18*/13`) where a man was hit there, else dropped (`24/13`);
//! - moves of the same points, one after another, are written once with
//!   their number (`13/7(2)`, `3/1*(2)`);
//! - a man hit is marked `*` where the first move in that order lands on
//!   his point (`8/2* 6/2`).

use crate::engine::{Engine, NONE, Step};

/// `steps`, the die moves of `player`'s turn, written counting down, with
/// `point` the text of a site of his track.
pub(super) fn turn_text(
    engine: &Engine,
    player: usize,
    steps: &[Step],
    point: impl Fn(u8) -> String,
) -> String {
    let position = |site: u8| engine.track_position(player, site as usize).unwrap_or(0);
    let mut order: Vec<&Step> = steps.iter().collect();
    order.sort_by_key(|s| (position(s.from), position(s.to)));
    // The sites where a man was hit: every move landing there marks it.
    let hit = |site: u8| steps.iter().any(|s| s.over != NONE && s.to == site);
    let mut paths: Vec<Option<Vec<u8>>> = order.iter().map(|s| Some(vec![s.from, s.to])).collect();
    for i in 0..paths.len() {
        for j in i + 1..paths.len() {
            let (Some(end), Some(start)) = (
                paths[i].as_ref().and_then(|p| p.last().copied()),
                paths[j].as_ref().map(|p| p[0]),
            ) else {
                continue;
            };
            if end != start {
                continue;
            }
            let next = paths[j].take().map_or(NONE, |p| p[1]);
            if let Some(path) = paths[i].as_mut() {
                if !hit(end) {
                    path.pop();
                }
                path.push(next);
            }
        }
    }
    // Moves of the same points, one after another, are written once with
    // their number; a man hit is marked once, where the first of them in
    // that order lands on his point.
    let paths: Vec<Vec<u8>> = paths.into_iter().flatten().collect();
    let mut marked = Vec::new();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < paths.len() {
        let same = paths[i..].iter().take_while(|p| **p == paths[i]).count();
        let mut word = point(paths[i][0]);
        for &site in &paths[i][1..] {
            word.push('/');
            word.push_str(&point(site));
            if hit(site) && !marked.contains(&site) {
                marked.push(site);
                word.push('*');
            }
        }
        if same > 1 {
            word.push_str(&format!("({same})"));
        }
        out.push(word);
        i += same;
    }
    out.join(" ")
}
