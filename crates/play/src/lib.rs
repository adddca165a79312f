//! The play layer of ludus: a game in progress (`in_progress`) with its record,
//! notation, positions and pictures; the agents, learning, stakes (the cube
//! and matches), simulation and matches between agents.
//!
//! It uses the engine and language layers, whose modules it re-exports so that
//! a path reads the same in every crate.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use ludus_engine::{engine, rng};
pub use ludus_lang::{bundled, check, diag, format, ir, load, syntax};

pub mod agent;
pub mod experiment;
pub mod hand_record;
pub mod in_progress;
pub mod learn;
pub mod match_id;
pub mod matches;
pub mod merge;
pub mod notation;
pub mod pdn;
pub mod perft;
pub mod playout;
pub mod position_id;
pub mod record;
pub mod render;
pub mod replay;
pub mod seating;
pub mod simulate;
pub mod stakes;
pub mod svg;
