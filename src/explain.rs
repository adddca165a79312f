//! Why a move is legal or not (`ludus explain`, and the REPL's refusals),
//! with the rule items of the game file that decide it.
//!
//! The engine is not asked why: the rules are judged *counterfactually*, on
//! the merged items of the game file and its bases. Each rule item in turn
//! is removed, or relaxed (`capture compulsory` made `capture optional`, a
//! piece's `step` lines given every direction, a `play` list without one of
//! its obligations, …), the changed game is checked and compiled, and the
//! position is read into it from its text. Then:
//!
//! - an item *allows* a legal move if the game without it does not allow
//!   the move;
//! - an item *shapes* a legal move if without it the move is still legal
//!   but leaves another position (a promotion, a hit, a pin);
//! - an obligation (`capture`, `chain`, `play`, `first from`) is
//!   *satisfied* by a legal move if relaxing it allows more moves and still
//!   this one;
//! - an item *forbids* an illegal move if the game with it removed or
//!   relaxed allows the move. When no single item does, the items relaxed
//!   together until the move is legal are cut down to a minimal set, which
//!   forbids it together.
//!
//! A changed game that does not check, or in which the position cannot be
//! read, is skipped. Checking and compiling a game takes well under a
//! millisecond, so an explanation costs a few dozen of them, at most
//! [`MAX_TRIALS`]; nothing of this touches the engine's move generation.

use crate::check;
use crate::diag::{FileId, Sources, Span};
use crate::engine::{Engine, Move, NONE, Outcome, State};
use crate::load;
use crate::notation::{self, find_move, move_text, parse_position, position_text};
use crate::playout::outcome_text;
use crate::syntax::{
    self, Compare, Cond, Item, ItemKind, LinkKind, Name, Obligation, Priority, PromoteThen, Reach,
    Section, SectionKind, Term,
};
use serde::Serialize;
use std::path::Path;

/// The most legal moves shown as the nearest to an illegal one.
pub const MAX_NEAREST: usize = 5;

/// The most changed games one explanation checks and plays; past it the
/// explanation says that it stopped early.
pub const MAX_TRIALS: usize = 400;

/// The longest move text explained, in characters.
pub const MAX_MOVE_CHARS: usize = 200;

/// A game file read for explanations: its merged items and their sources.
pub struct Rules {
    /// The file and its bases, for rendering rule lines.
    pub sources: Sources,
    name: Name,
    sections: Vec<Section>,
}

impl Rules {
    /// Reads, parses and merges the game file at `path` and its bases.
    /// The text of the error is ready to print.
    pub fn load(path: &Path) -> Result<Rules, String> {
        let merged = load::merged(path).map_err(|e| e.to_string())?;
        let sections = match merged.sections {
            Ok(s) => s,
            Err(d) => return Err(merged.sources.render(&d)),
        };
        let name = syntax::parse(0, merged.sources.text(0))
            .map_err(|d| merged.sources.render(&[d]))?
            .name;
        Ok(Rules {
            sources: merged.sources,
            name,
            sections,
        })
    }
}

/// One rule item named by an explanation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuleRef {
    /// The section, such as `rules` or `piece man`.
    pub section: String,
    /// The file it was written in (the game or one of its bases).
    pub file: String,
    /// Its line, from 1.
    pub line: usize,
    /// Its text on one line.
    pub text: String,
    /// The change of the item that shows it (`without it`, or the item as
    /// relaxed: `capture optional`).
    pub change: String,
    /// The file's id in [`Rules::sources`].
    #[serde(skip)]
    pub file_id: FileId,
    /// Where the item stands in its file.
    #[serde(skip)]
    pub span: Span,
}

/// What an explanation found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "lowercase")]
pub enum Explanation {
    /// The move is legal.
    Legal {
        /// The move as the engine writes it.
        #[serde(rename = "move")]
        text: String,
        /// The player who makes it.
        player: String,
        /// What it does, one effect a line.
        does: Vec<String>,
        /// The items without which it would not be legal.
        allowed_by: Vec<RuleRef>,
        /// The items without which it would do something else.
        shaped_by: Vec<RuleRef>,
        /// The obligations it meets, which forbid other moves here.
        satisfies: Vec<RuleRef>,
        /// The rules that forbid moves (a `forbid`, an end rule) without
        /// which it would not be legal: they rule out the moves that the
        /// obligations would put before it.
        needs_forbidden: Vec<RuleRef>,
        /// Whether [`MAX_TRIALS`] cut the search short.
        cut: bool,
    },
    /// The move is not legal.
    Illegal {
        /// The move as typed.
        #[serde(rename = "move")]
        text: String,
        /// The player to move.
        player: String,
        /// Why, in words (as `moves` and the REPL say it).
        reason: String,
        /// The items that forbid it, first the first in the file; each one
        /// alone, or all of them together when `together`.
        forbidden_by: Vec<RuleRef>,
        /// Whether no single item forbids it, only these together.
        together: bool,
        /// The legal moves nearest to it: same piece, start or landing
        /// first, then by edit distance over the text.
        nearest: Vec<String>,
        /// Whether [`MAX_TRIALS`] cut the search short.
        cut: bool,
    },
}

