//! The command line, through the built binary.

use crate::common;

use common::{Input, Run, game_files, ludus, ludus_in, record_game, root, temp_dir};
use std::path::Path;

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
    let dir = temp_dir("cli", "invalid");
    let text = std::fs::read_to_string(root().join("games/alquerque.game")).unwrap();
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
        "white: 23 24*2 off*12; black: 1*15; dice: 2-1",
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
    let dir = temp_dir("cli", "replay");
    let lines = record(&dir);
    let run = replay(&dir, "same.jsonl", &lines);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("every move legal"), "{}", run.stdout);
}

#[test]
fn verquere_playout_record_replays_with_every_move_legal() {
    let dir = temp_dir("cli", "verquere-replay");
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
    let dir = temp_dir("cli", "verquere-tampered");
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
    let dir = temp_dir("cli", "tampered");
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

// ---------------------------------------------------------------- limits on input

/// The text of a bundled game.
fn bundled(name: &str) -> String {
    std::fs::read_to_string(root().join("games").join(name)).unwrap()
}

#[test]
fn reading_refuses_what_is_not_a_regular_file() {
    let dir = temp_dir("cli", "not-a-file");
    let dir_text = dir.to_str().unwrap();
    // A directory, as a game and as a record, is named with its path.
    for args in [vec!["validate", dir_text], vec!["replay", dir_text]] {
        let run = ludus(&args);
        assert_eq!(run.code, 1, "{args:?}");
        assert!(
            run.stderr
                .contains(&format!("cannot read {dir_text}: it is a directory")),
            "{args:?}: {}",
            run.stderr
        );
    }
    if cfg!(unix) {
        let run = ludus(&["validate", "/dev/zero"]);
        assert_eq!(run.code, 1);
        assert!(
            run.stderr
                .contains("cannot read /dev/zero: it is not a regular file"),
            "{}",
            run.stderr
        );
        // A base that is a device, and standard input from a pipe.
        for base in ["/dev/zero", "/dev/stdin"] {
            let path = dir.join("variant.game");
            std::fs::write(&path, format!("variant \"v\" of \"{base}\"\n")).unwrap();
            let run = ludus_in(
                root(),
                &["validate", path.to_str().unwrap()],
                Input::Text(""),
            );
            assert_eq!(run.code, 1, "{base}");
            assert!(
                run.stderr.contains(&format!(
                    "cannot read the base file {base}: it is not a regular file"
                )),
                "{base}: {}",
                run.stderr
            );
        }
        // A record whose header names a device.
        let record = dir.join("zero.jsonl");
        std::fs::write(
            &record,
            concat!(
                r#"{"type":"header","game":"/dev/zero","sha256":"0","variant":"x","seed":0}"#,
                "\n",
                r#"{"type":"result","result":"draw","winner":null,"plies":0,"position":""}"#,
            ),
        )
        .unwrap();
        let run = ludus(&["replay", record.to_str().unwrap()]);
        assert_eq!(run.code, 1);
        assert!(
            run.stderr.contains("/dev/zero") && run.stderr.contains("not a regular file"),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn reading_refuses_game_files_over_the_size_limit() {
    let dir = temp_dir("cli", "too-large");
    let limit = ludus::load::MAX_GAME_BYTES as usize;
    let text = bundled("alquerque.game");
    let path = dir.join("large.game");
    // At the limit the file is read; one byte more and it is refused.
    let padded = format!("{text}//{}\n", "x".repeat(limit - text.len() - 3));
    assert_eq!(padded.len(), limit);
    std::fs::write(&path, &padded).unwrap();
    let run = ludus(&["validate", path.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    std::fs::write(&path, format!("{padded} ")).unwrap();
    let run = ludus(&["validate", path.to_str().unwrap()]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains(&format!("it is larger than {limit} bytes")),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("large.game"), "{}", run.stderr);
}

#[cfg(unix)]
#[test]
fn a_missing_base_read_through_stdin_is_not_a_cycle() {
    // Standard input redirected from a file is a regular file: read it, and
    // find its base beside `/dev/stdin`, where there is none.
    let dir = temp_dir("cli", "stdin-base");
    let path = dir.join("variant.game");
    std::fs::write(&path, "variant \"v\" of \"no-such-base.game\"\n").unwrap();
    let file = std::fs::File::open(&path).unwrap();
    let run = ludus_in(root(), &["validate", "/dev/stdin"], Input::File(file));
    assert_eq!(run.code, 1);
    assert!(!run.stderr.contains("builds on itself"), "{}", run.stderr);
    assert!(
        run.stderr.contains("cannot read the base file") && run.stderr.contains("no-such-base"),
        "{}",
        run.stderr
    );
}

/// Writes `v0.game` (Alquerque) and `v1` to `vN`, each a variant of the one before.
fn variant_chain(dir: &Path, n: usize) {
    std::fs::write(dir.join("v0.game"), bundled("alquerque.game")).unwrap();
    for i in 1..=n {
        std::fs::write(
            dir.join(format!("v{i}.game")),
            format!("variant \"v{i}\" of \"v{}.game\"\n", i - 1),
        )
        .unwrap();
    }
}

#[test]
fn variant_chains_are_capped_in_depth() {
    let dir = temp_dir("cli", "variant-chain");
    let limit = ludus::load::MAX_VARIANT_DEPTH;
    variant_chain(&dir, 3000);
    // A file and `limit` bases load; one base more is refused at the base
    // that would be one too many.
    let at_limit = dir.join(format!("v{limit}.game"));
    let run = ludus(&["validate", at_limit.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let over = dir.join(format!("v{}.game", limit + 1));
    let run = ludus(&["validate", over.to_str().unwrap()]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains(&format!("variants build on at most {limit} files")),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("v1.game:1:"), "{}", run.stderr);
    // The deepest chain fails as fast: only the first files are read.
    let began = std::time::Instant::now();
    let deepest = dir.join("v3000.game");
    let run = ludus(&["validate", deepest.to_str().unwrap()]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("at most"), "{}", run.stderr);
    assert!(
        began.elapsed() < std::time::Duration::from_secs(10),
        "{:?}",
        began.elapsed()
    );
}

#[test]
fn deep_nesting_is_refused_with_its_limit() {
    let dir = temp_dir("cli", "nesting");
    let limit = ludus::syntax::MAX_NESTING;
    std::fs::write(dir.join("verquere.game"), bundled("verquere.game")).unwrap();
    let end = |cond: String| {
        format!("variant \"deep\" of \"verquere.game\"\nend {{\n  deep: {cond} => win\n}}\n")
    };
    for (name, open, depth, ok) in [
        ("parens-10000.game", "(", 10_000, false),
        ("not-5000.game", "not (", 5_000, false),
        ("parens-at-limit.game", "(", limit, true),
        ("not-at-limit.game", "not (", limit, true),
    ] {
        let path = dir.join(name);
        let cond = format!(
            "{}own men in bar > 0{}",
            open.repeat(depth),
            ")".repeat(depth)
        );
        std::fs::write(&path, end(cond)).unwrap();
        let run = ludus(&["validate", path.to_str().unwrap()]);
        if ok {
            assert_eq!(run.code, 0, "{name}: {}", run.stderr);
        } else {
            assert_eq!(run.code, 1, "{name}");
            assert!(
                run.stderr
                    .contains(&format!("parentheses nest more than {limit} deep")),
                "{name}: {}",
                run.stderr
            );
        }
    }
}

#[test]
fn diagnostics_of_many_mistakes_stay_small() {
    let dir = temp_dir("cli", "many-mistakes");
    let alquerque = bundled("alquerque.game");
    std::fs::write(dir.join("alquerque.game"), &alquerque).unwrap();
    let marks = format!(
        "variant \"m\" of \"alquerque.game\"\npiece man {{ marks {}}}\n",
        "ab ".repeat(16_000)
    );
    let regions = alquerque.replacen(
        "  forward n\n",
        &format!("  forward n\n  region r: {}\n", vec!["z9"; 2000].join(", ")),
        1,
    );
    for (name, text, first, count) in [
        ("marks.game", marks, "marks.game:2:19", 16_001),
        ("region.game", regions, "region.game:19:13", 2000),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let run = ludus(&["validate", path.to_str().unwrap()]);
        assert_eq!(run.code, 1, "{name}");
        // The first mistakes are shown, the rest counted.
        assert!(run.stderr.contains(first), "{name}: {}", run.stderr);
        assert!(
            run.stderr.contains(&format!("{count} problems")),
            "{name}: {}",
            run.stderr
        );
        assert!(
            run.stderr.contains("more problems in this item"),
            "{name}: {}",
            run.stderr
        );
        assert!(
            run.stderr.len() < 4000,
            "{name}: {} bytes",
            run.stderr.len()
        );
        // Long source lines are clipped around the caret.
        for line in run.stderr.lines() {
            assert!(line.chars().count() < 200, "{name}: {line}");
        }
    }
}

#[test]
fn diagnostics_are_capped_in_all() {
    let dir = temp_dir("cli", "many-items");
    let regions: String = (0..30)
        .map(|i| format!("  region r{i}: z9, z8, z7\n"))
        .collect();
    let text =
        bundled("alquerque.game").replacen("  forward n\n", &format!("  forward n\n{regions}"), 1);
    let path = dir.join("many.game");
    std::fs::write(&path, text).unwrap();
    let run = ludus(&["validate", path.to_str().unwrap()]);
    assert_eq!(run.code, 1);
    let limit = ludus::diag::MAX_SHOWN;
    assert_eq!(
        run.stderr.matches("error: ").count(),
        limit,
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains(&format!(
            "... and {} more problems (only the first {limit} are shown)",
            90 - limit
        )),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("90 problems"), "{}", run.stderr);
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let dir = temp_dir("cli", "bom");
    let path = dir.join("bom.game");
    std::fs::write(&path, format!("\u{feff}{}", bundled("alquerque.game"))).unwrap();
    let run = ludus(&["validate", path.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn bench_refuses_bad_seconds() {
    for seconds in ["2e19", "1e300", "nan", "inf", "-1", "0", "86401", "soon"] {
        let run = ludus(&["bench", "games/alquerque.game", "--seconds", seconds]);
        assert_eq!(run.code, 2, "{seconds}: {}", run.stderr);
        assert!(
            run.stderr.contains("--seconds"),
            "{seconds}: {}",
            run.stderr
        );
        assert!(run.stdout.is_empty(), "{seconds}");
    }
    // The shortest run still plays a batch and prints finite numbers.
    let run = ludus(&["bench", "games/alquerque.game", "--seconds", "1e-300"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stdout.contains("NaN"), "{}", run.stdout);
    assert!(!run.stdout.contains("inf"), "{}", run.stdout);
    assert!(!run.stdout.contains(": 0 playouts"), "{}", run.stdout);
}

#[test]
fn simulate_refuses_zero_or_too_many_games() {
    for games in ["0", "1000000001", "-3", "1e3"] {
        let run = ludus(&["simulate", "games/alquerque.game", "--games", games]);
        assert_eq!(run.code, 2, "{games}: {}", run.stderr);
        assert!(run.stderr.contains("--games"), "{games}: {}", run.stderr);
    }
}

/// The `KEY COUNT` lines of a run's output, as pairs.
fn counted_lines(stdout: &str) -> Vec<(String, u64)> {
    stdout
        .lines()
        .map(|l| {
            let (key, count) = l.rsplit_once(' ').unwrap_or_else(|| panic!("`{l}`"));
            (
                key.to_string(),
                count.parse().unwrap_or_else(|_| panic!("`{l}`")),
            )
        })
        .collect()
}

#[test]
fn perft_reproduces_the_published_alquerque_compulsory_counts() {
    // RULES.md case 9, as Regular Games count them (tests/data/alquerque-compulsory.perft).
    let run = ludus(&["perft", "games/alquerque-compulsory.game", "--depth", "9"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let expected = [4, 5, 6, 12, 29, 109, 541, 2730, 14375];
    let expected: Vec<(String, u64)> = (1..)
        .zip(expected)
        .map(|(d, n)| (format!("{d}"), n))
        .collect();
    assert_eq!(counted_lines(&run.stdout), expected);
}

#[test]
fn perft_divide_lists_the_first_moves_in_move_order_and_sums_to_the_total() {
    let game = "games/alquerque.game";
    let run = ludus(&["perft", game, "--depth", "5", "--divide"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut lines = counted_lines(&run.stdout);
    let (last, total) = lines.pop().unwrap();
    assert_eq!(last, "total");
    let sum: u64 = lines.iter().map(|(_, n)| n).sum();
    assert_eq!(sum, total);
    let plain = counted_lines(&ludus(&["perft", game, "--depth", "5"]).stdout);
    assert_eq!(plain.last().unwrap(), &("5".to_string(), total));
    let firsts: Vec<String> = lines.into_iter().map(|(m, _)| m).collect();
    let moves = ludus(&["moves", game]).stdout;
    assert_eq!(firsts, moves.lines().collect::<Vec<_>>());
}

#[test]
fn perft_json_parses_with_and_without_divide() {
    let game = "games/alquerque-compulsory.game";
    let run = ludus(&["perft", game, "--depth", "3", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        value,
        serde_json::json!({"depths": [
            {"depth": 1, "count": 4}, {"depth": 2, "count": 5}, {"depth": 3, "count": 6}
        ]})
    );
    let run = ludus(&["perft", game, "--depth", "6", "--divide", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(value["depths"][5]["count"], 109);
    let split = value["divide"].as_array().unwrap();
    assert_eq!(split.len(), 4);
    let sum: u64 = split.iter().map(|m| m["count"].as_u64().unwrap()).sum();
    assert_eq!(sum, 109);
    assert!(split.iter().all(|m| m["move"].is_string()), "{split:?}");
}

#[test]
fn perft_from_a_position_and_past_the_end_of_the_game() {
    let game = "games/alquerque-compulsory.game";
    let run = ludus(&[
        "perft",
        game,
        "--position",
        "white: a1; black: b2 e5",
        "--depth",
        "2",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.lines().next(), Some("1 1"), "{}", run.stdout);
    // No move is counted where the game is over (40 turns without a capture).
    let over = "white: a1; black: e5; quiet: 100";
    let run = ludus(&[
        "perft",
        game,
        "--position",
        over,
        "--depth",
        "3",
        "--divide",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "total 0\n");
    let run = ludus(&["perft", game, "--position", "nonsense", "--depth", "2"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("bad position"), "{}", run.stderr);
}

#[test]
fn perft_refuses_bad_depths() {
    for depth in ["0", "65", "-1", "x", "1e3"] {
        let run = ludus(&["perft", "games/alquerque.game", "--depth", depth]);
        assert_eq!(run.code, 2, "{depth}: {}", run.stderr);
        assert!(run.stderr.contains("--depth"), "{depth}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{depth}");
    }
    let run = ludus(&["perft", "games/alquerque.game", "--depth", "65"]);
    assert!(run.stderr.contains("1..=64"), "{}", run.stderr);
    let run = ludus(&["perft", "games/alquerque.game"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
}

#[test]
fn perft_of_a_dice_game_counts_one_given_roll_only() {
    let game = "games/verquere.game";
    // No roll: the later turns depend on dice nobody has thrown.
    let run = ludus(&["perft", game, "--depth", "1"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("--dice"), "{}", run.stderr);
    let run = ludus(&["perft", game, "--depth", "2", "--dice", "5-3"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(run.stderr.contains("depth 1"), "{}", run.stderr);
    // RULES.md case 1: the two turns of 5-3 from the start.
    let run = ludus(&["perft", game, "--depth", "1", "--dice", "5-3", "--divide"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let moves = ludus(&["moves", game, "--dice", "5-3"]).stdout;
    let expected: String = moves.lines().map(|m| format!("{m} 1\n")).collect();
    assert_eq!(run.stdout, format!("{expected}total 2\n"));
    let run = ludus(&["perft", game, "--depth", "1", "--dice", "9-9"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("bad dice"), "{}", run.stderr);
    let run = ludus(&[
        "perft",
        "games/alquerque.game",
        "--depth",
        "1",
        "--dice",
        "5-3",
    ]);
    assert_eq!(run.code, 1, "{}", run.stderr);
}

#[test]
fn output_closed_by_its_reader_ends_the_command_quietly() {
    // `ludus ... | head`: the reader closes the pipe, typically before
    // ludus has written anything; every later write fails with a broken pipe.
    for args in [
        &["show", "games/verquere.game"][..],
        &["moves", "games/alquerque.game"],
        &["perft", "games/alquerque.game", "--depth", "3", "--divide"],
        &["simulate", "games/alquerque.game", "--games", "3"],
        &["list"],
        &["list", "--json"],
    ] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ludus"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "ludus {args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "ludus {args:?}: {stderr}");
    }
}

#[test]
fn validate_counts_its_problems_in_words() {
    let one = ludus(&["validate", "tests/invalid/advance-without-dice.game"]);
    assert_eq!(one.code, 1);
    assert!(one.stderr.contains(": 1 problem\n"), "{}", one.stderr);
    let three = ludus(&["validate", "tests/invalid/three-sections-with-typos.game"]);
    assert_eq!(three.code, 1);
    assert!(three.stderr.contains(": 3 problems\n"), "{}", three.stderr);
}

/// `moves --json` says, per move, whether it ends the game and how
/// (`ends`, `outcomes`, in the order of `moves`).
#[test]
fn moves_json_says_which_moves_end_the_game() {
    let run = ludus(&["moves", "--json", "games/alquerque.game"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(value["ends"], serde_json::json!(vec![false; 4]));
    assert_eq!(value["outcomes"], serde_json::json!(vec!["unfinished"; 4]));
    // Black takes White's last man; or, elsewhere on the board, does not.
    let run = ludus(&[
        "moves",
        "--json",
        "games/english-draughts.game",
        "--position",
        "B:W18,32:B14",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(value["moves"], serde_json::json!(["14x23"]));
    assert_eq!(value["ends"], serde_json::json!([false]));
    let run = ludus(&[
        "moves",
        "--json",
        "games/english-draughts.game",
        "--position",
        "B:W18:B14",
    ]);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(value["ends"], serde_json::json!([true]));
    assert_eq!(value["outcomes"], serde_json::json!(["black wins"]));
    assert_eq!(value["outcome"], "unfinished");
}

/// `moves --batch` limits a line without its ending (issue 26: a line of
/// exactly 4096 bytes was refused when a newline followed it), and reads
/// positions exactly as `--position` does, FEN included.
#[test]
fn moves_batch_limits_the_line_without_its_ending_and_reads_fen() {
    let batch =
        |input: &str, game: &str| ludus_in(root(), &["moves", game, "--batch"], Input::Text(input));
    let position = "white: 1*15; black: 1*15; dice: 5-3";
    let padded = |n: usize| format!("{position}{}", " ".repeat(n - position.len()));
    for ending in ["\n", "\r\n", ""] {
        let run = batch(&format!("{}{ending}", padded(4096)), "games/verquere.game");
        assert_eq!(run.code, 0, "{ending:?}: {}", run.stderr);
        assert_eq!(run.stdout.lines().count(), 1);
        let run = batch(&format!("{}{ending}", padded(4097)), "games/verquere.game");
        assert_eq!(run.code, 1, "{ending:?}");
        assert!(
            run.stdout.contains(
                r#"{"error":"the line is longer than 4096 bytes (MAX_BATCH_LINE)","line":1}"#
            ),
            "{}",
            run.stdout
        );
    }
    let fen = "B:W21,22,K30:B1,2,3";
    let run = batch(&format!("{fen}\n"), "games/english-draughts.game");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let single = ludus(&[
        "moves",
        "--json",
        "games/english-draughts.game",
        "--position",
        fen,
    ]);
    assert_eq!(single.code, 0, "{}", single.stderr);
    assert_eq!(run.stdout, single.stdout);
}

/// An output path that is an input (the same path, or a symbolic or hard
/// link to it) is refused with exit 2 before anything is written, by every
/// command with an output option (issue 26).
#[test]
fn an_output_that_is_an_input_is_refused() {
    let dir = temp_dir("cli", "output-is-input");
    let game = dir.join("g.game");
    std::fs::copy(root().join("games/alquerque.game"), &game).unwrap();
    let run = ludus_in(
        &dir,
        &["playout", "g.game", "--seed", "1", "--record", "r.jsonl"],
        Input::Nothing,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let record = std::fs::read_to_string(dir.join("r.jsonl")).unwrap();
    let game_text = std::fs::read_to_string(&game).unwrap();
    let mut names = vec!["r.jsonl"];
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("r.jsonl", dir.join("soft.jsonl")).unwrap();
        std::fs::hard_link(dir.join("r.jsonl"), dir.join("hard.jsonl")).unwrap();
        names.extend(["soft.jsonl", "hard.jsonl", "./sub/../r.jsonl"]);
        std::fs::create_dir(dir.join("sub")).unwrap();
    }
    for name in &names {
        let run = ludus_in(
            &dir,
            &["replay", "r.jsonl", "--quiet", "--html", name],
            Input::Nothing,
        );
        assert_eq!(run.code, 2, "{name}: {}", run.stderr);
        assert!(
            run.stderr.contains(&format!(
                "`--html {name}` would overwrite the input r.jsonl"
            )),
            "{}",
            run.stderr
        );
    }
    let spec = "[[run]]\ngame = \"g.game\"\nwhite = \"random\"\nblack = \"random\"\ngames = 2\n";
    std::fs::write(dir.join("e.toml"), spec).unwrap();
    std::fs::write(dir.join("e.jsonl"), spec).unwrap();
    let agents = ["--white", "random", "--black", "random", "--games", "1"];
    let mut cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["experiment", "e.toml", "--out", "e.toml"],
            "`--out e.toml` would overwrite the input e.toml",
        ),
        (
            vec!["experiment", "e.toml", "--out", "g.game"],
            "`--out g.game` would overwrite the input g.game",
        ),
        // Without `--out`, the lines go to the spec's name with `.jsonl`.
        (
            vec!["experiment", "e.jsonl"],
            "would overwrite the input e.jsonl",
        ),
        (
            vec!["playout", "g.game", "--seed", "1", "--record", "g.game"],
            "`--record g.game` would overwrite",
        ),
        (
            vec!["playout", "g.game", "--seed", "1", "--pdn", "g.game"],
            "`--pdn g.game` would overwrite",
        ),
        (
            vec![
                "playout", "g.game", "--seed", "1", "--record", "new.txt", "--pdn", "new.txt",
            ],
            "are the same file",
        ),
        (
            vec!["render", "g.game", "--svg", "g.game"],
            "`--svg g.game` would overwrite",
        ),
    ];
    let mut m = vec!["match", "g.game", "--out", "g.game"];
    m.extend(agents);
    cases.push((m, "`--out g.game` would overwrite the input g.game"));
    for (args, says) in cases {
        let run = ludus_in(&dir, &args, Input::Nothing);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("r.jsonl")).unwrap(),
        record
    );
    assert_eq!(std::fs::read_to_string(&game).unwrap(), game_text);
    assert_eq!(std::fs::read_to_string(dir.join("e.toml")).unwrap(), spec);
    assert!(!dir.join("new.txt").exists());
}

/// `replay --html` of a record of 100,000 turns (issue 42: a page of 386
/// MB, 1.5 GB of memory) draws at most `MAX_FRAMES` positions, the first
/// and last halves of them, and says which it leaves out.
#[test]
fn a_page_of_a_long_game_draws_a_bounded_number_of_positions() {
    let dir = temp_dir("cli", "long-page");
    let game = dir.join("blocked-forever.game");
    std::fs::copy(root().join("tests/data/blocked-forever.game"), &game).unwrap();
    let record = dir.join("long.jsonl");
    let run = ludus(&[
        "playout",
        game.to_str().unwrap(),
        "--seed",
        "1",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("after 100000 turns"), "{}", run.stdout);
    let page = dir.join("long.html");
    let run = ludus(&[
        "replay",
        record.to_str().unwrap(),
        "--quiet",
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.len() < 32 << 20, "{} bytes", html.len());
    // The pictures sit in the page's script, their `<` escaped.
    assert_eq!(html.matches("\\u003csvg").count(), 2_000);
    assert!(
        html.contains("positions 1001 to 99001 of 100001 are not drawn"),
        "the note"
    );
    assert!(html.contains("100000. "), "the last turn is drawn");
}

/// A `forbid` rule that forbids every move is warned of by `validate`
/// (issue 42: the game validated, and every game was 100,000 passes); the
/// game still validates, and the bundled games get no warning.
#[test]
fn a_forbid_that_forbids_every_move_is_warned_of() {
    let run = ludus(&["validate", "tests/data/forbid-every-move.game"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "warning: tests/data/forbid-every-move.game:6: `forbid everything: own men in off >= 0` forbids every move"
        ),
        "{}",
        run.stderr
    );
    let run = ludus(&[
        "validate",
        "games/backgammon.game",
        "games/fevga.game",
        "games/ur.game",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stderr.contains("warning"), "{}", run.stderr);
}

/// A playout without a record lists no turns' texts (issue 42: a game of
/// 255 men spent most of its time writing texts nobody asked for), and
/// ends as the recorded playout of the same seed does.
#[test]
fn a_playout_ends_the_same_with_and_without_its_record() {
    let dir = temp_dir("cli", "playout-record");
    for game in [
        "games/backgammon.game",
        "games/english-draughts.game",
        "games/nine-mens-morris.game",
    ] {
        let plain = ludus(&["playout", game, "--seed", "7", "--json"]);
        assert_eq!(plain.code, 0, "{}", plain.stderr);
        let record = dir.join("r.jsonl");
        let recorded = ludus(&[
            "playout",
            game,
            "--seed",
            "7",
            "--json",
            "--record",
            record.to_str().unwrap(),
        ]);
        assert_eq!(recorded.code, 0, "{}", recorded.stderr);
        assert_eq!(plain.stdout, recorded.stdout, "{game}");
    }
}

/// `ludus list` shows every bundled game by the name the commands take,
/// with its family (every bundled game's file or base names one), its
/// players and what it is a variant of; `--json` gives the same as data.
#[test]
fn list_shows_every_bundled_game_with_its_family() {
    let run = ludus(&["list"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let files = common::game_files();
    for file in &files {
        let name = file.trim_start_matches("games/").trim_end_matches(".game");
        assert!(
            run.stdout
                .lines()
                .any(|l| l.split_whitespace().next() == Some(name)),
            "{name} missing:\n{}",
            run.stdout
        );
    }
    assert!(
        run.stdout
            .contains(&format!("{} games: `ludus play NAME`", files.len())),
        "{}",
        run.stdout
    );
    let json = ludus(&["list", "--json"]);
    let rows: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), files.len());
    let row = |name: &str| rows.iter().find(|r| r["name"] == name).unwrap().clone();
    assert_eq!(row("backgammon")["family"], "tables");
    assert_eq!(row("backgammon")["dice"], true);
    assert_eq!(row("fetach")["family"], "alquerque");
    assert_eq!(row("fetach")["variant_of"], "alquerque-compulsory");
    assert_eq!(
        row("nine-mens-morris")["players"],
        serde_json::json!(["white", "black"])
    );
    assert!(
        rows.iter()
            .all(|r| r["family"].as_str().is_some_and(|f| f != "-")),
        "a bundled game without a family"
    );
}

/// A misspelt game name or file is answered with the nearest one: a
/// bundled game's name (`backgamon`), or a game file in the folder named
/// (`games/nine-mens-moris.game`); exit 1, as for any unreadable file.
#[test]
fn a_misspelt_game_is_answered_with_the_nearest_name() {
    let name = ludus(&["show", "backgamon"]);
    assert_eq!(name.code, 1);
    assert!(
        name.stderr.contains("did you mean `backgammon`?"),
        "{}",
        name.stderr
    );
    let file = ludus(&["show", "games/nine-mens-moris.game"]);
    assert_eq!(file.code, 1);
    assert!(
        file.stderr
            .contains("no such file; did you mean `games/nine-mens-morris.game`?"),
        "{}",
        file.stderr
    );
    let far = ludus(&["show", "games/zzz.game"]);
    assert_eq!(far.code, 1);
    assert!(!far.stderr.contains("did you mean"), "{}", far.stderr);
}

/// `validate` warns of a game over before its first turn, naming the
/// trap: `no pieces: loss` where every piece starts in the hand (`no
/// pieces` counts the board alone); the file is valid (exit 0), and no
/// bundled game is warned of.
#[test]
fn validate_warns_of_a_game_over_at_its_start() {
    let dir = temp_dir("cli", "over_at_start");
    let base = root().join("games/nine-mens-morris.game");
    let file = dir.join("trap.game");
    std::fs::write(
        &file,
        format!(
            "variant \"Morris, no pieces\" of \"{}\"\n\nend {{\n  no pieces: loss\n}}\n",
            base.display()
        ),
    )
    .unwrap();
    let run = ludus(&["validate", file.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("the game is over before its first turn (black wins at the start): `no pieces` counts the pieces on the board"),
        "{}",
        run.stderr
    );
    let bundled: Vec<String> = game_files();
    let mut args = vec!["validate"];
    args.extend(bundled.iter().map(String::as_str));
    let all = ludus(&args);
    assert_eq!(all.code, 0);
    assert!(!all.stderr.contains("over before"), "{}", all.stderr);
}

/// `completions SHELL` prints the shell's script, naming every command;
/// `man` prints the manual page in roff; an unknown shell is a bad command
/// line (exit 2).
#[test]
fn completions_and_the_manual_page_cover_every_command() {
    let bash = ludus(&["completions", "bash"]);
    assert_eq!(bash.code, 0, "{}", bash.stderr);
    let man = ludus(&["man"]);
    assert_eq!(man.code, 0, "{}", man.stderr);
    assert!(
        man.stdout.starts_with(".ie") || man.stdout.contains(".TH ludus 1"),
        "{}",
        man.stdout
    );
    for command in [
        "play",
        "match",
        "list",
        "validate",
        "serve",
        "replay",
        "completions",
    ] {
        assert!(bash.stdout.contains(command), "bash lacks {command}");
        assert!(man.stdout.contains(command), "man lacks {command}");
    }
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let run = ludus(&["completions", shell]);
        assert_eq!(run.code, 0, "{shell}: {}", run.stderr);
        assert!(run.stdout.contains("ludus"), "{shell}");
    }
    assert_eq!(ludus(&["completions", "tcsh"]).code, 2);
}

/// A game whose pieces never capture may leave out its `rules` section;
/// one whose pieces jump may not (`tests/invalid/missing-rules-of-capture.game`).
#[test]
fn a_game_without_captures_needs_no_rules_section() {
    let text = std::fs::read_to_string(common::root().join("tests/data/no-rules.game")).unwrap();
    assert!(!text.contains("rules {"));
    let run = ludus(&["validate", "tests/data/no-rules.game"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = ludus(&["playout", "tests/data/no-rules.game", "--seed", "1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains(" wins after "), "{}", run.stdout);
}
