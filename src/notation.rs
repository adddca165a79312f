//! Notation: moves and positions as text, for any game.
//!
//! A move is written `b2-c3` (a step), `a1xc3xe5` (a capture chain, every
//! landing in order), `huff d4 b2-c3` (a huff, then the move), `huff d4`
//! alone, or `pass`.
//!
//! A position is a list of fields separated by `;`:
//! `white: a1 b1 king c3; black: a5(a4,b4); turn: white; quiet: 3; huff: d4`.
//! A player's field lists his pieces' sites; a kind name switches the kind
//! of the sites after it (the first kind of the game is the default). With
//! `return forbidden`, `site(a,b)` lists the other sites the piece has
//! occupied. `quiet` counts turns without a capture; `huff` names the
//! pieces of the player not to move that may be huffed.

use crate::engine::{Engine, Move, NONE, State, cell};

/// Writes a move in notation.
pub fn move_text(engine: &Engine, m: &Move) -> String {
    let name = |s: u8| engine.game().board.sites[s as usize].name.as_str();
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
    }
    if out.is_empty() {
        out.push_str("pass");
    }
    out
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
    let wanted = normalise(text);
    if wanted.is_empty() {
        return Err("no move given".into());
    }
    match moves
        .iter()
        .find(|m| normalise(&move_text(engine, m)) == wanted)
    {
        Some(m) => Ok(*m),
        None => Err(explain(engine, state, moves, &text.trim().to_lowercase())),
    }
}

/// Lower case without any whitespace: `B2 - c3` and `b2-c3` are one move.
fn normalise(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
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
    fields.push(format!("quiet: {}", st.quiet));
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
/// Fields may come in any order; `turn` defaults to the first player,
/// `quiet` to 0, and `huff` to none.
pub fn parse_position(engine: &Engine, text: &str) -> Result<State, String> {
    let game = engine.game();
    let site = |n: &str| -> Result<usize, String> {
        game.board
            .sites
            .iter()
            .position(|s| s.name == n)
            .ok_or_else(|| format!("`{n}` is not a site of this board"))
    };
    let player = |n: &str| -> Result<usize, String> {
        game.players
            .iter()
            .position(|p| p.name == n)
            .ok_or_else(|| format!("`{n}` is not a player of this game"))
    };
    let mut st = engine.empty_state();
    let mut huff = Vec::new();
    for field in text.split(';').map(str::trim).filter(|f| !f.is_empty()) {
        let (key, value) = field
            .split_once(':')
            .ok_or_else(|| format!("`{field}` should be `NAME: VALUE`"))?;
        let key = key.trim();
        let value = value.trim();
        match key {
            "turn" => {
                st.to_move = player(value)? as u8;
            }
            "quiet" => {
                st.quiet = value
                    .parse()
                    .map_err(|_| format!("quiet: `{value}` is not a number"))?
            }
            "huff" => {
                for w in value.split_whitespace() {
                    huff.push(site(w)?);
                }
            }
            _ => {
                let p = player(key)
                    .map_err(|e| format!("{e} (fields are players, turn, quiet and huff)"))?;
                let mut kind = 0;
                for word in value.split_whitespace() {
                    if let Some(k) = game.kinds.iter().position(|k| k.name == word) {
                        kind = k;
                        continue;
                    }
                    let (name, memory) = match word.split_once('(') {
                        Some((n, rest)) => {
                            let inner = rest
                                .strip_suffix(')')
                                .ok_or_else(|| format!("`{word}`: missing `)`"))?;
                            (n, Some(inner))
                        }
                        None => (word, None),
                    };
                    let s = site(name)?;
                    if st.cells[s] != NONE {
                        return Err(format!("two pieces on {name}"));
                    }
                    st.cells[s] = cell(p, kind);
                    st.counts[p] += 1;
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
                            st.visited[s] |= 1u128 << site(earlier.trim())?;
                        }
                    }
                }
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
    Ok(st)
}
