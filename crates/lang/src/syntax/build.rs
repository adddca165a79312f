//! Pest pairs to AST: sections, items, conditions and their sums, site
//! sets, and the spans every node carries.

use super::parser::Rule;
use super::{
    AgainAfter, Compare, Cond, DrawnAs, EndResult, Item, ItemKind, LimitException, LinkKind, Name,
    Obligation, Priority, Progress, PromoteThen, Reach, Reset, Section, SectionKind, SiteTerm, Sow,
    SowCapture, Standing, Term, Whose, Worth, line_key,
};
use crate::diag::{FileId, Span};
use pest::iterators::Pair;

pub(super) fn section(file: FileId, pair: Pair<Rule>) -> Section {
    let kind = match pair.as_rule() {
        Rule::board => SectionKind::Board,
        Rule::player => SectionKind::Player,
        Rule::piece => SectionKind::Piece,
        Rule::setup => SectionKind::Setup,
        Rule::rules => SectionKind::Rules,
        Rule::track => SectionKind::Track,
        Rule::dice => SectionKind::Dice,
        Rule::invariants => SectionKind::Invariants,
        Rule::stakes => SectionKind::Stakes,
        _ => SectionKind::End,
    };
    let start = pair.as_span().start();
    let mut inner = pair.into_inner().peekable();
    let name = match inner.peek() {
        Some(p) if p.as_rule() == Rule::name => Some(name(inner.next().unwrap())),
        _ => None,
    };
    let keyword_len = format!("{kind:?}").len();
    let end = name.as_ref().map_or(start + keyword_len, |n| n.span.end);
    Section {
        kind,
        name,
        span: start..end,
        file,
        items: inner.map(|p| item(file, p)).collect(),
    }
}

