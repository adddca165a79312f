//! The search of a roll's die moves: depth first in place, in presentation
//! order (track position, then die), one turn kept per resulting position,
//! then the obligations; and the walk of one typed route.

use super::Dice;
use super::listing::Root;
use super::options::Options;
use super::orders;
use super::route::{Mark, Route};
use super::searched::{MEMO, Turn, Width};
use super::table::{Entry, dice_signature};
use super::tables::seat;
use super::{Change, MAX_SEARCH, MAX_WORK, Masks, SEARCH_DIE_MOVES, Standing, TooManyTurns};
use crate::engine::bits::Bits;
use crate::engine::{NONE, State, Step};
use crate::ir::{CHOOSING, MAX_DICE};

/// What undoes a die move: see [`Engine::advance`].
pub(super) struct Undo<B: Bits> {
    site: u8,
    to: u8,
    hit: u8,
    victims: u8,
    mark: Mark,
    k: usize,
    n: usize,
    masks: Masks<B>,
    change: Change,
}

/// The distinct dice of `dice`, smallest first, and how many there are.
pub(super) fn distinct(dice: &[u8]) -> ([u8; SEARCH_DIE_MOVES], usize) {
    let mut out = [0u8; SEARCH_DIE_MOVES];
    let mut kinds = 0;
    for &d in dice {
        let mut i = kinds;
        while i > 0 && out[i - 1] > d {
            i -= 1;
        }
        if i > 0 && out[i - 1] == d {
            continue;
        }
        out.copy_within(i..kinds, i + 1);
        out[i] = d;
        kinds += 1;
    }
    (out, kinds)
}

/// `dice` followed by zeros.
#[inline(always)]
fn pad(dice: &[u8]) -> [u8; SEARCH_DIE_MOVES] {
    let mut out = [0u8; SEARCH_DIE_MOVES];
    out[..dice.len()].copy_from_slice(dice);
    out
}

impl Dice {
    /// Fills `routes` with the turns of the roll in `st.dice`, in the order
    /// they are listed: see [`Engine::dice_turns`]. The search starts from
    /// the `carried` root where given (else worked out), and leaves in
    /// `root` the one it started from.
    pub(super) fn dice_routes(
        &self,
        st: &mut State,
        routes: &mut Vec<Route>,
        all: bool,
        (carried, root): (Option<&Root>, &mut Option<Root>),
    ) -> Result<(), TooManyTurns> {
        routes.clear();
        *root = None;
        if st.dice[0] == CHOOSING {
            return self.choice_routes(st, routes, (carried, root));
        }
        let (dice, n) = self.dice_to_play(st);
        // No dice thrown yet: no turn. Dice that all show 0 (summed or
        // not) move no man: the turn passes, as when no die can be played.
        if n == 0 && st.dice == [0; MAX_DICE] {
            return Ok(());
        }
        let Root { masks, key } = match carried {
            Some(carried) => {
                debug_assert_eq!(
                    (carried.masks, carried.key),
                    self.masks_and_key(st),
                    "a root carried out of date"
                );
                *carried
            }
            None => {
                let (masks, key) = self.masks_and_key(st);
                Root { masks, key }
            }
        };
        *root = Some(Root { masks, key });
        if n == 0 || self.passes(st, &masks).is_some() {
            routes.push(Route {
                key,
                ..Route::EMPTY
            });
            return Ok(());
        }
        if self.t.narrow {
            self.search_roll(st, routes, all, (dice, n), (masks.narrow::<u64>(), key))
        } else {
            self.search_roll(st, routes, all, (dice, n), (masks, key))
        }
    }

    /// The turns of a player who is to choose his dice (`choose double`):
    /// one per double, a route of no die move whose `die` is the double's
    /// number, leading to the same position.
    #[cold]
    fn choice_routes(
        &self,
        st: &State,
        routes: &mut Vec<Route>,
        (carried, root): (Option<&Root>, &mut Option<Root>),
    ) -> Result<(), TooManyTurns> {
        let found = match carried {
            Some(carried) => *carried,
            None => {
                let (masks, key) = self.masks_and_key(st);
                Root { masks, key }
            }
        };
        *root = Some(found);
        for d in 1..=self.t.dice.faces {
            routes.push(Route::choice(d, found.key));
        }
        Ok(())
    }

