//! A newcomer's first ten minutes, through the binary, as the README and
//! the guide lead them: the README's two set-up commands, `ludus list`, a
//! game against the computer, a variant written as the guide writes it,
//! and a typo in it diagnosed at its line with the word meant.

use crate::common;

use common::{Input, ludus, ludus_in, root, temp_dir};

/// The code blocks of a Markdown text, in order, with their language.
fn blocks(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if let Some(language) = line.strip_prefix("```") {
            let body: Vec<&str> = lines
                .by_ref()
                .take_while(|l| !l.starts_with("```"))
                .collect();
            out.push((language.to_string(), body.join("\n")));
        }
    }
    out
}

#[test]
fn the_readme_s_two_commands_are_the_newcomer_s_set_up() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let commands: Vec<String> = blocks(&readme)
        .into_iter()
        .filter(|(language, _)| language == "sh")
        .map(|(_, body)| body)
        .collect();
    assert_eq!(
        commands[..2],
        [
            "cargo run --release -- play games/alquerque.game --black computer".to_string(),
            "cargo test".to_string()
        ],
        "the README's first two commands"
    );
    // CI runs the same test command.
    let ci = std::fs::read_to_string(root().join(".ci/run")).unwrap();
    assert!(ci.lines().any(|l| l.trim() == "cargo test"), "{ci}");
    // The first command's game and seat, a move and the computer's reply.
    let run = ludus_in(
        root(),
        &[
            "play",
            "games/alquerque.game",
            "--black",
            "computer",
            "--seed",
            "1",
        ],
        Input::Text("moves\n1\nquit\n"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("white plays ") && run.stdout.contains("black plays "),
        "{}",
        run.stdout
    );
}

#[test]
fn list_then_a_variant_from_the_guide_then_a_typo_at_its_line() {
    let list = ludus(&["list"]);
    assert_eq!(list.code, 0, "{}", list.stderr);
    for game in [
        "alquerque",
        "backgammon",
        "english-draughts",
        "nine-mens-morris",
        "ur",
    ] {
        assert!(
            list.stdout
                .lines()
                .any(|l| l.starts_with(&format!("{game} "))),
            "{game}:\n{}",
            list.stdout
        );
    }
    // The guide's first variant, as written there, beside its base.
    let guide = std::fs::read_to_string(root().join("docs/guide.md")).unwrap();
    let variant = blocks(&guide)
        .into_iter()
        .map(|(_, body)| body)
        .find(|b| b.starts_with("variant "))
        .expect("a variant in the guide");
    let base = variant
        .split('"')
        .nth(3)
        .expect("variant \"NAME\" of \"BASE\"");
    let dir = temp_dir(file!(), "variant");
    std::fs::copy(root().join("games").join(base), dir.join(base)).unwrap();
    std::fs::write(dir.join("my-variant.game"), format!("{variant}\n")).unwrap();
    let file = dir.join("my-variant.game");
    let path = file.to_str().unwrap();
    let run = ludus(&["validate", path]);
    assert_eq!(run.code, 0, "{variant}\n{}", run.stderr);
    let run = ludus(&["moves", path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!run.stdout.trim().is_empty());
    let run = ludus(&["playout", path, "--seed", "1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // A typo in its last item's keyword: named at its own line, with the
    // word meant.
    let last = variant
        .lines()
        .collect::<Vec<_>>()
        .iter()
        .rposition(|l| l.trim_start().starts_with(char::is_alphabetic))
        .unwrap();
    let word = variant
        .lines()
        .nth(last)
        .unwrap()
        .split_whitespace()
        .last()
        .unwrap()
        .to_string();
    let typo = format!("{}x", &word[..word.len() - 1]);
    let mistaken: Vec<String> = variant
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == last {
                l.replace(&word, &typo)
            } else {
                l.to_string()
            }
        })
        .collect();
    std::fs::write(&file, mistaken.join("\n") + "\n").unwrap();
    let run = ludus(&["validate", path]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let at = format!("my-variant.game:{}:", last + 1);
    assert!(
        run.stderr.contains(&at),
        "expected `{at}` in:\n{}",
        run.stderr
    );
    assert!(
        run.stderr.contains(&format!("did you mean `{word}`?")),
        "{}",
        run.stderr
    );
}
