//! Parsing: game text to an unchecked AST whose every node carries its byte span.
//!
//! The AST is not yet a game: names are unresolved and numbers unparsed. Only
//! [`crate::check`] turns it into an [`crate::ir::Game`].

use crate::diag::{Diagnostic, FileId, Span};
use pest::Parser;
use pest::iterators::Pair;

mod parser {
    #![allow(missing_docs)]
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/game.pest"]
    pub struct GameParser;
}
use parser::{GameParser, Rule};

/// A piece of text with the byte range it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    /// The text.
    pub text: String,
    /// Where it stands in its file.
    pub span: Span,
}

/// A parsed game file.
#[derive(Clone, Debug)]
pub struct File {
    /// The file the text came from.
    pub file: FileId,
    /// The game's name.
    pub name: Name,
    /// `Some(base file)` for a variant.
    pub base: Option<Name>,
    /// The sections, in file order.
    pub sections: Vec<Section>,
}

/// The kinds of section a file may contain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SectionKind {
    /// `board { .. }`
    Board,
    /// `player NAME { .. }`
    Player,
    /// `piece NAME { .. }`
    Piece,
    /// `setup { .. }`
    Setup,
    /// `rules { .. }`
    Rules,
    /// `end { .. }`
    End,
    /// `track { .. }`
    Track,
    /// `dice { .. }`
    Dice,
}

/// One section: its kind, its name for players and pieces, and its items.
#[derive(Clone, Debug)]
pub struct Section {
    /// Which section.
    pub kind: SectionKind,
    /// The player or piece named by the section.
    pub name: Option<Name>,
    /// The span of the section keyword and name.
    pub span: Span,
    /// The file the section was written in (a variant mixes files).
    pub file: FileId,
    /// Items in file order.
    pub items: Vec<Item>,
}

/// One item of a section.
#[derive(Clone, Debug)]
pub struct Item {
    /// What the item says.
    pub kind: ItemKind,
    /// Where it stands.
    pub span: Span,
    /// The file it was written in.
    pub file: FileId,
}

/// How links are generated on a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkKind {
    /// The four orthogonal directions.
    Orthogonal,
    /// The four diagonal directions.
    Diagonal,
    /// All eight.
    All,
}

/// Whose region a promotion names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Whose {
    /// The piece owner's own region.
    Own,
    /// The opponent's region of that name.
    Opponent,
}

/// Where a piece stands for a qualified `step` or `jump` line to apply:
/// `on own|opponent REGION`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Whose region.
    pub whose: Whose,
    /// The region's name.
    pub region: Name,
    /// The span of the whole qualifier, `on opponent back-rank`.
    pub span: Span,
}

impl Standing {
    /// The qualifier as written, `on opponent back-rank`.
    pub fn text(&self) -> String {
        let whose = match self.whose {
            Whose::Own => "own",
            Whose::Opponent => "opponent",
        };
        format!("on {whose} {}", self.region.text)
    }
}

/// How strongly a capture rule binds the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Obligation {
    /// Not allowed at all (for chains: a capture is a single jump).
    None,
    /// The mover's choice.
    Optional,
    /// Enforced by the engine: it offers nothing else.
    Compulsory,
    /// Not enforced, but the opponent may huff an offending piece.
    Huff,
}

/// What happens to the player an end condition applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum EndResult {
    /// He loses.
    Loss,
    /// He wins.
    Win,
    /// The game is drawn.
    Draw,
}

impl std::fmt::Display for Obligation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Obligation::None => "none",
            Obligation::Optional => "optional",
            Obligation::Compulsory => "compulsory",
            Obligation::Huff => "huff",
        })
    }
}

impl std::fmt::Display for EndResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            EndResult::Loss => "loss",
            EndResult::Win => "win",
            EndResult::Draw => "draw",
        })
    }
}

