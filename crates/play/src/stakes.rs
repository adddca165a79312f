//! What games are played for: the doubling cube of a game's `stakes`
//! section, and the score of a match played to a number of points (or of
//! money play, with no end).
//!
//! The cube starts each game in the middle at 1. Before his turn (before
//! he throws, in a game with dice) the player to move may double if the
//! cube is in the middle or his; his opponent then takes (the cube is his,
//! at twice the value) or drops (he loses the game at the value before the
//! double). A game won is worth its end rule's points times the cube; with
//! the Jacoby rule (money play only) a win counts single while the cube has
//! not been turned. With the Crawford rule (match play only) nobody may
//! double in the one game after a player first comes within a single point
//! of winning the match.
//!
//! None of this touches the engine: a [`Stakes`] sits beside the game's
//! [`crate::engine::State`] in the programs that play whole games.

use crate::engine::{Engine, State};
use crate::ir;

/// The longest match, in points (GNU Backgammon's Match ID keeps 15 bits).
pub const MAX_MATCH: u32 = 32_767;

/// The cube of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cube {
    /// Its value: 1 until the first double.
    pub value: u32,
    /// Who may double next besides the player to move: `None` while it is
    /// in the middle, else the player who took the last double.
    pub owner: Option<usize>,
}

impl Cube {
    /// The cube in the middle at 1.
    pub const CENTRED: Cube = Cube {
        value: 1,
        owner: None,
    };
}

/// The score of a match or of money play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    /// The points that win the match; 0 for money play, which has no end.
    pub length: u32,
    /// Each player's points so far.
    pub points: [u32; 2],
    /// Whether the game being played is the Crawford game.
    pub crawford: bool,
    /// Whether the Crawford game has been played (so no other game is).
    pub crawford_done: bool,
    /// Games finished.
    pub games: u32,
}

impl Score {
    /// A match to `length` points (0: money play) before its first game.
    pub fn new(length: u32) -> Score {
        Score {
            length,
            points: [0, 0],
            crawford: false,
            crawford_done: false,
            games: 0,
        }
    }

    /// Whether this is money play rather than a match.
    pub fn money(&self) -> bool {
        self.length == 0
    }

    /// The player who has won the match, if one has.
    pub fn winner(&self) -> Option<usize> {
        if self.money() {
            return None;
        }
        (0..2).find(|&p| self.points[p] >= self.length)
    }

    /// The points `player` still needs to win the match (none in money play).
    pub fn away(&self, player: usize) -> Option<u32> {
        (!self.money()).then(|| self.length.saturating_sub(self.points[player]))
    }
}

/// What a game in progress is played for: the cube and the score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stakes {
    /// The game's cube rules, if it has a cube.
    pub rules: Option<ir::Stakes>,
    /// The cube of this game.
    pub cube: Cube,
    /// The player who has doubled and waits for the answer, if one has.
    pub offered: Option<usize>,
    /// The score before this game.
    pub score: Score,
}

/// How a game ended, in points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Won {
    /// The winner.
    pub winner: usize,
    /// The points he scores: the game's, times the cube.
    pub points: u32,
}

impl Stakes {
    /// Money play (`length` 0) or a match to `length` points, in `engine`'s
    /// game, before its first game.
    pub fn new(engine: &Engine, length: u32) -> Stakes {
        Stakes {
            rules: engine.game().stakes,
            cube: Cube::CENTRED,
            offered: None,
            score: Score::new(length),
        }
    }

