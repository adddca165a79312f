//! The seeds of a sowing game's position: `seeds: 1*4 2*4 7*10`, each
//! site holding seeds with its count (sites left out hold none).

use crate::engine::{Engine, State};

/// The seeds on the sites of `owner` (`None`: the board's sites, the
/// `seeds` field; a player: his zones, his field), in board order.
pub(super) fn seeds_text(engine: &Engine, st: &State, owner: Option<usize>) -> String {
    let game = engine.game();
    (st.stack.iter().enumerate())
        .filter(|&(s, &n)| n > 0 && game.board.sites[s].owner == owner)
        .map(|(s, n)| format!("{}*{n}", game.board.sites[s].name))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads the seeds of the sites of `owner` (see [`seeds_text`]) into `st`.
pub(super) fn parse_seeds(
    engine: &Engine,
    st: &mut State,
    owner: Option<usize>,
    value: &str,
) -> Result<(), String> {
    let game = engine.game();
    for word in value.split_whitespace() {
        let (name, count) = word.split_once('*').unwrap_or((word, "1"));
        let site = (game.board.sites.iter())
            .position(|s| s.name == name && s.owner == owner)
            .ok_or_else(|| match owner {
                None => format!("`{name}` is not a site of this board"),
                Some(p) => format!("`{name}` is not a zone of {}", game.players[p].name),
            })?;
        let n: u8 = count
            .parse()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("`{word}`: `{count}` is not a count of seeds (1 to 255)"))?;
        if st.stack[site] > 0 {
            return Err(format!("`{name}` is given twice"));
        }
        st.stack[site] = n;
    }
    Ok(())
}

/// Checks that a position read holds as many seeds in all as the game
/// (a sowing game neither adds nor loses any), and counts each player's.
pub(super) fn check_seeds(engine: &Engine, st: &mut State) -> Result<(), String> {
    let game = engine.game();
    let total: u32 = st.stack.iter().map(|&n| u32::from(n)).sum();
    let held: u32 = game.seeds.iter().map(|&(_, n)| u32::from(n)).sum();
    if total != held {
        return Err(format!(
            "the game holds {held} seeds, and these sites {total}: seeds are never added or lost"
        ));
    }
    engine.count_seeds(st);
    Ok(())
}
