//! The sites of a mask counted, and the site of a given index found, for
//! the plans of `plan.rs`: read by bytes from tables where a mask has at
//! most 24 sites (most boards that a plan counts). The release target has
//! no instruction for a population count, and its count without one takes
//! longer; the site of an index drawn at random is found with no branch
//! on the index, whose outcome the processor could not foresee.

use super::super::bits::Bits;

/// The bits set in each value of a byte.
const BYTE_ONES: [u8; 256] = {
    let mut ones = [0; 256];
    let mut i = 0;
    while i < 256 {
        ones[i] = (i as u8).count_ones() as u8;
        i += 1;
    }
    ones
};

/// The bits set in `word`: read by bytes from a table where it has at
/// most 24 (most boards that a plan counts), as the processor may have
/// no instruction for it, and its count without one takes longer.
#[inline(always)]
fn ones(word: u64) -> usize {
    if word >> 24 == 0 {
        usize::from(BYTE_ONES[(word & 255) as usize])
            + usize::from(BYTE_ONES[(word >> 8 & 255) as usize])
            + usize::from(BYTE_ONES[(word >> 16 & 255) as usize])
    } else {
        word.count_ones() as usize
    }
}

/// The sites of `mask`: a population count of the low word, and of the
/// high word only where it has some (a `u64` has none).
#[inline(always)]
pub(super) fn count_sites<B: Bits>(mask: B) -> usize {
    let [low, high] = mask.words();
    ones(low) + if high == 0 { 0 } else { ones(high) }
}

/// Per value of a byte, the place of each of its bits set (8 past them).
const BYTE_SELECT: [[u8; 8]; 256] = {
    let mut select = [[8; 8]; 256];
    let mut value = 0;
    while value < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if value >> bit & 1 != 0 {
                select[value][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        value += 1;
    }
    select
};

/// The site of index `n` of `mask`, in site order.
#[inline]
pub(super) fn nth_site<B: Bits>(mask: B, n: usize) -> Option<u8> {
    let [low, high] = mask.words();
    if high == 0 && low >> 24 == 0 {
        return nth_of_24(low, n);
    }
    let below = low.count_ones() as usize;
    if n < below {
        let mut word = low;
        for _ in 0..n {
            word &= word - 1;
        }
        return Some(word.trailing_zeros() as u8);
    }
    let mut word = high;
    for _ in below..n {
        word &= word.wrapping_sub(1);
    }
    (word != 0).then(|| 64 + word.trailing_zeros() as u8)
}

/// [`nth_site`] of a mask of at most 24 sites, read by bytes from tables
/// with no branch on the index, whose outcome the processor could not
/// foresee (an index drawn at random).
#[inline(always)]
fn nth_of_24(word: u64, n: usize) -> Option<u8> {
    let first = usize::from(BYTE_ONES[(word & 255) as usize]);
    let second = first + usize::from(BYTE_ONES[(word >> 8 & 255) as usize]);
    let third = second + usize::from(BYTE_ONES[(word >> 16 & 255) as usize]);
    let (past_first, past_second) = (n >= first, n >= second);
    let byte = usize::from(past_first) + usize::from(past_second);
    let before = if past_second {
        second
    } else if past_first {
        first
    } else {
        0
    };
    let site = BYTE_SELECT[(word >> (8 * byte) & 255) as usize][(n - before) & 7] + 8 * byte as u8;
    (n < third).then_some(site)
}

#[cfg(test)]
mod tests {
    use super::{count_sites, nth_site};

    /// The site of index `n` of `mask`, by a walk over its bits.
    fn walked(mask: u128, n: usize) -> Option<u8> {
        (0..128u8).filter(|&s| mask >> s & 1 != 0).nth(n)
    }

    #[test]
    fn counts_and_indices_are_those_of_a_walk_over_the_bits() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for round in 0..4000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Masks of up to 24 sites, of up to 64, and wider.
            let wide = u128::from(seed) << 64 | u128::from(seed.rotate_left(29));
            let mask = match round % 3 {
                0 => wide & 0xff_ffff,
                1 => wide & u128::from(u64::MAX),
                _ => wide,
            };
            assert_eq!(count_sites(mask), mask.count_ones() as usize, "{mask:#x}");
            if mask >> 64 == 0 {
                assert_eq!(count_sites(mask as u64), mask.count_ones() as usize);
            }
            for n in 0..=mask.count_ones() as usize + 1 {
                assert_eq!(nth_site(mask, n), walked(mask, n), "{mask:#x}, index {n}");
                if mask >> 64 == 0 {
                    assert_eq!(nth_site(mask as u64, n), walked(mask, n), "{mask:#x}, {n}");
                }
            }
        }
    }
}
