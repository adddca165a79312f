//! The doubling cube and match play in the `play` REPL: `double`, `take`
//! and `drop` (the agents decide theirs), the points a game scores with the
//! cube, and a match's games one after another until a player has its
//! points (see [`ludus::stakes`]).

use super::Session;
use crate::Agent;
use ludus::match_id::{GameState, MatchId};

/// The commands that may be typed while a double waits for its answer.
const WHILE_DOUBLED: [&str; 12] = [
    "take", "accept", "drop", "reject", "help", "?", "board", "position", "pip", "pips", "quit",
    "exit",
];

impl Session<'_> {
    /// Why `line` (lower case) cannot be obeyed while a double waits for
    /// its answer; `ludus serve` asks it of its requests by their names.
    pub(crate) fn awaiting_answer(&self, lower: &str) -> Option<String> {
        let stakes = self.game.stakes();
        let doubler = stakes.offered?;
        let first = lower.split_whitespace().next().unwrap_or_default();
        if WHILE_DOUBLED.contains(&first) || ["save", "hint"].contains(&first) {
            return None;
        }
        let name = &self.engine.game().players[1 - doubler].name;
        Some(format!(
            "{} has doubled: {name} must first `take` (the cube at {}) or `drop` (losing {})",
            self.engine.game().players[doubler].name,
            stakes.cube.value * 2,
            points(stakes.cube.value)
        ))
    }

    /// Why `player` may not double now ([`ludus::stakes::Stakes::why_no_double`],
    /// which `replay` asks too), or `None` if he may.
    pub(crate) fn why_no_double(&self, player: usize) -> Option<String> {
        self.game.why_no_double(player)
    }

    /// `double`: the person to move offers a double; refused with the
    /// reason (also written to `out`). The REPL and `ludus serve` double
    /// through this one function.
    pub(crate) fn double(&mut self, out: &mut String) -> Result<(), String> {
        let refused = |out: &mut String, why: String| {
            out.push_str(&why);
            out.push('\n');
            Err(why)
        };
        if self.game.over() {
            return refused(out, "the game is over".into());
        }
        let player = self.game.to_move();
        if self.agents[player] != Agent::Human {
            let why = format!(
                "{} is played by an agent, which decides its own doubles",
                self.mover()
            );
            return refused(out, why);
        }
        self.offer(player, out)?;
        self.advance(out);
        Ok(())
    }

    /// `player` doubles, if he may (the game not over).
    fn offer(&mut self, player: usize, out: &mut String) -> Result<(), String> {
        match self.game.double(player) {
            Err(why) => {
                let why = format!("{} cannot double: {why}", self.mover());
                out.push_str(&why);
                out.push('\n');
                Err(why)
            }
            Ok(value) => {
                self.write_record();
                let name = &self.engine.game().players[1 - player].name;
                out.push_str(&format!(
                    "{} doubles to {value}: {name} takes (the cube at {value}, his) or drops (losing {})\n",
                    self.mover(),
                    points(self.game.stakes().cube.value)
                ));
                Ok(())
            }
        }
    }

    /// `take` or `drop`, typed by the person doubled; refused with the
    /// reason (also written to `out`).
    pub(crate) fn answer(&mut self, take: bool, out: &mut String) -> Result<(), String> {
        let why = match self.game.stakes().offered {
            None => "no double is offered",
            Some(doubler) if self.agents[1 - doubler] != Agent::Human => {
                "the player doubled is an agent, which answers for itself"
            }
            Some(_) => {
                self.answered(take, out);
                self.advance(out);
                return Ok(());
            }
        };
        out.push_str(why);
        out.push('\n');
        Err(why.into())
    }

    /// The double is taken or dropped.
    fn answered(&mut self, take: bool, out: &mut String) {
        let Some(doubler) = self.game.stakes().offered else {
            return;
        };
        let taker = 1 - doubler;
        let name = self.engine.game().players[taker].name.clone();
        if take {
            if let Ok(value) = self.game.take() {
                out.push_str(&format!("{name} takes: the cube is at {value}, {name}'s\n"));
            }
        } else if self.game.drop_double().is_ok() {
            out.push_str(&format!("{name} drops\n"));
        }
        self.write_record();
    }

    /// The agents' cube actions before the turn: an agent doubled answers,
    /// an agent to move may double. False when a person must answer.
    pub(super) fn cube_turn(&mut self, out: &mut String) -> bool {
        if self.game.stakes().rules.is_none() || self.game.over() {
            return true;
        }
        let player = self.game.to_move();
        if self.game.stakes().offered.is_none()
            && cube_agent(&self.agents[player])
            && self.why_no_double(player).is_none()
            && ludus::agent::cube::should_double(
                self.game.stakes(),
                player,
                &self.cube_odds(player),
            )
        {
            // Judged by `why_no_double` just above: he may.
            let _ = self.offer(player, out);
        }
        let Some(doubler) = self.game.stakes().offered else {
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
            || ludus::agent::cube::should_take(self.game.stakes(), taker, &self.cube_odds(taker));
        self.answered(take, out);
        true
    }

    /// The cubeless odds of `player` before the throw
    /// ([`ludus::agent::cube::cube_odds`]), found by rollouts played by the
    /// learned evaluation of his agent, or of the strongest agent for the
    /// game where he has none (a person, an agent judging by the rules:
    /// the game's own where it has one), seeded by the turn number so that
    /// the session's own generator is untouched.
    fn cube_odds(&self, player: usize) -> ludus::agent::janowski::Odds {
        let turn = self.game.history().len() as u64;
        let strongest;
        let learned = match &self.agents[player] {
            Agent::Machine(spec) if spec.evaluation().is_some() => spec.evaluation(),
            _ => {
                let game = self
                    .file
                    .as_ref()
                    .map(|f| f.path.clone())
                    .unwrap_or_default();
                strongest = ludus::agent::Spec::strongest(self.engine, &game);
                strongest.evaluation()
            }
        };
        ludus::agent::cube::cube_odds(
            self.engine,
            self.game.state(),
            player,
            learned,
            ludus::agent::cube::CUBE_ROLLOUTS,
            turn,
        )
    }

    /// `hint` at a cube decision: a double to answer, or the start of a
    /// turn where the player to move may double. Says what Janowski's
    /// model makes of the rollouts' odds, and returns the command it
    /// advises (`take`, `drop`, `double` or `roll`); `None` where there is
    /// no cube decision (a hint about the turn is then wanted).
    pub(crate) fn cube_hint(&self, out: &mut String) -> Option<&'static str> {
        let names = |p: usize| self.engine.game().players[p].name.clone();
        let stakes = self.game.stakes();
        if let Some(doubler) = stakes.offered {
            let taker = 1 - doubler;
            let odds = self.cube_odds(taker);
            let advice = if ludus::agent::cube::should_take(stakes, taker, &odds) {
                "take"
            } else {
                "drop"
            };
            let d = ludus::agent::cube::decision(stakes, doubler, &odds.flipped());
            out.push_str(&format!(
                "{advice}: {}; for {}, doubled, a take is worth {:+.3} a point, a drop -1 (Janowski's model)\n",
                odds_text(&names(taker), &odds),
                names(taker),
                -d.double_take,
            ));
            return Some(advice);
        }
        let player = self.game.to_move();
        if stakes.rules.is_none() || !self.needs_roll() || self.why_no_double(player).is_some() {
            return None;
        }
        let odds = self.cube_odds(player);
        let (advice, said) = if ludus::agent::cube::should_double(stakes, player, &odds) {
            ("double", "double")
        } else {
            ("roll", "no double: roll")
        };
        let d = ludus::agent::cube::decision(stakes, player, &odds);
        out.push_str(&format!(
            "{said}: {}; no double is worth {:+.3} a point, double/take {:+.3}, double/drop +1 (Janowski's model, {})\n",
            odds_text(&names(player), &odds),
            d.no_double,
            d.double_take,
            d.verdict().name(),
        ));
        Some(advice)
    }

    /// The game has ended: says what it scores and, in a match that goes
    /// on, begins the next game (true: there is a game to play on).
    pub(super) fn game_over(&mut self, out: &mut String) -> bool {
        self.game.stop();
        let won = self.game.won();
        let staked = self.game.staked();
        let stakes = *self.game.stakes();
        let money = stakes.score.money();
        if staked {
            self.results.push(Finished {
                winner: won.map(|w| w.winner),
                points: won.map_or(0, |w| w.points),
                cube: stakes.cube.value,
                dropped: self.game.dropped(),
                resigned: self.game.resigned(),
            });
        }
        if let Some(won) = won
            && staked
            && (!money || stakes.cube.value > 1)
        {
            let name = &self.engine.game().players[won.winner].name;
            let cube = if stakes.cube.value > 1 {
                format!(", the cube at {}", stakes.cube.value)
            } else {
                String::new()
            };
            out.push_str(&format!("{name} scores {}{cube}\n", points(won.points)));
        }
        self.write_record();
        // From here the game is among the match's games, not to be
        // scored (nor written) again.
        self.scored = true;
        if !staked {
            return false;
        }
        if let Some(text) = self.finished_record() {
            self.match_games.push(text);
        }
        let mut stakes = stakes;
        stakes.finish(won);
        self.game.set_stakes(stakes);
        let score = stakes.score;
        let names = |p: usize| self.engine.game().players[p].name.clone();
        if score.money() {
            if self.between_money_games() {
                out.push_str(&self.money_score("money play"));
                out.push_str("type `next` for the next game, or `quit`\n");
            } else if score.games >= 2 {
                out.push_str(&self.money_score("money play"));
            }
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
            stakes.summary(self.engine)
        ));
        if self.pause_between_games {
            return false;
        }
        self.next_game(out);
        true
    }

    /// The next game of a match (or of money play), once the last has
    /// ended and been scored: begun, and played up to a person's turn;
    /// refused with the reason where there is none to begin.
    pub(crate) fn next_of_match(&mut self, out: &mut String) -> Result<(), String> {
        let score = self.game.stakes().score;
        let why = if !self.scored || !self.game.staked() {
            "the game is not over and scored: there is no next game yet"
        } else if let Some(winner) = score.winner() {
            let name = &self.engine.game().players[winner].name;
            out.push_str(&format!(
                "{name} has won the match to {}: start a new one\n",
                score.length
            ));
            return Err(format!("{name} has won the match: start a new one"));
        } else {
            self.next_game(out);
            self.advance(out);
            return Ok(());
        };
        out.push_str(why);
        out.push('\n');
        Err(why.into())
    }

    /// Whether money play waits between its games for a person to ask for
    /// the next one (`next`) or leave: in the terminal, with a person
    /// playing (agents alone play one game).
    pub(crate) fn between_money_games(&self) -> bool {
        self.next_game_due()
            && self.game.stakes().score.money()
            && !self.pause_between_games
            && self.agents.contains(&Agent::Human)
    }

    /// The score of money play so far, after `what`: `money play: white
    /// 2, black 1 after 3 games`.
    pub(crate) fn money_score(&self, what: &str) -> String {
        let score = self.game.stakes().score;
        let names = |p: usize| &self.engine.game().players[p].name;
        format!(
            "{what}: {} {}, {} {} after {} game{}\n",
            names(0),
            score.points[0],
            names(1),
            score.points[1],
            score.games,
            if score.games == 1 { "" } else { "s" }
        )
    }

    /// What `quit` says first in the middle of a match, where a second
    /// `quit` is needed to leave it unfinished; none elsewhere.
    pub(crate) fn quit_warning(&self) -> Option<String> {
        let stakes = self.game.stakes();
        let score = stakes.score;
        if score.money() || !self.game.staked() || score.winner().is_some() {
            return None;
        }
        Some(format!(
            "the match is not over ({}): type `quit` again to leave it unfinished\n",
            stakes.summary(self.engine)
        ))
    }

    /// The games of the match (or of money play) finished so far, as
    /// scored, oldest first.
    pub(crate) fn results(&self) -> &[Finished] {
        &self.results
    }

    /// Makes a match stop between its games until
    /// [`Session::next_of_match`] is asked for (the page, which shows the
    /// last position and the score first).
    pub(crate) fn pausing_between_games(mut self) -> Self {
        self.pause_between_games = true;
        self
    }

    /// The next game of the match, from the setup (or the position the
    /// session started from), with its opening throw.
    fn next_game(&mut self, out: &mut String) {
        let st = match self.file.as_ref().and_then(|f| f.start.as_deref()) {
            Some(p) => ludus::notation::parse_position(self.engine, p)
                .unwrap_or_else(|_| self.engine.start()),
            None => self.engine.start(),
        };
        self.game.restart(st);
        out.push_str(&self.start_game());
    }
}

