//! Stable integer actions: every complete turn the engine lists is written
//! as a short sequence of actions, each one part of the turn.
//!
//! With `S` the game's number of sites (zones such as a bar or a tray
//! included), in order:
//!
//! | ids | action |
//! |---|---|
//! | 0 | `pass`: the turn is a pass |
//! | 1 | `end`: the turn stops here (a chain that may go on, or a turn that is also the start of a longer one) |
//! | 2 .. 2 + S | `huff SITE`: the opposing piece on SITE is huffed (games that huff) |
//! | next `T` | one step of the turn, the `i`-th of the game's step table |
//! | next `P·S` | `place KIND SITE`, `P` the kinds placed from the hand |
//! | next `S` | `remove SITE`: the piece the turn's completed line removes (games whose lines remove) |
//! | next `S` | `shoot SITE`: where the piece's shot lands after its move (games whose pieces `shoot`) |
//! | next `F` | `choose D-D` (dice games whose players choose a double, `F` faces) |
//!
//! The step table holds every step a piece of the game could ever take,
//! worked out from the board and the kinds' lines, never from a position:
//! in dice games every ordered pair of sites `(from, to)`, `T = S·S` (a die
//! move is its origin and landing; the position says what it hits), and
//! so in sowing games (a sowing is its pit and its last seed's site); in
//! other games every `(from, to, over)` along a direction of the board,
//! sorted: a step to the next site, a jump over it to the one behind, and
//! with `far` lines every distance and every piece taken between, with
//! `along lines` every jump along a drawn line, with `take` every step
//! onto the next site taking the piece there (`(from, to, to)`), with
//! `counting` lines every distance (steps, and takes `(from, to, to)`),
//! and with `fly` or `hop` every pair of sites (a chain of hops is one
//! step, from where it starts to where it ends). So the ids a policy needs are those the game's moves can use.

use ludus::engine::{Engine, Move, NONE};
use ludus::ir::{MAX_DIE_MOVES, MAX_STEPS, Obligation, Reach};
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
    /// The piece's shot lands on this site (`shoot`).
    Shoot(u8),
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
    dice: bool,
    huffs: bool,
    /// Games without dice: every step `(from, to, over)` a piece could
    /// take, sorted ([`NONE`] for no piece taken).
    steps: Vec<(u8, u8, u8)>,
    /// The kinds placed from the hand, in order.
    placed: Vec<u8>,
    /// Whether a completed line removes a piece.
    removes: bool,
    /// Whether some piece shoots after its move.
    shoots: bool,
    /// The doubles a player may choose (the dice's faces), else 0.
    choices: u32,
    /// The most steps one turn takes.
    max_steps: u32,
}

