//! `ludus fmt`: the canonical layout of game files, comments kept, the game
//! unchanged, idempotent; every bundled game is formatted (CI runs this).

use crate::common;

use common::{Input, game_files, ludus, ludus_in, root, temp_dir};
use ludus::format::{FormatError, MAX_WIDTH, format};
use std::path::{Path, PathBuf};

/// Every game file of the project: bundled, test data and invalid ones.
fn all_game_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in [
        "games",
        "examples",
        "tests/data",
        "tests/data/mutation",
        "tests/invalid",
    ] {
        let Ok(entries) = std::fs::read_dir(root().join(dir)) else {
            continue;
        };
        for e in entries {
            let path = e.unwrap().path();
            if path.extension().is_some_and(|e| e == "game") {
                files.push(path);
            }
        }
    }
    files.sort();
    assert!(files.len() > 100, "the game files are found");
    files
}

fn ir(path: &Path, text: &str) -> Result<serde_json::Value, Vec<String>> {
    let loaded = ludus::load::load_text(path, text);
    loaded
        .game
        .map(|g| serde_json::to_value(g).unwrap())
        .map_err(|d| d.into_iter().map(|d| d.message).collect())
}

#[test]
fn every_bundled_game_is_formatted() {
    let mut args = vec!["fmt", "--check"];
    let files = game_files();
    args.extend(files.iter().map(String::as_str));
    let run = ludus(&args);
    assert_eq!(
        run.code, 0,
        "these files are not in the canonical layout (run `ludus fmt` on them):\n{}{}",
        run.stdout, run.stderr
    );
    assert!(run.stdout.is_empty());
}

#[test]
fn formatting_keeps_the_game_and_is_idempotent() {
    let mut formatted_count = 0;
    for path in all_game_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        match format(&path, text) {
            Ok(once) => {
                formatted_count += 1;
                let twice =
                    format(&path, &once).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
                assert_eq!(once, twice, "{}: fmt of fmt is not fmt", path.display());
                assert_eq!(
                    ir(&path, text),
                    ir(&path, &once),
                    "{}: the formatted file checks differently",
                    path.display()
                );
            }
            Err(FormatError::Syntax(d)) => {
                assert!(!d.is_empty());
                assert!(
                    ludus::syntax::parse(0, text).is_err(),
                    "{}: refused but it parses",
                    path.display()
                );
            }
            Err(FormatError::Unsafe(why)) => panic!("{}: unsafe: {why}", path.display()),
        }
    }
    assert!(formatted_count > 100);
}