fn item(file: FileId, pair: Pair<Rule>) -> Item {
    let span = item_span(&pair);
    let rule = pair.as_rule();
    let parts: Vec<Pair<Rule>> = pair.into_inner().collect();
    let part = |i: usize| parts[i].clone();
    let kind = match rule {
        Rule::grid => ItemKind::Grid(name(part(0)), name(part(1))),
        Rule::files => ItemKind::Files(parts.into_iter().map(name).collect()),
        Rule::ranks => ItemKind::Ranks(parts.into_iter().map(name).collect()),
        Rule::marks => ItemKind::Marks(parts.into_iter().map(name).collect()),
        Rule::links => {
            let kind = match parts[0].as_str() {
                "orthogonal" => LinkKind::Orthogonal,
                "diagonal" => LinkKind::Diagonal,
                "hex" => LinkKind::Hex,
                _ => LinkKind::All,
            };
            let parity = parts.get(1).map(|p| p.as_str().ends_with("even"));
            ItemKind::Links(kind, parity)
        }
        Rule::link => ItemKind::Link(name(part(0)), name(part(1)), name(part(2))),
        Rule::extra_site => ItemKind::Site(name(part(0))),
        Rule::drawn => ItemKind::Drawn(match parts[0].as_str() {
            "squares" => DrawnAs::Squares,
            "edges" => DrawnAs::Edges,
            _ => DrawnAs::Points,
        }),
        Rule::forward => ItemKind::Forward(name(part(0))),
        Rule::region => ItemKind::Region(name(part(0)), site_set(part(1))),
        Rule::step | Rule::jump => {
            let mut on = None;
            let mut reach = Reach::default();
            let mut when = None;
            for p in &parts[1..] {
                match p.as_rule() {
                    Rule::far => reach.far = Some(spanned(p)),
                    Rule::land_behind => reach.behind = Some(spanned(p)),
                    Rule::along_lines => reach.along = Some(spanned(p)),
                    Rule::counting => counting(p, &mut reach),
                    Rule::when => when = Some(when_condition(p.clone())),
                    _ => on = Some(standing(p.clone())),
                }
            }
            if rule == Rule::step {
                ItemKind::Step(directions(part(0)), on, reach, when)
            } else {
                ItemKind::Jump(directions(part(0)), on, reach, when)
            }
        }
        Rule::take => {
            let mut reach = Reach::default();
            for p in &parts[1..] {
                match p.as_rule() {
                    Rule::own_too => reach.own_too = Some(spanned(p)),
                    _ => counting(p, &mut reach),
                }
            }
            ItemKind::Take(directions(part(0)), reach)
        }
        Rule::flip => ItemKind::Flip(directions(part(0))),
        Rule::hop => ItemKind::Hop(directions(part(0))),
        Rule::enclose => ItemKind::Enclose(name(part(0)), directions(part(1))),
        Rule::shoot => ItemKind::Shoot(
            name(part(0)),
            directions(part(1)),
            parts.get(2).map(spanned),
        ),
        Rule::custody => ItemKind::Custody(
            directions(part(0)),
            parts.get(1).map(|p| framed(p.clone().into_inner())),
        ),
        Rule::surrounded => {
            ItemKind::Surrounded(directions(part(0)), parts.get(1).cloned().map(standing))
        }
        Rule::barred => {
            let (whose, region) = match &parts[1..] {
                [frame, region] => (Some(whose(frame.as_str())), name(region.clone())),
                _ => (None, name(part(1))),
            };
            ItemKind::Barred(parts[0].as_str().starts_with("land"), whose, region)
        }
        Rule::place | Rule::fly => {
            let mut falling = None;
            let mut on = None;
            let mut when = None;
            for p in &parts {
                match p.as_rule() {
                    Rule::when => when = Some(when_condition(p.clone())),
                    Rule::falling => falling = Some(name(p.clone().into_inner().next().unwrap())),
                    _ => on = Some(standing(p.clone())),
                }
            }
            let word = span.start..span.start + if rule == Rule::place { 5 } else { 3 };
            if rule == Rule::place {
                ItemKind::Place(falling, on, when, word)
            } else {
                ItemKind::Fly(when, word)
            }
        }
        Rule::hand_placement => {
            ItemKind::HandPlacement(name(part(0)), name(part(1)), name(part(2)))
        }
        Rule::line_removal => ItemKind::LineRemoval(name(part(0)), parts.len() > 1),
        Rule::piece_drop => {
            // Dropped by key, like any item: `step on opponent back-rank`.
            let on = parts.get(1).cloned().map(standing);
            let span = parts[0].as_span().start()
                ..on.as_ref().map_or(parts[0].as_span().end(), |o| o.span.end);
            ItemKind::Drop(Name {
                text: line_key(parts[0].as_str(), on.as_ref()),
                span,
            })
        }
        Rule::promote => {
            let mut region = part(1).into_inner();
            let whose = whose(region.next().unwrap().as_str());
            let then = parts.get(2).map(|p| {
                let then = if p.as_rule() == Rule::promote_at_end {
                    PromoteThen::AtEnd
                } else if p.as_str().ends_with("stop") {
                    PromoteThen::Stop
                } else {
                    PromoteThen::Continue
                };
                (then, spanned(p))
            });
            ItemKind::Promote(name(part(0)), whose, name(region.next().unwrap()), then)
        }
        Rule::placement => ItemKind::Placement(name(part(0)), name(part(1)), site_set(part(2))),
        Rule::capture_rule => ItemKind::Capture(obligation(parts[0].as_str()), spanned(&parts[0])),
        Rule::chain_rule => ItemKind::Chain(obligation(parts[0].as_str()), spanned(&parts[0])),
        Rule::return_rule => ItemKind::Return(parts[0].as_str() == "allowed"),
        Rule::no_pieces => ItemKind::NoPieces(result(parts[0].as_str())),
        Rule::no_moves => ItemKind::NoMoves(result_of(&parts[0])),
        Rule::neither_moves => ItemKind::NeitherMoves(match parts[0].as_rule() {
            Rule::more_pieces => None,
            _ => Some(result(parts[0].as_str())),
        }),
        Rule::no_capture => ItemKind::NoCapture(name(part(0))),
        Rule::points => ItemKind::Points(
            parts
                .iter()
                .map(|r| {
                    let mut it = r.clone().into_inner();
                    (name(it.next().unwrap()), name(it.next().unwrap()))
                })
                .collect(),
        ),
        Rule::keep_sites if parts[0].as_rule() == Rule::parity => {
            ItemKind::KeepSites(parts[0].as_str().ends_with("even"))
        }
        Rule::keep_sites => ItemKind::KeepList(parts.into_iter().map(name).collect()),
        Rule::board_line => ItemKind::BoardLine(parts.into_iter().map(name).collect()),
        Rule::numbering => ItemKind::Numbering(name(part(0)), name(part(1)), name(part(2))),
        Rule::zone => ItemKind::Zone(name(part(0))),
        Rule::rows => ItemKind::Rows(parts.into_iter().map(site_set).collect()),
        Rule::track_path => match parts.len() {
            3 => ItemKind::TrackPath(
                name(part(0)),
                Some(name(part(1).into_inner().next().expect("a zone"))),
                site_set(part(2)),
            ),
            _ => ItemKind::TrackPath(name(part(0)), None, site_set(part(1))),
        },
        Rule::advance => ItemKind::Advance,
        Rule::sow => {
            let mut it = parts.iter();
            let from = region_ref(it.next().unwrap());
            let into = region_ref(it.next().unwrap());
            let (mut skipping, mut feeding) = (None, None);
            for option in it {
                let inner = option.clone().into_inner().next().unwrap();
                match inner.as_rule() {
                    Rule::skipping_origin => skipping = Some(spanned(&inner)),
                    _ => feeding = Some(region_ref(&inner.into_inner().next().unwrap())),
                }
            }
            ItemKind::Sow(Sow {
                from,
                into,
                skipping,
                feeding,
            })
        }
        Rule::sow_capture => {
            let range = (parts[0].as_rule() == Rule::seed_range).then(|| {
                let mut r = parts[0].clone().into_inner();
                (name(r.next().unwrap()), name(r.next().unwrap()))
            });
            let (mut backwards, mut not_all) = (None, None);
            for option in &parts[2..] {
                let inner = option.clone().into_inner().next().unwrap();
                match inner.as_rule() {
                    Rule::backwards => backwards = Some(spanned(&inner)),
                    _ => not_all = Some(spanned(&inner)),
                }
            }
            ItemKind::SowCapture(SowCapture {
                range,
                region: region_ref(&parts[1]),
                backwards,
                not_all,
                span: span.clone(),
            })
        }
        Rule::seed_placement => ItemKind::SeedPlacement(name(part(0)), site_set(part(1))),
        Rule::dice_count => ItemKind::DiceCount(name(part(0))),
        Rule::dice_faces => ItemKind::DiceFaces(parts.into_iter().map(name).collect()),
        Rule::dice_summed => ItemKind::DiceSummed,
        Rule::doubles => ItemKind::Doubles(parts[0].as_str() == "twice"),
        Rule::doubles_climb => ItemKind::DoublesClimb(
            name(part(0)),
            parts
                .iter()
                .find(|p| p.as_rule() == Rule::climb_from)
                .map(|from| name(from.clone().into_inner().next().expect("a turn"))),
            parts.iter().any(|p| p.as_rule() == Rule::climb_each),
        ),
        Rule::throw_passes => ItemKind::ThrowPasses(parts.into_iter().map(name).collect()),
        Rule::opening => ItemKind::Opening(parts[0].as_str().starts_with("plays")),
        Rule::dice_notation => ItemKind::DiceNotation(parts[0].as_str().starts_with("counting")),
        Rule::forbid => match parts.len() {
            3 => ItemKind::Forbid(name(part(0)), condition(part(2)), Some(spanned(&parts[1]))),
            _ => ItemKind::Forbid(name(part(0)), condition(part(1)), None),
        },
        Rule::hit => ItemKind::Hit(name(part(0))),
        Rule::pin => ItemKind::Pin,
        Rule::die_picks => ItemKind::DiePicks,
        Rule::first_from => ItemKind::FirstFrom(name(part(0))),
        Rule::bear_off => ItemKind::BearOff(condition(part(0))),
        Rule::overshoot => ItemKind::Overshoot,
        Rule::play_order => {
            let mut from = Vec::new();
            let order = (parts.iter())
                .map(|p| {
                    let inner = p.clone().into_inner().next();
                    match inner.as_ref().map(|q| q.as_rule()) {
                        Some(Rule::most_dice) => Priority::MostDice,
                        Some(Rule::larger_die) => Priority::LargerDie,
                        Some(Rule::most_captures) => Priority::MostCaptures,
                        Some(Rule::from_region) => {
                            let mut q = inner.into_iter().flat_map(|q| q.into_inner());
                            let region = q.next().map(name);
                            let when = q.next().map(condition);
                            from.extend(region.map(|r| (r, when)));
                            Priority::From(from.len() as u8 - 1)
                        }
                        _ => Priority::MostPips,
                    }
                })
                .collect();
            ItemKind::Play(order, from)
        }
        Rule::ending_turn => ItemKind::EndingTurn(parts[0].as_str() == "exempt"),
        Rule::removal => ItemKind::Removal(parts[0].as_str() == "end"),
        Rule::under => ItemKind::Under,
        Rule::duplicates => ItemKind::Duplicates(parts[0].as_str() == "merged"),
        Rule::landing => ItemKind::Landing(parts[0].as_str() != "anywhere"),
        Rule::turning => ItemKind::NeverTurnsBack(parts[0].as_str().starts_with("never")),
        Rule::vulnerable => ItemKind::Vulnerable(name(part(0))),
        Rule::pass_rule => ItemKind::Pass(name(part(0)), condition(part(1))),
        Rule::choose => {
            let again = parts
                .last()
                .is_some_and(|p| p.as_rule() == Rule::choose_again);
            let rolls = parts
                .iter()
                .filter(|p| p.as_rule() == Rule::roll)
                .cloned()
                .map(name)
                .collect();
            ItemKind::Choose(rolls, again)
        }
        Rule::again => {
            let first = part(0);
            let after = match first.as_rule() {
                Rule::again_landing => {
                    AgainAfter::Landing(name(first.into_inner().next().unwrap()))
                }
                Rule::again_throw => AgainAfter::Throw(first.into_inner().map(name).collect()),
                Rule::again_enclosing => AgainAfter::Enclosing,
                _ => AgainAfter::Hit,
            };
            let most = parts
                .get(1)
                .and_then(|p| p.clone().into_inner().next())
                .map(name);
            ItemKind::Again(after, most)
        }
        Rule::invariant => ItemKind::Invariant(name(part(0)), condition(part(1))),
        Rule::evaluate => ItemKind::Evaluate(sum(part(0)), span.clone()),
        Rule::limit_leave => ItemKind::LimitLeave(
            name(part(0)),
            name(part(1)),
            name(part(2)),
            parts[3..].iter().cloned().map(limit_exception).collect(),
        ),
        Rule::limit_run => ItemKind::LimitRun(
            name(part(0)),
            name(part(1)),
            parts[2].as_str() == "closed",
            parts.len() > 3,
        ),
        Rule::drop => ItemKind::Drop(name(part(0))),
        Rule::cube => ItemKind::Cube(parts.first().cloned().map(name)),
        Rule::crawford => ItemKind::Crawford,
        Rule::jacoby => ItemKind::Jacoby,
        Rule::no_progress => {
            let mut resets = Vec::new();
            let mut count = None;
            let mut verdict = None;
            let mut progress = Progress::default();
            for p in &parts {
                match p.as_rule() {
                    Rule::progress_name => {
                        progress.name = Some(name(p.clone().into_inner().next().unwrap()))
                    }
                    Rule::progress_while => {
                        let mut it = p.clone().into_inner();
                        let word = spanned(&it.next().unwrap());
                        progress.during = Some((word, condition(it.next().unwrap())));
                    }
                    Rule::reset => {
                        let inner = p.clone().into_inner().next().unwrap();
                        resets.push(match inner.as_rule() {
                            Rule::kind_move => {
                                Reset::KindMove(name(inner.into_inner().next().unwrap()))
                            }
                            _ => Reset::Capture(spanned(&inner)),
                        });
                    }
                    Rule::number => count = Some(name(p.clone())),
                    Rule::result => verdict = Some(result(p.as_str())),
                    _ => {}
                }
            }
            ItemKind::NoProgress(resets, count.unwrap(), verdict, progress)
        }
        Rule::repetition => ItemKind::Repetition(
            name(part(1)),
            result_of(&parts[2]),
            parts[0].as_str() == "board",
        ),
        Rule::no_move => ItemKind::NoMove(name(part(0)), result(parts[1].as_str())),
        _ => {
            let magnitude = parts.get(3).map(|m| match m.as_str() {
                "single" => Worth::Word(1, spanned(m)),
                "double" => Worth::Word(2, spanned(m)),
                "triple" => Worth::Word(3, spanned(m)),
                _ => Worth::Number(name(m.clone().into_inner().next().unwrap())),
            });
            ItemKind::EndWhen(
                name(part(0)),
                condition(part(1)),
                result_of(&parts[2]),
                magnitude,
            )
        }
    };
    Item { kind, span, file }
}

