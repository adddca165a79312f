//! `ludus explain`: why a move is legal or not, printed with the rule
//! lines that decide it (see [`ludus::explain`]); also the text of the
//! REPL's refusals.

use crate::{Failure, engine, position_with_dice};
use ludus::diag::Diagnostic;
use ludus::explain::{Explanation, MAX_TRIALS, RuleRef, Rules};
use std::path::Path;
use std::process::ExitCode;

pub(crate) fn explain(
    file: &Path,
    position: Option<&str>,
    dice: Option<&str>,
    words: &[String],
    json: bool,
) -> Result<ExitCode, Failure> {
    let (engine, _) = engine(file)?;
    let rules = Rules::load(file).map_err(Failure::Message)?;
    let st = position_with_dice(&engine, position, dice)?;
    let text = words.join(" ");
    // Text that is no move at all, or a roll with too many turns: exit 1.
    let explained = ludus::explain::explain(&rules, &engine, &st, &text)?;
    if json {
        say!("{}", serde_json::to_string(&explained)?);
    } else {
        say_part!("{}", render(&rules, &explained));
    }
    Ok(ExitCode::SUCCESS)
}

/// A rule as a diagnostic at its line.
fn diagnostic(rule: &RuleRef, message: String, label: String, hint: Option<String>) -> Diagnostic {
    let d = Diagnostic::error(rule.file_id, rule.span.clone(), message, label);
    match hint {
        Some(h) => d.with_hint(h),
        None => d,
    }
}

/// An explanation as text: the verdict, what the move does or why not,
/// and each rule that decides it drawn at its line.
pub(crate) fn render(rules: &Rules, explained: &Explanation) -> String {
    let mut out = String::new();
    match explained {
        Explanation::Legal {
            text,
            player,
            does,
            allowed_by,
            shaped_by,
            satisfies,
            needs_forbidden,
            cut,
        } => {
            out.push_str(&format!("`{text}` is legal for {player}.\n"));
            for line in does {
                out.push_str(&format!("  - {line}\n"));
            }
            out.push('\n');
            let groups = [
                (
                    allowed_by,
                    "allowed by",
                    "without this rule it would not be legal",
                ),
                (
                    shaped_by,
                    "what it does depends on",
                    "without this rule it would leave another position",
                ),
                (
                    satisfies,
                    "satisfies",
                    "it meets this obligation, which forbids other moves here",
                ),
                (
                    needs_forbidden,
                    "legal only because of",
                    "without this rule other moves would be obliged instead",
                ),
            ];
            for (list, what, label) in groups {
                for rule in list {
                    let phrase = if rule.change.starts_with("without it") {
                        without(&rule.change)
                    } else {
                        format!("as `{}`", rule.change)
                    };
                    let (label, hint) = match rule.change.as_str() {
                        "without it" => (label.to_string(), None),
                        "what it does" => ("this rule says what the move does".to_string(), None),
                        _ if what == "satisfies" => (
                            label.to_string(),
                            Some(format!("{phrase}, more moves would be legal here")),
                        ),
                        _ => (
                            label.to_string(),
                            Some(format!("{phrase}, the move would not be legal")),
                        ),
                    };
                    let d = diagnostic(
                        rule,
                        format!("{what} `{}` ({})", rule.text, rule.section),
                        label,
                        hint,
                    );
                    out.push_str(&rules.sources.render_note(&d));
                }
            }
            if allowed_by.is_empty()
                && shaped_by.is_empty()
                && satisfies.is_empty()
                && needs_forbidden.is_empty()
            {
                out.push_str("No single rule item decides it: the board and the setup allow it.\n");
            }
            if *cut {
                out.push_str(&cut_note());
            }
        }
        Explanation::Illegal { .. } => out.push_str(&refusal(rules, explained)),
    }
    out
}

/// The text of an illegal move's explanation, as `explain` prints it and
/// the REPL refuses the move.
pub(crate) fn refusal(rules: &Rules, explained: &Explanation) -> String {
    let Explanation::Illegal {
        text,
        reason,
        nearest,
        ..
    } = explained
    else {
        return String::new();
    };
    let mut out = format!("illegal move `{text}`: {reason}\n");
    out.push_str(&forbidding(rules, explained));
    if nearest.is_empty() {
        out.push_str("there is no legal move here\n");
    } else {
        out.push_str(&format!("nearest legal moves: {}\n", nearest.join(", ")));
    }
    out
}

/// The rules that forbid an illegal move, each drawn at its line (the
/// first in the file first), or why none is shown.
pub(crate) fn forbidding(rules: &Rules, explained: &Explanation) -> String {
    let Explanation::Illegal {
        text,
        forbidden_by,
        together,
        cut,
        ..
    } = explained
    else {
        return String::new();
    };
    let mut out = String::new();
    let diagnostics: Vec<Diagnostic> = forbidden_by
        .iter()
        .enumerate()
        .map(|(i, rule)| {
            let (message, label) = if *together {
                (
                    format!(
                        "`{text}` is forbidden by `{}` ({}), with the other rules shown",
                        rule.text, rule.section
                    ),
                    "forbids it, with the others".to_string(),
                )
            } else if i == 0 {
                (
                    format!(
                        "`{text}` is forbidden by `{}` ({})",
                        rule.text, rule.section
                    ),
                    "forbids it".to_string(),
                )
            } else {
                (
                    format!(
                        "`{text}` is also forbidden by `{}` ({})",
                        rule.text, rule.section
                    ),
                    "forbids it too".to_string(),
                )
            };
            let hint = if *together {
                format!(
                    "changed all together ({}), the move would be legal",
                    forbidden_by
                        .iter()
                        .map(|r| format!("`{}`: {}", r.text, r.change))
                        .collect::<Vec<_>>()
                        .join("; ")
                )
            } else if rule.change == "what it does" {
                "this rule keeps the man pinned there".to_string()
            } else if rule.change.starts_with("without it") {
                format!("{}, `{text}` would be legal", without(&rule.change))
            } else {
                format!("as `{}`, `{text}` would be legal", rule.change)
            };
            diagnostic(rule, message, label, Some(hint))
        })
        .collect();
    if diagnostics.is_empty() {
        out.push_str(
            "no rule item of the file forbids it alone or with others (each was tried removed and relaxed): the position itself does\n",
        );
    } else {
        // In file order, as `Sources::render` sorts them; the first is the
        // first rule that forbids it.
        out.push_str(&rules.sources.render(&diagnostics));
    }
    if *cut {
        out.push_str(&cut_note());
    }
    out
}

/// A removal as a hint says it: `without this rule and ...`.
fn without(change: &str) -> String {
    change.replacen("without it", "without this rule", 1)
}

fn cut_note() -> String {
    format!(
        "(the explanation stopped after trying {MAX_TRIALS} changed games, MAX_TRIALS: some rules may be missing)\n"
    )
}
