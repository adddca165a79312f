//! The extra turn, an effect of a turn once played (`again after landing
//! in REGION`, `again after throw ROLL`, `again after hit`, `again after
//! enclosing`): judged for
//! the player who has just moved, in games with dice and without alike,
//! and kept in [`State::again`] (the extra turns he has taken in a row).

use super::{MAX_DICE, Move, NONE, State, bit};
use crate::ir::{self, Game};

/// The `again` rules of a game, compiled.
pub(super) struct Again {
    rules: Box<[Rule]>,
    /// `choose double after throw`: the rolls (each sorted over every slot
    /// of [`State::dice`]) and whether the chosen double earns a throw.
    choose: Option<(Box<[[u8; MAX_DICE]]>, bool)>,
    /// `doubles climb to N [from turn K], each double a turn`: the top
    /// double N and the turn K.
    climb: Option<(u8, u8)>,
    /// `again after enclosing [, at most N in a row]`: N ([`u8::MAX`]:
    /// any number).
    enclosing: Option<u8>,
}

/// One `again` rule: what earns the extra turn, and the most extra turns
/// in a row it gives ([`u8::MAX`]: any number).
struct Rule {
    after: After,
    most: u8,
}

enum After {
    /// Per player: the sites of his region.
    Landing([u128; 2]),
    /// The rolls, each sorted over every slot of [`State::dice`].
    Throw(Box<[[u8; MAX_DICE]]>),
    Hit,
}

/// What a turn did that `again` rules look at.
#[derive(Clone, Copy, Debug)]
pub(super) struct Played {
    /// The site where the turn's last man landed ([`NONE`]: none moved).
    pub landed: u8,
    /// The dice thrown for the turn, as [`State::dice`] kept them.
    pub dice: [u8; MAX_DICE],
    /// Whether the turn hit, pinned or captured an opposing piece.
    pub took: bool,
    /// Whether the turn played every die move its dice gave (worked out
    /// only where [`Again::reads_full`]; else false).
    pub full: bool,
    /// Whether its dice were chosen (`choose double`), not thrown.
    pub chosen: bool,
    /// The next double of a climbing sequence played a double a turn,
    /// where the dice are a double of one (see [`Again::next_double`]).
    pub climb: Option<u8>,
}

impl Again {
    /// The compiled `again` rules of `game`; `None` where it has none.
    pub fn new(game: &Game) -> Option<Again> {
        let climb = game
            .dice
            .and_then(|d| d.climb)
            .filter(|c| c.each)
            .map(|c| (c.top, c.from_turn));
        if game.rules.again.is_empty() && game.rules.choose.is_none() && climb.is_none() {
            return None;
        }
        // `again after enclosing`, judged apart by the grid play of games
        // whose pieces enclose (`Again::after_grid_turn`), so that the
        // other rules are judged as before.
        let enclosing = (game.rules.again.iter())
            .filter(|a| a.after == ir::AgainAfter::Enclosing)
            .map(|a| a.most.unwrap_or(u8::MAX))
            .max();
        let rules = game
            .rules
            .again
            .iter()
            .filter(|a| a.after != ir::AgainAfter::Enclosing)
            .map(|a| Rule {
                after: match &a.after {
                    ir::AgainAfter::Landing(name) => After::Landing(std::array::from_fn(|p| {
                        game.players.get(p).map_or(0, |player| {
                            player
                                .regions
                                .iter()
                                .filter(|r| r.name == *name)
                                .flat_map(|r| &r.sites)
                                .fold(0, |m, &s| m | bit(s as u8))
                        })
                    })),
                    ir::AgainAfter::Throw(rolls) => After::Throw(sorted(rolls)),
                    ir::AgainAfter::Hit => After::Hit,
                    ir::AgainAfter::Enclosing => unreachable!("kept apart"),
                },
                most: a.most.unwrap_or(u8::MAX),
            })
            .collect();
        let choose = game
            .rules
            .choose
            .as_ref()
            .map(|c| (sorted(&c.rolls), c.again));
        Some(Again {
            rules,
            enclosing,
            choose,
            climb,
        })
    }

    /// Whether some rule asks whether a turn played every die move
    /// ([`Played::full`]): a chosen double's, a climbing double's.
    pub fn reads_full(&self) -> bool {
        self.choose.is_some() || self.climb.is_some()
    }

