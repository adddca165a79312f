//! The `play` REPL.

use crate::Agent;
use ludus::engine::{Engine, State};

/// Runs the REPL until the game ends or the user quits.
pub fn run(engine: &Engine, st: State, agents: [Agent; 2], seed: u64) -> Result<(), String> {
    let _ = (engine, st, agents, seed);
    Err("not yet".into())
}
