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
//! of the sites after it (the first kind of the game is the default). With
//! `return forbidden`, `site(a,b)` lists the other sites the piece has
//! occupied. `quiet` counts turns without a capture; each further
//! no-progress counter of the game is a field named as its end rule names
//! it, `no capture or man move: 12`; `huff` names the pieces of the player
//! not to move that may be huffed. A position read from text starts the
//! history of `same position N times` afresh.
//!
//! Dice games add stacks, `1*15` (fifteen men on site 1), the player's own
//! zones by name (`bar*2`), `dice: 5-3` (the roll to play, if thrown) and
//! `idle: N` (turns in which no man moved); they have no `quiet` field.
//! A game whose `limit` rules name a player's turn adds `turns: 1 0`, the
//! turns each player has played (counted up to the latest one named).
//! With `pin blots`, `pinned: 8` names the sites where a man lies pinned
//! under the other player's men.

use crate::engine::{Engine, MAX_DIE_MOVES, Move, NONE, State, Step, cell};
use crate::ir::Obligation;

/// Writes a move in notation.
pub fn move_text(engine: &Engine, m: &Move) -> String {
    let name = |s: u8| engine.game().board.sites[s as usize].name.as_str();
    if engine.has_dice() {
        return dice_move_text(engine, m);
    }
    let mut out = String::new();
    if m.huff != NONE {
        out.push_str("huff ");
        out.push_str(name(m.huff));
    }
    if m.len > 0 {
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
    if out.is_empty() {
        out.push_str("pass");
    }
    out
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

/// A dice turn: each die move as the mover's track positions `from/to`.
/// With `notation counting down`, hits are marked (`13/7*`) and the same
/// die move played by several men in a row is written once with their
/// number (`8/5(2)`).
fn dice_move_text(engine: &Engine, m: &Move) -> String {
    if m.len == 0 {
        return "pass".into();
    }
    let steps: Vec<String> = m
        .steps()
        .iter()
        .map(|s| die_move_text(engine, m.mover as usize, s))
        .collect();
    if !counts_down(engine) {
        return steps.join(" ");
    }
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < steps.len() {
        let same = steps[i..].iter().take_while(|s| **s == steps[i]).count();
        out.push(if same > 1 {
            format!("{}({same})", steps[i])
        } else {
            steps[i].clone()
        });
        i += same;
    }
    out.join(" ")
}

/// Whether the game writes die moves counting down (`notation counting
/// down`).
fn counts_down(engine: &Engine) -> bool {
    engine.game().dice.is_some_and(|d| d.notation_down)
}

/// One die move of `player`, such as `13/18` (`13/7*` for a hit, when
/// counting down).
fn die_move_text(engine: &Engine, player: usize, step: &Step) -> String {
    let point = |site: u8| match engine.track_position(player, site as usize) {
        Some(p) => track_point_text(engine, player, p),
        None => "?".into(),
    };
    let hit = if step.over != NONE && counts_down(engine) {
        "*"
    } else {
        ""
    };
    format!("{}/{}{hit}", point(step.from), point(step.to))
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

/// The position of `player`'s track written `word` (see
/// [`track_point_text`]), ignoring case.
pub fn track_point(engine: &Engine, player: usize, word: &str) -> Option<usize> {
    let track = engine.track(player);
    (0..track.len()).find(|&p| track_point_text(engine, player, p).eq_ignore_ascii_case(word))
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
    if engine.has_dice() {
        // Another order or route to a listed turn's position is that turn:
        // the typed die moves are walked one by one.
        let words: Vec<&str> = wanted.split(' ').collect();
        let found = turns_beginning(engine, state, moves, &words, true)?;
        if let Some(m) = found.first() {
            return Ok(*m);
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
    match matching.as_slice() {
        [one] => return Ok(**one),
        [] => {}
        many => {
            let texts: Vec<String> = many.iter().map(|m| move_text(engine, m)).collect();
            return Err(format!(
                "`{}` names {} different captures here: {}; write the pieces taken in parentheses",
                text.trim(),
                many.len(),
                texts.join(", ")
            ));
        }
    }
    let plain = without_captured(text.trim()).to_lowercase();
    Err(explain(engine, state, moves, &plain))
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
    let body: String = body.chars().filter(|c| !c.is_whitespace()).collect();
    if body.is_empty() {
        return format!("after the huff {mover} must still move");
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

/// Writes a position in notation.
pub fn position_text(engine: &Engine, st: &State) -> String {
    let game = engine.game();
    let name = |s: usize| game.board.sites[s].name.as_str();
    let mut fields = Vec::new();
    for (p, player) in game.players.iter().enumerate() {
        let mut words = Vec::new();
        for (k, kind) in game.kinds.iter().enumerate() {
            let sites: Vec<usize> = (0..engine.sites())
                .filter(|&s| st.cells[s] == cell(p, k))
                .collect();
            if sites.is_empty() {
                continue;
            }
            if k != 0 {
                words.push(kind.name.clone());
            }
            for s in sites {
                let mut word = name(s).to_string();
                let men = engine.men(st, s);
                if men > 1 {
                    word.push_str(&format!("*{men}"));
                }
                let memory = st.visited.get(s).copied().unwrap_or(0) & !(1u128 << s);
                if memory != 0 {
                    let earlier: Vec<&str> = (0..engine.sites())
                        .filter(|&t| memory & (1u128 << t) != 0)
                        .map(name)
                        .collect();
                    word.push_str(&format!("({})", earlier.join(",")));
                }
                words.push(word);
            }
        }
        fields.push(
            format!("{}: {}", player.name, words.join(" "))
                .trim_end()
                .to_string(),
        );
    }
    fields.push(format!("turn: {}", game.players[st.to_move as usize].name));
    if engine.has_dice() {
        if let Some(thrown) = dice_text(st) {
            fields.push(format!("dice: {thrown}"));
        }
        fields.push(format!("idle: {}", st.idle));
        if engine.turns_counted() > 0 {
            fields.push(format!("turns: {} {}", st.turns[0], st.turns[1]));
        }
        if st.pinned != 0 {
            let sites: Vec<&str> = (0..engine.sites())
                .filter(|&s| st.pinned & (1u128 << s) != 0)
                .map(name)
                .collect();
            fields.push(format!("pinned: {}", sites.join(" ")));
        }
    } else {
        fields.push(format!("quiet: {}", st.quiet));
        // A further counter at 0 (its default) is left out.
        for (label, n) in engine.counter_labels().iter().zip(st.counters) {
            if n > 0 {
                fields.push(format!("{label}: {n}"));
            }
        }
    }
    if st.offenders != 0 {
        let sites: Vec<&str> = (0..engine.sites())
            .filter(|&s| st.offenders & (1u128 << s) != 0)
            .map(name)
            .collect();
        fields.push(format!("huff: {}", sites.join(" ")));
    }
    fields.join("; ")
}

/// Reads a position written by [`position_text`] (or by hand).
///
/// Fields may come in any order, each at most once; `turn` defaults to the
/// first player, `quiet` and `idle` to 0, and `huff` to none. A field that
/// does not apply to the game (`huff` without huffing, `quiet` and `huff`
/// in dice games, `dice` and `idle` in games without dice) and a position
/// the game can never reach in the ways checked here (more men than the
/// setup gives a player, a man off his track) are refused, naming the field.
/// In games on 24 points with a bar and 15 men each, a GNU Backgammon
/// Position ID may stand for the men fields (`4HPwATDgc/ABMA; turn: black;
/// dice: 3-1`), the player on roll being the `turn` (see
/// [`crate::position_id`]).
pub fn parse_position(engine: &Engine, text: &str) -> Result<State, String> {
    // A GNU Backgammon Position ID may stand for the men fields.
    let first = text.split(';').next().unwrap_or("").trim();
    if !first.contains(':') && crate::position_id::looks_like_id(first) {
        let rest = &text.trim_start()[first.len()..];
        let on_roll = rest
            .split(';')
            .filter_map(|f| f.split_once(':'))
            .find(|(k, _)| k.trim() == "turn")
            .and_then(|(_, v)| {
                engine
                    .game()
                    .players
                    .iter()
                    .position(|p| p.name == v.trim())
            })
            .unwrap_or(0);
        let men = crate::position_id::men_fields(engine, first, on_roll)?;
        return parse_fields(engine, &format!("{men}{rest}"));
    }
    parse_fields(engine, text)
}

/// Reads a position written as fields (see [`parse_position`]).
fn parse_fields(engine: &Engine, text: &str) -> Result<State, String> {
    let game = engine.game();
    let dice_game = engine.has_dice();
    let huffing = !dice_game
        && (game.rules.capture == Obligation::Huff || game.rules.chain == Obligation::Huff);
    let site = |n: &str| -> Result<usize, String> {
        game.board
            .sites
            .iter()
            .position(|s| s.name == n && s.owner.is_none())
            .ok_or_else(|| format!("`{n}` is not a site of this board"))
    };
    let player = |n: &str| -> Result<usize, String> {
        game.players
            .iter()
            .position(|p| p.name == n)
            .ok_or_else(|| format!("`{n}` is not a player of this game"))
    };
    let fields_of_game = || {
        let mut names: Vec<&str> = game.players.iter().map(|p| p.name.as_str()).collect();
        names.push("turn");
        if dice_game {
            names.extend(["dice", "idle"]);
            if engine.turns_counted() > 0 {
                names.push("turns");
            }
            if engine.pins() {
                names.push("pinned");
            }
        } else {
            names.push("quiet");
            names.extend(engine.counter_labels().iter().map(String::as_str));
        }
        if huffing {
            names.push("huff");
        }
        names.join(", ")
    };
    let mut st = engine.empty_state();
    let mut huff = Vec::new();
    let mut pinned = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for field in text.split(';').map(str::trim).filter(|f| !f.is_empty()) {
        let (key, value) = field
            .split_once(':')
            .ok_or_else(|| format!("`{field}` should be `NAME: VALUE`"))?;
        let key = key.trim();
        let value = value.trim();
        if seen.contains(&key) {
            return Err(format!("{key}: the field is given twice"));
        }
        seen.push(key);
        let not_here = |why: &str| {
            Err(format!(
                "{key}: {why} (the fields of this game are {})",
                fields_of_game()
            ))
        };
        match key {
            "turn" => {
                st.to_move = player(value).map_err(|e| format!("turn: {e}"))? as u8;
            }
            "quiet" if dice_game => return not_here("dice games count no turns without a capture"),
            "quiet" => {
                st.quiet = value
                    .parse()
                    .map_err(|_| format!("quiet: `{value}` is not a number"))?
            }
            "huff" if !huffing => return not_here("this game has no huffing"),
            "huff" => {
                for w in value.split_whitespace() {
                    huff.push(site(w).map_err(|e| format!("huff: {e}"))?);
                }
            }
            "idle" if !dice_game => {
                return not_here("only dice games count turns in which no man moved");
            }
            "idle" => {
                st.idle = value
                    .parse()
                    .map_err(|_| format!("idle: `{value}` is not a number"))?
            }
            _ if engine.counter_labels().iter().any(|l| l == key) => {
                let slot = engine.counter_labels().iter().position(|l| l == key);
                st.counters[slot.unwrap_or(0)] = value
                    .parse()
                    .map_err(|_| format!("{key}: `{value}` is not a number"))?
            }
            "turns" if engine.turns_counted() == 0 => {
                return not_here("this game's rules do not depend on the turns played");
            }
            "turns" => st.turns = parse_turns(engine, value)?,
            "pinned" if !engine.pins() => return not_here("this game pins no man"),
            "pinned" => {
                for w in value.split_whitespace() {
                    pinned.push(site(w).map_err(|e| format!("pinned: {e}"))?);
                }
            }
            "dice" if !dice_game => return not_here("this game has no dice"),
            "dice" => st.dice = parse_dice(engine, value).map_err(|e| format!("dice: {e}"))?,
            _ => {
                let p = player(key).map_err(|e| {
                    format!("{e} (the fields of this game are {})", fields_of_game())
                })?;
                parse_pieces(engine, &mut st, p, value).map_err(|e| format!("{key}: {e}"))?;
            }
        }
    }
    for s in huff {
        match st.piece(s) {
            Some((owner, _)) if owner != st.to_move as usize => st.offenders |= 1u128 << s,
            _ => {
                return Err(format!(
                    "huff: {} must hold a piece of the player who is not to move",
                    game.board.sites[s].name
                ));
            }
        }
    }
    for s in pinned {
        pin_man(engine, &mut st, s).map_err(|e| format!("pinned: {e}"))?;
    }
    engine.sync_occupied(&mut st);
    engine.begin_history(&mut st);
    Ok(st)
}

/// Puts a man pinned on site `s` under the men standing there: he is the
/// other player's, and must be on his track and within his men.
fn pin_man(engine: &Engine, st: &mut State, s: usize) -> Result<(), String> {
    let game = engine.game();
    let site = &game.board.sites[s].name;
    let Some((pinner, _)) = st.piece(s) else {
        return Err(format!(
            "no men stand on {site} to pin a man there: a pinned man lies under the other player's men"
        ));
    };
    let owner = 1 - pinner;
    let name = &game.players[owner].name;
    if st.pinned & (1u128 << s) != 0 {
        return Err(format!(
            "{site} is named twice: one man at most is pinned on a site"
        ));
    }
    if engine.track_position(owner, s).is_none() {
        return Err(format!("`{site}` is not on {name}'s track"));
    }
    let setup = engine.start().counts[owner];
    if st.counts[owner] >= setup {
        return Err(format!(
            "more men than the game gives {name} ({setup}), counting the man pinned on {site}"
        ));
    }
    st.counts[owner] += 1;
    st.pinned |= 1u128 << s;
    Ok(())
}

/// Reads `turns: 1 0`: the turns each player has played, in player order,
/// each at most the latest turn the game's limits name.
fn parse_turns(engine: &Engine, value: &str) -> Result<[u8; 2], String> {
    let cap = engine.turns_counted();
    let words: Vec<&str> = value.split_whitespace().collect();
    let [a, b] = words.as_slice() else {
        return Err(format!(
            "turns: `{value}` should be two numbers, the turns each player has played, such as `1 0`"
        ));
    };
    let read = |w: &str| -> Result<u8, String> {
        match w.parse::<u8>() {
            Ok(n) if n <= cap => Ok(n),
            _ => Err(format!(
                "turns: `{w}` is not a number from 0 to {cap} (this game counts each player's turns up to {cap})"
            )),
        }
    };
    Ok([read(a)?, read(b)?])
}

/// Reads one player's field, the sites of his pieces, into `st`.
fn parse_pieces(engine: &Engine, st: &mut State, p: usize, value: &str) -> Result<(), String> {
    let game = engine.game();
    let name = &game.players[p].name;
    let setup = engine.start().counts[p];
    // A player's own zones by name, then the board's sites.
    let site_of = |n: &str| -> Result<usize, String> {
        game.board
            .sites
            .iter()
            .position(|s| s.name == n && s.owner == Some(p))
            .or_else(|| {
                game.board
                    .sites
                    .iter()
                    .position(|s| s.name == n && s.owner.is_none())
            })
            .ok_or_else(|| {
                let kinds: Vec<&str> = game.kinds.iter().map(|k| k.name.as_str()).collect();
                format!(
                    "`{n}` is not a site of this board (nor a piece kind: {})",
                    kinds.join(", ")
                )
            })
    };
    let mut kind = 0;
    let mut kind_word: Option<&str> = None;
    let mut men: u32 = 0;
    for word in value.split_whitespace() {
        if let Some(k) = game.kinds.iter().position(|k| k.name == word) {
            if let Some(previous) = kind_word {
                return Err(format!("`{previous}` is followed by no site"));
            }
            kind = k;
            kind_word = Some(word);
            continue;
        }
        kind_word = None;
        let (site_name, memory) = match word.split_once('(') {
            Some((n, rest)) => {
                let inner = rest
                    .strip_suffix(')')
                    .ok_or_else(|| format!("`{word}`: missing `)`"))?;
                (n, Some(inner))
            }
            None => (word, None),
        };
        let (site_name, count) = match site_name.split_once('*') {
            Some((n, count)) if engine.has_dice() => {
                let count: u8 = count
                    .parse()
                    .ok()
                    .filter(|&m| m > 0)
                    .ok_or_else(|| format!("`{word}`: `{count}` is not a count of men"))?;
                (n, count)
            }
            Some(_) => return Err(format!("`{word}`: only dice games stack men")),
            None => (site_name, 1),
        };
        let s = site_of(site_name)?;
        if st.cells[s] != NONE {
            return Err(if engine.has_dice() {
                format!(
                    "two stacks on {site_name}: a site holds one stack of one player's men, such as `{site_name}*2`"
                )
            } else {
                format!("two pieces on {site_name}")
            });
        }
        if engine.has_dice() && engine.track_position(p, s).is_none() {
            return Err(format!("`{site_name}` is not on {name}'s track"));
        }
        men += u32::from(count);
        if men > u32::from(setup) {
            return Err(format!(
                "more men than the game gives {name} ({setup}), counted up to `{word}`"
            ));
        }
        st.cells[s] = cell(p, kind);
        st.counts[p] = men as u8;
        if let Some(stack) = st.stack.get_mut(s) {
            *stack = count;
        }
        if game.rules.no_return {
            st.visited[s] = 1u128 << s;
        }
        if let Some(inner) = memory {
            if !game.rules.no_return {
                return Err(format!(
                    "`{word}`: pieces of this game keep no memory of earlier sites"
                ));
            }
            for earlier in inner.split(',').filter(|e| !e.is_empty()) {
                let t = game
                    .board
                    .sites
                    .iter()
                    .position(|x| x.name == earlier.trim() && x.owner.is_none())
                    .ok_or_else(|| format!("`{word}`: `{earlier}` is not a site of this board"))?;
                st.visited[s] |= 1u128 << t;
            }
        }
    }
    if let Some(previous) = kind_word {
        return Err(format!("`{previous}` is followed by no site"));
    }
    Ok(())
}

/// The dice thrown for the turn, such as `5-3`, if any.
pub fn dice_text(st: &State) -> Option<String> {
    let thrown: Vec<String> = st
        .dice
        .iter()
        .filter(|&&d| d != 0)
        .map(u8::to_string)
        .collect();
    (!thrown.is_empty()).then(|| thrown.join("-"))
}

/// Reads a roll such as `5-3`: one number per die, each a face of the dice.
pub fn parse_dice(engine: &Engine, text: &str) -> Result<[u8; 4], String> {
    let Some(dice) = engine.game().dice else {
        return Err("this game has no dice".into());
    };
    let values: Vec<&str> = text
        .split(['-', ' ', ','])
        .filter(|v| !v.is_empty())
        .collect();
    if values.len() != dice.count as usize {
        return Err(format!(
            "`{text}`: the game throws {} dice, written like `5-3`",
            dice.count
        ));
    }
    let mut out = [0u8; 4];
    for (slot, v) in out.iter_mut().zip(values) {
        *slot = v
            .parse()
            .ok()
            .filter(|d| (1..=dice.faces).contains(d))
            .ok_or_else(|| format!("`{v}` is not a face of a die (1 to {})", dice.faces))?;
    }
    Ok(out)
}
