//! Invariants (`ludus check FILE --games N`): the game's `invariants`
//! judged for both players at the start and after every turn of seeded
//! random games, stopping at the first violation with the turns that lead
//! to it.
//!
//! A condition is judged here by a plain evaluator over [`ir::Cond`] and
//! the public state, in every game (grid or dice), outside the engine's hot
//! loop. It counts as the compiled conditions of dice games do (pinned men
//! in `men in`, vulnerable runs in `open points`); `tests/invariants.rs`
//! holds the two to agreement on the games' pass and end rules.

use crate::engine::{Engine, NONE, Outcome, State};
use crate::in_progress::{GameInProgress, Kept};
use crate::ir::{self, Whose};
use crate::notation::{dice_text, move_text, position_text};
use crate::playout::{self, TooManyTurnsAt, opening_text};
use crate::simulate::{MAX_THREADS, Stopped};
use rand::RngExt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Games a thread claims at a time.
const BATCH: u64 = 16;

/// Whether `cond` holds for player `me` in `st` (no landing site, no die
/// move: `here` and `from` never hold).
pub fn holds(engine: &Engine, st: &State, cond: &ir::Cond, me: usize) -> bool {
    match cond {
        ir::Cond::Or(parts) => parts.iter().any(|c| holds(engine, st, c, me)),
        ir::Cond::And(parts) => parts.iter().all(|c| holds(engine, st, c, me)),
        ir::Cond::Not(c) => !holds(engine, st, c, me),
        ir::Cond::HereIn(..)
        | ir::Cond::FromIn(..)
        | ir::Cond::HereVulnerable
        | ir::Cond::Moving(_)
        | ir::Cond::Die(..) => false,
        ir::Cond::Player(p) => engine.game().players[me].name == *p,
        ir::Cond::LineOf(w, n) => {
            let lines = crate::check::straight_lines(&engine.game().board, *n as usize);
            let who = side(me, *w);
            (lines.iter()).any(|line| {
                line.iter()
                    .all(|&s| st.piece(s).is_some_and(|(p, _)| p == who))
            })
        }
        ir::Cond::ExactLine(w, n) => {
            // Each line of N held, and the sites one link beyond its ends,
            // along its direction, not held.
            let game = engine.game();
            let lines = crate::check::straight_lines(&game.board, *n as usize);
            let who = side(me, *w);
            let held = |s: usize| st.piece(s).is_some_and(|(p, _)| p == who);
            (lines.iter()).any(|line| {
                let Some(d) = (game.board.links.iter())
                    .find(|l| l.from == line[0] && l.to == line[1])
                    .map(|l| l.direction)
                else {
                    return false;
                };
                let last = line[line.len() - 1];
                let ends: Vec<usize> = (game.board.links.iter())
                    .filter(|l| l.direction == d)
                    .filter_map(|l| match (l.from == last, l.to == line[0]) {
                        (true, _) => Some(l.to),
                        (_, true) => Some(l.from),
                        _ => None,
                    })
                    .filter(|s| !line.contains(s))
                    .collect();
                line.iter().all(|&s| held(s)) && !ends.iter().any(|&s| held(s))
            })
        }
        ir::Cond::Connected(w) => {
            // A plain search along the board's links, from one piece.
            let who = side(me, *w);
            let game = engine.game();
            let held = |s: usize| st.piece(s).is_some_and(|(p, _)| p == who);
            let pieces: Vec<usize> = (0..game.board.sites.len()).filter(|&s| held(s)).collect();
            let mut seen = vec![false; game.board.sites.len()];
            let mut todo: Vec<usize> = pieces.first().copied().into_iter().collect();
            let mut found = 0;
            while let Some(s) = todo.pop() {
                if std::mem::replace(&mut seen[s], true) {
                    continue;
                }
                found += 1;
                for l in &game.board.links {
                    if l.from == s && held(l.to) {
                        todo.push(l.to);
                    } else if l.to == s && held(l.from) {
                        todo.push(l.from);
                    }
                }
            }
            !pieces.is_empty() && found == pieces.len()
        }
        ir::Cond::Connects(w, (fa, a), (fb, b)) => {
            // A plain search along the board's links, from the side's
            // pieces in the first region.
            let who = side(me, *w);
            let game = engine.game();
            let held = |s: usize| st.piece(s).is_some_and(|(p, _)| p == who);
            let goal = region(engine, me, *fb, b);
            let mut seen = vec![false; game.board.sites.len()];
            let mut todo: Vec<usize> = (region(engine, me, *fa, a).iter().copied())
                .filter(|&s| held(s))
                .collect();
            while let Some(s) = todo.pop() {
                if std::mem::replace(&mut seen[s], true) {
                    continue;
                }
                if goal.contains(&s) {
                    return true;
                }
                for l in &game.board.links {
                    let next = if l.from == s {
                        l.to
                    } else if l.to == s {
                        l.from
                    } else {
                        continue;
                    };
                    if held(next) && !seen[next] {
                        todo.push(next);
                    }
                }
            }
            false
        }
        ir::Cond::Compare(a, op, b) => {
            let value = sum(engine, st, a, me) - sum(engine, st, b, me);
            crate::engine::compare(value, *op)
        }
    }
}