/// `own|opponent REGION` (a `region_ref`).
fn region_ref(pair: &Pair<Rule>) -> (Whose, Name) {
    let mut it = pair.clone().into_inner();
    let w = whose(it.next().unwrap().as_str());
    (w, name(it.next().unwrap()))
}

fn condition(pair: Pair<Rule>) -> Cond {
    match pair.as_rule() {
        Rule::condition | Rule::conjunct => {
            let or = pair.as_rule() == Rule::condition;
            let mut parts: Vec<Cond> = pair.into_inner().map(condition).collect();
            match (parts.len(), or) {
                (1, _) => parts.pop().unwrap(),
                (_, true) => Cond::Or(parts),
                (_, false) => Cond::And(parts),
            }
        }
        Rule::negation => {
            let mut parts: Vec<Pair<Rule>> = pair.into_inner().collect();
            let atom = condition(parts.pop().unwrap());
            if parts.is_empty() {
                atom
            } else {
                Cond::Not(Box::new(atom))
            }
        }
        Rule::here_in => {
            let span = spanned(&pair);
            let (frame, region) = framed(pair.into_inner());
            Cond::HereIn(frame, region, span)
        }
        Rule::here_vulnerable => Cond::HereVulnerable(spanned(&pair)),
        Rule::is_player => {
            let span = spanned(&pair);
            Cond::Player(name(pair.into_inner().next().unwrap()), span)
        }
        Rule::from_in => {
            let span = spanned(&pair);
            let (frame, region) = framed(pair.into_inner());
            Cond::FromIn(frame, region, span)
        }
        Rule::moving => {
            let span = spanned(&pair);
            Cond::Moving(name(pair.into_inner().next().unwrap()), span)
        }
        Rule::line_of => {
            let span = spanned(&pair);
            let mut parts = pair.into_inner();
            let w = whose(parts.next().unwrap().as_str());
            let mut n = parts.next().unwrap();
            let exactly = n.as_rule() == Rule::exactly;
            if exactly {
                n = parts.next().unwrap();
            }
            Cond::LineOf(w, name(n), exactly, span)
        }
        Rule::connects => {
            let span = spanned(&pair);
            let mut parts = pair.into_inner();
            let w = whose(parts.next().unwrap().as_str());
            let from = framed(parts.next().unwrap().into_inner());
            let to = framed(parts.next().unwrap().into_inner());
            Cond::Connects(w, from, to, span)
        }
        Rule::connected => {
            let span = spanned(&pair);
            let w = whose(pair.into_inner().next().unwrap().as_str());
            Cond::Connected(w, span)
        }
        Rule::die_is => {
            let span = spanned(&pair);
            let mut parts = pair.into_inner();
            let op = compare(parts.next().unwrap().as_str());
            Cond::Die(op, name(parts.next().unwrap()), span)
        }
        _ => {
            let span = spanned(&pair);
            let mut parts = pair.into_inner();
            let left = sum(parts.next().unwrap());
            let op = compare(parts.next().unwrap().as_str());
            Cond::Compare(left, op, sum(parts.next().unwrap()), span)
        }
    }
}

