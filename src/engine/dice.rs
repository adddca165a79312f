//! Dice games: men advance along their owner's track by the pips of a die.
//!
//! A turn is every die move of a roll, searched depth first in place. The
//! complete turns are filtered by the game's obligations, and turns that
//! reach the same position are kept once.

use super::{Engine, MAX_STEPS, Move, NONE, State, Step, bit, cell};
use crate::ir::{self, Compare, EndResult, EndRule, Game, MAX_DICE, Priority, Whose};

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

/// A condition with its region names resolved to indices of per-player
/// site masks, and each comparison folded into `sum of terms + constant`
/// compared with zero.
#[derive(Clone, Debug)]
pub(super) enum Cond {
    Or(Box<[Cond]>),
    And(Box<[Cond]>),
    Not(Box<Cond>),
    HereIn(usize),
    HereVulnerable,
    /// `men here + constant` compared with zero: the common landing test,
    /// kept apart from [`Cond::Test`] because it is judged so often.
    HereCount {
        opponent: bool,
        constant: i64,
        op: Compare,
    },
    Test {
        terms: Box<[(i64, Term)]>,
        constant: i64,
        op: Compare,
    },
}

/// A count in a condition; `true` means the opponent's men, regions are
/// indices into [`Tables::regions`]. `MenIn` reads the region of the player
/// whose men it counts (the opponent's bar for `opponent men in bar`); the
/// other terms read the regions of the player the condition is judged for.
#[derive(Clone, Copy, Debug)]
pub(super) enum Term {
    MenHere(bool),
    MenIn(bool, usize),
    OwnPoints(usize),
    OpenPoints(usize),
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
    /// Per player, per region: its sites.
    pub regions: Vec<Vec<u128>>,
    forbid: Vec<Cond>,
    /// Named conditions under which the player passes his turn.
    pass: Vec<(String, Cond)>,
    bear_off: Option<Cond>,
    overshoot_rearmost: bool,
    play: Vec<Priority>,
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
        let regions: Vec<Vec<u128>> = game
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
            vulnerable_run: rules.vulnerable_run,
            hit_to: zone(&rules.hit_to),
            first_from: zone(&rules.first_from),
            ends,
            ends_see_runs,
            landing_sees_runs,
        })
    }
}

/// Whether a condition looks at vulnerable runs.
fn sees_runs(c: &Cond) -> bool {
    match c {
        Cond::Or(p) | Cond::And(p) => p.iter().any(sees_runs),
        Cond::Not(c) => sees_runs(c),
        Cond::HereVulnerable => true,
        Cond::Test { terms, .. } => terms.iter().any(|(_, t)| matches!(t, Term::OpenPoints(_))),
        Cond::HereIn(_) | Cond::HereCount { .. } => false,
    }
}

/// The sites a condition reads when judged for player `me`, with
/// `regions` every player's region masks; every site where it depends on
/// vulnerable runs or a landing site.
fn reads(c: &Cond, regions: &[Vec<u128>], me: usize, vulnerable: bool) -> u128 {
    match c {
        Cond::Or(p) | Cond::And(p) => p
            .iter()
            .fold(0, |m, c| m | reads(c, regions, me, vulnerable)),
        Cond::Not(c) => reads(c, regions, me, vulnerable),
        Cond::HereIn(_) | Cond::HereVulnerable | Cond::HereCount { .. } => u128::MAX,
        Cond::Test { terms, .. } => terms.iter().fold(0, |m, (_, t)| {
            m | match *t {
                Term::MenHere(_) => u128::MAX,
                Term::OpenPoints(_) if vulnerable => u128::MAX,
                Term::MenIn(opponent, r) => regions[me ^ usize::from(opponent)][r],
                Term::OwnPoints(r) | Term::OpenPoints(r) => regions[me][r],
            }
        }),
    }
}

