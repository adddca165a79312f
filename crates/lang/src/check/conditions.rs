//! Checking conditions: sums of counts compared, `here` terms, the
//! regions and zones they read in either player's frame, and what each
//! use of a condition (forbid, pass, bear off, end) may read.

use super::{Checker, suggest};
use crate::diag::{FileId, Span};
use crate::ir;
use crate::syntax::{Cond, ItemKind, Name, SectionKind, Term, Whose};

/// The largest number in a condition, and the most the numbers of one side
/// of a comparison may add up to.
pub const MAX_CONDITION_NUMBER: u32 = 10_000;

/// Where a condition is used, which decides what it may read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CondUse {
    /// `forbid`: judged for a landing site (`here`).
    Forbid,
    /// `pass`: judged for the player to move, before his turn.
    Pass,
    /// `bear off when`: judged for the mover before each die move.
    BearOff,
    /// An end rule: judged for each player after every die move, only when
    /// something it reads has changed.
    End,
    /// The `while` of a no-progress counter: judged as an end rule is.
    While,
    /// An invariant: judged for each player in every position of
    /// `ludus check` (in dice games, the only use that may count
    /// `own|opponent pieces`).
    Invariant,
    /// `when` on a piece's line or action: judged for the mover before his
    /// turn (games without dice).
    Phase,
}

