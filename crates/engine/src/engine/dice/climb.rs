//! Climbing doubles (`doubles climb to N from turn K`): from a player's
//! K-th turn on, a double is played as the game plays doubles, then every
//! higher double up to N, in that order; the turn ends at the first die
//! move of the sequence that cannot be played, the rest of it lost.
//!
//! Each double of the sequence is searched as a roll of its own (at most
//! [`SEARCH_DIE_MOVES`] die moves, the search every roll has) from each
//! position the doubles before it reach, each such position once (the
//! first route to it in presentation order, searched depth first): a
//! sequence's die moves are then those of its doubles one after the other.
//! The complete turns, of up to [`MAX_DIE_MOVES`] die moves, are kept as
//! [`Move`]s, measured by the obligations over the whole sequence, and one
//! kept per resulting position. All of it is out of line, behind one test
//! of [`Engine::climbs`], so other rolls are searched as before.

use super::Dice;
use super::route::Route;
use super::{
    MAX_DIE_MOVES, MAX_SEARCH, MAX_TURNS, MAX_WORK, Masks, SEARCH_DIE_MOVES, TooManyTurns,
};
use crate::engine::{Move, State, Step};
use std::collections::HashSet;

/// A complete turn of a climbing sequence, with what the obligations
/// measure of it besides its length.
struct Long {
    m: Move,
    die: u8,
    pips: u16,
}

/// The search of one climbing sequence.
struct Climbing {
    player: usize,
    top: u8,
    /// Die moves per double (the dice, twice with `doubles twice`).
    per: usize,
    /// Each position searched, by key and the double searched from it.
    seen: HashSet<(u64, u8)>,
    /// The turns found, one per resulting position and what the
    /// obligations measure (die moves, largest die, end of the game): the
    /// first in presentation order.
    found: Vec<Long>,
    kept: HashSet<(u64, u8, u8, bool)>,
    /// Positions searched and turns found, over every double.
    work: usize,
}

impl Dice {
    /// The double a climbing sequence starts from, where the roll in
    /// `st.dice` climbs: a double below the game's top, from the turn the
    /// game names on (`None` for every other roll, and in other games).
    #[inline]
    pub(crate) fn climbs(&self, st: &State) -> Option<u8> {
        let t = &self.t;
        let climb = t.dice.climb?;
        self.climb_start(st, climb)
    }

    #[inline(never)]
    fn climb_start(&self, st: &State, climb: crate::ir::Climb) -> Option<u8> {
        let t = &self.t;
        let thrown = &st.dice[..t.dice.count as usize];
        let d = thrown[0];
        // Turns are counted up to the one the rule names (`turn_cap`).
        let turn = usize::from(st.turns[st.to_move as usize]) + 1;
        // A double a turn (`each double a turn`) is searched as any roll,
        // its next double given by `again.rs` once it is played.
        (!climb.each
            && d != 0
            && d < climb.top
            && thrown.iter().all(|&x| x == d)
            && turn >= usize::from(climb.from_turn))
        .then_some(d)
    }

    /// The turns of a climbing roll from double `first` (see
    /// [`Engine::climbs`]), in presentation order, after the obligations,
    /// one per resulting position: the turns of [`Engine::dice_turns`].
    /// `masks` and `key` are the position's. Every sequence is searched
    /// (`all`, every order of die moves, is refused: there may be far too
    /// many).
    #[inline(never)]
    pub(super) fn climbing_turns(
        &self,
        st: &mut State,
        first: u8,
        (masks, key): (&Masks, u64),
        out: &mut Vec<Move>,
    ) -> Result<(), TooManyTurns> {
        out.clear();
        let player = st.to_move as usize;
        let pass = Move {
            mover: st.to_move,
            key,
            ..Move::PASS
        };
        if self.passes(st, masks).is_some() {
            out.push(pass);
            return Ok(());
        }
        let t = &self.t;
        let climb = t.dice.climb.expect("a climbing roll");
        let per = usize::from(t.dice.count) * if t.dice.doubles_twice { 2 } else { 1 };
        debug_assert!(per <= SEARCH_DIE_MOVES && usize::from(climb.top) * per <= MAX_DIE_MOVES);
        let mut c = Climbing {
            player,
            top: climb.top,
            per,
            seen: HashSet::new(),
            found: Vec::new(),
            kept: HashSet::new(),
            work: 0,
        };
        let searched = self.climb_double(&mut st.clone(), &mut c, first, (&pass, 0, 0));
        st.work += c.work as u64 + 1;
        searched?;
        if st.work > MAX_WORK {
            return Err(TooManyTurns::Work);
        }
        // The obligations, over the whole sequence.
        let from = self.play_from_sites(st, &super::masks::Masks::of(st));
        for &priority in &t.play {
            let measure = |l: &Long| {
                let m = (l.m.len, l.die, l.pips);
                Self::measure(priority, l.m.steps(), m, |i| from[usize::from(i)])
            };
            if let Some(best) = c.found.iter().map(measure).max() {
                c.found
                    .retain(|l| t.ending_turn_exempt && l.m.ends || measure(l) == best);
            }
        }
        let mut kept = HashSet::new();
        out.extend(c.found.iter().filter(|l| kept.insert(l.m.key)).map(|l| l.m));
        Ok(())
    }

