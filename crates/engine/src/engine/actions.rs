//! The parts of a turn of a game without dice beyond a piece's lines:
//! the phases that allow a line or an action only while a condition holds
//! (`step ... when`), the actions `place` (from the hand onto an empty
//! site, or where a falling piece comes to rest, `falling.rs`) and `fly`
//! (to any empty site), and the effect a completed move
//! may earn after it, the removal of an opposing piece when the piece
//! lands in a line of the mover's (`line of N removes opponent piece`).
//!
//! The other effect is the piece a moved piece shoots (`shoot KIND
//! DIRECTIONS [far]`): each move of such a piece is listed once per empty
//! site its shot may land on, seen from its landing site on the board
//! the move leaves.
//!
//! A turn is one action followed by its effects: a placement or a move
//! and the removal it earns, or the shot after it, is one [`Move`]
//! (`Move::remove`, `Move::shot`), listed, counted and recorded as one
//! turn. Games that use none of this have no [`Actions`] and pay nothing
//! for it.

use super::bits::Bits;
use super::condition::Condition;
use super::rules::{Rules, Shared};
use super::sides::{Sides, bits};
use super::{HAND, Move, NONE, State, Step, bit, grid::Grid};
use crate::ir::{self, Obligation};
use falling::Falling;
use gather::Gather;

mod falling;
mod gather;
mod phases;
mod plan;
mod sites;

/// An action of a kind: the sites it may land on per player, when, and
/// whether the piece falls (`place falling DIRECTION`).
pub(super) struct Action {
    sites: [u128; 2],
    when: Option<Condition>,
    falling: Option<Box<Falling>>,
}

impl Action {
    /// The sites the action lands on for `player`, the sites `empty` empty
    /// and `taken` taken: its empty sites, where a falling piece rests.
    #[inline(always)]
    fn landings<B: Bits>(&self, player: usize, empty: B, taken: B) -> B {
        let sites = B::of(self.sites[player]) & empty;
        match &self.falling {
            None => sites,
            Some(f) => f.rests(sites, taken),
        }
    }
}

/// What a kind's piece shoots after its move (`shoot`): the kind shot,
/// and per (player, site) the rays a shot from there flies along, each
/// the sites one direction away, nearest first (one site unless `far`).
struct Shots {
    kind: u8,
    sites: usize,
    rays: Vec<Vec<Vec<u8>>>,
}

/// The compiled actions, phases and effects of a game without dice.
pub(super) struct Actions {
    /// Per kind: what its piece shoots after its move, where it shoots.
    shoot: Vec<Option<Shots>>,
    /// Whether some kind shoots.
    shoots: bool,
    /// Per kind: when its unqualified step line applies.
    step_when: Vec<Option<Condition>>,
    /// Per kind: when its unqualified jump line applies.
    jump_when: Vec<Option<Condition>>,
    /// Per kind: its `place` action.
    place: Vec<Option<Action>>,
    /// Per kind: its `fly` action.
    fly: Vec<Option<Action>>,
    /// Whether some line has a `when`.
    gated: bool,
    /// The game has one kind and no `return forbidden`: a piece's steps
    /// are read without its kind or its memory.
    one_kind: bool,
    /// The kinds that never capture (no jump line, none by region): they
    /// need no search for captures.
    captureless: u16,
    /// Per site: the masks of the board's lines through it (with `line
    /// of N removes opponent piece`; empty otherwise).
    lines_through: Vec<Vec<u128>>,
    /// Per site (a `u8`, [`HAND`] and the rest none): the lines through
    /// it, a bit per line of `lines`, where there are at most 64.
    line_sets: Box<[u64; 256]>,
    /// Every line, for the pieces a line protects.
    lines: Vec<u128>,
    /// The same at 64 bits, where every line fits (a narrower scan).
    narrow: Option<Vec<u64>>,
    /// The lines read all at once, where they fit the lanes of a word
    /// (see `gather.rs`).
    gather: Option<Gather>,
    /// A bit per kind of the game.
    all_kinds: u16,
    /// `not from line unless all`.
    protect: bool,
    /// The board has at most 64 sites: the plan's masks are `u64`s.
    narrow_board: bool,
    /// The same, and no piece falls (`place falling`): a playout's draw
    /// reads the placements without asking (see `plan.rs`).
    narrow_plain: bool,
    /// The phases read only the players' totals and the game has at most
    /// two kinds: a thread keeps them with those totals (see
    /// `plan.rs`).
    phases_kept: bool,
    /// A number of this compiled game's own, under which a thread keeps
    /// its phases.
    id: u64,
}

