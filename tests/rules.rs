//! The rules of Alquerque and its variants (RULES.md section 2 and cases
//! 7-8), pinned on small positions written in position notation.
//!
//! Each variant of the table in RULES.md 2.6 has at least one test that
//! fails if its distinctive rule is broken; most compare the variant with
//! the game it differs from on the same position.

use crate::common;

use ludus::engine::{Engine, Outcome, State};
use ludus::notation::{find_move, move_text, parse_position, position_text};
use std::path::Path;

const WHITE: Outcome = Outcome::Decisive {
    winner: 0,
    points: 1,
};
const BLACK: Outcome = Outcome::Decisive {
    winner: 1,
    points: 1,
};

/// The engine of `games/{game}.game`.
fn engine(game: &str) -> Engine {
    common::engine_at(&Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("games/{game}.game")))
}

/// The position written `position`, or the start for `start`.
fn state(engine: &Engine, position: &str) -> State {
    if position == "start" {
        engine.start()
    } else {
        parse_position(engine, position).unwrap_or_else(|e| panic!("`{position}`: {e}"))
    }
}

/// The legal moves of a position, as sorted texts.
fn moves(game: &str, position: &str) -> Vec<String> {
    let engine = engine(game);
    let mut st = state(&engine, position);
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let mut texts: Vec<String> = moves.iter().map(|m| move_text(&engine, m)).collect();
    texts.sort();
    texts
}

/// Checks that the legal moves of `position` in `game` are exactly `expected`.
#[track_caller]
fn check(game: &str, position: &str, expected: &[&str]) {
    let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(moves(game, position), expected, "{game}: {position}");
}

/// Plays `line` (move texts, each checked legal) from `position`; returns
/// the position reached, in notation.
#[track_caller]
fn after(game: &str, position: &str, line: &[&str]) -> String {
    let engine = engine(game);
    let mut st = state(&engine, position);
    let mut moves = Vec::new();
    for text in line {
        engine.legal_moves(&mut st, &mut moves);
        let m = find_move(&engine, &st, &moves, text)
            .unwrap_or_else(|e| panic!("{game}: `{text}`: {e}"));
        engine.play(&mut st, &m).unwrap();
    }
    position_text(&engine, &st)
}

/// The outcome of a position.
fn outcome(game: &str, position: &str) -> Outcome {
    let engine = engine(game);
    engine.outcome(&state(&engine, position))
}

/// The games that use the standard setup and let every man move in every
/// direction at the start.
const STANDARD: [&str; 6] = [
    "alquerque",
    "alquerque-huff",
    "alquerque-compulsory",
    "alquerque-single",
    "alquerque-bell",
    "alquerque-bell-noreturn",
];

// ------------------------------------------------------------ case 7

#[test]
fn case_7_four_steps_into_the_centre_at_the_start() {
    for game in STANDARD {
        check(game, "start", &["b2-c3", "c2-c3", "d2-c3", "d3-c3"]);
    }
}

#[test]
fn fetach_start_has_no_sideways_step() {
    check("fetach", "start", &["b2-c3", "c2-c3", "d2-c3"]);
}

// ------------------------------------------------------------ case 8

/// White on a1 can take b2, d3 and e4 in a chain that turns from north-east
/// to east to north: a1xc3xe3xe5.
const CHAIN: &str = "white: a1; black: b2 d3 e4 a5";

#[test]
fn case_8_optional_chain_every_prefix_is_a_move() {
    check(
        "alquerque",
        CHAIN,
        &["a1-a2", "a1-b1", "a1xc3", "a1xc3xe3", "a1xc3xe3xe5"],
    );
}

#[test]
fn case_8_compulsory_only_the_complete_chain() {
    check("alquerque-compulsory", CHAIN, &["a1xc3xe3xe5"]);
}

#[test]
fn case_8_single_jumps_never_chain() {
    check("alquerque-single", CHAIN, &["a1-a2", "a1-b1", "a1xc3"]);
}

