//! The engine: a checked game compiled into dense tables, a compact state,
//! move generation, play and outcome.
//!
//! Move generation and play never allocate (the caller owns the move
//! buffer) and never touch the board graph: every neighbour, jump and
//! promotion site is looked up in flat arrays built once by [`Engine::new`].

use crate::ir::{EndRule, Game, MAX_COUNTERS, MAX_DICE, Obligation};

mod actions;
mod again;
mod bits;
mod choice;
mod condition;
mod dice;
mod found;
mod grid;
mod lines;
mod outcome;
mod progress;
mod rays;
mod sides;
mod state;
mod turn;
mod turns;

pub use condition::compare;
pub(crate) use dice::Root;
pub use dice::{MAX_DIE_MOVES, MAX_SEARCH, MAX_TURNS, MAX_WORK, TooManyTurns};
pub use state::{State, cell};
pub use turn::{Move, Step};

/// Marks an empty site or an absent site in a move.
pub const NONE: u8 = u8::MAX;

/// The site a placement comes from: the mover's hand.
pub const HAND: u8 = u8::MAX - 2;

/// The most kinds of piece a game has (a cell keeps its kind in 4 bits).
pub const MAX_KINDS: usize = 16;

/// Marks, in the middle of a capture chain, a piece already taken that
/// stays on the board until the move ends (`captured removed at end`): not
/// empty, so it blocks, and nobody's, so it is not jumped again.
const TAKEN: u8 = u8::MAX - 1;

/// The most steps a move can hold (landings of a chain, or die moves); the
/// checker refuses any game whose chains could need more.
pub use crate::ir::MAX_STEPS;

/// How a game ended, or that it goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// One player won.
    Decisive {
        /// The winner's index.
        winner: usize,
        /// Points scored: 1 for a single game, 2 for a double.
        points: u8,
    },
    /// Nobody won.
    Draw,
}

fn bit(site: u8) -> u128 {
    1u128 << site
}

/// A span of a flat table.
#[derive(Clone, Copy, Default)]
struct Range {
    start: u32,
    len: u32,
}

