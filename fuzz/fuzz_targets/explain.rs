//! `ludus explain` on a bundled game: the first byte picks the game, the
//! rest is `POSITION\nMOVE\nDICE` (a blank position is the start; the roll
//! optional, as `--dice` gives it).
#![no_main]

mod common;
#[path = "../../tests/oracle/mod.rs"]
mod oracle;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((k, text)) = common::index_and_text(data) else {
        return;
    };
    let (_, engine, rules) = &common::bundled_rules()[k];
    let mut parts = text.splitn(3, '\n');
    let position = parts.next().unwrap_or("");
    let typed = parts.next().unwrap_or("");
    let dice = parts.next();
    let _ = oracle::explain(rules, engine, position, dice, typed);
});