    /// Where the game climbs doubles a double a turn (`doubles climb to N
    /// from turn K, each double a turn`) and the `count` dice of `st` are
    /// a double below N that climbs (the next of a sequence, or thrown on
    /// the player's K-th turn or later): the next double, which the player
    /// plays as a turn of his own once he has played this one in full.
    pub fn next_double(&self, st: &State, count: usize) -> Option<u8> {
        let (top, from_turn) = self.climb?;
        let thrown = &st.dice[..count];
        let d = thrown[0];
        let turn = usize::from(st.turns[st.to_move as usize]) + 1;
        (d != 0
            && d < top
            && !st.chosen
            && thrown.iter().all(|&x| x == d)
            && (st.climbing || turn >= usize::from(from_turn)))
        .then_some(d + 1)
    }

    /// After `mover` played the turn `played`, with the turn already
    /// passed to his opponent: gives it back to him where the turn earns
    /// him another, counting it in [`State::again`], else clears that count.
    #[inline(never)]
    pub fn after_turn(&self, st: &mut State, mover: usize, played: &Played) {
        if let Some(next) = played.climb
            && played.full
        {
            // A double of a climbing sequence played in full: the next
            // double is the same player's, a turn of its own.
            st.to_move = mover as u8;
            st.again = st.again.saturating_add(1);
            for (d, &thrown) in st.dice.iter_mut().zip(&played.dice) {
                if thrown != 0 {
                    *d = next;
                }
            }
            st.climbing = true;
            return;
        }
        if let Some((rolls, again)) = &self.choose
            && played.full
        {
            // A throw of the rolls played in full: the player chooses a
            // double; the double chosen, played in full: he throws again.
            let choice = !played.chosen && rolls.contains(&sorted_roll(played.dice));
            if choice || played.chosen && *again {
                st.to_move = mover as u8;
                st.again = st.again.saturating_add(1);
                if choice {
                    st.dice[0] = crate::ir::CHOOSING;
                }
                return;
            }
        }
        if self.earned(mover, st.again, played) {
            st.to_move = mover as u8;
            st.again = st.again.saturating_add(1);
        } else {
            st.again = 0;
        }
    }

    /// [`Again::after_turn`] of the move `m` of a game without dice,
    /// which claimed a site by enclosing it where `enclosed`.
    #[inline(never)]
    pub fn after_grid_turn(&self, st: &mut State, mover: usize, m: &Move, enclosed: bool) {
        if enclosed && self.enclosing.is_some_and(|most| st.again < most) {
            st.to_move = mover as u8;
            st.again = st.again.saturating_add(1);
            return;
        }
        let played = Played {
            landed: if m.len > 0 {
                m.steps[m.len as usize - 1].to
            } else {
                NONE
            },
            dice: [0; MAX_DICE],
            took: m.capture || m.huff != NONE || m.remove != NONE,
            full: true,
            chosen: false,
            climb: None,
        };
        self.after_turn(st, mover, &played);
    }

    /// Whether the turn `played` of `mover`, who had taken `taken` extra
    /// turns in a row before it, earns him another.
    fn earned(&self, mover: usize, taken: u8, played: &Played) -> bool {
        self.rules.iter().any(|r| {
            taken < r.most
                && match &r.after {
                    After::Landing(sites) => {
                        played.landed != NONE && sites[mover] & bit(played.landed) != 0
                    }
                    After::Throw(rolls) => {
                        !played.chosen && rolls.contains(&sorted_roll(played.dice))
                    }
                    After::Hit => played.took,
                }
        })
    }
}

/// Rolls as the state keeps dice, each sorted over every slot.
fn sorted(rolls: &[Vec<u8>]) -> Box<[[u8; MAX_DICE]]> {
    rolls
        .iter()
        .map(|r| {
            let mut roll = [0; MAX_DICE];
            roll[..r.len()].copy_from_slice(r);
            sorted_roll(roll)
        })
        .collect()
}

/// A roll with its slots sorted.
fn sorted_roll(mut roll: [u8; MAX_DICE]) -> [u8; MAX_DICE] {
    roll.sort_unstable();
    roll
}
