//! The obligations of a roll: what each of the game's priorities
//! measures of a complete turn, and the turns they keep.

use super::Dice;
use super::masks::Masks;
use super::route::Route;
use crate::engine::bits::Bits;
use crate::engine::{NONE, State, Step, bit};
use crate::ir::{MAX_PLAY_FROM, Priority};

impl Dice {
    /// What an obligation measures of a turn of die moves `steps` (its
    /// length, largest die and pips given), `from` the sites a `play from`
    /// obligation counts the die moves from (0 where its condition does
    /// not hold).
    pub(super) fn measure(
        priority: Priority,
        steps: &[Step],
        (len, die, pips): (u8, u8, u16),
        from: impl Fn(u8) -> u128,
    ) -> u32 {
        match priority {
            Priority::MostDice => u32::from(len),
            // Refused by the checker in games with dice.
            Priority::MostCaptures => steps.iter().filter(|s| s.over != NONE).count() as u32,
            Priority::LargerDie => u32::from(die),
            Priority::MostPips => u32::from(pips),
            Priority::From(i) => {
                let sites = from(i);
                steps.iter().filter(|s| sites & bit(s.from) != 0).count() as u32
            }
        }
    }

    /// Per `play from` obligation, the sites of `st`'s mover's region
    /// where its condition holds for him (0 where it does not), with
    /// `masks` the position's.
    pub(super) fn play_from_sites<B: Bits>(
        &self,
        st: &State,
        masks: &Masks<B>,
    ) -> [u128; MAX_PLAY_FROM] {
        let player = st.to_move as usize;
        let mut out = [0; MAX_PLAY_FROM];
        for ((o, sites), when) in out
            .iter_mut()
            .zip(&self.t.play_from)
            .zip(&self.rules.play_from)
        {
            let holds = when.as_ref().is_none_or(|c| {
                let runs = B::of(self.vulnerable(st, player ^ 1));
                self.holds(st, masks, c, player, (NONE, NONE, NONE), runs)
            });
            if holds {
                *o = sites[player];
            }
        }
        out
    }

    /// Keeps the routes the obligations allow of those found in `st`, in
    /// the game's priority order. In a
    /// game with `ending turn exempt`, a turn that ends the game is legal
    /// whatever they would ask of the dice it leaves unplayed, and it
    /// counts like any other: a turn that wins with more dice or pips
    /// rules out the turns with fewer. With `ending turn obliged` it is
    /// measured like every other turn.
    #[inline(never)]
    pub(super) fn obligations(&self, out: &mut Vec<Route>, st: &State) {
        let t = &self.t;
        let from = match t.play_from.is_empty() {
            true => [0; MAX_PLAY_FROM],
            false => self.play_from_sites(st, &Masks::of(st)),
        };
        let measure = |priority, r: &Route| {
            Self::measure(priority, r.steps(), (r.len, r.die, r.pips), |i| {
                from[usize::from(i)]
            })
        };
        for &priority in &t.play {
            let best = out.iter().map(|r| measure(priority, r)).max();
            if let Some(best) = best {
                out.retain(|r| t.ending_turn_exempt && r.ends || measure(priority, r) == best);
            }
        }
    }
}
