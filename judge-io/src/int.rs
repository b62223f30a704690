//! The primitive integer types: their tokens' parsing (the cursor's) and their decimal text
//! (the output's).

use std::fmt::{Debug, Display};

use super::error::quote;
use super::space::is_space;

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

/// `value` as an `i128`, which holds every `Int`.
#[inline(always)]
pub(super) fn wide<T: Int>(value: T) -> i128 {
    value.try_into().ok().unwrap_or_default()
}

/// Whether `T` has negative values (then a `-` may start its token).
#[inline(always)]
fn signed<T: Int>() -> bool {
    T::try_from(-1).is_ok()
}

/// The value and count of the ASCII digits that start `bytes`, at most 19 of them (so the
/// value always fits in a u64; longer runs are the caller's slow path).
///
/// Eight bytes are classified and combined at once (SWAR): judge input is mostly numbers of up
/// to ten digits, and a loop over digits mispredicts where each number ends (measured: the
/// sum of 10^7 integers took 1.4x as long with a loop). In `digits`, byte k is `bytes[k] -
/// '0'` if that is a digit; its high bit in `not_digit` is set if it is not (the xor is 10 or
/// more; the mask to 7 bits keeps the addition from carrying into the next byte). The digits
/// are shifted to the top, zero bytes padding them to eight, and folded in pairs, quads and
/// octets (byte 0 is the most significant).
#[inline]
fn leading_digits(bytes: &[u8]) -> (u64, usize) {
    let (mut value, mut count) = (0, 0);
    if let Some(eight) = bytes.get(..8) {
        let mut word = [0; 8];
        word.copy_from_slice(eight);
        let digits = u64::from_le_bytes(word) ^ 0x3030_3030_3030_3030;
        let not_digit = (((digits & 0x7f7f_7f7f_7f7f_7f7f) + 0x7676_7676_7676_7676) | digits)
            & 0x8080_8080_8080_8080;
        count = not_digit.trailing_zeros() as usize / 8;
        if count == 0 {
            return (0, 0);
        }
        let mut v = digits << (64 - 8 * count);
        v = (v.wrapping_mul(10) + (v >> 8)) & 0x00ff_00ff_00ff_00ff;
        v = (v.wrapping_mul(100) + (v >> 16)) & 0x0000_ffff_0000_ffff;
        value = (v.wrapping_mul(10_000) + (v >> 32)) & 0xffff_ffff;
        if count < 8 {
            return (value, count);
        }
    }
    for &b in bytes[count..].iter().take(19 - count) {
        let digit = b.wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        value = value * 10 + digit as u64;
        count += 1;
    }
    (value, count)
}

/// The integer of type `T` whose token starts at `buf[start]` (no whitespace is skipped), and
/// the offset just past it, if the token is an integer that fits and ends at whitespace or at
/// the end of `buf`; `None` for everything else, which the callers' slow paths sort out.
#[inline(always)]
pub(super) fn int_at<T: Int>(buf: &[u8], start: usize) -> Option<(T, usize)> {
    let negative = signed::<T>() && buf.get(start) == Some(&b'-');
    let first = start + negative as usize;
    let (magnitude, digits) = leading_digits(&buf[first..]);
    let end = first + digits;
    if digits == 0 || end < buf.len() && !is_space(buf[end]) {
        return None;
    }
    let value = if negative { -(magnitude as i128) } else { magnitude as i128 };
    T::try_from(value).ok().map(|value| (value, end))
}

/// "an integer" or, for unsigned types, "a non-negative integer".
pub(super) fn expected_int<T: Int>() -> &'static str {
    if signed::<T>() {
        "an integer"
    } else {
        "a non-negative integer"
    }
}

/// A whole token read as an integer of type `T` (an optional `-` for signed types, then ASCII
/// digits, any number of them), or the message saying why it is none.
pub(super) fn int_token<T: Int>(token: &[u8]) -> Result<T, String> {
    let digits = match token.split_first() {
        Some((b'-', rest)) if signed::<T>() => rest,
        _ => token,
    };
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return Err(format!("expected {}, found {}", expected_int::<T>(), quote(token)));
    }
    // A sign and digits: text that i128 (which holds every `Int`) parses, unless it overflows.
    let value = String::from_utf8_lossy(token).parse::<i128>().ok();
    value.and_then(|value| T::try_from(value).ok()).ok_or_else(|| {
        format!("integer {} out of range for {}", quote(token), std::any::type_name::<T>())
    })
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
