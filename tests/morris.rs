//! Nine men's morris against OpenSpiel 2.0.2's `nine_mens_morris`: the
//! legal turns (a placement or move, and the removal a mill earns) and the
//! result of positions of seeded random games, recorded from OpenSpiel by
//! `tests/reference/openspiel_morris.py` (which compares 10^5 positions);
//! and worked positions of each of the game's blocks.

use crate::common;

use crate::boards::turns_and_result;
use common::{engine_at, root};
use ludus::engine::{Engine, Move, Outcome};
use ludus::notation::{move_text, parse_position};

fn morris() -> Engine {
    engine_at(&root().join("games/nine-mens-morris.game"))
}

#[test]
fn turns_and_results_match_openspiel() {
    let engine = morris();
    let text = std::fs::read_to_string(root().join("tests/data/nine-mens-morris-openspiel.turns"))
        .expect("the data file");
    let mut checked = 0;
    let mut finished = 0;
    let mut removals = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let parts: Vec<&str> = line.split(" | ").collect();
        let [position, turns, result] = parts.as_slice() else {
            panic!("bad line {line}");
        };
        let mut want: Vec<String> = turns
            .split(", ")
            .filter(|t| !t.is_empty())
            .map(String::from)
            .collect();
        want.sort();
        let (got, outcome) = turns_and_result(&engine, position);
        assert_eq!(outcome, *result, "result of {position}");
        assert_eq!(got, want, "turns of {position}");
        checked += 1;
        finished += usize::from(*result != "unfinished");
        removals += want.iter().filter(|t| t.contains(" x")).count();
    }
    // The sample covers every phase: placements, moves, flights, mills and
    // finished games.
    assert!(checked > 1000, "{checked} positions");
    assert!(finished > 100, "{finished} finished games");
    assert!(removals > 100, "{removals} turns with a removal");
}

#[test]
fn placement_that_closes_a_mill_removes_an_unprotected_man() {
    let engine = morris();
    // White places on g1, closing a1-d1-g1: he removes a black man, but not
    // one of black's mill a7-d7-g7 while b4 stands outside any mill.
    let (turns, _) = turns_and_result(
        &engine,
        "white: a1 d1; black: a7 d7 g7 b4; turn: white; hand: white 7, black 5",
    );
    assert!(turns.contains(&"g1 xb4".to_string()), "{turns:?}");
    assert!(!turns.iter().any(|t| t.starts_with("g1 xa7")), "{turns:?}");
    assert!(
        !turns.contains(&"g1".to_string()),
        "a mill must remove: {turns:?}"
    );
    // With every black man in a mill, any of them may go.
    let (turns, _) = turns_and_result(
        &engine,
        "white: a1 d1; black: a7 d7 g7; turn: white; hand: white 7, black 6",
    );
    let removals: Vec<&String> = turns.iter().filter(|t| t.starts_with("g1 x")).collect();
    assert_eq!(removals, ["g1 xa7", "g1 xd7", "g1 xg7"]);
}

#[test]
fn phases_place_then_move_then_fly() {
    let engine = morris();
    // With men in hand only placements are legal, though men stand on the board.
    let (turns, _) = turns_and_result(&engine, "white: a1; black: g7; hand: white 5, black 5");
    assert!(turns.iter().all(|t| !t.contains('-')), "{turns:?}");
    assert_eq!(turns.len(), 22);
    // Hand empty, four men: steps along the lines only.
    let (turns, _) = turns_and_result(&engine, "white: a1 g1 a7 g7; black: d2 d6 b4 f4");
    assert_eq!(turns.len(), 8, "{turns:?}");
    // Three men: each flies to any empty point (24 - 7 = 17 each); a7-d1
    // and g1-a4 close a mill, and remove one of the four black men.
    let (turns, _) = turns_and_result(&engine, "white: a1 g1 a7; black: d2 d6 b4 f4");
    assert_eq!(turns.len(), 3 * 17 + 2 * 3, "{turns:?}");
    assert!(turns.contains(&"a7-d1 xb4".to_string()), "{turns:?}");
}