/// A checked game compiled for play.
pub struct Engine {
    game: Game,
    sites: usize,
    /// The mask of every site.
    all_sites: u128,
    kinds: usize,
    /// Per (player, kind, site): its near steps and jumps, with masks.
    lines: lines::Lines,
    /// Per (player, kind): promotion target, the sites where it happens,
    /// whether it ends a capture chain (`then stop`), and whether it waits
    /// for the end of the move (`at end`).
    promote: Vec<(u8, u128, bool, bool)>,
    /// Whether some promotion waits for the end of the move.
    promote_at_end: bool,
    /// The long-range (`far`) lines, precomputed as rays.
    rays: rays::Rays,
    /// Whether far captures follow `capture lands where it goes on` or
    /// `chain never turns back` (searched by [`Engine::fly_ruled`]).
    ruled_flight: bool,
    /// What a captured piece leaves on its site until the chain is undone:
    /// [`NONE`] (removed at once) or [`TAKEN`] (removed at the end: it
    /// blocks and cannot be jumped again).
    taken: u8,
    zobrist: Vec<u64>,
    /// Per site: the landings that some piece reaches by jumping over two
    /// different sites, so a capture's landings alone may not name it.
    ambiguous_landings: Vec<u128>,
    /// The rules of dice games, compiled.
    tables: Option<dice::Tables>,
    /// Per slot of [`State::counters`]: whether a capture resets it, and
    /// the mask of the kinds whose moves do.
    counter_resets: Vec<(bool, u16)>,
    /// Their names, as positions write them (`no capture or man move`).
    counter_labels: Vec<String>,
    /// The slots of [`State::counters`] that count only while a condition
    /// holds (`NAME: ... while CONDITION`), with their conditions and the
    /// most pieces on the board of each side with which each may hold.
    counter_while: Vec<(u8, condition::Condition, [u32; 2])>,
    /// The most pieces on the board of the judged player and of his
    /// opponent with which any of them may hold: above them none is judged.
    while_most: [u32; 2],
    /// Per slot of [`State::counters`]: 0 for a counter with `while`, all
    /// ones for the others, so that one `and` sets the former to 0.
    while_clear: [u32; MAX_COUNTERS],
    /// Per slot of [`State::counters`] counting `while` a condition holds:
    /// the fewest turns of its end rules; `u32::MAX` for the other slots.
    while_due: [u32; MAX_COUNTERS],
    /// The end rules but those of the counters with `while`, by index:
    /// those judged while no such counter is due.
    end_fast: Box<[usize]>,
    /// Whether the end rules have neither conditions nor counters with
    /// `while` (every dice game, and most others).
    outcome_plain: bool,
    /// Whether the rules of `end_fast` read only the pieces, whether the
    /// player has a move and conditions (`NoPieces`, `NoMoves`, `When`):
    /// judged by a loop of their own (see `outcome.rs`).
    end_simple: bool,
    /// With `end_simple`: while each player has more pieces on the board
    /// than this and the player to move has a move, no rule of
    /// `end_fast` holds (255 where that is not known).
    end_floor: u8,
    /// Per end rule: its slot of [`State::counters`], [`NONE`] for
    /// `quiet` (or for a rule without a counter).
    end_counter: Vec<u8>,
    /// Whether the game ends on a repeated position (keeps a history).
    repetition: bool,
    /// Whether the game has a `no moves` end rule.
    no_moves_rule: bool,
    /// Whether [`Engine::count_turns`] counts the steps instead of
    /// listing them (see [`Engine::steps_countable`]).
    steps_countable: bool,
    /// Games without dice: the phases, actions and effects beyond the
    /// pieces' lines (`place`, `fly`, `when`, `line of N removes ...`).
    actions: Option<Box<actions::Actions>>,
    /// Games without dice: per end rule, its condition compiled (`NAME:
    /// CONDITION => RESULT`), else `None`.
    end_conditions: Vec<Option<condition::Condition>>,
    /// Games without dice: the `forbid` rules, judged for each move with
    /// its origin and final landing site (see [`Engine::forbids`]).
    forbid: Box<[condition::Condition]>,
    /// Games without dice: the game's `evaluate: SUM`, compiled.
    evaluate: Option<condition::Condition>,
    /// Games without dice: the `pass` rules, judged for the player to
    /// move; where one holds, his one turn is to pass.
    pass: Box<[condition::Condition]>,
    /// A game without dice with actions or counters that run `while` a
    /// condition holds: its moves are played by the extended play.
    extended: bool,
    /// A game without dice and without the extended play: its moves are
    /// played by the plain grid play, chosen by this one test.
    plain_grid: bool,
    /// The `again` rules: the extra turn a turn played may earn.
    again: Option<Box<again::Again>>,
    /// A game with actions whose steps could be counted (see
    /// [`Engine::steps_countable`]): `Actions::count` counts its turns.
    actions_countable: bool,
    /// A game without dice with actions but no counters with `while`, no
    /// `again`, no huff, no `return forbidden` and no repetition rule: its
    /// moves are played by the extended play compiled without those.
    lean_actions: bool,
}

/// A game without dice's named rule conditions (`forbid`, `pass`),
/// compiled; none in a dice game, whose search judges its own.
fn grid_rules(game: &Game, rules: &[(String, crate::ir::Cond)]) -> Box<[condition::Condition]> {
    match game.dice {
        Some(_) => Box::new([]),
        None => rules
            .iter()
            .map(|(_, c)| condition::Condition::compile(game, c))
            .collect(),
    }
}

