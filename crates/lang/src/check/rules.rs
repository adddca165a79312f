//! Checking the rules and end sections of grid games: capture and chain
//! obligations, no return, and the end rules with their results.

use super::{Checker, conditions, unknown_piece_hint};
use crate::diag::FileId;
use crate::ir::{self, EndResult, EndRule};
use crate::syntax::{
    Item, ItemKind, Name, Obligation, Progress, Reset, Section, SectionKind, Worth,
};

/// Whether some player's piece of this kind has a far jump anywhere (with
/// `choice`, one that may land beyond the site right behind the piece).
fn far_jumps(kind: &ir::Kind, choice: bool) -> bool {
    let counts = |reach: ir::Reach| match reach {
        ir::Reach::Near | ir::Reach::Along | ir::Reach::Counting { .. } => false,
        ir::Reach::Far => true,
        ir::Reach::FarBehind => !choice,
    };
    (counts(kind.jump_reach) && kind.jump.iter().any(|d| !d.is_empty()))
        || kind.standing.iter().any(|q| {
            q.line == ir::LineKind::Jump
                && counts(q.reach)
                && q.directions.iter().any(|d| !d.is_empty())
        })
}

impl Checker<'_> {
    /// Refuses a game with columns that sets up more pieces than a column
    /// holds, or that draws by repetition (whose key reads the top pieces
    /// alone).
    pub(super) fn columns_fit(&mut self, setup: &[ir::Placement], end: &[EndRule]) {
        let Some(item) = (self.sections(SectionKind::Rules))
            .flat_map(|s| s.items.iter())
            .find(|i| matches!(i.kind, ItemKind::Under))
        else {
            return;
        };
        let pieces: usize = setup.iter().map(|p| usize::from(p.count)).sum();
        if pieces > ir::MAX_COLUMN {
            self.error(
                item.file,
                item.span.clone(),
                format!("`captured go under capturer` with {pieces} pieces set up"),
                "too many pieces for one column",
                Some(format!(
                    "a column may come to hold every piece, and holds at most {}: set up fewer",
                    ir::MAX_COLUMN
                )),
            );
        }
        let repetition = (self.sections(SectionKind::End))
            .flat_map(|s| s.items.iter())
            .find(|i| matches!(i.kind, ItemKind::Repetition(..)));
        if let Some(rule) =
            repetition.filter(|_| end.iter().any(|e| matches!(e, EndRule::Repetition(..))))
        {
            self.error(
                rule.file,
                rule.span.clone(),
                "a repetition rule with `captured go under capturer`",
                "not with columns",
                Some("a repeated position is judged by the top pieces alone, not yet the columns under them: remove the repetition rule".into()),
            );
        }
    }

    /// Refuses `captured go under capturer` (columns) where it has no
    /// meaning: a game with dice or sowing, or without a piece that jumps;
    /// or where its other rules would remove or add a piece some other way
    /// (`take`, `custody`, `shoot`, placements, `capture huff`).
    fn columns_apply(&mut self, item: &Item, kinds: &[ir::Kind]) {
        let refusal: Option<(&str, &str, &str)> = if self.has_dice {
            Some((
                "`captured go under capturer` in a game with dice",
                "not with dice",
                "columns are for games of jumps without dice: remove it",
            ))
        } else if kinds.iter().any(|k| k.sow.is_some()) {
            // The sowing checker refuses it, as every rule of capture.
            None
        } else if !kinds.iter().any(ir::Kind::may_jump) {
            Some((
                "`captured go under capturer` but no piece captures",
                "no piece jumps",
                "it says what a capture by a jump does: give a piece a `jump` line, or remove it",
            ))
        } else if kinds.len() > ir::MAX_COLUMN_KINDS {
            Some((
                "`captured go under capturer` with more than 8 kinds of piece",
                "too many kinds for a column",
                "a piece under a column's top keeps its kind in 3 bits: declare at most 8 kinds",
            ))
        } else if kinds.iter().any(ir::Kind::may_take) {
            Some((
                "`captured go under capturer` with a piece that takes",
                "not with `take`",
                "a column is captured by a jump over it: remove the `take` lines",
            ))
        } else if kinds.iter().any(|k| {
            k.custody.is_some()
                || k.shoot.is_some()
                || k.place.is_some()
                || k.jump_reach != ir::Reach::Near
        }) {
            Some((
                "`captured go under capturer` with a piece that is placed, shoots, takes by custody or jumps far",
                "not with `place`, `shoot`, `custody` or far jumps",
                "columns move and capture by near steps and jumps alone: remove those lines",
            ))
        } else {
            None
        };
        if let Some((message, label, help)) = refusal {
            self.error(
                item.file,
                item.span.clone(),
                message,
                label,
                Some(help.into()),
            );
        }
    }

    pub(super) fn rules(&mut self, kinds: &[ir::Kind]) -> ir::Rules {
        let mut capture = None;
        let mut chain = None;
        let mut no_return = false;
        let mut removal_at_end = false;
        let mut columns = None;
        // The items `captured go under capturer` contradicts, if given.
        let mut removal_item = None;
        let mut huff_item = None;
        let mut return_item = None;
        let mut merge_duplicates = false;
        let mut land_going_on = false;
        let mut never_turn_back = None;
        let sections: Vec<&Section> = self.sections(SectionKind::Rules).collect();
        // A game where no piece captures may leave its rules out.
        let takes = kinds.iter().any(ir::Kind::may_take);
        if sections.is_empty() && kinds.iter().any(ir::Kind::may_jump) {
            self.missing(
                "rules",
                "a piece jumps: say whether capture is compulsory and whether captures chain, as in `rules { capture compulsory chain compulsory }`",
            );
        } else if sections.is_empty() && takes {
            self.missing(
                "rules",
                "a piece takes: say whether capture is compulsory, as in `rules { capture optional }`",
            );
        }
        for item in sections.iter().flat_map(|s| s.items.iter()) {
            match &item.kind {
                ItemKind::Capture(o, span) => {
                    if *o == Obligation::None && kinds.iter().any(ir::Kind::may_jump) {
                        self.error(item.file, span.clone(), "`capture none` but a piece may jump", "contradicts `jump`", Some("remove the `jump` items, or choose `optional`, `compulsory` or `huff`".into()));
                    } else if *o == Obligation::None && kinds.iter().any(ir::Kind::may_take) {
                        self.error(
                            item.file,
                            span.clone(),
                            "`capture none` but a piece may take",
                            "contradicts `take`",
                            Some(
                                "remove the `take` items, or choose `optional` or `compulsory`"
                                    .into(),
                            ),
                        );
                    }
                    if *o == Obligation::Huff && kinds.iter().any(ir::Kind::may_take) {
                        self.error(item.file, span.clone(), "`capture huff` with a piece that takes: a huff finds the pieces that could have jumped, never those that could have taken", "not with `take`", Some("choose `capture optional` or `capture compulsory`".into()));
                    }
                    if *o == Obligation::Huff {
                        huff_item = Some(item);
                    }
                    capture = Some(*o)
                }
                ItemKind::Chain(o, _) => chain = Some(*o),
                ItemKind::Return(allowed) => {
                    no_return = !allowed;
                    return_item = (!allowed).then_some(item);
                }
                ItemKind::Removal(at_end) | ItemKind::Duplicates(at_end) => {
                    let removal = matches!(item.kind, ItemKind::Removal(_));
                    if !kinds.iter().any(ir::Kind::may_jump) {
                        let what = if removal {
                            "captured removed"
                        } else {
                            "duplicate captures"
                        };
                        self.error(
                            item.file,
                            item.span.clone(),
                            format!("`{what}` but no piece captures"),
                            "no piece jumps",
                            Some("it says how capture chains are made: give a piece a `jump` line, or remove it".into()),
                        );
                    }
                    if removal {
                        removal_item = at_end.then_some(item);
                        removal_at_end = *at_end;
                    } else {
                        merge_duplicates = *at_end;
                    }
                }
                ItemKind::Under => {
                    self.columns_apply(item, kinds);
                    columns = Some(item);
                }
                ItemKind::Landing(going_on) => {
                    if *going_on && !kinds.iter().any(|k| far_jumps(k, true)) {
                        self.error(
                            item.file,
                            item.span.clone(),
                            "`capture lands where it goes on` but no capture has a choice of landing",
                            "no piece has a far jump",
                            Some("it chooses among the landings beyond a piece taken at a distance: give a piece a `jump DIRECTIONS far` line, or remove it".into()),
                        );
                    }
                    land_going_on = *going_on;
                }
                ItemKind::NeverTurnsBack(never) => {
                    if *never && !kinds.iter().any(|k| far_jumps(k, false)) {
                        self.error(
                            item.file,
                            item.span.clone(),
                            "`chain never turns back` but no capture could turn back",
                            "no piece has a far jump",
                            Some("a near jump back would go over the site of the piece just taken, which is empty or taken: only a `jump DIRECTIONS far` line can turn back, so give a piece one, or remove it".into()),
                        );
                    }
                    if *never {
                        never_turn_back = Some(item);
                    }
                }
                _ => {}
            }
        }
        if let Some(item) = never_turn_back
            && removal_at_end
            && kinds.iter().any(|k| far_jumps(k, false))
        {
            self.error(
                item.file,
                item.span.clone(),
                "`chain never turns back` changes nothing when captured pieces are removed at the end",
                "no capture could turn back",
                Some("the piece just taken stays on the board and blocks the way back: remove `chain never turns back`, or write `captured removed at once`".into()),
            );
        }
        if let (Some(_), Some(item)) = (columns, removal_item) {
            self.error(
                item.file,
                item.span.clone(),
                "`captured removed at end` with `captured go under capturer`",
                "contradicts `captured go under capturer`",
                Some("a piece taken goes under the capturer at once, and no column is jumped twice: remove `captured removed at end`".into()),
            );
        }
        if let (Some(_), Some(item)) = (columns, return_item) {
            self.error(
                item.file,
                item.span.clone(),
                "`return forbidden` with `captured go under capturer`",
                "contradicts `captured go under capturer`",
                Some("a column keeps no memory of the sites it has stood on: remove `return forbidden`".into()),
            );
        }
        if let (Some(_), Some(item)) = (columns, huff_item) {
            self.error(
                item.file,
                item.span.clone(),
                "`capture huff` with `captured go under capturer`",
                "contradicts `captured go under capturer`",
                Some("a huff removes a piece from the board, which a game of columns never does: choose `capture compulsory` or `capture optional`".into()),
            );
        }
        let jumps = kinds.iter().any(ir::Kind::may_jump);
        if !sections.is_empty() && (jumps || takes) {
            let s = sections[0];
            if capture.is_none() {
                self.error(
                    s.file,
                    s.span.clone(),
                    "the rules do not say whether capture is compulsory",
                    "in these rules",
                    Some("add `capture optional`, `capture compulsory` or `capture huff`".into()),
                );
            }
            if chain.is_none() && jumps {
                self.error(
                    s.file,
                    s.span.clone(),
                    "the rules do not say whether captures chain",
                    "in these rules",
                    Some(
                        "add `chain none`, `chain optional`, `chain compulsory` or `chain huff`"
                            .into(),
                    ),
                );
            }
        }
        ir::Rules {
            capture: capture.unwrap_or(if jumps || takes {
                Obligation::Optional
            } else {
                Obligation::None
            }),
            chain: chain.unwrap_or(if jumps {
                Obligation::Optional
            } else {
                Obligation::None
            }),
            no_return,
            forbid: Vec::new(),
            forbid_after: Vec::new(),
            hit_to: None,
            pin_blots: false,
            die_picks: false,
            first_from: Vec::new(),
            bear_off: None,
            overshoot_rearmost: false,
            play: Vec::new(),
            play_from: Vec::new(),
            ending_turn_exempt: true,
            vulnerable_run: None,
            pass: Vec::new(),
            again: Vec::new(),
            choose: None,
            passing_throws: Vec::new(),
            evaluate: None,
            leave_limits: Vec::new(),
            run_limits: Vec::new(),
            removal_at_end,
            columns: columns.is_some(),
            merge_duplicates,
            line_removal: None,
            land_going_on,
            never_turn_back: never_turn_back.is_some(),
            repeat_board: (self.sections(SectionKind::End))
                .flat_map(|s| &s.items)
                .any(|i| matches!(i.kind, ItemKind::Repetition(.., true))),
        }
    }

    pub(super) fn end(
        &mut self,
        players: &[ir::Player],
        kind_names: &[Name],
        has_dice: bool,
    ) -> Vec<EndRule> {
        let sections: Vec<&Section> = self.sections(SectionKind::End).collect();
        if sections.is_empty() {
            self.missing(
                "end conditions",
                "add `end { no pieces: loss no moves: loss }`",
            );
        }
        let mut end = Vec::new();
        let mut refused = false;
        for item in sections.iter().flat_map(|s| s.items.iter()) {
            if !self.end_rule_applies(item, has_dice) {
                refused = true;
                continue;
            }
            match &item.kind {
                ItemKind::NoPieces(r) => end.push(EndRule::NoPieces(*r)),
                ItemKind::NoMoves(r) => end.push(EndRule::NoMoves(*r)),
                ItemKind::NeitherMoves(r) => {
                    if let Some(no_moves) = (sections.iter().flat_map(|s| s.items.iter()))
                        .find(|i| matches!(i.kind, ItemKind::NoMoves(_)))
                    {
                        self.error(
                            no_moves.file,
                            no_moves.span.clone(),
                            "`no moves` with `neither can move`: the game ends as soon as the player to move has no move, so `neither can move` never applies",
                            "ends the game first",
                            Some("remove `no moves` (a player without a move then passes, and the game ends where neither can move), or `neither can move`".into()),
                        );
                    }
                    end.push(EndRule::NeitherMoves(*r));
                }
                ItemKind::NoCapture(n) => {
                    if let Some(n) = self.number(item.file, n, 1, 10_000) {
                        end.push(EndRule::NoCapture(n));
                    }
                }
                ItemKind::NoMove(n, r) => {
                    if let Some(n) = self.number(item.file, n, 1, 10_000) {
                        end.push(EndRule::NoMove(n, *r));
                    }
                }
                ItemKind::EndWhen(name, cond, result, worth) => {
                    let cond = self.condition(players, item.file, cond, conditions::CondUse::End);
                    if let (EndResult::Draw, Some(worth)) = (result, worth) {
                        let span = match worth {
                            Worth::Word(_, span) => span.clone(),
                            Worth::Number(n) => n.span.start..item.span.end,
                        };
                        self.error(
                            item.file,
                            span,
                            "a draw is worth no points to anybody",
                            "points of a draw",
                            Some(
                                "write `=> draw` alone, or make the result `win` or `loss`".into(),
                            ),
                        );
                    }
                    let points = match worth {
                        None => 1,
                        Some(Worth::Word(n, _)) => *n,
                        Some(Worth::Number(n)) => match self.number(item.file, n, 0, u32::MAX) {
                            Some(v @ 1..=ir::MAX_RESULT_POINTS) => v as u8,
                            Some(v) => {
                                self.error(
                                    item.file,
                                    n.span.clone(),
                                    format!(
                                        "a result is worth from 1 to {} points, not {v}",
                                        ir::MAX_RESULT_POINTS
                                    ),
                                    "points out of range",
                                    Some(format!(
                                        "write `single`, `double`, `triple` or `N points` with N from 1 to {}",
                                        ir::MAX_RESULT_POINTS
                                    )),
                                );
                                1
                            }
                            None => 1,
                        },
                    };
                    end.push(EndRule::When {
                        name: name.text.clone(),
                        cond,
                        result: *result,
                        points,
                    });
                }
                ItemKind::NoProgress(resets, n, result, progress) => {
                    let turns = self.number(item.file, n, 1, 10_000);
                    let during = self.progress_during(players, item, progress, &end);
                    let rule = if resets.is_empty() {
                        Some((false, Vec::new()))
                    } else {
                        self.no_progress(item.file, resets, kind_names, &end, during.is_some())
                    };
                    if let (Some(turns), Some((capture, kinds)), Some(during)) =
                        (turns, rule, during)
                    {
                        end.push(EndRule::NoProgress {
                            capture,
                            kinds,
                            turns,
                            result: *result,
                            during,
                        });
                    }
                }
                ItemKind::Repetition(n, result, _) => {
                    if let Some(n) = self.number(item.file, n, 0, u32::MAX) {
                        if end.iter().any(|e| matches!(e, EndRule::Repetition(..))) {
                            self.error(
                                item.file,
                                item.span.clone(),
                                "a second repetition rule: a game counts positions one way",
                                "one repetition rule already",
                                Some("keep one: `same board N times` (whoever is to move) or `same position N times` (the same player to move)".into()),
                            );
                        } else if (2..=ir::MAX_REPETITIONS).contains(&n) {
                            end.push(EndRule::Repetition(n, *result));
                        } else {
                            self.error(
                                item.file,
                                n_span(item),
                                format!(
                                    "a position stands from 2 to {} times to end the game, not {n}",
                                    ir::MAX_REPETITIONS
                                ),
                                "out of range",
                                Some("a position stands once whenever it is reached: write `same position 3 times: draw`".into()),
                            );
                        }
                    }
                }
                ItemKind::Drop(name) => self.nothing_to_drop(item.file, name),
                _ => {}
            }
        }
        if end.is_empty() && !sections.is_empty() && !refused {
            let s = sections[0];
            self.error(
                s.file,
                s.span.clone(),
                "the game has no end condition",
                "empty",
                Some("add `no pieces: loss`".into()),
            );
        }
        end
    }
}