#[test]
fn case_8_huff_prefixes_are_legal_and_stopping_is_no_offence() {
    check(
        "alquerque-huff",
        CHAIN,
        &["a1-a2", "a1-b1", "a1xc3", "a1xc3xe3", "a1xc3xe3xe5"],
    );
    assert_eq!(
        after("alquerque-huff", CHAIN, &["a1xc3"]),
        "white: c3; black: d3 e4 a5; turn: black; quiet: 0"
    );
}

#[test]
fn case_8_bell_stopping_early_makes_the_piece_huffable() {
    check(
        "alquerque-bell",
        CHAIN,
        &["a1-a2", "a1-b1", "a1xc3", "a1xc3xe3", "a1xc3xe3xe5"],
    );
    assert_eq!(
        after("alquerque-bell", CHAIN, &["a1xc3"]),
        "white: c3; black: d3 e4 a5; turn: black; quiet: 0; huff: c3"
    );
    assert_eq!(
        after("alquerque-bell", CHAIN, &["a1xc3xe3"]),
        "white: e3; black: e4 a5; turn: black; quiet: 0; huff: e3"
    );
    assert_eq!(
        after("alquerque-bell", CHAIN, &["a1xc3xe3xe5"]),
        "white: e5; black: a5; turn: black; quiet: 0"
    );
}

#[test]
fn case_8_fetach_man_cannot_turn_sideways() {
    check("fetach", CHAIN, &["a1xc3"]);
}

/// A chain may come back to its own start point; two routes that take the
/// same pieces are two moves.
#[test]
fn chain_may_land_again_on_its_start_point() {
    check(
        "alquerque-compulsory",
        "white: c3; black: c4 d5 e4 d3 a1",
        &["c3xc5xe5xe3xc3", "c3xe3xe5xc5xc3"],
    );
    assert_eq!(
        after(
            "alquerque-compulsory",
            "white: c3; black: c4 d5 e4 d3 a1",
            &["c3xc5xe5xe3xc3"]
        ),
        "white: c3; black: a1; turn: black; quiet: 0"
    );
}

// ------------------------------------------------------------ alquerque

#[test]
fn alquerque_capture_is_optional() {
    check(
        "alquerque",
        "white: a1 e1; black: b2 e5",
        &["a1-a2", "a1-b1", "a1xc3", "e1-d1", "e1-d2", "e1-e2"],
    );
}

#[test]
fn a_capture_removes_the_jumped_piece_and_resets_the_quiet_count() {
    assert_eq!(
        after(
            "alquerque",
            "white: a1 e1; black: b2 e5; quiet: 17",
            &["a1xc3"]
        ),
        "white: e1 c3; black: e5; turn: black; quiet: 0"
    );
    assert_eq!(
        after(
            "alquerque",
            "white: a1 e1; black: b2 e5; quiet: 17",
            &["e1-e2"]
        ),
        "white: a1 e2; black: b2 e5; turn: black; quiet: 18"
    );
}

#[test]
fn illegal_move_is_refused_and_the_state_unchanged() {
    // The step e1-e2, legal where capture is optional...
    let optional = engine("alquerque");
    let compulsory = engine("alquerque-compulsory");
    let position = "white: a1 e1; black: b2 e5";
    let mut st = state(&optional, position);
    let mut moves = Vec::new();
    optional.legal_moves(&mut st, &mut moves);
    let step = find_move(&optional, &st, &moves, "e1-e2").unwrap();
    // ...is refused where it is compulsory, and nothing changes.
    let mut st = state(&compulsory, position);
    let before = st.clone();
    compulsory.legal_moves(&mut st, &mut moves);
    assert_eq!(st, before, "legal_moves must restore its scratch state");
    assert!(compulsory.play(&mut st, &step).is_err());
    assert_eq!(st, before);
    let why = find_move(&compulsory, &st, &moves, "e1-e2").unwrap_err();
    assert!(why.contains("compulsory"), "{why}");
}

