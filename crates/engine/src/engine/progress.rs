//! The end rules that look back: no-progress counters (turns without a
//! capture, or without a move of some kinds) and repeated positions. Their
//! state lives in [`State::counters`] and [`State::history`]: the counters
//! are counted after every turn of every game, the history after every
//! turn of a game without dice, allocating nothing once it has grown.

use super::condition::Condition;
use super::rules::Rules;
use super::sides::bits;
use super::state::COUNTER_SLOTS;
use super::{Core, MAX_KINDS, Move, NONE, Outcome, State};
use crate::ir::{EndRule, Game, MAX_DICE, MAX_PLAYERS};

// Two states are equal when every field but the history (and the work
// of the search, which is not part of the position either) is.
impl State {
    /// Every field but the history and the work, for equality and hashing.
    #[allow(clippy::type_complexity)]
    fn position(
        &self,
    ) -> (
        (&[u8], &[u128], [u8; MAX_PLAYERS], u8, u128, &[u8]),
        (
            [u8; MAX_DICE],
            [u32; COUNTER_SLOTS],
            u8,
            [u8; 2],
            u128,
            bool,
            bool,
        ),
        [[u8; MAX_KINDS]; MAX_PLAYERS],
    ) {
        (
            (
                &self.cells,
                &self.visited,
                self.counts,
                self.to_move,
                self.offenders,
                &self.stack,
            ),
            (
                self.dice,
                self.counters,
                self.again,
                self.turns,
                self.pinned,
                self.chosen,
                self.climbing,
            ),
            self.hand,
        )
    }
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.position() == other.position()
    }
}

impl Eq for State {}

impl std::hash::Hash for State {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.position().hash(h);
    }
}

impl Core {
    /// The names of the game's no-progress counters, one per slot of
    /// [`State::counters`], as positions write them: the first `quiet`
    /// (turns without a capture) in a game without dice, `idle` (turns in
    /// which no man moved) in a dice game, then the end rules' further
    /// counters (`no capture or man move: 12`).
    pub fn counter_labels(&self) -> &[String] {
        &self.counter_labels
    }

    /// Per slot of [`State::counters`]: whether a capture (a hit, in a
    /// dice game) resets it, and a bit per kind whose moves do.
    pub fn counter_resets(&self) -> &[(bool, u16)] {
        &self.counter_resets
    }

    /// Counts the turn just played on every no-progress counter: `moved`
    /// is the kind of the piece that moved ([`NONE`] if none did),
    /// `progress` says whether something was captured (or hit), asked only
    /// where a counter reads it. A counter goes back to 0 where either is
    /// one of its resets, and counts the turn otherwise.
    ///
    /// The first counter, which every game keeps, has its family's resets
    /// (`CAPTURE_FIRST`: a capture, as `quiet`; otherwise any man's move,
    /// as `idle`, and `counter_resets[0]` says the same), counted without
    /// a loop or a table: a playout counts every turn on it. The further
    /// ones read their resets as masks of the same bits as the turn's
    /// (see [`Core::reset_masks`]).
    #[inline(always)]
    pub(super) fn count_progress<const CAPTURE_FIRST: bool>(
        &self,
        st: &mut State,
        moved: u8,
        progress: impl Fn() -> bool,
    ) {
        let count = |c: &mut u32, reset: bool| {
            *c = if reset { 0 } else { c.saturating_add(1) };
        };
        count(
            &mut st.counters[0],
            if CAPTURE_FIRST {
                progress()
            } else {
                moved != NONE
            },
        );
        // Most games keep no further counter.
        let slots = usize::from(self.slots);
        if slots > 1 {
            let event = if moved == NONE { 0 } else { 1u32 << moved } | u32::from(progress()) << 16;
            for (c, &r) in st.counters[1..slots]
                .iter_mut()
                .zip(&self.reset_masks[1..slots])
            {
                count(c, r & event != 0);
            }
        }
    }

    /// Whether the game keeps a history of positions (`same position N times`).
    pub fn keeps_history(&self) -> bool {
        self.repetition
    }