/// Why there is nothing to explain.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExplainError {
    /// The text does not name a move of this game at all.
    #[error("`{text}` is not a move: {why}")]
    NotAMove {
        /// The text.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// The roll has more turns than the engine lists.
    #[error("{0}")]
    TooManyTurns(String),
}

/// What is to be judged legal: a whole turn, or the die moves a turn
/// begins with (the REPL's input, one die move at a time).
#[derive(Clone, Copy)]
enum Want<'a> {
    Whole(&'a str),
    Prefix(&'a [String]),
}

/// Explains the move written `text` for the player to move in `st`.
pub fn explain(
    rules: &Rules,
    engine: &Engine,
    st: &State,
    text: &str,
) -> Result<Explanation, ExplainError> {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    well_formed(engine, st, &text)?;
    Explainer::new(rules, engine, st).run(Want::Whole(&text), &text)
}

/// Explains why the die moves `typed` (a dice game's turn so far) begin no
/// legal turn: the REPL's refusal of a die move. `Ok(None)` when they do
/// begin one.
pub fn explain_die_moves(
    rules: &Rules,
    engine: &Engine,
    st: &State,
    typed: &[String],
) -> Result<Option<Explanation>, ExplainError> {
    let text = typed.join(" ");
    well_formed(engine, st, &text)?;
    match Explainer::new(rules, engine, st).run(Want::Prefix(typed), &text)? {
        Explanation::Legal { .. } => Ok(None),
        illegal => Ok(Some(illegal)),
    }
}

/// Refuses text that names no move of the game: a site or point that does
/// not exist, or no move's shape.
fn well_formed(engine: &Engine, st: &State, text: &str) -> Result<(), ExplainError> {
    let fail = |why: String| ExplainError::NotAMove {
        text: text.to_string(),
        why,
    };
    if text.is_empty() {
        return Err(fail("no move given".into()));
    }
    if text.chars().count() > MAX_MOVE_CHARS {
        return Err(fail(format!(
            "it is longer than {MAX_MOVE_CHARS} characters, the longest move text explained"
        )));
    }
    let lower = text.to_lowercase();
    if lower == "pass" {
        return Ok(());
    }
    let game = engine.game();
    if engine.has_dice() {
        let player = st.to_move as usize;
        let mover = &game.players[player].name;
        let words = notation::die_move_words(engine, &lower).map_err(fail)?;
        for word in &words {
            let Some((from, to)) = word.split_once('/') else {
                return Err(fail(format!(
                    "`{word}` is not a die move: write one as FROM/TO, like `13/18`"
                )));
            };
            for point in [from, to] {
                if notation::track_point(engine, player, point).is_none() {
                    return Err(fail(format!("`{point}` is not a point of {mover}'s track")));
                }
            }
        }
        return Ok(());
    }
    let is_site = |n: &str| {
        game.board
            .sites
            .iter()
            .any(|s| s.name.eq_ignore_ascii_case(n))
    };
    let mut body = lower.as_str();
    if let Some(rest) = body.strip_prefix("huff ") {
        let rest = rest.trim_start();
        let (site, after) = rest.split_once(' ').unwrap_or((rest, ""));
        if !is_site(site) {
            return Err(fail(format!("`{site}` is not a site of this board")));
        }
        body = after.trim();
        if body.is_empty() {
            return Ok(());
        }
    }
    let body: String = body.chars().filter(|c| !c.is_whitespace()).collect();
    let (path, taken) = match body.split_once('(') {
        Some((path, rest)) => match rest.strip_suffix(')') {
            Some(taken) => (path, Some(taken)),
            None => return Err(fail("a `(` is not closed by a `)` at the end".into())),
        },
        None => (body.as_str(), None),
    };
    let names: Vec<&str> = path.split(['-', 'x']).collect();
    if names.len() < 2 {
        return Err(fail(
            "a move names where the piece starts and where it lands, such as `b2-c3` or `a1xc3`"
                .into(),
        ));
    }
    let taken: Vec<&str> = taken.map_or(Vec::new(), |t| t.split(',').collect());
    if let Some(bad) = names.iter().chain(&taken).find(|n| !is_site(n)) {
        return Err(fail(if bad.is_empty() {
            "a site name is missing".into()
        } else {
            format!("`{bad}` is not a site of this board")
        }));
    }
    Ok(())
}

/// One item of the merged sections, by its place.
#[derive(Clone, Copy)]
struct At {
    section: usize,
    item: usize,
}

/// A change to one item: removed, or replaced by a relaxed version.
#[derive(Clone)]
struct Change {
    at: At,
    /// The relaxed item, or `None` to remove it.
    kind: Option<ItemKind>,
    /// How the change reads: `without it`, or the relaxed item's text.
    text: String,
    /// Other items removed with it, because the game does not check
    /// without them once it is gone (`ending turn exempt` without `play`).
    also: Vec<At>,
}

/// What one game (real or changed) says about the move.
struct Judged {
    engine: Engine,
    st: State,
    moves: Vec<Move>,
    /// The move, if legal.
    found: Option<Move>,
}

struct Explainer<'a> {
    rules: &'a Rules,
    engine: &'a Engine,
    st: &'a State,
    /// The position as text, read into every changed game.
    position: String,
    trials: usize,
}

