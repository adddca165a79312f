//! Recovery at section boundaries and items: once a whole file fails to
//! parse, each section from the first mistake on is parsed alone, so that
//! a mistake in one section does not hide the mistakes in the others; and
//! within a section, each mistaken item's line is blanked in turn, so that
//! one item's mistake does not hide the next's.
//!
//! A section starts on a line that begins, in its first column, with a
//! section keyword; the text from there to the next such line (comments
//! included) is parsed with the grammar's `section_alone` rule, and its
//! error is moved back to the file's byte offsets.

use super::errors::syntax_error;
use super::parser::{GameParser, Rule};
use crate::diag::{Diagnostic, FileId};
use pest::Parser;

/// The words that open a section, as the grammar's `section` rule lists
/// them (`invariants` included for the section of that name).
const SECTION_KEYWORDS: &[&str] = &[
    "board",
    "player",
    "track",
    "piece",
    "dice",
    "setup",
    "rules",
    "end",
    "stakes",
    "invariants",
];

/// The byte offsets of the lines that start a section: lines beginning, in
/// their first column, with a section keyword followed by a space, a brace,
/// a comment or the end of the line.
pub(super) fn section_starts(text: &str) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let opens = SECTION_KEYWORDS.iter().any(|word| {
            line.strip_prefix(word).is_some_and(|rest| {
                rest.is_empty()
                    || rest.starts_with([' ', '\t', '\r', '\n', '{'])
                    || rest.starts_with("//")
            })
        });
        if opens {
            starts.push(at);
        }
        at += line.len();
    }
    starts
}

/// The most syntax errors reported in one section.
const MAX_PER_SECTION: usize = 16;

/// The syntax errors after `first`, the file's first error: those of the
/// section it is in, past it, and those of each later section, each
/// section parsed alone (see [`section_errors`]).
pub(super) fn later_errors(file: FileId, text: &str, first: &Diagnostic) -> Vec<Diagnostic> {
    let starts = section_starts(text);
    let mut errors = Vec::new();
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        if end <= first.span.start {
            continue;
        }
        let within = (start <= first.span.start).then_some(first);
        errors.extend(section_errors(file, text, start..end, within));
    }
    errors
}

/// The syntax errors of the section at `range` of `text`, parsed alone:
/// after each error, its line (the item it is in) is blanked and the
/// section parsed again, so that every mistaken item is reported, until
/// the section parses, a mistake is on a line that opens or closes a
/// block (blanking it would only mislead), or the parser makes no
/// progress. With `first`, an error already reported in the section: the
/// errors past it.
fn section_errors(
    file: FileId,
    text: &str,
    range: std::ops::Range<usize>,
    first: Option<&Diagnostic>,
) -> Vec<Diagnostic> {
    let mut section = text[range.clone()].to_string();
    let mut found: Vec<Diagnostic> = Vec::new();
    let mut last = first.cloned();
    for _ in 0..MAX_PER_SECTION {
        if let Some(d) = &last
            && !blank_line(&mut section, d.span.start.saturating_sub(range.start))
        {
            break;
        }
        let Err(e) = GameParser::parse(Rule::section_alone, &section) else {
            break;
        };
        let mut d = syntax_error(file, e);
        d.span = d.span.start + range.start..d.span.end + range.start;
        let d = super::misspelt::retarget(text, d);
        if last.as_ref().is_some_and(|l| d.span.start <= l.span.start) {
            break;
        }
        found.push(d.clone());
        last = Some(d);
    }
    found
}

/// Blanks the line of `section` that holds byte `at`, keeping every
/// offset; false (and nothing blanked) where that line opens or closes a
/// block, or `at` is past the section.
fn blank_line(section: &mut String, at: usize) -> bool {
    if at >= section.len() || !section.is_char_boundary(at) {
        return false;
    }
    let start = section[..at].rfind('\n').map_or(0, |n| n + 1);
    let end = section[at..].find('\n').map_or(section.len(), |n| at + n);
    let line = &section[start..end];
    let code = line.split("//").next().unwrap_or("");
    if code.contains(['{', '}']) {
        return false;
    }
    let blank = " ".repeat(line.len());
    section.replace_range(start..end, &blank);
    true
}