// ------------------------------------------------------------ compulsory

#[test]
fn compulsory_offers_no_step_while_a_capture_exists() {
    check(
        "alquerque-compulsory",
        "white: a1 e1; black: b2 e5",
        &["a1xc3"],
    );
    // Without the capture, the steps come back.
    check(
        "alquerque-compulsory",
        "white: a1 e1; black: c3 e5",
        &["a1-a2", "a1-b1", "a1-b2", "e1-d1", "e1-d2", "e1-e2"],
    );
}

#[test]
fn compulsory_lists_every_capturing_piece() {
    check(
        "alquerque-compulsory",
        "white: a1 c1; black: b2 e5",
        &["a1xc3", "c1xa3"],
    );
}

// ------------------------------------------------------------ single

#[test]
fn single_has_optional_single_jumps() {
    check(
        "alquerque-single",
        "white: c3; black: c4 d5 e4 d3 a1",
        &[
            "c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-d2", "c3-d4", "c3xc5", "c3xe3",
        ],
    );
}

// ------------------------------------------------------------ huff

/// White's a1 and c1 can both take b2.
const IGNORED: &str = "white: a1 c1; black: b2 a5";

#[test]
fn huff_offenders_are_every_piece_that_could_have_captured() {
    // The offender that moved is huffable at its new point.
    assert_eq!(
        after("alquerque-huff", IGNORED, &["a1-a2"]),
        "white: c1 a2; black: b2 a5; turn: black; quiet: 1; huff: c1 a2"
    );
    // A capture with either piece is no offence.
    assert_eq!(
        after("alquerque-huff", IGNORED, &["c1xa3"]),
        "white: a1 a3; black: a5; turn: black; quiet: 0"
    );
}

#[test]
fn huff_is_optional_and_followed_by_a_move() {
    let plain = [
        "a5-a4", "a5-b4", "a5-b5", "b2-a1", "b2-a3", "b2-b1", "b2-b3", "b2-c2", "b2-c3",
    ];
    let mut expected: Vec<String> = plain.iter().map(|m| m.to_string()).collect();
    for (huffed, freed) in [("a2", "b2-a2"), ("c1", "b2-c1")] {
        for m in plain.iter().chain([&freed]) {
            expected.push(format!("huff {huffed} {m}"));
        }
    }
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    check(
        "alquerque-huff",
        "white: c1 a2; black: b2 a5; turn: black; quiet: 1; huff: c1 a2",
        &expected,
    );
}

#[test]
fn huff_removes_the_piece_and_resets_the_quiet_count() {
    assert_eq!(
        after("alquerque-huff", IGNORED, &["a1-a2", "huff a2 a5-a4"]),
        "white: c1; black: b2 a4; turn: white; quiet: 0"
    );
}

#[test]
fn huff_chance_lasts_one_turn() {
    assert_eq!(
        after("alquerque-huff", IGNORED, &["a1-a2", "a5-a4"]),
        "white: c1 a2; black: b2 a4; turn: white; quiet: 2"
    );
}

#[test]
fn huff_of_the_last_piece_wins_at_once() {
    let position = "white: a2; black: b1 a5; turn: black; huff: a2";
    let all = moves("alquerque-huff", position);
    let huffs: Vec<&String> = all.iter().filter(|m| m.starts_with("huff")).collect();
    assert_eq!(huffs, ["huff a2"]);
    assert_eq!(
        after("alquerque-huff", position, &["huff a2"]),
        "white:; black: b1 a5; turn: white; quiet: 0"
    );
    assert_eq!(
        outcome("alquerque-huff", "white:; black: b1 a5; turn: white"),
        BLACK
    );
}