/// A term of a site set: a whole rank, a whole file, a range, or a site or
/// region name; in a setup, optionally times a count.
#[derive(Clone, Debug)]
pub enum SiteTerm {
    /// `rank 1`
    Rank(Name),
    /// `file a`
    File(Name),
    /// `1..6`: sites in board order, or track positions, either way round.
    Range(Name, Name),
    /// A site name or a region of the player concerned.
    Name(Name),
    /// `home * 15`: a stack of men, with the span of the whole term.
    Times(Box<SiteTerm>, Name, Span),
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Compare {
    /// `>=`
    Ge,
    /// `<=`
    Le,
    /// `!=`
    Ne,
    /// `>`
    Gt,
    /// `<`
    Lt,
    /// `=`
    Eq,
}

/// A condition over counts of men and points, judged for one player.
#[derive(Clone, Debug)]
pub enum Cond {
    /// Any holds.
    Or(Vec<Cond>),
    /// All hold.
    And(Vec<Cond>),
    /// It does not hold.
    Not(Box<Cond>),
    /// The landing site is in a region, read in the frame written before
    /// its name (`here in opponent home`) or else the player's; the span
    /// of `here in REGION`.
    HereIn(Option<Whose>, Name, Span),
    /// The landing site is in a vulnerable run of the opponent.
    HereVulnerable(Span),
    /// Two sums compared.
    Compare(Vec<Term>, Compare, Vec<Term>, Span),
}

/// A number in a condition.
#[derive(Clone, Debug)]
pub enum Term {
    /// A literal.
    Number(Name),
    /// `own|opponent men here`: men on the landing site.
    MenHere(Whose, Span),
    /// `own|opponent men in [own|opponent] REGION`: whose men, and whose
    /// region if written (else the region of the side whose men it counts).
    MenIn(Whose, Option<Whose>, Name),
    /// `own points in [own|opponent] REGION`: sites holding the player's men.
    OwnPoints(Option<Whose>, Name),
    /// `open points in [own|opponent] REGION`: sites that are empty, hold
    /// one opposing man, or lie in a vulnerable run of the opponent.
    OpenPoints(Option<Whose>, Name),
}

/// What an end rule's result is worth.
#[derive(Clone, Debug)]
pub enum Worth {
    /// `single`, `double` or `triple`: the points, and the word's span.
    Word(u8, Span),
    /// `N points`: the number as written, for the checker to read.
    Number(Name),
}

/// A turn obligation for dice games, applied in the order written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Priority {
    /// Use as many dice as possible.
    MostDice,
    /// If only one die can be used, the larger.
    LargerDie,
    /// Move as many pips as possible (bearing off counts the distance).
    MostPips,
}

/// The items of every section.
#[derive(Clone, Debug)]
pub enum ItemKind {
    /// `grid W x H`
    Grid(Name, Name),
    /// `files a b c`
    Files(Vec<Name>),
    /// `ranks 1 2 3`
    Ranks(Vec<Name>),
    /// `links diagonal where even`
    Links(LinkKind, Option<bool>),
    /// `link FROM TO DIRECTION`
    Link(Name, Name, Name),
    /// `site NAME`
    Site(Name),
    /// `forward DIRECTION`
    Forward(Name),
    /// `region NAME: SITES`
    Region(Name, Vec<SiteTerm>),
    /// `marks W B`
    Marks(Vec<Name>),
    /// `step DIRECTIONS`, optionally `on own|opponent REGION`
    Step(Vec<Name>, Option<Standing>),
    /// `jump DIRECTIONS`, optionally `on own|opponent REGION`
    Jump(Vec<Name>, Option<Standing>),
    /// `promote to KIND on own|opponent REGION`, optionally `then stop|continue`
    /// (true: the promotion ends a capture chain), with the span of `then ...`.
    Promote(Name, Whose, Name, Option<(bool, Span)>),
    /// `sites where even|odd`: the grid keeps only these sites (true: even).
    KeepSites(bool),
    /// `number from CORNER along DIRECTION then DIRECTION`
    Numbering(Name, Name, Name),
    /// `PLAYER KIND: SITES`
    Placement(Name, Name, Vec<SiteTerm>),
    /// `capture OBLIGATION`
    Capture(Obligation, Span),
    /// `chain OBLIGATION`
    Chain(Obligation, Span),
    /// `return allowed|forbidden`
    Return(bool),
    /// `no pieces: RESULT`
    NoPieces(EndResult),
    /// `no moves: RESULT`
    NoMoves(EndResult),
    /// `no capture in N turns: more pieces wins`
    NoCapture(Name),
    /// `points A..B`: sites named by the numbers from A to B.
    Points(Name, Name),
    /// `zone NAME`: an off-board site for each player.
    Zone(Name),
    /// `rows SITES / SITES`: how to draw the board, far row first.
    Rows(Vec<Vec<SiteTerm>>),
    /// `PLAYER: SITES` in a track section.
    TrackPath(Name, Vec<SiteTerm>),
    /// `advance by die`
    Advance,
    /// `count N` dice
    DiceCount(Name),
    /// `faces N`
    DiceFaces(Name),
    /// `doubles twice|once`
    Doubles(bool),
    /// `forbid NAME: CONDITION`: no landing where the condition holds.
    Forbid(Name, Cond),
    /// `hit to ZONE`
    Hit(Name),
    /// `first from ZONE`
    FirstFrom(Name),
    /// `bear off when CONDITION`
    BearOff(Cond),
    /// `overshoot from rearmost`
    Overshoot,
    /// `play most dice, larger die, most pips`
    Play(Vec<Priority>),
    /// `vulnerable runs longer than N`
    Vulnerable(Name),
    /// `pass NAME: CONDITION`
    Pass(Name, Cond),
    /// `drop NAME`: removes the base's item of that name.
    Drop(Name),
    /// `no move in N turns: RESULT`
    NoMove(Name, EndResult),
    /// `NAME: CONDITION => RESULT [single|double|triple|N points]`
    EndWhen(Name, Cond, EndResult, Option<Worth>),
    /// `ending turn exempt|obliged`: whether a turn that ends the game must
    /// meet the `play` obligations (`true`: exempt).
    EndingTurn(bool),
}

