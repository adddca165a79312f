//! The checked game: every name resolved to an index, every rule explicit.
//!
//! The IR is plain data (serde) and has a readable text dump, used by the
//! `show` command and the snapshot tests.

use serde::Serialize;

mod cond;
mod custody;
mod dice;
mod dump;
mod enclose;
mod play_from;
mod sowing;

pub use crate::syntax::{Compare, EndResult, Obligation, Priority, Whose};
pub use cond::{Cond, Term};
pub use custody::{Barred, Custody, Surrounded};
pub use dice::{
    CHOOSING, Climb, Dice, MAX_DICE, MAX_DIE_MOVES, MAX_FACE_VALUE, MAX_LISTED_FACES, ZERO_THROW,
    shown_value, stored_value,
};
pub use enclose::Enclose;
pub use play_from::{MAX_PLAY_FROM, PlayFrom};
pub use sowing::{SeedCapture, Sowing};

/// The most steps one move holds: the captures of a chain, or the die moves
/// of a turn. The checker refuses a game whose chains could be longer.
pub const MAX_STEPS: usize = 48;

/// The most players a game has (a site keeps its piece's owner in 4 bits,
/// and a state a few masks per player).
pub const MAX_PLAYERS: usize = 6;

/// A complete, checked game.
#[derive(Clone, Debug, Serialize)]
pub struct Game {
    /// The name from the file's header.
    pub name: String,
    /// The family the header names (`family draughts`), a variant's
    /// inherited from its base; `None` where no file names one.
    pub family: Option<String>,
    /// Sites, directions and links.
    pub board: Board,
    /// Two players to [`MAX_PLAYERS`], who move in this order, the first
    /// first.
    pub players: Vec<Player>,
    /// Piece kinds; the first is the kind placed by default.
    pub kinds: Vec<Kind>,
    /// The start position.
    pub setup: Vec<Placement>,
    /// Sowing games: the seeds at the start, (site, count), each site once.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub seeds: Vec<(usize, u8)>,
    /// The pieces each player starts with in his hand (his reserve).
    pub hand: Vec<Hand>,
    /// Capture obligations and piece memory.
    pub rules: Rules,
    /// End conditions, judged in this order after every turn.
    pub end: Vec<EndRule>,
    /// The dice, for games played with them.
    pub dice: Option<Dice>,
    /// The doubling cube and its match rules, where the game has them.
    pub stakes: Option<Stakes>,
    /// Conditions that hold in every position, in file order.
    pub invariants: Vec<Invariant>,
}

/// The `stakes` section: a doubling cube that the player to move may turn
/// before his turn, doubling what the game is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Stakes {
    /// The cube's highest value, a power of two (`cube up to 64`;
    /// 32768 for `cube`).
    pub cube_max: u32,
    /// The Crawford rule of match play: no double in the game after a
    /// player first comes within one point of winning the match.
    pub crawford: bool,
    /// The Jacoby rule of money play: a win counts single unless the cube
    /// was turned.
    pub jacoby: bool,
}

/// The most points one game's result may be worth (`=> win N points`).
pub const MAX_RESULT_POINTS: u32 = 64;

/// The highest value a cube may reach, and that of a `cube` without a
/// bound: GNU Backgammon's Match ID keeps the cube's value as a power of
/// two of at most 15.
pub const MAX_CUBE: u32 = 1 << 15;

/// Distinct no-progress counters a game may keep, besides the turns without
/// a capture (`quiet`): counters with the same resets are one counter.
pub const MAX_COUNTERS: usize = 4;

/// The most pieces a game with columns (`captured go under capturer`)
/// sets up: a column of every piece fits in the engine's fixed room (a
/// site's 128 bits: a count and 4 bits a piece under the top one).
pub const MAX_COLUMN: usize = 31;

/// The most kinds of piece a game with columns has (a piece under the top
/// one keeps its kind in 3 bits).
pub const MAX_COLUMN_KINDS: usize = 8;

/// The most times `same position N times` may ask a position to stand.
pub const MAX_REPETITIONS: u32 = 100;
/// The latest turn of a player a `limit` exception may name (`on turn N`):
/// the engine counts each player's turns up to the latest one named.
pub const MAX_LIMIT_TURN: u32 = 100;

