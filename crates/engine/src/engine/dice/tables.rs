//! The compiled rules of a dice game (`Tables`): tracks as position
//! arrays, regions as masks, the conditions compiled for play, the end
//! conditions with what can set them off, and the position keys' changes
//! per site.

use super::judge::Exact;
use super::landing::Program;
use super::masks::side;
use super::triggers::{Fires, Gates, Linear, Needs, Trigger, needs, triggers};
use super::{limits, masks};
use crate::engine::NONE;
use crate::engine::condition::Cond;
use crate::engine::rules::{Rules, Shared};
use crate::ir::{self, EndResult, EndRule, Game, Priority};
use std::sync::Arc;

/// The slots of the tables kept per player: at least
/// [`crate::ir::MAX_PLAYERS`], and a power of two, so that a player's index
/// masked by `SEATS - 1` reads them without a test of its range.
pub(super) const SEATS: usize = 8;
const _: () = assert!(crate::ir::MAX_PLAYERS <= SEATS && SEATS.is_power_of_two());

/// The table of `player` of a per-player array.
#[inline(always)]
pub(super) fn seat<T>(table: &[T; SEATS], player: usize) -> &T {
    &table[player & (SEATS - 1)]
}

/// The compiled rules of a dice game.
pub(in crate::engine) struct Tables {
    /// Dice thrown per turn, faces, and whether doubles count twice.
    pub dice: ir::Dice,
    /// Whether the dice list their faces or are summed (thrown apart from
    /// dice numbered from 1).
    pub shaped_dice: bool,
    /// Per player: the site at each track position.
    pub track: Vec<Vec<u8>>,
    /// Per player, per site: the track position, or [`NONE`].
    pub position: Vec<Vec<u8>>,
    /// Per player: site masks to masks of his track positions.
    pub(super) track_map: Vec<masks::TrackMap>,
    /// Per player: the second zone at his track's start (`start or bar,
    /// ...`), or [`NONE`]: at track position 0 like `track[0]`.
    pub second_start: [u8; SEATS],
    /// Whether some player's track starts in two zones.
    pub(super) two_starts: bool,
    /// Per player: his track with the second zone at its start in place of
    /// the first, the track of a node whose men at position 0 leave it
    /// (see `Options::from_second`); `track` where he has none.
    pub(super) start_track: Vec<Vec<u8>>,
    /// Per player: the sites of his track that are points of the board (not
    /// zones), in track order: where runs of closed points are counted.
    pub(super) points: Vec<Vec<u8>>,
    /// Per player, per site: its index in `points`, or [`NONE`].
    pub(super) point_index: Vec<Vec<u8>>,
    /// Per player: the track positions of `points`, where they are one
    /// stretch of his track, in order, within its first 64 positions.
    pub(super) points_span: [Option<u64>; SEATS],
    /// Per player, the `forbid` conditions judged for every landing site
    /// at once from the site masks (see [`conditions::maskable`]); the
    /// others, site by site; those that read the die move's origin apart.
    /// Each rule is the core's (`rules.rs`), shared.
    pub(super) forbid_program: [Program; SEATS],
    pub(super) forbid: Vec<Shared>,
    pub(super) forbid_from: Vec<Shared>,
    /// Per player, the rules of `forbid_from` judged for every origin at
    /// once ([`Program::compile_origins`]); the others, die move by die
    /// move.
    pub(super) forbid_from_program: [Program; SEATS],
    pub(super) forbid_from_rest: Vec<Shared>,
    /// Whether the core has `forbid ... after move` rules, judged die move
    /// by die move on the position after it ([`Engine::forbidden_after`]).
    pub(super) after_move: bool,
    /// Whether some `from in` rule or run limit is judged by masks at
    /// each position searched (`forbid_from_program`, `run_limits`).
    pub origins_masked: bool,
    /// Whether landings are judged by `forbid`, `forbid_from`,
    /// `forbid_after` or `run_limits` too, site by site.
    pub(super) judge_more: bool,
    /// Per `pass` rule, per judged player, where it needs men (see
    /// [`triggers::needs`]): it is not judged where they are not met.
    pub(super) pass_needs: Vec<[Needs; SEATS]>,
    /// The throws that pass the turn (`throw 5 passes`), each sorted over
    /// the slots of [`State::dice`], with its text (`throw 5`).
    pub(super) passing_throws: Vec<([u8; crate::ir::MAX_DICE], String)>,
    /// Whether the player may have to pass: some pass rule or passing
    /// throw (one test at the root of a roll's search for the others).
    pub(super) may_pass: bool,
    /// The core's `bear off when` (`rules.rs`), shared.
    pub(super) bear_off: Option<Shared>,
    /// What can change whether a player may bear off: per player, bit
    /// `2 * player` what can make `bear_off` hold, `2 * player + 1` what
    /// can make it fail (see [`Fires`]).
    pub(super) bear_off_fires: Option<Fires>,
    /// Per player, `bear_off` as sums of men, where it is (see [`Linear`]).
    pub(super) bear_off_linear: [Option<Linear>; SEATS],
    /// Per player, `bear_off` judged exactly from counts, where it can be
    /// (see [`Exact`]).
    pub(super) bear_off_exact: [Option<Exact>; SEATS],
    pub(super) overshoot_rearmost: bool,
    pub(super) play: Vec<Priority>,
    /// Per `play from` obligation, per player, the sites of his region.
    pub(super) play_from: Vec<Vec<u128>>,
    /// Whether a turn that ends the game is legal whatever `play` asks.
    pub(super) ending_turn_exempt: bool,
    pub(super) vulnerable_run: Option<u32>,
    /// Per player: the site his hit men go to.
    pub(super) hit_to: Option<Vec<u8>>,
    /// A man landing on a lone opposing man pins it (`pin blots`).
    pub(super) pin_blots: bool,
    /// Whether two die moves reach one position in either order (see
    /// [`orders`]): no player's men are hit to a site of his opponent's
    /// track.
    pub(super) orders_commute: bool,
    /// Whether the men `place` (see [`Engine::placements`]): those
    /// waiting at the start of a track enter by being placed, never by
    /// advancing from it ...
    pub(super) places: bool,
    /// ... per player, onto these track positions (a mask; never the first
    /// or the last) ...
    pub(super) place_at: [u128; SEATS],
    /// ... while the core's `place ... when` holds for him, if there is one.
    /// Whether the board has at most 64 sites: the search then keeps its
    /// masks in a `u64` (see [`super::bits`]).
    pub(super) narrow: bool,
    /// Per `first from` rule, in order, per player: the site his men
    /// must leave first while he has men there.
    pub(super) first_from: Vec<[u8; SEATS]>,
    /// End conditions, each with what can make it hold for each player:
    /// it need only be judged after a die move that does.
    pub(super) ends: Vec<End>,
    /// Every change after which some end condition is judged.
    pub(super) ends_fire: Fires,
    /// Whether the end conditions are judged in full after a die move
    /// that sets one off: more pairs of condition and judged player than
    /// the bits of [`Fires`] tell apart, or a game of more than two.
    pub(super) ends_apart: bool,
    /// The pairs of end condition and judged player whose needs a
    /// position meets (see [`Gates`]).
    pub(super) ends_gates: Gates,
    /// Whether the end conditions, or the landing and bearing-off rules,
    /// look at vulnerable runs (which are then worked out as needed).
    pub(super) ends_see_runs: bool,
    pub(super) landing_sees_runs: bool,
    /// How many die moves of a turn may start in a region.
    pub(super) leave_limits: Vec<limits::LeaveLimit>,
    /// Runs of held points no die move may make.
    pub(super) run_limits: Vec<ir::RunLimit>,
    /// Whether a turn played may earn another (`again` rules, a chosen
    /// double, climbing doubles thrown each), is also counted by counters
    /// with `while`, or is remembered in a history of positions (`same
    /// position N times`).
    pub(super) turn_extended: bool,
    /// Each player's turns are counted up to this one (the latest turn a
    /// limit's exception names; 0: not counted).
    pub turn_cap: u8,
    /// Per site, owner and count of men below [`MEN_KEYS`]: the change of
    /// the position key when the owner's men there go from one fewer to
    /// that count, or back (see [`Engine::men_key`]).
    pub(super) men_keys: Box<[u64; MEN_KEY_SLOTS]>,
}

