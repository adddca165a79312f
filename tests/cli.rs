//! The command line, through the built binary.

use std::path::{Path, PathBuf};
use std::process::Command;

/// What a run of the binary printed, and how it exited.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `ludus ARGS` from the crate root, so `games/...` paths work.
fn ludus(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let run = Run {
        code: out.status.code().expect("killed by a signal"),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    };
    assert!(
        !run.stderr.contains("panicked"),
        "ludus {args:?} panicked:\n{}",
        run.stderr
    );
    run
}

/// A fresh directory for one test's files.
fn temp_dir(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cli")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn game_files() -> Vec<String> {
    let mut files: Vec<String> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("games"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
            .filter(|n| n.ends_with(".game"))
            .map(|n| format!("games/{n}"))
            .collect();
    files.sort();
    files
}

#[test]
fn validate_every_game_file_is_ok() {
    let files = game_files();
    let args: Vec<&str> = std::iter::once("validate")
        .chain(files.iter().map(String::as_str))
        .collect();
    let run = ludus(&args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let expected: Vec<String> = files.iter().map(|f| format!("{f}: ok")).collect();
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), expected);
}

#[test]
fn validate_invalid_file_reports_file_line_col() {
    let dir = temp_dir("invalid");
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("games/alquerque.game"))
            .unwrap();
    let line = text.lines().position(|l| l.contains("white man:")).unwrap() + 1;
    let bad = text.replace("d3, e3", "d3, z9");
    let path = dir.join("bad.game");
    std::fs::write(&path, bad).unwrap();
    let run = ludus(&["validate", path.to_str().unwrap()]);
    assert_eq!(run.code, 1);
    let column = text.lines().nth(line - 1).unwrap().find("e3").unwrap() + 1;
    let location = format!("{}:{line}:{column}", path.display());
    assert!(
        run.stderr.contains(&location),
        "no `{location}` in:\n{}",
        run.stderr
    );
    assert!(run.stderr.contains("z9"), "{}", run.stderr);
}

