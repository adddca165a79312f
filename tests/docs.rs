//! The documentation against what it documents, so that it cannot fall
//! behind: every command and flag of the built binary has an entry in
//! `docs/cli.md`, every section and keyword of the grammar one in
//! `docs/language.md`, every bundled game a row in `docs/games.md`, and
//! every link of the README and of `docs/` leads to a file (and heading)
//! that exists.
//!
//! The command line is read from the binary's own help (`ludus --help`,
//! `ludus COMMAND --help`), which clap writes from the definitions in
//! `src/cli/args.rs`: those live in the binary, out of the tests' reach.
//! The language is read from `grammar/game.pest` itself.

use crate::common;

use common::{ludus, root};
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

// ------------------------------------------------------------- Markdown

/// A Markdown file's text.
fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The inline code spans of `text` (between single backticks, within a
/// paragraph, so a span may run over a line break), outside fenced
/// blocks, with the line each begins on.
fn code_spans(text: &str) -> Vec<(usize, String)> {
    let mut spans = Vec::new();
    let mut fenced = false;
    // The lines of the paragraph read so far, with the first one's number.
    let mut paragraph: Vec<&str> = Vec::new();
    let mut first = 0;
    let mut flush = |paragraph: &mut Vec<&str>, first: usize| {
        let joined = paragraph.join("\n");
        let mut at = 0;
        let mut parts = joined.split('`');
        at += parts.next().map_or(0, |p| p.len() + 1);
        while let (Some(code), Some(after)) = (parts.next(), parts.next()) {
            let line = first + joined[..at].matches('\n').count();
            spans.push((line, code.replace('\n', " ")));
            at += code.len() + 1 + after.len() + 1;
        }
        paragraph.clear();
    };
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            flush(&mut paragraph, first);
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        if line.trim().is_empty() {
            flush(&mut paragraph, first);
            continue;
        }
        if paragraph.is_empty() {
            first = i;
        }
        paragraph.push(line);
    }
    flush(&mut paragraph, first);
    spans
}

/// The text of the fenced code blocks of `text`.
fn fenced_blocks(text: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut block: Option<String> = None;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            match block.take() {
                Some(b) => blocks.push(b),
                None => block = Some(String::new()),
            }
        } else if let Some(b) = &mut block {
            b.push_str(line);
            b.push('\n');
        }
    }
    blocks
}

/// The words of a piece of code: runs of letters, digits, `_` and `-`.
fn words(code: &str) -> Vec<&str> {
    code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether the code span's words begin with the phrase's.
fn starts_with_words(code: &str, phrase: &[&str]) -> bool {
    let code = words(code);
    code.len() >= phrase.len() && code[..phrase.len()] == *phrase
}

/// The headings of `text` (outside fenced blocks): level and title.
fn headings(text: &str) -> Vec<(usize, usize, &str)> {
    let mut found = Vec::new();
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            let level = line.chars().take_while(|&c| c == '#').count();
            if line[level..].starts_with(' ') {
                found.push((i, level, line[level..].trim()));
            }
        }
    }
    found
}

/// The first code span of a heading's title.
fn first_code(title: &str) -> Option<&str> {
    title.split('`').nth(1)
}

/// GitHub's anchor of a heading: lower case, spaces as `-`, every other
/// character but letters, digits, `-` and `_` left out.
fn slug(title: &str) -> String {
    title
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c.to_ascii_lowercase()),
            _ => None,
        })
        .collect()
}

/// The anchors of a file's headings, a repeated one numbered as GitHub
/// numbers it (`name`, `name-1`, ...).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut all = BTreeSet::new();
    for (_, _, title) in headings(text) {
        let s = slug(title);
        let n = seen.entry(s.clone()).or_insert(0);
        all.insert(if *n == 0 {
            s.clone()
        } else {
            format!("{s}-{n}")
        });
        *n += 1;
    }
    all
}

// ------------------------------------------------------------- commands

