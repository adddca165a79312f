//! PDN (Portable Draughts Notation): whole games read and written, and FEN
//! positions, for games played on numbered sites (`number from ...`).
//!
//! A game is tag pairs (`[Event "..."]`, `[FEN "B:W21,22,K30:B1,2,3"]`) and
//! movetext: move numbers (`1.`, `1...`), moves (`11-15`, `15x24`,
//! `15x22x29`, with `!`, `?` or `*` after them ignored), comments (`{...}`,
//! `; ...` to the end of the line), variations (`( ... )`, skipped),
//! numeric annotations (`$1`, skipped) and the result (`1-0`, `0-1`,
//! `1/2-1/2`, `*`; `2-0`, `0-2`, `1-1` too). A result's first number is the
//! score of the player who moves first in the game (Black in English
//! draughts, White in International draughts), as draughts programs write
//! them. A capture may be written by its first and last squares alone when
//! exactly one legal capture matches.
//!
//! FEN names the players `W` and `B` and a king `K`: it reads a game whose
//! players are named `white` and `black`, whose pieces are of its first
//! kind, or of a kind named `king` where marked `K`.

use crate::engine::{Engine, Move, Outcome, State};
use crate::notation::{find_move, move_text, parse_position, position_text};

/// The most moves a PDN game may hold (the most turns of a playout).
pub const MAX_PDN_MOVES: usize = crate::playout::MAX_PLIES as usize;

/// A stated result: who won, by the order the game's players move in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PdnResult {
    /// `1-0` (or `2-0`): the player who moves first won.
    First,
    /// `0-1` (or `0-2`): the other player won.
    Second,
    /// `1/2-1/2` (or `1-1`).
    Draw,
    /// `*`: unknown, or the game goes on.
    Unknown,
}

impl PdnResult {
    /// How PDN writes it.
    pub fn text(self) -> &'static str {
        match self {
            PdnResult::First => "1-0",
            PdnResult::Second => "0-1",
            PdnResult::Draw => "1/2-1/2",
            PdnResult::Unknown => "*",
        }
    }

    fn parse(text: &str) -> Option<PdnResult> {
        Some(match text {
            "1-0" | "2-0" => PdnResult::First,
            "0-1" | "0-2" => PdnResult::Second,
            "1/2-1/2" | "1-1" => PdnResult::Draw,
            "*" => PdnResult::Unknown,
            _ => return None,
        })
    }

    /// The stated result of an outcome of the rules.
    pub fn of(outcome: Outcome) -> PdnResult {
        match outcome {
            Outcome::Decisive { winner: 0, .. } => PdnResult::First,
            Outcome::Decisive { .. } => PdnResult::Second,
            Outcome::Draw => PdnResult::Draw,
            Outcome::Ongoing => PdnResult::Unknown,
        }
    }
}

/// One move of the main line, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnMove {
    /// The move number it follows (`12`), 0 if none came before it.
    pub number: u32,
    /// The move as written, annotations (`!`, `?`) removed.
    pub text: String,
}

/// A PDN game read from its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnGame {
    /// Tag pairs in order: name and value.
    pub tags: Vec<(String, String)>,
    /// The main line.
    pub moves: Vec<PdnMove>,
    /// The result that ends the movetext, if written.
    pub result: Option<PdnResult>,
}