fn compile(c: &ir::Cond, names: &[&str]) -> Cond {
    let region = |r: &str| names.iter().position(|n| *n == r).unwrap_or(0);
    match c {
        ir::Cond::Or(p) => Cond::Or(p.iter().map(|c| compile(c, names)).collect()),
        ir::Cond::And(p) => Cond::And(p.iter().map(|c| compile(c, names)).collect()),
        ir::Cond::Not(c) => Cond::Not(Box::new(compile(c, names))),
        ir::Cond::HereIn(r) => Cond::HereIn(region(r)),
        ir::Cond::HereVulnerable => Cond::HereVulnerable,
        ir::Cond::Compare(a, op, b) => {
            let mut terms = Vec::new();
            let mut constant = 0;
            let sides = a.iter().map(|t| (1, t)).chain(b.iter().map(|t| (-1, t)));
            for (sign, t) in sides {
                let opponent = |w: &Whose| *w == Whose::Opponent;
                match t {
                    ir::Term::Number(n) => constant += sign * i64::from(*n),
                    ir::Term::MenHere(w) => terms.push((sign, Term::MenHere(opponent(w)))),
                    ir::Term::MenIn(w, r) => {
                        terms.push((sign, Term::MenIn(opponent(w), region(r))))
                    }
                    ir::Term::OwnPoints(r) => terms.push((sign, Term::OwnPoints(region(r)))),
                    ir::Term::OpenPoints(r) => terms.push((sign, Term::OpenPoints(region(r)))),
                }
            }
            match terms.as_slice() {
                [(1, Term::MenHere(opponent))] => Cond::HereCount {
                    opponent: *opponent,
                    constant,
                    op: *op,
                },
                _ => Cond::Test {
                    terms: terms.into(),
                    constant,
                    op: *op,
                },
            }
        }
    }
}

/// Compares a value with zero.
fn compare(value: i64, op: Compare) -> bool {
    match op {
        Compare::Ge => value >= 0,
        Compare::Le => value <= 0,
        Compare::Ne => value != 0,
        Compare::Gt => value > 0,
        Compare::Lt => value < 0,
        Compare::Eq => value == 0,
    }
}