/// A game's text with its layout scrambled: each line's indentation and
/// spaces changed, spaces put before colons and commas (lines with quotes
/// or comments are left alone).
fn scrambled(text: &str) -> String {
    text.lines()
        .map(|line| {
            if line.contains('"') || line.contains("//") {
                return line.to_string();
            }
            let words = line.split_whitespace().collect::<Vec<_>>().join("   ");
            format!("\t {}", words.replace(':', " :").replace(',', " , "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_layout_does_not_depend_on_the_spacing() {
    for file in game_files() {
        let path = root().join(&file);
        let text = std::fs::read_to_string(&path).unwrap();
        let messy = scrambled(&text);
        assert_ne!(messy, text);
        assert_eq!(format(&path, &messy).unwrap(), text, "{file}");
    }
}

const MESSY: &str = r#"// Leading comment.

game   "Comments"   // after the header
board { grid 3 x 3   // the grid
  files a b c
  // before ranks
  ranks 1 2 3

  links all } // after the board
player white { forward n }
player black { forward s }
piece man { marks o x step any jump any }
setup { white man : rank 1 ,
   // inside an item, on its own line
   a2
  black man: rank 3 }
rules { capture optional chain optional
  // last in rules
}
end { no pieces: loss   no moves: loss }
dice_free_section_comment_follows
"#;

const CANONICAL: &str = r#"// Leading comment.

game "Comments"  // after the header

board {
  grid 3 x 3  // the grid
  files a b c
  // before ranks
  ranks 1 2 3

  links all
}  // after the board

player white {
  forward n
}

player black {
  forward s
}

piece man {
  marks o x
  step any
  jump any
}

setup {
  white man: rank 1,
    // inside an item, on its own line
    a2
  black man: rank 3
}

rules {
  capture optional
  chain optional
  // last in rules
}

end {
  no pieces: loss
  no moves: loss
}
// at the end
"#;

#[test]
fn comments_are_kept_where_they_were() {
    let messy = MESSY.replace("dice_free_section_comment_follows", "// at the end");
    let path = root().join("games/comments.game");
    let formatted = format(&path, &messy).unwrap();
    assert_eq!(formatted, CANONICAL);
    assert_eq!(format(&path, &formatted).unwrap(), CANONICAL);
}

#[test]
fn long_site_lists_are_wrapped_after_commas() {
    let sites: Vec<String> = (1..=40).map(|i| format!("s{i}")).collect();
    let text = format!(
        "variant \"wide\" of \"verquere.game\"\ntrack {{\n  region wide: {}\n}}\n",
        sites.join(", ")
    );
    let path = root().join("games/wide.game");
    let formatted = format(&path, &text).unwrap();
    let lines: Vec<&str> = formatted.lines().collect();
    assert!(lines.len() > 4, "{formatted}");
    for line in &lines {
        assert!(line.chars().count() <= MAX_WIDTH, "{line}");
    }
    assert!(lines[3].starts_with("  region wide: s1, s2,"));
    assert!(
        lines[4].starts_with("    s"),
        "further lines indented: {formatted}"
    );
    assert!(lines[3].ends_with(','));
}

#[test]
fn an_empty_section_is_one_line() {
    let text = "variant \"e\" of \"alquerque.game\"\nrules {\n}\n";
    let formatted = format(&root().join("games/e.game"), text).unwrap();
    assert_eq!(
        formatted,
        "variant \"e\" of \"alquerque.game\"\n\nrules {}\n"
    );
}

#[test]
fn fmt_rewrites_files_in_place_and_check_lists_them() {
    let dir = temp_dir("fmt", "in-place");
    let messy = MESSY.replace("dice_free_section_comment_follows", "// at the end");
    std::fs::write(dir.join("a.game"), &messy).unwrap();
    std::fs::write(dir.join("b.game"), CANONICAL).unwrap();
    let check = ludus_in(
        &dir,
        &["fmt", "--check", "a.game", "b.game"],
        Input::Nothing,
    );
    assert_eq!(check.code, 1);
    assert_eq!(check.stdout, "a.game\n");
    assert_eq!(std::fs::read_to_string(dir.join("a.game")).unwrap(), messy);
    let run = ludus_in(&dir, &["fmt", "a.game", "b.game"], Input::Nothing);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        std::fs::read_to_string(dir.join("a.game")).unwrap(),
        CANONICAL
    );
    let mut left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    left.sort();
    assert_eq!(left, ["a.game", "b.game"], "no temporary file is left");
    let again = ludus_in(
        &dir,
        &["fmt", "--check", "a.game", "b.game"],
        Input::Nothing,
    );
    assert_eq!((again.code, again.stdout.as_str()), (0, ""));
}

#[test]
fn files_with_syntax_errors_are_not_formatted() {
    let dir = temp_dir("fmt", "syntax-errors");
    for name in ["syntax-error.game", "three-sections-with-typos.game"] {
        let text = std::fs::read_to_string(root().join("tests/invalid").join(name)).unwrap();
        std::fs::write(dir.join(name), &text).unwrap();
        for args in [vec!["fmt", name], vec!["fmt", "--check", name]] {
            let run = ludus_in(&dir, &args, Input::Nothing);
            assert_eq!(run.code, 1, "{args:?}");
            assert!(run.stderr.contains("error: expected"), "{}", run.stderr);
            assert!(
                run.stderr.contains(&format!("{name}: not formatted")),
                "{}",
                run.stderr
            );
            assert_eq!(std::fs::read_to_string(dir.join(name)).unwrap(), text);
        }
    }
    let run = ludus_in(
        &dir,
        &["fmt", "three-sections-with-typos.game"],
        Input::Nothing,
    );
    assert!(run.stderr.contains("3 syntax errors"), "{}", run.stderr);
}

/// `fmt` on a symbolic link formats the file it leads to and keeps the
/// link (issue 26: the link was replaced by a formatted copy).
#[cfg(unix)]
#[test]
fn fmt_formats_the_target_of_a_symbolic_link() {
    let dir = temp_dir("fmt", "symlink");
    let messy = MESSY.replace("dice_free_section_comment_follows", "// at the end");
    std::fs::write(dir.join("target.game"), &messy).unwrap();
    std::os::unix::fs::symlink("target.game", dir.join("link.game")).unwrap();
    let run = ludus_in(&dir, &["fmt", "link.game"], Input::Nothing);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let link = std::fs::symlink_metadata(dir.join("link.game")).unwrap();
    assert!(link.file_type().is_symlink(), "the link is kept");
    assert_eq!(
        std::fs::read_link(dir.join("link.game")).unwrap(),
        Path::new("target.game")
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("target.game")).unwrap(),
        CANONICAL
    );
    let check = ludus_in(&dir, &["fmt", "--check", "target.game"], Input::Nothing);
    assert_eq!((check.code, check.stdout.as_str()), (0, ""));
}
