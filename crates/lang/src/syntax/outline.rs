//! The layout of a file as the parser sees it, for the formatter: where the
//! header, each section and each item begin, and the parser's smallest
//! pieces of text (names, numbers, marks, strings, operators), which the
//! formatter must keep whole.
//!
//! It names no section and no item: a new section or item of the grammar
//! gets an outline, and so a layout, without code here.

use super::parser::{GameParser, Rule};
use crate::diag::Span;
use pest::Parser;

/// Where the parts of a parsed file begin.
#[derive(Clone, Debug, Default)]
pub struct Outline {
    /// The `game` or `variant` header.
    pub header: Span,
    /// The sections, in file order.
    pub sections: Vec<OutlineSection>,
    /// The smallest pieces of text the grammar reads, in file order.
    pub leaves: Vec<Leaf>,
}

/// One section's span and its items' spans.
#[derive(Clone, Debug)]
pub struct OutlineSection {
    /// The whole section, from its keyword to its closing brace (or to its
    /// name, for `player white` without braces).
    pub span: Span,
    /// Where each item begins and ends (an item's end may run over the
    /// spaces and comments after it).
    pub items: Vec<Span>,
}

/// A piece of text the grammar reads as one: a name, a number, a mark, a
/// quoted string, a word such as `compulsory`, or a comparison operator.
#[derive(Clone, Debug)]
pub struct Leaf {
    /// Where it stands.
    pub span: Span,
    /// Whether it is a comparison operator (`>=`), spaced as one.
    pub operator: bool,
}

/// The outline of a file's text, or `None` when it does not parse (see
/// [`super::parse_all`] for its diagnostics).
pub fn outline(text: &str) -> Option<Outline> {
    let root = GameParser::parse(Rule::file, text).ok()?.next()?;
    let mut out = Outline::default();
    let mut skip_to = 0;
    for pair in root.clone().into_inner().flatten() {
        let span = pair.as_span();
        if span.start() < skip_to {
            continue;
        }
        // A string is one piece with its quotes, whatever is inside.
        if pair.as_rule() == Rule::string || pair.clone().into_inner().next().is_none() {
            if span.start() < span.end() {
                out.leaves.push(Leaf {
                    span: span.start()..span.end(),
                    operator: pair.as_rule() == Rule::compare,
                });
            }
            skip_to = span.end();
        }
    }
    for pair in root.into_inner() {
        let span = pair.as_span().start()..pair.as_span().end();
        match pair.as_rule() {
            Rule::EOI => {}
            Rule::game_header | Rule::variant_header => out.header = span,
            _ => {
                // A section's leading names are its own (`player white`);
                // every other part is an item.
                let items = pair
                    .into_inner()
                    .skip_while(|p| p.as_rule() == Rule::name)
                    .map(|p| p.as_span().start()..p.as_span().end())
                    .collect();
                out.sections.push(OutlineSection { span, items });
            }
        }
    }
    Some(out)
}
