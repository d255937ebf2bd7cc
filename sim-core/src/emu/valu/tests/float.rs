//! Float arithmetic, modifiers and denormal modes against Rust's IEEE f32/f64 operations
//! and exact references.

use super::*;

#[test]
fn f32_arithmetic_is_correctly_rounded() {
    let xs = f32_samples();
    for (i, &a) in xs.iter().enumerate() {
        let b = xs[(i * 7 + 3) % xs.len()];
        let c = xs[(i * 13 + 5) % xs.len()];
        assert!(
            same_f32(f32s("v_add_f32", a, b, 0.0), a + b),
            "{a:e} + {b:e}"
        );
        assert!(
            same_f32(f32s("v_sub_f32", a, b, 0.0), a - b),
            "{a:e} - {b:e}"
        );
        assert!(
            same_f32(f32s("v_subrev_f32", a, b, 0.0), b - a),
            "{b:e} - {a:e}"
        );
        assert!(
            same_f32(f32s("v_mul_f32", a, b, 0.0), a * b),
            "{a:e} * {b:e}"
        );
        assert!(
            same_f32(f32s("v_fma_f32", a, b, c), a.mul_add(b, c)),
            "fma {a:e} {b:e} {c:e}"
        );
        assert!(
            same_f32(f32s("v_mad_f32", a, b, c), a * b + c),
            "mad {a:e} {b:e} {c:e}"
        );
        assert!(
            same_f32(f32s("v_mac_f32", a, b, c), a * b + c),
            "mac {a:e} {b:e} {c:e}"
        );
        // The transcendental unit flushes f32 denormals on input and output.
        let ftz = |x: f32| {
            if x.is_subnormal() {
                0.0f32.copysign(x)
            } else {
                x
            }
        };
        let sqrt = f32s("v_sqrt_f32", a, 0.0, 0.0);
        assert!(same_f32(sqrt, ftz(ftz(a).sqrt())), "sqrt {a:e}");
        let rcp = f32s("v_rcp_f32", a, 0.0, 0.0);
        assert!(same_f32(rcp, ftz(1.0 / ftz(a))), "rcp {a:e}");
        assert!(
            same_f32(f32s("v_floor_f32", a, 0.0, 0.0), a.floor()),
            "floor {a:e}"
        );
        assert!(
            same_f32(f32s("v_ceil_f32", a, 0.0, 0.0), a.ceil()),
            "ceil {a:e}"
        );
        assert!(
            same_f32(f32s("v_trunc_f32", a, 0.0, 0.0), a.trunc()),
            "trunc {a:e}"
        );
        assert!(
            same_f32(f32s("v_rndne_f32", a, 0.0, 0.0), a.round_ties_even()),
            "rndne {a:e}"
        );
        let d = f64::from_bits(run("v_cvt_f64_f32", [a.to_bits() as u64, 0, 0]));
        assert!(same_f64(d, a as f64), "cvt_f64_f32 {a:e}");
    }
}

#[test]
fn f64_arithmetic_is_correctly_rounded() {
    let xs: Vec<f64> = f32_samples()
        .iter()
        .map(|&x| x as f64 * std::f64::consts::PI)
        .collect();
    for (i, &a) in xs.iter().enumerate() {
        let b = xs[(i * 7 + 3) % xs.len()];
        let c = xs[(i * 11 + 1) % xs.len()];
        assert!(same_f64(f64s("v_add_f64", a, b, 0.0), a + b));
        assert!(same_f64(f64s("v_mul_f64", a, b, 0.0), a * b));
        assert!(same_f64(f64s("v_fma_f64", a, b, c), a.mul_add(b, c)));
        assert!(same_f64(f64s("v_sqrt_f64", a, 0.0, 0.0), a.sqrt()));
        let below_one = 1.0 - f64::EPSILON / 2.0;
        let fract = if a.is_finite() {
            (a - a.floor()).min(below_one)
        } else {
            f64::NAN
        };
        assert!(
            same_f64(f64s("v_fract_f64", a, 0.0, 0.0), fract),
            "fract {a:e}"
        );
        let f = f32::from_bits(run("v_cvt_f32_f64", [a.to_bits(), 0, 0]) as u32);
        assert!(same_f32(f, a as f32), "cvt_f32_f64 {a:e}");
    }
}

