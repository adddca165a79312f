//! Syntax errors: pest's error turned into a diagnostic, with a human name
//! for every grammar rule and a hint for the construct that was expected.

use super::parser::Rule;
use crate::diag::{Diagnostic, FileId};

pub(super) fn syntax_error(file: FileId, error: pest::error::Error<Rule>) -> Diagnostic {
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
         `rules`, `end` or `invariants`, followed by its items in braces"
    } else if expected.iter().any(in_condition) {
        "a condition compares sums of numbers, `own|opponent men here`, \
         `own|opponent men in REGION`, `own|open points in REGION`, `own|opponent pieces`, \
         `own|opponent KIND pieces`, `own|opponent pieces in hand` and \
         `own|opponent pieces captured` with `=`, `!=`, `<`, `<=`, `>` or `>=`, or tests \
         `here in REGION`, `from in REGION`, `here vulnerable` or `player NAME`; \
         conditions combine with `and`, `or`, `not` and parentheses"
    } else {
        "docs/language.md lists every item of every section"
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
            | Rule::drawn
            | Rule::forward
            | Rule::region
            | Rule::marks
            | Rule::step
            | Rule::jump
            | Rule::take
            | Rule::hop
            | Rule::flip
            | Rule::shoot
            | Rule::enclose
            | Rule::custody
            | Rule::surrounded
            | Rule::barred
            | Rule::neither_moves
            | Rule::promote
            | Rule::piece_drop
            | Rule::placement
            | Rule::hand_placement
            | Rule::place
            | Rule::fly
            | Rule::line_removal
            | Rule::capture_rule
            | Rule::chain_rule
            | Rule::return_rule
            | Rule::no_pieces
            | Rule::no_moves
            | Rule::no_capture
            | Rule::points
            | Rule::keep_sites
            | Rule::board_line
            | Rule::numbering
            | Rule::zone
            | Rule::rows
            | Rule::track_path
            | Rule::advance
            | Rule::dice_count
            | Rule::dice_faces
            | Rule::dice_summed
            | Rule::doubles
            | Rule::doubles_climb
            | Rule::throw_passes
            | Rule::dice_notation
            | Rule::opening
            | Rule::forbid
            | Rule::hit
            | Rule::pin
            | Rule::die_picks
            | Rule::first_from
            | Rule::bear_off
            | Rule::overshoot
            | Rule::play_order
            | Rule::ending_turn
            | Rule::vulnerable
            | Rule::pass_rule
            | Rule::again
            | Rule::choose
            | Rule::evaluate
            | Rule::limit_leave
            | Rule::limit_run
            | Rule::drop
            | Rule::no_move
            | Rule::end_when
            | Rule::invariant
            | Rule::cube
            | Rule::crawford
            | Rule::jacoby
            | Rule::removal
            | Rule::under
            | Rule::duplicates
            | Rule::landing
            | Rule::turning
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
        Rule::family => "`family NAME`",
        Rule::section | Rule::section_alone => "a section",
        Rule::board => "a `board` section",
        Rule::board_item => "a board item",
        Rule::grid => "`grid W x H`",
        Rule::files => "`files`",
        Rule::ranks => "`ranks`",
        Rule::links => "`links orthogonal|diagonal|all|hex`",
        Rule::link_kind => "`orthogonal`, `diagonal`, `all` or `hex`",
        Rule::drawn_kind => "`squares`, `points` or `edges`",
        Rule::parity => "`where even|odd`",
        Rule::parity_kind => "`even` or `odd`",
        Rule::link => "`link FROM TO DIRECTION`",
        Rule::extra_site => "`site NAME`",
        Rule::player => "a `player NAME` section",
        Rule::player_item => "a player item",
        Rule::forward => "`forward DIRECTION`",
        Rule::drawn => "`drawn as squares|points`",
        Rule::region => "`region NAME: SITES`",
        Rule::piece => "a `piece NAME` section",
        Rule::piece_item => "a piece item",
        Rule::marks => "`marks W B`",
        Rule::mark => "a mark",
        Rule::step => "`step DIRECTIONS [far | counting [over own]]`",
        Rule::when => "`when CONDITION`",
        Rule::when_word => "`when CONDITION`",
        Rule::place => "`place [falling DIRECTION] [on own|opponent REGION] [when CONDITION]`",
        Rule::falling => "`falling DIRECTION`",
        Rule::fly => "`fly [when CONDITION]`",
        Rule::hand_placement => "`PLAYER KIND in hand: N`",
        Rule::line_removal => "`line of N removes opponent piece`",
        Rule::line_protect => "`, not from line unless all`",
        Rule::in_hand => "`own|opponent pieces in hand`",
        Rule::captured => "`own|opponent pieces captured`",
        Rule::jump => "`jump DIRECTIONS [far [land behind] | along lines]`",
        Rule::take => "`take DIRECTIONS [counting [over own]] [, own too]`",
        Rule::own_too => "`, own too`",
        Rule::die_picks => "`die picks the piece, else the nearest`",
        Rule::counting | Rule::counting_word => "`counting [over own]`",
        Rule::over_own => "`over own`",
        Rule::connected => "`own|opponent pieces connected`",
        Rule::exactly => "`exactly`",
        Rule::flip => "`flip DIRECTIONS`",
        Rule::hop => "`hop DIRECTIONS`",
        Rule::shoot => "`shoot KIND DIRECTIONS [far]`",
        Rule::enclose => "`enclose KIND DIRECTIONS`",
        Rule::custody => "`custody DIRECTIONS [against REGION]`",
        Rule::against => "`against REGION`",
        Rule::against_word => "`against`",
        Rule::surrounded => "`surrounded DIRECTIONS [on own|opponent REGION]`",
        Rule::barred => "`may not land on|pass over REGION`",
        Rule::barred_kind => "`land on` or `pass over`",
        Rule::neither_moves => "`neither can move: RESULT`",
        Rule::far => "`far`",
        Rule::land_behind => "`land behind`",
        Rule::along_lines => "`along lines`",
        Rule::board_line => "`line SITE SITE SITE ...`",
        Rule::directions => "a list of directions",
        Rule::direction_term => "a direction",
        Rule::promote => "`promote to KIND on own|opponent REGION`",
        Rule::promote_then => "`then stop` or `then continue`",
        Rule::then_kind => "`stop` or `continue`",
        Rule::promote_at_end => "`at end`",
        Rule::keep_sites => "`sites where even|odd`",
        Rule::numbering => "`number from CORNER along DIRECTION then DIRECTION`",
        Rule::standing => "`on own|opponent REGION`",
        Rule::on_word => "`on`",
        Rule::piece_drop => {
            "`drop step|jump|take|hop|place|fly|flip|shoot|enclose|custody|surrounded`"
        }
        Rule::move_kind => {
            "`step`, `jump`, `take`, `hop`, `place`, `fly`, `flip`, `shoot`, `enclose`, `custody` or `surrounded`"
        }
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
        Rule::track_start => "`ZONE or` (a second zone at the track's start)",
        Rule::or_word => "`or`",
        Rule::advance => "`advance by die`",
        Rule::dice => "a `dice` section",
        Rule::dice_item => "a dice item",
        Rule::dice_count => "`count N`",
        Rule::dice_faces => "`faces N` or `faces 0 1 ...`",
        Rule::dice_summed => "`summed`",
        Rule::doubles => "`doubles twice|once`",
        Rule::doubles_kind => "`twice` or `once`",
        Rule::doubles_climb => "`doubles climb to N`",
        Rule::climb_from => "`from turn N`",
        Rule::climb_each => "`, each double a turn`",
        Rule::throw_passes => "`throw ROLL passes`",
        Rule::dice_notation => "`notation positions|counting down`",
        Rule::notation_kind => "`positions` or `counting down`",
        Rule::opening => "`opening each one die, higher starts, plays both|throws again`",
        Rule::opening_kind => "`plays both` or `throws again`",
        Rule::range => "a range `A..B`",
        Rule::times => "`* N`",
        Rule::forbid => "`forbid NAME: CONDITION`",
        Rule::after_move => "`after move`",
        Rule::invariants => "an `invariants` section",
        Rule::stakes => "a `stakes` section",
        Rule::stakes_item => "a stakes item (`cube`, `cube up to N`, `crawford`, `jacoby`)",
        Rule::cube => "`cube` or `cube up to N`",
        Rule::crawford => "`crawford`",
        Rule::jacoby => "`jacoby`",
        Rule::invariant_item => "an invariant",
        Rule::invariant => "`NAME: CONDITION`",
        Rule::pieces => "`own|opponent pieces`",
        Rule::kind_pieces => "`own|opponent KIND pieces`",
        Rule::hit => "`hit to ZONE`",
        Rule::pin => "`pin blots`",
        Rule::first_from => "`first from ZONE`",
        Rule::bear_off => "`bear off when CONDITION`",
        Rule::overshoot => "`overshoot from rearmost`",
        Rule::play_order => "`play most dice, larger die, most pips`",
        Rule::priority => {
            "`most dice`, `larger die`, `most pips`, `most captures` or `from REGION [when CONDITION]`"
        }
        Rule::most_captures => "`most captures`",
        Rule::removal => "`captured removed at once|end`",
        Rule::removal_when => "`once` or `end`",
        Rule::under => "`captured go under capturer`",
        Rule::duplicates => "`duplicate captures merged|distinct`",
        Rule::duplicates_kind => "`merged` or `distinct`",
        Rule::landing => "`capture lands anywhere|where it goes on`",
        Rule::landing_kind => "`anywhere` or `where it goes on`",
        Rule::turning => "`chain turns back|never turns back`",
        Rule::turning_kind => "`turns back` or `never turns back`",
        Rule::most_dice => "`most dice`",
        Rule::from_region => "`from REGION [when CONDITION]`",
        Rule::larger_die => "`larger die`",
        Rule::most_pips => "`most pips`",
        Rule::vulnerable => "`vulnerable runs longer than N`",
        Rule::pass_rule => "`pass NAME: CONDITION`",
        Rule::again => {
            "`again after landing in REGION`, `again after throw ROLL`, `again after hit` or `again after enclosing`"
        }
        Rule::again_landing => "`landing in REGION`",
        Rule::again_throw => "`throw ROLL`",
        Rule::again_hit => "`hit` or `capture`",
        Rule::again_enclosing => "`enclosing`",
        Rule::again_most => "`, at most N in a row`",
        Rule::choose => "`choose double after throw ROLL`",
        Rule::choose_again => "`, then throw again`",
        Rule::evaluate => "`evaluate: SUM`",
        Rule::limit_leave => "`limit NAME: at most N men leave REGION per turn`",
        Rule::limit_except => "an exception `N on first turn with 6-6`",
        Rule::except_turn => "`on first turn` or `on turn N`",
        Rule::first_turn => "`first turn`",
        Rule::except_rolls => "`with ROLL ...`",
        Rule::roll => "a roll such as `6-6`",
        Rule::limit_run => "`limit NAME: no run of N own|closed points`",
        Rule::run_points => "`own` or `closed`",
        Rule::run_unless => "`unless opponent men ahead`",
        Rule::from_in => "`from in [own|opponent] REGION`",
        Rule::moving => "`moving KIND`",
        Rule::die_is => "`die < N`",
        Rule::line_of => "`own|opponent line of [exactly] N`",
        Rule::connects => "`own|opponent connects REGION to REGION`",
        Rule::connect_end => "a region",
        Rule::drop => "`drop NAME`",
        Rule::no_move => "`no move in N turns: RESULT`",
        Rule::end_when => "`NAME: CONDITION => RESULT`",
        Rule::no_progress => "`no capture or KIND move in N turns: RESULT`",
        Rule::reset => "`capture` or `KIND move`",
        Rule::progress_name => "the name of a counter",
        Rule::progress_while | Rule::while_word => "`while CONDITION`",
        Rule::kind_move => "`KIND move`",
        Rule::capture_reset => "`capture`",
        Rule::more_pieces => "`more pieces wins`",
        Rule::sow => "`sow from own REGION into own REGION`",
        Rule::sow_option => "`, skipping origin` or `, feeding own|opponent REGION`",
        Rule::skipping_origin => "`skipping origin`",
        Rule::feeding => "`feeding own|opponent REGION`",
        Rule::sow_capture => "`sow capture opposite|N..M in own|opponent REGION`",
        Rule::opposite => "`opposite`",
        Rule::seed_range => "a range of counts such as `2..3`",
        Rule::capture_option => "`, backwards` or `, not all`",
        Rule::backwards => "`backwards`",
        Rule::not_all => "`not all`",
        Rule::seed_placement => "`KIND: SITES`",
        Rule::point_range => "a range of points such as `1..24`",
        Rule::seeds_in => "`seeds in [own|opponent] REGION`",
        Rule::repetition => "`same position|board N times: RESULT`",
        Rule::repeated => "`position` or `board`",
        Rule::magnitude => "`single`, `double`, `triple` or `N points`",
        Rule::ending_turn => "`ending turn exempt|obliged`",
        Rule::ending_kind => "`exempt` or `obliged`",
        Rule::frame => "`own` or `opponent`",
        Rule::condition | Rule::conjunct | Rule::negation | Rule::atom => "a condition",
        Rule::not => "`not`",
        Rule::here_in => "`here in [own|opponent] REGION`",
        Rule::here_vulnerable => "`here vulnerable`",
        Rule::is_player => "`player NAME`",
        Rule::comparison => "a comparison",
        Rule::compare => "a comparison operator (`=`, `!=`, `<`, `<=`, `>`, `>=`)",
        Rule::sum | Rule::term => "a count or number",
        Rule::men_here => "`own|opponent men here`",
        Rule::men_in => "`own|opponent men in [own|opponent] REGION`",
        Rule::pinned_in => "`own|opponent pinned men in [own|opponent] REGION`",
        Rule::points_in => "`own|open points in [own|opponent] REGION`",
        Rule::point_kind => "`own` or `open`",
        Rule::keyword => "a keyword",
        Rule::name => "a name",
        Rule::number => "a number",
        Rule::string => "a quoted string",
        Rule::string_inner => "the text of a string",
    }
}
