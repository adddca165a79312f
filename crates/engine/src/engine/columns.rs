//! Columns (`captured go under capturer`, Lasca): a site holds an ordered
//! stack of pieces of either player. [`State::cells`] keeps its top piece,
//! the commander, so that the grid's steps, jumps and promotions read it as
//! they read a lone piece; the pieces under it are kept in
//! [`State::visited`], which a game with columns has no other use for (it
//! refuses `return forbidden`), so that other games' states are what they
//! were. A capture takes the top piece of the jumped column and puts it at
//! the bottom of the capturer's; the piece under it, if any, commands the
//! jumped column from then on. The whole column moves; a promotion turns
//! its commander alone. Only games with columns pay for them: their moves
//! are played here, out of line.
//!
//! A site's word: its low byte the number of pieces under the top piece,
//! then 4 bits a piece, the highest first, each its owner (a bit) above its
//! kind (3 bits).

use super::grid::Grid;
use super::{Move, NONE, State, bit};

/// The most pieces a column holds: the top piece and 30 under it.
pub const COLUMN: usize = crate::ir::MAX_COLUMN;

/// The pieces under the top piece of `site`, the highest first, each as
/// [`State::cells`] writes a piece (nothing where the game has no
/// `columns`: its `visited` is the memory of `return forbidden`).
pub(super) fn below(
    columns: bool,
    st: &State,
    site: usize,
) -> impl DoubleEndedIterator<Item = u8> + ExactSizeIterator + use<> {
    let word = match st.visited.get(site) {
        Some(&w) if columns => w,
        _ => 0,
    };
    (0..(word & 0xff) as usize).map(move |i| piece(word, i))
}

/// The `i`-th piece of a column's word, from the top, as a cell.
fn piece(word: u128, i: usize) -> u8 {
    let p = (word >> (8 + 4 * i)) as u8 & 15;
    (p >> 3) << 4 | (p & 7)
}

/// A cell as 4 bits of a column's word.
fn nibble(c: u8) -> u128 {
    u128::from((c >> 4) << 3 | (c & 7))
}

/// Puts `pieces` (the highest first) under the top piece of `site`, in a
/// game with columns; `None` if they do not fit in a column.
pub fn set_below(st: &mut State, site: usize, pieces: &[u8]) -> Option<()> {
    if pieces.len() >= COLUMN {
        return None;
    }
    let word = st.visited.get_mut(site)?;
    *word = pieces.len() as u128;
    for (i, &c) in pieces.iter().enumerate() {
        *word |= nibble(c) << (8 + 4 * i);
    }
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
        let mut moving = st.visited[from];
        st.visited[from] = 0;
        // Per capture: the site jumped and the piece that commands it next.
        let mut freed = [(NONE, NONE); super::MAX_STEPS];
        for (i, step) in m.steps().iter().enumerate() {
            if step.over == NONE {
                continue;
            }
            let over = step.over as usize;
            let n = (moving & 0xff) as usize;
            if n + 1 < COLUMN {
                moving = (moving + 1) | nibble(st.cells[over]) << (8 + 4 * n);
            }
            let jumped = st.visited[over];
            let next = if jumped & 0xff > 0 {
                st.visited[over] = (jumped >> 12) << 8 | ((jumped & 0xff) - 1);
                piece(jumped, 0)
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
        st.visited[to] = moving;
    }

    /// The grid's play of the commanders of a move of a game with columns.
    fn play_column_commanders(&self, st: &mut State, m: &Move) {
        if self.counter_while.is_empty() {
            self.play_grid::<false, false, false, false>(st, m)
        } else {
            self.play_grid::<false, true, false, false>(st, m)
        }
    }
}
