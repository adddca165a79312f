//! Rule coverage (`ludus coverage FILE --games N`): how often each rule
//! item of a game (variants merged) decided something in seeded random
//! games, judged counterfactually.
//!
//! Each item that may be taken out is: the game is checked again without
//! it (a `capture` or `chain` obligation other than `optional`, which the
//! checker requires, is made `optional` instead) and compiled into an
//! engine of its own. Then at every position of the seeded games of the
//! full game (dice thrown), the item *decided* the position if the game
//! without it, put in the same position, judges it differently: another
//! result, other legal turns (compared by their text, and where the texts
//! differ by the positions they lead to), or, for the turn
//! the full game's random player chose, another position after it. Items
//! that cannot be taken out (the board, players, tracks, setup, the dice
//! thrown, marks, or an item the rest of the game needs) are
//! *structural*; `evaluate` and `invariants` never change play and are
//! reported as such. Nothing here touches the engine's hot loop: the
//! engines are ordinary compiled games.

use crate::check;
use crate::diag::FileId;
use crate::diff::section_label;
use crate::engine::{Engine, Move, Outcome, State};
use crate::in_progress::{GameInProgress, Kept};
use crate::ir::Obligation;
use crate::load;
use crate::notation::move_text;
use crate::playout::{self, TooManyTurnsAt};
use crate::simulate::{MAX_THREADS, Stopped};
use crate::syntax::{ItemKind, Name, Section, SectionKind};
use rand::RngExt;
use serde::Serialize;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Games a thread claims at a time.
const BATCH: u64 = 8;

/// What became of one rule item.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// It decided at least one position.
    Fired,
    /// It was judged at every position and decided none.
    NeverFired,
    /// It cannot be judged this way; why.
    Structural(String),
}

/// One rule item and how often it decided something.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ItemCoverage {
    /// The file it is written in (the game or a base).
    pub file: String,
    /// Its line, from 1.
    pub line: usize,
    /// Its section, such as `rules` or `piece man`.
    pub section: String,
    /// Its text, on one line.
    pub text: String,
    /// Fired, never fired, or structural.
    pub status: Status,
    /// Positions it decided (any of the three below).
    pub decided: u64,
    /// Games in which it decided at least one position.
    pub games: u64,
    /// Positions where the legal turns differ without it.
    pub moves: u64,
    /// Positions where the result differs without it.
    pub result: u64,
    /// Positions where the chosen turn leads elsewhere without it.
    pub position: u64,
}

/// The coverage of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Coverage {
    /// Games played.
    pub games: u64,
    /// Seed of game 0.
    pub seed: u64,
    /// Positions judged.
    pub positions: u64,
    /// Every rule item of the merged game, by file and line.
    pub items: Vec<ItemCoverage>,
}

