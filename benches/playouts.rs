//! Random playouts per second, single thread, for every bundled game
//! (`games/*.game`), in one group per family of engine.
//!
//! Run with `cargo bench --bench playouts`; Criterion reports the
//! throughput as playouts per second (`elem/s`).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ludus::engine::Engine;
use ludus::playout::{random_playout, rng};
use std::path::Path;

/// Every bundled game, in file-name order.
fn bundled() -> Vec<(String, Engine)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("games/ is readable")
        .map(|e| e.expect("games/ is readable").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let loaded = ludus::load::load(&path).expect("bundled game is readable");
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            (
                name,
                Engine::new(loaded.game.expect("bundled game is valid")),
            )
        })
        .collect()
}

/// One group per family of engine: games on a grid, games with dice.
fn playouts(c: &mut Criterion) {
    let games = bundled();
    for (family, dice) in [("grid games", false), ("dice games", true)] {
        let mut group = c.benchmark_group(format!("random playout, {family}"));
        group.throughput(Throughput::Elements(1));
        for (name, engine) in games.iter().filter(|(_, e)| e.has_dice() == dice) {
            let start = engine.start();
            let mut st = start.clone();
            let mut moves = Vec::with_capacity(256);
            let mut rng = rng(1);
            group.bench_function(name.as_str(), |b| {
                b.iter(|| {
                    st.clone_from(&start);
                    random_playout(engine, &mut st, &mut rng, &mut moves)
                })
            });
        }
        group.finish();
    }
}
criterion_group!(benches, playouts);
criterion_main!(benches);
