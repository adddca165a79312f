//! What one ruleset changes against another (`ludus diff`): the rule items
//! that differ once variants are merged, and a *witness*, a short sequence
//! of turns from the start to a position where the two games differ in play.

use crate::diag::Sources;
use crate::engine::{Engine, Move, Outcome, State};
use crate::load::Merged;
use crate::notation::{Numbering, dice_text, move_text, position_text, position_text_in};
use crate::playout::{self, outcome_text};
use crate::syntax::{Section, SectionKind};
use rand::RngExt;
use serde::Serialize;
use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};

/// The most positions the breadth-first part of the witness search visits
/// (in dice games, each position with each roll counts once).
pub const MAX_NEAR_POSITIONS: usize = 4_000;

/// The most turns the breadth-first part looks ahead.
pub const MAX_NEAR_DEPTH: usize = 6;

/// One rule item as written: where, and its text on one line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ItemText {
    /// The file it was written in (the game or one of its bases).
    pub file: String,
    /// Its line, from 1.
    pub line: usize,
    /// Its text, with runs of blanks made one space.
    pub text: String,
}

/// How one rule item differs between the games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "change", rename_all = "lowercase")]
pub enum Change {
    /// Only the second game has the item.
    Added {
        /// The section, such as `rules` or `piece man`.
        section: String,
        /// The item in the second game.
        b: ItemText,
    },
    /// Only the first game has the item.
    Removed {
        /// The section.
        section: String,
        /// The item in the first game.
        a: ItemText,
    },
    /// Both have the item (the same key: `capture`, `region home`, …) and
    /// say different things.
    Changed {
        /// The section.
        section: String,
        /// The item in the first game.
        a: ItemText,
        /// The item in the second game.
        b: ItemText,
    },
    /// The end rules both games have are judged in another order.
    Reordered {
        /// The section.
        section: String,
    },
}

impl Change {
    /// The section the change is in.
    pub fn section(&self) -> &str {
        match self {
            Change::Added { section, .. }
            | Change::Removed { section, .. }
            | Change::Changed { section, .. }
            | Change::Reordered { section } => section,
        }
    }
}

/// How a section is named in reports: `rules`, `piece man`.
pub fn section_label(s: &Section) -> String {
    let kind = match s.kind {
        SectionKind::Board => "board",
        SectionKind::Player => "player",
        SectionKind::Piece => "piece",
        SectionKind::Setup => "setup",
        SectionKind::Rules => "rules",
        SectionKind::End => "end",
        SectionKind::Track => "track",
        SectionKind::Dice => "dice",
        SectionKind::Invariants => "invariants",
        SectionKind::Stakes => "stakes",
    };
    match &s.name {
        Some(name) => format!("{kind} {}", name.text),
        None => kind.to_string(),
    }
}

/// Every item of the merged sections, by (section, key, repeat), in order.
fn items(sources: &Sources, sections: &[Section]) -> Vec<((String, String, usize), ItemText)> {
    let mut seen: HashMap<(String, String), usize> = HashMap::new();
    let mut out = Vec::new();
    for section in sections {
        let label = section_label(section);
        for item in &section.items {
            let key = item.kind.key();
            let n = seen.entry((label.clone(), key.clone())).or_default();
            *n += 1;
            let text = sources.text(item.file);
            let written = text.get(item.span.clone()).unwrap_or_default();
            let line = text[..item.span.start.min(text.len())]
                .matches('\n')
                .count()
                + 1;
            out.push((
                (label.clone(), key, *n),
                ItemText {
                    file: sources.name(item.file).to_string(),
                    line,
                    text: written.split_whitespace().collect::<Vec<_>>().join(" "),
                },
            ));
        }
    }
    out
}

