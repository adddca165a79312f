//! REPL sessions as scripted transcripts: each `transcripts/NAME.in` holds
//! the command line of `ludus play` on its first line (`args: ...`, game
//! files named from the crate root) and then the lines typed; the session
//! runs in a folder of its own, and its output, then `ludus replay
//! --quiet` of every record it saved (`*.jsonl`), is the snapshot
//! `snapshots/tests__transcripts__NAME.snap`: the expected output, reviewed.

use crate::common;

use common::{Input, ludus_in, root, temp_dir};

#[test]
fn transcripts() {
    insta::glob!("transcripts/*.in", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let (first, typed) = text.split_once('\n').unwrap();
        let args = first
            .strip_prefix("args: ")
            .expect("a transcript starts with `args: ...`");
        let name = path.file_stem().unwrap().to_str().unwrap();
        let dir = temp_dir("transcripts", name);
        let games = root().join("games");
        let args: Vec<String> = args
            .split_whitespace()
            .map(|a| match a.strip_prefix("games/") {
                Some(file) => games.join(file).display().to_string(),
                None => a.to_string(),
            })
            .collect();
        let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
        args.insert(0, "play");
        let run = ludus_in(&dir, &args, Input::Text(typed));
        let mut shown = format!("exit {}\n{}{}", run.code, run.stdout, run.stderr);
        let mut saved: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
            .collect();
        saved.sort();
        for record in saved {
            let file = record.file_name().unwrap().to_str().unwrap().to_string();
            let replay = ludus_in(&dir, &["replay", "--quiet", &file], Input::Nothing);
            shown.push_str(&format!(
                "--- ludus replay --quiet {file}: exit {}\n{}{}",
                replay.code, replay.stdout, replay.stderr
            ));
        }
        insta::assert_snapshot!(shown);
    });
}
