//! Helpers shared by the integration tests.
// Each test binary uses its own subset of these.
#![allow(dead_code)]

use ludus::engine::{Engine, State};
use std::path::Path;

/// The engine of a game file; panics with its rendered diagnostics.
pub fn engine_at(path: &Path) -> Engine {
    let loaded = ludus::load::load(path).unwrap_or_else(|e| panic!("{e}"));
    match loaded.game {
        Ok(game) => Engine::new(game),
        Err(d) => panic!("{}", loaded.sources.render(&d)),
    }
}

/// Men of each player on every site, zones included (a stack counts all).
pub fn men(engine: &Engine, st: &State) -> [u32; 2] {
    let mut total = [0; 2];
    for s in 0..engine.sites() {
        if let Some((player, _)) = st.piece(s) {
            total[player] += u32::from(engine.men(st, s));
        }
    }
    total
}
