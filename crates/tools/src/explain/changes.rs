//! The changes tried on a rule item: which items say how play goes,
//! which only take moves away, and each item's relaxed versions.

use crate::diag::Span;
use crate::engine::Engine;
use crate::syntax::{
    Compare, Cond, ItemKind, LinkKind, Name, Obligation, Priority, PromoteThen, Reach, Term,
};

/// Whether an item says how play goes, rather than the board's shape, the
/// setup, names or drawing.
pub(super) fn rule_item(kind: &ItemKind) -> bool {
    !matches!(
        kind,
        ItemKind::Grid(..)
            | ItemKind::Files(_)
            | ItemKind::Ranks(_)
            | ItemKind::Site(_)
            | ItemKind::Region(..)
            | ItemKind::Marks(_)
            | ItemKind::KeepSites(_)
            | ItemKind::Numbering(..)
            | ItemKind::Placement(..)
            | ItemKind::Points(..)
            | ItemKind::Zone(_)
            | ItemKind::Rows(_)
            | ItemKind::TrackPath(..)
            | ItemKind::DiceCount(_)
            | ItemKind::DiceFaces(_)
            | ItemKind::DiceSummed
            | ItemKind::DiceNotation(_)
            | ItemKind::Opening(_)
            | ItemKind::Evaluate(..)
            | ItemKind::Drop(_)
            | ItemKind::Duplicates(_)
    )
}

/// Whether an item only ever takes moves away (a `forbid`, an obligation,
/// an end rule), so that a move its removal allows is forbidden by it.
pub(super) fn restrictive(kind: &ItemKind) -> bool {
    matches!(
        kind,
        ItemKind::Forbid(..)
            | ItemKind::LimitLeave(..)
            | ItemKind::LimitRun(..)
            | ItemKind::Capture(..)
            | ItemKind::Chain(..)
            | ItemKind::Play(..)
            | ItemKind::FirstFrom(_)
            | ItemKind::Return(_)
            | ItemKind::Pass(..)
            | ItemKind::Vulnerable(_)
            | ItemKind::EndingTurn(_)
            | ItemKind::Removal(_)
            | ItemKind::Landing(_)
            | ItemKind::NeverTurnsBack(_)
            | ItemKind::Doubles(_)
            | ItemKind::NoPieces(_)
            | ItemKind::NoMoves(_)
            | ItemKind::NoCapture(_)
            | ItemKind::NoMove(..)
            | ItemKind::EndWhen(..)
            | ItemKind::NoProgress(..)
            | ItemKind::Repetition(..)
    )
}

