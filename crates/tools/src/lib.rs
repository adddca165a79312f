//! The tools layer of ludus, for authors and researchers: `explain` (a rule's
//! reading in words), `diff` (two games compared by play), `coverage` (the
//! rules a game's play reaches) and `invariants` (properties every game
//! keeps).
//!
//! It uses every lower layer, whose modules it re-exports so that a path
//! reads the same in every crate.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use ludus_engine::{engine, rng};
pub use ludus_lang::{bundled, check, diag, format, ir, load, syntax};
pub use ludus_play::{
    agent, experiment, hand_record, in_progress, learn, match_id, matches, notation, pdn, perft,
    playout, position_id, record, render, replay, simulate, stakes, svg,
};

pub mod coverage;
pub mod diff;
pub mod explain;
pub mod invariants;
