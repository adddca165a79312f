//! Worked positions of the hunt game fox and geese (the cross board, geese
//! that never step back, the fox's optional chains, both ways of winning)
//! and of Awithlaknannai, whose leaps follow the board's lines where they
//! bend (`line` items and `jump ... along lines`).

use crate::common;

use common::{engine_at, root};
use ludus::engine::{Engine, Move, Outcome};
use ludus::load::load_text;
use ludus::notation::{move_text, parse_position};
use ludus::playout::outcome_text;

fn engine(name: &str) -> Engine {
    engine_at(&root().join("games").join(name))
}

/// The legal turns of a position, sorted, and its outcome, as text.
fn turns_and_result(engine: &Engine, position: &str) -> (Vec<String>, String) {
    let mut st = parse_position(engine, position).unwrap_or_else(|e| panic!("{position}: {e}"));
    let mut moves: Vec<Move> = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let outcome = engine.outcome_with(&st, !moves.is_empty());
    let mut texts: Vec<String> = moves.iter().map(|m| move_text(engine, m)).collect();
    texts.sort();
    let result = if outcome == Outcome::Ongoing {
        "unfinished".to_string()
    } else {
        outcome_text(engine, outcome)
    };
    (texts, result)
}

fn turns(engine: &Engine, position: &str) -> Vec<String> {
    turns_and_result(engine, position).0
}

#[test]
fn the_cross_keeps_33_points_joined_orthogonally() {
    for name in ["fox-and-geese.game", "fox-and-geese-17.game"] {
        let e = engine(name);
        let board = &e.game().board;
        assert_eq!(board.sites.len(), 33, "{name}");
        assert!(board.sites.iter().all(|s| s.name != "a1" && s.name != "g7"));
        // 26 along the rows and 26 along the columns, each both ways.
        assert_eq!(board.links.len(), 2 * 52, "{name}");
    }
    let start = |name: &str| {
        let e = engine(name);
        let st = e.start();
        (0..e.game().board.sites.len())
            .filter(|&s| st.piece(s).is_some_and(|(p, _)| p == 1))
            .count()
    };
    assert_eq!(start("fox-and-geese.game"), 13);
    assert_eq!(start("fox-and-geese-17.game"), 17);
}

#[test]
fn geese_step_forward_or_sideways_never_back() {
    let e = engine("fox-and-geese.game");
    assert_eq!(
        turns(
            &e,
            "fox: a3; geese: goose d5 c6 d6 e6 c7 d7 e7; turn: geese"
        ),
        // Never d5-d6 (back) nor c6-b6 (off the cross); d6 and the last
        // row are blocked by their own geese.
        ["c6-c5", "d5-c5", "d5-d4", "d5-e5", "e6-e5"]
    );
}

#[test]
fn the_fox_jumps_in_chains_he_may_stop() {
    let e = engine("fox-and-geese.game");
    let (got, result) = turns_and_result(
        &e,
        "fox: d3; geese: goose d4 d6 a5 b5 c7 d7 e7 g5; turn: fox",
    );
    assert_eq!(result, "unfinished");
    // Over d4 to d5, then on over d6 to d7? d7 is taken: the chain stops at
    // d5; the fox may also step, and need not capture.
    assert_eq!(got, ["d3-c3", "d3-d2", "d3-e3", "d3xd5"]);
    let (got, _) = turns_and_result(
        &e,
        "fox: d3; geese: goose d4 d6 a5 b5 c7 e7 g5 f5; turn: fox",
    );
    assert!(got.contains(&"d3xd5xd7".to_string()), "{got:?}");
    assert!(got.contains(&"d3xd5".to_string()), "{got:?}");
}

#[test]
fn the_fox_wins_when_six_geese_are_left_and_loses_when_trapped() {
    let e = engine("fox-and-geese.game");
    // Six geese cannot trap him: the fox has won.
    let (_, result) = turns_and_result(&e, "fox: a3; geese: goose c7 d7 e7 c6 d6 e6; turn: geese");
    assert_eq!(result, "fox wins");
    // Seven can: the fox in the corner c1, both ways out blocked and both
    // geese backed, has no move.
    let (got, result) =
        turns_and_result(&e, "fox: c1; geese: goose d1 e1 c2 c3 a5 b5 c5; turn: fox");
    assert_eq!((got.len(), result.as_str()), (0, "geese wins"));
}

