//! Positions as text, both ways: see the notation's fields in the
//! parent module's documentation.

use super::pinned::{Pin, parse_pinned, pin_man, pinned_text};
use crate::engine::{Engine, NONE, State, cell};
use crate::ir::Obligation;

/// How a dice game's position names the points of its men.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Numbering {
    /// Each man by the number his own moves use for his point (counted
    /// down from his side with `notation counting down`, else his track
    /// position from 0), zones by name: `white: 24*2 13*5 8*3 6*5`.
    #[default]
    Tracks,
    /// Each man by the board's name of his site: records written before
    /// positions were numbered as the moves are (their header has no
    /// `"positions"`).
    Sites,
}

/// Writes a position in notation.
pub fn position_text(engine: &Engine, st: &State) -> String {
    position_text_in(engine, st, Numbering::Tracks)
}

/// Writes a position in notation, a dice game's men numbered as
/// `numbering` says.
pub fn position_text_in(engine: &Engine, st: &State, numbering: Numbering) -> String {
    let game = engine.game();
    let name = |s: usize| game.board.sites[s].name.as_str();
    let tracks = numbering == Numbering::Tracks && engine.has_tracks();
    // A man's point: on a track, as his own moves write it.
    let point = |p: usize, s: usize| match crate::notation::site_point_text(engine, p, s) {
        Some(text) if tracks => text,
        _ => name(s).to_string(),
    };
    let mut fields = Vec::new();
    if engine.sows() {
        fields.push(format!(
            "seeds: {}",
            super::seeds::seeds_text(engine, st, None)
        ));
    }
    for (p, player) in game.players.iter().enumerate() {
        if engine.sows() {
            let zones = super::seeds::seeds_text(engine, st, Some(p));
            fields.push(format!("{}: {zones}", player.name).trim_end().to_string());
            continue;
        }
        let mut words = Vec::new();
        // The player's default kind first, unnamed; each other kind named
        // before its sites.
        let default = game.default_kind(p);
        let kinds = std::iter::once(default).chain((0..game.kinds.len()).filter(|&k| k != default));
        for k in kinds {
            let mut sites: Vec<usize> = (0..engine.sites())
                .filter(|&s| st.cells[s] == cell(p, k))
                .collect();
            // On a track, his men in the order he passes their points.
            if tracks {
                sites.sort_by_key(|&s| engine.track_position(p, s));
            }
            if sites.is_empty() {
                continue;
            }
            if k != default {
                words.push(game.kinds[k].name.clone());
            }
            for s in sites {
                let mut word = point(p, s);
                let men = engine.men(st, s);
                if men > 1 {
                    word.push_str(&format!("*{men}"));
                }
                let memory = match st.visited.get(s) {
                    Some(&v) if game.rules.no_return => v & !(1u128 << s),
                    _ => 0,
                };
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
    if let Some(under) = super::under::under_text(engine, st) {
        fields.push(format!("under: {under}"));
    }
    fields.push(format!("turn: {}", game.players[st.to_move as usize].name));
    if st.again > 0 {
        fields.push(format!("again: {}", st.again));
    }
    if let Some(hand) = hand_text(engine, st) {
        fields.push(format!("hand: {hand}"));
    }
    if let Some(thrown) = dice_text(st) {
        let chosen = if st.chosen {
            " chosen"
        } else if st.climbing {
            " climbing"
        } else {
            ""
        };
        fields.push(format!("dice: {thrown}{chosen}"));
    }
    // The game's first counter always (`quiet`, `idle`); a further one at
    // 0 (its default) is left out.
    for (i, (label, n)) in engine.counter_labels().iter().zip(st.counters).enumerate() {
        if i == 0 || n > 0 {
            fields.push(format!("{label}: {n}"));
        }
    }
    if engine.turns_counted() > 0 {
        fields.push(format!("turns: {} {}", st.turns[0], st.turns[1]));
    }
    // A field of sites: pinned men, huffable pieces.
    let sites = |label: &str, mask: u128| {
        let named: Vec<&str> = (0..engine.sites())
            .filter(|&s| mask & (1u128 << s) != 0)
            .map(name)
            .collect();
        format!("{label}: {}", named.join(" "))
    };
    if st.pinned != 0 && tracks {
        fields.push(format!("pinned: {}", pinned_text(engine, st)));
    } else if st.pinned != 0 {
        fields.push(sites("pinned", st.pinned));
    }
    if st.offenders != 0 {
        fields.push(sites("huff", st.offenders));
    }
    fields.join("; ")
}

/// The pieces in the players' hands, `white 7, black 6 2 king`: each
/// player's count of his default kind ([`crate::ir::Game::default_kind`]),
/// then the count of each other kind he holds followed by its name;
/// `None` where both hands are empty.
fn hand_text(engine: &Engine, st: &State) -> Option<String> {
    let game = engine.game();
    if st.hand.iter().all(|h| h.iter().all(|&n| n == 0)) {
        return None;
    }
    let mut parts = Vec::new();
    for (p, player) in game.players.iter().enumerate() {
        let default = game.default_kind(p);
        let mut words = vec![player.name.clone(), st.hand[p][default].to_string()];
        for (k, kind) in game.kinds.iter().enumerate() {
            let n = st.hand[p][k];
            if n > 0 && k != default {
                words.push(format!("{n} {}", kind.name));
            }
        }
        parts.push(words.join(" "));
    }
    Some(parts.join(", "))
}

/// Why `player` may not have a piece of kind `k`, if he may not: no kind
/// the setup gives him is, is promoted to, or shoots that kind.
fn kind_refused(engine: &Engine, player: usize, k: usize) -> Option<String> {
    let game = engine.game();
    let owned = game.kinds_owned(player);
    if owned[k] {
        return None;
    }
    let name = &game.players[player].name;
    let kind = &game.kinds[k].name;
    let his: Vec<String> = game
        .kinds
        .iter()
        .zip(&owned)
        .filter(|(_, o)| **o)
        .map(|(k, _)| format!("`{}`", k.name))
        .collect();
    let his = if his.is_empty() {
        "the setup gives him no pieces".to_string()
    } else {
        format!(
            "only {}: the kinds the setup gives him, their promotions and what they shoot",
            his.join(", ")
        )
    };
    Some(format!(
        "`{kind}`: {name} never has a piece of this kind ({his})"
    ))
}

/// Reads `hand: white 7, black 6 2 king` (see [`hand_text`]) into `st`:
/// a count without a kind name is of the player's default kind.
fn parse_hand(engine: &Engine, st: &mut State, value: &str) -> Result<(), String> {
    let game = engine.game();
    let start = engine.start();
    let mut named = Vec::new();
    for part in value.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let mut words = part.split_whitespace();
        let who = words.next().unwrap_or("");
        let p = game
            .players
            .iter()
            .position(|pl| pl.name == who)
            .ok_or_else(|| format!("hand: `{who}` is not a player of this game"))?;
        if named.contains(&p) {
            return Err(format!(
                "hand: `{who}` is named twice: give each player's hand once, such as `{who} 7`"
            ));
        }
        named.push(p);
        let words: Vec<&str> = words.collect();
        let mut kinds_named = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let n: u8 = words[i].parse().map_err(|_| {
                format!("hand: `{}` is not a number of pieces (0 to 255)", words[i])
            })?;
            let kind = match words.get(i + 1) {
                Some(w) if w.parse::<u8>().is_err() => {
                    i += 1;
                    game.kinds
                        .iter()
                        .position(|k| k.name == *w)
                        .ok_or_else(|| format!("hand: `{w}` is not a piece of this game"))?
                }
                _ => game.default_kind(p),
            };
            if n > 0
                && let Some(why) = kind_refused(engine, p, kind)
            {
                return Err(format!("hand: {why}"));
            }
            if game.kinds[kind].place.is_none() && n > 0 {
                return Err(format!(
                    "hand: a `{}` in hand could never be placed (the piece has no `place` line)",
                    game.kinds[kind].name
                ));
            }
            if kinds_named.contains(&kind) {
                return Err(format!(
                    "hand: {who}'s `{}` is counted twice",
                    game.kinds[kind].name
                ));
            }
            kinds_named.push(kind);
            // A hand only empties as the game goes on.
            let given = start.hand[p][kind];
            if n > given {
                return Err(format!(
                    "hand: {who} holds {n} `{}` in hand, more than the game gives him ({given})",
                    game.kinds[kind].name
                ));
            }
            st.hand[p][kind] = n;
            i += 1;
        }
    }
    Ok(())
}

/// Whether pieces of kind `k` come from a supply that never runs out:
/// some kind shoots them (`shoot`) or claims sites with them (`enclose`).
fn supplied(engine: &Engine, k: usize) -> bool {
    (engine.game().kinds.iter()).any(|o| {
        o.shoot.as_ref().is_some_and(|s| s.kind == k)
            || o.enclose.as_ref().is_some_and(|e| e.kind == k)
    })
}

/// The pieces of player `p` on the board of kinds that some kind shoots
/// or claims sites with, which no count of the pieces the game gives
/// bounds.
fn shot_pieces(engine: &Engine, st: &State, p: usize) -> u32 {
    if !(engine.game().kinds.iter()).any(|k| k.shoot.is_some() || k.enclose.is_some()) {
        return 0;
    }
    (0..engine.game().board.sites.len())
        .filter(|&s| {
            st.piece(s)
                .is_some_and(|(q, k)| q == p && supplied(engine, k))
        })
        .count() as u32
}

/// Refuses a position where a player's men on the board and in his hand
/// together are more than the game gives him (the fields may come in any
/// order, so this is judged once all are read); where pieces flip (`flip`),
/// a player gains the pieces he turns, and the men of both players together
/// are judged.
fn check_men_given(engine: &Engine, st: &State) -> Result<(), String> {
    let game = engine.game();
    let start = engine.start();
    let given = |s: &State, p: usize| {
        u32::from(s.counts[p]) - shot_pieces(engine, s, p)
            + s.hand[p].iter().map(|&n| u32::from(n)).sum::<u32>()
    };
    if game
        .kinds
        .iter()
        .any(|k| k.flip.iter().any(|d| !d.is_empty()))
    {
        let (now, setup) = (
            given(st, 0) + given(st, 1),
            given(&start, 0) + given(&start, 1),
        );
        if now > setup {
            return Err(format!(
                "hand: the players have {now} men on the board and in hand together, more than the game gives them ({setup})"
            ));
        }
        return Ok(());
    }
    for (p, player) in game.players.iter().enumerate() {
        let given = |s: &State| given(s, p);
        let (now, setup) = (given(st), given(&start));
        if now > setup {
            return Err(format!(
                "hand: {name} has {on} men on the board and {held} in hand, {now} in all, more than the game gives him ({setup})",
                name = player.name,
                on = st.counts[p],
                held = now - u32::from(st.counts[p]),
            ));
        }
    }
    Ok(())
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
    parse_position_in(engine, text, Numbering::Tracks)
}

/// Reads a position (see [`parse_position`]), a dice game's men numbered
/// as `numbering` says. A Position ID's men are numbered as their moves
/// are, whatever `numbering` says.
pub fn parse_position_in(
    engine: &Engine,
    text: &str,
    numbering: Numbering,
) -> Result<State, String> {
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
        return parse_fields(engine, &format!("{men}{rest}"), Numbering::Tracks);
    }
    parse_fields(engine, text, numbering)
}

