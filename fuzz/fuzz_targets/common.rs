//! What the targets share: the bundled games, loaded once.

use ludus::engine::Engine;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The folder of the bundled games.
pub fn games_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../games")
}

/// Every bundled game, by file name, loaded once.
pub fn bundled() -> &'static [(String, Engine)] {
    static GAMES: OnceLock<Vec<(String, Engine)>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(games_dir())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "game"))
            .collect();
        paths.sort();
        paths
            .iter()
            .map(|p| {
                let name = p.file_name().unwrap().to_string_lossy().to_string();
                (name, crate::oracle::engine_at(p))
            })
            .collect()
    })
}

/// A bundled game chosen by the input's first byte, and the rest as text.
pub fn game_and_text(data: &[u8]) -> Option<(&'static Engine, String)> {
    let (&first, rest) = data.split_first()?;
    let games = bundled();
    let (_, engine) = &games[first as usize % games.len()];
    Some((engine, String::from_utf8_lossy(rest).into_owned()))
}
