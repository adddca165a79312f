//! Invariants: `ludus check FILE --games N` on every bundled game, a
//! violation found on a deliberately wrong invariant (its turns replayed to
//! the position it names), and the evaluator held to the engine's own
//! judgement of the same conditions.

use crate::common;

use common::{engine_at, game_files, ludus, men, root};
use ludus::engine::{Engine, Outcome, State};
use ludus::notation::{find_move, parse_dice, position_text};
use ludus::playout;
use rand::RngExt;

#[test]
fn every_bundled_game_keeps_its_invariants() {
    for game in game_files() {
        let engine = engine_at(&root().join(&game));
        assert!(
            !engine.game().invariants.is_empty(),
            "{game} states no invariants"
        );
        let run = ludus(&["check", &game, "--games", "20", "--seed", "7"]);
        assert_eq!(run.code, 0, "{game}: {}{}", run.stdout, run.stderr);
        assert!(run.stdout.starts_with("ok: "), "{game}: {}", run.stdout);
    }
}

/// Replays the turns a violation lists from the start (each `ROLL: TURN`
/// in dice games), checking each is legal; the position reached.
fn replay(engine: &Engine, moves: &[serde_json::Value]) -> State {
    let mut st = engine.start();
    let mut buffer = Vec::new();
    for m in moves {
        let text = m.as_str().unwrap();
        let turn = match text.split_once(": ") {
            Some((roll, turn)) if engine.has_dice() => {
                st.dice = parse_dice(engine, roll).unwrap();
                turn
            }
            _ => text,
        };
        // Every earlier position keeps the invariants: the violation is the first.
        assert_eq!(
            ludus::invariants::broken(engine, &st),
            None,
            "before {text}"
        );
        engine.legal_moves(&mut st, &mut buffer);
        let found = find_move(engine, &st, &buffer, turn)
            .unwrap_or_else(|e| panic!("`{text}` is not legal: {e}"));
        engine.play_unchecked(&mut st, &found);
    }
    st
}

fn violation(file: &str, threads: &str) -> serde_json::Value {
    let run = ludus(&[
        "check",
        file,
        "--games",
        "50",
        "--seed",
        "3",
        "--threads",
        threads,
        "--json",
    ]);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    value["violation"].clone()
}

#[test]
fn a_wrong_invariant_is_found_with_turns_that_reach_it() {
    for (file, name, line) in [
        ("tests/data/verquere-wrong-invariant.game", "never-hit", 6),
        (
            "tests/data/alquerque-wrong-invariant.game",
            "never-captured",
            6,
        ),
    ] {
        let v = violation(file, "1");
        assert_eq!(v["invariant"], name);
        assert_eq!(v["line"], line);
        assert!(v["file"].as_str().unwrap().ends_with(file));
        let engine = engine_at(&root().join(file));
        let st = replay(&engine, v["moves"].as_array().unwrap());
        assert_eq!(position_text(&engine, &st), v["position"].as_str().unwrap());
        assert!(ludus::invariants::broken(&engine, &st).is_some());
        assert!(!v["moves"].as_array().unwrap().is_empty());
    }
}

#[test]
fn the_violation_found_does_not_depend_on_threads() {
    let file = "tests/data/verquere-wrong-invariant.game";
    assert_eq!(violation(file, "1"), violation(file, "3"));
}

#[test]
fn a_violation_is_printed_with_name_line_position_and_turns() {
    let run = ludus(&[
        "check",
        "tests/data/alquerque-wrong-invariant.game",
        "--games",
        "5",
    ]);
    assert_eq!(run.code, 1);
    let out = &run.stdout;
    assert!(
        out.starts_with("invariant `never-captured` (")
            && out.contains("alquerque-wrong-invariant.game:6) is broken for "),
        "{out}"
    );
    assert!(out.contains("\nposition: white: "), "{out}");
    assert!(out.contains("\nmoves from the start:\n     1. "), "{out}");
}

#[test]
fn check_refuses_a_bad_file_and_bad_flags() {
    let run = ludus(&["check", "tests/invalid/bad-comparison.game"]);
    assert_eq!(run.code, 1);
    let run = ludus(&["check", "games/verquere.game", "--games", "0"]);
    assert_eq!(run.code, 2);
}

