//! The games `ludus serve` offers, each loaded and checked once at the
//! start, and the games being played, kept by id (a bounded number: the
//! oldest is dropped to make room), each behind a lock of its own; the
//! map of them behind another, held only to find, add or drop a game.

use crate::Failure;
use crate::cli::repl::Session;
use ludus::agent::Spec;
use ludus::engine::{Engine, State};
use ludus::explain::Rules;
use ludus::stakes::Stakes;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// The most games kept in play at once.
pub(super) const MAX_GAMES: usize = 64;

/// A game the page lists.
pub(super) struct Listed {
    /// As given on the command line, or the bundled game's name.
    pub label: String,
    /// The game file as a record names it: a bundled game by its name, a
    /// file by its absolute path (`ludus replay` finds either).
    pub named: String,
    /// The game file's text.
    pub text: String,
    /// The game.
    pub engine: Engine,
    /// Its rules, to explain a refused move with (files only).
    pub rules: Option<Rules>,
}

/// Loads and checks the games `files` (every bundled game, by name, if
/// none): a bad file stops the server before it starts, its diagnostics
/// printed.
pub(super) fn list(files: &[PathBuf]) -> Result<Vec<Listed>, Failure> {
    if files.is_empty() {
        return ludus::bundled::names().map(bundled).collect();
    }
    let mut listed = Vec::new();
    for file in files {
        let (engine, text) = crate::engine(file)?;
        let on_disk = file.exists();
        let named = if on_disk {
            std::fs::canonicalize(file)
                .map_err(|e| format!("cannot read {}: {e}", file.display()))?
                .display()
                .to_string()
        } else {
            file.display().to_string()
        };
        let rules = if on_disk {
            Rules::load(file).ok()
        } else {
            None
        };
        listed.push(Listed {
            label: file.display().to_string(),
            named,
            text,
            engine,
            rules,
        });
    }
    Ok(listed)
}

/// The bundled game `name`, whatever files the current folder holds.
fn bundled(name: &'static str) -> Result<Listed, Failure> {
    let loaded = ludus::bundled::load(name)
        .ok_or_else(|| Failure::Message(format!("no bundled game `{name}`")))?;
    let (engine, text) = crate::checked(Path::new(name), loaded)?;
    Ok(Listed {
        label: name.to_string(),
        named: name.to_string(),
        text,
        engine,
        rules: None,
    })
}

impl Listed {
    /// A session of this game from `st`, its seats all people (the page
    /// asks for the agents' turns), seeded with `seed`, keeping a record,
    /// played for `stakes` (the game's cube, money play or a match), a
    /// match stopping between its games until the page asks for the next.
    pub(super) fn session(&self, st: State, seed: u64, stakes: Stakes) -> Session<'_> {
        let human = crate::Agent::Human;
        let start =
            (st != self.engine.start()).then(|| ludus::notation::position_text(&self.engine, &st));
        let file = crate::cli::repl::GameFile {
            path: Path::new(&self.named).to_path_buf(),
            text: self.text.clone(),
            record_to: None,
            start,
        };
        Session::new(&self.engine, st, vec![human; self.engine.players()], seed)
            .with_game((self.rules.as_ref(), Some(file)), stakes)
            .pausing_between_games()
    }
}

/// A game being played.
pub(super) struct Served<'e> {
    /// Its index among the games listed.
    pub game: usize,
    /// The REPL's session, which checks and plays every move.
    pub session: Session<'e>,
    /// The agent of each seat; `None` for a person at the page.
    pub agents: Vec<Option<Spec>>,
    /// How many times the game has changed: a search made while the game
    /// was unlocked is played only if it has not.
    pub version: u64,
    /// Whether a search of the game (an agent's turn, a hint) is under
    /// way; one at a time.
    pub searching: bool,
}

impl<'e> Served<'e> {
    /// A game of the listed game `game` played by `session` and `agents`.
    pub(super) fn new(game: usize, session: Session<'e>, agents: Vec<Option<Spec>>) -> Self {
        Served {
            game,
            session,
            agents,
            version: 0,
            searching: false,
        }
    }
}

/// A game being played, behind its own lock.
pub(super) type Game<'e> = Arc<Mutex<Served<'e>>>;

/// `mutex` locked, even if a thread panicked while it held it: a fault in
/// a request closes its game (see `http`), and no other request is then
/// refused for it.
pub(super) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The games being played, by id.
pub(super) struct Played<'e> {
    kept: Mutex<Kept<'e>>,
}

/// The map behind [`Played`]'s lock.
struct Kept<'e> {
    games: BTreeMap<u64, Game<'e>>,
    next: u64,
}

impl<'e> Played<'e> {
    /// None yet.
    pub(super) fn new() -> Self {
        Played {
            kept: Mutex::new(Kept {
                games: BTreeMap::new(),
                next: 1,
            }),
        }
    }

    /// Keeps `served` under a new id, dropping the oldest games while
    /// [`MAX_GAMES`] are kept; the id and the game.
    pub(super) fn insert(&self, served: Served<'e>) -> (u64, Game<'e>) {
        let game = Arc::new(Mutex::new(served));
        let mut kept = lock(&self.kept);
        while kept.games.len() >= MAX_GAMES {
            kept.games.pop_first();
        }
        let id = kept.next;
        kept.next += 1;
        kept.games.insert(id, Arc::clone(&game));
        (id, game)
    }

    /// The game `id`, if it is kept.
    pub(super) fn get(&self, id: u64) -> Option<Game<'e>> {
        lock(&self.kept).games.get(&id).cloned()
    }

    /// Whether `game` is still kept as `id` (not forgotten, nor dropped
    /// for newer games).
    pub(super) fn keeps(&self, id: u64, game: &Game<'e>) -> bool {
        lock(&self.kept)
            .games
            .get(&id)
            .is_some_and(|g| Arc::ptr_eq(g, game))
    }

    /// Forgets the game `id`.
    pub(super) fn remove(&self, id: u64) {
        lock(&self.kept).games.remove(&id);
    }
}
