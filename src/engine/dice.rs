//! Dice games: men advance along their owner's track by the pips of a die.
//!
//! A turn is every die move of a roll, searched depth first in place. The
//! complete turns are filtered by the game's obligations, and turns that
//! reach the same position are kept once.

use super::{Engine, MAX_STEPS, Move, NONE, State, bit, cell};
use crate::ir::{self, EndResult, EndRule, Game, MAX_DICE, Priority};

mod conditions;
mod search;
mod table;

use conditions::{Cond, compile, reads, sees_runs};

/// The most die moves of one turn: every die of the most the checker
/// allows ([`MAX_DICE`]), each played twice on doubles.
pub const MAX_DIE_MOVES: usize = 2 * MAX_DICE;

// A turn's die moves are the steps of one `Move`.

const _: () = assert!(MAX_DIE_MOVES <= MAX_STEPS);
// The presentation order packs 16 bits per die move into a `u128`.

const _: () = assert!(MAX_DIE_MOVES * 16 <= 128);

/// The most distinct turns the engine lists for one roll (and the most
/// routes, orders of die moves included, for [`Engine::all_sequences`]).
pub const MAX_TURNS: usize = 100_000;

/// The most positions (each with the dice left to play) the engine searches
/// for one roll.
pub const MAX_SEARCH: usize = 1 << 19;

/// A roll with more turns than the engine lists, or whose turns take a
/// longer search than it makes: the position is refused rather than
/// played with some of its turns missing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TooManyTurns {
    /// More distinct turns than [`MAX_TURNS`].
    #[error(
        "the roll can be played in more than {MAX_TURNS} different ways, the most the engine lists for one roll"
    )]
    Turns,
    /// More routes than [`MAX_TURNS`].
    #[error(
        "the roll's die moves can be played in more than {MAX_TURNS} orders, the most the engine lists for one roll"
    )]
    Routes,
    /// More positions searched than [`MAX_SEARCH`].
    #[error(
        "playing the roll passes through more than {MAX_SEARCH} positions, the most the engine searches for one roll"
    )]
    Search,
}

/// The compiled rules of a dice game.
pub(super) struct Tables {
    /// Dice thrown per turn, faces, and whether doubles count twice.
    pub dice: ir::Dice,
    /// Per player: the site at each track position.
    pub track: Vec<Vec<u8>>,
    /// Per player, per site: the track position, or [`NONE`].
    pub position: Vec<Vec<u8>>,
    /// Per player: the sites of his track that are points of the board (not
    /// zones), in track order: where runs of closed points are counted.
    points: Vec<Vec<u8>>,
    /// Per player, per region: its sites; the player's own regions first,
    /// then his opponent's in the same order (conditions read either).
    pub regions: Vec<Vec<u128>>,
    forbid: Vec<Cond>,
    /// Named conditions under which the player passes his turn.
    pass: Vec<(String, Cond)>,
    bear_off: Option<Cond>,
    overshoot_rearmost: bool,
    play: Vec<Priority>,
    /// Whether a turn that ends the game is legal whatever `play` asks.
    ending_turn_exempt: bool,
    vulnerable_run: Option<u32>,
    /// Per player: the site his hit men go to.
    hit_to: Option<Vec<u8>>,
    /// Per player: the site his men must leave first.
    first_from: Option<Vec<u8>>,
    /// End conditions, each with the sites it reads for each player: it
    /// need only be judged again when one of them changes.
    ends: Vec<(Cond, EndResult, u8, [u128; 2])>,
    /// Whether the end conditions, or the landing and bearing-off rules,
    /// look at vulnerable runs (which are then worked out as needed).
    ends_see_runs: bool,
    landing_sees_runs: bool,
}

