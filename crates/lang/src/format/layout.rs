//! The formatter's layout: the file's pieces grouped into units (the
//! header, each section's opening line, each item, each closing brace),
//! each comment attached to a unit, then every unit written out.

use super::MAX_WIDTH;
use super::lex::{Event, Kind};
use crate::syntax::Outline;

/// What a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    /// `game "..."` or `variant "..." of "..."`.
    Header,
    /// A section's keyword, name and opening brace.
    Open,
    /// One item of a section.
    Item,
    /// A section's closing brace.
    Close,
}

/// A piece of a unit: a word or punctuation, or a comment inside it
/// (`true`: on a line of its own).
enum Piece {
    Word(String, Kind),
    Comment(String, bool),
}

/// One unit and the comments attached to it.
struct Unit {
    part: Part,
    /// Whether the section it opens has no braces (`player white`).
    braceless: bool,
    /// Comments on their own lines before it, each with whether a blank
    /// line was before it.
    leading: Vec<(String, bool)>,
    /// Whether a blank line was before its first word.
    blank_before: bool,
    pieces: Vec<Piece>,
    /// The comment after its last word, on the same line.
    trailing: Option<String>,
}

/// A line of output: its words (indentation included) and the comment
/// after them, if any.
type Line = (String, Option<String>);

/// The canonical text of a file whose pieces are `events`.
pub(super) fn layout(text: &str, outline: &Outline, events: &[Event]) -> String {
    let (mut units, tail) = units(text, outline, events);
    merge_empty_sections(&mut units);
    let mut out: Vec<Line> = Vec::new();
    for i in 0..units.len() {
        let unit = &units[i];
        let prev = i.checked_sub(1).map(|p| &units[p]);
        let (indent, comment_indent) = match unit.part {
            Part::Header | Part::Open => (0, 0),
            Part::Item => (2, 2),
            Part::Close => (0, 2),
        };
        // Whether the first line of this unit (a comment or its words)
        // follows a blank line, given the original's.
        let first_blank = |blank: bool| match unit.part {
            Part::Header => blank,
            Part::Open => {
                // Sections are apart, except one-line sections in a row
                // (`player white`, `player black`) as written.
                !(unit.braceless && prev.is_some_and(|p| p.braceless)) || blank
            }
            Part::Item | Part::Close => prev.is_none_or(|p| p.part != Part::Open) && blank,
        };
        for (j, (comment, blank)) in unit.leading.iter().enumerate() {
            if if j == 0 { first_blank(*blank) } else { *blank } {
                blank_line(&mut out);
            }
            push_line(&mut out, comment_indent, comment);
        }
        let blank = match unit.part {
            Part::Close => false,
            _ if unit.leading.is_empty() => first_blank(unit.blank_before),
            _ => unit.blank_before,
        };
        if blank {
            blank_line(&mut out);
        }
        out.extend(lines(indent, &unit.pieces, unit.trailing.as_deref()));
    }
    for (comment, blank) in &tail {
        if *blank {
            blank_line(&mut out);
        }
        push_line(&mut out, 0, comment);
    }
    aligned(&out)
}

/// The lines as text, the comments after the words of consecutive lines
/// aligned two spaces after the widest of their words.
fn aligned(lines: &[Line]) -> String {
    let width = |s: &str| s.chars().count();
    let mut out = String::new();
    let mut i = 0;
    while i < lines.len() {
        let run = lines[i..]
            .iter()
            .take_while(|(_, c)| c.is_some())
            .count()
            .max(1);
        let column = lines[i..i + run]
            .iter()
            .map(|(words, _)| width(words))
            .max()
            .unwrap_or(0)
            + 2;
        for (words, comment) in &lines[i..i + run] {
            out.push_str(words);
            if let Some(comment) = comment {
                out.push_str(&" ".repeat(column - width(words)));
                out.push_str(comment);
            }
            out.push('\n');
        }
        i += run;
    }
    out
}

/// Adds a blank line, unless there is no line yet or already a blank one.
fn blank_line(out: &mut Vec<Line>) {
    if out
        .last()
        .is_some_and(|(words, c)| !words.is_empty() || c.is_some())
    {
        out.push((String::new(), None));
    }
}

fn push_line(out: &mut Vec<Line>, indent: usize, text: &str) {
    out.push((format!("{}{text}", " ".repeat(indent)), None));
}