impl PdnGame {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Where a character of `text` is, as `line L`.
fn line_of(text: &str, at: usize) -> String {
    format!("line {}", text[..at].matches('\n').count() + 1)
}

/// Reads one PDN game. The error names the line.
pub fn parse_pdn(text: &str) -> Result<PdnGame, String> {
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut tags = Vec::new();
    let mut moves = Vec::new();
    let mut result = None;
    let mut number = 0u32;
    // The last move number written, and the moves since.
    let mut numbered: Option<u32> = None;
    let mut since = 0usize;
    let skip_to = |from: usize, close: u8, what: &str| -> Result<usize, String> {
        match bytes[from..].iter().position(|&b| b == close) {
            Some(n) => Ok(from + n + 1),
            None => Err(format!(
                "{}: the {what} opened here is never closed with `{}`",
                line_of(text, from),
                close as char
            )),
        }
    };
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let at = i;
        // After the result, only comments.
        if result.is_some() && c != b'{' && c != b';' {
            return Err(format!(
                "{}: text after the result `{}`: ludus reads one game per PDN file",
                line_of(text, at),
                result.map_or("", PdnResult::text)
            ));
        }
        match c {
            b'[' if moves.is_empty() => {
                let end = tag_end(bytes, i).ok_or_else(|| {
                    format!(
                        "{}: a tag is `[Name \"value\"]`, closed on its line",
                        line_of(text, at)
                    )
                })?;
                let (name, value) = parse_tag(&text[i + 1..end])
                    .map_err(|e| format!("{}: {e}", line_of(text, at)))?;
                // A tag says one thing: a second of the same name, even
                // with the same value, is refused rather than one chosen.
                if let Some((_, first)) = tags.iter().find(|(n, _)| *n == name) {
                    return Err(format!(
                        "{}: a second `{name}` tag (`{value}`; the first says `{first}`): a PDN game gives each tag once",
                        line_of(text, at)
                    ));
                }
                tags.push((name, value));
                i = end + 1;
            }
            b'[' => {
                return Err(format!(
                    "{}: a tag after the moves (tags come first, and ludus reads one game per PDN file)",
                    line_of(text, at)
                ));
            }
            b'{' => i = skip_to(i + 1, b'}', "comment")?,
            b';' => i = skip_to(i + 1, b'\n', "comment").unwrap_or(bytes.len()),
            b'(' => {
                // A variation, possibly nested: skipped, comments included.
                let mut depth = 0usize;
                loop {
                    match bytes.get(i) {
                        None => {
                            return Err(format!(
                                "{}: the variation opened here is never closed with `)`",
                                line_of(text, at)
                            ));
                        }
                        Some(b'(') => depth += 1,
                        Some(b')') => {
                            depth -= 1;
                            if depth == 0 {
                                i += 1;
                                break;
                            }
                        }
                        Some(b'{') => {
                            i = skip_to(i + 1, b'}', "comment")?;
                            continue;
                        }
                        _ => {}
                    }
                    i += 1;
                }
            }
            b')' => return Err(format!("{}: `)` closes no variation", line_of(text, at))),
            b']' | b'}' => {
                return Err(format!(
                    "{}: `{}` closes nothing",
                    line_of(text, at),
                    c as char
                ));
            }
            _ => {
                let end = bytes[i..]
                    .iter()
                    .position(|&b| b.is_ascii_whitespace() || b"{}()[];".contains(&b))
                    .map_or(bytes.len(), |n| i + n);
                let mut word = &text[i..end];
                i = end;
                if word.starts_with('$') {
                    continue;
                }
                // A move number, `12.` or `12...`, maybe joined to its move.
                let digits = word.bytes().take_while(u8::is_ascii_digit).count();
                if digits > 0 && word[digits..].starts_with('.') {
                    let written: u32 = word[..digits].parse().map_err(|_| {
                        format!("{}: `{word}` is not a move number", line_of(text, at))
                    })?;
                    // Numbers count the move pairs from 1 (or from where a
                    // FEN starts): each is the last one plus one, after at
                    // least one move, or the last one again before its
                    // second move (`1. 11-15 {...} 1... 22-18`).
                    let in_order = match numbered {
                        None => written >= 1,
                        Some(last) => {
                            (last.checked_add(1) == Some(written) && since >= 1)
                                || (written == last && since == 1)
                        }
                    };
                    if !in_order {
                        return Err(format!(
                            "{}: move number {written} {}: numbers count up by one per pair of moves",
                            line_of(text, at),
                            match numbered {
                                None => "(they start at 1)".to_string(),
                                Some(last) => format!(
                                    "after move number {last} and {since} move{}",
                                    if since == 1 { "" } else { "s" }
                                ),
                            }
                        ));
                    }
                    number = written;
                    if numbered != Some(written) {
                        since = 0;
                    }
                    numbered = Some(written);
                    word = word[digits..].trim_start_matches('.');
                    if word.is_empty() {
                        continue;
                    }
                }
                if let Some(r) = PdnResult::parse(word) {
                    result = Some(r);
                    continue;
                }
                let bare = word.trim_end_matches(['!', '?', '*']);
                let well_formed = !bare.is_empty()
                    && bare
                        .split(['-', 'x', 'X', ':'])
                        .all(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
                    && bare.contains(['-', 'x', 'X', ':']);
                if !well_formed {
                    return Err(format!(
                        "{}, move {number}: `{word}` is not a move (write `11-15`, `15x24` or `15x22x29`)",
                        line_of(text, at)
                    ));
                }
                if moves.len() >= MAX_PDN_MOVES {
                    return Err(format!(
                        "{}: a PDN game holds at most {MAX_PDN_MOVES} moves",
                        line_of(text, at)
                    ));
                }
                if numbered.is_some() {
                    since += 1;
                    if since > 2 {
                        return Err(format!(
                            "{}, move {number}: `{word}` is a third move after move number {number}: a number covers one move of each player",
                            line_of(text, at)
                        ));
                    }
                }
                moves.push(PdnMove {
                    number,
                    text: bare.replace(['X', ':'], "x"),
                });
            }
        }
    }
    Ok(PdnGame {
        tags,
        moves,
        result,
    })
}

/// The index of the `]` that closes the tag opened at `from`, on its line
/// and outside its quoted value.
fn tag_end(bytes: &[u8], from: usize) -> Option<usize> {
    let mut quoted = false;
    let mut i = from + 1;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'\n' => return None,
            b'\\' if quoted => i += 1,
            b'"' => quoted = !quoted,
            b']' if !quoted => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// `Name "value"`, the inside of a tag.
fn parse_tag(inside: &str) -> Result<(String, String), String> {
    let inside = inside.trim();
    let (name, rest) = inside
        .split_once(|c: char| c.is_whitespace())
        .ok_or_else(|| format!("`[{inside}]` is not a tag `[Name \"value\"]`"))?;
    let rest = rest.trim();
    if name.is_empty()
        || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        || rest.len() < 2
        || !rest.starts_with('"')
        || !rest.ends_with('"')
    {
        return Err(format!("`[{inside}]` is not a tag `[Name \"value\"]`"));
    }
    let value = rest[1..rest.len() - 1]
        .replace("\\\"", "\"")
        .replace("\\\\", "\\");
    Ok((name.to_string(), value))
}

/// Whether the game's sites are numbered, as PDN needs: a grid whose
/// sites are all named by numbers.
pub fn numbered(engine: &Engine) -> bool {
    let board = &engine.game().board;
    // PDN's squares hold one piece each.
    !engine.stacks()
        && board.grid.is_some()
        && board
            .sites
            .iter()
            .all(|s| s.name.bytes().all(|b| b.is_ascii_digit()))
}

/// The error for a game PDN cannot write.
fn not_numbered(engine: &Engine) -> String {
    format!(
        "PDN needs a board whose sites are numbered (`number from CORNER along D1 then D2`); `{}` names its sites otherwise",
        engine.game().name
    )
}

/// The player a FEN letter names (`W`, `B`): the one named `white` or `black`.
fn fen_player(engine: &Engine, letter: &str) -> Result<usize, String> {
    let word = match letter {
        "W" | "w" => "white",
        "B" | "b" => "black",
        _ => return Err(format!("`{letter}` is not a side: write `W` or `B`")),
    };
    engine
        .game()
        .players
        .iter()
        .position(|p| p.name.eq_ignore_ascii_case(word))
        .ok_or_else(|| {
            format!("FEN names the players `W` and `B`, but this game has no player `{word}`")
        })
}

/// Whether a position text is a FEN position (`B:W21,22:B1,2`) rather
/// than a ludus one.
pub fn looks_like_fen(text: &str) -> bool {
    let t = text.trim().trim_matches('"');
    matches!(t.get(..2), Some("W:" | "B:" | "w:" | "b:"))
}

/// Reads a FEN position, `B:W21,22,K30:B1,2,3` (ranges `1-12` too): the
/// side to move, then each side's squares, `K` before a king's.
pub fn parse_fen(engine: &Engine, text: &str) -> Result<State, String> {
    if !numbered(engine) {
        return Err(not_numbered(engine));
    }
    let t = text.trim().trim_matches('"').trim_end_matches('.').trim();
    let mut fields = t.split(':');
    let turn = fen_player(engine, fields.next().unwrap_or("").trim())?;
    let game = engine.game();
    let king = game.kinds.iter().position(|k| k.name == "king");
    let mut position = Vec::new();
    let mut sides = Vec::new();
    for field in fields {
        let field = field.trim();
        let (letter, squares) = field.split_at(field.chars().next().map_or(0, char::len_utf8));
        let p = fen_player(engine, letter)?;
        if sides.contains(&p) {
            return Err(format!("FEN: the side `{letter}` is given twice"));
        }
        sides.push(p);
        let (mut men, mut kings) = (Vec::new(), Vec::new());
        for square in squares.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (is_king, square) = match square.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest),
                None => (false, square),
            };
            let list = if is_king {
                if king.is_none() {
                    return Err(format!(
                        "FEN: `K{square}` is a king, but this game has no piece `king`"
                    ));
                }
                &mut kings
            } else {
                &mut men
            };
            match square.split_once('-') {
                Some((a, b)) => {
                    let (a, b): (u32, u32) = match (a.parse(), b.parse()) {
                        (Ok(a), Ok(b)) if a <= b => (a, b),
                        _ => return Err(format!("FEN: `{square}` is not a range of squares")),
                    };
                    if b - a >= game.board.sites.len() as u32 {
                        return Err(format!("FEN: `{square}` is not a range of squares"));
                    }
                    list.extend((a..=b).map(|n| n.to_string()));
                }
                None if !square.is_empty() && square.bytes().all(|b| b.is_ascii_digit()) => {
                    list.push(square.to_string())
                }
                None => return Err(format!("FEN: `{square}` is not a square number")),
            }
        }
        let mut words = men.join(" ");
        if !kings.is_empty() {
            words = format!("{words} king {}", kings.join(" "));
        }
        position.push(format!("{}: {}", game.players[p].name, words.trim()));
    }
    position.push(format!("turn: {}", game.players[turn].name));
    parse_position(engine, &position.join("; ")).map_err(|e| format!("FEN: {e}"))
}