#[test]
fn two_men_lose() {
    let engine = morris();
    let (_, result) = turns_and_result(&engine, "white: a1 d1 g1; black: a4 b4; turn: black");
    assert_eq!(result, "white wins");
    // Two on the board and one in hand still play.
    let (_, result) = turns_and_result(
        &engine,
        "white: a1 d1 g1; black: a4 b4; turn: black; hand: white 0, black 1",
    );
    assert_eq!(result, "unfinished");
}

#[test]
fn explain_names_the_placement_the_removal_and_the_rule_that_protects() {
    let position = "white: a1 d1; black: a7 d7 g7 b4; hand: white 7, black 5";
    let game = "games/nine-mens-morris.game";
    let run = |text: &str| common::ludus(&["explain", game, "--position", position, text]);
    let legal = run("g1 xb4");
    assert_eq!(legal.code, 0, "{}", legal.stderr);
    assert!(
        legal
            .stdout
            .contains("places a man from white's hand on g1"),
        "{}",
        legal.stdout
    );
    assert!(
        legal.stdout.contains("removes the opposing piece on b4"),
        "{}",
        legal.stdout
    );
    let protected = run("g1 xa7");
    let text = format!("{}{}", protected.stdout, protected.stderr);
    assert!(
        text.contains("the piece on a7 may not be removed"),
        "{text}"
    );
    assert!(text.contains("not from line unless all"), "{text}");
    let unnamed = run("g1");
    let text = format!("{}{}", unnamed.stdout, unnamed.stderr);
    assert!(text.contains("name the piece it removes"), "{text}");
    let occupied = run("a1");
    let text = format!("{}{}", occupied.stdout, occupied.stderr);
    assert!(text.contains("a1 is not empty"), "{text}");
    assert_eq!(run("z9").code, 1);
}

/// Nine men's morris with `lines` (board `line` items) added to its board.
fn morris_with_lines(lines: &str) -> Engine {
    let path = root().join("games/nine-mens-morris.game");
    let text = std::fs::read_to_string(&path).expect("the bundled game");
    let text = text.replacen(
        "  link g4 g7 n\n}",
        &format!("  link g4 g7 n\n{lines}}}"),
        1,
    );
    let loaded = ludus::load::load_text(&path, &text);
    match loaded.game {
        Ok(game) => Engine::new(game),
        Err(d) => panic!("{}", loaded.sources.render(&d)),
    }
}

/// The sixteen mills of the board, as `line` items.
const MILLS: &str = "  line a1 d1 g1\n  line b2 d2 f2\n  line c3 d3 e3\n  line a4 b4 c4\n  \
line e4 f4 g4\n  line c5 d5 e5\n  line b6 d6 f6\n  line a7 d7 g7\n  line a1 a4 a7\n  \
line b2 b4 b6\n  line c3 c4 c5\n  line d1 d2 d3\n  line d5 d6 d7\n  line e3 e4 e5\n  \
line f2 f4 f6\n  line g1 g4 g7\n";

