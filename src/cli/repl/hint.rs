//! `hint` in the `play` REPL: the legal turns as an agent sees them, by
//! default the strongest measured for the game; in dice games its best
//! turns then rolled out for their equity.

use super::Session;
use ludus::agent::Spec;
use ludus::engine::{Engine, Move, Outcome, State};
use ludus::notation::move_text;
use ludus::playout::{self, Rng};

/// The most turns `hint` lists.
pub(super) const HINTS_SHOWN: usize = 5;

/// In dice games, the games `hint` plays out from each turn it shows:
/// five turns' worth take about a quarter of a second from the start of a
/// game of 15 men a side (release build), an equity within some ±0.07
/// points (one standard error), less between two turns (the same dice).
pub(super) const HINT_ROLLOUTS: u32 = 300;

impl<'e> Session<'e> {
    /// Shows what an agent thinks of the legal turns, best first. The agent
    /// draws from a generator of its own (seeded by the turn number), so
    /// asking for a hint never changes the game that follows.
    pub(crate) fn hint(&mut self, spec: &str, out: &mut String) {
        if let Some(hinting) = self.hinting(spec, out) {
            out.push_str(&hinting.think());
        }
    }

    /// `hint` up to its search: what it says without one (the agent
    /// refused, the game over, a cube decision, the dice to throw first, no
    /// move) written to `out`; else the search, which the caller makes
    /// ([`Hinting::think`], with the session free if it likes).
    pub(crate) fn hinting(&self, spec: &str, out: &mut String) -> Option<Hinting<'e>> {
        // The strongest agent measured for the game's family (see
        // `Spec::strongest`).
        let game = self
            .file
            .as_ref()
            .map(|f| f.path.clone())
            .unwrap_or_default();
        let agent = match spec {
            "" => Ok(ludus::agent::Spec::strongest(self.engine, &game)),
            _ => spec
                .parse::<ludus::agent::Spec>()
                .and_then(|a| a.for_game(self.engine, &game)),
        };
        let agent = match agent {
            Ok(a) => a,
            Err(e) => {
                out.push_str(&format!("{e}\n"));
                return None;
            }
        };
        if self.game.over() || self.game.outcome() != Outcome::Ongoing {
            out.push_str("the game is over\n");
            return None;
        }
        if self.cube_hint(out).is_some() {
            return None;
        }
        if self.needs_roll() {
            out.push_str("roll first: the best turn depends on the dice\n");
            return None;
        }
        if self.game.legal().is_empty() {
            out.push_str("there is no move to choose\n");
            return None;
        }
        Some(Hinting {
            engine: self.engine,
            agent,
            st: self.game.state().clone(),
            moves: self.game.legal().to_vec(),
            seed: self.game.history().len() as u64,
            // A turn of thrown dice (hinted only after the throw): the
            // strongest agent's best turns are then rolled out for their
            // equity, over the dice to come.
            rollouts: spec.is_empty() && self.game.thrown(),
        })
    }
}

/// A hint's search, apart from the session: the agent, the position, its
/// legal turns, the seed of the hint's own generator, and whether the
/// best turns are rolled out (dice games, the strongest agent).
pub(crate) struct Hinting<'e> {
    engine: &'e Engine,
    agent: Spec,
    st: State,
    moves: Vec<Move>,
    seed: u64,
    rollouts: bool,
}