/// A comparison's operator.
fn compare(text: &str) -> Compare {
    match text {
        ">=" => Compare::Ge,
        "<=" => Compare::Le,
        "!=" => Compare::Ne,
        ">" => Compare::Gt,
        "<" => Compare::Lt,
        _ => Compare::Eq,
    }
}

fn sum(pair: Pair<Rule>) -> Vec<Term> {
    pair.into_inner()
        .map(|term| match term.as_rule() {
            Rule::number => Term::Number(name(term)),
            Rule::men_here => {
                let span = spanned(&term);
                Term::MenHere(whose(term.into_inner().next().unwrap().as_str()), span)
            }
            Rule::men_in => {
                let mut it = term.into_inner();
                let w = whose(it.next().unwrap().as_str());
                let (frame, region) = framed(it);
                Term::MenIn(w, frame, region)
            }
            Rule::seeds_in => {
                let span = spanned(&term);
                let (frame, region) = framed(term.into_inner());
                Term::SeedsIn(frame, region, span)
            }
            Rule::pinned_in => {
                let span = spanned(&term);
                let mut it = term.into_inner();
                let w = whose(it.next().unwrap().as_str());
                let (frame, region) = framed(it);
                Term::PinnedIn(w, frame, region, span)
            }
            Rule::pieces => {
                let span = spanned(&term);
                Term::Pieces(whose(term.into_inner().next().unwrap().as_str()), span)
            }
            Rule::in_hand => {
                let span = spanned(&term);
                Term::InHand(whose(term.into_inner().next().unwrap().as_str()), span)
            }
            Rule::captured => {
                let span = spanned(&term);
                Term::Captured(whose(term.into_inner().next().unwrap().as_str()), span)
            }
            Rule::kind_pieces => {
                let span = spanned(&term);
                let mut it = term.into_inner();
                let w = whose(it.next().unwrap().as_str());
                let kind = name(it.next().unwrap());
                let region = (it.peek().is_some()).then(|| framed(it));
                Term::KindPieces(w, kind, span, region)
            }
            _ => {
                let mut it = term.into_inner();
                let own = it.next().unwrap().as_str() == "own";
                let (frame, region) = framed(it);
                if own {
                    Term::OwnPoints(frame, region)
                } else {
                    Term::OpenPoints(frame, region)
                }
            }
        })
        .collect()
}

