//! The agents' cube actions: whether an agent judges them, the cubeless
//! odds they judge by (rollouts played by a learned evaluation's greedy
//! play where the agent has one, else by the greedy policy), and the
//! double and take that Janowski's cubeful model makes of them
//! ([`super::janowski`]). The cube and the score themselves are the
//! rules' ([`crate::stakes`]); these are a player's choices within them.

use super::Learned;
use super::janowski::{CUBE_LIFE, Decision, Holder, Odds};
use crate::engine::{Engine, State};
use crate::stakes::Stakes;

/// Games an agent plays out to judge a cube action.
pub const CUBE_ROLLOUTS: u32 = 200;

/// Whether `agent` judges cube actions: the searching agents do; the
/// random agent never doubles and always takes, so that its games stay
/// those of `ludus playout` with the same seed.
pub fn judges_cube(agent: &super::Spec) -> bool {
    *agent != super::Spec::Random
}

/// The cubeless odds of `st` for `player` before the throw: `games` games
/// played out from it (its dice, if thrown, taken back) from a generator
/// seeded with `seed`, each turn chosen by the greedy play of `learned`
/// where given ([`super::equity_learned`]), else by the greedy policy
/// ([`super::equity`]). Wins, and the mean points of the games won and
/// lost, are counted; a drawn or unfinished game counts half a win. A
/// search that stops (a roll with too many turns) counts as even odds.
pub fn cube_odds(
    engine: &Engine,
    st: &State,
    player: usize,
    learned: Option<&Learned>,
    games: u32,
    seed: u64,
) -> Odds {
    let mut st = st.clone();
    if engine.thrown(&st) {
        st.dice = [0; 4];
    }
    let mut rng = crate::rng::rng(seed);
    let found = match learned {
        Some(l) => super::equity_learned(engine, &st, player, games, &l.net, &mut rng),
        None => super::equity(engine, &st, player, games, &mut rng),
    };
    match found {
        Ok(e) if e.games > 0 => Odds {
            win: e.win + (e.draw + e.unfinished) / 2.0,
            won: if e.won > 0.0 { e.won } else { 1.0 },
            lost: if e.lost > 0.0 { e.lost } else { 1.0 },
        },
        _ => Odds {
            win: 0.5,
            won: 1.0,
            lost: 1.0,
        },
    }
}

/// The cube decision of `player`, whose cubeless odds are `odds`, at the
/// cube of `stakes` (in the middle or his): Janowski's equities at cube
/// life [`CUBE_LIFE`], the Jacoby rule counted in money play.
pub fn decision(stakes: &Stakes, player: usize, odds: &Odds) -> Decision {
    let holder = match stakes.cube.owner {
        None => Holder::Centred,
        Some(o) if o == player => Holder::Mine,
        Some(_) => Holder::Theirs,
    };
    let jacoby = stakes.score.money() && stakes.rules.is_some_and(|r| r.jacoby);
    odds.decision(CUBE_LIFE, holder, jacoby)
}

/// Whether `player`, whose cubeless odds are `odds`, should double: where
/// doubling is worth more than playing on by Janowski's model
/// ([`decision`]). In a match, first by the score: never when a single
/// win at the cube's value already wins it, always at once as the trailer
/// after the Crawford game while his opponent needs one point; otherwise
/// as in money play.
pub fn should_double(stakes: &Stakes, player: usize, odds: &Odds) -> bool {
    let score = &stakes.score;
    if let (Some(mine), Some(theirs)) = (score.away(player), score.away(1 - player)) {
        if mine <= stakes.cube.value {
            return false;
        }
        if theirs == 1 && score.crawford_done {
            return true;
        }
    }
    decision(stakes, player, odds).double()
}

/// Whether a player offered a double, whose cubeless odds are `odds`,
/// should take: where taking (the cube his at twice the value) loses no
/// more than dropping by Janowski's model ([`decision`] of the doubler),
/// and always in a match when the drop would lose it.
pub fn should_take(stakes: &Stakes, player: usize, odds: &Odds) -> bool {
    if stakes
        .score
        .away(1 - player)
        .is_some_and(|theirs| theirs <= stakes.cube.value)
    {
        return true;
    }
    decision(stakes, 1 - player, &odds.flipped()).take()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stakes::{Cube, Score};

    fn money() -> Stakes {
        Stakes {
            rules: Some(crate::ir::Stakes {
                cube_max: 64,
                crawford: false,
                jacoby: false,
            }),
            cube: Cube::CENTRED,
            offered: None,
            score: Score::new(0),
        }
    }

    fn odds(win: f64) -> Odds {
        Odds {
            win,
            won: 1.0,
            lost: 1.0,
        }
    }

    #[test]
    fn money_decisions_follow_janowski() {
        let stakes = money();
        // Without gammons the doubling point is about 69.2% and the cash
        // point 78.6% (see `janowski`'s tests).
        assert!(!should_double(&stakes, 0, &odds(0.65)));
        assert!(should_double(&stakes, 0, &odds(0.72)));
        assert!(should_double(&stakes, 0, &odds(0.9)));
        // The taker sees the other side: 28% to win is a take, 21% a drop.
        assert!(should_take(&stakes, 1, &odds(0.28)));
        assert!(!should_take(&stakes, 1, &odds(0.21)));
        for win in [0.1, 0.3, 0.5, 0.7, 0.8, 0.95] {
            let o = odds(win);
            let d = CUBE_LIFE;
            let expected = o.decision(d, Holder::Centred, false);
            assert_eq!(should_double(&stakes, 0, &o), expected.double(), "{win}");
            assert_eq!(
                should_take(&stakes, 1, &o.flipped()),
                expected.take(),
                "{win}"
            );
        }
        // Many gammons: too good to double, which a rule of thumb on the
        // cubeless equity (1.28 here) would miss by doubling.
        let gammonish = Odds {
            win: 0.85,
            won: 1.9,
            lost: 1.0,
        };
        assert!(!should_double(&stakes, 0, &gammonish));
        assert!(!should_take(&stakes, 1, &gammonish.flipped()));
    }

    #[test]
    fn the_cube_owned() {
        // Owning the cube raises the doubling point: at 70% the centred
        // cube is doubled, an owned one kept.
        let mut stakes = money();
        assert!(should_double(&stakes, 0, &odds(0.7)));
        stakes.cube = Cube {
            value: 2,
            owner: Some(0),
        };
        assert!(!should_double(&stakes, 0, &odds(0.7)));
        assert!(should_double(&stakes, 0, &odds(0.76)));
    }

    #[test]
    fn match_score_first() {
        let mut stakes = money();
        stakes.score = Score::new(5);
        // Two away at a cube of 2: a win wins the match, no double.
        stakes.score.points = [3, 0];
        stakes.cube.value = 2;
        assert!(!should_double(&stakes, 0, &odds(0.75)));
        // The opponent's drop would lose the match: always take.
        stakes.cube.value = 1;
        stakes.score.points = [0, 4];
        assert!(should_take(&stakes, 0, &odds(0.05)));
    }
}