impl Hinting<'_> {
    /// The player to move.
    fn mover(&self) -> &str {
        &self.engine.game().players[self.st.to_move as usize].name
    }

    /// What the agent thinks of the turns, best first, as `hint` says it.
    pub(crate) fn think(&self) -> String {
        self.think_listed().0
    }

    /// [`Hinting::think`], and the turns it names, in the order it names
    /// them (the page makes each one a button that plays it).
    pub(crate) fn think_listed(&self) -> (String, Vec<String>) {
        let mut said = String::new();
        let mut named = Vec::new();
        let out = &mut said;
        let agent = self.agent.clone();
        let mut rng = playout::rng(self.seed);
        if self.rollouts {
            self.equity_hint(agent, &mut rng, (out, &mut named));
            return (said, named);
        }
        match agent.hints(self.engine, &self.st, &self.moves, &mut rng) {
            Ok(hints) => {
                // MCTS's mean rewards are shares of wins where a game is
                // worth one point and the judge is the playouts; otherwise,
                // as the learned evaluations', shares of the points.
                let points = agent.learned() || self.engine.most_points() > 1;
                let scale = match agent {
                    _ if agent.learned() => {
                        " (values: the learned evaluation, in shares of the most a game is worth)"
                    }
                    ludus::agent::Spec::Expectimax { .. } => {
                        " (values: its evaluation, -1 lost to +1 won)"
                    }
                    ludus::agent::Spec::Mcts { .. } if points => {
                        " (values: the points, in shares of the most a game is worth)"
                    }
                    _ => "",
                };
                out.push_str(&format!(
                    "{agent} on the turns of {}{scale}:\n",
                    self.mover()
                ));
                for h in hints.iter().take(HINTS_SHOWN) {
                    let text = move_text(self.engine, &self.moves[h.index]);
                    named.push(text.clone());
                    match agent {
                        ludus::agent::Spec::Mcts { .. } if points => out.push_str(&format!(
                            "  {text}  value {:+.3} over {} iterations\n",
                            2.0 * h.value - 1.0,
                            h.visits
                        )),
                        ludus::agent::Spec::Mcts { .. } => out.push_str(&format!(
                            "  {text}  wins {:.0}% of {} playouts\n",
                            100.0 * h.value,
                            h.visits
                        )),
                        ludus::agent::Spec::Expectimax { .. } => {
                            out.push_str(&format!("  {text}  value {:+.3}\n", h.value));
                        }
                        ludus::agent::Spec::Random | ludus::agent::Spec::Computer => {
                            out.push_str(&format!("  {text}\n"));
                        }
                    }
                }
                if hints.len() > HINTS_SHOWN {
                    out.push_str(&format!("  ({} more)\n", hints.len() - HINTS_SHOWN));
                }
            }
            Err(e) => out.push_str(&format!("no hint: {e}\n")),
        }
        (said, named)
    }

    /// The hint of a dice game: the turns ranked by `agent`, the best
    /// [`HINTS_SHOWN`] of them rolled out [`HINT_ROLLOUTS`] times each (the
    /// same dice for each) and shown by their equity, the points the mover
    /// can expect per game, best first.
    fn equity_hint(
        &self,
        agent: ludus::agent::Spec,
        rng: &mut Rng,
        (out, named): (&mut String, &mut Vec<String>),
    ) {
        let ranked = match agent.hints(self.engine, &self.st, &self.moves, rng) {
            Ok(hints) => hints,
            Err(e) => {
                out.push_str(&format!("no hint: {e}\n"));
                return;
            }
        };
        let best: Vec<Move> = ranked
            .iter()
            .take(HINTS_SHOWN)
            .map(|h| self.moves[h.index])
            .collect();
        let equities =
            match ludus::agent::turn_equities(self.engine, &self.st, &best, HINT_ROLLOUTS, rng) {
                Ok(e) => e,
                Err(e) => {
                    out.push_str(&format!("no hint: {e}\n"));
                    return;
                }
            };
        let mut order: Vec<usize> = (0..best.len()).collect();
        // Best equity first; equal ones in the agent's order.
        order.sort_by(|&a, &b| equities[b].points.total_cmp(&equities[a].points));
        let doubled = self.engine.win_points().len() > 1;
        out.push_str(&format!(
            "{agent} on the turns of {}, its best {} then played out {HINT_ROLLOUTS} times each by greedy play (equity: points expected per game, no doubling cube):\n",
            self.mover(),
            best.len()
        ));
        for i in order {
            let e = &equities[i];
            let text = move_text(self.engine, &best[i]);
            named.push(text.clone());
            let mut line = format!(
                "  {text}  equity {:+.3}  (wins {:.0}%",
                e.points,
                100.0 * e.win
            );
            if doubled {
                line.push_str(&format!(
                    ", {:.0}% doubled or more; loses {:.0}% doubled or more",
                    100.0 * e.win_more,
                    100.0 * e.lose_more
                ));
            }
            line.push_str(")\n");
            out.push_str(&line);
        }
        if ranked.len() > HINTS_SHOWN {
            out.push_str(&format!("  ({} more)\n", ranked.len() - HINTS_SHOWN));
        }
    }
}