/// The names listed under a help text's heading (`Commands:`,
/// `Options:`): the first word of each of its lines, up to a blank line.
fn listed<'a>(help: &'a str, heading: &str) -> Vec<&'a str> {
    help.lines()
        .skip_while(|l| *l != heading)
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .collect()
}

/// The long flags of a help text's `Options:`, `--help` and `--version`
/// left out (the reference states them once for every command).
fn long_flags(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| *l != "Options:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| {
            l.split_whitespace()
                .map(|w| w.trim_end_matches(','))
                .find(|w| w.starts_with("--"))
                .map(|w| w.split(['=', '<']).next().unwrap().to_string())
        })
        .filter(|f| f != "--help" && f != "--version")
        .collect()
}

/// A command's section of `docs/cli.md`: from the heading whose first
/// code span is `ludus COMMAND ...` to the next heading of its level or
/// higher.
fn command_section<'a>(text: &'a str, command: &str) -> Option<&'a str> {
    let lines: Vec<&str> = text.lines().collect();
    let found = headings(text);
    let (at, (line, level, _)) = found.iter().enumerate().find(|(_, (_, _, title))| {
        first_code(title).is_some_and(|c| starts_with_words(c, &["ludus", command]))
    })?;
    let end = found[at + 1..]
        .iter()
        .find(|(_, l, _)| l <= level)
        .map_or(lines.len(), |(i, _, _)| *i);
    let start: usize = lines[..*line].iter().map(|l| l.len() + 1).sum();
    let stop: usize = lines[..end].iter().map(|l| l.len() + 1).sum();
    Some(&text[start..stop.min(text.len())])
}

/// Every command of `ludus --help` has a section of `docs/cli.md` headed
/// `` `ludus COMMAND ...` ``, and every long flag of `ludus COMMAND
/// --help` is in that section as a code span that begins with it
/// (`` `--seed N` ``); `--help` and `--version` are stated once.
#[test]
fn every_command_and_flag_has_an_entry_in_the_cli_reference() {
    let doc = read("docs/cli.md");
    let run = ludus(&["--help"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let commands: Vec<&str> = listed(&run.stdout, "Commands:")
        .into_iter()
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 20, "too few commands in:\n{}", run.stdout);
    let spans = code_spans(&doc);
    let mut missing = Vec::new();
    for flag in ["--help", "--version"] {
        if !spans.iter().any(|(_, c)| c.starts_with(flag)) {
            missing.push(format!("`{flag}` (anywhere in docs/cli.md)"));
        }
    }
    for command in &commands {
        let Some(section) = command_section(&doc, command) else {
            missing.push(format!(
                "command `{command}`: no heading whose first code span is `ludus {command} ...`"
            ));
            continue;
        };
        let help = ludus(&[command, "--help"]);
        assert_eq!(help.code, 0, "{}", help.stderr);
        let flags = long_flags(&help.stdout);
        let section_spans = code_spans(section);
        for flag in flags {
            let documented = section_spans.iter().any(|(_, c)| {
                c.strip_prefix(flag.as_str())
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '=', '[']))
            });
            if !documented {
                missing.push(format!(
                    "flag `{flag}` of `ludus {command}`: no code span beginning `{flag}` in its section"
                ));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs/cli.md lacks entries for:\n  {}",
        missing.join("\n  ")
    );
}

// ------------------------------------------------------------- language

/// A token of the grammar file.
#[derive(Clone, Debug, PartialEq)]
enum Token {
    /// A rule's name or a built-in rule (`name`, `ASCII_DIGIT`, `_`).
    Ident(String),
    /// A quoted literal, unescaped.
    Literal(String),
    /// Any other character: `=`, `{`, `}`, `~`, `|`, `(`, `?`, ...
    Punct(char),
}