/// The board as a graph of named sites joined by directed links.
#[derive(Clone, Debug, Serialize)]
pub struct Board {
    /// The grid the board was generated from, if any.
    pub grid: Option<Grid>,
    /// Every site; indices are site numbers.
    pub sites: Vec<Site>,
    /// The directions links may take.
    pub directions: Vec<Direction>,
    /// Directed links: `from` reaches `to` going `direction`.
    pub links: Vec<Link>,
    /// Rows of sites to draw, far row first, each left to right.
    pub rows: Vec<Vec<usize>>,
    /// The lines drawn on the board (`line a2 b3 c2`): sites each linked to
    /// the next, a line free to bend; `jump ... along lines` follows them.
    pub lines: Vec<Vec<usize>>,
}

impl Board {
    /// Whether its points on the grid are named by numbers (`number from
    /// ...`), as moves then name them: drawings list or print the numbers.
    pub fn numbered(&self) -> bool {
        (self.sites.iter()).all(|s| s.coord.is_none() || s.name.parse::<u32>().is_ok())
    }
}

/// A rectangular grid: site `(x, y)` is named `files[x]` then `ranks[y]`.
#[derive(Clone, Debug, Serialize)]
pub struct Grid {
    /// Column names, left to right.
    pub files: Vec<String>,
    /// Row names, from the first player's side.
    pub ranks: Vec<String>,
    /// Whether its pieces stand in its squares (`drawn as squares`), not
    /// on its points: how it is drawn, no rule.
    pub squares: bool,
    /// Whether it is a lattice of dots (`drawn as edges`): its points with
    /// an even file and an even rank (from 0) are dots, no sites; those
    /// with one odd are edges, drawn as lines; those with both odd, boxes.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub edges: bool,
    /// Whether its links are a hexagonal lattice's (`links hex`): it is
    /// drawn with each rank shifted half a file from the one below, so that
    /// the `se`-`nw` diagonal is as long as the other lines and each point
    /// has its six neighbours around it. How it is drawn, no rule.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hexes: bool,
}

/// One point of the board.
#[derive(Clone, Debug, Serialize)]
pub struct Site {
    /// Its name in notation.
    pub name: String,
    /// Grid column and row, when on a grid.
    pub coord: Option<(i32, i32)>,
    /// The player an off-board zone (such as a bar) belongs to.
    pub owner: Option<usize>,
}

/// A named direction with its vector on the plane.
#[derive(Clone, Debug, Serialize)]
pub struct Direction {
    /// Compass name, such as `ne`.
    pub name: String,
    /// Column and row change.
    pub vector: (i32, i32),
}

/// A directed link between two sites.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Link {
    /// Start site.
    pub from: usize,
    /// End site.
    pub to: usize,
    /// Index into [`Board::directions`].
    pub direction: usize,
}

/// A player and his frame of reference.
#[derive(Clone, Debug, Serialize)]
pub struct Player {
    /// Name, such as `white`.
    pub name: String,
    /// The direction he calls forward, if the game needs one.
    pub forward: Option<usize>,
    /// His named regions, his zones and the regions of his track.
    pub regions: Vec<Region>,
    /// His track: the sites a man advancing by dice passes, in order.
    pub track: Vec<usize>,
    /// A second zone at the start of his track (`start or bar, ...`), at
    /// position 0 like `track[0]`: a man enters from either alike. The
    /// `first from` rules name one of the two, so that where both hold
    /// men one of them is the one men leave.
    pub second_start: Option<usize>,
}

/// A named set of sites.
#[derive(Clone, Debug, Serialize)]
pub struct Region {
    /// Name, such as `back-rank`.
    pub name: String,
    /// Its sites.
    pub sites: Vec<usize>,
}

