//! `ludus moves --cube`: the cube decision of the player to move in a
//! position before his throw, as an agent judges it (the odds its
//! rollouts find, Janowski's cubeful equities, its double and take), as
//! JSON, for one position or one a line with `--batch`.

use crate::staked_position;
use ludus::agent::Spec;
use ludus::agent::cube::{cube_odds, decision, should_double, should_take};
use ludus::engine::{Engine, Outcome};

/// The most games `--rollouts` may ask for.
pub(crate) const MAX_CUBE_ROLLOUTS: u32 = 1_000_000;

/// How cube decisions are judged: the agent and its rollouts.
pub(crate) struct CubeJudge<'a> {
    /// The agent, ready for the game (its learned evaluation, if any,
    /// plays the rollouts).
    pub(crate) agent: &'a Spec,
    /// Games played out per position.
    pub(crate) rollouts: u32,
    /// The seed of the rollouts' dice.
    pub(crate) seed: u64,
}

/// The cube decision in the position `text` (its stakes fields or a GNU
/// Backgammon `POSITIONID:MATCHID` give the cube and score; money play
/// with the cube in the middle where they say nothing), or why there is
/// none to judge.
pub(crate) fn cube_answer(
    engine: &Engine,
    text: &str,
    judge: &CubeJudge,
) -> Result<serde_json::Value, String> {
    if engine.game().stakes.is_none() {
        return Err("this game has no doubling cube".into());
    }
    let (stakes, rest) =
        staked_position(engine, Some(text), None).map_err(|e| format!("bad position: {e}"))?;
    let mut st = match rest.as_deref() {
        Some(p) if !p.trim().is_empty() => {
            crate::read_position(engine, p).map_err(|e| format!("bad position: {e}"))?
        }
        _ => engine.start(),
    };
    // The decision comes before the throw: a roll given is not played.
    st.dice = [0; 4];
    if engine.outcome_with(&st, true) != Outcome::Ongoing {
        return Err("the game is over: there is no cube decision".into());
    }
    let player = usize::from(st.to_move);
    let names = &engine.game().players;
    let learned = judge.agent.evaluation();
    let odds = cube_odds(engine, &st, player, learned, judge.rollouts, judge.seed);
    let may = stakes.why_no_double(engine, &st, player);
    // His opponent's view, for the take: the cube as it is, doubled by him.
    let d = decision(&stakes, player, &odds);
    let take = should_take(&stakes, 1 - player, &odds.flipped());
    Ok(serde_json::json!({
        "position": ludus::notation::position_text(engine, &st),
        "to_move": names[player].name,
        "agent": judge.agent.to_string(),
        "rollouts": judge.rollouts,
        "policy": if learned.is_some() { "learned" } else { "greedy" },
        "cube": stakes.cube.value,
        "owner": stakes.cube.owner.map(|o| names[o].name.clone()),
        "match": stakes.score.length,
        "win": odds.win,
        "won": odds.won,
        "lost": odds.lost,
        "cubeless": odds.cubeless(),
        "no_double": d.no_double,
        "double_take": d.double_take,
        "double_pass": d.double_pass,
        "verdict": may.is_none().then(|| d.verdict().name()),
        "may_double": may.is_none(),
        "why_not": may,
        "double": may.is_none() && should_double(&stakes, player, &odds),
        "take": take,
    }))
}