/// Writes a position as FEN: `B:W21,22,K30:B1,2,3`.
pub fn fen_text(engine: &Engine, st: &State) -> Result<String, String> {
    if !numbered(engine) {
        return Err(not_numbered(engine));
    }
    let game = engine.game();
    let letter = |p: usize| -> Result<&str, String> {
        match game.players[p].name.to_ascii_lowercase().as_str() {
            "white" => Ok("W"),
            "black" => Ok("B"),
            other => Err(format!(
                "FEN names the players `W` and `B`: it cannot name the player `{other}`"
            )),
        }
    };
    let mut fields = vec![letter(st.to_move as usize)?.to_string()];
    for p in [1, 0].into_iter().filter(|&p| p < game.players.len()) {
        let mut squares = Vec::new();
        for (s, site) in game.board.sites.iter().enumerate() {
            if let Some((owner, kind)) = st.piece(s)
                && owner == p
            {
                match (kind, game.kinds[kind].name.as_str()) {
                    (0, _) => squares.push(site.name.clone()),
                    (_, "king") => squares.push(format!("K{}", site.name)),
                    (_, other) => {
                        return Err(format!(
                            "FEN has men and kings only: it cannot write a `{other}`"
                        ));
                    }
                }
            }
        }
        fields.push(format!("{}{}", letter(p)?, squares.join(",")));
    }
    Ok(fields.join(":"))
}

