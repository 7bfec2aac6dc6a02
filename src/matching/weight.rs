//! Exact unsigned integers for edge weights and dual variables.
//!
//! Pairing criteria are compared lexicographically, so callers pack them into one integer, field by
//! field, with the most important criterion in the top bits. That easily needs hundreds of bits,
//! hence [`Wide`]; plain `u64` and `u128` serve small tournaments and tests.

use std::cmp::Ordering;
use std::fmt;

/// An unsigned integer that the matcher can use for weights and dual variables.
///
/// All arithmetic is exact. Operations that would overflow or underflow are contract violations:
/// they panic in debug builds and wrap in release builds, like the built-in integers. The matcher
/// never triggers them as long as every weight respects [`Weight::headroom_limit`].
///
/// Methods work in place and take their operands by reference, because a `Wide<24>` is 192 bytes
/// and the matcher's inner loops must not copy it needlessly.
pub trait Weight: Clone + Ord + Eq + fmt::Debug {
    /// The number of bits of the representation.
    const BITS: u32;

    /// The number of 64-bit limbs of the representation.
    const LIMBS: usize;

    /// Limb `index`, least significant first; zero past the representation.
    fn limb(&self, index: usize) -> u64;

    /// `self = ` the number with these limbs, least significant first (the missing ones zero).
    /// Limbs past the representation must be zero.
    fn set_from_limbs(&mut self, limbs: &[u64]);

    /// The number of bits up to the most significant one set (0 for zero).
    fn bit_length(&self) -> u32 {
        for index in (0..Self::LIMBS).rev() {
            let limb = self.limb(index);
            if limb != 0 {
                return 64 * index as u32 + (64 - limb.leading_zeros());
            }
        }
        0
    }

    /// `out = first + second - twice - twice` as [`Weight::set_to_sum_minus_double`], with `twice`
    /// given by its lowest limbs. The result, `first` and `second` must all fit in that many limbs:
    /// only those are computed, and the limbs of `out` above them are set to zero.
    fn set_to_sum_minus_double_limbs(out: &mut Self, first: &Self, second: &Self, twice: &[u64]) {
        let mut weight = Self::zero();
        weight.set_from_limbs(twice);
        Self::set_to_sum_minus_double(out, first, second, &weight);
    }

    /// The value zero, which as an edge weight means "no edge".
    fn zero() -> Self;

    /// The largest representable value.
    fn max_value() -> Self;

    /// The value `value`.
    fn from_u64(value: u64) -> Self;

    /// Whether this is zero.
    fn is_zero(&self) -> bool;

    /// Whether the lowest bit is set.
    fn is_odd(&self) -> bool;

    /// `self += rhs`, reporting whether the true sum did not fit (the stored value then wraps).
    fn overflowing_add_in_place(&mut self, rhs: &Self) -> bool;

    /// `self -= rhs`, reporting whether the true difference was negative (the stored value then
    /// wraps).
    fn overflowing_sub_in_place(&mut self, rhs: &Self) -> bool;

    /// `self >>= 1`.
    fn halve_in_place(&mut self);

    /// `self <<= 1`; the top bit must be clear.
    fn double_in_place(&mut self) {
        self.shl_in_place(1);
    }

    /// `self <<= bits`; bits shifted out are lost. `bits` must be below [`Weight::BITS`].
    fn shl_in_place(&mut self, bits: u32);

    /// `self |= value`, for filling the lowest field after a shift.
    fn or_u64_in_place(&mut self, value: u64);

    /// `self += value · 2^shift`: a field's count added in place, as `from_u64(value)` shifted
    /// by `shift` and added; bits shifted past the representation are lost and overflow is a
    /// contract violation, as there. Implementations may skip the temporary.
    fn add_shifted_u64(&mut self, value: u64, shift: u32) {
        let mut unit = Self::from_u64(value);
        unit.shl_in_place(shift);
        self.add_in_place(&unit);
    }

    /// `self += rhs`; overflow is a contract violation.
    fn add_in_place(&mut self, rhs: &Self) {
        let overflowed = self.overflowing_add_in_place(rhs);
        debug_assert!(!overflowed, "weight arithmetic overflowed");
    }

    /// `self -= rhs`; a negative result is a contract violation.
    fn sub_in_place(&mut self, rhs: &Self) {
        let underflowed = self.overflowing_sub_in_place(rhs);
        debug_assert!(!underflowed, "weight arithmetic underflowed");
    }