/// The value of a count for player `me`, with `here` the landing site and
/// `regions` every player's region masks.
fn count(
    st: &State,
    term: Term,
    me: usize,
    here: u8,
    vulnerable: u128,
    regions: &[Vec<u128>],
) -> i64 {
    let side = |opponent: bool| me ^ usize::from(opponent);
    let mut total = 0;
    match term {
        Term::MenHere(opponent) => {
            if here != NONE {
                total = men(st, here, side(opponent));
            }
        }
        Term::MenIn(opponent, r) => {
            let who = side(opponent);
            let mut mask = regions[who][r];
            while mask != 0 {
                total += men(st, mask.trailing_zeros() as u8, who);
                mask &= mask - 1;
            }
        }
        Term::OwnPoints(r) => {
            let mut mask = regions[me][r];
            while mask != 0 {
                total += i32::from(men(st, mask.trailing_zeros() as u8, me) > 0);
                mask &= mask - 1;
            }
        }
        Term::OpenPoints(r) => {
            let mut mask = regions[me][r];
            while mask != 0 {
                let s = mask.trailing_zeros() as u8;
                let open = st.cells[s as usize] == NONE
                    || men(st, s, 1 - me) == 1
                    || vulnerable & bit(s) != 0;
                total += i32::from(open);
                mask &= mask - 1;
            }
        }
    }
    i64::from(total)
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

    /// Sites of `player`'s runs of closed points longer than the game allows.
    #[inline]
    fn vulnerable(&self, st: &State, player: usize) -> u128 {
        match self.tables().vulnerable_run {
            Some(limit) => self.runs_longer_than(st, player, limit),
            None => 0,
        }
    }

    fn runs_longer_than(&self, st: &State, player: usize, limit: u32) -> u128 {
        let (mut found, mut run, mut run_len) = (0u128, 0u128, 0);
        for &site in &self.tables().points[player] {
            if men(st, site, player) >= 2 {
                run |= bit(site);
                run_len += 1;
            } else {
                if run_len > limit {
                    found |= run;
                }
                run = 0;
                run_len = 0;
            }
        }
        if run_len > limit {
            found |= run;
        }
        found
    }

    fn holds(&self, st: &State, c: &Cond, me: usize, here: u8, vulnerable: u128) -> bool {
        match c {
            Cond::Or(p) => p.iter().any(|c| self.holds(st, c, me, here, vulnerable)),
            Cond::And(p) => p.iter().all(|c| self.holds(st, c, me, here, vulnerable)),
            Cond::Not(c) => !self.holds(st, c, me, here, vulnerable),
            Cond::HereIn(r) => here != NONE && self.tables().regions[me][*r] & bit(here) != 0,
            Cond::HereVulnerable => here != NONE && vulnerable & bit(here) != 0,
            Cond::HereCount {
                opponent,
                constant,
                op,
            } => {
                let men = if here == NONE {
                    0
                } else {
                    men(st, here, me ^ usize::from(*opponent))
                };
                compare(i64::from(men) + constant, *op)
            }
            Cond::Test {
                terms,
                constant,
                op,
            } => {
                let regions = &self.tables().regions;
                let mut value = *constant;
                for &(sign, term) in terms.iter() {
                    value += sign * count(st, term, me, here, vulnerable, regions);
                }
                compare(value, *op)
            }
        }
    }

    /// The end rule that holds after a die move, judged for the player who
    /// moved and then for his opponent.
    ///
    /// Only conditions that read a site in `changed` are judged: the others
    /// held no more after the die move than before it.
    pub(super) fn dice_outcome(
        &self,
        st: &State,
        mover: usize,
        changed: u128,
    ) -> Option<(usize, EndResult, u8)> {
        let t = self.tables();
        for who in [mover, 1 - mover] {
            let vulnerable = if t.ends_see_runs {
                self.vulnerable(st, 1 - who)
            } else {
                0
            };
            for (cond, result, points, reads) in &t.ends {
                if reads[who] & changed != 0 && self.holds(st, cond, who, NONE, vulnerable) {
                    return Some((who, *result, *points));
                }
            }
        }
        None
    }

    /// The name of the game's pass rule that makes the player to move pass
    /// his turn, if one holds.
    pub fn pass_rule(&self, st: &State) -> Option<&str> {
        let t = self.tables.as_ref()?;
        let player = st.to_move as usize;
        let vulnerable = self.vulnerable(st, 1 - player);
        t.pass
            .iter()
            .find(|(_, c)| self.holds(st, c, player, NONE, vulnerable))
            .map(|(name, _)| name.as_str())
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

    /// Fills `out` with the complete turns of the roll in `st.dice`; with
    /// `all`, every route (sequence of die moves) rather than one turn per
    /// position. Past a limit, `out` keeps what was found before it.
    pub(super) fn dice_turns(
        &self,
        st: &mut State,
        out: &mut Vec<Move>,
        all: bool,
    ) -> Result<(), TooManyTurns> {
        out.clear();
        let player = st.to_move as usize;
        let (dice, n) = self.dice_to_play(st);
        if n == 0 {
            return Ok(());
        }
        if self.pass_rule(st).is_some() {
            out.push(Move {
                mover: player as u8,
                key: self.position_key(st),
                ..Move::PASS
            });
            return Ok(());
        }
        let key = self.position_key(st);
        MEMO.with_borrow_mut(|memo| {
            memo.clear();
            let mut turn = Turn {
                player,
                dice,
                m: Move::PASS,
                out: &mut *out,
                memo: (!all).then_some(&mut *memo),
                overflow: None,
            };
            self.search(st, &mut turn, n, key);
            let overflow = turn.overflow;
            self.obligations(out);
            out.sort_unstable_by_key(|m| m.rank);
            if !all {
                // One turn per resulting position: the first in rank order.
                memo.clear();
                out.retain(|m| matches!(memo.nodes.entry(m.key, 0, usize::MAX), Entry::Added));
            }
            overflow.map_or(Ok(()), Err)
        })
    }

    /// What decides the die moves of `player` from a position.
    fn options(&self, st: &State, player: usize) -> Options {
        let t = self.tables();
        let track = &t.track[player];
        let last = track.len().saturating_sub(1);
        let vulnerable = if t.landing_sees_runs {
            self.vulnerable(st, 1 - player)
        } else {
            0
        };
        let bearing_off = t
            .bear_off
            .as_ref()
            .is_some_and(|c| self.holds(st, c, player, NONE, vulnerable));
        let must_leave = t.first_from.as_ref().map_or(NONE, |z| z[player]);
        let must_leave = if must_leave != NONE && men(st, must_leave, player) > 0 {
            must_leave
        } else {
            NONE
        };
        // The man furthest back on the track, the first position included
        // (a zone or, on a track that starts on the board, a point).
        let rearmost = (0..last).find(|&i| men(st, track[i], player) > 0);
        Options {
            vulnerable,
            bearing_off,
            must_leave,
            rearmost,
        }
    }

    /// Whether a man of `player` may leave the site at track position `from`.
    #[inline]
    fn may_leave(&self, st: &State, player: usize, o: &Options, site: u8) -> bool {
        men(st, site, player) > 0 && (o.must_leave == NONE || site == o.must_leave)
    }

    /// Where a man of `player` at track position `from` goes with `die`,
    /// if he may: the site and the track position (the last for bearing off).
    #[inline(always)]
    fn landing(
        &self,
        st: &State,
        player: usize,
        o: &Options,
        from: usize,
        die: u8,
    ) -> Option<(u8, usize)> {
        let t = self.tables();
        let track = &t.track[player];
        let last = track.len() - 1;
        let target = from + die as usize;
        if target < last {
            let to = track[target];
            (!self.forbidden(st, player, to, o.vulnerable)).then_some((to, target))
        } else if o.bearing_off
            && (target == last || t.overshoot_rearmost && o.rearmost == Some(from))
        {
            Some((track[last], last))
        } else {
            None
        }
    }

    /// Whether `player` can play any of `dice` from the position.
    fn can_move(&self, st: &State, player: usize, dice: &[u8]) -> bool {
        let track = &self.tables().track[player];
        let o = self.options(st, player);
        (0..track.len().saturating_sub(1)).any(|from| {
            self.may_leave(st, player, &o, track[from])
                && dice
                    .iter()
                    .any(|&d| self.landing(st, player, &o, from, d).is_some())
        })
    }

    /// Plays die move `k` of `turn`'s dice (one of the first `n`) from track
    /// position `from` to `to` (at track position `target`), records it in
    /// the turn's move and returns what undoes it and the new position key.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn advance(
        &self,
        st: &mut State,
        player: usize,
        dice: &mut [u8; MAX_DIE_MOVES],
        m: &mut Move,
        (k, n): (usize, usize),
        (from, target): (usize, usize),
        to: u8,
        key: u64,
    ) -> (Undo, u64) {
        let site = self.tables().track[player][from];
        let die = dice[k];
        let (hit, victims, delta) = self.die_move(st, player, site, to);
        let len = m.len as usize;
        m.steps[len] = Step {
            from: site,
            to,
            over: hit,
            die,
        };
        m.len += 1;
        let rank = m.rank;
        // Presentation order: the mover's track positions, die move by die move.
        let pair = (from as u128) << 8 | target as u128;
        m.rank |= pair << (16 * (MAX_DIE_MOVES - 1 - len));
        dice.swap(k, n - 1);
        let changed = bit(site) | bit(to) | if hit == NONE { 0 } else { bit(hit) };
        m.ends = self.dice_outcome(st, player, changed).is_some();
        let undo = Undo {
            site,
            to,
            hit,
            victims,
            rank,
            k,
            n,
        };
        (undo, key ^ delta)
    }

    /// Takes back what [`Engine::advance`] did.
    #[inline(always)]
    fn retreat(
        &self,
        st: &mut State,
        player: usize,
        dice: &mut [u8; MAX_DIE_MOVES],
        m: &mut Move,
        u: Undo,
    ) {
        dice.swap(u.k, u.n - 1);
        m.len -= 1;
        m.steps[m.len as usize] = Step::NONE;
        m.rank = u.rank;
        m.ends = false;
        self.undo_die_move(st, player, u.site, u.to, u.hit, u.victims);
    }

    /// Searches the die moves from a position reached with `n` dice left,
    /// in presentation order: track position first, then the die.
    fn search(&self, st: &mut State, turn: &mut Turn, n: usize, key: u64) {
        if turn.overflow.is_some() {
            return;
        }
        if let Some(memo) = turn.memo.as_deref_mut() {
            match memo
                .nodes
                .entry(key ^ dice_signature(&turn.dice[..n]), 0, MAX_SEARCH)
            {
                Entry::Found(_) => return,
                Entry::Added => {}
                Entry::Full => {
                    turn.overflow = Some(TooManyTurns::Search);
                    return;
                }
            }
        }
        let player = turn.player;
        let track = &self.tables().track[player];
        let last = track.len().saturating_sub(1);
        let o = self.options(st, player);
        let (distinct, kinds) = distinct(&turn.dice[..n]);
        let mut moved = false;
        // An index loop: measurably fewer instructions than `enumerate`.
        #[allow(clippy::needless_range_loop)]
        for from in 0..last {
            if !self.may_leave(st, player, &o, track[from]) {
                continue;
            }
            for &die in &distinct[..kinds] {
                let Some((to, target)) = self.landing(st, player, &o, from, die) else {
                    continue;
                };
                moved = true;
                let k = turn.dice[..n].iter().position(|&d| d == die).unwrap_or(0);
                let (undo, key) = self.advance(
                    st,
                    player,
                    &mut turn.dice,
                    &mut turn.m,
                    (k, n),
                    (from, target),
                    to,
                    key,
                );
                if turn.m.ends || n == 1 {
                    turn.record(key);
                } else {
                    self.search(st, turn, n - 1, key);
                }
                self.retreat(st, player, &mut turn.dice, &mut turn.m, undo);
            }
        }
        if !moved {
            turn.record(key);
        }
    }

    /// Dice games: the die moves the player to move can play first, before
    /// the obligations.
    pub fn first_die_moves(&self, st: &State) -> Vec<Step> {
        let mut found = Vec::new();
        if self.tables.is_none() || self.pass_rule(st).is_some() {
            return found;
        }
        let player = st.to_move as usize;
        let track = &self.tables().track[player];
        let (dice, n) = self.dice_to_play(st);
        let (distinct, kinds) = distinct(&dice[..n]);
        let o = self.options(st, player);
        for (from, &site) in track.iter().enumerate().take(track.len().saturating_sub(1)) {
            if !self.may_leave(st, player, &o, site) {
                continue;
            }
            for &die in &distinct[..kinds] {
                if let Some((to, _)) = self.landing(st, player, &o, from, die) {
                    found.push(Step {
                        from: site,
                        to,
                        over: NONE,
                        die,
                    });
                }
            }
        }
        found
    }

    /// Dice games: the turns of `legal` (the legal turns of `st`, as
    /// [`Engine::try_legal_moves`] lists them) that a route of die moves
    /// reaches, when `matches(i, step)` tells which die moves may be the
    /// route's `i`-th of its first `len`. With `exact` the route is those
    /// die moves alone, a whole turn; otherwise it may go on in any legal way.
    ///
    /// Die moves are walked one by one, never every route of the roll, so
    /// this is cheap whatever the roll.
    pub fn turns_by_route(
        &self,
        st: &State,
        legal: &[Move],
        len: usize,
        exact: bool,
        matches: &mut dyn FnMut(usize, &Step) -> bool,
    ) -> Result<Vec<Move>, TooManyTurns> {
        let mut walk = Walk {
            legal,
            by_key: legal.iter().enumerate().map(|(i, m)| (m.key, i)).collect(),
            len,
            exact,
            matches,
            found: Vec::new(),
        };
        if self.tables.is_none() || len > MAX_DIE_MOVES || self.pass_rule(st).is_some() {
            return Ok(walk.found);
        }
        let (mut dice, n) = self.dice_to_play(st);
        if n == 0 {
            return Ok(walk.found);
        }
        let mut m = Move {
            mover: st.to_move,
            ..Move::PASS
        };
        let key = self.position_key(st);
        self.walk(&mut st.clone(), &mut walk, &mut dice, &mut m, n, key)?;
        Ok(walk.found)
    }

    fn walk(
        &self,
        st: &mut State,
        w: &mut Walk,
        dice: &mut [u8; MAX_DIE_MOVES],
        m: &mut Move,
        n: usize,
        key: u64,
    ) -> Result<(), TooManyTurns> {
        let player = m.mover as usize;
        if m.len as usize == w.len {
            if m.ends || n == 0 || w.exact && !self.can_move(st, player, &dice[..n]) {
                self.accept(w, &Move { key, ..*m });
            } else if !w.exact {
                // Every way the turn may go on from here.
                let mut leaves = Vec::new();
                let overflow = MEMO.with_borrow_mut(|memo| {
                    memo.clear();
                    let mut turn = Turn {
                        player,
                        dice: *dice,
                        m: *m,
                        out: &mut leaves,
                        memo: Some(memo),
                        overflow: None,
                    };
                    self.search(st, &mut turn, n, key);
                    turn.overflow
                });
                if let Some(e) = overflow {
                    return Err(e);
                }
                for leaf in &leaves {
                    self.accept(w, leaf);
                }
            }
            return Ok(());
        }
        if m.ends || n == 0 {
            return Ok(());
        }
        let track = &self.tables().track[player];
        let o = self.options(st, player);
        let (distinct, kinds) = distinct(&dice[..n]);
        for (from, &site) in track.iter().enumerate().take(track.len().saturating_sub(1)) {
            if !self.may_leave(st, player, &o, site) {
                continue;
            }
            for &die in &distinct[..kinds] {
                let Some((to, target)) = self.landing(st, player, &o, from, die) else {
                    continue;
                };
                let step = Step {
                    from: site,
                    to,
                    over: NONE,
                    die,
                };
                if !(w.matches)(m.len as usize, &step) {
                    continue;
                }
                let k = dice[..n].iter().position(|&d| d == die).unwrap_or(0);
                let (undo, key) =
                    self.advance(st, player, dice, m, (k, n), (from, target), to, key);
                let walked = self.walk(st, w, dice, m, n - 1, key);
                self.retreat(st, player, dice, m, undo);
                walked?;
            }
        }
        Ok(())
    }

    /// Notes the listed turn that a complete route `leaf` amounts to, if the
    /// obligations allow the route.
    fn accept(&self, w: &mut Walk, leaf: &Move) {
        // The turns the obligations keep share their measures, except turns
        // that end the game, which are kept whatever they measure.
        let allowed = leaf.ends
            || w.legal.iter().find(|m| !m.ends).is_some_and(|kept| {
                let t = self.tables();
                t.play
                    .iter()
                    .all(|p| self.measure(*p, kept) == self.measure(*p, leaf))
            });
        if allowed
            && let Some(&i) = w.by_key.get(&leaf.key)
            && !w.found.contains(&w.legal[i])
        {
            w.found.push(w.legal[i]);
        }
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

    /// What an obligation measures of a turn.
    fn measure(&self, priority: Priority, m: &Move) -> u32 {
        let pos = &self.tables().position;
        let steps = m.steps();
        match priority {
            Priority::MostDice => steps.len() as u32,
            Priority::LargerDie => steps.iter().map(|s| s.die as u32).max().unwrap_or(0),
            Priority::MostPips => steps
                .iter()
                .map(|s| {
                    let p = m.mover as usize;
                    (pos[p][s.to as usize] - pos[p][s.from as usize]) as u32
                })
                .sum(),
        }
    }

    /// Keeps the turns the obligations allow, in the game's priority order.
    /// A turn that ends the game is legal whatever they would ask of the dice
    /// it leaves unplayed, and it counts like any other: a turn that wins
    /// with more dice or pips rules out the turns with fewer.
    fn obligations(&self, out: &mut Vec<Move>) {
        for &priority in &self.tables().play {
            let best = out.iter().map(|m| self.measure(priority, m)).max();
            if let Some(best) = best {
                out.retain(|m| m.ends || self.measure(priority, m) == best);
            }
        }
    }

    /// Plays the die moves of a turn and passes the dice on.
    pub(super) fn play_dice(&self, st: &mut State, m: &Move) {
        let player = st.to_move as usize;
        for s in m.steps() {
            self.die_move(st, player, s.from, s.to);
        }
        st.idle = if m.len == 0 { st.idle + 1 } else { 0 };
        st.dice = [0; MAX_DICE];
        st.to_move = 1 - st.to_move;
    }

    /// A hash of what stands where, for telling turns apart by their result.
    pub(super) fn position_key(&self, st: &State) -> u64 {
        (0..st.cells.len()).fold(0, |h, s| h ^ self.site_key(s, st.cells[s], st.stack[s]))
    }
}

/// What decides the die moves from a position: see [`Engine::options`].
struct Options {
    vulnerable: u128,
    bearing_off: bool,
    /// The site the mover must leave first, or [`NONE`].
    must_leave: u8,
    /// The track position of the mover's rearmost man on the board.
    rearmost: Option<usize>,
}

/// What undoes a die move: see [`Engine::advance`].
struct Undo {
    site: u8,
    to: u8,
    hit: u8,
    victims: u8,
    rank: u128,
    k: usize,
    n: usize,
}

/// The distinct dice of `dice`, smallest first, and how many there are.
fn distinct(dice: &[u8]) -> ([u8; MAX_DIE_MOVES], usize) {
    let mut out = [0u8; MAX_DIE_MOVES];
    let mut kinds = 0;
    for &d in dice {
        let mut i = kinds;
        while i > 0 && out[i - 1] > d {
            i -= 1;
        }
        if i > 0 && out[i - 1] == d {
            continue;
        }
        out.copy_within(i..kinds, i + 1);
        out[i] = d;
        kinds += 1;
    }
    (out, kinds)
}

/// A turn being searched: the die moves so far and where turns are recorded.
struct Turn<'a> {
    player: usize,
    /// The dice not yet played come first.
    dice: [u8; MAX_DIE_MOVES],
    m: Move,
    out: &'a mut Vec<Move>,
    /// The positions searched and turns found; `None` records every route.
    memo: Option<&'a mut Memo>,
    /// The limit the search ran into, if any: it then stops.
    overflow: Option<TooManyTurns>,
}