/// Every step a piece of the grid game could take: see the module's doc.
fn step_table(engine: &Engine) -> Vec<(u8, u8, u8)> {
    let game = engine.game();
    let board = &game.board;
    let n = engine.sites();
    let dirs = board.directions.len();
    let mut next = vec![None; n * dirs];
    for l in &board.links {
        next[l.from * dirs + l.direction] = Some(l.to);
    }
    let reaches = game.kinds.iter().flat_map(|k| {
        [k.step_reach, k.jump_reach]
            .into_iter()
            .chain(k.standing.iter().map(|q| q.reach))
    });
    let reaches: Vec<Reach> = reaches.collect();
    let far = reaches
        .iter()
        .any(|r| matches!(r, Reach::Far | Reach::FarBehind));
    let along = reaches.contains(&Reach::Along);
    // Counted steps (`counting`) go any distance along a direction.
    let counted = reaches.iter().any(|r| matches!(r, Reach::Counting { .. }));
    // A chain of hops (`hop`) is one step to wherever it ends, as a flight.
    let fly = game.kinds.iter().any(|k| k.fly.is_some() || k.may_hop());
    let mut table = Vec::new();
    for from in 0..n {
        for d in 0..dirs {
            // Along direction `d`, each site once (a line may bend back).
            let mut between: Vec<usize> = Vec::new();
            let mut at = next[from * dirs + d];
            while let Some(to) = at {
                if to == from || between.contains(&to) || (!far && !counted && between.len() == 2) {
                    break;
                }
                if far || counted || between.is_empty() {
                    table.push((from, to, NONE as usize));
                }
                match between.len() {
                    0 => {}
                    1 => table.push((from, to, between[0])),
                    _ if far => table.extend(between.iter().map(|&o| (from, to, o))),
                    _ => {}
                }
                between.push(to);
                at = next[to * dirs + d];
            }
        }
    }
    // A take lands on the piece it takes: `(from, to, to)` along each
    // direction some kind takes in.
    // direction some kind takes in (every distance, for a counted take).
    let mut takes: Vec<usize> = game.kinds.iter().flat_map(|k| k.take.concat()).collect();
    takes.sort_unstable();
    takes.dedup();
    let counted_takes = (game.kinds.iter()).any(|k| matches!(k.take_reach, Reach::Counting { .. }));
    for from in 0..n {
        for &d in &takes {
            let mut at = next[from * dirs + d];
            let mut seen = Vec::new();
            while let Some(to) = at
                && to != from
                && !seen.contains(&to)
            {
                table.push((from, to, to));
                if !counted_takes {
                    break;
                }
                seen.push(to);
                at = next[to * dirs + d];
            }
        }
    }
    if along {
        for line in &board.lines {
            for w in line.windows(3) {
                table.push((w[0], w[2], w[1]));
                table.push((w[2], w[0], w[1]));
            }
        }
    }
    if fly {
        for from in 0..n {
            table.extend(
                (0..n)
                    .filter(|&to| to != from)
                    .map(|to| (from, to, NONE as usize)),
            );
        }
    }
    let mut table: Vec<(u8, u8, u8)> = table
        .into_iter()
        .map(|(f, t, o)| (f as u8, t as u8, o as u8))
        .collect();
    table.sort_unstable();
    table.dedup();
    table
}

impl Space {
    /// The encoding of the engine's game.
    pub fn new(engine: &Engine) -> Space {
        let game = engine.game();
        let sites = engine.sites() as u32;
        // Moves along tracks are die moves, by pairs of sites; so is a
        // sowing, from its pit to its last seed's site.
        let dice = engine.has_tracks() || engine.sows();
        let huffs = game.rules.capture == Obligation::Huff;
        let start = engine.start();
        // A chain takes at most every piece the opponent could have.
        let pieces = (0..2)
            .map(|p| {
                u32::from(start.counts[p])
                    + start.hand[p].iter().map(|&h| u32::from(h)).sum::<u32>()
            })
            .max()
            .unwrap_or(0);
        let max_steps = match game.dice {
            // A climb played as one turn; played a double a turn, each
            // turn is a double's.
            Some(d) if d.climb.is_some_and(|c| !c.each) => MAX_DIE_MOVES as u32,
            Some(d) => {
                let per = if d.summed { 1 } else { u32::from(d.count) };
                per * if d.doubles_twice { 2 } else { 1 }
            }
            None if game.kinds.iter().any(|k| k.may_jump()) => pieces.clamp(1, MAX_STEPS as u32),
            None => 1,
        };
        Space {
            sites,
            dice,
            huffs,
            steps: if dice { Vec::new() } else { step_table(engine) },
            placed: (0..game.kinds.len() as u8)
                .filter(|&k| game.kinds[k as usize].place.is_some())
                .collect(),
            removes: game.rules.line_removal.is_some(),
            shoots: game.kinds.iter().any(|k| k.shoot.is_some()),
            choices: match (&game.rules.choose, game.dice) {
                (Some(_), Some(d)) => u32::from(d.faces),
                _ => 0,
            },
            max_steps,
        }
    }