#[test]
fn huff_offence_is_judged_after_the_movers_own_huff() {
    // Only huffing c1 gives c3 the capture c3xc1; ignoring it is an offence.
    assert_eq!(
        after(
            "alquerque-huff",
            "white: c1 c2 e5; black: c3 a5; turn: black; huff: c1",
            &["huff c1 a5-a4"]
        ),
        "white: c2 e5; black: c3 a4; turn: white; quiet: 0; huff: c3"
    );
    // Without the huff, c3 had no capture: no offence.
    assert_eq!(
        after(
            "alquerque-huff",
            "white: c1 c2 e5; black: c3 a5; turn: black; huff: c1",
            &["a5-a4"]
        ),
        "white: c1 c2 e5; black: c3 a4; turn: white; quiet: 1"
    );
}

#[test]
fn only_huff_variants_record_offences() {
    for game in ["alquerque", "alquerque-single"] {
        assert_eq!(
            after(game, IGNORED, &["a1-a2"]),
            "white: c1 a2; black: b2 a5; turn: black; quiet: 1",
            "{game}"
        );
    }
}

// ------------------------------------------------------------ setups

#[test]
fn setups_place_the_pieces_of_each_variant() {
    let ranks_1_2 = "a1 b1 c1 d1 e1 a2 b2 c2 d2 e2";
    let ranks_4_5 = "a4 b4 c4 d4 e4 a5 b5 c5 d5 e5";
    let cases = [
        (
            "alquerque",
            12,
            format!("white: {ranks_1_2} d3 e3; black: a3 b3 {ranks_4_5}"),
        ),
        (
            "alquerque-10",
            10,
            format!("white: {ranks_1_2}; black: {ranks_4_5}"),
        ),
        (
            "alquerque-8",
            8,
            "white: a1 b1 c1 d1 e1 b2 c2 d2; black: b4 c4 d4 a5 b5 c5 d5 e5".to_string(),
        ),
        (
            "alquerque-swapped",
            12,
            format!("white: {ranks_1_2} a3 d3; black: b3 e3 {ranks_4_5}"),
        ),
    ];
    for (game, count, pieces) in cases {
        let engine = engine(game);
        let start = engine.start();
        assert_eq!(start.counts[..2], [count, count], "{game}");
        assert_eq!(
            position_text(&engine, &start),
            format!("{pieces}; turn: white; quiet: 0"),
            "{game}"
        );
    }
}

#[test]
fn setup_variants_play_by_the_alquerque_rules() {
    check(
        "alquerque-10",
        "start",
        &[
            "a2-a3", "b2-a3", "b2-b3", "b2-c3", "c2-c3", "d2-c3", "d2-d3", "d2-e3", "e2-e3",
        ],
    );
    check(
        "alquerque-8",
        "start",
        &[
            "a1-a2", "b2-a2", "b2-a3", "b2-b3", "b2-c3", "c2-c3", "d2-c3", "d2-d3", "d2-e2",
            "d2-e3", "e1-e2",
        ],
    );
    // a3 faces b3 across the empty centre: the capture is optional.
    check(
        "alquerque-swapped",
        "start",
        &["a3xc3", "b2-c3", "c2-c3", "d2-c3", "d3-c3"],
    );
    for game in ["alquerque-10", "alquerque-8", "alquerque-swapped"] {
        check(
            game,
            CHAIN,
            &["a1-a2", "a1-b1", "a1xc3", "a1xc3xe3", "a1xc3xe3xe5"],
        );
    }
}

// ------------------------------------------------------------ bell

/// White's c3 has a man behind it (c2), beside it (b3) and diagonally
/// ahead (d4).
const SURROUNDED: &str = "white: c3; black: c2 b3 d4 a5";

#[test]
fn bell_no_backward_step_or_jump_sideways_allowed() {
    check(
        "alquerque-bell",
        SURROUNDED,
        &["c3-b4", "c3-c4", "c3-d3", "c3xa3", "c3xe5"],
    );
    check(
        "alquerque",
        SURROUNDED,
        &[
            "c3-b2", "c3-b4", "c3-c4", "c3-d2", "c3-d3", "c3xa3", "c3xc1", "c3xe5",
        ],
    );
}