#[test]
fn moves_lists_the_four_opening_steps() {
    let run = ludus(&["moves", "games/alquerque.game"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut moves: Vec<&str> = run.stdout.lines().collect();
    moves.sort();
    assert_eq!(moves, ["b2-c3", "c2-c3", "d2-c3", "d3-c3"]);
}

#[test]
fn moves_json_has_position_side_and_moves() {
    let run = ludus(&["moves", "--json", "games/alquerque.game"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(value["to_move"], "white");
    let position = value["position"].as_str().unwrap();
    assert!(
        position.starts_with("white: a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 d3 e3; black:"),
        "{position}"
    );
    let moves = value["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
}

#[test]
fn moves_from_a_given_position() {
    let run = ludus(&[
        "moves",
        "--position",
        "white: a1; black: b2 e5",
        "games/alquerque-compulsory.game",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "a1xc3\n");
}

#[test]
fn moves_verquere_opening_5_3_prints_the_two_turns() {
    // RULES.md case 1: one man on 9, or one man on each of 4 and 6.
    let run = ludus(&["moves", "games/verquere.game", "--dice", "5-3"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "1/4 1/6\n1/4 4/9\n");
    // The order of the dice does not matter.
    let run = ludus(&["moves", "games/verquere.game", "--dice", "3-5"]);
    assert_eq!(run.stdout, "1/4 1/6\n1/4 4/9\n");
}

#[test]
fn moves_verquere_bad_dice_fail_clearly() {
    for (dice, says) in [
        ("7-1", "`7` is not a face of a die (1 to 6)"),
        ("0-3", "`0` is not a face of a die (1 to 6)"),
        ("5", "the game throws 2 dice"),
        ("5-3-1", "the game throws 2 dice"),
        ("x-1", "`x` is not a face of a die"),
    ] {
        let run = ludus(&["moves", "games/verquere.game", "--dice", dice]);
        assert_eq!(run.code, 1, "{dice}");
        assert!(run.stderr.contains("bad dice"), "{dice}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{dice}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{dice}: {}", run.stdout);
    }
}

#[test]
fn moves_verquere_without_dice_asks_for_them() {
    let run = ludus(&["moves", "games/verquere.game"]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("--dice 5-3"), "{}", run.stderr);
    // The roll may come with the position instead.
    let run = ludus(&[
        "moves",
        "--position",
        "white: 23 24*2 off*12; black: 13*15; dice: 2-1",
        "games/verquere.game",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "23/off 24/off\n");
}

#[test]
fn moves_with_a_bad_position_fails_clearly() {
    for (position, says) in [
        ("white: a1; black: q9", "`q9` is not a site"),
        ("nonsense", "should be `NAME: VALUE`"),
        ("white: a1 a1", "two pieces on a1"),
    ] {
        let run = ludus(&["moves", "--position", position, "games/alquerque.game"]);
        assert_eq!(run.code, 1, "{position}");
        assert!(
            run.stderr.contains("bad position"),
            "{position}: {}",
            run.stderr
        );
        assert!(run.stderr.contains(says), "{position}: {}", run.stderr);
        assert!(run.stdout.is_empty());
    }
}

/// Records seed 3 of `alquerque` in `dir`; returns the record's lines.
fn record(dir: &Path) -> Vec<String> {
    record_game(dir, "games/alquerque.game", 3)
}

/// Records one seeded game of `game` in `dir`; returns the record's lines.
fn record_game(dir: &Path, game: &str, seed: u64) -> Vec<String> {
    let path = dir.join("game.jsonl");
    let seed = seed.to_string();
    let run = ludus(&[
        "playout",
        "--seed",
        &seed,
        "--record",
        path.to_str().unwrap(),
        game,
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains(&format!("(seed {seed})")),
        "{}",
        run.stdout
    );
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// Writes `lines` as a record and replays it quietly.
fn replay(dir: &Path, name: &str, lines: &[String]) -> Run {
    let path = dir.join(name);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    ludus(&["replay", "--quiet", path.to_str().unwrap()])
}

/// The record with `played` of turn `ply` replaced.
fn tamper(
    lines: &[String],
    ply: u64,
    played: impl Fn(&serde_json::Value) -> String,
) -> Vec<String> {
    lines
        .iter()
        .map(|line| {
            let mut value: serde_json::Value = serde_json::from_str(line).unwrap();
            if value["type"] == "turn" && value["ply"] == ply {
                value["played"] = played(&value).into();
            }
            value.to_string()
        })
        .collect()
}

#[test]
fn playout_record_replays_with_every_move_legal() {
    let dir = temp_dir("replay");
    let lines = record(&dir);
    let run = replay(&dir, "same.jsonl", &lines);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("every move legal"), "{}", run.stdout);
}

#[test]
fn verquere_playout_record_replays_with_every_move_legal() {
    let dir = temp_dir("verquere-replay");
    for game in [
        "games/verquere.game",
        "games/verquere-five.game",
        "games/verquere-cotton.game",
    ] {
        let lines = record_game(&dir, game, 7);
        // Every turn records its roll with the position.
        let turn: serde_json::Value = serde_json::from_str(&lines[1]).unwrap();
        assert!(
            turn["position"].as_str().unwrap().contains("; dice: "),
            "{turn}"
        );
        let run = replay(&dir, "same.jsonl", &lines);
        assert_eq!(run.code, 0, "{game}: {}", run.stderr);
        assert!(run.stdout.contains("every move legal"), "{}", run.stdout);
    }
}

#[test]
fn verquere_tampered_roll_is_caught() {
    let dir = temp_dir("verquere-tampered");
    let lines = record_game(&dir, "games/verquere.game", 7);
    // Another roll for turn 1 changes its legal turns.
    let tampered: Vec<String> = lines
        .iter()
        .map(|line| {
            let mut value: serde_json::Value = serde_json::from_str(line).unwrap();
            if value["type"] == "turn" && value["ply"] == 1 {
                let position = value["position"].as_str().unwrap();
                let (before, _) = position.split_once("dice: ").unwrap();
                let roll = if position.contains("dice: 6-6") {
                    "1-1"
                } else {
                    "6-6"
                };
                value["position"] = format!("{before}dice: {roll}; idle: 0").into();
            }
            value.to_string()
        })
        .collect();
    let run = replay(&dir, "tampered.jsonl", &tampered);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("turn 1"), "{}", run.stderr);
}

#[test]
fn tampered_record_names_the_turn() {
    let dir = temp_dir("tampered");
    let lines = record(&dir);
    // An illegal move is caught on its own turn.
    let run = replay(
        &dir,
        "illegal.jsonl",
        &tamper(&lines, 5, |_| "a1-a5".into()),
    );
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("turn 5"), "{}", run.stderr);
    // Another legal move is caught on its own turn: the seed chose the move.
    let other = |turn: &serde_json::Value| {
        let played = turn["played"].as_str().unwrap();
        let legal = turn["legal"].as_array().unwrap();
        legal
            .iter()
            .map(|m| m.as_str().unwrap())
            .find(|m| *m != played)
            .unwrap()
            .to_string()
    };
    let run = replay(&dir, "other.jsonl", &tamper(&lines, 5, other));
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("line 6 (turn 5), `played`"),
        "{}",
        run.stderr
    );
}

#[test]
fn bench_prints_playouts_per_second() {
    let run = ludus(&["bench", "--seconds", "0.2", "games/alquerque.game"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("playouts/s"), "{}", run.stdout);
}

#[test]
fn missing_file_fails_with_a_message() {
    for command in ["validate", "moves", "show"] {
        let run = ludus(&[command, "games/no-such.game"]);
        assert_eq!(run.code, 1, "{command}");
        assert!(
            run.stderr.contains("cannot read games/no-such.game"),
            "{command}: {}",
            run.stderr
        );
    }
    let run = ludus(&["replay", "no-such.jsonl"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("cannot read no-such.jsonl"),
        "{}",
        run.stderr
    );
}
