//! `ludus list`: the bundled games, each with its name (what `play`,
//! `serve` and every command accept in place of a file), its title, its
//! family (the `family` its file or base names), its players and whether
//! it throws dice.

use crate::Failure;
use ludus::bundled;
use serde_json::json;

/// One bundled game as `list` shows it.
struct Listed {
    name: &'static str,
    title: String,
    family: String,
    players: Vec<String>,
    dice: bool,
    base: Option<String>,
}

/// The bundled games, sorted by family and then by name.
fn listed() -> Vec<Listed> {
    let mut games: Vec<Listed> = bundled::names()
        .filter_map(|name| {
            let loaded = bundled::load(name)?;
            // A bundled game always checks (`tests/bundled.rs`).
            let game = loaded.game.ok()?;
            let base = bundled::text(name).and_then(base_of);
            Some(Listed {
                name,
                title: game.name.clone(),
                family: game.family.clone().unwrap_or_else(|| "-".into()),
                players: game.player_names().into_iter().map(str::to_owned).collect(),
                dice: game.dice.is_some(),
                base,
            })
        })
        .collect();
    games.sort_by(|a, b| (&a.family, a.name).cmp(&(&b.family, b.name)));
    games
}

/// The bundled game a variant's text builds on (`of "alquerque.game"`).
fn base_of(text: &str) -> Option<String> {
    let base = ludus::syntax::parse_all(0, text).ok()?.base?;
    Some(base.text.trim_end_matches(".game").to_owned())
}

/// Prints the bundled games: a table, or with `json` one array.
pub(crate) fn list(json: bool) -> Result<(), Failure> {
    let games = listed();
    if json {
        let rows: Vec<_> = games
            .iter()
            .map(|g| {
                json!({
                    "name": g.name,
                    "title": g.title,
                    "family": g.family,
                    "players": g.players,
                    "dice": g.dice,
                    "variant_of": g.base,
                })
            })
            .collect();
        say!("{}", serde_json::Value::Array(rows));
        return Ok(());
    }
    let width = games.iter().map(|g| g.name.len()).max().unwrap_or(4).max(4);
    let title_width = games
        .iter()
        .map(|g| g.title.chars().count())
        .max()
        .unwrap_or(5)
        .max(5);
    say!(
        "{:width$}  {:title_width$}  {:9}  {:7}  NOTES",
        "NAME",
        "TITLE",
        "FAMILY",
        "PLAYERS"
    );
    for g in &games {
        let mut notes = Vec::new();
        if g.dice {
            notes.push("dice".to_owned());
        }
        if let Some(base) = &g.base {
            notes.push(format!("variant of {base}"));
        }
        let row = format!(
            "{:width$}  {:title_width$}  {:9}  {:7}  {}",
            g.name,
            g.title,
            g.family,
            g.players.len(),
            notes.join(", ")
        );
        say!("{}", row.trim_end());
    }
    say!(
        "\n{} games: `ludus play NAME` plays one, `ludus show NAME` sums up its rules.",
        games.len()
    );
    Ok(())
}