impl ItemKind {
    /// The key under which a variant's item replaces its base's item.
    pub fn key(&self) -> String {
        match self {
            ItemKind::Grid(..) => "grid".into(),
            ItemKind::Files(_) => "files".into(),
            ItemKind::Ranks(_) => "ranks".into(),
            ItemKind::Links(kind, _) => format!("links {}", format!("{kind:?}").to_lowercase()),
            ItemKind::Link(a, b, _) => format!("link {} {}", a.text, b.text),
            ItemKind::Site(name) => format!("site {}", name.text),
            ItemKind::Forward(_) => "forward".into(),
            ItemKind::Region(name, _) => format!("region {}", name.text),
            ItemKind::Marks(_) => "marks".into(),
            ItemKind::Step(_, on) => line_key("step", on.as_ref()),
            ItemKind::Jump(_, on) => line_key("jump", on.as_ref()),
            ItemKind::Promote(..) => "promote".into(),
            ItemKind::KeepSites(_) => "sites".into(),
            ItemKind::Numbering(..) => "number".into(),
            ItemKind::Placement(player, kind, _) => format!("{} {}", player.text, kind.text),
            ItemKind::Capture(..) => "capture".into(),
            ItemKind::Chain(..) => "chain".into(),
            ItemKind::Return(_) => "return".into(),
            ItemKind::NoPieces(_) => "no pieces".into(),
            ItemKind::NoMoves(_) => "no moves".into(),
            ItemKind::NoCapture(_) => "no capture".into(),
            ItemKind::Points(..) => "points".into(),
            ItemKind::Zone(name) => format!("zone {}", name.text),
            ItemKind::Rows(_) => "rows".into(),
            ItemKind::TrackPath(player, _) => format!("{}:", player.text),
            ItemKind::Advance => "advance".into(),
            ItemKind::DiceCount(_) => "count".into(),
            ItemKind::DiceFaces(_) => "faces".into(),
            ItemKind::Doubles(_) => "doubles".into(),
            ItemKind::Hit(_) => "hit".into(),
            ItemKind::FirstFrom(_) => "first from".into(),
            ItemKind::BearOff(_) => "bear off".into(),
            ItemKind::Overshoot => "overshoot".into(),
            ItemKind::Play(_) => "play".into(),
            ItemKind::EndingTurn(_) => "ending turn".into(),
            ItemKind::Vulnerable(_) => "vulnerable".into(),
            ItemKind::NoMove(..) => "no move".into(),
            ItemKind::Forbid(name, _)
            | ItemKind::Pass(name, _)
            | ItemKind::Drop(name)
            | ItemKind::EndWhen(name, ..) => name.text.clone(),
        }
    }
}

/// The key of a `step` or `jump` line: its kind and where it applies, so a
/// qualified line is replaced or dropped on its own (`step on opponent back-rank`).
fn line_key(kind: &str, on: Option<&Standing>) -> String {
    match on {
        Some(on) => format!("{kind} {}", on.text()),
        None => kind.into(),
    }
}

/// The deepest parentheses may nest in a condition. Deeper nesting is
/// refused before parsing, so that neither the parser nor the stages that
/// walk a condition recurse without bound.
pub const MAX_NESTING: usize = 64;