impl Engine {
    /// Compiles a checked game.
    pub fn new(game: Game) -> Engine {
        let sites = game.board.sites.len();
        let kinds = game.kinds.len();
        let players = game.players.len();
        let board = &game.board;
        // neighbour[site][direction]
        let dirs = board.directions.len();
        let mut neighbour = vec![None; sites * dirs];
        for l in &board.links {
            neighbour[l.from * dirs + l.direction] = Some(l.to);
        }
        let mut promote = Vec::new();
        let mut rays = rays::Rays::default();
        let mut lines = lines::Lines::default();
        for p in 0..players {
            for (k, kind) in game.kinds.iter().enumerate() {
                for s in 0..sites {
                    rays.add_site(kind, p, s, &neighbour, dirs);
                    lines.add_site((k, kind), p, s, (&neighbour, dirs), &board.lines);
                }
                promote.push(match &kind.promote {
                    Some(pr) => (
                        pr.to as u8,
                        pr.sites[p].iter().fold(0u128, |m, &s| m | bit(s as u8)),
                        pr.ends_chain,
                        pr.at_end,
                    ),
                    None => (NONE, 0, false, false),
                });
            }
        }
        let mut ambiguous_landings = vec![0u128; sites];
        for i in 0..lines.near.len() {
            let jumps = lines.jumps(i);
            for (a, &(over, land)) in jumps.iter().enumerate() {
                if jumps[..a].iter().any(|&(o, l)| l == land && o != over) {
                    ambiguous_landings[i % sites] |= bit(land);
                }
            }
        }
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        // Per site and owner, per count; the player to move; per site (huff
        // and memory); per site, a pinned man (dice games).
        let zobrist: Vec<u64> = (0..sites * 2 * 16 + 2 + 2 * sites)
            .map(|_| splitmix(&mut seed))
            .collect();
        let tables = dice::Tables::new(&game, &zobrist);
        let (counter_resets, counter_labels, end_counter, counter_while) =
            progress::counters(&game);
        let mut while_due = [u32::MAX; MAX_COUNTERS];
        let mut end_fast = Vec::new();
        for (i, rule) in game.end.iter().enumerate() {
            let slot = usize::from(end_counter[i]);
            match rule {
                EndRule::NoProgress { turns, .. }
                    if counter_while.iter().any(|w| usize::from(w.0) == slot) =>
                {
                    while_due[slot] = while_due[slot].min(*turns);
                }
                _ => end_fast.push(i),
            }
        }
        let repetition = game
            .end
            .iter()
            .any(|e| matches!(e, EndRule::Repetition(..)));
        let mut engine = Engine {
            sites,
            all_sites: u128::MAX >> (128 - sites.clamp(1, 128)),
            kinds,
            lines,
            promote_at_end: promote.iter().any(|p| p.3),
            promote,
            rays,
            ruled_flight: game.rules.land_going_on || game.rules.never_turn_back,
            taken: if game.rules.removal_at_end {
                TAKEN
            } else {
                NONE
            },
            zobrist,
            ambiguous_landings,
            tables,
            counter_resets,
            counter_labels,
            while_most: counter_while
                .iter()
                .fold([0; 2], |m, w| [m[0].max(w.2[0]), m[1].max(w.2[1])]),
            while_clear: std::array::from_fn(|i| {
                if counter_while.iter().any(|w| usize::from(w.0) == i) {
                    0
                } else {
                    u32::MAX
                }
            }),
            outcome_plain: counter_while.is_empty()
                && !(game.dice.is_none()
                    && game.end.iter().any(|e| matches!(e, EndRule::When { .. }))),
            counter_while,
            while_due,
            end_simple: end_fast.iter().all(|&i| {
                matches!(
                    game.end[i],
                    EndRule::NoPieces(_) | EndRule::NoMoves(_) | EndRule::When { .. }
                )
            }),
            end_fast: end_fast.into(),
            end_counter,
            repetition,
            no_moves_rule: game.end.iter().any(|e| matches!(e, EndRule::NoMoves(_))),
            steps_countable: false,
            actions: actions::Actions::new(&game).map(Box::new),
            actions_countable: false,
            lean_actions: false,
            end_floor: u8::MAX,
            extended: false,
            plain_grid: false,
            again: again::Again::new(&game).map(Box::new),
            end_conditions: game
                .end
                .iter()
                .map(|e| match e {
                    EndRule::When { cond, .. } if game.dice.is_none() => {
                        Some(condition::Condition::compile(&game, cond))
                    }
                    _ => None,
                })
                .collect(),
            forbid: grid_rules(&game, &game.rules.forbid),
            pass: grid_rules(&game, &game.rules.pass),
            evaluate: match game.dice {
                Some(_) => None,
                None => game
                    .rules
                    .evaluate
                    .as_ref()
                    .map(|c| condition::Condition::compile(&game, c)),
            },
            game,
        };
        // A game with actions counts its turns its own way (`Actions::count`).
        let countable = engine.steps_countable();
        engine.steps_countable = engine.actions.is_none() && countable;
        engine.actions_countable = countable;
        engine.extended = engine.actions.is_some() || !engine.counter_while.is_empty();
        engine.plain_grid = engine.tables.is_none() && !engine.extended && engine.again.is_none();
        engine.lean_actions = engine.tables.is_none()
            && engine.actions.is_some()
            && engine.counter_while.is_empty()
            && engine.again.is_none()
            && engine.game.rules.capture != Obligation::Huff
            && !engine.game.rules.no_return
            && !engine.repetition;
        if engine.end_simple {
            // A condition holds for neither player while both have more
            // pieces than it allows the judged player.
            engine.end_floor = (engine.end_fast.iter())
                .map(|&i| match &engine.end_conditions[i] {
                    Some(c) if matches!(engine.game.end[i], EndRule::When { .. }) => c.most()[0],
                    _ => 0,
                })
                .max()
                .unwrap_or(0);
        }
        engine
    }

