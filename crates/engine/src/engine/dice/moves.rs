//! Die moves and their undo, in place on the state: a man taken off one
//! site and put on another, hitting or pinning what stands there, each
//! with the change of the position key; the preview of a die move that is
//! not played; the position key.

use super::Dice;
use super::masks::Masks;
use super::masks::side;
use super::tables::{MEN_KEY_SLOTS, MEN_KEYS};
use super::triggers;
use super::{Standing, men, others, owner};
use crate::engine::again::Played;
use crate::engine::bits::Bits;
use crate::engine::{Move, NONE, State, Step, cell};
use crate::ir::MAX_DICE;

/// What a die move did besides moving its man in a game that pins, in the
/// `victims` it returns (see [`Engine::pin_move`]): it pinned the man on
/// its landing site ...
pub(super) const PINNED: u8 = 1;
/// ... and its leaving freed the man pinned on the site it left.
pub(super) const RELEASED: u8 = 2;

/// Takes a man off `site` (see [`Engine::take_man`]).
#[inline(always)]
pub(super) fn lift_man(st: &mut State, site: u8) {
    let s = site as usize;
    let men = st.stack[s];
    debug_assert!(st.cells[s] != NONE && men > 0, "a man to take");
    st.stack[s] = men - 1;
    if men == 1 {
        st.cells[s] = NONE;
    }
}

/// Puts a man of `player` on `site`, empty or his (see [`Engine::put_man`]).
#[inline(always)]
pub(super) fn drop_man(st: &mut State, site: u8, player: usize) {
    let s = site as usize;
    debug_assert!(
        st.cells[s] == NONE && st.stack[s] == 0 || (st.cells[s] >> 4) as usize == player,
        "a man put on an empty site or his own"
    );
    st.stack[s] += 1;
    st.cells[s] = cell(player, 0);
}

/// Pins the lone man of `owner` on `site`, or frees him (see [`Engine::pin`]).
pub(super) fn set_pin(st: &mut State, site: u8, owner: usize, pin: bool) {
    let s = site as usize;
    if pin {
        st.pinned |= u128::one(usize::from(site));
        st.cells[s] = NONE;
        st.stack[s] = 0;
    } else {
        st.pinned &= !u128::one(usize::from(site));
        st.cells[s] = cell(owner, 0);
        st.stack[s] = 1;
    }
}

impl Dice {
    /// Moves one man of `player` from `from` to `to`, hitting what stands
    /// there (or pinning it, see [`Engine::pin_move`]); returns the site the
    /// hit men went to (or [`NONE`]), how many, and the change of the
    /// position key.
    #[inline(always)]
    pub(super) fn die_move(
        &self,
        st: &mut State,
        player: usize,
        from: u8,
        to: u8,
    ) -> (u8, u8, u64) {
        if self.t.pin_blots {
            return self.pin_move(st, player, from, to);
        }
        let mut delta = self.take_man(st, from);
        let victims = others(st, to, player) as u8;
        let mut hit = NONE;
        if victims > 0
            && let Some(zones) = &self.t.hit_to
        {
            let opp = owner(st, to);
            hit = zones[opp];
            for _ in 0..victims {
                delta ^= self.take_man(st, to);
                delta ^= self.put_man(st, hit, opp);
            }
        }
        delta ^= self.put_man(st, to, player);
        (hit, victims, delta)
    }