/// Parses one file's text into its AST, or the syntax error.
pub fn parse(file: FileId, text: &str) -> Result<File, Diagnostic> {
    if let Some(at) = too_deep(text) {
        return Err(Diagnostic::error(
            file,
            at..at + 1,
            format!("parentheses nest more than {MAX_NESTING} deep"),
            "too deeply nested",
        )
        .with_hint(format!(
            "a condition may nest at most {MAX_NESTING} parentheses deep: write it more simply"
        )));
    }
    let mut pairs = GameParser::parse(Rule::file, text).map_err(|e| syntax_error(file, e))?;
    let root = pairs.next().expect("the file rule always yields one pair");
    let mut inner = root.into_inner();
    let header = inner.next().expect("a file starts with its header");
    let (name, base) = match header.as_rule() {
        Rule::game_header => (string(header.into_inner().next().unwrap()), None),
        _ => {
            let mut it = header.into_inner();
            let name = string(it.next().unwrap());
            (name, Some(string(it.next().unwrap())))
        }
    };
    let sections = inner
        .filter(|p| p.as_rule() != Rule::EOI)
        .map(|p| section(file, p))
        .collect();
    Ok(File {
        file,
        name,
        base,
        sections,
    })
}

/// The byte offset of the first `(` nested deeper than [`MAX_NESTING`],
/// outside comments and strings. Conditions hold no braces, so a brace
/// closes every parenthesis (a mark such as `(` cannot add up across items).
fn too_deep(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let (mut depth, mut at) = (0usize, 0);
    while at < bytes.len() {
        match bytes[at] {
            b'/' if bytes.get(at + 1) == Some(&b'/') => {
                at += bytes[at..]
                    .iter()
                    .position(|b| *b == b'\n')
                    .unwrap_or(bytes.len() - at);
            }
            b'"' => {
                at += 1 + bytes[at + 1..]
                    .iter()
                    .position(|b| *b == b'"' || *b == b'\n')
                    .unwrap_or(bytes.len() - at - 1);
            }
            b'(' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(at);
                }
            }
            b')' => depth = depth.saturating_sub(1),
            b'{' | b'}' => depth = 0,
            _ => {}
        }
        at += 1;
    }
    None
}

fn section(file: FileId, pair: Pair<Rule>) -> Section {
    let kind = match pair.as_rule() {
        Rule::board => SectionKind::Board,
        Rule::player => SectionKind::Player,
        Rule::piece => SectionKind::Piece,
        Rule::setup => SectionKind::Setup,
        Rule::rules => SectionKind::Rules,
        Rule::track => SectionKind::Track,
        Rule::dice => SectionKind::Dice,
        _ => SectionKind::End,
    };
    let start = pair.as_span().start();
    let mut inner = pair.into_inner().peekable();
    let name = match inner.peek() {
        Some(p) if p.as_rule() == Rule::name => Some(name(inner.next().unwrap())),
        _ => None,
    };
    let keyword_len = format!("{kind:?}").len();
    let end = name.as_ref().map_or(start + keyword_len, |n| n.span.end);
    Section {
        kind,
        name,
        span: start..end,
        file,
        items: inner.map(|p| item(file, p)).collect(),
    }
}

