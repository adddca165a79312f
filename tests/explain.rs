//! `ludus explain`: why a move is legal or not, with the rule's line,
//! through the binary; and the REPL's refusals, which use it.

use crate::common;

use common::{Input, Run, game_files, ludus, ludus_in, root};
use ludus::engine::Engine;
use ludus::explain::{Explanation, Rules, explain};
use ludus::notation::move_text;

/// `ludus explain GAME ARGS...`, expected to succeed.
fn explained(game: &str, args: &[&str]) -> String {
    let path = format!("games/{game}.game");
    let run = ludus(&[&["explain", path.as_str()], args].concat());
    assert_eq!(
        run.code, 0,
        "explain {game} {args:?} failed:\n{}",
        run.stderr
    );
    run.stdout
}

/// Asserts that `out` names the rule `text` at `file:line`.
fn names_rule(out: &str, file: &str, line: usize, text: &str) {
    assert!(
        out.contains(&format!("games/{file}.game:{line}:")),
        "no rule at {file}:{line} in:\n{out}"
    );
    assert!(out.contains(text), "`{text}` is not named in:\n{out}");
}

const BELL_FAR_RANK: &str = "white: c5 d4; black: a1 e1; turn: white";
const CLOSED_POINT: &str = "white: 1*15; black: 1*13 16*2; turn: white";
const LARGER_DIE: &str = "white: 10 off*14; black: 1*13 9*2; turn: white";
const PINNED: &str = "white: 0*13 7; black: 0*13 19 21; pinned: white 4; turn: white";
const HIT: &str = "white: 24*2 13*5 8*3 6*5; black: 24*2 13*5 8*3 6*4 3; turn: white; dice: 5-2";

#[test]
fn alquerque_step_is_allowed_by_its_lines() {
    let out = explained("alquerque", &["b2-c3"]);
    assert!(out.starts_with("`b2-c3` is legal for white."), "{out}");
    assert!(out.contains("moves the man from b2 to c3"), "{out}");
    names_rule(&out, "alquerque", 31, "allowed by `step any` (piece man)");
    names_rule(&out, "alquerque", 14, "links diagonal where even");
}

#[test]
fn alquerque_step_while_a_capture_exists_is_forbidden_by_compulsory_capture() {
    let out = explained(
        "alquerque-compulsory",
        &[
            "--position",
            "white: b2 c2; black: c3 e5; turn: white",
            "b2-a3",
        ],
    );
    assert!(out.starts_with("illegal move `b2-a3`"), "{out}");
    names_rule(
        &out,
        "alquerque-compulsory",
        6,
        "forbidden by `capture compulsory`",
    );
    assert!(out.contains("as `capture optional`, `b2-a3` would be legal"));
    assert!(out.contains("nearest legal moves: b2xd4, c2xc4"), "{out}");
}

#[test]
fn bell_far_rank_forbids_a_step_there() {
    let out = explained("alquerque-bell", &["--position", BELL_FAR_RANK, "c5-c4"]);
    names_rule(
        &out,
        "alquerque-bell",
        13,
        "forbidden by `step none on opponent back-rank`",
    );
    // The nearest legal moves: the same landing first.
    assert!(out.contains("nearest legal moves: d4-c4,"), "{out}");
    let out = explained("alquerque-bell", &["--position", BELL_FAR_RANK, "d4-d5"]);
    names_rule(
        &out,
        "alquerque-bell",
        11,
        "allowed by `step forward sideways`",
    );
}

#[test]
fn bell_backward_step_is_forbidden_by_the_step_line() {
    let position = "white: c3 d4; black: a5 e5; turn: white";
    let out = explained("alquerque-bell", &["--position", position, "c3-c2"]);
    names_rule(
        &out,
        "alquerque-bell",
        11,
        "forbidden by `step forward sideways`",
    );
    assert!(
        out.contains("as `step any`, `c3-c2` would be legal"),
        "{out}"
    );
}

#[test]
fn connect_four_disc_above_an_empty_site_is_forbidden_by_falling() {
    let out = explained("connect-four", &["d3"]);
    assert!(out.starts_with("illegal move `d3`"), "{out}");
    names_rule(
        &out,
        "connect-four",
        26,
        "forbidden by `place falling s` (piece disc)",
    );
    assert!(
        out.contains("as `place (onto any empty site, not falling)`, `d3` would be legal"),
        "{out}"
    );
    assert!(out.contains("nearest legal moves: d1,"), "{out}");
    let out = explained(
        "connect-four",
        &["--position", "x: d1; o:; turn: o; hand: x 20, o 21", "d2"],
    );
    assert!(out.starts_with("`d2` is legal for o."), "{out}");
}

