//! Climbing doubles (`doubles climb to 6 from turn 4`, as gul bara plays
//! them): from a player's fourth turn on, a double is played four times,
//! then every higher double up to 6-6 four times, in that order, and the
//! turn ends at the first die move of the sequence that cannot be played.
//! The game is `tests/data/climbing-doubles.game`, a race of two men each
//! on 80 points, where no man lands on an opposing man.
//!
//! White's track: point p is track position p - 1 (point 1 is 0), off is
//! 80; moves are written by track positions (`0/5`).

use crate::common;

use common::{ludus, record_game, temp_dir};
use ludus::engine::{Engine, MAX_DIE_MOVES, State};
use ludus::notation::{find_move, move_text, parse_dice, parse_position};

fn engine() -> Engine {
    common::engine_at(&common::root().join("tests/data/climbing-doubles.game"))
}

#[track_caller]
fn state(engine: &Engine, position: &str, dice: &str) -> State {
    let mut st = parse_position(engine, position).unwrap_or_else(|e| panic!("`{position}`: {e}"));
    st.dice = parse_dice(engine, dice).unwrap_or_else(|e| panic!("`{dice}`: {e}"));
    st
}

/// The legal turns of `position` with `dice` thrown, as text.
#[track_caller]
fn turns(engine: &Engine, position: &str, dice: &str) -> Vec<String> {
    let mut st = state(engine, position, dice);
    let mut list = Vec::new();
    engine
        .try_legal_moves(&mut st, &mut list)
        .unwrap_or_else(|e| panic!("{position} {dice}: {e}"));
    list.iter().map(|m| move_text(engine, m)).collect()
}

/// White's one man left on point 1 (the other borne off), Black's far
/// ahead on 80, on White's fourth turn (three played each).
const ONE_MAN: &str = "white: 0 off; black: 0*2; turns: 3 3";

/// 5-5 on the fourth turn: four 5s (0, 5, 10, 15, 20) then four 6s (26,
/// 32, 38, 44): 8 die moves, the one turn of a lone man.
#[test]
fn five_five_climbs_to_six_six_from_the_fourth_turn() {
    let engine = engine();
    assert_eq!(
        turns(&engine, ONE_MAN, "5-5"),
        ["0/5 5/10 10/15 15/20 20/26 26/32 32/38 38/44"]
    );
}

/// On the third turn (two played) a double plays as thrown: four 5s.
/// 6-6 has no higher double, and other rolls never climb.
#[test]
fn before_the_fourth_turn_and_at_six_six_doubles_play_as_thrown() {
    let engine = engine();
    let third = "white: 0 off; black: 0*2; turns: 2 2";
    assert_eq!(turns(&engine, third, "5-5"), ["0/5 5/10 10/15 15/20"]);
    assert_eq!(turns(&engine, ONE_MAN, "6-6"), ["0/6 6/12 12/18 18/24"]);
    // 5-3: the man goes 8 pips either way, one position, the first route.
    assert_eq!(turns(&engine, ONE_MAN, "5-3"), ["0/3 3/8"]);
    // The turns are counted up to the fourth and stay there.
    let mut st = state(&engine, ONE_MAN, "6-6");
    let mut list = Vec::new();
    engine.legal_moves(&mut st, &mut list);
    engine.play_unchecked(&mut st, &list[0]);
    assert_eq!(st.turns, [3, 3]);
}

/// A black man on point 33 (White's position 32): the fives take the man
/// to 20 and the first six to 26, but the second six would land on 32.
/// The turn ends there, its last three sixes lost: 5 die moves.
#[test]
fn the_sequence_ends_at_the_first_die_move_it_cannot_play() {
    let engine = engine();
    assert_eq!(
        turns(&engine, "white: 0 off; black: 0 47; turns: 3 3", "5-5"),
        ["0/5 5/10 10/15 15/20 20/26"]
    );
}

