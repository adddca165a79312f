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
    /// Bit 0 alone, the number 1.
    const ONE: Self;
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
    /// Whether more than one bit is set.
    fn several(self) -> bool;
    /// Whether no bit is set.
    #[inline(always)]
    fn none(self) -> bool {
        self == Self::ZERO
    }
    /// The mask less its lowest bit (the next of a loop over its bits).
    #[inline(always)]
    fn rest(self) -> Self {
        self & (self - Self::ONE)
    }
}

/// Bit `p` of a mask of `N` bits, for every `p` below `N`, as a table.
macro_rules! ones {
    ($t:ty, $n:expr) => {{
        let mut ones = [0 as $t; $n];
        let mut p = 0;
        while p < $n {
            ones[p] = 1 << p;
            p += 1;
        }
        ones
    }};
}

const ONES_128: [u128; 128] = ones!(u128, 128);
const ONES_64: [u64; 64] = ones!(u64, 64);

/// [`Bits`] for a primitive mask `$t`, its bits read from the table `$ones`.
macro_rules! bits {
    ($t:ty, $ones:ident, $words:expr) => {
        impl Bits for $t {
            const ZERO: $t = 0;
            const ONE: $t = 1;
            const ALL: $t = <$t>::MAX;
            const WIDTH: usize = <$t>::BITS as usize;
            #[inline(always)]
            fn one(p: usize) -> $t {
                $ones[p & (Self::WIDTH - 1)]
            }
            #[inline(always)]
            fn of(wide: u128) -> $t {
                wide as $t
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline(always)]
            fn words(self) -> [u64; 2] {
                $words(self)
            }
            #[inline(always)]
            fn several(self) -> bool {
                self & self.wrapping_sub(1) != 0
            }
        }
    };
}

bits!(u128, ONES_128, |m: u128| [m as u64, (m >> 64) as u64]);
bits!(u64, ONES_64, |m: u64| [m, 0]);

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
