//! Parsing: game text to an unchecked AST whose every node carries its byte span.
//!
//! The AST is not yet a game: names are unresolved and numbers unparsed. Only
//! [`crate::check`] turns it into an [`crate::ir::Game`].

use crate::diag::{Diagnostic, FileId, Span};
use pest::Parser;

mod build;
mod errors;
mod misspelt;
mod outline;
mod recover;

pub use outline::{Leaf, Outline, OutlineSection, outline};

use build::{section, string};
use errors::syntax_error;

mod parser {
    #![allow(missing_docs)]
    #[derive(pest_derive::Parser)]
    #[grammar = "../../../grammar/game.pest"]
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
    /// The family the header names (`family draughts`), if it names one.
    pub family: Option<Name>,
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
    /// `stakes { .. }`
    Stakes,
    /// `invariants { .. }`
    Invariants,
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
    /// The six neighbours of a hex board drawn as a rhombus: the four
    /// orthogonal directions and the diagonal pair `se`/`nw`.
    Hex,
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
    /// `more pieces wins`: the player with more pieces wins, equal pieces
    /// a draw, whoever the rule is judged for (in a sowing game a player's
    /// pieces are the seeds in his store and on the sites he sows from).
    MorePieces,
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
            EndResult::MorePieces => "more pieces wins",
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
    /// The site the man lands from is in a region (`from in head`), read
    /// like `here in`; the span of `from in REGION`.
    FromIn(Option<Whose>, Name, Span),
    /// Two sums compared.
    Compare(Vec<Term>, Compare, Vec<Term>, Span),
    /// `player NAME`: the judged player is this one; the span of the atom.
    Player(Name, Span),
    /// `moving KIND`: the piece the judged move moves or places is of this
    /// kind as the move starts; the span of the atom.
    Moving(Name, Span),
    /// `die COMPARE N`: the die the judged die move plays, as it shows,
    /// compared with a number; the span of the atom.
    Die(Compare, Name, Span),
    /// `own|opponent line of N`: that side's pieces stand on N sites in a
    /// row; the number and the span of the atom.
    LineOf(Whose, Name, bool, Span),
    /// `own|opponent connects [FRAME] A to [FRAME] B`: a chain of that
    /// side's pieces joins the two regions, each read in the frame written
    /// before its name or else that side's; the span of the atom.
    Connects(Whose, (Option<Whose>, Name), (Option<Whose>, Name), Span),
    /// `own|opponent pieces connected`: that side's pieces form one group;
    /// the span of the atom.
    Connected(Whose, Span),
}

/// `sow from REGION into REGION [, skipping origin] [, feeding REGION]`.
#[derive(Clone, Debug)]
pub struct Sow {
    /// The sites a player sows from, whose seeds are his at the end.
    pub from: (Whose, Name),
    /// Where his captures go: his store.
    pub into: (Whose, Name),
    /// The span of `skipping origin`, where written.
    pub skipping: Option<Span>,
    /// `feeding REGION`: where it holds no seed, a sowing must drop one there.
    pub feeding: Option<(Whose, Name)>,
}

/// `sow capture opposite|N..M in REGION [, backwards] [, not all]`.
#[derive(Clone, Debug)]
pub struct SowCapture {
    /// `N..M`, or `None` for `opposite`.
    pub range: Option<(Name, Name)>,
    /// The region the last seed must fall in.
    pub region: (Whose, Name),
    /// The span of `backwards`, where written.
    pub backwards: Option<Span>,
    /// The span of `not all`, where written.
    pub not_all: Option<Span>,
    /// The whole item.
    pub span: Span,
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
    /// `own|opponent pinned men in [own|opponent] REGION`: that side's men
    /// pinned under the other side's men, framed like [`Term::MenIn`]; the
    /// span is the term's.
    PinnedIn(Whose, Option<Whose>, Name, Span),
    /// `seeds in [own|opponent] REGION`: the seeds on its sites; the span
    /// is the term's.
    SeedsIn(Option<Whose>, Name, Span),
    /// `own points in [own|opponent] REGION`: sites holding the player's men.
    OwnPoints(Option<Whose>, Name),
    /// `open points in [own|opponent] REGION`: sites that are empty, hold
    /// one opposing man, or lie in a vulnerable run of the opponent.
    OpenPoints(Option<Whose>, Name),
    /// `own|opponent pieces`: every piece of that side on every site
    /// (stacked and pinned men included); the span is the term's.
    Pieces(Whose, Span),
    /// `own|opponent pieces in hand`: that side's pieces not yet placed.
    InHand(Whose, Span),
    /// `own|opponent pieces captured`: that side's pieces taken so far.
    Captured(Whose, Span),
    /// `own|opponent KIND pieces`: that side's pieces of one kind on the
    /// board; the span is the term's.
    KindPieces(Whose, Name, Span, Option<(Option<Whose>, Name)>),
}

