//! Fixed-width unsigned integers for exact tiling counts: [`U320`], five 64-bit limbs, plus the
//! limb-slice addition the solver uses on its packed frontier values.
//!
//! A tiling of a board with `n` white cells picks one of at most 4 pieces at each of `n / 3`
//! steps, so every count (and every partial sum the solver forms) is at most
//! `4^(n / 3) <= 4^133 = 2^266` for a 20 x 20 board: 320 bits never overflow. Addition
//! checks that bound with `debug_assert!` instead of growing.

use std::cmp::Ordering;
use std::fmt;

/// The number of 64-bit limbs in a [`U320`].
pub const LIMBS: usize = 5;

/// 10^19, the largest power of ten in a `u64`: decimal output is produced 19 digits at a time.
const CHUNK: u64 = 10_000_000_000_000_000_000;
/// The number of decimal digits in one [`CHUNK`].
const CHUNK_DIGITS: usize = 19;

/// An unsigned 320-bit integer; limb 0 is the least significant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct U320 {
    limbs: [u64; LIMBS],
}

/// Adds `src` into `dst` limb by limb, propagating the carry through all of `dst`.
///
/// # Panics
/// In debug builds, if `src` is longer than `dst` or the sum does not fit in `dst`.
#[inline]
pub fn add_limbs(dst: &mut [u64], src: &[u64]) {
    debug_assert!(src.len() <= dst.len(), "the sum must be at least as wide");
    let mut carry = false;
    for (i, d) in dst.iter_mut().enumerate() {
        let s = if i < src.len() { src[i] } else { 0 };
        let (sum, c1) = d.overflowing_add(s);
        let (sum, c2) = sum.overflowing_add(carry as u64);
        *d = sum;
        carry = c1 || c2;
    }
    debug_assert!(!carry, "sum overflows its limbs: the 4^(cells/3) bound was broken");
}

/// [`add_limbs`] for `L`-limb slices: the fixed length lets the compiler unroll the carry
/// chain.
///
/// # Panics
/// If either slice is shorter than `L`; in debug builds, if the sum does not fit in `L` limbs.
#[inline]
pub fn add_fixed<const L: usize>(dst: &mut [u64], src: &[u64]) {
    let (dst, src) = (&mut dst[..L], &src[..L]);
    let mut carry = false;
    for i in 0..L {
        let (sum, c1) = dst[i].overflowing_add(src[i]);
        let (sum, c2) = sum.overflowing_add(carry as u64);
        dst[i] = sum;
        carry = c1 || c2;
    }
    debug_assert!(!carry, "sum overflows its limbs: the limb budget was broken");
}

/// A sum of products of limb-slice integers, kept per limb position as a 128-bit sum plus a
/// count of its overflows: adding a product costs one multiplication per pair of limbs and no
/// carry chain, which is settled once, by [`ProductSum::total`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ProductSum {
    /// Position `k` sums the products of limb `i` of one factor and limb `k - i` of the other.
    sums: [u128; 2 * LIMBS - 1],
    carries: [u64; 2 * LIMBS - 1],
}

impl ProductSum {
    /// Adds `a * b` (little-endian limbs, at most [`LIMBS`] each).
    ///
    /// # Panics
    /// If either factor has more than [`LIMBS`] limbs.
    #[inline]
    pub fn add_product(&mut self, a: &[u64], b: &[u64]) {
        for (i, &x) in a.iter().enumerate() {
            for (j, &y) in b.iter().enumerate() {
                let (sum, carry) = self.sums[i + j].overflowing_add(x as u128 * y as u128);
                self.sums[i + j] = sum;
                self.carries[i + j] += carry as u64;
            }
        }
    }

    /// The sum.
    ///
    /// # Panics
    /// If it needs more than 320 bits.
    pub fn total(&self) -> U320 {
        let mut limbs = [0u64; 2 * LIMBS + 2];
        for k in 0..2 * LIMBS - 1 {
            let sum = self.sums[k];
            add_limbs(&mut limbs[k..], &[sum as u64, (sum >> 64) as u64, self.carries[k]]);
        }
        U320::from_limbs(&limbs)
    }
}

