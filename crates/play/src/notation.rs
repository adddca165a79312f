//! Notation: moves and positions as text, for any game.
//!
//! A move is written `b2-c3` (a step), `a1xc3xe5` (a capture chain, every
//! landing in order), `huff d4 b2-c3` (a huff, then the move), `huff d4`
//! alone, or `pass`. On a board where a piece can reach one landing over
//! two different sites, a capture also names the pieces it takes, in
//! order: `axd(b)`. In dice games a turn is its die moves, each written
//! with the mover's own track positions: `13/18 18/21`, `bar/4`, `22/off`;
//! a position where the track passes a zone is written by the zone's name,
//! every other by its number (`0/3` on a track that starts on a point).
//!
//! A position is a list of fields separated by `;`:
//! `white: a1 b1 king c3; black: a5(a4,b4); turn: white; quiet: 3; huff: d4`.
//! A player's field lists his pieces' sites; a kind name switches the kind
//! of the sites after it. The sites before any kind name are of the
//! player's default kind ([`crate::ir::Game::default_kind`]: the first kind
//! the file declares of those the setup gives him), which is the kind the
//! writer leaves unnamed; a kind the player can never have (none the setup
//! gives him is, or is promoted to, it) is refused. With
//! `return forbidden`, `site(a,b)` lists the other sites the piece has
//! occupied. `quiet` counts turns without a capture; each further
//! no-progress counter of the game is a field named as its end rule names
//! it, `no capture or man move: 12`; `huff` names the pieces of the player
//! not to move that may be huffed. A position read from text starts the
//! history of `same position N times` afresh.
//!
//! Dice games number each man as his own moves number his point (his
//! track position, or counted down with `notation counting down`: see
//! [`Numbering`]), add stacks, `0*15` (fifteen men on his first point), the
//! player's own zones by name (`bar*2`), `dice: 5-3` (the roll to play, if
//! thrown) and `idle: N` (turns in which no man moved); they have no
//! `quiet` field. A game whose `limit` rules name a player's turn adds
//! `turns: 1 0`, the turns each player has played (counted up to the
//! latest one named). With `pin blots`, `pinned: black 16` names the men
//! lying pinned under the other player's men, by owner and his number for
//! the point.
//!
//! A game with columns (`captured go under capturer`) names each column's
//! top piece in its player's field, and adds `under: c3 bW, e5 w`: per
//! site, the marks of the pieces under its top piece, the highest first
//! (see `under.rs`).

mod counting_down;
mod pinned;
mod position;
mod seeds;
mod under;

pub use position::{
    Numbering, dice_text, parse_dice, parse_position, parse_position_in, position_text,
    position_text_in,
};

pub use under::mark;

use crate::engine::{Engine, MAX_DIE_MOVES, Move, NONE, State, Step};

/// Writes a move in notation.
pub fn move_text(engine: &Engine, m: &Move) -> String {
    let name = |s: u8| engine.game().board.sites[s as usize].name.as_str();
    // Moves along tracks are written die move by die move, by the
    // points of the mover's track.
    if engine.has_tracks() {
        return dice_move_text(engine, m);
    }
    // A sowing is named by the site sown from, as its players name it.
    if engine.sows() {
        return if m.len > 0 {
            name(m.from()).to_string()
        } else {
            "pass".into()
        };
    }
    let mut out = String::new();
    if m.huff != NONE {
        out.push_str("huff ");
        out.push_str(name(m.huff));
    }
    if m.places() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&placement_text(engine, m.kind_after, m.steps[0].to));
    } else if m.len > 0 {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(name(m.from()));
        for step in m.steps() {
            out.push(if m.capture { 'x' } else { '-' });
            out.push_str(name(step.to));
        }
        // Where a landing can be reached over two different pieces, the
        // landings alone do not name the capture: the pieces taken follow.
        if m.capture
            && m.steps()
                .iter()
                .any(|s| engine.landing_is_ambiguous(s.from, s.to))
        {
            out.push_str(&captured_text(engine, m));
        }
    }
    if m.remove != NONE {
        // The piece the completed line removes: `d2-d3 xa1`.
        out.push_str(" x");
        out.push_str(name(m.remove));
    }
    if m.shot() != NONE {
        // Where the piece's shot lands: `d1-d7/g7`.
        out.push('/');
        out.push_str(name(m.shot()));
    }
    if out.is_empty() {
        out.push_str("pass");
    }
    out
}