/// The tokens of a pest grammar, comments left out.
fn tokens(grammar: &str) -> Vec<Token> {
    let chars: Vec<char> = grammar.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '"' {
            let mut text = String::new();
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                    text.push(match chars[i] {
                        'n' => '\n',
                        'r' => '\r',
                        't' => '\t',
                        c => c,
                    });
                } else {
                    text.push(chars[i]);
                }
                i += 1;
            }
            i += 1;
            out.push(Token::Literal(text));
        } else if c.is_ascii_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token::Ident(chars[start..i].iter().collect()));
        } else {
            if !c.is_whitespace() {
                out.push(Token::Punct(c));
            }
            i += 1;
        }
    }
    out
}

/// The grammar's rules: each name with the tokens of its body.
fn rules(grammar: &str) -> Vec<(String, Vec<Token>)> {
    let tokens = tokens(grammar);
    let mut found = Vec::new();
    let mut i = 0;
    while i + 2 < tokens.len() {
        let (Token::Ident(name), Token::Punct('=')) = (&tokens[i], &tokens[i + 1]) else {
            i += 1;
            continue;
        };
        // `name = _{ ... }`, `@{`, `${`, `!{`, or plain `{`.
        let mut j = i + 2;
        if matches!(&tokens[j], Token::Ident(m) if m == "_")
            || matches!(tokens[j], Token::Punct('@' | '$' | '!'))
        {
            j += 1;
        }
        assert_eq!(tokens[j], Token::Punct('{'), "rule `{name}`");
        let end = j + tokens[j..]
            .iter()
            .position(|t| *t == Token::Punct('}'))
            .unwrap_or_else(|| panic!("rule `{name}` has no end"));
        found.push((name.clone(), tokens[j + 1..end].to_vec()));
        i = end + 1;
    }
    found
}

/// Whether a literal is a word of the language (`board`, `x`, `or`), not
/// punctuation (`{`, `:`, `..`, `=>`, `>=`).
fn is_word(literal: &str) -> bool {
    !literal.is_empty() && literal.chars().all(|c| c.is_ascii_lowercase())
}

/// The words a rule's body begins with, the item's keyword (`bear off
/// when`, `no pieces`, `doubles climb to`): its leading literals joined by
/// `~`, up to the first name, group or punctuation. Empty where the rule
/// begins with a name (`NAME: CONDITION => RESULT`).
fn leading_words(body: &[Token]) -> Vec<String> {
    let mut phrase = Vec::new();
    for t in body {
        match t {
            Token::Literal(w) if is_word(w) => phrase.push(w.clone()),
            Token::Punct('~') => {}
            _ => break,
        }
    }
    phrase
}

/// The alternatives of a rule that are a rule's name alone (`section =
/// _{ board | player | ... }`, `atom = _{ "(" ~ condition ~ ")" | here_in
/// | ... }`): the body split at its `|` outside parentheses.
fn alternatives(body: &[Token]) -> Vec<&str> {
    let mut found = Vec::new();
    let mut depth = 0;
    for part in body.split(|t| {
        match t {
            Token::Punct('(') => depth += 1,
            Token::Punct(')') => depth -= 1,
            _ => {}
        }
        depth == 0 && *t == Token::Punct('|')
    }) {
        if let [Token::Ident(name)] = part {
            found.push(name.as_str());
        }
    }
    found
}

