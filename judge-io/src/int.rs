//! The primitive integer types the scanner parses and the output formats.

use std::convert::TryInto;
use std::fmt::Display;

/// A primitive integer: built from a sign and a magnitude, written in decimal.
///
/// Implemented for `u8`..`u64`, `usize`, `i8`..`i64` and `isize`. Ordered and displayable, for
/// bounded reads and their messages.
pub trait Int: Copy + PartialOrd + Display + TryInto<i128> {
    /// The type's name, for "out of range for u8" messages.
    const NAME: &'static str;
    /// Whether a leading `-` is allowed.
    const SIGNED: bool;

    /// The value `-magnitude` (if `negative`) or `magnitude`, if it fits.
    fn from_magnitude(negative: bool, magnitude: u64) -> Option<Self>;

    /// Whether the value is negative, and its magnitude.
    #[inline]
    fn to_magnitude(self) -> (bool, u64) {
        let wide: i128 = self.try_into().ok().unwrap_or_default();
        (wide < 0, wide.unsigned_abs() as u64)
    }
}

macro_rules! impl_int {
    ($($t:ident)*) => {$(
        impl Int for $t {
            const NAME: &'static str = stringify!($t);
            const SIGNED: bool = $t::MIN != 0;

            #[inline]
            fn from_magnitude(negative: bool, magnitude: u64) -> Option<$t> {
                // A negative value reaches MIN's magnitude (0 for unsigned types).
                let limit = if negative { ($t::MIN as i64).unsigned_abs() } else { $t::MAX as u64 };
                if magnitude > limit {
                    return None;
                }
                // Negated without a branch, which random signs would mispredict: with s = -1,
                // (v ^ s) - s = !v + 1 = -v (wrapping keeps i64::MIN exact).
                let sign = -(negative as i64);
                Some(((magnitude as i64 ^ sign).wrapping_sub(sign)) as $t)
            }
        }
    )*};
}

impl_int!(u8 u16 u32 u64 usize i8 i16 i32 i64 isize);

/// The bytes [`write_decimal`] may write: a sign and 20 digits.
pub const MAX_DECIMAL_WRITE: usize = 21;

/// The two digits of every number below 100, in order: `"00"`, `"01"`, ..., `"99"`.
const DIGIT_PAIRS: [u8; 200] = {
    let mut pairs = [0; 200];
    let mut i = 0;
    while i < 200 {
        pairs[i] = b'0' + (i / 20) as u8;
        pairs[i + 1] = b'0' + (i / 2 % 10) as u8;
        i += 2;
    }
    pairs
};

/// Writes `-` (if `negative`) and the decimal digits of `magnitude` at the start of `out`,
/// which must hold at least [`MAX_DECIMAL_WRITE`] bytes; returns the length written.
#[inline]
pub fn write_decimal(negative: bool, magnitude: u64, out: &mut [u8]) -> usize {
    // The digits from the last, two at a time from the table, into `digits[start..]`; four
    // per division while more than four are left, which halves the chain of dependent
    // divisions (measured: a tenth faster than two per division).
    let mut digits = [0; 20];
    let mut start = 20;
    let mut n = magnitude;
    while n >= 10_000 {
        let four = (n % 10_000) as usize;
        n /= 10_000;
        start -= 4;
        put_pair(&mut digits[start..], four / 100);
        put_pair(&mut digits[start + 2..], four % 100);
    }
    if n >= 100 {
        start -= 2;
        put_pair(&mut digits[start..], n as usize % 100);
        n /= 100;
    }
    start -= 2;
    put_pair(&mut digits[start..], n as usize);
    // A single leading digit leaves a '0' before it.
    start += (n < 10) as usize;
    // The sign is stored always and kept only if negative: no branch on random signs.
    out[0] = b'-';
    let sign = negative as usize;
    out[sign..sign + 20 - start].copy_from_slice(&digits[start..]);
    sign + 20 - start
}

/// Writes the two digits of `pair < 100` at the start of `out`.
#[inline]
fn put_pair(out: &mut [u8], pair: usize) {
    out[..2].copy_from_slice(&DIGIT_PAIRS[2 * pair..2 * pair + 2]);
}

#[cfg(test)]
mod tests {
    use super::{write_decimal, Int, MAX_DECIMAL_WRITE};

    fn decimal<T: Int>(value: T) -> String {
        let mut out = [b'#'; MAX_DECIMAL_WRITE];
        let (negative, magnitude) = value.to_magnitude();
        let len = write_decimal(negative, magnitude, &mut out);
        String::from_utf8(out[..len].to_vec()).expect("digits are ASCII")
    }

    #[test]
    fn writes_extremes() {
        assert_eq!(decimal(0u8), "0");
        assert_eq!(decimal(u64::MAX), u64::MAX.to_string());
        assert_eq!(decimal(i64::MIN), i64::MIN.to_string());
        assert_eq!(decimal(i8::MIN), "-128");
        assert_eq!(decimal(-7i32), "-7");
    }

    #[test]
    fn writes_every_digit_count_and_chunk_border() {
        let mut value = 1u64;
        for _ in 0..19 {
            for v in [value - 1, value, value + 1, value / 10 * 99 + 9] {
                assert_eq!(decimal(v), v.to_string());
                let signed = v as i64;
                assert_eq!(decimal(signed), signed.to_string());
            }
            value *= 10;
        }
        for v in [value - 1, value, value + 1, u64::MAX, 99_999_999, 100_000_000] {
            assert_eq!(decimal(v), v.to_string());
        }
    }

    #[test]
    fn writes_like_std_on_many_values() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..10_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let shift = x % 64;
            assert_eq!(decimal(x >> shift), (x >> shift).to_string());
            let signed = (x >> shift) as i64;
            assert_eq!(decimal(signed), signed.to_string());
        }
    }

    #[test]
    fn from_magnitude_bounds() {
        assert_eq!(u8::from_magnitude(false, 255), Some(255));
        assert_eq!(u8::from_magnitude(false, 256), None);
        assert_eq!(u8::from_magnitude(true, 1), None);
        assert_eq!(u8::from_magnitude(true, 0), Some(0));
        assert_eq!(i8::from_magnitude(true, 128), Some(-128));
        assert_eq!(i8::from_magnitude(false, 128), None);
        assert_eq!(i64::from_magnitude(true, 1 << 63), Some(i64::MIN));
        assert_eq!(i64::from_magnitude(true, (1 << 63) + 1), None);
    }
}
