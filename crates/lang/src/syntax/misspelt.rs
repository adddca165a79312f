//! A misspelt keyword named where it stands. The parser reports where it
//! could go no further, which after a misspelt keyword is often later, and
//! about something else: `links orthogonl` reads as `link s orthogonl`
//! and fails at the next line, expecting a name. So a syntax error is
//! moved onto a word of its item that is not a word of the language but
//! is within two edits of one, with that word as a suggestion; what the
//! parser expected stays in the hint.

use crate::diag::Diagnostic;
use crate::diag::{edit_distance, suggest};

/// The grammar, whose quoted literals are the language's words.
const GRAMMAR: &str = include_str!("../../../../grammar/game.pest");

/// The language's words: the grammar's quoted literals of three letters or
/// more (`orthogonal`, `compulsory`, `bear`).
fn keywords() -> Vec<&'static str> {
    let mut words: Vec<&str> = GRAMMAR
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .flat_map(|l| l.split('"').skip(1).step_by(2))
        .filter(|w| w.len() >= 3 && w.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
        .collect();
    words.sort_unstable();
    words.dedup();
    words
}

/// `d`, a syntax error in `text`, moved onto a misspelt keyword of the
/// item it stops in, if it has one (see the module's documentation).
pub(super) fn retarget(text: &str, d: Diagnostic) -> Diagnostic {
    let at = d.span.start.min(text.len());
    let Some((word, span)) = misspelt_before(text, at) else {
        return d;
    };
    let keywords = keywords();
    let Some(hint) = suggest(word, keywords.iter().copied()) else {
        return d;
    };
    let stopped = format!(
        "{hint} (the parser stopped further on: {})",
        d.message.to_lowercase()
    );
    Diagnostic::error(
        d.file,
        span,
        format!("`{word}` is not a word of the language"),
        "misspelt?",
    )
    .with_hint(stopped)
}

/// The first word from the start of the item that ends at `at` (the line
/// of `at`, or the line before where `at` begins a line or a `}`), up to
/// the end of the line of `at`, that is near a keyword but is none.
fn misspelt_before(text: &str, at: usize) -> Option<(&str, std::ops::Range<usize>)> {
    let line_start = |i: usize| text[..i].rfind('\n').map_or(0, |n| n + 1);
    let mut from = line_start(at);
    let before = text[from..at].trim();
    if before.is_empty() || before == "}" {
        // The item is on the line before (skipping blank lines).
        let mut end = from;
        while end > 0 {
            let start = line_start(end - 1);
            if !text[start..end].trim().is_empty() {
                from = start;
                break;
            }
            end = start;
        }
    }
    let to = text[at..].find('\n').map_or(text.len(), |n| at + n);
    let keywords = keywords();
    let mut i = from;
    let region = &text[..to];
    while i < to {
        let rest = &region[i..];
        if rest.starts_with("//") {
            // A comment runs to the end of its line.
            i += rest.find('\n').unwrap_or(rest.len());
            continue;
        }
        if let Some(quoted) = rest.strip_prefix('"') {
            i += 1 + quoted.find('"').map_or(quoted.len(), |n| n + 1);
            continue;
        }
        let c = rest.chars().next()?;
        if !c.is_ascii_alphabetic() {
            i += c.len_utf8();
            continue;
        }
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
            .unwrap_or(rest.len());
        let word = &rest[..len];
        let near = word.len() >= 4
            && !keywords.contains(&word)
            && !named_elsewhere(text, word)
            && keywords.iter().any(|k| {
                let d = edit_distance(word, k);
                d > 0 && d <= 2 && d < word.len() / 2
            });
        if near {
            return Some((word, i..i + len));
        }
        i += len;
    }
    None
}

/// Whether `word` stands as a whole word more than once in `text`
/// (comments aside): a name the file gives (`player white`), not a
/// misspelling, which stands once.
fn named_elsewhere(text: &str, word: &str) -> bool {
    let words = text
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .flat_map(|l| l.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_')));
    words.filter(|w| *w == word).nth(1).is_some()
}

#[cfg(test)]
mod tests {
    use super::{keywords, retarget};
    use crate::diag::Diagnostic;

    /// A name the file declares is not taken for a misspelt keyword: in
    /// `white man: a1 c1` (a comma missing), `white` is a player's name,
    /// near `while` but no misspelling.
    #[test]
    fn a_declared_name_is_not_a_misspelt_keyword() {
        let text = "player white\nsetup {\n  white man: a1 c1\n}\n";
        let at = text.find("c1").unwrap();
        let d = Diagnostic::error(0, at..at + 2, "expected `,`".to_string(), "here");
        let kept = retarget(text, d);
        assert_eq!(kept.span, at..at + 2, "{}", kept.message);
        // Standing once, a word near a keyword is taken for its misspelling.
        let text = "board {\n  links orthogonl\n}\n";
        let at = text.find('}').unwrap();
        let d = Diagnostic::error(0, at..at + 1, "expected a name".to_string(), "here");
        assert!(retarget(text, d).message.contains("`orthogonl`"));
    }

    #[test]
    fn the_grammar_s_words_are_keywords() {
        let words = keywords();
        for w in ["orthogonal", "compulsory", "advance", "forbid", "links"] {
            assert!(words.contains(&w), "{w}: {words:?}");
        }
        assert!(!words.iter().any(|w| w.contains(' ')));
    }
}
