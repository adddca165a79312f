//! Stable integer actions: every complete turn the engine lists is written
//! as a short sequence of actions, each one part of the turn.
//!
//! With `S` the game's number of sites (zones such as a bar or a tray
//! included):
//!
//! | id | action |
//! |---|---|
//! | 0 | `pass`: the turn is a pass |
//! | 1 | `end`: the turn stops here (a chain that may go on, or a turn that is also the start of a longer one) |
//! | 2 .. 2 + S | `huff SITE`: the opposing piece on SITE is huffed |
//! | 2 + S + ((from·S + to)·O + over) | one step of the turn: a piece goes from `from` to `to`, over `over` |
//!
//! In games without dice `O = S + 1` and `over` is the site of the piece
//! jumped and taken, or `S` for a plain step; in dice games `O = 1` and
//! `over` is 0: a die move is its origin and landing (the position it
//! leads to says what it hits). In a game that places pieces from the
//! hand, `K` the number of kinds, the next `K·S` ids are `place KIND
//! SITE` (id `2 + S + S·S·O + kind·S + site`); in a game whose lines remove
//! a piece, the next `S` are `remove SITE`, the piece the turn's completed
//! line removes; in a dice game whose players choose a double (`choose
//! double after throw`), `F` the dice's faces, the next `F` are `choose
//! D-D` (id `... + D - 1`). The number of distinct actions is `2 + S +
//! S·S·O`, plus those.

use ludus::engine::{Engine, Move, NONE};
use ludus::ir::Obligation;
use ludus::notation;

/// The turn is a pass.
pub const PASS: u32 = 0;
/// The turn ends here.
pub const END: u32 = 1;

/// One action, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The turn is a pass.
    Pass,
    /// The turn ends here.
    End,
    /// A piece huffed.
    Huff(u8),
    /// A piece of this kind placed from the hand on this site.
    Place {
        /// Its kind.
        kind: u8,
        /// Where it is placed.
        to: u8,
    },
    /// The opposing piece on this site removed by the completed line.
    Remove(u8),
    /// The double of this number chosen (`choose double`).
    Choose(u8),
    /// One step or die move.
    Step {
        /// Where the piece was.
        from: u8,
        /// Where it lands.
        to: u8,
        /// The piece taken, in games without dice.
        over: Option<u8>,
    },
}

/// The action encoding of one game.
pub struct Space {
    sites: u32,
    over_slots: u32,
    dice: bool,
    huffs: bool,
    /// Kinds of piece, where some are placed from the hand (else 0).
    placed_kinds: u32,
    /// Whether a completed line removes a piece.
    removes: bool,
    /// The doubles a player may choose (the dice's faces), else 0.
    choices: u32,
}

impl Space {
    /// The encoding of the engine's game.
    pub fn new(engine: &Engine) -> Space {
        let sites = engine.sites() as u32;
        let dice = engine.has_dice();
        Space {
            sites,
            over_slots: if dice { 1 } else { sites + 1 },
            dice,
            huffs: engine.game().rules.capture == Obligation::Huff,
            placed_kinds: if engine.game().kinds.iter().any(|k| k.place.is_some()) {
                engine.game().kinds.len() as u32
            } else {
                0
            },
            removes: engine.game().rules.line_removal.is_some(),
            choices: match (&engine.game().rules.choose, engine.game().dice) {
                (Some(_), Some(d)) => u32::from(d.faces),
                _ => 0,
            },
        }
    }

    fn place_base(&self) -> u32 {
        self.step_base() + self.sites * self.sites * self.over_slots
    }

    fn remove_base(&self) -> u32 {
        self.place_base() + self.placed_kinds * self.sites
    }

    fn step_base(&self) -> u32 {
        2 + self.sites
    }

    fn choose_base(&self) -> u32 {
        self.remove_base() + if self.removes { self.sites } else { 0 }
    }

    /// How many distinct action ids there are.
    pub fn num_actions(&self) -> u32 {
        self.choose_base() + self.choices
    }