    /// The game this engine plays.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Number of sites on the board.
    pub fn sites(&self) -> usize {
        self.sites
    }

    /// The start position.
    pub fn start(&self) -> State {
        let mut st = self.empty_state();
        for pl in &self.game.setup {
            st.cells[pl.site] = cell(pl.player, pl.kind);
            st.counts[pl.player] += pl.count;
            if let Some(n) = st.stack.get_mut(pl.site) {
                *n = pl.count;
            }
            if self.game.rules.no_return {
                st.visited[pl.site] = bit(pl.site as u8);
            }
        }
        for h in &self.game.hand {
            st.hand[h.player][h.kind] += h.count;
        }
        self.sync_occupied(&mut st);
        self.begin_history(&mut st);
        st
    }

    /// A board with nothing on it, White to move.
    pub fn empty_state(&self) -> State {
        let memory = if self.game.rules.no_return {
            self.sites
        } else {
            0
        };
        State {
            cells: vec![NONE; self.sites],
            visited: vec![0; memory],
            counts: [0; 2],
            to_move: 0,
            quiet: 0,
            offenders: 0,
            stack: if self.tables.is_some() {
                vec![0; self.sites]
            } else {
                Vec::new()
            },
            dice: [0; MAX_DICE],
            idle: 0,
            again: 0,
            chosen: false,
            climbing: false,
            counters: [0; MAX_COUNTERS],
            history: Vec::new(),
            turns: [0; 2],
            pinned: 0,
            hand: [[0; MAX_KINDS]; 2],
            occupied: [0; 2],
            work: 0,
        }
    }

    /// Whether some piece jumping from `from` may land on `to` over either of
    /// two sites: then a capture is named by what it takes, not only where
    /// it lands (see [`crate::notation::move_text`]).
    pub fn landing_is_ambiguous(&self, from: u8, to: u8) -> bool {
        self.ambiguous_landings
            .get(from as usize)
            .is_some_and(|&m| m & bit(to) != 0)
    }

    /// Dice games: the latest turn of a player that the game's limits name
    /// (each player's turns are counted up to it; 0: they are not counted).
    pub fn turns_counted(&self) -> u8 {
        self.tables.as_ref().map_or(0, |t| t.turn_cap)
    }

    /// Whether a turn may earn its mover another (`again` rules).
    pub fn has_again(&self) -> bool {
        self.again.is_some()
    }

    /// Whether the game is played with dice (see [`Engine::roll`]).
    pub fn has_dice(&self) -> bool {
        self.tables.is_some()
    }

    /// Dice games: the site at each position of `player`'s track.
    pub fn track(&self, player: usize) -> &[u8] {
        self.tables.as_ref().map_or(&[], |t| &t.track[player])
    }

    /// Dice games: the second zone at the start of `player`'s track
    /// (`start or bar, ...`), at position 0 like `track(player)[0]`.
    pub fn second_start(&self, player: usize) -> Option<usize> {
        let t = self.tables.as_ref()?;
        let s = t.second_start[player];
        (s != NONE).then_some(s as usize)
    }