/// The shots of a piece of kind `k` of `game` (see [`Shots`]).
fn shots(game: &ir::Game, k: &ir::Kind) -> Option<Shots> {
    let shoot = k.shoot.as_ref()?;
    let board = &game.board;
    let (sites, dirs) = (board.sites.len(), board.directions.len());
    let mut neighbour = vec![None; sites * dirs];
    for l in &board.links {
        neighbour[l.from * dirs + l.direction] = Some(l.to);
    }
    let mut rays = Vec::new();
    for directions in &shoot.directions {
        for site in 0..sites {
            let mut of_site = Vec::new();
            for &d in directions {
                let mut ray = Vec::new();
                let mut at = site;
                while let Some(next) = neighbour[at * dirs + d] {
                    if next == site || ray.contains(&(next as u8)) {
                        break;
                    }
                    ray.push(next as u8);
                    at = next;
                    if !shoot.far {
                        break;
                    }
                }
                if !ray.is_empty() {
                    of_site.push(ray);
                }
            }
            rays.push(of_site);
        }
    }
    Some(Shots {
        kind: shoot.kind as u8,
        sites,
        rays,
    })
}

fn mask(sites: &[usize]) -> u128 {
    sites.iter().fold(0, |m, &s| m | bit(s as u8))
}

/// Of the pieces `pieces`, those of no kind in `kinds` (a bit per kind).
#[inline]
fn without_kinds(st: &State, pieces: u128, kinds: u16) -> u128 {
    if kinds == 0 {
        return pieces;
    }
    let mut kept = pieces;
    for s in bits(pieces) {
        if kinds & 1 << (st.cells[s] & 15) != 0 {
            kept &= !bit(s as u8);
        }
    }
    kept
}

impl Actions {
    /// The actions of `game`, or `None` where it has none of them.
    pub(super) fn new(game: &ir::Game, rules: &Rules) -> Option<Actions> {
        let uses = game.kinds.iter().any(|k| {
            k.step_when.is_some() || k.jump_when.is_some() || k.place.is_some() || k.fly.is_some()
        }) || game.kinds.iter().any(|k| k.shoot.is_some())
            || game.rules.line_removal.is_some()
            || !game.hand.is_empty();
        if !uses || game.tables_dice().is_some() {
            return None;
        }
        let kinds = game.kinds.len() as u8;
        let when = |c: &Option<Shared>| c.as_ref().map(|c| Condition::new(c, &rules.masks, kinds));
        let action = |a: &Option<ir::Action>, c: &Option<Shared>| {
            a.as_ref().map(|a| Action {
                sites: [mask(&a.sites[0]), mask(&a.sites[1])],
                when: when(c),
                falling: a.falling.map(|d| Box::new(Falling::new(&game.board, d))),
            })
        };
        let mut lines_through = Vec::new();
        let mut line_sets = Box::new([0u64; 256]);
        let mut lines = Vec::new();
        let mut protect = false;
        if let Some(l) = &game.rules.line_removal {
            lines_through = vec![Vec::new(); game.board.sites.len()];
            for (i, line) in l.lines.iter().enumerate() {
                let m = mask(line);
                lines.push(m);
                for &s in line {
                    lines_through[s].push(m);
                    if i < 64 {
                        line_sets[s] |= 1 << i;
                    }
                }
            }
            protect = l.protect;
        }
        let conds = || game.kinds.iter().zip(&rules.kinds);
        let step_when: Vec<_> = rules.kinds.iter().map(|k| when(&k.step)).collect();
        let jump_when: Vec<_> = rules.kinds.iter().map(|k| when(&k.jump)).collect();
        let place: Vec<_> = conds().map(|(k, c)| action(&k.place, &c.place)).collect();
        let fly: Vec<_> = conds().map(|(k, c)| action(&k.fly, &c.fly)).collect();
        let actions = place.iter().chain(&fly).flatten();
        let phases_kept = game.kinds.len() <= 2
            && game.players.len() == 2
            && (step_when.iter().chain(&jump_when).flatten())
                .chain(actions.filter_map(|a| a.when.as_ref()))
                .all(Condition::reads_totals_only);
        Some(Actions {
            shoot: game.kinds.iter().map(|k| shots(game, k)).collect(),
            shoots: game.kinds.iter().any(|k| k.shoot.is_some()),
            step_when,
            jump_when,
            place,
            fly,
            gated: game
                .kinds
                .iter()
                .any(|k| k.step_when.is_some() || k.jump_when.is_some()),
            one_kind: game.kinds.len() == 1 && !game.rules.no_return,
            captureless: game
                .kinds
                .iter()
                .enumerate()
                .filter(|(_, k)| k.jump.iter().all(Vec::is_empty) && k.standing.is_empty())
                .fold(0, |m, (i, _)| m | 1 << i),
            lines_through,
            line_sets,
            narrow: lines
                .iter()
                .all(|&l| l >> 64 == 0)
                .then(|| lines.iter().map(|&l| l as u64).collect()),
            gather: Gather::new(&lines),
            lines,
            all_kinds: ((1u32 << game.kinds.len()) - 1) as u16,
            protect,
            narrow_board: game.board.sites.len() <= 64,
            narrow_plain: game.board.sites.len() <= 64
                && game
                    .kinds
                    .iter()
                    .all(|k| k.place.as_ref().is_none_or(|a| a.falling.is_none())),
            phases_kept,
            id: phases::new_id(),
        })
    }

