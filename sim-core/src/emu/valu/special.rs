//! The building blocks ROCm's math library composes correctly rounded functions from:
//! division scaling/fused-multiply-add/fixup, frexp, ldexp, the 2/π table lookup of
//! `v_trig_preop_f64`, and the cube-map coordinate ops.

use super::fp::{fma_round_to_odd, ldexp, Float, F16, F32, F64};
use super::lane::{Lane, WithMask};
use super::{wave, ValuFn};

/// `x` split into a significand in [0.5, 1) (with x's sign) and a power of two, like C's
/// frexp; zeros, infinities and NaNs give (x, 0).
pub(super) fn frexp(x: f64) -> (f64, i32) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let (x, bias) = if x.abs() < f64::MIN_POSITIVE {
        (x * 2f64.powi(64), 64)
    } else {
        (x, 0)
    };
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32 - 1022;
    let mant = f64::from_bits((bits & !(0x7ff << 52)) | (1022 << 52));
    (mant, exp - bias)
}

/// True if `v` (exact in f64) is a nonzero value below format `P`'s smallest normal.
fn is_tiny<P: Float>(v: f64) -> bool {
    v != 0.0 && v.abs() < 2f64.powi(1 - P::bias())
}

/// v_div_scale: scales the numerator or the denominator (S0, equal to S1 = denominator or
/// S2 = numerator) so that Newton-Raphson division meets no denormals; the mask bit tells
/// v_div_fmas to rescale the quotient. Input denormals are not flushed.
fn div_scale<P: Float>(l: &Lane) -> WithMask {
    let f64_form = P::BITS == 64;
    let (far, scale, tiny_exp) = if f64_form {
        (768, 128, 53)
    } else {
        (96, 64, 23)
    };
    let value = |i: usize| P::decode(l.raw::<P>(i));
    let (s0, den, num) = (value(0), value(1), value(2));
    let (den_exp, num_exp) = (P::exponent(l.raw::<P>(1)), P::exponent(l.raw::<P>(2)));
    let scaled = |n: i64| ldexp::<P>(s0, n);
    let (d, vcc) = if num == 0.0 || den == 0.0 {
        (f64::NAN, false)
    } else if num_exp - den_exp >= far {
        (if s0 == den { scaled(scale) } else { s0 }, true)
    } else if P::is_denormal(l.raw::<P>(1)) {
        (scaled(scale), false)
    } else if is_tiny::<P>(1.0 / den) && is_tiny::<P>(num / den) {
        // The manual scales the denominator up here, which overflows it; scaling it down
        // makes the quotient 2^scale too large, as the mask bit tells v_div_fmas.
        (if s0 == den { scaled(-scale) } else { s0 }, true)
    } else if is_tiny::<P>(1.0 / den) {
        (scaled(-scale), false)
    } else if is_tiny::<P>(num / den) {
        (if s0 == num { scaled(scale) } else { s0 }, true)
    } else if num_exp <= tiny_exp {
        (scaled(scale), false)
    } else {
        (s0, false)
    };
    WithMask(l.out::<P>(d), vcc)
}

/// v_div_fmas: S0 × S1 + S2 fused, scaled by 2^±64 (f64: 2^±128) before rounding where
/// the mask input is set: up if |S2| ≥ 2, else down.
fn div_fmas<P: Float>(l: &Lane) -> u64 {
    // Input denormals are not flushed.
    let value = |i: usize| P::decode(l.raw::<P>(i));
    let (a, b, c) = (value(0), value(1), value(2));
    if !l.mask_in {
        return l.out::<P>(P::fma(a, b, c));
    }
    let scale = if P::BITS == 64 { 128 } else { 64 };
    let shift = if P::exponent(l.raw::<P>(2)) > P::bias() {
        scale
    } else {
        -scale
    };
    let sum = if P::BITS == 64 {
        off_tie::<P>(a, b, c, a.mul_add(b, c), shift)
    } else {
        fma_round_to_odd(a, b, c)
    };
    l.out::<P>(ldexp::<P>(sum, shift))
}

