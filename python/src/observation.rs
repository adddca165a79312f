//! The observation tensor, seen by one player (the observer's parts
//! first), as `float32`.
//!
//! **Grid games** (a board declared as a grid, without dice): planes
//! `[C, H, W]`, `H` the grid's ranks from the first player's side and `W`
//! its files from the left, one value per point of the grid; in order:
//!
//! | part | planes | values |
//! |---|---|---|
//! | `men` | `N·K` (N players) | 1 where a piece of (player, kind) stands, the observer's `K` planes first, then the players after him in turn order |
//! | `under` | `D·N·K`, in games with columns | 1 where the `d`-th piece under a column's top piece (`d` from 1 to `D`, the most pieces a column can hold under its top) is of (player, kind), observer first: planes `(d−1)·NK + (player·K + kind)` |
//! | `sites` | 1 | 1 on the grid's points that are sites of the board (a grid may keep only some) |
//! | `huffable` | 1, in games that huff | 1 on the pieces the player to move may huff |
//! | `hand` | `N·P`, `P` kinds placed from the hand | each plane filled with the pieces of (player, kind) in hand, observer first |
//! | `to_move` | 1 | filled with 1 when the observer is to move |
//! | `counters` | one per no-progress rule | filled with the turns counted (without a capture, without a man moving, each named counter) |
//!
//! **Other games** (dice games, boards of points and tracks): one flat
//! vector:
//!
//! | part | shape | values |
//! |---|---|---|
//! | `men` | `[2, K, S]` | men of (player, kind) on each site: 0/1 on grids, the stack's count in dice games; the observer's planes first |
//! | `pinned` | `[2, S]` | 1 where a man of that player lies pinned (games with `pin blots`), observer first |
//! | `huffable` | `[S]` | 1 on the pieces the player to move may huff |
//! | `to_move` | `[2]` | 1 for the player to move (observer first); both 0 at chance and terminal nodes |
//! | `dice` | `[MAX_DICE]` | the faces thrown for the turn (the sum, first, for summed dice), 0 where none (or a die showing 0) |
//! | `counters` | `[2 + MAX_COUNTERS]` | turns without a capture, turns without a man moving, then each further no-progress counter |

use crate::Shared;
use ludus::engine::{Engine, State};
use ludus::ir::{EndRule, MAX_COUNTERS, MAX_DICE, Obligation};