/// `when CONDITION`: the condition.
fn when_condition(pair: Pair<Rule>) -> Box<Cond> {
    let cond = pair.into_inner().nth(1).unwrap();
    Box::new(condition(cond))
}

/// `on own|opponent REGION`.
fn standing(pair: Pair<Rule>) -> Standing {
    let span = spanned(&pair);
    let mut region = pair.into_inner().next().unwrap().into_inner();
    let whose = whose(region.next().unwrap().as_str());
    Standing {
        whose,
        region: name(region.next().unwrap()),
        span,
    }
}

/// `[own|opponent] REGION`: whose frame, if written, and the region.
/// `2 on first turn with 6-6 4-4`: `first turn` is read as turn `1`.
fn limit_exception(pair: Pair<Rule>) -> LimitException {
    let span = spanned(&pair);
    let mut it = pair.into_inner();
    let most = name(it.next().unwrap());
    let mut turn = None;
    let mut rolls = Vec::new();
    for part in it {
        match part.as_rule() {
            Rule::except_turn => {
                let inner = part.into_inner().next().unwrap();
                turn = Some(match inner.as_rule() {
                    Rule::first_turn => Name {
                        text: "1".into(),
                        span: spanned(&inner),
                    },
                    _ => name(inner),
                });
            }
            _ => rolls.extend(part.into_inner().map(name)),
        }
    }
    LimitException {
        most,
        turn,
        rolls,
        span,
    }
}

