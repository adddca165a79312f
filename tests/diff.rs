//! `ludus diff`: the rule items that differ once variants are merged, and a
//! witness where the two games first differ in play.

use crate::common;

use common::{ludus, temp_dir};
use std::path::Path;

fn json(args: &[&str]) -> serde_json::Value {
    let run = ludus(args);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    serde_json::from_str(&run.stdout).unwrap()
}

/// Compulsory capture changes two items of `rules`; after the opening
/// `b2-c3` Black has a capture, so his steps are legal only in the
/// optional game.
#[test]
fn compulsory_capture_is_found_with_its_witness() {
    let v = json(&[
        "diff",
        "games/alquerque.game",
        "games/alquerque-compulsory.game",
        "--json",
    ]);
    let changes = v["changes"].as_array().unwrap();
    let keys: Vec<(&str, &str, &str)> = changes
        .iter()
        .map(|c| {
            (
                c["change"].as_str().unwrap(),
                c["a"]["text"].as_str().unwrap(),
                c["b"]["text"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        keys,
        [
            ("changed", "capture optional", "capture compulsory"),
            ("changed", "chain optional", "chain compulsory"),
        ]
    );
    assert_eq!(changes[1]["b"]["file"], "games/alquerque-compulsory.game");
    assert_eq!(changes[1]["b"]["line"], 7);
    let w = &v["witness"];
    assert_eq!(w["found"], "near the start");
    assert_eq!(w["differs_in"], "legal moves");
    assert_eq!(w["moves"], serde_json::json!(["b2-c3"]));
    assert_eq!(w["only_a"], serde_json::json!(["a3-b2", "b3-b2"]));
    assert_eq!(w["only_b"], serde_json::json!([]));
}

/// A game against itself: no change, no witness, and the text says how
/// much was searched.
#[test]
fn a_game_against_itself_has_no_difference() {
    let run = ludus(&[
        "diff",
        "games/english-draughts.game",
        "games/english-draughts.game",
        "--games",
        "5",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("The rules are the same item for item"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("No difference in play found"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("then 5 random games"), "{}", run.stdout);
}

/// Items are matched by section and key: moving an item within its section
/// or changing its spacing and comments is no difference, while the order
/// of the end rules, which are judged in file order, is one.
#[test]
fn reordered_items_are_no_difference_except_in_end() {
    let dir = temp_dir("diff", "reordered");
    let text = std::fs::read_to_string("games/alquerque.game").unwrap();
    let swapped = text.replace(
        "  capture optional\n  chain optional\n",
        "  chain optional\n  capture    optional // same\n",
    );
    assert_ne!(swapped, text, "the rules lines were found");
    let file = dir.join("swapped.game");
    std::fs::write(&file, &swapped).unwrap();
    let v = json(&[
        "diff",
        "games/alquerque.game",
        file.to_str().unwrap(),
        "--games",
        "3",
        "--json",
    ]);
    assert_eq!(v["changes"], serde_json::json!([]), "{v}");
    assert_eq!(v["witness"], serde_json::Value::Null);

    let text = std::fs::read_to_string("games/verquere.game").unwrap();
    let jean = "  jean: own men in bar + own points in first-quarter > 6 => loss double\n";
    assert!(text.contains(jean));
    let moved = text.replace(jean, "").replace(
        "  no move in 10 turns",
        &format!("{jean}  no move in 10 turns"),
    );
    let file = dir.join("moved.game");
    std::fs::write(&file, moved).unwrap();
    let v = json(&[
        "diff",
        "games/verquere.game",
        file.to_str().unwrap(),
        "--games",
        "0",
        "--json",
    ]);
    assert_eq!(
        v["changes"],
        serde_json::json!([{"change": "reordered", "section": "end"}])
    );
}

/// In dice games the witness gives each turn with its roll; cotton Verquere
/// lets a man join his own on his points 1..12 less often.
#[test]
fn a_dice_game_witness_gives_the_rolls() {
    let v = json(&[
        "diff",
        "games/verquere.game",
        "games/verquere-cotton.game",
        "--json",
    ]);
    let w = &v["witness"];
    assert!(!w.is_null(), "{v}");
    assert_eq!(w["differs_in"], "legal moves");
    for m in w["moves"].as_array().unwrap() {
        let m = m.as_str().unwrap();
        let (roll, turn) = m.split_once(": ").unwrap();
        assert!(
            roll.split('-')
                .all(|d| (1..=6).contains(&d.parse::<u8>().unwrap())),
            "{m}"
        );
        assert!(!turn.is_empty());
    }
    assert!(w["dice"].is_string());
    // Some turn of the witness's roll is legal in one game only.
    let only = w["only_a"].as_array().unwrap().len() + w["only_b"].as_array().unwrap().len();
    assert!(only > 0, "{w}");
}

#[test]
fn a_bad_file_or_flag_is_refused() {
    let run = ludus(&["diff", "games/alquerque.game", "games/missing.game"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("missing.game"), "{}", run.stderr);
    let run = ludus(&[
        "diff",
        "games/alquerque.game",
        "games/alquerque.game",
        "--games",
        "-1",
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(Path::new("games/alquerque.game").exists());
}

/// Issue 26: turns are compared by the position they lead to, not by
/// their text. Backgammon written by track positions (`1/4 4/9`) instead
/// of counted down (`24/21 21/16`) lists every turn under another text,
/// die moves in another order included, and plays alike: the notation is
/// the only change and there is no witness.
#[test]
fn the_same_turns_written_otherwise_are_no_difference() {
    let v = json(&[
        "diff",
        "games/backgammon.game",
        "tests/data/diff/backgammon-by-positions.game",
        "--games",
        "10",
        "--json",
    ]);
    let changes = v["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 1, "{v}");
    assert_eq!(changes[0]["a"]["text"], "notation counting down");
    assert_eq!(changes[0]["b"]["text"], "notation positions");
    assert_eq!(v["witness"], serde_json::Value::Null, "{v}");
}

/// A turn both games write alike but that leads to different positions
/// (a hit man goes to the bar in one, to the tray in the other) is shown
/// as that turn and both positions after it.
#[test]
fn a_turn_written_alike_that_leads_elsewhere_is_shown_with_both_positions() {
    let v = json(&[
        "diff",
        "games/verquere.game",
        "tests/data/diff/verquere-hit-off.game",
        "--games",
        "0",
        "--json",
    ]);
    let w = &v["witness"];
    assert_eq!(w["differs_in"], "position", "{v}");
    assert_eq!(w["found"], "near the start");
    let (a, b) = (
        w["position"].as_str().unwrap(),
        w["position_b"].as_str().unwrap(),
    );
    assert!(a.contains(" bar") && !a.contains(" off"), "{a}");
    assert!(b.contains(" off") && !b.contains(" bar"), "{b}");
    assert_eq!(w["only_a"], serde_json::json!([]));
    assert_eq!(w["only_b"], serde_json::json!([]));
}

/// Plakoto against its rule before issue 26 (`ending turn obliged`): the
/// witness is a roll where the game allows a turn that pins the mother
/// with fewer dice than another turn plays, and the obliged game allows
/// nothing the game does not. A last man borne off with the smaller or
/// the larger die leads to one position, so that is no difference.
#[test]
fn plakoto_differs_from_its_obliged_ending_by_a_pin_of_the_mother() {
    let v = json(&[
        "diff",
        "games/plakoto.game",
        "tests/data/diff/plakoto-obliged.game",
        "--json",
    ]);
    let w = &v["witness"];
    assert_eq!(w["differs_in"], "legal moves", "{v}");
    assert_eq!(w["only_b"], serde_json::json!([]), "{v}");
    assert!(!w["only_a"].as_array().unwrap().is_empty(), "{v}");
    assert!(w["position"].as_str().unwrap().contains("pinned"), "{v}");
}

/// A witness's turns, each `ROLL: TURN`, replayed in `engine` from the
/// start: where the rules leave the dice (the next double of a climbing
/// sequence) the roll must be theirs, and every turn must be legal.
fn replays_as_played(engine: &ludus::engine::Engine, moves: &[String]) {
    use ludus::notation::{dice_text, find_move, parse_dice};
    let mut st = engine.start();
    let mut listed = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let (roll, turn) = m.split_once(": ").unwrap_or_else(|| panic!("{m}"));
        if engine.to_throw(&st) {
            st.dice = parse_dice(engine, roll).unwrap_or_else(|e| panic!("{m}: {e}"));
        } else {
            assert_eq!(
                dice_text(&st).as_deref(),
                Some(roll),
                "turn {i}, {m}: the rules' dice"
            );
        }
        // The opening decides who moves first: the player whose turn this is.
        if i == 0 {
            st.to_move = (0..2)
                .find(|&p| {
                    let mut s = st.clone();
                    s.to_move = p;
                    engine.legal_moves(&mut s, &mut listed);
                    find_move(engine, &s, &listed, turn).is_ok()
                })
                .unwrap_or_else(|| panic!("{m}: legal for nobody"));
        }
        engine.legal_moves(&mut st, &mut listed);
        let chosen =
            find_move(engine, &st, &listed, turn).unwrap_or_else(|e| panic!("turn {i}, {m}: {e}"));
        engine.play_unchecked(&mut st, &chosen);
    }
}

#[test]
fn a_witness_plays_the_dice_the_rules_leave() {
    // Gul bara climbs its doubles a turn each; the variant bears off with
    // one man fewer home, a difference its random games reach late, after
    // climbs.
    let a = common::engine_at(&common::root().join("games/gul-bara.game"));
    let b = common::variant_of(
        "gul-bara.game",
        "rules {\n  bear off when own men in home + own men in off = 14\n}",
    );
    let w = ludus::diff::witness(&a, &b, 1, 200)
        .expect("a witness search")
        .witness
        .expect("the games differ");
    assert!(w.moves.len() > 8, "found late: {:?}", w.moves);
    replays_as_played(&a, &w.moves);
}
