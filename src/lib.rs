#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod agent;
pub mod bundled;
pub mod check;
pub mod coverage;
pub mod diag;
pub mod diff;
pub mod engine;
pub mod experiment;
pub mod explain;
pub mod format;
pub mod hand_record;
pub mod in_progress;
pub mod invariants;
pub mod ir;
#[cfg(test)]
mod layers;
pub mod learn;
pub mod load;
pub mod match_id;
pub mod matches;
pub mod notation;
pub mod pdn;
pub mod perft;
pub mod playout;
pub mod position_id;
pub mod record;
pub mod render;
pub mod replay;
pub mod rng;
pub mod simulate;
pub mod stakes;
pub mod svg;
pub mod syntax;
