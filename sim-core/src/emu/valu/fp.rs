//! The IEEE binary16/32/64 formats as the vector ALU sees them: decoding register bits into
//! an `f64` (every f16 and f32 value is exact in f64), rounding back to nearest even, and
//! the per-format denormal mode. Arithmetic is done in f64 and rounded once, which gives
//! the correctly rounded result for add, sub, mul, mad and sqrt of f16/f32 operands.

use super::FloatMode;

/// A floating-point register format (f16, f32 or f64).
pub(super) trait Float {
    /// Width in bits.
    const BITS: u32;
    /// Explicit mantissa bits.
    const MANT: u32;
    /// The value of register bits (the low `BITS` bits of `raw`).
    fn decode(raw: u64) -> f64;
    /// `v` rounded to nearest even into this format, as register bits.
    fn encode(v: f64) -> u64;
    /// The FP_DENORM field that governs this format.
    fn denorm_mode(mode: FloatMode) -> u8;
    /// Fused multiply-add rounded once into this format (returned exact in f64).
    fn fma(a: f64, b: f64, c: f64) -> f64;

    /// The sign bit.
    fn sign_bit() -> u64 {
        1 << (Self::BITS - 1)
    }
    /// Bits of the exponent field.
    fn exp_bits() -> u32 {
        Self::BITS - 1 - Self::MANT
    }
    /// The biased exponent field of register bits.
    fn exponent(raw: u64) -> i32 {
        ((raw >> Self::MANT) & ((1 << Self::exp_bits()) - 1)) as i32
    }
    /// The exponent bias.
    fn bias() -> i32 {
        (1 << (Self::exp_bits() - 1)) - 1
    }
    /// The register bits with everything above the format cleared.
    fn bits(raw: u64) -> u64 {
        if Self::BITS == 64 {
            raw
        } else {
            raw & ((1 << Self::BITS) - 1)
        }
    }
    /// True if the register bits hold a denormal.
    fn is_denormal(raw: u64) -> bool {
        // Exponent field zero and mantissa non-zero: the magnitude lies in 1..2^MANT
        // (one compare, no branches, in the per-lane path of every float op).
        let magnitude = Self::bits(raw) & !Self::sign_bit();
        magnitude.wrapping_sub(1) < (1 << Self::MANT) - 1
    }
    /// `v` rounded into this format (as an exact f64).
    fn round(v: f64) -> f64 {
        Self::decode(Self::encode(v))
    }
}

/// IEEE binary16.
pub(super) struct F16;
/// IEEE binary32.
pub(super) struct F32;
/// IEEE binary64.
pub(super) struct F64;

impl Float for F16 {
    const BITS: u32 = 16;
    const MANT: u32 = 10;
    fn decode(raw: u64) -> f64 {
        f16_to_f64(raw as u16)
    }
    fn encode(v: f64) -> u64 {
        f64_to_f16(v, false) as u64
    }
    fn denorm_mode(mode: FloatMode) -> u8 {
        mode.denorm_f64_f16
    }
    fn fma(a: f64, b: f64, c: f64) -> f64 {
        Self::round(fma_round_to_odd(a, b, c))
    }
}

impl Float for F32 {
    const BITS: u32 = 32;
    const MANT: u32 = 23;
    fn decode(raw: u64) -> f64 {
        f32::from_bits(raw as u32) as f64
    }
    fn encode(v: f64) -> u64 {
        (v as f32).to_bits() as u64
    }
    fn denorm_mode(mode: FloatMode) -> u8 {
        mode.denorm_f32
    }
    fn fma(a: f64, b: f64, c: f64) -> f64 {
        (a as f32).mul_add(b as f32, c as f32) as f64
    }
}

