//! The games built into the library (`ludus::bundled`) are the files of
//! `games/`, every one, and load by name exactly as from disk, variants
//! finding their bases among the bundled files.

use crate::common;

#[test]
fn every_game_file_is_bundled_and_loads_by_name_as_from_disk() {
    let mut on_disk: Vec<String> = std::fs::read_dir(common::root().join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .map(|p| p.file_stem().unwrap().to_str().unwrap().to_string())
        .collect();
    on_disk.sort();
    let bundled: Vec<&str> = ludus::bundled::names().collect();
    assert_eq!(bundled, on_disk);
    let mut variants = 0;
    for name in bundled {
        let path = common::root().join("games").join(format!("{name}.game"));
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(ludus::bundled::text(name), Some(text.as_str()));
        variants += usize::from(text.contains("\" of \""));
        let from_disk = ludus::load::load(&path).unwrap().game.unwrap();
        let by_name = ludus::bundled::load(name)
            .unwrap()
            .game
            .unwrap_or_else(|d| {
                panic!("{name}: {d:?}");
            });
        assert_eq!(
            serde_json::to_string(&by_name).unwrap(),
            serde_json::to_string(&from_disk).unwrap(),
            "{name}"
        );
    }
    assert!(
        variants >= 5,
        "the variants' bases are read from the bundle"
    );
}

#[test]
fn an_unknown_name_is_no_bundled_game() {
    assert!(ludus::bundled::load("no-such-game").is_none());
    assert!(ludus::bundled::text("backgammon.game").is_none());
}

#[test]
fn the_command_line_takes_a_bundled_games_name_where_no_file_is() {
    let dir = common::temp_dir("bundled", "names");
    let run = |args: &[&str]| common::ludus_in(&dir, args, common::Input::Nothing);
    let ok = run(&["validate", "backgammon", "alquerque-8"]);
    assert_eq!(ok.code, 0, "{}", ok.stderr);
    assert_eq!(ok.stdout, "backgammon: ok\nalquerque-8: ok\n");
    let played = run(&[
        "playout",
        "english-draughts",
        "--seed",
        "3",
        "--record",
        "r.jsonl",
    ]);
    assert_eq!(played.code, 0, "{}", played.stderr);
    let replayed = run(&["replay", "r.jsonl"]);
    assert_eq!(replayed.code, 0, "{}", replayed.stderr);
    assert!(
        replayed.stdout.contains("every move legal"),
        "{}",
        replayed.stdout
    );
    let missing = run(&["validate", "backgamon"]);
    assert_eq!(missing.code, 1);
    assert!(
        missing
            .stderr
            .contains("no such file, nor a bundled game of that name; did you mean `backgammon`? (bundled: acey-deucey,"),
        "{}",
        missing.stderr
    );
    // A file of that name is the file, not the bundled game.
    std::fs::write(dir.join("backgammon"), "game \"x\"\n").unwrap();
    assert_eq!(run(&["validate", "backgammon"]).code, 1);
}