impl Turn<'_> {
    /// Records the die moves so far as a complete turn leading to `key`.
    ///
    /// Of the routes to one position that the obligations cannot tell
    /// apart (the same number of dice, largest die and end of the game),
    /// only the first in presentation order is kept.
    #[inline]
    fn record(&mut self, key: u64) {
        if self.overflow.is_some() {
            return;
        }
        let m = Move {
            mover: self.player as u8,
            key,
            ..self.m
        };
        let Some(memo) = self.memo.as_deref_mut() else {
            if self.out.len() >= MAX_TURNS {
                self.overflow = Some(TooManyTurns::Routes);
            } else {
                self.out.push(m);
            }
            return;
        };
        let die = m.steps().iter().map(|s| s.die).max().unwrap_or(0);
        let mut measures = u64::from(m.len) | u64::from(die) << 8 | u64::from(m.ends) << 16;
        match memo.turns.entry(
            key ^ super::splitmix(&mut measures),
            self.out.len() as u32,
            MAX_TURNS,
        ) {
            Entry::Found(i) => {
                let kept = &mut self.out[i as usize];
                if m.rank < kept.rank {
                    *kept = m;
                }
            }
            Entry::Added => self.out.push(m),
            Entry::Full => self.overflow = Some(TooManyTurns::Turns),
        }
    }
}

