//! Grid games: the complete turns of the player to move, step or capture
//! chain (with huffs before them), generated from the flat step and jump
//! tables without allocating; long-range lines are in [`super::rays`].

use super::found::Found;
use super::sides::{Sides, bits, few_bits};
use super::{
    Core, Move, NONE, State, Step, TAKEN, actions, barred, bit, counting, custody, enclose, flips,
    hops, lines, picking, rays, turns,
};
use crate::ir::{MAX_STEPS, Obligation};
use std::ops::Deref;

/// The sides a game with phases captures and steps with: the mover's
/// pieces whose jump lines, and step lines, apply before this turn.
#[cold]
#[inline(never)]
fn gated(actions: &super::actions::Actions, st: &State, sides: &Sides) -> (Sides, Sides) {
    let (steppers, jumpers) = actions.gate(st, sides.own);
    (
        Sides {
            own: jumpers,
            ..*sides
        },
        Sides {
            own: steppers,
            ..*sides
        },
    )
}

/// The move tables of a grid game, compiled.
pub(super) struct GridTables {
    /// Per (player, kind, site): its near steps and jumps, with masks.
    pub(super) lines: lines::Lines,
    /// Per (player, kind): promotion target, the sites where it happens,
    /// whether it ends a capture chain (`then stop`), and whether it waits
    /// for the end of the move (`at end`).
    pub(super) promote: Vec<(u8, u128, bool, bool)>,
    /// Whether some promotion waits for the end of the move.
    pub(super) promote_at_end: bool,
    /// The long-range (`far`) lines, precomputed as rays.
    pub(super) rays: rays::Rays,
    /// Whether far captures follow `capture lands where it goes on` or
    /// `chain never turns back` (searched by `Grid::fly_ruled`).
    pub(super) ruled_flight: bool,
    /// What a captured piece leaves on its site until the chain is undone:
    /// [`NONE`] (removed at once) or [`TAKEN`] (removed at the end: it
    /// blocks and cannot be jumped again).
    pub(super) taken: u8,
    /// Per site: the landings that some piece reaches by jumping over two
    /// different sites, so a capture's landings alone may not name it.
    pub(super) ambiguous_landings: Vec<u128>,
    /// Whether [`super::Engine::count_turns`] counts the steps instead of
    /// listing them (see `Grid::steps_countable`).
    pub(super) steps_countable: bool,
    /// The phases, actions and effects beyond the pieces' lines (`place`,
    /// `fly`, `when`, `line of N removes ...`).
    pub(super) actions: Option<Box<actions::Actions>>,
    /// A game with actions whose steps could be counted (see
    /// `Grid::steps_countable`): `Actions::count` counts its turns.
    pub(super) actions_countable: bool,
    /// A game without actions, counters with `while` or `again` rules: its
    /// moves are played by the plain grid play, chosen by this one test.
    pub(super) plain_grid: bool,
    /// Whether some piece takes (`take`): its takes are listed with the
    /// captures.
    pub(super) takes: bool,
    /// The flips of the kinds that flip as they are placed (`flip`).
    pub(super) flips: Option<Box<flips::Flips>>,
    /// The counted lines (`step ... counting`, `take ... counting`); a
    /// game with some has `rays.any` set, so that its steps are listed
    /// where the far ones are.
    pub(super) counting: Option<Box<counting::Counting>>,
    /// A game with actions but no counters with `while`, no `again`, no
    /// huff, no `return forbidden`, no repetition rule, no custody and no
    /// piece that shoots: its moves are played by the extended play
    /// compiled without those.
    pub(super) lean_actions: bool,
    /// Whether some piece shoots after its move (`shoot`).
    pub(super) shoots: bool,
    /// The hops of the kinds that hop (`hop`), listed with the far steps.
    pub(super) hops: Option<Box<hops::Hops>>,
    /// The claims of the kinds that enclose sites once placed (`enclose`).
    pub(super) encloses: Option<Box<enclose::Encloses>>,
    /// The custody rules of the kinds that take by custody (`custody`).
    pub(super) custodies: Option<Box<custody::Custodies>>,
    /// Per (player, kind): the sites its far steps may not end on (`may
    /// not land on`); empty in a game without such a rule.
    pub(super) barred: Vec<u128>,
    /// Whether the far steps are listed out of line (`Grid::slides`): a
    /// game with barred landings, or with counted steps.
    pub(super) rare_slides: bool,
    /// The play of a game neither plain nor lean (see `Grid::play_other`).
    pub(super) other_play: OtherPlay,
    /// The die that picks the piece that moves, in a game that throws one
    /// (`picking.rs`).
    pub(super) picking: Option<picking::Picking>,
}

