//! The width of the masks the search keeps (sites, track positions): a
//! `u64` where the board has at most 64 sites, as every tables board has,
//! a `u128` otherwise. The search is compiled once for each width; the
//! compiled rules keep their masks at 128 bits and are read at the
//! search's width ([`Bits::of`]), which drops only bits past the board.

use std::fmt::Debug;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr, Sub,
};

/// A mask of sites or track positions, one bit each.
pub(in crate::engine) trait Bits:
    Copy
    + Eq
    + Debug
    + Default
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Sub<Output = Self>
    + Shl<usize, Output = Self>
    + Shr<usize, Output = Self>
{
    /// No bit.
    const ZERO: Self;
    /// Every bit.
    const ALL: Self;
    /// The number of bits.
    const WIDTH: usize;
    /// Bit `p`, below [`Bits::WIDTH`], read from a table: a shift by a
    /// number the compiler does not know costs several instructions on
    /// a `u128`, as many as the search's hottest lines.
    fn one(p: usize) -> Self;
    /// The low bits of a mask of the compiled rules.
    fn of(wide: u128) -> Self;
    fn trailing_zeros(self) -> u32;
    fn count_ones(self) -> u32;
    /// The mask as 64-bit words, lowest first: one for a `u64`.
    fn words(self) -> [u64; 2];
    /// Whether no bit is set.
    #[inline(always)]
    fn none(self) -> bool {
        self == Self::ZERO
    }
}

/// Bit `p` of a 128-bit mask, for every `p` below 128.
const ONES: [u128; 128] = {
    let mut ones = [0u128; 128];
    let mut p = 0;
    while p < 128 {
        ones[p] = 1 << p;
        p += 1;
    }
    ones
};

/// Bit `p` of a 64-bit mask, for every `p` below 64.
const ONES_64: [u64; 64] = {
    let mut ones = [0u64; 64];
    let mut p = 0;
    while p < 64 {
        ones[p] = 1 << p;
        p += 1;
    }
    ones
};

impl Bits for u128 {
    const ZERO: u128 = 0;
    const ALL: u128 = u128::MAX;
    const WIDTH: usize = 128;
    #[inline(always)]
    fn one(p: usize) -> u128 {
        ONES[p & 127]
    }
    #[inline(always)]
    fn of(wide: u128) -> u128 {
        wide
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        u128::trailing_zeros(self)
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        u128::count_ones(self)
    }
    #[inline(always)]
    fn words(self) -> [u64; 2] {
        [self as u64, (self >> 64) as u64]
    }
}

impl Bits for u64 {
    const ZERO: u64 = 0;
    const ALL: u64 = u64::MAX;
    const WIDTH: usize = 64;
    #[inline(always)]
    fn one(p: usize) -> u64 {
        ONES_64[p & 63]
    }
    #[inline(always)]
    fn of(wide: u128) -> u64 {
        wide as u64
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        u64::trailing_zeros(self)
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        u64::count_ones(self)
    }
    #[inline(always)]
    fn words(self) -> [u64; 2] {
        [self, 0]
    }
}

#[cfg(test)]
mod tests {
    use super::Bits;

    #[test]
    fn one_is_the_bit_of_every_position() {
        for p in 0..128 {
            assert_eq!(<u128 as Bits>::one(p), 1u128 << p);
        }
        for p in 0..64 {
            assert_eq!(<u64 as Bits>::one(p), 1u64 << p);
        }
    }

    #[test]
    fn narrow_masks_keep_the_low_bits() {
        let wide = 1u128 << 100 | 1 << 63 | 5;
        assert_eq!(<u64 as Bits>::of(wide), 1 << 63 | 5);
        assert_eq!(<u128 as Bits>::of(wide), wide);
        assert_eq!(wide.words(), [1 << 63 | 5, 1 << 36]);
        assert_eq!((1u64 << 63).words(), [1 << 63, 0]);
    }
}
