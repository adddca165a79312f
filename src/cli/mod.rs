//! The `ludus` binary's commands, apart from the library: the command
//! line's grammar ([`args`]), the REPL ([`repl`]), and each command's
//! printing, one file a command or family of commands. `main.rs` runs
//! them and turns failures into messages and exit codes.

pub(crate) mod args;
pub(crate) mod colour;
pub(crate) mod coverage;
pub(crate) mod cube;
pub(crate) mod diff;
pub(crate) mod explain;
pub(crate) mod fmt;
pub(crate) mod invariants;
pub(crate) mod list;
pub(crate) mod moves;
pub(crate) mod pdn;
pub(crate) mod repl;
pub(crate) mod replay;
pub(crate) mod runs;
pub(crate) mod seed;
pub(crate) mod serve;
pub(crate) mod train;
