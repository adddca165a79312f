//! A position, a roll and a move on a bundled game: the first byte picks
//! the game, the rest is `POSITION\nMOVE\nDICE` (the roll optional, as
//! `--dice` gives it).
#![no_main]

mod common;
#[path = "../../tests/oracle/mod.rs"]
mod oracle;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((engine, text)) = common::game_and_text(data) else {
        return;
    };
    let mut parts = text.splitn(3, '\n');
    let position = parts.next().unwrap_or("");
    let typed = parts.next().unwrap_or("");
    let dice = parts.next();
    let _ = oracle::position(engine, position, dice, 0);
    if let Ok(st) = ludus::notation::parse_position(engine, position) {
        let _ = oracle::move_in(engine, &st, dice, typed);
    }
});