/// `own pieces` counts every man of a side, pinned men included, as the
/// tests' own count does; and the evaluator judges the games' pass rules
/// and conditional end rules as the engine's compiled conditions do.
#[test]
fn the_evaluator_agrees_with_the_engine() {
    let (mut judged, mut ended) = (0, 0);
    for game in game_files() {
        let engine = engine_at(&root().join(&game));
        let pieces = ludus::ir::Cond::Compare(
            vec![ludus::ir::Term::Pieces(ludus::ir::Whose::Own)],
            ludus::ir::Compare::Eq,
            vec![],
        );
        let rules = &engine.game().rules;
        for seed in 0..4 {
            let mut rng = playout::rng(seed);
            let mut st = engine.start();
            engine.opening(&mut st, &mut rng);
            let mut moves = Vec::new();
            for _ in 0..300 {
                let counted = men(&engine, &st);
                for (p, &count) in counted.iter().enumerate() {
                    let sum = |t| ludus::invariants::sum(&engine, &st, t, p);
                    let ludus::ir::Cond::Compare(a, ..) = &pieces else {
                        unreachable!()
                    };
                    assert_eq!(sum(a), i64::from(count), "{game}");
                }
                let mover = st.to_move as usize;
                let passes = rules
                    .pass
                    .iter()
                    .find(|(_, c)| ludus::invariants::holds(&engine, &st, c, mover))
                    .map(|(n, _)| n.as_str());
                assert_eq!(passes, engine.pass_rule(&st), "{game}");
                // The end rules with conditions, judged for the player who
                // moved last and then for the other, as the engine does.
                let ends = engine.game().end.iter().filter_map(|e| match e {
                    ludus::ir::EndRule::When {
                        cond,
                        result,
                        points,
                        ..
                    } => Some((cond, *result, *points)),
                    _ => None,
                });
                let ends: Vec<_> = ends.collect();
                // From the player who just moved, round the table.
                let n = engine.players();
                let last = engine.previous_player(mover);
                let ours = (last..last + n).map(|p| p % n).find_map(|who| {
                    ends.iter()
                        .find(|(c, ..)| ludus::invariants::holds(&engine, &st, c, who))
                        .map(|&(_, result, points)| match result {
                            ludus::ir::EndResult::Win => Outcome::Decisive {
                                winner: who,
                                points,
                            },
                            ludus::ir::EndResult::Loss => Outcome::Decisive {
                                winner: 1 - who,
                                points,
                            },
                            ludus::ir::EndResult::Draw => Outcome::Draw,
                            // The seeds' owners compared (`Core::count_seeds`).
                            ludus::ir::EndResult::MorePieces => match st.counts[0]
                                .cmp(&st.counts[1])
                            {
                                std::cmp::Ordering::Greater => {
                                    Outcome::Decisive { winner: 0, points }
                                }
                                std::cmp::Ordering::Less => Outcome::Decisive { winner: 1, points },
                                std::cmp::Ordering::Equal => Outcome::Draw,
                            },
                        })
                });
                let theirs = engine.outcome_with(&st, true);
                match ours {
                    Some(o) => assert_eq!(o, theirs, "{game}: {}", position_text(&engine, &st)),
                    None if st.counters[0] == 0 && engine.has_dice() => {
                        assert_eq!(theirs, Outcome::Ongoing, "{game}")
                    }
                    None => {}
                }
                ended += usize::from(ours.is_some());
                judged += 1;
                if st.dice == [0; 4] {
                    engine.roll(&mut st, &mut rng);
                }
                engine.legal_moves(&mut st, &mut moves);
                if engine.outcome_with(&st, !moves.is_empty()) != Outcome::Ongoing {
                    break;
                }
                let m = moves[rng.random_range(0..moves.len())];
                engine.play_unchecked(&mut st, &m);
            }
        }
    }
    assert!(
        judged > 1000 && ended > 10,
        "{judged} positions, {ended} ended"
    );
}
