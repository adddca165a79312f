//! GNU Backgammon's Position ID (`src/position_id.rs`), read by
//! `--position` and written by `moves --json` and the REPL's `position`.
//!
//! The encoding is the one the GNU Backgammon manual describes ("A
//! technical description of the Position ID",
//! https://www.gnu.org/software/gnubg/manual/html_node/A-technical-description-of-the-Position-ID.html),
//! whose published example is the starting position, `4HPwATDgc/ABMA`;
//! the player not on roll comes first, as gnubg's `PositionKey` does (see
//! bug-gnubg, https://lists.gnu.org/archive/html/bug-gnubg/2005-01/msg00081.html).

use crate::common;

use ludus::engine::{Engine, Outcome};
use ludus::notation::{parse_position, position_text};
use ludus::playout::rng;
use ludus::position_id::position_id;
use rand::RngExt;

fn engine() -> Engine {
    common::engine_at(&common::root().join("games/backgammon.game"))
}

/// The manual's example: the starting position, whoever is on roll (it is
/// symmetric).
#[test]
fn the_starting_position_has_the_published_id() {
    let engine = engine();
    let mut st = engine.start();
    assert_eq!(position_id(&engine, &st).unwrap(), "4HPwATDgc/ABMA");
    st.to_move = 1;
    assert_eq!(position_id(&engine, &st).unwrap(), "4HPwATDgc/ABMA");
    let read = parse_position(&engine, "4HPwATDgc/ABMA").unwrap();
    assert_eq!(read, engine.start());
}

/// An unsymmetric position worked by hand: Black (not on roll) has borne
/// off all his men, so his 25 slots are 25 zero bits; White (on roll) has
/// his 15 men on his ace point (point 24), 15 one bits from bit 25: bytes
/// 0, 0, 0, 0xFE, 0xFF, 0, ..., in base64 `AAAA/v8AAAAAAA`.
#[test]
fn the_player_not_on_roll_comes_first() {
    let engine = engine();
    let st = parse_position(&engine, "white: 1*15; black: off*15; turn: white").unwrap();
    assert_eq!(position_id(&engine, &st).unwrap(), "AAAA/v8AAAAAAA");
    let back = parse_position(&engine, "AAAA/v8AAAAAAA; turn: white").unwrap();
    assert_eq!(back, st);
    // The same ID with Black on roll: his men on his ace point (point 1).
    let black = parse_position(&engine, "AAAA/v8AAAAAAA; turn: black").unwrap();
    assert_eq!(
        position_text(&engine, &black),
        "white: off*15; black: 1*15; turn: black; idle: 0"
    );
}

/// Every position of seeded random games reads back from its ID (with
/// the player on roll named by `turn`).
#[test]
fn ids_round_trip_over_random_games() {
    let engine = engine();
    let mut moves = Vec::new();
    let mut checked = 0;
    for seed in 0..20 {
        let mut r = rng(seed);
        let mut st = engine.start();
        engine.opening(&mut st, &mut r);
        while engine.outcome(&st) == Outcome::Ongoing {
            let id = position_id(&engine, &st).unwrap();
            let turn = &engine.game().players[st.to_move as usize].name;
            let mut back = parse_position(&engine, &format!("{id}; turn: {turn}"))
                .unwrap_or_else(|e| panic!("{id}: {e}"));
            back.dice = st.dice;
            back.counters = st.counters;
            assert_eq!(back, st, "{id}");
            checked += 1;
            if st.dice == [0; 4] {
                engine.roll(&mut st, &mut r);
            }
            engine.legal_moves(&mut st, &mut moves);
            let m = moves[r.random_range(0..moves.len())];
            engine.play(&mut st, &m).unwrap();
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// `moves --json` gives the ID; the REPL's `position` shows it; an ID is
/// refused, with the reason, for a game it cannot describe, and a
/// malformed one is refused.
#[test]
fn ids_on_the_command_line() {
    let run = common::ludus(&["moves", "games/backgammon.game", "--dice", "3-1", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(value["position_id"], "4HPwATDgc/ABMA");
    let run = common::ludus(&["moves", "games/verquere.game", "--dice", "3-1", "--json"]);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert!(value.get("position_id").is_none(), "{value}");
    let run = common::ludus(&[
        "moves",
        "games/verquere.game",
        "--position",
        "4HPwATDgc/ABMA; dice: 3-1",
    ]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("Position ID describes a game on 24 points with a bar and 15 men each"),
        "{}",
        run.stderr
    );
    for (bad, why) in [
        ("//8AAAAAAAAAAA", "more than 15"),
        ("/////////////w", "ends inside a point"),
        ("4HPwATDgc/ABMB", "last character"),
    ] {
        let run = common::ludus(&[
            "moves",
            "games/backgammon.game",
            "--position",
            &format!("{bad}; dice: 3-1"),
        ]);
        assert_eq!(run.code, 1, "{bad}");
        assert!(run.stderr.contains(why), "{bad}: {}", run.stderr);
    }
    let run = common::ludus_in(
        common::root(),
        &["play", "games/backgammon.game"],
        common::Input::Text("position\nquit\n"),
    );
    assert!(
        run.stdout
            .contains("GNU Backgammon Position ID: 4HPwATDgc/ABMA"),
        "{}",
        run.stdout
    );
}