/// The relaxed versions of an item that allow more than it does, each
/// with its text.
pub(super) fn relaxations(kind: &ItemKind, engine: &Engine, span: Span) -> Vec<(ItemKind, String)> {
    let name = |text: &str| Name {
        text: text.into(),
        span: span.clone(),
    };
    let mut out = Vec::new();
    match kind {
        ItemKind::Capture(o, s) if *o != Obligation::Optional => out.push((
            ItemKind::Capture(Obligation::Optional, s.clone()),
            "capture optional".into(),
        )),
        ItemKind::Chain(o, s) if *o != Obligation::Optional => out.push((
            ItemKind::Chain(Obligation::Optional, s.clone()),
            "chain optional".into(),
        )),
        ItemKind::Return(false) => out.push((ItemKind::Return(true), "return allowed".into())),
        ItemKind::LineRemoval(n, true) => out.push((
            ItemKind::LineRemoval(n.clone(), false),
            format!("line of {} removes opponent piece", n.text),
        )),
        ItemKind::Removal(true) => {
            out.push((ItemKind::Removal(false), "captured removed at once".into()))
        }
        ItemKind::Landing(true) => {
            out.push((ItemKind::Landing(false), "capture lands anywhere".into()))
        }
        ItemKind::NeverTurnsBack(true) => {
            out.push((ItemKind::NeverTurnsBack(false), "chain turns back".into()))
        }
        ItemKind::Doubles(false) => out.push((ItemKind::Doubles(true), "doubles twice".into())),
        // Where a track starts in two zones, a `first from` rule is needed
        // (the game without it does not check): the other start first.
        ItemKind::FirstFrom(zone) => {
            let game = engine.game();
            let other = (0..game.players.len())
                .filter_map(|p| {
                    let second = engine.second_start(p)?;
                    let first = usize::from(*engine.track(p).first()?);
                    let name = |s: usize| game.board.sites[s].name.as_str();
                    match zone.text.as_str() {
                        z if z == name(first) => Some(name(second)),
                        z if z == name(second) => Some(name(first)),
                        _ => None,
                    }
                })
                .next();
            if let Some(other) = other {
                out.push((
                    ItemKind::FirstFrom(name(other)),
                    format!("first from {other}"),
                ));
            }
        }
        ItemKind::Step(_, on, reach, when) | ItemKind::Jump(_, on, reach, when) => {
            let word = if matches!(kind, ItemKind::Step(..)) {
                "step"
            } else {
                "jump"
            };
            let on_text = on
                .as_ref()
                .map(|o| format!(" {}", o.text()))
                .unwrap_or_default();
            let make = |reach: Reach| {
                let dirs = vec![name("any")];
                if word == "step" {
                    ItemKind::Step(dirs, on.clone(), reach, when.clone())
                } else {
                    ItemKind::Jump(dirs, on.clone(), reach, when.clone())
                }
            };
            let dirs: Vec<&str> = match kind {
                ItemKind::Step(d, ..) | ItemKind::Jump(d, ..) => {
                    d.iter().map(|n| n.text.as_str()).collect()
                }
                _ => Vec::new(),
            };
            if dirs != ["any"] {
                let along = match (&reach.along, &reach.counting, &reach.over_own) {
                    (Some(_), ..) => " along lines",
                    (_, Some(_), None) => " counting",
                    (_, Some(_), Some(_)) => " counting over own",
                    _ => "",
                };
                out.push((make(reach.clone()), format!("{word} any{along}{on_text}")));
            }
            if reach.far.is_none() {
                let far = Reach {
                    far: Some(span.clone()),
                    ..Reach::default()
                };
                out.push((make(far), format!("{word} any far{on_text}")));
            }
        }
        ItemKind::Place(Some(_), on, when, word) => out.push((
            ItemKind::Place(None, on.clone(), when.clone(), word.clone()),
            "place (onto any empty site, not falling)".into(),
        )),
        ItemKind::Links(k, w) if w.is_some() || *k != LinkKind::All => {
            if w.is_some() {
                out.push((
                    ItemKind::Links(*k, None),
                    format!("links {}", link_word(*k)),
                ));
            }
            if *k != LinkKind::All && engine.game().board.grid.is_some() {
                out.push((ItemKind::Links(LinkKind::All, None), "links all".into()));
            }
        }
        ItemKind::Promote(to, whose, region, Some((then, s))) if *then != PromoteThen::Continue => {
            out.push((
                ItemKind::Promote(
                    to.clone(),
                    *whose,
                    region.clone(),
                    Some((PromoteThen::Continue, s.clone())),
                ),
                "promotion then continue".into(),
            ))
        }
        ItemKind::Play(list, from) if list.len() > 1 => {
            for i in 0..list.len() {
                let mut fewer = list.clone();
                let gone = fewer.remove(i);
                let words: Vec<String> = fewer.iter().map(|p| priority_word(*p, from)).collect();
                out.push((
                    ItemKind::Play(fewer.clone(), from.clone()),
                    format!(
                        "play {} (without `{}`)",
                        words.join(", "),
                        priority_word(gone, from)
                    ),
                ));
            }
        }
        ItemKind::BearOff(_) => {
            let zero = || vec![Term::Number(name("0"))];
            out.push((
                ItemKind::BearOff(Cond::Compare(zero(), Compare::Eq, zero(), span.clone())),
                "bear off at any time".into(),
            ));
        }
        _ => {}
    }
    out
}

pub(super) fn link_word(k: LinkKind) -> &'static str {
    match k {
        LinkKind::Orthogonal => "orthogonal",
        LinkKind::Diagonal => "diagonal",
        LinkKind::All => "all",
        LinkKind::Hex => "hex",
    }
}

pub(super) fn priority_word(p: Priority, from: &[(Name, Option<Cond>)]) -> String {
    match p {
        Priority::MostDice => "most dice".into(),
        Priority::LargerDie => "larger die".into(),
        Priority::MostPips => "most pips".into(),
        Priority::MostCaptures => "most captures".into(),
        Priority::From(i) => from
            .get(usize::from(i))
            .map_or("from".into(), |(region, _)| format!("from {}", region.text)),
    }
}
