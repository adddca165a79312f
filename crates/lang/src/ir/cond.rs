//! The checked form of conditions: what an end rule, a counter's `while`,
//! an invariant, a `forbid`, a `pass` or a `when` judges for one player,
//! and the terms it counts.

use super::{Compare, Whose};
use serde::Serialize;

/// A condition judged for one player ("own"), with `here` the landing site.
#[derive(Clone, Debug, Serialize)]
pub enum Cond {
    /// Any holds.
    Or(Vec<Cond>),
    /// All hold.
    And(Vec<Cond>),
    /// It does not hold.
    Not(Box<Cond>),
    /// The landing site is in a region of the player (`Own`) or of his
    /// opponent (`Opponent`).
    HereIn(Whose, String),
    /// The landing site lies in a vulnerable run of the opponent.
    HereVulnerable,
    /// The site the man lands from is in a region of the player (`Own`)
    /// or of his opponent (`Opponent`).
    FromIn(Whose, String),
    /// Two sums compared.
    Compare(Vec<Term>, Compare, Vec<Term>),
    /// The judged player is the one of this name (games without dice).
    Player(String),
    /// The piece the judged move moves or places is of the kind of this
    /// name as the move starts.
    Moving(String),
    /// The die the judged die move plays, as it shows, compared with a
    /// number (`forbid` of games with dice).
    Die(Compare, u32),
    /// The pieces of one side stand on every site of one of the board's
    /// lines of this many sites (`own line of N`: N sites in a row, each
    /// linked to the next in one direction, as
    /// [`crate::check::straight_lines`] finds them). Games without dice.
    LineOf(Whose, u32),
    /// N in a row and no more (`own line of exactly N`): as
    /// [`Cond::LineOf`], and the sites next to the line's ends along it
    /// are not that side's. End rules and invariants.
    ExactLine(Whose, u32),
    /// A chain of the pieces of one side, each linked to the next by a
    /// board link, joins a site of the first region to a site of the
    /// second (`own connects start to goal`); each region is read in the
    /// frame given, relative to the judged player. End rules and
    /// invariants of games without dice.
    Connects(Whose, (Whose, String), (Whose, String)),
    /// The pieces of one side, one at least, form one group, each linked
    /// to another of it by a board link (`own pieces connected`). End
    /// rules and invariants of games without dice.
    Connected(Whose),
}

/// A number in a condition.
#[derive(Clone, Debug, Serialize)]
pub enum Term {
    /// A literal.
    Number(i32),
    /// Men of one side on the landing site.
    MenHere(Whose),
    /// Men of one side (the first `Whose`) in a region of one side (the
    /// second): `opponent men in bar` reads the opponent's bar, `opponent
    /// men in own home` the player's home.
    MenIn(Whose, Whose, String),
    /// Men of one side pinned under the other side's men, in a region of
    /// one side (framed like [`Term::MenIn`]).
    PinnedIn(Whose, Whose, String),
    /// The seeds on the sites of a region of the player or his opponent
    /// (sowing games).
    SeedsIn(Whose, String),
    /// Sites of a region of the player or his opponent holding the
    /// player's men.
    OwnPoints(Whose, String),
    /// Sites of a region of the player or his opponent that are empty,
    /// hold one opposing man, or lie in a vulnerable run of the opponent.
    OpenPoints(Whose, String),
    /// Every piece of one side on every site, stacked and pinned men
    /// included. In dice games, invariants only (the checker refuses it
    /// elsewhere there).
    Pieces(Whose),
    /// The pieces of one side in his hand, not yet placed.
    InHand(Whose),
    /// The pieces of one side taken so far: those he starts with (on the
    /// board and in hand) less those on the board and in hand. Games
    /// without dice only.
    Captured(Whose),
    /// The pieces of one kind (named) of one side on the board, or, with
    /// a region, on its sites (framed like [`Term::MenIn`]: whose region,
    /// and its name). Games without dice only.
    KindPieces(Whose, String, Option<(Whose, String)>),
}