#[test]
fn mills_declared_as_lines_play_as_the_straight_runs_of_links() {
    let (plain, declared) = (morris(), morris_with_lines(MILLS));
    let mut compared = 0;
    for seed in 0..20u64 {
        let (mut a, mut b) = (plain.start(), declared.start());
        let (mut ma, mut mb) = (Vec::new(), Vec::new());
        let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        for _ in 0..150 {
            plain.legal_moves(&mut a, &mut ma);
            declared.legal_moves(&mut b, &mut mb);
            let ta: Vec<String> = ma.iter().map(|m| move_text(&plain, m)).collect();
            let tb: Vec<String> = mb.iter().map(|m| move_text(&declared, m)).collect();
            assert_eq!(ta, tb, "seed {seed}");
            compared += 1;
            if ma.is_empty() || plain.outcome_with(&a, true) != Outcome::Ongoing {
                break;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let i = (rng % ma.len() as u64) as usize;
            plain.play_unchecked(&mut a, &ma[i]);
            declared.play_unchecked(&mut b, &mb[i]);
        }
    }
    assert!(compared > 1000, "{compared} positions");
}

#[test]
fn a_board_with_lines_counts_them_alone_and_they_may_bend() {
    // Only the bent line a1-d1-d2 (along a row, then down a column): the
    // row a1-d1-g1 is no mill any more, and the bent line is one.
    let bent = morris_with_lines("  line a1 d1 d2\n");
    let (turns, _) = turns_and_result(
        &bent,
        "white: a1 d1; black: a7 b4; turn: white; hand: white 7, black 7",
    );
    assert!(turns.contains(&"g1".to_string()), "{turns:?}");
    assert!(!turns.iter().any(|t| t.starts_with("g1 x")), "{turns:?}");
    assert!(turns.contains(&"d2 xb4".to_string()), "{turns:?}");
    assert!(!turns.contains(&"d2".to_string()), "{turns:?}");
}

fn twelve() -> Engine {
    common::engine_at(&root().join("games/twelve-mens-morris.game"))
}

#[test]
fn twelve_mens_morris_makes_mills_on_the_diagonals() {
    // a1-b2-c3 is a mill on the twelve men's board, not on the nine men's.
    let position = "white: a1 b2 g4; black: a7 d7 g7 b4; turn: white";
    let (turns, _) = turns_and_result(&twelve(), &format!("{position}; hand: white 9, black 8"));
    assert!(turns.contains(&"c3 xb4".to_string()), "{turns:?}");
    assert!(!turns.contains(&"c3".to_string()), "{turns:?}");
    let (turns, _) = turns_and_result(&morris(), &format!("{position}; hand: white 6, black 5"));
    assert!(turns.contains(&"c3".to_string()), "{turns:?}");
    assert!(!turns.iter().any(|t| t.starts_with("c3 x")), "{turns:?}");
    // The men step along the diagonals too: c3 to b2.
    let (turns, _) = turns_and_result(&twelve(), "white: a1 c3 g4 d1; black: a7 d7 g7 b4");
    assert!(turns.contains(&"c3-b2".to_string()), "{turns:?}");
}

#[test]
fn twelve_mens_morris_is_drawn_when_the_placements_fill_the_board() {
    // 23 men and no mill; Black's last man fills g4 without a mill.
    let full = "white: a1 g1 b4 d2 e3 c5 f6 d7 b6 f4 c4 d5; \
                black: d1 a4 a7 g7 b2 f2 c3 d3 e4 e5 d6; turn: black; hand: white 0, black 1";
    let engine = twelve();
    let (turns, result) = turns_and_result(&engine, full);
    assert_eq!(
        (turns.as_slice(), result.as_str()),
        (["g4".to_string()].as_slice(), "unfinished")
    );
    let mut st = parse_position(&engine, full).unwrap();
    let mut moves: Vec<Move> = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    engine.play(&mut st, &moves[0]).expect("g4 is legal");
    let (turns, result) = turns_and_result(&engine, &ludus::notation::position_text(&engine, &st));
    assert_eq!((turns.len(), result.as_str()), (0, "draw"));
}

#[test]
fn six_mens_morris_never_flies_and_mills_only_along_the_sides() {
    let six = common::engine_at(&root().join("games/six-mens-morris.game"));
    // Three men, hand empty: steps only, no flight.
    let (turns, _) = turns_and_result(&six, "white: a1 c1 e5; black: a5 c5 d4 b4");
    assert_eq!(turns, ["a1-a3", "c1-c2", "c1-e1", "e5-e3"]);
    // c1-c2 joins the squares but holds two points: no mill; a1-c1-e1 is one.
    let (turns, _) = turns_and_result(
        &six,
        "white: a1 c2; black: a5 c5 d4 b4; turn: white; hand: white 3, black 2",
    );
    assert!(turns.contains(&"c1".to_string()), "{turns:?}");
    let (turns, _) = turns_and_result(
        &six,
        "white: a1 e1; black: a5 c5 d4 b4; turn: white; hand: white 3, black 2",
    );
    assert!(turns.contains(&"c1 xa5".to_string()), "{turns:?}");
    assert!(!turns.contains(&"c1".to_string()), "{turns:?}");
    // Two men on the board and none in hand: lost.
    let (_, result) = turns_and_result(&six, "white: a1 c1; black: a5 c5 d4; turn: white");
    assert_eq!(result, "black wins");
}