    /// Dice games: the position of `site` on `player`'s track.
    pub fn track_position(&self, player: usize, site: usize) -> Option<usize> {
        let t = self.tables.as_ref()?;
        let p = t.position[player][site];
        (p != NONE).then_some(p as usize)
    }

    /// Men on a site: the stack in dice games, else 0 or 1.
    pub fn men(&self, st: &State, site: usize) -> u8 {
        match st.stack.get(site) {
            Some(&n) => n,
            None => u8::from(st.cells[site] != NONE),
        }
    }

    /// Dice games: every sequence of die moves the roll allows, after the
    /// obligations, including sequences that reach the same position; an
    /// error past [`MAX_TURNS`] of them (`out` then holds those found).
    pub fn all_sequences(&self, st: &mut State, out: &mut Vec<Move>) -> Result<(), TooManyTurns> {
        if self.tables.is_some() {
            self.dice_turns(st, out, true)
        } else {
            self.legal_moves(st, out);
            Ok(())
        }
    }

    fn table(&self, player: usize, kind: usize, site: usize) -> usize {
        (player * self.kinds + kind) * self.sites + site
    }

    fn jumps(&self, player: usize, kind: usize, site: usize) -> &[(u8, u8)] {
        self.lines.jumps(self.table(player, kind, site))
    }

    /// The kind a piece becomes on arriving at `site` where its move ends.
    fn arrive(&self, player: usize, kind: usize, site: u8) -> usize {
        let (to, sites, _, _) = self.promote[player * self.kinds + kind];
        if to != NONE && sites & bit(site) != 0 {
            to as usize
        } else {
            kind
        }
    }

    /// The kind a piece becomes on landing at `site` in a capture chain, and
    /// whether that promotion ends the chain; a promotion `at end` waits.
    fn arrive_in_chain(&self, player: usize, kind: usize, site: u8) -> (usize, bool) {
        let (to, sites, stops, at_end) = self.promote[player * self.kinds + kind];
        if to != NONE && sites & bit(site) != 0 && !at_end {
            (to as usize, stops)
        } else {
            (kind, false)
        }
    }

    fn visited(&self, st: &State, site: usize) -> u128 {
        if self.game.rules.no_return {
            st.visited[site]
        } else {
            0
        }
    }

    /// Fills `out` with every legal complete turn of the player to move.
    ///
    /// The state is used as scratch space and restored before returning.
    /// With no move at all, `out` holds a single pass when the game has no
    /// `no moves` end rule, and is left empty otherwise.
    ///
    /// In a dice game a roll can have more turns than the engine lists
    /// ([`MAX_TURNS`], [`MAX_SEARCH`]); `out` then holds only those found
    /// before the limit. Wherever a position may come from a person, use
    /// [`Engine::try_legal_moves`], which says so.
    pub fn legal_moves(&self, st: &mut State, out: &mut Vec<Move>) {
        let _ = self.try_legal_moves(st, out);
    }

    /// [`Engine::legal_moves`], or an error when a dice roll has more turns
    /// than the engine lists. Only dice games can fail; it allocates no
    /// more than `legal_moves`.
    pub fn try_legal_moves(&self, st: &mut State, out: &mut Vec<Move>) -> Result<(), TooManyTurns> {
        if self.tables.is_some() {
            return self.dice_turns(st, out, false);
        }
        let player = st.to_move as usize;
        if self.pass.iter().any(|c| c.holds(st, player)) {
            out.clear();
            out.push(Move::PASS);
            return Ok(());
        }
        let mut found = found::Found::new(out);
        self.turns_after_huff(st, NONE, &mut found);
        let mut offenders = st.offenders;
        let opp = 1 - st.to_move as usize;
        while offenders != 0 {
            let h = offenders.trailing_zeros() as u8;
            offenders &= offenders - 1;
            let piece = st.cells[h as usize];
            st.cells[h as usize] = NONE;
            st.occupied[opp] &= !bit(h);
            st.counts[opp] -= 1;
            if st.counts[opp] == 0 {
                found.push(&Move {
                    huff: h,
                    ..Move::EMPTY
                });
            } else {
                self.turns_after_huff(st, h, &mut found);
            }
            st.counts[opp] += 1;
            st.cells[h as usize] = piece;
            st.occupied[opp] |= bit(h);
        }
        found.finish();
        if !self.game.rules.play.is_empty() {
            turns::obligations(&self.game.rules.play, out);
        }
        if let Some(actions) = &self.actions {
            actions.extend(self, st, out);
            if !self.forbid.is_empty() {
                out.retain(|m| !self.forbids(st, m));
            }
        }
        if out.is_empty() && !self.no_moves_rule {
            out.push(Move::PASS);
        }
        Ok(())
    }

