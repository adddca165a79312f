//! Moves as text for explanations: whether a text names a move at all,
//! the reasons the position gives (a pinned man, a distance no die shows),
//! what a legal move does, and the legal moves nearest to an illegal one.

use super::{ExplainError, MAX_MOVE_CHARS, MAX_NEAREST};
use crate::engine::{Engine, Move, NONE, Outcome, State};
use crate::notation::{self, move_text};
use crate::playout::outcome_text;

/// Refuses text that names no move of the game: a site or point that does
/// not exist, or no move's shape.
pub(super) fn well_formed(engine: &Engine, st: &State, text: &str) -> Result<(), ExplainError> {
    let fail = |why: String| ExplainError::NotAMove {
        text: text.to_string(),
        why,
    };
    if text.is_empty() {
        return Err(fail("no move given".into()));
    }
    if text.chars().count() > MAX_MOVE_CHARS {
        return Err(fail(format!(
            "it is longer than {MAX_MOVE_CHARS} characters, the longest move text explained"
        )));
    }
    let lower = text.to_lowercase();
    if lower == "pass" {
        return Ok(());
    }
    let game = engine.game();
    // Moves along tracks are die moves, each FROM/TO by points of the track.
    if engine.has_tracks() {
        let player = st.to_move as usize;
        let mover = &game.players[player].name;
        let words = notation::die_move_words(engine, &lower).map_err(fail)?;
        for word in &words {
            let Some((from, to)) = word.split_once('/') else {
                return Err(fail(format!(
                    "`{word}` is not a die move: write one as FROM/TO, like `13/18`"
                )));
            };
            for point in [from, to] {
                if notation::track_point(engine, player, point).is_none() {
                    return Err(fail(format!("`{point}` is not a point of {mover}'s track")));
                }
            }
        }
        return Ok(());
    }
    let is_site = |n: &str| {
        game.board
            .sites
            .iter()
            .any(|s| s.name.eq_ignore_ascii_case(n))
    };
    let mut body = lower.as_str();
    // Where the piece's shot lands, after the move: `d1-d7/g7`.
    if let Some((move_part, shot)) = body.rsplit_once('/') {
        let shot = shot.trim();
        if game.kinds.iter().all(|k| k.shoot.is_none()) {
            return Err(fail(
                "no piece of this game shoots: `/SITE` after a move names nothing".into(),
            ));
        }
        if !is_site(shot) {
            return Err(fail(format!("`{shot}` is not a site of this board")));
        }
        body = move_part.trim_end();
    }
    // The piece a completed line removes, after the move: `d3-d2 xa1`.
    if let Some((move_part, removed)) = body.rsplit_once(" x") {
        let removed = removed.trim();
        if !removed.contains(['-', 'x', ' ']) {
            if game.rules.line_removal.is_none() {
                return Err(fail(
                    "no line removes a piece in this game: ` xSITE` names nothing".into(),
                ));
            }
            if !is_site(removed) {
                return Err(fail(format!("`{removed}` is not a site of this board")));
            }
            body = move_part.trim_end();
        }
    }
    // A sowing: the site sown from.
    if engine.sows() {
        if !is_site(body) {
            return Err(fail(format!(
                "a sowing names the site sown from, such as `3`; `{body}` is not a site of this board"
            )));
        }
        return Ok(());
    }
    // A placement from the hand: its site, after the kind where the game
    // places more than one (`king@d2`).
    let placed = body.rsplit_once('@').map_or(body, |(_, site)| site);
    if !body.contains(['-', 'x', ' ', '(']) {
        if game.kinds.iter().all(|k| k.place.is_none()) {
            return Err(fail(
                "a move names where the piece starts and where it lands, such as `b2-c3` or `a1xc3` (no piece of this game is placed from a hand)"
                    .into(),
            ));
        }
        if let Some((kind, _)) = body.rsplit_once('@')
            && !game.kinds.iter().any(|k| k.name.eq_ignore_ascii_case(kind))
        {
            return Err(fail(format!("`{kind}` is not a piece of this game")));
        }
        if !is_site(placed) {
            return Err(fail(format!("`{placed}` is not a site of this board")));
        }
        return Ok(());
    }
    if let Some(rest) = body.strip_prefix("huff ") {
        let rest = rest.trim_start();
        let (site, after) = rest.split_once(' ').unwrap_or((rest, ""));
        if !is_site(site) {
            return Err(fail(format!("`{site}` is not a site of this board")));
        }
        body = after.trim();
        if body.is_empty() {
            return Ok(());
        }
    }
    let body: String = body.chars().filter(|c| !c.is_whitespace()).collect();
    let (path, taken) = match body.split_once('(') {
        Some((path, rest)) => match rest.strip_suffix(')') {
            Some(taken) => (path, Some(taken)),
            None => return Err(fail("a `(` is not closed by a `)` at the end".into())),
        },
        None => (body.as_str(), None),
    };
    let names: Vec<&str> = path.split(['-', 'x']).collect();
    if names.len() < 2 {
        return Err(fail(
            "a move names where the piece starts and where it lands, such as `b2-c3` or `a1xc3`"
                .into(),
        ));
    }
    let taken: Vec<&str> = taken.map_or(Vec::new(), |t| t.split(',').collect());
    if let Some(bad) = names.iter().chain(&taken).find(|n| !is_site(n)) {
        return Err(fail(if bad.is_empty() {
            "a site name is missing".into()
        } else {
            format!("`{bad}` is not a site of this board")
        }));
    }
    Ok(())
}

