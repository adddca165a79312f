//! Landing rules compiled to a mask program: the `forbid` rules that the
//! site masks decide ([`maskable`]) are judged for every landing site at
//! once, per search node, by a short stack program over the masks with
//! the player's regions resolved. The `forbid` rules that read the die
//! move's origin (`from in`) and otherwise only counts of the whole
//! position compile to the same kind of program, whose result is every
//! origin they forbid.

use super::masks::Masks;
use crate::engine::bits::Bits;
use crate::engine::condition::{Cond, Term};
use crate::engine::rules::Shared;
use crate::ir::Compare;

/// The deepest stack a program may need; a deeper rule is judged site by
/// site instead.
const MAX_DEPTH: usize = 16;

/// The stack a shallow program runs on (see [`Program::run`]).
const SHALLOW: usize = 4;

/// One step of a program.
#[derive(Clone, Copy, Debug)]
enum Op {
    /// A fixed set of sites (a region, or every site).
    Sites(u128),
    /// Sites with at least one (`Occ`) or two (`Two`) free men of a
    /// player (by absolute index).
    Occ(usize),
    Two(usize),
    /// The sites of vulnerable runs.
    Vulnerable,
    /// Every site or none, as comparison `i` of the program's tests holds.
    Test(usize),
    And,
    Or,
    Not,
}

/// The `forbid` rules of one player that the masks decide, as one program
/// whose result is every site they forbid.
#[derive(Clone, Debug, Default)]
pub(super) struct Program {
    ops: Vec<Op>,
    /// The comparisons that read no landing site, judged once per node.
    pub tests: Vec<Cond>,
    /// The site masks the program reads: see [`Program::reads`].
    reads: Option<u8>,
    /// Every site the program can give, whatever its tests (a program of
    /// origins: what `from in` can name).
    pub support: u128,
    /// Whether its stack stays within [`SHALLOW`] entries.
    shallow: bool,
    /// The program as masks per kind of site (see [`Classes`]), for each
    /// outcome of its tests (bit `i` of the index for test `i`): empty
    /// where it has more than [`MAX_CLASS_TESTS`] tests.
    classes: Vec<Classes>,
    /// Where the vulnerable runs change some kinds of site and not others,
    /// the kinds off them and on them, for each outcome of its tests (and
    /// no classes); otherwise empty.
    mixed: Vec<[Kinds; 2]>,
}

/// The most tests of a program compiled to [`Classes`] for every outcome
/// of them.
const MAX_CLASS_TESTS: usize = 4;

/// A program's result, which it works out site by site from what stands
/// there, as masks per kind of site: a site with no free man, with one or
/// two and more of one player's (a site holds one player's free men at
/// most, and where two stand one does). Each is the sites the program
/// forbids of that kind, worked out by running it once on masks that put
/// every site in it; kept as differences from the kind before, so that the
/// result is a few `and`s and `xor`s of the position's masks.
#[derive(Clone, Copy, Debug, Default)]
struct Kinds {
    /// The sites forbidden with no free man on them ...
    base: u128,
    /// ... changed where a player has a free man ...
    occ: [u128; 2],
    /// ... and again where he has two or more.
    two: [u128; 2],
}

impl Kinds {
    /// The kinds of `program` with `tests` the outcome of its tests and
    /// `vulnerable` the runs.
    fn of(program: &Program, tests: u64, vulnerable: u128) -> Kinds {
        let run = |occ: [u128; 2], two: [u128; 2]| {
            program.run_on::<u128, MAX_DEPTH>(&Masks { occ, two }, vulnerable, tests)
        };
        let all = u128::MAX;
        let base = run([0; 2], [0; 2]);
        let one = [run([all, 0], [0; 2]), run([0, all], [0; 2])];
        let two = [run([all, 0], [all, 0]), run([0, all], [0, all])];
        Kinds {
            base,
            occ: [one[0] ^ base, one[1] ^ base],
            two: [two[0] ^ one[0], two[1] ^ one[1]],
        }
    }

    #[inline(always)]
    fn forbidden<B: Bits>(&self, masks: &Masks<B>) -> B {
        B::of(self.base)
            ^ B::of(self.occ[0]) & masks.occ[0]
            ^ B::of(self.two[0]) & masks.two[0]
            ^ B::of(self.occ[1]) & masks.occ[1]
            ^ B::of(self.two[1]) & masks.two[1]
    }
}