/// The slots of [`crate::engine::State::counters`] the end rules take:
/// one per set of resets with a kind, one per counter with `while`, and
/// one for `no move in N turns`.
fn counters_used(end: &[EndRule]) -> usize {
    let mut seen: Vec<(bool, &Vec<usize>)> = Vec::new();
    let (mut named, mut idle) = (0, 0);
    for e in end {
        match e {
            EndRule::NoProgress {
                during: Some(_), ..
            } => named += 1,
            EndRule::NoProgress { capture, kinds, .. }
                if !kinds.is_empty() && !seen.contains(&(*capture, kinds)) =>
            {
                seen.push((*capture, kinds));
            }
            // The turns in which no piece moved: a slot of its own in a game
            // without dice (counted even where a counter of every kind's
            // moves shares it).
            EndRule::NoMove(..) => idle = 1,
            _ => {}
        }
    }
    seen.len() + named + idle
}

/// The span of the count of `same position N times`.
fn n_span(item: &Item) -> crate::diag::Span {
    match &item.kind {
        ItemKind::Repetition(n, ..) => n.span.clone(),
        _ => item.span.clone(),
    }
}

impl Checker<'_> {
    /// The name and condition of a named counter (`Some(None)` for one
    /// without a name), after checking that a name goes with `while` or
    /// with no reset (a counter of every turn, whose condition always
    /// holds), that the name is no other field of the position text, and
    /// that a counter without `while` or a name has a reset; `None` after
    /// reporting.
    #[allow(clippy::option_option)]
    fn progress_during(
        &mut self,
        players: &[ir::Player],
        item: &Item,
        progress: &Progress,
        end: &[EndRule],
    ) -> Option<Option<(String, ir::Cond)>> {
        let ItemKind::NoProgress(resets, ..) = &item.kind else {
            return Some(None);
        };
        match (&progress.name, &progress.during) {
            (None, None) if resets.is_empty() => {
                self.error(
                    item.file,
                    item.span.clone(),
                    "this counter has nothing to reset it and no condition to run by: it would end every game",
                    "counts every turn",
                    Some("name what resets it, `no capture or man move in 80 turns: draw`, or what it runs by, `NAME: 32 turns while CONDITION: draw`".into()),
                );
                None
            }
            (None, None) => Some(None),
            (Some(name), None) if resets.is_empty() => {
                // A named counter that nothing resets and that runs by no
                // condition counts every turn: the game's length.
                self.named_counter(players, item, name, ir::Cond::And(Vec::new()), end)
            }
            (Some(name), None) => {
                self.error(
                    item.file,
                    name.span.clone(),
                    "only a counter that runs `while` a condition holds, or one that counts every turn (no reset), is named",
                    "a name with resets and without `while`",
                    Some(
                        "add `while CONDITION` after `turns`, or write the rule without `NAME:`, or drop its resets to count every turn (`length: 1000 turns: draw`)"
                            .into(),
                    ),
                );
                None
            }
            (None, Some((span, _))) => {
                self.error(
                    item.file,
                    span.clone(),
                    "a counter that runs `while` a condition holds needs a name, which positions write it by",
                    "no name",
                    Some("write `NAME: no capture in 32 turns while CONDITION: draw`".into()),
                );
                None
            }
            (Some(name), Some((_, cond))) => {
                let cond = self.condition(players, item.file, cond, conditions::CondUse::While);
                self.named_counter(players, item, name, cond, end)
            }
        }
    }

    /// A named counter's name and condition, after checking that the name
    /// is no other field of the position text; `None` after reporting.
    #[allow(clippy::option_option)]
    fn named_counter(
        &mut self,
        players: &[ir::Player],
        item: &Item,
        name: &Name,
        cond: ir::Cond,
        end: &[EndRule],
    ) -> Option<Option<(String, ir::Cond)>> {
        let taken = players.iter().any(|p| p.name == name.text)
            || ["turn", "quiet", "idle", "hand", "huff", "again", "dice", "turns", "pinned"]
                .contains(&name.text.as_str())
            || end.iter().any(|e| {
                matches!(e, EndRule::NoProgress { during: Some((n, _)), .. } if *n == name.text)
            });
        if taken {
            self.error(
                item.file,
                name.span.clone(),
                format!("`{}` already names a field of the position text", name.text),
                "name taken",
                Some("a named counter is a field of the position named as the rule: give it a name of its own".into()),
            );
            return None;
        }
        Some(Some((name.text.clone(), cond)))
    }

    /// The resets of a no-progress counter (whether a capture resets it, and
    /// the kinds whose moves do); `None` after reporting an unknown kind, a
    /// reset named twice or a counter past [`ir::MAX_COUNTERS`].
    fn no_progress(
        &mut self,
        file: FileId,
        resets: &[Reset],
        kind_names: &[Name],
        end: &[EndRule],
        during: bool,
    ) -> Option<(bool, Vec<usize>)> {
        let mut capture = false;
        let mut kinds: Vec<usize> = Vec::new();
        let mut ok = true;
        for (i, reset) in resets.iter().enumerate() {
            if resets[..i].iter().any(|r| r.text() == reset.text()) {
                self.error(
                    file,
                    reset.span(),
                    format!("`{}` is named twice", reset.text()),
                    "named again",
                    Some("name each reset of the counter once".into()),
                );
                ok = false;
                continue;
            }
            match reset {
                Reset::Capture(_) => capture = true,
                Reset::KindMove(kind) => {
                    match kind_names.iter().position(|k| k.text == kind.text) {
                        Some(k) => kinds.push(k),
                        None => {
                            let hint = unknown_piece_hint(&kind.text, kind_names);
                            self.error(
                                file,
                                kind.span.clone(),
                                format!("there is no piece `{}`", kind.text),
                                "unknown piece",
                                hint,
                            );
                            ok = false;
                        }
                    }
                }
            }
        }
        if !ok {
            return None;
        }
        kinds.sort_unstable();
        // Capture alone is the turns without a capture, which every game counts.
        let same = |e: &EndRule| matches!(e, EndRule::NoProgress { capture: c, kinds: k, during: None, .. } if (*c, k) == (capture, &kinds));
        let new_slot = during || (!kinds.is_empty() && !end.iter().any(same));
        if new_slot && counters_used(end) >= ir::MAX_COUNTERS {
            let span = resets[0].span().start..resets[resets.len() - 1].span().end;
            self.error(
                file,
                span,
                format!(
                    "a game keeps at most {} no-progress counters besides the turns without a capture",
                    ir::MAX_COUNTERS
                ),
                "one counter too many",
                Some("counters that name the same resets are one counter".into()),
            );
            return None;
        }
        Some((capture, kinds))
    }
}
