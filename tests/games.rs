//! Snapshots of every bundled game: its checked IR as the readable dump, and
//! its start board.

use ludus::engine::Engine;
use ludus::load::load;
use std::path::{Path, PathBuf};

/// `path` relative to the crate root, so that bases and messages are stable.
fn relative(path: &Path) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    path.strip_prefix(&root).unwrap_or(path).to_path_buf()
}

fn game(path: &Path) -> ludus::ir::Game {
    let path = relative(path);
    let loaded = load(&path).expect("the game is readable");
    match loaded.game {
        Ok(game) => game,
        Err(diagnostics) => panic!("{}", loaded.sources.render(&diagnostics)),
    }
}

#[test]
fn ir() {
    insta::glob!("../games", "*.game", |path| {
        insta::assert_snapshot!(format!("{}", game(path)));
    });
}

#[test]
fn start_board() {
    insta::glob!("../games", "*.game", |path| {
        let engine = Engine::new(game(path));
        insta::assert_snapshot!(ludus::render::board(&engine, &engine.start()));
    });
}