    /// Counts the turn just played ([`Core::count_progress`]), and adds
    /// the new position to the history (which a capture starts afresh).
    ///
    /// `held` has a bit per slot of a counter with `while` whose condition
    /// held for some player before the turn ([`Core::while_held`]): such
    /// a counter counts the turn only if its condition held before it and
    /// holds after it.
    ///
    /// `change`, where not 0, is what the turn changed of the position's
    /// repetition key beside the player to move: a piece that left one
    /// site and stands on another, nothing taken and no memory of sites
    /// kept; the new key is then the last one's with that change.
    #[inline(always)]
    pub(super) fn count_turn<const WHILE: bool>(
        &self,
        st: &mut State,
        moved: u8,
        progress: bool,
        held: u8,
        change: u64,
    ) {
        self.count_progress::<true>(st, moved, || progress);
        if WHILE {
            self.keep_while(st, held, |st| self.while_held(st));
        }
        if self.repetition {
            if progress {
                st.history.clear();
            }
            let key = match st.history.last() {
                Some(&last) if change != 0 && self.players == 2 => {
                    let turn = self.sites * self.per_site;
                    last ^ change ^ self.zobrist[turn] ^ self.zobrist[turn + 1]
                }
                _ => self.repetition_key(st),
            };
            debug_assert_eq!(key, self.repetition_key(st), "repetition key kept");
            st.history.push(key);
        }
    }

    /// Sets the counters with `while` back to 0 but those whose condition
    /// held before the turn (`held`, a bit per slot) and holds after it
    /// (`after`, asked only where some held before), which count it.
    #[inline(always)]
    pub(super) fn keep_while(&self, st: &mut State, held: u8, after: impl FnOnce(&State) -> u8) {
        let kept = if held == 0 { 0 } else { held & after(st) };
        if kept == 0 {
            // Not held before (most turns): every such counter goes back
            // to 0, by one `and`.
            for (c, &keep) in st.counters.iter_mut().zip(&self.while_clear) {
                *c &= keep;
            }
        } else {
            for &(slot, ..) in &self.counter_while {
                if kept & 1 << slot == 0 {
                    st.counters[slot as usize] = 0;
                }
            }
        }
    }

    /// A bit per slot of a counter with `while` whose condition holds for
    /// some player in `st`; 0 in a game without such counters. Where each
    /// player has more pieces on the board (or his opponent has) than any
    /// of them may hold with, most turns of a game, none is judged.
    #[inline]
    pub(super) fn while_held(&self, st: &State) -> u8 {
        let counts = [st.counts[0], st.counts[1]].map(u32::from);
        if !may_hold(counts, self.while_most) {
            return 0;
        }
        self.while_judged(counts, st)
    }

    /// [`Core::while_held`] past its first test.
    #[cold]
    #[inline(never)]
    fn while_judged(&self, [a, b]: [u32; 2], st: &State) -> u8 {
        let mut held = 0;
        for &(slot, ref cond, [own, opp]) in &self.counter_while {
            if (a <= own && b <= opp && cond.holds(st, 0))
                || (b <= own && a <= opp && cond.holds(st, 1))
            {
                held |= 1 << slot;
            }
        }
        held
    }

    /// Starts the history at `st` (a start position, or one read from
    /// text): the positions before it are unknown.
    pub fn begin_history(&self, st: &mut State) {
        st.history.clear();
        if self.repetition {
            let key = self.repetition_key(st);
            st.history.push(key);
        }
    }

