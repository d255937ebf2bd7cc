//! Float arithmetic shared by f16, f32 and f64: add, sub, mul, mad (unfused), fma (fused),
//! min/max (IEEE mode: a NaN operand yields the other operand), min3/max3/med3 and the
//! rounding ops (trunc, ceil, floor, rndne, fract).

use super::compare::class;
use super::fp::{Float, F16, F32, F64};
use super::lane::Lane;
use super::{wave, ValuFn};

/// The smaller of two floats in IEEE mode: NaN loses, −0 is below +0.
pub(super) fn min_ieee(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        b
    } else if b.is_nan() || a < b || (a == b && a.is_sign_negative()) {
        a
    } else {
        b
    }
}

/// The larger of two floats in IEEE mode: NaN loses, +0 is above −0.
pub(super) fn max_ieee(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        b
    } else if b.is_nan() || a > b || (a == b && a.is_sign_positive()) {
        a
    } else {
        b
    }
}

/// The median of three floats. A NaN operand makes it the minimum (S0 or S1 NaN) or the
/// maximum (S2 NaN) of the other two, as LLVM's constant folding of v_med3_f32 models it.
fn med3(a: f64, b: f64, c: f64) -> f64 {
    if a.is_nan() {
        return min_ieee(b, c);
    }
    if b.is_nan() {
        return min_ieee(a, c);
    }
    if c.is_nan() {
        return max_ieee(a, b);
    }
    let max = max_ieee(max_ieee(a, b), c);
    if max == a {
        max_ieee(b, c)
    } else if max == b {
        max_ieee(a, c)
    } else {
        max_ieee(a, b)
    }
}

/// A min/max-family result in IEEE mode (the mode compute kernels run in): a quiet NaN
/// operand is ignored by `f`, but a signaling NaN among the first `n` sources makes the
/// result a quiet NaN.
fn ieee_minmax<P: Float>(l: &Lane, n: usize, f: impl Fn([f64; 3]) -> f64) -> u64 {
    if (0..n).any(|i| class::<P>(l.raw::<P>(i)) == 0) {
        return l.out::<P>(f64::NAN);
    }
    l.out::<P>(f([l.f::<P>(0), l.f::<P>(1), l.f::<P>(2)]))
}

/// The legacy (DX9) product: zero if either factor is zero, even against inf or NaN.
fn mul_legacy(a: f64, b: f64) -> f64 {
    if a == 0.0 || b == 0.0 {
        0.0
    } else {
        a * b
    }
}

wave!(add<P: Float>(l) => l.out::<P>(l.f::<P>(0) + l.f::<P>(1)));
wave!(sub<P: Float>(l) => l.out::<P>(l.f::<P>(0) - l.f::<P>(1)));
wave!(subrev<P: Float>(l) => l.out::<P>(l.f::<P>(1) - l.f::<P>(0)));
wave!(mul<P: Float>(l) => l.out::<P>(l.f::<P>(0) * l.f::<P>(1)));
wave!(min<P: Float>(l) => ieee_minmax::<P>(l, 2, |v| min_ieee(v[0], v[1])));
wave!(max<P: Float>(l) => ieee_minmax::<P>(l, 2, |v| max_ieee(v[0], v[1])));
wave!(
    /// Unfused multiply-add (also v_mac with the old destination as src2, v_madak with K).
    mad<P: Float>(l) => l.out::<P>(P::round(l.f::<P>(0) * l.f::<P>(1)) + l.f::<P>(2))
);
wave!(
    /// v_madmk: S0 × K + S1 with K in src2.
    madmk<P: Float>(l) => l.out::<P>(P::round(l.f::<P>(0) * l.f::<P>(2)) + l.f::<P>(1))
);
wave!(fma<P: Float>(l) => l.out::<P>(P::fma(l.f::<P>(0), l.f::<P>(1), l.f::<P>(2))));
wave!(min3<P: Float>(l) => ieee_minmax::<P>(l, 3, |v| min_ieee(min_ieee(v[0], v[1]), v[2])));
wave!(max3<P: Float>(l) => ieee_minmax::<P>(l, 3, |v| max_ieee(max_ieee(v[0], v[1]), v[2])));
wave!(med3_f<P: Float>(l) => ieee_minmax::<P>(l, 3, |v| med3(v[0], v[1], v[2])));
wave!(mul_legacy_f32(l) => l.out::<F32>(mul_legacy(l.f::<F32>(0), l.f::<F32>(1))));
wave!(mad_legacy_f32(l) => l.out::<F32>(
    F32::round(mul_legacy(l.f::<F32>(0), l.f::<F32>(1))) + l.f::<F32>(2)
));
wave!(trunc<P: Float>(l) => l.out::<P>(l.f::<P>(0).trunc()));
wave!(ceil<P: Float>(l) => l.out::<P>(l.f::<P>(0).ceil()));
wave!(floor<P: Float>(l) => l.out::<P>(l.f::<P>(0).floor()));
wave!(rndne<P: Float>(l) => l.out::<P>(l.f::<P>(0).round_ties_even()));
wave!(
    /// x − floor(x), kept below 1.0 (a tiny negative x would otherwise round up to 1).
    fract<P: Float>(l) => {
        let x = l.f::<P>(0);
        let below_one = 1.0 - 2f64.powi(-(P::MANT as i32) - 1);
        let r = P::round(x - x.floor());
        l.out::<P>(if r.is_nan() { r } else { r.min(below_one) })
    }
);