impl<'a> Explainer<'a> {
    fn new(rules: &'a Rules, engine: &'a Engine, st: &'a State) -> Self {
        Explainer {
            rules,
            engine,
            st,
            position: position_text(engine, st),
            trials: 0,
        }
    }

    fn cut(&self) -> bool {
        self.trials >= MAX_TRIALS
    }

    /// The moves and the wanted move in `engine`, at `st`.
    fn judge_in(engine: Engine, mut st: State, want: Want) -> Option<Judged> {
        let mut moves = Vec::new();
        engine.try_legal_moves(&mut st, &mut moves).ok()?;
        if engine.outcome_with(&st, !moves.is_empty()) != Outcome::Ongoing {
            moves.clear();
        }
        let found = find(&engine, &st, &moves, want);
        Some(Judged {
            engine,
            st,
            moves,
            found,
        })
    }

    /// The game with `changes` applied, judged; `None` if it does not
    /// check, the position cannot be read into it, or the trials ran out.
    fn trial(&mut self, changes: &[Change], want: Want) -> Option<Judged> {
        let game = self.changed(changes).ok()?;
        let engine = Engine::new(game);
        let st = parse_position(&engine, &self.position).ok()?;
        Self::judge_in(engine, st, want)
    }

    /// [`Explainer::trial`] of one change. A removal that leaves the game
    /// unchecked only because other items need the removed one (every
    /// problem lies in other rule items) is tried again without those
    /// too; the change returned says so.
    fn trial_one(&mut self, change: &Change, want: Want) -> Option<(Judged, Change)> {
        let mut change = change.clone();
        if change.kind.is_none()
            && let Err(problems) = self.changed(std::slice::from_ref(&change))
        {
            let places: Option<Vec<At>> = problems
                .iter()
                .map(|d| self.item_at(d.file, d.span.start))
                .collect();
            let mut places = places?;
            places.sort_by_key(|a| (a.section, a.item));
            places.dedup_by_key(|a| (a.section, a.item));
            if places
                .iter()
                .any(|a| (a.section, a.item) == (change.at.section, change.at.item))
            {
                return None;
            }
            let names: Vec<String> = places
                .iter()
                .map(|&a| format!("`{}`", one_line(self.rules, self.item(a))))
                .collect();
            let needs = if names.len() == 1 { "needs" } else { "need" };
            change.text = format!("without it and {}, which {needs} it", names.join(", "));
            change.also = places;
        }
        let judged = self.trial(std::slice::from_ref(&change), want)?;
        Some((judged, change))
    }

    /// The merged game with `changes` applied, checked.
    fn changed(
        &mut self,
        changes: &[Change],
    ) -> Result<crate::ir::Game, Vec<crate::diag::Diagnostic>> {
        if self.cut() {
            return Err(Vec::new());
        }
        self.trials += 1;
        let mut sections = self.rules.sections.clone();
        for c in changes {
            if let Some(kind) = &c.kind {
                sections[c.at.section].items[c.at.item].kind = kind.clone();
            }
        }
        // Removals last, from the back, so that places stay right.
        let mut removed: Vec<(usize, usize)> = changes
            .iter()
            .filter(|c| c.kind.is_none())
            .flat_map(|c| std::iter::once(c.at).chain(c.also.iter().copied()))
            .map(|a| (a.section, a.item))
            .collect();
        removed.sort_by_key(|&a| std::cmp::Reverse(a));
        removed.dedup();
        for (section, item) in removed {
            sections[section].items.remove(item);
        }
        check::check(&self.rules.name, 0, &sections)
    }

    /// The rule item of the merged game written at `start` of `file`.
    fn item_at(&self, file: FileId, start: usize) -> Option<At> {
        self.candidates().into_iter().find(|&at| {
            let item = self.item(at);
            item.file == file && item.span.contains(&start)
        })
    }

