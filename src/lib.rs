#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

// The library's layers (`crates/`), under one name: `ludus::engine`,
// `ludus::notation`, ... for the integration tests, the benchmarks and the
// examples. The command line itself is the binary, `src/main.rs`.
pub use ludus_engine::{engine, rng};
pub use ludus_lang::{bundled, check, diag, format, ir, load, syntax};
pub use ludus_play::{
    agent, experiment, hand_record, in_progress, learn, match_id, matches, merge, notation, pdn,
    perft, playout, position_id, record, render, replay, seating, simulate, stakes, svg,
};
pub use ludus_tools::{coverage, diff, explain, invariants};
