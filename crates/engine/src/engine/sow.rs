//! Sowing games: sites hold counts of seeds of no player. A turn takes
//! every seed of a site the mover sows from and drops them one by one on
//! the sites after it along his track, a circuit; the last seed may
//! capture, and may earn another turn (`again after landing in REGION`).
//!
//! A turn is one [`Move`] of one [`Step`]: from the site sown, to the site
//! of the last seed. The seeds are [`State::stack`]; each player's count
//! of pieces, [`State::counts`], is his seeds (see [`Core::count_seeds`]),
//! so that `more pieces wins` compares them.

use super::strategy::Strategy;
use super::{Core, Move, NONE, State, Step, bit};
use crate::ir::{Game, SeedCapture, Sowing, Whose};
use std::ops::Deref;

/// A sowing game compiled: the rules core and the sowing tables.
pub(super) struct Sow {
    pub core: Core,
    pub t: Tables,
}

/// The compiled sowing rules, per player where they differ.
pub(super) struct Tables {
    /// Per player, per site: the next site along his circuit ([`NONE`]
    /// off it).
    next: [Box<[u8]>; 2],
    /// Per player, per site: the site before it along his circuit.
    before: [Box<[u8]>; 2],
    /// Per player: the sites he sows from.
    from: [u128; 2],
    /// Per player: his store, where his captures go.
    store: [u8; 2],
    /// Per player: the region that must be fed where it is empty.
    feeding: Option<[u128; 2]>,
    /// Whether a sowing that laps the circuit skips the site it started
    /// from.
    skipping_origin: bool,
    /// What the last seed captures, in file order.
    captures: Box<[Capture]>,
}

/// A capture of the last seed, compiled.
struct Capture {
    /// The counts taken; `None`: the opposite site (see [`Tables::opposite`]).
    range: Option<(u8, u8)>,
    /// Per player: the sites where the last seed must fall.
    region: [u128; 2],
    /// Per player, per site: the site opposite, as far past his store
    /// along his circuit as the site is before it ([`NONE`]: none).
    opposite: [Box<[u8]>; 2],
    backwards: bool,
    not_all: bool,
}

impl Tables {
    /// The sowing tables of `game`; `None` where no piece is sown.
    pub fn new(game: &Game) -> Option<Tables> {
        let sow: &Sowing = game.kinds.iter().find_map(|k| k.sow.as_ref())?;
        let sites = game.board.sites.len();
        let mask = |p: usize, (whose, name): &(Whose, String)| {
            (game.region_sites(p, *whose, name).iter()).fold(0u128, |m, &s| m | bit(s as u8))
        };
        let circuit: [Box<[u8]>; 2] =
            std::array::from_fn(|p| game.players[p].track.iter().map(|&s| s as u8).collect());
        let around = |p: usize, step: usize| -> Box<[u8]> {
            let c = &circuit[p];
            let mut t = vec![NONE; sites];
            for (i, &s) in c.iter().enumerate() {
                t[usize::from(s)] = c[(i + step) % c.len()];
            }
            t.into()
        };
        let store: [u8; 2] = std::array::from_fn(|p| {
            game.region_sites(p, sow.into.0, &sow.into.1)
                .first()
                .map_or(NONE, |&s| s as u8)
        });
        let capture = |c: &SeedCapture| Capture {
            range: c.range,
            region: std::array::from_fn(|p| mask(p, &c.region)),
            opposite: std::array::from_fn(|p| opposite(&circuit[p], store[p], sites)),
            backwards: c.backwards,
            not_all: c.not_all,
        };
        Some(Tables {
            next: std::array::from_fn(|p| around(p, 1)),
            before: std::array::from_fn(|p| around(p, circuit[p].len().saturating_sub(1))),
            from: std::array::from_fn(|p| mask(p, &sow.from)),
            store,
            feeding: (sow.feeding.as_ref()).map(|f| std::array::from_fn(|p| mask(p, f))),
            skipping_origin: sow.skipping_origin,
            captures: sow.captures.iter().map(capture).collect(),
        })
    }
}

/// Per site, the site opposite along `circuit`: as far past `store` as the
/// site is before it; [`NONE`] off the circuit, for the store, or where the
/// circuit has no store.
fn opposite(circuit: &[u8], store: u8, sites: usize) -> Box<[u8]> {
    let mut t = vec![NONE; sites];
    let n = circuit.len();
    if let Some(k) = circuit.iter().position(|&s| s == store) {
        for (i, &s) in circuit.iter().enumerate() {
            let d = (k + n - i) % n;
            if d != 0 {
                t[usize::from(s)] = circuit[(k + d) % n];
            }
        }
    }
    t.into()
}

impl Deref for Sow {
    type Target = Core;

    fn deref(&self) -> &Core {
        &self.core
    }
}

/// The seeds on the sites of `mask`.
fn seeds_in(st: &State, mut mask: u128) -> u32 {
    let mut n = 0;
    while mask != 0 {
        n += u32::from(st.stack[mask.trailing_zeros() as usize]);
        mask &= mask - 1;
    }
    n
}

impl Sow {
    /// The sites the player to move may sow from, as a mask.
    fn origins(&self, st: &State) -> u128 {
        let p = st.to_move as usize;
        let t = &self.t;
        let mut out = 0u128;
        let mut from = t.from[p];
        while from != 0 {
            let s = from.trailing_zeros() as usize;
            from &= from - 1;
            if st.stack[s] > 0 {
                out |= bit(s as u8);
            }
        }
        if let Some(feeding) = &t.feeding
            && seeds_in(st, feeding[p]) == 0
        {
            let mut kept = 0;
            let mut sites = out;
            while sites != 0 {
                let s = sites.trailing_zeros() as u8;
                sites &= sites - 1;
                if self.feeds(st, s, feeding[p]) {
                    kept |= bit(s);
                }
            }
            out = kept;
        }
        out
    }

