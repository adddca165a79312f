//! The checker's diagnostics: one snapshot per file in `tests/invalid/`, and
//! a robustness check that mangled copies of the valid games never panic.

use ludus::diag::Sources;
use ludus::load::{Loaded, load, load_text};
use std::path::{Path, PathBuf};

/// `path` relative to the crate root, so that rendered file names are stable.
fn relative(path: &Path) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    path.strip_prefix(&root).unwrap_or(path).to_path_buf()
}

#[test]
fn invalid_games() {
    insta::glob!("invalid/*.game", |path| {
        let path = relative(path);
        let loaded = load(&path).expect("the test file is readable");
        let Err(diagnostics) = &loaded.game else {
            panic!("{} should be invalid, but it checks", path.display());
        };
        assert!(
            !diagnostics.is_empty(),
            "{}: an error without diagnostics",
            path.display()
        );
        insta::assert_snapshot!(loaded.sources.render(diagnostics));
    });
}

/// Every diagnostic of a failed load points inside its own file.
fn check_spans(what: &str, loaded: &Loaded) {
    let Err(diagnostics) = &loaded.game else {
        return;
    };
    assert!(
        !diagnostics.is_empty(),
        "{what}: an error without diagnostics"
    );
    let sources: &Sources = &loaded.sources;
    for d in diagnostics {
        let text = sources.text(d.file);
        assert!(
            d.span.start <= d.span.end
                && d.span.end <= text.len()
                && text.is_char_boundary(d.span.start)
                && text.is_char_boundary(d.span.end),
            "{what}: span {:?} of `{}` is outside {} ({} bytes)",
            d.span,
            d.message,
            sources.name(d.file),
            text.len()
        );
    }
    // Rendering must not fail either.
    let _ = sources.render(diagnostics);
}

#[test]
fn mangled_games_never_panic() {
    let mut paths: Vec<PathBuf> = std::fs::read_dir("games")
        .expect("games/ is readable")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty());
    for path in &paths {
        let text = std::fs::read_to_string(path).expect("the game is readable");
        let original = load_text(path, &text);
        assert!(original.game.is_ok(), "{} should check", path.display());
        for cut in (0..text.len()).step_by(7) {
            if !text.is_char_boundary(cut) {
                continue;
            }
            let truncated = &text[..cut];
            let what = format!("{} cut at byte {cut}", path.display());
            check_spans(&what, &load_text(path, truncated));
            let next = text[cut..].chars().next().map_or(0, char::len_utf8);
            let deleted = format!("{}{}", &text[..cut], &text[cut + next..]);
            let what = format!("{} without byte {cut}", path.display());
            check_spans(&what, &load_text(path, &deleted));
        }
    }
}

#[test]
fn nesting_at_the_limit_checks_on_a_small_stack() {
    // The parser, the AST builder and the checker all recurse over a
    // condition: at the limit they must fit in 1 MiB of stack, even unoptimised.
    let limit = ludus::syntax::MAX_NESTING;
    let cond = format!(
        "{}own men in bar > 0{}",
        "not (".repeat(limit),
        ")".repeat(limit)
    );
    let text =
        format!("variant \"deep\" of \"verquere.game\"\nend {{\n  deep: {cond} => win\n}}\n");
    let checked = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || load_text(Path::new("games/deep.game"), &text).game.is_ok())
        .unwrap()
        .join()
        .unwrap();
    assert!(checked);
}

#[test]
fn a_syntax_error_does_not_hide_those_of_later_sections() {
    let loaded = load(Path::new("tests/invalid/three-sections-with-typos.game")).unwrap();
    let Err(diagnostics) = &loaded.game else {
        panic!("the file has three typos");
    };
    let lines: Vec<usize> = diagnostics
        .iter()
        .map(|d| loaded.sources.text(d.file)[..d.span.start].lines().count())
        .collect();
    assert_eq!(lines, [6, 18, 27], "one diagnostic per section with a typo");
}

#[test]
fn a_section_without_its_closing_brace_is_one_mistake() {
    // The section after the unclosed one parses alone: no second error.
    let loaded = load(Path::new("tests/invalid/syntax-error.game")).unwrap();
    assert_eq!(loaded.game.err().map(|d| d.len()), Some(1));
}

/// A game on a `side` x `side` grid keeping the points `keep` names, with
/// `extra` single sites besides (`site z1` ...).
fn grid_game(side: usize, keep: &str, extra: usize) -> String {
    let files: Vec<String> = (0..side)
        .map(|i| ((b'a' + i as u8) as char).to_string())
        .collect();
    let ranks: Vec<String> = (1..=side).map(|i| i.to_string()).collect();
    let sites: String = (1..=extra)
        .map(|i| format!("  site z{i}\n  link z{i} a1 n\n"))
        .collect();
    format!(
        "game \"Kept\"\n\nboard {{\n  grid {side} x {side}\n  files {}\n  ranks {}\n  {keep}\n  links diagonal\n{sites}}}\n\n\
         player white {{ forward n }}\nplayer black {{ forward s }}\n\n\
         piece man {{\n  marks o x\n  step diagonal\n  jump diagonal\n}}\n\n\
         setup {{\n  white man: a1\n  black man: c3\n}}\n\n\
         rules {{\n  capture optional\n  chain optional\n}}\n\n\
         end {{\n  no moves: loss\n}}\n",
        files.join(" "),
        ranks.join(" ")
    )
}

/// The limit of 128 sites counts the points a grid keeps, not all of them:
/// 16 x 16 where even (128) is a board, one site more is not, and neither
/// is 17 x 17 where even (145) or where odd (144).
#[test]
fn a_grid_counts_the_points_it_keeps_towards_the_site_limit() {
    let check = |text: &str| {
        let loaded = load_text(Path::new("games/kept.game"), text);
        loaded
            .game
            .map(|g| g.board.sites.len())
            .map_err(|d| loaded.sources.render(&d))
    };
    assert_eq!(check(&grid_game(16, "sites where even", 0)), Ok(128));
    assert_eq!(check(&grid_game(12, "sites where even", 0)), Ok(72));
    for (text, says) in [
        (
            grid_game(16, "sites where even", 1),
            "at least 129: a grid of 16 x 16 with `sites where even` (128), site `z1` (1)",
        ),
        (
            grid_game(17, "sites where even", 0),
            "at least 145: a grid of 17 x 17 with `sites where even` (145)",
        ),
        (
            grid_game(17, "sites where odd", 0),
            "at least 144: a grid of 17 x 17 with `sites where odd` (144)",
        ),
        (
            grid_game(12, "links orthogonal", 0),
            "at least 144: a grid of 12 x 12 (144)",
        ),
    ] {
        let err = check(&text).expect_err(says);
        assert!(err.contains(says), "wanted `{says}` in:\n{err}");
    }
}