/// Where the tensor's parts lie.
pub struct Layout {
    /// `(name, offset, shape)` of each part.
    pub parts: Vec<(&'static str, usize, Vec<usize>)>,
    /// The tensor's shape: `[C, H, W]` for grid games, `[n]` otherwise.
    pub shape: Vec<usize>,
    /// Grid games: per site, its index `h·W + w` in a plane.
    cells: Option<Vec<usize>>,
    /// Grid games: the counters with a plane, as slots of
    /// `State::counters`.
    counters: Vec<usize>,
}

impl Layout {
    /// The layout of the engine's game.
    pub fn new(engine: &Engine) -> Layout {
        let game = engine.game();
        // Planes hold at most one piece a site.
        let grid = game.board.grid.as_ref().filter(|_| !engine.stacks());
        let s = engine.sites();
        let k = game.kinds.len();
        let Some(grid) = grid.filter(|_| game.board.sites.iter().all(|x| x.coord.is_some())) else {
            return Layout::flat(s, k);
        };
        let (h, w) = (grid.ranks.len(), grid.files.len());
        let cells = game
            .board
            .sites
            .iter()
            .map(|x| {
                let (col, row) = x.coord.expect("checked above");
                row as usize * w + col as usize
            })
            .collect();
        let huffs = game.rules.capture == Obligation::Huff;
        let placed = game.kinds.iter().filter(|x| x.place.is_some()).count();
        // The slots of the engine's counters shown: the first (`quiet`)
        // where an end rule reads it, then every further one.
        let first = game
            .end
            .iter()
            .any(|rule| matches!(rule, EndRule::NoCapture(_) | EndRule::NoMove(..)));
        let counters: Vec<usize> = (usize::from(!first)..engine.counter_labels().len()).collect();
        let n = game.players.len();
        let planes: [(&'static str, usize); 7] = [
            ("men", n * k),
            ("under", under_depth(engine) * n * k),
            ("sites", 1),
            ("huffable", usize::from(huffs)),
            ("hand", n * placed),
            ("to_move", 1),
            ("counters", counters.len()),
        ];
        let mut parts = Vec::new();
        let mut c = 0;
        for (name, n) in planes.into_iter().filter(|(_, n)| *n > 0) {
            parts.push((name, c * h * w, vec![n, h, w]));
            c += n;
        }
        Layout {
            parts,
            shape: vec![c, h, w],
            cells: Some(cells),
            counters,
        }
    }

    fn flat(s: usize, k: usize) -> Layout {
        let parts: [(&'static str, Vec<usize>); 6] = [
            ("men", vec![2, k, s]),
            ("pinned", vec![2, s]),
            ("huffable", vec![s]),
            ("to_move", vec![2]),
            ("dice", vec![MAX_DICE]),
            ("counters", vec![2 + MAX_COUNTERS]),
        ];
        let mut offset = 0;
        let parts: Vec<_> = parts
            .into_iter()
            .map(|(name, shape)| {
                let at = offset;
                offset += shape.iter().product::<usize>();
                (name, at, shape)
            })
            .collect();
        Layout {
            parts,
            shape: vec![offset],
            cells: None,
            counters: Vec::new(),
        }
    }

    /// The tensor's length.
    pub fn size(&self) -> usize {
        self.shape.iter().product()
    }

    fn offset(&self, part: &str) -> Option<usize> {
        self.parts.iter().find(|p| p.0 == part).map(|p| p.1)
    }
}

/// The most pieces a column can hold under its top piece (every piece of
/// the setup but one), in a game with columns; 0 otherwise.
fn under_depth(engine: &Engine) -> usize {
    if !engine.has_columns() {
        return 0;
    }
    let start = engine.start();
    let pieces: usize = start.counts.iter().map(|&n| usize::from(n)).sum();
    pieces.saturating_sub(1).min(ludus::engine::COLUMN - 1)
}

/// The tensor of `st` seen by `observer`; `to_move` is the player to move
/// at a decision node, `None` elsewhere.
pub fn tensor(shared: &Shared, st: &State, observer: usize, to_move: Option<usize>) -> Vec<f32> {
    match &shared.layout.cells {
        Some(cells) => planes(shared, cells, st, observer, to_move),
        None => flat(shared, st, observer, to_move),
    }
}

fn planes(
    shared: &Shared,
    cells: &[usize],
    st: &State,
    observer: usize,
    to_move: Option<usize>,
) -> Vec<f32> {
    let layout = &shared.layout;
    let engine = &shared.engine;
    let game = engine.game();
    let k = game.kinds.len();
    let plane = layout.shape[1] * layout.shape[2];
    let mut out = vec![0f32; layout.size()];
    // Planes are ordered from the observer, then the players after him in
    // turn order.
    let n = game.players.len();
    let rel = |player: usize| (player + n - observer) % n;
    let sites_at = layout.offset("sites").expect("every grid has sites");
    for (site, &cell) in cells.iter().enumerate() {
        if let Some((owner, kind)) = st.piece(site) {
            out[(rel(owner) * k + kind) * plane + cell] = 1.0;
        }
        if let Some(at) = layout.offset("under") {
            for (d, c) in engine.below(st, site).enumerate() {
                let (owner, kind) = (usize::from(c >> 4), usize::from(c & 15));
                out[at + ((d * n + rel(owner)) * k + kind) * plane + cell] = 1.0;
            }
        }
        out[sites_at + cell] = 1.0;
        if let Some(at) = layout.offset("huffable")
            && site < 128
            && st.offenders & (1u128 << site) != 0
        {
            out[at + cell] = 1.0;
        }
    }
    let mut fill = |at: usize, value: f32| out[at..at + plane].fill(value);
    if let Some(at) = layout.offset("hand") {
        let placed = (0..k).filter(|&x| game.kinds[x].place.is_some());
        for (i, kind) in placed.enumerate() {
            for player in 0..n {
                let value = f32::from(st.hand[player][kind]);
                fill(at + (n * i + rel(player)) * plane, value);
            }
        }
    }
    if to_move == Some(observer) {
        fill(layout.offset("to_move").expect("always there"), 1.0);
    }
    if let Some(at) = layout.offset("counters") {
        for (i, &slot) in layout.counters.iter().enumerate() {
            fill(at + i * plane, st.counters[slot] as f32);
        }
    }
    out
}

fn flat(shared: &Shared, st: &State, observer: usize, to_move: Option<usize>) -> Vec<f32> {
    let engine = &shared.engine;
    let s = engine.sites();
    let k = engine.game().kinds.len();
    let mut out = vec![0f32; shared.layout.size()];
    // Planes are ordered from the observer.
    let rel = |player: usize| usize::from(player != observer);
    for site in 0..s {
        if let Some((owner, kind)) = st.piece(site) {
            out[(rel(owner) * k + kind) * s + site] = f32::from(engine.men(st, site));
        } else if engine.sows() {
            // Seeds are nobody's: their counts fill the first plane.
            out[site] = f32::from(st.stack[site]);
        }
        if engine.pins()
            && let Some(owner) = engine.pinned_man(st, site)
        {
            out[2 * k * s + rel(owner) * s + site] = 1.0;
        }
        if site < 128 && st.offenders & (1u128 << site) != 0 {
            out[(2 * k + 2) * s + site] = 1.0;
        }
    }
    let mut at = (2 * k + 3) * s;
    if let Some(p) = to_move {
        out[at + rel(p)] = 1.0;
    }
    at += 2;
    for (i, &d) in st.dice.iter().enumerate() {
        out[at + i] = f32::from(ludus::ir::shown_value(d));
    }
    at += MAX_DICE;
    // Turns without a capture, turns in which no man moved, then the
    // further counters: the engine's first counter is one of the two.
    for (slot, label) in engine.counter_labels().iter().enumerate() {
        let i = match slot {
            0 if label == "quiet" => 0,
            0 => 1,
            n => n + 1,
        };
        out[at + i] = st.counters[slot] as f32;
    }
    out
}