    /// Why `player` may not double in `st`, or `None` if he may: the one
    /// judge of a double, for the REPL, the replay of records and the
    /// agents' matches alike. He may where the game has a cube, no double
    /// waits for its answer, he is to move and his turn has not begun (in
    /// a game with dice, he has not thrown: after an opening throw that he
    /// plays, his first turn has begun; after one that he throws again, it
    /// has not), this is not the Crawford game, the cube is in the middle
    /// or his and below its highest value, and the game is not over.
    pub fn why_no_double(&self, engine: &Engine, st: &State, player: usize) -> Option<String> {
        let Some(rules) = self.rules else {
            return Some("this game has no doubling cube".into());
        };
        Some(if self.offered.is_some() {
            "a double is already offered: `take` or `drop` it".into()
        } else if player != usize::from(st.to_move) {
            "it is not his turn: a player doubles at the start of his own".into()
        } else if engine.thrown(st) {
            "a player doubles before his turn, not during it".into()
        } else if self.score.crawford {
            "this is the Crawford game: nobody may double in it".into()
        } else if self.cube.owner.is_some_and(|o| o != player) {
            "the cube is the opponent's: only he may double".into()
        } else if self.cube.value.saturating_mul(2) > rules.cube_max {
            format!("the cube is at its highest value, {}", self.cube.value)
        } else if over(engine, st) {
            "the game is over".into()
        } else {
            return None;
        })
    }

    /// `player` offers a double in `st`, if he may ([`Stakes::why_no_double`]);
    /// the cube's value if it is taken.
    pub fn double(&mut self, engine: &Engine, st: &State, player: usize) -> Result<u32, String> {
        if let Some(why) = self.why_no_double(engine, st, player) {
            return Err(why);
        }
        self.offered = Some(player);
        Ok(self.cube.value * 2)
    }

    /// The double offered is taken: the cube, doubled, goes to the taker.
    pub fn take(&mut self) -> Result<u32, String> {
        let Some(doubler) = self.offered.take() else {
            return Err("no double is offered".into());
        };
        self.cube = Cube {
            value: self.cube.value * 2,
            owner: Some(1 - doubler),
        };
        Ok(self.cube.value)
    }

    /// The double offered is dropped: the doubler wins the game at the
    /// cube's value before the double.
    pub fn drop(&mut self) -> Result<Won, String> {
        let Some(doubler) = self.offered.take() else {
            return Err("no double is offered".into());
        };
        Ok(Won {
            winner: doubler,
            points: self.cube.value,
        })
    }

    /// What a win worth `points` by the end rules scores now: times the
    /// cube, but single under the Jacoby rule while the cube is unturned
    /// in money play.
    pub fn scored(&self, points: u32) -> u32 {
        let jacoby = self.rules.is_some_and(|r| r.jacoby) && self.score.money();
        let points = if jacoby && self.cube.value == 1 {
            points.min(1)
        } else {
            points
        };
        points.saturating_mul(self.cube.value)
    }

    /// Ends the game with `won` (none: a draw, which scores nothing) and
    /// readies the next: the cube back in the middle, and the Crawford
    /// game next if the rules have it and a player has just come within a
    /// point of the match.
    pub fn finish(&mut self, won: Option<Won>) {
        let score = &mut self.score;
        // A game of more than two players keeps no score past its first two
        // (it is played one game at a time: no match, no cube).
        if let Some(points) = won.and_then(|won| Some((score.points.get_mut(won.winner)?, won))) {
            *points.0 = points.0.saturating_add(points.1.points);
        }
        score.games += 1;
        if score.crawford {
            score.crawford = false;
            score.crawford_done = true;
        } else if self.rules.is_some_and(|r| r.crawford)
            && !score.money()
            && !score.crawford_done
            && score.winner().is_none()
            && (0..2).any(|p| score.away(p) == Some(1))
        {
            score.crawford = true;
        }
        self.cube = Cube::CENTRED;
        self.offered = None;
    }

    /// The cube and score as position fields: `cube: 1` (in the middle)
    /// or `cube: 4 black`; in a match `match: 5; score: 2-1` and
    /// `crawford` in the Crawford game (`crawford: done` after it). Empty
    /// for money play without a cube.
    pub fn fields(&self, engine: &Engine) -> String {
        let names = |p: usize| engine.game().players[p].name.clone();
        let mut out = Vec::new();
        if self.rules.is_some() {
            match self.cube.owner {
                None => out.push(format!("cube: {}", self.cube.value)),
                Some(p) => out.push(format!("cube: {} {}", self.cube.value, names(p))),
            }
            if let Some(p) = self.offered {
                out.push(format!("doubled: {}", names(p)));
            }
        }
        let score = &self.score;
        if !score.money() {
            out.push(format!("match: {}", score.length));
            out.push(format!("score: {}-{}", score.points[0], score.points[1]));
            if score.crawford {
                out.push("crawford: this game".into());
            } else if score.crawford_done {
                out.push("crawford: done".into());
            }
        }
        out.join("; ")
    }