/// Why coverage could not be measured.
#[derive(Debug, thiserror::Error)]
pub enum CoverageError {
    /// The file could not be read.
    #[error("{0}")]
    Read(#[from] load::ReadError),
    /// The game is not valid (rendered diagnostics).
    #[error("{0}")]
    Invalid(String),
    /// A game of the run stopped.
    #[error("{0}")]
    Stopped(#[from] Stopped),
}

/// The game the items are measured against, and each judged item's
/// engine (the game without it).
pub struct Plan {
    full: Engine,
    items: Vec<ItemCoverage>,
    /// Per item: the engine without it, if it is judged.
    without: Vec<Option<Engine>>,
}

impl Plan {
    /// The full game's engine.
    pub fn engine(&self) -> &Engine {
        &self.full
    }
}

/// Why an item is structural without trying to remove it, if it is.
fn structural(section: &Section, kind: &ItemKind) -> Option<&'static str> {
    Some(match (section.kind, kind) {
        (SectionKind::Board, _) => "shapes the board",
        (SectionKind::Player, _) | (SectionKind::Track, _) => "names sites and regions",
        (SectionKind::Setup, _) => "places the pieces",
        (SectionKind::Invariants, _) => "an invariant, checked by `ludus check`",
        (
            SectionKind::Dice,
            ItemKind::DiceCount(_) | ItemKind::DiceFaces(_) | ItemKind::DiceSummed,
        ) => "the dice thrown",
        (SectionKind::Dice, ItemKind::DiceNotation(_)) => "how turns are written",
        (_, ItemKind::Marks(_)) => "how pieces are drawn",
        (_, ItemKind::Evaluate(..)) => "read by agents only, never by play",
        _ => return None,
    })
}

/// The item that stands for `kind` in the counterfactual game: `None` to
/// take it out, or an obligation made `optional`.
fn counterfactual(kind: &ItemKind) -> Option<ItemKind> {
    match kind {
        ItemKind::Capture(o, span) if *o != Obligation::Optional => {
            Some(ItemKind::Capture(Obligation::Optional, span.clone()))
        }
        ItemKind::Chain(o, span) if *o != Obligation::Optional => {
            Some(ItemKind::Chain(Obligation::Optional, span.clone()))
        }
        _ => None,
    }
}

/// Reads a game and prepares its items: the engine of the game without
/// each item that can be taken out.
pub fn plan(path: &Path) -> Result<Plan, CoverageError> {
    let loaded = load::load(path)?;
    let game = match loaded.game {
        Ok(g) => g,
        Err(d) => return Err(CoverageError::Invalid(loaded.sources.render(&d))),
    };
    let merged = load::merged(path)?;
    let sections = match &merged.sections {
        Ok(s) => s.clone(),
        Err(d) => return Err(CoverageError::Invalid(merged.sources.render(d))),
    };
    let name = Name {
        text: game.name.clone(),
        span: 0..0,
    };
    let top: FileId = 0;
    let full = Engine::new(game);
    let mut rows: Vec<(FileId, usize, ItemCoverage, Option<Engine>)> = Vec::new();
    for (si, section) in sections.iter().enumerate() {
        for (ii, item) in section.items.iter().enumerate() {
            let text = merged.sources.text(item.file);
            let line = text[..item.span.start.min(text.len())]
                .matches('\n')
                .count()
                + 1;
            let written = text.get(item.span.clone()).unwrap_or_default();
            let mut row = ItemCoverage {
                file: merged.sources.name(item.file).to_string(),
                line,
                section: section_label(section),
                text: written.split_whitespace().collect::<Vec<_>>().join(" "),
                status: Status::NeverFired,
                decided: 0,
                games: 0,
                moves: 0,
                result: 0,
                position: 0,
            };
            let mut engine = None;
            if let Some(why) = structural(section, &item.kind) {
                row.status = Status::Structural(why.into());
            } else {
                let mut other = sections.clone();
                match counterfactual(&item.kind) {
                    Some(kind) => other[si].items[ii].kind = kind,
                    None => {
                        other[si].items.remove(ii);
                    }
                }
                match check::check(&name, top, &other) {
                    Err(d) => {
                        let first = d.first().map_or(String::new(), |d| d.message.clone());
                        row.status = Status::Structural(format!("needed: without it, {first}"));
                    }
                    Ok(g) => {
                        let same_shape = g.board.sites.len() == full.sites()
                            && g.kinds.len() == full.game().kinds.len()
                            && g.players.len() == full.game().players.len()
                            && g.dice.is_some() == full.game().dice.is_some();
                        if same_shape {
                            engine = Some(Engine::new(g));
                        } else {
                            row.status = Status::Structural("shapes the board or pieces".into());
                        }
                    }
                }
            }
            rows.push((item.file, item.span.start, row, engine));
        }
    }
    rows.sort_by_key(|r| (r.0, r.1));
    let (items, without) = rows.into_iter().map(|(_, _, r, e)| (r, e)).unzip();
    Ok(Plan {
        full,
        items,
        without,
    })
}

/// Seeded random games a `forbid` item is tried on by [`forbidding_all`],
/// and the turns of each.
const FORBID_TRIAL: (u64, u32) = (4, 200);

/// The `forbid` items of a game (variants merged) that forbid every move:
/// in a few seeded random games of the full game no piece ever moves
/// (every turn is a pass), and the game without the item has a legal move
/// at the first position where the full game passed. Empty where a piece
/// moves in some game, as in every playable game.
pub fn forbidding_all(path: &Path) -> Result<Vec<ItemCoverage>, CoverageError> {
    let plan = plan(path)?;
    let full = &plan.full;
    let (games, turns) = FORBID_TRIAL;
    let mut moves = Vec::new();
    let mut first_pass: Option<State> = None;
    let passes = |moves: &[Move]| {
        !moves
            .iter()
            .any(|m| m.len > 0 || m.huff != crate::engine::NONE)
    };
    for seed in 0..games {
        let mut game = GameInProgress::new(full, full.start(), seed, Kept::NOTHING);
        game.open();
        for _ in 0..turns {
            game.throw_if_due();
            if game.stuck().is_some() {
                return Ok(Vec::new());
            }
            if game.outcome() != Outcome::Ongoing {
                break;
            }
            if !passes(game.legal()) {
                return Ok(Vec::new());
            }
            first_pass.get_or_insert_with(|| game.state().clone());
            let (_, legal, rng) = game.choice();
            let Some(&m) = legal.get(rng.random_range(0..legal.len().max(1))) else {
                break;
            };
            game.play(&m, false);
        }
    }
    let Some(st) = first_pass else {
        return Ok(Vec::new());
    };
    let mut found = Vec::new();
    for (item, without) in plan.items.iter().zip(&plan.without) {
        let Some(other) = without.as_ref().filter(|_| item.text.starts_with("forbid")) else {
            continue;
        };
        let mut there = transplant(full, &st, other);
        if other.try_legal_moves(&mut there, &mut moves).is_ok() && !passes(&moves) {
            found.push(item.clone());
        }
    }
    Ok(found)
}

/// `st` of the full game as a state of `dst`, a game with the same sites
/// and pieces: the pieces, the player to move, the dice and the counters
/// `dst` keeps (matched by name).
fn transplant(src: &Engine, st: &State, dst: &Engine) -> State {
    let mut out = dst.empty_state();
    out.cells.clone_from(&st.cells);
    if out.stack.len() == st.stack.len() {
        out.stack.clone_from(&st.stack);
    }
    if out.visited.len() == st.visited.len() {
        out.visited.clone_from(&st.visited);
    }
    out.counts = st.counts;
    out.to_move = st.to_move;
    out.offenders = st.offenders;
    out.dice = st.dice;
    out.turns = st.turns;
    out.pinned = st.pinned;
    out.hand = st.hand;
    out.history.clone_from(&st.history);
    for (j, label) in dst.counter_labels().iter().enumerate() {
        if let Some(i) = src.counter_labels().iter().position(|l| l == label) {
            out.counters[j] = st.counters[i];
        }
    }
    dst.sync_occupied(&mut out);
    out
}

/// Whether two states hold the same pieces, pins, huffable pieces and
/// player to move (counters aside).
fn same_position(a: &State, b: &State) -> bool {
    a.cells == b.cells
        && a.stack == b.stack
        && a.pinned == b.pinned
        && a.offenders == b.offenders
        && a.to_move == b.to_move
}

/// A turn as the full game's turns and another game's are compared when
/// their texts differ: the position it leads to (as [`same_position`]
/// reads it) and, in a game without dice, its text, since two capture
/// routes to one position are two moves. So a dice turn the other game
/// writes with its die moves in another order (`13/14 11/16` for
/// `11/16 13/14`) is the same turn.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct TurnKey {
    cells: Vec<u8>,
    stack: Vec<u8>,
    pinned: u128,
    offenders: u128,
    to_move: u8,
    text: Option<String>,
}