/// Which play a game of the extended play (neither plain nor lean) runs,
/// chosen once: with actions, with counters with `while` (or `again`
/// rules), both, with what happens after a move, `custody` or `shoot`
/// (any of those besides), or with the sites a placement claims
/// (`enclose`, any of the others besides).
#[derive(Clone, Copy)]
pub(super) enum OtherPlay {
    Actions,
    While,
    ActionsWhile,
    After,
    Enclose,
    Picked,
    Columns,
}

impl GridTables {
    /// The move tables of the grid game whose rules `core` holds.
    pub(super) fn new(core: &Core) -> GridTables {
        let game = &core.game;
        let (sites, kinds) = (core.sites, core.kinds);
        let board = &game.board;
        // neighbour[site][direction]
        let dirs = board.directions.len();
        let mut neighbour = vec![None; sites * dirs];
        for l in &board.links {
            neighbour[l.from * dirs + l.direction] = Some(l.to);
        }
        let mut promote = Vec::new();
        let mut rays = rays::Rays::default();
        let mut lines = lines::Lines::default();
        let takes = game.kinds.iter().any(|k| k.may_take());
        let takes_own = game.kinds.iter().any(|k| k.take_own);
        for p in 0..game.players.len() {
            for (k, kind) in game.kinds.iter().enumerate() {
                for s in 0..sites {
                    rays.add_site(kind, p, s, &neighbour, dirs);
                    lines.add_site((k, kind), p, s, (&neighbour, dirs), &board.lines);
                    if takes {
                        lines.add_takes((k, kind), (p, s), (&neighbour, dirs), takes_own);
                    }
                }
                promote.push(match &kind.promote {
                    Some(pr) => (
                        pr.to as u8,
                        pr.sites[p].iter().fold(0u128, |m, &s| m | bit(s as u8)),
                        pr.ends_chain,
                        pr.at_end,
                    ),
                    None => (NONE, 0, false, false),
                });
            }
        }
        let mut ambiguous_landings = vec![0u128; sites];
        for i in 0..lines.near.len() {
            let jumps = lines.jumps(i);
            for (a, &(over, land)) in jumps.iter().enumerate() {
                if jumps[..a].iter().any(|&(o, l)| l == land && o != over) {
                    ambiguous_landings[i % sites] |= bit(land);
                }
            }
        }
        let _ = kinds;
        let counting = counting::Counting::new(game, &neighbour, dirs).map(Box::new);
        let hops = hops::Hops::new(game, &neighbour, dirs).map(Box::new);
        rays.any |= counting.is_some() || hops.is_some();
        let shoots = game.kinds.iter().any(|k| k.shoot.is_some());
        let actions = actions::Actions::new(game, &core.rules).map(Box::new);
        let custodies = custody::Custodies::new(game, &neighbour, dirs).map(Box::new);
        let encloses = enclose::Encloses::new(game, &neighbour, dirs).map(Box::new);
        let picking = picking::Picking::new(game);
        let extended = picking.is_some()
            || actions.is_some()
            || !core.counter_while.is_empty()
            || custodies.is_some()
            || shoots
            || encloses.is_some()
            || game.rules.columns;
        GridTables {
            rare_slides: !barred::landings(game).is_empty() || counting.is_some() || hops.is_some(),
            hops,
            barred: barred::landings(game),
            flips: flips::Flips::new(game, &neighbour, dirs).map(Box::new),
            counting,
            lines,
            takes,
            promote_at_end: promote.iter().any(|p| p.3),
            promote,
            rays,
            ruled_flight: game.rules.land_going_on || game.rules.never_turn_back,
            taken: if game.rules.removal_at_end || game.rules.columns {
                TAKEN
            } else {
                NONE
            },
            ambiguous_landings,
            steps_countable: false,
            plain_grid: !extended && core.again.is_none(),
            lean_actions: actions.is_some()
                && core.counter_while.is_empty()
                && core.again.is_none()
                && game.rules.capture != Obligation::Huff
                && !game.rules.no_return
                && !core.repetition
                && custodies.is_none()
                && !shoots
                && encloses.is_none()
                && picking.is_none(),
            shoots,
            other_play: match (
                custodies.is_some() || shoots,
                actions.is_some(),
                core.counter_while.is_empty(),
            ) {
                _ if picking.is_some() => OtherPlay::Picked,
                _ if game.rules.columns => OtherPlay::Columns,
                _ if encloses.is_some() => OtherPlay::Enclose,
                (true, ..) => OtherPlay::After,
                (false, true, true) => OtherPlay::Actions,
                (false, false, _) => OtherPlay::While,
                (false, true, false) => OtherPlay::ActionsWhile,
            },
            custodies,
            encloses,
            actions,
            actions_countable: false,
            picking,
        }
    }
}

