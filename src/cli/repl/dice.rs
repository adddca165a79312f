//! Dice games in the `play` REPL: the throw (`roll`, or `dice 5 3` for real
//! dice), turns built one die move at a time from the legal sequences of the
//! roll, the dice left to play, and why a die move typed cannot follow those
//! typed so far.

use super::Session;
use ludus::engine::Engine;
use ludus::in_progress::{Extended, step_text};
use ludus::ir::Priority;
use ludus::notation::{self, find_move, parse_dice};
use ludus::render;

impl Session<'_> {
    /// Whether the player to move must still throw the dice.
    pub(super) fn needs_roll(&self) -> bool {
        self.game.to_throw()
    }

    /// The dice thrown, such as `5-3`.
    pub(super) fn roll_text(&self) -> String {
        self.game.roll_text()
    }

    /// The roll as the line announcing it names it: a double that starts a
    /// climbing sequence played a double a turn says what follows.
    pub(super) fn rolled_text(&self) -> String {
        let roll = self.roll_text();
        match self.engine.next_climbing_double(self.game.state()) {
            Some(next) => {
                format!("{roll}: a climbing double, then {next}-{next} once it is played in full")
            }
            None => roll,
        }
    }

    /// A roll to show in examples, such as `5 3`, for this game's dice.
    pub(super) fn example_roll(&self) -> String {
        let Some(dice) = self.engine.game().dice else {
            return String::new();
        };
        if dice.values.is_some() || dice.summed {
            // The largest number a die (or the sum) shows, for each die.
            let high = dice.numbers().last().copied().unwrap_or(1).to_string();
            return vec![high; dice.shown()].join(" ");
        }
        let mut faces: Vec<u8> = [5, 3, 6, 2, 4, 1]
            .into_iter()
            .filter(|&f| f <= dice.faces)
            .collect();
        if faces.is_empty() {
            faces.push(1);
        }
        let values: Vec<String> = (0..dice.count as usize)
            .map(|i| faces[i % faces.len()].to_string())
            .collect();
        values.join(" ")
    }

    /// What to say when the dice are not thrown yet.
    pub(super) fn roll_first(&self) -> String {
        format!(
            "{} must roll first: type `roll`, or `dice {}` for a roll thrown with real dice",
            self.mover(),
            self.example_roll()
        )
    }

    /// Throws the dice: with the seeded generator, or as typed.
    pub(crate) fn throw(&mut self, typed: Option<&str>, out: &mut String) {
        let refusal = if !self.needs_roll() && !self.game.thrown() {
            Some("this game has no dice".to_string())
        } else if self.game.over() {
            Some("the game is over".into())
        } else if !self.needs_roll() {
            Some(format!(
                "the dice are already thrown ({}): type your die moves, or `moves`",
                self.roll_text()
            ))
        } else {
            None
        };
        if let Some(refusal) = refusal {
            out.push_str(&refusal);
            out.push('\n');
            return;
        }
        match typed {
            None => {
                self.game.throw_if_due();
            }
            Some(text) => match parse_dice(self.engine, text) {
                Ok(dice) => self.game.set_dice(dice),
                Err(e) => {
                    out.push_str(&format!("bad roll: {e}\n"));
                    return;
                }
            },
        }
        out.push_str(&format!("{} rolls {}\n", self.mover(), self.rolled_text()));
        out.push_str(&render::board_seen_by(
            self.engine,
            self.game.state(),
            self.view,
        ));
        self.advance(out);
    }

    /// Reads a line typed as a move: in a turn that begins with a throw,
    /// a menu number, a whole turn, or die moves that go on from those
    /// typed so far ([`Session::choose`] elsewhere).
    pub(super) fn choose_typed(&self, input: &str) -> Result<Extended, String> {
        if !self.needs_roll() && !self.game.thrown() {
            return self.choose(input).map(Extended::Turn);
        }
        if self.game.over() {
            return Err("the game is over".into());
        }
        let digits = input.chars().all(|c| c.is_ascii_digit());
        if digits && !self.menu().is_empty() {
            return self.pick(input).map(Extended::Turn);
        }
        let (st, moves) = (self.game.state(), self.game.legal());
        if st.dice[0] == ludus::ir::CHOOSING {
            // The player chooses his dice: `choose 5-5`, a whole turn.
            return find_move(self.engine, st, moves, input).map(Extended::Turn);
        }
        let first = input.split_whitespace().next().unwrap_or_default();
        if first.chars().all(char::is_alphabetic)
            && !first.eq_ignore_ascii_case("pass")
            && !self.is_site(first)
        {
            return Err(super::unknown_command(input));
        }
        if digits {
            return Err(format!(
                "`{input}` is not a move: type `moves` first to number the legal turns"
            ));
        }
        if self.needs_roll() {
            return Err(self.roll_first());
        }
        if let Some(unlisted) = self.game.unlisted() {
            // Too many routes to follow die move by die move: whole turns only.
            return match find_move(self.engine, st, moves, input) {
                Ok(m) => Ok(Extended::Turn(m)),
                // Not explained by the rules: each changed game would list
                // as many turns again.
                Err(e) => Err(format!(
                    "{e}; {unlisted}: too many to follow die move by die move, so type the whole turn at once, or pick one with `moves`"
                )),
            };
        }
        if self.game.typed().is_empty()
            && let Ok(m) = find_move(self.engine, st, moves, input)
        {
            return Ok(Extended::Turn(m));
        }
        let words = die_moves(self.engine, input);
        self.game.extend(&words).map_err(|k| {
            let Some(word) = words.get(k) else {
                return format!("`{input}` names no die move");
            };
            let mut before = self.game.typed().to_vec();
            before.extend_from_slice(&words[..k]);
            self.refuse(&before, word, words.len() > 1)
        })
    }

    /// Why the die move `word` cannot follow the die moves `before`.
    fn refuse(&self, before: &[String], word: &str, more: bool) -> String {
        let mover = self.mover();
        let next = self.game.continuations(before);
        let playable = if next.is_empty() {
            "no die move can follow them: this is a whole turn already".to_string()
        } else if before.is_empty() {
            format!("the turn may begin with: {}", next.join(", "))
        } else {
            format!("the next die move may be: {}", next.join(", "))
        };
        let ignored = if more {
            " (nothing of this line was played)"
        } else {
            ""
        };
        if word == "pass" {
            return format!("{mover} cannot pass: {playable}");
        }
        let why = match word.split_once('/') {
            None => format!("`{word}` is not a die move: write one as FROM/TO, like `13/18`"),
            Some((from, to)) => match (self.track_site(from), self.track_site(to)) {
                (None, _) => format!("`{from}` is not a point of {mover}'s track"),
                (_, None) => format!("`{to}` is not a point of {mover}'s track"),
                (Some(a), Some((b, _))) => self.why_not(before, word, a, b),
            },
        };
        format!(
            "{why}{ignored}; {playable}{}",
            self.rules_forbidding(before, word)
        )
    }

    /// The rules that forbid the die move `word` after those `before`,
    /// drawn at their lines as `ludus explain` draws them (after a line
    /// break), or nothing.
    fn rules_forbidding(&self, before: &[String], word: &str) -> String {
        let Some(rules) = self.rules else {
            return String::new();
        };
        let mut typed = before.to_vec();
        typed.push(word.to_string());
        match ludus::explain::explain_die_moves(rules, self.engine, self.game.state(), &typed) {
            Ok(Some(explained @ ludus::explain::Explanation::Illegal { .. })) if matches!(&explained, ludus::explain::Explanation::Illegal { forbidden_by, .. } if !forbidden_by.is_empty()) =>
            {
                let text = crate::cli::explain::forbidding(rules, &explained);
                format!("\n{}", text.trim_end())
            }
            _ => String::new(),
        }
    }

    /// Why the die move `word`, from track position `a` (site `from`) to
    /// `b`, cannot follow the die moves `before`.
    fn why_not(
        &self,
        before: &[String],
        word: &str,
        (a, from): (usize, usize),
        b: usize,
    ) -> String {
        let mover = self.mover();
        let player = self.game.to_move();
        let game = self.engine.game();
        let track = self.engine.track(player);
        let last = track.len() - 1;
        // A point as the mover writes it.
        let name = |i: usize| notation::track_point_text(self.engine, player, i);
        let after = if before.is_empty() {
            String::new()
        } else {
            format!("after {}, ", before.join(" "))
        };
        // The position and the dice after the die moves before this one.
        let view = self.game.view_after(before);
        let own = |s: usize| view.piece(s).is_some_and(|(p, _)| p == player);
        if b <= a {
            return format!("`{word}` does not go forward along {mover}'s track");
        }
        if !own(from) {
            return format!(
                "{after}{mover} has no man on {}",
                game.board.sites[from].name
            );
        }
        // The first `first from` zone where he has men.
        let first = game.rules.first_from.iter().find_map(|zone| {
            game.players[player]
                .regions
                .iter()
                .find(|r| r.name == *zone)
                .and_then(|r| r.sites.first().copied())
                .filter(|&z| own(z))
        });
        if let Some(z) = first
            && z != from
        {
            return format!(
                "{after}{mover} must first move his men from {}",
                game.board.sites[z].name
            );
        }
        // A placement spends any die.
        let placing = a == 0 && game.enters_by_placing();
        let mut left: Vec<u8> = self.game.left_after(before).concat();
        left.sort_unstable_by(|x, y| y.cmp(x));
        left.dedup();
        let fits: Vec<u8> = left
            .iter()
            .copied()
            .filter(|&d| placing || a + d as usize == b || (b == last && a + d as usize > b))
            .collect();
        let dice: Vec<String> = left.iter().map(u8::to_string).collect();
        if fits.is_empty() {
            let left = match dice.len() {
                1 => format!("the die left is {}", dice[0]),
                _ => format!("the dice left are {}", dice.join("-")),
            };
            return format!("{after}`{word}` moves {} points, but {left}", b - a);
        }
        // The same die move alone, with nothing else to play: legal or not?
        let alone = fits.iter().any(|&d| {
            let mut probe = view.clone();
            probe.dice = [d, 0, 0, 0];
            let mut sequences = Vec::new();
            let listed = self.engine.all_sequences(&mut probe, &mut sequences);
            listed.is_ok()
                && sequences
                    .iter()
                    .any(|m| m.len > 0 && step_text(self.engine, probe.to_move, m.steps[0]) == word)
        });
        if alone {
            let rules: Vec<String> = game
                .rules
                .play
                .iter()
                .map(|p| match p {
                    Priority::MostDice => "use as many dice as it can".into(),
                    Priority::LargerDie => "use the larger die when only one can be used".into(),
                    Priority::MostPips => "move the most pips".into(),
                    Priority::MostCaptures => "capture the most pieces".into(),
                    Priority::From(i) => {
                        let from = &game.rules.play_from[usize::from(*i)];
                        match &from.when {
                            Some(c) => format!("move from {} while {c}", from.region),
                            None => format!("move from {}", from.region),
                        }
                    }
                })
                .collect();
            format!(
                "{after}`{word}` would leave the dice badly played: the turn must {}",
                rules.join(", then ")
            )
        } else {
            let how = if b == last { "go to" } else { "land on" };
            format!(
                "{after}`{word}` is not allowed: a man may not {how} {} here",
                name(b)
            )
        }
    }

    /// A point of the mover's track as written in a die move: its number,
    /// or the name of the site at either end (a zone such as the bar).
    fn track_site(&self, word: &str) -> Option<(usize, usize)> {
        notation::track_site(self.engine, self.game.to_move(), word)
    }
}

/// The die moves of a line, lower case, spaces around `/` closed up:
/// `13 / 18  18/21` is `13/18`, `18/21`; in games that write die moves
/// counting down, `8/5(2)` is `8/5`, `8/5` and `24/18/13` is `24/18`,
/// `18/13`, and hit marks are dropped.
fn die_moves(engine: &Engine, text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in text.split_whitespace().map(str::to_lowercase) {
        match out.last_mut() {
            Some(last) if last.ends_with('/') || w.starts_with('/') => last.push_str(&w),
            _ => out.push(w),
        }
    }
    if engine.game().dice.is_some_and(|d| d.notation_down) {
        notation::die_move_words(engine, &out.join(" ")).unwrap_or(out)
    } else {
        out
    }
}