/// The sorted [`TurnKey`]s of `moves`, the legal turns of `st`.
fn turn_keys(engine: &Engine, st: &State, moves: &[Move]) -> Vec<TurnKey> {
    let mut keys: Vec<TurnKey> = moves
        .iter()
        .map(|m| {
            let mut after = st.clone();
            engine.play_unchecked(&mut after, m);
            TurnKey {
                cells: after.cells,
                stack: after.stack,
                pinned: after.pinned,
                offenders: after.offenders,
                to_move: after.to_move,
                text: (!engine.one_turn_per_position()).then(|| move_text(engine, m)),
            }
        })
        .collect();
    keys.sort();
    keys
}

/// Per item: (moves, result, position, decided) in one game.
type Tally = Vec<[u64; 5]>;

/// The sorted texts of the legal turns of `st`, or `None` past the
/// engine's limits.
fn texts(engine: &Engine, st: &mut State, buffer: &mut Vec<Move>) -> Option<Vec<String>> {
    engine.try_legal_moves(st, buffer).ok()?;
    let mut t: Vec<String> = buffer.iter().map(|m| move_text(engine, m)).collect();
    t.sort();
    Some(t)
}

/// Plays game `seed` of the full game and tallies, per item, the
/// positions it decided; the number of positions judged.
fn play_one(plan: &Plan, seed: u64, tally: &mut Tally) -> Result<u64, TooManyTurnsAt> {
    let full = &plan.full;
    let mut game = GameInProgress::new(full, full.start(), seed, Kept::NOTHING);
    game.open();
    let mut other = Vec::with_capacity(256);
    let mut in_game = vec![false; plan.items.len()];
    let mut positions = 0;
    loop {
        let plies = game.plies();
        game.throw_if_due();
        if let Some(stuck) = game.stuck() {
            return Err(TooManyTurnsAt {
                ply: stuck.ply,
                position: stuck.position.clone(),
                cause: stuck.cause,
            });
        }
        let outcome = game.outcome();
        let ongoing = outcome == Outcome::Ongoing && plies < playout::MAX_PLIES;
        let (st, moves, rng) = game.choice();
        let chosen = ongoing.then(|| moves[rng.random_range(0..moves.len())]);
        let mut mine: Vec<String> = moves.iter().map(|m| move_text(full, m)).collect();
        mine.sort();
        positions += 1;
        let mut after = st.clone();
        if let Some(m) = &chosen {
            full.play_unchecked(&mut after, m);
        }
        let chosen_text = chosen.as_ref().map(|m| move_text(full, m));
        // The game's work budget pays for every changed game's search
        // too, so a game too costly to play is refused as soon here.
        let mut work = 0u64;
        for (k, engine) in plan.without.iter().enumerate() {
            let Some(engine) = engine else { continue };
            let mut alt = transplant(full, st, engine);
            let listed = texts(engine, &mut alt, &mut other);
            work = work.saturating_add(alt.work);
            let alt_outcome = engine.outcome_with(&alt, !other.is_empty());
            let t = &mut tally[k];
            let mut decided = false;
            if alt_outcome != outcome {
                t[1] += 1;
                decided = true;
            } else if outcome == Outcome::Ongoing
                && listed.as_ref() != Some(&mine)
                && (listed.is_none()
                    || turn_keys(engine, &alt, &other) != turn_keys(full, st, moves))
            {
                // Other turns, not merely the same turns written otherwise.
                t[0] += 1;
                decided = true;
            } else if let Some(text) = &chosen_text {
                // The same turns: play the chosen one in both.
                let at = other.iter().find(|m| move_text(engine, m) == *text);
                if let Some(m) = at {
                    engine.play_unchecked(&mut alt, &m.clone());
                    if !same_position(&alt, &after) {
                        t[2] += 1;
                        decided = true;
                    }
                }
            }
            if decided {
                t[3] += 1;
                in_game[k] = true;
            }
        }
        game.charge(work);
        let Some(m) = chosen else { break };
        game.play(&m, false);
    }
    for (k, fired) in in_game.into_iter().enumerate() {
        tally[k][4] += u64::from(fired);
    }
    Ok(positions)
}