/// A kind of piece and how it moves.
#[derive(Clone, Debug, Serialize)]
pub struct Kind {
    /// Name, such as `man`.
    pub name: String,
    /// How it is drawn, per player.
    pub marks: Vec<char>,
    /// Per player: the directions it may step in.
    pub step: Vec<Vec<usize>>,
    /// Per player: the directions it may jump (capture) in.
    pub jump: Vec<Vec<usize>>,
    /// Per player: the directions it may take in (`take`: onto an
    /// opposing piece on the next site, taking it).
    pub take: Vec<Vec<usize>>,
    /// How far the `take` line reaches: the next site, or `counting`.
    #[serde(skip_serializing_if = "Reach::is_near")]
    pub take_reach: Reach,
    /// Whether its takes land on the mover's own pieces too (`take
    /// DIRECTIONS, own too`), taking them as they take opposing ones.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub take_own: bool,
    /// Per player: the directions along which a placed piece turns the
    /// runs of opposing pieces it encloses (`flip`); a piece that flips is
    /// placed only where it turns one at least.
    pub flip: Vec<Vec<usize>>,
    /// Per player: the directions it hops in (`hop`: over the next site,
    /// taken by a piece of either side, to the empty site beyond, taking
    /// nothing, and on from there as the mover likes, never landing twice
    /// on one site; the turn is the site it ends on).
    #[serde(skip_serializing_if = "no_lines")]
    pub hop: Vec<Vec<usize>>,
    /// `custody`: how it takes the pieces it sandwiches.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub custody: Option<Custody>,
    /// `surrounded`: where a sandwich does not take it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub surrounded: Option<Surrounded>,
    /// `may not land on`, `may not pass over`: sites barred to its moves.
    #[serde(skip_serializing_if = "Barred::is_empty")]
    pub barred: Barred,
    /// How far the unqualified `step` line reaches.
    pub step_reach: Reach,
    /// How far the unqualified `jump` line reaches.
    pub jump_reach: Reach,
    /// Lines that apply, instead of `step` or `jump`, while the piece stands
    /// on a region (`step none on opponent back-rank`).
    pub standing: Vec<StandingLine>,
    /// Promotion on arrival in a region.
    pub promote: Option<Promotion>,
    /// Whether it advances along its owner's track by the pips of a die.
    pub advance: bool,
    /// `step ... when CONDITION`: the unqualified step line applies only
    /// while the condition holds for the mover, before his turn.
    pub step_when: Option<Cond>,
    /// `jump ... when CONDITION`, likewise for the unqualified jump line.
    pub jump_when: Option<Cond>,
    /// `place`: a piece of this kind goes from its owner's hand onto an
    /// empty site.
    pub place: Option<Action>,
    /// `fly`: the piece moves to any empty site.
    pub fly: Option<Action>,
    /// `shoot KIND DIRECTIONS [far]`: what the piece puts on the board
    /// after each of its moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shoot: Option<Shoot>,
    /// `sow from REGION into REGION ...`: pieces of this kind are seeds,
    /// counts on a site of no player, sown (see [`Sowing`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sow: Option<Sowing>,
    /// `enclose KIND DIRECTIONS`: what the piece claims once placed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enclose: Option<Enclose>,
}

/// `shoot KIND DIRECTIONS [far]`: once the piece has moved, it puts a
/// piece of `kind`, its owner's, from a supply that never runs out, on an
/// empty site along one of the directions from its landing site (the site
/// it left is empty, the pieces its move took gone): the next site only,
/// or, `far`, any site reached over empty sites alone. The move and the
/// shot are one turn; a move with no shot after it is not one.
#[derive(Clone, Debug, Serialize)]
pub struct Shoot {
    /// The kind of the piece shot.
    pub kind: usize,
    /// Per player: the directions it flies in.
    pub directions: Vec<Vec<usize>>,
    /// Whether it flies any distance (`far`) or to the next site.
    pub far: bool,
}

/// An action of a piece beyond its lines (`place`, `fly`): where it may
/// land, and when it may be taken.
#[derive(Clone, Debug, Serialize)]
pub struct Action {
    /// Per player: the sites it may land on, when empty.
    pub sites: Vec<Vec<usize>>,
    /// The condition, judged for the mover before his turn, under which
    /// the action is allowed; always, if none.
    pub when: Option<Cond>,
    /// `place falling DIRECTION` (an index into [`Board::directions`]):
    /// only onto the empty sites where a piece falling that way comes to
    /// rest, those whose neighbour that way is off the board or taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub falling: Option<usize>,
}