fn item(file: FileId, pair: Pair<Rule>) -> Item {
    let span = item_span(&pair);
    let rule = pair.as_rule();
    let parts: Vec<Pair<Rule>> = pair.into_inner().collect();
    let part = |i: usize| parts[i].clone();
    let kind = match rule {
        Rule::grid => ItemKind::Grid(name(part(0)), name(part(1))),
        Rule::files => ItemKind::Files(parts.into_iter().map(name).collect()),
        Rule::ranks => ItemKind::Ranks(parts.into_iter().map(name).collect()),
        Rule::marks => ItemKind::Marks(parts.into_iter().map(name).collect()),
        Rule::links => {
            let kind = match parts[0].as_str() {
                "orthogonal" => LinkKind::Orthogonal,
                "diagonal" => LinkKind::Diagonal,
                _ => LinkKind::All,
            };
            let parity = parts.get(1).map(|p| p.as_str().ends_with("even"));
            ItemKind::Links(kind, parity)
        }
        Rule::link => ItemKind::Link(name(part(0)), name(part(1)), name(part(2))),
        Rule::extra_site => ItemKind::Site(name(part(0))),
        Rule::forward => ItemKind::Forward(name(part(0))),
        Rule::region => ItemKind::Region(name(part(0)), site_set(part(1))),
        Rule::step => ItemKind::Step(directions(part(0)), parts.get(1).cloned().map(standing)),
        Rule::jump => ItemKind::Jump(directions(part(0)), parts.get(1).cloned().map(standing)),
        Rule::piece_drop => {
            // Dropped by key, like any item: `step on opponent back-rank`.
            let on = parts.get(1).cloned().map(standing);
            let span = parts[0].as_span().start()
                ..on.as_ref().map_or(parts[0].as_span().end(), |o| o.span.end);
            ItemKind::Drop(Name {
                text: line_key(parts[0].as_str(), on.as_ref()),
                span,
            })
        }
        Rule::promote => {
            let mut region = part(1).into_inner();
            let whose = whose(region.next().unwrap().as_str());
            let then = parts
                .get(2)
                .map(|p| (p.as_str().ends_with("stop"), spanned(p)));
            ItemKind::Promote(name(part(0)), whose, name(region.next().unwrap()), then)
        }
        Rule::placement => ItemKind::Placement(name(part(0)), name(part(1)), site_set(part(2))),
        Rule::capture_rule => ItemKind::Capture(obligation(parts[0].as_str()), spanned(&parts[0])),
        Rule::chain_rule => ItemKind::Chain(obligation(parts[0].as_str()), spanned(&parts[0])),
        Rule::return_rule => ItemKind::Return(parts[0].as_str() == "allowed"),
        Rule::no_pieces => ItemKind::NoPieces(result(parts[0].as_str())),
        Rule::no_moves => ItemKind::NoMoves(result(parts[0].as_str())),
        Rule::no_capture => ItemKind::NoCapture(name(part(0))),
        Rule::points => ItemKind::Points(name(part(0)), name(part(1))),
        Rule::keep_sites => ItemKind::KeepSites(parts[0].as_str().ends_with("even")),
        Rule::numbering => ItemKind::Numbering(name(part(0)), name(part(1)), name(part(2))),
        Rule::zone => ItemKind::Zone(name(part(0))),
        Rule::rows => ItemKind::Rows(parts.into_iter().map(site_set).collect()),
        Rule::track_path => ItemKind::TrackPath(name(part(0)), site_set(part(1))),
        Rule::advance => ItemKind::Advance,
        Rule::dice_count => ItemKind::DiceCount(name(part(0))),
        Rule::dice_faces => ItemKind::DiceFaces(name(part(0))),
        Rule::doubles => ItemKind::Doubles(parts[0].as_str() == "twice"),
        Rule::forbid => ItemKind::Forbid(name(part(0)), condition(part(1))),
        Rule::hit => ItemKind::Hit(name(part(0))),
        Rule::first_from => ItemKind::FirstFrom(name(part(0))),
        Rule::bear_off => ItemKind::BearOff(condition(part(0))),
        Rule::overshoot => ItemKind::Overshoot,
        Rule::play_order => ItemKind::Play(
            parts
                .iter()
                .map(
                    |p| match p.clone().into_inner().next().map(|q| q.as_rule()) {
                        Some(Rule::most_dice) => Priority::MostDice,
                        Some(Rule::larger_die) => Priority::LargerDie,
                        _ => Priority::MostPips,
                    },
                )
                .collect(),
        ),
        Rule::ending_turn => ItemKind::EndingTurn(parts[0].as_str() == "exempt"),
        Rule::vulnerable => ItemKind::Vulnerable(name(part(0))),
        Rule::pass_rule => ItemKind::Pass(name(part(0)), condition(part(1))),
        Rule::drop => ItemKind::Drop(name(part(0))),
        Rule::no_move => ItemKind::NoMove(name(part(0)), result(parts[1].as_str())),
        _ => {
            let magnitude = parts.get(3).map(|m| match m.as_str() {
                "single" => Worth::Word(1, spanned(m)),
                "double" => Worth::Word(2, spanned(m)),
                "triple" => Worth::Word(3, spanned(m)),
                _ => Worth::Number(name(m.clone().into_inner().next().unwrap())),
            });
            ItemKind::EndWhen(
                name(part(0)),
                condition(part(1)),
                result(parts[2].as_str()),
                magnitude,
            )
        }
    };
    Item { kind, span, file }
}

fn condition(pair: Pair<Rule>) -> Cond {
    match pair.as_rule() {
        Rule::condition | Rule::conjunct => {
            let or = pair.as_rule() == Rule::condition;
            let mut parts: Vec<Cond> = pair.into_inner().map(condition).collect();
            match (parts.len(), or) {
                (1, _) => parts.pop().unwrap(),
                (_, true) => Cond::Or(parts),
                (_, false) => Cond::And(parts),
            }
        }
        Rule::negation => {
            let mut parts: Vec<Pair<Rule>> = pair.into_inner().collect();
            let atom = condition(parts.pop().unwrap());
            if parts.is_empty() {
                atom
            } else {
                Cond::Not(Box::new(atom))
            }
        }
        Rule::here_in => {
            let span = spanned(&pair);
            let (frame, region) = framed(pair.into_inner());
            Cond::HereIn(frame, region, span)
        }
        Rule::here_vulnerable => Cond::HereVulnerable(spanned(&pair)),
        _ => {
            let span = spanned(&pair);
            let mut parts = pair.into_inner();
            let left = sum(parts.next().unwrap());
            let op = match parts.next().unwrap().as_str() {
                ">=" => Compare::Ge,
                "<=" => Compare::Le,
                "!=" => Compare::Ne,
                ">" => Compare::Gt,
                "<" => Compare::Lt,
                _ => Compare::Eq,
            };
            Cond::Compare(left, op, sum(parts.next().unwrap()), span)
        }
    }
}

