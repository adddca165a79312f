//! Checking the limits on the die moves of one turn: how many men may leave
//! a region per turn (with exceptions by roll and by the player's turn),
//! and the runs of held points no die move may make.

use super::{Checker, MAX_SITES};
use crate::diag::FileId;
use crate::ir::{self, MAX_DICE, MAX_LIMIT_TURN};
use crate::syntax::{Item, ItemKind, LimitException, Name, SectionKind};

/// The most die moves of one turn (every die of the most a game throws,
/// each played twice on doubles): a limit above it limits nothing.
const MOST_DIE_MOVES: u32 = 2 * MAX_DICE as u32;

impl Checker<'_> {
    /// Reads the `limit` rules of a game with dice into `rules`.
    pub(super) fn limits(
        &mut self,
        players: &[ir::Player],
        dice: Option<ir::Dice>,
        rules: &mut ir::Rules,
    ) {
        let Some(dice) = dice else {
            // Reported by `table_rules` as a rule of games with dice.
            return;
        };
        let items: Vec<&Item> = self
            .sections(SectionKind::Rules)
            .flat_map(|s| s.items.iter())
            .collect();
        for item in items {
            match &item.kind {
                ItemKind::LimitLeave(name, most, region, exceptions) => {
                    if dice.climb.is_some() {
                        self.error(
                            item.file,
                            item.span.clone(),
                            "a limit on the men leaving a region per turn is not judged across the doubles of a climbing sequence",
                            "per turn",
                            Some("remove the `limit`, or `doubles climb` from the dice".into()),
                        );
                    }
                    self.region(players, item.file, region);
                    let most = self.number(item.file, most, 0, MOST_DIE_MOVES).unwrap_or(0);
                    let exceptions = exceptions
                        .iter()
                        .map(|e| self.exception(item.file, e, dice))
                        .collect();
                    rules.leave_limits.push(ir::LeaveLimit {
                        name: name.text.clone(),
                        region: region.text.clone(),
                        most: most as u8,
                        exceptions,
                    });
                }
                ItemKind::LimitRun(name, length, closed, unless_ahead) => {
                    let length = match length.text.parse::<u32>() {
                        Ok(n) if (2..=MAX_SITES as u32).contains(&n) => n,
                        _ => {
                            self.error(
                                item.file,
                                length.span.clone(),
                                format!(
                                    "a run is 2 to {MAX_SITES} points long, and `{}` is not",
                                    length.text
                                ),
                                "not a run's length",
                                Some(
                                    "write the length of the shortest run forbidden, such as `no run of 6 own points`"
                                        .into(),
                                ),
                            );
                            2
                        }
                    };
                    rules.run_limits.push(ir::RunLimit {
                        name: name.text.clone(),
                        length,
                        men: if *closed { 2 } else { 1 },
                        unless_ahead: *unless_ahead,
                    });
                }
                _ => {}
            }
        }
    }

    /// One exception: it must say when it applies, on a turn no later than
    /// [`MAX_LIMIT_TURN`], with rolls the game's dice can throw.
    fn exception(
        &mut self,
        file: FileId,
        e: &LimitException,
        dice: ir::Dice,
    ) -> ir::LeaveException {
        let most = self.number(file, &e.most, 0, MOST_DIE_MOVES).unwrap_or(0);
        if e.turn.is_none() && e.rolls.is_empty() {
            self.error(
                file,
                e.span.clone(),
                "this exception does not say when it applies",
                "applies when?",
                Some(format!(
                    "say on which of the player's turns or with which rolls: `{} on first turn`, `{} on turn 2` or `{} with 6-6`",
                    e.most.text, e.most.text, e.most.text
                )),
            );
        }
        let turn = e.turn.as_ref().and_then(|t| match t.text.parse::<u32>() {
            Ok(n) if (1..=MAX_LIMIT_TURN).contains(&n) => Some(n as u8),
            _ => {
                self.error(
                    file,
                    t.span.clone(),
                    format!(
                        "an exception names a player's turn from 1 to {MAX_LIMIT_TURN}, and `{}` is not one",
                        t.text
                    ),
                    "not a turn",
                    Some(format!(
                        "the engine counts each player's turns up to {MAX_LIMIT_TURN}: write `on first turn` or `on turn N`"
                    )),
                );
                None
            }
        });
        let rolls = e
            .rolls
            .iter()
            .filter_map(|r| self.roll(file, r, dice))
            .collect();
        ir::LeaveException {
            most: most as u8,
            turn,
            rolls,
        }
    }

    /// A roll such as `6-6`: one number per die thrown (one for summed
    /// dice), each one the dice can show; as the engine compares them, the
    /// state's slot of every die sorted.
    pub(super) fn roll(&mut self, file: FileId, roll: &Name, dice: ir::Dice) -> Option<Vec<u8>> {
        let numbers = dice.numbers();
        let faces: Vec<Option<u8>> = roll
            .text
            .split('-')
            .map(|f| f.parse::<u8>().ok().filter(|f| numbers.contains(f)))
            .collect();
        let fits = faces.len() == dice.shown() && faces.iter().all(Option::is_some);
        if !fits {
            let shown: Vec<String> = numbers.iter().map(u8::to_string).collect();
            let highest = numbers.last().copied().unwrap_or(1).to_string();
            let (what, each) = if dice.summed {
                (
                    format!("{} dice summed", dice.count),
                    "write the one number thrown",
                )
            } else {
                (
                    format!("{} dice of {} faces", dice.count, dice.faces),
                    "write one number per die, joined by `-`",
                )
            };
            self.error(
                file,
                roll.span.clone(),
                format!("`{}` is not a roll of this game's dice ({what})", roll.text),
                "not a roll",
                Some(if dice.values.is_none() && !dice.summed {
                    format!(
                        "write one number from 1 to {} per die, joined by `-`, such as `{}`",
                        dice.faces,
                        vec![highest; dice.shown()].join("-")
                    )
                } else {
                    format!(
                        "{each}, from {}, such as `{}`",
                        shown.join(" "),
                        vec![highest; dice.shown()].join("-")
                    )
                }),
            );
            return None;
        }
        let mut faces: Vec<u8> = faces.into_iter().flatten().map(ir::stored_value).collect();
        // The engine sorts every die's slot, and summed dice leave all but
        // the first at 0.
        faces.resize(dice.count as usize, 0);
        faces.sort_unstable();
        Some(faces)
    }
}
