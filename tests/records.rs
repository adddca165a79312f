//! Records and `replay`, through the built binary: a record replays only
//! if it is exactly the seeded game its header names. Each forgery below is
//! made by editing a genuine record written in the test.

use crate::common;

use common::{Input, Run, game_files, ludus, ludus_in, record_game, root, temp_dir};
use serde_json::Value;
use std::path::Path;

/// Records one seeded game of `game` (a path from the crate root) in
/// `dir`; returns the record's lines as JSON.
fn record(dir: &Path, game: &str, seed: u64) -> Vec<Value> {
    record_game(dir, game, seed)
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Writes `lines` as a record named `name` in `dir` and replays it quietly.
fn replay(dir: &Path, name: &str, lines: &[Value]) -> Run {
    let path = dir.join(name);
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&path, text).unwrap();
    ludus(&["replay", "--quiet", path.to_str().unwrap()])
}

/// Asserts that the record is refused with a message containing each of `says`.
fn refused(run: &Run, says: &[&str]) {
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    for s in says {
        assert!(run.stderr.contains(s), "wanted `{s}` in:\n{}", run.stderr);
    }
    assert!(run.stdout.is_empty(), "{}", run.stdout);
}

/// The index of the turn line of turn `ply`.
fn turn(lines: &[Value], ply: u64) -> usize {
    lines
        .iter()
        .position(|l| l["type"] == "turn" && l["ply"] == ply)
        .unwrap()
}

/// Dice that list their faces, summed or not: the records write each
/// throw as the game shows it (`dice: 2`, `dice: 0`, `dice: 2-0`) and
/// replay; a record whose summed throw is changed to one the turn does not
/// fit is refused.
#[test]
fn records_of_dice_with_listed_faces_write_their_throws_and_replay() {
    let dir = temp_dir("records", "listed-faces");
    for (game, zero) in [
        ("tests/data/race-binary-dice.game", "dice: 0;"),
        ("tests/data/race-dice-from-zero.game", "dice: 0-0;"),
    ] {
        let lines = record(&dir, game, 5);
        let run = replay(&dir, "same.jsonl", &lines);
        assert_eq!(run.code, 0, "{game}: {}", run.stderr);
        assert!(run.stdout.contains("every move legal"), "{}", run.stdout);
        let passed = lines.iter().any(|l| {
            l["type"] == "turn"
                && l["played"] == "pass"
                && l["position"].as_str().is_some_and(|p| p.contains(zero))
        });
        assert!(passed, "{game}: no throw of 0 recorded as passing");
    }
    let mut lines = record(&dir, "tests/data/race-binary-dice.game", 5);
    let first = turn(&lines, 1);
    let position = lines[first]["position"].as_str().unwrap().to_string();
    // The first turn enters a man by the throw; another throw (not 0,
    // which would pass) does not fit the turn recorded.
    let thrown = (1..=4)
        .find(|n| position.contains(&format!("dice: {n};")))
        .unwrap_or_else(|| panic!("a first throw of 1 to 4: {position}"));
    let other = thrown % 4 + 1;
    lines[first]["position"] =
        Value::from(position.replace(&format!("dice: {thrown};"), &format!("dice: {other};")));
    let run = replay(&dir, "changed.jsonl", &lines);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
}

#[test]
fn genuine_records_of_every_bundled_game_replay() {
    let dir = temp_dir("records", "genuine");
    for game in game_files() {
        for seed in [1, 2] {
            let lines = record(&dir, &game, seed);
            let run = replay(&dir, "same.jsonl", &lines);
            assert_eq!(run.code, 0, "{game}, seed {seed}: {}", run.stderr);
            assert!(
                run.stdout.contains(&format!("seed {seed}: ")),
                "{}",
                run.stdout
            );
            assert!(run.stdout.contains("every move legal"), "{}", run.stdout);
        }
    }
}