/// A route being walked: see [`Engine::turns_by_route`].
struct Walk<'a> {
    legal: &'a [Move],
    /// Index in `legal` of each resulting position.
    by_key: std::collections::HashMap<u64, usize>,
    len: usize,
    exact: bool,
    matches: &'a mut dyn FnMut(usize, &Step) -> bool,
    found: Vec<Move>,
}

/// The tables of one roll's search.
struct Memo {
    /// The positions searched, each with the dice left to play.
    nodes: Table,
    /// The turns found, by resulting position and what the obligations
    /// measure: the value is the turn's index in the output.
    turns: Table,
}

impl Memo {
    fn clear(&mut self) {
        self.nodes.clear();
        self.turns.clear();
    }
}

/// A hash map from 64-bit keys to 32-bit values, emptied at once by a new
/// stamp, and grown as needed up to the limit each insertion states. It
/// keeps its size from roll to roll, so a search allocates nothing once
/// the tables have grown to the game's needs.
struct Table {
    keys: Vec<u64>,
    values: Vec<u32>,
    stamps: Vec<u32>,
    stamp: u32,
    len: usize,
}

/// What [`Table::entry`] found.
enum Entry {
    /// The key was there, with this value.
    Found(u32),
    /// The key is new, and now noted.
    Added,
    /// The key is new, and the table holds as many keys as allowed.
    Full,
}

