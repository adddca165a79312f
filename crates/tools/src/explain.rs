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
use crate::notation::{find_move, move_text, parse_position, position_text};
use crate::playout::outcome_text;
use crate::syntax::{self, Item, ItemKind, Name, Obligation, Section, SectionKind};
use serde::Serialize;

mod changes;
mod moves;

use changes::{relaxations, restrictive, rule_item};
use moves::{distance_reason, effects, nearest, pin_reason, step_text, well_formed};
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
                    | ItemKind::Play(..)
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
    /// when it pins, `capture huff` when it huffs, its `shoot` line when
    /// it shoots.
    fn effect_items(&self, before: &State, m: &Move, after: &State) -> Vec<At> {
        let game = self.engine.game();
        let mut out = Vec::new();
        // A move without steps (a pass, a huff alone) moves no piece: its
        // `from` is `NONE`, not a site.
        let moved = if m.len > 0 && !m.places() {
            before.piece(m.from() as usize)
        } else {
            None
        };
        // A dice game's turn never promotes: its `kind_after` is the double
        // a choice chooses, and such a turn moves no man.
        let promoted =
            m.kind_after != NONE && moved.is_some_and(|(_, k)| k != m.kind_after as usize);
        let kind = moved.map(|(_, k)| game.kinds[k].name.clone());
        // Only games with dice have a `hit to` rule; there a step over a man
        // hits it.
        let hits = m.steps().iter().any(|s| s.over != NONE);
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
                ItemKind::Place(..) => {
                    m.places()
                        && section.kind == SectionKind::Piece
                        && section.name.as_ref().map(|n| n.text.as_str())
                            == Some(game.kinds[m.kind_after as usize].name.as_str())
                }
                ItemKind::LineRemoval(..) => m.remove != NONE,
                // A capture in a game with columns: what it takes goes
                // under the capturer.
                ItemKind::Under => m.capture,
                // The `shoot` line of the kind that shoots (as it arrives).
                ItemKind::Shoot(..) => {
                    m.shot() != NONE
                        && section.kind == SectionKind::Piece
                        && section.name.as_ref().map(|n| n.text.as_str())
                            == Some(game.kinds[m.kind_after as usize].name.as_str())
                }
                ItemKind::Pin => pins,
                // A huff: the position cannot be read without the rule
                // that huffs, so no changed game shows it.
                ItemKind::Capture(Obligation::Huff, _) => m.huff != NONE,
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
            section: crate::diff::section_label(section),
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
