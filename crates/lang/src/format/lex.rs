//! The formatter's lexer: a file's text as words, punctuation and comments,
//! each with the line breaks before it. The parser's smallest pieces (see
//! [`Leaf`]) are kept whole, so a mark such as `(` or a roll such as `6-6`
//! is never split or spaced as punctuation.

use crate::syntax::{Leaf, Outline};
use std::collections::HashMap;

/// What a piece of text is, for spacing and line breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A piece the parser reads as one: a name, number, mark or string.
    Leaf,
    /// A comparison operator, spaced like `=>`.
    Operator,
    /// A keyword of the grammar (`capture`, `and`, `board`).
    Keyword,
    /// Punctuation of the grammar: `:`, `,`, `=>`, `..`, braces ...
    Punct,
    /// A `//` comment to the end of its line.
    Comment,
}

/// One piece of text.
#[derive(Clone, Debug)]
pub(super) struct Event {
    /// Where it starts.
    pub start: usize,
    /// Its text (a comment without its trailing spaces).
    pub text: String,
    /// What it is.
    pub kind: Kind,
    /// The line breaks between it and the piece before it.
    pub newlines: usize,
}

/// Punctuation, longest first.
const PUNCT: &[&str] = &[
    "=>", ">=", "<=", "!=", "..", ":", ",", "/", "+", "*", "(", ")", "{", "}", "=", "<", ">",
];

/// The grammar's white space.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n')
}

/// The pieces of `text`, parsed as `outline`.
pub(super) fn lex(text: &str, outline: &Outline) -> Vec<Event> {
    let leaves: HashMap<usize, &Leaf> = outline.leaves.iter().map(|l| (l.span.start, l)).collect();
    let mut events = Vec::new();
    let mut newlines = 0;
    let mut at = 0;
    while let Some(c) = text[at..].chars().next() {
        let rest = &text[at..];
        if is_space(c) {
            newlines += usize::from(c == '\n');
            at += 1;
            continue;
        }
        let (len, kind) = if rest.starts_with("//") {
            (rest.find('\n').unwrap_or(rest.len()), Kind::Comment)
        } else if let Some(leaf) = leaves.get(&at).filter(|l| {
            text[l.span.clone()].starts_with('"') || !text[l.span.clone()].contains(is_space)
        }) {
            let kind = if leaf.operator {
                Kind::Operator
            } else {
                Kind::Leaf
            };
            (leaf.span.len(), kind)
        } else if let Some(p) = PUNCT.iter().find(|p| rest.starts_with(**p)) {
            (p.len(), Kind::Punct)
        } else {
            let mut len = c.len_utf8();
            for (i, d) in rest.char_indices().skip(1) {
                let after = &rest[i..];
                if is_space(d)
                    || after.starts_with("//")
                    || PUNCT.iter().any(|p| after.starts_with(*p))
                    || leaves.contains_key(&(at + i))
                {
                    break;
                }
                len = i + d.len_utf8();
            }
            (len, Kind::Keyword)
        };
        let piece = &text[at..at + len];
        events.push(Event {
            start: at,
            text: if kind == Kind::Comment {
                piece.trim_end().to_string()
            } else {
                piece.to_string()
            },
            kind,
            newlines,
        });
        newlines = 0;
        at += len;
    }
    events
}

/// The words and punctuation of `text`, and its comments, in order: what
/// formatting must keep.
pub(super) fn words(text: &str, outline: &Outline) -> (Vec<String>, Vec<String>) {
    let (mut words, mut comments) = (Vec::new(), Vec::new());
    for e in lex(text, outline) {
        if e.kind == Kind::Comment {
            comments.push(e.text);
        } else {
            words.push(e.text);
        }
    }
    (words, comments)
}