    /// The stakes a record's header gives (`"stakes"`: the fields
    /// [`Stakes::fields`] writes, and nothing else).
    pub fn from_header(engine: &Engine, text: &str) -> Result<Stakes, String> {
        let (stakes, rest) = Stakes::new(engine, 0)
            .read_fields(engine, text)
            .map_err(|e| format!("header, `stakes`: {e}"))?;
        if !rest.is_empty() {
            return Err(format!(
                "header, `stakes`: `{rest}` is not a field of the cube or the score"
            ));
        }
        Ok(stakes)
    }

    /// Reads the fields [`Stakes::fields`] writes out of a position's
    /// text: the stakes they give (from `self`'s, for the fields missing)
    /// and the text without them.
    pub fn read_fields(&self, engine: &Engine, text: &str) -> Result<(Stakes, String), String> {
        let mut stakes = *self;
        let mut rest = Vec::new();
        let player = |name: &str| -> Result<usize, String> {
            let players = &engine.game().players;
            players.iter().position(|p| p.name == name).ok_or_else(|| {
                let names: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
                format!(
                    "`{name}` is not a player: the players are {}",
                    names.join(" and ")
                )
            })
        };
        let number = |key: &str, v: &str| -> Result<u32, String> {
            v.parse::<u32>()
                .ok()
                .filter(|&n| n <= MAX_MATCH)
                .ok_or_else(|| format!("`{key}: {v}`: expected a whole number up to {MAX_MATCH}"))
        };
        for field in text.split(';') {
            let Some((key, value)) = field.split_once(':') else {
                rest.push(field);
                continue;
            };
            let value = value.trim();
            match key.trim() {
                "cube" => {
                    let Some(rules) = self.rules else {
                        return Err("`cube:` given, and this game has no doubling cube".into());
                    };
                    let mut words = value.split_whitespace();
                    let v = number("cube", words.next().unwrap_or_default())?;
                    if !v.is_power_of_two() || v > rules.cube_max {
                        return Err(format!(
                            "`cube: {value}`: the cube's value is a power of two up to {}",
                            rules.cube_max
                        ));
                    }
                    let owner = words.next().map(player).transpose()?;
                    if v == 1 && owner.is_some() {
                        return Err(format!(
                            "`cube: {value}`: a cube at 1 is in the middle, nobody's"
                        ));
                    }
                    if v > 1 && owner.is_none() {
                        return Err(format!(
                            "`cube: {value}`: a turned cube is the player's who took it: `cube: {v} NAME`"
                        ));
                    }
                    if words.next().is_some() {
                        return Err(format!("`cube: {value}`: write `cube: VALUE [PLAYER]`"));
                    }
                    stakes.cube = Cube { value: v, owner };
                }
                "doubled" => stakes.offered = Some(player(value)?),
                "match" => stakes.score.length = number("match", value)?,
                "score" => {
                    let parts: Vec<&str> = value.split('-').collect();
                    let [a, b] = parts[..] else {
                        return Err(format!("`score: {value}`: write `score: 2-1`"));
                    };
                    stakes.score.points = [number("score", a.trim())?, number("score", b.trim())?];
                }
                "crawford" => match value {
                    "this game" => stakes.score.crawford = true,
                    "done" => stakes.score.crawford_done = true,
                    _ => {
                        return Err(format!(
                            "`crawford: {value}`: write `crawford: this game` or `crawford: done`"
                        ));
                    }
                },
                _ => rest.push(field),
            }
        }
        let score = &stakes.score;
        if !score.money() && score.winner().is_some() {
            return Err(format!(
                "`score: {}-{}`: the match to {} is already won",
                score.points[0], score.points[1], score.length
            ));
        }
        if score.money() && (score.crawford || score.crawford_done) {
            return Err("`crawford:` is a rule of match play: give `match: N` too".into());
        }
        if score.crawford && !self.rules.is_some_and(|r| r.crawford) {
            return Err("`crawford: this game`, and this game has no Crawford rule".into());
        }
        if stakes.score.crawford && (stakes.cube.value > 1 || stakes.offered.is_some()) {
            return Err("nobody doubles in the Crawford game".into());
        }
        Ok((stakes, rest.join(";").trim().to_string()))
    }