fn sum(pair: Pair<Rule>) -> Vec<Term> {
    pair.into_inner()
        .map(|term| match term.as_rule() {
            Rule::number => Term::Number(name(term)),
            Rule::men_here => {
                let span = spanned(&term);
                Term::MenHere(whose(term.into_inner().next().unwrap().as_str()), span)
            }
            Rule::men_in => {
                let mut it = term.into_inner();
                let w = whose(it.next().unwrap().as_str());
                let (frame, region) = framed(it);
                Term::MenIn(w, frame, region)
            }
            _ => {
                let mut it = term.into_inner();
                let own = it.next().unwrap().as_str() == "own";
                let (frame, region) = framed(it);
                if own {
                    Term::OwnPoints(frame, region)
                } else {
                    Term::OpenPoints(frame, region)
                }
            }
        })
        .collect()
}

/// `on own|opponent REGION`.
fn standing(pair: Pair<Rule>) -> Standing {
    let span = spanned(&pair);
    let mut region = pair.into_inner().next().unwrap().into_inner();
    let whose = whose(region.next().unwrap().as_str());
    Standing {
        whose,
        region: name(region.next().unwrap()),
        span,
    }
}

/// `[own|opponent] REGION`: whose frame, if written, and the region.
fn framed(mut it: pest::iterators::Pairs<Rule>) -> (Option<Whose>, Name) {
    let first = it.next().unwrap();
    match it.next() {
        Some(region) => (Some(whose(first.as_str())), name(region)),
        None => (None, name(first)),
    }
}

fn whose(text: &str) -> Whose {
    if text == "own" {
        Whose::Own
    } else {
        Whose::Opponent
    }
}

fn spanned(pair: &Pair<Rule>) -> Span {
    pair.as_span().start()..pair.as_span().end()
}

/// An item's span without the spaces and comments that pest takes in after
/// it when a trailing optional part is absent (`links all` before `}`).
fn item_span(pair: &Pair<Rule>) -> Span {
    let span = pair.as_span();
    let start = span.start();
    // Inner pairs may end in trivia too: trim from the end of the last leaf.
    let mut last = pair.clone();
    while let Some(p) = last.clone().into_inner().last() {
        last = p;
    }
    let inner_end = if last == *pair {
        start
    } else {
        last.as_span().end()
    };
    let tail = &span.as_str()[inner_end - start..];
    let mut end = inner_end;
    let mut at = 0;
    while at < tail.len() {
        let rest = &tail[at..];
        if rest.starts_with("//") {
            at += rest.find('\n').unwrap_or(rest.len());
        } else if let Some(c) = rest.chars().next() {
            at += c.len_utf8();
            if !c.is_whitespace() {
                end = inner_end + at;
            }
        }
    }
    start..end
}

fn name(pair: Pair<Rule>) -> Name {
    Name {
        text: pair.as_str().to_string(),
        span: spanned(&pair),
    }
}

fn string(pair: Pair<Rule>) -> Name {
    let inner = pair.into_inner().next().unwrap();
    name(inner)
}

fn directions(pair: Pair<Rule>) -> Vec<Name> {
    pair.into_inner().map(name).collect()
}

fn site_set(pair: Pair<Rule>) -> Vec<SiteTerm> {
    pair.into_inner()
        .map(|term| {
            let start = term.as_span().start();
            let mut parts = term.into_inner();
            let inner = parts.next().unwrap();
            let base = match inner.as_rule() {
                Rule::rank_term => SiteTerm::Rank(name(inner.into_inner().next().unwrap())),
                Rule::file_term => SiteTerm::File(name(inner.into_inner().next().unwrap())),
                Rule::range => {
                    let mut ends = inner.into_inner();
                    SiteTerm::Range(name(ends.next().unwrap()), name(ends.next().unwrap()))
                }
                _ => SiteTerm::Name(name(inner)),
            };
            match parts.next() {
                Some(times) => {
                    let span = start..times.as_span().end();
                    let count = name(times.into_inner().next().unwrap());
                    SiteTerm::Times(Box::new(base), count, span)
                }
                None => base,
            }
        })
        .collect()
}

fn obligation(text: &str) -> Obligation {
    match text {
        "none" => Obligation::None,
        "optional" => Obligation::Optional,
        "compulsory" => Obligation::Compulsory,
        _ => Obligation::Huff,
    }
}

