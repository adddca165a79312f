//! The doubling cube and match play in the `play` REPL: `double`, `take`
//! and `drop` (the agents decide theirs), the points a game scores with the
//! cube, and a match's games one after another until a player has its
//! points (see [`ludus::stakes`]).

use super::Session;
use crate::Agent;
use ludus::engine::Outcome;
use ludus::match_id::{GameState, MatchId};
use ludus::stakes::Won;

/// The commands that may be typed while a double waits for its answer.
const WHILE_DOUBLED: [&str; 12] = [
    "take", "accept", "drop", "reject", "help", "?", "board", "position", "pip", "pips", "quit",
    "exit",
];

impl Session<'_> {
    /// Why `line` cannot be obeyed while a double waits for its answer.
    pub(super) fn awaiting_answer(&self, lower: &str) -> Option<String> {
        let doubler = self.stakes.offered?;
        let first = lower.split_whitespace().next().unwrap_or_default();
        if WHILE_DOUBLED.contains(&first) || ["save", "hint"].contains(&first) {
            return None;
        }
        let name = &self.engine.game().players[1 - doubler].name;
        Some(format!(
            "{} has doubled: {name} must first `take` (the cube at {}) or `drop` (losing {})",
            self.engine.game().players[doubler].name,
            self.stakes.cube.value * 2,
            points(self.stakes.cube.value)
        ))
    }

    /// Why `player` may not double now ([`ludus::stakes::Stakes::why_no_double`],
    /// which `replay` asks too), or `None` if he may.
    fn why_no_double(&self, player: usize) -> Option<String> {
        if self.finished {
            return Some("the game is over".into());
        }
        self.stakes.why_no_double(self.engine, &self.st, player)
    }

    /// `double`: the person to move offers a double.
    pub(super) fn double(&mut self, out: &mut String) {
        if self.finished {
            out.push_str("the game is over\n");
            return;
        }
        let player = self.st.to_move as usize;
        if self.agents[player] != Agent::Human {
            out.push_str(&format!(
                "{} is played by an agent, which decides its own doubles\n",
                self.mover()
            ));
            return;
        }
        self.offer(player, out);
        self.advance(out);
    }

    /// `player` doubles, if he may (the game not over).
    fn offer(&mut self, player: usize, out: &mut String) {
        match self.stakes.double(self.engine, &self.st, player) {
            Err(why) => out.push_str(&format!("{} cannot double: {why}\n", self.mover())),
            Ok(value) => {
                if let Some(w) = &mut self.writer {
                    w.cube(self.engine, "double", player, value);
                }
                self.write_record();
                let name = &self.engine.game().players[1 - player].name;
                out.push_str(&format!(
                    "{} doubles to {value}: {name} takes (the cube at {value}, his) or drops (losing {})\n",
                    self.mover(),
                    points(self.stakes.cube.value)
                ));
            }
        }
    }

    /// `take` or `drop`, typed by the person doubled.
    pub(super) fn answer(&mut self, take: bool, out: &mut String) {
        let Some(doubler) = self.stakes.offered else {
            out.push_str("no double is offered\n");
            return;
        };
        if self.agents[1 - doubler] != Agent::Human {
            out.push_str("the player doubled is an agent, which answers for itself\n");
            return;
        }
        self.answered(take, out);
        self.advance(out);
    }

    /// The double is taken or dropped.
    fn answered(&mut self, take: bool, out: &mut String) {
        let Some(doubler) = self.stakes.offered else {
            return;
        };
        let taker = 1 - doubler;
        let name = self.engine.game().players[taker].name.clone();
        if take {
            if let Ok(value) = self.stakes.take() {
                if let Some(w) = &mut self.writer {
                    w.cube(self.engine, "take", taker, value);
                }
                out.push_str(&format!("{name} takes: the cube is at {value}, {name}'s\n"));
            }
        } else if let Ok(won) = self.stakes.drop() {
            if let Some(w) = &mut self.writer {
                w.cube(self.engine, "drop", taker, self.stakes.cube.value * 2);
            }
            out.push_str(&format!("{name} drops\n"));
            self.dropped = Some(taker);
            self.partial.clear();
            self.outcome = Outcome::Decisive {
                winner: won.winner,
                points: 1,
            };
            self.finished = true;
        }
        self.write_record();
    }

    /// The agents' cube actions before the turn: an agent doubled answers,
    /// an agent to move may double. False when a person must answer.
    pub(super) fn cube_turn(&mut self, out: &mut String) -> bool {
        if self.stakes.rules.is_none() || self.finished {
            return true;
        }
        let player = self.st.to_move as usize;
        if self.stakes.offered.is_none()
            && cube_agent(&self.agents[player])
            && self.why_no_double(player).is_none()
            && ludus::agent::cube::should_double(&self.stakes, player, self.cube_equity(player))
        {
            self.offer(player, out);
        }
        let Some(doubler) = self.stakes.offered else {
            return true;
        };
        let taker = 1 - doubler;
        if self.agents[taker] == Agent::Human {
            out.push_str(&format!(
                "{}: `take` or `drop`\n",
                self.engine.game().players[taker].name
            ));
            return false;
        }
        // An agent without a judgement of positions (the random one) takes.
        let take = !cube_agent(&self.agents[taker])
            || ludus::agent::cube::should_take(&self.stakes, taker, self.cube_equity(taker));
        self.answered(take, out);
        true
    }

    /// The points `player` expects per game from the position before the
    /// throw, without the cube ([`ludus::agent::cube::cube_equity`]), seeded by the
    /// turn number so that the session's own generator is untouched.
    fn cube_equity(&self, player: usize) -> f64 {
        ludus::agent::cube::cube_equity(self.engine, &self.st, player, self.history.len() as u64)
    }

    /// `hint` at a cube decision: a double to answer, or the start of a
    /// turn where the player to move may double. Says what the agents'
    /// rule of thumb makes of the rollouts' equity; false where there is
    /// no cube decision (a hint about the turn is then wanted).
    pub(super) fn cube_hint(&self, out: &mut String) -> bool {
        let names = |p: usize| self.engine.game().players[p].name.clone();
        if let Some(doubler) = self.stakes.offered {
            let taker = 1 - doubler;
            let equity = self.cube_equity(taker);
            let advice = if ludus::agent::cube::should_take(&self.stakes, taker, equity) {
                "take"
            } else {
                "drop"
            };
            out.push_str(&format!(
                "{advice}: {} expects {equity:+.3} points a game without the cube ({} games played out by greedy play); the rule of thumb takes from -0.6\n",
                names(taker),
                ludus::agent::cube::CUBE_ROLLOUTS
            ));
            return true;
        }
        let player = self.st.to_move as usize;
        if self.stakes.rules.is_none() || !self.needs_roll() || self.why_no_double(player).is_some()
        {
            return false;
        }
        let equity = self.cube_equity(player);
        let advice = if ludus::agent::cube::should_double(&self.stakes, player, equity) {
            "double"
        } else {
            "no double: roll"
        };
        out.push_str(&format!(
            "{advice}: {} expects {equity:+.3} points a game without the cube ({} games played out by greedy play); the rule of thumb doubles from 0.4 to 1.0\n",
            names(player),
            ludus::agent::cube::CUBE_ROLLOUTS
        ));
        true
    }

    /// The game has ended: says what it scores and, in a match that goes
    /// on, begins the next game (true: there is a game to play on).
    pub(super) fn game_over(&mut self, out: &mut String) -> bool {
        self.finished = true;
        let won = match self.outcome {
            Outcome::Decisive { winner, points } => Some(Won {
                winner,
                points: self.scored(points),
            }),
            _ => None,
        };
        let staked = self.stakes.rules.is_some() || !self.stakes.score.money();
        let money = self.stakes.score.money();
        if let Some(won) = won
            && staked
            && (!money || self.stakes.cube.value > 1)
        {
            let name = &self.engine.game().players[won.winner].name;
            let cube = if self.stakes.cube.value > 1 {
                format!(", the cube at {}", self.stakes.cube.value)
            } else {
                String::new()
            };
            out.push_str(&format!("{name} scores {}{cube}\n", points(won.points)));
        }
        self.write_record();
        if !staked {
            return false;
        }
        if let Some(text) = self.finished_record() {
            self.match_games.push(text);
        }
        self.stakes.finish(won);
        let score = self.stakes.score;
        let names = |p: usize| self.engine.game().players[p].name.clone();
        if score.money() {
            if score.games < 2 {
                return false;
            }
            out.push_str(&format!(
                "money play: {} {}, {} {} after {} game{}\n",
                names(0),
                score.points[0],
                names(1),
                score.points[1],
                score.games,
                if score.games == 1 { "" } else { "s" }
            ));
            return false;
        }
        if let Some(winner) = score.winner() {
            out.push_str(&format!(
                "{} wins the match to {}, {}-{}\n",
                names(winner),
                score.length,
                score.points[winner],
                score.points[1 - winner]
            ));
            return false;
        }
        out.push_str(&format!(
            "game {} of the match: {}\n",
            score.games + 1,
            self.stakes.summary(self.engine)
        ));
        self.next_game(out);
        true
    }

    /// What the end rules' `points` score with the cube.
    pub(super) fn scored(&self, points: u8) -> u32 {
        if self.dropped.is_some() {
            self.stakes.cube.value
        } else {
            self.stakes.scored(u32::from(points))
        }
    }

    /// The next game of the match, from the setup (or the position the
    /// session started from), with its opening throw.
    fn next_game(&mut self, out: &mut String) {
        self.st = match self.file.as_ref().and_then(|f| f.start.as_deref()) {
            Some(p) => ludus::notation::parse_position(self.engine, p)
                .unwrap_or_else(|_| self.engine.start()),
            None => self.engine.start(),
        };
        self.history.clear();
        self.finished = false;
        self.resigned = None;
        self.dropped = None;
        self.refresh();
        out.push_str(&self.start_game());
    }
}

