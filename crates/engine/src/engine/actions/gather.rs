//! The board's lines read all at once: where every line has the same
//! number `N` of sites, the board at most 64, and the lines fit `N` lanes
//! of a 64-bit word, a table per byte of a mask of sites gives, for each
//! line, whether its first, second, ... site (in site order) is in the
//! mask, as a bit per line in each of `N` lanes. Which lines lack exactly
//! one of the mover's pieces on an empty site, or which lines a player
//! fills, is then a few table reads and bit operations, with no branch or
//! test per line.

use super::super::sides::bits;

/// The lanes of a board's lines (see the module's note).
pub(super) struct Gather {
    /// Per byte of a mask of sites (the lowest first), per value of that
    /// byte: in lane `k`, a bit per line whose `k`-th site is set in it.
    tables: Vec<[u64; 256]>,
    /// The sites of a line (`N`), one lane each.
    lanes: u32,
    /// The bits of a lane.
    width: u32,
    /// A lane's bits that are lines, at the bottom.
    lane: u64,
    /// Per byte of a set of lines (a bit per line), per value of that
    /// byte: the sites of those lines.
    sites: Vec<[u64; 256]>,
}

impl Gather {
    /// The lanes of `lines` (masks of sites), or `None` where they do
    /// not fit: lines of unlike lengths, a site past 63, or more lines
    /// than a lane holds.
    pub(super) fn new(lines: &[u128]) -> Option<Gather> {
        let n = lines.first()?.count_ones();
        let width = 64 / n.max(1);
        if n == 0
            || lines.len() > width as usize
            || lines.iter().any(|&l| l.count_ones() != n || l >> 64 != 0)
        {
            return None;
        }
        let all = lines.iter().fold(0u128, |a, &l| a | l) as u64;
        let bytes = (64 - all.leading_zeros()).div_ceil(8) as usize;
        let mut tables = vec![[0u64; 256]; bytes];
        for (i, &line) in lines.iter().enumerate() {
            for (k, site) in bits(line).enumerate() {
                let (byte, bit) = (site / 8, site % 8);
                for (value, entry) in tables[byte].iter_mut().enumerate() {
                    if value >> bit & 1 != 0 {
                        *entry |= 1 << (k as u32 * width + i as u32);
                    }
                }
            }
        }
        let mut sites = vec![[0u64; 256]; lines.len().div_ceil(8)];
        for (i, &line) in lines.iter().enumerate() {
            for (value, entry) in sites[i / 8].iter_mut().enumerate() {
                if value >> (i % 8) & 1 != 0 {
                    *entry |= line as u64;
                }
            }
        }
        Some(Gather {
            sites,
            tables,
            lanes: n,
            width,
            lane: u64::MAX >> (64 - lines.len() as u32),
        })
    }

    /// The lanes of `mask`: in lane `k`, the lines whose `k`-th site is in
    /// it.
    #[inline(always)]
    fn read(&self, mask: u64) -> u64 {
        by_bytes(&self.tables, mask)
    }

    /// The sites of the lines `set` (a bit per line), read by bytes with
    /// no branch on how many lines it has.
    #[inline(always)]
    pub(super) fn sites(&self, set: u64) -> u64 {
        by_bytes(&self.sites, set)
    }

    /// The lines (a bit per line) that lack exactly one site of `own`,
    /// that site in `empty`.
    #[inline(always)]
    pub(super) fn closing(&self, own: u64, empty: u64) -> u64 {
        match self.lanes {
            2 => self.closing_in::<2>(own, empty),
            3 => self.closing_in::<3>(own, empty),
            4 => self.closing_in::<4>(own, empty),
            _ => self.closing_in::<0>(own, empty),
        }
    }

    /// [`Gather::closing`] with `N` lanes, or [`Gather::lanes`] where `N`
    /// is 0: the loop unrolled for the usual lines.
    #[inline(always)]
    fn closing_in<const N: u32>(&self, own: u64, empty: u64) -> u64 {
        let missing = !self.read(own);
        let open = self.read(empty) & missing;
        let (mut one, mut two, mut hole) = (0, 0, 0);
        for k in 0..if N == 0 { self.lanes } else { N } {
            let m = missing >> (k * self.width) & self.lane;
            two |= one & m;
            one |= m;
            hole |= open >> (k * self.width);
        }
        one & !two & hole & self.lane
    }

