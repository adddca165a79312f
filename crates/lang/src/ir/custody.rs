//! Custodial capture and the sites barred to a kind's moves, as checked:
//! `custody`, `surrounded`, `may not land on`, `may not pass over`.

use serde::Serialize;

/// How a kind takes by custody (`custody DIRECTIONS [against REGION]`).
#[derive(Clone, Debug, Serialize)]
pub struct Custody {
    /// Per player: the directions along which the piece, as its owner's
    /// move ends on a site, sandwiches the opposing piece next to it.
    pub directions: Vec<Vec<usize>>,
    /// Per player (the mover): the hostile sites, which close a sandwich
    /// as a piece of his would while they are empty (`against REGION`).
    pub hostile: Vec<Vec<usize>>,
}

/// How a kind is taken where a sandwich is not enough
/// (`surrounded DIRECTIONS [on own|opponent REGION]`).
#[derive(Clone, Debug, Serialize)]
pub struct Surrounded {
    /// Per player (the piece's owner): the directions of the sites that
    /// must all hold an enemy or an empty hostile site.
    pub directions: Vec<Vec<usize>>,
    /// Per player (the piece's owner): the sites where the rule applies
    /// (elsewhere a sandwich takes it); every site without `on`.
    pub sites: Vec<Vec<usize>>,
}

/// The sites barred to a kind's steps and jumps, per player (its owner):
/// where they may not end (`may not land on`) and what they may not pass
/// over (`may not pass over`).
#[derive(Clone, Debug, Default, Serialize)]
pub struct Barred {
    /// Per player: the sites its steps and jumps may not end on.
    pub land: Vec<Vec<usize>>,
    /// Per player: the sites its steps and jumps may not pass over.
    pub pass: Vec<Vec<usize>>,
}

impl Barred {
    /// Whether no site is barred.
    pub fn is_empty(&self) -> bool {
        self.land.iter().chain(&self.pass).all(Vec::is_empty)
    }

    /// Whether `player`'s piece may not end a step or jump on `site`.
    pub fn lands(&self, player: usize, site: usize) -> bool {
        self.land.get(player).is_some_and(|s| s.contains(&site))
    }

    /// Whether `player`'s piece may not pass over `site`.
    pub fn passes(&self, player: usize, site: usize) -> bool {
        self.pass.get(player).is_some_and(|s| s.contains(&site))
    }
}
