//! Checking: the merged AST of a game to its IR, collecting every problem.
//!
//! Nothing here panics on bad input and nothing is silently defaulted: each
//! mistake becomes a [`Diagnostic`] and checking goes on to find the next.

use crate::diag::{Diagnostic, FileId, Span, suggest};
use crate::ir::{self, Game};
use crate::syntax::{ItemKind, Name, Section, SectionKind};

mod again;
mod board;
mod conditions;
mod dice;
mod hand;
mod invariants;
mod lattice;
mod limits;
mod lines;
mod numbering;
mod picking;
mod pieces;
mod players;
mod reach;
mod rules;
mod seats;
mod setup;
mod sowing;
mod stakes;
mod tables;
mod throws;

pub use conditions::MAX_CONDITION_NUMBER;
pub use lines::straight_lines;
use std::collections::HashMap;

/// The most sites a board may have (site sets are 128-bit masks).
pub const MAX_SITES: usize = 128;

/// The most piece kinds a game may have (a site stores its kind in 4 bits).
pub const MAX_KINDS: usize = 16;

/// The compass directions every board knows, with their vectors.
const COMPASS: [(&str, (i32, i32)); 8] = [
    ("n", (0, 1)),
    ("ne", (1, 1)),
    ("e", (1, 0)),
    ("se", (1, -1)),
    ("s", (0, -1)),
    ("sw", (-1, -1)),
    ("w", (-1, 0)),
    ("nw", (-1, 1)),
];

/// Relative direction classes, judged against a player's forward direction.
const CLASSES: [&str; 10] = [
    "any",
    "forward",
    "backward",
    "sideways",
    "orthogonal",
    "diagonal",
    "forward-orthogonal",
    "forward-diagonal",
    "backward-orthogonal",
    "backward-diagonal",
];

/// Checks a game given as its name, header file and merged sections.
pub fn check(name: &Name, file: FileId, sections: &[Section]) -> Result<Game, Vec<Diagnostic>> {
    let mut c = Checker {
        errors: Vec::new(),
        file,
        header: name.span.clone(),
        sections,
        without_forward: Vec::new(),
        has_dice: false,
        kind_names: Vec::new(),
        board: None,
    };
    c.repeated_items();
    match c.game(name) {
        Some(game) if c.errors.is_empty() => Ok(game),
        _ => Err(c.errors),
    }
}

struct Checker<'a> {
    errors: Vec<Diagnostic>,
    file: FileId,
    /// The game's name in the header, where a missing section is reported.
    header: Span,
    sections: &'a [Section],
    /// Players already reported as lacking a forward direction.
    without_forward: Vec<String>,
    /// Whether the game has dice (known once the `dice` section is read).
    has_dice: bool,
    /// The kinds of piece declared (known once the `piece` sections are
    /// read), for the conditions that count one kind.
    kind_names: Vec<String>,
    /// The board (known once it is built), for the conditions that read
    /// its lines (`own line of N`).
    board: Option<ir::Board>,
}

/// The board while it is being built, with name lookups.
struct BoardBuild {
    board: ir::Board,
    by_name: HashMap<String, usize>,
    files: Vec<String>,
    ranks: Vec<String>,
    /// The board itself was reported as wrong: names that would be on a
    /// correct board are not reported again.
    broken: bool,
    /// A reported link item was not made: missing directions and
    /// unreachable sites are not reported again.
    links_failed: bool,
    /// Per player, per zone name: the zone's site.
    zones: Vec<Vec<(String, usize)>>,
    /// The item that generated many sites (a grid or points), for reporting
    /// unreachable ones together.
    generated: Option<(FileId, Span)>,
    /// Sites declared one by one, with where.
    extra_sites: Vec<(usize, FileId, Span)>,
    /// Per link of the board: the item that made it.
    link_origin: Vec<LinkOrigin>,
    /// The board's items make more than [`MAX_SITES`] sites (reported).
    too_many_sites: bool,
}

impl BoardBuild {
    fn site(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    /// The existing link from `from` going `direction`, if any.
    fn link_conflict(&self, from: usize, direction: usize) -> Option<usize> {
        self.board
            .links
            .iter()
            .position(|l| l.from == from && l.direction == direction)
    }

    /// The existing link from `from` to `to`, in any direction.
    fn link_between(&self, from: usize, to: usize) -> Option<usize> {
        self.board
            .links
            .iter()
            .position(|l| l.from == from && l.to == to)
    }

    fn add_link(&mut self, from: usize, to: usize, direction: usize, origin: LinkOrigin) {
        self.board.links.push(ir::Link {
            from,
            to,
            direction,
        });
        self.link_origin.push(origin);
    }
}

/// The item that made a link, for reporting a conflicting one.
#[derive(Clone, Debug, PartialEq, Eq)]
struct LinkOrigin {
    /// The item as written, such as `` `links orthogonal` ``.
    item: String,
    /// The file it was written in.
    file: FileId,
}

impl<'a> Checker<'a> {
    fn error(
        &mut self,
        file: FileId,
        span: Span,
        message: impl Into<String>,
        label: &str,
        hint: Option<String>,
    ) {
        let mut d = Diagnostic::error(file, span, message, label);
        d.hint = hint;
        self.errors.push(d);
    }