/// The name and the condition of a no-progress counter that runs only
/// while a condition holds (`NAME: ... while CONDITION`).
#[derive(Clone, Debug, Default)]
pub struct Progress {
    /// `NAME:` before the rule.
    pub name: Option<Name>,
    /// `while CONDITION`, with the span of `while`.
    pub during: Option<(Span, Cond)>,
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
    /// The most die moves from a region (or zone) of the mover's, while
    /// a condition holds for him: the i-th of the item's (and, checked,
    /// of [`crate::ir::Rules::play_from`]).
    From(u8),
    /// Games without dice: capture as many pieces as possible.
    MostCaptures,
}

/// How far a `step` or `jump` line reaches: `far` (any distance along the
/// line) and, for a far jump, `land behind` (only on the site right behind
/// the piece taken), each with its span when written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// The span of `far`.
    pub far: Option<Span>,
    /// The span of `land behind`.
    pub behind: Option<Span>,
    /// The span of `along lines`: the jump follows the board's `line`
    /// items, which may bend.
    pub along: Option<Span>,
    /// The span of `counting`: exactly as many sites as the pieces on the
    /// line.
    pub counting: Option<Span>,
    /// The span of `over own` after `counting`.
    pub over_own: Option<Span>,
    /// The span of `, own too` after a take's directions: it takes the
    /// mover's own pieces as well.
    pub own_too: Option<Span>,
}

/// What a promotion does to a capture chain: `then continue` (the default),
/// `then stop`, or `at end` (it happens only where the move ends).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromoteThen {
    /// The chain goes on as the new kind.
    Continue,
    /// The promotion ends the move.
    Stop,
    /// Promotion only where the move ends.
    AtEnd,
}

/// What earns the player who has just moved an extra turn.
#[derive(Clone, Debug, PartialEq)]
pub enum AgainAfter {
    /// His turn's last man landed in his region of this name.
    Landing(Name),
    /// He threw one of these rolls.
    Throw(Vec<Name>),
    /// His turn hit (or captured) an opposing piece.
    Hit,
    /// His turn claimed a site by `enclose`.
    Enclosing,
}

