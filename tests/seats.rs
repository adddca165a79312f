//! Games of more than two players: the turn going round, each player's
//! end rule, and `match` with an agent per seat, moved round the seats
//! with `--swap`.

use crate::common::{self, ludus, temp_dir};
use serde_json::Value;
use std::path::PathBuf;

/// Three runners on a board of five files, each stepping forward only:
/// the first to reach rank 5 wins, so the first to move (a) always wins,
/// after his fourth step, the tenth turn.
const RACE: &str = r#"game "Three-way race"

board {
  grid 5 x 5
  files a b c d e
  ranks 1 2 3 4 5
  links orthogonal
}

player a {
  forward n
  region goal: rank 5
}
player b {
  forward n
  region goal: rank 5
}
player c {
  forward n
  region goal: rank 5
}

piece runner {
  marks a b c
  step forward
}

setup {
  a runner: a1
  b runner: c1
  c runner: e1
}

end {
  home: own men in goal = 1 => win
}
"#;

fn race() -> PathBuf {
    let dir = temp_dir("seats", "race");
    let path = dir.join("race.game");
    std::fs::write(&path, RACE).unwrap();
    path
}

#[test]
fn the_turn_goes_round_and_each_players_end_rule_is_judged() {
    let path = race();
    let engine = common::engine_at(&path);
    assert_eq!(engine.players(), 3);
    let mut st = engine.start();
    let mut movers = Vec::new();
    while engine.outcome(&st) == ludus::engine::Outcome::Ongoing {
        movers.push(st.to_move);
        let turns = common::turn_texts(&engine, &st);
        assert_eq!(turns.len(), 1, "one step forward each");
        st = common::played(&engine, &st, &turns[0]);
    }
    assert_eq!(movers, [0, 1, 2, 0, 1, 2, 0, 1, 2, 0]);
    assert_eq!(
        engine.outcome(&st),
        ludus::engine::Outcome::Decisive {
            winner: 0,
            points: 1
        }
    );
    let run = ludus(&["playout", path.to_str().unwrap(), "--seed", "1", "--json"]);
    let out: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(out["plies"], 10);
    assert_eq!(out["result"], "a wins");
    assert!(out["position"].as_str().unwrap().contains("c: e4"));
}

#[test]
fn a_match_seats_an_agent_a_player_and_moves_them_round() {
    let path = race();
    let file = path.to_str().unwrap();
    let agents = ["--player", "a=random", "--player", "b=mcts:iterations=20"];
    let run = |extra: &[&str]| -> Value {
        let mut args = vec![
            "match", file, "--games", "6", "--json", "--player", "c=random",
        ];
        args.extend(agents);
        args.extend(extra);
        let r = ludus(&args);
        assert_eq!(r.code, 0, "{}", r.stderr);
        serde_json::from_str(&r.stdout).unwrap()
    };
    // Seated still, the first agent plays `a` and wins every game.
    let still = run(&[]);
    let wins = |v: &Value, part: &str| -> Vec<u64> {
        v[part]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["wins"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(wins(&still, "agents"), [6, 0, 0]);
    assert_eq!(wins(&still, "seats"), [6, 0, 0]);
    // Moved round, each agent plays `a` in two games of six.
    let dir = temp_dir("seats", "rotated");
    let out = dir.join("games.jsonl");
    let rotated = run(&["--swap", "--out", out.to_str().unwrap()]);
    assert_eq!(wins(&rotated, "agents"), [2, 2, 2]);
    assert_eq!(wins(&rotated, "seats"), [6, 0, 0]);
    assert_eq!(rotated["agents"][1]["name"], "mcts:iterations=20");
    let rate = &rotated["agents"][0]["win_rate"];
    assert!(
        rate["low"].as_f64().unwrap() < 1.0 / 3.0 && rate["high"].as_f64().unwrap() > 1.0 / 3.0
    );
    let lines = std::fs::read_to_string(out).unwrap();
    let game1: Value = serde_json::from_str(lines.lines().nth(1).unwrap()).unwrap();
    assert_eq!(game1["seats"], serde_json::json!([1, 2, 0]));
    assert_eq!(game1["result"], "a");
}

#[test]
fn two_player_searches_refuse_more_players() {
    let path = race();
    let file = path.to_str().unwrap();
    let r = ludus(&[
        "match",
        file,
        "--player",
        "a=expectimax",
        "--player",
        "b=random",
        "--player",
        "c=random",
    ]);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .contains("expectimax searches games of two players"),
        "{}",
        r.stderr
    );
    let r = ludus(&["match", file, "--first", "random", "--second", "random"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("give one for `c`"), "{}", r.stderr);
    let r = ludus(&[
        "play", file, "--match", "3", "--player", "a=random", "--player", "b=random", "--player",
        "c=random",
    ]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("--match is for games of two players"),
        "{}",
        r.stderr
    );
}
