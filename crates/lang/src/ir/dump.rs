//! The checked game's readable dump (`ludus show`): every section of the
//! IR as text, conditions in the language's own words.

use super::*;
use std::fmt;

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.board_text(f)?;
        self.players_text(f)?;
        self.kinds_text(f)?;
        self.setup_text(f)?;
        self.rules_text(f)?;
        self.dice_text(f)?;
        self.move_rules_text(f)?;
        self.limits_text(f)?;
        self.end_text(f)?;
        self.stakes_text(f)
    }
}

/// The dump's sections, one method each, in the order [`Game`]'s
/// `Display` writes them.
impl Game {
    /// The game's name and its board: sites, links, lines and rows.
    fn board_text(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "game {:?}", self.name)?;
        let board = &self.board;
        match &board.grid {
            Some(g) => writeln!(
                f,
                "board: grid {} x {}, {} sites{}",
                g.files.len(),
                g.ranks.len(),
                board.sites.len(),
                match (g.squares, g.edges) {
                    (true, _) => ", drawn as squares",
                    (_, true) => ", drawn as edges",
                    _ => "",
                }
            )?,
            None => writeln!(f, "board: {} sites", board.sites.len())?,
        }
        if board.links.is_empty() {
            let points: Vec<usize> = (0..board.sites.len())
                .filter(|&s| board.sites[s].owner.is_none())
                .collect();
            writeln!(f, "  sites: {}", self.site_list(&points))?;
        }
        for (i, site) in board.sites.iter().enumerate() {
            if board.links.is_empty() && site.owner.is_none() {
                continue;
            }
            let mut by_dir: Vec<String> = board
                .links
                .iter()
                .filter(|l| l.from == i)
                .map(|l| {
                    format!(
                        "{}>{}",
                        board.directions[l.direction].name, board.sites[l.to].name
                    )
                })
                .collect();
            by_dir.sort();
            match site.owner {
                Some(o) => writeln!(f, "  {} {} (zone)", self.players[o].name, site.name)?,
                None => {
                    // A numbered grid point also shows the square it is.
                    let square = match (&board.grid, site.coord) {
                        (Some(g), Some((x, y))) => {
                            let square = format!("{}{}", g.files[x as usize], g.ranks[y as usize]);
                            if square == site.name {
                                String::new()
                            } else {
                                format!(" ({square})")
                            }
                        }
                        _ => String::new(),
                    };
                    writeln!(f, "  {}{square}: {}", site.name, by_dir.join(" "))?
                }
            }
        }
        for line in &board.lines {
            writeln!(f, "  line {}", self.site_list(line))?;
        }
        for row in &board.rows {
            writeln!(f, "row: {}", self.site_list(row))?;
        }
        Ok(())
    }

    /// The players: forward directions, tracks and regions.
    fn players_text(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = &self.board;
        for p in &self.players {
            match p.forward {
                Some(d) => writeln!(f, "player {}: forward {}", p.name, board.directions[d].name)?,
                None => writeln!(f, "player {}", p.name)?,
            }
            if !p.track.is_empty() {
                let second = p
                    .second_start
                    .map_or(String::new(), |s| format!("{} or ", board.sites[s].name));
                writeln!(f, "  track: {second}{}", self.site_list(&p.track))?;
            }
            for r in &p.regions {
                writeln!(f, "  region {}: {}", r.name, self.site_list(&r.sites))?;
            }
        }
        Ok(())
    }

    /// The pieces: marks, lines, actions and promotion.
    fn kinds_text(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for k in &self.kinds {
            let marks: String = k.marks.iter().collect();
            writeln!(f, "piece {} (marks {marks})", k.name)?;
            if k.advance {
                writeln!(f, "  advances along its owner's track by a die")?;
            }
            if let Some(sow) = &k.sow {
                let frame = |(w, r): &(Whose, String)| match w {
                    Whose::Own => format!("own {r}"),
                    Whose::Opponent => format!("opponent {r}"),
                };
                let mut line =
                    format!("  sown from {} into {}", frame(&sow.from), frame(&sow.into));
                if sow.skipping_origin {
                    line.push_str(", skipping origin");
                }
                if let Some(fed) = &sow.feeding {
                    line.push_str(&format!(", feeding {}", frame(fed)));
                }
                writeln!(f, "{line}")?;
                for c in &sow.captures {
                    let what = match c.range {
                        Some((lo, hi)) => format!("{lo}..{hi}"),
                        None => "opposite".into(),
                    };
                    let backwards = if c.backwards { ", backwards" } else { "" };
                    let not_all = if c.not_all { ", not all" } else { "" };
                    writeln!(
                        f,
                        "  captures {what} in {}{backwards}{not_all}",
                        frame(&c.region)
                    )?;
                }
                continue;
            }
            for (i, p) in self.players.iter().enumerate() {
                if k.advance && k.step[i].is_empty() && k.jump[i].is_empty() {
                    continue;
                }
                writeln!(
                    f,
                    "  {} step: {}{}",
                    p.name,
                    self.direction_list(&k.step[i]),
                    k.step_reach.words()
                )?;
                writeln!(
                    f,
                    "  {} jump: {}{}",
                    p.name,
                    self.direction_list(&k.jump[i]),
                    k.jump_reach.words()
                )?;
                if k.may_take() {
                    writeln!(
                        f,
                        "  {} take: {}{}{}",
                        p.name,
                        self.direction_list(&k.take[i]),
                        k.take_reach.words(),
                        if k.take_own { ", own too" } else { "" }
                    )?;
                }
                if k.may_hop() {
                    writeln!(f, "  {} hop: {}", p.name, self.direction_list(&k.hop[i]))?;
                }
                if k.flip.iter().any(|d| !d.is_empty()) {
                    writeln!(f, "  {} flip: {}", p.name, self.direction_list(&k.flip[i]))?;
                }
                if let Some(shot) = &k.shoot {
                    writeln!(
                        f,
                        "  {} shoots {}: {}{}",
                        p.name,
                        self.kinds[shot.kind].name,
                        self.direction_list(&shot.directions[i]),
                        if shot.far { " far" } else { "" }
                    )?;
                }
                if let Some(e) = &k.enclose {
                    writeln!(
                        f,
                        "  {} encloses {}: {}",
                        p.name,
                        self.kinds[e.kind].name,
                        self.direction_list(&e.directions[i])
                    )?;
                }
                if let Some(c) = &k.custody {
                    writeln!(
                        f,
                        "  {} custody: {} against ({})",
                        p.name,
                        self.direction_list(&c.directions[i]),
                        self.site_list(&c.hostile[i])
                    )?;
                }
                if let Some(c) = &k.surrounded {
                    writeln!(
                        f,
                        "  {} surrounded: {} on ({})",
                        p.name,
                        self.direction_list(&c.directions[i]),
                        self.site_list(&c.sites[i])
                    )?;
                }
                if !k.barred.is_empty() {
                    let list =
                        |b: &[Vec<usize>]| b.get(i).map_or(String::new(), |s| self.site_list(s));
                    writeln!(
                        f,
                        "  {} may not land on ({}), pass over ({})",
                        p.name,
                        list(&k.barred.land),
                        list(&k.barred.pass)
                    )?;
                }
            }
            for q in &k.standing {
                let line = match q.line {
                    LineKind::Step => "step",
                    LineKind::Jump => "jump",
                };
                let whose = match q.whose {
                    Whose::Own => "own",
                    Whose::Opponent => "opponent",
                };
                for (i, p) in self.players.iter().enumerate() {
                    writeln!(
                        f,
                        "  {} {line} on {whose} {} ({}): {}{}",
                        p.name,
                        q.region,
                        self.site_list(&q.sites[i]),
                        self.direction_list(&q.directions[i]),
                        q.reach.words()
                    )?;
                }
            }
            if let Some(c) = &k.step_when {
                writeln!(f, "  step when {c}")?;
            }
            if let Some(c) = &k.jump_when {
                writeln!(f, "  jump when {c}")?;
            }
            for (word, action) in [("place", &k.place), ("fly", &k.fly)] {
                let Some(a) = action else { continue };
                let all = a.sites.iter().all(|s| s.len() == self.board.sites.len());
                if !all {
                    for (i, p) in self.players.iter().enumerate() {
                        writeln!(f, "  {} {word} on: {}", p.name, self.site_list(&a.sites[i]))?;
                    }
                } else if a.falling.is_none() {
                    writeln!(f, "  {word} on any empty site")?;
                }
                if let Some(d) = a.falling {
                    let d = &self.board.directions[d].name;
                    writeln!(
                        f,
                        "  {word} falling {d}: on an empty site where a piece falling {d} comes to rest"
                    )?;
                }
                if let Some(c) = &a.when {
                    writeln!(f, "  {word} when {c}")?;
                }
            }
            if let Some(pr) = &k.promote {
                for (i, p) in self.players.iter().enumerate() {
                    writeln!(
                        f,
                        "  {} promotes to {} on: {}",
                        p.name,
                        self.kinds[pr.to].name,
                        self.site_list(&pr.sites[i])
                    )?;
                }
                if pr.ends_chain {
                    writeln!(f, "  promotion ends the move")?;
                }
                if pr.at_end {
                    writeln!(f, "  promotion only where the move ends")?;
                }
            }
        }
        Ok(())
    }

    /// The setup: each player's pieces by kind, on the board and in hand.
    fn setup_text(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (pi, p) in self.players.iter().enumerate() {
            for (ki, k) in self.kinds.iter().enumerate() {
                let sites: Vec<String> = self
                    .setup
                    .iter()
                    .filter(|pl| pl.player == pi && pl.kind == ki)
                    .map(|pl| match pl.count {
                        1 => self.board.sites[pl.site].name.clone(),
                        n => format!("{}*{n}", self.board.sites[pl.site].name),
                    })
                    .collect();
                if !sites.is_empty() {
                    writeln!(f, "setup {} {}: {}", p.name, k.name, sites.join(" "))?;
                }
                for h in self.hand.iter().filter(|h| h.player == pi && h.kind == ki) {
                    writeln!(f, "setup {} {} in hand: {}", p.name, k.name, h.count)?;
                }
            }
        }
        if let Some(k) = self.kinds.iter().find(|k| k.sow.is_some()) {
            let seeds: Vec<String> = (self.seeds.iter())
                .map(|&(s, n)| format!("{}*{n}", self.board.sites[s].name))
                .collect();
            writeln!(f, "setup {}: {}", k.name, seeds.join(" "))?;
        }
        Ok(())
    }

    /// The rules of capture: obligations, removal, duplicates, lines, flights.
    fn rules_text(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = &self.rules;
        writeln!(
            f,
            "rules: capture {}, chain {}, return {}",
            r.capture,
            r.chain,
            if r.no_return { "forbidden" } else { "allowed" }
        )?;
        if r.removal_at_end {
            writeln!(f, "rules: captured removed at end")?;
        }
        if r.columns {
            writeln!(f, "rules: captured go under capturer")?;
        }
        if r.merge_duplicates {
            writeln!(f, "rules: duplicate captures merged")?;
        }
        if let Some(l) = &r.line_removal {
            let protect = if l.protect {
                ", not from line unless all"
            } else {
                ""
            };
            writeln!(
                f,
                "rules: line of {} removes opponent piece{protect}",
                l.length
            )?;
            for line in &l.lines {
                writeln!(f, "  line {}", self.site_list(line))?;
            }
        }
        if r.land_going_on {
            writeln!(f, "rules: capture lands where it goes on")?;
        }
        if r.never_turn_back {
            writeln!(f, "rules: chain never turns back")?;
        }
        Ok(())
    }

    /// The dice: count, faces, doubles, the opening throw.
    fn dice_text(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(d) = &self.dice {
            // Summed dice throw one number: no doubles.
            let doubles = match (d.summed, d.doubles_twice) {
                (true, _) => "summed",
                (false, true) => "doubles twice",
                (false, false) => "doubles once",
            };
            match &d.values {
                None => writeln!(f, "dice: {} of {} faces, {doubles}", d.count, d.faces)?,
                Some(values) => {
                    let listed: Vec<String> = values[..d.faces as usize]
                        .iter()
                        .map(u8::to_string)
                        .collect();
                    writeln!(
                        f,
                        "dice: {} of faces {}, {doubles}",
                        d.count,
                        listed.join(" ")
                    )?;
                }
            }
            if let Some(c) = d.climb {
                let each = if c.each { ", each double a turn" } else { "" };
                writeln!(
                    f,
                    "dice: doubles climb to {} from turn {}{each}",
                    c.top, c.from_turn
                )?;
            }
            for roll in &self.rules.passing_throws {
                let shown: Vec<String> = roll
                    .iter()
                    .filter(|&&v| v != 0)
                    .map(|&v| crate::ir::shown_value(v).to_string())
                    .collect();
                writeln!(f, "dice: throw {} passes", shown.join("-"))?;
            }
            if d.notation_down {
                writeln!(f, "dice: notation counting down")?;
            }
            if let Some(both) = d.opening {
                let then = if both { "plays both" } else { "throws again" };
                writeln!(f, "dice: opening each one die, higher starts, {then}")?;
            }
        }
        Ok(())
    }

    /// The rules of moving: forbid, hits, pins, bearing off, extra turns, choices, the play list, pass and evaluate.
    fn move_rules_text(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = &self.rules;
        for (name, cond) in &r.forbid {
            writeln!(f, "rules: forbid {name}: {cond}")?;
        }
        for (name, cond) in &r.forbid_after {
            writeln!(f, "rules: forbid {name} after move: {cond}")?;
        }
        if let Some(z) = &r.hit_to {
            writeln!(f, "rules: hit to {z}")?;
        }
        if r.die_picks {
            writeln!(f, "rules: die picks the piece, else the nearest")?;
        }
        if r.pin_blots {
            writeln!(f, "rules: pin blots")?;
        }
        for z in &r.first_from {
            writeln!(f, "rules: first from {z}")?;
        }
        if let Some(c) = &r.bear_off {
            writeln!(f, "rules: bear off when {c}")?;
        }
        if r.overshoot_rearmost {
            writeln!(f, "rules: overshoot from rearmost")?;
        }
        for a in &r.again {
            let after = match &a.after {
                crate::ir::AgainAfter::Landing(region) => format!("landing in {region}"),
                crate::ir::AgainAfter::Throw(rolls) => {
                    let rolls: Vec<String> = rolls
                        .iter()
                        .map(|r| {
                            let shown: Vec<String> = r
                                .iter()
                                .filter(|&&d| d != 0)
                                .map(|&d| crate::ir::shown_value(d).to_string())
                                .collect();
                            shown.join("-")
                        })
                        .collect();
                    format!("throw {}", rolls.join(" "))
                }
                crate::ir::AgainAfter::Hit if self.dice.is_some() => "hit".into(),
                crate::ir::AgainAfter::Hit => "capture".into(),
                crate::ir::AgainAfter::Enclosing => "enclosing".into(),
            };
            match a.most {
                Some(n) => writeln!(f, "rules: again after {after}, at most {n} in a row")?,
                None => writeln!(f, "rules: again after {after}")?,
            }
        }
        if let Some(c) = &r.choose {
            let rolls: Vec<String> = c
                .rolls
                .iter()
                .map(|r| {
                    let shown: Vec<String> = r.iter().map(u8::to_string).collect();
                    shown.join("-")
                })
                .collect();
            let then = if c.again { ", then throw again" } else { "" };
            writeln!(
                f,
                "rules: choose double after throw {}{then}",
                rolls.join(" ")
            )?;
        }
        if !r.play.is_empty() {
            let order: Vec<String> = r
                .play
                .iter()
                .map(|p| match p {
                    Priority::MostDice => "most dice".into(),
                    Priority::LargerDie => "larger die".into(),
                    Priority::MostPips => "most pips".into(),
                    Priority::MostCaptures => "most captures".into(),
                    Priority::From(i) => {
                        let from = &r.play_from[usize::from(*i)];
                        match &from.when {
                            Some(c) => format!("from {} when {c}", from.region),
                            None => format!("from {}", from.region),
                        }
                    }
                })
                .collect();
            writeln!(f, "rules: play {}", order.join(", "))?;
            let kind = if r.ending_turn_exempt {
                "exempt"
            } else {
                "obliged"
            };
            if self.dice.is_some() {
                writeln!(f, "rules: ending turn {kind}")?;
            }
        }
        if let Some(n) = r.vulnerable_run {
            writeln!(f, "rules: vulnerable runs longer than {n}")?;
        }
        for (name, cond) in &r.pass {
            writeln!(f, "rules: pass {name}: {cond}")?;
        }
        if let Some(c) = &r.evaluate {
            writeln!(f, "rules: evaluate {c}")?;
        }
        Ok(())
    }

    /// The `limit` rules of dice games: regions left per turn, runs of held points.
    fn limits_text(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = &self.rules;
        for l in &r.leave_limits {
            let plural = if l.most == 1 {
                "man leaves"
            } else {
                "men leave"
            };
            write!(
                f,
                "rules: limit {}: at most {} {plural} {} per turn",
                l.name, l.most, l.region
            )?;
            for e in &l.exceptions {
                write!(f, ", {}", e.most)?;
                match e.turn {
                    Some(1) => write!(f, " on first turn")?,
                    Some(t) => write!(f, " on turn {t}")?,
                    None => {}
                }
                if !e.rolls.is_empty() {
                    let rolls: Vec<String> = e
                        .rolls
                        .iter()
                        .map(|r| {
                            let faces: Vec<String> = r.iter().map(u8::to_string).collect();
                            faces.join("-")
                        })
                        .collect();
                    write!(f, " with {}", rolls.join(" "))?;
                }
            }
            writeln!(f)?;
        }
        for l in &r.run_limits {
            let kind = if l.men >= 2 { "closed" } else { "own" };
            let unless = if l.unless_ahead {
                " unless opponent men ahead"
            } else {
                ""
            };
            writeln!(
                f,
                "rules: limit {}: no run of {} {kind} points{unless}",
                l.name, l.length
            )?;
        }
        Ok(())
    }

    /// The end rules.
    fn end_text(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for e in &self.end {
            match e {
                EndRule::NoPieces(r) => writeln!(f, "end: no pieces -> {r}")?,
                EndRule::NoMoves(r) => writeln!(f, "end: no moves -> {r}")?,
                EndRule::NeitherMoves(Some(r)) => writeln!(f, "end: neither can move -> {r}")?,
                EndRule::NeitherMoves(None) => {
                    writeln!(f, "end: neither can move -> more pieces wins")?
                }
                EndRule::NoCapture(n) => {
                    writeln!(f, "end: no capture in {n} turns -> more pieces wins")?
                }
                EndRule::NoMove(n, r) => writeln!(f, "end: no move in {n} turns -> {r}")?,
                EndRule::NoProgress {
                    capture,
                    kinds,
                    turns,
                    result,
                    during,
                } => {
                    let result = match result {
                        Some(r) => r.to_string(),
                        None => "more pieces wins".to_string(),
                    };
                    let resets = if *capture || !kinds.is_empty() {
                        format!("{} in ", self.progress_label(*capture, kinds))
                    } else {
                        String::new()
                    };
                    match during {
                        // A counter of every turn: the game's length.
                        Some((name, _)) if e.game_length().is_some() => {
                            writeln!(f, "end: {name}: {turns} turns -> {result}")?
                        }
                        Some((name, cond)) => writeln!(
                            f,
                            "end: {name}: {resets}{turns} turns while {cond} -> {result}"
                        )?,
                        None => writeln!(f, "end: {resets}{turns} turns -> {result}")?,
                    }
                }
                EndRule::Repetition(n, r) => writeln!(
                    f,
                    "end: same {} {n} times -> {r}",
                    if self.rules.repeat_board {
                        "board"
                    } else {
                        "position"
                    }
                )?,
                EndRule::When {
                    name,
                    cond,
                    result,
                    points,
                } => {
                    let size = match points {
                        _ if *result == crate::ir::EndResult::MorePieces => String::new(),
                        1 => "single".to_string(),
                        2 => "double".to_string(),
                        3 => "triple".to_string(),
                        n => format!("{n} points"),
                    };
                    let line = format!("end: {name}: {cond} -> {result} {size}");
                    writeln!(f, "{}", line.trim_end())?
                }
            }
        }
        Ok(())
    }

    /// The stakes and the invariants.
    fn stakes_text(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(stakes) = self.stakes {
            let mut rules = String::new();
            if stakes.crawford {
                rules.push_str(", crawford");
            }
            if stakes.jacoby {
                rules.push_str(", jacoby");
            }
            writeln!(f, "stakes: cube up to {}{rules}", stakes.cube_max)?;
        }
        for i in &self.invariants {
            writeln!(f, "invariant {}: {}", i.name, i.cond)?;
        }
        Ok(())
    }
}