impl Session<'_> {
    /// GNU Backgammon's Match ID of the game and its stakes, where the
    /// game has Position IDs.
    pub(super) fn match_id(&self) -> Option<String> {
        ludus::position_id::position_id(self.engine, &self.st).ok()?;
        let stakes = &self.stakes;
        let state = if self.dropped.is_some() {
            GameState::Dropped
        } else if self.resigned.is_some() {
            GameState::Resigned
        } else if self.finished {
            GameState::Over
        } else {
            GameState::Playing
        };
        let on_roll = self.st.to_move;
        let thrown = self.engine.has_dice() && !self.needs_roll() && self.st.dice[1] != 0;
        let id = MatchId {
            cube: stakes.cube.value,
            cube_owner: stakes.cube.owner.map(|p| p as u8),
            on_roll,
            crawford: stakes.score.crawford,
            state,
            turn: stakes.offered.map_or(on_roll, |d| 1 - d as u8),
            double_offered: stakes.offered.is_some(),
            resign: 0,
            dice: if thrown {
                [self.st.dice[0], self.st.dice[1]]
            } else {
                [0, 0]
            },
            length: stakes.score.length,
            score: stakes.score.points,
            jacoby: stakes.score.money() && stakes.rules.is_some_and(|r| r.jacoby),
        };
        id.encode().ok()
    }
}

/// Whether `agent` judges cube actions (see [`ludus::agent::cube::judges_cube`]).
fn cube_agent(agent: &Agent) -> bool {
    matches!(agent, Agent::Machine(spec) if ludus::agent::cube::judges_cube(spec))
}

/// `1 point`, `4 points`.
fn points(n: u32) -> String {
    if n == 1 {
        "1 point".into()
    } else {
        format!("{n} points")
    }
}