    fn sections(&self, kind: SectionKind) -> impl Iterator<Item = &'a Section> + use<'a> {
        let all: &'a [Section] = self.sections;
        all.iter().filter(move |s| s.kind == kind)
    }

    fn missing(&mut self, what: &str, hint: &str) {
        self.error(
            self.file,
            self.header.clone(),
            format!("the game has no {what}"),
            &format!("no {what} in this game"),
            Some(hint.into()),
        );
    }

    /// Reports an item given twice in one section of one file: the later one
    /// would silently replace the earlier.
    fn repeated_items(&mut self) {
        let mut seen: HashMap<(String, usize, FileId, String), Span> = HashMap::new();
        for (index, s) in self.sections.iter().enumerate() {
            // Unnamed sections of one kind are one; a player or piece declared
            // twice is reported as such, not item by item.
            let section = (
                format!("{:?}", s.kind),
                if s.name.is_some() { index } else { 0 },
            );
            for item in &s.items {
                // A repeated `site` is reported by the board itself, a `drop`
                // that removes nothing by the checker of its section.
                if matches!(item.kind, ItemKind::Site(_) | ItemKind::Drop(_)) {
                    continue;
                }
                let key = item.kind.key();
                let entry = (section.0.clone(), section.1, item.file, key.clone());
                if seen.insert(entry, item.span.clone()).is_some() {
                    self.error(
                        item.file,
                        item.span.clone(),
                        format!("`{key}` is given twice"),
                        "given again here",
                        Some(
                            "keep one of them: a later item would silently replace the earlier"
                                .into(),
                        ),
                    );
                }
            }
        }
    }

    /// The checked game; `None` when the board has too many sites, which is
    /// reported alone: nothing else can be checked without its sites.
    fn game(&mut self, name: &Name) -> Option<Game> {
        let board = self.board();
        if board.too_many_sites {
            return None;
        }
        let mut players = self.players(&board);
        self.seats(players.len());
        self.tracks(&board, &mut players);
        let tracks: Vec<Vec<usize>> = players.iter().map(|(p, _)| p.track.clone()).collect();
        let thrown = self.dice();
        // A die that picks the piece moves no man along a track: the game is
        // checked as one without dice, its dice kept for the throw.
        let picks = self.picks_kind();
        let dice = thrown.filter(|_| !picks);
        self.has_dice = dice.is_some();
        // A missing track is reported as such, not as the sites it would reach.
        if dice.is_none() || tracks.iter().all(|t| !t.is_empty()) {
            self.connectivity(&board, &tracks);
        }
        self.board = Some(board.board.clone());
        let (kinds, kind_names) = self.kinds(&board, &players, dice.is_some());
        let setup = self.setup(&board, &players, &kind_names, &kinds);
        let seeds = self.seeds(&board, &kind_names, &kinds);
        self.sowing_game(&players, &kinds, &seeds, &board);
        let hand = self.hand(&players, &kind_names, &kinds);
        let mut rules = self.rules(&kinds);
        rules.die_picks = picks && self.picking_die(thrown, kinds.len());
        rules.line_removal = self.line_removal(&board);
        self.chain_bound(&players, &setup, &hand, &kinds, &rules);
        let player_list: Vec<ir::Player> = players.into_iter().map(|(p, _)| p).collect();
        self.table_rules(&board, &player_list, dice.is_some(), &mut rules);
        self.limits(&player_list, dice, &mut rules);
        self.again(&player_list, (dice, &kinds), &mut rules);
        self.passing_throws(dice, &mut rules);
        if dice.is_some() {
            self.dice_limits();
        }
        let end = self.end(&player_list, &kind_names, dice.is_some());
        if rules.columns {
            self.columns_fit(&setup, &end);
        }
        let invariants = self.invariants(&player_list);
        let stakes = self.stakes();
        Some(Game {
            name: name.text.clone(),
            family: None,
            board: board.board,
            players: player_list,
            kinds,
            setup,
            seeds,
            hand,
            rules,
            end,
            dice: thrown,
            stakes,
            invariants,
        })
    }
}

/// A `did you mean`, else the pieces there are and how to declare another.
fn unknown_piece_hint(wrong: &str, kinds: &[Name]) -> Option<String> {
    suggest(wrong, kinds.iter().map(|k| k.text.as_str())).or_else(|| {
        let declare = format!("to add `{wrong}`, declare `piece {wrong} {{ .. }}`");
        Some(match known_list("piece", kinds.iter().map(|k| &k.text)) {
            Some(known) => format!("{known}; {declare}"),
            None => declare,
        })
    })
}

/// A hint listing the names there are, such as ``the players are `a` and `b` ``.
fn known_list<'a>(noun: &str, names: impl Iterator<Item = &'a String>) -> Option<String> {
    let listed: Vec<String> = names.map(|n| format!("`{n}`")).collect();
    // Names declared twice are reported as such; a list would mislead.
    if listed
        .iter()
        .enumerate()
        .any(|(i, n)| listed[..i].contains(n))
    {
        return None;
    }
    match listed.as_slice() {
        [] => None,
        [one] => Some(format!("the only {noun} is {one}")),
        [rest @ .., last] => Some(format!("the {noun}s are {} and {last}", rest.join(", "))),
    }
}