impl U320 {
    /// Zero.
    pub fn zero() -> U320 {
        U320 { limbs: [0; LIMBS] }
    }

    /// One.
    pub fn one() -> U320 {
        U320::from_u128(1)
    }

    /// The value of a `u128`.
    pub fn from_u128(value: u128) -> U320 {
        let mut limbs = [0; LIMBS];
        limbs[0] = value as u64;
        limbs[1] = (value >> 64) as u64;
        U320 { limbs }
    }

    /// The value of little-endian limbs (at most [`LIMBS`] of them).
    ///
    /// # Panics
    /// If more than [`LIMBS`] limbs are given and one of the extra ones is not zero.
    pub fn from_limbs(limbs: &[u64]) -> U320 {
        let mut value = U320::zero();
        for (i, &limb) in limbs.iter().enumerate() {
            if i < LIMBS {
                value.limbs[i] = limb;
            } else {
                assert!(limb == 0, "the value does not fit in 320 bits");
            }
        }
        value
    }

    /// The little-endian limbs.
    pub fn limbs(&self) -> &[u64; LIMBS] {
        &self.limbs
    }

    /// `2^exponent`.
    ///
    /// # Panics
    /// If `exponent >= 320`.
    pub fn pow2(exponent: u32) -> U320 {
        assert!((exponent as usize) < 64 * LIMBS, "2^{} needs more than 320 bits", exponent);
        let mut value = U320::zero();
        value.limbs[exponent as usize / 64] = 1 << (exponent % 64);
        value
    }

    /// True for zero.
    pub fn is_zero(&self) -> bool {
        self.limbs.iter().all(|&limb| limb == 0)
    }

    /// The value as a `u128`, if it fits.
    pub fn to_u128(&self) -> Option<u128> {
        if self.limbs[2..].iter().any(|&limb| limb != 0) {
            None
        } else {
            Some(self.limbs[0] as u128 | (self.limbs[1] as u128) << 64)
        }
    }

    /// The number of significant bits (0 for zero).
    pub fn bits(&self) -> u32 {
        for i in (0..LIMBS).rev() {
            if self.limbs[i] != 0 {
                return 64 * i as u32 + (64 - self.limbs[i].leading_zeros());
            }
        }
        0
    }

    /// Adds `other` in place.
    ///
    /// # Panics
    /// In debug builds, if the sum needs more than 320 bits.
    #[inline]
    pub fn add_assign(&mut self, other: &U320) {
        add_limbs(&mut self.limbs, &other.limbs);
    }

    /// The product `self * other`.
    ///
    /// # Panics
    /// In debug builds, if the product needs more than 320 bits.
    pub fn mul(&self, other: &U320) -> U320 {
        let mut product = [0u64; LIMBS];
        let mut overflow = false;
        for (i, &a) in self.limbs.iter().enumerate() {
            let mut carry: u128 = 0;
            for (j, &b) in other.limbs.iter().enumerate() {
                let wide = a as u128 * b as u128 + carry;
                if i + j < LIMBS {
                    let sum = wide + product[i + j] as u128;
                    product[i + j] = sum as u64;
                    carry = sum >> 64;
                } else {
                    overflow |= wide != 0;
                    carry = 0;
                }
            }
            overflow |= carry != 0;
        }
        debug_assert!(!overflow, "product overflows 320 bits: the 4^(cells/3) bound was broken");
        U320 { limbs: product }
    }

    /// Divides in place by a non-zero `divisor` and returns the remainder.
    fn div_rem_small(&mut self, divisor: u64) -> u64 {
        debug_assert!(divisor != 0, "division by zero");
        let mut rem: u128 = 0;
        for limb in self.limbs.iter_mut().rev() {
            let current = rem << 64 | *limb as u128;
            *limb = (current / divisor as u128) as u64;
            rem = current % divisor as u128;
        }
        rem as u64
    }

