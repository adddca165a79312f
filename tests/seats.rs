//! Games of more than two players: the turn going round, each player's
//! end rule, `match` with an agent per seat, moved round the seats with
//! `--swap`, its shards merged, and experiments of such games.

use crate::common::{self, ludus, temp_dir};
use serde_json::Value;
use std::path::{Path, PathBuf};

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
    race_in(&temp_dir("seats", "race"))
}

/// The race written in `dir`.
fn race_in(dir: &Path) -> PathBuf {
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

/// Runs the binary and asserts that it succeeded: its standard output.
fn ok(args: &[&str]) -> String {
    let r = ludus(args);
    assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
    r.stdout
}

/// `lines` with line `n` (from 1) read as JSON and changed by `edit`.
fn edited(lines: &str, n: usize, edit: impl Fn(&mut Value)) -> String {
    let mut out = Vec::new();
    for (i, line) in lines.lines().enumerate() {
        if i + 1 == n {
            let mut v: Value = serde_json::from_str(line).unwrap();
            edit(&mut v);
            out.push(v.to_string());
        } else {
            out.push(line.to_string());
        }
    }
    out.join("\n") + "\n"
}

/// The shards of a match of three seats, merged, print what one run
/// prints, text and JSON, byte for byte; a line no run of the match
/// gives is refused (exit 1), naming its file and line.
#[test]
fn the_shards_of_a_match_of_three_merge_into_one_runs_summary() {
    let dir = temp_dir("seats", "shards");
    let race = race_in(&dir);
    let file = race.to_str().unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let base = [
        "match",
        file,
        "--player",
        "a=random",
        "--player",
        "b=mcts:iterations=5",
        "--player",
        "c=random",
        "--games",
        "7",
        "--seed",
        "5",
        "--swap",
        "--quiet",
    ];
    let with = |extra: &[&str]| -> String {
        let mut args = base.to_vec();
        args.extend(extra);
        ok(&args)
    };
    let text = with(&[]);
    let json = with(&["--json"]);
    let whole: Value = serde_json::from_str(&json).unwrap();
    // The first to move wins the race: the agent seated there, a seat
    // further each game (games 0 to 6: agents 0, 1, 2, 0, 1, 2, 0).
    let wins = |part: &str| -> Vec<u64> {
        whole[part]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["wins"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(wins("agents"), [3, 2, 2]);
    assert_eq!(wins("seats"), [7, 0, 0]);
    let mut shards = Vec::new();
    for k in 1..=3 {
        let out = path(&format!("shard-{k}.jsonl"));
        with(&["--shard", &format!("{k}/3"), "--out", &out]);
        shards.push(out);
    }
    let s1 = std::fs::read_to_string(&shards[0]).unwrap();
    let indices: Vec<u64> = s1
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["index"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(indices, [0, 3, 6]);
    let line: Value = serde_json::from_str(s1.lines().nth(1).unwrap()).unwrap();
    assert_eq!(
        line["agents"],
        serde_json::json!(["random", "mcts:iterations=5", "random"])
    );
    assert_eq!(line["players"], serde_json::json!(["a", "b", "c"]));
    assert_eq!(
        (&line["first_seed"], &line["games"], &line["swap"]),
        (&5.into(), &7.into(), &true.into())
    );
    let merge = |files: &[&str], json: bool| {
        let mut args = vec!["merge"];
        if json {
            args.push("--json");
        }
        args.extend(files);
        ludus(&args)
    };
    let order = [shards[2].as_str(), &shards[0], &shards[1]];
    let merged = merge(&order, false);
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    assert_eq!(merged.stdout, text);
    assert_eq!(merge(&order, true).stdout, json);

    // Lines of no single run: each refused with its file and line.
    let bad = path("bad.jsonl");
    let refused = |text: String, says: &str| {
        std::fs::write(&bad, text).unwrap();
        let r = merge(&[&bad, &shards[1]], false);
        assert_eq!(r.code, 1, "{says}: {}", r.stdout);
        assert!(r.stderr.contains(says), "{says}: {}", r.stderr);
    };
    refused(
        edited(&s1, 2, |v| v["seats"] = serde_json::json!([1, 2, 0])),
        "bad.jsonl, line 2: game 3 has `seats` [1, 2, 0], but with `swap`, agent (p + i) mod 3 plays player p in game i: [0, 1, 2]",
    );
    refused(
        edited(&s1, 3, |v| v["swap"] = false.into()),
        "bad.jsonl, line 3: `swap` is false, but true in the games of this match read before",
    );
    refused(
        edited(&s1, 2, |v| v["seed"] = 9.into()),
        "bad.jsonl, line 2: game 3 has seed 9, but game i of a match from seed 5 has seed 5 + i",
    );
    refused(
        edited(&s1, 3, |v| {
            v["index"] = 9.into();
            v["seed"] = 14.into();
        }),
        "bad.jsonl, line 3: game 9 of a match of 7 games",
    );
    refused(
        edited(&s1, 1, |v| v["result"] = "d".into()),
        "bad.jsonl, line 1: result `d`: expected `a`, `b`, `c`, `draw` or `unfinished`",
    );
    refused(
        edited(&s1, 2, |v| v["index"] = 4.into()),
        "bad.jsonl, line 2: game 4 has seed 8, but game i of a match from seed 5 has seed 5 + i",
    );
    refused(
        edited(&s1, 3, |v| {
            v["index"] = 1.into();
            v["seed"] = 6.into();
            v["seats"] = serde_json::json!([1, 2, 0]);
            v["result"] = "a".into();
        }),
        "shard-2.jsonl, line 1: game 1 was already read at",
    );
    refused(
        edited(&s1, 1, |v| v["agents"][1] = "random".into()),
        "bad.jsonl, line 2: game `Three-way race` between `random`, `mcts:iterations=5` and `random` is not of the match of `Three-way race` between `random`, `random` and `random`",
    );
    let r = merge(&[&shards[0], &shards[0]], false);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr
            .contains("shard-1.jsonl, line 1: game 0 was already read at"),
        "{}",
        r.stderr
    );
    // Another match's lines: another first seed, or two agents.
    let other = path("other.jsonl");
    let mut args = base.to_vec();
    assert_eq!(args[10], "--seed");
    args[11] = "6";
    args.extend(["--shard", "2/3", "--out", &other]);
    ok(&args);
    let r = merge(&[&shards[0], &other], false);
    assert_eq!(r.code, 1);
    assert!(
        r.stderr.contains(
            "other.jsonl, line 1: game 1 has seed 7, so its match starts at seed 6, not at 5"
        ),
        "{}",
        r.stderr
    );
    ok(&[
        "match",
        "games/alquerque.game",
        "--first",
        "random",
        "--second",
        "random",
        "--games",
        "2",
        "--quiet",
        "--out",
        &other,
    ]);
    let r = merge(&[&shards[0], &other], false);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("other.jsonl, line 1: game 0 of a match of two agents, but the games of this match read before are of more than two seats"), "{}", r.stderr);
    // `--match` stays a thing of two players.
    let mut args = base.to_vec();
    args.extend(["--match", "3"]);
    let r = ludus(&args);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("`--match` is for games of two players, and this one has 3"),
        "{}",
        r.stderr
    );
}

/// An experiment's run of a game of three players is a match of three
/// seats: its lines in the experiment's file, a row per agent in the
/// table, its summary in `--json`; the experiment's shards merge into
/// what one run prints.
#[test]
fn an_experiment_runs_a_game_of_three_as_a_match_of_three_seats() {
    let dir = temp_dir("seats", "experiment");
    let race = race_in(&dir);
    let root = common::root();
    let spec = dir.join("e.toml");
    let text = format!(
        "[[run]]\nname = \"plain\"\ngame = \"{0}/games/alquerque.game\"\nwhite = \"random\"\nblack = \"random\"\ngames = 4\nseed = 1\n\n\
         [[run]]\nname = \"race\"\ngame = \"{1}\"\nfirst = \"random\"\nb = \"mcts:iterations=5\"\nc = \"random\"\ngames = 5\nseed = 2\nswap = true\n\n\
         [[run]]\nname = \"stars\"\ngame = \"{0}/games/chinese-checkers-3.game\"\nred = \"random\"\ngreen = \"random\"\nblue = \"random\"\ngames = 2\n",
        root.display(),
        race.display()
    );
    std::fs::write(&spec, &text).unwrap();
    let file = spec.to_str().unwrap();
    let table = ok(&["experiment", file, "--quiet"]);
    let json = ok(&["experiment", file, "--quiet", "--json"]);
    let rows: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(rows[1]["run"], "race");
    let race_summary = &rows[1]["summary"];
    let wins: Vec<u64> = race_summary["agents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["wins"].as_u64().unwrap())
        .collect();
    assert_eq!(wins, [2, 2, 1], "{race_summary}");
    assert_eq!(race_summary["seats"][0]["name"], "a");
    assert_eq!(race_summary["seats"][0]["wins"], 5);
    assert_eq!(rows[2]["summary"]["games"], 2);
    assert_eq!(rows[0]["summary"]["white"]["agent"], "random");
    // A row per agent: the first with the run, the games, draws and turns.
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 1 + 1 + 3 + 3, "{table}");
    assert_eq!(
        lines[2..5],
        [
            "race             random (a)             mcts:iterations=5 (b)       5   40.0% [11.8- 76.9]   100.0% [56.6-100.0]     0.0% [ 0.0- 43.4]     10.0",
            "                 mcts:iterations=5 (b)                                  40.0% [11.8- 76.9]     0.0% [ 0.0- 43.4]",
            "                 random (c)                                             20.0% [ 3.6- 62.4]     0.0% [ 0.0- 43.4]",
        ],
        "{table}"
    );
    let out = std::fs::read_to_string(dir.join("e.jsonl")).unwrap();
    assert_eq!(out.lines().count(), 4 + 5 + 2);
    let line: Value = serde_json::from_str(out.lines().nth(5).unwrap()).unwrap();
    assert_eq!(
        (&line["run"], &line["index"], &line["seats"]),
        (&"race".into(), &1.into(), &serde_json::json!([1, 2, 0]))
    );

    let mut shards = Vec::new();
    for k in ["1/2", "2/2"] {
        let out = dir.join(format!("shard-{}.jsonl", &k[..1]));
        let out = out.to_str().unwrap().to_string();
        ok(&["experiment", file, "--quiet", "--shard", k, "--out", &out]);
        shards.push(out);
    }
    assert_eq!(ok(&["merge", &shards[1], &shards[0]]), table);
    assert_eq!(ok(&["merge", "--json", &shards[0], &shards[1]]), json);
    // A shard that holds no game of some runs (here all but game 4 of the
    // race) still has a row for each, the agents of a match of more seats
    // named (it panicked before).
    let out = dir.join("shard-5.jsonl");
    let few = ok(&[
        "experiment",
        file,
        "--quiet",
        "--shard",
        "5/5",
        "--out",
        out.to_str().unwrap(),
    ]);
    let rows: Vec<&str> = few.lines().collect();
    assert_eq!(rows.len(), 8, "{few}");
    assert!(
        rows[1].starts_with("plain ") && rows[1].contains("      0    0.0% ["),
        "{few}"
    );
    assert!(rows[2].starts_with("race             random (a)"), "{few}");
    assert!(
        rows[5]
            .starts_with("stars            random (red)           random (green)              0 "),
        "{few}"
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 1);

    // Every player needs one agent, named by a player of the game.
    for (from, to, says) in [
        (
            "c = \"random\"\n",
            "",
            "run `race`: no agent for `c`: give one (`c = \"random\"`)",
        ),
        (
            "c = \"random\"\n",
            "d = \"random\"\n",
            "`d` is neither a key of a run nor a player of `Three-way race`: its players are `a`, `b` and `c`",
        ),
        (
            "first = \"random\"\n",
            "first = \"random\"\na = \"random\"\n",
            "the agent for `a` is given twice (also by `first`)",
        ),
    ] {
        let bad = dir.join("bad.toml");
        std::fs::write(&bad, text.replacen(from, to, 1)).unwrap();
        let r = ludus(&["experiment", bad.to_str().unwrap(), "--quiet"]);
        assert_eq!(r.code, 1, "{says}");
        assert!(r.stderr.contains(says), "{says}: {}", r.stderr);
    }
}
