//! The rules core: what every game's rules compile to, whatever moves its
//! pieces. The board's size and the hash keys, the end rules, the
//! no-progress counters and the history of positions, the extra turns
//! (`again`), and the conditions of `forbid`, `pass` and `evaluate`. The
//! move generators ([`super::strategy`]) read it; the outcome
//! (`outcome.rs`) and the counting of a turn (`progress.rs`) are its
//! methods.

use super::rules::{Rules, Shared};
use super::state::COUNTER_SLOTS;
use super::{MAX_KINDS, NONE, State, TAKEN, again, bit, cell, condition, connect, progress};
use crate::ir::{EndRule, Game};
use crate::ir::{MAX_DICE, MAX_PLAYERS};

/// A checked game's rules, compiled once for every game.
pub struct Core {
    pub(super) game: Game,
    /// The number of players, who move in turn in file order.
    pub(super) players: usize,
    /// Per player, the one who moves after him.
    next: [u8; MAX_PLAYERS],
    pub(super) sites: usize,
    /// The mask of every site.
    pub(super) all_sites: u128,
    pub(super) kinds: usize,
    /// Random keys: per site, 16 per player (a piece of each kind); per
    /// player, to move; per site twice (huff and memory, a pinned man).
    pub(super) zobrist: Vec<u64>,
    /// The keys of [`Core::zobrist`] per site: 16 per player.
    pub(super) per_site: usize,
    /// Whether the game's moves are dice moves: its board keeps stacks of
    /// men, not [`State::occupied`].
    pub(super) dice: bool,
    /// Whether a site holds a count ([`State::stack`]): of men in a dice
    /// game, of seeds in a sowing game.
    pub(super) stacks: bool,
    /// Per slot of [`State::counters`]: whether a capture resets it, and
    /// the mask of the kinds whose moves do.
    pub(super) counter_resets: Vec<(bool, u16)>,
    /// The same per slot as one mask: a bit per kind whose moves reset
    /// it, and bit 16 where a capture does (see `Core::count_progress`;
    /// the first slot's are the family's, counted apart).
    pub(super) reset_masks: [u32; COUNTER_SLOTS],
    /// The slots in use, `counter_resets.len()`, kept beside the masks.
    pub(super) slots: u8,
    /// Their names, as positions write them (`no capture or man move`).
    pub(super) counter_labels: Vec<String>,
    /// The slots of [`State::counters`] that count only while a condition
    /// holds (`NAME: ... while CONDITION`), with their conditions and the
    /// most pieces on the board of each side with which each may hold.
    pub(super) counter_while: Vec<(u8, condition::Condition, [u32; 2])>,
    /// The most pieces on the board of the judged player and of his
    /// opponent with which any of them may hold: above them none is judged.
    pub(super) while_most: [u32; 2],
    /// Per slot of [`State::counters`]: 0 for a counter with `while`, all
    /// ones for the others, so that one `and` sets the former to 0.
    pub(super) while_clear: [u32; COUNTER_SLOTS],
    /// Per slot of [`State::counters`] counting `while` a condition holds:
    /// the fewest turns of its end rules; `u32::MAX` for the other slots.
    pub(super) while_due: [u32; COUNTER_SLOTS],
    /// The end rules but those of the counters with `while`, by index:
    /// those judged while no such counter is due.
    pub(super) end_fast: Box<[usize]>,
    /// How the end rules are judged: plainly where they have neither
    /// conditions nor counters with `while` (every dice game, and most
    /// others); see `outcome.rs`.
    pub(super) judge: super::outcome::Judge,
    /// Whether the rules of `end_fast` read only the pieces, whether the
    /// player has a move and conditions (`NoPieces`, `NoMoves`, `When`):
    /// judged by a loop of their own (see `outcome.rs`).
    pub(super) end_simple: bool,
    /// With `end_simple`: while each player has more pieces on the board
    /// than this and the player to move has a move, no rule of
    /// `end_fast` holds (255 where that is not known).
    pub(super) end_floor: u8,
    /// Per end rule: its slot of [`State::counters`], [`NONE`] for a
    /// rule without a counter.
    pub(super) end_counter: Vec<u8>,
    /// Whether the game ends on a repeated position (keeps a history).
    pub(super) repetition: bool,
    /// Whether the game has a `no moves` end rule.
    pub(super) no_moves_rule: bool,
    /// Whether the game has a `neither can move` end rule: a player
    /// without a move passes only where his opponent has one.
    pub(super) neither_rule: bool,
    /// Every rule condition, compiled once (see `rules.rs`).
    pub(super) rules: Rules,
    /// Games without dice: per end rule, its condition's fast form
    /// (`NAME: CONDITION => RESULT`), else `None`.
    pub(super) end_conditions: Vec<Option<condition::Condition>>,
    /// Games without dice: the `forbid` rules, judged for each move with
    /// its origin and final landing site (see `grid.rs`): those judged
    /// before the move, then from [`Core::forbid_after`] on those judged
    /// in the position after it (`after move`).
    pub(super) forbid: Box<[condition::Condition]>,
    /// Where the rules judged after the move start in [`Core::forbid`].
    pub(super) forbid_after: usize,
    /// Games without dice: the game's `evaluate: SUM`, compiled.
    pub(super) evaluate: Option<condition::Condition>,
    /// Games without dice: the `pass` rules, judged for the player to
    /// move; where one holds, his one turn is to pass.
    pub(super) pass: Box<[condition::Condition]>,
    /// The `again` rules: the extra turn a turn played may earn.
    pub(super) again: Option<Box<again::Again>>,
    /// Games without dice whose end rules read chains (`own connects A to
    /// B`): those rules, judged out of line (their
    /// [`Core::end_conditions`] are `None`); `None` in other games.
    pub(super) connections: Option<Box<connect::Connections>>,
    /// Sowing games: per site, the player whose seeds there are his (his
    /// store, the sites he sows from), [`NONE`] elsewhere; empty in other
    /// games.
    pub(super) seed_owner: Box<[u8]>,
}