    /// What [`Engine::die_move`] would do, without moving: the change of
    /// the position key, the site hit men would go to (or [`NONE`]), the
    /// pairs of end condition and judged player its change sets off (what
    /// [`Fires::fired`] says of the [`Change`] that [`Masks::moved`] would
    /// note, read from the table site by site without building it), and
    /// the sites where each player would then have free men and where men
    /// would lie pinned, where worked out already (else see
    /// [`Engine::standing_after`]); `None` where the sites overlap so that
    /// this does not tell. `pins` is whether the game pins
    /// ([`Engine::pin_move_preview`]), which a caller previewing many die
    /// moves knows once for all.
    #[inline(always)]
    pub(super) fn die_move_preview<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        (from, to): (u8, u8),
        pins: bool,
    ) -> Option<(u64, u8, u64, Option<Standing<B>>)> {
        use triggers::{CAME, FEWER, GONE, MORE};
        debug_assert_eq!(pins, self.t.pin_blots, "whether the game pins");
        let fires = &self.t.ends_fire;
        if pins {
            let (delta, hit, fired, standing) = self.pin_move_preview(st, masks, player, from, to);
            return Some((delta, hit, fired, Some(standing)));
        }
        let (f, t) = (from as usize, to as usize);
        let left = st.stack[f];
        let mut delta = self.men_key(from, player, left);
        let mut fired = fires.at(from, player, if left > 1 { FEWER } else { FEWER | GONE });
        let victims = others(st, to, player) as u8;
        let mut hit = NONE;
        if victims > 0
            && let Some(zones) = &self.t.hit_to
        {
            let opp = owner(st, to);
            hit = zones[opp];
            let h = hit as usize;
            if hit == from || hit == to || st.cells[h] != NONE && (st.cells[h] >> 4) as usize != opp
            {
                return None;
            }
            delta ^= self.site_key(t, st.cells[t], victims) ^ self.men_key(to, player, 1);
            let there = st.stack[h];
            delta ^= self.site_key(h, st.cells[h], there)
                ^ self.site_key(h, cell(opp, 0), there + victims);
            let came = if (masks.occ[side(player) ^ 1] & B::one(usize::from(hit))).none() {
                CAME
            } else {
                0
            };
            let them = side(player) ^ 1;
            fired |= fires.at(to, player, MORE | CAME)
                | fires.at(to, them, FEWER | GONE)
                | fires.at(hit, them, MORE | came);
        } else {
            let before = men(st, to, player) as u8;
            debug_assert!(
                st.stack[t] == before,
                "a die move lands on no opposing man unhit"
            );
            delta ^= self.men_key(to, player, before + 1);
            fired |= fires.at(to, player, if before == 0 { MORE | CAME } else { MORE });
        }
        Some((delta, hit, fired, None))
    }

    /// The sites where each player would have free men, and where men
    /// would lie pinned, after the die move of `player` from `from` to `to`
    /// that [`Engine::die_move_preview`] previewed (sending the men hit to
    /// `hit`, or [`NONE`]) in a game that does not pin: worked out only
    /// where an end condition may fire.
    #[inline(always)]
    pub(super) fn standing_after<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        (from, to, hit): (u8, u8, u8),
    ) -> Standing<B> {
        let mut occ = masks.occ;
        let player = side(player);
        if st.stack[from as usize] <= 1 {
            occ[player] &= !B::one(usize::from(from));
        }
        occ[player] |= B::one(usize::from(to));
        if hit != NONE {
            let opp = player ^ 1;
            occ[opp] = occ[opp] & !B::one(usize::from(to)) | B::one(usize::from(hit));
        }
        (occ, B::of(st.pinned))
    }

    #[inline(always)]
    pub(super) fn undo_die_move(
        &self,
        st: &mut State,
        player: usize,
        from: u8,
        to: u8,
        hit: u8,
        victims: u8,
    ) {
        if self.t.pin_blots {
            return self.undo_pin_move(st, player, from, to, victims);
        }
        // Only the men move back: the key is the caller's to restore.
        lift_man(st, to);
        if hit != NONE {
            // The men hit are the owner's of the site they went to.
            let owner = usize::from(st.cells[hit as usize] >> 4);
            for _ in 0..victims {
                lift_man(st, hit);
                drop_man(st, to, owner);
            }
        }
        drop_man(st, from, player);
    }

    /// [`Engine::die_move`] in a game that pins: the man landed on (alone,
    /// as [`Engine::forbidden`] ensures) is pinned, and the man pinned on
    /// `from` is freed if the last of his pinners leaves. Returns [`NONE`],
    /// the flags [`PINNED`] and [`RELEASED`], and the change of the key.
    #[inline(never)]
    pub(super) fn pin_move(
        &self,
        st: &mut State,
        player: usize,
        from: u8,
        to: u8,
    ) -> (u8, u8, u64) {
        let mut delta = self.take_man(st, from);
        let opp = 1 - player;
        let mut flags = 0;
        if st.pinned & u128::one(usize::from(from)) != 0 && st.stack[from as usize] == 0 {
            delta ^= self.pin(st, from, opp, false);
            flags |= RELEASED;
        }
        if men(st, to, opp) > 0 {
            delta ^= self.pin(st, to, opp, true);
            flags |= PINNED;
        }
        delta ^= self.put_man(st, to, player);
        (NONE, flags, delta)
    }

    /// [`Engine::die_move_preview`] in a game that pins: what
    /// [`Engine::pin_move`] and [`Masks::pinned`] would do, without moving.
    #[inline(never)]
    pub(super) fn pin_move_preview<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
        player: usize,
        from: u8,
        to: u8,
    ) -> (u64, u8, u64, Standing<B>) {
        let mut occ = masks.occ;
        let mut pinned = B::of(st.pinned);
        let opp = 1 - player;
        let (f, t) = (from as usize, to as usize);
        let lone = cell(opp, 0);
        let left = st.stack[f];
        let mut delta = self.men_key(from, player, left);
        if left <= 1 {
            occ[player] &= !B::one(usize::from(from));
            if st.pinned & u128::one(usize::from(from)) != 0 {
                // His last pinner leaves: the pinned man stands alone again.
                delta ^= self.site_key(f, lone, 1) ^ self.pinned_key(f);
                occ[opp] |= B::one(usize::from(from));
                pinned &= !B::one(usize::from(from));
            }
        }
        let before = if men(st, to, opp) > 0 {
            // A lone opposing man, pinned.
            delta ^= self.site_key(t, lone, 1) ^ self.pinned_key(t);
            occ[opp] &= !B::one(usize::from(to));
            pinned |= B::one(usize::from(to));
            0
        } else {
            debug_assert!(st.cells[t] == NONE || (st.cells[t] >> 4) as usize == player);
            st.stack[t]
        };
        delta ^= self.men_key(to, player, before + 1);
        occ[player] |= B::one(usize::from(to));
        // Any change of either player's men where he left and landed.
        let fires = &self.t.ends_fire;
        let fired = fires.at(from, 0, 0xf)
            | fires.at(from, 1, 0xf)
            | fires.at(to, 0, 0xf)
            | fires.at(to, 1, 0xf);
        (delta, NONE, fired, (occ, pinned))
    }

    #[inline(never)]
    pub(super) fn undo_pin_move(&self, st: &mut State, player: usize, from: u8, to: u8, flags: u8) {
        lift_man(st, to);
        if flags & PINNED != 0 {
            set_pin(st, to, 1 - player, false);
        }
        if flags & RELEASED != 0 {
            set_pin(st, from, 1 - player, true);
        }
        drop_man(st, from, player);
    }

    /// Pins the lone man of `owner` on `site`, leaving the site empty for
    /// his pinner (`pin`), or frees him, alone on the site his last pinner
    /// left (`!pin`); returns the change of the position key.
    pub(super) fn pin(&self, st: &mut State, site: u8, owner: usize, pin: bool) -> u64 {
        let s = site as usize;
        set_pin(st, site, owner, pin);
        self.site_key(s, cell(owner, 0), 1) ^ self.pinned_key(s)
    }

    /// Takes a man off `site`; returns the change of the position key.
    #[inline(always)]
    pub(super) fn take_man(&self, st: &mut State, site: u8) -> u64 {
        let s = site as usize;
        let (owner, men) = ((st.cells[s] >> 4) as usize, st.stack[s]);
        lift_man(st, site);
        self.men_key(site, owner, men)
    }

    /// Puts a man of `player` on `site` (empty or his); returns the change
    /// of the position key.
    #[inline(always)]
    pub(super) fn put_man(&self, st: &mut State, site: u8, player: usize) -> u64 {
        drop_man(st, site, player);
        self.men_key(site, player, st.stack[site as usize])
    }

    /// The change of the position key when the men of `owner` on `site`
    /// go from `men - 1` to `men` (`men` > 0), or back: [`Engine::site_key`]
    /// of both counts, in one look-up for the usual stack.
    #[inline(always)]
    pub(super) fn men_key(&self, site: u8, owner: usize, men: u8) -> u64 {
        debug_assert!(men > 0 && owner < crate::ir::MAX_PLAYERS);
        if (men as usize) < MEN_KEYS {
            // In range whatever the arguments: masked to the table.
            let i = owner * 128 * MEN_KEYS + site as usize * MEN_KEYS + men as usize;
            self.t.men_keys[i & (MEN_KEY_SLOTS - 1)]
        } else {
            self.men_key_far(site as usize, owner, men)
        }
    }

    /// [`Engine::men_key`] of a stack of [`MEN_KEYS`] men or more.
    #[cold]
    #[inline(never)]
    pub(super) fn men_key_far(&self, site: usize, owner: usize, men: u8) -> u64 {
        self.site_key(site, cell(owner, 0), men) ^ self.site_key(site, cell(owner, 0), men - 1)
    }

    /// Plays the die moves of a turn and passes the dice on.
    pub(in crate::engine) fn play_dice(&self, st: &mut State, m: &Move) {
        match m.chosen() {
            Some(d) => self.play_choice(st, d),
            None => self.play_die_moves(st, m.steps()),
        }
    }

    /// Plays the choice of the double of `d` (`choose double`): the dice
    /// to play, the same player's.
    #[cold]
    pub(in crate::engine) fn play_choice(&self, st: &mut State, d: u8) {
        st.dice = [0; MAX_DICE];
        st.dice[..2].fill(d);
        st.chosen = true;
    }

    /// [`Engine::play_dice`] of the turn of die moves `steps`: in most
    /// games, by one test, the men moved and the turn counted; the rules
    /// few games have (`again`, counters with `while`, repetition) out of
    /// line, so that they cost the others nothing.
    #[inline]
    pub(in crate::engine) fn play_die_moves(&self, st: &mut State, steps: &[Step]) {
        if self.t.turn_extended {
            return self.play_die_moves_extended(st, steps);
        }
        self.move_and_count(st, steps);
    }

    /// [`Engine::play_dice`] of a game with `again` rules, counters with
    /// `while` or a history of positions: the turn played and counted,
    /// then the extra turn it may earn, the counters with `while` and the
    /// position remembered.
    #[cold]
    #[inline(never)]
    fn play_die_moves_extended(&self, st: &mut State, steps: &[Step]) {
        let player = st.to_move as usize;
        // What the `again` rules look at, read before the men move.
        let played = self.again.as_ref().map(|_| played(self, st, player, steps));
        let whiles = !self.counter_while.is_empty();
        let held = if whiles { self.dice_while_held(st) } else { 0 };
        self.move_and_count(st, steps);
        if let (Some(again), Some(played)) = (&self.again, played) {
            again.after_turn(st, player, &played);
        }
        if whiles {
            self.keep_while(st, held, |st| self.dice_while_held(st));
        }
        if self.repetition {
            // Men hit enter again: no turn starts the history afresh.
            let key = self.repetition_key(st);
            st.history.push(key);
        }
    }

    /// The die moves of a turn played, the turn counted (the no-progress
    /// counters but those with `while`) and the dice passed on.
    #[inline(always)]
    fn move_and_count(&self, st: &mut State, steps: &[Step]) {
        let player = st.to_move as usize;
        for s in steps {
            self.die_move(st, player, s.from, s.to);
        }
        // Men are all of the one kind; a hit is what a capture is here.
        let moved = if steps.is_empty() { NONE } else { 0 };
        let hit = || steps.iter().any(|s| s.over != NONE);
        self.count_progress::<false>(st, moved, hit);
        st.dice = [0; MAX_DICE];
        st.chosen = false;
        st.climbing = false;
        // Only games of two count turns (see `check/seats.rs`).
        if let Some(turns) = st.turns.get_mut(player) {
            *turns = turns.saturating_add(1).min(self.t.turn_cap);
        }
        st.to_move = self.next_player(player) as u8;
    }

    /// A bit per slot of a counter with `while` whose condition holds for
    /// some player in `st` (see `Core::while_held`), judged over the men's
    /// stacks.
    #[cold]
    #[inline(never)]
    fn dice_while_held(&self, st: &State) -> u8 {
        let mut held = 0;
        for &(slot, ref cond, _) in &self.counter_while {
            let holds = |who: usize| {
                let runs = self.vulnerable(st, who ^ 1);
                let masks = Masks::seen_by(st, who);
                self.holds(st, &masks, cond.cond(), who, (NONE, NONE, NONE), runs)
            };
            if (0..self.players).any(holds) {
                held |= 1 << slot;
            }
        }
        held
    }

    /// A hash of what stands where, for telling turns apart by their result.
    #[inline]
    pub(in crate::engine) fn position_key(&self, st: &State) -> u64 {
        let h = (0..st.cells.len()).fold(0, |h, s| h ^ self.site_key(s, st.cells[s], st.stack[s]));
        if st.pinned == 0 {
            h
        } else {
            h ^ self.pins_key(st.pinned)
        }
    }

    /// [`Masks::of`] and [`Engine::position_key`] of `st` in one pass over
    /// the sites: what a roll's search starts from.
    #[inline]
    pub(super) fn masks_and_key(&self, st: &State) -> (Masks, u64) {
        if self.players > 2 {
            return (Masks::of(st), self.position_key(st));
        }
        let n = st.cells.len().min(st.stack.len());
        let (cells, stack) = (&st.cells[..n], &st.stack[..n]);
        let mut h = 0;
        // The masks 64 sites at a time, in words kept in registers: the
        // bits of each site's men chosen by masks rather than by index.
        let mut half = |from: usize, to: usize| {
            let (mut occ, mut two) = ([0u64; 2], [0u64; 2]);
            for site in from..to {
                let (c, men) = (cells[site], stack[site]);
                if c != NONE {
                    let b = 1u64 << (site & 63);
                    let second = u64::from((c >> 4) & 1).wrapping_neg();
                    let many = u64::from(men >= 2).wrapping_neg();
                    occ[0] |= b & !second;
                    occ[1] |= b & second;
                    two[0] |= b & !second & many;
                    two[1] |= b & second & many;
                    h ^= self.site_key(site, c, men);
                }
            }
            (occ, two)
        };
        let (occ, two) = half(0, n.min(64));
        let (occ_high, two_high) = half(64.min(n), n);
        let join = |low: u64, high: u64| u128::from(low) | u128::from(high) << 64;
        let masks = Masks {
            occ: [join(occ[0], occ_high[0]), join(occ[1], occ_high[1])],
            two: [join(two[0], two_high[0]), join(two[1], two_high[1])],
        };
        if st.pinned != 0 {
            h ^= self.pins_key(st.pinned);
        }
        debug_assert_eq!(masks, Masks::of(st), "masks of one pass");
        debug_assert_eq!(h, self.position_key(st), "key of one pass");
        (masks, h)
    }
}

/// What the `again` rules look at of the turn of die moves `steps` that
/// `player` is about to play from `st`: where its last man lands, the dice
/// (thrown or chosen), whether a die move lands on opposing men (hitting or
/// pinning), and whether it plays every die move of the dice.
#[inline(never)]
fn played(engine: &Dice, st: &State, player: usize, steps: &[Step]) -> Played {
    Played {
        full: engine
            .again
            .as_ref()
            .is_some_and(|a| a.reads_full() && steps.len() == engine.dice_to_play(st).1),
        chosen: st.chosen,
        climb: engine
            .again
            .as_ref()
            .and_then(|a| a.next_double(st, usize::from(engine.t.dice.count))),
        landed: steps.last().map_or(NONE, |s| s.to),
        dice: st.dice,
        took: steps.iter().any(|s| {
            let c = st.cells[s.to as usize];
            c != NONE && usize::from(c >> 4) != player
        }),
    }
}