/// Reads a position written as fields (see [`parse_position`]).
fn parse_fields(engine: &Engine, text: &str, numbering: Numbering) -> Result<State, String> {
    let game = engine.game();
    let tracks = numbering == Numbering::Tracks && engine.has_tracks();
    // The `dice` field: only where the game throws them.
    let dice_game = engine.has_dice();
    let huffing = game.rules.capture == Obligation::Huff || game.rules.chain == Obligation::Huff;
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
        let mut names: Vec<&str> = game.player_names();
        if engine.sows() {
            names.insert(0, "seeds");
        }
        names.push("turn");
        if engine.has_again() {
            names.push("again");
        }
        if dice_game {
            names.push("dice");
        }
        names.extend(engine.counter_labels().iter().map(String::as_str));
        if engine.turns_counted() > 0 {
            names.push("turns");
        }
        if engine.pins() {
            names.push("pinned");
        }
        if huffing {
            names.push("huff");
        }
        if game.kinds.iter().any(|k| k.place.is_some()) {
            names.push("hand");
        }
        if engine.has_columns() {
            names.push("under");
        }
        if !dice_game {
            names.push("moves");
        }
        names.join(", ")
    };
    let mut st = engine.empty_state();
    let mut played = None;
    let mut huff = Vec::new();
    let mut pinned = Vec::new();
    let mut under = None;
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
            "again" if !engine.has_again() => {
                return not_here("this game gives no extra turns");
            }
            "again" => {
                st.again = value.parse().map_err(|_| {
                    format!("again: `{value}` is not a number of extra turns (0 to 255)")
                })?
            }
            "huff" if !huffing => return not_here("this game has no huffing"),
            "huff" => {
                for w in value.split_whitespace() {
                    huff.push(site(w).map_err(|e| format!("huff: {e}"))?);
                }
            }
            _ if engine.counter_labels().iter().any(|l| l == key) => {
                let slot = engine.counter_labels().iter().position(|l| l == key);
                st.counters[slot.unwrap_or(0)] = value
                    .parse()
                    .map_err(|_| format!("{key}: `{value}` is not a number"))?
            }
            "quiet" => return not_here("this game counts no turns without a capture"),
            "idle" => return not_here("this game counts no turns in which no man moved"),
            "turns" if engine.turns_counted() == 0 => {
                return not_here("this game's rules do not depend on the turns played");
            }
            "turns" => st.turns = parse_turns(engine, value)?,
            "pinned" if !engine.pins() => return not_here("this game pins no man"),
            "pinned" if tracks => {
                pinned = parse_pinned(engine, value).map_err(|e| format!("pinned: {e}"))?;
            }
            "pinned" => {
                for w in value.split_whitespace() {
                    let s = site(w).map_err(|e| format!("pinned: {e}"))?;
                    pinned.push(Pin {
                        owner: None,
                        site: s,
                        point: w.to_string(),
                    });
                }
            }
            "hand" if engine.game().kinds.iter().all(|k| k.place.is_none()) => {
                return not_here("no piece of this game is placed from a hand");
            }
            "hand" => parse_hand(engine, &mut st, value)?,
            "dice" if !dice_game => return not_here("this game has no dice"),
            "dice" if engine.game().rules.choose.is_some() && value == "choose" => {
                st.dice[0] = crate::ir::CHOOSING;
            }
            "dice" if value.ends_with(" chosen") || value == "choose" => {
                if engine.game().rules.choose.is_none() {
                    return not_here("this game's players never choose their dice");
                }
                let roll = value.trim_end_matches(" chosen").trim();
                st.dice = parse_dice(engine, roll).map_err(|e| format!("dice: {e}"))?;
                if st.dice[0] != st.dice[1] {
                    return Err(format!(
                        "dice: `{roll}` is not a double, and only a double is chosen"
                    ));
                }
                st.chosen = true;
            }
            "dice" if value.ends_with(" climbing") => {
                let Some(climb) = engine.game().dice.and_then(|d| d.climb).filter(|c| c.each)
                else {
                    return not_here("this game climbs no doubles a double a turn");
                };
                let roll = value.trim_end_matches(" climbing").trim();
                st.dice = parse_dice(engine, roll).map_err(|e| format!("dice: {e}"))?;
                let d = st.dice[0];
                if st.dice[1] != d || d < 2 || d > climb.top {
                    return Err(format!(
                        "dice: `{roll}` is not a double a climbing sequence goes on to (2-2 to {top}-{top})",
                        top = climb.top
                    ));
                }
                st.climbing = true;
            }
            "dice" => st.dice = parse_dice(engine, value).map_err(|e| format!("dice: {e}"))?,
            "moves" if dice_game => {
                return not_here("the moves of a game with dice need its rolls: give the position");
            }
            "moves" => played = Some(value),
            "under" if !engine.has_columns() => {
                return not_here("this game's sites hold no columns");
            }
            "under" => under = Some(value),
            "seeds" if !engine.sows() => return not_here("nothing is sown in this game"),
            "seeds" => super::seeds::parse_seeds(engine, &mut st, None, value)
                .map_err(|e| format!("seeds: {e}"))?,
            _ if engine.sows() && player(key).is_ok() => {
                let p = player(key).ok();
                super::seeds::parse_seeds(engine, &mut st, p, value)
                    .map_err(|e| format!("{key}: {e}"))?
            }
            _ => {
                let p = player(key).map_err(|e| {
                    format!("{e} (the fields of this game are {})", fields_of_game())
                })?;
                parse_pieces(engine, &mut st, p, value, tracks)
                    .map_err(|e| format!("{key}: {e}"))?;
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
    for pin in pinned {
        pin_man(engine, &mut st, &pin).map_err(|e| format!("pinned: {e}"))?;
    }
    if engine.sows() {
        super::seeds::check_seeds(engine, &mut st)?;
    } else {
        check_men_given(engine, &st)?;
    }
    if let Some(value) = under {
        super::under::parse_under(engine, &mut st, value).map_err(|e| format!("under: {e}"))?;
    }
    engine.sync_occupied(&mut st);
    engine.begin_history(&mut st);
    if let Some(list) = played {
        play_listed(engine, &mut st, list).map_err(|e| format!("moves: {e}"))?;
    }
    Ok(st)
}

