//! The turns of a roll as the rest of the engine sees them: listed as
//! moves, counted and then drawn one by one by index (a playout's draw),
//! kept per thread as the routes the search found for the position
//! searched last; and the root a playout carries from one roll to the
//! next.

use super::Dice;
use super::route::Route;
use super::{Masks, TooManyTurns};
use crate::engine::{Move, NONE, State, Step, bit};
use crate::ir::MAX_DICE;

/// The masks and key (see [`Masks`] and [`Engine::position_key`]) of a
/// position whose roll is searched: worked out site by site, or, in a
/// playout, carried from the roll before by the turn played
/// ([`Engine::dice_root_after`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Root {
    pub(super) masks: Masks,
    pub(super) key: u64,
}

thread_local! {
    /// The turns of the roll searched last.
    static LISTED: std::cell::RefCell<Listed> = const {
        std::cell::RefCell::new(Listed::new())
    };
}

impl Dice {
    /// Fills `out` with the complete turns of the roll in `st.dice`; with
    /// `all`, every route (sequence of die moves) rather than one turn per
    /// position. Past a limit, `out` keeps what was found before it.
    pub(in crate::engine) fn dice_turns(
        &self,
        st: &mut State,
        out: &mut Vec<Move>,
        all: bool,
    ) -> Result<(), TooManyTurns> {
        out.clear();
        LISTED.with_borrow_mut(|listed| {
            if let Some(first) = self.climbs(st) {
                listed.of.dice = [0; MAX_DICE];
                listed.routes.clear();
                listed.long.clear();
                // Every order of a climbing sequence's die moves is far too
                // many to list: only its turns are.
                if all {
                    return Err(TooManyTurns::Climbing);
                }
                let (masks, key) = self.masks_and_key(st);
                listed.root = Some(Root { masks, key });
                return self.climbing_turns(st, first, (&masks, key), out);
            }
            let found = self.dice_routes(st, &mut listed.routes, all, (None, &mut listed.root));
            listed.of.dice = [0; MAX_DICE];
            let position = &self.t.position[st.to_move as usize];
            out.extend(
                listed
                    .routes
                    .iter()
                    .map(|r| r.to_move(st.to_move, position)),
            );
            found
        })
    }

    /// The number of turns [`Engine::dice_turns`] lists, which
    /// [`Engine::dice_turn_at`] then gives one by one.
    #[inline(never)]
    ///
    /// `carried`, where given, is the [`Engine::dice_root_after`] of the turn
    /// that reached `st`.
    pub(in crate::engine) fn count_dice_turns(
        &self,
        st: &mut State,
        carried: Option<&Root>,
    ) -> Result<usize, TooManyTurns> {
        LISTED.with_borrow_mut(|listed| {
            listed.long.clear();
            if let Some(first) = self.climbs(st) {
                return self.count_climbing_turns(st, first, listed);
            }
            let found =
                self.dice_routes(st, &mut listed.routes, false, (carried, &mut listed.root));
            let key = listed.root.map_or_else(|| self.position_key(st), |r| r.key);
            listed.of.note(st, key);
            found.map(|()| listed.routes.len())
        })
    }

    /// [`Engine::count_dice_turns`] of a climbing roll from double
    /// `first`: its turns kept whole in `listed.long` (no routes).
    #[inline(never)]
    fn count_climbing_turns(
        &self,
        st: &mut State,
        first: u8,
        listed: &mut Listed,
    ) -> Result<usize, TooManyTurns> {
        listed.routes.clear();
        let (masks, key) = self.masks_and_key(st);
        listed.root = Some(Root { masks, key });
        let found = self.climbing_turns(st, first, (&masks, key), &mut listed.long);
        listed.of.note(st, key);
        found.map(|()| listed.long.len())
    }

    /// The turn of index `i` that [`Engine::dice_turns`] lists: taken from
    /// the turns [`Engine::count_dice_turns`] counted last on this thread
    /// if they are the turns of `st`, else searched again.
    #[inline(never)]
    pub(in crate::engine) fn dice_turn_at(&self, st: &State, i: usize) -> Move {
        let listed = LISTED.with_borrow(|listed| {
            listed.of.is(st, self.position_key(st)).then(|| {
                if !listed.long.is_empty() {
                    return listed.long.get(i).copied();
                }
                let position = &self.t.position[st.to_move as usize];
                listed
                    .routes
                    .get(i)
                    .map(|r| r.to_move(st.to_move, position))
            })
        });
        listed
            .unwrap_or_else(|| {
                let mut turns = Vec::new();
                let _ = self.dice_turns(&mut st.clone(), &mut turns, false);
                turns.get(i).copied()
            })
            .unwrap_or(Move::PASS)
    }

    /// [`Engine::dice_turn_at`] right after [`Engine::count_dice_turns`]
    /// of `st` on this thread: the turns counted are those of `st`.
    pub(in crate::engine) fn counted_dice_turn_at(&self, st: &State, i: usize) -> Move {
        LISTED.with_borrow(|listed| {
            debug_assert!(
                listed.of.is(st, self.position_key(st)),
                "a turn drawn from the turns of another position"
            );
            if !listed.long.is_empty() {
                return listed.long.get(i).copied().unwrap_or(Move::PASS);
            }
            let position = &self.t.position[st.to_move as usize];
            listed
                .routes
                .get(i)
                .map_or(Move::PASS, |r| r.to_move(st.to_move, position))
        })
    }

