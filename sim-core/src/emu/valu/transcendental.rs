//! The transcendental unit: reciprocal, reciprocal square root, square root, 2^x, log2 x,
//! and sine/cosine of an angle given in revolutions (sin(2π·x)).
//!
//! Hardware gives these within about 1 ulp; gcnsim computes them in f64 and rounds once,
//! i.e. (nearly always) correctly rounded. ROCm's math library refines them either way.

use super::fp::{Float, F16, F32, F64};
use super::lane::Lane;
use super::{wave, ValuFn};
use std::f64::consts::TAU;

/// sin or cos of `x` revolutions: the integer part is dropped first (exactly), so large
/// inputs keep the precision of their fractional part.
fn turns(x: f64, f: fn(f64) -> f64) -> f64 {
    f((x - x.round()) * TAU)
}

/// The lane as the transcendental unit sees it: for f32 it flushes denormal inputs and
/// results whatever the mode (LLVM: "f32 instruction doesn't handle denormals"; ROCm's
/// math library scales around it). f16 and f64 follow the mode.
fn unit<P: Float>(l: &Lane) -> Lane {
    let mut l = *l;
    if P::BITS == 32 {
        l.mode.denorm_f32 = 0;
    }
    l
}

wave!(rcp<P: Float>(l) => { let l = unit::<P>(l); l.out::<P>(1.0 / l.f::<P>(0)) });
wave!(rsq<P: Float>(l) => { let l = unit::<P>(l); l.out::<P>(1.0 / l.f::<P>(0).sqrt()) });
wave!(sqrt<P: Float>(l) => { let l = unit::<P>(l); l.out::<P>(l.f::<P>(0).sqrt()) });
wave!(exp<P: Float>(l) => { let l = unit::<P>(l); l.out::<P>(l.f::<P>(0).exp2()) });
wave!(log<P: Float>(l) => { let l = unit::<P>(l); l.out::<P>(l.f::<P>(0).log2()) });
wave!(sin<P: Float>(l) => { let l = unit::<P>(l); l.out::<P>(turns(l.f::<P>(0), f64::sin)) });
wave!(cos<P: Float>(l) => { let l = unit::<P>(l); l.out::<P>(turns(l.f::<P>(0), f64::cos)) });

/// Semantics of the transcendental opcodes. The legacy exp/log forms follow the IEEE ones.
pub(super) fn lookup(name: &str) -> Option<ValuFn> {
    Some(match name {
        "v_rcp_f32" | "v_rcp_iflag_f32" => rcp::<F32>,
        "v_rsq_f32" => rsq::<F32>,
        "v_sqrt_f32" => sqrt::<F32>,
        "v_exp_f32" | "v_exp_legacy_f32" => exp::<F32>,
        "v_log_f32" | "v_log_legacy_f32" => log::<F32>,
        "v_sin_f32" => sin::<F32>,
        "v_cos_f32" => cos::<F32>,
        "v_rcp_f64" => rcp::<F64>,
        "v_rsq_f64" => rsq::<F64>,
        "v_sqrt_f64" => sqrt::<F64>,
        "v_rcp_f16" => rcp::<F16>,
        "v_rsq_f16" => rsq::<F16>,
        "v_sqrt_f16" => sqrt::<F16>,
        "v_exp_f16" => exp::<F16>,
        "v_log_f16" => log::<F16>,
        "v_sin_f16" => sin::<F16>,
        "v_cos_f16" => cos::<F16>,
        _ => return None,
    })
}