#[test]
fn min_max_return_the_non_nan_operand_and_order_zeros() {
    assert_eq!(f32s("v_min_f32", f32::NAN, 2.0, 0.0), 2.0);
    assert_eq!(f32s("v_max_f32", 2.0, f32::NAN, 0.0), 2.0);
    assert!(f32s("v_max_f32", f32::NAN, f32::NAN, 0.0).is_nan());
    assert!(f32s("v_min_f32", 0.0, -0.0, 0.0).is_sign_negative());
    assert!(f32s("v_max_f32", -0.0, 0.0, 0.0).is_sign_positive());
    assert_eq!(f64s("v_min_f64", f64::NAN, -3.0, 0.0), -3.0);
    assert_eq!(f32s("v_med3_f32", 5.0, 1.0, 3.0), 3.0);
    assert_eq!(f32s("v_med3_f32", 1.0, f32::NAN, 3.0), 1.0);
    assert_eq!(f32s("v_med3_f32", f32::NAN, 4.0, 3.0), 3.0);
    assert_eq!(f32s("v_med3_f32", 1.0, 3.0, f32::NAN), 3.0);
    assert_eq!(f32s("v_min3_f32", 4.0, f32::NAN, -1.0), -1.0);
    assert_eq!(f32s("v_max3_f32", 4.0, 9.0, -1.0), 9.0);
    // IEEE mode: a signaling NaN is not ignored but gives a quiet NaN.
    let snan = f32::from_bits(0x7f80_0001);
    assert!(f32s("v_min_f32", snan, 2.0, 0.0).is_nan());
    assert!(f32s("v_max3_f32", 1.0, 2.0, snan).is_nan());
    assert_eq!(run("v_max_f16", [0x7c01, 0x3c00, 0]) & 0x7e00, 0x7e00);
    assert_eq!(run("v_max_f16", [0x7e01, 0x3c00, 0]), 0x3c00);
}

#[test]
fn legacy_multiply_treats_zero_as_absorbing() {
    assert_eq!(f32s("v_mul_legacy_f32", 0.0, f32::INFINITY, 0.0), 0.0);
    assert_eq!(f32s("v_mul_legacy_f32", f32::NAN, 0.0, 0.0), 0.0);
    assert_eq!(f32s("v_mad_legacy_f32", 0.0, f32::NAN, 2.5), 2.5);
    assert!(f32s("v_mul_f32", 0.0, f32::INFINITY, 0.0).is_nan());
}

#[test]
fn input_and_output_modifiers() {
    let bits = |v: f32| v.to_bits() as u64;
    let with = |name: &str, a: f32, b: f32, mods: VopModifiers| {
        f32::from_bits(run_with(name, [bits(a), bits(b), 0], mods, IEEE, false).0 as u32)
    };
    let m = |neg, abs, clamp, omod| VopModifiers {
        neg,
        abs,
        sext: 0,
        clamp,
        omod,
    };
    // abs first, then neg: -|−3| + 1 = −2.
    assert_eq!(with("v_add_f32", -3.0, 1.0, m(1, 1, false, 0)), -2.0);
    assert_eq!(with("v_add_f32", -3.0, 1.0, m(2, 0, false, 0)), -4.0);
    assert_eq!(with("v_mul_f32", 3.0, 1.0, m(0, 0, false, 1)), 6.0);
    assert_eq!(with("v_mul_f32", 3.0, 1.0, m(0, 0, false, 2)), 12.0);
    assert_eq!(with("v_mul_f32", 3.0, 1.0, m(0, 0, false, 3)), 1.5);
    assert_eq!(with("v_mul_f32", 3.0, 1.0, m(0, 0, true, 0)), 1.0);
    assert_eq!(with("v_mul_f32", -3.0, 1.0, m(0, 0, true, 0)), 0.0);
    assert_eq!(with("v_mul_f32", 0.25, 1.0, m(0, 0, true, 1)), 0.5);
    assert_eq!(with("v_add_f32", f32::NAN, 1.0, m(0, 0, true, 0)), 0.0);
    assert!(with("v_mul_f32", -0.0, 1.0, m(0, 0, true, 0)).is_sign_positive());
    // f64 and f16 flip their own sign bits.
    let neg0 = VopModifiers {
        neg: 1,
        ..Default::default()
    };
    let d = run_with("v_add_f64", [2.0f64.to_bits(), 0, 0], neg0, IEEE, false).0;
    assert_eq!(f64::from_bits(d), -2.0);
    let h = run_with("v_add_f16", [0x3c00, 0x3c00, 0], neg0, IEEE, false).0;
    assert_eq!(h, 0x0000, "-1 + 1 in f16");
    // Integer ops ignore neg; v_cndmask applies it to the sign bit.
    assert_eq!(run_with("v_add_u32", [5, 7, 0], neg0, IEEE, false).0, 12);
    let abs1 = VopModifiers {
        abs: 2,
        ..Default::default()
    };
    assert_eq!(
        run_with("v_cndmask_b32", [1, bits(-2.0), 0], abs1, IEEE, true).0,
        bits(2.0)
    );
    assert_eq!(
        run_with("v_cndmask_b32", [1, bits(-2.0), 0], abs1, IEEE, false).0,
        1
    );
}