/// How a grid is drawn (`drawn as ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawnAs {
    /// On the points where its lines meet (the default).
    Points,
    /// In its squares.
    Squares,
    /// As a lattice of dots, edges and boxes.
    Edges,
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
    /// `drawn as squares|points|edges`
    Drawn(DrawnAs),
    /// `forward DIRECTION`
    Forward(Name),
    /// `region NAME: SITES`
    Region(Name, Vec<SiteTerm>),
    /// `marks W B`
    Marks(Vec<Name>),
    /// `step DIRECTIONS [far]`, optionally `on own|opponent REGION`, and
    /// `when CONDITION`
    Step(Vec<Name>, Option<Standing>, Reach, Option<Box<Cond>>),
    /// `jump DIRECTIONS [far [land behind]]`, optionally `on own|opponent
    /// REGION`, and `when CONDITION`
    Jump(Vec<Name>, Option<Standing>, Reach, Option<Box<Cond>>),
    /// `take DIRECTIONS [counting [over own]]`: onto an opposing piece on
    /// the next site (or as far as the pieces on the line), taking it
    Take(Vec<Name>, Reach),
    /// `flip DIRECTIONS`: a placed piece turns the runs it encloses
    Flip(Vec<Name>),
    /// `hop DIRECTIONS`: over a piece of either side to the empty site
    /// beyond, taking nothing, again and again as the mover likes
    Hop(Vec<Name>),
    /// `shoot KIND DIRECTIONS [far]`: after its move the piece puts a
    /// piece of that kind on an empty site along one of the directions
    /// from its landing site; the span of `far`, if written.
    Shoot(Name, Vec<Name>, Option<Span>),
    /// `enclose KIND DIRECTIONS`: once placed, the piece claims every
    /// empty site next to it along the directions that every neighbour
    /// along them encloses, with a piece of that kind.
    Enclose(Name, Vec<Name>),
    /// `custody DIRECTIONS [against [own|opponent] REGION]`: the piece
    /// takes the opposing pieces it sandwiches as its move ends.
    Custody(Vec<Name>, Option<(Option<Whose>, Name)>),
    /// `surrounded DIRECTIONS [on own|opponent REGION]`: taken by custody
    /// only when enemies (or hostile sites) stand on all those sides.
    Surrounded(Vec<Name>, Option<Standing>),
    /// `may not land on|pass over [own|opponent] REGION` (true: land on).
    Barred(bool, Option<Whose>, Name),
    /// `place [falling DIRECTION] [on own|opponent REGION] [when
    /// CONDITION]`: from the hand onto an empty site (where a piece falling
    /// that way comes to rest); the span is the word `place`.
    Place(Option<Name>, Option<Standing>, Option<Box<Cond>>, Span),
    /// `fly [when CONDITION]`: to any empty site; the span is the word.
    Fly(Option<Box<Cond>>, Span),
    /// `PLAYER KIND in hand: N`
    HandPlacement(Name, Name, Name),
    /// `line of N removes opponent piece[, not from line unless all]`
    LineRemoval(Name, bool),
    /// `promote to KIND on own|opponent REGION`, optionally `then stop|continue`
    /// or `at end`, with the span of that ending.
    Promote(Name, Whose, Name, Option<(PromoteThen, Span)>),
    /// `sites where even|odd`: the grid keeps only these sites (true: even).
    KeepSites(bool),
    /// `sites a1 d1 ...`: the grid keeps only the points named.
    KeepList(Vec<Name>),
    /// `line a2 b3 c2 ...`: a line drawn on the board through linked sites.
    BoardLine(Vec<Name>),
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
    /// `neither can move: RESULT|more pieces wins` (`None`: more pieces)
    NeitherMoves(Option<EndResult>),
    /// `no capture in N turns: more pieces wins`
    NoCapture(Name),
    /// `points A..B[, C..D ...]`: sites named by the numbers from A to B,
    /// then from C to D.
    Points(Vec<(Name, Name)>),
    /// `zone NAME`: an off-board site for each player.
    Zone(Name),
    /// `rows SITES / SITES`: how to draw the board, far row first.
    Rows(Vec<Vec<SiteTerm>>),
    /// `PLAYER: SITES` in a track section; `PLAYER: ZONE or SITES`, a
    /// second zone at the track's start (position 0) before its first site.
    TrackPath(Name, Option<Name>, Vec<SiteTerm>),
    /// `advance by die`
    Advance,
    /// `sow from own|opponent REGION into own|opponent REGION [, skipping
    /// origin] [, feeding own|opponent REGION]`
    Sow(Sow),
    /// `sow capture opposite|N..M in own|opponent REGION [, backwards] [,
    /// not all]`
    SowCapture(SowCapture),
    /// `KIND: SITES` in a setup: seeds of no player, a count a site.
    SeedPlacement(Name, Vec<SiteTerm>),
    /// `count N` dice
    DiceCount(Name),
    /// `faces N` (numbered 1 to N) or `faces V V ...` (each face's value)
    DiceFaces(Vec<Name>),
    /// `summed`: the dice are added up into one number
    DiceSummed,
    /// `doubles twice|once`
    Doubles(bool),
    /// `doubles climb to N [from turn K][, each double a turn]` (true:
    /// each double a turn)
    DoublesClimb(Name, Option<Name>, bool),
    /// `throw ROLL ... passes`
    ThrowPasses(Vec<Name>),
    /// `notation positions|counting down` (true: counting down)
    DiceNotation(bool),
    /// `opening each one die, higher starts, plays both|throws again`
    /// (true: plays both)
    Opening(bool),
    /// `forbid NAME: CONDITION`: no landing where the condition holds;
    /// with `after move` (its span), judged after the die move.
    Forbid(Name, Cond, Option<Span>),
    /// `hit to ZONE`
    Hit(Name),
    /// `pin blots`: a man landing on a lone opposing man pins it there.
    Pin,
    /// `die picks the piece, else the nearest`: the one die names the kind
    /// that moves.
    DiePicks,
    /// `first from ZONE`
    FirstFrom(Name),
    /// `bear off when CONDITION`
    BearOff(Cond),
    /// `overshoot from rearmost`
    Overshoot,
    /// `play most dice, larger die, most pips`
    /// The priorities, and the region and condition of each `from`
    /// priority (`Priority::From(i)`, the i-th).
    Play(Vec<Priority>, Vec<(Name, Option<Cond>)>),
    /// `vulnerable runs longer than N`
    Vulnerable(Name),
    /// `pass NAME: CONDITION`
    Pass(Name, Cond),
    /// `again after landing in REGION|throw ROLLS|hit [, at most N in a
    /// row]`: an extra turn for the player who has just moved.
    Again(AgainAfter, Option<Name>),
    /// `choose double after throw ROLLS [, then throw again]`: the rolls,
    /// and whether the chosen double's turn earns a throw again.
    Choose(Vec<Name>, bool),
    /// `evaluate: SUM`: how agents judge a position for a player (the sum
    /// for him less the sum for his opponent).
    Evaluate(Vec<Term>, Span),
    /// `drop NAME`: removes the base's item of that name.
    Drop(Name),
    /// `no move in N turns: RESULT`
    NoMove(Name, EndResult),
    /// `NAME: CONDITION => RESULT [single|double|triple|N points]`
    EndWhen(Name, Cond, EndResult, Option<Worth>),
    /// `ending turn exempt|obliged`: whether a turn that ends the game must
    /// meet the `play` obligations (`true`: exempt).
    EndingTurn(bool),
    /// `[NAME:] [no capture or KIND move in] N turns [while CONDITION]:
    /// RESULT|more pieces wins`: what resets the counter, N, the result
    /// (`None`: more pieces wins), and the counter's name and condition
    /// (with the span of `while`), which go together.
    NoProgress(Vec<Reset>, Name, Option<EndResult>, Progress),
    /// `same position|board N times: RESULT` (true: `board`)
    Repetition(Name, EndResult, bool),
    /// `limit NAME: at most N men leave REGION per turn, EXCEPTIONS`
    LimitLeave(Name, Name, Name, Vec<LimitException>),
    /// `limit NAME: no run of N own|closed points [unless opponent men
    /// ahead]`: the length, whether a point needs two men (`closed`), and
    /// whether an opposing man ahead of the run allows it.
    LimitRun(Name, Name, bool, bool),
    /// `captured removed at once|end` (`true`: at the end of the move).
    Removal(bool),
    /// `captured go under capturer`: columns of pieces (Lasca).
    Under,
    /// `duplicate captures merged|distinct` (`true`: merged).
    Duplicates(bool),
    /// `capture lands anywhere|where it goes on` (`true`: where it goes on).
    Landing(bool),
    /// `chain turns back|never turns back` (`true`: never).
    NeverTurnsBack(bool),
    /// `NAME: CONDITION` in `invariants`: must hold for both players in
    /// every position.
    Invariant(Name, Cond),
    /// `cube [up to N]` in `stakes`: a doubling cube, whose highest value
    /// is N where given.
    Cube(Option<Name>),
    /// `crawford` in `stakes`: no double in the game after a player first
    /// comes within one game (a single point) of winning the match.
    Crawford,
    /// `jacoby` in `stakes`: in money play a win counts single unless the
    /// cube was turned.
    Jacoby,
}