/// One die move in notation, lower case, without a hit's mark.
pub(super) fn step_text(engine: &Engine, mover: u8, step: crate::engine::Step) -> String {
    let mut m = Move::PASS;
    m.mover = mover;
    m.len = 1;
    m.steps[0] = step;
    move_text(engine, &m).replace('*', "").to_lowercase()
}

/// In a game that pins, why a die move of `text` cannot be made: it
/// moves a pinned man, or lands where a man lies pinned.
pub(super) fn pin_reason(engine: &Engine, st: &State, text: &str) -> Option<String> {
    if st.pinned == 0 {
        return None;
    }
    let player = st.to_move as usize;
    let game = engine.game();
    for word in notation::die_move_words(engine, &text.to_lowercase()).ok()? {
        let (a, b) = word.split_once('/')?;
        let a = notation::track_site(engine, player, a)?.1;
        let b = notation::track_site(engine, player, b)?.1;
        if engine.pinned_man(st, a) == Some(player) && st.piece(a).is_none_or(|(p, _)| p != player)
        {
            return Some(format!(
                "`{word}`: {}'s man on {} is pinned under {}'s man and cannot move",
                game.players[player].name,
                game.board.sites[a].name,
                game.players[1 - player].name
            ));
        }
        if engine.pinned_man(st, b) == Some(player) {
            return Some(format!(
                "`{word}`: a man of {} lies pinned on {}, and no man may land on a point an opposing man holds pinned",
                game.players[player].name, game.board.sites[b].name
            ));
        }
    }
    None
}

/// In a dice game, why a die move of `text` fits no die thrown: it moves
/// a number of points no die shows (bearing off aside), or backwards.
pub(super) fn distance_reason(engine: &Engine, st: &State, text: &str) -> Option<String> {
    let player = st.to_move as usize;
    // A game without tracks has no die moves.
    let last = engine.track(player).len().checked_sub(1)?;
    let thrown: Vec<u8> = st.dice.iter().copied().filter(|&d| d != 0).collect();
    // A die showing 0 (kept as `ZERO_THROW`) is shown as 0 and moves no man.
    let shown: Vec<String> = thrown
        .iter()
        .map(|&d| crate::ir::shown_value(d).to_string())
        .collect();
    let dice: Vec<u8> = thrown
        .into_iter()
        .filter(|&d| d != crate::ir::ZERO_THROW)
        .collect();
    let climb = engine
        .climbs(st)
        .zip(engine.game().dice.and_then(|d| d.climb));
    for (i, word) in notation::die_move_words(engine, &text.to_lowercase())
        .ok()?
        .into_iter()
        .enumerate()
    {
        let (a, b) = word.split_once('/')?;
        let a = notation::track_point(engine, player, a)?;
        let b = notation::track_point(engine, player, b)?;
        if b <= a {
            return Some(format!("`{word}` does not go forward along the track"));
        }
        // A placement spends a die whatever its number.
        if a == 0 && engine.game().enters_by_placing() {
            continue;
        }
        if let Some((first, c)) = climb {
            // A climbing sequence plays each double's die moves in turn.
            let dice = engine.game().dice?;
            let per = usize::from(dice.count) * if dice.doubles_twice { 2 } else { 1 };
            let die = usize::from(first) + i / per;
            let sequence = format!("{first}-{first} climbing to {}-{}", c.top, c.top);
            if die > usize::from(c.top) {
                return Some(format!(
                    "`{word}` is die move {} of a turn, and the sequence {sequence} has {}",
                    i + 1,
                    (usize::from(c.top) + 1 - usize::from(first)) * per
                ));
            }
            if b != last && a + die != b {
                return Some(format!(
                    "`{word}` moves {} points, but die move {} of the sequence {sequence} plays a {die}",
                    b - a,
                    i + 1
                ));
            }
            continue;
        }
        if b != last && !dice.iter().any(|&d| a + d as usize == b) {
            return Some(format!(
                "`{word}` moves {} points, but the dice are {}",
                b - a,
                shown.join("-")
            ));
        }
    }
    None
}