#[test]
fn bell_forward_is_the_movers_own() {
    check(
        "alquerque-bell",
        "white: c4 b3 d2 a1; black: c3; turn: black",
        &["c3-b2", "c3-c2", "c3-d3", "c3xa3", "c3xe1"],
    );
}

#[test]
fn bell_ignoring_a_capture_makes_the_piece_huffable() {
    assert_eq!(
        after("alquerque-bell", SURROUNDED, &["c3-c4"]),
        "white: c4; black: c2 b3 d4 a5; turn: black; quiet: 1; huff: c4"
    );
}

#[test]
fn bell_on_the_opponents_back_rank_only_a_sideways_capture() {
    // RULES.md 2.6: no sideways step (c5-d5) there, but the capture stays.
    let position = "white: c5; black: b5 c4 b4 e1";
    for game in ["alquerque-bell", "alquerque-bell-noreturn"] {
        check(game, position, &["c5xa5"]);
    }
    check(
        "alquerque-single",
        position,
        &["c5-d4", "c5-d5", "c5xa3", "c5xa5", "c5xc3"],
    );
}

#[test]
fn bell_far_rank_pieces_without_a_sideways_capture_have_no_move_and_lose() {
    // Black's only piece stands on White's back rank with empty points on
    // both sides: a step sideways (d1-c1, d1-e1) would be legal elsewhere.
    let position = "white: a1 a5 e5; black: d1; turn: black";
    for game in ["alquerque-bell", "alquerque-bell-noreturn"] {
        check(game, position, &[]);
        assert_eq!(outcome(game, position), WHITE, "{game}");
    }
    // The same piece one rank up still steps forwards and sideways.
    check(
        "alquerque-bell",
        "white: a1 a5 e5; black: d2; turn: black",
        &["d2-c1", "d2-c2", "d2-d1", "d2-e1", "d2-e2"],
    );
}

#[test]
fn bell_a_chain_reaching_the_far_rank_goes_on_only_sideways() {
    // From c5 the chain may go on over d5 to e5, never back over d4 to e3.
    let position = "white: c3; black: c4 d5 d4 b4";
    check(
        "alquerque-bell",
        position,
        &[
            "c3-b3", "c3-d3", "c3xa5", "c3xc5", "c3xc5xe5", "c3xe5", "c3xe5xc5",
        ],
    );
    let alquerque = moves("alquerque", position);
    assert!(alquerque.contains(&"c3xc5xe3".to_string()), "{alquerque:?}");
}

#[test]
fn bell_huff_moves_are_offered_for_every_offender() {
    let all = moves(
        "alquerque-bell",
        "white: b3 c2 e1; black: c4 a5 e5; turn: black; huff: b3 c2",
    );
    let huffed: std::collections::BTreeSet<&str> = all
        .iter()
        .filter_map(|m| m.strip_prefix("huff "))
        .map(|m| &m[..2])
        .collect();
    assert_eq!(huffed.into_iter().collect::<Vec<_>>(), ["b3", "c2"]);
}

// ------------------------------------------------------------ bell-noreturn

#[test]
fn noreturn_piece_never_goes_back_to_a_point_it_occupied() {
    // d3 came from c3: it may not step back west.
    check(
        "alquerque-bell-noreturn",
        "white: d3(c3); black: a5",
        &["d3-d4", "d3-e3"],
    );
    check(
        "alquerque-bell",
        "white: d3; black: a5",
        &["d3-c3", "d3-d4", "d3-e3"],
    );
}