    /// Appends the actions of the complete turn `m` to `out`.
    pub fn encode(&self, engine: &Engine, m: &Move, out: &mut Vec<u32>) {
        let start = out.len();
        if let Some(d) = m.chosen() {
            out.push(self.choose_base() + u32::from(d) - 1);
            return;
        }
        if self.huffs
            && let Some(site) = huffed(engine, m)
        {
            out.push(2 + u32::from(site));
        }
        for s in m.steps().iter().filter(|_| !m.places()) {
            let over = if self.dice {
                0
            } else if s.over == NONE {
                self.sites
            } else {
                u32::from(s.over)
            };
            let pair = u32::from(s.from) * self.sites + u32::from(s.to);
            out.push(self.step_base() + pair * self.over_slots + over);
        }
        if m.places() {
            let to = u32::from(m.steps[0].to);
            out.push(self.place_base() + u32::from(m.kind_after) * self.sites + to);
        }
        if m.remove != NONE {
            out.push(self.remove_base() + u32::from(m.remove));
        }
        if out.len() == start {
            out.push(PASS);
        }
    }

    /// The action `id` stands for, if any.
    pub fn decode(&self, id: u32) -> Option<Action> {
        match id {
            PASS => Some(Action::Pass),
            END => Some(Action::End),
            _ if id < self.step_base() => Some(Action::Huff((id - 2) as u8)),
            _ if id >= self.choose_base() && id < self.num_actions() => {
                Some(Action::Choose((id - self.choose_base() + 1) as u8))
            }
            _ if id >= self.remove_base() && id < self.choose_base() => {
                Some(Action::Remove((id - self.remove_base()) as u8))
            }
            _ if id >= self.place_base() && id < self.remove_base() => {
                let k = id - self.place_base();
                Some(Action::Place {
                    kind: (k / self.sites) as u8,
                    to: (k % self.sites) as u8,
                })
            }
            _ if id < self.place_base() => {
                let k = id - self.step_base();
                let over = k % self.over_slots;
                let pair = k / self.over_slots;
                Some(Action::Step {
                    from: (pair / self.sites) as u8,
                    to: (pair % self.sites) as u8,
                    over: (!self.dice && over != self.sites).then_some(over as u8),
                })
            }
            _ => None,
        }
    }

    /// The action as text, for `player`: `pass`, `end`, `huff d4`, a step
    /// `b2-c3` or a jump `b2xd4` (with the piece taken, `axd(b)`, where the
    /// landing alone does not name it), a die move in the mover's track
    /// positions as the game writes them (`13/18`, `bar/22`).
    pub fn text(&self, engine: &Engine, player: usize, id: u32) -> Option<String> {
        let name = |site: u8| engine.game().board.sites[site as usize].name.clone();
        Some(match self.decode(id)? {
            Action::Pass => "pass".into(),
            Action::End => "end".into(),
            Action::Huff(site) => format!("huff {}", name(site)),
            Action::Place { kind, to } => notation::placement_text(engine, kind, to),
            Action::Remove(site) => format!("x{}", name(site)),
            Action::Choose(d) => format!("choose {d}-{d}"),
            Action::Step { from, to, .. } if self.dice => {
                let point = |site: u8| {
                    notation::site_point_text(engine, player, site as usize)
                        .unwrap_or_else(|| name(site))
                };
                format!("{}/{}", point(from), point(to))
            }
            Action::Step { from, to, over } => match over {
                None => format!("{}-{}", name(from), name(to)),
                Some(over) if engine.landing_is_ambiguous(from, to) => {
                    format!("{}x{}({})", name(from), name(to), name(over))
                }
                Some(_) => format!("{}x{}", name(from), name(to)),
            },
        })
    }
}

/// The piece a turn huffs first, read from its notation (`huff d4 ...`).
fn huffed(engine: &Engine, m: &Move) -> Option<u8> {
    let text = notation::move_text(engine, m);
    let site = text.strip_prefix("huff ")?.split_whitespace().next()?;
    let sites = &engine.game().board.sites;
    sites.iter().position(|s| s.name == site).map(|i| i as u8)
}