/// The language's reference, `docs/language.md`, states every part of the
/// grammar, `grammar/game.pest`. What counts:
///
/// - **Sections**: each alternative of the rule `section` (`board`,
///   `player`, `rules`, ...) has a heading whose first code span begins
///   with its keyword (`` ## `board` ``).
/// - **Items**: each alternative of the rules that list what may stand in
///   a place — the header (`header`), the sections' items (every rule
///   named `*_item`), the conditions' atoms and terms (`atom`, `term`)
///   and the obligations (`priority`) — has an entry: a code span that
///   begins with the item's keyword, the literal words its rule begins
///   with (`` `bear off when CONDITION` ``, `` `no pieces: RESULT` ``).
///   Items that begin with a name (`NAME: CONDITION => RESULT`, `PLAYER
///   KIND: SITES`) have no keyword; their words are held by the next
///   point.
/// - **Words**: every literal of the grammar made of lower-case letters
///   (`compulsory`, `twice`, `x`, `or`) is a word of some code span or
///   code block of the reference.
///
/// Punctuation (`{`, `:`, `..`, `=>`, `>=`, `*`) is not checked: it is
/// part of the items' forms above, and the layout's rules state it.
#[test]
fn every_section_item_and_keyword_has_an_entry_in_the_language_reference() {
    let grammar = read("grammar/game.pest");
    let doc = read("docs/language.md");
    let rules = rules(&grammar);
    let body = |name: &str| -> &[Token] {
        &rules
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("the grammar has no rule `{name}`"))
            .1
    };
    let spans = code_spans(&doc);
    let heads = headings(&doc);
    let mut missing = Vec::new();

    let sections = alternatives(body("section"));
    assert!(sections.len() >= 10, "{sections:?}");
    for section in &sections {
        let keyword = leading_words(body(section));
        let keyword: Vec<&str> = keyword.iter().map(String::as_str).collect();
        let headed = heads
            .iter()
            .any(|(_, _, title)| first_code(title).is_some_and(|c| starts_with_words(c, &keyword)));
        if !headed {
            missing.push(format!(
                "section `{}` (rule `{section}`): no heading whose first code span begins `{}`",
                keyword.join(" "),
                keyword.join(" ")
            ));
        }
    }

    let lists = rules.iter().filter(|(n, _)| {
        n.ends_with("_item")
            || ["header", "section", "atom", "term", "priority"].contains(&n.as_str())
    });
    let mut items = 0;
    for (list, list_body) in lists {
        for item in alternatives(list_body) {
            let keyword = leading_words(body(item));
            if keyword.is_empty() {
                continue;
            }
            items += 1;
            let keyword: Vec<&str> = keyword.iter().map(String::as_str).collect();
            if !spans.iter().any(|(_, c)| starts_with_words(c, &keyword)) {
                missing.push(format!(
                    "item `{}` (rule `{item}` of `{list}`): no code span beginning `{}`",
                    keyword.join(" "),
                    keyword.join(" ")
                ));
            }
        }
    }
    assert!(items >= 60, "only {items} items with a keyword");

    let blocks = fenced_blocks(&doc);
    let documented: BTreeSet<&str> = spans
        .iter()
        .flat_map(|(_, c)| words(c))
        .chain(blocks.iter().flat_map(|b| words(b)))
        .collect();
    let literals: BTreeSet<&str> = rules
        .iter()
        .flat_map(|(_, b)| b)
        .filter_map(|t| match t {
            Token::Literal(w) if is_word(w) => Some(w.as_str()),
            _ => None,
        })
        .collect();
    for word in literals {
        if !documented.contains(word) {
            missing.push(format!("word `{word}`: in no code span or code block"));
        }
    }
    assert!(
        missing.is_empty(),
        "docs/language.md lacks entries for:\n  {}",
        missing.join("\n  ")
    );
}

// ------------------------------------------------------------- games

/// Every bundled game (`games/*.game`) is a row of the table of
/// `docs/games.md`: a line whose first cell names it in a code span, and
/// which names its family as `ludus list --json` gives it.
#[test]
fn every_bundled_game_is_in_the_games_table_with_its_family() {
    let doc = read("docs/games.md");
    let run = ludus(&["list", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let list: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let families: HashMap<&str, &str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["name"].as_str().unwrap(),
                g["family"].as_str().unwrap_or(""),
            )
        })
        .collect();
    let mut missing = Vec::new();
    for file in common::game_files() {
        let name = file
            .strip_prefix("games/")
            .and_then(|f| f.strip_suffix(".game"))
            .unwrap();
        let row = doc.lines().find(|l| {
            l.starts_with('|')
                && l.split('|')
                    .nth(1)
                    .is_some_and(|cell| cell.contains(&format!("`{name}`")))
        });
        let Some(row) = row else {
            missing.push(format!(
                "game `{name}`: no table row whose first cell is `{name}`"
            ));
            continue;
        };
        let family = families.get(name).copied().unwrap_or("");
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        if family.is_empty() || !cells.contains(&family) {
            missing.push(format!(
                "game `{name}`: its row does not name its family `{family}` in a cell of its own"
            ));
        }
    }
    assert!(
        missing.is_empty(),
        "docs/games.md lacks:\n  {}",
        missing.join("\n  ")
    );
}