/// `r` (a × b + c rounded to f64) moved one f64 step toward the exact a × b + c when
/// r × 2^shift lies exactly halfway between two neighbours in format `P` (a denormal
/// quotient): rounding r into `P` is then a second rounding that may go the wrong way.
fn off_tie<P: Float>(a: f64, b: f64, c: f64, r: f64, shift: i64) -> f64 {
    if r == 0.0 || !r.is_finite() {
        return r;
    }
    // The spacing of P's values at r × 2^shift, as a power of two at r's scale.
    let top = frexp(r).1 as i64 - 1 + shift;
    let min_quantum = 1 - P::bias() as i64 - P::MANT as i64;
    let quantum = (top - P::MANT as i64).max(min_quantum) - shift;
    let steps = ldexp::<F64>(r, -quantum); // exact: below 2^(MANT+1)
    if (steps - steps.trunc()).abs() != 0.5 {
        return r;
    }
    let error = fma_error(a, b, c, r);
    let toward_zero = (error < 0.0) == (r > 0.0);
    if error == 0.0 {
        r
    } else if toward_zero {
        f64::from_bits(r.to_bits() - 1)
    } else {
        f64::from_bits(r.to_bits() + 1)
    }
}

/// `a + b` rounded, and the rounding error (Knuth's TwoSum; both exact).
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let b_part = s - a;
    (s, (a - (s - b_part)) + (b - b_part))
}

/// a × b + c − r rounded, for r = a × b + c rounded: its sign is exact (Boldo and Muller's
/// ErrFma, valid while a × b and its error stay clear of underflow).
fn fma_error(a: f64, b: f64, c: f64, r: f64) -> f64 {
    let product = a * b;
    let product_error = a.mul_add(b, -product);
    let (alpha1, alpha2) = two_sum(c, product_error);
    let (beta1, beta2) = two_sum(product, alpha1);
    ((beta1 - r) + beta2) + alpha2
}

/// v_div_fixup: the special cases of numerator S2 / denominator S1 (NaN, zero, infinity,
/// underflow) applied to the quotient S0; otherwise S0 with the quotient's sign.
fn div_fixup<P: Float>(l: &Lane) -> u64 {
    let (q, den, num) = (l.f::<P>(0), l.f::<P>(1), l.f::<P>(2));
    let sign = if den.is_sign_negative() != num.is_sign_negative() {
        -1.0
    } else {
        1.0
    };
    let quiet = |i: usize| l.raw::<P>(i) | 1 << (P::MANT - 1);
    let min_exp_gap = -(P::bias() + P::MANT as i32);
    if num.is_nan() {
        return quiet(2);
    }
    if den.is_nan() {
        return quiet(1);
    }
    let v = if (den == 0.0 && num == 0.0) || (den.is_infinite() && num.is_infinite()) {
        f64::NAN
    } else if den == 0.0 || num.is_infinite() {
        sign * f64::INFINITY
    } else if den.is_infinite()
        || num == 0.0
        || P::exponent(l.raw::<P>(2)) - P::exponent(l.raw::<P>(1)) < min_exp_gap
    {
        sign * 0.0
    } else if q.is_nan() {
        // A NaN estimate from valid operands means the quotient overflowed.
        sign * f64::INFINITY
    } else {
        sign * q.abs()
    };
    l.out::<P>(v)
}

/// 2/π as 1201 fraction bits (0.A2F9836E…), left-aligned, zero beyond bit 1201.
const TWO_OVER_PI: [u64; 19] = [
    0xa2f9836e4e441529,
    0xfc2757d1f534ddc0,
    0xdb6295993c439041,
    0xfe5163abdebbc561,
    0xb7246e3a424dd2e0,
    0x06492eea09d1921c,
    0xfe1deb1cb129a73e,
    0xe88235f52ebb4484,
    0xe99c7026b45f7e41,
    0x3991d639835339f4,
    0x9c845f8bbdf9283b,
    0x1ff897ffde05980f,
    0xef2f118b5a0a6d1f,
    0x6d367ecf27cb09b7,
    0x4f463f669e5fea2d,
    0x7527bac7ebe5f17b,
    0x3d0739f78a5292ea,
    0x6bfb5fb11f8d5d08,
    0x56033046fc7b0000,
];

/// The 53 bits of 2/π starting at fraction bit `first` (0 = the first bit after the point).
fn two_over_pi_bits(first: u32) -> u64 {
    let bit = |p: u32| -> u64 {
        let word = (p / 64) as usize;
        TWO_OVER_PI.get(word).map_or(0, |w| w >> (63 - p % 64) & 1)
    };
    (first..first + 53).fold(0, |acc, p| acc << 1 | bit(p))
}