impl fmt::Display for Cond {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let join = |f: &mut fmt::Formatter<'_>, parts: &[Cond], word: &str| {
            for (i, c) in parts.iter().enumerate() {
                if i > 0 {
                    write!(f, " {word} ")?;
                }
                match c {
                    Cond::Or(_) | Cond::And(_) => write!(f, "({c})")?,
                    _ => write!(f, "{c}")?,
                }
            }
            Ok(())
        };
        match self {
            Cond::Or(parts) => join(f, parts, "or"),
            Cond::And(parts) => join(f, parts, "and"),
            Cond::Not(c) => match **c {
                Cond::Or(_) | Cond::And(_) => write!(f, "not ({c})"),
                _ => write!(f, "not {c}"),
            },
            Cond::HereIn(Whose::Own, r) => write!(f, "here in {r}"),
            Cond::HereIn(Whose::Opponent, r) => write!(f, "here in opponent {r}"),
            Cond::Player(p) => write!(f, "player {p}"),
            Cond::Moving(k) => write!(f, "moving {k}"),
            Cond::HereVulnerable => write!(f, "here vulnerable"),
            Cond::FromIn(Whose::Own, r) => write!(f, "from in {r}"),
            Cond::FromIn(Whose::Opponent, r) => write!(f, "from in opponent {r}"),
            Cond::Compare(a, op, b) => {
                write!(f, "{} {} {}", sum_text(a), compare_text(*op), sum_text(b))
            }
            Cond::Die(op, n) => write!(f, "die {} {n}", compare_text(*op)),
            Cond::LineOf(Whose::Own, n) => write!(f, "own line of {n}"),
            Cond::LineOf(Whose::Opponent, n) => write!(f, "opponent line of {n}"),
            Cond::ExactLine(Whose::Own, n) => write!(f, "own line of exactly {n}"),
            Cond::ExactLine(Whose::Opponent, n) => write!(f, "opponent line of exactly {n}"),
            Cond::Connected(Whose::Own) => write!(f, "own pieces connected"),
            Cond::Connected(Whose::Opponent) => write!(f, "opponent pieces connected"),
            Cond::Connects(w, (fa, a), (fb, b)) => {
                let word = |w: &Whose| match w {
                    Whose::Own => "own",
                    Whose::Opponent => "opponent",
                };
                write!(
                    f,
                    "{} connects {} {a} to {} {b}",
                    word(w),
                    word(fa),
                    word(fb)
                )
            }
        }
    }
}