/// Per site, the player whose seeds there count as his (see
/// [`Core::seed_owner`]): of each player, the sites he sows from and his
/// store; empty where nothing is sown.
fn seed_owners(game: &Game) -> Box<[u8]> {
    let Some(sow) = game.kinds.iter().find_map(|k| k.sow.as_ref()) else {
        return Box::new([]);
    };
    let mut owner = vec![NONE; game.board.sites.len()];
    for (p, _) in game.players.iter().enumerate() {
        for (whose, name) in [&sow.from, &sow.into] {
            for &s in game.region_sites(p, *whose, name) {
                owner[s] = p as u8;
            }
        }
    }
    owner.into()
}

/// The fast forms of a game without dice's rule conditions `conds`;
/// none in a dice game, whose search derives its own.
fn grid_rules<'a>(
    game: &Game,
    rules: &Rules,
    conds: impl IntoIterator<Item = &'a Shared>,
) -> Box<[condition::Condition]> {
    match game.tables_dice() {
        Some(_) => Box::new([]),
        None => conds
            .into_iter()
            .map(|c| condition::Condition::new(c, &rules.masks, game.kinds.len() as u8))
            .collect(),
    }
}

impl Core {
    /// Compiles the rules of a checked game.
    pub(super) fn new(game: Game) -> Core {
        let sites = game.board.sites.len();
        let kinds = game.kinds.len();
        let rules = Rules::new(&game);
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        // Per site and owner, per count; the player to move; per site (huff
        // and memory); per site, a pinned man (dice games).
        let players = game.players.len();
        let per_site = 16 * players;
        let mut zobrist: Vec<u64> = (0..sites * per_site + players + 2 * sites)
            .map(|_| super::splitmix(&mut seed))
            .collect();
        if game.rules.repeat_board {
            // `same board N times`: the player to move is no part of it.
            zobrist[sites * per_site..sites * per_site + players].fill(0);
        }
        let (counter_resets, counter_labels, end_counter, counter_while) =
            progress::counters(&game, &rules);
        let mut while_due = [u32::MAX; COUNTER_SLOTS];
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
        let connections = connect::Connections::of(&game, &rules).map(Box::new);
        let seed_owner = seed_owners(&game);
        let sown = !seed_owner.is_empty();
        let neither = (game.end.iter()).any(|e| matches!(e, EndRule::NeitherMoves(_)));
        let mut core = Core {
            players,
            next: std::array::from_fn(|p| ((p + 1) % players) as u8),
            per_site,
            sites,
            all_sites: u128::MAX >> (128 - sites.clamp(1, 128)),
            kinds,
            zobrist,
            dice: game.tables_dice().is_some(),
            stacks: game.tables_dice().is_some() || sown,
            reset_masks: std::array::from_fn(|i| {
                counter_resets.get(i).map_or(0, |&(capture, kinds)| {
                    u32::from(kinds) | u32::from(capture) << 16
                })
            }),
            slots: counter_resets.len() as u8,
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
            judge: Core::judge_for(
                counter_while.is_empty()
                    && !(game.tables_dice().is_none()
                        && game.end.iter().any(|e| matches!(e, EndRule::When { .. }))),
                neither,
                players,
            ),
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
            neither_rule: neither,
            end_floor: u8::MAX,
            again: again::Again::new(&game).map(Box::new),
            end_conditions: (rules.ends.iter().zip(&game.end).enumerate())
                .map(|(i, (c, e))| match e {
                    EndRule::When { .. } if !connections.as_ref().is_some_and(|j| j.judges(i)) => {
                        grid_rules(&game, &rules, c).into_vec().pop()
                    }
                    _ => None,
                })
                .collect(),
            connections,
            seed_owner,
            forbid: grid_rules(
                &game,
                &rules,
                rules.forbid.iter().chain(&rules.forbid_after),
            ),
            forbid_after: rules.forbid.len(),
            pass: grid_rules(&game, &rules, &rules.pass),
            evaluate: grid_rules(&game, &rules, &rules.evaluate).into_vec().pop(),
            rules,
            game,
        };
        // (The floor reads the first two players' pieces: a game of more
        // keeps none.)
        if core.end_simple && core.players == 2 {
            // A condition holds for neither player while both have more
            // pieces than it allows the judged player.
            core.end_floor = (core.end_fast.iter())
                .map(|&i| match &core.end_conditions[i] {
                    Some(c) if matches!(core.game.end[i], EndRule::When { .. }) => c.most()[0],
                    // A chain may join with any number of pieces.
                    None if core.connections.as_ref().is_some_and(|j| j.judges(i)) => u8::MAX,
                    _ => 0,
                })
                .max()
                .unwrap_or(0);
        }
        core
    }