/// Pieces a player starts with in his hand.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Hand {
    /// Whose.
    pub player: usize,
    /// Which kind.
    pub kind: usize,
    /// How many.
    pub count: u8,
}

/// `line of N removes opponent piece`: a move whose piece lands in a line
/// of `length` sites all held by the mover removes an opposing piece of his
/// choice, as part of the same turn.
#[derive(Clone, Debug, Serialize)]
pub struct LineRemoval {
    /// The sites in a line.
    pub length: u32,
    /// `not from line unless all`: an opposing piece standing in such a
    /// line of its owner is removed only when every one of his does.
    pub protect: bool,
    /// The lines of the board: `length` sites in a row, each linked to
    /// the next in one direction, each line once.
    pub lines: Vec<Vec<usize>>,
}

/// Whether a line gives no direction to any player (its field is then
/// left out of the serialized game).
fn no_lines(per_player: &[Vec<usize>]) -> bool {
    per_player.iter().all(Vec::is_empty)
}

/// How far a `step` or `jump` line reaches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum Reach {
    /// To the next site (a step), or over the next site to the one behind
    /// (a jump).
    #[default]
    Near,
    /// `far`: any distance along the line over empty sites; a far jump
    /// lands on any empty site beyond the piece it takes.
    Far,
    /// `far land behind`: a far jump that lands only right behind the piece.
    FarBehind,
    /// `along lines`: a near jump over the next site that goes on along the
    /// board's line through it ([`Board::lines`]) to the site after it on
    /// that line, whichever way the line turns there.
    Along,
    /// `counting [over own]`: exactly as many sites as there are pieces on
    /// the whole line through the piece along the direction (both ways,
    /// both sides', itself counted), over empty sites only, or also over
    /// its owner's pieces (`over_own`), never over an opposing piece.
    Counting {
        /// `over own`
        over_own: bool,
    },
}

impl Reach {
    /// Whether it is [`Reach::Near`].
    pub fn is_near(&self) -> bool {
        *self == Reach::Near
    }

    /// The words that state it after the directions, if any.
    pub fn words(self) -> &'static str {
        match self {
            Reach::Near => "",
            Reach::Far => " far",
            Reach::FarBehind => " far land behind",
            Reach::Along => " along lines",
            Reach::Counting { over_own: false } => " counting",
            Reach::Counting { over_own: true } => " counting over own",
        }
    }
}

/// Whether a line of a piece is its steps or its jumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum LineKind {
    /// `step`
    Step,
    /// `jump`
    Jump,
}

/// A `step` or `jump` line qualified by where the piece stands: from those
/// sites the piece moves in these directions instead of its unqualified line.
#[derive(Clone, Debug, Serialize)]
pub struct StandingLine {
    /// Steps or jumps.
    pub line: LineKind,
    /// Whose region, as written.
    pub whose: Whose,
    /// The region's name, as written.
    pub region: String,
    /// Per player: the sites where the line applies.
    pub sites: Vec<Vec<usize>>,
    /// Per player: the directions of the line.
    pub directions: Vec<Vec<usize>>,
    /// How far the line reaches.
    pub reach: Reach,
}

impl Kind {
    /// The directions the piece of `player` steps or jumps in from `site`:
    /// a qualified line's where one applies, else the unqualified line's.
    pub fn directions_at(&self, line: LineKind, player: usize, site: usize) -> &[usize] {
        for q in &self.standing {
            if q.line == line && q.sites[player].contains(&site) {
                return &q.directions[player];
            }
        }
        match line {
            LineKind::Step => &self.step[player],
            LineKind::Jump => &self.jump[player],
        }
    }

    /// How far the line of `player`'s piece on `site` reaches: a qualified
    /// line's where one applies, else the unqualified line's.
    pub fn reach_at(&self, line: LineKind, player: usize, site: usize) -> Reach {
        for q in &self.standing {
            if q.line == line && q.sites[player].contains(&site) {
                return q.reach;
            }
        }
        match line {
            LineKind::Step => self.step_reach,
            LineKind::Jump => self.jump_reach,
        }
    }