    /// Of the mover's pieces `own`, those whose kind's step lines and
    /// jump lines apply before this turn (all of them where no line has a
    /// `when`).
    pub(super) fn gate(&self, st: &State, own: u128) -> (u128, u128) {
        if !self.gated {
            return (own, own);
        }
        let (step_off, jump_off) = self.lines_off(st);
        (
            without_kinds(st, own, step_off),
            without_kinds(st, own, jump_off),
        )
    }

    /// The kinds whose step lines, and whose jump lines, do not apply
    /// before this turn.
    fn lines_off(&self, st: &State) -> (u16, u16) {
        let player = st.to_move as usize;
        let off = |when: &[Option<Condition>]| {
            when.iter().enumerate().fold(0u16, |off, (k, c)| {
                if c.as_ref().is_some_and(|c| !c.holds(st, player)) {
                    off | 1 << k
                } else {
                    off
                }
            })
        };
        (off(&self.step_when), off(&self.jump_when))
    }

    /// Whether `action` may be taken by the player to move.
    fn allowed(st: &State, action: &Option<Action>) -> Option<u128> {
        let a = action.as_ref()?;
        let player = st.to_move as usize;
        if a.when.as_ref().is_some_and(|c| !c.holds(st, player)) {
            return None;
        }
        Some(a.sites[player])
    }

    /// Adds to `out` (the turns the lines gave, after the obligations)
    /// the placements and flights of the player to move, then gives each
    /// turn that completes a line the removals it earns. A compulsory
    /// capture, where there is one, leaves no room for the actions.
    pub(super) fn extend(&self, engine: &Grid, st: &State, out: &mut Vec<Move>) {
        let player = st.to_move as usize;
        let sides = Sides::of(engine, st, player);
        let must_capture =
            engine.game.rules.capture == Obligation::Compulsory && out.iter().any(|m| m.capture);
        if !must_capture {
            for (kind, place) in self.place.iter().enumerate() {
                if st.hand[player][kind] == 0 {
                    continue;
                }
                let Some(a) = place
                    .as_ref()
                    .filter(|_| Self::allowed(st, place).is_some())
                else {
                    continue;
                };
                let flips = engine.g.flips.as_ref().filter(|f| f.flips(kind));
                let taken = sides.own | sides.opp;
                for to in bits(a.landings(player, sides.empty, taken)) {
                    if flips.is_some_and(|f| f.turned(sides.own, sides.opp, player, kind, to) == 0)
                    {
                        continue;
                    }
                    let mut m = Move::EMPTY;
                    m.len = 1;
                    m.kind_after = kind as u8;
                    m.steps[0] = Step {
                        from: HAND,
                        to: to as u8,
                        over: NONE,
                        die: 0,
                    };
                    out.push(m);
                }
            }
            let stepped = out.len();
            for s in bits(sides.own) {
                let kind = (st.cells[s] & 15) as usize;
                let Some(sites) = Self::allowed(st, &self.fly[kind]) else {
                    continue;
                };
                for to in bits(sites & sides.empty) {
                    let step = Step {
                        from: s as u8,
                        to: to as u8,
                        over: NONE,
                        die: 0,
                    };
                    // A step the piece's lines gave already is not listed twice.
                    if out[..stepped]
                        .iter()
                        .any(|m| !m.capture && m.len == 1 && m.steps[0] == step)
                    {
                        continue;
                    }
                    let mut m = Move::EMPTY;
                    m.len = 1;
                    m.kind_after = kind as u8;
                    m.steps[0] = step;
                    out.push(m);
                }
            }
        }
        if !self.lines.is_empty() {
            self.removals(st, out);
        }
        if self.shoots {
            self.shots(st, out);
        }
    }