    /// `out = first + second - twice - twice`, the matcher's reduced cost of an edge. The result
    /// must be non-negative and `first + second` must fit. Implementations may fuse the steps.
    fn set_to_sum_minus_double(out: &mut Self, first: &Self, second: &Self, twice: &Self) {
        out.clone_from(first);
        out.add_in_place(second);
        out.sub_in_place(twice);
        out.sub_in_place(twice);
    }

    /// The largest weight the matcher accepts: `max_value() >> 2`.
    ///
    /// Dual variables reach twice the largest weight and a reduced cost adds two of them, so four
    /// times the largest weight (plus two for parity corrections) must fit.
    fn headroom_limit() -> Self {
        let mut limit = Self::max_value();
        limit.halve_in_place();
        limit.halve_in_place();
        limit
    }
}

macro_rules! impl_weight_for_primitive {
    ($primitive:ty) => {
        impl Weight for $primitive {
            const BITS: u32 = <$primitive>::BITS;
            const LIMBS: usize = (<$primitive>::BITS / 64) as usize;

            fn limb(&self, index: usize) -> u64 {
                if index < Self::LIMBS { (*self >> (64 * index)) as u64 } else { 0 }
            }

            fn set_from_limbs(&mut self, limbs: &[u64]) {
                debug_assert!(limbs.iter().skip(Self::LIMBS).all(|&limb| limb == 0), "{limbs:?} too wide");
                // Two limbs at most, read without a loop: the matcher reads a table entry this way
                // at every edge it looks at. The second limb shifted out of a `u64` is zero.
                let low = limbs.first().copied().unwrap_or(0);
                let high = limbs.get(1).copied().unwrap_or(0);
                *self = <$primitive>::from(low) | <$primitive>::from(high).checked_shl(64).unwrap_or(0);
            }

            fn zero() -> Self {
                0
            }

            fn max_value() -> Self {
                <$primitive>::MAX
            }

            fn from_u64(value: u64) -> Self {
                value.into()
            }

            fn is_zero(&self) -> bool {
                *self == 0
            }

            fn is_odd(&self) -> bool {
                *self & 1 == 1
            }

            fn overflowing_add_in_place(&mut self, rhs: &Self) -> bool {
                let (sum, overflowed) = self.overflowing_add(*rhs);
                *self = sum;
                overflowed
            }

            fn overflowing_sub_in_place(&mut self, rhs: &Self) -> bool {
                let (difference, underflowed) = self.overflowing_sub(*rhs);
                *self = difference;
                underflowed
            }

            fn halve_in_place(&mut self) {
                *self >>= 1;
            }

            fn shl_in_place(&mut self, bits: u32) {
                *self <<= bits;
            }

            fn or_u64_in_place(&mut self, value: u64) {
                *self |= <$primitive>::from(value);
            }

            fn set_to_sum_minus_double(out: &mut Self, first: &Self, second: &Self, twice: &Self) {
                // Plain operators: debug builds still catch a broken bound.
                *out = first + second - twice - twice;
            }
        }
    };
}

impl_weight_for_primitive!(u64);
impl_weight_for_primitive!(u128);

/// A fixed-width unsigned integer of `LIMBS` 64-bit limbs, least significant limb first.
///
/// ```
/// use trfcheck::matching::{Weight, Wide};
/// // Two fields: a 3-bit count on top of a 100-bit score.
/// let mut weight = Wide::<2>::from_u64(5);
/// weight.shl_in_place(100);
/// weight.or_u64_in_place(42);
/// assert_eq!(weight.limbs(), &[42, 5 << 36]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide<const LIMBS: usize>([u64; LIMBS]);

impl<const LIMBS: usize> Wide<LIMBS> {
    /// The number with these limbs, least significant first.
    pub const fn from_limbs(limbs: [u64; LIMBS]) -> Self {
        Self(limbs)
    }

    /// The limbs, least significant first.
    pub const fn limbs(&self) -> &[u64; LIMBS] {
        &self.0
    }

    /// The value if it fits in a `u128`.
    pub fn to_u128(&self) -> Option<u128> {
        if self.0.iter().skip(2).any(|&limb| limb != 0) {
            return None;
        }
        let low = self.0.first().copied().unwrap_or(0);
        let high = self.0.get(1).copied().unwrap_or(0);
        Some(u128::from(high) << 64 | u128::from(low))
    }

    /// The value `value`, or `None` if it needs more than `LIMBS` limbs.
    pub fn from_u128(value: u128) -> Option<Self> {
        let mut limbs = [0; LIMBS];
        let low = value as u64;
        let high = (value >> 64) as u64;
        match LIMBS {
            0 => (value == 0).then_some(Self(limbs)),
            1 => {
                limbs[0] = low;
                (high == 0).then_some(Self(limbs))
            }
            _ => {
                limbs[0] = low;
                limbs[1] = high;
                Some(Self(limbs))
            }
        }
    }
}

