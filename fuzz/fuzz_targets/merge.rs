//! `ludus merge`: any bytes read as the JSON lines of a match's shards
//! (files separated by lines of `---`), grouped and summarized.
#![no_main]

#[path = "../../tests/oracle/mod.rs"]
mod oracle;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = oracle::merge(&String::from_utf8_lossy(data));
});