/// The rule items that differ between two merged games. Items are matched
/// by section and key, so an item moved within its section is no change,
/// except in `end`, whose rules are judged in file order.
pub fn rule_changes(
    a: &Merged,
    a_sections: &[Section],
    b: &Merged,
    b_sections: &[Section],
) -> Vec<Change> {
    let left = items(&a.sources, a_sections);
    let right = items(&b.sources, b_sections);
    let right_by_key: HashMap<_, _> = right.iter().map(|(k, v)| (k.clone(), v)).collect();
    let left_keys: HashSet<_> = left.iter().map(|(k, _)| k.clone()).collect();
    let mut changes = Vec::new();
    for (key, a_item) in &left {
        match right_by_key.get(key) {
            None => changes.push(Change::Removed {
                section: key.0.clone(),
                a: a_item.clone(),
            }),
            Some(b_item) if b_item.text != a_item.text => changes.push(Change::Changed {
                section: key.0.clone(),
                a: a_item.clone(),
                b: (*b_item).clone(),
            }),
            Some(_) => {}
        }
    }
    for (key, b_item) in &right {
        if !left_keys.contains(key) {
            changes.push(Change::Added {
                section: key.0.clone(),
                b: b_item.clone(),
            });
        }
    }
    let common_end = |list: &[((String, String, usize), ItemText)], other: &HashSet<_>| {
        list.iter()
            .filter(|(k, _)| k.0 == "end" && other.contains(k))
            .map(|(k, _)| k.clone())
            .collect::<Vec<_>>()
    };
    let right_keys: HashSet<_> = right.iter().map(|(k, _)| k.clone()).collect();
    if common_end(&left, &right_keys) != common_end(&right, &left_keys) {
        changes.push(Change::Reordered {
            section: "end".into(),
        });
    }
    changes
}

/// Where two games first differ in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Witness {
    /// The turns from the start that lead there, in notation; in dice games
    /// each starts with its roll (`5-3: 13/18 18/21`).
    pub moves: Vec<String>,
    /// The position there, as the first game writes it.
    pub position: String,
    /// The roll to play there, in dice games.
    pub dice: Option<String>,
    /// What differs: `legal moves`, `outcome` or `position`.
    pub differs_in: String,
    /// The turns only the first game allows there.
    pub only_a: Vec<String>,
    /// The turns only the second game allows there.
    pub only_b: Vec<String>,
    /// The first game's verdict there.
    pub outcome_a: String,
    /// The second game's verdict there.
    pub outcome_b: String,
    /// The position after the last turn as the second game writes it, when
    /// the same turn led to different positions.
    pub position_b: Option<String>,
    /// How it was found: `near the start` or `in random game N`.
    pub found: String,
}

/// Why the witness search stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WitnessError {
    /// A roll had more turns than the engine lists.
    #[error("a roll had more turns than the engine lists, at {position}")]
    TooManyTurns {
        /// The position, in notation.
        position: String,
    },
    /// The search for a witness passed through more positions than the
    /// engine searches for one game ([`crate::engine::MAX_WORK`]), counted
    /// over every roll of both games.
    #[error(
        "the search for a difference passed through more than {} positions of the rolls' searches, the most the engine searches for one game, at {position}: the games' turns cost too much to compare",
        crate::engine::MAX_WORK
    )]
    TooCostly {
        /// The position, in notation.
        position: String,
    },
}

/// Two states of the same history, one per game.
#[derive(Clone)]
struct Pair {
    moves: Vec<String>,
    a: State,
    b: State,
}

/// What makes two turns, one of each game, the same turn. Where both
/// games write positions alike, a turn of a dice game is the position it
/// leads to, so that `11/16 13/14` and `13/14 11/16`, or the same turn in
/// another notation, are one turn; the dice it uses are left out, since
/// two turns to one position play alike from there (a last man borne off
/// with the 2 or with the 4 of 4-2). A move of a game without dice is the
/// position it leads to and its text, since two capture routes to one
/// position are two moves. Where the games write positions differently,
/// a turn is its text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct TurnKey {
    /// The position after the turn, as both games write it.
    after: Option<String>,
    /// The turn's text, where it is part of what the turn is.
    text: Option<String>,
}

/// One legal turn at a node.
struct Turn {
    /// As the game writes it.
    text: String,
    mv: Move,
    /// The position it leads to, as the game writes it.
    after: String,
    key: TurnKey,
}

/// What the two games allow at one node.
struct Node {
    a_moves: Vec<Turn>,
    b_moves: Vec<Turn>,
    outcome_a: Outcome,
    outcome_b: Outcome,
}

/// The turns of both games paired by [`TurnKey`]: the pairs (index in
/// the first list, index in the second) in the first list's order, then
/// the turns of each list left without a partner.
fn matching(a: &[Turn], b: &[Turn]) -> (Vec<(usize, usize)>, Vec<usize>, Vec<usize>) {
    let mut by_key: HashMap<&TurnKey, VecDeque<usize>> = HashMap::new();
    for (j, t) in b.iter().enumerate() {
        by_key.entry(&t.key).or_default().push_back(j);
    }
    let mut pairs = Vec::new();
    let mut only_a = Vec::new();
    for (i, t) in a.iter().enumerate() {
        match by_key.get_mut(&t.key).and_then(|js| js.pop_front()) {
            Some(j) => pairs.push((i, j)),
            None => only_a.push(i),
        }
    }
    let mut only_b: Vec<usize> = by_key.into_values().flatten().collect();
    only_b.sort_unstable();
    (pairs, only_a, only_b)
}

