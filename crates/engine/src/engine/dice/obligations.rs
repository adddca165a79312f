//! The obligations of a roll: what each of the game's priorities
//! measures of a complete turn, and the turns they keep.

use super::Dice;
use super::route::Route;
use crate::ir::Priority;

impl Dice {
    /// What an obligation measures of a route.
    pub(super) fn measure(priority: Priority, r: &Route) -> u32 {
        match priority {
            Priority::MostDice => u32::from(r.len),
            // Refused by the checker in games with dice.
            Priority::MostCaptures => r.hits() as u32,
            Priority::LargerDie => u32::from(r.die),
            Priority::MostPips => u32::from(r.pips),
        }
    }

    /// Keeps the routes the obligations allow, in the game's
    /// priority order. In a game with `ending turn exempt`, a turn that
    /// ends the game is legal whatever they would ask of the dice it leaves
    /// unplayed, and it counts like any other: a turn that wins with more
    /// dice or pips rules out the turns with fewer. With `ending turn
    /// obliged` it is measured like every other turn.
    pub(super) fn obligations(&self, out: &mut Vec<Route>) {
        let t = &self.t;
        for &priority in &t.play {
            let best = out.iter().map(|r| Self::measure(priority, r)).max();
            if let Some(best) = best {
                out.retain(|r| {
                    t.ending_turn_exempt && r.ends || Self::measure(priority, r) == best
                });
            }
        }
    }
}
