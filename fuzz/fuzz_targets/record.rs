//! A record (JSON lines) replayed on a bundled game picked by the first
//! byte.
#![no_main]

mod common;
#[path = "../../tests/oracle/mod.rs"]
mod oracle;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((engine, text)) = common::game_and_text(data) else {
        return;
    };
    let _ = oracle::record(engine, &text);
});
