//! Random playouts per second, single thread, per bundled game.
//!
//! Run with `cargo bench --bench playouts`; Criterion reports the
//! throughput as playouts per second (`elem/s`).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ludus::engine::Engine;
use ludus::playout::{random_playout, rng};
use std::path::Path;

const GAMES: [&str; 6] = [
    "alquerque-compulsory",
    "alquerque-single",
    "alquerque",
    "alquerque-bell-noreturn",
    "verquere",
    "verquere-cotton",
];

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("random playout");
    group.throughput(Throughput::Elements(1));
    for name in GAMES {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("games/{name}.game"));
        let loaded = ludus::load::load(&path).expect("bundled game is readable");
        let engine = Engine::new(loaded.game.expect("bundled game is valid"));
        let start = engine.start();
        let mut st = start.clone();
        let mut moves = Vec::with_capacity(256);
        let mut rng = rng(1);
        group.bench_function(name, |b| {
            b.iter(|| {
                st.clone_from(&start);
                random_playout(&engine, &mut st, &mut rng, &mut moves)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
