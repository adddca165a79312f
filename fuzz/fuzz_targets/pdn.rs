//! A PDN game read and replayed on a bundled game with numbered squares,
//! picked by the first byte among those (in the sorted order of
//! `games/*.game`).
#![no_main]

mod common;
#[path = "../../tests/oracle/mod.rs"]
mod oracle;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let numbered: Vec<_> = common::bundled()
        .iter()
        .filter(|(_, engine)| ludus::pdn::numbered(engine))
        .collect();
    let (_, engine) = numbered[first as usize % numbered.len()];
    let _ = oracle::pdn(engine, &String::from_utf8_lossy(rest));
});