    /// Searches the double of `die` of a climbing sequence from `st`, the
    /// sequence so far being `so_far` (its largest die and pips with it),
    /// and the doubles above it from each position it reaches in full.
    fn climb_double(
        &self,
        st: &mut State,
        c: &mut Climbing,
        die: u8,
        (so_far, largest, pips): (&Move, u8, u16),
    ) -> Result<(), TooManyTurns> {
        let (masks, key) = self.masks_and_key(st);
        let mut dice = [0u8; SEARCH_DIE_MOVES];
        dice[..c.per].fill(die);
        let mut routes = Vec::new();
        // At the width of 128 bits whatever the board, as the walk of a
        // typed route searches: the search at 64 bits, every other roll's,
        // is compiled as it was without climbing doubles.
        let work = self.continuations(st, &masks, (&dice, c.per), &Route::EMPTY, key, &mut routes);
        c.work += work? + 1;
        if c.work > MAX_SEARCH {
            return Err(TooManyTurns::Search);
        }
        for r in &routes {
            let mut m = *so_far;
            let len = m.len as usize;
            m.steps[len..len + r.len as usize].copy_from_slice(r.steps());
            m.len += r.len;
            m.ends = r.ends;
            m.key = r.key;
            let largest = if r.len > 0 { die } else { largest };
            let pips = pips + r.pips;
            if r.len as usize == c.per && !r.ends && die < c.top {
                // The next double, from each position once: a later route
                // to a position searched already leads to the turns kept
                // with the first, measured alike (the same die moves of
                // each double; pips follow from where the men stand).
                if c.seen.insert((r.key, die + 1)) {
                    let mut next = st.clone();
                    for s in r.steps() {
                        self.die_move(&mut next, c.player, s.from, s.to);
                    }
                    self.climb_double(&mut next, c, die + 1, (&m, largest, pips))?;
                }
            } else if c.kept.insert((m.key, m.len, largest, m.ends)) {
                c.found.push(Long {
                    m,
                    die: largest,
                    pips,
                });
                c.work += 1;
                if c.found.len() > MAX_TURNS {
                    return Err(TooManyTurns::Turns);
                }
            }
        }
        Ok(())
    }

    /// The turns of `legal` (a climbing roll's, see [`Engine::climbs`])
    /// that a typed route reaches: see [`Engine::turns_by_route`]. The
    /// route is walked die move by die move, each the die of the double it
    /// falls in; whole, it is the legal turn that reaches the same
    /// position with as many die moves. A route not whole (`exact` false)
    /// reaches the legal turns that begin with it as listed.
    pub(super) fn climbing_by_route(
        &self,
        st: &State,
        first: u8,
        legal: &[Move],
        (len, exact): (usize, bool),
        matches: &mut dyn FnMut(usize, &Step) -> bool,
    ) -> Vec<Move> {
        let t = &self.t;
        let per = usize::from(t.dice.count) * if t.dice.doubles_twice { 2 } else { 1 };
        let mut found = Vec::new();
        if !exact {
            for m in legal {
                if m.steps().len() >= len
                    && m.steps()[..len]
                        .iter()
                        .enumerate()
                        .all(|(i, s)| matches(i, s))
                {
                    found.push(*m);
                }
            }
            return found;
        }
        let mut reached = Vec::new();
        self.climb_walk(
            &mut st.clone(),
            (usize::from(first), per),
            (0, len),
            matches,
            &mut reached,
        );
        for key in reached {
            if let Some(m) = legal.iter().find(|m| m.key == key && m.len as usize == len)
                && !found.contains(m)
            {
                found.push(*m);
            }
        }
        found
    }

    /// Walks die moves `i..len` of a typed climbing route from `st`,
    /// noting the key of each position the whole route reaches.
    fn climb_walk(
        &self,
        st: &mut State,
        (first, per): (usize, usize),
        (i, len): (usize, usize),
        matches: &mut dyn FnMut(usize, &Step) -> bool,
        reached: &mut Vec<u64>,
    ) {
        if i == len {
            reached.push(self.position_key(st));
            return;
        }
        let die = first + i / per;
        let Ok(die) = u8::try_from(die) else { return };
        let player = st.to_move as usize;
        let masks = Masks::of(st);
        let o = self.options(st, &masks, player, &Route::EMPTY, None, None, None);
        let mut moves = Vec::new();
        self.each_die_move(st, &masks, player, &o, &[die], |_, step| {
            moves.push(step);
            true
        });
        for step in moves {
            if matches(i, &step) {
                let mut next = st.clone();
                self.die_move(&mut next, player, step.from, step.to);
                self.climb_walk(&mut next, (first, per), (i + 1, len), matches, reached);
            }
        }
    }
}