    /// The root of the roll after `m`, a turn that [`Engine::counted_dice_turn_at`]
    /// drew on this thread from the turns last counted, played to reach
    /// `st` (nothing else changed since but the dice and the player to
    /// move): the masks of that roll's root with the sites `m` moved men
    /// on or off read again, and the key of the position `m` leads to.
    /// `None` where that roll was not searched.
    pub(in crate::engine) fn dice_root_after(&self, st: &State, m: &Move) -> Option<Root> {
        let root = LISTED.with_borrow(|listed| listed.root)?;
        // A choice of dice leaves the board as it was.
        let key = match m.chosen() {
            Some(d) => m.key ^ super::route::choice_key(d),
            None => m.key,
        };
        Some(root.after(st, m.steps(), key, self.players))
    }

    /// Plays turn `i` of those [`Engine::count_dice_turns`] counted last on
    /// this thread, the turns of `st`: what [`Engine::counted_dice_turn_at`],
    /// [`Engine::play_unchecked`] and [`Engine::dice_root_after`] do in a
    /// playout, without making a [`Move`] of it. Returns whether the turn
    /// ends the game, and where the search of the next roll starts (`None`
    /// where there is no such turn: nothing is played).
    #[inline(always)]
    pub(in crate::engine) fn play_counted_dice_turn(
        &self,
        st: &mut State,
        i: usize,
    ) -> (bool, Option<Root>) {
        LISTED.with_borrow(|listed| {
            debug_assert!(
                listed.of.is(st, self.position_key(st)),
                "a turn played from the turns of another position"
            );
            if !listed.long.is_empty() {
                let Some(m) = listed.long.get(i) else {
                    return (false, None);
                };
                self.play_die_moves(st, m.steps());
                let root = (listed.root).map(|r| r.after(st, m.steps(), m.key, self.players));
                return (m.ends, root);
            }
            let Some(route) = listed.routes.get(i) else {
                return (false, None);
            };
            match route.chosen() {
                Some(d) => self.play_choice(st, d),
                None => self.play_die_moves(st, route.steps()),
            }
            let root = listed
                .root
                .map(|r| r.after(st, route.steps(), route.root_key(), self.players));
            (route.ends, root)
        })
    }
}

impl Root {
    /// The root of the roll after the turn of die moves `steps`, leading
    /// to the position of key `key`, played from the position of this
    /// root to reach `st`: these masks with the sites the turn moved men
    /// on or off read again. In a game of more than two `players`, the
    /// next player sees other masks (see [`super::masks::side`]): they are
    /// read anew.
    fn after(self, st: &State, steps: &[Step], key: u64, players: usize) -> Root {
        if players > 2 {
            return self.after_many(st, steps, key);
        }
        let mut masks = self.masks;
        for s in steps {
            for site in [s.from, s.to, s.over] {
                if site == NONE {
                    continue;
                }
                let b = bit(site);
                for p in 0..2 {
                    masks.occ[p] &= !b;
                    masks.two[p] &= !b;
                }
                let (c, men) = (st.cells[site as usize], st.stack[site as usize]);
                if c != NONE {
                    let p = (c >> 4) as usize & 1;
                    masks.occ[p] |= b;
                    if men >= 2 {
                        masks.two[p] |= b;
                    }
                }
            }
        }
        Root { masks, key }
    }
}

impl Root {
    /// [`Root::after`] in a game of more than two players: the masks the
    /// next player sees, read from the sites where men stood before the
    /// turn and those it moved men onto.
    #[inline(never)]
    fn after_many(self, st: &State, steps: &[Step], key: u64) -> Root {
        let mut sites = self.masks.occ[0] | self.masks.occ[1];
        for s in steps {
            for site in [s.from, s.to, s.over] {
                if site != NONE {
                    sites |= bit(site);
                }
            }
        }
        let player = usize::from(st.to_move);
        let mut masks = Masks::default();
        while sites != 0 {
            let site = sites.trailing_zeros() as usize;
            sites &= sites - 1;
            let (c, men) = (st.cells[site], st.stack[site]);
            if c != NONE {
                let p = super::masks::side_of(usize::from(c >> 4), player);
                masks.occ[p] |= 1 << site;
                if men >= 2 {
                    masks.two[p] |= 1 << site;
                }
            }
        }
        debug_assert_eq!(masks, Masks::of(st), "the next player's masks");
        Root { masks, key }
    }
}

/// The turns of the roll a thread searched last, as routes, and the
/// position they are the turns of.
struct Listed {
    pub routes: Vec<Route>,
    /// The turns of a climbing roll (`dice/climb.rs`), whole, in place of
    /// routes; empty for every other roll.
    pub long: Vec<Move>,
    pub of: Searched,
    /// The masks and key of that position, where its roll was searched.
    pub root: Option<Root>,
}

impl Listed {
    pub const fn new() -> Listed {
        Listed {
            routes: Vec::new(),
            long: Vec::new(),
            of: Searched {
                key: 0,
                pinned: 0,
                to_move: 0,
                dice: [0; MAX_DICE],
                turns: [0; 2],
            },
            root: None,
        }
    }
}

/// What a roll's turns depend on: where the men stand (as the key of the
/// position, [`crate::engine::Engine::position_key`], which the search
/// tells positions apart by), who moves, the dice (none: nothing noted)
/// and the turns played.
struct Searched {
    key: u64,
    pinned: u128,
    to_move: u8,
    pub dice: [u8; MAX_DICE],
    turns: [u8; 2],
}

impl Searched {
    /// Notes `st`, whose key is `key`, as the position searched.
    pub fn note(&mut self, st: &State, key: u64) {
        self.key = key;
        self.pinned = st.pinned;
        self.to_move = st.to_move;
        self.dice = st.dice;
        self.turns = st.turns;
    }

    /// Whether `st`, whose key is `key`, is the position noted.
    pub fn is(&self, st: &State, key: u64) -> bool {
        self.dice != [0; MAX_DICE]
            && self.dice == st.dice
            && self.to_move == st.to_move
            && self.turns == st.turns
            && self.pinned == st.pinned
            && self.key == key
    }
}
