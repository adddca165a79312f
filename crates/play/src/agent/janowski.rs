//! Janowski's cubeful model of money play: what a position is worth with
//! the doubling cube, from its cubeless odds.
//!
//! Rick Janowski ("Take-points in money games", 1993) takes a player's
//! cubeful equity as a mix of two extremes: the dead cube, where nobody
//! may double again (the cubeless equity, `p·(W + L) − L` for a player who
//! wins a share `p` of the games, `W` points a game won and `L` a game
//! lost, on average), and the fully live cube, where the equity changes
//! continuously and a player doubles exactly at his cash point, so that
//! each cube state's equity is linear in `p` between its points. The cube
//! life index `x`, from 0 (dead) to 1 (live), weighs them: the equity is
//! `(1 − x)·dead + x·live`. GNU Backgammon judges money play so at its
//! evaluation's leaves, with `x` about 0.68 in contact positions. Its
//! points are, for the player whose odds they are:
//!
//! - the take point, the least `p` at which he takes a double:
//!   `(L − ½) / (W + L + ½x)`;
//! - the cash point, from which his opponent should drop his double:
//!   `(L + ½ + ½x) / (W + L + ½x)`.
//!
//! Equities are in points at a cube of 1 for the player whose odds they
//! are. The game's end rules give `W` and `L` (a backgammon's gammons
//! and backgammons; any game's points for each win): nothing here knows a
//! game.

/// The cube life index GNU Backgammon uses in contact positions of money
/// play: the share of the fully live cube's equity in the cubeful one.
pub const CUBE_LIFE: f64 = 0.68;

/// The cubeless odds of a position for one player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Odds {
    /// The share of the games he wins, from 0 to 1.
    pub win: f64,
    /// `W`: the mean points of a game he wins (1 when every win is single).
    pub won: f64,
    /// `L`: the mean points of a game he loses.
    pub lost: f64,
}

/// Where the cube is, for the player whose equity is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holder {
    /// In the middle: either player may double.
    Centred,
    /// His: only he may double.
    Mine,
    /// His opponent's: only the opponent may double.
    Theirs,
}

impl Odds {
    /// The same position seen by the opponent.
    pub fn flipped(&self) -> Odds {
        Odds {
            win: 1.0 - self.win,
            won: self.lost,
            lost: self.won,
        }
    }

    /// The cubeless equity: `p·W − (1 − p)·L`.
    pub fn cubeless(&self) -> f64 {
        self.win * self.won - (1.0 - self.win) * self.lost
    }

    /// His take point under a cube of life `x`: the share of wins from
    /// which taking a double loses no more than dropping it.
    pub fn take_point(&self, x: f64) -> f64 {
        (self.lost - 0.5) / (self.won + self.lost + 0.5 * x)
    }

    /// His cash point under a cube of life `x`: the share of wins from
    /// which his opponent should drop his double (one less his opponent's
    /// take point).
    pub fn cash_point(&self, x: f64) -> f64 {
        (self.lost + 0.5 + 0.5 * x) / (self.won + self.lost + 0.5 * x)
    }

    /// His equity with the cube where `holder` says, at a cube of 1, under
    /// a cube of life `x`: Janowski's mix of the dead and the fully live
    /// cube. With the Jacoby rule (`jacoby`, money play) and the cube in
    /// the middle, gammons count single in the dead part, and the live part
    /// is flat where a player would cash.
    pub fn cubeful(&self, x: f64, holder: Holder, jacoby: bool) -> f64 {
        let jacoby = jacoby && holder == Holder::Centred;
        let dead = if jacoby {
            2.0 * self.win - 1.0
        } else {
            self.cubeless()
        };
        (1.0 - x) * dead + x * self.live(holder, jacoby)
    }

    /// His equity under a fully live cube: linear in the share of wins
    /// between the points where a double is dropped (where a player cashes
    /// for 1) and the ends (a certain loss, `−L`, and a certain win, `W`).
    fn live(&self, holder: Holder, jacoby: bool) -> f64 {
        let p = self.win;
        let (w, l) = (self.won, self.lost);
        // The live take and cash points, x = 1.
        let take = self.take_point(1.0);
        let cash = self.cash_point(1.0);
        let low = || {
            if jacoby {
                -1.0
            } else {
                line((0.0, -l), (take, -1.0), p)
            }
        };
        let high = || {
            if jacoby {
                1.0
            } else {
                line((cash, 1.0), (1.0, w), p)
            }
        };
        match holder {
            Holder::Centred if p < take => low(),
            Holder::Centred if p < cash => line((take, -1.0), (cash, 1.0), p),
            Holder::Centred => high(),
            Holder::Mine if p < cash => line((0.0, -l), (cash, 1.0), p),
            Holder::Mine => high(),
            Holder::Theirs if p < take => low(),
            Holder::Theirs => line((take, -1.0), (1.0, w), p),
        }
    }