// ------------------------------------------------------------- links

/// The Markdown files whose links are checked: the README and `docs/*.md`.
fn markdown_files() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// The targets of the inline links of `text` (`[text](target)`), outside
/// code, with their lines.
fn link_targets(text: &str) -> Vec<(usize, String)> {
    let mut targets = Vec::new();
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Code spans may hold `](` of their own: leave them out.
        let prose: String = line
            .split('`')
            .enumerate()
            .filter(|(k, _)| k % 2 == 0)
            .map(|(_, p)| p)
            .collect::<Vec<_>>()
            .join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            targets.push((i, after[..end].to_string()));
            rest = &after[end..];
        }
    }
    targets
}

/// Every link of the README and of `docs/*.md` to a local file leads to
/// one that exists, and a link to a heading (`guide.md#variants`,
/// `#layout`) to a heading of that file.
#[test]
fn every_local_link_of_the_docs_resolves() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in markdown_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        let shown = file.strip_prefix(root()).unwrap().display().to_string();
        for (line, target) in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let resolved = if path.is_empty() {
                file.clone()
            } else {
                file.parent().unwrap().join(path)
            };
            let at = format!("{shown}:{}: `{target}`", line + 1);
            if !resolved.exists() {
                broken.push(format!("{at}: no file {}", resolved.display()));
                continue;
            }
            if anchor.is_empty() {
                continue;
            }
            let anchored = resolved.extension().is_some_and(|e| e == "md")
                && anchors(&std::fs::read_to_string(&resolved).unwrap()).contains(anchor);
            if !anchored {
                broken.push(format!(
                    "{at}: no heading `#{anchor}` in {}",
                    path_or(&resolved)
                ));
            }
        }
    }
    assert!(checked >= 20, "only {checked} local links found");
    assert!(
        broken.is_empty(),
        "broken links:\n  {}",
        broken.join("\n  ")
    );
}

/// A path shown from the crate root.
fn path_or(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The helpers read the forms the tests rely on.
#[test]
fn the_docs_tests_read_markdown_and_the_grammar_as_written() {
    assert_eq!(
        slug("In a web browser: `ludus serve`"),
        "in-a-web-browser-ludus-serve"
    );
    assert_eq!(
        slug("Stakes: the doubling cube"),
        "stakes-the-doubling-cube"
    );
    let text = "# A\n## `b` c\n```text\n# not a heading\n```\n## A\n";
    assert_eq!(
        anchors(text),
        ["a", "a-1", "b-c"].map(String::from).into_iter().collect()
    );
    assert_eq!(
        link_targets("see [x](a.md#b) and `[y](no.md)`, [z](#c)"),
        [(0, "a.md#b".to_string()), (0, "#c".to_string())]
    );
    let rules = rules("a = _{ \"bear\" ~ \"off\" ~ when ~ \"x\" }\n// \"no\"\nb = @{ \"\\\"\" }");
    assert_eq!(rules.len(), 2);
    assert_eq!(leading_words(&rules[0].1), ["bear", "off"]);
    assert_eq!(rules[1].1, [Token::Literal("\"".into())]);
    let help = "Options:\n      --seed <SEED>  Seed [default: 0]\n  -h, --help  Print help\n";
    assert_eq!(long_flags(help), ["--seed"]);
    assert!(starts_with_words("no pieces: loss|win", &["no", "pieces"]));
    assert_eq!(
        code_spans("a `b\nc` d\n\n```\n`no`\n```\ne `f`"),
        [(0, "b c".to_string()), (6, "f".to_string())]
    );
    assert!(!starts_with_words("no moves: loss", &["no", "pieces"]));
}
