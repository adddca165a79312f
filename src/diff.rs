//! What one ruleset changes against another (`ludus diff`): the rule items
//! that differ once variants are merged, and a *witness*, a short sequence
//! of turns from the start to a position where the two games differ in play.

use crate::diag::Sources;
use crate::engine::{Engine, Move, Outcome, State};
use crate::load::Merged;
use crate::notation::{dice_text, move_text, position_text};
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
}

/// Two states of the same history, one per game.
#[derive(Clone)]
struct Pair {
    moves: Vec<String>,
    a: State,
    b: State,
}

/// What the two games allow at one node.
struct Node {
    a_moves: Vec<(String, Move)>,
    b_moves: Vec<(String, Move)>,
    outcome_a: Outcome,
    outcome_b: Outcome,
}

struct Search<'e> {
    a: &'e Engine,
    b: &'e Engine,
    /// Whether the two games write positions alike, so that positions can
    /// be compared after each turn.
    same_positions: bool,
    buffer: Vec<Move>,
}

impl Search<'_> {
    fn turns(
        &mut self,
        engine: &Engine,
        st: &mut State,
    ) -> Result<Vec<(String, Move)>, WitnessError> {
        engine
            .try_legal_moves(st, &mut self.buffer)
            .map_err(|_| WitnessError::TooManyTurns {
                position: position_text(engine, st),
            })?;
        let mut listed: Vec<(String, Move)> = self
            .buffer
            .iter()
            .map(|m| (move_text(engine, m), *m))
            .collect();
        listed.sort_by(|x, y| x.0.cmp(&y.0));
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

    /// The witness at this node, if the games differ here.
    fn differs(&self, pair: &Pair, node: &Node, found: &str) -> Option<Witness> {
        let a_texts: BTreeSet<&String> = node.a_moves.iter().map(|(t, _)| t).collect();
        let b_texts: BTreeSet<&String> = node.b_moves.iter().map(|(t, _)| t).collect();
        let outcome_a = outcome_text(self.a, node.outcome_a);
        let outcome_b = outcome_text(self.b, node.outcome_b);
        let position_b = position_text(self.b, &pair.b);
        let position = position_text(self.a, &pair.a);
        let differs_in = if outcome_a != outcome_b {
            "outcome"
        } else if node.outcome_a == Outcome::Ongoing && a_texts != b_texts {
            "legal moves"
        } else if self.same_positions && position != position_b {
            "position"
        } else {
            return None;
        };
        Some(Witness {
            moves: pair.moves.clone(),
            dice: dice_text(&pair.a),
            position,
            differs_in: differs_in.into(),
            only_a: a_texts
                .difference(&b_texts)
                .map(|t| t.to_string())
                .collect(),
            only_b: b_texts
                .difference(&a_texts)
                .map(|t| t.to_string())
                .collect(),
            outcome_a,
            outcome_b,
            position_b: (differs_in == "position").then_some(position_b),
            found: found.into(),
        })
    }

    /// The pairs after each turn both games allow, in text order.
    fn children(&self, pair: &Pair, node: &Node) -> Vec<Pair> {
        let b_by_text: HashMap<&str, &Move> =
            node.b_moves.iter().map(|(t, m)| (t.as_str(), m)).collect();
        let roll = dice_text(&pair.a);
        let mut out = Vec::new();
        for (text, ma) in &node.a_moves {
            if let Some(mb) = b_by_text.get(text.as_str()) {
                let mut child = pair.clone();
                self.a.play_unchecked(&mut child.a, ma);
                self.b.play_unchecked(&mut child.b, mb);
                child.a.dice = [0; 4];
                child.b.dice = [0; 4];
                child.moves.push(match &roll {
                    Some(r) => format!("{r}: {text}"),
                    None => text.clone(),
                });
                out.push(child);
            }
        }
        out
    }
}

/// Every roll of the first game's dice, each set of faces once.
fn rolls(engine: &Engine) -> Vec<[u8; 4]> {
    let Some(dice) = engine.game().dice else {
        return vec![[0; 4]];
    };
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
/// (every roll, in dice games), up to [`MAX_NEAR_POSITIONS`] positions and
/// [`MAX_NEAR_DEPTH`] turns, then along `games` seeded random games (seeds
/// `seed`, `seed + 1`, …) in which both games play the same random turn.
/// Turns are matched by their text, so the games must write moves alike.
pub fn witness(
    a: &Engine,
    b: &Engine,
    seed: u64,
    games: u64,
) -> Result<Option<Witness>, WitnessError> {
    let start = Pair {
        moves: Vec::new(),
        a: a.start(),
        b: b.start(),
    };
    let mut search = Search {
        a,
        b,
        same_positions: position_text(a, &start.a) == position_text(b, &start.b),
        buffer: Vec::with_capacity(256),
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
        return Ok(Some(Witness {
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
        }));
    }
    let all_rolls = rolls(a);
    let mut queue = VecDeque::from([start.clone()]);
    let mut seen: HashSet<(u64, u64)> = HashSet::new();
    let mut visited = 0;
    'near: while let Some(pair) = queue.pop_front() {
        for roll in &all_rolls {
            if visited >= MAX_NEAR_POSITIONS {
                break 'near;
            }
            visited += 1;
            let mut pair = pair.clone();
            pair.a.dice = *roll;
            pair.b.dice = *roll;
            let node = search.node(&mut pair)?;
            if let Some(w) = search.differs(&pair, &node, "near the start") {
                return Ok(Some(w));
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
        let game_seed = seed.wrapping_add(i);
        let mut rng = playout::rng(game_seed);
        let mut pair = start.clone();
        if a.opening(&mut pair.a, &mut rng).is_some() {
            pair.b.to_move = pair.a.to_move;
            pair.b.dice = pair.a.dice;
        }
        for _ in 0..playout::MAX_PLIES {
            if pair.a.dice == [0; 4] {
                a.roll(&mut pair.a, &mut rng);
            }
            pair.b.dice = pair.a.dice;
            let node = search.node(&mut pair)?;
            let found = format!("in random game {i} (seed {game_seed})");
            if let Some(w) = search.differs(&pair, &node, &found) {
                return Ok(Some(w));
            }
            if node.outcome_a != Outcome::Ongoing {
                break;
            }
            let b_texts: HashSet<&str> = node.b_moves.iter().map(|(t, _)| t.as_str()).collect();
            let common: Vec<usize> = (0..node.a_moves.len())
                .filter(|&k| b_texts.contains(node.a_moves[k].0.as_str()))
                .collect();
            if common.is_empty() {
                break;
            }
            let (text, ma) = &node.a_moves[common[rng.random_range(0..common.len())]];
            let mb = node
                .b_moves
                .iter()
                .find(|(t, _)| t == text)
                .map(|(_, m)| *m);
            let Some(mb) = mb else { break };
            pair.moves.push(match dice_text(&pair.a) {
                Some(r) => format!("{r}: {text}"),
                None => text.clone(),
            });
            a.play_unchecked(&mut pair.a, ma);
            b.play_unchecked(&mut pair.b, &mb);
            pair.a.dice = [0; 4];
            pair.b.dice = [0; 4];
        }
    }
    Ok(None)
}