/// Plays `games` seeded random games of the full game (game i from seed
/// `seed + i`, as `ludus playout --seed` plays it) on `threads` threads
/// and measures every item; the tallies only add up, so the result does
/// not depend on the number of threads. `progress` is called with the
/// games each batch adds.
pub fn measure(
    plan: &Plan,
    games: u64,
    seed: u64,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Coverage, CoverageError> {
    let n = plan.items.len();
    let next = AtomicU64::new(0);
    let stop_at = AtomicU64::new(u64::MAX);
    let first_error: Mutex<Option<(u64, Stopped)>> = Mutex::new(None);
    let work = || {
        let mut tally: Tally = vec![[0; 5]; n];
        let mut positions = 0;
        loop {
            let from = next.fetch_add(BATCH, Ordering::Relaxed);
            if from >= games || from >= stop_at.load(Ordering::Relaxed) {
                return (tally, positions);
            }
            let to = (from + BATCH).min(games);
            for i in from..to {
                let game_seed = seed.wrapping_add(i);
                match play_one(plan, game_seed, &mut tally) {
                    Ok(p) => positions += p,
                    Err(cause) => {
                        stop_at.fetch_min(i, Ordering::Relaxed);
                        let mut slot = first_error.lock().unwrap_or_else(|e| e.into_inner());
                        if slot.as_ref().is_none_or(|(j, _)| i < *j) {
                            *slot = Some((
                                i,
                                Stopped {
                                    seed: game_seed,
                                    cause,
                                },
                            ));
                        }
                        return (tally, positions);
                    }
                }
            }
            progress(to - from);
        }
    };
    let threads = threads.clamp(1, MAX_THREADS);
    let results: Vec<(Tally, u64)> = if threads == 1 {
        vec![work()]
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads).map(|_| s.spawn(work)).collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect()
        })
    };
    if let Some((_, stopped)) = first_error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(stopped.into());
    }
    let mut items = plan.items.clone();
    let mut positions = 0;
    for (tally, p) in results {
        positions += p;
        for (item, t) in items.iter_mut().zip(tally) {
            item.moves += t[0];
            item.result += t[1];
            item.position += t[2];
            item.decided += t[3];
            item.games += t[4];
        }
    }
    for (item, engine) in items.iter_mut().zip(&plan.without) {
        if engine.is_some() {
            item.status = if item.decided > 0 {
                Status::Fired
            } else {
                Status::NeverFired
            };
        }
    }
    Ok(Coverage {
        games,
        seed,
        positions,
        items,
    })
}