/// A program's result as [`Kinds`] of sites off vulnerable runs, and the
/// sites where the runs change it, where they change every kind of site
/// alike (always where it reads none).
#[derive(Clone, Copy, Debug, Default)]
struct Classes {
    off: Kinds,
    runs: u128,
}

/// What the sites of a program are: where a man lands, or where he
/// comes from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Landing,
    Origin,
}

/// The most tests of a program of origins whose [`Program::support`] is
/// worked out by running it under every outcome of its tests; a program
/// with more may give any site.
const MAX_SUPPORT_TESTS: usize = 8;

impl Program {
    /// Compiles the rules of `forbid` that [`maskable`] accepts for player
    /// `me`, with `regions` his region masks and `board` the board's sites;
    /// returns the program and the rules left to judge site by site.
    pub fn compile(
        forbid: Vec<Shared>,
        regions: &[u128],
        me: usize,
        board: u128,
    ) -> (Program, Vec<Shared>) {
        Program::compile_as(forbid, (regions, me, board), Mode::Landing)
    }

    /// Compiles the rules of `forbid_from` (those reading the die move's
    /// origin) that are built of `from in` and comparisons that read
    /// neither the landing site nor vulnerable runs, for player `me`: the
    /// program's result is every origin they forbid (a die move onto the
    /// board from one of them). Returns the rules left to judge die move
    /// by die move.
    pub fn compile_origins(
        forbid_from: Vec<Shared>,
        regions: &[u128],
        me: usize,
        board: u128,
    ) -> (Program, Vec<Shared>) {
        let (mut p, rest) = Program::compile_as(forbid_from, (regions, me, board), Mode::Origin);
        p.support = if p.tests.len() <= MAX_SUPPORT_TESTS {
            (0..1u64 << p.tests.len()).fold(0, |m, tests| m | p.run(&Masks::default(), 0, tests))
        } else {
            u128::MAX
        };
        (p, rest)
    }

    fn compile_as(
        forbid: Vec<Shared>,
        (regions, me, board): (&[u128], usize, u128),
        mode: Mode,
    ) -> (Program, Vec<Shared>) {
        let mut p = Program::default();
        let mut rest = Vec::new();
        for c in forbid {
            let mut ops = Vec::new();
            let mut tests = Vec::new();
            let base = p.tests.len();
            let fits = match mode {
                Mode::Landing => maskable(&c),
                Mode::Origin => true,
            };
            if fits && emit(&c, (regions, me, mode), base, &mut ops, &mut tests) && depth(&ops) {
                let first = p.ops.is_empty();
                p.ops.extend(ops);
                p.tests.extend(tests);
                if !first {
                    p.ops.push(Op::Or);
                }
            } else {
                rest.push(c);
            }
        }
        // A program gives sites of the board only: a part that reads no
        // site (a test, `not`, a count of men here at least 0) holds or
        // fails for every bit of the mask, past the board's sites too.
        let past_board = |op: &Op| match op {
            Op::Sites(m) => m & !board != 0,
            Op::Test(_) | Op::Not => true,
            Op::Occ(_) | Op::Two(_) | Op::Vulnerable | Op::And | Op::Or => false,
        };
        if p.ops.iter().any(past_board) {
            p.ops.extend([Op::Sites(board), Op::And]);
        }
        p.reads = p.find_reads();
        p.shallow = stack_depth(&p.ops) <= SHALLOW;
        (p.classes, p.mixed) = p.find_classes();
        (p, rest)
    }

    /// The program's [`Classes`] for every outcome of its tests, where
    /// vulnerable runs change every kind of site alike; otherwise the kinds
    /// off and on them (see [`Program::mixed`]). None where it has too many
    /// tests.
    fn find_classes(&self) -> (Vec<Classes>, Vec<[Kinds; 2]>) {
        if self.tests.len() > MAX_CLASS_TESTS {
            return (Vec::new(), Vec::new());
        }
        let (mut classes, mut mixed, mut alike) = (Vec::new(), Vec::new(), true);
        for tests in 0..1u64 << self.tests.len() {
            let off = Kinds::of(self, tests, 0);
            let on = Kinds::of(self, tests, u128::MAX);
            alike &= on.occ == off.occ && on.two == off.two;
            classes.push(Classes {
                off,
                runs: on.base ^ off.base,
            });
            mixed.push([off, on]);
        }
        if alike {
            (classes, Vec::new())
        } else {
            (Vec::new(), mixed)
        }
    }

