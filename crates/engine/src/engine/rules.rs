//! Every rule condition of a game, compiled once, the same way for every
//! game: `forbid`, `forbid after move`, `pass`, `evaluate`, `bear off`,
//! the end rules' conditions (`NAME: CONDITION => RESULT`, and a
//! counter's `while`) and each kind's `step`/`jump`/`place`/`fly ...
//! when`, with the game's one table of regions ([`Regions`]).
//!
//! The move generators keep no condition of their own. What they derive
//! from one to judge it fast shares it from here: a grid game's
//! [`super::condition::Condition`] (its totals and floors), and a dice
//! game's landing programs, triggers and exact judgements
//! (`dice/tables.rs`).

use super::condition::{Cond, Regions};
use crate::ir::{self, EndRule, Game};
use std::sync::Arc;

/// A compiled condition, shared by the analyses derived from it.
pub(in crate::engine) type Shared = Arc<Cond>;

/// A game's rule conditions, compiled.
pub(in crate::engine) struct Rules {
    /// The regions every condition reads (one table per game).
    pub regions: Regions,
    /// The same masks, shared by the grid's conditions.
    pub masks: Arc<[Vec<u128>]>,
    /// The `forbid` rules, in the file's order.
    pub forbid: Box<[Shared]>,
    /// The `forbid ... after move` rules, in the file's order.
    pub forbid_after: Box<[Shared]>,
    /// The `pass` rules, in the file's order (their names are the game's).
    pub pass: Box<[Shared]>,
    pub evaluate: Option<Shared>,
    pub bear_off: Option<Shared>,
    /// Per `play from` obligation, its `when`.
    pub play_from: Box<[Option<Shared>]>,
    /// Per end rule, its condition: `NAME: CONDITION => RESULT`, or the
    /// `while` of a counter; `None` for the others.
    pub ends: Box<[Option<Shared>]>,
    /// Per kind, the conditions of its moves.
    pub kinds: Box<[KindRules]>,
}

/// The conditions of one kind's moves (`... when CONDITION`).
#[derive(Default)]
pub(in crate::engine) struct KindRules {
    pub step: Option<Shared>,
    pub jump: Option<Shared>,
    pub place: Option<Shared>,
    pub fly: Option<Shared>,
}

impl Rules {
    /// Compiles the rule conditions of a checked game.
    pub fn new(game: &Game) -> Rules {
        let regions = Regions::of(game);
        let compile =
            |c: &ir::Cond| Arc::new(Cond::compile(game, &regions, c, game.rules.pin_blots));
        let all = |rules: &[(String, ir::Cond)]| rules.iter().map(|(_, c)| compile(c)).collect();
        let rules = &game.rules;
        let when = |a: &Option<ir::Action>| a.as_ref().and_then(|a| a.when.as_ref()).map(compile);
        Rules {
            masks: regions.masks.clone().into(),
            forbid: all(&rules.forbid),
            forbid_after: all(&rules.forbid_after),
            pass: all(&rules.pass),
            evaluate: rules.evaluate.as_ref().map(compile),
            bear_off: rules.bear_off.as_ref().map(compile),
            play_from: (rules.play_from.iter())
                .map(|f| f.when.as_ref().map(compile))
                .collect(),
            ends: (game.end.iter())
                .map(|e| match e {
                    EndRule::When { cond, .. }
                    | EndRule::NoProgress {
                        during: Some((_, cond)),
                        ..
                    } => Some(compile(cond)),
                    _ => None,
                })
                .collect(),
            kinds: (game.kinds.iter())
                .map(|k| KindRules {
                    step: k.step_when.as_ref().map(compile),
                    jump: k.jump_when.as_ref().map(compile),
                    place: when(&k.place),
                    fly: when(&k.fly),
                })
                .collect(),
            regions,
        }
    }
}

/// The lengths of the lines the game's conditions read (`own line of N`),
/// each once, in the order they are found.
pub(in crate::engine) fn line_lengths(game: &Game) -> Vec<u32> {
    fn walk(c: &ir::Cond, out: &mut Vec<u32>) {
        match c {
            ir::Cond::Or(p) | ir::Cond::And(p) => p.iter().for_each(|c| walk(c, out)),
            ir::Cond::Not(c) => walk(c, out),
            ir::Cond::LineOf(_, n) if !out.contains(n) => out.push(*n),
            _ => {}
        }
    }
    let rules = &game.rules;
    let mut out = Vec::new();
    let listed = (rules
        .forbid
        .iter()
        .chain(&rules.forbid_after)
        .chain(&rules.pass))
    .map(|(_, c)| c);
    let ends = game.end.iter().filter_map(|e| match e {
        EndRule::When { cond, .. }
        | EndRule::NoProgress {
            during: Some((_, cond)),
            ..
        } => Some(cond),
        _ => None,
    });
    fn when(a: &Option<ir::Action>) -> Option<&ir::Cond> {
        a.as_ref().and_then(|a| a.when.as_ref())
    }
    let kinds = (game.kinds.iter()).flat_map(|k| {
        [
            k.step_when.as_ref(),
            k.jump_when.as_ref(),
            when(&k.place),
            when(&k.fly),
        ]
    });
    let play = rules.play_from.iter().filter_map(|f| f.when.as_ref());
    for c in listed
        .chain(rules.bear_off.as_ref())
        .chain(play)
        .chain(ends)
        .chain(kinds.flatten())
    {
        walk(c, &mut out);
    }
    out
}
