//! The end rules that look back, on English draughts and variants of it:
//! no-progress counters with a chosen reset (`no capture or man move in 80
//! turns: draw`, the 40-move rule) and the draw by a repeated position
//! (`same position 3 times: draw`).

use crate::common;

use ludus::engine::{Engine, Move, Outcome, State};
use ludus::load::load_text;
use ludus::notation::{find_move, parse_position, position_text};

fn draughts() -> Engine {
    common::engine_at(&common::root().join("games/english-draughts.game"))
}

/// English draughts with the end rules `end` adds.
fn with_end(end: &str) -> Engine {
    common::variant_of("english-draughts.game", &format!("end {{\n{end}\n}}"))
}

fn state(engine: &Engine, position: &str) -> State {
    parse_position(engine, position).unwrap_or_else(|e| panic!("`{position}`: {e}"))
}

/// Plays the moves written, each checked legal.
fn play(engine: &Engine, st: &mut State, moves: &[&str]) {
    for text in moves {
        let mut moves = Vec::new();
        engine.legal_moves(st, &mut moves);
        let m: Move = find_move(engine, st, &moves, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        engine.play_unchecked(st, &m);
    }
}

/// Kings on 1 (black) and 32 (white) step back and forth; men far away.
const KINGS: &str = "black: 12 king 1; white: 21 king 32; turn: black";
/// Four turns that bring the kings back where they were.
const SHUFFLE: [&str; 4] = ["1-6", "32-27", "6-1", "27-32"];

#[test]
fn forty_move_counter_counts_king_moves_and_draws_at_80_turns() {
    let engine = draughts();
    let mut st = state(&engine, KINGS);
    for round in 0..20 {
        assert_eq!(engine.outcome(&st), Outcome::Ongoing, "round {round}");
        play(&engine, &mut st, &SHUFFLE);
    }
    assert_eq!(st.counters[1], 80);
    assert_eq!(st.counters[0], 80);
    assert_eq!(engine.outcome(&st), Outcome::Draw);
    assert!(position_text(&engine, &st).ends_with("quiet: 80; no capture or man move: 80"));
}

#[test]
fn forty_move_counter_resets_on_a_man_move() {
    let engine = draughts();
    let mut st = state(
        &engine,
        "black: 12 king 1; white: 21 king 32; turn: black; no capture or man move: 79",
    );
    assert_eq!(engine.outcome(&st), Outcome::Ongoing);
    // A man's move resets it, though nothing is captured.
    play(&engine, &mut st, &["12-16"]);
    assert_eq!(st.counters[1], 0);
    assert_eq!(st.counters[0], 1);
    play(&engine, &mut st, &["32-27"]);
    assert_eq!(st.counters[1], 1);
    assert_eq!(engine.outcome(&st), Outcome::Ongoing);
}

#[test]
fn forty_move_counter_resets_on_a_capture() {
    let engine = draughts();
    // The black king on 18 takes the white man on 22 (landing on 25).
    let mut st = state(
        &engine,
        "black: 4 king 18; white: 22 king 32; turn: black; quiet: 40; no capture or man move: 79",
    );
    play(&engine, &mut st, &["18x25"]);
    assert_eq!((st.counters[0], st.counters[1]), (0, 0));
    assert_eq!(engine.outcome(&st), Outcome::Ongoing);
}

#[test]
fn forty_move_counter_at_79_draws_after_one_king_move() {
    let engine = draughts();
    let mut st = state(
        &engine,
        "black: 12 king 1; white: 21 king 32; turn: black; no capture or man move: 79",
    );
    play(&engine, &mut st, &["1-6"]);
    assert_eq!(engine.outcome(&st), Outcome::Draw);
}

#[test]
fn counter_round_trips_through_position_text() {
    let engine = draughts();
    let text =
        "black: 12 king 1; white: 21 king 32; turn: white; quiet: 5; no capture or man move: 3";
    let st = state(&engine, text);
    assert_eq!(position_text(&engine, &st), text);
    // At 0 the field is left out, and reads back as 0.
    let st = state(&engine, "black: 12; white: 21; turn: black");
    assert_eq!(
        position_text(&engine, &st),
        "black: 12; white: 21; turn: black; quiet: 0"
    );
}

#[test]
fn a_counter_the_game_lacks_is_refused() {
    let engine = common::engine_at(&common::root().join("games/alquerque.game"));
    let err = parse_position(&engine, "white: a1; black: e5; no capture or man move: 3")
        .expect_err("the game has no such counter");
    assert!(err.contains("the fields of this game are"), "{err}");
}

#[test]
fn king_only_counter_resets_on_a_man_move_not_on_a_capture() {
    // A counter that only a man's move resets, with its own result.
    let engine = with_end("no man move in 6 turns: more pieces wins");
    let mut st = state(
        &engine,
        "black: 4 king 18; white: 22 28 king 32; turn: black; no man move: 4",
    );
    play(&engine, &mut st, &["18x25"]);
    assert_eq!(st.counters[0], 0);
    assert_eq!(st.counters[2], 5, "a capture leaves it counting");
    assert_eq!(engine.outcome(&st), Outcome::Ongoing);
    play(&engine, &mut st, &["32-27"]);
    // Two pieces each: equal pieces is a draw.
    assert_eq!(engine.outcome(&st), Outcome::Draw);
    let mut st = state(
        &engine,
        "black: 4 king 18; white: 28 king 32; turn: white; no man move: 5",
    );
    play(&engine, &mut st, &["28-24"]);
    assert_eq!(st.counters[2], 0, "a man's move resets it");
}

#[test]
fn threefold_repetition_draws_with_kings_shuffling() {
    let engine = with_end("same position 3 times: draw");
    let mut st = state(&engine, KINGS);
    assert_eq!(engine.repeated(&st), 1);
    play(&engine, &mut st, &SHUFFLE);
    assert_eq!(engine.repeated(&st), 2);
    assert_eq!(engine.outcome(&st), Outcome::Ongoing);
    play(&engine, &mut st, &SHUFFLE[..3]);
    // The position after 6-1 (white to move) has stood twice now.
    assert_eq!(engine.outcome(&st), Outcome::Ongoing);
    play(&engine, &mut st, &SHUFFLE[3..]);
    assert_eq!(engine.repeated(&st), 3);
    assert_eq!(engine.outcome(&st), Outcome::Draw);
}

#[test]
fn same_pieces_with_the_other_player_to_move_is_not_a_repetition() {
    let engine = with_end("same position 2 times: draw");
    let mut st = state(&engine, KINGS);
    // Three turns: the kings stand as at the start, but white is to move.
    play(&engine, &mut st, &["1-6", "32-27", "6-1"]);
    assert_eq!(engine.repeated(&st), 1);
    play(&engine, &mut st, &["27-32"]);
    assert_eq!(engine.outcome(&st), Outcome::Draw);
}

#[test]
fn a_capture_starts_the_history_afresh() {
    let engine = with_end("same position 2 times: draw");
    let mut st = state(&engine, "black: 4 king 18; white: 22 king 32; turn: black");
    play(&engine, &mut st, &["18x25"]);
    assert_eq!(st.history.len(), 1);
    // Cloning keeps the history, and equality ignores it.
    let copy = st.clone();
    assert_eq!(copy.history, st.history);
    let fresh = state(&engine, &position_text(&engine, &st));
    assert_eq!(fresh, st);
}

#[test]
fn playouts_with_the_new_rules_end() {
    // Seeded random games end by the rules, the new ones among them.
    let engine = with_end("same position 3 times: draw");
    let mut draws = 0;
    let mut moves = Vec::new();
    for seed in 0..200 {
        let mut st = engine.start();
        let mut rng = ludus::playout::rng(seed);
        let result = ludus::playout::random_playout(&engine, &mut st, &mut rng, &mut moves)
            .expect("draughts lists few moves");
        assert_ne!(result.outcome, Outcome::Ongoing, "seed {seed}");
        draws += usize::from(result.outcome == Outcome::Draw);
    }
    assert!(draws > 0, "some seeded games should end in a draw");
}

#[test]
fn a_capture_only_counter_with_a_result_counts_quiet() {
    let engine = with_end("no capture in 4 turns: draw");
    // It is the `quiet` count, the first: the only further counter is the
    // base's.
    assert_eq!(engine.counter_labels(), ["quiet", "no capture or man move"]);
    let mut st = state(&engine, KINGS);
    play(&engine, &mut st, &SHUFFLE[..3]);
    assert_eq!(engine.outcome(&st), Outcome::Ongoing);
    play(&engine, &mut st, &SHUFFLE[3..]);
    assert_eq!(st.counters[0], 4);
    assert_eq!(engine.outcome(&st), Outcome::Draw);
}

#[test]
fn the_old_no_capture_rule_keeps_its_meaning() {
    // `more pieces wins`: black has a king more.
    let engine = with_end("no capture in 2 turns: more pieces wins");
    let mut st = state(
        &engine,
        "black: 12 king 1 king 3; white: 21 king 32; turn: black",
    );
    play(&engine, &mut st, &["1-6", "32-27"]);
    assert_eq!(
        engine.outcome(&st),
        Outcome::Decisive {
            winner: 0,
            points: 1
        }
    );
    assert!(
        engine
            .game()
            .end
            .iter()
            .any(|e| matches!(e, ludus::ir::EndRule::NoCapture(2)))
    );
}

// ------------------------------------------------- counters with `while`

fn international() -> Engine {
    common::engine_at(&common::root().join("games/international-draughts.game"))
}

/// The slot of the counter named `name` in [`State::counters`].
fn slot(engine: &Engine, name: &str) -> usize {
    engine
        .counter_labels()
        .iter()
        .position(|l| l == name)
        .unwrap_or_else(|| panic!("no counter `{name}`"))
}

#[test]
fn three_kings_against_one_draw_after_16_moves_each() {
    let engine = international();
    let three = slot(&engine, "three-against-one");
    // FMJD 6.3: counted from the position, 32 turns.
    let mut st = state(&engine, "white: king 46 47 48; black: king 3; turn: white");
    play(
        &engine,
        &mut st,
        &["47-38", "3-9", "46-23", "9-22", "38-24", "22-17"],
    );
    assert_eq!(st.counters[three], 6);
    assert_eq!(engine.outcome(&st), Outcome::Ongoing);
    assert!(
        position_text(&engine, &st)
            .ends_with("quiet: 6; no capture or man move: 6; three-against-one: 6")
    );
    // The field of the position text: one turn short, then the 32nd turn.
    let mut st = state(
        &engine,
        "white: king 46 47 48; black: king 3; turn: white; three-against-one: 31",
    );
    assert_eq!(engine.outcome(&st), Outcome::Ongoing);
    play(&engine, &mut st, &["47-38"]);
    assert_eq!(st.counters[three], 32);
    assert_eq!(engine.outcome(&st), Outcome::Draw);
}

#[test]
fn a_man_and_two_kings_count_as_three_but_three_men_do_not() {
    let engine = international();
    let three = slot(&engine, "three-against-one");
    let mut st = state(&engine, "white: 36 king 46 47; black: king 3; turn: white");
    play(&engine, &mut st, &["36-31"]);
    assert_eq!(st.counters[three], 1);
    let mut st = state(&engine, "white: 36 37 38; black: king 3; turn: white");
    play(&engine, &mut st, &["36-31"]);
    assert_eq!(st.counters[three], 0);
}

#[test]
fn the_count_starts_with_the_turn_after_the_material_arises() {
    let engine = international();
    let three = slot(&engine, "three-against-one");
    // Four kings against one: the lone king takes one of them. The turn
    // started outside the material, so it does not count.
    let mut st = state(
        &engine,
        "white: king 23 47 48 49; black: king 5; turn: black; three-against-one: 7",
    );
    play(&engine, &mut st, &["5x28"]);
    assert_eq!(st.counters[three], 0);
    assert!(!position_text(&engine, &st).contains("three-against-one"));
    play(&engine, &mut st, &["47-42"]);
    assert_eq!(st.counters[three], 1);
    // Reached by a crowning rather than a capture: the same.
    let two = slot(&engine, "two-against-one");
    let mut st = state(&engine, "white: 6 30; black: king 50; turn: white");
    play(&engine, &mut st, &["6-1"]);
    assert_eq!(st.counters[two], 0);
    play(&engine, &mut st, &["50-44"]);
    assert_eq!(st.counters[two], 1);
}

#[test]
fn two_kings_against_one_draw_after_5_moves_each_through_a_capture() {
    let engine = international();
    let two = slot(&engine, "two-against-one");
    // FMJD 6.4: the lone king takes one of two kings; one king against one
    // is the same material of the rule, and the count goes on.
    let mut st = state(
        &engine,
        "white: king 23 45; black: king 5; turn: black; two-against-one: 8",
    );
    play(&engine, &mut st, &["5x28"]);
    assert_eq!(st.counters[two], 9);
    assert_eq!(engine.outcome(&st), Outcome::Ongoing);
    play(&engine, &mut st, &["45-50"]);
    assert_eq!(st.counters[two], 10);
    assert_eq!(engine.outcome(&st), Outcome::Draw);
    // Three kings against one, of which the lone king takes one: the 16
    // moves' count goes back to 0, and the 5 moves' starts after the turn.
    let three = slot(&engine, "three-against-one");
    let mut st = state(
        &engine,
        "white: king 23 45 47; black: king 5; turn: black; three-against-one: 20",
    );
    play(&engine, &mut st, &["5x28"]);
    assert_eq!((st.counters[three], st.counters[two]), (0, 0));
    play(&engine, &mut st, &["47-42"]);
    assert_eq!((st.counters[three], st.counters[two]), (0, 1));
}

#[test]
fn a_while_counter_with_a_reset_and_kind_counts_in_english_draughts() {
    // A variant's own counter: turns without a capture while a side has
    // only kings, at least three of them.
    let engine = with_end(
        "kings-only: no capture in 6 turns while own man pieces = 0 and own king pieces >= 3: draw",
    );
    let kings = slot(&engine, "kings-only");
    let mut st = state(&engine, "black: king 1 2 3; white: 21 king 32; turn: black");
    play(&engine, &mut st, &["1-6", "32-27", "6-1", "27-32", "1-6"]);
    assert_eq!(st.counters[kings], 5);
    assert_eq!(engine.outcome(&st), Outcome::Ongoing);
    play(&engine, &mut st, &["32-27"]);
    assert_eq!(engine.outcome(&st), Outcome::Draw);
    // The field reads back as written.
    let text = position_text(&engine, &st);
    assert!(text.ends_with("kings-only: 6"), "{text}");
    assert_eq!(position_text(&engine, &state(&engine, &text)), text);
}

#[test]
fn counts_of_one_kind_end_a_game() {
    let engine = with_end("crowned: own king pieces >= 2 and opponent king pieces = 0 => win");
    let st = state(&engine, "black: 5 king 1 2; white: 21 22; turn: white");
    assert_eq!(
        engine.outcome(&st),
        Outcome::Decisive {
            winner: 0,
            points: 1
        }
    );
    let st = state(&engine, "black: 5 king 1 2; white: 21 king 32; turn: white");
    assert_eq!(engine.outcome(&st), Outcome::Ongoing);
}

fn russian() -> Engine {
    common::engine_at(&common::root().join("games/russian-draughts.game"))
}

/// Russian draughts, the sport's rules in Russia (2013, 3.5): three kings
/// against a lone king that have not taken it by their 16th move draw, as
/// two kings against one by their 5th; a man's move or a capture starts
/// the kings-only count of 25 moves each again.
#[test]
fn russian_drawn_endings_count_as_the_rules_of_2013_say() {
    let engine = russian();
    let three = slot(&engine, "three-against-one");
    let two = slot(&engine, "two-against-one");
    let mut st = state(&engine, "white: king c1 e1 g1; black: king h8; turn: white");
    play(&engine, &mut st, &["c1-d2", "h8-g7", "e1-f2"]);
    assert_eq!(st.counters[three], 3);
    assert_eq!(st.counters[two], 0);
    let mut st = state(
        &engine,
        "white: king a1 c1 e1; black: king h8; turn: white; three-against-one: 31",
    );
    assert_eq!(engine.outcome(&st), Outcome::Ongoing);
    play(&engine, &mut st, &["a1-b2"]);
    assert_eq!(engine.outcome(&st), Outcome::Draw);
    // Two kings against one: 10 turns, the 5th move of each.
    let mut st = state(
        &engine,
        "white: king a1 c1; black: king h8; turn: white; two-against-one: 9",
    );
    play(&engine, &mut st, &["a1-b2"]);
    assert_eq!(st.counters[two], 10);
    assert_eq!(engine.outcome(&st), Outcome::Draw);
    // Three men against a king: no count (none of them a king).
    let mut st = state(&engine, "white: c3 e3 g3; black: king h8; turn: white");
    play(&engine, &mut st, &["c3-d4"]);
    assert_eq!(st.counters[three], 0);
}

// ------------------------------------ one counter kind for every game

/// Verquere with the end rules `end` adds.
fn verquere_with_end(end: &str) -> Engine {
    common::variant_of("verquere.game", &format!("end {{\n{end}\n}}"))
}

#[test]
fn a_dice_game_counts_turns_without_a_hit_or_a_man_moving() {
    let engine = verquere_with_end("no capture or man move in 3 turns: draw");
    // The dice game's own counter first, then the rule's: a hit (what a
    // capture is in a dice game) or a man's move resets it.
    assert_eq!(engine.counter_labels(), ["idle", "no capture or man move"]);
    let mut st = engine.start();
    st.counters[1] = 2;
    assert_eq!(engine.outcome_with(&st, true), Outcome::Ongoing);
    // A turn in which no man moves counts.
    engine.play_unchecked(&mut st, &Move::PASS);
    assert_eq!(st.counters[..2], [1, 3]);
    assert_eq!(engine.outcome_with(&st, true), Outcome::Draw);
    let text = position_text(&engine, &st);
    assert!(
        text.contains("idle: 1; no capture or man move: 3"),
        "{text}"
    );
    assert_eq!(state(&engine, &text), st, "the counter reads back");
    // A man's move resets both.
    let mut st = engine.start();
    st.counters[1] = 2;
    st.dice = [3, 5, 0, 0];
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    let moved = moves.iter().find(|m| m.len > 0).expect("a move");
    engine.play_unchecked(&mut st, moved);
    assert_eq!(st.counters[..2], [0, 0]);
}

#[test]
fn more_pieces_wins_is_refused_in_a_dice_game() {
    let text = "variant \"v\" of \"verquere.game\"\nend {\n  no capture or man move in 80 turns: more pieces wins\n}\n";
    let loaded = load_text(&common::root().join("games/variant.game"), text);
    let Err(d) = loaded.game else {
        panic!("accepted")
    };
    let shown = loaded.sources.render(&d);
    assert!(shown.contains("none is ever taken"), "{shown}");
}

#[test]
fn a_game_without_dice_counts_turns_in_which_no_piece_moved() {
    let engine = with_end("no move in 2 turns: draw");
    // The base's 40-move counter, then the rule's.
    assert_eq!(
        engine.counter_labels(),
        ["quiet", "no capture or man move", "idle"]
    );
    let idle = slot(&engine, "idle");
    let mut st = state(&engine, &format!("{KINGS}; idle: 1"));
    assert_eq!(st.counters[idle], 1);
    // A pass (no piece moves) counts; a king's move resets it.
    let mut passed = st.clone();
    engine.play_unchecked(&mut passed, &Move::PASS);
    assert_eq!(passed.counters[idle], 2);
    assert_eq!(engine.outcome_with(&passed, true), Outcome::Draw);
    play(&engine, &mut st, &SHUFFLE[..1]);
    assert_eq!(st.counters[idle], 0);
    assert_eq!(engine.outcome_with(&st, true), Outcome::Ongoing);
}

/// In a game with dice, `same position 3 times` draws the game the third
/// time a position stands, hits that send men back included: white on
/// point 1 and black at his start stand after white's first turn, after
/// white hits black back, and again after the next such exchange.
#[test]
fn a_dice_game_is_drawn_the_third_time_a_position_stands() {
    let engine = common::engine_at(&common::root().join("tests/data/race-repetition.game"));
    let mut st = engine.start();
    let mut rng = ludus::rng::rng(1);
    let mut seen = Vec::new();
    while engine.outcome(&st) == Outcome::Ongoing {
        assert!(seen.len() < 10, "no draw after {} turns", seen.len());
        engine.roll(&mut st, &mut rng);
        let turns = common::turn_texts(&engine, &st);
        assert_eq!(turns.len(), 1, "one turn a throw: {turns:?}");
        st = common::played(&engine, &st, &turns[0]);
        seen.push(position_text(&engine, &st));
    }
    assert_eq!(engine.outcome(&st), Outcome::Draw);
    // Enter, hit, hit back, hit, hit back: the third standing of the first.
    assert_eq!(seen.len(), 5, "{seen:#?}");
    assert_eq!(seen[0], seen[2]);
    assert_eq!(seen[0], seen[4]);
    assert_ne!(seen[0], seen[1]);
}

/// In a game with dice, a counter that runs `while` a condition holds
/// counts the turns before and after which it holds, and ends the game at
/// its turns: on the ring of `race-while.game` one man waits at his start
/// after every turn, so the third turn draws. A condition that never
/// holds counts nothing: the same race goes on.
#[test]
fn a_dice_game_counts_the_turns_while_its_condition_holds() {
    let engine = common::engine_at(&common::root().join("tests/data/race-while.game"));
    let play = |engine: &Engine, turns: usize| {
        let mut st = engine.start();
        let mut rng = ludus::rng::rng(1);
        let mut counted = Vec::new();
        for _ in 0..turns {
            if engine.outcome(&st) != Outcome::Ongoing {
                break;
            }
            engine.roll(&mut st, &mut rng);
            let turns = common::turn_texts(engine, &st);
            st = common::played(engine, &st, &turns[0]);
            counted.push(st.counters[1]);
        }
        (st, counted)
    };
    let (st, counted) = play(&engine, 10);
    assert_eq!(counted, [1, 2, 3]);
    assert_eq!(engine.outcome(&st), Outcome::Draw);
    assert!(
        position_text(&engine, &st).contains("waiting: 3"),
        "{}",
        position_text(&engine, &st)
    );
    let never = common::variant_of(
        "../tests/data/race-while.game",
        "end {\n  waiting: 3 turns while own men in start = 2: draw\n}",
    );
    let (st, counted) = play(&never, 10);
    assert_eq!(counted, [0; 10]);
    assert_eq!(never.outcome(&st), Outcome::Ongoing);
}
