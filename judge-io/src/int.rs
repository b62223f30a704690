//! The primitive integer types the scanner parses and the output formats.

/// A primitive integer: built from a sign and a magnitude, written in decimal.
///
/// Implemented for `u8`..`u64`, `usize`, `i8`..`i64` and `isize`.
pub trait Int: Copy {
    /// The type's name, for "out of range for u8" messages.
    const NAME: &'static str;
    /// Whether a leading `-` is allowed.
    const SIGNED: bool;

    /// The value `-magnitude` (if `negative`) or `magnitude`, if it fits.
    fn from_magnitude(negative: bool, magnitude: u64) -> Option<Self>;

    /// Whether the value is negative, and its magnitude.
    fn to_magnitude(self) -> (bool, u64);
}

/// The bytes [`write_decimal`] may touch past its start: a sign, 20 digits, and up to 7 bytes
/// of an 8-byte store beyond the last digit.
pub const MAX_DECIMAL_WRITE: usize = 32;

/// Eight decimal digits of `n < 10^8` as byte values 0..=9, the most significant in byte 0
/// of the little-endian word (so `to_le_bytes` puts them in reading order).
///
/// Divisions by 10^4, 100 and 10 are done on all lanes of the word at once with multiplications
/// by reciprocals, exact in the ranges they get: one multiply per step instead of a division
/// or table lookup per digit pair.
#[inline]
fn eight_digits(n: u32) -> u64 {
    // Lanes of 32 bits: the high four digits, then the low four.
    let x = (n / 10_000) as u64 | ((n % 10_000) as u64) << 32;
    // m / 100 = (m * 5243) >> 19 for m < 43_699; products stay inside their lane.
    let hundreds = ((x * 5243) >> 19) & 0x0000_007f_0000_007f;
    let x = hundreds | (x - hundreds * 100) << 16;
    // p / 10 = (p * 103) >> 10 for p < 179.
    let tens = ((x * 103) >> 10) & 0x000f_000f_000f_000f;
    tens | (x - tens * 10) << 8
}

/// Writes the digits of `n < 10^8` without leading zeros ("0" for zero) at the start of
/// `out`, storing 8 bytes; returns how many are digits.
#[inline]
fn write_leading_chunk(n: u32, out: &mut [u8]) -> usize {
    let digits = eight_digits(n);
    // Leading zero digits are the low zero bytes; keep at least one digit.
    let skipped = (digits.trailing_zeros() / 8).min(7);
    let ascii = (digits | 0x3030_3030_3030_3030) >> (8 * skipped);
    out[..8].copy_from_slice(&ascii.to_le_bytes());
    8 - skipped as usize
}

/// Writes all eight digits of `n < 10^8`, leading zeros included, at the start of `out`.
#[inline]
fn write_full_chunk(n: u32, out: &mut [u8]) {
    out[..8].copy_from_slice(&(eight_digits(n) | 0x3030_3030_3030_3030).to_le_bytes());
}

/// Writes `-` (if `negative`) and the decimal digits of `magnitude` at the start of `out`,
/// which must hold at least [`MAX_DECIMAL_WRITE`] bytes (bytes past the returned length may be
/// overwritten); returns the length written.
#[inline]
pub fn write_decimal(negative: bool, magnitude: u64, out: &mut [u8]) -> usize {
    const CHUNK: u64 = 100_000_000;
    let out = &mut out[..MAX_DECIMAL_WRITE];
    // The sign is stored always and kept only if negative: no branch on random signs.
    out[0] = b'-';
    let mut len = negative as usize;
    if magnitude < CHUNK {
        len += write_leading_chunk(magnitude as u32, &mut out[len..]);
    } else if magnitude < CHUNK * CHUNK {
        len += write_leading_chunk((magnitude / CHUNK) as u32, &mut out[len..]);
        write_full_chunk((magnitude % CHUNK) as u32, &mut out[len..]);
        len += 8;
    } else {
        let high = magnitude / (CHUNK * CHUNK);
        let low = magnitude % (CHUNK * CHUNK);
        len += write_leading_chunk(high as u32, &mut out[len..]);
        write_full_chunk((low / CHUNK) as u32, &mut out[len..]);
        write_full_chunk((low % CHUNK) as u32, &mut out[len + 8..]);
        len += 16;
    }
    len
}

macro_rules! impl_unsigned {
    ($($t:ident)*) => {$(
        impl Int for $t {
            const NAME: &'static str = stringify!($t);
            const SIGNED: bool = false;

            #[inline]
            fn from_magnitude(negative: bool, magnitude: u64) -> Option<$t> {
                if negative || magnitude > $t::MAX as u64 {
                    None
                } else {
                    Some(magnitude as $t)
                }
            }

            #[inline]
            fn to_magnitude(self) -> (bool, u64) {
                (false, self as u64)
            }
        }
    )*};
}

macro_rules! impl_signed {
    ($($t:ident)*) => {$(
        impl Int for $t {
            const NAME: &'static str = stringify!($t);
            const SIGNED: bool = true;

            #[inline]
            fn from_magnitude(negative: bool, magnitude: u64) -> Option<$t> {
                let limit = $t::MAX as u64 + negative as u64;
                if magnitude > limit {
                    return None;
                }
                // Branch-free negation (judge input mixes signs at random, which a branch
                // would mispredict): with s = -1, (v ^ s) - s = !v + 1 = -v. Wrapping keeps
                // MIN exact, its magnitude being MAX + 1.
                let sign = -(negative as i64);
                Some(((magnitude as i64) ^ sign).wrapping_sub(sign) as $t)
            }

            #[inline]
            fn to_magnitude(self) -> (bool, u64) {
                let wide = self as i64;
                (wide < 0, wide.unsigned_abs())
            }
        }
    )*};
}

impl_unsigned!(u8 u16 u32 u64 usize);
impl_signed!(i8 i16 i32 i64 isize);

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
        assert_eq!(u8::from_magnitude(true, 0), None);
        assert_eq!(i8::from_magnitude(true, 128), Some(-128));
        assert_eq!(i8::from_magnitude(false, 128), None);
        assert_eq!(i64::from_magnitude(true, 1 << 63), Some(i64::MIN));
        assert_eq!(i64::from_magnitude(true, (1 << 63) + 1), None);
    }
}