    /// The sites the program forbids where the free men stand on the
    /// sites of `masks` (each site holds one player's free men at most,
    /// and two only where one), with `tests` whether each of its tests
    /// holds: [`Program::run`], read from its [`Classes`] where it has
    /// them.
    #[inline(always)]
    pub fn forbidden<B: Bits>(&self, masks: &Masks<B>, vulnerable: B, tests: u64) -> B {
        let Some(classes) = self.classes.get(tests as usize) else {
            return self.forbidden_else(masks, vulnerable, tests);
        };
        debug_assert!(masks.of_a_position(), "masks of a position");
        let sites = classes.off.forbidden(masks) ^ B::of(classes.runs) & vulnerable;
        debug_assert_eq!(
            sites,
            self.run(masks, vulnerable, tests),
            "classes of a program"
        );
        sites
    }

    /// [`Program::forbidden`] of a program with no classes: from the kinds
    /// off and on vulnerable runs where it has them, else run.
    #[inline(never)]
    fn forbidden_else<B: Bits>(&self, masks: &Masks<B>, vulnerable: B, tests: u64) -> B {
        let Some([off, on]) = self.mixed.get(tests as usize) else {
            return self.run(masks, vulnerable, tests);
        };
        debug_assert!(masks.of_a_position(), "masks of a position");
        let off = off.forbidden(masks);
        let sites = off ^ (off ^ on.forbidden(masks)) & vulnerable;
        debug_assert_eq!(
            sites,
            self.run(masks, vulnerable, tests),
            "kinds of a program"
        );
        sites
    }

    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }

    /// The site masks the program reads, where it reads nothing else (no
    /// test, no vulnerable run): bit `p` for `occ[p]`, bit `2 + p` for
    /// `two[p]` ([`Masks`]). Its result is then the same wherever these are.
    #[inline]
    pub fn reads(&self) -> Option<u8> {
        self.reads
    }

    fn find_reads(&self) -> Option<u8> {
        let mut reads = 0;
        for op in &self.ops {
            match op {
                Op::Occ(p) => reads |= 1 << p,
                Op::Two(p) => reads |= 4 << p,
                Op::Vulnerable | Op::Test(_) => return None,
                Op::Sites(_) | Op::And | Op::Or | Op::Not => {}
            }
        }
        Some(reads)
    }

    /// The sites the program forbids, with `tests` whether each of its
    /// tests holds (bit `i` for test `i`).
    #[inline(always)]
    pub fn run<B: Bits>(&self, masks: &Masks<B>, vulnerable: B, tests: u64) -> B {
        // The usual program (a rule or two of a few terms) on a small
        // stack, which costs less to set up.
        if self.shallow {
            let sites = self.run_on::<B, SHALLOW>(masks, vulnerable, tests);
            debug_assert_eq!(sites, self.run_on::<B, MAX_DEPTH>(masks, vulnerable, tests));
            sites
        } else {
            self.run_on::<B, MAX_DEPTH>(masks, vulnerable, tests)
        }
    }

    /// [`Program::run`] on a stack of `D` entries, as deep as the
    /// program's at least.
    #[inline(always)]
    fn run_on<B: Bits, const D: usize>(&self, masks: &Masks<B>, vulnerable: B, tests: u64) -> B {
        let mut stack = [B::ZERO; D];
        let mut sp = 0;
        for &op in &self.ops {
            match op {
                Op::Sites(m) => {
                    stack[sp] = B::of(m);
                    sp += 1;
                }
                Op::Occ(p) => {
                    stack[sp] = masks.occ[p];
                    sp += 1;
                }
                Op::Two(p) => {
                    stack[sp] = masks.two[p];
                    sp += 1;
                }
                Op::Vulnerable => {
                    stack[sp] = vulnerable;
                    sp += 1;
                }
                Op::Test(i) => {
                    stack[sp] = if tests >> i & 1 != 0 { B::ALL } else { B::ZERO };
                    sp += 1;
                }
                Op::And => {
                    sp -= 1;
                    stack[sp - 1] &= stack[sp];
                }
                Op::Or => {
                    sp -= 1;
                    stack[sp - 1] |= stack[sp];
                }
                Op::Not => stack[sp - 1] = !stack[sp - 1],
            }
        }
        if sp == 0 { B::ZERO } else { stack[0] }
    }
}

/// Whether a program's stack stays within [`MAX_DEPTH`].
fn depth(ops: &[Op]) -> bool {
    stack_depth(ops) < MAX_DEPTH
}