    /// What [`Engine::dice_routes`] does past the root: the search of the
    /// roll's die moves from masks `masks` at the width `B` the board
    /// allows, and the obligations.
    fn search_roll<B: Width>(
        &self,
        st: &mut State,
        routes: &mut Vec<Route>,
        all: bool,
        (dice, n): ([u8; SEARCH_DIE_MOVES], usize),
        (masks, key): (Masks<B>, u64),
    ) -> Result<(), TooManyTurns> {
        let player = st.to_move as usize;
        // A roll of one die move: its turns leave from different sites, so
        // lead to different positions; none is looked up, and the tables
        // are left as they are.
        let single = !all && n == 1;
        MEMO.with_borrow_mut(|memo| {
            if !single {
                memo.clear();
            }
            let mut turn = Turn {
                player,
                dice,
                m: Route::EMPTY,
                masks,
                bearing: None,
                positions: None,
                forbidden: None,
                out: &mut *routes,
                memo: (!all && !single).then_some(&mut *memo),
                overflow: None,
                orders: !all && self.t.orders_commute && orders::apply(&dice[..n]),
                base: 0,
                low: dice[..n].iter().copied().min().unwrap_or(0),
                position: &self.t.position[player],
            };
            if turn.orders
                && let Some(memo) = turn.memo.as_deref_mut()
            {
                let positions = self.t.track[player].len();
                B::orders(memo).start(&dice[..n], 0, positions);
            }
            self.search(st, &mut turn, n, key);
            let overflow = turn.overflow;
            // The positions searched (those looked up: two die moves deep
            // and more), the turns found and the roll itself, counted for
            // the game.
            st.work += if single {
                routes.len() as u64 + 1
            } else {
                (memo.nodes.len() + memo.turns.len()) as u64 + 1
            };
            let overflow = overflow.or((st.work > MAX_WORK).then_some(TooManyTurns::Work));
            // Placements leave one origin for any landing in a region, with
            // any die: the search finds them by die and landing, and they
            // are put in presentation order here.
            if B::PLACES && self.t.places {
                self.in_presentation_order(routes, player);
            }
            // The search walks die moves in presentation order (origin,
            // then die, so landing), depth first: it finds and keeps routes
            // in the order of their ranks already, and a route it keeps in
            // place of another reaches the same position later, so with a
            // greater rank, never replacing it.
            debug_assert!(
                routes.is_sorted_by_key(|r| r.rank(&self.t.position[player])),
                "routes out of rank order"
            );
            // Routes that measure alike (the usual roll: every die played,
            // no man borne off with a larger die) all meet the
            // obligations, and lead to different positions, one having
            // been kept per position and measures: nothing to filter.
            // (`play from` obligations measure the origins: they are
            // judged whatever the routes, where there are two or more.)
            let measures = |r: &Route| (r.len, r.die, r.pips, r.ends);
            let first = routes.first().map(measures);
            if routes.len() <= 1
                || self.t.play_from.is_empty() && routes.iter().all(|r| Some(measures(r)) == first)
            {
                return overflow.map_or(Ok(()), Err);
            }
            self.obligations(routes, st);
            // One turn per resulting position: the first in rank order.
            // Routes that measure alike lead to different positions (one
            // was kept per position and measures), so need no look-up.
            let alike = |r: &Route| {
                (r.len, r.die, r.ends) == (routes[0].len, routes[0].die, routes[0].ends)
            };
            if !all && !routes.iter().all(alike) {
                memo.clear();
                routes.retain(|r| matches!(memo.nodes.entry(r.key, 0, usize::MAX), Entry::Added));
            }
            overflow.map_or(Ok(()), Err)
        })
    }

    /// Sorts `routes`, the turns of `player` found, by rank (see
    /// [`Route::rank`]), keeping the order found among equal ranks.
    #[cold]
    #[inline(never)]
    fn in_presentation_order(&self, routes: &mut [Route], player: usize) {
        routes.sort_by_key(|r| r.rank(&self.t.position[player]));
    }