/// `play most dice` measures the whole sequence: the fives are played so
/// that the sixes can be. White's men on positions 0 and 16, Black's on
/// White's 26 and 27; 5-5 on the fourth turn. The man on 16 can take one
/// five at most (16 + 5 = 21, 21 + 5 = 26 is held), so the fives are four
/// by the man on 0 (to 20), or three by him (to 15) and one by the other
/// (to 21). From 20 and 16: no six from 20 (26 held), and the man on 16
/// runs 22, 28, 34, 40: 8 die moves. From 15 and 21: 15/21, then both on
/// 21, and 27 is held: one six, 5 die moves. Only the turn of 8 is legal.
#[test]
fn the_obligations_measure_the_whole_sequence() {
    let engine = engine();
    assert_eq!(
        turns(&engine, "white: 0 16; black: 52 53; turns: 3 3", "5-5"),
        ["0/5 5/10 10/15 15/20 16/22 22/28 28/34 34/40"]
    );
}

/// Both white men on point 1, 3-3 on the fourth turn: 3s, 4s, 5s and 6s,
/// four of each, 16 die moves, all playable (nothing stands on points 2 to
/// 73). A turn is which of each double's four die moves the first man
/// takes: he goes x = 3a + 4b + 5c + 6d pips (a, b, c, d from 0 to 4), the
/// other 72 - x. x is 0, or any of 3 to 36: 3, 4, 5, 6, 3+4, 4+4 (3 to 8);
/// these plus one to four 6s give 9 to 32 (30 as 3+3 and four 6s); 33 to
/// 36 are four 6s and 4+5, 5+5, 3+4+4, 4+4+4. Not 1 or 2 (no die is
/// smaller than 3). Since x and 72 - x go together, the shares are {0, 3,
/// ..., 69, 72}: 69 of them. The men start together, so shares x and
/// 72 - x are one position: 34 pairs, and 36 alone: 35 turns of 16 die
/// moves each.
#[test]
fn three_three_climbs_through_sixteen_die_moves_in_35_turns() {
    let engine = engine();
    let both = "white: 0*2; black: 0*2; turns: 3 3";
    let listed = turns(&engine, both, "3-3");
    assert_eq!(listed.len(), 35, "{listed:#?}");
    assert!(
        listed.iter().all(|t| t.split(' ').count() == 16),
        "{listed:#?}"
    );
    // The first in presentation order: both men together all the way.
    assert_eq!(
        listed[0],
        "0/3 0/3 3/6 3/6 6/10 6/10 10/14 10/14 14/19 14/19 19/24 19/24 24/30 24/30 30/36 30/36"
    );
    // One man runs the whole sequence: 72 pips, to position 72.
    assert_eq!(
        listed[34],
        "0/3 3/6 6/9 9/12 12/16 16/20 20/24 24/28 28/33 33/38 38/43 43/48 48/54 54/60 60/66 66/72"
    );
    // Every turn's text reads back as the turn.
    let st = state(&engine, both, "3-3");
    let mut list = Vec::new();
    engine.legal_moves(&mut st.clone(), &mut list);
    for m in &list {
        assert_eq!(
            find_move(&engine, &st, &list, &move_text(&engine, m)),
            Ok(*m)
        );
    }
    // Typed in another order, die move by die move, it is the same turn.
    let other =
        "0/3 3/6 0/3 3/6 6/10 10/14 6/10 10/14 14/19 19/24 14/19 19/24 24/30 30/36 24/30 30/36";
    assert_eq!(find_move(&engine, &st, &list, other), Ok(list[0]));
    // A sixteen-die-move route that skips a double is no turn.
    let skipping =
        "0/3 0/3 3/6 3/6 6/11 6/11 11/16 11/16 16/21 16/21 21/26 21/26 26/32 26/32 32/38 32/38";
    assert!(find_move(&engine, &st, &list, skipping).is_err());
}

/// The longest sequence, 1-1 to 6-6, is 24 die moves: within the most a
/// turn holds.
#[test]
fn one_one_climbs_through_twenty_four_die_moves() {
    const { assert!(24 <= MAX_DIE_MOVES) };
    let engine = engine();
    // 4 * (1 + 2 + 3 + 4 + 5 + 6) = 84 pips, one way for a lone man: from
    // position 0 the ones take him to 4, the twos to 12, the threes to
    // 24, the fours to 40, the fives to 60, and the sixes to 66, 72, 78
    // (his home, positions 74 to 79, where he may bear off, the other man
    // being off), then past the tray at 80: borne off by the last six.
    let listed = turns(&engine, ONE_MAN, "1-1");
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0].split(' ').count(), 24, "{listed:?}");
    assert!(listed[0].starts_with("0/1 1/2 2/3 3/4 4/6 "), "{listed:?}");
    assert!(listed[0].ends_with(" 66/72 72/78 78/off"), "{listed:?}");
}