    /// Whether the piece hops anywhere, for some player.
    pub fn may_hop(&self) -> bool {
        !no_lines(&self.hop)
    }

    /// Whether the piece takes (lands on an opposing piece) anywhere, for
    /// some player.
    pub fn may_take(&self) -> bool {
        self.take.iter().any(|d| !d.is_empty())
    }

    /// Whether the piece jumps (captures) anywhere, for some player.
    pub fn may_jump(&self) -> bool {
        self.jump.iter().any(|d| !d.is_empty())
            || self
                .standing
                .iter()
                .any(|q| q.line == LineKind::Jump && q.directions.iter().any(|d| !d.is_empty()))
    }
}

/// Promotion to another kind on arrival.
#[derive(Clone, Debug, Serialize)]
pub struct Promotion {
    /// The kind it becomes.
    pub to: usize,
    /// Per player: the sites where it is promoted.
    pub sites: Vec<Vec<usize>>,
    /// Whether promotion ends a capture chain (`then stop`); otherwise the
    /// chain goes on with the new kind's jumps.
    pub ends_chain: bool,
    /// Whether it happens only where the move ends (`at end`): a piece that
    /// lands in the region in the middle of a capture chain is not promoted.
    pub at_end: bool,
}

/// One piece of the start position.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Placement {
    /// Where.
    pub site: usize,
    /// Whose.
    pub player: usize,
    /// Which kind.
    pub kind: usize,
    /// How many men stand there.
    pub count: u8,
}

/// Capture obligations and piece memory.
#[derive(Clone, Debug, Serialize)]
pub struct Rules {
    /// Whether a capture must be made when one exists.
    pub capture: Obligation,
    /// Whether a capture chain goes on (`None`: single jumps only).
    pub chain: Obligation,
    /// No piece may return to a site it has occupied before.
    pub no_return: bool,
    /// Landing is forbidden where any of these named conditions holds.
    pub forbid: Vec<(String, Cond)>,
    /// Dice games: a die move is forbidden where any of these holds on
    /// the position after it (`forbid NAME after move: ...`: the man off
    /// his origin and on his landing site, any man hit gone).
    pub forbid_after: Vec<(String, Cond)>,
    /// Opposing men on a landing site go to their owner's zone of this name.
    pub hit_to: Option<String>,
    /// A man landing on a lone opposing man pins it there (`pin blots`).
    pub pin_blots: bool,
    /// A grid game whose one die names the kind that moves (`die picks
    /// the kind, else the nearest`): face N the Nth kind, or, where the
    /// mover has none of it, his nearest kinds below and above it. Its
    /// `dice` are thrown, but move no man along a track.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub die_picks: bool,
    /// While the mover has men in his zone of one of these names, only
    /// they move: the first such zone in this order (`first from bar`
    /// written before `first from start`: hit men enter first).
    pub first_from: Vec<String>,
    /// When a man may move to the end of his track (bear off).
    pub bear_off: Option<Cond>,
    /// A die larger than needed bears off only from the rearmost man.
    pub overshoot_rearmost: bool,
    /// Turn obligations over whole rolls, in priority order.
    pub play: Vec<Priority>,
    /// The region and condition of each `from` obligation
    /// (`Priority::From(i)`, the i-th).
    pub play_from: Vec<PlayFrom>,
    /// A turn that ends the game is legal whatever the obligations ask
    /// (`ending turn exempt`, the default); `false`: it must meet them too.
    pub ending_turn_exempt: bool,
    /// Runs of more than this many closed sites along a track are open to attack.
    pub vulnerable_run: Option<u32>,
    /// The player passes his turn while any of these named conditions holds.
    pub pass: Vec<(String, Cond)>,
    /// What earns the player who has just moved an extra turn (`again`).
    pub again: Vec<Again>,
    /// A double chosen after some throws (`choose double after throw`).
    pub choose: Option<Choose>,
    /// Dice games: the throws that pass the turn (`throw 5 passes`), each
    /// sorted over the dice's slots as the state keeps them (a 0 as
    /// [`ZERO_THROW`], summed dice in one slot and the rest 0).
    pub passing_throws: Vec<Vec<u8>>,
    /// `evaluate: SUM`, as the comparison `SUM > 0`: how agents judge a
    /// position (the sum for a player less the sum for his opponent).
    pub evaluate: Option<Cond>,
    /// Limits on how many die moves of one turn start in a region.
    pub leave_limits: Vec<LeaveLimit>,
    /// Runs of held points along the mover's track that no die move may make.
    pub run_limits: Vec<RunLimit>,
    /// Captured pieces leave the board at the end of the move (`captured
    /// removed at end`): until then they block, and none is jumped twice.
    pub removal_at_end: bool,
    /// A site holds a column of pieces (`captured go under capturer`):
    /// a capture takes only the top piece of the jumped column and puts
    /// it at the bottom of the capturer's, and no column is jumped twice
    /// in one move.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub columns: bool,
    /// Capture chains of one piece that take the same pieces and end on the
    /// same site are one move (`duplicate captures merged`).
    pub merge_duplicates: bool,
    /// A move that completes a line removes an opposing piece.
    pub line_removal: Option<LineRemoval>,
    /// A far capture whose landings beyond the piece taken include some
    /// from which the chain can go on capturing lands only on those
    /// (`capture lands where it goes on`).
    pub land_going_on: bool,
    /// No capture of a chain goes back along the line of the capture
    /// before it, over the site of the piece that one took (`chain never
    /// turns back`).
    pub never_turn_back: bool,
    /// The end's repetition rule reads the board alone (`same board N
    /// times`): a position stands again with either player to move.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub repeat_board: bool,
}