    /// Appends the decimal digits (no sign, no leading zeros, `0` for zero) to `out`.
    ///
    /// # Complexity
    /// One pass over the 5 limbs per 19 output digits (320 bits have at most 97 digits).
    pub fn write_decimal(&self, out: &mut Vec<u8>) {
        // Chunks of 19 digits, least significant first; 320 bits have at most 97 digits.
        let mut chunks = [0u64; 6];
        let mut n_chunks = 0;
        let mut rest = *self;
        loop {
            chunks[n_chunks] = rest.div_rem_small(CHUNK);
            n_chunks += 1;
            if rest.is_zero() {
                break;
            }
        }
        let mut digits = [0u8; CHUNK_DIGITS];
        for (k, &chunk) in chunks[..n_chunks].iter().rev().enumerate() {
            let mut value = chunk;
            for slot in digits.iter_mut().rev() {
                *slot = b'0' + (value % 10) as u8;
                value /= 10;
            }
            // The leading chunk drops its leading zeros (keeping one digit); the others are
            // padded to 19 digits.
            let start = if k == 0 {
                digits.iter().position(|&d| d != b'0').unwrap_or(CHUNK_DIGITS - 1)
            } else {
                0
            };
            out.extend_from_slice(&digits[start..]);
        }
    }
}

impl Ord for U320 {
    fn cmp(&self, other: &U320) -> Ordering {
        self.limbs.iter().rev().cmp(other.limbs.iter().rev())
    }
}