#[test]
fn forged_seed_is_refused() {
    let dir = temp_dir("records", "seed");
    // Without dice the seed chooses the moves: soon one is another.
    let mut lines = record(&dir, "games/alquerque.game", 3);
    lines[0]["seed"] = 4.into();
    let run = replay(&dir, "alquerque.jsonl", &lines);
    refused(&run, &["`played`", "with seed 4 the random agent plays"]);
    // With dice the seed throws the dice: the first roll differs.
    let mut lines = record(&dir, "games/verquere.game", 3);
    lines[0]["seed"] = 4.into();
    let run = replay(&dir, "verquere.jsonl", &lines);
    refused(&run, &["line 2 (turn 1), `position`", "seed 4 throws"]);
}

#[test]
fn forged_roll_is_refused() {
    let dir = temp_dir("records", "roll");
    let mut lines = record(&dir, "games/verquere.game", 5);
    let i = turn(&lines, 10);
    let position = lines[i]["position"].as_str().unwrap().to_string();
    let (before, after) = position.split_once("dice: ").unwrap();
    let (roll, rest) = after.split_once(';').unwrap();
    let other = if roll == "6-6" { "1-2" } else { "6-6" };
    lines[i]["position"] = format!("{before}dice: {other};{rest}").into();
    let run = replay(&dir, "roll.jsonl", &lines);
    refused(
        &run,
        &[
            &format!("line {} (turn 10), `position`", i + 1),
            &format!("dice {other} are not what seed 5 throws"),
            roll,
        ],
    );
}

#[test]
fn forged_ply_number_is_refused() {
    let dir = temp_dir("records", "ply");
    for game in ["games/alquerque.game", "games/verquere.game"] {
        let mut lines = record(&dir, game, 6);
        let i = turn(&lines, 3);
        lines[i]["ply"] = 4.into();
        let run = replay(&dir, "ply.jsonl", &lines);
        refused(
            &run,
            &[&format!("line {}, `ply`", i + 1), "says 4", "turn 3"],
        );
    }
}

#[test]
fn forged_legal_moves_are_refused() {
    let dir = temp_dir("records", "legal");
    let mut lines = record(&dir, "games/alquerque.game", 6);
    let i = turn(&lines, 2);
    lines[i]["legal"].as_array_mut().unwrap().pop();
    let run = replay(&dir, "legal.jsonl", &lines);
    refused(&run, &[&format!("line {} (turn 2), `legal`", i + 1)]);
}

#[test]
fn forged_position_is_refused() {
    let dir = temp_dir("records", "position");
    let mut lines = record(&dir, "games/alquerque.game", 6);
    let i = turn(&lines, 2);
    lines[i]["position"] = "white: a1; black: e5; turn: black; quiet: 0".into();
    let run = replay(&dir, "position.jsonl", &lines);
    refused(&run, &[&format!("line {} (turn 2), `position`", i + 1)]);
}

#[test]
fn forged_result_winner_is_refused() {
    let dir = temp_dir("records", "winner");
    let mut lines = record(&dir, "games/verquere.game", 7);
    let last = lines.len() - 1;
    let winner = lines[last]["winner"].as_str().unwrap().to_string();
    let other = if winner == "white" { "black" } else { "white" };
    lines[last]["winner"] = other.into();
    let run = replay(&dir, "winner.jsonl", &lines);
    refused(
        &run,
        &[
            &format!("line {}, `winner`", last + 1),
            &format!("says `{other}`, but the rules give `{winner}`"),
        ],
    );
}

#[test]
fn forged_result_text_is_refused() {
    let dir = temp_dir("records", "result");
    let mut lines = record(&dir, "games/alquerque.game", 7);
    let last = lines.len() - 1;
    lines[last]["result"] = "draw".into();
    lines[last]["winner"] = Value::Null;
    let run = replay(&dir, "result.jsonl", &lines);
    refused(&run, &[&format!("line {}, `result`", last + 1)]);
}