    /// Fills `out` with the complete turns that go on from the die moves
    /// of `m`, with the first `n` of `dice` left to play: one per
    /// resulting position, before the obligations. Returns the positions
    /// searched and turns found.
    pub(super) fn continuations<B: Width>(
        &self,
        st: &mut State,
        masks: &Masks<B>,
        (dice, n): (&[u8; SEARCH_DIE_MOVES], usize),
        m: &Route,
        key: u64,
        out: &mut Vec<Route>,
    ) -> Result<usize, TooManyTurns> {
        let (overflow, work) = MEMO.with_borrow_mut(|memo| {
            memo.clear();
            let mut turn = Turn {
                player: st.to_move as usize,
                dice: *dice,
                m: *m,
                masks: *masks,
                bearing: None,
                positions: None,
                forbidden: None,
                out,
                memo: Some(memo),
                overflow: None,
                orders: self.t.orders_commute && orders::apply(&dice[..n]),
                base: m.len as usize,
                low: dice[..n].iter().copied().min().unwrap_or(0),
                position: &self.t.position[st.to_move as usize],
            };
            if turn.orders
                && let Some(memo) = turn.memo.as_deref_mut()
            {
                let positions = self.t.track[st.to_move as usize].len();
                B::orders(memo).start(&dice[..n], m.len as usize, positions);
            }
            self.search(st, &mut turn, n, key);
            (turn.overflow, memo.nodes.len() + memo.turns.len())
        });
        overflow.map_or(Ok(work), Err)
    }