#[test]
fn english_draughts_capture_is_compulsory_and_crowning_is_a_rule() {
    let position = "black: 11 1; white: 15 24; turn: black";
    let out = explained("english-draughts", &["--position", position, "1-5"]);
    names_rule(
        &out,
        "english-draughts",
        71,
        "forbidden by `capture compulsory`",
    );
    // The jump line makes the capture possible, but forbids nothing itself.
    assert!(!out.contains("jump forward"), "{out}");
    let out = explained("english-draughts", &["--position", position, "11x18"]);
    assert!(out.contains("captures 1 piece (on 15)"), "{out}");
    names_rule(&out, "english-draughts", 52, "allowed by `jump forward`");
    names_rule(
        &out,
        "english-draughts",
        71,
        "satisfies `capture compulsory`",
    );
    let out = explained(
        "english-draughts",
        &["--position", "black: 22; white: 7; turn: white", "7-3"],
    );
    assert!(out.contains("the man becomes a king on 3"), "{out}");
    names_rule(
        &out,
        "english-draughts",
        53,
        "what it does depends on `promote to king on opponent back-rank then stop`",
    );
}

#[test]
fn international_majority_capture_forbids_the_shorter_capture() {
    let position = "white: 32 38; black: 27 17 33; turn: white";
    let out = explained("international-draughts", &["--position", position, "38x29"]);
    names_rule(
        &out,
        "international-draughts",
        85,
        "forbidden by `play most captures`",
    );
    assert!(out.contains("nearest legal moves: 32x21x12"), "{out}");
    let out = explained(
        "international-draughts",
        &["--position", position, "32x21x12"],
    );
    assert!(out.contains("captures 2 pieces (on 27, 17)"), "{out}");
    names_rule(
        &out,
        "international-draughts",
        85,
        "satisfies `play most captures`",
    );
}

#[test]
fn verquere_closed_point_forbids_a_landing() {
    let out = explained(
        "verquere",
        &["--position", CLOSED_POINT, "--dice", "3-1", "1/4 4/5"],
    );
    assert!(out.starts_with("illegal move `1/4 4/5`"), "{out}");
    names_rule(&out, "verquere", 52, "forbidden by `forbid closed");
    assert!(out.contains("nearest legal moves: 1/2 2/5"), "{out}");
}

#[test]
fn verquere_larger_die_obligation_forbids_the_smaller() {
    let out = explained(
        "verquere",
        &["--position", LARGER_DIE, "--dice", "6-5", "10/15"],
    );
    names_rule(
        &out,
        "verquere",
        63,
        "forbidden by `play most dice, larger die",
    );
    // Without `play`, `ending turn exempt` has nothing to exempt from.
    assert!(
        out.contains("`ending turn exempt`, which needs it"),
        "{out}"
    );
    let out = explained(
        "verquere",
        &["--position", LARGER_DIE, "--dice", "6-5", "10/16"],
    );
    names_rule(
        &out,
        "verquere",
        63,
        "satisfies `play most dice, larger die",
    );
    // The closed point is what leaves one die to play.
    names_rule(&out, "verquere", 52, "legal only because of `forbid closed");
}

#[test]
fn backgammon_closed_point_and_hit() {
    let out = explained("backgammon", &["--dice", "5-2", "24/19", "19/17"]);
    names_rule(&out, "backgammon", 61, "forbidden by `forbid closed");
    let out = explained("backgammon", &["--position", HIT, "24/22*", "13/8"]);
    assert!(
        out.contains("hits the opposing man on 22, who goes to the bar"),
        "{out}"
    );
    names_rule(&out, "backgammon", 62, "allowed by `hit to bar`");
}

#[test]
fn a_die_move_no_die_shows_is_said_so() {
    let out = explained("backgammon", &["--dice", "6-4", "24/18 18/13"]);
    assert!(
        out.contains("`18/13` moves 5 points, but the dice are 6-4"),
        "{out}"
    );
}

#[test]
fn plakoto_pinned_man_cannot_move_nor_be_landed_on() {
    let out = explained(
        "plakoto",
        &["--position", PINNED, "--dice", "3-2", "4/7 7/9"],
    );
    assert!(
        out.contains("white's man on 5 is pinned under black's man"),
        "{out}"
    );
    names_rule(&out, "plakoto", 63, "forbidden by `pin blots`");
    let out = explained(
        "plakoto",
        &["--position", PINNED, "--dice", "3-2", "0/2 2/4"],
    );
    assert!(out.contains("lies pinned on 5"), "{out}");
    names_rule(&out, "plakoto", 63, "forbidden by `pin blots`");
    let out = explained(
        "plakoto",
        &["--position", PINNED, "--dice", "3-2", "0/2 7/10"],
    );
    assert!(out.contains("pins the man on 3"), "{out}");
    names_rule(&out, "plakoto", 63, "what it does depends on `pin blots`");
}