impl Float for F64 {
    const BITS: u32 = 64;
    const MANT: u32 = 52;
    fn decode(raw: u64) -> f64 {
        f64::from_bits(raw)
    }
    fn encode(v: f64) -> u64 {
        v.to_bits()
    }
    fn denorm_mode(mode: FloatMode) -> u8 {
        mode.denorm_f64_f16
    }
    fn fma(a: f64, b: f64, c: f64) -> f64 {
        a.mul_add(b, c)
    }
}

/// The value of IEEE binary16 bits.
pub(crate) fn f16_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = (h >> 10) & 0x1f;
    let mant = (h & 0x3ff) as u64;
    match exp {
        0 => sign * mant as f64 * 2f64.powi(-24),
        0x1f if mant == 0 => sign * f64::INFINITY,
        // NaN: keep the payload (shifted into f64 position) and the sign.
        0x1f => f64::from_bits(((h as u64 & 0x8000) << 48) | 0x7ff0_0000_0000_0000 | (mant << 42)),
        _ => sign * (1024 + mant) as f64 * 2f64.powi(exp as i32 - 25),
    }
}

/// `v` rounded into IEEE binary16 bits: to nearest even, or toward zero if `toward_zero`.
/// NaNs become quiet NaNs keeping the top payload bits.
pub(crate) fn f64_to_f16(v: f64, toward_zero: bool) -> u16 {
    let b = v.to_bits();
    let sign = ((b >> 48) & 0x8000) as u16;
    if v.is_nan() {
        return sign | 0x7e00 | ((b >> 42) & 0x1ff) as u16;
    }
    let a = v.abs();
    if a.is_infinite() {
        return sign | 0x7c00;
    }
    if a < 2f64.powi(-26) {
        // Below half the smallest denormal: rounds to zero either way.
        return sign;
    }
    // Binade of `a` (never below the f16 denormal binade), then the integer significand
    // in units of that binade's quantum.
    let e = (((b >> 52) & 0x7ff) as i32 - 1023).max(-14);
    let scaled = a * 2f64.powi(10 - e);
    let mut m = if toward_zero {
        scaled.trunc()
    } else {
        scaled.round_ties_even()
    } as u32;
    let mut e = e;
    if m >= 2048 {
        m /= 2;
        e += 1;
    }
    if m < 1024 {
        return sign | m as u16;
    }
    if e > 15 {
        return sign | if toward_zero { 0x7bff } else { 0x7c00 };
    }
    sign | (((e + 15) as u16) << 10) | (m - 1024) as u16
}

/// `x · 2^n` rounded once into format `P` (saturating `n` where the result cannot change).
pub(super) fn ldexp<P: Float>(x: f64, n: i64) -> f64 {
    if P::BITS < 64 {
        // Any f16/f32 value times 2^±300 is exact in f64; rounding happens in `P::round`.
        return P::round(x * 2f64.powi(n.clamp(-300, 300) as i32));
    }
    let mut n = n.clamp(-2200, 2200) as i32;
    let mut x = x;
    while n > 1000 {
        x *= 2f64.powi(1000);
        n -= 1000;
    }
    while n < -1000 {
        x *= 2f64.powi(-1000);
        n += 1000;
    }
    x * 2f64.powi(n)
}

/// a·b + c rounded to odd in f64, for operands whose product is exact in f64 (f16 and f32
/// values): rounding this once more into a narrower format gives the correctly rounded
/// fused result, which rounding to nearest twice would not always.
pub(super) fn fma_round_to_odd(a: f64, b: f64, c: f64) -> f64 {
    let product = a * b;
    let sum = product + c;
    if !sum.is_finite() {
        return sum;
    }
    // Two-sum: the exact rounding error of `sum`.
    let c_part = sum - product;
    let error = (product - (sum - c_part)) + (c - c_part);
    if error == 0.0 || error.is_nan() {
        return sum;
    }
    // Truncate toward zero, then force the last bit to 1.
    let truncated = if (error < 0.0) == (sum < 0.0) {
        sum
    } else {
        f64::from_bits(sum.to_bits() - 1)
    };
    f64::from_bits(truncated.to_bits() | 1)
}