/// v_trig_preop_f64: segment S1[4:0] (53 bits each) of 2/π, skipping further bits for
/// large S0 so that S0 × result keeps full precision, scaled to its place value.
fn trig_preop(l: &Lane) -> u64 {
    let exp = F64::exponent(l.raw::<F64>(0));
    let mut shift = (l.u32(1) & 31) * 53;
    if exp > 1077 {
        shift += (exp - 1077) as u32;
    }
    let mut scale = -53 - shift as i64;
    if exp >= 1968 {
        scale += 128;
    }
    l.out::<F64>(ldexp::<F64>(two_over_pi_bits(shift) as f64, scale))
}

/// The cube-map face of direction (x, y, z) = (S0, S1, S2): face id, s and t coordinates
/// (before division by the major axis) and twice the major axis component.
fn cube(l: &Lane) -> [f64; 4] {
    let (x, y, z) = (l.f::<F32>(0), l.f::<F32>(1), l.f::<F32>(2));
    if z.abs() >= x.abs() && z.abs() >= y.abs() {
        let neg = z < 0.0;
        [
            if neg { 5.0 } else { 4.0 },
            if neg { -x } else { x },
            -y,
            2.0 * z,
        ]
    } else if y.abs() >= x.abs() {
        let neg = y < 0.0;
        [
            if neg { 3.0 } else { 2.0 },
            x,
            if neg { -z } else { z },
            2.0 * y,
        ]
    } else {
        let neg = x < 0.0;
        [
            if neg { 1.0 } else { 0.0 },
            if neg { z } else { -z },
            -y,
            2.0 * x,
        ]
    }
}

wave!(div_scale_w<P: Float>(l) => div_scale::<P>(l));
wave!(div_fmas_w<P: Float>(l) => div_fmas::<P>(l));
wave!(div_fixup_w<P: Float>(l) => div_fixup::<P>(l));
wave!(
    /// Significand in [0.5, 1); infinities and NaNs pass through.
    frexp_mant<P: Float>(l) => l.out::<P>(frexp(l.f::<P>(0)).0)
);
wave!(frexp_exp<P: Float>(l) => frexp(l.f::<P>(0)).1 as u32 as u64);
wave!(frexp_exp_i16_f16(l) => frexp(l.f::<F16>(0)).1 as u16 as u64);
wave!(ldexp_w<P: Float>(l) => l.out::<P>(ldexp::<P>(l.f::<P>(0), l.i32(1) as i64)));
wave!(trig_preop_f64(l) => trig_preop(l));
wave!(cubeid_f32(l) => l.out::<F32>(cube(l)[0]));
wave!(cubesc_f32(l) => l.out::<F32>(cube(l)[1]));
wave!(cubetc_f32(l) => l.out::<F32>(cube(l)[2]));
wave!(cubema_f32(l) => l.out::<F32>(cube(l)[3]));

/// Semantics of the division, frexp/ldexp, trig_preop and cube-map opcodes.
pub(super) fn lookup(name: &str) -> Option<ValuFn> {
    Some(match name {
        "v_div_scale_f32" => div_scale_w::<F32>,
        "v_div_scale_f64" => div_scale_w::<F64>,
        "v_div_fmas_f32" => div_fmas_w::<F32>,
        "v_div_fmas_f64" => div_fmas_w::<F64>,
        "v_div_fixup_f32" => div_fixup_w::<F32>,
        "v_div_fixup_f64" => div_fixup_w::<F64>,
        "v_div_fixup_f16" => div_fixup_w::<F16>,
        "v_frexp_mant_f32" => frexp_mant::<F32>,
        "v_frexp_mant_f64" => frexp_mant::<F64>,
        "v_frexp_mant_f16" => frexp_mant::<F16>,
        "v_frexp_exp_i32_f32" => frexp_exp::<F32>,
        "v_frexp_exp_i32_f64" => frexp_exp::<F64>,
        "v_frexp_exp_i16_f16" => frexp_exp_i16_f16,
        "v_ldexp_f32" => ldexp_w::<F32>,
        "v_ldexp_f64" => ldexp_w::<F64>,
        "v_ldexp_f16" => ldexp_w::<F16>,
        "v_trig_preop_f64" => trig_preop_f64,
        "v_cubeid_f32" => cubeid_f32,
        "v_cubesc_f32" => cubesc_f32,
        "v_cubetc_f32" => cubetc_f32,
        "v_cubema_f32" => cubema_f32,
        _ => return None,
    })
}