fn result(text: &str) -> EndResult {
    match text {
        "loss" => EndResult::Loss,
        "win" => EndResult::Win,
        _ => EndResult::Draw,
    }
}

fn syntax_error(file: FileId, error: pest::error::Error<Rule>) -> Diagnostic {
    use pest::error::{ErrorVariant, InputLocation};
    let span = match error.location {
        InputLocation::Pos(p) => p..p,
        InputLocation::Span((a, b)) => a..b,
    };
    let mut expected = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut words: Vec<&str> = positives.iter().map(describe).collect();
            words.sort_unstable();
            words.dedup();
            words
        }
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    // Among a section's items, the section may also end.
    if let ErrorVariant::ParsingError { positives, .. } = &error.variant
        && !positives.is_empty()
        && positives.iter().all(is_item)
    {
        expected.push("`}`");
    }
    let message = match expected.as_slice() {
        [] => "syntax error".to_string(),
        [one] => format!("expected {one}"),
        many => {
            let (last, rest) = many.split_last().unwrap();
            format!("expected {} or {last}", rest.join(", "))
        }
    };
    let in_condition = |e: &&str| {
        ["a condition", "a count or number", "a comparison"]
            .iter()
            .any(|c| e.starts_with(c))
    };
    let hint = if expected.iter().any(|e| e.contains("section")) {
        "each section is `board`, `player NAME`, `track`, `piece NAME`, `dice`, `setup`, \
         `rules` or `end`, followed by its items in braces"
    } else if expected.iter().any(in_condition) {
        "a condition compares sums of numbers, `own|opponent men here`, \
         `own|opponent men in REGION` and `own|open points in REGION` with \
         `=`, `!=`, `<`, `<=`, `>` or `>=`, or tests `here in REGION` or `here vulnerable`; \
         conditions combine with `and`, `or`, `not` and parentheses"
    } else {
        "the README's guide to writing a game lists every item of every section"
    };
    Diagnostic::error(file, span, message, "unexpected text here").with_hint(hint)
}

/// Whether a rule is an item of some section.
fn is_item(rule: &Rule) -> bool {
    matches!(
        rule,
        Rule::grid
            | Rule::files
            | Rule::ranks
            | Rule::links
            | Rule::link
            | Rule::extra_site
            | Rule::forward
            | Rule::region
            | Rule::marks
            | Rule::step
            | Rule::jump
            | Rule::promote
            | Rule::piece_drop
            | Rule::placement
            | Rule::capture_rule
            | Rule::chain_rule
            | Rule::return_rule
            | Rule::no_pieces
            | Rule::no_moves
            | Rule::no_capture
            | Rule::points
            | Rule::keep_sites
            | Rule::numbering
            | Rule::zone
            | Rule::rows
            | Rule::track_path
            | Rule::advance
            | Rule::dice_count
            | Rule::dice_faces
            | Rule::doubles
            | Rule::forbid
            | Rule::hit
            | Rule::first_from
            | Rule::bear_off
            | Rule::overshoot
            | Rule::play_order
            | Rule::ending_turn
            | Rule::vulnerable
            | Rule::pass_rule
            | Rule::drop
            | Rule::no_move
            | Rule::end_when
    )
}