impl Checker<'_> {
    /// Reports `here vulnerable` in a game where no run is vulnerable.
    pub(super) fn needs_vulnerable(&mut self, file: FileId, cond: &Cond) {
        match cond {
            Cond::Or(parts) | Cond::And(parts) => {
                for c in parts {
                    self.needs_vulnerable(file, c);
                }
            }
            Cond::Not(c) => self.needs_vulnerable(file, c),
            Cond::HereVulnerable(span) => self.error(
                file,
                span.clone(),
                "`here vulnerable` never holds: no rule makes a run of points vulnerable",
                "never holds",
                Some(if self.has_dice {
                    "add `vulnerable runs longer than N` to the rules".into()
                } else {
                    "runs of points are vulnerable in games with dice only: judge the landing site by its region, `here in REGION`".into()
                }),
            ),
            Cond::HereIn(..)
            | Cond::FromIn(..)
            | Cond::Compare(..)
            | Cond::Player(..)
            | Cond::Moving(..)
            | Cond::Die(..)
            | Cond::LineOf(..)
            | Cond::Connects(..)
            | Cond::Connected(..) => {}
        }
    }

    /// Checks a condition: every region must exist for every player, `here`
    /// only makes sense where there is a landing site, and a comparison in
    /// an end rule must read the position.
    pub(super) fn condition(
        &mut self,
        players: &[ir::Player],
        file: FileId,
        cond: &Cond,
        used: CondUse,
    ) -> ir::Cond {
        let here = used == CondUse::Forbid;
        match cond {
            Cond::Or(parts) => ir::Cond::Or(
                parts
                    .iter()
                    .map(|c| self.condition(players, file, c, used))
                    .collect(),
            ),
            Cond::And(parts) => ir::Cond::And(
                parts
                    .iter()
                    .map(|c| self.condition(players, file, c, used))
                    .collect(),
            ),
            Cond::Not(c) => ir::Cond::Not(Box::new(self.condition(players, file, c, used))),
            Cond::HereIn(frame, region, span) => {
                if !here {
                    self.no_landing(file, span, "here in");
                }
                self.region(players, file, region);
                if *frame == Some(Whose::Opponent) {
                    self.foreign_zone(file, region, Whose::Own, "here");
                }
                ir::Cond::HereIn(frame.unwrap_or(Whose::Own), region.text.clone())
            }
            Cond::FromIn(frame, region, span) => {
                if !here {
                    self.error(
                        file,
                        span.clone(),
                        "`from in` needs a move, and this condition judges none",
                        "no move here",
                        Some("`from in REGION` may be used in `forbid` rules only".into()),
                    );
                }
                self.region(players, file, region);
                if *frame == Some(Whose::Opponent) {
                    self.foreign_zone(file, region, Whose::Own, "from");
                }
                ir::Cond::FromIn(frame.unwrap_or(Whose::Own), region.text.clone())
            }
            Cond::Player(name, _) => {
                if !players.iter().any(|p| p.name == name.text) {
                    let known = players.iter().map(|p| p.name.as_str());
                    self.error(
                        file,
                        name.span.clone(),
                        format!("there is no player `{}`", name.text),
                        "unknown player",
                        suggest(&name.text, known),
                    );
                }
                ir::Cond::Player(name.text.clone())
            }
            Cond::HereVulnerable(span) => {
                if !here {
                    self.no_landing(file, span, "here vulnerable");
                }
                ir::Cond::HereVulnerable
            }
            Cond::Moving(kind, span) => {
                if !here {
                    self.error(
                        file,
                        span.clone(),
                        "`moving KIND` needs a move, and this condition judges none",
                        "no move here",
                        Some("`moving KIND` may be used in `forbid` rules only".into()),
                    );
                }
                self.known_kind(file, kind);
                ir::Cond::Moving(kind.text.clone())
            }
            Cond::Die(op, n, span) => {
                if !here || !self.has_dice {
                    self.error(
                        file,
                        span.clone(),
                        "`die` reads the die a die move plays, and this condition judges none",
                        "no die move here",
                        Some(if self.has_dice {
                            "`die` may be used in `forbid` rules only".into()
                        } else {
                            "a game without dice moves no piece by a die".into()
                        }),
                    );
                }
                let n = self.number(file, n, 0, 255).unwrap_or(0);
                ir::Cond::Die(*op, n)
            }
            Cond::LineOf(w, n, exactly, span) => {
                let sites = self.board.as_ref().map_or(0, |b| b.sites.len());
                let n = self.number(file, n, 2, (sites as u32).max(2)).unwrap_or(2);
                if self.has_dice {
                    self.error(
                        file,
                        span.clone(),
                        "`line of N` reads the lines of a board's links, and the men of a game with dice go along tracks",
                        "not in a game with dice",
                        Some("count the men in a region instead, such as `own men in home >= 15`".into()),
                    );
                } else if let Some(board) = &self.board
                    && super::lines::straight_lines(board, n as usize).is_empty()
                {
                    self.error(
                        file,
                        span.clone(),
                        format!("the board has no {n} sites in a row, each linked to the next in one direction"),
                        "never holds",
                        Some("link the sites in the directions the lines run (`links all`), or ask for a shorter line".into()),
                    );
                }
                if *exactly {
                    self.chain_use(
                        file,
                        span,
                        used,
                        ["line of exactly", "own line of exactly 5", "the line"],
                    );
                    return ir::Cond::ExactLine(*w, n);
                }
                ir::Cond::LineOf(*w, n)
            }
            Cond::Connected(w, span) => {
                self.chain_use(
                    file,
                    span,
                    used,
                    ["pieces connected", "own pieces connected", "the group"],
                );
                ir::Cond::Connected(*w)
            }
            Cond::Connects(w, (fa, a), (fb, b), span) => {
                self.region(players, file, a);
                self.region(players, file, b);
                self.chain_use(
                    file,
                    span,
                    used,
                    ["connects", "own connects A to B", "the chain"],
                );
                ir::Cond::Connects(
                    *w,
                    (fa.unwrap_or(*w), a.text.clone()),
                    (fb.unwrap_or(*w), b.text.clone()),
                )
            }
            Cond::Compare(a, op, b, span) => {
                for t in a.iter().chain(b) {
                    if let (Term::MenHere(_, span), false) = (t, here) {
                        self.no_landing(file, span, "men here");
                    } else if let (Term::MenHere(_, span), false) = (t, self.has_dice) {
                        self.error(
                            file,
                            span.clone(),
                            "`men here` counts none: a piece of a game without dice lands on an empty site",
                            "always 0",
                            Some("judge the landing site by its region instead: `here in REGION`".into()),
                        );
                    }
                    let counted_here = used == CondUse::Invariant || !self.has_dice;
                    if let (Term::Captured(_, span), true) = (t, self.has_dice) {
                        self.error(
                            file,
                            span.clone(),
                            "the men of a game with dice are hit, not captured",
                            "not in a game with dice",
                            Some("count the men hit to a zone instead, such as `opponent men in bar`".into()),
                        );
                    }
                    if let (Term::InHand(_, span), true) = (t, self.has_dice) {
                        self.error(
                            file,
                            span.clone(),
                            "a game with dice has no pieces in hand: its men start on the board or in its zones",
                            "no hand here",
                            Some("count the men in a zone instead, such as `own men in bar`".into()),
                        );
                    }
                    if !self.has_dice {
                        let dice_term = match t {
                            Term::OwnPoints(..) => Some("own points"),
                            Term::OpenPoints(..) => Some("open points"),
                            _ => None,
                        };
                        if let Some(what) = dice_term {
                            self.error(
                                file,
                                span.clone(),
                                format!("`{what}` counts the points of a game with dice, and this game has none"),
                                "needs dice",
                                Some("count pieces instead: `own pieces`, `own men in REGION` or `own pieces in hand`".into()),
                            );
                        }
                    }
                    // A dice game's men are of one kind, which never leaves
                    // the board: its count over the board is the side's men,
                    // always as many.
                    if let (Term::KindPieces(w, kind, span, None), true) = (t, self.has_dice) {
                        let whose = if *w == Whose::Own { "own" } else { "opponent" };
                        self.error(
                            file,
                            span.clone(),
                            format!("`{whose} {} pieces` counts every man of a side, and a game with dice always has all of them: it never changes", kind.text),
                            "always the same",
                            Some(format!("count the men of a region: `{whose} {} pieces in home`", kind.text)),
                        );
                    }
                    if let (Term::Pieces(w, span), false) = (t, counted_here) {
                        let whose = if *w == Whose::Own { "own" } else { "opponent" };
                        self.error(
                            file,
                            span.clone(),
                            format!("`{whose} pieces` may be counted in invariants only"),
                            "not in an invariant",
                            Some(format!(
                                "count `{whose} men in REGION` here, or state the condition in an `invariants` section"
                            )),
                        );
                    }
                }
                let needs_position = matches!(
                    used,
                    CondUse::End | CondUse::While | CondUse::Invariant | CondUse::Phase
                );
                if needs_position && !reads_position(a, b) {
                    self.error(
                        file,
                        span.clone(),
                        "this comparison reads nothing of the position: it holds always or never",
                        "reads nothing",
                        Some(if matches!(used, CondUse::End | CondUse::While | CondUse::Phase) {
                            "an end rule is judged when something it counts changes: compare a count such as `own men in off` with a number"
                                .into()
                        } else {
                            "an invariant states something of every position: compare a count such as `own pieces` with a number"
                                .into()
                        }),
                    );
                }
                let a = self.sum(players, file, a);
                let b = self.sum(players, file, b);
                ir::Cond::Compare(a, *op, b)
            }
        }
    }

    /// Reports a piece kind the game does not declare.
    fn known_kind(&mut self, file: FileId, kind: &Name) {
        if !self.kind_names.contains(&kind.text) {
            let known = self.kind_names.clone();
            self.error(
                file,
                kind.span.clone(),
                format!("there is no piece `{}`", kind.text),
                "unknown piece",
                suggest(&kind.text, known.iter().map(String::as_str)).or(Some(format!(
                    "the pieces of this game are `{}`",
                    known.join("`, `")
                ))),
            );
        }
    }

    /// Refuses a condition that reads a chain or group of pieces
    /// (`connects`, `pieces connected`, written `what`) outside an end rule
    /// or an invariant, or in a game with dice.
    fn chain_use(
        &mut self,
        file: FileId,
        span: &Span,
        used: CondUse,
        [what, example, noun]: [&str; 3],
    ) {
        if self.has_dice {
            self.error(
                file,
                span.clone(),
                format!("`{what}` follows the links of a board, and the men of a game with dice go along tracks"),
                "not in a game with dice",
                Some("count the men in a region instead, such as `own men in home >= 15`".into()),
            );
        } else if !matches!(used, CondUse::End | CondUse::Invariant) {
            self.error(
                file,
                span.clone(),
                format!("`{what}` is judged after each turn, by an end rule (`NAME: {example} => win`) or an invariant"),
                "not in an end rule",
                Some(format!("judge {noun} in the `end` section, or in `invariants`")),
            );
        }
    }

    fn no_landing(&mut self, file: FileId, span: &Span, what: &str) {
        self.error(
            file,
            span.clone(),
            format!("`{what}` needs a landing site, and this condition has none"),
            "no landing site here",
            Some("`here` may be used in `forbid` rules only".into()),
        );
    }

    /// One side of a comparison; its numbers may add up to at most
    /// [`MAX_CONDITION_NUMBER`].
    fn sum(&mut self, players: &[ir::Player], file: FileId, terms: &[Term]) -> Vec<ir::Term> {
        let mut total: u64 = 0;
        let mut reported = false;
        let mut out = Vec::with_capacity(terms.len());
        for t in terms {
            out.push(match t {
                Term::Number(n) => {
                    let value = self.number(file, n, 0, MAX_CONDITION_NUMBER).unwrap_or(0);
                    total += u64::from(value);
                    if total > u64::from(MAX_CONDITION_NUMBER) && !reported {
                        reported = true;
                        self.error(
                            file,
                            n.span.clone(),
                            format!(
                                "the numbers of one side of a comparison add up to more than {MAX_CONDITION_NUMBER}"
                            ),
                            "the sum passes the limit here",
                            Some(format!(
                                "the numbers of each side may add up to at most {MAX_CONDITION_NUMBER}: write their sum as one number"
                            )),
                        );
                    }
                    ir::Term::Number(value as i32)
                }
                Term::MenHere(w, _) => ir::Term::MenHere(*w),
                Term::MenIn(w, frame, r) => {
                    self.region(players, file, r);
                    let frame = frame.unwrap_or(*w);
                    if frame != *w {
                        let term = if *w == Whose::Own { "own men" } else { "opponent men" };
                        self.foreign_zone(file, r, *w, term);
                    }
                    ir::Term::MenIn(*w, frame, r.text.clone())
                }
                Term::PinnedIn(w, frame, r, span) => {
                    self.region(players, file, r);
                    let frame = frame.unwrap_or(*w);
                    if frame != *w {
                        let term = if *w == Whose::Own {
                            "own pinned men"
                        } else {
                            "opponent pinned men"
                        };
                        self.foreign_zone(file, r, *w, term);
                    }
                    self.needs_pinning(file, span);
                    ir::Term::PinnedIn(*w, frame, r.text.clone())
                }
                Term::OwnPoints(frame, r) => {
                    self.region(players, file, r);
                    let frame = frame.unwrap_or(Whose::Own);
                    if frame == Whose::Opponent {
                        self.foreign_zone(file, r, Whose::Own, "own points");
                    }
                    ir::Term::OwnPoints(frame, r.text.clone())
                }
                Term::SeedsIn(frame, r, span) => {
                    self.region(players, file, r);
                    self.needs_sowing(file, span);
                    ir::Term::SeedsIn(frame.unwrap_or(Whose::Own), r.text.clone())
                }
                Term::OpenPoints(frame, r) => {
                    self.region(players, file, r);
                    ir::Term::OpenPoints(frame.unwrap_or(Whose::Own), r.text.clone())
                }
                Term::Pieces(w, _) => ir::Term::Pieces(*w),
                Term::InHand(w, _) => ir::Term::InHand(*w),
                Term::Captured(w, _) => ir::Term::Captured(*w),
                Term::KindPieces(w, kind, _, region) => {
                    self.known_kind(file, kind);
                    let region = region.as_ref().map(|(frame, r)| {
                        self.region(players, file, r);
                        (frame.unwrap_or(*w), r.text.clone())
                    });
                    match region {
                        // A dice game's one kind: its men in the region.
                        Some((frame, r)) if self.has_dice => ir::Term::MenIn(*w, frame, r),
                        region => ir::Term::KindPieces(*w, kind.text.clone(), region),
                    }
                }
            });
        }
        out
    }

    /// Reports a count of pinned men in a game whose rules pin no man.
    fn needs_pinning(&mut self, file: FileId, span: &Span) {
        let pins = self
            .sections(SectionKind::Rules)
            .flat_map(|s| s.items.iter())
            .any(|i| matches!(i.kind, ItemKind::Pin));
        if !pins {
            self.error(
                file,
                span.clone(),
                "no man is ever pinned in this game, so this counts nothing",
                "always 0",
                Some("add `pin blots` to the rules, or count `men in` instead".into()),
            );
        }
    }

    /// Reports `seeds in` in a game where nothing is sown: it counts nothing.
    fn needs_sowing(&mut self, file: FileId, span: &Span) {
        let sows = self
            .sections(SectionKind::Piece)
            .flat_map(|s| s.items.iter())
            .any(|i| matches!(i.kind, ItemKind::Sow(_)));
        if !sows {
            self.error(
                file,
                span.clone(),
                "no piece is sown in this game, so no site holds seeds",
                "always 0",
                Some("give a piece `sow from own REGION into own REGION`, or count `men in` or pieces instead".into()),
            );
        }
    }

    /// Reports a count (`term`: `own men`, `own points` ...; `here` for a
    /// landing) of `whose` men in a zone of the other side, which holds
    /// only that side's men and so always counts nothing.
    fn foreign_zone(&mut self, file: FileId, region: &Name, whose: Whose, term: &str) {
        let zone = self
            .sections(SectionKind::Board)
            .flat_map(|s| s.items.iter())
            .any(|i| matches!(&i.kind, ItemKind::Zone(z) if z.text == region.text));
        if !zone {
            return;
        }
        let (men, other) = match whose {
            Whose::Own => ("the player's", "the opponent's"),
            Whose::Opponent => ("the opponent's", "the player's"),
        };
        self.error(
            file,
            region.span.clone(),
            format!(
                "{men} men never stand in {other} `{}`: a zone holds its owner's men only, so this {}",
                region.text,
                if term == "here" || term == "from" { "never holds" } else { "counts nothing" }
            ),
            "the other side's zone",
            Some(format!(
                "write `{term} in {0}`: it reads {men} own `{0}`",
                region.text
            )),
        );
    }

    pub(super) fn region(&mut self, players: &[ir::Player], file: FileId, region: &Name) {
        let lacking: Vec<&str> = players
            .iter()
            .filter(|p| !p.regions.iter().any(|r| r.name == region.text))
            .map(|p| p.name.as_str())
            .collect();
        if !lacking.is_empty() && !players.is_empty() {
            // Not the name itself, where another player has it.
            let known = (players[0].regions.iter())
                .map(|r| r.name.as_str())
                .filter(|n| *n != region.text);
            let who = match lacking.as_slice() {
                [one] => format!("player `{one}` has"),
                _ => format!("players `{}` have", lacking.join("` and `")),
            };
            self.error(
                file,
                region.span.clone(),
                format!("{who} no region `{}`", region.text),
                "undefined region",
                suggest(&region.text, known).or(Some(
                    "define it in the `track` section or in the player".into(),
                )),
            );
        }
    }
}