fn framed(mut it: pest::iterators::Pairs<Rule>) -> (Option<Whose>, Name) {
    let first = it.next().unwrap();
    match it.next() {
        Some(region) => (Some(whose(first.as_str())), name(region)),
        None => (None, name(first)),
    }
}

fn whose(text: &str) -> Whose {
    if text == "own" {
        Whose::Own
    } else {
        Whose::Opponent
    }
}

/// `counting [over own]`, into the line's reach.
fn counting(pair: &Pair<Rule>, reach: &mut Reach) {
    reach.counting = Some(spanned(pair));
    reach.over_own = pair
        .clone()
        .into_inner()
        .find(|p| p.as_rule() == Rule::over_own)
        .map(|p| spanned(&p));
}

fn spanned(pair: &Pair<Rule>) -> Span {
    pair.as_span().start()..pair.as_span().end()
}

/// An item's span without the spaces and comments that pest takes in after
/// it when a trailing optional part is absent (`links all` before `}`).
fn item_span(pair: &Pair<Rule>) -> Span {
    let span = pair.as_span();
    let start = span.start();
    // Inner pairs may end in trivia too: trim from the end of the last leaf.
    let mut last = pair.clone();
    while let Some(p) = last.clone().into_inner().last() {
        last = p;
    }
    let inner_end = if last == *pair {
        start
    } else {
        last.as_span().end()
    };
    let tail = &span.as_str()[inner_end - start..];
    let mut end = inner_end;
    let mut at = 0;
    while at < tail.len() {
        let rest = &tail[at..];
        if rest.starts_with("//") {
            at += rest.find('\n').unwrap_or(rest.len());
        } else if let Some(c) = rest.chars().next() {
            at += c.len_utf8();
            if !c.is_whitespace() {
                end = inner_end + at;
            }
        }
    }
    start..end
}

