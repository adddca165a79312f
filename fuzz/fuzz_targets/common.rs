//! What the targets share: the bundled games, loaded once.
// Each target uses its own subset.
#![allow(dead_code)]

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

/// Every bundled game with its rule items for explanations, loaded once.
pub fn bundled_rules() -> &'static [(String, Engine, ludus::explain::Rules)] {
    static GAMES: OnceLock<Vec<(String, Engine, ludus::explain::Rules)>> = OnceLock::new();
    GAMES.get_or_init(|| {
        bundled()
            .iter()
            .map(|(name, _)| {
                let path = games_dir().join(name);
                let rules = ludus::explain::Rules::load(&path).unwrap();
                (name.clone(), crate::oracle::engine_at(&path), rules)
            })
            .collect()
    })
}

/// The index of a bundled game chosen by the input's first byte, and the
/// rest as text.
pub fn index_and_text(data: &[u8]) -> Option<(usize, String)> {
    let (&first, rest) = data.split_first()?;
    Some((
        first as usize % bundled().len(),
        String::from_utf8_lossy(rest).into_owned(),
    ))
}