    /// How many times the current position (the last of the history) has
    /// stood since the last capture, itself included; 0 without a history.
    /// With `same board N times`, the board alone: with either player to
    /// move (the key leaves him out).
    pub fn repeated(&self, st: &State) -> u32 {
        if self.game.rules.repeat_board {
            return self.repeated_board(st);
        }
        let Some(&now) = st.history.last() else {
            return 0;
        };
        // Players alternate, so the same player moved every other entry.
        st.history
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&k| k == now)
            .count() as u32
    }

    /// [`Core::repeated`] with `same board N times`: every entry, whoever
    /// moved.
    #[cold]
    #[inline(never)]
    fn repeated_board(&self, st: &State) -> u32 {
        let now = st.history.last().copied();
        st.history.iter().filter(|&&k| Some(k) == now).count() as u32
    }

    /// A 64-bit key of what makes two positions the same for repetition:
    /// the pieces on every site, the player to move, and what else decides
    /// the moves (huffable pieces, the memories of `return forbidden`), but
    /// not the counters.
    pub fn repetition_key(&self, st: &State) -> u64 {
        let mut h = self.zobrist[self.sites * self.per_site + st.to_move as usize];
        let piece = |s: usize, c: u8| self.piece_key(s, c);
        if !self.stacks {
            // Only the occupied sites (the same key, read from fewer cells).
            for s in bits(self.taken(st)) {
                h ^= piece(s, st.cells[s]);
            }
        } else {
            h ^= self.stacks_key(st);
        }
        // An extra turn being taken is part of the position.
        h ^= u64::from(st.again).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        let extra = self.sites * self.per_site + self.players;
        let mut offenders = st.offenders;
        while offenders != 0 {
            h ^= self.zobrist[extra + offenders.trailing_zeros() as usize];
            offenders &= offenders - 1;
        }
        for (s, &v) in st.visited.iter().enumerate() {
            h ^= (v as u64 ^ (v >> 64) as u64).wrapping_mul(self.zobrist[extra + s] | 1);
        }
        h
    }
}

impl Core {
    /// The key of one site's stack of men (dice games): zero when empty.
    pub(super) fn site_key(&self, site: usize, c: u8, men: u8) -> u64 {
        if c == NONE {
            0
        } else {
            self.zobrist[site * self.per_site + ((c >> 4) as usize) * 16 + (men as usize & 15)]
                .rotate_left(u32::from(men >> 4))
        }
    }

    /// The part of [`Core::repetition_key`] of a board of stacks: of a dice
    /// game's men and the men pinned under them, or of a sowing game's
    /// seeds.
    #[inline(never)]
    fn stacks_key(&self, st: &State) -> u64 {
        let mut h = 0;
        if !self.seed_owner.is_empty() {
            // Seeds: a count a site, of nobody.
            for (s, &n) in st.stack.iter().enumerate() {
                h ^= self.seed_key(s, n);
            }
            return h;
        }
        for (s, (&c, &men)) in st.cells.iter().zip(&st.stack).enumerate() {
            h ^= self.site_key(s, c, men);
        }
        h ^ self.pins_key(st.pinned)
    }

    /// The key of `n` seeds on `site`: zero when empty.
    pub(super) fn seed_key(&self, site: usize, n: u8) -> u64 {
        if n == 0 {
            0
        } else {
            self.zobrist[site * 32 + (n as usize & 31)].rotate_left(u32::from(n >> 5) * 8 + 1)
        }
    }

    /// The key of a man pinned on `site` (whose man follows from the men
    /// standing there).
    pub(super) fn pinned_key(&self, site: usize) -> u64 {
        self.zobrist[self.sites * self.per_site + self.players + self.sites + site]
    }

    /// The key of the pinned men on the sites of `pins`.
    #[inline(never)]
    pub(super) fn pins_key(&self, mut pins: u128) -> u64 {
        let mut h = 0;
        while pins != 0 {
            h ^= self.pinned_key(pins.trailing_zeros() as usize);
            pins &= pins - 1;
        }
        h
    }

    /// The key of piece `c` (its owner and kind) on site `s`, a part of
    /// [`Core::repetition_key`].
    #[inline(always)]
    pub(super) fn piece_key(&self, s: usize, c: u8) -> u64 {
        self.zobrist[s * self.per_site + ((c >> 4) as usize) * 16 + (c & 15) as usize]
    }

    /// What step `m`, just played in `st` by a piece of kind `moved`,
    /// changed of the repetition key beside the player to move, where it
    /// moved one piece alone: no site memory (`return forbidden`) and no
    /// huffable pieces before or after (`offenders`, still those before in
    /// `st`); 0 otherwise.
    #[inline]
    pub(super) fn step_key_change(&self, st: &State, m: &Move, moved: u8, offenders: u128) -> u64 {
        if self.game.rules.no_return || st.offenders != 0 || offenders != 0 {
            return 0;
        }
        let (from, to) = (m.from() as usize, m.steps[m.len as usize - 1].to as usize);
        let before = (st.to_move << 4) | moved;
        self.piece_key(from, before) ^ self.piece_key(to, st.cells[to])
    }
}