fn awithlaknannai() -> Engine {
    engine("awithlaknannai.game")
}

#[test]
fn a_leap_follows_the_line_where_it_bends() {
    let e = awithlaknannai();
    // The serpent a2 b3 c2 d1 e2 turns at d1: the man on c2 leaps over
    // d1 (south-east) and lands on e2 (north-east of d1), never off the
    // board; it names the man taken, since over d3 would land there too.
    assert_eq!(
        turns(&e, "white: c2; black: d1 p3; turn: white"),
        ["c2xe2(d1)"]
    );
    // Straight along a serpent, as any jump.
    assert_eq!(turns(&e, "white: b3; black: c2 p1; turn: white"), ["b3xd1"]);
    // Two bends in one chain, compulsory to its end: over b3 to c2 (the
    // serpent turns at b3), then over d1 to e2.
    assert_eq!(
        turns(&e, "white: a2; black: b3 d1 n3; turn: white"),
        ["a2xc2xe2(b3,d1)"]
    );
    // Both serpents through c2 reach e2: two captures, told apart by the man taken.
    assert_eq!(
        turns(&e, "white: c2; black: d1 d3 p3; turn: white"),
        ["c2xe2xc2(d1,d3)", "c2xe2xc2(d3,d1)"]
    );
    // Along the straight middle line.
    assert_eq!(turns(&e, "white: a2; black: c2 p1; turn: white"), ["a2xe2"]);
}

#[test]
fn without_along_lines_the_same_board_jumps_straight() {
    let path = root().join("games/awithlaknannai-straight.game");
    let text = std::fs::read_to_string(root().join("games/awithlaknannai.game"))
        .expect("the game file")
        .replace("jump any along lines", "jump any");
    let loaded = load_text(&path, &text);
    let game = loaded.game.expect("checks with straight jumps");
    let e = Engine::new(game);
    // No straight line goes on past d1 from c2: no capture, only steps.
    let got = turns(&e, "white: c2; black: d1 p3; turn: white");
    assert!(got.iter().all(|t| !t.contains('x')), "{got:?}");
    let got = turns(&awithlaknannai(), "white: c2; black: d1 p3; turn: white");
    assert_eq!(got, ["c2xe2(d1)"]);
}

#[test]
fn the_start_leaves_only_the_centre_empty() {
    let e = awithlaknannai();
    assert_eq!(e.game().board.sites.len(), 25);
    assert_eq!(e.game().board.lines.len(), 5);
    let (got, result) = turns_and_result(&e, &ludus::notation::position_text(&e, &e.start()));
    assert_eq!(result, "unfinished");
    // The first move goes to the centre i2, the only empty point; with
    // leaps that bend it is a leap, compulsory: k2 over j3 along the
    // serpent i2 j3 k2 (over j1, along the other serpent, would land there
    // too, so the text names the man taken).
    assert_eq!(got, ["k2xi2(j3)"]);
}

/// The outcome after each legal turn of a position, by the turn's text.
fn outcomes_after(engine: &Engine, position: &str) -> Vec<(String, String)> {
    let mut st = parse_position(engine, position).unwrap_or_else(|e| panic!("{position}: {e}"));
    let mut moves: Vec<Move> = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    moves
        .iter()
        .map(|m| {
            let mut after = st.clone();
            engine.play_unchecked(&mut after, m);
            let outcome = engine.outcome_with(&after, true);
            let text = if outcome == Outcome::Ongoing {
                "unfinished".to_string()
            } else {
                outcome_text(engine, outcome)
            };
            (move_text(engine, m), text)
        })
        .collect()
}