#[test]
fn f32_denormals_follow_the_mode() {
    let tiny = f32::from_bits(0x0000_0100);
    let run_mode = |name: &str, a: f32, b: f32, mode| {
        f32::from_bits(
            run_with(
                name,
                [a.to_bits() as u64, b.to_bits() as u64, 0],
                Default::default(),
                mode,
                false,
            )
            .0 as u32,
        )
    };
    assert_eq!(run_mode("v_add_f32", tiny, 0.0, IEEE), tiny);
    assert_eq!(run_mode("v_add_f32", tiny, 0.0, FLUSH_F32), 0.0);
    assert!(run_mode("v_mul_f32", -tiny, 1.0, FLUSH_F32).is_sign_negative());
    // Output flushing: a normal × 0.5^k that lands in the denormal range.
    assert_eq!(
        run_mode("v_mul_f32", f32::MIN_POSITIVE, 0.5, IEEE),
        f32::MIN_POSITIVE / 2.0
    );
    assert_eq!(
        run_mode("v_mul_f32", f32::MIN_POSITIVE, 0.5, FLUSH_F32),
        0.0
    );
    // Moves and class tests see the bits unchanged.
    assert_eq!(
        run_with(
            "v_mov_b32",
            [0x100, 0, 0],
            Default::default(),
            FLUSH_F32,
            false
        )
        .0,
        0x100
    );
    let class = run_with(
        "v_cmp_class_f32",
        [0x100, 1 << 7, 0],
        Default::default(),
        FLUSH_F32,
        false,
    )
    .1;
    assert!(class, "positive denormal is class bit 7 even when flushing");
    // f64 is governed by its own field.
    let d = f64::from_bits(1);
    assert_eq!(
        f64::from_bits(
            run_with(
                "v_add_f64",
                [d.to_bits(), 0, 0],
                Default::default(),
                FLUSH_F32,
                false
            )
            .0
        ),
        d
    );
}

#[test]
fn fract_stays_below_one() {
    assert_eq!(f32s("v_fract_f32", 2.75, 0.0, 0.0), 0.75);
    assert_eq!(f32s("v_fract_f32", -0.25, 0.0, 0.0), 0.75);
    assert_eq!(
        f32s("v_fract_f32", -1e-30, 0.0, 0.0),
        f32::from_bits(0x3f7f_ffff)
    );
    assert!(f32s("v_fract_f32", f32::INFINITY, 0.0, 0.0).is_nan());
    assert_eq!(
        run("v_fract_f16", [0xb400, 0, 0]),
        0x3a00,
        "fract(-0.25) = 0.75"
    );
}

#[test]
fn f16_encoding_round_trips_and_rounds_ties_to_even() {
    use super::fp::{f16_to_f64, f64_to_f16};
    for h in 0..=u16::MAX {
        let v = f16_to_f64(h);
        if v.is_nan() {
            assert_eq!(f64_to_f16(v, false) & 0x7e00, 0x7e00);
            continue;
        }
        assert_eq!(f64_to_f16(v, false), h, "round trip of {h:#06x}");
        // The midpoint to the next value up rounds to the even neighbour.
        let next = h.wrapping_add(1);
        if h & 0x7fff < 0x7c00 && next & 0x7fff < 0x7c00 {
            let mid = (v + f16_to_f64(next)) / 2.0;
            let even = if h & 1 == 0 { h } else { next };
            assert_eq!(f64_to_f16(mid, false), even, "midpoint above {h:#06x}");
            assert_eq!(f64_to_f16(mid, true), h, "toward zero above {h:#06x}");
        }
    }
    assert_eq!(f64_to_f16(65520.0, false), 0x7c00, "overflow to inf");
    assert_eq!(
        f64_to_f16(-65520.0, true),
        0xfbff,
        "toward zero stops at the largest finite"
    );
    assert_eq!(
        f64_to_f16(2f64.powi(-25), false),
        0,
        "half the smallest denormal ties to 0"
    );
    assert_eq!(f64_to_f16(3.0 * 2f64.powi(-26), false), 1);
}

