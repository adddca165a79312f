//! Recovery at section boundaries: once a whole file fails to parse, each
//! section after the first mistake is parsed alone, so that a mistake in one
//! section does not hide the mistakes in the others.
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

/// The syntax errors of the sections that start after `first`, the file's
/// first error, each parsed alone: one diagnostic per failing section.
pub(super) fn later_errors(file: FileId, text: &str, first: &Diagnostic) -> Vec<Diagnostic> {
    let starts = section_starts(text);
    let mut errors = Vec::new();
    for (i, &start) in starts.iter().enumerate() {
        if start <= first.span.start {
            continue;
        }
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        if let Err(e) = GameParser::parse(Rule::section_alone, &text[start..end]) {
            let mut d = syntax_error(file, e);
            d.span = d.span.start + start..d.span.end + start;
            errors.push(super::misspelt::retarget(text, d));
        }
    }
    errors
}