/// What a legal move does, in words.
pub(super) fn effects(engine: &Engine, before: &State, m: &Move, after: &State) -> Vec<String> {
    let game = engine.game();
    let site = |s: u8| game.board.sites[s as usize].name.clone();
    let mut out = Vec::new();
    if m.huff != NONE {
        out.push(format!(
            "huffs the piece on {} (it did not capture when it had to)",
            site(m.huff)
        ));
    }
    if m.len == 0 {
        if m.huff == NONE {
            out.push("passes: there is no move to make".into());
        }
    } else if engine.sows() {
        let from = m.from() as usize;
        let seeds = before.stack[from];
        let last = m.to().map(site).unwrap_or_default();
        out.push(format!(
            "sows the {seeds} seed{} of {}, the last on {last}",
            if seeds == 1 { "" } else { "s" },
            site(m.from())
        ));
        let taken = |st: &State, p: usize| -> u32 {
            (game.board.sites.iter().enumerate())
                .filter(|(_, x)| x.owner == Some(p))
                .map(|(i, _)| u32::from(st.stack[i]))
                .sum()
        };
        let mover = before.to_move as usize;
        let gained = taken(after, mover).saturating_sub(
            taken(before, mover)
                + u32::from(
                    m.to()
                        .is_some_and(|t| game.board.sites[t as usize].owner == Some(mover)),
                ),
        );
        if gained > 0 {
            out.push(format!(
                "captures {gained} seeds into {}'s store",
                game.players[mover].name
            ));
        }
    } else if engine.has_tracks() {
        for s in m.steps() {
            let from = &game.board.sites[s.from as usize];
            let to = &game.board.sites[s.to as usize];
            let word = step_text(engine, m.mover, *s);
            let mut said = Vec::new();
            if from.owner.is_some() {
                said.push(format!("enters a man from the {}", from.name));
            }
            if to.owner.is_some() {
                said.push(format!("bears a man off to the {}", to.name));
            }
            if s.over != NONE {
                let landing = word.split('/').nth(1).unwrap_or_default();
                said.push(format!(
                    "hits the opposing man on {landing}, who goes to the {}",
                    site(s.over)
                ));
            }
            if said.is_empty() {
                said.push(format!("moves a man {} points", s.die));
            }
            out.push(format!("{word}: {} (die {})", said.join(", "), s.die));
        }
        for s in 0..engine.sites() as u8 {
            let bit = 1u128 << s;
            if after.pinned & bit != 0 && before.pinned & bit == 0 {
                out.push(format!("pins the man on {}", site(s)));
            }
            if before.pinned & bit != 0 && after.pinned & bit == 0 {
                out.push(format!("frees the pinned man on {}", site(s)));
            }
        }
    } else if m.places() {
        out.push(format!(
            "places a {} from {}'s hand on {}",
            game.kinds[m.kind_after as usize].name,
            game.players[before.to_move as usize].name,
            m.to().map(site).unwrap_or_default()
        ));
    } else {
        let kind = before.piece(m.from() as usize).map_or(0, |(_, k)| k);
        let kind_name = &game.kinds[kind].name;
        let to = m.to().map(site).unwrap_or_default();
        let taken: Vec<String> = m
            .steps()
            .iter()
            .filter(|s| s.over != NONE)
            .map(|s| site(s.over))
            .collect();
        if taken.is_empty() {
            out.push(format!(
                "moves the {kind_name} from {} to {to}",
                site(m.from())
            ));
        } else {
            let s = if taken.len() == 1 { "" } else { "s" };
            out.push(format!(
                "the {kind_name} on {} captures {} piece{s} (on {}) and lands on {to}",
                site(m.from()),
                taken.len(),
                taken.join(", ")
            ));
            if engine.has_columns() {
                columns_freed(engine, before, after, m, &mut out);
            }
        }
        if m.kind_after != NONE && m.kind_after as usize != kind {
            out.push(format!(
                "the {kind_name} becomes a {} on {to}",
                game.kinds[m.kind_after as usize].name
            ));
        }
    }
    if m.remove != NONE {
        out.push(format!(
            "completes a line and removes the opposing piece on {}",
            site(m.remove)
        ));
    }
    if m.shot() != NONE {
        let shot = after.piece(m.shot() as usize).map(|(_, k)| k);
        let kind = shot.map_or("piece", |k| engine.game().kinds[k].name.as_str());
        out.push(format!("shoots the {kind} onto {}", site(m.shot())));
    }
    let outcome = engine.outcome(after);
    if outcome != Outcome::Ongoing {
        out.push(format!("ends the game: {}", outcome_text(engine, outcome)));
    }
    out
}

