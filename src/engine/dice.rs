//! Dice games: men advance along their owner's track by the pips of a die.
//!
//! A turn is every die move of a roll, searched depth first in place. The
//! complete turns are filtered by the game's obligations, and turns that
//! reach the same position are kept once.

use super::{Engine, MAX_STEPS, Move, NONE, State, bit, cell};
use crate::ir::{self, EndResult, EndRule, Game, MAX_DICE, Priority};

mod conditions;
mod judge;
mod landing;
mod limits;
mod masks;
mod obligations;
mod options;
mod orders;
mod route;
mod search;
mod table;
#[cfg(test)]
mod tests;
mod triggers;
mod walk;

use conditions::{Cond, compile, sees_from, sees_runs};
use judge::Exact;
use landing::Program;
pub(super) use masks::Masks;
pub(super) use triggers::Change;
use triggers::{Fires, Linear, Needs, Trigger, needs, triggers};

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
    /// Per player: site masks to masks of his track positions.
    track_map: Vec<masks::TrackMap>,
    /// Per player: the sites of his track that are points of the board (not
    /// zones), in track order: where runs of closed points are counted.
    points: Vec<Vec<u8>>,
    /// Per player, per site: its index in `points`, or [`NONE`].
    point_index: Vec<Vec<u8>>,
    /// Per player: the track positions of `points`, where they are one
    /// stretch of his track, in order, within its first 64 positions.
    points_span: [Option<u64>; 2],
    /// Per player, per region: its sites; the player's own regions first,
    /// then his opponent's in the same order (conditions read either).
    pub regions: Vec<Vec<u128>>,
    /// Per player, the `forbid` conditions judged for every landing site
    /// at once from the site masks (see [`conditions::maskable`]); the
    /// others, site by site; those that read the die move's origin apart.
    forbid_program: [Program; 2],
    forbid: Vec<Cond>,
    forbid_from: Vec<Cond>,
    /// Per player, the rules of `forbid_from` judged for every origin at
    /// once ([`Program::compile_origins`]); the others, die move by die
    /// move.
    forbid_from_program: [Program; 2],
    forbid_from_rest: Vec<Cond>,
    /// Whether some `from in` rule or run limit is judged by masks at
    /// each position searched (`forbid_from_program`, `run_limits`).
    pub origins_masked: bool,
    /// Whether landings are judged by `forbid`, `forbid_from` or
    /// `run_limits` too, site by site.
    judge_more: bool,
    /// Named conditions under which the player passes his turn.
    pass: Vec<(String, Cond)>,
    /// `evaluate: SUM`, compiled as `SUM > 0`.
    evaluate: Option<Cond>,
    bear_off: Option<Cond>,
    /// What can change whether a player may bear off: per player, bit
    /// `2 * player` what can make `bear_off` hold, `2 * player + 1` what
    /// can make it fail (see [`Fires`]).
    bear_off_fires: Option<Fires>,
    /// Per player, `bear_off` as sums of men, where it is (see [`Linear`]).
    bear_off_linear: [Option<Linear>; 2],
    overshoot_rearmost: bool,
    play: Vec<Priority>,
    /// Whether a turn that ends the game is legal whatever `play` asks.
    ending_turn_exempt: bool,
    vulnerable_run: Option<u32>,
    /// Per player: the site his hit men go to.
    hit_to: Option<Vec<u8>>,
    /// A man landing on a lone opposing man pins it (`pin blots`).
    pin_blots: bool,
    /// Whether two die moves reach one position in either order (see
    /// [`orders`]): no player's men are hit to a site of his opponent's
    /// track.
    orders_commute: bool,
    /// Per player: the site his men must leave first.
    first_from: Option<Vec<u8>>,
    /// End conditions, each with what can make it hold for each player:
    /// it need only be judged after a die move that does.
    ends: Vec<End>,
    /// Every change after which some end condition is judged.
    ends_fire: Fires,
    /// Whether the end conditions, or the landing and bearing-off rules,
    /// look at vulnerable runs (which are then worked out as needed).
    ends_see_runs: bool,
    landing_sees_runs: bool,
    /// How many die moves of a turn may start in a region.
    leave_limits: Vec<limits::LeaveLimit>,
    /// Runs of held points no die move may make.
    run_limits: Vec<ir::RunLimit>,
    /// Each player's turns are counted up to this one (the latest turn a
    /// limit's exception names; 0: not counted).
    pub turn_cap: u8,
    /// Per site, owner and count of men below [`MEN_KEYS`]: the change of
    /// the position key when the owner's men there go from one fewer to
    /// that count, or back (see [`Engine::men_key`]).
    men_keys: Box<[u64; MEN_KEY_SLOTS]>,
}

