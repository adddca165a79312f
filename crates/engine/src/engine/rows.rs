//! N in a row (`own line of N`) judged as shifted masks: where every line
//! of N sites of the board runs with a constant step of site numbers (a
//! full grid, numbered row by row), the lines of one step start on the
//! sites of one mask, and a side holds one of them where its pieces, each
//! shifted back by 0, 1, ..., N-1 steps, meet on a start. A few shifts and
//! `and`s per step, where testing every line counts the pieces of each.

use crate::ir;

/// The lines of N sites of a board, grouped by their step.
pub(in crate::engine) struct Rows {
    /// Per step of site numbers along a line: the step, and the sites
    /// where such a line starts.
    steps: Box<[(i32, u128)]>,
    /// N.
    length: u32,
}

impl Rows {
    /// The lines of `length` sites of `board` as masks, or `None` where
    /// some line's sites do not run with a constant step.
    pub(in crate::engine) fn of(board: &ir::Board, length: u32) -> Option<Rows> {
        let mut steps: Vec<(i32, u128)> = Vec::new();
        for line in crate::check::straight_lines(board, length as usize) {
            let step = *line.get(1)? as i32 - line[0] as i32;
            let constant = line.windows(2).all(|w| w[1] as i32 - w[0] as i32 == step);
            if !constant || step == 0 {
                return None;
            }
            match steps.iter_mut().find(|(s, _)| *s == step) {
                Some((_, starts)) => *starts |= 1 << line[0],
                None => steps.push((step, 1 << line[0])),
            }
        }
        Some(Rows {
            steps: steps.into(),
            length,
        })
    }

    /// Whether the pieces on `own` hold N sites of a line.
    #[inline]
    pub(in crate::engine) fn held(&self, own: u128) -> bool {
        self.steps.iter().any(|&(step, starts)| {
            let mut m = own & starts;
            let mut k = 1;
            while m != 0 && k < self.length {
                let by = step.unsigned_abs() * k;
                m &= if step > 0 { own >> by } else { own << by };
                k += 1;
            }
            m != 0
        })
    }
}

/// The lines of exactly N sites of a board: each line's sites and the
/// sites next to its two ends along it (none where it meets the edge).
pub(in crate::engine) struct ExactRows {
    lines: Box<[(u128, u128)]>,
}

impl ExactRows {
    /// The lines of `length` sites of `board`, with their ends' neighbours.
    pub(in crate::engine) fn of(board: &ir::Board, length: u32) -> ExactRows {
        let dirs = board.directions.len();
        let mut next = vec![None; board.sites.len() * dirs];
        for l in &board.links {
            next[l.from * dirs + l.direction] = Some(l.to);
        }
        let lines = crate::check::straight_lines(board, length as usize)
            .into_iter()
            .map(|line| {
                let sites = line.iter().fold(0u128, |m, &s| m | 1 << s);
                let first = line[0];
                let last = line[line.len() - 1];
                let d = (0..dirs).find(|&d| next[first * dirs + d] == Some(line[1]));
                let mut ends = 0u128;
                if let Some(d) = d {
                    if let Some(after) = next[last * dirs + d] {
                        ends |= 1 << after;
                    }
                    if let Some(before) =
                        (0..board.sites.len()).find(|&b| next[b * dirs + d] == Some(first))
                    {
                        ends |= 1 << before;
                    }
                }
                (sites, ends & !sites)
            })
            .collect();
        ExactRows { lines }
    }

    /// Whether the pieces on `own` hold all of a line's sites and neither
    /// site next to its ends.
    pub(in crate::engine) fn held(&self, own: u128) -> bool {
        (self.lines.iter()).any(|&(sites, ends)| own & sites == sites && own & ends == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::Rows;

    /// A 3 x 3 board numbered row by row, with its lines of 3 (steps 1,
    /// 3, 4 and 2).
    fn rows() -> Rows {
        let starts = |sites: &[u32]| sites.iter().fold(0u128, |m, &s| m | 1 << s);
        Rows {
            steps: [
                (1, starts(&[0, 3, 6])),
                (3, starts(&[0, 1, 2])),
                (4, starts(&[0])),
                (2, starts(&[2])),
            ]
            .into(),
            length: 3,
        }
    }

    #[test]
    fn a_row_column_or_diagonal_is_held() {
        let r = rows();
        assert!(r.held(0b000_111_000));
        assert!(r.held(0b010_010_010));
        assert!(r.held(0b100_010_001));
        assert!(r.held(0b001_010_100));
        assert!(!r.held(0b000_011_100), "a row broken across the edge");
        assert!(!r.held(0b110_000_011));
        assert!(!r.held(0));
    }
}
