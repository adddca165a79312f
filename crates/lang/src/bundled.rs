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
        if e.source.kind() != std::io::ErrorKind::NotFound {
            return e;
        }
        let plain = path.extension().is_none() && path.components().count() == 1;
        let message = if plain {
            let names: Vec<&str> = names().collect();
            let hint = crate::diag::suggest(&path.to_string_lossy(), names.iter().copied())
                .map_or_else(String::new, |h| format!("; {h}"));
            format!(
                "no such file, nor a bundled game of that name{hint} (bundled: {})",
                names.join(", ")
            )
        } else {
            match near_file(path) {
                Some(near) => format!("no such file; did you mean `{near}`?"),
                None => e.source.to_string(),
            }
        };
        e.source = std::io::Error::new(std::io::ErrorKind::NotFound, message);
        e
    })
}

/// The game file beside `path` (a file that does not exist) whose name is
/// within two edits of its name, if there is one, as a path like `path`.
fn near_file(path: &Path) -> Option<String> {
    let name = path.file_name()?.to_str()?;
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
    let listed = std::fs::read_dir(folder.unwrap_or(Path::new("."))).ok()?;
    let files: Vec<String> = listed
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|f| f.ends_with(".game"))
        .collect();
    let hint = crate::diag::suggest(name, files.iter().map(String::as_str))?;
    // The hint names the file alone: the path keeps the folder written.
    let near = hint.strip_prefix("did you mean `")?.strip_suffix("`?")?;
    Some(match folder {
        Some(folder) => folder.join(near).display().to_string(),
        None => near.to_owned(),
    })
}