/// A grid game compiled: the rules core and the grid's tables. Its
/// strategy is a reference to it.
pub(super) struct Grid {
    pub(super) core: Core,
    pub(super) g: GridTables,
}

impl Grid {
    /// The grid game whose rules `core` holds.
    pub(super) fn new(core: Core) -> Grid {
        let g = GridTables::new(&core);
        let mut grid = Grid { core, g };
        // A game with actions counts its turns its own way (`Actions::count`).
        let countable = grid.steps_countable();
        // So are the turns of a game whose die picks the piece: listed, then
        // kept by the kind (`picking.rs`).
        grid.g.steps_countable = grid.g.actions.is_none() && countable && grid.g.picking.is_none();
        // Placements that flip are judged one by one: listed, never counted.
        // So are moves followed by a shot.
        grid.g.actions_countable = countable && grid.g.flips.is_none() && !grid.g.shoots;
        grid
    }
}

impl Deref for Grid {
    type Target = Core;

    fn deref(&self) -> &Core {
        &self.core
    }
}

impl Grid {
    /// Whether some piece jumping from `from` may land on `to` over
    /// either of two sites.
    pub(super) fn landing_is_ambiguous(&self, from: u8, to: u8) -> bool {
        self.g
            .ambiguous_landings
            .get(from as usize)
            .is_some_and(|&m| m & bit(to) != 0)
    }

    pub(super) fn table(&self, player: usize, kind: usize, site: usize) -> usize {
        (player * self.kinds + kind) * self.sites + site
    }

    pub(super) fn jumps(&self, player: usize, kind: usize, site: usize) -> &[(u8, u8)] {
        self.g.lines.jumps(self.table(player, kind, site))
    }

    /// The kind a piece becomes on arriving at `site` where its move ends.
    pub(super) fn arrive(&self, player: usize, kind: usize, site: u8) -> usize {
        let (to, sites, _, _) = self.g.promote[player * self.kinds + kind];
        if to != NONE && sites & bit(site) != 0 {
            to as usize
        } else {
            kind
        }
    }

    /// The kind a piece becomes on landing at `site` in a capture chain, and
    /// whether that promotion ends the chain; a promotion `at end` waits.
    pub(super) fn arrive_in_chain(&self, player: usize, kind: usize, site: u8) -> (usize, bool) {
        let (to, sites, stops, at_end) = self.g.promote[player * self.kinds + kind];
        if to != NONE && sites & bit(site) != 0 && !at_end {
            (to as usize, stops)
        } else {
            (kind, false)
        }
    }

    pub(super) fn visited(&self, st: &State, site: usize) -> u128 {
        if self.game.rules.no_return {
            st.visited[site]
        } else {
            0
        }
    }