/// The most entries a program's stack holds at once.
fn stack_depth(ops: &[Op]) -> usize {
    let (mut sp, mut most) = (0usize, 0);
    for op in ops {
        match op {
            Op::And | Op::Or => sp -= 1,
            Op::Not => {}
            _ => {
                sp += 1;
                most = most.max(sp);
            }
        }
    }
    most
}

/// Whether a landing condition can be judged for every landing site at
/// once from the site masks (see `landing.rs`): built of `here in`,
/// `here vulnerable`, counts of men here that the masks tell (none, at
/// least one, at least two) and comparisons that do not read the landing
/// site, in a game that pins no man.
pub(super) fn maskable(c: &Cond) -> bool {
    match c {
        Cond::Or(p) | Cond::And(p) => p.iter().all(maskable),
        Cond::Not(c) => maskable(c),
        Cond::HereIn(_) | Cond::HereVulnerable | Cond::Player(_) | Cond::Moving(_) => true,
        // The die differs from die move to die move.
        Cond::Die { .. } => false,
        Cond::HereCount { constant, op, .. } => {
            // The masks tell none, at least one and at least two men.
            let k = -constant;
            match op {
                Compare::Ge | Compare::Lt => k <= 2,
                Compare::Gt | Compare::Le | Compare::Eq | Compare::Ne => k < 2,
            }
        }
        Cond::Test { terms, .. } => !terms.iter().any(|(_, t)| matches!(t, Term::MenHere(_))),
        Cond::FromIn(_) | Cond::PinTest { .. } => false,
    }
}

/// Emits the ops of a maskable condition; false where it cannot (too
/// many tests for the bits of a `u64`).
fn emit(
    c: &Cond,
    frame: (&[u128], usize, Mode),
    base: usize,
    ops: &mut Vec<Op>,
    tests: &mut Vec<Cond>,
) -> bool {
    let (regions, me, mode) = frame;
    let landing = mode == Mode::Landing;
    match c {
        Cond::Or(parts) | Cond::And(parts) => {
            let and = matches!(c, Cond::And(_));
            let join = if and { Op::And } else { Op::Or };
            if parts.is_empty() {
                ops.push(Op::Sites(if and { u128::MAX } else { 0 }));
                return true;
            }
            for (i, part) in parts.iter().enumerate() {
                if !emit(part, frame, base, ops, tests) {
                    return false;
                }
                if i > 0 {
                    ops.push(join);
                }
            }
            true
        }
        Cond::Not(part) => {
            let ok = emit(part, frame, base, ops, tests);
            ops.push(Op::Not);
            ok
        }
        Cond::HereIn(r) | Cond::FromIn(r) => {
            // Of the sites the program's mode names.
            if landing != matches!(c, Cond::HereIn(_)) {
                return false;
            }
            ops.push(Op::Sites(regions[*r]));
            true
        }
        Cond::HereVulnerable if landing => {
            ops.push(Op::Vulnerable);
            true
        }
        // The same for every site: the judged player is or is not this one.
        Cond::Player(p) => {
            ops.push(Op::Sites(if *p == me { u128::MAX } else { 0 }));
            true
        }
        // Different die moves play different dice: never a program.
        Cond::Die { .. } => false,
        // The same for every die move: a dice game's men are of one kind,
        // its first.
        Cond::Moving(k) => {
            ops.push(Op::Sites(if *k == 0 { u128::MAX } else { 0 }));
            true
        }
        Cond::HereCount {
            opponent,
            constant,
            op,
        } if landing => {
            let who = me ^ usize::from(*opponent);
            let k = -constant;
            let at_least = |k: i64| match k {
                ..=0 => Op::Sites(u128::MAX),
                1 => Op::Occ(who),
                _ => Op::Two(who),
            };
            match op {
                Compare::Ge => ops.push(at_least(k)),
                Compare::Gt => ops.push(at_least(k + 1)),
                Compare::Le => ops.extend([at_least(k + 1), Op::Not]),
                Compare::Lt => ops.extend([at_least(k), Op::Not]),
                Compare::Eq => ops.extend([at_least(k), at_least(k + 1), Op::Not, Op::And]),
                Compare::Ne => {
                    ops.extend([at_least(k), at_least(k + 1), Op::Not, Op::And, Op::Not])
                }
            }
            true
        }
        Cond::Test { terms, .. } => {
            // A program of origins judges its tests with no landing site.
            if !landing && terms.iter().any(|(_, t)| matches!(t, Term::MenHere(_))) {
                return false;
            }
            let i = base + tests.len();
            if i >= 64 {
                return false;
            }
            ops.push(Op::Test(i));
            tests.push(c.clone());
            true
        }
        Cond::HereVulnerable | Cond::HereCount { .. } | Cond::PinTest { .. } => false,
    }
}