/// A placement from the hand: its site, after the kind where the game
/// places more than one kind (`d2`, `king@d2`).
pub fn placement_text(engine: &Engine, kind: u8, to: u8) -> String {
    let game = engine.game();
    let site = &game.board.sites[to as usize].name;
    if game.kinds.iter().filter(|k| k.place.is_some()).count() > 1 {
        format!("{}@{site}", game.kinds[kind as usize].name)
    } else {
        site.clone()
    }
}

/// The pieces a capture takes, in order: `(b2,d4)`.
fn captured_text(engine: &Engine, m: &Move) -> String {
    let names: Vec<&str> = m
        .steps()
        .iter()
        .filter(|s| s.over != NONE)
        .map(|s| engine.game().board.sites[s.over as usize].name.as_str())
        .collect();
    format!("({})", names.join(","))
}

/// A move's text without the pieces it takes: `axd(b)` is `axd`.
fn without_captured(text: &str) -> &str {
    match text.find('(') {
        Some(i) => text[..i].trim_end(),
        None => text,
    }
}

/// A dice turn: each die move as the mover's track positions `from/to`;
/// with `notation counting down`, as backgammon players write it (see
/// `counting_down.rs`: `24/13`, `24/18*/13`, `8/5(2)`).
fn dice_move_text(engine: &Engine, m: &Move) -> String {
    if let Some(d) = m.chosen() {
        return format!("choose {d}-{d}");
    }
    if m.len == 0 {
        return "pass".into();
    }
    let player = m.mover as usize;
    if counts_down(engine) {
        let point = |site: u8| site_point_text(engine, player, site as usize).unwrap_or("?".into());
        return counting_down::turn_text(engine, player, m.steps(), point);
    }
    let steps: Vec<String> = m
        .steps()
        .iter()
        .map(|s| die_move_text(engine, player, s))
        .collect();
    steps.join(" ")
}

/// Whether the game writes die moves counting down (`notation counting
/// down`).
fn counts_down(engine: &Engine) -> bool {
    engine.game().dice.is_some_and(|d| d.notation_down)
}

/// One die move of `player`, such as `13/18` (`13/7*` for a hit, when
/// counting down).
fn die_move_text(engine: &Engine, player: usize, step: &Step) -> String {
    let point = |site: u8| site_point_text(engine, player, site as usize).unwrap_or("?".into());
    let hit = if step.over != NONE && counts_down(engine) {
        "*"
    } else {
        ""
    };
    format!("{}/{}{hit}", point(step.from), point(step.to))
}

/// Site `site` of `player`'s track as die moves write it (see
/// [`track_point_text`]): a zone by its name, since a track may start in
/// two zones, both position 0 (`start/3`, `bar/3`).
pub fn site_point_text(engine: &Engine, player: usize, site: usize) -> Option<String> {
    let p = engine.track_position(player, site)?;
    let s = &engine.game().board.sites[site];
    Some(if s.owner.is_some() {
        s.name.clone()
    } else {
        track_point_text(engine, player, p)
    })
}

/// Position `position` of `player`'s track as die moves write it: the
/// zone's name where the track passes a zone (`bar`, `off`), else the
/// number of the position (`0` for a track's first point); counting down,
/// the number of positions from it to the track's end (on a track `bar,
/// 1..24, off`, position 1 is 24 and position 24 is 1). Zone names are
/// never numbers, so each text names one position.
pub fn track_point_text(engine: &Engine, player: usize, position: usize) -> String {
    let track = engine.track(player);
    let site = &engine.game().board.sites[track[position] as usize];
    if site.owner.is_some() {
        site.name.clone()
    } else if counts_down(engine) {
        (track.len() - 1 - position).to_string()
    } else {
        position.to_string()
    }
}

/// The die moves a dice turn's text names, one by one, as the REPL takes
/// them (see [`expanded`]): `8/5(2) 13/7*` is `8/5`, `8/5`, `13/7`.
pub fn die_move_words(engine: &Engine, text: &str) -> Result<Vec<String>, String> {
    let text = expanded(engine, &normalise(text))?;
    Ok(text.split(' ').map(str::to_string).collect())
}

