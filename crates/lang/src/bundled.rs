//! The bundled games: the files of the repository's `games/` folder, built
//! into the library (by `build.rs`), so that a program without the
//! repository (the Python package, an installed binary) loads them by name.

use crate::load::{self, Loaded, ReadError};
use std::path::Path;

include!(concat!(env!("OUT_DIR"), "/bundled_games.rs"));

/// The bundled games' names (their files' stems), in order.
pub fn names() -> impl Iterator<Item = &'static str> {
    GAMES.iter().map(|(name, _)| *name)
}

/// The text of the bundled game `name`, if there is one.
pub fn text(name: &str) -> Option<&'static str> {
    GAMES.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The text of the learned evaluation bundled for the bundled game `name`
/// (`games/NAME.eval`, made by `ludus train`), if there is one.
pub fn evaluation(name: &str) -> Option<&'static str> {
    EVALUATIONS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
}

/// Loads and checks the bundled game `name` (a variant's base is the
/// bundled file it names); `None` if no game has that name.
pub fn load(name: &str) -> Option<Loaded> {
    let text = text(name)?;
    let read = |base: &Path| {
        let stem = base.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let found = (base.extension().is_some_and(|e| e == "game"))
            .then(|| self::text(stem))
            .flatten();
        found.map(str::to_string).ok_or_else(|| ReadError {
            path: base.display().to_string(),
            source: std::io::Error::new(
                std::io::ErrorKind::NotFound,
                "no bundled game has this name",
            ),
        })
    };
    Some(load::load_text_with(
        Path::new(&format!("{name}.game")),
        text,
        &read,
    ))
}

/// [`load::load`] of a game file; where no file is at `path` and `path` is
/// a bundled game's name (a file's stem in `games/`), that game.
pub fn load_file_or_name(path: &Path) -> Result<Loaded, ReadError> {
    if !path.exists()
        && let Some(name) = path.to_str()
        && let Some(loaded) = load(name)
    {
        return Ok(loaded);
    }
    load::load(path).map_err(|mut e| {
        let plain = path.extension().is_none() && path.components().count() == 1;
        if plain && e.source.kind() == std::io::ErrorKind::NotFound {
            let names: Vec<&str> = names().collect();
            e.source = std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!(
                    "no such file, nor a bundled game of that name (bundled: {})",
                    names.join(", ")
                ),
            );
        }
        e
    })
}