/// The counts of men on one site whose key changes [`Tables`] holds; the
/// change of a larger stack is worked out from the keys of both counts.
const MEN_KEYS: usize = 16;

/// The slots of the changes of key: per site (at most
/// [`crate::check::MAX_SITES`]) and owner, [`MEN_KEYS`] counts; at the
/// layout of [`Engine::site_key`], so that indices masked to it are in range.
const MEN_KEY_SLOTS: usize = 128 * 2 * MEN_KEYS;
const _: () = assert!(crate::check::MAX_SITES <= 128);

impl Tables {
    /// The compiled rules of `game`, a dice game, with `zobrist` the
    /// engine's keys (see [`Engine::site_key`]).
    pub fn new(game: &Game, zobrist: &[u64]) -> Option<Tables> {
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
        let position: Vec<Vec<u8>> = track
            .iter()
            .map(|t| {
                let mut pos = vec![NONE; sites];
                for (i, &s) in t.iter().enumerate() {
                    pos[s as usize] = i as u8;
                }
                pos
            })
            .collect();
        let points: Vec<Vec<u8>> = track
            .iter()
            .map(|t| {
                t.iter()
                    .copied()
                    .filter(|&s| game.board.sites[s as usize].owner.is_none())
                    .collect()
            })
            .collect();
        let point_index = points
            .iter()
            .map(|p: &Vec<u8>| {
                let mut index = vec![NONE; sites];
                for (i, &s) in p.iter().enumerate() {
                    index[s as usize] = i as u8;
                }
                index
            })
            .collect();
        let (leave_limits, turn_cap) = limits::compile(&game.rules.leave_limits, &names, &regions);
        let compile = |c: &ir::Cond| compile(c, &names, game.rules.pin_blots);
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
        let vulnerable = rules.vulnerable_run.is_some();
        let rise =
            |c: &Cond| -> [Trigger; 2] { [0, 1].map(|p| triggers(c, &regions, p, vulnerable).0) };
        let ends: Vec<End> = game
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
                    Some(End {
                        rise: rise(&cond),
                        needs: [0, 1].map(|p| Needs::new(needs(&cond, &regions, p))),
                        exact: [0, 1].map(|p| Exact::new(&cond, &regions, p)),
                        cond,
                        result: *result,
                        points: *points,
                    })
                }
                _ => None,
            })
            .collect();
        let (forbid_from, forbid): (Vec<Cond>, Vec<Cond>) = rules
            .forbid
            .iter()
            .map(|(_, c)| compile(c))
            .partition(sees_from);
        let bear_off = rules.bear_off.as_ref().map(compile);
        let bear_off_fires = bear_off.as_ref().map(|c| {
            let [(rise0, fall0), (rise1, fall1)] =
                [0, 1].map(|p| triggers(c, &regions, p, rules.vulnerable_run.is_some()));
            Fires::new(&[[rise0, rise1], [fall0, fall1]], sites)
        });
        let bear_off_linear =
            [0, 1].map(|p| bear_off.as_ref().and_then(|c| Linear::new(c, &regions, p)));
        let landing_sees_runs = forbid
            .iter()
            .chain(&forbid_from)
            .chain(&bear_off)
            .any(sees_runs);
        let (forbid_program, forbid) = if game.rules.pin_blots {
            ([Program::default(), Program::default()], forbid)
        } else {
            let (mine, rest) = Program::compile(forbid.clone(), &regions[0], 0);
            let (theirs, _) = Program::compile(forbid, &regions[1], 1);
            ([mine, theirs], rest)
        };
        let (from_mine, forbid_from_rest) =
            Program::compile_origins(forbid_from.clone(), &regions[0], 0);
        let (from_theirs, _) = Program::compile_origins(forbid_from.clone(), &regions[1], 1);
        let judge_more =
            !forbid.is_empty() || !forbid_from.is_empty() || !rules.run_limits.is_empty();
        let points_span = [0, 1].map(|p| limits::points_span(&points[p], &position[p]));
        let origins_masked = !from_mine.is_empty() || !rules.run_limits.is_empty();
        let ends_see_runs = ends.iter().any(|e| sees_runs(&e.cond));
        let rises: Vec<[Trigger; 2]> = ends.iter().map(|e| e.rise).collect();
        let ends_fire = Fires::new(&rises, sites);
        let orders_commute = zone(&rules.hit_to)
            .is_none_or(|z: Vec<u8>| (0..2).all(|p| !track[p].contains(&z[1 - p])));
        let mut men_keys = Box::new([0u64; MEN_KEY_SLOTS]);
        for site in 0..sites {
            for owner in 0..2 {
                let at = site * 32 + owner * 16;
                for men in 1..MEN_KEYS {
                    let fewer = if men > 1 { zobrist[at + men - 1] } else { 0 };
                    men_keys[at + men] = zobrist[at + men] ^ fewer;
                }
            }
        }
        Some(Tables {
            dice,
            track_map: track.iter().map(|t| masks::TrackMap::new(t)).collect(),
            track,
            position,
            points_span,
            points,
            point_index,
            regions,
            forbid_program,
            forbid,
            forbid_from,
            forbid_from_program: [from_mine, from_theirs],
            forbid_from_rest,
            origins_masked,
            judge_more,
            pass: rules
                .pass
                .iter()
                .map(|(name, c)| (name.clone(), compile(c)))
                .collect(),
            evaluate: rules.evaluate.as_ref().map(compile),
            bear_off,
            bear_off_fires,
            bear_off_linear,
            overshoot_rearmost: rules.overshoot_rearmost,
            play: rules.play.clone(),
            ending_turn_exempt: rules.ending_turn_exempt,
            vulnerable_run: rules.vulnerable_run,
            orders_commute,
            hit_to: zone(&rules.hit_to),
            pin_blots: rules.pin_blots,
            first_from: zone(&rules.first_from),
            ends,
            ends_fire,
            ends_see_runs,
            landing_sees_runs,
            leave_limits,
            run_limits: rules.run_limits.clone(),
            turn_cap,
            men_keys,
        })
    }
}