/// A dice turn's text, normalised, as plain die moves one by one: with
/// `notation counting down`, the hit marks are dropped (`13/7*` is
/// `13/7`), a move of several men is repeated (`8/5(2)` is `8/5 8/5`) and
/// a man's moves written as one are split (`24/18/13` is `24/18 18/13`).
/// Other games' texts are kept as they are.
fn expanded(engine: &Engine, text: &str) -> Result<String, String> {
    if !counts_down(engine) {
        return Ok(text.to_string());
    }
    let mut out: Vec<String> = Vec::new();
    for word in text.split(' ') {
        let word = word.replace('*', "");
        let (word, times) = match word.strip_suffix(')').and_then(|w| w.split_once('(')) {
            Some((w, n)) => match n.parse::<usize>() {
                Ok(n) if (1..=MAX_DIE_MOVES).contains(&n) => (w.to_string(), n),
                _ => {
                    return Err(format!(
                        "`{word}`: the number of men in parentheses must be 1 to {MAX_DIE_MOVES} (the most die moves of a turn)"
                    ));
                }
            },
            None => (word, 1),
        };
        let points: Vec<&str> = word.split('/').collect();
        let moves: Vec<String> = if points.len() > 2 {
            points
                .windows(2)
                .map(|w| format!("{}/{}", w[0], w[1]))
                .collect()
        } else {
            vec![word.clone()]
        };
        for _ in 0..times {
            out.extend(moves.iter().cloned());
        }
        if out.len() > MAX_DIE_MOVES {
            return Err(format!(
                "`{}` has more than {MAX_DIE_MOVES} die moves (the most of a turn)",
                text
            ));
        }
    }
    Ok(out.join(" "))
}

/// A turn's text counting down as its men's first and last points alone,
/// hit marks and the points between dropped, each move repeated by its
/// number and the moves sorted: `24/18*/13 8/5(2)` is `24/13 8/5 8/5`.
fn endpoints(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let word = word.replace('*', "");
        let (word, times) = match word.strip_suffix(')').and_then(|w| w.split_once('(')) {
            Some((w, n)) => (
                w.to_string(),
                n.parse::<usize>().unwrap_or(1).min(MAX_DIE_MOVES),
            ),
            None => (word, 1),
        };
        let points: Vec<&str> = word.split('/').collect();
        let joined = match (points.first(), points.last()) {
            (Some(first), Some(last)) if points.len() > 1 => format!("{first}/{last}"),
            _ => word.clone(),
        };
        out.extend(std::iter::repeat_n(joined, times));
    }
    out.sort();
    out
}

/// The position of `player`'s track written `word` (see
/// [`track_point_text`]), ignoring case.
pub fn track_point(engine: &Engine, player: usize, word: &str) -> Option<usize> {
    track_site(engine, player, word).map(|(p, _)| p)
}

/// The position of `player`'s track written `word` and the site it names
/// (see [`track_point_text`]), ignoring case: the second zone at the
/// track's start (`start or bar, ...`) is position 0 too.
pub fn track_site(engine: &Engine, player: usize, word: &str) -> Option<(usize, usize)> {
    let track = engine.track(player);
    if let Some(s) = engine.second_start(player)
        && engine.game().board.sites[s].name.eq_ignore_ascii_case(word)
    {
        return Some((0, s));
    }
    (0..track.len())
        .find(|&p| track_point_text(engine, player, p).eq_ignore_ascii_case(word))
        .map(|p| (p, track[p] as usize))
}