impl Session<'_> {
    /// GNU Backgammon's Match ID of the game and its stakes, where the
    /// game has Position IDs.
    pub(super) fn match_id(&self) -> Option<String> {
        let st = self.game.state();
        ludus::position_id::position_id(self.engine, st).ok()?;
        let stakes = self.game.stakes();
        let state = if self.game.dropped().is_some() {
            GameState::Dropped
        } else if self.game.resigned().is_some() {
            GameState::Resigned
        } else if self.game.over() {
            GameState::Over
        } else {
            GameState::Playing
        };
        let on_roll = st.to_move;
        let thrown = self.game.thrown() && st.dice[1] != 0;
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
                [st.dice[0], st.dice[1]]
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

/// A game of a match (or of money play) finished, as it was scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Finished {
    /// The winner (none: a draw, or a game stopped unfinished).
    pub winner: Option<usize>,
    /// The points he scored.
    pub points: u32,
    /// The cube's value as the game ended.
    pub cube: u32,
    /// The player who dropped a double, if one ended the game.
    pub dropped: Option<usize>,
    /// The player who resigned, if one did.
    pub resigned: Option<usize>,
}

/// What rollouts found of a player's odds, for a hint.
fn odds_text(name: &str, odds: &ludus::agent::janowski::Odds) -> String {
    format!(
        "{name} wins {:.1}% of {} games played out (a win worth {:.2} points, a loss {:.2}; {:+.3} a game without the cube)",
        100.0 * odds.win,
        ludus::agent::cube::CUBE_ROLLOUTS,
        odds.won,
        odds.lost,
        odds.cubeless()
    )
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