#[test]
fn f16_arithmetic() {
    // 1 + 2^-11 (a tie) rounds to even 1.0; 1 + 3·2^-12 rounds up.
    assert_eq!(run("v_add_f16", [0x3c00, 0x1000, 0]), 0x3c00);
    assert_eq!(run("v_mul_f16", [0x4000, 0x4200, 0]), 0x4600, "2 × 3");
    assert_eq!(run("v_mul_f16", [0x7bff, 0x4000, 0]), 0x7c00, "overflow");
    assert_eq!(
        run("v_fma_f16", [0x4000, 0x4200, 0xbc00]),
        0x4500,
        "2 × 3 − 1"
    );
    assert_eq!(
        run("v_mac_f16", [0x4000, 0x4200, 0x3c00]),
        0x4700,
        "2 × 3 + 1"
    );
    assert_eq!(
        run("v_madak_f16", [0x4000, 0x4200, 0x3c00]),
        0x4700,
        "2 × 3 + K"
    );
    assert_eq!(
        run("v_madmk_f16", [0x4000, 0x3c00, 0x4200]),
        0x4700,
        "2 × K + 1"
    );
    assert_eq!(run("v_max_f16", [0x7e00, 0xc000, 0]), 0xc000);
    assert_eq!(
        run("v_ldexp_f16", [0x3c00, (-24i32) as u32 as u64, 0]),
        0x0001
    );
    assert_eq!(
        run("v_cvt_f32_f16", [0x0001, 0, 0]),
        (2f32.powi(-24)).to_bits() as u64
    );
    assert_eq!(
        run("v_cvt_f16_u16", [65535, 0, 0]),
        0x7c00,
        "65535 rounds to inf in f16"
    );
    assert_eq!(run("v_cvt_f16_i16", [0xfffe, 0, 0]), 0xc000);
    assert_eq!(
        run("v_add_f16", [0xffff_3c00, 0x3c00, 0]),
        0x4000,
        "only the low half is read"
    );
}

#[test]
fn f16_fma_is_fused_and_correctly_rounded() {
    use super::fp::{f16_to_f64, f64_to_f16};
    // Reference: a·b + c as an exact integer in units of 2^-48 (every f16 is a multiple of
    // 2^-24), rounded to nearest even into f16 with integer arithmetic.
    let units = |h: u16| (f16_to_f64(h) * 2f64.powi(24)) as i128;
    let round_to_f16 = |sum: i128| -> u64 {
        let mag = sum.unsigned_abs();
        if mag == 0 {
            return 0;
        }
        let binade = 127 - mag.leading_zeros() as i32 - 48;
        let shift = (binade.max(-14) - 10 + 48) as u32;
        let (quotient, rest) = (mag >> shift, mag & ((1 << shift) - 1));
        let half = 1u128 << (shift - 1);
        let m = quotient + (rest > half || (rest == half && quotient & 1 == 1)) as u128;
        let value = m as f64 * 2f64.powi(shift as i32 - 48);
        f64_to_f16(if sum < 0 { -value } else { value }, false) as u64
    };
    let mut checked = 0;
    for a in (0x0001u16..0x7c00).step_by(0x1f3) {
        for b in (0x0001u16..0x7c00).step_by(0x2b7) {
            for c in [
                0x0001u16, 0x8001, 0x3c00, 0xbc01, 0x1400, 0x9400, 0x7bff, 0xfbff,
            ] {
                let want = round_to_f16(units(a) * units(b) + units(c) * (1 << 24));
                let got = run("v_fma_f16", [a as u64, b as u64, c as u64]);
                assert_eq!(got, want, "fma {a:#06x} {b:#06x} {c:#06x}");
                checked += 1;
            }
        }
    }
    assert!(checked > 1000);
}

#[test]
fn round_to_odd_fma_then_f32_rounding_equals_fused_f32() {
    use super::fp::{fma_round_to_odd, Float, F32};
    let xs = f32_samples();
    let finite: Vec<f32> = xs.iter().copied().filter(|x| x.is_finite()).collect();
    for (i, &a) in finite.iter().enumerate() {
        for &b in finite.iter().skip(i % 3).step_by(5) {
            for c in [
                finite[(i * 7) % finite.len()],
                -a * b * (1.0 + f32::EPSILON),
                2f32.powi(-60),
                -2f32.powi(-70),
            ] {
                let got = F32::round(fma_round_to_odd(a as f64, b as f64, c as f64)) as f32;
                assert!(same_f32(got, a.mul_add(b, c)), "fma {a:e} {b:e} {c:e}");
            }
        }
    }
}