    /// The sites `seeds` sown by `player` from `origin` fall on, one
    /// each, in order.
    fn drops(&self, player: usize, origin: u8, seeds: u8) -> impl Iterator<Item = u8> + '_ {
        let next = &self.t.next[player];
        let skipping = self.t.skipping_origin;
        let mut at = origin;
        std::iter::from_fn(move || {
            at = next[usize::from(at)];
            if at == origin && skipping {
                at = next[usize::from(at)];
            }
            Some(at)
        })
        .take(usize::from(seeds))
    }

    /// Whether sowing from `origin` drops a seed on a site of `region`.
    fn feeds(&self, st: &State, origin: u8, region: u128) -> bool {
        let seeds = st.stack[usize::from(origin)];
        (self.drops(st.to_move as usize, origin, seeds)).any(|s| region & bit(s) != 0)
    }

    /// The turn sowing from `origin`: its last seed's site worked out.
    fn turn_from(&self, st: &State, origin: u8) -> Move {
        let seeds = st.stack[usize::from(origin)];
        let s = (self.drops(st.to_move as usize, origin, seeds).last()).unwrap_or(origin);
        let mut m = Move::EMPTY;
        m.become_step(
            NONE,
            Step {
                from: origin,
                to: s,
                over: NONE,
                die: 0,
            },
            0,
        );
        m.ends = true;
        m
    }

    /// Sows from the turn's origin and takes what its last seed captures:
    /// whether it captured.
    fn sow(&self, st: &mut State, m: &Move) -> bool {
        let p = st.to_move as usize;
        let t = &self.t;
        let origin = m.steps[0].from;
        let seeds = std::mem::take(&mut st.stack[usize::from(origin)]);
        let mut s = origin;
        for at in self.drops(p, origin, seeds) {
            st.stack[usize::from(at)] += 1;
            s = at;
        }
        let mut taken = 0u32;
        for c in t.captures.iter() {
            taken += self.capture(st, c, s);
            if taken > 0 {
                break;
            }
        }
        if taken > 0 {
            st.stack[usize::from(t.store[p])] += taken as u8;
        }
        taken > 0
    }

    /// The seeds capture `c` takes where the last seed fell on `last`,
    /// taken off their sites.
    fn capture(&self, st: &mut State, c: &Capture, last: u8) -> u32 {
        let p = st.to_move as usize;
        if c.region[p] & bit(last) == 0 {
            return 0;
        }
        let here = usize::from(last);
        let Some((lo, hi)) = c.range else {
            // The last seed alone on its site, the site opposite not empty.
            let across = c.opposite[p][here];
            if st.stack[here] != 1 || across == NONE || st.stack[usize::from(across)] == 0 {
                return 0;
            }
            let taken = 1 + u32::from(st.stack[usize::from(across)]);
            if c.not_all && seeds_in(st, c.region[p]) == 1 {
                return 0;
            }
            st.stack[here] = 0;
            st.stack[usize::from(across)] = 0;
            return taken;
        };
        let within = |n: u8| (lo..=hi).contains(&n);
        let mut sites = 0u128;
        let mut taken = 0u32;
        let mut s = last;
        while c.region[p] & bit(s) != 0 && within(st.stack[usize::from(s)]) && sites & bit(s) == 0 {
            sites |= bit(s);
            taken += u32::from(st.stack[usize::from(s)]);
            if !c.backwards {
                break;
            }
            s = self.t.before[p][usize::from(s)];
            if s == NONE {
                break;
            }
        }
        if taken == 0 || c.not_all && seeds_in(st, c.region[p]) == taken {
            return 0;
        }
        while sites != 0 {
            st.stack[sites.trailing_zeros() as usize] = 0;
            sites &= sites - 1;
        }
        taken
    }
}

impl Strategy for &Sow {
    const ONE_TURN_PER_POSITION: bool = false;

    #[inline(always)]
    fn core(&self) -> &Core {
        &self.core
    }

    fn turns(self, st: &mut State, out: &mut Vec<Move>) -> Result<(), super::TooManyTurns> {
        out.clear();
        let mut origins = self.origins(st);
        while origins != 0 {
            let s = origins.trailing_zeros() as u8;
            origins &= origins - 1;
            out.push(self.turn_from(st, s));
        }
        Ok(())
    }

    fn count(self, st: &mut State, out: &mut Vec<Move>) -> Result<usize, super::TooManyTurns> {
        self.turns(st, out)?;
        Ok(out.len())
    }

    fn turn_at(self, _: &State, listed: &[Move], i: usize) -> Move {
        listed[i]
    }

    fn counted_turn_at(self, _: &State, listed: &[Move], i: usize) -> Move {
        listed[i]
    }

    fn play(self, st: &mut State, m: &Move) {
        let mover = st.to_move as usize;
        if m.len == 0 {
            // A pass: no sowing.
            st.to_move = 1 - st.to_move;
            self.count_turn::<false>(st, 0, false, 0, 0);
            return;
        }
        let captured = self.sow(st, m);
        self.count_seeds(st);
        st.to_move = 1 - st.to_move;
        self.count_turn::<false>(st, 0, captured, 0, 0);
        if let Some(again) = &self.again {
            again.after_grid_turn(st, mover, m, false);
        }
    }

    fn hash(self, st: &State, h: u64) -> u64 {
        let mut h = h;
        for (s, &n) in st.stack.iter().enumerate() {
            h ^= self.seed_key(s, n);
        }
        h
    }
}