/// What resets a no-progress counter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reset {
    /// Any capture (a huff included).
    Capture(Span),
    /// A move of a piece of this kind (the kind it has when the move starts).
    KindMove(Name),
}

impl Reset {
    /// How the file writes it: `capture`, `man move`.
    pub fn text(&self) -> String {
        match self {
            Reset::Capture(_) => "capture".into(),
            Reset::KindMove(kind) => format!("{} move", kind.text),
        }
    }

    /// Where the file writes it.
    pub fn span(&self) -> Span {
        match self {
            Reset::Capture(span) => span.clone(),
            Reset::KindMove(kind) => kind.span.clone(),
        }
    }
}

/// An exception to a `limit ... leave` rule: `2 on first turn with 6-6 4-4`.
#[derive(Clone, Debug)]
pub struct LimitException {
    /// How many men may leave instead.
    pub most: Name,
    /// The player's turn it applies to (`first turn` is turn `1`), if any.
    pub turn: Option<Name>,
    /// The rolls it applies to (`6-6`), if any: any roll when empty.
    pub rolls: Vec<Name>,
    /// The whole exception.
    pub span: Span,
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
            ItemKind::Drawn(_) => "drawn".into(),
            ItemKind::Forward(_) => "forward".into(),
            ItemKind::Region(name, _) => format!("region {}", name.text),
            ItemKind::Marks(_) => "marks".into(),
            ItemKind::Step(_, on, ..) => line_key("step", on.as_ref()),
            ItemKind::Jump(_, on, ..) => line_key("jump", on.as_ref()),
            ItemKind::Take(..) => "take".into(),
            ItemKind::Flip(_) => "flip".into(),
            ItemKind::Hop(_) => "hop".into(),
            ItemKind::Shoot(..) => "shoot".into(),
            ItemKind::Enclose(..) => "enclose".into(),
            ItemKind::Custody(..) => "custody".into(),
            ItemKind::Surrounded(..) => "surrounded".into(),
            ItemKind::Barred(land, _, region) => format!(
                "may not {} {}",
                if *land { "land on" } else { "pass over" },
                region.text
            ),
            ItemKind::Place(..) => "place".into(),
            ItemKind::Fly(..) => "fly".into(),
            ItemKind::HandPlacement(player, kind, _) => {
                format!("{} {} in hand", player.text, kind.text)
            }
            ItemKind::LineRemoval(..) => "line removes".into(),
            ItemKind::Promote(..) => "promote".into(),
            ItemKind::KeepSites(_) | ItemKind::KeepList(_) => "sites".into(),
            ItemKind::BoardLine(names) => format!(
                "line {}",
                names
                    .iter()
                    .map(|n| n.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            ItemKind::Numbering(..) => "number".into(),
            ItemKind::Placement(player, kind, _) => format!("{} {}", player.text, kind.text),
            ItemKind::Capture(..) => "capture".into(),
            ItemKind::Chain(..) => "chain".into(),
            ItemKind::Return(_) => "return".into(),
            ItemKind::NoPieces(_) => "no pieces".into(),
            ItemKind::NoMoves(_) => "no moves".into(),
            ItemKind::NeitherMoves(_) => "neither can move".into(),
            ItemKind::NoCapture(_) => "no capture".into(),
            ItemKind::Points(_) => "points".into(),
            ItemKind::Zone(name) => format!("zone {}", name.text),
            ItemKind::Rows(_) => "rows".into(),
            ItemKind::TrackPath(player, ..) => format!("{}:", player.text),
            ItemKind::Advance => "advance".into(),
            ItemKind::Sow(_) => "sow".into(),
            ItemKind::SowCapture(_) => "sow capture".into(),
            ItemKind::SeedPlacement(kind, _) => kind.text.clone(),
            ItemKind::DiceCount(_) => "count".into(),
            ItemKind::DiceFaces(_) => "faces".into(),
            ItemKind::DiceSummed => "summed".into(),
            ItemKind::Doubles(_) => "doubles".into(),
            ItemKind::DoublesClimb(..) => "doubles climb".into(),
            ItemKind::ThrowPasses(..) => "throw passes".into(),
            ItemKind::DiceNotation(_) => "notation".into(),
            ItemKind::Opening(_) => "opening".into(),
            ItemKind::Hit(_) => "hit".into(),
            ItemKind::Pin => "pin".into(),
            ItemKind::DiePicks => "die picks".into(),
            ItemKind::FirstFrom(zone) => format!("first from {}", zone.text),
            ItemKind::BearOff(_) => "bear off".into(),
            ItemKind::Overshoot => "overshoot".into(),
            ItemKind::Play(..) => "play".into(),
            ItemKind::EndingTurn(_) => "ending turn".into(),
            ItemKind::Removal(_) => "captured removed".into(),
            ItemKind::Under => "captured go under capturer".into(),
            ItemKind::Duplicates(_) => "duplicate captures".into(),
            ItemKind::Landing(_) => "capture lands".into(),
            ItemKind::NeverTurnsBack(_) => "chain turns back".into(),
            ItemKind::Vulnerable(_) => "vulnerable".into(),
            ItemKind::Choose(..) => "choose double".into(),
            ItemKind::Again(after, _) => match after {
                AgainAfter::Landing(region) => format!("again after landing in {}", region.text),
                AgainAfter::Throw(_) => "again after throw".into(),
                AgainAfter::Hit => "again after hit".into(),
                AgainAfter::Enclosing => "again after enclosing".into(),
            },
            ItemKind::NoMove(..) => "no move".into(),
            ItemKind::Cube(_) => "cube".into(),
            ItemKind::Crawford => "crawford".into(),
            ItemKind::Jacoby => "jacoby".into(),
            ItemKind::NoProgress(
                _,
                _,
                _,
                Progress {
                    name: Some(name), ..
                },
            ) => name.text.clone(),
            ItemKind::NoProgress(resets, ..) => {
                let texts: Vec<String> = resets.iter().map(Reset::text).collect();
                format!("no {}", texts.join(" or "))
            }
            ItemKind::Repetition(.., false) => "same position".into(),
            ItemKind::Repetition(.., true) => "same board".into(),
            ItemKind::Evaluate(..) => "evaluate".into(),
            ItemKind::Forbid(name, ..)
            | ItemKind::LimitLeave(name, ..)
            | ItemKind::LimitRun(name, ..)
            | ItemKind::Pass(name, _)
            | ItemKind::Drop(name)
            | ItemKind::Invariant(name, _)
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

/// Parses one file's text into its AST, or its first syntax error (see
/// [`parse_all`] for all of them).
pub fn parse(file: FileId, text: &str) -> Result<File, Diagnostic> {
    parse_all(file, text).map_err(|mut all| all.swap_remove(0))
}

/// Parses one file's text into its AST, or its syntax errors, never none:
/// the first error of the file, then one for each later section that fails
/// to parse alone (a mistake in one section does not hide the others').
pub fn parse_all(file: FileId, text: &str) -> Result<File, Vec<Diagnostic>> {
    if let Some(at) = too_deep(text) {
        return Err(vec![
            Diagnostic::error(
                file,
                at..at + 1,
                format!("parentheses nest more than {MAX_NESTING} deep"),
                "too deeply nested",
            )
            .with_hint(format!(
                "a condition may nest at most {MAX_NESTING} parentheses deep: write it more simply"
            )),
        ]);
    }
    let mut pairs = GameParser::parse(Rule::file, text).map_err(|e| {
        let first = misspelt::retarget(text, syntax_error(file, e));
        let mut all = recover::later_errors(file, text, &first);
        all.insert(0, first);
        all
    })?;
    let root = pairs.next().expect("the file rule always yields one pair");
    let mut inner = root.into_inner();
    let header = inner.next().expect("a file starts with its header");
    let is_variant = header.as_rule() == Rule::variant_header;
    let mut parts = header.into_inner();
    let name = string(parts.next().unwrap());
    let base = is_variant.then(|| string(parts.next().unwrap()));
    let family = parts
        .next()
        .map(|f| build::name(f.into_inner().next().unwrap()));
    let sections = inner
        .filter(|p| p.as_rule() != Rule::EOI)
        .map(|p| section(file, p))
        .collect();
    Ok(File {
        file,
        name,
        base,
        family,
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