/// A capture in a game with columns: the column it makes, and what
/// commands each column it jumped from then on.
fn columns_freed(engine: &Engine, before: &State, after: &State, m: &Move, out: &mut Vec<String>) {
    let game = engine.game();
    let site = |s: u8| game.board.sites[s as usize].name.clone();
    let to = m.to().unwrap_or(m.from());
    let height = engine.below(after, to as usize).len() + 1;
    out.push(format!(
        "each piece taken goes under the column, now {height} high on {}",
        site(to)
    ));
    for step in m.steps().iter().filter(|s| s.over != NONE) {
        let over = step.over as usize;
        let freed = after.piece(over).map(|(p, k)| {
            format!(
                "{}'s {} commands {} now",
                game.players[p].name,
                game.kinds[k].name,
                site(step.over)
            )
        });
        let was = before.piece(over).map(|(p, _)| p);
        match (freed, after.piece(over).map(|(p, _)| p)) {
            (Some(text), Some(p)) if Some(p) != was => out.push(format!("{text}, set free")),
            (Some(text), _) => out.push(text),
            (None, _) => {}
        }
    }
}

/// The legal moves nearest to `text`, at most [`MAX_NEAREST`].
pub(super) fn nearest(engine: &Engine, moves: &[Move], text: &str) -> Vec<String> {
    let typed = shape(engine, text);
    let wanted: Vec<char> = text.to_lowercase().chars().collect();
    let mut scored: Vec<((u8, usize), String)> = moves
        .iter()
        .map(|m| move_text(engine, m))
        .filter(|t| t != "pass")
        .map(|t| {
            let s = shape(engine, &t);
            let same_start = !typed.starts.is_empty() && s.starts.first() == typed.starts.first();
            let same_landing =
                !typed.landings.is_empty() && typed.landings.iter().any(|l| s.landings.contains(l));
            let tier = match (same_start, same_landing) {
                (true, true) => 0,
                (true, false) => 1,
                (false, true) => 2,
                (false, false) => 3,
            };
            let other: Vec<char> = t.to_lowercase().chars().collect();
            ((tier, edit_distance(&wanted, &other)), t)
        })
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.1 == b.1);
    scored
        .into_iter()
        .take(MAX_NEAREST)
        .map(|(_, t)| t)
        .collect()
}

/// Where a move text starts and lands: for a grid move its first and last
/// sites; for a dice turn the start and landing of each die move.
struct Shape {
    starts: Vec<String>,
    landings: Vec<String>,
}

fn shape(engine: &Engine, text: &str) -> Shape {
    let lower = text.to_lowercase();
    let without_huff = match lower.strip_prefix("huff ") {
        Some(rest) => rest
            .trim_start()
            .split_once(' ')
            .map_or("", |(_, body)| body),
        None => lower.as_str(),
    };
    if engine.has_tracks() {
        let words = notation::die_move_words(engine, &lower).unwrap_or_default();
        let (starts, landings) = words
            .iter()
            .filter_map(|w| w.split_once('/'))
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .unzip();
        return Shape { starts, landings };
    }
    let path: String = without_huff
        .split('(')
        .next()
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let names: Vec<String> = path.split(['-', 'x']).map(str::to_string).collect();
    match (names.first(), names.last()) {
        (Some(f), Some(l)) if names.len() > 1 => Shape {
            starts: vec![f.clone()],
            landings: vec![l.clone()],
        },
        _ => Shape {
            starts: Vec::new(),
            landings: Vec::new(),
        },
    }
}

/// The Levenshtein distance between two texts (both short: a move's text
/// is at most [`MAX_MOVE_CHARS`] characters when typed).
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}