    fn run(mut self, want: Want, text: &str) -> Result<Explanation, ExplainError> {
        let mut st = self.st.clone();
        let mut moves = Vec::new();
        self.engine
            .try_legal_moves(&mut st, &mut moves)
            .map_err(|e| ExplainError::TooManyTurns(e.to_string()))?;
        let outcome = self.engine.outcome_with(&st, !moves.is_empty());
        if outcome != Outcome::Ongoing {
            moves.clear();
        }
        let player = self.engine.game().players[st.to_move as usize].name.clone();
        match find(self.engine, &st, &moves, want) {
            Some(m) => Ok(self.legal(want, &st, &moves, m, player)),
            None => {
                let reason = if outcome != Outcome::Ongoing {
                    format!("the game is over: {}", outcome_text(self.engine, outcome))
                } else {
                    match want {
                        Want::Whole(t) => pin_reason(self.engine, &st, t)
                            .or_else(|| distance_reason(self.engine, &st, t))
                            .unwrap_or_else(|| {
                                find_move(self.engine, &st, &moves, t)
                                    .err()
                                    .unwrap_or_default()
                            }),
                        Want::Prefix(_) => "no legal turn begins with these die moves".into(),
                    }
                };
                let (mut forbidden_by, together) = self.forbidding(want);
                let typed = match want {
                    Want::Whole(t) => t.to_string(),
                    Want::Prefix(words) => words.join(" "),
                };
                if forbidden_by.is_empty() && pin_reason(self.engine, &st, &typed).is_some() {
                    // The position cannot be read without the pins, so no
                    // changed game shows it: the rule that pins is named.
                    for at in self.candidates() {
                        if matches!(self.item(at).kind, ItemKind::Pin) {
                            forbidden_by.push(self.rule_ref(&Change {
                                at,
                                kind: None,
                                text: "what it does".into(),
                                also: Vec::new(),
                            }));
                        }
                    }
                }
                Ok(Explanation::Illegal {
                    text: text.to_string(),
                    player,
                    reason,
                    forbidden_by,
                    together,
                    nearest: nearest(self.engine, &moves, text),
                    cut: self.cut(),
                })
            }
        }
    }

    fn legal(
        &mut self,
        want: Want,
        st: &State,
        moves: &[Move],
        m: Move,
        player: String,
    ) -> Explanation {
        let texts: Vec<String> = moves.iter().map(|m| move_text(self.engine, m)).collect();
        let mut after = st.clone();
        self.engine.play_unchecked(&mut after, &m);
        let mut allowed_by = Vec::new();
        let mut shaped_by = Vec::new();
        let mut satisfies = Vec::new();
        let mut needs_forbidden = Vec::new();
        for at in self.candidates() {
            let item = self.item(at).clone();
            let removal = Change {
                at,
                kind: None,
                text: "without it".into(),
                also: Vec::new(),
            };
            let obligation = matches!(
                item.kind,
                ItemKind::Capture(..)
                    | ItemKind::Chain(..)
                    | ItemKind::Play(_)
                    | ItemKind::FirstFrom(_)
            );
            let mut changes = vec![removal];
            if obligation {
                changes.extend(
                    relaxations(&item.kind, self.engine, item.span.clone())
                        .into_iter()
                        .map(|(kind, text)| Change {
                            at,
                            kind: Some(kind),
                            text,
                            also: Vec::new(),
                        }),
                );
            }
            for (k, change) in changes.iter().enumerate() {
                let Some((j, change)) = self.trial_one(change, want) else {
                    continue;
                };
                let change = &change;
                let Some(found) = j.found else {
                    if k == 0 && restrictive(&item.kind) {
                        needs_forbidden.push(self.rule_ref(change));
                        break;
                    }
                    if k == 0 {
                        allowed_by.push(self.rule_ref(change));
                        break;
                    }
                    continue;
                };
                if k == 0 && !same_after(self.engine, &after, &j, &found) {
                    shaped_by.push(self.rule_ref(change));
                    break;
                }
                let more = j
                    .moves
                    .iter()
                    .any(|x| !texts.contains(&move_text(&j.engine, x)));
                if obligation && more {
                    satisfies.push(self.rule_ref(change));
                    break;
                }
            }
        }
        // Effects whose item cannot be removed without breaking the game
        // (a promotion to a kind nothing else places): named by their kind.
        for at in self.effect_items(st, &m, &after) {
            let item = self.item(at);
            let named = |r: &RuleRef| r.file_id == item.file && r.span == item.span;
            if !allowed_by.iter().chain(&shaped_by).any(named) {
                shaped_by.push(self.rule_ref(&Change {
                    at,
                    kind: None,
                    text: "what it does".into(),
                    also: Vec::new(),
                }));
            }
        }
        Explanation::Legal {
            text: move_text(self.engine, &m),
            player,
            does: effects(self.engine, st, &m, &after),
            allowed_by,
            shaped_by,
            satisfies,
            needs_forbidden,
            cut: self.cut(),
        }
    }