    /// The game this engine plays.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Number of sites on the board.
    pub fn sites(&self) -> usize {
        self.sites
    }

    /// Men on a site: the stack in dice games, else 0 or 1.
    pub fn men(&self, st: &State, site: usize) -> u8 {
        match st.stack.get(site) {
            Some(&n) => n,
            None => u8::from(st.cells[site] != NONE),
        }
    }

    /// The player who moves after `player`.
    #[inline(always)]
    pub fn next_player(&self, player: usize) -> usize {
        usize::from(self.next[player])
    }

    /// The player who moved before `player`.
    #[inline(always)]
    pub fn previous_player(&self, player: usize) -> usize {
        if player == 0 {
            self.players - 1
        } else {
            player - 1
        }
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The sites of every player's pieces.
    #[inline(always)]
    pub fn taken(&self, st: &State) -> u128 {
        if self.players == 2 {
            st.occupied[0] | st.occupied[1]
        } else {
            every_players(st)
        }
    }

    /// Sets [`State::rest`] from [`State::occupied`] and the player to
    /// move: in a game of more than two players, whenever either changes
    /// other than by a turn of the engine's.
    #[inline(always)]
    pub fn sync_rest(&self, st: &mut State) {
        if self.players > 2 {
            rest_of(st);
        }
    }

    /// Whether a turn may earn its mover another (`again` rules).
    pub fn has_again(&self) -> bool {
        self.again.is_some()
    }

    /// Sets [`State::occupied`] from the cells, in games without dice
    /// (dice games keep it empty): for a state whose cells were written
    /// by hand, such as a position read from text.
    pub fn sync_occupied(&self, st: &mut State) {
        st.occupied = [0; MAX_PLAYERS];
        if self.dice {
            return;
        }
        for (s, &c) in st.cells.iter().enumerate() {
            if c != NONE && c != TAKEN {
                st.occupied[usize::from(c >> 4)] |= bit(s as u8);
            }
        }
        self.sync_rest(st);
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
        for &(site, count) in &self.game.seeds {
            st.stack[site] = count;
        }
        self.count_seeds(&mut st);
        for h in &self.game.hand {
            st.hand[h.player][h.kind] += h.count;
        }
        self.sync_occupied(&mut st);
        self.begin_history(&mut st);
        st
    }

    /// Sowing games: sets each player's count of pieces to his seeds (in
    /// his store and on the sites he sows from, [`Core::seed_owner`]).
    pub fn count_seeds(&self, st: &mut State) {
        if self.seed_owner.is_empty() {
            return;
        }
        st.counts = [0; MAX_PLAYERS];
        for (&owner, &n) in self.seed_owner.iter().zip(&st.stack) {
            if owner != NONE {
                st.counts[usize::from(owner)] += n;
            }
        }
    }

    /// A board with nothing on it, White to move.
    pub fn empty_state(&self) -> State {
        let memory = if self.game.rules.no_return || self.game.rules.columns {
            self.sites
        } else {
            0
        };
        State {
            cells: vec![NONE; self.sites],
            visited: vec![0; memory],
            counts: [0; MAX_PLAYERS],
            to_move: 0,
            offenders: 0,
            stack: if self.stacks {
                vec![0; self.sites]
            } else {
                Vec::new()
            },
            dice: [0; MAX_DICE],
            again: 0,
            chosen: false,
            climbing: false,
            counters: [0; COUNTER_SLOTS],
            history: Vec::new(),
            turns: [0; 2],
            pinned: 0,
            hand: [[0; MAX_KINDS]; MAX_PLAYERS],
            occupied: [0; MAX_PLAYERS],
            rest: 0,
            work: 0,
        }
    }
}

/// The sites of every player's pieces in a game of more than two, out of
/// line: the games of two read their two masks alone.
#[cold]
#[inline(never)]
fn every_players(st: &State) -> u128 {
    st.occupied.iter().fold(0, |all, o| all | o)
}

/// [`Core::sync_rest`] in a game of more than two players.
#[cold]
#[inline(never)]
fn rest_of(st: &mut State) {
    let mover = usize::from(st.to_move);
    st.rest = every_players(st) & !st.occupied[mover] & !st.occupied[mover ^ 1];
}