/// Semantics of the float arithmetic opcodes.
pub(super) fn lookup(name: &str) -> Option<ValuFn> {
    Some(match name {
        "v_add_f32" => add::<F32>,
        "v_sub_f32" => sub::<F32>,
        "v_subrev_f32" => subrev::<F32>,
        "v_mul_f32" => mul::<F32>,
        "v_min_f32" => min::<F32>,
        "v_max_f32" => max::<F32>,
        "v_mac_f32" | "v_madak_f32" | "v_mad_f32" => mad::<F32>,
        "v_madmk_f32" => madmk::<F32>,
        "v_fma_f32" => fma::<F32>,
        "v_min3_f32" => min3::<F32>,
        "v_max3_f32" => max3::<F32>,
        "v_med3_f32" => med3_f::<F32>,
        "v_mul_legacy_f32" => mul_legacy_f32,
        "v_mad_legacy_f32" => mad_legacy_f32,
        "v_trunc_f32" => trunc::<F32>,
        "v_ceil_f32" => ceil::<F32>,
        "v_floor_f32" => floor::<F32>,
        "v_rndne_f32" => rndne::<F32>,
        "v_fract_f32" => fract::<F32>,
        "v_add_f64" => add::<F64>,
        "v_mul_f64" => mul::<F64>,
        "v_min_f64" => min::<F64>,
        "v_max_f64" => max::<F64>,
        "v_fma_f64" => fma::<F64>,
        "v_trunc_f64" => trunc::<F64>,
        "v_ceil_f64" => ceil::<F64>,
        "v_floor_f64" => floor::<F64>,
        "v_rndne_f64" => rndne::<F64>,
        "v_fract_f64" => fract::<F64>,
        "v_add_f16" => add::<F16>,
        "v_sub_f16" => sub::<F16>,
        "v_subrev_f16" => subrev::<F16>,
        "v_mul_f16" => mul::<F16>,
        "v_min_f16" => min::<F16>,
        "v_max_f16" => max::<F16>,
        "v_mac_f16" | "v_madak_f16" | "v_mad_f16" => mad::<F16>,
        "v_madmk_f16" => madmk::<F16>,
        "v_fma_f16" => fma::<F16>,
        "v_trunc_f16" => trunc::<F16>,
        "v_ceil_f16" => ceil::<F16>,
        "v_floor_f16" => floor::<F16>,
        "v_rndne_f16" => rndne::<F16>,
        "v_fract_f16" => fract::<F16>,
        _ => return None,
    })
}