/// `again after ...`: an extra turn for the player who has just moved,
/// while he has taken fewer than `most` in a row (any number: `None`).
#[derive(Clone, Debug, Serialize)]
pub struct Again {
    /// What earns it.
    pub after: AgainAfter,
    /// The most extra turns in a row it gives.
    pub most: Option<u8>,
}

/// `choose double after throw ROLLS [, then throw again]`: once a turn
/// thrown one of `rolls` has played every die, its player chooses a double
/// and plays it; with `again`, once he has played all of it, he throws
/// again.
#[derive(Clone, Debug, Serialize)]
pub struct Choose {
    /// The throws after which a double is chosen (each sorted, as
    /// [`Dice`] rolls are kept).
    pub rolls: Vec<Vec<u8>>,
    /// Whether the chosen double's turn, played in full, earns a throw.
    pub again: bool,
}

/// What earns an extra turn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum AgainAfter {
    /// The turn's last man landed in the mover's region of this name.
    Landing(String),
    /// The mover threw one of these rolls (each as the state keeps it:
    /// sorted, see [`Dice`]).
    Throw(Vec<Vec<u8>>),
    /// The turn hit, pinned or captured an opposing piece.
    Hit,
    /// The turn claimed a site by `enclose`.
    Enclosing,
}

/// `limit NAME: at most N men leave REGION per turn, EXCEPTIONS`: at most
/// `most` die moves of one turn start on a site of the mover's `region`,
/// unless the first exception that applies says otherwise.
#[derive(Clone, Debug, Serialize)]
pub struct LeaveLimit {
    /// The rule's name.
    pub name: String,
    /// The region (the mover's) whose sites the limit counts.
    pub region: String,
    /// How many die moves of a turn may start there.
    pub most: u8,
    /// Exceptions, the first that applies wins.
    pub exceptions: Vec<LeaveException>,
}

/// An exception to a [`LeaveLimit`]: on a player's turn `turn` (from 1;
/// any turn if `None`) with one of `rolls` (each sorted; any roll if
/// empty), at most `most` men leave.
#[derive(Clone, Debug, Serialize)]
pub struct LeaveException {
    /// How many die moves may start there instead.
    pub most: u8,
    /// The player's turn (from 1) it applies to, if only one.
    pub turn: Option<u8>,
    /// The rolls it applies to, each sorted; any roll if empty.
    pub rolls: Vec<Vec<u8>>,
}