#[test]
fn forged_result_plies_are_refused() {
    let dir = temp_dir("records", "plies");
    let mut lines = record(&dir, "games/alquerque.game", 7);
    let last = lines.len() - 1;
    let plies = lines[last]["plies"].as_u64().unwrap();
    lines[last]["plies"] = (plies + 1).into();
    let run = replay(&dir, "plies.jsonl", &lines);
    refused(&run, &[&format!("line {}, `plies`", last + 1)]);
}

#[test]
fn forged_result_position_is_refused() {
    let dir = temp_dir("records", "final");
    let mut lines = record(&dir, "games/verquere.game", 7);
    let last = lines.len() - 1;
    let before = lines[turn(&lines, 1)]["position"].clone();
    lines[last]["position"] = before;
    let run = replay(&dir, "final.jsonl", &lines);
    refused(&run, &[&format!("line {}, `position`", last + 1)]);
}

#[test]
fn line_after_the_result_is_refused() {
    let dir = temp_dir("records", "after");
    let mut lines = record(&dir, "games/alquerque.game", 8);
    let extra = lines[1].clone();
    lines.push(extra);
    let run = replay(&dir, "after.jsonl", &lines);
    refused(
        &run,
        &[&format!(
            "line {}: after the result (line {}) only the header of another game may follow",
            lines.len(),
            lines.len() - 1
        )],
    );
    // A whole second game after the first: the games of a session, each
    // replayed.
    let mut lines = record(&dir, "games/alquerque.game", 8);
    let again = lines.clone();
    lines.extend(again);
    let run = replay(&dir, "two.jsonl", &lines);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("game 2: Alquerque, seed 8"),
        "{}",
        run.stdout
    );
}

#[test]
fn second_header_is_refused() {
    let dir = temp_dir("records", "header");
    let mut lines = record(&dir, "games/alquerque.game", 8);
    let header = lines[0].clone();
    lines.insert(3, header);
    let run = replay(&dir, "header.jsonl", &lines);
    refused(&run, &["line 4: a second header"]);
}

#[test]
fn truncated_record_is_refused() {
    let dir = temp_dir("records", "truncated");
    // A result where the game goes on.
    let mut lines = record(&dir, "games/alquerque.game", 9);
    let result = lines.pop().unwrap();
    lines.truncate(5);
    lines.push(result);
    let run = replay(&dir, "early.jsonl", &lines);
    refused(
        &run,
        &["line 6: the record ends after 4 turns, but the game goes on"],
    );
    // No result at all.
    let mut lines = record(&dir, "games/alquerque.game", 9);
    lines.pop();
    let run = replay(&dir, "open.jsonl", &lines);
    refused(&run, &["no result line"]);
}

#[test]
fn unknown_field_is_refused() {
    let dir = temp_dir("records", "unknown");
    let mut lines = record(&dir, "games/alquerque.game", 9);
    lines[2]["note"] = "a comment".into();
    let run = replay(&dir, "note.jsonl", &lines);
    refused(&run, &["line 3: not a record line", "unknown field `note`"]);
}