/// Plays the turns of the `moves` field (`moves: b1-b3, c8-c6`), each legal
/// in its turn, from the position the other fields give: the position
/// reached, with the history of those turns (which a repetition rule
/// reads), where the fields alone start it afresh.
fn play_listed(engine: &Engine, st: &mut State, list: &str) -> Result<(), String> {
    let mut legal = Vec::new();
    for (i, word) in list.split(',').map(str::trim).enumerate() {
        let n = i + 1;
        if word.is_empty() {
            return Err(format!("turn {n} is empty: separate the turns by commas"));
        }
        engine
            .try_legal_moves(st, &mut legal)
            .map_err(|e| e.to_string())?;
        if engine.outcome_with(st, !legal.is_empty()) != crate::engine::Outcome::Ongoing {
            return Err(format!("the game is over before turn {n}, `{word}`"));
        }
        let m = super::find_move(engine, st, &legal, word).map_err(|e| format!("turn {n}: {e}"))?;
        engine.play(st, &m).map_err(|e| format!("turn {n}: {e}"))?;
    }
    Ok(())
}

/// The site of `player`'s track that `word` names as his moves write it
/// (a zone by its name); the error lists how his track's points are
/// written.
pub(super) fn point_of(engine: &Engine, player: usize, word: &str) -> Result<usize, String> {
    crate::notation::track_site(engine, player, word)
        .map(|(_, s)| s)
        .ok_or_else(|| {
            format!(
                "`{word}` is not a point of {}'s track, written {}",
                engine.game().players[player].name,
                track_written(engine, player)
            )
        })
}