    /// The lines (a bit per line) all of whose sites are in `mask`.
    #[inline(always)]
    pub(super) fn full(&self, mask: u64) -> u64 {
        match self.lanes {
            2 => self.full_in::<2>(mask),
            3 => self.full_in::<3>(mask),
            4 => self.full_in::<4>(mask),
            _ => self.full_in::<0>(mask),
        }
    }

    /// [`Gather::full`] with `N` lanes, as [`Gather::closing_in`].
    #[inline(always)]
    fn full_in<const N: u32>(&self, mask: u64) -> u64 {
        let got = self.read(mask);
        let mut all = self.lane;
        for k in 0..if N == 0 { self.lanes } else { N } {
            all &= got >> (k * self.width);
        }
        all
    }
}

/// `mask` read through `tables`, a table per byte of it (the lowest
/// first): the entries of its bytes together.
#[inline(always)]
fn by_bytes(tables: &[[u64; 256]], mask: u64) -> u64 {
    match tables.len() {
        1 => by_first::<1>(tables, mask),
        2 => by_first::<2>(tables, mask),
        3 => by_first::<3>(tables, mask),
        4 => by_first::<4>(tables, mask),
        _ => by_first::<0>(tables, mask),
    }
}

/// [`by_bytes`] with the first `N` tables, or every one where `N` is 0:
/// the loop unrolled for the usual boards.
#[inline(always)]
fn by_first<const N: usize>(tables: &[[u64; 256]], mask: u64) -> u64 {
    let tables = if N == 0 { tables } else { &tables[..N] };
    let mut out = 0;
    for (byte, table) in tables.iter().enumerate() {
        out |= table[(mask >> (8 * byte)) as usize & 255];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::Gather;

    /// Lines of `n` sites each, scattered over 60 sites (some overlap).
    fn lines(n: u32, count: usize) -> Vec<u128> {
        (0..count)
            .map(|i| (0..n).fold(0u128, |m, k| m | 1 << ((i * 7 + k as usize * 11) % 60)))
            .collect()
    }

    #[test]
    fn the_lanes_find_what_a_scan_of_every_line_finds() {
        for (n, count) in [(2, 30), (3, 16), (3, 21), (4, 16), (5, 12)] {
            let lines = lines(n, count);
            let gather = Gather::new(&lines).expect("the lines fit the lanes");
            let mut seed = 0x2545_f491_4f6c_dd1d_u64;
            for _ in 0..2000 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let sites = (1u64 << 60) - 1;
                let own = seed & seed >> 3 & sites;
                let empty = !own & seed >> 1 & sites;
                let (mut closing, mut full) = (0u64, 0u64);
                for (i, &line) in lines.iter().enumerate() {
                    let missing = line as u64 & !own;
                    if missing.count_ones() == 1 && missing & empty != 0 {
                        closing |= 1 << i;
                    }
                    if missing == 0 {
                        full |= 1 << i;
                    }
                }
                assert_eq!(gather.closing(own, empty), closing, "{n} sites a line");
                let sites = (lines.iter().enumerate())
                    .filter(|&(i, _)| closing >> i & 1 != 0)
                    .fold(0, |m, (_, &l)| m | l as u64);
                assert_eq!(gather.sites(closing), sites, "{n} sites a line");
                assert_eq!(gather.full(own), full, "{n} sites a line");
            }
        }
    }

    #[test]
    fn lines_that_do_not_fit_have_no_lanes() {
        assert!(Gather::new(&[]).is_none());
        assert!(Gather::new(&[0b11, 0b111]).is_none());
        assert!(Gather::new(&[1u128 << 70 | 1]).is_none());
        assert!(Gather::new(&lines(3, 22)).is_none());
    }
}