/// A human name for every grammar rule, for syntax errors.
fn describe(rule: &Rule) -> &'static str {
    match rule {
        Rule::EOI => "the end of the file",
        Rule::WHITESPACE | Rule::COMMENT => "a space or comment",
        Rule::file => "a game file",
        Rule::header => "a `game` or `variant` header",
        Rule::game_header => "`game \"NAME\"`",
        Rule::variant_header => "`variant \"NAME\" of \"BASE.game\"`",
        Rule::section => "a section",
        Rule::board => "a `board` section",
        Rule::board_item => "a board item",
        Rule::grid => "`grid W x H`",
        Rule::files => "`files`",
        Rule::ranks => "`ranks`",
        Rule::links => "`links orthogonal|diagonal|all`",
        Rule::link_kind => "`orthogonal`, `diagonal` or `all`",
        Rule::parity => "`where even|odd`",
        Rule::parity_kind => "`even` or `odd`",
        Rule::link => "`link FROM TO DIRECTION`",
        Rule::extra_site => "`site NAME`",
        Rule::player => "a `player NAME` section",
        Rule::player_item => "a player item",
        Rule::forward => "`forward DIRECTION`",
        Rule::region => "`region NAME: SITES`",
        Rule::piece => "a `piece NAME` section",
        Rule::piece_item => "a piece item",
        Rule::marks => "`marks W B`",
        Rule::mark => "a mark",
        Rule::step => "`step DIRECTIONS`",
        Rule::jump => "`jump DIRECTIONS`",
        Rule::directions => "a list of directions",
        Rule::direction_term => "a direction",
        Rule::promote => "`promote to KIND on own|opponent REGION`",
        Rule::promote_then => "`then stop` or `then continue`",
        Rule::then_kind => "`stop` or `continue`",
        Rule::keep_sites => "`sites where even|odd`",
        Rule::numbering => "`number from CORNER along DIRECTION then DIRECTION`",
        Rule::standing => "`on own|opponent REGION`",
        Rule::on_word => "`on`",
        Rule::piece_drop => "`drop step|jump`",
        Rule::move_kind => "`step` or `jump`",
        Rule::region_ref => "`own REGION` or `opponent REGION`",
        Rule::whose => "`own` or `opponent`",
        Rule::setup => "a `setup` section",
        Rule::placement => "`PLAYER KIND: SITES`",
        Rule::site_set => "a list of sites",
        Rule::site_term => "a site, `rank N` or `file X`",
        Rule::rank_term => "`rank N`",
        Rule::file_term => "`file X`",
        Rule::rules => "a `rules` section",
        Rule::rule_item => "a rule",
        Rule::capture_rule => "`capture OBLIGATION`",
        Rule::chain_rule => "`chain OBLIGATION`",
        Rule::return_rule => "`return allowed|forbidden`",
        Rule::obligation => "`none`, `optional`, `compulsory` or `huff`",
        Rule::permission => "`allowed` or `forbidden`",
        Rule::end => "an `end` section",
        Rule::end_item => "an end condition",
        Rule::no_pieces => "`no pieces: RESULT`",
        Rule::no_moves => "`no moves: RESULT`",
        Rule::no_capture => "`no capture in N turns: more pieces wins`",
        Rule::result => "`loss`, `win` or `draw`",
        Rule::points => "`points A..B`",
        Rule::zone => "`zone NAME`",
        Rule::rows => "`rows SITES / SITES`",
        Rule::track => "a `track` section",
        Rule::track_item => "a track item",
        Rule::track_path => "`PLAYER: SITES`",
        Rule::advance => "`advance by die`",
        Rule::dice => "a `dice` section",
        Rule::dice_item => "a dice item",
        Rule::dice_count => "`count N`",
        Rule::dice_faces => "`faces N`",
        Rule::doubles => "`doubles twice|once`",
        Rule::doubles_kind => "`twice` or `once`",
        Rule::range => "a range `A..B`",
        Rule::times => "`* N`",
        Rule::forbid => "`forbid NAME: CONDITION`",
        Rule::hit => "`hit to ZONE`",
        Rule::first_from => "`first from ZONE`",
        Rule::bear_off => "`bear off when CONDITION`",
        Rule::overshoot => "`overshoot from rearmost`",
        Rule::play_order => "`play most dice, larger die, most pips`",
        Rule::priority => "`most dice`, `larger die` or `most pips`",
        Rule::most_dice => "`most dice`",
        Rule::larger_die => "`larger die`",
        Rule::most_pips => "`most pips`",
        Rule::vulnerable => "`vulnerable runs longer than N`",
        Rule::pass_rule => "`pass NAME: CONDITION`",
        Rule::drop => "`drop NAME`",
        Rule::no_move => "`no move in N turns: RESULT`",
        Rule::end_when => "`NAME: CONDITION => RESULT`",
        Rule::magnitude => "`single`, `double`, `triple` or `N points`",
        Rule::ending_turn => "`ending turn exempt|obliged`",
        Rule::ending_kind => "`exempt` or `obliged`",
        Rule::frame => "`own` or `opponent`",
        Rule::condition | Rule::conjunct | Rule::negation | Rule::atom => "a condition",
        Rule::not => "`not`",
        Rule::here_in => "`here in [own|opponent] REGION`",
        Rule::here_vulnerable => "`here vulnerable`",
        Rule::comparison => "a comparison",
        Rule::compare => "a comparison operator (`=`, `!=`, `<`, `<=`, `>`, `>=`)",
        Rule::sum | Rule::term => "a count or number",
        Rule::men_here => "`own|opponent men here`",
        Rule::men_in => "`own|opponent men in [own|opponent] REGION`",
        Rule::points_in => "`own|open points in [own|opponent] REGION`",
        Rule::point_kind => "`own` or `open`",
        Rule::keyword => "a keyword",
        Rule::name => "a name",
        Rule::number => "a number",
        Rule::string => "a quoted string",
        Rule::string_inner => "the text of a string",
    }
}