/// What the witness search charges for each turn it lists, in positions
/// of a roll's search: the turn is played and written, and so is the
/// position it leads to, which cost many times a searched position.
const TURN_COST: u64 = 16;

struct Search<'e> {
    a: &'e Engine,
    b: &'e Engine,
    /// Whether the two games write positions alike, so that positions can
    /// be compared after each turn.
    same_positions: bool,
    buffer: Vec<Move>,
    /// The positions the rolls' searches have passed through, over both
    /// games, near the start or in one random game (each has the budget
    /// of one game, [`crate::engine::MAX_WORK`]).
    spent: u64,
}

impl Search<'_> {
    fn turns(&mut self, engine: &Engine, st: &mut State) -> Result<Vec<Turn>, WitnessError> {
        let before = st.work;
        engine
            .try_legal_moves(st, &mut self.buffer)
            .map_err(|_| WitnessError::TooManyTurns {
                position: position_text(engine, st),
            })?;
        // Each turn listed is also played and written twice (its text and
        // the position it leads to): charged as that many positions.
        let written = TURN_COST * self.buffer.len() as u64;
        self.spent = self
            .spent
            .saturating_add(st.work.saturating_sub(before) + written);
        if self.spent > crate::engine::MAX_WORK {
            return Err(WitnessError::TooCostly {
                position: position_text(engine, st),
            });
        }
        let per_position = engine.one_turn_per_position();
        let mut listed: Vec<Turn> = self
            .buffer
            .iter()
            .map(|m| {
                let text = move_text(engine, m);
                let mut after = st.clone();
                engine.play_unchecked(&mut after, m);
                after.dice = [0; 4];
                // Compared across the two games by the board's sites, which
                // do not depend on how each game numbers its men.
                let after = position_text_in(engine, &after, Numbering::Sites);
                let key = TurnKey {
                    after: self.same_positions.then(|| after.clone()),
                    text: (!self.same_positions || !per_position).then(|| text.clone()),
                };
                Turn {
                    text,
                    mv: *m,
                    after,
                    key,
                }
            })
            .collect();
        listed.sort_by(|x, y| x.text.cmp(&y.text));
        Ok(listed)
    }

    fn node(&mut self, pair: &mut Pair) -> Result<Node, WitnessError> {
        let (a, b) = (self.a, self.b);
        let a_moves = self.turns(a, &mut pair.a)?;
        let b_moves = self.turns(b, &mut pair.b)?;
        Ok(Node {
            outcome_a: a.outcome_with(&pair.a, !a_moves.is_empty()),
            outcome_b: b.outcome_with(&pair.b, !b_moves.is_empty()),
            a_moves,
            b_moves,
        })
    }

    /// `text` as the turn played after `pair`'s moves: with its roll in
    /// dice games.
    fn step_text(pair: &Pair, text: &str) -> String {
        match dice_text(&pair.a) {
            Some(r) => format!("{r}: {text}"),
            None => text.to_string(),
        }
    }

    /// The witness at this node, if the games differ here: another
    /// outcome, turns one game allows and the other does not (compared by
    /// [`TurnKey`]), or one turn, written alike, leading to other
    /// positions.
    fn differs(&self, pair: &Pair, node: &Node, found: &str) -> Option<Witness> {
        let (_, only_a, only_b) = matching(&node.a_moves, &node.b_moves);
        let outcome_a = outcome_text(self.a, node.outcome_a);
        let outcome_b = outcome_text(self.b, node.outcome_b);
        let position_b = position_text(self.b, &pair.b);
        let position = position_text(self.a, &pair.a);
        let differs_in = if outcome_a != outcome_b {
            "outcome"
        } else if node.outcome_a == Outcome::Ongoing && !(only_a.is_empty() && only_b.is_empty()) {
            // A turn both games write alike but that leads elsewhere.
            let same_text = only_a.iter().find_map(|&i| {
                only_b
                    .iter()
                    .find(|&&j| {
                        let (ta, tb) = (&node.a_moves[i], &node.b_moves[j]);
                        ta.text == tb.text && ta.after != tb.after
                    })
                    .map(|&j| (i, j))
            });
            if let (true, Some((i, j))) = (self.same_positions, same_text) {
                let (ta, tb) = (&node.a_moves[i], &node.b_moves[j]);
                let mut moves = pair.moves.clone();
                moves.push(Self::step_text(pair, &ta.text));
                let (mut after_a, mut after_b) = (pair.a.clone(), pair.b.clone());
                self.a.play_unchecked(&mut after_a, &ta.mv);
                self.b.play_unchecked(&mut after_b, &tb.mv);
                after_a.dice = [0; 4];
                after_b.dice = [0; 4];
                return Some(Witness {
                    moves,
                    position: position_text(self.a, &after_a),
                    dice: None,
                    differs_in: "position".into(),
                    only_a: Vec::new(),
                    only_b: Vec::new(),
                    outcome_a: outcome_text(self.a, self.a.outcome(&after_a)),
                    outcome_b: outcome_text(self.b, self.b.outcome(&after_b)),
                    position_b: Some(position_text(self.b, &after_b)),
                    found: found.into(),
                });
            }
            "legal moves"
        } else if self.same_positions
            && position_text_in(self.a, &pair.a, Numbering::Sites)
                != position_text_in(self.b, &pair.b, Numbering::Sites)
        {
            "position"
        } else {
            return None;
        };
        let texts = |turns: &[Turn], only: &[usize]| -> Vec<String> {
            let set: BTreeSet<&String> = only.iter().map(|&i| &turns[i].text).collect();
            set.into_iter().cloned().collect()
        };
        Some(Witness {
            moves: pair.moves.clone(),
            dice: dice_text(&pair.a),
            position,
            differs_in: differs_in.into(),
            only_a: texts(&node.a_moves, &only_a),
            only_b: texts(&node.b_moves, &only_b),
            outcome_a,
            outcome_b,
            position_b: (differs_in == "position").then_some(position_b),
            found: found.into(),
        })
    }

    /// The pairs after each turn both games allow (matched by
    /// [`TurnKey`]), in the first game's text order.
    fn children(&self, pair: &Pair, node: &Node) -> Vec<Pair> {
        let (pairs, _, _) = matching(&node.a_moves, &node.b_moves);
        let mut out = Vec::new();
        for (i, j) in pairs {
            let (ta, tb) = (&node.a_moves[i], &node.b_moves[j]);
            let mut child = pair.clone();
            // The dice the rules leave after the turn (a double to choose,
            // the next double of a climbing sequence) stay; the others are
            // thrown by the search.
            self.a.play_unchecked(&mut child.a, &ta.mv);
            self.b.play_unchecked(&mut child.b, &tb.mv);
            child.moves.push(Self::step_text(pair, &ta.text));
            out.push(child);
        }
        out
    }
}