/// Whether a comparison `a OP b` depends on the position: some count
/// appears more often on one side than on the other.
pub(super) fn reads_position(a: &[Term], b: &[Term]) -> bool {
    let key = |t: &Term| -> Option<String> {
        let whose = |w: &Whose| if *w == Whose::Own { "own" } else { "opponent" };
        match t {
            Term::Number(_) => None,
            Term::MenHere(w, _) => Some(format!("{} men here", whose(w))),
            Term::MenIn(w, frame, r) => Some(format!(
                "{} men in {} {}",
                whose(w),
                whose(frame.as_ref().unwrap_or(w)),
                r.text
            )),
            Term::PinnedIn(w, frame, r, _) => Some(format!(
                "{} pinned men in {} {}",
                whose(w),
                whose(frame.as_ref().unwrap_or(w)),
                r.text
            )),
            Term::OwnPoints(frame, r) => Some(format!(
                "own points in {} {}",
                whose(frame.as_ref().unwrap_or(&Whose::Own)),
                r.text
            )),
            Term::OpenPoints(frame, r) => Some(format!(
                "open points in {} {}",
                whose(frame.as_ref().unwrap_or(&Whose::Own)),
                r.text
            )),
            Term::SeedsIn(frame, r, _) => Some(format!(
                "seeds in {} {}",
                whose(frame.as_ref().unwrap_or(&Whose::Own)),
                r.text
            )),
            Term::Pieces(w, _) => Some(format!("{} pieces", whose(w))),
            Term::InHand(w, _) => Some(format!("{} pieces in hand", whose(w))),
            Term::Captured(w, _) => Some(format!("{} pieces captured", whose(w))),
            Term::KindPieces(w, kind, _, None) => {
                Some(format!("{} {} pieces", whose(w), kind.text))
            }
            Term::KindPieces(w, kind, _, Some((frame, r))) => Some(format!(
                "{} {} pieces in {} {}",
                whose(w),
                kind.text,
                whose(frame.as_ref().unwrap_or(w)),
                r.text
            )),
        }
    };
    let mut net: Vec<(String, i64)> = Vec::new();
    for (sign, t) in a.iter().map(|t| (1, t)).chain(b.iter().map(|t| (-1, t))) {
        if let Some(k) = key(t) {
            match net.iter_mut().find(|(n, _)| *n == k) {
                Some((_, c)) => *c += sign,
                None => net.push((k, sign)),
            }
        }
    }
    net.iter().any(|(_, c)| *c != 0)
}