    /// The items that forbid the move: each alone, else a minimal set.
    fn forbidding(&mut self, want: Want) -> (Vec<RuleRef>, bool) {
        let mut alone = Vec::new();
        let mut all: Vec<Vec<Change>> = Vec::new();
        // Items that allow moves (a `jump` line) forbid one only by what
        // they bring about (a capture made compulsory): named only when no
        // item forbids the move itself.
        let mut indirect = Vec::new();
        for at in self.candidates() {
            let changes = self.changes(at);
            for change in &changes {
                if let Some((j, change)) = self.trial_one(change, want)
                    && j.found.is_some()
                {
                    let rule = self.rule_ref(&change);
                    if change.kind.is_none() && !restrictive(&self.item(at).kind) {
                        indirect.push(rule);
                    } else {
                        alone.push(rule);
                    }
                    break;
                }
            }
            all.push(changes);
        }
        if alone.is_empty() {
            alone = indirect;
        }
        if !alone.is_empty() || self.cut() {
            return (alone, false);
        }
        // Together: relax every item the game still checks with, in file
        // order, then put back each one the move does not need.
        let mut kept: Vec<Change> = Vec::new();
        let mut legal = false;
        for mut changes in all {
            // The most relaxed first; removed only if the item takes
            // moves away.
            changes.reverse();
            if !restrictive(&self.item(changes[changes.len() - 1].at).kind) {
                changes.pop();
            }
            for change in changes {
                kept.push(change);
                match self.trial(&kept, want) {
                    Some(j) => {
                        legal = j.found.is_some();
                        break;
                    }
                    None => {
                        kept.pop();
                    }
                }
            }
            if legal {
                break;
            }
        }
        if !legal {
            return (Vec::new(), false);
        }
        let mut i = 0;
        while i < kept.len() && !self.cut() {
            let mut fewer = kept.clone();
            fewer.remove(i);
            if self.trial(&fewer, want).is_some_and(|j| j.found.is_some()) {
                kept = fewer;
            } else {
                i += 1;
            }
        }
        let refs: Vec<RuleRef> = kept.iter().map(|c| self.rule_ref(c)).collect();
        let together = refs.len() > 1;
        (refs, together)
    }

    /// The items that say what the move does: the `promote` line of the
    /// piece's kind when it is promoted, `hit` when it hits, `pin blots`
    /// when it pins.
    fn effect_items(&self, before: &State, m: &Move, after: &State) -> Vec<At> {
        let game = self.engine.game();
        let mut out = Vec::new();
        let promoted = !self.engine.has_dice()
            && m.len > 0
            && m.kind_after != NONE
            && before
                .piece(m.from() as usize)
                .is_some_and(|(_, k)| k != m.kind_after as usize);
        let kind = before
            .piece(m.from() as usize)
            .map(|(_, k)| game.kinds[k].name.clone());
        let hits = self.engine.has_dice() && m.steps().iter().any(|s| s.over != NONE);
        let pins = after.pinned & !before.pinned != 0;
        for at in self.candidates() {
            let section = &self.rules.sections[at.section];
            let wanted = match &self.item(at).kind {
                ItemKind::Promote(..) => {
                    promoted
                        && section.kind == SectionKind::Piece
                        && section.name.as_ref().map(|n| &n.text) == kind.as_ref()
                }
                ItemKind::Hit(_) => hits,
                ItemKind::Pin => pins,
                _ => false,
            };
            if wanted {
                out.push(at);
            }
        }
        out
    }

    fn item(&self, at: At) -> &Item {
        &self.rules.sections[at.section].items[at.item]
    }

    /// Every item that says how play goes (not the board's shape, the
    /// setup, names or drawing), in file order of the merged game.
    fn candidates(&self) -> Vec<At> {
        let mut out = Vec::new();
        for (s, section) in self.rules.sections.iter().enumerate() {
            if section.kind == SectionKind::Setup {
                continue;
            }
            for (i, item) in section.items.iter().enumerate() {
                if rule_item(&item.kind) {
                    out.push(At {
                        section: s,
                        item: i,
                    });
                }
            }
        }
        out
    }