#[test]
fn noreturn_memory_holds_the_start_and_every_landing() {
    let game = "alquerque-bell-noreturn";
    assert_eq!(
        after(game, "white: a3; black: b3 e5", &["a3xc3"]),
        "white: c3(a3); black: e5; turn: black; quiet: 0"
    );
    assert_eq!(
        after(
            game,
            "white: a3; black: b3 e5",
            &["a3xc3", "e5-e4", "c3-b3"]
        ),
        "white: b3(a3,c3); black: e4(e5); turn: black; quiet: 2"
    );
    // From b3 both a3 (the start of the chain) and c3 (its landing) are barred.
    check(game, "white: b3(a3,c3); black: e5", &["b3-b4"]);
    check(
        "alquerque-bell",
        "white: b3; black: e5",
        &["b3-a3", "b3-b4", "b3-c3"],
    );
}

#[test]
fn noreturn_chain_cannot_land_on_a_point_the_piece_occupied() {
    // a1 could take b2 and land on c3, but the piece has been on c3.
    check(
        "alquerque-bell-noreturn",
        "white: a1(c3); black: b2 e5",
        &["a1-a2", "a1-b1"],
    );
    check(
        "alquerque-bell",
        "white: a1; black: b2 e5",
        &["a1-a2", "a1-b1", "a1xc3"],
    );
}

#[test]
fn noreturn_start_point_is_remembered() {
    let game = "alquerque-bell-noreturn";
    let position = after(game, "start", &["d3-c3"]);
    assert!(
        position.starts_with("white: a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 c3(d3) e3;"),
        "{position}"
    );
    // d3 steps to c3 and may not step back.
    let position = after(game, "white: d3; black: a5", &["d3-c3", "a5-a4"]);
    assert_eq!(
        position,
        "white: c3(d3); black: a4(a5); turn: white; quiet: 2"
    );
    check(game, &position, &["c3-b3", "c3-b4", "c3-c4", "c3-d4"]);
}

// ------------------------------------------------------------ fetach

#[test]
fn fetach_man_moves_and_captures_only_forwards() {
    check(
        "fetach",
        "white: c3; black: e5",
        &["c3-b4", "c3-c4", "c3-d4"],
    );
    check(
        "fetach",
        "white: a1; black: c3; turn: black",
        &["c3-b2", "c3-c2", "c3-d2"],
    );
    check("fetach", "white: c2; black: c3 b2 d2 e5", &["c2xc4"]);
    check(
        "alquerque-compulsory",
        "white: c2; black: c3 b2 d2 e5",
        &["c2xa2", "c2xc4", "c2xe2"],
    );
}

#[test]
fn fetach_promotion_on_arrival() {
    assert_eq!(
        after("fetach", "white: c4; black: a1", &["c4-c5"]),
        "white: king c5; black: a1; turn: black; quiet: 1"
    );
    assert_eq!(
        after("fetach", "white: e5; black: c2; turn: black", &["c2-c1"]),
        "white: e5; black: king c1; turn: white; quiet: 1"
    );
}

#[test]
fn fetach_promotion_mid_chain_then_every_direction() {
    let position = "white: c3; black: c4 d5 b4 a5 e1";
    check("fetach", position, &["c3xc5xa3", "c3xc5xe5"]);
    assert_eq!(
        after("fetach", position, &["c3xc5xa3"]),
        "white: king a3; black: e1 a5 d5; turn: black; quiet: 0"
    );
}

#[test]
fn fetach_king_moves_and_captures_every_way() {
    check(
        "fetach",
        "white: king c3; black: e1",
        &[
            "c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-d3", "c3-d4",
        ],
    );
    check(
        "fetach",
        "white: king c3; black: c2 b3 d4 a5",
        &["c3xa3", "c3xc1", "c3xe5"],
    );
}

// ------------------------------------------------------------ end

#[test]
fn end_no_pieces_loses() {
    assert_eq!(
        outcome("alquerque", "white: a1; black:; turn: black"),
        WHITE
    );
    let last = after("alquerque", "white: a1; black: b2", &["a1xc3"]);
    assert_eq!(outcome("alquerque", &last), WHITE);
}