impl<const LIMBS: usize> Default for Wide<LIMBS> {
    fn default() -> Self {
        Self([0; LIMBS])
    }
}

impl<const LIMBS: usize> Ord for Wide<LIMBS> {
    fn cmp(&self, other: &Self) -> Ordering {
        // Most significant limb first; a plain loop, as this sits in the matcher's inner loops.
        for index in (0..LIMBS).rev() {
            if self.0[index] != other.0[index] {
                return self.0[index].cmp(&other.0[index]);
            }
        }
        Ordering::Equal
    }
}

impl<const LIMBS: usize> PartialOrd for Wide<LIMBS> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const LIMBS: usize> fmt::Debug for Wide<LIMBS> {
    /// Hexadecimal, most significant limb first, without leading zero limbs.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut significant = self.0.iter().rev().skip_while(|&&limb| limb == 0);
        match significant.next() {
            None => formatter.write_str("0x0"),
            Some(top) => {
                write!(formatter, "0x{top:x}")?;
                significant.try_for_each(|limb| write!(formatter, "_{limb:016x}"))
            }
        }
    }
}

impl<const LIMBS: usize> Weight for Wide<LIMBS> {
    const BITS: u32 = 64 * LIMBS as u32;
    const LIMBS: usize = LIMBS;

    fn limb(&self, index: usize) -> u64 {
        self.0.get(index).copied().unwrap_or(0)
    }

    fn set_from_limbs(&mut self, limbs: &[u64]) {
        debug_assert!(limbs.iter().skip(LIMBS).all(|&limb| limb == 0), "{limbs:?} too wide");
        let used = limbs.len().min(LIMBS);
        self.0[..used].copy_from_slice(&limbs[..used]);
        self.0[used..].fill(0);
    }