/// Finds the legal move written as `text` among `moves`.
///
/// Spacing and case are ignored. The error explains why nothing matched.
pub fn find_move(
    engine: &Engine,
    state: &State,
    moves: &[Move],
    text: &str,
) -> Result<Move, String> {
    // A choice of dice (`choose 5-5`) is read as written.
    if moves.iter().any(|m| m.chosen().is_some()) {
        let wanted = normalise(text);
        if let Some(m) = moves
            .iter()
            .find(|m| normalise(&move_text(engine, m)) == wanted)
        {
            return Ok(*m);
        }
        let texts: Vec<String> = moves.iter().map(|m| move_text(engine, m)).collect();
        return Err(format!(
            "`{}`: the player chooses his dice here: {}",
            text.trim(),
            texts.join(", ")
        ));
    }
    let wanted = expanded(engine, &normalise(text))?;
    if wanted.is_empty() {
        return Err("no move given".into());
    }
    // Counting down, a turn's text is compared in its expanded form;
    // otherwise as written, with no more work than before.
    let down = counts_down(engine);
    if let Some(m) = moves.iter().find(|m| {
        let text = normalise(&move_text(engine, m));
        if down {
            expanded(engine, &text).is_ok_and(|t| t == wanted)
        } else {
            text == wanted
        }
    }) {
        return Ok(*m);
    }
    if engine.has_tracks() {
        // Another order or route to a listed turn's position is that turn:
        // the typed die moves are walked one by one.
        let words: Vec<&str> = wanted.split(' ').collect();
        let found = turns_beginning(engine, state, moves, &words, true)?;
        if let Some(m) = found.first() {
            return Ok(*m);
        }
        // Counting down, one man's move written from its first point to
        // its last (`24/13`) where the turn's text keeps a point of a hit
        // between them (`24/18*/13`), as GNU Backgammon reads it.
        if down {
            let typed = endpoints(&normalise(text));
            let found: Vec<&Move> = moves
                .iter()
                .filter(|m| endpoints(&normalise(&move_text(engine, m))) == typed)
                .collect();
            let fix = "write the points between where a man is hit";
            if let Some(named) = the_one(engine, text, &found, ("turns", fix)) {
                return named;
            }
        }
        return Err(explain_dice(engine, state, moves, &wanted)?);
    }
    // Captures may be written with or without the pieces they take; without
    // them, the landings must name one move.
    let full = |m: &Move| {
        let t = normalise(&move_text(engine, m));
        if m.capture && !t.contains('(') {
            format!("{t}{}", captured_text(engine, m))
        } else {
            t
        }
    };
    let matching: Vec<&Move> = if wanted.contains('(') {
        moves.iter().filter(|m| full(m) == wanted).collect()
    } else {
        moves
            .iter()
            .filter(|m| without_captured(&normalise(&move_text(engine, m))) == wanted)
            .collect()
    };
    let fix = "write the pieces taken in parentheses";
    if let Some(named) = the_one(engine, text, &matching, ("captures", fix)) {
        return named;
    }
    let plain = without_captured(text.trim()).to_lowercase();
    Err(explain(engine, state, moves, &plain))
}

/// The one move of `found` that `text` names; `None` where it names none,
/// and a refusal listing them where it names several `what` (`turns`,
/// `captures`), saying how to `fix` it.
fn the_one(
    engine: &Engine,
    text: &str,
    found: &[&Move],
    (what, fix): (&str, &str),
) -> Option<Result<Move, String>> {
    match found {
        [one] => Some(Ok(**one)),
        [] => None,
        many => {
            let texts: Vec<String> = many.iter().map(|m| move_text(engine, m)).collect();
            Some(Err(format!(
                "`{}` names {} different {what} here: {}; {fix}",
                text.trim(),
                many.len(),
                texts.join(", ")
            )))
        }
    }
}

/// The legal turns (of `moves`) reached by routes whose die moves, in
/// notation, begin with `words`; with `exact`, routes of those alone.
fn turns_beginning(
    engine: &Engine,
    state: &State,
    moves: &[Move],
    words: &[&str],
    exact: bool,
) -> Result<Vec<Move>, String> {
    let player = state.to_move as usize;
    let mut matches = |i: usize, s: &Step| normalise(&die_move_text(engine, player, s)) == words[i];
    engine
        .turns_by_route(state, moves, words.len(), exact, &mut matches)
        .map_err(|e| e.to_string())
}

/// Says why a dice turn is not legal.
fn explain_dice(
    engine: &Engine,
    state: &State,
    moves: &[Move],
    wanted: &str,
) -> Result<String, String> {
    if state.dice.iter().all(|&d| d == 0) {
        return Ok("no dice are thrown yet".into());
    }
    if moves.len() == 1 && moves[0].len == 0 {
        return Ok("no die can be played: the turn passes".into());
    }
    let first = wanted.split(' ').next().unwrap_or("");
    let mut starts: Vec<String> = moves
        .iter()
        .map(|m| move_text(engine, m))
        .filter(|t| {
            expanded(engine, &normalise(t)).is_ok_and(|e| e.split(' ').next() == Some(first))
        })
        .collect();
    if starts.is_empty() {
        // The turns whose die moves, in another order, begin so.
        let turns = turns_beginning(engine, state, moves, &[first], false)?;
        starts = turns.iter().map(|m| move_text(engine, m)).collect();
    }
    if starts.is_empty() {
        // The die moves some legal turn begins with, in any order.
        let player = state.to_move as usize;
        let mut firsts: Vec<String> = Vec::new();
        for step in engine.first_die_moves(state) {
            let text = normalise(&die_move_text(engine, player, &step));
            if !firsts.contains(&text)
                && !turns_beginning(engine, state, moves, &[&text], false)?.is_empty()
            {
                firsts.push(text);
            }
        }
        firsts.sort();
        Ok(format!(
            "`{first}` is not a legal die move here; the turn may start with: {}",
            firsts.join(", ")
        ))
    } else {
        Ok(format!(
            "not a legal turn (play as many dice as possible, the larger die when only one can be played, then the most pips); legal turns starting so: {}",
            starts.join(", ")
        ))
    }
}

