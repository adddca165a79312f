//! The men pinned under the other player's men in a dice game's position
//! (`pinned: white 7 9, black 3`), both ways: written by their owners'
//! numbers for their points, read back and put under the men there.

use super::position::point_of;
use crate::engine::{Engine, State};

/// The men pinned, by player, each by his own number for his point as
/// in his field: `white 7 9, black 3` (a man pinned lies under the other
/// player's men).
pub(super) fn pinned_text(engine: &Engine, st: &State) -> String {
    let game = engine.game();
    let mut parts = Vec::new();
    for (p, player) in game.players.iter().enumerate() {
        let mut sites: Vec<usize> = (0..engine.sites())
            .filter(|&s| st.pinned & (1u128 << s) != 0 && engine.pinned_man(st, s) == Some(p))
            .collect();
        sites.sort_by_key(|&s| engine.track_position(p, s));
        if sites.is_empty() {
            continue;
        }
        let points: Vec<String> = sites
            .iter()
            .map(|&s| {
                crate::notation::site_point_text(engine, p, s)
                    .unwrap_or_else(|| game.board.sites[s].name.clone())
            })
            .collect();
        parts.push(format!("{} {}", player.name, points.join(" ")));
    }
    parts.join(", ")
}

/// A man pinned, as the `pinned` field names him.
pub(super) struct Pin {
    /// His owner, where the field names him.
    pub(super) owner: Option<usize>,
    /// The site he lies on.
    pub(super) site: usize,
    /// The point as the field writes it (`black's 16`, or the site `8`).
    pub(super) point: String,
}

/// Reads the `pinned` field of a dice game's position (see
/// [`pinned_text`]): `white 7 9, black 3`, each man by his own number for
/// his point; the men's owners and sites.
pub(super) fn parse_pinned(engine: &Engine, value: &str) -> Result<Vec<Pin>, String> {
    let game = engine.game();
    let mut out = Vec::new();
    let mut named = Vec::new();
    for part in value.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let mut words = part.split_whitespace();
        let who = words.next().unwrap_or("");
        let Some(p) = game.players.iter().position(|pl| pl.name == who) else {
            return Err(format!(
                "`{who}` is not a player of this game: name the pinned men's player before their points, such as `{} 7`",
                game.players[0].name
            ));
        };
        if named.contains(&p) {
            return Err(format!(
                "`{who}` is named twice: give each player's pinned men once, such as `{who} 7 9`"
            ));
        }
        named.push(p);
        let points: Vec<&str> = words.collect();
        if points.is_empty() {
            return Err(format!("`{who}` is followed by no point"));
        }
        for w in points {
            let s = point_of(engine, p, w)?;
            if game.board.sites[s].owner.is_some() {
                return Err(format!("`{w}`: a man is pinned on a point, not in a zone"));
            }
            out.push(Pin {
                owner: Some(p),
                site: s,
                point: format!("{who}'s {w}"),
            });
        }
    }
    Ok(out)
}

/// Puts a man pinned on site `s` under the men standing there: he is the
/// other player's (`owner`, where the text names him), and must be on his
/// track and within his men.
pub(super) fn pin_man(engine: &Engine, st: &mut State, pin: &Pin) -> Result<(), String> {
    let game = engine.game();
    let (named, s) = (pin.owner, pin.site);
    let site = &pin.point;
    let Some((pinner, _)) = st.piece(s) else {
        return Err(format!(
            "no men stand on {site} to pin a man there: a pinned man lies under the other player's men"
        ));
    };
    let owner = 1 - pinner;
    let name = &game.players[owner].name;
    if let Some(p) = named.filter(|&p| p != owner) {
        let who = &game.players[p].name;
        return Err(format!(
            "{who}'s own men stand on {site}: a man is pinned under the other player's men"
        ));
    }
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