    #[inline]
    fn set_to_sum_minus_double_limbs(out: &mut Self, first: &Self, second: &Self, twice: &[u64]) {
        // The matcher's innermost operation: one pass over the limbs in use, as in
        // `set_to_sum_minus_double`, unrolled for the common lengths. The limbs above are zero in
        // every value the matcher computes with, so they are left alone.
        let used = twice.len().min(LIMBS);
        debug_assert!(
            [&out.0, &first.0, &second.0].iter().all(|limbs| limbs[used..].iter().all(|&limb| limb == 0)),
            "values wider than {used} limbs: {out:?}, {first:?}, {second:?}"
        );
        macro_rules! unrolled {
            ($($length:literal)*) => {
                match used {
                    $($length => fused_limbs::<$length>(&mut out.0, &first.0, &second.0, twice),)*
                    _ => fused_limbs_dynamic(&mut out.0[..used], &first.0, &second.0, twice),
                }
            };
        }
        unrolled!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16);
    }

    fn zero() -> Self {
        Self([0; LIMBS])
    }

    fn max_value() -> Self {
        Self([u64::MAX; LIMBS])
    }

    fn from_u64(value: u64) -> Self {
        let mut limbs = [0; LIMBS];
        if let Some(lowest) = limbs.first_mut() {
            *lowest = value;
        } else {
            debug_assert_eq!(value, 0, "Wide<0> only holds zero");
        }
        Self(limbs)
    }

    fn is_zero(&self) -> bool {
        self.0.iter().all(|&limb| limb == 0)
    }

    fn is_odd(&self) -> bool {
        self.0.first().is_some_and(|&limb| limb & 1 == 1)
    }

    fn overflowing_add_in_place(&mut self, rhs: &Self) -> bool {
        let mut carry = false;
        for (limb, &other) in self.0.iter_mut().zip(&rhs.0) {
            let (sum, first_carry) = limb.overflowing_add(other);
            let (sum, second_carry) = sum.overflowing_add(u64::from(carry));
            *limb = sum;
            carry = first_carry | second_carry;
        }
        carry
    }

    fn overflowing_sub_in_place(&mut self, rhs: &Self) -> bool {
        let mut borrow = false;
        for (limb, &other) in self.0.iter_mut().zip(&rhs.0) {
            let (difference, first_borrow) = limb.overflowing_sub(other);
            let (difference, second_borrow) = difference.overflowing_sub(u64::from(borrow));
            *limb = difference;
            borrow = first_borrow | second_borrow;
        }
        borrow
    }

    fn double_in_place(&mut self) {
        let mut carried_in = 0;
        for limb in self.0.iter_mut() {
            let carried_out = *limb >> 63;
            *limb = *limb << 1 | carried_in;
            carried_in = carried_out;
        }
        debug_assert_eq!(carried_in, 0, "doubling overflowed");
    }

    fn halve_in_place(&mut self) {
        let mut carried_in = 0;
        for limb in self.0.iter_mut().rev() {
            let carried_out = *limb << 63;
            *limb = *limb >> 1 | carried_in;
            carried_in = carried_out;
        }
    }

    fn shl_in_place(&mut self, bits: u32) {
        debug_assert!(bits < Self::BITS, "shift by {bits} of a {}-bit number", Self::BITS);
        let limb_shift = (bits / 64) as usize;
        let bit_shift = bits % 64;
        if limb_shift >= LIMBS {
            self.0 = [0; LIMBS];
            return;
        }
        // A shift by 64 is not defined on u64, so a whole-limb move is its own case.
        if bit_shift == 0 {
            self.0.copy_within(..LIMBS - limb_shift, limb_shift);
        } else {
            for index in (limb_shift + 1..LIMBS).rev() {
                let high = self.0[index - limb_shift];
                let low = self.0[index - limb_shift - 1];
                self.0[index] = high << bit_shift | low >> (64 - bit_shift);
            }
            self.0[limb_shift] = self.0[0] << bit_shift;
        }
        self.0[..limb_shift].fill(0);
    }

    #[inline]
    fn add_shifted_u64(&mut self, value: u64, shift: u32) {
        // The value covers at most two limbs once shifted: add those, then carry upwards.
        debug_assert!(shift < Self::BITS, "shift by {shift} of a {}-bit number", Self::BITS);
        let (limb, bits) = ((shift / 64) as usize, shift % 64);
        let low = value << bits;
        let high = if bits == 0 { 0 } else { value >> (64 - bits) };
        let mut carry = false;
        for (index, part) in [(limb, low), (limb + 1, high)] {
            let Some(slot) = self.0.get_mut(index) else {
                // Bits past the top are lost, as by a shift; a carry out of it is an overflow.
                debug_assert!(!carry, "weight arithmetic overflowed");
                return;
            };
            let (sum, first) = slot.overflowing_add(part);
            let (sum, second) = sum.overflowing_add(u64::from(carry));
            *slot = sum;
            carry = first || second;
        }
        for slot in self.0.iter_mut().skip(limb + 2) {
            if !carry {
                return;
            }
            let (sum, overflowed) = slot.overflowing_add(1);
            *slot = sum;
            carry = overflowed;
        }
        debug_assert!(!carry, "weight arithmetic overflowed");
    }

    fn or_u64_in_place(&mut self, value: u64) {
        if let Some(lowest) = self.0.first_mut() {
            *lowest |= value;
        } else {
            debug_assert_eq!(value, 0, "Wide<0> only holds zero");
        }
    }

    fn set_to_sum_minus_double(out: &mut Self, first: &Self, second: &Self, twice: &Self) {
        // One pass over the limbs instead of four: this is the matcher's innermost operation. The
        // running carry lies in [-2, 1], so each step fits easily in an i128.
        let mut carry: i128 = 0;
        for index in 0..LIMBS {
            let step =
                i128::from(first.0[index]) + i128::from(second.0[index]) - 2 * i128::from(twice.0[index]) + carry;
            out.0[index] = step as u64;
            carry = step >> 64;
        }
        debug_assert_eq!(carry, 0, "reduced cost out of range: {first:?} + {second:?} - 2 * {twice:?}");
    }
}

/// `out[..K] = first + second - 2·twice` over the lowest `K` limbs.
#[inline(always)]
fn fused_limbs<const K: usize>(out: &mut [u64], first: &[u64], second: &[u64], twice: &[u64]) {
    let (out, first, second, twice) = (&mut out[..K], &first[..K], &second[..K], &twice[..K]);
    let mut carry: i128 = 0;
    for index in 0..K {
        let step = i128::from(first[index]) + i128::from(second[index]) - 2 * i128::from(twice[index]) + carry;
        out[index] = step as u64;
        carry = step >> 64;
    }
    debug_assert_eq!(carry, 0, "reduced cost out of range");
}

/// [`fused_limbs`] for any length, `out.len()`.
fn fused_limbs_dynamic(out: &mut [u64], first: &[u64], second: &[u64], twice: &[u64]) {
    let mut carry: i128 = 0;
    for (index, limb) in out.iter_mut().enumerate() {
        let step = i128::from(first[index]) + i128::from(second[index]) - 2 * i128::from(twice[index]) + carry;
        *limb = step as u64;
        carry = step >> 64;
    }
    debug_assert_eq!(carry, 0, "reduced cost out of range");
}