#[test]
fn end_no_legal_move_loses() {
    let blocked = "white: a1; black: a2 b1 b2 a3 c1 c3";
    check("alquerque", blocked, &[]);
    assert_eq!(outcome("alquerque", blocked), BLACK);
    assert_eq!(
        outcome("alquerque", "white: a1; black: a2 b1 b2 a3 c1"),
        Outcome::Ongoing
    );
}

#[test]
fn end_forty_quiet_turns_more_pieces_wins_equal_draws() {
    assert_eq!(
        outcome("alquerque", "white: a1 b1; black: e5; quiet: 39"),
        Outcome::Ongoing
    );
    assert_eq!(
        outcome("alquerque", "white: a1 b1; black: e5; quiet: 40"),
        WHITE
    );
    assert_eq!(
        outcome("alquerque", "white: a1; black: e5 d5; quiet: 40"),
        BLACK
    );
    assert_eq!(
        outcome("alquerque", "white: a1; black: e5; quiet: 40"),
        Outcome::Draw
    );
    let fortieth = after("alquerque", "white: a1; black: e5; quiet: 39", &["a1-a2"]);
    assert_eq!(fortieth, "white: a2; black: e5; turn: black; quiet: 40");
    assert_eq!(outcome("alquerque", &fortieth), Outcome::Draw);
}

#[test]
fn end_forty_quiet_turns_is_judged_before_no_legal_move() {
    // White's men on Bell's far rank can only step sideways: no move at all.
    let stuck = "white: a5 b5 c5 d5 e5; black: a1";
    check("alquerque-bell", stuck, &[]);
    assert_eq!(outcome("alquerque-bell", stuck), BLACK);
    // With the quiet limit reached, more pieces wins before anything else.
    assert_eq!(
        outcome("alquerque-bell", &format!("{stuck}; quiet: 40")),
        WHITE
    );
}

#[test]
fn a_variant_drops_or_restates_a_qualified_line_on_its_own() {
    let load = |text: &str| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("games/scratch-variant.game");
        let loaded = ludus::load::load_text(&path, text);
        match loaded.game {
            Ok(game) => Engine::new(game),
            Err(d) => panic!("{}", loaded.sources.render(&d)),
        }
    };
    let texts = |engine: &Engine, position: &str| {
        let mut st = state(engine, position);
        let mut moves = Vec::new();
        engine.legal_moves(&mut st, &mut moves);
        let mut t: Vec<String> = moves.iter().map(|m| move_text(engine, m)).collect();
        t.sort();
        t
    };
    let position = "white: c5; black: b5 c4 b4 e1";
    let dropped = load(
        "variant \"v\" of \"alquerque-bell.game\"\npiece man { drop step on opponent back-rank }",
    );
    assert_eq!(texts(&dropped, position), ["c5-d5", "c5xa5"]);
    let restated = load(
        "variant \"v\" of \"alquerque-bell.game\"\npiece man { step e on opponent back-rank }",
    );
    assert_eq!(texts(&restated, position), ["c5-d5", "c5xa5"]);
    // The unqualified lines are untouched: one rank lower, the man still
    // steps forwards and sideways.
    assert_eq!(
        texts(&restated, "white: c4; black: e1"),
        ["c4-b4", "c4-c5", "c4-d4"]
    );
}

#[test]
fn long_capture_chains_are_never_cut() {
    // 31 captures in one compulsory chain (the reproducer; p8 is
    // out of reach): once cut at 24 captures, now whole.
    let engine = common::engine_at(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/long-chain-16x8.game"),
    );
    let mut st = state(
        &engine,
        "white: a1; black: b1 d1 f1 h1 j1 l1 n1 o2 n3 l3 j3 h3 f3 d3 b3 a4 b5 d5 f5 h5 j5 l5 \
         n5 o6 n7 l7 j7 h7 f7 d7 b7 p8; turn: white",
    );
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].captures(), 31);
    engine.play(&mut st, &moves[0]).unwrap();
    assert_eq!(st.counts[..2], [1, 1]);
}
