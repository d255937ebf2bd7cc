//! Transcendental conventions: revolutions, base 2, and glibc references.

use super::*;

#[test]
fn transcendental_conventions() {
    let one = |name: &str, x: f32| f32s(name, x, 0.0, 0.0);
    // Angles are in revolutions: sin(2π·x).
    assert_eq!(one("v_sin_f32", 0.25), 1.0);
    assert_eq!(one("v_sin_f32", -0.25), -1.0);
    assert_eq!(one("v_cos_f32", 0.5), -1.0);
    assert_eq!(one("v_cos_f32", 1000.0), 1.0);
    assert!((one("v_sin_f32", 1.0 / 12.0) - 0.5).abs() <= f32::EPSILON / 2.0);
    assert!(one("v_sin_f32", f32::INFINITY).is_nan());
    // Base 2.
    assert_eq!(one("v_exp_f32", 3.0), 8.0);
    assert_eq!(one("v_exp_f32", -126.0), f32::MIN_POSITIVE);
    assert_eq!(one("v_exp_f32", f32::NEG_INFINITY), 0.0);
    assert_eq!(one("v_log_f32", 1024.0), 10.0);
    assert_eq!(one("v_log_f32", 0.0), f32::NEG_INFINITY);
    assert_eq!(one("v_log_f32", -0.0), f32::NEG_INFINITY);
    assert!(one("v_log_f32", -1.0).is_nan());
    assert_eq!(one("v_rsq_f32", 16.0), 0.25);
    assert_eq!(one("v_rsq_f32", 0.0), f32::INFINITY);
    assert!(one("v_rsq_f32", -1.0).is_nan());
    assert_eq!(one("v_rcp_f32", -0.0), f32::NEG_INFINITY);
    assert_eq!(one("v_rcp_iflag_f32", 4.0), 0.25);
    // The f32 unit ignores denormals even when the mode keeps them.
    let denormal = f32::from_bits(0x0000_1000);
    assert_eq!(one("v_log_f32", denormal), f32::NEG_INFINITY);
    assert_eq!(one("v_exp_f32", denormal), 1.0);
    assert_eq!(one("v_rcp_f32", denormal), f32::INFINITY);
    assert_eq!(
        one("v_rcp_f32", f32::MAX),
        0.0,
        "a denormal reciprocal is flushed"
    );
    assert_eq!(one("v_exp_f32", -130.0), 0.0);
    assert_eq!(
        f64s("v_rcp_f64", f64::MAX, 0.0, 0.0),
        1.0 / f64::MAX,
        "f64 keeps denormals"
    );
    assert_eq!(f64s("v_rsq_f64", 0.25, 0.0, 0.0), 2.0);
    assert_eq!(f64s("v_rcp_f64", 8.0, 0.0, 0.0), 0.125);
    assert_eq!(run("v_sin_f16", [0x3400, 0, 0]), 0x3c00, "sin(2π·0.25) = 1");
    assert_eq!(run("v_exp_f16", [0x4200, 0, 0]), 0x4800, "2^3 = 8");
    assert_eq!(run("v_log_f16", [0x4800, 0, 0]), 0x4200, "log2 8 = 3");
    assert_eq!(run("v_rcp_f16", [0x4000, 0, 0]), 0x3800);
    assert_eq!(run("v_sqrt_f16", [0x4400, 0, 0]), 0x4000);
    assert_eq!(run("v_rsq_f16", [0x4400, 0, 0]), 0x3800);
}

/// Within one ulp, or 2^-24 absolute near zero (where sin/cos have an absolute error).
fn close_f32(got: f32, want: f32) -> bool {
    let ulps = (got.to_bits() as i64 - want.to_bits() as i64).abs();
    ulps <= 1 || (got - want).abs() <= 2f32.powi(-24)
}

#[test]
fn transcendentals_match_glibc_long_double_references() {
    // Produced by a C program built with clang-15 against glibc: for each f32 x, the f32
    // bits of sinl(2π·x), cosl(2π·x), exp2l(x) and log2l(|x|) evaluated in long double.
    let references: [(u32, u32, u32, u32, u32); 7] = [
        (0x3dcccccd, 0x3f167918, 0x3f4f1bbd, 0x3f892fdf, 0xc0549a78),
        (0x3e99999a, 0x3f737870, 0xbe9e377c, 0x3f9d9624, 0xbfde54e3),
        (0xbf333333, 0x3f737870, 0xbe9e377c, 0x3f1d9624, 0xbf03bb12),
        (0x3dfcd680, 0x3f334136, 0x3f36c454, 0x3f8b6f89, 0xc04125c9),
        (0x40700000, 0xbf800000, 0x21878604, 0x415744fd, 0x3ff414fe),
        (0x42c8051f, 0x3d809f57, 0x3f7f7ea0, 0x7180e3f8, 0x40d49ba7),
        (0x3a83126f, 0x3bcde2d6, 0x3f7ffeb5, 0x3f8016b9, 0xc11f73da),
    ];
    for (x, sin, cos, exp, log) in references {
        let one = |name: &str, v: u32| f32::from_bits(run(name, [v as u64, 0, 0]) as u32);
        let abs_x = x & 0x7fff_ffff;
        for (name, input, want) in [
            ("v_sin_f32", x, sin),
            ("v_cos_f32", x, cos),
            ("v_exp_f32", x, exp),
            ("v_log_f32", abs_x, log),
        ] {
            let got = one(name, input);
            let want = f32::from_bits(want);
            assert!(
                close_f32(got, want),
                "{name}({:e}) = {got:e}, want {want:e}",
                f32::from_bits(input)
            );
        }
    }
}