impl PartialOrd for U320 {
    fn partial_cmp(&self, other: &U320) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for U320 {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let mut digits = Vec::new();
        self.write_decimal(&mut digits);
        f.write_str(std::str::from_utf8(&digits).expect("decimal digits are ASCII"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_io::Rng;

    #[test]
    fn product_sums_match_mul_and_add() {
        let values = [
            U320::from_u128(0),
            U320::from_u128(7),
            U320::from_u128(u64::MAX as u128),
            U320::from_u128(u128::MAX),
            U320::pow2(150).mul(&U320::from_u128(12345)),
        ];
        let mut sum = ProductSum::default();
        let mut want = U320::zero();
        for a in values.iter() {
            for b in values.iter() {
                if a.bits() + b.bits() > 300 {
                    continue;
                }
                // Many times over, so the 128-bit sums overflow and carry.
                for _ in 0..1000 {
                    // Factors of different lengths: as short as they can be, and 3 limbs.
                    let short = (a.bits() as usize + 63) / 64;
                    sum.add_product(&a.limbs()[..short], &b.limbs()[..3]);
                    want.add_assign(&a.mul(b));
                }
                assert_eq!(sum.total(), want, "after {} * {}", a, b);
            }
        }
        assert!(want.bits() > 128 + 64, "the carry counts were exercised");
    }

    /// 2^k in decimal by schoolbook doubling of a digit string: an oracle independent of the
    /// limb arithmetic.
    fn pow2_by_doubling(k: u32) -> String {
        let mut digits = vec![1u8]; // least significant first
        for _ in 0..k {
            let mut carry = 0;
            for d in digits.iter_mut() {
                let twice = *d * 2 + carry;
                *d = twice % 10;
                carry = twice / 10;
            }
            if carry > 0 {
                digits.push(carry);
            }
        }
        digits.iter().rev().map(|d| (b'0' + d) as char).collect()
    }

    #[test]
    fn prints_zero_one_and_chunk_boundaries() {
        assert_eq!(U320::zero().to_string(), "0");
        assert_eq!(U320::one().to_string(), "1");
        let chunk = CHUNK as u128;
        for &v in
            [chunk - 1, chunk, chunk + 1, chunk * chunk - 1, chunk * chunk, chunk * 7 + 5].iter()
        {
            assert_eq!(U320::from_u128(v).to_string(), v.to_string());
        }
        assert_eq!(U320::from_u128(u128::MAX).to_string(), u128::MAX.to_string());
        assert_eq!(U320::pow2(128).to_string(), "340282366920938463463374607431768211456");
    }

    #[test]
    fn powers_of_two_match_digit_doubling() {
        for k in 0..320 {
            assert_eq!(U320::pow2(k).to_string(), pow2_by_doubling(k), "2^{}", k);
            assert_eq!(U320::pow2(k).bits(), k + 1);
        }
        // The largest count a 20 x 20 board can reach is below 4^133 = 2^266.
        assert_eq!(
            U320::pow2(266).to_string(),
            "118571099379011784113736688648896417641748464297615937576404566024103044751294464"
        );
    }

    #[test]
    fn carries_ripple_through_every_limb() {
        let mut all_ones_low = U320::from_limbs(&[u64::MAX, u64::MAX, u64::MAX, u64::MAX, 0]);
        all_ones_low.add_assign(&U320::one());
        assert_eq!(all_ones_low, U320::pow2(256));
        let mut x = U320::from_limbs(&[u64::MAX, 0, u64::MAX, 0, 0]);
        x.add_assign(&U320::from_limbs(&[1, u64::MAX, 1]));
        assert_eq!(x.limbs(), &[0, 0, 1, 1, 0]);
        let mut narrow = [u64::MAX, u64::MAX, 0];
        add_limbs(&mut narrow, &[1]);
        assert_eq!(narrow, [0, 0, 1]);
    }

    #[test]
    #[cfg(debug_assertions)]
    fn overflow_is_caught_in_debug_builds() {
        let caught = std::panic::catch_unwind(|| {
            let mut top = U320::pow2(319);
            top.add_assign(&U320::pow2(319));
        });
        assert!(caught.is_err());
    }

    #[test]
    fn agrees_with_u128_on_random_values() {
        let mut rng = Rng::new(0x1234_5678_9abc_def1);
        for _ in 0..20_000 {
            let a = (rng.next_u64() as u128) << 64 | rng.next_u64() as u128;
            let b = (rng.next_u64() as u128) << 64 | rng.next_u64() as u128;
            let (a, b) = (a >> (rng.next_u64() % 128), b >> (rng.next_u64() % 128));
            let (x, y) = (U320::from_u128(a), U320::from_u128(b));
            assert_eq!(x.cmp(&y), a.cmp(&b));
            assert_eq!(x.to_string(), a.to_string());
            let mut sum = x;
            sum.add_assign(&y);
            match a.checked_add(b) {
                Some(s) => assert_eq!(sum.to_u128(), Some(s)),
                None => {
                    assert_eq!(sum.to_u128(), None);
                    assert_eq!(sum.limbs()[2], 1);
                    assert_eq!(
                        sum.limbs()[0] as u128 | (sum.limbs()[1] as u128) << 64,
                        a.wrapping_add(b)
                    );
                }
            }
        }
    }

    #[test]
    fn products_agree_with_u128_and_powers_of_two() {
        let mut rng = Rng::new(0x0bad_cafe_f00d_d00d);
        for _ in 0..20_000 {
            let (a, b) =
                (rng.next_u64() >> (rng.next_u64() % 64), rng.next_u64() >> (rng.next_u64() % 64));
            let product = U320::from_u128(a as u128).mul(&U320::from_u128(b as u128));
            assert_eq!(product.to_u128(), Some(a as u128 * b as u128), "{} * {}", a, b);
        }
        for (i, j) in [(0, 0), (63, 1), (64, 64), (100, 150), (200, 119), (1, 318)].iter() {
            assert_eq!(U320::pow2(*i).mul(&U320::pow2(*j)), U320::pow2(i + j), "2^{} 2^{}", i, j);
        }
        let all_ones = U320::from_u128(u128::MAX);
        let mut square = U320::pow2(256);
        square.add_assign(&U320::one());
        // (2^128 - 1)^2 = 2^256 - 2^129 + 1.
        let mut expected = all_ones.mul(&all_ones);
        expected.add_assign(&U320::pow2(129));
        assert_eq!(expected, square);
        assert_eq!(U320::zero().mul(&U320::pow2(319)), U320::zero());
    }

    #[test]
    fn ordering_looks_at_high_limbs_first() {
        assert!(U320::pow2(300) > U320::from_u128(u128::MAX));
        assert!(U320::from_limbs(&[0, 0, 0, 0, 1]) > U320::from_limbs(&[u64::MAX; 4]));
        assert_eq!(U320::pow2(5).cmp(&U320::from_u128(32)), Ordering::Equal);
    }
}
