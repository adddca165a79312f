//! The agents' cube actions: whether an agent judges them, and the rules
//! of thumb it doubles and takes by, from a cubeless equity found by
//! greedy rollouts. The cube and the score themselves are the rules'
//! ([`crate::stakes`]); these are a player's choices within them.

use crate::engine::Engine;
use crate::stakes::Stakes;

/// Games an agent plays out to judge a cube action.
pub const CUBE_ROLLOUTS: u32 = 200;

/// Whether `agent` judges cube actions: the searching agents do; the
/// random agent never doubles and always takes, so that its games stay
/// those of `ludus playout` with the same seed.
pub fn judges_cube(agent: &super::Spec) -> bool {
    *agent != super::Spec::Random
}

/// The points `player` expects per game from `st` before its throw,
/// without the cube: [`CUBE_ROLLOUTS`] games played out by greedy play
/// ([`super::equity`]) from a generator seeded with `seed`. A
/// search that stops (a roll with too many turns) counts as even.
pub fn cube_equity(engine: &Engine, st: &crate::engine::State, player: usize, seed: u64) -> Equity {
    let mut st = st.clone();
    if engine.thrown(&st) {
        st.dice = [0; 4];
    }
    let mut rng = crate::rng::rng(seed);
    super::equity(engine, &st, player, CUBE_ROLLOUTS, &mut rng).map_or(0.0, |e| e.points)
}

/// The points a cubeless estimate expects `player` to win per game (at a
/// cube of 1; negative when he expects to lose), as a rule of thumb for
/// cube actions: see [`should_double`] and [`should_take`].
pub type Equity = f64;

/// Whether a player who expects `equity` points per game (cubeless) should
/// double, in money play: when it is at least 0.4 (about 70% to win
/// without gammons, the usual doubling window) and at most 1.0 (above, a
/// drop would cash less than playing on wins). In a match: never when a
/// single win at the cube's value already wins it, always at once as the
/// trailer after the Crawford game while his opponent needs one point.
pub fn should_double(stakes: &Stakes, player: usize, equity: Equity) -> bool {
    let score = &stakes.score;
    if let (Some(mine), Some(theirs)) = (score.away(player), score.away(1 - player)) {
        if mine <= stakes.cube.value {
            return false;
        }
        if theirs == 1 && score.crawford_done {
            return true;
        }
    }
    (0.4..=1.0).contains(&equity)
}

/// Whether a player offered a double who expects `equity` points per game
/// (cubeless) should take: when it is at least -0.6 (a drop loses 1 and a
/// take at twice the stake loses 2·equity, and owning the cube is worth
/// about 0.1 more), and always in a match when the drop would lose it.
pub fn should_take(stakes: &Stakes, player: usize, equity: Equity) -> bool {
    if stakes
        .score
        .away(1 - player)
        .is_some_and(|theirs| theirs <= stakes.cube.value)
    {
        return true;
    }
    equity >= -0.6
}
