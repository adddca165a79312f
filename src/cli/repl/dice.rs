//! Dice games in the `play` REPL: the throw (`roll`, or `dice 5 3` for real
//! dice), turns built one die move at a time from the legal sequences of the
//! roll, the dice left to play, and why a die move typed cannot follow those
//! typed so far.

use super::Session;
use ludus::engine::{Engine, Move, State, Step};
use ludus::ir::Priority;
use ludus::notation::{self, find_move, move_text, parse_dice};
use ludus::render;

/// What a line typed in a dice game asks for.
pub(super) enum DiceInput {
    /// A complete turn, to play.
    Turn(Move),
    /// Die moves that begin a legal turn: all those typed so far this turn.
    Part(Vec<String>),
}
impl Session<'_> {
    /// Whether the player to move must still throw the dice.
    pub(super) fn needs_roll(&self) -> bool {
        self.engine.has_dice() && self.st.dice.iter().all(|&d| d == 0)
    }

    /// The dice thrown, such as `5-3`.
    pub(super) fn roll_text(&self) -> String {
        ludus::notation::dice_text(&self.st).unwrap_or_default()
    }

    /// The roll as the line announcing it names it: a double that starts a
    /// climbing sequence played a double a turn says what follows.
    pub(super) fn rolled_text(&self) -> String {
        let roll = self.roll_text();
        match self.engine.next_climbing_double(&self.st) {
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

    /// The legal sequences that begin with the die moves `typed`.
    pub(super) fn extending(&self, typed: &[String]) -> Vec<usize> {
        (0..self.sequences.len())
            .filter(|&i| self.sequence_steps[i].starts_with(typed))
            .collect()
    }

    /// The position after the die moves typed so far, the mover still to move.
    pub(super) fn view(&self) -> State {
        self.view_after(&self.partial)
    }

    /// The position after the die moves `typed`, the mover still to move
    /// with the same roll.
    fn view_after(&self, typed: &[String]) -> State {
        let mut view = self.st.clone();
        if typed.is_empty() {
            return view;
        }
        let Some(&i) = self.extending(typed).first() else {
            return view;
        };
        let mut part = self.sequences[i];
        part.len = typed.len() as u8;
        self.engine.play_unchecked(&mut view, &part);
        view.to_move = self.st.to_move;
        view.dice = self.st.dice;
        view.idle = self.st.idle;
        view.turns = self.st.turns;
        view
    }

    /// The dice still to play after the die moves typed so far, such as `3`
    /// or `5-5-5` (alternatives joined by `or` when the dice used are not
    /// decided, as when either die bears a man off).
    pub(super) fn dice_left(&self) -> String {
        let options: Vec<String> = self
            .left_after(&self.partial)
            .iter()
            .map(|left| {
                let text: Vec<String> = left.iter().map(u8::to_string).collect();
                if text.is_empty() {
                    "none".to_string()
                } else {
                    text.join("-")
                }
            })
            .collect();
        options.join(" or ")
    }

    /// The dice left after the die moves `typed`, largest first: one list
    /// per way of having played them.
    fn left_after(&self, typed: &[String]) -> Vec<Vec<u8>> {
        let Some(dice) = self.engine.game().dice else {
            return Vec::new();
        };
        let thrown: Vec<u8> = self
            .st
            .dice
            .iter()
            .copied()
            .filter(|&d| d != 0 && d != ludus::ir::ZERO_THROW)
            .collect();
        let doubles = thrown.len() > 1 && thrown.iter().all(|&d| d == thrown[0]);
        let times = if doubles && dice.doubles_twice { 2 } else { 1 };
        let all: Vec<u8> = thrown
            .iter()
            .flat_map(|&d| std::iter::repeat_n(d, times))
            .collect();
        let mut options: Vec<Vec<u8>> = Vec::new();
        for i in self.extending(typed) {
            let mut left = all.clone();
            for s in &self.sequences[i].steps()[..typed.len()] {
                if let Some(k) = left.iter().position(|&d| d == s.die) {
                    left.remove(k);
                }
            }
            left.sort_unstable_by(|a, b| b.cmp(a));
            if !options.contains(&left) {
                options.push(left);
            }
        }
        options
    }

    /// The die moves that may follow those typed so far, in the engine's order.
    pub(super) fn next_die_moves(&self, typed: &[String]) -> Vec<String> {
        let mut next: Vec<String> = Vec::new();
        for i in self.extending(typed) {
            if let Some(t) = self.sequence_steps[i].get(typed.len())
                && !next.contains(t)
            {
                next.push(t.clone());
            }
        }
        next
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
        let refusal = if !self.engine.has_dice() {
            Some("this game has no dice".to_string())
        } else if self.finished {
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
            None => self.engine.roll(&mut self.st, &mut self.rng),
            Some(text) => match parse_dice(self.engine, text) {
                Ok(dice) => self.st.dice = dice,
                Err(e) => {
                    out.push_str(&format!("bad roll: {e}\n"));
                    return;
                }
            },
        }
        self.refresh();
        out.push_str(&format!("{} rolls {}\n", self.mover(), self.rolled_text()));
        out.push_str(&render::board(self.engine, &self.st));
        self.advance(out);
    }

    /// Reads a line of a dice game: a menu number, a whole turn, or die moves
    /// that go on from those typed so far.
    pub(super) fn choose_dice(&self, input: &str) -> Result<DiceInput, String> {
        if self.finished {
            return Err("the game is over".into());
        }
        let digits = input.chars().all(|c| c.is_ascii_digit());
        if digits && !self.menu.is_empty() {
            return self.pick(input).map(DiceInput::Turn);
        }
        if self.st.dice[0] == ludus::ir::CHOOSING {
            // The player chooses his dice: `choose 5-5`, a whole turn.
            return find_move(self.engine, &self.st, &self.moves, input).map(DiceInput::Turn);
        }
        let first = input.split_whitespace().next().unwrap_or_default();
        if first.chars().all(char::is_alphabetic)
            && !first.eq_ignore_ascii_case("pass")
            && !self.is_site(first)
        {
            return Err(format!(
                "unknown command `{input}`: type `help` for the commands"
            ));
        }
        if digits {
            return Err(format!(
                "`{input}` is not a move: type `moves` first to number the legal turns"
            ));
        }
        if self.needs_roll() {
            return Err(self.roll_first());
        }
        if let Some(unlisted) = self.unlisted {
            // Too many routes to follow die move by die move: whole turns only.
            return match find_move(self.engine, &self.st, &self.moves, input) {
                Ok(m) => Ok(DiceInput::Turn(m)),
                // Not explained by the rules: each changed game would list
                // as many turns again.
                Err(e) => Err(format!(
                    "{e}; {unlisted}: too many to follow die move by die move, so type the whole turn at once, or pick one with `moves`"
                )),
            };
        }
        if self.partial.is_empty()
            && let Ok(m) = find_move(self.engine, &self.st, &self.moves, input)
        {
            return Ok(DiceInput::Turn(m));
        }
        let words = die_moves(self.engine, input);
        let mut typed = self.partial.clone();
        for word in &words {
            typed.push(word.clone());
            if self.extending(&typed).is_empty() {
                return Err(self.refuse(&typed[..typed.len() - 1], word, words.len() > 1));
            }
        }
        let found = self.extending(&typed);
        if found
            .iter()
            .all(|&i| self.sequence_steps[i].len() == typed.len())
        {
            Ok(DiceInput::Turn(self.sequences[found[0]]))
        } else {
            Ok(DiceInput::Part(typed))
        }
    }

    /// Why the die move `word` cannot follow the die moves `before`.
    fn refuse(&self, before: &[String], word: &str, more: bool) -> String {
        let mover = self.mover();
        let next = self.next_die_moves(before);
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
        match ludus::explain::explain_die_moves(rules, self.engine, &self.st, &typed) {
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
        let player = self.st.to_move as usize;
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
        let view = self.view_after(before);
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
        let mut left: Vec<u8> = self.left_after(before).concat();
        left.sort_unstable_by(|x, y| y.cmp(x));
        left.dedup();
        let fits: Vec<u8> = left
            .iter()
            .copied()
            .filter(|&d| a + d as usize == b || (b == last && a + d as usize > b))
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
            let rules: Vec<&str> = game
                .rules
                .play
                .iter()
                .map(|p| match p {
                    Priority::MostDice => "use as many dice as it can",
                    Priority::LargerDie => "use the larger die when only one can be used",
                    Priority::MostPips => "move the most pips",
                    Priority::MostCaptures => "capture the most pieces",
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
        notation::track_site(self.engine, self.st.to_move as usize, word)
    }
}

/// One die move of `mover` in notation, such as `13/18`, without a hit's
/// mark (`13/7*` is typed and matched as `13/7`).
pub(super) fn step_text(engine: &Engine, mover: u8, step: Step) -> String {
    let mut m = Move::PASS;
    m.mover = mover;
    m.len = 1;
    m.steps[0] = step;
    move_text(engine, &m).replace('*', "")
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
