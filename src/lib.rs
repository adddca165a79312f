#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod check;
pub mod diag;
pub mod engine;
pub mod ir;
pub mod load;
pub mod notation;
pub mod perft;
pub mod playout;
pub mod position_id;
pub mod render;
pub mod rng;
pub mod syntax;