    /// Every legal complete turn of the player to move (see
    /// [`super::Engine::legal_moves`]).
    pub(super) fn legal(&self, st: &mut State, out: &mut Vec<Move>) {
        let player = st.to_move as usize;
        if self.pass.iter().any(|c| c.holds(st, player)) {
            out.clear();
            out.push(Move::PASS);
            return;
        }
        let mut found = Found::new(out);
        self.turns_after_huff(st, NONE, &mut found);
        let mut offenders = st.offenders;
        while offenders != 0 {
            let h = offenders.trailing_zeros() as u8;
            offenders &= offenders - 1;
            self.huffed(st, h, |st, none_left| {
                if none_left {
                    found.push(&Move {
                        huff: h,
                        ..Move::EMPTY
                    });
                } else {
                    self.turns_after_huff(st, h, &mut found);
                }
            });
        }
        found.finish();
        if !self.game.rules.play.is_empty() {
            turns::obligations(&self.game.rules.play, out);
        }
        if let Some(actions) = &self.g.actions {
            actions.extend(self, st, out);
            if !self.forbid.is_empty() {
                out.retain(|m| !self.forbids(st, m));
            }
        }
        if self.g.picking.is_some() {
            self.keep_picked(st, out);
        }
        if out.is_empty() && !self.no_moves_rule && (!self.neither_rule || self.opponent_moves(st))
        {
            out.push(Move::PASS);
        }
    }

    /// Whether the opponent of the player to move would have a legal turn
    /// (a pass a `pass` rule makes included) were it his turn: listed on a
    /// copy the thread keeps, so that nothing is allocated once it is warm.
    /// Only games with `neither can move` ask, where the player to move
    /// has none; while it lists, the opponent is given no pass of a player
    /// without a move (the question is not asked again).
    #[cold]
    #[inline(never)]
    fn opponent_moves(&self, st: &State) -> bool {
        thread_local! {
            static ASKING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
            static OTHER: std::cell::RefCell<(Option<State>, Vec<Move>)> =
                const { std::cell::RefCell::new((None, Vec::new())) };
        }
        if ASKING.get() {
            return false;
        }
        let mut copy = OTHER.with_borrow_mut(|(copy, moves)| {
            let mut c = copy.take().unwrap_or_else(|| st.clone());
            c.clone_from(st);
            (c, std::mem::take(moves))
        });
        copy.0.to_move = 1 - copy.0.to_move;
        copy.0.offenders = 0;
        ASKING.set(true);
        self.legal(&mut copy.0, &mut copy.1);
        ASKING.set(false);
        let moves = !copy.1.is_empty();
        OTHER.with_borrow_mut(|(c, m)| {
            *c = Some(copy.0);
            *m = copy.1;
        });
        moves
    }

    /// Runs `f` on `st` with the opponent's piece on `h` huffed (taken
    /// off), and whether that leaves him no piece; then puts it back.
    #[inline(always)]
    pub(super) fn huffed<R>(
        &self,
        st: &mut State,
        h: u8,
        f: impl FnOnce(&mut State, bool) -> R,
    ) -> R {
        let opp = 1 - st.to_move as usize;
        let piece = st.cells[h as usize];
        st.cells[h as usize] = NONE;
        st.occupied[opp] &= !bit(h);
        st.counts[opp] -= 1;
        let none_left = st.counts[opp] == 0;
        let r = f(st, none_left);
        st.counts[opp] += 1;
        st.cells[h as usize] = piece;
        st.occupied[opp] |= bit(h);
        r
    }

    /// Whether the piece of `player` and `kind` on `site` has a jump.
    #[inline(always)]
    pub(super) fn can_jump(
        &self,
        st: &State,
        player: usize,
        kind: usize,
        site: usize,
        visited: u128,
    ) -> bool {
        let opp = 1 - player as u8;
        self.jumps(player, kind, site).iter().any(|&(over, land)| {
            st.cells[over as usize] != NONE
                && st.cells[over as usize] >> 4 == opp
                && st.cells[land as usize] == NONE
                && visited & bit(land) == 0
        })
    }

    /// The sites of `player`'s pieces that have a capture available.
    pub fn capturers(&self, st: &State, player: usize) -> u128 {
        let sides = Sides::of(self, st, player);
        let mut found = 0;
        for s in bits(sides.own) {
            let kind = (st.cells[s] & 15) as usize;
            if self.may_jump(self.table(player, kind, s), s, &sides)
                && self.can_jump(st, player, kind, s, self.visited(st, s))
            {
                found |= bit(s as u8);
            }
        }
        if self.g.rays.any {
            for s in bits(sides.own) {
                let kind = (st.cells[s] & 15) as usize;
                if self.can_fly(st, player, kind, s, self.visited(st, s)) {
                    found |= bit(s as u8);
                }
            }
        }
        found
    }

