//! Fixed-point decimal text of an `f64`, exact and without `fmt`: the digits that
//! `format!("{:.*}", decimals, x)` prints.
//!
//! An `f64` is `m * 2^e` exactly. Its integer part is printed from a big integer (base 2^32
//! limbs, divided by 10^8 for each 8 digits); its fraction is a big binary fraction, multiplied
//! by 10^8 for each 8 decimals (the carry out of the top limb is the next 8 digits). The
//! fraction `f / 2^k` has exactly `k <= 1074` decimals, so at most that many are computed; the
//! rest are zeros. What is left of the fraction after the last decimal printed decides the
//! rounding: up past one half, to the even digit at exactly one half, as std does.

use super::int::write_decimal;

/// The room [`write_fixed`] needs: a byte for a carry into a new leading digit, an integer
/// part (309 digits at most), the point, then 1074 decimals at most (where the integer part
/// is 0, one digit).
pub const FIXED_MAX: usize = 1 + 309 + 1 + 1074;

/// Writes finite, non-negative `x` with `decimals` digits after the point into `out` (at least
/// [`FIXED_MAX`] bytes), rounded half to even on its exact binary value; returns where the text
/// starts and ends in `out` (it starts at 0 or 1) and how many zeros follow it.
pub fn write_fixed(x: f64, decimals: usize, out: &mut [u8]) -> (usize, usize, usize) {
    let bits = x.to_bits();
    let biased_exponent = (bits >> 52) as i32;
    let stored = bits & ((1 << 52) - 1);
    // x = mantissa * 2^exponent (subnormals have no implicit leading bit).
    let (mantissa, exponent) = match biased_exponent {
        0 => (stored, -1074),
        _ => (stored | 1 << 52, biased_exponent - 1075),
    };
    // out[0] stays '0' unless rounding carries into it (9.99 -> 10.0).
    out[0] = b'0';
    let fraction_bits = if exponent < 0 { -exponent as usize } else { 0 };
    let mut end = 1 + if exponent >= 0 {
        write_big_integer(mantissa, exponent as usize, &mut out[1..])
    } else {
        let integer = if fraction_bits < 64 { mantissa >> fraction_bits } else { 0 };
        write_u64(integer, &mut out[1..])
    };
    if decimals > 0 {
        out[end] = b'.';
        end += 1;
    }
    if fraction_bits == 0 {
        return (1, end, decimals);
    }
    // The fraction is limbs / 2^(32 * len), limbs little-endian: the fraction's bits shifted to
    // the top of `len` limbs.
    let len = (fraction_bits + 31) / 32;
    let fraction =
        if fraction_bits < 64 { mantissa & ((1 << fraction_bits) - 1) } else { mantissa };
    let scaled = (fraction as u128) << (32 * len - fraction_bits);
    let mut limbs = [0u32; (1074 + 31) / 32];
    limbs[0] = scaled as u32;
    limbs[1] = (scaled >> 32) as u32;
    limbs[2] = (scaled >> 64) as u32;
    let limbs = &mut limbs[..len];
    let shown = decimals.min(fraction_bits);
    let mut left = shown;
    while left > 0 {
        let step = left.min(8);
        let digits = mul_small(limbs, 10u32.pow(step as u32));
        write_padded(digits, &mut out[end..end + step]);
        end += step;
        left -= step;
    }
    // Compare what is left with one half (the top limb's top bit alone).
    let (top, below) = (limbs[len - 1], limbs[..len - 1].iter().any(|&limb| limb != 0));
    let half = 1 << 31;
    let last_odd = out[end - 1] & 1 == 1; // '0' is even in ASCII as in value
    if shown < fraction_bits && (top > half || top == half && (below || last_odd)) {
        let mut i = end;
        loop {
            i -= 1;
            match out[i] {
                b'.' => {}
                b'9' => out[i] = b'0',
                _ => {
                    out[i] += 1;
                    break;
                }
            }
        }
    }
    ((out[0] == b'0') as usize, end, decimals - shown)
}

/// Multiplies `limbs` (little-endian) by `factor` in place; returns the carry out of the top.
fn mul_small(limbs: &mut [u32], factor: u32) -> u32 {
    let mut carry = 0u64;
    for limb in limbs.iter_mut() {
        let product = *limb as u64 * factor as u64 + carry;
        *limb = product as u32;
        carry = product >> 32;
    }
    carry as u32
}

/// Writes `mantissa * 2^exponent` (at most 2^1024) in decimal at the start of `out`; returns
/// the length.
fn write_big_integer(mantissa: u64, exponent: usize, out: &mut [u8]) -> usize {
    let mut limbs = [0u32; 1024 / 32 + 1];
    let low = exponent / 32;
    let wide = (mantissa as u128) << (exponent % 32);
    limbs[low] = wide as u32;
    limbs[low + 1] = (wide >> 32) as u32;
    limbs[low + 2] = (wide >> 64) as u32;
    // Base 10^8 digits, least significant first.
    let mut chunks = [0u32; 309 / 8 + 1];
    let mut count = 0;
    let mut top = low + 3;
    while top > 0 {
        let mut rest = 0u64;
        for limb in limbs[..top].iter_mut().rev() {
            let current = rest << 32 | *limb as u64;
            *limb = (current / 100_000_000) as u32;
            rest = current % 100_000_000;
        }
        chunks[count] = rest as u32;
        count += 1;
        while top > 0 && limbs[top - 1] == 0 {
            top -= 1;
        }
    }
    let mut end = write_u64(chunks[count - 1] as u64, out);
    for &chunk in chunks[..count - 1].iter().rev() {
        write_padded(chunk, &mut out[end..end + 8]);
        end += 8;
    }
    end
}

