//! The die moves a node of the search may play: what a position allows
//! (origins, forbidden landing sites, bearing off, limits), kept as
//! masks, and the origins of each die found from them at once.

use super::Dice;
use super::masks::side;
use super::route::Route;
use super::tables::seat;
use super::{Change, Masks, men};
use crate::engine::bits::Bits;
use crate::engine::{NONE, State, Step};

/// Whether die moves are searched for placements at the width of masks
/// `B`: at 128 bits alone, where games that place are searched (see
/// [`super::searched::Width::PLACES`]), so that the search of every other
/// game with at most 64 sites has no test for them.
pub(super) const fn searches_placements<B: Bits>() -> bool {
    B::WIDTH > 64
}

/// What decides the die moves from a position: see [`Engine::options`].
#[derive(Clone, Copy)]
pub(super) struct Options<B: Bits = u128> {
    pub(super) vulnerable: B,
    pub(super) bearing_off: bool,
    /// Whether the mover's men at track position 0 leave the second zone
    /// at his track's start (`Tables::second_start`) rather than the first.
    pub(super) from_second: bool,
    /// Sites the mover may leave: where he has free men, but not those
    /// he may not leave (all but the one he must leave first, `first
    /// from`, and those whose `limit ... leave` he has reached).
    pub(super) leavable: B,
    /// The track positions before the last where he has free men, and
    /// those of `leavable` less `from_forbidden_at`, as masks.
    pub(super) positions: B,
    pub(super) froms: B,
    /// Sites he may not land on, as far as the site masks tell.
    pub(super) forbidden: B,
    /// The track positions before the last whose sites are `forbidden`.
    pub(super) forbidden_at: B,
    /// The last track position (borne off).
    pub(super) last: usize,
    /// The site masks `forbidden` is decided by, where it reads nothing
    /// else ([`Engine::forbidden_reads`]): set by the search only where
    /// it carries `forbidden` to a position beyond (`None` otherwise).
    pub(super) reads: Option<u8>,
    /// The track position of the mover's rearmost man on the board (the
    /// first position included), the width of the mask if he has none.
    pub(super) rearmost: u32,
    /// The track positions (before the last) whose men the `forbid` rules
    /// judged for every origin at once keep off the board: they may still
    /// bear off.
    pub(super) from_forbidden_at: B,
    /// The track positions (before the last) where landing may make a run
    /// that a `limit ... no run` forbids: a die move onto one is judged.
    pub(super) run_risky_at: B,
    /// Whether the two masks above are worked out ([`Engine::mask_origins`]):
    /// else every die move is judged by every rule the masks do not decide.
    pub(super) masked: bool,
    /// Whether some die moves are also judged one by one: by a `forbid`
    /// rule the masks do not decide, or by the runs they make (onto
    /// `run_risky_at`).
    pub(super) judge_more: bool,
    /// Whether the mover may place a man waiting at the start of his
    /// track (`place`): he has one there, may leave it, and the place
    /// line's condition holds. The start is then never `leavable`: its
    /// men enter by [`Engine::placements`] alone.
    pub(super) placing: bool,
}