    /// The cube decision of the player whose odds these are, at a cube of
    /// 1 that is in the middle or his (`holder`), under a cube of life `x`.
    pub fn decision(&self, x: f64, holder: Holder, jacoby: bool) -> Decision {
        Decision {
            no_double: self.cubeful(x, holder, jacoby),
            // After a take the cube is his opponent's, at 2.
            double_take: 2.0 * self.cubeful(x, Holder::Theirs, false),
            double_pass: 1.0,
        }
    }
}

/// The value at `p` of the line through `a` and `b` (`a.0 < b.0`; `a`'s
/// value where they meet).
fn line(a: (f64, f64), b: (f64, f64), p: f64) -> f64 {
    if b.0 - a.0 <= f64::EPSILON {
        return a.1;
    }
    a.1 + (b.1 - a.1) * (p - a.0) / (b.0 - a.0)
}

/// The cubeful equities of a cube decision for the player who may double,
/// at a cube of 1 (scale them by the cube's value).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decision {
    /// If he does not double.
    pub no_double: f64,
    /// If he doubles and his opponent takes.
    pub double_take: f64,
    /// If he doubles and his opponent drops: 1.
    pub double_pass: f64,
}

/// The verdict of a cube decision, as GNU Backgammon names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not good enough to double; the opponent would take.
    NoDouble,
    /// Double, and the opponent should take.
    DoubleTake,
    /// Double, and the opponent should drop.
    DoublePass,
    /// Too good to double: playing on is worth more than the opponent's
    /// drop.
    TooGood,
}

impl Verdict {
    /// Its name: `no double`, `double, take`, `double, pass`, `too good`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::NoDouble => "no double",
            Verdict::DoubleTake => "double, take",
            Verdict::DoublePass => "double, pass",
            Verdict::TooGood => "too good",
        }
    }
}

impl Decision {
    /// Whether the opponent should take a double: when taking loses him
    /// no more than dropping.
    pub fn take(&self) -> bool {
        self.double_take <= self.double_pass
    }

    /// What doubling is worth to the doubler, the opponent answering best.
    pub fn doubled(&self) -> f64 {
        self.double_take.min(self.double_pass)
    }

    /// Whether the player should double: when doubling is worth more than
    /// playing on.
    pub fn double(&self) -> bool {
        self.doubled() > self.no_double
    }

