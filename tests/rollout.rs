//! Rollouts (`ludus::agent::equity`, `turn_equities`): the points a
//! position is worth, cubeless, played out by the greedy policy. Decided
//! positions give exactly their points; the start before the opening throw
//! is even; races agree with the Kleinman count (a published pip-count
//! formula); a seed gives one answer; and the rollouts of two turns of the
//! same position rank the better one first.

use crate::common;

use ludus::agent::{Equity, equity, turn_equities};
use ludus::engine::{Engine, Move, State};
use ludus::notation::{move_text, parse_dice, parse_position};
use ludus::rng::rng;

fn backgammon() -> Engine {
    common::engine_at(&common::root().join("games/backgammon.game"))
}

#[track_caller]
fn position(engine: &Engine, text: &str) -> State {
    let st = parse_position(engine, text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(common::men(engine, &st), [15, 15], "`{text}`");
    st
}

/// A race in which neither side can reach the other's men, White (who
/// moves towards 24) on roll with `pips`, as `kleinman` reads it.
const RACES: [(&str, f64, f64); 4] = [
    (
        "white: 10 9 8*3 7*3 6*3 5*2 4*2; black: 14 12 9*3 8*3 6*3 5*2 4*2; turn: white",
        100.0,
        113.0,
    ),
    (
        "white: 10 9 8*3 7*3 6*3 5*2 4*2; black: 10 9 8*3 7*3 6*3 5*2 4*2; turn: white",
        100.0,
        100.0,
    ),
    (
        "white: 10 9 8*3 7*3 6*3 5*2 4*2; black: 12 9 8*3 7*3 6*3 5*2 4*2; turn: white",
        100.0,
        102.0,
    ),
    (
        "white: 10 9 8*3 7*3 6*3 5*2 4*2; black: 14 12 9*3 8*3 7*3 5*2 4*2; turn: white",
        100.0,
        116.0,
    ),
];

/// The Kleinman count (Danny Kleinman; the form Øystein Johansen gave on
/// rec.games.backgammon, 22 February 2001): the odds that the player on
/// roll with `roller` pips wins a race against `other` pips. D = other -
/// roller + 4, S = other + roller - 4, K = D²/S; W = 0.76 + 0.114 ln K for
/// K > 1, else 0.5 + 0.267 √K (its examples: 100 against 113, 79.7%; 100
/// against 106, 68.8%).
fn kleinman(roller: f64, other: f64) -> f64 {
    let d = other - roller + 4.0;
    let s = other + roller - 4.0;
    let k = d * d / s;
    let w = if k > 1.0 {
        0.76 + 0.114 * k.ln()
    } else {
        0.5 + 0.267 * k.sqrt()
    };
    if d >= 0.0 { w } else { 1.0 - w }
}

#[test]
fn the_kleinman_count_gives_its_own_examples() {
    assert!((kleinman(100.0, 113.0) - 0.797).abs() < 0.001);
    assert!((kleinman(100.0, 106.0) - 0.688).abs() < 0.001);
}

/// White's last man on his ace point goes off with any roll: each game is
/// won at once, for the points the end rules give (Black has borne off
/// none: a double game; with a man on the bar too, a triple), exactly.
#[test]
fn a_decided_position_is_worth_exactly_its_points() {
    let engine = backgammon();
    for (text, points) in [
        ("white: 1 off*14; black: 7*15; turn: white", 2.0),
        ("white: 1 off*14; black: bar 7*14; turn: white", 3.0),
        ("white: 1 off*14; black: 7*14 off; turn: white", 1.0),
    ] {
        let st = position(&engine, text);
        let white = equity(&engine, &st, 0, 40, &mut rng(1)).unwrap();
        assert_eq!(white.games, 40);
        assert_eq!(white.points, points, "{text}: {white:?}");
        assert_eq!(white.error, 0.0);
        assert_eq!(white.win, 1.0);
        assert_eq!(white.win_more, if points > 1.0 { 1.0 } else { 0.0 });
        let black = equity(&engine, &st, 1, 40, &mut rng(1)).unwrap();
        assert_eq!(black.points, -points);
        assert_eq!(black.lose(), 1.0);
        // The same, once the roll is thrown: each turn that bears the
        // man off is worth the points to White.
        let mut thrown = st.clone();
        thrown.dice = parse_dice(&engine, "2-1").unwrap();
        let mut moves: Vec<Move> = Vec::new();
        engine.legal_moves(&mut thrown, &mut moves);
        let each = turn_equities(&engine, &thrown, &moves, 20, &mut rng(2)).unwrap();
        assert_eq!(each.len(), moves.len());
        assert!(each.iter().all(|e| e.points == points), "{each:?}");
    }
}

/// Before the opening throw nobody has the move: White's equity is Black's
/// negated, game by game (the same seed plays the same games), and near 0.
/// 400 games give a standard error of about 0.065 points; allowed 0.2, three
/// of them.
#[test]
fn the_start_before_the_opening_is_even() {
    let engine = backgammon();
    let st = engine.start();
    let white = equity(&engine, &st, 0, 400, &mut rng(11)).unwrap();
    let black = equity(&engine, &st, 1, 400, &mut rng(11)).unwrap();
    assert_eq!(white.points, -black.points);
    assert_eq!(white.win + black.win + white.draw + white.unfinished, 1.0);
    assert_eq!(white.unfinished, 0.0, "{white:?}");
    assert!(white.points.abs() < 0.2, "{white:?}");
    assert!(white.error > 0.03 && white.error < 0.1, "{white:?}");
    // Both win doubled games, neither most of the time.
    assert!(white.win_more > 0.02 && white.win_more < 0.3, "{white:?}");
    assert!(white.lose_more > 0.02 && white.lose_more < 0.3, "{white:?}");
}

/// White 52 pips from home, Black 116: White all but always wins, and
/// often doubly (Black has borne off none yet).
#[test]
fn far_ahead_in_the_race_is_nearly_a_sure_win() {
    let engine = backgammon();
    let st = position(
        &engine,
        "white: 6*3 5*3 4*3 3*2 2*2 1*2; black: 14 12 9*3 8*3 7*3 5*2 4*2; turn: white",
    );
    let e = equity(&engine, &st, 0, 300, &mut rng(4)).unwrap();
    assert!(e.points > 0.9, "{e:?}");
    assert!(e.win > 0.95, "{e:?}");
    assert!(e.win_more > 0.3, "{e:?}");
}

/// Races of 100 pips against 100 to 116: the share of games White wins by
/// greedy rollouts against the Kleinman count. 1,000 games give a standard
/// error of about 0.014; the count itself is an approximation (its authors
/// put it within a few per cent in races of this length), and the greedy
/// policy bears off less well than an expert: allowed 0.05.
#[test]
fn race_odds_agree_with_the_kleinman_count() {
    let engine = backgammon();
    for (text, roller, other) in RACES {
        let st = position(&engine, text);
        let e = equity(&engine, &st, 0, 1000, &mut rng(7)).unwrap();
        let expected = kleinman(roller, other);
        assert!(
            (e.win - expected).abs() < 0.05,
            "{roller} against {other}: won {:.3}, Kleinman {expected:.3}",
            e.win
        );
        // In a race the loser has men off by then: hardly a double game.
        assert!(e.win_more < 0.05 && e.lose_more < 0.05, "{e:?}");
    }
}

#[test]
fn rollouts_are_a_function_of_the_seed() {
    let engine = backgammon();
    let st = position(&engine, RACES[0].0);
    let a: Equity = equity(&engine, &st, 0, 50, &mut rng(9)).unwrap();
    let b = equity(&engine, &st, 0, 50, &mut rng(9)).unwrap();
    assert_eq!(a, b);
    let c = equity(&engine, &st, 0, 50, &mut rng(10)).unwrap();
    assert_ne!(a, c);
    // The generator given advances by one draw per game.
    let mut r = rng(9);
    equity(&engine, &st, 0, 50, &mut r).unwrap();
    let mut s = rng(9);
    for _ in 0..50 {
        let _: u64 = rand::RngExt::random(&mut s);
    }
    assert_eq!(
        rand::RngExt::random::<u64>(&mut r),
        rand::RngExt::random::<u64>(&mut s)
    );
}

/// The opening 3-1: making the 5-point (`8/5 6/5`, every expert's choice)
/// against leaving two lone men in the home board, in reach of Black's
/// back men (`6/5 6/3`); and the opening 6-1, making the 7-point against
/// running a back man and leaving a man alone on the 13-point's way.
#[test]
fn rollouts_rank_the_better_turn_first() {
    let engine = backgammon();
    let start = "white: 24*2 13*5 8*3 6*5; black: 24*2 13*5 8*3 6*5; turn: white";
    for (roll, better, worse) in [
        ("3-1", "8/5 6/5", "6/5 6/3"),
        ("6-1", "13/7 8/7", "8/2 6/5"),
    ] {
        let mut st = position(&engine, start);
        st.dice = parse_dice(&engine, roll).unwrap();
        let mut moves: Vec<Move> = Vec::new();
        engine.legal_moves(&mut st, &mut moves);
        let find = |text: &str| {
            *moves
                .iter()
                .find(|m| move_text(&engine, m) == text)
                .unwrap_or_else(|| panic!("no turn {text} of {roll}"))
        };
        let pair = [find(better), find(worse)];
        let e = turn_equities(&engine, &st, &pair, 300, &mut rng(5)).unwrap();
        assert!(
            e[0].points > e[1].points + 0.05,
            "{roll}: {better} {:+.3}, {worse} {:+.3}",
            e[0].points,
            e[1].points
        );
    }
}

/// A game without dice: the policy's tie-breaks are its only chance; the
/// shares add up and the seed decides.
#[test]
fn games_without_dice_are_rolled_out_too() {
    let engine = common::engine_at(&common::root().join("games/english-draughts.game"));
    let st = engine.start();
    let e = equity(&engine, &st, 0, 6, &mut rng(3)).unwrap();
    assert_eq!(e.games, 6);
    assert!(
        (e.win + e.lose() + e.draw + e.unfinished - 1.0).abs() < 1e-9,
        "{e:?}"
    );
    assert_eq!(e, equity(&engine, &st, 0, 6, &mut rng(3)).unwrap());
}