impl Dice {
    /// What decides the die moves of `player` from a position reached by
    /// the die moves of `m`, his turn so far; `positions` the track
    /// positions of his free men where the caller knows them (see
    /// [`Engine::track_positions`]), `was` the `forbidden` and
    /// `forbidden_at` of the position before it.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn options<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        m: &Route,
        bearing: Option<bool>,
        positions: Option<B>,
        was: Option<(B, B, bool)>,
    ) -> Options<B> {
        let t = &self.t;
        let track = &t.track[player];
        let last = track.len().saturating_sub(1);
        let vulnerable = if t.landing_sees_runs {
            B::of(self.vulnerable(st, player ^ 1))
        } else {
            B::ZERO
        };
        let bearing_off =
            bearing.unwrap_or_else(|| self.may_bear_off(st, masks, player, vulnerable));
        // The first `first from` zone where he has men.
        let must_leave = t
            .first_from
            .iter()
            .map(|z| *seat(z, player))
            .find(|&z| z != NONE && men(st, z, player) > 0)
            .unwrap_or(NONE);
        // Men at position 0 leave the second start where he has men there
        // and no rule sends the first's first (the checker has a `first
        // from` name one of the two, so that they never both may leave).
        let from_second = t.two_starts && {
            let second = *seat(&t.second_start, player);
            second != NONE
                && men(st, second, player) > 0
                && (must_leave == NONE || must_leave == second)
        };
        let positions = positions
            .unwrap_or_else(|| self.track_positions(player, masks.occ[side(player)], last));
        debug_assert_eq!(
            positions,
            self.track_positions(player, masks.occ[side(player)], last),
            "track positions carried out of date"
        );
        let mut blocked = if must_leave == NONE {
            B::ZERO
        } else {
            !B::one(usize::from(must_leave))
        };
        if !t.leave_limits.is_empty() {
            blocked |= B::of(self.leave_blocked(st, player, m.steps()));
        }
        let placing = searches_placements::<B>()
            && t.places
            && self.may_place(st, masks, player, &mut blocked, vulnerable);
        let leavable = masks.occ[side(player)] & !blocked;
        let (forbidden, forbidden_at) = if let Some((was, at, true)) = was {
            #[cfg(debug_assertions)]
            assert_eq!(was, self.forbidden(st, masks, player, vulnerable));
            (was, at)
        } else {
            let forbidden = self.forbidden(st, masks, player, vulnerable);
            let at = if let Some((was, mut at, _)) = was {
                // A die move changes the landing of few sites, looked up
                // one by one.
                let mut changed = was ^ forbidden;
                let position = &t.position[player];
                while !changed.none() {
                    let p = position[changed.trailing_zeros() as usize];
                    changed = changed.rest();
                    if (p as usize) < last {
                        at ^= B::one(p as usize);
                    }
                }
                debug_assert_eq!(at, self.track_positions(player, forbidden, last));
                at
            } else {
                self.track_positions(player, forbidden, last)
            };
            (forbidden, at)
        };
        Options {
            vulnerable,
            bearing_off,
            from_second,
            leavable,
            positions,
            froms: if blocked.none() {
                positions
            } else {
                self.track_positions(player, leavable, last)
            },
            forbidden,
            forbidden_at,
            last,
            reads: None,
            // The man furthest back on the track, the first position
            // included (a zone or, on a track that starts on the board, a
            // point): only read when a man may bear off past the end.
            rearmost: positions.trailing_zeros(),
            from_forbidden_at: B::ZERO,
            run_risky_at: B::ZERO,
            masked: false,
            judge_more: t.judge_more,
            placing,
        }
    }

    /// Whether `player` may place a man from the start of his track, from
    /// a position where he may not leave the sites of `blocked`: he has
    /// one there, may leave it, and the place line's condition holds. The
    /// start is then added to `blocked`, whatever the answer: men waiting
    /// there never advance from it.
    #[inline(never)]
    fn may_place<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        blocked: &mut B,
        vulnerable: B,
    ) -> bool {
        let t = &self.t;
        let start = B::one(usize::from(t.track[player][0]));
        let may = !(masks.occ[side(player)] & start & !*blocked).none()
            && self.rules.kinds[0]
                .place
                .as_ref()
                .is_none_or(|c| self.holds(st, masks, c, player, (NONE, NONE, NONE), vulnerable));
        *blocked |= start;
        may
    }

    /// The track positions where `player` may place a man waiting at the
    /// start of his track with `die`, from the position of `o`: those of
    /// the place line's region where he may land, and that no rule judged
    /// die move by die move forbids (the die move's origin is the start).
    pub(super) fn placements<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        o: &Options<B>,
        die: u8,
    ) -> B {
        if !o.placing {
            return B::ZERO;
        }
        let t = &self.t;
        let track = &t.track[player];
        let mut at = B::of(*seat(&t.place_at, player)) & !o.forbidden_at;
        if t.judge_more {
            let mut left = at;
            while !left.none() {
                let target = left.trailing_zeros() as usize;
                left = left.rest();
                let (from, to) = (track[0], track[target]);
                if self.forbidden_more(st, masks, player, (from, to, die), o.vulnerable) {
                    at &= !B::one(target);
                }
            }
        }
        at
    }

    /// Every die move of `player` from the position of `o` with one of
    /// `dice` (distinct, smallest first), in the order the search finds
    /// them: placements first (their origin is the track's start), then by
    /// origin and die. `f` gets each one's track positions (origin and
    /// landing) and step, and returns false to stop; returns false where
    /// it did.
    pub(super) fn each_die_move<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        o: &Options<B>,
        dice: &[u8],
        mut f: impl FnMut((usize, usize), Step) -> bool,
    ) -> bool {
        let track = self.origin_track(player, o);
        let step = |from: usize, to: u8, die: u8| Step {
            from: track[from],
            to,
            over: NONE,
            die,
        };
        if o.placing {
            for &die in dice {
                let mut at = self.placements(st, masks, player, o, die);
                while !at.none() {
                    let target = at.trailing_zeros() as usize;
                    at = at.rest();
                    if !f((0, target), step(0, track[target], die)) {
                        return false;
                    }
                }
            }
        }
        for (from, &site) in track.iter().enumerate().take(track.len().saturating_sub(1)) {
            if !Self::may_leave(o, site) {
                continue;
            }
            for &die in dice {
                if let Some((to, target)) = self.landing(st, masks, player, o, from, die)
                    && !f((from, target), step(from, to, die))
                {
                    return false;
                }
            }
        }
        true
    }

    /// The site masks of [`Engine::forbidden`] of `player`, where it reads
    /// nothing else (see [`super::landing::Program::reads`]): the
    /// program's masks, and the opposing men a player who cannot hit may
    /// not land on. Only the opponent's are worth comparing: nearly every
    /// die move changes the mover's.
    #[inline(always)]
    pub(super) fn forbidden_reads(&self, player: usize) -> Option<u8> {
        let t = &self.t;
        match (&t.hit_to, t.pin_blots) {
            (Some(_), _) => seat(&t.forbid_program, player).reads(),
            (None, false) => seat(&t.forbid_program, player)
                .reads()
                .map(|r| r | 1 << (side(player) ^ 1)),
            (None, true) => None,
        }
        .filter(|r| r & (5 << side(player)) == 0)
    }

    /// Completes `o`, the options of `player` from a position, where the
    /// game has `from in` rules or run limits judged by masks (see
    /// [`Engine::origins_forbidden`] and [`Engine::run_risks`]): the
    /// origins they forbid leave `froms`, and die moves are judged one by
    /// one only where some other rule, or a risky landing, asks for it.
    /// Kept out of [`Engine::options`], whose other callers judge die
    /// moves one by one.
    #[inline(always)]
    pub(super) fn mask_origins<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        o: &mut Options<B>,
    ) {
        let (from_forbidden_at, run_risky_at, judge_more) = self.masked_origins(
            st,
            masks,
            player,
            (o.vulnerable, o.leavable, o.positions, o.last),
        );
        o.from_forbidden_at = from_forbidden_at;
        o.froms &= !from_forbidden_at;
        o.run_risky_at = run_risky_at;
        o.judge_more = judge_more;
        o.masked = true;
    }

    /// What [`Engine::mask_origins`] completes: the track positions the
    /// `from in` rules forbid as origins, those where landing may make a
    /// run, and whether some die moves are still judged one by one; from
    /// the `vulnerable`, `leavable`, `positions` and `last` of the options.
    /// Out of line: inlined, it slows the search of games without these
    /// rules.
    #[inline(never)]
    fn masked_origins<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        (vulnerable, leavable, positions, last): (B, B, B, usize),
    ) -> (B, B, bool) {
        let t = &self.t;
        let from_forbidden = self.origins_forbidden(st, masks, player, vulnerable, leavable);
        let from_forbidden_at = if from_forbidden.none() {
            B::ZERO
        } else {
            self.track_positions(player, from_forbidden, last)
        };
        let run_risky_at = if t.run_limits.is_empty() {
            B::ZERO
        } else {
            self.run_risks(masks, player, positions, last)
        };
        let judge_more = !t.forbid.is_empty()
            || !t.forbid_from_rest.is_empty()
            || t.after_move
            || !run_risky_at.none();
        (from_forbidden_at, run_risky_at, judge_more)
    }

    /// The track positions of `player` before `last` whose sites are in
    /// `sites`, as a mask (see [`super::masks::TrackMap`]).
    #[inline(always)]
    pub(super) fn track_positions<B: Bits>(&self, player: usize, sites: B, last: usize) -> B {
        let t = &self.t;
        let positions = t.track_map[player].positions(sites);
        debug_assert_eq!(positions, {
            let mut sites = sites;
            let mut positions = B::ZERO;
            while !sites.none() {
                // Sites past the board (a mask's high bits) are on no track.
                let p = t.position[player].get(sites.trailing_zeros() as usize);
                sites = sites.rest();
                if let Some(&p) = p
                    && (p as usize) < last
                {
                    positions |= B::one(usize::from(p));
                }
            }
            positions
        });
        positions
    }

    /// Whether `player` may bear off after a die move that made `change`,
    /// where it cannot have changed that (he could before: `was`): no
    /// change it made can make the rule hold (fail), or, for a rule that
    /// counts men alone, the die move (`from`, `to`, and the `hit` and
    /// `victims` of [`Engine::die_move`]) left every count as it was.
    #[inline(always)]
    pub(super) fn bearing_after(
        &self,
        player: usize,
        was: bool,
        change: &Change,
        moved: (u8, u8, u8, u8),
    ) -> Option<bool> {
        let t = &self.t;
        let fires = t.bear_off_fires.as_ref()?;
        let may_change = fires.fired(change) >> (2 * side(player) + usize::from(was)) & 1 != 0;
        if !may_change {
            return Some(was);
        }
        let linear = seat(&t.bear_off_linear, player).as_ref()?;
        linear.unchanged(player, moved, t.pin_blots).then_some(was)
    }

    /// The mover's track as die moves from the position of `o` leave it:
    /// where his men at position 0 leave the second zone at its start,
    /// with that zone at position 0.
    #[inline(always)]
    pub(super) fn origin_track<B: Bits>(&self, player: usize, o: &Options<B>) -> &[u8] {
        let t = &self.t;
        if o.from_second {
            &t.start_track[player]
        } else {
            &t.track[player]
        }
    }

    /// Whether a man of the mover may leave `site`.
    #[inline]
    pub(super) fn may_leave<B: Bits>(o: &Options<B>, site: u8) -> bool {
        !(o.leavable & B::one(usize::from(site))).none()
    }

    /// Where a man of `player` at track position `from` goes with `die`,
    /// if he may: the site and the track position (the last for bearing off).
    #[inline(always)]
    pub(super) fn landing<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        o: &Options<B>,
        from: usize,
        die: u8,
    ) -> Option<(u8, usize)> {
        let t = &self.t;
        let track = self.origin_track(player, o);
        let last = track.len() - 1;
        let target = from + die as usize;
        if target < last {
            let to = track[target];
            if !(o.forbidden & B::one(usize::from(to))).none()
                || t.judge_more
                    && self.forbidden_more(st, masks, player, (track[from], to, die), o.vulnerable)
            {
                return None;
            }
            Some((to, target))
        } else if o.bearing_off
            && (target == last || t.overshoot_rearmost && o.rearmost as usize == from)
        {
            Some((track[last], last))
        } else {
            None
        }
    }

    /// The track positions from which a man of the mover goes with `die`
    /// as far as the site masks tell (see [`Engine::landing`]): those of
    /// `froms` whose landing site is not `forbidden`, and where he may
    /// bear off, the one `die` bears off exactly and the rearmost a larger
    /// die bears off. A die move from one of them is legal unless the
    /// `judge_more` rules forbid it ([`Engine::lands`]).
    #[inline(always)]
    pub(super) fn origins<B: Bits>(&self, o: &Options<B>, die: u8) -> B {
        let d = die as usize;
        let last = o.last;
        if d >= last {
            // Every target is the last position or past it.
            return if o.bearing_off {
                self.bear_origins(o, d)
            } else {
                B::ZERO
            };
        }
        // The targets before the last, not forbidden.
        let onto = o.froms & (B::one(last - d) - B::ONE) & !(o.forbidden_at >> d);
        if o.bearing_off {
            onto | self.bear_origins(o, d)
        } else {
            onto
        }
    }

    /// The track positions of `froms` from which a die of `d` pips bears
    /// off, where the mover may bear off.
    #[inline(always)]
    pub(super) fn bear_origins<B: Bits>(&self, o: &Options<B>, d: usize) -> B {
        let last = o.last;
        let exact = if d <= last { B::one(last - d) } else { B::ZERO };
        let rearmost = o.rearmost as usize;
        let over = if self.t.overshoot_rearmost && rearmost < last && rearmost + d > last {
            B::one(rearmost)
        } else {
            B::ZERO
        };
        // Men kept off the board by a `from in` rule may still bear off.
        (o.froms | o.from_forbidden_at) & (exact | over)
    }

    /// The landing of a die move of `die` from track position `from`, one
    /// of [`Engine::origins`]: the site and the track position, or `None`
    /// where the `judge_more` rules forbid it.
    #[inline(always)]
    pub(super) fn lands<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        o: &Options<B>,
        from: usize,
        die: u8,
    ) -> Option<(u8, usize)> {
        let track = self.origin_track(player, o);
        let target = (from + die as usize).min(o.last);
        let to = track[target];
        if target < o.last
            && o.judge_more
            && self.forbidden_rest(st, masks, player, (track[from], to, die), o, target)
        {
            return None;
        }
        Some((to, target))
    }

    /// `origins` (of [`Engine::origins`] for `die`) less those the
    /// `judge_more` rules forbid.
    pub(super) fn judged<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        o: &Options<B>,
        die: u8,
        origins: B,
    ) -> B {
        let t = &self.t;
        let mut allowed = origins;
        // Where only runs are judged one by one, only die moves onto a
        // risky position.
        let mut left =
            if o.masked && t.forbid.is_empty() && t.forbid_from_rest.is_empty() && !t.after_move {
                origins & (o.run_risky_at >> usize::from(die))
            } else {
                origins
            };
        while !left.none() {
            let from = left.trailing_zeros() as usize;
            left = left.rest();
            if self.lands(st, masks, player, o, from, die).is_none() {
                allowed &= !B::one(from);
            }
        }
        allowed
    }

    /// Debug builds check that [`Engine::origins`] and [`Engine::lands`]
    /// find the die moves [`Engine::landing`] finds from every origin.
    #[inline(always)]
    pub(super) fn debug_check_origins<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        o: &Options<B>,
        dice: &[u8],
    ) {
        if !cfg!(debug_assertions) {
            return;
        }
        for from in 0..o.last {
            for &die in dice {
                let froms = o.froms | o.from_forbidden_at;
                let bulk = if !(froms & self.origins(o, die) & B::one(from)).none() {
                    self.lands(st, masks, player, o, from, die)
                } else {
                    None
                };
                let one = if Self::may_leave(o, self.origin_track(player, o)[from]) {
                    self.landing(st, masks, player, o, from, die)
                } else {
                    None
                };
                assert_eq!(bulk, one, "origins of die {die} from {from} disagree");
            }
        }
    }

    /// Whether `player` can play any of `dice` from the position reached
    /// by the die moves of `m`, his turn so far.
    pub(super) fn can_move<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        dice: &[u8],
        m: &Route,
    ) -> bool {
        let o = self.options(st, masks, player, m, None, None, None);
        !self.each_die_move(st, masks, player, &o, dice, |_, _| false)
    }

    /// The sites where `player` may not land: opposing men stand there that
    /// he can neither hit nor pin (with `pin blots`, a lone man not himself
    /// pinning one), or a `forbid` rule judged by mask holds. The other
    /// rules are judged site by site ([`Engine::forbidden_more`]).
    #[inline(always)]
    pub(super) fn forbidden<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        vulnerable: B,
    ) -> B {
        let t = &self.t;
        let opp = side(player) ^ 1;
        let mut forbidden = match (&t.hit_to, t.pin_blots) {
            (Some(_), _) => B::ZERO,
            (None, false) => masks.occ[opp],
            (None, true) => masks.two[opp] | masks.occ[opp] & B::of(st.pinned),
        };
        let program = seat(&t.forbid_program, player);
        if !program.is_empty() {
            let mut tests = 0u64;
            for (i, c) in program.tests.iter().enumerate() {
                if self.holds(st, masks, c, player, (NONE, NONE, NONE), vulnerable) {
                    tests |= 1 << i;
                }
            }
            forbidden |= program.forbidden(masks, vulnerable, tests);
        }
        forbidden
    }

    /// The sites whose men the `forbid` rules judged for every origin at
    /// once ([`Program::compile_origins`]) keep off the board, of
    /// `leavable`.
    #[inline(always)]
    pub(super) fn origins_forbidden<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        vulnerable: B,
        leavable: B,
    ) -> B {
        let program = seat(&self.t.forbid_from_program, player);
        if program.is_empty() || (B::of(program.support) & leavable).none() {
            return B::ZERO;
        }
        let mut tests = 0u64;
        for (i, c) in program.tests.iter().enumerate() {
            if self.holds(st, masks, c, player, (NONE, NONE, NONE), vulnerable) {
                tests |= 1 << i;
            }
        }
        program.forbidden(masks, vulnerable, tests) & leavable
    }

    /// What [`Engine::forbidden_more`] judges of a die move from `from` to
    /// `to` (at track position `target`) that the masks of `o` leave
    /// undecided: the `forbid` rules judged die move by die move, and the
    /// runs it may make where `target` is risky.
    #[inline(never)]
    pub(super) fn forbidden_rest<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        (from, to, die): (u8, u8, u8),
        o: &Options<B>,
        target: usize,
    ) -> bool {
        let t = &self.t;
        let from_rules = if o.masked {
            &t.forbid_from_rest
        } else {
            &t.forbid_from
        };
        let forbidden = t
            .forbid
            .iter()
            .any(|c| self.holds(st, masks, c, player, (NONE, to, die), o.vulnerable))
            || from_rules
                .iter()
                .any(|c| self.holds(st, masks, c, player, (from, to, die), o.vulnerable))
            || (!o.masked || !(o.run_risky_at & B::one(target)).none())
                && !t.run_limits.is_empty()
                && self.makes_run(st, player, from, to)
            || t.after_move && self.forbidden_after(st, masks, player, (from, to, die));
        debug_assert!(
            forbidden == self.forbidden_more(st, masks, player, (from, to, die), o.vulnerable),
            "die move {from} -> {to} judged apart from the masks wrongly"
        );
        forbidden
    }

    /// Whether a `forbid` rule not judged by mask (one that reads the die
    /// move's origin, `from in`, among them), or a `limit ... no run`,
    /// stops `player` moving a man from `from` to `to`.
    // Kept out of line: games without these rules never call it, and
    // inlined it slows their search.
    #[inline(never)]
    pub(super) fn forbidden_more<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        (from, to, die): (u8, u8, u8),
        vulnerable: B,
    ) -> bool {
        let t = &self.t;
        t.forbid
            .iter()
            .any(|c| self.holds(st, masks, c, player, (NONE, to, die), vulnerable))
            || t.forbid_from
                .iter()
                .any(|c| self.holds(st, masks, c, player, (from, to, die), vulnerable))
            || !t.run_limits.is_empty() && self.makes_run(st, player, from, to)
            || t.after_move && self.forbidden_after(st, masks, player, (from, to, die))
    }

    /// Whether a `forbid ... after move` rule holds for `player` on the
    /// position after his die move from `from` to `to` (`masks` those of
    /// the position before it): the die move is played on a copy of the
    /// position (a per-thread one, which keeps its buffers) and a copy of
    /// its masks, where the one evaluator judges the rules with the die
    /// move's origin and landing site. The slow way, for the games that
    /// have such rules alone.
    #[inline(never)]
    pub(super) fn forbidden_after<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        (from, to, die): (u8, u8, u8),
    ) -> bool {
        thread_local! {
            static AFTER: std::cell::RefCell<Option<State>> = const { std::cell::RefCell::new(None) };
        }
        AFTER.with_borrow_mut(|after| {
            let after = match after {
                Some(after) => {
                    after.clone_from(st);
                    after
                }
                None => after.insert(st.clone()),
            };
            let (hit, victims, _) = self.die_move(after, player, from, to);
            let mut masks = *masks;
            if self.t.pin_blots {
                masks.pinned(after, player, (from, to), victims);
            } else {
                masks.moved(after, player, (from, to, hit));
            }
            debug_assert!(
                masks == Masks::of(after).narrow::<B>(),
                "masks after the die move"
            );
            let vulnerable = self.vulnerable(after, player ^ 1);
            self.rules
                .forbid_after
                .iter()
                .any(|c| self.holds(after, &masks, c, player, (from, to, die), B::of(vulnerable)))
        })
    }
}
