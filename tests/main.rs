//! The integration tests, one module per subject, built as one test
//! binary: one link of the library for the whole suite, not one per file.
//! `common` holds the helpers they share, `oracle` the independent
//! implementation the mutation tests check the engine against.

mod common;
mod oracle;

mod acey_deucey;
mod agents;
mod backgammon;
mod boards;
mod browser;
mod bundled;
mod chosen_dice;
mod cli;
mod climbing_doubles;
mod conditions;
mod coverage;
mod diagnostics;
mod dice_limits;
mod diff;
mod docs;
mod draughts;
mod ending_turn;
mod explain;
mod fmt;
mod forbid_after;
mod games;
mod grid_conditions;
mod gul_bara;
mod hunt;
mod international;
mod invariants;
mod lasca;
mod layers;
mod learn;
mod match_id;
mod morris;
mod mutation;
mod nardy;
mod newcomer;
mod notation;
mod passing_throws;
mod pdn;
mod perft;
mod pinning;
mod position_id;
mod positions;
mod progress;
mod properties;
mod race_again;
mod race_dice;
mod records;
mod repl;
mod rollout;
mod rules;
mod seats;
mod serve;
mod simulate;
mod sowing;
mod start_zone;
mod svg;
mod tables;
mod tablut;
mod tracks;
mod transcripts;