/// The slots of a table when first used.
const FIRST_SLOTS: usize = 1 << 12;

impl Table {
    const fn new() -> Table {
        Table {
            keys: Vec::new(),
            values: Vec::new(),
            stamps: Vec::new(),
            stamp: 0,
            len: 0,
        }
    }

    fn clear(&mut self) {
        if self.keys.is_empty() {
            self.keys = vec![0; FIRST_SLOTS];
            self.values = vec![0; FIRST_SLOTS];
            self.stamps = vec![0; FIRST_SLOTS];
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamps.fill(0);
            self.stamp = 1;
        }
        self.len = 0;
    }

    /// The slot of `key`, or the empty slot where it would go.
    #[inline]
    fn slot(&self, key: u64) -> usize {
        let mask = self.keys.len() - 1;
        let mut i = (key ^ key >> 32) as usize & mask;
        while self.stamps[i] == self.stamp && self.keys[i] != key {
            i = (i + 1) & mask;
        }
        i
    }

    /// Looks `key` up; if it is new and fewer than `limit` keys are held,
    /// notes it with `value`.
    #[inline]
    fn entry(&mut self, key: u64, value: u32, limit: usize) -> Entry {
        let mut i = self.slot(key);
        if self.stamps[i] == self.stamp {
            return Entry::Found(self.values[i]);
        }
        if self.len >= limit {
            return Entry::Full;
        }
        // At most half full, so that probes stay short.
        if 2 * (self.len + 1) > self.keys.len() {
            self.grow();
            i = self.slot(key);
        }
        self.stamps[i] = self.stamp;
        self.keys[i] = key;
        self.values[i] = value;
        self.len += 1;
        Entry::Added
    }

    fn grow(&mut self) {
        let slots = self.keys.len() * 2;
        let keys = std::mem::replace(&mut self.keys, vec![0; slots]);
        let values = std::mem::replace(&mut self.values, vec![0; slots]);
        let stamps = std::mem::replace(&mut self.stamps, vec![0; slots]);
        for ((key, value), stamp) in keys.into_iter().zip(values).zip(stamps) {
            if stamp == self.stamp {
                let i = self.slot(key);
                self.stamps[i] = stamp;
                self.keys[i] = key;
                self.values[i] = value;
            }
        }
    }
}

thread_local! {
    static MEMO: std::cell::RefCell<Memo> = const {
        std::cell::RefCell::new(Memo {
            nodes: Table::new(),
            turns: Table::new(),
        })
    };
}

/// A hash of a multiset of dice, whatever their order.
fn dice_signature(dice: &[u8]) -> u64 {
    dice.iter().fold(0u64, |h, &d| {
        let mut seed = u64::from(d);
        h.wrapping_add(super::splitmix(&mut seed))
    })
}
