//! The language layer of ludus: a game's text is parsed (`syntax`), read with its
//! variants' bases (`load`), checked (`check`) and compiled to the game the
//! engine plays (`ir`); `diag` reports mistakes, `format` writes a file in its
//! canonical layout, and `bundled` holds the repository's games.
//!
//! It uses no other layer.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bundled;
pub mod check;
pub mod diag;
pub mod format;
pub mod ir;
pub mod load;
pub mod syntax;