/// Lower case with single spaces and none around `-`, `x`, `/` or inside
/// parentheses: `B2 - c3` is `b2-c3`, `13 / 18  18/21` is `13/18 18/21`,
/// and `axd (b, c)` is `axd(b,c)`.
fn normalise(text: &str) -> String {
    let mut out = String::new();
    for w in text.split_whitespace().map(str::to_lowercase) {
        let joins = out.ends_with(['-', 'x', '/', '(', ','])
            || w.starts_with(['-', 'x', '/', '(', ',', ')']);
        if !out.is_empty() && !joins {
            out.push(' ');
        }
        out.push_str(&w);
    }
    out
}

/// Why a placement (`d2`, `king@d2`), or a move written with or without
/// the removal a completed line earns, is not legal; `None` where the
/// text is neither, or the move is wrong for another reason.
fn line_or_placement(
    engine: &Engine,
    state: &State,
    moves: &[Move],
    body: &str,
    removed: Option<&str>,
) -> Option<String> {
    let game = engine.game();
    let mover = &game.players[state.to_move as usize].name;
    let bare = |m: &Move| {
        let t = move_text(engine, &Move { remove: NONE, ..*m });
        normalise(&t).replace(' ', "")
    };
    let same: Vec<&Move> = moves.iter().filter(|m| bare(m) == body).collect();
    if !same.is_empty() {
        let removals: Vec<&str> = same
            .iter()
            .filter(|m| m.remove != NONE)
            .map(|m| game.board.sites[m.remove as usize].name.as_str())
            .collect();
        return Some(match (removed, removals.is_empty()) {
            (Some(r), true) => {
                format!("`{body}` completes no line, so it removes no piece (not {r})")
            }
            (Some(r), false) => {
                let theirs = game
                    .board
                    .sites
                    .iter()
                    .position(|s| s.name.eq_ignore_ascii_case(r))
                    .and_then(|s| state.piece(s))
                    .is_some_and(|(p, _)| p != state.to_move as usize);
                let why = if theirs {
                    format!("the piece on {r} may not be removed")
                } else {
                    format!("there is no opposing piece on {r}")
                };
                format!(
                    "`{body}` completes a line, but {why}; it may remove the piece on {}",
                    removals.join(", ")
                )
            }
            (None, _) => format!(
                "`{body}` completes a line: name the piece it removes, one of {}, as `{body} x{}`",
                removals.join(", "),
                removals.first().copied().unwrap_or("")
            ),
        });
    }
    let placing = game.kinds.iter().any(|k| k.place.is_some());
    if !placing || body.contains(['-', 'x']) {
        return None;
    }
    let (kind, at) = match body.rsplit_once('@') {
        Some((k, s)) => (
            game.kinds
                .iter()
                .position(|x| x.name.eq_ignore_ascii_case(k)),
            s,
        ),
        None => (game.kinds.iter().position(|k| k.place.is_some()), body),
    };
    let Some(kind) = kind else {
        return Some(format!("`{body}` names no piece of this game"));
    };
    let site = game
        .board
        .sites
        .iter()
        .position(|s| s.name.eq_ignore_ascii_case(at))?;
    let name = &game.kinds[kind].name;
    Some(if game.kinds[kind].place.is_none() {
        format!("a {name} is never placed from the hand")
    } else if state.hand[state.to_move as usize][kind] == 0 {
        format!("{mover} has no {name} in hand")
    } else if state.cells[site] != NONE {
        format!("{at} is not empty: a piece is placed on an empty site")
    } else if moves.iter().any(|m| m.places()) {
        format!("a {name} may not be placed on {at}")
    } else {
        format!("{mover} may not place a {name} now: the rules allow no placement in this position")
    })
}