#[test]
fn swapped_last_move_is_refused() {
    // Made in the test: the last move swapped for another legal one.
    let dir = temp_dir("records", "swapped");
    let mut lines = record(&dir, "games/verquere-five.game", 635);
    let i = lines.len() - 2;
    let played = lines[i]["played"].as_str().unwrap().to_string();
    let other = lines[i]["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .find(|m| *m != played)
        .unwrap();
    lines[i]["played"] = other.into();
    let run = replay(&dir, "swapped.jsonl", &lines);
    refused(
        &run,
        &[
            &format!("line {}", i + 1),
            "`played`",
            "is legal, but it is not this game's move",
            &format!("plays `{played}`"),
        ],
    );
    // The reproducer.
    let run = ludus(&[
        "replay",
        "--quiet",
        "tests/data/record-last-move-swapped.jsonl",
    ]);
    refused(
        &run,
        &[
            "line 65 (turn 64), `played`",
            "`2/5 11/14 14/17 18/21` is legal, but it is not this game's move",
        ],
    );
}

#[test]
fn game_is_found_beside_the_record_from_another_folder() {
    let dir = temp_dir("records", "beside");
    let kept = dir.join("kept");
    std::fs::create_dir_all(&kept).unwrap();
    std::fs::copy(
        root().join("games/verquere.game"),
        kept.join("verquere.game"),
    )
    .unwrap();
    // Recorded beside the game, so the header names `verquere.game`.
    let run = ludus_in(
        &kept,
        &[
            "playout",
            "verquere.game",
            "--seed",
            "2",
            "--record",
            "v.jsonl",
        ],
        Input::Nothing,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let elsewhere = dir.join("elsewhere");
    std::fs::create_dir_all(&elsewhere).unwrap();
    let run = ludus_in(
        &elsewhere,
        &["replay", "--quiet", "../kept/v.jsonl"],
        Input::Nothing,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("every move legal"), "{}", run.stdout);
    // Without the game, the message says every place it looked.
    std::fs::remove_file(kept.join("verquere.game")).unwrap();
    let run = ludus_in(
        &elsewhere,
        &["replay", "--quiet", "../kept/v.jsonl"],
        Input::Nothing,
    );
    refused(
        &run,
        &[
            "line 1, `game`: cannot find verquere.game",
            "beside the record at ../kept/verquere.game",
            "in the current folder at verquere.game",
        ],
    );
}

#[test]
fn changed_game_file_is_refused() {
    let dir = temp_dir("records", "changed");
    std::fs::copy(
        root().join("games/alquerque.game"),
        dir.join("alquerque.game"),
    )
    .unwrap();
    let run = ludus_in(
        &dir,
        &[
            "playout",
            "alquerque.game",
            "--seed",
            "2",
            "--record",
            "a.jsonl",
        ],
        Input::Nothing,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(dir.join("alquerque.game")).unwrap();
    std::fs::write(dir.join("alquerque.game"), text + "\n// changed\n").unwrap();
    let run = ludus_in(&dir, &["replay", "--quiet", "a.jsonl"], Input::Nothing);
    refused(&run, &["line 1, `sha256`", "alquerque.game changed"]);
}

/// A record names its game relative to its own folder, so that it replays
/// from any folder (issue 26: the path was relative to the folder it was
/// made in); a record naming its game relative to the current folder, as
/// older ones do, still replays from there.
#[test]
fn a_record_names_its_game_relative_to_its_folder() {
    let dir = temp_dir("records", "relative-game");
    let sub = dir.join("deep").join("er");
    std::fs::create_dir_all(&sub).unwrap();
    let path = sub.join("r.jsonl");
    let run = ludus(&[
        "playout",
        "games/alquerque.game",
        "--seed",
        "4",
        "--record",
        path.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(&path).unwrap();
    let header: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let named = header["game"].as_str().unwrap();
    assert!(Path::new(named).is_relative(), "{named}");
    assert_eq!(
        std::fs::canonicalize(sub.join(named)).unwrap(),
        std::fs::canonicalize(root().join("games/alquerque.game")).unwrap(),
        "{named}"
    );
    // Replayed from the crate root, from the record's folder and from
    // elsewhere.
    for cwd in [root(), sub.as_path(), dir.as_path()] {
        let run = ludus_in(
            cwd,
            &["replay", "--quiet", path.to_str().unwrap()],
            Input::Nothing,
        );
        assert_eq!(run.code, 0, "from {}: {}", cwd.display(), run.stderr);
    }
    // An older record: the game relative to where it was made.
    let mut lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    lines[0]["game"] = "games/alquerque.game".into();
    let run = replay(&dir, "old.jsonl", &lines);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// A record whose positions name a kind the notation now leaves to the
/// player's default (`tiger: tiger a1`, as records of Bagh-chal were
/// written before the default kind) is the same game and replays; one
/// that names a kind the player never has is refused.
#[test]
fn positions_written_with_the_default_kind_named_replay() {
    let dir = temp_dir("records", "named-kind");
    let mut lines = record(&dir, "games/bagh-chal.game", 3);
    let mut named = 0;
    for line in lines.iter_mut() {
        if let Some(p) = line["position"].as_str() {
            let old = p.replace("tiger: ", "tiger: tiger ");
            named += usize::from(old != p);
            line["position"] = old.into();
        }
    }
    assert!(named > 10, "{named} positions renamed");
    let run = replay(&dir, "named.jsonl", &lines);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("every move legal"), "{}", run.stdout);
    let i = turn(&lines, 1);
    let p = lines[i]["position"]
        .as_str()
        .unwrap()
        .replace("tiger: tiger ", "tiger: goat ");
    lines[i]["position"] = p.into();
    let run = replay(&dir, "goat-tiger.jsonl", &lines);
    refused(
        &run,
        &[
            &format!("line {} (turn 1), `position`", i + 1),
            "never has a piece of this kind",
        ],
    );
}

/// A record not marked `"typed": true` is the seeded random game its
/// header names, in a game with a cube as in any other: a game played by
/// hand, its mark taken off, is refused at the first turn the seed does
/// not give.
#[test]
fn a_record_not_marked_typed_is_checked_against_its_seed_in_a_game_with_stakes() {
    let dir = temp_dir("records", "untyped_stakes");
    let file = dir.join("nmm-cube.game");
    let base = root().join("games/nine-mens-morris.game");
    std::fs::write(
        &file,
        format!(
            "variant \"nmm cube\" of \"{}\"\nstakes {{\n  cube\n}}\n",
            base.display()
        ),
    )
    .unwrap();
    let run = ludus_in(
        &dir,
        &["play", "nmm-cube.game", "--seed", "3"],
        Input::Text("moves\n5\nmoves\n3\nmoves\n7\nsave p1.jsonl\nquit\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let typed = std::fs::read_to_string(dir.join("p1.jsonl")).unwrap();
    assert!(typed.contains(",\"typed\":true"), "{typed}");
    let lines: Vec<Value> = typed
        .replace(",\"typed\":true", "")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let run = replay(&dir, "p5.jsonl", &lines);
    refused(
        &run,
        &[
            "line 2 (turn 1), `played`",
            "with seed 3 the random agent plays",
        ],
    );
    // A header marked typed is checked against the rules instead.
    let run = ludus_in(&dir, &["replay", "--quiet", "p1.jsonl"], Input::Nothing);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// A double in a record is judged as `play` judges it
/// (`Stakes::why_no_double`): the winner of backgammon's opening throw
/// plays its dice, so he may not double before his first turn; and nobody
/// may double once the game is over. Records that say so are refused.
#[test]
fn a_double_play_refuses_is_refused_in_a_record() {
    let dir = temp_dir("records", "double_refused");
    let mut lines = record(&dir, "games/backgammon.game", 1);
    lines[0]["typed"] = Value::Bool(true);
    lines[0]["stakes"] = Value::from("cube: 1");
    let cube = |action: &str, player: &str| serde_json::json!({"type": "cube", "action": action, "player": player, "value": 2});
    let first = lines[1]["position"].as_str().unwrap().to_string();
    let starter = if first.contains("turn: white") {
        ["white", "black"]
    } else {
        ["black", "white"]
    };
    let mut early = lines.clone();
    early.insert(1, cube("take", starter[1]));
    early.insert(1, cube("double", starter[0]));
    let run = replay(&dir, "early.jsonl", &early);
    refused(
        &run,
        &[&format!(
            "line 2 (double): {} may not double: a player doubles before his turn, not during it",
            starter[0]
        )],
    );
    // After the last turn: the player to move in the final position.
    let end = lines.last().unwrap()["position"]
        .as_str()
        .unwrap()
        .to_string();
    let mover = if end.contains("turn: white") {
        ["white", "black"]
    } else {
        ["black", "white"]
    };
    let at = lines.len() - 1;
    let mut late = lines.clone();
    late.insert(at, cube("take", mover[1]));
    late.insert(at, cube("double", mover[0]));
    let run = replay(&dir, "late.jsonl", &late);
    refused(
        &run,
        &[&format!("{} may not double: the game is over", mover[0])],
    );
    // The record as it was, marked typed, replays.
    let run = replay(&dir, "typed.jsonl", &lines);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// Records written before positions were numbered as the moves are (their
/// header has no `positions`) name the board's sites, and still replay and
/// load: a game typed in `ludus play` (backgammon, unfinished) and a seeded
/// one with pinned men (Plakoto), both made by the binary of that time.
#[test]
fn records_naming_sites_still_replay_and_load() {
    for name in ["backgammon-site-positions", "plakoto-site-positions"] {
        let path = root().join(format!("tests/data/{name}.jsonl"));
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains("\"positions\""), "{name}: an older record");
        let run = ludus(&["replay", "--quiet", path.to_str().unwrap()]);
        assert_eq!(run.code, 0, "{name}: {}", run.stderr);
        assert!(run.stdout.contains("every move legal"), "{}", run.stdout);
    }
    // `load` continues the game where it ends, writing positions and
    // records as today's notation numbers the men.
    let dir = temp_dir("records", "site_positions_load");
    let old = root().join("tests/data/backgammon-site-positions.jsonl");
    let input = format!("load {}\nposition\nsave again.jsonl\nquit\n", old.display());
    let run = ludus_in(&dir, &["play", "backgammon"], Input::Text(&input));
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("white: 23 18 13*3 11 9 8*3 6*5; black: 24*2 13*3 11 8*4 6*5; turn: black"),
        "{}",
        run.stdout
    );
    let saved = std::fs::read_to_string(dir.join("again.jsonl")).unwrap();
    let lines: Vec<Value> = saved
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["positions"], "tracks");
    assert_eq!(
        lines[1]["position"],
        "white: 24*2 13*5 8*3 6*5; black: 24*2 13*5 8*3 6*5; turn: white; dice: 6-2; idle: 0"
    );
    let run = ludus(&[
        "replay",
        "--quiet",
        dir.join("again.jsonl").to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

/// A record of a dice game says `"positions": "tracks"` in its header and
/// numbers each man as his moves do; a record of a game without dice has
/// no such field. Both replay.
#[test]
fn new_records_say_how_their_positions_are_numbered() {
    let dir = temp_dir("records", "positions_marker");
    let lines = record(&dir, "games/plakoto.game", 3);
    assert_eq!(lines[0]["positions"], "tracks");
    assert!(
        lines[1]["position"]
            .as_str()
            .unwrap()
            .starts_with("white: 0*15; black: 0*15;"),
        "{}",
        lines[1]
    );
    assert!(replay(&dir, "plakoto.jsonl", &lines).code == 0);
    let lines = record(&dir, "games/alquerque.game", 3);
    assert!(lines[0].get("positions").is_none(), "{}", lines[0]);
    assert!(replay(&dir, "alquerque.jsonl", &lines).code == 0);
}

/// A record whose positions are numbered in a way this version does not
/// know is refused, naming the field; an older record whose position does
/// not read as the board's sites is refused, naming its line.
#[test]
fn records_with_unknown_or_unreadable_positions_are_refused() {
    let dir = temp_dir("records", "positions_refused");
    let mut lines = record(&dir, "games/plakoto.game", 3);
    lines[0]["positions"] = Value::from("counted");
    let run = replay(&dir, "unknown.jsonl", &lines);
    refused(&run, &["line 1: `positions`: `counted` is not a numbering"]);
    // Without the marker, the track's `0` is no site of the board.
    lines[0].as_object_mut().unwrap().remove("positions");
    let run = replay(&dir, "older.jsonl", &lines);
    refused(
        &run,
        &[
            "line 2, `position`",
            "a record whose header has no `positions` names the board's sites",
        ],
    );
}