impl Tables {
    pub fn new(game: &Game) -> Option<Tables> {
        let dice = game.dice?;
        let names: Vec<&str> = game.players[0]
            .regions
            .iter()
            .map(|r| r.name.as_str())
            .collect();
        let own: Vec<Vec<u128>> = game
            .players
            .iter()
            .map(|p| {
                names
                    .iter()
                    .map(|n| {
                        p.regions
                            .iter()
                            .find(|r| r.name == *n)
                            .map_or(0, |r| r.sites.iter().fold(0, |m, &s| m | bit(s as u8)))
                    })
                    .collect()
            })
            .collect();
        let regions: Vec<Vec<u128>> = (0..own.len())
            .map(|p| {
                let mut both = own[p].clone();
                both.extend_from_slice(&own[(p + 1) % own.len()]);
                both
            })
            .collect();
        let sites = game.board.sites.len();
        let track: Vec<Vec<u8>> = game
            .players
            .iter()
            .map(|p| p.track.iter().map(|&s| s as u8).collect())
            .collect();
        let position = track
            .iter()
            .map(|t| {
                let mut pos = vec![NONE; sites];
                for (i, &s) in t.iter().enumerate() {
                    pos[s as usize] = i as u8;
                }
                pos
            })
            .collect();
        let points = track
            .iter()
            .map(|t| {
                t.iter()
                    .copied()
                    .filter(|&s| game.board.sites[s as usize].owner.is_none())
                    .collect()
            })
            .collect();
        let compile = |c: &ir::Cond| compile(c, &names);
        let zone = |name: &Option<String>| {
            name.as_ref().map(|n| {
                game.players
                    .iter()
                    .map(|p| {
                        p.regions
                            .iter()
                            .find(|r| r.name == *n)
                            .and_then(|r| r.sites.first())
                            .map_or(NONE, |&s| s as u8)
                    })
                    .collect()
            })
        };
        let rules = &game.rules;
        let reads = |c: &Cond| -> [u128; 2] {
            let vulnerable = rules.vulnerable_run.is_some();
            [0, 1].map(|p| reads(c, &regions, p, vulnerable))
        };
        let ends: Vec<(Cond, EndResult, u8, [u128; 2])> = game
            .end
            .iter()
            .filter_map(|e| match e {
                EndRule::When {
                    cond,
                    result,
                    points,
                    ..
                } => {
                    let cond = compile(cond);
                    let support = reads(&cond);
                    Some((cond, *result, *points, support))
                }
                _ => None,
            })
            .collect();
        let forbid: Vec<Cond> = rules.forbid.iter().map(|(_, c)| compile(c)).collect();
        let bear_off = rules.bear_off.as_ref().map(compile);
        let landing_sees_runs = forbid.iter().chain(&bear_off).any(sees_runs);
        let ends_see_runs = ends.iter().any(|e| sees_runs(&e.0));
        Some(Tables {
            dice,
            track,
            position,
            points,
            regions,
            forbid,
            pass: rules
                .pass
                .iter()
                .map(|(name, c)| (name.clone(), compile(c)))
                .collect(),
            bear_off,
            overshoot_rearmost: rules.overshoot_rearmost,
            play: rules.play.clone(),
            ending_turn_exempt: rules.ending_turn_exempt,
            vulnerable_run: rules.vulnerable_run,
            hit_to: zone(&rules.hit_to),
            first_from: zone(&rules.first_from),
            ends,
            ends_see_runs,
            landing_sees_runs,
        })
    }
}

/// Men of `player` on `site`.
fn men(st: &State, site: u8, player: usize) -> i32 {
    let c = st.cells[site as usize];
    if c != NONE && (c >> 4) as usize == player {
        st.stack[site as usize] as i32
    } else {
        0
    }
}

impl Engine {
    fn tables(&self) -> &Tables {
        self.tables
            .as_ref()
            .expect("only dice games reach the dice code")
    }

    /// Throws the dice for the player to move.
    pub fn roll(&self, st: &mut State, rng: &mut crate::rng::Rng) {
        use rand::RngExt;
        if let Some(t) = &self.tables {
            st.dice = [0; MAX_DICE];
            for d in st.dice.iter_mut().take(t.dice.count as usize) {
                *d = rng.random_range(1..=t.dice.faces);
            }
        }
    }

    /// The opening throw, for a game that has one (`None` otherwise): each
    /// player throws one die and equal dice are thrown again, which is
    /// drawn at once among the pairs of unequal faces (the same odds, in
    /// bounded time, one draw of the generator). The higher die's thrower
    /// moves first; with `plays both` the two dice are his first roll,
    /// otherwise he throws anew. Returns the dice by player.
    pub fn opening(&self, st: &mut State, rng: &mut crate::rng::Rng) -> Option<[u8; 2]> {
        use rand::RngExt;
        let t = self.tables.as_ref()?;
        let plays_both = t.dice.opening?;
        let faces = u32::from(t.dice.faces);
        let k = rng.random_range(0..faces * (faces - 1));
        let first = (k / (faces - 1)) as u8 + 1;
        let mut second = (k % (faces - 1)) as u8 + 1;
        if second >= first {
            second += 1;
        }
        st.to_move = u8::from(second > first);
        st.dice = [0; MAX_DICE];
        if plays_both {
            st.dice[0] = first.max(second);
            st.dice[1] = first.min(second);
        }
        Some([first, second])
    }