    /// Plays a move known to be legal. Never allocates.
    pub fn play_unchecked(&self, st: &mut State, m: &Move) {
        // Most games without dice, by one test, as before the extended play.
        if self.plain_grid {
            return self.play_grid::<false, false, false>(st, m);
        }
        self.play_other(st, m)
    }

    /// A move of a dice game, or of a game with the extended play: with
    /// actions (`place`, `line of N`), counters with `while`, or both.
    fn play_other(&self, st: &mut State, m: &Move) {
        if self.lean_actions {
            return self.play_grid::<true, false, true>(st, m);
        }
        if self.tables.is_some() {
            return self.play_dice(st, m);
        }
        let mover = st.to_move as usize;
        match (self.actions.is_some(), self.counter_while.is_empty()) {
            (true, true) => self.play_grid::<true, false, false>(st, m),
            (false, _) => self.play_grid::<false, true, false>(st, m),
            (true, false) => self.play_grid::<true, true, false>(st, m),
        }
        if let Some(again) = &self.again {
            again.after_grid_turn(st, mover, m);
        }
    }

    /// A move of a game without dice; with `ACTIONS` (a game with `place`
    /// or `line of N`), also a placement from the hand and the removal a
    /// completed line earns; with `WHILE` (a counter that runs `while` a
    /// condition holds), those counters; with `LEAN` (a game that
    /// `lean_actions` names), without the offenders of a huff rule, the
    /// memory of `return forbidden` and the repetition key, which such a
    /// game never needs. Compiled once for each, so that other games run the loop
    /// they ran before.
    #[inline(always)]
    fn play_grid<const ACTIONS: bool, const WHILE: bool, const LEAN: bool>(
        &self,
        st: &mut State,
        m: &Move,
    ) {
        let player = st.to_move as usize;
        let opp = 1 - player;
        let rules = &self.game.rules;
        let mut progress = false;
        // Which conditions of the counters with `while` hold before the turn.
        let held = if WHILE { self.while_held(st) } else { 0 };
        // The kind of the piece that moves, as the move starts.
        let moved = if ACTIONS && m.places() {
            m.kind_after
        } else if m.len > 0 {
            st.cells[m.from() as usize] & 15
        } else {
            NONE
        };
        if m.huff != NONE {
            self.remove(st, m.huff, opp);
            progress = true;
        }
        let mut offenders = 0;
        if ACTIONS && m.places() {
            let to = m.steps[0].to;
            st.hand[player][m.kind_after as usize] -= 1;
            st.cells[to as usize] = cell(player, m.kind_after as usize);
            st.occupied[player] |= bit(to);
            st.counts[player] += 1;
            if !LEAN && rules.no_return {
                st.visited[to as usize] = bit(to);
            }
        } else if m.len > 0 {
            if !LEAN && rules.capture == Obligation::Huff && !m.capture {
                offenders = self.capturers(st, player);
            }
            let from = m.from();
            st.cells[from as usize] = NONE;
            st.occupied[player] &= !bit(from);
            let mut memory = if LEAN {
                0
            } else {
                self.visited(st, from as usize)
            };
            for step in m.steps() {
                if step.over != NONE {
                    self.remove(st, step.over, opp);
                }
                memory |= bit(step.to);
            }
            let to = m.steps[m.len as usize - 1].to;
            st.cells[to as usize] = cell(player, m.kind_after as usize);
            st.occupied[player] |= bit(to);
            if !LEAN && rules.no_return {
                st.visited[from as usize] = 0;
                st.visited[to as usize] = memory;
            }
            if offenders & bit(from) != 0 {
                offenders = offenders & !bit(from) | bit(to);
            }
            if m.stopped_early {
                offenders |= bit(to);
            }
            progress |= m.capture;
        }
        if ACTIONS && m.remove != NONE {
            self.remove(st, m.remove, opp);
            progress = true;
        }
        st.quiet = if progress {
            0
        } else {
            st.quiet.saturating_add(1)
        };
        // With a repetition rule, what a plain step changed of the
        // position's key (see `count_turn`); 0 where it is worked out anew.
        let change =
            if !LEAN && self.repetition && !progress && m.len > 0 && !(ACTIONS && m.places()) {
                self.step_key_change(st, m, moved, offenders)
            } else {
                0
            };
        st.offenders = offenders;
        st.to_move = opp as u8;
        self.count_turn::<WHILE>(st, moved, progress, held, change);
    }