    /// The kind a piece of kind `kind` shoots.
    pub(super) fn shot_kind(&self, kind: u8) -> u8 {
        self.shoot[kind as usize].as_ref().map_or(NONE, |s| s.kind)
    }

    /// Replaces each turn whose piece shoots (its kind as it arrives) by
    /// one turn per empty site its shot may land on, in site order, in
    /// place and in order (none allocated once `out` has grown): seen from
    /// its landing site on the board as the move leaves it, its origin
    /// empty and the pieces it takes gone. A move with no shot is dropped.
    #[cold]
    #[inline(never)]
    fn shots(&self, st: &State, out: &mut Vec<Move>) {
        let player = st.to_move as usize;
        let listed = out.len();
        for i in 0..listed {
            let m = out[i];
            let shoot = (self.shoot.get(m.kind_after as usize)).and_then(Option::as_ref);
            let (Some(shoot), Some(to)) = (shoot, m.to()) else {
                out.push(m);
                continue;
            };
            let mut taken = st.occupied[0] | st.occupied[1];
            let from = m.from();
            if from != HAND {
                taken &= !bit(from);
            }
            for step in m.steps() {
                if step.over != NONE {
                    taken &= !bit(step.over);
                }
            }
            for gone in [m.huff, m.remove] {
                if gone != NONE {
                    taken &= !bit(gone);
                }
            }
            taken |= bit(to);
            let mut free = 0u128;
            for ray in &shoot.rays[player * shoot.sites + to as usize] {
                for &s in ray {
                    if taken & bit(s) != 0 {
                        break;
                    }
                    free |= bit(s);
                }
            }
            for s in bits(free) {
                let mut with = m;
                with.set_shot(s as u8);
                out.push(with);
            }
        }
        out.drain(..listed);
    }

    /// Replaces each turn whose piece lands in a line of the mover's by one
    /// turn per opposing piece it may remove, in place and in order: each
    /// turn's removals where the turn was (none allocated once `out` has
    /// grown).
    fn removals(&self, st: &State, out: &mut Vec<Move>) {
        let listed = out.len();
        let copies = |m: &Move| match self.removable(st, m) {
            Some(r) if r != 0 => r.count_ones() as usize,
            _ => 1,
        };
        let total: usize = out.iter().map(copies).sum();
        if total == listed && out.iter().all(|m| self.removable(st, m).is_none()) {
            return;
        }
        out.resize(total, Move::EMPTY);
        let mut end = total;
        for i in (0..listed).rev() {
            let m = out[i];
            match self.removable(st, &m) {
                Some(r) if r != 0 => {
                    end -= r.count_ones() as usize;
                    for (j, site) in bits(r).enumerate() {
                        let mut with = m;
                        with.remove = site as u8;
                        out[end + j] = with;
                    }
                }
                _ => {
                    end -= 1;
                    out[end] = m;
                }
            }
        }
    }

    /// The opposing pieces `m` may remove: `None` where its piece lands in
    /// no line of the mover's, else the pieces (none where the opponent has
    /// none left to take).
    fn removable(&self, st: &State, m: &Move) -> Option<u128> {
        let player = st.to_move as usize;
        let to = m.to()?;
        let from = m.from();
        let mut own = st.occupied[player] | bit(to);
        if from != HAND && from != NONE && from != to {
            own &= !bit(from);
        }
        if !self.lines_through[to as usize]
            .iter()
            .any(|&line| line & !own == 0)
        {
            return None;
        }
        let mut theirs = st.occupied[1 - player];
        for step in m.steps() {
            if step.over != NONE {
                theirs &= !bit(step.over);
            }
        }
        if m.huff != NONE {
            theirs &= !bit(m.huff);
        }
        Some(self.removable_of(theirs))
    }

    /// Of the opponent's pieces `theirs`, those a completed line may
    /// remove: with `not from line unless all`, those in no line of his,
    /// unless every one is in one.
    fn removable_of(&self, theirs: u128) -> u128 {
        if !self.protect {
            return theirs;
        }
        let held = self
            .lines
            .iter()
            .filter(|&&line| line & !theirs == 0)
            .fold(0, |acc, &line| acc | line);
        if theirs & !held != 0 {
            theirs & !held
        } else {
            theirs
        }
    }
}