/// Finds the legal move a PDN move names: as ludus writes it, or a capture
/// by its first and last squares when exactly one legal capture matches.
pub fn find_pdn_move(
    engine: &Engine,
    st: &State,
    moves: &[Move],
    text: &str,
) -> Result<Move, String> {
    let exact = find_move(engine, st, moves, text);
    if exact.is_ok() {
        return exact;
    }
    let squares: Vec<&str> = text.split('x').collect();
    if let [from, to] = squares[..] {
        let name = |s: u8| engine.game().board.sites[s as usize].name.as_str();
        let matching: Vec<&Move> = moves
            .iter()
            .filter(|m| m.capture && name(m.from()) == from && m.to().map(name) == Some(to))
            .collect();
        match matching[..] {
            [m] => return Ok(*m),
            [] => {}
            _ => {
                let texts: Vec<String> = matching.iter().map(|m| move_text(engine, m)).collect();
                return Err(format!(
                    "`{text}` is ambiguous: it may be {}; write every square it lands on",
                    texts.join(" or ")
                ));
            }
        }
    }
    exact
}

/// A PDN game played again: the start, the positions after every move.
#[derive(Debug)]
pub struct PdnReplay {
    /// The position the game starts from (its FEN, or the setup).
    pub start: State,
    /// `(move in ludus notation, position after it)` per move.
    pub turns: Vec<(String, State)>,
    /// What the rules say after the last move.
    pub outcome: Outcome,
    /// The result the PDN states (the `Result` tag, or the movetext's end).
    pub stated: PdnResult,
}

