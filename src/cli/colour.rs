//! Whether diagnostics are drawn in colour: on a terminal, unless
//! `NO_COLOR` is set (<https://no-color.org>); plain text into files and
//! pipes.

use ludus::diag::Style;
use std::io::IsTerminal;

/// The style of diagnostics written to standard error.
pub(crate) fn on_stderr() -> Style {
    let no_colour = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    if !no_colour && std::io::stderr().is_terminal() {
        Style::Colour
    } else {
        Style::Plain
    }
}