    /// One line about the cube and the score, for the board: `cube 2,
    /// black's; match to 5: white 2, black 1 (Crawford game)`. Empty where
    /// there is nothing to say.
    pub fn summary(&self, engine: &Engine) -> String {
        let names = |p: usize| engine.game().players[p].name.clone();
        let mut parts = Vec::new();
        if self.rules.is_some() {
            let cube = match self.cube.owner {
                None => format!("cube {} in the middle", self.cube.value),
                Some(p) => format!("cube {}, {}'s", self.cube.value, names(p)),
            };
            parts.push(cube);
        }
        let score = &self.score;
        if !score.money() {
            let mut text = format!(
                "match to {}: {} {}, {} {}",
                score.length,
                names(0),
                score.points[0],
                names(1),
                score.points[1]
            );
            if score.crawford {
                text.push_str(" (Crawford game)");
            }
            parts.push(text);
        }
        parts.join("; ")
    }
}

/// Whether the game is over in `st`, a position before its turn (before
/// the throw, the end rules do not wait for it).
fn over(engine: &Engine, st: &State) -> bool {
    let has_moves = engine.to_throw(st) || {
        let mut scratch = st.clone();
        let mut moves = Vec::new();
        // A position with more turns than the engine lists has some.
        engine.try_legal_moves(&mut scratch, &mut moves).is_err() || !moves.is_empty()
    };
    engine.outcome_with(st, has_moves) != crate::engine::Outcome::Ongoing
}

/// A GNU Backgammon ID, `POSITIONID:MATCHID` as gnubg prints it, read as
/// a position of `engine`'s game (its men, the player on roll, the dice
/// thrown) in the position language, and the stakes the Match ID gives,
/// for the game's cube rules. `None` where `text` is not of that shape.
pub fn read_gnubg_id(engine: &Engine, text: &str) -> Option<Result<(String, Stakes), String>> {
    let (position, matched) = text.trim().split_once(':')?;
    if !crate::position_id::looks_like_id(position) || matched.len() != 12 {
        return None;
    }
    Some(gnubg_id(engine, position, matched))
}

fn gnubg_id(engine: &Engine, position: &str, matched: &str) -> Result<(String, Stakes), String> {
    let id = crate::match_id::MatchId::decode(matched)?;
    let on_roll = id.position_turn();
    let names = &engine.game().players;
    let Some(player) = names.get(on_roll) else {
        return Err("the Match ID's player on roll is not a player of this game".into());
    };
    let mut text = crate::position_id::men_fields(engine, position, on_roll)?;
    text.push_str(&format!("; turn: {}", player.name));
    if id.dice[0] != 0 {
        text.push_str(&format!("; dice: {}-{}", id.dice[0], id.dice[1]));
    }
    let mut stakes = Stakes::new(engine, id.length);
    if id.cube > 1 || id.cube_owner.is_some() || id.double_offered {
        let Some(rules) = stakes.rules else {
            return Err(
                "the Match ID has a turned cube, and this game has no doubling cube".into(),
            );
        };
        if id.cube > rules.cube_max {
            return Err(format!(
                "the Match ID's cube is at {}, above this game's highest value, {}",
                id.cube, rules.cube_max
            ));
        }
    }
    stakes.cube = Cube {
        value: id.cube,
        owner: id.cube_owner.map(usize::from),
    };
    stakes.offered = id.double_offered.then_some(on_roll);
    stakes.score.points = id.score;
    stakes.score.crawford = id.crawford;
    // A match past its Crawford game, one player a point away, the other
    // not: the Crawford game is over.
    stakes.score.crawford_done = !id.crawford
        && id.length > 0
        && (0..2).any(|p| stakes.score.away(p) == Some(1))
        && stakes.rules.is_some_and(|r| r.crawford);
    if stakes.score.winner().is_some() {
        return Err("the Match ID's match is already won".into());
    }
    Ok((text, stakes))
}