    /// Takes the piece of `owner` off `site`, with its memory.
    fn remove(&self, st: &mut State, site: u8, owner: usize) {
        st.cells[site as usize] = NONE;
        st.occupied[owner] &= !bit(site);
        st.counts[owner] -= 1;
        if self.game.rules.no_return {
            st.visited[site as usize] = 0;
        }
    }

    /// Plays `m` if it is legal; otherwise leaves the state unchanged.
    pub fn play(&self, st: &mut State, m: &Move) -> Result<(), IllegalMove> {
        let mut moves = Vec::new();
        self.legal_moves(st, &mut moves);
        if moves.contains(m) {
            self.play_unchecked(st, m);
            Ok(())
        } else {
            Err(IllegalMove)
        }
    }

    /// A 64-bit hash of everything that decides the legal moves and the
    /// outcome (the history aside: see [`Engine::repetition_key`]).
    pub fn hash(&self, st: &State) -> u64 {
        let mut h = self.zobrist[self.sites * 32 + st.to_move as usize]
            ^ u64::from(st.quiet).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ u64::from(st.again).wrapping_mul(0xc4ce_b9fe_1a85_ec53)
            ^ u64::from(st.chosen).wrapping_mul(0x94d0_49bb_1331_11eb)
            ^ u64::from(st.climbing).wrapping_mul(0xd6e8_feb8_6659_fd93);
        for (i, &c) in st.counters.iter().enumerate() {
            h ^= u64::from(c).wrapping_mul(self.zobrist[i + 3] | 1);
        }
        for (s, &c) in st.cells.iter().enumerate() {
            if c != NONE {
                h ^= self.zobrist[s * 32 + ((c >> 4) as usize) * 16 + (c & 15) as usize];
            }
        }
        if self.tables.is_some() {
            h ^= self.position_key(st);
            for (i, &d) in st.dice.iter().enumerate() {
                h ^= u64::from(d).wrapping_mul(self.zobrist[i + 1] | 1);
            }
            h ^= u64::from(st.idle).wrapping_mul(0xff51_afd7_ed55_8ccd);
            for (p, &n) in st.turns.iter().enumerate() {
                h ^= u64::from(n).wrapping_mul(self.zobrist[MAX_DICE + 1 + p] | 1);
            }
            return h;
        }
        for (p, kinds) in st.hand.iter().enumerate() {
            for (k, &n) in kinds.iter().enumerate() {
                if n > 0 {
                    let key = self.zobrist[(p * MAX_KINDS + k) % self.zobrist.len()] | 1;
                    h ^= u64::from(n).wrapping_mul(key.rotate_left(17));
                }
            }
        }
        let extra = self.sites * 32 + 2;
        for s in 0..self.sites {
            if st.offenders & bit(s as u8) != 0 {
                h ^= self.zobrist[extra + s];
            }
            if let Some(&v) = st.visited.get(s) {
                h ^= (v as u64 ^ (v >> 64) as u64).wrapping_mul(self.zobrist[extra + s] | 1);
            }
        }
        h
    }
}

/// A move that is not legal in the position it was played in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("illegal move")]
pub struct IllegalMove;

/// One step of the splitmix64 generator, used for fixed hash keys.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