/// Whether a condition whose judged player may have at most `own` pieces
/// on the board, and his opponent `opp`, may hold for either player with
/// `a` and `b` pieces.
#[inline]
fn may_hold([a, b]: [u32; 2], [own, opp]: [u32; 2]) -> bool {
    (a <= own && b <= opp) || (b <= own && a <= opp)
}

/// What `more pieces wins` gives: the player with more pieces wins; equal
/// pieces is a draw.
pub(super) fn more_pieces(st: &State) -> Outcome {
    match st.counts[0].cmp(&st.counts[1]) {
        std::cmp::Ordering::Greater => Outcome::Decisive {
            winner: 0,
            points: 1,
        },
        std::cmp::Ordering::Less => Outcome::Decisive {
            winner: 1,
            points: 1,
        },
        std::cmp::Ordering::Equal => Outcome::Draw,
    }
}

/// The no-progress counters of a game: per slot of [`State::counters`]
/// its resets and its name, per end rule its slot ([`NONE`] for a rule
/// without a counter), and the slots of the counters with `while`, with
/// their conditions compiled and the most pieces on the board of the
/// judged player and of his opponent with which they may hold.
///
/// The first slot is the family's own counter, kept in every game: `quiet`
/// (reset by a capture) without dice, `idle` (reset by any man's move)
/// with dice. `no capture in N turns` and `no move in N turns` read it;
/// the other rules with the same resets share a slot, but for those with
/// `while`, which have one each; the checker keeps them within
/// [`crate::ir::MAX_COUNTERS`] more.
#[allow(clippy::type_complexity)]
pub(super) fn counters(game: &Game, rules: &Rules) -> Counters {
    let every_kind = (1u16 << game.kinds.len().min(16)).wrapping_sub(1);
    let (first, label) = match game.tables_dice() {
        None => ((true, 0), "quiet"),
        Some(_) => ((false, every_kind), "idle"),
    };
    let (mut resets, mut labels, mut slots) = (vec![first], vec![label.to_string()], Vec::new());
    let mut during = Vec::new();
    // The slot of a counter with these resets, a new one where none has
    // them and there is room.
    let slot_of =
        |resets: &mut Vec<(bool, u16)>, labels: &mut Vec<String>, r, label: &dyn Fn() -> String| {
            match resets.iter().position(|&x| x == r) {
                Some(i) => i as u8,
                None if resets.len() < COUNTER_SLOTS => {
                    resets.push(r);
                    labels.push(label());
                    (resets.len() - 1) as u8
                }
                None => NONE,
            }
        };
    for (rule, cond) in game.end.iter().zip(&rules.ends) {
        let slot = match (rule, cond) {
            (
                EndRule::NoProgress {
                    capture,
                    kinds,
                    during: Some((name, _)),
                    ..
                },
                Some(cond),
            ) if resets.len() < COUNTER_SLOTS => {
                let mask = kinds.iter().fold(0u16, |m, &k| m | 1 << k);
                resets.push((*capture, mask));
                labels.push(name.clone());
                let slot = (resets.len() - 1) as u8;
                let cond = Condition::new(cond, &rules.masks, game.kinds.len() as u8);
                let most = cond.most_pieces();
                during.push((slot, cond, most));
                slot
            }
            (
                EndRule::NoProgress {
                    capture,
                    kinds,
                    during: None,
                    ..
                },
                _,
            ) => {
                let mask = kinds.iter().fold(0u16, |m, &k| m | 1 << k);
                slot_of(&mut resets, &mut labels, (*capture, mask), &|| {
                    game.progress_label(*capture, kinds)
                })
            }
            (EndRule::NoCapture(_), _) => {
                slot_of(&mut resets, &mut labels, (true, 0), &|| "quiet".to_string())
            }
            (EndRule::NoMove(..), _) => {
                slot_of(&mut resets, &mut labels, (false, every_kind), &|| {
                    "idle".to_string()
                })
            }
            _ => NONE,
        };
        slots.push(slot);
    }
    (resets, labels, slots, during)
}

/// What [`counters`] gives.
pub(super) type Counters = (
    Vec<(bool, u16)>,
    Vec<String>,
    Vec<u8>,
    Vec<(u8, Condition, [u32; 2])>,
);