/// In a game whose pieces shoot (`shoot`), why a move text (trimmed,
/// lower case) whose move is legal matches no legal turn: its shot is
/// missing or cannot land where it says. `None` where the move before the
/// shot is not legal either, or the game has no shots.
fn shot_explained(engine: &Engine, moves: &[Move], text: &str) -> Option<String> {
    if !engine.game().kinds.iter().any(|k| k.shoot.is_some()) {
        return None;
    }
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let (body, shot) = match text.split_once('/') {
        Some((b, s)) => (b, Some(s)),
        None => (text.as_str(), None),
    };
    let bare = |m: &Move| normalise(&move_text(engine, &m.without_shot()));
    let shots: Vec<&str> = moves
        .iter()
        .filter(|m| m.shot() != NONE && bare(m).replace(' ', "") == body)
        .map(|m| engine.game().board.sites[m.shot() as usize].name.as_str())
        .collect();
    if shots.is_empty() {
        return None;
    }
    let list = shots.join(", ");
    Some(match shot {
        None => format!(
            "`{body}` must be followed by its shot, written `{body}/SITE`; it may land on: {list}"
        ),
        Some(s) => format!("after `{body}` the shot cannot land on {s}; it may land on: {list}"),
    })
}

/// Says why a move text (trimmed, lower case) matches no legal move.
fn explain(engine: &Engine, state: &State, moves: &[Move], text: &str) -> String {
    let game = engine.game();
    let site = |n: &str| {
        game.board
            .sites
            .iter()
            .position(|s| s.name.eq_ignore_ascii_case(n))
    };
    let mover = &game.players[state.to_move as usize].name;
    if let Some(why) = shot_explained(engine, moves, text) {
        return why;
    }
    let (huff, body) = match text.strip_prefix("huff") {
        Some(rest) => {
            let rest = rest.trim_start();
            let (h, body) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            (Some(h), body)
        }
        None => (None, text),
    };
    let mut huff_site = NONE;
    if let Some(h) = huff {
        let Some(s) = site(h) else {
            return format!("`{h}` is not a site of this board");
        };
        if state.offenders & (1u128 << s) == 0 {
            return format!(
                "{h} may not be huffed: only a piece that failed to capture on the last turn may be"
            );
        }
        huff_site = s as u8;
    }
    // The piece a completed line removes, written after the move.
    let (body, removed) = match body.rsplit_once(" x") {
        Some((b, r)) if game.rules.line_removal.is_some() && site(r.trim()).is_some() => {
            (b, Some(r.trim()))
        }
        _ => (body, None),
    };
    let body: String = body.chars().filter(|c| !c.is_whitespace()).collect();
    if body.is_empty() {
        return format!("after the huff {mover} must still move");
    }
    if let Some(why) = line_or_placement(engine, state, moves, &body, removed) {
        return why;
    }
    if body == "pass" {
        return format!("{mover} cannot pass: he has a legal move");
    }
    let names: Vec<&str> = body.split(['-', 'x']).collect();
    if let Some(bad) = names.iter().find(|n| site(n).is_none()) {
        return format!("`{bad}` is not a site of this board");
    }
    let from = site(names[0]).unwrap_or(0);
    match state.piece(from) {
        None => return format!("there is no piece on {}", names[0]),
        Some((owner, _)) if owner != state.to_move as usize => {
            return format!("the piece on {} is not {mover}'s", names[0]);
        }
        _ => {}
    }
    let moves: Vec<&Move> = moves.iter().filter(|m| m.huff == huff_site).collect();
    let is_step = body.contains('-');
    if is_step && moves.iter().any(|m| m.capture) && !moves.iter().any(|m| m.len > 0 && !m.capture)
    {
        return "a capture is compulsory here".into();
    }
    let from_here: Vec<String> = moves
        .iter()
        .filter(|m| m.from() as usize == from)
        .map(|m| move_text(engine, m))
        .collect();
    let without_huff = |m: &Move| normalise(&move_text(engine, &Move { huff: NONE, ..*m }));
    let longer = moves.iter().any(|m| {
        let t = without_huff(m);
        t.len() > body.len() && t.starts_with(&body)
    });
    if body.contains('x') && longer {
        return format!(
            "the capture chain must go on while it can; from {} the legal moves are: {}",
            names[0],
            from_here.join(", ")
        );
    }
    if from_here.is_empty() {
        format!("the piece on {} has no legal move", names[0])
    } else {
        format!(
            "not a legal move; from {} the legal moves are: {}",
            names[0],
            from_here.join(", ")
        )
    }
}