/// Every roll of the first game's dice, each set of faces once.
fn rolls(engine: &Engine) -> Vec<[u8; 4]> {
    let Some(dice) = engine.game().dice else {
        return vec![[0; 4]];
    };
    if dice.values.is_some() || dice.summed {
        return dice.throws().into_iter().map(|(t, _)| t).collect();
    }
    let mut out = Vec::new();
    let mut roll = [0u8; 4];
    fn fill(
        out: &mut Vec<[u8; 4]>,
        roll: &mut [u8; 4],
        at: usize,
        count: usize,
        low: u8,
        faces: u8,
    ) {
        if at == count {
            out.push(*roll);
            return;
        }
        for d in low..=faces {
            roll[at] = d;
            fill(out, roll, at + 1, count, d, faces);
        }
    }
    fill(&mut out, &mut roll, 0, dice.count as usize, 1, dice.faces);
    out
}

/// Looks for a witness: first breadth-first over the turns near the start
/// (every roll, in dice games), up to [`MAX_NEAR_POSITIONS`] positions,
/// [`MAX_NEAR_DEPTH`] turns and the search budget of one game, then along `games` seeded random games (seeds
/// `seed`, `seed + 1`, …) in which both games play the same random turn.
/// Turns are matched by the position they lead to (see [`TurnKey`]), or,
/// where the games write positions differently, by their text.
pub fn witness(a: &Engine, b: &Engine, seed: u64, games: u64) -> Result<Searched, WitnessError> {
    let start = Pair {
        moves: Vec::new(),
        a: a.start(),
        b: b.start(),
    };
    let mut search = Search {
        a,
        b,
        same_positions: position_text_in(a, &start.a, Numbering::Sites)
            == position_text_in(b, &start.b, Numbering::Sites),
        buffer: Vec::with_capacity(256),
        spent: 0,
    };
    let thrown = |e: &Engine| {
        e.game()
            .dice
            .as_ref()
            .map(|d| (d.count, d.faces, d.opening))
    };
    if thrown(a) != thrown(b) {
        let mut pair = start.clone();
        let node = search.node(&mut pair)?;
        return Ok(Searched::found(
            0,
            Witness {
                moves: Vec::new(),
                position: position_text(a, &pair.a),
                dice: None,
                differs_in: "dice".into(),
                only_a: Vec::new(),
                only_b: Vec::new(),
                outcome_a: outcome_text(a, node.outcome_a),
                outcome_b: outcome_text(b, node.outcome_b),
                position_b: None,
                found: "at the start".into(),
            },
        ));
    }
    let all_rolls = rolls(a);
    let mut queue = VecDeque::from([start.clone()]);
    let mut seen: HashSet<(u64, u64)> = HashSet::new();
    let mut visited = 0;
    'near: while let Some(pair) = queue.pop_front() {
        // Every roll where a throw is due; otherwise the dice the rules left.
        let kept = [pair.a.dice];
        let thrown = if a.to_throw(&pair.a) {
            &all_rolls[..]
        } else {
            &kept[..]
        };
        for roll in thrown {
            if visited >= MAX_NEAR_POSITIONS {
                break 'near;
            }
            visited += 1;
            let mut pair = pair.clone();
            pair.a.dice = *roll;
            pair.b.dice = *roll;
            // The search near the start stops where its budget runs out,
            // and the random games go on from the start.
            let node = match search.node(&mut pair) {
                Err(WitnessError::TooCostly { .. }) => break 'near,
                node => node?,
            };
            if let Some(w) = search.differs(&pair, &node, "near the start") {
                return Ok(Searched::found(visited, w));
            }
            if node.outcome_a != Outcome::Ongoing || pair.moves.len() >= MAX_NEAR_DEPTH {
                continue;
            }
            for child in search.children(&pair, &node) {
                if seen.insert((a.hash(&child.a), b.hash(&child.b))) {
                    queue.push_back(child);
                }
            }
        }
    }
    for i in 0..games {
        // Each random game has the budget of a game, as a playout has; the
        // search near the start had one of its own.
        search.spent = 0;
        let game_seed = seed.wrapping_add(i);
        let mut rng = playout::rng(game_seed);
        let mut pair = start.clone();
        if a.opening(&mut pair.a, &mut rng).is_some() {
            pair.b.to_move = pair.a.to_move;
            pair.b.dice = pair.a.dice;
        }
        for _ in 0..playout::MAX_PLIES {
            if a.to_throw(&pair.a) {
                a.roll(&mut pair.a, &mut rng);
            }
            pair.b.dice = pair.a.dice;
            let node = search.node(&mut pair)?;
            let found = format!("in random game {i} (seed {game_seed})");
            if let Some(w) = search.differs(&pair, &node, &found) {
                return Ok(Searched::found(visited, w));
            }
            if node.outcome_a != Outcome::Ongoing {
                break;
            }
            let (common, _, _) = matching(&node.a_moves, &node.b_moves);
            if common.is_empty() {
                break;
            }
            let (ia, jb) = common[rng.random_range(0..common.len())];
            let (ma, mb) = (node.a_moves[ia].mv, node.b_moves[jb].mv);
            let text = Search::step_text(&pair, &node.a_moves[ia].text);
            pair.moves.push(text);
            // The next player throws where the rules say he is to throw.
            a.play_unchecked(&mut pair.a, &ma);
            b.play_unchecked(&mut pair.b, &mb);
        }
    }
    Ok(Searched {
        witness: None,
        near_positions: visited,
    })
}

/// What [`witness`] found, and how far it searched near the start.
#[derive(Debug)]
pub struct Searched {
    /// The first difference found, if any.
    pub witness: Option<Witness>,
    /// The positions (each with its roll, in dice games) searched
    /// breadth-first near the start: at most [`MAX_NEAR_POSITIONS`], fewer
    /// where the games end sooner or their search budget runs out.
    pub near_positions: usize,
}

impl Searched {
    fn found(near_positions: usize, witness: Witness) -> Searched {
        Searched {
            witness: Some(witness),
            near_positions,
        }
    }
}