    /// Whether the near jumps of the piece of `player` and `kind` on `site`
    /// pass over some opposing piece and land on some empty site (a piece
    /// lifted from `site` leaves it empty): when not, it has no near jump.
    fn may_jump(&self, t: usize, site: usize, sides: &Sides) -> bool {
        let near = &self.g.lines.near[t];
        near.over_mask & sides.opp != 0 && near.land_mask & (sides.empty | bit(site as u8)) != 0
    }

    pub(super) fn turns_after_huff(&self, st: &mut State, huff: u8, found: &mut Found) {
        let sides = Sides::of(self, st, st.to_move as usize);
        // In a game whose lines have phases (`when`), only the pieces whose
        // jump lines apply capture, and only those whose step lines apply step.
        let phased;
        let (jumping, stepping) = match &self.g.actions {
            Some(actions) => {
                phased = gated(actions, st, &sides);
                (&phased.0, &phased.1)
            }
            None => (&sides, &sides),
        };
        if self.forbid.is_empty() {
            if self.captures(st, huff, jumping, found, None) {
                return;
            }
            self.steps(st, huff, stepping, found);
            return;
        }
        self.turns_forbidding(st, huff, (jumping, stepping), found);
    }

    /// [`Engine::turns_after_huff`] of a game with `forbid` rules: a
    /// forbidden capture is no capture, so the steps are listed where
    /// every capture is forbidden. Compiled apart from the loop of the
    /// other games.
    #[inline(never)]
    fn turns_forbidding(
        &self,
        st: &mut State,
        huff: u8,
        (jumping, stepping): (&Sides, &Sides),
        found: &mut Found,
    ) {
        let first = found.len();
        let compulsory = self.captures(st, huff, jumping, found, None);
        found.keep_from(first, |m| !self.forbids(st, m));
        if compulsory && found.len() > first {
            return;
        }
        let stepped = found.len();
        self.steps(st, huff, stepping, found);
        found.keep_from(stepped, |m| !self.forbids(st, m));
    }

    /// Whether a `forbid` rule of a game without dice holds for move `m`
    /// of the player to move in `st`, judged in `st` (before the move)
    /// with the site it leaves as `from` (none for a placement) and the
    /// site where it ends as `here`.
    pub(super) fn forbids(&self, st: &State, m: &Move) -> bool {
        if m.len == 0 {
            return false;
        }
        let from = match m.steps[0].from {
            super::HAND => NONE,
            from => from,
        };
        let here = m.steps[m.len as usize - 1].to;
        let player = st.to_move as usize;
        // The kind placed, or the kind of the piece on its origin.
        let moving = match from {
            NONE => m.kind_after,
            from => st.cells[from as usize] & 15,
        };
        let (before, after) = self.forbid.split_at(self.forbid_after);
        before
            .iter()
            .any(|c| c.holds_at(st, player, (from, here, moving)))
            || !after.is_empty() && self.forbids_after(st, m, after, (from, here))
    }

    /// Whether one of the rules `after` (`forbid ... after move`) holds
    /// for the mover in the position after move `m` of `st`, with the
    /// move's origin `from` and landing site `here`, and the piece's kind
    /// once it arrives. The move is played on a copy kept by the thread,
    /// so that judging allocates nothing once it is warm.
    #[cold]
    #[inline(never)]
    fn forbids_after(
        &self,
        st: &State,
        m: &Move,
        after: &[super::condition::Condition],
        (from, here): (u8, u8),
    ) -> bool {
        thread_local! {
            static AFTER: std::cell::RefCell<Option<State>> = const { std::cell::RefCell::new(None) };
        }
        let player = st.to_move as usize;
        AFTER.with_borrow_mut(|copy| {
            let copy = match copy {
                Some(c) => {
                    c.clone_from(st);
                    c
                }
                None => copy.insert(st.clone()),
            };
            self.play(copy, m);
            (after.iter()).any(|c| c.holds_at(copy, player, (from, here, m.kind_after)))
        })
    }

