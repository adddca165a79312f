//! GNU Backgammon's Position ID, read and written, for dice games that can
//! hold it: two players whose tracks run from a bar over the same 24 points
//! in opposite directions to a tray, with 15 men each.
//!
//! The ID (GNU Backgammon manual, "A technical description of the
//! Position ID") is 14 characters of base64 holding an 80-bit key: for
//! each player, his men on each of his 24 points from his ace point (his
//! last track position before the tray) back to his 24-point, then on his
//! bar, each point written as that many 1 bits then a 0; packed into 10
//! bytes, the first bit in the least significant bit of the first byte.
//! The player NOT on roll comes first, as gnubg's code does (the manual
//! says the reverse; see bug-gnubg, 2005-01/msg00081 and 2013-01/msg00010).
//! Men borne off are the 15 less those counted.

use crate::engine::{Engine, State};

/// The men each player has in a game that a Position ID describes.
const MEN: usize = 15;
/// The points of each player's track.
const POINTS: usize = 24;
/// The characters of an ID.
const ID_CHARS: usize = 14;

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Why this game cannot have Position IDs, if it cannot.
pub fn unsupported(engine: &Engine) -> Option<String> {
    let game = engine.game();
    let why = if !engine.has_dice() || game.players.len() != 2 {
        Some("it is not a two-player dice game".to_string())
    } else {
        (0..2).find_map(|p| {
            let track = engine.track(p);
            let zone = |i: usize| game.board.sites[track[i] as usize].owner.is_some();
            let name = &game.players[p].name;
            if track.len() != POINTS + 2 || !zone(0) || !zone(POINTS + 1) {
                Some(format!(
                    "the track of `{name}` is not a bar, 24 points and a tray"
                ))
            } else if engine.second_start(p).is_some() {
                Some(format!("the track of `{name}` starts in two zones"))
            } else if (1..=POINTS).any(zone) {
                Some(format!(
                    "the track of `{name}` passes a zone among its points"
                ))
            } else if engine.start().counts[p] as usize != MEN {
                Some(format!("`{name}` does not have 15 men"))
            } else {
                None
            }
        })
    };
    // gnubg's board: the two players run over the same points, in
    // opposite directions (one's 1-point is the other's 24-point).
    let why = why.or_else(|| {
        let (white, black) = (engine.track(0), engine.track(1));
        (1..=POINTS)
            .any(|k| white[k] != black[POINTS + 1 - k])
            .then(|| {
                "the two tracks do not run over the same 24 points in opposite directions"
                    .to_string()
            })
    });
    why.map(|w| {
        format!(
            "a GNU Backgammon Position ID describes a game on 24 points with a bar and 15 men each, and {w}"
        )
    })
}

/// The Position ID of `st`, or why this game has none.
pub fn position_id(engine: &Engine, st: &State) -> Result<String, String> {
    if let Some(why) = unsupported(engine) {
        return Err(why);
    }
    let on_roll = st.to_move as usize;
    let mut key = [0u8; 10];
    let mut bit = 0;
    for p in [1 - on_roll, on_roll] {
        let track = engine.track(p);
        // His ace point (position 24) back to his 24-point, then his bar.
        for position in (1..=POINTS).rev().chain([0]) {
            let site = track[position] as usize;
            let mine = st.piece(site).is_some_and(|(owner, _)| owner == p);
            let men = if mine { engine.men(st, site) } else { 0 };
            for _ in 0..men {
                key[bit / 8] |= 1 << (bit % 8);
                bit += 1;
            }
            bit += 1;
        }
    }
    // 80 bits as 14 characters of 6 bits: the last holds 2 bits and zeros.
    Ok((0..ID_CHARS)
        .map(|c| {
            let value = (0..6).fold(0usize, |v, i| {
                let b = c * 6 + i;
                let set = b < 80 && key[b / 8] & (1 << (7 - b % 8)) != 0;
                v | usize::from(set) << (5 - i)
            });
            BASE64[value] as char
        })
        .collect())
}

/// Whether `text` has the shape of a Position ID (14 base64 characters).
pub fn looks_like_id(text: &str) -> bool {
    text.len() == ID_CHARS && text.bytes().all(|b| BASE64.contains(&b))
}

/// The men fields of a position (`white: ...; black: ...`) that the
/// Position ID `id` gives, `on_roll` being the player to move.
pub fn men_fields(engine: &Engine, id: &str, on_roll: usize) -> Result<String, String> {
    if let Some(why) = unsupported(engine) {
        return Err(why);
    }
    if !looks_like_id(id) {
        return Err(format!(
            "`{id}` is not a Position ID: 14 characters of A-Z, a-z, 0-9, + and /"
        ));
    }
    let mut key = [0u8; 10];
    for (c, b) in id.bytes().enumerate() {
        let value = BASE64.iter().position(|&x| x == b).unwrap_or(0);
        for i in 0..6 {
            let bit = c * 6 + i;
            if value & (1 << (5 - i)) != 0 {
                if bit >= 80 {
                    return Err(format!(
                        "`{id}` is not a Position ID: its last character is not A, Q, g or w"
                    ));
                }
                key[bit / 8] |= 1 << (7 - bit % 8);
            }
        }
    }
    // Per player, his men by track position (0: the bar).
    let mut men = [[0usize; POINTS + 1]; 2];
    let mut bit = 0;
    for p in [1 - on_roll, on_roll] {
        for position in (1..=POINTS).rev().chain([0]) {
            while bit < 80 && key[bit / 8] & (1 << (bit % 8)) != 0 {
                men[p][position] += 1;
                bit += 1;
            }
            bit += 1;
        }
    }
    if bit > 80 {
        return Err(format!(
            "`{id}` is not a Position ID: it ends inside a point"
        ));
    }
    let game = engine.game();
    let mut fields = Vec::new();
    for (p, men) in men.iter().enumerate() {
        let name = &game.players[p].name;
        let total: usize = men.iter().sum();
        if total > MEN {
            return Err(format!("`{id}` gives `{name}` {total} men, more than 15"));
        }
        let track = engine.track(p);
        let mut words = Vec::new();
        // Each man as his moves write his point: the bar by its name, a
        // point by its track position, counted down from his side with
        // `notation counting down` (the track is the bar, 24 points, the
        // tray).
        let down = game.dice.is_some_and(|d| d.notation_down);
        for (position, &n) in men.iter().enumerate().filter(|(_, n)| **n > 0) {
            let site = match position {
                0 => game.board.sites[track[0] as usize].name.clone(),
                _ if down => (POINTS + 1 - position).to_string(),
                _ => position.to_string(),
            };
            words.push(if n > 1 { format!("{site}*{n}") } else { site });
        }
        let off = MEN - total;
        if off > 0 {
            let site = &game.board.sites[track[POINTS + 1] as usize].name;
            words.push(if off > 1 {
                format!("{site}*{off}")
            } else {
                site.clone()
            });
        }
        fields.push(format!("{name}: {}", words.join(" ")));
    }
    Ok(fields.join("; "))
}