/// The value of one side of a comparison for player `me`.
pub fn sum(engine: &Engine, st: &State, terms: &[ir::Term], me: usize) -> i64 {
    terms.iter().map(|t| term(engine, st, t, me)).sum()
}

fn side(me: usize, w: Whose) -> usize {
    match w {
        Whose::Own => me,
        Whose::Opponent => 1 - me,
    }
}

/// The sites of a region, read in `frame` relative to `me`.
fn region<'g>(engine: &'g Engine, me: usize, frame: Whose, name: &str) -> &'g [usize] {
    engine.game().players[side(me, frame)]
        .regions
        .iter()
        .find(|r| r.name == name)
        .map_or(&[], |r| &r.sites)
}

/// The men of `who` standing on `site`, not counting a man pinned there.
fn standing(engine: &Engine, st: &State, site: usize, who: usize) -> i64 {
    match st.piece(site) {
        Some((p, _)) if p == who => i64::from(engine.men(st, site)),
        _ => 0,
    }
}

/// Whether a man of `who` lies pinned on `site` (under the other's men).
fn pinned(st: &State, site: usize, who: usize) -> bool {
    st.pinned & (1u128 << site) != 0 && st.piece(site).is_some_and(|(p, _)| p != who)
}

fn term(engine: &Engine, st: &State, t: &ir::Term, me: usize) -> i64 {
    let count = |who: usize, sites: &[usize], with_pinned: bool| -> i64 {
        sites
            .iter()
            .map(|&s| {
                let pin = with_pinned && pinned(st, s, who);
                standing(engine, st, s, who) + i64::from(pin)
            })
            .sum()
    };
    match t {
        ir::Term::Number(n) => i64::from(*n),
        ir::Term::MenHere(_) => 0,
        ir::Term::MenIn(w, frame, r) => count(side(me, *w), region(engine, me, *frame, r), true),
        ir::Term::PinnedIn(w, frame, r) => {
            let who = side(me, *w);
            let sites = region(engine, me, *frame, r);
            sites.iter().filter(|&&s| pinned(st, s, who)).count() as i64
        }
        ir::Term::SeedsIn(frame, r) => region(engine, me, *frame, r)
            .iter()
            .map(|&s| i64::from(st.stack[s]))
            .sum(),
        ir::Term::OwnPoints(frame, r) => region(engine, me, *frame, r)
            .iter()
            .filter(|&&s| standing(engine, st, s, me) > 0)
            .count() as i64,
        ir::Term::OpenPoints(frame, r) => {
            let vulnerable = vulnerable(engine, st, 1 - me);
            region(engine, me, *frame, r)
                .iter()
                .filter(|&&s| {
                    st.cells[s] == NONE
                        || standing(engine, st, s, 1 - me) == 1 && st.pinned & (1u128 << s) == 0
                        || vulnerable & (1u128 << s) != 0
                })
                .count() as i64
        }
        ir::Term::InHand(w) => st.hand[side(me, *w)].iter().map(|&n| i64::from(n)).sum(),
        ir::Term::Captured(w) => {
            let who = side(me, *w);
            let all: Vec<usize> = (0..engine.sites()).collect();
            let held: i64 = st.hand[who].iter().map(|&n| i64::from(n)).sum();
            i64::from(engine.game().starting_pieces(who)) - count(who, &all, true) - held
        }
        ir::Term::Pieces(w) => {
            let all: Vec<usize> = (0..engine.sites()).collect();
            count(side(me, *w), &all, true)
        }
        ir::Term::KindPieces(w, name, region_of) => {
            let kind = engine.game().kinds.iter().position(|k| k.name == *name);
            let all: Vec<usize> = (0..engine.sites()).collect();
            let sites = match region_of {
                Some((frame, r)) => region(engine, me, *frame, r),
                None => &all,
            };
            sites
                .iter()
                .copied()
                .filter(|&s| {
                    st.piece(s)
                        .is_some_and(|(p, k)| (p, Some(k)) == (side(me, *w), kind))
                })
                .count() as i64
        }
    }
}

