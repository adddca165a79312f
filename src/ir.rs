//! The checked game: every name resolved to an index, every rule explicit.
//!
//! The IR is plain data (serde) and has a readable text dump, used by the
//! `show` command and the snapshot tests.

use serde::Serialize;
use std::fmt;

pub use crate::syntax::{EndResult, Obligation};

/// A complete, checked game.
#[derive(Clone, Debug, Serialize)]
pub struct Game {
    /// The name from the file's header.
    pub name: String,
    /// Sites, directions and links.
    pub board: Board,
    /// Exactly two players; the first moves first.
    pub players: Vec<Player>,
    /// Piece kinds; the first is the kind placed by default.
    pub kinds: Vec<Kind>,
    /// The start position.
    pub setup: Vec<Placement>,
    /// Capture obligations and piece memory.
    pub rules: Rules,
    /// End conditions, judged in this order after every turn.
    pub end: Vec<EndRule>,
}

/// The board as a graph of named sites joined by directed links.
#[derive(Clone, Debug, Serialize)]
pub struct Board {
    /// The grid the board was generated from, if any.
    pub grid: Option<Grid>,
    /// Every site; indices are site numbers.
    pub sites: Vec<Site>,
    /// The directions links may take.
    pub directions: Vec<Direction>,
    /// Directed links: `from` reaches `to` going `direction`.
    pub links: Vec<Link>,
}

/// A rectangular grid: site `(x, y)` is named `files[x]` then `ranks[y]`.
#[derive(Clone, Debug, Serialize)]
pub struct Grid {
    /// Column names, left to right.
    pub files: Vec<String>,
    /// Row names, from the first player's side.
    pub ranks: Vec<String>,
}

/// One point of the board.
#[derive(Clone, Debug, Serialize)]
pub struct Site {
    /// Its name in notation.
    pub name: String,
    /// Grid column and row, when on a grid.
    pub coord: Option<(i32, i32)>,
}

/// A named direction with its vector on the plane.
#[derive(Clone, Debug, Serialize)]
pub struct Direction {
    /// Compass name, such as `ne`.
    pub name: String,
    /// Column and row change.
    pub vector: (i32, i32),
}

/// A directed link between two sites.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Link {
    /// Start site.
    pub from: usize,
    /// End site.
    pub to: usize,
    /// Index into [`Board::directions`].
    pub direction: usize,
}

/// A player and his frame of reference.
#[derive(Clone, Debug, Serialize)]
pub struct Player {
    /// Name, such as `white`.
    pub name: String,
    /// The direction he calls forward.
    pub forward: usize,
    /// His named regions.
    pub regions: Vec<Region>,
}

/// A named set of sites.
#[derive(Clone, Debug, Serialize)]
pub struct Region {
    /// Name, such as `back-rank`.
    pub name: String,
    /// Its sites.
    pub sites: Vec<usize>,
}

/// A kind of piece and how it moves.
#[derive(Clone, Debug, Serialize)]
pub struct Kind {
    /// Name, such as `man`.
    pub name: String,
    /// How it is drawn, per player.
    pub marks: Vec<char>,
    /// Per player: the directions it may step in.
    pub step: Vec<Vec<usize>>,
    /// Per player: the directions it may jump (capture) in.
    pub jump: Vec<Vec<usize>>,
    /// Promotion on arrival in a region.
    pub promote: Option<Promotion>,
}

/// Promotion to another kind on arrival.
#[derive(Clone, Debug, Serialize)]
pub struct Promotion {
    /// The kind it becomes.
    pub to: usize,
    /// Per player: the sites where it is promoted.
    pub sites: Vec<Vec<usize>>,
}

/// One piece of the start position.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Placement {
    /// Where.
    pub site: usize,
    /// Whose.
    pub player: usize,
    /// Which kind.
    pub kind: usize,
}