#[test]
fn text_that_is_no_move_is_refused() {
    for (game, args, said) in [
        (
            "alquerque",
            vec!["z9-a1"],
            "`z9` is not a site of this board",
        ),
        (
            "alquerque",
            vec!["b2"],
            "a move names where the piece starts",
        ),
        ("alquerque", vec!["b2-c3(x"], "is not closed"),
        (
            "verquere",
            vec!["--dice", "5-3", "1/30"],
            "`30` is not a point of white's track",
        ),
        (
            "verquere",
            vec!["--dice", "5-3", "1-6"],
            "is not a die move",
        ),
    ] {
        let path = format!("games/{game}.game");
        let run = ludus(&[&["explain", path.as_str()], &args[..]].concat());
        assert_eq!(run.code, 1, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("is not a move"), "{}", run.stderr);
        assert!(run.stderr.contains(said), "{args:?}: {}", run.stderr);
    }
    let long = "a1-".repeat(100);
    let run = ludus(&["explain", "games/alquerque.game", &long]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("longer than 200 characters"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_dice_game_needs_the_roll() {
    let run = ludus(&["explain", "games/verquere.game", "1/4"]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("--dice"), "{}", run.stderr);
}

#[test]
fn json_parses() {
    let out = explained(
        "alquerque-bell",
        &["--position", BELL_FAR_RANK, "--json", "c5-c4"],
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["verdict"], "illegal");
    assert_eq!(v["move"], "c5-c4");
    assert_eq!(v["forbidden_by"][0]["line"], 13);
    assert_eq!(v["forbidden_by"][0]["section"], "piece man");
    assert!(v["nearest"].as_array().is_some_and(|a| !a.is_empty()));
    let out = explained("alquerque", &["--json", "b2-c3"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["verdict"], "legal");
    assert!(v["allowed_by"].as_array().is_some_and(|a| a.len() == 2));
}

#[test]
fn repl_refusal_shows_the_rule() {
    let run: Run = ludus_in(
        root(),
        &[
            "play",
            "games/alquerque-compulsory.game",
            "--position",
            "white: b2 c2; black: c3 e5; turn: white",
        ],
        Input::Text("b2-a3\nquit\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("illegal move `b2-a3`"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("games/alquerque-compulsory.game:6:3"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("nearest legal moves: b2xd4, c2xc4"));
}

#[test]
fn repl_dice_refusal_shows_the_rule() {
    let position = "white: 24*2 13*5 8*3 6*5; black: 24*2 13*5 8*3 6*5; turn: white; dice: 5-2";
    let run = ludus_in(
        root(),
        &["play", "games/backgammon.game", "--position", position],
        Input::Text("24/19\n24/22\n22/17\nquit\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let refusals = run.stdout.matches("games/backgammon.game:61:3").count();
    assert_eq!(refusals, 2, "{}", run.stdout);
    assert!(
        run.stdout
            .contains("`24/22 22/17` is forbidden by `forbid closed")
    );
}

/// Moves without steps: a pass where no die move can be played, and a
/// lone huff that takes the last piece (once an index out of bounds: the
/// origin of a move that has none was read).
#[test]
fn a_move_without_steps_is_explained() {
    let out = explained(
        "plakoto",
        &[
            "--position",
            "white: 0*15; black: 0*3 17*2 18*2 19*2 20*2 21*2 22*2; turn: white; dice: 6-6",
            "pass",
        ],
    );
    assert!(out.starts_with("`pass` is legal for white."), "{out}");
    assert!(out.contains("passes: there is no move to make"), "{out}");
    let out = explained(
        "alquerque-huff",
        &["--position", "white: a1; black: e5; huff: e5", "huff e5"],
    );
    assert!(out.starts_with("`huff e5` is legal for white."), "{out}");
    assert!(out.contains("huffs the piece on e5"), "{out}");
    assert!(out.contains("ends the game: white wins"), "{out}");
    names_rule(&out, "alquerque-huff", 7, "depends on `capture huff`");
}

/// Every bundled game: a legal move is explained as legal, and the same
/// move by the other player's piece, or a pass where it is not, as illegal.
#[test]
fn every_bundled_game_is_explained() {
    for path in game_files() {
        let rules = Rules::load(&root().join(&path)).unwrap();
        let engine: Engine = common::engine_at(&root().join(&path));
        let mut st = engine.start();
        let mut moves = Vec::new();
        // A roll with a move to make: 3-1, or in a game that enters only
        // on a 6 (Ludo), a 6.
        for first in [3, 6] {
            if engine.has_dice() {
                st.dice = [first, 1, 0, 0];
            }
            engine.legal_moves(&mut st, &mut moves);
            if !moves[0].steps().is_empty() {
                break;
            }
        }
        let text = move_text(&engine, &moves[0]);
        match explain(&rules, &engine, &st, &text).unwrap() {
            Explanation::Legal { text: t, .. } => assert_eq!(t, text, "{path}"),
            other => panic!("{path}: {text} explained as {other:?}"),
        }
        match explain(&rules, &engine, &st, "pass") {
            Ok(Explanation::Illegal { nearest, .. }) => assert!(!nearest.is_empty(), "{path}"),
            other => panic!("{path}: a pass explained as {other:?}"),
        }
    }
}

#[test]
fn rendered_explanations() {
    insta::assert_snapshot!(
        "bell_far_rank",
        explained("alquerque-bell", &["--position", BELL_FAR_RANK, "c5-c4"])
    );
    insta::assert_snapshot!(
        "verquere_closed_point",
        explained(
            "verquere",
            &["--position", CLOSED_POINT, "--dice", "3-1", "1/4 4/5"],
        )
    );
    insta::assert_snapshot!(
        "english_draughts_crowning",
        explained(
            "english-draughts",
            &["--position", "black: 22; white: 7; turn: white", "7-3"],
        )
    );
}