pub(super) fn name(pair: Pair<Rule>) -> Name {
    Name {
        text: pair.as_str().to_string(),
        span: spanned(&pair),
    }
}

pub(super) fn string(pair: Pair<Rule>) -> Name {
    let inner = pair.into_inner().next().unwrap();
    name(inner)
}

fn directions(pair: Pair<Rule>) -> Vec<Name> {
    pair.into_inner().map(name).collect()
}

fn site_set(pair: Pair<Rule>) -> Vec<SiteTerm> {
    pair.into_inner()
        .map(|term| {
            let start = term.as_span().start();
            let mut parts = term.into_inner();
            let inner = parts.next().unwrap();
            let base = match inner.as_rule() {
                Rule::rank_term => SiteTerm::Rank(name(inner.into_inner().next().unwrap())),
                Rule::file_term => SiteTerm::File(name(inner.into_inner().next().unwrap())),
                Rule::range => {
                    let mut ends = inner.into_inner();
                    SiteTerm::Range(name(ends.next().unwrap()), name(ends.next().unwrap()))
                }
                _ => SiteTerm::Name(name(inner)),
            };
            match parts.next() {
                Some(times) => {
                    let span = start..times.as_span().end();
                    let count = name(times.into_inner().next().unwrap());
                    SiteTerm::Times(Box::new(base), count, span)
                }
                None => base,
            }
        })
        .collect()
}

fn obligation(text: &str) -> Obligation {
    match text {
        "none" => Obligation::None,
        "optional" => Obligation::Optional,
        "compulsory" => Obligation::Compulsory,
        _ => Obligation::Huff,
    }
}

/// A result that may be `more pieces wins`.
fn result_of(pair: &Pair<Rule>) -> EndResult {
    match pair.as_rule() {
        Rule::more_pieces => EndResult::MorePieces,
        _ => result(pair.as_str()),
    }
}

fn result(text: &str) -> EndResult {
    match text {
        "loss" => EndResult::Loss,
        "win" => EndResult::Win,
        _ => EndResult::Draw,
    }
}
