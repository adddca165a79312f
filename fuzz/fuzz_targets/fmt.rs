//! `ludus fmt`: any bytes formatted as a game file in `games/` (so
//! variants find the bundled bases); the layout must check to the same
//! game and format to itself.
#![no_main]

#[path = "../../tests/oracle/mod.rs"]
mod oracle;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../games/fuzz.game");
    let _ = oracle::fmt(&path, &text);
});