/// `limit NAME: no run of N own|closed points [unless opponent men ahead]`:
/// no die move makes a run of `length` or more consecutive points along the
/// mover's track each holding at least `men` of his men, unless (with
/// `unless_ahead`) an opposing man stands further along the opponent's
/// track than every point of the run.
#[derive(Clone, Debug, Serialize)]
pub struct RunLimit {
    /// The rule's name.
    pub name: String,
    /// The shortest run forbidden.
    pub length: u32,
    /// The men a point needs to count as held (`own`: 1, `closed`: 2).
    pub men: u8,
    /// Whether an opposing man ahead of the run allows it.
    pub unless_ahead: bool,
}

/// `NAME: CONDITION` in `invariants`: a condition that must hold for
/// both players in every position (`ludus check FILE --games N`).
#[derive(Clone, Debug, Serialize)]
pub struct Invariant {
    /// Its name in the file.
    pub name: String,
    /// The condition, judged for each player in turn.
    pub cond: Cond,
}

/// A way for the game to end, judged for the player about to move.
#[derive(Clone, Debug, Serialize)]
pub enum EndRule {
    /// He has no pieces.
    NoPieces(EndResult),
    /// He has no legal move.
    NoMoves(EndResult),
    /// Neither he nor his opponent has a legal move (without it, and
    /// without `NoMoves`, a player who has none passes). `None`: more
    /// pieces wins.
    NeitherMoves(Option<EndResult>),
    /// This many consecutive turns passed without a capture: more pieces wins.
    NoCapture(u32),
    /// This many consecutive turns passed in which no man moved.
    NoMove(u32, EndResult),
    /// This many consecutive turns passed without anything that resets the
    /// counter: a capture (if `capture`; a huff counts) or a move of a piece
    /// of one of `kinds` (its kind when the move starts). `result`: what
    /// happens to the player about to move; `None`, more pieces wins.
    NoProgress {
        /// Whether a capture resets the counter.
        capture: bool,
        /// The kinds whose moves reset it.
        kinds: Vec<usize>,
        /// The turns that end the game.
        turns: u32,
        /// The result, `None` for more pieces wins.
        result: Option<EndResult>,
        /// `NAME: ... while CONDITION`: the counter's name and the
        /// condition; it counts only the turns played from a position
        /// where the condition holds for some player to one where it holds
        /// for some player, and is 0 after any other turn. Such a counter
        /// has a slot of its own, named by `NAME`.
        #[serde(skip_serializing_if = "Option::is_none")]
        during: Option<(String, Cond)>,
    },
    /// The position (the same pieces on the same sites, the same player to
    /// move) has stood this many times since the last capture.
    Repetition(u32, EndResult),
    /// A named condition, judged for each player after every die move.
    When {
        /// Its name in the file.
        name: String,
        /// The condition.
        cond: Cond,
        /// What happens to the player it holds for.
        result: EndResult,
        /// Points the winner scores (1 single, 2 double, 3 triple game),
        /// at most [`MAX_RESULT_POINTS`].
        points: u8,
    },
}

impl EndRule {
    /// The turns a counter of every turn ends the game at (`length: 1000
    /// turns: draw`: named, nothing resets it, and its condition always
    /// holds); `None` for any other rule.
    pub fn game_length(&self) -> Option<u32> {
        match self {
            EndRule::NoProgress {
                capture: false,
                kinds,
                turns,
                during: Some((_, Cond::And(all))),
                ..
            } if kinds.is_empty() && all.is_empty() => Some(*turns),
            _ => None,
        }
    }
}

impl Game {
    /// The dice that move men along tracks (a tables game): the game's
    /// dice, unless they only pick the kind that moves (`die picks the
    /// kind`, a grid game that throws).
    pub fn tables_dice(&self) -> Option<Dice> {
        self.dice.filter(|_| !self.rules.die_picks)
    }

    /// Whether men waiting at the start of a track enter by `place` (onto
    /// any point of the place line's region, with any die the rules
    /// allow) rather than by the pips of a die: a game with dice whose
    /// men place.
    pub fn enters_by_placing(&self) -> bool {
        self.dice.is_some() && self.kinds.iter().any(|k| k.place.is_some())
    }

