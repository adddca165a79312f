//! Checking the dice of a game: their count and faces (listed, summed),
//! doubles that climb, and what a game with dice cannot have.

use super::Checker;
use crate::diag::{FileId, Span};
use crate::ir;
use crate::syntax::{Item, ItemKind, Name, SectionKind};

impl Checker<'_> {
    /// `faces V V ...`: each face's value, at most
    /// [`ir::MAX_LISTED_FACES`] faces, some face not 0.
    fn listed_faces(&mut self, item: &Item, listed: &[Name], dice: &mut ir::Dice) {
        let mut values = [0u8; ir::MAX_LISTED_FACES];
        if listed.len() > ir::MAX_LISTED_FACES {
            self.error(
                item.file,
                item.span.clone(),
                format!(
                    "a die may list at most {} faces, this one lists {}",
                    ir::MAX_LISTED_FACES,
                    listed.len()
                ),
                "too many faces",
                Some(format!(
                    "for dice numbered from 1, write the number of faces alone: `faces {}`",
                    listed.len()
                )),
            );
            dice.faces = 6;
            dice.values = None;
            return;
        }
        for (v, n) in values.iter_mut().zip(listed) {
            *v = self
                .number(item.file, n, 0, u32::from(ir::MAX_FACE_VALUE))
                .unwrap_or(1) as u8;
        }
        if values.iter().all(|&v| v == 0) {
            self.error(
                item.file,
                item.span.clone(),
                "every face of these dice is 0: no throw would ever move a man",
                "no face above 0",
                Some("give some face a value, as in `faces 0 1`".into()),
            );
            values[0] = 1;
        }
        dice.faces = listed.len() as u8;
        dice.values = Some(values);
    }

    /// `summed` needs several dice, and one die move per throw: not with
    /// `doubles twice` or an opening throw.
    fn summed_dice(
        &mut self,
        dice: &ir::Dice,
        summed: Option<&Item>,
        doubles: Option<&Item>,
        opening: Option<&Item>,
    ) {
        if let Some(o) = opening
            && dice.values.is_some()
            && summed.is_none()
        {
            self.error(
                o.file,
                o.span.clone(),
                "the opening throw compares dice numbered from 1, and these dice list their faces",
                "opening",
                Some("remove the `opening`, or number the faces from 1 (`faces 6`)".into()),
            );
        }
        let Some(item) = summed else { return };
        if dice.count == 1 {
            self.error(
                item.file,
                item.span.clone(),
                "one die cannot be summed",
                "summed",
                Some("sum several dice (`count 4 faces 0 1 summed`), or remove `summed`".into()),
            );
        }
        if let Some(d) = doubles {
            self.error(
                d.file,
                d.span.clone(),
                "summed dice throw one number, which has no doubles to play twice",
                "doubles twice",
                Some("remove `doubles twice`, or `summed` to use the dice one by one".into()),
            );
        }
        if let Some(o) = opening {
            self.error(
                o.file,
                o.span.clone(),
                "the opening throw of one die each cannot be made with summed dice",
                "opening",
                Some("remove the `opening`: the first player starts".into()),
            );
        }
    }

    /// `doubles climb to N [from turn K]`: dice numbered from 1 and used
    /// one by one, at least two of them, N a face, and the longest
    /// sequence (from the double of ones) within [`ir::MAX_DIE_MOVES`]
    /// unless each double is a turn of its own (`each double a turn`).
    fn climb(&mut self, item: &Item, dice: &ir::Dice, summed: bool) -> Option<ir::Climb> {
        let ItemKind::DoublesClimb(top, from, each) = &item.kind else {
            return None;
        };
        let refuse = |c: &mut Self, message: &str, hint: &str| {
            c.error(
                item.file,
                item.span.clone(),
                message.to_string(),
                "doubles climb",
                Some(hint.into()),
            );
        };
        if summed {
            refuse(
                self,
                "summed dice throw one number, which has no doubles to climb",
                "remove `doubles climb`, or `summed` to use the dice one by one",
            );
            return None;
        }
        if dice.values.is_some() {
            refuse(
                self,
                "climbing doubles go up one pip a double, and these dice list their faces",
                "number the faces from 1 (`faces 6`), or remove `doubles climb`",
            );
            return None;
        }
        if dice.count == 1 {
            refuse(
                self,
                "one die throws no doubles to climb",
                "throw two dice or more (`count 2`), or remove `doubles climb`",
            );
            return None;
        }
        let faces = u32::from(dice.faces.max(2));
        let top = self.number(item.file, top, 2, faces);
        let from_turn = match from {
            Some(n) => self.number(item.file, n, 1, ir::MAX_LIMIT_TURN),
            None => Some(1),
        };
        let (top, from_turn) = (top? as u8, from_turn? as u8);
        // Every double from ones to the top, each played as doubles are.
        let per_double = usize::from(dice.count) * if dice.doubles_twice { 2 } else { 1 };
        let longest = usize::from(top) * per_double;
        // A double a turn: no turn is longer than one double.
        if !*each && longest > ir::MAX_DIE_MOVES {
            self.error(
                item.file,
                item.span.clone(),
                format!(
                    "a double of ones would climb to {longest} die moves ({top} doubles of {per_double}), more than the {} of one turn",
                    ir::MAX_DIE_MOVES
                ),
                "too long a climb",
                Some(format!(
                    "climb to at most {}, or play each double as a turn of its own (`, each double a turn`)",
                    ir::MAX_DIE_MOVES / per_double
                )),
            );
            return None;
        }
        Some(ir::Climb {
            top,
            from_turn,
            each: *each,
        })
    }

    /// Reads the `dice` section, if any.
    pub(super) fn dice(&mut self) -> Option<ir::Dice> {
        let sections: Vec<_> = self.sections(SectionKind::Dice).collect();
        let first = sections.first()?;
        let mut dice = ir::Dice {
            count: 0,
            faces: 0,
            values: None,
            summed: false,
            doubles_twice: false,
            notation_down: false,
            opening: None,
            climb: None,
        };
        let mut opening = None;
        let mut climb = None;
        let mut summed = None;
        let mut doubles = None;
        for item in sections.iter().flat_map(|s| s.items.iter()) {
            match &item.kind {
                ItemKind::DiceCount(n) => {
                    dice.count = self
                        .number(item.file, n, 1, ir::MAX_DICE as u32)
                        .unwrap_or(1) as u8;
                }
                ItemKind::DiceFaces(listed) => match listed.as_slice() {
                    [n] => {
                        dice.faces = self.number(item.file, n, 2, 64).unwrap_or(6) as u8;
                        dice.values = None;
                    }
                    [] => {
                        self.error(
                            item.file,
                            item.span.clone(),
                            "`faces` gives neither a number of faces nor the faces' values",
                            "no faces",
                            Some("write `faces 6` for dice numbered 1 to 6, or each face's value, as in `faces 0 1`".into()),
                        );
                        dice.faces = 6;
                    }
                    _ => self.listed_faces(item, listed, &mut dice),
                },
                ItemKind::DiceSummed => {
                    dice.summed = true;
                    summed = Some(item);
                }
                ItemKind::Doubles(twice) => {
                    dice.doubles_twice = *twice;
                    doubles = doubles.or(twice.then_some(item));
                }
                ItemKind::DoublesClimb(..) => climb = Some(item),
                ItemKind::DiceNotation(down) => dice.notation_down = *down,
                ItemKind::Opening(both) => {
                    dice.opening = Some(*both);
                    opening = Some(item);
                }
                _ => {}
            }
        }
        let missing = match (dice.count, dice.faces) {
            (0, 0) => Some((
                "says neither how many dice are thrown nor how many faces they have",
                "count 2 faces 6",
            )),
            (0, _) => Some(("does not say how many dice are thrown", "count 2")),
            (_, 0) => Some(("does not say how many faces the dice have", "faces 6")),
            _ => None,
        };
        if let Some((what, add)) = missing {
            self.error(
                first.file,
                first.span.clone(),
                format!("the `dice` section {what}"),
                "these dice",
                Some(format!("add `{add}` to the `dice` section")),
            );
        }
        self.summed_dice(&dice, summed, doubles, opening);
        if let Some(item) = climb {
            dice.climb = self.climb(item, &dice, summed.is_some());
        }
        // The two opening dice are the starter's first roll.
        if let Some(item) = opening
            && dice.opening == Some(true)
            && dice.count != 2
            && dice.count != 0
        {
            self.error(
                item.file,
                item.span.clone(),
                format!(
                    "the opening's two dice cannot be the first roll of a game that throws {} {}",
                    dice.count,
                    if dice.count == 1 { "die" } else { "dice" }
                ),
                "its two dice as the first roll",
                Some("with `plays both` the game throws two dice (`count 2`); or write `throws again`".into()),
            );
        }
        Some(dice)
    }

    /// Reports what a game with dice cannot have: a second kind of piece
    /// (men of one player stack and are all alike), promotion, and the
    /// capture, chain and return rules of games without dice.
    pub(super) fn dice_limits(&mut self) {
        let pieces: Vec<(FileId, Span, String)> = self
            .sections(SectionKind::Piece)
            .map(|s| {
                let name = s.name.as_ref().map_or(String::new(), |n| n.text.clone());
                (s.file, s.span.clone(), name)
            })
            .collect();
        if let [(_, _, first), rest @ ..] = pieces.as_slice() {
            for (file, span, name) in rest {
                self.error(
                    *file,
                    span.clone(),
                    format!(
                        "a game with dice has one kind of piece, and `{first}` is declared already"
                    ),
                    "a second kind",
                    Some(format!(
                        "a player's men stack on a point and are all alike: remove the piece `{name}`"
                    )),
                );
            }
        }
        let items: Vec<(FileId, Span, &'static str)> = self
            .sections(SectionKind::Piece)
            .chain(self.sections(SectionKind::Rules))
            .flat_map(|s| s.items.iter())
            .filter_map(|i| {
                let rule = match i.kind {
                    ItemKind::Promote(..) => "promote",
                    ItemKind::Capture(..) => "capture",
                    ItemKind::Chain(..) => "chain",
                    ItemKind::Return(_) => "return",
                    _ => return None,
                };
                Some((i.file, i.span.clone(), rule))
            })
            .collect();
        for (file, span, rule) in items {
            let message = if rule == "promote" {
                "men of dice games do not promote".to_string()
            } else {
                format!("`{rule}` is a rule of games without dice")
            };
            self.error(
                file,
                span,
                message,
                "not in a game with dice",
                Some(
                    "men of dice games advance by the dice, are hit to a zone and never promote: remove it"
                        .into(),
                ),
            );
        }
    }
}