/// An end condition compiled for play.
struct End {
    cond: Cond,
    result: EndResult,
    points: u8,
    /// Per judged player: what can make it hold ...
    rise: [Trigger; 2],
    /// ... and where it needs men (see [`triggers::needs`]).
    needs: [Needs; 2],
    /// Per judged player: the condition judged without the interpreter,
    /// where it can be (see [`judge`]).
    exact: [Option<Exact>; 2],
}

/// Where men stand after a die move: the sites where each player has free
/// men, and those where a man lies pinned.
type Standing = ([u128; 2], u128);

/// What a die move did besides moving its man in a game that pins, in the
/// `victims` it returns (see [`Engine::pin_move`]): it pinned the man on
/// its landing site ...
const PINNED: u8 = 1;
/// ... and its leaving freed the man pinned on the site it left.
const RELEASED: u8 = 2;

/// Takes a man off `site` (see [`Engine::take_man`]).
#[inline(always)]
fn lift_man(st: &mut State, site: u8) {
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
fn drop_man(st: &mut State, site: u8, player: usize) {
    let s = site as usize;
    debug_assert!(
        st.cells[s] == NONE && st.stack[s] == 0 || (st.cells[s] >> 4) as usize == player,
        "a man put on an empty site or his own"
    );
    st.stack[s] += 1;
    st.cells[s] = cell(player, 0);
}

/// Pins the lone man of `owner` on `site`, or frees him (see [`Engine::pin`]).
fn set_pin(st: &mut State, site: u8, owner: usize, pin: bool) {
    let s = site as usize;
    if pin {
        st.pinned |= bit(site);
        st.cells[s] = NONE;
        st.stack[s] = 0;
    } else {
        st.pinned &= !bit(site);
        st.cells[s] = cell(owner, 0);
        st.stack[s] = 1;
    }
}

/// Men of `player` standing free on `site` (not a man pinned there).
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

    /// Dice games with `pin blots`: the player whose man lies pinned on
    /// `site`, under the other player's men, if one does.
    pub fn pinned_man(&self, st: &State, site: usize) -> Option<usize> {
        (st.pinned & bit(site as u8) != 0)
            .then(|| st.piece(site).map(|(owner, _)| 1 - owner))
            .flatten()
    }

    /// Whether the game's rules pin men (`pin blots`).
    pub fn pins(&self) -> bool {
        self.tables.as_ref().is_some_and(|t| t.pin_blots)
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

    /// The sites where `player` may not land: opposing men stand there that
    /// he can neither hit nor pin (with `pin blots`, a lone man not himself
    /// pinning one), or a `forbid` rule judged by mask holds. The other
    /// rules are judged site by site ([`Engine::forbidden_more`]).
    #[inline(always)]
    fn forbidden(&self, st: &State, masks: &Masks, player: usize, vulnerable: u128) -> u128 {
        let t = self.tables();
        let opp = 1 - player;
        let mut forbidden = match (&t.hit_to, t.pin_blots) {
            (Some(_), _) => 0,
            (None, false) => masks.occ[opp],
            (None, true) => masks.two[opp] | masks.occ[opp] & st.pinned,
        };
        let program = &t.forbid_program[player];
        if !program.is_empty() {
            let mut tests = 0u64;
            for (i, c) in program.tests.iter().enumerate() {
                if self.holds(st, masks, c, player, (NONE, NONE), vulnerable) {
                    tests |= 1 << i;
                }
            }
            forbidden |= program.run(masks, vulnerable, tests);
        }
        forbidden
    }

    /// The sites whose men the `forbid` rules judged for every origin at
    /// once ([`Program::compile_origins`]) keep off the board, of
    /// `leavable`.
    #[inline(always)]
    fn origins_forbidden(
        &self,
        st: &State,
        masks: &Masks,
        player: usize,
        vulnerable: u128,
        leavable: u128,
    ) -> u128 {
        let program = &self.tables().forbid_from_program[player];
        if program.is_empty() || program.support & leavable == 0 {
            return 0;
        }
        let mut tests = 0u64;
        for (i, c) in program.tests.iter().enumerate() {
            if self.holds(st, masks, c, player, (NONE, NONE), vulnerable) {
                tests |= 1 << i;
            }
        }
        program.run(masks, vulnerable, tests) & leavable
    }

    /// What [`Engine::forbidden_more`] judges of a die move from `from` to
    /// `to` (at track position `target`) that the masks of `o` leave
    /// undecided: the `forbid` rules judged die move by die move, and the
    /// runs it may make where `target` is risky.
    #[inline(never)]
    fn forbidden_rest(
        &self,
        st: &State,
        masks: &Masks,
        player: usize,
        (from, to): (u8, u8),
        o: &options::Options,
        target: usize,
    ) -> bool {
        let t = self.tables();
        let from_rules = if o.masked {
            &t.forbid_from_rest
        } else {
            &t.forbid_from
        };
        let forbidden = t
            .forbid
            .iter()
            .any(|c| self.holds(st, masks, c, player, (NONE, to), o.vulnerable))
            || from_rules
                .iter()
                .any(|c| self.holds(st, masks, c, player, (from, to), o.vulnerable))
            || (!o.masked || o.run_risky_at >> target & 1 != 0)
                && !t.run_limits.is_empty()
                && self.makes_run(st, player, from, to);
        debug_assert!(
            forbidden == self.forbidden_more(st, masks, player, (from, to), o.vulnerable),
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
    fn forbidden_more(
        &self,
        st: &State,
        masks: &Masks,
        player: usize,
        (from, to): (u8, u8),
        vulnerable: u128,
    ) -> bool {
        let t = self.tables();
        t.forbid
            .iter()
            .any(|c| self.holds(st, masks, c, player, (NONE, to), vulnerable))
            || t.forbid_from
                .iter()
                .any(|c| self.holds(st, masks, c, player, (from, to), vulnerable))
            || !t.run_limits.is_empty() && self.makes_run(st, player, from, to)
    }

    /// Moves one man of `player` from `from` to `to`, hitting what stands
    /// there (or pinning it, see [`Engine::pin_move`]); returns the site the
    /// hit men went to (or [`NONE`]), how many, and the change of the
    /// position key.
    #[inline(always)]
    fn die_move(&self, st: &mut State, player: usize, from: u8, to: u8) -> (u8, u8, u64) {
        if self.tables().pin_blots {
            return self.pin_move(st, player, from, to);
        }
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

    /// What [`Engine::die_move`] would do, without moving: the change of
    /// the position key, the site hit men would go to (or [`NONE`]), the
    /// pairs of end condition and judged player its change sets off (what
    /// [`Fires::fired`] says of the [`Change`] that [`Masks::moved`] would
    /// note, read from the table site by site without building it), and
    /// the sites where each player would then have free men and where men
    /// would lie pinned, where worked out already (else see
    /// [`Engine::standing_after`]); `None` where the sites overlap so that
    /// this does not tell.
    #[inline(always)]
    fn die_move_preview(
        &self,
        st: &State,
        masks: &Masks,
        player: usize,
        from: u8,
        to: u8,
    ) -> Option<(u64, u8, u64, Option<Standing>)> {
        use triggers::{CAME, FEWER, GONE, MORE};
        let fires = &self.tables().ends_fire;
        if self.tables().pin_blots {
            let (delta, hit, fired, standing) = self.pin_move_preview(st, masks, player, from, to);
            return Some((delta, hit, fired, Some(standing)));
        }
        let opp = 1 - player;
        let (f, t) = (from as usize, to as usize);
        let left = st.stack[f];
        let mut delta = self.men_key(from, player, left);
        let mut fired = fires.at(from, player, if left > 1 { FEWER } else { FEWER | GONE });
        let victims = men(st, to, opp) as u8;
        let mut hit = NONE;
        if victims > 0
            && let Some(zones) = &self.tables().hit_to
        {
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
            let came = if masks.occ[opp] & bit(hit) == 0 {
                CAME
            } else {
                0
            };
            fired |= fires.at(to, player, MORE | CAME)
                | fires.at(to, opp, FEWER | GONE)
                | fires.at(hit, opp, MORE | came);
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
    fn standing_after(
        &self,
        st: &State,
        masks: &Masks,
        player: usize,
        (from, to, hit): (u8, u8, u8),
    ) -> Standing {
        let mut occ = masks.occ;
        if st.stack[from as usize] <= 1 {
            occ[player] &= !bit(from);
        }
        occ[player] |= bit(to);
        if hit != NONE {
            let opp = 1 - player;
            occ[opp] = occ[opp] & !bit(to) | bit(hit);
        }
        (occ, st.pinned)
    }

    #[inline(always)]
    fn undo_die_move(&self, st: &mut State, player: usize, from: u8, to: u8, hit: u8, victims: u8) {
        if self.tables().pin_blots {
            return self.undo_pin_move(st, player, from, to, victims);
        }
        // Only the men move back: the key is the caller's to restore.
        lift_man(st, to);
        if hit != NONE {
            for _ in 0..victims {
                lift_man(st, hit);
                drop_man(st, to, 1 - player);
            }
        }
        drop_man(st, from, player);
    }

    /// [`Engine::die_move`] in a game that pins: the man landed on (alone,
    /// as [`Engine::forbidden`] ensures) is pinned, and the man pinned on
    /// `from` is freed if the last of his pinners leaves. Returns [`NONE`],
    /// the flags [`PINNED`] and [`RELEASED`], and the change of the key.
    #[inline(never)]
    fn pin_move(&self, st: &mut State, player: usize, from: u8, to: u8) -> (u8, u8, u64) {
        let mut delta = self.take_man(st, from);
        let opp = 1 - player;
        let mut flags = 0;
        if st.pinned & bit(from) != 0 && st.stack[from as usize] == 0 {
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
    fn pin_move_preview(
        &self,
        st: &State,
        masks: &Masks,
        player: usize,
        from: u8,
        to: u8,
    ) -> (u64, u8, u64, Standing) {
        let mut occ = masks.occ;
        let mut pinned = st.pinned;
        let opp = 1 - player;
        let (f, t) = (from as usize, to as usize);
        let lone = cell(opp, 0);
        let left = st.stack[f];
        let mut delta = self.men_key(from, player, left);
        if left <= 1 {
            occ[player] &= !bit(from);
            if st.pinned & bit(from) != 0 {
                // His last pinner leaves: the pinned man stands alone again.
                delta ^= self.site_key(f, lone, 1) ^ self.pinned_key(f);
                occ[opp] |= bit(from);
                pinned &= !bit(from);
            }
        }
        let before = if men(st, to, opp) > 0 {
            // A lone opposing man, pinned.
            delta ^= self.site_key(t, lone, 1) ^ self.pinned_key(t);
            occ[opp] &= !bit(to);
            pinned |= bit(to);
            0
        } else {
            debug_assert!(st.cells[t] == NONE || (st.cells[t] >> 4) as usize == player);
            st.stack[t]
        };
        delta ^= self.men_key(to, player, before + 1);
        occ[player] |= bit(to);
        // Any change of either player's men where he left and landed.
        let fires = &self.tables().ends_fire;
        let fired = fires.at(from, 0, 0xf)
            | fires.at(from, 1, 0xf)
            | fires.at(to, 0, 0xf)
            | fires.at(to, 1, 0xf);
        (delta, NONE, fired, (occ, pinned))
    }

    #[inline(never)]
    fn undo_pin_move(&self, st: &mut State, player: usize, from: u8, to: u8, flags: u8) {
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
    fn pin(&self, st: &mut State, site: u8, owner: usize, pin: bool) -> u64 {
        let s = site as usize;
        set_pin(st, site, owner, pin);
        self.site_key(s, cell(owner, 0), 1) ^ self.pinned_key(s)
    }

    /// The key of a man pinned on `site` (whose man follows from the men
    /// standing there).
    fn pinned_key(&self, site: usize) -> u64 {
        self.zobrist[self.sites * 32 + 2 + self.sites + site]
    }

    /// Takes a man off `site`; returns the change of the position key.
    #[inline(always)]
    fn take_man(&self, st: &mut State, site: u8) -> u64 {
        let s = site as usize;
        let (owner, men) = ((st.cells[s] >> 4) as usize, st.stack[s]);
        lift_man(st, site);
        self.men_key(site, owner, men)
    }

    /// Puts a man of `player` on `site` (empty or his); returns the change
    /// of the position key.
    #[inline(always)]
    fn put_man(&self, st: &mut State, site: u8, player: usize) -> u64 {
        drop_man(st, site, player);
        self.men_key(site, player, st.stack[site as usize])
    }

    /// The change of the position key when the men of `owner` on `site`
    /// go from `men - 1` to `men` (`men` > 0), or back: [`Engine::site_key`]
    /// of both counts, in one look-up for the usual stack.
    #[inline(always)]
    fn men_key(&self, site: u8, owner: usize, men: u8) -> u64 {
        debug_assert!(men > 0 && owner < 2);
        if (men as usize) < MEN_KEYS {
            // In range whatever the arguments: masked to the table.
            let i = site as usize * 32 + owner * 16 + men as usize;
            self.tables().men_keys[i & (MEN_KEY_SLOTS - 1)]
        } else {
            self.men_key_far(site as usize, owner, men)
        }
    }

    /// [`Engine::men_key`] of a stack of [`MEN_KEYS`] men or more.
    #[cold]
    #[inline(never)]
    fn men_key_far(&self, site: usize, owner: usize, men: u8) -> u64 {
        self.site_key(site, cell(owner, 0), men) ^ self.site_key(site, cell(owner, 0), men - 1)
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
        st.turns[player] = st.turns[player]
            .saturating_add(1)
            .min(self.tables().turn_cap);
        st.to_move = 1 - st.to_move;
    }

    /// A hash of what stands where, for telling turns apart by their result.
    #[inline]
    pub(super) fn position_key(&self, st: &State) -> u64 {
        let h = (0..st.cells.len()).fold(0, |h, s| h ^ self.site_key(s, st.cells[s], st.stack[s]));
        if st.pinned == 0 {
            h
        } else {
            h ^ self.pins_key(st.pinned)
        }
    }

    /// The key of the pinned men on the sites of `pins`.
    #[inline(never)]
    fn pins_key(&self, mut pins: u128) -> u64 {
        let mut h = 0;
        while pins != 0 {
            h ^= self.pinned_key(pins.trailing_zeros() as usize);
            pins &= pins - 1;
        }
        h
    }
}