/// Plays a PDN game's moves from its FEN (or the setup), each checked legal,
/// and checks its stated result: the `Result` tag and the movetext's end
/// agree, and where the rules end the game the result is theirs. (A game
/// that the rules do not end, resigned or agreed drawn, keeps its stated
/// result.) The error names the move number and text.
pub fn replay_pdn(engine: &Engine, game: &PdnGame) -> Result<PdnReplay, String> {
    if !numbered(engine) {
        return Err(not_numbered(engine));
    }
    let tagged = match game.tag("Result") {
        Some(t) => Some(PdnResult::parse(t.trim()).ok_or_else(|| {
            format!("the `Result` tag `{t}` is not a result (`1-0`, `0-1`, `1/2-1/2` or `*`)")
        })?),
        None => None,
    };
    if let (Some(t), Some(r)) = (tagged, game.result)
        && t != r
    {
        return Err(format!(
            "the `Result` tag says `{}` but the moves end with `{}`",
            t.text(),
            r.text()
        ));
    }
    let stated = tagged.or(game.result).unwrap_or(PdnResult::Unknown);
    let start = match game.tag("FEN") {
        Some(fen) => parse_fen(engine, fen)?,
        None => engine.start(),
    };
    let mut st = start.clone();
    let mut moves = Vec::new();
    let mut turns = Vec::with_capacity(game.moves.len());
    for m in &game.moves {
        let at = || format!("move {} (`{}`)", m.number, m.text);
        engine
            .try_legal_moves(&mut st, &mut moves)
            .map_err(|e| format!("{}: {e}", at()))?;
        let outcome = engine.outcome_with(&st, !moves.is_empty());
        if outcome != Outcome::Ongoing {
            return Err(format!(
                "{}: the game is already over: {}",
                at(),
                crate::playout::outcome_text(engine, outcome)
            ));
        }
        let found = find_pdn_move(engine, &st, &moves, &m.text).map_err(|e| {
            let mover = &engine.game().players[st.to_move as usize].name;
            format!(
                "{}: {e} ({mover} to move in {})",
                at(),
                position_text(engine, &st)
            )
        })?;
        engine.play_unchecked(&mut st, &found);
        turns.push((move_text(engine, &found), st.clone()));
    }
    let outcome = engine.outcome(&st);
    if outcome != Outcome::Ongoing && PdnResult::of(outcome) != stated {
        return Err(format!(
            "the PDN states the result `{}`, but after its last move the rules give `{}` ({})",
            stated.text(),
            PdnResult::of(outcome).text(),
            crate::playout::outcome_text(engine, outcome)
        ));
    }
    Ok(PdnReplay {
        start,
        turns,
        outcome,
        stated,
    })
}

/// The error for a game PDN cannot write, if `engine`'s is one.
pub fn check_numbered(engine: &Engine) -> Result<(), String> {
    if numbered(engine) {
        Ok(())
    } else {
        Err(not_numbered(engine))
    }
}

/// Writes a PDN game: the tags, the FEN of `start` unless it is the
/// setup, the moves numbered in pairs, and the result of `outcome`.
pub fn write_pdn(
    engine: &Engine,
    tags: &[(&str, String)],
    start: &State,
    moves: &[String],
    outcome: Outcome,
) -> Result<String, String> {
    if !numbered(engine) {
        return Err(not_numbered(engine));
    }
    let result = PdnResult::of(outcome).text();
    let mut out = String::new();
    for (name, value) in tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    out.push_str(&format!("[Result \"{result}\"]\n"));
    if *start != engine.start() {
        out.push_str("[SetUp \"1\"]\n");
        out.push_str(&format!("[FEN \"{}\"]\n", fen_text(engine, start)?));
    }
    out.push('\n');
    let mut line = String::new();
    let mut words = Vec::new();
    let second_first = start.to_move != 0;
    if second_first && let Some(first) = moves.first() {
        words.push(format!("1... {first}"));
    }
    // A move number stays on the line of its move.
    for (i, m) in moves.iter().enumerate().skip(usize::from(second_first)) {
        let ply = i + usize::from(second_first);
        if ply % 2 == 0 {
            words.push(format!("{}. {m}", ply / 2 + 1));
        } else {
            words.push(m.clone());
        }
    }
    words.push(result.to_string());
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push('\n');
    Ok(out)
}