    /// Plays die move `k` of `turn`'s dice (one of the first `n`) from track
    /// position `from` to `to` (at track position `target`), records it in
    /// the turn's move and returns what undoes it and the new position key.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn advance<B: Bits>(
        &self,
        st: &mut State,
        masks: &mut Masks<B>,
        player: usize,
        dice: &mut [u8; SEARCH_DIE_MOVES],
        m: &mut Route,
        (k, n): (usize, usize),
        (from, target): (usize, usize),
        (site, to): (u8, u8),
        key: u64,
    ) -> (Undo<B>, u64) {
        let die = dice[k];
        let before = *masks;
        let (hit, victims, delta) = self.die_move(st, player, site, to);
        let step = Step {
            from: site,
            to,
            over: hit,
            die,
        };
        let mark = m.push(step, (from, target));
        dice.swap(k, n - 1);
        let change = if self.t.pin_blots {
            masks.pinned(st, player, (site, to), victims)
        } else {
            masks.moved(st, player, (site, to, hit))
        };
        m.ends = self.ends_hold(st, masks, &change);
        let undo = Undo {
            site,
            to,
            hit,
            victims,
            mark,
            k,
            n,
            masks: before,
            change,
        };
        (undo, key ^ delta)
    }

    /// Records the turn that the last die move of `die` by `player`, from
    /// `site` (at track position `from`) to `to` (at `target`), completes,
    /// without playing it: where it ends the game with no end condition
    /// (judged without playing it, see [`Engine::ends_fire_after`]), the
    /// position it reaches is known from its key alone. Returns false,
    /// having done nothing, where one may hold (the die move is then
    /// played and judged, [`Engine::played_leaf`]). `measures` are the
    /// turn's ([`Turn::last_measures`]) and `pins` whether the game pins:
    /// what is the same for every last die move from one position is
    /// worked out by the caller.
    #[inline(always)]
    fn last_move<B: Width>(
        &self,
        st: &State,
        turn: &mut Turn<B>,
        (site, to): (u8, u8),
        (from, target): (usize, usize),
        (player, die, measures): (usize, u8, u64),
        (key, pins): (u64, bool),
    ) -> bool {
        debug_assert_eq!(player, turn.player);
        let Some((delta, hit, fired, standing)) =
            self.die_move_preview(st, &turn.masks, player, (site, to), pins)
        else {
            return false;
        };
        if fired != 0 && self.fires_after(st, &turn.masks, player, (site, to, hit), fired, standing)
        {
            return false;
        }
        let step = Step {
            from: site,
            to,
            over: hit,
            die,
        };
        turn.record_last(step, (from, target), key ^ delta, measures);
        true
    }

    /// Whether the last die move of `player` from `site` to `to` (sending
    /// the men it hits to `hit`), which sets off the pairs of end
    /// condition and judged player `fired`, may end the game: some pair
    /// whose needs are met where men would then stand (`standing`, where
    /// the preview worked it out) holds after it, judged without playing
    /// it ([`Engine::ends_fire_after`]). Out of line, so that the loop of
    /// last die moves does not hold what only this reads of the tables.
    #[inline(never)]
    fn fires_after<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        (site, to, hit): (u8, u8, u8),
        fired: u64,
        standing: Option<Standing<B>>,
    ) -> bool {
        let standing =
            standing.unwrap_or_else(|| self.standing_after(st, masks, player, (site, to, hit)));
        let judged = self.ends_may_fire(fired, &standing.0, standing.1);
        judged != 0 && self.ends_fire_after(st, masks, player, (site, to, hit), judged, standing)
    }

    /// Searches the last die moves of a turn, of `die` from the track
    /// positions of `froms` (the origins found for it, in presentation
    /// order), `last` the last track position: what [`Engine::visit`]
    /// does for each, in one loop of its own, so that what every die move
    /// reads of the node (the track, the die, the route so far, the
    /// tables) stays in registers from one to the next. Compiled into the
    /// node, where what it reads is at hand; it takes no [`Options`],
    /// which the node then never lays out in memory.
    /// `PINS` is whether the game pins (one loop for games that pin, one
    /// for the others).
    #[inline(always)]
    fn leaves<B: Width, const PINS: bool>(
        &self,
        st: &mut State,
        turn: &mut Turn<B>,
        last: usize,
        key: u64,
        die: u8,
        (froms, track): (B, &[u8]),
    ) {
        let player = turn.player;
        debug_assert_eq!(turn.dice[0], die, "the last die");
        let measures = turn.last_measures(die);
        // The origins 64 at a time, in a word.
        let [low, high] = froms.words();
        for (mut froms, base) in [(low, 0), (high, 64)] {
            if froms == 0 {
                continue;
            }
            // Those recorded unplayed, in a loop that leaves the position
            // as it is, up to one that is played.
            let mut unplayed = |st: &State, turn: &mut Turn<B>| {
                while froms != 0 {
                    let from = base + froms.trailing_zeros() as usize;
                    froms &= froms - 1;
                    let target = (from + die as usize).min(last);
                    let (site, to) = (track[from], track[target]);
                    let what = (player, die, measures);
                    if !self.last_move(st, turn, (site, to), (from, target), what, (key, PINS)) {
                        return Some((from, target, site, to));
                    }
                }
                None
            };
            while let Some((from, target, site, to)) = unplayed(st, turn) {
                self.played_leaf(st, turn, (from, target), (site, to), key);
            }
        }
    }

    /// A last die move that may end the game: played, judged and recorded,
    /// where [`Engine::last_move`] declines (no orders are noted after the
    /// last die).
    #[inline(never)]
    fn played_leaf<B: Width>(
        &self,
        st: &mut State,
        turn: &mut Turn<B>,
        (from, target): (usize, usize),
        (site, to): (u8, u8),
        key: u64,
    ) {
        let player = turn.player;
        let (undo, key) = self.advance(
            st,
            &mut turn.masks,
            player,
            &mut turn.dice,
            &mut turn.m,
            (0, 1),
            (from, target),
            (site, to),
            key,
        );
        turn.record(key);
        self.retreat(
            st,
            &mut turn.masks,
            player,
            &mut turn.dice,
            &mut turn.m,
            undo,
        );
    }

    /// Whether `player` has no free man at track position 0, on either
    /// zone of a track that starts in two (`start or bar`).
    #[inline(never)]
    fn start_left(&self, st: &State, player: usize) -> bool {
        let t = &self.t;
        [
            t.track[player].first().copied(),
            Some(*seat(&t.second_start, player)),
        ]
        .into_iter()
        .flatten()
        .all(|s| s == NONE || usize::from(st.cells[usize::from(s)] >> 4) != player)
    }

    /// Takes back what [`Engine::advance`] did.
    #[inline(always)]
    pub(super) fn retreat<B: Bits>(
        &self,
        st: &mut State,
        masks: &mut Masks<B>,
        player: usize,
        dice: &mut [u8; SEARCH_DIE_MOVES],
        m: &mut Route,
        u: Undo<B>,
    ) {
        dice.swap(u.k, u.n - 1);
        m.pop(u.mark);
        self.undo_die_move(st, player, u.site, u.to, u.hit, u.victims);
        *masks = u.masks;
    }

    /// Searches the die move of `die` from track position `from` (one of
    /// the origins found for it) from the position searched at `depth`,
    /// with `n` dice left, more than one (the last die moves are
    /// [`Engine::leaves`]): plays it and records the turn it completes
    /// where it ends the game, else searches beyond.
    #[inline(always)]
    fn visit<B: Width>(
        &self,
        st: &mut State,
        turn: &mut Turn<B>,
        (o, track): (&Options<B>, &[u8]),
        n: usize,
        key: u64,
        (depth, from, die): (usize, usize, u8),
    ) {
        let target = (from + die as usize).min(o.last);
        self.visit_to(st, turn, (o, track), n, key, (depth, from, die), target);
    }

    /// [`Engine::visit`] of the die move that lands at track position
    /// `target`: the one its die reaches, or a placement's.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn visit_to<B: Width>(
        &self,
        st: &mut State,
        turn: &mut Turn<B>,
        (o, track): (&Options<B>, &[u8]),
        n: usize,
        key: u64,
        (depth, from, die): (usize, usize, u8),
        target: usize,
    ) {
        let player = turn.player;
        let last = o.last;
        let orders = turn.orders;
        let (site, to) = (track[from], track[target]);
        debug_assert!(n > 1, "a last die move visited");
        if orders && let Some(memo) = turn.memo.as_deref_mut() {
            B::orders(memo).enter(depth, (from, die, usize::from(die != turn.low)));
        }
        let k = turn.dice[..n].iter().position(|&d| d == die).unwrap_or(0);
        let (undo, key) = self.advance(
            st,
            &mut turn.masks,
            player,
            &mut turn.dice,
            &mut turn.m,
            (k, n),
            (from, target),
            (site, to),
            key,
        );
        if turn.m.ends {
            turn.record(key);
        } else {
            turn.bearing = self.bearing_after(
                player,
                o.bearing_off,
                &undo.change,
                (undo.site, undo.to, undo.hit, undo.victims),
            );
            // The mover's men changed only where he left and landed: he
            // has free men on a site whose cell is his (see `Masks::of`).
            // Position 0 may have two sites (`start or bar`): it is left
            // when both are.
            let left = if usize::from(st.cells[usize::from(site)] >> 4) != player
                && (from != 0 || self.start_left(st, player))
            {
                B::one(from)
            } else {
                B::ZERO
            };
            let landed = if target < last {
                B::one(target)
            } else {
                B::ZERO
            };
            turn.positions = Some(o.positions & !left | landed);
            let same = o.reads.is_some_and(|r| turn.masks.same(&undo.masks, r));
            turn.forbidden = Some((o.forbidden, o.forbidden_at, same));
            self.search(st, turn, n - 1, key);
        }
        self.retreat(
            st,
            &mut turn.masks,
            player,
            &mut turn.dice,
            &mut turn.m,
            undo,
        );
    }

    /// Searches the placements (`place`) of each of `dice` from the
    /// position of `o`, with `n` dice left: returns whether there is one.
    #[inline(never)]
    fn place_all<B: Width>(
        &self,
        st: &mut State,
        turn: &mut Turn<B>,
        (o, track): (&Options<B>, &[u8]),
        n: usize,
        key: u64,
        dice: &[u8],
    ) -> bool {
        let depth = turn.m.len as usize;
        let mut moved = false;
        for &die in dice {
            let mut at = self.placements(st, &turn.masks, turn.player, o, die);
            moved |= !at.none();
            while !at.none() {
                let target = at.trailing_zeros() as usize;
                at = at.rest();
                if n == 1 {
                    self.played_leaf(st, turn, (0, target), (track[0], track[target]), key);
                } else {
                    self.visit_to(st, turn, (o, track), n, key, (depth, 0, die), target);
                }
            }
        }
        moved
    }

    /// The origins of the die moves of `die` to search from the position
    /// of `o`, searched at `depth`: those the rules allow (`moved` set if
    /// any), less the later orders of two die moves already searched
    /// (where the position has a `parent` whose orders are noted).
    #[inline(always)]
    fn allowed<B: Width>(
        &self,
        st: &State,
        turn: &mut Turn<B>,
        o: &Options<B>,
        (depth, parent): (usize, bool),
        die: u8,
        moved: &mut bool,
    ) -> B {
        let mut allowed = self.origins(o, die);
        if o.judge_more {
            // Judged on a copy, so that `o` itself is never lent to code
            // out of line: its fields the search does not read are then
            // never written.
            let copy = *o;
            allowed = self.judged(st, &turn.masks, turn.player, &copy, die, allowed);
        }
        *moved |= !allowed.none();
        if parent && let Some(memo) = turn.memo.as_deref_mut() {
            allowed = B::orders(memo).skips(depth, die, usize::from(die != turn.low), allowed);
        }
        allowed
    }

    /// Searches the die moves from a position reached with `n` dice left,
    /// in presentation order: track position first, then the die.
    fn search<B: Width>(&self, st: &mut State, turn: &mut Turn<B>, n: usize, key: u64) {
        if n == 1 {
            self.search_last(st, turn, key);
        } else {
            self.node::<B, false>(st, turn, n, key);
        }
    }

    /// [`Engine::search`] with one die left, most of the positions
    /// searched: its own copy of the node, with all that only a position
    /// with more dice left does (noting orders, carrying options) left
    /// out, compiled into [`Engine::search`].
    #[inline(always)]
    fn search_last<B: Width>(&self, st: &mut State, turn: &mut Turn<B>, key: u64) {
        self.node::<B, true>(st, turn, 1, key);
    }

    /// The search of [`Engine::search`] from one position, with `n` dice
    /// left (one if `LAST`).
    #[inline(always)]
    fn node<B: Width, const LAST: bool>(
        &self,
        st: &mut State,
        turn: &mut Turn<B>,
        n: usize,
        key: u64,
    ) {
        let n = if LAST { 1 } else { n };
        if turn.overflow.is_some() {
            return;
        }
        // Two routes reach one position only after two die moves or more:
        // one die move from two different sites leaves two different
        // positions. So the positions before are not looked up.
        if turn.m.len >= 2
            && let Some(memo) = turn.memo.as_deref_mut()
        {
            let limited = if self.t.leave_limits.is_empty() {
                0
            } else {
                self.leave_key(turn.m.steps())
            };
            match memo.nodes.entry(
                key ^ dice_signature(&turn.dice[..n]) ^ limited,
                0,
                MAX_SEARCH,
            ) {
                Entry::Found(_) => return,
                Entry::Added => {}
                Entry::Full => {
                    turn.overflow = Some(TooManyTurns::Search);
                    return;
                }
            }
        }
        super::masks::debug_check(&turn.masks, st);
        let player = turn.player;
        let mut o = self.options(
            st,
            &turn.masks,
            player,
            &turn.m,
            turn.bearing.take(),
            turn.positions.take(),
            turn.forbidden.take(),
        );
        if self.t.origins_masked {
            self.mask_origins(st, &turn.masks, player, &mut o);
        }
        let (distinct, kinds) = match turn.dice[..n] {
            // The usual rolls, and the last die move of a turn.
            [d] => (pad(&[d]), 1),
            [a, b] if a == b => (pad(&[a]), 1),
            [a, b] => (pad(&[a.min(b), a.max(b)]), 2),
            _ => distinct(&turn.dice[..n]),
        };
        let depth = turn.m.len as usize;
        let orders = turn.orders;
        let parent = orders && depth > turn.base;
        // With one die left, no die move is searched beyond this position:
        // none is noted as searched from it, and nothing is carried.
        if n > 1 {
            o.reads = self.forbidden_reads(player);
            if orders && let Some(memo) = turn.memo.as_deref_mut() {
                B::orders(memo).begin(depth);
            }
        }
        self.debug_check_origins(st, &turn.masks, player, &o, &distinct[..kinds]);
        // Per die, the origins of the die moves to search: those the rules
        // allow, less the later orders of two die moves already searched;
        // the sites they leave read from the node's track.
        let mut moved = false;
        let track = self.origin_track(player, &o);
        if B::PLACES && o.placing {
            // On a copy, as for `judged`: `o` itself is never lent to code
            // out of line.
            let copy = o;
            moved = self.place_all(st, turn, (&copy, track), n, key, &distinct[..kinds]);
        }
        if kinds == 1 {
            // One die (the last die move, or a double): its origins in order.
            let mut froms = self.allowed(st, turn, &o, (depth, parent), distinct[0], &mut moved);
            if n == 1 {
                let die = distinct[0];
                if self.t.pin_blots {
                    self.leaves::<B, true>(st, turn, o.last, key, die, (froms, track));
                } else {
                    self.leaves::<B, false>(st, turn, o.last, key, die, (froms, track));
                }
            } else {
                while !froms.none() {
                    let from = froms.trailing_zeros() as usize;
                    froms = froms.rest();
                    self.visit(st, turn, (&o, track), n, key, (depth, from, distinct[0]));
                }
            }
        } else {
            let mut origins = [B::ZERO; SEARCH_DIE_MOVES];
            let mut froms = B::ZERO;
            for (origins, &die) in origins.iter_mut().zip(&distinct[..kinds]) {
                *origins = self.allowed(st, turn, &o, (depth, parent), die, &mut moved);
                froms |= *origins;
            }
            while !froms.none() {
                let from = froms.trailing_zeros() as usize;
                froms = froms.rest();
                for (&die, origins) in distinct[..kinds].iter().zip(&origins) {
                    if !(*origins & B::one(from)).none() {
                        self.visit(st, turn, (&o, track), n, key, (depth, from, die));
                    }
                }
            }
        }
        if !moved {
            turn.record(key);
        }
    }
}
