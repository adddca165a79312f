//! Checking how far and where a piece's lines go: the reach of a step,
//! jump or take (`far`, `land behind`, `along lines`, `counting`), the
//! direction a placed piece falls in, the sites a piece may not land on or
//! pass over, what a piece shoots after its move, and what it encloses
//! once placed.

use super::{BoardBuild, CLASSES, Checker, unknown_piece_hint};
use crate::diag::FileId;
use crate::ir;
use crate::syntax::{Item, ItemKind, Name, Reach, Section};

impl Checker<'_> {
    /// `shoot KIND DIRECTIONS [far]` of a piece of a game without dice:
    /// a kind the game declares, and one direction at least.
    pub(super) fn shoot(
        &mut self,
        build: &BoardBuild,
        players: &[(ir::Player, FileId)],
        item: &Item,
        names: &[Name],
        (shot, dirs, far): (&Name, &[Name], &Option<crate::diag::Span>),
    ) -> Option<ir::Shoot> {
        let (kind, directions) = self.kind_and_directions(
            build,
            players,
            item,
            names,
            (shot, dirs),
            [
                "to shoot",
                "names no direction, so no shot could follow a move",
                "shoots nowhere",
                "name the directions the piece shoots in",
                "any far",
            ],
        )?;
        Some(ir::Shoot {
            kind,
            directions,
            far: far.is_some(),
        })
    }

    /// `enclose KIND DIRECTIONS` of a piece of a game without dice (that
    /// is placed, `placed`): a kind the game declares, and one direction
    /// at least.
    pub(super) fn enclose(
        &mut self,
        build: &BoardBuild,
        players: &[(ir::Player, FileId)],
        item: &Item,
        names: &[Name],
        (claimed, dirs): (&Name, &[Name]),
        placed: bool,
    ) -> Option<ir::Enclose> {
        if !placed {
            self.error(
                item.file,
                item.span.clone(),
                format!("`enclose {}` claims sites once the piece is placed, but it is never placed", claimed.text),
                "never placed",
                Some("add `place` to the piece (and pieces in hand to the setup), or remove `enclose`".into()),
            );
        }
        let (kind, directions) = self.kind_and_directions(
            build,
            players,
            item,
            names,
            (claimed, dirs),
            [
                "to claim a site with",
                "names no direction, so it could enclose nothing",
                "encloses nothing",
                "name the directions of the sites it encloses",
                "orthogonal",
            ],
        )?;
        Some(ir::Enclose { kind, directions })
    }

    /// The kind a `shoot` or `enclose` line names (`what`, its keyword)
    /// and its directions, one at least; `words`: what the kind is for,
    /// the message, label and hint where no direction is named, and an
    /// example of directions.
    fn kind_and_directions(
        &mut self,
        build: &BoardBuild,
        players: &[(ir::Player, FileId)],
        item: &Item,
        names: &[Name],
        (kind_name, dirs): (&Name, &[Name]),
        [purpose, none, label, hint, example]: [&str; 5],
    ) -> Option<(usize, Vec<Vec<usize>>)> {
        let what = match item.kind {
            ItemKind::Shoot(..) => "shoot",
            _ => "enclose",
        };
        let Some(kind) = names.iter().position(|n| n.text == kind_name.text) else {
            let hint = unknown_piece_hint(&kind_name.text, names);
            self.error(
                item.file,
                kind_name.span.clone(),
                format!("there is no piece `{}` {purpose}", kind_name.text),
                "unknown piece",
                hint,
            );
            return None;
        };
        let errors = self.errors.len();
        let directions = self.direction_set(build, players, item.file, dirs);
        if directions.iter().all(Vec::is_empty) && self.errors.len() == errors {
            self.error(
                item.file,
                item.span.clone(),
                format!("`{what} {}` {none}", kind_name.text),
                label,
                Some(format!("{hint}: `{what} {} {example}`", kind_name.text)),
            );
        }
        Some((kind, directions))
    }

    /// Refuses `may not land on|pass over` on a piece whose lines it
    /// cannot bar: one that is placed or flies (`place on REGION` says
    /// where it is placed; a flying piece passes over nothing), or one
    /// that jumps far (its landings beyond a piece are not barred).
    pub(super) fn barred_lines(&mut self, section: &Section, name: &Name, item: &Item, land: bool) {
        let what = if land {
            "may not land on"
        } else {
            "may not pass over"
        };
        for other in &section.items {
            let (line, hint) = match &other.kind {
                ItemKind::Place(..) => (
                    "is placed",
                    "`place on own REGION` says where a piece is placed",
                ),
                ItemKind::Fly(..) => ("flies", "a flying piece goes to any empty site"),
                ItemKind::Jump(_, _, reach, _) if land && reach.far.is_some() => (
                    "jumps far",
                    "the landings of a far jump are not barred, those of a near jump are",
                ),
                _ => continue,
            };
            self.error(
                item.file,
                item.span.clone(),
                format!(
                    "`{what}` bars the sites of steps and jumps, but piece `{}` {line}",
                    name.text
                ),
                "not for this piece",
                Some(format!("remove `{what}`: {hint}")),
            );
            return;
        }
    }

    /// The direction of `place falling DIRECTION`: one compass direction
    /// the board has links in, in a game without dice.
    pub(super) fn falling(
        &mut self,
        build: &BoardBuild,
        file: FileId,
        direction: &Name,
        has_dice: bool,
    ) -> Option<usize> {
        if has_dice {
            self.error(
                file,
                direction.span.clone(),
                "in a game with dice, men enter the track by `place`: they cannot fall",
                "not in a game with dice",
                Some("remove `falling` and its direction".into()),
            );
            return None;
        }
        if CLASSES.contains(&direction.text.as_str()) || direction.text == "none" {
            self.error(
                file,
                direction.span.clone(),
                format!(
                    "a piece falls one way, a compass direction, and `{}` is not one",
                    direction.text
                ),
                "not one direction",
                Some("name one of n ne e se s sw w nw: `place falling s`".into()),
            );
            return None;
        }
        self.direction(build, file, direction, true)
    }

    /// How far a `step` or `jump` line reaches, or a diagnostic for `land
    /// behind` without `far` (a near jump always lands right behind).
    pub(super) fn reach(&mut self, build: &BoardBuild, item: &Item, reach: &Reach) -> ir::Reach {
        if let Some(counting) = &reach.counting {
            let (message, label, hint) = if matches!(item.kind, ItemKind::Jump(..)) {
                (
                    "`counting` on a jump: a jump goes over the next site",
                    "for steps and takes",
                    "write `step DIRECTIONS counting` for a move as long as the pieces on its line, and `take DIRECTIONS counting` for its capture",
                )
            } else if let Some(far) = &reach.far {
                self.error(
                    item.file,
                    far.clone(),
                    "`far` with `counting`: a counting step goes exactly as far as the pieces on its line",
                    "not with `counting`",
                    Some("remove `far` (a move as long as the pieces on its line) or `counting` (a slide of any length)".into()),
                );
                return ir::Reach::Near;
            } else if reach.along.is_some() {
                (
                    "`along lines` with `counting`: a counting step goes along a straight line of the grid",
                    "not with `along lines`",
                    "remove `along lines`",
                )
            } else if build.board.grid.is_none() {
                (
                    "`counting` on a board without a grid: the pieces are counted along its straight lines",
                    "needs a grid",
                    "give the board a `grid`",
                )
            } else {
                return ir::Reach::Counting {
                    over_own: reach.over_own.is_some(),
                };
            };
            self.error(
                item.file,
                counting.clone(),
                message,
                label,
                Some(hint.into()),
            );
            return ir::Reach::Near;
        }
        if let Some(along) = &reach.along {
            let (message, label, hint) = if matches!(item.kind, ItemKind::Step(..)) {
                (
                    "`along lines` on a step: a step goes to the next site, along a link already",
                    "a step has no line to follow",
                    "remove `along lines`; it is for jumps, which go on past the site they pass over".to_string(),
                )
            } else if reach.far.is_some() {
                (
                    "`along lines` with `far`: a jump along the board's lines goes over the next site only",
                    "not with `far`",
                    "remove `far` (a jump over the next site, along the line through it) or `along lines` (a far jump in a straight line)".to_string(),
                )
            } else if build.board.lines.is_empty() {
                if build.broken || build.links_failed {
                    return ir::Reach::Along;
                }
                (
                    "`along lines`, but the board draws no lines",
                    "no `line` on the board",
                    "add the board's lines to `board`, each through the sites it passes, `line a2 b3 c2 d1 e2`".to_string(),
                )
            } else {
                return ir::Reach::Along;
            };
            self.error(item.file, along.clone(), message, label, Some(hint));
            return ir::Reach::Near;
        }
        match (&reach.far, &reach.behind) {
            (None, None) => ir::Reach::Near,
            (Some(_), None) => ir::Reach::Far,
            (Some(_), Some(_)) => ir::Reach::FarBehind,
            (None, Some(behind)) => {
                self.error(
                    item.file,
                    behind.clone(),
                    "`land behind` without `far`: a jump over the next site always lands right behind it",
                    "needs `far`",
                    Some("write `jump DIRECTIONS far land behind` for a capture at any distance that lands right behind the piece, or remove `land behind`".into()),
                );
                ir::Reach::Near
            }
        }
    }
}