    /// Records the captures of the player to move (after the huff
    /// `huff`), duplicates merged if the game says so; whether they are
    /// compulsory and there are some, so that no step may follow. With
    /// `steps`, also adds to it the number of near steps of his pieces,
    /// read in the same pass.
    #[inline(always)]
    pub(super) fn captures(
        &self,
        st: &mut State,
        huff: u8,
        sides: &Sides,
        found: &mut Found,
        steps: Option<&mut usize>,
    ) -> bool {
        if self.g.takes {
            return self.captures_with_takes(st, huff, sides, found, steps);
        }
        self.captures_taking::<false, false>(st, huff, sides, found, steps)
    }

    /// [`Grid::captures`] of a game where some piece takes, out of line:
    /// the other games' loops stay as small as they were.
    #[inline(never)]
    fn captures_with_takes(
        &self,
        st: &mut State,
        huff: u8,
        sides: &Sides,
        found: &mut Found,
        steps: Option<&mut usize>,
    ) -> bool {
        if !self.g.lines.takes_own.is_empty() {
            return self.captures_taking::<true, true>(st, huff, sides, found, steps);
        }
        self.captures_taking::<true, false>(st, huff, sides, found, steps)
    }

    /// [`Grid::captures`], with `TAKES` (a game where some piece takes;
    /// with `OWN`, some kind takes its owner's pieces too)
    /// each piece's takes listed before its capture chains; compiled apart,
    /// so that the other games run the loop they ran before.
    #[inline(always)]
    fn captures_taking<const TAKES: bool, const OWN: bool>(
        &self,
        st: &mut State,
        huff: u8,
        sides: &Sides,
        found: &mut Found,
        mut steps: Option<&mut usize>,
    ) -> bool {
        let player = st.to_move as usize;
        let rules = &self.game.rules;
        let first = found.len();
        if rules.capture != Obligation::None {
            let mut chain: Option<Move> = None;
            for s in bits(sides.own) {
                let c = st.cells[s];
                let kind = (c & 15) as usize;
                let t = self.table(player, kind, s);
                if let Some(n) = steps.as_deref_mut() {
                    *n += few_bits(
                        self.g.lines.near[t].step_mask & sides.empty & !self.visited(st, s),
                    );
                }
                if TAKES {
                    self.takes::<OWN>(huff, s as u8, t, sides, found);
                    if self.g.counting.is_some() {
                        self.counted_takes(st, huff, s as u8, t, sides, found);
                    }
                }
                if !self.may_jump(t, s, sides) && (!self.g.rays.any || !self.g.rays.flies(t)) {
                    continue;
                }
                let m = chain.get_or_insert(Move {
                    huff,
                    capture: true,
                    ..Move::EMPTY
                });
                st.cells[s] = NONE;
                let visited = self.visited(st, s);
                self.chain(st, player, kind, s as u8, visited, m, found);
                st.cells[s] = c;
            }
        } else if let Some(n) = steps {
            for s in bits(sides.own) {
                *n += few_bits(self.step_targets(st, player, s, sides).1);
            }
        }
        if rules.merge_duplicates {
            found.merge_duplicates(first);
        }
        rules.capture == Obligation::Compulsory && found.len() > first
    }

    /// Records the takes of the piece on `site` (table entry `t`), after
    /// the huff `huff`: one step onto each opposing piece its `take` lines
    /// reach, the piece taken where it lands; with `OWN` (a game where
    /// some kind takes its owner's pieces too), onto those the entry's
    /// kind takes as well.
    #[inline]
    fn takes<const OWN: bool>(
        &self,
        huff: u8,
        site: u8,
        t: usize,
        sides: &Sides,
        found: &mut Found,
    ) {
        let (targets, mask) = self.g.lines.takes(t);
        let victims = if OWN {
            sides.opp | sides.own & self.g.lines.takes_own(t)
        } else {
            sides.opp
        };
        if mask & victims == 0 {
            return;
        }
        for target in targets {
            if victims & target.bit != 0 {
                let m = found.push(&Move {
                    huff,
                    capture: true,
                    len: 1,
                    kind_after: target.after,
                    ..Move::EMPTY
                });
                m.steps[0] = Step {
                    from: site,
                    to: target.to,
                    over: target.to,
                    die: 0,
                };
            }
        }
    }