fn compare_text(op: Compare) -> &'static str {
    match op {
        Compare::Ge => ">=",
        Compare::Le => "<=",
        Compare::Ne => "!=",
        Compare::Gt => ">",
        Compare::Lt => "<",
        Compare::Eq => "=",
    }
}

fn sum_text(terms: &[Term]) -> String {
    let whose = |w: &Whose| match w {
        Whose::Own => "own",
        Whose::Opponent => "opponent",
    };
    let parts: Vec<String> = terms
        .iter()
        .map(|t| match t {
            Term::Number(n) => n.to_string(),
            Term::MenHere(w) => format!("{} men here", whose(w)),
            Term::MenIn(w, frame, r) if w == frame => format!("{} men in {r}", whose(w)),
            Term::MenIn(w, frame, r) => format!("{} men in {} {r}", whose(w), whose(frame)),
            Term::PinnedIn(w, frame, r) if w == frame => {
                format!("{} pinned men in {r}", whose(w))
            }
            Term::PinnedIn(w, frame, r) => {
                format!("{} pinned men in {} {r}", whose(w), whose(frame))
            }
            Term::SeedsIn(Whose::Own, r) => format!("seeds in {r}"),
            Term::SeedsIn(frame, r) => format!("seeds in {} {r}", whose(frame)),
            Term::OwnPoints(Whose::Own, r) => format!("own points in {r}"),
            Term::OwnPoints(frame, r) => format!("own points in {} {r}", whose(frame)),
            Term::OpenPoints(Whose::Own, r) => format!("open points in {r}"),
            Term::OpenPoints(frame, r) => format!("open points in {} {r}", whose(frame)),
            Term::Pieces(w) => format!("{} pieces", whose(w)),
            Term::InHand(w) => format!("{} pieces in hand", whose(w)),
            Term::Captured(w) => format!("{} pieces captured", whose(w)),
            Term::KindPieces(w, kind, None) => format!("{} {kind} pieces", whose(w)),
            Term::KindPieces(w, kind, Some((frame, r))) if w == frame => {
                format!("{} {kind} pieces in {r}", whose(w))
            }
            Term::KindPieces(w, kind, Some((frame, r))) => {
                format!("{} {kind} pieces in {} {r}", whose(w), whose(frame))
            }
        })
        .collect();
    parts.join(" + ")
}