    /// The sites of region `name` of `player` (`Own`) or of his opponent,
    /// read in `player`'s frame; none where there is no such region.
    pub fn region_sites(&self, player: usize, whose: Whose, name: &str) -> &[usize] {
        let p = match whose {
            Whose::Own => player,
            Whose::Opponent => 1 - player,
        };
        (self
            .players
            .get(p)
            .and_then(|pl| pl.regions.iter().find(|r| r.name == name)))
        .map_or(&[], |r| &r.sites)
    }

    /// The players' names, the first to move first.
    pub fn player_names(&self) -> Vec<&str> {
        self.players.iter().map(|p| p.name.as_str()).collect()
    }

    /// The pieces `player` starts with, on the board and in hand.
    pub fn starting_pieces(&self, player: usize) -> u32 {
        let placed = self.setup.iter().filter(|p| p.player == player);
        let held = self.hand.iter().filter(|h| h.player == player);
        placed.map(|p| u32::from(p.count)).sum::<u32>()
            + held.map(|h| u32::from(h.count)).sum::<u32>()
    }

    /// The kind of `player`'s pieces where the position notation names
    /// none: the first kind, in the order the file declares them, that
    /// the setup gives him, on the board or in his hand; the game's first
    /// kind where the setup gives him nothing.
    pub fn default_kind(&self, player: usize) -> usize {
        let given = self.kinds_given(player);
        (0..self.kinds.len()).find(|&k| given[k]).unwrap_or(0)
    }

    /// Per kind, whether the setup gives `player` pieces of it, on the
    /// board or in his hand.
    fn kinds_given(&self, player: usize) -> Vec<bool> {
        let mut given = vec![false; self.kinds.len()];
        for p in self.setup.iter().filter(|p| p.player == player) {
            given[p.kind] = true;
        }
        for h in self.hand.iter().filter(|h| h.player == player) {
            given[h.kind] = true;
        }
        given
    }

    /// Per kind, whether `player` can ever have a piece of it: a kind the
    /// setup gives him (on the board or in hand), one a kind he can
    /// have is promoted to where he promotes (on some site of his), or
    /// one a kind he can have shoots (`shoot`) or claims a site with
    /// (`enclose`).
    pub fn kinds_owned(&self, player: usize) -> Vec<bool> {
        let mut owned = self.kinds_given(player);
        let mut grown = true;
        while grown {
            grown = false;
            for (k, kind) in self.kinds.iter().enumerate() {
                if let Some(promote) = &kind.promote {
                    let promotes = promote.sites.get(player).is_some_and(|s| !s.is_empty());
                    if owned[k] && promotes && !owned[promote.to] {
                        owned[promote.to] = true;
                        grown = true;
                    }
                }
                if let Some(shoot) = &kind.shoot {
                    let shoots = shoot.directions.get(player).is_some_and(|d| !d.is_empty());
                    if owned[k] && shoots && !owned[shoot.kind] {
                        owned[shoot.kind] = true;
                        grown = true;
                    }
                }
                if let Some(enclose) = &kind.enclose {
                    let encloses = enclose
                        .directions
                        .get(player)
                        .is_some_and(|d| !d.is_empty());
                    if owned[k] && encloses && !owned[enclose.kind] {
                        owned[enclose.kind] = true;
                        grown = true;
                    }
                }
            }
        }
        owned
    }

    /// How a no-progress counter is named in the file and in positions:
    /// `no capture or man move`.
    pub fn progress_label(&self, capture: bool, kinds: &[usize]) -> String {
        let mut resets: Vec<String> = Vec::new();
        if capture {
            resets.push("capture".into());
        }
        resets.extend(
            kinds
                .iter()
                .map(|&k| format!("{} move", self.kinds[k].name)),
        );
        format!("no {}", resets.join(" or "))
    }

    /// Site names joined by spaces.
    fn site_list(&self, sites: &[usize]) -> String {
        let names: Vec<&str> = sites
            .iter()
            .map(|&s| self.board.sites[s].name.as_str())
            .collect();
        names.join(" ")
    }

    fn direction_list(&self, dirs: &[usize]) -> String {
        let names: Vec<&str> = dirs
            .iter()
            .map(|&d| self.board.directions[d].name.as_str())
            .collect();
        if names.is_empty() {
            "-".into()
        } else {
            names.join(" ")
        }
    }
}