    /// The verdict: double or not, take or pass (a position too good to
    /// double that the opponent would take counts as no double).
    pub fn verdict(&self) -> Verdict {
        match (self.double(), self.take()) {
            (true, true) => Verdict::DoubleTake,
            (true, false) => Verdict::DoublePass,
            (false, false) => Verdict::TooGood,
            (false, true) => Verdict::NoDouble,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAMMONLESS: Odds = Odds {
        win: 0.5,
        won: 1.0,
        lost: 1.0,
    };

    fn close(a: f64, b: f64) {
        assert!((a - b).abs() < 1e-9, "{a} is not {b}");
    }

    #[test]
    fn points_without_gammons() {
        // Dead cube: the classic 25% take point; live: 20%.
        close(GAMMONLESS.take_point(0.0), 0.25);
        close(GAMMONLESS.take_point(1.0), 0.2);
        close(GAMMONLESS.cash_point(1.0), 0.8);
        close(GAMMONLESS.cash_point(0.0), 0.75);
        // x = 0.68: 0.5 / 2.34 and 1.84 / 2.34.
        close(GAMMONLESS.take_point(CUBE_LIFE), 0.5 / 2.34);
        close(GAMMONLESS.cash_point(CUBE_LIFE), 1.84 / 2.34);
        // The cash point is one less the opponent's take point.
        let odds = Odds {
            win: 0.7,
            won: 1.3,
            lost: 1.1,
        };
        close(
            odds.cash_point(CUBE_LIFE),
            1.0 - odds.flipped().take_point(CUBE_LIFE),
        );
    }

    #[test]
    fn points_with_gammons() {
        // W = 1.5, L = 1.2, x = 0.68: TP = 0.7 / 3.04, CP = 2.04 / 3.04.
        let odds = Odds {
            win: 0.6,
            won: 1.5,
            lost: 1.2,
        };
        close(odds.take_point(CUBE_LIFE), 0.7 / 3.04);
        close(odds.cash_point(CUBE_LIFE), 2.04 / 3.04);
        close(odds.cubeless(), 0.6 * 1.5 - 0.4 * 1.2);
    }

    #[test]
    fn cubeful_equities() {
        let x = CUBE_LIFE;
        let at = |win| Odds { win, ..GAMMONLESS };
        // Owning the cube: p·(W + L + x/2) − L, so 0.7·2.34 − 1 at 70%.
        close(at(0.7).cubeful(x, Holder::Mine, false), 0.638);
        // The opponent's: that less x/2.
        close(at(0.7).cubeful(x, Holder::Theirs, false), 0.298);
        // In the middle: the live equity is on the line from (20%, −1)
        // to (80%, +1), 2/3 at 70%; the dead one 0.4.
        close(
            at(0.7).cubeful(x, Holder::Centred, false),
            0.32 * 0.4 + 0.68 * 2.0 / 3.0,
        );
        // Even odds, no gammons: worth nothing with the cube in the middle.
        close(at(0.5).cubeful(x, Holder::Centred, false), 0.0);
        // Dead cube: the cubeless equity whoever has it.
        close(at(0.7).cubeful(0.0, Holder::Theirs, false), 0.4);
    }

    #[test]
    fn equities_meet_at_the_points() {
        let odds = Odds {
            win: 0.0,
            won: 1.4,
            lost: 1.25,
        };
        let x = CUBE_LIFE;
        // At his take point, taking (at 2, his cube) loses exactly 1.
        let take = Odds {
            win: odds.take_point(x),
            ..odds
        };
        close(2.0 * take.cubeful(x, Holder::Mine, false), -1.0);
        // At his cash point, his double is a drop or a take alike.
        let cash = Odds {
            win: odds.cash_point(x),
            ..odds
        };
        close(2.0 * cash.cubeful(x, Holder::Theirs, false), 1.0);
    }

    #[test]
    fn verdicts() {
        let x = CUBE_LIFE;
        let at = |win| Odds { win, ..GAMMONLESS };
        let verdict = |win| at(win).decision(x, Holder::Centred, false).verdict();
        assert_eq!(verdict(0.5), Verdict::NoDouble);
        assert_eq!(verdict(0.6), Verdict::NoDouble);
        // Without gammons: double from the centred equity's crossing with
        // the doubled one, about 69.2% here, up to the cash point, 78.6%.
        assert_eq!(verdict(0.75), Verdict::DoubleTake);
        assert_eq!(verdict(0.9), Verdict::DoublePass);
        // Never too good without gammons: playing on is worth less than 1.
        assert_eq!(verdict(0.99), Verdict::DoublePass);
        // Many gammons: too good to double.
        let gammonish = Odds {
            win: 0.85,
            won: 1.9,
            lost: 1.0,
        };
        let d = gammonish.decision(x, Holder::Centred, false);
        assert!(d.no_double > 1.0, "{d:?}");
        assert_eq!(d.verdict(), Verdict::TooGood);
        // The doubling point, solved: the no-double and the double/take
        // equities cross there.
        let mut lo = 0.5;
        let mut hi = 0.8;
        for _ in 0..60 {
            let mid = (lo + hi) / 2.0;
            if at(mid).decision(x, Holder::Centred, false).double() {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        let d = at(lo).decision(x, Holder::Centred, false);
        assert!((d.no_double - d.double_take).abs() < 1e-6, "{d:?}");
        assert!((0.68..0.70).contains(&lo), "{lo}");
    }

    #[test]
    fn jacoby_centred() {
        // With the Jacoby rule and the cube in the middle, gammons count
        // single in the dead part and the live part is flat (+1) past the
        // cash point (here (1 + 1)/(1.8 + 1 + 0.5), 60.6%): at 95%,
        // 0.32·0.9 + 0.68·1.
        let odds = Odds {
            win: 0.95,
            won: 1.8,
            lost: 1.0,
        };
        close(odds.cubeful(CUBE_LIFE, Holder::Centred, true), 0.968);
        // Without it the gammons count: too good to double.
        assert!(odds.cubeful(CUBE_LIFE, Holder::Centred, false) > 1.0);
        // Once the cube is turned the rule is gone.
        close(
            odds.cubeful(CUBE_LIFE, Holder::Theirs, true),
            odds.cubeful(CUBE_LIFE, Holder::Theirs, false),
        );
    }
}