    /// The most actions one turn takes: a huff, its steps (or a placement),
    /// a removal, a shot, and `end`.
    pub fn max_turn_actions(&self) -> u32 {
        u32::from(self.huffs)
            + self.max_steps
            + u32::from(self.removes)
            + u32::from(self.shoots)
            + 1
    }

    /// How many step ids there are.
    fn step_count(&self) -> u32 {
        if self.dice {
            self.sites * self.sites
        } else {
            self.steps.len() as u32
        }
    }

    fn step_base(&self) -> u32 {
        2 + if self.huffs { self.sites } else { 0 }
    }

    fn place_base(&self) -> u32 {
        self.step_base() + self.step_count()
    }

    fn remove_base(&self) -> u32 {
        self.place_base() + self.placed.len() as u32 * self.sites
    }

    fn shoot_base(&self) -> u32 {
        self.remove_base() + if self.removes { self.sites } else { 0 }
    }

    fn choose_base(&self) -> u32 {
        self.shoot_base() + if self.shoots { self.sites } else { 0 }
    }

    /// How many distinct action ids there are.
    pub fn num_actions(&self) -> u32 {
        self.choose_base() + self.choices
    }

    /// Appends the actions of the complete turn `m` to `out`; a step
    /// missing from the step table (a fault of this module) is an error.
    pub fn encode(&self, engine: &Engine, m: &Move, out: &mut Vec<u32>) -> Result<(), String> {
        let start = out.len();
        if let Some(d) = m.chosen() {
            out.push(self.choose_base() + u32::from(d) - 1);
            return Ok(());
        }
        if self.huffs
            && let Some(site) = huffed(engine, m)
        {
            out.push(2 + u32::from(site));
        }
        for s in m.steps().iter().filter(|_| !m.places()) {
            let id = if self.dice {
                u32::from(s.from) * self.sites + u32::from(s.to)
            } else {
                self.steps
                    .binary_search(&(s.from, s.to, s.over))
                    .map_err(|_| {
                        format!(
                            "the action space has no id for the step {} of `{}`",
                            engine.game().board.sites[s.from as usize].name.clone()
                                + "-"
                                + &engine.game().board.sites[s.to as usize].name,
                            notation::move_text(engine, m)
                        )
                    })? as u32
            };
            out.push(self.step_base() + id);
        }
        if m.places() {
            let to = u32::from(m.steps[0].to);
            let kind = self
                .placed
                .iter()
                .position(|&k| k == m.kind_after)
                .ok_or("a placement of a kind that is never placed")? as u32;
            out.push(self.place_base() + kind * self.sites + to);
        }
        if m.remove != NONE {
            out.push(self.remove_base() + u32::from(m.remove));
        }
        if m.shot() != NONE {
            out.push(self.shoot_base() + u32::from(m.shot()));
        }
        if out.len() == start {
            out.push(PASS);
        }
        Ok(())
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
            _ if id >= self.shoot_base() && id < self.choose_base() => {
                Some(Action::Shoot((id - self.shoot_base()) as u8))
            }
            _ if id >= self.remove_base() && id < self.shoot_base() => {
                Some(Action::Remove((id - self.remove_base()) as u8))
            }
            _ if id >= self.place_base() && id < self.remove_base() => {
                let k = id - self.place_base();
                Some(Action::Place {
                    kind: self.placed[(k / self.sites) as usize],
                    to: (k % self.sites) as u8,
                })
            }
            _ if id < self.place_base() => {
                let k = id - self.step_base();
                if self.dice {
                    return Some(Action::Step {
                        from: (k / self.sites) as u8,
                        to: (k % self.sites) as u8,
                        over: None,
                    });
                }
                let (from, to, over) = self.steps[k as usize];
                Some(Action::Step {
                    from,
                    to,
                    over: (over != NONE).then_some(over),
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
            Action::Shoot(site) => format!("/{}", name(site)),
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
