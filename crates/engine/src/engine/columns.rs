//! Columns (`captured go under capturer`, Lasca): a site holds an ordered
//! stack of pieces of either player. [`State::cells`] keeps its top piece,
//! the commander, so that the grid's steps, jumps and promotions read it as
//! they read a lone piece; [`State::columns`] keeps the pieces under it. A
//! capture takes the top piece of the jumped column and puts it at the
//! bottom of the capturer's; the piece under it, if any, commands the
//! jumped column from then on. The whole column moves; a promotion turns
//! its commander alone. Only games with columns pay for them: their moves
//! are played here, out of line.

use super::grid::Grid;
use super::{Move, NONE, State, bit};

/// The bytes [`State::columns`] keeps per site: how many pieces stand
/// under the top piece, then those pieces, the highest first (each as
/// [`State::cells`] writes a piece). A column is at most this tall.
pub const COLUMN: usize = crate::ir::MAX_COLUMN;

/// The pieces under the top piece of `site`, the highest first (empty in a
/// game without columns).
pub fn below(st: &State, site: usize) -> &[u8] {
    match st.columns.get(site * COLUMN..(site + 1) * COLUMN) {
        Some(c) => &c[1..=usize::from(c[0])],
        None => &[],
    }
}

/// Puts `pieces` (the highest first) under the top piece of `site`, in a
/// game with columns; `None` if they do not fit in a column.
pub fn set_below(st: &mut State, site: usize, pieces: &[u8]) -> Option<()> {
    if pieces.len() >= COLUMN {
        return None;
    }
    let c = st.columns.get_mut(site * COLUMN..(site + 1) * COLUMN)?;
    c[0] = pieces.len() as u8;
    c[1..=pieces.len()].copy_from_slice(pieces);
    Some(())
}

impl Grid {
    /// A move of a game with columns: the plain play of the commander, the
    /// pieces it takes put under the moving column, and the jumped
    /// columns' next pieces standing as their commanders.
    #[inline(never)]
    pub(super) fn play_columns(&self, st: &mut State, m: &Move) {
        if m.len == 0 {
            return self.play_column_commanders(st, m);
        }
        let from = m.from() as usize;
        let to = m.steps[m.len as usize - 1].to as usize;
        let mut moving = [0u8; COLUMN];
        moving.copy_from_slice(&st.columns[from * COLUMN..(from + 1) * COLUMN]);
        st.columns[from * COLUMN] = 0;
        // Per capture: the site jumped and the piece that commands it next.
        let mut freed = [(NONE, NONE); super::MAX_STEPS];
        for (i, step) in m.steps().iter().enumerate() {
            if step.over == NONE {
                continue;
            }
            let over = step.over as usize;
            let n = usize::from(moving[0]);
            if n + 1 < COLUMN {
                moving[n + 1] = st.cells[over];
                moving[0] += 1;
            }
            let jumped = &mut st.columns[over * COLUMN..(over + 1) * COLUMN];
            let next = if jumped[0] > 0 {
                let top = jumped[1];
                let left = usize::from(jumped[0]);
                jumped.copy_within(2..=left, 1);
                jumped[0] -= 1;
                top
            } else {
                NONE
            };
            freed[i] = (step.over, next);
        }
        self.play_column_commanders(st, m);
        for &(over, next) in &freed[..m.len as usize] {
            if next != NONE {
                let owner = usize::from(next >> 4);
                st.cells[over as usize] = next;
                st.occupied[owner] |= bit(over);
                st.counts[owner] += 1;
            }
        }
        st.columns[to * COLUMN..(to + 1) * COLUMN].copy_from_slice(&moving);
    }

    /// The grid's play of the commanders of a move of a game with columns.
    fn play_column_commanders(&self, st: &mut State, m: &Move) {
        if self.counter_while.is_empty() {
            self.play_grid::<false, false, false, false>(st, m)
        } else {
            self.play_grid::<false, true, false, false>(st, m)
        }
    }

    /// Folds the columns' hidden pieces into the hash `h`.
    #[cold]
    #[inline(never)]
    pub(super) fn hash_columns(&self, st: &State, mut h: u64) -> u64 {
        for s in 0..self.sites {
            for (depth, &c) in below(st, s).iter().enumerate() {
                let key = self.zobrist[(s * 32 + usize::from(c >> 4) * 16 + usize::from(c & 15))
                    % self.zobrist.len()];
                h ^= key
                    .rotate_left(depth as u32 + 1)
                    .wrapping_mul(depth as u64 * 2 + 3);
            }
        }
        h
    }
}