    /// The die moves a roll allows, with doubles counted twice where the game says so.
    fn dice_to_play(&self, st: &State) -> ([u8; MAX_DIE_MOVES], usize) {
        let t = self.tables();
        let thrown = &st.dice[..t.dice.count as usize];
        let mut dice = [0u8; MAX_DIE_MOVES];
        let mut n = 0;
        let doubles = thrown.len() > 1 && thrown.iter().all(|&d| d == thrown[0]);
        let times = if doubles && t.dice.doubles_twice {
            2
        } else {
            1
        };
        for &d in thrown.iter().filter(|&&d| d != 0) {
            for _ in 0..times {
                dice[n] = d;
                n += 1;
            }
        }
        (dice, n)
    }

    /// Whether `player` may not land on `to`.
    fn forbidden(&self, st: &State, player: usize, to: u8, vulnerable: u128) -> bool {
        let opp = men(st, to, 1 - player);
        if opp > 0 && self.tables().hit_to.is_none() {
            return true;
        }
        self.tables()
            .forbid
            .iter()
            .any(|c| self.holds(st, c, player, to, vulnerable))
    }

    /// Moves one man of `player` from `from` to `to`, hitting what stands
    /// there; returns the site the hit men went to (or [`NONE`]), how many,
    /// and the change of the position key.
    fn die_move(&self, st: &mut State, player: usize, from: u8, to: u8) -> (u8, u8, u64) {
        let mut delta = self.take_man(st, from);
        let opp = 1 - player;
        let victims = men(st, to, opp) as u8;
        let mut hit = NONE;
        if victims > 0
            && let Some(zones) = &self.tables().hit_to
        {
            hit = zones[opp];
            for _ in 0..victims {
                delta ^= self.take_man(st, to);
                delta ^= self.put_man(st, hit, opp);
            }
        }
        delta ^= self.put_man(st, to, player);
        (hit, victims, delta)
    }

    fn undo_die_move(&self, st: &mut State, player: usize, from: u8, to: u8, hit: u8, victims: u8) {
        self.take_man(st, to);
        if hit != NONE {
            for _ in 0..victims {
                self.take_man(st, hit);
                self.put_man(st, to, 1 - player);
            }
        }
        self.put_man(st, from, player);
    }

    /// Takes a man off `site`; returns the change of the position key.
    fn take_man(&self, st: &mut State, site: u8) -> u64 {
        let s = site as usize;
        let before = self.site_key(s, st.cells[s], st.stack[s]);
        st.stack[s] -= 1;
        if st.stack[s] == 0 {
            st.cells[s] = NONE;
        }
        before ^ self.site_key(s, st.cells[s], st.stack[s])
    }

    /// Puts a man of `player` on `site`; returns the change of the position key.
    fn put_man(&self, st: &mut State, site: u8, player: usize) -> u64 {
        let s = site as usize;
        let before = self.site_key(s, st.cells[s], st.stack[s]);
        st.stack[s] += 1;
        st.cells[s] = cell(player, 0);
        before ^ self.site_key(s, st.cells[s], st.stack[s])
    }

    /// The key of one site's stack: zero when empty.
    fn site_key(&self, site: usize, c: u8, men: u8) -> u64 {
        if c == NONE {
            0
        } else {
            self.zobrist[site * 32 + ((c >> 4) as usize) * 16 + (men as usize & 15)]
                .rotate_left(u32::from(men >> 4))
        }
    }

    /// Plays the die moves of a turn and passes the dice on.
    pub(super) fn play_dice(&self, st: &mut State, m: &Move) {
        let player = st.to_move as usize;
        for s in m.steps() {
            self.die_move(st, player, s.from, s.to);
        }
        st.idle = if m.len == 0 {
            st.idle.saturating_add(1)
        } else {
            0
        };
        st.dice = [0; MAX_DICE];
        st.to_move = 1 - st.to_move;
    }

    /// A hash of what stands where, for telling turns apart by their result.
    pub(super) fn position_key(&self, st: &State) -> u64 {
        (0..st.cells.len()).fold(0, |h, s| h ^ self.site_key(s, st.cells[s], st.stack[s]))
    }
}