    /// Records the steps of the player to move (after the huff `huff`).
    #[inline]
    fn steps(&self, st: &State, huff: u8, sides: &Sides, found: &mut Found) {
        let player = st.to_move as usize;
        for s in bits(sides.own) {
            let (t, free) = self.step_targets(st, player, s, sides);
            if free == 0 {
                continue;
            }
            for target in self.g.lines.steps(t) {
                if free & target.bit != 0 {
                    let step = Step {
                        from: s as u8,
                        to: target.to,
                        over: NONE,
                        die: 0,
                    };
                    found.step(huff, step, target.after);
                }
            }
        }
        if self.g.rays.any {
            self.slides(st, huff, sides, found);
        }
    }

    /// The table entry of `player`'s piece on `site`, and the sites its
    /// near steps may go to.
    #[inline]
    pub(super) fn step_targets(
        &self,
        st: &State,
        player: usize,
        site: usize,
        sides: &Sides,
    ) -> (usize, u128) {
        let t = self.table(player, (st.cells[site] & 15) as usize, site);
        (
            t,
            self.g.lines.near[t].step_mask & sides.empty & !self.visited(st, site),
        )
    }

    /// Extends the capture chain in `m` from `at`; records the moves it allows.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn chain(
        &self,
        st: &mut State,
        player: usize,
        kind: usize,
        at: u8,
        visited: u128,
        m: &mut Move,
        found: &mut Found,
    ) {
        let depth = m.len as usize;
        let chain = self.game.rules.chain;
        let opp = 1 - player as u8;
        let mut extended = false;
        if (depth == 0 || chain != Obligation::None) && depth < MAX_STEPS {
            for &(over, land) in self.jumps(player, kind, at as usize) {
                let jumped = st.cells[over as usize];
                if jumped == NONE
                    || jumped >> 4 != opp
                    || st.cells[land as usize] != NONE
                    || (visited != 0 && visited & bit(land) != 0)
                {
                    continue;
                }
                extended = true;
                self.take(st, player, kind, (at, over, land), visited, m, found);
            }
            if self.g.rays.any {
                extended |= self.fly(st, player, kind, at, visited, m, found);
            }
        }
        if depth == 0 {
            return;
        }
        let record = match chain {
            Obligation::Compulsory => !extended,
            _ => true,
        };
        if record {
            let done = found.push(m);
            done.stopped_early = extended && chain == Obligation::Huff;
            if self.g.promote_at_end {
                done.kind_after = self.arrive(player, kind, at) as u8;
            }
        }
    }

    /// One capture of a chain: the piece on `at` takes the piece on `over`
    /// and lands on `land`; records the moves the chain then allows and
    /// undoes the capture.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn take(
        &self,
        st: &mut State,
        player: usize,
        kind: usize,
        (at, over, land): (u8, u8, u8),
        visited: u128,
        m: &mut Move,
        found: &mut Found,
    ) {
        let depth = m.len as usize;
        let jumped = st.cells[over as usize];
        st.cells[over as usize] = self.g.taken;
        m.steps[depth] = Step {
            from: at,
            to: land,
            over,
            die: 0,
        };
        m.len = depth as u8 + 1;
        let (next, stops) = self.arrive_in_chain(player, kind, land);
        m.kind_after = next as u8;
        let memory = if self.game.rules.no_return {
            visited | bit(land)
        } else {
            0
        };
        if stops {
            // Crowned: the move ends here, whatever the chain rule.
            found.push(m);
        } else {
            self.chain(st, player, next, land, memory, m, found);
        }
        m.steps[depth] = Step::NONE;
        m.len = depth as u8;
        m.kind_after = kind as u8;
        st.cells[over as usize] = jumped;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sites of a mask come out lowest first, in both words.
    #[test]
    fn bits_are_listed_lowest_first() {
        let mut seed = 7u64;
        for _ in 0..1000 {
            let mask = u128::from(crate::engine::splitmix(&mut seed)) << 64
                | u128::from(crate::engine::splitmix(&mut seed));
            let listed: Vec<usize> = bits(mask).collect();
            let plain: Vec<usize> = (0..128).filter(|&s| mask & bit(s as u8) != 0).collect();
            assert_eq!(listed, plain);
        }
    }
}
