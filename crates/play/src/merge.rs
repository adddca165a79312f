//! `merge`: the JSON lines of the shards of a match or an experiment read
//! back, each a game of a match of two ([`crate::matches::Game`]) or of
//! more seats ([`crate::seating::SeatGame`]), grouped by run and checked,
//! one by one and against each other, to be games one run could give.

use crate::matches::{self, Game};
use crate::seating::{self, SeatGame};
use serde::Deserialize;
use serde::de::DeserializeOwned;

/// The games of one match, or of one run of an experiment, in index order.
#[derive(Clone, Debug, PartialEq)]
pub enum Group {
    /// A match of two agents.
    Two(Vec<Game>),
    /// A match of more than two seats.
    Seats(Vec<SeatGame>),
}

/// The summary of a group.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(untagged)]
pub enum Summary {
    /// Of a match of two agents.
    Two(matches::Summary),
    /// Of a match of more than two seats.
    Seats(seating::SeatSummary),
}

impl Group {
    /// The run the games belong to, if they are an experiment's.
    pub fn run(&self) -> Option<&str> {
        match self {
            Group::Two(g) => g.first().and_then(|g| g.run.as_deref()),
            Group::Seats(g) => g.first().and_then(|g| g.run.as_deref()),
        }
    }

    /// Names the games as run `name`'s.
    pub fn set_run(&mut self, name: &str) {
        match self {
            Group::Two(g) => g.iter_mut().for_each(|g| g.run = Some(name.into())),
            Group::Seats(g) => g.iter_mut().for_each(|g| g.run = Some(name.into())),
        }
    }

    /// The games as JSON lines, one a game.
    pub fn lines(&self) -> Result<Vec<String>, serde_json::Error> {
        match self {
            Group::Two(g) => g.iter().map(serde_json::to_string).collect(),
            Group::Seats(g) => g.iter().map(serde_json::to_string).collect(),
        }
    }

    /// Sums the games up, as the run that played them does.
    pub fn summarize(&self) -> Summary {
        match self {
            Group::Two(g) => Summary::Two(matches::summarize(g)),
            Group::Seats(g) => Summary::Seats(seating::summarize_lines(g)),
        }
    }
}

/// A line of either kind.
trait Line: DeserializeOwned {
    fn run(&self) -> Option<&str>;
    fn index(&self) -> u64;
    /// Whether the line alone is a game its match can give.
    fn check(&self) -> Result<(), String>;
    /// Whether it is of the match of `group` (not empty).
    fn same_match(&self, group: &[Self]) -> Result<(), String>;
}

impl Line for Game {
    fn run(&self) -> Option<&str> {
        self.run.as_deref()
    }
    fn index(&self) -> u64 {
        self.index
    }
    fn check(&self) -> Result<(), String> {
        matches::check_game(self)
    }
    fn same_match(&self, group: &[Self]) -> Result<(), String> {
        matches::same_match(group, self)
    }
}

impl Line for SeatGame {
    fn run(&self) -> Option<&str> {
        self.run.as_deref()
    }
    fn index(&self) -> u64 {
        self.index
    }
    fn check(&self) -> Result<(), String> {
        seating::check_line(self)
    }
    fn same_match(&self, group: &[Self]) -> Result<(), String> {
        seating::same_match(group, self)
    }
}

/// Whether a line has `seats`, the mark of a game of more than two seats.
#[derive(Deserialize)]
struct Probe {
    #[serde(default)]
    seats: Option<serde::de::IgnoredAny>,
}

/// Reads the JSON lines of one or more shards (`text` per file, with its
/// name for messages) and groups them by run: games of one run (or,
/// without a run name, of one match) must be of one kind, two agents or
/// more seats, and share the game, the agents, the match's first seed
/// (a game's seed less its index), its size, `swap` and what else their
/// lines say of their match, and no index may come twice. Each line must
/// be a game the match can give: its seed the first seed plus its index,
/// its index within the match, the agents seated as `swap` seats them,
/// points only for a win and then as many as a win of the game is worth
/// (and a match of matches' final score one its result can have). Groups
/// come in the order first read, each sorted by index.
pub fn read_games(files: &[(String, String)]) -> Result<Vec<Group>, String> {
    let mut groups: Vec<Group> = Vec::new();
    let mut seen = std::collections::HashMap::new();
    for (name, text) in files {
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let at = format!("{name}, line {}", i + 1);
            let seats = serde_json::from_str::<Probe>(line).is_ok_and(|p| p.seats.is_some());
            let (run, index) = if seats {
                add::<SeatGame>(&mut groups, line, Group::Seats, |g| match g {
                    Group::Seats(g) => Some(g),
                    Group::Two(_) => None,
                })
            } else {
                add::<Game>(&mut groups, line, Group::Two, |g| match g {
                    Group::Two(g) => Some(g),
                    Group::Seats(_) => None,
                })
            }
            .map_err(|e| format!("{at}: {e}"))?;
            if let Some(other) = seen.insert((run, index), at.clone()) {
                return Err(format!("{at}: game {index} was already read at {other}"));
            }
        }
    }
    if groups.is_empty() {
        return Err("no game in the files given".into());
    }
    for g in &mut groups {
        match g {
            Group::Two(g) => g.sort_by_key(|g| g.index),
            Group::Seats(g) => g.sort_by_key(|g| g.index),
        }
    }
    Ok(groups)
}

/// Reads `line` as a game of kind `T` and puts it in its run's group,
/// `new` making a group of it and `of_kind` the games of a group of its
/// kind: its run and index, or why it cannot be one of them. A game
/// whose index was read before is put in too, for the caller to refuse.
fn add<T: Line>(
    groups: &mut Vec<Group>,
    line: &str,
    new: fn(Vec<T>) -> Group,
    of_kind: fn(&mut Group) -> Option<&mut Vec<T>>,
) -> Result<(Option<String>, u64), String> {
    let game: T = serde_json::from_str(line).map_err(|e| format!("not a game of a match: {e}"))?;
    game.check()?;
    let key = (game.run().map(str::to_string), game.index());
    let Some(group) = groups.iter_mut().find(|g| g.run() == game.run()) else {
        groups.push(new(vec![game]));
        return Ok(key);
    };
    let (theirs, ours) = match group {
        Group::Two(_) => ("two agents", "more than two seats"),
        Group::Seats(_) => ("more than two seats", "two agents"),
    };
    let Some(games) = of_kind(group) else {
        return Err(format!(
            "game {} of a match of {ours}, but the games of this match read before are of {theirs}: games of another match",
            key.1
        ));
    };
    game.same_match(games)?;
    games.push(game);
    Ok(key)
}
