//! Dice games: men advance along their owner's track by the pips of a die.
//!
//! A turn is every die move of a roll, searched depth first in place. The
//! complete turns are filtered by the game's obligations, and turns that
//! reach the same position are kept once.

use super::{Engine, Move, NONE, State, Step, bit, cell};
use crate::ir::{self, Compare, EndResult, EndRule, Game, Priority, Whose};

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
        constant: i32,
        op: Compare,
    },
    Test {
        terms: Box<[(i32, Term)]>,
        constant: i32,
        op: Compare,
    },
}

/// A count in a condition; `true` means the opponent's men, regions are
/// indices into [`Tables::regions`].
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
            let mut support = [0; 2];
            for (p, masks) in regions.iter().enumerate().take(2) {
                support[p] = reads(c, masks, rules.vulnerable_run.is_some());
            }
            support
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

/// The sites a condition reads for a player with region masks `regions`;
/// every site where it depends on vulnerable runs or a landing site.
fn reads(c: &Cond, regions: &[u128], vulnerable: bool) -> u128 {
    match c {
        Cond::Or(p) | Cond::And(p) => p.iter().fold(0, |m, c| m | reads(c, regions, vulnerable)),
        Cond::Not(c) => reads(c, regions, vulnerable),
        Cond::HereIn(_) | Cond::HereVulnerable | Cond::HereCount { .. } => u128::MAX,
        Cond::Test { terms, .. } => terms.iter().fold(0, |m, (_, t)| {
            m | match *t {
                Term::MenHere(_) => u128::MAX,
                Term::OpenPoints(_) if vulnerable => u128::MAX,
                Term::MenIn(_, r) | Term::OwnPoints(r) | Term::OpenPoints(r) => regions[r],
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
                    ir::Term::Number(n) => constant += sign * n,
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
fn compare(value: i32, op: Compare) -> bool {
    match op {
        Compare::Ge => value >= 0,
        Compare::Le => value <= 0,
        Compare::Ne => value != 0,
        Compare::Gt => value > 0,
        Compare::Lt => value < 0,
        Compare::Eq => value == 0,
    }
}

/// The value of a count for player `me`, with `here` the landing site.
fn count(st: &State, term: Term, me: usize, here: u8, vulnerable: u128, regions: &[u128]) -> i32 {
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
            let mut mask = regions[r];
            while mask != 0 {
                total += men(st, mask.trailing_zeros() as u8, who);
                mask &= mask - 1;
            }
        }
        Term::OwnPoints(r) => {
            let mut mask = regions[r];
            while mask != 0 {
                total += i32::from(men(st, mask.trailing_zeros() as u8, me) > 0);
                mask &= mask - 1;
            }
        }
        Term::OpenPoints(r) => {
            let mut mask = regions[r];
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
    total
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
        let track = &self.tables().track[player];
        let (mut found, mut run, mut run_len) = (0u128, 0u128, 0);
        // The zones at either end are not points of the board.
        for &site in &track[1..track.len() - 1] {
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
                compare(men + constant, *op)
            }
            Cond::Test {
                terms,
                constant,
                op,
            } => {
                let regions = &self.tables().regions[me];
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
    pub fn roll(&self, st: &mut State, rng: &mut crate::playout::Rng) {
        use rand::RngExt;
        if let Some(t) = &self.tables {
            st.dice = [0; 4];
            for d in st.dice.iter_mut().take(t.dice.count as usize) {
                *d = rng.random_range(1..=t.dice.faces);
            }
        }
    }

    /// The die moves a roll allows, with doubles counted twice where the game says so.
    fn dice_to_play(&self, st: &State) -> ([u8; 8], usize) {
        let t = self.tables();
        let thrown = &st.dice[..t.dice.count as usize];
        let mut dice = [0u8; 8];
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
    /// `all`, every sequence of die moves rather than one per position.
    pub(super) fn dice_turns(&self, st: &mut State, out: &mut Vec<Move>, all: bool) {
        out.clear();
        let player = st.to_move as usize;
        let (dice, n) = self.dice_to_play(st);
        if n == 0 {
            return;
        }
        if self.pass_rule(st).is_some() {
            out.push(Move {
                mover: player as u8,
                key: self.position_key(st),
                ..Move::PASS
            });
            return;
        }
        let key = self.position_key(st);
        SEEN.with_borrow_mut(|seen| {
            seen.next_turn();
            let mut turn = Turn {
                player,
                dice,
                m: Move::PASS,
                out: &mut *out,
                seen: (!all).then_some(&mut *seen),
            };
            self.search(st, &mut turn, n, key);
            self.obligations(out);
            out.sort_unstable_by_key(|m| m.rank);
            if !all {
                // One turn per resulting position: the first in rank order.
                seen.next_turn();
                out.retain(|m| seen.insert(m.key));
            }
        });
    }

    /// Searches the die moves from a position reached with `n` dice left.
    fn search(&self, st: &mut State, turn: &mut Turn, n: usize, key: u64) {
        if let Some(seen) = turn.seen.as_deref_mut()
            && !seen.insert(key ^ dice_signature(&turn.dice[..n]))
        {
            return;
        }
        let player = turn.player;
        let t = self.tables();
        let track = &t.track[player];
        let last = track.len() - 1;
        let mut moved = false;
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
        let rearmost = (1..last).find(|&i| men(st, track[i], player) > 0);
        for k in 0..n {
            let die = turn.dice[k];
            if turn.dice[..k].contains(&die) {
                continue;
            }
            for from in 0..last {
                let site = track[from];
                if men(st, site, player) == 0 || (must_leave != NONE && site != must_leave) {
                    continue;
                }
                let target = from + die as usize;
                let to = if target < last {
                    let to = track[target];
                    if self.forbidden(st, player, to, vulnerable) {
                        continue;
                    }
                    to
                } else if bearing_off
                    && (target == last || t.overshoot_rearmost && rearmost == Some(from))
                {
                    track[last]
                } else {
                    continue;
                };
                moved = true;
                let (hit, victims, delta) = self.die_move(st, player, site, to);
                let key = key ^ delta;
                let step = Step {
                    from: site,
                    to,
                    over: hit,
                    die,
                };
                let len = turn.m.len as usize;
                turn.m.steps[len] = step;
                turn.m.len += 1;
                let rank = turn.m.rank;
                if len < 8 {
                    // Presentation order: the mover's track positions, die move by die move.
                    let pair = (from as u128) << 8 | target.min(last) as u128;
                    turn.m.rank |= pair << (16 * (7 - len));
                }
                turn.dice.swap(k, n - 1);
                let changed = bit(site) | bit(to) | if hit == NONE { 0 } else { bit(hit) };
                match self.dice_outcome(st, player, changed) {
                    Some(_) => {
                        turn.m.ends = true;
                        turn.record(key);
                        turn.m.ends = false;
                    }
                    None if n > 1 => self.search(st, turn, n - 1, key),
                    None => turn.record(key),
                }
                turn.dice.swap(k, n - 1);
                turn.m.len -= 1;
                turn.m.steps[len] = Step::NONE;
                turn.m.rank = rank;
                self.undo_die_move(st, player, site, to, hit, victims);
            }
        }
        if !moved {
            turn.record(key);
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

    /// Keeps the turns the obligations allow, in the game's priority order.
    /// A turn that ends the game is legal whatever they would ask of the dice
    /// it leaves unplayed, and it counts like any other: a turn that wins
    /// with more dice or pips rules out the turns with fewer.
    fn obligations(&self, out: &mut Vec<Move>) {
        let pos = &self.tables().position;
        for priority in &self.tables().play {
            let metric = |m: &Move| -> u32 {
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
            };
            let best = out.iter().map(metric).max();
            if let Some(best) = best {
                out.retain(|m| m.ends || metric(m) == best);
            }
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
        st.dice = [0; 4];
        st.to_move = 1 - st.to_move;
    }

    /// A hash of what stands where, for telling turns apart by their result.
    pub(super) fn position_key(&self, st: &State) -> u64 {
        (0..st.cells.len()).fold(0, |h, s| h ^ self.site_key(s, st.cells[s], st.stack[s]))
    }
}

/// A turn being searched: the die moves so far and where turns are recorded.
struct Turn<'a> {
    player: usize,
    /// The dice not yet played come first.
    dice: [u8; 8],
    m: Move,
    out: &'a mut Vec<Move>,
    /// Positions searched already; `None` records every sequence.
    seen: Option<&'a mut Seen>,
}

impl Turn<'_> {
    /// Records the die moves so far as a complete turn leading to `key`.
    fn record(&mut self, key: u64) {
        self.out.push(Move {
            mover: self.player as u8,
            key,
            ..self.m
        });
    }
}

/// Hashes of the positions (with the dice left) searched in this turn, so a
/// position reached by several orders of the dice is searched once.
struct Seen {
    keys: Vec<u64>,
    stamps: Vec<u32>,
    stamp: u32,
}

const SEEN_SLOTS: usize = 1 << 14;

impl Seen {
    fn next_turn(&mut self) {
        if self.keys.is_empty() {
            self.keys = vec![0; SEEN_SLOTS];
            self.stamps = vec![0; SEEN_SLOTS];
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamps.fill(0);
            self.stamp = 1;
        }
    }

    /// Notes a node; false if it was seen before in this turn. When the
    /// table is crowded it forgets nothing and says "new", which is safe.
    fn insert(&mut self, node: u64) -> bool {
        for probe in 0..8 {
            let i = (node as usize).wrapping_add(probe) & (SEEN_SLOTS - 1);
            if self.stamps[i] != self.stamp {
                self.stamps[i] = self.stamp;
                self.keys[i] = node;
                return true;
            }
            if self.keys[i] == node {
                return false;
            }
        }
        true
    }
}

thread_local! {
    static SEEN: std::cell::RefCell<Seen> = const {
        std::cell::RefCell::new(Seen {
            keys: Vec::new(),
            stamps: Vec::new(),
            stamp: 0,
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
