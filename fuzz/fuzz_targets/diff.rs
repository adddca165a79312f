//! `ludus diff` of a bundled game against any game text: the first byte
//! picks the bundled game, the rest is loaded as a game file in `games/`
//! (so variants find the bundled bases), the rule items compared and the
//! witness searched near the start and along one random game.
#![no_main]

mod common;
#[path = "../../tests/oracle/mod.rs"]
mod oracle;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((k, text)) = common::index_and_text(data) else {
        return;
    };
    let (name, engine) = &common::bundled()[k];
    let a = common::games_dir().join(name);
    let b = common::games_dir().join("fuzz.game");
    let _ = oracle::diff(&a, engine, &b, &text, 1);
});