#[test]
fn bagh_chal_tigers_win_with_the_fifth_goat_taken() {
    let e = engine("bagh-chal.game");
    // Twenty goats: two on the board and 14 in hand, so four taken. The
    // tiger takes c4, the fifth: he wins; his steps leave the game going.
    let four = "tiger: tiger c3; goat: c4 e3; turn: tiger; hand: goat 14";
    let after = outcomes_after(&e, four);
    assert!(
        after.contains(&("c3xc5".into(), "tiger wins".into())),
        "{after:?}"
    );
    assert!(
        after
            .iter()
            .filter(|(m, _)| m != "c3xc5")
            .all(|(_, o)| o == "unfinished"),
        "{after:?}"
    );
    // With one goat more in hand, that capture is the fourth.
    let three = "tiger: tiger c3; goat: c4 e3; turn: tiger; hand: goat 15";
    assert!(
        outcomes_after(&e, three)
            .iter()
            .all(|(_, o)| o == "unfinished")
    );
    // Goats in hand are placed, not moved: no goat steps while any remain.
    let (turns, _) = turns_and_result(&e, "tiger: tiger a1; goat: c3; turn: goat; hand: goat 1");
    assert!(turns.iter().all(|t| !t.contains('-')), "{turns:?}");
    assert!(turns.contains(&"c2".to_string()), "{turns:?}");
}

fn adugo() -> Engine {
    engine("adugo.game")
}

#[test]
fn adugo_adds_a_triangle_of_six_points_below_the_alquerque_board() {
    let e = adugo();
    assert_eq!(e.game().board.sites.len(), 31);
    // The start: the jaguar on the centre, fourteen dogs on the far half.
    let st = e.start();
    let count = |player: usize| {
        (0..e.game().board.sites.len())
            .filter(|&s| st.piece(s).is_some_and(|(p, _)| p == player))
            .count()
    };
    assert_eq!((count(0), count(1)), (1, 14));
    // From the apex c3 the jaguar leaps down each of the triangle's three
    // lines, and up the middle line of the board.
    assert_eq!(
        turns(
            &e,
            "jaguar: c3; dogs: dog b2 c2 d2 c4 a7 b7 c7 d7 e7 e6; turn: jaguar"
        ),
        ["c3xa1", "c3xc1", "c3xc5", "c3xe1"]
    );
    // Along the triangle's base, and up its side onto the board; a
    // triangle point has no line to b3 or a3.
    assert_eq!(
        turns(
            &e,
            "jaguar: a1; dogs: dog b2 c1 a7 b7 c7 d7 e7 e6 d6 c6; turn: jaguar"
        ),
        ["a1xc3", "a1xe1"]
    );
    let got = turns(
        &e,
        "jaguar: b2; dogs: dog a7 b7 c7 d7 e7 e6 d6 c6 b6 a6; turn: jaguar",
    );
    assert_eq!(got, ["b2-a1", "b2-c2", "b2-c3"]);
}

#[test]
fn adugo_captures_are_compulsory_and_five_dogs_win() {
    let e = adugo();
    // A leap is possible: no step is legal.
    let got = turns(
        &e,
        "jaguar: c5; dogs: dog c4 a7 b7 c7 d7 e7 e6 d6 c6 b6; turn: jaguar",
    );
    assert_eq!(got, ["c5xc3"]);
    // Nine dogs left: the jaguar has taken five and won.
    let (_, result) = turns_and_result(
        &e,
        "jaguar: c5; dogs: dog a7 b7 c7 d7 e7 e6 d6 c6 b6; turn: dogs",
    );
    assert_eq!(result, "jaguar wins");
    // Ten dogs: play goes on.
    let (_, result) = turns_and_result(
        &e,
        "jaguar: c5; dogs: dog a7 b7 c7 d7 e7 e6 d6 c6 b6 a6; turn: dogs",
    );
    assert_eq!(result, "unfinished");
    // The jaguar on the base's middle, its three neighbours held and no
    // point free behind them: the dogs have won.
    let (got, result) = turns_and_result(
        &e,
        "jaguar: c1; dogs: dog c2 a1 e1 b2 d2 c3 a7 b7 c7 d7; turn: jaguar",
    );
    assert_eq!((got.len(), result.as_str()), (0, "dogs wins"));
}