/// How `player`'s track is written, from its start: its zones by name,
/// each run of numbered points as its first and last (`bar, 24 to 1,
/// off`).
fn track_written(engine: &Engine, player: usize) -> String {
    let track = engine.track(player);
    let mut texts: Vec<String> = Vec::new();
    let mut run: Option<(String, String)> = None;
    let close = |run: &mut Option<(String, String)>, texts: &mut Vec<String>| {
        if let Some((first, last)) = run.take() {
            texts.push(if first == last {
                first
            } else {
                format!("{first} to {last}")
            });
        }
    };
    for position in 0..track.len() {
        let text = crate::notation::track_point_text(engine, player, position);
        if text.parse::<usize>().is_ok() {
            match run.as_mut() {
                Some((_, last)) => *last = text,
                None => run = Some((text.clone(), text)),
            }
        } else {
            close(&mut run, &mut texts);
            texts.push(text);
        }
    }
    close(&mut run, &mut texts);
    // `start or bar`: a second zone begins the track too.
    if let (Some(s), Some(first)) = (engine.second_start(player), texts.first_mut()) {
        *first = format!("{} or {first}", engine.game().board.sites[s].name);
    }
    texts.join(", ")
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
fn parse_pieces(
    engine: &Engine,
    st: &mut State,
    p: usize,
    value: &str,
    tracks: bool,
) -> Result<(), String> {
    let game = engine.game();
    let name = &game.players[p].name;
    let start = engine.start();
    let setup = start.counts[p].saturating_add(start.hand[p].iter().sum());
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
    let mut kind = game.default_kind(p);
    let mut kind_word: Option<&str> = None;
    let mut men: u32 = 0;
    // Pieces of a supply that never runs out (`shoot`): on the board, not
    // bounded by what the game gives.
    let mut shot: u32 = 0;
    for word in value.split_whitespace() {
        if let Some(k) = game.kinds.iter().position(|k| k.name == word) {
            if let Some(previous) = kind_word {
                return Err(format!("`{previous}` is followed by no site"));
            }
            if let Some(why) = kind_refused(engine, p, k) {
                return Err(why);
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
            Some((n, count)) if engine.stacks() => {
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
        let s = if tracks {
            point_of(engine, p, site_name)?
        } else {
            site_of(site_name)?
        };
        // Another player's men on the point, named by his own number.
        let theirs = st.piece(s).map(|(q, _)| q).filter(|&q| q != p);
        if let (true, Some(q)) = (tracks, theirs) {
            let other = &game.players[q].name;
            let his = crate::notation::site_point_text(engine, q, s).unwrap_or_default();
            return Err(format!(
                "`{site_name}`: {other}'s men stand there (his `{his}`), and a point holds one stack of one player's men"
            ));
        }
        if st.cells[s] != NONE {
            return Err(if engine.stacks() {
                format!(
                    "two stacks on {site_name}: a site holds one stack of one player's men, such as `{site_name}*2`"
                )
            } else {
                format!("two pieces on {site_name}")
            });
        }
        if engine.has_tracks() && engine.track_position(p, s).is_none() {
            return Err(format!("`{site_name}` is not on {name}'s track"));
        }
        if supplied(engine, kind) {
            shot += u32::from(count);
        } else {
            men += u32::from(count);
        }
        if men > u32::from(setup) {
            return Err(format!(
                "more men than the game gives {name} ({setup}), counted up to `{word}`"
            ));
        }
        st.cells[s] = cell(p, kind);
        st.counts[p] = (men + shot) as u8;
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

/// The dice thrown for the turn, such as `5-3` (or `2` for summed dice,
/// `0` for a throw of nothing), if any.
pub fn dice_text(st: &State) -> Option<String> {
    if st.dice[0] == crate::ir::CHOOSING {
        return Some("choose".into());
    }
    let thrown: Vec<String> = st
        .dice
        .iter()
        .filter(|&&d| d != 0)
        .map(|&d| crate::ir::shown_value(d).to_string())
        .collect();
    (!thrown.is_empty()).then(|| thrown.join("-"))
}

/// Reads a roll such as `5-3`: one number per die, each a face of the dice
/// (one number, their sum, for summed dice).
pub fn parse_dice(engine: &Engine, text: &str) -> Result<[u8; 4], String> {
    let Some(dice) = engine.game().dice else {
        return Err("this game has no dice".into());
    };
    let values: Vec<&str> = text
        .split(['-', ' ', ','])
        .filter(|v| !v.is_empty())
        .collect();
    if dice.summed && values.len() != 1 {
        return Err(format!(
            "`{text}`: the game's {} dice are summed, written as one number like `2`",
            dice.count
        ));
    }
    if values.len() != dice.shown() {
        return Err(format!(
            "`{text}`: the game throws {} dice, written like `5-3`",
            dice.count
        ));
    }
    let numbers = (dice.values.is_some() || dice.summed).then(|| dice.numbers());
    let mut out = [0u8; 4];
    for (slot, v) in out.iter_mut().zip(values) {
        *slot = match &numbers {
            None => v
                .parse()
                .ok()
                .filter(|d| (1..=dice.faces).contains(d))
                .ok_or_else(|| format!("`{v}` is not a face of a die (1 to {})", dice.faces))?,
            Some(numbers) => v
                .parse()
                .ok()
                .filter(|d| numbers.contains(d))
                .map(crate::ir::stored_value)
                .ok_or_else(|| {
                    let listed: Vec<String> = numbers.iter().map(u8::to_string).collect();
                    let what = if dice.summed {
                        "a sum these dice can throw"
                    } else {
                        "a face of a die"
                    };
                    format!("`{v}` is not {what} ({})", listed.join(", "))
                })?,
        };
    }
    Ok(out)
}