/// A seeded game with long turns is recorded and replays; `simulate`
/// plays seeded games to their end.
#[test]
fn records_of_climbing_turns_replay() {
    let dir = temp_dir("climbing", "records");
    let game = "tests/data/climbing-doubles.game";
    let lines = record_game(&dir, game, 1);
    let longest = lines
        .iter()
        .filter_map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).ok()?;
            Some(v["played"].as_str()?.split(' ').count())
        })
        .max()
        .unwrap_or(0);
    assert!(longest > 8, "a turn of more than 8 die moves: {longest}");
    common::replays_every_move_legally(&dir.join("game.jsonl"));
    let run = ludus(&["simulate", game, "--games", "40", "--seed", "3"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stdout.contains("unfinished"), "{}", run.stdout);
}

/// The REPL lists a climbing roll's turns, and a whole turn typed in
/// another order plays the listed turn (die move by die move input is not
/// offered: it says why).
#[test]
fn the_repl_plays_a_climbing_turn_typed_whole() {
    let file = common::root().join("tests/data/climbing-doubles.game");
    let typed =
        "0/3 3/6 0/3 3/6 6/10 10/14 6/10 10/14 14/19 19/24 14/19 19/24 24/30 30/36 24/30 30/36";
    let input = format!("dice 3 3\nmoves\n0/3\n{typed}\n");
    let run = common::ludus_in(
        common::root(),
        &[
            "play",
            file.to_str().unwrap(),
            "--position",
            "white: 0*2; black: 0*2; turns: 3 3",
        ],
        common::Input::Text(&input),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("  35. 0/3 3/6 6/9 9/12 12/16 16/20 20/24 24/28 28/33 33/38 38/43 43/48 48/54 54/60 60/66 66/72\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("not listed order by order: too many to follow die move by die move"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("white plays 0/3 0/3 3/6 3/6 6/10 6/10 10/14 10/14 14/19 14/19 19/24 19/24 24/30 24/30 30/36 30/36\n"),
        "{}",
        run.stdout
    );
}

/// A climbing roll's search is bounded like any roll's: fifteen men
/// spread over six points play 4-4 (fours, fives and sixes, 12 die moves)
/// in more than 100,000 distinct ways, and the roll is refused with the
/// limit's message (exit 1), never played with turns missing; 5-5 (fives
/// and sixes) is listed whole, every turn of 8 die moves.
#[test]
fn a_climbing_roll_past_the_limit_of_turns_is_refused() {
    let game = "tests/data/climbing-doubles-fifteen.game";
    let position = "white: 0*5 2*2 4*2 6*2 8*2 10*2; black: 0*15; turns: 3 3";
    let run = ludus(&["moves", game, "--position", position, "--dice", "4-4"]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stderr
            .contains("the roll can be played in more than 100000 different ways"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    let run = ludus(&["moves", game, "--position", position, "--dice", "5-5"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let listed: Vec<&str> = run.stdout.lines().collect();
    // More than the 273 turns of four fives alone (the same position on
    // the third turn), fewer than the limit.
    assert!((274..100_000).contains(&listed.len()), "{}", listed.len());
    assert!(listed.iter().all(|t| t.split(' ').count() == 8));
    let third = position.replace("turns: 3 3", "turns: 2 2");
    let run = ludus(&["moves", game, "--position", &third, "--dice", "5-5"]);
    assert_eq!(run.stdout.lines().count(), 273);
}

/// The turns `count_turns` counts and `turn_at` draws (a playout's way,
/// climbing rolls kept whole per thread) are those `legal_moves` lists, in
/// its order, at every position of seeded games, climbing rolls among them.
#[test]
fn counted_climbing_turns_are_the_listed_turns() {
    use ludus::playout;
    use rand::RngExt;
    let engine = engine();
    let mut climbed = 0;
    for seed in 0..20 {
        let mut rng = playout::rng(seed);
        let mut st = engine.start();
        let (mut moves, mut listed) = (Vec::new(), Vec::new());
        for ply in 0..1000 {
            engine.roll(&mut st, &mut rng);
            engine.legal_moves(&mut st, &mut moves);
            let n = engine.count_turns(&mut st, &mut listed).unwrap();
            assert_eq!(n, moves.len(), "seed {seed}, ply {ply}");
            for (i, m) in moves.iter().enumerate() {
                assert_eq!(
                    &engine.turn_at(&st, &listed, i),
                    m,
                    "seed {seed}, ply {ply}"
                );
            }
            climbed += usize::from(moves.iter().any(|m| m.len > 4));
            if engine.outcome_with(&st, !moves.is_empty()) != ludus::engine::Outcome::Ongoing {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            engine.play_unchecked(&mut st, &m);
        }
    }
    assert!(climbed > 5, "{climbed} climbing rolls");
}

/// `ludus show` states the rule as the file does.
#[test]
fn show_states_the_climb() {
    let run = ludus(&["show", "tests/data/climbing-doubles.game"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("dice: 2 of 6 faces, doubles twice\ndice: doubles climb to 6 from turn 4\n"),
        "{}",
        run.stdout
    );
}

/// `explain` tells a die move that breaks the order of a climbing
/// sequence: after four 3s comes a 4, not a 5, and 3-3 to 6-6 is 16 die
/// moves.
#[test]
fn explain_names_the_die_a_climbing_sequence_plays() {
    let explain = |turn: &str| {
        ludus(&[
            "explain",
            "tests/data/climbing-doubles.game",
            "--position",
            "white: 0*2; black: 0*2; turns: 3 3",
            "--dice",
            "3-3",
            turn,
        ])
        .stdout
    };
    let out = explain("0/3 0/3 3/6 3/6 6/11");
    assert!(
        out.contains(
            "`6/11` moves 5 points, but die move 5 of the sequence 3-3 climbing to 6-6 plays a 4"
        ),
        "{out}"
    );
    let out = explain(
        "0/3 0/3 3/6 3/6 6/10 6/10 10/14 10/14 14/19 14/19 19/24 19/24 24/30 24/30 30/36 30/36 36/42",
    );
    assert!(
        out.contains(
            "`36/42` is die move 17 of a turn, and the sequence 3-3 climbing to 6-6 has 16"
        ),
        "{out}"
    );
}

/// With `doubles once` each double of the sequence is two die moves: 5-5
/// is two 5s and two 6s (0, 5, 10, then 16, 22) for a lone man, 4 die
/// moves; without `from turn` the first turn climbs too.
#[test]
fn doubles_once_climb_two_die_moves_a_double() {
    let dir = temp_dir("climbing", "once");
    let text = std::fs::read_to_string(common::root().join("tests/data/climbing-doubles.game"))
        .unwrap()
        .replace("  doubles twice\n", "  doubles once\n")
        .replace("doubles climb to 6 from turn 4", "doubles climb to 6");
    let path = dir.join("once.game");
    std::fs::write(&path, text).unwrap();
    let engine = common::engine_at(&path);
    let first = "white: 0 off; black: 0*2";
    assert_eq!(turns(&engine, first, "5-5"), ["0/5 5/10 10/16 16/22"]);
}

/// A double a turn (`each double a turn`): no turn is longer than one
/// double, so a climb whose whole sequence would pass the most die moves of
/// a turn is allowed. Four dice of 8 faces, doubles twice, climbing to 8:
/// 64 die moves from ones as one turn, refused; 8 a turn, allowed.
#[test]
fn a_climb_a_double_a_turn_is_not_bounded_by_its_whole_sequence() {
    let dir = temp_dir("climbing", "each");
    let text =
        std::fs::read_to_string(common::root().join("tests/invalid/doubles-climb-too-long.game"))
            .unwrap();
    let path = dir.join("too-long.game");
    std::fs::write(&path, &text).unwrap();
    let run = ludus(&["validate", path.to_str().unwrap()]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    std::fs::write(
        &path,
        text.replace(
            "doubles climb to 8\n",
            "doubles climb to 8, each double a turn\n",
        ),
    )
    .unwrap();
    let run = ludus(&["validate", path.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let run = ludus(&["show", path.to_str().unwrap()]);
    assert!(
        run.stdout
            .contains("dice: doubles climb to 8 from turn 1, each double a turn\n"),
        "{}",
        run.stdout
    );
}
