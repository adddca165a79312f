//! The formatter: one canonical layout for game files, comments kept.
//!
//! The layout: the header, then each section after one blank line; a
//! section's items one per line, indented by two spaces, in braces (a
//! section without items is `board {}`); one space between words and around
//! `=>`, comparison operators, `+`, `*` and `/`, none before `:` and `,`,
//! inside parentheses or around `..`; an item longer than [`MAX_WIDTH`]
//! columns wrapped after a comma or before `and`, `or`, `=>` or `/`, its
//! further lines indented by two more spaces. Comments stay where they
//! were: a comment on its own line goes before the item (or section) it sat
//! before, at that item's indentation; a comment after an item on its line
//! stays after it, two spaces away. Blank lines between items are kept (one
//! at most); between sections there is always one.
//!
//! The layout is computed from the parser's view of the file (see
//! [`crate::syntax::outline`]), never from a list of sections or items, so
//! new sections and items of the grammar are formatted without code here.
//! And it is checked: the formatted text must parse to the same syntax tree
//! (spans aside), keep every word and comment in order, check to the same
//! game (the IR, as JSON) or the same diagnostics, and format to itself;
//! otherwise [`format`] refuses with [`FormatError::Unsafe`].

mod layout;
mod lex;

use crate::diag::Diagnostic;
use crate::load;
use crate::syntax;
use std::path::Path;

/// The widest line the formatter makes of an item, in characters; an item
/// that cannot be broken (no comma, `and`, `or`, `=>` or `/`) may be wider,
/// and comments are never broken.
pub const MAX_WIDTH: usize = 88;

/// Why a file was not formatted.
#[derive(Debug)]
pub enum FormatError {
    /// The file does not parse: its syntax errors.
    Syntax(Vec<Diagnostic>),
    /// The formatted text would not mean the same as the file (a bug of
    /// the formatter): what differs.
    Unsafe(String),
}

/// The canonical layout of the game text `text`, read from `path` (a
/// variant's bases are found beside it), after checking that it means
/// exactly what `text` means.
pub fn format(path: &Path, text: &str) -> Result<String, FormatError> {
    let formatted = layout_of(text)?;
    verify(path, text, &formatted).map_err(FormatError::Unsafe)?;
    Ok(formatted)
}

/// The layout alone, unchecked.
fn layout_of(text: &str) -> Result<String, FormatError> {
    let Some(outline) = syntax::outline(text) else {
        return Err(FormatError::Syntax(
            syntax::parse_all(0, text).err().unwrap_or_default(),
        ));
    };
    let events = lex::lex(text, &outline);
    Ok(layout::layout(text, &outline, &events))
}

/// Whether `formatted` means what `text` means; else what differs.
fn verify(path: &Path, text: &str, formatted: &str) -> Result<(), String> {
    let Some(outline) = syntax::outline(formatted) else {
        return Err("the formatted text does not parse".into());
    };
    let (before, after) = (
        lex::words(text, &syntax::outline(text).unwrap_or_default()),
        lex::words(formatted, &outline),
    );
    if before.0 != after.0 {
        return Err(first_difference("word", &before.0, &after.0));
    }
    if before.1 != after.1 {
        return Err(first_difference("comment", &before.1, &after.1));
    }
    let tree = |t: &str| syntax::parse(0, t).map(|f| without_spans(&format!("{f:?}")));
    if tree(text).ok() != tree(formatted).ok() {
        return Err("the formatted text parses to another syntax tree".into());
    }
    let (a, b) = (
        load::load_text(path, text),
        load::load_text(path, formatted),
    );
    match (&a.game, &b.game) {
        (Ok(a), Ok(b)) => {
            if ir_json(a) != ir_json(b) {
                return Err("the formatted text checks to another game".into());
            }
        }
        (Err(a), Err(b)) => {
            if messages(a) != messages(b) {
                return Err("the formatted text has other diagnostics".into());
            }
        }
        _ => return Err("the formatted text checks differently".into()),
    }
    match layout_of(formatted) {
        Ok(again) if again == formatted => Ok(()),
        _ => Err("the formatted text formats differently again".into()),
    }
}

/// Where two lists first differ, for [`FormatError::Unsafe`].
fn first_difference(what: &str, a: &[String], b: &[String]) -> String {
    let at = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    format!(
        "{what} {} would become {}",
        a.get(at).map_or("(none)".into(), |w| format!("`{w}`")),
        b.get(at).map_or("(none)".into(), |w| format!("`{w}`"))
    )
}

/// A checked game as JSON, without any field that is a place in a file
/// (named `span`, or ending in `_span` or `_spans`), which the formatter
/// moves.
fn ir_json(game: &crate::ir::Game) -> serde_json::Value {
    fn strip(value: &mut serde_json::Value) {
        match value {
            serde_json::Value::Object(map) => {
                map.retain(|k, _| {
                    !(k == "span" || k == "spans" || k.ends_with("_span") || k.ends_with("_spans"))
                });
                map.values_mut().for_each(strip);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut value = serde_json::to_value(game).unwrap_or_default();
    strip(&mut value);
    value
}

/// Diagnostics without their places: message, label and hint, sorted.
fn messages(diagnostics: &[Diagnostic]) -> Vec<(String, String, Option<String>)> {
    let mut all: Vec<_> = diagnostics
        .iter()
        .map(|d| (d.message.clone(), d.label.clone(), d.hint.clone()))
        .collect();
    all.sort();
    all
}

/// A syntax tree's debug text with every byte range (`12..15`) outside its
/// quoted strings replaced by `_`: the tree without its spans.
fn without_spans(debug: &str) -> String {
    let mut out = String::with_capacity(debug.len());
    let mut chars = debug.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '"' {
            out.push(c);
            while let Some(c) = chars.next() {
                out.push(c);
                match c {
                    '\\' => out.extend(chars.next()),
                    '"' => break,
                    _ => {}
                }
            }
        } else if c.is_ascii_digit() && !out.ends_with(|p: char| p.is_alphanumeric() || p == '_') {
            let mut number = String::from(c);
            while let Some(d) = chars.next_if(char::is_ascii_digit) {
                number.push(d);
            }
            let rest: String = chars.clone().take(2).collect();
            if rest == ".." {
                chars.next();
                chars.next();
                while chars.next_if(char::is_ascii_digit).is_some() {}
                out.push('_');
            } else {
                out.push_str(&number);
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{verify, without_spans};
    use std::path::Path;

    #[test]
    fn a_layout_that_changes_the_game_is_refused() {
        let path = Path::new("games/x.game");
        let text = "variant \"x\" of \"alquerque.game\"\n\nrules {\n  capture optional\n}\n";
        assert_eq!(verify(path, text, text), Ok(()));
        let changed = text.replace("optional", "compulsory");
        assert!(verify(path, text, &changed).unwrap_err().contains("word"));
        let uncommented = text.replace("rules {", "rules { // note");
        assert!(
            verify(path, &uncommented, text)
                .unwrap_err()
                .contains("comment")
        );
        let unstable = text.replace("  capture", "capture");
        assert!(verify(path, text, &unstable).unwrap_err().contains("again"));
    }

    #[test]
    fn spans_are_removed_outside_strings() {
        assert_eq!(
            without_spans(r#"Name { text: "1..6", span: 12..15 }, Capture(None, 3..4)"#),
            r#"Name { text: "1..6", span: _ }, Capture(None, _)"#
        );
    }
}
