//! Checking the lines of a board: the `line` items (sites in a row, each
//! linked to the next, that may bend; jumps `along lines` follow them),
//! and the lines `line of N removes opponent piece` is judged on: those
//! items where the board has some, else the straight runs of its links.

use super::{BoardBuild, Checker};
use crate::ir;
use crate::syntax::{Item, ItemKind, SectionKind};

/// The longest line `line of N` may ask for.
pub const MAX_LINE: u32 = 8;

impl Checker<'_> {
    /// The board's `line` items, once its links are made: at least three
    /// sites, each named once and linked to the next.
    pub(super) fn board_lines(&mut self, build: &mut BoardBuild, items: &[&Item]) {
        for item in items {
            let ItemKind::BoardLine(names) = &item.kind else {
                continue;
            };
            let text = item.kind.key();
            if names.len() < 3 {
                self.error(
                    item.file,
                    item.span.clone(),
                    format!("`{text}` names {} sites: a line runs through three at least", names.len()),
                    "too short a line",
                    Some("a jump along a line goes over one site to the next: name three sites or more, or remove the line".into()),
                );
                continue;
            }
            let mut sites = Vec::new();
            let mut ok = true;
            for (i, n) in names.iter().enumerate() {
                let Some(s) = self.site_named(build, item.file, n) else {
                    ok = false;
                    continue;
                };
                if names[..i].iter().any(|m| m.text == n.text) {
                    self.error(
                        item.file,
                        n.span.clone(),
                        format!("`{text}` passes `{}` twice", n.text),
                        "named again",
                        Some("a line passes each site once: end it before it comes back, and write the rest as a line of its own".into()),
                    );
                    ok = false;
                    continue;
                }
                if ok
                    && let Some(&last) = sites.last()
                    && build.link_between(last, s).is_none()
                    && !build.links_failed
                {
                    self.error(
                        item.file,
                        names[i - 1].span.start..n.span.end,
                        format!(
                            "`{text}` runs from `{}` to `{}`, which no link joins",
                            names[i - 1].text, n.text
                        ),
                        "not linked",
                        Some(format!(
                            "a line follows the board's links: add `link {} {} DIRECTION`, or end the line at `{}`",
                            names[i - 1].text,
                            n.text,
                            names[i - 1].text
                        )),
                    );
                    ok = false;
                }
                sites.push(s);
            }
            if ok && !build.links_failed {
                build.board.lines.push(sites);
            }
        }
    }

    /// `line of N removes opponent piece`, with the board's lines of N sites.
    pub(super) fn line_removal(&mut self, build: &BoardBuild) -> Option<ir::LineRemoval> {
        let item = self
            .sections(SectionKind::Rules)
            .flat_map(|s| s.items.iter())
            .find(|i| matches!(i.kind, ItemKind::LineRemoval(..)))?;
        let ItemKind::LineRemoval(n, protect) = &item.kind else {
            return None;
        };
        if self.has_dice {
            self.error(
                item.file,
                item.span.clone(),
                "`line of N removes opponent piece` is a rule of games without dice",
                "not in a game with dice",
                Some("remove the rule, or the `dice` section".into()),
            );
            return None;
        }
        let length = self.number(item.file, n, 2, MAX_LINE)?;
        let declared = !build.board.lines.is_empty();
        let lines = if declared {
            declared_lines(&build.board, length as usize)
        } else {
            straight_lines(&build.board, length as usize)
        };
        if lines.is_empty() {
            let (what, hint) = if declared {
                (
                    "its `line` items, each shorter",
                    "a board with `line` items counts those lines alone: name a line of N sites, or make N smaller",
                )
            } else {
                (
                    "sites each linked to the next in one direction",
                    "link the sites of each line in one direction, or make N smaller",
                )
            };
            self.error(
                item.file,
                n.span.clone(),
                format!("the board has no line of {length} sites ({what})"),
                "no such line",
                Some(hint.into()),
            );
            return None;
        }
        Some(ir::LineRemoval {
            length,
            protect: *protect,
            lines,
        })
    }
}

/// The lines of `length` sites on the board's `line` items: every run of
/// that many consecutive sites along one of them (a line of five holds
/// three lines of three), each once, in the order of the items.
pub fn declared_lines(board: &ir::Board, length: usize) -> Vec<Vec<usize>> {
    let mut lines: Vec<Vec<usize>> = Vec::new();
    for line in &board.lines {
        for run in line.windows(length) {
            add_once(&mut lines, run.to_vec());
        }
    }
    lines
}

/// Adds `line` to `lines` unless one holds the same sites already (in
/// either order).
fn add_once(lines: &mut Vec<Vec<usize>>, line: Vec<usize>) {
    let mut sorted = line.clone();
    sorted.sort_unstable();
    let seen = lines.iter().any(|l| {
        let mut m = l.clone();
        m.sort_unstable();
        m == sorted
    });
    if !seen {
        lines.push(line);
    }
}

/// The board's lines of `length` sites: from each site, the sites reached
/// by following links of one direction, each line once (not also read
/// backwards), in the order of their first site and direction.
pub fn straight_lines(board: &ir::Board, length: usize) -> Vec<Vec<usize>> {
    let dirs = board.directions.len();
    let mut next = vec![None; board.sites.len() * dirs];
    for l in &board.links {
        next[l.from * dirs + l.direction] = Some(l.to);
    }
    let mut lines: Vec<Vec<usize>> = Vec::new();
    for start in 0..board.sites.len() {
        for d in 0..dirs {
            let mut line = vec![start];
            while line.len() < length {
                match next[line[line.len() - 1] * dirs + d] {
                    Some(t) if !line.contains(&t) => line.push(t),
                    _ => break,
                }
            }
            if line.len() >= length {
                add_once(&mut lines, line);
            }
        }
    }
    lines
}
