//! The engine layer of ludus: one rules core compiled for every game
//! (`engine::core`) and the move generators of each family as strategies
//! behind one trait (`engine::strategy`), with the seeded random numbers
//! every random choice comes from (`rng`).
//!
//! It uses the language layer, whose modules it re-exports so that a path
//! reads the same in every crate (`crate::ir::Game`).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use ludus_lang::{bundled, check, diag, format, ir, load, syntax};

pub mod engine;
pub mod rng;