#[cfg(test)]
mod tests {
    /// Conditions as the rules core shares them.
    fn shared(conds: Vec<Cond>) -> Vec<crate::engine::rules::Shared> {
        conds.into_iter().map(std::sync::Arc::new).collect()
    }

    use super::{MAX_DEPTH, Program};
    use crate::engine::condition::{Cond, Term};
    use crate::engine::dice::masks::Masks;
    use crate::ir::Compare;

    /// A seeded stream of 128-bit masks (xorshift), for masks of every
    /// shape.
    fn masks_at_random() -> impl FnMut() -> u128 {
        let mut x = 0x9e37_79b9_7f4a_7c15_u128 << 64 | 0x2545_f491_4f6c_dd1d;
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    /// `from in start and own men in way >= 1`: the region `start` (0)
    /// forbidden as origins while the count holds, nothing otherwise;
    /// `from in start and here in home` reads the landing too and is left
    /// to be judged die move by die move.
    #[test]
    fn origin_rules_compile_to_masks_of_origins() {
        let regions = [0b110u128, 0b1_1000];
        let from_start_while_way = Cond::And(
            vec![
                Cond::FromIn(0),
                Cond::Test {
                    terms: vec![(1, Term::MenIn(false, 1))].into(),
                    constant: -1,
                    op: Compare::Ge,
                },
            ]
            .into(),
        );
        let reads_landing = Cond::And(vec![Cond::FromIn(0), Cond::HereIn(1)].into());
        let (p, rest) = Program::compile_origins(
            shared(vec![from_start_while_way, reads_landing]),
            &regions,
            0,
            0xff,
        );
        assert_eq!(rest.len(), 1);
        assert!(matches!(*rest[0], Cond::And(_)));
        assert_eq!(p.tests.len(), 1);
        assert_eq!(p.support, 0b110);
        let masks = Masks::<u128>::default();
        assert_eq!(p.run(&masks, 0, 1), 0b110);
        assert_eq!(p.run(&masks, 0, 0), 0);
        // A negated origin forbids every site but the region's.
        let (p, rest) = Program::compile_origins(
            shared(vec![Cond::Not(Box::new(Cond::FromIn(1)))]),
            &regions,
            0,
            0xff,
        );
        assert!(rest.is_empty());
        assert_eq!(p.support, 0xff & !0b1_1000, "of the board's sites");
    }

    /// A rule with a part that reads no site (a test, a negation) gives the
    /// board's sites only, landings and origins alike.
    #[test]
    fn programs_give_sites_of_the_board_only() {
        let regions = [0b110u128, 0b1_1000];
        let board = 0b1111;
        let test = Cond::Test {
            terms: vec![(1, Term::MenIn(false, 1))].into(),
            constant: -1,
            op: Compare::Gt,
        };
        let not_home = Cond::Not(Box::new(Cond::HereIn(1)));
        let (p, rest) = Program::compile(shared(vec![test.clone(), not_home]), &regions, 0, board);
        assert!(rest.is_empty());
        let masks = Masks::<u128>::default();
        assert_eq!(p.run(&masks, 0, 1), board);
        assert_eq!(p.run(&masks, 0, 0), board & !regions[1]);
        assert_eq!(p.forbidden(&masks, 0, 1), board);
        let (q, _) = Program::compile_origins(shared(vec![test]), &regions, 0, board);
        assert_eq!(q.run(&masks, 0, 1), board);
        assert_eq!(q.support, board);
    }

    /// A program whose stack stays within `SHALLOW` entries runs on the
    /// small stack, and gives what the full stack gives; a deeper one
    /// runs on the full stack.
    #[test]
    fn shallow_programs_run_as_on_the_full_stack() {
        let regions = [0b1111_0000u128, 0b1010_1010];
        let here = |opponent, at_least: i64| Cond::HereCount {
            opponent,
            constant: -at_least,
            op: Compare::Ge,
        };
        // `opponent men here >= 2`, `own men here >= 1 and here in no-join`.
        let closed = here(true, 2);
        let no_join = Cond::And(vec![here(false, 1), Cond::HereIn(0)].into());
        let (p, rest) = Program::compile(
            shared(vec![closed.clone(), no_join.clone()]),
            &regions,
            0,
            u128::MAX,
        );
        assert!(rest.is_empty());
        assert!(p.shallow);
        // Nested to a depth past the small stack.
        let deep = (0..6).fold(Cond::HereIn(1), |c, i| {
            Cond::Or(
                vec![
                    Cond::HereIn(i % 2),
                    Cond::And(vec![here(i % 2 == 0, 1), c].into()),
                ]
                .into(),
            )
        });
        let (q, rest) =
            Program::compile(shared(vec![deep, closed, no_join]), &regions, 0, u128::MAX);
        assert!(rest.is_empty());
        assert!(!q.shallow);
        let mut next = masks_at_random();
        for _ in 0..100 {
            let masks = Masks {
                occ: [next(), next()],
                two: [next(), next()],
            };
            for p in [&p, &q] {
                assert_eq!(
                    p.run(&masks, 0, 0),
                    p.run_on::<u128, MAX_DEPTH>(&masks, 0, 0)
                );
            }
            let (occ, two) = (masks.occ, masks.two);
            assert_eq!(p.run(&masks, 0, 0), two[1] | occ[0] & regions[0]);
        }
    }

    /// Programs of every kind of step (regions, counts of either player's
    /// men, tests, vulnerable runs, negations) give from their classes
    /// what the stack program gives, on the masks of positions (one
    /// player's free men a site at most, two only where one); and so do
    /// one that reads the runs with the men, from its kinds off and on
    /// them, and one with too many tests, run.
    #[test]
    fn classes_give_what_the_program_gives() {
        let regions = [0b1111_0000u128, 0b1010_1010, 1 << 70 | 1 << 3];
        let here = |opponent, at_least: i64| Cond::HereCount {
            opponent,
            constant: -at_least,
            op: Compare::Ge,
        };
        let test = || Cond::Test {
            terms: vec![(1, Term::MenIn(false, 1))].into(),
            constant: -3,
            op: Compare::Ge,
        };
        let not = |c| Cond::Not(Box::new(c));
        let rules = vec![
            here(true, 2),
            Cond::And(vec![here(false, 1), Cond::HereIn(0)].into()),
            Cond::And(vec![test(), not(Cond::HereIn(2))].into()),
            Cond::Or(
                vec![
                    Cond::And(vec![here(true, 1), test()].into()),
                    not(here(false, 2)),
                ]
                .into(),
            ),
        ];
        let (p, rest) = Program::compile(shared(rules), &regions, 1, u128::MAX);
        assert!(rest.is_empty());
        assert_eq!(p.classes.len(), 4, "two tests");
        // Vulnerable runs read apart from the men: classes with the runs.
        let apart = Cond::And(vec![Cond::HereVulnerable, Cond::HereIn(1), test()].into());
        let (v, rest) = Program::compile(shared(vec![apart]), &regions, 0, u128::MAX);
        assert!(rest.is_empty());
        assert_eq!(v.classes.len(), 2, "one test");
        assert_eq!(v.classes[1].runs, regions[1]);
        // Vulnerable runs read with the men, as `opponent men here >= 2
        // and not here vulnerable`: kinds off and on them.
        let runs = Cond::And(vec![here(true, 2), not(Cond::HereVulnerable), test()].into());
        let (r, rest) = Program::compile(shared(vec![runs]), &regions, 0, u128::MAX);
        assert!(rest.is_empty());
        assert!(r.classes.is_empty());
        assert_eq!(r.mixed.len(), 2, "one test");
        let many = (0..5).map(|_| Cond::And(vec![test(), here(false, 1)].into()));
        let (q, rest) = Program::compile(shared(many.collect()), &regions, 0, u128::MAX);
        assert!(rest.is_empty());
        assert!(q.classes.is_empty(), "five tests");
        let mut next = masks_at_random();
        for _ in 0..200 {
            let (a, b, c) = (next(), next(), next());
            let occ = [a & b, a & !b];
            let masks = Masks {
                occ,
                two: [occ[0] & c, occ[1] & !c],
            };
            let vulnerable = next();
            for tests in 0..32 {
                for p in [&p, &v, &q, &r] {
                    assert_eq!(
                        p.forbidden(&masks, vulnerable, tests),
                        p.run(&masks, vulnerable, tests)
                    );
                }
            }
        }
    }
}