/// The units of the file, and the comments after its last word.
fn units(text: &str, outline: &Outline, events: &[Event]) -> (Vec<Unit>, Vec<(String, bool)>) {
    let mut starts: Vec<(usize, Part, bool)> = vec![(outline.header.start, Part::Header, false)];
    for section in &outline.sections {
        let braced = text[..section.span.end].ends_with('}');
        starts.push((section.span.start, Part::Open, !braced));
        starts.extend(section.items.iter().map(|s| (s.start, Part::Item, false)));
        if braced {
            starts.push((section.span.end - 1, Part::Close, false));
        }
    }
    let unit_of = |at: usize| starts.partition_point(|s| s.0 <= at).saturating_sub(1);
    let mut units: Vec<Unit> = starts
        .iter()
        .map(|&(_, part, braceless)| Unit {
            part,
            braceless,
            leading: Vec::new(),
            blank_before: false,
            pieces: Vec::new(),
            trailing: None,
        })
        .collect();
    // The unit of the next word after each piece.
    let mut next_word = vec![None; events.len()];
    let mut next = None;
    for (k, e) in events.iter().enumerate().rev() {
        next_word[k] = next;
        if e.kind != Kind::Comment {
            next = Some(unit_of(e.start));
        }
    }
    let mut tail = Vec::new();
    let mut last: Option<usize> = None;
    for (k, e) in events.iter().enumerate() {
        if e.kind != Kind::Comment {
            let u = unit_of(e.start);
            let unit = &mut units[u];
            if !unit.pieces.iter().any(|p| matches!(p, Piece::Word(..))) {
                unit.blank_before = e.newlines >= 2;
            }
            unit.pieces.push(Piece::Word(e.text.clone(), e.kind));
            last = Some(u);
            continue;
        }
        let comment = e.text.clone();
        let own_line = e.newlines > 0 || last.is_none();
        match (last, next_word[k]) {
            (Some(a), Some(b)) if a == b => units[a].pieces.push(Piece::Comment(comment, own_line)),
            (Some(a), _) if !own_line => units[a].trailing = Some(comment),
            (_, Some(b)) => units[b].leading.push((comment, e.newlines >= 2)),
            (_, None) => tail.push((comment, e.newlines >= 2)),
        }
    }
    (units, tail)
}

/// Writes a section without items or inner comments on one line:
/// `board {}`.
fn merge_empty_sections(units: &mut Vec<Unit>) {
    let mut i = 0;
    while i + 1 < units.len() {
        let mergeable = units[i].part == Part::Open
            && units[i].trailing.is_none()
            && units[i + 1].part == Part::Close
            && units[i + 1].leading.is_empty();
        if mergeable {
            let close = units.remove(i + 1);
            units[i].pieces.extend(close.pieces);
            units[i].trailing = close.trailing;
        }
        i += 1;
    }
}

/// Whether two words are written with a space between them.
fn spaced(a: (&str, Kind), b: (&str, Kind)) -> bool {
    let punct =
        |(text, kind): (&str, Kind), set: &[&str]| kind == Kind::Punct && set.contains(&text);
    !(punct(b, &[":", ",", ")", ".."])
        || punct(a, &["(", ".."])
        || (punct(a, &["{"]) && punct(b, &["}"])))
}

/// Whether a long unit may be broken between two words: after a comma, or
/// before `and`, `or`, `=>` or `/`.
fn breakable(a: (&str, Kind), b: (&str, Kind)) -> bool {
    (a.1 == Kind::Punct && a.0 == ",")
        || (b.1 == Kind::Keyword && matches!(b.0, "and" | "or"))
        || (b.1 == Kind::Punct && matches!(b.0, "=>" | "/"))
}

/// A unit's lines at `indent`: its words joined, broken where it is wider
/// than [`MAX_WIDTH`] and after each comment inside it, further lines
/// indented by two more spaces.
fn lines(indent: usize, pieces: &[Piece], trailing: Option<&str>) -> Vec<Line> {
    // Runs of words that stay on one line, each with whether it follows a
    // comment (and so starts a line).
    enum Run {
        Words(String),
        Comment(String, bool),
    }
    let mut runs: Vec<Run> = Vec::new();
    let mut prev: Option<(&str, Kind)> = None;
    for piece in pieces {
        match piece {
            Piece::Word(text, kind) => {
                let word = (text.as_str(), *kind);
                match (prev, runs.last_mut()) {
                    (Some(p), Some(Run::Words(run))) if !breakable(p, word) || !spaced(p, word) => {
                        if spaced(p, word) {
                            run.push(' ');
                        }
                        run.push_str(text);
                    }
                    _ => runs.push(Run::Words(text.clone())),
                }
                prev = Some(word);
            }
            Piece::Comment(text, own_line) => {
                runs.push(Run::Comment(text.clone(), *own_line));
                prev = None;
            }
        }
    }
    let width = |s: &str| s.chars().count();
    let (first, further) = (" ".repeat(indent), " ".repeat(indent + 2));
    let mut out = Vec::new();
    let mut line = first.clone();
    let mut empty = true;
    for run in &runs {
        match run {
            Run::Words(words) => {
                if empty {
                    line.push_str(words);
                } else if width(&line) + 1 + width(words) <= MAX_WIDTH {
                    line.push(' ');
                    line.push_str(words);
                } else {
                    out.push((
                        std::mem::replace(&mut line, format!("{further}{words}")),
                        None,
                    ));
                }
                empty = false;
            }
            Run::Comment(text, own_line) => {
                if *own_line {
                    if !empty {
                        out.push((std::mem::replace(&mut line, further.clone()), None));
                    }
                    out.push((format!("{further}{text}"), None));
                } else {
                    let words = std::mem::replace(&mut line, further.clone());
                    out.push((words, Some(text.clone())));
                }
                empty = true;
            }
        }
    }
    if !empty || trailing.is_some() {
        out.push((line, trailing.map(str::to_string)));
    }
    out
}