/// Writes `n` in decimal at the start of `out`; returns the length.
fn write_u64(n: u64, out: &mut [u8]) -> usize {
    let mut digits = [0; 20];
    let start = write_decimal(n, &mut digits);
    out[..20 - start].copy_from_slice(&digits[start..]);
    20 - start
}

/// Fills `out` with the last `out.len()` decimal digits of `n`, leading zeros included.
fn write_padded(mut n: u32, out: &mut [u8]) {
    for digit in out.iter_mut().rev() {
        *digit = b'0' + (n % 10) as u8;
        n /= 10;
    }
}

#[cfg(test)]
mod tests {
    use super::super::output::Output;
    use super::super::rng::Rng;

    /// Our text of `x` with `decimals` digits, through `Output::float`.
    fn ours(x: f64, decimals: usize) -> String {
        let mut out = Output::new(Vec::new());
        out.float(x, decimals);
        String::from_utf8(out.into_inner().expect("in memory")).expect("ASCII")
    }

    #[track_caller]
    fn check(x: f64, decimals: usize) {
        assert_eq!(
            ours(x, decimals),
            format!("{:.*}", decimals, x),
            "{:e} ({:#x}), {} decimals",
            x,
            x.to_bits(),
            decimals
        );
    }

    #[test]
    fn edge_cases() {
        assert_eq!(ours(0.125, 2), "0.12");
        assert_eq!(ours(0.375, 2), "0.38");
        assert_eq!(ours(2.5, 0), "2");
        assert_eq!(ours(0.5, 0), "0");
        assert_eq!(ours(-0.5, 0), "-0");
        assert_eq!(ours(9.995, 2), "9.99"); // 9.9949999999999992184...
        assert_eq!(ours(99.5, 0), "100");
        assert_eq!(ours(-0.0, 2), "-0.00");
        assert_eq!(ours(f64::NAN, 3), "NaN");
        assert_eq!(ours(-f64::NAN, 0), "NaN");
        assert_eq!(ours(f64::NEG_INFINITY, 2), "-inf");
        let specials = [
            0.0,
            -0.0,
            0.5,
            1.5,
            -2.5,
            9.5,
            0.05,
            0.95,
            999.9996,
            1.0 - f64::EPSILON / 2.0,
            f64::MIN_POSITIVE,
            f64::MIN_POSITIVE / 3.0,
            f64::from_bits(1),
            f64::from_bits((1 << 52) - 1),
            f64::MAX,
            -f64::MAX,
            f64::EPSILON,
            (1u64 << 53) as f64,
            (1u64 << 53) as f64 + 2.0,
            (1u64 << 63) as f64,
            18446744073709551616.0,
            1e15 + 0.3,
            1e22,
            1e23,
            1e300,
            4503599627370495.5,
            f64::INFINITY,
            f64::NAN,
        ];
        for &x in specials.iter() {
            for decimals in (0..=40).chain([100, 330, 1073, 1074, 1075, 1100]) {
                check(x, decimals);
                check(-x, decimals);
            }
        }
    }

    /// Exact ties at every rounding place: the odd multiples of 2^-(d + 1) are exactly
    /// halfway between two numbers of d decimals; and their neighbours one step away.
    #[test]
    fn ties_round_to_even_and_their_neighbours_do_not_tie() {
        let mut bits = Rng::new(0x2545_f491_4f6c_dd1d);
        for decimals in 0..=30 {
            for _ in 0..300 {
                let odd = (bits.next_u64() >> (11 + bits.next_u64() % 40)) | 1;
                let x = odd as f64 / (2.0f64).powi(decimals as i32 + 1);
                for y in [x, f64::from_bits(x.to_bits() + 1), f64::from_bits(x.to_bits() - 1)] {
                    check(y, decimals);
                    check(-y, decimals);
                }
            }
        }
    }

    /// Random bit patterns cover every exponent, subnormals, NaNs and infinities; random
    /// magnitudes cover the usual answers.
    #[test]
    fn agrees_with_format_on_random_values() {
        let mut bits = Rng::new(0x9e37_79b9_7f4a_7c15);
        for i in 0..60_000 {
            let decimals = (bits.next_u64() % 25) as usize;
            check(f64::from_bits(bits.next_u64()), decimals);
            let scale = (10.0f64).powi((bits.next_u64() % 24) as i32 - 12);
            check((bits.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * scale, decimals);
            if i % 100 == 0 {
                check(f64::from_bits(bits.next_u64()), (bits.next_u64() % 1200) as usize);
            }
        }
    }

    /// Long runs of zeros past the last digit that can differ from zero, written through a
    /// full buffer.
    #[test]
    fn many_decimals_in_a_long_output() {
        let mut out = Output::new(Vec::new());
        let mut expected = String::new();
        for i in 0..200 {
            let x = i as f64 / 7.0 - 10.0;
            out.float(x, 700).byte(b' ');
            expected.push_str(&format!("{:.700} ", x));
        }
        assert!(out.into_inner().expect("in memory") == expected.as_bytes());
    }
}