/// The sites of `player`'s runs of closed points (two men or more) longer
/// than `vulnerable runs longer than N` allows, along his track's points.
fn vulnerable(engine: &Engine, st: &State, player: usize) -> u128 {
    let Some(limit) = engine.game().rules.vulnerable_run else {
        return 0;
    };
    let sites = &engine.game().board.sites;
    let (mut found, mut run, mut len) = (0u128, 0u128, 0);
    let points = engine
        .track(player)
        .iter()
        .map(|&s| s as usize)
        .filter(|&s| sites[s].owner.is_none());
    for s in points {
        if standing(engine, st, s, player) >= 2 {
            run |= 1u128 << s;
            len += 1;
        } else {
            if len > limit {
                found |= run;
            }
            (run, len) = (0, 0);
        }
    }
    if len > limit {
        found |= run;
    }
    found
}

/// The first invariant (in file order) that does not hold in `st`, and the
/// first player (in turn order) it fails for.
pub fn broken(engine: &Engine, st: &State) -> Option<(usize, usize)> {
    let players = engine.game().players.len();
    engine
        .game()
        .invariants
        .iter()
        .enumerate()
        .find_map(|(i, inv)| {
            (0..players)
                .find(|&p| !holds(engine, st, &inv.cond, p))
                .map(|p| (i, p))
        })
}

/// A position where an invariant fails.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Violation {
    /// The invariant's index in [`ir::Game::invariants`].
    #[serde(skip)]
    pub index: usize,
    /// Its name.
    pub invariant: String,
    /// The player it fails for.
    pub player: String,
    /// The game of the run (from 0) and its seed.
    pub game: u64,
    /// The seed of that game (`ludus playout --seed` plays it again).
    pub seed: u64,
    /// The opening throw, in games that have one.
    pub opening: Option<String>,
    /// The turns from the start, in notation; in dice games each starts
    /// with its roll (`5-3: 1/6 1/4`).
    pub moves: Vec<String>,
    /// The position where it fails.
    pub position: String,
}

/// What a run without a violation checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// Positions judged (the start and after every turn).
    pub positions: u64,
    /// Games stopped at [`playout::MAX_PLIES`] turns.
    pub unfinished: u64,
}