    /// The changes tried on an item: its removal, then its relaxations.
    fn changes(&self, at: At) -> Vec<Change> {
        let item = self.item(at);
        let mut out = vec![Change {
            at,
            kind: None,
            text: "without it".into(),
            also: Vec::new(),
        }];
        for (kind, text) in relaxations(&item.kind, self.engine, item.span.clone()) {
            out.push(Change {
                at,
                kind: Some(kind),
                text,
                also: Vec::new(),
            });
        }
        out
    }

    fn rule_ref(&self, change: &Change) -> RuleRef {
        let section = &self.rules.sections[change.at.section];
        let item = &section.items[change.at.item];
        let text = self.rules.sources.text(item.file);
        RuleRef {
            section: section_label(section),
            file: self.rules.sources.name(item.file).to_string(),
            line: text[..item.span.start.min(text.len())]
                .matches('\n')
                .count()
                + 1,
            text: one_line(self.rules, item),
            change: change.text.clone(),
            file_id: item.file,
            span: item.span.clone(),
        }
    }
}

/// An item's text on one line.
fn one_line(rules: &Rules, item: &Item) -> String {
    let text = rules.sources.text(item.file);
    let written = text.get(item.span.clone()).unwrap_or_default();
    written.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether an item says how play goes, rather than the board's shape, the
/// setup, names or drawing.
fn rule_item(kind: &ItemKind) -> bool {
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
            | ItemKind::DiceNotation(_)
            | ItemKind::Opening(_)
            | ItemKind::Evaluate(..)
            | ItemKind::Drop(_)
            | ItemKind::Duplicates(_)
    )
}