/// Capture obligations and piece memory.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Rules {
    /// Whether a capture must be made when one exists.
    pub capture: Obligation,
    /// Whether a capture chain goes on (`None`: single jumps only).
    pub chain: Obligation,
    /// No piece may return to a site it has occupied before.
    pub no_return: bool,
}

/// A way for the game to end, judged for the player about to move.
#[derive(Clone, Copy, Debug, Serialize)]
pub enum EndRule {
    /// He has no pieces.
    NoPieces(EndResult),
    /// He has no legal move.
    NoMoves(EndResult),
    /// This many consecutive turns passed without a capture: more pieces wins.
    NoCapture(u32),
}

impl Game {
    /// Site names joined by spaces.
    fn site_list(&self, sites: &[usize]) -> String {
        let names: Vec<&str> = sites
            .iter()
            .map(|&s| self.board.sites[s].name.as_str())
            .collect();
        names.join(" ")
    }

    fn direction_list(&self, dirs: &[usize]) -> String {
        let names: Vec<&str> = dirs
            .iter()
            .map(|&d| self.board.directions[d].name.as_str())
            .collect();
        if names.is_empty() {
            "-".into()
        } else {
            names.join(" ")
        }
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "game {:?}", self.name)?;
        let board = &self.board;
        match &board.grid {
            Some(g) => writeln!(
                f,
                "board: grid {} x {}, {} sites",
                g.files.len(),
                g.ranks.len(),
                board.sites.len()
            )?,
            None => writeln!(f, "board: {} sites", board.sites.len())?,
        }
        for (i, site) in board.sites.iter().enumerate() {
            let mut by_dir: Vec<String> = board
                .links
                .iter()
                .filter(|l| l.from == i)
                .map(|l| {
                    format!(
                        "{}>{}",
                        board.directions[l.direction].name, board.sites[l.to].name
                    )
                })
                .collect();
            by_dir.sort();
            writeln!(f, "  {}: {}", site.name, by_dir.join(" "))?;
        }
        for p in &self.players {
            writeln!(
                f,
                "player {}: forward {}",
                p.name, board.directions[p.forward].name
            )?;
            for r in &p.regions {
                writeln!(f, "  region {}: {}", r.name, self.site_list(&r.sites))?;
            }
        }
        for k in &self.kinds {
            let marks: String = k.marks.iter().collect();
            writeln!(f, "piece {} (marks {marks})", k.name)?;
            for (i, p) in self.players.iter().enumerate() {
                writeln!(f, "  {} step: {}", p.name, self.direction_list(&k.step[i]))?;
                writeln!(f, "  {} jump: {}", p.name, self.direction_list(&k.jump[i]))?;
            }
            if let Some(pr) = &k.promote {
                for (i, p) in self.players.iter().enumerate() {
                    writeln!(
                        f,
                        "  {} promotes to {} on: {}",
                        p.name,
                        self.kinds[pr.to].name,
                        self.site_list(&pr.sites[i])
                    )?;
                }
            }
        }
        for (pi, p) in self.players.iter().enumerate() {
            for (ki, k) in self.kinds.iter().enumerate() {
                let sites: Vec<usize> = self
                    .setup
                    .iter()
                    .filter(|pl| pl.player == pi && pl.kind == ki)
                    .map(|pl| pl.site)
                    .collect();
                if !sites.is_empty() {
                    writeln!(f, "setup {} {}: {}", p.name, k.name, self.site_list(&sites))?;
                }
            }
        }
        let r = &self.rules;
        writeln!(
            f,
            "rules: capture {}, chain {}, return {}",
            r.capture,
            r.chain,
            if r.no_return { "forbidden" } else { "allowed" }
        )?;
        for e in &self.end {
            match e {
                EndRule::NoPieces(r) => writeln!(f, "end: no pieces -> {r}")?,
                EndRule::NoMoves(r) => writeln!(f, "end: no moves -> {r}")?,
                EndRule::NoCapture(n) => {
                    writeln!(f, "end: no capture in {n} turns -> more pieces wins")?
                }
            }
        }
        Ok(())
    }
}
