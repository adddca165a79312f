//! Landing rules compiled to a mask program: the `forbid` rules that the
//! site masks decide ([`maskable`]) are judged for every landing site at
//! once, per search node, by a short stack program over the masks with
//! the player's regions resolved. The `forbid` rules that read the die
//! move's origin (`from in`) and otherwise only counts of the whole
//! position compile to the same kind of program, whose result is every
//! origin they forbid.

use super::conditions::{Cond, Term, maskable};
use super::masks::Masks;
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
    /// `me`, with `regions` his region masks; returns the program and the
    /// rules left to judge site by site.
    pub fn compile(forbid: Vec<Cond>, regions: &[u128], me: usize) -> (Program, Vec<Cond>) {
        Program::compile_as(forbid, regions, me, Mode::Landing)
    }

    /// Compiles the rules of `forbid_from` (those reading the die move's
    /// origin) that are built of `from in` and comparisons that read
    /// neither the landing site nor vulnerable runs, for player `me`: the
    /// program's result is every origin they forbid (a die move onto the
    /// board from one of them). Returns the rules left to judge die move
    /// by die move.
    pub fn compile_origins(
        forbid_from: Vec<Cond>,
        regions: &[u128],
        me: usize,
    ) -> (Program, Vec<Cond>) {
        let (mut p, rest) = Program::compile_as(forbid_from, regions, me, Mode::Origin);
        p.support = if p.tests.len() <= MAX_SUPPORT_TESTS {
            (0..1u64 << p.tests.len()).fold(0, |m, tests| m | p.run(&Masks::default(), 0, tests))
        } else {
            u128::MAX
        };
        (p, rest)
    }

    fn compile_as(
        forbid: Vec<Cond>,
        regions: &[u128],
        me: usize,
        mode: Mode,
    ) -> (Program, Vec<Cond>) {
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
        p.reads = p.find_reads();
        p.shallow = stack_depth(&p.ops) <= SHALLOW;
        (p, rest)
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
    pub fn run(&self, masks: &Masks, vulnerable: u128, tests: u64) -> u128 {
        // The usual program (a rule or two of a few terms) on a small
        // stack, which costs less to set up.
        if self.shallow {
            let sites = self.run_on::<SHALLOW>(masks, vulnerable, tests);
            debug_assert_eq!(sites, self.run_on::<MAX_DEPTH>(masks, vulnerable, tests));
            sites
        } else {
            self.run_on::<MAX_DEPTH>(masks, vulnerable, tests)
        }
    }

    /// [`Program::run`] on a stack of `D` entries, as deep as the
    /// program's at least.
    #[inline(always)]
    fn run_on<const D: usize>(&self, masks: &Masks, vulnerable: u128, tests: u64) -> u128 {
        let mut stack = [0u128; D];
        let mut sp = 0;
        for &op in &self.ops {
            match op {
                Op::Sites(m) => {
                    stack[sp] = m;
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
                    stack[sp] = if tests >> i & 1 != 0 { u128::MAX } else { 0 };
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
        if sp == 0 { 0 } else { stack[0] }
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
    use super::{MAX_DEPTH, Program};
    use crate::engine::dice::conditions::{Cond, Term};
    use crate::engine::dice::masks::Masks;
    use crate::ir::Compare;

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
        let (p, rest) =
            Program::compile_origins(vec![from_start_while_way, reads_landing], &regions, 0);
        assert_eq!(rest.len(), 1);
        assert!(matches!(rest[0], Cond::And(_)));
        assert_eq!(p.tests.len(), 1);
        assert_eq!(p.support, 0b110);
        let masks = Masks::default();
        assert_eq!(p.run(&masks, 0, 1), 0b110);
        assert_eq!(p.run(&masks, 0, 0), 0);
        // A negated origin forbids every site but the region's.
        let (p, rest) =
            Program::compile_origins(vec![Cond::Not(Box::new(Cond::FromIn(1)))], &regions, 0);
        assert!(rest.is_empty());
        assert_eq!(p.support, !0b1_1000);
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
        let (p, rest) = Program::compile(vec![closed.clone(), no_join.clone()], &regions, 0);
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
        let (q, rest) = Program::compile(vec![deep, closed, no_join], &regions, 0);
        assert!(rest.is_empty());
        assert!(!q.shallow);
        let mut x = 0x9e37_79b9_7f4a_7c15_u128 << 64 | 0x2545_f491_4f6c_dd1d;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..100 {
            let masks = Masks {
                occ: [next(), next()],
                two: [next(), next()],
            };
            for p in [&p, &q] {
                assert_eq!(p.run(&masks, 0, 0), p.run_on::<MAX_DEPTH>(&masks, 0, 0));
            }
            let (occ, two) = (masks.occ, masks.two);
            assert_eq!(p.run(&masks, 0, 0), two[1] | occ[0] & regions[0]);
        }
    }
}