/// Whether an item only ever takes moves away (a `forbid`, an obligation,
/// an end rule), so that a move its removal allows is forbidden by it.
fn restrictive(kind: &ItemKind) -> bool {
    matches!(
        kind,
        ItemKind::Forbid(..)
            | ItemKind::LimitLeave(..)
            | ItemKind::LimitRun(..)
            | ItemKind::Capture(..)
            | ItemKind::Chain(..)
            | ItemKind::Play(_)
            | ItemKind::FirstFrom(_)
            | ItemKind::Return(_)
            | ItemKind::Pass(..)
            | ItemKind::Vulnerable(_)
            | ItemKind::EndingTurn(_)
            | ItemKind::Removal(_)
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
fn relaxations(kind: &ItemKind, engine: &Engine, span: Span) -> Vec<(ItemKind, String)> {
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
        ItemKind::Removal(true) => {
            out.push((ItemKind::Removal(false), "captured removed at once".into()))
        }
        ItemKind::Doubles(false) => out.push((ItemKind::Doubles(true), "doubles twice".into())),
        ItemKind::Step(_, on, reach) | ItemKind::Jump(_, on, reach) => {
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
                    ItemKind::Step(dirs, on.clone(), reach)
                } else {
                    ItemKind::Jump(dirs, on.clone(), reach)
                }
            };
            let dirs: Vec<&str> = match kind {
                ItemKind::Step(d, ..) | ItemKind::Jump(d, ..) => {
                    d.iter().map(|n| n.text.as_str()).collect()
                }
                _ => Vec::new(),
            };
            if dirs != ["any"] {
                out.push((make(reach.clone()), format!("{word} any{on_text}")));
            }
            if reach.far.is_none() {
                let far = Reach {
                    far: Some(span.clone()),
                    behind: None,
                };
                out.push((make(far), format!("{word} any far{on_text}")));
            }
        }
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
        ItemKind::Play(list) if list.len() > 1 => {
            for i in 0..list.len() {
                let mut fewer = list.clone();
                let gone = fewer.remove(i);
                let words: Vec<&str> = fewer.iter().map(|p| priority_word(*p)).collect();
                out.push((
                    ItemKind::Play(fewer.clone()),
                    format!(
                        "play {} (without `{}`)",
                        words.join(", "),
                        priority_word(gone)
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

fn link_word(k: LinkKind) -> &'static str {
    match k {
        LinkKind::Orthogonal => "orthogonal",
        LinkKind::Diagonal => "diagonal",
        LinkKind::All => "all",
    }
}

fn priority_word(p: Priority) -> &'static str {
    match p {
        Priority::MostDice => "most dice",
        Priority::LargerDie => "larger die",
        Priority::MostPips => "most pips",
        Priority::MostCaptures => "most captures",
    }
}

/// A section as `ludus diff` names it: `rules`, `piece man`.
fn section_label(s: &Section) -> String {
    let kind = match s.kind {
        SectionKind::Board => "board",
        SectionKind::Player => "player",
        SectionKind::Piece => "piece",
        SectionKind::Setup => "setup",
        SectionKind::Rules => "rules",
        SectionKind::End => "end",
        SectionKind::Track => "track",
        SectionKind::Dice => "dice",
    };
    match &s.name {
        Some(name) => format!("{kind} {}", name.text),
        None => kind.to_string(),
    }
}

/// The legal move `want` names among `moves`, if any.
fn find(engine: &Engine, st: &State, moves: &[Move], want: Want) -> Option<Move> {
    match want {
        Want::Whole(text) => find_move(engine, st, moves, text).ok(),
        Want::Prefix(words) => {
            let player = st.to_move;
            let mut matches =
                |i: usize, s: &crate::engine::Step| step_text(engine, player, *s) == words[i];
            engine
                .turns_by_route(st, moves, words.len(), false, &mut matches)
                .ok()?
                .first()
                .copied()
        }
    }
}

/// One die move in notation, lower case, without a hit's mark.
fn step_text(engine: &Engine, mover: u8, step: crate::engine::Step) -> String {
    let mut m = Move::PASS;
    m.mover = mover;
    m.len = 1;
    m.steps[0] = step;
    move_text(engine, &m).replace('*', "").to_lowercase()
}

/// Whether the move played in the changed game leaves what it leaves in
/// the real one (the men on every site, pinned men included).
fn same_after(engine: &Engine, after: &State, j: &Judged, found: &Move) -> bool {
    if j.engine.sites() != engine.sites() {
        return true;
    }
    let mut other = j.st.clone();
    j.engine.play_unchecked(&mut other, found);
    // Kinds are compared by name: a changed game may number them otherwise.
    let piece = |e: &Engine, s: &State, site: usize| {
        s.piece(site)
            .map(|(p, k)| (p, e.game().kinds[k].name.clone()))
    };
    (0..engine.sites()).all(|site| {
        piece(engine, after, site) == piece(&j.engine, &other, site)
            && engine.men(after, site) == j.engine.men(&other, site)
    }) && after.pinned == other.pinned
}

/// In a game that pins, why a die move of `text` cannot be made: it
/// moves a pinned man, or lands where a man lies pinned.
fn pin_reason(engine: &Engine, st: &State, text: &str) -> Option<String> {
    if st.pinned == 0 {
        return None;
    }
    let player = st.to_move as usize;
    let game = engine.game();
    let track = engine.track(player);
    for word in notation::die_move_words(engine, &text.to_lowercase()).ok()? {
        let (a, b) = word.split_once('/')?;
        let a = track[notation::track_point(engine, player, a)?] as usize;
        let b = track[notation::track_point(engine, player, b)?] as usize;
        if engine.pinned_man(st, a) == Some(player) && st.piece(a).is_none_or(|(p, _)| p != player)
        {
            return Some(format!(
                "`{word}`: {}'s man on {} is pinned under {}'s man and cannot move",
                game.players[player].name,
                game.board.sites[a].name,
                game.players[1 - player].name
            ));
        }
        if engine.pinned_man(st, b) == Some(player) {
            return Some(format!(
                "`{word}`: a man of {} lies pinned on {}, and no man may land on a point an opposing man holds pinned",
                game.players[player].name, game.board.sites[b].name
            ));
        }
    }
    None
}

/// In a dice game, why a die move of `text` fits no die thrown: it moves
/// a number of points no die shows (bearing off aside), or backwards.
fn distance_reason(engine: &Engine, st: &State, text: &str) -> Option<String> {
    if !engine.has_dice() {
        return None;
    }
    let player = st.to_move as usize;
    let last = engine.track(player).len().checked_sub(1)?;
    let dice: Vec<u8> = st.dice.iter().copied().filter(|&d| d != 0).collect();
    let shown: Vec<String> = dice.iter().map(u8::to_string).collect();
    for word in notation::die_move_words(engine, &text.to_lowercase()).ok()? {
        let (a, b) = word.split_once('/')?;
        let a = notation::track_point(engine, player, a)?;
        let b = notation::track_point(engine, player, b)?;
        if b <= a {
            return Some(format!("`{word}` does not go forward along the track"));
        }
        if b != last && !dice.iter().any(|&d| a + d as usize == b) {
            return Some(format!(
                "`{word}` moves {} points, but the dice are {}",
                b - a,
                shown.join("-")
            ));
        }
    }
    None
}

/// What a legal move does, in words.
fn effects(engine: &Engine, before: &State, m: &Move, after: &State) -> Vec<String> {
    let game = engine.game();
    let site = |s: u8| game.board.sites[s as usize].name.clone();
    let mut out = Vec::new();
    if m.huff != NONE {
        out.push(format!(
            "huffs the piece on {} (it did not capture when it had to)",
            site(m.huff)
        ));
    }
    if m.len == 0 {
        if m.huff == NONE {
            out.push("passes: there is no move to make".into());
        }
    } else if engine.has_dice() {
        for s in m.steps() {
            let from = &game.board.sites[s.from as usize];
            let to = &game.board.sites[s.to as usize];
            let word = step_text(engine, m.mover, *s);
            let mut said = Vec::new();
            if from.owner.is_some() {
                said.push(format!("enters a man from the {}", from.name));
            }
            if to.owner.is_some() {
                said.push(format!("bears a man off to the {}", to.name));
            }
            if s.over != NONE {
                let landing = word.split('/').nth(1).unwrap_or_default();
                said.push(format!(
                    "hits the opposing man on {landing}, who goes to the {}",
                    site(s.over)
                ));
            }
            if said.is_empty() {
                said.push(format!("moves a man {} points", s.die));
            }
            out.push(format!("{word}: {} (die {})", said.join(", "), s.die));
        }
        for s in 0..engine.sites() as u8 {
            let bit = 1u128 << s;
            if after.pinned & bit != 0 && before.pinned & bit == 0 {
                out.push(format!("pins the man on {}", site(s)));
            }
            if before.pinned & bit != 0 && after.pinned & bit == 0 {
                out.push(format!("frees the pinned man on {}", site(s)));
            }
        }
    } else {
        let kind = before.piece(m.from() as usize).map_or(0, |(_, k)| k);
        let kind_name = &game.kinds[kind].name;
        let to = m.to().map(site).unwrap_or_default();
        let taken: Vec<String> = m
            .steps()
            .iter()
            .filter(|s| s.over != NONE)
            .map(|s| site(s.over))
            .collect();
        if taken.is_empty() {
            out.push(format!(
                "moves the {kind_name} from {} to {to}",
                site(m.from())
            ));
        } else {
            let s = if taken.len() == 1 { "" } else { "s" };
            out.push(format!(
                "the {kind_name} on {} captures {} piece{s} (on {}) and lands on {to}",
                site(m.from()),
                taken.len(),
                taken.join(", ")
            ));
        }
        if m.kind_after != NONE && m.kind_after as usize != kind {
            out.push(format!(
                "the {kind_name} becomes a {} on {to}",
                game.kinds[m.kind_after as usize].name
            ));
        }
    }
    let outcome = engine.outcome(after);
    if outcome != Outcome::Ongoing {
        out.push(format!("ends the game: {}", outcome_text(engine, outcome)));
    }
    out
}

/// The legal moves nearest to `text`, at most [`MAX_NEAREST`].
fn nearest(engine: &Engine, moves: &[Move], text: &str) -> Vec<String> {
    let typed = shape(engine, text);
    let wanted: Vec<char> = text.to_lowercase().chars().collect();
    let mut scored: Vec<((u8, usize), String)> = moves
        .iter()
        .map(|m| move_text(engine, m))
        .filter(|t| t != "pass")
        .map(|t| {
            let s = shape(engine, &t);
            let same_start = !typed.starts.is_empty() && s.starts.first() == typed.starts.first();
            let same_landing =
                !typed.landings.is_empty() && typed.landings.iter().any(|l| s.landings.contains(l));
            let tier = match (same_start, same_landing) {
                (true, true) => 0,
                (true, false) => 1,
                (false, true) => 2,
                (false, false) => 3,
            };
            let other: Vec<char> = t.to_lowercase().chars().collect();
            ((tier, edit_distance(&wanted, &other)), t)
        })
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.1 == b.1);
    scored
        .into_iter()
        .take(MAX_NEAREST)
        .map(|(_, t)| t)
        .collect()
}

/// Where a move text starts and lands: for a grid move its first and last
/// sites; for a dice turn the start and landing of each die move.
struct Shape {
    starts: Vec<String>,
    landings: Vec<String>,
}

fn shape(engine: &Engine, text: &str) -> Shape {
    let lower = text.to_lowercase();
    let without_huff = match lower.strip_prefix("huff ") {
        Some(rest) => rest
            .trim_start()
            .split_once(' ')
            .map_or("", |(_, body)| body),
        None => lower.as_str(),
    };
    if engine.has_dice() {
        let words = notation::die_move_words(engine, &lower).unwrap_or_default();
        let (starts, landings) = words
            .iter()
            .filter_map(|w| w.split_once('/'))
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .unzip();
        return Shape { starts, landings };
    }
    let path: String = without_huff
        .split('(')
        .next()
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let names: Vec<String> = path.split(['-', 'x']).map(str::to_string).collect();
    match (names.first(), names.last()) {
        (Some(f), Some(l)) if names.len() > 1 => Shape {
            starts: vec![f.clone()],
            landings: vec![l.clone()],
        },
        _ => Shape {
            starts: Vec::new(),
            landings: Vec::new(),
        },
    }
}

/// The Levenshtein distance between two texts (both short: a move's text
/// is at most [`MAX_MOVE_CHARS`] characters when typed).
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}