/// Plays one seeded game, judging the invariants at the start and after
/// every turn; the violation if one fails.
fn play_one(
    engine: &Engine,
    (game, seed): (u64, u64),
    playing: &mut GameInProgress<&Engine>,
    tally: &mut Summary,
) -> Result<Option<Violation>, TooManyTurnsAt> {
    playing.next_game(engine.start(), seed);
    let opening = playing.open();
    let mut played: Vec<String> = Vec::new();
    let violation = |st: &State, played: &Vec<String>, (i, p): (usize, usize)| Violation {
        index: i,
        invariant: engine.game().invariants[i].name.clone(),
        player: engine.game().players[p].name.clone(),
        game,
        seed,
        opening: opening.map(|d| opening_text(engine, d)),
        moves: played.clone(),
        position: position_text(engine, st),
    };
    tally.games += 1;
    loop {
        tally.positions += 1;
        if let Some(found) = broken(engine, playing.state()) {
            return Ok(Some(violation(playing.state(), &played, found)));
        }
        playing.throw_if_due();
        if let Some(stuck) = playing.stuck() {
            return Err(TooManyTurnsAt {
                ply: stuck.ply,
                position: stuck.position.clone(),
                cause: stuck.cause,
            });
        }
        let outcome = playing.outcome();
        if outcome != Outcome::Ongoing || playing.plies() >= playout::MAX_PLIES {
            tally.unfinished += u64::from(outcome == Outcome::Ongoing);
            return Ok(None);
        }
        let (st, moves, rng) = playing.choice();
        let m = moves[rng.random_range(0..moves.len())];
        let text = move_text(engine, &m);
        played.push(match dice_text(st) {
            Some(roll) => format!("{roll}: {text}"),
            None => text,
        });
        playing.play(&m, false);
    }
}

/// Plays `games` seeded random games (game i from seed `seed + i`, as
/// `ludus playout --seed` plays it) on `threads` threads, judging every
/// invariant for both players at the start and after every turn. The
/// violation found is the one of the lowest game index, whatever the
/// number of threads; `progress` is called with the games each batch adds.
pub fn check(
    engine: &Engine,
    games: u64,
    seed: u64,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Result<Summary, Box<Violation>>, Stopped> {
    let next = AtomicU64::new(0);
    let stop_at = AtomicU64::new(u64::MAX);
    type Found = Result<Violation, Stopped>;
    let first: Mutex<Option<(u64, Found)>> = Mutex::new(None);
    let work = || {
        let mut tally = Summary::default();
        // One game in progress a thread, its buffers kept from game to game.
        let mut playing = GameInProgress::new(engine, engine.start(), seed, Kept::NOTHING);
        loop {
            let from = next.fetch_add(BATCH, Ordering::Relaxed);
            if from >= games || from >= stop_at.load(Ordering::Relaxed) {
                return tally;
            }
            let to = (from + BATCH).min(games);
            for i in from..to {
                let game_seed = seed.wrapping_add(i);
                let found: Option<Found> =
                    match play_one(engine, (i, game_seed), &mut playing, &mut tally) {
                        Ok(None) => None,
                        Ok(Some(v)) => Some(Ok(v)),
                        Err(cause) => Some(Err(Stopped {
                            seed: game_seed,
                            cause,
                        })),
                    };
                if let Some(found) = found {
                    stop_at.fetch_min(i, Ordering::Relaxed);
                    let mut slot = first.lock().unwrap_or_else(|e| e.into_inner());
                    if slot.as_ref().is_none_or(|(j, _)| i < *j) {
                        *slot = Some((i, found));
                    }
                    return tally;
                }
            }
            progress(to - from);
        }
    };
    let mut total = Summary::default();
    let threads = threads.clamp(1, MAX_THREADS);
    let add = |total: &mut Summary, t: Summary| {
        total.games += t.games;
        total.positions += t.positions;
        total.unfinished += t.unfinished;
    };
    if threads == 1 {
        add(&mut total, work());
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads).map(|_| s.spawn(work)).collect();
            for h in handles {
                match h.join() {
                    Ok(t) => add(&mut total, t),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
        });
    }
    match first.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some((_, Ok(v))) => Ok(Err(Box::new(v))),
        Some((_, Err(stopped))) => Err(stopped),
        None => Ok(Ok(total)),
    }
}