/// The counts of men on one site whose key changes [`Tables`] holds; the
/// change of a larger stack is worked out from the keys of both counts.
pub(super) const MEN_KEYS: usize = 16;

/// The slots of the changes of key: per owner (at most eight), per site
/// (at most [`crate::check::MAX_SITES`]), [`MEN_KEYS`] counts; a power of
/// two, so that indices masked to it are in range.
pub(super) const MEN_KEY_SLOTS: usize = 8 * 128 * MEN_KEYS;
const _: () = assert!(crate::check::MAX_SITES <= 128 && crate::ir::MAX_PLAYERS <= 8);

impl Tables {
    /// The compiled rules of `game`, a dice game, with `zobrist` the
    /// engine's keys (see [`Engine::site_key`]).
    pub fn new(game: &Game, core: &Rules, zobrist: &[u64]) -> Option<Tables> {
        let dice = game.tables_dice()?;
        let names: Vec<&str> = core.regions.names.iter().map(String::as_str).collect();
        let regions = &core.regions.masks;
        let sites = game.board.sites.len();
        let track: Vec<Vec<u8>> = game
            .players
            .iter()
            .map(|p| p.track.iter().map(|&s| s as u8).collect())
            .collect();
        // A second zone at a track's start (`start or bar, ...`) is at
        // position 0 too; the track men leave it by starts there.
        let players = game.players.len();
        let second_start: [u8; SEATS] = std::array::from_fn(|p| {
            game.players
                .get(p)
                .and_then(|p| p.second_start)
                .map_or(NONE, |s| s as u8)
        });
        let start_track: Vec<Vec<u8>> = track
            .iter()
            .zip(second_start)
            .map(|(t, second)| {
                let mut t = t.clone();
                if second != NONE
                    && let Some(first) = t.first_mut()
                {
                    *first = second;
                }
                t
            })
            .collect();
        let position: Vec<Vec<u8>> = track
            .iter()
            .zip(second_start)
            .map(|(t, second)| {
                let mut pos = vec![NONE; sites];
                for (i, &s) in t.iter().enumerate() {
                    pos[s as usize] = i as u8;
                }
                if second != NONE {
                    pos[second as usize] = 0;
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
        let (leave_limits, turn_cap) = limits::compile(&game.rules.leave_limits, &names, regions);
        // Climbing doubles from turn K: the turns before it told apart.
        let climb_turns = dice.climb.map_or(0, |c| c.from_turn.saturating_sub(1));
        let turn_cap = turn_cap.max(climb_turns);
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
        // In a game of more than two, the search's masks have sides, not
        // players (see `masks::side`): every change may set off any end
        // condition, whose needs are not read, and the conditions are
        // judged by the interpreter for each player in masks he sees
        // (`Engine::dice_outcome_many`).
        let many = players > 2;
        let rise = |c: &Cond| -> [Trigger; 2] {
            [0, 1].map(|p| match many {
                false => triggers(c, regions, p, vulnerable).0,
                true => Trigger::ANY,
            })
        };
        let end_needs =
            |c: &Cond, p: usize| Needs::new(if many { vec![] } else { needs(c, regions, p) });
        let ends: Vec<End> = (game.end.iter().zip(&core.ends))
            .filter_map(|(e, cond)| match (e, cond) {
                (EndRule::When { result, points, .. }, Some(cond)) => Some(End {
                    rise: rise(cond),
                    needs: [0, 1].map(|p| end_needs(cond, p)),
                    exact: std::array::from_fn(|p| {
                        (p < players)
                            .then(|| Exact::new(cond, regions, p))
                            .flatten()
                    }),
                    cond: Arc::clone(cond),
                    result: *result,
                    points: *points,
                }),
                _ => None,
            })
            .collect();
        let passing_throws: Vec<([u8; crate::ir::MAX_DICE], String)> = rules
            .passing_throws
            .iter()
            .map(|r| {
                let mut roll = [0; crate::ir::MAX_DICE];
                roll[..r.len()].copy_from_slice(r);
                roll.sort_unstable();
                let shown: Vec<String> = r
                    .iter()
                    .filter(|&&v| v != 0)
                    .map(|&v| crate::ir::shown_value(v).to_string())
                    .collect();
                (roll, format!("throw {}", shown.join("-")))
            })
            .collect();
        let may_pass = !core.pass.is_empty() || !passing_throws.is_empty();
        let pass_needs = (core.pass.iter())
            .map(|c| {
                std::array::from_fn(|p| {
                    Needs::new(if p < players {
                        needs(c, regions, p)
                    } else {
                        Vec::new()
                    })
                })
            })
            .collect();
        let (forbid_from, forbid): (Vec<Shared>, Vec<Shared>) =
            core.forbid.iter().cloned().partition(|c| c.sees_from());
        let bear_off = &core.bear_off;
        let bear_off_fires = bear_off.as_ref().map(|c| {
            let [(rise0, fall0), (rise1, fall1)] =
                [0, 1].map(|p| triggers(c, regions, p, rules.vulnerable_run.is_some()));
            Fires::new(&[[rise0, rise1], [fall0, fall1]], sites)
        });
        let bear_off_linear = std::array::from_fn(|p| {
            (bear_off.as_ref().filter(|_| p < players)).and_then(|c| Linear::new(c, regions, p))
        });
        let bear_off_exact = std::array::from_fn(|p| {
            (bear_off.as_ref().filter(|_| p < players)).and_then(|c| Exact::new(c, regions, p))
        });
        let landing_sees_runs = forbid
            .iter()
            .chain(&forbid_from)
            .chain(bear_off)
            .any(|c| c.sees_runs());
        // Every site of the board (at most 128).
        let board = u128::MAX.checked_shr(128 - sites as u32).unwrap_or(0);
        // Each player's programs read the masks he sees: his men on his
        // side (see `masks::side`).
        let (forbid_program, forbid) = if game.rules.pin_blots {
            (std::array::from_fn(|_| Program::default()), forbid)
        } else {
            per_seat(players, |p| {
                Program::compile(forbid.clone(), &regions[p], side(p), board)
            })
        };
        let (forbid_from_program, forbid_from_rest) = per_seat(players, |p| {
            Program::compile_origins(forbid_from.clone(), &regions[p], side(p), board)
        });
        let judge_more = !forbid.is_empty()
            || !forbid_from.is_empty()
            || !core.forbid_after.is_empty()
            || !rules.run_limits.is_empty();
        let points_span = std::array::from_fn(|p| {
            (p < players)
                .then(|| limits::points_span(&points[p], &position[p]))
                .flatten()
        });
        let origins_masked = !forbid_from_program[0].is_empty() || !rules.run_limits.is_empty();
        let ends_see_runs = ends.iter().any(|e| e.cond.sees_runs());
        let rises: Vec<[Trigger; 2]> = ends.iter().map(|e| e.rise).collect();
        let ends_fire = Fires::new(&rises, sites);
        let end_needs: Vec<[&Needs; 2]> = ends.iter().map(|e| [&e.needs[0], &e.needs[1]]).collect();
        let ends_gates = Gates::new(&end_needs);
        // Where a track starts in two zones, the site a die move from
        // position 0 leaves depends on the position: two die moves from
        // position 0 in either order are not the same two die moves.
        // Men placed at the start of a turn's die moves may land anywhere
        // in a region: two die moves from the start are not known by
        // their origin and die alone.
        let place = game.kinds.first().and_then(|k| k.place.as_ref());
        let place_at = std::array::from_fn(|p| {
            let (Some(place), Some(track)) = (place, track.get(p)) else {
                return 0;
            };
            let last = track.len().saturating_sub(1);
            (1..last)
                .filter(|&i| place.sites[p].contains(&usize::from(track[i])))
                .fold(0u128, |m, i| m | 1 << i)
        });
        // No player's men are hit to a site of another's track.
        let orders_commute = place.is_none()
            && second_start == [NONE; SEATS]
            && zone(&rules.hit_to).is_none_or(|z: Vec<u8>| {
                (0..players).all(|p| (0..players).all(|q| q == p || !track[p].contains(&z[q])))
            });
        let mut men_keys: Box<[u64; MEN_KEY_SLOTS]> = vec![0u64; MEN_KEY_SLOTS]
            .into_boxed_slice()
            .try_into()
            .expect("a table of its length");
        for site in 0..sites {
            for owner in 0..players {
                // At the layout of `Engine::site_key`: 16 keys an owner a site.
                let at = site * 16 * players + owner * 16;
                for men in 1..MEN_KEYS {
                    let fewer = if men > 1 { zobrist[at + men - 1] } else { 0 };
                    men_keys[owner * 128 * MEN_KEYS + site * MEN_KEYS + men] =
                        zobrist[at + men] ^ fewer;
                }
            }
        }
        let ends_apart = ends.len() >= 32 || players > 2;
        Some(Tables {
            ends_apart,
            dice,
            shaped_dice: dice.values.is_some() || dice.summed,
            track_map: track
                .iter()
                .zip(second_start)
                .map(|(t, second)| masks::TrackMap::new(t).with_start(second))
                .collect(),
            start_track,
            second_start,
            track,
            position,
            points_span,
            points,
            point_index,
            forbid_program,
            forbid,
            forbid_from,
            forbid_from_program,
            forbid_from_rest,
            after_move: !core.forbid_after.is_empty(),
            origins_masked,
            judge_more,
            pass_needs,
            passing_throws,
            may_pass,
            bear_off: bear_off.clone(),
            bear_off_fires,
            bear_off_linear,
            bear_off_exact,
            overshoot_rearmost: rules.overshoot_rearmost,
            play: rules.play.clone(),
            play_from: (rules.play_from.iter())
                .map(|f| {
                    let i = core.regions.index(&crate::ir::Whose::Own, &f.region);
                    regions.iter().map(|r| r[i]).collect()
                })
                .collect(),
            ending_turn_exempt: rules.ending_turn_exempt,
            vulnerable_run: rules.vulnerable_run,
            orders_commute,
            places: place.is_some(),
            place_at,
            // Placements are searched at the width of 128 bits alone (see
            // `options::searches_placements`).
            narrow: sites <= 64 && place.is_none(),
            hit_to: zone(&rules.hit_to),
            pin_blots: rules.pin_blots,
            first_from: rules
                .first_from
                .iter()
                .filter_map(|z| zone(&Some(z.clone())))
                .map(|z: Vec<u8>| std::array::from_fn(|p| z.get(p).copied().unwrap_or(NONE)))
                .collect(),
            two_starts: second_start != [NONE; SEATS],
            ends,
            ends_fire,
            ends_gates,
            ends_see_runs,
            landing_sees_runs,
            leave_limits,
            run_limits: rules.run_limits.clone(),
            turn_cap,
            turn_extended: crate::engine::again::Again::new(game).is_some()
                || game.end.iter().any(|e| {
                    matches!(
                        e,
                        EndRule::Repetition(..)
                            | EndRule::NoProgress {
                                during: Some(_),
                                ..
                            }
                    )
                }),
            men_keys,
        })
    }
}

/// Each player's program of `compile` (reading his side of the masks), a
/// slot a seat, and the rules no program judges, which are every player's:
/// kept from the first player's compilation, each compiled once.
fn per_seat(
    players: usize,
    compile: impl Fn(usize) -> (Program, Vec<Shared>),
) -> ([Program; SEATS], Vec<Shared>) {
    let mut rest = Vec::new();
    let programs = std::array::from_fn(|p| {
        if p >= players {
            return Program::default();
        }
        let (program, left) = compile(p);
        if p == 0 {
            rest = left;
        }
        program
    });
    (programs, rest)
}

/// An end condition compiled for play.
pub(super) struct End {
    /// The core's condition (`rules.rs`), shared.
    pub(super) cond: Shared,
    pub(super) result: EndResult,
    pub(super) points: u8,
    /// Per judged player: what can make it hold ...
    pub(super) rise: [Trigger; 2],
    /// ... and where it needs men (see [`triggers::needs`]).
    pub(super) needs: [Needs; 2],
    /// Per judged player (a slot a seat): the condition judged without
    /// the interpreter, where it can be (see [`judge`]).
    pub(super) exact: [Option<Exact>; SEATS],
}
